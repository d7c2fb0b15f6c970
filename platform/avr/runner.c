/*
 * avr-runner: runs an AVR firmware ELF on libsimavr and speaks the runner protocol of
 * platform/hal/hal.h.
 *
 *   avr-runner --mcu atmega2560|atmega328p [--freq HZ] [--max-cycles N] [--pc-log PREFIX]
 *              [--sram zeros|ones|device] [--sram-device N] [--sram-boot N] [--sram-noise P]
 *              [--nv FILE] firmware.elf
 * --pc-log writes the program counters of each measured interval, as 32-bit words, to
 * PREFIX.<id>.<n> (n counts intervals): `cmp` on two of them finds where two runs diverge.
 * --sram sets what RAM holds at power-up (fill_sram); --nv keeps the non-volatile store of
 * platform/avr/avr_hal.h in FILE across runs (a missing FILE reads as erased, 0xFF).
 *
 * Exit code: the firmware's hal_exit code (0..123), or
 *   124  timeout: --max-cycles simulated cycles passed without hal_exit
 *   125  crash: illegal opcode, memory access outside RAM, PC outside the program, or the
 *        stack pointer below the end of .data/.bss/.noinit (stack overflow)
 *   126  the firmware stopped without hal_exit (sleep, or the endless loop avr-libc enters
 *        when main returns), or broke the marker or non-volatile store protocol
 *   127  usage error, unknown MCU, unreadable ELF, or an --nv FILE that is not the store's
 *        64 bytes or cannot be written back
 *
 * Measurements. The interval opened by hal_measure_begin starts at the instruction its `ret`
 * returns to and stops before the call/jump instruction that enters hal_measure_end
 * (platform/avr/markers.S fixes both stubs' shape): the markers' call, body and return are
 * excluded; what the caller does between them (for instance the `ldi r24, id` that passes
 * hal_measure_end its argument) is included.
 *  - cycles: simavr's cycle counter across the interval, i.e. the sum of the manual's cycle
 *    counts of the instructions executed in it (no interrupts are enabled, so nothing else
 *    runs; tests/target/avr_exact.S checks this against a hand count);
 *  - instructions: the number of instructions executed in it;
 *  - stack: the SP at the start minus the lowest SP seen after any instruction of it;
 *  - trace: 64-bit FNV-1a over the byte address of every instruction executed in it, each
 *    address hashed as 3 bytes, least significant first.
 *
 * simavr is driven one instruction at a time (avr_run_one with an exhausted cycle budget) so
 * that SP and the PC are seen after every instruction, inside and outside intervals. The
 * firmware runs without interrupts and without simavr's cycle timers (the HAL uses no
 * peripheral), which is what lets the runner call the instruction decoder directly.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sim_avr.h>
#include <sim_core.h>
#include <sim_elf.h>
#include <sim_io.h>

#include "avr_hal.h"

enum {
    RC_TIMEOUT = 124,
    RC_CRASH = 125,
    RC_STOPPED = 126,
    RC_SETUP = 127,
};

#define FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define FNV_PRIME UINT64_C(0x100000001b3)

#define OP_RET 0x9508

/* avr-gcc's ELF addresses of the data space (RAM) start here. */
#define DATA_SEGMENT 0x800000

/* What the firmware's register writes and simavr's error reports leave for the main loop. */
static struct {
    int command; /* AVR_HAL_* written to the command register, 0 if none */
    int crashed; /* simavr reported an error */
} pending;

/* The state before one instruction of an interval, kept for the last four instructions so
 * that the end can be placed before the call into hal_measure_end. */
struct snapshot {
    avr_cycle_count_t cycle;
    uint64_t hash;
    uint32_t pc;
    uint16_t min_sp;
};

struct interval {
    int open;
    uint8_t id;
    avr_cycle_count_t start_cycle;
    uint64_t instructions;
    uint64_t hash;
    uint16_t start_sp;
    uint16_t min_sp;
    struct snapshot before[4];
};

struct runner {
    avr_t *avr;
    const char *pc_log;   /* --pc-log PREFIX: each interval's PCs to PREFIX.<id>.<n> */
    FILE *pc_file;
    unsigned intervals;
    avr_cycle_count_t max_cycles;
    uint16_t stack_limit; /* lowest legal SP: a push there wrote the first byte above .noinit */
    uint32_t code_end;    /* first byte after the program in flash */
    int sp_half_written;  /* SPH written, SPL not yet: SP is no address the program uses */
    struct interval m;
    uint8_t nv[AVR_HAL_NV_BYTES]; /* the non-volatile store */
    unsigned nv_index;
};

enum sram_kind { SRAM_ZEROS, SRAM_ONES, SRAM_DEVICE };

struct sram {
    enum sram_kind kind;
    uint64_t device, boot;
    double noise;
};

static void fail(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fputs("avr-runner: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static void on_console(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)param;
    avr->data[addr] = v;
    putchar(v);
}

static void on_command(struct avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)param;
    avr->data[addr] = v;
    pending.command = v;
}

/* simavr's errors (illegal opcode, access outside RAM) are crashes; its chatter is not
 * printed, so that standard output carries only the firmware's text and @measure lines. */
static void on_log(avr_t *avr, const int level, const char *fmt, va_list ap)
{
    char msg[512];
    const char *c;
    if (level > LOG_ERROR)
        return;
    vsnprintf(msg, sizeof msg, fmt, ap);
    fflush(stdout);
    fputs("avr-runner: simavr: ", stderr);
    for (c = msg; *c != '\0'; c++) {
        if (*c == '\033') { /* drop simavr's terminal colour codes */
            while (c[1] != '\0' && c[1] != 'm')
                c++;
            if (c[1] != '\0')
                c++;
        } else {
            fputc(*c, stderr);
        }
    }
    if (avr != NULL && level == LOG_ERROR)
        pending.crashed = 1;
}

static uint16_t read_sp(const avr_t *avr)
{
    return (uint16_t)(avr->data[R_SPL] | (avr->data[R_SPH] << 8));
}

static uint16_t opcode_at(const avr_t *avr, uint32_t pc)
{
    return (uint16_t)(avr->flash[pc] | (avr->flash[pc + 1] << 8));
}

/* call, rcall, icall, eicall, jmp, rjmp, ijmp, eijmp: the ways into hal_measure_end. */
static int is_transfer(uint16_t op)
{
    return (op & 0xfe0c) == 0x940c || (op & 0xe000) == 0xc000 || (op & 0xfeef) == 0x9409;
}

/* The I/O address an OUT instruction writes, or -1 for any other instruction. */
static int out_address(uint16_t op)
{
    return (op & 0xf800) == 0xb800 ? (int)(((op >> 5) & 0x30) | (op & 0x0f)) : -1;
}

/* Runs one instruction; returns 0, or the runner's exit code if the firmware crashed. */
static int step(struct runner *r)
{
    avr_t *avr = r->avr;
    uint32_t pc = avr->pc;
    int out = out_address(opcode_at(avr, pc));
    avr->run_cycle_count = 0;
    avr->pc = avr_run_one(avr);
    if (pending.crashed || avr->state == cpu_Crashed) {
        fail("crash at PC 0x%05" PRIx32 ", cycle %" PRI_avr_cycle_count, avr->pc, avr->cycle);
        return RC_CRASH;
    }
    /* avr-gcc moves SP by 16 bits in two OUTs, SPH first, with interrupts held off between
     * them; in between, SP is the new high byte with the old low byte, up to 255 bytes from
     * any SP the program uses. Neither the peak stack nor the overflow check may see it. */
    if (out == R_SPH - 0x20) r->sp_half_written = 1;
    if (out == R_SPL - 0x20) r->sp_half_written = 0;
    if (!r->sp_half_written) {
        uint16_t sp = read_sp(avr);
        if (sp < r->stack_limit) {
            fail("stack overflow: SP 0x%04x, the stack has run into .data/.bss/.noinit (which "
                 "end at 0x%04x), at PC 0x%05" PRIx32,
                 sp, r->stack_limit, avr->pc);
            return RC_CRASH;
        }
        if (r->m.open && sp < r->m.min_sp)
            r->m.min_sp = sp;
    }
    if (avr->pc >= r->code_end) {
        fail("PC 0x%05" PRIx32 " is outside the program (which ends at 0x%05" PRIx32 ")", avr->pc,
             r->code_end);
        return RC_CRASH;
    }
    /* An instruction that jumps to itself loops forever without interrupts (avr-libc's
     * `cli; rjmp .-2` after main returns); so does sleep. */
    if (avr->pc == pc || avr->state == cpu_Sleeping) {
        fail("the firmware stopped without hal_exit at PC 0x%05" PRIx32 " (%s)", pc,
             avr->state == cpu_Sleeping ? "sleep" : "endless loop; did main return?");
        return RC_STOPPED;
    }
    return 0;
}

static int begin(struct runner *r, uint8_t id)
{
    avr_t *avr = r->avr;
    int rc;
    if (r->m.open) {
        fail("hal_measure_begin(%u) inside the interval of id %u (nesting is not supported)", id,
             r->m.id);
        return RC_STOPPED;
    }
    if (opcode_at(avr, avr->pc) != OP_RET) {
        fail("hal_measure_begin is not the stub of platform/avr/markers.S (no ret after the command)");
        return RC_STOPPED;
    }
    rc = step(r);
    if (rc != 0)
        return rc;
    r->m.open = 1;
    r->m.id = id;
    r->m.start_cycle = avr->cycle;
    r->m.instructions = 0;
    r->m.hash = FNV_OFFSET;
    r->m.start_sp = r->m.min_sp = read_sp(avr);
    if (r->pc_log != NULL) {
        char path[1024];
        snprintf(path, sizeof path, "%s.%u.%u", r->pc_log, id, r->intervals);
        r->pc_file = fopen(path, "wb");
        if (r->pc_file == NULL) {
            fail("cannot write %s", path);
            return RC_SETUP;
        }
    }
    r->intervals++;
    return 0;
}

static int end(struct runner *r, uint8_t id)
{
    /* The last three instructions were hal_measure_end's out, ldi, out; before them, the
     * instruction that entered it. */
    const struct snapshot *s = &r->m.before[(r->m.instructions - 4) & 3];
    if (!r->m.open) {
        fail("hal_measure_end(%u) without hal_measure_begin", id);
        return RC_STOPPED;
    }
    if (id != r->m.id) {
        fail("hal_measure_end(%u) closes the interval of id %u", id, r->m.id);
        return RC_STOPPED;
    }
    if (r->m.instructions < 4 || !is_transfer(opcode_at(r->avr, s->pc))) {
        fail("hal_measure_end is not the stub of platform/avr/markers.S");
        return RC_STOPPED;
    }
    printf("@measure id=%u cycles=%" PRI_avr_cycle_count " model=exact instructions=%" PRIu64
           " stack=%u trace=%016" PRIx64 "\n",
           id, s->cycle - r->m.start_cycle, r->m.instructions - 4,
           (unsigned)(r->m.start_sp - s->min_sp), s->hash);
    r->m.open = 0;
    if (r->pc_file != NULL) {
        fclose(r->pc_file);
        r->pc_file = NULL;
    }
    return 0;
}

/* Reacts to a command written by the last instruction; returns 0 to go on, or an exit code
 * plus 256 (so that exit code 0 is distinguishable from "go on"). */
static int command(struct runner *r)
{
    uint8_t arg = r->avr->data[AVR_HAL_ARG];
    int c = pending.command, rc;
    pending.command = 0;
    switch (c) {
    case AVR_HAL_BEGIN:
        rc = begin(r, arg);
        break;
    case AVR_HAL_END:
        rc = end(r, arg);
        break;
    case AVR_HAL_EXIT:
        if (r->m.open) {
            fail("hal_exit inside the interval of id %u", r->m.id);
            return 256 + RC_STOPPED;
        }
        return 256 + (arg <= AVR_HAL_EXIT_MAX ? arg : AVR_HAL_EXIT_MAX);
    case AVR_HAL_NV_SEEK:
    case AVR_HAL_NV_PUT:
    case AVR_HAL_NV_GET: {
        unsigned index = c == AVR_HAL_NV_SEEK ? arg : r->nv_index;
        if (index >= AVR_HAL_NV_BYTES) {
            fail("byte %u of the %d-byte non-volatile store", index, AVR_HAL_NV_BYTES);
            return 256 + RC_STOPPED;
        }
        if (c == AVR_HAL_NV_SEEK)
            r->nv_index = index;
        else if (c == AVR_HAL_NV_PUT)
            r->nv[r->nv_index++] = arg;
        else
            r->avr->data[AVR_HAL_ARG] = r->nv[r->nv_index++];
        return 0;
    }
    default:
        fail("unknown command %d from the firmware", c);
        return 256 + RC_STOPPED;
    }
    return rc != 0 ? 256 + rc : 0;
}

static int run(struct runner *r)
{
    avr_t *avr = r->avr;
    for (;;) {
        int rc;
        if (!r->m.open) {
            rc = step(r);
        } else {
            struct snapshot *s = &r->m.before[r->m.instructions & 3];
            uint32_t pc = avr->pc;
            s->cycle = avr->cycle;
            s->hash = r->m.hash;
            s->pc = pc;
            s->min_sp = r->m.min_sp;
            rc = step(r);
            r->m.hash = (r->m.hash ^ (pc & 0xff)) * FNV_PRIME;
            r->m.hash = (r->m.hash ^ ((pc >> 8) & 0xff)) * FNV_PRIME;
            r->m.hash = (r->m.hash ^ (pc >> 16)) * FNV_PRIME;
            r->m.instructions++;
            if (r->pc_file != NULL)
                fwrite(&pc, sizeof pc, 1, r->pc_file);
        }
        if (rc != 0)
            return rc;
        if (pending.command != 0) {
            rc = command(r);
            if (rc != 0)
                return rc - 256;
        }
        if (avr->cycle >= r->max_cycles) {
            fail("timeout: no hal_exit after %" PRI_avr_cycle_count " cycles (--max-cycles)",
                 avr->cycle);
            return RC_TIMEOUT;
        }
    }
}

/* SplitMix64 (Steele, Lea and Flood, 2014): the generator of --sram device. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = *state += UINT64_C(0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/*
 * What the n bytes of RAM hold at power-up (--sram): zeros, ones (0xFF), or `device`, a model
 * of SRAM start-up values: most cells power up to a value fixed by the chip (its fingerprint),
 * a few settle either way at each boot (the noise a random generator is seeded from).
 * platform/cortexm/runner.py computes the same (docs/targets.md):
 *  - fingerprint: SplitMix64 seeded with the device number; RAM's bytes, in address order, are
 *    its outputs' bytes, least significant first (8 bytes per output);
 *  - noise: bit k of RAM byte i is bit position 8 i + k, and each position flips with
 *    probability P at each boot, independently: from position -1, the next flip is
 *    floor(log(u) / log(1 - P)) + 1 positions further (geometric gaps), with
 *    u = ((x >> 11) + 1) 2^-53 in (0, 1] for successive outputs x of a second SplitMix64
 *    seeded with device ^ (boot + 1) 0xD1B54A32D192ED03 (mod 2^64); flips stop at the first
 *    position past the end. log is libm's, in double precision, as Python's math.log in the
 *    other runner, so that both runners flip the same bits.
 */
static void fill_sram(uint8_t *ram, size_t n, const struct sram *o)
{
    uint64_t state = o->device, x = 0;
    /* 0 for P = 0, and for a P too small to change 1 - P: no flips then. */
    double log_keep = log(1.0 - o->noise);
    int64_t pos = -1, bits = 8 * (int64_t)n;
    size_t i;
    if (o->kind != SRAM_DEVICE) {
        memset(ram, o->kind == SRAM_ONES ? 0xff : 0, n);
        return;
    }
    for (i = 0; i < n; i++) {
        if (i % 8 == 0)
            x = splitmix64(&state);
        ram[i] = (uint8_t)(x >> 8 * (i % 8));
    }
    state = o->device ^ (o->boot + 1) * UINT64_C(0xD1B54A32D192ED03);
    while (log_keep < 0) {
        double u = (double)((splitmix64(&state) >> 11) + 1) * 0x1p-53;
        double gap = log(u) / log_keep;
        if (gap >= (double)(bits - pos - 1))
            break;
        pos += (int64_t)gap + 1;
        ram[pos / 8] ^= (uint8_t)(1u << pos % 8);
    }
}

/* The first RAM address above the program's variables. simavr's loader counts .data and .bss
 * but not .noinit, which avr-libc's linker script places after .bss and which avr-libc's
 * startup code leaves as RAM powered up (tests/target/sram_dump.c keeps its dump there); the
 * script's _end follows all three. An ELF without symbols has its .data and .bss counted. */
static uint32_t variables_end(const elf_firmware_t *fw, const avr_t *avr)
{
    uint32_t end = avr->ioend + 1u + fw->datasize + fw->bsssize, i;
    for (i = 0; i < fw->symbolcount; i++) {
        const avr_symbol_t *s = fw->symbol[i];
        if (strcmp(s->symbol, "_end") == 0 && s->addr >= DATA_SEGMENT + end)
            end = s->addr - DATA_SEGMENT;
    }
    return end;
}

/* --nv FILE's store into nv, left as it is if FILE does not exist yet; 0 if FILE is unusable. */
static int load_nv(const char *path, uint8_t *nv)
{
    FILE *f = fopen(path, "rb");
    size_t n;
    int more;
    if (f == NULL) {
        if (errno == ENOENT)
            return 1;
        fail("cannot read %s: %s", path, strerror(errno));
        return 0;
    }
    n = fread(nv, 1, AVR_HAL_NV_BYTES, f);
    more = fgetc(f) != EOF;
    fclose(f);
    if (n != AVR_HAL_NV_BYTES || more) {
        fail("%s is not a non-volatile store (%d bytes)", path, AVR_HAL_NV_BYTES);
        return 0;
    }
    return 1;
}

static int save_nv(const char *path, const uint8_t *nv)
{
    FILE *f = fopen(path, "wb");
    int ok = f != NULL && fwrite(nv, 1, AVR_HAL_NV_BYTES, f) == AVR_HAL_NV_BYTES;
    if (f != NULL && fclose(f) != 0)
        ok = 0;
    if (!ok)
        fail("cannot write the non-volatile store to %s: %s", path, strerror(errno));
    return ok;
}

/* Code for the ATmega2560's 3-byte return addresses (avr6: EF_AVR_MACH 6 in the ELF header's
 * e_flags) runs on a 2-byte-PC MCU without a fault, but with wrong stack and cycle figures. */
static int same_pc_width(const char *path, const avr_t *avr)
{
    unsigned char h[40];
    FILE *f = fopen(path, "rb");
    size_t n = f != NULL ? fread(h, 1, sizeof h, f) : 0;
    if (f != NULL)
        fclose(f);
    if (n != sizeof h || memcmp(h, "\177ELF", 4) != 0)
        return 0;
    return ((h[36] & 0x7f) == 6) == (avr->address_size == 3);
}

static int usage(void)
{
    fprintf(stderr, "usage: avr-runner --mcu atmega2560|atmega328p [--freq HZ] "
                    "[--max-cycles N] [--pc-log PREFIX]\n"
                    "                  [--sram zeros|ones|device] [--sram-device N] "
                    "[--sram-boot N] [--sram-noise P]\n"
                    "                  [--nv FILE] firmware.elf\n");
    return RC_SETUP;
}

static int parse_u64(const char *s, unsigned long long *out)
{
    char *end;
    errno = 0;
    *out = strtoull(s, &end, 0);
    return errno == 0 && end != s && *end == '\0' && s[0] != '-';
}

static int parse_noise(const char *s, double *out)
{
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    return errno == 0 && end != s && *end == '\0' && *out >= 0 && *out <= 0.5;
}

int main(int argc, char **argv)
{
    const char *mcu = NULL, *elf = NULL, *nv_path = NULL;
    unsigned long long freq = 16000000, max_cycles = 1000000000ULL, device = 1, boot = 0;
    struct sram sram = {SRAM_ZEROS, 0, 0, 0.03};
    static elf_firmware_t fw;
    struct runner r;
    uint32_t end;
    int i, rc;

    memset(&r, 0, sizeof r);
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--mcu") == 0 && i + 1 < argc) {
            mcu = argv[++i];
        } else if (strcmp(argv[i], "--freq") == 0 && i + 1 < argc) {
            if (!parse_u64(argv[++i], &freq) || freq == 0 || freq > UINT32_MAX)
                return usage();
        } else if (strcmp(argv[i], "--max-cycles") == 0 && i + 1 < argc) {
            if (!parse_u64(argv[++i], &max_cycles) || max_cycles == 0)
                return usage();
        } else if (strcmp(argv[i], "--pc-log") == 0 && i + 1 < argc) {
            r.pc_log = argv[++i];
        } else if (strcmp(argv[i], "--sram") == 0 && i + 1 < argc) {
            const char *kind = argv[++i];
            if (strcmp(kind, "zeros") == 0)
                sram.kind = SRAM_ZEROS;
            else if (strcmp(kind, "ones") == 0)
                sram.kind = SRAM_ONES;
            else if (strcmp(kind, "device") == 0)
                sram.kind = SRAM_DEVICE;
            else
                return usage();
        } else if (strcmp(argv[i], "--sram-device") == 0 && i + 1 < argc) {
            if (!parse_u64(argv[++i], &device))
                return usage();
        } else if (strcmp(argv[i], "--sram-boot") == 0 && i + 1 < argc) {
            if (!parse_u64(argv[++i], &boot))
                return usage();
        } else if (strcmp(argv[i], "--sram-noise") == 0 && i + 1 < argc) {
            if (!parse_noise(argv[++i], &sram.noise))
                return usage();
        } else if (strcmp(argv[i], "--nv") == 0 && i + 1 < argc) {
            nv_path = argv[++i];
        } else if (argv[i][0] != '-' && elf == NULL) {
            elf = argv[i];
        } else {
            return usage();
        }
    }
    if (mcu == NULL || elf == NULL)
        return usage();
    sram.device = device;
    sram.boot = boot;
    memset(r.nv, 0xff, sizeof r.nv); /* erased, as a new part's EEPROM */
    if (nv_path != NULL && !load_nv(nv_path, r.nv))
        return RC_SETUP;

    avr_global_logger_set(on_log);
    r.avr = avr_make_mcu_by_name(mcu);
    if (r.avr == NULL) {
        fail("unknown MCU '%s'", mcu);
        return RC_SETUP;
    }
    if (elf_read_firmware(elf, &fw) != 0) {
        fail("cannot load %s", elf);
        return RC_SETUP;
    }
    avr_init(r.avr);
    if (fw.flashsize == 0 || fw.flashsize > r.avr->flashend + 1) {
        fail("%s: %" PRIu32 " bytes of program do not fit the %" PRIu32 " bytes of %s flash", elf,
             fw.flashsize, r.avr->flashend + 1, mcu);
        return RC_SETUP;
    }
    end = variables_end(&fw, r.avr);
    if (end > r.avr->ramend + 1u) {
        fail("%s: %" PRIu32 " bytes of .data, .bss and .noinit do not fit the RAM of %s", elf,
             end - r.avr->ioend - 1u, mcu);
        return RC_SETUP;
    }
    if (!same_pc_width(elf, r.avr)) {
        fail("%s was not compiled for %s (-mmcu=%s)", elf, mcu, mcu);
        return RC_SETUP;
    }
    r.avr->frequency = (uint32_t)freq;
    avr_load_firmware(r.avr, &fw);
    fill_sram(r.avr->data + r.avr->ioend + 1, r.avr->ramend - r.avr->ioend, &sram);
    r.max_cycles = max_cycles;
    r.code_end = fw.flashsize;
    r.stack_limit = (uint16_t)(end - 1u);
    avr_register_io_write(r.avr, AVR_HAL_CONSOLE, on_console, NULL);
    avr_register_io_write(r.avr, AVR_HAL_COMMAND, on_command, NULL);
    r.avr->state = cpu_Running;

    rc = run(&r);
    fflush(stdout);
    if (nv_path != NULL && !save_nv(nv_path, r.nv))
        rc = RC_SETUP;
    return rc;
}

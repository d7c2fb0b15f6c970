/*
 * avr-runner: runs an AVR firmware ELF on libsimavr and speaks the runner protocol of
 * platform/hal/hal.h.
 *
 *   avr-runner --mcu atmega2560|atmega328p [--freq HZ] [--max-cycles N] [--pc-log PREFIX]
 *              firmware.elf
 * --pc-log writes the program counters of each measured interval, as 32-bit words, to
 * PREFIX.<id>.<n> (n counts intervals): `cmp` on two of them finds where two runs diverge.
 *
 * Exit code: the firmware's hal_exit code (0..123), or
 *   124  timeout: --max-cycles simulated cycles passed without hal_exit
 *   125  crash: illegal opcode, memory access outside RAM, PC outside the program, or the
 *        stack pointer below the end of .data/.bss (stack overflow)
 *   126  the firmware stopped without hal_exit (sleep, or the endless loop avr-libc enters
 *        when main returns), or broke the marker protocol
 *   127  usage error, unknown MCU or unreadable ELF
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
    uint16_t stack_limit; /* lowest legal SP: a push there wrote the first byte above .bss */
    uint32_t code_end;    /* first byte after the program in flash */
    int sp_half_written;  /* SPH written, SPL not yet: SP is no address the program uses */
    struct interval m;
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
            fail("stack overflow: SP 0x%04x, the stack has run into .data/.bss (which end at "
                 "0x%04x), at PC 0x%05" PRIx32,
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
                    "[--max-cycles N] [--pc-log PREFIX] firmware.elf\n");
    return RC_SETUP;
}

static int parse_u64(const char *s, unsigned long long *out)
{
    char *end;
    errno = 0;
    *out = strtoull(s, &end, 0);
    return errno == 0 && end != s && *end == '\0' && s[0] != '-';
}

int main(int argc, char **argv)
{
    const char *mcu = NULL, *elf = NULL;
    unsigned long long freq = 16000000, max_cycles = 1000000000ULL;
    static elf_firmware_t fw;
    struct runner r;
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
        } else if (argv[i][0] != '-' && elf == NULL) {
            elf = argv[i];
        } else {
            return usage();
        }
    }
    if (mcu == NULL || elf == NULL)
        return usage();

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
    if (r.avr->ioend + fw.datasize + fw.bsssize > r.avr->ramend) {
        fail("%s: %" PRIu32 " bytes of .data and .bss do not fit the RAM of %s", elf,
             fw.datasize + fw.bsssize, mcu);
        return RC_SETUP;
    }
    if (!same_pc_width(elf, r.avr)) {
        fail("%s was not compiled for %s (-mmcu=%s)", elf, mcu, mcu);
        return RC_SETUP;
    }
    r.avr->frequency = (uint32_t)freq;
    avr_load_firmware(r.avr, &fw);
    r.max_cycles = max_cycles;
    r.code_end = fw.flashsize;
    r.stack_limit = (uint16_t)(r.avr->ioend + fw.datasize + fw.bsssize);
    avr_register_io_write(r.avr, AVR_HAL_CONSOLE, on_console, NULL);
    avr_register_io_write(r.avr, AVR_HAL_COMMAND, on_command, NULL);
    r.avr->state = cpu_Running;

    rc = run(&r);
    fflush(stdout);
    return rc;
}

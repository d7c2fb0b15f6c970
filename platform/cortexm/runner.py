#!/usr/bin/env python3
"""Runs a Cortex-M0/M3/M4 firmware ELF under Unicorn and speaks the protocol of platform/hal/hal.h.

usage: runner.py --core m0|m3|m4 [--mul32] [--timeout SECONDS] [--blocks-only] [--stats]
                 [--trace-log PREFIX] [--sram zeros|ones|device] [--sram-device N]
                 [--sram-boot N] [--sram-noise P] [--nv FILE] FIRMWARE.elf
--trace-log writes the records hashed into each measurement's trace, as 64-bit little-endian
words, to PREFIX.<id>.<n> (n counts measurements): `cmp` on two of them finds where two runs
diverge (a block start is its address; bits 40 and up tag data reads (1), writes (2), with the
access size in bits 32..39, and variable-latency instructions' cycles (3) and operands (4)).
--sram sets what RAM holds at power-up (sram_image); --nv keeps the non-volatile store of
platform/cortexm/mmio.h in FILE across runs (a missing FILE reads as erased, 0xFF).

Outside measurements the firmware runs with no hooks but the MMIO registers of
platform/cortexm/mmio.h (those of the non-volatile store are served without stopping the
emulator). A begin marker stops the emulator, installs the block and code hooks and
flushes the translation cache (cached translations would skip hooks added later); an end marker
removes them again. Between the markers the runner counts the exact instructions, the
modelled cycles (platform/cortexm/cyclemodel.py, docs/cycle-model.md), the peak stack and a 64-bit
hash of the executed blocks and accessed data addresses.

Data accesses are not seen through Unicorn's memory hooks: with a UC_HOOK_MEM_READ or
UC_HOOK_MEM_WRITE hook installed, even one that does nothing, Unicorn 2.1.4 mis-executes some
Thumb-2 code (after a backward branch to a loop whose body ends an IT block with a
conditional store, it skipped the compare at the loop head, so stores went missing), and the
measured code computed wrong results. Instead every load and store instruction gets a code
hook, which computes its addresses from its registers before it executes (cyclemodel.Access).

Exit code (as platform/avr/runner.c): the firmware's hal_exit code (0..123; others give 123), or
  124  timeout: --timeout seconds passed without hal_exit
  125  crash: illegal instruction, exception, access to unmapped or read-only memory, or the
       stack below __stack_limit (the end of .noinit) inside a measurement
  126  main returned without hal_exit, or the firmware broke the marker or non-volatile store
       protocol
  127  usage error, unreadable ELF, or an --nv FILE that is not the store's 64 bytes or cannot
       be written back
"""
import argparse
import array
import ctypes
import hashlib
import math
import os
import struct
import sys
import time

from capstone import CS_ARCH_ARM, CS_MODE_MCLASS, CS_MODE_THUMB, Cs
from elftools.common.exceptions import ELFError
from elftools.elf.elffile import ELFFile
from unicorn import (UC_ARCH_ARM, UC_HOOK_BLOCK, UC_HOOK_CODE, UC_MODE_THUMB,
                     UC_PROT_EXEC, UC_PROT_READ, UC_PROT_WRITE, Uc, UcError)
from unicorn import arm_const as uca

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cyclemodel  # noqa: E402  (lives beside this file)

# The memory map of platform/cortexm/cortexm.ld and the registers of platform/cortexm/mmio.h.
FLASH_BASE, FLASH_SIZE = 0x00000000, 1 << 20
RAM_BASE, RAM_SIZE = 0x20000000, 256 << 10
MMIO_BASE, MMIO_SIZE = 0x40000000, 0x1000
MMIO_PUTC, MMIO_BEGIN, MMIO_END, MMIO_EXIT, MMIO_FAULT, MMIO_RETURNED = 0, 4, 8, 12, 16, 20
MMIO_NV_INDEX, MMIO_NV_DATA = 24, 28
NV_BYTES = 64  # platform/hal/hal.h's HAL_NV_BYTES

EXIT_MAX, EXIT_TIMEOUT, EXIT_CRASH, EXIT_STOPPED, EXIT_SETUP = 123, 124, 125, 126, 127

CPU_MODELS = {'m0': uca.UC_CPU_ARM_CORTEX_M0, 'm3': uca.UC_CPU_ARM_CORTEX_M3,
              'm4': uca.UC_CPU_ARM_CORTEX_M4}
EXCEPTION_NAMES = {2: 'NMI', 3: 'HardFault', 4: 'MemManage', 5: 'BusFault', 6: 'UsageFault',
                   11: 'SVCall', 12: 'DebugMonitor', 14: 'PendSV', 15: 'SysTick'}

# Trace records: a block start is its address; other records carry a tag above bit 40.
TAG_READ, TAG_WRITE, TAG_LATENCY, TAG_OPERAND = 1 << 40, 2 << 40, 3 << 40, 4 << 40
TRACE_FLUSH = 1 << 20
# Unicorn tests the address range of every code hook on every instruction that has one (some
# 10 ns a hook), and a call into Python costs some 50 times that: two runs of hooked
# instructions share one hook when at most 1/HOOK_GAP_RATIO of the hooked instructions' number
# of unhooked ones lie between them (the callback returns at once on those).
HOOK_GAP_RATIO = 50

UC_REG = {name: getattr(uca, 'UC_ARM_REG_' + name.upper())
          for name in ['r%d' % n for n in range(13)] + ['sp', 'lr', 'pc']}
UC_REG.update({'sb': uca.UC_ARM_REG_R9, 'sl': uca.UC_ARM_REG_R10, 'fp': uca.UC_ARM_REG_R11,
               'ip': uca.UC_ARM_REG_R12})


def register_reader(uc):
    """A fast uc.reg_read for 32-bit registers: the binding's own spends microseconds choosing
    the register's type on every call, which is most of the time of a block hook."""
    try:
        from unicorn.unicorn_py3.unicorn import uclib
        read, handle = uclib.uc_reg_read, uc._uch
    except (ImportError, AttributeError):  # another binding: the slow path
        return uc.reg_read
    value = ctypes.c_uint64()
    ref = ctypes.byref(value)

    def reg_read(reg):
        read(handle, reg, ref)
        return value.value & 0xFFFFFFFF
    return reg_read


def hook_adder(uc, kind, callback, hook_error, wanted=None):
    """A function add(begin, end) that installs a hook of kind (UC_HOOK_CODE or
    UC_HOOK_BLOCK) on begin..end (inclusive) calling callback(address, size), on every
    instruction or block or, if wanted is given, only on the addresses in wanted; add returns a
    function removing the hook.

    Where the binding allows, the hook is a ctypes trampoline of its own: the binding's
    wrappers would more than double the cost of a call, and the runner's hooks run on every
    block and on every instruction of the code hooks' ranges. The trampoline catches what
    callback raises, stops the emulator and keeps the exception in hook_error[0], for the
    caller of emu_start to raise (a list of one element, which hooks may share); with the
    binding's own hook_add, emu_start raises it itself."""
    try:
        from unicorn.unicorn_py3.unicorn import uclib
        handle = uc._uch
    except (ImportError, AttributeError):  # another binding: the slow path
        def add_slow(begin, end):
            def slow(_uc, address, size, _data):
                if wanted is None or address in wanted:
                    callback(address, size)
            h = uc.hook_add(kind, slow, None, begin, end)
            return lambda: uc.hook_del(h)
        return add_slow

    def trampoline(_handle, address, size, _data):
        if wanted is not None and address not in wanted:
            return
        try:
            callback(address, size)
        except BaseException as e:  # noqa: B036  (it must not unwind into C)
            if hook_error[0] is None:
                hook_error[0] = e
            uclib.uc_emu_stop(handle)

    # uc_cb_hookcode_t, for blocks too: void (uc_engine *, uint64_t address, uint32_t size,
    # void *user_data)
    fptr = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint32,
                            ctypes.c_void_p)(trampoline)

    def add(begin, end):
        h = ctypes.c_size_t()  # uc_hook
        err = uclib.uc_hook_add(handle, ctypes.byref(h), kind, fptr, None,
                                ctypes.c_uint64(begin), ctypes.c_uint64(end))
        if err:
            raise UcError(err)
        return lambda: uclib.uc_hook_del(handle, h)
    return add


class Stop(Exception):
    """Ends the run with exit code `code` and a message for standard error."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def crash(message):
    return Stop(EXIT_CRASH, 'crash: ' + message)


def protocol(message):
    return Stop(EXIT_STOPPED, message)


MASK64 = (1 << 64) - 1


def splitmix64(state):
    """The outputs of SplitMix64 (Steele, Lea and Flood, 2014) from state: the generator of
    --sram device."""
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def sram_image(kind, size, device, boot, noise):
    """What the size bytes of RAM hold at power-up (--sram), or None for zeros (as Unicorn maps
    it): zeros, ones (0xFF), or `device`, a model of SRAM start-up values: most cells power up
    to a value fixed by the chip (its fingerprint), a few settle either way at each boot (the
    noise a random generator is seeded from). platform/avr/runner.c computes the same
    (docs/targets.md):
     - fingerprint: SplitMix64 seeded with the device number; RAM's bytes, in address order,
       are its outputs' bytes, least significant first (8 bytes per output);
     - noise: bit k of RAM byte i is bit position 8 i + k, and each position flips with
       probability P at each boot, independently: from position -1, the next flip is
       floor(log(u) / log(1 - P)) + 1 positions further (geometric gaps), with
       u = ((x >> 11) + 1) 2^-53 in (0, 1] for successive outputs x of a second SplitMix64
       seeded with device ^ (boot + 1) 0xD1B54A32D192ED03 (mod 2^64); flips stop at the first
       position past the end. math.log is the C library's log, in double precision, as in the
       other runner, so that both runners flip the same bits."""
    if kind == 'zeros':
        return None
    if kind == 'ones':
        return b'\xff' * size
    outputs = splitmix64(device)
    words = [next(outputs) for _ in range((size + 7) // 8)]
    ram = bytearray(struct.pack('<%dQ' % len(words), *words)[:size])
    outputs = splitmix64(device ^ ((boot + 1) * 0xD1B54A32D192ED03 & MASK64))
    # 0 for P = 0, and for a P too small to change 1 - P: no flips then.
    log_keep = math.log(1.0 - noise)
    pos, bits = -1, 8 * size
    while log_keep < 0:
        gap = math.log(((next(outputs) >> 11) + 1) * 2.0 ** -53) / log_keep
        if gap >= bits - pos - 1:
            break
        pos += int(gap) + 1
        ram[pos >> 3] ^= 1 << (pos & 7)
    return bytes(ram)


def load_nv(path):
    """The non-volatile store from --nv FILE, erased (0xFF) if FILE does not exist yet."""
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except FileNotFoundError:
        return bytearray(b'\xff' * NV_BYTES)
    except OSError as e:
        raise Stop(EXIT_SETUP, 'cannot read %s: %s' % (path, e.strerror))
    if len(data) != NV_BYTES:
        raise Stop(EXIT_SETUP, '%s is not a non-volatile store (%d bytes)' % (path, NV_BYTES))
    return bytearray(data)


class Firmware:
    """The ELF: loadable segments, Thumb code regions and the symbols the runner needs."""

    def __init__(self, path):
        with open(path, 'rb') as f:
            elf = ELFFile(f)
            self.segments = [(seg['p_paddr'], seg.data()) for seg in elf.iter_segments()
                             if seg['p_type'] == 'PT_LOAD' and seg['p_filesz']]
            self.functions = []
            self.symbols = {}
            mapping = []
            sections = {}
            for sec in elf.iter_sections():
                if sec['sh_flags'] & 0x4:  # SHF_EXECINSTR
                    sections[elf.get_section_index(sec.name)] = (sec['sh_addr'], sec['sh_size'])
            symtab = elf.get_section_by_name('.symtab')
            if symtab is None:
                raise Stop(EXIT_SETUP, '%s has no symbol table' % path)
            for sym in symtab.iter_symbols():
                value = sym['st_value']
                if sym.name in ('$t', '$d', '$a') or sym.name.startswith(('$t.', '$d.')):
                    if sym['st_shndx'] in sections:
                        mapping.append((value, sym.name[1]))
                elif sym['st_info']['type'] == 'STT_FUNC':
                    self.functions.append((value & ~1, sym['st_size'], sym.name))
                    self.symbols[sym.name] = (value & ~1, sym['st_size'])
                elif sym.name:
                    self.symbols.setdefault(sym.name, (value, sym['st_size']))
        self.functions.sort()
        # Thumb code regions: from each $t to the next mapping symbol or the section's end.
        self.code_regions = []
        mapping.sort()
        ends = sorted(a + s for a, s in sections.values())
        for n, (addr, kind) in enumerate(mapping):
            if kind != 't':
                continue
            end = min([e for e in ends if e > addr] or [addr])
            if n + 1 < len(mapping):
                end = min(end, mapping[n + 1][0])
            if end > addr:
                self.code_regions.append((addr, end))

    def where(self, addr):
        best = None
        for start, size, name in self.functions:
            if start <= addr < start + max(size, 2):
                best = '%s+0x%x' % (name, addr - start)
        return '0x%08x%s' % (addr, ' (%s)' % best if best else '')

    def marker_ranges(self):
        ranges = []
        for name in ('hal_measure_begin', 'hal_measure_end'):
            if name in self.symbols:
                start, size = self.symbols[name]
                ranges.append((start, start + max(size, 2)))
        return ranges


class Measurement:
    def __init__(self, ident, log):
        self.ident = ident
        self.log = log
        self.instructions = 0
        self.cycles = 0
        self.varlat = 0
        self.sp0 = None
        self.min_sp = None
        self.trace = array.array('Q')
        self.hash = hashlib.blake2b(digest_size=8)

    def flush_trace(self):
        data = self.trace.tobytes()
        self.hash.update(data)
        if self.log is not None:
            self.log.write(data)
        del self.trace[:]


class Runner:
    def __init__(self, fw, core, mul32, blocks_only, trace_log=None, sram=None, nv=None):
        self.fw = fw
        self.trace_log = trace_log
        self.measurements = 0
        self.model = cyclemodel.Model(core, mul32)
        self.blocks_only = blocks_only
        # Without UC_MODE_MCLASS: with it, Unicorn 2.1.4 emulates a Cortex-M33 whatever model
        # is set, so an M0 would run Thumb-2 and an M3 UMAAL. In Thumb mode with the core's
        # model, Unicorn enforces that core's instruction set (tests/check-cortexm-runner.sh
        # proves it with an M0 firmware holding a Thumb-2 instruction).
        self.uc = uc = Uc(UC_ARCH_ARM, UC_MODE_THUMB)
        uc.ctl_set_cpu_model(CPU_MODELS[core])
        uc.mem_map(FLASH_BASE, FLASH_SIZE, UC_PROT_READ | UC_PROT_EXEC)
        uc.mem_map(RAM_BASE, RAM_SIZE, UC_PROT_READ | UC_PROT_WRITE)
        if sram is not None:
            uc.mem_write(RAM_BASE, sram)
        for addr, data in fw.segments:
            if not (FLASH_BASE <= addr and addr + len(data) <= FLASH_BASE + FLASH_SIZE):
                raise Stop(EXIT_SETUP, 'a segment at 0x%x is outside flash' % addr)
            uc.mem_write(addr, data)
        uc.mmio_map(MMIO_BASE, MMIO_SIZE, self._mmio_read, None, self._mmio_write, None)
        self.reg_read = register_reader(uc)
        self.cs = Cs(CS_ARCH_ARM, CS_MODE_THUMB | CS_MODE_MCLASS)
        self.cs.detail = True

        self.insns = {}  # address -> cyclemodel.Insn, from a sweep of the Thumb code regions
        for start, end in fw.code_regions:
            self._decode_region(start, end)
        # The code hooks: the instructions whose execution changes the cycles (Insn.hook) and,
        # unless blocks_only, every instruction that accesses data, with its access compiled.
        self.accesses = {}
        if not blocks_only:
            for addr, insn in self.insns.items():
                if insn.mem is not None:
                    self.accesses[addr] = self._compile_access(insn)
        self.hooked = sorted(a for a, i in self.insns.items() if i.hook or a in self.accesses)
        self.code = {a: (self.insns[a], self.accesses.get(a)) for a in self.hooked}
        self.hook_ranges = self._ranges(self.hooked)
        self.hook_error = [None]  # what a hook raised, for run() to raise
        self.add_code_hook = hook_adder(uc, UC_HOOK_CODE, self._on_code, self.hook_error,
                                        self.code)
        self.add_block_hook = hook_adder(uc, UC_HOOK_BLOCK, self._on_block, self.hook_error)
        self.markers = fw.marker_ranges()
        self.stack_limit = fw.symbols.get('__stack_limit', (RAM_BASE, 0))[0]

        self.blocks = {}
        self.out = sys.stdout.buffer
        self.line_start = True
        self.exit_code = None
        self.event = None  # the MMIO register whose write stopped the emulator
        self.m = None
        self.hooks = []
        self.total_instructions = 0
        self.measured_seconds = 0.0
        self.measure_started = 0.0
        self.nv = nv if nv is not None else bytearray(b'\xff' * NV_BYTES)
        self.nv_index = 0

    # -- decoding -------------------------------------------------------------------------
    def _decode_region(self, start, end):
        code = bytes(self.uc.mem_read(start, end - start))
        addr = start
        it_left = 0
        decoded = []
        while addr < end:
            for ci in self.cs.disasm(code[addr - start:], addr):
                in_it = it_left > 0
                it_left = it_left - 1 if in_it else 0
                insn = self.model.insn(ci, in_it, ci.cc)
                self.insns[ci.address] = insn
                decoded.append(insn)
                if insn.name == 'it':
                    it_left = cyclemodel.it_slots(ci)
                addr = ci.address + ci.size
            if addr < end:
                addr += 2  # an undecodable halfword (data in a code region): resynchronise
                it_left = 0
        for prev, insn in zip(decoded, decoded[1:]):
            self.model.plan_hook(prev, insn)
        if decoded:
            self.model.plan_hook(decoded[-1], None)

    @staticmethod
    def _compile_access(insn):
        """What the code hook needs of insn.mem, as a tuple: (record tag and size, base and
        index Unicorn registers or None, shift, displacement, size, count, write, error)."""
        acc = insn.mem
        if acc.unsupported:
            return (0, None, None, 0, 0, 1, 1, False, acc.unsupported)
        tag = TAG_WRITE if acc.write else TAG_READ
        return (tag | acc.size << 32, UC_REG[acc.base] if acc.base else None,
                UC_REG[acc.index] if acc.index else None, acc.shift, acc.disp, acc.size,
                acc.count, acc.write, None)

    def _ranges(self, addrs):
        """The (first, last) address ranges of the code hooks covering addrs (sorted)."""
        pos = {a: n for n, a in enumerate(sorted(self.insns))}
        gap = len(addrs) // HOOK_GAP_RATIO
        ranges = []
        for a in addrs:
            if ranges and pos[a] - pos[ranges[-1][1]] - 1 <= gap:
                ranges[-1][1] = a
            else:
                ranges.append([a, a])
        return [tuple(r) for r in ranges]

    def _insn_at(self, addr):
        insn = self.insns.get(addr)
        if insn is None:  # code outside the mapped regions: decode it alone
            ci = next(self.cs.disasm(bytes(self.uc.mem_read(addr, 4)), addr, 1), None)
            if ci is None:
                raise crash('undecodable instruction at %s' % self.fw.where(addr))
            insn = self.insns[addr] = self.model.insn(ci, False, None)
        return insn

    def _block(self, addr, size):
        insns = []
        a = addr
        while a < addr + size:
            insn = self._insn_at(a)
            insns.append(insn)
            a += insn.size
        marker = any(lo <= addr < hi for lo, hi in self.markers)
        if not marker and not self.blocks_only:
            for insn in insns:
                if insn.mem is not None and insn.addr not in self.accesses:
                    # Decoded apart from the sweep of the code regions: it has no code hook.
                    raise crash('data access by %s at %s, outside the Thumb code regions'
                                % (insn.text, self.fw.where(insn.addr)))
        return cyclemodel.Block(addr, size, insns, marker, self.model)

    # -- hooks (installed only while a measurement is open) ---------------------------------
    def _on_block(self, addr, size):
        m = self.m
        cur = self.cur
        if cur is not None:  # cur's execution just ended, going to addr: its cycles
            mask = self.mask
            key = (self.prev_addr, mask)
            cost = cur.costs.get(key)
            if cost is None:
                prev = self.insns.get(self.prev_addr) if self.prev_addr >= 0 else None
                cost = cur.costs[key] = cur.cost(prev, mask)
            if cur.term_cond and addr != cur.fall_through:
                cost += cur.taken_extra
                self.prev_addr = cur.last_addr
            elif cur.term_in_it or mask & cur.last_bit:
                self.prev_addr = -1  # a skipped instruction feeds nothing to the next one
            else:
                self.prev_addr = cur.last_addr
            m.cycles += cost + self.extra
            self.extra = 0
        blk = self.blocks.get(addr * 4096 + size)
        if blk is None:
            blk = self.blocks[addr * 4096 + size] = self._block(addr, size)
        if blk.marker:
            if cur is not None and cur.insns[-1].pc_write:
                # The branch into the end marker belongs to the marker, not to the measured code.
                last = cur.insns[-1]
                m.instructions -= 1
                m.cycles -= self.model.branch_cost(last, True)
            self.cur = None
            self.in_marker = True
            return
        self.in_marker = False
        self.cur = blk
        self.mask = blk.it_mask
        m.instructions += blk.n
        trace = m.trace
        trace.append(addr)
        if len(trace) >= TRACE_FLUSH:
            m.flush_trace()
        # The stack's low point is where a block lowers SP, or after one that set it from a
        # register; between those SP only rises, and reading it costs a call into Unicorn.
        if blk.min_sp_delta or self.sp_unknown or m.sp0 is None:
            sp = self.reg_read(uca.UC_ARM_REG_SP)
            if m.sp0 is None:
                m.sp0 = m.min_sp = sp
            low = sp + blk.min_sp_delta
            if low < m.min_sp:
                m.min_sp = low
        self.sp_unknown = blk.sp_unknown

    def _on_code(self, addr, _size):
        m = self.m
        if m is None or self.in_marker:
            return
        insn, access = self.code[addr]
        if insn.in_it:
            flags = self.reg_read(uca.UC_ARM_REG_XPSR) >> 28
            if not cyclemodel.condition_passes(insn.cond, flags):
                return
            bit = self.cur.bits.get(addr, 0) if self.cur is not None else 0
            self.mask &= ~bit
        if insn.varlat:
            a = self.reg_read(UC_REG[insn.varlat_regs[0]])
            b = self.reg_read(UC_REG[insn.varlat_regs[1]])
            latency = self.model.latency(insn, a, b)
            self.extra += latency - insn.cost
            m.varlat += 1
            m.trace.extend((TAG_LATENCY | latency, TAG_OPERAND | a, TAG_OPERAND | b))
        if access is None:
            return
        # The instruction has not executed yet: its registers still hold the address operands.
        rec, base, index, shift, disp, size, count, write, error = access
        if error:
            raise crash('%s at %s: %s, so its data accesses cannot be traced'
                        % (insn.text, self.fw.where(addr), error))
        addr = disp
        if base is not None:
            addr += self.reg_read(base)
        if index is not None:
            addr += self.reg_read(index) << shift
        addr &= 0xFFFFFFFF
        if count == 1:
            m.trace.append(rec | addr)
            if addr & (size - 1):
                m.cycles += self._unaligned(addr, size)
        else:  # LDRD, STRD, LDM, STM, PUSH, POP: words at ascending addresses
            m.trace.extend([rec | (addr + 4 * k) & 0xFFFFFFFF for k in range(count)])
            if addr & 3:
                m.cycles += count * self._unaligned(addr, 4)
        if write and self.stack_limit <= addr < m.min_sp:
            m.min_sp = addr

    def _unaligned(self, addr, size):
        if not self.model.v7:
            # Unicorn lets it pass, a real ARMv6-M faults; seen only inside measurements.
            raise crash('unaligned %d-byte access to 0x%08x (a HardFault on the Cortex-M0)'
                        % (size, addr))
        return self.model.unaligned_penalty(addr, size)

    def _install(self):
        uc = self.uc
        self.hooks = [self.add_block_hook(1, 0)]  # begin > end: every block
        for first, last in self.hook_ranges:
            self.hooks.append(self.add_code_hook(first, last))
        uc.ctl_flush_tb()

    def _uninstall(self):
        for delete in self.hooks:
            delete()
        self.hooks = []
        self.uc.ctl_flush_tb()

    # -- MMIO ---------------------------------------------------------------------------------
    def _mmio_read(self, uc, offset, size, _):
        if offset != MMIO_NV_DATA:
            return 0
        if self.nv_index >= NV_BYTES:
            self.event = (offset, None)
            uc.emu_stop()
            return 0
        self.nv_index += 1
        return self.nv[self.nv_index - 1]

    def _mmio_write(self, uc, offset, size, value, _):
        if offset == MMIO_PUTC:
            byte = value & 0xFF
            self.out.write(bytes((byte,)))
            self.line_start = byte == 10
            return
        if offset == MMIO_NV_INDEX and value < NV_BYTES:
            self.nv_index = value
            return
        if offset == MMIO_NV_DATA and self.nv_index < NV_BYTES:
            self.nv[self.nv_index] = value & 0xFF
            self.nv_index += 1
            return
        self.event = (offset, value)
        uc.emu_stop()

    # -- the run ------------------------------------------------------------------------------
    def _write_measure(self, m):
        if not self.line_start:
            self.out.write(b'\n')
        m.flush_trace()
        stack = m.sp0 - m.min_sp if m.sp0 is not None else 0
        fields = (m.ident, m.cycles, m.instructions, stack, m.hash.hexdigest(), m.varlat)
        line = ('@measure id=%d cycles=%d model=modelled instructions=%d stack=%d trace=%s '
                'varlat=%d\n' % fields)
        self.out.write(line.encode())
        self.line_start = True
        if m.log is not None:
            m.log.close()
        if m.min_sp is not None and m.min_sp < self.stack_limit:
            raise crash('stack overflow: the stack reached 0x%08x, below the end of .bss and '
                        '.noinit 0x%08x' % (m.min_sp, self.stack_limit))

    def _event(self, offset, value, pc):
        """Acts on a marker or exit write; returns the address to resume at, or None to stop."""
        # Unicorn stops on the store that wrote the register, after its effect: skip it.
        store = self._insn_at(pc)
        resume = pc + store.size if store.name in cyclemodel.STORES1 else pc
        if offset == MMIO_BEGIN:
            if self.m is not None:
                raise protocol('hal_measure_begin(%d) while measurement %d is open'
                               % (value & 0xFF, self.m.ident))
            ident = value & 0xFF
            log = None
            if self.trace_log:
                log = open('%s.%d.%d' % (self.trace_log, ident, self.measurements), 'wb')
            self.measurements += 1
            self.m = Measurement(ident, log)
            self.cur = None
            self.prev_addr = -1
            self.mask = 0
            self.extra = 0
            self.in_marker = True
            self.sp_unknown = False
            self._install()
            self.measure_started = time.perf_counter()
            return resume
        if offset == MMIO_END:
            m = self.m
            if m is None or m.ident != value & 0xFF:
                raise protocol('hal_measure_end(%d) without its hal_measure_begin' % (value & 0xFF))
            self._uninstall()
            self.measured_seconds += time.perf_counter() - self.measure_started
            self.total_instructions += m.instructions
            self.m = None
            self._write_measure(m)
            return resume
        if offset == MMIO_EXIT:
            code = value - (1 << 32) if value & 0x80000000 else value
            if not 0 <= code <= EXIT_MAX:
                self.out.flush()
                print('runner: hal_exit(%d) is out of range 0..%d; exiting %d'
                      % (code, EXIT_MAX, EXIT_MAX), file=sys.stderr)
                code = EXIT_MAX
            self.exit_code = code
            if self.m is not None:
                self.out.flush()
                print('runner: hal_exit with measurement %d still open: not reported'
                      % self.m.ident, file=sys.stderr)
            return None
        if offset == MMIO_FAULT:  # should Unicorn deliver an exception to the vector table
            exc = value & 0x1FF
            raise crash('%s (exception %d)' % (EXCEPTION_NAMES.get(exc, 'exception'), exc))
        if offset == MMIO_RETURNED:
            raise protocol('main returned %d without calling hal_exit' % value)
        if offset in (MMIO_NV_INDEX, MMIO_NV_DATA):
            index = value if offset == MMIO_NV_INDEX else self.nv_index
            raise protocol('byte %d of the %d-byte non-volatile store' % (index, NV_BYTES))
        raise protocol('write of 0x%x to unknown register 0x%08x' % (value, MMIO_BASE + offset))

    def run(self, timeout):
        uc = self.uc
        sp, pc = struct.unpack('<II', uc.mem_read(FLASH_BASE, 8))
        uc.reg_write(uca.UC_ARM_REG_SP, sp)
        deadline = time.monotonic() + timeout
        while True:
            self.event = None
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            try:
                uc.emu_start(pc | 1, 0xFFFFFFFE, timeout=int(left * 1e6))
            except UcError as e:
                pc = uc.reg_read(uca.UC_ARM_REG_PC)
                raise crash('%s at %s' % (e, self.fw.where(pc)))
            if self.hook_error[0] is not None:  # raised in a hook
                error, self.hook_error[0] = self.hook_error[0], None
                raise error
            pc = uc.reg_read(uca.UC_ARM_REG_PC)
            if self.event is None:
                if time.monotonic() >= deadline:
                    raise TimeoutError
                raise crash('the emulator stopped at %s' % self.fw.where(pc))
            pc = self._event(self.event[0], self.event[1], pc)
            if pc is None:
                return self.exit_code


class Parser(argparse.ArgumentParser):
    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(EXIT_SETUP, '%s: error: %s\n' % (self.prog, message))


def unsigned64(text):
    value = int(text, 0)
    if not 0 <= value <= MASK64:
        raise ValueError(text)
    return value


def probability(text):
    value = float(text)
    if not 0 <= value <= 0.5:
        raise ValueError(text)
    return value


def main():
    ap = Parser(description=__doc__.split('\n')[0])
    ap.add_argument('--core', choices=sorted(CPU_MODELS), required=True)
    ap.add_argument('--mul32', action='store_true',
                    help='Cortex-M0 built with the small 32-cycle multiplier')
    ap.add_argument('--timeout', type=float, default=600.0, help='seconds (default 600)')
    ap.add_argument('--blocks-only', action='store_true',
                    help='no data-access tracking: faster; the trace covers executed blocks '
                         'only, the stack is seen at block boundaries, unaligned accesses cost '
                         'nothing')
    ap.add_argument('--stats', action='store_true',
                    help='print the emulation speed inside measurements on standard error')
    ap.add_argument('--trace-log', metavar='PREFIX',
                    help='write each measurement\'s trace records to PREFIX.<id>.<n>')
    ap.add_argument('--sram', choices=('zeros', 'ones', 'device'), default='zeros',
                    help='what RAM holds at power-up (default zeros; device: a modelled '
                         'chip\'s SRAM, docs/targets.md)')
    ap.add_argument('--sram-device', type=unsigned64, default=1, metavar='N',
                    help='--sram device: the chip (default 1)')
    ap.add_argument('--sram-boot', type=unsigned64, default=0, metavar='N',
                    help='--sram device: the power-up (default 0)')
    ap.add_argument('--sram-noise', type=probability, default=0.03, metavar='P',
                    help='--sram device: the probability that a bit flips at a power-up, '
                         '0..0.5 (default 0.03)')
    ap.add_argument('--nv', metavar='FILE',
                    help='keep the non-volatile store in FILE (%d bytes) across runs' % NV_BYTES)
    ap.add_argument('elf')
    args = ap.parse_args()
    if args.mul32 and args.core != 'm0':
        ap.error('--mul32 applies to --core m0 only')
    runner = None
    try:
        try:
            firmware = Firmware(args.elf)
        except (OSError, ELFError) as e:
            raise Stop(EXIT_SETUP, 'cannot read %s: %s' % (args.elf, e))
        nv = load_nv(args.nv) if args.nv is not None else None
        sram = sram_image(args.sram, RAM_SIZE, args.sram_device, args.sram_boot,
                          args.sram_noise)
        runner = Runner(firmware, args.core, args.mul32, args.blocks_only, args.trace_log,
                        sram, nv)
        code = runner.run(args.timeout)
    except Stop as e:
        if runner is not None:
            runner.out.flush()
        print('runner: %s' % e, file=sys.stderr)
        code = e.code
    except TimeoutError:
        if runner is not None:
            runner.out.flush()
        print('runner: timeout after %g s' % args.timeout, file=sys.stderr)
        code = EXIT_TIMEOUT
    else:
        runner.out.flush()
        if args.stats and runner.measured_seconds > 0:
            print('runner: %d measured instructions in %.2f s: %.0f instructions/s'
                  % (runner.total_instructions, runner.measured_seconds,
                     runner.total_instructions / runner.measured_seconds), file=sys.stderr)
    # However the run ended, as a real part's EEPROM or flash keeps what was written.
    if runner is not None and args.nv is not None:
        try:
            with open(args.nv, 'wb') as f:
                f.write(runner.nv)
        except OSError as e:
            print('runner: cannot write the non-volatile store to %s: %s'
                  % (args.nv, e.strerror), file=sys.stderr)
            code = EXIT_SETUP
    return code


if __name__ == '__main__':
    sys.exit(main())

"""The modelled cycle counts of the Cortex-M0, M3 and M4 (docs/cycle-model.md explains them).

Figures come from the processors' Technical Reference Manuals, zero wait states:
  M0: ARM DDI 0432C, section 3.3, Table 3-1 (instruction set summary);
  M3: ARM DDI 0337I, section 3.3, Table 3-1 and the load/store timing rules after it;
  M4: ARM DDI 0439B, section 3.3, Table 3-1 and section 3.3.2 (load/store timings).
The pipeline refill P of a taken branch is 2 on the M3 and M4 (the TRMs give 1 to 3).

A block's cost is computed once per (block, preceding instruction, skipped-instruction mask)
by the runner; what depends on data (taken branches, M3 long multiplies, divides, unaligned
accesses) is added while the block runs.
"""
from capstone import arm_const as csa

M0, M3, M4 = 'm0', 'm3', 'm4'
REFILL = 2

# Instruction kinds.
LS1 = 1    # single load or store: LDR*, STR*, LDREX*, STREX*
LSM = 2    # other memory access: LDRD/STRD, LDM/STM, PUSH/POP, TBB/TBH
DP = 3     # data processing: writes general registers without accessing memory or the PC
OTHER = 4  # branches, IT, hints, barriers, system instructions

LOADS1 = {'ldr', 'ldrb', 'ldrh', 'ldrsb', 'ldrsh', 'ldrt', 'ldrbt', 'ldrht', 'ldrsbt', 'ldrsht',
          'ldrex', 'ldrexb', 'ldrexh'}
STORES1 = {'str', 'strb', 'strh', 'strt', 'strbt', 'strht'}
EXCLUSIVE_STORES = {'strex', 'strexb', 'strexh'}  # timed like LDR (M3/M4 TRM load/store rules)
MULTIPLE = {'ldm', 'ldmdb', 'stm', 'stmdb', 'push', 'pop'}
BYTE_ACCESS = {'ldrb', 'ldrsb', 'ldrbt', 'ldrsbt', 'ldrexb', 'strb', 'strbt', 'strexb'}
HALF_ACCESS = {'ldrh', 'ldrsh', 'ldrht', 'ldrsht', 'ldrexh', 'strh', 'strht', 'strexh'}
MEM_HINTS = {'pld', 'pldw', 'pli'}  # preload hints: a memory operand but no data access
# Memory-accessing instructions without a memory operand in Capstone's decoding.
OTHER_MEM_PREFIXES = ('vld', 'vst', 'vpush', 'vpop', 'ldc', 'stc')
DOUBLE = {'ldrd', 'strd'}
BRANCHES = {'b', 'bl', 'bx', 'blx', 'cbz', 'cbnz', 'tbb', 'tbh'}
NOT_DP = {'it', 'nop', 'hint', 'yield', 'wfe', 'wfi', 'sev', 'dmb', 'dsb', 'isb', 'svc', 'bkpt',
          'udf', 'cpsie', 'cpsid', 'msr', 'cmp', 'cmn', 'tst', 'teq', 'clrex'}
# Long multiplies of the M3 (3 to 7 cycles, early termination) and divides (2 to 12).
VARLAT_M3 = {'umull': 3, 'smull': 3, 'umlal': 4, 'smlal': 5, 'udiv': 2, 'sdiv': 2}
VARLAT_M4 = {'udiv': 2, 'sdiv': 2}

CORE_REGS = {'r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'sb', 'sl', 'fp', 'ip', 'sp',
             'lr'}


def condition_passes(cond, nzcv):
    """cond is a capstone ARM_CC_* code, nzcv the APSR flags in bits 3..0."""
    n, z, c, v = nzcv >> 3 & 1, nzcv >> 2 & 1, nzcv >> 1 & 1, nzcv & 1
    return {
        csa.ARM_CC_EQ: z == 1, csa.ARM_CC_NE: z == 0, csa.ARM_CC_HS: c == 1,
        csa.ARM_CC_LO: c == 0, csa.ARM_CC_MI: n == 1, csa.ARM_CC_PL: n == 0,
        csa.ARM_CC_VS: v == 1, csa.ARM_CC_VC: v == 0, csa.ARM_CC_HI: c == 1 and z == 0,
        csa.ARM_CC_LS: c == 0 or z == 1, csa.ARM_CC_GE: n == v, csa.ARM_CC_LT: n != v,
        csa.ARM_CC_GT: z == 0 and n == v, csa.ARM_CC_LE: z == 1 or n != v,
    }.get(cond, True)


def it_slots(ci):
    """The number of instructions an IT instruction makes conditional (ITTET: 4)."""
    return len(ci.mnemonic.split('.')[0]) - 1


class Insn:
    __slots__ = ('addr', 'size', 'name', 'text', 'in_it', 'cond', 'kind', 'cost', 'full_cost',
                 'pc_write', 'cond_branch', 'pipe_src', 'load_dest', 'addr_regs', 'dp_writes',
                 'store_imm', 'varlat', 'varlat_regs', 'sp_delta', 'hook', 'mem')


class Access:
    """The data accesses of one load or store, computed from its registers before it executes:
    `count` accesses of `size` bytes at consecutive ascending addresses (the order in which
    the core makes them) from base + (index << shift) + disp, modulo 2^32. base and index are
    register names or None; a PC-relative form has no base register, the PC's value being
    folded into disp. `unsupported` names an instruction that accesses memory in a way the
    runner does not model (VLDR, VPUSH, LDC, ...): the runner refuses to measure it."""
    __slots__ = ('write', 'size', 'count', 'base', 'index', 'shift', 'disp', 'unsupported')

    def __init__(self, write=False, size=4, count=1, base=None, index=None, shift=0, disp=0,
                 unsupported=None):
        self.write, self.size, self.count = write, size, count
        self.base, self.index, self.shift, self.disp = base, index, shift, disp
        self.unsupported = unsupported


class Block:
    """A translation block as Unicorn reports it: static costs and what the runner needs."""

    def __init__(self, addr, size, insns, marker, model):
        self.addr, self.size, self.insns, self.marker, self.model = addr, size, insns, marker, model
        self.n = len(insns)
        self.bits = {}
        for k, insn in enumerate(insns):
            if insn.hook and insn.in_it:
                self.bits[insn.addr] = 1 << k
        self.it_mask = sum(self.bits.values())
        last = insns[-1]
        self.last_bit = self.bits.get(last.addr, 0)
        # A conditional last instruction that writes the PC is costed as not taken (or
        # skipped); taken_extra is added when the next block is not the fall-through one.
        self.term_cond = last.pc_write and (last.cond_branch or last.in_it)
        self.taken_extra = last.full_cost - 1 if self.term_cond else 0
        self.term_in_it = self.term_cond and last.in_it
        self.fall_through = addr + size
        self.last_addr = last.addr
        self.costs = {}  # (the address of the instruction before, IT mask) -> cycles
        low = delta = 0
        self.sp_unknown = False  # an instruction sets SP to what only the registers tell
        for insn in insns:
            if insn.sp_delta is None:
                self.sp_unknown = True
                break
            delta += insn.sp_delta
            low = min(low, delta)
        self.min_sp_delta = low

    def cost(self, prev, mask):
        """Cycles of the block after instruction prev (None: unknown or skipped), with the
        instructions whose bits are in mask skipped by their IT condition."""
        total = 0
        model = self.model
        last = self.n - 1
        for k, insn in enumerate(self.insns):
            if mask >> k & 1 or (k == last and self.term_cond):
                total += 1
                prev = None if mask >> k & 1 else insn
                continue
            total += insn.cost + model.pair_adjust(prev, insn)
            prev = insn
        return total


class Model:
    def __init__(self, core, mul32=False):
        self.core = core
        self.mul32 = mul32
        self.v7 = core in (M3, M4)
        self.agu_stall = core == M3
        self.varlat_min = VARLAT_M3 if core == M3 else VARLAT_M4 if core == M4 else {}

    # -- static costs ---------------------------------------------------------------------------
    def insn(self, ci, in_it, cond):
        i = Insn()
        i.addr, i.size = ci.address, ci.size
        i.name = name = ci.insn_name()
        i.text = '%s %s' % (ci.mnemonic, ci.op_str)
        i.in_it = in_it
        i.cond = cond if in_it else ci.cc
        ops = ci.operands
        _, written = ci.regs_access()
        wnames = {ci.reg_name(r) for r in written}
        i.pc_write = 'pc' in wnames or name in BRANCHES
        i.cond_branch = name in ('b', 'cbz', 'cbnz') and (name != 'b' or ci.cc != csa.ARM_CC_AL) \
            and not in_it
        i.kind = OTHER
        i.pipe_src = False
        i.load_dest = i.addr_regs = i.dp_writes = frozenset()
        i.store_imm = False
        i.varlat = None
        i.varlat_regs = ()
        i.sp_delta = 0
        i.hook = False
        mem = [op for op in ops if op.type == csa.ARM_OP_MEM]
        regs = [ci.reg_name(op.reg) for op in ops if op.type == csa.ARM_OP_REG]
        n_list = len(regs) - (1 if name in ('ldm', 'ldmdb', 'stm', 'stmdb') else 0)

        if name in LOADS1 or name in STORES1 or name in EXCLUSIVE_STORES:
            i.kind = LS1
            m = mem[0].mem
            i.addr_regs = frozenset(ci.reg_name(r) for r in (m.base, m.index) if r)
            if name in LOADS1 and not i.pc_write:
                i.pipe_src = True
                i.load_dest = frozenset((regs[0],))
            i.store_imm = name in STORES1 and not m.index
        elif name in MULTIPLE or name in DOUBLE or name in ('tbb', 'tbh'):
            i.kind = LSM
            if name in ('push', 'pop'):
                i.addr_regs = frozenset(('sp',))
            elif mem:
                i.addr_regs = frozenset(ci.reg_name(r) for r in (mem[0].mem.base, mem[0].mem.index)
                                        if r)
            else:
                i.addr_regs = frozenset((regs[0],))
        elif name not in BRANCHES and name not in NOT_DP and not i.pc_write:
            i.kind = DP
            i.dp_writes = frozenset(wnames & CORE_REGS)

        if name in self.varlat_min:
            i.varlat = name
            # UMULL/SMULL/UMLAL/SMLAL RdLo, RdHi, Rn, Rm; UDIV/SDIV Rd, Rn, Rm.
            i.varlat_regs = (regs[2], regs[3]) if name.endswith('l') else (regs[1], regs[2])

        i.full_cost = self._cost(i, name, n_list, ci)
        i.cost = 1 if i.pc_write and (i.cond_branch or in_it) else i.full_cost
        i.sp_delta = self._sp_delta(ci, name, wnames, n_list, mem, ops)
        i.mem = self._access(ci, name, regs, n_list, mem)
        return i

    @staticmethod
    def _access(ci, name, regs, n_list, mem):
        """The instruction's data accesses (an Access), or None if it makes none."""
        pc = ci.address + 4  # the PC as an operand: the instruction's address + 4
        if name in MULTIPLE:
            write = name in ('push', 'stm', 'stmdb')
            base = 'sp' if name in ('push', 'pop') else regs[0]
            # Decrement-before (STMDB, LDMDB, PUSH) starts 4N below the base register.
            disp = -4 * n_list if name in ('push', 'ldmdb', 'stmdb') else 0
            return Access(write, 4, n_list, base, None, 0, disp)
        if name in ('tbb', 'tbh'):  # a byte or halfword table entry at Rn + Rm or Rn + 2 * Rm
            m = mem[0].mem
            base = ci.reg_name(m.base)
            size = 1 if name == 'tbb' else 2
            if base == 'pc':
                return Access(False, size, 1, None, ci.reg_name(m.index), size - 1, pc)
            return Access(False, size, 1, base, ci.reg_name(m.index), size - 1, 0)
        single = name in LOADS1 or name in STORES1 or name in EXCLUSIVE_STORES
        if single or name in DOUBLE:
            op = mem[0]
            m = op.mem
            if op.subtracted or (op.shift.type and op.shift.type != csa.ARM_SFT_LSL):
                return Access(unsupported='an addressing mode the runner does not model')
            write = name in STORES1 or name in EXCLUSIVE_STORES or name == 'strd'
            size = 1 if name in BYTE_ACCESS else 2 if name in HALF_ACCESS else 4
            index = ci.reg_name(m.index) if m.index else None
            shift = op.shift.value if index else 0
            disp = 0 if ci.post_index else m.disp  # post-indexed: the access is at Rn
            base = ci.reg_name(m.base)
            if base == 'pc':  # a literal: Align(PC, 4) + imm
                if index:
                    return Access(unsupported='a PC-relative register-offset access')
                base, disp = None, (pc & ~3) + disp
            return Access(write, size, 2 if name in DOUBLE else 1, base, index, shift, disp)
        if (mem and name not in MEM_HINTS) or name.startswith(OTHER_MEM_PREFIXES):
            return Access(unsupported='a memory access the runner does not model')
        return None

    def _cost(self, i, name, n_list, ci):
        """Cycles when executed (and, for a branch, taken), before pairing effects."""
        if self.core == M0:  # DDI 0432C Table 3-1
            if name == 'pop' and i.pc_write:
                return 4 + (n_list - 1)  # "4 + N", N counting the registers other than PC
            if name in MULTIPLE:
                return 1 + n_list
            if i.kind == LS1:
                return 2
            if name == 'bl':
                return 4
            if i.pc_write:  # B, B<cond> taken, BX, BLX, MOV PC, ADD PC
                return 3
            if name == 'mul':
                return 32 if self.mul32 else 1
            if name in ('dmb', 'dsb', 'isb', 'mrs', 'msr'):
                return 4
            return 1
        # M3: DDI 0337I Table 3-1; M4: DDI 0439B Table 3-1. P = REFILL.
        if i.pc_write:
            if name == 'pop' or name in ('ldm', 'ldmdb'):
                return 1 + n_list + REFILL
            if name in ('ldr', 'tbb', 'tbh'):
                return 2 + REFILL
            return 1 + REFILL  # B, BL, BX, BLX, CBZ/CBNZ taken, MOV PC, ADD PC
        if i.kind == LS1:
            return 1 if i.store_imm else 2  # "STR Rx,[Ry,#imm] is always one cycle"
        if name in MULTIPLE:
            return 1 + n_list
        if name in DOUBLE:
            return 3  # 1 + N, N = 2
        if name in self.varlat_min:
            return self.varlat_min[name]  # the minimum; the runner adds the rest per execution
        if name in ('mla', 'mls'):
            return 2 if self.core == M3 else 1
        if name == 'isb':
            return 1 + REFILL
        return 1

    @staticmethod
    def _sp_delta(ci, name, wnames, n_list, mem, ops):
        """What the instruction adds to SP, or None if that is not known statically."""
        if 'sp' not in wnames:
            return 0
        if name == 'push':
            return -4 * n_list
        if name == 'pop':
            return 4 * n_list
        imms = [op.imm for op in ops if op.type == csa.ARM_OP_IMM]
        regs = [op for op in ops if op.type == csa.ARM_OP_REG]
        if name in ('sub', 'add', 'subw', 'addw') and imms and len(regs) <= 2:
            return -imms[-1] if name.startswith('sub') else imms[-1]
        if mem and ci.writeback and ci.reg_name(mem[0].mem.base) == 'sp':
            # Pre-indexed [sp, #d]! moves SP by d, post-indexed [sp], #d by the trailing d.
            return imms[-1] if imms else mem[0].mem.disp
        return None

    def plan_hook(self, insn, nxt):
        """Whether the runner must see insn execute: a variable-latency instruction, or an IT
        instruction whose skipping changes the cycles (its own or the next one's)."""
        if insn.varlat:
            insn.hook = True
        elif insn.in_it and not insn.pc_write:
            insn.hook = (insn.full_cost != 1 or (self.v7 and insn.pipe_src) or
                         (self.agu_stall and nxt is not None and
                          bool(insn.dp_writes & nxt.addr_regs)))

    # -- pairing and data-dependent costs ---------------------------------------------------
    def pair_adjust(self, prev, insn):
        """M3/M4 load/store pipelining and (M3) the address-generation stall."""
        if not self.v7 or prev is None or insn.kind not in (LS1, LSM):
            return 0
        adjust = 0
        if insn.kind == LS1 and prev.pipe_src and not (prev.load_dest & insn.addr_regs):
            adjust = -1 if insn.cost > 1 else 0
        if self.agu_stall and prev.dp_writes & insn.addr_regs:
            adjust += 1
        return adjust

    def branch_cost(self, insn, taken):
        return insn.full_cost if taken or not (insn.cond_branch or insn.in_it) else 1

    def latency(self, insn, a, b):
        """Cycles of a variable-latency instruction with operands a, b (unsigned 32-bit)."""
        name = insn.varlat
        if name in ('udiv', 'sdiv'):
            # 2 to 12 cycles; ARM does not publish the rule. Modelled: 2 when the quotient is 0
            # (or the divisor is), else 4 + one cycle per 4 significant quotient bits, at most 12.
            if name == 'sdiv':
                a, b = abs(_signed(a)), abs(_signed(b))
            if b == 0 or a < b:
                return 2
            bits = a.bit_length() - b.bit_length() + 1
            return min(12, 4 + (bits + 3) // 4)
        # M3 TRM: early termination when ABS(input) < 64K; MULL 3 to 5, MLAL 4 to 7 (signed
        # one more). Modelled: one cycle more per operand that does not terminate early.
        if name[0] == 's':
            wide = (abs(_signed(a)) >= 0x10000) + (abs(_signed(b)) >= 0x10000)
        else:
            wide = (a >= 0x10000) + (b >= 0x10000)
        return self.varlat_min[name] + wide

    def unaligned_penalty(self, addr, size):
        """M3/M4 TRM load/store timings: a halfword-aligned word access or byte-aligned
        halfword access costs 1 more cycle, a byte-aligned word access 2 more."""
        return 2 if size == 4 and addr & 1 else 1


def _signed(x):
    return x - (1 << 32) if x & 0x80000000 else x

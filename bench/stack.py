#!/usr/bin/env python3
"""Worst-case stack per public function, from the compiler's own figures.

Usage: stack.py NAME:OBJDIR:OBJDUMP:CALLBYTES ...   (prints a markdown table, one column each)

Each OBJDIR holds the library's objects built with -fstack-usage -ffunction-sections (one .su file
beside each .o). Each function's frame comes from its .su line; its callees from the call and
jump relocations of its own .text.<name> section (objdump -dr). The worst case of a function is
its frame plus, if it calls anything, the bytes a call instruction pushes (CALLBYTES: 0 on ARM,
where the return address lands in LR and the frame counts its saving; 2 or 3 on AVR) and the
worst case of its deepest callee. microsalt has no recursion and no calls
through pointers, so the graph is acyclic and complete; calls into libgcc and libc (memcpy,
memset, 64-bit multiply helpers) count as leaf frames of 0 bytes beyond the call itself, which
the caller's frame figure already includes on these targets. A function with a 'dynamic' frame
is reported as an error: the library must not have one.
"""
import glob
import os
import re
import subprocess
import sys

CALL_RELOCS = re.compile(r"R_(ARM_THM_CALL|ARM_THM_JUMP24|ARM_THM_JUMP11|ARM_CALL|ARM_JUMP24|"
                         r"AVR_CALL|AVR_13_PCREL|X86_64_PLT32|X86_64_PC32)\s+(\S+)")


def parse_objects(objdir, objdump):
    frames, calls, scope = {}, {}, {}
    for su in sorted(glob.glob(os.path.join(objdir, "**", "*.su"), recursive=True)):
        obj = su[:-3] + ".o"
        for line in open(su):
            loc, size, kind = line.rstrip("\n").split("\t")
            name = loc.split(":")[-1]
            if "dynamic" in kind and "bounded" not in kind:
                sys.exit("stack: %s has a dynamic stack frame (%s)" % (name, kind))
            frames[(obj, name)] = int(size)
        dump = subprocess.run([objdump, "-dr", obj], capture_output=True, text=True,
                              check=True).stdout
        current = None
        for line in dump.splitlines():
            m = re.match(r"Disassembly of section \.text\.(\S+):", line)
            if m:
                current = (obj, m.group(1))
                calls.setdefault(current, set())
                continue
            m = CALL_RELOCS.search(line)
            if m and current is not None:
                target = m.group(2).split("+")[0].split("-")[0]
                if target.startswith(".text."):
                    target = target[len(".text."):]
                calls[current].add(target)
        for (o, name) in frames:
            if o == obj:
                scope.setdefault(name, []).append(obj)
    return frames, calls, scope


def worst(fn, frames, calls, scope, memo, call_bytes):
    if fn in memo:
        return memo[fn]
    best = None
    for target in calls.get(fn, ()):
        # A static callee lives in the caller's object; a global one anywhere.
        owners = [fn[0]] if (fn[0], target) in frames else scope.get(target, [])
        for obj in owners:
            if (obj, target) != fn:
                depth = worst((obj, target), frames, calls, scope, memo, call_bytes)
                best = depth if best is None else max(best, depth)
    memo[fn] = frames.get(fn, 0) + (0 if best is None else call_bytes + best)
    return memo[fn]


def main():
    publics = [l.strip() for l in open("tests/public-symbols.txt") if l.strip()]
    columns, names = [], []
    for spec in sys.argv[1:]:
        name, objdir, objdump, call_bytes = spec.split(":")
        frames, calls, scope = parse_objects(objdir, objdump)
        memo, figures = {}, {}
        for fn in publics:
            owners = scope.get(fn, [])
            if owners:
                figures[fn] = worst((owners[0], fn), frames, calls, scope, memo,
                                    int(call_bytes))
        columns.append(figures)
        names.append(name)
    print("| function | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    for fn in publics:
        if any(fn in c for c in columns):
            print("| %s | %s |" % (fn, " | ".join(str(c.get(fn, "-")) for c in columns)))


if __name__ == "__main__":
    main()

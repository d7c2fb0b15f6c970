"""Published figures the lab's report sets microsalt beside (bench/lab.py), each with its source.

AVR NaCl: Hutter and Schwabe, "NaCl on 8-bit AVR microcontrollers", avrnacl-20140813 ("fast"),
on an ATmega2560, as tabulated by the μNaCl paper (seed 001, table 3, AVR column) and quoted in
issue 16. The byte counts are the NaCl API's lengths: crypto_box and crypto_secretbox take
mlen = 1056 for 1024 bytes of message behind NaCl's 32 zero bytes, which is what the lab's
1024-byte rows pass (bench/fw/bench.c), and crypto_sign_open's 1088 bytes are a 1024-byte
message with its 64-byte signature, the lab's crypto_sign_open at 1024.
"""

# (label, AVR NaCl's bytes, published cycles, microsalt's op, microsalt's bytes)
AVR_NACL = [
    ("crypto_scalarmult", "-", 22836588, "crypto_scalarmult", 0),
    ("crypto_scalarmult_base", "-", 22836588, "crypto_scalarmult_base", 0),
    ("crypto_box", "1056", 23342860, "crypto_box", 1024),
    ("crypto_box_afternm", "1056", 489830, "crypto_box_afternm", 1024),
    ("crypto_secretbox", "1056", 489830, "crypto_secretbox", 1024),
    ("crypto_stream_salsa20_xor", "1024", 281300, "crypto_stream_salsa20_xor", 1024),
    ("crypto_core_salsa20", "-", 16930, "crypto_core_salsa20", 0),
    ("crypto_onetimeauth", "1024", 173767, "crypto_onetimeauth", 1024),
    ("crypto_sign", "1024", 22691528, "crypto_sign", 1024),
    ("crypto_sign_open", "1088", 37562656, "crypto_sign_open", 1024),
]

# μNaCl on the Cortex-M3 (an LPC1768 board), as its paper (seed 001) tabulates it in
# table 3, ARM column: the rows quoted in issue 17, the only ones available here. Same
# lengths as AVR_NACL.
MUNACL_M3 = [
    ("crypto_scalarmult", "-", 6245448, "crypto_scalarmult", 0),
    ("crypto_box", "1056", 6407177, "crypto_box", 1024),
    ("crypto_sign_open", "1088", 9577407, "crypto_sign_open", 1024),
]

# The Cortex-M3 builds set beside μNaCl's figures: the fast one, and the one whose NaCl API
# fits μNaCl's flash (targets.txt).
MUNACL_M3_BUILDS = [
    ("cortex-m3", "the build for speed"),
    ("cortex-m3-small", "the build for little flash (its NaCl API's flash below)"),
]

# The published X25519 records on Cortex-M, their authors' code run through the lab's own
# Cortex-M runner (linked into a firmware on bench/hal, measured as microsalt is; issue 17):
# (target, whose, modelled cycles in our runner, cycles reported on hardware, the hardware).
CORTEXM_X25519_RECORDS = [
    ("cortex-m4", "Emil Lenngren's X25519 for the Cortex-M4 (UMAAL)", 537329, 548873,
     "a Cortex-M4"),
    ("cortex-m0", "Thomas Pornin's x25519-cm0", 3240785, 3229950, "a Cortex-M0+"),
]

# The published X25519 record on AVR: Düll, Haase, Hinterwälder, Hutter, Paar, Sánchez and
# Schwabe, "High-speed Curve25519 on 8-bit, 16-bit and 32-bit microcontrollers" (2015).
AVR_X25519_RECORD = 13900397


def fmt(n):
    return "-" if n is None else "{:,}".format(n)


def published_table(result, who, rows):
    """A target's records beside a library's published cycles (rows as AVR_NACL's), with
    the ratio."""
    rec = {(r["op"], r["bytes"]): r for r in result["records"]}
    lines = ["| operation | bytes (NaCl API) | %s (published) | microsalt | "
             "microsalt / %s | ahead |" % (who, who),
             "|---|---:|---:|---:|---:|---|"]
    for label, nbytes, published, op, size in rows:
        hit = rec.get((op, size))
        if hit is None:
            lines.append("| %s | %s | %s | not measured | | |" % (label, nbytes, fmt(published)))
            continue
        ratio = hit["cycles"] / published
        lines.append("| %s | %s | %s | %s | %.2f | %s |" % (
            label, nbytes, fmt(published), fmt(hit["cycles"]), ratio,
            "yes" if ratio < 1 else "**no**"))
    return lines


def avr_nacl_table(result):
    """The ATmega2560's records beside AVR NaCl's published cycles, and the AVR record."""
    rec = {(r["op"], r["bytes"]): r for r in result["records"]}
    lines = published_table(result, "AVR NaCl", AVR_NACL)
    x25519 = rec.get(("crypto_scalarmult", 0))
    if x25519:
        lines += ["", "The AVR record for X25519 (Düll et al. 2015): %s cycles; microsalt: %s "
                  "(%.2f times the record)." % (fmt(AVR_X25519_RECORD), fmt(x25519["cycles"]),
                                                 x25519["cycles"] / AVR_X25519_RECORD)]
    return "\n".join(lines)


def cortexm_table(results):
    """The Cortex-M3's records beside μNaCl's published cycles, then each Cortex-M record's
    code as our runner measures it beside microsalt."""
    by_target = {res["target"]: res for res in results}
    lines = []
    for target, build in MUNACL_M3_BUILDS:
        if target in by_target:
            lines += ["%s, %s:" % (target, build), ""]
            lines += published_table(by_target[target], "μNaCl", MUNACL_M3) + [""]
        else:
            lines += ["%s was not measured." % target, ""]
    lines += ["", "| target | X25519 record | its code in our model | on hardware | microsalt "
              "| microsalt / record (model) |", "|---|---|---:|---:|---:|---:|"]
    for target, whose, model, hardware, board in CORTEXM_X25519_RECORDS:
        res = by_target.get(target)
        hit = res and {(r["op"], r["bytes"]): r for r in res["records"]}.get(
            ("crypto_scalarmult", 0))
        lines.append("| %s | %s | %s | %s (%s) | %s | %s |" % (
            target, whose, fmt(model), fmt(hardware), board,
            fmt(hit["cycles"]) if hit else "not measured",
            "%.2f" % (hit["cycles"] / model) if hit else ""))
    return "\n".join(lines)

# Flash of the NaCl API alone as published: AVR NaCl's total (issue 16) and μNaCl's on the
# Cortex-M3 (seed 001, issue 17), in bytes.
NACL_FLASH = {"avr-atmega2560": ("AVR NaCl", 26924), "avr-atmega328p": ("AVR NaCl", 26924),
              "cortex-m3": ("μNaCl", 15240), "cortex-m3-small": ("μNaCl", 15240)}


def nacl_flash_table(results):
    """Per target: the flash the NaCl API alone takes (bench/fw/size.c), beside the published
    figure where there is one."""
    lines = ["| target | NaCl API alone (bytes) | published |", "|---|---:|---|"]
    for res in results:
        if "nacl_api_flash" not in res:
            continue
        size, fits = res["nacl_api_flash"]
        who = NACL_FLASH.get(res["target"])
        lines.append("| %s | %s%s | %s |" % (
            res["target"], fmt(size), "" if fits else " (more than the chip's flash)",
            "%s: %s" % (who[0], fmt(who[1])) if who else "-"))
    return "\n".join(lines)

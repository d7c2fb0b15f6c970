"""The peers' part of BENCHMARKS.md and their plots (bench/lab.py calls it): per target, a
table at a glance (milliseconds at a typical clock of the chip, the ratio to microsalt) and a
side-by-side table of every operation (cycles, time, peak stack, flash, ratio)."""
import os

# A typical clock of each chip, for the time columns (cpu column of targets.txt).
CLOCK_MHZ = {"atmega2560": 16, "atmega328p": 16, "m0": 48, "m3": 72, "m4": 168}

# The operations compared, in the order of the tables. Of the message sizes, the tables show
# 32 bytes and the largest the peers reached on the target (1024; 128 on an ATmega328P), and
# build/bench/<target>.json has every one.
OPS = [("crypto_scalarmult", "X25519"), ("crypto_scalarmult_base", "X25519, fixed base"),
       ("crypto_sign_detached", "Ed25519 sign"), ("crypto_sign_verify_detached",
                                                  "Ed25519 verify"),
       ("own_sign", "own signature scheme: sign"), ("own_verify", "own signature scheme: verify"),
       ("p256_ecdh", "P-256 ECDH"), ("p256_sign", "P-256 ECDSA sign"),
       ("p256_verify", "P-256 ECDSA verify"), ("crypto_box", "crypto_box"),
       ("crypto_secretbox", "crypto_secretbox"),
       ("crypto_aead_chacha20poly1305_ietf_encrypt", "ChaCha20-Poly1305 encrypt"),
       ("crypto_aead_chacha20poly1305_ietf_decrypt", "ChaCha20-Poly1305 decrypt"),
       ("crypto_hash", "SHA-512"), ("crypto_onetimeauth", "Poly1305"),
       ("crypto_stream_chacha20_ietf_xor", "ChaCha20"), ("crypto_stream_salsa20_xor", "Salsa20")]
# None: the largest size.
GLANCE = [("crypto_scalarmult", 0, "X25519"), ("crypto_sign_detached", 32, "Ed25519 sign"),
          ("crypto_sign_verify_detached", 32, "Ed25519 verify"),
          ("own_sign", 32, "own sign"), ("own_verify", 32, "own verify"),
          ("p256_ecdh", 0, "P-256 ECDH"), ("p256_sign", 0, "P-256 sign"),
          ("p256_verify", 0, "P-256 verify"),
          ("crypto_aead_chacha20poly1305_ietf_encrypt", None, "ChaCha20-Poly1305"),
          ("crypto_secretbox", None, "secretbox"), ("crypto_hash", None, "SHA-512")]


def fmt(n):
    return "-" if n is None else "{:,}".format(n)


def impls(result):
    """microsalt first, then the peers in the order the lab ran them."""
    seen = ["microsalt"]
    for r in result.get("peer_records", []):
        if r["impl"] not in seen:
            seen.append(r["impl"])
    return seen


def index(result):
    """(impl, op, bytes) -> record, for the operations compared. On the host microsalt's own
    records come from the peers' harness (bench/lab.py), like the peers'."""
    ops = {op for op, _ in OPS}
    return {(r["impl"], r["op"], r["bytes"]): r
            for r in result["records"] + result.get("peer_records", []) if r["op"] in ops}


def largest(result, op):
    """The largest message size a peer measured op at on this target (0 if none)."""
    return max([r["bytes"] for r in result.get("peer_records", []) if r["op"] == op] or [0])


def glance_rows(result):
    """GLANCE with its sizes resolved and its labels carrying them."""
    rows = []
    for op, size, label in GLANCE:
        size = largest(result, op) if size is None else size
        rows.append((op, size, "%s %d B" % (label, size) if size else label))
    return rows


def verdict(rec):
    """Why a record has no figure to compare, or None."""
    if rec.get("wrong"):
        return "**wrong output** (not timed)"
    if rec.get("does_not_fit"):
        return "does not fit: " + rec["does_not_fit"]
    return None


def ms(rec, mhz):
    return "-" if mhz is None else "%.2f" % (rec["cycles"] / (mhz * 1000.0))


def glance_table(result, mhz):
    rec, names = index(result), impls(result)
    unit = "ms at %d MHz" % mhz if mhz else "cycles"
    lines = ["| operation (%s) | %s |" % (unit, " | ".join(names)), "|---|" + "---:|" * len(names)]
    for op, size, label in glance_rows(result):
        cells, base = [], rec.get(("microsalt", op, size))
        for impl in names:
            r = rec.get((impl, op, size))
            if r is None:
                cells.append("")
            elif verdict(r):
                cells.append(verdict(r))
            else:
                value = ms(r, mhz) if mhz else fmt(r["cycles"])
                ratio = " (%.2fx)" % (r["cycles"] / base["cycles"]) \
                    if base and impl != "microsalt" and not verdict(base) else ""
                cells.append(value + ratio)
        if any(cells):
            lines.append("| %s | %s |" % (label, " | ".join(cells)))
    return "\n".join(lines)


def side_by_side(result, mhz):
    rec, names = index(result), impls(result)
    # Where any record executed a variable-latency instruction (the Cortex-M runner's varlat:
    # the M3's long multiplies, the M3's and M4's divides), their count, whose operands may be
    # secrets in a peer: the lab judges only microsalt's constant time.
    varlat = any(r.get("varlat") for r in rec.values())
    lines = ["| operation | bytes | implementation | cycles | %s | peak stack | flash | "
             "/ microsalt |%s" % ("ms at %d MHz" % mhz if mhz else "ms",
                                  " variable-latency instructions |" if varlat else ""),
             "|---|---:|---|---:|---:|---:|---:|---:|" + ("---:|" if varlat else "")]
    for op, label in OPS:
        for size in sorted({0, 32, largest(result, op)}):
            base = rec.get(("microsalt", op, size))
            for impl in names:
                r = rec.get((impl, op, size))
                if r is None:
                    continue
                why = verdict(r)
                if why:
                    lines.append("| %s | %d | %s | %s | | | | |%s" % (
                        label, size, impl, why, " |" if varlat else ""))
                    continue
                ratio = "%.2f" % (r["cycles"] / base["cycles"]) \
                    if base and not verdict(base) else "-"
                lines.append("| %s | %d | %s | %s | %s | %s | %s | %s |%s" % (
                    label, size, impl, fmt(r["cycles"]), ms(r, mhz), fmt(r.get("stack_bytes")),
                    fmt(r.get("group_code_bytes", r.get("code_bytes"))), ratio,
                    " %s |" % fmt(r.get("varlat")) if varlat else ""))
    return "\n".join(lines)


def problems_list(result):
    return "\n".join("- %s: %s" % (p["impl"], p["text"]) for p in result.get("peer_problems", []))


def section(results, peers, failed, cpu_of):
    """The markdown of the peers: what they are, then per target the tables."""
    parts = ["## Beside other implementations (the peers)", "",
             "Each peer is fetched from a package registry, pinned by version and SHA-256 "
             "(bench/peers/peers.py, docs/lab.md), built with the target's compiler and flags, "
             "and measured by bench/fw/peer.c, which checks every output against microsalt's "
             "(P-256: Wycheproof) before its figure counts. microsalt's figures on the "
             "simulated targets are those of the tables below (bench/fw/bench_*.c); on the "
             "host it runs through the peers' harness too. Flash is what a firmware needs for "
             "the operation's group (for example sign and verify together) beyond an empty "
             "one, for microsalt and the peers alike; peak stack is the runner's. Times are "
             "cycles at a typical clock of each chip: %s. Peers are not constant-time checked "
             "by the lab; where a target's records executed instructions whose latency "
             "depends on their operands (the Cortex-M3's UMULL, UMLAL, SMULL and SMLAL, the "
             "M3's and M4's divides), the side-by-side table counts them: microsalt's "
             "constant-time check allows them on public operands only, while a peer may "
             "give them its secrets." % ", ".join("%s %d MHz" % (c, m) for c, m in CLOCK_MHZ.items()),
             "",
             "| peer | version | route | licence |", "|---|---|---|---|"]
    for p in peers:
        parts.append("| %s | %s | %s | %s |" % (p.name, p.version, p.route, p.licence))
    for name, why in sorted(failed.items()):
        parts += ["", "**%s could not be fetched: %s**" % (name, why)]
    for res in results:
        mhz = CLOCK_MHZ.get(cpu_of(res["target"]))
        parts += ["", "### %s" % res["target"], "", glance_table(res, mhz), ""]
        problems = problems_list(res)
        if problems:
            parts += ["Not measured:", "", problems, ""]
        parts += ["<details><summary>Every operation side by side (32 bytes and the largest "
                  "size; all sizes in build/bench/%s.json)</summary>" % res["target"], "",
                  side_by_side(res, mhz), "", "</details>"]
    return "\n".join(parts)


def plots(results, cpu_of, out_dir):
    """build/bench/peers-<target>.png/.svg: the operations at a glance, implementations side by
    side, in milliseconds (host: cycles), log scale."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    for res in results:
        mhz = CLOCK_MHZ.get(cpu_of(res["target"]))
        rec, names = index(res), impls(res)
        rows = [g for g in glance_rows(res) if any(rec.get((i, g[0], g[1])) for i in names)]
        fig, ax = plt.subplots(figsize=(12, 5))
        width = 0.8 / max(1, len(names))
        for k, impl in enumerate(names):
            values = []
            for op, size, _ in rows:
                r = rec.get((impl, op, size))
                ok = r is not None and not verdict(r)
                values.append((r["cycles"] / (mhz * 1000.0) if mhz else r["cycles"]) if ok
                              else 0)
            ax.bar([x + k * width for x in range(len(rows))], values, width, label=impl)
        ax.set_xticks([x + width * (len(names) - 1) / 2 for x in range(len(rows))])
        ax.set_xticklabels([g[2] for g in rows], rotation=20, ha="right")
        ax.set_yscale("log")
        ax.set_ylabel(("ms at %d MHz" % mhz if mhz else "cycles") + " (log scale)")
        ax.set_title("%s: microsalt beside the peers (lower is faster)" % res["target"])
        ax.legend(fontsize="small")
        fig.tight_layout()
        for ext in ("png", "svg"):
            fig.savefig(os.path.join(out_dir, "peers-%s.%s" % (res["target"], ext)))
        plt.close(fig)

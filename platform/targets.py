"""The table of targets (targets.txt) and what firmware fits where, for the scripts.

A firmware source may state the RAM it needs with a line `#define FIRMWARE_RAM_BYTES <n>`;
it is built and run only on simulated targets with at least that much RAM.
"""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIELDS = ("name", "family", "cpu", "cc", "arch", "ram", "flash")


def load():
    """Every line of targets.txt as a dict (flags: the rest of the line), in order."""
    rows = []
    for line in open(os.path.join(ROOT, "targets.txt")):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        row = dict(zip(FIELDS, words))
        row["flags"] = " ".join(words[len(FIELDS):])
        for key in ("ram", "flash"):
            row[key] = None if row[key] == "-" else int(row[key])
        rows.append(row)
    return rows


def simulated():
    """The names of the simulated targets (every family but host and host-ct)."""
    return [t["name"] for t in load() if t["family"] not in ("host", "host-ct")]


def by_name(name):
    return next(t for t in load() if t["name"] == name)


def firmware_ram(path):
    """The RAM a firmware source states it needs (FIRMWARE_RAM_BYTES), or 0."""
    m = re.search(r"^#define FIRMWARE_RAM_BYTES (\d+)", open(os.path.join(ROOT, path)).read(),
                  re.M)
    return int(m.group(1)) if m else 0


def fits(target, path):
    """Whether the firmware source at path (relative to the root) fits target's RAM."""
    return firmware_ram(path) <= by_name(target)["ram"]

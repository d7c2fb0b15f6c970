"""What every assembly generator of tests/gen/ shares: the emitter and the --check command
line."""
import argparse
import sys


class Out:
    def __init__(self):
        self.lines = []

    def __call__(self, *ins):
        """Instructions are indented; labels, directives and comments are given as written."""
        for i in ins:
            self.lines.append(i if i.endswith(":") or i[:1] in ("", ".", "/", "#") else "    " + i)

    def comment(self, text):
        self.lines.extend(["", "/* " + text + " */"])

    def text(self):
        return "\n".join(self.lines) + "\n"


def main(out_path, generate, doc):
    """Writes generate() to out_path, or with --check fails when they differ."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--check", action="store_true",
                        help="fail when the committed file is not what the script writes")
    args = parser.parse_args()
    text = generate()
    if args.check:
        if out_path.read_text() != text:
            sys.exit(f"{out_path} differs from what {sys.argv[0]} writes: run it and commit "
                     "the result")
        return
    out_path.write_text(text)

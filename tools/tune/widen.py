#!/usr/bin/env python3
"""Widens the network's weights file by EXTRA values a view, keeping what it scores.

    python3 tools/tune/widen.py chess-core/src/eval/network_weights.rs OUT.rs 32

The new first-layer columns are small and random (-25..=25, times QA, as `kchess tune net`
starts its own), their biases 0 and their output weights 0, so that the widened network
scores every position as the old one (`kchess bench` stays the same) and `kchess tune net
--from-current` fits it from there. The core reads the width from `HIDDEN` in
`chess-core/src/eval/network.rs`, which must be set to the new width by hand.
"""

import argparse
import random
import re

# The range of a new first-layer weight, times QA (`INIT_RANGE` of `kchess tune net`, 0.1).
NEW_WEIGHT = 25


def respliced(line, grow):
    """`line`, a one-line static, with the comma-separated list between `= [` and `];`
    replaced by `grow(list)`."""
    m = re.search(r"= \[(.*)\];", line)
    values = [x.strip() for x in m.group(1).split(",")]
    start, end = m.span(1)
    return line[:start] + ", ".join(grow(values)) + line[end:]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("weights", help="the network's weights file")
    ap.add_argument("out", help="the widened file to write")
    ap.add_argument("extra", type=int, help="how many values a view to add")
    ap.add_argument("--seed", type=int, default=7, help="the new weights' seed")
    args = ap.parse_args()
    rng = random.Random(args.seed)

    zeros = ["0"] * args.extra
    out = []
    in_rows = False
    for line in open(args.weights):
        line = line.rstrip("\n")
        text = line.strip()
        if text.startswith("pub static FEATURE_WEIGHTS"):
            in_rows = True
        elif in_rows and text.startswith("[") and text.endswith("],"):
            row = text[1:-2]
            new = ", ".join(str(rng.randint(-NEW_WEIGHT, NEW_WEIGHT)) for _ in range(args.extra))
            line = line.replace(f"[{row}]", f"[{row}, {new}]")
        elif text.startswith("pub static FEATURE_BIAS"):
            in_rows = False
            line = respliced(line, lambda values: values + zeros)
        elif text.startswith("pub static OUTPUT_WEIGHTS"):
            # The side to move's weights, then the other side's: each half grows.
            line = respliced(line, lambda values: values[:len(values) // 2] + zeros
                             + values[len(values) // 2:] + zeros)
        out.append(line)
    with open(args.out, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Labels training positions with Stockfish's scores, for tuning kchess's evaluation.

    python3 tools/tune/label.py IN OUT [--depth 8] [--jobs 2] [--stockfish PATH]

IN has one `FEN;R` line per position, as `kchess tune positions` writes them (R is the game's
result for White: 1, 0.5 or 0). Each position is searched by Stockfish with `go depth D`
(Threads 1, Hash 16; one engine per job, the positions split across the jobs) and written to
OUT as `FEN;R;CP`: CP is Stockfish's score in centipawns from the side to move's point of view.
Positions where Stockfish reports a mate are left out.

OUT is written in IN's order as the work goes, with a progress line on standard error. An
interrupted run resumes where it stopped: OUT.progress records how many input lines are done
and how long OUT was then; a new run with the same IN and OUT truncates OUT to that length and
goes on from there. Delete both to start again.
"""

import argparse
import multiprocessing
import os
import shutil
import subprocess
import sys
import time

# Positions sent to a job at a time; OUT and its progress file are updated after each batch.
BATCH = 200

_engine = None
_depth = None


class _Uci:
    """A UCI engine spoken to directly: `python-chess` replays every line of every `info`
    record it reads, which cost a third of the labelling's time."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, word):
        for line in self.proc.stdout:
            if line.split()[:1] == [word]:
                return
        raise RuntimeError(f"label.py: the engine stopped before `{word}`")

    def score(self, fen, depth):
        """The last score of a `go depth` search: ("cp" or "mate", value)."""
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        score = None
        for line in self.proc.stdout:
            words = line.split()
            if words[:1] == ["bestmove"]:
                if score is None:
                    raise RuntimeError(f"label.py: no score for {fen}")
                return score
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                score = (words[i + 1], int(words[i + 2]))
        raise RuntimeError("label.py: the engine stopped during a search")


def _start(path, depth):
    """Starts this job's engine."""
    global _engine, _depth
    _engine = _Uci(path)
    _depth = depth


def _label(batch):
    """Labels a batch (input lines read, `FEN;R` lines): the lines read, the `FEN;R;CP` lines
    and how many positions had a mate score."""
    read, lines = batch
    out = []
    mates = 0
    for line in lines:
        fen, result = line.split(";")[:2]
        kind, value = _engine.score(fen, _depth)
        if kind == "mate":
            mates += 1
            continue
        out.append(f"{fen};{result};{value}\n")
    return read, out, mates


def _batches(path, skip):
    """The input's lines after the first `skip`, in batches: (lines read, positions)."""
    batch = []
    read = 0
    with open(path, encoding="ascii") as f:
        for i, line in enumerate(f):
            if i < skip:
                continue
            read += 1
            line = line.strip()
            if line:
                batch.append(line)
            if len(batch) == BATCH:
                yield read, batch
                batch = []
                read = 0
    if read:
        yield read, batch


def _resume(out_path):
    """How many input lines are done and the length of OUT then (0, 0 for a new run)."""
    try:
        with open(out_path + ".progress", encoding="ascii") as f:
            done, size = (int(x) for x in f.read().split())
    except FileNotFoundError:
        return 0, 0
    if not os.path.exists(out_path) or os.path.getsize(out_path) < size:
        sys.exit(f"label.py: {out_path} is shorter than {out_path}.progress says; delete both")
    return done, size


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", metavar="IN", help="FEN;R lines")
    parser.add_argument("output", metavar="OUT", help="FEN;R;CP lines")
    parser.add_argument("--depth", type=int, default=8, help="Stockfish's search depth")
    parser.add_argument("--jobs", type=int, default=2, help="engines searching at once")
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish",
                        help="the Stockfish binary")
    args = parser.parse_args()
    if args.depth < 1 or args.jobs < 1:
        parser.error("--depth and --jobs must be at least 1")

    with open(args.input, encoding="ascii") as f:
        total = sum(1 for _ in f)
    done, size = _resume(args.output)
    mode = "r+" if done else "w"
    out = open(args.output, mode, encoding="ascii")
    out.seek(size)
    out.truncate()
    first = done
    written = 0
    mates = 0
    start = time.monotonic()
    last = 0.0
    with multiprocessing.Pool(args.jobs, _start, (args.stockfish, args.depth)) as pool:
        for read, lines, batch_mates in pool.imap(_label, _batches(args.input, done)):
            out.writelines(lines)
            out.flush()
            done += read
            written += len(lines)
            mates += batch_mates
            with open(args.output + ".progress.tmp", "w", encoding="ascii") as p:
                p.write(f"{done} {out.tell()}\n")
            os.replace(args.output + ".progress.tmp", args.output + ".progress")
            now = time.monotonic()
            if now - last >= 10 or done == total:
                last = now
                rate = (done - first) / max(now - start, 1e-9)
                left = (total - done) / max(rate, 1e-9)
                print(f"label: {done}/{total} lines, {written} written, {mates} mates left out, "
                      f"{rate:.0f}/s, {left / 60:.1f} min left", file=sys.stderr, flush=True)
    out.close()


if __name__ == "__main__":
    main()

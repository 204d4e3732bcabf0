#!/usr/bin/env python3
"""Self-play of `kchess uci` against itself on a clock, the way a match runner plays it.

    python3 tools/elo/selfplay.py [--games 200] [--tc 1+0.01] [--engine target/release/kchess]
                                  [--pgn FILE] [-- EXTRA ENGINE ARGS]

Each game starts from an opening of tools/elo/openings.txt (colours alternate) and is played with
real clocks: the time each engine takes for a move (measured here, from `go` to `bestmove`) is
taken from its clock, and the increment added. A game is lost on an illegal move, an engine
that fails or stops answering, or a flag that falls. Prints one line per game and a summary;
exits non-zero if any game ended by an illegal move, a failure or a time forfeit. A benchmark of
robustness, not a test: it takes minutes.
"""

import argparse
import os
import sys
import time

import chess
import chess.engine

from matchplay import Seat, close, parse_tc, pgn_record, play_game, seating

HERE = os.path.dirname(os.path.abspath(__file__))


def read_openings(path):
    openings = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                openings.append(line.split())
    return openings


def play(engines, opening, tc, white_first):
    board = chess.Board()
    for uci in opening:
        board.push_uci(uci)
    seats = seating(Seat("engine 1", engines[0]), Seat("engine 2", engines[1]), white_first)
    return board, play_game(board, seats, tc=tc)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/kchess")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--tc", default="1+0.01", help="seconds per game + increment, e.g. 1+0.01")
    ap.add_argument("--openings", default=os.path.join(HERE, "openings.txt"))
    ap.add_argument("--pgn", help="write the games to this PGN file")
    ap.add_argument("extra", nargs="*", help="extra arguments after `uci`")
    args = ap.parse_args()
    tc = parse_tc(args.tc)
    openings = read_openings(args.openings)
    command = [args.engine, "uci", *args.extra]
    engines = [chess.engine.SimpleEngine.popen_uci(command, timeout=30) for _ in range(2)]
    pgn = open(args.pgn, "w", encoding="utf-8") if args.pgn else None
    bad = 0
    tally = {}
    started = time.monotonic()
    try:
        for i in range(args.games):
            opening = openings[(i // 2) % len(openings)]
            board, end = play(engines, opening, tc, i % 2 == 0)
            result, how = end.result, end.termination
            tally[end.kind] = tally.get(end.kind, 0) + 1
            broken = end.kind in ("failure", "time forfeit", "illegal move")
            bad += broken
            print(f"[{i + 1}/{args.games}] {result} by {how} after {board.ply()} plies", flush=True)
            if pgn:
                headers = {"Event": f"kchess self-play {args.tc}", "Round": str(i + 1), "Result": result, "Termination": how}
                game = pgn_record(board, headers, end.clocks)
                print(game, file=pgn, end="\n\n", flush=True)
            if broken:
                # A broken engine is replaced for the next game.
                for e in engines:
                    close(e)
                engines = [chess.engine.SimpleEngine.popen_uci(command, timeout=30) for _ in range(2)]
    finally:
        for e in engines:
            close(e)
        if pgn:
            pgn.close()
    minutes = (time.monotonic() - started) / 60
    print(f"\n{args.games} games at {args.tc} in {minutes:.1f} min: " + ", ".join(f"{n} {k}" for k, n in sorted(tally.items())))
    print(f"RESULT games={args.games} tc={args.tc} illegal_failure_or_forfeit={bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

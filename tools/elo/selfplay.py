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
import chess.pgn

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
    base, inc = tc
    board = chess.Board()
    for uci in opening:
        board.push_uci(uci)
    clocks = {chess.WHITE: base, chess.BLACK: base}
    players = {chess.WHITE: engines[0 if white_first else 1], chess.BLACK: engines[1 if white_first else 0]}
    game_key = object()
    while not board.is_game_over(claim_draw=True):
        side = board.turn
        limit = chess.engine.Limit(
            white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK], white_inc=inc, black_inc=inc
        )
        started = time.monotonic()
        try:
            result = players[side].play(board, limit, game=game_key)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError) as e:
            return board, "0-1" if side == chess.WHITE else "1-0", f"failure: {e!r}"
        spent = time.monotonic() - started
        clocks[side] -= spent
        if clocks[side] < 0:
            return board, "0-1" if side == chess.WHITE else "1-0", f"time forfeit ({-clocks[side] * 1000:.0f} ms over)"
        clocks[side] += inc
        if result.move is None or result.move not in board.legal_moves:
            return board, "0-1" if side == chess.WHITE else "1-0", f"illegal move {result.move}"
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    return board, outcome.result(), outcome.termination.name.lower().replace("_", " ")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/kchess")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--tc", default="1+0.01", help="seconds per game + increment, e.g. 1+0.01")
    ap.add_argument("--openings", default=os.path.join(HERE, "openings.txt"))
    ap.add_argument("--pgn", help="write the games to this PGN file")
    ap.add_argument("extra", nargs="*", help="extra arguments after `uci`")
    args = ap.parse_args()
    try:
        base, inc = (float(x) for x in args.tc.split("+"))
    except ValueError:
        raise SystemExit(f"--tc: expected BASE+INC in seconds, like 1+0.01, not {args.tc!r}")
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
            board, result, how = play(engines, opening, (base, inc), i % 2 == 0)
            tally[how] = tally.get(how, 0) + 1
            broken = how.startswith(("failure", "time forfeit", "illegal"))
            bad += broken
            print(f"[{i + 1}/{args.games}] {result} by {how} after {board.ply()} plies", flush=True)
            if pgn:
                game = chess.pgn.Game.from_board(board)
                game.headers["Event"] = f"kchess self-play {args.tc}"
                game.headers["Round"] = str(i + 1)
                game.headers["Result"] = result
                game.headers["Termination"] = how
                print(game, file=pgn, end="\n\n", flush=True)
            if broken:
                # A broken engine is replaced for the next game.
                for e in engines:
                    try:
                        e.quit()
                    except Exception:  # noqa: BLE001
                        pass
                engines = [chess.engine.SimpleEngine.popen_uci(command, timeout=30) for _ in range(2)]
    finally:
        for e in engines:
            try:
                e.quit()
            except Exception:  # noqa: BLE001
                pass
        if pgn:
            pgn.close()
    minutes = (time.monotonic() - started) / 60
    print(f"\n{args.games} games at {args.tc} in {minutes:.1f} min: " + ", ".join(f"{n} {k}" for k, n in sorted(tally.items())))
    print(f"RESULT games={args.games} tc={args.tc} illegal_failure_or_forfeit={bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Checks `kchess uci` with python-chess's UCI client, the way a GUI or match runner drives it.

    python3 tools/elo/uci_check.py [--engine target/release/kchess] [-- EXTRA ENGINE ARGS]
    python3 tools/elo/uci_check.py --command "ENGINE COMMAND" [--time-scale F]

Plays a few moves, then searches with `go movetime 100`, `go depth 5`, `go wtime 1000 btime
1000`, `go nodes`, an infinite analysis ended by `stop`, and a short self-play game; each
reply must be a legal move. Exits non-zero on the first failure. --command runs another
engine command (the test VM's board through tools/elo/serial_bridge.py); --time-scale
multiplies the bounds on latencies for a much slower machine.
"""

import sys
import time

import chess
import chess.engine

import uci_target


def check(cond, what):
    if not cond:
        print(f"FAIL: {what}")
        sys.exit(1)
    print(f"ok: {what}")


def main():
    args, command = uci_target.parse(__doc__.splitlines()[0],
                                     "extra arguments after `uci` (e.g. --device /dev/chess)")
    scale = args.time_scale
    engine = uci_target.start(command, scale)
    try:
        check(engine.id.get("name", "").startswith("kchess"), f"id name {engine.id.get('name')!r}")
        board = chess.Board()
        for san in ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3"]:
            board.push_san(san)

        t = time.monotonic()
        r = engine.play(board, chess.engine.Limit(time=0.1), info=chess.engine.INFO_ALL)
        dt = time.monotonic() - t
        check(r.move in board.legal_moves, f"go movetime 100 -> {board.san(r.move)} in {dt * 1000:.0f} ms, info {r.info}")
        check(dt < 1.0 * scale, f"movetime 100 answered within {scale:g} s")
        board.push(r.move)

        r = engine.play(board, chess.engine.Limit(depth=5), info=chess.engine.INFO_ALL)
        check(r.move in board.legal_moves and r.info.get("depth") == 5, f"go depth 5 -> {board.san(r.move)}, info {r.info}")
        board.push(r.move)

        t = time.monotonic()
        r = engine.play(board, chess.engine.Limit(white_clock=1.0, black_clock=1.0))
        dt = time.monotonic() - t
        check(r.move in board.legal_moves, f"go wtime 1000 btime 1000 -> {board.san(r.move)} in {dt * 1000:.0f} ms")
        # Slower machines stretch the bound, never to the whole clock.
        bound = min(0.5 * scale, 0.9)
        check(dt < bound, f"a 1 s clock spends well under {bound:g} s on one move")
        board.push(r.move)

        r = engine.play(board, chess.engine.Limit(nodes=20000), info=chess.engine.INFO_ALL)
        check(r.move in board.legal_moves, f"go nodes 20000 -> {board.san(r.move)}, nodes {r.info.get('nodes')}")
        board.push(r.move)

        # go infinite, then stop after 300 ms.
        t = time.monotonic()
        with engine.analysis(board) as analysis:
            time.sleep(0.3)
            analysis.stop()
            best = analysis.wait()
        dt = time.monotonic() - t
        check(best.move in board.legal_moves, f"go infinite + stop -> {board.san(best.move)} after {dt * 1000:.0f} ms")
        check(dt < 2.0 * scale, "stop answered promptly")

        # The engine is still healthy after an interrupted search.
        r = engine.play(board, chess.engine.Limit(time=0.05))
        check(r.move in board.legal_moves, f"search after stop -> {board.san(r.move)}")

        # Special moves from a FEN: castling, en passant, promotion.
        b = chess.Board("rn2k2r/P7/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")
        for uci in ["e5d6", "e8g8", "e1c1", "g8g7", "a7b8q"]:
            b.push_uci(uci)
        r = engine.play(b, chess.engine.Limit(depth=3))
        check(r.move in b.legal_moves, f"position fen ... moves e5d6 e8g8 e1c1 g8g7 a7b8q -> {b.san(r.move)}")
        # Taking the rook as a queen is the one good move (a quiet promotion is not: with
        # the pawn sure to queen, a king move first wins as well).
        b = chess.Board("1r5k/P7/8/8/8/8/8/K7 w - - 0 1")
        r = engine.play(b, chess.engine.Limit(depth=4))
        check(r.move == chess.Move.from_uci("a7b8q"), f"promotes: {r.move.uci()}")
        b = chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
        r = engine.play(b, chess.engine.Limit(depth=3), info=chess.engine.INFO_ALL)
        check(r.move == chess.Move.from_uci("a1a8"), f"mate in one: {r.move.uci()} score {r.info.get('score')}")

        # A short self-play game at 20 ms per move.
        board = chess.Board()
        engine.configure({})
        for _ in range(40):
            if board.is_game_over(claim_draw=True):
                break
            r = engine.play(board, chess.engine.Limit(time=0.02))
            if r.move not in board.legal_moves:
                check(False, f"self-play move {r.move} legal in {board.fen()}")
            board.push(r.move)
        check(True, f"self-play: {board.ply()} plies, last FEN {board.fen()}")
    finally:
        engine.quit()
    print("uci_check: all passed")


if __name__ == "__main__":
    main()

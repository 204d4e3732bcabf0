#!/usr/bin/env python3
"""How well kchess wins a won endgame: a benchmark, not a test.

From --positions seeded random positions of one material balance (default a queen against a
rook: `--strong Q --weak R`), each kchess binary given plays the stronger side, to move,
against Stockfish (at `UCI_Elo` --level, default 2500) on a clock (default 3+0.1 s, about what
each side has left late in a game of 10+0.1), and the wins, draws and losses are counted. A
position has neither king in check and neither side's piece attacked, so that no capture
decides it at once; the kings are never adjacent. With two binaries, each position is played
by both in turn, so that both see the same positions under the same load:

    python3 tools/elo/conversion.py --engine /tmp/base/kchess --engine target/release/kchess
"""

import argparse
import os
import random
import shutil
import sys

import chess
import chess.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from matchplay import Seat, close, parse_tc, play_game, seating  # noqa: E402

KINDS = {"Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


def random_position(rng, strong, weak, strong_colour):
    """A position with the two kings, `strong`'s pieces for `strong_colour`, to move, and
    `weak`'s for the other side, as described at the top; tries again until one is found."""
    while True:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, 2 + len(strong) + len(weak))
        board.set_piece_at(squares[0], chess.Piece(chess.KING, strong_colour))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, not strong_colour))
        rest = squares[2:]
        for colour, kinds in ((strong_colour, strong), (not strong_colour, weak)):
            for letter in kinds:
                board.set_piece_at(rest.pop(), chess.Piece(KINDS[letter], colour))
        board.turn = strong_colour
        if not board.is_valid() or board.is_check() or board.is_game_over():
            continue
        if chess.square_distance(board.king(chess.WHITE), board.king(chess.BLACK)) < 2:
            continue
        pieces = [sq for sq, p in board.piece_map().items() if p.piece_type != chess.KING]
        if any(board.is_attacked_by(not board.color_at(sq), sq) for sq in pieces):
            continue
        return board


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", action="append", help="a kchess binary; give it twice to compare two")
    ap.add_argument("--strong", default="Q", help="the stronger side's pieces beside its king (default Q)")
    ap.add_argument("--weak", default="R", help="the weaker side's pieces beside its king (default R)")
    ap.add_argument("--positions", type=int, default=40, help="how many positions (default 40)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", type=int, default=2500, help="Stockfish's UCI_Elo (default 2500)")
    ap.add_argument("--tc", default="3+0.1", help="seconds a game + seconds a move (default 3+0.1)")
    ap.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    args = ap.parse_args()
    engines = args.engine or ["target/release/kchess"]
    if any(c not in KINDS for c in args.strong + args.weak):
        raise SystemExit(f"--strong and --weak take letters of {''.join(KINDS)}")
    tc = parse_tc(args.tc)

    rng = random.Random(args.seed)
    sf = chess.engine.SimpleEngine.popen_uci([args.stockfish], timeout=30)
    sf.configure({"Threads": 1, "Hash": 16, "Move Overhead": 30})
    sf_seat = Seat(f"stockfish-{args.level}", sf, {"UCI_LimitStrength": True, "UCI_Elo": args.level})
    seats = [Seat(path, chess.engine.SimpleEngine.popen_uci([path, "uci"], timeout=30)) for path in engines]
    tally = {path: {"won": 0, "drawn": 0, "lost": 0, "plies": 0} for path in engines}
    try:
        for i in range(args.positions):
            start = random_position(rng, args.strong, args.weak, rng.choice(chess.COLORS))
            line = [f"{i + 1:3} {start.fen()}"]
            for seat in seats:
                board = start.copy()
                end = play_game(board, seating(seat, sf_seat, start.turn == chess.WHITE), tc=tc)
                won = end.result == ("1-0" if start.turn == chess.WHITE else "0-1")
                outcome = "won" if won else "drawn" if end.result == "1/2-1/2" else "lost"
                tally[seat.name][outcome] += 1
                tally[seat.name]["plies"] += board.ply() if won else 0
                line.append(f"{outcome} ({end.termination}, {board.ply()} plies)")
            print("  ".join(line), flush=True)
    finally:
        close(sf)
        for seat in seats:
            close(seat.engine)
    for path, t in tally.items():
        mean = t["plies"] / t["won"] if t["won"] else 0
        print(
            f"RESULT {path}: K{args.strong} v K{args.weak}, {args.positions} positions, seed {args.seed}, "
            f"{args.tc} against Stockfish {args.level}: won {t['won']}, drawn {t['drawn']}, lost {t['lost']}; "
            f"{mean:.0f} plies a win"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

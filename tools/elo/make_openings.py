#!/usr/bin/env python3
"""Writes the openings of sprt.py, tools/elo/sprt-openings.epd: positions after a number of
random legal plies from the start position (each move drawn uniformly among the legal ones from
a seeded generator), kept when the game is not over, the position is new (placement, side,
castling and en passant), and Stockfish at a fixed depth scores it within a bound (a mate is
out of bounds). One FEN a line, in the order found.

    python3 tools/elo/make_openings.py [--count 1000] [--plies 8] [--seed 1] [--depth 10]
                                       [--max-cp 80] [--out tools/elo/sprt-openings.epd]

The file in the repository was made with the defaults and Stockfish 15.1 (Debian's
/usr/games/stockfish), one thread, 16 MB hash cleared before each position; the same seed and
Stockfish give the same file.
"""

import argparse
import os
import random
import shutil
import sys

import chess
import chess.engine

HERE = os.path.dirname(os.path.abspath(__file__))


def random_position(rng, plies):
    """The board after `plies` uniformly random legal moves, or None when the game ended first."""
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            return None
        board.push(rng.choice(moves))
    return board


def main():
    ap = argparse.ArgumentParser(description="the random, balanced openings of sprt.py")
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--max-cp", type=int, default=80)
    ap.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    ap.add_argument("--out", default=os.path.join(HERE, "sprt-openings.epd"))
    args = ap.parse_args()

    rng = random.Random(args.seed)
    sf = chess.engine.SimpleEngine.popen_uci([args.stockfish], timeout=30)
    sf.configure({"Threads": 1, "Hash": 16})
    seen = set()
    fens = []
    tried = 0
    try:
        while len(fens) < args.count:
            board = random_position(rng, args.plies)
            tried += 1
            if board is None or board.is_game_over(claim_draw=True):
                continue
            key = board.epd()
            if key in seen:
                continue
            seen.add(key)
            info = sf.analyse(board, chess.engine.Limit(depth=args.depth), game=object())
            cp = info["score"].white().score()
            if cp is None or abs(cp) > args.max_cp:
                continue
            fens.append(board.fen())
    finally:
        sf.quit()
    with open(args.out, "w", encoding="utf-8") as f:
        for fen in fens:
            print(fen, file=f)
    print(f"{len(fens)} positions of {tried} tried ({len(seen)} distinct) written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Training positions from played games, for tuning kchess's evaluation on the positions of
its matches (against Stockfish, say) rather than of its self-play.

    python3 tools/tune/from_pgn.py OUT GAME.pgn [GAME.pgn ...] [--min-ply 12] [--player kchess]
        [--no-result]

Writes one `FEN;R` line per position, as `kchess tune positions` does (R is the game's result
for White: 1, 0.5 or 0; with --no-result `-`, which `kchess tune fit` reads as "fit to the
score alone"), ready for `tools/tune/label.py`. Kept are the positions from ply
--min-ply of the game on (past the openings of `tools/elo/openings.txt`, at most 8 plies)
that are quiet: the side to move is not in check and the move played from them is neither a
capture nor a promotion. With
--player, only the positions where that player (a PGN White or Black name) was to move. Each
position is written once, with the result of the first game that reached it.
"""

import argparse
import sys

import chess
import chess.pgn

RESULTS = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}


def positions(game, min_ply, player):
    """The quiet positions of one game from ply `min_ply` on, as FENs."""
    board = game.board()
    for move in game.mainline_moves():
        mover = game.headers.get("White" if board.turn == chess.WHITE else "Black")
        if not (
            board.ply() < min_ply
            or board.is_check()
            or board.is_capture(move)
            or move.promotion is not None
            or (player is not None and mover != player)
        ):
            yield board.fen()
        board.push(move)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--min-ply", type=int, default=12)
    ap.add_argument("--player")
    ap.add_argument("--no-result", action="store_true")
    args = ap.parse_args()

    seen = set()
    games = 0
    with open(args.out, "w") as out:
        for path in args.pgn:
            with open(path) as f:
                while (game := chess.pgn.read_game(f)) is not None:
                    result = RESULTS.get(game.headers.get("Result", "*"))
                    if result is None:
                        continue
                    if args.no_result:
                        result = "-"
                    games += 1
                    for fen in positions(game, args.min_ply, args.player):
                        if fen not in seen:
                            seen.add(fen)
                            out.write(f"{fen};{result}\n")
    print(f"{games} games, {len(seen)} positions", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How the drawn games against Stockfish ended: the half points the player let go.

    python3 tools/elo/draws.py GAMES.pgn [GAMES.pgn ...] [--player kchess] [--top 12]

e.g. on the gauntlets' PGNs (tools/elo/gauntlet.py --pgn), from the repository root:

    python3 tools/elo/draws.py docs/gauntlet/2026-11-2[89]-*200games.pgn

For every drawn game the player played (--player, matched against the White and Black
headers) the final position is read: how the game ended (the Termination header) and whether
the player was ahead, level or behind in material there (P 1, N and B 3, R 5, Q 9, as
`turning.py` counts). Then the --top most frequent final materials among the draws the player
was ahead in, the player's pieces first (`R 2P v R 1P`): the endings its evaluation or its
search could not win, or did not know to be drawn before it went into them. Among the
stalemates it lists those the player's own move made by a capture, with the position before
it: a piece given up to stalemate the player, taken.

Reads PGNs only, no engine: about 15 seconds for a thousand games. With --score DEPTH,
Stockfish also scores each draw by repetition 20 and 8 plies before its end, from the
player's side, as `turning.py` scores the losses (its `Scorer`: one process, Threads 1, Hash
32, the scores kept in its sqlite cache): whether the repetition threw away an advantage (at
least +50 cp) or saved a worse position (-50 or less); about a minute for a gauntlet's
repetitions at depth 11.
"""

import argparse
import collections

import chess

from turning import Scorer, add_scorer_arguments, games, material_points, material_string


def drawn_games(paths, player):
    """(file name, game, player's colour) for each drawn game the player played."""
    for name, game in games(paths):
        h = game.headers
        if h.get("Result") == "1/2-1/2" and player in (h.get("White"), h.get("Black")):
            yield name, game, chess.WHITE if h["White"] == player else chess.BLACK


# How a player stands, best first.
STANDINGS = ("ahead", "level", "behind")
# --score: how many plies before a repetition's end its positions are scored...
SCORE_PLIES_BEFORE = (20, 8)
# ...and the centipawns from which a side counts as better there.
SCORE_MARGIN = 50


def standing(value, margin):
    """"ahead", "level" or "behind", as `value` (the player's side) reaches `margin` or not."""
    return "ahead" if value >= margin else "behind" if value <= -margin else "level"


def score_repetitions(repetitions, scorer):
    """Stockfish's scores, from the player's side, of each game's positions
    `SCORE_PLIES_BEFORE` plies before its end, counted by standing."""
    counts = {back: collections.Counter() for back in SCORE_PLIES_BEFORE}
    for number, (game, us) in enumerate(repetitions):
        positions = list(game.mainline())
        for back in SCORE_PLIES_BEFORE:
            board = positions[max(0, len(positions) - back)].board()
            cp = scorer.white_cp(board, number)
            counts[back][standing(cp if us == chess.WHITE else -cp, SCORE_MARGIN)] += 1
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", nargs="+", metavar="PGN", help="PGN files, e.g. a gauntlet's games")
    ap.add_argument("--player", default="kchess", help="the player's name in the PGN headers")
    ap.add_argument("--top", type=int, default=12, metavar="N",
                    help="how many final materials of the draws the player was ahead in")
    ap.add_argument("--score", type=int, metavar="DEPTH",
                    help="have Stockfish score the draws by repetition before their end")
    add_scorer_arguments(ap)
    args = ap.parse_args()

    ends = collections.Counter()
    ahead = collections.Counter()
    taken = []
    repetitions = []
    for name, game, us in drawn_games(args.pgn, args.player):
        last = game.end()
        board = last.board()
        balance = material_points(board, us) - material_points(board, not us)
        side = standing(balance, 1)
        termination = game.headers.get("Termination", "?")
        ends[(termination, side)] += 1
        if termination == "threefold repetition":
            repetitions.append((game, us))
        if balance > 0:
            ahead[f"{material_string(board, us)} v {material_string(board, not us)}"] += 1
        if board.is_stalemate() and last.parent is not None and board.turn != us:
            before = last.parent.board()
            if before.is_capture(last.move):
                taken.append((name, game.headers.get("Round", "?"), before.fen(), last.san()))

    total = sum(ends.values())
    print(f"{total} draws of {args.player}")
    for termination in sorted({t for t, _ in ends}):
        row = ", ".join(f"{ends[(termination, s)]} {s}" for s in STANDINGS)
        print(f"  {termination}: {row}")
    print(f"final material of the {sum(ahead.values())} draws {args.player} was ahead in:")
    for material, n in ahead.most_common(args.top):
        print(f"  {n:4}  {material}")
    print(f"stalemates {args.player} made by taking a piece: {len(taken)}")
    for name, rnd, fen, san in taken:
        print(f"  {name} round {rnd}: {fen} {san}")
    if args.score:
        scorer = Scorer(args.cache, args.stockfish, args.score)
        try:
            counts = score_repetitions(repetitions, scorer)
        finally:
            scorer.close()
        print(f"draws by repetition scored by Stockfish (depth {args.score}), "
              f"{args.player}'s side, {SCORE_MARGIN} cp either way:")
        for back, c in counts.items():
            print(f"  {back} plies before the end: "
                  + ", ".join(f"{c[s]} {s}" for s in STANDINGS))


if __name__ == "__main__":
    main()

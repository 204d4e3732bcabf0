#!/usr/bin/env python3
"""Where the games against Stockfish are lost: the turning point of every game kchess lost.

    python3 tools/elo/turning.py GAMES.pgn [GAMES.pgn ...] [--depth 11] [--top 10]
        [--cache turning-cache.sqlite] [--jsonl OUT] [--player kchess] [--stockfish PATH]

e.g. on a gauntlet's PGN (tools/elo/gauntlet.py --pgn), from the repository root:

    nice python3 tools/elo/turning.py docs/gauntlet/2026-11-24-see-sf2500-10+0.1.pgn

For every game the player lost (--player, matched against the White and Black headers),
Stockfish (one process, Threads 1, Hash 32) scores the position after every second ply from
ply 16 on at --depth. Scores are from the player's side; any mate counts as 10000 cp.

- turning ply: the first scored ply from which every later scored ply stays below -150 cp;
- lost ply: the same with -400 cp.

The turning point is in the opening when the turning ply is below 30; otherwise in the
middlegame when the phase there (N and B 1, R 2, Q 4; 24 at the start) is above 8, else in the
endgame. Material counts P 1, N and B 3, R 5, Q 9. Every ply in the 8 plies before the turning
ply is scored too: the drop into the turning point is the score 8 plies before it minus the score
at it, and each of the player's moves in that window has its own drop (the score before the
move minus the score after it).

The summary on standard output has the number of losses, the quartiles of the turning and lost
plies, the turning points by phase (with queens on, with the player already down in material),
the drop into the turning point and the --top largest single-move drops with the position
before the move. --jsonl writes one record per lost game.

Scores are cached by FEN and depth in an sqlite file (--cache), and Stockfish starts only when
a score is missing: a rerun makes no engine calls. A first run over 200 losses at depth 11 is
about 13,000 searches, 5 to 6 minutes on one core. Engine use goes to standard error.
"""

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import sys
import time

import chess
import chess.engine
import chess.pgn

START_PLY = 16
TURN_CP = -150
LOST_CP = -400
WINDOW = 8
OPENING_PLIES = 30
ENDGAME_PHASE = 8
MATE = 10000

PIECE_VALUE = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
PHASE_VALUE = {chess.KNIGHT: 1, chess.BISHOP: 1, chess.ROOK: 2, chess.QUEEN: 4}


class Scorer:
    """Stockfish's scores from White's side, through the sqlite cache."""

    def __init__(self, cache, stockfish, depth):
        self.db = sqlite3.connect(cache)
        self.db.execute("CREATE TABLE IF NOT EXISTS ev (fen TEXT, depth INT, white_cp INT, "
                        "PRIMARY KEY (fen, depth))")
        self.stockfish = stockfish
        self.depth = depth
        self.engine = None
        self.cached = self.searched = 0

    def white_cp(self, board, game_key):
        """The score of `board` (which carries the game's moves) from White's side."""
        fen = board.fen()
        row = self.db.execute("SELECT white_cp FROM ev WHERE fen=? AND depth=?",
                              (fen, self.depth)).fetchone()
        if row is not None:
            self.cached += 1
            return row[0]
        if board.is_checkmate():
            cp = -MATE if board.turn == chess.WHITE else MATE
        elif board.is_stalemate():
            cp = 0
        else:
            if self.engine is None:
                self.engine = chess.engine.SimpleEngine.popen_uci([self.stockfish], timeout=30)
                self.engine.configure({"Threads": 1, "Hash": 32})
            info = self.engine.analyse(board, chess.engine.Limit(depth=self.depth), game=game_key)
            score = info["score"].white()
            cp = score.score() if not score.is_mate() else MATE if score.mate() > 0 else -MATE
            self.searched += 1
        self.db.execute("INSERT OR REPLACE INTO ev VALUES (?,?,?)", (fen, self.depth, cp))
        return cp

    def close(self):
        """Commits the cache and stops the engine."""
        self.db.commit()
        if self.engine is not None:
            self.engine.quit()


def add_scorer_arguments(ap):
    """The options a `Scorer` is made from: --stockfish and --cache."""
    ap.add_argument("--stockfish", metavar="PATH",
                    default=shutil.which("stockfish") or "/usr/games/stockfish",
                    help="Stockfish (default: stockfish on PATH, else /usr/games/stockfish)")
    ap.add_argument("--cache", default="turning-cache.sqlite", metavar="FILE",
                    help="sqlite cache of Stockfish's scores (default turning-cache.sqlite)")


def material_string(board, color):
    """The pieces of one side, e.g. `Q R B N 6P`."""
    pieces = [sym for pt, sym in ((chess.QUEEN, "Q"), (chess.ROOK, "R"), (chess.BISHOP, "B"),
                                  (chess.KNIGHT, "N")) for _ in board.pieces(pt, color)]
    return " ".join(pieces + [f"{len(board.pieces(chess.PAWN, color))}P"])


def material_points(board, color):
    """The material of one side in pawns."""
    return sum(v * len(board.pieces(pt, color)) for pt, v in PIECE_VALUE.items())


def phase(board):
    """24 with all pieces on, 0 with kings and pawns only."""
    return sum(v * len(board.pieces(pt, c)) for pt, v in PHASE_VALUE.items() for c in chess.COLORS)


def first_ply_staying_below(scores, threshold):
    """The first ply of (ply, cp) pairs from which every score is below threshold, or None."""
    if not scores or scores[-1][1] >= threshold:
        return None
    i = len(scores) - 1
    while i > 0 and scores[i - 1][1] < threshold:
        i -= 1
    return scores[i][0]


def games(paths):
    """(file name, game) for each game in the PGN files."""
    for path in paths:
        with open(path, encoding="utf-8") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                yield os.path.basename(path), game


def lost_games(paths, player):
    """(file name, game) for each game in the PGN files that the player lost."""
    for name, game in games(paths):
        h = game.headers
        if (h.get("White") == player and h.get("Result") == "0-1") or \
                (h.get("Black") == player and h.get("Result") == "1-0"):
            yield name, game


def analyse_game(name, game, player, scorer):
    """The per-game record: scores, turning and lost plies, and the turning point's details."""
    h = game.headers
    colour = chess.WHITE if h["White"] == player else chess.BLACK
    sign = 1 if colour == chess.WHITE else -1
    key = f"{name}#{h.get('Round', '?')}"
    moves = list(game.mainline_moves())
    boards = [game.board()]  # boards[p]: the position after p plies, with its move stack
    for move in moves:
        boards.append(boards[-1].copy())
        boards[-1].push(move)

    def score(p):
        return sign * scorer.white_cp(boards[p], key)

    scores = [(p, score(p)) for p in range(START_PLY, len(moves) + 1, 2)]
    turning = first_ply_staying_below(scores, TURN_CP)
    rec = {
        "file": name, "round": h.get("Round"), "player": player,
        "player_colour": "white" if colour == chess.WHITE else "black",
        "result": h.get("Result"), "termination": h.get("Termination"),
        "opening": h.get("Opening"), "plies": len(moves),
        "turning_ply": turning, "lost_ply": first_ply_staying_below(scores, LOST_CP),
        "scores": scores,
    }
    if turning is None:
        return rec
    b = boards[turning]
    balance = material_points(b, colour) - material_points(b, not colour)
    start = max(0, turning - WINDOW)
    window = {p: score(p) for p in range(start, turning + 1)}
    rec.update({
        "material": f"{material_string(b, colour)} vs {material_string(b, not colour)}",
        "material_balance": balance, "material_down": balance < 0, "phase": phase(b),
        "queens_on": bool(b.pieces(chess.QUEEN, chess.WHITE) or b.pieces(chess.QUEEN, chess.BLACK)),
        "endgame": phase(b) <= ENDGAME_PHASE, "fen": b.fen(),
        "window_start_ply": start, "score_before": window[start],
        "score_at_turning": window[turning], "score_drop": window[start] - window[turning],
        "player_moves": [{
            "ply": p,  # the move's own ply: 1 is White's first move
            "move_no": boards[p - 1].fullmove_number,
            "san": boards[p - 1].san(moves[p - 1]),
            "fen_before": boards[p - 1].fen(),
            "score_before": window[p - 1], "score_after": window[p],
            "drop": window[p - 1] - window[p],
            "phase_before": phase(boards[p - 1]),
        } for p in range(start + 1, turning + 1) if boards[p - 1].turn == colour],
        "window_scores": sorted(window.items()),
    })
    return rec


def quartiles(xs):
    """`Q1 / median / Q3 (min to max)`, inclusive quartiles."""
    xs = sorted(xs)
    if not xs:
        return "-"
    q = statistics.quantiles(xs * 2 if len(xs) == 1 else xs, n=4, method="inclusive")
    return f"{q[0]:g} / {q[1]:g} / {q[2]:g} ({xs[0]} to {xs[-1]})"


def stage(rec):
    """Where the turning point is: opening, middlegame or endgame."""
    if rec["turning_ply"] < OPENING_PLIES:
        return "opening"
    return "endgame" if rec["phase"] <= ENDGAME_PHASE else "middlegame"


def summarise(recs, player, depth, top):
    """Prints the summary of the per-game records."""
    files = list(dict.fromkeys(r["file"] for r in recs))
    white = sum(r["player_colour"] == "white" for r in recs)
    print(f"{len(recs)} loss{'es' * (len(recs) != 1)} of {player} (White {white}, "
          f"Black {len(recs) - white}), Stockfish depth {depth}, scores from {player}'s side")
    if not recs:
        return
    turned = [r for r in recs if r["turning_ply"] is not None]
    print(f"\nplies from which the score stays below {TURN_CP} (turning) and {LOST_CP} (lost), "
          f"Q1 / median / Q3 (min to max):")
    for name in [None] + files if len(files) > 1 else [None]:
        some = [r for r in recs if name in (None, r["file"])]
        print(f"{name or 'all'}: {len(some)} loss{'es' * (len(some) != 1)}")
        for key, label in (("turning_ply", "turning"), ("lost_ply", "lost")):
            print(f"  {label:8} {quartiles(r[key] for r in some if r[key] is not None)}")
    if len(turned) < len(recs):
        print(f"no turning ply in {len(recs) - len(turned)} games (not below {TURN_CP} at the end)")
    if not turned:
        return
    print(f"\n{'turning point':26} {'games':>5} {'queens on':>10} {'material down':>14}")
    for label, name in ((f"opening (ply < {OPENING_PLIES})", "opening"),
                        (f"middlegame (phase > {ENDGAME_PHASE})", "middlegame"),
                        (f"endgame (phase <= {ENDGAME_PHASE})", "endgame"), ("all", None)):
        some = [r for r in turned if name in (None, stage(r))]
        print(f"{label:26} {len(some):5} {sum(r['queens_on'] for r in some):10} "
              f"{sum(r['material_down'] for r in some):14}")
    print(f"\ndrop into the turning point in cp (the score {WINDOW} plies before it minus the "
          f"score at it):\n  {quartiles(r['score_drop'] for r in turned)}")
    drops = sorted(((m, r) for r in turned for m in r["player_moves"]),
                   key=lambda mr: -mr[0]["drop"])
    if top > 0 and drops:
        print(f"\nlargest single-move drops of {player} "
              f"in the {WINDOW} plies before a turning ply:")
    for i, (m, r) in enumerate(drops[:top], 1):
        dots = "." if r["player_colour"] == "white" else "..."
        print(f"{i:3}. {m['drop']} cp ({m['score_before']} to {m['score_after']}) by "
              f"{m['move_no']}{dots}{m['san']}, ply {m['ply']}, phase {m['phase_before']}, "
              f"{r['file']} round {r['round']}\n     {m['fen_before']}")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", nargs="+", metavar="PGN", help="PGN files, e.g. a gauntlet's games")
    ap.add_argument("--depth", type=int, default=11, metavar="N",
                    help="Stockfish's search depth (default 11)")
    add_scorer_arguments(ap)
    ap.add_argument("--jsonl", metavar="FILE", help="write one JSON record per lost game here")
    ap.add_argument("--player", default="kchess", metavar="NAME",
                    help="whose losses, as named in the White/Black headers (default kchess)")
    ap.add_argument("--top", type=int, default=10, metavar="N",
                    help="list the N largest single-move drops (default 10)")
    args = ap.parse_args()
    if args.depth < 1:
        ap.error("--depth must be at least 1")

    scorer = Scorer(args.cache, args.stockfish, args.depth)
    recs = []
    last = time.monotonic()
    try:
        for name, game in lost_games(args.pgn, args.player):
            recs.append(analyse_game(name, game, args.player, scorer))
            scorer.db.commit()
            if time.monotonic() - last >= 10:
                last = time.monotonic()
                print(f"turning: {len(recs)} losses, {scorer.searched} searches",
                      file=sys.stderr, flush=True)
    finally:
        scorer.close()
    print(f"turning: {len(recs)} losses, {scorer.cached} scores from the cache, "
          f"{scorer.searched} searches", file=sys.stderr)
    if args.jsonl:
        with open(args.jsonl, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r) + "\n" for r in recs)
    summarise(recs, args.player, args.depth, args.top)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""SPRT of an engine change: a new kchess against the old one, in self-play on a clock, until a
sequential probability ratio test accepts one of two hypotheses about the Elo difference.

    cp target/release/kchess /tmp/kchess-base        # before the change
    ...                                               # the change
    cargo build --release -p kchess
    python3 tools/elo/sprt.py --new target/release/kchess --base /tmp/kchess-base

Both engines run as `ENGINE uci` (plus --new-args / --base-args). Defaults: --tc 5+0.05 (seconds
a game + seconds a move, sent as wtime/btime/winc/binc; the clocks are kept here, from `go` to
`bestmove`, and a flag that falls loses), --concurrency 2, --elo0 0 --elo1 10 --alpha 0.05
--beta 0.05, --max-games 2000, openings in order from tools/elo/sprt-openings.epd (FEN or EPD
lines; --shuffle SEED plays them in a seeded random order). Each opening is played twice, NEW
with White and then with Black: a pair.

A game ends by the rules (checkmate, stalemate, insufficient material, threefold repetition and
the fifty-move rule, both claimed), by forfeit (an illegal move, no move, an engine that fails,
a flag that falls), or by adjudication, which keeps games short: a draw once both engines have
scored the position within +-10 cp for 8 consecutive moves each and 40 moves have been played;
a win once both engines have scored it 1000 cp or more for the same side for 5 consecutive
moves each.

The statistics. H0: elo = elo0, H1: elo = elo1, logistic Elo (expected score 1/(1+10^(-elo/400))).
The log-likelihood ratio is the generalised one fishtest computes with the pentanomial model: the
outcomes are game pairs, scored 0, 1/2, 1, 3/2 or 2 points for NEW; for each hypothesis the
maximum-likelihood distribution over the five outcomes with the hypothesis' expected score is
found (Proposition 1.1 of Van den Bergh's "support_MLE_multinomial"; a one-dimensional secular
equation, solved by bisection), and LLR = sum over outcomes of count * ln(p1 / p0), after empty
outcomes are given a count of 0.001 as fishtest does. The test stops at LLR >= ln((1-beta)/alpha)
(H1: the change gains elo1 or more) or LLR <= ln(beta/(1-alpha)) (H0: it gains elo0 or less).
The Elo difference and its 95% margin printed beside it are the per-game estimate of
gauntlet.py (trinomial; a rough figure, the LLR is the decision).

`--resume PGN` goes on with a test that was stopped: the complete pairs of PGN (written by an
earlier run with the same engines, openings and --shuffle) are counted first, each checked against
the opening the order gives its pair number; the pairs not yet played follow, and their games are
appended to PGN. The LLR is then that of all the pairs, as if the test had never stopped.

After each pair one line; the last line is machine-readable:
    SPRT result=H1|H0|inconclusive games=N wdl=W-D-L elo=E margin=M llr=L
Ctrl-C stops the match and prints that summary of the pairs finished. `--self-test` checks the
LLR against hand-computed cases and the adjudication and exits.
"""

import argparse
import collections
import concurrent.futures
import math
import os
import random
import shlex
import signal
import sys
import tempfile
import threading
import time

import chess
import chess.engine
import chess.pgn

from matchplay import Seat, close, close_all, estimate, forget_failed, parse_tc, pgn_record, play_game, points_for, seating, wdl_slot

HERE = os.path.dirname(os.path.abspath(__file__))

# Fishtest's stand-in count for an outcome not yet seen, so that every likelihood is positive.
EMPTY_COUNT = 1e-3
# The pentanomial outcomes: NEW's points in a pair, divided by 2 (a score per game).
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)


def logistic(elo):
    """The expected score of a side `elo` points stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def mle(values, probs, s):
    """The distribution over `values` nearest `probs` in likelihood whose expected value is s:
    p_i = probs_i / (1 + x (v_i - s)), with x the root of sum probs_i (v_i - s) / (1 + x (v_i -
    s)) = 0 between the poles -1/(max v - s) and 1/(s - min v), where that sum falls from +inf
    to -inf. Every probs_i > 0, and min v < s < max v."""
    lo = -1.0 / (max(values) - s)
    hi = 1.0 / (s - min(values))

    def f(x):
        return sum(p * (v - s) / (1.0 + x * (v - s)) for v, p in zip(values, probs))

    for _ in range(200):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    x = (lo + hi) / 2
    out = [p / (1.0 + x * (v - s)) for v, p in zip(values, probs)]
    total = sum(out)
    return [p / total for p in out]


def llr(counts, values, s0, s1):
    """The generalised log-likelihood ratio of expected score s1 against s0 for outcomes
    `values` seen `counts` times (fractional counts allowed; outcomes never seen are left out, as
    the maximum-likelihood distributions give them nothing). -inf or +inf when every outcome
    seen lies on one side of s0 or s1: then no distribution with that mean explains them."""
    seen = [(v, c) for v, c in zip(values, counts) if c > 0]
    if not seen:
        return 0.0
    n = sum(c for _, c in seen)
    vs = [v for v, _ in seen]
    probs = [c / n for _, c in seen]
    for s in (s0, s1):
        if not min(vs) < s < max(vs):
            raise ValueError(f"the outcomes seen, {vs}, do not surround the expected score {s}")
    p0 = mle(vs, probs, s0)
    p1 = mle(vs, probs, s1)
    return sum(c * math.log(b / a) for (_, c), a, b in zip(seen, p0, p1))


def pentanomial_llr(pentanomial, elo0, elo1):
    """The LLR of H1 (elo1) against H0 (elo0) for the pair counts [LL, LD+DL, LW+DD+WL, DW+WD, WW]
    (from NEW's side), the empty ones counted as EMPTY_COUNT, as fishtest does."""
    if sum(pentanomial) == 0:
        return 0.0
    counts = [c if c > 0 else EMPTY_COUNT for c in pentanomial]
    return llr(counts, PAIR_SCORES, logistic(elo0), logistic(elo1))


def sprt_bounds(alpha, beta):
    """(lower, upper): accept H0 at or below lower, H1 at or above upper."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


class Adjudicator:
    """The adjudication of one game (see the top of the file), fed each move's score in
    centipawns from White's side; a move without a score breaks every run."""

    DRAW_AFTER_MOVE = 40
    DRAW_CP = 10
    DRAW_MOVES = 8
    WIN_CP = 1000
    WIN_MOVES = 5

    def __init__(self):
        self.draw_run = 0
        self.white_run = 0
        self.black_run = 0

    def __call__(self, board, cp):
        if cp is None:
            self.draw_run = self.white_run = self.black_run = 0
            return None
        # Plies in a row, the two engines taking turns: a run of 2n plies is n moves each.
        self.draw_run = self.draw_run + 1 if abs(cp) <= self.DRAW_CP else 0
        self.white_run = self.white_run + 1 if cp >= self.WIN_CP else 0
        self.black_run = self.black_run + 1 if cp <= -self.WIN_CP else 0
        if self.white_run >= 2 * self.WIN_MOVES:
            return "1-0", f"adjudicated: White ahead by {self.WIN_CP} cp or more for {self.WIN_MOVES} moves"
        if self.black_run >= 2 * self.WIN_MOVES:
            return "0-1", f"adjudicated: Black ahead by {self.WIN_CP} cp or more for {self.WIN_MOVES} moves"
        if self.draw_run >= 2 * self.DRAW_MOVES and board.ply() >= 2 * self.DRAW_AFTER_MOVE:
            return "1/2-1/2", f"adjudicated: within {self.DRAW_CP} cp for {self.DRAW_MOVES} moves"
        return None


def read_positions(path):
    """(FEN, label) for each line of an EPD or FEN file; blank lines and `#` comments skipped."""
    positions = []
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            try:
                board = chess.Board(line)
            except ValueError:
                try:
                    board, _ = chess.Board.from_epd(line)
                except ValueError as e:
                    raise SystemExit(f"{path}:{number}: neither FEN nor EPD: {e}")
            if board.is_game_over(claim_draw=True):
                raise SystemExit(f"{path}:{number}: the game is already over")
            positions.append((board.fen(), f"{os.path.basename(path)}:{number}"))
    if not positions:
        raise SystemExit(f"{path}: no positions")
    return positions


class Tally:
    """The finished pairs: games W-D-L and the pentanomial, both from NEW's side."""

    def __init__(self):
        self.wdl = [0, 0, 0]
        self.pentanomial = [0] * 5
        self.kinds = collections.Counter()

    def add_pair(self, points, kinds):
        for p in points:
            self.wdl[wdl_slot(p)] += 1
        self.pentanomial[round(2 * sum(points))] += 1
        self.kinds.update(kinds)

    def games(self):
        return sum(self.wdl)


def termination_kind(termination):
    """The `kind` of a PGN Termination header, as GameEnd gives it."""
    kind = termination.split(":")[0]
    return "adjudication" if kind == "adjudicated" else kind


def resume(path, openings, tally):
    """Adds the complete pairs of an earlier run's PGN to `tally`; returns their pair numbers.
    Each pair's Opening header must be the one the order gives its number."""
    rounds = collections.defaultdict(dict)
    with open(path, encoding="utf-8") as f:
        while (headers := chess.pgn.read_headers(f)) is not None:
            pair, _, game = headers.get("Round", "").partition(".")
            if not pair.isdigit() or game not in ("1", "2"):
                raise SystemExit(f"{path}: a game with Round {headers.get('Round')!r}, not PAIR.1 or PAIR.2")
            rounds[int(pair)][game] = headers
    done = set()
    for pair_no, games in sorted(rounds.items()):
        if len(games) != 2:
            raise SystemExit(f"{path}: pair {pair_no} has one game; a run writes both games of a pair")
        name = openings[(pair_no - 1) % len(openings)][1]
        if games["1"].get("Opening") != name:
            raise SystemExit(
                f"{path}: pair {pair_no} was played from {games['1'].get('Opening')!r}, but this order "
                f"gives it {name!r}: not the same --openings and --shuffle"
            )
        points = [points_for(games[g]["Result"], new_white) for g, new_white in (("1", True), ("2", False))]
        tally.add_pair(points, [termination_kind(games[g].get("Termination", "")) for g in ("1", "2")])
        done.add(pair_no)
    return done


def verdict_of(value, bounds):
    """H1, H0 or inconclusive, for the LLR `value` and the test's (lower, upper) bounds."""
    if value >= bounds[1]:
        return "H1"
    if value <= bounds[0]:
        return "H0"
    return "inconclusive"


def status(tally, args, bounds):
    """(line for people, machine fields, LLR)."""
    w, d, l = tally.wdl
    score, elo, margin = estimate(w, d, l)
    value = pentanomial_llr(tally.pentanomial, args.elo0, args.elo1)
    elo_text = "nan" if elo is None else f"{elo + 0.0:+.1f}"  # + 0.0: no "-0.0"
    margin_text = "inf" if margin is None else f"{margin:.1f}"
    score_text = "-" if score is None else f"{score * 100:.1f}%"
    line = (
        f"games {tally.games()}  W-D-L {w}-{d}-{l}  score {score_text}  Elo {elo_text} ± {margin_text}  "
        f"LLR {value:+.2f} ({bounds[0]:+.2f}, {bounds[1]:+.2f})  pairs {tally.pentanomial}"
    )
    fields = f"games={tally.games()} wdl={w}-{d}-{l} elo={elo_text} margin={margin_text} llr={value:.3f}"
    return line, fields, value


class Engines(threading.local):
    """NEW and BASE for one worker thread, started afresh after a failure."""

    def __init__(self):
        self.new = None
        self.base = None


def play_pair(args, engines, opening, pair_no, stop):
    """The two games of one opening, NEW with White and then with Black: [(points of NEW,
    GameEnd, PGN game)], or None when the match stopped before the pair was over."""
    fen, name = opening
    out = []
    for new_white in (True, False):
        if engines.new is None:
            engines.new = chess.engine.SimpleEngine.popen_uci([args.new, "uci", *shlex.split(args.new_args)], timeout=30)
        if engines.base is None:
            engines.base = chess.engine.SimpleEngine.popen_uci([args.base, "uci", *shlex.split(args.base_args)], timeout=30)
        new, base = Seat("NEW", engines.new), Seat("BASE", engines.base)
        seats = seating(new, base, new_white)
        board = chess.Board(fen)
        end = play_game(board, seats, tc=args.tc, adjudicate=Adjudicator(), stop=stop)
        forget_failed(engines, end, seats)
        if end.result == "*":
            return None
        game = pgn_record(
            board,
            {
                "Event": f"kchess SPRT, {args.tc_text}",
                "Site": "kchess tools/elo/sprt.py",
                "Round": f"{pair_no}.{1 if new_white else 2}",
                "White": "NEW" if new_white else "BASE",
                "Black": "BASE" if new_white else "NEW",
                "Result": end.result,
                "Opening": name,
                "Termination": end.termination,
                "TimeControl": f"{args.tc[0]:g}+{args.tc[1]:g}",
            },
            end.clocks,
        )
        out.append((points_for(end.result, new_white), end, game, board.ply()))
    return out


def run_match(args):
    openings = read_positions(args.openings)
    if args.shuffle is not None:
        random.Random(args.shuffle).shuffle(openings)
    bounds = sprt_bounds(args.alpha, args.beta)
    max_pairs = (args.max_games + 1) // 2
    print(
        f"SPRT NEW {' '.join([args.new, *shlex.split(args.new_args)])} vs BASE "
        f"{' '.join([args.base, *shlex.split(args.base_args)])} at {args.tc_text}; "
        f"elo0 {args.elo0:g} elo1 {args.elo1:g} alpha {args.alpha:g} beta {args.beta:g}; "
        f"{len(openings)} openings, at most {2 * max_pairs} games, concurrency {args.concurrency}",
        flush=True,
    )
    tally = Tally()
    resumed = resume(args.resume, openings, tally) if args.resume else set()
    line, _, value = status(tally, args, bounds)
    if resumed:
        print(f"resumed from {args.resume}: {len(resumed)} pairs", flush=True)
        print(f"  {line}", flush=True)
    todo = [n for n in range(1, max_pairs + 1) if n not in resumed]
    engines = Engines()
    all_engines = []
    lock = threading.Lock()
    stop = threading.Event()
    pgn_file = open(args.pgn, "a" if args.resume else "w", encoding="utf-8") if args.pgn else None
    verdict = verdict_of(value, bounds)
    if verdict != "inconclusive":
        stop.set()
    interrupted = False

    def job(pair_no):
        if engines.new is None and engines.base is None:
            with lock:
                all_engines.append(engines.__dict__)
        return pair_no, play_pair(args, engines, openings[(pair_no - 1) % len(openings)], pair_no, stop)

    started = time.monotonic()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency)
    next_index = 0
    pending = set()
    try:
        while True:
            while not stop.is_set() and next_index < len(todo) and len(pending) < args.concurrency:
                pending.add(pool.submit(job, todo[next_index]))
                next_index += 1
            if not pending:
                break
            done, pending = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in done:
                try:
                    pair_no, games = future.result()
                except Exception as e:  # noqa: BLE001 - e.g. an engine that does not start
                    raise SystemExit(f"a pair could not be played: {e!r}")
                if games is None or stop.is_set():
                    continue
                tally.add_pair([g[0] for g in games], [g[1].kind for g in games])
                details = "; ".join(
                    f"{g[2].headers['White']}-{g[2].headers['Black']} {g[1].result} {g[1].termination} ({g[3]} plies)"
                    for g in games
                )
                line, _, value = status(tally, args, bounds)
                print(f"pair {pair_no} ({games[0][2].headers['Opening']}): {details}", flush=True)
                print(f"  {line}", flush=True)
                if pgn_file:
                    for g in games:
                        print(g[2], file=pgn_file, end="\n\n", flush=True)
                verdict = verdict_of(value, bounds)
                if verdict != "inconclusive":
                    stop.set()
    except KeyboardInterrupt:
        # A second Ctrl-C (or the same signal sent to the process group) must not cut the summary.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        stop.set()
        interrupted = True
        print("\ninterrupted: the pairs finished so far", flush=True)
        for e in all_engines:
            for engine in (e.get("new"), e.get("base")):
                if engine is not None:
                    engine.close()
    finally:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)
        close_all(all_engines)
        if pgn_file:
            pgn_file.close()

    minutes = (time.monotonic() - started) / 60
    line, fields, _ = status(tally, args, bounds)
    kinds = ", ".join(f"{n} {k}" for k, n in tally.kinds.most_common())
    played = tally.games() - 2 * len(resumed)
    with_resumed = f", {tally.games()} with the resumed ones" if resumed else ""
    print(f"\n{played} games in {minutes:.1f} min{with_resumed} ({kinds or 'none'})")
    print(line)
    print(f"SPRT result={verdict} {fields}")
    return 130 if interrupted else 0


def self_test():
    """Checks the LLR against hand-computed cases and the adjudication."""

    def near(a, b, tol):
        assert abs(a - b) <= tol, f"{a} is not {b} (within {tol})"

    s0, s1 = logistic(0), logistic(10)
    near(s0, 0.5, 1e-15)
    # 10^(-10/400) = 0.94406; 1 / 1.94406 = 0.51439.
    near(s1, 0.514387, 1e-6)
    near(sum(sprt_bounds(0.05, 0.05)), 0.0, 1e-12)
    near(sprt_bounds(0.05, 0.05)[1], math.log(19), 1e-12)  # 2.944

    # Two outcomes, 30 pairs WW and 20 pairs LL: the distribution with mean s is (1-s, s), so
    # LLR = 30 ln(s1/s0) + 20 ln((1-s1)/(1-s0)) = 30 (0.028368) + 20 (-0.029196) = 0.2671.
    near(llr([20, 0, 0, 0, 30], PAIR_SCORES, s0, s1), 0.2671, 1e-4)
    near(llr([20, 0, 0, 0, 30], PAIR_SCORES, s0, s1), 30 * math.log(s1 / s0) + 20 * math.log((1 - s1) / (1 - s0)), 1e-9)

    # Three outcomes 0, 1/2, 1 seen 10, 25, 15 times (pairs LL, one point, WW; p = .2, .5, .3).
    # With d = v - s the secular equation is sum p d / (1 + x d) = 0. Under H0 (s = 1/2):
    # -.1 / (1 - x/2) + .15 / (1 + x/2) = 0, x = 0.4, and p0 = (.2/.8, .5, .3/1.2) = (1/4, 1/2, 1/4).
    # Under H1, times its denominators, the quadratic
    # d0 d1 d2 x^2 + (p0 d0 (d1 + d2) + p1 d1 (d0 + d2) + p2 d2 (d0 + d1)) x + (mean - s) = 0.
    p = [0.2, 0.5, 0.3]
    d = [0.0 - s1, 0.5 - s1, 1.0 - s1]
    a = d[0] * d[1] * d[2]
    b = p[0] * d[0] * (d[1] + d[2]) + p[1] * d[1] * (d[0] + d[2]) + p[2] * d[2] * (d[0] + d[1])
    c = 0.55 - s1
    roots = [(-b + sign * math.sqrt(b * b - 4 * a * c)) / (2 * a) for sign in (1, -1)]
    x = next(r for r in roots if -1 / (1 - s1) < r < 1 / s1)
    h1 = [pi / (1 + x * di) for pi, di in zip(p, d)]
    near(sum(h1), 1.0, 1e-12)
    near(h1[1] / 2 + h1[2], s1, 1e-12)
    expected = 10 * math.log(h1[0] / 0.25) + 25 * math.log(h1[1] / 0.5) + 15 * math.log(h1[2] / 0.25)
    near(llr([10, 0, 25, 0, 15], PAIR_SCORES, s0, s1), expected, 1e-9)
    near(expected, 0.24702, 1e-5)

    # Five outcomes, many pairs: close to the normal approximation
    # N (s1 - s0) (2 mean - s0 - s1) / (2 var).
    counts = [300, 1200, 2000, 1400, 350]
    n = sum(counts)
    mean = sum(c * v for c, v in zip(counts, PAIR_SCORES)) / n
    var = sum(c * (v - mean) ** 2 for c, v in zip(counts, PAIR_SCORES)) / n
    approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
    near(pentanomial_llr(counts, 0, 10), approx, 0.01 * abs(approx))

    # Evenly matched: the LLR falls; ahead by elo1: it rises; an empty outcome counts 0.001.
    assert pentanomial_llr([100, 400, 800, 400, 100], 0, 10) < -1.5
    assert pentanomial_llr([1, 4, 8, 4, 1], 0, 10) < 0
    assert pentanomial_llr([0, 0, 0, 0, 0], 0, 10) == 0.0
    near(pentanomial_llr([0, 0, 5, 0, 0], 0, 10), llr([1e-3, 1e-3, 5, 1e-3, 1e-3], PAIR_SCORES, s0, s1), 1e-12)

    # Adjudication: 8 moves each within 10 cp after move 40; 5 moves each at 1000 cp or more.
    board = chess.Board()
    board.fullmove_number = 41
    adj = Adjudicator()
    assert all(adj(board, 5 if i % 2 else -10) is None for i in range(15))
    assert adj(board, 0)[0] == "1/2-1/2"
    board.fullmove_number = 30
    adj = Adjudicator()
    assert all(adj(board, 0) is None for i in range(40)), "no draw before move 40"
    adj = Adjudicator()
    assert all(adj(board, -1200) is None for i in range(9))
    assert adj(board, -1000)[0] == "0-1"
    adj = Adjudicator()
    scores = [1500] * 9 + [None] + [1500] * 9
    assert all(adj(board, cp) is None for cp in scores), "a move without a score breaks the run"
    assert adj(board, 99999)[0] == "1-0"
    assert parse_tc("5+0.05") == (5.0, 0.05)

    # Clocks annotate the moves played, not the opening's: here the last two of three.
    board = chess.Board()
    for uci in ("e2e4", "e7e5", "g1f3"):
        board.push_uci(uci)
    game = pgn_record(board, {}, [2.95, -0.01])
    assert [node.clock() for node in game.mainline()] == [None, 2.95, 0.0]
    assert "e5 { [%clk 0:00:02.95] }" in str(game), str(game)
    # --resume: two complete pairs are counted, each against the opening of its number.
    openings = [(chess.STARTING_FEN, "start"), ("8/8/8/4k3/8/8/8/4K2R w K - 0 1", "rook")]
    games = [
        (1, 1, "1-0", "checkmate", "start"),
        (1, 2, "1/2-1/2", "threefold repetition", "start"),
        (2, 1, "0-1", "adjudicated: Black ahead by 1000 cp or more for 5 moves", "rook"),
        (2, 2, "0-1", "fifty moves", "rook"),
    ]
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        for pair, game, result, termination, opening in games:
            print(f'[Round "{pair}.{game}"]\n[Result "{result}"]\n[Opening "{opening}"]', file=f)
            print(f'[Termination "{termination}"]\n\n{result}\n', file=f)
    tally = Tally()
    assert resume(f.name, openings, tally) == {1, 2}
    # Pair 1: NEW wins with White and draws with Black; pair 2: NEW loses, then wins with Black.
    assert tally.wdl == [2, 1, 1] and tally.pentanomial == [0, 0, 1, 1, 0], (tally.wdl, tally.pentanomial)
    assert tally.kinds == {"checkmate": 1, "threefold repetition": 1, "adjudication": 1, "fifty moves": 1}
    try:
        resume(f.name, openings[::-1], Tally())
        raise AssertionError("another order of the openings must be refused")
    except SystemExit as e:
        assert "not the same --openings and --shuffle" in str(e), e
    os.unlink(f.name)
    print("self-test passed")
    return 0


def main():
    ap = argparse.ArgumentParser(
        description="SPRT of a new kchess against a base kchess in self-play",
        epilog="See the top of this file.",
    )
    ap.add_argument("--new", default="target/release/kchess", help="the new kchess binary (run as `NEW uci`)")
    ap.add_argument("--base", help="the base kchess binary")
    ap.add_argument("--new-args", default="", help="extra arguments after `uci` for NEW")
    ap.add_argument("--base-args", default="", help="extra arguments after `uci` for BASE")
    ap.add_argument("--tc", default="5+0.05", help="seconds a game + seconds a move (default 5+0.05)")
    ap.add_argument("--concurrency", type=int, default=2, help="games at once (default 2)")
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=10.0)
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.05)
    ap.add_argument("--max-games", type=int, default=2000, help="stop here undecided (default 2000)")
    ap.add_argument("--openings", default=os.path.join(HERE, "sprt-openings.epd"), help="FEN or EPD lines")
    ap.add_argument("--shuffle", type=int, metavar="SEED", help="play the openings in a random order from SEED")
    ap.add_argument("--pgn", help="write the games to this PGN file (with [%%clk] after each move)")
    ap.add_argument("--resume", metavar="PGN", help="go on with the stopped test whose games PGN holds, appending to it")
    ap.add_argument("--self-test", action="store_true", help="check the LLR and the adjudication, and exit")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    # A shell starts a background job with SIGINT ignored, and Python keeps what it inherits:
    # without this, `kill -INT` (or SIGTERM) would not stop a test run with `&` or nohup, which
    # then plays on beside whatever runs next.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    if args.base is None:
        raise SystemExit("--base: the old kchess binary to measure against is required")
    for path in (args.new, args.base):
        if not os.access(path, os.X_OK):
            raise SystemExit(f"{path}: not an executable")
    if args.resume:
        if args.pgn not in (None, args.resume):
            raise SystemExit("--resume appends to its own PGN; leave out --pgn or give the same file")
        args.pgn = args.resume
    args.tc_text = args.tc
    args.tc = parse_tc(args.tc)
    if args.concurrency < 1 or args.max_games < 1:
        raise SystemExit("--concurrency and --max-games must be positive")
    if not args.elo0 < args.elo1:
        raise SystemExit("--elo0 must be below --elo1")
    if not (0 < args.alpha < 1 and 0 < args.beta < 1):
        raise SystemExit("--alpha and --beta must lie between 0 and 1")
    return run_match(args)


if __name__ == "__main__":
    sys.exit(main())

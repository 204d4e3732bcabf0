#!/usr/bin/env python3
"""The Elo gauntlet: kchess (through `kchess uci`) against Stockfish at limited strength.

`make elo` runs tools/elo/run.sh, which installs Debian's stockfish and python-chess when they
are missing and then runs, from the repository root:

    python3 tools/elo/gauntlet.py --engine target/release/kchess $ELO_ARGS

e.g. `make elo ELO_ARGS="--games 40 --levels 1500,1800,2100 --concurrency 2"`.

Each level plays --games games (default 20) against Stockfish with UCI_LimitStrength=true and
UCI_Elo=LEVEL, at a fixed time per move for both sides (--movetime-ms, default 200) or on a
clock (--tc 10+0.1: seconds a game + seconds a move; a flag that falls loses). Games
start from the lines in tools/elo/openings.txt, in order, each line twice with the colours
swapped. Nothing is adjudicated: a game ends by the rules only (checkmate, stalemate,
insufficient material, threefold repetition or the fifty-move rule, both claimed at once as the
device does), or by forfeit when an engine fails or plays an illegal move. For each level the
script prints W/D/L from kchess's side, the score, the Elo difference with a 95% margin
(logistic model, per-game variance as cutechess-cli computes it) and the implied kchess rating
(level + difference). The last lines are machine-readable `RESULT level=... ` records.

`--resume PGN` goes on with a run that was stopped or that is to be made longer: the games of
PGN (an earlier run's, with the same openings) are counted first, each checked against the
opening and the colours the order gives its round, and only the rounds not yet played are
played, their games appended to --pgn. So a run of `--games 100` and one of `--games 200
--resume` its PGN play the 200 games `--games 200` plays, and the figure is that of all 200.

The kchess engine can be pointed at /dev/chess with --engine-args "--device /dev/chess".
Stockfish's UCI_Elo is calibrated at longer time controls (60 s + 0.6 s per game), so ratings
at 200 ms per move are indicative only.
"""

import argparse
import concurrent.futures
import os
import shutil
import sys
import threading
import time

import chess
import chess.engine
import chess.pgn

from matchplay import (
    Seat,
    close,
    close_all,
    estimate,
    forget_failed,
    parse_tc,
    perfect_score_bound,
    pgn_record,
    play_game as play_moves,
    points_for,
    seating,
    wdl_slot,
)

HERE = os.path.dirname(os.path.abspath(__file__))


def scheduled(openings, round_no):
    """The opening of a level's round `round_no` (from 1), and whether kchess has White: each
    line twice, kchess White first."""
    return openings[((round_no - 1) // 2) % len(openings)], round_no % 2 == 1


def resume(path, levels, games, openings, label):
    """The results of an earlier run's PGN: {(level, round): kchess's points}. Each game must be
    one this run would play: its level among `levels`, its round at most `games`, and kchess
    (`label`) on the side and the opening the order gives that round."""
    done = {}
    with open(path, encoding="utf-8") as f:
        while (headers := chess.pgn.read_headers(f)) is not None:
            round_text = headers.get("Round", "")
            if not round_text.isdigit() or not 1 <= int(round_text) <= games:
                raise SystemExit(f"{path}: a game of round {round_text!r}, not one of this run's 1..{games}")
            round_no = int(round_text)
            (_, name), kchess_white = scheduled(openings, round_no)
            sf_name = headers.get("Black" if kchess_white else "White", "")
            level = sf_name.removeprefix("Stockfish ")
            if not (level.isdigit() and int(level) in levels):
                raise SystemExit(
                    f"{path}: round {round_no} against {sf_name!r}, not one of this run's levels "
                    f"({', '.join(map(str, levels))})"
                )
            kchess_name = headers.get("White" if kchess_white else "Black")
            if kchess_name != label or headers.get("Opening") != name:
                raise SystemExit(
                    f"{path}: round {round_no} was {kchess_name!r} from {headers.get('Opening')!r}, but this "
                    f"run gives it {label!r} from {name!r}: not the same --openings or --kchess-elo"
                )
            key = (int(level), round_no)
            if key in done:
                raise SystemExit(f"{path}: round {round_no} at {level} is there twice")
            done[key] = points_for(headers["Result"], kchess_white)
    return done


def read_openings(path):
    """Lines of UCI moves (with optional `# name`); each is checked for legality."""
    openings = []
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            text, _, name = raw.partition("#")
            moves = text.split()
            if not moves:
                continue
            board = chess.Board()
            for uci in moves:
                try:
                    board.push_uci(uci)
                except ValueError as e:
                    raise SystemExit(f"{path}:{number}: {e}")
            openings.append((moves, name.strip() or " ".join(moves)))
    if not openings:
        raise SystemExit(f"{path}: no openings")
    return openings


class Players(threading.local):
    """One kchess and one Stockfish per worker thread, restarted after a failure."""

    def __init__(self):
        self.kchess = None
        self.stockfish = None


def start_kchess(args):
    return chess.engine.SimpleEngine.popen_uci([args.engine, "uci", *args.engine_args.split()], timeout=30)


def kchess_options(args):
    """kchess's UCI options for every move: its Move Overhead, and its strength level when
    --kchess-elo is given."""
    options = {"Move Overhead": args.move_overhead}
    if args.kchess_elo is not None:
        options.update({"UCI_LimitStrength": True, "UCI_Elo": args.kchess_elo})
    return options


def kchess_label(args):
    return "kchess" if args.kchess_elo is None else f"kchess-{args.kchess_elo}"


def start_stockfish(args):
    sf = chess.engine.SimpleEngine.popen_uci([args.stockfish], timeout=30)
    sf.configure({"Threads": args.sf_threads, "Hash": args.sf_hash, "Move Overhead": args.move_overhead})
    return sf


def play_game(args, players, level, opening, kchess_white, round_no):
    moves, name = opening
    if players.kchess is None:
        players.kchess = start_kchess(args)
    if players.stockfish is None:
        players.stockfish = start_stockfish(args)
    board = chess.Board()
    for uci in moves:
        board.push_uci(uci)
    sf_seat = Seat(f"stockfish-{level}", players.stockfish, {"UCI_LimitStrength": True, "UCI_Elo": level})
    kchess_seat = Seat("kchess", players.kchess, kchess_options(args))
    seats = seating(kchess_seat, sf_seat, kchess_white)
    if args.tc:
        end = play_moves(board, seats, tc=parse_tc(args.tc))
    else:
        end = play_moves(board, seats, movetime=args.movetime_ms / 1000)
    forget_failed(players, end, seats)
    result, termination = end.result, end.termination

    sf_name = f"Stockfish {level}"
    game = pgn_record(
        board,
        {
            "Event": f"kchess gauntlet, {time_control(args)}",
            "Site": "kchess tools/elo/gauntlet.py",
            "Round": str(round_no),
            "White": kchess_label(args) if kchess_white else sf_name,
            "Black": sf_name if kchess_white else kchess_label(args),
            "Result": result,
            "Opening": name,
            "Termination": termination,
            "TimeControl": args.tc or f"movetime {args.movetime_ms} ms",
        },
        end.clocks,
    )
    points = points_for(result, kchess_white)
    return points, game, termination, board.ply()


def time_control(args):
    """The time control in words: "10+0.1 s a game" or "200 ms per move"."""
    return f"{args.tc} s a game" if args.tc else f"{args.movetime_ms} ms per move"


def check_openings(args, openings):
    sf = start_stockfish(args)
    worst = 0
    try:
        for moves, name in openings:
            board = chess.Board()
            for uci in moves:
                board.push_uci(uci)
            info = sf.analyse(board, chess.engine.Limit(depth=16))
            cp = info["score"].white().score(mate_score=10000)
            worst = max(worst, abs(cp))
            print(f"{cp:+5d} cp  {name}: {' '.join(moves)}")
    finally:
        close(sf)
    print(f"{len(openings)} openings, all legal; largest |eval| {worst} cp (Stockfish, depth 16)")


def main():
    ap = argparse.ArgumentParser(
        description="kchess against Stockfish at limited strength",
        epilog="See the top of this file for `make elo`.",
    )
    ap.add_argument("--engine", default="target/release/kchess", help="the kchess binary (run as `kchess uci`)")
    ap.add_argument("--engine-args", default="", help="extra arguments after `uci`, e.g. '--device /dev/chess'")
    ap.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    ap.add_argument("--levels", default="1800", help="comma-separated UCI_Elo levels (default 1800)")
    ap.add_argument("--games", type=int, default=20, help="games per level (default 20)")
    ap.add_argument("--movetime-ms", type=int, default=200, help="time per move for both (default 200)")
    ap.add_argument("--tc", help="a clock instead: seconds a game + seconds a move, e.g. 10+0.1")
    ap.add_argument("--concurrency", type=int, default=1, help="games at once (default 1)")
    ap.add_argument("--pgn", help="write the games to this PGN file (on a clock, with [%%clk] after each move)")
    ap.add_argument("--resume", metavar="PGN", help="count the games of an earlier run's PGN and play the rest")
    ap.add_argument("--openings", default=os.path.join(HERE, "openings.txt"))
    ap.add_argument("--kchess-elo", type=int, help="play kchess at this strength level (UCI_Elo)")
    ap.add_argument("--sf-threads", type=int, default=1)
    ap.add_argument("--sf-hash", type=int, default=16)
    ap.add_argument(
        "--move-overhead",
        type=int,
        default=30,
        help="both engines' Move Overhead in ms (default 30, kchess's own; Stockfish's is 10, "
        "and on a busy machine it then loses on time)",
    )
    ap.add_argument("--check-openings", action="store_true", help="check the openings and exit")
    args = ap.parse_args()

    openings = read_openings(args.openings)
    if not (os.path.exists(args.stockfish) or shutil.which(args.stockfish)):
        raise SystemExit(f"stockfish not found at {args.stockfish}: apt-get install stockfish")
    if args.check_openings:
        check_openings(args, openings)
        return 0
    try:
        levels = [int(x) for x in args.levels.split(",") if x.strip()]
    except ValueError:
        raise SystemExit(f"--levels: expected numbers like 1500,1800,2100, not {args.levels!r}")
    if args.games < 1 or args.concurrency < 1 or args.movetime_ms < 1:
        raise SystemExit("--games, --concurrency and --movetime-ms must be positive")
    if args.tc:
        parse_tc(args.tc)

    probe = start_stockfish(args)
    sf_name = probe.id.get("name", "stockfish")
    elo_option = probe.options.get("UCI_Elo")
    close(probe)
    if elo_option is None:
        raise SystemExit(f"{sf_name} has no UCI_Elo option")
    for level in levels:
        if not elo_option.min <= level <= elo_option.max:
            raise SystemExit(f"{sf_name} accepts UCI_Elo {elo_option.min}..{elo_option.max}, not {level}")
    kchess = start_kchess(args)
    kchess_name = kchess.id.get("name", "kchess")
    close(kchess)

    print(
        f"{kchess_name}{'' if args.kchess_elo is None else f' at level {args.kchess_elo}'} "
        f"vs {sf_name} (UCI_LimitStrength) at {', '.join(map(str, levels))}; "
        f"{args.games} games per level, {time_control(args)}, {len(openings)} openings, "
        f"concurrency {args.concurrency}",
        flush=True,
    )

    resumed = resume(args.resume, levels, args.games, openings, kchess_label(args)) if args.resume else {}
    tally = {level: [0, 0, 0] for level in levels}
    for (level, _), points in resumed.items():
        tally[level][wdl_slot(points)] += 1
    if resumed:
        print(f"resumed from {args.resume}: {len(resumed)} games", flush=True)

    jobs = [
        (level, *scheduled(openings, round_no), round_no)
        for level in levels
        for round_no in range(1, args.games + 1)
        if (level, round_no) not in resumed
    ]

    players = Players()
    all_players = []
    lock = threading.Lock()
    done = [len(resumed)]
    pgn_file = open(args.pgn, "a" if args.resume else "w", encoding="utf-8") if args.pgn else None

    def run(job):
        level, opening, kchess_white, round_no = job
        if players.kchess is None and players.stockfish is None:
            with lock:
                all_players.append(players.__dict__)
        return job, play_game(args, players, level, opening, kchess_white, round_no)

    started = time.monotonic()
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.concurrency) as pool:
            for job, (points, game, termination, plies) in pool.map(run, jobs):
                level, opening, kchess_white, round_no = job
                with lock:
                    t = tally[level]
                    t[wdl_slot(points)] += 1
                    done[0] += 1
                    colour = "white" if kchess_white else "black"
                    verdict = ("wins", "draws", "loses")[wdl_slot(points)]
                    print(
                        f"[{done[0]}/{len(jobs) + len(resumed)}] {level} game {round_no}: kchess ({colour}) {verdict} "
                        f"{game.headers['Result']} by {termination} after {plies} plies "
                        f"({opening[1]})  kchess +{t[0]} ={t[1]} -{t[2]}",
                        flush=True,
                    )
                    if pgn_file:
                        print(game, file=pgn_file, end="\n\n", flush=True)
    finally:
        close_all(all_players)
        if pgn_file:
            pgn_file.close()

    minutes = (time.monotonic() - started) / 60
    with_resumed = f", {len(jobs) + len(resumed)} with the resumed ones" if resumed else ""
    print(f"\n{len(jobs)} games in {minutes:.1f} min{with_resumed}")
    print(f"{'level':>6} {'games':>5} {'W':>4} {'D':>4} {'L':>4} {'score':>7}  {'Elo diff (95%)':>16}  {'kchess Elo':>14}")
    records = []
    for level in levels:
        w, d, l = tally[level]
        n = w + d + l
        score, diff, margin = estimate(w, d, l)
        if margin is not None:
            diff_text = f"{diff:+.0f} ± {margin:.0f}"
            elo_text = f"{level + diff:.0f} ± {margin:.0f}"
            record = f"diff={diff:+.0f} margin={margin:.0f} kchess_elo={level + diff:.0f}"
        else:
            bound = perfect_score_bound(n)
            if score <= 0:
                diff_text = f"< {bound:+.0f}"
                elo_text = f"< {level + bound:.0f}"
                record = f"diff=-inf kchess_elo_below={level + bound:.0f}"
            else:
                diff_text = f"> {-bound:+.0f}"
                elo_text = f"> {level - bound:.0f}"
                record = f"diff=+inf kchess_elo_above={level - bound:.0f}"
        print(f"{level:>6} {n:>5} {w:>4} {d:>4} {l:>4} {score * 100:>6.1f}%  {diff_text:>16}  {elo_text:>14}")
        records.append(
            f"RESULT level={level} games={n} W={w} D={d} L={l} score={score * 100:.1f}% {record} "
            f"{f'tc={args.tc}' if args.tc else f'movetime_ms={args.movetime_ms}'} "
            f"kchess_level={args.kchess_elo or 'full'}"
        )
    print()
    for r in records:
        print(r)
    return 0


if __name__ == "__main__":
    sys.exit(main())

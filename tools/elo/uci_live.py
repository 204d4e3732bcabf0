#!/usr/bin/env python3
"""Checks the live side of `kchess uci` with python-chess: info while searching, stop, infinite
analysis, repeated go, go nodes/mate, movetime, pondering, the options, the in-process fallback.

    python3 tools/elo/uci_live.py [--engine target/release/kchess] [-- EXTRA ENGINE ARGS]
    python3 tools/elo/uci_live.py --command "ENGINE COMMAND" [--time-scale F]

EXTRA ENGINE ARGS go after `uci` (`--in-process`, `--sim PATH`, `--device /dev/chess1`).
--command runs another engine command instead (the test VM's board through
tools/elo/serial_bridge.py); the in-process fallback, which starts kchess itself, is then
skipped. Prints what it measured (stop latency, info lines per second, movetime used) and exits
non-zero on the first failure. Bounds on times are generous: they catch a search that does
not stop, not a slow machine; --time-scale multiplies them for a much slower one (an emulated
VM with a debug kernel), never the budgets or the counts.
"""

import subprocess
import sys
import time

import chess
import chess.engine

import uci_target

# Multiplies every bound on a latency (--time-scale).
SCALE = 1.0
# Nodes between the search's looks at its clock (`CHECK_INTERVAL` in chess-core's search).
CHECK_INTERVAL = 1024


def check(cond, what):
    if not cond:
        print(f"FAIL: {what}")
        sys.exit(1)
    print(f"ok: {what}")


def live_info(engine):
    """A 2 s search reports each iteration while it runs."""
    board = chess.Board()
    t0 = time.monotonic()
    arrivals = []
    with engine.analysis(board, chess.engine.Limit(time=2.0)) as analysis:
        for info in analysis:
            if "depth" in info and "pv" in info:
                arrivals.append((time.monotonic() - t0, info["depth"]))
        best = analysis.wait()
    total = time.monotonic() - t0
    depths = [d for _, d in arrivals]
    check(len(arrivals) >= 4, f"{len(arrivals)} info lines with a depth in a 2 s search, depths {depths}")
    check(arrivals[0][0] < 1.0 * SCALE, f"the first arrived after {arrivals[0][0] * 1000:.0f} ms")
    check(depths == sorted(depths), "depths never go down")
    print(f"   info lines per second: {len(arrivals) / total:.1f} ({len(arrivals)} in {total:.2f} s)")
    check(best.move in board.legal_moves, f"bestmove {best.move}")


def stop_and_infinite(engine):
    """`go infinite` runs until `stop`, which answers with the deepest move so far."""
    board = chess.Board()
    board.push_san("e4")
    with engine.analysis(board) as analysis:
        time.sleep(1.0)
        last = dict(analysis.info)
        t0 = time.monotonic()
        analysis.stop()
        best = analysis.wait()
        latency = time.monotonic() - t0
        last = dict(analysis.info)
    print(f"   stop latency: {latency * 1000:.1f} ms")
    check(latency < 1.0 * SCALE, f"stop answered within {SCALE:g} s")
    check(best.move in board.legal_moves, f"go infinite + stop after 1 s -> {board.san(best.move)}")
    check(last.get("depth", 0) > 1, f"searched to depth {last.get('depth')}")
    check(last.get("pv", [None])[0] == best.move, "the move played is the PV's first")


def repeated_go(engine):
    """`position startpos`, `go depth 5`, `go depth 5`: the same position twice."""
    board = chess.Board()
    for _ in range(2):
        r = engine.play(board, chess.engine.Limit(depth=5), info=chess.engine.INFO_ALL)
        check(r.move in board.legal_moves and r.info.get("depth") == 5,
              f"go depth 5 on the initial position -> {r.move}")
    # A takeback: the GUI's line loses its last two moves.
    board.push_san("d4")
    board.push_san("d5")
    r = engine.play(board, chess.engine.Limit(depth=3))
    check(r.move in board.legal_moves, f"after 1. d4 d5 -> {r.move}")
    board.pop()
    r = engine.play(board, chess.engine.Limit(depth=3))
    check(r.move in board.legal_moves, f"taken back to 1. d4 -> {r.move}")


def budgets(engine):
    """movetime used whole, go nodes, go mate."""
    board = chess.Board()
    t0 = time.monotonic()
    r = engine.play(board, chess.engine.Limit(time=0.5), info=chess.engine.INFO_ALL)
    wall = (time.monotonic() - t0) * 1000
    searched = r.info.get("time", 0) * 1000
    # The search reads its clock every CHECK_INTERVAL nodes, so it may overrun by that many
    # nodes' time: about 130 ms at the few thousand nodes a second of an emulated VM.
    check_ms = CHECK_INTERVAL * 1000 / max(r.info.get("nps", 0), 1)
    print(f"   go movetime 500: searched {searched:.0f} ms, bestmove after {wall:.0f} ms, "
          f"{check_ms:.0f} ms between clock checks")
    check(400 <= searched <= 500 + max(20 * SCALE, check_ms) and wall < 500 + 200 * SCALE,
          "go movetime 500 uses its time")
    r = engine.play(board, chess.engine.Limit(nodes=30000), info=chess.engine.INFO_ALL)
    nodes = r.info.get("nodes", 0)
    check(30000 <= nodes <= 32000, f"go nodes 30000 searched {nodes} nodes")
    mate = chess.Board("6k1/5ppp/8/8/8/8/1Q3PPP/1R4K1 w - - 0 1")
    t0 = time.monotonic()
    r = engine.play(mate, chess.engine.Limit(mate=1, time=5.0), info=chess.engine.INFO_ALL)
    dt = time.monotonic() - t0
    check(r.move == chess.Move.from_uci("b2b8") and dt < 2.0 * SCALE,
          f"go mate 1 movetime 5000 -> {r.move} {r.info.get('score')} in {dt * 1000:.0f} ms")


def pondering(engine):
    """Play with ponder on (python-chess sets the Ponder option itself): the bridge ponders on
    the expected reply, and the next move's `stop` ends it."""
    board = chess.Board()
    for _ in range(4):
        r = engine.play(board, chess.engine.Limit(time=0.1), ponder=True)
        check(r.move in board.legal_moves, f"with ponder -> {r.move}, ponder {r.ponder}")
        board.push(r.move)


def options(engine):
    o = engine.options
    check(o["Hash"].default == 16 and o["Hash"].min == 1 and o["Hash"].max == 4096, "Hash 16, 1..4096")
    check(o["Clear Hash"].type == "button", "Clear Hash is a button")
    check(o["Ponder"].type == "check" and o["Ponder"].default is False, "Ponder check, off")
    check(o["Move Overhead"].default == 30, "Move Overhead 30")
    engine.configure({"Hash": 32, "Move Overhead": 10})
    engine.configure({"Clear Hash": None})
    r = engine.play(chess.Board(), chess.engine.Limit(depth=4))
    check(r.move in chess.Board().legal_moves, f"after Hash 32 and Clear Hash -> {r.move}")
    engine.configure({"Hash": 16, "Move Overhead": 30})


def lines_levels_and_searchmoves(engine):
    """MultiPV ranks distinct moves; a strength level and searchmoves are honoured."""
    board = chess.Board()
    o = engine.options
    check(o["MultiPV"].min == 1 and o["MultiPV"].max == 8, "MultiPV 1..8")
    check(o["UCI_LimitStrength"].default is False and o["UCI_Elo"].min == 800
          and o["UCI_Elo"].max == 2400, "UCI_LimitStrength off, UCI_Elo 800..2400")
    infos = engine.analyse(board, chess.engine.Limit(depth=6), multipv=3)
    firsts = [i["pv"][0] for i in infos if i.get("pv")]
    check(len(infos) == 3 and len(set(firsts)) == 3,
          f"MultiPV 3: three lines with distinct first moves {[board.san(m) for m in firsts]}")
    only = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h3")]
    r = engine.play(board, chess.engine.Limit(depth=4), root_moves=only)
    check(r.move in only, f"searchmoves a2a3 h2h3 -> {r.move}")
    engine.configure({"UCI_LimitStrength": True, "UCI_Elo": 800})
    r = engine.play(board, chess.engine.Limit(time=0.5), info=chess.engine.INFO_ALL)
    nodes = r.info.get("nodes", 0)
    check(r.move in board.legal_moves and 0 < nodes <= 200,
          f"UCI_Elo 800 plays {r.move} after {nodes} nodes")
    engine.configure({"UCI_LimitStrength": False})


def fallback(kchess):
    """Without the simulator the bridge still starts, on the in-process device."""
    cmd = [kchess, "uci", "--sim", "/nonexistent/chess-sim"]
    out = subprocess.run(cmd, input="uci\nisready\nquit\n", capture_output=True, text=True, timeout=30).stdout
    check("info string cannot start the simulator /nonexistent/chess-sim" in out and "uciok" in out
          and "readyok" in out, "no simulator: an info string, uciok, readyok")
    engine = chess.engine.SimpleEngine.popen_uci(cmd, timeout=30)
    try:
        r = engine.play(chess.Board(), chess.engine.Limit(time=0.2))
        check(r.move in chess.Board().legal_moves, f"in-process fallback plays {r.move}")
    finally:
        engine.quit()


def main():
    args, command = uci_target.parse(__doc__.splitlines()[0])
    global SCALE
    SCALE = args.time_scale
    engine = uci_target.start(command, SCALE)
    try:
        options(engine)
        live_info(engine)
        stop_and_infinite(engine)
        repeated_go(engine)
        budgets(engine)
        pondering(engine)
        lines_levels_and_searchmoves(engine)
    finally:
        engine.quit()
    if not args.command:
        fallback(args.engine)
    print("uci_live: all passed")


if __name__ == "__main__":
    main()

"""The engine a UCI check script drives, as its command line names it: `ENGINE uci EXTRA...`, or
any `--command` (the test VM's board through serial_bridge.py), with `--time-scale` for the
bounds on latencies on a much slower machine. Shared by uci_live.py and uci_check.py."""

import argparse
import shlex

import chess.engine


def parse(description, extra_help="extra arguments after `uci`"):
    """The parsed arguments and the engine command."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--engine", default="target/release/kchess")
    ap.add_argument("--command", help="the engine command instead of ENGINE uci EXTRA")
    ap.add_argument("--time-scale", type=float, default=1.0,
                    help="multiply the bounds on latencies by this")
    ap.add_argument("extra", nargs="*", help=extra_help)
    args = ap.parse_args()
    command = shlex.split(args.command) if args.command else [args.engine, "uci", *args.extra]
    return args, command


def start(command, scale):
    """The engine, given a startup time that grows with the scale."""
    return chess.engine.SimpleEngine.popen_uci(command, timeout=30 * max(scale, 1.0))

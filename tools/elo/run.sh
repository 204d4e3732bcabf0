#!/usr/bin/env bash
# `make elo`: the Stockfish gauntlet (a benchmark, not a test). Installs Debian's stockfish and
# python-chess when missing, then plays kchess (target/release/kchess, built by `make build`)
# against Stockfish at limited strength. Arguments, or ELO_ARGS from the environment (make
# passes command-line variables on), go to gauntlet.py:
#   make elo ELO_ARGS="--games 40 --levels 1500,1800,2100 --concurrency 2 --pgn elo.pgn"
#   tools/elo/run.sh --games 4 --movetime-ms 100
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v stockfish >/dev/null 2>&1 && [ ! -x /usr/games/stockfish ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq stockfish
fi
if ! python3 -c 'import chess.engine' >/dev/null 2>&1; then
    python3 -m pip install --quiet chess
fi

# shellcheck disable=SC2086 # ELO_ARGS is a list of words
exec python3 tools/elo/gauntlet.py --engine target/release/kchess ${ELO_ARGS:-} "$@"

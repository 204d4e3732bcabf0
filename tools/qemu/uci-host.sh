#!/usr/bin/env bash
# The host side of the VM's UCI check, started by run.sh -H beside the VM:
#
#   tools/qemu/uci-host.sh SOCKET SERIAL_LOG
#
# Once the guest says "uci: serving" on its console (vm-tests.sh runs kchess uci --device
# /dev/chess1 --tty /dev/ttyS1 --sessions 2), tools/elo/uci_live.py and tools/elo/uci_check.py
# drive it with python-chess through tools/elo/serial_bridge.py and SOCKET, the VM's second
# serial port: the same checks as on the simulator, against the kernel's board. Each script is
# one check; the last line is "N passed, M failed". When the guest ends (or this script is
# stopped) without having served, it prints "skipped: ..." and no count: the guest ran another
# test command. KCHESS_VM_TIME_SCALE (default 4) multiplies the scripts' bounds on latencies
# (a debug kernel under emulation), never their budgets or counts.
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ELO="$HERE/../elo"
sock="$1" log="$2"
scale="${KCHESS_VM_TIME_SCALE:-4}"
started=0
trap '[ "$started" = 1 ] || echo "skipped: the VM ended before the guest served UCI"; exit 0' TERM

while ! grep -q '^uci: serving' "$log" 2>/dev/null; do
    if grep -q '^RESULT: ' "$log" 2>/dev/null; then
        echo "skipped: the guest test did not serve UCI"
        exit 0
    fi
    sleep 0.5
done
started=1
bridge="$(printf '%q ' python3 "$ELO/serial_bridge.py" "$sock")"

# The guest's session $1 must have ended before the next one starts. A bridge ends it with
# `quit` even when its script fails, unless it is killed (python-chess kills an engine that
# does not answer in time): then the quit is sent here.
end_session() {
    # Up to a minute: a loaded host can slow the emulated guest down tenfold, and a quit sent
    # while the session is still ending would end the next session instead.
    for _ in $(seq 120); do
        grep -q "^uci: session $1 of 2 " "$log" && return
        sleep 0.5
    done
    echo "session $1 was left open: quit sent"
    echo quit | timeout 30 python3 "$ELO/serial_bridge.py" "$sock" >/dev/null
}

if ! python3 -c 'import chess.engine' 2>/dev/null; then
    echo "FAIL: python-chess is not installed (tools/setup.sh --test installs it)"
    end_session 1
    end_session 2
    echo "0 passed, 2 failed"
    exit 1
fi

passed=0 failed=0 session=0
for script in uci_live.py uci_check.py; do
    session=$((session + 1))
    t0=$(date +%s)
    timeout -k 5 150 python3 "$ELO/$script" --command "$bridge" --time-scale "$scale" 2>&1
    rc=$?
    if [ "$rc" = 0 ]; then
        passed=$((passed + 1))
        echo "ok   $script against the VM's board ($(( $(date +%s) - t0 )) s)"
    else
        failed=$((failed + 1))
        echo "FAIL $script against the VM's board: exit $rc"
    fi
    end_session "$session"
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

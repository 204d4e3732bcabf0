#!/bin/sh
# Every check of /dev/chess, run inside the QEMU test VM (busybox sh) by tools/qemu/init.
# Expects /bin/kchess (static), the module at /lib/modules/chess.ko (loaded by init), and the
# transcripts in /tests/transcripts. Prints one line per check and, last, "N passed, N failed".
K=/bin/kchess
KO=/lib/modules/chess.ko
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "vm: ok   $*"; }
bad() { fail=$((fail + 1)); echo "vm: FAIL $*"; }
now_ms() { awk '{ printf "%d\n", $1 * 1000 }' /proc/uptime; }

# A fresh device: what every transcript starts from. Arguments are module parameters.
reload() {
    rmmod chess 2>/dev/null
    insmod "$KO" "$@" || return 1
    i=0
    while [ ! -e /dev/chess ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    chmod 666 /dev/chess*
}
mem_kb() { awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo; }

if [ "${1:-}" = reload ]; then
    reload
    exit $?
fi

# 1. Every protocol transcript, each on a freshly loaded module.
out=$($K transcript --device /dev/chess --reset "$0 reload" /tests/transcripts/*.txt 2>&1)
echo "$out" | sed 's/^/vm: transcript: /'
line=$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -n 1)
tp=$(echo "$line" | cut -d' ' -f1)
tf=$(echo "$line" | cut -d' ' -f3)
# Each transcript file counts as one check.
echo "vm: transcripts: ${line:-no result line}"
pass=$((pass + ${tp:-0}))
fail=$((fail + ${tf:-1}))

# 2. The shell use of the mission, literally.
reload
echo "00 W" > /dev/chess; r1=$(cat /dev/chess)
echo "02 WPe2-e4" > /dev/chess; r2=$(cat /dev/chess)
echo 01 > /dev/chess; board=$(cat /dev/chess)
echo 01 > /dev/chess; bytes=$(cat /dev/chess | wc -c)
want="WRWNWBWQWKWBWNWRWPWPWPWP**WPWPWP************************WP**************************************BPBPBPBPBPBPBPBPBRBNBBBQBKBBBNBR"
if [ "$r1" = OK ] && [ "$r2" = OK ] && [ "$board" = "$want" ] && [ "$bytes" = 129 ]; then
    ok "shell: echo/cat give OK, OK and the 129-byte board"
else
    bad "shell: '$r1' '$r2' '$board' ($bytes bytes)"
fi

# 3. Perft computed by the kernel, and its speed.
echo "00 W" > /dev/chess
t0=$(now_ms); echo "12 4" > /dev/chess; p4=$(cat /dev/chess); t1=$(now_ms)
echo "09 W r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" > /dev/chess
echo "12 3" > /dev/chess; k3=$(cat /dev/chess)
echo "00 W" > /dev/chess
t2=$(now_ms); echo "12 5" > /dev/chess; p5=$(cat /dev/chess); t3=$(now_ms)
if [ "$p4" = 197281 ] && [ "$k3" = 97862 ] && [ "$p5" = 4865609 ]; then
    ok "perft: start 12 4 = $p4 ($((t1 - t0)) ms), kiwipete 12 3 = $k3, start 12 5 = $p5 in $((t3 - t2)) ms"
else
    bad "perft: $p4 $k3 $p5"
fi

# 4. Many processes on one device.
reload
if $K stress --device /dev/chess --procs 4 --commands 1000; then ok "stress: 4 processes x 1000 commands"; else bad "stress"; fi

# 5. A long search cut short by a signal.
reload
if $K interrupt --device /dev/chess --after-ms 1000; then ok "interrupt: EINTR within a second, game unchanged"; else bad "interrupt"; fi

# 6. The module stays while a descriptor is open, goes when it closes, and reloads cleanly.
exec 3</dev/chess
if rmmod chess 2>/dev/null; then bad "rmmod succeeded while /dev/chess was open"; reload; else ok "rmmod refused while /dev/chess is open"; fi
exec 3<&-
if rmmod chess; then ok "rmmod after close"; else bad "rmmod after close"; fi
cycles=0
i=0
while [ $i -lt 20 ]; do
    insmod "$KO" && rmmod chess && cycles=$((cycles + 1))
    i=$((i + 1))
done
if [ $cycles = 20 ]; then ok "20 load/unload cycles"; else bad "load/unload: $cycles of 20"; fi
reload

# 7. Boards: board 1 answers while board 0 searches; 13 watches and 14 stops a search; a writer
# waiting for a busy board sleeps interruptibly; kchess uci --device drives board 1; a storm with
# signals over four boards.
for c in independent watch waiter uci; do
    reload
    if out=$($K boards --device /dev/chess --check $c 2>&1); then ok "$out"; else bad "boards $c: $out"; fi
done
reload
if out=$($K boards --device /dev/chess --check storm --boards 4 --procs 8 --commands 10000 2>&1); then
    intr=$(echo "$out" | sed -n 's/.*commands, \([0-9]*\) interrupted.*/\1/p' | awk '{ s += $1 } END { print s + 0 }')
    ok "$(echo "$out" | tail -n 1) ($intr commands cut short by signals)"
else
    bad "boards storm: $(echo "$out" | tail -n 5)"
fi

# The shell use while a search runs: echo 13 / cat shows it, echo 14 makes it move.
reload
echo "00 B" > /dev/chess; echo "07 T60000" > /dev/chess
( echo 03 > /dev/chess ) &
searching=$!
sleep 1
echo 13 > /dev/chess; live=$(cat /dev/chess)
echo 14 > /dev/chess; stopped=$(cat /dev/chess)
wait $searching
echo 05 > /dev/chess; played=$(cat /dev/chess)
case "$live" in
    depth*) if [ "$stopped" = OK ] && [ -n "$played" ]; then ok "shell: echo 13 / cat during a search: ${live%% pv*}; echo 14 -> OK, the CPU played $played"; else bad "shell: 14 -> '$stopped', 05 -> '$played'"; fi ;;
    *) bad "shell: echo 13 / cat during a search gave '$live'" ;;
esac

# kchess play on board 2: a move, the CPU thinking for up to a minute, Ctrl-C (SIGINT) makes it
# move now, then the moves so far and quit; the game is on the device.
reload
printf 'e4\nmoves\nquit\ny\n' > /tmp/play.in
$K play --device /dev/chess2 --think 60000 --ascii --no-pgn-out < /tmp/play.in > /tmp/play.out 2>&1 &
player=$!
i=0
while ! grep -q 'kchess is thinking' /tmp/play.out && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
sleep 1
t0=$(now_ms)
kill -INT $player
i=0
while ! grep -q 'kchess plays 1\.\.\.' /tmp/play.out && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
t1=$(now_ms)
i=0
while kill -0 $player 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
kill -9 $player 2>/dev/null
wait $player 2>/dev/null
played=$(sed -n 's/^kchess plays 1\.\.\. \([^ ]*\) .*/\1/p' /tmp/play.out)
echo 05 > /dev/chess2; history=$(cat /dev/chess2)
if grep -q 'Moving now.' /tmp/play.out && grep -q "^1. e4 $played\$" /tmp/play.out \
    && [ "${history%% *}" = WPe2-e4 ] && [ "$(echo "$history" | wc -w)" = 2 ] && [ $((t1 - t0)) -lt 20000 ]; then
    ok "play --device /dev/chess2: Ctrl-C while thinking -> moved in $((t1 - t0)) ms (1... $played); 05 -> $history"
else
    bad "play --device /dev/chess2: $(tail -n 5 /tmp/play.out | tr '\n' '|') 05 -> '$history'"
fi

# python-chess on the host (tools/qemu/uci-host.sh, started by run.sh -H) drives kchess uci on
# board 1 over the second serial port: tools/elo/uci_live.py, then tools/elo/uci_check.py.
# The host counts their checks; here counts that both sessions were served and ended.
if [ -n "${kchess_uci_tty:-}" ]; then
    reload
    if timeout 360 $K uci --device /dev/chess1 --tty "/dev/$kchess_uci_tty" --sessions 2; then
        ok "uci --tty /dev/$kchess_uci_tty: the host's two python-chess sessions on /dev/chess1"
    else
        bad "uci --tty /dev/$kchess_uci_tty: the host's sessions did not end (exit $?)"
    fi
fi

# 8. 64 boards: rmmod refused while any board is open, 100 load/unload cycles, and the kernel's
# memory back where it was (a leak of one load would be tens of MiB; KASAN's quarantine of freed
# objects is what remains).
rmmod chess 2>/dev/null
sync; echo 3 > /proc/sys/vm/drop_caches
avail0=$(mem_kb MemAvailable); slab0=$(mem_kb Slab)
refused=0
for p in boards=0 boards=65 think_ms=0 think_ms=60001 tt_mb=0 max_think_s=0; do
    if insmod "$KO" $p 2>/dev/null; then rmmod chess; else refused=$((refused + 1)); fi
done
if [ $refused = 6 ] && [ ! -e /dev/chess ]; then ok "out-of-range parameters refuse the load"; else bad "$refused of 6 bad parameters refused"; fi
reload boards=64 tt_mb=16
if [ -e /dev/chess63 ] && [ ! -e /dev/chess64 ]; then ok "boards=64: /dev/chess ... /dev/chess63"; else bad "boards=64: $(ls /dev | grep chess | tr '\n' ' ')"; fi
exec 3</dev/chess63
if rmmod chess 2>/dev/null; then bad "rmmod succeeded while /dev/chess63 was open"; reload boards=64 tt_mb=16; else ok "rmmod refused while /dev/chess63 is open"; fi
exec 3<&-
cycles=0
i=0
while [ $i -lt 100 ]; do
    rmmod chess && insmod "$KO" boards=64 tt_mb=16 && cycles=$((cycles + 1))
    i=$((i + 1))
done
rmmod chess
sync; echo 3 > /proc/sys/vm/drop_caches
avail1=$(mem_kb MemAvailable); slab1=$(mem_kb Slab)
lost=$((avail0 - avail1))
if [ $cycles = 100 ] && [ $lost -lt 16384 ]; then
    ok "boards=64: 100 load/unload cycles; MemAvailable $avail0 -> $avail1 kB, Slab $slab0 -> $slab1 kB"
else
    bad "boards=64: $cycles of 100 cycles; MemAvailable $avail0 -> $avail1 kB, Slab $slab0 -> $slab1 kB"
fi
reload

echo "$pass passed, $fail failed"

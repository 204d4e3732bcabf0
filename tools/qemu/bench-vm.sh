#!/bin/sh
# The guest side of `make bench-vm` (busybox sh, run by tools/qemu/init on the bench kernel):
# reloads the module with one board per search position and runs `kchess bench-vm` against
# /dev/chess, a static chess-sim and the kernel's Rust misc device sample. Arguments go to
# `kchess bench-vm` (e.g. --runs 7 --perft-depth 6).
KO=/lib/modules/chess.ko

# Fresh boards (8: one per position of the search workload), 16 MiB of table each, as
# chess-sim's default; waits for the last device file.
if [ "${1:-}" = reload ]; then
    rmmod chess 2>/dev/null
    insmod "$KO" boards=8 tt_mb=128 || exit 1
    i=0
    while [ ! -e /dev/chess7 ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    [ -e /dev/chess7 ]
    exit $?
fi

if [ ! -e /dev/rust-misc-device ]; then
    echo "bench-vm: no /dev/rust-misc-device: is this the bench kernel (CONFIG_SAMPLE_RUST_MISC_DEVICE)?"
    exit 1
fi
# What the CPU mitigations cost a system call here (the guest's view of QEMU's CPU).
for f in /sys/devices/system/cpu/vulnerabilities/*; do
    [ -e "$f" ] && echo "bench-vm: cpu $(basename "$f"): $(cat "$f")"
done
sh "$0" reload || { echo "bench-vm: reloading chess.ko failed"; exit 1; }
/bin/kchess bench-vm --device /dev/chess --sim /bin/chess-sim --reset "sh $0 reload" "$@"
rc=$?
# The sample logged two lines a round trip (run.sh boots with log_buf_len=64M, so that the ring
# never wraps under the console: "printk messages dropped"). Show the rest of the kernel log and
# empty it, so that init's dmesg dump stays short.
dmesg -c | grep -v 'rust-misc-device: ' | sed 's/^/bench-vm: dmesg: /' | tail -n 5
exit $rc

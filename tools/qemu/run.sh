#!/usr/bin/env bash
# Boot the kchess test kernel with an initramfs from mkinitramfs.sh.
#
#   tools/qemu/run.sh -i INITRD [-k BZIMAGE] [-t TIMEOUT_S] [-l LOG] [-a 'EXTRA APPEND'] [-v] [-H CMD]
#   tools/qemu/run.sh -i INITRD --interactive      a shell on the console, /dev/chess ready
#
# Test mode fails (exit 1) on a timeout, a missing "RESULT: N passed, M failed" line, failures in
# it, or a kernel splat anywhere in the serial log (BUG:, WARNING:, Oops, lockdep, KASAN, panic,
# stack-protector, stack overflow, Rust panic). Its last line on stdout is "N passed, M failed";
# a bad kernel log adds one failure. -v prints the whole serial log.
# Default kernel: the cached build of tools/kernel/build.sh. Default log: <initrd>.log.
# -H CMD runs `CMD SOCKET LOG` on the host beside the VM: SOCKET is the VM's second serial port
# (ttyS1; the guest finds kchess_uci_tty=ttyS1 in its environment), LOG the serial log. Its last
# "N passed, M failed" line counts in the result; it is stopped (SIGTERM) once QEMU has exited.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
kernel="" initrd="" timeout=180 log="" extra="" verbose=0 interactive=0 host="" hostpid=""
mem="${KCHESS_QEMU_MEM:-512}" smp="${KCHESS_QEMU_SMP:-2}"
usage() { sed -n '2,15p' "$0" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
        -k|--kernel) kernel="$2"; shift 2 ;;
        -i|--initrd) initrd="$2"; shift 2 ;;
        -t|--timeout) timeout="$2"; shift 2 ;;
        -l|--log) log="$2"; shift 2 ;;
        -a|--append) extra="$2"; shift 2 ;;
        -v|--verbose) verbose=1; shift ;;
        -H|--host-test) host="$2"; shift 2 ;;
        --interactive) interactive=1; shift ;;
        -h|--help) usage ;;
        *) echo "run: unknown argument $1" >&2; usage ;;
    esac
done
[ -n "$initrd" ] || usage
[ -f "$initrd" ] || { echo "run: no initrd $initrd" >&2; exit 1; }
if [ -z "$kernel" ]; then
    kernel="$("$HERE/../kernel/build.sh" --print-kdir)/arch/x86/boot/bzImage"
fi
[ -f "$kernel" ] || { echo "run: no kernel $kernel (run tools/kernel/build.sh)" >&2; exit 1; }
command -v qemu-system-x86_64 >/dev/null || { echo "run: qemu-system-x86_64 missing" >&2; exit 1; }

# KVM when it really works here, otherwise TCG (software emulation; multi-threaded for -smp).
accel=(-accel tcg,thread=multi)
if [ -w /dev/kvm ] && grep -qE '\b(vmx|svm)\b' /proc/cpuinfo; then accel=(-accel kvm "${accel[@]}"); fi

# loglevel=5: warnings and worse reach the console while the tests run; init dumps all of dmesg
# at the end. panic=-1: reboot (= QEMU exits, -no-reboot) at once on a panic.
append="console=ttyS0 panic=-1 loglevel=5 $extra"
qemu=(qemu-system-x86_64 "${accel[@]}" -m "$mem" -smp "$smp" -kernel "$kernel" -initrd "$initrd"
      -no-reboot -nographic)

if [ "$interactive" = 1 ]; then
    exec "${qemu[@]}" -append "$append kchess_shell=1"
fi

log="${log:-$initrd.log}"
: > "$log"
if [ -n "$host" ]; then
    sockdir="$(mktemp -d)"
    trap 'rm -rf "$sockdir"' EXIT
    qemu+=(-chardev "socket,id=kchess_uci,path=$sockdir/uci.sock,server=on,wait=off"
           -device isa-serial,chardev=kchess_uci,index=1)
    append="$append kchess_uci_tty=ttyS1"
    setsid sh -c "$host"' "$@"' host-test "$sockdir/uci.sock" "$log" > "$log.host" 2>&1 &
    hostpid=$!
fi
start=$(date +%s.%N)
set +e
timeout -k 5 "$timeout" "${qemu[@]}" -serial "file:$log" -monitor none -append "$append" </dev/null >"$log.qemu" 2>&1
qrc=$?
if [ -n "$hostpid" ]; then
    # Without the VM the host test's socket is closed: it ends soon; then it is stopped.
    for _ in $(seq 100); do kill -0 "$hostpid" 2>/dev/null || break; sleep 0.1; done
    kill -TERM -- "-$hostpid" 2>/dev/null
    wait "$hostpid"
fi
set -e
end=$(date +%s.%N)
secs="$(echo "$end - $start" | bc)"
tr -d '\r' < "$log" > "$log.tmp" && mv "$log.tmp" "$log"

if [ "$verbose" = 1 ]; then
    cat "$log"
else
    # The test's own output.
    sed -n '/^----- kchess test output -----$/,/^----- kchess end test output -----$/p' "$log" \
        | sed '1d;$d'
fi
[ -z "$hostpid" ] || sed 's/^/host: /' "$log.host"

problems=()
if [ "$qrc" = 124 ] || [ "$qrc" = 137 ]; then
    problems+=("timeout after ${timeout} s")
elif [ "$qrc" != 0 ]; then
    problems+=("qemu exited $qrc: $(head -c 500 "$log.qemu")")
fi

SPLATS='BUG:|WARNING:|Oops|possible circular locking|possible recursive locking|INFO: |KASAN:|UBSAN:|Kernel panic|stack-protector|kernel stack overflow|general protection fault|panicked at|Unable to handle'
if grep -nE "$SPLATS" "$log" > "$log.splats"; then
    problems+=("kernel log reports problems ($(wc -l < "$log.splats") lines):")
fi
grep -E '^kchess-init: FAIL' "$log" > "$log.guestfail" || true

result="$(grep -E '^RESULT: [0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1 || true)"
passed=0 failed=0
if [ -z "$result" ]; then
    problems+=("no RESULT line in the serial log")
else
    passed="$(echo "$result" | sed -E 's/^RESULT: ([0-9]+) passed, ([0-9]+) failed.*/\1/')"
    failed="$(echo "$result" | sed -E 's/^RESULT: ([0-9]+) passed, ([0-9]+) failed.*/\2/')"
    [ "$failed" = 0 ] || problems+=("$failed test(s) failed in the guest")
fi
if [ -n "$hostpid" ]; then
    hline="$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log.host" | tail -n 1 || true)"
    if [ -n "$hline" ]; then
        passed=$((passed + $(echo "$hline" | cut -d' ' -f1)))
        hfailed="$(echo "$hline" | cut -d' ' -f3)"
        failed=$((failed + hfailed))
        [ "$hfailed" = 0 ] || problems+=("$hfailed host test(s) failed")
    elif ! grep -q '^skipped' "$log.host"; then
        problems+=("the host test ($host) gave no result")
    fi
fi
# Kernel stack: DEBUG_STACK_USAGE logs each new record of "bytes left" of the task's stack (32 KiB
# under KASAN, which doubles frames and stack alike). This is what the VM's searches reached; the
# bound at MAX_PLY is static (tools/kernel/stack-bound.py: `make stack-bound` against this
# stack, `make stack-bound-bench` against a production kernel's 16 KiB).
cfg="$(dirname "$kernel")/../../../.config"
stack_size="$(python3 "$(dirname "$0")/../kernel/stack-bound.py" $([ -f "$cfg" ] && echo --config "$cfg"))"
minleft="$(grep -oE 'used greatest stack depth: [0-9]+ bytes left' "$log" | awk '{print $5}' | sort -n | head -n1 || true)"
stack_note=""
if [ -n "$minleft" ]; then
    used=$((stack_size - minleft))
    stack_note=", deepest kernel stack ${used} of ${stack_size} bytes"
    [ "$used" -le "$stack_size" ] || problems+=("a task used $used bytes of kernel stack (> $stack_size)")
fi
uptime="$(grep -oE 'kchess-init: uptime [0-9.]+' "$log" | tail -n1 | awk '{print $3}' || true)"
echo "qemu-test: $(sed -n 's/^kchess-init: start at .*, kernel //p' "$log" | head -n1) ${accel[1]%%,*}," \
     "boot-to-result ${uptime:-?} s guest uptime, ${secs%.*}.$(echo "${secs#*.}" | cut -c1-1) s wall$stack_note; log: $log"

if [ "${#problems[@]}" -gt 0 ]; then
    for p in "${problems[@]}"; do echo "qemu-test: FAIL: $p"; done
    [ -s "$log.guestfail" ] && sed 's/^/  /' "$log.guestfail"
    if [ -s "$log.splats" ]; then
        head -n 20 "$log.splats" | sed 's/^/  /'
        first="$(head -n1 "$log.splats" | cut -d: -f1)"
        echo "qemu-test: context from line $first of $log:"
        sed -n "$((first > 5 ? first - 5 : 1)),$((first + 40))p" "$log" | sed 's/^/  | /'
    elif [ "$verbose" = 0 ]; then
        echo "qemu-test: last lines of $log:"; tail -n 30 "$log" | sed 's/^/  | /'
    fi
    [ -n "$result" ] && [ "$failed" = 0 ] && failed=1
    [ -z "$result" ] && failed=1
    echo "$passed passed, $failed failed"
    exit 1
fi
rm -f "$log.splats" "$log.guestfail"
echo "$passed passed, $failed failed"

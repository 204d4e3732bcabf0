#!/bin/sh
# Shell smoke test of /dev/chess inside the VM: `make -f kernel.mk qemu-test` runs it alone.
fail() { echo "smoke: FAIL: $*"; echo "0 passed, 1 failed"; exit 1; }

echo "00 W" > /dev/chess || fail "write '00 W'"
reply="$(cat /dev/chess)" || fail "read"
[ "$reply" = "OK" ] || fail "reply to '00 W' was '$reply', expected 'OK'"
echo "smoke: '00 W' -> '$reply'"

# A held descriptor pins the module: rmmod must be refused, and work once it is closed.
exec 3</dev/chess
if rmmod chess 2>/dev/null; then fail "rmmod succeeded while /dev/chess was open"; fi
exec 3<&-
rmmod chess || fail "rmmod chess"
[ ! -e /dev/chess ] || fail "/dev/chess still exists after rmmod"
echo "smoke: rmmod ok"
echo "1 passed, 0 failed"

#!/usr/bin/env bash
# Cheap checks of the kernel scripts' first-time path, run by `make test` before anything is
# built. They stand in for what a warm cache hides: a fresh machine runs these code paths once.
#
# 1. The version lookup of a freshly unpacked tree, run where fetch.sh runs it: under a nested
#    make (this script is called from a recipe, and calls a make that calls it again with `w`).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail=0

# A tree whose Makefile answers `kernelversion` the way the kernel's does.
mkdir -p "$tmp/linux"
printf 'VERSION = 7\nPATCHLEVEL = 3\nSUBLEVEL = 4\nkernelversion:\n\t@echo $(VERSION).$(PATCHLEVEL).$(SUBLEVEL)\n' \
    > "$tmp/linux/Makefile"
# The caller's environment as `make test` -> `$(MAKE) qemu-test` leaves it: -w, MAKELEVEL 2.
printf 'all:\n\t@"%s" "%s" > "%s"\n' "$HERE/kernelversion.sh" "$tmp/linux" "$tmp/out" > "$tmp/outer.mk"
if ! make -w -s -f "$tmp/outer.mk" >/dev/null 2>"$tmp/err"; then
    echo "selftest: FAIL kernelversion.sh under a nested make: $(cat "$tmp/err")"; fail=1
elif [ "$(cat "$tmp/out")" != 7.3.4 ]; then
    echo "selftest: FAIL kernelversion.sh under a nested make printed '$(cat "$tmp/out")'"; fail=1
else
    echo "selftest: ok   kernelversion.sh under a nested make prints 7.3.4"
fi

# 2. The one toolchain definition is what every script and kernel.mk use.
. "$HERE/toolchain.env"
if grep -rn "llvm-[0-9]" "$HERE"/*.sh "$HERE/../../kernel.mk" | grep -v 'KCHESS_LLVM_VERSION' >"$tmp/llvm"; then
    echo "selftest: FAIL an LLVM version typed outside toolchain.env:"; cat "$tmp/llvm"; fail=1
else
    echo "selftest: ok   LLVM $KCHESS_LLVM_VERSION defined once (toolchain.env)"
fi
exit $fail

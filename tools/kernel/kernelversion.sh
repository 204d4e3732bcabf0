#!/usr/bin/env bash
# Print the version of a kernel source tree (e.g. 7.3.4), as its Makefile's `kernelversion` says.
#
#   tools/kernel/kernelversion.sh SRC
#
# Run from inside another make (`make test` -> `$(MAKE) qemu-test` -> fetch.sh), a nested make
# inherits `w` through MAKEFLAGS and prints "make[2]: Entering directory ..." on stdout, which
# would end up in the version string. The nested make gets a clean environment for its flags.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 SRC" >&2; exit 2; }
ver="$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u GNUMAKEFLAGS \
       make -s --no-print-directory -C "$1" kernelversion)"
if ! [[ "$ver" =~ ^[0-9]+\.[0-9]+(\.[0-9]+)?(-[A-Za-z0-9.]+)?$ ]]; then
    echo "kernelversion: '$1' gave '$ver', not a version" >&2
    exit 1
fi
echo "$ver"

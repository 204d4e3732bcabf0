#!/usr/bin/env bash
# Install everything needed to build the kchess kernel and module and boot them in QEMU.
# Idempotent and quiet: does nothing (and touches no network) when everything is already present.
# Debian bookworm, run as root (or with sudo available).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
. "$HERE/toolchain.env"
V=$KCHESS_LLVM_VERSION
PKGS=(clang-$V lld-$V llvm-$V libclang-$V-dev flex bison bc libelf-dev libssl-dev cpio
      busybox-static qemu-system-x86)
BINDGEN_MIN=0.71.1

SUDO=()
if [ "$(id -u)" -ne 0 ]; then SUDO=(sudo); fi

log() { echo "deps: $*" >&2; }

missing=()
for p in "${PKGS[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done
if [ "${#missing[@]}" -gt 0 ]; then
    log "installing ${missing[*]}"
    aptlog="$(mktemp)"
    if ! { "${SUDO[@]}" apt-get update -qq &&
           "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
               --no-install-recommends "${missing[@]}"; } >"$aptlog" 2>&1; then
        cat "$aptlog" >&2; rm -f "$aptlog"
        log "error: apt-get failed"; exit 1
    fi
    rm -f "$aptlog"
fi

# rust-src: needed by `make rustavailable` (the kernel builds its own `core`).
if ! command -v rustup >/dev/null; then
    log "error: rustup not found (the kernel needs rustup's stable rustc + rust-src)"; exit 1
fi
if ! rustup component list --installed 2>/dev/null | grep -q '^rust-src'; then
    log "adding rust-src"
    rustup component add rust-src >/dev/null
fi

# bindgen-cli >= BINDGEN_MIN
version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }
have_bindgen=""
if command -v bindgen >/dev/null; then
    have_bindgen="$(bindgen --version 2>/dev/null | awk '{print $2}')"
fi
if [ -z "$have_bindgen" ] || ! version_ge "$have_bindgen" "$BINDGEN_MIN"; then
    log "installing bindgen-cli (found: ${have_bindgen:-none})"
    LIBCLANG_PATH=/usr/lib/llvm-$V/lib cargo install --locked --quiet bindgen-cli
    command -v bindgen >/dev/null || { log "error: bindgen not on PATH (add ~/.cargo/bin)"; exit 1; }
fi
exit 0

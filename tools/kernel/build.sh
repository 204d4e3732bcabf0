#!/usr/bin/env bash
# Configure and build the kchess test kernel (bzImage + the state that out-of-tree modules need),
# out of tree, in the cache. Skips everything when that exact build is already complete.
#
#   tools/kernel/build.sh               build if needed; the last line on stdout is the build dir (KDIR)
#   tools/kernel/build.sh --print-kdir  print the build dir it would use, build nothing
#   tools/kernel/build.sh --print-env   print shell `export` lines (KDIR, LLVM, LIBCLANG_PATH, KVER)
#   tools/kernel/build.sh --bench [...] the same for the bench kernel (bench.config, no debugging)
#
# Environment: KCHESS_CACHE (default ~/.cache/kchess), KCHESS_JOBS (default nproc),
#              KCHESS_SKIP_DEPS=1 (do not run deps.sh).
#
# Cache layout:
#   $KCHESS_CACHE/src/linux-<kver>/           pristine source (fetch.sh)
#   $KCHESS_CACHE/build/<kver>-<hash>/        O= build dir = KDIR; .kchess-complete written last
#   $KCHESS_CACHE/build/<kver>-<hash>/.kchess-build.log   the full make log
#   $KCHESS_CACHE/build/bench-<kver>-<hash>/  the bench kernel (--bench), same layout
# <hash> covers the config fragment and the versions of rustc, bindgen and clang.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="${KCHESS_CACHE:-$HOME/.cache/kchess}"
FRAG="$HERE/kchess.config" FLAVOR=""
if [ "${1:-}" = --bench ]; then FRAG="$HERE/bench.config" FLAVOR="bench-"; shift; fi
. "$HERE/toolchain.env"
export LLVM=/usr/lib/llvm-$KCHESS_LLVM_VERSION/bin/
export LIBCLANG_PATH=/usr/lib/llvm-$KCHESS_LLVM_VERSION/lib
MODE="${1:-build}"
log() { echo "build: $*" >&2; }

if [ "$MODE" = build ] && [ "${KCHESS_SKIP_DEPS:-0}" != 1 ]; then
    "$HERE/deps.sh"
fi

# Kernel version: the cached choice for --print-*, so that they stay cheap and offline.
if [ "$MODE" != build ] && [ -s "$CACHE/src/current" ] \
   && [ -e "$CACHE/src/linux-$(cat "$CACHE/src/current")/.kchess-complete" ]; then
    KVER="$(cat "$CACHE/src/current")"
else
    KVER="$("$HERE/fetch.sh" --version)"
fi
SRC="$CACHE/src/linux-$KVER"

toolchain_id() {
    cat "$FRAG"
    rustc -vV 2>/dev/null || echo "no rustc"
    bindgen --version 2>/dev/null || echo "no bindgen"
    "${LLVM}clang" --version 2>/dev/null | head -n1 || echo "no clang"
}
HASH="$(toolchain_id | sha256sum | cut -c1-12)"
BUILD="$CACHE/build/$FLAVOR$KVER-$HASH"

case "$MODE" in
    --print-kdir) echo "$BUILD"; exit 0 ;;
    --print-env)
        printf 'export KDIR=%q\nexport KVER=%q\nexport LLVM=%q\nexport LIBCLANG_PATH=%q\n' \
            "$BUILD" "$KVER" "$LLVM" "$LIBCLANG_PATH"
        exit 0 ;;
    build) ;;
    *) echo "usage: $0 [--bench] [--print-kdir|--print-env]" >&2; exit 2 ;;
esac

done_already() {
    if [ -e "$BUILD/.kchess-complete" ]; then
        log "kernel $KVER already built in $BUILD"
        echo "$BUILD"
        exit 0
    fi
}
done_already
# Several developers share the cache on one machine: one build of a given tree at a time; a
# second caller waits and then finds it complete.
mkdir -p "$CACHE/build"
exec 9>"$CACHE/build/.lock-$FLAVOR$KVER-$HASH"
if ! flock -n 9; then
    log "waiting for another build of $BUILD"
    flock 9
fi
done_already

JOBS="${KCHESS_JOBS:-$(nproc)}"
MAKE=(make -C "$SRC" O="$BUILD" LLVM="$LLVM" -j"$JOBS")
mkdir -p "$BUILD"
BLOG="$BUILD/.kchess-build.log"
: > "$BLOG"
run() {  # run a make step, its output in the log; show the tail on failure
    if ! "$@" >>"$BLOG" 2>&1; then
        log "failed: $*"; tail -n 40 "$BLOG" >&2; exit 1
    fi
}

start=$(date +%s)
log "configuring $KVER in $BUILD"
run "${MAKE[@]}" rustavailable
if ! grep -q 'Rust is available' "$BLOG"; then
    log "make rustavailable did not say yes:"; cat "$BLOG" >&2; exit 1
fi
log "make rustavailable: $(grep 'Rust is available' "$BLOG")"
run "${MAKE[@]}" tinyconfig
# merge_config.sh -m: merge only; olddefconfig then resolves the dependencies.
(cd "$SRC" && run env ARCH=x86 scripts/kconfig/merge_config.sh -m -O "$BUILD" "$BUILD/.config" "$FRAG")
run "${MAKE[@]}" olddefconfig

# Every option the fragment asks for must have survived olddefconfig.
missing=()
while IFS= read -r line; do
    case "$line" in
        CONFIG_*=y) grep -qx "$line" "$BUILD/.config" || missing+=("$line") ;;
        "# CONFIG_"*" is not set")
            opt="${line#\# }"; opt="${opt%% *}"
            if grep -q "^$opt=y" "$BUILD/.config"; then missing+=("$line"); fi ;;
    esac
done < "$FRAG"
if [ "${#missing[@]}" -gt 0 ]; then
    log "olddefconfig dropped: ${missing[*]}"
    exit 1
fi

log "building bzImage and modules ($JOBS jobs); log: $BLOG"
run "${MAKE[@]}" all
run "${MAKE[@]}" modules_prepare
test -s "$BUILD/arch/x86/boot/bzImage"
test -e "$BUILD/Module.symvers"
end=$(date +%s)

mkver="$(cat "$BUILD/include/config/kernel.release" 2>/dev/null || echo "$KVER")"
{
    echo "kver=$KVER"
    echo "release=$mkver"
    echo "package=$(cat "$SRC/.kchess-package" 2>/dev/null || true)"
    echo "build_seconds=$((end - start))"
    echo "rustc=$(rustc --version)"
    echo "bindgen=$(bindgen --version)"
    echo "clang=$("${LLVM}clang" --version | head -n1)"
} > "$BUILD/.kchess-info"
touch "$BUILD/.kchess-complete"

# Keep the three most recent complete builds of this kind (about 600 MB each); never one being
# built, never one of the other kind (test kernels are named <kver>-..., bench kernels bench-...).
if [ -n "$FLAVOR" ]; then kind="$FLAVOR*"; else kind="[0-9]*"; fi
ls -1dt "$CACHE"/build/$kind/.kchess-complete 2>/dev/null | tail -n +4 | while read -r stamp; do
    old="$(dirname "$stamp")"
    log "removing old build $old"
    rm -f "$stamp"; rm -rf "$old" "$CACHE/build/.lock-$(basename "$old")"
done
log "kernel $mkver built in $((end - start)) s: $BUILD"
echo "$BUILD"

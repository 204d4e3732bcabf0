#!/usr/bin/env bash
# Build the kchess test initramfs (uncompressed newc cpio): busybox-static, the module(s), test
# binaries, data files, and the /init of tools/qemu/init.
#
#   tools/qemu/mkinitramfs.sh -o OUT.cpio [-k chess.ko]... [-b BINARY]... [-c 'COMMAND LINE'] [FILE...]
#
#   -k KO     a module, loaded by init with insmod (from /lib/modules/)
#   -b BIN    a (static) binary, installed as /bin/<name>
#   -c CMD    the command line init runs (sh -c) as the test; default: the first -b binary, or true.
#             It should print "N passed, M failed" as its last such line; without one, its exit
#             status makes it one test.
#   FILE...   data files (e.g. transcripts), copied to /tests/<name> (directories: recursively)
#
# Needs: busybox-static (/bin/busybox), cpio. No root needed.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="" cmd=""
kos=() bins=() files=()
usage() { sed -n '2,15p' "$0" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
        -o) out="$2"; shift 2 ;;
        -k) kos+=("$2"); shift 2 ;;
        -b) bins+=("$2"); shift 2 ;;
        -c) cmd="$2"; shift 2 ;;
        -h|--help) usage ;;
        --) shift; files+=("$@"); break ;;
        -*) echo "mkinitramfs: unknown option $1" >&2; usage ;;
        *) files+=("$1"); shift ;;
    esac
done
[ -n "$out" ] || usage

BUSYBOX=/bin/busybox
[ -x "$BUSYBOX" ] || { echo "mkinitramfs: $BUSYBOX missing (apt-get install busybox-static)" >&2; exit 1; }
is_dynamic() { ldd "$1" 2>&1 | grep -q '=>'; }
if is_dynamic "$BUSYBOX"; then
    echo "mkinitramfs: $BUSYBOX is not static (install busybox-static)" >&2; exit 1
fi

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{bin,dev,proc,sys,tmp,etc/kchess,lib/modules,tests,root}
cp "$BUSYBOX" "$stage/bin/busybox"
for applet in $("$BUSYBOX" --list); do
    [ -e "$stage/bin/$applet" ] || ln -s busybox "$stage/bin/$applet"
done
ln -s bin "$stage/sbin"
install -m 0755 "$HERE/init" "$stage/init"
echo 'root:x:0:0:root:/root:/bin/sh' > "$stage/etc/passwd"
echo 'root:x:0:' > "$stage/etc/group"
echo 'export PS1="kchess# "; cd /tests' > "$stage/etc/profile"

for ko in "${kos[@]}"; do
    [ -f "$ko" ] || { echo "mkinitramfs: no module $ko" >&2; exit 1; }
    cp "$ko" "$stage/lib/modules/"
done
for b in "${bins[@]}"; do
    [ -f "$b" ] || { echo "mkinitramfs: no binary $b" >&2; exit 1; }
    if is_dynamic "$b"; then
        echo "mkinitramfs: warning: $b is dynamically linked; the guest has no libc" >&2
    fi
    install -m 0755 "$b" "$stage/bin/$(basename "$b")"
done
for f in "${files[@]}"; do
    [ -e "$f" ] || { echo "mkinitramfs: no file $f" >&2; exit 1; }
    cp -r "$f" "$stage/tests/"
done
if [ -z "$cmd" ]; then
    if [ "${#bins[@]}" -gt 0 ]; then cmd="/bin/$(basename "${bins[0]}")"; else cmd=true; fi
fi
printf '%s\n' "$cmd" > "$stage/etc/kchess/cmd"

mkdir -p "$(dirname "$out")"
(cd "$stage" && find . -mindepth 1 | LC_ALL=C sort | cpio --quiet -o -H newc -R 0:0) > "$out.tmp"
mv "$out.tmp" "$out"
echo "mkinitramfs: $out ($(du -k "$out" | cut -f1) KiB; cmd: $cmd)" >&2

#!/usr/bin/env bash
# Fetch Debian's newest linux-source-7.* and unpack it into the kchess cache, without touching the
# system's apt configuration (a private sources.list and private list/cache directories).
#
#   tools/kernel/fetch.sh            prints the source tree path on stdout (progress on stderr)
#   tools/kernel/fetch.sh --version  prints only the kernel version (e.g. 7.3.4)
#
# Environment:
#   KCHESS_CACHE          cache dir (default ~/.cache/kchess)
#   KCHESS_LINUX_SOURCE   pin the package, e.g. "linux-source-7.3" or "linux-source-7.3=7.3.4-1~bpo13+1"
#   KCHESS_APT_REFRESH=1  refresh the private package lists even if they are less than a day old
#
# Cache layout:
#   $KCHESS_CACHE/apt/            private sources.list, lists, downloaded .debs
#   $KCHESS_CACHE/src/linux-<kver>/   unpacked kernel source (+ .kchess-complete stamp)
#   $KCHESS_CACHE/src/current     the chosen version (kver), written last
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="${KCHESS_CACHE:-$HOME/.cache/kchess}"
APTD="$CACHE/apt"
MODE="${1:-path}"

log() { echo "fetch: $*" >&2; }

# Suites that carry linux-source-7.*: trixie-backports has 7.3.x, sid 7.2.x (both checked).
# experimental carries release candidates only, so it is left out.
mkdir -p "$APTD/lists/partial" "$APTD/cache/archives/partial" "$APTD/debs" "$CACHE/src"
# Several developers share the cache on one machine: one fetch at a time.
exec 8>"$CACHE/.fetch.lock"
flock 8
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
cat > "$APTD/sources.list.new" <<EOS
deb [signed-by=$KEYRING] http://deb.debian.org/debian trixie-backports main
deb [signed-by=$KEYRING] http://deb.debian.org/debian sid main
EOS
if ! cmp -s "$APTD/sources.list.new" "$APTD/sources.list" 2>/dev/null; then
    mv "$APTD/sources.list.new" "$APTD/sources.list"
    rm -f "$APTD/lists/.stamp"
else
    rm -f "$APTD/sources.list.new"
fi

APT_OPTS=(
    -o "Dir::Etc::SourceList=$APTD/sources.list"
    -o "Dir::Etc::SourceParts=/dev/null"
    -o "Dir::State::Lists=$APTD/lists"
    -o "Dir::Cache=$APTD/cache"
    -o "Dir::State::status=/dev/null"
    -o "Acquire::IndexTargets::deb::DEP-11::DefaultEnabled=false"
    -o "Acquire::IndexTargets::deb::DEP-11-icons::DefaultEnabled=false"
    -o "Acquire::IndexTargets::deb::DEP-11-icons-small::DefaultEnabled=false"
    -o "Acquire::IndexTargets::deb::CNF::DefaultEnabled=false"
    -o "Debug::NoLocking=1"
    $( [ "$(id -u)" -eq 0 ] && echo "-o APT::Sandbox::User=root" )
)

# Refresh the private lists at most once a day (or when forced / never done).
stamp="$APTD/lists/.stamp"
if [ "${KCHESS_APT_REFRESH:-0}" = 1 ] || [ ! -e "$stamp" ] || [ -n "$(find "$stamp" -mmin +1440)" ]; then
    log "updating private package lists"
    if apt-get "${APT_OPTS[@]}" -qq update >&2; then
        touch "$stamp"
    elif ls "$CACHE"/src/linux-*/.kchess-complete >/dev/null 2>&1; then
        log "warning: apt-get update failed; using what is cached"
    else
        log "error: apt-get update failed and nothing is cached"; exit 1
    fi
fi

# Choose the package: newest version of any linux-source-7.* (releases only, no ~rc).
choose() {
    if [ -n "${KCHESS_LINUX_SOURCE:-}" ]; then
        local pkg="${KCHESS_LINUX_SOURCE%%=*}" ver=""
        if [[ "$KCHESS_LINUX_SOURCE" == *=* ]]; then ver="${KCHESS_LINUX_SOURCE#*=}"; else
            ver="$(apt-cache "${APT_OPTS[@]}" madison "$pkg" | awk -F'|' '{gsub(/ /,"",$2); print $2}' \
                   | grep -v '~rc' | sort -V | tail -n1)"
        fi
        echo "$pkg $ver"; return
    fi
    apt-cache "${APT_OPTS[@]}" pkgnames linux-source-7. 2>/dev/null | while read -r pkg; do
        apt-cache "${APT_OPTS[@]}" madison "$pkg" | awk -F'|' -v p="$pkg" '{gsub(/ /,"",$2); print p, $2}'
    done | grep -v '~rc' | sort -V -k2,2 | tail -n1
}

read -r PKG DEBVER < <(choose || true) || true
if [ -z "${PKG:-}" ] || [ -z "${DEBVER:-}" ]; then
    # Offline fallback: the newest complete tree already in the cache.
    cur="$(cat "$CACHE/src/current" 2>/dev/null || true)"
    if [ -n "$cur" ] && [ -e "$CACHE/src/linux-$cur/.kchess-complete" ]; then
        log "warning: no linux-source-7.* in the lists; using cached $cur"
        KVER="$cur"
    else
        log "error: no linux-source-7.* package found"; exit 1
    fi
else
    KVER="${DEBVER%%-*}"        # 7.3.4-1~bpo13+1 -> 7.3.4
    KVER="${KVER%%+*}"
fi

SRC="$CACHE/src/linux-$KVER"
if [ ! -e "$SRC/.kchess-complete" ]; then
    log "downloading $PKG=$DEBVER"
    rm -rf "$APTD/debs/tmp"; mkdir -p "$APTD/debs/tmp"
    deb="$(ls "$APTD/debs/${PKG}_"*"${KVER}"*.deb 2>/dev/null | head -n1 || true)"
    if [ -z "$deb" ]; then
        (cd "$APTD/debs/tmp" && apt-get "${APT_OPTS[@]}" -qq download "$PKG=$DEBVER" >&2)
        mv "$APTD/debs/tmp/"*.deb "$APTD/debs/"
        deb="$(ls "$APTD/debs/${PKG}_"*.deb | sort -V | tail -n1)"
    fi
    log "unpacking $(basename "$deb")"
    x="$APTD/debs/x"; rm -rf "$x"; mkdir -p "$x"
    dpkg-deb -x "$deb" "$x"
    tarball="$(ls "$x"/usr/src/linux-source-*.tar.* | head -n1)"
    rm -rf "$SRC.tmp"; mkdir -p "$SRC.tmp"
    tar -xf "$tarball" -C "$SRC.tmp" --strip-components=1
    rm -rf "$x" "$SRC"
    rm -f "$deb"   # the unpacked tree is the cache; the .deb is 150 MB
    mv "$SRC.tmp" "$SRC"
    # The Makefile's version must match what the package says.
    mkver="$("$HERE/kernelversion.sh" "$SRC")"
    if [ "$mkver" != "$KVER" ]; then
        log "note: package version $KVER, Makefile says $mkver; using $mkver"
        mv "$SRC" "$CACHE/src/linux-$mkver"; KVER="$mkver"; SRC="$CACHE/src/linux-$KVER"
    fi
    echo "$PKG=$DEBVER" > "$SRC/.kchess-package"
    touch "$SRC/.kchess-complete"
fi
echo "$KVER" > "$CACHE/src/current.tmp" && mv "$CACHE/src/current.tmp" "$CACHE/src/current"
log "kernel version $KVER ($(cat "$SRC/.kchess-package" 2>/dev/null || echo "$PKG"))"

case "$MODE" in
    --version) echo "$KVER" ;;
    *) echo "$SRC" ;;
esac

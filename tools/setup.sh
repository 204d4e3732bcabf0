#!/usr/bin/env bash
# Installs what building and testing the userspace side needs: the Rust components used by
# `make lint`, and with --test python-chess for the transcripts' reference model
# (tests/transcripts/tools/model.py). Idempotent and quiet when everything is present.
set -euo pipefail

if ! command -v cargo >/dev/null 2>&1; then
    if [ -x "$HOME/.cargo/bin/cargo" ]; then
        echo "setup: cargo is in ~/.cargo/bin; add it to PATH (source ~/.cargo/env)" >&2
    else
        echo "setup: cargo not found; install Rust with rustup (https://rustup.rs) first" >&2
    fi
    exit 1
fi

if command -v rustup >/dev/null 2>&1; then
    installed=$(rustup component list --installed 2>/dev/null || true)
    for component in rustfmt clippy; do
        if ! grep -q "^$component" <<<"$installed"; then
            rustup component add "$component"
        fi
    done
fi

if [ "${1:-}" = --test ] && ! python3 -c 'import chess' 2>/dev/null; then
    echo "setup: installing python-chess (the transcripts' reference model)" >&2
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore chess \
        || { echo "setup: pip install chess failed" >&2; exit 1; }
fi

# kchess: the user-facing targets. The kernel-side targets (kernel, module, qemu-test, qemu)
# live in kernel.mk. Kbuild builds the module itself (obj-m := driver/chess.o).
#
#   make play        build and play against the engine in the terminal (no kernel needed)
#   make test        install what is needed, then run every test, the QEMU boot test included
#   make test-user   only the userspace tests (no kernel build)
#   make bench       perft speed next to shakmaty and cozy-chess, and the fixed search workload
#   make elo         the Stockfish gauntlet (a benchmark, not a test)

CARGO ?= cargo
RELEASE := target/release

# The guest side of `make qemu-test`: a static kchess (the transcript runner and the device
# checks), the transcripts plus a generated determinism transcript, and the script running them.
STATIC_TARGET := x86_64-unknown-linux-gnu
KCHESS_STATIC := target/$(STATIC_TARGET)/release/kchess
VM_TRANSCRIPTS := build/qemu/transcripts
QEMU_TEST_BIN := $(KCHESS_STATIC)
QEMU_TEST_FILES := $(VM_TRANSCRIPTS) tools/qemu/vm-tests.sh
QEMU_TEST_CMD := sh /tests/vm-tests.sh

include kernel.mk

.PHONY: all build play setup test test-user lint bench elo fuzz FORCE

all: build

setup:
	@tools/setup.sh

build: setup
	$(CARGO) build --release --workspace

play: build
	@$(RELEASE)/kchess play

lint: setup
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

test-user: lint
	@tools/setup.sh --test
	tools/kernel/selftest.sh
	$(CARGO) test --workspace
	$(CARGO) test -p chess-core --features stack-probe --test stack -- --nocapture
	python3 tests/transcripts/tools/model.py check tests/transcripts/*.txt
	$(CARGO) build --release --workspace
	$(RELEASE)/kchess perft --epd tests/perft/cpw6.epd --max-nodes 200000000
	$(RELEASE)/kchess perft --epd tests/perft/sedlak.epd
	$(RELEASE)/kchess transcript --sim $(RELEASE)/chess-sim tests/transcripts/*.txt

test: test-user
	@tools/kernel/deps.sh
	$(MAKE) qemu-test

bench: build
	$(RELEASE)/kchess bench --perft
	$(RELEASE)/kchess bench

elo: build
	@tools/elo/run.sh

fuzz: setup
	cd fuzz && $(CARGO) +nightly fuzz run protocol -- -max_total_time=60

$(KCHESS_STATIC): FORCE
	RUSTFLAGS="-C target-feature=+crt-static -C strip=debuginfo" $(CARGO) build --release -p kchess --target $(STATIC_TARGET)

$(VM_TRANSCRIPTS): FORCE
	$(CARGO) build --release -p userspace-sim
	rm -rf $@ && mkdir -p $@
	cp tests/transcripts/*.txt $@/
	tools/qemu/gen-determinism.sh $(RELEASE)/chess-sim $@/determinism.txt 24

FORCE:

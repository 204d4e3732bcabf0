# kchess: the user-facing targets. The kernel-side targets (kernel, module, qemu-test, qemu)
# live in kernel.mk. Kbuild builds the module itself (obj-m := driver/chess.o).
#
#   make play        build and play against the engine in the terminal (no kernel needed)
#   make test        install what is needed, then run every test: the QEMU boot test and the
#                    module's kernel stack bound included
#   make test-user   only the userspace tests (no kernel build)
#   make bench       perft speed next to shakmaty and cozy-chess, and the fixed search workload
#   make bench-vm    the module's real speed: on the bench kernel (no debugging; built once into
#                    the cache), perft and search in the kernel against a static chess-sim in the
#                    same VM, and the /dev/chess round trip against the kernel's Rust misc device
#                    sample; prints min/median of each and whether the goals are met
#   make elo         the Stockfish gauntlet (a benchmark, not a test)

CARGO ?= cargo
RELEASE := target/release

# The guest side of `make qemu-test`: a static kchess (the transcript runner and the device
# checks), the transcripts plus a generated determinism transcript, and the script running them;
# on the host beside it, python-chess drives kchess uci on the VM's board over a serial port.
STATIC_TARGET := x86_64-unknown-linux-gnu
KCHESS_STATIC := target/$(STATIC_TARGET)/release/kchess
VM_TRANSCRIPTS := build/qemu/transcripts
QEMU_TEST_BIN := $(KCHESS_STATIC)
QEMU_TEST_FILES := $(VM_TRANSCRIPTS) tools/qemu/vm-tests.sh
QEMU_TEST_CMD := sh /tests/vm-tests.sh
QEMU_HOST_TEST := tools/qemu/uci-host.sh
# The guest side of `make bench-vm`: static kchess and chess-sim, and the script running them.
SIM_STATIC := target/$(STATIC_TARGET)/release/chess-sim
BENCH_VM_ARGS ?=

include kernel.mk

.PHONY: all build play setup test test-user lint bench bench-vm elo fuzz FORCE

all: build

setup:
	@tools/setup.sh

build: setup
	$(CARGO) build --release --workspace

play: build
	@$(RELEASE)/kchess play

lint: setup
	$(CARGO) fmt --all -- --check
	rustfmt --edition 2021 --check driver/chess.rs
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
	$(MAKE) stack-bound qemu-test

bench: build
	$(RELEASE)/kchess bench --perft
	$(RELEASE)/kchess bench

bench-vm: bench-module $(KCHESS_STATIC) $(SIM_STATIC)
	@tools/qemu/mkinitramfs.sh -o $(BENCH_DIR)/initramfs.cpio -k $(BENCH_DIR)/module/driver/chess.ko \
		-b $(KCHESS_STATIC) -b $(SIM_STATIC) -c 'sh /tests/bench-vm.sh $(BENCH_VM_ARGS)' tools/qemu/bench-vm.sh
	@tools/qemu/run.sh -k $(KCHESS_BENCH_KDIR)/arch/x86/boot/bzImage -i $(BENCH_DIR)/initramfs.cpio \
		-t $(BENCH_TIMEOUT) -l $(BENCH_DIR)/serial.log -a 'log_buf_len=64M'

elo: build
	@tools/elo/run.sh

fuzz: setup
	cd fuzz && $(CARGO) +nightly fuzz run protocol -- -max_total_time=60

$(KCHESS_STATIC): FORCE
	RUSTFLAGS="-C target-feature=+crt-static -C strip=debuginfo" $(CARGO) build --release -p kchess --target $(STATIC_TARGET)

$(SIM_STATIC): FORCE
	RUSTFLAGS="-C target-feature=+crt-static -C strip=debuginfo" $(CARGO) build --release -p userspace-sim --target $(STATIC_TARGET)

$(VM_TRANSCRIPTS): FORCE
	$(CARGO) build --release -p userspace-sim
	rm -rf $@ && mkdir -p $@
	cp tests/transcripts/*.txt $@/
	tools/qemu/gen-determinism.sh $(RELEASE)/chess-sim $@/determinism.txt 24

FORCE:

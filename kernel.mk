# kernel.mk -- the kernel side of kchess: test kernel, out-of-tree Rust module, QEMU tests.
# Included by the top-level Makefile; usable alone: make -f kernel.mk kernel module qemu-test
#
#   make kernel        fetch + configure + build the test kernel into the cache (skipped when built)
#   make module        build driver/chess.ko against $(KDIR) with W=e (and CLIPPY=1 when available)
#   make qemu-test     boot the module in QEMU, run $(QEMU_TEST_CMD), fail on failures or splats
#   make qemu          the same VM with a shell on the console and /dev/chess ready
#   make module-clean  remove the module staging dir
#   make bench-kernel  build the bench kernel (tools/kernel/bench.config: no debugging, the Rust
#                      misc device sample built in) into the cache, beside the test kernel
#   make bench-module  driver/chess.ko against the bench kernel, staged in $(BENCH_DIR)/module
#   make stack-bound   the most kernel stack the module can use (tools/kernel/stack-bound.py),
#                      against the test kernel's task stack (stack-bound-bench: the bench kernel's)
#
# KDIR=<kernel build dir> uses that tree instead of the cached build (which is built first when
# absent). The module is built in a staging copy ($(MODULE_STAGE)) of Kbuild, driver/ and
# chess-core/src/, never in the repository root: `make clean M=...` deletes every *.o below M,
# cargo's target/ included.

KCHESS_ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
# Included early by the top-level Makefile: do not steal its default goal (restored at the end).
KCHESS_SAVED_GOAL := $(.DEFAULT_GOAL)
include $(KCHESS_ROOT)/tools/kernel/toolchain.env
KCHESS_LLVM ?= /usr/lib/llvm-$(KCHESS_LLVM_VERSION)/bin/
export LIBCLANG_PATH ?= /usr/lib/llvm-$(KCHESS_LLVM_VERSION)/lib
MODULE_STAGE ?= $(KCHESS_ROOT)/build/module
MODULE_KO := $(MODULE_STAGE)/driver/chess.ko
QEMU_DIR ?= $(KCHESS_ROOT)/build/qemu
QEMU_TIMEOUT ?= 900
# The guest test: QEMU_TEST_BIN (static binaries, in /bin), QEMU_TEST_FILES (in /tests) and
# QEMU_TEST_CMD, the command line that runs them. The top-level Makefile sets all three; alone,
# kernel.mk boots the module with the shell smoke test.
QEMU_TEST_BIN ?=
QEMU_TEST_FILES ?= $(KCHESS_ROOT)/tools/qemu/smoke.sh
QEMU_TEST_CMD ?= sh /tests/smoke.sh
# QEMU_HOST_TEST: a command run on the host beside the VM with the VM's second serial port
# (run.sh -H); the top-level Makefile sets it to the python-chess UCI checks.
QEMU_HOST_TEST ?=

# The bench kernel's side (`make bench-vm` in the top-level Makefile): its own build dir in the
# cache, its own module staging dir, so the test kernel and `make module` are left alone.
BENCH_DIR ?= $(KCHESS_ROOT)/build/bench
BENCH_TIMEOUT ?= 1200

# Evaluated only inside recipes, so that other targets never touch the network or the cache.
KCHESS_KDIR = $(if $(KDIR),$(KDIR),$(shell $(KCHESS_ROOT)/tools/kernel/build.sh --print-kdir))
KCHESS_BENCH_KDIR = $(shell $(KCHESS_ROOT)/tools/kernel/build.sh --bench --print-kdir)
KCHESS_CLIPPY = $(if $(shell command -v clippy-driver 2>/dev/null),CLIPPY=1,)
STACK_BOUND := $(KCHESS_ROOT)/tools/kernel/stack-bound.py

.PHONY: kernel module qemu-test qemu module-clean bench-kernel bench-module stack-bound stack-bound-bench

kernel:
ifeq ($(KDIR),)
	@$(KCHESS_ROOT)/tools/kernel/build.sh >/dev/null
else
	@test -f $(KDIR)/Module.symvers || { echo "KDIR=$(KDIR) is not a built kernel tree"; exit 1; }
endif

module: kernel
	@rm -rf $(MODULE_STAGE)
	@mkdir -p $(MODULE_STAGE)/chess-core
	@cp $(KCHESS_ROOT)/Kbuild $(MODULE_STAGE)/
	@cp -r $(KCHESS_ROOT)/driver $(MODULE_STAGE)/
	@if [ -d $(KCHESS_ROOT)/chess-core/src ]; then cp -r $(KCHESS_ROOT)/chess-core/src $(MODULE_STAGE)/chess-core/; fi
	@start=$$(date +%s.%N); \
	$(MAKE) -C $(KCHESS_KDIR) M=$(MODULE_STAGE) LLVM=$(KCHESS_LLVM) W=e $(KCHESS_CLIPPY) modules && \
	end=$$(date +%s.%N) && \
	echo "module: $(MODULE_KO) ($$(stat -c %s $(MODULE_KO)) bytes) built in $$(echo "$$end - $$start" | bc | cut -c1-4) s"

$(QEMU_DIR)/initramfs.cpio: module $(QEMU_TEST_BIN) $(QEMU_TEST_FILES) $(KCHESS_ROOT)/tools/qemu/init
	@$(KCHESS_ROOT)/tools/qemu/mkinitramfs.sh -o $@ -k $(MODULE_KO) \
		$(foreach b,$(QEMU_TEST_BIN),-b $(b)) -c '$(QEMU_TEST_CMD)' $(QEMU_TEST_FILES)

qemu-test: $(QEMU_DIR)/initramfs.cpio
	@$(KCHESS_ROOT)/tools/qemu/run.sh -k $(KCHESS_KDIR)/arch/x86/boot/bzImage \
		-i $(QEMU_DIR)/initramfs.cpio -t $(QEMU_TIMEOUT) -l $(QEMU_DIR)/serial.log \
		$(if $(QEMU_HOST_TEST),-H '$(QEMU_HOST_TEST)')

qemu: $(QEMU_DIR)/initramfs.cpio
	@$(KCHESS_ROOT)/tools/qemu/run.sh -k $(KCHESS_KDIR)/arch/x86/boot/bzImage \
		-i $(QEMU_DIR)/initramfs.cpio --interactive

# The most kernel stack the module can use (tools/kernel/stack-bound.py), against the task
# stack of the kernel it is built for: the test kernel's (KASAN doubles frames and stack alike),
# and with `stack-bound-bench` a production kernel's 16 KiB (the bench kernel's build).
stack-bound: module
	@$(STACK_BOUND) $(MODULE_KO) --config $(KCHESS_KDIR)/.config

stack-bound-bench: bench-module
	@$(STACK_BOUND) $(BENCH_DIR)/module/driver/chess.ko --config $(KCHESS_BENCH_KDIR)/.config

module-clean:
	rm -rf $(MODULE_STAGE) $(QEMU_DIR)

bench-kernel:
	@$(KCHESS_ROOT)/tools/kernel/build.sh --bench >/dev/null

bench-module: bench-kernel
	@$(MAKE) --no-print-directory -f $(KCHESS_ROOT)/kernel.mk module \
		KDIR=$(KCHESS_BENCH_KDIR) MODULE_STAGE=$(BENCH_DIR)/module

ifeq ($(notdir $(firstword $(MAKEFILE_LIST))),kernel.mk)
.DEFAULT_GOAL := qemu-test
else
.DEFAULT_GOAL := $(KCHESS_SAVED_GOAL)
endif

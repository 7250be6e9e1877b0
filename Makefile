# btftrace build, in the libbpf-bootstrap manner: everything generated goes to .output/.
OUTPUT ?= .output
CC ?= cc
CLANG ?= clang
BPFTOOL ?= bpftool
ARCH_INCLUDE ?= /usr/include/$(shell $(CC) -print-multiarch)
UNISTD_H ?= $(ARCH_INCLUDE)/asm/unistd_64.h
UNISTD32_H ?= $(ARCH_INCLUDE)/asm/unistd_32.h
PYTHON ?= /usr/bin/python3

LIBBPF_CFLAGS := $(shell pkg-config --cflags libbpf 2>/dev/null)
LIBBPF_LIBS := $(shell pkg-config --libs libbpf 2>/dev/null || echo -lbpf) -lelf -lz
# -k's unwinder: elfutils' libdw (Debian's libdw-dev)
LIBDW_LIBS := $(shell pkg-config --libs libdw 2>/dev/null || echo -ldw -lelf)

CFLAGS ?= -g -O2
CFLAGS += -std=gnu11 -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers \
	  -Isrc -I$(OUTPUT) $(LIBBPF_CFLAGS) -D_GNU_SOURCE
LDLIBS += $(LIBBPF_LIBS) $(LIBDW_LIBS) -pthread

ifeq ($(SANITIZE),1)
OUTPUT := .output/asan
CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
endif

VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)
CFLAGS += -DBTFTRACE_VERSION=\"$(VERSION)\"

# The collector is one BPF object linked by bpftool from units of one concern each
# (src/bpf/*.bpf.c); one skeleton loads it. state.bpf.c, which defines the maps and knobs the
# others declare extern, goes first: libbpf 1.1's linker misplaces an extern map it meets
# before its definition (the skeleton then fails with "map relo failed").
BPF_SRC := src/bpf/state.bpf.c $(filter-out src/bpf/state.bpf.c,$(sort $(wildcard src/bpf/*.bpf.c)))
BPF_UNITS := $(patsubst src/bpf/%.bpf.c,$(OUTPUT)/bpf/%.bpf.o,$(BPF_SRC))
BPF_OBJ := $(OUTPUT)/collector.bpf.o
SKEL := $(OUTPUT)/collector.skel.h

XLAT_IN := $(wildcard src/base/xlat/*.in)
XLAT_H := $(OUTPUT)/xlat_tables.h
XLAT_C := $(OUTPUT)/xlat_tables.c $(OUTPUT)/xlat_tables_uapi.c
XLAT_OBJ := $(patsubst $(OUTPUT)/%.c,$(OUTPUT)/obj/%.o,$(XLAT_C))

GEN_HEADERS := $(SKEL) $(OUTPUT)/syscall_table.h $(OUTPUT)/syscall_table_32.h $(XLAT_H)

LIB_SRC := $(filter-out src/main.c %.bpf.c,$(wildcard src/*.c src/*/*.c))
LIB_OBJ := $(patsubst src/%.c,$(OUTPUT)/obj/%.o,$(LIB_SRC))
LIB_OBJ += $(XLAT_OBJ)
MAIN_OBJ := $(OUTPUT)/obj/main.o
BIN := $(OUTPUT)/btftrace

UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(patsubst tests/unit/%.c,$(OUTPUT)/tests/%,$(UNIT_SRC))
HELPER_SRC := $(wildcard tests/workloads/*.c)
HELPER_BIN := $(patsubst tests/workloads/%.c,$(OUTPUT)/workloads/%,$(HELPER_SRC))
HELPER_BIN += $(OUTPUT)/workloads/stack_calls_fp

# where `make install` puts things: PREFIX=/usr for a package, DESTDIR=dir to stage them there
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions

.PHONY: all clean deps demo test unit e2e bench asan-test fuzz fuzz-build format check-format \
	install uninstall deb package-test kernel-fetch kernel-test bench-kernel diff-test diff-report diff-update
all: $(BIN) $(HELPER_BIN)

$(OUTPUT) $(OUTPUT)/obj $(OUTPUT)/tests $(OUTPUT)/workloads:
	mkdir -p $@

$(OUTPUT)/bpf/%.bpf.o: src/bpf/%.bpf.c $(wildcard src/bpf/*.h) $(OUTPUT)/syscall_nrs.h | $(OUTPUT)
	@mkdir -p $(dir $@)
	$(CLANG) -g -O2 -Wall -target bpf -D__TARGET_ARCH_x86 -I$(ARCH_INCLUDE) -Isrc/bpf -I$(OUTPUT) \
		-c $< -o $@

$(OUTPUT)/syscall_nrs.h: tools/gen-syscall-nrs.sh $(UNISTD_H) $(UNISTD32_H) | $(OUTPUT)
	sh $< $(UNISTD_H) $(UNISTD32_H) > $@.tmp && mv $@.tmp $@

$(BPF_OBJ): $(BPF_UNITS)
	$(BPFTOOL) gen object $@ $^

$(SKEL): $(BPF_OBJ)
	$(BPFTOOL) gen skeleton $< name collector_bpf > $@.tmp && mv $@.tmp $@

$(OUTPUT)/syscall_table.h: tools/gen-syscall-table.sh $(UNISTD_H) | $(OUTPUT)
	sh $< $(UNISTD_H) > $@.tmp && mv $@.tmp $@

$(OUTPUT)/syscall_table_32.h: tools/gen-syscall-table.sh $(UNISTD32_H) | $(OUTPUT)
	sh $< $(UNISTD32_H) SYSCALL_TABLE_ENTRIES_I386 > $@.tmp && mv $@.tmp $@

$(XLAT_H) $(XLAT_C) &: tools/gen-xlat.py $(XLAT_IN) | $(OUTPUT)
	$(PYTHON) $< -o $(OUTPUT) $(XLAT_IN)

$(XLAT_OBJ): $(OUTPUT)/obj/%.o: $(OUTPUT)/%.c $(XLAT_H) src/base/xlat.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(OUTPUT)/obj/%.o: src/%.c $(GEN_HEADERS) $(wildcard src/*/*.h src/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BIN): $(MAIN_OBJ) $(LIB_OBJ)
	$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

$(OUTPUT)/tests/%: tests/unit/%.c $(wildcard tests/unit/*.h) $(LIB_OBJ) | $(OUTPUT)/tests
	$(CC) $(CFLAGS) $(LDFLAGS) $< $(LIB_OBJ) $(LDLIBS) -lcmocka -o $@

$(OUTPUT)/workloads/%: tests/workloads/%.c | $(OUTPUT)/workloads
	$(CC) -g -O1 -Wall -D_GNU_SOURCE -pthread $< $(WORKLOAD_LIBS) -o $@

# the io_uring workload goes through liburing (Debian's liburing-dev, which has liburing.a too)
$(OUTPUT)/workloads/uring_read $(OUTPUT)/kernel/workloads/uring_read: WORKLOAD_LIBS := -luring

# -k's workload, as issue 19 builds it: no frame pointers, so only DWARF CFI unwinds it; and
# again with frame pointers, for --stack-trace=fp
STACK_WORKLOAD_FLAGS := -O2 -fno-optimize-sibling-calls -g -Wall -D_GNU_SOURCE -pthread
$(OUTPUT)/workloads/stack_calls: tests/workloads/stack_calls.c | $(OUTPUT)/workloads
	$(CC) $(STACK_WORKLOAD_FLAGS) -fomit-frame-pointer $< -o $@
$(OUTPUT)/workloads/stack_calls_fp: tests/workloads/stack_calls.c | $(OUTPUT)/workloads
	$(CC) $(STACK_WORKLOAD_FLAGS) -fno-omit-frame-pointer $< -o $@

install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR)
	install -m 0755 $(BIN) $(DESTDIR)$(BINDIR)/btftrace
	install -m 0644 docs/btftrace.1 $(DESTDIR)$(MANDIR)/man1/btftrace.1
	install -m 0644 bash-completion/btftrace $(DESTDIR)$(BASHCOMPDIR)/btftrace

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/btftrace $(DESTDIR)$(MANDIR)/man1/btftrace.1 \
		$(DESTDIR)$(BASHCOMPDIR)/btftrace

# The Debian package (debian/), built by dpkg-buildpackage from a copy of the tree in DEB_DIR,
# where the .deb lands too: dpkg-buildpackage writes to the parent of the tree it builds.
# Without the variables of this make (SANITIZE=1...), which the package's own build would get.
DEB_DIR := .output/deb
DEB_TREE := $(DEB_DIR)/btftrace-$(VERSION)
DEB_CHANGES := $(DEB_DIR)/btftrace_$(VERSION)_amd64.changes

deb:
	rm -rf $(DEB_DIR)
	mkdir -p $(DEB_TREE)
	tar -c --exclude=./.output --exclude=./.git --exclude=./bench/results \
		--exclude=__pycache__ . | tar -x -C $(DEB_TREE)
	cd $(DEB_TREE) && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		dpkg-buildpackage -us -uc -b -jauto
	lintian --fail-on error $(DEB_CHANGES)

# Builds the package, then installs it on this machine, runs it and removes it.
package-test: deb
	DEB_DIR=$(abspath $(DEB_DIR)) VERSION=$(VERSION) $(PYTHON) -m pytest -q tests/package

# Installs, with apt-get, everything that build, run and tests need.
deps:
	sh tools/install-deps.sh

# Builds, then traces a real command.
demo: all
	$(BIN) -- ls /

unit: $(UNIT_BIN)
	@set -e; for t in $(UNIT_BIN); do echo "== $$t"; $$t; done

e2e: all
	BTFTRACE=$(abspath $(BIN)) WORKLOADS=$(abspath $(OUTPUT)/workloads) \
		$(PYTHON) -m pytest -q tests/e2e

# The differential test against strace 6.1 (tests/diff/strace_diff.py): one run of
# tests/workloads/diff_calls.c per option set, traced by strace and btftrace at once, compared
# line by line; every difference must be listed in tests/diff/expected.txt, and every listed
# one must still happen. DIFF_SETS chooses option sets (default: all seven).
DIFF_SETS ?= default,v,Xraw,Xverbose,s8,y,etrace
DIFF_ARGS = --btftrace $(abspath $(BIN)) --workload $(abspath $(OUTPUT)/workloads/diff_calls) \
	    --out $(abspath $(OUTPUT)/diff) --sets $(DIFF_SETS)

diff-test: all
	$(PYTHON) tests/diff/strace_diff.py check $(DIFF_ARGS)

# The figures per option set and per syscall, the difference rules with examples, the
# struct-taking syscalls' status: markdown on stdout, kept in .output/diff/report.md too.
diff-report: all
	$(PYTHON) tests/diff/strace_diff.py report $(DIFF_ARGS)

# Rewrites tests/diff/expected.txt from what differs now (new entries as not-yet-fixed), over
# DIFF_RUNS runs of each set: a difference seen in some of them only is marked as such.
DIFF_RUNS ?= 3
diff-update: all
	$(PYTHON) tests/diff/strace_diff.py update --runs $(DIFF_RUNS) $(DIFF_ARGS)

# Builds and runs every test: unit tests, end-to-end tests as root, the differential test
# against strace, then each fuzz target for FUZZ_SECONDS (60 s each; `make test
# FUZZ_SECONDS=5` for a quicker run).
test: unit e2e diff-test fuzz

# The unit and e2e tests again under AddressSanitizer and UBSan (the fuzz targets have them).
asan-test:
	$(MAKE) SANITIZE=1 unit e2e

bench: all
	$(MAKE) -C bench

# The kernel matrix (tests/kernel/): Debian's cloud kernels, fetched with apt-get into
# .output/kernels/ once, each booted under qemu with an initramfs that runs tests/kernel/suite.sh;
# the same suite runs on the host kernel. KERNEL_SUITES picks the Debian suites.
KERNEL_SUITES ?= bullseye bookworm trixie
KERNEL_DIR := .output/kernels
KERNEL_WORKLOADS := stat_rw proc_life counted filtered ticker stack_calls inject_calls int80 \
		    uring_read short_sock trace_path last_calls slow_fifo
KERNEL_WORKLOAD_BIN := $(patsubst %,$(OUTPUT)/kernel/workloads/%,$(KERNEL_WORKLOADS))
# a 32-bit program, for the i386 case the host kernel may be unable to run
KERNEL_WORKLOAD_BIN += $(OUTPUT)/kernel/workloads/i386_calls
INITRAMFS := $(OUTPUT)/kernel/initramfs.cpio

# linked statically: the initramfs has no libc but the one btftrace brings for itself
$(OUTPUT)/kernel/workloads/%: tests/workloads/%.c
	@mkdir -p $(dir $@)
	$(CC) -static -g -O1 -Wall -D_GNU_SOURCE -pthread $< $(WORKLOAD_LIBS) -o $@

$(OUTPUT)/kernel/workloads/i386_calls: tests/workloads/i386/i386_calls.c
	@mkdir -p $(dir $@)
	$(CC) -m32 -static -O1 -Wall $< -o $@

$(INITRAMFS): $(BIN) $(KERNEL_WORKLOAD_BIN) tests/kernel/build-initramfs.sh tests/kernel/init \
	      tests/kernel/suite.sh
	sh tests/kernel/build-initramfs.sh $@ $(BIN) $(KERNEL_WORKLOAD_BIN)

kernel-fetch:
	sh tests/kernel/fetch-kernels.sh $(KERNEL_DIR) $(KERNEL_SUITES)

# make bench-kernel: bench/run.py --kernel, the bench workload under btftrace (with and without
# --kfunc), strace and perf trace in one boot of a matrix kernel; the initramfs is the matrix's,
# built by the same script with bench/kernel.sh as its suite. BENCH_KERNEL picks the suite.
BENCH_KERNEL ?= trixie
BENCH_KERNEL_BIN := $(OUTPUT)/kernel/bench/workload $(OUTPUT)/kernel/bench/rusage-run
BENCH_INITRAMFS := $(OUTPUT)/kernel/bench-initramfs.cpio

$(OUTPUT)/kernel/bench/%: bench/%.c
	@mkdir -p $(dir $@)
	$(CC) -static -O2 -Wall -D_GNU_SOURCE -pthread $< -o $@

$(BENCH_INITRAMFS): $(BIN) $(BENCH_KERNEL_BIN) tests/kernel/build-initramfs.sh tests/kernel/init \
		    bench/kernel.sh
	SUITE=bench/kernel.sh TOOLS="strace perf" sh tests/kernel/build-initramfs.sh $@ $(BIN) \
		$(BENCH_KERNEL_BIN)

bench-kernel: all $(BENCH_INITRAMFS)
	sh tests/kernel/fetch-kernels.sh $(KERNEL_DIR) $(BENCH_KERNEL)
	$(PYTHON) bench/run.py --kernel $(BENCH_KERNEL) --runs 3 --iterations 10000 \
		--kernel-dir $(KERNEL_DIR) --initramfs $(BENCH_INITRAMFS) $(RUN_ARGS)

kernel-test: all $(INITRAMFS) kernel-fetch
	BTFTRACE=$(abspath $(BIN)) KERNEL_DIR=$(abspath $(KERNEL_DIR)) \
		KERNEL_OUT=$(abspath $(OUTPUT)/kernel) INITRAMFS=$(abspath $(INITRAMFS)) \
		KERNEL_WORKLOADS=$(abspath $(OUTPUT)/kernel/workloads) \
		KERNEL_SUITES="$(KERNEL_SUITES)" $(PYTHON) -m pytest -q -s tests/kernel

# libFuzzer targets: tests/fuzz/<target>.c, seeded from tests/fuzz/corpus/<target>/. Each is
# one word of FUZZ_TARGETS; FUZZ_MAX_LEN_<target> overrides the input size cap of 4096, and
# FUZZ_FLAGS_<target> adds libFuzzer flags (a dictionary).
FUZZ_TARGETS := fuzz_btf_printer fuzz_format fuzz_records fuzz_syscall_set fuzz_filter
FUZZ_MAX_LEN_fuzz_records := 32768
FUZZ_MAX_LEN_fuzz_syscall_set := 512
FUZZ_MAX_LEN_fuzz_filter := 512
FUZZ_FLAGS_fuzz_filter := -dict=tests/fuzz/filter.dict
# Its slowest inputs (synthetic BTF walked to the step budget, three times: by look-ups, through
# print plans, as JSON) take 0.7 s of CPU under the sanitizers; on the shared 2 CPUs at load 15
# to 18 that became 10 s of wall time, run-fuzz.sh's hang limit. A later -timeout wins.
FUZZ_FLAGS_fuzz_btf_printer := -timeout=30
# seconds each target runs in `make fuzz` (and so in `make test`): FUZZ_SECONDS=0 builds and
# replays the seed corpora only
FUZZ_SECONDS ?= 60
FUZZ_DIR := $(OUTPUT)/fuzz
# The library is built again with the fuzzer's coverage and the sanitizers, so that a bug in it
# is found where it happens, not where the harness trips over its result.
FUZZ_CFLAGS := -g -O1 -std=gnu11 -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	       -fno-omit-frame-pointer -Isrc -I$(OUTPUT) $(LIBBPF_CFLAGS) -D_GNU_SOURCE \
	       -DBTFTRACE_VERSION=\"$(VERSION)\"
FUZZ_LIB_OBJ := $(patsubst src/%.c,$(FUZZ_DIR)/obj/%.o,$(LIB_SRC)) \
		$(patsubst $(OUTPUT)/%.c,$(FUZZ_DIR)/obj/%.o,$(XLAT_C))
FUZZ_BIN := $(patsubst %,$(FUZZ_DIR)/bin/%,$(FUZZ_TARGETS))

$(FUZZ_DIR)/obj/%.o: src/%.c $(GEN_HEADERS) $(wildcard src/*/*.h src/*.h)
	@mkdir -p $(dir $@)
	$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_DIR)/obj/%.o: $(OUTPUT)/%.c $(XLAT_H) src/base/xlat.h
	@mkdir -p $(dir $@)
	$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_DIR)/bin/%: tests/fuzz/%.c $(FUZZ_LIB_OBJ) $(wildcard tests/unit/*.h)
	@mkdir -p $(dir $@)
	$(CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer $< $(FUZZ_LIB_OBJ) $(LIBBPF_LIBS) $(LIBDW_LIBS) -pthread -o $@

# kept between runs, though only the pattern rules name them
.SECONDARY: $(FUZZ_LIB_OBJ)

fuzz-build: $(FUZZ_BIN)

# Runs each target for FUZZ_SECONDS after its seeds; a crash, leak, UB or hang fails the build.
fuzz: $(FUZZ_BIN)
	@set -e; $(foreach t,$(FUZZ_TARGETS),sh tools/run-fuzz.sh $(FUZZ_DIR)/bin/$(t) \
		tests/fuzz/corpus/$(t) $(FUZZ_DIR) $(FUZZ_SECONDS) $(or $(FUZZ_MAX_LEN_$(t)),4096) \
		$(FUZZ_FLAGS_$(t));)

format:
	clang-format -i $(wildcard src/*.c src/*/*.c src/*/*.h tests/unit/*.c tests/unit/*.h tests/workloads/*.c tests/fuzz/*.c)

check-format:
	clang-format --dry-run --Werror $(wildcard src/*.c src/*/*.c src/*/*.h tests/unit/*.c tests/unit/*.h tests/fuzz/*.c)

clean:
	rm -rf .output

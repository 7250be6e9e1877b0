# btftrace build, in the libbpf-bootstrap manner: everything generated goes to .output/.
OUTPUT ?= .output
CC ?= cc
CLANG ?= clang
BPFTOOL ?= bpftool
ARCH_INCLUDE ?= /usr/include/$(shell $(CC) -print-multiarch)
UNISTD_H ?= $(ARCH_INCLUDE)/asm/unistd_64.h
PYTHON ?= /usr/bin/python3

LIBBPF_CFLAGS := $(shell pkg-config --cflags libbpf 2>/dev/null)
LIBBPF_LIBS := $(shell pkg-config --libs libbpf 2>/dev/null || echo -lbpf) -lelf -lz

CFLAGS ?= -g -O2
CFLAGS += -std=gnu11 -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers \
	  -Isrc -I$(OUTPUT) $(LIBBPF_CFLAGS) -D_GNU_SOURCE
LDLIBS += $(LIBBPF_LIBS) -pthread

ifeq ($(SANITIZE),1)
OUTPUT := .output/asan
CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
endif

VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)
CFLAGS += -DBTFTRACE_VERSION=\"$(VERSION)\"

BPF_SRC := src/bpf/collector.bpf.c
BPF_OBJ := $(OUTPUT)/collector.bpf.o
SKEL := $(OUTPUT)/collector.skel.h

XLAT_IN := $(wildcard src/decode/xlat/*.in)
XLAT_H := $(OUTPUT)/xlat_tables.h
XLAT_C := $(OUTPUT)/xlat_tables.c $(OUTPUT)/xlat_tables_uapi.c
XLAT_OBJ := $(patsubst $(OUTPUT)/%.c,$(OUTPUT)/obj/%.o,$(XLAT_C))

GEN_HEADERS := $(SKEL) $(OUTPUT)/syscall_table.h $(XLAT_H)

LIB_SRC := $(filter-out src/main.c %.bpf.c,$(wildcard src/*.c src/*/*.c))
LIB_OBJ := $(patsubst src/%.c,$(OUTPUT)/obj/%.o,$(LIB_SRC))
LIB_OBJ += $(XLAT_OBJ)
MAIN_OBJ := $(OUTPUT)/obj/main.o
BIN := $(OUTPUT)/btftrace

UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(patsubst tests/unit/%.c,$(OUTPUT)/tests/%,$(UNIT_SRC))
HELPER_SRC := $(wildcard tests/workloads/*.c)
HELPER_BIN := $(patsubst tests/workloads/%.c,$(OUTPUT)/workloads/%,$(HELPER_SRC))

.PHONY: all clean deps demo test unit e2e bench asan-test fuzz format check-format
all: $(BIN) $(HELPER_BIN)

$(OUTPUT) $(OUTPUT)/obj $(OUTPUT)/tests $(OUTPUT)/workloads:
	mkdir -p $@

$(BPF_OBJ): $(BPF_SRC) src/bpf/record.h src/bpf/filter_prog.h | $(OUTPUT)
	$(CLANG) -g -O2 -target bpf -D__TARGET_ARCH_x86 -I$(ARCH_INCLUDE) -Isrc/bpf -c $< -o $@

$(SKEL): $(BPF_OBJ)
	$(BPFTOOL) gen skeleton $< name collector_bpf > $@.tmp && mv $@.tmp $@

$(OUTPUT)/syscall_table.h: tools/gen-syscall-table.sh $(UNISTD_H) | $(OUTPUT)
	sh $< $(UNISTD_H) > $@.tmp && mv $@.tmp $@

$(XLAT_H) $(XLAT_C) &: tools/gen-xlat.py $(XLAT_IN) | $(OUTPUT)
	$(PYTHON) $< -o $(OUTPUT) $(XLAT_IN)

$(XLAT_OBJ): $(OUTPUT)/obj/%.o: $(OUTPUT)/%.c $(XLAT_H) src/decode/xlat.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(OUTPUT)/obj/%.o: src/%.c $(GEN_HEADERS) $(wildcard src/*/*.h src/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BIN): $(MAIN_OBJ) $(LIB_OBJ)
	$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

$(OUTPUT)/tests/%: tests/unit/%.c $(LIB_OBJ) | $(OUTPUT)/tests
	$(CC) $(CFLAGS) $(LDFLAGS) $< $(LIB_OBJ) $(LDLIBS) -lcmocka -o $@

$(OUTPUT)/workloads/%: tests/workloads/%.c | $(OUTPUT)/workloads
	$(CC) -g -O1 -Wall -D_GNU_SOURCE -pthread $< -o $@

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

# Builds and runs every test: unit tests, then end-to-end tests as root.
test: unit e2e

# The unit and e2e tests again under AddressSanitizer and UBSan.
asan-test:
	$(MAKE) SANITIZE=1 test

bench: all
	$(MAKE) -C bench

# libFuzzer targets, each for a bounded time (FUZZ_SECONDS), with ASan and UBSan.
FUZZ_SECONDS ?= 60
FUZZ_CFLAGS := -g -O1 -std=gnu11 -fsanitize=fuzzer,address,undefined \
	       -fno-sanitize-recover=undefined -Isrc -D_GNU_SOURCE
fuzz:
	mkdir -p $(OUTPUT)/fuzz/corpus-btf-printer
	$(CLANG) $(FUZZ_CFLAGS) tests/fuzz/fuzz_btf_printer.c src/decode/btf_printer.c \
		src/decode/outbuf.c src/decode/quote.c src/decode/json.c $(LIBBPF_LIBS) \
		-o $(OUTPUT)/fuzz/fuzz_btf_printer
	$(OUTPUT)/fuzz/fuzz_btf_printer -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
		$(OUTPUT)/fuzz/corpus-btf-printer
	mkdir -p $(OUTPUT)/fuzz/corpus-filter
	$(CLANG) $(FUZZ_CFLAGS) -I$(OUTPUT) tests/fuzz/fuzz_filter.c src/filter/expr.c \
		src/filter/syscall_set.c src/filter/classes.c src/catalog/catalog.c \
		src/decode/arg_printers.c src/decode/xlat.c src/decode/outbuf.c $(XLAT_C) \
		src/types/types.c $(LIBBPF_LIBS) -o $(OUTPUT)/fuzz/fuzz_filter
	$(OUTPUT)/fuzz/fuzz_filter -max_total_time=$(FUZZ_SECONDS) -max_len=512 \
		-dict=tests/fuzz/filter.dict $(OUTPUT)/fuzz/corpus-filter
fuzz: $(XLAT_C) $(OUTPUT)/syscall_table.h

format:
	clang-format -i $(wildcard src/*.c src/*/*.c src/*/*.h tests/unit/*.c tests/workloads/*.c)

check-format:
	clang-format --dry-run --Werror $(wildcard src/*.c src/*/*.c src/*/*.h tests/unit/*.c)

clean:
	rm -rf .output

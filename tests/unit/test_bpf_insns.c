// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the BPF instruction printers (src/decode/bpf_insns.c): eBPF and classic
 * programs as strace 6.1 -v writes them (the expected lines are strace's own output for the
 * same instructions), hostile ones included: unknown opcodes, registers and actions, a part
 * of an instruction, more instructions than strace shows.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "base/writer.h"
#include "bpf/record.h"
#include "decode/bpf_insns.h"

static char text[1 << 17];

static struct outbuf ob;
static struct text_writer tw;
static struct json_writer jw;

/* A text writer with -v (and -X style) over a fresh buffer. */
static struct writer *text_w(enum wr_xlat_style style, bool verbose)
{
	struct wr_limits lim = {.verbose = verbose};
	struct text_writer_opts opts = {.xlat = style};

	outbuf_init(&ob);
	text_writer__init(&tw, &ob, &lim, &opts);
	return &tw.w;
}

static struct writer *json_w(void)
{
	struct json_writer_opts opts = {0};

	outbuf_init(&ob);
	json_writer__init(&jw, &ob, &opts);
	return &jw.w;
}

static const char *done(void)
{
	snprintf(text, sizeof(text), "%.*s", (int)ob.len, ob.data);
	outbuf_free(&ob);
	return text;
}

static void test_ebpf_program(void **state)
{
	struct bpf_insn insns[] = {
		{.code = BPF_ALU64 | BPF_K | BPF_MOV, .dst_reg = 0, .imm = 0},
		{.code = BPF_JMP | BPF_EXIT},
	};

	bpf_insns_write_ebpf(text_w(WR_XLAT_ABBREV, true), insns, sizeof(insns), false);
	assert_string_equal(done(),
			    "[{code=BPF_ALU64|BPF_K|BPF_MOV, dst_reg=BPF_REG_0, "
			    "src_reg=BPF_REG_0, off=0, imm=0}, {code=BPF_JMP|BPF_K|BPF_EXIT, "
			    "dst_reg=BPF_REG_0, src_reg=BPF_REG_0, off=0, imm=0}]");
}

/* Each class's fields, as strace 6.1 wrote them for these codes. */
static void test_ebpf_codes(void **state)
{
	static const struct {
		uint8_t code;
		const char *text;
	} cases[] = {
		{0x18, "BPF_LD|BPF_DW|BPF_IMM"},
		{0x61, "BPF_LDX|BPF_W|BPF_MEM"},
		{0x7a, "BPF_ST|BPF_DW|BPF_MEM"},
		{0xdb, "BPF_STX|BPF_DW|BPF_XADD"},
		{0x85, "BPF_JMP|BPF_K|BPF_CALL"},
		{0xbf, "BPF_ALU64|BPF_X|BPF_MOV"},
		{0xd4, "BPF_ALU|BPF_K|BPF_END"},
		{0x06, "BPF_JMP32"},
		/* eBPF has no BPF_LEN or BPF_MSH mode */
		{0x80, "BPF_LD|BPF_W|0x80 /* BPF_??? */"},
		{0xb0, "BPF_LD|BPF_B|0xa0 /* BPF_??? */"},
		{0xe5, "BPF_JMP|BPF_K|0xe0 /* BPF_??? */"},
		{0xff, "BPF_ALU64|BPF_X|0xf0 /* BPF_??? */"},
		/* strace 6.1 names no field of BPF_JMP32: its other bits as a number */
		{0xe6, "BPF_JMP32|0xe0 /* BPF_??? */"},
	};

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		bpf_insns_write_code(text_w(WR_XLAT_ABBREV, true), cases[k].code, true);
		assert_string_equal(done(), cases[k].text);
	}
}

/* Registers past BPF_REG_10, a negative offset, a negative immediate as its 32 bits. */
static void test_ebpf_hostile_fields(void **state)
{
	struct bpf_insn insn = {.code = 0xe6, .dst_reg = 11, .src_reg = 15, .off = -3, .imm = -1};

	bpf_insns_write_ebpf(text_w(WR_XLAT_ABBREV, true), &insn, sizeof(insn), false);
	assert_string_equal(done(), "[{code=BPF_JMP32|0xe0 /* BPF_??? */, "
				    "dst_reg=0xb /* BPF_REG_??? */, src_reg=0xf /* BPF_REG_??? */, "
				    "off=-3, imm=0xffffffff}]");
}

/* A part of an instruction (a copy that ended in it) is not shown: "..." says more follows. */
static void test_ebpf_truncated(void **state)
{
	struct bpf_insn insns[2] = {{.code = BPF_JMP | BPF_EXIT}};

	bpf_insns_write_ebpf(text_w(WR_XLAT_ABBREV, true), insns, 12, false);
	assert_string_equal(done(), "[{code=BPF_JMP|BPF_K|BPF_EXIT, dst_reg=BPF_REG_0, "
				    "src_reg=BPF_REG_0, off=0, imm=0}, ...]");
	bpf_insns_write_ebpf(text_w(WR_XLAT_ABBREV, true), insns, 0, true);
	assert_string_equal(done(), "[...]");
	bpf_insns_write_ebpf(text_w(WR_XLAT_ABBREV, true), NULL, 0, false);
	assert_string_equal(done(), "[]");
}

/* strace shows BPF_MAXINSNS instructions at most, then "...". */
static void test_shown_at_most(void **state)
{
	size_t n = BPF_INSNS_SHOWN_MAX + 3;
	struct sock_filter *f = calloc(n, sizeof(*f));
	const char *t, *last;
	size_t count = 0;

	assert_non_null(f);
	for (size_t k = 0; k < n; k++)
		f[k] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, 0);
	bpf_insns_write_classic(text_w(WR_XLAT_ABBREV, true), f, n * sizeof(*f), false,
				CBPF_SOCKET);
	t = done();
	for (const char *p = t; (p = strstr(p, "BPF_STMT(")); p++)
		count++;
	assert_int_equal(count, BPF_INSNS_SHOWN_MAX);
	last = t + strlen(t) - strlen(", ...]");
	assert_string_equal(last, ", ...]");
	free(f);
}

static void test_classic_program(void **state)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 4),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0xc000003e, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, 0xffff),
		BPF_STMT(BPF_RET | BPF_K, 0),
		BPF_STMT(BPF_LDX | BPF_B | BPF_MSH, 14),
		BPF_STMT(BPF_ST, 3),
		BPF_STMT(BPF_MISC | BPF_TAX, 0),
		BPF_JUMP(BPF_JMP | BPF_JA, 2, 0, 0),
	};

	bpf_insns_write_classic(text_w(WR_XLAT_ABBREV, true), f, sizeof(f), false, CBPF_SOCKET);
	assert_string_equal(done(),
			    "[BPF_STMT(BPF_LD|BPF_W|BPF_ABS, 0x4), "
			    "BPF_JUMP(BPF_JMP|BPF_K|BPF_JEQ, 0xc000003e, 0x1, 0), "
			    "BPF_STMT(BPF_RET|BPF_K, 0xffff), BPF_STMT(BPF_RET|BPF_K, 0), "
			    "BPF_STMT(BPF_LDX|BPF_B|BPF_MSH, 0xe), BPF_STMT(BPF_ST, 0x3), "
			    "BPF_STMT(BPF_MISC|BPF_TAX, 0), BPF_STMT(BPF_JMP|BPF_K|BPF_JA, 0x2)]");
}

/* Unknown codes, as strace 6.1 wrote them: which bits each class shows, and which it drops. */
static void test_classic_hostile_codes(void **state)
{
	static const struct {
		uint16_t code;
		const char *text;
	} cases[] = {
		{0xffff, "BPF_MISC|0xf8 /* BPF_??? */|0xff00 /* BPF_??? */"},
		{0x0f, "BPF_MISC|0x8 /* BPF_??? */"},
		{0x3e, "BPF_RET|0x18 /* BPF_??? */|0x20 /* BPF_??? */"},
		{0x16, "BPF_RET|BPF_A"},
		{0xa2, "BPF_ST|0xa0 /* BPF_??? */"},
		{0xe0, "BPF_LD|BPF_W|0xe0 /* BPF_??? */"},
		{0xc0, "BPF_LD|BPF_W|BPF_XADD"},
		{0x18, "BPF_LD|BPF_DW|BPF_IMM"},
		{0x87, "BPF_MISC|BPF_TXA"},
		{0x206, "BPF_RET|BPF_K|0x200 /* BPF_??? */"},
		/* a load's, an ALU's and a jump's bits above the byte are not shown */
		{0x1020, "BPF_LD|BPF_W|BPF_ABS"},
		{0x8004, "BPF_ALU|BPF_K|BPF_ADD"},
		{0x4015, "BPF_JMP|BPF_K|BPF_JEQ"},
	};

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		bpf_insns_write_code(text_w(WR_XLAT_ABBREV, true), cases[k].code, false);
		assert_string_equal(done(), cases[k].text);
	}
}

/* A seccomp filter's returns by action; a jump's k and other classes' stay numbers. */
static void test_seccomp_returns(void **state)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_STMT(BPF_RET | BPF_A, 0),
		BPF_STMT(BPF_RET | BPF_K, 0x7ead0000 | 0xffff),
		BPF_JUMP(BPF_RET | BPF_K, SECCOMP_RET_ALLOW, 1, 0),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SECCOMP_RET_ALLOW),
	};

	bpf_insns_write_classic(text_w(WR_XLAT_ABBREV, true), f, sizeof(f), false, CBPF_SECCOMP);
	assert_string_equal(done(),
			    "[BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_ALLOW), "
			    "BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_ERRNO|0x1), "
			    "BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_KILL_PROCESS), "
			    "BPF_STMT(BPF_RET|BPF_A, SECCOMP_RET_KILL_THREAD), "
			    "BPF_STMT(BPF_RET|BPF_K, 0x7ead0000 /* SECCOMP_RET_??? */|0xffff), "
			    "BPF_JUMP(BPF_RET|BPF_K, 0x7fff0000, 0x1, 0), "
			    "BPF_STMT(BPF_LD|BPF_W|BPF_ABS, 0x7fff0000)]");
}

/* -X raw and verbose, as strace 6.1 wrote these (an unknown field's comment stays in raw). */
static void test_styles(void **state)
{
	bpf_insns_write_code(text_w(WR_XLAT_RAW, true), 0xe6, true);
	assert_string_equal(done(), "0x6|0xe0 /* BPF_??? */");
	bpf_insns_write_code(text_w(WR_XLAT_RAW, true), 0xffff, false);
	assert_string_equal(done(), "0x7|0xf8|0xff00 /* BPF_??? */");
	bpf_insns_write_code(text_w(WR_XLAT_RAW, true), 0xb7, true);
	assert_string_equal(done(), "0x7|0|0xb0");
	bpf_insns_write_code(text_w(WR_XLAT_VERBOSE, true), 0xb7, true);
	assert_string_equal(done(), "0x7 /* BPF_ALU64 */|0 /* BPF_K */|0xb0 /* BPF_MOV */");
}

/* A struct sock_fprog: the program under -v only, its address when it was not read. */
static void test_fprog(void **state)
{
	struct {
		struct bt_capture cap;
		struct sock_filter f[2];
	} prog = {
		.cap = {.len = sizeof(prog.f)},
		.f = {BPF_STMT(BPF_RET | BPF_K, 0xffff), BPF_STMT(BPF_RET | BPF_K, 0)},
	};

	bpf_insns_write_fprog(text_w(WR_XLAT_ABBREV, false), 2, 0x1000, &prog.cap, CBPF_SOCKET);
	assert_string_equal(done(), "{len=2, filter=0x1000}");
	bpf_insns_write_fprog(text_w(WR_XLAT_ABBREV, true), 2, 0x1000, &prog.cap, CBPF_SOCKET);
	assert_string_equal(done(), "{len=2, filter=[BPF_STMT(BPF_RET|BPF_K, 0xffff), "
				    "BPF_STMT(BPF_RET|BPF_K, 0)]}");
	/* a len larger than what was read: the instructions read, then "..." */
	bpf_insns_write_fprog(text_w(WR_XLAT_ABBREV, true), 3, 0x1000, &prog.cap, CBPF_SOCKET);
	assert_string_equal(done(), "{len=3, filter=[BPF_STMT(BPF_RET|BPF_K, 0xffff), "
				    "BPF_STMT(BPF_RET|BPF_K, 0), ...]}");
	/* a len smaller than what was read: len of them */
	bpf_insns_write_fprog(text_w(WR_XLAT_ABBREV, true), 1, 0x1000, &prog.cap, CBPF_SOCKET);
	assert_string_equal(done(), "{len=1, filter=[BPF_STMT(BPF_RET|BPF_K, 0xffff)]}");
	/* not read (a fault): the address; NULL; nothing to read */
	bpf_insns_write_fprog(text_w(WR_XLAT_ABBREV, true), 3, 0x8, NULL, CBPF_SECCOMP);
	assert_string_equal(done(), "{len=3, filter=0x8}");
	bpf_insns_write_fprog(text_w(WR_XLAT_ABBREV, true), 3, 0, NULL, CBPF_SECCOMP);
	assert_string_equal(done(), "{len=3, filter=NULL}");
	bpf_insns_write_fprog(text_w(WR_XLAT_ABBREV, true), 0, 0x1000, NULL, CBPF_SECCOMP);
	assert_string_equal(done(), "{len=0, filter=[]}");
}

/* JSON: the same values, each field of a code by its key. */
static void test_json(void **state)
{
	struct sock_filter f[] = {
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 5, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 1),
	};
	struct bpf_insn insn = {.code = BPF_ALU64 | BPF_K | BPF_MOV, .dst_reg = 11, .off = -1};

	bpf_insns_write_classic(json_w(), f, sizeof(f), false, CBPF_SECCOMP);
	assert_string_equal(
		done(), "[{\"code\":{\"class\":\"BPF_JMP\",\"src\":\"BPF_K\",\"op\":\"BPF_JEQ\"},"
			"\"k\":5,\"jt\":1,\"jf\":0},"
			"{\"code\":{\"class\":\"BPF_RET\",\"rval\":\"BPF_K\"},"
			"\"k\":{\"action\":\"SECCOMP_RET_ERRNO\",\"data\":1}}]");
	bpf_insns_write_ebpf(json_w(), &insn, sizeof(insn), false);
	assert_string_equal(
		done(), "[{\"code\":{\"class\":\"BPF_ALU64\",\"src\":\"BPF_K\",\"op\":\"BPF_MOV\"},"
			"\"dst_reg\":11,\"src_reg\":\"BPF_REG_0\",\"off\":-1,\"imm\":0}]");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ebpf_program),
		cmocka_unit_test(test_ebpf_codes),
		cmocka_unit_test(test_ebpf_hostile_fields),
		cmocka_unit_test(test_ebpf_truncated),
		cmocka_unit_test(test_shown_at_most),
		cmocka_unit_test(test_classic_program),
		cmocka_unit_test(test_classic_hostile_codes),
		cmocka_unit_test(test_seccomp_returns),
		cmocka_unit_test(test_styles),
		cmocka_unit_test(test_fprog),
		cmocka_unit_test(test_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the signal, time and process family's decoders (src/decode/signal.c,
 * src/decode/proc.c): whole calls built as the collector's records, with captured bytes made
 * here, decoded through the running kernel's BTF to the line strace 6.1 prints for them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include "beauty/beauty.h"
#include "decode/decode.h"
#include "syscall_formats.h"

static struct types types;
static struct catalog *cat;
static struct beauty *beauty;
static struct decoder dec;
static struct outbuf ob;

/* The formats of the syscalls tested, as tracefs gives them on x86_64. */
static void add_formats(void)
{
	catalog_add_format(cat, SYS_rt_sigreturn, "rt_sigreturn", 0, NULL);
}

static int nr_of(const char *name)
{
	const struct syscall_desc *desc = catalog__by_name(cat, name);

	return desc ? desc->nr : -1;
}

static int setup_with(const struct decode_opts *opts)
{
	cat = calloc(1, sizeof(*cat));
	beauty = calloc(1, sizeof(*beauty));
	if (!cat || !beauty || types__load(&types, NULL))
		return -1;
	add_formats();
	if (beauty__build(beauty, cat, &types))
		return -1;
	return decoder__init(&dec, cat, beauty, &types, opts);
}

static int setup(void **state)
{
	struct decode_opts opts;

	decode_opts_default(&opts);
	return setup_with(&opts);
}

static int teardown(void **state)
{
	decoder__free(&dec);
	types__free(&types);
	free(cat);
	free(beauty);
	return 0;
}

/* A record as the collector writes it: the fixed part, then captures padded to 8 bytes. */
struct rec {
	union {
		struct bt_rec_hdr hdr;
		struct bt_enter_rec enter;
		struct bt_exit_rec exit;
		unsigned char bytes[8192];
	};
};

static struct rec enter_rec, exit_rec;

static void begin(const char *name, __u64 a0, __u64 a1, __u64 a2, __u64 a3, __u64 a4, __u64 a5)
{
	int nr = nr_of(name);

	assert_true(nr >= 0);
	memset(&enter_rec, 0, sizeof(enter_rec));
	memset(&exit_rec, 0, sizeof(exit_rec));
	enter_rec.hdr.type = BT_REC_ENTER;
	enter_rec.hdr.nr = nr;
	enter_rec.hdr.size = sizeof(struct bt_enter_rec);
	enter_rec.enter.args[0] = a0;
	enter_rec.enter.args[1] = a1;
	enter_rec.enter.args[2] = a2;
	enter_rec.enter.args[3] = a3;
	enter_rec.enter.args[4] = a4;
	enter_rec.enter.args[5] = a5;
	exit_rec.hdr.type = BT_REC_EXIT;
	exit_rec.hdr.nr = nr;
	exit_rec.hdr.size = sizeof(struct bt_exit_rec);
}

static void capture(struct rec *r, int arg, const void *data, size_t len, __u8 flags, __u32 want)
{
	struct bt_capture *cap = (void *)(r->bytes + r->hdr.size);

	assert_true(r->hdr.size + sizeof(*cap) + BT_ALIGN8(len) <= sizeof(r->bytes));
	cap->arg = arg;
	cap->flags = flags;
	cap->len = len;
	cap->want = want;
	memcpy(cap + 1, data, len);
	r->hdr.size += sizeof(*cap) + BT_ALIGN8(len);
	r->hdr.ncaps++;
}

/* What the collector read at enter and at exit: len bytes, asked for as many. */
static void in(int arg, const void *data, size_t len)
{
	capture(&enter_rec, arg, data, len, 0, len);
}

static void __attribute__((unused)) out(int arg, const void *data, size_t len)
{
	capture(&exit_rec, arg, data, len, 0, len);
}

/* A text writer into ob as the text sink makes it, but for the column of " = ". */
static struct writer *text_writer(void)
{
	static struct text_writer tw;
	struct text_writer_opts two;
	struct wr_limits lim;

	decode_text_limits(&dec.opts, &lim);
	decode_text_writer_opts(&dec.opts, &two);
	two.column = 0;
	outbuf_reset(&ob);
	text_writer__init(&tw, &ob, &lim, &two);
	return &tw.w;
}

/* The whole line of the call, returning ret. */
static const char *line(__s64 ret)
{
	struct call call = {
		.state = CALL_COMPLETE, .enter = &enter_rec.enter, .exit = &exit_rec.exit};
	struct writer *w = text_writer();
	struct call_view v;

	exit_rec.exit.ret = ret;
	decode_view(&dec, &call, &v);
	decode_write_call(&dec, w, &v);
	decode_write_return(&dec, w, &v);
	return ob.data;
}

/*
 * rt_sigreturn: the mask its signal frame restores, read on the user stack where x86_64's
 * kernel finds the frame (sp - 8, the handler's return having popped pretcode).
 */
static void test_rt_sigreturn_mask_from_the_frame(void **state)
{
	const struct bt_arg_rule *r = &beauty->rules[SYS_rt_sigreturn].enter[0];
	__u64 mask = 1ULL << (SIGTERM - 1) | 1ULL << (SIGRTMIN + 2 - 1);

	assert_int_equal(r->kind, BT_KIND_STACK);
	assert_int_equal(r->len, 8);
	/* the x86_64 ABI's frame: pretcode, uc_flags, uc_link, uc_stack (24), sigcontext (256) */
	assert_int_equal(r->sp_offset, 8 + 8 + 8 + 24 + 256 - 8);
	begin("rt_sigreturn", 0, 0, 0, 0, 0, 0);
	in(0, &mask, sizeof(mask));
	assert_string_equal(line(0), "rt_sigreturn({mask=[TERM RT_4]}) = 0");
	/* nothing read (a filter that decided at exit): no argument, as before */
	begin("rt_sigreturn", 0, 0, 0, 0, 0, 0);
	assert_string_equal(line(-4), "rt_sigreturn() = -1 EINTR (Interrupted system call)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rt_sigreturn_mask_from_the_frame),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of io_uring operations as calls: the table of operations in flight, the pairing
 * of submissions with completions in the event reader, -e io_uring='s sets, the opcodes'
 * names and shapes, and the walk of an operation into strace's line and JSON.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <linux/io_uring.h>

#include "beauty/beauty.h"
#include "decode/decode.h"
#include "decode/io_uring.h"
#include "events/events.h"
#include "events/uring_table.h"
#include "syscall_formats.h"

enum { NR_PREAD64 = 17, NR_PWRITE64 = 18, NR_CLOSE = 3, NR_OPENAT = 257, NR_IO_URING_ENTER = 426 };

/* A record as the collector writes it: the fixed part, then captures padded to 8 bytes. */
struct rec {
	union {
		struct bt_rec_hdr hdr;
		struct bt_uring_submit_rec submit;
		struct bt_uring_complete_rec complete;
		struct bt_enter_rec enter;
		struct bt_exit_rec exit;
		unsigned char bytes[4096];
	};
};

static void submit_rec(struct rec *r, __u32 tid, __u64 ring, __u64 id, __u8 opcode, int nr,
		       __u64 ts)
{
	memset(r, 0, sizeof(*r));
	r->hdr.type = BT_REC_URING_SUBMIT;
	r->hdr.size = sizeof(r->submit);
	r->hdr.tgid = tid;
	r->hdr.tid = tid;
	r->hdr.nr = nr;
	r->hdr.ts = ts;
	r->submit.key.ring = ring;
	r->submit.key.id = id;
	r->submit.user_data = id;
	r->submit.opcode = opcode;
	r->submit.uflags = BT_URING_SQE_READ;
}

static void complete_rec(struct rec *r, __u32 tid, __u64 ring, __u64 id, int nr, __s64 res,
			 __u16 uflags)
{
	memset(r, 0, sizeof(*r));
	r->hdr.type = BT_REC_URING_COMPLETE;
	r->hdr.size = sizeof(r->complete);
	r->hdr.tgid = tid;
	r->hdr.tid = tid;
	r->hdr.nr = nr;
	r->exit.ret = res;
	r->complete.key.ring = ring;
	r->complete.key.id = id;
	r->complete.uflags = BT_URING_SQE_READ | uflags;
}

static void capture(struct rec *r, int arg, const void *data, size_t len)
{
	struct bt_capture *cap = (void *)(r->bytes + r->hdr.size);

	cap->arg = arg;
	cap->flags = 0;
	cap->len = len;
	cap->want = len;
	memcpy(cap + 1, data, len);
	r->hdr.size += sizeof(*cap) + BT_ALIGN8(len);
	r->hdr.ncaps++;
}

/* --- the table of operations in flight --- */

static void test_table_put_get_take(void **state)
{
	struct uring_table t = {0};
	struct bt_uring_submit_rec *old, *got;
	static struct rec r;

	for (__u64 id = 1; id <= 1000; id++) {
		submit_rec(&r, 1, 0xf000, id, IORING_OP_READ, NR_PREAD64, id);
		assert_int_equal(uring_table__put(&t, &r.submit, r.hdr.size, &old), 0);
		assert_null(old);
	}
	assert_int_equal(t.count, 1000);
	/* every other one out: the rest still found past the holes the removals leave */
	for (__u64 id = 2; id <= 1000; id += 2) {
		struct bt_uring_key key = {0xf000, id};

		got = uring_table__take(&t, &key);
		assert_non_null(got);
		assert_int_equal(got->key.id, id);
		free(got);
	}
	for (__u64 id = 1; id <= 1000; id++) {
		struct bt_uring_key key = {0xf000, id};

		got = uring_table__get(&t, &key);
		if (id % 2)
			assert_true(got && got->key.id == id);
		else
			assert_null(got);
	}
	/* another ring's request of the same address is another operation */
	struct bt_uring_key other = {0xe000, 1};

	assert_null(uring_table__get(&t, &other));
	uring_table__free(&t);
}

static void test_table_same_key_hands_back_the_old_one(void **state)
{
	struct uring_table t = {0};
	struct bt_uring_submit_rec *old;
	static struct rec r;

	submit_rec(&r, 1, 0xf000, 7, IORING_OP_READ, NR_PREAD64, 10);
	assert_int_equal(uring_table__put(&t, &r.submit, r.hdr.size, &old), 0);
	submit_rec(&r, 1, 0xf000, 7, IORING_OP_WRITE, NR_PWRITE64, 20);
	assert_int_equal(uring_table__put(&t, &r.submit, r.hdr.size, &old), 0);
	assert_non_null(old);
	assert_int_equal(old->opcode, IORING_OP_READ);
	free(old);
	assert_int_equal(t.count, 1);
	uring_table__free(&t);
}

static void test_table_take_all_in_submission_order(void **state)
{
	struct uring_table t = {0};
	struct bt_uring_submit_rec *old, **all;
	static struct rec r;
	static const __u64 ts[] = {50, 10, 40, 20, 30};
	size_t n;

	for (size_t i = 0; i < 5; i++) {
		submit_rec(&r, 1, 0xf000, 100 + i, IORING_OP_NOP, -1, ts[i]);
		assert_int_equal(uring_table__put(&t, &r.submit, r.hdr.size, &old), 0);
	}
	all = uring_table__take_all(&t, &n);
	assert_int_equal(n, 5);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(all[i]->enter.hdr.ts, 10 * (i + 1));
		free(all[i]);
	}
	free(all);
	assert_int_equal(t.count, 0);
	uring_table__free(&t);
}

/* --- pairing in the event reader --- */

#define MAX_SEEN 16

struct seen {
	enum call_state state[MAX_SEEN];
	int type[MAX_SEEN]; /* the enter's record type */
	int nr[MAX_SEEN];
	__s64 ret[MAX_SEEN];
	bool has_exit[MAX_SEEN];
	int n;
};

static void record(void *ctx, const struct call *call)
{
	struct seen *s = ctx;

	assert_true(s->n < MAX_SEEN);
	s->state[s->n] = call->state;
	s->type[s->n] = call->enter ? call->enter->hdr.type : 0;
	s->nr[s->n] = call->enter ? call->enter->hdr.nr : call->exit->hdr.nr;
	s->has_exit[s->n] = call->exit != NULL;
	s->ret[s->n] = call->exit ? call->exit->ret : 0;
	s->n++;
}

static void handle(struct event_reader *er, const struct rec *r)
{
	assert_int_equal(event_reader__handle(er, r, r->hdr.size), 0);
}

static void test_submission_paired_with_its_completion(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	static struct rec a, b, ca, cb;

	/* two in flight, completed in the other order, the second by another thread */
	submit_rec(&a, 10, 0xf000, 1, IORING_OP_READ, NR_PREAD64, 1);
	submit_rec(&b, 10, 0xf000, 2, IORING_OP_WRITE, NR_PWRITE64, 2);
	complete_rec(&cb, 10, 0xf000, 2, NR_PWRITE64, 5, 0);
	complete_rec(&ca, 10, 0xf000, 1, NR_PREAD64, 3, 0);
	handle(er, &a);
	handle(er, &b);
	assert_int_equal(s.n, 0);
	handle(er, &cb);
	handle(er, &ca);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[0], CALL_COMPLETE);
	assert_int_equal(s.type[0], BT_REC_URING_SUBMIT);
	assert_int_equal(s.nr[0], NR_PWRITE64);
	assert_int_equal(s.ret[0], 5);
	assert_int_equal(s.nr[1], NR_PREAD64);
	assert_int_equal(s.ret[1], 3);
	/* a completion no submission was seen for (before tracing): nothing */
	handle(er, &ca);
	assert_int_equal(s.n, 2);
	event_reader__free(er);
}

static void test_completion_during_io_uring_enter_follows_it(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	static struct rec en, ex, a, ca;

	memset(&en, 0, sizeof(en));
	en.hdr.type = BT_REC_ENTER;
	en.hdr.size = sizeof(en.enter);
	en.hdr.tid = 10;
	en.hdr.nr = NR_IO_URING_ENTER;
	memset(&ex, 0, sizeof(ex));
	ex.hdr.type = BT_REC_EXIT;
	ex.hdr.size = sizeof(ex.exit);
	ex.hdr.tid = 10;
	ex.hdr.nr = NR_IO_URING_ENTER;
	ex.exit.ret = 1;
	submit_rec(&a, 10, 0xf000, 1, IORING_OP_READ, NR_PREAD64, 1);
	complete_rec(&ca, 10, 0xf000, 1, NR_PREAD64, 3, 0);
	handle(er, &en);
	handle(er, &a);
	handle(er, &ca);
	/* the io_uring_enter is held for its exit, whole: the operation waits behind it */
	assert_int_equal(s.n, 0);
	handle(er, &ex);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[0], CALL_COMPLETE);
	assert_int_equal(s.nr[0], NR_IO_URING_ENTER);
	assert_int_equal(s.type[1], BT_REC_URING_SUBMIT);
	assert_int_equal(s.ret[1], 3);
	event_reader__free(er);
}

/*
 * An operation a worker completed while its submitter waits in io_uring_enter: quiet rounds
 * show the call's start (pending), the operation still waits for its end; only a call that goes
 * on for EVENT_URING_HOLD_ROUNDS rounds is split for it.
 */
static void test_completion_waits_quiet_rounds_for_the_call(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	static struct rec en, ex, a, ca, b, cb;

	memset(&en, 0, sizeof(en));
	en.hdr.type = BT_REC_ENTER;
	en.hdr.size = sizeof(en.enter);
	en.hdr.tid = 10;
	en.hdr.nr = NR_IO_URING_ENTER;
	memset(&ex, 0, sizeof(ex));
	ex.hdr.type = BT_REC_EXIT;
	ex.hdr.size = sizeof(ex.exit);
	ex.hdr.tid = 10;
	ex.hdr.nr = NR_IO_URING_ENTER;
	ex.exit.ret = 1;
	submit_rec(&a, 10, 0xf000, 1, IORING_OP_WRITE, NR_PWRITE64, 1);
	complete_rec(&ca, 10, 0xf000, 1, NR_PWRITE64, 3, 0);
	handle(er, &en);
	handle(er, &a);
	handle(er, &ca);
	for (int i = 0; i < EVENT_URING_HOLD_ROUNDS - 1; i++)
		event_reader__idle(er);
	/* the call's start only, the operation behind it */
	assert_int_equal(s.n, 1);
	assert_int_equal(s.state[0], CALL_PENDING);
	handle(er, &ex);
	assert_int_equal(s.n, 3);
	assert_int_equal(s.state[1], CALL_COMPLETE);
	assert_int_equal(s.nr[1], NR_IO_URING_ENTER);
	assert_int_equal(s.type[2], BT_REC_URING_SUBMIT);
	assert_int_equal(s.ret[2], 3);

	/* a call that goes on longer is split for the operation */
	submit_rec(&b, 10, 0xf000, 2, IORING_OP_WRITE, NR_PWRITE64, 2);
	complete_rec(&cb, 10, 0xf000, 2, NR_PWRITE64, 4, 0);
	handle(er, &en);
	handle(er, &b);
	handle(er, &cb);
	for (int i = 0; i < EVENT_URING_HOLD_ROUNDS; i++)
		event_reader__idle(er);
	assert_int_equal(s.n, 6);
	assert_int_equal(s.state[3], CALL_PENDING);
	assert_int_equal(s.state[4], CALL_UNFINISHED);
	assert_int_equal(s.type[5], BT_REC_URING_SUBMIT);
	assert_int_equal(s.ret[5], 4);
	event_reader__free(er);
}

static void test_another_threads_call_is_split(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	static struct rec en, a, ca;

	memset(&en, 0, sizeof(en));
	en.hdr.type = BT_REC_ENTER;
	en.hdr.size = sizeof(en.enter);
	en.hdr.tid = 11;
	en.hdr.nr = 0;
	submit_rec(&a, 10, 0xf000, 1, IORING_OP_READ, NR_PREAD64, 1);
	complete_rec(&ca, 10, 0xf000, 1, NR_PREAD64, 3, 0);
	handle(er, &en);
	handle(er, &a);
	handle(er, &ca);
	/* thread 11's read shows unfinished, then thread 10's operation */
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[0], CALL_UNFINISHED);
	assert_int_equal(s.type[1], BT_REC_URING_SUBMIT);
	event_reader__free(er);
}

static void test_multishot_and_unfinished_operations(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	static struct rec a, more, last, b, b2;

	submit_rec(&a, 10, 0xf000, 1, IORING_OP_RECV, 45, 1);
	complete_rec(&more, 10, 0xf000, 1, 45, 4, BT_URING_MORE);
	complete_rec(&last, 10, 0xf000, 1, 45, 0, 0);
	handle(er, &a);
	handle(er, &more);
	handle(er, &more);
	handle(er, &last);
	/* each completion a line, the submission kept while more come */
	assert_int_equal(s.n, 3);
	assert_true(s.has_exit[0] && s.has_exit[1] && s.has_exit[2]);
	assert_int_equal(s.ret[2], 0);
	handle(er, &last);
	assert_int_equal(s.n, 3);
	/* a request used again before its completion came: the first never returned */
	submit_rec(&b, 10, 0xf000, 9, IORING_OP_READ, NR_PREAD64, 5);
	submit_rec(&b2, 10, 0xf000, 9, IORING_OP_CLOSE, NR_CLOSE, 6);
	handle(er, &b);
	handle(er, &b2);
	assert_int_equal(s.n, 4);
	assert_int_equal(s.state[3], CALL_NORETURN);
	assert_int_equal(s.nr[3], NR_PREAD64);
	/* tracing ends with one in flight: shown without a result */
	event_reader__finish(er);
	assert_int_equal(s.n, 5);
	assert_int_equal(s.state[4], CALL_NORETURN);
	assert_int_equal(s.nr[4], NR_CLOSE);
	event_reader__free(er);
}

/* --- names, shapes and sets --- */

static void test_names_and_shapes(void **state)
{
	char buf[URING_NAME_MAX];
	const struct uring_shape *sh;

	assert_string_equal(uring_op_name(IORING_OP_READ, buf, sizeof(buf)), "read");
	assert_string_equal(uring_op_name(IORING_OP_SYNC_FILE_RANGE, buf, sizeof(buf)),
			    "sync_file_range");
	assert_string_equal(uring_op_name(250, buf, sizeof(buf)), "op_250");
	assert_string_equal(uring_call_name(IORING_OP_OPENAT), "io_uring:openat");
	assert_int_equal(uring_opcode_of("readv"), IORING_OP_READV);
	assert_int_equal(uring_opcode_of("IORING_OP_WRITE"), IORING_OP_WRITE);
	assert_int_equal(uring_opcode_of("op_250"), 250);
	assert_int_equal(uring_opcode_of("reed"), -1);
	/* read is pread64 with the SQE's fd, addr, len and off */
	sh = uring_shape_of(IORING_OP_READ);
	assert_string_equal(sh->syscall, "pread64");
	assert_memory_equal(sh->src, ((__u8[]){BT_SQE_FD, BT_SQE_ADDR, BT_SQE_LEN, BT_SQE_OFF}), 4);
	/* openat's flags are the op flags word, its mode the length */
	sh = uring_shape_of(IORING_OP_OPENAT);
	assert_memory_equal(sh->src,
			    ((__u8[]){BT_SQE_FD, BT_SQE_ADDR, BT_SQE_OP_FLAGS, BT_SQE_LEN}), 4);
	/* no syscall: the generic fields; nop none */
	assert_null(uring_shape_of(IORING_OP_TIMEOUT)->syscall);
	assert_int_equal(uring_shape_of(IORING_OP_TIMEOUT)->nfields, 4);
	assert_int_equal(uring_shape_of(IORING_OP_NOP)->nfields, 0);
	assert_ptr_equal(uring_shape_of(250), uring_generic_shape());
}

static void test_sets(void **state)
{
	struct uring_set set;
	char err[URING_ERR_MAX];

	assert_int_equal(uring_set_parse("read,write", &set, err, sizeof(err)), 0);
	assert_true(uring_set__has(&set, IORING_OP_READ) && uring_set__has(&set, IORING_OP_WRITE));
	assert_false(uring_set__has(&set, IORING_OP_READV));
	assert_int_equal(uring_set_parse("all", &set, err, sizeof(err)), 0);
	assert_true(uring_set__has(&set, 0) && uring_set__has(&set, 255));
	assert_int_equal(uring_set_parse("none", &set, err, sizeof(err)), 0);
	assert_true(uring_set__empty(&set));
	assert_int_equal(uring_set_parse("!nop", &set, err, sizeof(err)), 0);
	assert_false(uring_set__has(&set, IORING_OP_NOP));
	assert_true(uring_set__has(&set, IORING_OP_READ));
	assert_int_equal(uring_set_parse("read,bogus", &set, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "unknown io_uring operation 'bogus'"));
	assert_int_equal(uring_set_parse("", &set, err, sizeof(err)), -EINVAL);
	assert_int_equal(uring_set_parse("read,,write", &set, err, sizeof(err)), -EINVAL);
}

/* --- the walk --- */

static struct types types;
static struct catalog *cat;
static struct beauty *beauty;
static struct decoder dec;
static struct outbuf ob;

static int setup(void **state)
{
	static const char *const pread_args[][2] = {
		{"unsigned int", "fd"}, {"char *", "buf"}, {"size_t", "count"}, {"loff_t", "pos"}};
	static const char *const pwrite_args[][2] = {{"unsigned int", "fd"},
						     {"const char *", "buf"},
						     {"size_t", "count"},
						     {"loff_t", "pos"}};
	static const char *const openat_args[][2] = {{"int", "dfd"},
						     {"const char *", "filename"},
						     {"int", "flags"},
						     {"umode_t", "mode"}};
	struct decode_opts opts;

	cat = calloc(1, sizeof(*cat));
	beauty = calloc(1, sizeof(*beauty));
	if (!cat || !beauty || types__load(&types, NULL))
		return -1;
	catalog_add_format(cat, NR_PREAD64, "pread64", 4, pread_args);
	catalog_add_format(cat, NR_PWRITE64, "pwrite64", 4, pwrite_args);
	catalog_add_format(cat, NR_OPENAT, "openat", 4, openat_args);
	if (beauty__build(beauty, cat, &types))
		return -1;
	decode_opts_default(&opts);
	outbuf_init(&ob);
	return decoder__init(&dec, cat, beauty, &types, &opts);
}

static int teardown(void **state)
{
	outbuf_free(&ob);
	decoder__free(&dec);
	types__free(&types);
	free(cat);
	free(beauty);
	return 0;
}

static struct rec sub, cpl;

static const char *text_line(void)
{
	static struct text_writer tw;
	struct call call = {.state = CALL_COMPLETE, .enter = &sub.enter, .exit = &cpl.exit};
	struct text_writer_opts two;
	struct wr_limits lim;
	struct call_view v;

	decode_text_limits(&dec.opts, &lim);
	decode_text_writer_opts(&dec.opts, &two);
	two.column = 0;
	outbuf_reset(&ob);
	text_writer__init(&tw, &ob, &lim, &two);
	decode_view(&dec, &call, &v);
	assert_true(v.via_uring);
	decode_write_call(&dec, &tw.w, &v);
	decode_write_return(&dec, &tw.w, &v);
	return ob.data;
}

static const char *json_args(void)
{
	static const struct json_writer_opts jwo = {.arg_map = false};
	struct call call = {.state = CALL_COMPLETE, .enter = &sub.enter, .exit = &cpl.exit};
	static struct json_writer jw;
	struct call_view v;

	outbuf_reset(&ob);
	json_writer__init(&jw, &ob, &jwo);
	decode_view(&dec, &call, &v);
	decode_write_call(&dec, &jw.w, &v);
	decode_write_return(&dec, &jw.w, &v);
	return ob.data;
}

static const __u64 BUF = 0x7ffc12345678;

static void test_read_shows_the_data_its_completion_read(void **state)
{
	submit_rec(&sub, 10, 0xf000, 1, IORING_OP_READ, NR_PREAD64, 1);
	sub.enter.args[0] = 5;
	sub.enter.args[1] = BUF;
	sub.enter.args[2] = 4096;
	sub.enter.args[3] = 0;
	complete_rec(&cpl, 10, 0xf000, 1, NR_PREAD64, 3, 0);
	capture(&cpl, 1, "vm\n", 3);
	assert_string_equal(text_line(), "io_uring:read(5, \"vm\\n\", 4096, 0) = 3");
	/* one walk: the same arguments in JSON */
	assert_non_null(strstr(json_args(), "\"data\":\"vm\\n\""));
	/* a failed one: errno's name, the buffer's address */
	complete_rec(&cpl, 10, 0xf000, 1, NR_PREAD64, -9, 0);
	assert_string_equal(text_line(),
			    "io_uring:read(5, 0x7ffc12345678, 4096, 0) = -1 EBADF (Bad file "
			    "descriptor)");
}

static void test_write_and_openat_show_what_submission_read(void **state)
{
	submit_rec(&sub, 10, 0xf000, 1, IORING_OP_WRITE, NR_PWRITE64, 1);
	sub.enter.args[0] = 6;
	sub.enter.args[1] = BUF;
	sub.enter.args[2] = 3;
	sub.enter.args[3] = 8;
	capture(&sub, 1, "hi\n", 3);
	complete_rec(&cpl, 10, 0xf000, 1, NR_PWRITE64, 3, 0);
	assert_string_equal(text_line(), "io_uring:write(6, \"hi\\n\", 3, 8) = 3");
	submit_rec(&sub, 10, 0xf000, 2, IORING_OP_OPENAT, NR_OPENAT, 1);
	sub.enter.args[0] = (__u64)AT_FDCWD;
	sub.enter.args[1] = BUF;
	sub.enter.args[2] = O_RDONLY;
	capture(&sub, 1, "/etc/hostname", 14);
	complete_rec(&cpl, 10, 0xf000, 2, NR_OPENAT, 7, 0);
	assert_string_equal(text_line(),
			    "io_uring:openat(AT_FDCWD, \"/etc/hostname\", O_RDONLY) = 7");
}

static void test_operations_without_syscall_or_sqe(void **state)
{
	submit_rec(&sub, 10, 0xf000, 1, IORING_OP_NOP, -1, 1);
	complete_rec(&cpl, 10, 0xf000, 1, -1, 0, 0);
	assert_string_equal(text_line(), "io_uring:nop() = 0");
	submit_rec(&sub, 10, 0xf000, 1, IORING_OP_TIMEOUT, -1, 1);
	sub.enter.args[0] = (__u64)-1;
	sub.enter.args[1] = BUF;
	sub.enter.args[2] = 1;
	complete_rec(&cpl, 10, 0xf000, 1, -1, -62, 0);
	assert_string_equal(text_line(), "io_uring:timeout(-1, 0x7ffc12345678, 1, 0) = -1 ETIME "
					 "(Timer expired)");
	/* the SQE could not be read: the name and the result */
	submit_rec(&sub, 10, 0xf000, 1, IORING_OP_READ, NR_PREAD64, 1);
	sub.submit.uflags = 0;
	complete_rec(&cpl, 10, 0xf000, 1, NR_PREAD64, 3, 0);
	cpl.complete.uflags = 0;
	assert_string_equal(text_line(), "io_uring:read(...) = 3");
	assert_non_null(strstr(json_args(), "\"args\":null"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_put_get_take),
		cmocka_unit_test(test_table_same_key_hands_back_the_old_one),
		cmocka_unit_test(test_table_take_all_in_submission_order),
		cmocka_unit_test(test_submission_paired_with_its_completion),
		cmocka_unit_test(test_completion_during_io_uring_enter_follows_it),
		cmocka_unit_test(test_completion_waits_quiet_rounds_for_the_call),
		cmocka_unit_test(test_another_threads_call_is_split),
		cmocka_unit_test(test_multishot_and_unfinished_operations),
		cmocka_unit_test(test_names_and_shapes),
		cmocka_unit_test(test_sets),
		cmocka_unit_test_setup_teardown(test_read_shows_the_data_its_completion_read, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_write_and_openat_show_what_submission_read,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_operations_without_syscall_or_sqe, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

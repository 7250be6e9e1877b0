/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A call built by hand as the collector's records (the enter record, the exit
 * record, each with its captures) and its line written by the decoder: the
 * shared base of the unit tests that check whole decoded calls.
 */
#ifndef BTFTRACE_TEST_CALL_RECORDS_H
#define BTFTRACE_TEST_CALL_RECORDS_H

#include <string.h>

#include "base/outbuf.h"
#include "base/writer.h"
#include "bpf/record.h"
#include "decode/decode.h"

/* A record as the collector writes it: the fixed part, then captures padded to 8 bytes. */
struct rec {
	union {
		struct bt_rec_hdr hdr;
		struct bt_enter_rec enter;
		struct bt_exit_rec exit;
		unsigned char bytes[8192];
	};
};

/* The call the test is building: its enter record and its exit record. */
static struct rec enter_rec __attribute__((unused));
static struct rec exit_rec __attribute__((unused));

/* Starts call nr with its six argument registers and no captures. */
static inline void begin(int nr, __u64 a0, __u64 a1, __u64 a2, __u64 a3, __u64 a4, __u64 a5)
{
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

/* Appends to r what the collector read of argument arg: len bytes of want, with flags. */
static inline void capture(struct rec *r, int arg, const void *data, size_t len, __u8 flags,
			   __u32 want)
{
	struct bt_capture *cap = (void *)(r->bytes + r->hdr.size);

	assert_true(r->hdr.size + sizeof(*cap) + BT_ALIGN8(len) <= sizeof(r->bytes));
	cap->arg = arg;
	cap->flags = flags;
	cap->len = len;
	cap->want = want;
	/* an empty capture may come with no data at all */
	if (len)
		memcpy(cap + 1, data, len);
	r->hdr.size += sizeof(*cap) + BT_ALIGN8(len);
	r->hdr.ncaps++;
}

/* What the collector read at enter and at exit: len bytes, asked for as many. */
static inline void in(int arg, const void *data, size_t len)
{
	capture(&enter_rec, arg, data, len, 0, len);
}

static inline void out(int arg, const void *data, size_t len)
{
	capture(&exit_rec, arg, data, len, 0, len);
}

/* A text writer into ob as the text sink makes it from dec's options, but for the column of " = ". */
static inline struct writer *call_text_writer(struct decoder *dec, struct outbuf *ob)
{
	static struct text_writer tw;
	struct text_writer_opts two;
	struct wr_limits lim;

	decode_text_limits(&dec->opts, &lim);
	decode_text_writer_opts(&dec->opts, &two);
	two.column = 0;
	outbuf_reset(ob);
	text_writer__init(&tw, ob, &lim, &two);
	return &tw.w;
}

/* The whole line of the call built, returning ret, into ob. */
static inline const char *call_text_line(struct decoder *dec, struct outbuf *ob, __s64 ret)
{
	struct call call = {
		.state = CALL_COMPLETE, .enter = &enter_rec.enter, .exit = &exit_rec.exit};
	struct writer *w = call_text_writer(dec, ob);
	struct call_view v;

	exit_rec.exit.ret = ret;
	decode_view(dec, &call, &v);
	decode_write_call(dec, w, &v);
	decode_write_return(dec, w, &v);
	return ob->data;
}

#endif /* BTFTRACE_TEST_CALL_RECORDS_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * Reading and writing: the vectored calls' buffers and offsets, sendfile's offset, and the
 * asynchronous I/O calls' contexts, events and requests, which the prototypes do not say.
 */
#include <stdint.h>
#include <string.h>

#include "decode/decode.h"
#include "decode/hand.h"

/* preadv, pwritev, preadv2, pwritev2: fd, vec, vlen, pos_l, pos_h (then flags). */
enum { VEC_POS_L = 3, VEC_POS_H = 4 };

/*
 * The offset is one 64-bit loff_t: pos_l holds all of it on a 64-bit kernel and pos_h is
 * what a 32-bit caller's high half would be. strace shows the offset alone, signed.
 */
static enum hand_result vec_offset_arg(struct writer *w, const struct hand_call *hc, int i)
{
	if (i == VEC_POS_H)
		return HAND_OMIT;
	w_s64(w, (int64_t)hc->enter->args[VEC_POS_L]);
	return HAND_PRINTED;
}

static const char *data_of(const struct bt_iov_part *part)
{
	return (const char *)(part + 1);
}

/* A loff_t behind a pointer, as strace shows sendfile's: unsigned, [4096]. */
static void put_offset(struct writer *w, const struct bt_capture *cap)
{
	uint64_t v;

	w_deref_begin(w);
	memcpy(&v, hand_cap_data(cap), sizeof(v));
	w_u64(w, v);
	w_deref_end(w);
}

/*
 * sendfile's offset: what went in and, when the call moved data, where the kernel left it,
 * as two values, [0] => [64] (not [0 => 64], strace's form of a length it updated).
 */
static enum hand_result sendfile_offset_arg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *in = hand_call_in(hc, i), *out = hand_call_out(hc, i);

	if (!in || in->len < sizeof(uint64_t)) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	if (!out || out->len < sizeof(uint64_t) || hc->exit->ret <= 0) {
		put_offset(w, in);
		return HAND_PRINTED;
	}
	w_inout_begin(w);
	put_offset(w, in);
	w_inout_mid(w);
	put_offset(w, out);
	w_inout_end(w);
	return HAND_PRINTED;
}

/* io_setup's new context: the address of its ring, [0x7f4f...]. */
static void print_aio_context(const struct decoder *d, struct writer *w, const void *data,
			      size_t len, bool more)
{
	uint64_t v;

	if (len < sizeof(v)) {
		w_bytes(w, data, len, -1, more);
		return;
	}
	memcpy(&v, data, sizeof(v));
	w_deref_begin(w);
	w_ptr(w, v);
	w_deref_end(w);
}

/* The struct iovec of a 64-bit caller: a count above this overflows the array's size. */
#define IOVEC_SIZE 16

void hand_print_iovec(struct writer *w, const struct bt_capture *cap, uint64_t addr, uint64_t count,
		      bool addresses)
{
	const char *p = decode_cap_data(cap), *end = p + cap->len;
	const struct bt_iov_part *part;
	unsigned int shown = 0;
	bool more;

	/* an array larger than memory: strace does not read it */
	if (count > UINT64_MAX / IOVEC_SIZE) {
		hand_put_pointer(w, addr);
		return;
	}
	w_arr_begin(w, WR_ARR_LIST);
	while ((part = decode_next_iov_part(&p, end))) {
		if (w->lim.array && shown == w->lim.array)
			break;
		shown++;
		w_struct_begin(w);
		w_key(w, "iov_base");
		if (!part->base || addresses)
			hand_put_pointer(w, part->base);
		else if (part->flags & BT_CAP_FAULT)
			w_unread(w, part->base, true);
		else
			w_bytes(w, data_of(part), part->got, -1, part->flags & BT_CAP_TRUNCATED);
		w_key_num(w, "iov_len", part->len, WR_UDEC);
		w_obj_end(w, false);
	}
	more = shown < count || (cap->flags & BT_CAP_TRUNCATED);
	/* the array ran into memory that could not be read: where it did */
	if ((cap->flags & BT_CAP_FAULT) && !part && (!w->lim.array || shown < w->lim.array)) {
		hand_arr_end_at(w, addr + (uint64_t)shown * IOVEC_SIZE);
		return;
	}
	w_arr_end(w, more);
}

static const struct hand_bytes_entry io_bytes[] = {
	{"io_setup", "ctxp", print_aio_context},
};

/* clang-format off */
static const struct hand_arg_entry io_args[] = {
	{"preadv", "pos_l", vec_offset_arg},
	{"preadv", "pos_h", vec_offset_arg},
	{"pwritev", "pos_l", vec_offset_arg},
	{"pwritev", "pos_h", vec_offset_arg},
	{"preadv2", "pos_l", vec_offset_arg},
	{"preadv2", "pos_h", vec_offset_arg},
	{"pwritev2", "pos_l", vec_offset_arg},
	{"pwritev2", "pos_h", vec_offset_arg},
	{"sendfile", "offset", sendfile_offset_arg},
};
/* clang-format on */

const struct hand_family family_io = {
	.name = "io",
	.bytes = io_bytes,
	.nbytes = sizeof(io_bytes) / sizeof(io_bytes[0]),
	.args = io_args,
	.nargs = sizeof(io_args) / sizeof(io_args[0]),
};

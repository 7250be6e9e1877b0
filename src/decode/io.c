// SPDX-License-Identifier: GPL-2.0
/*
 * Reading and writing: the vectored calls' buffers and offsets, sendfile's offset, and the
 * asynchronous I/O calls' contexts, events and requests, which the prototypes do not say.
 */
#include <stdint.h>
#include <string.h>

#include <linux/aio_abi.h>
#include <linux/io_uring.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "xlat_tables.h"

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
		w_arr_end_unread(w, addr + (uint64_t)shown * IOVEC_SIZE);
		return;
	}
	w_arr_end(w, more);
}

static void key_u32_hex(struct writer *w, const char *key, uint32_t v)
{
	w_key_num(w, key, v, WR_HEX);
}

/* The reserved words strace shows when they are not zero. */
static void put_resv(struct writer *w, uint32_t resv1, uint64_t resv2)
{
	if (resv1)
		key_u32_hex(w, "resv1", resv1);
	if (resv2)
		w_key_num(w, "resv2", resv2, WR_HEX);
}

static void put_sq_offsets(struct writer *w, const struct io_sqring_offsets *o)
{
	w_struct_begin(w);
	w_key_num(w, "head", o->head, WR_UDEC);
	w_key_num(w, "tail", o->tail, WR_UDEC);
	w_key_num(w, "ring_mask", o->ring_mask, WR_UDEC);
	w_key_num(w, "ring_entries", o->ring_entries, WR_UDEC);
	w_key_num(w, "flags", o->flags, WR_UDEC);
	w_key_num(w, "dropped", o->dropped, WR_UDEC);
	w_key_num(w, "array", o->array, WR_UDEC);
	put_resv(w, o->resv1, o->resv2);
	w_obj_end(w, false);
}

static void put_cq_offsets(struct writer *w, const struct io_cqring_offsets *o)
{
	w_struct_begin(w);
	w_key_num(w, "head", o->head, WR_UDEC);
	w_key_num(w, "tail", o->tail, WR_UDEC);
	w_key_num(w, "ring_mask", o->ring_mask, WR_UDEC);
	w_key_num(w, "ring_entries", o->ring_entries, WR_UDEC);
	w_key_num(w, "overflow", o->overflow, WR_UDEC);
	w_key_num(w, "cqes", o->cqes, WR_UDEC);
	w_key_num(w, "flags", o->flags, WR_UDEC);
	put_resv(w, o->resv1, o->resv2);
	w_obj_end(w, false);
}

/*
 * io_uring_setup's params as strace shows them: what the caller set (flags, the SQ thread's
 * cpu and idle time, the work queue to attach to, reserved words that are not zero), then,
 * when the call succeeded, what the kernel filled in (the ring sizes, features, offsets).
 */
static enum hand_result uring_params_arg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *in = hand_call_in(hc, i), *out = hand_call_out(hc, i);
	struct io_uring_params p;

	if (!in || in->len < sizeof(p)) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	memcpy(&p, hand_cap_data(in), sizeof(p));
	w_struct_begin(w);
	w_key(w, "flags");
	xlat_write_flags(w, &xlat_uring_setup_flags, p.flags);
	key_u32_hex(w, "sq_thread_cpu", p.sq_thread_cpu);
	w_key_num(w, "sq_thread_idle", p.sq_thread_idle, WR_UDEC);
	if (p.flags & IORING_SETUP_ATTACH_WQ) {
		w_key(w, "wq_fd");
		w_fd(w, (int)p.wq_fd, NULL, NULL);
	}
	if (p.resv[0] || p.resv[1] || p.resv[2]) {
		w_key(w, "resv");
		w_arr_begin(w, WR_ARR_LIST);
		for (int k = 0; k < 3; k++)
			w_hex(w, p.resv[k]);
		w_arr_end(w, false);
	}
	if (out && out->len >= sizeof(p)) {
		memcpy(&p, hand_cap_data(out), sizeof(p));
		w_key_num(w, "sq_entries", p.sq_entries, WR_UDEC);
		w_key_num(w, "cq_entries", p.cq_entries, WR_UDEC);
		w_key(w, "features");
		xlat_write_flags(w, &xlat_uring_setup_features, p.features);
		w_key(w, "sq_off");
		put_sq_offsets(w, &p.sq_off);
		w_key(w, "cq_off");
		put_cq_offsets(w, &p.cq_off);
	}
	w_obj_end(w, false);
	return HAND_PRINTED;
}

/* io_uring_register: fd, opcode, arg, nr_args. */
enum { URING_REG_OPCODE = 1, URING_REG_NR_ARGS = 3 };

/*
 * io_uring_register's arg by its opcode, as strace 6.1 shows it: the buffers to register by
 * their addresses, the fds, the eventfd; the address for the others. What was read is
 * nr_args iovecs' worth, as much as the largest of these needs.
 */
static enum hand_result uring_register_arg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_in(hc, i);
	unsigned int nr = (unsigned int)hc->enter->args[URING_REG_NR_ARGS];
	__u64 addr = hc->enter->args[i];
	size_t elem, n, shown = 0;
	const char *data;

	switch ((unsigned int)hc->enter->args[URING_REG_OPCODE]) {
	case IORING_REGISTER_BUFFERS:
		elem = 2 * sizeof(uint64_t);
		break;
	case IORING_REGISTER_FILES:
		elem = sizeof(int);
		break;
	case IORING_REGISTER_EVENTFD:
	case IORING_REGISTER_EVENTFD_ASYNC:
		if (!cap || cap->len < sizeof(int)) {
			hand_put_unread(w, addr, record_capture(&hc->enter->hdr, i));
			return HAND_PRINTED;
		}
		w_deref_begin(w);
		hand_write_fd(hc, w, *(const int *)hand_cap_data(cap),
			      hand_fd_path(hc, *(const int *)hand_cap_data(cap)));
		w_deref_end(w);
		return HAND_PRINTED;
	default:
		hand_put_pointer(w, addr);
		return HAND_PRINTED;
	}
	if (addr && !nr) {
		/* an array of none: nothing to read */
		w_arr_begin(w, WR_ARR_LIST);
		w_arr_end(w, false);
		return HAND_PRINTED;
	}
	if (!cap || cap->len < elem) {
		hand_put_unread(w, addr, record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	data = hand_cap_data(cap);
	n = cap->len / elem;
	w_arr_begin(w, WR_ARR_LIST);
	for (size_t k = 0; k < n && k < nr; k++, shown++) {
		if (w->lim.array && shown == w->lim.array)
			break;
		if (elem == sizeof(int)) {
			int fd;

			memcpy(&fd, data + k * elem, sizeof(fd));
			hand_write_fd(hc, w, fd, hand_fd_path(hc, fd));
			continue;
		}
		uint64_t iov[2];

		memcpy(iov, data + k * elem, sizeof(iov));
		w_struct_begin(w);
		w_key(w, "iov_base");
		hand_put_pointer(w, iov[0]);
		w_key_num(w, "iov_len", iov[1], WR_UDEC);
		w_obj_end(w, false);
	}
	if ((cap->flags & BT_CAP_PARTIAL) && shown == n && shown < nr)
		w_arr_end_unread(w, addr + n * elem);
	else
		w_arr_end(w, shown < nr);
	return HAND_PRINTED;
}

/* The request's identity as strace shows it: data, key and flags when set, command, fd. */
static void put_iocb_header(struct writer *w, const struct hand_call *hc, const struct iocb *cb)
{
	w_key_num(w, "aio_data", cb->aio_data, WR_HEX);
	if (cb->aio_key)
		w_key_num(w, "aio_key", cb->aio_key, WR_UDEC);
	if (cb->aio_rw_flags) {
		w_key(w, "aio_rw_flags");
		xlat_write_flags(w, &xlat_rwf_flags, (uint32_t)cb->aio_rw_flags);
	}
	w_key(w, "aio_lio_opcode");
	xlat_write_const(w, &xlat_aio_cmds, cb->aio_lio_opcode, WR_UDEC);
	/* an I/O priority when IOCB_FLAG_IOPRIO says the kernel takes it so, else a number */
	if (cb->aio_reqprio && (cb->aio_flags & IOCB_FLAG_IOPRIO)) {
		w_key(w, "aio_reqprio");
		hand_put_ioprio(w, (uint16_t)cb->aio_reqprio, true);
	} else if (cb->aio_reqprio) {
		w_key_num(w, "aio_reqprio", (uint64_t)(int64_t)cb->aio_reqprio, WR_DEC);
	}
	w_key(w, "aio_fildes");
	hand_write_fd(hc, w, (int)cb->aio_fildes, hand_fd_path(hc, (int)cb->aio_fildes));
}

/* io_cancel's request: its header, as strace shows it. */
static enum hand_result iocb_header_arg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_in(hc, i);
	struct iocb cb;

	if (!cap || cap->len < sizeof(cb)) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	memcpy(&cb, hand_cap_data(cap), sizeof(cb));
	w_struct_begin(w);
	put_iocb_header(w, hc, &cb);
	w_obj_end(w, false);
	return HAND_PRINTED;
}

/* io_submit: ctx_id, nr, iocbpp. */
enum { SUBMIT_NR = 1 };

/*
 * io_submit's requests: an array of nr pointers, each shown by its address (NULL for none);
 * a negative nr is not an array, its address shows.
 */
static enum hand_result iocbpp_arg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_in(hc, i);
	int64_t nr = (int64_t)hc->enter->args[SUBMIT_NR];
	__u64 addr = hc->enter->args[i];
	size_t n, shown = 0;

	if (!addr || nr < 0) {
		hand_put_pointer(w, addr);
		return HAND_PRINTED;
	}
	if (nr && (!cap || cap->len < sizeof(uint64_t))) {
		hand_put_unread(w, addr, record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	n = nr ? cap->len / sizeof(uint64_t) : 0;
	w_arr_begin(w, WR_ARR_LIST);
	for (; shown < n && shown < (uint64_t)nr; shown++) {
		uint64_t p;

		if (w->lim.array && shown == w->lim.array)
			break;
		memcpy(&p, (const char *)hand_cap_data(cap) + shown * sizeof(p), sizeof(p));
		hand_put_pointer(w, p);
	}
	if (nr && (cap->flags & BT_CAP_PARTIAL) && shown == n && shown < (uint64_t)nr)
		w_arr_end_unread(w, addr + n * sizeof(uint64_t));
	else
		w_arr_end(w, shown < (uint64_t)nr);
	return HAND_PRINTED;
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
	{"io_uring_setup", "params", uring_params_arg},
	{"io_uring_register", "arg", uring_register_arg},
	{"io_cancel", "iocb", iocb_header_arg},
	{"io_submit", "iocbpp", iocbpp_arg},
};
/* clang-format on */

const struct hand_family family_io = {
	.name = "io",
	.bytes = io_bytes,
	.nbytes = sizeof(io_bytes) / sizeof(io_bytes[0]),
	.args = io_args,
	.nargs = sizeof(io_args) / sizeof(io_args[0]),
};

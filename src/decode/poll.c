// SPDX-License-Identifier: GPL-2.0
/*
 * Waiting on descriptors: select's fd sets are a bitmap as long as its first argument says,
 * which BTF's fd_set of 1024 bits cannot know, and what select leaves in them comes back
 * after its return value, as strace shows it; pselect6's sigmask is a {pointer, size} pair;
 * poll's fds and what they returned; epoll_event's data union.
 */
#include <poll.h>
#include <string.h>

#include "decode/decode.h"
#include "decode/fd_table.h"
#include "decode/hand.h"
#include "decode/members.h"
#include "xlat_tables.h"

/* select and pselect6: n, inp, outp, exp, the timeout, then pselect6's sigmask pair. */
enum { SELECT_NFDS, SELECT_INP, SELECT_OUTP, SELECT_EXP, SELECT_TIMEOUT, SELECT_SIG };

/* The kernel's sigset_t on x86_64: the one size pselect6 and strace accept. */
#define KERNEL_SIGSET_BYTES 8

/* The fds a set covers: n as the kernel takes it (an int, none when negative), as many bits. */
static long select_nfds(const struct hand_call *hc)
{
	int n = (int)hc->enter->args[SELECT_NFDS];

	if (n <= 0)
		return 0;
	return n > BT_BITMAP_BITS_MAX ? BT_BITMAP_BITS_MAX : n;
}

static bool fd_bit(const struct bt_capture *cap, long fd)
{
	const unsigned char *p = hand_cap_data(cap);

	return (size_t)fd < cap->len * 8 && ((p[fd / 8] >> (fd % 8)) & 1);
}

/* A set as it went in: [3 5], each fd with its path under -y. */
static void put_fd_set(struct writer *w, const struct hand_call *hc, const struct bt_capture *cap)
{
	long nfds = select_nfds(hc);

	w_arr_begin(w, WR_ARR_SET);
	for (long fd = 0; fd < nfds && (size_t)fd < cap->len * 8; fd++) {
		if (!fd_bit(cap, fd))
			continue;
		hand_write_fd(hc, w, fd, hand_fd_path(hc, fd));
	}
	w_arr_end(w, (size_t)nfds > cap->len * 8);
}

static void put_timeout(struct writer *w, const struct hand_call *hc, const struct bt_capture *cap)
{
	const struct decoder *d = hc->d;
	__u32 id = d->beauty->calls[hc->nr].args[SELECT_TIMEOUT].print_type_id;

	if (id && d->types && d->types->btf)
		decode_write_btf(d, w, id, hand_cap_data(cap), cap->len, NULL);
	else
		w_bytes(w, hand_cap_data(cap), cap->len, -1, false);
}

/*
 * The arguments show what the caller asked (the sets and the timeout in); what the kernel
 * wrote back shows after the return value, as strace has it. A set of no fds (n <= 0) is
 * not read: its address, as strace shows it.
 */
static enum hand_result select_arg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_in(hc, i);

	if (i != SELECT_TIMEOUT && (!select_nfds(hc) || !hc->enter->args[i])) {
		hand_put_pointer(w, hc->enter->args[i]);
		return HAND_PRINTED;
	}
	if (!cap) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	if (i == SELECT_TIMEOUT)
		put_timeout(w, hc, cap);
	else
		put_fd_set(w, hc, cap);
	return HAND_PRINTED;
}

/*
 * pselect6's last argument: a pointer to {sigset pointer, its size}, shown as strace shows
 * it, {sigmask=[USR2], sigsetsize=8}; the set only when its size is the kernel's.
 */
static enum hand_result pselect_sig_arg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_in(hc, i), *set;
	uint64_t pair[2];

	if (!cap || cap->len < sizeof(pair)) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	memcpy(pair, hand_cap_data(cap), sizeof(pair));
	set = record_capture(&hc->enter->hdr, i + BT_CAP_INNER_DATA);
	w_struct_begin(w);
	w_key(w, "sigmask");
	if (!pair[0] || pair[1] != KERNEL_SIGSET_BYTES)
		hand_put_pointer(w, pair[0]);
	else if (!set || (set->flags & BT_CAP_FAULT) || set->len < pair[1])
		hand_put_unread(w, pair[0], set);
	else
		hand_print_sigset(hc->d, w, hand_cap_data(set), pair[1], false);
	w_key_num(w, "sigsetsize", pair[1], WR_UDEC);
	w_obj_end(w, false);
	return HAND_PRINTED;
}

/*
 * "2 (in [4], out [5], left {tv_sec=0, tv_usec=0})", or "0 (Timeout)": the fds the kernel
 * left in each set, as many as it counted ready, and the time left. strace 6.1 closes a set
 * that had none, after one that had some, with a bracket of its own ("in [6]], except [5]"),
 * which the text keeps so that lines compare.
 */
static bool select_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	static const char *const names[] = {
		[SELECT_INP] = "in", [SELECT_OUTP] = "out", [SELECT_EXP] = "except"};
	long nfds = select_nfds(hc);
	int64_t ready = r->value;
	bool any = false;

	w->ops->ret(w, r);
	if (r->value == 0) {
		w->ops->ret_note_begin(w);
		w_name(w, "Timeout");
		w->ops->ret_note_end(w);
		return true;
	}
	w->ops->ret_note_begin(w);
	w_obj_begin(w, WR_OBJ_NOTE, NULL);
	for (int k = SELECT_INP; k <= SELECT_EXP && ready > 0; k++) {
		const struct bt_capture *set = hand_call_out(hc, k);
		bool listed = false;

		if (!hc->enter->args[k] || !set)
			continue;
		for (long fd = 0; fd < nfds && ready > 0; fd++) {
			if (!fd_bit(set, fd))
				continue;
			if (!listed) {
				w_key(w, names[k]);
				w_arr_begin(w, WR_ARR_SET);
				listed = true;
			}
			w_u64(w, fd);
			ready--;
		}
		if (listed)
			w_arr_end(w, false);
		else if (any)
			w_lit(w, "]");
		any |= listed;
	}
	if (hc->enter->args[SELECT_TIMEOUT]) {
		const struct bt_capture *left = hand_call_out(hc, SELECT_TIMEOUT);

		w_key(w, "left");
		if (left)
			put_timeout(w, hc, left);
		else
			hand_put_unread(w, hc->enter->args[SELECT_TIMEOUT],
					record_capture(&hc->exit->hdr, SELECT_TIMEOUT));
	}
	w_obj_end(w, false);
	w->ops->ret_note_end(w);
	return true;
}

/* poll and ppoll: the fds, how many, then the timeout. */
enum { POLL_FDS, POLL_NFDS, POLL_TIMEOUT };

/*
 * What poll is asked: [{fd=3, events=POLLIN}, {fd=-1}], the events of a negative fd, which
 * poll ignores, left out, as strace has them; revents come back after the return value.
 */
static enum hand_result pollfds_arg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_in(hc, i);
	unsigned int nfds = (unsigned int)hc->enter->args[POLL_NFDS], shown = 0;
	const struct pollfd *p;
	size_t n;

	if (!cap)
		return HAND_DEFAULT;
	p = hand_cap_data(cap);
	n = cap->len / sizeof(*p);
	w_arr_begin(w, WR_ARR_LIST);
	for (size_t k = 0; k < n && k < nfds; k++) {
		struct pollfd f;

		if (w->lim.array && shown == w->lim.array)
			break;
		memcpy(&f, p + k, sizeof(f));
		shown++;
		w_struct_begin(w);
		w_key(w, "fd");
		hand_write_fd(hc, w, f.fd, hand_fd_path(hc, f.fd));
		if (f.fd >= 0) {
			w_key(w, "events");
			xlat_write_flags(w, &xlat_poll_events, (unsigned short)f.events);
		}
		w_obj_end(w, false);
	}
	if ((cap->flags & BT_CAP_PARTIAL) && shown == n && shown < nfds)
		w_arr_end_unread(w, hc->enter->args[i] + n * sizeof(*p));
	else
		w_arr_end(w, shown < nfds);
	return HAND_PRINTED;
}

/* A timeout the kernel updates: what went in; the time left follows the return value. */
static enum hand_result timeout_in(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_in(hc, i);
	__u32 id = hc->d->beauty->calls[hc->nr].args[i].print_type_id;

	if (!cap || !id || !hc->d->types || !hc->d->types->btf)
		return HAND_DEFAULT;
	decode_write_btf(hc->d, w, id, hand_cap_data(cap), cap->len, NULL);
	return HAND_PRINTED;
}

/*
 * "2 ([{fd=3, revents=POLLIN}, {fd=4, revents=POLLOUT}])": the fds poll found ready, and
 * ppoll's time left; "0 (Timeout)".
 */
static bool poll_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	const struct bt_capture *cap = hand_call_out(hc, POLL_FDS);
	const struct bt_capture *left = NULL;
	unsigned int nfds = (unsigned int)hc->enter->args[POLL_NFDS];
	const struct pollfd *p;
	size_t n;

	w->ops->ret(w, r);
	if (r->value == 0) {
		w->ops->ret_note_begin(w);
		w_name(w, "Timeout");
		w->ops->ret_note_end(w);
		return true;
	}
	if (!strcmp(hand_call_name(hc), "ppoll"))
		left = hand_call_out(hc, POLL_TIMEOUT);
	if (!cap && !left)
		return true;
	w->ops->ret_note_begin(w);
	w_obj_begin(w, WR_OBJ_NOTE, NULL);
	if (cap) {
		p = hand_cap_data(cap);
		n = cap->len / sizeof(*p);
		w->ops->key_hidden(w, "ready");
		w_arr_begin(w, WR_ARR_LIST);
		for (size_t k = 0; k < n && k < nfds; k++) {
			struct pollfd f;

			memcpy(&f, p + k, sizeof(f));
			if (!f.revents)
				continue;
			w_struct_begin(w);
			w_key_num(w, "fd", (uint64_t)(int64_t)f.fd, WR_DEC);
			w_key(w, "revents");
			xlat_write_flags(w, &xlat_poll_events, (unsigned short)f.revents);
			w_obj_end(w, false);
		}
		w_arr_end(w, n < nfds);
	}
	if (left) {
		w_key(w, "left");
		decode_write_btf(hc->d, w,
				 hc->d->beauty->calls[hc->nr].args[POLL_TIMEOUT].print_type_id,
				 hand_cap_data(left), left->len, NULL);
	}
	w_obj_end(w, false);
	w->ops->ret_note_end(w);
	return true;
}

/*
 * epoll_event's data: the kernel's __u64, the C library's union; strace shows both readings,
 * {u32=5, u64=140492675219461}.
 */
static void print_epoll_data(const struct decoder *d, struct writer *w, const void *data,
			     size_t len, bool more)
{
	uint64_t v;

	if (len < sizeof(v)) {
		w_bytes(w, data, len, -1, more);
		return;
	}
	memcpy(&v, data, sizeof(v));
	w_struct_begin(w);
	w_key_num(w, "u32", (uint32_t)v, WR_UDEC);
	w_key_num(w, "u64", v, WR_UDEC);
	w_obj_end(w, false);
}

static const struct hand_bytes_entry poll_bytes[] = {
	{"epoll_event", "data", print_epoll_data},
};

/* clang-format off */
static const struct hand_arg_entry poll_args[] = {
	{"poll", "ufds", pollfds_arg},
	{"ppoll", "ufds", pollfds_arg},
	{"ppoll", "tsp", timeout_in},
	{"select", "inp", select_arg},
	{"select", "outp", select_arg},
	{"select", "exp", select_arg},
	{"select", "tvp", select_arg},
	{"pselect6", "inp", select_arg},
	{"pselect6", "outp", select_arg},
	{"pselect6", "exp", select_arg},
	{"pselect6", "tsp", select_arg},
	{"pselect6", "sig", pselect_sig_arg},
};

static const struct hand_return_entry poll_returns[] = {
	{"poll", poll_return},
	{"ppoll", poll_return},
	{"select", select_return},
	{"pselect6", select_return},
};
/* clang-format on */

const struct hand_family family_poll = {
	.name = "poll",
	.bytes = poll_bytes,
	.nbytes = sizeof(poll_bytes) / sizeof(poll_bytes[0]),
	.args = poll_args,
	.nargs = sizeof(poll_args) / sizeof(poll_args[0]),
	.returns = poll_returns,
	.nreturns = sizeof(poll_returns) / sizeof(poll_returns[0]),
};

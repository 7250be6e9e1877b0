// SPDX-License-Identifier: GPL-2.0
/*
 * Waiting on descriptors: select's fd sets are a bitmap as long as its first argument says,
 * which BTF's fd_set of 1024 bits cannot know, and what select leaves in them comes back
 * after its return value, as strace shows it.
 */
#include <poll.h>
#include <string.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/members.h"
#include "xlat_tables.h"

/* select and pselect6: n, inp, outp, exp, then the timeout. */
enum { SELECT_NFDS, SELECT_INP, SELECT_OUTP, SELECT_EXP, SELECT_TIMEOUT };

static void put_fd_set(struct writer *w, const struct hand_call *hc, const struct bt_capture *cap)
{
	int n = (int)hc->enter->args[SELECT_NFDS];

	hand_print_bit_list(w, hand_cap_data(cap), cap->len, n > 0 ? n : 0,
			    (size_t)(n > 0 ? n : 0) > cap->len * 8);
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
 * The arguments show what the caller asked (the sets and the timeout in);
 * what the kernel wrote back shows after the return value, as strace has it.
 */
static enum hand_result select_arg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_in(hc, i);

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

/* Whether a set select wrote back has any fd in it. */
static bool any_fd_set(const struct hand_call *hc, const struct bt_capture *cap)
{
	int n = (int)hc->enter->args[SELECT_NFDS];
	const unsigned char *p = hand_cap_data(cap);

	for (long b = 0; b < n && (size_t)b < cap->len * 8; b++) {
		if ((p[b / 8] >> (b % 8)) & 1)
			return true;
	}
	return false;
}

/* "2 (in [4], out [5], left {tv_sec=0, tv_usec=0})", or "0 (Timeout)". */
static bool select_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	static const char *const names[] = {
		[SELECT_INP] = "in", [SELECT_OUTP] = "out", [SELECT_EXP] = "except"};
	const struct bt_capture *sets[SELECT_TIMEOUT + 1] = {NULL}, *left;
	bool any = false;

	w->ops->ret(w, r);
	if (r->value == 0) {
		w->ops->ret_note_begin(w);
		w_name(w, "Timeout");
		w->ops->ret_note_end(w);
		return true;
	}
	for (int k = SELECT_INP; k <= SELECT_EXP; k++) {
		sets[k] = hand_call_out(hc, k);
		if (sets[k] && any_fd_set(hc, sets[k]))
			any = true;
		else
			sets[k] = NULL;
	}
	left = hand_call_out(hc, SELECT_TIMEOUT);
	if (!any && !left)
		return true;
	w->ops->ret_note_begin(w);
	w_obj_begin(w, WR_OBJ_NOTE, NULL);
	for (int k = SELECT_INP; k <= SELECT_EXP; k++) {
		if (!sets[k])
			continue;
		w_key(w, names[k]);
		put_fd_set(w, hc, sets[k]);
	}
	if (left) {
		w_key(w, "left");
		put_timeout(w, hc, left);
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
		w_key_num(w, "fd", (uint64_t)(int64_t)f.fd, WR_DEC);
		if (f.fd >= 0) {
			w_key(w, "events");
			xlat_write_flags(w, &xlat_poll_events, (unsigned short)f.events);
		}
		w_obj_end(w, false);
	}
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

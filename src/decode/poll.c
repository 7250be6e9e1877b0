// SPDX-License-Identifier: GPL-2.0
/*
 * Waiting on descriptors: select's fd sets are a bitmap as long as its first argument says,
 * which BTF's fd_set of 1024 bits cannot know, and what select leaves in them comes back
 * after its return value, as strace shows it.
 */
#include <string.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/members.h"

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

/* clang-format off */
static const struct hand_arg_entry poll_args[] = {
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
	{"select", select_return},
	{"pselect6", select_return},
};
/* clang-format on */

const struct hand_family family_poll = {
	.name = "poll",
	.args = poll_args,
	.nargs = sizeof(poll_args) / sizeof(poll_args[0]),
	.returns = poll_returns,
	.nreturns = sizeof(poll_returns) / sizeof(poll_returns[0]),
};

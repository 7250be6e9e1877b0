// SPDX-License-Identifier: GPL-2.0
/* Which capture of a call holds each argument's bytes, and how many of them count. */
#include <stdio.h>
#include <string.h>

#include "beauty/overrides.h"
#include "decode/captures.h"
#include "decode/decode.h"
#include "decode/io_uring.h"

void decode_arg_captures(const struct bt_enter_rec *enter, const struct bt_exit_rec *exit, int i,
			 const struct bt_capture **in, const struct bt_capture **out)
{
	*in = record_capture(&enter->hdr, i);
	*out = exit ? record_capture(&exit->hdr, i) : NULL;
	if (*out && ((*out)->flags & BT_CAP_LATE)) {
		/*
		 * An input read again at exit: its page (or a vector element's)
		 * was absent at enter. Unless it failed again, it is the better read.
		 */
		if (!*in || ((*in)->flags & BT_CAP_FAULT) || !((*out)->flags & BT_CAP_FAULT))
			*in = *out;
		*out = NULL;
	}
	if (*out && decode_is_error(exit->ret))
		*out = NULL;
}

void decode_call_captures(const struct decoder *d, int nr, int i, const struct bt_enter_rec *enter,
			  const struct bt_exit_rec *exit, const struct bt_capture **in,
			  const struct bt_capture **out)
{
	const struct bt_capture *c;

	decode_arg_captures(enter, exit, i, in, out);
	if (nr < 0 || nr >= BT_MAX_SYSCALLS)
		return;
	if (d->beauty->rules[nr].exit[i].flags & BT_RULE_EVEN_ON_ERROR) {
		/* read whatever the call returned: a failed call's too */
		c = exit ? record_capture(&exit->hdr, i) : NULL;
		if (c && !(c->flags & BT_CAP_LATE))
			*out = c;
		return;
	}
	if (!(d->beauty->rules[nr].exit[i].flags & BT_RULE_IF_INTERRUPTED))
		return;
	/* written only when a signal cut the call short: then even though it "failed" */
	*out = NULL;
	if (!exit || !bt_ret_interrupted(exit->ret))
		return;
	c = record_capture(&exit->hdr, i);
	if (c && !(c->flags & BT_CAP_LATE))
		*out = c;
}

/* A captured int, or false when it was not read whole. */
static bool cap_int(const struct bt_capture *cap, int *v)
{
	if (!cap || cap->len < sizeof(*v))
		return false;
	memcpy(v, decode_cap_data(cap), sizeof(*v));
	return true;
}

size_t decode_written_len(const struct decoder *d, int nr, int i, const struct bt_enter_rec *enter,
			  const struct bt_exit_rec *exit, const struct bt_capture *out, bool *more)
{
	const struct hand_call hc = {.d = d, .nr = nr, .enter = enter, .exit = exit};
	int k = nr >= 0 && nr < BT_MAX_SYSCALLS ? d->beauty->calls[nr].args[i].written_len_arg : -1;
	int size, len;
	size_t n;

	*more = decode_cap_cut(out);
	if (k < 0 || !cap_int(hand_call_out(&hc, k), &len) || len < 0)
		return out->len;
	/* the kernel copies no more than the buffer holds, and says how long the whole is */
	n = len;
	if (cap_int(hand_call_in(&hc, k), &size) && size >= 0 && (size_t)size < n)
		n = size;
	*more = n > out->len;
	return *more ? out->len : n;
}

const struct bt_rec_hdr *decode_msghdr_parts(const struct decoder *d, int nr, int i,
					     const struct bt_enter_rec *enter,
					     const struct bt_exit_rec *exit)
{
	const struct bt_syscall_rules *rules = &d->beauty->rules[nr];

	if (rules->enter[i].kind == BT_KIND_MSGHDR)
		return &enter->hdr;
	/* recvmsg's buffers mean nothing until it returns: only its exit carries them */
	if (rules->exit[i].kind == BT_KIND_MSGHDR && exit && !decode_is_error(exit->ret))
		return &exit->hdr;
	return NULL;
}

/* A capture read whole, or with prefix, one read only up to an unmapped page (its bytes before). */
static const struct bt_capture *cap_read(const struct bt_capture *cap, bool prefix)
{
	if (!cap || ((cap->flags & BT_CAP_FAULT) && !(prefix && (cap->flags & BT_CAP_PARTIAL))))
		return NULL;
	return cap;
}

static const struct bt_capture *call_in(const struct hand_call *hc, int i, bool prefix)
{
	const struct bt_capture *in = record_capture(&hc->enter->hdr, i), *late;

	if ((!in || (in->flags & BT_CAP_FAULT)) && hc->exit) {
		/* an input whose page was absent at enter, read again at exit */
		late = record_capture(&hc->exit->hdr, i);
		if (late && (late->flags & BT_CAP_LATE))
			in = late;
	}
	return cap_read(in, prefix);
}

static const struct bt_capture *call_out(const struct hand_call *hc, int i, bool prefix)
{
	const struct bt_capture *out;

	if (!hc->exit || decode_is_error(hc->exit->ret))
		return NULL;
	out = record_capture(&hc->exit->hdr, i);
	if (!out || (out->flags & BT_CAP_LATE))
		return NULL;
	return cap_read(out, prefix);
}

const struct bt_capture *hand_call_in(const struct hand_call *hc, int i)
{
	return call_in(hc, i, false);
}

const struct bt_capture *hand_call_out(const struct hand_call *hc, int i)
{
	return call_out(hc, i, false);
}

const struct bt_capture *hand_call_in_prefix(const struct hand_call *hc, int i)
{
	return call_in(hc, i, true);
}

const struct bt_capture *hand_call_out_prefix(const struct hand_call *hc, int i)
{
	return call_out(hc, i, true);
}

const struct bt_capture *hand_member_capture(const struct hand_call *hc,
					     const struct bt_rec_hdr *hdr, int i,
					     unsigned int sel_val, const char *ptr, unsigned int n)
{
	int k = member_override__index(hand_call_name(hc), sel_val, ptr);
	const struct bt_capture *cap;

	if (k < 0 || !hdr || i < 0 || i >= BT_MAX_ARGS)
		return NULL;
	cap = record_capture_nth(hdr, i + BT_CAP_INNER_MEMBER(k), n);
	return cap && cap->len && !(cap->flags & BT_CAP_FAULT) ? cap : NULL;
}

const char *hand_call_name(const struct hand_call *hc)
{
	const struct syscall_desc *desc = catalog__by_nr(hc->d->cat, hc->nr);

	return desc ? desc->name : "";
}

const char *decode_syscall_name(const struct decoder *d, int nr, char *buf, size_t size)
{
	/* -c's rows of io_uring operations: "io_uring:read" */
	if (uring_id_is_op(nr))
		return uring_call_name(nr - BT_URING_ID_BASE);
	/* -c's rows of kernel functions: "kfunc:vfs_read" */
	if (nr >= BT_KFUNC_ID_BASE && nr < BT_SUMMARY_IDS) {
		const struct kfunc *k = kfunc_set__get(d->kfuncs, nr - BT_KFUNC_ID_BASE);

		/* the function's own: a summary row keeps the pointer, not buf */
		if (k)
			return k->label;
		snprintf(buf, size, "kfunc_%d", nr - BT_KFUNC_ID_BASE);
		return buf;
	}
	/* "syscall_N" with N in the call's own table (i386's for an i386 id) */
	return catalog__name(d->cat, nr, buf, size);
}

bool decode_arg_dropped(const struct decoder *d, int nr, int i, const struct bt_enter_rec *enter,
			const struct bt_exit_rec *exit)
{
	const struct bt_syscall_rules *r;

	if (nr < 0 || nr >= BT_MAX_SYSCALLS || i < 0 || i >= BT_MAX_ARGS)
		return false;
	r = &d->beauty->rules[nr];
	if (r->enter[i].len != BT_LEN_NONE && enter && record_captures_dropped(&enter->hdr))
		return true;
	return r->exit[i].len != BT_LEN_NONE && exit && record_captures_dropped(&exit->hdr);
}

int decode_nargs(const struct decoder *d, int nr)
{
	const struct syscall_desc *desc = catalog__by_nr(d->cat, nr);

	/* without a format, the registers strace shows of a number no kernel implements */
	return desc && (desc->has_format || desc->nargs) ? desc->nargs : BT_MAX_ARGS;
}

int decode_first_output_arg(const struct decoder *d, int nr, int nargs)
{
	const struct bt_syscall_rules *rules;

	if (nr < 0 || nr >= BT_MAX_SYSCALLS)
		return nargs;
	rules = &d->beauty->rules[nr];
	for (int i = 0; i < nargs; i++) {
		/* recvmsg's header is in/out, but what it points to comes back */
		if (decode_is_output_arg(rules, i) || rules->exit[i].kind == BT_KIND_MSGHDR)
			return i;
	}
	return nargs;
}

/*
 * Calls whose in/out arguments print as their input, what the kernel writes back going to the
 * return's annotation (strace's "= 1 ([{fd=3, revents=POLLIN}])"): their start, shown while
 * they block, keeps those arguments, which is what a reader wants to see of a blocked poll.
 */
static bool exit_data_in_annotation(const struct decoder *d, int nr)
{
	static const char *const names[] = {"poll", "ppoll", "select", "pselect6", "_newselect"};
	const struct syscall_desc *desc = catalog__by_nr(d->cat, nr);

	for (size_t i = 0; desc && i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcmp(desc->name, names[i]))
			return true;
	}
	return false;
}

int decode_first_exit_arg(const struct decoder *d, int nr, int nargs)
{
	const struct bt_syscall_rules *rules;

	if (nr < 0 || nr >= BT_MAX_SYSCALLS)
		return nargs;
	if (exit_data_in_annotation(d, nr))
		return decode_first_output_arg(d, nr, nargs);
	rules = &d->beauty->rules[nr];
	for (int i = 0; i < nargs; i++) {
		if (rules->exit[i].len != BT_LEN_NONE || rules->exit[i].kind == BT_KIND_MSGHDR)
			return i;
	}
	return nargs;
}

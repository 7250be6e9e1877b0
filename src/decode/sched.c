// SPDX-License-Identifier: GPL-2.0
/*
 * Scheduling: sched_param as the int it is, sched_attr by its own size, I/O priorities packed
 * as class and data, membarrier's commands, rseq's numbers. Which members of these mean
 * anything depends on other members and arguments, which BTF cannot say.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <linux/ioprio.h>
#include <linux/membarrier.h>
#include <linux/sched.h>
#include <bpf/btf.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/members.h"
#include "xlat_tables.h"

/* struct sched_attr's sizes: up to sched_period, then with the utilisation clamps */
#define SCHED_ATTR_VER0 48
#define SCHED_ATTR_VER1 56

/* struct sched_param is one int, which strace shows as [priority]. */
static void print_sched_param(const struct decoder *d, struct writer *w, const void *data,
			      size_t len, bool more)
{
	int prio;

	w_deref_begin(w);
	if (len < sizeof(prio)) {
		w_name2(w, NULL, "...");
	} else {
		memcpy(&prio, data, sizeof(prio));
		w_s64(w, prio);
	}
	w_deref_end(w);
}

/* rseq's numbers are shown in hex, as the whole register: the kernel takes them so. */
static enum hand_result rseq_hex(struct writer *w, const struct hand_call *hc, int i)
{
	w_hex(w, hc->enter->args[i]);
	return HAND_PRINTED;
}

/* membarrier's cpu_id only matters with MEMBARRIER_CMD_FLAG_CPU. */
static enum hand_result membarrier_cpu(struct writer *w, const struct hand_call *hc, int i)
{
	return hc->enter->args[1] & MEMBARRIER_CMD_FLAG_CPU ? HAND_DEFAULT : HAND_OMIT;
}

/* MEMBARRIER_CMD_QUERY's answer is the commands supported: = 0x3ff (MEMBARRIER_CMD_GLOBAL|...). */
static bool membarrier_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	if ((int)hc->enter->args[0] != MEMBARRIER_CMD_QUERY)
		return false;
	r->fmt = WR_HEX;
	w->ops->ret(w, r);
	if (!r->value)
		return true;
	w->ops->ret_note_begin(w);
	xlat_write_flags(w, &xlat_membarrier_cmds, r->value);
	w->ops->ret_note_end(w);
	return true;
}

/* An I/O priority: IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4), as the kernel's macro builds it. */
static void write_ioprio(struct writer *w, uint64_t v)
{
	uint32_t prio = (uint32_t)v;

	w_obj_begin(w, WR_OBJ_FN, "IOPRIO_PRIO_VALUE");
	w_key(w, "class");
	xlat_write_const(w, &xlat_ioprio_classes, prio >> IOPRIO_CLASS_SHIFT, WR_AUTO);
	w_key_num(w, "data", prio & ((1U << IOPRIO_CLASS_SHIFT) - 1), WR_UDEC);
	w_obj_end(w, false);
}

void hand_put_ioprio(struct writer *w, uint32_t prio, bool hex)
{
	uint32_t class = prio >> IOPRIO_CLASS_SHIFT;
	const char *name = xlat_name(&xlat_ioprio_classes, class);
	char text[96];

	switch (w_xlat_style(w)) {
	case WR_XLAT_RAW:
		if (hex)
			w_hex(w, prio);
		else
			w_s64(w, (int32_t)prio);
		break;
	case WR_XLAT_VERBOSE:
		snprintf(text, sizeof(text), "IOPRIO_PRIO_VALUE(%#x /* %s */, %u)", class,
			 name ? name : "IOPRIO_CLASS_???", prio & ((1U << IOPRIO_CLASS_SHIFT) - 1));
		if (hex)
			w_hex(w, prio);
		else
			w_s64(w, (int32_t)prio);
		w_comment(w, text);
		break;
	default:
		write_ioprio(w, prio);
		break;
	}
}

/* ioprio_set's priority, an int. */
static enum hand_result ioprio_arg(struct writer *w, const struct hand_call *hc, int i)
{
	hand_put_ioprio(w, (uint32_t)hc->enter->args[i], false);
	return HAND_PRINTED;
}

/* ioprio_get's answer is a priority: = 0 (IOPRIO_PRIO_VALUE(IOPRIO_CLASS_NONE, 0)). */
static bool ioprio_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	/* -X raw: strace has no words for it */
	if (hc->d->opts.xlat == WR_XLAT_RAW)
		return false;
	w->ops->ret(w, r);
	w->ops->ret_note_begin(w);
	write_ioprio(w, r->value);
	w->ops->ret_note_end(w);
	return true;
}

/* sched_getscheduler's answer is a policy: = 0 (SCHED_OTHER). */
static bool scheduler_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	const char *name = xlat_name(&xlat_sched_policies, r->value);

	if (!name)
		return false;
	w->ops->ret(w, r);
	w->ops->ret_note_begin(w);
	w_name(w, name);
	w->ops->ret_note_end(w);
	return true;
}

/*
 * struct sched_attr as strace shows it: as many members as its size covers (48 bytes up to
 * sched_period, 56 with the clamps), "..." when the size says there is more; for
 * sched_setattr without the policy and parameters SCHED_FLAG_KEEP_* say the kernel ignores.
 */
static void write_sched_attr(const struct decoder *d, struct writer *w, const void *data,
			     size_t len, unsigned int size, bool is_set, bool more)
{
	static const char *const params[] = {"sched_nice", "sched_priority", "sched_runtime",
					     "sched_deadline", "sched_period"};
	__u32 id = d->types ? types__find(d->types, "sched_attr", BTF_KIND_STRUCT) : 0;
	long long policy = 0, flags = 0, v;
	bool keep_policy, keep_params;

	w_struct_begin(w);
	if (id && decode_read_member(d, id, data, len, "size", &v))
		w_key_num(w, "size", (uint32_t)v, WR_UDEC);
	if (!id || size < SCHED_ATTR_VER0 || len < SCHED_ATTR_VER0) {
		w_obj_end(w, more);
		return;
	}
	decode_read_member(d, id, data, len, "sched_policy", &policy);
	decode_read_member(d, id, data, len, "sched_flags", &flags);
	keep_policy = is_set && (int)policy >= 0 &&
		      (flags & (SCHED_FLAG_KEEP_POLICY | SCHED_FLAG_KEEP_PARAMS));
	keep_params = is_set && (flags & SCHED_FLAG_KEEP_PARAMS);
	if (!keep_policy) {
		w_key(w, "sched_policy");
		xlat_write_const(w, &xlat_sched_policies, (uint32_t)policy, WR_AUTO);
	}
	w_key(w, "sched_flags");
	/* a __u64: its high bits are bits, not an int's sign extension */
	xlat_write_flags_wide(w, &xlat_sched_attr_flags, (uint64_t)flags);
	for (size_t k = 0; !keep_params && k < sizeof(params) / sizeof(params[0]); k++) {
		decode_read_member(d, id, data, len, params[k], &v);
		if (k == 0)
			w_key_num(w, params[k], (uint64_t)(int64_t)(int32_t)v, WR_DEC);
		else
			w_key_num(w, params[k], k == 1 ? (uint32_t)v : (uint64_t)v, WR_UDEC);
	}
	if (size >= SCHED_ATTR_VER1 && len >= SCHED_ATTR_VER1) {
		decode_read_member(d, id, data, len, "sched_util_min", &v);
		w_key_num(w, "sched_util_min", (uint32_t)v, WR_UDEC);
		decode_read_member(d, id, data, len, "sched_util_max", &v);
		w_key_num(w, "sched_util_max", (uint32_t)v, WR_UDEC);
	}
	w_obj_end(w, more);
}

/* The size member, or 0 when the capture does not hold it. */
static unsigned int sched_attr_size(const void *data, size_t len)
{
	__u32 size = 0;

	if (len >= sizeof(size))
		memcpy(&size, data, sizeof(size));
	return size;
}

/*
 * sched_setattr's attr: the caller's size (0 meaning the first version's) says how much the
 * kernel reads; "..." when it says more than btftrace read. With E2BIG the kernel wrote the
 * size it knows into it, which strace shows after: {size=4294967295, ...} => {size=56}.
 */
static enum hand_result setattr_arg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *in = hand_call_in(hc, i), *enter_cap, *out = NULL;
	unsigned int usize, size;
	const void *data;

	if (!in || in->len < sizeof(__u32))
		return HAND_DEFAULT;
	if (hc->exit && hc->exit->ret == -E2BIG)
		decode_call_captures(hc->d, hc->nr, i, hc->enter, hc->exit, &enter_cap, &out);
	data = hand_cap_data(in);
	usize = sched_attr_size(data, in->len);
	if (!usize)
		usize = SCHED_ATTR_VER0;
	size = usize < in->len ? usize : in->len;
	if (out && ((out->flags & BT_CAP_FAULT) || out->len < sizeof(__u32)))
		out = NULL;
	if (out)
		w_inout_begin(w);
	write_sched_attr(hc->d, w, data, in->len, size, true, usize > size);
	if (out) {
		w_inout_mid(w);
		w_struct_begin(w);
		w_key_num(w, "size", sched_attr_size(hand_cap_data(out), out->len), WR_UDEC);
		w_obj_end(w, false);
		w_inout_end(w);
	}
	return HAND_PRINTED;
}

/* sched_getattr's attr: what the kernel wrote, as much as the size it wrote in it says. */
static enum hand_result getattr_arg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *out = hand_call_out(hc, i);
	unsigned int usize = (unsigned int)hc->enter->args[2], len;

	if (!usize || !out || out->len < sizeof(__u32))
		return HAND_DEFAULT;
	len = usize < out->len ? usize : out->len;
	write_sched_attr(hc->d, w, hand_cap_data(out), len,
			 sched_attr_size(hand_cap_data(out), len), false, false);
	return HAND_PRINTED;
}

/* clang-format off */
static const struct hand_bytes_entry sched_bytes[] = {
	{"sched_setscheduler", "param", print_sched_param},
	{"sched_setparam", "param", print_sched_param},
	{"sched_getparam", "param", print_sched_param},
};

static const struct hand_arg_entry sched_args[] = {
	{"rseq", "rseq_len", rseq_hex},
	{"rseq", "flags", rseq_hex},
	{"rseq", "sig", rseq_hex},
	{"membarrier", "cpu_id", membarrier_cpu},
	{"ioprio_set", "ioprio", ioprio_arg},
	{"sched_setattr", "uattr", setattr_arg},
	{"sched_getattr", "uattr", getattr_arg},
};

static const struct hand_return_entry sched_returns[] = {
	{"membarrier", membarrier_return},
	{"ioprio_get", ioprio_return},
	{"sched_getscheduler", scheduler_return},
};
/* clang-format on */

const struct hand_family family_sched = {
	.name = "sched",
	.bytes = sched_bytes,
	.nbytes = sizeof(sched_bytes) / sizeof(sched_bytes[0]),
	.args = sched_args,
	.nargs = sizeof(sched_args) / sizeof(sched_args[0]),
	.returns = sched_returns,
	.nreturns = sizeof(sched_returns) / sizeof(sched_returns[0]),
};

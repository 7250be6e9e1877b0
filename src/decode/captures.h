/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a call's records hold of each argument: the captures read at enter and at exit, which
 * of them the kernel wrote, and how much of what it wrote counts. The walk and the hand
 * decoders read a call's data through these alone.
 */
#ifndef BTFTRACE_CAPTURES_H
#define BTFTRACE_CAPTURES_H

#include <stdbool.h>
#include <string.h>
#include "bpf/record.h"
#include "events/events.h"

struct decoder;

/* One call as a decoder sees it. */
struct hand_call {
	const struct decoder *d;
	int nr;
	const struct bt_enter_rec *enter; /* never NULL */
	const struct bt_exit_rec *exit;	  /* NULL while the call has not returned */
};

/* A syscall's return value that is an error (-4095..-1). */
static inline bool decode_is_error(__s64 ret)
{
	return ret < 0 && ret >= -4095;
}

/* Narrows a 64-bit register to the argument's C type. */
static inline __s64 decode_narrow_signed(__u64 v, __u32 size)
{
	switch (size) {
	case 1:
		return (__s8)v;
	case 2:
		return (__s16)v;
	case 4:
		return (__s32)v;
	default:
		return (__s64)v;
	}
}

static inline __u64 decode_narrow_unsigned(__u64 v, __u32 size)
{
	switch (size) {
	case 1:
		return (__u8)v;
	case 2:
		return (__u16)v;
	case 4:
		return (__u32)v;
	default:
		return v;
	}
}

static inline const void *decode_cap_data(const struct bt_capture *cap)
{
	return cap + 1;
}

/* The kernel had more than the capture holds: cut at the cap, or read short. */
/*
 * A string strace cuts at -s (no path) whose read met an unmapped page before its NUL:
 * strace reads limit + 1 bytes of it, and shows the first limit and "..." when those were
 * on the mapped page (the capture's prefix, BT_CAP_PARTIAL), else the address.
 */
static inline bool decode_cut_string_shows(const struct bt_capture *cap, size_t limit)
{
	return cap && (cap->flags & BT_CAP_PARTIAL) && limit && cap->len > limit;
}

static inline bool decode_cap_cut(const struct bt_capture *cap)
{
	return (cap->flags & BT_CAP_TRUNCATED) || cap->want > cap->len;
}

/*
 * The parts of a vector capture, one at a time (execve's strings, an
 * iovec's buffers): the part at *pos when it and its bytes lie before end,
 * else NULL; *pos moves on to the next.
 */
static inline const struct bt_str_part *decode_next_str_part(const char **pos, const char *end)
{
	const struct bt_str_part *part = (const void *)*pos;

	if (*pos + sizeof(*part) > end || (const char *)(part + 1) + part->len > end)
		return NULL;
	*pos = (const char *)(part + 1) + BT_ALIGN8(part->len);
	return part;
}

static inline const struct bt_iov_part *decode_next_iov_part(const char **pos, const char *end)
{
	const struct bt_iov_part *part = (const void *)*pos;

	if (*pos + sizeof(*part) > end || (const char *)(part + 1) + part->got > end)
		return NULL;
	*pos = (const char *)(part + 1) + BT_ALIGN8(part->got);
	return part;
}

/* Two captures that show alike: the same bytes, or both unread (whatever came before a page). */
static inline bool decode_captures_equal(const struct bt_capture *a, const struct bt_capture *b)
{
	if ((a->flags & BT_CAP_FAULT) && (b->flags & BT_CAP_FAULT))
		return true;
	return a->len == b->len && !memcmp(decode_cap_data(a), decode_cap_data(b), a->len);
}

/* An argument only the kernel fills: shown after the call returns. */
static inline bool decode_is_output_arg(const struct bt_syscall_rules *rules, int i)
{
	return rules && rules->exit[i].len != BT_LEN_NONE && rules->enter[i].len == BT_LEN_NONE;
}

/*
 * The captures of argument i: *in what the caller passed (read again at
 * exit when its page was absent at enter), *out what the kernel wrote
 * (NULL for a failed call). Either may be NULL.
 */
void decode_arg_captures(const struct bt_enter_rec *enter, const struct bt_exit_rec *exit, int i,
			 const struct bt_capture **in, const struct bt_capture **out);
/*
 * The same, by the argument's rule of when the kernel writes it: *out only
 * after a signal interrupted the call (nanosleep's time left), else only on
 * success.
 */
void decode_call_captures(const struct decoder *d, int nr, int i, const struct bt_enter_rec *enter,
			  const struct bt_exit_rec *exit, const struct bt_capture **in,
			  const struct bt_capture **out);
/*
 * How many bytes of out, output argument i's capture, the kernel wrote: all
 * that was read, or for a sockaddr the lesser of its buffer size and the
 * length the kernel returned through its in/out length argument (more: the
 * kernel wrote more than was read).
 */
size_t decode_written_len(const struct decoder *d, int nr, int i, const struct bt_enter_rec *enter,
			  const struct bt_exit_rec *exit, const struct bt_capture *out, bool *more);
/*
 * The record holding what argument i's struct user_msghdr points to
 * (BT_CAP_INNER_* captures): sendmsg's enter, a recvmsg's exit when it
 * succeeded; NULL otherwise.
 */
const struct bt_rec_hdr *decode_msghdr_parts(const struct decoder *d, int nr, int i,
					     const struct bt_enter_rec *enter,
					     const struct bt_exit_rec *exit);

/* Arguments of syscall nr: its format's, the fallback's count of registers, or all six. */
int decode_nargs(const struct decoder *d, int nr);
/*
 * What argument i points to was to be read, but its record came without its
 * captures: the ring buffer had no room for it whole.
 */
bool decode_arg_dropped(const struct decoder *d, int nr, int i, const struct bt_enter_rec *enter,
			const struct bt_exit_rec *exit);
/* The first argument the kernel fills, where an unfinished call stops; nargs if none. */
int decode_first_output_arg(const struct decoder *d, int nr, int nargs);
/*
 * The first argument the call's exit reads (written by the kernel, or in and out:
 * io_uring_setup's params), nargs when none: where a call shown before it returns stops, so
 * that its whole line goes on from what was shown.
 */
int decode_first_exit_arg(const struct decoder *d, int nr, int nargs);

/* What was read of argument i at enter (an input read late counts), or NULL: none or a fault. */
const struct bt_capture *hand_call_in(const struct hand_call *hc, int i);
/* What was read of argument i at exit, or NULL: not returned, failed, none, or a fault. */
const struct bt_capture *hand_call_out(const struct hand_call *hc, int i);
/*
 * The same, or of an argument read only up to an unmapped page, the bytes before that page
 * (BT_CAP_FAULT with BT_CAP_PARTIAL; len says how many): for a decoder that, as strace, reads
 * only the first bytes of what the rule asked for, and shows the address when it needs more
 * than there are.
 */
const struct bt_capture *hand_call_in_prefix(const struct hand_call *hc, int i);
const struct bt_capture *hand_call_out_prefix(const struct hand_call *hc, int i);
/*
 * What the member rule for ptr (struct member_override, selected by sel_val) read behind
 * argument i's struct, in hdr (the call's enter or exit record), for element n of an array
 * of them; NULL when nothing was read: no rule, a NULL pointer or length 0, or a fault.
 */
const struct bt_capture *hand_member_capture(const struct hand_call *hc,
					     const struct bt_rec_hdr *hdr, int i,
					     unsigned int sel_val, const char *ptr, unsigned int n);
/* The syscall's name ("" for one the catalog does not know). */
const char *hand_call_name(const struct hand_call *hc);
/* The call returned an error. */
static inline bool hand_call_failed(const struct hand_call *hc)
{
	return hc->exit && decode_is_error(hc->exit->ret);
}

static inline const void *hand_cap_data(const struct bt_capture *cap)
{
	return cap + 1;
}

#endif /* BTFTRACE_CAPTURES_H */

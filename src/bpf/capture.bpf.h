/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The capture of what the arguments point to (capture.bpf.c), as the syscall programs call it:
 * a beauty-map rule packed in one word, and the global function that reads it.
 */
#ifndef BTFTRACE_BPF_CAPTURE_H
#define BTFTRACE_BPF_CAPTURE_H

#include "state.bpf.h"

/*
 * A rule in one word, as rule_info packs it for capture_arg: element size (bits 0-11), kind
 * (12-15), BT_RULE_COUNT_32 (16), BT_RULE_COUNT_LESS_ONE (17), count_shift (18-21),
 * BT_RULE_PTR32 (22) and header (24-31).
 */
#define BT_INFO_ELEM_MASK 0xfffU
#define BT_INFO_KIND_SHIFT 12
#define BT_INFO_COUNT_32 (1U << 16)
#define BT_INFO_COUNT_LESS_ONE (1U << 17)
#define BT_INFO_COUNT_SHIFT 18
#define BT_INFO_PTR32 (1U << 22) /* BT_RULE_PTR32: an i386 call's 4-byte pointers */
#define BT_INFO_HEADER_SHIFT 24

/*
 * A rule's size (or sp_offset), kind and count in one word (BT_INFO_*): BPF functions take five
 * arguments.
 */
static __always_inline __u32 rule_info(const struct bt_arg_rule *r)
{
	return (r->elem_size & BT_INFO_ELEM_MASK) | (__u32)(r->kind & 0xf) << BT_INFO_KIND_SHIFT |
	       (r->flags & BT_RULE_COUNT_32 ? BT_INFO_COUNT_32 : 0) |
	       (r->flags & BT_RULE_COUNT_LESS_ONE ? BT_INFO_COUNT_LESS_ONE : 0) |
	       (__u32)(r->count_shift & 0xf) << BT_INFO_COUNT_SHIFT |
	       (r->flags & BT_RULE_PTR32 ? BT_INFO_PTR32 : 0) |
	       (__u32)r->header << BT_INFO_HEADER_SHIFT;
}

/* capture.bpf.c: reads argument i of the call in the work area by the rule in elem_and_kind */
int capture_arg(__u32 i, __s32 len, __u32 elem_and_kind, __u32 extra_flags);
/*
 * capture.bpf.c: appends to the record in the work area a capture with no data, only a number
 * in want (the exit's notes, a count), tagged arg, with flags
 */
int put_number_capture(__u32 arg, __u32 flags, __u32 want);
/* BT_SC_DIRENTS: argument i's directory records counted, as a BT_CAP_INNER_COUNT capture */
int count_dirents(__u32 i, __u64 bytes);

#endif /* BTFTRACE_BPF_CAPTURE_H */

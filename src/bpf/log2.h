/* SPDX-License-Identifier: GPL-2.0 */
/*
 * floor(log2(v)) for BPF programs, 0 for v <= 1: by shifts, since clang 14
 * cannot compile __builtin_clzll for BPF. The collector's -c histograms and
 * bench/floor's timing floor share it, so the floor does the same work.
 */
#ifndef BTFTRACE_LOG2_H
#define BTFTRACE_LOG2_H

#include <linux/types.h>

static inline __attribute__((always_inline)) __u32 bt_log2(__u64 v)
{
	__u32 r = 0, shift;

	shift = (v > 0xffffffffULL) << 5;
	v >>= shift;
	r |= shift;
	shift = (v > 0xffff) << 4;
	v >>= shift;
	r |= shift;
	shift = (v > 0xff) << 3;
	v >>= shift;
	r |= shift;
	shift = (v > 0xf) << 2;
	v >>= shift;
	r |= shift;
	shift = (v > 0x3) << 1;
	v >>= shift;
	r |= shift;
	return r | (__u32)(v >> 1);
}

/* The histogram slot of v: its log2, the last of nslots for all above. */
static inline __attribute__((always_inline)) __u32 bt_log2_slot(__u64 v, __u32 nslots)
{
	__u32 r = bt_log2(v);

	return r < nslots ? r : nslots - 1;
}

#endif /* BTFTRACE_LOG2_H */

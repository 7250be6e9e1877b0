/* SPDX-License-Identifier: GPL-2.0 */
/* -c in the kernel (summary.bpf.c), as the exit program calls it. */
#ifndef BTFTRACE_BPF_SUMMARY_H
#define BTFTRACE_BPF_SUMMARY_H

#include <linux/types.h>

/*
 * adds one finished call of syscall nr, started at start_ts, to the summary maps; returns the
 * time counted, 0 when none was
 */
__u64 account_call(__u32 nr, __s64 ret, __u32 tgid, __u32 tid, __u64 start_ts);

#endif /* BTFTRACE_BPF_SUMMARY_H */

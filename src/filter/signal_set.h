/* SPDX-License-Identifier: GPL-2.0 */
/* Signal sets (-e signal=SET): which signals get a "--- SIGxxx ---" line. */
#ifndef BTFTRACE_FILTER_SIGNAL_SET_H
#define BTFTRACE_FILTER_SIGNAL_SET_H

#include <stddef.h>
#include <linux/types.h>

/* Room for any message signal_set_parse writes. */
#define SIGNAL_SET_ERR_MAX 512
/* The kernel's signals are 1.._NSIG (64 on x86_64): one bit each, bit sig-1. */
#define SIGNAL_SET_MAX 64
#define SIGNAL_SET_ALL (~0ULL)

/*
 * Parses SET as strace takes it: [!]...ELEM[,ELEM...], where ELEM is a
 * signal name with or without SIG in any case (SIGINT, int), a kernel
 * real-time name (RTMIN, RTMIN+3, strace's RT_3) or a number from 1 to 64;
 * or all, or none, alone. Each leading '!' inverts the set. Sets *mask to
 * bit sig-1 for each signal in the set. Returns 0, or -EINVAL with a message
 * for the user (cause and fix) in err, naming source: the -e value as given.
 */
int signal_set_parse(const char *set, const char *source, __u64 *mask, char *err, size_t err_size);

/* The number of a signal name or number as in a set, or -1. */
int signal_set_number(const char *name);

#endif /* BTFTRACE_FILTER_SIGNAL_SET_H */

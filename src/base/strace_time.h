/* SPDX-License-Identifier: GPL-2.0 */
/* A time as strace's options take it (-O, -e inject=...:delay_enter=): 1.5us, 2ms, 0.1s. */
#ifndef BTFTRACE_BASE_STRACE_TIME_H
#define BTFTRACE_BASE_STRACE_TIME_H

#include <linux/types.h>

/*
 * A decimal or floating-point number (strace's characters only: digits, '.', 'e', '+', '-';
 * no hex) and an optional unit, s, ms, us or ns, microseconds without one, into *ns.
 * 0; -EINVAL for anything else, a negative time, or more than a century (a typo).
 */
int strace_time_parse(const char *text, __u64 *ns);

#endif /* BTFTRACE_BASE_STRACE_TIME_H */

/* SPDX-License-Identifier: GPL-2.0 */
/* A time as strace's options take it (-O, -e inject=...:delay_enter=): 1.5us, 2ms, 0.1s. */
#ifndef BTFTRACE_BASE_STRACE_TIME_H
#define BTFTRACE_BASE_STRACE_TIME_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

/*
 * A decimal or floating-point number (strace's characters only: digits, '.', 'e', '+', '-';
 * no hex) and an optional unit, s, ms, us or ns, microseconds without one, into *ns.
 * 0; -EINVAL for anything else, a negative time, or more than a century (a typo).
 */
int strace_time_parse(const char *text, __u64 *ns);

/* A precision's name, s, ms, us or ns: the digits shown after the second (0 to 9), or -EINVAL. */
int strace_precision_parse(const char *text);

/*
 * One item of --absolute-timestamps=: format:time, format:unix, precision:P or the name
 * alone; sets *unix_time or *digits. 0, or -EINVAL.
 */
int strace_timestamps_item(const char *item, bool *unix_time, unsigned int *digits);

/*
 * ".123" for 123456789 ns and 3 digits: the first digits of ns into buf (at least 10 bytes),
 * no NUL; nothing for 0 digits. Returns the characters written.
 */
size_t strace_time_fraction(char *buf, unsigned long ns, unsigned int digits);

#endif /* BTFTRACE_BASE_STRACE_TIME_H */

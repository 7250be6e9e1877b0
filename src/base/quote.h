/* SPDX-License-Identifier: GPL-2.0 */
/* strace-style quoting of strings and byte buffers. */
#ifndef BTFTRACE_QUOTE_H
#define BTFTRACE_QUOTE_H

#include <stdbool.h>
#include <stddef.h>
#include "base/outbuf.h"

/*
 * Appends "..." with the bytes of p escaped as C (\n, \t, \", \\, octal for
 * the rest), showing at most max_shown bytes (0: no limit). With as_string
 * the bytes end at the first NUL. The suffix "..." follows the closing quote
 * when bytes were left out: more than max_shown, or more (the capture itself
 * was cut short).
 */
void quote_bytes(struct outbuf *ob, const void *p, size_t len, size_t max_shown, bool as_string,
		 bool more);

/* The same with every byte as \xNN, as strace shows random bytes: "\x15\xae\xfe". */
void quote_bytes_hex(struct outbuf *ob, const void *p, size_t len, size_t max_shown, bool more);

#endif /* BTFTRACE_QUOTE_H */

/* SPDX-License-Identifier: GPL-2.0 */
/* strace-style quoting of strings and byte buffers, and strace's hex dumps of data. */
#ifndef BTFTRACE_QUOTE_H
#define BTFTRACE_QUOTE_H

#include <stdbool.h>
#include <stddef.h>
#include "base/outbuf.h"

/* Where strings use hex (strace's --strings-in-hex, -x, -xx). */
enum quote_hex {
	QUOTE_HEX_NONE = 0,  /* escapes in octal: "\1\377" (strace's default, =none) */
	QUOTE_HEX_CHARS,     /* =non-ascii-chars: escapes in hex, "\x01\xff" */
	QUOTE_HEX_NON_ASCII, /* -x, =non-ascii: a string with a byte to escape, all in hex */
	QUOTE_HEX_ALL,	     /* -xx, =all: every string all in hex */
};

/*
 * Parses an --strings-in-hex value as strace 6.1 takes it: none, non-ascii-chars, non-ascii
 * or all. Returns 0 and sets *hex, or -1.
 */
int quote_hex_parse(const char *text, enum quote_hex *hex);

/*
 * Appends "..." with the bytes of p escaped as C (\n, \t, \", \\, octal for the rest, or hex
 * as hex says), showing at most max_shown bytes (0: no limit). With as_string the bytes end
 * at the first NUL. The suffix "..." follows the closing quote when bytes were left out: more
 * than max_shown, or more (the capture itself was cut short). Whether -x shows the string in
 * hex is decided on the bytes shown, as strace decides it.
 */
void quote_bytes(struct outbuf *ob, const void *p, size_t len, size_t max_shown, bool as_string,
		 bool more, enum quote_hex hex);

/*
 * A path as -y shows it between < and >: escaped as a string is, without quotes, and '<' and
 * '>' in octal: /tmp/a\74b\76\"c.
 */
void quote_path(struct outbuf *ob, const char *path);

/* The same with every byte as \xNN, as strace shows random bytes: "\x15\xae\xfe". */
void quote_bytes_hex(struct outbuf *ob, const void *p, size_t len, size_t max_shown, bool more);

/*
 * Appends the NUL-terminated text as strace writes a name between angle brackets (-y's
 * <path>, -Y's <comm>): without quotes, '<' and '>' escaped besides what a string escapes.
 */
void quote_bracketed(struct outbuf *ob, const char *text, enum quote_hex hex);

/*
 * Appends strace's hex dump of len bytes (-e read=, -e write=), 16 bytes a line:
 * " | 00000  7f 45 4c 46 02 01 01 00  00 00 00 00 00 00 00 00  .ELF............ |\n".
 */
void quote_hexdump(struct outbuf *ob, const void *p, size_t len);

#endif /* BTFTRACE_QUOTE_H */

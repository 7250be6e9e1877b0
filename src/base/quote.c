// SPDX-License-Identifier: GPL-2.0
/* Escapes strings and buffers the way strace prints them. */
#include <string.h>

#include "base/quote.h"

void quote_bytes(struct outbuf *ob, const void *p, size_t len, size_t max_shown, bool as_string,
		 bool more)
{
	const unsigned char *s = p;
	size_t n = len, i;

	if (as_string) {
		const unsigned char *nul = memchr(s, '\0', len);

		if (nul)
			n = nul - s;
	}
	if (max_shown && n > max_shown) {
		n = max_shown;
		more = true;
	}
	/* at most 4 bytes of output per input byte, plus quotes */
	outbuf_reserve(ob, n * 4 + 8);
	outbuf_putc(ob, '"');
	for (i = 0; i < n; i++) {
		unsigned char c = s[i];

		switch (c) {
		case '"':
			outbuf_write(ob, "\\\"", 2);
			continue;
		case '\\':
			outbuf_write(ob, "\\\\", 2);
			continue;
		case '\n':
			outbuf_write(ob, "\\n", 2);
			continue;
		case '\t':
			outbuf_write(ob, "\\t", 2);
			continue;
		case '\r':
			outbuf_write(ob, "\\r", 2);
			continue;
		case '\f':
			outbuf_write(ob, "\\f", 2);
			continue;
		case '\v':
			outbuf_write(ob, "\\v", 2);
			continue;
		}
		if (c >= ' ' && c < 0x7f) {
			outbuf_putc(ob, c);
			continue;
		}
		/* octal; the short form only when no digit follows to be misread */
		bool next_digit = i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '7';

		outbuf_putc(ob, '\\');
		if (next_digit || c >= 0100)
			outbuf_putc(ob, '0' + (c >> 6));
		if (next_digit || c >= 010)
			outbuf_putc(ob, '0' + ((c >> 3) & 7));
		outbuf_putc(ob, '0' + (c & 7));
	}
	outbuf_putc(ob, '"');
	if (more)
		outbuf_write(ob, "...", 3);
}

void quote_bytes_hex(struct outbuf *ob, const void *p, size_t len, size_t max_shown, bool more)
{
	static const char digits[] = "0123456789abcdef";
	const unsigned char *s = p;

	if (max_shown && len > max_shown) {
		len = max_shown;
		more = true;
	}
	outbuf_reserve(ob, len * 4 + 8);
	outbuf_putc(ob, '"');
	for (size_t i = 0; i < len; i++) {
		outbuf_putc(ob, '\\');
		outbuf_putc(ob, 'x');
		outbuf_putc(ob, digits[s[i] >> 4]);
		outbuf_putc(ob, digits[s[i] & 15]);
	}
	outbuf_putc(ob, '"');
	if (more)
		outbuf_write(ob, "...", 3);
}

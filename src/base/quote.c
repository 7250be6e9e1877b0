// SPDX-License-Identifier: GPL-2.0
/* Escapes strings and buffers the way strace prints them, and dumps data as strace does. */
#include <string.h>

#include "base/quote.h"

static const char hex_digits[] = "0123456789abcdef";

int quote_hex_parse(const char *text, enum quote_hex *hex)
{
	static const struct {
		const char *name;
		enum quote_hex hex;
	} names[] = {
		{"none", QUOTE_HEX_NONE},
		{"non-ascii-chars", QUOTE_HEX_CHARS},
		{"non-ascii", QUOTE_HEX_NON_ASCII},
		{"all", QUOTE_HEX_ALL},
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcmp(text, names[i].name)) {
			*hex = names[i].hex;
			return 0;
		}
	}
	return -1;
}

/* A byte -x shows its string in hex for: not printable ASCII, nor a space C names (\t..\r). */
static bool needs_hex(unsigned char c)
{
	return c > 0x7e || (c < ' ' && (c < '\t' || c > '\r'));
}

static void put_hex_byte(struct outbuf *ob, unsigned char c)
{
	outbuf_putc(ob, '\\');
	outbuf_putc(ob, 'x');
	outbuf_putc(ob, hex_digits[c >> 4]);
	outbuf_putc(ob, hex_digits[c & 15]);
}

/*
 * The body of a quoted string: n bytes, each as itself or escaped. escape names printable
 * bytes that are escaped all the same (the brackets around a name in brackets).
 */
static void put_escaped(struct outbuf *ob, const unsigned char *s, size_t n, enum quote_hex hex,
			const char *escape)
{
	bool all_hex = hex == QUOTE_HEX_ALL;

	/* at most 4 bytes of output per input byte */
	outbuf_reserve(ob, n * 4);
	if (hex == QUOTE_HEX_NON_ASCII) {
		for (size_t i = 0; i < n && !all_hex; i++)
			all_hex = needs_hex(s[i]);
	}
	if (all_hex) {
		for (size_t i = 0; i < n; i++)
			put_hex_byte(ob, s[i]);
		return;
	}
	for (size_t i = 0; i < n; i++) {
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
		if (c >= ' ' && c < 0x7f && !(escape && strchr(escape, c))) {
			outbuf_putc(ob, c);
			continue;
		}
		if (hex == QUOTE_HEX_CHARS) {
			put_hex_byte(ob, c);
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
}

void quote_bytes(struct outbuf *ob, const void *p, size_t len, size_t max_shown, bool as_string,
		 bool more, enum quote_hex hex)
{
	const unsigned char *s = p;
	size_t n = len;

	if (as_string) {
		const unsigned char *nul = memchr(s, '\0', len);

		if (nul)
			n = nul - s;
	}
	if (max_shown && n > max_shown) {
		n = max_shown;
		more = true;
	}
	outbuf_putc(ob, '"');
	put_escaped(ob, s, n, hex, NULL);
	outbuf_putc(ob, '"');
	if (more)
		outbuf_write(ob, "...", 3);
}

void quote_bytes_hex(struct outbuf *ob, const void *p, size_t len, size_t max_shown, bool more)
{
	quote_bytes(ob, p, len, max_shown, false, more, QUOTE_HEX_ALL);
}

void quote_bracketed(struct outbuf *ob, const char *text, enum quote_hex hex)
{
	outbuf_putc(ob, '<');
	put_escaped(ob, (const unsigned char *)text, strlen(text), hex, "<>");
	outbuf_putc(ob, '>');
}

/* strace's dump: 16 bytes a line in two groups of 8, then the bytes as text ('.' if not). */
#define DUMP_LINE_BYTES 16
#define DUMP_GROUP_BYTES 8
/* the offset's digits: 5, or as many as the largest offset needs */
#define DUMP_OFFSET_MIN_DIGITS 5

void quote_hexdump(struct outbuf *ob, const void *p, size_t len)
{
	const unsigned char *s = p;
	int digits = DUMP_OFFSET_MIN_DIGITS;

	while (len > 1 && ((len - 1) >> (4 * digits)))
		digits++;
	for (size_t off = 0; off < len; off += DUMP_LINE_BYTES) {
		outbuf_printf(ob, " | %0*zx  ", digits, off);
		for (size_t i = off; i < off + DUMP_LINE_BYTES; i++) {
			if (i < len) {
				outbuf_putc(ob, hex_digits[s[i] >> 4]);
				outbuf_putc(ob, hex_digits[s[i] & 15]);
			} else {
				outbuf_write(ob, "  ", 2);
			}
			outbuf_putc(ob, ' ');
			if ((i + 1) % DUMP_GROUP_BYTES == 0)
				outbuf_putc(ob, ' ');
		}
		for (size_t i = off; i < off + DUMP_LINE_BYTES; i++) {
			if (i >= len)
				outbuf_putc(ob, ' ');
			else
				outbuf_putc(ob, s[i] >= ' ' && s[i] < 0x7f ? s[i] : '.');
		}
		outbuf_write(ob, " |\n", 3);
	}
}

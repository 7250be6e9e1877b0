// SPDX-License-Identifier: GPL-2.0
/* Escapes strings and buffers the way strace prints them, and dumps data as strace does. */
#include <stdint.h>
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

/* The letter of the escapes C names, by byte; 0 for the others. */
static const char named_escapes[256] = {
	['"'] = '"',  ['\\'] = '\\', ['\n'] = 'n', ['\t'] = 't',
	['\r'] = 'r', ['\f'] = 'f',  ['\v'] = 'v',
};

#define WORD_BYTES 8
#define BYTES_OF(c) (0x0101010101010101ULL * (c))
/* A zeroed buffer's NULs by the block: a read of /dev/zero with -s 4096 is 128 of them */
#define NUL_BLOCK 32

/* How one byte shows in a quoted string: 1 to 4 characters. */
struct byte_escape {
	char text[4];
	unsigned char len;
};

/*
 * Every byte's text for one style, twice: an octal escape is short (\0) unless an octal digit
 * follows, which would be read as part of it (\0001 for the bytes 0 and '1').
 */
struct escape_table {
	struct byte_escape before_other[256];
	struct byte_escape before_digit[256];
	/* seven NULs followed by a NUL: zeroed buffers go 8 bytes a step */
	char nul_run[(WORD_BYTES - 1) * 4 + 4];
	unsigned char nul_run_len;
	/* NUL_BLOCK NULs followed by a byte that is not an octal digit: 32 bytes a step */
	char nul_block[NUL_BLOCK * 4];
	unsigned char nul_block_len;
};

enum { ESCAPE_OCTAL, ESCAPE_HEX_CHARS, ESCAPE_STYLES };

/* By style, and whether '<' and '>' are escaped too (a name in angle brackets). */
static struct escape_table escape_tables[ESCAPE_STYLES][2];

static void fill_escape(struct byte_escape *e, unsigned char c, bool hex_chars, bool brackets,
			bool before_digit)
{
	char *o = e->text;

	if (c >= ' ' && c < 0x7f && !named_escapes[c] && !(brackets && (c == '<' || c == '>'))) {
		*o++ = c;
	} else if (named_escapes[c]) {
		*o++ = '\\';
		*o++ = named_escapes[c];
	} else if (hex_chars) {
		*o++ = '\\';
		*o++ = 'x';
		*o++ = hex_digits[c >> 4];
		*o++ = hex_digits[c & 15];
	} else {
		*o++ = '\\';
		if (before_digit || c >= 0100)
			*o++ = '0' + (c >> 6);
		if (before_digit || c >= 010)
			*o++ = '0' + ((c >> 3) & 7);
		*o++ = '0' + (c & 7);
	}
	e->len = o - e->text;
}

/* Built before main(), so that no thread ever sees them half made. */
__attribute__((constructor)) static void build_escape_tables(void)
{
	for (int style = 0; style < ESCAPE_STYLES; style++) {
		for (int brackets = 0; brackets < 2; brackets++) {
			struct escape_table *t = &escape_tables[style][brackets];

			for (int c = 0; c < 256; c++) {
				fill_escape(&t->before_other[c], c, style == ESCAPE_HEX_CHARS,
					    brackets, false);
				fill_escape(&t->before_digit[c], c, style == ESCAPE_HEX_CHARS,
					    brackets, true);
			}
			for (int k = 0; k < WORD_BYTES - 1; k++) {
				memcpy(t->nul_run + t->nul_run_len, t->before_other[0].text,
				       t->before_other[0].len);
				t->nul_run_len += t->before_other[0].len;
			}
			for (int k = 0; k < NUL_BLOCK; k++) {
				memcpy(t->nul_block + t->nul_block_len, t->before_other[0].text,
				       t->before_other[0].len);
				t->nul_block_len += t->before_other[0].len;
			}
		}
	}
}

static bool is_octal_digit(unsigned char c)
{
	return (unsigned char)(c - '0') < 8;
}

/* Whether a byte of x is 0 (exact: a borrow only ever starts at a zero byte). */
static bool word_has_zero(uint64_t x)
{
	return (x - BYTES_OF(0x01)) & ~x & BYTES_OF(0x80);
}

/*
 * Whether every byte of x shows as itself in a quoted string: printable ASCII, not '"' or
 * '\\' (nor '<' or '>' in brackets). Below ' ' and above '~' are found as a high bit: in
 * the byte itself, after subtracting 0x20 (the lowest byte below ' ' wraps, and no borrow
 * reaches it from below), or after adding 1 (the lowest 0x7f becomes 0x80).
 */
static bool word_plain(uint64_t x, bool brackets)
{
	if (((x - BYTES_OF(0x20)) | (x + BYTES_OF(0x01)) | x) & BYTES_OF(0x80))
		return false;
	if (word_has_zero(x ^ BYTES_OF('"')) || word_has_zero(x ^ BYTES_OF('\\')))
		return false;
	return !brackets || !(word_has_zero(x ^ BYTES_OF('<')) || word_has_zero(x ^ BYTES_OF('>')));
}

/* Whether the NUL_BLOCK bytes at s are all NULs. */
static bool block_all_nul(const unsigned char *s)
{
	uint64_t x, any = 0;

	for (int k = 0; k < NUL_BLOCK / WORD_BYTES; k++) {
		memcpy(&x, s + k * WORD_BYTES, WORD_BYTES);
		any |= x;
	}
	return !any;
}

static char *put_hex_byte(char *o, unsigned char c)
{
	*o++ = '\\';
	*o++ = 'x';
	*o++ = hex_digits[c >> 4];
	*o++ = hex_digits[c & 15];
	return o;
}

/*
 * The body of a quoted string: n bytes, each as itself or escaped. brackets: '<' and '>' are
 * escaped too (a name in angle brackets). Buffers of kilobytes come through here on every read
 * and write, so each byte is one table look-up and a 4-byte copy into room reserved once (at
 * most 4 characters a byte; a shorter escape's copy is overwritten by the next), a word of
 * eight plain characters or of eight NULs goes at once (the 32 bytes of seven NULs' copy fit
 * in the room of the eight and the byte after them), and so does a block of 32 NULs (the
 * zeroed buffers of reads from /dev/zero, of fresh files and pages).
 */
static void put_escaped(struct outbuf *ob, const unsigned char *s, size_t n, enum quote_hex hex,
			bool brackets)
{
	const struct escape_table *t =
		&escape_tables[hex == QUOTE_HEX_CHARS ? ESCAPE_HEX_CHARS : ESCAPE_OCTAL][brackets];
	bool all_hex = hex == QUOTE_HEX_ALL;
	char *o;

	outbuf_reserve(ob, n * 4);
	o = ob->data + ob->len;
	if (hex == QUOTE_HEX_NON_ASCII) {
		for (size_t i = 0; i < n && !all_hex; i++)
			all_hex = needs_hex(s[i]);
	}
	if (all_hex) {
		for (size_t i = 0; i < n; i++)
			o = put_hex_byte(o, s[i]);
	} else if (n) {
		const struct byte_escape *e;
		size_t i = 0;

		while (i + 1 < n) {
			uint64_t x;

			/*
			 * a block of NULs with no octal digit after it: each NUL is short (the
			 * room of the block's 32 bytes holds the 128 bytes copied)
			 */
			if (i + NUL_BLOCK < n && block_all_nul(s + i) &&
			    !is_octal_digit(s[i + NUL_BLOCK])) {
				memcpy(o, t->nul_block, sizeof(t->nul_block));
				o += t->nul_block_len;
				i += NUL_BLOCK;
				continue;
			}
			/* eight at a time where all show as they are, or all are NULs (zeroed buffers) */
			if (i + WORD_BYTES < n) {
				memcpy(&x, s + i, WORD_BYTES);
				if (word_plain(x, brackets)) {
					memcpy(o, &x, WORD_BYTES);
					o += WORD_BYTES;
					i += WORD_BYTES;
					continue;
				}
				if (!x) {
					/* the eighth's form depends on the byte after it */
					memcpy(o, t->nul_run, sizeof(t->nul_run));
					o += t->nul_run_len;
					i += WORD_BYTES - 1;
				}
			}
			e = is_octal_digit(s[i + 1]) ? &t->before_digit[s[i]]
						     : &t->before_other[s[i]];
			memcpy(o, e->text, sizeof(e->text));
			o += e->len;
			i++;
		}
		e = &t->before_other[s[n - 1]];
		memcpy(o, e->text, sizeof(e->text));
		o += e->len;
	}
	*o = '\0';
	ob->len = o - ob->data;
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
	put_escaped(ob, s, n, hex, false);
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
	put_escaped(ob, (const unsigned char *)text, strlen(text), hex, true);
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

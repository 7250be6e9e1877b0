/*
 * Unit tests of src/base/quote.c: strings as strace 6.1 quotes them, in each of its
 * --strings-in-hex styles (-x, -xx), names in angle brackets, and its hex dumps of data.
 * The expected texts are strace 6.1's own output for the same bytes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/quote.h"

static char text[8192];

/* quote_bytes into a fresh buffer: the text it wrote. */
static const char *quoted(const char *p, size_t len, size_t max, bool as_string, bool more,
			  enum quote_hex hex)
{
	struct outbuf ob;

	outbuf_init(&ob);
	quote_bytes(&ob, p, len, max, as_string, more, hex);
	snprintf(text, sizeof(text), "%s", ob.data);
	outbuf_free(&ob);
	return text;
}

#define Q(lit, hex) quoted(lit, sizeof(lit) - 1, 32, false, false, hex)

static void test_octal_by_default(void **state)
{
	assert_string_equal(Q("bin\1\2\3x", QUOTE_HEX_NONE), "\"bin\\1\\2\\3x\"");
	/* an octal digit after an escape: the escape in full, so that it is not misread */
	assert_string_equal(Q("\0012\377", QUOTE_HEX_NONE), "\"\\0012\\377\"");
	assert_string_equal(Q("tab\there\r\n\"\\", QUOTE_HEX_NONE), "\"tab\\there\\r\\n\\\"\\\\\"");
}

static void test_non_ascii_chars_escapes_in_hex(void **state)
{
	/* strace --strings-in-hex=non-ascii-chars: only the escapes change */
	assert_string_equal(Q("bin\1\2\3x", QUOTE_HEX_CHARS), "\"bin\\x01\\x02\\x03x\"");
	assert_string_equal(Q("utf8 \303\251t\303\251", QUOTE_HEX_CHARS),
			    "\"utf8 \\xc3\\xa9t\\xc3\\xa9\"");
	assert_string_equal(Q("tab\there\r\n", QUOTE_HEX_CHARS), "\"tab\\there\\r\\n\"");
}

static void test_x_hexes_a_string_with_one_byte_to_escape(void **state)
{
	assert_string_equal(Q("bin\1\2\3x", QUOTE_HEX_NON_ASCII),
			    "\"\\x62\\x69\\x6e\\x01\\x02\\x03\\x78\"");
	assert_string_equal(Q("\177", QUOTE_HEX_NON_ASCII), "\"\\x7f\"");
	/* the spaces C names (\t \n \v \f \r) and printable ASCII keep the string as text */
	assert_string_equal(Q("tab\there\r\n\v\f\"\\", QUOTE_HEX_NON_ASCII),
			    "\"tab\\there\\r\\n\\v\\f\\\"\\\\\"");
}

static void test_x_decides_on_the_bytes_shown(void **state)
{
	char buf[41];

	/* 32 shown of 41, the byte that would ask for hex is the 41st: strace shows text */
	memcpy(buf, "0123456789012345678901234567890123456789\001", 41);
	assert_string_equal(quoted(buf, 41, 32, false, false, QUOTE_HEX_NON_ASCII),
			    "\"01234567890123456789012345678901\"...");
	/* a string ends at its NUL: what follows is not looked at */
	assert_string_equal(quoted("ab\0\1", 4, 32, true, false, QUOTE_HEX_NON_ASCII), "\"ab\"");
	/* a buffer goes on past a NUL, in hex as a byte like any other */
	assert_string_equal(quoted("ab\0\1", 4, 32, false, false, QUOTE_HEX_NON_ASCII),
			    "\"\\x61\\x62\\x00\\x01\"");
}

static void test_xx_hexes_every_string(void **state)
{
	assert_string_equal(Q("plain text\n", QUOTE_HEX_ALL),
			    "\"\\x70\\x6c\\x61\\x69\\x6e\\x20\\x74\\x65\\x78\\x74\\x0a\"");
	assert_string_equal(Q("", QUOTE_HEX_ALL), "\"\"");
	assert_string_equal(quoted("abc", 3, 2, false, false, QUOTE_HEX_ALL), "\"\\x61\\x62\"...");
	assert_string_equal(quoted("ab", 2, 0, true, true, QUOTE_HEX_ALL), "\"\\x61\\x62\"...");
}

/*
 * strace's escaping spelled out byte by byte with snprintf, slow and plain: the oracle for
 * quote.c's table-driven loop, which writes straight into the buffer.
 */
static size_t reference_escape(char *out, const unsigned char *s, size_t n, enum quote_hex hex,
			       bool brackets)
{
	/* each byte C names an escape for, then its letter */
	static const char named[] = "\"\"\\\\\nn\tt\rr\ff\vv";
	bool all_hex = hex == QUOTE_HEX_ALL;
	size_t len = 0;

	for (size_t i = 0; i < n && hex == QUOTE_HEX_NON_ASCII; i++)
		all_hex |= s[i] > 0x7e || (s[i] < ' ' && (s[i] < '\t' || s[i] > '\r'));
	for (size_t i = 0; i < n; i++) {
		unsigned char c = s[i];
		const char *letter = NULL;
		bool next_digit = i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '7';

		for (size_t j = 0; j + 1 < sizeof(named); j += 2)
			if (named[j] == (char)c)
				letter = named + j + 1;
		if (all_hex)
			len += sprintf(out + len, "\\x%02x", c);
		else if (letter)
			len += sprintf(out + len, "\\%c", *letter);
		else if (c >= ' ' && c < 0x7f && !(brackets && (c == '<' || c == '>')))
			out[len++] = c;
		else if (hex == QUOTE_HEX_CHARS)
			len += sprintf(out + len, "\\x%02x", c);
		else if (next_digit)
			len += sprintf(out + len, "\\%03o", c);
		else
			len += sprintf(out + len, "\\%o", c);
	}
	out[len] = '\0';
	return len;
}

/*
 * Runs of bytes of one sort, 0 to 19 long: text, NULs, octal digits, the characters escaped
 * by name or in brackets, any byte; so that words of eight of a sort, and their edges, come.
 * And runs of 30 to 79 NULs, for the blocks of 32 that go at once.
 */
static void fill_runs(unsigned char *buf, size_t n, unsigned int *seed)
{
	static const char specials[] = "\"\\<>\n\t\r\f\v";
	size_t i = 0;

	while (i < n) {
		size_t len = rand_r(seed) % 20;
		int sort = rand_r(seed) % 6;

		if (sort == 5) {
			len = 30 + rand_r(seed) % 50;
			sort = 1;
		}

		for (; len && i < n; len--, i++) {
			switch (sort) {
			case 0:
				buf[i] = ' ' + rand_r(seed) % 95;
				break;
			case 1:
				buf[i] = 0;
				break;
			case 2:
				buf[i] = '0' + rand_r(seed) % 10;
				break;
			case 3:
				buf[i] = specials[rand_r(seed) % (sizeof(specials) - 1)];
				break;
			default:
				buf[i] = rand_r(seed) % 256;
				break;
			}
		}
	}
}

/* Every style, every pair of bytes and random runs: the same text as the oracle's. */
static void test_escaping_matches_the_reference(void **state)
{
	static const enum quote_hex styles[] = {QUOTE_HEX_NONE, QUOTE_HEX_CHARS,
						QUOTE_HEX_NON_ASCII, QUOTE_HEX_ALL};
	unsigned char buf[300];
	char want[sizeof(buf) * 4 + 8];
	unsigned int seed = 1;
	struct outbuf ob;

	outbuf_init(&ob);
	for (size_t k = 0; k < sizeof(styles) / sizeof(styles[0]); k++) {
		for (unsigned int v = 0; v < 0x10000; v++) {
			buf[0] = v >> 8;
			buf[1] = v & 0xff;
			want[0] = '"';
			reference_escape(want + 1, buf, 2, styles[k], false);
			strcat(want, "\"");
			outbuf_reset(&ob);
			quote_bytes(&ob, buf, 2, 0, false, false, styles[k]);
			assert_string_equal(ob.data, want);
		}
		for (int run = 0; run < 5000; run++) {
			size_t n = rand_r(&seed) % sizeof(buf);

			fill_runs(buf, n, &seed);
			want[0] = '"';
			reference_escape(want + 1, buf, n, styles[k], false);
			strcat(want, "\"");
			outbuf_reset(&ob);
			quote_bytes(&ob, buf, n, 0, false, false, styles[k]);
			assert_string_equal(ob.data, want);
			assert_int_equal(ob.len, strlen(want));

			/* the same bytes as a name in brackets, up to their first NUL */
			want[0] = '<';
			n = strnlen((const char *)buf, n);
			buf[n] = '\0';
			reference_escape(want + 1, buf, n, styles[k], true);
			strcat(want, ">");
			outbuf_reset(&ob);
			quote_bracketed(&ob, (const char *)buf, styles[k]);
			assert_string_equal(ob.data, want);
		}
	}
	outbuf_free(&ob);
}

static const char *bracketed(const char *s, enum quote_hex hex)
{
	struct outbuf ob;

	outbuf_init(&ob);
	quote_bracketed(&ob, s, hex);
	snprintf(text, sizeof(text), "%s", ob.data);
	outbuf_free(&ob);
	return text;
}

static void test_bracketed_names(void **state)
{
	/* strace -y on the file /tmp/probe/a<b>c\d"e\1f\0012\377 */
	static const char path[] = "/tmp/probe/a<b>c\\d\"e\001f\0012\377";

	assert_string_equal(bracketed(path, QUOTE_HEX_NONE),
			    "</tmp/probe/a\\74b\\76c\\\\d\\\"e\\1f\\0012\\377>");
	assert_string_equal(bracketed(path, QUOTE_HEX_CHARS),
			    "</tmp/probe/a\\x3cb\\x3ec\\\\d\\\"e\\x01f\\x012\\xff>");
	assert_string_equal(
		bracketed(path, QUOTE_HEX_NON_ASCII),
		"<\\x2f\\x74\\x6d\\x70\\x2f\\x70\\x72\\x6f\\x62\\x65\\x2f\\x61\\x3c\\x62"
		"\\x3e\\x63\\x5c\\x64\\x22\\x65\\x01\\x66\\x01\\x32\\xff>");
	/* the brackets ask for escapes, not for hex: -x leaves such a name as text */
	assert_string_equal(bracketed("a<b>", QUOTE_HEX_NON_ASCII), "<a\\74b\\76>");
	assert_string_equal(bracketed("socket:[5]", QUOTE_HEX_ALL),
			    "<\\x73\\x6f\\x63\\x6b\\x65\\x74\\x3a\\x5b\\x35\\x5d>");
}

static void test_hex_parse(void **state)
{
	enum quote_hex hex = QUOTE_HEX_ALL;

	assert_int_equal(quote_hex_parse("none", &hex), 0);
	assert_int_equal(hex, QUOTE_HEX_NONE);
	assert_int_equal(quote_hex_parse("non-ascii-chars", &hex), 0);
	assert_int_equal(hex, QUOTE_HEX_CHARS);
	assert_int_equal(quote_hex_parse("non-ascii", &hex), 0);
	assert_int_equal(hex, QUOTE_HEX_NON_ASCII);
	assert_int_equal(quote_hex_parse("all", &hex), 0);
	assert_int_equal(hex, QUOTE_HEX_ALL);
	assert_int_equal(quote_hex_parse("", &hex), -1);
	assert_int_equal(quote_hex_parse("ALL", &hex), -1);
	assert_int_equal(quote_hex_parse("non", &hex), -1);
}

static const char *dumped(const void *p, size_t len)
{
	struct outbuf ob;

	outbuf_init(&ob);
	quote_hexdump(&ob, p, len);
	snprintf(text, sizeof(text), "%s", ob.data ? ob.data : "");
	outbuf_free(&ob);
	return text;
}

static void test_hexdump(void **state)
{
	static const char elf[] = "\177ELF\2\1\1\3\0\0\0\0\0\0\0\0\3\0>\0\1\0\0\0\20t\2\0";

	/* strace 6.1 -e read=3 on libc's first bytes */
	assert_string_equal(
		dumped(elf, sizeof(elf) - 1),
		" | 00000  7f 45 4c 46 02 01 01 03  00 00 00 00 00 00 00 00  .ELF............ |\n"
		" | 00010  03 00 3e 00 01 00 00 00  10 74 02 00              ..>......t..     |\n");
	/* a short line keeps its columns */
	assert_string_equal(
		dumped("bin\1\2\3x", 7),
		" | 00000  62 69 6e 01 02 03 78                              bin...x          |\n");
	assert_string_equal(
		dumped("01234567", 8),
		" | 00000  30 31 32 33 34 35 36 37                           01234567         |\n");
	assert_string_equal(dumped("", 0), "");
}

static void test_hexdump_offsets_widen_past_a_megabyte(void **state)
{
	static char big[(1 << 20) + 17];
	struct outbuf ob;

	/* strace's offsets have 5 digits up to 1M bytes, then as many as the last one needs */
	outbuf_init(&ob);
	quote_hexdump(&ob, big, 1 << 20);
	assert_null(strstr(ob.data, "\n | fffff0  "));
	assert_non_null(strstr(ob.data, "\n | ffff0  00 00"));
	outbuf_reset(&ob);
	quote_hexdump(&ob, big, sizeof(big));
	assert_true(!strncmp(ob.data, " | 000000  00 00", 16));
	assert_non_null(strstr(ob.data, "\n | 100010  00                 "));
	outbuf_free(&ob);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_octal_by_default),
		cmocka_unit_test(test_non_ascii_chars_escapes_in_hex),
		cmocka_unit_test(test_x_hexes_a_string_with_one_byte_to_escape),
		cmocka_unit_test(test_x_decides_on_the_bytes_shown),
		cmocka_unit_test(test_xx_hexes_every_string),
		cmocka_unit_test(test_bracketed_names),
		cmocka_unit_test(test_escaping_matches_the_reference),
		cmocka_unit_test(test_hex_parse),
		cmocka_unit_test(test_hexdump),
		cmocka_unit_test(test_hexdump_offsets_widen_past_a_megabyte),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

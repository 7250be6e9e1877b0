// SPDX-License-Identifier: GPL-2.0
/* JSON text from arbitrary bytes: every output is valid JSON in valid UTF-8, whatever came in. */
#include <string.h>

#include "base/json.h"

/*
 * The length (2..4) of the valid UTF-8 sequence that starts with the byte
 * s[0] >= 0x80, or 0 (RFC 3629's table: no overlong forms, no surrogates,
 * nothing above U+10FFFF). *cut says the n bytes ended inside a sequence
 * that was valid so far.
 */
static size_t utf8_seq(const unsigned char *s, size_t n, bool *cut)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t len, i;

	*cut = false;
	if (c < 0xc2)
		return 0;
	if (c < 0xe0) {
		len = 2;
	} else if (c < 0xf0) {
		len = 3;
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
	} else if (c < 0xf5) {
		len = 4;
		if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
	} else {
		return 0;
	}
	for (i = 1; i < len; i++) {
		if (i == n) {
			*cut = true;
			return 0;
		}
		if (s[i] < lo || s[i] > hi)
			return 0;
		lo = 0x80;
		hi = 0xbf;
	}
	return len;
}

size_t json_utf8_prefix(const void *p, size_t n, bool *cut_tail)
{
	const unsigned char *s = p;
	size_t i = 0, len;
	bool cut = false;

	while (i < n) {
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		len = utf8_seq(s + i, n - i, &cut);
		if (!len)
			break;
		i += len;
	}
	if (cut_tail)
		*cut_tail = cut;
	return i;
}

static const char hexdigits[] = "0123456789abcdef";

bool json_put_str(struct outbuf *ob, const void *p, size_t n)
{
	const unsigned char *s = p;
	bool valid = true, cut;
	size_t i = 0, len;
	char *o;

	/* at most 6 bytes out per byte in (\u00XX), plus the quotes */
	outbuf_reserve(ob, n * 6 + 2);
	o = ob->data + ob->len;
	*o++ = '"';
	while (i < n) {
		unsigned char c = s[i];

		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
			*o++ = c;
			i++;
			continue;
		}
		if (c < 0x80) {
			*o++ = '\\';
			switch (c) {
			case '"':
			case '\\':
				*o++ = c;
				break;
			case '\b':
				*o++ = 'b';
				break;
			case '\f':
				*o++ = 'f';
				break;
			case '\n':
				*o++ = 'n';
				break;
			case '\r':
				*o++ = 'r';
				break;
			case '\t':
				*o++ = 't';
				break;
			default: /* the other controls, NUL and DEL */
				memcpy(o, "u00", 3);
				o += 3;
				*o++ = hexdigits[c >> 4];
				*o++ = hexdigits[c & 15];
				break;
			}
			i++;
			continue;
		}
		len = utf8_seq(s + i, n - i, &cut);
		if (!len) {
			/* U+FFFD REPLACEMENT CHARACTER, for this one byte */
			memcpy(o, "\xef\xbf\xbd", 3);
			o += 3;
			valid = false;
			i++;
			continue;
		}
		/* JavaScript takes U+2028 and U+2029 as line ends inside string literals */
		if (len == 3 && c == 0xe2 && s[i + 1] == 0x80 && (s[i + 2] & 0xfe) == 0xa8) {
			memcpy(o, s[i + 2] == 0xa8 ? "\\u2028" : "\\u2029", 6);
			o += 6;
		} else {
			memcpy(o, s + i, len);
			o += len;
		}
		i += len;
	}
	*o++ = '"';
	*o = '\0';
	ob->len = o - ob->data;
	return valid;
}

void json_put_cstr(struct outbuf *ob, const char *s)
{
	if (s)
		json_put_str(ob, s, strlen(s));
	else
		outbuf_puts(ob, "null");
}

void json_put_key(struct outbuf *ob, const char *key)
{
	json_put_cstr(ob, key);
	outbuf_putc(ob, ':');
}

void json_put_base64(struct outbuf *ob, const void *p, size_t n)
{
	static const char alphabet[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const unsigned char *s = p;
	size_t i;
	char *o;

	outbuf_reserve(ob, (n + 2) / 3 * 4 + 2);
	o = ob->data + ob->len;
	*o++ = '"';
	for (i = 0; i + 3 <= n; i += 3) {
		unsigned int v = s[i] << 16 | s[i + 1] << 8 | s[i + 2];

		*o++ = alphabet[v >> 18];
		*o++ = alphabet[(v >> 12) & 63];
		*o++ = alphabet[(v >> 6) & 63];
		*o++ = alphabet[v & 63];
	}
	if (n - i == 1) {
		unsigned int v = s[i] << 16;

		*o++ = alphabet[v >> 18];
		*o++ = alphabet[(v >> 12) & 63];
		*o++ = '=';
		*o++ = '=';
	} else if (n - i == 2) {
		unsigned int v = s[i] << 16 | s[i + 1] << 8;

		*o++ = alphabet[v >> 18];
		*o++ = alphabet[(v >> 12) & 63];
		*o++ = alphabet[(v >> 6) & 63];
		*o++ = '=';
	}
	*o++ = '"';
	*o = '\0';
	ob->len = o - ob->data;
}

void json_put_hex(struct outbuf *ob, uint64_t v)
{
	outbuf_putc(ob, '"');
	outbuf_hex(ob, v);
	outbuf_putc(ob, '"');
}

void json_put_string_obj(struct outbuf *ob, const void *p, size_t n, bool truncated)
{
	const unsigned char *nul = memchr(p, '\0', n);

	if (nul)
		n = nul - (const unsigned char *)p;
	outbuf_puts(ob, "{\"str\":");
	if (!json_put_str(ob, p, n)) {
		outbuf_puts(ob, ",\"base64\":");
		json_put_base64(ob, p, n);
	}
	outbuf_puts(ob, truncated ? ",\"truncated\":true}" : ",\"truncated\":false}");
}

void json_put_bytes_obj(struct outbuf *ob, const void *p, size_t n, long long size, bool truncated)
{
	bool cut;
	size_t valid = json_utf8_prefix(p, n, &cut);

	/* a character the capture cut in two does not make a text binary */
	if (valid < n && cut && truncated)
		n = valid;
	if (valid == n) {
		outbuf_puts(ob, "{\"encoding\":\"utf8\",\"data\":");
		json_put_str(ob, p, n);
	} else {
		outbuf_puts(ob, "{\"encoding\":\"base64\",\"data\":");
		json_put_base64(ob, p, n);
	}
	outbuf_puts(ob, ",\"len\":");
	outbuf_u64(ob, n);
	if (size >= 0) {
		outbuf_puts(ob, ",\"size\":");
		outbuf_s64(ob, size);
	}
	outbuf_puts(ob, truncated ? ",\"truncated\":true}" : ",\"truncated\":false}");
}

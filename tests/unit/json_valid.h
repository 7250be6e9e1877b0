/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A strict JSON checker (RFC 8259) for the tests: one value, nothing after it,
 * strings without raw control characters and in valid UTF-8. Written apart
 * from src/decode/json.c, so that it does not share that code's mistakes.
 */
#ifndef BTFTRACE_TESTS_JSON_VALID_H
#define BTFTRACE_TESTS_JSON_VALID_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#define JSON_VALID_MAX_DEPTH 256

struct json_check {
	const unsigned char *p, *end;
	int depth;
};

static void jc_space(struct json_check *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
		c->p++;
}

static bool jc_lit(struct json_check *c, const char *lit)
{
	size_t n = strlen(lit);

	if ((size_t)(c->end - c->p) < n || memcmp(c->p, lit, n))
		return false;
	c->p += n;
	return true;
}

static bool jc_hex4(struct json_check *c, unsigned int *v)
{
	*v = 0;
	for (int i = 0; i < 4; i++, c->p++) {
		unsigned char h = c->p < c->end ? *c->p : 0;

		if (h >= '0' && h <= '9')
			*v = *v << 4 | (h - '0');
		else if ((h | 0x20) >= 'a' && (h | 0x20) <= 'f')
			*v = *v << 4 | ((h | 0x20) - 'a' + 10);
		else
			return false;
	}
	return true;
}

/* One UTF-8 character of 2..4 bytes at c->p, by the table of RFC 3629. */
static bool jc_utf8(struct json_check *c)
{
	const unsigned char *s = c->p;
	size_t left = c->end - s, n;
	unsigned int cp;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return false;
	if (left < n)
		return false;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return false;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return false;
	c->p += n;
	return true;
}

static bool jc_string(struct json_check *c)
{
	unsigned int v, lo;

	if (c->p >= c->end || *c->p++ != '"')
		return false;
	while (c->p < c->end) {
		unsigned char ch = *c->p;

		if (ch == '"') {
			c->p++;
			return true;
		}
		if (ch < 0x20)
			return false;
		if (ch >= 0x80) {
			if (!jc_utf8(c))
				return false;
			continue;
		}
		c->p++;
		if (ch != '\\')
			continue;
		if (c->p >= c->end)
			return false;
		ch = *c->p++;
		if (ch == 'u') {
			if (!jc_hex4(c, &v))
				return false;
			/* a surrogate must come in a pair */
			if (v >= 0xdc00 && v <= 0xdfff)
				return false;
			if (v >= 0xd800 && v <= 0xdbff &&
			    (!jc_lit(c, "\\u") || !jc_hex4(c, &lo) || lo < 0xdc00 || lo > 0xdfff))
				return false;
		} else if (!strchr("\"\\/bfnrt", ch) || !ch) {
			return false;
		}
	}
	return false;
}

static bool jc_digits(struct json_check *c)
{
	const unsigned char *start = c->p;

	while (c->p < c->end && *c->p >= '0' && *c->p <= '9')
		c->p++;
	return c->p > start;
}

static bool jc_number(struct json_check *c)
{
	if (c->p < c->end && *c->p == '-')
		c->p++;
	if (c->p < c->end && *c->p == '0')
		c->p++;
	else if (!jc_digits(c))
		return false;
	if (c->p < c->end && *c->p == '.') {
		c->p++;
		if (!jc_digits(c))
			return false;
	}
	if (c->p < c->end && (*c->p | 0x20) == 'e') {
		c->p++;
		if (c->p < c->end && (*c->p == '+' || *c->p == '-'))
			c->p++;
		if (!jc_digits(c))
			return false;
	}
	return true;
}

static bool jc_value(struct json_check *c);

static bool jc_container(struct json_check *c, char close)
{
	if (++c->depth > JSON_VALID_MAX_DEPTH)
		return false;
	c->p++;
	jc_space(c);
	if (c->p < c->end && *c->p == close) {
		c->p++;
		c->depth--;
		return true;
	}
	for (;;) {
		if (close == '}') {
			if (!jc_string(c))
				return false;
			jc_space(c);
			if (c->p >= c->end || *c->p++ != ':')
				return false;
		}
		if (!jc_value(c))
			return false;
		jc_space(c);
		if (c->p >= c->end)
			return false;
		if (*c->p == close) {
			c->p++;
			c->depth--;
			return true;
		}
		if (*c->p++ != ',')
			return false;
		jc_space(c);
	}
}

static bool jc_value(struct json_check *c)
{
	jc_space(c);
	if (c->p >= c->end)
		return false;
	switch (*c->p) {
	case '{':
		return jc_container(c, '}');
	case '[':
		return jc_container(c, ']');
	case '"':
		return jc_string(c);
	case 't':
		return jc_lit(c, "true");
	case 'f':
		return jc_lit(c, "false");
	case 'n':
		return jc_lit(c, "null");
	default:
		return jc_number(c);
	}
}

/* True when s[0..n) is exactly one JSON value, with whitespace around it at most. */
static inline bool json_valid(const char *s, size_t n)
{
	struct json_check c = {(const unsigned char *)s, (const unsigned char *)s + n, 0};

	if (!jc_value(&c))
		return false;
	jc_space(&c);
	return c.p == c.end;
}

#endif /* BTFTRACE_TESTS_JSON_VALID_H */

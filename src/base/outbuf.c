// SPDX-License-Identifier: GPL-2.0
/* The growable text buffer behind every formatted line. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/outbuf.h"

void outbuf_init(struct outbuf *ob)
{
	ob->data = NULL;
	ob->len = 0;
	ob->cap = 0;
}

void outbuf_free(struct outbuf *ob)
{
	free(ob->data);
	outbuf_init(ob);
}

void outbuf_reserve(struct outbuf *ob, size_t n)
{
	size_t want = ob->len + n + 1, cap = ob->cap ? ob->cap : 256;
	char *p;

	if (want <= ob->cap)
		return;
	while (cap < want)
		cap *= 2;
	p = realloc(ob->data, cap);
	if (!p) {
		fputs("btftrace: out of memory\n", stderr);
		abort();
	}
	ob->data = p;
	ob->cap = cap;
}

void outbuf_write(struct outbuf *ob, const void *p, size_t n)
{
	outbuf_reserve(ob, n);
	memcpy(ob->data + ob->len, p, n);
	ob->len += n;
	ob->data[ob->len] = '\0';
}

void outbuf_puts(struct outbuf *ob, const char *s)
{
	outbuf_write(ob, s, strlen(s));
}

void outbuf_printf(struct outbuf *ob, const char *fmt, ...)
{
	va_list ap;
	int n;

	outbuf_reserve(ob, 64);
	va_start(ap, fmt);
	n = vsnprintf(ob->data + ob->len, ob->cap - ob->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= ob->cap - ob->len) {
		outbuf_reserve(ob, n);
		va_start(ap, fmt);
		vsnprintf(ob->data + ob->len, ob->cap - ob->len, fmt, ap);
		va_end(ap);
	}
	ob->len += n;
}

/* "00" to "99": two decimal digits a step, half the divisions of one a step. */
static const char digit_pairs[201] = "00010203040506070809101112131415161718192021222324"
				     "25262728293031323334353637383940414243444546474849"
				     "50515253545556575859606162636465666768697071727374"
				     "75767778798081828384858687888990919293949596979899";

void outbuf_u64(struct outbuf *ob, uint64_t v)
{
	char tmp[20], *p = tmp + sizeof(tmp);
	size_t n;

	while (v >= 100) {
		p -= 2;
		memcpy(p, digit_pairs + v % 100 * 2, 2);
		v /= 100;
	}
	if (v >= 10) {
		p -= 2;
		memcpy(p, digit_pairs + v * 2, 2);
	} else {
		*--p = '0' + v;
	}
	n = tmp + sizeof(tmp) - p;
	if (ob->len + n + 1 > ob->cap)
		outbuf_reserve(ob, n);
	memcpy(ob->data + ob->len, p, n);
	ob->len += n;
	ob->data[ob->len] = '\0';
}

void outbuf_s64(struct outbuf *ob, int64_t v)
{
	if (v < 0) {
		outbuf_putc(ob, '-');
		outbuf_u64(ob, -(uint64_t)v);
	} else {
		outbuf_u64(ob, v);
	}
}

void outbuf_hex(struct outbuf *ob, uint64_t v)
{
	static const char digits[] = "0123456789abcdef";
	char tmp[20];
	int i = sizeof(tmp);

	do {
		tmp[--i] = digits[v & 15];
		v >>= 4;
	} while (v);
	tmp[--i] = 'x';
	tmp[--i] = '0';
	outbuf_write(ob, tmp + i, sizeof(tmp) - i);
}

void outbuf_alt_padded(struct outbuf *ob, uint64_t v, unsigned int base, unsigned int width)
{
	static const char digits[] = "0123456789abcdef";
	unsigned int shift = base == 16 ? 4 : 3, n = 0, prefix = 0;
	char tmp[24];

	do {
		tmp[n++] = digits[v & (base - 1)];
		v >>= shift;
	} while (v);
	/* printf's '#': 0x before a hex number that is not 0, a 0 before an octal one */
	if (base == 16 && !(n == 1 && tmp[0] == '0'))
		prefix = 2;
	else if (base == 8 && tmp[n - 1] != '0')
		prefix = 1;
	outbuf_reserve(ob, width + n + prefix);
	if (prefix == 2)
		outbuf_write(ob, "0x", 2);
	for (unsigned int k = n + prefix; k < width; k++)
		outbuf_putc(ob, '0');
	if (prefix == 1)
		outbuf_putc(ob, '0');
	while (n)
		outbuf_putc(ob, tmp[--n]);
}

void outbuf_truncate(struct outbuf *ob, size_t len)
{
	if (len < ob->len) {
		ob->len = len;
		ob->data[len] = '\0';
	}
}

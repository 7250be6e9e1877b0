/* SPDX-License-Identifier: GPL-2.0 */
/* A growable text buffer reused from line to line, so formatting allocates only while it grows. */
#ifndef BTFTRACE_OUTBUF_H
#define BTFTRACE_OUTBUF_H

#include <stddef.h>
#include <stdint.h>

struct outbuf {
	char *data; /* always NUL-terminated once anything was written */
	size_t len;
	size_t cap;
};

void outbuf_init(struct outbuf *ob);
void outbuf_free(struct outbuf *ob);
static inline void outbuf_reset(struct outbuf *ob)
{
	ob->len = 0;
	if (ob->data)
		ob->data[0] = '\0';
}
/* Makes room for n more bytes (plus the NUL). Aborts when memory runs out. */
void outbuf_reserve(struct outbuf *ob, size_t n);
void outbuf_write(struct outbuf *ob, const void *p, size_t n);
void outbuf_puts(struct outbuf *ob, const char *s);
static inline void outbuf_putc(struct outbuf *ob, char c)
{
	if (ob->len + 2 > ob->cap)
		outbuf_reserve(ob, 1);
	ob->data[ob->len++] = c;
	ob->data[ob->len] = '\0';
}
void outbuf_printf(struct outbuf *ob, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void outbuf_u64(struct outbuf *ob, uint64_t v); /* decimal, without printf */
void outbuf_s64(struct outbuf *ob, int64_t v);
void outbuf_hex(struct outbuf *ob, uint64_t v); /* 0x..., without printf */
/*
 * v in base 8 or 16 as printf's "%#0<width>llo" or "%#0<width>llx" writes it (0644, 000,
 * 0x00001234, 0000000000000000), without printf.
 */
void outbuf_alt_padded(struct outbuf *ob, uint64_t v, unsigned int base, unsigned int width);
/* Drops the last n bytes. */
void outbuf_truncate(struct outbuf *ob, size_t len);

#endif /* BTFTRACE_OUTBUF_H */

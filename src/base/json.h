/* SPDX-License-Identifier: GPL-2.0 */
/* JSON text on an outbuf: escaped strings from any bytes, base64, string and buffer objects. */
#ifndef BTFTRACE_JSON_H
#define BTFTRACE_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "base/outbuf.h"

/*
 * Appends the bytes as one JSON string literal, quotes included. Valid UTF-8
 * passes through; '"', '\\' and the control characters are escaped (\n, \t,
 * \r, \b, \f, else \u00XX, NUL as \u0000), and so are DEL (\u007f) and
 * U+2028/U+2029. Each byte that does not begin a valid UTF-8 sequence
 * (stray continuation bytes, overlong forms, surrogates, code points above
 * U+10FFFF, a sequence cut short) becomes U+FFFD. Returns true when there
 * was no such byte: the string then gives the bytes back exactly.
 */
bool json_put_str(struct outbuf *ob, const void *p, size_t n);
/* A NUL-terminated string, as json_put_str; NULL appends null. */
void json_put_cstr(struct outbuf *ob, const char *s);
/* "key": (the key escaped like any string). */
void json_put_key(struct outbuf *ob, const char *key);
/* The bytes in standard base64 (RFC 4648, with padding), as a JSON string literal. */
void json_put_base64(struct outbuf *ob, const void *p, size_t n);
/* A number as a JSON string literal: "0x7ffd1000". */
void json_put_hex(struct outbuf *ob, uint64_t v);

/*
 * The length of the longest prefix of p that is valid UTF-8. When the rest
 * is the start of a valid sequence that the end of the data cut short,
 * *cut_tail says so (the prefix then ends before it).
 */
size_t json_utf8_prefix(const void *p, size_t n, bool *cut_tail);

/*
 * A C string: {"str": "...", "truncated": false}. The bytes end at the first
 * NUL. When they are not valid UTF-8, "str" holds them with U+FFFD for the
 * bad bytes and "base64" holds them exactly. truncated: the capture was cut
 * short (the rest of the string was not read).
 */
void json_put_string_obj(struct outbuf *ob, const void *p, size_t n, bool truncated);

/*
 * A data buffer: {"encoding": "utf8" or "base64", "data": "...", "len": N,
 * "truncated": false}, plus "size": S when size >= 0 (the byte count the
 * call gave). "utf8" when the bytes are valid UTF-8 (NULs and control
 * characters included: encoded back to UTF-8, "data" is exactly the bytes),
 * base64 otherwise. A truncated buffer whose only invalid bytes are a
 * character cut at its end drops those (at most 3) bytes and stays utf8:
 * len counts the bytes in data.
 */
void json_put_bytes_obj(struct outbuf *ob, const void *p, size_t n, long long size, bool truncated);

#endif /* BTFTRACE_JSON_H */

/* SPDX-License-Identifier: GPL-2.0 */
/* BTF values with the decoder's member printers: st_mode by name, sa_mask as a signal set. */
#ifndef BTFTRACE_MEMBERS_H
#define BTFTRACE_MEMBERS_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>
#include "decode/decode.h"

/* How decode_write_btf differs from writing an argument's struct. */
struct decode_btf_extra {
	/* the member printers of members of anonymous structs: "bpf_attr" */
	const char *scope;
	/*
	 * The caller says how much of an extensible struct it passes (bpf_attr, perf_event_attr):
	 * members past the data are zeros to the kernel, left out without "...".
	 */
	bool sized_by_caller;
	/* the shape of the value's own struct, instead of its family's (stat: by the file type) */
	const struct btf_shape *shape;
	/* tried before the member printers: for members that depend on another (perf config) */
	bool (*hook)(void *ctx, struct writer *w, const struct btf *btf, __u32 parent_id,
		     const char *member_name, __u32 member_type_id, const void *data, size_t len);
	/* called after each member's value, with hook_ctx: to comment it (a time's date) */
	void (*after)(void *ctx, struct writer *w, const struct btf *btf, __u32 parent_id,
		      const char *member_name, const void *data, size_t len);
	void *hook_ctx;
};

/* The cached member printers of (parent struct, member), or NULL slot fields. */
const struct member_cache_slot *decode_member_slot(const struct decoder *d, const struct btf *btf,
						   __u32 parent_id, const char *member);

/*
 * Writes member (of BTF type member_type_id) of struct parent_id, len bytes at data, as it
 * shows inside its struct: false, writing nothing, when no member printer takes it.
 */
bool decode_write_member(const struct decoder *d, struct writer *w, __u32 parent_id,
			 const char *member, __u32 member_type_id, const void *data, size_t len);

/* Writes len bytes as BTF type type_id with the decoder's member printers ("?" on a bad id). */
void decode_write_btf(const struct decoder *d, struct writer *w, __u32 type_id, const void *data,
		      size_t len, const struct decode_btf_extra *extra);

/*
 * The integer member name of struct id in data, zero-extended (up to 8 bytes); false when
 * the struct has no such member or data does not hold it whole.
 */
bool decode_read_member(const struct decoder *d, __u32 id, const void *data, size_t len,
			const char *name, long long *v);

/* A type that is a number or a pointer, which behind a pointer shows in brackets: [4]. */
bool decode_is_scalar_type(const struct btf *btf, __u32 id);

/*
 * The next fetched item (struct bt_fetch_item) of items[*at..end) as item, a fetch expression,
 * was compiled to be read (types/fetch.c): -e's events and --kfunc's functions alike. *at moves
 * past it; "?" for an item not read or not there.
 */
void decode_write_fetched(const struct decoder *d, struct writer *w, const struct tp_item *item,
			  const unsigned char *items, size_t end, size_t *at);

#endif /* BTFTRACE_MEMBERS_H */

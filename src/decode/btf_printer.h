/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writes captured bytes as a value of a BTF type through a writer: in strace's syntax
 * {a=1, b=[2, 3], c="x"}, or as JSON {"a":1,"b":[2,3],"c":{"str":"x","truncated":false}}.
 */
#ifndef BTFTRACE_BTF_PRINTER_H
#define BTFTRACE_BTF_PRINTER_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

struct btf;
struct writer;
struct btf_print_cache;

/* Hard bound on nesting (structs, arrays, flattened anonymous members), whatever max_depth says,
 * so that self-referencing BTF cannot recurse without end. */
#define BTF_PRINT_MAX_NEST 32
/* Bound on a typedef/const/volatile/restrict/type_tag chain. */
#define BTF_PRINT_MAX_MODS 32
/* What one btf_print_value() call may add, and members and elements it may visit; past either,
 * the remaining members and elements give way to "...". */
#define BTF_PRINT_MAX_OUTPUT (1 << 20)
#define BTF_PRINT_MAX_STEPS (1 << 20)

/*
 * How a struct shows, where BTF's own order and completeness are not what strace shows: the
 * members by name in the order to show them (NULL: BTF's order, all), and the few shown
 * without -v, followed by "..." (NULL: as with -v), and the padding or reserved members shown
 * when they are not zero (NULL: none). The lists are NULL-ended.
 */
struct btf_shape {
	const char *const *members;
	const char *const *brief;
	/* reserved members (never shown otherwise) shown when they are not zero: __reserved */
	const char *const *when_set;
};

struct btf_print_opts {
	/*
	 * Members the data does not cover are left out without "...": for structs whose size
	 * the caller passes (bpf_attr, perf_event_attr), where the kernel reads the rest as zeros.
	 */
	bool cut_silently;
	/*
	 * Optional: called for each named, byte-aligned, non-bitfield struct/union member, after
	 * its key is written and only when the member's bytes were all captured (len is then the
	 * member's size). When it returns true it wrote the member's value itself (e.g. st_mode
	 * as S_IFREG|0644); when false it wrote nothing and the default printing follows.
	 * parent_id is the struct/union whose braces hold the member: for a member of a
	 * flattened anonymous struct/union, the one it is flattened into. member_type_id is the
	 * member's type as declared (typedefs not skipped, so umode_t can be told from int).
	 */
	bool (*member_hook)(void *ctx, struct writer *w, const struct btf *btf, __u32 parent_id,
			    const char *member_name, __u32 member_type_id, const void *data,
			    size_t len);
	void *hook_ctx;
	/*
	 * Optional: called after a member's value was written (by the hook or the printer), to
	 * add to it: a comment (st_atime's date).
	 */
	void (*member_after)(void *ctx, struct writer *w, const struct btf *btf, __u32 parent_id,
			     const char *member_name, const void *data, size_t len);
	/* Optional: the shape of struct or union type_id, or NULL for BTF's order, all members. */
	const struct btf_shape *(*shape)(void *ctx, const struct btf *btf, __u32 type_id);
	/* Optional: false for a member never shown (padding, reserved words). */
	bool (*member_shown)(void *ctx, const char *member_name);
	/*
	 * Optional: print plans kept from call to call, so that a struct prints in one loop over
	 * its members' offsets, types and names, found in the BTF once (the walk by look-ups is
	 * the same walk, and writes the same). With a cache, member_shown must answer the same
	 * for the same name, and the names of a shape's lists must stay where they are (string
	 * literals): a list is known again by the addresses of its names.
	 */
	struct btf_print_cache *cache;
};

/*
 * An empty cache of print plans for values of btf's types (NULL: of the first BTF printed
 * with it; calls with another BTF walk by look-ups); NULL when memory runs out.
 */
struct btf_print_cache *btf_print_cache__new(const struct btf *btf);
void btf_print_cache__free(struct btf_print_cache *c);

/* Default options as described above. */
void btf_print_opts_default(struct btf_print_opts *o);

/*
 * Writes the value of type type_id held in data (len bytes available; len may be SHORTER than
 * the type's size: a short copy). How much shows is the writer's limits' say: struct depth,
 * array elements, -s for char arrays, zero members. opts may be NULL for the defaults.
 *
 * A struct shows its members until the first one the data does not fully cover, then "..." in
 * its place: {tv_sec=1, ...}. A union shows every member that is covered, then "..." once if
 * some were not (its members overlap, so there is no "rest" to cut off). An array shows the
 * elements covered, then "...". A scalar not covered shows "...". Whatever the BTF does not
 * allow to print (bad ids, FWD, void, functions, impossible sizes or offsets) shows "?" (JSON
 * null). Returns 0, or -EINVAL when type_id is not in btf (nothing is written then).
 */
int btf_print_value(struct writer *w, const struct btf *btf, __u32 type_id, const void *data,
		    size_t len, const struct btf_print_opts *opts);

#endif /* BTFTRACE_BTF_PRINTER_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Prints captured bytes as a value of a BTF type, in strace's syntax: {a=1, b=[2, 3], c="x"},
 * or as JSON: {"a":1, "b":[2, 3], "c":{"str":"x","truncated":false}}.
 */
#ifndef BTFTRACE_BTF_PRINTER_H
#define BTFTRACE_BTF_PRINTER_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

struct btf;
struct outbuf;

/* Hard bound on nesting (structs, arrays, flattened anonymous members), whatever max_depth says,
 * so that self-referencing BTF cannot recurse without end. */
#define BTF_PRINT_MAX_NEST 32
/* Bound on a typedef/const/volatile/restrict/type_tag chain. */
#define BTF_PRINT_MAX_MODS 32
/* What one btf_print_value() call may add, and members and elements it may visit; past either,
 * the remaining members and elements give way to "...". */
#define BTF_PRINT_MAX_OUTPUT (1 << 20)
#define BTF_PRINT_MAX_STEPS (1 << 20)

struct btf_print_opts {
	int max_depth;	/* nesting limit: a struct deeper than this prints {...}; default 4.
			 * The outermost struct is level 1; 0 (or less) means BTF_PRINT_MAX_NEST. */
	int max_array;	/* array elements shown before "..."; 0 = all */
	int max_string; /* bytes of a char[] member shown; 0 = all */
	bool no_zeros;	/* omit members whose bytes are all zero */
	bool pretty;	/* multi-line, indented by nesting (two spaces per level) */
	/*
	 * Members the data does not cover are left out without "...": for structs whose size
	 * the caller passes (bpf_attr, perf_event_attr), where the kernel reads the rest as zeros.
	 */
	bool cut_silently;
	/*
	 * Optional: called for each named, byte-aligned, non-bitfield struct/union member, after
	 * "name=" is written and only when the member's bytes were all captured (len is then the
	 * member's size). When it returns true it printed the member's value itself (e.g. st_mode
	 * as S_IFREG|0644); when false, whatever it wrote is dropped and the default printing
	 * follows. parent_id is the struct/union whose braces hold the member: for a member of a
	 * flattened anonymous struct/union, the one it is flattened into. member_type_id is the
	 * member's type as declared (typedefs not skipped, so umode_t can be told from int).
	 */
	bool (*member_hook)(void *ctx, struct outbuf *ob, const struct btf *btf, __u32 parent_id,
			    const char *member_name, __u32 member_type_id, const void *data,
			    size_t len);
	void *hook_ctx;
	/*
	 * JSON instead of strace's syntax, from the same walk: a struct or union is an object of
	 * its members (anonymous members flattened into it), an array an array, a char[] a string
	 * object (see json_put_string_obj), an enum its name as a string (or its number), a
	 * pointer "0x..." or null, __int128 and long double "0x..." strings, a float a number (or
	 * null for inf and nan). What the data does not cover, or is cut for a bound, is marked:
	 * "...": true as the last member of an object, "..." as the last element of an array,
	 * null for a scalar; whatever cannot be printed ("?" in text) is null. A member_hook must
	 * then write one JSON value.
	 */
	bool json;
};

/* Default options as described above. */
void btf_print_opts_default(struct btf_print_opts *o);

/*
 * Appends to ob the value of type type_id held in data (len bytes available; len may be SHORTER
 * than the type's size: a short copy). opts may be NULL for the defaults.
 *
 * A struct prints its members until the first one the data does not fully cover, then "..." in
 * its place: {tv_sec=1, ...}. A union prints every member that is covered, then "..." once if
 * some were not (its members overlap, so there is no "rest" to cut off). An array prints the
 * elements covered, then "...". A scalar not covered prints "...". Whatever the BTF does not
 * allow to print (bad ids, FWD, void, functions, impossible sizes or offsets) prints "?".
 * Returns 0, or -EINVAL when type_id is not in btf (nothing is printed then).
 */
int btf_print_value(struct outbuf *ob, const struct btf *btf, __u32 type_id, const void *data,
		    size_t len, const struct btf_print_opts *opts);

#endif /* BTFTRACE_BTF_PRINTER_H */

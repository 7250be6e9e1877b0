/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --kfunc: kernel functions, found by name or glob in the kernel's BTF (BTF_KIND_FUNC and its
 * FUNC_PROTO), with the capture plan of their arguments: the beauty map's idea applied to
 * kernel functions. `btftrace kfuncs PATTERN` prints their prototypes.
 */
#ifndef BTFTRACE_KFUNCS_H
#define BTFTRACE_KFUNCS_H

#include <stdbool.h>
#include <stddef.h>
#include "base/outbuf.h"
#include "bpf/record.h"
#include "catalog/tracepoints.h"

struct btf;

#define KFUNC_NAME_MAX 128 /* the kernel's KSYM_NAME_LEN */
#define KFUNC_ERR_MAX 256

/* What the entry program copies of an argument, and how it reads back. */
enum kfunc_arg_kind {
	KFUNC_ARG_VALUE = 0, /* a number (integer, enum, bool), printed by its type */
	/*
	 * an address only: void *, a function, a pointer to pointers, and a char pointer that is
	 * not const (a buffer the function fills: at its entry there is nothing to read yet)
	 */
	KFUNC_ARG_POINTER,
	KFUNC_ARG_STRING,  /* a const char pointer: a NUL-terminated string */
	KFUNC_ARG_POINTEE, /* a pointer to a struct, union or number: its bytes, by BTF */
};

struct kfunc_arg {
	const char *name; /* from BTF: stable while the BTF lives; "" when unnamed */
	char type[64];	  /* its C type: "struct file *" */
	__u32 type_id;	  /* the parameter's type */
	__u32 pointee_id; /* KFUNC_ARG_POINTEE: the type pointed to, modifiers skipped */
	enum kfunc_arg_kind kind;
	bool is_signed;
	__u32 size;	 /* of the value: 8 for pointers */
	__u32 capture;	 /* KFUNC_ARG_POINTEE: bytes the entry copies (the type's, capped) */
	__u32 type_size; /* KFUNC_ARG_POINTEE: the type's whole size */
};

struct kfunc {
	char name[KFUNC_NAME_MAX];
	char label[KFUNC_NAME_MAX + 8]; /* -c's row: "kfunc:vfs_read" */
	__u32 func_id;			/* BTF_KIND_FUNC: what fentry attaches to */
	__u32 ret_id;			/* 0: void */
	bool ret_is_pointer, ret_is_signed;
	__u32 ret_size; /* bytes of the return value: 8 for a pointer */
	int nargs;
	struct kfunc_arg args[BT_KFUNC_ARGS];
	/*
	 * --kfunc 'vfs_read(file->f_pos, count)': the expressions shown instead of the
	 * arguments, compiled against the prototype (types/fetch.c); NULL: the arguments
	 */
	struct tp_item *shown;
	char (*shown_types)[64]; /* each item's C type, as an argument's type */
	int nshown;
	struct bt_fetch_prog *fetch;
};

/* The functions --kfunc selects, in the order given; an index is the records' func. */
struct kfunc_set {
	struct kfunc *funcs;
	size_t n, cap;
};

/*
 * Writes function func_id's prototype as C declares it: "ssize_t vfs_read(struct file *file,
 * char *buf, size_t count, loff_t *pos)". Returns 0, or -EINVAL when func_id is no function.
 */
int kfunc_format_proto(const struct btf *btf, __u32 func_id, struct outbuf *ob);

/*
 * The length of the first function of a --kfunc list, "vfs_read(file->f_pos, count),vfs_write":
 * up to the first comma outside parentheses (the commas inside separate its expressions).
 */
size_t kfunc_spec_len(const char *list);

/*
 * One function of a --kfunc list, "vfs_read(file->f_pos, count)": its name (or glob) into name,
 * the items of its parenthesised list, if any, into *items (allocated; free it), uncompiled.
 * Returns 0, or -EINVAL with why filled in for the user (no name, unbalanced or nested
 * parentheses, an empty list or item), -ENOMEM.
 */
int kfunc_spec_parse(const char *spec, char *name, size_t name_size, struct tp_item **items,
		     int *nitems, char *why, size_t why_size);

/*
 * Adds the functions spec's name (a glob: vfs_*) matches, with their capture plans; each struct
 * behind a pointer is copied up to struct_cap bytes. With a list, "vfs_read(file->f_pos)", the
 * expressions are compiled against each function's prototype instead. A function already
 * there is not added again. Returns the count added, or a negative errno with why filled in
 * for the user (a wrong expression: why names what there is instead).
 */
int kfunc_set__add(struct kfunc_set *set, const struct btf *btf, const char *spec, __u32 struct_cap,
		   char *why, size_t why_size);
void kfunc__free_fetch(struct kfunc *k);
void kfunc_set__free(struct kfunc_set *set);
const struct kfunc *kfunc_set__get(const struct kfunc_set *set, __u32 index);
/* The collector's view of a function's plan. */
void kfunc__desc(const struct kfunc *k, struct bt_kfunc_desc *desc);

/*
 * `btftrace kfuncs PATTERN...`: each function a glob matches, by name, one prototype a line.
 * Returns the count written.
 */
size_t kfunc_list(const struct btf *btf, char *const *globs, int n, struct outbuf *ob);

#endif /* BTFTRACE_KFUNCS_H */

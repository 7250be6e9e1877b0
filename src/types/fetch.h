/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fetch expressions of -e 'SUBSYS:EVENT(prev->comm, filename:string)': checked against BTF
 * and compiled into the steps the collector's one fetch loop runs (struct bt_fetch_prog).
 */
#ifndef BTFTRACE_FETCH_H
#define BTFTRACE_FETCH_H

#include <stddef.h>
#include "catalog/tracepoints.h"
#include "types/types.h"

/* Bytes of an error message of tp_fetch_compile: a struct's members are listed in it. */
#define FETCH_ERR_MAX 16384

/*
 * Compiles the fetch expressions of ev's list (ev->has_fetch) into ev->fetch, each item's
 * kind, type and size set for the decoder. An expression is a root, then '->member',
 * '.member' and '[index]' in any order, then ':string' to read a string where the value
 * points. The root is a field of the format, or, when the kernel has the event's BTF
 * prototype (btf_trace_<name>), one of its arguments: then ev->raw, and every item of the list
 * must be an argument's. types NULL (no BTF): only the format's fields.
 * Returns 0, or -EINVAL with err saying what is wrong and what there is instead (a struct's
 * members for a wrong member name), -ENOMEM.
 */
int tp_fetch_compile(struct tp_event *ev, const struct types *types, char *err, size_t size);

/*
 * Compiles the fetch expressions items[0..nitems) of --kfunc 'func(file->f_pos, count)' into
 * prog against the prototype of function func_id of btf, whose arguments (by their names, or
 * arg0, arg1...) are the roots; each item's kind, type and size set for the decoder as
 * tp_fetch_compile's. Returns 0, or -EINVAL with err saying what is wrong (a struct's members
 * for a wrong member name, the arguments for a wrong root), -ENOMEM.
 */
int kfunc_fetch_compile(const struct btf *btf, __u32 func_id, const char *func,
			struct tp_item *items, int nitems, struct bt_fetch_prog *prog, char *err,
			size_t size);

/* An argument of an event's BTF prototype, as fetch expressions name it. */
struct tp_fetch_arg {
	char name[TP_NAME_MAX];
	char type[TP_TYPE_MAX]; /* "struct task_struct *" */
};

/*
 * The arguments of event name's BTF prototype (btf_trace_<name>), at most max into args:
 * their count, 0 when BTF has no prototype for it.
 */
int tp_fetch_args(const struct types *types, const char *name, struct tp_fetch_arg *args, int max);

#endif /* BTFTRACE_FETCH_H */

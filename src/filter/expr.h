/* SPDX-License-Identifier: GPL-2.0 */
/* --filter expressions and the options that add to them: parsed, then compiled for the collector. */
#ifndef BTFTRACE_FILTER_EXPR_H
#define BTFTRACE_FILTER_EXPR_H

#include <stdbool.h>
#include <stddef.h>
#include "bpf/filter_prog.h"
#include "catalog/catalog.h"
#include "catalog/tracepoints.h"
#include "filter/syscall_set.h"

/* Nodes of one parsed expression: terms, &&, ||, ! (a term of comm == counts once). */
#define FILTER_MAX_NODES 128
/* Nesting of parentheses and '!' in one expression. */
#define FILTER_MAX_DEPTH 16
/* Constants joined by '|' in one value (O_CREAT|O_EXCL). */
#define FILTER_MAX_PARTS 8
/* Length of the expression text. */
#define FILTER_MAX_TEXT 4096
/* Room for any message of this module. */
#define FILTER_ERR_MAX 512

struct filter_expr;

/* Everything the options say about which calls to show; zero: no filter. */
struct filter_spec {
	struct filter_expr *expr; /* --filter, parsed; NULL if none */
	bool failed;		  /* -Z: failed calls only */
	bool successful;	  /* -z: successful calls only */
	__u64 min_duration_ns;	  /* --duration; 0 if none */
	const char *comm;	  /* --comm NAME */
	bool has_uid;		  /* --uid */
	__u32 uid;
	bool has_cgroup; /* --cgroup: the cgroup v2 directory's id and depth */
	__u64 cgroup_id;
	__u32 cgroup_level;
};

/*
 * Parses text (syntax only: no catalog needed, so errors come before any
 * BPF). Returns 0 with *out set, or -EINVAL / -ENOMEM with a one-line
 * message in err: "--filter: column 12: expected a field name, found ')'".
 */
int filter_expr__parse(const char *text, struct filter_expr **out, char *err, size_t err_size);
void filter_expr__free(struct filter_expr *e);

/* A duration with its unit (ns, us, ms, s; none: ns): 0 and *ns, or -EINVAL. */
int filter_parse_duration(const char *text, __u64 *ns);

/* Any option of the spec given: the collector must run a program. */
bool filter_spec__active(const struct filter_spec *spec);
/* Some condition reads the result (ret, errno, duration): calls are decided at exit. */
bool filter_spec__needs_exit(const struct filter_spec *spec);

/* What the collector gets: the program, each syscall's named arguments, the syscalls left. */
struct filter_compiled {
	struct bt_filter_prog prog;
	struct bt_filter_args args[BT_MAX_SYSCALLS];
	struct syscall_set traced; /* the traced set, less syscalls lacking a named argument */
	int nnames;		   /* distinct argument names used */
	char names[BT_FILTER_MAX_NAMES][SYSCALL_ARG_NAME_MAX];
};

struct types;

/*
 * Resolves the spec's names against the catalog and compiles it; types (may
 * be NULL) gives the arguments' C types their sizes and signedness. traced is
 * the set -e leaves; an expression naming arguments (fd, flags) keeps only
 * the syscalls that have every argument it names, and whose tables know
 * every constant it gives such an argument (out->traced). A name may be a
 * number field of an event in events (may be NULL) instead: the events that
 * have it are decided by it (filter_event_slots), and no syscall need have
 * it. Returns 0, or -EINVAL / -E2BIG with a message in err.
 */
int filter_spec__compile(const struct filter_spec *spec, const struct catalog *cat,
			 const struct types *types, const struct syscall_set *traced,
			 const struct tp_set *events, struct filter_compiled *out, char *err,
			 size_t err_size);

/*
 * --filter on -e SUBSYS:EVENT's fields: where ev's entry has the compiled program's argument
 * names (a number field of that name), into desc's filter slots. An event without them is
 * shown as a signal's line is: when the process terms pass.
 */
void filter_event_slots(const struct filter_compiled *f, const struct tp_event *ev,
			struct bt_event_desc *desc);

/* Writes a readable listing of prog (one instruction a line) to buf, as snprintf. */
size_t filter_prog__format(const struct bt_filter_prog *prog, char *buf, size_t size);

#endif /* BTFTRACE_FILTER_EXPR_H */

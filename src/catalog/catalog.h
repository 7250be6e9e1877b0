/* SPDX-License-Identifier: GPL-2.0 */
/* The syscall catalog: numbers from the build-time table, argument names and types from tracefs. */
#ifndef BTFTRACE_CATALOG_H
#define BTFTRACE_CATALOG_H

#include <stdbool.h>
#include <stddef.h>
#include "bpf/record.h"

#define SYSCALL_NAME_MAX 48
#define SYSCALL_ARG_NAME_MAX 48
#define SYSCALL_ARG_TYPE_MAX 96

struct syscall_arg {
	char name[SYSCALL_ARG_NAME_MAX];
	char type[SYSCALL_ARG_TYPE_MAX]; /* C type as tracefs spells it */
};

struct syscall_desc {
	int nr;
	char name[SYSCALL_NAME_MAX];
	char event[SYSCALL_NAME_MAX]; /* tracefs event name without sys_enter_, if any */
	/* the arguments; without a format, the registers shown (0: all six) */
	int nargs;
	bool has_format;    /* false: the arguments are unknown and print raw */
	bool from_fallback; /* the format is btftrace's table's: tracefs has none */
	struct syscall_arg args[BT_MAX_ARGS];
};

/*
 * A syscall's signature for a kernel without its tracefs format: its arguments as tracefs would
 * spell them ("void * umod; unsigned long len"), or for a number no kernel implements, NULL and
 * the count of registers strace shows.
 */
struct syscall_fallback {
	const char *name;
	const char *decls;
	int nraw;
};

/* The fallback signature of the syscall called name, or NULL. */
const struct syscall_fallback *catalog_fallback_find(const char *name);
/* All of them, for tests. */
const struct syscall_fallback *catalog_fallbacks(size_t *count);
/*
 * Gives desc the fallback's arguments (parsed as tracefs fields) or its count of raw
 * registers. Returns 0, or -EINVAL for a declaration the parser does not take.
 */
int catalog_apply_fallback(struct syscall_desc *desc, const struct syscall_fallback *fb);

struct catalog {
	struct syscall_desc descs[BT_MAX_SYSCALLS]; /* by number; name[0] == 0 when unused */
	int nr_known;				    /* numbers with a name */
	int nr_formats;				    /* of those, with a tracefs format */
	char tracefs[256];
};

/*
 * Finds tracefs (/sys/kernel/tracing, then /sys/kernel/debug/tracing) and
 * mounts it at /sys/kernel/tracing when neither is there. Writes its path to
 * dir. Returns 0 or a negative errno: -EACCES when tracefs is mounted but
 * this process may not read it (dir then says where).
 */
int tracefs_find(char *dir, size_t size);

/*
 * Parses one tracefs event format (the text of a sys_enter_* format file)
 * into desc's arguments. Returns 0, or -EINVAL when the text is not a
 * format this parser understands.
 */
int format_parse(const char *text, struct syscall_desc *desc);

/*
 * Fills the catalog from the build-time number table and tracefs at dir.
 * Returns 0, or -EACCES when the formats there may not be read: a syscall
 * without a format is traced raw, but one this process may not read would
 * silently turn every call raw.
 */
int catalog__load(struct catalog *cat, const char *tracefs_dir);

/* The syscall numbered nr, or NULL when the number has no name. */
const struct syscall_desc *catalog__by_nr(const struct catalog *cat, int nr);
/* The syscall called name (its unistd name, or its tracefs event name), or NULL. */
const struct syscall_desc *catalog__by_name(const struct catalog *cat, const char *name);
/* The index of the argument called name in desc, or -1. */
int syscall_desc__arg_index(const struct syscall_desc *desc, const char *name);

#endif /* BTFTRACE_CATALOG_H */

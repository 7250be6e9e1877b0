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
	/*
	 * i386: the register with the high half of the 64-bit argument before
	 * it (pread64's offset): shown as part of that one, not on its own.
	 */
	bool high_half;
	/* i386: the register counts units of 1 << shift bytes (mmap2's offset, in pages) */
	__u8 shift;
};

struct syscall_desc {
	int nr; /* the id (bpf/record.h): the x86_64 number, or BT_NR_I386 + the i386 number */
	char name[SYSCALL_NAME_MAX];
	char event[SYSCALL_NAME_MAX]; /* tracefs event name without sys_enter_, if any */
	/*
	 * The x86_64 call whose format an i386 call takes (its flag tables and
	 * decoders apply too): "mmap" for mmap2. An x86_64 call's own name.
	 */
	char like[SYSCALL_NAME_MAX];
	/* the arguments; without a format, the registers shown (0: all six) */
	int nargs;
	bool has_format;    /* false: the arguments are unknown and print raw */
	bool from_fallback; /* the format is btftrace's table's: tracefs has none */
	/*
	 * i386: an argument is the high half of the one before or counts pages
	 * (high_half, shift): the registers are not the values as they are.
	 */
	bool reshaped;
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
	struct syscall_desc descs[BT_MAX_SYSCALLS]; /* by id; name[0] == 0 when unused */
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

/* The syscall with id nr, or NULL when the id has no name. */
const struct syscall_desc *catalog__by_nr(const struct catalog *cat, int nr);
/*
 * The x86_64 syscall called name (its unistd name, or its tracefs event
 * name), or NULL.
 */
const struct syscall_desc *catalog__by_name(const struct catalog *cat, const char *name);
/*
 * The next syscall of either ABI after id after (-1: the first) called
 * name, or NULL: -e trace=write selects both writes, as strace does.
 */
const struct syscall_desc *catalog__next_by_name(const struct catalog *cat, const char *name,
						 int after);
/* The name of id, or "syscall_N" (N its number in its ABI) written into buf. */
const char *catalog__name(const struct catalog *cat, int id, char *buf, size_t size);

/*
 * i386 calls (i386.c): every number of the build-time i386 table, with the
 * format of the x86_64 call it corresponds to, in i386 types (long and
 * pointers of 4 bytes, compat_* structs, 64-bit values split in two
 * registers); none where no x86_64 call corresponds. Called by
 * catalog__load once the x86_64 formats are read.
 */
void catalog__load_i386(struct catalog *cat);

/*
 * The i386 spelling of an x86_64 argument type for call (an i386 name) in
 * out: 0, or 1 for a 64-bit value, which i386 passes in two registers.
 * Exposed for the unit tests.
 */
int i386_arg_type(const char *call, const char *arg, const char *type, bool time64, char *out,
		  size_t size);
/* The index of the argument called name in desc, or -1. */
int syscall_desc__arg_index(const struct syscall_desc *desc, const char *name);

/* The x86_64 call whose format and decoders desc takes: like, or its own name. */
static inline const char *syscall_desc__like(const struct syscall_desc *desc)
{
	return desc->like[0] ? desc->like : desc->name;
}

/* Argument i is the high half of the one before: printed with it, not alone. */
static inline bool syscall_desc__arg_hidden(const struct syscall_desc *desc, int i)
{
	return desc && desc->reshaped && i >= 0 && i < desc->nargs && desc->args[i].high_half;
}

/*
 * Argument i's value: with the high half from the next register when i386
 * splits it, in bytes where i386 counts pages (mmap2's offset shows as
 * mmap's).
 */
static inline __u64 syscall_desc__arg_value(const struct syscall_desc *desc, const __u64 *args,
					    int i)
{
	if (!desc || !desc->reshaped)
		return args[i];
	if (syscall_desc__arg_hidden(desc, i + 1))
		return (__u32)args[i] | args[i + 1] << 32;
	if (desc && i >= 0 && i < desc->nargs && desc->args[i].shift)
		return args[i] << desc->args[i].shift;
	return args[i];
}

#endif /* BTFTRACE_CATALOG_H */

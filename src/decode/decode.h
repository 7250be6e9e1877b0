/* SPDX-License-Identifier: GPL-2.0 */
/* Turns a call's raw words and captured bytes into text: arguments, structs, flags, errors. */
#ifndef BTFTRACE_DECODE_H
#define BTFTRACE_DECODE_H

#include <stdbool.h>
#include "beauty/beauty.h"
#include "catalog/catalog.h"
#include "decode/hand.h"
#include "decode/outbuf.h"
#include "events/events.h"
#include "types/types.h"

enum xlat_style {
	XLAT_STYLE_ABBREV = 0, /* names: O_RDONLY|O_CLOEXEC */
	XLAT_STYLE_RAW,	       /* numbers only: 0x80000 */
	XLAT_STYLE_VERBOSE,    /* both: 0x80000 /\* O_RDONLY|O_CLOEXEC *\/ */
};

struct decode_opts {
	int string_limit;     /* -s: bytes of buffers and non-path strings shown; 0 = all */
	bool verbose;	      /* -v: structs and arrays in full */
	int struct_depth;     /* nesting shown before {...} */
	enum xlat_style xlat; /* -X */
	bool arg_names;	      /* perf trace style "dfd: AT_FDCWD" */
	bool no_zeros;	      /* omit zero struct members */
	bool pretty;	      /* multi-line structs */
	bool no_btf;	      /* raw values only */
};

struct value_printer;

/* Member printers looked up by (struct type, member name), cached: the lookup is per member. */
#define MEMBER_CACHE_SLOTS 1024
struct member_cache_slot {
	__u32 parent_id;
	const char *member; /* a pointer into the BTF string section: stable */
	const struct value_printer *vp;
	hand_decode_fn hand; /* a byte decoder for the member, e.g. sigaction's sa_mask */
};

struct decoder {
	const struct catalog *cat;
	const struct beauty *beauty;
	const struct types *types; /* types->btf may be NULL */
	struct decode_opts opts;
	/* per syscall and argument: how a plain value prints (flags, constants, fds) */
	const struct value_printer *printers[BT_MAX_SYSCALLS][BT_MAX_ARGS];
	struct member_cache_slot *member_cache; /* MEMBER_CACHE_SLOTS entries */
	/* per syscall and argument: a hand decoder for what BTF cannot lay out */
	hand_decode_fn hand[BT_MAX_SYSCALLS][BT_MAX_ARGS];
	/* per syscall and argument: a hand decoder for what another argument gives its meaning */
	hand_arg_fn call_hand[BT_MAX_SYSCALLS][BT_MAX_ARGS];
	/* per syscall: a hand decoder of the return value (flags, octal, what select left) */
	hand_return_fn ret_hand[BT_MAX_SYSCALLS];
};

/* How decode_print_btf differs from printing an argument's struct. */
struct decode_btf_extra {
	/* the member printers of members of anonymous structs: "bpf_attr" */
	const char *scope;
	/*
	 * The caller says how much of an extensible struct it passes (bpf_attr, perf_event_attr):
	 * members past the data are zeros to the kernel, left out without "...".
	 */
	bool sized_by_caller;
	/* tried before the member printers: for members that depend on another (perf config) */
	bool (*hook)(void *ctx, struct outbuf *ob, const struct btf *btf, __u32 parent_id,
		     const char *member_name, __u32 member_type_id, const void *data, size_t len);
	void *hook_ctx;
};

void decode_opts_default(struct decode_opts *o);
int decoder__init(struct decoder *d, const struct catalog *cat, const struct beauty *beauty,
		  const struct types *types, const struct decode_opts *opts);
void decoder__free(struct decoder *d);

/* The syscall's name, or "syscall_N" written into buf for a number without one. */
const char *decode_syscall_name(const struct decoder *d, int nr, char *buf, size_t size);
/* Calls whose return value is an address, shown in hex. */
bool decode_returns_address(const char *name);
/* What a kernel-internal restart code (include/linux/errno.h) means, or NULL for another value. */
const char *decode_restart_reason(__s64 ret);
/* The xlat table of si_code: who sent signal sig (code <= 0, SI_KERNEL) or why the kernel did. */
const char *decode_si_code_table(int sig, int code);

/*
 * Appends the call as strace shows it for its state, without the return
 * value: "openat(AT_FDCWD, \"/etc/hostname\", O_RDONLY)", "read(0, " +
 * "<unfinished ...>", "<... read resumed>\"x\", 1)".
 */
void decode_call(const struct decoder *d, struct outbuf *ob, const struct call *call);

/*
 * The first return of a new child from clone/fork (0), whose enter was its
 * parent's: strace does not show it, and the parent's line says it all.
 */
bool decode_is_child_start(const struct decoder *d, const struct call *call);

/* Appends a line that is not a call: "--- SIGINT {si_signo=SIGINT, ...} ---", "+++ exited with 0 +++". */
void decode_event(const struct decoder *d, struct outbuf *ob, const struct bt_rec_hdr *hdr);

/*
 * Appends the call's return value: "3", "-1 ENOENT (No such file or directory)", "0x7f..",
 * "0x1 (flags FD_CLOEXEC)", "?".
 */
void decode_return(const struct decoder *d, struct outbuf *ob, const struct call *call);

/* Prints len bytes as BTF type type_id with the decoder's options and member printers. */
void decode_print_btf(const struct decoder *d, struct outbuf *ob, __u32 type_id, const void *data,
		      size_t len, const struct decode_btf_extra *extra);

#endif /* BTFTRACE_DECODE_H */

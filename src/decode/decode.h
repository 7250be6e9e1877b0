/* SPDX-License-Identifier: GPL-2.0 */
/* Turns a call's raw words and captured bytes into text: arguments, structs, flags, errors. */
#ifndef BTFTRACE_DECODE_H
#define BTFTRACE_DECODE_H

#include <stdbool.h>
#include <string.h>
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
	bool decode_fds;      /* -y: fds with their paths, 3</etc/hostname> */
};

struct value_printer;
struct fd_table;

/* -y: what a call does to the descriptor table (fd_paths.c). */
enum fd_effect {
	FD_FX_NONE = 0,
	FD_FX_OPEN,	   /* returns a new fd for its path argument */
	FD_FX_NEW,	   /* returns a new fd that only /proc can name (socket, pipe) */
	FD_FX_DUP,	   /* returns a copy of argument 0 */
	FD_FX_DUP2,	   /* argument 1 becomes a copy of argument 0 */
	FD_FX_FCNTL,	   /* F_DUPFD and F_DUPFD_CLOEXEC return a copy */
	FD_FX_CLOSE,	   /* closes argument 0 */
	FD_FX_CLOSE_RANGE, /* closes arguments 0 to 1 */
	FD_FX_PAIR,	   /* writes two new fds into an int[2] (pipe, socketpair) */
	FD_FX_EXEC,	   /* a new image: close-on-exec fds gone */
	FD_FX_CLONE,	   /* a child with copies of the fds */
	FD_FX_CHDIR,	   /* a new cwd: the path in argument 0 */
	FD_FX_FCHDIR,	   /* a new cwd: what argument 0 refers to */
};

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
	/* per syscall: what it does to the fd table */
	unsigned char fd_effect[BT_MAX_SYSCALLS];
	/* -y: the fds' paths, owned by the session; NULL without -y */
	struct fd_table *fds;
	/*
	 * Per syscall, found by name once rather than per call: the return
	 * value is an address (shown in hex), and the index of the mode
	 * argument open and openat ignore unless they create (0: none).
	 */
	bool ret_is_address[BT_MAX_SYSCALLS];
	__u8 open_mode_arg[BT_MAX_SYSCALLS];
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
/* The syscall returns an address (mmap, brk...): shown in hex. */
bool decode_returns_address(const struct decoder *d, int nr);
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
 * restart_syscall's call: the name of the call it resumes (in buf when it has
 * no name), or NULL for any other call or when that call was not seen.
 */
const char *decode_resumed_call_name(const struct decoder *d, const struct call *call, char *buf,
				     size_t size);

/*
 * The first return of a new child from clone/fork (0), whose enter was its
 * parent's: strace does not show it, and the parent's line says it all.
 */
bool decode_is_child_start(const struct decoder *d, const struct call *call);

/* Appends a line that is not a call: "--- SIGINT {si_signo=SIGINT, ...} ---", "+++ exited with 0 +++". */
void decode_event(const struct decoder *d, struct outbuf *ob, const struct bt_rec_hdr *hdr);
/* --lossless: "<... ring buffer full: 3 calls, 2 returns lost ...>" */
void decode_lost(struct outbuf *ob, const struct bt_lost *lost);

/*
 * Appends the call's return value: "3", "-1 ENOENT (No such file or directory)", "0x7f..",
 * "0x1 (flags FD_CLOEXEC)", "?".
 */
void decode_return(const struct decoder *d, struct outbuf *ob, const struct call *call);

/* Prints len bytes as BTF type type_id with the decoder's options and member printers. */
void decode_print_btf(const struct decoder *d, struct outbuf *ob, __u32 type_id, const void *data,
		      size_t len, const struct decode_btf_extra *extra);

/* -y (fd_paths.c) */
enum fd_effect decode_fd_effect_of(const char *name);
/* Every call that changes fds is traced (rules of all syscalls): the fd table can follow them. */
bool decode_fd_calls_selected(const struct decoder *d, const struct bt_syscall_rules *rules);
/* The path of argument i when it is an fd (AT_FDCWD: the cwd), or NULL. */
const char *decode_fd_arg_path(const struct decoder *d, const struct bt_rec_hdr *hdr, int nr, int i,
			       __u64 v);
/* Appends "<path>" for argument i when it is an fd with a known path. */
void decode_put_fd_arg_path(const struct decoder *d, struct outbuf *ob,
			    const struct bt_rec_hdr *hdr, int nr, int i, __u64 v);
/* The path of the fd a call returned (open, socket, dup...), or NULL. */
const char *decode_returned_fd_path(const struct decoder *d, const struct call *call, char *buf,
				    size_t size);
/* Appends "<path>" for the fd a call returned, when it has one. */
void decode_put_returned_fd_path(const struct decoder *d, struct outbuf *ob,
				 const struct call *call);
/* pipe's, pipe2's or socketpair's fds with their paths: [5<pipe:[12]>, 6<pipe:[12]>]. */
bool decode_put_fd_pair(const struct decoder *d, struct outbuf *ob, const struct call *call,
			const struct bt_capture *out);
/* Updates the fd table with what a call shown did (after it was shown). */
void decode_track_fds(const struct decoder *d, const struct call *call);

/*
 * Shared by the text and JSON decoders: the same reading of a call, two
 * syntaxes.
 */

/* A syscall's return value that is an error (-4095..-1). */
static inline bool decode_is_error(__s64 ret)
{
	return ret < 0 && ret >= -4095;
}

/* Narrows a 64-bit register to the argument's C type. */
static inline __s64 decode_narrow_signed(__u64 v, __u32 size)
{
	switch (size) {
	case 1:
		return (__s8)v;
	case 2:
		return (__s16)v;
	case 4:
		return (__s32)v;
	default:
		return (__s64)v;
	}
}

static inline __u64 decode_narrow_unsigned(__u64 v, __u32 size)
{
	switch (size) {
	case 1:
		return (__u8)v;
	case 2:
		return (__u16)v;
	case 4:
		return (__u32)v;
	default:
		return v;
	}
}

static inline const void *decode_cap_data(const struct bt_capture *cap)
{
	return cap + 1;
}

/* The kernel had more than the capture holds: cut at the cap, or read short. */
static inline bool decode_cap_cut(const struct bt_capture *cap)
{
	return (cap->flags & BT_CAP_TRUNCATED) || cap->want > cap->len;
}

/*
 * The parts of a vector capture, one at a time (execve's strings, an
 * iovec's buffers): the part at *pos when it and its bytes lie before end,
 * else NULL; *pos moves on to the next.
 */
static inline const struct bt_str_part *decode_next_str_part(const char **pos, const char *end)
{
	const struct bt_str_part *part = (const void *)*pos;

	if (*pos + sizeof(*part) > end || (const char *)(part + 1) + part->len > end)
		return NULL;
	*pos = (const char *)(part + 1) + BT_ALIGN8(part->len);
	return part;
}

static inline const struct bt_iov_part *decode_next_iov_part(const char **pos, const char *end)
{
	const struct bt_iov_part *part = (const void *)*pos;

	if (*pos + sizeof(*part) > end || (const char *)(part + 1) + part->got > end)
		return NULL;
	*pos = (const char *)(part + 1) + BT_ALIGN8(part->got);
	return part;
}

static inline bool decode_captures_equal(const struct bt_capture *a, const struct bt_capture *b)
{
	return a->len == b->len && !memcmp(decode_cap_data(a), decode_cap_data(b), a->len);
}

/* An argument only the kernel fills: shown after the call returns. */
static inline bool decode_is_output_arg(const struct bt_syscall_rules *rules, int i)
{
	return rules && rules->exit[i].len != BT_LEN_NONE && rules->enter[i].len == BT_LEN_NONE;
}

/*
 * The record holding what argument i's struct user_msghdr points to
 * (BT_CAP_INNER_* captures): sendmsg's enter, a recvmsg's exit when it
 * succeeded; NULL otherwise.
 */
const struct bt_rec_hdr *decode_msghdr_parts(const struct decoder *d, int nr, int i,
					     const struct bt_enter_rec *enter,
					     const struct bt_exit_rec *exit);
/*
 * What argument i points to was to be read, but its record came without its
 * captures: the ring buffer had no room for it whole.
 */
bool decode_arg_dropped(const struct decoder *d, int nr, int i, const struct bt_enter_rec *enter,
			const struct bt_exit_rec *exit);
/* Arguments of syscall nr: its format's, or all six when it has none. */
int decode_nargs(const struct decoder *d, int nr);
/* The first argument the kernel fills, where an unfinished call stops; nargs if none. */
int decode_first_output_arg(const struct decoder *d, int nr, int nargs);
/* The cached member printers of (parent struct, member), or NULL slot fields. */
const struct member_cache_slot *decode_member_slot(const struct decoder *d, const struct btf *btf,
						   __u32 parent_id, const char *member);
/*
 * The captures of argument i: *in what the caller passed (read again at
 * exit when its page was absent at enter), *out what the kernel wrote
 * (NULL for a failed call). Either may be NULL.
 */
void decode_arg_captures(const struct bt_enter_rec *enter, const struct bt_exit_rec *exit, int i,
			 const struct bt_capture **in, const struct bt_capture **out);
/*
 * The same, by the argument's rule of when the kernel writes it: *out only
 * after a signal interrupted the call (nanosleep's time left), else only on
 * success.
 */
void decode_call_captures(const struct decoder *d, int nr, int i, const struct bt_enter_rec *enter,
			  const struct bt_exit_rec *exit, const struct bt_capture **in,
			  const struct bt_capture **out);
/*
 * How many bytes of out, output argument i's capture, the kernel wrote: all
 * that was read, or for a sockaddr the lesser of its buffer size and the
 * length the kernel returned through its in/out length argument (more: the
 * kernel wrote more than was read).
 */
size_t decode_written_len(const struct decoder *d, int nr, int i, const struct bt_enter_rec *enter,
			  const struct bt_exit_rec *exit, const struct bt_capture *out, bool *more);

#endif /* BTFTRACE_DECODE_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Decoders written by hand, for what neither tracefs nor BTF can say, grouped in one file per
 * family of syscalls (net.c, signal.c, file.c...). Each family lists what it decodes in a
 * struct hand_family; families.c gathers them, and lists every family.
 */
#ifndef BTFTRACE_HAND_H
#define BTFTRACE_HAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "base/writer.h"
#include "base/xlat.h"
#include "bpf/record.h"
#include "decode/btf_printer.h"
#include "decode/captures.h"

struct decoder;

/*
 * A byte decoder: writes len captured bytes of one argument (or struct member) whose layout
 * BTF cannot give (a sockaddr by its family, a signal set's bits); more says the capture was
 * cut short.
 */
typedef void (*hand_bytes_fn)(const struct decoder *d, struct writer *w, const void *data,
			      size_t len, bool more);

enum hand_result {
	HAND_PRINTED, /* the decoder wrote the argument */
	HAND_DEFAULT, /* write it the generic way (the decoder wrote nothing) */
	HAND_OMIT,    /* leave the argument out: this call does not use it (nothing written) */
};

/*
 * A call decoder: writes argument i of a call whose meaning another argument decides
 * (ioctl's arg by cmd, setsockopt's optval by level and optname).
 */
typedef enum hand_result (*hand_arg_fn)(struct writer *w, const struct hand_call *hc, int i);

/*
 * A return decoder, for a call that succeeded: writes r (which it may change: the format of
 * the number) and any note after it ("0x1 (flags FD_CLOEXEC)"), or returns false having
 * written nothing.
 */
typedef bool (*hand_return_fn)(struct writer *w, const struct hand_call *hc, struct wr_ret *r);

/* Which arguments a whole-call decoder writes: a split call's two lines have a part each. */
enum hand_part {
	HAND_PART_ALL,	 /* the whole call */
	HAND_PART_ENTER, /* what its unfinished line shows: what went in */
	HAND_PART_EXIT,	 /* what its resumed line adds */
};

/*
 * A whole-call decoder, for a call strace shows in an order or a form of its own (clone's
 * child_stack=..., flags=...): writes the part's arguments (arg_begin to arg_end), or returns
 * false having written nothing, for the generic walk.
 */
typedef bool (*hand_call_fn)(struct writer *w, const struct hand_call *hc, enum hand_part part);

struct hand_bytes_entry {
	const char *scope; /* a syscall, or a struct for a member */
	const char *name;  /* the argument or member */
	hand_bytes_fn fn;
};

struct hand_arg_entry {
	const char *syscall;
	const char *arg;
	hand_arg_fn fn;
};

struct hand_return_entry {
	const char *syscall;
	hand_return_fn fn;
};

struct hand_call_entry {
	const char *syscall;
	hand_call_fn fn;
};

/* A struct strace shows in an order or a short form of its own. */
struct hand_shape_entry {
	const char *name; /* the struct's BTF name */
	struct btf_shape shape;
};

/* What one family of syscalls decodes by hand. */
struct hand_family {
	const char *name;
	const struct hand_bytes_entry *bytes;
	size_t nbytes;
	const struct hand_arg_entry *args;
	size_t nargs;
	const struct hand_return_entry *returns;
	size_t nreturns;
	const struct hand_shape_entry *shapes;
	size_t nshapes;
	const struct hand_call_entry *calls;
	size_t ncalls;
};

extern const struct hand_family family_bpf, family_file, family_fs, family_io, family_ioctl,
	family_ipc, family_keys, family_ldt, family_mem, family_msghdr, family_net, family_poll,
	family_prctl, family_proc, family_sched, family_signal, family_sockopt, family_time,
	family_xattr;
/* Every family, NULL-ended (families.c). */
extern const struct hand_family *const hand_families[];

/* Look-ups in a NULL-ended list of families: the decoder, or NULL. */
hand_bytes_fn hand_bytes_find(const struct hand_family *const *fams, const char *scope,
			      const char *name);
hand_arg_fn hand_arg_find(const struct hand_family *const *fams, const char *syscall,
			  const char *arg);
hand_return_fn hand_return_find(const struct hand_family *const *fams, const char *syscall);
hand_call_fn hand_call_find(const struct hand_family *const *fams, const char *syscall);
const struct hand_shape_entry *hand_shape_find(const struct hand_family *const *fams,
					       const char *name);

/* Helpers the families share (helpers.c): */

/* Begins argument i of the call as the walk does (its name, type and raw value for JSON). */
void hand_arg_begin(struct writer *w, const struct hand_call *hc, int i);

/* A value by the table, as -X asks: a constant or flags. */
void hand_put_xlat(struct writer *w, const struct xlat *table, uint64_t val);
/*
 * The names of val's bits in the table, as flags of the value begun (w_flags_begin): returns
 * the bits no name took, for w_flags_end. For values made of fields and flags (fanotify_init's
 * class and flags, memfd_create's page size).
 */
uint64_t hand_put_flag_names(struct writer *w, const struct xlat *table, uint64_t val);
/* A pointer argument: NULL or its address in hex. */
void hand_put_pointer(struct writer *w, uint64_t v);
/*
 * A pointer whose data the decoder does not show (not read, not written, or it faulted): its
 * address in text, null in JSON, as the walk writes any such pointer. tried is the capture
 * that was looked for, or NULL: whether reading it faulted.
 */
void hand_put_unread(struct writer *w, uint64_t v, const struct bt_capture *tried);
/*
 * A length the caller passes in and the kernel writes back (socklen_t): [size], or
 * [size => len] when the kernel changed it; [size] alone when the result was not read.
 */
/*
 * The string argument i passes in, as strace prints any string but a path: at most -s bytes
 * and "..." when it went on (read up to an unmapped page: when -s + 1 bytes were before it);
 * the address when it was not read. An argument decoder of its own (xattr names,
 * memfd_create's, key strings): always HAND_PRINTED.
 */
enum hand_result hand_put_limited_string(struct writer *w, const struct hand_call *hc, int i);
/* An int behind a pointer argument, as read at enter or exit: false when it was not. */
bool hand_cap_int(const struct bt_capture *cap, int *v);
void hand_put_len_inout(struct writer *w, int64_t size, bool got_len, int64_t len);
/* A captured int: "[5]"; "[...]" when the capture is too short. */
void hand_put_int(struct writer *w, const struct bt_capture *cap);
/*
 * Writes data as the BTF type named type_name ("struct linger") with the decoder's member
 * printers; false (and nothing written) when BTF lacks the type or len is less than its size.
 */
bool hand_put_btf(const struct decoder *d, struct writer *w, const char *type_name,
		  const void *data, size_t len);
/* The size of the BTF type named type_name ("struct linger"), or -1 when BTF lacks it. */
__s64 hand_btf_size(const struct decoder *d, const char *type_name, __u32 *id);

/* Decoders more than one family uses: */

/* A string that is no path, which -s cuts: memfd_create's name, an xattr name. */
void hand_print_limited_str(const struct decoder *d, struct writer *w, const void *data, size_t len,
			    bool more);
/* sockaddr by family: {sa_family=AF_INET, sin_port=htons(9), sin_addr=inet_addr("127.0.0.1")} */
void hand_print_sockaddr(const struct decoder *d, struct writer *w, const void *data, size_t len,
			 bool more);
/*
 * An IPv4 or IPv6 address as member key: inet_addr("127.0.0.1"), inet_pton(AF_INET6, "::1",
 * &key); with -X raw its bytes, with -X verbose both.
 */
void hand_put_inet_addr(struct writer *w, const char *key, int family, const void *addr);
/* A signal set: [INT TERM], or ~[...] when more than half the signals are in it. */
void hand_print_sigset(const struct decoder *d, struct writer *w, const void *data, size_t len,
		       bool more);
/* A siginfo as strace shows it: {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=...}. */
void hand_print_siginfo(const struct decoder *d, struct writer *w, const void *data, size_t len,
			bool more);
/*
 * A struct sigevent as strace shows it (mq_notify's, timer_create's): the value when not 0,
 * the signal, the kind, and what the kind uses.
 */
void hand_print_sigevent(const struct decoder *d, struct writer *w, const void *data, size_t len,
			 bool more);
/* Clock ticks as strace shows them: 30 /\* 0.30 s *\/ (0 alone). */
void hand_put_clock_t(struct writer *w, long long ticks);
/* The numbers of the set bits, below limit (or all with limit < 0): [0 4]. */
void hand_print_bit_list(struct writer *w, const void *data, size_t len, long limit, bool more);
/*
 * readv's and writev's buffers: [{iov_base="ab", iov_len=2}, ...], count of them at addr;
 * addresses: the buffers by their addresses (a read that failed filled none).
 */
void hand_print_iovec(struct writer *w, const struct bt_capture *cap, uint64_t addr, uint64_t count,
		      bool addresses);
/* -y: what fd of the call's process refers to, or NULL (no -y, a negative fd, unknown). */
const char *hand_fd_path(const struct hand_call *hc, int fd);
/* Writes fd of the call's process with what -y, -yy show of it, from path (NULL: unknown). */
void hand_write_fd(const struct hand_call *hc, struct writer *w, int fd, const char *path);
/*
 * An I/O priority as strace shows it: IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4); -X raw the
 * number (hex: in hex, as strace shows a struct's u16, else as an int), -X verbose the number
 * with the macro as its comment: 16388 /\* IOPRIO_PRIO_VALUE(0x2 /\* IOPRIO_CLASS_BE *\/, 4) *\/.
 */
void hand_put_ioprio(struct writer *w, uint32_t prio, bool hex);

#endif /* BTFTRACE_HAND_H */

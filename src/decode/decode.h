/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Decodes calls: one walk over a call's raw words and captured bytes (arguments by role and
 * type, hand decoders, BTF values, the return value, fd paths) into a writer, the text's or
 * JSON's. Sinks see a call through its view and this walk, never its records.
 */
#ifndef BTFTRACE_DECODE_H
#define BTFTRACE_DECODE_H

#include <stdbool.h>
#include "base/desc_set.h"
#include "base/values.h"
#include "base/writer.h"
#include "beauty/beauty.h"
#include "beauty/kfuncs.h"
#include "catalog/catalog.h"
#include "catalog/tracepoints.h"
#include "container/container.h"
#include "decode/captures.h"
#include "decode/hand.h"
#include "decode/pid_table.h"
#include "events/events.h"
#include "stack/stack.h"
#include "types/types.h"

struct decode_opts {
	int string_limit;	    /* -s: bytes of buffers and non-path strings shown; 0 = all */
	bool verbose;		    /* -v: structs and arrays in full */
	int struct_depth;	    /* nesting shown before {...} */
	enum wr_xlat_style xlat;    /* -X */
	bool arg_names;		    /* perf trace style "dfd: AT_FDCWD" */
	bool no_zeros;		    /* omit zero struct members */
	bool pretty;		    /* multi-line structs */
	bool no_btf;		    /* raw values only */
	unsigned int decode_fds;    /* -y, -yy, --decode-fds: DECODE_FDS_* */
	enum quote_hex hex;	    /* -x, -xx, --strings-in-hex: where strings use hex */
	unsigned int decode_pids;   /* -Y, --decode-pids: DECODE_PIDS_* */
	unsigned int result_column; /* --columns: the column of " = " (strace's -a) */
	/* -e read=SET, -e write=SET: dump the data read from, written to these fds; or NULL */
	const struct desc_set *dump_read, *dump_write;
};

/* --columns: strace takes -a up to INT_MAX; more than this is a line of its own of spaces */
#define MAX_RESULT_COLUMN 4096
#define DEFAULT_RESULT_COLUMN 40

/* -Y, --decode-pids=: what pids show besides their number. */
#define DECODE_PIDS_COMM (1u << 0) /* comm: the thread's name, 1234<bash> */
#define DECODE_PIDS_NS (1u << 1)   /* pidns: the number in btftrace's PID namespace */
#define DECODE_PIDS_ALL (DECODE_PIDS_COMM | DECODE_PIDS_NS)

/* -y, -yy, --decode-fds=: what fds show besides their number. */
#define DECODE_FDS_PATH (1u << 0)     /* path: 3</etc/hostname> */
#define DECODE_FDS_SOCKET (1u << 1)   /* socket: 3<TCP:[127.0.0.1:1->127.0.0.1:9]> */
#define DECODE_FDS_DEV (1u << 2)      /* dev: 0</dev/null<char 1:3>> */
#define DECODE_FDS_PIDFD (1u << 3)    /* pidfd: 4<pid:1234> */
#define DECODE_FDS_SIGNALFD (1u << 4) /* signalfd: 5<signalfd:[USR1]> (strace 6.3's) */
#define DECODE_FDS_EVENTFD (1u << 5)  /* eventfd: 6<{eventfd-count=0x1, ...}> (strace 6.3's) */
/* -yy, --decode-fds=all: what strace 6.1 knows; signalfd and eventfd are asked for by name */
#define DECODE_FDS_ALL (DECODE_FDS_PATH | DECODE_FDS_SOCKET | DECODE_FDS_DEV | DECODE_FDS_PIDFD)
#define DECODE_FDS_EVERY (DECODE_FDS_ALL | DECODE_FDS_SIGNALFD | DECODE_FDS_EVENTFD)

/* decoder.style[nr]: strace's per-syscall -e raw=, -e abbrev= and -e verbose= */
#define DECODE_STYLE_RAW 1u	 /* raw=: arguments and result as hex numbers, undecoded */
#define DECODE_STYLE_FULL 2u	 /* abbrev= leaves it out (-v for all): in full */
#define DECODE_STYLE_NO_DEREF 4u /* verbose= leaves it out: structs and arrays as addresses */

struct fd_table;
struct sock_diag;

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
	FD_FX_REMOVE,	   /* removes its path argument: the fds of that file are "(deleted)" */
	FD_FX_RENAME,	   /* renames its first path argument to its second */
};

/* -e read=, -e write=: which data of a call strace dumps (dump.c). */
enum dump_kind {
	DUMP_NONE = 0,
	DUMP_WRITE_BUF, /* argument 1, as many bytes as argument 2 says */
	DUMP_READ_BUF,	/* argument 1, as many bytes as the call returned */
	DUMP_WRITE_IOV, /* the buffers of argument 1's iovec */
	DUMP_READ_IOV,	/* the same, as many bytes as the call returned */
	DUMP_WRITE_MSG, /* the buffers of argument 1's msghdr */
	DUMP_READ_MSG,	/* the same, as many bytes as the call returned */
};

/* Member printers looked up by (struct type, member name), cached: the lookup is per member. */
#define MEMBER_CACHE_SLOTS 1024
struct member_cache_slot {
	__u32 parent_id;
	const char *member; /* a pointer into the BTF string section: stable */
	const struct value_printer *vp;
	hand_bytes_fn hand; /* a byte decoder for the member, e.g. sigaction's sa_mask */
};

/* Struct shapes found by BTF type id, cached: a struct's shape is asked each time it prints. */
#define SHAPE_CACHE_SLOTS 256
struct shape_cache_slot {
	__u32 type_id; /* 0: empty */
	const struct hand_shape_entry *shape;
};

/* A thread, as a record's header names it, and when (the header of its call's record). */
struct decode_thread {
	struct bt_rec_hdr hdr;
};

struct decoder {
	const struct catalog *cat;
	const struct beauty *beauty;
	const struct types *types; /* types->btf may be NULL */
	struct decode_opts opts;
	const struct hand_family *const *families;
	/* per syscall and argument: how a plain value prints (flags, constants, fds) */
	const struct value_printer *printers[BT_MAX_SYSCALLS][BT_MAX_ARGS];
	/* per syscall and pointer argument: how the numbers it points to print, by their type */
	const struct value_printer *pointee_printers[BT_MAX_SYSCALLS][BT_MAX_ARGS];
	struct member_cache_slot *member_cache; /* MEMBER_CACHE_SLOTS entries */
	struct shape_cache_slot *shape_cache;	/* SHAPE_CACHE_SLOTS entries */
	struct btf_print_cache *btf_plans;	/* how the structs of types->btf print */
	/*
	 * The thread whose call is being written, set by decode_write_call: whose fd table an
	 * fd in a struct member names (-y), where no argument's record is at hand.
	 */
	struct decode_thread *thread;
	/* per syscall and argument: a hand decoder for what BTF cannot lay out */
	hand_bytes_fn hand[BT_MAX_SYSCALLS][BT_MAX_ARGS];
	/* per syscall and argument: a hand decoder for what another argument gives its meaning */
	hand_arg_fn call_hand[BT_MAX_SYSCALLS][BT_MAX_ARGS];
	/* per syscall: a decoder of all its arguments, in strace's order and form (clone) */
	hand_call_fn call_decoder[BT_MAX_SYSCALLS];
	/* per syscall: a hand decoder of the return value (flags, octal, what select left) */
	hand_return_fn ret_hand[BT_MAX_SYSCALLS];
	/* per syscall: the data -e read= and -e write= dump */
	unsigned char dump_kind[BT_MAX_SYSCALLS];
	/* per syscall: what it does to the fd table */
	unsigned char fd_effect[BT_MAX_SYSCALLS];
	/* per syscall: the name of the anonymous file it makes (-y), or NULL */
	const char *fd_made_name[BT_MAX_SYSCALLS];
	/* -y: the fds' paths, owned by the session; NULL without -y */
	struct fd_table *fds;
	/* -yy: the sockets' endpoints, owned by the session; NULL unless socket is asked for */
	struct sock_diag *socks;
	/*
	 * -yy: the endpoints the kernel kept of an inet socket by inode at the calls that set
	 * them and at its close (0, or -ENOENT); for a socket closed before its line prints.
	 * NULL: none are kept.
	 */
	int (*sock_endpoints)(void *ctx, __u64 ino, struct bt_sock_endpoints *out);
	void *sock_endpoints_ctx;
	/* -Y, --decode-pids: the threads' names and namespaces, owned by the session; or NULL */
	struct pid_table *pids;
	/* -k, --kernel-stack: unwinds and names stacks, owned by the session; or NULL */
	struct stack_unwinder *stacks;
	/* --container, -a: which container each thread is in, owned by the session; or NULL */
	struct container_table *containers;
	/* -e SUBSYS:EVENT: the tracepoints selected, owned by the session; or NULL */
	const struct tp_set *tracepoints;
	/* --kfunc: the kernel functions selected, owned by the session; or NULL */
	const struct kfunc_set *kfuncs;
	/* per syscall and argument, and per syscall's return value: what a pid there names */
	unsigned char pid_arg[BT_MAX_SYSCALLS][BT_MAX_ARGS];
	unsigned char ret_pid_kind[BT_MAX_SYSCALLS];
	/*
	 * Per syscall, found by name once rather than per call: the return
	 * value is an address (shown in hex), and the index of the mode
	 * argument open and openat ignore unless they create (0: none).
	 */
	bool ret_is_address[BT_MAX_SYSCALLS];
	__u8 open_mode_arg[BT_MAX_SYSCALLS];
	/* per syscall: DECODE_STYLE_*, how -e raw=, abbrev= and verbose= show its calls */
	unsigned char style[BT_MAX_SYSCALLS];
	/* restart_syscall's number, or -1 */
	int nr_restart_syscall;
	/* the numbers -Y treats apart, or -1 */
	int nr_clone, nr_clone3, nr_fork, nr_vfork, nr_wait4, nr_waitid;
};

void decode_opts_default(struct decode_opts *o);
int decoder__init(struct decoder *d, const struct catalog *cat, const struct beauty *beauty,
		  const struct types *types, const struct decode_opts *opts);
void decoder__free(struct decoder *d);

/* The limits and style of the text writer that -s, -v, -X and the rest ask for. */
void decode_text_limits(const struct decode_opts *o, struct wr_limits *lim);
void decode_text_writer_opts(const struct decode_opts *o, struct text_writer_opts *two);

/* The syscall's name, or "syscall_N" written into buf for a number without one. */
const char *decode_syscall_name(const struct decoder *d, int nr, char *buf, size_t size);

/* Not a call: what happened instead. */
enum call_event {
	CEV_NONE = 0,
	CEV_SIGNAL,	/* a signal delivered: "--- SIGCHLD {...} ---" */
	CEV_EXIT,	/* a thread or process ended: "+++ exited with 0 +++" */
	CEV_SUPERSEDED, /* an exec from another thread ended this one */
	CEV_LOST,	/* --lossless: what the full ring buffer lost here */
	CEV_TRACEPOINT, /* -e SUBSYS:EVENT: "sched:sched_process_fork(parent_comm=\"sh\", ...)" */
	CEV_DETACHED,	/* -b execve: tracing let go of the process; no line */
	CEV_KFUNC,	/* --kfunc: a kernel function called: "  > vfs_read(file={...}, ...) = 3" */
};

/* A call (or event) as a sink sees it: what a line says besides the walk's part. */
struct call_view {
	const struct call *call; /* for the walk; a sink never looks inside */
	enum call_state state;
	__u32 pid, tid;
	/* --container, -a: the container the thread is in; NULL for the host's */
	const struct container *container;
	__u64 ts;	   /* the enter's kernel time (the exit's when the enter was not seen) */
	__u64 end_ts;	   /* the exit's kernel time, when it was seen: a resumed line's */
	bool timed;	   /* enter and exit were both seen: */
	__u64 duration_ns; /* the exit's time less the enter's */
	const char *comm;  /* the thread's name at the enter, NULL when the enter was not seen */
	__u64 ip;	   /* -i: the user instruction pointer of the call, when has_ip */
	bool has_ip;	   /* the enter was seen (its ip is 0 without -i) */
	size_t comm_len;
	int nr;
	const char *name;	/* the syscall's name */
	const char *resumes;	/* restart_syscall: the call it resumes, when it was seen */
	bool returned;		/* the exit was seen */
	bool failed;		/* it returned an error */
	bool captures_dropped;	/* a record came without its captured data (ring buffer full) */
	bool captures_not_kept; /* of those, one kept in the kernel, too large for its slot */
	/* -e inject=: btftrace gave the result ("(INJECTED)"), held the call ("(DELAYED)") */
	bool injected, delayed;
	/* the result btftrace gave is retval=: a value, never an error, as strace shows it */
	bool injected_value;
	/* a new child's first return from clone/fork: strace does not show it */
	bool child_start;
	/*
	 * -k, --kernel-stack: the call's stacks, shown with the line that ends the call (as
	 * strace shows them after "<... read resumed>"), not with an unfinished one.
	 */
	bool has_stack;
	struct stack_trace stack;
	bool stack_lost; /* the call was to have stacks, and the ring buffer had no room */
	/* UNFINISHED: tracing stopped (-p, -a) while the call went on */
	bool detached;
	/*
	 * -e io_uring=: an operation submitted through an io_uring, shown as the call it stands
	 * for (nr), named io_uring:OP; its opcode, user_data and BT_URING_* flags
	 */
	bool via_uring;
	unsigned int uring_opcode;
	__u64 uring_user_data;
	unsigned int uring_flags;

	enum call_event event;
	/* CEV_SIGNAL */
	int signo;
	const char *signame;
	/* CEV_EXIT */
	bool killed; /* by a signal (signo, signame), else exited with exit_status */
	int exit_status;
	bool core_dumped;
	bool group_dead; /* the last thread: the process ended */
	/* CEV_SUPERSEDED */
	__u32 old_tid;
	/* CEV_LOST */
	__u64 lost_calls, lost_returns, lost_events;
	/* CEV_TRACEPOINT: its format (NULL: an id not selected), and "system:name" in name */
	const struct tp_event *tracepoint;
	/* CEV_KFUNC: the function (NULL: an index not selected), its name in name */
	const struct kfunc *kfunc;
	unsigned int kfunc_depth; /* calls of kernel functions it was made in */

	char namebuf[32], resumes_buf[32], signame_buf[32];
};

void decode_view(const struct decoder *d, const struct call *call, struct call_view *v);

/*
 * Writes the call as its state shows it, up to the return value: "openat(AT_FDCWD,
 * \"/etc/hostname\", O_RDONLY)", "read(0, <unfinished ...>", "<... read resumed>\"x\", 1)".
 */
void decode_write_call(const struct decoder *d, struct writer *w, const struct call_view *v);
/*
 * Writes how the call returned: "3", "-1 ENOENT (No such file or directory)", "0x7f..",
 * "0x1 (flags FD_CLOEXEC)", "?".
 */
void decode_write_return(const struct decoder *d, struct writer *w, const struct call_view *v);
/*
 * A CEV_TRACEPOINT's fields, by its tracefs format: text "sched:sched_switch(prev_comm=\"sh\",
 * prev_pid=10, ...)", JSON an object of the fields (tracepoint.c).
 */
void decode_write_tracepoint(const struct decoder *d, struct writer *w, const struct call_view *v);
/*
 * A CEV_KFUNC's call, decoded by the function's BTF prototype: text "vfs_read(file={...},
 * buf=\"...\", count=64, pos=[0]) = 3", JSON its "args" and "ret" (kfunc.c).
 */
void decode_write_kfunc(const struct decoder *d, struct writer *w, const struct call_view *v);
/* A CEV_SIGNAL's line: "--- SIGCHLD {si_signo=SIGCHLD, ...} ---". */
void decode_write_signal(const struct decoder *d, struct writer *w, const struct call_view *v);

/* The data strace dumps of the syscall called name, for -e read= and -e write=. */
enum dump_kind decode_dump_kind_of(const char *name);
/*
 * -e read=, -e write=: appends strace's dump of the data the call read or wrote, when its fd
 * is in the set: " | 00000  68 69 0a  ...  hi. |" lines, and for the buffers of an iovec
 * " * 3 bytes in buffer 0" before each. What was captured is dumped (--capture-size).
 */
void decode_write_dump(const struct decoder *d, struct outbuf *ob, const struct call_view *v);

/*
 * -Y, --decode-pids: what a pid names (pids.c). The kind of argument arg of syscall (by
 * name), and of its return value; PID_NONE for none.
 */
enum pid_kind decode_pid_arg_kind(const char *syscall, const char *arg);
enum pid_kind decode_pid_return_kind(const char *syscall);
/* A pid thread caller gave or got, of the kind: 1234<bash>, 2 /\* 1234 in strace's PID NS *\/. */
void decode_write_pid(const struct decoder *d, struct writer *w, __u32 caller, __s64 value,
		      enum pid_kind kind);
/* Argument i of the call (of d->pid_arg's kind), written as a pid. */
void decode_write_pid_arg(const struct decoder *d, struct writer *w,
			  const struct bt_enter_rec *enter, int nr, int i, __s64 value);
/* Fills r's comm and tracer_pid when the call returns a pid. */
void decode_pid_return(const struct decoder *d, const struct call *call, struct wr_ret *r);
/*
 * Keeps the pid table up to date with a call: before its line is written (!shown) the
 * thread's name; after, the threads that ended and the children reaped.
 */
void decode_track_pids(const struct decoder *d, const struct call *call, bool shown);

/* Updates the fd table with what a call shown did (after it was shown). */
void decode_track_fds(const struct decoder *d, const struct call *call);
/* Every call that changes fds is traced (rules of all syscalls): the fd table can follow them. */
bool decode_fd_calls_selected(const struct decoder *d, const struct bt_syscall_rules *rules);

#endif /* BTFTRACE_DECODE_H */

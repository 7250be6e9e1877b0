/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writers: a decoded call written as strace's text or as JSON. The decoder walks a call once
 * and says what each part is (a number, a constant's name, flags, a string, a struct, the
 * return value); a writer says how it looks. What only one syntax has belongs to its writer:
 * -X's styles, -s, the column of " = " and colours to the text; objects and escaping to JSON.
 *
 * The walk asks the writer how much to show (wr_limits): the text writer's limits are the
 * options', the JSON writer shows everything that was captured.
 */
#ifndef BTFTRACE_WRITER_H
#define BTFTRACE_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "base/outbuf.h"
#include "base/quote.h"

/* How a number reads. */
enum wr_num {
	WR_DEC,	 /* signed decimal: -1 */
	WR_UDEC, /* unsigned decimal */
	WR_HEX,	 /* 0x1f, 0 */
	WR_OCT,	 /* 0644, 000: permissions */
	WR_AUTO, /* a constant with no name: decimal near zero (within 4096), hex beyond */
	WR_REG,	 /* a register as it is, 0x-prefixed even when 0 (--no-btf) */
	/* a word of a bitmap, as C's %#016llx: 0x00000000000001, but 0000000000000000 */
	WR_HEX_WORD,
	/* a 32-bit member strace pads, as C's %#08x: 0x000001, 0x946f4a25, but 00000000 */
	WR_HEX_08,
};

/* How an object reads in text. JSON writes each as an object of its keys. */
enum wr_obj {
	WR_OBJ_STRUCT, /* {a=1, b=2} */
	WR_OBJ_NOTE,   /* in [4], out [5]: no braces, a key then a space (a return value's note) */
	WR_OBJ_PRED,   /* WIFEXITED(s) && WEXITSTATUS(s) == 0: the W* macros of a wait status */
	/*
	 * name(a, b): a function of its values, keys not shown (htons(9), makedev(0x1, 0x3)).
	 * JSON: an object of the keys when there are keys, else the one value it holds.
	 */
	WR_OBJ_FN,
	/*
	 * a|b: fields of one number joined by "|", each shown as -X says on its own
	 * (personality's domain|flags, an IPC get's flags|mode), keys not shown.
	 * JSON: an object of the keys.
	 */
	WR_OBJ_BITOR,
	/* name(a=1, b=2): a kernel event and its fields. JSON: an object of the keys. */
	WR_OBJ_EVENT,
};

/* How an array reads in text. JSON writes each as an array. */
enum wr_arr {
	WR_ARR_LIST,	/* [1, 2] */
	WR_ARR_SET,	/* [INT TERM]: the members of a set */
	WR_ARR_NOT_SET, /* ~[KILL STOP]: a set shown by what it lacks; JSON {"not":[...]} */
};

/* A string's flags. */
#define WR_STR_NUL (1u << 0)	  /* a C string: it ends at the first NUL */
#define WR_STR_MORE (1u << 1)	  /* the capture was cut: more followed ("..." after it) */
#define WR_STR_LIMIT (1u << 2)	  /* -s applies (not to paths, which strace shows whole) */
#define WR_STR_ABSTRACT (1u << 3) /* an abstract socket's name: @"..." */
#define WR_STR_HEX (1u << 4)	  /* bytes that are no text: every one as \xNN */

/* How much the walk shows. */
struct wr_limits {
	size_t string;	    /* -s: bytes of a WR_STR_LIMIT string or a buffer; 0 = all */
	unsigned int array; /* elements of an array before "..."; 0 = all */
	int depth;	    /* struct nesting shown before {...}; 0 = all */
	bool verbose;	    /* -v: structs and lists in full, not abbreviated */
	bool no_zeros;	    /* leave out struct members that are zero */
};

/* A call as the writer frames it. */
enum wr_call_state {
	WR_CALL_WHOLE,	    /* name(args) */
	WR_CALL_UNFINISHED, /* name(args <unfinished ...> */
	WR_CALL_RESUMED,    /* <... name resumed>args) */
};

struct wr_call {
	const char *name;
	enum wr_call_state state;
	/*
	 * false: the enter was not seen, or (via) an io_uring operation's SQE could not be read
	 * (JSON "args":null, the text "..." of a whole call)
	 */
	bool args_known;
};

/* One argument: what JSON says of it besides its value. */
struct wr_arg {
	const char *name; /* NULL when the syscall has no tracefs format */
	const char *type;
	uint64_t raw; /* the register as the C type holds it */
	bool is_signed;
	bool is_pointer;
	bool dropped; /* what it points to was read, but its record came without it */
	/* the text shows the name: name=value, as a kernel function's arguments (--kfunc) */
	bool named;
};

enum wr_ret_kind {
	WR_RET_NONE,	/* the call did not return (yet): ? */
	WR_RET_VALUE,	/* 3, 0x7f... */
	WR_RET_ERROR,	/* -1 ENOENT (No such file or directory) */
	WR_RET_RESTART, /* ? ERESTARTSYS (To be restarted if SA_RESTART is set) */
};

struct wr_ret {
	enum wr_ret_kind kind;
	int64_t value;	     /* WR_RET_VALUE; WR_RET_ERROR with error_value */
	enum wr_num fmt;     /* WR_DEC, or WR_HEX for an address */
	int err;	     /* WR_RET_ERROR, _RESTART: the positive errno */
	const char *errname; /* "ENOENT", or NULL for a number without a name */
	/*
	 * WR_RET_ERROR: the register held value, not -1, and shows instead of -1 (a call that
	 * returns its error in 32 bits: modify_ldt's 4294967258 ENOSYS)
	 */
	bool error_value;
	const char *errtext;	     /* strerror's text, or what a restart code means */
	const struct wr_fd_info *fd; /* -y: what the returned fd refers to, or NULL */
	const char *comm;    /* -Y: the name of the thread the returned pid names, or NULL */
	uint32_t tracer_pid; /* --decode-pids=pidns: the pid in btftrace's namespace, or 0 */
};

/* -yy, --decode-fds=SET: what an fd shows besides its number. */
enum wr_fd_kind {
	WR_FD_NONE = 0, /* nothing: the set names nothing this fd is */
	WR_FD_PATH,	/* its path, as /proc names it: 3</etc/hostname>, 4<socket:[123]> */
	WR_FD_SOCKET,	/* a socket's protocol and endpoints: 3<TCP:[127.0.0.1:1->127.0.0.1:9]> */
	WR_FD_DEVICE,	/* a device's path and number: 1</dev/null<char 1:3>> */
	WR_FD_PIDFD,	/* the process a pidfd refers to: 5<pid:1234> */
	WR_FD_SIGNALFD, /* a signalfd's mask: 6<signalfd:[USR1]> (strace 6.3 and later) */
	WR_FD_EVENTFD, /* an eventfd's counter: 7<{eventfd-count=0x3, ...}> (strace 6.3 and later) */
};

/* What the socket diagnostics said of a socket, or only its protocol's name. */
enum wr_sock_kind {
	WR_SOCK_BARE = 0, /* its protocol and inode: UDP:[12345] */
	WR_SOCK_INET,	  /* TCP:[127.0.0.1:1->127.0.0.1:9], TCPv6:[[::1]:1] */
	WR_SOCK_UNIX,	  /* UNIX-STREAM:[12345->12346,"path"] */
	WR_SOCK_NETLINK,  /* NETLINK:[ROUTE:1234] */
};

#define WR_SOCK_ADDR_MAX 48  /* an IPv6 address as text, with its NUL */
#define WR_SOCK_PATH_MAX 108 /* a UNIX socket's sun_path */

struct wr_socket {
	enum wr_sock_kind kind;
	char proto[24]; /* the kernel's name: TCP, UDPv6, UNIX-STREAM, NETLINK */
	uint64_t inode;
	/* WR_SOCK_INET */
	bool v6;
	char src[WR_SOCK_ADDR_MAX], dst[WR_SOCK_ADDR_MAX];
	uint16_t sport, dport;
	bool connected; /* a destination: src->dst */
	/* WR_SOCK_UNIX: the peer's inode (0: none) and the bound name (path[0] NUL: abstract) */
	uint32_t peer;
	size_t path_len;
	char path[WR_SOCK_PATH_MAX + 1];
	/* WR_SOCK_NETLINK: the protocol's name without NETLINK_ (NULL: its number) */
	const char *nl_proto;
	uint32_t nl_protocol, portid;
};

struct wr_fd_info {
	enum wr_fd_kind kind;
	const char *path; /* WR_FD_PATH, WR_FD_DEVICE: what /proc names the fd */
	struct wr_socket sock;
	struct {
		bool block;
		unsigned int major, minor;
	} dev;
	int pid;	   /* WR_FD_PIDFD */
	char sigmask[256]; /* WR_FD_SIGNALFD: the set as strace shows it, [USR1 USR2] */
	struct {
		char count[24];	   /* hex, as the kernel has it in fdinfo */
		int id, semaphore; /* -1: the kernel does not say */
	} efd;
};

/* The text writer's options: how strace's syntax is styled. */
enum wr_xlat_style {
	WR_XLAT_ABBREV = 0, /* names: O_RDONLY|O_CLOEXEC */
	WR_XLAT_RAW,	    /* numbers only: 0x80000 */
	WR_XLAT_VERBOSE,    /* both: 0x80000 /\* O_RDONLY|O_CLOEXEC *\/ */
};

struct writer;

struct writer_ops {
	/* a call */
	void (*call_begin)(struct writer *w, const struct wr_call *c);
	void (*arg_begin)(struct writer *w, const struct wr_arg *a);
	void (*arg_end)(struct writer *w);
	/* the argument just begun is not shown after all: as if arg_begin never happened */
	void (*arg_cancel)(struct writer *w);
	/* the arguments end: ")" or, unfinished, " <unfinished ...>" */
	void (*call_end)(struct writer *w, bool args_left);
	void (*ret)(struct writer *w, const struct wr_ret *r);
	/* a return value's note: text " (...)", JSON "ret_note" */
	void (*ret_note_begin)(struct writer *w);
	void (*ret_note_end)(struct writer *w);
	/* a signal's line around its siginfo: text "--- SIGCHLD {...} ---" */
	void (*signal_begin)(struct writer *w, const char *name, int signo);
	void (*signal_end)(struct writer *w);

	/* values */
	void (*num)(struct writer *w, uint64_t v, enum wr_num fmt);
	/*
	 * A number that reads best as an expression: htons(9), 8*1024*1024. JSON writes the
	 * number, and so does -X raw, in fmt; -X verbose the number, the expression its comment.
	 */
	void (*num_text)(struct writer *w, uint64_t v, enum wr_num fmt, const char *text);
	void (*ptr)(struct writer *w, uint64_t addr);
	/* what a pointer points to was not read (or faulted): text the address, JSON null */
	void (*unread)(struct writer *w, uint64_t addr, bool faulted);
	/* a word that stands for itself (Timeout, SIG_DFL); text_name for the text if not NULL */
	void (*name)(struct writer *w, const char *name, const char *text_name);
	/*
	 * A constant: its name, or, without one, the number (fmt) and unknown's comment when
	 * given: 0x10 /\* RLIMIT_??? *\/. -X decides for the text.
	 */
	void (*konst)(struct writer *w, uint64_t v, enum wr_num fmt, const char *name,
		      const char *unknown);
	/*
	 * Flags: the names of the bits, then the bits left, in rest_fmt. A rest in octal is a
	 * field of its own (permissions, after the file type) and always shows, 0 included;
	 * rest_label comments the bits left when no name knew them: 0x1 /\* CLOSE_RANGE_??? *\/.
	 * raw_fmt: how the whole number reads where -X shows it (hex; a mode's octal).
	 */
	void (*flags_begin)(struct writer *w, uint64_t raw, enum wr_num raw_fmt);
	void (*flag)(struct writer *w, const char *name);
	/*
	 * Bits no name knows, shown where they are among the names (strace's mmap flags: an
	 * unknown mapping type first, with its label if given), not again in the rest: the text
	 * 0xf /\* MAP_??? *\/ as a term; JSON nothing, the bits count in flags_end's rest.
	 */
	void (*flag_bits)(struct writer *w, uint64_t bits, const char *label);
	void (*flags_end)(struct writer *w, uint64_t rest, enum wr_num rest_fmt,
			  const char *rest_label);
	void (*boolean)(struct writer *w, bool v);
	void (*real)(struct writer *w, double v, int digits);
	/* a number wider than 64 bits, as "0x..." */
	void (*wide_hex)(struct writer *w, const char *hex);
	void (*str)(struct writer *w, const void *p, size_t n, unsigned int flags);
	/* a buffer of n bytes shown (-s for the text), of size the call gave (-1: unknown) */
	void (*bytes)(struct writer *w, const void *p, size_t n, long long size, bool more);
	/* a file descriptor (name: AT_FDCWD), and with -y what it refers to (NULL: nothing) */
	void (*fd)(struct writer *w, int64_t fd, const char *name, const struct wr_fd_info *info);
	/*
	 * A pid, with -Y the name of its thread (NULL: none) and with --decode-pids=pidns its
	 * number in btftrace's PID namespace (0: the same): text 1234<bash>, 2 /\* 1234 in
	 * strace's PID NS *\/; JSON the number.
	 */
	void (*pid)(struct writer *w, int64_t pid, const char *comm, uint32_t tracer_pid);
	/* a pointer to count things not shown: text 0x7ffd... /\* 23 vars *\/ */
	void (*counted)(struct writer *w, uint64_t addr, uint64_t count, const char *one,
			const char *many, bool more);
	/* syntax the text has and JSON does not: "&sin6_addr", "<... resuming ...>" */
	void (*lit)(struct writer *w, const char *text);
	/* text " /\* text *\/" after a value; JSON nothing (the value says it) */
	void (*comment)(struct writer *w, const char *text);
	/*
	 * How -X styles constants, for a value whose raw form is not its number: a port or an
	 * address in network byte order is its bytes with -X raw. JSON: WR_XLAT_ABBREV.
	 */
	enum wr_xlat_style (*xlat_style)(const struct writer *w);

	/* containers */
	void (*obj_begin)(struct writer *w, enum wr_obj kind, const char *name);
	void (*key)(struct writer *w, const char *name);
	/* a member whose name the text does not show: inet_pton(...) of sin6_addr */
	void (*key_hidden)(struct writer *w, const char *name);
	/* a member with no value: WIFEXITED(s) in a WR_OBJ_PRED; JSON "name":true */
	void (*key_only)(struct writer *w, const char *name);
	void (*obj_end)(struct writer *w, bool more);
	/* a struct nested too deep to show: {...} */
	void (*elided)(struct writer *w);
	void (*arr_begin)(struct writer *w, enum wr_arr kind);
	void (*arr_end)(struct writer *w, bool more);
	/*
	 * An array whose element at addr could not be read ends: text strace's
	 * "..., ... /\* 0x7ffd1000 *\/]", JSON as arr_end with more.
	 */
	void (*arr_end_unread)(struct writer *w, uint64_t addr);
	/* a value behind a pointer: text [5], JSON the value */
	void (*deref_begin)(struct writer *w);
	void (*deref_end)(struct writer *w);
	/*
	 * A value the kernel changed: in, then out. Text "in => out"; JSON, right under an
	 * argument, "value" and "value_out", elsewhere {"in":..., "out":...}.
	 */
	void (*inout_begin)(struct writer *w);
	void (*inout_mid)(struct writer *w);
	void (*inout_end)(struct writer *w);
};

/* The nesting a writer keeps, one frame per open container. */
#define WR_MAX_NEST 64

struct wr_frame {
	unsigned char kind;  /* the writer's own */
	unsigned char style; /* enum wr_obj or wr_arr */
	bool first;	     /* nothing written in it yet */
	bool key_pending;    /* a key was written: the next value is its value */
	bool transparent;    /* JSON: a frame that writes no brackets of its own */
	size_t mark;	     /* where it began in the buffer */
};

struct writer {
	const struct writer_ops *ops;
	struct outbuf *ob;
	struct wr_limits lim;
	/* a resumed call shows all its arguments, not only those its unfinished line lacked */
	bool resumed_whole;
	/* text: constants and flags by name whatever -X says, while set (some of strace's notes) */
	bool xlat_names;
	int depth;
	struct wr_frame stack[WR_MAX_NEST];
};

struct text_writer_opts {
	enum wr_xlat_style xlat; /* -X */
	bool arg_names;		 /* perf trace style "dfd: AT_FDCWD" */
	bool pretty;		 /* structs on many lines, indented */
	bool color;		 /* ANSI colours */
	unsigned int column;	 /* " = " at this column of the call at least (strace: 39) */
	bool bare_return;	 /* the return value alone: no column, no " = " */
	enum quote_hex hex;	 /* -x, -xx, --strings-in-hex: where strings use hex */
};

struct text_writer {
	struct writer w;
	struct text_writer_opts o;
	/* where the call began in the buffer, moved on by colour bytes: for the column */
	size_t call_start;
	/*
	 * Columns of its line before the call (the sink's prefix: [pid N], a
	 * time): " = " stands in strace's column of the whole line.
	 */
	size_t lead;
	size_t args_start;     /* after "name(": nothing written since means no arguments */
	size_t arg_mark;       /* before the argument begun, for arg_cancel */
	size_t arg_call_start; /* call_start then */
	enum wr_call_state state;
	bool args_unknown;    /* the call's arguments could not be read */
	bool arg_first;	      /* the next argument is the first shown */
	bool arg_was_first;   /* arg_first before the argument begun */
	bool flags_named;     /* flags: a name was written */
	uint64_t flags_shown; /* flags: bits written among the names (flag_bits) */
	bool flags_comment;   /* flags, -X verbose: the names' comment is open */
};

void text_writer__init(struct text_writer *tw, struct outbuf *ob, const struct wr_limits *lim,
		       const struct text_writer_opts *o);

/* The JSON writer's options. */
struct json_writer_opts {
	bool arg_map; /* arguments as one object by name, not an array of argument objects */
};

struct json_writer {
	struct writer w;
	struct json_writer_opts o;
	size_t arg_mark;
	int arg_index;	/* the argument's position, for "argN" keys */
	bool args_null; /* the call's arguments are not known: "args":null */
	/* -y: what the argument's fd refers to, written with the argument */
	bool has_fd_info;
	struct wr_fd_info fd_info;
	uint64_t arg_raw; /* the argument's register as its type has it */
	bool arg_raw_signed;
	bool arg_fault;	  /* the argument's pointer could not be read */
	bool arg_dropped; /* its capture's record came without it (a full ring buffer) */
	bool arg_first;
	bool arg_was_first;
};

void json_writer__init(struct json_writer *jw, struct outbuf *ob, const struct json_writer_opts *o);

/* Empties the nesting: each call, argument and return value begins at the top. */
static inline void writer__reset(struct writer *w)
{
	w->depth = 0;
}

/* A line that is not a call (a signal's) begins here: the text writer's colours count from it. */
void text_writer__begin_line(struct text_writer *tw);

/* The calls the decoder makes, short to read. */
static inline void w_num(struct writer *w, uint64_t v, enum wr_num fmt)
{
	w->ops->num(w, v, fmt);
}

static inline void w_s64(struct writer *w, int64_t v)
{
	w->ops->num(w, (uint64_t)v, WR_DEC);
}

static inline void w_u64(struct writer *w, uint64_t v)
{
	w->ops->num(w, v, WR_UDEC);
}

static inline void w_hex(struct writer *w, uint64_t v)
{
	w->ops->num(w, v, WR_HEX);
}

static inline void w_num_text(struct writer *w, uint64_t v, enum wr_num fmt, const char *text)
{
	w->ops->num_text(w, v, fmt, text);
}

static inline void w_ptr(struct writer *w, uint64_t addr)
{
	w->ops->ptr(w, addr);
}

static inline void w_unread(struct writer *w, uint64_t addr, bool faulted)
{
	w->ops->unread(w, addr, faulted);
}

static inline void w_name(struct writer *w, const char *name)
{
	w->ops->name(w, name, NULL);
}

static inline void w_name2(struct writer *w, const char *name, const char *text_name)
{
	w->ops->name(w, name, text_name);
}

static inline void w_const(struct writer *w, uint64_t v, enum wr_num fmt, const char *name,
			   const char *unknown)
{
	w->ops->konst(w, v, fmt, name, unknown);
}

static inline void w_flags_begin(struct writer *w, uint64_t raw)
{
	w->ops->flags_begin(w, raw, WR_HEX);
}

/* Flags whose number reads in another form than hex where -X shows it: a mode in octal. */
static inline void w_flags_begin_fmt(struct writer *w, uint64_t raw, enum wr_num raw_fmt)
{
	w->ops->flags_begin(w, raw, raw_fmt);
}

static inline void w_flag(struct writer *w, const char *name)
{
	w->ops->flag(w, name);
}

static inline void w_flag_bits(struct writer *w, uint64_t bits, const char *label)
{
	w->ops->flag_bits(w, bits, label);
}

static inline void w_flags_end(struct writer *w, uint64_t rest, enum wr_num rest_fmt,
			       const char *rest_label)
{
	w->ops->flags_end(w, rest, rest_fmt, rest_label);
}

static inline void w_bool(struct writer *w, bool v)
{
	w->ops->boolean(w, v);
}

static inline void w_str(struct writer *w, const void *p, size_t n, unsigned int flags)
{
	w->ops->str(w, p, n, flags);
}

static inline void w_bytes(struct writer *w, const void *p, size_t n, long long size, bool more)
{
	w->ops->bytes(w, p, n, size, more);
}

static inline void w_fd(struct writer *w, int64_t fd, const char *name,
			const struct wr_fd_info *info)
{
	w->ops->fd(w, fd, name, info);
}

/* An fd with its path only (-y's form), or nothing when path is NULL. */
static inline void w_fd_path(struct writer *w, int64_t fd, const char *name, const char *path)
{
	struct wr_fd_info info = {.kind = WR_FD_PATH, .path = path};

	w->ops->fd(w, fd, name, path ? &info : NULL);
}

static inline void w_lit(struct writer *w, const char *text)
{
	w->ops->lit(w, text);
}

static inline enum wr_xlat_style w_xlat_style(const struct writer *w)
{
	return w->ops->xlat_style(w);
}

static inline void w_comment(struct writer *w, const char *text)
{
	w->ops->comment(w, text);
}

static inline void w_obj_begin(struct writer *w, enum wr_obj kind, const char *name)
{
	w->ops->obj_begin(w, kind, name);
}

static inline void w_struct_begin(struct writer *w)
{
	w->ops->obj_begin(w, WR_OBJ_STRUCT, NULL);
}

static inline void w_key(struct writer *w, const char *name)
{
	w->ops->key(w, name);
}

static inline void w_key_only(struct writer *w, const char *name)
{
	w->ops->key_only(w, name);
}

static inline void w_obj_end(struct writer *w, bool more)
{
	w->ops->obj_end(w, more);
}

static inline void w_elided(struct writer *w)
{
	w->ops->elided(w);
}

static inline void w_arr_begin(struct writer *w, enum wr_arr kind)
{
	w->ops->arr_begin(w, kind);
}

static inline void w_arr_end(struct writer *w, bool more)
{
	w->ops->arr_end(w, more);
}

static inline void w_arr_end_unread(struct writer *w, uint64_t addr)
{
	w->ops->arr_end_unread(w, addr);
}

static inline void w_deref_begin(struct writer *w)
{
	w->ops->deref_begin(w);
}

static inline void w_deref_end(struct writer *w)
{
	w->ops->deref_end(w);
}

static inline void w_inout_begin(struct writer *w)
{
	w->ops->inout_begin(w);
}

static inline void w_inout_mid(struct writer *w)
{
	w->ops->inout_mid(w);
}

static inline void w_inout_end(struct writer *w)
{
	w->ops->inout_end(w);
}

/* A member and its number, the commonest pair: w_key then w_num. */
static inline void w_key_num(struct writer *w, const char *key, uint64_t v, enum wr_num fmt)
{
	w->ops->key(w, key);
	w->ops->num(w, v, fmt);
}

#endif /* BTFTRACE_WRITER_H */

/* SPDX-License-Identifier: GPL-2.0 */
/* Layouts shared by the BPF collector and user space: map values and ring buffer records. */
#ifndef BTFTRACE_RECORD_H
#define BTFTRACE_RECORD_H

/*
 * Plain C types only: this header is compiled both with -target bpf (where
 * the __u* types come from linux/types.h) and for the host.
 */
#include <linux/types.h>
#include <stdbool.h>

#define BT_MAX_ARGS 6
/*
 * Syscall ids, the index of the beauty map and of every per-syscall table:
 * an x86_64 call is its number (below 512); an i386 call (a 32-bit process,
 * or int $0x80 in a 64-bit one: the kernel runs it from its i386 table) is
 * BT_NR_I386 plus its i386 number (below 512 too). Records carry the id.
 * A number past its table keeps its value, with a mark where it would
 * fall among the other ABI's ids: i386's with bit 29, x86_64's in
 * [512, 1024) or with bit 29 with bit 30 (the kernel's x32 mark: x32
 * calls, which btftrace does not decode, are the only ones to share it).
 * An i386 number of 2^29 or more (no call: garbage in eax) loses bit 29.
 */
#define BT_NR_I386 512
#define BT_MAX_SYSCALLS 1024
#define BT_ID_I386_HIGH 0x20000000
#define BT_ID_X86_64_HIGH 0x40000000

/* The id of call number nr of the ABI given. */
static inline int bt_id_of(int nr, bool i386)
{
	if (nr >= 0 && nr < BT_NR_I386)
		return i386 ? BT_NR_I386 + nr : nr;
	if (nr < 0)
		return nr;
	if (i386)
		return nr | BT_ID_I386_HIGH;
	if (!(nr & BT_ID_X86_64_HIGH) && (nr < BT_MAX_SYSCALLS || (nr & BT_ID_I386_HIGH)))
		return nr | BT_ID_X86_64_HIGH;
	return nr;
}

static inline bool bt_id_is_i386(int id)
{
	if (id >= BT_NR_I386 && id < BT_MAX_SYSCALLS)
		return true;
	return id > 0 && (id & BT_ID_I386_HIGH) && !(id & BT_ID_X86_64_HIGH);
}

/* The number the call has in its own ABI's table. */
static inline int bt_id_nr(int id)
{
	if (id >= BT_NR_I386 && id < BT_MAX_SYSCALLS)
		return id - BT_NR_I386;
	if (bt_id_is_i386(id))
		return id & ~BT_ID_I386_HIGH;
	if (id > 0 && (id & BT_ID_X86_64_HIGH) &&
	    ((id & ~BT_ID_X86_64_HIGH) < BT_MAX_SYSCALLS || (id & BT_ID_I386_HIGH)))
		return id & ~BT_ID_X86_64_HIGH;
	return id;
}

/* Hard upper bound of one argument's capture; the session's caps are at most this. */
#define BT_CAPTURE_MAX 4096
/*
 * The defaults of --capture-size and --buffer-size, written once: user space sets them and
 * the BPF knobs start from them.
 */
#define BT_BUFFER_CAP_DEFAULT 256
#define BT_RINGBUF_DEFAULT (8u << 20)
/*
 * A record is built in a per-CPU scratch area before it is copied into the
 * ring buffer. Captures start below BT_REC_SOFT_MAX; the scratch area is
 * large enough that one more capture of BT_CAPTURE_MAX bytes still fits, so
 * the verifier can bound every write with a mask.
 */
#define BT_REC_SOFT_MAX 16384
#define BT_SCRATCH_SIZE (BT_REC_SOFT_MAX + 2 * BT_CAPTURE_MAX + 1024)
#define BT_COMM_LEN 16

/*
 * Capture rule lengths, the beauty map's encoding:
 *   0      read nothing
 *   1      read a NUL-terminated string
 *   n > 1  read n bytes (a struct's BTF size)
 *   -k     read as many bytes as argument k (1..6) holds, times elem_size
 *   BT_LEN_RET  (exit only) read as many bytes as the return value, times elem_size
 *   BT_LEN_DEREF(k)  read as many bytes as the int argument k (1..6) points to,
 *               times elem_size: getsockopt's *optlen, which at exit the
 *               kernel has set to the value's length (-8..-13)
 */
#define BT_LEN_NONE 0
#define BT_LEN_STRING 1
#define BT_LEN_RET (-7)
#define BT_LEN_DEREF(k) (BT_LEN_RET - (k))

/* How the captured bytes are to be gathered. */
enum bt_capture_kind {
	BT_KIND_BYTES = 0,	/* the bytes at the pointer */
	BT_KIND_STRV = 1,	/* a NULL-terminated array of string pointers (execve's argv) */
	BT_KIND_STRV_COUNT = 2, /* the same, only counted (execve's envp) */
	BT_KIND_IOVEC = 3,	/* struct iovec[len], with the bytes each points to */
	BT_KIND_MSGHDR = 4,	/* struct user_msghdr, then its name, iovec data and control */
	/*
	 * len bytes on the user stack, at the stack pointer sys_enter saw plus the rule's
	 * sp_offset, for a syscall whose data is there and not in an argument (rt_sigreturn's
	 * signal frame); only at sys_enter, as a syscall may change the stack pointer.
	 */
	BT_KIND_STACK = 5,
	/*
	 * A bitmap of as many bits as the int argument the rule names (select's fd sets), in
	 * whole 64-bit words. It is read whole or not at all, as strace reads it: one longer
	 * than the capture reads as faulted when its pages past the capture cannot be read.
	 */
	BT_KIND_BITMAP = 6,
	/*
	 * A {pointer, length} pair (pselect6's sigmask argument), then the length's bytes at
	 * the pointer, up to BT_PTR_LEN_MAX, as a capture tagged BT_CAP_INNER_DATA.
	 */
	BT_KIND_PTR_LEN = 7,
	/*
	 * A struct clone_args (clone3's), then the ints its pidfd and parent_tid members point
	 * to when its flags have CLONE_PIDFD and CLONE_PARENT_SETTID: what the kernel wrote
	 * there, read at exit, as captures tagged BT_CAP_INNER_PIDFD and BT_CAP_INNER_PARENT_TID.
	 */
	BT_KIND_CLONE_ARGS = 8,
	/*
	 * A struct, or an array of them (as BT_KIND_BYTES), then what its pointer members
	 * point to by the member rules of set header (struct bt_member_set, in member_sets):
	 * bpf_attr's license string and insns by bpf's command, each mmsghdr's msg_name and
	 * msg_iov. The rule's header byte holds the set's index, not a header's size.
	 */
	BT_KIND_MEMBERS = 9,
};
/* one bit per kind: they add up to their union only when no two kinds share a value */
_Static_assert(((1U << BT_KIND_BYTES) | (1U << BT_KIND_STRV) | (1U << BT_KIND_STRV_COUNT) |
		(1U << BT_KIND_IOVEC) | (1U << BT_KIND_MSGHDR) | (1U << BT_KIND_STACK) |
		(1U << BT_KIND_BITMAP) | (1U << BT_KIND_PTR_LEN) | (1U << BT_KIND_CLONE_ARGS) |
		(1U << BT_KIND_MEMBERS)) ==
		       (1U << BT_KIND_BYTES) + (1U << BT_KIND_STRV) + (1U << BT_KIND_STRV_COUNT) +
			       (1U << BT_KIND_IOVEC) + (1U << BT_KIND_MSGHDR) +
			       (1U << BT_KIND_STACK) + (1U << BT_KIND_BITMAP) +
			       (1U << BT_KIND_PTR_LEN) + (1U << BT_KIND_CLONE_ARGS) +
			       (1U << BT_KIND_MEMBERS),
	       "capture kinds are distinct");

/*
 * The captures of what a struct user_msghdr points to carry the argument's
 * index with one of these added: never equal to a plain argument index.
 */
#define BT_CAP_INNER_NAME 0x10	     /* msg_name: a sockaddr of msg_namelen bytes */
#define BT_CAP_INNER_IOV 0x20	     /* msg_iov: as a BT_KIND_IOVEC capture */
#define BT_CAP_INNER_CONTROL 0x30    /* msg_control: msg_controllen bytes of cmsgs */
#define BT_CAP_INNER_DATA 0x40	     /* what a BT_KIND_PTR_LEN pair points to */
#define BT_CAP_INNER_PIDFD 0x50	     /* clone_args' pidfd: the int the kernel wrote */
#define BT_CAP_INNER_PARENT_TID 0x60 /* clone_args' parent_tid: the int the kernel wrote */
/* BT_SC_DIRENTS: no data, want the records counted, BT_CAP_TRUNCATED if not all were */
#define BT_CAP_INNER_COUNT 0x70
/*
 * What member rule k of a BT_KIND_MEMBERS capture read: tagged the argument's index plus
 * BT_CAP_INNER_MEMBER(k), one capture per element of an array, in element order (one with
 * no data where the element's pointer was NULL or its length 0).
 */
#define BT_MEMBER_RULES_MAX 6
#define BT_CAP_INNER_MEMBER(k) (0x90 + 0x10 * (k))

/*
 * A member rule: read what the pointer member at ptr_off of each element points to, when
 * the call is at the stage when says and argument sel_arg is sel_val (sel_arg
 * BT_MEMBER_ANY: always). Its length: a string's, at most max bytes; or the len_size-byte
 * member at len_off times elem_size, at most max bytes (len_size 0: max bytes); or, for
 * BT_MEMBER_IOVEC, the iovecs the member at len_off counts, with their bytes (at exit as
 * many as the len_size-byte member at data_off says went through, BT_MEMBER_ANY: all).
 */
enum bt_member_kind {
	BT_MEMBER_NONE = 0, /* the end of a set's rules */
	BT_MEMBER_STRING = 1,
	BT_MEMBER_BYTES = 2,
	BT_MEMBER_IOVEC = 3,
	/*
	 * Not a pointer: the 4-byte fd at ptr_off, and the name of the file the current task's
	 * fd table holds for it at the call (its dentry's, "bpf-map": what /proc/PID/fd calls
	 * anon_inode:bpf-map), a string of at most BT_FD_NAME_MAX bytes
	 */
	BT_MEMBER_FD_NAME = 4,
};

#define BT_FD_NAME_MAX 32

#define BT_MEMBER_AT_ENTER (1U << 0)
#define BT_MEMBER_AT_EXIT (1U << 1)
#define BT_MEMBER_ANY 0xff

struct bt_member_rule {
	__u8 kind;     /* enum bt_member_kind */
	__u8 when;     /* BT_MEMBER_AT_* */
	__u8 sel_arg;  /* an argument index, or BT_MEMBER_ANY */
	__u8 len_size; /* 0, 2, 4 or 8 */
	__u32 sel_val; /* the low 32 bits argument sel_arg must have */
	__u16 ptr_off;
	__u16 len_off;
	__u16 elem_size;
	__u16 max;
	__u16 data_off; /* BT_MEMBER_IOVEC at exit: a u32 member, or BT_MEMBER_ANY */
	__u16 pad;
};

/*
 * A set of member rules: for one struct (stride 0), or each element of an array of
 * stride-byte structs, as many as were captured and at most elems_max (at exit with
 * BT_MEMBER_SET_RET_ELEMS also at most the call's return value: recvmmsg's messages).
 */
#define BT_MEMBER_SETS_MAX 16
#define BT_MEMBER_SET_RET_ELEMS (1U << 0)

struct bt_member_set {
	__u16 stride;
	__u8 elems_max;
	__u8 flags;
	__u32 pad;
	struct bt_member_rule rules[BT_MEMBER_RULES_MAX];
};

/* Bytes of msg_name and of msg_control read at most. */
#define BT_MSG_NAME_MAX 128
#define BT_MSG_CONTROL_MAX 256

/* Strings of a BT_KIND_STRV capture, and pointers a BT_KIND_STRV_COUNT one counts. */
#define BT_STRV_MAX 32
#define BT_STRV_COUNT_MAX 256
/*
 * Elements of an array of structs read at least, whatever the buffer cap: as many as strace
 * shows without -v (sendmmsg's 64-byte headers would be 4 in 256 bytes).
 */
#define BT_ARRAY_ELEMS_MIN 32
/* Elements of a BT_KIND_IOVEC capture. */
#define BT_IOV_MAX 32
/*
 * The most directory records BT_SC_DIRENTS counts: all of a 32 KiB buffer (glibc's), whose
 * records take 24 bytes at least.
 */
#define BT_DIRENTS_MAX 1536
#define BT_DIRENTS_STEP 32 /* records counted by each step: BT_DIRENTS_MAX is a multiple */
/* a directory record's fixed part and a one-byte name at least: the least d_reclen counted */
#define BT_DIRENT_MIN 19
/* Bits of a BT_KIND_BITMAP capture asked for at most: strace's bound on select's nfds. */
#define BT_BITMAP_BITS_MAX (1 << 20)
/* Bytes a BT_KIND_PTR_LEN pair's pointer is read for at most (a sigset is 8 or 16). */
#define BT_PTR_LEN_MAX 128

/*
 * The data of a vector capture is a sequence of parts, each followed by its
 * bytes padded to 8; the capture's want is the element count (strings
 * counted, or the iovec count the call passed).
 */
struct bt_str_part {
	__u16 len;  /* bytes that follow, the NUL included */
	__u8 flags; /* BT_CAP_TRUNCATED: the string went on */
	__u8 pad[5];
};

struct bt_iov_part {
	__u64 base;
	__u64 len;
	__u32 got;   /* bytes that follow */
	__u32 flags; /* BT_CAP_TRUNCATED, BT_CAP_FAULT */
};

struct bt_arg_rule {
	__s16 len; /* encoding above */
	union {
		__u16 elem_size; /* multiplier for -k and BT_LEN_RET; 0 means 1 */
		__u16 sp_offset; /* BT_KIND_STACK: where the bytes are, above the stack pointer */
	};
	__u8 kind;  /* enum bt_capture_kind */
	__u8 flags; /* BT_RULE_* */
	/*
	 * Bytes before the counted ones, added to -k and BT_LEN_RET: a header the count leaves
	 * out (msgsnd's mtype before msgsz bytes of text).
	 */
	__u8 header;
	/*
	 * The count argument is in units of 1 << count_shift elements, rounded up: mincore's
	 * length in pages (12), a node mask's bits in longs (6).
	 */
	__u8 count_shift;
};

/*
 * Rule flags (bt_arg_rule.flags), each its own bit: one rule may carry several.
 *
 * An exit rule's flag: the kernel writes the argument only when a signal
 * interrupts the call (a restart code or EINTR), not when it succeeds
 * (nanosleep's time left).
 */
#define BT_RULE_IF_INTERRUPTED (1U << 0)
/*
 * The argument that counts (-k) is 32 bits wide (int, unsigned int): the upper half of its
 * register is no part of it, and the kernel does not read it (semop's nsops).
 */
#define BT_RULE_COUNT_32 (1U << 1)
/* The count argument counts one more than the kernel reads: a node mask's maxnode. */
#define BT_RULE_COUNT_LESS_ONE (1U << 2)
/*
 * A vector capture (BT_KIND_STRV*, BT_KIND_IOVEC) of an i386 call: its
 * pointers are 4 bytes, and an iovec is a struct compat_iovec of two.
 */
#define BT_RULE_PTR32 (1U << 3)

/*
 * An exit rule's flag: the kernel writes the argument whether the call fails or not
 * (name_to_handle_at's handle_bytes, the size it needs, comes back with EOVERFLOW).
 */
#define BT_RULE_EVEN_ON_ERROR (1U << 4)
/* one bit each: single bits add up to their union only when no two are the same */
_Static_assert((BT_RULE_IF_INTERRUPTED | BT_RULE_COUNT_32 | BT_RULE_COUNT_LESS_ONE | BT_RULE_PTR32 |
		BT_RULE_EVEN_ON_ERROR) == BT_RULE_IF_INTERRUPTED + BT_RULE_COUNT_32 +
						  BT_RULE_COUNT_LESS_ONE + BT_RULE_PTR32 +
						  BT_RULE_EVEN_ON_ERROR,
	       "rule flags share no bit");

/*
 * A result that says a signal cut the call short: EINTR, or one of the
 * kernel's restart codes (ERESTARTSYS, ERESTARTNOINTR, ERESTARTNOHAND,
 * ERESTART_RESTARTBLOCK; -515 is ENOIOCTLCMD, not one of them). The
 * collector and the decoder both judge by it, so they agree on which
 * calls an interrupted-only output was read for.
 */
static inline bool bt_ret_interrupted(__s64 ret)
{
	return ret == -4 || ret == -512 || ret == -513 || ret == -514 || ret == -516;
}

/* Flags of a beauty map entry. */
#define BT_SC_SELECTED (1U << 0) /* trace this syscall at all */
/*
 * -y: the call makes, copies or ends descriptors (or changes the cwd). Left
 * out by -e or --filter, it is sent all the same as BT_REC_FD_ENTER and
 * BT_REC_FD_EXIT records, only for the fd table.
 */
#define BT_SC_FD_CALL (1U << 1)
/* -y: the call returns a new fd: its exit carries the file's inode (BT_CAP_FD_INODES) */
#define BT_SC_FD_RET (1U << 2)
/* -y: the call writes two new fds into the int[2] of argument BT_SC_FD_PAIR_ARG(flags) */
#define BT_SC_FD_PAIR (1U << 3)
#define BT_SC_FD_PAIR_ARG(flags) (((flags) >> 4) & 7)
#define BT_SC_FD_PAIR_AT(arg) ((__u32)(arg) << 4)
/* an exit rule has BT_RULE_EVEN_ON_ERROR: failed calls have captures to read too */
#define BT_SC_EXIT_ON_ERROR (1U << 7)
/* -k, --kernel-stack: a stack record follows each enter record of this syscall */
#define BT_SC_STACK (1U << 8)
/*
 * -yy: the endpoints of a socket are kept (sock_endpoints) as they are when the call
 * returns, of the socket of its first argument (connect, bind: they set them) or of the fd
 * it returned (accept), or as the call enters (close: the last moment they are there).
 * Traced or not: a socket's later calls, and its line printed after its close, need them.
 */
#define BT_SC_SOCK_ARG_EXIT (1U << 9)
#define BT_SC_SOCK_RET (1U << 10)
#define BT_SC_SOCK_ARG_ENTER (1U << 11)
/* --trigger: the trigger program runs at this syscall's exits (it has the names it reads) */
#define BT_SC_TRIGGER (1U << 12)
/*
 * getdents, getdents64: when the kernel wrote more bytes than were captured, the records of
 * argument 1's buffer (linux_dirent and linux_dirent64 both have their length as a u16 at
 * offset 16) are counted at exit, as strace counts them: a capture tagged BT_CAP_INNER_COUNT
 * plus 1, the count in want.
 */
#define BT_SC_DIRENTS (1U << 13)
/*
 * -y: an open whose new fd's inode is read (BT_CAP_FD_INODES) only when its open flags,
 * argument BT_SC_FD_PAIR_ARG(flags), have O_TMPFILE: the file has no name but
 * "DIR/#INO (deleted)", which /proc no longer gives once the fd is closed.
 */
#define BT_SC_FD_RET_TMPFILE (1U << 14)
/* x86's O_TMPFILE (__O_TMPFILE | O_DIRECTORY), the same for i386 */
#define BT_O_TMPFILE 020200000
/* one bit each (the pair's argument a 3-bit field): they add up to their union */
_Static_assert((BT_SC_SELECTED | BT_SC_FD_CALL | BT_SC_FD_RET | BT_SC_FD_PAIR |
		BT_SC_FD_PAIR_AT(7) | BT_SC_EXIT_ON_ERROR | BT_SC_STACK | BT_SC_SOCK_ARG_EXIT |
		BT_SC_SOCK_RET | BT_SC_SOCK_ARG_ENTER | BT_SC_TRIGGER | BT_SC_DIRENTS |
		BT_SC_FD_RET_TMPFILE) ==
		       BT_SC_SELECTED + BT_SC_FD_CALL + BT_SC_FD_RET + BT_SC_FD_PAIR +
			       BT_SC_FD_PAIR_AT(7) + BT_SC_EXIT_ON_ERROR + BT_SC_STACK +
			       BT_SC_SOCK_ARG_EXIT + BT_SC_SOCK_RET + BT_SC_SOCK_ARG_ENTER +
			       BT_SC_TRIGGER + BT_SC_DIRENTS + BT_SC_FD_RET_TMPFILE,
	       "syscall flags share no bit");

/*
 * -P and --trace-fds: which of a call's arguments touch a path, as strace's
 * pathtrace rules say (a bt_syscall_rules' path_spec). Bits 0-5: the
 * arguments that are fds; bits 8-13: those that are paths; bits 16-19: a
 * call whose fds are elsewhere (BT_PT_KIND_*); bits 20-23: what the call does
 * to the per-process set of fds that refer to a -P path (BT_PT_FX_*).
 */
#define BT_PT_FD_ARGS(spec) ((spec)&0x3f)
#define BT_PT_PATH_ARGS(spec) (((spec) >> 8) & 0x3f)
#define BT_PT_KIND(spec) (((spec) >> 16) & 0xf)
#define BT_PT_FX(spec) (((spec) >> 20) & 0xf)
#define BT_PT_FD_ARG(i) (1U << (i))
#define BT_PT_PATH_ARG(i) (1U << (8 + (i)))
#define BT_PT_SPEC_KIND(k) ((__u32)(k) << 16)
#define BT_PT_SPEC_FX(fx) ((__u32)(fx) << 20)
/* the arguments that can match at all: a call without any never does */
#define BT_PT_MATCH_MASK 0xf3f3fU

enum bt_pt_kind {
	BT_PT_KIND_NONE = 0,
	BT_PT_KIND_POLL = 1,	 /* a struct pollfd array in argument 0, its count in 1 */
	BT_PT_KIND_SELECT = 2,	 /* nfds in argument 0, fd_set pointers in 1 to 3 */
	BT_PT_KIND_FSCONFIG = 3, /* by the command in 1: a path in 3, an fd in 4 */
};

enum bt_pt_fx {
	BT_PT_FX_NONE = 0,
	BT_PT_FX_OPEN = 1,	  /* returns a new fd for its path: a name match learns its inode */
	BT_PT_FX_NEWFD = 2,	  /* returns a new fd (dup, dup2, accept...) */
	BT_PT_FX_FCNTL = 3,	  /* F_DUPFD and F_DUPFD_CLOEXEC return a new fd */
	BT_PT_FX_CLOSE = 4,	  /* closes argument 0 */
	BT_PT_FX_CLOSE_RANGE = 5, /* closes arguments 0 to 1 */
};

/* Value of the beauty map, keyed by syscall number. */
struct bt_syscall_rules {
	struct bt_arg_rule enter[BT_MAX_ARGS];
	struct bt_arg_rule exit[BT_MAX_ARGS];
	__u32 flags;
	/*
	 * The number --filter's syscall field sees: the id, but for an i386
	 * call x86_64's namesake's (syscall == write holds for both writes).
	 */
	__u32 filter_nr;
	__u32 path_spec; /* -P, --trace-fds: BT_PT_* */
	__u32 pad;
};

/* -P: bytes of a path compared in the kernel, its NUL included; longer paths are refused. */
#define BT_PATH_KEY 256
/* -P: the fds below this are kept per process in a bitmap; those above are looked up each time. */
#define BT_PATH_FDS 1024
#define BT_PATH_FD_WORDS (BT_PATH_FDS / 64)

/* -P: the bits of the filter of inode numbers in front of trace_path_inodes (a power of 2). */
#define BT_PATH_INOS 1024
#define BT_PATH_INO_WORDS (BT_PATH_INOS / 64)

/* -P: the files the kernel compares one by one before it hashes an id to look it up. */
#define BT_PATH_FILES_FAST 4

/* -P: the names whose first 8 bytes the kernel compares before it reads a path argument whole. */
#define BT_PATH_HEADS 8

/* -P: a file as the kernel names it, the key of the collector's trace_path_inodes. */
struct bt_file_id {
	__u64 ino;
	__u32 dev; /* the super block's s_dev: MKDEV(major, minor) with a 20-bit minor */
	__u32 pad;
};

/* -P: the fds of one process that referred to a -P path when last seen, by tgid. */
struct bt_path_fds {
	__u64 bits[BT_PATH_FD_WORDS];
};

/* --trace-fds=SET: the fds below BT_PATH_FDS as bits; high: whether the ones above are in it. */
struct bt_trace_fds {
	__u64 bits[BT_PATH_FD_WORDS];
	__u32 high;
	__u32 pad;
};

/* A bt_call_start's path_verdict: what -P found at the call's enter. */
enum bt_path_verdict {
	BT_PATH_NONE = 0,  /* no match: the call is not shown */
	BT_PATH_MATCH = 1, /* an fd argument matched */
	BT_PATH_BY_NAME =
		2, /* a path argument matched by name: a new fd it returns is the path's */
	BT_PATH_PENDING = 3, /* a path could not be read yet: decided at the exit, as --filter's */
};

/* -c: log2 latency histogram slots; slot i counts calls of [2^i, 2^(i+1)) ns (slot 0: < 2 ns). */
#define BT_HIST_SLOTS 40

/* Grouping of the summary (--summary-by). */
enum bt_summary_by {
	BT_SUMMARY_TOTAL = 0,
	BT_SUMMARY_PROCESS = 1,
	BT_SUMMARY_THREAD = 2,
	BT_SUMMARY_CONTAINER = 3, /* by cgroup: the container's, or the thread's own */
};

/* --container: cgroups matched at most, and depths below the root looked at. */
#define BT_CONTAINER_MAX 1024
#define BT_CONTAINER_LEVELS 32

/* Key of the summary map: a syscall, for everyone or for one process, thread or cgroup. */
struct bt_summary_key {
	__u32 nr;
	__u32 pad;
	__u64 id; /* 0, tgid, tid or cgroup id as --summary-by says */
};

/* Per-CPU aggregate of one syscall's calls, counted at their exits (as strace -c does). */
struct bt_summary {
	__u64 calls;
	__u64 errors;
	__u64 timed; /* calls whose enter was seen, so their time is known */
	__u64 total_ns;
	__u64 min_ns; /* of the timed calls; 0 when none */
	__u64 max_ns;
	__u64 hist[BT_HIST_SLOTS];
};

/* Key of the errno summary map (--errno-summary); the value is a per-CPU count. */
struct bt_errno_key {
	__u32 nr;
	__u32 err; /* positive errno */
	__u64 id;  /* as in struct bt_summary_key */
};

/* What the filter decided at a call's sys_enter, kept for its sys_exit. */
enum bt_filter_verdict {
	BT_VERDICT_NONE = 0,	/* no enter seen (or its exit was handled) */
	BT_VERDICT_ACCEPT = 1,	/* emitted at enter: emit the exit too */
	BT_VERDICT_REJECT = 2,	/* dropped at enter: drop the exit too */
	BT_VERDICT_PENDING = 3, /* the filter needs the result: decide, and emit both, at exit */
};

/*
 * When a thread's current call started, for the summary's timing and the
 * filter's duration; with a filter, also its verdict and, while the verdict
 * waits for the result, the arguments (registers may change in the call).
 */
struct bt_call_start {
	__u64 ts;
	__s64 nr;
	__u64 args[BT_MAX_ARGS];
	__u32 verdict;	    /* enum bt_filter_verdict */
	__u32 path_verdict; /* -P: enum bt_path_verdict */
	/* --flight-recorder: 1 + the slot the call's enter was kept in; 0: not kept */
	__u32 kept_slot;
	/* --flight-recorder: 1 + the thread's row of slots (recorder_calls); 0: none given yet */
	__u32 kept_row;
	__u64 kept_seq; /* --flight-recorder: calls of this thread kept so far */
	/*
	 * -c --slowest: the time the exit program counted the call for, for the slow-call program
	 * that runs after it to judge the call by; 0: none to judge
	 */
	__u64 slow_ns;
};

/*
 * -c --slowest and --flight-recorder keep calls in the kernel rather than send them: a call's
 * enter and exit records, as the ring buffer would carry them, each in a region of its own.
 * A record larger than its region is kept without its captures, as a full ring buffer sends
 * it (one BT_CAP_ARG_DROPPED capture), with BT_CAP_NOT_KEPT in the marker's flags. The size
 * makes a value fit in a page.
 */
#define BT_KEPT_ENTER_MAX 3072
#define BT_KEPT_EXIT_MAX 1008

struct bt_kept_call {
	__u64 ns;	  /* --slowest: the time in the call */
	__u32 enter_size; /* bytes of the enter record; 0: none kept */
	__u32 exit_size;  /* bytes of the exit record; 0: none kept (yet) */
	char enter[BT_KEPT_ENTER_MAX];
	char exit[BT_KEPT_EXIT_MAX];
};

/*
 * Key of --slowest's map of kept calls: (syscall id, CPU * BT_SLOWEST_MAX + rank slot). The
 * flight recorder's calls, in an array, are handed on with (tid, index in the array).
 */
struct bt_kept_key {
	__u32 id;
	__u32 slot;
};

/* --slowest N: N at most, per syscall (and per CPU in the kernel). */
#define BT_SLOWEST_MAX 16

/*
 * --slowest, per syscall and CPU (a per-CPU array indexed by syscall id): the times of the
 * calls kept, and the shortest of them, which a call must beat to be kept in its place.
 */
struct bt_slowest_floor {
	__u64 ns[BT_SLOWEST_MAX]; /* 0: the slot is empty */
	__u64 floor_ns;		  /* the shortest kept, 0 while a slot is empty */
	__u32 floor_slot;	  /* the slot a faster call is replaced in */
	__u32 pad;
};

/* --flight-recorder N: N at most, per thread. */
#define BT_RECORDER_MAX 4096

/* Per-process tracing state, value of the traced_procs map keyed by tgid. */
enum bt_proc_state {
	BT_PROC_WAIT_EXEC = 1, /* forked by btftrace: trace from its execve on */
	BT_PROC_TRACED = 2,
};

/* bt_proc.flags */
enum {
	/*
	 * -b execve: the command's own exec is still to come (its state went
	 * from WAIT_EXEC to TRACED at its execve); every later one detaches.
	 */
	BT_PROC_OWN_EXEC = 1,
};

struct bt_proc {
	__u32 state; /* enum bt_proc_state */
	__u32 flags; /* BT_PROC_* */
};

/*
 * proc_states: each tgid's enum bt_proc_state (0: not traced) in 2 bits, 32 tgids to a
 * 64-bit word, the word of tgid at index tgid / BT_PROCS_PER_WORD.
 */
#define BT_PROCS_PER_WORD 32
#define BT_PROC_STATE_BITS 2
#define BT_PROC_STATE_MASK 3ULL

/* Counters kept per CPU, summed by user space. */
struct bt_stats {
	__u64 enter_records;
	__u64 exit_records;
	__u64 lost_enter; /* enter records the ring buffer had no room for */
	__u64 lost_exit;
	__u64 ringbuf_bytes;
	__u64 max_pending;     /* high-water mark: most bytes waiting in the ring buffer */
	__u64 lost_other;      /* signal and exit records the ring buffer had no room for */
	__u64 filtered;	       /* calls the --filter program rejected: no record at all */
	__u64 compact_records; /* records sent without their captures */
	__u64 stack_records;   /* -k, --kernel-stack: stack records sent */
	__u64 lost_stacks;     /* stack records the ring buffer had no room for */
	__u64 wakeups;	       /* wake-ups forced: the reader was behind */
};

enum bt_rec_type {
	BT_REC_ENTER = 1,
	BT_REC_EXIT = 2,
	BT_REC_SIGNAL = 3,    /* a signal delivered to a traced thread */
	BT_REC_TASK_EXIT = 4, /* a traced thread exited */
	BT_REC_EXEC = 5,      /* an exec from a thread other than the leader took the process id */
	BT_REC_LOST = 6,      /* --lossless: records a thread lost */
	/*
	 * -y: a call -e or --filter left out that changed the descriptors:
	 * laid out as an enter and an exit record, made at its exit, for the
	 * fd table only (nothing shows them).
	 */
	BT_REC_FD_ENTER = 7,
	BT_REC_FD_EXIT = 8,
	BT_REC_FD_FORK = 9, /* -y: a traced process forked a child (struct bt_fork_rec) */
	BT_REC_EVENT = 10,  /* -e SUBSYS:EVENT: a tracepoint hit in a traced thread */
	BT_REC_DETACH = 11, /* -b execve: tracing let go of the thread's process at its exec */
	BT_REC_STACK = 12,  /* -k, --kernel-stack: the stacks of the call just entered */
	/* -e io_uring=: an operation a traced thread submitted (struct bt_uring_submit_rec) */
	BT_REC_URING_SUBMIT = 13,
	/* -e io_uring=: its completion (struct bt_uring_complete_rec) */
	BT_REC_URING_COMPLETE = 14,
	/*
	 * --flight-recorder: a call matched --trigger (hdr.nr is its id); the recorder stopped
	 * keeping calls until user space has written them out.
	 */
	BT_REC_TRIGGER = 15,
	/* --kfunc: a kernel function a traced thread called (struct bt_kfunc_rec), and its return */
	BT_REC_KFUNC_ENTRY = 18,
	BT_REC_KFUNC_EXIT = 19,
};

/* one bit per type: they add up to their union only when no two types share a value */
#define BT_REC_BIT(t) (1U << (t))
_Static_assert((BT_REC_BIT(BT_REC_ENTER) | BT_REC_BIT(BT_REC_EXIT) | BT_REC_BIT(BT_REC_SIGNAL) |
		BT_REC_BIT(BT_REC_TASK_EXIT) | BT_REC_BIT(BT_REC_EXEC) | BT_REC_BIT(BT_REC_LOST) |
		BT_REC_BIT(BT_REC_FD_ENTER) | BT_REC_BIT(BT_REC_FD_EXIT) |
		BT_REC_BIT(BT_REC_FD_FORK) | BT_REC_BIT(BT_REC_EVENT) | BT_REC_BIT(BT_REC_DETACH) |
		BT_REC_BIT(BT_REC_STACK) | BT_REC_BIT(BT_REC_URING_SUBMIT) |
		BT_REC_BIT(BT_REC_URING_COMPLETE) | BT_REC_BIT(BT_REC_TRIGGER) |
		BT_REC_BIT(BT_REC_KFUNC_ENTRY) | BT_REC_BIT(BT_REC_KFUNC_EXIT)) ==
		       BT_REC_BIT(BT_REC_ENTER) + BT_REC_BIT(BT_REC_EXIT) +
			       BT_REC_BIT(BT_REC_SIGNAL) + BT_REC_BIT(BT_REC_TASK_EXIT) +
			       BT_REC_BIT(BT_REC_EXEC) + BT_REC_BIT(BT_REC_LOST) +
			       BT_REC_BIT(BT_REC_FD_ENTER) + BT_REC_BIT(BT_REC_FD_EXIT) +
			       BT_REC_BIT(BT_REC_FD_FORK) + BT_REC_BIT(BT_REC_EVENT) +
			       BT_REC_BIT(BT_REC_DETACH) + BT_REC_BIT(BT_REC_STACK) +
			       BT_REC_BIT(BT_REC_URING_SUBMIT) + BT_REC_BIT(BT_REC_URING_COMPLETE) +
			       BT_REC_BIT(BT_REC_TRIGGER) + BT_REC_BIT(BT_REC_KFUNC_ENTRY) +
			       BT_REC_BIT(BT_REC_KFUNC_EXIT),
	       "record types are distinct");

struct bt_rec_hdr {
	__u16 type;  /* enum bt_rec_type */
	__u16 ncaps; /* captures following the fixed part */
	__u32 size;  /* whole record, captures included */
	__u64 ts;    /* CLOCK_MONOTONIC (bpf_ktime_get_ns) */
	__u32 tgid;
	__u32 tid;
	__s32 nr;
	__u32 cpu;
};

struct bt_enter_rec {
	struct bt_rec_hdr hdr;
	__u64 args[BT_MAX_ARGS];
	char comm[BT_COMM_LEN];
	__u64 cgroup; /* the thread's cgroup v2 id, for --container and -a; else 0 */
	/* -i: the user instruction pointer, after the syscall instruction; 0 without -i */
	__u64 ip;
};

struct bt_exit_rec {
	struct bt_rec_hdr hdr;
	__s64 ret;
	/* as in struct bt_enter_rec: the exit of a call entered before tracing has no enter */
	__u64 cgroup;
};

/* x86_64's struct kernel_siginfo: signo, errno, code, then the 32-byte union. */
#define BT_SIGINFO_SIZE 48

/* hdr.nr is -1 in the records below, which are not system calls. */
/* bt_signal_rec.flags */
enum {
	/*
	 * Seen as the signal was sent, not delivered: a fatal signal with no
	 * handler, which the kernel turns into a kill of the whole process
	 * without ever delivering it. Shown after the call the target was in.
	 */
	BT_SIG_FATAL_UNDELIVERED = 1,
};

struct bt_signal_rec {
	struct bt_rec_hdr hdr;
	__s32 sig;
	__u32 flags;		    /* BT_SIG_* */
	__u8 info[BT_SIGINFO_SIZE]; /* the kernel's siginfo as the tracepoint saw it */
	__u64 cgroup;		    /* as in struct bt_enter_rec; 0 when the sender's */
};

struct bt_task_exit_rec {
	struct bt_rec_hdr hdr;
	__s32 exit_code; /* wait status: exit status << 8, or the signal | 0x80 for a core */
	__u8 group_dead; /* the last thread of its process: the process ended */
	/*
	 * The leader, ended by an exec in another of its threads: that thread
	 * takes over its tid (strace's "+++ superseded by execve +++").
	 */
	__u8 superseded;
	__u8 pad[2];
	__u64 cgroup; /* as in struct bt_enter_rec */
};

/*
 * From sched_process_exec when the exec'ing thread was not the leader: the
 * header has the new tid (the process id), old_tid the one its execve
 * entered with.
 */
struct bt_exec_rec {
	struct bt_rec_hdr hdr;
	__u32 old_tid;
	__u32 pad;
};

/*
 * -b execve: from sched_process_exec, the thread (hdr.tid, the process id
 * after the exec) whose exec ended the tracing of its process. Its execve's
 * exit and all that follows go untraced.
 */
struct bt_detach_rec {
	struct bt_rec_hdr hdr;
};

/* -y: hdr.tgid forked child_tgid, which has copies of its descriptors. */
struct bt_fork_rec {
	struct bt_rec_hdr hdr;
	__u32 child_tgid;
	__u32 pad;
};

/*
 * --lossless: what one thread lost since its last record that got through,
 * value of the lost_calls map keyed by tid. The thread's next record is
 * preceded by a BT_REC_LOST record with these counts, so the output says
 * where in the thread's calls the gap is.
 */
struct bt_lost {
	__u64 enters; /* calls whose enter record was lost */
	__u64 exits;  /* calls whose exit record was lost */
	__u64 events; /* signal and exit records lost */
	__u32 tgid;   /* the thread's process, for losses reported at the end */
	__u32 pad;
};

struct bt_lost_rec {
	struct bt_rec_hdr hdr;
	struct bt_lost lost;
};

/*
 * -k and --kernel-stack (stack.bpf.h). A call selected for stacks
 * (BT_SC_STACK) has its enter record followed by a stack record from the
 * same thread: the user registers and the top of the user stack (DWARF
 * mode, unwound in user space), or the user frames the kernel walked by
 * frame pointers (fp mode); then the kernel frames.
 */
/* Bytes of user stack a record may carry: --stack-trace-size's bound. */
#define BT_STACK_COPY_MAX 16384
#define BT_STACK_COPY_DEFAULT 8192
/* Frames the kernel walks at most, user (fp mode) or kernel: kernel.perf_event_max_stack's default. */
#define BT_STACK_FRAMES_MAX 127
/* The user registers kept, in x86_64's DWARF numbering: rax rdx rcx rbx rsi rdi rbp rsp r8-r15 rip. */
#define BT_STACK_REGS 17
#define BT_STACK_REG_SP 7
#define BT_STACK_REG_IP 16

enum bt_stack_mode {
	BT_STACK_NONE = 0,
	BT_STACK_DWARF = 1, /* registers and a copy of the stack: unwound with DWARF CFI */
	BT_STACK_FP = 2,    /* return addresses the kernel found by frame pointers */
};

/* bt_stack_rec.flags */
#define BT_STACK_HAS_USER (1U << 0)   /* the user part is there (its mode is in mode) */
#define BT_STACK_HAS_KERNEL (1U << 1) /* kernel frames follow the user part */
/*
 * The copy ends before the size asked for, at a page that could not be read: the top of the
 * stack, above which no frame can be.
 */
#define BT_STACK_COPY_SHORT (1U << 2)
#define BT_STACK_AT_EXIT (1U << 3) /* taken at sys_exit (--filter, -P or -e inject= there) */

struct bt_stack_rec {
	struct bt_rec_hdr hdr; /* BT_REC_STACK, with the call's tgid, tid and nr; ts always set */
	__u8 mode;	       /* enum bt_stack_mode of the user part */
	__u8 pad[3];
	__u32 flags;	   /* BT_STACK_* */
	__u32 user_len;	   /* bytes of the user part: the stack copy, or 8 per frame */
	__u32 kernel_len;  /* bytes of kernel frames, 8 each, after the user part (padded to 8) */
	__u32 kernel_skip; /* leading frames the kernel was told to skip (see stack.bpf.h) */
	__u32 pad2;
	__u64 regs[BT_STACK_REGS]; /* DWARF mode: the user registers at the call */
				   /* then user_len bytes (padded to 8), then kernel_len bytes */
};

/*
 * -e SUBSYS:EVENT: tracepoints beside the calls (events.bpf.c). One program, a copy of it
 * attached to each event selected, copies the event's entry (the record its tracefs format
 * describes) into the ring buffer; user space decodes it by the format. The entry's size is
 * its fixed part and the data its __data_loc fields point to, past it.
 */
#define BT_EVENTS_MAX 4096     /* events selected at once */
#define BT_EVENT_DYN_MAX 8     /* __data_loc fields whose data is copied */
#define BT_EVENT_DATA_MAX 2048 /* bytes of an entry copied at most: a power of two */
/*
 * The immediate of the one instruction of the event program that loads its event's id: user
 * space loads a copy of the program per event with the event's tracefs id in its place. The
 * entry cannot say which event it is (the kernel writes a pointer over its common_type before
 * the program runs), and attach cookies, which could, came only with Linux 5.15.
 */
#define BT_EVENT_ID_MAGIC 0x7e5a3c1b
/* The argument names of a --filter program (BT_FILTER_MAX_NAMES, which filter_prog.h checks). */
#define BT_EVENT_FILTER_NAMES 4

/* What the program needs to know of an event, value of event_descs keyed by its tracefs id. */
struct bt_event_desc {
	__u16 fixed; /* bytes of the entry's fields */
	__u8 ndyn;   /* __data_loc and __rel_loc fields */
	__u8 pad;
	__u16 dyn_off[BT_EVENT_DYN_MAX]; /* where each one's u32 is in the entry */
	/* a __rel_loc: its offset counts from the end of its own u32 */
	__u8 dyn_rel[BT_EVENT_DYN_MAX];
	/*
	 * --filter on the entry's fields: bit k of filter_has says the entry has the filter's
	 * k-th argument name (BT_FF_NAMED0 + k), a number of filter_size bytes at filter_off,
	 * widened by filter_cast (enum bt_filter_cast)
	 */
	__u8 filter_has;
	__u8 filter_size[BT_EVENT_FILTER_NAMES];
	__u8 filter_cast[BT_EVENT_FILTER_NAMES];
	__u8 pad2;
	__u16 filter_off[BT_EVENT_FILTER_NAMES];
};

struct bt_event_rec {
	struct bt_rec_hdr hdr;
	__u32 event_id; /* the event's tracefs id */
	__u16 len;	/* bytes of the entry that follow, padded to 8 */
	__u16 flags;	/* BT_CAP_TRUNCATED: the entry was longer; BT_CAP_FAULT: unread */
	__u32 want;	/* the entry's whole size */
	/* bytes of fetched values after the entry (struct bt_fetch_item each), or 0 */
	__u16 fetch_len;
	__u16 fetch_flags; /* BT_CAP_TRUNCATED: items left out, past BT_FETCH_DATA_MAX */
	__u64 cgroup;	   /* as in struct bt_enter_rec */
};

/*
 * Fetch expressions (-e 'sched:sched_switch(prev->comm, next->pid)', 'filename:string'):
 * each compiled in user space, checked against BTF, into steps that one loop in the
 * collector runs (events.bpf.c:fetch_run), as --filter's program: nothing is compiled per
 * expression. A step works on one value: it starts from a tracepoint argument (an event
 * attached as a raw tracepoint, its arguments its BTF prototype's, btf_trace_<name>) or a
 * field of the entry (the tracefs format's), follows pointers, and ends in an output step that
 * appends an item to the record. A step that cannot read marks its item as a fault and the
 * steps up to the item's output do nothing.
 */
#define BT_FETCH_MAX_STEPS 32  /* steps of an event's fetch program: the loop's bound */
#define BT_FETCH_MAX_ARGS 12   /* a raw tracepoint's arguments (the kernel's MAX_BPF_FUNC_ARGS) */
#define BT_FETCH_COPY_MAX 256  /* bytes of one item at most: a power of two */
#define BT_FETCH_DATA_MAX 1024 /* bytes of an event's items at most: a power of two */

enum bt_fetch_op {
	BT_FETCH_ARG = 1, /* value = the raw tracepoint's argument off */
	BT_FETCH_FIELD,	  /* value = the entry's field at off, size bytes (1, 2, 4, 8) */
	BT_FETCH_DEREF,	  /* value = the kernel pointer at value + off */
	BT_FETCH_VALUE,	  /* output: value, size bytes of it */
	BT_FETCH_COPY,	  /* output: size bytes at value + off (kernel memory) */
	BT_FETCH_STRING,  /* output: the string at value + off, kernel or else user memory */
};

struct bt_fetch_step {
	__u8 op; /* enum bt_fetch_op */
	__u8 pad;
	__u16 size;
	__u32 off;
};

/* The value of fetch_progs, keyed by the event's tracefs id. */
struct bt_fetch_prog {
	__u16 nsteps;
	__u8 nargs; /* raw tracepoint: its arguments, copied before the steps run; else 0 */
	__u8 pad;
	__u32 pad2;
	struct bt_fetch_step steps[BT_FETCH_MAX_STEPS];
};

/* One output step's item: its bytes follow, the next item at the next multiple of 8. */
struct bt_fetch_item {
	__u16 len;   /* bytes read (a string's with its NUL) */
	__u16 flags; /* BT_CAP_FAULT: not read; BT_CAP_TRUNCATED: a string went on */
	__u32 pad;
};

/*
 * -e io_uring=SET: the operations a traced process submits through an io_uring, shown as the
 * calls they stand for (io_uring.bpf.c). The submit tracepoint (io_uring_submit_req, before 5.19
 * io_uring_submit_sqe) names the ring, the request and its opcode; the SQE the request came from
 * is read from the ring, where the kernel took it, and its fields become the arguments of the
 * syscall the operation stands for (pread64's for IORING_OP_READ), captured by that syscall's
 * beauty-map rules. The completion tracepoint (io_uring_complete) brings the result, and the
 * syscall's exit rules read what the operation wrote. The two are paired by the request: its
 * address where the completion carries it (5.19 and later), else the ring and the user_data.
 */
#define BT_URING_OPS 256 /* opcode slots: the SQE's opcode is a u8 */
/*
 * -c: an operation's summary key, past every syscall id: BT_URING_ID_BASE + opcode; a kernel
 * function's (--kfunc) past those: BT_KFUNC_ID_BASE + its index. The array of
 * --summary-by=total holds BT_SUMMARY_IDS slots.
 */
#define BT_URING_ID_BASE BT_MAX_SYSCALLS
#define BT_KFUNC_ID_BASE (BT_URING_ID_BASE + BT_URING_OPS)
#define BT_SUMMARY_IDS (BT_KFUNC_ID_BASE + BT_KFUNC_MAX)
/* Operations in flight the collector keeps at once (an LRU map: the oldest go first). */
#define BT_URING_INFLIGHT_MAX 16384
/* Bytes of a tracepoint entry the io_uring programs copy to read its fields. */
#define BT_URING_ENTRY_MAX 128
#define BT_URING_SQE_SIZE 64 /* struct io_uring_sqe, UAPI */
#define BT_URING_NONE 0xffff /* a field the tracepoint does not have */

/* Where an argument of the syscall an operation stands for comes from in its SQE (UAPI). */
enum bt_sqe_src {
	BT_SQE_ZERO = 0,       /* no field: 0 */
	BT_SQE_FD = 1,	       /* __s32 fd, sign-extended */
	BT_SQE_OFF = 2,	       /* __u64 off (addr2) */
	BT_SQE_ADDR = 3,       /* __u64 addr (splice_off_in) */
	BT_SQE_LEN = 4,	       /* __u32 len */
	BT_SQE_OP_FLAGS = 5,   /* __u32 rw_flags, open_flags, msg_flags... */
	BT_SQE_FILE_INDEX = 6, /* __s32 splice_fd_in (file_index), sign-extended */
	BT_SQE_ADDR3 = 7,      /* __u64 addr3 */
	BT_SQE_ADDR_LEN = 8,   /* __u16 addr_len */
	BT_SQE_SRC_COUNT = 9,
};

/* Value of the uring_ops map, by opcode: what the operation is shown as. */
struct bt_uring_op {
	__s32 nr;	       /* the syscall id whose arguments and rules it takes; -1: none */
	__u8 src[BT_MAX_ARGS]; /* enum bt_sqe_src of each argument */
	__u8 flags;	       /* BT_URING_OP_* */
	__u8 pad;
};
#define BT_URING_OP_SELECTED (1U << 0) /* -e io_uring=SET has it */

/*
 * Where the io_uring programs find what they read, set by user space after the load: offsets
 * in the tracepoints' entries (from their tracefs formats; BT_URING_NONE when absent) and in the
 * kernel's struct io_ring_ctx (from BTF), the way to the SQE.
 */
struct bt_uring_layout {
	__u16 sub_size, sub_ctx, sub_req, sub_user_data, sub_opcode;
	__u16 cpl_size, cpl_ctx, cpl_req, cpl_user_data, cpl_res, cpl_cflags;
	__u16 pad;
	__u32 ctx_sq_sqes;	  /* struct io_uring_sqe *sq_sqes */
	__u32 ctx_sq_array;	  /* u32 *sq_array: the SQ ring's index array, or NULL */
	__u32 ctx_cached_sq_head; /* unsigned: SQEs taken so far */
	__u32 ctx_sq_entries;	  /* unsigned: a power of two */
	__u32 ctx_flags;	  /* unsigned: IORING_SETUP_* */
	__u8 sqe_ok;		  /* the ctx offsets were all found: SQEs can be read */
	__u8 key_req;		  /* both tracepoints name the request: pair by its address */
	__u8 ok;		  /* the layout is set: the programs may run */
	__u8 pad2;
};

/* bt_uring_submit_rec.uflags, bt_uring_complete_rec.uflags */
#define BT_URING_SQE_READ (1U << 0)    /* the SQE was read: the arguments are its fields */
#define BT_URING_DATA_UNREAD (1U << 2) /* completed where the submitter's memory is not */
#define BT_URING_MORE (1U << 3)	       /* IORING_CQE_F_MORE: more completions will come */
#define BT_URING_FIXED_FILE (1U << 4)  /* IOSQE_FIXED_FILE: fd is a registered file's index */
#define BT_URING_DIRECT (1U << 5)      /* file_index set: a new file goes to the registered table */

/* The pair an operation is known by: its ring and its request (or user_data, see above). */
struct bt_uring_key {
	__u64 ring;
	__u64 id;
};

/*
 * An operation submitted: laid out as an enter record of the syscall it stands for (hdr.nr),
 * its arguments the SQE's fields, then what identifies it; captures follow, by the enter rules.
 */
struct bt_uring_submit_rec {
	struct bt_enter_rec enter;
	struct bt_uring_key key;
	__u64 user_data;
	__u8 opcode;
	__u8 sqe_flags; /* IOSQE_* */
	__u16 uflags;	/* BT_URING_* */
	__u32 pad;
};

/*
 * Its completion: an exit record whose hdr names the submitter's thread and the syscall (the
 * thread that completed it is in tid), ret the CQE's res; captures by the exit rules follow.
 */
struct bt_uring_complete_rec {
	struct bt_exit_rec exit;
	struct bt_uring_key key;
	__u32 cflags; /* the CQE's flags */
	__u32 tid;    /* the thread the completion ran in */
	__u8 opcode;
	__u8 pad;
	__u16 uflags; /* BT_URING_* */
	__u32 pad2;
};

/* What the collector keeps of an operation in flight, value of uring_pending by its key. */
struct bt_uring_pending {
	__u64 ts;
	__u64 args[BT_MAX_ARGS];
	__u64 mm; /* the submitter's address space */
	__u32 tgid, tid;
	__s32 nr;
	__u8 opcode;
	__u8 pad;
	__u16 uflags;
};

/*
 * -e inject=: what btftrace did to a thread's current call, value of the inject_marks map
 * keyed by tid. User space writes it before it answers the call's seccomp notification; the
 * call's sys_exit takes it. A call btftrace answered (an error or a value) never ran: the
 * kernel skipped its sys_enter tracepoint too, so sys_exit emits the enter record first.
 */
struct bt_inject_mark {
	__s64 ret;   /* BT_INJ_ANSWERED: what the call returns, -errno or the value */
	__s32 nr;    /* the call's number */
	__u16 flags; /* BT_INJ_* */
	__u8 signo;  /* BT_INJ_SIGNAL */
	__u8 pad;
};

#define BT_INJ_ANSWERED (1U << 0) /* btftrace gave the result: the call was not made */
#define BT_INJ_SIGNAL (1U << 1)	 /* send signo to the thread, at sys_enter (sys_exit if answered) */
#define BT_INJ_DELAYED (1U << 2) /* held before it ran: strace's "(DELAYED)" */
#define BT_INJ_ENTERED (1U << 3) /* set by sys_enter: the call went on into the kernel */
#define BT_INJ_RETVAL (1U << 4)	 /* the answer is a value (retval=), even one in -4095..-1 */

/*
 * An exit record's notes: a capture with this arg, no data, and BT_NOTE_* in want. Only a
 * call btftrace acted on has one.
 */
#define BT_CAP_ARG_NOTE 0xfe
#define BT_NOTE_INJECTED (1U << 0) /* strace's "(INJECTED)": btftrace gave the result */
#define BT_NOTE_DELAYED (1U << 1)  /* strace's "(DELAYED)" */
#define BT_NOTE_RETVAL (1U << 2)   /* the result btftrace gave is a value, never an error */

/* Flags of one capture. */
#define BT_CAP_TRUNCATED (1U << 0) /* fewer bytes than asked for: the cap was hit */
#define BT_CAP_FAULT (1U << 1)	   /* the user pointer could not be read */
#define BT_CAP_STRING (1U << 2)	   /* read as a NUL-terminated string */
#define BT_CAP_LATE (1U << 3)	   /* an input read at exit: at enter its page was not present */
#define BT_CAP_DROPPED (1U << 4)   /* the record's captures did not fit in the ring buffer */
/*
 * An array whose memory ends before it does (an unmapped page): the elements before that
 * page, flagged truncated too. strace shows them, then the address where reading stopped.
 * With BT_CAP_FAULT, anything else read up to such a page: the bytes before it. It shows as
 * unread, but to a decoder that needs only those (strace reads an int optval, a
 * perf_event_attr as long as its size says, and shows them).
 */
#define BT_CAP_PARTIAL (1U << 5)
/* With BT_CAP_DROPPED: a kept call's record too large for its region (struct bt_kept_call) */
#define BT_CAP_NOT_KEPT (1U << 6)

/*
 * A record that did not fit whole is sent without its captures: its one
 * capture is this marker, with no data and the whole record's size in want.
 * The call stays visible, its numbers and return value exact.
 */
#define BT_CAP_ARG_DROPPED 0xff

/*
 * -y: an exit's capture of what the new fds it made are, read in the
 * kernel as the call returns: an array of struct bt_fd_inode (one for a
 * returned fd, two for a pipe's or socketpair's), so that a socket or pipe
 * closed before its line is printed still has its name. Not 0x40 plus an
 * index: that is BT_CAP_INNER_DATA's.
 */
#define BT_CAP_FD_INODES 0x80
/* a capture's arg: an index, an inner tag plus an index, or one of the markers, never two */
_Static_assert(BT_MAX_ARGS <= BT_CAP_INNER_NAME &&
		       BT_CAP_INNER_PARENT_TID + BT_MAX_ARGS <= BT_CAP_INNER_COUNT &&
		       BT_CAP_INNER_COUNT + BT_MAX_ARGS <= BT_CAP_FD_INODES &&
		       BT_CAP_FD_INODES + BT_MAX_ARGS <= BT_CAP_INNER_MEMBER(0) &&
		       BT_CAP_INNER_MEMBER(BT_MEMBER_RULES_MAX - 1) + BT_MAX_ARGS <=
			       BT_CAP_ARG_NOTE &&
		       BT_CAP_FD_INODES < BT_CAP_ARG_NOTE && BT_CAP_ARG_NOTE < BT_CAP_ARG_DROPPED,
	       "capture arg tags are distinct");

struct bt_fd_inode {
	__s32 fd;
	__u32 mode; /* the inode's i_mode: S_IFSOCK, S_IFIFO... */
	__u64 ino;
};

/*
 * Where the kernel keeps a descriptor's inode: byte offsets that user space
 * finds in the kernel's BTF (types__struct_member) and writes into the collector's
 * fd_offsets once it is loaded. Read by offset, not by CO-RE relocation:
 * each struct a relocation starts from costs libbpf a search of the whole
 * kernel BTF at load, and these four would add a quarter to start-up.
 * ok is 0 (no inodes are read) until every offset is found.
 */
struct bt_fd_offsets {
	__u32 files_fdt;   /* struct files_struct: fdt, a pointer */
	__u32 fdt_max_fds; /* struct fdtable: max_fds, 4 bytes */
	__u32 fdt_fd;	   /* struct fdtable: fd, a pointer to the array of struct file * */
	__u32 file_inode;  /* struct file: f_inode, a pointer */
	__u32 inode_mode;  /* struct inode: i_mode, 2 bytes */
	__u32 inode_ino;   /* struct inode: i_ino, 8 bytes */
	__u32 ok;
	/* -P: the inode's device, for files compared by (dev, ino) */
	__u32 inode_sb; /* struct inode: i_sb, a pointer */
	__u32 sb_dev;	/* struct super_block: s_dev, 4 bytes */
	__u32 dev_ok;	/* ok, and these two found */
	/* -yy: an inet socket's endpoints, through the file's socket and its struct sock */
	__u32 file_private; /* struct file: private_data, a pointer (a socket's struct socket) */
	__u32 socket_sk;    /* struct socket: sk, a pointer */
	__u32 sk_family;    /* struct sock_common: skc_family, 2 bytes */
	__u32 sk_num;	    /* skc_num: the local port, host order, 2 bytes */
	__u32 sk_dport;	    /* skc_dport: the remote port, network order, 2 bytes */
	__u32 sk_daddr;	    /* skc_daddr, 4 bytes */
	__u32 sk_rcv_saddr; /* skc_rcv_saddr, 4 bytes */
	__u32 sk_v6_daddr;  /* skc_v6_daddr, 16 bytes */
	__u32 sk_v6_saddr;  /* skc_v6_rcv_saddr, 16 bytes */
	__u32 sk_protocol;  /* struct sock: sk_protocol, 2 bytes (a bitfield before 5.6: none) */
	__u32 sk_type;	    /* struct sock: sk_type, 2 bytes */
	__u32 sock_ok;	    /* ok, and all of these found */
	/* BT_MEMBER_FD_NAME: the name of a file's dentry */
	__u32 file_dentry; /* struct file: f_path.dentry, a pointer */
	__u32 dentry_name; /* struct dentry: d_name.name, a pointer */
	__u32 name_ok;	   /* ok, and these two found */
};

/*
 * -yy: an inet socket's endpoints as they were at a call (BT_SC_SOCK_*), in the
 * collector's sock_endpoints by the socket's inode, so that a socket closed before its
 * lines are printed still shows them: TCP:[127.0.0.1:40000->127.0.0.1:80].
 */
struct bt_sock_endpoints {
	__u16 family;	/* AF_INET or AF_INET6 */
	__u16 protocol; /* IPPROTO_TCP, IPPROTO_UDP... */
	__u16 type;	/* SOCK_STREAM, SOCK_DGRAM... */
	__u16 sport;	/* host order; 0: not bound */
	__u16 dport;	/* host order */
	__u16 pad[3];
	__u8 saddr[16]; /* 4 bytes for AF_INET */
	__u8 daddr[16];
	__u64 first_ns; /* when they were first kept: a record before it shows none */
};
/* sockets whose endpoints are kept, the least recently used going first */
#define BT_SOCK_ENDPOINTS_MAX 4096

/* One captured argument; len bytes of data follow, then padding to 8 bytes. */
/*
 * --kfunc FUNC: kernel functions a traced thread calls (kfunc.bpf.c). One fentry and one fexit
 * program per count of arguments (the verifier checks a tracing program's context reads
 * against its target's prototype), each loaded as a template for a function of that count and
 * copied by user space for every function, its index patched in for BT_KFUNC_ID_MAGIC. The
 * entry record carries the arguments and what the function's capture plan copies of each
 * (struct bt_kfunc_desc, built from its BTF prototype); the exit record its return value.
 */
#define BT_KFUNC_MAX 64		     /* functions traced at once */
#define BT_KFUNC_ARGS 6		     /* arguments a function is traced with at most */
#define BT_KFUNC_CAPTURE_MAX 1024    /* bytes of one argument copied at most: a power of two */
#define BT_KFUNC_DATA_MAX 16384	     /* the work area of an entry's captures: a power of two */
#define BT_KFUNC_ID_MAGIC 0x6b66756e /* the immediate user space patches ("kfun") */
/* fetch_progs' key of function index's program: past any tracefs event id */
#define BT_FETCH_KFUNC_KEY 0x80000000U

/* What the entry program copies of each argument: the function's capture plan. */
struct bt_kfunc_desc {
	/* BT_LEN_NONE, BT_LEN_STRING, or n bytes at the pointer (kernel memory, else user) */
	__s16 len[BT_KFUNC_ARGS];
	__u8 nargs;
	__u8 ret_size;	 /* bytes of the return value: -c tells errors by its sign */
	__u8 ret_signed; /* the return value is a signed integer */
	/*
	 * fetch expressions ('vfs_read(file->f_pos, count)'): the entry runs the function's
	 * program of fetch_progs, at BT_FETCH_KFUNC_KEY + its index, and sends its items
	 * instead of the captures
	 */
	__u8 fetch;
};

/* -c: when a thread entered a function, to time it at its return. */
struct bt_kfunc_start_key {
	__u32 tid;
	__u32 func;
};

struct bt_kfunc_rec {
	struct bt_rec_hdr hdr; /* BT_REC_KFUNC_ENTRY or _EXIT; nr -1 */
	__u32 func;	       /* the function's index in the session's set */
	/* entry with fetch expressions: bytes of their items (struct bt_fetch_item each) */
	__u16 fetch_len;
	__u16 fetch_flags;	   /* BT_CAP_TRUNCATED: items left out, past BT_FETCH_DATA_MAX */
	__u64 args[BT_KFUNC_ARGS]; /* entry: the arguments */
	__s64 ret;		   /* exit: the return value */
	__u64 cgroup;		   /* as in struct bt_enter_rec */
};

struct bt_capture {
	__u8 arg;   /* argument index 0..5 */
	__u8 flags; /* BT_CAP_* */
	__u16 len;  /* bytes of data that follow */
	__u32 want; /* bytes the rule asked for, before capping (strings: 0) */
};

#define BT_ALIGN8(x) (((x) + 7) & ~7U)

#endif /* BTFTRACE_RECORD_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every unit of the collector shares: the kernel structs it reads (CO-RE), the knobs
 * user space fixes before the load, the maps and the per-CPU work area. The collector is
 * linked from units of one concern each (bpftool gen object): state.bpf.c defines what is
 * declared here, every other unit includes it as extern.
 */
#ifndef BTFTRACE_BPF_STATE_H
#define BTFTRACE_BPF_STATE_H

#include <linux/bpf.h>
#include <stdbool.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>
#include "record.h"
#include "filter_prog.h"
#include "log2.h"
#include "syscall_nrs.h" /* BT_NR64_* and BT_NR32_*, generated from the UAPI headers */

#ifdef BT_STATE_DEFINE
#define BT_EXTERN
#define BT_INIT(...) = __VA_ARGS__
#else
#define BT_EXTERN extern
#define BT_INIT(...)
#endif

/*
 * The user registers saved at kernel entry: those that carry syscall
 * arguments, on x86_64 (di, si, dx, r10, r8, r9) and for i386 calls (bx, cx,
 * dx, si, di, bp), the stack pointer (BT_KIND_STACK), and for -k the rest a
 * DWARF unwinder starts from (stack.bpf.h); CO-RE relocates the offsets
 * against the running kernel's struct pt_regs.
 */
struct pt_regs {
	unsigned long r15;
	unsigned long r14;
	unsigned long r13;
	unsigned long r12;
	unsigned long bp;
	unsigned long bx;
	unsigned long r11;
	unsigned long r10;
	unsigned long r9;
	unsigned long r8;
	unsigned long ax;
	unsigned long cx;
	unsigned long dx;
	unsigned long si;
	unsigned long di;
	unsigned long orig_ax;
	unsigned long ip;
	unsigned long sp;
} __attribute__((preserve_access_index));

/* What the task tracepoints read; CO-RE relocates the offsets. */
typedef struct {
	int counter;
} atomic_t;

struct task_struct;

struct signal_struct {
	atomic_t live;			     /* threads not yet exited */
	unsigned int flags;		     /* SIGNAL_GROUP_EXIT */
	int group_exit_code;		     /* the signal that ends the process, when one does */
	struct task_struct *group_exec_task; /* the thread in de_thread(), since 5.17 */
} __attribute__((preserve_access_index));

/* status has TS_COMPAT while the thread is in an i386 call (the kernel's in_ia32_syscall()) */
struct thread_info {
	__u32 status;
} __attribute__((preserve_access_index));

#define TS_COMPAT 0x0002

/*
 * -y, -P: a descriptor's file. The BTF-typed programs (tasks_typed) walk from the task to the
 * array of struct file pointers by CO-RE; the raw ones, and what follows the array in both,
 * at fd_offsets (struct bt_fd_offsets).
 */
struct fdtable {
	unsigned int max_fds;
	struct file **fd;
} __attribute__((preserve_access_index));

struct files_struct {
	struct fdtable *fdt;
} __attribute__((preserve_access_index));

struct mm_struct;

struct task_struct {
	struct thread_info thread_info;
	struct files_struct *files;
	int pid;
	int tgid;
	int exit_code;
	unsigned int flags; /* PF_IO_WORKER */
	struct signal_struct *signal;
	struct task_struct *real_parent;
	struct mm_struct *mm; /* -e io_uring=: whose memory a completion can read */
} __attribute__((preserve_access_index));

/* Knobs fixed between open and load. */
BT_EXTERN const volatile __u32 self_tgid BT_INIT(0);   /* btftrace itself, never traced */
BT_EXTERN const volatile __u8 trace_all BT_INIT(0);    /* -a: every process but ours */
BT_EXTERN const volatile __u8 follow_forks BT_INIT(0); /* -f: children of traced processes too */
/* -b execve: a traced process's exec (the command's first one aside) ends its tracing */
BT_EXTERN const volatile __u8 detach_on_exec BT_INIT(0);
BT_EXTERN const volatile __u32
	string_cap BT_INIT(BT_CAPTURE_MAX); /* bytes of a NUL-terminated string */
/*
 * bytes of each string of an array (execve's argv): what -s shows and one
 * more, to tell a string cut from one that ends there, so that the array's
 * 4 KB hold every string shown rather than the first long ones whole
 */
BT_EXTERN const volatile __u32 strv_string_cap BT_INIT(BT_CAPTURE_MAX);
BT_EXTERN const volatile __u32
	buffer_cap BT_INIT(BT_BUFFER_CAP_DEFAULT); /* bytes of a sized buffer or struct */
BT_EXTERN const volatile __u64 wakeup_bytes BT_INIT(1
						    << 20); /* pending data that forces a wake-up */
BT_EXTERN const volatile __u8 summary BT_INIT(0);	/* -c/-C: aggregate calls in summary_map */
BT_EXTERN const volatile __u8 summary_only BT_INIT(0);	/* -c: no per-call records at all */
BT_EXTERN const volatile __u8 summary_by BT_INIT(0);	/* enum bt_summary_by */
BT_EXTERN const volatile __u8 errno_summary BT_INIT(0); /* --errno-summary: count errors by errno */
/* -O: ns taken off each call's time in the summary, as strace -O does (none below 0) */
BT_EXTERN const volatile __u64 summary_overhead_ns BT_INIT(0);
BT_EXTERN const volatile __u8 filter_active BT_INIT(0); /* run filter_prog on every traced call */
BT_EXTERN const volatile __u8
	filter_defer BT_INIT(0); /* filter_prog reads the result: decide at exit */
BT_EXTERN const volatile __u8
	have_ancestor_cgroup BT_INIT(0); /* bpf_get_current_ancestor_cgroup_id works here */
BT_EXTERN const volatile __u64
	signals_shown BT_INIT(~0ULL);		   /* -e signal=SET: bit sig-1 for signals 1..64 */
BT_EXTERN const volatile __u8 lossless BT_INIT(0); /* --lossless: place losses per thread */
BT_EXTERN const volatile __u8
	fd_records BT_INIT(0); /* -y: fd calls left out still feed the fd table */
BT_EXTERN struct bt_fd_offsets fd_offsets BT_INIT({}); /* -y: set by user space after the load */
/*
 * The BTF-typed programs are the ones loaded (tp_btf, which btftrace loads only where task
 * storage is): the current task is read by bpf_get_current_task_btf() and plain loads
 */
BT_EXTERN const volatile __u8 tasks_typed BT_INIT(0);
/*
 * What the output shows of each call beyond its values: the kernel's time
 * (-t, -r, -T, JSON, Perfetto) and the thread's name (JSON, Perfetto). Each
 * costs a helper call per record (bpf_ktime_get_ns about 30 ns here), so
 * records carry 0 where nothing would print them.
 */
BT_EXTERN const volatile __u8 record_times BT_INIT(1);
BT_EXTERN const volatile __u8 record_comm BT_INIT(1);
/* -i: the user instruction pointer of each call, one more register read */
BT_EXTERN const volatile __u8 record_ip BT_INIT(0);
/* -c --slowest N: the N slowest calls of each syscall kept, per CPU; 0: none */
BT_EXTERN const volatile __u32 slowest_n BT_INIT(0);
/* --flight-recorder N: each thread's last N calls kept, nothing sent; 0: off */
BT_EXTERN const volatile __u32 recorder_n BT_INIT(0);
/* --flight-recorder: threads whose last recorder_n calls are kept at once (rows of slots) */
BT_EXTERN const volatile __u32 recorder_threads BT_INIT(1);
/* --trigger: the program at index BT_PROG_TRIGGER runs at the exits of BT_SC_TRIGGER calls */
BT_EXTERN const volatile __u8 recorder_trigger BT_INIT(0);

BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, BT_MAX_SYSCALLS);
	__type(key, __u32);
	__type(value, struct bt_syscall_rules);
} beauty_map SEC(".maps");

/* The member rules of BT_KIND_MEMBERS captures, by the set index their rule names. */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, BT_MEMBER_SETS_MAX);
	__type(key, __u32);
	__type(value, struct bt_member_set);
} member_sets SEC(".maps");

BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, struct bt_proc);
} traced_procs SEC(".maps");

/*
 * What the hot path reads of traced_procs: each tgid's state, in 2 bits of an array's word
 * indexed by tgid (BT_PROCS_PER_WORD in record.h). Every call of every process on the machine
 * asks whether it is traced: an array look-up, which the verifier writes in place, answers
 * where a hash look-up cost a hash and a walk. Sized by user space from pid_max; a tgid past
 * the array (pid_max raised since) is looked up in traced_procs, which stays the table user
 * space and the exec and exit events read. Both are written together.
 */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1); /* sized by user space: pid_max / BT_PROCS_PER_WORD */
	__type(key, __u32);
	__type(value, __u64);
} proc_states SEC(".maps");

/*
 * Inputs that could not be read at sys_enter, per thread: a bit per argument.
 * A page the caller never touched (a string in a not yet loaded part of a
 * binary) faults for bpf_probe_read_user, which cannot sleep; by sys_exit the
 * kernel has brought it in, so these are read again then.
 */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, __u32);
} refetch SEC(".maps");

/* -c: when each thread's current call started. */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1); /* sized by user space: 1 unless -c */
	__type(key, __u32);
	__type(value, struct bt_call_start);
} call_start SEC(".maps");

/*
 * The same, kept with the task where the kernel can (tp_btf programs have a
 * BTF-typed current task): no hashing, and freed with the task.
 */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct bt_call_start);
} task_call_start SEC(".maps");

/* -yy: inet sockets' endpoints by inode, as a call saw them (sockets.bpf.c). */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 1); /* sized by user space: BT_SOCK_ENDPOINTS_MAX with -yy */
	__type(key, __u64);
	__type(value, struct bt_sock_endpoints);
} sock_endpoints SEC(".maps");

/* -c with --summary-by=total: indexed by syscall number, no hashing either. */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1); /* sized by user space: BT_MAX_SYSCALLS with -c */
	__type(key, __u32);
	__type(value, struct bt_summary);
} summary_total SEC(".maps");

BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 1); /* sized by user space: 1 unless -c */
	__type(key, struct bt_summary_key);
	__type(value, struct bt_summary);
} summary_map SEC(".maps");

BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 1); /* sized by user space: 1 unless --errno-summary */
	__type(key, struct bt_errno_key);
	__type(value, __u64);
} errno_map SEC(".maps");

/*
 * --filter and --trigger: the compiled programs (index BT_PROG_FILTER and BT_PROG_TRIGGER),
 * and each syscall's named arguments for each (at BT_MAX_SYSCALLS * program + syscall id).
 */
#define BT_PROG_FILTER 0
#define BT_PROG_TRIGGER 1

BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, struct bt_filter_prog);
} filter_prog SEC(".maps");

BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2 * BT_MAX_SYSCALLS);
	__type(key, __u32);
	__type(value, struct bt_filter_args);
} filter_args SEC(".maps");

/* The values one run of the filter reads: too large for the stack beside the rest. */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct bt_filter_input);
} filter_input SEC(".maps");

/* -c --slowest: per syscall and CPU, the times kept (struct bt_slowest_floor). */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1); /* sized by user space: BT_MAX_SYSCALLS with --slowest */
	__type(key, __u32);
	__type(value, struct bt_slowest_floor);
} slowest_floor SEC(".maps");

/* -c --slowest: the calls kept, allocated as they come (a few syscalls are ever slow). */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 1); /* sized by user space with --slowest */
	__type(key, struct bt_kept_key);
	__type(value, struct bt_kept_call);
} slowest_calls SEC(".maps");

/*
 * --flight-recorder: each thread's last calls, recorder_n slots in a row for each of
 * recorder_threads threads at once. An array: its look-up, a few instructions the verifier
 * writes in place, is what a call's two kept records cost over -c's work, where a hash map's
 * (an LRU one) cost a hash and a walk twice per call.
 */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1); /* sized by user space with --flight-recorder */
	__type(key, __u32);
	__type(value, struct bt_kept_call);
} recorder_calls SEC(".maps");

/*
 * --flight-recorder: threads that were given their row of slots so far. A thread takes row
 * (this count modulo recorder_threads): past that many threads, a new one shares the row of
 * the thread that took it longest ago.
 */
BT_EXTERN __u32 recorder_rows_given BT_INIT(0);

/*
 * --flight-recorder: non-zero while the kept calls are being written out (a trigger fired):
 * nothing is kept meanwhile, so what is written is what the trigger saw.
 */
BT_EXTERN __u32 recorder_frozen BT_INIT(0);

/* Entries in refetch: while zero, exits skip the lookup. */
BT_EXTERN __u64 refetch_pending BT_INIT(0);

/*
 * Per-CPU work area: the record being built, the call's arguments and the
 * capture cursor. The cursor lives here rather than on the stack so that the
 * capture function, a global BPF function, can be verified once on its own.
 */
struct scratch {
	__u64 args[8]; /* BT_MAX_ARGS used: 8 so that an index masked with 7 stays inside */
	__u64 sp;      /* the user stack pointer at sys_enter; 0 when the record is built at exit */
	__u64 ip;      /* -i: the user instruction pointer; 0 without -i */
	__s64 ret;
	__u32 off;     /* bytes of the record built so far */
	__u32 faulted; /* bit i: argument i could not be read */
	__u16 ncaps;
	__u8 is_exit;
	__u8 notes; /* BT_NOTE_* of the exit record being built, kept when it is compacted */
	/* the vector capture under way (execve's argv, iovecs): one element per call */
	__u64 vec_uptr;	     /* the array */
	__u32 vec_rel;	     /* bytes of parts written after the capture header */
	__u32 vec_count;     /* elements seen */
	__u32 vec_want;	     /* iovec: elements the call passed */
	__u32 vec_flags;     /* BT_CAP_* of the whole capture */
	__u64 vec_data_left; /* iovec at exit: bytes the call returned, not yet placed */
	__u32 vec_count_only;
	__u32 vec_part_faulted; /* an element could not be read: read it all again at exit */
	__u32 vec_ptr32;	/* an i386 call's vector: 4-byte pointers, 8-byte iovecs */
	__u32 member_iov_tag; /* member_rule_step: an iovec member to read next, tag + 1 (0: none) */
	__u64 fd_walk[2];     /* fd_dentry_name's pointers on the way to a file's name */
	/* where the record built goes: the ring buffer (BT_KEEP_NONE) or a kept call's slot */
	__u32 keep;    /* enum bt_keep */
	__u32 keep_id; /* struct bt_kept_key */
	__u32 keep_slot;
	__u32 keep_pad;
	__u64 keep_ns;	  /* --slowest: the call's time, kept with its exit */
	__u64 keep_start; /* --flight-recorder: the kept call's start, for --trigger's duration */
	char buf[BT_SCRATCH_SIZE];
};

enum bt_keep {
	BT_KEEP_NONE = 0,     /* into the ring buffer */
	BT_KEEP_SLOWEST = 1,  /* into slowest_calls */
	BT_KEEP_RECORDER = 2, /* into recorder_calls */
};

BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct scratch);
} scratch_map SEC(".maps");

/*
 * The global functions below find the work area themselves rather than take
 * a pointer to it: kernels before 5.12 accept only scalars (and the context)
 * as a global function's arguments.
 */
static __always_inline struct scratch *scratch(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&scratch_map, &zero);
}

BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct bt_stats);
} stats_map SEC(".maps");

/* --lossless: each thread's losses not yet reported (struct bt_lost in record.h). */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1); /* sized by user space: 1 unless --lossless */
	__type(key, __u32);
	__type(value, struct bt_lost);
} lost_calls SEC(".maps");

/* Entries in lost_calls: while zero, records go out without a lookup. */
BT_EXTERN __u64 lost_pending BT_INIT(0);
/*
 * A wake-up was forced and the reader has not read since: no other is sent
 * (records.bpf.h). Cleared by the reader after each read.
 */
BT_EXTERN __u32 wakeup_sent BT_INIT(0);

BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, BT_RINGBUF_DEFAULT); /* resized by user space before load */
} events SEC(".maps");

#include "container.bpf.h"
#include "events.bpf.h"
#include "inject.bpf.h"
#include "pathtrace.bpf.h"

/* tgid's enum bt_proc_state, 0 when it is not traced */
static __always_inline __u32 proc_state(__u32 tgid)
{
	__u32 key = tgid / BT_PROCS_PER_WORD;
	struct bt_proc *proc;
	__u64 *word;

	word = bpf_map_lookup_elem(&proc_states, &key);
	if (word)
		return (*word >> (tgid % BT_PROCS_PER_WORD * BT_PROC_STATE_BITS)) &
		       BT_PROC_STATE_MASK;
	/* the same slot as the key above: the programs that call this have no stack to spare */
	key = tgid;
	proc = bpf_map_lookup_elem(&traced_procs, &key);
	return proc ? proc->state : 0;
}

/*
 * tgid's state in proc_states goes from from (what proc_state() read) to to. The other
 * tgids of the word may change on other CPUs meanwhile: the difference is added atomically,
 * the one atomic operation the kernels before 5.12 have. A tgid's own state is changed by
 * one side at a time (its fork, its exec, its last thread's exit).
 */
static __always_inline void proc_state_move(__u32 tgid, __u32 from, __u32 to)
{
	__u32 key = tgid / BT_PROCS_PER_WORD, shift;
	__u64 *word;

	if (from == to)
		return;
	word = bpf_map_lookup_elem(&proc_states, &key);
	if (!word)
		return;
	shift = tgid % BT_PROCS_PER_WORD * BT_PROC_STATE_BITS;
	__sync_fetch_and_add(word, ((__u64)to << shift) - ((__u64)from << shift));
}

/* tgid is traced no more: out of traced_procs and proc_states */
static __always_inline void proc_forget(__u32 tgid)
{
	proc_state_move(tgid, proc_state(tgid), 0);
	bpf_map_delete_elem(&traced_procs, &tgid);
}

/* Whether the current call's process is traced (nr -1: not a call). */
static __always_inline int should_trace(__u32 tgid, long nr)
{
	struct bt_proc *proc;
	__u32 state;

	if (tgid == self_tgid)
		return 0;
	if (container_select)
		return current_container_cgroup() != 0;
	if (trace_all)
		return 1;
	state = proc_state(tgid);
	if (state == BT_PROC_TRACED)
		return 1;
	if (state != BT_PROC_WAIT_EXEC)
		return 0;
	/* a command btftrace started is traced from its exec on */
	if (nr != BT_NR64_execve && nr != BT_NR64_execveat)
		return 0;
	proc = bpf_map_lookup_elem(&traced_procs, &tgid);
	if (proc) {
		proc->state = BT_PROC_TRACED;
		/* -b execve: this exec is the command's own, not one to detach at */
		proc->flags = BT_PROC_OWN_EXEC;
	}
	proc_state_move(tgid, BT_PROC_WAIT_EXEC, BT_PROC_TRACED);
	return 1;
}

#endif /* BTFTRACE_BPF_STATE_H */

// SPDX-License-Identifier: GPL-2.0
/* The collector: one program at sys_enter and one at sys_exit serve every syscall. */
#include <linux/bpf.h>
#include <stdbool.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <bpf/bpf_tracing.h>
#include "record.h"
#include "filter_prog.h"
#include "log2.h"

char LICENSE[] SEC("license") = "GPL";

/*
 * Only the registers that carry syscall arguments on x86_64, and the stack
 * pointer (BT_KIND_STACK); CO-RE relocates the offsets against the running
 * kernel's struct pt_regs.
 */
struct pt_regs {
	unsigned long r10;
	unsigned long r9;
	unsigned long r8;
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

struct task_struct {
	int pid;
	int tgid;
	int exit_code;
	struct signal_struct *signal;
	struct task_struct *real_parent;
} __attribute__((preserve_access_index));

/* Knobs fixed between open and load. */
const volatile __u32 self_tgid = 0;	      /* btftrace itself, never traced */
const volatile __u8 trace_all = 0;	      /* -a: every process but ours */
const volatile __u8 follow_forks = 0;	      /* -f: children of traced processes too */
const volatile __u32 string_cap = 4096;	      /* bytes of a NUL-terminated string */
const volatile __u32 buffer_cap = 256;	      /* bytes of a sized buffer or struct */
const volatile __u64 wakeup_bytes = 1 << 20;  /* pending data that forces a wake-up */
const volatile __u8 summary = 0;	      /* -c/-C: aggregate calls in summary_map */
const volatile __u8 summary_only = 0;	      /* -c: no per-call records at all */
const volatile __u8 summary_by = 0;	      /* enum bt_summary_by */
const volatile __u8 errno_summary = 0;	      /* --errno-summary: count errors by errno */
const volatile __u8 filter_active = 0;	      /* run filter_prog on every traced call */
const volatile __u8 filter_defer = 0;	      /* filter_prog reads the result: decide at exit */
const volatile __u8 have_ancestor_cgroup = 0; /* bpf_get_current_ancestor_cgroup_id works here */
const volatile __u64 signals_shown = ~0ULL;   /* -e signal=SET: bit sig-1 for signals 1..64 */
const volatile __u8 lossless = 0;	      /* --lossless: place losses per thread */
/*
 * What the output shows of each call beyond its values: the kernel's time
 * (-t, -r, -T, JSON, Perfetto) and the thread's name (JSON, Perfetto). Each
 * costs a helper call per record (bpf_ktime_get_ns about 30 ns here), so
 * records carry 0 where nothing would print them.
 */
const volatile __u8 record_times = 1;
const volatile __u8 record_comm = 1;
/* -i: the user instruction pointer of each call, one more register read */
const volatile __u8 record_ip = 0;

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, BT_MAX_SYSCALLS);
	__type(key, __u32);
	__type(value, struct bt_syscall_rules);
} beauty_map SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, struct bt_proc);
} traced_procs SEC(".maps");

/*
 * Inputs that could not be read at sys_enter, per thread: a bit per argument.
 * A page the caller never touched (a string in a not yet loaded part of a
 * binary) faults for bpf_probe_read_user, which cannot sleep; by sys_exit the
 * kernel has brought it in, so these are read again then.
 */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, __u32);
} refetch SEC(".maps");

/* -c: when each thread's current call started. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1); /* sized by user space: 1 unless -c */
	__type(key, __u32);
	__type(value, struct bt_call_start);
} call_start SEC(".maps");

/*
 * The same, kept with the task where the kernel can (tp_btf programs have a
 * BTF-typed current task): no hashing, and freed with the task.
 */
struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct bt_call_start);
} task_call_start SEC(".maps");

/* -c with --summary-by=total: indexed by syscall number, no hashing either. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1); /* sized by user space: BT_MAX_SYSCALLS with -c */
	__type(key, __u32);
	__type(value, struct bt_summary);
} summary_total SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 1); /* sized by user space: 1 unless -c */
	__type(key, struct bt_summary_key);
	__type(value, struct bt_summary);
} summary_map SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 1); /* sized by user space: 1 unless --errno-summary */
	__type(key, struct bt_errno_key);
	__type(value, __u64);
} errno_map SEC(".maps");

/* --filter: the compiled program (one entry), and each syscall's named arguments. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct bt_filter_prog);
} filter_prog SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, BT_MAX_SYSCALLS);
	__type(key, __u32);
	__type(value, struct bt_filter_args);
} filter_args SEC(".maps");

/* The values one run of the filter reads: too large for the stack beside the rest. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct bt_filter_input);
} filter_input SEC(".maps");

/* Entries in refetch: while zero, exits skip the lookup. */
__u64 refetch_pending = 0;

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
	__u8 pad;
	/* the vector capture under way (execve's argv, iovecs): one element per call */
	__u64 vec_uptr;	     /* the array */
	__u32 vec_rel;	     /* bytes of parts written after the capture header */
	__u32 vec_count;     /* elements seen */
	__u32 vec_want;	     /* iovec: elements the call passed */
	__u32 vec_flags;     /* BT_CAP_* of the whole capture */
	__u64 vec_data_left; /* iovec at exit: bytes the call returned, not yet placed */
	__u32 vec_count_only;
	__u32 vec_part_faulted; /* an element could not be read: read it all again at exit */
	char buf[BT_SCRATCH_SIZE];
};

struct {
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

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct bt_stats);
} stats_map SEC(".maps");

/* --lossless: each thread's losses not yet reported (struct bt_lost in record.h). */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1); /* sized by user space: 1 unless --lossless */
	__type(key, __u32);
	__type(value, struct bt_lost);
} lost_calls SEC(".maps");

/* Entries in lost_calls: while zero, records go out without a lookup. */
__u64 lost_pending = 0;

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 8 << 20); /* resized by user space before load */
} events SEC(".maps");

#define E2BIG 7 /* a record larger than the scratch area: counted as lost */
#define NR_EXECVE 59
#define NR_EXECVEAT 322
#define NR_RT_SIGRETURN 15
#define NR_EXIT 60
#define NR_EXIT_GROUP 231

static __always_inline int should_trace(__u32 tgid, long nr)
{
	struct bt_proc *proc;

	if (tgid == self_tgid)
		return 0;
	if (trace_all)
		return 1;
	proc = bpf_map_lookup_elem(&traced_procs, &tgid);
	if (!proc)
		return 0;
	if (proc->state == BT_PROC_WAIT_EXEC) {
		/* a command btftrace started is traced from its exec on */
		if (nr != NR_EXECVE && nr != NR_EXECVEAT)
			return 0;
		proc->state = BT_PROC_TRACED;
	}
	return 1;
}

/*
 * The syscall's arguments from the registers saved at kernel entry. At
 * sys_exit they still hold the same values (the kernel writes the result to
 * ax only), so the exit program needs no per-thread state to find the
 * buffers the call filled.
 */
static __always_inline void read_args(struct pt_regs *regs, __u64 *args, const bool typed)
{
	if (typed) {
		/* tp_btf: regs is a BTF-typed pointer, read without helper calls */
		args[0] = regs->di;
		args[1] = regs->si;
		args[2] = regs->dx;
		args[3] = regs->r10;
		args[4] = regs->r8;
		args[5] = regs->r9;
		return;
	}
	args[0] = BPF_CORE_READ(regs, di);
	args[1] = BPF_CORE_READ(regs, si);
	args[2] = BPF_CORE_READ(regs, dx);
	args[3] = BPF_CORE_READ(regs, r10);
	args[4] = BPF_CORE_READ(regs, r8);
	args[5] = BPF_CORE_READ(regs, r9);
}

static __always_inline struct bt_stats *stats(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&stats_map, &zero);
}

enum rec_kind {
	KIND_EXIT = 0,
	KIND_ENTER = 1,
	KIND_OTHER = 2, /* signals and thread exits */
};

static __always_inline void fill_hdr(struct bt_rec_hdr *hdr, enum bt_rec_type type, __u32 size)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();

	hdr->type = type;
	hdr->ncaps = 0;
	hdr->size = size;
	hdr->ts = bpf_ktime_get_ns();
	hdr->tgid = pid_tgid >> 32;
	hdr->tid = (__u32)pid_tgid;
	hdr->nr = -1;
	hdr->cpu = bpf_get_smp_processor_id();
}

/*
 * Writes one record into the ring buffer and counts it as sent; the caller
 * counts a failure. Wakes the reader only when enough is pending.
 */
static __always_inline long put_record(void *rec, __u32 size, enum rec_kind kind)
{
	struct bt_stats *st = stats();
	__u64 flags = BPF_RB_NO_WAKEUP, pending;
	long err;

	/*
	 * While the reader keeps up, records wait for its poll timeout or a
	 * batch: no wake-up per call. Once more than wakeup_bytes are pending
	 * the reader is behind, and every record wakes it: that costs the
	 * tracee a little and gives the reader the CPU sooner, so the buffer
	 * seldom fills (a full buffer loses records, counted in stats).
	 */
	pending = bpf_ringbuf_query(&events, BPF_RB_AVAIL_DATA);
	if (pending >= wakeup_bytes)
		flags = BPF_RB_FORCE_WAKEUP;
	/* a power-of-two mask above the scratch size, then the real bound */
	size &= 0x7fff;
	err = size > BT_SCRATCH_SIZE ? -E2BIG : bpf_ringbuf_output(&events, rec, size, flags);
	if (err || !st)
		return err;
	if (kind == KIND_ENTER)
		st->enter_records++;
	else if (kind == KIND_EXIT)
		st->exit_records++;
	st->ringbuf_bytes += size;
	if (pending + size > st->max_pending)
		st->max_pending = pending + size;
	return 0;
}

/* --lossless: adds a lost record to the current thread's count, for its next record to say. */
static __always_inline void note_thread_loss(enum rec_kind kind)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tid = (__u32)pid_tgid;
	struct bt_lost *lost = bpf_map_lookup_elem(&lost_calls, &tid);

	if (!lost) {
		struct bt_lost zero = {.tgid = pid_tgid >> 32};

		/* a full map: the loss is still in stats_map, only its place is not known */
		if (bpf_map_update_elem(&lost_calls, &tid, &zero, BPF_NOEXIST))
			return;
		__sync_fetch_and_add(&lost_pending, 1);
		lost = bpf_map_lookup_elem(&lost_calls, &tid);
		if (!lost)
			return;
	}
	if (kind == KIND_ENTER)
		lost->enters++;
	else if (kind == KIND_EXIT)
		lost->exits++;
	else
		lost->events++;
}

/*
 * --lossless: before the current thread's next record, a BT_REC_LOST record
 * with what the thread lost since its last one, so the reader sees the gap
 * at its place in the thread's calls. Only one thread writes its entry: no
 * count can come in between the read and the delete.
 */
static __always_inline void send_thread_losses(void)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct bt_lost *lost = bpf_map_lookup_elem(&lost_calls, &tid);
	struct bt_lost_rec rec;

	if (!lost)
		return;
	fill_hdr(&rec.hdr, BT_REC_LOST, sizeof(rec));
	rec.lost = *lost;
	/* no room for this either: the counts wait for the next record */
	if (put_record(&rec, sizeof(rec), KIND_OTHER))
		return;
	if (bpf_map_delete_elem(&lost_calls, &tid) == 0)
		__sync_fetch_and_add(&lost_pending, -1);
}

static __always_inline void count_loss(enum rec_kind kind)
{
	struct bt_stats *st = stats();

	if (st) {
		if (kind == KIND_ENTER)
			st->lost_enter++;
		else if (kind == KIND_EXIT)
			st->lost_exit++;
		else
			st->lost_other++;
	}
	if (lossless)
		note_thread_loss(kind);
}

/* Submits a record whole, or counts it lost. */
static __always_inline void submit(void *rec, __u32 size, enum rec_kind kind)
{
	if (lossless && lost_pending)
		send_thread_losses();
	if (put_record(rec, size, kind))
		count_loss(kind);
}

/*
 * A rule in one word, as rule_info packs it for capture_arg: element size (bits 0-11), kind
 * (12-15), BT_RULE_COUNT_32 (16), BT_RULE_COUNT_LESS_ONE (17), count_shift (18-21) and header
 * (24-31).
 */
#define BT_INFO_ELEM_MASK 0xfffU
#define BT_INFO_KIND_SHIFT 12
#define BT_INFO_COUNT_32 (1U << 16)
#define BT_INFO_COUNT_LESS_ONE (1U << 17)
#define BT_INFO_COUNT_SHIFT 18
#define BT_INFO_HEADER_SHIFT 24

/*
 * Bytes a rule asks for, given the call's arguments and (at exit) its return value: elements
 * counted by an argument or the return value, after a header. info is rule_info's word.
 */
static __always_inline __u64 rule_bytes(__s32 len, __u32 info, const __u64 *args, __s64 ret)
{
	__u32 elem_size = info & BT_INFO_ELEM_MASK, header = info >> BT_INFO_HEADER_SHIFT;
	__u32 shift = (info >> BT_INFO_COUNT_SHIFT) & 0xf;
	__u64 n, elem = elem_size ? elem_size : 1;
	int k = -len;

	if (len > BT_LEN_STRING)
		return len;
	if (len == BT_LEN_RET)
		n = ret > 0 ? (__u64)ret : 0;
	else if (k >= 1 && k <= BT_MAX_ARGS) {
		__u32 idx = k - 1;

		asm volatile("%0 &= 7" : "+r"(idx));
		n = args[idx];
		if (info & BT_INFO_COUNT_32)
			n &= 0xffffffffULL;
		if ((info & BT_INFO_COUNT_LESS_ONE) && n)
			n--;
		if (n > (1ULL << 48))
			n = 1ULL << 48;
		n = (n + (1ULL << shift) - 1) >> shift;
	} else
		return 0;
	/* guard the multiplication: anything this large is capped anyway */
	if (n > (1ULL << 32))
		n = 1ULL << 32;
	return n * elem + header;
}

/*
 * Bytes of a BT_KIND_BITMAP capture: the int argument -len counts bits, none when it is
 * negative (the kernel refuses it), whole 64-bit words of them.
 */
static __always_inline __u64 bitmap_bytes(__s32 len, const __u64 *args)
{
	int k = -len;
	__u32 idx;
	__s32 nbits;

	if (k < 1 || k > BT_MAX_ARGS)
		return 0;
	idx = k - 1;
	asm volatile("%0 &= 7" : "+r"(idx));
	nbits = (__s32)args[idx];
	if (nbits <= 0)
		return 0;
	if (nbits > BT_BITMAP_BITS_MAX)
		nbits = BT_BITMAP_BITS_MAX;
	return ((__u64)nbits + 63) / 64 * 8;
}

/*
 * One string of a BT_KIND_STRV capture, or one pointer counted; nonzero
 * ends the array. A global function, so that the verifier checks one
 * element, not every element of the loop that calls it.
 */
__noinline int strv_step(__u32 n)
{
	struct scratch *s = scratch();
	struct bt_str_part *part;
	__u32 off, rel, room;
	__u64 p = 0;
	long got;

	if (!s)
		return 1;
	if (bpf_probe_read_user(&p, sizeof(p), (void *)(s->vec_uptr + (__u64)n * 8))) {
		s->vec_flags |= BT_CAP_FAULT;
		return 1;
	}
	if (!p)
		return 1;
	s->vec_count++;
	if (s->vec_count_only || n >= BT_STRV_MAX) {
		if (!s->vec_count_only)
			s->vec_flags |= BT_CAP_TRUNCATED;
		return 0;
	}
	off = s->off;
	rel = s->vec_rel;
	asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_REC_SOFT_MAX - 1));
	asm volatile("%0 &= %1" : "+r"(rel) : "i"(BT_CAPTURE_MAX * 2 - 1));
	if (rel + sizeof(*part) + 2 > BT_CAPTURE_MAX) {
		s->vec_flags |= BT_CAP_TRUNCATED;
		return 0;
	}
	room = BT_CAPTURE_MAX - rel - sizeof(*part);
	if (room > string_cap)
		room = string_cap;
	asm volatile("%0 &= %1" : "+r"(room) : "i"(BT_CAPTURE_MAX * 2 - 1));
	if (room > BT_CAPTURE_MAX || room < 2)
		return 0;
	part = (void *)(s->buf + off + sizeof(struct bt_capture) + rel);
	got = bpf_probe_read_user_str((void *)(part + 1), room, (void *)p);
	if (got < 0) {
		/* a bad pointer in the array: an empty string marked as faulted */
		part->len = 0;
		part->flags = BT_CAP_FAULT;
		s->vec_part_faulted = 1;
	} else {
		part->len = got;
		part->flags = got == room ? BT_CAP_TRUNCATED : 0;
	}
	s->vec_rel = rel + sizeof(*part) + BT_ALIGN8(part->len);
	return 0;
}

/* One element of a BT_KIND_IOVEC capture: its base, length and bytes. */
__noinline int iov_step(__u32 n)
{
	struct scratch *s = scratch();
	struct {
		__u64 base;
		__u64 len;
	} iov;
	struct bt_iov_part *part;
	__u32 off, rel, room;
	__u64 want;

	if (!s || n >= s->vec_want)
		return 1;
	if (bpf_probe_read_user(&iov, sizeof(iov), (void *)(s->vec_uptr + (__u64)n * 16))) {
		s->vec_flags |= BT_CAP_FAULT;
		return 1;
	}
	off = s->off;
	rel = s->vec_rel;
	asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_REC_SOFT_MAX - 1));
	asm volatile("%0 &= %1" : "+r"(rel) : "i"(BT_CAPTURE_MAX * 2 - 1));
	if (rel + sizeof(*part) > BT_CAPTURE_MAX) {
		s->vec_flags |= BT_CAP_TRUNCATED;
		return 1;
	}
	s->vec_count++;
	part = (void *)(s->buf + off + sizeof(struct bt_capture) + rel);
	part->base = iov.base;
	part->len = iov.len;
	part->flags = 0;
	/* at exit only the bytes the call returned were filled, in iovec order */
	want = iov.len < s->vec_data_left ? iov.len : s->vec_data_left;
	s->vec_data_left -= want;
	room = BT_CAPTURE_MAX - rel - sizeof(*part);
	if (room > buffer_cap)
		room = buffer_cap;
	if (want > room) {
		part->flags |= BT_CAP_TRUNCATED;
		want = room;
	}
	asm volatile("%0 &= %1" : "+r"(want) : "i"(BT_CAPTURE_MAX * 2 - 1));
	if (want > BT_CAPTURE_MAX)
		want = 0;
	if (want && bpf_probe_read_user((void *)(part + 1), want, (void *)iov.base)) {
		part->flags |= BT_CAP_FAULT;
		s->vec_part_faulted = 1;
		want = 0;
	}
	part->got = want;
	s->vec_rel = rel + sizeof(*part) + BT_ALIGN8(want);
	return 0;
}

/*
 * Appends a vector capture (kind BT_KIND_STRV*, BT_KIND_IOVEC) of the array
 * at uptr, tagged tag (argument i, or i plus a BT_CAP_INNER_* code).
 */
static __always_inline void capture_vector(struct scratch *s, __u32 i, __u32 tag, __u64 uptr,
					   __u32 kind, __u64 count, __u32 extra_flags)
{
	struct bt_capture *cap;
	__u32 off = s->off, n;

	s->vec_uptr = uptr;
	s->vec_rel = 0;
	s->vec_count = 0;
	s->vec_flags = 0;
	s->vec_count_only = kind == BT_KIND_STRV_COUNT;
	s->vec_part_faulted = 0;
	if (kind == BT_KIND_IOVEC) {
		s->vec_want = count > 0xffffffffULL ? 0xffffffffU : count;
		/* an input read late (at exit) was all there before the call */
		s->vec_data_left = s->is_exit && !(extra_flags & BT_CAP_LATE)
					   ? (s->ret > 0 ? s->ret : 0)
					   : ~0ULL;
		for (n = 0; n < BT_IOV_MAX; n++) {
			if (iov_step(n))
				break;
		}
		if (s->vec_want > BT_IOV_MAX)
			s->vec_flags |= BT_CAP_TRUNCATED;
	} else {
		s->vec_want = 0;
		for (n = 0; n < BT_STRV_COUNT_MAX; n++) {
			if (strv_step(n))
				break;
		}
		if (n == BT_STRV_COUNT_MAX)
			s->vec_flags |= BT_CAP_TRUNCATED;
		s->vec_want = s->vec_count;
	}
	if (s->vec_part_faulted || (s->vec_flags & BT_CAP_FAULT))
		s->faulted |= 1U << i;
	asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_REC_SOFT_MAX - 1));
	cap = (void *)(s->buf + off);
	cap->arg = tag;
	cap->flags = s->vec_flags | extra_flags;
	cap->len = s->vec_rel;
	cap->want = s->vec_want;
	s->ncaps++;
	s->off = off + sizeof(*cap) + BT_ALIGN8(s->vec_rel);
}

/* Appends up to max bytes at uptr (a buffer a struct points to) as a capture tagged tag. */
static __always_inline void capture_inner_bytes(struct scratch *s, __u32 i, __u32 tag, __u64 uptr,
						__u64 bytes, __u32 max, __u32 extra_flags)
{
	struct bt_capture *cap;
	__u32 off = s->off, n = max;
	__u8 flags = 0;

	if (!uptr || !bytes || off >= BT_REC_SOFT_MAX)
		return;
	if (bytes < n)
		n = bytes;
	else if (bytes > n)
		flags = BT_CAP_TRUNCATED;
	asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_REC_SOFT_MAX - 1));
	asm volatile("%0 &= %1" : "+r"(n) : "i"(BT_CAPTURE_MAX * 2 - 1));
	if (n > BT_MSG_CONTROL_MAX)
		n = BT_MSG_CONTROL_MAX;
	cap = (void *)(s->buf + off);
	if (n && bpf_probe_read_user(s->buf + off + sizeof(*cap), n, (void *)uptr)) {
		flags |= BT_CAP_FAULT;
		s->faulted |= 1U << i;
		n = 0;
	}
	cap->arg = tag;
	cap->flags = flags | extra_flags;
	cap->len = n;
	cap->want = bytes > 0xffffffffULL ? 0xffffffffU : (__u32)bytes;
	s->ncaps++;
	s->off = off + sizeof(*cap) + BT_ALIGN8(n);
}

/*
 * What the struct user_msghdr of argument i points to, after the header:
 * the peer's address, the data (sendmsg's at enter; recvmsg's at exit, as
 * many bytes as the call returned, like readv) and the control messages.
 * strace shows all three; without them a sendmsg is only addresses.
 */
__noinline int capture_msghdr_parts(__u32 i, __u32 extra_flags)
{
	struct scratch *s = scratch();
	struct {
		__u64 name;
		__s32 namelen;
		__u32 pad;
		__u64 iov;
		__u64 iovlen;
		__u64 control;
		__u64 controllen;
		__u32 flags;
	} m;

	if (!s || i >= BT_MAX_ARGS)
		return 0;
	asm volatile("%0 &= 7" : "+r"(i));
	if (bpf_probe_read_user(&m, sizeof(m), (void *)s->args[i]))
		return 0;
	if (m.namelen > 0)
		capture_inner_bytes(s, i, i + BT_CAP_INNER_NAME, m.name, m.namelen, BT_MSG_NAME_MAX,
				    extra_flags);
	if (m.iov && s->off < BT_REC_SOFT_MAX)
		capture_vector(s, i, i + BT_CAP_INNER_IOV, m.iov, BT_KIND_IOVEC, m.iovlen,
			       extra_flags);
	capture_inner_bytes(s, i, i + BT_CAP_INNER_CONTROL, m.control, m.controllen,
			    BT_MSG_CONTROL_MAX, extra_flags);
	return 0;
}

/*
 * Whether user memory from..end-1 can be read, one byte of each page tried: what a capture
 * leaves unread of a bitmap strace reads whole (BT_BITMAP_BITS_MAX bits span 32 pages).
 */
#define BT_PAGE 4096ULL
__noinline int user_range_readable(__u64 from, __u64 end)
{
	__u64 at = from;
	char byte;

	for (int k = 0; k <= BT_BITMAP_BITS_MAX / 8 / BT_PAGE + 1; k++) {
		if (at >= end)
			return 1;
		if (bpf_probe_read_user(&byte, 1, (void *)at))
			return 0;
		at = (at & ~(BT_PAGE - 1)) + BT_PAGE;
	}
	return at >= end;
}

/*
 * Bytes of whole elements that can be read at uptr of an array of n bytes that cannot be
 * read whole: those on uptr's page (n is at most a page, so the next one failed), or none.
 */
__noinline __u32 readable_elems(__u64 uptr, __u32 n, __u32 elem_size)
{
	__u64 room = BT_PAGE - (uptr & (BT_PAGE - 1));
	char byte;

	if (!elem_size || bpf_probe_read_user(&byte, 1, (void *)uptr))
		return 0;
	if (room > n)
		room = n;
	return (__u32)room / elem_size * elem_size;
}

/* What the {pointer, length} pair of argument i (BT_KIND_PTR_LEN) points to. */
__noinline int capture_ptr_len_parts(__u32 i, __u32 extra_flags)
{
	struct scratch *s = scratch();
	struct {
		__u64 ptr;
		__u64 len;
	} pl;

	if (!s || i >= BT_MAX_ARGS)
		return 0;
	asm volatile("%0 &= 7" : "+r"(i));
	if (bpf_probe_read_user(&pl, sizeof(pl), (void *)s->args[i]))
		return 0;
	capture_inner_bytes(s, i, i + BT_CAP_INNER_DATA, pl.ptr, pl.len, BT_PTR_LEN_MAX,
			    extra_flags);
	return 0;
}

/*
 * Appends the capture of argument i by the rule (len, elem_size) to the
 * record in the work area's buf, at its off. A global function: the
 * verifier checks it once, not once per argument and program, which is
 * most of the load time.
 */
__noinline int capture_arg(__u32 i, __s32 len, __u32 elem_and_kind, __u32 extra_flags)
{
	struct scratch *s = scratch();
	__u32 kind = (elem_and_kind >> BT_INFO_KIND_SHIFT) & 0xf;
	__u32 elem_size = elem_and_kind & BT_INFO_ELEM_MASK;
	struct bt_capture *cap;
	__u32 off, n = 0, want = 0;
	__u8 flags = 0;
	__u64 uptr, bytes;
	long got;

	if (!s || i >= BT_MAX_ARGS || len == BT_LEN_NONE)
		return 0;
	/* as below: a bound the compiler cannot fold away */
	asm volatile("%0 &= 7" : "+r"(i));
	uptr = s->args[i];
	if (kind == BT_KIND_STACK) {
		/* elem_size holds the rule's sp_offset */
		uptr = s->sp ? s->sp + elem_size : 0;
		kind = BT_KIND_BYTES;
	}
	off = s->off;
	if (!uptr || off >= BT_REC_SOFT_MAX)
		return 0;
	if (kind == BT_KIND_STRV || kind == BT_KIND_STRV_COUNT || kind == BT_KIND_IOVEC) {
		/* the count of elements: each is gathered on its own */
		capture_vector(s, i, i, uptr, kind,
			       rule_bytes(len, elem_and_kind & ~BT_INFO_ELEM_MASK, s->args, s->ret),
			       extra_flags);
		return 0;
	}
	/*
	 * A no-op for the value, but done in asm so that the compiler cannot
	 * drop it: the verifier needs the bound on the very register used below.
	 */
	asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_REC_SOFT_MAX - 1));
	cap = (void *)(s->buf + off);
	if (len == BT_LEN_STRING) {
		n = string_cap;
		if (n > BT_CAPTURE_MAX)
			n = BT_CAPTURE_MAX;
		flags = BT_CAP_STRING;
		got = bpf_probe_read_user_str(s->buf + off + sizeof(*cap), n, (void *)uptr);
		if (got < 0) {
			flags |= BT_CAP_FAULT;
			n = 0;
		} else {
			/* a full buffer may mean the string went on */
			if (got == n)
				flags |= BT_CAP_TRUNCATED;
			n = got;
		}
	} else {
		bytes = kind == BT_KIND_BITMAP ? bitmap_bytes(len, s->args)
					       : rule_bytes(len, elem_and_kind, s->args, s->ret);
		want = bytes > 0xffffffffULL ? 0xffffffffU : (__u32)bytes;
		/* a struct's BTF size (and a bitmap) is read whole, whatever the buffer cap */
		n = len > BT_LEN_STRING || kind == BT_KIND_BITMAP ? BT_CAPTURE_MAX : buffer_cap;
		/* and of an array of structs as many as are shown */
		if (len < 0 && elem_size > 1 && n < elem_size * BT_ARRAY_ELEMS_MIN)
			n = elem_size * BT_ARRAY_ELEMS_MIN;
		if (n > BT_CAPTURE_MAX)
			n = BT_CAPTURE_MAX;
		if (bytes < n)
			n = bytes;
		else if (bytes > n)
			flags = BT_CAP_TRUNCATED;
		n &= BT_CAPTURE_MAX * 2 - 1;
		if (n > BT_CAPTURE_MAX)
			n = BT_CAPTURE_MAX;
		if (n && bpf_probe_read_user(s->buf + off + sizeof(*cap), n, (void *)uptr)) {
			__u32 part = 0;

			/* an array running into an unmapped page: its elements before it */
			if (len < 0 && elem_size > 1)
				part = readable_elems(uptr, n, elem_size);
			asm volatile("%0 &= %1" : "+r"(part) : "i"(BT_CAPTURE_MAX * 2 - 1));
			if (part > BT_CAPTURE_MAX)
				part = 0;
			if (part &&
			    !bpf_probe_read_user(s->buf + off + sizeof(*cap), part, (void *)uptr)) {
				flags |= BT_CAP_TRUNCATED | BT_CAP_PARTIAL;
				/* read it all again at exit if the page was only absent */
				s->faulted |= 1U << i;
				n = part;
			} else {
				flags |= BT_CAP_FAULT;
				n = 0;
			}
		} else if (kind == BT_KIND_BITMAP && bytes > n &&
			   !user_range_readable(uptr + n, uptr + bytes)) {
			/* all of it or nothing, as strace reads it */
			flags |= BT_CAP_FAULT;
			n = 0;
		}
	}
	if (flags & BT_CAP_FAULT)
		s->faulted |= 1U << i;
	cap->arg = i;
	cap->flags = flags | extra_flags;
	cap->len = n;
	cap->want = want;
	s->ncaps++;
	s->off = off + sizeof(*cap) + BT_ALIGN8(n);
	if (kind == BT_KIND_MSGHDR && !(flags & BT_CAP_FAULT))
		capture_msghdr_parts(i, extra_flags);
	else if (kind == BT_KIND_PTR_LEN && !(flags & BT_CAP_FAULT))
		capture_ptr_len_parts(i, extra_flags);
	return 0;
}

/*
 * A new summary entry's value, kept out of account_call's stack: 6.12's
 * verifier (and older ones) counts that frame on top of the exit program's
 * against the 512 bytes of stack a chain of calls may use.
 */
static const struct bt_summary zero_summary;

/*
 * -c: adds one finished call to the summary, in the kernel, so that
 * summary-only tracing sends nothing per call. A global function: verified
 * once, whichever exit program calls it.
 */
__noinline int account_call(__u32 nr, __s64 ret, __u32 tgid, __u32 tid, __u64 start_ts)
{
	struct bt_summary_key key = {.nr = nr};
	struct bt_summary *sum;
	__u64 now = bpf_ktime_get_ns(), ns = 0;
	bool timed = false;
	__u64 slot;

	if (start_ts && now >= start_ts) {
		ns = now - start_ts;
		timed = true;
	}
	if (summary_by == BT_SUMMARY_PROCESS)
		key.id = tgid;
	else if (summary_by == BT_SUMMARY_THREAD)
		key.id = tid;
	if (summary_by == BT_SUMMARY_TOTAL)
		sum = bpf_map_lookup_elem(&summary_total, &nr);
	else
		sum = bpf_map_lookup_elem(&summary_map, &key);
	if (!sum && summary_by != BT_SUMMARY_TOTAL) {
		bpf_map_update_elem(&summary_map, &key, &zero_summary, BPF_NOEXIST);
		sum = bpf_map_lookup_elem(&summary_map, &key);
	}
	if (!sum)
		return 0;
	sum->calls++;
	if (ret < 0 && ret >= -4095) {
		sum->errors++;
		if (errno_summary) {
			struct bt_errno_key ekey = {.nr = nr, .err = -ret, .id = key.id};
			__u64 one = 1, *count = bpf_map_lookup_elem(&errno_map, &ekey);

			if (count)
				(*count)++;
			else
				bpf_map_update_elem(&errno_map, &ekey, &one, BPF_NOEXIST);
		}
	}
	if (timed) {
		sum->timed++;
		sum->total_ns += ns;
		if (!sum->min_ns || ns < sum->min_ns)
			sum->min_ns = ns;
		if (ns > sum->max_ns)
			sum->max_ns = ns;
		slot = bt_log2_slot(ns, BT_HIST_SLOTS);
		/*
		 * 6.1's verifier (and older ones) loses the bound when the
		 * compiler tests a zero-extended copy: test the register used.
		 */
		barrier_var(slot);
		if (slot < BT_HIST_SLOTS)
			sum->hist[slot]++;
	}
	return 0;
}

/*
 * A rule's size (or sp_offset), kind and count in one word (BT_INFO_*): BPF functions take five
 * arguments.
 */
static __always_inline __u32 rule_info(const struct bt_arg_rule *r)
{
	return (r->elem_size & BT_INFO_ELEM_MASK) | (__u32)(r->kind & 0xf) << BT_INFO_KIND_SHIFT |
	       (r->flags & BT_RULE_COUNT_32 ? BT_INFO_COUNT_32 : 0) |
	       (r->flags & BT_RULE_COUNT_LESS_ONE ? BT_INFO_COUNT_LESS_ONE : 0) |
	       (__u32)(r->count_shift & 0xf) << BT_INFO_COUNT_SHIFT |
	       (__u32)r->header << BT_INFO_HEADER_SHIFT;
}

/*
 * Submits the record built in s->buf, its header completed from the cursor.
 * When the ring buffer has no room for it whole, the call is sent without
 * its captures: its number, arguments,
 * return value and time stay visible, with a marker saying what is missing,
 * rather than the call disappearing.
 */
static __always_inline void finish(struct scratch *s, enum rec_kind kind)
{
	__u32 fixed = kind == KIND_ENTER ? sizeof(struct bt_enter_rec) : sizeof(struct bt_exit_rec);
	struct bt_rec_hdr *hdr = (void *)s->buf;
	struct bt_capture *marker;
	struct bt_stats *st;
	__u32 size = s->off;

	hdr->ncaps = s->ncaps;
	hdr->size = size;
	if (lossless && lost_pending)
		send_thread_losses();
	if (!put_record(hdr, size, kind))
		return;
	if (s->ncaps) {
		marker = (void *)(s->buf + fixed);
		marker->arg = BT_CAP_ARG_DROPPED;
		marker->flags = BT_CAP_DROPPED;
		marker->len = 0;
		marker->want = size;
		hdr->ncaps = 1;
		hdr->size = fixed + sizeof(*marker);
		if (!put_record(hdr, fixed + sizeof(*marker), kind)) {
			st = stats();
			if (st)
				st->compact_records++;
			return;
		}
	}
	count_loss(kind);
}

/*
 * Builds and submits the enter record of the call whose arguments are in
 * s->args. refetch: inputs that fault may be read again at exit (not when
 * the record is built at exit already, for a call the filter decided there).
 */
static __always_inline void emit_enter(struct scratch *s, struct bt_syscall_rules *rules,
				       __u32 tgid, __u32 tid, long nr, __u64 ts,
				       const bool refetch_ok)
{
	struct bt_enter_rec *rec = (void *)s->buf;

	rec->hdr.type = BT_REC_ENTER;
	rec->hdr.ts = ts;
	rec->hdr.tgid = tgid;
	rec->hdr.tid = tid;
	rec->hdr.nr = nr;
	rec->hdr.cpu = bpf_get_smp_processor_id();
	__builtin_memcpy(rec->args, s->args, sizeof(rec->args));
	if (record_comm)
		bpf_get_current_comm(rec->comm, sizeof(rec->comm));
	else /* not the name the per-CPU scratch still holds from another record */
		__builtin_memset(rec->comm, 0, sizeof(rec->comm));
	rec->ip = s->ip;
	s->off = sizeof(*rec);
	s->ncaps = 0;
	s->faulted = 0;
	s->ret = 0;
	s->is_exit = 0;
	if (rules) {
		__u32 refetch_mask = 0, faulted;

		for (int i = 0; i < BT_MAX_ARGS; i++) {
			if (rules->enter[i].len != BT_LEN_NONE)
				capture_arg(i, rules->enter[i].len, rule_info(&rules->enter[i]), 0);
			/* only pure inputs: an in/out argument is read at exit anyway */
			if (rules->exit[i].len == BT_LEN_NONE)
				refetch_mask |= 1U << i;
		}
		faulted = s->faulted & refetch_mask;
		if (refetch_ok && faulted &&
		    bpf_map_update_elem(&refetch, &tid, &faulted, BPF_NOEXIST) == 0)
			__sync_fetch_and_add(&refetch_pending, 1);
	}
	finish(s, KIND_ENTER);
}

/*
 * --filter. Every traced call runs the compiled program (filter_prog.h) on
 * its values; what the program decides at sys_enter is kept in the
 * thread's call_start slot for its sys_exit, so that the two halves of a
 * call are both emitted or both dropped.
 *
 * A program that reads the result (ret, errno, duration; -Z, -z,
 * --duration) can only decide at sys_exit. Then sys_enter writes nothing to
 * the ring buffer: it saves the arguments in the slot, and sys_exit, if the
 * call passes, emits the enter record (built from the saved arguments, with
 * the enter time) and then the exit record. Rejected calls cost no ring
 * buffer traffic and no user-space work, which is the point of filtering in
 * the kernel; keeping whole enter records per thread instead would copy up
 * to BT_SCRATCH_SIZE bytes per call into a map to throw most of them away.
 * The price: inputs are read at exit, so a buffer the call both reads and
 * writes shows what the kernel wrote. Calls that never return (exit,
 * exit_group) are decided at enter, shown when the program accepts them
 * whatever their result would have been.
 */
static __always_inline struct bt_call_start *call_slot(__u32 tid, const bool typed,
						       const bool create)
{
	struct bt_call_start *slot;

	if (typed)
		return bpf_task_storage_get(&task_call_start, bpf_get_current_task_btf(), 0,
					    create ? BPF_LOCAL_STORAGE_GET_F_CREATE : 0);
	slot = bpf_map_lookup_elem(&call_start, &tid);
	if (!slot && create) {
		struct bt_call_start empty = {};

		bpf_map_update_elem(&call_start, &tid, &empty, BPF_NOEXIST);
		slot = bpf_map_lookup_elem(&call_start, &tid);
	}
	return slot;
}

/* A global function: the verifier checks its loop once, not in each program. */
__noinline int filter_check(__u32 phase)
{
	struct bt_filter_input *in;
	struct bt_filter_prog *prog;
	__u32 zero = 0;

	in = bpf_map_lookup_elem(&filter_input, &zero);
	if (!in)
		return 0;
	prog = bpf_map_lookup_elem(&filter_prog, &zero);
	if (!prog)
		return 0;
	return bt_filter_run(prog, in, phase);
}

/* The values known at sys_enter, those the program uses only (comm and ppid cost helpers). */
static __always_inline void filter_fill(struct bt_filter_input *in, long nr, const __u64 *args,
					__u64 pid_tgid)
{
	struct bt_filter_prog *prog;
	__u64 uid_gid = bpf_get_current_uid_gid();
	__u32 zero = 0, key;

	in->v[BT_FF_PID] = pid_tgid >> 32;
	in->v[BT_FF_TID] = (__u32)pid_tgid;
	in->v[BT_FF_UID] = (__u32)uid_gid;
	in->v[BT_FF_GID] = uid_gid >> 32;
	in->v[BT_FF_SYSCALL] = nr;
	for (int i = 0; i < BT_MAX_ARGS; i++)
		in->v[BT_FF_ARG0 + i] = args[i];
	prog = bpf_map_lookup_elem(&filter_prog, &zero);
	if (!prog)
		return;
	if (prog->uses & BT_FU_COMM)
		bpf_get_current_comm(&in->v[BT_FF_COMM_LO], 2 * sizeof(__u64));
	if (prog->uses & BT_FU_PPID) {
		struct task_struct *task = (void *)bpf_get_current_task();

		in->v[BT_FF_PPID] = BPF_CORE_READ(task, real_parent, tgid);
	}
	if (prog->uses & BT_FU_CGROUP) {
		/* the directory's subtree where the kernel can say, else the directory itself */
		if (have_ancestor_cgroup)
			in->v[BT_FF_CGROUP] =
				bpf_get_current_ancestor_cgroup_id(prog->cgroup_level);
		else
			in->v[BT_FF_CGROUP] = bpf_get_current_cgroup_id();
	}
	if ((prog->uses & BT_FU_NAMED) && nr >= 0 && nr < BT_MAX_SYSCALLS) {
		struct bt_filter_args *fa;

		key = nr;
		fa = bpf_map_lookup_elem(&filter_args, &key);
		if (!fa)
			return;
		for (int k = 0; k < BT_FILTER_MAX_NAMES; k++)
			in->v[BT_FF_NAMED0 + k] =
				bt_filter_cast(args[fa->index[k] & 7], fa->cast[k]);
	}
}

static __always_inline void count_filtered(void)
{
	struct bt_stats *st = stats();

	if (st)
		st->filtered++;
}

/* sys_enter's half of the filter: true when the enter record is to be emitted now. */
static __always_inline bool filter_enter(struct pt_regs *regs, long nr, __u64 pid_tgid,
					 const bool typed)
{
	struct bt_filter_input *in;
	struct bt_call_start *slot;
	__u64 args[8] = {};
	__u32 zero = 0, verdict;

	in = bpf_map_lookup_elem(&filter_input, &zero);
	if (!in)
		return false;
	read_args(regs, args, typed);
	filter_fill(in, nr, args, pid_tgid);
	if (!filter_defer)
		verdict = filter_check(BT_PHASE_EXIT) ? BT_VERDICT_ACCEPT : BT_VERDICT_REJECT;
	else if (nr == NR_EXIT || nr == NR_EXIT_GROUP)
		verdict = filter_check(BT_PHASE_ENTER_SURE) ? BT_VERDICT_ACCEPT : BT_VERDICT_REJECT;
	else
		verdict =
			filter_check(BT_PHASE_ENTER_MAYBE) ? BT_VERDICT_PENDING : BT_VERDICT_REJECT;
	slot = call_slot((__u32)pid_tgid, typed, true);
	if (slot) {
		slot->ts = bpf_ktime_get_ns();
		slot->nr = nr;
		slot->verdict = verdict;
		if (verdict == BT_VERDICT_PENDING)
			__builtin_memcpy(slot->args, args, sizeof(slot->args));
	} else if (verdict != BT_VERDICT_REJECT) {
		/* nowhere to keep the verdict: the call is lost, and counted so */
		struct bt_stats *st = stats();

		if (st)
			st->lost_enter++;
		return false;
	}
	if (verdict == BT_VERDICT_REJECT)
		count_filtered();
	return verdict == BT_VERDICT_ACCEPT;
}

/*
 * sys_exit's half: BT_VERDICT_ACCEPT to emit the exit record,
 * BT_VERDICT_PENDING to emit the saved enter record first (*slotp), or
 * BT_VERDICT_REJECT. A call whose enter came before tracing started has no
 * verdict, and is dropped: the filter cannot judge half a call.
 */
static __always_inline __u32 filter_exit(long nr, __s64 ret, __u64 pid_tgid, const bool typed,
					 struct bt_call_start **slotp)
{
	struct bt_call_start *slot = call_slot((__u32)pid_tgid, typed, false);
	struct bt_filter_input *in;
	__u32 zero = 0, verdict;
	__u64 args[8] = {}, now;

	if (!slot || slot->nr != nr || slot->verdict == BT_VERDICT_NONE)
		return BT_VERDICT_REJECT;
	verdict = slot->verdict;
	slot->verdict = BT_VERDICT_NONE;
	if (verdict != BT_VERDICT_PENDING)
		return verdict;
	in = bpf_map_lookup_elem(&filter_input, &zero);
	if (!in)
		return BT_VERDICT_REJECT;
	__builtin_memcpy(args, slot->args, sizeof(slot->args));
	filter_fill(in, nr, args, pid_tgid);
	now = bpf_ktime_get_ns();
	in->v[BT_FF_RET] = ret;
	in->v[BT_FF_ERRNO] = ret < 0 && ret >= -4095 ? -ret : 0;
	in->v[BT_FF_DURATION] = now > slot->ts ? now - slot->ts : 0;
	if (!filter_check(BT_PHASE_EXIT)) {
		count_filtered();
		return BT_VERDICT_REJECT;
	}
	*slotp = slot;
	return BT_VERDICT_PENDING;
}

/*
 * A signal or a thread's exit: shown when a call of this thread could pass
 * (the process terms decide; the terms about calls are taken as passing).
 */
static __always_inline bool filter_event(void)
{
	struct bt_filter_input *in;
	__u64 args[8] = {};
	__u32 zero = 0;

	in = bpf_map_lookup_elem(&filter_input, &zero);
	if (!in)
		return false;
	filter_fill(in, -1, args, bpf_get_current_pid_tgid());
	return filter_check(BT_PHASE_EVENT);
}

static __always_inline int do_enter(struct pt_regs *regs, long nr, const bool typed)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tgid = pid_tgid >> 32, tid = (__u32)pid_tgid;
	struct bt_syscall_rules *rules = NULL;
	struct scratch *s;
	__u32 zero = 0, key;

	if (!should_trace(tgid, nr))
		return 0;
	if (nr >= 0 && nr < BT_MAX_SYSCALLS) {
		key = nr;
		rules = bpf_map_lookup_elem(&beauty_map, &key);
		if (rules && !(rules->flags & BT_SC_SELECTED))
			return 0;
	}
	if (filter_active) {
		/* the filter's slot is the summary's too: it holds the start time */
		if (!filter_enter(regs, nr, pid_tgid, typed) || summary_only)
			return 0;
	} else if (summary) {
		struct bt_call_start start = {.ts = bpf_ktime_get_ns(), .nr = nr}, *slot;

		if (typed) {
			slot = bpf_task_storage_get(&task_call_start, bpf_get_current_task_btf(), 0,
						    BPF_LOCAL_STORAGE_GET_F_CREATE);
			if (slot)
				*slot = start;
		} else {
			bpf_map_update_elem(&call_start, &tid, &start, BPF_ANY);
		}
		if (summary_only)
			return 0;
	}
	s = bpf_map_lookup_elem(&scratch_map, &zero);
	if (!s)
		return 0;
	read_args(regs, s->args, typed);
	s->sp = typed ? regs->sp : BPF_CORE_READ(regs, sp);
	s->ip = !record_ip ? 0 : typed ? regs->ip : BPF_CORE_READ(regs, ip);
	emit_enter(s, rules, tgid, tid, nr, record_times ? bpf_ktime_get_ns() : 0, true);
	return 0;
}

static __always_inline int do_exit(struct pt_regs *regs, __s64 ret, const bool typed)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tgid = pid_tgid >> 32, tid = (__u32)pid_tgid;
	struct bt_syscall_rules *rules = NULL;
	struct bt_call_start *deferred = NULL;
	struct bt_exit_rec *rec;
	struct scratch *s;
	__u32 zero = 0, key;
	__u32 late = 0;
	bool intr;
	long nr;

	/* -1: an exit is never the exec that starts a command's tracing */
	if (!should_trace(tgid, -1))
		return 0;
	nr = typed ? regs->orig_ax : BPF_CORE_READ(regs, orig_ax);
	/*
	 * rt_sigreturn restores the interrupted code's registers, orig_ax set
	 * to -1: its exit has no number of its own. Without this, -e trace=
	 * sets that leave rt_sigreturn out would still show its exits.
	 */
	if (nr == -1)
		nr = NR_RT_SIGRETURN;
	if (nr >= 0 && nr < BT_MAX_SYSCALLS) {
		key = nr;
		rules = bpf_map_lookup_elem(&beauty_map, &key);
		if (rules && !(rules->flags & BT_SC_SELECTED))
			return 0;
	}
	if (filter_active && filter_exit(nr, ret, pid_tgid, typed, &deferred) == BT_VERDICT_REJECT)
		return 0;
	if (summary) {
		struct bt_call_start *start;

		if (typed)
			start = bpf_task_storage_get(&task_call_start, bpf_get_current_task_btf(),
						     0, 0);
		else
			start = bpf_map_lookup_elem(&call_start, &tid);
		account_call(nr, ret, tgid, tid, start && start->nr == nr ? start->ts : 0);
		if (summary_only)
			return 0;
	}
	s = bpf_map_lookup_elem(&scratch_map, &zero);
	if (!s)
		return 0;
	/* the stack pointer is the one the call returns to now (rt_sigreturn's is another) */
	s->sp = 0;
	/* a syscall returns where it was made: the ip at exit is the enter's */
	s->ip = !record_ip ? 0 : typed ? regs->ip : BPF_CORE_READ(regs, ip);
	if (filter_defer && deferred) {
		/* accepted at exit: the enter record first, from what sys_enter saved */
		__builtin_memcpy(s->args, deferred->args, sizeof(deferred->args));
		emit_enter(s, rules, tgid, tid, nr, deferred->ts, false);
	}
	rec = (void *)s->buf;
	rec->hdr.type = BT_REC_EXIT;
	rec->hdr.ts = record_times ? bpf_ktime_get_ns() : 0;
	rec->hdr.tgid = tgid;
	rec->hdr.tid = tid;
	rec->hdr.nr = nr;
	rec->hdr.cpu = bpf_get_smp_processor_id();
	rec->ret = ret;
	s->off = sizeof(*rec);
	s->ncaps = 0;
	s->faulted = 0;
	s->ret = ret;
	s->is_exit = 1;
	if (refetch_pending) {
		__u32 *pending = bpf_map_lookup_elem(&refetch, &tid);

		if (pending) {
			late = *pending;
			bpf_map_delete_elem(&refetch, &tid);
			__sync_fetch_and_add(&refetch_pending, -1);
		}
	}
	intr = bt_ret_interrupted(ret);
	if (rules && (ret >= 0 || late || intr || (rules->flags & BT_SC_EXIT_ON_ERROR))) {
		read_args(regs, s->args, typed);
		for (int i = 0; i < BT_MAX_ARGS; i++) {
			__u32 flags = rules->exit[i].flags;
			bool if_intr = flags & BT_RULE_IF_INTERRUPTED;
			bool written = if_intr ? intr : ret >= 0 || (flags & BT_RULE_EVEN_ON_ERROR);

			/* an input that faulted at enter is read now by its enter rule */
			if (late & (1U << i))
				capture_arg(i, rules->enter[i].len, rule_info(&rules->enter[i]),
					    BT_CAP_LATE);
			else if (written && rules->exit[i].len != BT_LEN_NONE)
				capture_arg(i, rules->exit[i].len, rule_info(&rules->exit[i]), 0);
		}
	}
	finish(s, KIND_EXIT);
	return 0;
}

/* -f: a child of a traced process is traced before it runs its first instruction. */
static __always_inline int do_fork(__u32 parent_tgid, __u32 child_tgid)
{
	struct bt_proc traced = {.state = BT_PROC_TRACED}, *parent;

	/* threads share their tgid's entry; -a needs no entries */
	if (!follow_forks || trace_all || child_tgid == parent_tgid)
		return 0;
	parent = bpf_map_lookup_elem(&traced_procs, &parent_tgid);
	if (!parent || parent->state != BT_PROC_TRACED)
		return 0;
	bpf_map_update_elem(&traced_procs, &child_tgid, &traced, BPF_ANY);
	return 0;
}

/*
 * A traced thread exits: report its exit code (the kernel's, not a guess
 * from the last call seen), forget its pending refetch, and once the whole
 * process is gone, its traced_procs entry.
 */
static __always_inline int do_task_exit(__u32 tgid, __u32 tid, int exit_code, int live,
					__u32 exec_tid)
{
	struct bt_task_exit_rec rec;
	__u32 *pending;

	if (!should_trace(tgid, -1))
		return 0;
	pending = bpf_map_lookup_elem(&refetch, &tid);
	if (pending && bpf_map_delete_elem(&refetch, &tid) == 0)
		__sync_fetch_and_add(&refetch_pending, -1);
	if (summary || filter_active)
		bpf_map_delete_elem(&call_start, &tid);
	fill_hdr(&rec.hdr, BT_REC_TASK_EXIT, sizeof(rec));
	rec.exit_code = exit_code;
	rec.group_dead = live == 0;
	rec.superseded = tid == tgid && exec_tid && exec_tid != tid;
	rec.pad[0] = rec.pad[1] = 0;
	if (!summary_only && (!filter_active || filter_event()))
		submit(&rec, sizeof(rec), KIND_OTHER);
	if (live == 0 && !trace_all)
		bpf_map_delete_elem(&traced_procs, &tgid);
	return 0;
}

#define SIGKILL 9

/* -e signal=SET: the lines left out cost no record */
static __always_inline bool signal_shown(int sig)
{
	return sig < 1 || sig > 64 || (signals_shown & (1ULL << (sig - 1)));
}

static __always_inline int do_signal(int sig, const void *info)
{
	struct bt_signal_rec rec;

	/*
	 * A thread of a process that is being killed (a fatal signal, exit_group,
	 * exec) gets SIGKILL without siginfo: not a signal anyone sent, and the
	 * exit record names the real cause.
	 */
	if (sig == SIGKILL && !info)
		return 0;
	if (!signal_shown(sig))
		return 0;
	if (summary_only || !should_trace(bpf_get_current_pid_tgid() >> 32, -1))
		return 0;
	if (filter_active && !filter_event())
		return 0;
	fill_hdr(&rec.hdr, BT_REC_SIGNAL, sizeof(rec));
	rec.sig = sig;
	rec.flags = 0;
	if (!info || bpf_probe_read_kernel(rec.info, sizeof(rec.info), info))
		__builtin_memset(rec.info, 0, sizeof(rec.info));
	submit(&rec, sizeof(rec), KIND_OTHER);
	return 0;
}

#define TRACE_SIGNAL_DELIVERED 0
#define SIGNAL_GROUP_EXIT 0x00000004
/* send_sig()'s info argument for "sent by a process" and "sent by the kernel" */
#define SEND_SIG_NOINFO 0UL
#define SEND_SIG_PRIV 1UL
#define SI_USER 0
#define SI_KERNEL 0x80

/*
 * A fatal signal sent to a process with no handler for it, no ptracer and
 * the signal not blocked is never delivered: the kernel (complete_signal)
 * marks the whole process as exiting with that signal and sends its threads
 * SIGKILL, so signal_deliver never sees it. signal_generate fires right
 * after, in the sender, and the marks tell: this signal ended the process.
 * Shown so that a process killed by SIGTERM prints "--- SIGTERM {...} ---"
 * before "+++ killed by SIGTERM +++", as under strace. SIGKILL is left out,
 * as strace leaves it out.
 */
static __always_inline int do_signal_generate(int sig, const void *info, struct task_struct *task,
					      int result)
{
	struct bt_signal_rec rec;
	__u32 tgid;

	/*
	 * With a filter, left out: its process terms (comm, uid, cgroup) are
	 * about the current task, and here that is the sender, not the target.
	 */
	if (result != TRACE_SIGNAL_DELIVERED || sig == SIGKILL || summary_only ||
	    !signal_shown(sig) || filter_active)
		return 0;
	if (!(BPF_CORE_READ(task, signal, flags) & SIGNAL_GROUP_EXIT) ||
	    BPF_CORE_READ(task, signal, group_exit_code) != sig)
		return 0;
	tgid = BPF_CORE_READ(task, tgid);
	if (!should_trace(tgid, -1))
		return 0;
	fill_hdr(&rec.hdr, BT_REC_SIGNAL, sizeof(rec));
	/* the sender runs this: the line is the target's */
	rec.hdr.tgid = tgid;
	rec.hdr.tid = BPF_CORE_READ(task, pid);
	rec.sig = sig;
	rec.flags = BT_SIG_FATAL_UNDELIVERED;
	__builtin_memset(rec.info, 0, sizeof(rec.info));
	if ((unsigned long)info > SEND_SIG_PRIV) {
		bpf_probe_read_kernel(rec.info, sizeof(rec.info), info);
	} else {
		/* what the kernel fills in for these two (__send_signal_locked) */
		struct {
			int signo, errnum, code, pad;
			int pid;
			unsigned int uid;
		} *si = (void *)rec.info;

		si->signo = sig;
		if (info) {
			si->code = SI_KERNEL;
		} else {
			si->code = SI_USER;
			si->pid = bpf_get_current_pid_tgid() >> 32;
			si->uid = (__u32)bpf_get_current_uid_gid();
		}
	}
	submit(&rec, sizeof(rec), KIND_OTHER);
	return 0;
}

/*
 * The thread of task's process that is in an exec, which ends every other
 * thread (de_thread()), or 0. Kernels before 5.17 name the field otherwise:
 * there the leader's end shows as a plain exit.
 */
static __always_inline __u32 exec_tid_of(struct task_struct *task)
{
	struct task_struct *execer;

	if (!bpf_core_field_exists(struct signal_struct, group_exec_task))
		return 0;
	execer = BPF_CORE_READ(task, signal, group_exec_task);
	return execer ? BPF_CORE_READ(execer, pid) : 0;
}

/*
 * An exec from a thread other than the leader: the thread now has the
 * process id as its tid. User space needs the old one to end the execve
 * that entered under it.
 */
static __always_inline int do_exec(__u32 tgid, __u32 tid, __u32 old_tid)
{
	struct bt_exec_rec rec;

	if (old_tid == tid || summary_only || !should_trace(tgid, -1))
		return 0;
	/* -a with --comm, --uid or --cgroup: every process passes should_trace() */
	if (filter_active && !filter_event())
		return 0;
	fill_hdr(&rec.hdr, BT_REC_EXEC, sizeof(rec));
	rec.old_tid = old_tid;
	rec.pad = 0;
	submit(&rec, sizeof(rec), KIND_OTHER);
	return 0;
}

/*
 * Two ways to attach to the same raw_syscalls tracepoints; user space loads
 * one pair. tp_btf (BTF-typed arguments) reads the registers directly;
 * raw_tp, for kernels that refuse tp_btf here, reads them through helpers.
 */
SEC("tp_btf/sys_enter")
int BPF_PROG(on_sys_enter, struct pt_regs *regs, long id)
{
	return do_enter(regs, id, true);
}

SEC("tp_btf/sys_exit")
int BPF_PROG(on_sys_exit, struct pt_regs *regs, long ret)
{
	return do_exit(regs, ret, true);
}

SEC("raw_tp/sys_enter")
int on_sys_enter_raw(struct bpf_raw_tracepoint_args *ctx)
{
	return do_enter((struct pt_regs *)ctx->args[0], (long)ctx->args[1], false);
}

SEC("raw_tp/sys_exit")
int on_sys_exit_raw(struct bpf_raw_tracepoint_args *ctx)
{
	return do_exit((struct pt_regs *)ctx->args[0], (__s64)ctx->args[1], false);
}

SEC("tp_btf/sched_process_fork")
int BPF_PROG(on_fork, struct task_struct *parent, struct task_struct *child)
{
	return do_fork(parent->tgid, child->tgid);
}

SEC("tp_btf/sched_process_exit")
int BPF_PROG(on_task_exit, struct task_struct *task)
{
	return do_task_exit(task->tgid, task->pid, task->exit_code, task->signal->live.counter,
			    exec_tid_of(task));
}

SEC("tp_btf/sched_process_exec")
int BPF_PROG(on_exec, struct task_struct *task, int old_pid)
{
	return do_exec(task->tgid, task->pid, old_pid);
}

SEC("raw_tp/sched_process_fork")
int on_fork_raw(struct bpf_raw_tracepoint_args *ctx)
{
	struct task_struct *parent = (void *)ctx->args[0], *child = (void *)ctx->args[1];

	return do_fork(BPF_CORE_READ(parent, tgid), BPF_CORE_READ(child, tgid));
}

SEC("raw_tp/sched_process_exit")
int on_task_exit_raw(struct bpf_raw_tracepoint_args *ctx)
{
	struct task_struct *task = (void *)ctx->args[0];

	return do_task_exit(BPF_CORE_READ(task, tgid), BPF_CORE_READ(task, pid),
			    BPF_CORE_READ(task, exit_code),
			    BPF_CORE_READ(task, signal, live.counter), exec_tid_of(task));
}

SEC("raw_tp/sched_process_exec")
int on_exec_raw(struct bpf_raw_tracepoint_args *ctx)
{
	struct task_struct *task = (void *)ctx->args[0];

	return do_exec(BPF_CORE_READ(task, tgid), BPF_CORE_READ(task, pid), (int)ctx->args[1]);
}

/*
 * The signal programs are raw_tp only. Their info argument may be NULL or
 * SEND_SIG_PRIV (1), but a tp_btf program's pointer arguments are trusted
 * not to be NULL: the verifier takes "info == NULL" as never true and drops
 * the branch. raw_tp arguments are plain numbers.
 */
SEC("raw_tp/signal_deliver")
int on_signal_raw(struct bpf_raw_tracepoint_args *ctx)
{
	return do_signal((int)ctx->args[0], (void *)ctx->args[1]);
}

SEC("raw_tp/signal_generate")
int on_signal_generate_raw(struct bpf_raw_tracepoint_args *ctx)
{
	return do_signal_generate((int)ctx->args[0], (void *)ctx->args[1],
				  (struct task_struct *)ctx->args[2], (int)ctx->args[4]);
}

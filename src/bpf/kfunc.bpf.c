// SPDX-License-Identifier: GPL-2.0
/*
 * --kfunc FUNC: kernel functions called by the traced threads, at their entry (fentry: the
 * arguments, and what the function's capture plan copies behind them) and their return
 * (fexit: the return value). The verifier checks a tracing program's reads of its context
 * against the prototype of the function it is loaded for, so there is a pair of programs per
 * count of arguments, 0 to BT_KFUNC_ARGS. User space loads each pair it needs as a template for
 * one function of that count, then a copy of it per function with the function's index in
 * place of BT_KFUNC_ID_MAGIC (attach cookies, which could say it, came only with Linux 5.15).
 */
#include "state.bpf.h"
#include "records.bpf.h"
#include "filter.bpf.h"
#include "summary.bpf.h"

/* --kfunc: each function's capture plan, by its index */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, BT_KFUNC_MAX);
	__type(key, __u32);
	__type(value, struct bt_kfunc_desc);
} kfunc_descs SEC(".maps");

/* -c: when each thread entered each function */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1); /* sized by user space: 1 unless -c */
	__type(key, struct bt_kfunc_start_key);
	__type(value, __u64);
} kfunc_starts SEC(".maps");

/* Its own work area: a function may run in an interrupt while a call's record is built. */
struct kfunc_scratch {
	struct bt_kfunc_rec rec;
	char data[BT_KFUNC_DATA_MAX];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct kfunc_scratch);
} kfunc_scratch_map SEC(".maps");

/* Bytes of a string argument read at most. */
#define KFUNC_STRING_MAX 256

/* The index of the function this copy of the program runs for. */
static __always_inline __u32 attached_kfunc(void)
{
	__u32 id;

	/* one mov of the magic: the instruction user space patches */
	asm volatile("%0 = %1" : "=r"(id) : "i"(BT_KFUNC_ID_MAGIC));
	return id;
}

/* n masked where the verifier sees it (the compiler would drop a mask it knows is a no-op). */
static __always_inline __u32 mask_len(__u32 n, __u32 mask)
{
	asm volatile("" : "+r"(n));
	return n & mask;
}

static __always_inline bool kfunc_traced(void)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();

	if (!should_trace(pid_tgid >> 32, -1))
		return false;
	/* -a with --comm, --uid or --cgroup: every process passes should_trace() */
	return !filter_active || filter_event();
}

/*
 * Argument i's capture at off in the work area: a string, or len bytes at the pointer. A
 * kernel function's pointer may be the kernel's or, passed on from a syscall, the user's
 * (do_sys_openat2's filename): kernel memory is tried first, which refuses a user address.
 * Returns where the next capture goes.
 */
static __always_inline __u32 capture_kfunc_arg(struct kfunc_scratch *sc, __u32 off, __u32 i,
					       __s16 len, __u64 ptr)
{
	struct bt_capture *cap;
	void *dst;
	long got;
	__u32 n;

	if (len == BT_LEN_NONE || len < 0 || !ptr)
		return off;
	/* below half the area: a whole capture fits past it, which the verifier can see */
	off = mask_len(off, BT_KFUNC_DATA_MAX / 2 - 1);
	cap = (void *)(sc->data + off);
	dst = cap + 1;
	cap->arg = i;
	cap->flags = 0;
	cap->want = 0;
	if (len == BT_LEN_STRING) {
		got = bpf_probe_read_kernel_str(dst, KFUNC_STRING_MAX, (void *)ptr);
		if (got < 0)
			got = bpf_probe_read_user_str(dst, KFUNC_STRING_MAX, (void *)ptr);
		if (got < 0) {
			cap->flags = BT_CAP_FAULT;
			n = 0;
		} else {
			cap->flags = BT_CAP_STRING;
			n = got;
			/* as long as the read allowed: the string may go on */
			if (n == KFUNC_STRING_MAX)
				cap->flags |= BT_CAP_TRUNCATED;
		}
	} else {
		n = len;
		cap->want = n;
		if (n > BT_KFUNC_CAPTURE_MAX) {
			n = BT_KFUNC_CAPTURE_MAX;
			cap->flags = BT_CAP_TRUNCATED;
		}
		n = mask_len(n, 2 * BT_KFUNC_CAPTURE_MAX - 1);
		if (bpf_probe_read_kernel(dst, n, (void *)ptr) &&
		    bpf_probe_read_user(dst, n, (void *)ptr)) {
			cap->flags = BT_CAP_FAULT;
			n = 0;
		}
	}
	n = mask_len(n, 2 * BT_KFUNC_CAPTURE_MAX - 1);
	cap->len = n;
	sc->rec.hdr.ncaps++;
	return off + sizeof(*cap) + BT_ALIGN8(n);
}

/*
 * --kfunc 'vfs_read(file->f_pos, count)': the function's fetch program run over its arguments
 * by the events' loop (events.bpf.c:fetch_run) in a work area of its own, and its items copied
 * into the record where the captures would be. Returns their bytes.
 */
static __always_inline __u32 kfunc_fetch(struct kfunc_scratch *sc, __u32 func)
{
	struct event_scratch *area;
	__u32 key = KFUNC_AREA, n;

	area = bpf_map_lookup_elem(&event_scratch_map, &key);
	if (!area)
		return 0;
#pragma unroll
	for (int i = 0; i < BT_KFUNC_ARGS; i++)
		area->args[i] = sc->rec.args[i];
	n = fetch_run(BT_FETCH_KFUNC_KEY + func, 0, KFUNC_AREA);
	/* the items are within BT_FETCH_DATA_MAX, which the verifier cannot know from a call */
	n = mask_len(n, 2 * BT_FETCH_DATA_MAX - 1);
	sc->rec.fetch_flags = area->rec.fetch_flags;
	if (bpf_probe_read_kernel(sc->data, n, area->data)) {
		sc->rec.fetch_flags = BT_CAP_FAULT;
		n = 0;
	}
	sc->rec.fetch_len = n;
	return n;
}

/*
 * nargs is a constant in each program: its copies of ctx have a constant size. regs: ctx is a
 * kprobe's struct pt_regs, whose argument registers are x86_64's calling convention's.
 */
static __always_inline int kfunc_entry(void *ctx, const int nargs, const bool regs)
{
	const struct bt_kfunc_desc *desc;
	struct kfunc_scratch *sc;
	__u32 zero = 0, key, off = 0;

	if (!kfunc_traced())
		return 0;
	key = attached_kfunc();
	if (summary) {
		struct bt_kfunc_start_key start = {(__u32)bpf_get_current_pid_tgid(), key};
		__u64 now = bpf_ktime_get_ns();

		bpf_map_update_elem(&kfunc_starts, &start, &now, BPF_ANY);
	}
	/* -c shows no lines: the count is all */
	if (summary_only)
		return 0;
	desc = bpf_map_lookup_elem(&kfunc_descs, &key);
	sc = bpf_map_lookup_elem(&kfunc_scratch_map, &zero);
	if (!desc || !sc)
		return 0;
	fill_hdr(&sc->rec.hdr, BT_REC_KFUNC_ENTRY, sizeof(sc->rec));
	sc->rec.func = key;
	sc->rec.fetch_len = 0;
	sc->rec.fetch_flags = 0;
	sc->rec.ret = 0;
	sc->rec.cgroup = record_cgroup ? bpf_get_current_cgroup_id() : 0;
#pragma unroll
	for (int i = 0; i < BT_KFUNC_ARGS; i++)
		sc->rec.args[i] = 0;
	/*
	 * Copied rather than loaded: 5.10's verifier refuses a load of a pointer argument that
	 * points to anything but a struct (vfs_read's loff_t *pos)
	 */
	if (regs) {
		struct pt_regs *r = ctx;

		sc->rec.args[0] = r->di;
		sc->rec.args[1] = r->si;
		sc->rec.args[2] = r->dx;
		sc->rec.args[3] = r->cx;
		sc->rec.args[4] = r->r8;
		sc->rec.args[5] = r->r9;
	} else if (nargs) {
		bpf_probe_read_kernel(sc->rec.args, nargs * sizeof(__u64), ctx);
	}
	if (desc->fetch) {
		off = kfunc_fetch(sc, key);
	} else {
#pragma unroll
		for (int i = 0; i < BT_KFUNC_ARGS; i++) {
			if (i < nargs)
				off = capture_kfunc_arg(sc, off, i, desc->len[i], sc->rec.args[i]);
		}
	}
	off = mask_len(off, BT_KFUNC_DATA_MAX - 1);
	sc->rec.hdr.size = sizeof(sc->rec) + off;
	submit(sc, sizeof(sc->rec) + off, KIND_OTHER);
	return 0;
}

/*
 * -c: counts the call as the syscalls' are counted, timed from its entry. An error is a
 * signed return value in -4095..-1, as the function's type holds it (an int's register has
 * its upper half undefined).
 */
static __always_inline void account_kfunc(__u32 func, __u64 ret)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid(), *start_ts, start = 0;
	struct bt_kfunc_start_key key = {(__u32)pid_tgid, func};
	const struct bt_kfunc_desc *desc = bpf_map_lookup_elem(&kfunc_descs, &func);
	__s64 value = 0;

	start_ts = bpf_map_lookup_elem(&kfunc_starts, &key);
	if (start_ts) {
		start = *start_ts;
		bpf_map_delete_elem(&kfunc_starts, &key);
	}
	if (desc && desc->ret_signed)
		value = desc->ret_size == 4 ? (__s64)(__s32)ret : (__s64)ret;
	account_call(BT_KFUNC_ID_BASE + (func & (BT_KFUNC_MAX - 1)), value, pid_tgid >> 32,
		     (__u32)pid_tgid, start);
}

/* fexit's context: the arguments, then the return value; a kretprobe's: the registers. */
static __always_inline int kfunc_exit(void *ctx, const int nargs, const bool kretprobe)
{
	__u64 regs[BT_KFUNC_ARGS + 1] = {};
	struct bt_kfunc_rec rec;

	if (!kfunc_traced())
		return 0;
	/* the return value after the arguments, copied as the entry's arguments are */
	if (kretprobe)
		regs[nargs] = ((struct pt_regs *)ctx)->ax;
	else
		bpf_probe_read_kernel(regs, (nargs + 1) * sizeof(__u64), ctx);
	if (summary)
		account_kfunc(attached_kfunc(), regs[nargs]);
	if (summary_only)
		return 0;
	fill_hdr(&rec.hdr, BT_REC_KFUNC_EXIT, sizeof(rec));
	rec.func = attached_kfunc();
	rec.fetch_len = 0;
	rec.fetch_flags = 0;
#pragma unroll
	for (int i = 0; i < BT_KFUNC_ARGS; i++)
		rec.args[i] = 0;
	rec.ret = regs[nargs];
	rec.cgroup = 0;
	submit(&rec, sizeof(rec), KIND_OTHER);
	return 0;
}

/* The attach target is set by user space (bpf_program__set_attach_target) before the load. */
#define KFUNC_PROGRAMS(n)                          \
	SEC("fentry")                              \
	int on_kfunc_entry##n(__u64 *ctx)          \
	{                                          \
		return kfunc_entry(ctx, n, false); \
	}                                          \
	SEC("fexit")                               \
	int on_kfunc_exit##n(__u64 *ctx)           \
	{                                          \
		return kfunc_exit(ctx, n, false);  \
	}

KFUNC_PROGRAMS(0)
KFUNC_PROGRAMS(1)
KFUNC_PROGRAMS(2)
KFUNC_PROGRAMS(3)
KFUNC_PROGRAMS(4)
KFUNC_PROGRAMS(5)
KFUNC_PROGRAMS(6)

/*
 * Where the kernel refuses fentry but has kprobes: the same, from the registers. Every
 * function's six argument registers are read; its plan says which are its arguments.
 */
SEC("kprobe")
int on_kfunc_kprobe(struct pt_regs *ctx)
{
	return kfunc_entry(ctx, BT_KFUNC_ARGS, true);
}

SEC("kretprobe")
int on_kfunc_kretprobe(struct pt_regs *ctx)
{
	return kfunc_exit(ctx, 0, true);
}

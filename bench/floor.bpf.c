// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel floor under a raw_syscalls tracer: what hooking sys_enter and
 * sys_exit costs before the tracer does anything of its own. bench/floor.c
 * loads one pair of these programs:
 *
 *   empty: return 0 and nothing else, the price of the two hooks alone;
 *   timed: the least an in-kernel per-call timing summary must do (the
 *          floor under btftrace -c): at enter, keep the time and the syscall
 *          number of the target's calls; at exit, add the duration to the
 *          per-CPU slot of that syscall.
 *
 * Each comes as tp_btf (BTF-typed arguments) and raw_tp, for kernels that
 * refuse tp_btf on these tracepoints, like btftrace's own collector.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "log2.h"

char LICENSE[] SEC("license") = "GPL";

#define FLOOR_MAX_SYSCALLS 512
#define FLOOR_HIST_SLOTS 40
#define FLOOR_MAX_THREADS 8192

struct pt_regs;

/* The process to time (its threads too); set before load. */
const volatile __u32 target_tgid = 0;

struct call_start {
	__u64 ts; /* 0: no enter seen since the last exit */
	__u32 nr;
	__u32 pad;
};

/* Per syscall number: the same figures as btftrace -c keeps. */
struct floor_summary {
	__u64 calls;
	__u64 total_ns;
	__u64 min_ns;
	__u64 max_ns;
	__u64 hist[FLOOR_HIST_SLOTS]; /* slot i: [2^i, 2^(i+1)) ns */
};

/* tp_btf: the call's start kept with the task, no hashing. */
struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct call_start);
} task_start SEC(".maps");

/* raw_tp: keyed by thread id, as btftrace does there. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, FLOOR_MAX_THREADS);
	__type(key, __u32);
	__type(value, struct call_start);
} tid_start SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, FLOOR_MAX_SYSCALLS);
	__type(key, __u32);
	__type(value, struct floor_summary);
} summary SEC(".maps");

static __always_inline void start_call(struct call_start *st, long id)
{
	st->nr = (__u32)id;
	st->ts = bpf_ktime_get_ns();
}

static __always_inline void end_call(struct call_start *st)
{
	struct floor_summary *sum;
	__u64 now = bpf_ktime_get_ns(), ns;
	__u32 nr = st->nr, slot;

	if (!st->ts)
		return;
	ns = now - st->ts;
	st->ts = 0;
	sum = bpf_map_lookup_elem(&summary, &nr);
	if (!sum)
		return;
	sum->calls++;
	sum->total_ns += ns;
	if (!sum->min_ns || ns < sum->min_ns)
		sum->min_ns = ns;
	if (ns > sum->max_ns)
		sum->max_ns = ns;
	slot = bt_log2_slot(ns, FLOOR_HIST_SLOTS);
	if (slot < FLOOR_HIST_SLOTS)
		sum->hist[slot]++;
}

SEC("tp_btf/sys_enter")
int BPF_PROG(empty_enter, struct pt_regs *regs, long id)
{
	return 0;
}

SEC("tp_btf/sys_exit")
int BPF_PROG(empty_exit, struct pt_regs *regs, long ret)
{
	return 0;
}

SEC("raw_tp/sys_enter")
int empty_enter_raw(struct bpf_raw_tracepoint_args *ctx)
{
	return 0;
}

SEC("raw_tp/sys_exit")
int empty_exit_raw(struct bpf_raw_tracepoint_args *ctx)
{
	return 0;
}

SEC("tp_btf/sys_enter")
int BPF_PROG(timed_enter, struct pt_regs *regs, long id)
{
	struct call_start *st;

	if (bpf_get_current_pid_tgid() >> 32 != target_tgid)
		return 0;
	st = bpf_task_storage_get(&task_start, bpf_get_current_task_btf(), 0,
				  BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (st)
		start_call(st, id);
	return 0;
}

SEC("tp_btf/sys_exit")
int BPF_PROG(timed_exit, struct pt_regs *regs, long ret)
{
	struct call_start *st;

	/* only the target's threads have storage: no tgid check needed here */
	st = bpf_task_storage_get(&task_start, bpf_get_current_task_btf(), 0, 0);
	if (st)
		end_call(st);
	return 0;
}

SEC("raw_tp/sys_enter")
int timed_enter_raw(struct bpf_raw_tracepoint_args *ctx)
{
	__u64 id = bpf_get_current_pid_tgid();
	struct call_start st = {}, *cur;
	__u32 tid = (__u32)id;

	if (id >> 32 != target_tgid)
		return 0;
	cur = bpf_map_lookup_elem(&tid_start, &tid);
	if (cur) {
		start_call(cur, (long)ctx->args[1]);
		return 0;
	}
	start_call(&st, (long)ctx->args[1]);
	bpf_map_update_elem(&tid_start, &tid, &st, BPF_ANY);
	return 0;
}

SEC("raw_tp/sys_exit")
int timed_exit_raw(struct bpf_raw_tracepoint_args *ctx)
{
	__u64 id = bpf_get_current_pid_tgid();
	struct call_start *st;
	__u32 tid = (__u32)id;

	if (id >> 32 != target_tgid)
		return 0;
	st = bpf_map_lookup_elem(&tid_start, &tid);
	if (st)
		end_call(st);
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --filter in the kernel: the inputs of the compiled program, filled at each call or event,
 * and the global function that runs it (filter.bpf.c).
 */
#ifndef BTFTRACE_BPF_FILTER_H
#define BTFTRACE_BPF_FILTER_H

#include "state.bpf.h"
#include "records.bpf.h"

int filter_check(__u32 phase, __u32 which);

/*
 * The values known at sys_enter, those the program (which: BT_PROG_FILTER or BT_PROG_TRIGGER)
 * uses only (comm and ppid cost helpers).
 */
static __always_inline void filter_fill(struct bt_filter_input *in, long nr, const __u64 *args,
					__u64 pid_tgid, const struct bt_syscall_rules *rules,
					const __u32 which)
{
	struct bt_filter_prog *prog;
	__u64 uid_gid = bpf_get_current_uid_gid();
	__u32 key = which;

	in->v[BT_FF_PID] = pid_tgid >> 32;
	in->v[BT_FF_TID] = (__u32)pid_tgid;
	in->v[BT_FF_UID] = (__u32)uid_gid;
	in->v[BT_FF_GID] = uid_gid >> 32;
	in->v[BT_FF_SYSCALL] = rules ? rules->filter_nr : nr;
	in->v[BT_FF_NAMED_KNOWN] = 0;
	for (int i = 0; i < BT_MAX_ARGS; i++)
		in->v[BT_FF_ARG0 + i] = args[i];
	prog = bpf_map_lookup_elem(&filter_prog, &key);
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

		key = which * BT_MAX_SYSCALLS + nr;
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
	filter_fill(in, -1, args, bpf_get_current_pid_tgid(), NULL, BT_PROG_FILTER);
	return filter_check(BT_PHASE_EVENT, BT_PROG_FILTER);
}

#endif /* BTFTRACE_BPF_FILTER_H */

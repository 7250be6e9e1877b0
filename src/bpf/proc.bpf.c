// SPDX-License-Identifier: GPL-2.0
/*
 * Process life: forks (-f follows children), exec and thread exits, for the traced processes.
 */
#include "state.bpf.h"
#include "records.bpf.h"
#include "filter.bpf.h"

/* -f: a child of a traced process is traced before it runs its first instruction. */
static __always_inline int do_fork(__u32 parent_tgid, __u32 child_tgid)
{
	struct bt_proc traced = {.state = BT_PROC_TRACED};

	/*
	 * -y: the child's fds are its parent's at this moment, before it runs:
	 * the fd table hears it now, not when the parent's clone returns (a
	 * vfork's, after the child's exec)
	 */
	if (fd_records && child_tgid != parent_tgid && should_trace(parent_tgid, -1)) {
		struct bt_fork_rec rec;

		fill_hdr(&rec.hdr, BT_REC_FD_FORK, sizeof(rec));
		rec.hdr.tgid = parent_tgid;
		rec.child_tgid = child_tgid;
		rec.pad = 0;
		submit(&rec, sizeof(rec), KIND_OTHER);
	}
	/* -P: the child's fds are copies of its parent's, and so are their bits */
	if (path_names && child_tgid != parent_tgid) {
		struct bt_path_fds *bits = bpf_map_lookup_elem(&path_fds, &parent_tgid);

		if (bits)
			bpf_map_update_elem(&path_fds, &child_tgid, bits, BPF_ANY);
	}
	/* threads share their tgid's entry; -a needs no entries */
	if (!follow_forks || trace_all || child_tgid == parent_tgid)
		return 0;
	if (proc_state(parent_tgid) != BT_PROC_TRACED)
		return 0;
	/* traced_procs full: the child goes untraced in both */
	if (bpf_map_update_elem(&traced_procs, &child_tgid, &traced, BPF_ANY))
		return 0;
	proc_state_move(child_tgid, proc_state(child_tgid), BT_PROC_TRACED);
	return 0;
}

/* include/linux/sched.h: an io_uring worker or SQ thread (Linux 5.12 and later) */
#define BT_PF_IO_WORKER 0x00000010

/*
 * A traced thread exits: report its exit code (the kernel's, not a guess
 * from the last call seen), forget its pending refetch, and once the whole
 * process is gone, its traced_procs entry.
 *
 * io_uring's workers are threads of the process since 5.12, but no tracer
 * can see them otherwise (strace cannot attach to them) and they make no
 * system calls: their exit is no line. The last thread of a process can be
 * one, though, and then its exit ends the process, with the exit code of the
 * group (a worker's own is 0).
 */
static __always_inline int do_task_exit(__u32 tgid, __u32 tid, int exit_code, int live,
					__u32 exec_tid, unsigned int flags, int group_exit_code)
{
	struct bt_task_exit_rec rec;
	__u32 *pending;

	/* a call btftrace acted on that never returned (exit, a fatal signal) */
	if (inject_active && inject_pending && bpf_map_delete_elem(&inject_marks, &tid) == 0)
		__sync_fetch_and_add(&inject_pending, -1);
	if (!should_trace(tgid, -1))
		return 0;
	if (flags & BT_PF_IO_WORKER) {
		if (live != 0)
			return 0;
		exit_code = group_exit_code;
	}
	pending = bpf_map_lookup_elem(&refetch, &tid);
	if (pending && bpf_map_delete_elem(&refetch, &tid) == 0)
		__sync_fetch_and_add(&refetch_pending, -1);
	if (summary || filter_active || path_trace || recorder_n)
		bpf_map_delete_elem(&call_start, &tid);
	/*
	 * --flight-recorder: a process that ended in failure (a signal, or a non-zero status)
	 * is a trigger: nothing more is kept until user space has written out the calls that
	 * led to it, this exit's line with them
	 */
	if (recorder_n && live == 0 && exit_code)
		recorder_frozen = 1;
	fill_hdr(&rec.hdr, BT_REC_TASK_EXIT, sizeof(rec));
	rec.exit_code = exit_code;
	rec.group_dead = live == 0;
	rec.superseded = tid == tgid && exec_tid && exec_tid != tid;
	rec.pad[0] = rec.pad[1] = 0;
	/* the exiting thread runs this: its own cgroup */
	rec.cgroup = record_cgroup ? bpf_get_current_cgroup_id() : 0;
	if (!summary_only && (!filter_active || filter_event()))
		submit(&rec, sizeof(rec), KIND_OTHER);
	if (live == 0 && path_names)
		bpf_map_delete_elem(&path_fds, &tgid);
	if (live == 0 && !trace_all)
		proc_forget(tgid);
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
 * -b execve: a traced process that execs is let go of there, as strace
 * detaches at the exec (a failed execve goes on traced), the command's own
 * first exec aside. The execve's exit goes untraced: the detach record ends
 * its line with "<detached ...>", as strace's.
 */
static __always_inline void detach_at_exec(__u32 tgid, __u32 tid, __u32 old_tid)
{
	struct bt_detach_rec rec;
	struct bt_proc *proc;

	proc = bpf_map_lookup_elem(&traced_procs, &tgid);
	if (!proc || proc->state != BT_PROC_TRACED)
		return;
	if (proc->flags & BT_PROC_OWN_EXEC) {
		proc->flags = 0;
		return;
	}
	proc_forget(tgid);
	/* what sys_exit would have cleared for the execve */
	if (bpf_map_delete_elem(&refetch, &tid) == 0)
		__sync_fetch_and_add(&refetch_pending, -1);
	if (old_tid != tid && bpf_map_delete_elem(&refetch, &old_tid) == 0)
		__sync_fetch_and_add(&refetch_pending, -1);
	if (summary || filter_active || path_trace) {
		bpf_map_delete_elem(&call_start, &tid);
		bpf_map_delete_elem(&call_start, &old_tid);
	}
	/* -P: the process's fds are no longer followed */
	if (path_names)
		bpf_map_delete_elem(&path_fds, &tgid);
	if (summary_only)
		return;
	fill_hdr(&rec.hdr, BT_REC_DETACH, sizeof(rec));
	submit(&rec, sizeof(rec), KIND_OTHER);
}

/*
 * An exec from a thread other than the leader: the thread now has the
 * process id as its tid. User space needs the old one to end the execve
 * that entered under it.
 */
static __always_inline int do_exec(__u32 tgid, __u32 tid, __u32 old_tid)
{
	struct bt_exec_rec rec;

	if (old_tid != tid && !summary_only && should_trace(tgid, -1) &&
	    /* -a with --comm, --uid or --cgroup: every process passes should_trace() */
	    (!filter_active || filter_event())) {
		fill_hdr(&rec.hdr, BT_REC_EXEC, sizeof(rec));
		rec.old_tid = old_tid;
		rec.pad = 0;
		submit(&rec, sizeof(rec), KIND_OTHER);
	}
	/* -a and --container trace by what a process is, not by its entry */
	if (detach_on_exec && !trace_all && !container_select)
		detach_at_exec(tgid, tid, old_tid);
	return 0;
}

SEC("tp_btf/sched_process_fork")
int BPF_PROG(on_fork, struct task_struct *parent, struct task_struct *child)
{
	return do_fork(parent->tgid, child->tgid);
}

/*
 * task->signal by a probe read, not a plain load: the verifiers of 6.x search the kernel's BTF
 * by name for each load of a pointer from a trusted one, about 1 ms each, on the loader's way
 * to the syscall programs.
 */
SEC("tp_btf/sched_process_exit")
int BPF_PROG(on_task_exit, struct task_struct *task)
{
	struct signal_struct *signal = BPF_CORE_READ(task, signal);

	return do_task_exit(task->tgid, task->pid, task->exit_code,
			    BPF_CORE_READ(signal, live.counter), exec_tid_of(task), task->flags,
			    BPF_CORE_READ(signal, group_exit_code));
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

	return do_task_exit(
		BPF_CORE_READ(task, tgid), BPF_CORE_READ(task, pid), BPF_CORE_READ(task, exit_code),
		BPF_CORE_READ(task, signal, live.counter), exec_tid_of(task),
		BPF_CORE_READ(task, flags), BPF_CORE_READ(task, signal, group_exit_code));
}

SEC("raw_tp/sched_process_exec")
int on_exec_raw(struct bpf_raw_tracepoint_args *ctx)
{
	struct task_struct *task = (void *)ctx->args[0];

	return do_exec(BPF_CORE_READ(task, tgid), BPF_CORE_READ(task, pid), (int)ctx->args[1]);
}

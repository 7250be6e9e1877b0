// SPDX-License-Identifier: GPL-2.0
/*
 * -Y, --decode-pids=comm,pidns: pids in arguments, return values and siginfo with the name of
 * the thread they stand for, 1234<bash>, and seen from another PID namespace with their
 * number in btftrace's, 2 /\* 1234 in strace's PID NS *\/, where strace 6.1 shows them so.
 */
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/wait.h>

#include "decode/decode.h"
#include "decode/pid_table.h"

/* The arguments strace 6.1 prints as pids, and what each names. */
/* clang-format off */
static const struct {
	const char *syscall, *arg;
	enum pid_kind kind;
} pid_args[] = {
	{ "kill", "pid", PID_TGID_PGID },
	{ "wait4", "upid", PID_TGID_PGID },
	{ "tkill", "pid", PID_TID },
	{ "tgkill", "tgid", PID_TGID },
	{ "tgkill", "pid", PID_TID },
	{ "rt_sigqueueinfo", "pid", PID_TGID },
	{ "rt_tgsigqueueinfo", "tgid", PID_TGID },
	{ "rt_tgsigqueueinfo", "pid", PID_TID },
	{ "setpgid", "pid", PID_TGID },
	{ "setpgid", "pgid", PID_PGID },
	{ "getpgid", "pid", PID_TGID },
	{ "getsid", "pid", PID_TGID },
	/* waitid's id is a pid only for P_PID and P_PGID: decode_write_pid_arg decides */
	{ "waitid", "upid", PID_TGID },
	{ "ptrace", "pid", PID_TID },
	{ "prlimit64", "pid", PID_TGID },
	{ "sched_setparam", "pid", PID_TID },
	{ "sched_getparam", "pid", PID_TID },
	{ "sched_setscheduler", "pid", PID_TID },
	{ "sched_getscheduler", "pid", PID_TID },
	{ "sched_rr_get_interval", "pid", PID_TID },
	{ "sched_setaffinity", "pid", PID_TID },
	{ "sched_getaffinity", "pid", PID_TID },
	{ "sched_setattr", "pid", PID_TID },
	{ "sched_getattr", "pid", PID_TID },
	{ "get_robust_list", "pid", PID_TID },
	{ "process_vm_readv", "pid", PID_TGID },
	{ "process_vm_writev", "pid", PID_TGID },
	{ "migrate_pages", "pid", PID_TGID },
	{ "move_pages", "pid", PID_TGID },
	{ "kcmp", "pid1", PID_TGID },
	{ "kcmp", "pid2", PID_TGID },
	{ "pidfd_open", "pid", PID_TGID },
};

/* The calls whose return value strace 6.1 prints as a pid. */
static const struct {
	const char *syscall;
	enum pid_kind kind;
} pid_returns[] = {
	{ "getpid", PID_TGID },
	{ "getppid", PID_TGID },
	{ "gettid", PID_TID },
	{ "getpgid", PID_PGID },
	{ "getpgrp", PID_PGID },
	{ "getsid", PID_SID },
	{ "setsid", PID_SID },
	{ "clone", PID_TID },
	{ "clone3", PID_TID },
	{ "fork", PID_TID },
	{ "vfork", PID_TID },
	{ "wait4", PID_TGID },
};
/* clang-format on */

enum pid_kind decode_pid_arg_kind(const char *syscall, const char *arg)
{
	for (size_t i = 0; i < sizeof(pid_args) / sizeof(pid_args[0]); i++) {
		if (!strcmp(pid_args[i].syscall, syscall) && !strcmp(pid_args[i].arg, arg))
			return pid_args[i].kind;
	}
	return PID_NONE;
}

enum pid_kind decode_pid_return_kind(const char *syscall)
{
	for (size_t i = 0; i < sizeof(pid_returns) / sizeof(pid_returns[0]); i++) {
		if (!strcmp(pid_returns[i].syscall, syscall))
			return pid_returns[i].kind;
	}
	return PID_NONE;
}

/* The calls that make a thread or process: the child starts with its parent's name. */
static bool makes_child(const struct decoder *d, int nr)
{
	return nr == d->nr_clone || nr == d->nr_clone3 || nr == d->nr_fork || nr == d->nr_vfork;
}

/*
 * What a pid the thread caller gave or got stands for, as strace shows it: the name of the
 * thread or process (not of a group or session), and its number in btftrace's namespace
 * when that differs. A group is kill's -pgid; 0 and -1 stand for no one.
 */
static void resolve(const struct decoder *d, __u32 caller, __s64 value, enum pid_kind kind,
		    const char **comm, __u32 *here)
{
	__u32 id;

	*comm = NULL;
	*here = 0;
	if (kind == PID_TGID_PGID) {
		kind = value > 0 ? PID_TGID : PID_PGID;
		if (value < -1)
			value = -value;
	}
	/* no pid table: neither -Y nor --decode-pids asked for one */
	if (!d->pids || value <= 0 || value > 0x7fffffff)
		return;
	id = pid_table__translate(d->pids, caller, (int)value, kind);
	if (!id)
		return;
	if ((d->opts.decode_pids & DECODE_PIDS_COMM) && (kind == PID_TID || kind == PID_TGID))
		*comm = pid_table__comm(d->pids, id);
	if ((d->opts.decode_pids & DECODE_PIDS_NS) && id != value)
		*here = id;
}

void decode_write_pid(const struct decoder *d, struct writer *w, __u32 caller, __s64 value,
		      enum pid_kind kind)
{
	const char *comm;
	__u32 here;

	resolve(d, caller, value, kind, &comm, &here);
	w->ops->pid(w, value, comm, here);
}

void decode_write_pid_arg(const struct decoder *d, struct writer *w,
			  const struct bt_enter_rec *enter, int nr, int i, __s64 value)
{
	enum pid_kind kind = d->pid_arg[nr][i];

	/* waitid's id is a process's for P_PID, a group's for P_PGID, else no pid at all */
	if (nr == d->nr_waitid) {
		switch ((int)enter->args[0]) {
		case P_PID:
			break;
		case P_PGID:
			kind = PID_PGID;
			break;
		default:
			w_s64(w, value);
			return;
		}
	}
	decode_write_pid(d, w, enter->hdr.tid, value, kind);
}

/* wait4's child is reaped as it returns, unless it only stopped or went on. */
static bool wait4_reaped(const struct decoder *d, const struct call *call)
{
	const struct bt_capture *in = NULL, *status = NULL;
	int s;

	decode_call_captures(d, d->nr_wait4, 1, call->enter, call->exit, &in, &status);
	if (status && !(status->flags & BT_CAP_FAULT) && status->len >= sizeof(s)) {
		memcpy(&s, decode_cap_data(status), sizeof(s));
		return !WIFSTOPPED(s) && !WIFCONTINUED(s);
	}
	return !(call->enter->args[2] & (WUNTRACED | WCONTINUED));
}

/* waitid reaps the child its siginfo names, unless WNOWAIT only looked. */
static void waitid_reaped(const struct decoder *d, const struct call *call)
{
	const struct bt_capture *in = NULL, *info = NULL;
	siginfo_t si;
	__u32 child;

	if (call->enter->args[3] & WNOWAIT)
		return;
	decode_call_captures(d, d->nr_waitid, 2, call->enter, call->exit, &in, &info);
	if (!info || (info->flags & BT_CAP_FAULT) || info->len < offsetof(siginfo_t, si_uid))
		return;
	memset(&si, 0, sizeof(si));
	memcpy(&si, decode_cap_data(info), info->len < sizeof(si) ? info->len : sizeof(si));
	if (si.si_pid <= 0)
		return;
	child = pid_table__translate(d->pids, call->exit->hdr.tid, si.si_pid, PID_TGID);
	if (child)
		pid_table__forget(d->pids, child);
}

void decode_pid_return(const struct decoder *d, const struct call *call, struct wr_ret *r)
{
	int nr = call->exit->hdr.nr;
	enum pid_kind kind = d->ret_pid_kind[nr];
	__u32 caller = call->exit->hdr.tid;

	if (!kind || !call->enter || r->value <= 0)
		return;
	/* a child reaped is gone: /proc has nothing for strace either */
	if (nr == d->nr_wait4 && wait4_reaped(d, call))
		return;
	resolve(d, caller, r->value, kind, &r->comm, &r->tracer_pid);
	if (makes_child(d, nr) && (d->opts.decode_pids & DECODE_PIDS_COMM)) {
		__u32 child = r->tracer_pid ? r->tracer_pid : (__u32)r->value;

		/* not seen yet: it is a copy of its parent, named as its parent was */
		if (!pid_table__known(d->pids, child))
			r->comm = call->enter->comm[0] ? call->enter->comm : r->comm;
	}
}

void decode_track_pids(const struct decoder *d, const struct call *call, bool shown)
{
	const struct bt_enter_rec *enter = call->enter;
	const struct bt_exit_rec *exit = call->exit;
	__u32 child;
	int nr;

	if (!d->pids)
		return;
	if (!shown) {
		/* before the line: the thread's name as this record has it */
		if (enter)
			pid_table__note(d->pids, enter->hdr.tgid, enter->hdr.tid, enter->comm);
		return;
	}
	if (call->state == CALL_EVENT) {
		const struct bt_rec_hdr *hdr = call->event;

		if (hdr->type == BT_REC_TASK_EXIT) {
			const struct bt_task_exit_rec *rec = (const void *)hdr;

			/* a thread is gone as it ends; a process stays until it is reaped */
			if (hdr->tid != hdr->tgid)
				pid_table__forget(d->pids, hdr->tid);
			if (rec->group_dead)
				pid_table__exited(d->pids, hdr->tgid);
		} else if (hdr->type == BT_REC_EXEC) {
			/* the thread that exec'd took the process's id */
			pid_table__forget(d->pids, ((const struct bt_exec_rec *)hdr)->old_tid);
		}
		return;
	}
	if (!enter || !exit || decode_is_error(exit->ret))
		return;
	if (exit->hdr.nr == d->nr_waitid && exit->ret == 0)
		waitid_reaped(d, call);
	if (exit->ret <= 0)
		return;
	nr = exit->hdr.nr;
	if (nr == d->nr_wait4 && wait4_reaped(d, call)) {
		child = pid_table__translate(d->pids, exit->hdr.tid, (int)exit->ret, PID_TGID);
		if (child)
			pid_table__forget(d->pids, child);
	}
}

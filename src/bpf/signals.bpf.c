// SPDX-License-Identifier: GPL-2.0
/*
 * Signals: generated and delivered to traced threads, the lines strace shows as --- SIGxxx ---.
 */
#include "state.bpf.h"
#include "records.bpf.h"
#include "filter.bpf.h"

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
	/* the thread the signal is delivered to runs this */
	rec.cgroup = record_cgroup ? bpf_get_current_cgroup_id() : 0;
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
	 * With a filter or --container, left out: their process terms (comm,
	 * uid, cgroup) are about the current task, and here that is the
	 * sender, not the target.
	 */
	if (result != TRACE_SIGNAL_DELIVERED || sig == SIGKILL || summary_only ||
	    !signal_shown(sig) || filter_active || container_select)
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
	rec.cgroup = 0; /* the sender's is no use: the target's is looked up by its tid */
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

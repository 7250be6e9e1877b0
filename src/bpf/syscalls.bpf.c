// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall programs: one at sys_enter and one at sys_exit serve every syscall, in two
 * attachments (tp_btf where the kernel allows it, raw_tp elsewhere). Each finds the call's
 * rules in the beauty map, checks the process and the filter, and sends a record with what
 * the rules capture.
 */
#include "state.bpf.h"
#include "records.bpf.h"
#include "capture.bpf.h"
#include "filter.bpf.h"
#include "summary.bpf.h"
#include "sockets.bpf.h"
#include "stack.bpf.h"
#include "recorder.bpf.h"
#include "fds.bpf.h"
#include "pathtrace.bpf.h"

/*
 * The exit a new child or thread makes first: its return of 0 from the
 * clone or fork its parent entered. Not a call of its own (strace neither
 * counts nor shows it); the parent's exit is the call.
 */
static __always_inline bool child_start(long id, __s64 ret)
{
	if (ret != 0)
		return false;
	return id == BT_NR64_clone || id == BT_NR64_fork || id == BT_NR64_vfork ||
	       id == BT_NR64_clone3 || id == BT_NR_I386 + BT_NR32_clone ||
	       id == BT_NR_I386 + BT_NR32_fork || id == BT_NR_I386 + BT_NR32_vfork ||
	       id == BT_NR_I386 + BT_NR32_clone3;
}

/*
 * Whether the current call is an i386 one: a 32-bit process, or int $0x80
 * in a 64-bit one. The kernel marks the thread TS_COMPAT from the call's
 * entry until its return to user space, past sys_exit; the number then is
 * one of the i386 table.
 */
static __always_inline bool i386_call(const bool typed)
{
	if (!bpf_core_field_exists(struct task_struct, thread_info.status))
		return false;
	if (typed)
		return bpf_get_current_task_btf()->thread_info.status & TS_COMPAT;
	return BPF_CORE_READ((struct task_struct *)bpf_get_current_task(), thread_info.status) &
	       TS_COMPAT;
}

/*
 * The syscall's arguments from the registers saved at kernel entry. At
 * sys_exit they still hold the same values (the kernel writes the result to
 * ax only), so the exit program needs no per-thread state to find the
 * buffers the call filled. An i386 call's are the low halves of bx, cx, dx,
 * si, di and bp: what the kernel's ia32 entry passes on.
 */
/* The call's first argument, from the registers. */
static __always_inline __s64 first_arg(struct pt_regs *regs, const bool typed, const bool i386)
{
	if (i386)
		return (__s32)(typed ? regs->bx : BPF_CORE_READ(regs, bx));
	return typed ? regs->di : BPF_CORE_READ(regs, di);
}

/*
 * -yy: the socket a call sets up or ends keeps its endpoints (sockets.bpf.c), whether the
 * call is traced or not: the lines of its other calls need them.
 */
static __always_inline void remember_call_socket(struct pt_regs *regs,
						 const struct bt_syscall_rules *rules, __s64 ret,
						 const bool typed, const bool i386,
						 const bool at_exit)
{
	__u32 flags = rules->flags;

	if (!at_exit && (flags & BT_SC_SOCK_ARG_ENTER))
		remember_socket(first_arg(regs, typed, i386));
	else if (at_exit && (flags & BT_SC_SOCK_ARG_EXIT))
		remember_socket(first_arg(regs, typed, i386));
	else if (at_exit && (flags & BT_SC_SOCK_RET) && ret >= 0)
		remember_socket(ret);
}

static __always_inline void read_args(struct pt_regs *regs, __u64 *args, const bool typed,
				      const bool i386)
{
	if (i386) {
		if (typed) {
			args[0] = (__u32)regs->bx;
			args[1] = (__u32)regs->cx;
			args[2] = (__u32)regs->dx;
			args[3] = (__u32)regs->si;
			args[4] = (__u32)regs->di;
			args[5] = (__u32)regs->bp;
		} else {
			args[0] = (__u32)BPF_CORE_READ(regs, bx);
			args[1] = (__u32)BPF_CORE_READ(regs, cx);
			args[2] = (__u32)BPF_CORE_READ(regs, dx);
			args[3] = (__u32)BPF_CORE_READ(regs, si);
			args[4] = (__u32)BPF_CORE_READ(regs, di);
			args[5] = (__u32)BPF_CORE_READ(regs, bp);
		}
		return;
	}
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

/*
 * Argument i of the call (a constant), from the BTF-typed registers, as read_args reads it: a
 * plain load, no stack. The raw_tp programs read by helper into the work area instead: the
 * verifiers of 5.10 to 6.12 count their exit program's stack with the captures' below it.
 */
static __always_inline __u64 typed_arg(struct pt_regs *regs, int i, const bool i386)
{
	if (i386) {
		switch (i) {
		case 0:
			return (__u32)regs->bx;
		case 1:
			return (__u32)regs->cx;
		case 2:
			return (__u32)regs->dx;
		case 3:
			return (__u32)regs->si;
		case 4:
			return (__u32)regs->di;
		default:
			return (__u32)regs->bp;
		}
	}
	switch (i) {
	case 0:
		return regs->di;
	case 1:
		return regs->si;
	case 2:
		return regs->dx;
	case 3:
		return regs->r10;
	case 4:
		return regs->r8;
	default:
		return regs->r9;
	}
}

/*
 * Whether a call of -P rules spec may touch a traced path or fd: false only for a call whose
 * fds are all in its arguments (no path, no kind) and may none of them match. Only those
 * arguments are read, from the registers: a call turned down takes no work area. The same
 * arguments give the same answer at the call's enter and its exit (path_fds_seen's bits are
 * never cleared): a call it turns down at the exit was turned down at the enter, and has no
 * slot to read. A raw_tp program reads them into the work area (typed_arg).
 */
static __always_inline bool path_may_match(__u32 spec, struct pt_regs *regs, const bool typed,
					   const bool i386)
{
	struct scratch *s = NULL;
	__u32 zero = 0;

	if (path_by_name_or_kind(spec))
		return true;
	if (!typed) {
		s = bpf_map_lookup_elem(&scratch_map, &zero);
		if (!s)
			return true;
		read_args(regs, s->args, typed, i386);
	}
	for (int i = 0; i < BT_MAX_ARGS; i++) {
		if ((spec & BT_PT_FD_ARG(i)) &&
		    path_fd_may_match((int)(typed ? typed_arg(regs, i, i386) : s->args[i])))
			return true;
	}
	return false;
}

/*
 * Whether the exit of a call that makes or closes fds (fx, BT_PT_FX_*) may change a bit of
 * the process's bitmap: not when it failed, nor when it closed an fd no process has had as a
 * -P path's (path_fds_update would find nothing to do, after reading the arguments).
 */
static __always_inline bool path_fx_may_change(__u32 fx, struct pt_regs *regs, __s64 ret,
					       const bool typed, const bool i386)
{
	__u32 fd;

	switch (fx) {
	case BT_PT_FX_OPEN:
	case BT_PT_FX_NEWFD:
	case BT_PT_FX_FCNTL:
		return ret >= 0;
	case BT_PT_FX_CLOSE:
		/* raw_tp: path_fds_update looks at the bit, after reading the arguments */
		if (ret != 0 || !typed)
			return ret == 0;
		fd = typed_arg(regs, 0, i386);
		return fd < BT_PATH_FDS && (path_fds_seen[path_fd_word(fd)] & (1ULL << (fd & 63)));
	case BT_PT_FX_CLOSE_RANGE:
		return ret == 0;
	}
	return false;
}

/* Submits the enter or exit record built in s->buf (records.bpf.h: finish_record). */
static __always_inline void finish(struct scratch *s, enum rec_kind kind)
{
	/* -c --slowest, --flight-recorder: into a map slot, not the ring buffer */
	if (s->keep != BT_KEEP_NONE) {
		keep_record(kind == KIND_EXIT);
		return;
	}
	finish_record(s, kind,
		      kind == KIND_ENTER ? sizeof(struct bt_enter_rec)
					 : sizeof(struct bt_exit_rec));
}

/*
 * Builds and submits the enter record of the call whose arguments are in
 * s->args. refetch: inputs that fault may be read again at exit (not when
 * the record is built at exit already, for a call the filter decided there).
 */
static __always_inline void emit_enter(struct scratch *s, struct bt_syscall_rules *rules,
				       __u32 tgid, __u32 tid, long nr, __u64 ts,
				       const bool refetch_ok, const __u16 type)
{
	struct bt_enter_rec *rec = (void *)s->buf;

	rec->hdr.type = type;
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
	rec->cgroup = record_cgroup ? bpf_get_current_cgroup_id() : 0;
	rec->ip = s->ip;
	s->off = sizeof(*rec);
	s->ncaps = 0;
	s->faulted = 0;
	s->ret = 0;
	s->is_exit = 0;
	s->notes = 0;
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
/* A new thread's slot (raw_tp's hash map), kept out of the stack of the programs. */
static const struct bt_call_start empty_call_start;

static __always_inline struct bt_call_start *call_slot(__u32 tid, const bool typed,
						       const bool create)
{
	struct bt_call_start *slot;

	if (typed)
		return bpf_task_storage_get(&task_call_start, bpf_get_current_task_btf(), 0,
					    create ? BPF_LOCAL_STORAGE_GET_F_CREATE : 0);
	slot = bpf_map_lookup_elem(&call_start, &tid);
	if (!slot && create) {
		bpf_map_update_elem(&call_start, &tid, &empty_call_start, BPF_NOEXIST);
		slot = bpf_map_lookup_elem(&call_start, &tid);
	}
	return slot;
}

/* exit and exit_group, of either ABI (nr is the id: i386's are offset by BT_NR_I386) */
static __always_inline bool never_returns(long nr)
{
	return nr == BT_NR64_exit || nr == BT_NR64_exit_group || nr == BT_NR_I386 + BT_NR32_exit ||
	       nr == BT_NR_I386 + BT_NR32_exit_group;
}

/* sys_enter's half of the filter: true when the enter record is to be emitted now. */
static __always_inline bool filter_enter(struct pt_regs *regs, long nr, __u64 pid_tgid,
					 const bool typed, const bool i386,
					 const struct bt_syscall_rules *rules, __u32 path_verdict)
{
	struct bt_filter_input *in;
	struct bt_call_start *slot;
	__u32 zero = 0, verdict;
	__u64 *args;

	in = bpf_map_lookup_elem(&filter_input, &zero);
	if (!in)
		return false;
	/*
	 * read where the filter reads them (8 slots for its masked index): no copy on the stack,
	 * which an injected call's sys_exit shares
	 */
	args = &in->v[BT_FF_ARG0];
	read_args(regs, args, typed, i386);
	filter_fill(in, nr, args, pid_tgid, rules, BT_PROG_FILTER);
	if (!filter_defer)
		verdict = filter_check(BT_PHASE_EXIT, BT_PROG_FILTER) ? BT_VERDICT_ACCEPT
								      : BT_VERDICT_REJECT;
	else if (never_returns(nr))
		verdict = filter_check(BT_PHASE_ENTER_SURE, BT_PROG_FILTER) ? BT_VERDICT_ACCEPT
									    : BT_VERDICT_REJECT;
	else
		verdict = filter_check(BT_PHASE_ENTER_MAYBE, BT_PROG_FILTER) ? BT_VERDICT_PENDING
									     : BT_VERDICT_REJECT;
	slot = call_slot((__u32)pid_tgid, typed, true);
	if (slot) {
		slot->ts = bpf_ktime_get_ns();
		slot->nr = nr;
		slot->verdict = verdict;
		slot->path_verdict = path_verdict;
		/* --slowest builds the records of a slow call at its exit, from these */
		if (verdict == BT_VERDICT_PENDING || path_verdict == BT_PATH_PENDING || slowest_n)
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
					 const struct bt_syscall_rules *rules,
					 struct bt_call_start **slotp)
{
	struct bt_call_start *slot = call_slot((__u32)pid_tgid, typed, false);
	struct bt_filter_input *in;
	__u32 zero = 0, verdict;
	__u64 now;

	if (!slot || slot->nr != nr || slot->verdict == BT_VERDICT_NONE)
		return BT_VERDICT_REJECT;
	verdict = slot->verdict;
	slot->verdict = BT_VERDICT_NONE;
	if (verdict != BT_VERDICT_PENDING)
		return verdict;
	in = bpf_map_lookup_elem(&filter_input, &zero);
	if (!in)
		return BT_VERDICT_REJECT;
	/* where the filter reads them, 8 slots for its masked index: no copy on the stack */
	__builtin_memcpy(&in->v[BT_FF_ARG0], slot->args, sizeof(slot->args));
	filter_fill(in, nr, &in->v[BT_FF_ARG0], pid_tgid, rules, BT_PROG_FILTER);
	now = bpf_ktime_get_ns();
	in->v[BT_FF_RET] = ret;
	in->v[BT_FF_ERRNO] = ret < 0 && ret >= -4095 ? -ret : 0;
	in->v[BT_FF_DURATION] = now > slot->ts ? now - slot->ts : 0;
	if (!filter_check(BT_PHASE_EXIT, BT_PROG_FILTER)) {
		count_filtered();
		return BT_VERDICT_REJECT;
	}
	*slotp = slot;
	return BT_VERDICT_PENDING;
}

/*
 * --flight-recorder: the slot of the thread's kept calls this one goes to (in the work area's
 * keep_slot), the oldest of its last recorder_n in its row; false when none is (frozen while a
 * trigger is written out, or no room for the thread's state).
 */
static __always_inline bool recorder_enter(struct scratch *s, __u32 tid, long nr, const bool typed)
{
	struct bt_call_start *slot;
	__u32 row;

	if (recorder_frozen)
		return false;
	slot = call_slot(tid, typed, true);
	if (!slot) {
		count_loss(KIND_ENTER);
		return false;
	}
	if (!slot->kept_row) {
		/*
		 * Not atomic (5.10 has no fetching add): two threads that start at once may
		 * share a row, as threads past recorder_threads do
		 */
		row = recorder_rows_given;
		__sync_fetch_and_add(&recorder_rows_given, 1);
		slot->kept_row = row % recorder_threads + 1;
	}
	s->keep_slot = (slot->kept_row - 1) * recorder_n + slot->kept_seq % recorder_n;
	slot->kept_seq++;
	slot->kept_slot = s->keep_slot + 1;
	slot->nr = nr;
	/* the start, for --trigger's duration */
	if (recorder_trigger)
		slot->ts = bpf_ktime_get_ns();
	return true;
}

/*
 * --flight-recorder: whether the call's enter was kept, and keeping goes on; then its slot and
 * start are in the work area's keep_slot and keep_start (not in the exit program's stack, which
 * old verifiers count with the captures' below it).
 */
static __always_inline bool recorder_exit(struct scratch *s, __u32 tid, long nr, const bool typed)
{
	struct bt_call_start *slot = call_slot(tid, typed, false);

	if (!slot || slot->nr != nr || !slot->kept_slot)
		return false;
	s->keep_slot = slot->kept_slot - 1;
	s->keep_start = slot->ts;
	slot->kept_slot = 0;
	return !recorder_frozen;
}

/*
 * --trigger: runs the trigger program on the call that returned, whose arguments the caller
 * read into the filter's input (its start is the work area's keep_start); when it holds, the recorder stops keeping calls, and user
 * space is told to write out those kept. A global function: its locals stay off the exit
 * program's stack, which the verifiers of 5.10 to 6.12 add to the stack of every function
 * below it (the captures') against 512 bytes.
 */
__noinline int check_trigger(__u32 nr, __s64 ret)
{
	struct bt_syscall_rules *rules;
	struct bt_filter_input *in;
	struct scratch *s = scratch();
	struct bt_rec_hdr hdr;
	__u32 zero = 0, key = nr;
	__u64 now;

	in = bpf_map_lookup_elem(&filter_input, &zero);
	rules = bpf_map_lookup_elem(&beauty_map, &key);
	if (!in || !rules || !s)
		return 0;
	filter_fill(in, nr, &in->v[BT_FF_ARG0], bpf_get_current_pid_tgid(), rules, BT_PROG_TRIGGER);
	now = bpf_ktime_get_ns();
	in->v[BT_FF_RET] = ret;
	in->v[BT_FF_ERRNO] = ret < 0 && ret >= -4095 ? -ret : 0;
	in->v[BT_FF_DURATION] = now > s->keep_start ? now - s->keep_start : 0;
	if (!filter_check(BT_PHASE_EXIT, BT_PROG_TRIGGER))
		return 0;
	recorder_frozen = 1;
	fill_hdr(&hdr, BT_REC_TRIGGER, sizeof(hdr));
	hdr.nr = nr;
	submit(&hdr, sizeof(hdr), KIND_OTHER);
	return 0;
}

/*
 * -P: what the call's enter found, kept in the thread's slot for its exit (the
 * filter's and the summary's slot, when they are on, is written by them). A call
 * whose path could not be read yet keeps its arguments too: it is decided at
 * its exit, and its enter record sent then.
 */
static __always_inline void path_enter(struct scratch *s, long nr, __u32 tid, __u32 pv,
				       const bool typed)
{
	struct bt_call_start *slot = call_slot(tid, typed, true);

	if (!slot)
		return;
	slot->nr = nr;
	slot->verdict = BT_VERDICT_NONE;
	slot->path_verdict = pv;
	if (pv == BT_PATH_PENDING) {
		slot->ts = bpf_ktime_get_ns();
		__builtin_memcpy(slot->args, s->args, sizeof(slot->args));
	}
}

/*
 * -P at a call's exit: the verdict of its enter (taken from the slot), and the
 * process's bitmap of path fds updated by what the call made or closed,
 * whether the call is shown or not. *deferred: the slot, when the verdict
 * waited for the exit and the call is shown: its enter record goes first.
 */
static __always_inline __u32 path_exit(struct pt_regs *regs, struct bt_syscall_rules *rules,
				       long nr, __u32 tgid, __u32 tid, __s64 ret, const bool typed,
				       const bool i386, struct bt_call_start **deferred)
{
	struct bt_call_start *slot = NULL;
	__u32 pv = BT_PATH_NONE, zero = 0, spec = rules->path_spec, fx = BT_PT_FX(spec);
	bool kept = path_by_name_or_kind(spec);
	struct scratch *s;

	/* what path_may_match turned down at the enter it turns down here, with no slot */
	if ((rules->flags & BT_SC_SELECTED) && (spec & BT_PT_MATCH_MASK) &&
	    path_may_match(spec, regs, typed, i386)) {
		/* by path or kind: no verdict kept anywhere, none in this thread's slot */
		if (!kept || path_verdicts_kept)
			slot = call_slot(tid, typed, false);
		if (slot && slot->nr == nr) {
			pv = slot->path_verdict;
			slot->path_verdict = BT_PATH_NONE;
			if (kept && pv != BT_PATH_NONE)
				__sync_fetch_and_add(&path_verdicts_kept, -1);
		}
		if (slot && pv == BT_PATH_PENDING) {
			s = bpf_map_lookup_elem(&scratch_map, &zero);
			if (!s)
				return BT_PATH_NONE;
			__builtin_memcpy(s->args, slot->args, sizeof(slot->args));
			pv = path_match(nr, tgid);
			if (pv != BT_PATH_NONE)
				*deferred = slot;
		}
	}
	if (path_names && fx != BT_PT_FX_NONE && path_fx_may_change(fx, regs, ret, typed, i386)) {
		s = bpf_map_lookup_elem(&scratch_map, &zero);
		if (s) {
			read_args(regs, s->args, typed, i386);
			path_fds_update(nr, tgid, ret, pv);
		}
	}
	return pv;
}

/*
 * at_exit: the call is entered from its sys_exit (-e inject= answered it, so its sys_enter
 * never fired): its stack record is taken there.
 */
static __always_inline int do_enter(void *ctx, struct pt_regs *regs, long nr, const bool typed,
				    const bool at_exit)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tgid = pid_tgid >> 32, tid = (__u32)pid_tgid;
	struct bt_syscall_rules *rules = NULL;
	__u32 zero = 0, key, pv = BT_PATH_NONE;
	struct scratch *s = NULL;
	bool i386;

	if (!at_exit)
		kstack_take_probe(ctx, tid, false);
	if (!should_trace(tgid, nr))
		return 0;
	i386 = i386_call(typed);
	nr = bt_id_of(nr, i386);
	if (nr >= 0 && nr < BT_MAX_SYSCALLS) {
		key = nr;
		rules = bpf_map_lookup_elem(&beauty_map, &key);
		if (rules && !at_exit)
			remember_call_socket(regs, rules, 0, typed, i386, false);
		if (rules && !(rules->flags & BT_SC_SELECTED))
			return 0;
	}
	if (path_trace) {
		/* -P, --trace-fds: a call that touches none of them costs no record */
		if (!rules || !(rules->path_spec & BT_PT_MATCH_MASK))
			return 0;
		/* an fd no process has as a -P path's: turned down here, as cheap as -e trace= */
		if (!path_may_match(rules->path_spec, regs, typed, i386))
			return 0;
		s = bpf_map_lookup_elem(&scratch_map, &zero);
		if (!s)
			return 0;
		read_args(regs, s->args, typed, i386);
		pv = path_match(nr, tgid);
		if (pv == BT_PATH_NONE)
			return 0;
		/* before any slot has it: path_exit reads the slots while one is kept */
		if (path_by_name_or_kind(rules->path_spec))
			__sync_fetch_and_add(&path_verdicts_kept, 1);
		if (!filter_active && !summary)
			path_enter(s, nr, tid, pv, typed);
	}
	if (filter_active) {
		/* the filter's slot is the summary's too: it holds the start time */
		if (!filter_enter(regs, nr, pid_tgid, typed, i386, rules, pv) || summary_only ||
		    pv == BT_PATH_PENDING)
			return 0;
	} else if (summary) {
		/*
		 * written in place, not copied from the stack: an injected call's exit program
		 * runs this too, and the verifiers of 5.10 to 6.12 count its stack with the
		 * captures' below it
		 */
		struct bt_call_start *slot = call_slot(tid, typed, true);

		if (slot) {
			slot->ts = bpf_ktime_get_ns();
			slot->nr = nr;
			slot->verdict = BT_VERDICT_NONE;
			slot->path_verdict = pv;
			slot->slow_ns = 0;
			/* --slowest builds the records of a slow call at its exit, from these */
			if (slowest_n)
				read_args(regs, slot->args, typed, i386);
		}
		if (summary_only)
			return 0;
		if (pv == BT_PATH_PENDING) {
			slot = call_slot(tid, typed, false);
			if (slot && s)
				__builtin_memcpy(slot->args, s->args, sizeof(slot->args));
			return 0;
		}
	} else if (pv == BT_PATH_PENDING) {
		return 0;
	}
	s = bpf_map_lookup_elem(&scratch_map, &zero);
	if (!s)
		return 0;
	if (recorder_n && !recorder_enter(s, tid, nr, typed))
		return 0;
	read_args(regs, s->args, typed, i386);
	s->sp = typed ? regs->sp : BPF_CORE_READ(regs, sp);
	/* --flight-recorder: into the slot recorder_enter put in keep_slot, not the ring buffer */
	s->keep = recorder_n ? BT_KEEP_RECORDER : BT_KEEP_NONE;
	s->keep_id = tid;
	s->ip = !record_ip ? 0 : typed ? regs->ip : BPF_CORE_READ(regs, ip);
	emit_enter(s, rules, tgid, tid, nr, record_times ? bpf_ktime_get_ns() : 0, true,
		   BT_REC_ENTER);
	s->keep = BT_KEEP_NONE;
	if ((stack_user_mode || stack_kernel_frames) && rules && (rules->flags & BT_SC_STACK))
		emit_stack(ctx, regs, typed, i386, tgid, tid, nr, at_exit);
	return 0;
}

/*
 * Appends the exit record's notes (BT_NOTE_*) as a capture of their own. A global function, as
 * capture_arg: verified once.
 */
__noinline int put_notes(__u32 notes)
{
	struct scratch *s = scratch();

	if (!s)
		return 0;
	put_number_capture(BT_CAP_ARG_NOTE, 0, notes);
	s->notes = notes;
	return 0;
}

/* -y: fd's inode as the current task's fd table holds it now; false when there is none. */
static __always_inline bool fd_inode(__s64 fd, struct bt_fd_inode *out)
{
	void *inode = fd_inode_ptr(fd);
	__u16 mode;

	if (!inode)
		return false;
	if (bpf_probe_read_kernel(&mode, sizeof(mode), inode + fd_offsets.inode_mode) ||
	    bpf_probe_read_kernel(&out->ino, sizeof(out->ino), inode + fd_offsets.inode_ino))
		return false;
	out->fd = fd;
	out->mode = mode;
	return true;
}

/*
 * -y: the inodes of the fds the call made, as a BT_CAP_FD_INODES capture: a
 * socket's or pipe's name is its inode, which /proc no longer gives once the
 * fd is closed, and a short-lived one often is before its line is printed.
 */
static __always_inline void capture_fd_inodes(struct scratch *s,
					      const struct bt_syscall_rules *rules, __s64 ret)
{
	struct bt_fd_inode *inodes;
	struct bt_capture *cap;
	__u32 off = s->off, n = 0;
	int pair[2] = {-1, -1};

	if (ret < 0 || off >= BT_REC_SOFT_MAX)
		return;
	asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_REC_SOFT_MAX - 1));
	cap = (void *)(s->buf + off);
	inodes = (void *)(cap + 1);
	if (rules->flags & BT_SC_FD_RET) {
		n = fd_inode(ret, &inodes[0]);
	} else if (rules->flags & BT_SC_FD_RET_TMPFILE) {
		__u32 k = BT_SC_FD_PAIR_ARG(rules->flags);

		asm volatile("%0 &= 7" : "+r"(k));
		if ((s->args[k & 7] & BT_O_TMPFILE) == BT_O_TMPFILE)
			n = fd_inode(ret, &inodes[0]);
	} else if (rules->flags & BT_SC_FD_PAIR) {
		__u32 k = BT_SC_FD_PAIR_ARG(rules->flags);

		asm volatile("%0 &= 7" : "+r"(k));
		if (bpf_probe_read_user(pair, sizeof(pair), (void *)s->args[k]))
			return;
		n = fd_inode(pair[0], &inodes[0]);
		n += fd_inode(pair[1], &inodes[n & 1]);
	}
	if (!n)
		return;
	cap->arg = BT_CAP_FD_INODES;
	cap->flags = 0;
	cap->len = n * sizeof(*inodes);
	cap->want = cap->len;
	s->ncaps++;
	s->off = off + sizeof(*cap) + BT_ALIGN8(cap->len);
}

/*
 * Builds and submits the exit record of the call: its result and what the
 * exit rules read (and inputs that faulted at enter, late). type is
 * BT_REC_EXIT, or BT_REC_FD_EXIT for a call only the fd table gets.
 */
static __always_inline void emit_exit(struct scratch *s, struct bt_syscall_rules *rules,
				      struct pt_regs *regs, __u32 tgid, __u32 tid, long nr,
				      __s64 ret, __u32 late, const bool typed, const bool i386,
				      const __u16 type, __u32 notes)
{
	struct bt_exit_rec *rec = (void *)s->buf;
	bool intr;

	rec->hdr.type = type;
	rec->hdr.ts = record_times ? bpf_ktime_get_ns() : 0;
	rec->hdr.tgid = tgid;
	rec->hdr.tid = tid;
	rec->hdr.nr = nr;
	rec->hdr.cpu = bpf_get_smp_processor_id();
	rec->ret = ret;
	rec->cgroup = record_cgroup ? bpf_get_current_cgroup_id() : 0;
	s->off = sizeof(*rec);
	s->ncaps = 0;
	s->faulted = 0;
	s->ret = ret;
	s->is_exit = 1;
	intr = bt_ret_interrupted(ret);
	if (rules && (ret >= 0 || late || intr || (rules->flags & BT_SC_EXIT_ON_ERROR))) {
		/* without regs: the arguments saved at sys_enter are in s->args already */
		if (regs)
			read_args(regs, s->args, typed, i386);
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
		if (fd_records &&
		    (rules->flags & (BT_SC_FD_RET | BT_SC_FD_RET_TMPFILE | BT_SC_FD_PAIR)))
			capture_fd_inodes(s, rules, ret);
		if ((rules->flags & BT_SC_DIRENTS) && ret > 0)
			count_dirents(1, ret);
	}
	s->notes = 0;
	if (notes)
		put_notes(notes);
	finish(s, KIND_EXIT);
}

/* execve and execveat, of either ABI */
static __always_inline bool is_exec(long nr)
{
	return nr == BT_NR64_execve || nr == BT_NR64_execveat ||
	       nr == BT_NR_I386 + BT_NR32_execve || nr == BT_NR_I386 + BT_NR32_execveat;
}

/*
 * -c --slowest: keeps the call that returned in its syscall's slot of this CPU when it took
 * longer than the shortest kept there. The exit program accounted it and left the time it
 * counted in the thread's slot (slow_ns) for this program, which runs after it on the same
 * sys_exit (attached after it). Its
 * records are built now, at its exit, from the arguments sys_enter saved and the inputs read
 * now, as a --filter that reads the result has them: a buffer the call both reads and writes
 * shows what the kernel wrote.
 *
 * A program of its own, not a function the exit program calls: the verifiers of 5.10 to 6.12
 * count the stacks of a chain of calls together against 512 bytes, and the exit program's
 * own with the captures' below it leave no room for one more frame.
 */
static __always_inline int keep_slow_call(__s64 ret, const bool typed)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tgid = pid_tgid >> 32, tid = (__u32)pid_tgid;
	struct bt_call_start *start = call_slot(tid, typed, false);
	__u64 ns, least = ~0ULL;
	struct bt_syscall_rules *rules;
	struct bt_slowest_floor *fl;
	struct scratch *s;
	__u32 key, slot;
	long nr;

	if (!start || !start->slow_ns)
		return 0;
	/* the summary's time of the call, so that the slowest's is its max to the nanosecond */
	ns = start->slow_ns;
	start->slow_ns = 0;
	nr = start->nr;
	if (nr < 0 || nr >= BT_MAX_SYSCALLS)
		return 0;
	key = nr;
	fl = bpf_map_lookup_elem(&slowest_floor, &key);
	if (!fl || ns <= fl->floor_ns)
		return 0;
	slot = fl->floor_slot;
	if (slot >= BT_SLOWEST_MAX)
		return 0;
	s = scratch();
	if (!s)
		return 0;
	__builtin_memcpy(s->args, start->args, sizeof(start->args));
	rules = bpf_map_lookup_elem(&beauty_map, &key);
	/* an exec that worked left a new image: what its arguments pointed to is gone */
	if (ret == 0 && is_exec(nr))
		rules = NULL;
	s->keep = BT_KEEP_SLOWEST;
	s->keep_id = nr;
	s->keep_slot = bpf_get_smp_processor_id() * BT_SLOWEST_MAX + slot;
	s->keep_ns = ns;
	/* the stack at exit is not the one the call entered with; -i's address is not kept */
	s->sp = 0;
	s->ip = 0;
	emit_enter(s, rules, tgid, tid, nr, start->ts, false, BT_REC_ENTER);
	emit_exit(s, rules, NULL, tgid, tid, nr, ret, 0, false, false, BT_REC_EXIT, 0);
	s->keep = BT_KEEP_NONE;
	/*
	 * checked above, but the compiler reloads it from the stack, where 6.1's verifier (and
	 * older ones) lost its bound: a mask it can see
	 */
	asm volatile("%0 &= %1" : "+r"(slot) : "i"(BT_SLOWEST_MAX - 1));
	fl->ns[slot] = ns;
	for (__u32 i = 0; i < BT_SLOWEST_MAX && i < slowest_n; i++) {
		if (fl->ns[i] < least) {
			least = fl->ns[i];
			fl->floor_slot = i;
		}
	}
	fl->floor_ns = least;
	return 0;
}

/*
 * -y: a call -e or --filter left out that changed the descriptors still
 * reaches the fd table: its enter record (made now: the arguments are still
 * in the registers, a path still in memory) and its exit record, of types
 * that nothing prints.
 */
static __always_inline void emit_fd_call(struct pt_regs *regs, struct bt_syscall_rules *rules,
					 __u32 tgid, __u32 tid, long nr, __s64 ret,
					 const bool typed, const bool i386)
{
	struct scratch *s;
	__u32 zero = 0;

	if (!fd_records || !rules || !(rules->flags & BT_SC_FD_CALL))
		return;
	s = bpf_map_lookup_elem(&scratch_map, &zero);
	if (!s)
		return;
	read_args(regs, s->args, typed, i386);
	/* an fd call reads nothing on the stack, and its record shows no line */
	s->sp = 0;
	s->keep = BT_KEEP_NONE;
	s->ip = 0;
	emit_enter(s, rules, tgid, tid, nr, 0, false, BT_REC_FD_ENTER);
	emit_exit(s, rules, regs, tgid, tid, nr, ret, 0, typed, i386, BT_REC_FD_EXIT, 0);
}

static __always_inline int do_exit(void *ctx, struct pt_regs *regs, __s64 ret, const bool typed,
				   __u32 notes)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tgid = pid_tgid >> 32, tid = (__u32)pid_tgid;
	struct bt_call_start *deferred = NULL, *path_deferred = NULL;
	struct bt_syscall_rules *rules = NULL;
	struct scratch *s;
	__u32 zero = 0, key;
	__u32 late = 0;
	bool i386;
	long nr;

	kstack_take_probe(ctx, tid, true);
	/* -1: an exit is never the exec that starts a command's tracing */
	if (!should_trace(tgid, -1))
		return 0;
	nr = typed ? regs->orig_ax : BPF_CORE_READ(regs, orig_ax);
	i386 = i386_call(typed);
	/*
	 * rt_sigreturn restores the interrupted code's registers, orig_ax set
	 * to -1: its exit has no number of its own. Without this, -e trace=
	 * sets that leave rt_sigreturn out would still show its exits.
	 */
	if (nr == -1)
		nr = i386 ? BT_NR32_rt_sigreturn : BT_NR64_rt_sigreturn;
	nr = bt_id_of(nr, i386);
	if (nr >= 0 && nr < BT_MAX_SYSCALLS) {
		key = nr;
		rules = bpf_map_lookup_elem(&beauty_map, &key);
		if (rules)
			remember_call_socket(regs, rules, ret, typed, i386, true);
		if (path_trace && rules &&
		    path_exit(regs, rules, nr, tgid, tid, ret, typed, i386, &path_deferred) ==
			    BT_PATH_NONE) {
			emit_fd_call(regs, rules, tgid, tid, nr, ret, typed, i386);
			return 0;
		}
		if (rules && !(rules->flags & BT_SC_SELECTED)) {
			emit_fd_call(regs, rules, tgid, tid, nr, ret, typed, i386);
			return 0;
		}
	}
	if (path_trace && !rules)
		return 0;
	if (filter_active &&
	    filter_exit(nr, ret, pid_tgid, typed, rules, &deferred) == BT_VERDICT_REJECT) {
		emit_fd_call(regs, rules, tgid, tid, nr, ret, typed, i386);
		return 0;
	}
	if (summary) {
		struct bt_call_start *start;
		__u64 ns;

		if (typed)
			start = bpf_task_storage_get(&task_call_start, bpf_get_current_task_btf(),
						     0, 0);
		else
			start = bpf_map_lookup_elem(&call_start, &tid);
		if (!child_start(nr, ret)) {
			ns = account_call(nr, ret, tgid, tid,
					  start && start->nr == nr ? start->ts : 0);
			/* for keep_slow_call, which runs next */
			if (slowest_n && start)
				start->slow_ns = ns;
		}
		if (summary_only)
			return 0;
	}
	s = bpf_map_lookup_elem(&scratch_map, &zero);
	if (!s)
		return 0;
	if (recorder_n && !recorder_exit(s, tid, nr, typed))
		return 0;
	/* the stack pointer is the one the call returns to now (rt_sigreturn's is another) */
	s->sp = 0;
	s->keep = BT_KEEP_NONE;
	/* a syscall returns where it was made: the ip at exit is the enter's */
	s->ip = !record_ip ? 0 : typed ? regs->ip : BPF_CORE_READ(regs, ip);
	if (!(filter_defer && deferred))
		deferred = path_deferred;
	if (deferred) {
		/* accepted at exit: the enter record first, from what sys_enter saved */
		__builtin_memcpy(s->args, deferred->args, sizeof(deferred->args));
		emit_enter(s, rules, tgid, tid, nr, deferred->ts, false, BT_REC_ENTER);
		if ((stack_user_mode || stack_kernel_frames) && rules &&
		    (rules->flags & BT_SC_STACK))
			emit_stack(ctx, regs, typed, i386, tgid, tid, nr, true);
	}
	if (refetch_pending) {
		__u32 *pending = bpf_map_lookup_elem(&refetch, &tid);

		if (pending) {
			late = *pending;
			bpf_map_delete_elem(&refetch, &tid);
			__sync_fetch_and_add(&refetch_pending, -1);
		}
	}
	/* --flight-recorder: into the slot recorder_exit put in keep_slot */
	s->keep = recorder_n ? BT_KEEP_RECORDER : BT_KEEP_NONE;
	s->keep_id = tid;
	emit_exit(s, rules, regs, tgid, tid, nr, ret, late, typed, i386, BT_REC_EXIT, notes);
	s->keep = BT_KEEP_NONE;
	if (recorder_trigger && rules && (rules->flags & BT_SC_TRIGGER)) {
		/* where the trigger program reads them, 8 slots for its masked index */
		struct bt_filter_input *in = bpf_map_lookup_elem(&filter_input, &zero);

		if (in) {
			read_args(regs, &in->v[BT_FF_ARG0], typed, i386);
			check_trigger(nr, ret);
		}
	}
	return 0;
}

/*
 * -e inject=, at sys_enter: a call btftrace let go on, with a signal to send as it enters
 * (strace sends it there); the exit finds the mark entered.
 */
static __always_inline void inject_enter(long nr)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct bt_inject_mark *m = bpf_map_lookup_elem(&inject_marks, &tid);

	if (!m || m->nr != nr)
		return;
	if (m->flags & BT_INJ_SIGNAL) {
		/* from the kernel, as ptrace's injected signal: si_code SI_KERNEL */
		bpf_send_signal_thread(m->signo);
		m->flags &= ~BT_INJ_SIGNAL;
	}
	m->flags |= BT_INJ_ENTERED;
}

/*
 * -e inject=, at sys_exit: the notes of a call btftrace acted on (BT_NOTE_*), 0 for any other.
 * A call btftrace answered never entered the kernel, and its sys_enter never fired: its enter
 * record is built here, from the registers, which still hold the arguments, and the memory
 * they point to, which no call changed. The mark is only believed when the call returns what
 * btftrace answered, or entered the kernel when it let it go on: otherwise a signal cut the
 * wait for btftrace short, and the call returns to be made again.
 */
static __always_inline __u32 inject_exit(void *ctx, struct pt_regs *regs, __s64 ret,
					 const bool typed)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct bt_inject_mark *m = bpf_map_lookup_elem(&inject_marks, &tid);
	__u32 flags, notes = 0;
	bool acted;
	int signo;
	long nr;

	if (!m)
		return 0;
	nr = typed ? regs->orig_ax : BPF_CORE_READ(regs, orig_ax);
	if (m->nr != nr)
		return 0;
	flags = m->flags;
	signo = m->signo;
	acted = flags & BT_INJ_ANSWERED ? ret == m->ret : (flags & BT_INJ_ENTERED) != 0;
	if (bpf_map_delete_elem(&inject_marks, &tid) == 0)
		__sync_fetch_and_add(&inject_pending, -1);
	if (!acted)
		return 0;
	if (flags & BT_INJ_SIGNAL)
		bpf_send_signal_thread(signo);
	if (flags & BT_INJ_ANSWERED) {
		notes |= BT_NOTE_INJECTED | (flags & BT_INJ_RETVAL ? BT_NOTE_RETVAL : 0);
		if (!(flags & BT_INJ_ENTERED))
			do_enter(ctx, regs, nr, typed, true);
	}
	if (flags & BT_INJ_DELAYED)
		notes |= BT_NOTE_DELAYED;
	return notes;
}

static __always_inline int handle_enter(void *ctx, struct pt_regs *regs, long nr, const bool typed)
{
	if (inject_active && inject_pending)
		inject_enter(nr);
	return do_enter(ctx, regs, nr, typed, false);
}

static __always_inline int handle_exit(void *ctx, struct pt_regs *regs, __s64 ret, const bool typed)
{
	__u32 notes = 0;

	if (inject_active && inject_pending)
		notes = inject_exit(ctx, regs, ret, typed);
	return do_exit(ctx, regs, ret, typed, notes);
}

/*
 * Two ways to attach to the same raw_syscalls tracepoints; user space loads
 * one pair. tp_btf (BTF-typed arguments) reads the registers directly;
 * raw_tp, for kernels that refuse tp_btf here, reads them through helpers.
 */
SEC("tp_btf/sys_enter")
int BPF_PROG(on_sys_enter, struct pt_regs *regs, long id)
{
	return handle_enter(ctx, regs, id, true);
}

SEC("tp_btf/sys_exit")
int BPF_PROG(on_sys_exit, struct pt_regs *regs, long ret)
{
	return handle_exit(ctx, regs, ret, true);
}

/* -c --slowest: after the exit program (keep_slow_call) */
SEC("tp_btf/sys_exit")
int BPF_PROG(on_slow_exit, struct pt_regs *regs, long ret)
{
	return keep_slow_call(ret, true);
}

SEC("raw_tp/sys_enter")
int on_sys_enter_raw(struct bpf_raw_tracepoint_args *ctx)
{
	return handle_enter(ctx, (struct pt_regs *)ctx->args[0], (long)ctx->args[1], false);
}

SEC("raw_tp/sys_exit")
int on_sys_exit_raw(struct bpf_raw_tracepoint_args *ctx)
{
	return handle_exit(ctx, (struct pt_regs *)ctx->args[0], (__s64)ctx->args[1], false);
}

SEC("raw_tp/sys_exit")
int on_slow_exit_raw(struct bpf_raw_tracepoint_args *ctx)
{
	return keep_slow_call((__s64)ctx->args[1], false);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Pairs enter and exit records. At most one enter is held back at a time,
 * waiting for its exit: the usual case prints as one line. Any other event
 * first shows the held call as unfinished (strace's way), and its exit later
 * shows as resumed; such interrupted enters are kept per thread until then.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "events/events.h"
#include "events/tid_set.h"
#include "events/uring_table.h"

struct open_call {
	__u32 tid;
	struct bt_enter_rec *rec;   /* owned copy */
	struct bt_stack_rec *stack; /* owned copy, or NULL */
	/*
	 * Not shown yet: an input could not be read at enter and the exit
	 * record brings it, so the call waits to be shown whole.
	 */
	bool deferred;
	unsigned char idle_rounds; /* deferred: the quiet rounds it has waited */
};

/* An io_uring operation completed while its submitter's call is held: shown after that call. */
struct uring_done {
	struct bt_uring_submit_rec *submit; /* owned copies */
	struct bt_uring_complete_rec *complete;
};

/* --kfunc: a kernel function's call, whole or still in progress: owned copies. */
struct kfunc_call {
	struct bt_kfunc_rec *entry, *exit;
	unsigned int depth;
};

/* --kfunc: entries at most waiting for their returns; beyond, the oldest shows unreturned. */
#define KFUNC_OPEN_MAX 4096

struct event_reader {
	call_fn fn;
	void *ctx;
	/*
	 * The held enter: in held_buf, a reused buffer, so the common path does not allocate;
	 * or, from event_reader__handle_kept, where the caller keeps it (held_kept), so that a
	 * call's kilobytes of data are not copied to be shown when its exit comes next.
	 */
	const void *held;
	void *held_buf;
	size_t held_cap;
	bool have_held;
	bool held_kept;
	bool keep_ok; /* the record being handled may be held where it is */
	/* the held enter's stack record, in a reused buffer too */
	void *held_stack;
	size_t held_stack_cap;
	bool held_has_stack;
	bool held_pending; /* handed on as CALL_PENDING already */
	/* calls shown unfinished, waiting for their exits */
	struct open_call *open;
	size_t nopen, open_cap;
	/* fatal signals seen as sent, waiting for their target's call to end */
	struct bt_signal_rec *fatal;
	size_t nfatal, fatal_cap;
	/*
	 * Each thread's last call entered, and for its last restart_syscall the call before it
	 * (-1: none seen): strace names the call a restart_syscall resumes so, the thread's
	 * previous traced call (its s_prev_ent), whether or not that call was interrupted.
	 */
	struct tid_set last_call, restart_resumes;
	/*
	 * -p, -a: the threads whose calls were seen to start (a set, 0 for a
	 * free slot), and the calls threads were in when tracing started.
	 */
	bool attached;
	struct tid_set started;
	struct bt_enter_rec **expected;
	size_t nexpected, expected_cap;
	/* -y: enters of calls only the fd table gets, waiting for their exits */
	struct bt_enter_rec **fd_enters;
	size_t nfd_enters, fd_enters_cap;
	/* -e io_uring=: operations submitted, waiting for their completions */
	struct uring_table uring;
	/* completed while their submitter's call was held, in order */
	struct uring_done *uring_done;
	size_t nuring_done, uring_done_cap;
	/* quiet rounds (event_reader__idle) they have waited for their call's end */
	unsigned int uring_done_idle;
	/* --kfunc: kernel functions entered, waiting for their returns, in order */
	struct kfunc_call *kfunc_open;
	size_t nkfunc_open, kfunc_open_cap;
	/* returned while their thread's syscall is held: shown after its line, in order */
	struct kfunc_call *kfunc_done;
	size_t nkfunc_done, kfunc_done_cap;
};

struct event_reader *event_reader__new(call_fn fn, void *ctx)
{
	struct event_reader *er = calloc(1, sizeof(*er));

	if (!er)
		return NULL;
	er->fn = fn;
	er->ctx = ctx;
	return er;
}

void event_reader__free(struct event_reader *er)
{
	if (!er)
		return;
	for (size_t i = 0; i < er->nopen; i++) {
		free(er->open[i].rec);
		free(er->open[i].stack);
	}
	free(er->open);
	free(er->held_stack);
	free(er->fatal);
	tid_set__free(&er->last_call);
	tid_set__free(&er->restart_resumes);
	free(er->held_buf);
	for (size_t i = 0; i < er->nexpected; i++)
		free(er->expected[i]);
	free(er->expected);
	for (size_t i = 0; i < er->nfd_enters; i++)
		free(er->fd_enters[i]);
	free(er->fd_enters);
	uring_table__free(&er->uring);
	for (size_t i = 0; i < er->nuring_done; i++) {
		free(er->uring_done[i].submit);
		free(er->uring_done[i].complete);
	}
	free(er->uring_done);
	for (size_t i = 0; i < er->nkfunc_open; i++) {
		free(er->kfunc_open[i].entry);
		free(er->kfunc_open[i].exit);
	}
	free(er->kfunc_open);
	for (size_t i = 0; i < er->nkfunc_done; i++) {
		free(er->kfunc_done[i].entry);
		free(er->kfunc_done[i].exit);
	}
	free(er->kfunc_done);
	tid_set__free(&er->started);
	free(er);
}

void event_reader__set_attached(struct event_reader *er)
{
	er->attached = true;
}

int event_reader__expect(struct event_reader *er, const struct bt_enter_rec *rec)
{
	struct bt_enter_rec *copy;

	if (er->nexpected == er->expected_cap) {
		size_t cap = er->expected_cap ? 2 * er->expected_cap : 16;
		struct bt_enter_rec **p = realloc(er->expected, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		er->expected = p;
		er->expected_cap = cap;
	}
	copy = malloc(rec->hdr.size);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, rec, rec->hdr.size);
	er->expected[er->nexpected++] = copy;
	return 0;
}

/* The call tid was found in at the start, or -1. */
static ssize_t find_expected(const struct event_reader *er, __u32 tid)
{
	for (size_t i = 0; i < er->nexpected; i++) {
		if (er->expected[i]->hdr.tid == tid)
			return i;
	}
	return -1;
}

static void drop_expected(struct event_reader *er, size_t i)
{
	free(er->expected[i]);
	er->expected[i] = er->expected[--er->nexpected];
}

static void forget_expected(struct event_reader *er, __u32 tid)
{
	ssize_t i = er->nexpected ? find_expected(er, tid) : -1;

	if (i >= 0)
		drop_expected(er, i);
}

/* x86_64 numbers, and i386's as ids (bpf/record.h) */
#define NR_EXECVE 59
#define NR_RESTART_SYSCALL 219
#define NR_EXECVEAT 322
#define NR_RT_SIGRETURN 15
#define NR_I386_EXECVE (BT_NR_I386 + 11)
#define NR_I386_RESTART_SYSCALL (BT_NR_I386 + 0)
#define NR_I386_EXECVEAT (BT_NR_I386 + 358)
#define NR_I386_RT_SIGRETURN (BT_NR_I386 + 173)

static bool is_restart_syscall(int nr)
{
	return nr == NR_RESTART_SYSCALL || nr == NR_I386_RESTART_SYSCALL;
}

/* The first return of a new child or thread (0 from the clone its parent entered). */
static bool is_child_start(const struct bt_exit_rec *exit)
{
	static const int clones[] = {56,
				     57,
				     58,
				     435,
				     BT_NR_I386 + 2,
				     BT_NR_I386 + 120,
				     BT_NR_I386 + 190,
				     BT_NR_I386 + 435};

	for (size_t i = 0; exit->ret == 0 && i < sizeof(clones) / sizeof(clones[0]); i++) {
		if (exit->hdr.nr == clones[i])
			return true;
	}
	return false;
}

static bool is_execve(int nr)
{
	return nr == NR_EXECVE || nr == NR_EXECVEAT || nr == NR_I386_EXECVE ||
	       nr == NR_I386_EXECVEAT;
}

/*
 * Whether exit ends the call enter began. Records lost between them (a full ring buffer,
 * without --lossless) can leave one call's enter before another's exit. An exec returns
 * under the number of the new program's ABI, execve's (the kernel sets it so). An exit
 * numbered -1, which the collector names rt_sigreturn, may end any call: rt_sigreturn sets
 * that number, and so do a call numbered -1 and a tracer that has the kernel skip a call
 * (strace's fault injection).
 */
static bool ends_call(const struct bt_rec_hdr *enter, const struct bt_rec_hdr *exit)
{
	return enter->nr == exit->nr || exit->nr == NR_RT_SIGRETURN ||
	       exit->nr == NR_I386_RT_SIGRETURN || (is_execve(enter->nr) && is_execve(exit->nr));
}

/* The stack record that came with an enter, held or open. */
static const struct bt_stack_rec *stack_of(const struct event_reader *er,
					   const struct bt_enter_rec *enter)
{
	if (!enter)
		return NULL;
	if (enter == er->held)
		return er->held_has_stack ? er->held_stack : NULL;
	for (size_t i = 0; i < er->nopen; i++) {
		if (er->open[i].rec == enter)
			return er->open[i].stack;
	}
	return NULL;
}

static void emit(struct event_reader *er, enum call_state state, const struct bt_enter_rec *enter,
		 const struct bt_exit_rec *exit)
{
	struct call call = {
		.state = state, .enter = enter, .exit = exit, .stack = stack_of(er, enter)};
	const struct bt_rec_hdr *hdr = enter ? &enter->hdr : &exit->hdr;

	__s32 resumes;

	if (is_restart_syscall(hdr->nr) && tid_set__get(&er->restart_resumes, hdr->tid, &resumes) &&
	    resumes >= 0) {
		call.resumes_known = true;
		call.resumes_nr = resumes;
	}
	er->fn(er->ctx, &call);
}

static ssize_t find_open(struct event_reader *er, __u32 tid)
{
	for (size_t i = 0; i < er->nopen; i++) {
		if (er->open[i].tid == tid)
			return i;
	}
	return -1;
}

/*
 * An exec from a thread other than the leader returns in the leader's tid:
 * the kernel ends the other threads and gives the exec'ing one the process
 * id. Its enter is open under its old tid, in the same process.
 */
static ssize_t find_exec_enter(struct event_reader *er, const struct bt_exit_rec *exit)
{
	const struct bt_rec_hdr *hdr = &exit->hdr;

	if (exit->ret != 0 || !is_execve(hdr->nr))
		return -1;
	for (size_t i = 0; i < er->nopen; i++) {
		const struct bt_rec_hdr *open = &er->open[i].rec->hdr;

		if (open->tgid == hdr->tgid && open->tid != hdr->tid && open->nr == hdr->nr)
			return i;
	}
	return -1;
}

static void drop_open(struct event_reader *er, size_t i)
{
	free(er->open[i].rec);
	free(er->open[i].stack);
	er->open[i] = er->open[--er->nopen];
}

/*
 * Ends open call i, whose exit was lost (or an exec ended it): shown unfinished already, as
 * resumed with no result; a deferred one, not shown yet, whole, with no result.
 */
static void end_without_exit(struct event_reader *er, size_t i)
{
	emit(er, er->open[i].deferred ? CALL_NORETURN : CALL_RESUMED, er->open[i].rec, NULL);
	drop_open(er, i);
}

static void *copy_record(const void *rec, size_t size)
{
	void *p = malloc(size);

	if (p)
		memcpy(p, rec, size);
	return p;
}

/* An argument the collector could not read at enter: it reads it again at exit. */
static bool has_fault(const struct bt_enter_rec *rec)
{
	size_t off = sizeof(*rec);
	const char *base = (const char *)rec;

	for (unsigned int i = 0; i < rec->hdr.ncaps; i++) {
		const struct bt_capture *cap = (const void *)(base + off);

		if (off + sizeof(*cap) > rec->hdr.size)
			break;
		if (cap->flags & BT_CAP_FAULT)
			return true;
		off += sizeof(*cap) + BT_ALIGN8(cap->len);
	}
	return false;
}

/*
 * Shows the held enter as unfinished and keeps a copy until its exit; one
 * whose inputs come with the exit is kept without being shown (until the
 * exit, or the next idle moment if the call blocks).
 */
static void release_held(struct event_reader *er)
{
	const struct bt_enter_rec *rec = er->held;
	struct open_call *oc;
	bool deferred;
	ssize_t old;

	if (!er->have_held)
		return;
	er->have_held = false;
	deferred = has_fault(rec);
	if (!deferred)
		emit(er, CALL_UNFINISHED, rec, NULL);
	old = find_open(er, rec->hdr.tid);
	if (old >= 0)
		drop_open(er, old);
	if (er->nopen == er->open_cap) {
		size_t cap = er->open_cap ? er->open_cap * 2 : 16;
		struct open_call *p = realloc(er->open, cap * sizeof(*p));

		if (!p)
			return;
		er->open = p;
		er->open_cap = cap;
	}
	oc = &er->open[er->nopen];
	oc->rec = malloc(rec->hdr.size);
	if (!oc->rec)
		return;
	memcpy(oc->rec, rec, rec->hdr.size);
	oc->tid = rec->hdr.tid;
	oc->deferred = deferred;
	oc->idle_rounds = 0;
	oc->stack = NULL;
	if (er->held_has_stack)
		oc->stack = copy_record(er->held_stack,
					((const struct bt_stack_rec *)er->held_stack)->hdr.size);
	er->nopen++;
}

/* The held enter copied into held_buf, where it stays as long as the reader needs it. */
static int own_held(struct event_reader *er, const struct bt_enter_rec *rec)
{
	if (rec->hdr.size > er->held_cap) {
		size_t cap = er->held_cap ? er->held_cap : 1024;
		void *p;

		while (cap < rec->hdr.size)
			cap *= 2;
		p = realloc(er->held_buf, cap);
		if (!p)
			return -ENOMEM;
		er->held_buf = p;
		er->held_cap = cap;
	}
	memcpy(er->held_buf, rec, rec->hdr.size);
	er->held = er->held_buf;
	er->held_kept = false;
	return 0;
}

static int hold(struct event_reader *er, const struct bt_enter_rec *rec)
{
	if (er->keep_ok) {
		er->held = rec;
		er->held_kept = true;
	} else if (own_held(er, rec)) {
		return -ENOMEM;
	}
	er->have_held = true;
	er->held_pending = false;
	er->held_has_stack = false;
	return 0;
}

/*
 * A stack record follows the enter record of its call, from the same thread: it joins that
 * call, held or open, unless the enter was lost (then it has no call to show under).
 */
static int attach_stack(struct event_reader *er, const struct bt_stack_rec *rec)
{
	const struct bt_enter_rec *held = er->held;
	size_t size = rec->hdr.size;
	ssize_t i;

	if (er->have_held && held->hdr.tid == rec->hdr.tid && held->hdr.nr == rec->hdr.nr &&
	    !er->held_has_stack) {
		if (size > er->held_stack_cap) {
			void *p = realloc(er->held_stack, size);

			if (!p)
				return -ENOMEM;
			er->held_stack = p;
			er->held_stack_cap = size;
		}
		memcpy(er->held_stack, rec, size);
		er->held_has_stack = true;
		return 0;
	}
	i = find_open(er, rec->hdr.tid);
	if (i >= 0 && er->open[i].rec->hdr.nr == rec->hdr.nr && !er->open[i].stack) {
		er->open[i].stack = copy_record(rec, size);
		return er->open[i].stack ? 0 : -ENOMEM;
	}
	return 0;
}

/*
 * A fatal signal is seen as it is sent (BT_SIG_FATAL_UNDELIVERED), while
 * its target may be in a call: the call ends first (= ? ERESTARTSYS, or the
 * EPIPE of the write that raised SIGPIPE), then the signal shows, then the
 * process's end, the order strace shows them in. Until then it waits here.
 */
static bool thread_in_call(struct event_reader *er, __u32 tid)
{
	const struct bt_enter_rec *held = er->held;

	return (er->have_held && held->hdr.tid == tid) || find_open(er, tid) >= 0;
}

static int hold_fatal_signal(struct event_reader *er, const struct bt_signal_rec *sig)
{
	if (er->nfatal == er->fatal_cap) {
		size_t cap = er->fatal_cap ? 2 * er->fatal_cap : 4;
		void *p = realloc(er->fatal, cap * sizeof(*er->fatal));

		if (!p)
			return -ENOMEM;
		er->fatal = p;
		er->fatal_cap = cap;
	}
	er->fatal[er->nfatal++] = *sig;
	return 0;
}

static bool has_fatal_signal(const struct event_reader *er, __u32 tid)
{
	for (size_t i = 0; i < er->nfatal; i++)
		if (er->fatal[i].hdr.tid == tid)
			return true;
	return false;
}

/* Shows the fatal signals held for tid (or for every thread, with tid 0). */
static void release_fatal_signals(struct event_reader *er, __u32 tid)
{
	for (size_t i = 0; i < er->nfatal;) {
		struct bt_signal_rec sig = er->fatal[i];
		struct call call = {.state = CALL_EVENT, .event = &sig.hdr};

		if (tid && sig.hdr.tid != tid) {
			i++;
			continue;
		}
		er->fatal[i] = er->fatal[--er->nfatal];
		er->fn(er->ctx, &call);
	}
}

static bool record_ok(const struct bt_rec_hdr *hdr, size_t size)
{
	size_t fixed;

	if (size < sizeof(*hdr) || hdr->size > size)
		return false;
	if (hdr->type == BT_REC_ENTER || hdr->type == BT_REC_FD_ENTER)
		fixed = sizeof(struct bt_enter_rec);
	else if (hdr->type == BT_REC_EXIT || hdr->type == BT_REC_FD_EXIT)
		fixed = sizeof(struct bt_exit_rec);
	else if (hdr->type == BT_REC_SIGNAL)
		fixed = sizeof(struct bt_signal_rec);
	else if (hdr->type == BT_REC_TASK_EXIT)
		fixed = sizeof(struct bt_task_exit_rec);
	else if (hdr->type == BT_REC_EXEC)
		fixed = sizeof(struct bt_exec_rec);
	else if (hdr->type == BT_REC_LOST)
		fixed = sizeof(struct bt_lost_rec);
	else if (hdr->type == BT_REC_STACK)
		fixed = sizeof(struct bt_stack_rec);
	else if (hdr->type == BT_REC_FD_FORK)
		fixed = sizeof(struct bt_fork_rec);
	else if (hdr->type == BT_REC_EVENT)
		fixed = sizeof(struct bt_event_rec);
	else if (hdr->type == BT_REC_DETACH)
		fixed = sizeof(struct bt_detach_rec);
	else if (hdr->type == BT_REC_URING_SUBMIT)
		fixed = sizeof(struct bt_uring_submit_rec);
	else if (hdr->type == BT_REC_URING_COMPLETE)
		fixed = sizeof(struct bt_uring_complete_rec);
	else if (hdr->type == BT_REC_KFUNC_ENTRY || hdr->type == BT_REC_KFUNC_EXIT)
		fixed = sizeof(struct bt_kfunc_rec);
	else
		return false;
	if (hdr->type == BT_REC_EVENT && hdr->size >= fixed)
		return ((const struct bt_event_rec *)hdr)->len <= hdr->size - fixed;
	return hdr->size >= fixed;
}

/* Whether the event ends the thread's open call, which then shows without a result. */
static bool ends_open_call(const struct bt_rec_hdr *hdr)
{
	/*
	 * A thread's records alternate enter, exit: when exits of the thread
	 * were lost right after an enter that was seen, the first of them is
	 * that call's.
	 */
	if (hdr->type == BT_REC_LOST)
		return ((const struct bt_lost_rec *)hdr)->lost.exits > 0;
	return hdr->type == BT_REC_TASK_EXIT;
}

/*
 * A signal, a thread's exit, or a gap in a thread's records. A thread that
 * exits ends its open call: the call never returns ("= ?"); so does a gap
 * that took the call's exit. Any other thread's held call shows unfinished
 * first, as for any line in between: before the open call's end too, or a
 * held call whose start the text shows already (CALL_PENDING) would have
 * its line cut by that end and then shown a second time.
 */
static void handle_event(struct event_reader *er, const struct bt_rec_hdr *hdr)
{
	const struct bt_enter_rec *held = er->held;
	struct call call = {.state = CALL_EVENT, .event = hdr};

	if (ends_open_call(hdr)) {
		ssize_t i;

		if (er->have_held && held->hdr.tid == hdr->tid) {
			er->have_held = false;
			emit(er, CALL_NORETURN, held, NULL);
		} else {
			release_held(er);
		}
		i = find_open(er, hdr->tid);
		if (i >= 0) {
			emit(er, er->open[i].deferred ? CALL_NORETURN : CALL_RESUMED,
			     er->open[i].rec, NULL);
			drop_open(er, i);
		}
		release_fatal_signals(er, hdr->tid);
		/* a thread that ended: its id may come again, for another thread */
		if (hdr->type == BT_REC_TASK_EXIT) {
			tid_set__remove(&er->last_call, hdr->tid);
			tid_set__remove(&er->restart_resumes, hdr->tid);
		}
		/* its line is the exec record's, which comes next: "+++ superseded ..." */
		if (((const struct bt_task_exit_rec *)hdr)->superseded) {
			release_held(er);
			return;
		}
	}
	release_held(er);
	er->fn(er->ctx, &call);
}

/*
 * An exec from a thread other than the leader succeeded: the thread goes on
 * with the process id as its tid, so the execve that entered under its old
 * tid returns under the new one. Its enter shows unfinished first (as strace
 * shows it), then the superseded line, then "<... execve resumed>" at its exit.
 */
static void handle_exec(struct event_reader *er, const struct bt_exec_rec *rec)
{
	struct call call = {.state = CALL_EVENT, .event = &rec->hdr};
	ssize_t i, stale;

	release_held(er);
	i = find_open(er, rec->old_tid);
	/* the collector sends none with equal tids; a malformed one changes nothing */
	if (i >= 0 && rec->old_tid != rec->hdr.tid && er->open[i].rec->hdr.tgid == rec->hdr.tgid) {
		/* a call of the old leader whose end was lost: it never returns */
		stale = find_open(er, rec->hdr.tid);
		if (stale >= 0) {
			emit(er, CALL_RESUMED, er->open[stale].rec, NULL);
			drop_open(er, stale);
			i = find_open(er, rec->old_tid);
		}
		er->open[i].tid = rec->hdr.tid;
		er->open[i].rec->hdr.tid = rec->hdr.tid;
	}
	er->fn(er->ctx, &call);
}

/*
 * -b execve: tracing let go of the thread at its exec, in its execve. The
 * call it is in ends there as strace ends it: held, "<detached ...>";
 * shown unfinished already, nothing more. Not a line of its own.
 */
static void handle_detach(struct event_reader *er, const struct bt_rec_hdr *hdr)
{
	const struct bt_enter_rec *held = er->held;
	struct call call = {.state = CALL_UNFINISHED, .detached = true};
	ssize_t i;

	tid_set__remove(&er->last_call, hdr->tid);
	tid_set__remove(&er->restart_resumes, hdr->tid);
	if (er->have_held && held->hdr.tid == hdr->tid) {
		er->have_held = false;
		call.enter = er->held;
		er->fn(er->ctx, &call);
	}
	i = find_open(er, hdr->tid);
	if (er->have_held && ((i >= 0 && er->open[i].deferred) || has_fatal_signal(er, hdr->tid))) {
		/* a line: another thread's held call shows first, as in handle_event() */
		release_held(er);
		i = find_open(er, hdr->tid);
	}
	if (i >= 0) {
		if (er->open[i].deferred) {
			call.enter = er->open[i].rec;
			er->fn(er->ctx, &call);
		}
		drop_open(er, i);
	}
	release_fatal_signals(er, hdr->tid);
	if (er->attached)
		tid_set__remove(&er->started, hdr->tid);
	/* for the sinks: the thread is no longer traced */
	call = (struct call){.state = CALL_EVENT, .event = hdr};
	er->fn(er->ctx, &call);
}

/*
 * -p, -a: the exit of a call from a thread none of whose calls was seen to
 * start. sys_exit's program is attached before sys_enter's, so a thread's
 * records may begin with the exits of calls that started before tracing did:
 * one for the call it was in, more when attaching took longer than its calls
 * (a busy machine can hold btftrace between the two for 50 ms and more).
 * Only the call /proc found the thread in has a start to show it with, and
 * only the exit that came after /proc was read can be that call's: its
 * number alone would pair it with an earlier call of the same number, of
 * other arguments. The others are not shown, as strace shows nothing of a
 * call it did not see start. A child's first return goes on, to be known as
 * such. Returns true when the exit was dealt with here.
 */
static bool exit_before_start(struct event_reader *er, const struct bt_exit_rec *exit)
{
	const struct bt_rec_hdr *hdr = &exit->hdr;
	const struct bt_enter_rec *start;
	ssize_t i;

	if (is_child_start(exit))
		return false;
	i = er->nexpected ? find_expected(er, hdr->tid) : -1;
	if (i < 0)
		return true;
	start = er->expected[i];
	/*
	 * The start's time is when /proc had been read: the call that ran on
	 * past it ran while it was read. An earlier call's end leaves the
	 * start for the exit that may come next.
	 */
	if (start->hdr.nr == hdr->nr && hdr->ts > start->hdr.ts) {
		release_held(er);
		emit(er, CALL_COMPLETE, start, exit);
		drop_expected(er, i);
	}
	return true;
}

/*
 * -y: a call -e or --filter left out, for the fd table: its enter waits for
 * its exit (another CPU's records may come between), then both go on as an
 * ordinary enter and exit, CALL_UNSHOWN. Nothing else of the reader's state
 * changes: no line is shown.
 */
static int handle_fd_call(struct event_reader *er, const struct bt_rec_hdr *hdr)
{
	struct bt_enter_rec *enter = NULL;
	struct bt_exit_rec *exit;
	struct call call = {.state = CALL_UNSHOWN};

	if (hdr->type == BT_REC_FD_ENTER) {
		if (er->nfd_enters == er->fd_enters_cap) {
			size_t cap = er->fd_enters_cap ? 2 * er->fd_enters_cap : 4;
			struct bt_enter_rec **p = realloc(er->fd_enters, cap * sizeof(*p));

			if (!p)
				return -ENOMEM;
			er->fd_enters = p;
			er->fd_enters_cap = cap;
		}
		enter = malloc(hdr->size);
		if (!enter)
			return -ENOMEM;
		memcpy(enter, hdr, hdr->size);
		enter->hdr.type = BT_REC_ENTER;
		er->fd_enters[er->nfd_enters++] = enter;
		return 0;
	}
	for (size_t i = 0; i < er->nfd_enters; i++) {
		if (er->fd_enters[i]->hdr.tid == hdr->tid) {
			enter = er->fd_enters[i];
			er->fd_enters[i] = er->fd_enters[--er->nfd_enters];
			break;
		}
	}
	/* its enter lost: nothing to know the call by */
	if (!enter)
		return 0;
	exit = malloc(hdr->size);
	if (exit) {
		memcpy(exit, hdr, hdr->size);
		exit->hdr.type = BT_REC_EXIT;
		call.enter = enter;
		call.exit = exit;
		er->fn(er->ctx, &call);
	}
	free(exit);
	free(enter);
	return exit ? 0 : -ENOMEM;
}

/* An io_uring operation, whole: its submission and one of its completions. */
static void emit_uring(struct event_reader *er, const struct bt_uring_submit_rec *submit,
		       const struct bt_uring_complete_rec *complete)
{
	struct call call = {.state = complete ? CALL_COMPLETE : CALL_NORETURN,
			    .enter = &submit->enter,
			    .exit = complete ? &complete->exit : NULL};

	er->fn(er->ctx, &call);
}

/* The operations completed while their submitter's call was held, once it is not. */
static void flush_uring_done(struct event_reader *er)
{
	for (size_t i = 0; i < er->nuring_done; i++) {
		emit_uring(er, er->uring_done[i].submit, er->uring_done[i].complete);
		free(er->uring_done[i].submit);
		free(er->uring_done[i].complete);
	}
	er->nuring_done = 0;
	er->uring_done_idle = 0;
}

/* Keeps copies of an operation completed during its submitter's held call (io_uring_enter). */
static int hold_uring_done(struct event_reader *er, const struct bt_uring_submit_rec *submit,
			   const struct bt_uring_complete_rec *complete)
{
	struct uring_done d = {malloc(submit->enter.hdr.size), malloc(complete->exit.hdr.size)};

	if (er->nuring_done == er->uring_done_cap) {
		size_t cap = er->uring_done_cap ? 2 * er->uring_done_cap : 8;
		struct uring_done *p = realloc(er->uring_done, cap * sizeof(*p));

		if (!p) {
			free(d.submit);
			free(d.complete);
			return -ENOMEM;
		}
		er->uring_done = p;
		er->uring_done_cap = cap;
	}
	if (!d.submit || !d.complete) {
		free(d.submit);
		free(d.complete);
		return -ENOMEM;
	}
	memcpy(d.submit, submit, submit->enter.hdr.size);
	memcpy(d.complete, complete, complete->exit.hdr.size);
	er->uring_done[er->nuring_done++] = d;
	return 0;
}

/*
 * -e io_uring=: a submission waits in the table for its completion, which makes the call. An
 * operation completed while its submitter is in a call (the io_uring_enter that submitted or
 * waits for it, held for its exit) shows after that call's line, rather than split it: the
 * operation is the call's doing. Any other shows at once, as an event between lines does.
 * A multishot operation's completions each show, with the submission they share.
 */
static int handle_uring(struct event_reader *er, const struct bt_rec_hdr *hdr)
{
	const struct bt_enter_rec *held = er->held;
	struct bt_uring_submit_rec *submit, *old;
	const struct bt_uring_complete_rec *complete;
	int err;

	if (hdr->type == BT_REC_URING_SUBMIT) {
		err = uring_table__put(&er->uring, (const void *)hdr, hdr->size, &old);
		/* a request used again whose completion never came (IOSQE_CQE_SKIP_SUCCESS) */
		if (old) {
			release_held(er);
			flush_uring_done(er);
			emit_uring(er, old, NULL);
			free(old);
		}
		return err;
	}
	complete = (const void *)hdr;
	if (complete->uflags & BT_URING_MORE) {
		submit = uring_table__get(&er->uring, &complete->key);
		old = NULL;
	} else {
		submit = old = uring_table__take(&er->uring, &complete->key);
	}
	/* submitted before tracing began, or its record lost: nothing to show it by */
	if (!submit)
		return 0;
	err = 0;
	if (er->have_held && held->hdr.tid == submit->enter.hdr.tid) {
		err = hold_uring_done(er, submit, complete);
	} else {
		release_held(er);
		flush_uring_done(er);
		emit_uring(er, submit, complete);
	}
	free(old);
	return err;
}

static void emit_kfunc(struct event_reader *er, const struct kfunc_call *k)
{
	struct call call = {.state = CALL_EVENT,
			    .event = &k->entry->hdr,
			    .kfunc_exit = k->exit,
			    .kfunc_depth = k->depth};

	er->fn(er->ctx, &call);
}

/* The kernel functions that returned while their thread's call was held, once it is not. */
static void flush_kfunc_done(struct event_reader *er)
{
	for (size_t i = 0; i < er->nkfunc_done; i++) {
		emit_kfunc(er, &er->kfunc_done[i]);
		free(er->kfunc_done[i].entry);
		free(er->kfunc_done[i].exit);
	}
	er->nkfunc_done = 0;
}

static int grow(void **p, size_t *cap, size_t n, size_t elem)
{
	size_t c;
	void *q;

	if (n < *cap)
		return 0;
	c = *cap ? 2 * *cap : 16;
	q = realloc(*p, c * elem);
	if (!q)
		return -ENOMEM;
	*p = q;
	*cap = c;
	return 0;
}

/* Entry i's call taken off the list of calls entered. */
static struct kfunc_call take_kfunc_open(struct event_reader *er, size_t i)
{
	struct kfunc_call k = er->kfunc_open[i];

	memmove(&er->kfunc_open[i], &er->kfunc_open[i + 1], (er->nkfunc_open - i - 1) * sizeof(k));
	er->nkfunc_open--;
	return k;
}

/*
 * Entry i's call, returned or not (tracing ended, its return was lost, or too many entries
 * wait for the return of a call that encloses them).
 */
static void emit_kfunc_open(struct event_reader *er, size_t i)
{
	struct kfunc_call k = take_kfunc_open(er, i);

	emit_kfunc(er, &k);
	free(k.entry);
	free(k.exit);
}

/*
 * Thread tid's calls that returned, in the order they were entered, up to its first call still
 * under way: a function called inside another shows under it, after it, though it returned
 * first. Those returned while the thread's syscall is held wait for its line.
 */
static void emit_kfunc_returned(struct event_reader *er, __u32 tid)
{
	size_t i = 0;

	while (i < er->nkfunc_open) {
		const struct bt_enter_rec *held = er->held;
		struct kfunc_call k;

		if (er->kfunc_open[i].entry->hdr.tid != tid) {
			i++;
			continue;
		}
		if (!er->kfunc_open[i].exit)
			break;
		k = take_kfunc_open(er, i);
		if (er->have_held && held->hdr.tid == tid &&
		    !grow((void **)&er->kfunc_done, &er->kfunc_done_cap, er->nkfunc_done,
			  sizeof(k))) {
			er->kfunc_done[er->nkfunc_done++] = k;
			continue;
		}
		release_held(er);
		flush_kfunc_done(er);
		emit_kfunc(er, &k);
		free(k.entry);
		free(k.exit);
	}
}

/*
 * --kfunc: an entry waits for its return, which makes the call: the thread's latest entry of
 * the same function that has not returned (a recursive one returns first). Calls show in the
 * order they were entered (emit_kfunc_returned). A function that returns while its thread's
 * syscall is held shows after that syscall's line, rather than split it: it is the syscall's
 * doing (a call made outside a syscall, or in one shown split already, shows at once).
 */
static int handle_kfunc(struct event_reader *er, const struct bt_rec_hdr *hdr)
{
	const struct bt_kfunc_rec *rec = (const void *)hdr;
	struct kfunc_call k = {0};
	unsigned int depth = 0;
	ssize_t found = -1;

	if (hdr->type == BT_REC_KFUNC_ENTRY) {
		if (er->nkfunc_open == KFUNC_OPEN_MAX) {
			release_held(er);
			emit_kfunc_open(er, 0);
		}
		if (grow((void **)&er->kfunc_open, &er->kfunc_open_cap, er->nkfunc_open, sizeof(k)))
			return -ENOMEM;
		k.entry = copy_record(rec, hdr->size);
		if (!k.entry)
			return -ENOMEM;
		er->kfunc_open[er->nkfunc_open++] = k;
		return 0;
	}
	for (size_t i = er->nkfunc_open; i-- > 0;) {
		const struct kfunc_call *o = &er->kfunc_open[i];

		/* returned already: a call inside this one, or one before it */
		if (o->entry->hdr.tid != hdr->tid || o->exit)
			continue;
		if (found < 0 && o->entry->func == rec->func)
			found = i;
		else if (found >= 0)
			depth++;
	}
	/* entered before tracing began, or its entry lost: nothing to show it by */
	if (found < 0)
		return 0;
	er->kfunc_open[found].exit = copy_record(rec, sizeof(*rec));
	if (!er->kfunc_open[found].exit)
		return -ENOMEM;
	er->kfunc_open[found].depth = depth;
	emit_kfunc_returned(er, hdr->tid);
	return 0;
}

static int handle_record(struct event_reader *er, const void *data, size_t size);

int event_reader__handle(struct event_reader *er, const void *data, size_t size)
{
	int err;

	err = handle_record(er, data, size);
	/* the call the operations waited for is shown: they follow it */
	if (er->nuring_done && !er->have_held)
		flush_uring_done(er);
	if (er->nkfunc_done && !er->have_held)
		flush_kfunc_done(er);
	return err;
}

static int handle_record(struct event_reader *er, const void *data, size_t size)
{
	const struct bt_rec_hdr *hdr = data;

	if (!record_ok(hdr, size))
		return -EINVAL;
	if (hdr->type == BT_REC_FD_ENTER || hdr->type == BT_REC_FD_EXIT)
		return handle_fd_call(er, hdr);
	if (hdr->type == BT_REC_URING_SUBMIT || hdr->type == BT_REC_URING_COMPLETE)
		return handle_uring(er, hdr);
	if (hdr->type == BT_REC_KFUNC_ENTRY || hdr->type == BT_REC_KFUNC_EXIT)
		return handle_kfunc(er, hdr);
	if (hdr->type == BT_REC_FD_FORK) {
		struct call call = {.state = CALL_UNSHOWN, .event = hdr};

		er->fn(er->ctx, &call);
		return 0;
	}
	if (er->attached) {
		if (hdr->type == BT_REC_TASK_EXIT) {
			tid_set__remove(&er->started, hdr->tid);
			forget_expected(er, hdr->tid);
		} else if (hdr->type == BT_REC_EXEC) {
			/* an exec's thread goes on under the leader's tid, whose end came just before */
			tid_set__add(&er->started, hdr->tid);
		} else if (hdr->type == BT_REC_ENTER) {
			/* from its first start on, a call in progress at the start is past */
			if (!tid_set__add(&er->started, hdr->tid))
				forget_expected(er, hdr->tid);
		} else if (hdr->type == BT_REC_EXIT && !tid_set__has(&er->started, hdr->tid) &&
			   exit_before_start(er, data)) {
			return 0;
		}
	}
	if (hdr->type == BT_REC_SIGNAL &&
	    (((const struct bt_signal_rec *)hdr)->flags & BT_SIG_FATAL_UNDELIVERED) &&
	    thread_in_call(er, hdr->tid))
		return hold_fatal_signal(er, data);
	if (hdr->type == BT_REC_SIGNAL || hdr->type == BT_REC_TASK_EXIT ||
	    hdr->type == BT_REC_LOST || hdr->type == BT_REC_EVENT) {
		handle_event(er, hdr);
		return 0;
	}
	if (hdr->type == BT_REC_EXEC) {
		handle_exec(er, data);
		return 0;
	}
	if (hdr->type == BT_REC_STACK)
		return attach_stack(er, data);
	if (hdr->type == BT_REC_DETACH) {
		handle_detach(er, hdr);
		return 0;
	}
	if (hdr->type == BT_REC_ENTER) {
		const struct bt_enter_rec *rec = data;
		ssize_t old;
		__s32 last;

		release_held(er);
		if (is_restart_syscall(hdr->nr))
			tid_set__put(&er->restart_resumes, hdr->tid,
				     tid_set__get(&er->last_call, hdr->tid, &last) ? last : -1);
		tid_set__put(&er->last_call, hdr->tid, hdr->nr);
		/*
		 * A new call from a thread with one open: the old one never
		 * returned (its exit record was lost, or an exec ended it). It
		 * was shown unfinished already: end it as resumed, with no
		 * result, rather than show its enter a second time.
		 */
		old = find_open(er, hdr->tid);
		if (old >= 0)
			end_without_exit(er, old);
		return hold(er, rec);
	}

	const struct bt_exit_rec *exit = data;
	const struct bt_enter_rec *held = er->held;
	ssize_t i;

	if (er->have_held && held->hdr.tid == hdr->tid && ends_call(&held->hdr, hdr)) {
		er->have_held = false;
		emit(er, CALL_COMPLETE, held, exit);
	} else {
		release_held(er);
		i = find_exec_enter(er, exit);
		if (i < 0)
			i = find_open(er, hdr->tid);
		if (i >= 0 && !ends_call(&er->open[i].rec->hdr, hdr)) {
			end_without_exit(er, i);
			i = -1;
		}
		if (i >= 0) {
			emit(er, er->open[i].deferred ? CALL_COMPLETE : CALL_RESUMED,
			     er->open[i].rec, exit);
			drop_open(er, i);
		} else {
			emit(er, CALL_RESUMED, NULL, exit);
		}
	}
	if (er->nfatal)
		release_fatal_signals(er, hdr->tid);
	return 0;
}

int event_reader__handle_kept(struct event_reader *er, const void *data, size_t size, bool may_keep,
			      bool *kept)
{
	const void *before = er->have_held && er->held_kept ? er->held : NULL;
	int err;

	er->keep_ok = may_keep;
	err = event_reader__handle(er, data, size);
	er->keep_ok = false;
	/* the caller lets go of the record before this one now: still held, it is copied */
	if (before && er->have_held && er->held == before && own_held(er, before)) {
		er->have_held = false;
		err = -ENOMEM;
	}
	*kept = er->have_held && er->held == data;
	return err;
}

void event_reader__idle(struct event_reader *er)
{
	bool due = false;

	/*
	 * A call that goes on while its operations complete: they show after it, unless it goes
	 * on for long, and then now, the call split. The submitter's io_uring_enter often returns
	 * a while after a worker thread completed its operation (it must be woken and run), and
	 * on a busy machine that while is more than one quiet round.
	 */
	if (er->nuring_done && ++er->uring_done_idle >= EVENT_URING_HOLD_ROUNDS) {
		release_held(er);
		flush_uring_done(er);
	}
	/*
	 * A deferred call that blocks shows, with what could be read, once it has waited
	 * EVENT_DEFERRED_HOLD_ROUNDS quiet rounds: on a busy machine a call that does not
	 * block may be kept from its exit for more than one.
	 */
	for (size_t i = 0; i < er->nopen; i++) {
		if (er->open[i].deferred && ++er->open[i].idle_rounds >= EVENT_DEFERRED_HOLD_ROUNDS)
			due = true;
	}
	/* a held call whose start shows already: its line ends first, unfinished */
	if (due && er->have_held && er->held_pending)
		release_held(er);
	for (size_t i = 0; due && i < er->nopen; i++) {
		if (er->open[i].deferred && er->open[i].idle_rounds >= EVENT_DEFERRED_HOLD_ROUNDS) {
			er->open[i].deferred = false;
			emit(er, CALL_UNFINISHED, er->open[i].rec, NULL);
		}
	}
	/*
	 * Last, as the line it starts is open until the call's next state. A
	 * call whose inputs come with its exit waits for them unseen: its start
	 * shown now would not be the start of its line.
	 */
	if (er->have_held && !er->held_pending && !has_fault(er->held)) {
		er->held_pending = true;
		emit(er, CALL_PENDING, er->held, NULL);
	}
}

/*
 * -p, -a: the calls processes are in when tracing stops go on without us:
 * not calls that did not return. Held, it shows as strace shows it,
 * "<detached ...>"; shown unfinished already, nothing more.
 */
static void detach_calls(struct event_reader *er)
{
	if (er->have_held) {
		struct call call = {.state = CALL_UNFINISHED, .enter = er->held, .detached = true};

		er->have_held = false;
		er->fn(er->ctx, &call);
	}
	while (er->nopen) {
		if (er->open[0].deferred) {
			struct call call = {.state = CALL_UNFINISHED,
					    .enter = er->open[0].rec,
					    .detached = true};

			er->fn(er->ctx, &call);
		}
		drop_open(er, 0);
	}
}

/* Tracing ended: the operations still in flight show without a result, in submission order. */
static void finish_uring(struct event_reader *er)
{
	struct bt_uring_submit_rec **all;
	size_t n;

	flush_uring_done(er);
	all = uring_table__take_all(&er->uring, &n);
	for (size_t i = 0; i < n; i++) {
		emit_uring(er, all[i], NULL);
		free(all[i]);
	}
	free(all);
}

void event_reader__finish(struct event_reader *er)
{
	if (er->attached)
		detach_calls(er);
	if (er->have_held) {
		er->have_held = false;
		emit(er, CALL_NORETURN, er->held, NULL);
	}
	while (er->nopen) {
		emit(er, er->open[0].deferred ? CALL_NORETURN : CALL_RESUMED, er->open[0].rec,
		     NULL);
		drop_open(er, 0);
	}
	finish_uring(er);
	flush_kfunc_done(er);
	while (er->nkfunc_open)
		emit_kfunc_open(er, 0);
	release_fatal_signals(er, 0);
}

/* Where an enter or exit record's captures start: past its fixed part. */
static size_t captures_offset(const struct bt_rec_hdr *hdr)
{
	switch (hdr->type) {
	case BT_REC_ENTER:
		return sizeof(struct bt_enter_rec);
	case BT_REC_URING_SUBMIT:
		return sizeof(struct bt_uring_submit_rec);
	case BT_REC_URING_COMPLETE:
		return sizeof(struct bt_uring_complete_rec);
	case BT_REC_KFUNC_ENTRY:
		return sizeof(struct bt_kfunc_rec);
	default:
		return sizeof(struct bt_exit_rec);
	}
}

bool record_valid(const void *data, size_t size)
{
	return record_ok(data, size);
}

bool kept_call_records(const struct bt_kept_call *kc, struct bt_enter_rec **enter,
		       struct bt_exit_rec **exit)
{
	const struct bt_rec_hdr *eh = (const void *)kc->enter, *xh = (const void *)kc->exit;
	bool with_exit = kc->exit_size != 0;

	*enter = NULL;
	*exit = NULL;
	if (kc->enter_size > sizeof(kc->enter) || !record_valid(eh, kc->enter_size) ||
	    eh->type != BT_REC_ENTER)
		return false;
	/* an exit of another call than the enter's: the slot was taken over between them */
	if (with_exit && (kc->exit_size > sizeof(kc->exit) || !record_valid(xh, kc->exit_size) ||
			  xh->type != BT_REC_EXIT || xh->tid != eh->tid || xh->nr != eh->nr))
		return false;
	*enter = malloc(eh->size);
	*exit = with_exit ? malloc(xh->size) : NULL;
	if (!*enter || (with_exit && !*exit)) {
		free(*enter);
		free(*exit);
		*enter = NULL;
		*exit = NULL;
		return false;
	}
	memcpy(*enter, eh, eh->size);
	if (with_exit)
		memcpy(*exit, xh, xh->size);
	return true;
}

bool record_captures_not_kept(const struct bt_rec_hdr *hdr)
{
	const struct bt_capture *cap = (const void *)((const char *)hdr + captures_offset(hdr));

	return record_captures_dropped(hdr) && (cap->flags & BT_CAP_NOT_KEPT);
}

const struct bt_capture *record_capture(const struct bt_rec_hdr *hdr, int arg)
{
	return record_capture_nth(hdr, arg, 0);
}

const struct bt_capture *record_capture_nth(const struct bt_rec_hdr *hdr, int arg, unsigned int n)
{
	size_t off = captures_offset(hdr);
	const char *base = (const char *)hdr;

	for (unsigned int i = 0; i < hdr->ncaps; i++) {
		const struct bt_capture *cap = (const void *)(base + off);

		if (off + sizeof(*cap) > hdr->size || off + sizeof(*cap) + cap->len > hdr->size)
			return NULL;
		if (cap->arg == arg && !n--)
			return cap;
		off += sizeof(*cap) + BT_ALIGN8(cap->len);
	}
	return NULL;
}

bool record_captures_dropped(const struct bt_rec_hdr *hdr)
{
	size_t off = captures_offset(hdr);
	const struct bt_capture *cap = (const void *)((const char *)hdr + off);

	/* the collector's marker is the first capture of such a record, and only its notes follow */
	return hdr->ncaps >= 1 && off + sizeof(*cap) <= hdr->size &&
	       cap->arg == BT_CAP_ARG_DROPPED && (cap->flags & BT_CAP_DROPPED);
}

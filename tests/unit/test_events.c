// SPDX-License-Identifier: GPL-2.0
/* Unit tests of enter/exit pairing: complete, unfinished, resumed and never-returning calls. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "events/events.h"

#define MAX_SEEN 16

struct seen {
	enum call_state state[MAX_SEEN];
	__u32 tid[MAX_SEEN];
	bool has_enter[MAX_SEEN], has_exit[MAX_SEEN];
	int resumes[MAX_SEEN]; /* restart_syscall's resumed call, -1 when not known */
	bool detached[MAX_SEEN];
	__u64 arg0[MAX_SEEN];
	const void *enter[MAX_SEEN];
	int n;
};

static void record(void *ctx, const struct call *call)
{
	struct seen *s = ctx;

	assert_true(s->n < MAX_SEEN);
	s->state[s->n] = call->state;
	if (call->state == CALL_EVENT)
		s->tid[s->n] = call->event->tid;
	else
		s->tid[s->n] = call->enter ? call->enter->hdr.tid : call->exit->hdr.tid;
	s->has_enter[s->n] = call->enter != NULL;
	s->has_exit[s->n] = call->exit != NULL;
	s->resumes[s->n] = call->resumes_known ? call->resumes_nr : -1;
	s->detached[s->n] = call->detached;
	s->arg0[s->n] = call->enter ? call->enter->args[0] : 0;
	s->enter[s->n] = call->enter;
	s->n++;
}

static struct bt_enter_rec enter_rec(__u32 tid, int nr)
{
	struct bt_enter_rec r = {};

	r.hdr.type = BT_REC_ENTER;
	r.hdr.size = sizeof(r);
	r.hdr.tid = tid;
	r.hdr.nr = nr;
	return r;
}

static struct bt_exit_rec exit_rec(__u32 tid, int nr, long ret)
{
	struct bt_exit_rec r = {};

	r.hdr.type = BT_REC_EXIT;
	r.hdr.size = sizeof(r);
	r.hdr.tid = tid;
	r.hdr.nr = nr;
	r.ret = ret;
	return r;
}

static void test_complete_call(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec en = enter_rec(10, 0);
	struct bt_exit_rec ex = exit_rec(10, 0, 3);

	assert_int_equal(event_reader__handle(er, &en, sizeof(en)), 0);
	assert_int_equal(s.n, 0); /* held until its exit */
	assert_int_equal(event_reader__handle(er, &ex, sizeof(ex)), 0);
	assert_int_equal(s.n, 1);
	assert_int_equal(s.state[0], CALL_COMPLETE);
	assert_true(s.has_enter[0] && s.has_exit[0]);
	event_reader__free(er);
}

static void test_interleaved_threads(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec a = enter_rec(1, 0), b = enter_rec(2, 110);
	struct bt_exit_rec bx = exit_rec(2, 110, 5), ax = exit_rec(1, 0, 1);

	event_reader__handle(er, &a, sizeof(a));
	event_reader__handle(er, &b, sizeof(b));
	event_reader__handle(er, &bx, sizeof(bx));
	event_reader__handle(er, &ax, sizeof(ax));
	assert_int_equal(s.n, 3);
	assert_int_equal(s.state[0], CALL_UNFINISHED);
	assert_int_equal(s.tid[0], 1);
	assert_int_equal(s.state[1], CALL_COMPLETE);
	assert_int_equal(s.tid[1], 2);
	assert_int_equal(s.state[2], CALL_RESUMED);
	assert_int_equal(s.tid[2], 1);
	assert_true(s.has_enter[2]); /* the resumed half still knows its enter */
	event_reader__free(er);
}

/*
 * Records lost in between (a full ring buffer, no --lossless): a write's exit and the
 * next read's enter. The read's exit does not end the write: the write is cut, then ended
 * with no result, and the read's exit shows alone.
 */
static void test_exit_of_another_call(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec w = enter_rec(7, 1);
	struct bt_exit_rec rx = exit_rec(7, 0, 4096), wx = exit_rec(7, 1, 4096);

	event_reader__handle(er, &w, sizeof(w));
	event_reader__handle(er, &rx, sizeof(rx));
	assert_int_equal(s.n, 3);
	assert_int_equal(s.state[0], CALL_UNFINISHED);
	assert_int_equal(s.state[1], CALL_RESUMED);
	assert_true(s.has_enter[1] && !s.has_exit[1]);
	assert_int_equal(s.state[2], CALL_RESUMED);
	assert_true(!s.has_enter[2] && s.has_exit[2]);
	/* shown unfinished already (another thread's line came between): the same */
	struct bt_enter_rec other = enter_rec(8, 39);

	event_reader__handle(er, &w, sizeof(w));
	event_reader__handle(er, &other, sizeof(other));
	event_reader__handle(er, &rx, sizeof(rx));
	assert_int_equal(s.n, 7);
	assert_int_equal(s.state[3], CALL_UNFINISHED);
	assert_int_equal(s.tid[3], 7);
	assert_int_equal(s.state[4], CALL_UNFINISHED);
	assert_int_equal(s.tid[4], 8);
	assert_int_equal(s.state[5], CALL_RESUMED);
	assert_true(s.has_enter[5] && !s.has_exit[5]);
	assert_int_equal(s.state[6], CALL_RESUMED);
	assert_true(!s.has_enter[6] && s.has_exit[6]);
	/* its own exit still ends a call */
	event_reader__handle(er, &w, sizeof(w));
	event_reader__handle(er, &wx, sizeof(wx));
	assert_int_equal(s.n, 8);
	assert_int_equal(s.state[7], CALL_COMPLETE);
	event_reader__free(er);
}

/* An exec returns under the new ABI's execve number, syscall(-1) as rt_sigreturn: still their exits. */
static void test_exec_returns_under_another_number(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec en = enter_rec(9, 322); /* execveat */
	struct bt_exit_rec ex = exit_rec(9, 59, 0); /* execve */

	event_reader__handle(er, &en, sizeof(en));
	event_reader__handle(er, &ex, sizeof(ex));
	assert_int_equal(s.n, 1);
	assert_int_equal(s.state[0], CALL_COMPLETE);
	/* syscall(-1) returns numbered -1, which the collector calls rt_sigreturn */
	struct bt_enter_rec none = enter_rec(9, -1);
	struct bt_exit_rec none_ret = exit_rec(9, 15, -38);

	event_reader__handle(er, &none, sizeof(none));
	event_reader__handle(er, &none_ret, sizeof(none_ret));
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[1], CALL_COMPLETE);
	event_reader__free(er);
}

/*
 * A call that blocks is handed on once as pending (the text shows its start)
 * and stays held: with nothing in between, its exit makes it complete.
 */
static void test_idle_shows_blocked_call(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec a = enter_rec(1, 0), b = enter_rec(2, 39);
	struct bt_exit_rec ax = exit_rec(1, 0, 1), bx = exit_rec(2, 39, 5);

	event_reader__handle(er, &a, sizeof(a));
	event_reader__idle(er);
	assert_int_equal(s.n, 1);
	assert_int_equal(s.state[0], CALL_PENDING);
	event_reader__idle(er);
	assert_int_equal(s.n, 1);
	event_reader__handle(er, &ax, sizeof(ax));
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[1], CALL_COMPLETE);
	/* another line between: the pending call is cut, then resumed */
	event_reader__handle(er, &a, sizeof(a));
	event_reader__idle(er);
	event_reader__handle(er, &b, sizeof(b));
	event_reader__handle(er, &bx, sizeof(bx));
	event_reader__handle(er, &ax, sizeof(ax));
	assert_int_equal(s.n, 6);
	assert_int_equal(s.state[2], CALL_PENDING);
	assert_int_equal(s.state[3], CALL_UNFINISHED);
	assert_int_equal(s.tid[3], 1);
	assert_int_equal(s.state[4], CALL_COMPLETE);
	assert_int_equal(s.tid[4], 2);
	assert_int_equal(s.state[5], CALL_RESUMED);
	assert_int_equal(s.tid[5], 1);
	event_reader__free(er);
}

static void test_exit_without_enter_and_noreturn(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_exit_rec orphan = exit_rec(7, 0, 0);
	struct bt_enter_rec last = enter_rec(7, 231);

	event_reader__handle(er, &orphan, sizeof(orphan));
	assert_int_equal(s.state[0], CALL_RESUMED);
	assert_false(s.has_enter[0]);
	event_reader__handle(er, &last, sizeof(last));
	event_reader__finish(er);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[1], CALL_NORETURN);
	event_reader__free(er);
}

/* A call shown unfinished whose exit is lost ends once, when its thread calls again. */
static void test_lost_exit_of_an_unfinished_call(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec a = enter_rec(1, 5), b = enter_rec(2, 39), a2 = enter_rec(1, 0);
	struct bt_exit_rec bx = exit_rec(2, 39, 2), a2x = exit_rec(1, 0, 0);

	event_reader__handle(er, &a, sizeof(a));
	event_reader__handle(er, &b, sizeof(b));   /* a: unfinished */
	event_reader__handle(er, &bx, sizeof(bx)); /* b: complete */
	event_reader__handle(er, &a2, sizeof(a2)); /* a's exit was lost */
	event_reader__handle(er, &a2x, sizeof(a2x));
	assert_int_equal(s.n, 4);
	assert_int_equal(s.state[0], CALL_UNFINISHED);
	assert_int_equal(s.state[1], CALL_COMPLETE);
	/* a ends without a result, and its enter is not shown a second time */
	assert_int_equal(s.state[2], CALL_RESUMED);
	assert_true(s.has_enter[2] && !s.has_exit[2]);
	assert_int_equal(s.state[3], CALL_COMPLETE);
	event_reader__free(er);
}

/* A thread's exec returns in the leader's tid; the leader's own call never returns. */
static void test_exec_from_a_thread_returns_in_the_leader(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec futex = enter_rec(100, 202), exec = enter_rec(104, 59);
	struct bt_exit_rec exec_done = exit_rec(100, 59, 0);
	struct bt_enter_rec brk = enter_rec(100, 12);

	futex.hdr.tgid = exec.hdr.tgid = exec_done.hdr.tgid = brk.hdr.tgid = 100;
	event_reader__handle(er, &futex, sizeof(futex));
	event_reader__handle(er, &exec, sizeof(exec));
	event_reader__handle(er, &exec_done, sizeof(exec_done));
	event_reader__handle(er, &brk, sizeof(brk));
	event_reader__finish(er);
	/* futex unfinished, execve unfinished, execve resumed, futex never returned, brk */
	assert_int_equal(s.n, 5);
	assert_int_equal(s.state[0], CALL_UNFINISHED);
	assert_int_equal(s.tid[0], 100);
	assert_int_equal(s.state[1], CALL_UNFINISHED);
	assert_int_equal(s.tid[1], 104);
	assert_int_equal(s.state[2], CALL_RESUMED);
	assert_true(s.has_enter[2] && s.has_exit[2]);
	assert_int_equal(s.tid[2], 104);
	assert_int_equal(s.state[3], CALL_RESUMED);
	assert_int_equal(s.tid[3], 100);
	assert_false(s.has_exit[3]);
	assert_int_equal(s.state[4], CALL_NORETURN);
	/* nothing left open: no second, empty "execve resumed" at the end */
	event_reader__free(er);
}

/*
 * The records the kernel gives for it: the leader's exit (superseded), the
 * exec record naming the old tid, then execve's exit under the new tid.
 */
static void test_exec_record_moves_the_execve_to_the_leader(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec futex = enter_rec(100, 202), exec = enter_rec(104, 59);
	struct bt_task_exit_rec leader_gone = {.hdr = {.type = BT_REC_TASK_EXIT,
						       .size = sizeof(leader_gone),
						       .tid = 100,
						       .tgid = 100,
						       .nr = -1},
					       .superseded = 1};
	struct bt_exec_rec moved = {.hdr = {.type = BT_REC_EXEC,
					    .size = sizeof(moved),
					    .tid = 100,
					    .tgid = 100,
					    .nr = -1},
				    .old_tid = 104};
	struct bt_exit_rec exec_done = exit_rec(100, 59, 0);

	futex.hdr.tgid = exec.hdr.tgid = exec_done.hdr.tgid = 100;
	event_reader__handle(er, &futex, sizeof(futex));
	event_reader__handle(er, &exec, sizeof(exec));
	assert_int_equal(event_reader__handle(er, &leader_gone, sizeof(leader_gone)), 0);
	assert_int_equal(event_reader__handle(er, &moved, sizeof(moved)), 0);
	event_reader__handle(er, &exec_done, sizeof(exec_done));
	event_reader__finish(er);
	/*
	 * futex unfinished, execve unfinished, futex's end, superseded, execve
	 * resumed: strace's order, the records' own
	 */
	assert_int_equal(s.n, 5);
	assert_int_equal(s.state[0], CALL_UNFINISHED);
	assert_int_equal(s.tid[0], 100);
	assert_int_equal(s.state[1], CALL_UNFINISHED);
	assert_int_equal(s.tid[1], 104);
	assert_int_equal(s.state[2], CALL_RESUMED);
	assert_int_equal(s.tid[2], 100);
	assert_false(s.has_exit[2]);
	/* no exit line for the leader: the exec record's line says what happened */
	assert_int_equal(s.state[3], CALL_EVENT);
	assert_int_equal(s.tid[3], 100);
	assert_int_equal(s.state[4], CALL_RESUMED);
	assert_true(s.has_enter[4] && s.has_exit[4]);
	assert_int_equal(s.tid[4], 100);
	event_reader__free(er);
}

/*
 * restart_syscall names the call it resumes as strace does: the thread's previous call seen
 * (strace's s_prev_ent), whether or not that one was interrupted.
 */
static void test_restart_syscall_names_the_threads_previous_call(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec sleep = enter_rec(7, 230), restart = enter_rec(7, 219);
	struct bt_exit_rec interrupted = exit_rec(7, 230, -516), restarted = exit_rec(7, 219, 0);
	struct bt_exit_rec again = exit_rec(7, 219, -516);
	struct bt_enter_rec sigreturn = enter_rec(7, 15), other = enter_rec(8, 219);
	struct bt_exit_rec other_done = exit_rec(8, 219, 0);
	struct bt_task_exit_rec gone = {.hdr = {.type = BT_REC_TASK_EXIT,
						.size = sizeof(gone),
						.tgid = 7,
						.tid = 7,
						.nr = -1}};

	event_reader__handle(er, &sleep, sizeof(sleep));
	event_reader__handle(er, &interrupted, sizeof(interrupted));
	/* interrupted again while resumed: the next one resumes restart_syscall, in strace's words */
	event_reader__handle(er, &restart, sizeof(restart));
	event_reader__handle(er, &again, sizeof(again));
	event_reader__handle(er, &restart, sizeof(restart));
	event_reader__handle(er, &restarted, sizeof(restarted));
	/* a call in between (rt_sigreturn) is the one named */
	event_reader__handle(er, &sleep, sizeof(sleep));
	event_reader__handle(er, &interrupted, sizeof(interrupted));
	event_reader__handle(er, &sigreturn, sizeof(sigreturn));
	event_reader__handle(er, &restart, sizeof(restart));
	event_reader__handle(er, &restarted, sizeof(restarted));
	/* another thread's calls are not this one's */
	event_reader__handle(er, &other, sizeof(other));
	event_reader__handle(er, &other_done, sizeof(other_done));
	/* a thread that ended: its id comes again for a thread with no call before */
	event_reader__handle(er, &gone, sizeof(gone));
	event_reader__handle(er, &restart, sizeof(restart));
	event_reader__handle(er, &restarted, sizeof(restarted));
	event_reader__finish(er);
	assert_int_equal(s.n, 10);
	assert_int_equal(s.resumes[0], -1); /* clock_nanosleep itself */
	assert_int_equal(s.resumes[1], 230);
	assert_int_equal(s.resumes[2], 219);
	assert_int_equal(s.resumes[3], -1);
	/* rt_sigreturn, with no exit here: unfinished, then ended when the next call came */
	assert_int_equal(s.state[4], CALL_UNFINISHED);
	assert_int_equal(s.state[5], CALL_RESUMED);
	assert_int_equal(s.resumes[6], 15);
	assert_int_equal(s.tid[7], 8);
	assert_int_equal(s.resumes[7], -1);
	assert_int_equal(s.state[8], CALL_EVENT);
	assert_int_equal(s.tid[9], 7);
	assert_int_equal(s.resumes[9], -1);
	event_reader__free(er);
}

static void test_malformed_records(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec en = enter_rec(1, 0);
	char junk[4] = {1, 2, 3, 4};

	assert_int_equal(event_reader__handle(er, junk, sizeof(junk)), -EINVAL);
	en.hdr.size = sizeof(en) + 100; /* claims more than was delivered */
	assert_int_equal(event_reader__handle(er, &en, sizeof(en)), -EINVAL);
	en.hdr.size = sizeof(en);
	en.hdr.type = 99;
	assert_int_equal(event_reader__handle(er, &en, sizeof(en)), -EINVAL);
	assert_int_equal(s.n, 0);
	event_reader__free(er);
}

static void test_capture_lookup_is_bounded(void **state)
{
	struct {
		struct bt_enter_rec rec;
		struct bt_capture cap;
		char data[8];
	} r = {};

	r.rec.hdr.type = BT_REC_ENTER;
	r.rec.hdr.ncaps = 1;
	r.rec.hdr.size = sizeof(r);
	r.cap.arg = 1;
	r.cap.len = 8;
	assert_non_null(record_capture(&r.rec.hdr, 1));
	assert_null(record_capture(&r.rec.hdr, 0));
	r.cap.len = 200; /* longer than the record: never returned */
	assert_null(record_capture(&r.rec.hdr, 1));
	r.cap.len = 8;
	r.rec.hdr.ncaps = 5; /* more captures than fit: stops at the end */
	assert_null(record_capture(&r.rec.hdr, 3));
}

/* An enter record with one capture of argument 0 that faulted. */
struct faulted_enter {
	struct bt_enter_rec rec;
	struct bt_capture cap;
};

static struct faulted_enter faulted_enter_rec(__u32 tid, int nr)
{
	struct faulted_enter f = {.rec = enter_rec(tid, nr)};

	f.rec.hdr.size = sizeof(f);
	f.rec.hdr.ncaps = 1;
	f.cap.arg = 0;
	f.cap.flags = BT_CAP_STRING | BT_CAP_FAULT;
	return f;
}

/* A call whose input comes with its exit is not shown unfinished: it waits for the exit. */
static void test_faulted_enter_waits_for_exit(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct faulted_enter a = faulted_enter_rec(1, 257);
	struct bt_enter_rec b = enter_rec(2, 39);
	struct bt_exit_rec bx = exit_rec(2, 39, 2), ax = exit_rec(1, 257, -2);

	event_reader__handle(er, &a, sizeof(a));
	event_reader__handle(er, &b, sizeof(b));
	assert_int_equal(s.n, 0);
	event_reader__handle(er, &bx, sizeof(bx));
	event_reader__handle(er, &ax, sizeof(ax));
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[0], CALL_COMPLETE);
	assert_int_equal(s.tid[0], 2);
	assert_int_equal(s.state[1], CALL_COMPLETE);
	assert_int_equal(s.tid[1], 1);
	assert_true(s.has_enter[1] && s.has_exit[1]);
	event_reader__free(er);
}

/*
 * ... unless it blocks: after EVENT_DEFERRED_HOLD_ROUNDS quiet moments it shows, and its exit
 * resumes it. Fewer are not enough: a call only descheduled on a busy machine shows whole.
 */
static void test_faulted_enter_shown_when_idle(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct faulted_enter a = faulted_enter_rec(1, 257);
	struct bt_enter_rec b = enter_rec(2, 39);
	struct bt_exit_rec ax = exit_rec(1, 257, 3);

	event_reader__handle(er, &a, sizeof(a));
	event_reader__handle(er, &b, sizeof(b));
	for (int round = 1; round < EVENT_DEFERRED_HOLD_ROUNDS; round++)
		event_reader__idle(er);
	/* b's start only: a waits unseen */
	assert_int_equal(s.n, 1);
	assert_int_equal(s.state[0], CALL_PENDING);
	assert_int_equal(s.tid[0], 2);
	s.n = 0;
	event_reader__idle(er);
	/* b's line, started, ends unfinished; then a's */
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[0], CALL_UNFINISHED);
	assert_int_equal(s.tid[0], 2);
	assert_int_equal(s.state[1], CALL_UNFINISHED);
	assert_int_equal(s.tid[1], 1);
	event_reader__handle(er, &ax, sizeof(ax));
	assert_int_equal(s.state[2], CALL_RESUMED);
	assert_int_equal(s.tid[2], 1);
	event_reader__finish(er);
	/* b never returned before tracing ended */
	assert_int_equal(s.n, 4);
	assert_int_equal(s.tid[3], 2);
	event_reader__free(er);
}

/* A thread's exit ends its call (= ?) before the exit line; other threads' calls stay open. */
static void test_task_exit_ends_its_call(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec a = enter_rec(1, 231), b = enter_rec(2, 0);
	struct bt_task_exit_rec te = {
		.hdr = {.type = BT_REC_TASK_EXIT, .size = sizeof(te), .tid = 1, .nr = -1},
		.exit_code = 3 << 8,
		.group_dead = 0};

	event_reader__handle(er, &b, sizeof(b));
	event_reader__handle(er, &a, sizeof(a));
	assert_int_equal(event_reader__handle(er, &te, sizeof(te)), 0);
	assert_int_equal(s.n, 3);
	assert_int_equal(s.state[0], CALL_UNFINISHED); /* b, when a came */
	assert_int_equal(s.tid[0], 2);
	assert_int_equal(s.state[1], CALL_NORETURN); /* a: exit_group */
	assert_int_equal(s.tid[1], 1);
	assert_int_equal(s.state[2], CALL_EVENT);
	assert_int_equal(s.tid[2], 1);
	event_reader__free(er);
}

/* A signal line comes after the held call of another thread is shown unfinished. */
static void test_signal_after_held_call(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec b = enter_rec(2, 0);
	struct bt_signal_rec sig = {
		.hdr = {.type = BT_REC_SIGNAL, .size = sizeof(sig), .tid = 1, .nr = -1},
		.sig = 14,
	};

	event_reader__handle(er, &b, sizeof(b));
	assert_int_equal(event_reader__handle(er, &sig, sizeof(sig)), 0);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[0], CALL_UNFINISHED);
	assert_int_equal(s.state[1], CALL_EVENT);
	/* too short for a signal record */
	sig.hdr.size = sizeof(sig.hdr);
	assert_int_equal(event_reader__handle(er, &sig, sizeof(sig.hdr)), -EINVAL);
	event_reader__free(er);
}

static struct bt_lost_rec lost_rec(__u32 tid, __u64 enters, __u64 exits)
{
	struct bt_lost_rec r = {};

	r.hdr.type = BT_REC_LOST;
	r.hdr.size = sizeof(r);
	r.hdr.tid = tid;
	r.hdr.nr = -1;
	r.lost.enters = enters;
	r.lost.exits = exits;
	return r;
}

/* Lost exits right after a seen enter took that call's exit: it shows "= ?" before the gap. */
static void test_lost_exit_ends_held_call(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec a = enter_rec(3, 0), b = enter_rec(3, 1);
	struct bt_lost_rec gap = lost_rec(3, 4, 5);
	struct bt_exit_rec bx = exit_rec(3, 1, 8);

	event_reader__handle(er, &a, sizeof(a));
	assert_int_equal(event_reader__handle(er, &gap, sizeof(gap)), 0);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[0], CALL_NORETURN);
	assert_true(s.has_enter[0] && !s.has_exit[0]);
	assert_int_equal(s.state[1], CALL_EVENT);
	assert_int_equal(s.tid[1], 3);
	/* the thread's next call pairs as usual */
	event_reader__handle(er, &b, sizeof(b));
	event_reader__handle(er, &bx, sizeof(bx));
	assert_int_equal(s.n, 3);
	assert_int_equal(s.state[2], CALL_COMPLETE);
	event_reader__free(er);
}

/* A gap of enters only leaves the open call open; another thread's held call shows unfinished. */
static void test_lost_enters_keep_open_call(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec a = enter_rec(1, 0), b = enter_rec(2, 0);
	struct bt_lost_rec gap = lost_rec(2, 7, 0);
	struct bt_exit_rec ax = exit_rec(1, 0, 1);

	event_reader__handle(er, &a, sizeof(a));
	event_reader__handle(er, &b, sizeof(b)); /* a shows unfinished */
	event_reader__handle(er, &gap, sizeof(gap));
	assert_int_equal(s.n, 3);
	assert_int_equal(s.state[0], CALL_UNFINISHED);
	assert_int_equal(s.state[1], CALL_UNFINISHED); /* b, released by the gap's line */
	assert_int_equal(s.state[2], CALL_EVENT);
	event_reader__handle(er, &ax, sizeof(ax));
	assert_int_equal(s.state[3], CALL_RESUMED);
	assert_true(s.has_enter[3] && s.has_exit[3]);
	event_reader__free(er);
}

/*
 * A gap that took the exit of one thread's open call while another thread's
 * call is held and shown pending: the held call's line ends first
 * (unfinished), then the open call's end, then the gap. The other way round
 * the text would cut the pending line and show its call's start again.
 */
static void test_lost_exit_after_other_thread_pending(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec a = enter_rec(1, 0), b = enter_rec(2, 1);
	struct bt_lost_rec gap = lost_rec(2, 3, 4);
	struct bt_exit_rec ax = exit_rec(1, 0, 1);

	event_reader__handle(er, &b, sizeof(b));
	event_reader__handle(er, &a, sizeof(a)); /* b shows unfinished, a is held */
	event_reader__idle(er);			 /* a shows pending */
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[1], CALL_PENDING);
	event_reader__handle(er, &gap, sizeof(gap));
	assert_int_equal(s.n, 5);
	assert_int_equal(s.state[2], CALL_UNFINISHED);
	assert_int_equal(s.tid[2], 1);
	assert_int_equal(s.state[3], CALL_RESUMED);
	assert_int_equal(s.tid[3], 2);
	assert_true(s.has_enter[3] && !s.has_exit[3]);
	assert_int_equal(s.state[4], CALL_EVENT);
	assert_int_equal(s.tid[4], 2);
	event_reader__handle(er, &ax, sizeof(ax));
	assert_int_equal(s.n, 6);
	assert_int_equal(s.state[5], CALL_RESUMED);
	assert_int_equal(s.tid[5], 1);
	event_reader__free(er);
}

static void test_lost_record_too_short_is_refused(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_lost_rec gap = lost_rec(2, 1, 1);

	gap.hdr.size = sizeof(gap.hdr);
	assert_int_equal(event_reader__handle(er, &gap, sizeof(gap)), -EINVAL);
	assert_int_equal(s.n, 0);
	event_reader__free(er);
}

/* A record sent without its captures carries one marker capture, which names no argument. */
static void test_dropped_captures_marker(void **state)
{
	struct {
		struct bt_enter_rec rec;
		struct bt_capture cap;
	} compact = {.rec = enter_rec(4, 0)};

	compact.rec.hdr.size = sizeof(compact);
	compact.rec.hdr.ncaps = 1;
	compact.cap.arg = BT_CAP_ARG_DROPPED;
	compact.cap.flags = BT_CAP_DROPPED;
	compact.cap.want = 4200;
	assert_true(record_captures_dropped(&compact.rec.hdr));
	for (int arg = 0; arg < BT_MAX_ARGS; arg++)
		assert_null(record_capture(&compact.rec.hdr, arg));
	compact.cap.arg = 1;
	compact.cap.flags = 0;
	assert_false(record_captures_dropped(&compact.rec.hdr));
	/* a record cut before its marker claims nothing */
	compact.rec.hdr.size = sizeof(compact.rec);
	compact.cap.arg = BT_CAP_ARG_DROPPED;
	compact.cap.flags = BT_CAP_DROPPED;
	assert_false(record_captures_dropped(&compact.rec.hdr));
}

/*
 * A fatal signal seen as it was sent waits for its target's call to end:
 * the write that raised SIGPIPE shows whole, then the signal; a blocked
 * call shows resumed first. With its target in no call it shows at once.
 */
static void test_fatal_signal_after_the_call_it_ended(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec w = enter_rec(1, 1), r = enter_rec(2, 0), other = enter_rec(3, 39);
	struct bt_exit_rec w_end = exit_rec(1, 1, -32), r_end = exit_rec(2, 0, -512);
	struct bt_signal_rec pipe = {
		.hdr = {.type = BT_REC_SIGNAL, .size = sizeof(pipe), .tid = 1, .nr = -1},
		.sig = 13,
		.flags = BT_SIG_FATAL_UNDELIVERED,
	};
	struct bt_signal_rec term = pipe;

	/* held: the write's line is not cut in two by the signal */
	event_reader__handle(er, &w, sizeof(w));
	assert_int_equal(event_reader__handle(er, &pipe, sizeof(pipe)), 0);
	assert_int_equal(s.n, 0);
	event_reader__handle(er, &w_end, sizeof(w_end));
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[0], CALL_COMPLETE);
	assert_int_equal(s.state[1], CALL_EVENT);
	assert_int_equal(s.tid[1], 1);

	/* open: shown unfinished when another thread's call came, the signal after its end */
	term.hdr.tid = 2;
	term.sig = 15;
	event_reader__handle(er, &r, sizeof(r));
	event_reader__handle(er, &other, sizeof(other));
	assert_int_equal(event_reader__handle(er, &term, sizeof(term)), 0);
	event_reader__handle(er, &r_end, sizeof(r_end));
	assert_int_equal(s.n, 6);
	assert_int_equal(s.state[2], CALL_UNFINISHED);
	assert_int_equal(s.tid[2], 2);
	assert_int_equal(s.state[3], CALL_UNFINISHED); /* thread 3's, held when 2's end came */
	assert_int_equal(s.tid[3], 3);
	assert_int_equal(s.state[4], CALL_RESUMED);
	assert_int_equal(s.tid[4], 2);
	assert_int_equal(s.state[5], CALL_EVENT);
	assert_int_equal(s.tid[5], 2);

	/* a target in no call: at once (thread 3's call is another's) */
	term.hdr.tid = 4;
	assert_int_equal(event_reader__handle(er, &term, sizeof(term)), 0);
	assert_int_equal(s.state[s.n - 1], CALL_EVENT);
	assert_int_equal(s.tid[s.n - 1], 4);

	/* one whose call never ends shows at the end all the same */
	term.hdr.tid = 3;
	event_reader__handle(er, &term, sizeof(term));
	event_reader__finish(er);
	assert_int_equal(s.tid[s.n - 1], 3);
	assert_int_equal(s.state[s.n - 1], CALL_EVENT);
	event_reader__free(er);
}

/* A record handed to event_reader__handle_kept, then let go of as the ring buffer would. */
static void handle_kept(struct event_reader *er, void *rec, size_t size, bool want_kept)
{
	bool kept = !want_kept;

	assert_int_equal(event_reader__handle_kept(er, rec, size, true, &kept), 0);
	assert_int_equal(kept, want_kept);
}

/*
 * Enters held where the ring buffer has them (event_reader__handle_kept): one whose exit
 * comes next is shown from there, uncopied; one still held, or open, when the next record
 * has come is copied then, before the ring buffer writes over it.
 */
static void test_enters_held_in_the_ring_buffer(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec a = enter_rec(1, 0), b = enter_rec(2, 1), c = enter_rec(3, 1);
	struct bt_exit_rec ax = exit_rec(1, 0, 1), bx = exit_rec(2, 1, 5), cx = exit_rec(3, 1, 2);
	struct bt_signal_rec pipe = {
		.hdr = {.type = BT_REC_SIGNAL, .size = sizeof(pipe), .tid = 3, .nr = -1},
		.sig = 13,
		.flags = BT_SIG_FATAL_UNDELIVERED,
	};
	bool kept = true;

	a.args[0] = 77;
	b.args[0] = 88;
	c.args[0] = 99;
	/* its exit next: shown from the ring buffer */
	handle_kept(er, &b, sizeof(b), true);
	handle_kept(er, &bx, sizeof(bx), false);
	assert_int_equal(s.n, 1);
	assert_int_equal(s.state[0], CALL_COMPLETE);
	assert_ptr_equal(s.enter[0], &b);

	/* another thread's enter next: shown unfinished, its copy resumed */
	handle_kept(er, &a, sizeof(a), true);
	handle_kept(er, &b, sizeof(b), true);
	memset(&a, 0xff, sizeof(a));
	handle_kept(er, &bx, sizeof(bx), false);
	memset(&b, 0xff, sizeof(b));
	a = enter_rec(1, 0);
	handle_kept(er, &ax, sizeof(ax), false);
	assert_int_equal(s.n, 4);
	assert_int_equal(s.state[1], CALL_UNFINISHED);
	assert_int_equal(s.state[3], CALL_RESUMED);
	assert_int_equal(s.arg0[3], 77);
	assert_ptr_not_equal(s.enter[3], &a);

	/* held past the next record (a fatal signal waits for the call's end): copied then */
	handle_kept(er, &c, sizeof(c), true);
	handle_kept(er, &pipe, sizeof(pipe), false);
	memset(&c, 0xff, sizeof(c));
	handle_kept(er, &cx, sizeof(cx), false);
	assert_int_equal(s.n, 6);
	assert_int_equal(s.state[4], CALL_COMPLETE);
	assert_int_equal(s.arg0[4], 99);
	assert_int_equal(s.tid[4], 3);
	assert_int_equal(s.state[5], CALL_EVENT);

	/* not to be kept: copied at once */
	c = enter_rec(3, 1);
	assert_int_equal(event_reader__handle_kept(er, &c, sizeof(c), false, &kept), 0);
	assert_false(kept);
	memset(&c, 0xff, sizeof(c));
	handle_kept(er, &cx, sizeof(cx), false);
	assert_int_equal(s.state[6], CALL_COMPLETE);
	assert_int_equal(s.tid[6], 3);
	event_reader__free(er);
}

/*
 * Attached (-p, -a): an exit before a thread's first enter ends a call that
 * started before tracing: not shown, unless its start was read from /proc;
 * a child's first return still goes on.
 */
static void test_attached_first_exits(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_exit_rec lone = exit_rec(1, 110, 7), child = exit_rec(2, 56, 0);
	struct bt_exit_rec blocked = exit_rec(3, 0, 3), other = exit_rec(4, 0, 3);
	struct bt_enter_rec start = enter_rec(3, 0), wrong = enter_rec(4, 35);
	struct bt_enter_rec next = enter_rec(1, 39);
	struct bt_exit_rec next_x = exit_rec(1, 39, 1);

	event_reader__set_attached(er);
	start.args[0] = 42;
	/* read from /proc at 100, and ended after */
	start.hdr.ts = 100;
	blocked.hdr.ts = 200;
	assert_int_equal(event_reader__expect(er, &start), 0);
	assert_int_equal(event_reader__expect(er, &wrong), 0);
	event_reader__handle(er, &lone, sizeof(lone));
	assert_int_equal(s.n, 0);
	/* the thread's later calls show as always */
	event_reader__handle(er, &next, sizeof(next));
	event_reader__handle(er, &next_x, sizeof(next_x));
	assert_int_equal(s.n, 1);
	assert_int_equal(s.state[0], CALL_COMPLETE);
	/* and so does a lost enter, from a thread seen before */
	event_reader__handle(er, &lone, sizeof(lone));
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[1], CALL_RESUMED);
	event_reader__handle(er, &child, sizeof(child));
	assert_int_equal(s.n, 3);
	assert_false(s.has_enter[2]);
	/* the call read from /proc, ended by its exit */
	event_reader__handle(er, &blocked, sizeof(blocked));
	assert_int_equal(s.n, 4);
	assert_int_equal(s.state[3], CALL_COMPLETE);
	assert_int_equal(s.arg0[3], 42);
	/* another call than the one read: not shown */
	event_reader__handle(er, &other, sizeof(other));
	assert_int_equal(s.n, 4);
	event_reader__free(er);
}

static struct bt_exit_rec exit_at(__u32 tid, int nr, long ret, __u64 ts)
{
	struct bt_exit_rec r = exit_rec(tid, nr, ret);

	r.hdr.ts = ts;
	return r;
}

static struct bt_enter_rec enter_at(__u32 tid, int nr, __u64 ts)
{
	struct bt_enter_rec r = enter_rec(tid, nr);

	r.hdr.ts = ts;
	return r;
}

#define NR_GETPPID 110
#define NR_CLOCK_NANOSLEEP 230

/*
 * Attached while sys_enter's program took 50 ms and more to follow
 * sys_exit's (a busy machine): a thread looping on getppid and a 50 ms sleep
 * had three calls end before its first enter was seen, and /proc, read
 * after, found it in a later sleep whose start was seen. None of the three
 * shows: the first is not the sleep /proc found (of the same number, but
 * ended before the read), the others have no start to show. Every call that
 * started once tracing ran shows whole.
 */
static void test_attached_exits_before_first_enter(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec found = enter_at(5, NR_CLOCK_NANOSLEEP, 1000);
	struct bt_exit_rec before[] = {
		exit_at(5, NR_CLOCK_NANOSLEEP, 0, 500),
		exit_at(5, NR_GETPPID, 1, 600),
		exit_at(5, NR_CLOCK_NANOSLEEP, 0, 700),
	};
	struct bt_enter_rec ppid = enter_at(5, NR_GETPPID, 750);
	struct bt_exit_rec ppid_x = exit_at(5, NR_GETPPID, 1, 760);
	struct bt_enter_rec nap = enter_at(5, NR_CLOCK_NANOSLEEP, 770);
	struct bt_exit_rec nap_x = exit_at(5, NR_CLOCK_NANOSLEEP, 0, 1100);

	event_reader__set_attached(er);
	found.args[0] = 42;
	assert_int_equal(event_reader__expect(er, &found), 0);
	for (size_t i = 0; i < sizeof(before) / sizeof(before[0]); i++)
		event_reader__handle(er, &before[i], sizeof(before[i]));
	assert_int_equal(s.n, 0);
	event_reader__handle(er, &ppid, sizeof(ppid));
	event_reader__handle(er, &ppid_x, sizeof(ppid_x));
	event_reader__handle(er, &nap, sizeof(nap));
	event_reader__handle(er, &nap_x, sizeof(nap_x));
	event_reader__finish(er);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[0], CALL_COMPLETE);
	assert_int_equal(s.state[1], CALL_COMPLETE);
	/* the sleep's own start, not the one /proc read */
	assert_int_equal(s.arg0[1], 0);
	event_reader__free(er);
}

/*
 * The same, /proc having found the thread in the sleep that began before
 * tracing: that sleep shows whole, with /proc's arguments, the calls that
 * ended before it not at all.
 */
static void test_attached_call_found_after_earlier_exits(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec found = enter_at(5, NR_CLOCK_NANOSLEEP, 1000);
	struct bt_exit_rec before[] = {
		exit_at(5, NR_CLOCK_NANOSLEEP, 0, 500),
		exit_at(5, NR_GETPPID, 1, 600),
		exit_at(5, NR_CLOCK_NANOSLEEP, 0, 1500),
	};
	struct bt_enter_rec ppid = enter_at(5, NR_GETPPID, 1600);
	struct bt_exit_rec ppid_x = exit_at(5, NR_GETPPID, 1, 1610);

	event_reader__set_attached(er);
	found.args[0] = 42;
	assert_int_equal(event_reader__expect(er, &found), 0);
	for (size_t i = 0; i < sizeof(before) / sizeof(before[0]); i++)
		event_reader__handle(er, &before[i], sizeof(before[i]));
	assert_int_equal(s.n, 1);
	assert_int_equal(s.state[0], CALL_COMPLETE);
	assert_true(s.has_enter[0] && s.has_exit[0]);
	assert_int_equal(s.arg0[0], 42);
	event_reader__handle(er, &ppid, sizeof(ppid));
	event_reader__handle(er, &ppid_x, sizeof(ppid_x));
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[1], CALL_COMPLETE);
	event_reader__free(er);
}

/* Attached, tracing stops: a held call is detached, not a call that did not return. */
static void test_attached_finish_detaches(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec a = enter_rec(1, 0);

	event_reader__set_attached(er);
	event_reader__handle(er, &a, sizeof(a));
	event_reader__finish(er);
	assert_int_equal(s.n, 1);
	assert_int_equal(s.state[0], CALL_UNFINISHED);
	assert_true(s.detached[0]);
	event_reader__free(er);
}

/*
 * A call kept in the kernel (--flight-recorder, --slowest): its records are copied when
 * whole; an enter alone is a call under way; a slot whose enter is missing or torn, or
 * whose exit is another call's, gives nothing.
 */
static void test_kept_call_records(void **state)
{
	struct bt_enter_rec enter = {
		.hdr = {.type = BT_REC_ENTER, .size = sizeof(enter), .ts = 10, .tid = 7, .nr = 8}};
	struct bt_exit_rec exit = {
		.hdr = {.type = BT_REC_EXIT, .size = sizeof(exit), .ts = 20, .tid = 7, .nr = 8},
		.ret = -9};
	static struct bt_kept_call kc;
	struct bt_enter_rec *e;
	struct bt_exit_rec *x;

	memcpy(kc.enter, &enter, sizeof(enter));
	memcpy(kc.exit, &exit, sizeof(exit));
	kc.enter_size = sizeof(enter);
	kc.exit_size = sizeof(exit);
	assert_true(kept_call_records(&kc, &e, &x));
	assert_int_equal(e->hdr.ts, 10);
	assert_int_equal(x->ret, -9);
	free(e);
	free(x);
	/* under way: no exit yet */
	kc.exit_size = 0;
	assert_true(kept_call_records(&kc, &e, &x));
	assert_non_null(e);
	assert_null(x);
	free(e);
	/* an exit of another thread's call */
	kc.exit_size = sizeof(exit);
	((struct bt_exit_rec *)kc.exit)->hdr.tid = 8;
	assert_false(kept_call_records(&kc, &e, &x));
	assert_null(e);
	assert_null(x);
	((struct bt_exit_rec *)kc.exit)->hdr.tid = 7;
	/* sizes past the slot's regions, or shorter than the record's own */
	kc.exit_size = sizeof(kc.exit) + 1;
	assert_false(kept_call_records(&kc, &e, &x));
	kc.exit_size = sizeof(exit);
	kc.enter_size = sizeof(enter) - 1;
	assert_false(kept_call_records(&kc, &e, &x));
	/* an exit where the enter should be: only the exit was kept */
	memcpy(kc.enter, &exit, sizeof(exit));
	kc.enter_size = sizeof(exit);
	assert_false(kept_call_records(&kc, &e, &x));
	kc.enter_size = 0;
	assert_false(kept_call_records(&kc, &e, &x));
}

/*
 * -b execve: the detach record ends the thread's execve as strace does: a
 * held call shows detached; one shown unfinished already (another thread's
 * line came between) shows nothing more; either way an event follows, for
 * the sinks.
 */
static void test_detach_at_exec(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec exec = enter_rec(7, 59), other = enter_rec(8, 61), again;
	struct bt_detach_rec gone = {.hdr = {.type = BT_REC_DETACH,
					     .size = sizeof(gone),
					     .tid = 7,
					     .tgid = 7,
					     .nr = -1}};
	struct bt_exit_rec other_done = exit_rec(8, 61, 0);

	event_reader__handle(er, &exec, sizeof(exec));
	assert_int_equal(event_reader__handle(er, &gone, sizeof(gone)), 0);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.state[0], CALL_UNFINISHED);
	assert_true(s.detached[0] && s.has_enter[0] && !s.has_exit[0]);
	assert_int_equal(s.state[1], CALL_EVENT);
	assert_int_equal(s.tid[1], 7);
	/* split by another thread's call first: nothing more of the execve */
	again = exec;
	again.hdr.tid = gone.hdr.tid = gone.hdr.tgid = 9;
	event_reader__handle(er, &again, sizeof(again));
	event_reader__handle(er, &other, sizeof(other));
	assert_int_equal(s.n, 3);
	assert_int_equal(s.state[2], CALL_UNFINISHED);
	assert_false(s.detached[2]);
	event_reader__handle(er, &gone, sizeof(gone));
	event_reader__handle(er, &other_done, sizeof(other_done));
	event_reader__finish(er);
	/* the event is no line: the other thread's held call is not cut by it */
	assert_int_equal(s.n, 5);
	assert_int_equal(s.state[3], CALL_EVENT);
	assert_int_equal(s.tid[3], 9);
	assert_int_equal(s.state[4], CALL_COMPLETE);
	assert_int_equal(s.tid[4], 8);
	event_reader__free(er);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kept_call_records),
		cmocka_unit_test(test_complete_call),
		cmocka_unit_test(test_interleaved_threads),
		cmocka_unit_test(test_exit_of_another_call),
		cmocka_unit_test(test_exec_returns_under_another_number),
		cmocka_unit_test(test_enters_held_in_the_ring_buffer),
		cmocka_unit_test(test_idle_shows_blocked_call),
		cmocka_unit_test(test_exit_without_enter_and_noreturn),
		cmocka_unit_test(test_lost_exit_of_an_unfinished_call),
		cmocka_unit_test(test_exec_from_a_thread_returns_in_the_leader),
		cmocka_unit_test(test_exec_record_moves_the_execve_to_the_leader),
		cmocka_unit_test(test_restart_syscall_names_the_threads_previous_call),
		cmocka_unit_test(test_malformed_records),
		cmocka_unit_test(test_faulted_enter_waits_for_exit),
		cmocka_unit_test(test_faulted_enter_shown_when_idle),
		cmocka_unit_test(test_task_exit_ends_its_call),
		cmocka_unit_test(test_signal_after_held_call),
		cmocka_unit_test(test_fatal_signal_after_the_call_it_ended),
		cmocka_unit_test(test_capture_lookup_is_bounded),
		cmocka_unit_test(test_lost_exit_ends_held_call),
		cmocka_unit_test(test_lost_enters_keep_open_call),
		cmocka_unit_test(test_lost_exit_after_other_thread_pending),
		cmocka_unit_test(test_lost_record_too_short_is_refused),
		cmocka_unit_test(test_dropped_captures_marker),
		cmocka_unit_test(test_attached_first_exits),
		cmocka_unit_test(test_attached_exits_before_first_enter),
		cmocka_unit_test(test_attached_call_found_after_earlier_exits),
		cmocka_unit_test(test_attached_finish_detaches),
		cmocka_unit_test(test_detach_at_exec),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: GPL-2.0 */
/* Pairs enter and exit records per thread and hands on calls, complete or split, in order. */
#ifndef BTFTRACE_EVENTS_H
#define BTFTRACE_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include "bpf/record.h"

enum call_state {
	CALL_COMPLETE,	 /* enter and exit together */
	CALL_UNFINISHED, /* enter only, for now: another event came first, or time passed */
	CALL_RESUMED,	 /* the exit of a call shown unfinished before (enter may be NULL;
			  * exit is NULL when it never returned: tracing ended, or the
			  * thread's next call came first) */
	CALL_NORETURN,	 /* an enter whose exit never came: exit, exit_group, tracing ended */
	CALL_EVENT,	 /* not a call: a signal, a thread's exit or exec, lost records, or a
			  * tracepoint (-e SUBSYS:EVENT) */
	/*
	 * The enter held for its exit, while it waits (the reader found
	 * nothing more for a while): the text shows the line's start, as
	 * strace does. Not a line of its own: the same call comes again,
	 * COMPLETE with its exit, or UNFINISHED when another line comes
	 * first, or NORETURN.
	 */
	CALL_PENDING,
	/*
	 * -y: a call -e or --filter left out that changed the descriptors
	 * (enter and exit both there), or a fork (event, BT_REC_FD_FORK): for
	 * the fd table, shown by nothing.
	 */
	CALL_UNSHOWN,
};

struct call {
	enum call_state state;
	const struct bt_enter_rec *enter; /* NULL when the enter was not seen */
	const struct bt_exit_rec *exit;	  /* NULL unless COMPLETE or RESUMED */
	const struct bt_rec_hdr
		*event; /* CALL_EVENT only: BT_REC_SIGNAL, _TASK_EXIT, _EXEC, _LOST, _EVENT */
	/*
	 * restart_syscall only: the call it resumes as strace names it, the thread's
	 * previous call shown (when there was one).
	 */
	bool resumes_known;
	int resumes_nr;
	/* -k, --kernel-stack: the stack record that followed the enter, or NULL */
	const struct bt_stack_rec *stack;
	/*
	 * CALL_EVENT of a kernel function (--kfunc, event BT_REC_KFUNC_ENTRY): its return record,
	 * or NULL when it did not return while traced; and how many calls of kernel functions the
	 * thread was in when it was called (0: called from the syscall itself)
	 */
	const struct bt_kfunc_rec *kfunc_exit;
	unsigned int kfunc_depth;
	/*
	 * UNFINISHED only: tracing stopped (-p, -a) while the call went on;
	 * strace's "<detached ...>".
	 */
	bool detached;
};

typedef void (*call_fn)(void *ctx, const struct call *call);

struct event_reader;

struct event_reader *event_reader__new(call_fn fn, void *ctx);
void event_reader__free(struct event_reader *er);
/* Takes one ring buffer record. Returns 0, or -EINVAL for a malformed record. */
int event_reader__handle(struct event_reader *er, const void *data, size_t size);
/*
 * The same for a record whose memory the caller can keep as it is (may_keep): *kept says
 * whether the reader holds it there (an enter, until its exit or another record comes). It
 * must then stay valid until the next call of this function returns; the reader copies what
 * it still holds of it then. -ENOMEM when that copy cannot be made (the enter is lost).
 */
int event_reader__handle_kept(struct event_reader *er, const void *data, size_t size, bool may_keep,
			      bool *kept);
/*
 * The quiet rounds (calls of event_reader__idle) that io_uring operations completed during
 * their submitter's call wait for its end before they show and split it.
 */
#define EVENT_URING_HOLD_ROUNDS 20
/*
 * The quiet rounds a call whose input could not be read at enter (it comes with the exit)
 * waits unseen for its exit, before it shows unfinished with what could be read: a call that
 * blocks shows late by that much, one that is only descheduled (a busy machine) shows whole.
 */
#define EVENT_DEFERRED_HOLD_ROUNDS 4
/*
 * Nothing came for a while: a held call is handed on as CALL_PENDING (once),
 * so a blocked call shows at once, and stays held for its exit: a call
 * splits only when another line comes between its start and its end.
 */
void event_reader__idle(struct event_reader *er);
/* Tracing ended: every call still open is shown as not returning. */
void event_reader__finish(struct event_reader *er);

/*
 * -p and -a: threads may be in a call when tracing starts. Until a thread's
 * first enter record, its exits end calls whose start was not seen: not
 * shown (as strace shows nothing of a call it did not see start), except
 * the one event_reader__expect() gave the start of.
 */
void event_reader__set_attached(struct event_reader *er);
/*
 * The call thread rec->hdr.tid was found in when tracing started (read from
 * /proc after both programs were attached; rec->hdr.ts the time the read
 * was done, CLOCK_MONOTONIC): the thread's exit of a call of that number
 * stamped later, before any enter of the thread, ends it. The exit records
 * must carry their times.
 */
int event_reader__expect(struct event_reader *er, const struct bt_enter_rec *rec);

/*
 * Whether size bytes at data hold a record of a known type, whole: its fixed part, and no
 * more than size says.
 */
bool record_valid(const void *data, size_t size);

/*
 * A kept call's records (struct bt_kept_call), copied when they are whole and belong
 * together, into *enter and *exit (malloc'd, or NULL for an exit not kept); false when the
 * enter is not there or either is not whole.
 */
bool kept_call_records(const struct bt_kept_call *kc, struct bt_enter_rec **enter,
		       struct bt_exit_rec **exit);

/* The capture of argument arg in a record, or NULL. */
const struct bt_capture *record_capture(const struct bt_rec_hdr *hdr, int arg);
/* The capture of arg after n others of the same arg (an array's elements' parts), or NULL. */
const struct bt_capture *record_capture_nth(const struct bt_rec_hdr *hdr, int arg, unsigned int n);

/*
 * The record came without its captures: the ring buffer had no room for it
 * whole (an enter or exit record).
 */
bool record_captures_dropped(const struct bt_rec_hdr *hdr);
/* Of those, one kept in the kernel (--slowest, --flight-recorder) too large for its slot. */
bool record_captures_not_kept(const struct bt_rec_hdr *hdr);

#endif /* BTFTRACE_EVENTS_H */

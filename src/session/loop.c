// SPDX-License-Identifier: GPL-2.0
/*
 * The read loop: records from the ring buffer into calls, calls to the sink, until the
 * command ends, the traced processes are gone or a signal says stop.
 */
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "decode/fd_table.h"
#include "filter/status.h"
#include "session/session_internal.h"

/* How long the reader waits for a wake-up before showing held calls anyway. */
#define IDLE_FLUSH_MS 50
#define READER_RT_PRIORITY 1 /* SCHED_FIFO's lowest: see raise_reader_priority() */
#define READER_NICE -20	     /* without real-time: the highest */
/*
 * Records taken per read of the ring buffer while tracing: a load that fills
 * it as fast as it is read would keep one read going for ever, and the loop
 * must still get to signals and to the command's end.
 */
#define READ_BATCH 65536
/*
 * And the time one read may take: a record can be slow to show (a pid looked for through
 * all of /proc), and records keep coming; the loop must get back to signals promptly.
 */
#define READ_BUDGET_MS 100
/* After a signal said stop, the most time spent on what the ring buffer still holds. */
#define DRAIN_MS 3000

/*
 * -y: the working directories that relative paths start from, known now:
 * the command's is ours, an attached process's is read before it can change.
 * A process gone by the time its calls are printed can no longer be asked.
 */
void note_cwds(struct session *s)
{
	char cwd[PATH_MAX];

	if (!s->dec->fds)
		return;
	if (s->child > 0 && getcwd(cwd, sizeof(cwd)))
		fd_table__set_cwd(s->dec->fds, s->child, cwd);
	for (int i = 0; i < s->opts->npids; i++)
		fd_table__cwd(s->dec->fds, s->opts->pids[i], s->opts->pids[i]);
}

static void expect_call(void *ctx, const struct bt_enter_rec *rec)
{
	struct session *s = ctx;

	event_reader__expect(s->reader, rec);
}

/*
 * -p, -a: the calls the processes are in as tracing starts, so that a call
 * that was waiting shows whole when it returns, as under strace (which
 * interrupts it and sees it start again). With --filter they are left out:
 * the filter cannot judge half a call.
 */
void expect_calls_in_progress(struct session *s)
{
	struct in_progress_opts io = {
		.rules = s->beauty->rules,
		.string_cap = s->opts->string_cap,
		.buffer_cap = s->opts->buffer_cap,
		.self = getpid(),
		.fn = expect_call,
		.ctx = s,
	};

	if ((!s->opts->npids && !s->opts->trace_all) || s->filter ||
	    s->opts->summary == SUMMARY_ONLY)
		return;
	collector__calls_in_progress(s->opts->pids, s->opts->npids, &io);
}

/* The coarse monotonic clock (a read of the vDSO's page, no system call), in ns. */
static __u64 coarse_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
	return t.tv_sec * 1000000000ULL + t.tv_nsec;
}

/* This read has taken its records, or its time. */
static bool read_done(struct session *s)
{
	return ++s->batch >= s->batch_limit || (s->read_until && coarse_ns() >= s->read_until);
}

int on_record(void *ctx, void *data, size_t size)
{
	struct session *s = ctx;

	/* the backlog, record by record: the command pauses before the buffer fills */
	if (s->opts->no_loss)
		cmd_pause__check(&s->pause);
	if (s->opts->recorder) {
		recorder_record(s, data, size);
		return read_done(s) ? -EAGAIN : 0;
	}

	/*
	 * said at once, and counted: each is a call shown in part or not at all. An enter
	 * held for its exit stays in the ring buffer, uncopied: its data are often kilobytes.
	 */
	bool kept = false;

	if (event_reader__handle_kept(s->reader, data, size, collector__record_can_stay(&s->coll),
				      &kept) &&
	    !s->bad_records++)
		fail("warning: a malformed record was skipped");
	if (kept)
		collector__record_stays(&s->coll);
	/* a negative return ends this read (libbpf has taken the record already) */
	if (sink__write_error(&s->sink) || read_done(s))
		return -EAGAIN;
	return 0;
}

/*
 * Shows a call until --max-events calls were shown. A call counts at its
 * first line; after the last one nothing more is shown, not even the end of
 * a call shown unfinished: tracing stopped before it.
 */
void on_call(void *ctx, const struct call *call)
{
	struct session *s = ctx;

	/* a call the trace leaves out, or a fork, for the fd table only */
	if (call->state == CALL_UNSHOWN) {
		const struct bt_fork_rec *fork = (const void *)call->event;

		if (fork && s->dec->fds)
			fd_table__fork(s->dec->fds, fork->hdr.tgid, fork->child_tgid);
		else if (!fork)
			decode_track_fds(s->dec, call);
		return;
	}

	struct call whole;

	/* -e status=: a call shows by how it ended, and whole */
	if (s->opts->status_shown != STATUS_ALL) {
		if (!status_filter_pass(s->opts->status_shown, call, &whole,
					call->exit && decode_is_error(call->exit->ret))) {
			/* not shown, but -y's and -Y's tables follow what it did, once */
			if (call->state != CALL_UNFINISHED && call->state != CALL_PENDING) {
				decode_track_pids(s->dec, call, false);
				decode_track_fds(s->dec, call);
				decode_track_pids(s->dec, call, true);
			}
			return;
		}
		call = &whole;
	}
	if (s->opts->max_events) {
		if (s->calls_shown == s->opts->max_events)
			return;
		/*
		 * signal and exit lines are shown but are not calls; a call shown
		 * while it waits counts when it ends, or is cut by another line
		 */
		if (call->state != CALL_EVENT && call->state != CALL_PENDING &&
		    (call->state != CALL_RESUMED || !call->enter))
			s->calls_shown++;
	}
	/* before the call's line: the name the thread has in it, for -Y */
	decode_track_pids(s->dec, call, false);
	sink__on_call(&s->sink, call);
	if (call->state == CALL_PENDING)
		return;
	/* after the call's line: a close shows the path it closed, a reaped child its name */
	decode_track_fds(s->dec, call);
	decode_track_pids(s->dec, call, true);
	if (s->stacks)
		stacks_after_call(s->stacks, call);
	if (s->injector && call->state == CALL_EVENT && call->event->type == BT_REC_TASK_EXIT)
		injector__thread_exited(s->injector, call->event->tid);
}

static bool max_events_shown(const struct session *s)
{
	return s->opts->max_events && s->calls_shown == s->opts->max_events;
}

/*
 * Reads the records written before end (the ring buffer's end now if 0), at most limit of
 * them and, with a budget, for at most budget_ms. Returns the count read, or -errno.
 */
static int read_some(struct session *s, unsigned long end, unsigned long limit, int budget_ms)
{
	int n;

	/* the maps stacks are taken in come first: what was mapped before them is known */
	if (s->stacks)
		stack_unwinder__poll(s->stacks);
	s->batch = 0;
	s->batch_limit = limit;
	s->read_until = budget_ms ? coarse_ns() + budget_ms * 1000000ULL : 0;
	n = end ? collector__consume_to(&s->coll, end) : collector__consume(&s->coll);
	/* with the buffer read, a paused command goes on */
	if (s->opts->no_loss)
		cmd_pause__check(&s->pause);
	/* -EAGAIN: on_record ended the read, after taking records */
	return n == -EAGAIN ? (int)s->batch : n;
}

/* The loop's read: what is there now, up to limit records and READ_BUDGET_MS. */
void read_records(struct session *s, unsigned long limit)
{
	read_some(s, 0, limit, READ_BUDGET_MS);
}

/*
 * Every record written up to now, and none the traced threads write while they are read
 * (on a busy system they would keep the read going). With stop_signal, a signal meanwhile
 * ends it (SIGCHLD and SIGUSR1 are handled and do not), and after a stop signal
 * (*stop_signal set already) it takes at most DRAIN_MS: the bytes left unread are said.
 * Returns whether everything was read.
 */
bool read_records_now(struct session *s, int *stop_signal)
{
	unsigned long end = collector__ring_end(&s->coll), left;
	__u64 until = stop_signal && *stop_signal ? coarse_ns() + DRAIN_MS * 1000000ULL : 0;
	struct pollfd sig = {.fd = stop_signal ? s->sigfd : -1, .events = POLLIN};
	bool stopped = false;
	int n = 0;

	while ((left = collector__ring_left(&s->coll, end))) {
		n = read_some(s, end, ~0UL, READ_BUDGET_MS);
		if (n < 0)
			break;
		if (until && coarse_ns() >= until)
			break;
		if (sig.fd >= 0 && poll(&sig, 1, 0) > 0 && handle_signals(s, stop_signal)) {
			stopped = true;
			break;
		}
		/* a record reserved but not committed yet: the program commits it soon */
		if (!n && collector__ring_left(&s->coll, end) == left)
			poll(NULL, 0, 1);
	}
	left = collector__ring_left(&s->coll, end);
	if (left)
		fail("warning: %lu KiB of records left unread: %s", (left + 1023) >> 10,
		     n < 0     ? strerror(-n)
		     : stopped ? "a signal said stop"
			       : "not read in the time after the stop");
	return !left;
}

/*
 * The reader must keep pace with every traced thread together. With more
 * busy threads than CPUs the scheduler gives it one share among them and the
 * ring buffer overflows: 8 threads on 2 CPUs lost over half of their records
 * at nice 0. At nice -20 it still waited up to 26 ms between its wake-up and
 * its turn behind 64 busy threads (perf sched timehist), time in which the
 * 8 MiB buffer filled. A woken real-time thread runs at once: at SCHED_FIFO's
 * lowest priority the backlog never passed 2.2 MiB where nice -20 reached the
 * buffer's end, and the command's run took as long. The reader sleeps until
 * records wait, so it takes no more CPU than before, only sooner; the
 * kernel's real-time throttling keeps a share for everyone else should it
 * ever spin. SCHED_RESET_ON_FORK: threads and processes it starts are not
 * real-time. Only this thread is raised, after the command was forked, so
 * the command keeps the priority btftrace was started with. Without the
 * privilege (or in a cgroup with no real-time budget), nice -20; without
 * that, nothing changes.
 */
void raise_reader_priority(void)
{
	struct sched_param param = {.sched_priority = READER_RT_PRIORITY};

	if (!sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, &param))
		return;
	setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), READER_NICE);
}

/*
 * --lossless: losses that no later record of their thread reported (it
 * exited, or tracing ended, first) are shown at the end, as the kernel
 * would have sent them.
 */
static void report_thread_loss(void *ctx, __u32 tid, const struct bt_lost *lost)
{
	struct session *s = ctx;
	struct bt_lost_rec rec = {
		.hdr = {.type = BT_REC_LOST,
			.size = sizeof(rec),
			.tgid = lost->tgid,
			.tid = tid,
			.nr = -1},
		.lost = *lost,
	};
	struct timespec now;

	/* bpf_ktime_get_ns is CLOCK_MONOTONIC */
	clock_gettime(CLOCK_MONOTONIC, &now);
	rec.hdr.ts = now.tv_sec * 1000000000ULL + now.tv_nsec;
	event_reader__handle(s->reader, &rec, sizeof(rec));
}

int trace_loop(struct session *s)
{
	struct pollfd fds[3] = {
		{.fd = collector__poll_fd(&s->coll), .events = POLLIN},
		{.fd = s->sigfd, .events = POLLIN},
		{.fd = s->watch_fd, .events = POLLIN},
	};
	bool detached = false;
	int stop_signal = 0, n;

	for (;;) {
		n = poll(fds, s->watch_fd >= 0 ? 3 : 2, IDLE_FLUSH_MS);
		if (n < 0 && errno != EINTR)
			return -errno;
		/* before the records: a new container's first calls are in the kernel from now */
		if (s->watch_fd >= 0 && fds[2].revents)
			container_table__poll_watch(s->containers, select_new_container, s);
		read_records(s, READ_BATCH);
		if (fds[1].revents && handle_signals(s, &stop_signal))
			break;
		if (s->dump_pending)
			recorder_dump(s);
		if (max_events_shown(s) && !detached) {
			/* -p and -a end here; a command runs on untraced to its usual end */
			collector__detach(&s->coll);
			cmd_pause__release(&s->pause);
			detached = true;
			if (s->injector)
				injector__pass_through(s->injector);
			sink__flush(&s->sink);
			if (s->child <= 0)
				break;
		}
		/* once detached, the kernel no longer drops exited processes: stop waiting */
		if (s->child > 0 && s->child_done && (detached || !followed_alive(s)))
			break;
		if (attached_all_gone(s) && !followed_alive(s))
			break;
		/* -b execve: the processes of -p (and -f) that exec'd were let go of */
		if (s->opts->detach_on_execve && s->npidfds && collector__no_procs(&s->coll))
			break;
		if (s->containers && containers_all_gone(s))
			break;
		if (n == 0) {
			event_reader__idle(s->reader);
			sink__flush(&s->sink);
		}
		if (sink__write_error(&s->sink))
			break;
	}
	/* no more pauses: the command must get to the end of its calls, or to a signal */
	cmd_pause__release(&s->pause);
	if (stop_signal && s->child > 0 && !s->child_done) {
		/* pass the interruption on to the command we started, then let it finish */
		kill(s->child, stop_signal);
		waitpid(s->child, &s->child_status, 0);
		s->child_done = true;
	}
	/* everything the kernel wrote before the end is still in the ring buffer */
	read_records_now(s, &stop_signal);
	while (s->dump_pending)
		recorder_dump(s);
	if (s->opts->lossless && collector__take_thread_losses(&s->coll, report_thread_loss, s) < 0)
		fail("warning: cannot read the lost records of each thread: %s", strerror(errno));
	event_reader__finish(s->reader);
	return stop_signal;
}

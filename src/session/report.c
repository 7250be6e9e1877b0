// SPDX-License-Identifier: GPL-2.0
/*
 * Reporting: the output opened, the summary and the end-of-run counters written, a write
 * error stopped at.
 */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>
#include "session/session_internal.h"

/* Output is written in blocks of this size unless it goes to a terminal. */
#define OUTPUT_BUFFER_BYTES (256 * 1024)
static char output_buffer[OUTPUT_BUFFER_BYTES];

int open_output(struct session *s)
{
	const char *path = s->opts->output;

	/* -ff: each thread's file is opened at its first line */
	if (s->opts->output_separately)
		return 0;
	if (!path) {
		s->out = stderr;
	} else {
		s->out = fopen(path, s->opts->output_append ? "ae" : "we");
		if (!s->out) {
			fail("cannot open output file %s (%s): check that its directory exists and "
			     "is writable",
			     path, strerror(errno));
			return -errno;
		}
	}
	/*
	 * glibc takes the size only with a buffer: without one it allocates st_blksize bytes
	 * (4 KiB on tmpfs), and a trace went out in a write(2) every 4 to 8 KiB. The buffer
	 * lives as long as the process: the output may be stderr, never closed.
	 */
	if (!isatty(fileno(s->out)))
		setvbuf(s->out, output_buffer, _IOFBF, sizeof(output_buffer));
	return 0;
}

/* -c/-C: the kernel's aggregates as a table or JSON objects, after the calls. */
void print_summary(struct session *s)
{
	struct summary sum;

	summary__init(&sum, s->dec, &s->opts->summary_opts);
	sum.containers = s->containers;
	if (collector__read_summary(&s->coll, summary__add, &sum) ||
	    (s->opts->summary_opts.errno_summary &&
	     collector__read_errno_summary(&s->coll, summary__add_errno, &sum)) ||
	    (s->opts->summary_opts.slowest &&
	     collector__read_slowest(&s->coll, summary__add_slow, &sum)))
		fail("cannot read the summary from the kernel: %s", strerror(errno));
	else
		sink__summary(&s->sink, &sum);
	summary__free(&sum);
}

void report_end(struct session *s)
{
	struct bt_stats st;
	unsigned long long lost;

	if (s->bad_records > 1)
		fail("warning: %llu malformed records were skipped in all", s->bad_records);
	if (collector__stats(&s->coll, &st))
		return;
	lost = st.lost_enter + st.lost_exit;
	/* after a write error nothing was read any more: losses then say nothing */
	if (lost && !sink__write_error(&s->sink))
		fail("%llu records lost (%llu enter, %llu exit): the ring buffer was full; "
		     "raise --buffer-size%s",
		     lost, (unsigned long long)st.lost_enter, (unsigned long long)st.lost_exit,
		     s->opts->lossless ? "" : ", or --lossless to see where");
	if (st.compact_records && !sink__write_error(&s->sink))
		fail("%llu records sent without their data (marked 'data not captured'): the ring "
		     "buffer was full; raise --buffer-size",
		     (unsigned long long)st.compact_records);
	if (st.lost_stacks && !sink__write_error(&s->sink))
		fail("%llu stacks lost (their calls say 'stack not captured'): the ring buffer was "
		     "full; raise --buffer-size, or lower --stack-trace-size",
		     (unsigned long long)st.lost_stacks);
	if (s->opts->stats) {
		struct collector_run_stats rs;

		fprintf(stderr,
			"btftrace: stats: enter records %llu, exit records %llu, lost %llu, "
			"ring buffer bytes %llu, high-water mark %llu of %zu bytes, "
			"lines written %llu\n",
			(unsigned long long)st.enter_records, (unsigned long long)st.exit_records,
			lost, (unsigned long long)st.ringbuf_bytes,
			(unsigned long long)st.max_pending, s->coll.ringbuf_bytes,
			sink__lines(&s->sink));
		fprintf(stderr,
			"btftrace: stats: records without their data %llu, signal and exit records "
			"lost %llu, reader wake-ups %llu, ring buffer mapped at most %zu bytes\n",
			(unsigned long long)st.compact_records, (unsigned long long)st.lost_other,
			(unsigned long long)st.wakeups, collector__ring_mapped_max(&s->coll));
		if (s->opts->no_loss)
			fprintf(stderr, "btftrace: stats: command paused %lu times\n",
				s->pause.pauses);
		if (s->stacks)
			fprintf(stderr, "btftrace: stats: stack records %llu, stacks lost %llu\n",
				(unsigned long long)st.stack_records,
				(unsigned long long)st.lost_stacks);
		if (s->coll.stats_fd > 0 && !collector__run_stats(&s->coll, &rs))
			fprintf(stderr,
				"btftrace: stats: BPF run time per run (untraced processes' calls included): sys_enter %llu ns "
				"(%llu runs), sys_exit %llu ns (%llu runs)\n",
				rs.run_cnt[0]
					? (unsigned long long)(rs.run_time_ns[0] / rs.run_cnt[0])
					: 0,
				(unsigned long long)rs.run_cnt[0],
				rs.run_cnt[1]
					? (unsigned long long)(rs.run_time_ns[1] / rs.run_cnt[1])
					: 0,
				(unsigned long long)rs.run_cnt[1]);
		if (s->filter)
			fprintf(stderr,
				"btftrace: stats: calls the filter rejected in the kernel %llu\n",
				(unsigned long long)st.filtered);
		if (s->opts->recorder)
			fprintf(stderr,
				"btftrace: stats: flight recorder: the last %u calls of each of %u "
				"threads at once, %zu slots of %zu bytes in the kernel (%zu bytes, "
				"allocated at start; past %u threads a new one shares the slots of "
				"the thread that took them longest ago)\n",
				s->opts->recorder, collector__recorder_threads(s->opts->recorder),
				collector__recorder_slots(s->opts->recorder),
				sizeof(struct bt_kept_call),
				collector__recorder_bytes(s->opts->recorder),
				collector__recorder_threads(s->opts->recorder));
		if (s->opts->summary_opts.slowest)
			fprintf(stderr,
				"btftrace: stats: slowest calls: %u of each syscall kept per CPU, "
				"%zu bytes each, allocated as they are kept\n",
				s->opts->summary_opts.slowest, sizeof(struct bt_kept_call));
	}
}

/*
 * The trace cannot be written any more, so tracing stops. A closed pipe means
 * its reader is gone, as in `btftrace -o /dev/stdout -- cmd | head`: the
 * command is told as a shell pipeline would tell it, by SIGPIPE. After other
 * errors the command runs on, untraced, to its end.
 */
void stop_after_write_error(struct session *s)
{
	int stop_signal = 0;

	/* held answers are given, and what comes later goes on untouched */
	injector__stop(s->injector);
	collector__destroy(&s->coll);
	if (s->child <= 0)
		return;
	reap_child(s);
	if (!s->child_done && sink__write_error(&s->sink) == EPIPE)
		kill(s->child, SIGPIPE);
	while (!s->child_done) {
		struct pollfd p = {.fd = s->sigfd, .events = POLLIN};

		if (poll(&p, 1, -1) < 0 && errno != EINTR)
			break;
		/* still a way out: SIGINT and SIGTERM go on to the command */
		if (handle_signals(s, &stop_signal))
			kill(s->child, stop_signal);
	}
}

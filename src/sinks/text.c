// SPDX-License-Identifier: GPL-2.0
/* The default sink: one strace-style line per call. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "sinks/sinks.h"

/* ANSI SGR colours (--color) of the lines that are not calls; calls are the writer's */
#define SGR_RESET "\033[0m"
#define SGR_ERROR "\033[1;31m"	/* <... ring buffer full ...>: bold red */
#define SGR_EXIT "\033[35m"	/* +++ exited with 0 +++: magenta */
#define SGR_KILLED "\033[1;35m" /* +++ killed by SIGKILL +++: bold magenta */

bool color_wanted(enum color_mode mode, FILE *out)
{
	const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");

	if (mode != COLOR_AUTO)
		return mode == COLOR_ALWAYS;
	/* no-color.org: set to anything but empty, NO_COLOR turns colours off */
	if ((no_color && *no_color) || (term && !strcmp(term, "dumb")))
		return false;
	return isatty(fileno(out));
}

void text_sink__init(struct text_sink *s, FILE *out, const struct decoder *dec,
		     const struct text_sink_opts *opts)
{
	struct text_writer_opts two;
	struct timespec mono, real;
	struct wr_limits lim;

	memset(s, 0, sizeof(*s));
	s->out = out;
	s->dec = dec;
	s->opts = *opts;
	s->color = color_wanted(opts->color, out);
	outbuf_init(&s->line);
	decode_text_limits(&dec->opts, &lim);
	decode_text_writer_opts(&dec->opts, &two);
	two.color = s->color;
	text_writer__init(&s->tw, &s->line, &lim, &two);
	clock_gettime(CLOCK_MONOTONIC, &mono);
	clock_gettime(CLOCK_REALTIME, &real);
	s->realtime_offset_ns =
		(real.tv_sec - mono.tv_sec) * 1000000000LL + (real.tv_nsec - mono.tv_nsec);
}

void text_sink__free(struct text_sink *s)
{
	outbuf_free(&s->line);
	free(s->last_calls);
}

/* tid's slot in the last-call table, added when absent; NULL without memory. */
static struct last_call *last_call_of(struct text_sink *s, __u32 tid)
{
	size_t mask, i;

	if (s->last_calls_used * 2 >= s->last_calls_cap) {
		size_t cap = s->last_calls_cap ? s->last_calls_cap * 2 : 64;
		struct last_call *old = s->last_calls, *t = calloc(cap, sizeof(*t));

		if (!t)
			return NULL;
		for (size_t j = 0; j < s->last_calls_cap; j++) {
			if (!old[j].tid)
				continue;
			for (i = old[j].tid & (cap - 1); t[i].tid; i = (i + 1) & (cap - 1))
				;
			t[i] = old[j];
		}
		free(old);
		s->last_calls = t;
		s->last_calls_cap = cap;
	}
	mask = s->last_calls_cap - 1;
	for (i = tid & mask; s->last_calls[i].tid; i = (i + 1) & mask) {
		if (s->last_calls[i].tid == tid)
			return &s->last_calls[i];
	}
	s->last_calls_used++;
	s->last_calls[i] = (struct last_call){.tid = tid, .nr = -1};
	return &s->last_calls[i];
}

/* A thread that exited: its slot goes, the ones after it moved back (linear probing). */
static void last_call_forget(struct text_sink *s, __u32 tid)
{
	size_t mask = s->last_calls_cap - 1, i, j, home;
	struct last_call *t = s->last_calls;

	if (!t)
		return;
	for (i = tid & mask; t[i].tid != tid; i = (i + 1) & mask) {
		if (!t[i].tid)
			return;
	}
	for (j = (i + 1) & mask; t[j].tid; j = (j + 1) & mask) {
		home = t[j].tid & mask;
		/* an entry whose home is in (i, j] stays where it is */
		if (i <= j ? (i < home && home <= j) : (i < home || home <= j))
			continue;
		t[i] = t[j];
		i = j;
	}
	t[i].tid = 0;
	s->last_calls_used--;
}

/*
 * -n and -i, after the time as strace has them: "[  39] " the syscall's number, "[00007f...] "
 * where it was called. A line that is not a call shows the thread's last call's number, and
 * for a signal its last call's address (strace's is where the signal found the thread: the
 * same when it came in a call, as it mostly does); an exit has none, as strace shows it.
 */
static void put_call_place(struct text_sink *s, const struct call_view *v)
{
	struct last_call *last;
	int nr = v->nr;
	bool has_ip = v->has_ip;
	__u64 ip = v->ip;

	if (!s->opts.show_nr && !s->opts.show_ip)
		return;
	last = last_call_of(s, v->tid);
	if (v->state != CALL_EVENT && last) {
		if (!has_ip && last->nr == nr) /* a resumed call whose enter was not seen */
			has_ip = last->has_ip, ip = last->ip;
		last->nr = nr;
		last->ip = ip;
		last->has_ip = has_ip;
	} else if (v->state == CALL_EVENT) {
		nr = last ? last->nr : -1;
		has_ip = last && last->has_ip && v->event != CEV_EXIT;
		ip = has_ip ? last->ip : 0;
	}
	if (s->opts.show_nr) {
		if (nr >= 0)
			outbuf_printf(&s->line, "[%4d] ", nr);
		else
			outbuf_puts(&s->line, "[????] ");
	}
	if (s->opts.show_ip) {
		if (has_ip)
			outbuf_printf(&s->line, "[%016llx] ", (unsigned long long)ip);
		else
			outbuf_puts(&s->line, "[????????????????] ");
	}
}

static void put_fraction(struct outbuf *ob, unsigned long usec)
{
	char frac[8];

	snprintf(frac, sizeof(frac), ".%06lu", usec);
	outbuf_puts(ob, frac);
}

static void prefix(struct text_sink *s, __u32 tid, __u64 ts)
{
	struct outbuf *ob = &s->line;

	if (!s->first_tid)
		s->first_tid = tid;
	else if (tid != s->first_tid)
		s->many_tids = true;
	if (s->many_tids && !s->opts.no_pid) {
		outbuf_puts(ob, "[pid ");
		outbuf_u64(ob, tid);
		/* -Y: strace's [pid 1234<bash>], the name the thread had at this record */
		if (s->dec->pids && (s->dec->opts.decode_pids & DECODE_PIDS_COMM)) {
			const char *comm = pid_table__comm(s->dec->pids, tid);

			if (comm)
				quote_bracketed(ob, comm, s->dec->opts.hex);
		}
		outbuf_puts(ob, "] ");
	}
	if (s->opts.relative) {
		__u64 delta = s->last_ts && ts > s->last_ts ? ts - s->last_ts : 0;

		outbuf_printf(ob, "%6llu.%06llu ", (unsigned long long)(delta / 1000000000ULL),
			      (unsigned long long)(delta % 1000000000ULL) / 1000);
		s->last_ts = ts;
	} else if (s->opts.ts != TS_NONE) {
		/* unsigned: a record's ts is not trusted, and signed overflow is undefined */
		__u64 real = ts + (__u64)s->realtime_offset_ns;
		time_t sec = real / 1000000000ULL;
		unsigned long usec = (real % 1000000000ULL) / 1000;
		struct tm tm;
		char hms[16];

		if (s->opts.ts == TS_EPOCH_US) {
			outbuf_s64(ob, sec);
			put_fraction(ob, usec);
		} else {
			localtime_r(&sec, &tm);
			strftime(hms, sizeof(hms), "%H:%M:%S", &tm);
			outbuf_puts(ob, hms);
			if (s->opts.ts == TS_TIME_US)
				put_fraction(ob, usec);
		}
		outbuf_putc(ob, ' ');
	}
}

static void write_line(struct text_sink *s)
{
	outbuf_putc(&s->line, '\n');
	sink_write_buffer(s->out, &s->line, &s->write_error, &s->lines);
}

static void print_event(struct text_sink *s, const struct call_view *v)
{
	const char *sgr = NULL;

	if (!sink_event_shown(&s->opts, v))
		return;
	outbuf_reset(&s->line);
	prefix(s, v->tid, v->ts);
	put_call_place(s, v);
	if (s->color && v->event != CEV_SIGNAL)
		sgr = v->event == CEV_LOST ? SGR_ERROR : v->killed ? SGR_KILLED : SGR_EXIT;
	if (sgr)
		outbuf_puts(&s->line, sgr);
	sink_event_text(&s->tw, s->dec, v);
	if (sgr)
		outbuf_puts(&s->line, SGR_RESET);
	write_line(s);
}

/* A call sent without its captured data (a full ring buffer) says so, rather than look whole. */
static void put_dropped_marker(struct text_sink *s, const struct call_view *v)
{
	if (v->captures_dropped)
		outbuf_puts(&s->line, " <data not captured: ring buffer full>");
}

void text_sink__on_call(void *ctx, const struct call *call)
{
	struct text_sink *s = ctx;
	struct outbuf *ob = &s->line;
	struct call_view v;

	decode_view(s->dec, call, &v);
	if (v.state == CALL_EVENT) {
		print_event(s, &v);
		if (v.event == CEV_EXIT)
			last_call_forget(s, v.tid);
		return;
	}
	if (v.child_start)
		return;
	outbuf_reset(ob);
	prefix(s, v.tid, v.ts);
	put_call_place(s, &v);
	decode_write_call(s->dec, &s->tw.w, &v);
	if (v.state == CALL_UNFINISHED) {
		put_dropped_marker(s, &v);
		write_line(s);
		return;
	}
	decode_write_return(s->dec, &s->tw.w, &v);
	/* the two records' kernel timestamps, so the reader's own delays do not count */
	if (s->opts.show_duration && v.timed)
		outbuf_printf(ob, " <%llu.%06llu>",
			      (unsigned long long)(v.duration_ns / 1000000000ULL),
			      (unsigned long long)(v.duration_ns % 1000000000ULL) / 1000);
	put_dropped_marker(s, &v);
	outbuf_putc(ob, '\n');
	/* -e read=, -e write=: strace's dump follows the call's line */
	if (s->dec->opts.dump_read || s->dec->opts.dump_write)
		decode_write_dump(s->dec, ob, &v);
	sink_write_buffer(s->out, ob, &s->write_error, &s->lines);
}

void text_sink__note(struct text_sink *s, __u32 tid, __u64 ts, const char *text)
{
	outbuf_reset(&s->line);
	prefix(s, tid, ts);
	outbuf_puts(&s->line, text);
	write_line(s);
}

int text_sink__flush(struct text_sink *s)
{
	if (fflush(s->out) && !s->write_error)
		s->write_error = errno ? errno : EIO;
	return s->write_error ? -s->write_error : 0;
}

// SPDX-License-Identifier: GPL-2.0
/* The default sink: one strace-style line per call. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "base/strace_time.h"
#include "sinks/sinks.h"

/* ANSI SGR colours (--color) of the lines that are not calls; calls are the writer's */
#define SGR_RESET "\033[0m"
#define SGR_ERROR "\033[1;31m"	/* <... ring buffer full ...>: bold red */
#define SGR_EXIT "\033[35m"	/* +++ exited with 0 +++: magenta */
#define SGR_KILLED "\033[1;35m" /* +++ killed by SIGKILL +++: bold magenta */
#define SGR_SPLIT "\033[2m"	/* <unfinished ...>, <detached ...>: dim, as the writer's */

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
	outbuf_init(&s->partial);
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
	outbuf_free(&s->partial);
	free(s->i386_pids);
	tid_set__free(&s->threads);
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
		/* an i386 call's number in i386's table, as strace prints it */
		if (nr >= 0)
			outbuf_printf(&s->line, "[%4d] ", bt_id_nr(nr));
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

/* ".123456": as many digits of a second's ns as -t's, -r's or -T's precision asks */
static void put_fraction(struct outbuf *ob, unsigned long ns, unsigned int digits)
{
	char frac[10];

	outbuf_write(ob, frac, strace_time_fraction(frac, ns, digits));
}

static void prefix(struct text_sink *s, const struct container *c, __u32 tid, __u64 ts)
{
	struct outbuf *ob = &s->line;

	/* the container's name, as [pid N] says the thread: the host's lines have none */
	if (c && s->opts.container_prefix) {
		outbuf_putc(ob, '[');
		outbuf_puts(ob, c->name);
		outbuf_puts(ob, "] ");
	}

	/* strace's forms: its pid column, or [pid N] while it traces more than one */
	if (!s->opts.no_pid && (s->opts.pid_column || s->threads.count > 1)) {
		size_t start = ob->len;

		if (s->opts.pid_column)
			outbuf_u64(ob, tid);
		else
			outbuf_printf(ob, "[pid %5u", tid);
		/* -Y: strace's [pid 1234<bash>], the name the thread had at this record */
		if (s->dec->pids && (s->dec->opts.decode_pids & DECODE_PIDS_COMM)) {
			const char *comm = pid_table__comm(s->dec->pids, tid);

			if (comm)
				quote_bracketed(ob, comm, s->dec->opts.hex);
		}
		if (!s->opts.pid_column)
			outbuf_putc(ob, ']');
		while (ob->len < start + 5)
			outbuf_putc(ob, ' ');
		outbuf_putc(ob, ' ');
	}
	if (s->opts.ts != TS_NONE) {
		/* unsigned: a record's ts is not trusted, and signed overflow is undefined */
		__u64 real = ts + (__u64)s->realtime_offset_ns;
		time_t sec = real / 1000000000ULL;
		struct tm tm;
		char hms[16];

		if (s->opts.ts == TS_EPOCH) {
			outbuf_s64(ob, sec);
		} else {
			localtime_r(&sec, &tm);
			strftime(hms, sizeof(hms), "%H:%M:%S", &tm);
			outbuf_puts(ob, hms);
		}
		put_fraction(ob, real % 1000000000ULL, s->opts.ts_digits);
		outbuf_putc(ob, ' ');
	}
	if (s->opts.relative) {
		__u64 delta = s->last_ts && ts > s->last_ts ? ts - s->last_ts : 0;

		/* strace's: after the time of day, in "(+ ...)" */
		if (s->opts.ts != TS_NONE)
			outbuf_puts(ob, "(+");
		outbuf_printf(ob, "%6llu", (unsigned long long)(delta / 1000000000ULL));
		put_fraction(ob, delta % 1000000000ULL, s->opts.relative_digits);
		outbuf_puts(ob, s->opts.ts != TS_NONE ? ") " : " ");
		s->last_ts = ts;
	}
}

static void write_line(struct text_sink *s)
{
	outbuf_putc(&s->line, '\n');
	sink_write_buffer(s->out, &s->line, &s->write_error, &s->lines);
}

/*
 * The line that shows a call's result: -e read=, -e write=: strace's dump follows it; -k:
 * then strace's stack lines, unprefixed.
 */
static void write_call_line(struct text_sink *s, const struct call_view *v)
{
	outbuf_putc(&s->line, '\n');
	if (s->dec->opts.dump_read || s->dec->opts.dump_write)
		decode_write_dump(s->dec, &s->line, v);
	sink_stack_text(&s->line, v);
	sink_write_buffer(s->out, &s->line, &s->write_error, &s->lines);
}

static void print_event(struct text_sink *s, const struct call_view *v)
{
	const char *sgr = NULL;

	if (!sink_event_shown(&s->opts, v))
		return;
	outbuf_reset(&s->line);
	prefix(s, v->container, v->tid, v->ts);
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
	if (v->captures_not_kept)
		outbuf_puts(&s->line, " <data not kept: record too large>");
	else if (v->captures_dropped)
		outbuf_puts(&s->line, " <data not captured: ring buffer full>");
}

/* Columns that n bytes of text take: colour escapes take none. */
static size_t visible_len(const char *p, size_t n)
{
	size_t cols = 0;

	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\033') {
			while (i < n && p[i] != 'm')
				i++;
			continue;
		}
		cols++;
	}
	return cols;
}

/*
 * The call's line in s->line, without its end: the prefix (with_prefix,
 * else lead columns of the line are written already), the call, and for a
 * finished call its result, time and markers. A resumed line has its exit's
 * time, as strace's has. Returns where the call starts, past the prefix.
 */
static size_t render_call(struct text_sink *s, const struct call_view *v, bool with_prefix,
			  size_t lead)
{
	struct outbuf *ob = &s->line;
	__u64 ts = v->state == CALL_RESUMED && v->returned ? v->end_ts : v->ts;
	size_t start;

	outbuf_reset(ob);
	if (with_prefix) {
		prefix(s, v->container, v->tid, ts);
		/* inside the padding: strace's 40 columns count from the line's start */
		put_call_place(s, v);
	}
	start = ob->len;
	s->tw.lead = with_prefix ? start : lead;
	decode_write_call(s->dec, &s->tw.w, v);
	if (v->state == CALL_UNFINISHED || v->state == CALL_PENDING) {
		put_dropped_marker(s, v);
		return start;
	}
	decode_write_return(s->dec, &s->tw.w, v);
	/* -e inject=: strace's notes, after the return value's own */
	if (v->injected)
		outbuf_puts(ob, " (INJECTED)");
	if (v->delayed)
		outbuf_puts(ob, " (DELAYED)");
	/* the two records' kernel timestamps, so the reader's own delays do not count */
	if (s->opts.show_duration && v->timed) {
		outbuf_printf(ob, " <%llu", (unsigned long long)(v->duration_ns / 1000000000ULL));
		put_fraction(ob, v->duration_ns % 1000000000ULL, s->opts.duration_digits);
		outbuf_putc(ob, '>');
	}
	put_dropped_marker(s, v);
	return start;
}

/*
 * A call that waits shows the start of its line at once, as strace's does:
 * its unfinished form without " <unfinished ...>", written without an end.
 * Its end, or " <unfinished ...>" if another line must come first, goes on
 * the same line.
 */
static void show_partial(struct text_sink *s, const struct call_view *v)
{
	static const char marker[] = " <unfinished ...>";
	struct outbuf *ob = &s->line;
	unsigned long long not_a_line = 0;
	struct call_view pending = *v;
	size_t start, cut;

	pending.state = CALL_PENDING;
	start = render_call(s, &pending, true, 0);
	/* the line ends in the marker (in colours: the dim one, and a reset) */
	cut = ob->len;
	while (cut >= start + sizeof(marker) - 1 &&
	       memcmp(ob->data + cut - (sizeof(marker) - 1), marker, sizeof(marker) - 1))
		cut--;
	if (cut < start + sizeof(marker) - 1)
		return;
	cut -= sizeof(marker) - 1;
	if (s->color && cut >= start + sizeof(SGR_SPLIT) - 1 &&
	    !memcmp(ob->data + cut - (sizeof(SGR_SPLIT) - 1), SGR_SPLIT, sizeof(SGR_SPLIT) - 1))
		cut -= sizeof(SGR_SPLIT) - 1;
	outbuf_truncate(ob, cut);
	/* what the call's own lines continue: the call, past the prefix */
	outbuf_reset(&s->partial);
	outbuf_write(&s->partial, ob->data + start, ob->len - start);
	s->partial_cols = visible_len(ob->data, ob->len);
	s->partial_tid = v->tid;
	s->have_partial = true;
	sink_write_buffer(s->out, ob, &s->write_error, &not_a_line);
}

/* Writes what s->line has past the partial line shown; false when it does not continue it. */
static bool continue_partial(struct text_sink *s, const struct call_view *ended)
{
	struct outbuf *ob = &s->line;
	size_t n = s->partial.len;

	if (ob->len < n || memcmp(ob->data, s->partial.data, n))
		return false;
	memmove(ob->data, ob->data + n, ob->len - n + 1);
	ob->len -= n;
	if (ended)
		write_call_line(s, ended);
	else
		write_line(s);
	return true;
}

/* Ends the partial line with tail (" <detached ...>"), and " = ?" after killed calls. */
static void end_partial_with(struct text_sink *s, const char *tail, bool result)
{
	size_t cols = s->partial_cols + strlen(tail);

	s->have_partial = false;
	outbuf_reset(&s->line);
	if (s->color)
		outbuf_puts(&s->line, SGR_SPLIT);
	outbuf_puts(&s->line, tail);
	if (s->color)
		outbuf_puts(&s->line, SGR_RESET);
	if (result) {
		outbuf_putc(&s->line, ')');
		for (cols++; cols < s->tw.o.column; cols++)
			outbuf_putc(&s->line, ' ');
		outbuf_puts(&s->line, " = ?");
	}
	write_line(s);
}

/*
 * A call that never returned though it was to (its thread was killed in it,
 * or its return was lost): strace ends its line " <unfinished ...>) = ?".
 * exit and exit_group return to no one, and end as any call.
 */
static bool killed_in_call(const struct call_view *v)
{
	return v->state == CALL_NORETURN && strcmp(v->name, "exit") &&
	       strcmp(v->name, "exit_group");
}

/*
 * Ends the partial line with v, its call: the rest of its line; or, when it
 * does not continue what was shown, " <unfinished ...>" and a resumed line.
 */
static void finish_partial(struct text_sink *s, const struct call_view *v)
{
	struct call_view cut = *v, resumed = *v;
	size_t lead = s->partial_cols - visible_len(s->partial.data, s->partial.len);

	if (killed_in_call(v)) {
		end_partial_with(s, " <unfinished ...>", true);
		return;
	}
	s->have_partial = false;
	render_call(s, v, false, lead);
	if (continue_partial(s, v->state == CALL_UNFINISHED ? NULL : v))
		return;
	cut.state = CALL_UNFINISHED;
	render_call(s, &cut, false, lead);
	if (!continue_partial(s, NULL)) {
		outbuf_reset(&s->line);
		write_line(s);
	}
	if (v->state == CALL_UNFINISHED)
		return;
	resumed.state = CALL_RESUMED;
	render_call(s, &resumed, true, 0);
	write_call_line(s, &resumed);
}

/* Another line comes while one is partial: that one's call is cut, as strace's would be. */
static void end_partial(struct text_sink *s)
{
	if (s->have_partial)
		end_partial_with(s, " <unfinished ...>", false);
}

static ssize_t find_i386_pid(const struct text_sink *s, __u32 pid)
{
	for (size_t i = 0; i < s->n_i386_pids; i++) {
		if (s->i386_pids[i] == pid)
			return i;
	}
	return -1;
}

/*
 * strace's "[ Process PID=N runs in 32 bit mode. ]" before a process's
 * first call of the other ABI: after the execve of a 32-bit program, and
 * around an int $0x80 of a 64-bit one. Processes start in 64-bit mode.
 */
static void note_abi(struct text_sink *s, const struct call_view *v)
{
	bool i386 = bt_id_is_i386(v->nr);
	ssize_t i = s->n_i386_pids || i386 ? find_i386_pid(s, v->pid) : -1;

	if (i386 == (i >= 0))
		return;
	if (i386) {
		if (s->n_i386_pids == s->i386_pids_cap) {
			size_t cap = s->i386_pids_cap ? 2 * s->i386_pids_cap : 8;
			__u32 *p = realloc(s->i386_pids, cap * sizeof(*p));

			if (!p)
				return;
			s->i386_pids = p;
			s->i386_pids_cap = cap;
		}
		s->i386_pids[s->n_i386_pids++] = v->pid;
	} else {
		s->i386_pids[i] = s->i386_pids[--s->n_i386_pids];
	}
	if (s->opts.quiet_personality)
		return;
	outbuf_reset(&s->line);
	prefix(s, v->container, v->tid, v->ts);
	put_call_place(s, v);
	outbuf_printf(&s->line, "[ Process PID=%u runs in %s mode. ]", v->tid,
		      i386 ? "32 bit" : "64 bit");
	write_line(s);
}

void text_sink__on_call(void *ctx, const struct call *call)
{
	struct text_sink *s = ctx;
	struct call_view v;
	ssize_t i;

	if (call->state == CALL_UNSHOWN)
		return;
	decode_view(s->dec, call, &v);
	/* no line: strace's [pid N] counts the threads it still traces */
	if (v.state == CALL_EVENT && v.event == CEV_DETACHED) {
		tid_set__remove(&s->threads, v.tid);
		last_call_forget(s, v.tid);
		return;
	}
	if (v.state == CALL_EVENT) {
		/* a pid used again is a new process, in 64-bit mode */
		if (v.event == CEV_EXIT && v.group_dead && (i = find_i386_pid(s, v.pid)) >= 0)
			s->i386_pids[i] = s->i386_pids[--s->n_i386_pids];
		/* the exec'ing thread goes on under the process id */
		if (v.event == CEV_SUPERSEDED)
			tid_set__remove(&s->threads, v.old_tid);
		tid_set__add(&s->threads, v.tid);
		end_partial(s);
		print_event(s, &v);
		/* its exit line is its last: [pid N] as long as it lived */
		if (v.event == CEV_EXIT) {
			tid_set__remove(&s->threads, v.tid);
			last_call_forget(s, v.tid);
		}
		return;
	}
	tid_set__add(&s->threads, v.tid);
	if (v.child_start)
		return;
	if (v.detached) {
		/* strace's: the line's start, then " <detached ...>" */
		if (!s->have_partial || s->partial_tid != v.tid) {
			end_partial(s);
			show_partial(s, &v);
		}
		if (s->have_partial)
			end_partial_with(s, " <detached ...>", false);
		return;
	}
	if (s->have_partial && s->partial_tid == v.tid && v.state != CALL_PENDING) {
		finish_partial(s, &v);
		return;
	}
	end_partial(s);
	/* the ABI is the enter's: a resumed line continues a call already shown */
	if (v.state != CALL_RESUMED && v.comm)
		note_abi(s, &v);
	if (v.state == CALL_PENDING) {
		show_partial(s, &v);
		return;
	}
	if (killed_in_call(&v)) {
		show_partial(s, &v);
		if (s->have_partial)
			end_partial_with(s, " <unfinished ...>", true);
		return;
	}
	render_call(s, &v, true, 0);
	write_call_line(s, &v);
}

void text_sink__note(struct text_sink *s, __u32 tid, __u64 ts, const char *text)
{
	end_partial(s);
	outbuf_reset(&s->line);
	prefix(s, NULL, tid, ts);
	outbuf_puts(&s->line, text);
	write_line(s);
}

int text_sink__flush(struct text_sink *s)
{
	if (fflush(s->out) && !s->write_error)
		s->write_error = errno ? errno : EIO;
	return s->write_error ? -s->write_error : 0;
}

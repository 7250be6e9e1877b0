// SPDX-License-Identifier: GPL-2.0
/* The default sink: one strace-style line per call. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "sinks/sinks.h"

/* strace pads the call so that " = " lands in this column. */
#define RESULT_COLUMN 39

/* ANSI SGR colours (--color) */
#define SGR_RESET "\033[0m"
#define SGR_NAME "\033[1m"	/* syscall names: bold */
#define SGR_STRING "\033[32m"	/* strings and buffers: green */
#define SGR_ERROR "\033[1;31m"	/* = -1 ENOENT (...): bold red */
#define SGR_SPLIT "\033[2m"	/* <unfinished ...>, <... read resumed>: dim */
#define SGR_SIGNAL "\033[33m"	/* --- SIGCHLD {...} ---: yellow */
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
	struct timespec mono, real;

	memset(s, 0, sizeof(*s));
	s->out = out;
	s->dec = dec;
	s->opts = *opts;
	s->color = color_wanted(opts->color, out);
	outbuf_init(&s->line);
	outbuf_init(&s->body);
	outbuf_init(&s->partial);
	clock_gettime(CLOCK_MONOTONIC, &mono);
	clock_gettime(CLOCK_REALTIME, &real);
	s->realtime_offset_ns =
		(real.tv_sec - mono.tv_sec) * 1000000000LL + (real.tv_nsec - mono.tv_nsec);
}

void text_sink__free(struct text_sink *s)
{
	outbuf_free(&s->line);
	outbuf_free(&s->body);
	outbuf_free(&s->partial);
	free(s->i386_pids);
	tid_set__free(&s->threads);
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

	/* strace's forms: its pid column, or [pid N] while it traces more than one */
	if (s->opts.no_pid)
		;
	else if (s->opts.pid_column)
		outbuf_printf(ob, "%-5u ", tid);
	else if (s->threads.count > 1)
		outbuf_printf(ob, "[pid %5u] ", tid);
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

static void print_event(struct text_sink *s, const struct bt_rec_hdr *hdr)
{
	if (hdr->type == BT_REC_TASK_EXIT) {
		const struct bt_task_exit_rec *rec = (const void *)hdr;

		/* a thread that ends alone is news only when processes are followed */
		if (s->opts.quiet_exits || (!rec->group_dead && !s->opts.thread_exits))
			return;
	} else if (hdr->type == BT_REC_SIGNAL && s->opts.quiet_signals) {
		return;
	} else if (hdr->type == BT_REC_EXEC && s->opts.quiet_thread_execve) {
		return;
	}
	outbuf_reset(&s->line);
	prefix(s, hdr->tid, hdr->ts);
	if (s->color) {
		const struct bt_task_exit_rec *rec = (const void *)hdr;

		if (hdr->type == BT_REC_SIGNAL)
			outbuf_puts(&s->line, SGR_SIGNAL);
		else if (hdr->type == BT_REC_EXEC)
			outbuf_puts(&s->line, SGR_EXIT);
		else if (hdr->type == BT_REC_LOST)
			outbuf_puts(&s->line, SGR_ERROR);
		else
			outbuf_puts(&s->line, WIFSIGNALED(rec->exit_code) ? SGR_KILLED : SGR_EXIT);
	}
	decode_event(s->dec, &s->line, hdr);
	if (s->color)
		outbuf_puts(&s->line, SGR_RESET);
	write_line(s);
}

/*
 * Copies the call text in s->body to the line with colours: the name (or the
 * unfinished/resumed markers) and every quoted string. It finds strings by
 * their quotes: quote_bytes escapes each '"' and '\\' inside a string, and
 * strace's syntax has no quote outside one.
 */
static void put_colored_call(struct text_sink *s, const struct call *call)
{
	static const char unfinished[] = "<unfinished ...>";
	const char *p = s->body.data, *end = p + s->body.len, *tail = end;
	struct outbuf *ob = &s->line;
	bool in_string = false;
	size_t head = 0;
	char namebuf[32];
	const char *name;

	if (!p)
		return;
	name = decode_syscall_name(s->dec, (call->enter ? &call->enter->hdr : &call->exit->hdr)->nr,
				   namebuf, sizeof(namebuf));
	if (call->state == CALL_RESUMED) {
		/* "<... NAME resumed>" */
		head = strlen(name) + 14;
		outbuf_puts(ob, SGR_SPLIT);
	} else if (!strncmp(p, name, strlen(name))) {
		head = strlen(name);
		outbuf_puts(ob, SGR_NAME);
	}
	head = head < s->body.len ? head : s->body.len;
	outbuf_write(ob, p, head);
	if (head)
		outbuf_puts(ob, SGR_RESET);
	p += head;
	if (call->state == CALL_UNFINISHED && (size_t)(end - p) >= sizeof(unfinished) - 1 &&
	    !memcmp(end - (sizeof(unfinished) - 1), unfinished, sizeof(unfinished) - 1))
		tail = end - (sizeof(unfinished) - 1);
	for (; p < tail; p++) {
		if (*p == '"' && !in_string) {
			outbuf_puts(ob, SGR_STRING);
			outbuf_putc(ob, '"');
			in_string = true;
		} else if (*p == '"') {
			outbuf_putc(ob, '"');
			outbuf_puts(ob, SGR_RESET);
			in_string = false;
		} else if (*p == '\\' && in_string && p + 1 < tail) {
			outbuf_write(ob, p, 2);
			p++;
		} else {
			outbuf_putc(ob, *p);
		}
	}
	if (in_string)
		outbuf_puts(ob, SGR_RESET);
	if (tail < end) {
		outbuf_puts(ob, SGR_SPLIT);
		outbuf_write(ob, tail, end - tail);
		outbuf_puts(ob, SGR_RESET);
	}
}

/* A call sent without its captured data (a full ring buffer) says so, rather than look whole. */
static void put_dropped_marker(struct text_sink *s, const struct call *call)
{
	if ((call->enter && record_captures_dropped(&call->enter->hdr)) ||
	    (call->exit && record_captures_dropped(&call->exit->hdr)))
		outbuf_puts(&s->line, " <data not captured: ring buffer full>");
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
static void note_abi(struct text_sink *s, const struct bt_rec_hdr *hdr)
{
	bool i386 = bt_id_is_i386(hdr->nr);
	ssize_t i = s->n_i386_pids || i386 ? find_i386_pid(s, hdr->tgid) : -1;

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
		s->i386_pids[s->n_i386_pids++] = hdr->tgid;
	} else {
		s->i386_pids[i] = s->i386_pids[--s->n_i386_pids];
	}
	if (s->opts.quiet_personality)
		return;
	outbuf_reset(&s->line);
	prefix(s, hdr->tid, hdr->ts);
	outbuf_printf(&s->line, "[ Process PID=%u runs in %s mode. ]", hdr->tid,
		      i386 ? "32 bit" : "64 bit");
	write_line(s);
}

/*
 * The call's line in s->line, without its end: the prefix (with_prefix;
 * else lead columns of the line are written already), the call, and for a
 * finished call its result, time and markers, " = " in strace's column of
 * the whole line. A resumed line has its exit's time, as strace's has.
 * Returns where the call starts, past the prefix.
 */
static size_t render_call(struct text_sink *s, const struct call *call, bool with_prefix,
			  size_t lead)
{
	struct outbuf *ob = &s->line;
	const struct bt_rec_hdr *hdr = call->enter ? &call->enter->hdr : &call->exit->hdr;
	__u64 ts = call->state == CALL_RESUMED && call->exit ? call->exit->hdr.ts : hdr->ts;
	size_t start, shown;
	bool failed;

	outbuf_reset(ob);
	if (with_prefix)
		prefix(s, hdr->tid, ts);
	start = ob->len;
	if (with_prefix)
		lead = start;
	if (s->color) {
		outbuf_reset(&s->body);
		decode_call(s->dec, &s->body, call);
		put_colored_call(s, call);
		shown = lead + s->body.len;
	} else {
		decode_call(s->dec, ob, call);
		shown = lead + ob->len - start;
	}
	if (call->state == CALL_UNFINISHED || call->state == CALL_PENDING) {
		put_dropped_marker(s, call);
		return start;
	}
	for (; shown < RESULT_COLUMN; shown++)
		outbuf_putc(ob, ' ');
	failed = s->color && call->exit && decode_is_error(call->exit->ret);
	if (failed)
		outbuf_puts(ob, SGR_ERROR);
	outbuf_puts(ob, " = ");
	decode_return(s->dec, ob, call);
	/* the two records' kernel timestamps, so the reader's own delays do not count */
	if (s->opts.show_duration && call->exit && call->enter &&
	    call->exit->hdr.ts >= call->enter->hdr.ts) {
		__u64 d = call->exit->hdr.ts - call->enter->hdr.ts;

		outbuf_printf(ob, " <%llu.%06llu>", (unsigned long long)(d / 1000000000ULL),
			      (unsigned long long)(d % 1000000000ULL) / 1000);
	}
	if (failed)
		outbuf_puts(ob, SGR_RESET);
	put_dropped_marker(s, call);
	return start;
}

/*
 * A call that waits shows the start of its line at once, as strace's does:
 * its unfinished form without "<unfinished ...>" (nor the space before it),
 * written without an end. Its end, or "<unfinished ...>" if another line
 * must come first, goes on the same line.
 */
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

static void show_partial(struct text_sink *s, const struct call *call)
{
	static const char marker[] = "<unfinished ...>";
	struct outbuf *ob = &s->line;
	unsigned long long not_a_line = 0;
	size_t start, cut;

	start = render_call(s, call, true, 0);
	/* the body, coloured or not, ends in the marker (and a colour reset) */
	cut = ob->len;
	while (cut >= sizeof(marker) - 1 &&
	       memcmp(ob->data + cut - (sizeof(marker) - 1), marker, sizeof(marker) - 1))
		cut--;
	if (cut < sizeof(marker) - 1)
		return;
	cut -= sizeof(marker) - 1;
	if (s->color && cut >= sizeof(SGR_SPLIT) - 1 &&
	    !memcmp(ob->data + cut - (sizeof(SGR_SPLIT) - 1), SGR_SPLIT, sizeof(SGR_SPLIT) - 1))
		cut -= sizeof(SGR_SPLIT) - 1;
	/* "exit_group(0 <unfinished ...>": the space is the unfinished form's */
	if (cut >= 2 && ob->data[cut - 1] == ' ' && ob->data[cut - 2] != ',')
		cut--;
	if (cut < start)
		return;
	outbuf_truncate(ob, cut);
	/* what the call's own lines continue: the call, past the prefix */
	outbuf_reset(&s->partial);
	outbuf_write(&s->partial, ob->data + start, ob->len - start);
	s->partial_lead = start;
	s->partial_cols = start + visible_len(ob->data + start, ob->len - start);
	s->partial_tid = (call->enter ? &call->enter->hdr : &call->exit->hdr)->tid;
	s->have_partial = true;
	sink_write_buffer(s->out, ob, &s->write_error, &not_a_line);
}

/* Writes what s->line has past the partial line shown; false when it does not continue it. */
static bool continue_partial(struct text_sink *s)
{
	struct outbuf *ob = &s->line;
	size_t n = s->partial.len;

	if (ob->len < n || memcmp(ob->data, s->partial.data, n))
		return false;
	memmove(ob->data, ob->data + n, ob->len - n + 1);
	ob->len -= n;
	write_line(s);
	return true;
}

/*
 * A call that never returned though it was to (its thread was killed in it):
 * strace's end of the line, " <unfinished ...>)", and " = ?" in the result
 * column. exit and exit_group return to no one, and end as any call.
 */
static bool killed_in_call(const struct text_sink *s, const struct call *call)
{
	char namebuf[32];
	const char *name;

	if (call->state != CALL_NORETURN)
		return false;
	name = decode_syscall_name(s->dec, call->enter->hdr.nr, namebuf, sizeof(namebuf));
	return strcmp(name, "exit") && strcmp(name, "exit_group");
}

static void end_killed(struct text_sink *s)
{
	static const char tail[] = " <unfinished ...>)";
	size_t cols = s->partial_cols + sizeof(tail) - 1;

	s->have_partial = false;
	outbuf_reset(&s->line);
	if (s->color)
		outbuf_puts(&s->line, " " SGR_SPLIT "<unfinished ...>" SGR_RESET ")");
	else
		outbuf_puts(&s->line, tail);
	for (; cols < RESULT_COLUMN; cols++)
		outbuf_putc(&s->line, ' ');
	outbuf_puts(&s->line, " = ?");
	write_line(s);
}

/*
 * Ends the partial line with call, its call: the rest of its line; or, when
 * it does not continue what was shown, "<unfinished ...>" and a resumed line.
 */
static void finish_partial(struct text_sink *s, const struct call *call)
{
	struct call cut = *call, resumed = *call;

	if (killed_in_call(s, call)) {
		end_killed(s);
		return;
	}
	s->have_partial = false;
	render_call(s, call, false, s->partial_lead);
	if (continue_partial(s))
		return;
	cut.state = CALL_UNFINISHED;
	cut.exit = NULL;
	render_call(s, &cut, false, s->partial_lead);
	if (!continue_partial(s)) {
		outbuf_reset(&s->line);
		write_line(s);
	}
	if (call->state == CALL_UNFINISHED)
		return;
	resumed.state = CALL_RESUMED;
	render_call(s, &resumed, true, 0);
	write_line(s);
}

/* Another line comes while one is partial: that one's call is cut, as strace's would be. */
static void end_partial(struct text_sink *s)
{
	if (!s->have_partial)
		return;
	s->have_partial = false;
	outbuf_reset(&s->line);
	outbuf_puts(&s->line,
		    s->color ? SGR_SPLIT "<unfinished ...>" SGR_RESET : "<unfinished ...>");
	write_line(s);
}

void text_sink__on_call(void *ctx, const struct call *call)
{
	struct text_sink *s = ctx;
	const struct bt_rec_hdr *hdr;

	if (call->state == CALL_EVENT) {
		const struct bt_task_exit_rec *rec = (const void *)call->event;
		const struct bt_exec_rec *exec = (const void *)call->event;
		ssize_t i;

		/* a pid used again is a new process, in 64-bit mode */
		if (call->event->type == BT_REC_TASK_EXIT && rec->group_dead &&
		    (i = find_i386_pid(s, rec->hdr.tgid)) >= 0)
			s->i386_pids[i] = s->i386_pids[--s->n_i386_pids];
		/* the exec'ing thread goes on under the process id */
		if (call->event->type == BT_REC_EXEC)
			tid_set__remove(&s->threads, exec->old_tid);
		tid_set__add(&s->threads, call->event->tid);
		end_partial(s);
		print_event(s, call->event);
		/* its exit line is its last: [pid N] as long as it lived */
		if (call->event->type == BT_REC_TASK_EXIT)
			tid_set__remove(&s->threads, call->event->tid);
		return;
	}
	if (call->state == CALL_UNSHOWN)
		return;
	hdr = call->enter ? &call->enter->hdr : &call->exit->hdr;
	tid_set__add(&s->threads, hdr->tid);
	if (decode_is_child_start(s->dec, call))
		return;
	if (call->detached) {
		/* strace's: the line's start, then " <detached ...>" */
		if (!s->have_partial || s->partial_tid != hdr->tid) {
			end_partial(s);
			show_partial(s, call);
		}
		s->have_partial = false;
		outbuf_reset(&s->line);
		outbuf_puts(&s->line, " <detached ...>");
		write_line(s);
		return;
	}
	if (s->have_partial && s->partial_tid == hdr->tid && call->state != CALL_PENDING) {
		finish_partial(s, call);
		return;
	}
	end_partial(s);
	/* the ABI is the enter's: a resumed line continues a call already shown */
	if (call->enter && call->state != CALL_RESUMED)
		note_abi(s, &call->enter->hdr);
	if (call->state == CALL_PENDING) {
		show_partial(s, call);
		return;
	}
	if (killed_in_call(s, call)) {
		struct call start = *call;

		/* the start of its line, as if shown while it waited, then the end */
		start.state = CALL_PENDING;
		show_partial(s, &start);
		if (s->have_partial)
			end_killed(s);
		return;
	}
	render_call(s, call, true, 0);
	write_line(s);
}

void text_sink__note(struct text_sink *s, __u32 tid, __u64 ts, const char *text)
{
	end_partial(s);
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

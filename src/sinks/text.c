// SPDX-License-Identifier: GPL-2.0
/* The default sink: one strace-style line per call. */
#include <errno.h>
#include <string.h>
#include <time.h>

#include "sinks/sinks.h"

/* strace pads the call so that " = " lands in this column. */
#define RESULT_COLUMN 39

void text_sink__init(struct text_sink *s, FILE *out, const struct decoder *dec,
		     const struct text_sink_opts *opts)
{
	struct timespec mono, real;

	memset(s, 0, sizeof(*s));
	s->out = out;
	s->dec = dec;
	s->opts = *opts;
	outbuf_init(&s->line);
	clock_gettime(CLOCK_MONOTONIC, &mono);
	clock_gettime(CLOCK_REALTIME, &real);
	s->realtime_offset_ns =
		(real.tv_sec - mono.tv_sec) * 1000000000LL + (real.tv_nsec - mono.tv_nsec);
}

void text_sink__free(struct text_sink *s)
{
	outbuf_free(&s->line);
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
		outbuf_puts(ob, "] ");
	}
	if (s->opts.relative) {
		__u64 delta = s->last_ts && ts > s->last_ts ? ts - s->last_ts : 0;

		outbuf_printf(ob, "%6llu.%06llu ", (unsigned long long)(delta / 1000000000ULL),
			      (unsigned long long)(delta % 1000000000ULL) / 1000);
		s->last_ts = ts;
	} else if (s->opts.ts != TS_NONE) {
		long long real = (long long)ts + s->realtime_offset_ns;
		time_t sec = real / 1000000000LL;
		unsigned long usec = (real % 1000000000LL) / 1000;
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
	if (!s->write_error && fwrite(s->line.data, 1, s->line.len, s->out) != s->line.len)
		s->write_error = errno ? errno : EIO;
	s->lines++;
	outbuf_reset(&s->line);
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
	}
	outbuf_reset(&s->line);
	prefix(s, hdr->tid, hdr->ts);
	decode_event(s->dec, &s->line, hdr);
	write_line(s);
}

void text_sink__on_call(void *ctx, const struct call *call)
{
	struct text_sink *s = ctx;
	struct outbuf *ob = &s->line;
	const struct bt_rec_hdr *hdr;
	__u64 ts;
	size_t start;

	if (call->state == CALL_EVENT) {
		print_event(s, call->event);
		return;
	}
	if (decode_is_child_start(s->dec, call))
		return;
	hdr = call->enter ? &call->enter->hdr : &call->exit->hdr;
	ts = hdr->ts;
	outbuf_reset(ob);
	prefix(s, hdr->tid, ts);
	start = ob->len;
	decode_call(s->dec, ob, call);
	if (call->state == CALL_UNFINISHED) {
		write_line(s);
		return;
	}
	while (ob->len - start < RESULT_COLUMN)
		outbuf_putc(ob, ' ');
	outbuf_puts(ob, " = ");
	decode_return(s->dec, ob, call);
	/* the two records' kernel timestamps, so the reader's own delays do not count */
	if (s->opts.show_duration && call->exit && call->enter &&
	    call->exit->hdr.ts >= call->enter->hdr.ts) {
		__u64 d = call->exit->hdr.ts - call->enter->hdr.ts;

		outbuf_printf(ob, " <%llu.%06llu>", (unsigned long long)(d / 1000000000ULL),
			      (unsigned long long)(d % 1000000000ULL) / 1000);
	}
	write_line(s);
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

// SPDX-License-Identifier: GPL-2.0
/* --format=json: one JSON object per line, for programs (docs/json.md is the schema). */
#include <errno.h>
#include <string.h>
#include <time.h>

#include "decode/json.h"
#include "sinks/sinks.h"

/* Bumped when a member changes meaning or goes away; new members do not bump it. */
#define JSON_SCHEMA 1
/* goes up when members or event kinds are added (docs/json.md lists each step) */
#define JSON_SCHEMA_MINOR 3

static void write_line(struct json_sink *s)
{
	outbuf_putc(&s->line, '\n');
	sink_write_buffer(s->out, &s->line, &s->write_error, &s->lines);
}

int json_sink__init(struct json_sink *s, FILE *out, const struct decoder *dec,
		    const struct text_sink_opts *opts)
{
	struct timespec mono, real;
	int err;

	memset(s, 0, sizeof(*s));
	s->out = out;
	s->dec = dec;
	s->opts = *opts;
	outbuf_init(&s->line);
	err = json_decoder__init(&s->jd, dec);
	if (err)
		return err;
	clock_gettime(CLOCK_MONOTONIC, &mono);
	clock_gettime(CLOCK_REALTIME, &real);
	s->realtime_offset_ns =
		(real.tv_sec - mono.tv_sec) * 1000000000LL + (real.tv_nsec - mono.tv_nsec);
	outbuf_printf(&s->line,
		      "{\"event\":\"header\",\"schema\":%d,\"schema_minor\":%d,\"btftrace\":",
		      JSON_SCHEMA, JSON_SCHEMA_MINOR);
	json_put_cstr(&s->line, BTFTRACE_VERSION);
	outbuf_printf(&s->line, ",\"clock\":\"CLOCK_MONOTONIC\",\"realtime_offset_ns\":%lld}",
		      s->realtime_offset_ns);
	write_line(s);
	return 0;
}

void json_sink__free(struct json_sink *s)
{
	json_decoder__free(&s->jd);
	outbuf_free(&s->line);
}

/* {"event":"...","ts":N,"pid":N,"tid":N */
static void put_head(struct outbuf *ob, const char *event, const struct bt_rec_hdr *hdr)
{
	outbuf_puts(ob, "{\"event\":\"");
	outbuf_puts(ob, event);
	outbuf_puts(ob, "\",\"ts\":");
	outbuf_u64(ob, hdr->ts);
	outbuf_puts(ob, ",\"pid\":");
	outbuf_u64(ob, hdr->tgid);
	outbuf_puts(ob, ",\"tid\":");
	outbuf_u64(ob, hdr->tid);
}

static const char *state_name(enum call_state state)
{
	switch (state) {
	case CALL_COMPLETE:
		return "complete";
	case CALL_UNFINISHED:
		return "unfinished";
	case CALL_RESUMED:
		return "resumed";
	case CALL_NORETURN:
		return "noreturn";
	case CALL_PENDING:
	case CALL_UNSHOWN:
	case CALL_EVENT:
		break;
	}
	return "event";
}

static void put_event(struct json_sink *s, const struct bt_rec_hdr *hdr)
{
	if (hdr->type == BT_REC_TASK_EXIT) {
		const struct bt_task_exit_rec *rec = (const void *)hdr;

		/* the text's rule: a thread that ends alone is news only when processes are followed */
		if (s->opts.quiet_exits || (!rec->group_dead && !s->opts.thread_exits))
			return;
	} else if (hdr->type == BT_REC_LOST) {
		put_head(&s->line, "lost", hdr);
		json_decode_event(&s->jd, &s->line, hdr);
		outbuf_putc(&s->line, '}');
		write_line(s);
		return;
	} else if (hdr->type == BT_REC_EXEC) {
		if (s->opts.quiet_thread_execve)
			return;
	} else if (hdr->type != BT_REC_SIGNAL || s->opts.quiet_signals) {
		return;
	}
	put_head(&s->line,
		 hdr->type == BT_REC_SIGNAL ? "signal"
		 : hdr->type == BT_REC_EXEC ? "superseded"
					    : "exit",
		 hdr);
	json_decode_event(&s->jd, &s->line, hdr);
	outbuf_putc(&s->line, '}');
	write_line(s);
}

void json_sink__on_call(void *ctx, const struct call *call)
{
	struct json_sink *s = ctx;
	struct outbuf *ob = &s->line;
	const struct bt_rec_hdr *hdr;
	const char *resumed;
	char namebuf[32];

	if (call->state == CALL_EVENT) {
		put_event(s, call->event);
		return;
	}
	/* an object per call: a waiting one comes whole when it ends, unless split */
	if (call->state == CALL_PENDING || call->state == CALL_UNSHOWN ||
	    decode_is_child_start(s->dec, call))
		return;
	hdr = call->enter ? &call->enter->hdr : &call->exit->hdr;
	outbuf_reset(ob);
	put_head(ob, "call", hdr);
	outbuf_puts(ob, ",\"comm\":");
	if (call->enter)
		json_put_str(ob, call->enter->comm, strnlen(call->enter->comm, BT_COMM_LEN));
	else
		outbuf_puts(ob, "null");
	outbuf_puts(ob, ",\"syscall\":");
	json_put_cstr(ob, decode_syscall_name(s->dec, hdr->nr, namebuf, sizeof(namebuf)));
	outbuf_puts(ob, ",\"nr\":");
	outbuf_s64(ob, bt_id_nr(hdr->nr));
	if (bt_id_is_i386(hdr->nr))
		outbuf_puts(ob, ",\"abi\":\"i386\"");
	if ((resumed = decode_resumed_call_name(s->dec, call, namebuf, sizeof(namebuf)))) {
		outbuf_puts(ob, ",\"resumes\":");
		json_put_cstr(ob, resumed);
	}
	outbuf_puts(ob, ",\"state\":\"");
	outbuf_puts(ob, state_name(call->state));
	outbuf_puts(ob, call->detached ? "\",\"detached\":true,\"args\":" : "\",\"args\":");
	json_decode_args(&s->jd, ob, call);
	json_decode_return(&s->jd, ob, call->exit);
	if (s->dec->fds) {
		char pathbuf[4096];
		const char *path = decode_returned_fd_path(s->dec, call, pathbuf, sizeof(pathbuf));

		if (path) {
			outbuf_puts(ob, ",\"ret_path\":");
			json_put_cstr(ob, path);
		}
	}
	/* the two records' kernel timestamps, so the reader's own delays do not count */
	if (call->enter && call->exit && call->exit->hdr.ts >= call->enter->hdr.ts) {
		outbuf_puts(ob, ",\"duration_ns\":");
		outbuf_u64(ob, call->exit->hdr.ts - call->enter->hdr.ts);
	}
	if ((call->enter && record_captures_dropped(&call->enter->hdr)) ||
	    (call->exit && record_captures_dropped(&call->exit->hdr)))
		outbuf_puts(ob, ",\"captures_dropped\":true");
	outbuf_putc(ob, '}');
	write_line(s);
}

static void put_summary_line(void *ctx, struct outbuf *ob)
{
	struct json_sink *s = ctx;

	outbuf_putc(ob, '\n');
	sink_write_buffer(s->out, ob, &s->write_error, &s->lines);
}

void json_sink__summary(struct json_sink *s, struct summary *sum)
{
	outbuf_reset(&s->line);
	summary__json(sum, &s->line, put_summary_line, s);
}

int json_sink__flush(struct json_sink *s)
{
	if (fflush(s->out) && !s->write_error)
		s->write_error = errno ? errno : EIO;
	return s->write_error ? -s->write_error : 0;
}

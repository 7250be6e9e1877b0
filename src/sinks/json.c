// SPDX-License-Identifier: GPL-2.0
/* --format=json: one JSON object per line, for programs (docs/json.md is the schema). */
#include <errno.h>
#include <string.h>
#include <time.h>

#include "base/json.h"
#include "sinks/sinks.h"

/* Bumped when a member changes meaning or goes away; new members do not bump it. */
#define JSON_SCHEMA 2
/* goes up when members or event kinds are added (docs/json.md lists each step) */
#define JSON_SCHEMA_MINOR 10

static void write_line(struct json_sink *s)
{
	outbuf_putc(&s->line, '\n');
	sink_write_buffer(s->out, &s->line, &s->write_error, &s->lines);
}

int json_sink__init(struct json_sink *s, FILE *out, const struct decoder *dec,
		    const struct text_sink_opts *opts)
{
	static const struct json_writer_opts jwo;
	struct timespec mono, real;

	memset(s, 0, sizeof(*s));
	s->out = out;
	s->dec = dec;
	s->opts = *opts;
	outbuf_init(&s->line);
	json_writer__init(&s->jw, &s->line, &jwo);
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
	outbuf_free(&s->line);
}

/* {"event":"...","ts":N,"pid":N,"tid":N, and with --container or -a "container":{...} */
static void put_head(const struct json_sink *s, struct outbuf *ob, const char *event,
		     const struct call_view *v)
{
	outbuf_puts(ob, "{\"event\":\"");
	outbuf_puts(ob, event);
	outbuf_puts(ob, "\",\"ts\":");
	outbuf_u64(ob, v->ts);
	outbuf_puts(ob, ",\"pid\":");
	outbuf_u64(ob, v->pid);
	outbuf_puts(ob, ",\"tid\":");
	outbuf_u64(ob, v->tid);
	if (s->dec->containers) {
		outbuf_puts(ob, ",\"container\":");
		sink_container_json(ob, container_table__root(s->dec->containers), v->container);
	}
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

static void put_event(struct json_sink *s, const struct call_view *v)
{
	static const char *const names[] = {
		[CEV_SIGNAL] = "signal",	 [CEV_EXIT] = "exit",
		[CEV_SUPERSEDED] = "superseded", [CEV_LOST] = "lost",
		[CEV_TRACEPOINT] = "tracepoint", [CEV_DETACHED] = "detached",
		[CEV_KFUNC] = "kfunc",
	};

	if (!sink_event_shown(&s->opts, v))
		return;
	outbuf_reset(&s->line);
	put_head(s, &s->line, names[v->event], v);
	sink_event_json(&s->jw, s->dec, v);
	outbuf_putc(&s->line, '}');
	write_line(s);
}

void json_sink__on_call(void *ctx, const struct call *call)
{
	struct json_sink *s = ctx;
	struct outbuf *ob = &s->line;
	struct call_view v;

	/* an object per call: a waiting one comes whole when it ends, unless split */
	if (call->state == CALL_PENDING || call->state == CALL_UNSHOWN)
		return;
	decode_view(s->dec, call, &v);
	if (v.state == CALL_EVENT) {
		put_event(s, &v);
		return;
	}
	if (v.child_start)
		return;
	outbuf_reset(ob);
	put_head(s, ob, "call", &v);
	outbuf_puts(ob, ",\"comm\":");
	if (v.comm)
		json_put_str(ob, v.comm, v.comm_len);
	else
		outbuf_puts(ob, "null");
	outbuf_puts(ob, ",\"syscall\":");
	json_put_cstr(ob, v.name);
	outbuf_puts(ob, ",\"nr\":");
	/* an io_uring operation's number is its opcode, in io_uring's table */
	outbuf_s64(ob, v.via_uring ? (long long)v.uring_opcode : bt_id_nr(v.nr));
	if (bt_id_is_i386(v.nr) && !v.via_uring)
		outbuf_puts(ob, ",\"abi\":\"i386\"");
	if (v.via_uring)
		outbuf_printf(ob, ",\"via\":\"io_uring\",\"user_data\":\"0x%llx\"",
			      (unsigned long long)v.uring_user_data);
	/* -i: where the call was made, as pointers are shown: a hex string */
	if (s->opts.show_ip && v.has_ip)
		outbuf_printf(ob, ",\"ip\":\"0x%llx\"", (unsigned long long)v.ip);
	if (v.resumes) {
		outbuf_puts(ob, ",\"resumes\":");
		json_put_cstr(ob, v.resumes);
	}
	outbuf_puts(ob, ",\"state\":\"");
	outbuf_puts(ob, state_name(v.state));
	outbuf_putc(ob, '"');
	if (v.detached)
		outbuf_puts(ob, ",\"detached\":true");
	decode_write_call(s->dec, &s->jw.w, &v);
	decode_write_return(s->dec, &s->jw.w, &v);
	/* the two records' kernel timestamps, so the reader's own delays do not count */
	if (v.timed) {
		outbuf_puts(ob, ",\"duration_ns\":");
		outbuf_u64(ob, v.duration_ns);
	}
	if (v.captures_dropped)
		outbuf_puts(ob, ",\"captures_dropped\":true");
	if (v.injected)
		outbuf_puts(ob, ",\"injected\":true");
	if (v.delayed)
		outbuf_puts(ob, ",\"delayed\":true");
	sink_stack_json(ob, &v);
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

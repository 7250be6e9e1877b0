// SPDX-License-Identifier: GPL-2.0
/*
 * --format=perfetto: the Chrome trace-event JSON format that ui.perfetto.dev
 * and chrome://tracing open. One complete event ("ph":"X") per call, instant
 * events for signals and exits, and metadata events naming processes and
 * threads after their comm.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <stdio.h>

#include "base/json.h"
#include "sinks/sinks.h"

/* The names the metadata events gave a thread, and its process (in the tgid's entry). */
struct perfetto_name {
	__u32 tid; /* 0: a free slot (the idle task makes no syscalls) */
	char thread[BT_COMM_LEN];
	char process[BT_COMM_LEN];
};

static void write_event(struct perfetto_sink *s)
{
	sink_write_buffer(s->out, &s->line, &s->write_error, &s->lines);
}

int perfetto_sink__init(struct perfetto_sink *s, FILE *out, const struct decoder *dec,
			const struct text_sink_opts *opts)
{
	static const struct json_writer_opts jwo = {.arg_map = true};
	struct text_writer_opts two;
	struct wr_limits lim;

	memset(s, 0, sizeof(*s));
	s->out = out;
	s->dec = dec;
	s->opts = *opts;
	outbuf_init(&s->line);
	outbuf_init(&s->text);
	json_writer__init(&s->jw, &s->line, &jwo);
	decode_text_limits(&dec->opts, &lim);
	decode_text_writer_opts(&dec->opts, &two);
	/* the call and its return value are two strings: no column, no " = " */
	two.bare_return = true;
	text_writer__init(&s->tw, &s->text, &lim, &two);
	outbuf_puts(&s->line, "{\"traceEvents\":[");
	write_event(s);
	return 0;
}

void perfetto_sink__finish(struct perfetto_sink *s)
{
	if (s->finished)
		return;
	s->finished = true;
	outbuf_reset(&s->line);
	outbuf_puts(&s->line, "\n],\n\"displayTimeUnit\":\"ns\",\n\"otherData\":{\"btftrace\":");
	json_put_cstr(&s->line, BTFTRACE_VERSION);
	outbuf_puts(&s->line, ",\"clock\":\"CLOCK_MONOTONIC\"}}\n");
	write_event(s);
}

void perfetto_sink__free(struct perfetto_sink *s)
{
	/* whatever ended the run, the file stays one JSON document */
	perfetto_sink__finish(s);
	outbuf_free(&s->line);
	outbuf_free(&s->text);
	free(s->names);
	s->names = NULL;
}

int perfetto_sink__flush(struct perfetto_sink *s)
{
	if (fflush(s->out) && !s->write_error)
		s->write_error = errno ? errno : EIO;
	return s->write_error ? -s->write_error : 0;
}

/* ---------------------------------------------------------------- thread names */

static size_t name_slot(__u32 tid, size_t cap)
{
	return (tid * 2654435761u) & (cap - 1);
}

/* An open-addressing table by tid; it grows, and exits take entries out. */
static struct perfetto_name *name_get(struct perfetto_sink *s, __u32 tid)
{
	size_t i;

	if (!tid)
		return NULL;
	if ((s->names_used + 1) * 2 > s->names_cap) {
		size_t cap = s->names_cap ? s->names_cap * 2 : 256;
		struct perfetto_name *old = s->names, *names = calloc(cap, sizeof(*names));

		if (!names)
			return NULL;
		for (size_t k = 0; k < s->names_cap; k++) {
			if (!old[k].tid)
				continue;
			for (i = name_slot(old[k].tid, cap); names[i].tid; i = (i + 1) & (cap - 1))
				;
			names[i] = old[k];
		}
		free(old);
		s->names = names;
		s->names_cap = cap;
	}
	for (i = name_slot(tid, s->names_cap); s->names[i].tid && s->names[i].tid != tid;
	     i = (i + 1) & (s->names_cap - 1))
		;
	if (!s->names[i].tid) {
		memset(&s->names[i], 0, sizeof(s->names[i]));
		s->names[i].tid = tid;
		s->names_used++;
	}
	return &s->names[i];
}

/* Takes tid's entry out, moving back the entries that probed past it. */
static void name_drop(struct perfetto_sink *s, __u32 tid)
{
	size_t mask = s->names_cap - 1, i, j, k;

	if (!s->names_cap || !tid)
		return;
	for (i = name_slot(tid, s->names_cap); s->names[i].tid != tid; i = (i + 1) & mask)
		if (!s->names[i].tid)
			return;
	for (j = (i + 1) & mask; s->names[j].tid; j = (j + 1) & mask) {
		k = name_slot(s->names[j].tid, s->names_cap);
		/* the entry at j stays when its home k lies cyclically in (i, j] */
		if (i <= j ? (i < k && k <= j) : (i < k || k <= j))
			continue;
		s->names[i] = s->names[j];
		i = j;
	}
	s->names[i].tid = 0;
	s->names_used--;
}

static void begin_event(struct perfetto_sink *s)
{
	outbuf_reset(&s->line);
	outbuf_puts(&s->line, s->lines > 1 ? ",\n" : "\n");
}

static void put_meta(struct perfetto_sink *s, const char *what, __u32 pid, __u32 tid,
		     const char *name)
{
	struct outbuf *ob = &s->line;

	begin_event(s);
	outbuf_puts(ob, "{\"ph\":\"M\",\"name\":\"");
	outbuf_puts(ob, what);
	outbuf_puts(ob, "\",\"pid\":");
	outbuf_u64(ob, pid);
	outbuf_puts(ob, ",\"tid\":");
	outbuf_u64(ob, tid);
	outbuf_puts(ob, ",\"args\":{\"name\":");
	json_put_str(ob, name, strnlen(name, BT_COMM_LEN));
	outbuf_puts(ob, "}}");
	write_event(s);
}

/* Names a process and a thread the first time they are seen, and again when exec renames them. */
static void update_names(struct perfetto_sink *s, const struct call_view *v)
{
	char comm[BT_COMM_LEN];
	struct perfetto_name *e;

	snprintf(comm, sizeof(comm), "%.*s", (int)v->comm_len, v->comm);
	/* a process is named after its main thread, or the first of its threads seen */
	e = name_get(s, v->pid);
	if (e && (v->tid == v->pid || !e->process[0]) && strcmp(e->process, comm)) {
		memcpy(e->process, comm, BT_COMM_LEN);
		put_meta(s, "process_name", v->pid, v->pid, comm);
	}
	e = name_get(s, v->tid);
	if (e && strcmp(e->thread, comm)) {
		memcpy(e->thread, comm, BT_COMM_LEN);
		put_meta(s, "thread_name", v->pid, v->tid, comm);
	}
}

/* ---------------------------------------------------------------- events */

/* Nanoseconds as the format's microseconds, to the nanosecond. */
static void put_us(struct outbuf *ob, __u64 ns)
{
	outbuf_printf(ob, "%llu.%03llu", (unsigned long long)(ns / 1000),
		      (unsigned long long)(ns % 1000));
}

/* {"name":...,"cat":...,"ph":...,"ts":...,"pid":N,"tid":N */
static void put_head(struct perfetto_sink *s, const char *name, const char *cat, const char *ph,
		     const struct call_view *v)
{
	struct outbuf *ob = &s->line;

	begin_event(s);
	outbuf_puts(ob, "{\"name\":");
	json_put_cstr(ob, name);
	outbuf_puts(ob, ",\"cat\":\"");
	outbuf_puts(ob, cat);
	outbuf_puts(ob, "\",\"ph\":\"");
	outbuf_puts(ob, ph);
	outbuf_puts(ob, "\",\"ts\":");
	put_us(ob, v->ts);
	outbuf_puts(ob, ",\"pid\":");
	outbuf_u64(ob, v->pid);
	outbuf_puts(ob, ",\"tid\":");
	outbuf_u64(ob, v->tid);
}

static void put_instant(struct perfetto_sink *s, const struct call_view *v)
{
	struct outbuf *ob = &s->line;
	const char *name = "exit", *cat = "exit";

	if (v->event == CEV_EXIT) {
		if (v->group_dead)
			name_drop(s, v->pid);
		name_drop(s, v->tid);
	}
	/* exec's supersession has no instant of its own: the thread's exit says it */
	if (v->event == CEV_SUPERSEDED || !sink_event_shown(&s->opts, v))
		return;
	if (v->event == CEV_SIGNAL) {
		name = v->signame;
		cat = "signal";
	} else if (v->event == CEV_LOST) {
		name = cat = "lost";
	} else if (v->event == CEV_TRACEPOINT) {
		name = v->name;
		cat = "tracepoint";
	} else if (v->event == CEV_KFUNC) {
		name = v->name;
		cat = "kfunc";
	}
	outbuf_reset(&s->text);
	writer__reset(&s->tw.w);
	sink_event_text(&s->tw, s->dec, v);
	if (v->event == CEV_KFUNC) {
		/* a kernel function lasts, as a call does: a slice inside its syscall's */
		put_head(s, name, cat, "X", v);
		outbuf_puts(ob, ",\"dur\":");
		put_us(ob, v->timed ? v->duration_ns : 0);
		outbuf_puts(ob, ",\"args\":{\"text\":");
	} else {
		put_head(s, name, cat, "i", v);
		outbuf_puts(ob, ",\"s\":\"t\",\"args\":{\"text\":");
	}
	json_put_str(ob, s->text.data, s->text.len);
	sink_event_json(&s->jw, s->dec, v);
	outbuf_puts(ob, "}}");
	write_event(s);
}

void perfetto_sink__on_call(void *ctx, const struct call *call)
{
	struct perfetto_sink *s = ctx;
	struct outbuf *ob = &s->line;
	struct call whole = *call;
	struct call_view v;
	size_t ret_at;

	if (s->finished || call->state == CALL_PENDING || call->state == CALL_UNSHOWN)
		return;
	if (call->enter) {
		/* one event per call, when it ends: with its enter at hand it shows whole */
		whole.state = call->state == CALL_UNFINISHED ? CALL_UNFINISHED
			      : call->exit		     ? CALL_COMPLETE
							     : CALL_NORETURN;
	}
	decode_view(s->dec, &whole, &v);
	if (v.state == CALL_EVENT) {
		put_instant(s, &v);
		return;
	}
	if (v.state == CALL_UNFINISHED || v.child_start)
		return;
	if (v.comm)
		update_names(s, &v);
	outbuf_reset(&s->text);
	decode_write_call(s->dec, &s->tw.w, &v);
	ret_at = s->text.len;
	decode_write_return(s->dec, &s->tw.w, &v);
	/* -e inject=: as the text line has them */
	if (v.injected)
		outbuf_puts(&s->text, " (INJECTED)");
	if (v.delayed)
		outbuf_puts(&s->text, " (DELAYED)");

	put_head(s, v.name, "syscall", "X", &v);
	outbuf_puts(ob, ",\"dur\":");
	put_us(ob, v.timed ? v.duration_ns : 0);
	outbuf_puts(ob, ",\"args\":{\"call\":");
	json_put_str(ob, s->text.data, ret_at);
	outbuf_puts(ob, ",\"return\":");
	json_put_str(ob, s->text.data + ret_at, s->text.len - ret_at);
	decode_write_call(s->dec, &s->jw.w, &v);
	decode_write_return(s->dec, &s->jw.w, &v);
	outbuf_puts(ob, "}}");
	write_event(s);
}

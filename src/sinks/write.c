// SPDX-License-Identifier: GPL-2.0
/* What every sink shares: the one write path, and the text and JSON of events. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/json.h"
#include "sinks/sinks.h"

void sink_write_buffer(FILE *out, struct outbuf *ob, int *write_error, unsigned long long *lines)
{
	if (!*write_error && fwrite(ob->data, 1, ob->len, out) != ob->len)
		*write_error = errno ? errno : EIO;
	(*lines)++;
	outbuf_reset(ob);
}

bool sink_event_shown(const struct text_sink_opts *opts, const struct call_view *v)
{
	switch (v->event) {
	case CEV_EXIT:
		/* a thread that ends alone is news only when processes are followed */
		return !opts->quiet_exits && (v->group_dead || opts->thread_exits);
	case CEV_SIGNAL:
		return !opts->quiet_signals;
	case CEV_SUPERSEDED:
		return !opts->quiet_thread_execve;
	case CEV_LOST:
	case CEV_TRACEPOINT:
	case CEV_KFUNC:
		return true;
	/* strace says it on stderr, as for -p ("Process N detached"): btftrace says none */
	case CEV_DETACHED:
	case CEV_NONE:
		break;
	}
	return false;
}

/* --lossless: "<... ring buffer full: 3 calls, 2 returns lost ...>" */
static void put_lost(struct outbuf *ob, const struct call_view *v)
{
	const struct {
		__u64 count;
		const char *one, *many;
	} parts[] = {
		{v->lost_calls, "call", "calls"},
		{v->lost_returns, "return", "returns"},
		{v->lost_events, "signal or exit", "signals or exits"},
	};
	bool first = true;

	/* strace's marker for what happened out of sight, and what it was */
	outbuf_puts(ob, "<... ring buffer full: ");
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		if (!parts[i].count)
			continue;
		if (!first)
			outbuf_puts(ob, ", ");
		outbuf_u64(ob, parts[i].count);
		outbuf_putc(ob, ' ');
		outbuf_puts(ob, parts[i].count == 1 ? parts[i].one : parts[i].many);
		first = false;
	}
	outbuf_puts(ob, " lost ...>");
}

void sink_event_text(struct text_writer *tw, const struct decoder *dec, const struct call_view *v)
{
	struct outbuf *ob = tw->w.ob;

	switch (v->event) {
	case CEV_SIGNAL:
		decode_write_signal(dec, &tw->w, v);
		break;
	case CEV_EXIT:
		if (v->killed) {
			outbuf_puts(ob, "+++ killed by ");
			outbuf_puts(ob, v->signame);
			outbuf_puts(ob, v->core_dumped ? " (core dumped) +++" : " +++");
		} else {
			outbuf_puts(ob, "+++ exited with ");
			outbuf_s64(ob, v->exit_status);
			outbuf_puts(ob, " +++");
		}
		break;
	case CEV_SUPERSEDED:
		/* strace's words: the leader (this tid) was superseded by the exec'ing thread */
		outbuf_printf(ob, "+++ superseded by execve in pid %u +++", v->old_tid);
		break;
	case CEV_LOST:
		put_lost(ob, v);
		break;
	case CEV_TRACEPOINT:
		decode_write_tracepoint(dec, &tw->w, v);
		break;
	case CEV_KFUNC:
		/* under the syscall it is made in, deeper for each function it is made in */
		for (unsigned int i = 0; i <= v->kfunc_depth && i < 16; i++)
			outbuf_puts(ob, "  ");
		outbuf_puts(ob, "> ");
		decode_write_kfunc(dec, &tw->w, v);
		break;
	case CEV_DETACHED:
	case CEV_NONE:
		break;
	}
}

static void put_member_num(struct outbuf *ob, const char *key, long long v)
{
	outbuf_putc(ob, ',');
	json_put_key(ob, key);
	outbuf_s64(ob, v);
}

/* A signal's name as JSON has it, or its number when it has none. */
static void put_signal(struct outbuf *ob, const char *name, int signo)
{
	if (!strncmp(name, "SIG", 3))
		json_put_cstr(ob, name);
	else
		outbuf_s64(ob, signo);
}

void sink_event_json(struct json_writer *jw, const struct decoder *dec, const struct call_view *v)
{
	struct outbuf *ob = jw->w.ob;

	switch (v->event) {
	case CEV_SIGNAL:
		decode_write_signal(dec, &jw->w, v);
		break;
	case CEV_EXIT:
		if (v->killed) {
			outbuf_puts(ob, ",\"status\":null,\"killed_by\":");
			put_signal(ob, v->signame, v->signo);
			outbuf_puts(ob, v->core_dumped ? ",\"core_dumped\":true"
						       : ",\"core_dumped\":false");
		} else {
			put_member_num(ob, "status", v->exit_status);
			outbuf_puts(ob, ",\"killed_by\":null,\"core_dumped\":false");
		}
		outbuf_puts(ob, v->group_dead ? ",\"group_dead\":true" : ",\"group_dead\":false");
		break;
	case CEV_SUPERSEDED:
		put_member_num(ob, "old_tid", v->old_tid);
		break;
	case CEV_LOST:
		put_member_num(ob, "calls", v->lost_calls);
		put_member_num(ob, "returns", v->lost_returns);
		put_member_num(ob, "events", v->lost_events);
		outbuf_puts(ob, ",\"cause\":\"ring buffer full\"");
		break;
	case CEV_TRACEPOINT:
		outbuf_puts(ob, ",\"name\":");
		json_put_cstr(ob, v->name);
		outbuf_puts(ob, ",\"fields\":");
		decode_write_tracepoint(dec, &jw->w, v);
		break;
	case CEV_KFUNC:
		outbuf_puts(ob, ",\"name\":");
		json_put_cstr(ob, v->name);
		put_member_num(ob, "depth", v->kfunc_depth);
		if (v->timed)
			put_member_num(ob, "duration_ns", v->duration_ns);
		decode_write_kfunc(dec, &jw->w, v);
		break;
	case CEV_DETACHED:
	case CEV_NONE:
		break;
	}
}

void sink_container_json(struct outbuf *ob, const char *root, const struct container *c)
{
	char path[PATH_MAX * 2];

	if (!c) {
		outbuf_puts(ob, "null");
		return;
	}
	outbuf_puts(ob, "{\"id\":");
	json_put_cstr(ob, c->id);
	outbuf_puts(ob, ",\"name\":");
	json_put_cstr(ob, c->name);
	outbuf_puts(ob, ",\"runtime\":");
	json_put_cstr(ob, c->runtime[0] ? c->runtime : NULL);
	outbuf_puts(ob, ",\"cgroup\":");
	snprintf(path, sizeof(path), "%s%s", root, c->cgroup);
	json_put_cstr(ob, path);
	outbuf_putc(ob, '}');
}

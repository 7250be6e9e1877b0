// SPDX-License-Identifier: GPL-2.0
/*
 * -e SUBSYS:EVENT: the tracepoints the globs select, read from tracefs at set-up, given to the
 * collector and attached with the syscalls'; `btftrace events`.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/json.h"
#include "catalog/tracepoints.h"
#include "filter/expr.h"
#include "session/session_internal.h"
#include "types/fetch.h"

#define EXIT_USAGE 2

/*
 * -e SUBSYS:EVENT: the tracepoints the globs name, read from tracefs. One that matches
 * nothing, or a field an event does not have, is an error: a trace without what was asked.
 */
int select_tracepoints(struct session *s, const char *tracefs, char *const *globs, int n)
{
	char why[TP_ERR_MAX];
	int rc;

	for (int i = 0; i < n; i++) {
		rc = tp_set__add(&s->tracepoints, tracefs, globs[i], why, sizeof(why));
		if (rc == -ENOMEM) {
			fail("cannot read the tracepoints: %s", strerror(ENOMEM));
			return rc;
		}
		if (rc < 0) {
			fail("%s", why);
			return rc;
		}
	}
	tp_set__finish(&s->tracepoints);
	return 0;
}

/* The BTF types of the tracepoints' fields, for the enums among them. */
void resolve_tracepoint_types(struct session *s)
{
	for (size_t i = 0; i < s->tracepoints.n; i++) {
		struct tp_event *ev = &s->tracepoints.events[i];

		for (int k = 0; k < ev->nfields; k++) {
			struct tp_field *f = &ev->fields[k];
			struct arg_type at;

			if (f->kind == TP_FIELD_SCALAR &&
			    !types__resolve(&s->types, f->type, &at) && at.ptr_depth == 0)
				f->btf_id = at.base_id;
		}
	}
}

/*
 * Fetch expressions ('prev->comm', 'filename:string'): checked against BTF and compiled, one
 * program per event; without BTF (--no-btf), on the format's fields only.
 */
int compile_fetches(struct session *s)
{
	const struct types *types = s->opts->no_btf ? NULL : &s->types;
	char *why;
	int err = 0;

	why = malloc(FETCH_ERR_MAX);
	if (!why)
		return -ENOMEM;
	for (size_t i = 0; i < s->tracepoints.n && !err; i++) {
		why[0] = '\0';
		err = tp_fetch_compile(&s->tracepoints.events[i], types, why, FETCH_ERR_MAX);
		if (err == -ENOMEM)
			fail("cannot compile the fetch expressions: %s", strerror(ENOMEM));
		else if (err)
			fail("%s", why);
	}
	free(why);
	return err;
}

/* -e SUBSYS:EVENT: what the event program needs to know of each event selected. */
int set_tracepoints(struct session *s)
{
	struct bt_event_desc desc;
	int err;

	for (size_t i = 0; i < s->tracepoints.n; i++) {
		tp_event__desc(&s->tracepoints.events[i], &desc);
		filter_event_slots(s->filter, &s->tracepoints.events[i], &desc);
		err = collector__set_event(&s->coll, s->tracepoints.events[i].id, &desc);
		if (!err && s->tracepoints.events[i].fetch)
			err = collector__set_fetch(&s->coll, s->tracepoints.events[i].id,
						   s->tracepoints.events[i].fetch);
		if (err) {
			fail("cannot fill the event map (%s): run with -d to see libbpf's messages",
			     strerror(-err));
			return err;
		}
	}
	return 0;
}

/* -e SUBSYS:EVENT: the event program on each tracepoint selected, with the syscalls'. */
int attach_tracepoints(struct session *s)
{
	int err;

	for (size_t i = 0; i < s->tracepoints.n; i++) {
		const struct tp_event *ev = &s->tracepoints.events[i];

		err = collector__attach_event(&s->coll, ev->id, ev->raw ? ev->name : NULL);
		if (err) {
			fail("cannot attach to the tracepoint %s (%s): %s", ev->full,
			     strerror(-err),
			     err == -EACCES || err == -EPERM
				     ? "run as root, or with CAP_PERFMON"
				     : "choose another event, or run with -d to see libbpf's "
				       "messages");
			return err;
		}
	}
	return 0;
}

/* A field's type as the format declares it: "__data_loc char[]", "char[16]", "pid_t". */
static void field_type(const struct tp_field *f, char *buf, size_t size)
{
	switch (f->kind) {
	case TP_FIELD_DYN:
		snprintf(buf, size, "__data_loc %s[]", f->type);
		break;
	case TP_FIELD_REL_DYN:
		snprintf(buf, size, "__rel_loc %s[]", f->type);
		break;
	case TP_FIELD_ARRAY:
		snprintf(buf, size, "%s[%u]", f->type, f->count);
		break;
	default:
		snprintf(buf, size, "%s", f->type);
		break;
	}
}

static void print_event_json(const struct tp_event *ev, const struct tp_fetch_arg *args, int nargs,
			     struct outbuf *ob)
{
	char type[TP_TYPE_MAX + 32];

	outbuf_puts(ob, "{\"event\":");
	json_put_cstr(ob, ev->full);
	outbuf_printf(ob, ",\"id\":%u,\"size\":%u,\"fields\":[", ev->id, ev->fixed_size);
	for (int k = 0; k < ev->nfields; k++) {
		const struct tp_field *f = &ev->fields[k];

		field_type(f, type, sizeof(type));
		outbuf_puts(ob, k ? ",{\"name\":" : "{\"name\":");
		json_put_cstr(ob, f->name);
		outbuf_puts(ob, ",\"type\":");
		json_put_cstr(ob, type);
		outbuf_printf(ob, ",\"offset\":%u,\"size\":%u,\"signed\":%s}", f->offset, f->size,
			      f->is_signed ? "true" : "false");
	}
	outbuf_puts(ob, "]");
	/* what fetch expressions can start from besides the fields */
	if (nargs) {
		outbuf_puts(ob, ",\"args\":[");
		for (int k = 0; k < nargs; k++) {
			outbuf_puts(ob, k ? ",{\"name\":" : "{\"name\":");
			json_put_cstr(ob, args[k].name);
			outbuf_puts(ob, ",\"type\":");
			json_put_cstr(ob, args[k].type);
			outbuf_puts(ob, "}");
		}
		outbuf_puts(ob, "]");
	}
	outbuf_puts(ob, "}\n");
}

int session_list_events(const struct session_opts *o, char **globs, int n, bool json)
{
	static char *const every[] = {"*:*"};
	struct session s = {.opts = o};
	char tracefs[256], type[TP_TYPE_MAX + 32];
	struct outbuf ob;
	int err, status = 0;
	bool have_btf;

	err = tracefs_find(tracefs, sizeof(tracefs));
	if (err) {
		fail("cannot find or read tracefs (%s): mount it with 'mount -t tracefs nodev "
		     "/sys/kernel/tracing', or run as root",
		     strerror(-err));
		return EXIT_USAGE;
	}
	if (select_tracepoints(&s, tracefs, n ? globs : every, n ? n : 1)) {
		tp_set__free(&s.tracepoints);
		return EXIT_USAGE;
	}
	/* the BTF prototypes' arguments too, where the kernel has BTF */
	have_btf = !o->no_btf && !types__load(&s.types, o->btf_path);
	outbuf_init(&ob);
	for (size_t i = 0; i < s.tracepoints.n; i++) {
		const struct tp_event *ev = &s.tracepoints.events[i];
		struct tp_fetch_arg args[BT_FETCH_MAX_ARGS];
		int nargs =
			have_btf ? tp_fetch_args(&s.types, ev->name, args, BT_FETCH_MAX_ARGS) : 0;

		if (json) {
			print_event_json(ev, args, nargs, &ob);
		} else if (!ev->nfields) {
			outbuf_printf(&ob, "%-40s %5u  -\n", ev->full, ev->id);
		}
		for (int k = 0; !json && k < ev->nfields; k++) {
			const struct tp_field *f = &ev->fields[k];

			field_type(f, type, sizeof(type));
			outbuf_printf(&ob, "%-40s %5u %2d %-24s %-32s offset=%u size=%u%s\n",
				      ev->full, ev->id, k, f->name, type, f->offset, f->size,
				      f->is_signed ? " signed" : "");
		}
		/* the prototype's arguments, after the fields: a<N> in the index's column */
		for (int k = 0; !json && k < nargs; k++)
			outbuf_printf(&ob, "%-40s %5u a%d %-24s %s\n", ev->full, ev->id, k,
				      args[k].name, args[k].type);
		fwrite(ob.data, 1, ob.len, stdout);
		outbuf_reset(&ob);
	}
	outbuf_free(&ob);
	if (have_btf)
		types__free(&s.types);
	if (fflush(stdout))
		status = 1;
	tp_set__free(&s.tracepoints);
	return status;
}

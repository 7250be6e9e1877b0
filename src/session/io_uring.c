// SPDX-License-Identifier: GPL-2.0
/*
 * -e io_uring=SET: which io_uring tracepoints this kernel has and what they carry (tracefs
 * formats), where the SQEs are (struct io_ring_ctx in BTF), what each opcode is shown as; then
 * given to the collector and attached with the syscalls' programs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "catalog/tracepoints.h"
#include "session/session_internal.h"

/* The submit tracepoint's names, newest first: io_uring_submit_sqe became _req in 5.19. */
static const char *const submit_names[] = {"io_uring_submit_req", "io_uring_submit_sqe"};
static const char complete_name[] = "io_uring_complete";

/* The event io_uring:name, parsed from its tracefs format into set; NULL when there is none. */
static const struct tp_event *find_event(struct tp_set *set, const char *tracefs, const char *name)
{
	char spec[TP_NAME_MAX + 16], why[TP_ERR_MAX];

	snprintf(spec, sizeof(spec), "io_uring:%s", name);
	if (tp_set__add(set, tracefs, spec, why, sizeof(why)) <= 0)
		return NULL;
	for (size_t i = 0; i < set->n; i++) {
		if (!strcmp(set->events[i].name, name))
			return &set->events[i];
	}
	return NULL;
}

/* Where field name is in the event's entry, when it has one of that size; else BT_URING_NONE. */
static __u16 field_at(const struct tp_event *ev, const char *name, unsigned int size)
{
	int i = tp_event__field(ev, name);

	if (i < 0 ||
	    (ev->fields[i].kind != TP_FIELD_SCALAR && ev->fields[i].kind != TP_FIELD_POINTER))
		return BT_URING_NONE;
	if (ev->fields[i].size != size || ev->fields[i].offset + 8 > BT_URING_ENTRY_MAX)
		return BT_URING_NONE;
	return ev->fields[i].offset;
}

/* The entry's size as the program copies it: its fixed part, within what the program reads. */
static __u16 entry_size(const struct tp_event *ev)
{
	return ev->fixed_size < BT_URING_ENTRY_MAX ? ev->fixed_size : BT_URING_ENTRY_MAX;
}

/* struct io_ring_ctx's members on the way to the SQE; false (and which) when BTF lacks one. */
static bool ctx_offsets(struct session *s, struct bt_uring_layout *l, const char **missing)
{
	static const struct {
		const char *member;
		unsigned int size;
		size_t at;
	} members[] = {
		{"sq_sqes", 8, offsetof(struct bt_uring_layout, ctx_sq_sqes)},
		{"sq_array", 8, offsetof(struct bt_uring_layout, ctx_sq_array)},
		{"cached_sq_head", 4, offsetof(struct bt_uring_layout, ctx_cached_sq_head)},
		{"sq_entries", 4, offsetof(struct bt_uring_layout, ctx_sq_entries)},
		{"flags", 4, offsetof(struct bt_uring_layout, ctx_flags)},
	};

	for (size_t i = 0; i < sizeof(members) / sizeof(members[0]); i++) {
		__u32 off, size;

		if (types__struct_member(&s->types, "io_ring_ctx", members[i].member, &off,
					 &size) ||
		    size != members[i].size) {
			*missing = members[i].member;
			return false;
		}
		memcpy((char *)l + members[i].at, &off, sizeof(off));
	}
	return true;
}

/* What each opcode is shown as: the syscall of its shape, when this kernel's catalog has it. */
static void fill_ops(struct session *s)
{
	const struct uring_set *set = &s->opts->io_uring;

	for (unsigned int op = 0; op < BT_URING_OPS; op++) {
		const struct uring_shape *shape = uring_shape_of(op);
		const struct syscall_desc *desc =
			shape->syscall ? catalog__by_name(s->cat, shape->syscall) : NULL;
		struct bt_uring_op *o = &s->uring->ops[op];

		/* a syscall this catalog cannot decode: the SQE's fields as they are */
		if (shape->syscall && (!desc || !desc->has_format))
			shape = uring_generic_shape();
		o->nr = shape->syscall ? desc->nr : -1;
		memcpy(o->src, shape->src, sizeof(o->src));
		o->flags = uring_set__has(set, op) ? BT_URING_OP_SELECTED : 0;
	}
}

int select_uring(struct session *s, const char *tracefs)
{
	const struct session_opts *o = s->opts;
	const struct tp_event *submit = NULL, *complete;
	struct bt_uring_layout *l;
	struct tp_set set = {0};
	const char *missing = NULL;
	int err = -ENOENT;

	s->uring = calloc(1, sizeof(*s->uring));
	if (!s->uring)
		return -ENOMEM;
	l = &s->uring->layout;
	for (size_t i = 0; !submit && i < sizeof(submit_names) / sizeof(submit_names[0]); i++)
		submit = find_event(&set, tracefs, submit_names[i]);
	complete = find_event(&set, tracefs, complete_name);
	if (!submit || !complete) {
		fail("-e io_uring: this kernel has no io_uring tracepoint %s in %s/events/io_uring "
		     "(built without CONFIG_IO_URING?): drop -e io_uring",
		     submit ? complete_name : "io_uring_submit_req (or io_uring_submit_sqe)",
		     tracefs);
		goto out;
	}
	snprintf(s->uring->submit, sizeof(s->uring->submit), "%s", submit->name);
	snprintf(s->uring->complete, sizeof(s->uring->complete), "%s", complete->name);
	l->sub_size = entry_size(submit);
	l->sub_ctx = field_at(submit, "ctx", 8);
	l->sub_req = field_at(submit, "req", 8);
	l->sub_user_data = field_at(submit, "user_data", 8);
	l->sub_opcode = field_at(submit, "opcode", 1);
	l->cpl_size = entry_size(complete);
	l->cpl_ctx = field_at(complete, "ctx", 8);
	l->cpl_req = field_at(complete, "req", 8);
	l->cpl_user_data = field_at(complete, "user_data", 8);
	l->cpl_res = field_at(complete, "res", 4);
	l->cpl_cflags = field_at(complete, "cflags", 4);
	if (l->sub_ctx == BT_URING_NONE || l->sub_user_data == BT_URING_NONE ||
	    l->sub_opcode == BT_URING_NONE || l->cpl_ctx == BT_URING_NONE ||
	    l->cpl_user_data == BT_URING_NONE || l->cpl_res == BT_URING_NONE) {
		fail("-e io_uring: the tracepoints io_uring:%s and io_uring:%s lack the ctx, "
		     "user_data, opcode or res fields btftrace pairs operations by ('btftrace "
		     "events io_uring:*' shows theirs): drop -e io_uring",
		     submit->name, complete->name);
		err = -EINVAL;
		goto out;
	}
	/* the request's address is the surer key: user_data may repeat, a request in flight not */
	l->key_req = l->sub_req != BT_URING_NONE && l->cpl_req != BT_URING_NONE;
	l->sqe_ok = !o->no_btf && ctx_offsets(s, l, &missing);
	if (o->debug) {
		fprintf(stderr, "btftrace: io_uring: operations from io_uring:%s to io_uring:%s\n",
			submit->name, complete->name);
		if (l->key_req)
			fprintf(stderr, "btftrace: io_uring: paired by the request's address\n");
		else
			fprintf(stderr,
				"btftrace: io_uring: io_uring:%s has no req field: paired by ring "
				"and user_data (operations in flight with the same user_data at "
				"once show one completion)\n",
				complete->name);
		if (l->sqe_ok)
			fprintf(stderr,
				"btftrace: io_uring: SQEs read from the ring (struct io_ring_ctx: "
				"sq_sqes at %u, sq_array at %u, cached_sq_head at %u)\n",
				l->ctx_sq_sqes, l->ctx_sq_array, l->ctx_cached_sq_head);
		else
			fprintf(stderr,
				"btftrace: io_uring: SQEs cannot be read (%s%s): operations show "
				"their name and result, their arguments as '...'\n",
				o->no_btf ? "no BTF" : "BTF's struct io_ring_ctx has no ",
				o->no_btf ? "" : missing);
	}
	fill_ops(s);
	err = 0;
out:
	tp_set__free(&set);
	return err;
}

int set_uring(struct session *s)
{
	int err;

	if (!s->uring)
		return 0;
	err = collector__set_uring(&s->coll, s->uring->ops, &s->uring->layout);
	if (err)
		fail("cannot fill the io_uring maps (%s): run with -d to see libbpf's messages",
		     strerror(-err));
	return err;
}

int attach_uring(struct session *s)
{
	int err;

	if (!s->uring)
		return 0;
	err = collector__attach_uring(&s->coll, s->uring->submit, s->uring->complete);
	if (err)
		fail("cannot attach to the tracepoints io_uring:%s and io_uring:%s (%s): %s",
		     s->uring->submit, s->uring->complete, strerror(-err),
		     err == -EACCES || err == -EPERM ? "run as root, or with CAP_PERFMON"
						     : "run with -d to see libbpf's messages");
	return err;
}

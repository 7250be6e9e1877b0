// SPDX-License-Identifier: GPL-2.0
/*
 * Fetch expressions: 'prev->comm', 'filename:string', checked against BTF at start-up and
 * compiled into the steps of the collector's fetch loop (events.bpf.c:fetch_run).
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "types/fetch.h"

/* Where the value a walk has reached is. */
struct fetch_place {
	bool in_mem; /* at the fetch value + off; else the fetch value itself */
	__u32 off;
	__u32 type; /* its BTF type, modifiers and typedefs kept for the printer */
	/* the value is a pointer BTF has no id for (a format field's "struct x *"): to this */
	__u32 ptr_to;
	bool bitfield;
	__u32 bit_off, bits; /* a bitfield member: its bits, from off */
	/* the last step named member of struct member_of (0: another step came last) */
	__u32 member_of;
	char member[TP_NAME_MAX];
};

struct fetch_compiler {
	struct tp_event *ev;
	const struct types *types;
	const struct btf *btf; /* NULL: no BTF, the format's fields only */
	const struct btf_type *proto;
	/*
	 * the prototype's first argument in the context: 1 for an event's (the first is the
	 * probe's data pointer), 0 for a kernel function's (--kfunc)
	 */
	int first;
	bool kfunc; /* a kernel function's arguments: no format, no fields */
	/* its arguments' names, which the typedef's prototype does not keep */
	char arg_names[BT_FETCH_MAX_ARGS][TP_NAME_MAX];
	const char *expr; /* the item being compiled, for messages */
	char *err;
	size_t size;
};

static int fail_at(struct fetch_compiler *fc, const char *fmt, ...)
{
	int len = snprintf(fc->err, fc->size, "%s: '%s': ", fc->ev->full, fc->expr);
	va_list ap;

	if (len > 0 && (size_t)len < fc->size) {
		va_start(ap, fmt);
		vsnprintf(fc->err + len, fc->size - len, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

static void append(char *buf, size_t size, const char *fmt, ...)
{
	size_t len = strlen(buf);
	va_list ap;

	if (len + 1 >= size)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + len, size - len, fmt, ap);
	va_end(ap);
}

/* "struct task_struct", "int", "char[16]" for messages. */
static void type_name(const struct btf *btf, __u32 id, char *buf, size_t size)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const char *name = t ? btf__name_by_offset(btf, t->name_off) : NULL;

	if (!t) {
		snprintf(buf, size, "?");
		return;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
		snprintf(buf, size, "struct %s", name && *name ? name : "(anonymous)");
		return;
	case BTF_KIND_UNION:
		snprintf(buf, size, "union %s", name && *name ? name : "(anonymous)");
		return;
	case BTF_KIND_PTR:
		type_name(btf, t->type, buf, size);
		append(buf, size, " *");
		return;
	case BTF_KIND_ARRAY:
		type_name(btf, btf_array(t)->type, buf, size);
		append(buf, size, "[%u]", btf_array(t)->nelems);
		return;
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		type_name(btf, t->type, buf, size);
		return;
	default:
		snprintf(buf, size, "%s", name && *name ? name : "void");
		return;
	}
}

/* The members of struct or union id, those of its anonymous members among them. */
static void list_members(const struct btf *btf, __u32 id, char *buf, size_t size)
{
	const struct btf_type *t = btf__type_by_id(btf, types__skip_mods(btf, id));
	const struct btf_member *m = btf_members(t);

	for (int i = 0; i < btf_vlen(t); i++, m++) {
		const char *name = btf__name_by_offset(btf, m->name_off);

		if (name && *name)
			append(buf, size, "%s%s", *buf ? ", " : "", name);
		else
			list_members(btf, m->type, buf, size);
	}
}

/*
 * The member name of struct or union id, through anonymous members: its type and its bit
 * offset from the struct's start; bits is its width when it is a bitfield, else 0.
 */
static bool find_member(const struct btf *btf, __u32 id, const char *name, __u32 *type,
			__u32 *bit_off, __u32 *bits)
{
	const struct btf_type *t = btf__type_by_id(btf, types__skip_mods(btf, id));
	const struct btf_member *m = btf_members(t);

	for (int i = 0; i < btf_vlen(t); i++, m++) {
		const char *mname = btf__name_by_offset(btf, m->name_off);
		__u32 inner_off;

		if (mname && *mname && !strcmp(mname, name)) {
			*type = m->type;
			*bit_off = btf_member_bit_offset(t, i);
			*bits = btf_member_bitfield_size(t, i);
			return true;
		}
		if ((!mname || !*mname) &&
		    find_member(btf, m->type, name, type, &inner_off, bits)) {
			*bit_off = btf_member_bit_offset(t, i) + inner_off;
			return true;
		}
	}
	return false;
}

static int emit(struct fetch_compiler *fc, __u8 op, __u32 off, __u16 size)
{
	struct bt_fetch_prog *prog = fc->ev->fetch;
	struct bt_fetch_step *st;

	if (prog->nsteps == BT_FETCH_MAX_STEPS)
		return fail_at(fc,
			       "the event's expressions take more than %d steps: give fewer, "
			       "or shorter ones",
			       BT_FETCH_MAX_STEPS);
	st = &prog->steps[prog->nsteps++];
	st->op = op;
	st->size = size;
	st->off = off;
	return 0;
}

/* The kind of type id with typedefs and modifiers skipped, and that type. */
static const struct btf_type *resolved(const struct btf *btf, __u32 id)
{
	return id ? btf__type_by_id(btf, types__skip_mods(btf, id)) : NULL;
}

/* The place holds a pointer: fetches it into the value. */
static int load_pointer(struct fetch_compiler *fc, struct fetch_place *pl)
{
	const struct btf_type *t = resolved(fc->btf, pl->type);
	__u32 pointee;
	char name[128];

	if (pl->ptr_to && !pl->in_mem) {
		pointee = pl->ptr_to;
	} else if (t && btf_is_ptr(t)) {
		pointee = t->type;
	} else {
		type_name(fc->btf, pl->type, name, sizeof(name));
		return fail_at(fc,
			       "it is no pointer (%s): '->' and '[]' follow pointers, '.' "
			       "names a member in place",
			       name);
	}
	if (pl->in_mem) {
		int err = emit(fc, BT_FETCH_DEREF, pl->off, 8);

		if (err)
			return err;
	}
	pl->in_mem = true;
	pl->off = 0;
	pl->type = pointee;
	pl->ptr_to = 0;
	pl->member_of = 0;
	return 0;
}

static int member(struct fetch_compiler *fc, struct fetch_place *pl, const char *name)
{
	const struct btf_type *t = resolved(fc->btf, pl->type);
	__u32 type, bit_off, bits;
	char tname[128], *list;

	type_name(fc->btf, pl->type, tname, sizeof(tname));
	if (!t || !(btf_is_struct(t) || btf_is_union(t)))
		return fail_at(fc, "%s has no members: '%s' cannot be named in it", tname, name);
	if (!find_member(fc->btf, pl->type, name, &type, &bit_off, &bits)) {
		list = calloc(1, fc->size);
		if (!list)
			return -ENOMEM;
		list_members(fc->btf, pl->type, list, fc->size);
		fail_at(fc, "%s has no member '%s': its members are %s", tname, name, list);
		free(list);
		return -EINVAL;
	}
	pl->member_of = types__skip_mods(fc->btf, pl->type);
	snprintf(pl->member, sizeof(pl->member), "%s", name);
	pl->type = type;
	if (bits) {
		pl->bitfield = true;
		pl->bit_off = bit_off;
		pl->bits = bits;
	} else {
		pl->off += bit_off / 8;
	}
	return 0;
}

static int element(struct fetch_compiler *fc, struct fetch_place *pl, unsigned long index)
{
	const struct btf_type *t = resolved(fc->btf, pl->type);
	__s64 elem_size;
	__u32 elem;
	int err;

	if (t && btf_is_array(t) && pl->in_mem) {
		if (btf_array(t)->nelems && index >= btf_array(t)->nelems)
			return fail_at(fc, "index %lu is past the array's %u elements", index,
				       btf_array(t)->nelems);
		elem = btf_array(t)->type;
	} else {
		err = load_pointer(fc, pl);
		if (err)
			return err;
		elem = pl->type;
	}
	elem_size = btf__resolve_size(fc->btf, elem);
	if (elem_size <= 0 || index > 0xffff)
		return fail_at(fc, "its elements have no size to index them by");
	pl->off += index * elem_size;
	pl->type = elem;
	pl->member_of = 0;
	return 0;
}

/* Whether type id is char, signed or not: an array of it is a string. */
static bool is_char(const struct btf *btf, __u32 id)
{
	const struct btf_type *t = resolved(btf, id);

	return t && btf_is_int(t) && t->size == 1 &&
	       (btf_int_encoding(t) & BTF_INT_CHAR ||
		!strcmp(btf__name_by_offset(btf, t->name_off), "char"));
}

/* The last step: the value at the place, as its type says, or the string it points to. */
static int output(struct fetch_compiler *fc, struct fetch_place *pl, bool string,
		  struct tp_item *item)
{
	const struct btf_type *t = pl->type ? resolved(fc->btf, pl->type) : NULL;
	__s64 size;

	item->btf_id = pl->type;
	item->member_of = pl->member_of;
	if (pl->member_of)
		snprintf(item->member, sizeof(item->member), "%s", pl->member);
	if (pl->bitfield) {
		__u32 first = pl->bit_off / 8, shift = pl->bit_off % 8;

		if (string)
			return fail_at(fc, "a bitfield is no string: leave ':string' out");
		item->kind = TP_FETCH_BITS;
		item->bit_shift = shift;
		item->bits = pl->bits;
		item->size = (shift + pl->bits + 7) / 8;
		item->is_signed = t && btf_is_int(t) && (btf_int_encoding(t) & BTF_INT_SIGNED);
		return emit(fc, BT_FETCH_COPY, pl->off + first, item->size);
	}
	if (string && pl->in_mem && t && btf_is_array(t) && is_char(fc->btf, btf_array(t)->type))
		string = false; /* a char array is one already */
	if (string) {
		int err;

		if ((pl->in_mem || t) &&
		    !(t && (btf_is_ptr(t) || (btf_is_int(t) && t->size == 8)))) {
			char name[128];

			type_name(fc->btf, pl->type, name, sizeof(name));
			return fail_at(fc, "':string' reads where a pointer points, and this is %s",
				       name);
		}
		if (pl->in_mem && (err = emit(fc, BT_FETCH_DEREF, pl->off, 8)))
			return err;
		item->kind = TP_FETCH_STRING;
		item->size = BT_FETCH_COPY_MAX;
		return emit(fc, BT_FETCH_STRING, 0, BT_FETCH_COPY_MAX);
	}
	if (!pl->in_mem) {
		/* an argument or a field itself: a number or a pointer */
		item->kind = TP_FETCH_BTF;
		item->size = 8;
		size = pl->type ? btf__resolve_size(fc->btf, pl->type) : 8;
		if (size > 0 && size <= 8)
			item->size = size;
		if (!pl->type)
			item->kind = TP_FETCH_BITS; /* a pointer of no BTF id: its bits */
		if (!pl->type)
			item->bits = 64;
		return emit(fc, BT_FETCH_VALUE, 0, item->size);
	}
	size = btf__resolve_size(fc->btf, pl->type);
	if (size <= 0)
		return fail_at(fc, "its type has no size to read (void or a function)");
	item->kind = t && btf_is_array(t) && is_char(fc->btf, btf_array(t)->type) ? TP_FETCH_STRING
										  : TP_FETCH_BTF;
	item->size = size < BT_FETCH_COPY_MAX ? size : BT_FETCH_COPY_MAX;
	return emit(fc, BT_FETCH_COPY, pl->off, item->size);
}

/* The BTF prototype of the event, btf_trace_<name>: its FUNC_PROTO, or NULL. */
static const struct btf_type *event_proto(const struct types *types, const char *name)
{
	char tname[TP_NAME_MAX + 16];
	const struct btf_type *t;
	__u32 id;

	if (!types || !types->btf)
		return NULL;
	snprintf(tname, sizeof(tname), "btf_trace_%s", name);
	id = types__find(types, tname, BTF_KIND_TYPEDEF);
	if (!id)
		return NULL;
	t = btf__type_by_id(types->btf, btf__type_by_id(types->btf, id)->type);
	if (!t || !btf_is_ptr(t))
		return NULL;
	t = btf__type_by_id(types->btf, t->type);
	return t && btf_is_func_proto(t) && btf_vlen(t) >= 1 ? t : NULL;
}

/* The index in the raw tracepoint's context of the prototype's argument name, or -1. */
static int proto_arg(const struct fetch_compiler *fc, const char *name, __u32 *type)
{
	const struct btf_param *p;
	char positional[16];

	if (!fc->proto)
		return -1;
	p = btf_params(fc->proto);
	for (int i = fc->first; i < btf_vlen(fc->proto) && i - fc->first < BT_FETCH_MAX_ARGS; i++) {
		/* argN too, on every kernel: BTF without the names has only those */
		snprintf(positional, sizeof(positional), "arg%d", i - fc->first);
		if (!strcmp(fc->arg_names[i - fc->first], name) || !strcmp(positional, name)) {
			*type = p[i].type;
			return i - fc->first;
		}
	}
	return -1;
}

/* Whether FUNC_PROTO a has b's parameters, by type (BTF is deduplicated: the same ids). */
static bool same_params(const struct btf_type *a, const struct btf_type *b)
{
	if (btf_vlen(a) != btf_vlen(b))
		return false;
	for (int i = 0; i < btf_vlen(a); i++) {
		if (btf_params(a)[i].type != btf_params(b)[i].type)
			return false;
	}
	return true;
}

/*
 * The __bpf_trace_ functions of a BTF, found in one pass and kept for the next events: each
 * event would else scan every type of the kernel's (some 150000) twice.
 */
static struct {
	const struct btf *btf;
	__u32 ntypes;
	__u32 *ids;
	int n;
} trace_funcs;

static int trace_funcs_find(const struct btf *btf)
{
	__u32 n = btf__type_cnt(btf);
	int cap = 0;

	if (trace_funcs.btf == btf && trace_funcs.ntypes == n)
		return 0;
	free(trace_funcs.ids);
	memset(&trace_funcs, 0, sizeof(trace_funcs));
	for (__u32 id = 1; id < n; id++) {
		const struct btf_type *f = btf__type_by_id(btf, id);

		if (!btf_is_func(f) ||
		    strncmp(btf__name_by_offset(btf, f->name_off), "__bpf_trace_", 12))
			continue;
		if (trace_funcs.n == cap) {
			__u32 *p = realloc(trace_funcs.ids, (cap ? 2 * cap : 256) * sizeof(*p));

			if (!p)
				return -ENOMEM;
			trace_funcs.ids = p;
			cap = cap ? 2 * cap : 256;
		}
		trace_funcs.ids[trace_funcs.n++] = id;
	}
	trace_funcs.btf = btf;
	trace_funcs.ntypes = n;
	return 0;
}

/*
 * The arguments' names: the btf_trace_<name> typedef has none, the function the kernel calls
 * the programs through has them, __bpf_trace_<class> with the event's class's name. It is
 * <name> for an event that is its own class; else the functions of that prototype are
 * looked through, and their names are taken when they all agree. Else, and for any argument
 * without one: arg0, arg1...
 */
static void name_args(struct fetch_compiler *fc, const char *event)
{
	const struct btf_type *found = NULL, *t;
	int nargs = btf_vlen(fc->proto) - 1;
	bool agree = true, named = false;

	if (trace_funcs_find(fc->btf))
		trace_funcs.n = 0; /* no memory: the names by position */
	for (int k = 0; k < trace_funcs.n && !found; k++) {
		const struct btf_type *f = btf__type_by_id(fc->btf, trace_funcs.ids[k]);

		t = btf__type_by_id(fc->btf, f->type);
		if (!strcmp(btf__name_by_offset(fc->btf, f->name_off) + 12, event) &&
		    btf_is_func_proto(t) && same_params(t, fc->proto))
			found = t;
	}
	for (int k = 0; !found && k < trace_funcs.n && agree; k++) {
		const struct btf_type *f = btf__type_by_id(fc->btf, trace_funcs.ids[k]);

		t = btf__type_by_id(fc->btf, f->type);
		if (!btf_is_func_proto(t) || !same_params(t, fc->proto))
			continue;
		for (int i = 1; i <= nargs && i <= BT_FETCH_MAX_ARGS && named; i++) {
			if (strcmp(fc->arg_names[i - 1],
				   btf__name_by_offset(fc->btf, btf_params(t)[i].name_off)))
				agree = false;
		}
		for (int i = 1; i <= nargs && i <= BT_FETCH_MAX_ARGS; i++)
			snprintf(fc->arg_names[i - 1], TP_NAME_MAX, "%s",
				 btf__name_by_offset(fc->btf, btf_params(t)[i].name_off));
		named = true;
	}
	for (int i = 1; found && i <= nargs && i <= BT_FETCH_MAX_ARGS; i++)
		snprintf(fc->arg_names[i - 1], TP_NAME_MAX, "%s",
			 btf__name_by_offset(fc->btf, btf_params(found)[i].name_off));
	for (int i = 0; i < nargs && i < BT_FETCH_MAX_ARGS; i++) {
		if (!agree || !fc->arg_names[i][0])
			snprintf(fc->arg_names[i], TP_NAME_MAX, "arg%d", i);
	}
}

/* "no field or argument 'x': its fields are ...; its arguments are ..." */
static int unknown_root(struct fetch_compiler *fc, const char *root)
{
	int len;

	if (fc->kfunc) {
		snprintf(fc->err, fc->size, "%s has no argument '%s': its arguments are",
			 fc->ev->full, root);
		for (int i = 0; i < btf_vlen(fc->proto) && i < BT_FETCH_MAX_ARGS; i++)
			append(fc->err, fc->size, "%s %s", i ? "," : "", fc->arg_names[i]);
		if (!btf_vlen(fc->proto))
			append(fc->err, fc->size, " none");
		return -EINVAL;
	}
	len = snprintf(fc->err, fc->size, "%s has no field%s '%s': its format's fields are",
		       fc->ev->full, fc->proto ? " or argument" : "", root);
	if (len < 0 || (size_t)len >= fc->size)
		return -EINVAL;
	for (int k = 0; k < fc->ev->nfields; k++)
		append(fc->err, fc->size, "%s %s", k ? "," : "", fc->ev->fields[k].name);
	if (!fc->ev->nfields)
		append(fc->err, fc->size, " none");
	if (!fc->proto) {
		if (!fc->btf)
			append(fc->err, fc->size,
			       " (without BTF, no fetch expressions on its "
			       "arguments)");
		return -EINVAL;
	}
	append(fc->err, fc->size, "; its BTF prototype's arguments (for '->' and '.') are");
	for (int i = 1; i < btf_vlen(fc->proto) && i <= BT_FETCH_MAX_ARGS; i++)
		append(fc->err, fc->size, "%s %s", i > 1 ? "," : "", fc->arg_names[i - 1]);
	return -EINVAL;
}

/* The root of an expression: its leading identifier, copied into root. */
static const char *parse_root(const char *s, char *root, size_t size)
{
	size_t n = 0;

	while ((isalnum((unsigned char)s[n]) || s[n] == '_') && n + 1 < size) {
		root[n] = s[n];
		n++;
	}
	root[n] = '\0';
	return s + n;
}

static int compile_item(struct fetch_compiler *fc, struct tp_item *item)
{
	char text[TP_EXPR_MAX], root[TP_NAME_MAX], name[TP_NAME_MAX];
	struct fetch_place pl = {0};
	const char *p, *colon;
	bool string = false;
	int err, field, arg;
	__u32 type = 0;

	fc->expr = item->text;
	snprintf(text, sizeof(text), "%s", item->text);
	colon = strchr(text, ':');
	if (colon) {
		if (strcmp(colon, ":string"))
			return fail_at(fc,
				       "unknown type '%s': ':string' (read a string where the "
				       "value points) is the one there is",
				       colon);
		string = true;
		text[colon - text] = '\0';
	}
	p = parse_root(text, root, sizeof(root));
	if (!*root)
		return fail_at(fc, "an expression starts with a field's or an argument's name");
	field = tp_event__field(fc->ev, root);
	arg = fc->ev->raw ? proto_arg(fc, root, &type) : -1;
	if (fc->ev->raw) {
		if (arg < 0) {
			if (field >= 0)
				return fail_at(fc,
					       "'%s' is a field of the format, and the list "
					       "reads the BTF prototype's arguments: it reads "
					       "either, not both (name the value through an "
					       "argument, as 'prev->pid' for prev_pid)",
					       root);
			return unknown_root(fc, root);
		}
		if ((err = emit(fc, BT_FETCH_ARG, arg, 8)))
			return err;
		pl.type = type;
	} else {
		const struct tp_field *f = field >= 0 ? &fc->ev->fields[field] : NULL;
		struct arg_type at;

		if (!f)
			return unknown_root(fc, root);
		if (f->kind != TP_FIELD_SCALAR && f->kind != TP_FIELD_POINTER)
			return fail_at(fc,
				       "'%s' is an array in the entry, shown whole: name it "
				       "alone",
				       root);
		if ((err = emit(fc, BT_FETCH_FIELD, f->offset, f->size)))
			return err;
		if (fc->btf && !types__resolve(fc->types, f->type, &at)) {
			if (at.ptr_depth == 1 && !at.is_void)
				pl.ptr_to = at.base_id;
			else if (at.ptr_depth == 0)
				pl.type = at.base_id;
		}
		if (*p && !pl.type && !pl.ptr_to)
			return fail_at(fc, "BTF does not know the type of '%s' (%s) to follow it",
				       root, f->type);
	}
	while (*p) {
		if (!strncmp(p, "->", 2) || *p == '.') {
			bool arrow = *p == '-';

			p = parse_root(p + (arrow ? 2 : 1), name, sizeof(name));
			if (!*name)
				return fail_at(fc, "a member's name comes after '%s'",
					       arrow ? "->" : ".");
			if (pl.bitfield)
				return fail_at(fc, "a bitfield has no members");
			if (arrow && (err = load_pointer(fc, &pl)))
				return err;
			if (!arrow && !pl.in_mem)
				return fail_at(fc,
					       "'%s' is no struct in memory: '->' follows a "
					       "pointer",
					       root);
			if ((err = member(fc, &pl, name)))
				return err;
		} else if (*p == '[') {
			char *end;
			unsigned long index = strtoul(p + 1, &end, 10);

			if (end == p + 1 || *end != ']')
				return fail_at(fc, "an index is a number in brackets: [2]");
			if (pl.bitfield)
				return fail_at(fc, "a bitfield has no elements");
			if ((err = element(fc, &pl, index)))
				return err;
			p = end + 1;
		} else {
			return fail_at(fc,
				       "unexpected '%s': after a name come '->member', "
				       "'.member', '[index]' or ':string'",
				       p);
		}
	}
	return output(fc, &pl, string, item);
}

int tp_fetch_compile(struct tp_event *ev, const struct types *types, char *err, size_t size)
{
	struct fetch_compiler fc = {
		.ev = ev,
		.types = types,
		.btf = types ? types->btf : NULL,
		.err = err,
		.size = size,
	};
	char root[TP_NAME_MAX];
	__u32 type;
	int rc;

	if (!ev->has_fetch)
		return 0;
	fc.proto = event_proto(types, ev->name);
	fc.first = 1;
	if (fc.proto)
		name_args(&fc, ev->name);
	/* on the arguments when an expression starts at one the format does not have */
	ev->raw = false;
	for (int i = 0; fc.proto && i < ev->nshown; i++) {
		parse_root(ev->shown[i].text, root, sizeof(root));
		if (tp_event__field(ev, root) < 0 && proto_arg(&fc, root, &type) >= 0)
			ev->raw = true;
	}
	ev->fetch = calloc(1, sizeof(*ev->fetch));
	if (!ev->fetch)
		return -ENOMEM;
	if (ev->raw) {
		if (btf_vlen(fc.proto) - 1 > BT_FETCH_MAX_ARGS) {
			snprintf(err, size,
				 "%s has %d arguments, more than the %d a raw tracepoint "
				 "passes",
				 ev->full, btf_vlen(fc.proto) - 1, BT_FETCH_MAX_ARGS);
			return -EINVAL;
		}
		ev->fetch->nargs = btf_vlen(fc.proto) - 1;
	}
	for (int i = 0; i < ev->nshown; i++) {
		struct tp_item *item = &ev->shown[i];

		if (!ev->raw && item->field >= 0)
			continue;
		item->field = -1; /* an argument's value, even named as a field is */
		rc = compile_item(&fc, item);
		if (rc)
			return rc;
	}
	return 0;
}

int kfunc_fetch_compile(const struct btf *btf, __u32 func_id, const char *func,
			struct tp_item *items, int nitems, struct bt_fetch_prog *prog, char *err,
			size_t size)
{
	/* a kernel function is an event of no fields whose arguments are all there is */
	struct tp_event ev = {
		.shown = items,
		.nshown = nitems,
		.has_fetch = true,
		.raw = true,
		.fetch = prog,
	};
	struct fetch_compiler fc = {
		.ev = &ev,
		.btf = btf,
		.kfunc = true,
		.err = err,
		.size = size,
	};
	const struct btf_type *f = btf__type_by_id(btf, func_id);
	int rc = 0;

	snprintf(ev.full, sizeof(ev.full), "%s", func);
	fc.proto = f && btf_is_func(f) ? btf__type_by_id(btf, f->type) : NULL;
	if (!fc.proto || !btf_is_func_proto(fc.proto)) {
		snprintf(err, size, "%s: BTF has no prototype of it to read its arguments by",
			 func);
		return -EINVAL;
	}
	/* a function's prototype keeps its parameters' names */
	for (int i = 0; i < btf_vlen(fc.proto) && i < BT_FETCH_MAX_ARGS; i++) {
		const char *name = btf__name_by_offset(btf, btf_params(fc.proto)[i].name_off);

		if (name && *name)
			snprintf(fc.arg_names[i], TP_NAME_MAX, "%s", name);
		else
			snprintf(fc.arg_names[i], TP_NAME_MAX, "arg%d", i);
	}
	memset(prog, 0, sizeof(*prog));
	prog->nargs =
		btf_vlen(fc.proto) < BT_FETCH_MAX_ARGS ? btf_vlen(fc.proto) : BT_FETCH_MAX_ARGS;
	for (int i = 0; i < nitems && !rc; i++) {
		items[i].field = -1;
		rc = compile_item(&fc, &items[i]);
	}
	return rc;
}

int tp_fetch_args(const struct types *types, const char *name, struct tp_fetch_arg *args, int max)
{
	struct tp_event ev = {0};
	struct fetch_compiler fc = {
		.ev = &ev,
		.types = types,
		.btf = types ? types->btf : NULL,
	};
	int n = 0;

	fc.proto = event_proto(types, name);
	if (!fc.proto)
		return 0;
	name_args(&fc, name);
	for (int i = 1; i < btf_vlen(fc.proto) && i <= BT_FETCH_MAX_ARGS && n < max; i++, n++) {
		snprintf(args[n].name, sizeof(args[n].name), "%s", fc.arg_names[i - 1]);
		type_name(fc.btf, btf_params(fc.proto)[i].type, args[n].type, sizeof(args[n].type));
	}
	return n;
}

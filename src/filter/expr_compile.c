// SPDX-License-Identifier: GPL-2.0
/*
 * --filter: the compiler of a parsed expression and of the options that add
 * to it (-Z, --uid...). It resolves names against the catalog and the
 * decoder's constant tables and emits the jump program the collector runs
 * (src/bpf/filter_prog.h); and it lists such a program for -d.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/values.h"
#include "base/xlat.h"
#include "filter/expr_tree.h"
#include "filter/fields.h"
#include "types/types.h"

bool filter_spec__active(const struct filter_spec *spec)
{
	return spec->expr || spec->failed || spec->successful || spec->min_duration_ns ||
	       spec->comm || spec->has_uid || spec->has_cgroup;
}

bool filter_spec__needs_exit(const struct filter_spec *spec)
{
	return (spec->expr && spec->expr->has_exit) || spec->failed || spec->successful ||
	       spec->min_duration_ns;
}

#define LABEL_ACCEPT (-1)
#define LABEL_REJECT (-2)
/* one per && and || node and comm term, one between the ANDed options: never exhausted */
#define MAX_LABELS (FILTER_MAX_NODES * 2 + 16)

struct compiler {
	const struct filter_spec *spec;
	const struct catalog *cat;
	const struct types *types;
	const struct tp_set *events; /* -e SUBSYS:EVENT's, whose fields may be named; or NULL */
	struct filter_compiled *out;
	char *err;
	size_t err_size;
	int jt[BT_FILTER_MAX_INSNS], jf[BT_FILTER_MAX_INSNS]; /* labels */
	int label_pos[MAX_LABELS];
	int nlabels;
};

static int new_label(struct compiler *c)
{
	if (c->nlabels == MAX_LABELS)
		return -E2BIG;
	c->label_pos[c->nlabels] = -1;
	return c->nlabels++;
}

static void place(struct compiler *c, int label)
{
	c->label_pos[label] = c->out->prog.len;
}

static int emit(struct compiler *c, int col, int field, enum bt_filter_op op, __u64 val, int t,
		int f, bool positive)
{
	const struct filter_field *row = filter_field_row(field);
	struct bt_filter_prog *prog = &c->out->prog;
	struct bt_filter_insn *insn;

	if (prog->len == BT_FILTER_MAX_INSNS) {
		filter_set_error(
			c->err, c->err_size, col,
			"more than %d comparisons (comm == NAME counts 2): split the filter",
			BT_FILTER_MAX_INSNS);
		return -E2BIG;
	}
	insn = &prog->insns[prog->len];
	insn->field = field;
	insn->op = op;
	insn->val = val;
	insn->flags = row->insn_flags | (positive ? BT_FI_POSITIVE : 0);
	prog->uses |= row->uses;
	c->jt[prog->len] = t;
	c->jf[prog->len] = f;
	prog->len++;
	return 0;
}

/* A comm (or any 16 bytes) as the two little-endian words the collector compares. */
static void comm_words(const char *name, __u64 *lo, __u64 *hi)
{
	unsigned char bytes[BT_COMM_LEN] = {0};
	size_t len = strlen(name);

	memcpy(bytes, name, len < BT_COMM_LEN - 1 ? len : BT_COMM_LEN - 1);
	*lo = *hi = 0;
	for (int i = 7; i >= 0; i--) {
		*lo = *lo << 8 | bytes[i];
		*hi = *hi << 8 | bytes[8 + i];
	}
}

/* comm == NAME: both words equal; comm != NAME: either differs. */
static int emit_comm(struct compiler *c, int col, enum bt_filter_op op, const char *name, int t,
		     int f, bool positive)
{
	int mid = new_label(c), err;
	__u64 lo, hi;

	if (mid < 0)
		return mid;
	comm_words(name, &lo, &hi);
	if (op == BT_FOP_EQ)
		err = emit(c, col, BT_FF_COMM_LO, op, lo, mid, f, positive);
	else
		err = emit(c, col, BT_FF_COMM_LO, op, lo, t, mid, positive);
	if (err)
		return err;
	place(c, mid);
	return emit(c, col, BT_FF_COMM_HI, op, hi, t, f, positive);
}

static void set_remove(struct syscall_set *set, int nr)
{
	set->bits[nr / 64] &= ~(1ULL << (nr % 64));
}

static bool traced_has_arg(const struct compiler *c, int nr, const char *name)
{
	const struct syscall_desc *d = catalog__by_nr(c->cat, nr);

	return d && d->has_format && syscall_desc__arg_index(d, name) >= 0;
}

static bool catalog_has_arg(const struct catalog *cat, const char *name)
{
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		const struct syscall_desc *d = catalog__by_nr(cat, nr);

		if (d && d->has_format && syscall_desc__arg_index(d, name) >= 0)
			return true;
	}
	return false;
}

/* How a number field of an event widens to 64 bits, as a syscall's argument of its C type. */
static int field_cast(const struct tp_field *f)
{
	if (f->kind == TP_FIELD_POINTER || f->size >= 8)
		return f->kind == TP_FIELD_POINTER || f->size == 8 ? BT_CAST_U64 : -1;
	if (f->kind != TP_FIELD_SCALAR)
		return -1;
	switch (f->size) {
	case 4:
		return f->is_signed ? BT_CAST_S32 : BT_CAST_U32;
	case 2:
		return f->is_signed ? BT_CAST_S16 : BT_CAST_U16;
	case 1:
		return f->is_signed ? BT_CAST_S8 : BT_CAST_U8;
	}
	return -1;
}

/* The number field name of event ev: its index, or -1 (none, or no number). */
static int event_number_field(const struct tp_event *ev, const char *name)
{
	int i = tp_event__field(ev, name);

	return i >= 0 && field_cast(&ev->fields[i]) >= 0 ? i : -1;
}

/* Whether an event selected has a number field called name. */
static bool events_have(const struct compiler *c, const char *name)
{
	for (size_t i = 0; c->events && i < c->events->n; i++) {
		if (event_number_field(&c->events->events[i], name) >= 0)
			return true;
	}
	return false;
}

/* The named-argument slot of name, allocated on first use. */
static int name_slot(struct compiler *c, const char *name, int col)
{
	struct filter_compiled *out = c->out;

	for (int i = 0; i < out->nnames; i++) {
		if (!strcmp(out->names[i], name))
			return i;
	}
	if (out->nnames == BT_FILTER_MAX_NAMES) {
		filter_set_error(c->err, c->err_size, col,
				 "more than %d different argument names in one filter",
				 BT_FILTER_MAX_NAMES);
		return -E2BIG;
	}
	snprintf(out->names[out->nnames], sizeof(out->names[0]), "%s", name);
	return out->nnames++;
}

/* A constant of argument name in syscall nr's table: 0, or -ENOENT. */
static int arg_const(const struct compiler *c, int nr, const char *arg, const char *name,
		     __u64 *val)
{
	const struct syscall_desc *d = catalog__by_nr(c->cat, nr);
	const struct value_printer *vp = d ? value_printer_find(d->name, arg) : NULL;
	uint64_t v;

	if (!vp || value_printer_const(vp, name, &v))
		return -ENOENT;
	*val = v;
	return 0;
}

static bool any_table_knows(const struct compiler *c, const char *arg, const char *name)
{
	__u64 v;

	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (traced_has_arg(c, nr, arg) && !arg_const(c, nr, arg, name, &v))
			return true;
	}
	return false;
}

/*
 * First pass over the terms: checks every field name, and narrows the traced
 * set to the syscalls that have each argument named and know each constant
 * given to it. Recurses over the tree, bounded by FILTER_MAX_DEPTH and nodes.
 */
static int restrict_set(struct compiler *c, const struct filter_expr *e, int i)
{
	const struct filter_node *n = &e->nodes[i];
	struct syscall_set *set = &c->out->traced;
	int err;

	if (n->kind != N_TERM) {
		err = restrict_set(c, e, n->a);
		if (!err && n->b >= 0)
			err = restrict_set(c, e, n->b);
		return err;
	}
	if (n->keyword >= 0)
		return 0;
	if (!catalog_has_arg(c->cat, n->field) && !events_have(c, n->field)) {
		char names[256];

		filter_field_names(names, sizeof(names));
		filter_set_error(
			c->err, c->err_size, n->col,
			"unknown field '%s': give %s, an argument name ('btftrace syscalls' "
			"lists them) or a number field of an event -e selects",
			n->field, names);
		return -EINVAL;
	}
	err = name_slot(c, n->field, n->col);
	if (err < 0)
		return err;
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (syscall_set__has(set, nr) && !traced_has_arg(c, nr, n->field))
			set_remove(set, nr);
	}
	/* an event's field: the events that have it decide by it, no syscall need */
	if (!syscall_set__count(set) && !events_have(c, n->field)) {
		filter_set_error(
			c->err, c->err_size, n->col,
			"no traced syscall has an argument called '%s': trace one that has "
			"('btftrace syscalls' lists them), or drop the term",
			n->field);
		return -EINVAL;
	}
	for (int p = 0; p < n->nparts; p++) {
		const struct value_part *part = &n->parts[p];
		__u64 v;

		if (!part->is_name)
			continue;
		for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
			if (syscall_set__has(set, nr) && arg_const(c, nr, n->field, part->name, &v))
				set_remove(set, nr);
		}
		if (syscall_set__count(set))
			continue;
		if (any_table_knows(c, n->field, part->name))
			filter_set_error(
				c->err, c->err_size, part->col,
				"no traced syscall takes '%s' in its argument %s: trace one "
				"that does",
				part->name, n->field);
		else
			filter_set_error(
				c->err, c->err_size, part->col,
				"unknown constant '%s' for %s: give a number, or a name the "
				"decoder prints for it",
				part->name, n->field);
		return -EINVAL;
	}
	return 0;
}

/* The value of a named argument's constant, the same in every syscall left. */
static int named_const(struct compiler *c, const struct filter_node *n,
		       const struct value_part *part, __u64 *val)
{
	const struct syscall_desc *first = NULL;
	bool found = false;
	__u64 v;

	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (!syscall_set__has(&c->out->traced, nr) ||
		    arg_const(c, nr, n->field, part->name, &v))
			continue;
		if (found && v != *val) {
			filter_set_error(c->err, c->err_size, part->col,
					 "'%s' is %#llx for %s's %s but %#llx for %s's: choose the "
					 "syscalls with -e",
					 part->name, (unsigned long long)*val, first->name,
					 n->field, (unsigned long long)v,
					 catalog__by_nr(c->cat, nr)->name);
			return -EINVAL;
		}
		if (!found)
			first = catalog__by_nr(c->cat, nr);
		found = true;
		*val = v;
	}
	return found ? 0 : -EINVAL;
}

static int name_value(struct compiler *c, const struct filter_node *n, int field,
		      const struct value_part *part, __u64 *val)
{
	const struct syscall_desc *d;
	uint64_t v;

	if (field >= BT_FF_NAMED0 && field < BT_FF_NAMED0 + BT_FILTER_MAX_NAMES)
		return named_const(c, n, part, val);
	if (field == BT_FF_SYSCALL) {
		/* x86_64's, which i386's namesake matches too; else an i386-only call's id */
		d = catalog__by_name(c->cat, part->name);
		if (!d)
			d = catalog__next_by_name(c->cat, part->name, -1);
		if (!d) {
			filter_set_error(c->err, c->err_size, part->col,
					 "unknown syscall '%s': 'btftrace syscalls' lists them all",
					 part->name);
			return -EINVAL;
		}
		*val = d->nr;
		return 0;
	}
	if (field == BT_FF_ERRNO) {
		if (xlat_value(xlat_find("errnos"), part->name, &v)) {
			filter_set_error(c->err, c->err_size, part->col,
					 "unknown errno '%s': give a name like ENOENT, or a number",
					 part->name);
			return -EINVAL;
		}
		*val = v;
		return 0;
	}
	filter_set_error(c->err, c->err_size, part->col, "expected a number for %s, found '%s'",
			 n->field, part->name);
	return -EINVAL;
}

/* The constant a term compares with: its parts ORed. */
static int term_value(struct compiler *c, const struct filter_node *n, int field, __u64 *val)
{
	*val = 0;
	if (!n->has_value)
		return 0;
	if (n->is_string) {
		filter_set_error(c->err, c->err_size, n->val_col,
				 "a string only compares with comm; %s takes numbers", n->field);
		return -EINVAL;
	}
	for (int p = 0; p < n->nparts; p++) {
		const struct value_part *part = &n->parts[p];
		__u64 v = 0;
		int err;

		if (part->is_name) {
			err = name_value(c, n, field, part, &v);
			if (err)
				return err;
		} else if (part->unit_ns && field != BT_FF_DURATION) {
			filter_set_error(c->err, c->err_size, part->col,
					 "a unit goes with duration only, not with %s", n->field);
			return -EINVAL;
		} else {
			v = part->unit_ns ? part->num * part->unit_ns : part->num;
		}
		*val |= v;
	}
	return 0;
}

static int gen_term(struct compiler *c, const struct filter_node *n, int t, int f, bool positive)
{
	int field = n->keyword, slot;
	__u64 val;
	int err;

	if (field == BT_FF_COMM_LO) {
		char name[FILTER_MAX_WORD + 1];

		if (!n->has_value || (n->op != BT_FOP_EQ && n->op != BT_FOP_NE)) {
			filter_set_error(c->err, c->err_size, n->col,
					 "comm compares with == or != and a name: comm == \"cat\"");
			return -EINVAL;
		}
		if (n->is_string) {
			snprintf(name, sizeof(name), "%s", n->str);
		} else if (n->nparts == 1 && n->parts[0].is_name) {
			snprintf(name, sizeof(name), "%s", n->parts[0].name);
		} else {
			filter_set_error(c->err, c->err_size, n->val_col,
					 "comm compares with a name: comm == \"cat\"");
			return -EINVAL;
		}
		return emit_comm(c, n->col, n->op, name, t, f, positive);
	}
	if (field < 0) {
		slot = name_slot(c, n->field, n->col);
		if (slot < 0)
			return slot;
		field = BT_FF_NAMED0 + slot;
	}
	err = term_value(c, n, field, &val);
	if (err)
		return err;
	return emit(c, n->col, field, n->op, val, t, f, positive);
}

static int gen_node(struct compiler *c, const struct filter_expr *e, int i, int t, int f,
		    bool positive)
{
	const struct filter_node *n = &e->nodes[i];
	int mid, err;

	switch (n->kind) {
	case N_TERM:
		return gen_term(c, n, t, f, positive);
	case N_NOT:
		return gen_node(c, e, n->a, f, t, !positive);
	case N_AND:
	case N_OR:
		mid = new_label(c);
		if (mid < 0)
			return mid;
		err = n->kind == N_AND ? gen_node(c, e, n->a, mid, f, positive)
				       : gen_node(c, e, n->a, t, mid, positive);
		if (err)
			return err;
		place(c, mid);
		return gen_node(c, e, n->b, t, f, positive);
	}
	return -EINVAL;
}

/* How a named argument widens from its C type; fds compare as ints whatever their declared type. */
static __u8 arg_cast(const struct compiler *c, const struct syscall_desc *d, int idx)
{
	const struct value_printer *vp = value_printer_find(d->name, d->args[idx].name);
	struct arg_type at;

	if (vp && (vp->kind == VK_FD || vp->kind == VK_DIRFD || vp->kind == VK_SIGNAL))
		return BT_CAST_S32;
	types__resolve(c->types, d->args[idx].type, &at);
	if (at.ptr_depth || at.value_size >= 8 || at.value_size == 0)
		return BT_CAST_U64;
	switch (at.value_size) {
	case 4:
		return at.is_signed ? BT_CAST_S32 : BT_CAST_U32;
	case 2:
		return at.is_signed ? BT_CAST_S16 : BT_CAST_U16;
	default:
		return at.is_signed ? BT_CAST_S8 : BT_CAST_U8;
	}
}

/* Each traced syscall's places of the named arguments, and their widening. */
static void fill_args(struct compiler *c)
{
	struct filter_compiled *out = c->out;
	bool all_u64[BT_FILTER_MAX_NAMES];

	for (int k = 0; k < out->nnames; k++)
		all_u64[k] = true;
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		const struct syscall_desc *d = catalog__by_nr(c->cat, nr);

		if (!d || !syscall_set__has(&out->traced, nr))
			continue;
		for (int k = 0; k < out->nnames; k++) {
			int idx = syscall_desc__arg_index(d, out->names[k]);

			if (idx < 0)
				continue;
			out->args[nr].index[k] = idx;
			out->args[nr].cast[k] = arg_cast(c, d, idx);
			if (out->args[nr].cast[k] != BT_CAST_U64)
				all_u64[k] = false;
		}
	}
	for (size_t i = 0; c->events && i < c->events->n; i++) {
		const struct tp_event *ev = &c->events->events[i];

		for (int k = 0; k < out->nnames; k++) {
			int f = event_number_field(ev, out->names[k]);

			if (f >= 0 && field_cast(&ev->fields[f]) != BT_CAST_U64)
				all_u64[k] = false;
		}
	}
	/* sizes and counts (size_t, unsigned long) compare unsigned, as their C type does */
	for (__u32 i = 0; i < out->prog.len; i++) {
		struct bt_filter_insn *insn = &out->prog.insns[i];
		int k = insn->field - BT_FF_NAMED0;

		if (k >= 0 && k < out->nnames && all_u64[k])
			insn->flags |= BT_FI_UNSIGNED;
	}
}

static int resolve_labels(struct compiler *c)
{
	struct bt_filter_prog *prog = &c->out->prog;

	for (__u32 i = 0; i < prog->len; i++) {
		int labels[2] = {c->jt[i], c->jf[i]};
		__u8 target[2];

		for (int k = 0; k < 2; k++) {
			if (labels[k] == LABEL_ACCEPT)
				target[k] = BT_FILTER_ACCEPT;
			else if (labels[k] == LABEL_REJECT)
				target[k] = BT_FILTER_REJECT;
			else if (c->label_pos[labels[k]] > (int)i &&
				 c->label_pos[labels[k]] < (int)prog->len)
				target[k] = c->label_pos[labels[k]];
			else
				return -EINVAL; /* a backward jump: a bug of this compiler */
		}
		prog->insns[i].jt = target[0];
		prog->insns[i].jf = target[1];
	}
	return 0;
}

/* One condition the options add (-Z, --uid...), ANDed with the rest; field -1: the expression. */
struct extra_term {
	int field;
	enum bt_filter_op op;
	__u64 val;
	const char *comm;
};

void filter_event_slots(const struct filter_compiled *f, const struct tp_event *ev,
			struct bt_event_desc *desc)
{
	desc->filter_has = 0;
	for (int k = 0; f && k < f->nnames; k++) {
		int i = event_number_field(ev, f->names[k]);

		if (i < 0)
			continue;
		desc->filter_has |= 1U << k;
		desc->filter_off[k] = ev->fields[i].offset;
		desc->filter_size[k] = ev->fields[i].size;
		desc->filter_cast[k] = field_cast(&ev->fields[i]);
	}
}

int filter_spec__compile(const struct filter_spec *spec, const struct catalog *cat,
			 const struct types *types, const struct syscall_set *traced,
			 const struct tp_set *events, struct filter_compiled *out, char *err,
			 size_t err_size)
{
	struct compiler c = {.spec = spec,
			     .cat = cat,
			     .types = types,
			     .events = events,
			     .out = out,
			     .err = err,
			     .err_size = err_size};
	struct extra_term parts[8];
	int nparts = 0, ret, next_label;

	memset(out, 0, sizeof(*out));
	out->traced = *traced;
	/*
	 * The process conditions first (the cheapest to reject a call by), then
	 * the expression, then the result conditions, all ANDed. A part of
	 * field -1 stands for the expression.
	 */
	if (spec->comm)
		parts[nparts++] = (struct extra_term){BT_FF_COMM_LO, BT_FOP_EQ, 0, spec->comm};
	if (spec->has_uid)
		parts[nparts++] = (struct extra_term){BT_FF_UID, BT_FOP_EQ, spec->uid, NULL};
	if (spec->has_cgroup) {
		parts[nparts++] =
			(struct extra_term){BT_FF_CGROUP, BT_FOP_EQ, spec->cgroup_id, NULL};
		out->prog.cgroup_level = spec->cgroup_level;
	}
	if (spec->expr)
		parts[nparts++] = (struct extra_term){-1, BT_FOP_EQ, 0, NULL};
	if (spec->failed)
		parts[nparts++] = (struct extra_term){BT_FF_ERRNO, BT_FOP_NE, 0, NULL};
	if (spec->successful)
		parts[nparts++] = (struct extra_term){BT_FF_ERRNO, BT_FOP_EQ, 0, NULL};
	if (spec->min_duration_ns)
		parts[nparts++] =
			(struct extra_term){BT_FF_DURATION, BT_FOP_GE, spec->min_duration_ns, NULL};
	if (spec->expr && (ret = restrict_set(&c, spec->expr, spec->expr->root)))
		return ret;
	for (int k = 0; k < nparts; k++) {
		bool last = k == nparts - 1;

		next_label = LABEL_ACCEPT;
		if (!last && (next_label = new_label(&c)) < 0)
			return next_label;
		if (parts[k].field < 0)
			ret = gen_node(&c, spec->expr, spec->expr->root, next_label, LABEL_REJECT,
				       true);
		else if (parts[k].comm)
			ret = emit_comm(&c, 1, parts[k].op, parts[k].comm, next_label, LABEL_REJECT,
					true);
		else
			ret = emit(&c, 1, parts[k].field, parts[k].op, parts[k].val, next_label,
				   LABEL_REJECT, true);
		if (ret)
			return ret;
		if (!last)
			place(&c, next_label);
	}
	ret = resolve_labels(&c);
	if (ret) {
		snprintf(err, err_size, "--filter: internal error: a backward jump");
		return ret;
	}
	fill_args(&c);
	return 0;
}

/* ---------------------------------------------------------------- listing */

static const char *const op_names[] = {"==", "!=", "<", "<=", ">", ">=", "&"};

static size_t format_target(char *buf, size_t size, __u8 target)
{
	if (target == BT_FILTER_ACCEPT)
		return snprintf(buf, size, "accept");
	if (target == BT_FILTER_REJECT)
		return snprintf(buf, size, "reject");
	return snprintf(buf, size, "%u", target);
}

size_t filter_prog__format(const struct bt_filter_prog *prog, char *buf, size_t size)
{
	size_t n = 0;

	for (__u32 i = 0; i < prog->len && i < BT_FILTER_MAX_INSNS; i++) {
		const struct bt_filter_insn *insn = &prog->insns[i];
		char jt[16], jf[16], val[24], name[16];
		const char *field = filter_field_listing(insn->field, name, sizeof(name));
		const char *op = insn->op <= BT_FOP_AND ? op_names[insn->op] : "?";
		__s64 v = insn->val;

		if (v > -4096 && v < 4096)
			snprintf(val, sizeof(val), "%lld", (long long)v);
		else
			snprintf(val, sizeof(val), "%#llx", (unsigned long long)v);
		format_target(jt, sizeof(jt), insn->jt);
		format_target(jf, sizeof(jf), insn->jf);
		n += snprintf(buf + (n < size ? n : size), n < size ? size - n : 0,
			      "%u: %s %s %s ? %s : %s%s%s%s\n", i, field ? field : "?", op, val, jt,
			      jf, insn->flags & BT_FI_EXIT ? " exit" : "",
			      insn->flags & BT_FI_POSITIVE ? "" : " negated",
			      insn->flags & BT_FI_UNSIGNED ? " unsigned" : "");
	}
	return n;
}

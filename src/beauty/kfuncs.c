// SPDX-License-Identifier: GPL-2.0
/* --kfunc: kernel functions' prototypes from BTF, and what the collector copies of each. */
#include <errno.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "beauty/kfuncs.h"
#include "types/fetch.h"
#include "types/types.h"

static void dump_printf(void *ctx, const char *fmt, va_list args)
{
	char buf[512];
	int n = vsnprintf(buf, sizeof(buf), fmt, args);

	if (n > 0)
		outbuf_write(ctx, buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

/* One type as C declares it, with name after it when given ("struct file *file"). */
static void put_decl(struct btf_dump *dump, __u32 id, const char *name)
{
	LIBBPF_OPTS(btf_dump_emit_type_decl_opts, opts, .field_name = name ? name : "");

	btf_dump__emit_type_decl(dump, id, &opts);
}

int kfunc_format_proto(const struct btf *btf, __u32 func_id, struct outbuf *ob)
{
	const struct btf_type *func = btf__type_by_id(btf, func_id), *proto;
	const struct btf_param *p;
	struct btf_dump *dump;
	int n;

	if (!func || !btf_is_func(func))
		return -EINVAL;
	proto = btf__type_by_id(btf, func->type);
	if (!proto || !btf_is_func_proto(proto))
		return -EINVAL;
	dump = btf_dump__new(btf, dump_printf, ob, NULL);
	if (!dump)
		return -ENOMEM;
	put_decl(dump, proto->type, NULL);
	/* "char *" runs into the name; any other return type is a word before it */
	if (ob->len && ob->data[ob->len - 1] != '*')
		outbuf_putc(ob, ' ');
	outbuf_puts(ob, btf__name_by_offset(btf, func->name_off));
	outbuf_putc(ob, '(');
	n = btf_vlen(proto);
	p = btf_params(proto);
	for (int i = 0; i < n; i++, p++) {
		if (i)
			outbuf_puts(ob, ", ");
		/* a last parameter of no type: the function takes varargs */
		if (!p->type && i == n - 1)
			outbuf_puts(ob, "...");
		else
			put_decl(dump, p->type, btf__name_by_offset(btf, p->name_off));
	}
	if (!n)
		outbuf_puts(ob, "void");
	outbuf_putc(ob, ')');
	btf_dump__free(dump);
	return 0;
}

/* A type's name as C writes it, into buf. */
static int type_name(const struct btf *btf, __u32 id, char *buf, size_t size)
{
	struct outbuf ob;
	struct btf_dump *dump;

	outbuf_init(&ob);
	dump = btf_dump__new(btf, dump_printf, &ob, NULL);
	if (!dump) {
		outbuf_free(&ob);
		return -ENOMEM;
	}
	put_decl(dump, id, NULL);
	btf_dump__free(dump);
	snprintf(buf, size, "%.*s", (int)ob.len, ob.data ? ob.data : "");
	outbuf_free(&ob);
	return 0;
}

static void set_why(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
}

static bool is_signed_int(const struct btf_type *t)
{
	return btf_is_int(t) && (btf_int_encoding(t) & BTF_INT_SIGNED);
}

/* Whether the type at id, before its typedefs, is const (const char, a const struct). */
static bool is_const(const struct btf *btf, __u32 id)
{
	for (int depth = 0; id && depth < 32; depth++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (btf_is_const(t))
			return true;
		if (!btf_is_mod(t) && !btf_is_typedef(t) && !btf_is_type_tag(t))
			return false;
		id = t->type;
	}
	return false;
}

/* A number the way a register holds it: an integer, an enum, a bool; false for the rest. */
static bool is_number(const struct btf_type *t)
{
	return btf_is_int(t) || btf_is_enum(t) || btf_is_enum64(t);
}

/*
 * Argument p's plan: a number is kept as it is; a pointer to char is a string; a pointer to a
 * struct, union or number has its type's bytes copied (up to struct_cap); any other pointer is
 * an address. Returns 0, or -EINVAL for what fentry cannot take (a struct passed by value).
 */
static int plan_arg(const struct btf *btf, const struct btf_param *p, __u32 struct_cap,
		    struct kfunc_arg *a)
{
	__u32 id = types__skip_mods(btf, p->type), pointee;
	const struct btf_type *t = btf__type_by_id(btf, id), *pt;
	bool pointee_const;
	__s64 size;

	memset(a, 0, sizeof(*a));
	a->name = btf__name_by_offset(btf, p->name_off);
	if (!a->name)
		a->name = "";
	a->type_id = p->type;
	if (!t)
		return -EINVAL;
	if (is_number(t)) {
		a->kind = KFUNC_ARG_VALUE;
		a->is_signed =
			is_signed_int(t) || ((btf_is_enum(t) || btf_is_enum64(t)) && btf_kflag(t));
		a->size = t->size;
		return t->size <= 8 ? 0 : -EINVAL;
	}
	if (!btf_is_ptr(t))
		return -EINVAL;
	a->size = 8;
	a->kind = KFUNC_ARG_POINTER;
	pointee = types__skip_mods(btf, t->type);
	pointee_const = is_const(btf, t->type);
	pt = pointee ? btf__type_by_id(btf, pointee) : NULL;
	if (!pt)
		return 0;
	/* pahole writes char as a signed or plain one-byte int: its name says it */
	if (btf_is_int(pt) && pt->size == 1 &&
	    ((btf_int_encoding(pt) & BTF_INT_CHAR) ||
	     !strcmp(btf__name_by_offset(btf, pt->name_off), "char"))) {
		if (pointee_const)
			a->kind = KFUNC_ARG_STRING;
		return 0;
	}
	if (!btf_is_composite(pt) && !is_number(pt))
		return 0;
	size = btf__resolve_size(btf, pointee);
	if (size <= 0)
		return 0; /* a struct only declared here */
	a->kind = KFUNC_ARG_POINTEE;
	a->pointee_id = pointee;
	a->type_size = (__u32)size;
	a->capture = (__u32)size < struct_cap ? (__u32)size : struct_cap;
	return 0;
}

/* Function func_id, its prototype planned into k. Returns 0 or -EINVAL with why. */
static int plan_func(const struct btf *btf, __u32 func_id, __u32 struct_cap, struct kfunc *k,
		     char *why, size_t why_size)
{
	const struct btf_type *func = btf__type_by_id(btf, func_id);
	const struct btf_type *proto = btf__type_by_id(btf, func->type), *rt;
	const char *name = btf__name_by_offset(btf, func->name_off);
	const struct btf_param *p = btf_params(proto);
	int n = btf_vlen(proto);
	__u32 ret;

	memset(k, 0, sizeof(*k));
	snprintf(k->name, sizeof(k->name), "%s", name);
	snprintf(k->label, sizeof(k->label), "kfunc:%s", name);
	k->func_id = func_id;
	if (n > BT_KFUNC_ARGS) {
		set_why(why, why_size,
			"--kfunc %s: it takes %d arguments, and btftrace traces functions of at "
			"most %d: choose another function",
			name, n, BT_KFUNC_ARGS);
		return -EINVAL;
	}
	if (n && !p[n - 1].type) {
		set_why(why, why_size,
			"--kfunc %s: it takes variable arguments, which fentry cannot read: choose "
			"another function",
			name);
		return -EINVAL;
	}
	k->nargs = n;
	for (int i = 0; i < n; i++) {
		if (plan_arg(btf, &p[i], struct_cap, &k->args[i])) {
			set_why(why, why_size,
				"--kfunc %s: its argument %s is passed by value as a struct, which "
				"btftrace cannot read: choose another function",
				name, k->args[i].name);
			return -EINVAL;
		}
		if (type_name(btf, p[i].type, k->args[i].type, sizeof(k->args[i].type))) {
			set_why(why, why_size, "--kfunc %s: %s", name, strerror(ENOMEM));
			return -ENOMEM;
		}
	}
	ret = types__skip_mods(btf, proto->type);
	rt = ret ? btf__type_by_id(btf, ret) : NULL;
	if (rt && !is_number(rt) && !btf_is_ptr(rt)) {
		set_why(why, why_size,
			"--kfunc %s: it returns a struct by value, which btftrace cannot read: "
			"choose another function",
			name);
		return -EINVAL;
	}
	k->ret_id = proto->type;
	k->ret_is_pointer = rt && btf_is_ptr(rt);
	k->ret_is_signed = rt && is_signed_int(rt);
	k->ret_size = rt ? (btf_is_ptr(rt) ? 8 : rt->size) : 0;
	return 0;
}

static bool has_func(const struct kfunc_set *set, const char *name)
{
	for (size_t i = 0; i < set->n; i++) {
		if (!strcmp(set->funcs[i].name, name))
			return true;
	}
	return false;
}

static bool is_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

size_t kfunc_spec_len(const char *list)
{
	int depth = 0;
	size_t n = 0;

	/* a comma inside the parentheses separates the function's expressions, not functions */
	for (; list[n] && (depth || list[n] != ','); n++) {
		if (list[n] == '(')
			depth++;
		else if (list[n] == ')' && depth)
			depth--;
	}
	return n;
}

int kfunc_spec_parse(const char *spec, char *name, size_t name_size, struct tp_item **items,
		     int *nitems, char *why, size_t why_size)
{
	const char *paren = strchr(spec, '(');
	size_t head = paren ? (size_t)(paren - spec) : strlen(spec), len;
	char *list;
	int err;

	*items = NULL;
	*nitems = 0;
	if (!head || head >= name_size) {
		set_why(why, why_size, "--kfunc '%s': %s", spec,
			head ? "the function's name is too long"
			     : "a function's name comes first: vfs_read(file->f_pos, count)");
		return -EINVAL;
	}
	snprintf(name, name_size, "%.*s", (int)head, spec);
	if (!paren)
		return 0;
	len = strlen(paren);
	if (len < 2 || paren[len - 1] != ')' || memchr(paren + 1, '(', len - 2) ||
	    memchr(paren + 1, ')', len - 2)) {
		set_why(why, why_size,
			"--kfunc '%s': the expressions go in one pair of parentheses at the "
			"function's end: vfs_read(file->f_pos, count)",
			spec);
		return -EINVAL;
	}
	list = strndup(paren + 1, len - 2);
	if (!list)
		return -ENOMEM;
	err = tp_list_parse(name, list, items, nitems, why, why_size);
	free(list);
	if (err) {
		free(*items);
		*items = NULL;
		*nitems = 0;
	}
	return err;
}

/*
 * Compiles function k's expressions, a copy of items[0..n) (each function its own: the
 * compiler sets each item's type by the function's prototype).
 */
static int plan_fetch(const struct btf *btf, struct kfunc *k, const struct tp_item *items, int n,
		      char *why, size_t why_size)
{
	int err;

	k->shown = calloc(n, sizeof(*k->shown));
	k->shown_types = calloc(n, sizeof(*k->shown_types));
	k->fetch = calloc(1, sizeof(*k->fetch));
	if (!k->shown || !k->shown_types || !k->fetch) {
		kfunc__free_fetch(k);
		return -ENOMEM;
	}
	memcpy(k->shown, items, n * sizeof(*items));
	k->nshown = n;
	err = kfunc_fetch_compile(btf, k->func_id, k->name, k->shown, n, k->fetch, why, why_size);
	for (int i = 0; !err && i < n; i++) {
		if (k->shown[i].kind == TP_FETCH_STRING)
			snprintf(k->shown_types[i], sizeof(k->shown_types[i]), "char *");
		else if (type_name(btf, k->shown[i].btf_id, k->shown_types[i],
				   sizeof(k->shown_types[i])))
			err = -ENOMEM;
	}
	return err;
}

void kfunc__free_fetch(struct kfunc *k)
{
	free(k->shown);
	free(k->shown_types);
	free(k->fetch);
	k->shown = NULL;
	k->shown_types = NULL;
	k->fetch = NULL;
	k->nshown = 0;
}

int kfunc_set__add(struct kfunc_set *set, const struct btf *btf, const char *spec, __u32 struct_cap,
		   char *why, size_t why_size)
{
	__u32 n = btf__type_cnt(btf);
	char name[KFUNC_NAME_MAX];
	struct tp_item *items;
	int added = 0, err, nitems;

	err = kfunc_spec_parse(spec, name, sizeof(name), &items, &nitems, why, why_size);
	if (err)
		return err;

	for (__u32 id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *fn;

		if (!btf_is_func(t))
			continue;
		fn = btf__name_by_offset(btf, t->name_off);
		if (!fn || (is_glob(name) ? fnmatch(name, fn, 0) : strcmp(name, fn)))
			continue;
		/* a static function of the same name in another file: the first is traced */
		if (has_func(set, fn))
			continue;
		if (set->n == BT_KFUNC_MAX) {
			set_why(why, why_size,
				"--kfunc %s: more than %d functions selected, the most btftrace "
				"traces at once: name fewer ('btftrace kfuncs %s' lists them)",
				name, BT_KFUNC_MAX, name);
			free(items);
			return -E2BIG;
		}
		if (set->n == set->cap) {
			size_t cap = set->cap ? 2 * set->cap : 8;
			struct kfunc *p = realloc(set->funcs, cap * sizeof(*p));

			if (!p) {
				set_why(why, why_size, "--kfunc %s: %s", name, strerror(ENOMEM));
				free(items);
				return -ENOMEM;
			}
			set->funcs = p;
			set->cap = cap;
		}
		err = plan_func(btf, id, struct_cap, &set->funcs[set->n], why, why_size);
		if (err && !is_glob(name)) {
			free(items);
			return err;
		}
		/* a glob leaves out what cannot be traced, rather than fail for it */
		if (err)
			continue;
		set->funcs[set->n].shown = NULL;
		set->funcs[set->n].shown_types = NULL;
		set->funcs[set->n].fetch = NULL;
		set->funcs[set->n].nshown = 0;
		/* a wrong expression fails for a glob too: it is the user's, not the kernel's */
		if (nitems &&
		    (err = plan_fetch(btf, &set->funcs[set->n], items, nitems, why, why_size))) {
			kfunc__free_fetch(&set->funcs[set->n]);
			free(items);
			return err;
		}
		set->n++;
		added++;
	}
	free(items);
	if (!added && !has_func(set, name)) {
		set_why(why, why_size,
			"--kfunc %s: no function of the kernel's BTF %s it: 'btftrace kfuncs "
			"PATTERN' lists them",
			name, is_glob(name) ? "matches" : "is called");
		return -ENOENT;
	}
	return added;
}

void kfunc_set__free(struct kfunc_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		kfunc__free_fetch(&set->funcs[i]);
	free(set->funcs);
	memset(set, 0, sizeof(*set));
}

const struct kfunc *kfunc_set__get(const struct kfunc_set *set, __u32 index)
{
	return set && index < set->n ? &set->funcs[index] : NULL;
}

void kfunc__desc(const struct kfunc *k, struct bt_kfunc_desc *desc)
{
	memset(desc, 0, sizeof(*desc));
	desc->nargs = k->nargs;
	desc->ret_size = k->ret_size;
	desc->ret_signed = k->ret_is_signed;
	/* the expressions are all the entry shows: no argument's capture */
	desc->fetch = k->fetch != NULL;
	for (int i = 0; !k->fetch && i < k->nargs; i++) {
		const struct kfunc_arg *a = &k->args[i];

		if (a->kind == KFUNC_ARG_STRING)
			desc->len[i] = BT_LEN_STRING;
		/* a byte is 1, the string rule: two, of which the first is shown */
		else if (a->kind == KFUNC_ARG_POINTEE)
			desc->len[i] = a->capture > 1 ? (__s16)a->capture : 2;
	}
}

struct named_id {
	const char *name;
	__u32 id;
};

static int by_name(const void *a, const void *b)
{
	const struct named_id *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->id > y->id) - (x->id < y->id);
}

size_t kfunc_list(const struct btf *btf, char *const *globs, int nglobs, struct outbuf *ob)
{
	__u32 n = btf__type_cnt(btf);
	struct named_id *found = NULL;
	size_t count = 0, cap = 0, shown = 0;

	for (__u32 id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name;
		bool match = !nglobs;

		if (!btf_is_func(t))
			continue;
		name = btf__name_by_offset(btf, t->name_off);
		for (int i = 0; !match && i < nglobs; i++)
			match = !fnmatch(globs[i], name, 0);
		if (!match)
			continue;
		if (count == cap) {
			size_t c = cap ? 2 * cap : 256;
			struct named_id *p = realloc(found, c * sizeof(*p));

			if (!p)
				break;
			found = p;
			cap = c;
		}
		found[count++] = (struct named_id){name, id};
	}
	if (count)
		qsort(found, count, sizeof(*found), by_name);
	for (size_t i = 0; i < count; i++) {
		/* a static function of the same name in another file: its first prototype */
		if (i && !strcmp(found[i].name, found[i - 1].name))
			continue;
		if (!kfunc_format_proto(btf, found[i].id, ob)) {
			outbuf_putc(ob, '\n');
			shown++;
		}
	}
	free(found);
	return shown;
}

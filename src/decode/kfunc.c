// SPDX-License-Identifier: GPL-2.0
/*
 * --kfunc: a kernel function's call, its arguments decoded by its BTF prototype: numbers by
 * their type (an enum by its name), strings, the structs and numbers behind pointers (copied
 * at entry by the capture plan) through the BTF printer, other pointers as addresses; then its
 * return value, an error number by its name.
 */
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>

#include "base/xlat.h"
#include "decode/decode.h"
#include "decode/members.h"

/*
 * The kernel's BTF, which the functions were found in: --kfunc takes no --btf, so the
 * decoder's is the running kernel's too, with the same ids. NULL with --no-btf.
 */
static const struct btf *kfunc_btf(const struct decoder *d)
{
	return d->types ? d->types->btf : NULL;
}

/* A number as its type holds it: the register's upper bits are not the argument's. */
static __u64 narrow(const struct kfunc_arg *a, __u64 raw)
{
	if (a->kind != KFUNC_ARG_VALUE)
		return raw;
	return a->is_signed ? (__u64)decode_narrow_signed(raw, a->size)
			    : decode_narrow_unsigned(raw, a->size);
}

/* A number argument: an enum or a bool by BTF, an integer by its size and sign. */
static void write_value(const struct decoder *d, struct writer *w, const struct kfunc_arg *a,
			__u64 raw)
{
	const struct btf *btf = kfunc_btf(d);
	__u32 id = btf ? types__skip_mods(btf, a->type_id) : 0;
	const struct btf_type *t = id ? btf__type_by_id(btf, id) : NULL;
	__u64 v = narrow(a, raw);

	if (t && (btf_is_enum(t) || btf_is_enum64(t)) && !d->opts.no_btf) {
		decode_write_btf(d, w, id, &v, a->size, NULL);
		return;
	}
	if (t && btf_is_int(t) && (btf_int_encoding(t) & BTF_INT_BOOL)) {
		w_bool(w, v != 0);
		return;
	}
	w_num(w, v, a->is_signed ? WR_DEC : WR_UDEC);
}

/* What a pointer argument's capture holds: a string, or the type's bytes. */
static void write_pointee(const struct decoder *d, struct writer *w, const struct kfunc_arg *a,
			  const struct bt_capture *cap, __u64 ptr)
{
	const unsigned char *data = (const void *)(cap + 1);
	const struct btf_type *t;

	if (cap->flags & BT_CAP_FAULT) {
		w_unread(w, ptr, true);
		return;
	}
	if (a->kind == KFUNC_ARG_STRING) {
		w_str(w, data, cap->len,
		      WR_STR_NUL | WR_STR_LIMIT |
			      ((cap->flags & BT_CAP_TRUNCATED) ? WR_STR_MORE : 0));
		return;
	}
	if (d->opts.no_btf || !kfunc_btf(d)) {
		w_ptr(w, ptr);
		return;
	}
	t = btf__type_by_id(kfunc_btf(d), a->pointee_id);
	/* a number behind a pointer reads as strace shows one: [0] */
	if (t && !btf_is_composite(t)) {
		w_deref_begin(w);
		decode_write_btf(d, w, a->pointee_id, data, cap->len, NULL);
		w_deref_end(w);
		return;
	}
	decode_write_btf(d, w, a->pointee_id, data, cap->len, NULL);
}

static void write_return(const struct kfunc *k, struct writer *w, const struct bt_kfunc_rec *exit)
{
	struct wr_ret r = {.kind = WR_RET_NONE, .fmt = WR_DEC};

	if (!exit) {
		w->ops->ret(w, &r);
		return;
	}
	r.kind = WR_RET_VALUE;
	/* an int's register: its upper half is not the value */
	r.value = k->ret_is_signed ? decode_narrow_signed(exit->ret, k->ret_size)
				   : (__s64)decode_narrow_unsigned(exit->ret, k->ret_size);
	if (!k->ret_id) {
		/* a void function: what the register held means nothing */
		r.kind = WR_RET_NONE;
	} else if (k->ret_is_pointer) {
		r.fmt = WR_HEX;
	} else if (k->ret_is_signed && decode_is_error(exit->ret)) {
		/* the kernel's own convention: -ENOENT, shown as the number it is */
		r.kind = WR_RET_ERROR;
		r.error_value = true;
		r.err = (int)-exit->ret;
		r.errname = xlat_errno_name(r.err);
		r.errtext = strerror(r.err);
	} else if (!k->ret_is_signed) {
		r.fmt = WR_UDEC;
	}
	w->ops->ret(w, &r);
}

/*
 * --kfunc 'vfs_read(file->f_pos, count)': the items the entry fetched, named as written
 * (without ':string'), instead of the arguments. An item the entry had no room for
 * (BT_FETCH_DATA_MAX) is not in the record, and reads "?" as one not read.
 */
static void write_fetched_args(const struct decoder *d, struct writer *w, const struct kfunc *k,
			       const struct bt_kfunc_rec *rec)
{
	const unsigned char *items = (const unsigned char *)(rec + 1);
	size_t at = 0, end = rec->fetch_len;

	if (sizeof(*rec) + end > rec->hdr.size)
		end = 0;
	for (int i = 0; i < k->nshown; i++) {
		const struct tp_item *item = &k->shown[i];
		char name[TP_EXPR_MAX];
		/* no register holds it: raw is 0 */
		struct wr_arg wa = {.name = name, .type = k->shown_types[i], .named = true};

		snprintf(name, sizeof(name), "%.*s", (int)strcspn(item->text, ":"), item->text);
		w->ops->arg_begin(w, &wa);
		decode_write_fetched(d, w, item, items, end, &at);
		w->ops->arg_end(w);
	}
}

void decode_write_kfunc(const struct decoder *d, struct writer *w, const struct call_view *v)
{
	const struct bt_kfunc_rec *rec = (const void *)v->call->event;
	const struct kfunc *k = v->kfunc;
	struct wr_call c = {.name = v->name, .state = WR_CALL_WHOLE, .args_known = k != NULL};

	if (!rec || rec->hdr.type != BT_REC_KFUNC_ENTRY)
		return;
	w->ops->call_begin(w, &c);
	if (k && k->fetch) {
		write_fetched_args(d, w, k, rec);
		w->ops->call_end(w, false);
		write_return(k, w, v->call->kfunc_exit);
		return;
	}
	for (int i = 0; k && i < k->nargs; i++) {
		const struct kfunc_arg *a = &k->args[i];
		const struct bt_capture *cap = record_capture(&rec->hdr, i);
		struct wr_arg wa = {.name = a->name,
				    .type = a->type,
				    .raw = narrow(a, rec->args[i]),
				    .is_signed = a->is_signed,
				    .is_pointer = a->kind != KFUNC_ARG_VALUE,
				    .named = true};

		w->ops->arg_begin(w, &wa);
		if (a->kind == KFUNC_ARG_VALUE)
			write_value(d, w, a, rec->args[i]);
		else if (cap && rec->args[i])
			write_pointee(d, w, a, cap, rec->args[i]);
		else
			w_ptr(w, rec->args[i]);
		w->ops->arg_end(w);
	}
	w->ops->call_end(w, false);
	if (k)
		write_return(k, w, v->call->kfunc_exit);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * -e SUBSYS:EVENT: a tracepoint's entry, copied whole by the collector, written field by field
 * as its tracefs format lays it out: numbers by their size and sign (an enum by its name, from
 * BTF), pointers in hex, char arrays and __data_loc strings as strings, other arrays as lists.
 */
#include <string.h>
#include <bpf/btf.h>

#include "decode/decode.h"
#include "decode/members.h"

/* A number of size bytes at p, sign-extended when signed. */
static __u64 read_number(const unsigned char *p, __u16 size, bool is_signed)
{
	__u64 v = 0;

	if (size > 8)
		size = 8;
	memcpy(&v, p, size);
	return is_signed ? (__u64)decode_narrow_signed(v, size) : decode_narrow_unsigned(v, size);
}

/* Whether BTF says the field's type is an enum: then its value has a name to show. */
static bool is_enum(const struct decoder *d, const struct tp_field *f)
{
	const struct btf_type *t;

	if (!f->btf_id || !d->types || !d->types->btf || d->opts.no_btf)
		return false;
	t = btf__type_by_id(d->types->btf, btf__resolve_type(d->types->btf, f->btf_id));
	return t && (btf_is_enum(t) || btf_is_enum64(t)) && t->size == f->size;
}

static void write_number(const struct decoder *d, struct writer *w, const struct tp_field *f,
			 const unsigned char *p, __u16 size)
{
	__u64 v = read_number(p, size, f->is_signed);

	if (is_enum(d, f)) {
		decode_write_btf(d, w, f->btf_id, p, size, NULL);
		return;
	}
	if (!strcmp(f->type, "bool") && size == 1) {
		w_bool(w, v != 0);
		return;
	}
	w_num(w, v, f->is_signed ? WR_DEC : WR_UDEC);
}

/* n elements of the field's type at p: a string for chars, else a list of numbers. */
static void write_elements(const struct decoder *d, struct writer *w, const struct tp_field *f,
			   const unsigned char *p, size_t n, bool more)
{
	__u16 elem = f->elem_size ? f->elem_size : 1;

	if (f->is_char) {
		w_str(w, p, n, WR_STR_NUL | (more ? WR_STR_MORE : 0));
		return;
	}
	if (elem > 8 || n % elem) {
		w_bytes(w, p, n, -1, more);
		return;
	}
	w_arr_begin(w, WR_ARR_LIST);
	for (size_t i = 0; i + elem <= n; i += elem)
		write_number(d, w, f, p + i, elem);
	w_arr_end(w, more);
}

/* One field of the entry data[0..len); want: the entry's whole size. */
static void write_field(const struct decoder *d, struct writer *w, const struct tp_field *f,
			const unsigned char *data, size_t len, size_t want)
{
	__u32 loc, start, n;

	if ((size_t)f->offset + f->size > len) {
		w_name2(w, NULL, "?"); /* past what was copied */
		return;
	}
	switch (f->kind) {
	case TP_FIELD_SCALAR:
		write_number(d, w, f, data + f->offset, f->size);
		return;
	case TP_FIELD_POINTER:
		w_ptr(w, read_number(data + f->offset, f->size, false));
		return;
	case TP_FIELD_ARRAY:
		write_elements(d, w, f, data + f->offset, f->size, false);
		return;
	case TP_FIELD_DYN:
	case TP_FIELD_REL_DYN:
		memcpy(&loc, data + f->offset, sizeof(loc));
		start = loc & 0xffff;
		n = loc >> 16;
		if (f->kind == TP_FIELD_REL_DYN)
			start += f->offset + sizeof(loc);
		if (start > len) {
			w_name2(w, NULL, "?");
			return;
		}
		/* the collector's cap cut the data: what there is, and "..." */
		write_elements(d, w, f, data + start, start + n > len ? len - start : n,
			       start + n > len && want > len);
		return;
	}
}

void decode_write_tracepoint(const struct decoder *d, struct writer *w, const struct call_view *v)
{
	const struct bt_rec_hdr *hdr = v->call->event;
	const struct bt_event_rec *rec = (const void *)hdr;
	const struct tp_event *ev = v->tracepoint;
	const unsigned char *data = (const unsigned char *)(rec + 1);
	int n;

	if (!hdr || hdr->type != BT_REC_EVENT)
		return;
	writer__reset(w);
	w_obj_begin(w, WR_OBJ_EVENT, v->name);
	if (!ev || (rec->flags & BT_CAP_FAULT)) {
		/* an id the session did not select (cannot be), or an entry not read */
		w_obj_end(w, true);
		return;
	}
	n = ev->shown ? ev->nshown : ev->nfields;
	for (int i = 0; i < n; i++) {
		const struct tp_field *f = &ev->fields[ev->shown ? ev->shown[i] : i];

		w_key(w, f->name);
		write_field(d, w, f, data, rec->len, rec->want);
	}
	w_obj_end(w, false);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * -e SUBSYS:EVENT: a tracepoint's entry, copied whole by the collector, written field by field
 * as its tracefs format lays it out: numbers by their size and sign (an enum by its name, from
 * BTF), pointers in hex, char arrays and __data_loc strings as strings, other arrays as lists.
 */
#include <stdio.h>
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

/* A bitfield's bits in the bytes read: shifted down, sign-extended when signed. */
static __u64 bitfield_value(const struct tp_item *item, const unsigned char *p, size_t len)
{
	__u64 v = 0;

	memcpy(&v, p, len < sizeof(v) ? len : sizeof(v));
	v >>= item->bit_shift;
	if (item->bits < 64)
		v &= (1ULL << item->bits) - 1;
	if (item->is_signed && item->bits < 64 && (v >> (item->bits - 1)) & 1)
		v |= ~0ULL << item->bits;
	return v;
}

/*
 * A fetch expression's item, the next one in the items [*at, end): its string, its number or
 * its BTF value; "?" where it could not be read or the record has it not.
 */
void decode_write_fetched(const struct decoder *d, struct writer *w, const struct tp_item *item,
			  const unsigned char *items, size_t end, size_t *at)
{
	struct bt_fetch_item head;
	const unsigned char *p;

	if (*at + sizeof(head) > end) {
		w_name2(w, NULL, "?");
		return;
	}
	memcpy(&head, items + *at, sizeof(head));
	p = items + *at + sizeof(head);
	if (*at + sizeof(head) + head.len > end) {
		w_name2(w, NULL, "?");
		*at = end;
		return;
	}
	*at += BT_ALIGN8(sizeof(head) + head.len);
	if (head.flags & BT_CAP_FAULT) {
		w_name2(w, NULL, "?");
		return;
	}
	switch (item->kind) {
	case TP_FETCH_STRING:
		/* whole, as the format's strings: its read stopped at BT_FETCH_COPY_MAX */
		w_str(w, p, head.len,
		      WR_STR_NUL | (head.flags & BT_CAP_TRUNCATED ? WR_STR_MORE : 0));
		return;
	case TP_FETCH_BITS:
		if (item->bits == 64)
			w_ptr(w, bitfield_value(item, p, head.len));
		else
			w_num(w, bitfield_value(item, p, head.len),
			      item->is_signed ? WR_DEC : WR_UDEC);
		return;
	case TP_FETCH_BTF:
		/* a member, as its struct shows it: file->f_flags as O_RDONLY|O_LARGEFILE */
		if (item->member_of && decode_write_member(d, w, item->member_of, item->member,
							   item->btf_id, p, head.len))
			return;
		decode_write_btf(d, w, item->btf_id, p, head.len, NULL);
		return;
	}
}

void decode_write_tracepoint(const struct decoder *d, struct writer *w, const struct call_view *v)
{
	const struct bt_rec_hdr *hdr = v->call->event;
	const struct bt_event_rec *rec = (const void *)hdr;
	const struct tp_event *ev = v->tracepoint;
	const unsigned char *data = (const unsigned char *)(rec + 1), *items;
	size_t items_at = 0, items_end;
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
	/* the fetched items after the entry, within the record */
	items = data + BT_ALIGN8(rec->len);
	items_end = rec->fetch_len;
	if (sizeof(*rec) + BT_ALIGN8(rec->len) + items_end > hdr->size)
		items_end = 0;
	n = ev->shown ? ev->nshown : ev->nfields;
	for (int i = 0; i < n; i++) {
		const struct tp_item *item = ev->shown ? &ev->shown[i] : NULL;

		if (item && item->field < 0) {
			char key[TP_EXPR_MAX];

			/* named as written, without its ':string' */
			snprintf(key, sizeof(key), "%.*s", (int)strcspn(item->text, ":"),
				 item->text);
			w_key(w, key);
			decode_write_fetched(d, w, item, items, items_end, &items_at);
			continue;
		}
		w_key(w, ev->fields[item ? item->field : i].name);
		write_field(d, w, &ev->fields[item ? item->field : i], data, rec->len, rec->want);
	}
	/* items the collector had no room for: the list ends in "..." */
	w_obj_end(w, (rec->fetch_flags & BT_CAP_TRUNCATED) != 0);
}

// SPDX-License-Identifier: GPL-2.0
/* BTF values through the decoder's member printers: the tables and hand decoders of members. */
#include <stdint.h>
#include <string.h>
#include <bpf/btf.h>

#include "decode/btf_printer.h"
#include "decode/members.h"

/* The printers of a struct member, through a direct-mapped cache. */
const struct member_cache_slot *decode_member_slot(const struct decoder *d, const struct btf *btf,
						   __u32 parent_id, const char *member)
{
	struct member_cache_slot *slot;
	const struct btf_type *parent;
	const char *scope;

	slot = &d->member_cache[(parent_id * 31 + ((uintptr_t)member >> 2)) % MEMBER_CACHE_SLOTS];
	if (slot->member == member && slot->parent_id == parent_id)
		return slot;
	parent = btf__type_by_id(btf, parent_id);
	scope = parent ? btf__name_by_offset(btf, parent->name_off) : NULL;
	slot->parent_id = parent_id;
	slot->member = member;
	slot->vp = NULL;
	slot->hand = NULL;
	if (scope && *scope) {
		slot->vp = value_printer_find(scope, member);
		/* "*" entries are for syscall arguments, never struct members */
		if (slot->vp && !strcmp(slot->vp->scope, "*"))
			slot->vp = NULL;
		slot->hand = hand_bytes_find(d->families, scope, member);
	}
	return slot;
}

struct hook_ctx {
	const struct decoder *d;
	const struct decode_btf_extra *extra; /* may be NULL */
	__u32 top_id;			      /* the type decode_write_btf was asked for */
};

/*
 * The value of a member as the printer's kind reads it, or false when its type is not one
 * such a printer takes (a struct where a table names numbers).
 */
static bool member_value(const struct btf *btf, __u32 member_type_id, const void *data, size_t len,
			 __u64 *v, unsigned int *size)
{
	const struct btf_type *mt = btf__type_by_id(btf, types__skip_mods(btf, member_type_id));

	*v = 0;
	if (!mt || !(btf_is_int(mt) || btf_is_enum(mt) || btf_is_ptr(mt)))
		return false;
	if (btf_is_ptr(mt)) {
		if (len != sizeof(*v))
			return false;
		memcpy(v, data, sizeof(*v));
		*size = sizeof(*v);
		return true;
	}
	*size = mt->size;
	if (mt->size > 8 || len < mt->size)
		return false;
	memcpy(v, data, mt->size);
	if (btf_is_int(mt) && (btf_int_encoding(mt) & BTF_INT_SIGNED))
		*v = decode_narrow_signed(*v, mt->size);
	return true;
}

/* Writes a member's value with its printer or hand decoder; false when neither takes it. */
static bool write_member(const struct decoder *d, struct writer *w, const struct btf *btf,
			 const struct value_printer *vp, hand_bytes_fn hand, __u32 member_type_id,
			 const void *data, size_t len)
{
	unsigned int size;
	__u64 v;

	if (hand) {
		hand(d, w, data, len, false);
		return true;
	}
	if (!vp || !member_value(btf, member_type_id, data, len, &v, &size))
		return false;
	value_write(w, vp, v, size);
	return true;
}

bool decode_write_member(const struct decoder *d, struct writer *w, __u32 parent_id,
			 const char *member, __u32 member_type_id, const void *data, size_t len)
{
	const struct btf *btf = d->types->btf;
	const struct member_cache_slot *slot = decode_member_slot(d, btf, parent_id, member);

	return write_member(d, w, btf, slot->vp, slot->hand, member_type_id, data, len);
}

/* Member beautifiers: st_mode as S_IFREG|0644, sa_flags by name, sa_mask as [USR1], and so on. */
static bool member_hook(void *ctx, struct writer *w, const struct btf *btf, __u32 parent_id,
			const char *member_name, __u32 member_type_id, const void *data, size_t len)
{
	const struct hook_ctx *hc = ctx;
	const struct decoder *d = hc->d;
	const struct decode_btf_extra *extra = hc->extra;
	const struct member_cache_slot *slot;
	const struct value_printer *vp;
	const struct btf_type *parent;
	hand_bytes_fn hand;

	if (extra && extra->hook &&
	    extra->hook(extra->hook_ctx, w, btf, parent_id, member_name, member_type_id, data, len))
		return true;
	slot = decode_member_slot(d, btf, parent_id, member_name);
	vp = slot->vp;
	hand = slot->hand;
	parent = btf__type_by_id(btf, parent_id);
	if (!vp && !hand && extra && extra->scope && parent && !parent->name_off) {
		/* a member of an anonymous struct: the caller names the scope */
		vp = value_printer_find(extra->scope, member_name);
		if (vp && !strcmp(vp->scope, "*"))
			vp = NULL;
		hand = hand_bytes_find(d->families, extra->scope, member_name);
	}
	return write_member(d, w, btf, vp, hand, member_type_id, data, len);
}

/* The shape strace gives struct type_id, from the families' tables, through a cache. */
static const struct btf_shape *struct_shape(void *ctx, const struct btf *btf, __u32 type_id)
{
	const struct hook_ctx *hc = ctx;
	const struct decoder *d = hc->d;
	struct shape_cache_slot *slot = &d->shape_cache[type_id % SHAPE_CACHE_SLOTS];
	const struct btf_type *t;
	const char *name;

	if (hc->extra && hc->extra->shape && type_id == hc->top_id)
		return hc->extra->shape;
	if (slot->type_id != type_id) {
		t = btf__type_by_id(btf, type_id);
		name = t ? btf__name_by_offset(btf, t->name_off) : NULL;
		slot->type_id = type_id;
		slot->shape = name && *name ? hand_shape_find(d->families, name) : NULL;
	}
	return slot->shape ? &slot->shape->shape : NULL;
}

/* A name that is a padding or reserved word: pad, pad2, unused, reserved, spare. */
static bool is_filler_word(const char *word)
{
	static const char *const fillers[] = {"pad", "unused", "reserved", "spare"};

	for (size_t i = 0; i < sizeof(fillers) / sizeof(fillers[0]); i++) {
		size_t n = strlen(fillers[i]);

		if (strncmp(word, fillers[i], n))
			continue;
		for (word += n; *word >= '0' && *word <= '9'; word++)
			;
		return !*word;
	}
	return false;
}

/*
 * Padding and reserved words, which strace never shows: pad, __pad0, __unused, f_spare,
 * __glibc_reserved (a filler word alone, or after a struct's prefix).
 */
static bool member_shown(void *ctx, const char *name)
{
	const char *under;

	while (*name == '_')
		name++;
	if (is_filler_word(name))
		return false;
	under = strchr(name, '_');
	return !under || !is_filler_word(under + 1);
}

static void member_after(void *ctx, struct writer *w, const struct btf *btf, __u32 parent_id,
			 const char *member_name, const void *data, size_t len)
{
	const struct decode_btf_extra *extra = ((const struct hook_ctx *)ctx)->extra;

	if (extra && extra->after)
		extra->after(extra->hook_ctx, w, btf, parent_id, member_name, data, len);
}

void decode_write_btf(const struct decoder *d, struct writer *w, __u32 type_id, const void *data,
		      size_t len, const struct decode_btf_extra *extra)
{
	struct hook_ctx hc = {.d = d, .extra = extra, .top_id = type_id};
	struct btf_print_opts po = {
		.member_hook = member_hook,
		.hook_ctx = &hc,
		.cut_silently = extra && extra->sized_by_caller,
		.shape = struct_shape,
		.member_shown = member_shown,
		.member_after = extra && extra->after ? member_after : NULL,
		.cache = d->btf_plans,
	};

	if (btf_print_value(w, d->types->btf, type_id, data, len, &po))
		w_name2(w, NULL, "?");
}

bool decode_is_scalar_type(const struct btf *btf, __u32 id)
{
	const struct btf_type *t = btf__type_by_id(btf, types__skip_mods(btf, id));

	return t && (btf_is_int(t) || btf_is_any_enum(t) || btf_is_ptr(t) || btf_is_float(t));
}

bool decode_read_member(const struct decoder *d, __u32 id, const void *data, size_t len,
			const char *name, long long *v)
{
	const struct btf *btf = d->types->btf;
	const struct btf_type *t = btf__type_by_id(btf, id);
	const struct btf_member *m = t ? btf_members(t) : NULL;

	for (__u16 i = 0; m && i < btf_vlen(t); i++) {
		const char *mname = btf__name_by_offset(btf, m[i].name_off);
		__u32 off = btf_member_bit_offset(t, i) / 8;
		__s64 size = btf__resolve_size(btf, m[i].type);

		if (!mname || strcmp(mname, name))
			continue;
		if (size <= 0 || size > 8 || off + (size_t)size > len)
			return false;
		*v = 0;
		memcpy(v, (const char *)data + off, size);
		return true;
	}
	return false;
}

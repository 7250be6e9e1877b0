// SPDX-License-Identifier: GPL-2.0
/* Walks a BTF type over captured bytes and writes the value through a writer. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "base/writer.h"
#include "decode/btf_printer.h"

struct printer {
	struct writer *w;
	const struct btf *btf;
	const struct btf_print_opts *o;
	const struct wr_limits *lim;
	size_t start;	    /* the buffer's length when the call began: the output budget */
	int max_depth;	    /* the writer's depth, clamped to BTF_PRINT_MAX_NEST */
	int depth;	    /* struct/union braces open */
	int nest;	    /* structs, arrays and flattened members open, for the hard bound */
	unsigned int steps; /* members and elements visited, against BTF_PRINT_MAX_STEPS */
};

/*
 * What printing one member of a composite needs to know of its BTF, found by look-ups in
 * the BTF (names, modifiers, sizes): once per member and call without a cache, once per
 * member for the cache's life with one (the print plan).
 */
struct member_facts {
	const struct btf_type *holder; /* the composite the member is declared in */
	const struct btf_type *mt;     /* its type, modifiers and typedefs skipped; or NULL */
	const char *name;	       /* "" for an anonymous member, "?" when BTF has none */
	__u64 bit_off;		       /* in holder; a narrow int's own offset added */
	__u64 decl_bit_off;	       /* in holder, as declared */
	__s64 size;		       /* btf__resolve_size() of its declared type */
	__u32 type_id;		       /* its type as declared */
	__u32 mt_id;
	unsigned int nbits;	 /* a bitfield's width (a narrow int's included), or 0 */
	unsigned int decl_nbits; /* the bitfield width as declared */
	bool hidden;		 /* opts->member_shown said no */
};

/*
 * A print plan: the members one walk visits, in order, with their facts. A walk in BTF's
 * order has one entry per member of its composite; a walk by a shape's list of names one per
 * name, whose holder and base say where the name was found (found false: nowhere).
 */
struct plan_entry {
	struct member_facts f;
	__u64 base; /* the byte offset of f.holder in the composite walked */
	bool found;
};

struct print_plan {
	struct print_plan *next; /* in its hash chain */
	const struct btf_type *t;
	const char *const *names; /* a copy of the shape's list, or NULL for BTF's order */
	size_t n_names;
	/* the deepest anonymous member the names were looked for in (see plan_for) */
	int anon_depth;
	size_t n;
	struct plan_entry e[];
};

#define PLAN_BUCKETS 512
/* A bound on plans kept (shapes built per call, statx's, have a few forms each). */
#define PLAN_MAX 4096

struct btf_print_cache {
	const struct btf *btf; /* the one its plans were made from (NULL: none yet) */
	size_t count;
	struct print_plan *buckets[PLAN_BUCKETS];
};

/* One walk over the members that share a pair of braces, anonymous members included. */
struct member_walk {
	__u32 parent_id;
	const struct btf_shape *shape; /* the parent's, or NULL */
	bool cut; /* a member was left out for want of data (or output budget) */
};

static void print_value(struct printer *p, __u32 id, const unsigned char *data, size_t len);
static void print_resolved(struct printer *p, __u32 id, const struct btf_type *t,
			   const unsigned char *data, size_t len);

void btf_print_opts_default(struct btf_print_opts *o)
{
	memset(o, 0, sizeof(*o));
}

/* A value that cannot be printed: "?" (JSON null). */
static void put_unknown(struct printer *p)
{
	w_name2(p->w, NULL, "?");
}

/* A scalar the data does not cover: "..." (JSON null). */
static void put_uncovered(struct printer *p)
{
	w_name2(p->w, NULL, "...");
}

/*
 * Follows const/volatile/restrict/type_tag and, with typedefs, typedefs, to the type that
 * says how to print. Reports whether a typedef was crossed: "__u8 x[4]" is bytes, not text.
 */
static const struct btf_type *skip_mods(const struct btf *btf, __u32 id, bool typedefs,
					__u32 *res_id, bool *via_typedef)
{
	const struct btf_type *t;
	int i;

	for (i = 0; i < BTF_PRINT_MAX_MODS; i++) {
		t = btf__type_by_id(btf, id);
		if (!t)
			return NULL;
		if (btf_is_typedef(t) && typedefs) {
			if (via_typedef)
				*via_typedef = true;
		} else if (!btf_is_mod(t)) {
			if (res_id)
				*res_id = id;
			return t;
		}
		id = t->type;
	}
	return NULL;
}

/*
 * Called once per member or element. Steps are counted besides output because members that
 * print nothing (no_zeros, zero-size) nested in anonymous unions could otherwise cost time
 * exponential in the nesting.
 */
static bool over_budget(struct printer *p)
{
	return ++p->steps > BTF_PRINT_MAX_STEPS || p->w->ob->len - p->start > BTF_PRINT_MAX_OUTPUT;
}

static bool covers(size_t len, __u64 off, __u64 size)
{
	return off <= len && size <= len - off;
}

static bool all_zero(const unsigned char *data, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (data[i])
			return false;
	return true;
}

/* Reads nbits (1..64) that start bit_off bits into data, laid out as the host lays bitfields. */
static __u64 read_bits(const unsigned char *data, __u64 bit_off, unsigned int nbits)
{
	size_t first = bit_off / 8, nbytes = (bit_off % 8 + nbits + 7) / 8, i;
	unsigned __int128 acc = 0; /* a 64-bit field at bit 7 spans 9 bytes */
	unsigned int shift;

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	for (i = nbytes; i-- > 0;)
		acc = acc << 8 | data[first + i];
	shift = bit_off % 8;
#else
	for (i = 0; i < nbytes; i++)
		acc = acc << 8 | data[first + i];
	shift = nbytes * 8 - bit_off % 8 - nbits;
#endif
	acc >>= shift;
	if (nbits < 64)
		acc &= (1ULL << nbits) - 1;
	return (__u64)acc;
}

static __u64 sign_extend(__u64 v, unsigned int nbits)
{
	if (nbits && nbits < 64 && (v >> (nbits - 1)) & 1)
		v |= ~0ULL << nbits;
	return v;
}

static bool is_signed_scalar(const struct btf_type *t)
{
	if (btf_is_int(t))
		return btf_int_encoding(t) & BTF_INT_SIGNED;
	return btf_is_any_enum(t) && btf_kflag(t);
}

static void print_enum_value(struct printer *p, const struct btf_type *t, __u64 v)
{
	bool is_signed = btf_kflag(t);
	__u16 i, n = btf_vlen(t);
	const char *name;

	for (i = 0; i < n; i++) {
		__u32 name_off;
		bool match;

		if (btf_is_enum(t)) {
			const struct btf_enum *e = btf_enum(t) + i;

			match = is_signed ? (__s64)e->val == (__s64)v : (__u64)(__u32)e->val == v;
			name_off = e->name_off;
		} else {
			const struct btf_enum64 *e = btf_enum64(t) + i;

			match = btf_enum64_value(e) == v;
			name_off = *(const __u32 *)e;
		}
		if (!match)
			continue;
		name = btf__name_by_offset(p->btf, name_off);
		if (name && *name) {
			w_const(p->w, v, is_signed ? WR_DEC : WR_UDEC, name, NULL);
			return;
		}
	}
	w_num(p->w, v, is_signed ? WR_DEC : WR_UDEC);
}

/* Prints an int or enum value already read (and sign-extended when the type is signed). */
static void print_scalar(struct printer *p, const struct btf_type *t, __u64 v)
{
	if (btf_is_any_enum(t)) {
		print_enum_value(p, t, v);
	} else if (btf_is_int(t) && (btf_int_encoding(t) & BTF_INT_BOOL) && v <= 1) {
		w_bool(p->w, v);
	} else if (btf_is_int(t) && (btf_int_encoding(t) & BTF_INT_SIGNED)) {
		w_s64(p->w, (__s64)v);
	} else if (btf_is_int(t)) {
		w_u64(p->w, v);
	} else {
		put_unknown(p);
	}
}

/* Reads a 1, 2, 4 or 8-byte value from data; false for any other size. */
static bool read_uint(const unsigned char *data, size_t size, bool is_signed, __u64 *v)
{
	switch (size) {
	case 1: {
		__u8 x = data[0];

		*v = is_signed ? (__u64)(__s64)(__s8)x : x;
		return true;
	}
	case 2: {
		__u16 x;

		memcpy(&x, data, 2);
		*v = is_signed ? (__u64)(__s64)(__s16)x : x;
		return true;
	}
	case 4: {
		__u32 x;

		memcpy(&x, data, 4);
		*v = is_signed ? (__u64)(__s64)(__s32)x : x;
		return true;
	}
	case 8:
		memcpy(v, data, 8);
		return true;
	}
	return false;
}

/* Prints size bytes as one hexadecimal number in host byte order: __int128, long double. */
static void print_hex_bytes(struct printer *p, const unsigned char *data, size_t size)
{
	char hex[2 + 2 * 16 + 1] = "0x";
	size_t i, k, n = 2;
	bool lead = true;

	for (i = 0; i < size && i < 16; i++) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		k = size - 1 - i;
#else
		k = i;
#endif
		if (lead && !data[k] && i + 1 < size)
			continue;
		n += snprintf(hex + n, sizeof(hex) - n, lead ? "%x" : "%02x", data[k]);
		lead = false;
	}
	p->w->ops->wide_hex(p->w, hex);
}

static void print_int(struct printer *p, const struct btf_type *t, const unsigned char *data,
		      size_t len)
{
	unsigned int bits = btf_int_bits(t), off = btf_int_offset(t);
	__u64 v;

	if (t->size > len) {
		put_uncovered(p);
		return;
	}
	if (off == 0 && bits == t->size * 8 && read_uint(data, t->size, is_signed_scalar(t), &v)) {
		print_scalar(p, t, v);
	} else if (off == 0 && bits == 128 && t->size == 16) {
		print_hex_bytes(p, data, 16);
	} else if (bits && bits <= 64 && off + bits <= t->size * 8) {
		/* an int narrower than its storage, as BTF without kflag encodes bitfields */
		v = read_bits(data, off, bits);
		print_scalar(p, t, is_signed_scalar(t) ? sign_extend(v, bits) : v);
	} else {
		put_unknown(p);
	}
}

static void print_enum(struct printer *p, const struct btf_type *t, const unsigned char *data,
		       size_t len)
{
	__u64 v;

	if (t->size > len)
		put_uncovered(p);
	else if (read_uint(data, t->size, btf_kflag(t), &v))
		print_enum_value(p, t, v);
	else
		put_unknown(p);
}

static void print_float(struct printer *p, const struct btf_type *t, const unsigned char *data,
			size_t len)
{
	if (t->size > len) {
		put_uncovered(p);
	} else if (t->size == sizeof(float)) {
		float f;

		memcpy(&f, data, sizeof(f));
		p->w->ops->real(p->w, f, 9);
	} else if (t->size == sizeof(double)) {
		double d;

		memcpy(&d, data, sizeof(d));
		p->w->ops->real(p->w, d, 17);
	} else if (t->size && t->size <= 16) {
		print_hex_bytes(p, data, t->size);
	} else {
		put_unknown(p);
	}
}

static void print_ptr(struct printer *p, __u32 id, const unsigned char *data, size_t len)
{
	__s64 size = btf__resolve_size(p->btf, id);
	__u64 v;

	if (size > 0 && (__u64)size > len)
		put_uncovered(p);
	else if ((size != 4 && size != 8) || !read_uint(data, size, false, &v))
		put_unknown(p);
	else
		w_ptr(p->w, v);
}

/* char[] is text; so are signed/unsigned char[] unless a typedef (__u8, u8) says "bytes". */
static bool is_text_elem(const struct btf *btf, __u32 elem_id)
{
	bool via_typedef = false;
	const struct btf_type *t = skip_mods(btf, elem_id, true, NULL, &via_typedef);
	const char *name;

	if (!t || !btf_is_int(t) || t->size != 1)
		return false;
	if (btf_int_encoding(t) & BTF_INT_CHAR)
		return true;
	name = btf__name_by_offset(btf, t->name_off);
	if (!name)
		return false;
	if (!strcmp(name, "char"))
		return true;
	return !via_typedef && (!strcmp(name, "signed char") || !strcmp(name, "unsigned char"));
}

static void print_array(struct printer *p, const struct btf_type *t, const unsigned char *data,
			size_t len)
{
	const struct btf_array *arr = btf_array(t);
	__s64 esize = btf__resolve_size(p->btf, arr->type);
	bool more = false;
	__u32 i;

	if (esize < 0 || (esize == 0 && arr->nelems)) {
		put_unknown(p);
		return;
	}
	if (esize == 1 && is_text_elem(p->btf, arr->type)) {
		size_t n = arr->nelems < len ? arr->nelems : len;
		/* a cut copy without its NUL may go on: say so */
		bool more = n < arr->nelems && !memchr(data, '\0', n);

		w_str(p->w, data, n, WR_STR_NUL | WR_STR_LIMIT | (more ? WR_STR_MORE : 0));
		return;
	}
	if (p->nest >= BTF_PRINT_MAX_NEST) {
		put_unknown(p);
		return;
	}
	p->nest++;
	w_arr_begin(p->w, WR_ARR_LIST);
	for (i = 0; i < arr->nelems; i++) {
		__u64 off = (__u64)i * esize;

		if ((p->lim->array > 0 && i >= p->lim->array) || over_budget(p) ||
		    !covers(len, off, esize)) {
			more = true;
			break;
		}
		print_value(p, arr->type, data + off, esize);
	}
	w_arr_end(p->w, more);
	p->nest--;
}

static bool print_members(struct printer *p, struct member_walk *w, const struct btf_type *t,
			  const unsigned char *data, size_t len);

/* The facts of member idx of composite t (see struct member_facts). */
static void member_facts_of(const struct printer *p, const struct btf_type *t, __u32 idx,
			    struct member_facts *f)
{
	const struct btf_member *m = btf_members(t) + idx;

	memset(f, 0, sizeof(*f));
	f->holder = t;
	f->type_id = m->type;
	f->decl_bit_off = f->bit_off = btf_member_bit_offset(t, idx);
	f->decl_nbits = f->nbits = btf_member_bitfield_size(t, idx);
	f->name = btf__name_by_offset(p->btf, m->name_off);
	if (!f->name)
		f->name = "?";
	f->mt = skip_mods(p->btf, m->type, true, &f->mt_id, NULL);
	f->size = btf__resolve_size(p->btf, m->type);
	f->hidden = *f->name && p->o->member_shown && !p->o->member_shown(p->o->hook_ctx, f->name);
	if (f->mt && btf_is_int(f->mt) && !f->nbits &&
	    (btf_int_offset(f->mt) || btf_int_bits(f->mt) != f->mt->size * 8)) {
		/* an int narrower than its storage: a bitfield, as BTF without kflag has them */
		f->bit_off += btf_int_offset(f->mt);
		f->nbits = btf_int_bits(f->mt);
	}
}

/* A member never shown, but for its shape's when_set list when its bytes are not all zero. */
static bool reserved_but_set(const struct member_walk *w, const struct member_facts *f,
			     const unsigned char *data, size_t len)
{
	__u64 off = f->decl_bit_off / 8;

	if (!w->shape || !w->shape->when_set || f->decl_nbits)
		return false;
	for (const char *const *k = w->shape->when_set; *k; k++) {
		if (strcmp(*k, f->name))
			continue;
		return f->size > 0 && covers(len, off, f->size) && !all_zero(data + off, f->size);
	}
	return false;
}

/*
 * Prints one member of a composite, f->holder, whose bytes data holds. Returns false when the
 * walk must stop: a struct stops at its first member not covered by the data, since all that
 * follows lies further out.
 */
static bool print_member(struct printer *p, struct member_walk *w, const struct member_facts *f,
			 const unsigned char *data, size_t len)
{
	const struct btf_type *t = f->holder, *mt = f->mt;
	bool stop_on_cut = btf_is_struct(t), go_on;
	unsigned int nbits = f->nbits;
	const char *name = f->name;
	__u64 bit_off = f->bit_off, off;
	__s64 size = f->size;

	if (f->hidden && !reserved_but_set(w, f, data, len))
		return true;

	if (!*name) {
		/* anonymous struct/union: strace shows its members as the parent's */
		if (!mt || !btf_is_composite(mt) || nbits)
			return true; /* unnamed bitfield padding: nothing to show */
		off = bit_off / 8;
		if (p->lim->no_zeros && covers(len, off, mt->size) &&
		    all_zero(data + off, mt->size))
			return true;
		if (bit_off % 8 || off + mt->size > t->size || p->nest >= BTF_PRINT_MAX_NEST) {
			/* an item without a name (JSON gives it the key "?") */
			put_unknown(p);
			return true;
		}
		p->nest++;
		go_on = print_members(p, w, mt, data + (off < len ? off : len),
				      off < len ? len - off : 0);
		p->nest--;
		return go_on || !stop_on_cut;
	}

	if (nbits) {
		__u64 v, end = (bit_off + nbits + 7) / 8;

		if (!mt || !(btf_is_int(mt) || btf_is_any_enum(mt)) || nbits > 64 ||
		    end > t->size) {
			w_key(p->w, name);
			put_unknown(p);
			return true;
		}
		if (end > len) {
			w->cut = true;
			return !stop_on_cut;
		}
		v = read_bits(data, bit_off, nbits);
		if (is_signed_scalar(mt))
			v = sign_extend(v, nbits);
		if (p->lim->no_zeros && !v)
			return true;
		w_key(p->w, name);
		print_scalar(p, mt, v);
		return true;
	}

	off = bit_off / 8;
	if (size < 0 || bit_off % 8 || off + size > t->size) {
		w_key(p->w, name);
		put_unknown(p);
		return true;
	}
	if (!size)
		return true; /* flexible arrays, markers like __cloned_offset[]: no value to show */
	if (!covers(len, off, size)) {
		w->cut = true;
		return !stop_on_cut;
	}
	if (p->lim->no_zeros && all_zero(data + off, size))
		return true;
	w_key(p->w, name);
	if (!p->o->member_hook || !p->o->member_hook(p->o->hook_ctx, p->w, p->btf, w->parent_id,
						     name, f->type_id, data + off, size))
		print_resolved(p, f->mt_id, mt, data + off, size);
	if (p->o->member_after)
		p->o->member_after(p->o->hook_ctx, p->w, p->btf, w->parent_id, name, data + off,
				   size);
	return true;
}

/*
 * Finds the member called name in composite t, or in an anonymous member of it: the
 * composite that holds it, its index there, and the byte offset of that composite in t.
 * *deepest: the deepest nest at which an anonymous member was looked into, or would have
 * been but for BTF_PRINT_MAX_NEST.
 */
static bool find_member(const struct printer *p, const struct btf_type *t, const char *name,
			int nest, const struct btf_type **holder, __u32 *idx, __u64 *base,
			int *deepest)
{
	const struct btf_member *m = btf_members(t);

	for (__u16 i = 0; i < btf_vlen(t); i++) {
		const char *mname = btf__name_by_offset(p->btf, m[i].name_off);
		const struct btf_type *mt;
		__u64 off = btf_member_bit_offset(t, i);

		if (mname && *mname) {
			if (strcmp(mname, name))
				continue;
			*holder = t;
			*idx = i;
			return true;
		}
		mt = skip_mods(p->btf, m[i].type, true, NULL, NULL);
		if (!mt || !btf_is_composite(mt) || off % 8)
			continue;
		if (nest > *deepest)
			*deepest = nest;
		if (nest >= BTF_PRINT_MAX_NEST)
			continue;
		if (find_member(p, mt, name, nest + 1, holder, idx, base, deepest)) {
			*base += off / 8;
			return true;
		}
	}
	return false;
}

static size_t plan_hash(const struct btf_type *t, const char *const *names, size_t n_names)
{
	size_t h = (uintptr_t)t >> 2;

	for (size_t i = 0; i < n_names; i++)
		h = h * 31 + ((uintptr_t)names[i] >> 2);
	return (h ^ h >> 16) % PLAN_BUCKETS;
}

/* The plan of a walk over t: BTF's order (listed false), or the names' list. */
static struct print_plan *plan_make(const struct printer *p, const struct btf_type *t, bool listed,
				    const char *const *names, size_t n_names)
{
	size_t n = listed ? n_names : btf_vlen(t);
	struct print_plan *plan;

	plan = calloc(1, sizeof(*plan) + n * sizeof(plan->e[0]) +
				 (listed ? (n_names + 1) * sizeof(*names) : 0));
	if (!plan)
		return NULL;
	plan->t = t;
	plan->n = n;
	plan->n_names = n_names;
	if (listed) {
		const char **copy = (const char **)(plan->e + n);

		memcpy(copy, names, (n_names + 1) * sizeof(*names));
		plan->names = copy;
	}
	for (size_t i = 0; i < n; i++) {
		struct plan_entry *e = &plan->e[i];
		const struct btf_type *holder = t;
		__u32 idx = i;

		e->found = !listed || find_member(p, t, names[i], 0, &holder, &idx, &e->base,
						  &plan->anon_depth);
		if (e->found)
			member_facts_of(p, holder, idx, &e->f);
	}
	return plan;
}

/*
 * The cached plan of a walk over t (names NULL: in BTF's order), made on first use; NULL
 * without a cache, or when the walk must be done by look-ups (see btf_print_opts.cache).
 */
static const struct print_plan *plan_for(const struct printer *p, const struct btf_type *t,
					 const char *const *names)
{
	struct btf_print_cache *c = p->o->cache;
	struct print_plan *plan;
	size_t n_names = 0, h;

	if (c && !c->btf)
		c->btf = p->btf;
	if (!c || c->btf != p->btf)
		return NULL;
	while (names && names[n_names])
		n_names++;
	h = plan_hash(t, names, n_names);
	for (plan = c->buckets[h]; plan; plan = plan->next) {
		if (plan->t == t && !plan->names == !names && plan->n_names == n_names &&
		    (!names || !memcmp(plan->names, names, n_names * sizeof(*names))))
			break;
	}
	if (!plan) {
		if (c->count >= PLAN_MAX)
			return NULL;
		plan = plan_make(p, t, names, names, n_names);
		if (!plan)
			return NULL;
		plan->next = c->buckets[h];
		c->buckets[h] = plan;
		c->count++;
	}
	/* the names were looked for from nest 0: the plan holds only where the bound did not bite */
	if (names && p->nest + plan->anon_depth >= BTF_PRINT_MAX_NEST)
		return NULL;
	return plan;
}

/* Returns false when a struct walk stopped at an uncovered member (see print_member). */
static bool print_members(struct printer *p, struct member_walk *w, const struct btf_type *t,
			  const unsigned char *data, size_t len)
{
	const struct print_plan *plan = plan_for(p, t, NULL);
	__u16 i, n = btf_vlen(t);
	struct member_facts f;

	for (i = 0; i < n; i++) {
		if (over_budget(p)) {
			w->cut = true;
			return false;
		}
		if (!plan)
			member_facts_of(p, t, i, &f);
		if (!print_member(p, w, plan ? &plan->e[i].f : &f, data, len))
			return false;
	}
	return true;
}

/* The members a list names, in its order; those the data does not cover are left out. */
static void print_listed_members(struct printer *p, struct member_walk *w, const struct btf_type *t,
				 const char *const *names, const unsigned char *data, size_t len)
{
	const struct print_plan *plan = plan_for(p, t, names);
	size_t i = 0;

	for (const char *const *name = names; *name; name++, i++) {
		const struct btf_type *holder;
		const struct member_facts *fp;
		struct member_facts f;
		int deepest = 0;
		__u64 base = 0;
		__u32 idx;

		if (over_budget(p)) {
			w->cut = true;
			return;
		}
		if (plan) {
			if (!plan->e[i].found)
				continue;
			fp = &plan->e[i].f;
			base = plan->e[i].base;
		} else {
			if (!find_member(p, t, *name, p->nest, &holder, &idx, &base, &deepest))
				continue;
			member_facts_of(p, holder, idx, &f);
			fp = &f;
		}
		print_member(p, w, fp, data + (base < len ? base : len),
			     base < len ? len - base : 0);
	}
}

static void print_composite(struct printer *p, __u32 id, const struct btf_type *t,
			    const unsigned char *data, size_t len)
{
	const struct btf_shape *shape =
		p->o->shape ? p->o->shape(p->o->hook_ctx, p->btf, id) : NULL;
	struct member_walk w = {.parent_id = id, .shape = shape};

	if (p->depth >= p->max_depth || p->nest >= BTF_PRINT_MAX_NEST) {
		w_elided(p->w);
		return;
	}
	w_struct_begin(p->w);
	p->depth++;
	p->nest++;
	if (shape && shape->brief && !p->lim->verbose) {
		/* strace's short form: a few members, then "..." */
		print_listed_members(p, &w, t, shape->brief, data, len);
		w.cut = true;
	} else if (shape && shape->members) {
		print_listed_members(p, &w, t, shape->members, data, len);
	} else {
		print_members(p, &w, t, data, len);
	}
	p->nest--;
	p->depth--;
	w_obj_end(p->w, w.cut && !p->o->cut_silently);
}

static void print_resolved(struct printer *p, __u32 id, const struct btf_type *t,
			   const unsigned char *data, size_t len)
{
	if (!t) {
		put_unknown(p);
		return;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		print_int(p, t, data, len);
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		print_enum(p, t, data, len);
		break;
	case BTF_KIND_FLOAT:
		print_float(p, t, data, len);
		break;
	case BTF_KIND_PTR:
		print_ptr(p, id, data, len);
		break;
	case BTF_KIND_ARRAY:
		print_array(p, t, data, len);
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		print_composite(p, id, t, data, len);
		break;
	default: /* void, FWD, FUNC, FUNC_PROTO, VAR, DATASEC, DECL_TAG: no value to show */
		put_unknown(p);
		break;
	}
}

static void print_value(struct printer *p, __u32 id, const unsigned char *data, size_t len)
{
	const struct btf_type *t = skip_mods(p->btf, id, true, &id, NULL);

	print_resolved(p, id, t, data, len);
}

int btf_print_value(struct writer *w, const struct btf *btf, __u32 type_id, const void *data,
		    size_t len, const struct btf_print_opts *opts)
{
	static const unsigned char nothing[1];
	static const struct btf_print_opts defaults;
	struct printer p;

	if (!w || !btf || (!data && len) || !btf__type_by_id(btf, type_id))
		return -EINVAL;
	if (!opts)
		opts = &defaults;
	p = (struct printer){.w = w, .btf = btf, .o = opts, .lim = &w->lim, .start = w->ob->len};
	p.max_depth = w->lim.depth > 0 && w->lim.depth < BTF_PRINT_MAX_NEST ? w->lim.depth
									    : BTF_PRINT_MAX_NEST;
	print_value(&p, type_id, data ? data : nothing, len);
	return 0;
}

struct btf_print_cache *btf_print_cache__new(const struct btf *btf)
{
	struct btf_print_cache *c = calloc(1, sizeof(*c));

	if (c)
		c->btf = btf;
	return c;
}

void btf_print_cache__free(struct btf_print_cache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < PLAN_BUCKETS; i++) {
		while (c->buckets[i]) {
			struct print_plan *next = c->buckets[i]->next;

			free(c->buckets[i]);
			c->buckets[i] = next;
		}
	}
	free(c);
}

// SPDX-License-Identifier: GPL-2.0
/* BTF loading, a hash index of type names, and tracefs type strings resolved through it. */
#include <ctype.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "types/types.h"

#define VMLINUX_BTF "/sys/kernel/btf/vmlinux"

/* Tag names (struct, union, enum) and ordinary names live in separate C namespaces. */
static bool is_tag_kind(int kind)
{
	return kind == BTF_KIND_STRUCT || kind == BTF_KIND_UNION || kind == BTF_KIND_ENUM ||
	       kind == BTF_KIND_ENUM64 || kind == BTF_KIND_FWD;
}

static uint32_t name_hash(const char *s, bool tag)
{
	uint32_t h = tag ? 0x9e3779b9u : 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static bool slot_matches(const struct btf *btf, __u32 id, const char *name, bool tag)
{
	const struct btf_type *bt = btf__type_by_id(btf, id);

	if (is_tag_kind(btf_kind(bt)) != tag)
		return false;
	return !strcmp(btf__name_by_offset(btf, bt->name_off), name);
}

static void index_insert(struct types *t, __u32 id, const char *name, bool tag)
{
	uint32_t mask = t->nslots - 1, i = name_hash(name, tag) & mask;

	while (t->slots[i]) {
		/* the first definition wins: a later FWD or duplicate adds nothing */
		if (slot_matches(t->btf, t->slots[i], name, tag))
			return;
		i = (i + 1) & mask;
	}
	t->slots[i] = id;
}

/*
 * The running kernel's BTF, mapped rather than read where the kernel allows
 * it (since 6.16): sysfs hands out a page per read(), some 1,350 system calls
 * for 5 MB, and libbpf's reader copies the data twice. NULL when it cannot
 * be mapped; the caller then reads it as before.
 */
static struct btf *map_vmlinux_btf(void)
{
	struct btf *btf = NULL;
	struct stat st;
	void *data;
	int fd;

	fd = open(VMLINUX_BTF, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && st.st_size > 0) {
		data = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (data != MAP_FAILED) {
			/* btf__new copies the data: the mapping can go at once */
			btf = btf__new(data, st.st_size);
			munmap(data, st.st_size);
			if (libbpf_get_error(btf))
				btf = NULL;
		}
	}
	close(fd);
	return btf;
}

/*
 * The kernel's BTF, parsed once for the whole process. libbpf 1.1 parses it
 * again for each object it loads (CO-RE relocations, tp_btf and fentry
 * targets) and frees it when the load is done: with the tables' own parse
 * that was two 5 MB copies built at once at start-up, each a 10 MB peak, the
 * loader's through a page per read(). libbpf asks for it and frees it through
 * its exported btf__load_vmlinux_btf() and btf__free(), by its PLT, so the
 * definitions below stand in for its own: the first caller parses (mapped
 * where the kernel allows), later ones share it, and a free of it is a
 * release of one reference. Where libbpf binds its calls to itself (built
 * with -Bsymbolic-functions) it keeps its own parse, as before.
 */
static pthread_mutex_t vmlinux_lock = PTHREAD_MUTEX_INITIALIZER;
static struct btf *vmlinux_btf;
static unsigned int vmlinux_refs;

typedef struct btf *(*btf_load_fn)(void);
typedef void (*btf_free_fn)(struct btf *);

static void *libbpf_own(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

struct btf *btf__load_vmlinux_btf(void)
{
	struct btf *btf;
	int err = 0;

	pthread_mutex_lock(&vmlinux_lock);
	if (!vmlinux_btf) {
		btf_load_fn load = (btf_load_fn)libbpf_own("btf__load_vmlinux_btf");

		btf = map_vmlinux_btf();
		if (!btf && load)
			btf = load();
		if (!btf || libbpf_get_error(btf)) {
			err = btf ? (int)libbpf_get_error(btf) : errno ? -errno : -ENOENT;
			pthread_mutex_unlock(&vmlinux_lock);
			errno = -err;
			return NULL;
		}
		vmlinux_btf = btf;
	}
	vmlinux_refs++;
	btf = vmlinux_btf;
	pthread_mutex_unlock(&vmlinux_lock);
	return btf;
}

void btf__free(struct btf *btf)
{
	static btf_free_fn own_free;

	if (!btf)
		return;
	pthread_mutex_lock(&vmlinux_lock);
	if (btf == vmlinux_btf) {
		if (--vmlinux_refs) {
			pthread_mutex_unlock(&vmlinux_lock);
			return;
		}
		vmlinux_btf = NULL;
	}
	if (!own_free)
		own_free = (btf_free_fn)libbpf_own("btf__free");
	pthread_mutex_unlock(&vmlinux_lock);
	if (own_free)
		own_free(btf);
}

int types__load(struct types *t, const char *path)
{
	__u32 n, nslots = 1024;
	long err;

	memset(t, 0, sizeof(*t));
	if (path)
		t->btf = btf__parse(path, NULL);
	else
		t->btf = btf__load_vmlinux_btf();
	err = libbpf_get_error(t->btf);
	if (err || !t->btf) {
		t->btf = NULL;
		return err ? (int)err : -ENOENT;
	}
	n = btf__type_cnt(t->btf);
	while (nslots < n * 2)
		nslots <<= 1;
	t->slots = calloc(nslots, sizeof(*t->slots));
	if (!t->slots) {
		btf__free(t->btf);
		t->btf = NULL;
		return -ENOMEM;
	}
	t->nslots = nslots;
	for (__u32 id = 1; id < n; id++) {
		const struct btf_type *bt = btf__type_by_id(t->btf, id);
		const char *name = btf__name_by_offset(t->btf, bt->name_off);
		int kind = btf_kind(bt);

		if (!name || !*name || kind == BTF_KIND_FUNC || kind == BTF_KIND_VAR ||
		    kind == BTF_KIND_DATASEC || kind == BTF_KIND_FUNC_PROTO)
			continue;
		/* a forward declaration is only a fallback for a type never defined */
		if (kind == BTF_KIND_FWD)
			continue;
		index_insert(t, id, name, is_tag_kind(kind));
	}
	return 0;
}

void types__free(struct types *t)
{
	free(t->slots);
	btf__free(t->btf);
	memset(t, 0, sizeof(*t));
}

__u32 types__find(const struct types *t, const char *name, int kind)
{
	bool tag = is_tag_kind(kind);
	uint32_t mask, i;

	if (!t || !t->btf || !t->nslots)
		return 0;
	mask = t->nslots - 1;
	for (i = name_hash(name, tag) & mask; t->slots[i]; i = (i + 1) & mask) {
		__u32 id = t->slots[i];
		const struct btf_type *bt = btf__type_by_id(t->btf, id);

		if (!slot_matches(t->btf, id, name, tag))
			continue;
		if (tag && kind != BTF_KIND_UNKN && btf_kind(bt) != kind &&
		    !(kind == BTF_KIND_ENUM && btf_kind(bt) == BTF_KIND_ENUM64))
			return 0;
		return id;
	}
	return 0;
}

__u32 types__skip_mods(const struct btf *btf, __u32 id)
{
	for (int depth = 0; id && depth < 32; depth++) {
		const struct btf_type *bt = btf__type_by_id(btf, id);

		switch (btf_kind(bt)) {
		case BTF_KIND_TYPEDEF:
		case BTF_KIND_CONST:
		case BTF_KIND_VOLATILE:
		case BTF_KIND_RESTRICT:
		case BTF_KIND_TYPE_TAG:
			id = bt->type;
			break;
		default:
			return id;
		}
	}
	return id;
}

/* Words of a C integer type, to rebuild the canonical name BTF uses ("long unsigned int"). */
struct int_words {
	int longs, shorts, chars, ints;
	bool is_unsigned, is_signed_kw;
};

static bool parse_int_words(const char *s, struct int_words *w)
{
	char word[32];

	memset(w, 0, sizeof(*w));
	while (*s) {
		size_t n = 0;

		while (*s && isspace((unsigned char)*s))
			s++;
		while (*s && !isspace((unsigned char)*s) && n < sizeof(word) - 1)
			word[n++] = *s++;
		word[n] = '\0';
		if (!n)
			break;
		if (!strcmp(word, "long"))
			w->longs++;
		else if (!strcmp(word, "short"))
			w->shorts++;
		else if (!strcmp(word, "char"))
			w->chars++;
		else if (!strcmp(word, "int"))
			w->ints++;
		else if (!strcmp(word, "unsigned"))
			w->is_unsigned = true;
		else if (!strcmp(word, "signed"))
			w->is_signed_kw = true;
		else
			return false;
	}
	return true;
}

/* Size and signedness of a plain C integer type named by words, LP64. */
static void int_words_shape(const struct int_words *w, long *size, bool *is_signed)
{
	*size = w->chars ? 1 : w->shorts ? 2 : w->longs ? 8 : 4;
	*is_signed = !w->is_unsigned;
}

static void canonical_int_name(const struct int_words *w, char *buf, size_t size)
{
	if (w->chars)
		snprintf(buf, size, "%schar",
			 w->is_unsigned	   ? "unsigned "
			 : w->is_signed_kw ? "signed "
					   : "");
	else if (w->shorts)
		snprintf(buf, size, "short %sint", w->is_unsigned ? "unsigned " : "");
	else if (w->longs == 2)
		snprintf(buf, size, "long long %sint", w->is_unsigned ? "unsigned " : "");
	else if (w->longs == 1)
		snprintf(buf, size, "long %sint", w->is_unsigned ? "unsigned " : "");
	else
		snprintf(buf, size, "%sint", w->is_unsigned ? "unsigned " : "");
}

/* Strips qualifiers and counts pointer stars: "const char *const *" -> "char", 2. */
static void strip_type(const char *ctype, char *base, size_t size, int *stars, bool *first_const)
{
	char tmp[128];
	size_t n = 0;
	int words = 0;

	*stars = 0;
	*first_const = false;
	for (const char *s = ctype; *s && n < sizeof(tmp) - 2;) {
		if (*s == '*') {
			(*stars)++;
			s++;
			continue;
		}
		if (isspace((unsigned char)*s)) {
			s++;
			continue;
		}
		const char *start = s;

		while (*s && *s != '*' && !isspace((unsigned char)*s))
			s++;
		size_t len = s - start;

		if ((len == 5 && !strncmp(start, "const", 5))) {
			/* const before the first star qualifies the pointee */
			if (*stars == 0)
				*first_const = true;
			continue;
		}
		if ((len == 8 && !strncmp(start, "volatile", 8)) ||
		    (len == 6 && !strncmp(start, "__user", 6)) ||
		    (len == 8 && !strncmp(start, "restrict", 8)))
			continue;
		if (*stars)
			continue; /* nothing after a star names the base */
		if (words++ && n < sizeof(tmp) - 1)
			tmp[n++] = ' ';
		if (len > sizeof(tmp) - 1 - n)
			len = sizeof(tmp) - 1 - n;
		memcpy(tmp + n, start, len);
		n += len;
	}
	tmp[n] = '\0';
	snprintf(base, size, "%s", tmp);
}

/* Fills out from a BTF id: follows typedefs to pointers so that a pointer typedef counts. */
static void resolve_btf(const struct types *t, __u32 id, struct arg_type *out)
{
	const struct btf *btf = t->btf;

	for (int depth = 0; depth < 8; depth++) {
		__u32 real = types__skip_mods(btf, id);
		const struct btf_type *bt = btf__type_by_id(btf, real);

		if (real && btf_is_ptr(bt)) {
			/* a typedef of a pointer, like cap_user_header_t */
			out->ptr_depth++;
			if (out->ptr_depth == 1)
				out->value_size = 8;
			id = bt->type;
			/* is the pointee const? look through the modifier chain */
			for (__u32 m = id; m;) {
				const struct btf_type *mt = btf__type_by_id(btf, m);

				if (btf_is_const(mt)) {
					out->pointee_const = true;
					break;
				}
				if (!btf_is_mod(mt) && !btf_is_typedef(mt))
					break;
				m = mt->type;
			}
			continue;
		}
		out->base_id = real;
		if (!real) {
			out->is_void = true;
			out->base_kind = BTF_KIND_UNKN;
			out->base_size = -1;
			return;
		}
		out->base_kind = btf_kind(bt);
		out->base_size = btf__resolve_size(btf, real);
		if (btf_is_int(bt)) {
			out->is_signed = btf_int_encoding(bt) & BTF_INT_SIGNED;
			out->is_char = (btf_int_encoding(bt) & BTF_INT_CHAR) || bt->size == 1;
		} else if (btf_is_enum(bt) || btf_is_enum64(bt)) {
			out->is_signed = btf_kflag(bt);
		}
		if (out->ptr_depth == 0)
			out->value_size = out->base_size > 0 ? out->base_size : 8;
		return;
	}
}

int types__resolve(const struct types *t, const char *ctype, struct arg_type *out)
{
	char base[128];
	struct int_words w;
	int stars;
	bool pointee_const;
	__u32 id = 0;

	memset(out, 0, sizeof(*out));
	strip_type(ctype, base, sizeof(base), &stars, &pointee_const);
	out->ptr_depth = stars;
	out->pointee_const = stars > 0 && pointee_const;
	out->value_size = stars ? 8 : 8;
	out->base_size = -1;

	if (!strcmp(base, "void")) {
		out->is_void = true;
		return 0;
	}
	if (parse_int_words(base, &w) &&
	    (w.longs || w.shorts || w.chars || w.ints || w.is_unsigned || w.is_signed_kw)) {
		char canon[48];

		int_words_shape(&w, &out->base_size, &out->is_signed);
		out->is_char = w.chars > 0;
		if (!stars)
			out->value_size = out->base_size;
		canonical_int_name(&w, canon, sizeof(canon));
		id = types__find(t, canon, BTF_KIND_INT);
		if (id)
			out->base_id = id;
		out->base_kind = BTF_KIND_INT;
		return 0;
	}
	if (!strncmp(base, "struct ", 7))
		id = types__find(t, base + 7, BTF_KIND_STRUCT);
	else if (!strncmp(base, "union ", 6))
		id = types__find(t, base + 6, BTF_KIND_UNION);
	else if (!strncmp(base, "enum ", 5))
		id = types__find(t, base + 5, BTF_KIND_ENUM);
	else
		id = types__find(t, base, BTF_KIND_TYPEDEF);
	if (!id) {
		out->base_kind = BTF_KIND_UNKN;
		return -ENOENT;
	}
	out->ptr_depth = 0;
	resolve_btf(t, id, out);
	out->ptr_depth += stars;
	if (stars) {
		out->value_size = 8;
		out->pointee_const = out->pointee_const || pointee_const;
	}
	return 0;
}

/*
 * i386 layouts. An i386 call's struct is read with the x86_64 kernel's BTF,
 * which describes x86_64's layout; the two agree unless the struct holds a
 * long or a pointer (4 bytes on i386) or a 64-bit member whose alignment
 * made a hole (i386 aligns them to 4, unless declared aligned, as
 * __aligned_u64 is).
 */
#define I386_LAYOUT_DEPTH 8

static bool i386_layout(const struct btf *btf, __u32 id, int depth, long *align);

/* A typedef that declares its alignment: __aligned_u64 and the like keep 8 on i386. */
static bool declares_alignment(const struct btf *btf, __u32 id)
{
	for (int i = 0; i < I386_LAYOUT_DEPTH; i++) {
		const struct btf_type *bt = btf__type_by_id(btf, id);

		if (!bt)
			return false;
		if (btf_is_typedef(bt) && strstr(btf__name_by_offset(btf, bt->name_off), "aligned"))
			return true;
		if (!btf_is_typedef(bt) && !btf_is_mod(bt))
			return false;
		id = bt->type;
	}
	return false;
}

/* A flexible array member: the struct is read as far as a length says, not by its size. */
static bool is_flexible_array(const struct btf *btf, __u32 id)
{
	const struct btf_type *bt = btf__type_by_id(btf, types__skip_mods(btf, id));

	return bt && btf_is_array(bt) && btf_array(bt)->nelems == 0;
}

static bool i386_members(const struct btf *btf, const struct btf_type *bt, int depth, long *align)
{
	const struct btf_member *m = btf_members(bt);
	long off = 0, end = 0;

	*align = 1;
	for (int i = 0; i < btf_vlen(bt); i++, m++) {
		__u32 bits = btf_member_bitfield_size(bt, i);
		long bit_off = btf_member_bit_offset(bt, i), member_align, size;

		if (!i386_layout(btf, m->type, depth + 1, &member_align))
			return false;
		size = btf__resolve_size(btf, m->type);
		if (size < 0)
			return false;
		if (declares_alignment(btf, m->type))
			member_align = 8;
		if (member_align > *align)
			*align = member_align;
		if (bits) {
			/*
			 * bitfields fill their unit from its start the same way in both
			 * ABIs; only a unit's alignment differs, which the members
			 * after it show
			 */
			if ((bit_off + bits + 7) / 8 > end)
				end = (bit_off + bits + 7) / 8;
			continue;
		}
		if (bit_off % 8)
			return false;
		if (btf_is_union(bt)) {
			off = 0;
		} else {
			off = (end + member_align - 1) / member_align * member_align;
			if (off != bit_off / 8)
				return false;
		}
		if (off + size > end)
			end = off + size;
	}
	/* trailing padding matters only to a struct read by its size */
	if (btf_vlen(bt) && is_flexible_array(btf, btf_members(bt)[btf_vlen(bt) - 1].type))
		return true;
	return (end + *align - 1) / *align * *align == bt->size;
}

static bool i386_layout(const struct btf *btf, __u32 id, int depth, long *align)
{
	const struct btf_type *bt;

	if (depth > I386_LAYOUT_DEPTH)
		return false;
	id = types__skip_mods(btf, id);
	bt = btf__type_by_id(btf, id);
	if (!bt)
		return false;
	if (btf_is_int(bt)) {
		const char *name = btf__name_by_offset(btf, bt->name_off);

		/* long is 4 bytes on i386, long long 8 aligned to 4 */
		if (bt->size == 8 && strstr(name, "long") && !strstr(name, "long long"))
			return false;
		*align = bt->size > 4 ? 4 : bt->size;
		return bt->size <= 8;
	}
	if (btf_is_enum(bt) || btf_is_enum64(bt)) {
		*align = bt->size > 4 ? 4 : bt->size;
		return true;
	}
	if (btf_is_array(bt))
		return i386_layout(btf, btf_array(bt)->type, depth + 1, align);
	if (btf_is_struct(bt) || btf_is_union(bt))
		return i386_members(btf, bt, depth, align);
	/* pointers, floats, functions, forward declarations */
	return false;
}

bool types__same_in_i386(const struct types *t, __u32 id)
{
	/*
	 * Declared with __aligned_u64 members, laid out for both ABIs: the
	 * attribute is not in BTF, which shows only x86_64's holes before them.
	 */
	static const char *const aligned_u64_unions[] = {"bpf_attr"};
	const struct btf_type *bt;
	const char *name;
	long align;

	if (!t || !t->btf || !id)
		return false;
	bt = btf__type_by_id(t->btf, types__skip_mods(t->btf, id));
	name = bt ? btf__name_by_offset(t->btf, bt->name_off) : NULL;
	for (size_t i = 0; bt && btf_is_union(bt) && name &&
			   i < sizeof(aligned_u64_unions) / sizeof(aligned_u64_unions[0]);
	     i++) {
		if (!strcmp(name, aligned_u64_unions[i]))
			return true;
	}
	return i386_layout(t->btf, id, 0, &align);
}

/* The member of struct or union id named name, at *offset bytes (added to); its type id, or 0. */
static __u32 member_by_name(const struct btf *btf, __u32 id, const char *name, size_t len,
			    __u32 *offset)
{
	const struct btf_type *t = btf__type_by_id(btf, types__skip_mods(btf, id));
	const struct btf_member *m;

	if (!t || !(btf_is_struct(t) || btf_is_union(t)))
		return 0;
	m = btf_members(t);
	for (__u16 i = 0; i < btf_vlen(t); i++) {
		const char *mname = btf__name_by_offset(btf, m[i].name_off);
		__u32 bits = btf_member_bit_offset(t, i), found;

		if (bits % 8)
			continue;
		if (mname && *mname) {
			if (strlen(mname) != len || strncmp(mname, name, len))
				continue;
			*offset += bits / 8;
			return m[i].type;
		}
		/* an anonymous struct or union: its members are the parent's */
		found = member_by_name(btf, m[i].type, name, len, offset);
		if (found) {
			*offset += bits / 8;
			return found;
		}
	}
	return 0;
}

__u32 types__member(const struct types *t, __u32 id, const char *path, __u32 *offset)
{
	*offset = 0;
	if (!t || !t->btf)
		return 0;
	while (id && *path) {
		size_t len = strcspn(path, ".");

		id = member_by_name(t->btf, id, path, len, offset);
		path += len;
		if (*path == '.')
			path++;
	}
	return id;
}

int types__struct_member(const struct types *t, const char *struct_name, const char *member,
			 __u32 *offset, __u32 *size)
{
	__u32 id, type;
	__s64 bytes;

	if (!t || !t->btf)
		return -ENOENT;
	id = types__find(t, struct_name, BTF_KIND_STRUCT);
	if (!id)
		id = types__find(t, struct_name, BTF_KIND_UNION);
	type = id ? types__member(t, id, member, offset) : 0;
	if (!type)
		return -ENOENT;
	bytes = btf__resolve_size(t->btf, type);
	if (bytes <= 0)
		return -ENOENT;
	*size = bytes;
	return 0;
}

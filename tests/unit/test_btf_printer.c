// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the BTF data printer, on BTF built by hand and on the running kernel's. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <bpf/btf.h>

#include "base/outbuf.h"
#include "base/writer.h"
#include "decode/btf_printer.h"

static struct outbuf ob;

/* The printer's options, and the text writer's limits and style it writes through. */
struct show_opts {
	struct btf_print_opts po;
	struct wr_limits lim;
	bool pretty;
};

static void opts_default(struct show_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->lim.depth = 4;
}

/* Asserts a libbpf builder call gave an id (or 0), and hands it on. */
static int ok(int id)
{
	assert_true(id >= 0);
	return id;
}

/* A text writer into ob with o's limits and style (the defaults for NULL). */
static struct writer *text_writer(const struct show_opts *o)
{
	static struct text_writer tw;
	struct text_writer_opts two = {.pretty = o && o->pretty};
	struct show_opts def;

	if (!o) {
		opts_default(&def);
		o = &def;
	}
	outbuf_reset(&ob);
	text_writer__init(&tw, &ob, &o->lim, &two);
	return &tw.w;
}

static char shown_text[1 << 16];

/* The value as the printer writes it with o's options (NULL: defaults) and cache. */
static const char *show_with(const struct btf *btf, __u32 id, const void *data, size_t len,
			     const struct show_opts *o, struct btf_print_cache *cache)
{
	struct btf_print_opts po;

	if (o)
		po = o->po;
	else
		btf_print_opts_default(&po);
	po.cache = cache;
	assert_int_equal(btf_print_value(text_writer(o), btf, id, data, len, &po), 0);
	snprintf(shown_text, sizeof(shown_text), "%s", ob.data ? ob.data : "");
	return shown_text;
}

/*
 * The value as the printer writes it, by look-ups in the BTF; and the same once more with a
 * cache of print plans, cold then warm, which must write exactly the same.
 */
static const char *show(const struct btf *btf, __u32 id, const void *data, size_t len,
			const struct show_opts *o)
{
	struct btf_print_cache *cache = btf_print_cache__new(btf);
	char want[sizeof(shown_text)];

	assert_non_null(cache);
	snprintf(want, sizeof(want), "%s", show_with(btf, id, data, len, o, NULL));
	for (int pass = 0; pass < 2; pass++)
		assert_string_equal(show_with(btf, id, data, len, o, cache), want);
	btf_print_cache__free(cache);
	return show_with(btf, id, data, len, o, NULL);
}

/* The base types most tests share; ids filled by new_btf(). */
static int t_int, t_uint, t_long, t_ulong, t_char, t_uchar, t_short, t_bool;

static struct btf *new_btf(void)
{
	struct btf *btf = btf__new_empty();

	assert_non_null(btf);
	t_int = ok(btf__add_int(btf, "int", 4, BTF_INT_SIGNED));
	t_uint = ok(btf__add_int(btf, "unsigned int", 4, 0));
	t_long = ok(btf__add_int(btf, "long", 8, BTF_INT_SIGNED));
	t_ulong = ok(btf__add_int(btf, "unsigned long", 8, 0));
	/* like the kernel's: char with no encoding at all, recognised by name */
	t_char = ok(btf__add_int(btf, "char", 1, 0));
	t_uchar = ok(btf__add_int(btf, "unsigned char", 1, 0));
	t_short = ok(btf__add_int(btf, "short", 2, BTF_INT_SIGNED));
	t_bool = ok(btf__add_int(btf, "_Bool", 1, BTF_INT_BOOL));
	return btf;
}

static int add_timespec(struct btf *btf)
{
	int id = ok(btf__add_struct(btf, "timespec", 16));

	ok(btf__add_field(btf, "tv_sec", t_long, 0, 0));
	ok(btf__add_field(btf, "tv_nsec", t_long, 64, 0));
	return id;
}

static void test_timespec(void **state)
{
	struct btf *btf = new_btf();
	int ts = add_timespec(btf);
	long v[2] = {1, 234567891};

	assert_string_equal(show(btf, ts, v, sizeof(v), NULL), "{tv_sec=1, tv_nsec=234567891}");
	v[0] = -1;
	v[1] = 0;
	assert_string_equal(show(btf, ts, v, sizeof(v), NULL), "{tv_sec=-1, tv_nsec=0}");
	btf__free(btf);
}

static void test_nested_and_anonymous_union(void **state)
{
	struct btf *btf = new_btf();
	struct outer {
		struct {
			int b;
		} a;
		union {
			int u1;
			short u2;
		};
		unsigned int c;
	} v = {.a.b = 1, .u1 = 0x10002, .c = 3};
	int inner, anon, outer;

	inner = ok(btf__add_struct(btf, "inner", 4));
	ok(btf__add_field(btf, "b", t_int, 0, 0));
	anon = ok(btf__add_union(btf, NULL, 4));
	ok(btf__add_field(btf, "u1", t_int, 0, 0));
	ok(btf__add_field(btf, "u2", t_short, 0, 0));
	outer = ok(btf__add_struct(btf, "outer", sizeof(v)));
	ok(btf__add_field(btf, "a", inner, 0, 0));
	ok(btf__add_field(btf, NULL, anon, offsetof(struct outer, u1) * 8, 0));
	ok(btf__add_field(btf, "c", t_uint, offsetof(struct outer, c) * 8, 0));

	assert_string_equal(show(btf, outer, &v, sizeof(v), NULL),
			    "{a={b=1}, u1=65538, u2=2, c=3}");
	/* a union alone prints all its members */
	assert_string_equal(show(btf, anon, &v.u1, 4, NULL), "{u1=65538, u2=2}");
	/* a union cut short prints what is covered, then "..." */
	assert_string_equal(show(btf, anon, &v.u1, 2, NULL), "{u2=2, ...}");
	btf__free(btf);
}

enum color { RED, GREEN, BLUE };

/* Rewrites an int's encoding word, which btf__add_int() always makes full width. */
static void set_int_layout(struct btf *btf, int id, __u32 encoding, __u32 bit_off, __u32 bits)
{
	__u32 *word = (__u32 *)(btf__type_by_id(btf, id) + 1);

	*word = encoding << 24 | bit_off << 16 | bits;
}

static void test_bitfields(void **state)
{
	struct btf *btf = new_btf();
	struct bf {
		int s : 3;
		unsigned int u : 5;
		int t : 12;
		enum color c : 4;
		unsigned long long w : 40;
		long long x : 33;
		_Bool f : 1;
	} v;
	int color, ll, ull, bf, i3, u5, nk;

	memset(&v, 0, sizeof(v));
	v.s = -2;
	v.u = 17;
	v.t = -100;
	v.c = BLUE;
	v.w = (1ULL << 40) - 1;
	v.x = -(1LL << 32);
	v.f = 1;

	color = ok(btf__add_enum(btf, "color", 4));
	ok(btf__add_enum_value(btf, "RED", RED));
	ok(btf__add_enum_value(btf, "GREEN", GREEN));
	ok(btf__add_enum_value(btf, "BLUE", BLUE));
	ll = ok(btf__add_int(btf, "long long", 8, BTF_INT_SIGNED));
	ull = ok(btf__add_int(btf, "unsigned long long", 8, 0));
	bf = ok(btf__add_struct(btf, "bf", sizeof(v)));
	ok(btf__add_field(btf, "s", t_int, 0, 3));
	ok(btf__add_field(btf, "u", t_uint, 3, 5));
	ok(btf__add_field(btf, "t", t_int, 8, 12));
	ok(btf__add_field(btf, "c", color, 20, 4));
	ok(btf__add_field(btf, "w", ull, 24, 40));
	ok(btf__add_field(btf, "x", ll, 64, 33));
	ok(btf__add_field(btf, "f", t_bool, 97, 1));

	assert_string_equal(show(btf, bf, &v, sizeof(v), NULL),
			    "{s=-2, u=17, t=-100, c=BLUE, w=1099511627775, x=-4294967296, f=true}");
	/* without kflag, as older BTF does it: the int type itself carries the width */
	i3 = ok(btf__add_int(btf, "int", 4, BTF_INT_SIGNED));
	set_int_layout(btf, i3, BTF_INT_SIGNED, 0, 3);
	u5 = ok(btf__add_int(btf, "unsigned int", 4, 0));
	set_int_layout(btf, u5, 0, 0, 5);
	nk = ok(btf__add_struct(btf, "nokflag", sizeof(v)));
	ok(btf__add_field(btf, "s", i3, 0, 0));
	/* libbpf's builder takes unaligned offsets for bitfields only: write this one in place */
	ok(btf__add_field(btf, "u", u5, 0, 0));
	btf_members(btf__type_by_id(btf, nk))[1].offset = 3;
	assert_string_equal(show(btf, nk, &v, sizeof(v), NULL), "{s=-2, u=17}");
	assert_string_equal(show(btf, i3, &v, sizeof(v), NULL), "-2");

	v.s = 3;
	v.t = 2047;
	v.x = (1LL << 32) - 1;
	v.f = 0;
	assert_string_equal(show(btf, bf, &v, sizeof(v), NULL),
			    "{s=3, u=17, t=2047, c=BLUE, w=1099511627775, x=4294967295, f=false}");
	btf__free(btf);
}

static void test_arrays(void **state)
{
	struct btf *btf = new_btf();
	int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
	int row, mat, s, tail, flex;
	struct {
		int pad;
		int m[2][3];
	} v;

	row = ok(btf__add_array(btf, t_int, t_int, 3));
	mat = ok(btf__add_array(btf, t_int, row, 2));
	assert_string_equal(show(btf, mat, m, sizeof(m), NULL), "[[1, 2, 3], [4, 5, 6]]");

	s = ok(btf__add_struct(btf, "withm", sizeof(v)));
	ok(btf__add_field(btf, "pad", t_int, 0, 0));
	ok(btf__add_field(btf, "m", mat, 32, 0));
	v.pad = 7;
	memcpy(v.m, m, sizeof(m));
	assert_string_equal(show(btf, s, &v, sizeof(v), NULL), "{pad=7, m=[[1, 2, 3], [4, 5, 6]]}");
	/* a flexible array member has no bytes, so no value to show */
	tail = ok(btf__add_array(btf, t_int, t_int, 0));
	flex = ok(btf__add_struct(btf, "flex", 4));
	ok(btf__add_field(btf, "n", t_int, 0, 0));
	ok(btf__add_field(btf, "tail", tail, 32, 0));
	assert_string_equal(show(btf, flex, m, sizeof(m), NULL), "{n=1}");
	/* a short copy of a bare array shows the elements it holds whole */
	assert_string_equal(show(btf, mat, m, 16, NULL), "[[1, 2, 3], ...]");
	assert_string_equal(show(btf, row, m, 8, NULL), "[1, 2, ...]");
	btf__free(btf);
}

static void test_char_arrays(void **state)
{
	struct btf *btf = new_btf();
	struct {
		char name[8];
		unsigned char uc[4];
		unsigned char raw[4];
		char full[4];
	} v = {"hi\n\"", "ab", {1, 2}, {'a', 'b', 'c', 'd'}};
	int u8, name, uc, raw, full, s;
	struct show_opts o;

	u8 = ok(btf__add_typedef(btf, "__u8", t_uchar));
	name = ok(btf__add_array(btf, t_int, t_char, 8));
	uc = ok(btf__add_array(btf, t_int, t_uchar, 4));
	raw = ok(btf__add_array(btf, t_int, u8, 4));
	full = ok(btf__add_array(btf, t_int, ok(btf__add_const(btf, t_char)), 4));
	s = ok(btf__add_struct(btf, "names", sizeof(v)));
	ok(btf__add_field(btf, "name", name, 0, 0));
	ok(btf__add_field(btf, "uc", uc, 64, 0));
	ok(btf__add_field(btf, "raw", raw, 96, 0));
	ok(btf__add_field(btf, "full", full, 128, 0));

	assert_string_equal(show(btf, s, &v, sizeof(v), NULL),
			    "{name=\"hi\\n\\\"\", uc=\"ab\", raw=[1, 2, 0, 0], full=\"abcd\"}");
	opts_default(&o);
	o.lim.string = 2;
	assert_string_equal(show(btf, s, &v, sizeof(v), &o),
			    "{name=\"hi\"..., uc=\"ab\", raw=[1, 2, 0, 0], full=\"ab\"...}");
	/* a bare char array cut before its NUL */
	assert_string_equal(show(btf, name, "hello", 3, NULL), "\"hel\"...");
	assert_string_equal(show(btf, name, "hi", 3, NULL), "\"hi\"");
	/* a char outside an array is a number */
	assert_string_equal(show(btf, t_char, "A", 1, NULL), "65");
	btf__free(btf);
}

static void test_enums(void **state)
{
	struct btf *btf = new_btf();
	int e, e64, se64, se;
	__u64 v64;
	__s32 v32;

	e = ok(btf__add_enum(btf, "color", 4));
	ok(btf__add_enum_value(btf, "RED", 0));
	ok(btf__add_enum_value(btf, "GREEN", 1));
	se = ok(btf__add_enum(btf, "sign", 4));
	ok(btf__add_enum_value(btf, "MINUS", -1));
	ok(btf__add_enum_value(btf, "PLUS", 1));
	e64 = ok(btf__add_enum64(btf, "big", 8, false));
	ok(btf__add_enum64_value(btf, "HUGE", 1ULL << 40));
	ok(btf__add_enum64_value(btf, "TOP", ~0ULL));
	se64 = ok(btf__add_enum64(btf, "sbig", 8, true));
	ok(btf__add_enum64_value(btf, "NEG", (__u64) - (1LL << 40)));

	v32 = 1;
	assert_string_equal(show(btf, e, &v32, 4, NULL), "GREEN");
	v32 = 7;
	assert_string_equal(show(btf, e, &v32, 4, NULL), "7");
	v32 = -1;
	assert_string_equal(show(btf, se, &v32, 4, NULL), "MINUS");
	v32 = -5;
	assert_string_equal(show(btf, se, &v32, 4, NULL), "-5");
	v64 = 1ULL << 40;
	assert_string_equal(show(btf, e64, &v64, 8, NULL), "HUGE");
	v64 = ~0ULL;
	assert_string_equal(show(btf, e64, &v64, 8, NULL), "TOP");
	v64 = 5;
	assert_string_equal(show(btf, e64, &v64, 8, NULL), "5");
	v64 = (__u64) - (1LL << 40);
	assert_string_equal(show(btf, se64, &v64, 8, NULL), "NEG");
	v64 = (__u64)-3;
	assert_string_equal(show(btf, se64, &v64, 8, NULL), "-3");
	btf__free(btf);
}

static void test_pointers(void **state)
{
	struct btf *btf = new_btf();
	void *v[2] = {(void *)0x7ffd1234UL, NULL};
	int s, vp, ip;

	vp = ok(btf__add_ptr(btf, 0));
	ip = ok(btf__add_ptr(btf, t_int));
	s = ok(btf__add_struct(btf, "ptrs", sizeof(v)));
	ok(btf__add_field(btf, "p", vp, 0, 0));
	ok(btf__add_field(btf, "q", ip, 64, 0));
	assert_string_equal(show(btf, s, v, sizeof(v), NULL), "{p=0x7ffd1234, q=NULL}");
	btf__free(btf);
}

static void test_typedef_chain(void **state)
{
	struct btf *btf = new_btf();
	long v = -42;
	int a, b, c, loop1, loop2;

	a = ok(btf__add_typedef(btf, "__kernel_long_t", t_long));
	b = ok(btf__add_typedef(btf, "time64_t", a));
	c = ok(btf__add_const(btf, ok(btf__add_volatile(btf, ok(btf__add_restrict(btf, b))))));
	c = ok(btf__add_type_tag(btf, "user", c));
	assert_string_equal(show(btf, c, &v, sizeof(v), NULL), "-42");
	/* a typedef cycle ends in "?", not in a hang */
	loop1 = ok(btf__add_typedef(btf, "loop1", 0));
	loop2 = ok(btf__add_typedef(btf, "loop2", loop1));
	((struct btf_type *)btf__type_by_id(btf, loop1))->type = loop2;
	assert_string_equal(show(btf, loop2, &v, sizeof(v), NULL), "?");
	btf__free(btf);
}

static void test_short_data(void **state)
{
	struct btf *btf = new_btf();
	int ts = add_timespec(btf), u;
	long v[2] = {1, 234567891};

	/* in the middle of a member */
	assert_string_equal(show(btf, ts, v, 12, NULL), "{tv_sec=1, ...}");
	/* at a member boundary */
	assert_string_equal(show(btf, ts, v, 8, NULL), "{tv_sec=1, ...}");
	assert_string_equal(show(btf, ts, v, 3, NULL), "{...}");
	assert_string_equal(show(btf, ts, NULL, 0, NULL), "{...}");
	assert_string_equal(show(btf, t_long, v, 4, NULL), "...");

	u = ok(btf__add_union(btf, "u", 8));
	ok(btf__add_field(btf, "l", t_long, 0, 0));
	ok(btf__add_field(btf, "c", t_char, 0, 0));
	assert_string_equal(show(btf, u, "A", 1, NULL), "{c=65, ...}");
	btf__free(btf);
}

static void test_no_zeros(void **state)
{
	struct btf *btf = new_btf();
	int ts = add_timespec(btf);
	long v[2] = {0, 5};
	struct show_opts o;

	opts_default(&o);
	o.lim.no_zeros = true;
	assert_string_equal(show(btf, ts, v, sizeof(v), &o), "{tv_nsec=5}");
	v[1] = 0;
	assert_string_equal(show(btf, ts, v, sizeof(v), &o), "{}");
	btf__free(btf);
}

static void test_max_array(void **state)
{
	struct btf *btf = new_btf();
	int a = ok(btf__add_array(btf, t_int, t_int, 5));
	int v[5] = {1, 2, 3, 4, 5};
	struct show_opts o;

	opts_default(&o);
	o.lim.array = 2;
	assert_string_equal(show(btf, a, v, sizeof(v), &o), "[1, 2, ...]");
	o.lim.array = 5;
	assert_string_equal(show(btf, a, v, sizeof(v), &o), "[1, 2, 3, 4, 5]");
	o.lim.array = 0;
	assert_string_equal(show(btf, a, v, sizeof(v), &o), "[1, 2, 3, 4, 5]");
	btf__free(btf);
}

/* struct a { struct b { struct c { int x; } c; } b; int y; } */
static int add_abc(struct btf *btf)
{
	int c, b, a;

	c = ok(btf__add_struct(btf, "c", 4));
	ok(btf__add_field(btf, "x", t_int, 0, 0));
	b = ok(btf__add_struct(btf, "b", 4));
	ok(btf__add_field(btf, "c", c, 0, 0));
	a = ok(btf__add_struct(btf, "a", 8));
	ok(btf__add_field(btf, "b", b, 0, 0));
	ok(btf__add_field(btf, "y", t_int, 32, 0));
	return a;
}

static void test_max_depth(void **state)
{
	struct btf *btf = new_btf();
	int a = add_abc(btf);
	int v[2] = {1, 2};
	struct show_opts o;

	opts_default(&o);
	assert_string_equal(show(btf, a, v, sizeof(v), &o), "{b={c={x=1}}, y=2}");
	o.lim.depth = 2;
	assert_string_equal(show(btf, a, v, sizeof(v), &o), "{b={c={...}}, y=2}");
	o.lim.depth = 1;
	assert_string_equal(show(btf, a, v, sizeof(v), &o), "{b={...}, y=2}");
	btf__free(btf);
}

static void test_pretty(void **state)
{
	struct btf *btf = new_btf();
	int a = add_abc(btf), ts = add_timespec(btf);
	int v[2] = {1, 2};
	long t[2] = {1, 2};
	struct show_opts o;

	opts_default(&o);
	o.pretty = true;
	assert_string_equal(show(btf, a, v, sizeof(v), &o), "{\n"
							    "  b={\n"
							    "    c={\n"
							    "      x=1\n"
							    "    }\n"
							    "  },\n"
							    "  y=2\n"
							    "}");
	assert_string_equal(show(btf, ts, t, 12, &o), "{\n"
						      "  tv_sec=1,\n"
						      "  ...\n"
						      "}");
	btf__free(btf);
}

struct hook_log {
	__u32 parent_id;
	__u32 type_id;
	int calls;
};

static bool mode_hook(void *ctx, struct writer *w, const struct btf *btf, __u32 parent_id,
		      const char *member_name, __u32 member_type_id, const void *data, size_t len)
{
	struct hook_log *log = ctx;
	unsigned int mode;
	char text[32];

	log->calls++;
	/* declined: the printer's own printing follows */
	if (strcmp(member_name, "st_mode"))
		return false;
	log->parent_id = parent_id;
	log->type_id = member_type_id;
	assert_int_equal(len, 4);
	memcpy(&mode, data, 4);
	snprintf(text, sizeof(text), "S_IFREG|%#o", mode & 0777);
	w_name(w, text);
	return true;
}

static void test_member_hook(void **state)
{
	struct btf *btf = new_btf();
	struct btf_print_cache *cache;
	struct hook_log log = {0};
	struct show_opts o;
	unsigned int v[2] = {0100644, 9};
	int umode, anon, s;

	umode = ok(btf__add_typedef(btf, "umode_t", t_uint));
	anon = ok(btf__add_struct(btf, NULL, 4));
	ok(btf__add_field(btf, "st_mode", umode, 0, 0));
	s = ok(btf__add_struct(btf, "stat", 8));
	ok(btf__add_field(btf, NULL, anon, 0, 0));
	ok(btf__add_field(btf, "st_nlink", t_uint, 32, 0));

	opts_default(&o);
	o.po.member_hook = mode_hook;
	o.po.hook_ctx = &log;
	cache = btf_print_cache__new(btf);
	/* by look-ups, then through the plans, cold and warm: called alike */
	for (int pass = 0; pass < 3; pass++) {
		log = (struct hook_log){0};
		assert_string_equal(show_with(btf, s, v, sizeof(v), &o, pass ? cache : NULL),
				    "{st_mode=S_IFREG|0644, st_nlink=9}");
		assert_int_equal(log.calls, 2);
		/* the member of an anonymous struct reports the struct it is flattened into */
		assert_int_equal(log.parent_id, s);
		assert_int_equal(log.type_id, umode);
		/* not called for a member the data does not cover */
		log.calls = 0;
		assert_string_equal(show_with(btf, s, v, 6, &o, pass ? cache : NULL),
				    "{st_mode=S_IFREG|0644, ...}");
		assert_int_equal(log.calls, 1);
	}
	btf_print_cache__free(cache);
	btf__free(btf);
}

/* Shapes for test_shapes: by the struct's name; member_shown calls counted. */
struct shape_ctx {
	const struct btf_shape *listed, *plain;
	const char *listed_name;
	unsigned int shown_calls;
};

static const struct btf_shape *test_shape(void *ctx, const struct btf *btf, __u32 type_id)
{
	struct shape_ctx *sc = ctx;
	const struct btf_type *t = btf__type_by_id(btf, type_id);
	const char *name = btf__name_by_offset(btf, t->name_off);

	return !strcmp(name, sc->listed_name) ? sc->listed : sc->plain;
}

static bool test_member_shown(void *ctx, const char *name)
{
	((struct shape_ctx *)ctx)->shown_calls++;
	return strcmp(name, "__pad");
}

static void test_shapes(void **state)
{
	static const char *const brief[] = {"a", NULL};
	static const char *const members[] = {"c", "u2", "missing", "a", NULL};
	static const char *const when_set[] = {"__pad", NULL};
	struct btf_shape listed = {.members = members, .brief = brief};
	struct btf_shape plain = {.when_set = when_set};
	struct shape_ctx sc = {.listed = &listed, .plain = &plain, .listed_name = "listed"};
	struct btf *btf = new_btf();
	struct btf_print_cache *cache = btf_print_cache__new(btf);
	struct {
		int a;
		union {
			int u1;
			short u2;
		};
		unsigned int pad;
		unsigned int c;
	} v = {.a = 1, .u1 = 0x10002, .c = 3};
	const char *list[3];
	struct show_opts o;
	int anon, st, pl;

	anon = ok(btf__add_union(btf, NULL, 4));
	ok(btf__add_field(btf, "u1", t_int, 0, 0));
	ok(btf__add_field(btf, "u2", t_short, 0, 0));
	st = ok(btf__add_struct(btf, "listed", sizeof(v)));
	ok(btf__add_field(btf, "a", t_int, 0, 0));
	ok(btf__add_field(btf, NULL, anon, 32, 0));
	ok(btf__add_field(btf, "__pad", t_uint, 64, 0));
	ok(btf__add_field(btf, "c", t_uint, 96, 0));
	pl = ok(btf__add_struct(btf, "plain", sizeof(v)));
	ok(btf__add_field(btf, "a", t_int, 0, 0));
	ok(btf__add_field(btf, NULL, anon, 32, 0));
	ok(btf__add_field(btf, "__pad", t_uint, 64, 0));
	ok(btf__add_field(btf, "c", t_uint, 96, 0));

	opts_default(&o);
	o.po.shape = test_shape;
	o.po.member_shown = test_member_shown;
	o.po.hook_ctx = &sc;
	assert_string_equal(show(btf, st, &v, sizeof(v), &o), "{a=1, ...}");
	o.lim.verbose = true;
	/* the list's order, a member of the anonymous union among them, an unknown name skipped */
	assert_string_equal(show(btf, st, &v, sizeof(v), &o), "{c=3, u2=2, a=1}");
	/* a list cut short: what the data covers */
	assert_string_equal(show(btf, st, &v, 8, &o), "{u2=2, a=1, ...}");
	/* BTF's order: padding only when set */
	assert_string_equal(show(btf, pl, &v, sizeof(v), &o), "{a=1, u1=65538, u2=2, c=3}");
	v.pad = 5;
	assert_string_equal(show(btf, pl, &v, sizeof(v), &o),
			    "{a=1, u1=65538, u2=2, __pad=5, c=3}");

	/* a warm cache asks nothing of member_shown */
	show_with(btf, pl, &v, sizeof(v), &o, cache);
	sc.shown_calls = 0;
	assert_string_equal(show_with(btf, pl, &v, sizeof(v), &o, cache),
			    "{a=1, u1=65538, u2=2, __pad=5, c=3}");
	assert_int_equal(sc.shown_calls, 0);

	/* one array, two lists (a shape built per call, as statx's): two plans */
	listed.members = list;
	list[0] = "a";
	list[1] = "c";
	list[2] = NULL;
	assert_string_equal(show_with(btf, st, &v, sizeof(v), &o, cache), "{a=1, c=3}");
	list[0] = "c";
	list[1] = "a";
	assert_string_equal(show_with(btf, st, &v, sizeof(v), &o, cache), "{c=3, a=1}");
	list[1] = NULL;
	assert_string_equal(show_with(btf, st, &v, sizeof(v), &o, cache), "{c=3}");

	/* another BTF than the cache's: printed by look-ups all the same */
	{
		struct btf *other = new_btf();
		int ts = add_timespec(other);
		long t[2] = {1, 2};

		assert_string_equal(show_with(other, ts, t, sizeof(t), NULL, cache),
				    "{tv_sec=1, tv_nsec=2}");
		btf__free(other);
	}
	btf_print_cache__free(cache);
	btf__free(btf);
}

static void test_scalars(void **state)
{
	struct btf *btf = new_btf();
	int i128 = ok(btf__add_int(btf, "__int128 unsigned", 16, 0));
	int fl = ok(btf__add_float(btf, "float", 4));
	int db = ok(btf__add_float(btf, "double", 8));
	int fwd = ok(btf__add_fwd(btf, "opaque", BTF_FWD_STRUCT));
	__u64 big[2] = {0x1122334455667788ULL, 0xabcULL};
	float f = 1.5f;
	double d = -0.25;
	unsigned char b = 1;

	assert_string_equal(show(btf, i128, big, 16, NULL), "0xabc1122334455667788");
	big[1] = 0;
	big[0] = 0;
	assert_string_equal(show(btf, i128, big, 16, NULL), "0x0");
	assert_string_equal(show(btf, fl, &f, 4, NULL), "1.5");
	assert_string_equal(show(btf, db, &d, 8, NULL), "-0.25");
	assert_string_equal(show(btf, t_bool, &b, 1, NULL), "true");
	assert_string_equal(show(btf, fwd, big, 16, NULL), "?");
	assert_string_equal(show(btf, 0, big, 16, NULL), "?");
	btf__free(btf);
}

static void test_malformed(void **state)
{
	struct btf *btf = new_btf();
	unsigned char buf[64] = {1};
	int self, far, huge, hs, zs, za, ok_id, leaf, prev, cur, wide, i, j;

	assert_int_equal(btf_print_value(text_writer(NULL), btf, 99999, buf, sizeof(buf), NULL),
			 -EINVAL);
	assert_int_equal(btf_print_value(text_writer(NULL), NULL, t_int, buf, sizeof(buf), NULL),
			 -EINVAL);
	assert_int_equal(btf_print_value(text_writer(NULL), btf, t_int, NULL, 4, NULL), -EINVAL);

	/* a struct that holds itself: cut by the depth limits, never a loop */
	self = ok(btf__add_struct(btf, "self", 8));
	ok(btf__add_field(btf, "me", self, 0, 0));
	assert_string_equal(show(btf, self, buf, sizeof(buf), NULL), "{me={me={me={me={...}}}}}");
	/* members beyond the struct, or of a type that does not exist */
	far = ok(btf__add_struct(btf, "far", 8));
	ok(btf__add_field(btf, "a", t_int, 0, 0));
	ok(btf__add_field(btf, "beyond", t_int, 1024, 0));
	ok(btf__add_field(btf, "bits", t_int, 1024, 3));
	ok(btf__add_field(btf, "nowhere", 5000, 32, 0));
	assert_string_equal(show(btf, far, buf, sizeof(buf), NULL),
			    "{a=1, beyond=?, bits=?, nowhere=?}");
	/* an array too big to have a size, and one that is only big */
	huge = ok(btf__add_array(btf, t_int, t_int, 0xffffffffU));
	hs = ok(btf__add_struct(btf, "hs", 8));
	ok(btf__add_field(btf, "h", huge, 0, 0));
	assert_string_equal(show(btf, hs, buf, sizeof(buf), NULL), "{h=?}");
	assert_string_equal(show(btf, huge, buf, 8, NULL), "[1, 0, ...]");
	/* zero-size elements */
	zs = ok(btf__add_struct(btf, "empty", 0));
	za = ok(btf__add_array(btf, t_int, zs, 0x7fffffff));
	assert_string_equal(show(btf, za, buf, sizeof(buf), NULL), "?");
	assert_string_equal(show(btf, zs, buf, 0, NULL), "{}");
	/* anonymous unions four wide and thirty deep, over members that print nothing: the step
	 * budget ends the walk long before 4^30 */
	leaf = ok(btf__add_array(btf, t_int, t_int, 0));
	prev = ok(btf__add_struct(btf, NULL, 4));
	ok(btf__add_field(btf, "z", leaf, 0, 0));
	for (i = 0; i < 30; i++) {
		cur = ok(btf__add_union(btf, NULL, 4));
		for (j = 0; j < 4; j++)
			ok(btf__add_field(btf, NULL, prev, 0, 0));
		prev = cur;
	}
	wide = ok(btf__add_struct(btf, "wide", 4));
	ok(btf__add_field(btf, NULL, prev, 0, 0));
	assert_string_equal(show(btf, wide, buf, sizeof(buf), NULL), "{...}");
	/* the BTF still works after all that */
	ok_id = add_timespec(btf);
	assert_string_equal(show(btf, ok_id, buf, 16, NULL), "{tv_sec=1, tv_nsec=0}");
	btf__free(btf);
}

static void test_vmlinux_timespec(void **state)
{
	struct btf *btf = btf__load_vmlinux_btf();
	long long v[2] = {1, 234567891};
	__s32 id;

	if (!btf)
		skip();
	id = btf__find_by_name_kind(btf, "__kernel_timespec", BTF_KIND_STRUCT);
	assert_true(id > 0);
	assert_string_equal(show(btf, id, v, sizeof(v), NULL), "{tv_sec=1, tv_nsec=234567891}");
	btf__free(btf);
}

static int teardown(void **state)
{
	outbuf_free(&ob);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timespec),
		cmocka_unit_test(test_nested_and_anonymous_union),
		cmocka_unit_test(test_bitfields),
		cmocka_unit_test(test_arrays),
		cmocka_unit_test(test_char_arrays),
		cmocka_unit_test(test_enums),
		cmocka_unit_test(test_pointers),
		cmocka_unit_test(test_typedef_chain),
		cmocka_unit_test(test_short_data),
		cmocka_unit_test(test_no_zeros),
		cmocka_unit_test(test_max_array),
		cmocka_unit_test(test_max_depth),
		cmocka_unit_test(test_pretty),
		cmocka_unit_test(test_member_hook),
		cmocka_unit_test(test_shapes),
		cmocka_unit_test(test_scalars),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_vmlinux_timespec),
	};

	return cmocka_run_group_tests(tests, NULL, teardown);
}

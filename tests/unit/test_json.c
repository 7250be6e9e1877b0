// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the JSON output: the string escaper, base64, value objects, the BTF JSON walk. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <cmocka.h>
#include <bpf/btf.h>
#include <linux/futex.h>

#include "base/json.h"
#include "base/outbuf.h"
#include "base/values.h"
#include "base/writer.h"
#include "decode/btf_printer.h"
#include "json_valid.h"

static struct outbuf ob;

#define U_FFFD "\xef\xbf\xbd"

/* json_put_str of n bytes; asserts the result is valid JSON and says whether the bytes were. */
static const char *esc(const void *p, size_t n, bool *valid)
{
	bool v;

	outbuf_reset(&ob);
	v = json_put_str(&ob, p, n);
	if (valid)
		*valid = v;
	assert_true(json_valid(ob.data, ob.len));
	return ob.data;
}

static void assert_escapes(const void *p, size_t n, const char *want, bool want_valid)
{
	bool valid;

	assert_string_equal(esc(p, n, &valid), want);
	assert_int_equal(valid, want_valid);
}

static void test_escape_ascii_and_controls(void **state)
{
	static const char in[] = "a\"b\\c/\n\t\r\b\f\x01\x1f\x7f~";

	assert_escapes("", 0, "\"\"", true);
	assert_escapes("plain text", 10, "\"plain text\"", true);
	assert_escapes(in, sizeof(in) - 1, "\"a\\\"b\\\\c/\\n\\t\\r\\b\\f\\u0001\\u001f\\u007f~\"",
		       true);
	/* a NUL is a character like another: it does not end the string */
	assert_escapes("a\0b", 3, "\"a\\u0000b\"", true);
	assert_escapes("\0", 1, "\"\\u0000\"", true);
	/* the escape sequences of a terminal stay inert text */
	assert_escapes("\x1b[31mred", 8, "\"\\u001b[31mred\"", true);
}

static void test_escape_utf8(void **state)
{
	static const char text[] = "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf";

	assert_escapes(text, sizeof(text) - 1,
		       "\""
		       "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 "
		       "\xf4\x8f\xbf\xbf"
		       "\"",
		       true);
	/* line and paragraph separators end a JavaScript string literal: escaped */
	assert_escapes("a\xe2\x80\xa8"
		       "b\xe2\x80\xa9",
		       8, "\"a\\u2028b\\u2029\"", true);
	/* the highest code point below the surrogates and the lowest above them */
	assert_escapes("\xed\x9f\xbf\xee\x80\x80", 6, "\"\xed\x9f\xbf\xee\x80\x80\"", true);
}

static void test_escape_invalid_utf8(void **state)
{
	/* each byte that does not start a valid sequence becomes U+FFFD */
	assert_escapes("\xff", 1, "\"" U_FFFD "\"", false);
	assert_escapes("a\x80z", 3, "\"a" U_FFFD "z\"", false);
	/* overlong forms of '/' */
	assert_escapes("\xc0\xaf", 2, "\"" U_FFFD U_FFFD "\"", false);
	assert_escapes("\xe0\x80\xaf", 3, "\"" U_FFFD U_FFFD U_FFFD "\"", false);
	/* a surrogate, U+D800 */
	assert_escapes("\xed\xa0\x80", 3, "\"" U_FFFD U_FFFD U_FFFD "\"", false);
	/* above U+10FFFF */
	assert_escapes("\xf4\x90\x80\x80", 4, "\"" U_FFFD U_FFFD U_FFFD U_FFFD "\"", false);
	assert_escapes("\xf5\x80", 2, "\"" U_FFFD U_FFFD "\"", false);
	/* a sequence cut by the end, and one cut by an ASCII byte */
	assert_escapes("ok\xe2\x82", 4, "\"ok" U_FFFD U_FFFD "\"", false);
	assert_escapes("\xe2\x82z", 3, "\"" U_FFFD U_FFFD "z\"", false);
	/* the valid part around a bad byte is kept as it is */
	assert_escapes("\xc3\xa9\xff\xc3\xa9", 5, "\"\xc3\xa9" U_FFFD "\xc3\xa9\"", false);
}

/* Every byte value alone and in random company comes out as valid JSON. */
static void test_escape_any_bytes(void **state)
{
	unsigned char buf[48];
	unsigned int seed = 12345;

	for (int c = 0; c < 256; c++) {
		buf[0] = c;
		esc(buf, 1, NULL);
	}
	for (int round = 0; round < 20000; round++) {
		size_t n = rand_r(&seed) % sizeof(buf);

		for (size_t i = 0; i < n; i++) {
			/* mostly bytes of multi-byte sequences, where the edge cases are */
			unsigned int r = rand_r(&seed);

			buf[i] = r & 0x100 ? 0x80 | (r & 0x7f) : r & 0xff;
		}
		esc(buf, n, NULL);
	}
}

static void test_utf8_prefix(void **state)
{
	bool cut;

	assert_int_equal(json_utf8_prefix("abc", 3, &cut), 3);
	assert_false(cut);
	assert_int_equal(json_utf8_prefix("abc\xe2\x82", 5, &cut), 3);
	assert_true(cut);
	assert_int_equal(json_utf8_prefix("abc\xf0", 4, &cut), 3);
	assert_true(cut);
	assert_int_equal(json_utf8_prefix("abc\xff", 4, &cut), 3);
	assert_false(cut);
	assert_int_equal(json_utf8_prefix("ab\xe2\x82z", 5, &cut), 2);
	assert_false(cut);
	assert_int_equal(json_utf8_prefix("\xe2\x82\xac", 3, NULL), 3);
}

static const char *base64(const char *s)
{
	outbuf_reset(&ob);
	json_put_base64(&ob, s, strlen(s));
	return ob.data;
}

static void test_base64(void **state)
{
	/* RFC 4648's test vectors */
	assert_string_equal(base64(""), "\"\"");
	assert_string_equal(base64("f"), "\"Zg==\"");
	assert_string_equal(base64("fo"), "\"Zm8=\"");
	assert_string_equal(base64("foo"), "\"Zm9v\"");
	assert_string_equal(base64("foob"), "\"Zm9vYg==\"");
	assert_string_equal(base64("fooba"), "\"Zm9vYmE=\"");
	assert_string_equal(base64("foobar"), "\"Zm9vYmFy\"");
	outbuf_reset(&ob);
	json_put_base64(&ob, "\xff\xfe\x00\x80", 4);
	assert_string_equal(ob.data, "\"//4AgA==\"");
}

static void test_string_object(void **state)
{
	outbuf_reset(&ob);
	json_put_string_obj(&ob, "abc\0def", 7, false);
	assert_string_equal(ob.data, "{\"str\":\"abc\",\"truncated\":false}");
	outbuf_reset(&ob);
	json_put_string_obj(&ob, "/tmp/\n", 6, true);
	assert_string_equal(ob.data, "{\"str\":\"/tmp/\\n\",\"truncated\":true}");
	/* not UTF-8: readable with U+FFFD, and exact in base64 */
	outbuf_reset(&ob);
	json_put_string_obj(&ob, "a\xff", 2, false);
	assert_string_equal(ob.data,
			    "{\"str\":\"a" U_FFFD "\",\"base64\":\"Yf8=\",\"truncated\":false}");
	assert_true(json_valid(ob.data, ob.len));
}

static void test_bytes_object(void **state)
{
	outbuf_reset(&ob);
	json_put_bytes_obj(&ob, "hi\0\n", 4, 4, false);
	assert_string_equal(ob.data, "{\"encoding\":\"utf8\",\"data\":\"hi\\u0000\\n\",\"len\":4,"
				     "\"size\":4,\"truncated\":false}");
	outbuf_reset(&ob);
	json_put_bytes_obj(&ob, "\x00\x01\xff", 3, -1, false);
	assert_string_equal(
		ob.data,
		"{\"encoding\":\"base64\",\"data\":\"AAH/\",\"len\":3,\"truncated\":false}");
	/* a character cut in two by the capture: dropped, the text stays text */
	outbuf_reset(&ob);
	json_put_bytes_obj(&ob, "xx\xe2\x82", 4, 100, true);
	assert_string_equal(ob.data,
			    "{\"encoding\":\"utf8\",\"data\":\"xx\",\"len\":2,\"size\":100,"
			    "\"truncated\":true}");
	/* ... but the same bytes, whole, are not text */
	outbuf_reset(&ob);
	json_put_bytes_obj(&ob, "xx\xe2\x82", 4, 4, false);
	assert_string_equal(ob.data, "{\"encoding\":\"base64\",\"data\":\"eHjigg==\",\"len\":4,"
				     "\"size\":4,\"truncated\":false}");
}

/* ---------------------------------------------------------------- the BTF JSON walk */

static int ok(int id)
{
	assert_true(id >= 0);
	return id;
}

/* The printer's options, and limits the JSON writer is given instead of its own. */
struct json_opts {
	struct btf_print_opts po;
	struct wr_limits lim;
};

static struct json_opts json_opts(void)
{
	struct json_opts o;

	memset(&o, 0, sizeof(o));
	return o;
}

/* A JSON writer into ob. */
static struct writer *json_writer(const struct wr_limits *lim)
{
	static const struct json_writer_opts jwo;
	static struct json_writer jw;

	outbuf_reset(&ob);
	json_writer__init(&jw, &ob, &jwo);
	if (lim)
		jw.w.lim = *lim;
	return &jw.w;
}

/* The JSON of data as type id, checked to be valid JSON. */
static const char *show(const struct btf *btf, __u32 id, const void *data, size_t len,
			const struct json_opts *o)
{
	struct writer *w = json_writer(o ? &o->lim : NULL);

	assert_int_equal(btf_print_value(w, btf, id, data, len, o ? &o->po : NULL), 0);
	assert_true(json_valid(ob.data, ob.len));
	return ob.data;
}

static int t_int, t_uint, t_long, t_char, t_short, t_bool, t_u8;

static struct btf *new_btf(void)
{
	struct btf *btf = btf__new_empty();

	assert_non_null(btf);
	t_int = ok(btf__add_int(btf, "int", 4, BTF_INT_SIGNED));
	t_uint = ok(btf__add_int(btf, "unsigned int", 4, 0));
	t_long = ok(btf__add_int(btf, "long", 8, BTF_INT_SIGNED));
	t_char = ok(btf__add_int(btf, "char", 1, 0));
	t_short = ok(btf__add_int(btf, "short", 2, BTF_INT_SIGNED));
	t_bool = ok(btf__add_int(btf, "_Bool", 1, BTF_INT_BOOL));
	t_u8 = ok(btf__add_typedef(btf, "__u8", ok(btf__add_int(btf, "unsigned char", 1, 0))));
	return btf;
}

static int add_timespec(struct btf *btf)
{
	int id = ok(btf__add_struct(btf, "timespec", 16));

	ok(btf__add_field(btf, "tv_sec", t_long, 0, 0));
	ok(btf__add_field(btf, "tv_nsec", t_long, 64, 0));
	return id;
}

static void test_btf_json_struct(void **state)
{
	struct btf *btf = new_btf();
	int ts = add_timespec(btf);
	long v[2] = {-1, 234567891};

	assert_string_equal(show(btf, ts, v, sizeof(v), NULL),
			    "{\"tv_sec\":-1,\"tv_nsec\":234567891}");
	/* a struct cut short marks what is missing */
	assert_string_equal(show(btf, ts, v, 12, NULL), "{\"tv_sec\":-1,\"...\":true}");
	assert_string_equal(show(btf, ts, v, 0, NULL), "{\"...\":true}");
	btf__free(btf);
}

static void test_btf_json_nested_and_anonymous(void **state)
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
	struct json_opts o = json_opts();

	inner = ok(btf__add_struct(btf, "inner", 4));
	ok(btf__add_field(btf, "b", t_int, 0, 0));
	anon = ok(btf__add_union(btf, NULL, 4));
	ok(btf__add_field(btf, "u1", t_int, 0, 0));
	ok(btf__add_field(btf, "u2", t_short, 0, 0));
	outer = ok(btf__add_struct(btf, "outer", sizeof(v)));
	ok(btf__add_field(btf, "a", inner, 0, 0));
	ok(btf__add_field(btf, NULL, anon, offsetof(struct outer, u1) * 8, 0));
	ok(btf__add_field(btf, "c", t_uint, offsetof(struct outer, c) * 8, 0));

	/* nested structs are objects; an anonymous union's members join the parent's */
	assert_string_equal(show(btf, outer, &v, sizeof(v), NULL),
			    "{\"a\":{\"b\":1},\"u1\":65538,\"u2\":2,\"c\":3}");
	/* a union cut short: what is covered, then the mark */
	assert_string_equal(show(btf, anon, &v.u1, 2, NULL), "{\"u2\":2,\"...\":true}");
	/* nesting past max_depth */
	o.lim.depth = 1;
	assert_string_equal(show(btf, outer, &v, sizeof(v), &o),
			    "{\"a\":{\"...\":true},\"u1\":65538,\"u2\":2,\"c\":3}");
	btf__free(btf);
}

static void test_btf_json_arrays_and_text(void **state)
{
	struct btf *btf = new_btf();
	int ints = ok(btf__add_array(btf, t_int, t_int, 3));
	int text = ok(btf__add_array(btf, t_int, t_char, 8));
	int bytes = ok(btf__add_array(btf, t_int, t_u8, 3));
	int iv[3] = {1, -2, 3};
	struct json_opts o = json_opts();

	assert_string_equal(show(btf, ints, iv, sizeof(iv), NULL), "[1,-2,3]");
	assert_string_equal(show(btf, ints, iv, 6, NULL), "[1,\"...\"]");
	o.lim.array = 2;
	assert_string_equal(show(btf, ints, iv, sizeof(iv), &o), "[1,-2,\"...\"]");
	/* char[] is a string object, up to its NUL */
	assert_string_equal(show(btf, text, "hi\0junk", 8, NULL),
			    "{\"str\":\"hi\",\"truncated\":false}");
	/* cut before any NUL: there may be more */
	assert_string_equal(show(btf, text, "abc", 3, NULL),
			    "{\"str\":\"abc\",\"truncated\":true}");
	assert_string_equal(show(btf, text, "a\"\n\xff", 5, NULL),
			    "{\"str\":\"a\\\"\\n" U_FFFD "\",\"base64\":\"YSIK/w==\","
			    "\"truncated\":false}");
	o.lim.array = 0;
	o.lim.string = 2;
	assert_string_equal(show(btf, text, "hello", 6, &o), "{\"str\":\"he\",\"truncated\":true}");
	/* __u8[] is bytes, not text */
	assert_string_equal(show(btf, bytes, "\x01\xff\x00", 3, NULL), "[1,255,0]");
	btf__free(btf);
}

enum color { RED, GREEN, BLUE };

static void test_btf_json_scalars(void **state)
{
	struct btf *btf = new_btf();
	int en = ok(btf__add_enum(btf, "color", 4));
	int ptr, fl, i128, fwd, with_fwd;
	unsigned char wide[16] = {0x01, 0x02};
	enum color c = GREEN;
	double d = 1.5;
	void *p = (void *)0x1000;
	bool b = true;
	int x = 7;

	/* values follow their enum at once */
	ok(btf__add_enum_value(btf, "RED", RED));
	ok(btf__add_enum_value(btf, "GREEN", GREEN));
	ok(btf__add_enum_value(btf, "BLUE", BLUE));
	ptr = ok(btf__add_ptr(btf, t_int));
	fl = ok(btf__add_float(btf, "double", 8));
	i128 = ok(btf__add_int(btf, "__int128", 16, BTF_INT_SIGNED));
	fwd = ok(btf__add_fwd(btf, "opaque", BTF_FWD_STRUCT));
	with_fwd = ok(btf__add_struct(btf, "holder", 8));
	ok(btf__add_field(btf, "x", t_int, 0, 0));
	ok(btf__add_field(btf, "f", fwd, 32, 0));

	assert_string_equal(show(btf, en, &c, sizeof(c), NULL), "\"GREEN\"");
	assert_string_equal(show(btf, en, &x, sizeof(x), NULL), "7");
	assert_string_equal(show(btf, t_bool, &b, 1, NULL), "true");
	assert_string_equal(show(btf, ptr, &p, sizeof(p), NULL), "\"0x1000\"");
	p = NULL;
	assert_string_equal(show(btf, ptr, &p, sizeof(p), NULL), "null");
	assert_string_equal(show(btf, fl, &d, sizeof(d), NULL), "1.5");
	d = INFINITY;
	assert_string_equal(show(btf, fl, &d, sizeof(d), NULL), "null");
	d = NAN;
	assert_string_equal(show(btf, fl, &d, sizeof(d), NULL), "null");
	assert_string_equal(show(btf, i128, wide, sizeof(wide), NULL), "\"0x201\"");
	/* a scalar the data does not cover, and what cannot be printed at all */
	assert_string_equal(show(btf, t_int, &x, 2, NULL), "null");
	assert_string_equal(show(btf, fwd, &x, 4, NULL), "null");
	assert_string_equal(show(btf, with_fwd, &x, 8, NULL), "{\"x\":7,\"f\":null}");
	btf__free(btf);
}

/* A hook that writes members named h* as a name and declines the others. */
static bool json_hook(void *ctx, struct writer *w, const struct btf *btf, __u32 parent_id,
		      const char *member_name, __u32 member_type_id, const void *data, size_t len)
{
	if (member_name[0] != 'h')
		return false;
	w_name(w, "hooked");
	return true;
}

static void test_btf_json_member_hook(void **state)
{
	struct btf *btf = new_btf();
	int s = ok(btf__add_struct(btf, "s", 8));
	int v[2] = {1, 2};
	struct json_opts o = json_opts();

	ok(btf__add_field(btf, "h", t_int, 0, 0));
	ok(btf__add_field(btf, "k", t_int, 32, 0));
	o.po.member_hook = json_hook;
	assert_string_equal(show(btf, s, v, sizeof(v), &o), "{\"h\":\"hooked\",\"k\":2}");
	btf__free(btf);
}

/* Every struct and union of the running kernel, over zeros, random bytes and a short copy. */
static void test_btf_json_vmlinux(void **state)
{
	struct btf *btf = btf__load_vmlinux_btf();
	static unsigned char data[8192];
	struct json_opts o = json_opts();
	unsigned int seed = 7, n, printed = 0;

	if (!btf) {
		skip();
		return;
	}
	o.lim.depth = 0;
	n = btf__type_cnt(btf);
	for (__u32 id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		size_t size;

		if (!btf_is_composite(t))
			continue;
		size = t->size < sizeof(data) ? t->size : sizeof(data);
		for (size_t i = 0; i < sizeof(data); i++)
			data[i] = rand_r(&seed);
		show(btf, id, data, size, &o);
		show(btf, id, data, size / 2, &o);
		memset(data, 0, sizeof(data));
		show(btf, id, data, size, &o);
		printed++;
	}
	assert_true(printed > 1000);
	btf__free(btf);
}

/* ---------------------------------------------------------------- values by table */

/* v as the printer of argument (or member) name in scope writes it in JSON. */
static const char *value(const char *scope, const char *name, uint64_t v, bool is_signed)
{
	const struct value_printer *vp = value_printer_find(scope, name);

	assert_non_null(vp);
	value_write(json_writer(NULL), vp, v, 0);
	assert_true(json_valid(ob.data, ob.len));
	return ob.data;
}

static void test_value_printers(void **state)
{
	assert_string_equal(value("openat", "flags", O_RDONLY | O_CLOEXEC, true),
			    "{\"raw\":524288,\"names\":[\"O_RDONLY\",\"O_CLOEXEC\"],\"rest\":0}");
	assert_string_equal(
		value("openat", "flags", O_WRONLY | O_CREAT | O_TRUNC | 0x40000000, true),
		"{\"raw\":1073742401,\"names\":[\"O_WRONLY\",\"O_CREAT\",\"O_TRUNC\"],"
		"\"rest\":1073741824}");
	/* a mode: the file type as a name, the permissions the number left */
	assert_string_equal(value("mknod", "mode", 0100644, false),
			    "{\"raw\":33188,\"names\":[\"S_IFREG\"],\"rest\":420}");
	assert_string_equal(value("mknod", "mode", 0755, false),
			    "{\"raw\":493,\"names\":[],\"rest\":493}");
	/* permissions to set are a number, as strace's octal is, of the 16 bits of a mode_t */
	assert_string_equal(value("openat", "mode", 0100644, false), "33188");
	assert_string_equal(value("umask", "mask", 0xffffffff, false), "65535");
	assert_string_equal(value("mmap", "prot", 0, false),
			    "{\"raw\":0,\"names\":[\"PROT_NONE\"],\"rest\":0}");
	assert_string_equal(value("mmap", "prot", 3, false),
			    "{\"raw\":3,\"names\":[\"PROT_READ\",\"PROT_WRITE\"],\"rest\":0}");
	/* a flags int that came sign-extended keeps its sign in raw, its 32 bits in names */
	assert_string_equal(value("mmap", "prot", (uint64_t)(int64_t)(int)0x80000001, true),
			    "{\"raw\":-2147483647,\"names\":[\"PROT_READ\"],\"rest\":2147483648}");
	assert_string_equal(value("kill", "sig", SIGINT, true), "\"SIGINT\"");
	assert_string_equal(value("kill", "sig", 35, true), "\"SIGRT_3\"");
	assert_string_equal(value("kill", "sig", 0, true), "0");
	assert_string_equal(value("lseek", "whence", 1, false), "\"SEEK_CUR\"");
	assert_string_equal(value("lseek", "whence", 99, false), "99");
	assert_string_equal(
		value("socket", "type", SOCK_STREAM | SOCK_CLOEXEC, true),
		"{\"raw\":524289,\"names\":[\"SOCK_STREAM\",\"SOCK_CLOEXEC\"],\"rest\":0}");
	assert_string_equal(value("futex", "op", FUTEX_WAIT | FUTEX_PRIVATE_FLAG, true),
			    "{\"raw\":128,\"names\":[\"FUTEX_WAIT_PRIVATE\"],\"rest\":0}");
	assert_string_equal(value("clone", "clone_flags", CLONE_VM | CLONE_FS | SIGCHLD, false),
			    "{\"raw\":785,\"names\":[\"CLONE_VM\",\"CLONE_FS\",\"SIGCHLD\"],"
			    "\"rest\":0}");
	assert_string_equal(value("openat", "dfd", (uint64_t)-100, true), "\"AT_FDCWD\"");
	assert_string_equal(value("openat", "dfd", 3, true), "3");
	assert_string_equal(value("read", "fd", 0xffffffffULL, false), "-1");
	assert_string_equal(value("mmap", "addr", 0, false), "null");
	assert_string_equal(value("mmap", "addr", 0x7f0000001000ULL, false), "\"0x7f0000001000\"");
	assert_string_equal(value("rlimit", "rlim_cur", ~0ULL, false), "\"RLIM64_INFINITY\"");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape_ascii_and_controls),
		cmocka_unit_test(test_escape_utf8),
		cmocka_unit_test(test_escape_invalid_utf8),
		cmocka_unit_test(test_escape_any_bytes),
		cmocka_unit_test(test_utf8_prefix),
		cmocka_unit_test(test_base64),
		cmocka_unit_test(test_string_object),
		cmocka_unit_test(test_bytes_object),
		cmocka_unit_test(test_btf_json_struct),
		cmocka_unit_test(test_btf_json_nested_and_anonymous),
		cmocka_unit_test(test_btf_json_arrays_and_text),
		cmocka_unit_test(test_btf_json_scalars),
		cmocka_unit_test(test_btf_json_member_hook),
		cmocka_unit_test(test_btf_json_vmlinux),
		cmocka_unit_test(test_value_printers),
	};
	int failed;

	outbuf_init(&ob);
	failed = cmocka_run_group_tests(tests, NULL, NULL);
	outbuf_free(&ob);
	return failed;
}

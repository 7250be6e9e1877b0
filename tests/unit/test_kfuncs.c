// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of --kfunc: its BTF side (src/beauty/kfuncs.c: prototypes as C writes them, the
 * capture plan of each argument, the globs and the refusals, on a BTF built here), the pairing
 * of entries and returns under their syscalls (src/events/events.c), and the decoding of a
 * call into the text and JSON lines (src/decode/kfunc.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "beauty/kfuncs.h"
#include "decode/decode.h"
#include "events/events.h"
#include "sinks/sinks.h"

struct fixture {
	struct btf *btf;
	__u32 vfs_read, do_open, nothing, many, byval, vararg;
};

/* vfs_read's and do_sys_openat2's types, as a 6.x kernel's BTF has them, and a few refusals. */
static int setup(void **state)
{
	static struct fixture f;
	struct btf *b = btf__new_empty();
	int int_id, long_id, ulong_id, char_id, llong_id, ssize_t_id, size_t_id, loff_t_id;
	int file, file_ptr, char_ptr, loff_ptr, how, how_ptr, cchar, cchar_ptr, proto, u64_id;

	int_id = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	long_id = btf__add_int(b, "long int", 8, BTF_INT_SIGNED);
	ulong_id = btf__add_int(b, "long unsigned int", 8, 0);
	char_id = btf__add_int(b, "char", 1, BTF_INT_SIGNED);
	llong_id = btf__add_int(b, "long long int", 8, BTF_INT_SIGNED);
	u64_id = btf__add_int(b, "long long unsigned int", 8, 0);
	ssize_t_id = btf__add_typedef(b, "ssize_t", long_id);
	size_t_id = btf__add_typedef(b, "size_t", ulong_id);
	loff_t_id = btf__add_typedef(b, "loff_t", llong_id);
	file = btf__add_struct(b, "file", 256);
	btf__add_field(b, "f_flags", int_id, 0, 0);
	file_ptr = btf__add_ptr(b, file);
	char_ptr = btf__add_ptr(b, char_id);
	loff_ptr = btf__add_ptr(b, loff_t_id);
	how = btf__add_struct(b, "open_how", 24);
	btf__add_field(b, "flags", u64_id, 0, 0);
	btf__add_field(b, "mode", u64_id, 64, 0);
	btf__add_field(b, "resolve", u64_id, 128, 0);
	how_ptr = btf__add_ptr(b, how);
	cchar = btf__add_const(b, char_id);
	cchar_ptr = btf__add_ptr(b, cchar);

	proto = btf__add_func_proto(b, ssize_t_id);
	btf__add_func_param(b, "file", file_ptr);
	btf__add_func_param(b, "buf", char_ptr);
	btf__add_func_param(b, "count", size_t_id);
	btf__add_func_param(b, "pos", loff_ptr);
	f.vfs_read = btf__add_func(b, "vfs_read", BTF_FUNC_GLOBAL, proto);

	proto = btf__add_func_proto(b, long_id);
	btf__add_func_param(b, "dfd", int_id);
	btf__add_func_param(b, "filename", cchar_ptr);
	btf__add_func_param(b, "how", how_ptr);
	f.do_open = btf__add_func(b, "do_sys_openat2", BTF_FUNC_STATIC, proto);

	proto = btf__add_func_proto(b, 0);
	f.nothing = btf__add_func(b, "vfs_nothing", BTF_FUNC_GLOBAL, proto);

	proto = btf__add_func_proto(b, int_id);
	for (int i = 0; i < 7; i++)
		btf__add_func_param(b, "a", int_id);
	f.many = btf__add_func(b, "vfs_many", BTF_FUNC_GLOBAL, proto);

	proto = btf__add_func_proto(b, int_id);
	btf__add_func_param(b, "how", how);
	f.byval = btf__add_func(b, "vfs_byval", BTF_FUNC_GLOBAL, proto);

	proto = btf__add_func_proto(b, int_id);
	btf__add_func_param(b, "fmt", cchar_ptr);
	btf__add_func_param(b, NULL, 0);
	f.vararg = btf__add_func(b, "printk_like", BTF_FUNC_GLOBAL, proto);

	assert_true(f.vararg > 0);
	f.btf = b;
	*state = &f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	btf__free(f->btf);
	return 0;
}

static void assert_proto(const struct btf *btf, __u32 id, const char *want)
{
	struct outbuf ob;

	outbuf_init(&ob);
	assert_int_equal(kfunc_format_proto(btf, id, &ob), 0);
	outbuf_putc(&ob, '\0');
	assert_string_equal(ob.data, want);
	outbuf_free(&ob);
}

static void test_prototypes(void **state)
{
	struct fixture *f = *state;
	struct outbuf ob;

	assert_proto(f->btf, f->vfs_read,
		     "ssize_t vfs_read(struct file *file, char *buf, size_t count, loff_t *pos)");
	assert_proto(
		f->btf, f->do_open,
		"long int do_sys_openat2(int dfd, const char *filename, struct open_how *how)");
	assert_proto(f->btf, f->nothing, "void vfs_nothing(void)");
	assert_proto(f->btf, f->vararg, "int printk_like(const char *fmt, ...)");
	/* a type that is no function */
	outbuf_init(&ob);
	assert_int_equal(kfunc_format_proto(f->btf, 1, &ob), -EINVAL);
	outbuf_free(&ob);
}

static void test_plan(void **state)
{
	struct fixture *f = *state;
	struct kfunc_set set = {0};
	struct bt_kfunc_desc desc;
	char why[KFUNC_ERR_MAX];
	const struct kfunc *k;

	assert_int_equal(kfunc_set__add(&set, f->btf, "vfs_read", 128, why, sizeof(why)), 1);
	assert_int_equal(kfunc_set__add(&set, f->btf, "do_sys_openat2", 128, why, sizeof(why)), 1);
	/* named again: not twice */
	assert_int_equal(kfunc_set__add(&set, f->btf, "vfs_read", 128, why, sizeof(why)), 0);
	assert_int_equal(set.n, 2);

	k = kfunc_set__get(&set, 0);
	assert_string_equal(k->name, "vfs_read");
	assert_string_equal(k->label, "kfunc:vfs_read");
	assert_int_equal(k->nargs, 4);
	assert_true(k->ret_is_signed);
	assert_int_equal(k->args[0].kind, KFUNC_ARG_POINTEE);
	assert_int_equal(k->args[0].type_size, 256);
	assert_int_equal(k->args[0].capture, 128); /* the cap */
	/* a buffer the function fills: an address at its entry */
	assert_int_equal(k->args[1].kind, KFUNC_ARG_POINTER);
	assert_string_equal(k->args[1].type, "char *");
	assert_int_equal(k->args[2].kind, KFUNC_ARG_VALUE);
	assert_false(k->args[2].is_signed);
	assert_int_equal(k->args[3].kind, KFUNC_ARG_POINTEE);
	assert_int_equal(k->args[3].capture, 8);
	kfunc__desc(k, &desc);
	assert_int_equal(desc.nargs, 4);
	assert_int_equal(desc.len[0], 128);
	assert_int_equal(desc.len[1], BT_LEN_NONE);
	assert_int_equal(desc.len[2], BT_LEN_NONE);
	assert_int_equal(desc.len[3], 8);

	k = kfunc_set__get(&set, 1);
	assert_int_equal(k->args[0].kind, KFUNC_ARG_VALUE);
	assert_true(k->args[0].is_signed);
	assert_int_equal(k->args[1].kind, KFUNC_ARG_STRING); /* through its const */
	assert_string_equal(k->args[1].type, "const char *");
	kfunc__desc(k, &desc);
	assert_int_equal(desc.len[1], BT_LEN_STRING);
	assert_int_equal(k->ret_size, 8);
	assert_int_equal(k->args[2].capture, 24);
	assert_null(kfunc_set__get(&set, 2));
	kfunc_set__free(&set);
}

static void test_globs_and_refusals(void **state)
{
	struct fixture *f = *state;
	struct kfunc_set set = {0};
	char why[KFUNC_ERR_MAX];

	/* vfs_read and vfs_nothing; vfs_many and vfs_byval cannot be traced, and are left out */
	assert_int_equal(kfunc_set__add(&set, f->btf, "vfs_*", 512, why, sizeof(why)), 2);
	assert_int_equal(set.n, 2);
	assert_int_equal(kfunc_set__add(&set, f->btf, "vfs_many", 512, why, sizeof(why)), -EINVAL);
	assert_non_null(strstr(why, "takes 7 arguments"));
	assert_int_equal(kfunc_set__add(&set, f->btf, "vfs_byval", 512, why, sizeof(why)), -EINVAL);
	assert_non_null(strstr(why, "by value"));
	assert_int_equal(kfunc_set__add(&set, f->btf, "printk_like", 512, why, sizeof(why)),
			 -EINVAL);
	assert_non_null(strstr(why, "variable arguments"));
	assert_int_equal(kfunc_set__add(&set, f->btf, "no_such", 512, why, sizeof(why)), -ENOENT);
	assert_non_null(strstr(why, "btftrace kfuncs"));
	assert_int_equal(kfunc_set__add(&set, f->btf, "zz*", 512, why, sizeof(why)), -ENOENT);
	assert_non_null(strstr(why, "matches"));
	kfunc_set__free(&set);
}

static void test_list(void **state)
{
	struct fixture *f = *state;
	char *globs[] = {"vfs_*", "do_*"};
	struct outbuf ob;

	outbuf_init(&ob);
	assert_int_equal(kfunc_list(f->btf, globs, 2, &ob), 5);
	outbuf_putc(&ob, '\0');
	/* by name */
	assert_string_equal(
		ob.data, "long int do_sys_openat2(int dfd, const char *filename, struct open_how "
			 "*how)\n"
			 "int vfs_byval(struct open_how how)\n"
			 "int vfs_many(int a, int a, int a, int a, int a, int a, int a)\n"
			 "void vfs_nothing(void)\n"
			 "ssize_t vfs_read(struct file *file, char *buf, size_t count, loff_t "
			 "*pos)\n");
	outbuf_free(&ob);
}

/* --kfunc's list: functions split at the commas outside parentheses, each one's items. */
static void test_spec_parsing(void **state)
{
	const char *list = "vfs_read(file->f_pos, count),do_sys_openat2,vfs_*(a)";
	struct tp_item *items;
	char name[KFUNC_NAME_MAX], why[KFUNC_ERR_MAX];
	int n;

	(void)state;
	assert_int_equal(kfunc_spec_len(list), strlen("vfs_read(file->f_pos, count)"));
	list += strlen("vfs_read(file->f_pos, count)") + 1;
	assert_int_equal(kfunc_spec_len(list), strlen("do_sys_openat2"));
	list += strlen("do_sys_openat2") + 1;
	assert_int_equal(kfunc_spec_len(list), strlen("vfs_*(a)"));
	/* an unclosed parenthesis takes the rest: the parser says what is wrong with it */
	assert_int_equal(kfunc_spec_len("vfs_read(a, b"), strlen("vfs_read(a, b"));

	assert_int_equal(kfunc_spec_parse("vfs_read( file -> f_pos , count:string )", name,
					  sizeof(name), &items, &n, why, sizeof(why)),
			 0);
	assert_string_equal(name, "vfs_read");
	assert_int_equal(n, 2);
	/* spaces dropped; none is a field: all are compiled against the prototype */
	assert_string_equal(items[0].text, "file->f_pos");
	assert_string_equal(items[1].text, "count:string");
	assert_int_equal(items[0].field, -1);
	free(items);
	assert_int_equal(
		kfunc_spec_parse("vfs_*", name, sizeof(name), &items, &n, why, sizeof(why)), 0);
	assert_string_equal(name, "vfs_*");
	assert_int_equal(n, 0);
	assert_null(items);

	assert_int_equal(kfunc_spec_parse("vfs_read(count", name, sizeof(name), &items, &n, why,
					  sizeof(why)),
			 -EINVAL);
	assert_non_null(strstr(why, "one pair of parentheses"));
	assert_int_equal(kfunc_spec_parse("vfs_read(f(x))", name, sizeof(name), &items, &n, why,
					  sizeof(why)),
			 -EINVAL);
	assert_non_null(strstr(why, "one pair of parentheses"));
	assert_int_equal(
		kfunc_spec_parse("vfs_read()", name, sizeof(name), &items, &n, why, sizeof(why)),
		-EINVAL);
	assert_non_null(strstr(why, "empty list '()': name arguments"));
	assert_int_equal(kfunc_spec_parse("vfs_read(count, ,pos)", name, sizeof(name), &items, &n,
					  why, sizeof(why)),
			 -EINVAL);
	assert_non_null(strstr(why, "vfs_read: an empty item"));
	assert_int_equal(
		kfunc_spec_parse("(count)", name, sizeof(name), &items, &n, why, sizeof(why)),
		-EINVAL);
	assert_non_null(strstr(why, "a function's name comes first"));
}

/* The expressions compiled against the function's prototype, its parameters the roots. */
static void test_fetch_compile(void **state)
{
	struct fixture *f = *state;
	struct kfunc_set set = {0};
	char why[16384];
	const struct bt_fetch_step *st;
	struct bt_kfunc_desc desc;

	assert_int_equal(kfunc_set__add(&set, f->btf, "vfs_read(file->f_flags, count)", 512, why,
					sizeof(why)),
			 1);
	assert_non_null(set.funcs[0].fetch);
	assert_int_equal(set.funcs[0].nshown, 2);
	assert_int_equal(set.funcs[0].fetch->nargs, 4);
	st = set.funcs[0].fetch->steps;
	assert_int_equal(set.funcs[0].fetch->nsteps, 4);
	/* file is argument 0 of the context: no probe pointer before it, as an event's has */
	assert_int_equal(st[0].op, BT_FETCH_ARG);
	assert_int_equal(st[0].off, 0);
	assert_int_equal(st[1].op, BT_FETCH_COPY);
	assert_int_equal(st[1].size, 4);
	assert_int_equal(st[2].op, BT_FETCH_ARG);
	assert_int_equal(st[2].off, 2);
	assert_int_equal(st[3].op, BT_FETCH_VALUE);
	assert_int_equal(st[3].size, 8);
	/* the expressions replace the captures */
	kfunc__desc(&set.funcs[0], &desc);
	assert_int_equal(desc.fetch, 1);
	assert_int_equal(desc.len[0], BT_LEN_NONE);

	/* a string where an argument points, and a member behind one */
	assert_int_equal(kfunc_set__add(&set, f->btf, "do_sys_openat2(filename:string, how->mode)",
					512, why, sizeof(why)),
			 1);
	st = set.funcs[1].fetch->steps;
	assert_int_equal(st[0].off, 1);
	assert_int_equal(st[1].op, BT_FETCH_STRING);
	assert_int_equal(st[2].off, 2);
	assert_int_equal(st[3].op, BT_FETCH_COPY);
	assert_int_equal(st[3].off, 8);
	assert_int_equal(set.funcs[1].shown[0].kind, TP_FETCH_STRING);
	kfunc_set__free(&set);

	/* a wrong member: the struct's members; a wrong root: the function's arguments */
	assert_int_equal(
		kfunc_set__add(&set, f->btf, "vfs_read(file->f_nope)", 512, why, sizeof(why)),
		-EINVAL);
	assert_string_equal(why, "vfs_read: 'file->f_nope': struct file has no member 'f_nope': "
				 "its members are f_flags");
	assert_int_equal(kfunc_set__add(&set, f->btf, "vfs_n*(nope)", 512, why, sizeof(why)),
			 -EINVAL);
	assert_string_equal(why, "vfs_nothing has no argument 'nope': its arguments are none");
	assert_int_equal(kfunc_set__add(&set, f->btf, "vfs_read(count->x)", 512, why, sizeof(why)),
			 -EINVAL);
	assert_non_null(strstr(why, "it is no pointer"));
	assert_int_equal(kfunc_set__add(&set, f->btf, "vfs_read(nope)", 512, why, sizeof(why)),
			 -EINVAL);
	assert_string_equal(
		why, "vfs_read has no argument 'nope': its arguments are file, buf, count, pos");
	assert_int_equal(set.n, 0);
	kfunc_set__free(&set);
}

/* Pairing: what the event reader hands on, in order. */
#define MAX_SEEN 16

struct seen {
	int n;
	enum call_state state[MAX_SEEN];
	__u32 func[MAX_SEEN]; /* CALL_EVENT of a function: its index */
	bool returned[MAX_SEEN];
	unsigned int depth[MAX_SEEN];
};

static void record(void *ctx, const struct call *call)
{
	struct seen *s = ctx;

	assert_true(s->n < MAX_SEEN);
	s->state[s->n] = call->state;
	if (call->state == CALL_EVENT && call->event->type == BT_REC_KFUNC_ENTRY) {
		s->func[s->n] = ((const struct bt_kfunc_rec *)call->event)->func;
		s->returned[s->n] = call->kfunc_exit != NULL;
		s->depth[s->n] = call->kfunc_depth;
	}
	s->n++;
}

static void handle(struct event_reader *er, const void *rec, size_t size)
{
	assert_int_equal(event_reader__handle(er, rec, size), 0);
}

static struct bt_kfunc_rec kfunc_rec(int type, __u32 tid, __u32 func)
{
	struct bt_kfunc_rec r = {.hdr = {.type = type, .size = sizeof(r), .tid = tid, .nr = -1},
				 .func = func};

	return r;
}

static void test_functions_follow_their_syscall(void **state)
{
	struct seen s = {};
	struct event_reader *er = event_reader__new(record, &s);
	struct bt_enter_rec enter = {
		.hdr = {.type = BT_REC_ENTER, .size = sizeof(enter), .tid = 7}};
	struct bt_exit_rec exit = {.hdr = {.type = BT_REC_EXIT, .size = sizeof(exit), .tid = 7},
				   .ret = 21};
	struct bt_kfunc_rec a = kfunc_rec(BT_REC_KFUNC_ENTRY, 7, 0);
	struct bt_kfunc_rec b = kfunc_rec(BT_REC_KFUNC_ENTRY, 7, 1);
	struct bt_kfunc_rec b_ret = kfunc_rec(BT_REC_KFUNC_EXIT, 7, 1);
	struct bt_kfunc_rec a_ret = kfunc_rec(BT_REC_KFUNC_EXIT, 7, 0);
	struct bt_kfunc_rec stray = kfunc_rec(BT_REC_KFUNC_EXIT, 7, 3);
	struct bt_kfunc_rec other = kfunc_rec(BT_REC_KFUNC_ENTRY, 8, 2);
	struct bt_kfunc_rec other_ret = kfunc_rec(BT_REC_KFUNC_EXIT, 8, 2);

	/* read() calls 0, which calls 1: neither splits the syscall's line */
	handle(er, &enter, sizeof(enter));
	handle(er, &a, sizeof(a));
	handle(er, &b, sizeof(b));
	handle(er, &b_ret, sizeof(b_ret));
	handle(er, &stray, sizeof(stray)); /* a return whose entry was not seen: nothing */
	handle(er, &a_ret, sizeof(a_ret));
	assert_int_equal(s.n, 0);
	handle(er, &exit, sizeof(exit));
	assert_int_equal(s.n, 3);
	assert_int_equal(s.state[0], CALL_COMPLETE);
	/* in the order they were entered, though 1 returned first, each with its depth */
	assert_int_equal(s.state[1], CALL_EVENT);
	assert_int_equal(s.func[1], 0);
	assert_int_equal(s.depth[1], 0);
	assert_true(s.returned[1]);
	assert_int_equal(s.func[2], 1);
	assert_int_equal(s.depth[2], 1);
	assert_true(s.returned[2]);
	/*
	 * outside a syscall: 0 calls 1 twice and itself once; thread 8's call, made meanwhile,
	 * shows at once; thread 7's wait for their caller's return, then show in entry order
	 */
	handle(er, &a, sizeof(a));
	handle(er, &b, sizeof(b));
	handle(er, &b_ret, sizeof(b_ret));
	handle(er, &other, sizeof(other));
	handle(er, &other_ret, sizeof(other_ret));
	assert_int_equal(s.n, 4);
	assert_int_equal(s.func[3], 2);
	handle(er, &b, sizeof(b));
	handle(er, &b_ret, sizeof(b_ret));
	handle(er, &a, sizeof(a));
	handle(er, &a_ret, sizeof(a_ret)); /* the recursive call's: the latest entry's */
	assert_int_equal(s.n, 4);
	handle(er, &a_ret, sizeof(a_ret));
	assert_int_equal(s.n, 8);
	assert_int_equal(s.func[4], 0);
	assert_int_equal(s.depth[4], 0);
	assert_int_equal(s.func[5], 1);
	assert_int_equal(s.depth[5], 1);
	assert_int_equal(s.func[6], 1);
	assert_int_equal(s.depth[6], 1);
	assert_int_equal(s.func[7], 0);
	assert_int_equal(s.depth[7], 1);
	assert_true(s.returned[4] && s.returned[5] && s.returned[6] && s.returned[7]);
	/* one that never returns shows at the end, and the calls inside it after it */
	handle(er, &a, sizeof(a));
	handle(er, &b, sizeof(b));
	handle(er, &b_ret, sizeof(b_ret));
	assert_int_equal(s.n, 8);
	event_reader__finish(er);
	assert_int_equal(s.n, 10);
	assert_int_equal(s.func[8], 0);
	assert_false(s.returned[8]);
	assert_int_equal(s.func[9], 1);
	assert_true(s.returned[9]);
	/* too short for a function's record */
	assert_int_equal(event_reader__handle(er, &a, sizeof(a.hdr)), -EINVAL);
	event_reader__free(er);
}

/* Decoding: records as the collector sends them, through a decoder of the fixture's BTF. */
static struct {
	struct bt_kfunc_rec rec;
	unsigned char data[512];
} entry;
static struct bt_kfunc_rec ret_rec;
static size_t entry_off;

static void add_capture(int arg, const void *data, size_t len, unsigned int flags)
{
	struct bt_capture cap = {.arg = arg, .flags = flags, .len = len, .want = len};

	memcpy(entry.data + entry_off, &cap, sizeof(cap));
	memcpy(entry.data + entry_off + sizeof(cap), data, len);
	entry_off += sizeof(cap) + BT_ALIGN8(len);
	entry.rec.hdr.ncaps++;
	entry.rec.hdr.size = sizeof(entry.rec) + entry_off;
}

static void make_call(__u32 func, const __u64 *args, int nargs, __s64 ret)
{
	memset(&entry, 0, sizeof(entry));
	entry_off = 0;
	entry.rec = kfunc_rec(BT_REC_KFUNC_ENTRY, 10, func);
	entry.rec.hdr.tgid = 10;
	entry.rec.hdr.ts = 1000;
	memcpy(entry.rec.args, args, nargs * sizeof(*args));
	ret_rec = kfunc_rec(BT_REC_KFUNC_EXIT, 10, func);
	ret_rec.hdr.ts = 1500;
	ret_rec.ret = ret;
}

struct decoding {
	struct types types;
	struct catalog *cat;
	struct beauty *beauty;
	struct decoder dec;
	struct kfunc_set set;
	struct outbuf ob;
};

static struct decoding *decoding(void **state)
{
	static struct decoding x;
	struct fixture *f = *state;
	struct decode_opts opts;
	char why[KFUNC_ERR_MAX];

	memset(&x, 0, sizeof(x));
	decode_opts_default(&opts);
	x.types.btf = f->btf;
	x.cat = calloc(1, sizeof(*x.cat));
	x.beauty = calloc(1, sizeof(*x.beauty));
	assert_non_null(x.cat);
	assert_non_null(x.beauty);
	assert_int_equal(beauty__build(x.beauty, x.cat, NULL), 0);
	assert_int_equal(decoder__init(&x.dec, x.cat, x.beauty, &x.types, &opts), 0);
	assert_int_equal(kfunc_set__add(&x.set, f->btf, "do_sys_openat2", 256, why, sizeof(why)),
			 1);
	assert_int_equal(kfunc_set__add(&x.set, f->btf, "vfs_read", 256, why, sizeof(why)), 1);
	x.dec.kfuncs = &x.set;
	outbuf_init(&x.ob);
	return &x;
}

static void decoding_free(struct decoding *x)
{
	kfunc_set__free(&x->set);
	decoder__free(&x->dec);
	free(x->cat);
	free(x->beauty);
	outbuf_free(&x->ob);
}

static const char *text_line(struct decoding *x, bool returned)
{
	static struct text_writer tw;
	struct text_writer_opts two;
	struct wr_limits lim;
	struct call call = {.state = CALL_EVENT,
			    .event = &entry.rec.hdr,
			    .kfunc_exit = returned ? &ret_rec : NULL};
	struct call_view v;

	decode_text_limits(&x->dec.opts, &lim);
	decode_text_writer_opts(&x->dec.opts, &two);
	outbuf_reset(&x->ob);
	text_writer__init(&tw, &x->ob, &lim, &two);
	decode_view(&x->dec, &call, &v);
	assert_int_equal(v.event, CEV_KFUNC);
	sink_event_text(&tw, &x->dec, &v);
	outbuf_putc(&x->ob, '\0');
	return x->ob.data;
}

static const char *json_members(struct decoding *x)
{
	static const struct json_writer_opts jwo;
	static struct json_writer jw;
	struct call call = {.state = CALL_EVENT, .event = &entry.rec.hdr, .kfunc_exit = &ret_rec};
	struct call_view v;

	outbuf_reset(&x->ob);
	json_writer__init(&jw, &x->ob, &jwo);
	decode_view(&x->dec, &call, &v);
	sink_event_json(&jw, &x->dec, &v);
	outbuf_putc(&x->ob, '\0');
	return x->ob.data;
}

static void test_decoded_lines(void **state)
{
	struct decoding *x = decoding(state);
	/* as the registers hold them: an int's upper half is not its value */
	__u64 open_args[] = {0xffffff9cULL, 0x7ffd1000, 0xffffc90000123450ULL};
	__u64 read_args[] = {0xffff888001234500ULL, 0x7ffd2000, 64, 0xffffc90000123400ULL};
	__u64 how[3] = {0x8241, 0600, 0}; /* O_WRONLY|O_CREAT|O_TRUNC|O_LARGEFILE */
	unsigned char file[256] = {0};
	__s64 pos = 0;
	__s32 flags = 0x8000;

	make_call(0, open_args, 3, 3);
	add_capture(1, "/tmp/data", 10, BT_CAP_STRING);
	add_capture(2, how, sizeof(how), 0);
	assert_string_equal(text_line(x, true),
			    "  > do_sys_openat2(dfd=-100, filename=\"/tmp/data\", "
			    "how={flags=O_WRONLY|O_CREAT|O_TRUNC|O_LARGEFILE, mode=0600, "
			    "resolve=0}) = 3");
	/* never returned while traced */
	assert_non_null(strstr(text_line(x, false), "resolve=0}) = ?"));
	/* an error, as the kernel returns it */
	ret_rec.ret = -2;
	assert_non_null(strstr(text_line(x, true), ") = -2 ENOENT (No such file or directory)"));
	ret_rec.ret = 3;
	assert_non_null(strstr(json_members(x),
			       ",\"name\":\"do_sys_openat2\",\"depth\":0,\"duration_ns\":500,"
			       "\"args\":[{\"name\":\"dfd\",\"type\":\"int\",\"raw\":-100,"
			       "\"value\":-100},"));
	assert_non_null(strstr(json_members(x), "\"value\":{\"str\":\"/tmp/data\""));
	assert_non_null(strstr(json_members(x), "\"ret\":3"));

	/* a struct and a number behind pointers; a buffer to fill as its address */
	memcpy(file, &flags, sizeof(flags));
	make_call(1, read_args, 4, 21);
	add_capture(0, file, sizeof(file), 0);
	add_capture(3, &pos, sizeof(pos), 0);
	/* struct file's f_flags by name, as the open call's flags are: one member rule */
	assert_string_equal(text_line(x, true),
			    "  > vfs_read(file={f_flags=O_RDONLY|O_LARGEFILE}, buf=0x7ffd2000, "
			    "count=64, pos=[0]) = 21");
	assert_non_null(strstr(json_members(x), "{\"name\":\"file\",\"type\":\"struct file *\","));
	assert_non_null(strstr(json_members(x), "\"f_flags\":{\"raw\":32768,"));
	assert_non_null(strstr(json_members(x), "\"names\":[\"O_RDONLY\",\"O_LARGEFILE\"]"));
	/* a struct that could not be read: its address */
	make_call(1, read_args, 4, 21);
	add_capture(0, file, 0, BT_CAP_FAULT);
	assert_non_null(strstr(text_line(x, true), "vfs_read(file=0xffff888001234500, buf="));
	decoding_free(x);
}

/* An item of the entry's fetched items. */
static void add_item(const void *data, size_t len, unsigned int flags)
{
	struct bt_fetch_item item = {.len = len, .flags = flags};

	memcpy(entry.data + entry_off, &item, sizeof(item));
	memcpy(entry.data + entry_off + sizeof(item), data, len);
	entry_off += BT_ALIGN8(sizeof(item) + len);
	entry.rec.fetch_len = entry_off;
	entry.rec.hdr.size = sizeof(entry.rec) + entry_off;
}

static void test_decoded_fetches(void **state)
{
	struct decoding *x = decoding(state);
	char why[16384];
	__u64 open_args[] = {0xffffff9cULL, 0x7ffd1000, 0xffffc90000123450ULL};
	__u64 read_args[] = {0xffff888001234500ULL, 0x7ffd2000, 64, 0xffffc90000123400ULL};
	__u64 mode = 0600, count = 64;
	__s32 flags = 0x8000;

	kfunc_set__free(&x->set);
	assert_int_equal(kfunc_set__add(&x->set, ((struct fixture *)*state)->btf,
					"do_sys_openat2(filename:string, how->mode)", 256, why,
					sizeof(why)),
			 1);
	assert_int_equal(kfunc_set__add(&x->set, ((struct fixture *)*state)->btf,
					"vfs_read(file->f_flags, count)", 256, why, sizeof(why)),
			 1);
	make_call(0, open_args, 3, 3);
	add_item("/tmp/data", 10, 0);
	add_item(&mode, sizeof(mode), 0);
	assert_string_equal(text_line(x, true),
			    "  > do_sys_openat2(filename=\"/tmp/data\", how->mode=0600) = 3");
	assert_non_null(strstr(json_members(x), "{\"name\":\"filename\""));
	assert_non_null(strstr(json_members(x), "{\"name\":\"filename\",\"type\":\"char *\","));
	assert_non_null(strstr(json_members(x), "{\"name\":\"how->mode\",\"type\":\"long long "
						"unsigned int\","));
	assert_non_null(strstr(json_members(x), "\"ret\":3"));
	/* an item that could not be read */
	make_call(0, open_args, 3, 3);
	add_item("", 0, BT_CAP_FAULT);
	add_item(&mode, sizeof(mode), 0);
	assert_string_equal(text_line(x, true),
			    "  > do_sys_openat2(filename=?, how->mode=0600) = 3");

	make_call(1, read_args, 4, 21);
	add_item(&flags, sizeof(flags), 0);
	add_item(&count, sizeof(count), 0);
	/* a member fetched alone prints as it does inside its struct: f_flags by name */
	assert_string_equal(text_line(x, true),
			    "  > vfs_read(file->f_flags=O_RDONLY|O_LARGEFILE, count=64) = 21");
	assert_non_null(strstr(json_members(x), "{\"name\":\"file->f_flags\""));
	assert_non_null(strstr(json_members(x), "\"raw\":32768,\"names\":[\"O_RDONLY\","
						"\"O_LARGEFILE\"]"));
	/* an item the entry had no room for: not in the record */
	make_call(1, read_args, 4, 21);
	add_item(&flags, sizeof(flags), 0);
	entry.rec.fetch_flags = BT_CAP_TRUNCATED;
	/* (padded to strace's column 40 before " = ") */
	assert_non_null(strstr(text_line(x, true),
			       "  > vfs_read(file->f_flags=O_RDONLY|O_LARGEFILE, count=?)"));
	decoding_free(x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prototypes),
		cmocka_unit_test(test_plan),
		cmocka_unit_test(test_globs_and_refusals),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_spec_parsing),
		cmocka_unit_test(test_fetch_compile),
		cmocka_unit_test(test_functions_follow_their_syscall),
		cmocka_unit_test(test_decoded_lines),
		cmocka_unit_test(test_decoded_fetches),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

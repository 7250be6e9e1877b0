// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of --kfunc's BTF side (src/beauty/kfuncs.c): prototypes as C writes them, the
 * capture plan of each argument, the globs and the refusals, on a BTF built here.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <string.h>
#include <bpf/btf.h>

#include "beauty/kfuncs.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prototypes),
		cmocka_unit_test(test_plan),
		cmocka_unit_test(test_globs_and_refusals),
		cmocka_unit_test(test_list),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

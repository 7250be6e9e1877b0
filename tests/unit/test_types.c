// SPDX-License-Identifier: GPL-2.0
/* Unit tests of type normalisation: tracefs type strings resolved in the running kernel's BTF. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <bpf/btf.h>

#include "types/types.h"

static struct types types;

static int setup(void **state)
{
	return types__load(&types, NULL);
}

static int teardown(void **state)
{
	types__free(&types);
	return 0;
}

/* The expected size, computed with libbpf alone, independently of our index. */
static long btf_size_of(const char *name, int kind)
{
	__s32 id = btf__find_by_name_kind(types.btf, name, kind);

	assert_true(id > 0);
	return btf__resolve_size(types.btf, id);
}

static void test_const_struct_pointer(void **state)
{
	struct arg_type at;

	assert_int_equal(types__resolve(&types, "const struct __kernel_timespec *", &at), 0);
	assert_int_equal(at.ptr_depth, 1);
	assert_true(at.pointee_const);
	assert_int_equal(at.base_kind, BTF_KIND_STRUCT);
	assert_int_equal(at.base_size, btf_size_of("__kernel_timespec", BTF_KIND_STRUCT));
	assert_int_equal(at.value_size, 8);
}

static void test_char_pointers(void **state)
{
	struct arg_type at;

	assert_int_equal(types__resolve(&types, "char *", &at), 0);
	assert_int_equal(at.ptr_depth, 1);
	assert_false(at.pointee_const);
	assert_true(at.is_char);
	assert_int_equal(types__resolve(&types, "const char *", &at), 0);
	assert_true(at.pointee_const);
	assert_true(at.is_char);
	assert_int_equal(types__resolve(&types, "const char *const *", &at), 0);
	assert_int_equal(at.ptr_depth, 2);
}

static void test_integers(void **state)
{
	struct arg_type at;

	assert_int_equal(types__resolve(&types, "unsigned long", &at), 0);
	assert_int_equal(at.ptr_depth, 0);
	assert_false(at.is_signed);
	assert_int_equal(at.value_size, 8);
	assert_int_equal(types__resolve(&types, "int", &at), 0);
	assert_true(at.is_signed);
	assert_int_equal(at.value_size, 4);
	assert_int_equal(types__resolve(&types, "unsigned", &at), 0);
	assert_false(at.is_signed);
	assert_int_equal(at.value_size, 4);
	assert_int_equal(types__resolve(&types, "long", &at), 0);
	assert_true(at.is_signed);
	assert_int_equal(at.value_size, 8);
	assert_int_equal(types__resolve(&types, "unsigned short", &at), 0);
	assert_int_equal(at.value_size, 2);
}

static void test_typedefs(void **state)
{
	struct arg_type at;

	assert_int_equal(types__resolve(&types, "umode_t", &at), 0);
	assert_int_equal(at.ptr_depth, 0);
	assert_false(at.is_signed);
	assert_int_equal(at.value_size, 2);
	assert_int_equal(types__resolve(&types, "u32 *", &at), 0);
	assert_int_equal(at.ptr_depth, 1);
	assert_int_equal(at.base_size, 4);
	assert_int_equal(types__resolve(&types, "const clockid_t", &at), 0);
	assert_true(at.is_signed);
	assert_int_equal(at.value_size, 4);
	assert_int_equal(types__resolve(&types, "size_t", &at), 0);
	assert_int_equal(at.value_size, 8);
	assert_false(at.is_signed);
}

static void test_pointer_typedef(void **state)
{
	struct arg_type at;

	/* cap_user_header_t is a typedef of a struct pointer: the pointer must count */
	assert_int_equal(types__resolve(&types, "cap_user_header_t", &at), 0);
	assert_int_equal(at.ptr_depth, 1);
	assert_int_equal(at.base_kind, BTF_KIND_STRUCT);
	assert_int_equal(at.value_size, 8);
}

static void test_union_and_unknown(void **state)
{
	struct arg_type at;

	assert_int_equal(types__resolve(&types, "union bpf_attr *", &at), 0);
	assert_int_equal(at.base_kind, BTF_KIND_UNION);
	assert_int_equal(at.base_size, btf_size_of("bpf_attr", BTF_KIND_UNION));
	assert_int_equal(types__resolve(&types, "struct no_such_struct_here *", &at), -ENOENT);
	assert_int_equal(at.ptr_depth, 1);
	assert_int_equal(types__resolve(&types, "void *", &at), 0);
	assert_true(at.is_void);
}

static void test_index_matches_libbpf(void **state)
{
	/* tag and ordinary namespaces apart: "stat" is a struct, never a function */
	assert_int_equal(types__find(&types, "stat", BTF_KIND_STRUCT),
			 btf__find_by_name_kind(types.btf, "stat", BTF_KIND_STRUCT));
	assert_int_equal(types__find(&types, "umode_t", BTF_KIND_TYPEDEF),
			 btf__find_by_name_kind(types.btf, "umode_t", BTF_KIND_TYPEDEF));
	assert_int_equal(types__find(&types, "no_such_type_at_all", BTF_KIND_TYPEDEF), 0);
}

static void test_no_btf(void **state)
{
	struct arg_type at;

	/* without BTF the string alone still tells pointers and integer shapes */
	assert_int_equal(types__resolve(NULL, "unsigned int", &at), 0);
	assert_int_equal(at.value_size, 4);
	assert_int_equal(types__resolve(NULL, "const char *", &at), 0);
	assert_true(at.is_char);
	assert_int_equal(types__resolve(NULL, "umode_t", &at), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_const_struct_pointer),
		cmocka_unit_test(test_char_pointers),
		cmocka_unit_test(test_integers),
		cmocka_unit_test(test_typedefs),
		cmocka_unit_test(test_pointer_typedef),
		cmocka_unit_test(test_union_and_unknown),
		cmocka_unit_test(test_index_matches_libbpf),
		cmocka_unit_test(test_no_btf),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

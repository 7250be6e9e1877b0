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

static bool same_in_i386(const char *name, int kind)
{
	__s32 id = btf__find_by_name_kind(types.btf, name, kind);

	assert_true(id > 0);
	return types__same_in_i386(&types, id);
}

/* Which structs an i386 call can have read as x86_64's BTF lays them out. */
static void test_same_in_i386(void **state)
{
	/* longs or pointers: 4 bytes on i386 */
	assert_false(same_in_i386("sigaction", BTF_KIND_STRUCT));
	assert_false(same_in_i386("stat", BTF_KIND_STRUCT));
	assert_false(same_in_i386("rusage", BTF_KIND_STRUCT));
	assert_false(same_in_i386("iovec", BTF_KIND_STRUCT));
	assert_false(same_in_i386("user_msghdr", BTF_KIND_STRUCT));
	/* the kernel's i386 twins */
	assert_true(same_in_i386("compat_sigaction", BTF_KIND_STRUCT));
	assert_true(same_in_i386("compat_stat", BTF_KIND_STRUCT));
	assert_true(same_in_i386("stat64", BTF_KIND_STRUCT));
	assert_true(same_in_i386("compat_rusage", BTF_KIND_STRUCT));
	assert_true(same_in_i386("old_timespec32", BTF_KIND_STRUCT));
	/* ints, and 64-bit members where i386's alignment of 4 moves nothing */
	assert_true(same_in_i386("__kernel_timespec", BTF_KIND_STRUCT));
	assert_true(same_in_i386("statx", BTF_KIND_STRUCT));
	assert_true(same_in_i386("linger", BTF_KIND_STRUCT));
	assert_true(same_in_i386("epoll_event", BTF_KIND_STRUCT));
	/* read by a length, not by their size: their trailing padding does not count */
	assert_true(same_in_i386("linux_dirent64", BTF_KIND_STRUCT));
	assert_true(same_in_i386("rseq", BTF_KIND_STRUCT));
	/* 64-bit bitfields fill their unit alike */
	assert_true(same_in_i386("perf_event_attr", BTF_KIND_STRUCT));
	/* a 64-bit member after a 4-byte one: at 8 on x86_64, at 4 on i386 */
	assert_false(same_in_i386("flock64", BTF_KIND_STRUCT));
	/* __aligned_u64 after a 4-byte member: declared aligned, the same on both */
	assert_true(same_in_i386("bpf_attr", BTF_KIND_UNION));
	assert_false(types__same_in_i386(&types, 0));
	assert_false(types__same_in_i386(NULL, 1));
}

/* Members the BPF collector reads by offset (bpf/record.h, struct bt_fd_offsets). */
static void test_member(void **state)
{
	__u32 offset, size;

	/* in anonymous structs of a union: the uapi layout */
	assert_int_equal(types__struct_member(&types, "bpf_attr", "insn_cnt", &offset, &size), 0);
	assert_int_equal(offset, 4);
	assert_int_equal(size, 4);
	assert_int_equal(types__struct_member(&types, "bpf_attr", "insns", &offset, &size), 0);
	assert_int_equal(offset, 8);
	assert_int_equal(size, 8);
	/* what -y reads of a new fd */
	assert_int_equal(types__struct_member(&types, "files_struct", "fdt", &offset, &size), 0);
	assert_int_equal(size, 8);
	assert_int_equal(types__struct_member(&types, "fdtable", "max_fds", &offset, &size), 0);
	assert_int_equal(size, 4);
	assert_int_equal(types__struct_member(&types, "inode", "i_mode", &offset, &size), 0);
	assert_int_equal(size, 2);
	assert_int_equal(types__struct_member(&types, "inode", "i_ino", &offset, &size), 0);
	assert_int_equal(size, 8);
	assert_int_equal(types__struct_member(&types, "file", "f_inode", &offset, &size), 0);
	assert_int_equal(types__struct_member(&types, "file", "no_such_member", &offset, &size),
			 -ENOENT);
	assert_int_equal(types__struct_member(&types, "no_such_struct", "x", &offset, &size),
			 -ENOENT);
	assert_int_equal(types__struct_member(NULL, "file", "f_inode", &offset, &size), -ENOENT);
}

/*
 * The kernel's BTF is parsed once for the process: libbpf's loads ask for it as the tables
 * did, get the same, and their free leaves the tables' in place.
 */
static void test_vmlinux_btf_shared(void **state)
{
	struct btf *again = btf__load_vmlinux_btf();

	assert_ptr_equal(again, types.btf);
	btf__free(again);
	assert_true(btf__type_cnt(types.btf) > 1);
	assert_true(btf__find_by_name_kind(types.btf, "file", BTF_KIND_STRUCT) > 0);
	assert_true(types__find(&types, "file", BTF_KIND_STRUCT) > 0);
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
		cmocka_unit_test(test_same_in_i386),
		cmocka_unit_test(test_member),
		cmocka_unit_test(test_vmlinux_btf_shared),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

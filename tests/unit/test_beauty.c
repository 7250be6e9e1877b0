// SPDX-License-Identifier: GPL-2.0
/* Unit tests of beauty map generation: rules from hand-built syscall descriptions and real BTF. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <linux/bpf.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "beauty/beauty.h"
#include "beauty/overrides.h"
#include "syscall_formats.h"

static struct types types;
static struct catalog *cat;
static struct beauty *beauty;

static void add(int nr, const char *name, int nargs, const char *const decls[][2])
{
	catalog_add_format(cat, nr, name, nargs, decls);
}

static int setup(void **state)
{
	static const char *const rd[][2] = {
		{"unsigned int", "fd"}, {"char *", "buf"}, {"size_t", "count"}};
	static const char *const wr[][2] = {
		{"unsigned int", "fd"}, {"const char *", "buf"}, {"size_t", "count"}};
	static const char *const op[][2] = {{"int", "dfd"},
					    {"const char *", "filename"},
					    {"int", "flags"},
					    {"umode_t", "mode"}};
	static const char *const st[][2] = {{"int", "dfd"},
					    {"const char *", "filename"},
					    {"struct stat *", "statbuf"},
					    {"int", "flag"}};
	static const char *const cn[][2] = {{"const clockid_t", "which_clock"},
					    {"int", "flags"},
					    {"const struct __kernel_timespec *", "rqtp"},
					    {"struct __kernel_timespec *", "rmtp"}};
	static const char *const bi[][2] = {
		{"int", "fd"}, {"struct sockaddr *", "umyaddr"}, {"int", "addrlen"}};
	static const char *const pp[][2] = {{"int *", "fildes"}, {"int", "flags"}};
	static const char *const po[][2] = {
		{"struct pollfd *", "ufds"}, {"unsigned int", "nfds"}, {"int", "timeout_msecs"}};
	static const char *const bp[][2] = {
		{"int", "cmd"}, {"union bpf_attr *", "uattr"}, {"unsigned int", "size"}};
	static const char *const fx[][2] = {{"u32 *", "uaddr"}, {"int", "op"}};
	static const char *const so[][2] = {
		{"int", "semid"}, {"struct sembuf *", "tsops"}, {"unsigned", "nsops"}};
	static const char *const ms[][2] = {{"int", "msqid"},
					    {"struct msgbuf *", "msgp"},
					    {"size_t", "msgsz"},
					    {"int", "msgflg"}};
	static const char *const ta[][2] = {{"struct user_desc *", "u_info"}};

	cat = calloc(1, sizeof(*cat));
	beauty = calloc(1, sizeof(*beauty));
	if (!cat || !beauty || types__load(&types, NULL))
		return -1;
	add(0, "read", 3, rd);
	add(1, "write", 3, wr);
	add(257, "openat", 4, op);
	add(262, "newfstatat", 4, st);
	add(230, "clock_nanosleep", 4, cn);
	add(49, "bind", 3, bi);
	add(293, "pipe2", 2, pp);
	add(7, "poll", 3, po);
	add(321, "bpf", 3, bp);
	add(202, "futex", 2, fx);
	add(65, "semop", 3, so);
	add(69, "msgsnd", 4, ms);
	add(211, "get_thread_area", 1, ta);
	snprintf(cat->descs[39].name, sizeof(cat->descs[39].name), "getpid");
	cat->descs[39].nr = 39; /* known, but without a format */
	return beauty__build(beauty, cat, &types);
}

static int teardown(void **state)
{
	types__free(&types);
	free(cat);
	free(beauty);
	return 0;
}

static long struct_size(const char *name, int kind)
{
	__s32 id = btf__find_by_name_kind(types.btf, name, kind);

	assert_true(id > 0);
	return btf__resolve_size(types.btf, id);
}

static void test_read_fills_buf_at_exit(void **state)
{
	const struct bt_syscall_rules *r = &beauty->rules[0];

	assert_int_equal(r->enter[1].len, BT_LEN_NONE);
	assert_int_equal(r->exit[1].len, BT_LEN_RET);
	assert_int_equal(beauty->calls[0].args[1].role, ROLE_BUFFER);
	assert_int_equal(r->exit[0].len, BT_LEN_NONE);
	assert_true(r->flags & BT_SC_SELECTED);
}

static void test_write_buf_length_from_count(void **state)
{
	const struct bt_syscall_rules *r = &beauty->rules[1];

	assert_int_equal(r->enter[1].len, -3);
	assert_int_equal(r->exit[1].len, BT_LEN_NONE);
}

static void test_openat_path_is_a_string(void **state)
{
	const struct bt_syscall_rules *r = &beauty->rules[257];

	assert_int_equal(r->enter[1].len, BT_LEN_STRING);
	assert_int_equal(beauty->calls[257].args[1].role, ROLE_STRING);
	for (int i = 0; i < 4; i++) {
		if (i != 1)
			assert_int_equal(r->enter[i].len, BT_LEN_NONE);
		assert_int_equal(r->exit[i].len, BT_LEN_NONE);
	}
}

static void test_struct_sizes_come_from_btf(void **state)
{
	assert_int_equal(beauty->rules[262].exit[2].len, struct_size("stat", BTF_KIND_STRUCT));
	assert_int_equal(beauty->rules[262].enter[2].len, BT_LEN_NONE);
	/* const: an input at enter; not const: an output at exit */
	assert_int_equal(beauty->rules[230].enter[2].len,
			 struct_size("__kernel_timespec", BTF_KIND_STRUCT));
	assert_int_equal(beauty->rules[230].exit[3].len,
			 struct_size("__kernel_timespec", BTF_KIND_STRUCT));
	assert_int_equal(beauty->rules[230].enter[3].len, BT_LEN_NONE);
}

/*
 * bpf's attr, then what its pointer members point to: the license string of BPF_PROG_LOAD at
 * enter (and again at exit), the info of BPF_OBJ_GET_INFO_BY_FD at exit, offsets from BTF.
 */
static void bpf_member_rules(void)
{
	const struct bt_arg_rule *in = &beauty->rules[321].enter[1],
				 *out = &beauty->rules[321].exit[1];
	const struct bt_member_set *set;
	const struct bt_member_rule *r;
	int k = member_override__index("bpf", BPF_PROG_LOAD, "license");
	char buf[64];

	assert_int_equal(in->kind, BT_KIND_MEMBERS);
	assert_int_equal(out->kind, BT_KIND_MEMBERS);
	assert_int_equal(in->header, out->header);
	assert_true(in->header < beauty->nmember_sets);
	set = &beauty->member_sets[in->header];
	assert_int_equal(set->stride, 0);
	assert_true(k >= 0);
	r = &set->rules[k];
	assert_int_equal(r->kind, BT_MEMBER_STRING);
	assert_int_equal(r->when, BT_MEMBER_AT_ENTER | BT_MEMBER_AT_EXIT);
	assert_int_equal(r->sel_arg, 0);
	assert_int_equal(r->sel_val, BPF_PROG_LOAD);
	assert_int_equal(r->ptr_off, offsetof(union bpf_attr, license));
	k = member_override__index("bpf", BPF_OBJ_GET_INFO_BY_FD, "info.info");
	assert_true(k >= 0);
	r = &set->rules[k];
	assert_int_equal(r->kind, BT_MEMBER_BYTES);
	assert_int_equal(r->when, BT_MEMBER_AT_EXIT);
	assert_int_equal(r->ptr_off, offsetof(union bpf_attr, info.info));
	assert_int_equal(r->len_off, offsetof(union bpf_attr, info.info_len));
	assert_int_equal(r->len_size, 4);
	beauty_rule__describe(in, catalog__by_nr(cat, 321), buf, sizeof(buf));
	assert_string_equal(buf, "arg3(size)+members");
}

static void test_overrides_apply(void **state)
{
	/* bind's sockaddr is an input whose length is addrlen */
	assert_int_equal(beauty->rules[49].enter[1].len, -3);
	assert_int_equal(beauty->rules[49].exit[1].len, BT_LEN_NONE);
	/* pipe2 fills two ints */
	assert_int_equal(beauty->rules[293].exit[0].len, 8);
	/* poll: nfds entries, read in and out */
	assert_int_equal(beauty->rules[7].enter[0].len, -2);
	assert_int_equal(beauty->rules[7].enter[0].elem_size,
			 struct_size("pollfd", BTF_KIND_STRUCT));
	assert_int_equal(beauty->rules[7].exit[0].len, -2);
	/* bpf: the caller says how much of union bpf_attr it passes */
	assert_int_equal(beauty->rules[321].enter[1].len, -3);
	bpf_member_rules();
	/* futex's word is not read at all */
	assert_int_equal(beauty->rules[202].enter[0].len, BT_LEN_NONE);
	assert_int_equal(beauty->rules[202].exit[0].len, BT_LEN_NONE);
}

static void test_counts_narrowed_and_headers_added(void **state)
{
	char buf[64];

	/* semop's nsops is an unsigned int: the register's upper half is no part of it */
	assert_int_equal(beauty->rules[65].enter[1].len, -3);
	assert_true(beauty->rules[65].enter[1].flags & BT_RULE_COUNT_32);
	/* read's count is a size_t */
	assert_false(beauty->rules[1].enter[1].flags & BT_RULE_COUNT_32);
	/* msgsnd's text follows a long its msgsz does not count */
	assert_int_equal(beauty->rules[69].enter[1].len, -3);
	assert_int_equal(beauty->rules[69].enter[1].header, sizeof(long));
	beauty_rule__describe(&beauty->rules[69].enter[1], &cat->descs[69], buf, sizeof(buf));
	assert_string_equal(buf, "arg3(msgsz)+8");
}

/*
 * get_thread_area reads only entry_number of its struct: 4 bytes at enter (strace's
 * {entry_number=0, ...} for a struct that runs into an unmapped page), the whole at exit.
 */
static void test_in_out_struct_read_in_part_at_enter(void **state)
{
	long size = struct_size("user_desc", BTF_KIND_STRUCT);

	assert_true(size > 4);
	assert_int_equal(beauty->rules[211].enter[0].len, 4);
	assert_int_equal(beauty->rules[211].exit[0].len, size);
}

static void test_unknown_format_is_selected_but_raw(void **state)
{
	const struct bt_syscall_rules *r = &beauty->rules[39];

	assert_true(r->flags & BT_SC_SELECTED);
	for (int i = 0; i < BT_MAX_ARGS; i++) {
		assert_int_equal(r->enter[i].len, BT_LEN_NONE);
		assert_int_equal(r->exit[i].len, BT_LEN_NONE);
	}
}

static void test_describe(void **state)
{
	char buf[64];

	beauty_rule__describe(&beauty->rules[1].enter[1], &cat->descs[1], buf, sizeof(buf));
	assert_string_equal(buf, "arg3(count)");
	beauty_rule__describe(&beauty->rules[0].exit[1], &cat->descs[0], buf, sizeof(buf));
	assert_string_equal(buf, "ret");
	beauty_rule__describe(&beauty->rules[257].enter[1], &cat->descs[257], buf, sizeof(buf));
	assert_string_equal(buf, "string");
	beauty_rule__describe(&beauty->rules[257].enter[0], &cat->descs[257], buf, sizeof(buf));
	assert_string_equal(buf, "-");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_fills_buf_at_exit),
		cmocka_unit_test(test_write_buf_length_from_count),
		cmocka_unit_test(test_openat_path_is_a_string),
		cmocka_unit_test(test_struct_sizes_come_from_btf),
		cmocka_unit_test(test_overrides_apply),
		cmocka_unit_test(test_counts_narrowed_and_headers_added),
		cmocka_unit_test(test_in_out_struct_read_in_part_at_enter),
		cmocka_unit_test(test_unknown_format_is_selected_but_raw),
		cmocka_unit_test(test_describe),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

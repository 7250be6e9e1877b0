// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the tracefs format parser and catalog loading, on fixture files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "catalog/catalog.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = calloc(1, 65536);

	assert_non_null(f);
	assert_non_null(buf);
	fread(buf, 1, 65535, f);
	fclose(f);
	return buf;
}

static void test_parse_openat(void **state)
{
	struct syscall_desc d = {};
	char *text = slurp("tests/fixtures/sys_enter_openat.format");

	assert_int_equal(format_parse(text, &d), 0);
	assert_true(d.has_format);
	assert_int_equal(d.nargs, 4);
	assert_string_equal(d.args[0].name, "dfd");
	assert_string_equal(d.args[0].type, "int");
	assert_string_equal(d.args[1].name, "filename");
	assert_string_equal(d.args[1].type, "const char *");
	assert_string_equal(d.args[3].name, "mode");
	assert_string_equal(d.args[3].type, "umode_t");
	free(text);
}

/* Leaves the stack below the caller's frame full of spaces, as format text would. */
static __attribute__((noinline)) void dirty_stack(void)
{
	volatile char junk[8192];

	for (size_t i = 0; i < sizeof(junk); i++)
		junk[i] = ' ';
}

/*
 * What tracefs does not say is clear: an x86_64 argument is no i386 half
 * and counts bytes, whatever the stack held (a space there once made each
 * argument a hidden half, and the calls of a run printed none).
 */
static void test_parse_clears_the_rest(void **state)
{
	struct syscall_desc d = {};
	char *text = slurp("tests/fixtures/sys_enter_openat.format");

	dirty_stack();
	assert_int_equal(format_parse(text, &d), 0);
	for (int i = 0; i < d.nargs; i++) {
		assert_false(d.args[i].high_half);
		assert_int_equal(d.args[i].shift, 0);
	}
	free(text);
}

static void test_parse_skips_data_loc(void **state)
{
	struct syscall_desc d = {};
	char *text = slurp("tests/fixtures/sys_enter_openat_data_loc.format");

	assert_int_equal(format_parse(text, &d), 0);
	/* the __data_loc copy of filename is not an argument */
	assert_int_equal(d.nargs, 4);
	for (int i = 0; i < d.nargs; i++)
		assert_null(strstr(d.args[i].name, "_val"));
	free(text);
}

static void test_parse_pointer_to_pointer(void **state)
{
	struct syscall_desc d = {};
	char *text = slurp("tests/fixtures/sys_enter_execve.format");

	assert_int_equal(format_parse(text, &d), 0);
	assert_int_equal(d.nargs, 3);
	assert_string_equal(d.args[1].name, "argv");
	assert_string_equal(d.args[1].type, "const char *const *");
	free(text);
}

static void test_parse_no_args(void **state)
{
	struct syscall_desc d = {};
	char *text = slurp("tests/fixtures/sys_enter_getpid.format");

	assert_int_equal(format_parse(text, &d), 0);
	assert_int_equal(d.nargs, 0);
	assert_true(d.has_format);
	free(text);
}

static void test_parse_rejects_garbage(void **state)
{
	struct syscall_desc d = {};
	char *text = slurp("tests/fixtures/broken.format");

	assert_int_equal(format_parse(text, &d), -EINVAL);
	assert_false(d.has_format);
	assert_int_equal(format_parse("format:\n\tfield:;\n", &d), -EINVAL);
	assert_int_equal(format_parse("", &d), -EINVAL);
	free(text);
}

static void test_parse_too_many_fields(void **state)
{
	struct syscall_desc d = {};
	char text[2048] = "format:\n";

	for (int i = 0; i < BT_MAX_ARGS + 1; i++) {
		char line[64];

		snprintf(line, sizeof(line), "\tfield:long a%d;\toffset:%d;\tsize:8;\tsigned:1;\n",
			 i, 16 + 8 * i);
		strcat(text, line);
	}
	assert_int_equal(format_parse(text, &d), -EINVAL);
}

/* A fake tracefs with only openat's format: every other syscall is known but raw. */
static void test_catalog_missing_formats(void **state)
{
	char dir[] = "/tmp/btftrace-test-XXXXXX", path[256];
	struct catalog *cat = calloc(1, sizeof(*cat));
	const struct syscall_desc *d;
	char *text = slurp("tests/fixtures/sys_enter_openat.format");
	FILE *f;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/events", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/events/syscalls", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/events/syscalls/sys_enter_openat", dir);
	mkdir(path, 0755);
	strcat(path, "/format");
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);

	assert_int_equal(catalog__load(cat, dir), 0);
	/* openat's, for x86_64 and for i386 */
	assert_int_equal(cat->nr_formats, 2);
	assert_true(cat->nr_known > 300);
	d = catalog__by_name(cat, "openat");
	assert_non_null(d);
	assert_int_equal(d->nr, 257);
	assert_true(d->has_format);
	d = catalog__by_name(cat, "read");
	assert_non_null(d);
	assert_int_equal(d->nr, 0);
	assert_false(d->has_format);
	assert_ptr_equal(catalog__by_nr(cat, 0), d);
	assert_null(catalog__by_nr(cat, -1));
	assert_null(catalog__by_nr(cat, BT_MAX_SYSCALLS));
	assert_null(catalog__by_name(cat, "no_such_call"));
	assert_int_equal(syscall_desc__arg_index(catalog__by_name(cat, "openat"), "flags"), 2);
	assert_int_equal(syscall_desc__arg_index(catalog__by_name(cat, "openat"), "nope"), -1);
	/* without tracefs's format, the fallback's signature, or the registers strace shows */
	d = catalog__by_name(cat, "init_module");
	assert_true(d->has_format && d->from_fallback);
	assert_int_equal(d->nargs, 3);
	assert_string_equal(d->args[0].type, "void *");
	assert_string_equal(d->args[0].name, "umod");
	assert_string_equal(d->args[2].type, "const char *");
	assert_string_equal(d->args[2].name, "uargs");
	d = catalog__by_name(cat, "create_module");
	assert_false(d->has_format);
	assert_int_equal(d->nargs, 2);
	assert_false(catalog__by_name(cat, "openat")->from_fallback);
	/* i386's init_module (128) takes x86_64's fallback signature, still no tracefs format */
	d = catalog__by_nr(cat, BT_NR_I386 + 128);
	assert_non_null(d);
	assert_true(d->has_format && d->from_fallback);
	assert_string_equal(d->like, "init_module");
	assert_int_equal(d->nargs, 3);

	/* i386's openat (295) takes x86_64's format, its types the same in i386 */
	d = catalog__by_nr(cat, BT_NR_I386 + 295);
	assert_non_null(d);
	assert_string_equal(d->name, "openat");
	assert_string_equal(d->like, "openat");
	assert_true(d->has_format);
	assert_int_equal(d->nargs, 4);
	assert_string_equal(d->args[1].type, "const char *");
	assert_ptr_equal(catalog__by_name(cat, "openat")->nr, 257);
	assert_ptr_equal(catalog__next_by_name(cat, "openat", -1), catalog__by_nr(cat, 257));
	assert_ptr_equal(catalog__next_by_name(cat, "openat", 257), d);
	assert_null(catalog__next_by_name(cat, "openat", d->nr));
	/* i386's read is known, without a format as x86_64's here */
	d = catalog__by_nr(cat, BT_NR_I386 + 3);
	assert_non_null(d);
	assert_string_equal(d->name, "read");
	assert_false(d->has_format);
	/* names by id: an unknown number of either ABI is its own number */
	{
		char buf[32];

		assert_string_equal(catalog__name(cat, BT_NR_I386 + 3, buf, sizeof(buf)), "read");
		assert_string_equal(catalog__name(cat, BT_NR_I386 + 500, buf, sizeof(buf)),
				    "syscall_500");
		assert_string_equal(catalog__name(cat, 500, buf, sizeof(buf)), "syscall_500");
	}

	unlink(path);
	free(text);
	free(cat);
}

/* Ids: each ABI's table numbers apart, and every number past them kept whole. */
static void test_syscall_ids(void **state)
{
	static const int numbers[] = {0, 1, 511, 512, 516, 1023, 1024, 100000, 0x20000005, -1, -5};

	assert_int_equal(bt_id_of(1, false), 1);
	assert_int_equal(bt_id_of(1, true), BT_NR_I386 + 1);
	assert_true(bt_id_is_i386(bt_id_of(4, true)));
	for (size_t i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++) {
		int nr = numbers[i], x86_64 = bt_id_of(nr, false), i386 = bt_id_of(nr, true);

		assert_int_equal(bt_id_nr(x86_64), nr);
		assert_false(bt_id_is_i386(x86_64));
		/* 30 bits and the mark: an i386 number of 2^29 or more loses its bit 29 */
		assert_int_equal(bt_id_nr(i386),
				 nr > 0 && (nr & BT_ID_I386_HIGH) ? nr & ~BT_ID_I386_HIGH : nr);
		/* a negative number is no call of either table */
		assert_true(bt_id_is_i386(i386) == (nr >= 0));
		/* only the tables' numbers index the tables */
		if (nr < 0 || nr >= BT_NR_I386)
			assert_true(x86_64 < 0 || x86_64 >= BT_MAX_SYSCALLS);
		if (nr >= BT_NR_I386)
			assert_true(i386 >= BT_MAX_SYSCALLS);
	}
}

/* x86_64 argument types spelt for i386: longs and pointers of 4 bytes, compat_* structs. */
static void test_i386_arg_types(void **state)
{
	char out[SYSCALL_ARG_TYPE_MAX];

	assert_int_equal(i386_arg_type("read", "count", "size_t", false, out, sizeof(out)), 0);
	assert_string_equal(out, "unsigned int");
	assert_int_equal(i386_arg_type("lseek", "offset", "off_t", false, out, sizeof(out)), 0);
	assert_string_equal(out, "int");
	assert_int_equal(i386_arg_type("mmap2", "len", "unsigned long", false, out, sizeof(out)),
			 0);
	assert_string_equal(out, "unsigned int");
	assert_int_equal(i386_arg_type("x", "p", "unsigned long *", false, out, sizeof(out)), 0);
	assert_string_equal(out, "unsigned int *");
	/* i386 passes a 64-bit value in two registers */
	assert_int_equal(i386_arg_type("pread64", "pos", "loff_t", false, out, sizeof(out)), 1);
	assert_string_equal(out, "loff_t");
	/* but a pointer to one points to the same 8 bytes */
	assert_int_equal(i386_arg_type("x", "p", "loff_t *", false, out, sizeof(out)), 0);
	assert_string_equal(out, "loff_t *");
	assert_int_equal(i386_arg_type("nanosleep", "rqtp", "struct __kernel_timespec *", false,
				       out, sizeof(out)),
			 0);
	assert_string_equal(out, "struct old_timespec32 *");
	/* the *_time64 calls take x86_64's 64-bit times */
	assert_int_equal(i386_arg_type("clock_gettime64", "tp", "struct __kernel_timespec *", true,
				       out, sizeof(out)),
			 0);
	assert_string_equal(out, "struct __kernel_timespec *");
	assert_int_equal(i386_arg_type("rt_sigaction", "act", "const struct sigaction *", false,
				       out, sizeof(out)),
			 0);
	assert_string_equal(out, "const struct compat_sigaction *");
	assert_int_equal(
		i386_arg_type("sigaltstack", "uss", "const stack_t *", false, out, sizeof(out)), 0);
	assert_string_equal(out, "const struct compat_sigaltstack *");
	assert_int_equal(
		i386_arg_type("fstat64", "statbuf", "struct stat *", false, out, sizeof(out)), 0);
	assert_string_equal(out, "struct stat64 *");
	assert_int_equal(
		i386_arg_type("fstat", "statbuf", "struct stat *", false, out, sizeof(out)), 0);
	assert_string_equal(out, "struct compat_stat *");
	assert_int_equal(i386_arg_type("sendfile", "offset", "loff_t *", false, out, sizeof(out)),
			 0);
	assert_string_equal(out, "int *");
	/* argv: pointers to pointers stay, the collector reads 4-byte ones */
	assert_int_equal(
		i386_arg_type("execve", "argv", "const char *const *", false, out, sizeof(out)), 0);
	assert_string_equal(out, "const char *const *");
	assert_int_equal(i386_arg_type("x", "p", "int", false, out, sizeof(out)), 0);
	assert_string_equal(out, "int");
}

/* Every fallback signature names a syscall of the build and parses as tracefs fields. */
static void test_fallback_signatures_parse(void **state)
{
	struct catalog *cat = calloc(1, sizeof(*cat));
	const struct syscall_fallback *fb;
	size_t n;

	assert_non_null(cat);
	assert_int_equal(catalog__load(cat, NULL), 0);
	fb = catalog_fallbacks(&n);
	assert_true(n > 0);
	for (size_t i = 0; i < n; i++) {
		struct syscall_desc d = {0};

		if (!catalog__by_name(cat, fb[i].name))
			fail_msg("fallback '%s' is not in the build's unistd table", fb[i].name);
		assert_ptr_equal(catalog_fallback_find(fb[i].name), &fb[i]);
		assert_int_equal(catalog_apply_fallback(&d, &fb[i]), 0);
		if (fb[i].decls) {
			assert_true(d.has_format && d.nargs > 0 && d.nargs <= BT_MAX_ARGS);
			for (int a = 0; a < d.nargs; a++)
				assert_true(d.args[a].name[0] && d.args[a].type[0]);
		} else {
			assert_false(d.has_format);
			assert_true(d.nargs > 0 && d.nargs <= BT_MAX_ARGS);
		}
	}
	assert_null(catalog_fallback_find("openat"));
	free(cat);
}

/*
 * A format this process may not read fails the load: every call would
 * otherwise print raw, with no word of why. As root (which reads anything),
 * the load runs in a child that has become uid 65534 and so lost its
 * capabilities.
 */
static void test_catalog_unreadable_format(void **state)
{
	char dir[] = "/tmp/btftrace-test-XXXXXX", path[320], sub[256];
	struct catalog *cat = calloc(1, sizeof(*cat));
	const char *const dirs[] = {"/events", "/events/syscalls",
				    "/events/syscalls/sys_enter_read"};
	int status = -1;
	pid_t pid;
	FILE *f;

	assert_non_null(cat);
	assert_non_null(mkdtemp(dir));
	assert_int_equal(chmod(dir, 0755), 0);
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(sub, sizeof(sub), "%s%s", dir, dirs[i]);
		assert_int_equal(mkdir(sub, 0755), 0);
	}
	snprintf(path, sizeof(path), "%s/format", sub);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("name: sys_enter_read\nformat:\n", f);
	fclose(f);
	assert_int_equal(chmod(path, 0), 0);

	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		if (geteuid() == 0 && setresuid(65534, 65534, 65534) < 0)
			_exit(3);
		_exit(catalog__load(cat, dir) == -EACCES ? 0 : 1);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);

	unlink(path);
	for (int i = sizeof(dirs) / sizeof(dirs[0]) - 1; i >= 0; i--) {
		snprintf(sub, sizeof(sub), "%s%s", dir, dirs[i]);
		rmdir(sub);
	}
	rmdir(dir);
	free(cat);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_openat),
		cmocka_unit_test(test_parse_clears_the_rest),
		cmocka_unit_test(test_parse_skips_data_loc),
		cmocka_unit_test(test_parse_pointer_to_pointer),
		cmocka_unit_test(test_parse_no_args),
		cmocka_unit_test(test_parse_rejects_garbage),
		cmocka_unit_test(test_parse_too_many_fields),
		cmocka_unit_test(test_catalog_missing_formats),
		cmocka_unit_test(test_fallback_signatures_parse),
		cmocka_unit_test(test_catalog_unreadable_format),
		cmocka_unit_test(test_syscall_ids),
		cmocka_unit_test(test_i386_arg_types),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

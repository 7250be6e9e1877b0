/*
 * Unit tests of src/filter/pathtrace.c (which arguments strace's -P rules look at) and
 * src/session/trace_paths.c (files as the kernel names them, --trace-fds as a bitmap).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>
#include <sys/sysmacros.h>

#include "filter/classes.h"
#include "filter/pathtrace.h"
#include "session/trace_paths.h"

#define FD BT_PT_FD_ARG
#define PATH BT_PT_PATH_ARG

static void test_defaults_by_class(void **state)
{
	/* %file: a path in argument 0; %desc and %network: an fd in argument 0 */
	assert_int_equal(pathtrace_spec("chdir", SC_FILE), PATH(0));
	assert_int_equal(pathtrace_spec("stat", SC_FILE | SC_STAT), PATH(0));
	assert_int_equal(pathtrace_spec("read", SC_DESC), FD(0));
	assert_int_equal(pathtrace_spec("connect", SC_NETWORK | SC_DESC), FD(0));
	/* a path before an fd: execve is %file and %process */
	assert_int_equal(pathtrace_spec("execve", SC_FILE | SC_PROCESS), PATH(0));
	/* outside the three classes nothing is looked at */
	assert_int_equal(pathtrace_spec("getppid", SC_PROCESS | SC_PURE), 0);
	assert_int_equal(pathtrace_spec("kill", SC_SIGNAL | SC_PROCESS), 0);
}

static void test_strace_special_cases(void **state)
{
	assert_int_equal(pathtrace_spec("openat", SC_FILE | SC_DESC),
			 FD(0) | PATH(1) | BT_PT_SPEC_FX(BT_PT_FX_OPEN));
	assert_int_equal(pathtrace_spec("dup2", SC_DESC),
			 FD(0) | FD(1) | BT_PT_SPEC_FX(BT_PT_FX_NEWFD));
	assert_int_equal(pathtrace_spec("renameat2", SC_FILE | SC_DESC),
			 FD(0) | PATH(1) | FD(2) | PATH(3));
	assert_int_equal(pathtrace_spec("mmap", SC_MEMORY | SC_DESC), FD(4));
	assert_int_equal(pathtrace_spec("symlinkat", SC_FILE | SC_DESC), FD(1) | PATH(2));
	assert_int_equal(pathtrace_spec("symlink", SC_FILE), PATH(1));
	assert_int_equal(pathtrace_spec("copy_file_range", SC_DESC), FD(0) | FD(2));
	assert_int_equal(pathtrace_spec("epoll_ctl", SC_DESC), FD(2));
	assert_int_equal(pathtrace_spec("fanotify_mark", SC_FILE | SC_DESC), FD(3) | PATH(4));
	assert_int_equal(BT_PT_KIND(pathtrace_spec("pselect6", SC_DESC)), BT_PT_KIND_SELECT);
	assert_int_equal(BT_PT_KIND(pathtrace_spec("ppoll", SC_DESC)), BT_PT_KIND_POLL);
	assert_int_equal(BT_PT_KIND(pathtrace_spec("fsconfig", SC_FILE | SC_DESC)),
			 BT_PT_KIND_FSCONFIG);
	/* calls of the classes with nothing to look at */
	assert_int_equal(pathtrace_spec("socket", SC_NETWORK | SC_DESC), 0);
	assert_int_equal(pathtrace_spec("pipe2", SC_DESC), 0);
	assert_int_equal(pathtrace_spec("memfd_create", SC_DESC), 0);
}

static void test_fd_effects(void **state)
{
	/* what a call does to the fds is kept whatever its classes */
	assert_int_equal(BT_PT_FX(pathtrace_spec("close", SC_DESC)), BT_PT_FX_CLOSE);
	assert_int_equal(BT_PT_FX(pathtrace_spec("close_range", 0)), BT_PT_FX_CLOSE_RANGE);
	assert_int_equal(BT_PT_FX(pathtrace_spec("fcntl", SC_DESC)), BT_PT_FX_FCNTL);
	assert_int_equal(BT_PT_FX(pathtrace_spec("dup", SC_DESC)), BT_PT_FX_NEWFD);
	assert_int_equal(BT_PT_FX(pathtrace_spec("creat", SC_FILE | SC_DESC)), BT_PT_FX_OPEN);
	assert_int_equal(BT_PT_FX(pathtrace_spec("read", SC_DESC)), BT_PT_FX_NONE);
	/* the effect alone matches nothing */
	assert_int_equal(pathtrace_spec("close_range", 0) & BT_PT_MATCH_MASK, 0);
}

static void test_file_id_is_the_kernels_dev_t(void **state)
{
	struct stat st = {.st_ino = 733, .st_dev = makedev(0xfe, 0x12345)};
	struct bt_file_id id = trace_file_id(&st);

	assert_int_equal(id.ino, 733);
	/* MKDEV: major above a 20-bit minor */
	assert_int_equal(id.dev, (0xfeU << 20) | 0x12345);
	assert_int_equal(id.pad, 0);
}

static void test_trace_fds_bits(void **state)
{
	char err[DESC_SET_ERR_MAX];
	struct desc_set set = {0};
	struct bt_trace_fds bits;

	assert_int_equal(
		desc_set_parse(&set, "0,63,64,1023,1024,5000", "--trace-fds", err, sizeof(err)), 0);
	trace_fds_bits(&set, &bits);
	assert_int_equal(bits.bits[0], 1ULL | 1ULL << 63);
	assert_int_equal(bits.bits[1], 1ULL);
	assert_int_equal(bits.bits[15], 1ULL << 63);
	assert_int_equal(bits.high, 0);
	assert_int_equal(desc_set_parse(&set, "!3", "--trace-fds", err, sizeof(err)), 0);
	trace_fds_bits(&set, &bits);
	assert_int_equal(bits.bits[0], ~(1ULL << 3));
	assert_int_equal(bits.bits[7], ~0ULL);
	assert_int_equal(bits.high, 1);
	desc_set_free(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults_by_class),
		cmocka_unit_test(test_strace_special_cases),
		cmocka_unit_test(test_fd_effects),
		cmocka_unit_test(test_file_id_is_the_kernels_dev_t),
		cmocka_unit_test(test_trace_fds_bits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

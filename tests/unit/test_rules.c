// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the printer rules that hit every family of syscalls: numbers at the width and
 * sign strace reads them, constants under -X, what shows when a pointer's data cannot be read,
 * comments and the signatures of syscalls without a tracefs format. Whole calls are built as
 * the collector's records and written as strace 6.1 writes them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>

#include "beauty/beauty.h"
#include "decode/decode.h"
#include "call_records.h"
#include "syscall_formats.h"

static struct types types;
static struct catalog *cat;
static struct beauty *beauty;
static struct decoder dec;
static struct outbuf ob;

/* x86_64's numbers; the formats are tracefs's, given by hand. */
enum {
	NR_NANOSLEEP = 35,
	NR_SOCKET = 41,
	NR_SETSOCKOPT = 54,
	NR_READLINK = 89,
	NR_CHMOD = 90,
	NR_UMASK = 95,
	NR_GETRLIMIT = 97,
	NR_SETGROUPS = 116,
	NR_SETRESUID = 117,
	NR_SYSFS = 139,
	NR_CLOSE_RANGE = 436,
	NR_LANDLOCK_RESTRICT_SELF = 446,
	NR_READV = 19,
	NR_WRITEV = 20,
	NR_CREATE_MODULE = 174,
	NR_INIT_MODULE = 175,
};

static int setup(void **state)
{
	static const char *const nanosleep_args[][2] = {{"struct __kernel_timespec *", "rqtp"},
							{"struct __kernel_timespec *", "rmtp"}};
	static const char *const socket_args[][2] = {
		{"int", "family"}, {"int", "type"}, {"int", "protocol"}};
	static const char *const setsockopt_args[][2] = {{"int", "fd"},
							 {"int", "level"},
							 {"int", "optname"},
							 {"char *", "optval"},
							 {"int", "optlen"}};
	static const char *const readlink_args[][2] = {
		{"const char *", "path"}, {"char *", "buf"}, {"int", "bufsiz"}};
	static const char *const chmod_args[][2] = {{"const char *", "filename"},
						    {"umode_t", "mode"}};
	static const char *const umask_args[][2] = {{"int", "mask"}};
	static const char *const getrlimit_args[][2] = {{"unsigned int", "resource"},
							{"struct rlimit *", "rlim"}};
	static const char *const setgroups_args[][2] = {{"int", "gidsetsize"},
							{"gid_t *", "grouplist"}};
	static const char *const setresuid_args[][2] = {
		{"uid_t", "ruid"}, {"uid_t", "euid"}, {"uid_t", "suid"}};
	static const char *const sysfs_args[][2] = {
		{"int", "option"}, {"unsigned long", "arg1"}, {"unsigned long", "arg2"}};
	static const char *const close_range_args[][2] = {
		{"unsigned int", "fd"}, {"unsigned int", "max_fd"}, {"unsigned int", "flags"}};
	static const char *const restrict_self_args[][2] = {{"const int", "ruleset_fd"},
							    {"const __u32", "flags"}};
	static const char *const readv_args[][2] = {{"unsigned long", "fd"},
						    {"const struct iovec *", "vec"},
						    {"unsigned long", "vlen"}};

	cat = calloc(1, sizeof(*cat));
	beauty = calloc(1, sizeof(*beauty));
	if (!cat || !beauty || types__load(&types, NULL))
		return -1;
	catalog_add_format(cat, NR_NANOSLEEP, "nanosleep", 2, nanosleep_args);
	catalog_add_format(cat, NR_SOCKET, "socket", 3, socket_args);
	catalog_add_format(cat, NR_SETSOCKOPT, "setsockopt", 5, setsockopt_args);
	catalog_add_format(cat, NR_READLINK, "readlink", 3, readlink_args);
	catalog_add_format(cat, NR_CHMOD, "chmod", 2, chmod_args);
	catalog_add_format(cat, NR_UMASK, "umask", 1, umask_args);
	catalog_add_format(cat, NR_GETRLIMIT, "getrlimit", 2, getrlimit_args);
	catalog_add_format(cat, NR_SETGROUPS, "setgroups", 2, setgroups_args);
	catalog_add_format(cat, NR_SETRESUID, "setresuid", 3, setresuid_args);
	catalog_add_format(cat, NR_SYSFS, "sysfs", 3, sysfs_args);
	catalog_add_format(cat, NR_CLOSE_RANGE, "close_range", 3, close_range_args);
	catalog_add_format(cat, NR_LANDLOCK_RESTRICT_SELF, "landlock_restrict_self", 2,
			   restrict_self_args);
	catalog_add_format(cat, NR_READV, "readv", 3, readv_args);
	catalog_add_format(cat, NR_WRITEV, "writev", 3, readv_args);
	/* what catalog__load makes of them without their tracefs formats */
	snprintf(cat->descs[NR_CREATE_MODULE].name, SYSCALL_NAME_MAX, "create_module");
	cat->descs[NR_CREATE_MODULE].nr = NR_CREATE_MODULE;
	snprintf(cat->descs[NR_INIT_MODULE].name, SYSCALL_NAME_MAX, "init_module");
	cat->descs[NR_INIT_MODULE].nr = NR_INIT_MODULE;
	if (catalog_apply_fallback(&cat->descs[NR_CREATE_MODULE],
				   catalog_fallback_find("create_module")) ||
	    catalog_apply_fallback(&cat->descs[NR_INIT_MODULE],
				   catalog_fallback_find("init_module")))
		return -1;
	if (beauty__build(beauty, cat, &types))
		return -1;
	struct decode_opts opts;

	decode_opts_default(&opts);
	return decoder__init(&dec, cat, beauty, &types, &opts);
}

static int teardown(void **state)
{
	decoder__free(&dec);
	types__free(&types);
	free(cat);
	free(beauty);
	outbuf_free(&ob);
	return 0;
}

/* The whole line of the call, returning ret, with -X xlat. */
static const char *line_x(__s64 ret, enum wr_xlat_style xlat)
{
	const char *text;

	dec.opts.xlat = xlat;
	text = call_text_line(&dec, &ob, ret);
	dec.opts.xlat = WR_XLAT_ABBREV;
	return text;
}

static const char *line(__s64 ret)
{
	return line_x(ret, WR_XLAT_ABBREV);
}

static const __u64 PTR = 0x7ffc12345678;

/* A constant shown as a number reads in hex, in -X raw and verbose as for an unknown one. */
static void test_constants_as_numbers_in_hex(void **state)
{
	begin(NR_SETSOCKOPT, 3, SOL_SOCKET, SO_REUSEADDR, PTR, 4, 0);
	in(3, &(int){1}, sizeof(int));
	assert_string_equal(
		line_x(0, WR_XLAT_VERBOSE),
		"setsockopt(3, 0x1 /* SOL_SOCKET */, 0x2 /* SO_REUSEADDR */, [1], 4) = 0");
	assert_string_equal(line_x(0, WR_XLAT_RAW), "setsockopt(3, 0x1, 0x2, [1], 4) = 0");
	/* an int's -1 is its 32 bits, whoever writes it */
	begin(NR_SOCKET, AF_INET, SOCK_DGRAM, (__u64)-1, 0, 0, 0);
	assert_string_equal(line(-EINVAL),
			    "socket(AF_INET, SOCK_DGRAM, 0xffffffff /* IPPROTO_??? */)"
			    " = -1 EINVAL (Invalid argument)");
	/* strace's label for an unknown level has two question marks */
	begin(NR_SETSOCKOPT, 3, (__u64)-1, 2, 0, 0, 0);
	assert_string_equal(line(-ENOPROTOOPT),
			    "setsockopt(3, 0xffffffff /* SOL_?? */, 2, NULL, 0) = "
			    "-1 ENOPROTOOPT (Protocol not available)");
	/* flags no table names: their bits in hex, at the argument's width */
	begin(NR_LANDLOCK_RESTRICT_SELF, 3, (__u64)-1, 0, 0, 0, 0);
	assert_string_equal(line(-EPERM), "landlock_restrict_self(3, 0xffffffff) = -1 EPERM "
					  "(Operation not permitted)");
	begin(NR_LANDLOCK_RESTRICT_SELF, 3, 0, 0, 0, 0, 0);
	assert_string_equal(line(0), "landlock_restrict_self(3, 0) = 0");
}

/* A mode reads in octal whatever -X says; -X verbose names only a file type. */
static void test_modes_in_octal(void **state)
{
	begin(NR_CHMOD, PTR, 0644, 0, 0, 0, 0);
	in(0, "f", 2);
	assert_string_equal(line(0), "chmod(\"f\", 0644) = 0");
	assert_string_equal(line_x(0, WR_XLAT_RAW), "chmod(\"f\", 0644) = 0");
	assert_string_equal(line_x(0, WR_XLAT_VERBOSE), "chmod(\"f\", 0644) = 0");
	begin(NR_CHMOD, PTR, 0, 0, 0, 0, 0);
	in(0, "f", 2);
	assert_string_equal(line_x(0, WR_XLAT_VERBOSE), "chmod(\"f\", 000) = 0");
	/* umask's mask is a mode_t to strace, whatever the kernel declares */
	begin(NR_UMASK, (__u64)-1, 0, 0, 0, 0, 0);
	assert_string_equal(line(022), "umask(0177777) = 022");
	begin(NR_UMASK, 1u << 30, 0, 0, 0, 0, 0);
	assert_string_equal(line_x(022, WR_XLAT_RAW), "umask(000) = 022");
}

/* Numbers at strace's width and sign, not the C type's. */
static void test_numbers_at_strace_width(void **state)
{
	struct {
		long long sec, nsec;
	} ts = {-1, -1};
	struct {
		unsigned long long cur, max;
	} rl = {~0ULL, 8 << 20};
	unsigned int groups[] = {~0u, 5};

	/* (uid_t)-1 is "leave it": -1; other ids unsigned */
	begin(NR_SETRESUID, (__u32)-1, 0, 4000000000u, 0, 0, 0);
	assert_string_equal(line(0), "setresuid(-1, 0, 4000000000) = 0");
	begin(NR_SETGROUPS, 2, PTR, 0, 0, 0, 0);
	in(1, groups, sizeof(groups));
	assert_string_equal(line(-EPERM),
			    "setgroups(2, [-1, 5]) = -1 EPERM (Operation not permitted)");
	/* the whole register, where strace reads it so */
	begin(NR_SYSFS, (__u64)-1, 0, 0, 0, 0, 0);
	assert_string_equal(line(-EINVAL),
			    "sysfs(0xffffffffffffffff, 0, 0) = -1 EINVAL (Invalid argument)");
	begin(NR_READLINK, PTR, PTR, (__u64)-1, 0, 0, 0);
	in(0, "f", 2);
	assert_string_equal(line(-EINVAL), "readlink(\"f\", 0x7ffc12345678, 18446744073709551615) ="
					   " -1 EINVAL (Invalid argument)");
	begin(NR_CLOSE_RANGE, (__u32)-1, 0, 0, 0, 0, 0);
	assert_string_equal(line(-EINVAL),
			    "close_range(4294967295, 0, 0) = -1 EINVAL (Invalid argument)");
	/* the fraction of a second unsigned */
	begin(NR_NANOSLEEP, PTR, 0, 0, 0, 0, 0);
	in(0, &ts, sizeof(ts));
	assert_string_equal(line(-EINVAL), "nanosleep({tv_sec=-1, tv_nsec=18446744073709551615}, "
					   "NULL) = -1 EINVAL (Invalid argument)");
	/* an unlimited rlimit is a number to -X raw and verbose, not hex */
	begin(NR_GETRLIMIT, 3, PTR, 0, 0, 0, 0);
	out(1, &rl, sizeof(rl));
	assert_string_equal(line(0), "getrlimit(RLIMIT_STACK, {rlim_cur=RLIM64_INFINITY, "
				     "rlim_max=8192*1024}) = 0");
	assert_string_equal(line_x(0, WR_XLAT_VERBOSE),
			    "getrlimit(0x3 /* RLIMIT_STACK */, {rlim_cur=18446744073709551615 /* "
			    "RLIM64_INFINITY */, rlim_max=8388608 /* 8192*1024 */}) = 0");
}

/* An iovec capture of n buffers at PTR + 0x100 * k (NULL for an empty string), as collected. */
static size_t iov_capture(unsigned char *buf, const char *const bufs[], int n, bool data)
{
	size_t off = 0;

	for (int k = 0; k < n; k++) {
		struct bt_iov_part part = {.base = bufs[k][0] ? PTR + 0x100 * k : 0,
					   .len = strlen(bufs[k])};

		part.got = data ? part.len : 0;
		memcpy(buf + off, &part, sizeof(part));
		memcpy(buf + off + sizeof(part), bufs[k], part.got);
		off += sizeof(part) + BT_ALIGN8(part.got);
	}
	return off;
}

/* What strace shows of an array it cannot read whole, or of buffers a failed call left. */
static void test_arrays_read_in_part(void **state)
{
	static const char *const bufs[] = {"ab", "cde", ""};
	unsigned char buf[256];
	size_t n;

	/* a NULL buffer is NULL */
	begin(NR_WRITEV, 3, PTR, 3, 0, 0, 0);
	n = iov_capture(buf, bufs, 3, true);
	capture(&enter_rec, 1, buf, n, 0, 3);
	assert_string_equal(line(5), "writev(3, [{iov_base=\"ab\", iov_len=2}, {iov_base=\"cde\", "
				     "iov_len=3}, {iov_base=NULL, iov_len=0}], 3) = 5");
	/* the second element ran into an unmapped page: its address in strace's comment */
	begin(NR_WRITEV, 3, PTR, 2, 0, 0, 0);
	n = iov_capture(buf, bufs, 1, true);
	capture(&enter_rec, 1, buf, n, BT_CAP_FAULT, 2);
	assert_string_equal(line(-EFAULT), "writev(3, [{iov_base=\"ab\", iov_len=2}, ... /* "
					   "0x7ffc12345688 */], 2) = -1 EFAULT (Bad address)");
	/* not even the first: the address */
	begin(NR_WRITEV, 3, PTR, 2, 0, 0, 0);
	capture(&enter_rec, 1, buf, 0, BT_CAP_FAULT, 2);
	assert_string_equal(line(-EFAULT),
			    "writev(3, 0x7ffc12345678, 2) = -1 EFAULT (Bad address)");
	/* a count whose array would not fit the address space: the address */
	begin(NR_WRITEV, 3, PTR, (__u64)-1, 0, 0, 0);
	n = iov_capture(buf, bufs, 2, true);
	capture(&enter_rec, 1, buf, n, BT_CAP_TRUNCATED, 0xffffffff);
	assert_string_equal(line(-EINVAL), "writev(3, 0x7ffc12345678, 18446744073709551615) = -1 "
					   "EINVAL (Invalid argument)");
	/* a failed readv filled nothing: the buffers' addresses */
	begin(NR_READV, 3, PTR, 2, 0, 0, 0);
	n = iov_capture(buf, bufs, 2, false);
	capture(&exit_rec, 1, buf, n, 0, 2);
	assert_string_equal(line(-EBADF),
			    "readv(3, [{iov_base=0x7ffc12345678, iov_len=2}, "
			    "{iov_base=0x7ffc12345778, iov_len=3}], 2) = -1 EBADF (Bad "
			    "file descriptor)");
}

/* -y's paths are escaped as strace escapes strings, without quotes, '<' and '>' in octal. */
static void test_fd_paths_escaped(void **state)
{
	static struct text_writer tw;
	struct text_writer_opts two = {0};
	struct wr_limits lim = {0};

	outbuf_reset(&ob);
	text_writer__init(&tw, &ob, &lim, &two);
	w_fd_path(&tw.w, 3, NULL, "/tmp/a<b>\"c\\\n\303\251 1");
	assert_string_equal(ob.data, "3</tmp/a\\74b\\76\\\"c\\\\\\n\\303\\251 1>");
}

/* Without a tracefs format: the fallback's signature, or the registers strace shows, in hex. */
static void test_syscalls_without_a_format(void **state)
{
	begin(NR_CREATE_MODULE, 0, 0, 7, 7, 7, 7);
	assert_string_equal(line(-ENOSYS),
			    "create_module(0, 0) = -1 ENOSYS (Function not implemented)");
	begin(NR_CREATE_MODULE, (__u64)-1, 1u << 30, 7, 7, 7, 7);
	assert_string_equal(line(-ENOSYS), "create_module(0xffffffffffffffff, 0x40000000) = -1 "
					   "ENOSYS (Function not implemented)");
	begin(NR_INIT_MODULE, 0, 0, PTR, 0, 0, 0);
	in(2, "", 1);
	assert_string_equal(line(-ENOSYS),
			    "init_module(NULL, 0, \"\") = -1 ENOSYS (Function not implemented)");
	/* a number the catalog knows nothing of: six registers */
	begin(400, 0, 1, 2, 3, 4, 5);
	assert_string_equal(line(-ENOSYS), "syscall_400(0, 0x1, 0x2, 0x3, 0x4, 0x5) = -1 ENOSYS "
					   "(Function not implemented)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_constants_as_numbers_in_hex),
		cmocka_unit_test(test_modes_in_octal),
		cmocka_unit_test(test_numbers_at_strace_width),
		cmocka_unit_test(test_syscalls_without_a_format),
		cmocka_unit_test(test_arrays_read_in_part),
		cmocka_unit_test(test_fd_paths_escaped),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

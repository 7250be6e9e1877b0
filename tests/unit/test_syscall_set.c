// SPDX-License-Identifier: GPL-2.0
/* Unit tests of syscall sets: -e parsing, names, regexes, negation, '?', classes, errors. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/classes.h"
#include "filter/syscall_set.h"
#include "syscall_formats.h"

/* The build's unistd numbers, and tracefs formats added by hand below. */
static struct catalog *cat;
static unsigned int classes[BT_MAX_SYSCALLS];
static char err[SYSCALL_FILTER_ERR_MAX];

static int nr_of(const char *name)
{
	const struct syscall_desc *desc = catalog__by_name(cat, name);

	if (!desc)
		fail_msg("%s is not in the build's unistd table", name);
	return desc->nr;
}

/* Gives the syscall name the tracefs format decls, as "type name" pairs. */
static void format(const char *name, int nargs, const char *const decls[][2])
{
	syscall_desc_set_format(&cat->descs[nr_of(name)], nargs, decls);
}

static int setup(void **state)
{
	cat = calloc(1, sizeof(*cat));
	if (!cat || catalog__load(cat, NULL))
		return -1;
	/* formats as tracefs spells them on x86_64 */
	FORMAT("openat", {"int", "dfd"}, {"const char *", "filename"}, {"int", "flags"},
	       {"umode_t", "mode"});
	FORMAT("read", {"unsigned int", "fd"}, {"char *", "buf"}, {"size_t", "count"});
	FORMAT("close", {"unsigned int", "fd"});
	FORMAT("bind", {"int", "fd"}, {"struct sockaddr *", "umyaddr"}, {"int", "addrlen"});
	FORMAT("socket", {"int", "family"}, {"int", "type"}, {"int", "protocol"});
	FORMAT("setsockopt", {"int", "fd"}, {"int", "level"}, {"int", "optname"},
	       {"char *", "optval"}, {"int", "optlen"});
	FORMAT("kill", {"pid_t", "pid"}, {"int", "sig"});
	FORMAT("rseq", {"struct rseq *", "rseq"}, {"u32", "rseq_len"}, {"int", "flags"},
	       {"u32", "sig"});
	FORMAT("mmap", {"unsigned long", "addr"}, {"unsigned long", "len"},
	       {"unsigned long", "prot"}, {"unsigned long", "flags"}, {"unsigned long", "fd"},
	       {"unsigned long", "off"});
	FORMAT("madvise", {"unsigned long", "start"}, {"size_t", "len_in"}, {"int", "behavior"});
	FORMAT("ptrace", {"long", "request"}, {"long", "pid"}, {"unsigned long", "addr"},
	       {"unsigned long", "data"});
	FORMAT("setresuid", {"uid_t", "ruid"}, {"uid_t", "euid"}, {"uid_t", "suid"});
	FORMAT("getgroups", {"int", "gidsetsize"}, {"gid_t *", "grouplist"});
	FORMAT("chown", {"const char *", "filename"}, {"uid_t", "user"}, {"gid_t", "group"});
	FORMAT("fchown", {"unsigned int", "fd"}, {"uid_t", "user"}, {"gid_t", "group"});
	FORMAT("pipe2", {"int *", "fildes"}, {"int", "flags"});
	FORMAT("select", {"int", "n"}, {"fd_set *", "inp"}, {"fd_set *", "outp"},
	       {"fd_set *", "exp"}, {"struct __kernel_old_timeval *", "tvp"});
	FORMAT("mount", {"char *", "dev_name"}, {"char *", "dir_name"}, {"char *", "type"},
	       {"unsigned long", "flags"}, {"void *", "data"});
	FORMAT("memfd_create", {"const char *", "uname"}, {"unsigned int", "flags"});
	FORMAT("sendfile", {"int", "out_fd"}, {"int", "in_fd"}, {"loff_t *", "offset"},
	       {"size_t", "count"});
	FORMAT("close_range", {"unsigned int", "fd"}, {"unsigned int", "max_fd"},
	       {"unsigned int", "flags"});
	format("getpid", 0, NULL);
	format("sched_yield", 0, NULL);
	/* fstat's tracefs event is newfstat */
	snprintf(cat->descs[nr_of("fstat")].event, SYSCALL_NAME_MAX, "newfstat");
	return syscall_classes__compute(cat, classes);
}

/* The x86_64 calls in s: -e names select i386's namesakes too, checked apart. */
static int count64(const struct syscall_set *s)
{
	int n = 0;

	for (int nr = 0; nr < BT_NR_I386; nr++)
		n += syscall_set__has(s, nr);
	return n;
}

static bool has_i386(const struct syscall_set *s, const char *name)
{
	const struct syscall_desc *desc = NULL;

	while ((desc = catalog__next_by_name(cat, name, desc ? desc->nr : -1))) {
		if (bt_id_is_i386(desc->nr))
			return syscall_set__has(s, desc->nr);
	}
	fail_msg("%s is not in the build's i386 table", name);
	return false;
}

static int teardown(void **state)
{
	free(cat);
	return 0;
}

static bool in_class(const char *name, unsigned int bits)
{
	return classes[nr_of(name)] & bits;
}

static void test_classes_derived_from_arguments(void **state)
{
	/* a path string makes %file, a descriptor %desc */
	assert_true(in_class("openat", SC_FILE) && in_class("openat", SC_DESC));
	assert_true(in_class("read", SC_DESC) && !in_class("read", SC_FILE));
	/* mount's paths are char *, not const: still paths */
	assert_true(in_class("mount", SC_FILE));
	/* a string that is not a path */
	assert_false(in_class("memfd_create", SC_FILE));
	/* fds as an array the call fills, and descriptor sets */
	assert_true(in_class("pipe2", SC_DESC));
	assert_true(in_class("select", SC_DESC));
	/* socket types and socket-only argument names */
	assert_true(in_class("bind", SC_NETWORK));
	assert_true(in_class("socket", SC_NETWORK));
	/* strace's socket calls are not %desc, though they take or make descriptors */
	assert_false(in_class("bind", SC_DESC) || in_class("socket", SC_DESC));
	assert_false(in_class("setsockopt", SC_DESC));
	assert_true(in_class("setsockopt", SC_NETWORK));
	assert_false(in_class("read", SC_NETWORK));
	/* a signal sent to a process; rseq's sig is a signature */
	assert_true(in_class("kill", SC_SIGNAL) && in_class("kill", SC_PROCESS));
	assert_false(in_class("rseq", SC_SIGNAL | SC_PROCESS));
	/* an address range; ptrace's addr is followed by data, not a length */
	assert_true(in_class("mmap", SC_MEMORY) && in_class("mmap", SC_DESC));
	assert_true(in_class("madvise", SC_MEMORY));
	assert_false(in_class("ptrace", SC_MEMORY));
	/* the caller's ids, but not a file's owner */
	assert_true(in_class("setresuid", SC_CREDS));
	assert_true(in_class("getgroups", SC_CREDS));
	assert_false(in_class("chown", SC_CREDS));
	assert_false(in_class("fchown", SC_CREDS));
	assert_true(in_class("chown", SC_FILE) && in_class("fchown", SC_DESC));
}

static void test_classes_derived_from_names(void **state)
{
	assert_int_equal(classes[nr_of("stat")] & (SC_STAT | SC_LSTAT | SC_FSTAT), SC_STAT);
	assert_int_equal(classes[nr_of("lstat")] & (SC_STAT | SC_LSTAT | SC_FSTAT), SC_LSTAT);
	assert_int_equal(classes[nr_of("fstat")] & (SC_STAT | SC_LSTAT | SC_FSTAT), SC_FSTAT);
	assert_true(in_class("newfstatat", SC_FSTAT) && in_class("statx", SC_FSTAT));
	assert_int_equal(classes[nr_of("statfs")] & (SC_STATFS | SC_FSTATFS), SC_STATFS);
	assert_int_equal(classes[nr_of("fstatfs")] & (SC_STATFS | SC_FSTATFS), SC_FSTATFS);
	assert_true(in_class("shmget", SC_IPC) && in_class("semtimedop", SC_IPC));
	assert_true(in_class("msgrcv", SC_IPC));
	assert_false(in_class("mq_open", SC_IPC));
	assert_false(in_class("msync", SC_IPC));
	assert_true(in_class("rt_sigaction", SC_SIGNAL) && in_class("sigaltstack", SC_SIGNAL));
	assert_true(in_class("signalfd4", SC_SIGNAL));
}

static void test_class_facts_name_known_syscalls_with_reasons(void **state)
{
	for (unsigned int i = 0; i < syscall_class_facts_count; i++) {
		const struct syscall_class_fact *f = &syscall_class_facts[i];

		if (!catalog__by_name(cat, f->syscall))
			fail_msg("fact %u names '%s', unknown to unistd", i, f->syscall);
		assert_true(f->classes != 0);
		assert_true(f->why && strlen(f->why) > 10);
		assert_true(in_class(f->syscall, f->classes));
	}
	/* facts fill what no format can show */
	assert_true(in_class("getpid", SC_PURE) && in_class("getuid", SC_PURE | SC_CREDS));
	assert_false(in_class("sched_yield", SC_PURE));
	assert_true(in_class("getcwd", SC_FILE));
	assert_true(in_class("open", SC_DESC));
	assert_true(in_class("clock_gettime", SC_CLOCK));
	assert_false(in_class("clock_nanosleep", SC_CLOCK));
	/* sendfile is a socket call to strace that keeps its %desc */
	assert_true(in_class("sendfile", SC_NETWORK) && in_class("sendfile", SC_DESC));
}

static void test_class_exclusions_as_strace_6_1(void **state)
{
	for (unsigned int i = 0; i < syscall_class_exclusions_count; i++) {
		const struct syscall_class_fact *f = &syscall_class_exclusions[i];

		if (!catalog__by_name(cat, f->syscall))
			fail_msg("exclusion %u names '%s', unknown to unistd", i, f->syscall);
		assert_true(f->classes != 0);
		assert_true(f->why && strlen(f->why) > 10);
		assert_false(in_class(f->syscall, f->classes));
	}
	/* its fd argument would make it %desc */
	assert_false(in_class("close_range", SC_DESC));
}

/* Parses the -e values into a set; fails the test on an error. */
static struct syscall_set sel(int n, ...)
{
	struct syscall_filter f = {};
	struct syscall_set s;
	va_list ap;

	va_start(ap, n);
	for (int i = 0; i < n; i++) {
		const char *text = va_arg(ap, const char *);

		if (syscall_filter__add(&f, text, err, sizeof(err)))
			fail_msg("-e '%s' did not parse: %s", text, err);
	}
	va_end(ap);
	if (syscall_filter__resolve(&f, cat, &s, err, sizeof(err)))
		fail_msg("did not resolve: %s", err);
	syscall_filter__free(&f);
	return s;
}

/* The error of the -e value text; fails the test when there is none. */
static const char *error_of(const char *text)
{
	struct syscall_filter f = {};
	struct syscall_set s;
	int rc;

	rc = syscall_filter__add(&f, text, err, sizeof(err));
	if (!rc)
		rc = syscall_filter__resolve(&f, cat, &s, err, sizeof(err));
	syscall_filter__free(&f);
	if (rc != -EINVAL)
		fail_msg("-e '%s' gave %d, not -EINVAL", text, rc);
	return err;
}

static bool has(const struct syscall_set *s, const char *name)
{
	return syscall_set__has(s, nr_of(name));
}

static void test_names_and_qualifiers(void **state)
{
	const char *forms[] = {"trace=openat,close", "t=openat,close", "openat,close",
			       "openat,,close,"};

	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		struct syscall_set s = sel(1, forms[i]);

		assert_int_equal(count64(&s), 2);
		assert_true(has(&s, "openat") && has(&s, "close"));
	}
}

/* A name selects the call of each ABI that has it, as strace's -e does. */
static void test_names_select_both_abis(void **state)
{
	struct syscall_set s = sel(1, "openat,close");

	assert_int_equal(syscall_set__count(&s), 4);
	assert_true(has_i386(&s, "openat") && has_i386(&s, "close"));
	assert_false(has_i386(&s, "read"));
	/* an i386-only name, and an x86_64-only one */
	s = sel(1, "mmap2");
	assert_int_equal(syscall_set__count(&s), 1);
	assert_true(has_i386(&s, "mmap2"));
	s = sel(1, "newfstatat");
	assert_int_equal(syscall_set__count(&s), 1);
	assert_true(has(&s, "newfstatat"));
	/* negation leaves both out */
	s = sel(1, "!close");
	assert_int_equal(syscall_set__count(&s), BT_MAX_SYSCALLS - 2);
}

static void test_alias_and_raw_syscalls(void **state)
{
	/* the tracefs event name selects the syscall it belongs to */
	struct syscall_set s = sel(1, "newfstat");

	assert_int_equal(count64(&s), 1);
	assert_true(has(&s, "fstat"));
	/* a syscall without a format is still selectable by its unistd name */
	s = sel(1, "uselib");
	assert_false(cat->descs[nr_of("uselib")].has_format);
	assert_true(has(&s, "uselib"));
}

static void test_all_none_and_negation(void **state)
{
	struct syscall_set s = sel(1, "all");

	assert_int_equal(count64(&s), BT_NR_I386);
	s = sel(1, "none");
	assert_int_equal(count64(&s), 0);
	s = sel(1, "!close");
	assert_int_equal(count64(&s), BT_NR_I386 - 1);
	assert_false(has(&s, "close"));
	assert_true(has(&s, "read"));
	s = sel(1, "trace=!openat,close");
	assert_int_equal(count64(&s), BT_NR_I386 - 2);
	assert_false(has(&s, "openat") || has(&s, "close"));
	s = sel(1, "!all");
	assert_int_equal(count64(&s), 0);
	s = sel(1, "!!close");
	assert_int_equal(count64(&s), 1);
	s = sel(1, "!%file");
	assert_false(has(&s, "openat"));
	assert_true(has(&s, "read"));
}

static void test_several_values_add_up(void **state)
{
	struct syscall_set s = sel(2, "trace=openat", "close");

	assert_int_equal(count64(&s), 2);
	s = sel(2, "!close", "close");
	assert_int_equal(count64(&s), BT_NR_I386);
	s = sel(2, "%stat", "%lstat");
	assert_int_equal(count64(&s), 2);
}

static void test_regex(void **state)
{
	struct syscall_set s = sel(1, "/^open");

	assert_true(has(&s, "open") && has(&s, "openat") && has(&s, "open_by_handle_at"));
	assert_false(has(&s, "read") || has(&s, "fanotify_init"));
	/* unanchored, extended */
	s = sel(1, "/(^|_)statv?fs");
	assert_true(has(&s, "statfs") && !has(&s, "fstatfs"));
	s = sel(1, "/stat");
	assert_true(has(&s, "fstatfs") && has(&s, "newfstatat") && has(&s, "statx"));
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		const struct syscall_desc *d = catalog__by_nr(cat, nr);

		assert_int_equal(syscall_set__has(&s, nr), d && strstr(d->name, "stat") != NULL);
	}
}

static void test_optional_elements(void **state)
{
	struct syscall_set s = sel(1, "?nosuchcall,close");

	assert_int_equal(count64(&s), 1);
	assert_true(has(&s, "close"));
	s = sel(1, "?/^zzz,?%pure");
	assert_true(has(&s, "getpid"));
	/* '?' does not fail, even when nothing is left */
	s = sel(1, "?nosuchcall");
	assert_int_equal(count64(&s), 0);
}

static void test_class_elements(void **state)
{
	struct syscall_set net = sel(1, "%net"), network = sel(1, "%network");
	struct syscall_set s = sel(1, "%%stat");

	assert_memory_equal(&net, &network, sizeof(net));
	assert_true(has(&net, "bind") && !has(&net, "read"));
	assert_int_equal(count64(&s), 5);
	assert_true(has(&s, "stat") && has(&s, "lstat") && has(&s, "fstat") &&
		    has(&s, "newfstatat") && has(&s, "statx"));
	s = sel(1, "%%statfs");
	assert_int_equal(count64(&s), 3);
	assert_true(has(&s, "statfs") && has(&s, "fstatfs") && has(&s, "ustat"));
	s = sel(1, "%pure");
	assert_int_equal(count64(&s), 8);
	assert_true(has(&s, "getpid") && has(&s, "gettid") && !has(&s, "sched_yield"));
	s = sel(1, "%file");
	assert_true(has(&s, "openat") && has(&s, "getcwd") && has(&s, "chown"));
	assert_false(has(&s, "read") || has(&s, "memfd_create"));
	/* every class the help names is known */
	for (unsigned int i = 0; i < syscall_classes_count; i++) {
		struct syscall_set c = sel(1, syscall_classes[i].name);

		if (!syscall_set__count(&c))
			fail_msg("class %s is empty", syscall_classes[i].name);
	}
}

static void test_apply_clears_selected(void **state)
{
	static struct bt_syscall_rules rules[BT_MAX_SYSCALLS];
	struct syscall_set s = sel(1, "openat,close");
	int selected = 0;

	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++)
		rules[nr].flags = BT_SC_SELECTED;
	syscall_set__apply(&s, rules);
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++)
		selected += !!(rules[nr].flags & BT_SC_SELECTED);
	/* x86_64's and i386's */
	assert_int_equal(selected, 4);
	assert_true(rules[nr_of("openat")].flags & BT_SC_SELECTED);
	assert_true(rules[nr_of("close")].flags & BT_SC_SELECTED);
	assert_false(rules[nr_of("read")].flags & BT_SC_SELECTED);
}

static void assert_error(const char *text, const char *cause, const char *fix)
{
	const char *msg = error_of(text);

	if (!strstr(msg, cause) || !strstr(msg, fix))
		fail_msg("-e '%s': message '%s' lacks '%s' or '%s'", text, msg, cause, fix);
	assert_null(strchr(msg, '\n'));
}

static void test_errors_name_cause_and_fix(void **state)
{
	assert_error("", "empty syscall set", "separated by commas");
	assert_error("trace=", "empty syscall set", "separated by commas");
	assert_error(",", "empty syscall set", "separated by commas");
	assert_error("!", "nothing after '!'", "-e '!close'");
	assert_error("nosuchcall", "unknown syscall 'nosuchcall'", "?nosuchcall");
	assert_error("file", "unknown syscall 'file'", "%file");
	assert_error("/^zzz", "no syscall matches '/^zzz'", "?/^zzz");
	assert_error("/[", "invalid regex '/['", "POSIX extended");
	assert_error("/", "empty regex", "/^open");
	assert_error("%bogus", "unknown syscall class '%bogus'", "%%statfs");
	assert_error("open*", "invalid syscall name 'open*'", "/REGEX");
	assert_error("openat,!close", "'!close'", "goes first");
	assert_error("?", "'?' with nothing after it", "?open");
	assert_error("read=3", "unsupported -e qualifier 'read='", "-e signal=SET");
	assert_error("trace=openat,nosuchcall", "unknown syscall 'nosuchcall'",
		     "'btftrace syscalls'");
}

/*
 * Found by fuzz_syscall_set: stacked or nested repetitions made glibc's regcomp build
 * exponentially many nodes (2 GB for a "+" repeated 30 times) or take seconds, and deep nesting
 * overflowed its stack. Such regexes are refused before regcomp; ordinary ones, even with large counts, pass.
 */
static void test_regex_size_is_bounded(void **state)
{
	char deep[2 * 40 + 8], stacked[64];
	struct syscall_set s;

	snprintf(stacked, sizeof(stacked), "/^read%s", "++++++++++++++++++++++++++++++");
	assert_error(stacked, "too large", "simpler");
	assert_error("/((((a{100}){100}){100})", "too large", "simpler");
	assert_error("/(read|write){70000}", "too large", "simpler");
	/* few nodes, but loops in loops: regcomp's closure pass took seconds */
	assert_error("/d*++++++++++++", "too large", "simpler");
	assert_error("/((((((((((d*)+)+)+)+)+)+)+)+)+)+", "too large", "simpler");
	/* loops in loops after an anchor: regcomp took minutes (fuzz_syscall_set) */
	assert_error("/^a********************+*", "too large", "simpler");
	assert_error("/^((((((((((((((((((((a)*)*)*)*)*)*)*)*)*)*)*)*)*)*)*)*)*)*)*)*)+",
		     "too large", "simpler");
	/* regcomp builds what comes before an unclosed bracket, then fails */
	snprintf(stacked, sizeof(stacked), "/a%s[b", "++++++++++++++++++++++++++++++");
	assert_error(stacked, "too large", "simpler");
	memset(deep, 0, sizeof(deep));
	deep[0] = '/';
	memset(deep + 1, '(', 40);
	deep[41] = 'a';
	memset(deep + 42, ')', 40);
	assert_error(deep, "nested too deep", "simpler");

	s = sel(1, "/^(open){1}at$");
	assert_true(has(&s, "openat") && count64(&s) == 1);
	s = sel(1, "/^((send|recv)(m?msg)?)+$");
	assert_true(has(&s, "sendmsg") && has(&s, "recvmsg"));
	s = sel(1, "/^(send|recv)(m?msg|to|from)?$");
	assert_true(has(&s, "sendmmsg") && has(&s, "recvfrom") && count64(&s) == 6);
	s = sel(1, "/^(read|write)v?$");
	assert_true(has(&s, "readv") && has(&s, "write"));
	s = sel(1, "/^re[a-d]{2}$");
	assert_true(has(&s, "read"));
	/* a '+' or '(' inside brackets or escaped repeats nothing */
	s = sel(1, "/^[(+]*\\(?(read)[+]{0}$");
	assert_true(has(&s, "read"));
}

static void test_failed_add_leaves_the_filter_usable(void **state)
{
	struct syscall_filter f = {};
	struct syscall_set s;

	assert_int_equal(syscall_filter__add(&f, "openat", err, sizeof(err)), 0);
	assert_int_equal(syscall_filter__add(&f, "/(", err, sizeof(err)), -EINVAL);
	assert_int_equal(f.nexprs, 1);
	assert_int_equal(syscall_filter__resolve(&f, cat, &s, err, sizeof(err)), 0);
	assert_int_equal(count64(&s), 1);
	syscall_filter__free(&f);
	assert_int_equal(f.nexprs, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_classes_derived_from_arguments),
		cmocka_unit_test(test_classes_derived_from_names),
		cmocka_unit_test(test_class_facts_name_known_syscalls_with_reasons),
		cmocka_unit_test(test_class_exclusions_as_strace_6_1),
		cmocka_unit_test(test_names_and_qualifiers),
		cmocka_unit_test(test_names_select_both_abis),
		cmocka_unit_test(test_alias_and_raw_syscalls),
		cmocka_unit_test(test_all_none_and_negation),
		cmocka_unit_test(test_several_values_add_up),
		cmocka_unit_test(test_regex),
		cmocka_unit_test(test_regex_size_is_bounded),
		cmocka_unit_test(test_optional_elements),
		cmocka_unit_test(test_class_elements),
		cmocka_unit_test(test_apply_clears_selected),
		cmocka_unit_test(test_errors_name_cause_and_fix),
		cmocka_unit_test(test_failed_add_leaves_the_filter_usable),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

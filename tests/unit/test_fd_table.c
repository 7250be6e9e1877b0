// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the -y fd table: calls feed it, /proc (faked here) fills what they do not say. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "decode/fd_table.h"

/* The fake /proc: fd N of any thread is "/proc-said/N" unless gone; -1 is the cwd. */
static int proc_asked;
static int proc_gone_fd = -100;

static ssize_t fake_readlink(__u32 tid, int fd, char *buf, size_t size)
{
	char text[64];
	size_t n;

	proc_asked++;
	if (fd == proc_gone_fd || tid == 999)
		return -1;
	if (fd < 0)
		snprintf(text, sizeof(text), "/cwd-of-%u", tid);
	else
		snprintf(text, sizeof(text), "/proc-said/%d", fd);
	n = strlen(text) < size ? strlen(text) : size;
	memcpy(buf, text, n);
	return n;
}

static struct fd_table *new_table(void **state)
{
	proc_asked = 0;
	proc_gone_fd = -100;
	return fd_table__new(fake_readlink);
}

static void assert_path(const char *got, const char *want)
{
	if (!want) {
		if (got)
			fail_msg("expected no path, got '%s'", got);
		return;
	}
	assert_non_null(got);
	assert_string_equal(got, want);
}

static void test_calls_name_fds_and_proc_the_rest(void **state)
{
	struct fd_table *t = new_table(state);

	fd_table__set(t, 10, 3, "/etc/hostname");
	assert_path(fd_table__path(t, 10, 10, 3), "/etc/hostname");
	assert_int_equal(proc_asked, 0);
	/* an fd no call told about: /proc, once, then kept */
	assert_path(fd_table__path(t, 10, 11, 0), "/proc-said/0");
	assert_path(fd_table__path(t, 10, 11, 0), "/proc-said/0");
	assert_int_equal(proc_asked, 1);
	/* a socket: the call does not name it, /proc does */
	fd_table__set(t, 10, 4, NULL);
	assert_path(fd_table__path(t, 10, 10, 4), "/proc-said/4");
	/* another process has its own table */
	assert_path(fd_table__path(t, 20, 20, 3), "/proc-said/3");
	assert_path(fd_table__path(t, 10, 10, -1), NULL);
	fd_table__free(t);
}

static void test_close_and_dup(void **state)
{
	struct fd_table *t = new_table(state);

	fd_table__set(t, 10, 3, "/a");
	fd_table__dup(t, 10, 3, 7);
	fd_table__close(t, 10, 3, 3);
	assert_path(fd_table__path(t, 10, 10, 7), "/a");
	/* closed by a call seen: not asked of /proc, where it may be another file already */
	assert_path(fd_table__path(t, 10, 10, 3), NULL);
	assert_int_equal(proc_asked, 0);
	fd_table__set(t, 10, 3, "/b");
	assert_path(fd_table__path(t, 10, 10, 3), "/b");
	/* a dup of an fd the table does not know: the copy is asked of /proc */
	fd_table__dup(t, 10, 40, 41);
	assert_path(fd_table__path(t, 10, 10, 41), "/proc-said/41");
	assert_path(fd_table__known_path(t, 10, 42), NULL);
	/* close_range closes what it covers, and only that */
	fd_table__set(t, 10, 9, "/c");
	fd_table__close(t, 10, 4, ~0U);
	assert_path(fd_table__path(t, 10, 10, 3), "/b");
	assert_path(fd_table__path(t, 10, 10, 7), NULL);
	assert_path(fd_table__path(t, 10, 10, 9), NULL);
	fd_table__free(t);
}

/*
 * A file removed or renamed while open shows as /proc shows it then: " (deleted)" after the
 * path, or its new path, in every process; a directory's rename moves the files under it.
 */
static void test_removed_and_renamed_paths(void **state)
{
	struct fd_table *t = new_table(state);

	fd_table__set(t, 10, 3, "/tmp/a");
	fd_table__set(t, 20, 5, "/tmp/a");
	fd_table__set(t, 10, 4, "/tmp/ab");
	fd_table__removed(t, "/tmp/a");
	assert_path(fd_table__path(t, 10, 10, 3), "/tmp/a (deleted)");
	assert_path(fd_table__path(t, 20, 20, 5), "/tmp/a (deleted)");
	/* only that path: not one it is the start of */
	assert_path(fd_table__path(t, 10, 10, 4), "/tmp/ab");
	/* a path removed once is not removed again, nor renamed */
	fd_table__removed(t, "/tmp/a");
	fd_table__renamed(t, "/tmp/a", "/tmp/z", false);
	assert_path(fd_table__path(t, 10, 10, 3), "/tmp/a (deleted)");
	/* a rename over an open file: the old one is deleted, the moved one has the new path */
	fd_table__set(t, 10, 6, "/tmp/old");
	fd_table__set(t, 10, 7, "/tmp/new");
	fd_table__renamed(t, "/tmp/old", "/tmp/new", false);
	assert_path(fd_table__path(t, 10, 10, 6), "/tmp/new");
	assert_path(fd_table__path(t, 10, 10, 7), "/tmp/new (deleted)");
	/* a directory: the files under it move with it */
	fd_table__set(t, 10, 8, "/d1/sub/f");
	fd_table__set(t, 10, 9, "/d1");
	fd_table__renamed(t, "/d1", "/d2", false);
	assert_path(fd_table__path(t, 10, 10, 8), "/d2/sub/f");
	assert_path(fd_table__path(t, 10, 10, 9), "/d2");
	/* RENAME_EXCHANGE: they trade places, nothing is deleted */
	fd_table__set(t, 10, 11, "/x");
	fd_table__set(t, 10, 12, "/y");
	fd_table__renamed(t, "/x", "/y", true);
	assert_path(fd_table__path(t, 10, 10, 11), "/y");
	assert_path(fd_table__path(t, 10, 10, 12), "/x");
	/* relative paths (not resolved) change nothing */
	fd_table__removed(t, "x");
	assert_path(fd_table__path(t, 10, 10, 12), "/x");
	assert_int_equal(proc_asked, 0);
	fd_table__free(t);
}

static void test_fork_exec_exit(void **state)
{
	struct fd_table *t = new_table(state);

	fd_table__set(t, 10, 3, "/a");
	fd_table__set(t, 10, 5, "/cloexec");
	fd_table__set_cwd(t, 10, "/work");
	/* the child said something of fd 5 first: that stands */
	fd_table__set(t, 11, 5, "/child's");
	fd_table__fork(t, 10, 11);
	assert_path(fd_table__path(t, 11, 11, 3), "/a");
	assert_path(fd_table__path(t, 11, 11, 5), "/child's");
	assert_path(fd_table__cwd(t, 11, 11), "/work");
	/* exec: the fds are asked again (close-on-exec ones are gone), the cwd stays */
	fd_table__exec(t, 10);
	proc_gone_fd = 5;
	assert_path(fd_table__path(t, 10, 10, 5), NULL);
	assert_path(fd_table__cwd(t, 10, 10), "/work");
	/* the end of the process: everything asked again */
	fd_table__forget(t, 11);
	assert_path(fd_table__path(t, 11, 11, 3), "/proc-said/3");
	assert_path(fd_table__cwd(t, 11, 11), "/cwd-of-11");
	/* a thread gone: its process answers */
	assert_path(fd_table__path(t, 12, 999, 8), "/proc-said/8");
	fd_table__free(t);
}

/*
 * Seeded from this process's /proc (the fake names them): each known at once;
 * after an exec, those not close-on-exec (fdinfo says) still known, the rest
 * asked of /proc again.
 */
static void test_seed_and_exec(void **state)
{
	struct fd_table *t = new_table(state);
	int kept = open("/dev/null", O_RDONLY), gone = open("/dev/null", O_RDONLY | O_CLOEXEC);
	__u32 self = getpid();
	char want[64];

	assert_true(kept > 2 && gone > 2);
	fd_table__seed(t, self, self);
	proc_asked = 0;
	snprintf(want, sizeof(want), "/proc-said/%d", kept);
	assert_path(fd_table__known_path(t, self, kept), want);
	snprintf(want, sizeof(want), "/proc-said/%d", gone);
	assert_path(fd_table__known_path(t, self, gone), want);
	fd_table__exec(t, self);
	assert_non_null(fd_table__known_path(t, self, kept));
	assert_null(fd_table__known_path(t, self, gone));
	assert_int_equal(proc_asked, 0);
	close(kept);
	close(gone);
	fd_table__free(t);
}

static void test_not_following_calls_asks_proc_each_time(void **state)
{
	struct fd_table *t = new_table(state);

	fd_table__set_follow_calls(t, false);
	fd_table__set(t, 10, 3, "/a");
	fd_table__close(t, 10, 4, 4);
	assert_path(fd_table__path(t, 10, 10, 3), "/proc-said/3");
	assert_path(fd_table__path(t, 10, 10, 4), "/proc-said/4");
	assert_path(fd_table__path(t, 10, 10, 3), "/proc-said/3");
	assert_int_equal(proc_asked, 3);
	fd_table__free(t);
}

static void test_high_fds_are_not_kept(void **state)
{
	struct fd_table *t = new_table(state);

	fd_table__set(t, 10, 1 << 20, "/far");
	assert_path(fd_table__path(t, 10, 10, 1 << 20), "/proc-said/1048576");
	assert_path(fd_table__path(t, 10, 10, 1 << 20), "/proc-said/1048576");
	assert_int_equal(proc_asked, 2);
	fd_table__close(t, 10, 1 << 20, 1 << 20);
	fd_table__free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_calls_name_fds_and_proc_the_rest),
		cmocka_unit_test(test_close_and_dup),
		cmocka_unit_test(test_removed_and_renamed_paths),
		cmocka_unit_test(test_fork_exec_exit),
		cmocka_unit_test(test_seed_and_exec),
		cmocka_unit_test(test_not_following_calls_asks_proc_each_time),
		cmocka_unit_test(test_high_fds_are_not_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload for -Y and --decode-pids: the calls strace 6.1 shows pids in, with pids of
 * itself, its thread, its parent, its group and session, and a child that renames itself
 * ("kid"), is killed and reaped. Prints "name value" lines on stdout afterwards (its own
 * view of the ids, for the test to read the trace with). Run it under -f; in a new PID
 * namespace (unshare -pf) it is pid 1 and its child 2. With "linger" as argv[1] it and its
 * child stay a second before they end: btftrace reads a thread's namespace from /proc when it
 * prints the thread's first call, which a process that has ended no longer has. Exit status
 * 0, or the step that failed.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static int step;

#define CHECK(expr)                  \
	do {                         \
		step++;              \
		if (!(expr))         \
			return step; \
	} while (0)

int main(int argc, char **argv)
{
	struct timespec linger = {.tv_sec = argc > 1 && !strcmp(argv[1], "linger")};
	pid_t me, tid, parent, child, group, session;
	struct rlimit rl;
	unsigned long mask[16];
	int ready[2], status, pidfd;
	char c;

	me = syscall(SYS_getpid);
	tid = syscall(SYS_gettid);
	parent = syscall(SYS_getppid);
	group = syscall(SYS_getpgid, 0);
	CHECK(syscall(SYS_getpgid, me) == group);
	CHECK(syscall(SYS_getpgrp) == group);
	session = syscall(SYS_getsid, 0);
	CHECK(syscall(SYS_getsid, me) == session);
	CHECK(syscall(SYS_kill, me, 0) == 0);
	CHECK(syscall(SYS_kill, parent, 0) == 0 || parent == 0);
	CHECK(syscall(SYS_kill, 0, 0) == 0);
	CHECK(syscall(SYS_tkill, tid, 0) == 0);
	CHECK(syscall(SYS_tgkill, me, tid, 0) == 0);
	CHECK(syscall(SYS_prlimit64, me, RLIMIT_NOFILE, NULL, &rl) == 0);
	CHECK(syscall(SYS_sched_getaffinity, me, sizeof(mask), mask) > 0);
	CHECK((pidfd = syscall(SYS_pidfd_open, me, 0)) >= 0);
	CHECK(syscall(SYS_close, pidfd) == 0);
	CHECK(pipe(ready) == 0);
	child = fork();
	CHECK(child >= 0);
	if (child == 0) {
		prctl(PR_SET_NAME, "kid");
		syscall(SYS_getpid);
		syscall(SYS_getppid);
		syscall(SYS_write, ready[1], "!", 1);
		pause();
		_exit(1);
	}
	CHECK(syscall(SYS_read, ready[0], &c, 1) == 1);
	nanosleep(&linger, NULL);
	CHECK(syscall(SYS_kill, child, SIGTERM) == 0);
	CHECK(syscall(SYS_wait4, child, &status, 0, NULL) == child);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
	/* its group, now that it is its own: -pgid (-1, in a new namespace, is everyone) */
	CHECK(syscall(SYS_setpgid, 0, 0) == 0);
	CHECK(me == 1 || syscall(SYS_kill, -me, 0) == 0);
	nanosleep(&linger, NULL);
	printf("pid %d\ntid %d\nparent %d\nchild %d\ngroup %d\nsession %d\n", me, tid, parent,
	       child, group, session);
	return 0;
}

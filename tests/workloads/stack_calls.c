// SPDX-License-Identifier: GPL-2.0
/*
 * -k's workload, built as issue 19 asks: -O2 -fomit-frame-pointer -fno-optimize-sibling-calls
 * -g (the Makefile's rule for stack_*), and once more with frame pointers (stack_calls_fp).
 * Each mode opens PATH (default /etc/hostname) from two nested functions, stack_inner called
 * by stack_outer, so that the stack under each openat names both, then main:
 *
 *   stack_calls [PATH]               once, from main
 *   stack_calls threads N [PATH]     from N threads (stack_thread), one after the other
 *   stack_calls fork N [PATH]        from N children (stack_child) that exit at once
 *   stack_calls forkexec N [PATH]    from N children that exec this program, which opens
 *                                    and exits: a process gone long before its lines show
 *   stack_calls deep N [PATH]        from N nested calls of stack_deep (1 KiB of stack each)
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

static const char *path = "/etc/hostname";

__attribute__((noinline)) int stack_inner(const char *p)
{
	int fd = open(p, O_RDONLY);

	if (fd >= 0)
		close(fd);
	return fd;
}

__attribute__((noinline)) int stack_outer(const char *p)
{
	return stack_inner(p) + 1;
}

static void *stack_thread(void *arg)
{
	stack_outer(path);
	return NULL;
}

__attribute__((noinline)) static void stack_child(void)
{
	stack_outer(path);
	_exit(0);
}

/* A kilobyte of stack per level: deep enough to go past a small --stack-trace-size. */
__attribute__((noinline)) int stack_deep(int n)
{
	volatile char pad[1024];

	pad[0] = (char)n;
	if (n <= 0)
		return stack_outer(path) + pad[0];
	return stack_deep(n - 1) + pad[0];
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : NULL;
	int n = argc > 2 ? atoi(argv[2]) : 0;

	if (mode && !strcmp(mode, "leaf")) {
		/* the exec'd child of forkexec */
		path = argc > 2 ? argv[2] : path;
		stack_outer(path);
		return 0;
	}
	if (mode && (!strcmp(mode, "threads") || !strcmp(mode, "fork") ||
		     !strcmp(mode, "forkexec") || !strcmp(mode, "deep"))) {
		if (argc > 3)
			path = argv[3];
	} else if (mode) {
		path = mode;
		mode = NULL;
	}
	if (!mode) {
		stack_outer(path);
		return 0;
	}
	if (!strcmp(mode, "deep"))
		return stack_deep(n) < 0;
	for (int i = 0; i < n; i++) {
		if (!strcmp(mode, "threads")) {
			pthread_t t;

			if (pthread_create(&t, NULL, stack_thread, NULL) || pthread_join(t, NULL))
				return 1;
			continue;
		}
		pid_t pid = fork();

		if (pid < 0)
			return 1;
		if (pid == 0 && !strcmp(mode, "fork"))
			stack_child();
		if (pid == 0) {
			execl("/proc/self/exe", argv[0], "leaf", path, (char *)NULL);
			_exit(127);
		}
		if (waitpid(pid, NULL, 0) != pid)
			return 1;
	}
	return 0;
}

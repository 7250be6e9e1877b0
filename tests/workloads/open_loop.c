// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload: getpid(), then COUNT openat() calls of PATH (which need not
 * exist), INTERVAL_US microseconds apart. Prints "pid P" on stdout first;
 * with "wait", it then waits for a byte on stdin before the calls, so that
 * several of them can be started together.
 *
 * Usage: open_loop PATH COUNT INTERVAL_US [wait]
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct timespec gap;
	long count, us;

	if (argc < 4 || argc > 5 || (argc == 5 && strcmp(argv[4], "wait"))) {
		fprintf(stderr, "usage: open_loop PATH COUNT INTERVAL_US [wait]\n");
		return 2;
	}
	count = atol(argv[2]);
	us = atol(argv[3]);
	gap.tv_sec = us / 1000000;
	gap.tv_nsec = us % 1000000 * 1000;
	printf("pid %ld\n", (long)syscall(SYS_getpid));
	fflush(stdout);
	if (argc == 5 && getchar() == EOF)
		return 1;
	for (long i = 0; i < count; i++) {
		int fd = openat(AT_FDCWD, argv[1], O_RDONLY);

		if (fd >= 0)
			close(fd);
		nanosleep(&gap, NULL);
	}
	return 0;
}

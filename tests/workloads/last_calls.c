// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload for the flight recorder: COUNT calls lseek(-1, i, SEEK_SET) (each fails with
 * EBADF, and says its i), then ends as END says: "segv" dereferences NULL, "exit3" exits
 * with status 3, "ok" exits with 0, "wait" prints "ready" on stdout and waits for its stdin
 * to close (then exits with 0).
 *
 * Usage: last_calls COUNT segv|exit3|ok|wait
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char c;
	long count;

	if (argc != 3) {
		fprintf(stderr, "usage: last_calls COUNT segv|exit3|ok|wait\n");
		return 2;
	}
	count = atol(argv[1]);
	for (long i = 0; i < count; i++)
		lseek(-1, i, SEEK_SET);
	if (!strcmp(argv[2], "segv"))
		return *(volatile int *)(long)(count - count);
	if (!strcmp(argv[2], "exit3"))
		_exit(3);
	if (!strcmp(argv[2], "wait")) {
		write(1, "ready\n", 6);
		while (read(0, &c, 1) > 0)
			;
	}
	_exit(0);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload for --filter, with known calls: filtered [N] makes, on fds it
 * fixes (10 is /dev/null, 11 /dev/zero), N writes of 8 bytes to fd 10,
 * N / 10 writes of 300 bytes to fd 10, N / 2 reads of 16 bytes from fd 11,
 * N / 4 openat of "/nonexistent/filtered" (ENOENT), 5 openat of /dev/null
 * with O_CREAT (each then closed), 7 close(-1) (EBADF), 5 nanosleeps of
 * 1 us and 3 of 30 ms. All through syscall(2), so libc adds nothing.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define NULL_FD 10
#define ZERO_FD 11

int main(int argc, char **argv)
{
	struct timespec short_nap = {.tv_nsec = 1000}, long_nap = {.tv_nsec = 30000000};
	int n = argc > 1 ? atoi(argv[1]) : 1000, fd;
	char buf[300] = {0};

	if (dup2(open("/dev/null", O_WRONLY), NULL_FD) < 0 ||
	    dup2(open("/dev/zero", O_RDONLY), ZERO_FD) < 0)
		return 1;
	for (int i = 0; i < n; i++) {
		syscall(SYS_write, NULL_FD, buf, 8);
		if (i % 10 == 0)
			syscall(SYS_write, NULL_FD, buf, 300);
		if (i % 2 == 0)
			syscall(SYS_read, ZERO_FD, buf, 16);
		if (i % 4 == 0)
			syscall(SYS_openat, AT_FDCWD, "/nonexistent/filtered", O_RDONLY);
	}
	for (int i = 0; i < 5; i++) {
		fd = syscall(SYS_openat, AT_FDCWD, "/dev/null", O_WRONLY | O_CREAT | O_APPEND,
			     0666);
		syscall(SYS_close, fd);
	}
	for (int i = 0; i < 7; i++)
		syscall(SYS_close, -1);
	for (int i = 0; i < 5; i++)
		syscall(SYS_nanosleep, &short_nap, NULL);
	for (int i = 0; i < 3; i++)
		syscall(SYS_nanosleep, &long_nap, NULL);
	return 0;
}

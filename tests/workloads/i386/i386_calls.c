// SPDX-License-Identifier: GPL-2.0
/*
 * Built with gcc -m32 by the e2e tests: a 32-bit program whose calls the
 * kernel runs from its i386 table, in i386 layouts: 4-byte pointers and
 * longs (writev's struct compat_iovec), 32-bit times (nanosleep's struct
 * old_timespec32, gettimeofday's old_timeval32), 64-bit values in two
 * registers (pread64's offset). Each call is made with syscall(2), so the
 * calls are exactly these whatever the C library prefers.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>

int main(void)
{
	struct {
		int32_t sec, nsec;
	} ts = {0, 1000000};
	struct {
		int32_t sec, usec;
	} tv;
	struct {
		int64_t sec, nsec;
	} ts64;
	struct iovec iov[2] = {{"m32", 3}, {"ok\n", 3}};
	uint64_t set = 1ULL << (SIGUSR1 - 1), old;
	char buf[64];
	int fd;

	fd = syscall(SYS_openat, AT_FDCWD, "/etc/hostname", O_RDONLY);
	if (fd < 0)
		return 1;
	syscall(SYS_read, fd, buf, sizeof(buf));
	/* offset 1 in two registers: low half 1, high half 0 */
	syscall(SYS_pread64, fd, buf, 2, 1, 0);
	syscall(SYS_close, fd);
	syscall(SYS_getpid);
	syscall(SYS_nanosleep, &ts, NULL);
	syscall(SYS_gettimeofday, &tv, NULL);
	syscall(SYS_clock_gettime64, CLOCK_MONOTONIC, &ts64);
	syscall(SYS_rt_sigprocmask, SIG_BLOCK, &set, &old, 8);
	syscall(SYS_writev, 1, iov, 2);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload: objects flush against an unmapped page, as strace's own
 * tests place every object. A page is mapped and the one after it unmapped;
 * each object ends where the mapped page ends. A tracer that reads more than
 * the object (a rounded-up or largest size) faults on the unmapped page.
 * Then a timespec that runs into the unmapped page: the kernel's EFAULT. Last,
 * strings with no NUL before the unmapped page, 16 bytes of them: strace cuts
 * such a string at -s and shows it when its -s + 1 bytes were on the mapped
 * page (-s 8), else the address (-s 32); a path shows as its address either way.
 */
#include <netinet/in.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>

int main(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *end = p + page;
	struct linger *lg = (void *)(end - sizeof(*lg));
	struct sockaddr_in *sin = (void *)(end - sizeof(*sin)), addr = {.sin_family = AF_INET};
	struct timespec *ts = (void *)(end - sizeof(*ts));
	socklen_t len;
	int fd;

	if (p == MAP_FAILED || munmap(end, page))
		return 1;
	fd = socket(AF_INET, SOCK_STREAM, 0);
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || bind(fd, (struct sockaddr *)&addr, sizeof(addr)))
		return 1;
	len = sizeof(*lg);
	if (syscall(SYS_getsockopt, fd, SOL_SOCKET, SO_LINGER, lg, &len))
		return 1;
	len = sizeof(*sin);
	if (syscall(SYS_getsockname, fd, sin, &len))
		return 1;
	if (syscall(SYS_clock_gettime, CLOCK_MONOTONIC, ts))
		return 1;
	/* half the timespec on the unmapped page: EFAULT */
	syscall(SYS_nanosleep, end - sizeof(*ts) / 2, NULL);
	memset(end - 16, 'x', 16);
	syscall(SYS_fgetxattr, fd, end - 16, NULL, 0);
	syscall(SYS_memfd_create, end - 16, 0);
	syscall(SYS_add_key, "user", end - 16, NULL, 0, -3);
	syscall(SYS_getxattr, end - 16, "user.x", NULL, 0);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload: arguments in pages the program never touched before the
 * call. openat() of a path alone in its own read-only page (fails with
 * ENOENT), then write() to a pipe of 16 bytes of a fresh anonymous mapping
 * (zeros). The kernel faults both pages in during the call; a tracer reading
 * them before the call finds them not present.
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static const char cold_path[4096] __attribute__((aligned(4096))) =
	"/nonexistent-btftrace-e2e/cold-page";

int main(void)
{
	int fds[2];
	char *fresh;

	if (syscall(SYS_openat, AT_FDCWD, cold_path, O_RDONLY) >= 0)
		return 1;
	if (pipe(fds) < 0)
		return 1;
	fresh = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (fresh == MAP_FAILED)
		return 1;
	return write(fds[1], fresh, 16) == 16 ? 0 : 1;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * A call whose return is a number and not an fd, though the same call returns fds for other
 * arguments: landlock_create_ruleset's ABI version. The number is made an open fd's first
 * (dup2 of /dev/null onto it), so that a tracer that took it for an fd would show a path; and
 * it stays open until stdin ends, so that a tracer reading /proc late still finds it. Exits 2
 * when the kernel has no Landlock.
 */
#include <fcntl.h>
#include <stddef.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/landlock.h>

int main(void)
{
	long version =
		syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
	int null = open("/dev/null", O_RDONLY);
	char buf;

	if (version < 0 || null < 0)
		return 2;
	if (dup2(null, (int)version) < 0)
		return 1;
	syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
	while (read(0, &buf, 1) > 0)
		;
	close((int)version);
	close(null);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload for --format=json: bytes JSON cannot hold as they are. Opens
 * /dev/null; fails to open a path of invalid UTF-8, control characters, a
 * quote and a backslash; writes binary bytes, text with NULs, escapes and
 * multi-byte characters, invalid UTF-8, a euro sign cut by the capture at
 * byte 256, and 1 MiB; fstats the fd; raises SIGUSR1 at a handler; exits 3.
 * tests/e2e/test_json_output.py holds the same bytes.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define HUGE (1 << 20)

static void on_usr1(int sig)
{
}

int main(void)
{
	/* on the stack, so that the pages are present when the collector reads them */
	char path[] = "/dev/null";
	char bad_path[] = "/nonexistent/\xff\xfe-\x01\x1f\"\\-\xc3\xa9";
	unsigned char binary[] = {0, 1, 2, 0xff, 0xfe, 0x80, '\n', 0, 'A', 0x7f};
	char text[] = "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 tab\there \"q\" back\\slash "
		      "nul\0after \x1b[0m";
	char invalid[] = "ok\xc3(\xa0\xa1\xed\xa0\x80\xf4\x90\x80\x80\xc0\xaf end";
	char cut[300];
	char *huge = malloc(HUGE);
	struct stat st;
	int fd;

	if (!huge)
		return 1;
	/* 255 x, then a 3-byte euro sign over bytes 255..257 */
	memset(cut, 'x', sizeof(cut));
	memcpy(cut + 255, "\xe2\x82\xac", 3);
	for (int i = 0; i < HUGE; i++)
		huge[i] = 'A' + i % 26;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return 1;
	if (open(bad_path, O_RDONLY) >= 0)
		return 1;
	if (write(fd, binary, sizeof(binary)) != sizeof(binary) ||
	    write(fd, text, sizeof(text) - 1) != sizeof(text) - 1 ||
	    write(fd, invalid, sizeof(invalid) - 1) != sizeof(invalid) - 1 ||
	    write(fd, cut, sizeof(cut)) != sizeof(cut) || write(fd, huge, HUGE) != HUGE)
		return 1;
	if (fstat(fd, &st) < 0)
		return 1;
	signal(SIGUSR1, on_usr1);
	raise(SIGUSR1);
	close(fd);
	return 3;
}

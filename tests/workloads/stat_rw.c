// SPDX-License-Identifier: GPL-2.0
/*
 * e2e and kernel-matrix workload for the decoding of write, read and the
 * stat family: in the directory argv[1], creates "data" (mode 0600, then
 * fchmod 0640 so that the umask cannot change it), writes STAT_RW_TEXT to it,
 * closes it, opens it again, reads up to 64 bytes, fstats the fd and
 * newfstatats the path, writes what it read to stdout and removes the file.
 * All through syscall(2), so that libc adds or swaps nothing. Exit status 0,
 * or the number of the step that failed.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define STAT_RW_TEXT "hello, kernel matrix\n"

int main(int argc, char **argv)
{
	char path[4096], buf[64];
	struct stat st;
	long fd, got;

	if (argc < 2 || snprintf(path, sizeof(path), "%s/data", argv[1]) >= (int)sizeof(path))
		return 1;
	fd = syscall(SYS_openat, AT_FDCWD, path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || syscall(SYS_fchmod, fd, 0640) < 0)
		return 2;
	if (syscall(SYS_write, fd, STAT_RW_TEXT, strlen(STAT_RW_TEXT)) != strlen(STAT_RW_TEXT))
		return 3;
	syscall(SYS_close, fd);
	fd = syscall(SYS_openat, AT_FDCWD, path, O_RDONLY);
	if (fd < 0)
		return 4;
	got = syscall(SYS_read, fd, buf, sizeof(buf));
	if (got != strlen(STAT_RW_TEXT))
		return 5;
	if (syscall(SYS_fstat, fd, &st) < 0 || st.st_size != got)
		return 6;
	if (syscall(SYS_newfstatat, AT_FDCWD, path, &st, 0) < 0 || st.st_size != got)
		return 7;
	syscall(SYS_close, fd);
	if (syscall(SYS_write, 1, buf, got) != got)
		return 8;
	return syscall(SYS_unlinkat, AT_FDCWD, path, 0) < 0 ? 9 : 0;
}

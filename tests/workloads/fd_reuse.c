// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload for -y under -e: fd 3 is /etc/hostname, then closed, then
 * /etc/passwd; each is read. Then dup(0) (an inherited fd), and a
 * socket, a pipe and a socketpair closed at once, each then passed to a
 * read that fails: their names must come from the calls, not from /proc.
 * Each call is made with syscall(2), so the calls are exactly these.
 */
#include <fcntl.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/syscall.h>

int main(void)
{
	char buf[64];
	int fd, fds[2];

	fd = syscall(SYS_openat, AT_FDCWD, "/etc/hostname", O_RDONLY);
	syscall(SYS_read, fd, buf, 8);
	syscall(SYS_close, fd);
	fd = syscall(SYS_openat, AT_FDCWD, "/etc/passwd", O_RDONLY);
	syscall(SYS_read, fd, buf, 8);
	syscall(SYS_close, fd);
	fd = syscall(SYS_dup, 0);
	syscall(SYS_close, fd);
	fd = syscall(SYS_socket, AF_UNIX, SOCK_STREAM, 0);
	syscall(SYS_shutdown, fd, SHUT_RDWR);
	syscall(SYS_close, fd);
	syscall(SYS_pipe2, fds, 0);
	syscall(SYS_fsync, fds[0]);
	syscall(SYS_close, fds[0]);
	syscall(SYS_close, fds[1]);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload for -y: makes, copies, uses and closes descriptors of files,
 * a directory, a socket and a pipe in the directory argv[1], with known
 * numbers. Each call's fds (and returned fd) show a path under strace -y.
 * The socket and the pipe stay open for 500 ms before they are closed, so
 * that a tracer that asks /proc for them while printing finds them. Then
 * anonymous files, a memfd and a socket are closed at once, before a tracer
 * could ask /proc: what made them names them.
 */
#include <fcntl.h>
#include <mqueue.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sockaddr_in sin = {.sin_family = AF_INET};
	struct epoll_event ee = {.events = EPOLLIN};
	int file, again, copy, dir, rel, sock, pipefd[2], ev, ep, mem;
	char buf[16];

	if (argc < 2 || chdir(argv[1]) < 0)
		return 2;
	file = openat(AT_FDCWD, "a.txt", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	if (write(file, "hello", 5) != 5)
		return 1;
	again = open("./sub/../a.txt", O_RDONLY);
	if (read(again, buf, 2) < 0)
		return 1;
	copy = dup(again);
	dup2(again, 20);
	fcntl(again, F_DUPFD_CLOEXEC, 30);
	close(again);
	if (read(20, buf, 1) < 0 || lseek(copy, 0, SEEK_SET) < 0)
		return 1;
	close(20);
	close(30);
	close(copy);
	dir = open(".", O_RDONLY | O_DIRECTORY);
	rel = openat(dir, "sub/b.txt", O_CREAT | O_WRONLY, 0600);
	if (fchdir(dir) < 0 || write(rel, "b", 1) != 1)
		return 1;
	close(rel);
	close(dir);
	sock = socket(AF_INET, SOCK_STREAM, 0);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(sock, (struct sockaddr *)&sin, sizeof(sin)) < 0 || pipe(pipefd) < 0)
		return 1;
	if (write(pipefd[1], "x", 1) != 1 || read(pipefd[0], buf, 1) != 1)
		return 1;
	usleep(500000);
	close(sock);
	close(pipefd[0]);
	close(pipefd[1]);
	close(file);
	ev = eventfd(0, 0);
	ep = epoll_create1(0);
	if (epoll_ctl(ep, EPOLL_CTL_ADD, ev, &ee) < 0)
		return 1;
	close(ep);
	close(ev);
	mem = memfd_create("scratch", 0);
	if (write(mem, "m", 1) != 1)
		return 1;
	close(mem);
	close(socket(AF_UNIX, SOCK_DGRAM, 0));
	mem = mq_open("/btftrace-fd-paths", O_CREAT | O_RDWR, 0600, NULL);
	if (mem < 0)
		return 1;
	close(mem);
	mq_unlink("/btftrace-fd-paths");
	return 0;
}

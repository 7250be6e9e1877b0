// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload for -yy: TCP, UDP, TCPv6, UDPv6, UNIX (stream with a path, a pair, datagram
 * with an abstract name) and NETLINK sockets, /dev/null, a pidfd, an eventfd and a signalfd,
 * made in the directory argv[1]. After getppid() marks the end of the set-up, each fd is
 * asked fcntl(F_GETFD) in turn; then all stay open until stdin ends, so that a tracer that
 * asks the kernel for their endpoints while it prints finds them, however late it prints.
 */
#include <arpa/inet.h>
#include <fcntl.h>
#include <linux/netlink.h>
#include <netinet/in.h>
#include <signal.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sockaddr_in sin = {.sin_family = AF_INET};
	struct sockaddr_in6 sin6 = {.sin6_family = AF_INET6};
	struct sockaddr_un sun = {.sun_family = AF_UNIX};
	struct sockaddr_nl snl = {.nl_family = AF_NETLINK};
	socklen_t len;
	int fds[32], n = 0, listener, listener6, unix_listener, pair[2];
	sigset_t mask;

	if (argc < 2 || chdir(argv[1]) < 0)
		return 2;
	/* TCP: a listener, a client and the connection it accepted */
	listener = socket(AF_INET, SOCK_STREAM, 0);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	len = sizeof(sin);
	if (bind(listener, (struct sockaddr *)&sin, sizeof(sin)) || listen(listener, 1) ||
	    getsockname(listener, (struct sockaddr *)&sin, &len))
		return 1;
	fds[n++] = listener;
	fds[n] = socket(AF_INET, SOCK_STREAM, 0);
	if (connect(fds[n++], (struct sockaddr *)&sin, sizeof(sin)))
		return 1;
	fds[n++] = accept(listener, NULL, NULL);
	/* UDP, connected to the listener's port */
	fds[n] = socket(AF_INET, SOCK_DGRAM, 0);
	if (connect(fds[n++], (struct sockaddr *)&sin, sizeof(sin)))
		return 1;
	/* TCPv6 and UDPv6 on ::1 */
	listener6 = socket(AF_INET6, SOCK_STREAM, 0);
	sin6.sin6_addr = in6addr_loopback;
	len = sizeof(sin6);
	if (listener6 < 0 || bind(listener6, (struct sockaddr *)&sin6, sizeof(sin6)) ||
	    listen(listener6, 1) || getsockname(listener6, (struct sockaddr *)&sin6, &len))
		return 3; /* no IPv6 */
	fds[n++] = listener6;
	fds[n] = socket(AF_INET6, SOCK_STREAM, 0);
	if (connect(fds[n++], (struct sockaddr *)&sin6, sizeof(sin6)))
		return 1;
	fds[n++] = accept(listener6, NULL, NULL);
	fds[n] = socket(AF_INET6, SOCK_DGRAM, 0);
	if (bind(fds[n++], (struct sockaddr *)&sin6, sizeof(sin6)))
		return 1;
	/* UNIX: a pair, a listener on a path with a client and its connection, an abstract name */
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair))
		return 1;
	fds[n++] = pair[0];
	fds[n++] = pair[1];
	unix_listener = socket(AF_UNIX, SOCK_STREAM, 0);
	strcpy(sun.sun_path, "sock");
	if (bind(unix_listener, (struct sockaddr *)&sun, sizeof(sun)) || listen(unix_listener, 1))
		return 1;
	fds[n++] = unix_listener;
	fds[n] = socket(AF_UNIX, SOCK_STREAM, 0);
	if (connect(fds[n++], (struct sockaddr *)&sun, sizeof(sun)))
		return 1;
	fds[n++] = accept(unix_listener, NULL, NULL);
	fds[n] = socket(AF_UNIX, SOCK_DGRAM, 0);
	memset(sun.sun_path, 0, sizeof(sun.sun_path));
	strcpy(sun.sun_path + 1, "btftrace-sock-fds");
	if (bind(fds[n++], (struct sockaddr *)&sun,
		 sizeof(sa_family_t) + 1 + strlen("btftrace-sock-fds")))
		return 1;
	/* NETLINK, bound: the kernel gives it the process's id */
	fds[n] = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	if (bind(fds[n++], (struct sockaddr *)&snl, sizeof(snl)))
		return 1;
	/* a device, a pidfd, an eventfd and a signalfd */
	fds[n++] = open("/dev/null", O_WRONLY);
	fds[n++] = syscall(SYS_pidfd_open, getpid(), 0);
	fds[n++] = eventfd(3, 0);
	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	sigaddset(&mask, SIGTERM);
	fds[n++] = signalfd(-1, &mask, 0);
	getppid();
	for (int i = 0; i < n; i++)
		fcntl(fds[i], F_GETFD);
	while (read(0, &len, 1) > 0)
		;
	return 0;
}

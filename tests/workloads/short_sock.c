// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload for -yy on sockets gone before a tracer that prints later can ask about them:
 * a TCP connection on 127.0.0.1 (listen, connect, accept, a write each way) and a UDP socket
 * connected to it and written to, all closed at once, and the process ends. strace asks the
 * kernel at each call; btftrace must have kept what the calls saw.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

int main(void)
{
	struct sockaddr_in sin = {.sin_family = AF_INET};
	socklen_t len = sizeof(sin);
	int listener, client, server, udp;
	char c;

	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	listener = socket(AF_INET, SOCK_STREAM, 0);
	if (listener < 0 || bind(listener, (struct sockaddr *)&sin, sizeof(sin)) ||
	    listen(listener, 1) || getsockname(listener, (struct sockaddr *)&sin, &len))
		return 1;
	client = socket(AF_INET, SOCK_STREAM, 0);
	if (client < 0 || connect(client, (struct sockaddr *)&sin, sizeof(sin)))
		return 1;
	server = accept(listener, NULL, NULL);
	if (server < 0 || write(client, "x", 1) != 1 || read(server, &c, 1) != 1 ||
	    write(server, "y", 1) != 1 || read(client, &c, 1) != 1)
		return 1;
	udp = socket(AF_INET, SOCK_DGRAM, 0);
	if (udp < 0 || connect(udp, (struct sockaddr *)&sin, sizeof(sin)) ||
	    write(udp, "z", 1) != 1)
		return 1;
	close(udp);
	close(server);
	close(client);
	close(listener);
	return 0;
}

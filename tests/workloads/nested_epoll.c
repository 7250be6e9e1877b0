// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel matrix workload with a recursive kernel function: nested_epoll [N] waits N times on an
 * epoll instance that watches another one, which watches a third, which watches a readable
 * eventfd. Polling the outer instance polls the middle one, and from inside that poll the
 * inner one (the kernel's epoll poll functions call themselves: __ep_eventpoll_poll, or
 * ep_item_poll, or ep_scan_ready_list, as each kernel is built), so each epoll_wait makes
 * calls of a function inside calls of it. Prints "ready N" (the waits that found the middle
 * instance ready: all of them).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct epoll_event ev = {.events = EPOLLIN};
	int n = argc > 1 ? atoi(argv[1]) : 10, ready = 0, efd, inner, middle, outer;
	uint64_t one = 1;

	efd = eventfd(0, 0);
	inner = epoll_create1(0);
	middle = epoll_create1(0);
	outer = epoll_create1(0);
	if (efd < 0 || inner < 0 || middle < 0 || outer < 0 ||
	    write(efd, &one, sizeof(one)) != sizeof(one))
		return 1;
	ev.data.fd = efd;
	if (epoll_ctl(inner, EPOLL_CTL_ADD, efd, &ev))
		return 1;
	ev.data.fd = inner;
	if (epoll_ctl(middle, EPOLL_CTL_ADD, inner, &ev))
		return 1;
	ev.data.fd = middle;
	if (epoll_ctl(outer, EPOLL_CTL_ADD, middle, &ev))
		return 1;
	for (int i = 0; i < n; i++) {
		/* level-triggered: the inner instance stays ready, and is polled each time */
		if (epoll_wait(outer, &ev, 1, 0) == 1 && ev.data.fd == middle)
			ready++;
	}
	printf("ready %d\n", ready);
	return 0;
}

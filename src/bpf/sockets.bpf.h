/* SPDX-License-Identifier: GPL-2.0 */
/* -yy in the kernel (sockets.bpf.c), as the enter and exit programs call it. */
#ifndef BTFTRACE_BPF_SOCKETS_H
#define BTFTRACE_BPF_SOCKETS_H

#include <linux/types.h>

/* keeps the endpoints of fd's socket, when it is an inet one, in sock_endpoints */
int remember_socket(__s64 fd);

#endif /* BTFTRACE_BPF_SOCKETS_H */

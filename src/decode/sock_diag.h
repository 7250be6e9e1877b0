/* SPDX-License-Identifier: GPL-2.0 */
/* -yy: a socket's protocol and endpoints by its inode, from the kernel's socket diagnostics. */
#ifndef BTFTRACE_SOCK_DIAG_H
#define BTFTRACE_SOCK_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/writer.h"
#include "bpf/record.h"

/*
 * The lookups strace 6.1 makes, with its cache: what the diagnostics once said of an inode
 * stands for that inode from then on (a UDP socket bound, then connected, keeps its bound
 * address), in 1024 slots by the inode's low bits. A socket the diagnostics do not list
 * (TCP or UDP not bound, netlink not bound) is asked again each time.
 */
struct sock_diag;

struct sock_diag *sock_diag__new(void);
void sock_diag__free(struct sock_diag *sd);

/*
 * What inode's socket is, as strace shows it: proto is the kernel's name of its protocol
 * (the socket's system.sockprotoname attribute), NULL when that is not known: then every
 * protocol is asked. True with *out filled (only the protocol and inode, WR_SOCK_BARE, when
 * the diagnostics do not list it but its protocol is one strace names); false when strace
 * would show the path (socket:[N]).
 */
bool sock_diag__lookup(struct sock_diag *sd, uint64_t inode, const char *proto,
		       struct wr_socket *out);

/*
 * An inet socket's endpoints as the collector kept them at a call (a socket closed since)
 * in strace's form, the protocol named as the kernel names it (TCP, UDPv6, PING): true with
 * *out filled, false for a protocol strace does not name.
 */
bool sock_endpoints_socket(const struct bt_sock_endpoints *e, uint64_t inode,
			   struct wr_socket *out);

/*
 * One answer of the diagnostics (an inet_diag_msg, unix_diag_msg or netlink_diag_msg with its
 * attributes, len bytes from the netlink header's data): 1 and *out filled when it is inode's,
 * 0 when it is another socket's, -1 when it cannot be read. Exposed for the tests.
 */
int sock_diag_parse_inet(const void *data, size_t len, uint64_t inode, const char *proto,
			 struct wr_socket *out);
int sock_diag_parse_unix(const void *data, size_t len, uint64_t inode, const char *proto,
			 struct wr_socket *out);
int sock_diag_parse_netlink(const void *data, size_t len, uint64_t inode, const char *proto,
			    struct wr_socket *out);

#endif /* BTFTRACE_SOCK_DIAG_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * -yy: a socket's endpoints by its inode, asked of the kernel's socket diagnostics
 * (NETLINK_SOCK_DIAG: inet_diag, unix_diag, netlink_diag) the way strace 6.1 asks them, and
 * shown in its forms: TCP:[127.0.0.1:1->127.0.0.1:9], UNIX-STREAM:[12->13,"path"],
 * NETLINK:[ROUTE:1234].
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/netlink_diag.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>

#include "base/xlat.h"
#include "decode/sock_diag.h"
#include "xlat_tables.h"

#ifndef IPPROTO_L2TP
#define IPPROTO_L2TP 115 /* glibc's netinet/in.h lacks it; linux/l2tp.h's value */
#endif

/* strace's cache: one slot per value of the inode's low bits */
#define SOCK_CACHE_SLOTS 1024
/* one read of the diagnostics' answers */
#define SOCK_DIAG_BUF 8192

enum diag_kind { DIAG_UNIX, DIAG_INET, DIAG_NETLINK };

/*
 * The protocols strace 6.1 names and asks the diagnostics of, by the kernel's names of them
 * (proto_ops' sk_prot->name, the sockets' system.sockprotoname).
 */
static const struct sock_proto {
	const char *name;
	enum diag_kind diag;
	int family, protocol;
} sock_protos[] = {
	{"UNIX", DIAG_UNIX, AF_UNIX, 0},
	{"UNIX-STREAM", DIAG_UNIX, AF_UNIX, 0},
	{"TCP", DIAG_INET, AF_INET, IPPROTO_TCP},
	{"UDP", DIAG_INET, AF_INET, IPPROTO_UDP},
	{"UDPLITE", DIAG_INET, AF_INET, IPPROTO_UDPLITE},
	{"DCCP", DIAG_INET, AF_INET, IPPROTO_DCCP},
	{"SCTP", DIAG_INET, AF_INET, IPPROTO_SCTP},
	{"L2TP/IP", DIAG_INET, AF_INET, IPPROTO_L2TP},
	{"PING", DIAG_INET, AF_INET, IPPROTO_ICMP},
	{"RAW", DIAG_INET, AF_INET, IPPROTO_RAW},
	{"TCPv6", DIAG_INET, AF_INET6, IPPROTO_TCP},
	{"UDPv6", DIAG_INET, AF_INET6, IPPROTO_UDP},
	{"UDPLITEv6", DIAG_INET, AF_INET6, IPPROTO_UDPLITE},
	{"DCCPv6", DIAG_INET, AF_INET6, IPPROTO_DCCP},
	{"SCTPv6", DIAG_INET, AF_INET6, IPPROTO_SCTP},
	{"L2TP/IPv6", DIAG_INET, AF_INET6, IPPROTO_L2TP},
	{"PINGv6", DIAG_INET, AF_INET6, IPPROTO_ICMP},
	{"RAWv6", DIAG_INET, AF_INET6, IPPROTO_RAW},
	{"NETLINK", DIAG_NETLINK, AF_NETLINK, 0},
};

struct sock_cache_slot {
	bool used;
	struct wr_socket sock;
};

struct sock_diag {
	struct sock_cache_slot cache[SOCK_CACHE_SLOTS];
	long buf[SOCK_DIAG_BUF / sizeof(long)];
};

struct sock_diag *sock_diag__new(void)
{
	return calloc(1, sizeof(struct sock_diag));
}

void sock_diag__free(struct sock_diag *sd)
{
	free(sd);
}

static void set_proto(struct wr_socket *out, const char *proto, uint64_t inode)
{
	memset(out, 0, sizeof(*out));
	snprintf(out->proto, sizeof(out->proto), "%s", proto);
	out->inode = inode;
}

int sock_diag_parse_inet(const void *data, size_t len, uint64_t inode, const char *proto,
			 struct wr_socket *out)
{
	static const unsigned char zero[16];
	struct inet_diag_msg msg;
	size_t addr_size;

	if (len < sizeof(msg))
		return -1;
	memcpy(&msg, data, sizeof(msg));
	if (msg.idiag_inode != inode)
		return 0;
	if (msg.idiag_family != AF_INET && msg.idiag_family != AF_INET6)
		return -1;
	addr_size = msg.idiag_family == AF_INET6 ? 16 : 4;
	set_proto(out, proto, inode);
	out->kind = WR_SOCK_INET;
	out->v6 = msg.idiag_family == AF_INET6;
	if (!inet_ntop(msg.idiag_family, msg.id.idiag_src, out->src, sizeof(out->src)))
		return -1;
	out->sport = ntohs(msg.id.idiag_sport);
	/* strace shows a destination when it has a port or an address */
	if (msg.id.idiag_dport || memcmp(zero, msg.id.idiag_dst, addr_size)) {
		if (!inet_ntop(msg.idiag_family, msg.id.idiag_dst, out->dst, sizeof(out->dst)))
			return -1;
		out->dport = ntohs(msg.id.idiag_dport);
		out->connected = true;
	}
	return 1;
}

int sock_diag_parse_unix(const void *data, size_t len, uint64_t inode, const char *proto,
			 struct wr_socket *out)
{
	struct unix_diag_msg msg;
	size_t off = NLMSG_ALIGN(sizeof(msg));
	uint32_t peer = 0;
	size_t path_len = 0;
	char path[WR_SOCK_PATH_MAX + 1];

	if (len < sizeof(msg))
		return -1;
	memcpy(&msg, data, sizeof(msg));
	if (msg.udiag_ino != inode)
		return 0;
	if (msg.udiag_family != AF_UNIX)
		return -1;
	while (off + sizeof(struct rtattr) <= len) {
		struct rtattr rta;
		size_t payload;

		memcpy(&rta, (const char *)data + off, sizeof(rta));
		if (rta.rta_len < sizeof(rta) || off + rta.rta_len > len)
			break;
		payload = rta.rta_len - RTA_LENGTH(0);
		if (rta.rta_type == UNIX_DIAG_NAME && !path_len && payload) {
			path_len = payload > WR_SOCK_PATH_MAX ? WR_SOCK_PATH_MAX : payload;
			memcpy(path, (const char *)data + off + RTA_LENGTH(0), path_len);
			path[path_len] = '\0';
		} else if (rta.rta_type == UNIX_DIAG_PEER && payload >= sizeof(peer)) {
			memcpy(&peer, (const char *)data + off + RTA_LENGTH(0), sizeof(peer));
		}
		off += RTA_ALIGN(rta.rta_len);
	}
	/* neither a peer nor a name: strace shows only the protocol and inode */
	if (!peer && !path_len)
		return -1;
	set_proto(out, proto, inode);
	out->kind = WR_SOCK_UNIX;
	out->peer = peer;
	out->path_len = path_len;
	memcpy(out->path, path, path_len);
	out->path[path_len] = '\0';
	return 1;
}

int sock_diag_parse_netlink(const void *data, size_t len, uint64_t inode, const char *proto,
			    struct wr_socket *out)
{
	struct netlink_diag_msg msg;
	const char *name;

	if (len < sizeof(msg))
		return -1;
	memcpy(&msg, data, sizeof(msg));
	if (msg.ndiag_ino != inode)
		return 0;
	if (msg.ndiag_family != AF_NETLINK)
		return -1;
	set_proto(out, proto, inode);
	out->kind = WR_SOCK_NETLINK;
	out->nl_protocol = msg.ndiag_protocol;
	out->portid = msg.ndiag_portid;
	name = xlat_name(&xlat_netlink_protocols, msg.ndiag_protocol);
	if (name && !strncmp(name, "NETLINK_", 8))
		name += 8;
	out->nl_proto = name;
	return 1;
}

bool sock_endpoints_socket(const struct bt_sock_endpoints *e, uint64_t inode, struct wr_socket *out)
{
	static const unsigned char zero[16];
	bool v6 = e->family == AF_INET6;
	size_t addr_size = v6 ? 16 : 4;
	const char *base;
	char name[24];

	if (e->family != AF_INET && !v6)
		return false;
	/* the kernel's names (sk_prot->name) of the protocols strace asks the diagnostics of */
	if (e->type == SOCK_RAW)
		base = "RAW";
	else if (e->protocol == IPPROTO_TCP)
		base = "TCP";
	else if (e->protocol == IPPROTO_UDP)
		base = "UDP";
	else if (e->protocol == IPPROTO_UDPLITE)
		base = "UDPLITE";
	else if (e->protocol == IPPROTO_DCCP)
		base = "DCCP";
	else if (e->protocol == IPPROTO_SCTP)
		base = "SCTP";
	else if (e->protocol == IPPROTO_L2TP)
		base = "L2TP/IP";
	else if (e->protocol == IPPROTO_ICMP || e->protocol == IPPROTO_ICMPV6)
		base = "PING";
	else
		return false;
	snprintf(name, sizeof(name), "%s%s", base, v6 ? "v6" : "");
	set_proto(out, name, inode);
	out->kind = WR_SOCK_INET;
	out->v6 = v6;
	if (!inet_ntop(e->family, e->saddr, out->src, sizeof(out->src)))
		return false;
	out->sport = e->sport;
	/* as the diagnostics' answer: a destination when it has a port or an address */
	if (e->dport || memcmp(zero, e->daddr, addr_size)) {
		if (!inet_ntop(e->family, e->daddr, out->dst, sizeof(out->dst)))
			return false;
		out->dport = e->dport;
		out->connected = true;
	}
	return true;
}

/* Sends one request to the diagnostics. */
static bool send_request(int nl, const void *req, size_t len)
{
	struct sockaddr_nl to = {.nl_family = AF_NETLINK};

	while (sendto(nl, req, len, 0, (struct sockaddr *)&to, sizeof(to)) < 0) {
		if (errno != EINTR)
			return false;
	}
	return true;
}

typedef int (*diag_parse_fn)(const void *data, size_t len, uint64_t inode, const char *proto,
			     struct wr_socket *out);

/*
 * Reads the answers until one is inode's (true), or they end, fail or are not answers
 * (false): as strace, the first read waits, the ones after do not.
 */
static bool read_answers(struct sock_diag *sd, int nl, uint64_t inode, const char *proto,
			 diag_parse_fn parse, struct wr_socket *out)
{
	int flags = 0;

	for (;;) {
		ssize_t n = recv(nl, sd->buf, sizeof(sd->buf), flags);
		const struct nlmsghdr *h = (const struct nlmsghdr *)sd->buf;
		int left;

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		left = (int)n;
		if (!NLMSG_OK(h, left))
			return false;
		for (; NLMSG_OK(h, left); h = NLMSG_NEXT(h, left)) {
			int rc;

			if (h->nlmsg_type != SOCK_DIAG_BY_FAMILY)
				return false;
			rc = parse(NLMSG_DATA(h), h->nlmsg_len - NLMSG_LENGTH(0), inode, proto,
				   out);
			if (rc > 0)
				return true;
			if (rc < 0)
				return false;
		}
		flags = MSG_DONTWAIT;
	}
}

static bool ask_unix(struct sock_diag *sd, int nl, uint64_t inode, const char *proto,
		     struct wr_socket *out)
{
	struct {
		struct nlmsghdr nlh;
		struct unix_diag_req udr;
	} req = {
		.nlh = {.nlmsg_len = sizeof(req),
			.nlmsg_type = SOCK_DIAG_BY_FAMILY,
			.nlmsg_flags = NLM_F_REQUEST},
		.udr = {.sdiag_family = AF_UNIX,
			.udiag_ino = (__u32)inode,
			.udiag_states = -1,
			.udiag_show = UDIAG_SHOW_NAME | UDIAG_SHOW_PEER,
			.udiag_cookie = {~0U, ~0U}},
	};

	return send_request(nl, &req, sizeof(req)) &&
	       read_answers(sd, nl, inode, proto, sock_diag_parse_unix, out);
}

static bool ask_inet(struct sock_diag *sd, int nl, const struct sock_proto *p, uint64_t inode,
		     struct wr_socket *out)
{
	struct {
		struct nlmsghdr nlh;
		struct inet_diag_req_v2 idr;
	} req = {
		.nlh = {.nlmsg_len = sizeof(req),
			.nlmsg_type = SOCK_DIAG_BY_FAMILY,
			.nlmsg_flags = NLM_F_DUMP | NLM_F_REQUEST},
		.idr = {.sdiag_family = p->family,
			.sdiag_protocol = p->protocol,
			.idiag_states = -1},
	};

	return send_request(nl, &req, sizeof(req)) &&
	       read_answers(sd, nl, inode, p->name, sock_diag_parse_inet, out);
}

static bool ask_netlink(struct sock_diag *sd, int nl, uint64_t inode, const char *proto,
			struct wr_socket *out)
{
	struct {
		struct nlmsghdr nlh;
		struct netlink_diag_req ndr;
	} req = {
		.nlh = {.nlmsg_len = sizeof(req),
			.nlmsg_type = SOCK_DIAG_BY_FAMILY,
			.nlmsg_flags = NLM_F_DUMP | NLM_F_REQUEST},
		.ndr = {.sdiag_family = AF_NETLINK, .sdiag_protocol = NDIAG_PROTO_ALL},
	};

	return send_request(nl, &req, sizeof(req)) &&
	       read_answers(sd, nl, inode, proto, sock_diag_parse_netlink, out);
}

static bool ask(struct sock_diag *sd, int nl, const struct sock_proto *p, uint64_t inode,
		struct wr_socket *out)
{
	switch (p->diag) {
	case DIAG_UNIX:
		return ask_unix(sd, nl, inode, p->name, out);
	case DIAG_INET:
		return ask_inet(sd, nl, p, inode, out);
	case DIAG_NETLINK:
		return ask_netlink(sd, nl, inode, p->name, out);
	}
	return false;
}

static const struct sock_proto *proto_by_name(const char *name)
{
	for (size_t i = 0; name && i < sizeof(sock_protos) / sizeof(sock_protos[0]); i++) {
		if (!strcmp(sock_protos[i].name, name))
			return &sock_protos[i];
	}
	return NULL;
}

bool sock_diag__lookup(struct sock_diag *sd, uint64_t inode, const char *proto,
		       struct wr_socket *out)
{
	struct sock_cache_slot *slot = &sd->cache[inode % SOCK_CACHE_SLOTS];
	const struct sock_proto *p = proto_by_name(proto);
	bool found = false;
	int nl;

	if (slot->used && slot->sock.inode == inode) {
		*out = slot->sock;
		return true;
	}
	/* a protocol strace does not know but the kernel names: strace asks every diagnostic */
	nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
	if (nl >= 0) {
		if (p) {
			found = ask(sd, nl, p, inode, out);
		} else {
			for (size_t i = 0;
			     !found && i < sizeof(sock_protos) / sizeof(sock_protos[0]); i++)
				found = ask(sd, nl, &sock_protos[i], inode, out);
		}
		close(nl);
	}
	if (found) {
		slot->used = true;
		slot->sock = *out;
		return true;
	}
	if (!p)
		return false;
	set_proto(out, p->name, inode);
	out->kind = WR_SOCK_BARE;
	return true;
}

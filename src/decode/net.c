// SPDX-License-Identifier: GPL-2.0
/*
 * Sockets: addresses and protocols. A sockaddr's layout depends on its family field, and how
 * much of it counts on a length argument beside it (or, for what the kernel returns, on the
 * in/out length it updates); socket()'s protocol means something by family. Neither tracefs
 * nor BTF can say any of this. Socket options are in sockopt.c, message headers in msghdr.c.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <linux/netlink.h>

#include "base/values.h"
#include "decode/decode.h"
#include "decode/hand.h"
#include "xlat_tables.h"

/* strace reads at most a sockaddr_storage of an address, whatever its length says. */
#define SOCKADDR_MAX 128

static void write_sockaddr_un(struct writer *w, const unsigned char *p, size_t len)
{
	const size_t path_off = offsetof(struct sockaddr_un, sun_path);
	size_t un_len = len > sizeof(struct sockaddr_un) ? sizeof(struct sockaddr_un) : len;
	size_t path_len = un_len - path_off;
	const unsigned char *path = p + path_off;

	w_key(w, "sun_path");
	if (path[0]) {
		/*
		 * a path ends at its NUL; the byte after the length given (a NUL, as
		 * what is beyond it reads as zeros) says whether it went on
		 */
		size_t n = strnlen((const char *)path, path_len);

		w_str(w, path, n, WR_STR_NUL | (n == path_len && path[path_len] ? WR_STR_MORE : 0));
	} else {
		/* an abstract name follows a NUL, and may hold NULs */
		w_str(w, path + 1, path_len - 1, WR_STR_ABSTRACT);
	}
}

/*
 * A value in network byte order as strace shows one by -X: its expression by default, its bytes
 * in hex with -X raw, both with -X verbose: "\x00\x09" /\* htons(9) *\/. True when written
 * here; false for the default, which the caller writes as the expression.
 */
static bool put_net_bytes(struct writer *w, const char *key, const void *bytes, size_t n,
			  const char *expr)
{
	enum wr_xlat_style style = w_xlat_style(w);

	if (style == WR_XLAT_ABBREV)
		return false;
	w_key(w, key);
	w_str(w, bytes, n, WR_STR_HEX);
	if (style == WR_XLAT_VERBOSE)
		w_comment(w, expr);
	return true;
}

/* A port or a number in network byte order: htons(9), htonl(0). */
static void put_net_num(struct writer *w, const char *key, const void *bytes, size_t n)
{
	char text[32];
	__u32 v = 0;

	if (n == sizeof(__u16)) {
		__u16 be;

		memcpy(&be, bytes, sizeof(be));
		v = ntohs(be);
		snprintf(text, sizeof(text), "htons(%u)", v);
	} else {
		__u32 be;

		memcpy(&be, bytes, sizeof(be));
		v = ntohl(be);
		snprintf(text, sizeof(text), "htonl(%u)", v);
	}
	if (put_net_bytes(w, key, bytes, n, text))
		return;
	w_key(w, key);
	w_num_text(w, v, WR_UDEC, text);
}

void hand_put_inet_addr(struct writer *w, const char *key, int family, const void *addr)
{
	char text[INET6_ADDRSTRLEN], expr[INET6_ADDRSTRLEN + 32], amp[64];
	size_t n = family == AF_INET6 ? sizeof(struct in6_addr) : sizeof(struct in_addr);

	inet_ntop(family, addr, text, sizeof(text));
	if (family == AF_INET6)
		snprintf(expr, sizeof(expr), "inet_pton(AF_INET6, \"%s\")", text);
	else
		snprintf(expr, sizeof(expr), "inet_addr(\"%s\")", text);
	if (put_net_bytes(w, key, addr, n, expr))
		return;
	if (family != AF_INET6) {
		w_key(w, key);
		w_obj_begin(w, WR_OBJ_FN, "inet_addr");
		w_str(w, text, strlen(text), WR_STR_NUL);
		w_obj_end(w, false);
		return;
	}
	/* strace's spelling shows no key: inet_pton(AF_INET6, "::1", &sin6_addr) */
	w->ops->key_hidden(w, key);
	w_obj_begin(w, WR_OBJ_FN, "inet_pton");
	w_lit(w, "AF_INET6, ");
	w_str(w, text, strlen(text), WR_STR_NUL);
	snprintf(amp, sizeof(amp), ", &%s", key);
	w_lit(w, amp);
	w_obj_end(w, false);
}

static void write_sockaddr_in(struct writer *w, const unsigned char *p)
{
	struct sockaddr_in sin;

	memcpy(&sin, p, sizeof(sin));
	put_net_num(w, "sin_port", &sin.sin_port, sizeof(sin.sin_port));
	hand_put_inet_addr(w, "sin_addr", AF_INET, &sin.sin_addr);
}

static void write_sockaddr_in6(struct writer *w, const unsigned char *p, size_t len)
{
	struct sockaddr_in6 sin6;

	memcpy(&sin6, p, sizeof(sin6));
	put_net_num(w, "sin6_port", &sin6.sin6_port, sizeof(sin6.sin6_port));
	put_net_num(w, "sin6_flowinfo", &sin6.sin6_flowinfo, sizeof(sin6.sin6_flowinfo));
	hand_put_inet_addr(w, "sin6_addr", AF_INET6, &sin6.sin6_addr);
	/* the scope id came later than the rest: an address without it is still one */
	if (len > offsetof(struct sockaddr_in6, sin6_scope_id))
		w_key_num(w, "sin6_scope_id", sin6.sin6_scope_id, WR_UDEC);
}

static void write_sockaddr_nl(struct writer *w, const unsigned char *p)
{
	struct sockaddr_nl snl;
	char text[16];

	memcpy(&snl, p, sizeof(snl));
	/* the padding only when something is in it */
	if (snl.nl_pad)
		w_key_num(w, "nl_pad", snl.nl_pad, WR_HEX);
	w_key_num(w, "nl_pid", snl.nl_pid, WR_UDEC);
	w_key(w, "nl_groups");
	/* strace's %#08x, whatever -X says */
	snprintf(text, sizeof(text), "%#08x", snl.nl_groups);
	if (w_xlat_style(w) == WR_XLAT_ABBREV)
		w_num_text(w, snl.nl_groups, WR_HEX, text);
	else
		w_name(w, text);
}

/* The least length of each family's address that strace decodes by its layout. */
static size_t sockaddr_min_len(unsigned int family)
{
	switch (family) {
	case AF_UNIX:
		return sizeof(sa_family_t) + 1;
	case AF_INET:
		return sizeof(struct sockaddr_in);
	case AF_INET6:
		return offsetof(struct sockaddr_in6, sin6_scope_id);
	case AF_NETLINK:
		return sizeof(struct sockaddr_nl);
	}
	return 0;
}

void hand_print_sockaddr(const struct decoder *d, struct writer *w, const void *data, size_t len,
			 bool more)
{
	/* what lies beyond the length reads as zeros, as in strace's buffer */
	unsigned char p[SOCKADDR_MAX + 1] = {0};
	sa_family_t family;
	size_t min;

	if (len < sizeof(family)) {
		w_elided(w);
		return;
	}
	if (len > SOCKADDR_MAX)
		len = SOCKADDR_MAX;
	memcpy(p, data, len);
	memcpy(&family, p, sizeof(family));
	w_struct_begin(w);
	w_key(w, "sa_family");
	hand_put_xlat(w, &xlat_address_families, family);
	min = sockaddr_min_len(family);
	if (len > sizeof(family) && min && len >= min) {
		switch (family) {
		case AF_UNIX:
			write_sockaddr_un(w, p, len);
			break;
		case AF_INET:
			write_sockaddr_in(w, p);
			break;
		case AF_INET6:
			write_sockaddr_in6(w, p, len);
			break;
		case AF_NETLINK:
			write_sockaddr_nl(w, p);
			break;
		}
	} else if (len > sizeof(family)) {
		/* a family without a layout, or too short for its own: the bytes after it */
		w_key(w, "sa_data");
		w_str(w, p + sizeof(family), len - sizeof(family), more ? WR_STR_MORE : 0);
	}
	w_obj_end(w, more);
}

/* The capture of argument i at enter or exit as read, faulted or not; NULL if none was made. */
static const struct bt_capture *tried_capture(const struct bt_rec_hdr *hdr, int i)
{
	return hdr ? record_capture(hdr, i) : NULL;
}

/*
 * An address of len bytes (an int, as the kernel takes it) read into cap: decoded when len
 * holds at least a family, else the pointer, as strace shows it.
 */
static void write_sockaddr_of_len(const struct decoder *d, struct writer *w, __u64 addr, int len,
				  const struct bt_capture *cap, const struct bt_capture *tried)
{
	size_t n;
	bool more = false;

	if (len < (int)sizeof(sa_family_t) || !cap) {
		hand_put_unread(w, addr, tried);
		return;
	}
	n = (unsigned int)len > SOCKADDR_MAX ? SOCKADDR_MAX : (size_t)len;
	if (cap->len < n) {
		/* the capture was cut short of the length (--capture-size) */
		more = true;
		n = cap->len;
		if (n < sizeof(sa_family_t)) {
			hand_put_unread(w, addr, tried);
			return;
		}
	}
	hand_print_sockaddr(d, w, hand_cap_data(cap), n, more);
}

/* bind's, connect's and sendto's address: as long as the int argument after it says. */
static enum hand_result sockaddr_in_arg(struct writer *w, const struct hand_call *hc, int i)
{
	write_sockaddr_of_len(hc->d, w, hc->enter->args[i], (int)hc->enter->args[i + 1],
			      hand_call_in(hc, i), tried_capture(&hc->enter->hdr, i));
	return HAND_PRINTED;
}

/*
 * An address the kernel returns (accept, getsockname, getpeername, recvfrom) at argument
 * addr_arg with its length at addr_arg + 1: the buffer's size goes in, the address's length
 * comes out. Which of the two argument i is, and what strace shows of it:
 * - no address or length pointer, or a size that could not be read: both pointers;
 * - a failed call: the address's pointer and [size];
 * - else the address, as long as the lesser of size and length, and [size => length].
 */
static enum hand_result sockaddr_out_pair(struct writer *w, const struct hand_call *hc, int i,
					  int addr_arg)
{
	const int len_arg = addr_arg + 1;
	__u64 addr = hc->enter->args[addr_arg], lenp = hc->enter->args[len_arg];
	int size, len = 0;
	bool got_len;

	if (!addr || !lenp || !hand_cap_int(hand_call_in(hc, len_arg), &size) || !hc->exit) {
		hand_put_unread(w, hc->enter->args[i], tried_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	got_len = hand_cap_int(hand_call_out(hc, len_arg), &len);
	if (i == addr_arg) {
		if (!got_len)
			hand_put_unread(w, addr, tried_capture(&hc->exit->hdr, addr_arg));
		else
			write_sockaddr_of_len(hc->d, w, addr, size < len ? size : len,
					      hand_call_out(hc, addr_arg),
					      tried_capture(&hc->exit->hdr, addr_arg));
		return HAND_PRINTED;
	}
	hand_put_len_inout(w, size, got_len, len);
	return HAND_PRINTED;
}

/* accept's, accept4's, getsockname's and getpeername's address and its length. */
static enum hand_result sockaddr_out_arg1(struct writer *w, const struct hand_call *hc, int i)
{
	return sockaddr_out_pair(w, hc, i, 1);
}

/* recvfrom's address and its length. */
static enum hand_result sockaddr_out_arg4(struct writer *w, const struct hand_call *hc, int i)
{
	return sockaddr_out_pair(w, hc, i, 4);
}

/* The protocols of the families strace names them for. */
/* clang-format off */
static const struct {
	int family;
	const struct xlat *table;
} family_protocols[] = {
	{ AF_INET, &xlat_ip_protocols },
	{ AF_INET6, &xlat_ip_protocols },
	{ AF_NETLINK, &xlat_netlink_protocols },
	{ AF_BLUETOOTH, &xlat_bt_protocols },
	{ AF_CAN, &xlat_can_protocols },
};
/* clang-format on */

/*
 * socket()'s protocol, by family: the family register whole picks the table, as strace's
 * switch on it does (a family with garbage above its int picks none); the protocol is an int,
 * and for AF_PACKET an Ethernet protocol in network order: htons(ETH_P_ALL). Without a table,
 * the register as it is.
 */
static enum hand_result socket_protocol(struct writer *w, const struct hand_call *hc, int i)
{
	__u64 family = hc->enter->args[0], proto = hc->enter->args[i];

	if (family == AF_PACKET) {
		w_obj_begin(w, WR_OBJ_FN, "htons");
		hand_put_xlat(w, &xlat_ethernet_protocols, ntohs((__u16)proto));
		w_obj_end(w, false);
		return HAND_PRINTED;
	}
	for (size_t k = 0; k < sizeof(family_protocols) / sizeof(family_protocols[0]); k++) {
		if (family == (__u64)family_protocols[k].family) {
			hand_put_xlat(w, family_protocols[k].table, (__u32)proto);
			return HAND_PRINTED;
		}
	}
	w_num(w, proto, WR_UDEC);
	return HAND_PRINTED;
}

/* socketpair()'s protocol: strace shows the register as it is, whatever the family. */
static enum hand_result socketpair_protocol(struct writer *w, const struct hand_call *hc, int i)
{
	w_num(w, hc->enter->args[i], WR_UDEC);
	return HAND_PRINTED;
}

/* clang-format off */
static const struct hand_arg_entry net_args[] = {
	{"socket", "protocol", socket_protocol},
	{"socketpair", "protocol", socketpair_protocol},
	{"bind", "umyaddr", sockaddr_in_arg},
	{"connect", "uservaddr", sockaddr_in_arg},
	{"sendto", "addr", sockaddr_in_arg},
	{"accept", "upeer_sockaddr", sockaddr_out_arg1},
	{"accept", "upeer_addrlen", sockaddr_out_arg1},
	{"accept4", "upeer_sockaddr", sockaddr_out_arg1},
	{"accept4", "upeer_addrlen", sockaddr_out_arg1},
	{"getsockname", "usockaddr", sockaddr_out_arg1},
	{"getsockname", "usockaddr_len", sockaddr_out_arg1},
	{"getpeername", "usockaddr", sockaddr_out_arg1},
	{"getpeername", "usockaddr_len", sockaddr_out_arg1},
	{"recvfrom", "addr", sockaddr_out_arg4},
	{"recvfrom", "addr_len", sockaddr_out_arg4},
};
/* clang-format on */

const struct hand_family family_net = {
	.name = "net",
	.args = net_args,
	.nargs = sizeof(net_args) / sizeof(net_args[0]),
};

// SPDX-License-Identifier: GPL-2.0
/*
 * Socket options: setsockopt's and getsockopt's option names by level, and their values by
 * level and name. The kernel declares optval char __user * and casts it inside each
 * protocol's handler, so what the bytes are is strace's knowledge, kept here as a table of
 * the options whose value has a shape of its own; the rest are ints when they are an int
 * long, else bytes.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <linux/if_packet.h>
#include <linux/filter.h>

#include "base/values.h"
#include "decode/bpf_insns.h"
#include "decode/decode.h"
#include "decode/hand.h"
#include "xlat_tables.h"

#ifndef SOL_UDP
#define SOL_UDP 17
#endif
#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif
#define ICMP_FILTER_OPT 1 /* <linux/icmp.h>'s ICMP_FILTER, at SOL_RAW */

/* The option-name table of each level strace names options at. */
static const struct xlat *sockopt_table(unsigned int level)
{
	switch (level) {
	case SOL_SOCKET:
		return &xlat_socket_options;
	case SOL_IP:
		return &xlat_ip_options;
	case SOL_TCP:
		return &xlat_tcp_options;
	case SOL_UDP:
		return &xlat_udp_options;
	case SOL_IPV6:
		return &xlat_ipv6_options;
	case SOL_PACKET:
		return &xlat_packet_options;
	case SOL_RAW:
		return &xlat_raw_options;
	case SOL_NETLINK:
		return &xlat_netlink_options;
	}
	return NULL;
}

/* An option name: by its level's table, or, at a level without one, the number as it is. */
static enum hand_result sockopt_name(struct writer *w, const struct hand_call *hc, int i)
{
	const struct xlat *table = sockopt_table((unsigned int)hc->enter->args[1]);
	__u32 name = (__u32)hc->enter->args[i];

	if (table)
		hand_put_xlat(w, table, name);
	else
		w_num(w, name, WR_UDEC);
	return HAND_PRINTED;
}

/* What an option's value is, where it is not the default (an int if an int long, else bytes). */
enum sockopt_shape {
	OPT_INT,	 /* an int whenever there is one: [1]; less is an address or bytes */
	OPT_LINGER,	 /* struct linger */
	OPT_UCRED,	 /* struct ucred (SO_PEERCRED) */
	OPT_ERROR,	 /* an errno: [ECONNREFUSED] */
	OPT_FPROG,	 /* struct sock_fprog: {len=2, filter=0x...} */
	OPT_MREQ,	 /* struct ip_mreq */
	OPT_MREQ6,	 /* struct ipv6_mreq */
	OPT_TPACKET_REQ, /* struct tpacket_req */
	OPT_PACKET_MREQ, /* struct packet_mreq */
	OPT_TP_STATS,	 /* struct tpacket_stats */
	OPT_ICMP_FILTER, /* a set of ICMP types, in a 32-bit word */
	OPT_NL_INT,	 /* an int at SOL_NETLINK, whatever the length */
	OPT_NL_GROUPS,	 /* an array of group bit words */
};

#define OPT_SET (1U << 0) /* the shape of setsockopt's value */
#define OPT_GET (1U << 1) /* the shape of getsockopt's value */

struct sockopt_rule {
	int level;
	int name; /* -1: any name at the level */
	unsigned int which;
	enum sockopt_shape shape;
};

/* strace 6.1's options with a value of their own shape; every other one is the default. */
/* clang-format off */
static const struct sockopt_rule sockopt_rules[] = {
	{ SOL_SOCKET, SO_LINGER, OPT_SET | OPT_GET, OPT_LINGER },
	{ SOL_SOCKET, SO_PEERCRED, OPT_GET, OPT_UCRED },
	{ SOL_SOCKET, SO_ERROR, OPT_GET, OPT_ERROR },
	{ SOL_SOCKET, SO_ATTACH_FILTER, OPT_SET, OPT_FPROG },
	{ SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF, OPT_SET, OPT_FPROG },
	/* the options strace knows to be ints */
	{ SOL_SOCKET, SO_DEBUG, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_REUSEADDR, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_DONTROUTE, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_BROADCAST, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_SNDBUF, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_RCVBUF, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_KEEPALIVE, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_OOBINLINE, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_NO_CHECK, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_PRIORITY, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_BSDCOMPAT, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_REUSEPORT, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_PASSCRED, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_RCVLOWAT, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_SNDLOWAT, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_DETACH_FILTER, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, 29 /* SO_TIMESTAMP_OLD */, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_ACCEPTCONN, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_SNDBUFFORCE, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_RCVBUFFORCE, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_PASSSEC, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, 35 /* SO_TIMESTAMPNS_OLD */, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_MARK, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, 37 /* SO_TIMESTAMPING_OLD */, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_RXQ_OVFL, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_WIFI_STATUS, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_PEEK_OFF, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_NOFCS, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_LOCK_FILTER, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_SELECT_ERR_QUEUE, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_BUSY_POLL, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_INCOMING_CPU, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_CNX_ADVICE, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_INCOMING_NAPI_ID, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, SO_ZEROCOPY, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, 63 /* SO_TIMESTAMP_NEW */, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, 64 /* SO_TIMESTAMPNS_NEW */, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, 65 /* SO_TIMESTAMPING_NEW */, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, 68 /* SO_DETACH_REUSEPORT_BPF */, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, 69 /* SO_PREFER_BUSY_POLL */, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, 70 /* SO_BUSY_POLL_BUDGET */, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, 73 /* SO_RESERVE_MEM */, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_SOCKET, 75 /* SO_RCVMARK */, OPT_SET | OPT_GET, OPT_INT },
	{ SOL_IP, IP_ADD_MEMBERSHIP, OPT_SET, OPT_MREQ },
	{ SOL_IP, IP_DROP_MEMBERSHIP, OPT_SET, OPT_MREQ },
	{ SOL_IPV6, IPV6_ADD_MEMBERSHIP, OPT_SET, OPT_MREQ6 },
	{ SOL_IPV6, IPV6_DROP_MEMBERSHIP, OPT_SET, OPT_MREQ6 },
	{ SOL_IPV6, 27 /* IPV6_JOIN_ANYCAST */, OPT_SET, OPT_MREQ6 },
	{ SOL_IPV6, 28 /* IPV6_LEAVE_ANYCAST */, OPT_SET, OPT_MREQ6 },
	{ SOL_PACKET, PACKET_RX_RING, OPT_SET, OPT_TPACKET_REQ },
	{ SOL_PACKET, PACKET_TX_RING, OPT_SET, OPT_TPACKET_REQ },
	{ SOL_PACKET, PACKET_ADD_MEMBERSHIP, OPT_SET, OPT_PACKET_MREQ },
	{ SOL_PACKET, PACKET_DROP_MEMBERSHIP, OPT_SET, OPT_PACKET_MREQ },
	{ SOL_PACKET, PACKET_STATISTICS, OPT_GET, OPT_TP_STATS },
	{ SOL_RAW, ICMP_FILTER_OPT, OPT_SET | OPT_GET, OPT_ICMP_FILTER },
	{ SOL_NETLINK, 9 /* NETLINK_LIST_MEMBERSHIPS */, OPT_GET, OPT_NL_GROUPS },
	{ SOL_NETLINK, -1, OPT_SET | OPT_GET, OPT_NL_INT },
};
/* clang-format on */

static const struct sockopt_rule *sockopt_rule_of(unsigned int level, unsigned int name,
						  unsigned int which)
{
	for (size_t k = 0; k < sizeof(sockopt_rules) / sizeof(sockopt_rules[0]); k++) {
		const struct sockopt_rule *r = &sockopt_rules[k];

		if ((unsigned int)r->level == level &&
		    (r->name < 0 || (unsigned int)r->name == name) && (r->which & which))
			return r;
	}
	return NULL;
}

/*
 * An option's value as read: the address, where it was read, and what of it was. Each shape
 * needs its own first bytes read, as strace reads no more than it shows: a value that runs
 * into an unmapped page (cut) has only the bytes before that page.
 */
struct optval {
	__u64 addr;
	const unsigned char *data;	/* NULL: not read (a fault, or nothing asked) */
	size_t got;			/* bytes read */
	bool cut;			/* read up to an unmapped page: got bytes, no more */
	const struct bt_capture *tried; /* the capture looked for, for a fault */
	const struct bt_capture *prog;	/* a struct sock_fprog's instructions (a member rule) */
};

/* The value as read at enter or exit, whole or up to an unmapped page (NULL: none of it). */
static void optval_read(struct optval *v, const struct bt_capture *cap)
{
	v->data = cap ? hand_cap_data(cap) : NULL;
	v->got = cap ? cap->len : 0;
	v->cut = cap && (cap->flags & BT_CAP_FAULT);
}

/* The pointer, as strace shows a value it does not (or cannot) read. */
static void put_addr(struct writer *w, const struct optval *v)
{
	hand_put_unread(w, v->addr, v->tried);
}

/* [int], or the pointer when no int was read. */
static void put_int(struct writer *w, const struct optval *v)
{
	int n;

	if (!v->data || v->got < sizeof(n)) {
		put_addr(w, v);
		return;
	}
	memcpy(&n, v->data, sizeof(n));
	w_deref_begin(w);
	w_s64(w, n);
	w_deref_end(w);
}

/*
 * len bytes, -s applying: strace's printstrn. A length of -1 is its "up to the NUL"; what
 * could not be read is the pointer (strace reads one byte past -s's, or len bytes).
 */
static void put_bytes(struct writer *w, const struct optval *v, int len, unsigned int str_flags)
{
	size_t n = (unsigned int)len, need = n;

	if (w->lim.string && need > w->lim.string + 1)
		need = w->lim.string + 1;
	if (!v->addr || !v->data || (v->cut && (len == -1 || v->got < need))) {
		put_addr(w, v);
		return;
	}
	if (len == -1) {
		w_str(w, v->data, v->got, WR_STR_NUL | WR_STR_LIMIT);
		return;
	}
	if (str_flags & WR_STR_HEX) {
		w_str(w, v->data, n < v->got ? n : v->got,
		      WR_STR_HEX | (n > v->got ? WR_STR_MORE : 0));
		return;
	}
	w_bytes(w, v->data, n < v->got ? n : v->got, len, n > v->got);
}

/* A signed or unsigned 32-bit id as strace shows it: -1 for the "no id" value. */
static void put_id(struct writer *w, __u32 id)
{
	if (id == (__u32)-1)
		w_s64(w, -1);
	else
		w_u64(w, id);
}

/* The members of a struct of 32-bit members that lie within len bytes: strace's by-length. */
static void put_int_struct(struct writer *w, const struct optval *v, size_t len,
			   const char *const *names, size_t count, bool is_ucred)
{
	__u32 f[8] = {0};

	if (len > count * sizeof(__u32))
		len = count * sizeof(__u32);
	if (!v->data || v->got < len) {
		put_addr(w, v);
		return;
	}
	memcpy(f, v->data, len);
	w_struct_begin(w);
	for (size_t k = 0; k < count && (k + 1) * sizeof(__u32) <= len; k++) {
		w_key(w, names[k]);
		if (is_ucred && k > 0)
			put_id(w, f[k]);
		else if (is_ucred || !strcmp(names[k], "l_onoff") || !strcmp(names[k], "l_linger"))
			w_s64(w, (__s32)f[k]);
		else
			w_u64(w, f[k]);
	}
	w_obj_end(w, false);
}

/* {len=2, filter=0x7ffd...}, with -v the program: [BPF_STMT(BPF_RET|BPF_K, 0xffff), ...]. */
static void put_fprog(struct writer *w, const struct optval *v)
{
	struct sock_fprog prog;

	if (!v->data || v->got < sizeof(prog)) {
		put_addr(w, v);
		return;
	}
	memcpy(&prog, v->data, sizeof(prog));
	bpf_insns_write_fprog(w, prog.len, (uintptr_t)prog.filter, v->prog, CBPF_SOCKET);
}

/* An interface index: if_nametoindex("lo") when it names one here, else the number. */
static void put_ifindex(struct writer *w, const char *key, unsigned int index)
{
	char name[IF_NAMESIZE];

	w_key(w, key);
	if (index && if_indextoname(index, name)) {
		w_obj_begin(w, WR_OBJ_FN, "if_nametoindex");
		w_str(w, name, strlen(name), WR_STR_NUL);
		w_obj_end(w, false);
	} else {
		w_u64(w, index);
	}
}

static void put_mreq(struct writer *w, const struct optval *v)
{
	struct ip_mreq m;

	if (!v->data || v->got < sizeof(m)) {
		put_addr(w, v);
		return;
	}
	memcpy(&m, v->data, sizeof(m));
	w_struct_begin(w);
	hand_put_inet_addr(w, "imr_multiaddr", AF_INET, &m.imr_multiaddr);
	hand_put_inet_addr(w, "imr_interface", AF_INET, &m.imr_interface);
	w_obj_end(w, false);
}

static void put_mreq6(struct writer *w, const struct optval *v)
{
	struct ipv6_mreq m;

	if (!v->data || v->got < sizeof(m)) {
		put_addr(w, v);
		return;
	}
	memcpy(&m, v->data, sizeof(m));
	w_struct_begin(w);
	hand_put_inet_addr(w, "ipv6mr_multiaddr", AF_INET6, &m.ipv6mr_multiaddr);
	put_ifindex(w, "ipv6mr_interface", m.ipv6mr_interface);
	w_obj_end(w, false);
}

static void put_packet_mreq(struct writer *w, const struct optval *v)
{
	struct packet_mreq m;
	char mac[3 * sizeof(m.mr_address)];
	size_t n, off = 0;

	if (!v->data || v->got < sizeof(m)) {
		put_addr(w, v);
		return;
	}
	memcpy(&m, v->data, sizeof(m));
	w_struct_begin(w);
	put_ifindex(w, "mr_ifindex", m.mr_ifindex);
	w_key(w, "mr_type");
	hand_put_xlat(w, &xlat_packet_mreq_types, m.mr_type);
	w_key_num(w, "mr_alen", m.mr_alen, WR_UDEC);
	/* the hardware address as mr_alen says, within its 8 bytes: 52:54:00:12:34:56 */
	n = m.mr_alen < sizeof(m.mr_address) ? m.mr_alen : sizeof(m.mr_address);
	mac[0] = '\0';
	for (size_t k = 0; k < n; k++)
		off += snprintf(mac + off, sizeof(mac) - off, "%s%02x", k ? ":" : "",
				m.mr_address[k]);
	w_key(w, "mr_address");
	w_name(w, mac);
	w_obj_end(w, false);
}

/*
 * The ICMP types a filter's word has bits for: [ICMP_ECHO ICMP_TIMESTAMP], or ~[...] for
 * those it lacks when it has more than half, as strace shows a set.
 */
static void put_icmp_filter(struct writer *w, const struct optval *v, int len)
{
	__u32 filter = ~0U;
	size_t n;
	bool negated;

	if (len <= 0 || !v->data) {
		put_addr(w, v);
		return;
	}
	n = (size_t)len < sizeof(filter) ? (size_t)len : sizeof(filter);
	if (v->got < n) {
		put_addr(w, v);
		return;
	}
	memcpy(&filter, v->data, n);
	negated = __builtin_popcount(filter) > 16;
	if (negated)
		filter = ~filter;
	w_arr_begin(w, negated ? WR_ARR_NOT_SET : WR_ARR_SET);
	for (unsigned int bit = 0; bit < 32; bit++) {
		if (filter & (1U << bit))
			hand_put_xlat(w, &xlat_icmp_types, bit);
	}
	w_arr_end(w, false);
}

static void put_err(struct writer *w, const struct optval *v, int len)
{
	int err;

	if (len < (int)sizeof(err)) {
		put_bytes(w, v, len, WR_STR_HEX);
		return;
	}
	if (!v->data || v->got < sizeof(err)) {
		put_addr(w, v);
		return;
	}
	memcpy(&err, v->data, sizeof(err));
	w_deref_begin(w);
	if (err && xlat_errno_name(err))
		w_const(w, (__u32)err, WR_UDEC, xlat_errno_name(err), NULL);
	else
		w_u64(w, (__u32)err);
	w_deref_end(w);
}

/* What the kernel's copy of an array of u32 group words holds: [0x1, 0]. */
static void put_u32_array(struct writer *w, const struct optval *v, size_t len)
{
	size_t n = len / sizeof(__u32);

	if (!v->data || (v->cut && v->got < n * sizeof(__u32))) {
		put_addr(w, v);
		return;
	}
	w_arr_begin(w, WR_ARR_LIST);
	for (size_t k = 0; k < n && (k + 1) * sizeof(__u32) <= v->got; k++) {
		__u32 word;

		memcpy(&word, v->data + k * sizeof(word), sizeof(word));
		w_u64(w, word);
	}
	w_arr_end(w, n * sizeof(__u32) > v->got);
}

static const char *const linger_names[] = {"l_onoff", "l_linger"};
static const char *const ucred_names[] = {"pid", "uid", "gid"};
static const char *const tpacket_req_names[] = {"tp_block_size", "tp_block_nr", "tp_frame_size",
						"tp_frame_nr"};
static const char *const tp_stats_names[] = {"tp_packets", "tp_drops", "tp_freeze_q_cnt"};

/* setsockopt's value, len bytes long as optlen (an int) says. */
static void put_set_value(struct writer *w, const struct sockopt_rule *r, const struct optval *v,
			  int len)
{
	if (v->addr && r) {
		switch (r->shape) {
		case OPT_INT:
		case OPT_NL_INT:
			if (len < (int)sizeof(int))
				put_addr(w, v);
			else
				put_int(w, v);
			return;
		case OPT_LINGER:
			if (len < (int)(2 * sizeof(int)))
				put_addr(w, v);
			else
				put_int_struct(w, v, 2 * sizeof(int), linger_names, 2, false);
			return;
		case OPT_FPROG:
			if (len == sizeof(struct sock_fprog))
				put_fprog(w, v);
			else
				put_addr(w, v);
			return;
		case OPT_MREQ:
			if (len < (int)sizeof(struct ip_mreq))
				put_addr(w, v);
			else
				put_mreq(w, v);
			return;
		case OPT_MREQ6:
			if (len < (int)sizeof(struct ipv6_mreq))
				put_addr(w, v);
			else
				put_mreq6(w, v);
			return;
		case OPT_TPACKET_REQ:
			if (len != sizeof(struct tpacket_req))
				put_addr(w, v);
			else
				put_int_struct(w, v, len, tpacket_req_names, 4, false);
			return;
		case OPT_PACKET_MREQ:
			if (len != sizeof(struct packet_mreq))
				put_addr(w, v);
			else
				put_packet_mreq(w, v);
			return;
		case OPT_ICMP_FILTER:
			put_icmp_filter(w, v, len);
			return;
		default:
			break;
		}
	}
	if (len == sizeof(int))
		put_int(w, v);
	else
		put_bytes(w, v, len, 0);
}

/* getsockopt's value: the caller's size was size, the kernel's length is len. */
static void put_get_value(struct writer *w, const struct sockopt_rule *r, const struct optval *v,
			  int size, int len)
{
	if (size <= 0 || len <= 0) {
		/* the kernel neither takes nor returns a negative length: nothing to show */
		put_addr(w, v);
		return;
	}
	if (v->addr && r) {
		switch (r->shape) {
		case OPT_INT:
			if (len >= (int)sizeof(int))
				put_int(w, v);
			else
				put_bytes(w, v, len, WR_STR_HEX);
			return;
		case OPT_LINGER:
			put_int_struct(w, v, len, linger_names, 2, false);
			return;
		case OPT_UCRED:
			put_int_struct(w, v, len, ucred_names, 3, true);
			return;
		case OPT_ERROR:
			put_err(w, v, len);
			return;
		case OPT_TP_STATS:
			put_int_struct(w, v, len, tp_stats_names, 3, false);
			return;
		case OPT_ICMP_FILTER:
			put_icmp_filter(w, v, len);
			return;
		case OPT_NL_GROUPS:
			put_u32_array(w, v, size < len ? size : len);
			return;
		case OPT_NL_INT:
			put_int(w, v);
			return;
		default:
			break;
		}
	}
	if (len == sizeof(int))
		put_int(w, v);
	else
		put_bytes(w, v, len, 0);
}

/* setsockopt's optval: what was passed, optlen bytes of it. */
static enum hand_result setsockopt_value(struct writer *w, const struct hand_call *hc, int i)
{
	unsigned int level = (unsigned int)hc->enter->args[1],
		     name = (unsigned int)hc->enter->args[2];
	struct optval v = {
		.addr = hc->enter->args[i],
		.tried = record_capture(&hc->enter->hdr, i),
	};

	optval_read(&v, hand_call_in_prefix(hc, i));
	if (level == SOL_SOCKET)
		v.prog = hand_member_capture(hc, &hc->enter->hdr, i, name, "filter", 0);
	put_set_value(w, sockopt_rule_of(level, name, OPT_SET), &v, (int)hc->enter->args[4]);
	return HAND_PRINTED;
}

/*
 * getsockopt's optval and optlen, as strace shows them: without a size read at enter, both
 * pointers; for a failed call, the buffer's pointer and [size]; else the value as long as
 * the kernel said, and [size => len].
 */
static enum hand_result getsockopt_arg(struct writer *w, const struct hand_call *hc, int i)
{
	const int val_arg = 3, len_arg = 4;
	unsigned int level = (unsigned int)hc->enter->args[1],
		     name = (unsigned int)hc->enter->args[2];
	struct optval v = {.addr = hc->enter->args[val_arg]};
	int size, len = 0;
	bool got_len;

	if (!hc->enter->args[len_arg] || !hand_cap_int(hand_call_in(hc, len_arg), &size) ||
	    !hc->exit) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	got_len = hand_cap_int(hand_call_out(hc, len_arg), &len);
	if (i == len_arg) {
		hand_put_len_inout(w, size, got_len, len);
		return HAND_PRINTED;
	}
	v.tried = record_capture(&hc->exit->hdr, val_arg);
	if (!got_len) {
		put_addr(w, &v);
		return HAND_PRINTED;
	}
	optval_read(&v, hand_call_out_prefix(hc, val_arg));
	put_get_value(w, sockopt_rule_of(level, name, OPT_GET), &v, size, len);
	return HAND_PRINTED;
}

/* clang-format off */
static const struct hand_arg_entry sockopt_args[] = {
	{"setsockopt", "optname", sockopt_name},
	{"getsockopt", "optname", sockopt_name},
	{"setsockopt", "optval", setsockopt_value},
	{"getsockopt", "optval", getsockopt_arg},
	{"getsockopt", "optlen", getsockopt_arg},
};
/* clang-format on */

const struct hand_family family_sockopt = {
	.name = "sockopt",
	.args = sockopt_args,
	.nargs = sizeof(sockopt_args) / sizeof(sockopt_args[0]),
};

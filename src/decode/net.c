// SPDX-License-Identifier: GPL-2.0
/*
 * Sockets. A sockaddr's layout depends on its family field; socket()'s protocol means something
 * by family; setsockopt/getsockopt option names by level and option values by level and name
 * (the kernel declares optval char __user * and casts inside each protocol's handler);
 * sendmsg's and recvmsg's header points to an address, buffers and control messages. Neither
 * tracefs nor BTF can say any of this.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <linux/netlink.h>

#include "base/values.h"
#include "decode/decode.h"
#include "decode/hand.h"
#include "xlat_tables.h"

void hand_print_sockaddr(const struct decoder *d, struct writer *w, const void *data, size_t len,
			 bool more)
{
	const unsigned char *p = data;
	char addr[INET6_ADDRSTRLEN], text[INET6_ADDRSTRLEN + 48];
	sa_family_t family;

	if (len < sizeof(family)) {
		w_elided(w);
		return;
	}
	memcpy(&family, p, sizeof(family));
	w_struct_begin(w);
	w_key(w, "sa_family");
	xlat_write_const(w, &xlat_address_families, family, WR_UDEC);
	if (family == AF_INET && len >= sizeof(struct sockaddr_in)) {
		struct sockaddr_in sin;

		memcpy(&sin, p, sizeof(sin));
		inet_ntop(AF_INET, &sin.sin_addr, addr, sizeof(addr));
		w_key(w, "sin_port");
		snprintf(text, sizeof(text), "htons(%u)", ntohs(sin.sin_port));
		w_num_text(w, ntohs(sin.sin_port), WR_UDEC, text);
		w_key(w, "sin_addr");
		w_obj_begin(w, WR_OBJ_FN, "inet_addr");
		w_str(w, addr, strlen(addr), WR_STR_NUL);
		w_obj_end(w, false);
	} else if (family == AF_INET6 && len >= sizeof(struct sockaddr_in6)) {
		struct sockaddr_in6 sin6;

		memcpy(&sin6, p, sizeof(sin6));
		inet_ntop(AF_INET6, &sin6.sin6_addr, addr, sizeof(addr));
		w_key(w, "sin6_port");
		snprintf(text, sizeof(text), "htons(%u)", ntohs(sin6.sin6_port));
		w_num_text(w, ntohs(sin6.sin6_port), WR_UDEC, text);
		w_key(w, "sin6_flowinfo");
		snprintf(text, sizeof(text), "htonl(%u)", ntohl(sin6.sin6_flowinfo));
		w_num_text(w, ntohl(sin6.sin6_flowinfo), WR_UDEC, text);
		/* strace's spelling shows no key: inet_pton(AF_INET6, "::1", &sin6_addr) */
		w->ops->key_hidden(w, "sin6_addr");
		w_obj_begin(w, WR_OBJ_FN, "inet_pton");
		w_lit(w, "AF_INET6, ");
		w_str(w, addr, strlen(addr), WR_STR_NUL);
		w_lit(w, ", &sin6_addr");
		w_obj_end(w, false);
		w_key_num(w, "sin6_scope_id", sin6.sin6_scope_id, WR_UDEC);
	} else if (family == AF_UNIX) {
		size_t off = offsetof(struct sockaddr_un, sun_path);
		size_t n = len > off ? len - off : 0;

		if (n > sizeof(((struct sockaddr_un *)0)->sun_path))
			n = sizeof(((struct sockaddr_un *)0)->sun_path);
		/* an unnamed socket's address is its family alone: no sun_path, as in strace */
		if (n && p[off] == '\0') {
			/* an abstract socket: the name follows a NUL and may hold NULs */
			w_key(w, "sun_path");
			w_str(w, p + off + 1, n - 1, WR_STR_ABSTRACT);
		} else if (n) {
			w_key(w, "sun_path");
			w_str(w, p + off, n, WR_STR_NUL);
		}
	} else if (family == AF_NETLINK && len >= sizeof(struct sockaddr_nl)) {
		struct sockaddr_nl snl;

		memcpy(&snl, p, sizeof(snl));
		w_key_num(w, "nl_pid", snl.nl_pid, WR_UDEC);
		w_key(w, "nl_groups");
		snprintf(text, sizeof(text), "%#08x", snl.nl_groups);
		w_num_text(w, snl.nl_groups, WR_UDEC, text);
	} else if (len > sizeof(family)) {
		w_key(w, "sa_data");
		w_str(w, p + sizeof(family), len - sizeof(family), more ? WR_STR_MORE : 0);
	}
	w_obj_end(w, false);
}

/* The option-name table of each level. */
static const struct xlat *sockopt_table(int level)
{
	switch (level) {
	case SOL_SOCKET:
		return &xlat_socket_options;
	case SOL_IP:
		return &xlat_ip_options;
	case SOL_TCP:
		return &xlat_tcp_options;
	case SOL_IPV6:
		return &xlat_ipv6_options;
	}
	return NULL;
}

static enum hand_result socket_protocol(struct writer *w, const struct hand_call *hc, int i)
{
	int family = (int)hc->enter->args[0];

	/* only for IP families are protocols IP protocol numbers */
	if (family != AF_INET && family != AF_INET6)
		return HAND_DEFAULT;
	hand_put_xlat(w, &xlat_ip_protocols, (__u64)(__s64)(int)hc->enter->args[i]);
	return HAND_PRINTED;
}

static enum hand_result sockopt_name(struct writer *w, const struct hand_call *hc, int i)
{
	const struct xlat *table = sockopt_table((int)hc->enter->args[1]);

	if (!table)
		return HAND_DEFAULT;
	hand_put_xlat(w, table, (__u64)(__s64)(int)hc->enter->args[i]);
	return HAND_PRINTED;
}

/* What an option's value is when it is not an int (the default for an option of int size). */
enum sockopt_kind {
	SOCKOPT_STRUCT, /* a BTF struct, by name */
	SOCKOPT_STRING, /* a name: an interface, a congestion control algorithm */
	SOCKOPT_BYTES,	/* bytes, whatever their size */
};

struct sockopt_type {
	int level;
	int name;
	enum sockopt_kind kind;
	const char *type; /* SOCKOPT_STRUCT */
};

/* Options whose value is not an int. */
/* clang-format off */
static const struct sockopt_type sockopt_types[] = {
	/* strace 6.1 shows the time options' timevals as bytes, and SO_TYPE as a number */
	{SOL_SOCKET, SO_LINGER, SOCKOPT_STRUCT, "struct linger"},
	{SOL_SOCKET, SO_RCVTIMEO_OLD, SOCKOPT_BYTES, NULL},
	{SOL_SOCKET, SO_SNDTIMEO_OLD, SOCKOPT_BYTES, NULL},
	{SOL_SOCKET, SO_RCVTIMEO_NEW, SOCKOPT_BYTES, NULL},
	{SOL_SOCKET, SO_SNDTIMEO_NEW, SOCKOPT_BYTES, NULL},
	{SOL_SOCKET, SO_PEERCRED, SOCKOPT_STRUCT, "struct ucred"},
	{SOL_SOCKET, SO_BINDTODEVICE, SOCKOPT_STRING, NULL},
	{SOL_TCP, TCP_CONGESTION, SOCKOPT_STRING, NULL},
	{SOL_TCP, TCP_ULP, SOCKOPT_STRING, NULL},
};
/* clang-format on */

static const struct sockopt_type *sockopt_type_of(int level, int name)
{
	for (size_t k = 0; k < sizeof(sockopt_types) / sizeof(sockopt_types[0]); k++) {
		if (sockopt_types[k].level == level && sockopt_types[k].name == name)
			return &sockopt_types[k];
	}
	return NULL;
}

/*
 * optval: what setsockopt passes (optlen bytes) or what getsockopt got back
 * (as many bytes as the kernel wrote into *optlen).
 */
static enum hand_result sockopt_value(struct writer *w, const struct hand_call *hc, int i)
{
	int level = (int)hc->enter->args[1], name = (int)hc->enter->args[2];
	const struct sockopt_type *st = sockopt_type_of(level, name);
	const struct bt_capture *cap, *lencap;
	const unsigned char *data;
	size_t len;
	bool more;
	int v;

	if (!strcmp(hand_call_name(hc), "getsockopt")) {
		/* optlen is a pointer, read at enter and at exit */
		cap = hand_call_out(hc, i);
		if (!cap)
			return HAND_DEFAULT;
		len = cap->len;
		lencap = hand_call_out(hc, 4);
		more = cap->flags & BT_CAP_TRUNCATED;
		if (lencap && lencap->len >= sizeof(v)) {
			memcpy(&v, hand_cap_data(lencap), sizeof(v));
			if (v >= 0 && (size_t)v < len)
				len = v;
			more = more || (v >= 0 && (size_t)v > cap->len);
		}
	} else {
		cap = hand_call_in(hc, i);
		if (!cap)
			return HAND_DEFAULT;
		len = cap->len;
		more = decode_cap_cut(cap);
	}
	data = hand_cap_data(cap);
	if (!st) {
		/* an option of a known level the size of an int is one */
		if (!sockopt_table(level) || len != sizeof(v) || more)
			goto bytes;
		memcpy(&v, data, sizeof(v));
		w_deref_begin(w);
		w_s64(w, v);
		w_deref_end(w);
		return HAND_PRINTED;
	}
	switch (st->kind) {
	case SOCKOPT_STRING:
		w_str(w, data, len, WR_STR_NUL | (more ? WR_STR_MORE : 0));
		return HAND_PRINTED;
	case SOCKOPT_STRUCT:
		if (more || !hand_put_btf(hc->d, w, st->type, data, len))
			goto bytes;
		return HAND_PRINTED;
	case SOCKOPT_BYTES:
		break;
	}
bytes:
	/* not known, or not the size expected: the bytes themselves */
	w_bytes(w, data, len, -1, more);
	return HAND_PRINTED;
}

/* The data of one control message: passed fds, credentials, or bytes. */
static void write_cmsg_data(struct writer *w, int level, int type, const unsigned char *data,
			    size_t len)
{
	if (level == SOL_SOCKET && type == SCM_RIGHTS) {
		w_arr_begin(w, WR_ARR_LIST);
		for (size_t k = 0; k + sizeof(int) <= len; k += sizeof(int)) {
			int fd;

			memcpy(&fd, data + k, sizeof(fd));
			w_s64(w, fd);
		}
		w_arr_end(w, false);
	} else if (level == SOL_SOCKET && type == SCM_CREDENTIALS && len >= sizeof(struct ucred)) {
		struct ucred cred;

		memcpy(&cred, data, sizeof(cred));
		w_struct_begin(w);
		w_key_num(w, "pid", (__u64)(__s64)cred.pid, WR_DEC);
		w_key_num(w, "uid", cred.uid, WR_UDEC);
		w_key_num(w, "gid", cred.gid, WR_UDEC);
		w_obj_end(w, false);
	} else {
		w_bytes(w, data, len, -1, false);
	}
}

/*
 * msg_control: [{cmsg_len=20, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS,
 * cmsg_data=[5]}]. The headers are walked as the kernel's CMSG_NXTHDR does,
 * within the bytes read; a header that claims more than that ends the walk.
 */
static void write_cmsgs(struct writer *w, const struct bt_capture *cap)
{
	const unsigned char *p = hand_cap_data(cap);
	size_t off = 0, len = cap->len;

	w_arr_begin(w, WR_ARR_LIST);
	while (off + sizeof(struct cmsghdr) <= len) {
		struct cmsghdr h;
		size_t data_len;

		memcpy(&h, p + off, sizeof(h));
		if (h.cmsg_len < sizeof(h))
			break;
		w_struct_begin(w);
		w_key_num(w, "cmsg_len", h.cmsg_len, WR_UDEC);
		w_key(w, "cmsg_level");
		hand_put_xlat(w, &xlat_socket_levels, (__u64)(__s64)h.cmsg_level);
		w_key(w, "cmsg_type");
		if (h.cmsg_level == SOL_SOCKET)
			hand_put_xlat(w, &xlat_scm_types, (__u64)(__s64)h.cmsg_type);
		else
			w_s64(w, h.cmsg_type);
		data_len = h.cmsg_len - sizeof(h);
		if (data_len > len - off - sizeof(h)) {
			w_obj_end(w, true);
			off = len;
			break;
		}
		w_key(w, "cmsg_data");
		write_cmsg_data(w, h.cmsg_level, h.cmsg_type, p + off + sizeof(h), data_len);
		w_obj_end(w, false);
		off += CMSG_ALIGN(h.cmsg_len);
	}
	w_arr_end(w, off < len || (cap->flags & BT_CAP_TRUNCATED));
}

/* A size_t member the kernel may have changed: "110 => 0", as strace writes it. */
static void write_updated(struct writer *w, __u64 before, __u64 after, bool updated)
{
	if (!updated || after == before) {
		w_u64(w, before);
		return;
	}
	w_inout_begin(w);
	w_u64(w, before);
	w_inout_mid(w);
	w_u64(w, after);
	w_inout_end(w);
}

/*
 * sendmsg's and recvmsg's struct user_msghdr, with what it points to: the
 * collector reads the header, then the address, the data (as readv's) and
 * the control messages, tagged BT_CAP_INNER_*. sendmsg's are inputs, read at
 * enter; recvmsg's are the kernel's output, read at exit, where the header's
 * lengths may have changed.
 */
static enum hand_result msghdr(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *in = hand_call_in(hc, i), *out = hand_call_out(hc, i);
	const struct bt_rec_hdr *parts = decode_msghdr_parts(hc->d, hc->nr, i, hc->enter, hc->exit);
	const struct bt_capture *name, *iov, *control;
	struct msghdr before, after;
	size_t namelen = 0;
	bool name_more = false;

	if (!in || in->len < sizeof(before))
		return HAND_DEFAULT;
	memcpy(&before, hand_cap_data(in), sizeof(before));
	after = before;
	if (out && out->len >= sizeof(after))
		memcpy(&after, hand_cap_data(out), sizeof(after));
	else
		out = NULL;
	name = parts ? record_capture(parts, i + BT_CAP_INNER_NAME) : NULL;
	iov = parts ? record_capture(parts, i + BT_CAP_INNER_IOV) : NULL;
	control = parts ? record_capture(parts, i + BT_CAP_INNER_CONTROL) : NULL;

	if (name && !(name->flags & BT_CAP_FAULT)) {
		/*
		 * read over the length the kernel returned, which may exceed the
		 * buffer: it wrote no more than the buffer's length, passed in
		 */
		namelen = name->len;
		name_more = name->flags & BT_CAP_TRUNCATED;
		if ((__u32)before.msg_namelen < namelen) {
			namelen = (__u32)before.msg_namelen;
			name_more = false;
		}
	}
	w_struct_begin(w);
	w_key(w, "msg_name");
	if (namelen >= sizeof(sa_family_t) && after.msg_namelen > 0)
		hand_print_sockaddr(hc->d, w, hand_cap_data(name), namelen, name_more);
	else
		hand_put_pointer(w, (uintptr_t)after.msg_name);
	w_key(w, "msg_namelen");
	write_updated(w, (__u32)before.msg_namelen, (__u32)after.msg_namelen, out);
	w_key(w, "msg_iov");
	if (iov && !(iov->flags & BT_CAP_FAULT))
		hand_print_iovec(w, iov);
	else
		hand_put_pointer(w, (uintptr_t)before.msg_iov);
	w_key_num(w, "msg_iovlen", before.msg_iovlen, WR_UDEC);
	if (after.msg_controllen) {
		w_key(w, "msg_control");
		if (control && !(control->flags & BT_CAP_FAULT))
			write_cmsgs(w, control);
		else
			hand_put_pointer(w, (uintptr_t)after.msg_control);
	}
	w_key(w, "msg_controllen");
	write_updated(w, before.msg_controllen, after.msg_controllen, out);
	w_key(w, "msg_flags");
	hand_put_xlat(w, &xlat_msg_flags, (__u32)after.msg_flags);
	w_obj_end(w, false);
	return HAND_PRINTED;
}

/* clang-format off */
static const struct hand_bytes_entry net_bytes[] = {
	{"bind", "umyaddr", hand_print_sockaddr},
	{"connect", "uservaddr", hand_print_sockaddr},
	{"sendto", "addr", hand_print_sockaddr},
	{"recvfrom", "addr", hand_print_sockaddr},
	{"accept", "upeer_sockaddr", hand_print_sockaddr},
	{"accept4", "upeer_sockaddr", hand_print_sockaddr},
	{"getsockname", "usockaddr", hand_print_sockaddr},
	{"getpeername", "usockaddr", hand_print_sockaddr},
};

static const struct hand_arg_entry net_args[] = {
	{"socket", "protocol", socket_protocol},
	{"socketpair", "protocol", socket_protocol},
	{"setsockopt", "optname", sockopt_name},
	{"getsockopt", "optname", sockopt_name},
	{"sendmsg", "msg", msghdr},
	{"recvmsg", "msg", msghdr},
	{"setsockopt", "optval", sockopt_value},
	{"getsockopt", "optval", sockopt_value},
};
/* clang-format on */

const struct hand_family family_net = {
	.name = "net",
	.bytes = net_bytes,
	.nbytes = sizeof(net_bytes) / sizeof(net_bytes[0]),
	.args = net_args,
	.nargs = sizeof(net_args) / sizeof(net_args[0]),
};

// SPDX-License-Identifier: GPL-2.0
/*
 * Socket arguments whose meaning another argument decides: socket()'s
 * protocol by family, and setsockopt/getsockopt option names by level and
 * option values by level and name. Neither tracefs nor BTF can say that
 * optval of (SOL_SOCKET, SO_LINGER) is a struct linger: the kernel declares
 * it char __user * and casts inside each protocol's handler.
 */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/socket.h>

#include "decode/arg_printers.h"
#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/quote.h"

/* The option-name table of each level. */
static const char *sockopt_table(int level)
{
	switch (level) {
	case SOL_SOCKET:
		return "socket_options";
	case SOL_IP:
		return "ip_options";
	case SOL_TCP:
		return "tcp_options";
	case SOL_IPV6:
		return "ipv6_options";
	}
	return NULL;
}

enum hand_result hand_socket_protocol(struct outbuf *ob, const struct hand_call *hc, int i)
{
	int family = (int)hc->enter->args[0];

	/* only for IP families are protocols IP protocol numbers */
	if (family != AF_INET && family != AF_INET6)
		return HAND_DEFAULT;
	hand_put_xlat(hc->d, ob, "ip_protocols", (__u64)(__s64)(int)hc->enter->args[i]);
	return HAND_PRINTED;
}

enum hand_result hand_sockopt_name(struct outbuf *ob, const struct hand_call *hc, int i)
{
	const char *table = sockopt_table((int)hc->enter->args[1]);

	if (!table)
		return HAND_DEFAULT;
	hand_put_xlat(hc->d, ob, table, (__u64)(__s64)(int)hc->enter->args[i]);
	return HAND_PRINTED;
}

/* What an option's value is when it is not an int (the default for an option of int size). */
enum sockopt_kind {
	SOCKOPT_STRUCT,	   /* a BTF struct, by name */
	SOCKOPT_STRING,	   /* a name: an interface, a congestion control algorithm */
	SOCKOPT_SOCK_TYPE, /* an int that is a socket type */
	SOCKOPT_FAMILY,	   /* an int that is an address family */
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
	{SOL_SOCKET, SO_LINGER, SOCKOPT_STRUCT, "struct linger"},
	{SOL_SOCKET, SO_RCVTIMEO_OLD, SOCKOPT_STRUCT, "struct __kernel_old_timeval"},
	{SOL_SOCKET, SO_SNDTIMEO_OLD, SOCKOPT_STRUCT, "struct __kernel_old_timeval"},
	{SOL_SOCKET, SO_RCVTIMEO_NEW, SOCKOPT_STRUCT, "struct __kernel_sock_timeval"},
	{SOL_SOCKET, SO_SNDTIMEO_NEW, SOCKOPT_STRUCT, "struct __kernel_sock_timeval"},
	{SOL_SOCKET, SO_PEERCRED, SOCKOPT_STRUCT, "struct ucred"},
	{SOL_SOCKET, SO_BINDTODEVICE, SOCKOPT_STRING, NULL},
	{SOL_SOCKET, SO_TYPE, SOCKOPT_SOCK_TYPE, NULL},
	{SOL_SOCKET, SO_DOMAIN, SOCKOPT_FAMILY, NULL},
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

static void put_int_by(const struct decoder *d, struct outbuf *ob, enum value_kind kind,
		       const char *table, int v)
{
	const struct value_printer vp = {.scope = "*", .name = "", .kind = kind, .table = table};

	outbuf_putc(ob, '[');
	if (value_printer_format(&vp, ob, (__u64)(__s64)v, d->opts.xlat))
		outbuf_s64(ob, v);
	outbuf_putc(ob, ']');
}

/*
 * optval: what setsockopt passes (optlen bytes) or what getsockopt got back
 * (as many bytes as the kernel wrote into *optlen).
 */
enum hand_result hand_sockopt_value(struct outbuf *ob, const struct hand_call *hc, int i)
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
		outbuf_printf(ob, "[%d]", v);
		return HAND_PRINTED;
	}
	switch (st->kind) {
	case SOCKOPT_STRING:
		quote_bytes(ob, data, len, 0, true, more);
		return HAND_PRINTED;
	case SOCKOPT_STRUCT:
		if (more || !hand_put_btf(hc->d, ob, st->type, data, len))
			goto bytes;
		return HAND_PRINTED;
	case SOCKOPT_SOCK_TYPE:
	case SOCKOPT_FAMILY:
		if (len != sizeof(v) || more)
			goto bytes;
		memcpy(&v, data, sizeof(v));
		if (st->kind == SOCKOPT_SOCK_TYPE)
			put_int_by(hc->d, ob, VK_SOCK_TYPE, NULL, v);
		else
			put_int_by(hc->d, ob, VK_XLAT, "address_families", v);
		return HAND_PRINTED;
	}
bytes:
	/* not known, or not the size expected: the bytes themselves */
	quote_bytes(ob, data, len, hc->d->opts.string_limit, false, more);
	return HAND_PRINTED;
}

/* The data of one control message: passed fds, credentials, or bytes. */
static void put_cmsg_data(const struct decoder *d, struct outbuf *ob, int level, int type,
			  const unsigned char *data, size_t len)
{
	if (level == SOL_SOCKET && type == SCM_RIGHTS) {
		outbuf_putc(ob, '[');
		for (size_t k = 0; k + sizeof(int) <= len; k += sizeof(int)) {
			int fd;

			memcpy(&fd, data + k, sizeof(fd));
			if (k)
				outbuf_puts(ob, ", ");
			outbuf_s64(ob, fd);
		}
		outbuf_putc(ob, ']');
	} else if (level == SOL_SOCKET && type == SCM_CREDENTIALS && len >= sizeof(struct ucred)) {
		struct ucred cred;

		memcpy(&cred, data, sizeof(cred));
		outbuf_printf(ob, "{pid=%d, uid=%u, gid=%u}", cred.pid, cred.uid, cred.gid);
	} else {
		quote_bytes(ob, data, len, d->opts.string_limit, false, false);
	}
}

/*
 * msg_control: [{cmsg_len=20, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS,
 * cmsg_data=[5]}]. The headers are walked as the kernel's CMSG_NXTHDR does,
 * within the bytes read; a header that claims more than that ends the walk.
 */
static void put_cmsgs(const struct decoder *d, struct outbuf *ob, const struct bt_capture *cap)
{
	const unsigned char *p = hand_cap_data(cap);
	size_t off = 0, len = cap->len;
	unsigned int shown = 0;

	outbuf_putc(ob, '[');
	while (off + sizeof(struct cmsghdr) <= len) {
		struct cmsghdr h;
		size_t data_len;

		memcpy(&h, p + off, sizeof(h));
		if (h.cmsg_len < sizeof(h))
			break;
		if (shown++)
			outbuf_puts(ob, ", ");
		outbuf_printf(ob, "{cmsg_len=%zu, cmsg_level=", (size_t)h.cmsg_len);
		hand_put_xlat(d, ob, "socket_levels", (__u64)(__s64)h.cmsg_level);
		outbuf_puts(ob, ", cmsg_type=");
		if (h.cmsg_level == SOL_SOCKET)
			hand_put_xlat(d, ob, "scm_types", (__u64)(__s64)h.cmsg_type);
		else
			outbuf_s64(ob, h.cmsg_type);
		data_len = h.cmsg_len - sizeof(h);
		if (data_len > len - off - sizeof(h)) {
			outbuf_puts(ob, ", ...}");
			off = len;
			break;
		}
		outbuf_puts(ob, ", cmsg_data=");
		put_cmsg_data(d, ob, h.cmsg_level, h.cmsg_type, p + off + sizeof(h), data_len);
		outbuf_putc(ob, '}');
		off += CMSG_ALIGN(h.cmsg_len);
	}
	if (off < len || (cap->flags & BT_CAP_TRUNCATED))
		outbuf_puts(ob, shown ? ", ..." : "...");
	outbuf_putc(ob, ']');
}

/* A size_t member the kernel may have changed: "110 => 0", as strace writes it. */
static void put_updated(struct outbuf *ob, __u64 before, __u64 after, bool updated)
{
	outbuf_u64(ob, before);
	if (updated && after != before) {
		outbuf_puts(ob, " => ");
		outbuf_u64(ob, after);
	}
}

/*
 * sendmsg's and recvmsg's struct user_msghdr, with what it points to: the
 * collector reads the header, then the address, the data (as readv's) and
 * the control messages, tagged BT_CAP_INNER_*. sendmsg's are inputs, read at
 * enter; recvmsg's are the kernel's output, read at exit, where the header's
 * lengths may have changed.
 */
enum hand_result hand_msghdr(struct outbuf *ob, const struct hand_call *hc, int i)
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
	outbuf_puts(ob, "{msg_name=");
	if (namelen >= sizeof(sa_family_t) && after.msg_namelen > 0)
		hand_print_sockaddr(hc->d, ob, hand_cap_data(name), namelen, name_more);
	else
		hand_put_pointer(ob, (uintptr_t)after.msg_name);
	outbuf_puts(ob, ", msg_namelen=");
	put_updated(ob, (__u32)before.msg_namelen, (__u32)after.msg_namelen, out);
	outbuf_puts(ob, ", msg_iov=");
	if (iov && !(iov->flags & BT_CAP_FAULT))
		decode_print_iovec(hc->d, ob, iov);
	else
		hand_put_pointer(ob, (uintptr_t)before.msg_iov);
	outbuf_printf(ob, ", msg_iovlen=%zu", (size_t)before.msg_iovlen);
	if (after.msg_controllen) {
		outbuf_puts(ob, ", msg_control=");
		if (control && !(control->flags & BT_CAP_FAULT))
			put_cmsgs(hc->d, ob, control);
		else
			hand_put_pointer(ob, (uintptr_t)after.msg_control);
	}
	outbuf_puts(ob, ", msg_controllen=");
	put_updated(ob, before.msg_controllen, after.msg_controllen, out);
	outbuf_puts(ob, ", msg_flags=");
	hand_put_xlat(hc->d, ob, "msg_flags", (__u32)after.msg_flags);
	outbuf_putc(ob, '}');
	return HAND_PRINTED;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Hand decoders. Each exists because BTF alone cannot say how to read the
 * bytes: a sockaddr's layout depends on its family field, and directory
 * entries are a packed run of variable-length records.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <linux/netlink.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/quote.h"
#include "decode/xlat.h"

/* Directory entries shown before "..." unless -v. */
#define DIRENT_SHOW_MAX 32

static void print_family(struct outbuf *ob, unsigned int family)
{
	const struct xlat *x = xlat_find("address_families");
	const char *name = x ? xlat_name(x, family) : NULL;

	outbuf_puts(ob, "sa_family=");
	if (name)
		outbuf_puts(ob, name);
	else
		outbuf_u64(ob, family);
}

void hand_print_sockaddr(const struct decoder *d, struct outbuf *ob, const void *data, size_t len,
			 bool more)
{
	const unsigned char *p = data;
	char addr[INET6_ADDRSTRLEN];
	sa_family_t family;

	if (len < sizeof(family)) {
		outbuf_puts(ob, "{...}");
		return;
	}
	memcpy(&family, p, sizeof(family));
	outbuf_putc(ob, '{');
	print_family(ob, family);
	if (family == AF_INET && len >= sizeof(struct sockaddr_in)) {
		struct sockaddr_in sin;

		memcpy(&sin, p, sizeof(sin));
		inet_ntop(AF_INET, &sin.sin_addr, addr, sizeof(addr));
		outbuf_printf(ob, ", sin_port=htons(%u), sin_addr=inet_addr(\"%s\")",
			      ntohs(sin.sin_port), addr);
	} else if (family == AF_INET6 && len >= sizeof(struct sockaddr_in6)) {
		struct sockaddr_in6 sin6;

		memcpy(&sin6, p, sizeof(sin6));
		inet_ntop(AF_INET6, &sin6.sin6_addr, addr, sizeof(addr));
		outbuf_printf(ob,
			      ", sin6_port=htons(%u), sin6_flowinfo=htonl(%u), "
			      "inet_pton(AF_INET6, \"%s\", &sin6_addr), sin6_scope_id=%u",
			      ntohs(sin6.sin6_port), ntohl(sin6.sin6_flowinfo), addr,
			      sin6.sin6_scope_id);
	} else if (family == AF_UNIX) {
		size_t off = offsetof(struct sockaddr_un, sun_path);
		size_t n = len > off ? len - off : 0;

		if (n > sizeof(((struct sockaddr_un *)0)->sun_path))
			n = sizeof(((struct sockaddr_un *)0)->sun_path);
		outbuf_puts(ob, ", sun_path=");
		if (n && p[off] == '\0') {
			/* an abstract socket: the name follows a NUL and may hold NULs */
			outbuf_putc(ob, '@');
			quote_bytes(ob, p + off + 1, n - 1, 0, false, false);
		} else {
			quote_bytes(ob, p + off, n, 0, true, false);
		}
	} else if (family == AF_NETLINK && len >= sizeof(struct sockaddr_nl)) {
		struct sockaddr_nl snl;

		memcpy(&snl, p, sizeof(snl));
		outbuf_printf(ob, ", nl_pid=%u, nl_groups=%#08x", snl.nl_pid, snl.nl_groups);
	} else if (len > sizeof(family)) {
		outbuf_puts(ob, ", sa_data=");
		quote_bytes(ob, p + sizeof(family), len - sizeof(family), 0, false, more);
	}
	outbuf_putc(ob, '}');
}

static const char *dirent_type_name(unsigned int type)
{
	static const char *const names[] = {
		[0] = "DT_UNKNOWN", [1] = "DT_FIFO", [2] = "DT_CHR",  [4] = "DT_DIR",
		[6] = "DT_BLK",	    [8] = "DT_REG",  [10] = "DT_LNK", [12] = "DT_SOCK",
	};

	return type < sizeof(names) / sizeof(names[0]) ? names[type] : NULL;
}

/* linux_dirent64 records: d_ino, d_off, d_reclen, d_type, then the name, NUL-padded. */
static void print_dirents64(const struct decoder *d, struct outbuf *ob, const void *data,
			    size_t len, bool more)
{
	const unsigned char *p = data;
	const size_t head = 8 + 8 + 2 + 1;
	size_t off = 0, shown = 0, limit = d->opts.verbose ? SIZE_MAX : DIRENT_SHOW_MAX;

	outbuf_putc(ob, '[');
	while (off + head <= len) {
		uint64_t ino;
		int64_t doff;
		uint16_t reclen;
		const char *type;

		memcpy(&ino, p + off, 8);
		memcpy(&doff, p + off + 8, 8);
		memcpy(&reclen, p + off + 16, 2);
		if (reclen < head || off + reclen > len)
			break; /* a record cut by the capture, or not a record at all */
		if (shown == limit) {
			more = true;
			break;
		}
		if (shown++)
			outbuf_puts(ob, ", ");
		type = dirent_type_name(p[off + 18]);
		outbuf_printf(ob, "{d_ino=%llu, d_off=%lld, d_reclen=%u, d_type=",
			      (unsigned long long)ino, (long long)doff, reclen);
		if (type)
			outbuf_puts(ob, type);
		else
			outbuf_u64(ob, p[off + 18]);
		outbuf_puts(ob, ", d_name=");
		quote_bytes(ob, p + off + head, reclen - head, 0, true, false);
		outbuf_putc(ob, '}');
		off += reclen;
	}
	if (more || off < len)
		outbuf_puts(ob, shown ? ", ..." : "...");
	outbuf_putc(ob, ']');
}

struct hand_entry {
	const char *syscall;
	const char *arg;
	hand_decode_fn fn;
};

static const struct hand_entry hand_decoders[] = {
	{"getdents64", "dirent", print_dirents64},
	{"bind", "umyaddr", hand_print_sockaddr},
	{"connect", "uservaddr", hand_print_sockaddr},
	{"sendto", "addr", hand_print_sockaddr},
	{"recvfrom", "addr", hand_print_sockaddr},
	{"accept", "upeer_sockaddr", hand_print_sockaddr},
	{"accept4", "upeer_sockaddr", hand_print_sockaddr},
	{"getsockname", "usockaddr", hand_print_sockaddr},
	{"getpeername", "usockaddr", hand_print_sockaddr},
};

hand_decode_fn hand_decoder_find(const char *syscall, const char *arg)
{
	for (size_t i = 0; i < sizeof(hand_decoders) / sizeof(hand_decoders[0]); i++) {
		if (!strcmp(hand_decoders[i].syscall, syscall) &&
		    !strcmp(hand_decoders[i].arg, arg))
			return hand_decoders[i].fn;
	}
	return NULL;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Hand decoders, and the tables that say which argument each decodes. Each
 * exists because BTF alone cannot say how to read the bytes: a sockaddr's
 * layout depends on its family field, directory entries are a packed run of
 * variable-length records, a sigset or a CPU mask is a bitmap whose bit N
 * means signal N+1 or CPU N. The call decoders (hand_net.c, hand_ioctl.c,
 * hand_bpf.c, hand_proc.c) exist because another argument decides what an
 * argument is: ioctl's cmd, setsockopt's level and optname, bpf's cmd.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <linux/netlink.h>
#include <bpf/btf.h>

#include "decode/arg_printers.h"
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
		/* an unnamed socket's address is its family alone: no sun_path, as in strace */
		if (n && p[off] == '\0') {
			/* an abstract socket: the name follows a NUL and may hold NULs */
			outbuf_puts(ob, ", sun_path=@");
			quote_bytes(ob, p + off + 1, n - 1, 0, false, false);
		} else if (n) {
			outbuf_puts(ob, ", sun_path=");
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

/*
 * A signal set, bit N-1 for signal N, as far as the capture goes. Written
 * as its complement when that is shorter, the way a "block all but" mask
 * reads best: ~[KILL STOP].
 */
void hand_print_sigset(const struct decoder *d, struct outbuf *ob, const void *data, size_t len,
		       bool more)
{
	const unsigned char *p = data;
	unsigned int nsig = len * 8, set = 0;
	bool first = true, invert;
	char name[32];

	for (unsigned int b = 0; b < nsig; b++)
		set += (p[b / 8] >> (b % 8)) & 1;
	invert = set > nsig / 2;
	if (invert)
		outbuf_putc(ob, '~');
	outbuf_putc(ob, '[');
	for (unsigned int b = 0; b < nsig; b++) {
		bool bit = (p[b / 8] >> (b % 8)) & 1;

		if (bit == invert)
			continue;
		if (!first)
			outbuf_putc(ob, ' ');
		first = false;
		xlat_format_signal(name, sizeof(name), b + 1);
		/* in a set the prefix is noise: [INT TERM] */
		outbuf_puts(ob, strncmp(name, "SIG", 3) ? name : name + 3);
	}
	if (more)
		outbuf_puts(ob, first ? "..." : " ...");
	outbuf_putc(ob, ']');
}

void hand_print_bit_list(struct outbuf *ob, const void *data, size_t len, long limit, bool more)
{
	const unsigned char *p = data;
	size_t nbits = len * 8;
	bool first = true;

	if (limit >= 0 && (size_t)limit < nbits)
		nbits = limit;
	outbuf_putc(ob, '[');
	for (size_t b = 0; b < nbits; b++) {
		if (!((p[b / 8] >> (b % 8)) & 1))
			continue;
		if (!first)
			outbuf_putc(ob, ' ');
		first = false;
		outbuf_u64(ob, b);
	}
	if (more)
		outbuf_puts(ob, first ? "..." : " ...");
	outbuf_putc(ob, ']');
}

/* A CPU mask: BTF says unsigned long *, not that bit N is CPU N. */
static void print_cpu_mask(const struct decoder *d, struct outbuf *ob, const void *data, size_t len,
			   bool more)
{
	hand_print_bit_list(ob, data, len, -1, more);
}

/* getcwd's buffer: BTF says char *, the kernel says a NUL-terminated path, NUL counted. */
static void print_cwd(const struct decoder *d, struct outbuf *ob, const void *data, size_t len,
		      bool more)
{
	quote_bytes(ob, data, len, 0, true, more);
}

void hand_put_xlat(const struct decoder *d, struct outbuf *ob, const char *table, uint64_t val)
{
	const struct value_printer vp = {.scope = "*", .name = "", .kind = VK_XLAT, .table = table};

	if (value_printer_format(&vp, ob, val, d->opts.xlat))
		outbuf_u64(ob, val);
}

void hand_put_signal(const struct decoder *d, struct outbuf *ob, uint64_t sig)
{
	const struct value_printer vp = {.scope = "*", .name = "", .kind = VK_SIGNAL};

	value_printer_format(&vp, ob, (uint64_t)(int64_t)(int)sig, d->opts.xlat);
}

void hand_put_pointer(struct outbuf *ob, uint64_t v)
{
	if (v)
		outbuf_hex(ob, v);
	else
		outbuf_puts(ob, "NULL");
}

void hand_put_int(struct outbuf *ob, const struct bt_capture *cap)
{
	int v;

	if (cap->len < sizeof(v)) {
		outbuf_puts(ob, "[...]");
		return;
	}
	memcpy(&v, hand_cap_data(cap), sizeof(v));
	outbuf_printf(ob, "[%d]", v);
}

bool hand_put_btf(const struct decoder *d, struct outbuf *ob, const char *type_name,
		  const void *data, size_t len)
{
	int kind = 0;
	__s64 size;
	__u32 id;

	if (!d->types || !d->types->btf)
		return false;
	if (!strncmp(type_name, "struct ", 7)) {
		kind = BTF_KIND_STRUCT;
		type_name += 7;
	} else if (!strncmp(type_name, "union ", 6)) {
		kind = BTF_KIND_UNION;
		type_name += 6;
	}
	id = types__find(d->types, type_name, kind);
	size = id ? btf__resolve_size(d->types->btf, id) : -1;
	if (size < 0 || len < (size_t)size)
		return false;
	decode_print_btf(d, ob, id, data, size, NULL);
	return true;
}

struct hand_entry {
	const char *syscall; /* or a struct, for a member */
	const char *arg;     /* or the member */
	hand_decode_fn fn;
};

/* clang-format off */
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
	{"rt_sigprocmask", "nset", hand_print_sigset},
	{"rt_sigprocmask", "oset", hand_print_sigset},
	{"rt_sigpending", "uset", hand_print_sigset},
	{"rt_sigsuspend", "unewset", hand_print_sigset},
	{"rt_sigtimedwait", "uthese", hand_print_sigset},
	{"signalfd", "user_mask", hand_print_sigset},
	{"signalfd4", "user_mask", hand_print_sigset},
	{"epoll_pwait", "sigmask", hand_print_sigset},
	{"epoll_pwait2", "sigmask", hand_print_sigset},
	{"ppoll", "sigmask", hand_print_sigset},
	{"sigaction", "sa_mask", hand_print_sigset},
	{"sched_getaffinity", "user_mask_ptr", print_cpu_mask},
	{"sched_setaffinity", "user_mask_ptr", print_cpu_mask},
	{"getcwd", "buf", print_cwd},
};
/* clang-format on */

hand_decode_fn hand_decoder_find(const char *syscall, const char *arg)
{
	for (size_t i = 0; i < sizeof(hand_decoders) / sizeof(hand_decoders[0]); i++) {
		if (!strcmp(hand_decoders[i].syscall, syscall) &&
		    !strcmp(hand_decoders[i].arg, arg))
			return hand_decoders[i].fn;
	}
	return NULL;
}

struct hand_arg_entry {
	const char *syscall;
	const char *arg;
	hand_arg_fn fn;
};

/* Arguments whose meaning another argument decides. */
/* clang-format off */
static const struct hand_arg_entry hand_arg_decoders[] = {
	{"socket", "protocol", hand_socket_protocol},
	{"socketpair", "protocol", hand_socket_protocol},
	{"setsockopt", "optname", hand_sockopt_name},
	{"getsockopt", "optname", hand_sockopt_name},
	{"sendmsg", "msg", hand_msghdr},
	{"recvmsg", "msg", hand_msghdr},
	{"setsockopt", "optval", hand_sockopt_value},
	{"getsockopt", "optval", hand_sockopt_value},
	{"ioctl", "arg", hand_ioctl_arg},
	{"bpf", "uattr", hand_bpf_attr},
	{"perf_event_open", "attr_uptr", hand_perf_attr},
	{"prctl", "arg2", hand_prctl_arg},
	{"prctl", "arg3", hand_prctl_arg},
	{"prctl", "arg4", hand_prctl_arg},
	{"prctl", "arg5", hand_prctl_arg},
	{"fcntl", "arg", hand_fcntl_arg},
	{"futex", "val", hand_futex_arg},
	{"futex", "utime", hand_futex_arg},
	{"futex", "uaddr2", hand_futex_arg},
	{"futex", "val3", hand_futex_arg},
	{"select", "inp", hand_select_arg},
	{"select", "outp", hand_select_arg},
	{"select", "exp", hand_select_arg},
	{"select", "tvp", hand_select_arg},
	{"pselect6", "inp", hand_select_arg},
	{"pselect6", "outp", hand_select_arg},
	{"pselect6", "exp", hand_select_arg},
	{"pselect6", "tsp", hand_select_arg},
	{"wait4", "stat_addr", hand_wait_status},
};
/* clang-format on */

hand_arg_fn hand_arg_decoder_find(const char *syscall, const char *arg)
{
	for (size_t i = 0; i < sizeof(hand_arg_decoders) / sizeof(hand_arg_decoders[0]); i++) {
		if (!strcmp(hand_arg_decoders[i].syscall, syscall) &&
		    !strcmp(hand_arg_decoders[i].arg, arg))
			return hand_arg_decoders[i].fn;
	}
	return NULL;
}

struct hand_return_entry {
	const char *syscall;
	hand_return_fn fn;
};

/* Return values that are more than a number. */
/* clang-format off */
static const struct hand_return_entry hand_return_decoders[] = {
	{"select", hand_select_return},
	{"pselect6", hand_select_return},
	{"fcntl", hand_fcntl_return},
	{"umask", hand_umask_return},
};
/* clang-format on */

hand_return_fn hand_return_decoder_find(const char *syscall)
{
	for (size_t i = 0; i < sizeof(hand_return_decoders) / sizeof(hand_return_decoders[0]);
	     i++) {
		if (!strcmp(hand_return_decoders[i].syscall, syscall))
			return hand_return_decoders[i].fn;
	}
	return NULL;
}

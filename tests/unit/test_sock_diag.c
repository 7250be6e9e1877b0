// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of -yy: the socket diagnostics' answers read (inet, unix, netlink) and what -yy
 * writes of an fd in strace's text and in JSON.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <cmocka.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/netlink_diag.h>
#include <linux/rtnetlink.h>
#include <linux/unix_diag.h>

#include "base/outbuf.h"
#include "base/writer.h"
#include "decode/sock_diag.h"
#include "json_valid.h"

static struct outbuf ob;

/* fd with info as strace's text shows it. */
static const char *text_of(int fd, const struct wr_fd_info *info, enum quote_hex hex)
{
	static struct text_writer tw;
	struct text_writer_opts two = {.hex = hex};
	struct wr_limits lim = {0};

	outbuf_reset(&ob);
	text_writer__init(&tw, &ob, &lim, &two);
	w_fd(&tw.w, fd, NULL, info);
	outbuf_putc(&ob, '\0');
	return ob.data;
}

/* fd with info as a JSON value, checked to be valid JSON. */
static const char *json_of(int fd, const struct wr_fd_info *info)
{
	static const struct json_writer_opts jwo;
	static struct json_writer jw;

	outbuf_reset(&ob);
	json_writer__init(&jw, &ob, &jwo);
	w_fd(&jw.w, fd, NULL, info);
	assert_true(json_valid(ob.data, ob.len));
	outbuf_putc(&ob, '\0');
	return ob.data;
}

static struct wr_fd_info socket_info(const struct wr_socket *s)
{
	struct wr_fd_info info = {.kind = WR_FD_SOCKET, .sock = *s};

	return info;
}

static void inet_msg(struct inet_diag_msg *m, int family, const char *src, int sport,
		     const char *dst, int dport, uint32_t inode)
{
	memset(m, 0, sizeof(*m));
	m->idiag_family = family;
	inet_pton(family, src, m->id.idiag_src);
	inet_pton(family, dst, m->id.idiag_dst);
	m->id.idiag_sport = htons(sport);
	m->id.idiag_dport = htons(dport);
	m->idiag_inode = inode;
}

static void test_inet(void **state)
{
	struct inet_diag_msg m;
	struct wr_socket s;
	struct wr_fd_info info;

	inet_msg(&m, AF_INET, "127.0.0.1", 53183, "127.0.0.1", 9, 4242);
	/* another socket's answer, a short one */
	assert_int_equal(sock_diag_parse_inet(&m, sizeof(m), 4243, "TCP", &s), 0);
	assert_int_equal(sock_diag_parse_inet(&m, sizeof(m) - 1, 4242, "TCP", &s), -1);
	assert_int_equal(sock_diag_parse_inet(&m, sizeof(m), 4242, "TCP", &s), 1);
	info = socket_info(&s);
	assert_string_equal(text_of(3, &info, QUOTE_HEX_NONE),
			    "3<TCP:[127.0.0.1:53183->127.0.0.1:9]>");
	assert_string_equal(json_of(3, &info),
			    "{\"fd\":3,\"socket\":{\"proto\":\"TCP\",\"inode\":4242,"
			    "\"src\":\"127.0.0.1\",\"sport\":53183,\"dst\":\"127.0.0.1\","
			    "\"dport\":9}}");
	/* bound, no destination: the source alone */
	inet_msg(&m, AF_INET, "0.0.0.0", 68, "0.0.0.0", 0, 7);
	assert_int_equal(sock_diag_parse_inet(&m, sizeof(m), 7, "UDP", &s), 1);
	info = socket_info(&s);
	assert_string_equal(text_of(5, &info, QUOTE_HEX_NONE), "5<UDP:[0.0.0.0:68]>");
	/* IPv6 in brackets */
	inet_msg(&m, AF_INET6, "::1", 8080, "::1", 40000, 8);
	assert_int_equal(sock_diag_parse_inet(&m, sizeof(m), 8, "TCPv6", &s), 1);
	info = socket_info(&s);
	assert_string_equal(text_of(4, &info, QUOTE_HEX_NONE),
			    "4<TCPv6:[[::1]:8080->[::1]:40000]>");
	/* a destination address without a port still shows */
	inet_msg(&m, AF_INET6, "fe80::1", 0, "fe80::2", 0, 9);
	assert_int_equal(sock_diag_parse_inet(&m, sizeof(m), 9, "RAWv6", &s), 1);
	info = socket_info(&s);
	assert_string_equal(text_of(4, &info, QUOTE_HEX_NONE),
			    "4<RAWv6:[[fe80::1]:0->[fe80::2]:0]>");
	/* a family inet_diag does not answer for */
	m.idiag_family = AF_UNIX;
	assert_int_equal(sock_diag_parse_inet(&m, sizeof(m), 9, "TCP", &s), -1);
}

static struct bt_sock_endpoints kept(int family, int type, int protocol, const char *src, int sport,
				     const char *dst, int dport)
{
	struct bt_sock_endpoints e = {.family = family, .type = type, .protocol = protocol};

	inet_pton(family, src, e.saddr);
	inet_pton(family, dst, e.daddr);
	e.sport = sport;
	e.dport = dport;
	return e;
}

/* What the collector kept of a socket since closed: named as the kernel names it. */
static void test_kept_endpoints(void **state)
{
	struct bt_sock_endpoints e;
	struct wr_socket s;
	struct wr_fd_info info;

	e = kept(AF_INET, SOCK_STREAM, IPPROTO_TCP, "127.0.0.1", 50180, "127.0.0.1", 57003);
	assert_true(sock_endpoints_socket(&e, 99, &s));
	info = socket_info(&s);
	assert_string_equal(text_of(4, &info, QUOTE_HEX_NONE),
			    "4<TCP:[127.0.0.1:50180->127.0.0.1:57003]>");
	assert_string_equal(json_of(4, &info),
			    "{\"fd\":4,\"socket\":{\"proto\":\"TCP\",\"inode\":99,"
			    "\"src\":\"127.0.0.1\",\"sport\":50180,\"dst\":\"127.0.0.1\","
			    "\"dport\":57003}}");
	/* a listener: no destination */
	e = kept(AF_INET, SOCK_STREAM, IPPROTO_TCP, "127.0.0.1", 57003, "0.0.0.0", 0);
	assert_true(sock_endpoints_socket(&e, 98, &s));
	info = socket_info(&s);
	assert_string_equal(text_of(3, &info, QUOTE_HEX_NONE), "3<TCP:[127.0.0.1:57003]>");
	e = kept(AF_INET6, SOCK_DGRAM, IPPROTO_UDP, "::1", 5353, "::1", 53);
	assert_true(sock_endpoints_socket(&e, 97, &s));
	info = socket_info(&s);
	assert_string_equal(text_of(6, &info, QUOTE_HEX_NONE), "6<UDPv6:[[::1]:5353->[::1]:53]>");
	/* ping sockets and raw ones by their type, as the kernel's protocol names go */
	e = kept(AF_INET, SOCK_DGRAM, IPPROTO_ICMP, "0.0.0.0", 7, "0.0.0.0", 0);
	assert_true(sock_endpoints_socket(&e, 96, &s));
	assert_string_equal(s.proto, "PING");
	e = kept(AF_INET6, SOCK_RAW, IPPROTO_ICMPV6, "::", 58, "::", 0);
	assert_true(sock_endpoints_socket(&e, 95, &s));
	assert_string_equal(s.proto, "RAWv6");
	/* a protocol strace names none of, or another family: not shown from this */
	e = kept(AF_INET, SOCK_STREAM, IPPROTO_MPTCP, "127.0.0.1", 1, "127.0.0.1", 2);
	assert_false(sock_endpoints_socket(&e, 94, &s));
	e.family = AF_UNIX;
	assert_false(sock_endpoints_socket(&e, 94, &s));
}

/* A unix_diag answer with its attributes, as the kernel lays them out. */
static size_t unix_msg(unsigned char *buf, uint32_t inode, const void *name, size_t name_len,
		       uint32_t peer)
{
	struct unix_diag_msg m = {.udiag_family = AF_UNIX, .udiag_ino = inode};
	size_t off = NLMSG_ALIGN(sizeof(m));
	struct rtattr rta;

	memset(buf, 0, 512);
	memcpy(buf, &m, sizeof(m));
	if (name_len) {
		rta.rta_type = UNIX_DIAG_NAME;
		rta.rta_len = RTA_LENGTH(name_len);
		memcpy(buf + off, &rta, sizeof(rta));
		memcpy(buf + off + RTA_LENGTH(0), name, name_len);
		off += RTA_ALIGN(rta.rta_len);
	}
	if (peer) {
		rta.rta_type = UNIX_DIAG_PEER;
		rta.rta_len = RTA_LENGTH(sizeof(peer));
		memcpy(buf + off, &rta, sizeof(rta));
		memcpy(buf + off + RTA_LENGTH(0), &peer, sizeof(peer));
		off += RTA_ALIGN(rta.rta_len);
	}
	return off;
}

static void test_unix(void **state)
{
	unsigned char buf[512];
	struct wr_socket s;
	struct wr_fd_info info;
	size_t n;

	n = unix_msg(buf, 100, "sock", 4, 101);
	assert_int_equal(sock_diag_parse_unix(buf, n, 99, "UNIX-STREAM", &s), 0);
	assert_int_equal(sock_diag_parse_unix(buf, n, 100, "UNIX-STREAM", &s), 1);
	info = socket_info(&s);
	assert_string_equal(text_of(16, &info, QUOTE_HEX_NONE),
			    "16<UNIX-STREAM:[100->101,\"sock\"]>");
	assert_string_equal(json_of(16, &info),
			    "{\"fd\":16,\"socket\":{\"proto\":\"UNIX-STREAM\",\"inode\":100,"
			    "\"peer\":101,\"name\":\"sock\",\"abstract\":false}}");
	/* a pair: peers, no name */
	n = unix_msg(buf, 100, NULL, 0, 101);
	assert_int_equal(sock_diag_parse_unix(buf, n, 100, "UNIX-STREAM", &s), 1);
	info = socket_info(&s);
	assert_string_equal(text_of(12, &info, QUOTE_HEX_NONE), "12<UNIX-STREAM:[100->101]>");
	/* an abstract name: @ and the rest quoted, as a string is (-x applies) */
	n = unix_msg(buf, 102, "\0ab\001", 4, 0);
	assert_int_equal(sock_diag_parse_unix(buf, n, 102, "UNIX", &s), 1);
	info = socket_info(&s);
	assert_string_equal(text_of(17, &info, QUOTE_HEX_NONE), "17<UNIX:[102,@\"ab\\1\"]>");
	assert_string_equal(text_of(17, &info, QUOTE_HEX_NON_ASCII),
			    "17<UNIX:[102,@\"\\x61\\x62\\x01\"]>");
	assert_string_equal(json_of(17, &info),
			    "{\"fd\":17,\"socket\":{\"proto\":\"UNIX\",\"inode\":102,"
			    "\"name\":\"ab\\u0001\",\"abstract\":true}}");
	/* neither a peer nor a name: nothing to show beyond the protocol */
	n = unix_msg(buf, 103, NULL, 0, 0);
	assert_int_equal(sock_diag_parse_unix(buf, n, 103, "UNIX", &s), -1);
	/* an attribute that runs past the answer ends the attributes */
	n = unix_msg(buf, 104, "sock", 4, 0);
	assert_int_equal(sock_diag_parse_unix(buf, n - 4, 104, "UNIX", &s), -1);
}

static void test_netlink(void **state)
{
	struct netlink_diag_msg m = {.ndiag_family = AF_NETLINK,
				     .ndiag_protocol = NETLINK_ROUTE,
				     .ndiag_portid = 1234,
				     .ndiag_ino = 55};
	struct wr_socket s;
	struct wr_fd_info info;

	assert_int_equal(sock_diag_parse_netlink(&m, sizeof(m), 56, "NETLINK", &s), 0);
	assert_int_equal(sock_diag_parse_netlink(&m, sizeof(m), 55, "NETLINK", &s), 1);
	info = socket_info(&s);
	assert_string_equal(text_of(18, &info, QUOTE_HEX_NONE), "18<NETLINK:[ROUTE:1234]>");
	assert_string_equal(json_of(18, &info),
			    "{\"fd\":18,\"socket\":{\"proto\":\"NETLINK\",\"inode\":55,"
			    "\"netlink\":\"ROUTE\",\"portid\":1234}}");
	/* a protocol with no name: its number, as strace shows it */
	m.ndiag_protocol = 200;
	assert_int_equal(sock_diag_parse_netlink(&m, sizeof(m), 55, "NETLINK", &s), 1);
	info = socket_info(&s);
	assert_string_equal(text_of(18, &info, QUOTE_HEX_NONE), "18<NETLINK:[200]>");
}

/* What -yy shows of fds the diagnostics do not tell: the bare protocol, devices, pidfds... */
static void test_other_kinds(void **state)
{
	struct wr_fd_info info = {.kind = WR_FD_SOCKET,
				  .sock = {.kind = WR_SOCK_BARE, .proto = "TCP", .inode = 77}};

	assert_string_equal(text_of(3, &info, QUOTE_HEX_NONE), "3<TCP:[77]>");
	assert_string_equal(json_of(3, &info),
			    "{\"fd\":3,\"socket\":{\"proto\":\"TCP\",\"inode\":77}}");
	info = (struct wr_fd_info){.kind = WR_FD_DEVICE, .path = "/dev/a<b", .dev = {false, 1, 3}};
	assert_string_equal(text_of(0, &info, QUOTE_HEX_NONE), "0</dev/a\\74b<char 1:3>>");
	info.dev.block = true;
	assert_string_equal(json_of(0, &info),
			    "{\"fd\":0,\"path\":\"/dev/a<b\",\"device\":{\"type\":\"block\","
			    "\"major\":1,\"minor\":3}}");
	info = (struct wr_fd_info){.kind = WR_FD_PIDFD, .pid = 1234};
	assert_string_equal(text_of(5, &info, QUOTE_HEX_NONE), "5<pid:1234>");
	assert_string_equal(json_of(5, &info), "{\"fd\":5,\"pidfd_pid\":1234}");
	info = (struct wr_fd_info){.kind = WR_FD_SIGNALFD, .sigmask = "[USR1 TERM]"};
	assert_string_equal(text_of(6, &info, QUOTE_HEX_NONE), "6<signalfd:[USR1 TERM]>");
	info = (struct wr_fd_info){.kind = WR_FD_EVENTFD, .efd = {"3", 7, 0}};
	assert_string_equal(text_of(7, &info, QUOTE_HEX_NONE),
			    "7<{eventfd-count=0x3, eventfd-id=7, eventfd-semaphore=0}>");
	assert_string_equal(json_of(7, &info),
			    "{\"fd\":7,\"eventfd\":{\"count\":3,\"id\":7,\"semaphore\":0}}");
	/* a count of 0 has no 0x; an older kernel's fdinfo has no id */
	info = (struct wr_fd_info){.kind = WR_FD_EVENTFD, .efd = {"0", -1, -1}};
	assert_string_equal(text_of(7, &info, QUOTE_HEX_NONE), "7<{eventfd-count=0}>");
	/* a set that names nothing the fd is: the number alone */
	info = (struct wr_fd_info){.kind = WR_FD_NONE};
	assert_string_equal(text_of(8, &info, QUOTE_HEX_NONE), "8");
	assert_string_equal(json_of(8, &info), "8");
}

static int setup(void **state)
{
	outbuf_init(&ob);
	return 0;
}

static int teardown(void **state)
{
	outbuf_free(&ob);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inet),	    cmocka_unit_test(test_kept_endpoints),
		cmocka_unit_test(test_unix),	    cmocka_unit_test(test_netlink),
		cmocka_unit_test(test_other_kinds),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

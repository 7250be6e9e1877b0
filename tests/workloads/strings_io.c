// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload for -x, -xx, --strings-in-hex and the data dumps of -e read= and -e write=:
 * strings and buffers of every kind strace quotes (text, control bytes, UTF-8, NULs, longer
 * than -s, paths and socket paths with such bytes, directory entries), and each call whose
 * data strace dumps, on fds that are known: the run starts with close_range(3, ~0U, 0), so
 * the file is 3, its read-only and write-only copies 4 and 5, the datagram pair 6 and 7.
 *
 * The run lies between two close_range(1000, 1000, 0) calls, for the test to find. Run it in
 * an empty directory given as argv[1]; it leaves it empty again. Exit status 0, or the number
 * of the step that failed.
 */
#include <fcntl.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>

/* A file name with UTF-8 and the brackets -y escapes: "fé <1>.txt". */
#define FILE_NAME "f\303\251 <1>.txt"

static int step;

#define CHECK(expr)                  \
	do {                         \
		step++;              \
		if (!(expr))         \
			return step; \
	} while (0)

static int write_strings(int fd)
{
	char long_tail[41];
	struct iovec iov[2] = {{"abc", 3}, {"d\001e", 3}};
	struct iovec piov[2] = {{"pv1", 3}, {"\002", 1}};

	/* 40 printable bytes, then one -x would hex the string for, past what -s shows */
	memcpy(long_tail, "0123456789012345678901234567890123456789\001", sizeof(long_tail));
	CHECK(syscall(SYS_write, fd, "plain text\n", 11) == 11);
	CHECK(syscall(SYS_write, fd, "tab\there\r\n\"q\\", 13) == 13);
	CHECK(syscall(SYS_write, fd, "bin\001\002\003x\0012", 9) == 9);
	CHECK(syscall(SYS_write, fd, "utf8 \303\251t\303\251", 10) == 10);
	CHECK(syscall(SYS_write, fd, "\0\0\0\0", 4) == 4);
	CHECK(syscall(SYS_write, fd, long_tail, sizeof(long_tail)) == sizeof(long_tail));
	CHECK(syscall(SYS_writev, fd, iov, 2) == 6);
	CHECK(syscall(SYS_pwrite64, fd, "pw\377", 3, 100) == 3);
	CHECK(syscall(SYS_pwritev, fd, piov, 2, 200, 0) == 4);
	return 0;
}

static int read_strings(int fd)
{
	char a[64], b[64];
	struct iovec iov[2] = {{a, 5}, {b, 64}};
	struct iovec piov[2] = {{a, 2}, {b, 8}};

	CHECK(syscall(SYS_lseek, fd, 0, SEEK_SET) == 0);
	CHECK(syscall(SYS_read, fd, a, 20) == 20);
	CHECK(syscall(SYS_pread64, fd, b, 8, 100) == 8);
	CHECK(syscall(SYS_readv, fd, iov, 2) > 5);
	CHECK(syscall(SYS_preadv, fd, piov, 2, 200, 0) == 4);
	return 0;
}

static int sockets(void)
{
	char buf[64], part[2];
	int pair[2];
	struct iovec out[2] = {{"m1", 2}, {"\003m2", 3}};
	struct iovec in[2] = {{part, 2}, {buf, sizeof(buf)}};
	struct msghdr msg = {.msg_iov = out, .msg_iovlen = 2};
	struct sockaddr_un sun = {.sun_family = AF_UNIX};
	struct sockaddr_in sin = {.sin_family = AF_INET, .sin_port = htons(9)};
	int s;

	CHECK(syscall(SYS_socketpair, AF_UNIX, SOCK_DGRAM, 0, pair) == 0 && pair[0] == 6);
	CHECK(syscall(SYS_sendto, 6, "dgram\001", 6, 0, NULL, 0) == 6);
	CHECK(syscall(SYS_recvfrom, 7, buf, sizeof(buf), 0, NULL, NULL) == 6);
	CHECK(syscall(SYS_sendmsg, 6, &msg, 0) == 5);
	msg.msg_iov = in;
	CHECK(syscall(SYS_recvmsg, 7, &msg, 0) == 5);
	CHECK((s = syscall(SYS_socket, AF_UNIX, SOCK_DGRAM, 0)) == 8);
	strcpy(sun.sun_path, "s\303\251ck");
	CHECK(syscall(SYS_connect, s, &sun, sizeof(sun)) == -1);
	/* an abstract name: a NUL, then bytes that may be anything */
	memcpy(sun.sun_path, "\0ab\001c", 5);
	CHECK(syscall(SYS_bind, s, &sun, offsetof(struct sockaddr_un, sun_path) + 5) == 0);
	CHECK((s = syscall(SYS_socket, AF_INET, SOCK_DGRAM, 0)) == 9);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	CHECK(syscall(SYS_sendto, s, "x\001", 2, 0, &sin, sizeof(sin)) == 2);
	return 0;
}

int main(int argc, char **argv)
{
	char path[400], dents[512];
	int rc, dir;

	if (argc != 2 || chdir(argv[1]))
		return 100;
	syscall(SYS_close_range, 3, ~0U, 0);
	syscall(SYS_close_range, 1000, 1000, 0);
	CHECK(syscall(SYS_openat, AT_FDCWD, FILE_NAME, O_RDWR | O_CREAT | O_TRUNC, 0600) == 3);
	rc = write_strings(3);
	if (rc)
		return rc;
	rc = read_strings(3);
	if (rc)
		return rc;
	CHECK(syscall(SYS_openat, AT_FDCWD, FILE_NAME, O_RDONLY) == 4);
	CHECK(syscall(SYS_openat, AT_FDCWD, FILE_NAME, O_WRONLY) == 5);
	/* strace dumps what a call would write even when it fails; a failed read has nothing */
	CHECK(syscall(SYS_write, 4, "no\001", 3) == -1);
	CHECK(syscall(SYS_read, 5, dents, 8) == -1);
	rc = sockets();
	if (rc)
		return rc;
	CHECK(syscall(SYS_prctl, PR_SET_NAME, "n\001me", 0, 0, 0) == 0);
	CHECK(syscall(SYS_mkdirat, AT_FDCWD, "d", 0700) == 0);
	CHECK(syscall(SYS_mknodat, AT_FDCWD, "d/n\303\251", 0600, 0) == 0);
	CHECK((dir = syscall(SYS_openat, AT_FDCWD, "d", O_RDONLY | O_DIRECTORY)) == 10);
	CHECK(syscall(SYS_getdents64, dir, dents, sizeof(dents)) > 0);
	/* a path longer than -s shows whole, and -x looks at all of it */
	memset(path, 'a', sizeof(path));
	path[sizeof(path) - 1] = '\0';
	path[300] = '\001';
	CHECK(syscall(SYS_faccessat, AT_FDCWD, path, F_OK) == -1);
	CHECK(syscall(SYS_unlinkat, AT_FDCWD, "d/n\303\251", 0) == 0);
	CHECK(syscall(SYS_unlinkat, AT_FDCWD, "d", AT_REMOVEDIR) == 0);
	CHECK(syscall(SYS_unlinkat, AT_FDCWD, FILE_NAME, 0) == 0);
	syscall(SYS_close_range, 1000, 1000, 0);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * e2e and kernel-matrix workload for -e io_uring=: reads a file through liburing, the way a
 * program that hides its I/O from syscall tracers does. Usage: uring_read FILE [OUT] [N].
 * Through one ring, one operation at a time (submit, then wait for its completion):
 * openat(AT_FDCWD, FILE, O_RDONLY); read(fd, buf, 4096, 0); readv of the same at offset 1; a
 * read from fd 1000, which is not open (EBADF); a nop; opcode 200, which no kernel has
 * (EINVAL, refused before it is submitted); with OUT, openat(OUT, O_WRONLY|O_CREAT|
 * O_TRUNC, 0600) and write(out, what was read, n, 0) then close it; close(fd). With N, N more
 * reads of FILE at offset 0 (the bench's many operations). Prints "read N bytes" and exits 0,
 * or exits with the number of the step that failed.
 */
#include <fcntl.h>
#include <liburing.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

static struct io_uring ring;

/* The next SQE of the ring: there is always one, as one operation at a time is in flight. */
static struct io_uring_sqe *next_sqe(void)
{
	struct io_uring_sqe *sqe = io_uring_get_sqe(&ring);

	if (!sqe)
		exit(102);
	return sqe;
}

/* Submits the SQE prepared and waits for its completion; its result. */
static int run(struct io_uring_sqe *sqe, __u64 user_data)
{
	struct io_uring_cqe *cqe;
	int res;

	io_uring_sqe_set_data64(sqe, user_data);
	if (io_uring_submit_and_wait(&ring, 1) < 1 || io_uring_wait_cqe(&ring, &cqe))
		exit(100);
	if (cqe->user_data != user_data)
		exit(101);
	res = cqe->res;
	io_uring_cqe_seen(&ring, cqe);
	return res;
}

int main(int argc, char **argv)
{
	char buf[4096], buf2[4096];
	struct iovec iov = {buf2, sizeof(buf2)};
	struct io_uring_sqe *sqe;
	long more = argc > 3 ? atol(argv[3]) : 0;
	int fd, out, n;

	if (argc < 2 || io_uring_queue_init(8, &ring, 0))
		return 1;
	io_uring_prep_openat(sqe = next_sqe(), AT_FDCWD, argv[1], O_RDONLY, 0);
	fd = run(sqe, 1);
	if (fd < 0)
		return 2;
	io_uring_prep_read(sqe = next_sqe(), fd, buf, sizeof(buf), 0);
	n = run(sqe, 2);
	if (n < 0)
		return 3;
	io_uring_prep_readv(sqe = next_sqe(), fd, &iov, 1, 1);
	if (run(sqe, 3) != (n ? n - 1 : 0))
		return 4;
	io_uring_prep_read(sqe = next_sqe(), 1000, buf2, 16, 0);
	if (run(sqe, 4) >= 0)
		return 5;
	io_uring_prep_nop(sqe = next_sqe());
	if (run(sqe, 5) != 0)
		return 6;
	io_uring_prep_rw(200, sqe = next_sqe(), -1, NULL, 0, 0);
	if (run(sqe, 10) >= 0)
		return 12;
	if (argc > 2 && strcmp(argv[2], "-")) {
		io_uring_prep_openat(sqe = next_sqe(), AT_FDCWD, argv[2],
				     O_WRONLY | O_CREAT | O_TRUNC, 0600);
		out = run(sqe, 6);
		if (out < 0)
			return 7;
		io_uring_prep_write(sqe = next_sqe(), out, buf, n, 0);
		if (run(sqe, 7) != n)
			return 8;
		io_uring_prep_close(sqe = next_sqe(), out);
		if (run(sqe, 8) != 0)
			return 9;
	}
	for (long i = 0; i < more; i++) {
		io_uring_prep_read(sqe = next_sqe(), fd, buf2, sizeof(buf2), 0);
		if (run(sqe, 100 + i) != n)
			return 10;
	}
	io_uring_prep_close(sqe = next_sqe(), fd);
	if (run(sqe, 9) != 0)
		return 11;
	io_uring_queue_exit(&ring);
	printf("read %d bytes\n", n);
	return 0;
}

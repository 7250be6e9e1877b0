// SPDX-License-Identifier: GPL-2.0
/*
 * The io_uring bench's traced program: `uring_workload [ITERATIONS [DEPTH]]` (defaults 20000
 * and 8). Each iteration queues DEPTH reads of 64 bytes from /dev/zero in one ring, submits
 * them and waits for all with one io_uring_enter, and reaps their completions: DEPTH
 * operations per system call, which a syscall tracer sees as one call. Exits 0, or 1 when
 * an operation failed.
 */
#include <fcntl.h>
#include <liburing.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define DEPTH_MAX 64

int main(int argc, char **argv)
{
	long iterations = argc > 1 ? atol(argv[1]) : 20000;
	int depth = argc > 2 ? atoi(argv[2]) : 8;
	static char bufs[DEPTH_MAX][64];
	struct io_uring ring;
	int fd, failed = 0;

	if (depth < 1 || depth > DEPTH_MAX || iterations < 0)
		return 2;
	fd = open("/dev/zero", O_RDONLY);
	if (fd < 0 || io_uring_queue_init(DEPTH_MAX, &ring, 0))
		return 2;
	for (long i = 0; i < iterations; i++) {
		struct io_uring_cqe *cqe;

		for (int k = 0; k < depth; k++)
			io_uring_prep_read(io_uring_get_sqe(&ring), fd, bufs[k], sizeof(bufs[k]), 0);
		if (io_uring_submit_and_wait(&ring, depth) != depth)
			return 1;
		for (int k = 0; k < depth; k++) {
			if (io_uring_wait_cqe(&ring, &cqe))
				return 1;
			failed |= cqe->res != (int)sizeof(bufs[0]);
			io_uring_cqe_seen(&ring, cqe);
		}
	}
	io_uring_queue_exit(&ring);
	close(fd);
	return failed;
}

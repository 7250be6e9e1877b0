// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload: in directory DIR, makes COUNT regular files and a FIFO, then opens each file
 * and the FIFO for reading, and closes them. The FIFO's open waits for a thread that opens
 * it for writing DELAY_MS after that open has started waiting: that open is the slow one among
 * fast ones, and takes DELAY_MS at least however the threads are scheduled.
 *
 * Usage: slow_fifo DIR COUNT DELAY_MS
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static char fifo[4096];
static long delay_ms;
static int main_syscall_fd = -1;

/*
 * /proc's syscall file of the main thread, opened by it before the writer starts and moved to
 * a high fd: the FIFO's open then takes fd 3 whatever the writer does meanwhile (an fd is
 * reserved as an open starts, and a writer that opened the file itself could hold 3 then).
 */
static void open_main_syscall_file(void)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/proc/self/task/%d/syscall", (int)syscall(SYS_gettid));
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return; /* no such file: the delay from the writer's start, as before */
	main_syscall_fd = fcntl(fd, F_DUPFD_CLOEXEC, 100);
	close(fd);
}

/*
 * Until the main thread waits in its openat: /proc's syscall file names the call a thread is
 * blocked in. Read again through one fd, so that the wait adds no opens of its own.
 */
static void wait_for_the_open(void)
{
	struct timespec poll_every = {0, 1000000};
	char buf[64];
	int fd = main_syscall_fd;

	if (fd < 0)
		return;
	for (;;) {
		ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

		if (n <= 0)
			break;
		buf[n] = 0;
		if (atol(buf) == SYS_openat)
			break;
		nanosleep(&poll_every, NULL);
	}
	close(fd);
}

static void *writer(void *arg)
{
	struct timespec t = {delay_ms / 1000, delay_ms % 1000 * 1000000};
	int fd;

	wait_for_the_open();
	nanosleep(&t, NULL);
	fd = open(fifo, O_WRONLY);
	if (fd >= 0)
		close(fd);
	return arg;
}

int main(int argc, char **argv)
{
	char path[4096];
	pthread_t thread;
	long count;
	int fd;

	if (argc != 4) {
		fprintf(stderr, "usage: slow_fifo DIR COUNT DELAY_MS\n");
		return 2;
	}
	count = atol(argv[2]);
	delay_ms = atol(argv[3]);
	snprintf(fifo, sizeof(fifo), "%s/fifo", argv[1]);
	if (mkfifo(fifo, 0600) < 0) {
		perror("mkfifo");
		return 1;
	}
	for (long i = 0; i < count; i++) {
		snprintf(path, sizeof(path), "%s/file%ld", argv[1], i);
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (fd < 0) {
			perror(path);
			return 1;
		}
		close(fd);
	}
	for (long i = 0; i < count; i++) {
		snprintf(path, sizeof(path), "%s/file%ld", argv[1], i);
		fd = open(path, O_RDONLY);
		if (fd >= 0)
			close(fd);
	}
	open_main_syscall_file();
	pthread_create(&thread, NULL, writer, NULL);
	fd = open(fifo, O_RDONLY);
	if (fd >= 0)
		close(fd);
	pthread_join(thread, NULL);
	return 0;
}

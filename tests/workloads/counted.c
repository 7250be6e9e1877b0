// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload with known call counts: counted [N [THREADS]] makes, in each
 * of THREADS threads (default 1, the main thread), N getppid, N writes of 8
 * bytes to /dev/null, N / 2 openat of "/nonexistent/counted" (ENOENT), and
 * 3 nanosleeps of 2 ms. All through syscall(2), so libc adds nothing.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int n = 1000;
static int devnull;

static void *work(void *arg)
{
	struct timespec ts = {.tv_nsec = 2000000};

	for (int i = 0; i < n; i++) {
		syscall(SYS_getppid);
		syscall(SYS_write, devnull, "counted\n", 8);
		if (i % 2 == 0)
			syscall(SYS_openat, AT_FDCWD, "/nonexistent/counted", O_RDONLY);
	}
	for (int i = 0; i < 3; i++)
		syscall(SYS_nanosleep, &ts, NULL);
	return NULL;
}

int main(int argc, char **argv)
{
	int threads = argc > 2 ? atoi(argv[2]) : 1;
	pthread_t tids[64];

	if (argc > 1)
		n = atoi(argv[1]);
	if (threads < 1 || threads > 64)
		return 2;
	devnull = open("/dev/null", O_WRONLY);
	if (devnull < 0)
		return 1;
	for (int t = 1; t < threads; t++)
		pthread_create(&tids[t], NULL, work, NULL);
	work(NULL);
	for (int t = 1; t < threads; t++)
		pthread_join(tids[t], NULL);
	return 0;
}

// Benchmark workload: a fixed, known mix of cheap system calls per iteration, optionally threaded.
/*
 * Every call is made with syscall(2) so that the syscall issued is exactly the one named here,
 * whatever the libc version does in its wrappers (glibc >= 2.33 turns fstat() into newfstatat
 * and open() into openat, for example).
 *
 * One iteration makes WORKLOAD_CALLS_PER_ITER system calls:
 *   getppid, read(/dev/zero, 64), write(/dev/null, 64), openat("/etc/hostname"), fstat, close
 * and every WORKLOAD_SLEEP_EVERY-th iteration one more: clock_nanosleep(CLOCK_MONOTONIC, 1 us).
 * bench/run.py has the same numbers; keep them in step.
 *
 * Usage: workload [-v] [-b BYTES] [ITERATIONS [THREADS]]   (defaults 100000 and 1)
 * -b: the read and the write move BYTES (1..65536, default 64) instead: 4096 for
 * run.py --big, whose reads and writes are what -s 4096 shows in full.
 * With THREADS > 1, each thread makes ITERATIONS / THREADS iterations (the remainder goes to
 * the first threads), all on the two shared file descriptors.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define WORKLOAD_CALLS_PER_ITER 6
#define WORKLOAD_SLEEP_EVERY 1000
#define WORKLOAD_BUF_SIZE 64 /* bytes per read and write, unless -b */
#define WORKLOAD_BUF_MAX 65536
#define WORKLOAD_MAX_THREADS 1024
#define WORKLOAD_OPEN_PATH "/etc/hostname"

struct workload_thread {
	pthread_t tid;
	long iterations;
	long failures;
};

static int zero_fd = -1;
static int null_fd = -1;
static long rw_size = WORKLOAD_BUF_SIZE;

static long workload__iteration(long i, char *buf)
{
	struct timespec nap = {.tv_sec = 0, .tv_nsec = 1000};
	struct stat st;
	long failures = 0;
	long fd;

	syscall(SYS_getppid);
	if (syscall(SYS_read, zero_fd, buf, rw_size) != rw_size)
		failures++;
	if (syscall(SYS_write, null_fd, buf, rw_size) != rw_size)
		failures++;
	fd = syscall(SYS_openat, AT_FDCWD, WORKLOAD_OPEN_PATH, O_RDONLY);
	if (fd < 0) {
		/* Still make the same number of calls, so the count stays exact. */
		failures++;
		syscall(SYS_fstat, -1, &st);
		syscall(SYS_close, -1);
	} else {
		if (syscall(SYS_fstat, fd, &st) != 0)
			failures++;
		syscall(SYS_close, fd);
	}
	if (i % WORKLOAD_SLEEP_EVERY == WORKLOAD_SLEEP_EVERY - 1)
		syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, &nap, NULL);
	return failures;
}

static void *workload__thread(void *arg)
{
	struct workload_thread *t = arg;
	char buf[WORKLOAD_BUF_MAX];

	memset(buf, 0, rw_size);
	for (long i = 0; i < t->iterations; i++)
		t->failures += workload__iteration(i, buf);
	return NULL;
}

static long parse_count(const char *s, const char *what, long max)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < 1 || v > max) {
		fprintf(stderr, "workload: bad %s '%s' (want 1..%ld)\n", what, s, max);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	struct workload_thread *threads;
	long iterations = 100000, nthreads = 1, failures = 0, calls = 0;
	int verbose = 0, argi = 1, err;

	if (argi < argc && strcmp(argv[argi], "-v") == 0) {
		verbose = 1;
		argi++;
	}
	if (argi + 1 < argc && strcmp(argv[argi], "-b") == 0) {
		rw_size = parse_count(argv[argi + 1], "read/write size", WORKLOAD_BUF_MAX);
		argi += 2;
	}
	if (argi < argc)
		iterations = parse_count(argv[argi++], "iteration count", 1000000000L);
	if (argi < argc)
		nthreads = parse_count(argv[argi++], "thread count", WORKLOAD_MAX_THREADS);
	if (argi < argc) {
		fprintf(stderr, "usage: workload [-v] [-b BYTES] [ITERATIONS [THREADS]]\n");
		return 2;
	}
	if (nthreads > iterations)
		nthreads = iterations;

	zero_fd = open("/dev/zero", O_RDONLY | O_CLOEXEC);
	null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (zero_fd < 0 || null_fd < 0) {
		fprintf(stderr, "workload: cannot open /dev/zero or /dev/null: %s\n",
			strerror(errno));
		return 1;
	}

	threads = calloc(nthreads, sizeof(*threads));
	if (!threads) {
		fprintf(stderr, "workload: out of memory\n");
		return 1;
	}
	for (long t = 0; t < nthreads; t++)
		threads[t].iterations = iterations / nthreads + (t < iterations % nthreads);

	if (nthreads == 1) {
		/* No extra thread: the single-threaded run makes no clone/futex calls. */
		workload__thread(&threads[0]);
	} else {
		for (long t = 0; t < nthreads; t++) {
			err = pthread_create(&threads[t].tid, NULL, workload__thread, &threads[t]);
			if (err) {
				fprintf(stderr, "workload: pthread_create: %s\n", strerror(err));
				return 1;
			}
		}
		for (long t = 0; t < nthreads; t++)
			pthread_join(threads[t].tid, NULL);
	}
	for (long t = 0; t < nthreads; t++) {
		failures += threads[t].failures;
		calls += threads[t].iterations * WORKLOAD_CALLS_PER_ITER +
			 threads[t].iterations / WORKLOAD_SLEEP_EVERY;
	}

	if (verbose)
		fprintf(stderr,
			"workload: %ld iterations in %ld thread(s), %ld loop syscalls, %ld failed\n",
			iterations, nthreads, calls, failures);
	free(threads);
	return failures ? 1 : 0;
}

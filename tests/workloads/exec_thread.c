// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload: a thread that is not the main one calls execve while three
 * other threads make getppid() calls in a loop and one more is blocked in
 * read(). The kernel ends every other thread and the exec'ing thread takes
 * over the process id. The new image ("exec_thread after") writes one line
 * and exits 3.
 *
 * Prints "pid P exec T busy B1 B2 B3 reader R" on stdout before the exec.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define BUSY_THREADS 3

static int fds[2];
/* the busy threads, the reader, then the exec'ing thread */
static pid_t tids[BUSY_THREADS + 2];
static int started;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;

static void note_started(int i)
{
	pthread_mutex_lock(&lock);
	tids[i] = syscall(SYS_gettid);
	started++;
	pthread_cond_broadcast(&cond);
	pthread_mutex_unlock(&lock);
}

static void *busy(void *arg)
{
	struct timespec ms = {.tv_sec = 0, .tv_nsec = 1000 * 1000};

	note_started((long)arg);
	for (;;) {
		syscall(SYS_getppid);
		nanosleep(&ms, NULL);
	}
	return NULL;
}

static void *reader(void *arg)
{
	char c;

	note_started(BUSY_THREADS);
	/* nobody writes: only the exec ends this read */
	if (read(fds[0], &c, 1) < 0)
		return NULL;
	return NULL;
}

static void *execer(void *arg)
{
	struct timespec settle = {.tv_sec = 0, .tv_nsec = 100 * 1000 * 1000};
	char *argv[] = {(char *)arg, "after", NULL};

	note_started(BUSY_THREADS + 1);
	/* let the others reach their calls */
	nanosleep(&settle, NULL);
	execv("/proc/self/exe", argv);
	return (void *)1;
}

int main(int argc, char **argv)
{
	pthread_t t;

	if (argc > 1 && !strcmp(argv[1], "after")) {
		printf("after exec pid %d\n", getpid());
		return 3;
	}
	if (pipe(fds) < 0)
		return 1;
	for (long i = 0; i < BUSY_THREADS; i++) {
		if (pthread_create(&t, NULL, busy, (void *)i))
			return 1;
	}
	if (pthread_create(&t, NULL, reader, NULL))
		return 1;
	pthread_mutex_lock(&lock);
	while (started < BUSY_THREADS + 1)
		pthread_cond_wait(&cond, &lock);
	pthread_mutex_unlock(&lock);
	if (pthread_create(&t, NULL, execer, argv[0]))
		return 1;
	pthread_mutex_lock(&lock);
	while (started < BUSY_THREADS + 2)
		pthread_cond_wait(&cond, &lock);
	pthread_mutex_unlock(&lock);
	printf("pid %d exec %d busy %d %d %d reader %d\n", getpid(), tids[BUSY_THREADS + 1],
	       tids[0], tids[1], tids[2], tids[BUSY_THREADS]);
	fflush(stdout);
	/* the main thread waits too, in a call that never returns */
	pthread_join(t, NULL);
	return 1;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload: a reader thread blocks in read() on a pipe while the main
 * thread makes a few getppid() calls and then writes one byte "x" to it.
 * Prints "pid P reader R main M" on stdout so the test knows the thread ids.
 */
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int fds[2];
static pid_t reader_tid;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;

static void *reader(void *arg)
{
	char c = 0;

	pthread_mutex_lock(&lock);
	reader_tid = syscall(SYS_gettid);
	pthread_cond_signal(&cond);
	pthread_mutex_unlock(&lock);
	if (read(fds[0], &c, 1) != 1 || c != 'x')
		return (void *)1;
	return NULL;
}

int main(void)
{
	struct timespec settle = {.tv_sec = 0, .tv_nsec = 200 * 1000 * 1000};
	pthread_t t;
	void *res;

	if (pipe(fds) < 0)
		return 1;
	if (pthread_create(&t, NULL, reader, NULL))
		return 1;
	pthread_mutex_lock(&lock);
	while (!reader_tid)
		pthread_cond_wait(&cond, &lock);
	pthread_mutex_unlock(&lock);
	/* let the reader reach read() and block there */
	nanosleep(&settle, NULL);
	for (int i = 0; i < 3; i++)
		getppid();
	if (write(fds[1], "x", 1) != 1)
		return 1;
	pthread_join(t, &res);
	printf("pid %d reader %d main %d\n", getpid(), reader_tid, (int)syscall(SYS_gettid));
	return res ? 1 : 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * forks [N [THREADS]]: forks N children (fork, glibc's clone) that exit at
 * once, waits for each, then starts THREADS threads (pthread_create,
 * glibc's clone3) and joins them. Defaults 5 and 4. Each child and thread
 * returns 0 from the call that made it: one call each, made by the parent.
 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>

static void *thread_main(void *arg)
{
	return arg;
}

int main(int argc, char **argv)
{
	int forks = argc > 1 ? atoi(argv[1]) : 5, threads = argc > 2 ? atoi(argv[2]) : 4;
	pthread_t tids[64];

	if (threads > 64)
		threads = 64;
	for (int i = 0; i < forks; i++) {
		pid_t pid = fork();

		if (pid < 0)
			return 1;
		if (pid == 0)
			_exit(0);
		if (waitpid(pid, NULL, 0) != pid)
			return 1;
	}
	for (int i = 0; i < threads; i++) {
		if (pthread_create(&tids[i], NULL, thread_main, NULL))
			return 1;
	}
	for (int i = 0; i < threads; i++)
		pthread_join(tids[i], NULL);
	return 0;
}

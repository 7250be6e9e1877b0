// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload: a single thread blocks in read() on a pipe; a child process
 * (not traced) writes "y" to it after the delay in ms given as argv[1]
 * (default 1000).
 */
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long ms = argc > 1 ? atol(argv[1]) : 1000;
	struct timespec delay = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};
	int fds[2];
	char c = 0;
	pid_t pid;

	if (pipe(fds) < 0)
		return 1;
	pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		nanosleep(&delay, NULL);
		_exit(write(fds[1], "y", 1) == 1 ? 0 : 1);
	}
	if (read(fds[0], &c, 1) != 1 || c != 'y')
		return 1;
	waitpid(pid, NULL, 0);
	return 0;
}

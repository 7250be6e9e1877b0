// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload for process life in the trace. Modes:
 *   fork N      forks N children; child i opens "/nonexistent/child-i" and
 *               exits with status i; child 1 forks a grandchild first that
 *               opens "/nonexistent/grandchild". The parent waits for all,
 *               opens "/nonexistent/parent" and exits 0.
 *   orphan      forks a child that outlives the parent by 300 ms, then opens
 *               "/nonexistent/orphan"; the parent exits 4 at once.
 *   signals     SIGUSR1 to itself with kill(), a SIGALRM that interrupts a
 *               3 s nanosleep, a SIGCHLD from a child exiting 7 that ends a
 *               sigsuspend; exits 5.
 *   stop        sleeps 1 s in clock_nanosleep while a child stops it (SIGSTOP) as
 *               soon as it sleeps and continues it (SIGCONT) 100 ms after it stopped: with no handler
 *               to run, the kernel resumes the sleep with restart_syscall. The
 *               parent then kills the child (paused till then) and exits 6.
 *   segv        writes to address 8.
 *   thread      a thread that opens "/nonexistent/thread" and ends on its
 *               own; the main thread joins it and exits 0.
 */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void on_signal(int sig)
{
}

static void *thread_main(void *arg)
{
	open("/nonexistent/thread", O_RDONLY);
	return NULL;
}

static int do_fork(int n)
{
	for (int i = 1; i <= n; i++) {
		pid_t pid = fork();
		char path[64];

		if (pid < 0)
			return 1;
		if (pid > 0)
			continue;
		if (i == 1 && fork() == 0) {
			open("/nonexistent/grandchild", O_RDONLY);
			_exit(0);
		}
		snprintf(path, sizeof(path), "/nonexistent/child-%d", i);
		open(path, O_RDONLY);
		while (wait(NULL) > 0)
			;
		_exit(i);
	}
	while (wait(NULL) > 0)
		;
	open("/nonexistent/parent", O_RDONLY);
	return 0;
}

static int do_signals(void)
{
	struct sigaction sa = {.sa_handler = on_signal};
	struct timespec ts = {.tv_sec = 3};
	sigset_t chld, none;

	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGALRM, &sa, NULL);
	sigaction(SIGCHLD, &sa, NULL);
	kill(getpid(), SIGUSR1);
	alarm(1);
	nanosleep(&ts, NULL);
	/* SIGCHLD blocked until sigsuspend: the child may exit before it */
	sigemptyset(&none);
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	if (fork() == 0)
		_exit(7);
	sigsuspend(&none);
	wait(NULL);
	return 5;
}

/*
 * Waits (10 s at most) until process pid is in one of the states given
 * ("Tt": stopped, 't' under ptrace; "S": asleep).
 */
static void wait_state(pid_t pid, const char *states)
{
	char path[64], stat[512], *state;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	for (int i = 0; i < 10000; i++) {
		FILE *f = fopen(path, "r");
		size_t n = f ? fread(stat, 1, sizeof(stat) - 1, f) : 0;

		if (f)
			fclose(f);
		stat[n] = '\0';
		state = strrchr(stat, ')');
		if (state && state[1] == ' ' && state[2] && strchr(states, state[2]))
			return;
		usleep(1000);
	}
}

static int do_stop(void)
{
	struct timespec ts = {.tv_sec = 1};
	pid_t parent = getpid(), child = fork();

	if (child < 0)
		return 1;
	if (child == 0) {
		/*
		 * Once the parent sleeps (it does nothing else that waits), not
		 * at a fixed time: on a loaded machine a child that slept first
		 * ran once the parent's second had passed. Then until it stopped:
		 * a SIGCONT sent before the SIGSTOP is delivered would discard
		 * it, and 100 ms may not be enough for the stopped process to run.
		 */
		wait_state(parent, "S");
		kill(parent, SIGSTOP);
		wait_state(parent, "Tt");
		/* strace shows 't' before it lets the stop happen: give it the time it had */
		usleep(100000);
		kill(parent, SIGCONT);
		/* no exit before the sleep ends: its SIGCHLD would wake it under strace */
		pause();
		_exit(0);
	}
	nanosleep(&ts, NULL);
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	return 6;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	pthread_t thread;

	if (!strcmp(mode, "fork"))
		return do_fork(argc > 2 ? atoi(argv[2]) : 2);
	if (!strcmp(mode, "orphan")) {
		if (fork() == 0) {
			usleep(300000);
			open("/nonexistent/orphan", O_RDONLY);
			_exit(0);
		}
		return 4;
	}
	if (!strcmp(mode, "signals"))
		return do_signals();
	if (!strcmp(mode, "stop"))
		return do_stop();
	if (!strcmp(mode, "segv")) {
		*(volatile int *)8 = 1;
		return 0;
	}
	if (!strcmp(mode, "thread")) {
		pthread_create(&thread, NULL, thread_main, NULL);
		pthread_join(thread, NULL);
		return 0;
	}
	fprintf(stderr, "usage: proc_life fork N|orphan|signals|stop|segv|thread\n");
	return 2;
}

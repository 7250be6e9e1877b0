// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload of -e inject=: calls whose results it prints, so that a test sees what the
 * program got as well as what the trace says.
 *
 *   inject_calls seq [ROUNDS]  ROUNDS (default 3) rounds of getppid(), chdir("/") and
 *                              umask(022), in the main thread, then in a thread, then in a
 *                              child process, one after the other; then the SIGUSR1 count
 *   inject_calls parallel      a thread blocks in getpid() (the test delays it) while the
 *                              main thread makes three getppid() calls and says so
 *   inject_calls spawn         runs /bin/true from a child it forks, and waits for it
 *
 * Each call prints "WHO NAME N: RESULT", RESULT the return value or -1 and the errno's name.
 * Every call is made with syscall(2), so the calls are exactly these.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static int rounds = 3;
static volatile sig_atomic_t usr1;
/* what getppid() returns when nothing is injected: read without a getppid() call */
static long parent_pid;

/* Field 1 (pid) or 4 (ppid) of /proc/self/stat. */
static long self_stat(int field)
{
	char buf[512], *p;
	long pid, ppid;
	FILE *f = fopen("/proc/self/stat", "r");

	if (!f || !fgets(buf, sizeof(buf), f))
		exit(3);
	fclose(f);
	p = strrchr(buf, ')');
	pid = atol(buf);
	if (!p || sscanf(p + 2, "%*c %ld", &ppid) != 1)
		exit(3);
	return field == 1 ? pid : ppid;
}

static void on_usr1(int sig)
{
	(void)sig;
	usr1++;
}

static void report(const char *who, const char *name, int n, long r)
{
	if (r == -1)
		dprintf(1, "%s %s %d: -1 %s\n", who, name, n, strerrorname_np(errno) ?: "E?");
	else
		dprintf(1, "%s %s %d: %ld\n", who, name, n, r);
}

static void calls(const char *who)
{
	for (int i = 1; i <= rounds; i++) {
		/* getppid's result differs per run: the parent's shows as "parent" */
		long r = syscall(SYS_getppid);

		if (r == parent_pid)
			dprintf(1, "%s getppid %d: parent\n", who, i);
		else
			report(who, "getppid", i, r);
		report(who, "chdir", i, syscall(SYS_chdir, "/"));
		report(who, "umask", i, syscall(SYS_umask, 022));
	}
}

static void *thread_calls(void *arg)
{
	calls(arg);
	return NULL;
}

static int seq(void)
{
	pthread_t t;
	pid_t child;
	int status;

	calls("main");
	if (pthread_create(&t, NULL, thread_calls, "thread") || pthread_join(t, NULL))
		return 1;
	parent_pid = self_stat(1);
	child = fork();
	if (child == 0) {
		calls("child");
		_exit(0);
	}
	if (child < 0 || waitpid(child, &status, 0) != child || status)
		return 1;
	dprintf(1, "SIGUSR1 %d\n", (int)usr1);
	return 0;
}

static void *slow_call(void *arg)
{
	(void)arg;
	report("slow", "getpid", 1, syscall(SYS_getpid) > 0 ? 0 : -1);
	return NULL;
}

static int parallel(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, slow_call, NULL))
		return 1;
	for (int i = 1; i <= 3; i++)
		report("fast", "getppid", i, syscall(SYS_getppid) > 0 ? 0 : -1);
	dprintf(1, "fast done\n");
	return pthread_join(t, NULL) ? 1 : 0;
}

static int spawn(void)
{
	pid_t child = fork();
	int status;

	if (child == 0) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(127);
	}
	if (child < 0 || waitpid(child, &status, 0) != child)
		return 1;
	dprintf(1, "true: %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "seq";

	signal(SIGUSR1, on_usr1);
	parent_pid = self_stat(4);
	if (argc > 2)
		rounds = atoi(argv[2]);
	if (!strcmp(mode, "seq"))
		return seq();
	if (!strcmp(mode, "parallel"))
		return parallel();
	if (!strcmp(mode, "spawn"))
		return spawn();
	fprintf(stderr, "usage: inject_calls seq [ROUNDS] | parallel | spawn\n");
	return 2;
}

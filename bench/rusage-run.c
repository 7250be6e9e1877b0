// Runs a command as its child and writes the child's exit status and peak RSS to a file.
/*
 * Why not let bench/run.py wait4() the tracer directly: a child forked by Python starts with
 * Python's resident set counted in its ru_maxrss (the kernel keeps the pre-exec high-water
 * mark), so nothing under ~15 MB could be measured. This launcher is small; its own child
 * starts from the launcher's RSS, which is about 1 MB.
 *
 * Usage: rusage-run RESULT_FILE CMD [ARGS...]
 * RESULT_FILE gets one line: "status=N maxrss_kb=N utime_us=N stime_us=N wall_ns=N", where
 * status is the exit code, or 128 + signal number, and wall_ns the CLOCK_MONOTONIC time from
 * just before the fork to the reaping (what bench/kernel.sh, which has no clock of its own in
 * busybox's shell, times runs by). The launcher exits with that status too. SIGINT,
 * SIGTERM and SIGHUP sent to the launcher are passed on to the command.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile pid_t child_pid;

static void forward_signal(int sig)
{
	if (child_pid > 0)
		kill(child_pid, sig);
}

int main(int argc, char **argv)
{
	static const int forwarded[] = {SIGINT, SIGTERM, SIGHUP};
	struct sigaction sa;
	struct timespec t0, t1;
	struct rusage ru;
	int wstatus, status;
	FILE *result;
	pid_t pid;

	if (argc < 3) {
		fprintf(stderr, "usage: rusage-run RESULT_FILE CMD [ARGS...]\n");
		return 2;
	}

	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "rusage-run: fork: %s\n", strerror(errno));
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		fprintf(stderr, "rusage-run: cannot run %s: %s\n", argv[2], strerror(errno));
		_exit(127);
	}
	child_pid = pid;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = forward_signal;
	sa.sa_flags = SA_RESTART;
	for (size_t i = 0; i < sizeof(forwarded) / sizeof(forwarded[0]); i++)
		sigaction(forwarded[i], &sa, NULL);

	while (wait4(pid, &wstatus, 0, &ru) < 0) {
		if (errno != EINTR) {
			fprintf(stderr, "rusage-run: wait4: %s\n", strerror(errno));
			return 2;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);

	result = fopen(argv[1], "w");
	if (!result) {
		fprintf(stderr, "rusage-run: cannot write %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	fprintf(result, "status=%d maxrss_kb=%ld utime_us=%ld stime_us=%ld wall_ns=%lld\n", status,
		ru.ru_maxrss, (long)(ru.ru_utime.tv_sec * 1000000L + ru.ru_utime.tv_usec),
		(long)(ru.ru_stime.tv_sec * 1000000L + ru.ru_stime.tv_usec),
		(long long)(t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec));
	fclose(result);
	return status;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Process control: the command started, processes attached to, containers found, signals
 * taken, children reaped; whether what is traced is still there.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "session/session_internal.h"

/* Resolves the command through PATH, as execvp would, so a missing one fails before any BPF. */
int find_command(const char *cmd, char *path, size_t size)
{
	const char *dirs = getenv("PATH");
	struct stat st;

	if (strchr(cmd, '/')) {
		if (stat(cmd, &st) < 0)
			return -errno;
		if (!S_ISREG(st.st_mode) || access(cmd, X_OK) < 0)
			return -EACCES;
		snprintf(path, size, "%s", cmd);
		return 0;
	}
	if (!dirs)
		dirs = "/usr/local/bin:/usr/bin:/bin";
	while (*dirs) {
		const char *end = strchrnul(dirs, ':');
		int len = end - dirs;

		snprintf(path, size, "%.*s/%s", len ? len : 1, len ? dirs : ".", cmd);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0)
			return 0;
		dirs = *end ? end + 1 : end;
	}
	return -ENOENT;
}

/*
 * Forks the command, stopped before exec until the collector watches it. With -e inject=, the
 * child shares btftrace's fds until its exec (injector__fork): then neither side closes its
 * copy of the pipe's other end, which is the same one. Forked before block_signals(), the
 * child has the signal state btftrace was given already, but for --flight-recorder's
 * SIGUSR1, blocked from the start (session_run).
 */
int spawn_child(struct session *s, const char *path)
{
	const struct command_opts *cmd = &s->opts->cmd;
	char **argv = s->opts->command;
	bool shared_fds = s->injector;
	const char *step;
	int err;

	if (pipe2(s->go_pipe, O_CLOEXEC) < 0)
		return -errno;
	s->child = shared_fds ? injector__fork(s->injector) : fork();
	if (s->child < 0)
		return -errno;
	if (s->child == 0) {
		char go;

		if (!shared_fds)
			close(s->go_pipe[1]);
		/* the command gets the signal state btftrace itself was given */
		if (s->sigfd >= 0) {
			sigprocmask(SIG_SETMASK, &s->orig_sigmask, NULL);
			signal(SIGPIPE, s->orig_sigpipe);
		} else if (s->opts->recorder && !s->usr1_blocked) {
			sigset_t usr1;

			sigemptyset(&usr1);
			sigaddset(&usr1, SIGUSR1);
			sigprocmask(SIG_UNBLOCK, &usr1, NULL);
		}
		/*
		 * The command runs with its user's rights, not with the capabilities
		 * btftrace was given to trace: ambient ones would pass through exec.
		 */
		prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
		/* the parent closes its end without writing when set-up fails */
		if (read(s->go_pipe[0], &go, 1) != 1)
			_exit(127);
		/*
		 * -E, -u: the command's environment and user, then its argv[0]
		 * (--argv0); before -e inject='s filter, which must not count these
		 */
		err = command_opts__apply(cmd, &step);
		if (err) {
			fprintf(stderr, "btftrace: cannot run %s: cannot %s: %s\n", path, step,
				strerror(-err));
			_exit(127);
		}
		if (cmd->argv0)
			argv[0] = (char *)cmd->argv0;
		/*
		 * the execve's enter shows the name the thread has: the command's,
		 * the one the exec gives it, not btftrace's of the fork
		 */
		prctl(PR_SET_NAME, strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
		if (shared_fds)
			injector__child_install(s->injector);
		execv(path, argv);
		fprintf(stderr, "btftrace: cannot run %s: %s\n", path, strerror(errno));
		_exit(127);
	}
	if (!shared_fds) {
		close(s->go_pipe[0]);
		s->go_pipe[0] = -1;
	}
	return 0;
}

/* -e inject=: the filter and what the child shares, before it is forked. */
int prepare_injection(struct session *s)
{
	struct injector_opts io = {
		.plan = s->inject_plan,
		.coll = &s->coll,
		.follow_forks = s->opts->follow_forks,
	};
	int err;

	/* nothing to inject into (no traced syscall in the sets): no filter at all */
	if (!s->inject_plan || !s->inject_plan->nslots)
		return 0;
	err = injector__new(&s->injector, &io);
	if (err)
		fail("cannot set up -e inject= (%s): %s", strerror(-err),
		     err == -E2BIG ? "too many syscalls apart: give fewer, or a class"
				   : "out of memory");
	return err;
}

/* -e inject=: the child was let go; its filter is in once it said so, and served from then on. */
int start_injection(struct session *s)
{
	int err = injector__start(s->injector, s->child);

	if (err == -EINVAL || err == -ENOSYS)
		fail("cannot inject faults: this kernel lacks seccomp user notification with "
		     "SECCOMP_USER_NOTIF_FLAG_CONTINUE, which -e inject= needs: Linux 5.5 and "
		     "later have it");
	else if (err == -EBUSY)
		fail("cannot inject faults: the command already runs under a seccomp filter with "
		     "a listener (a container's?), and a task can have one only");
	else if (err == -ECHILD)
		fail("cannot inject faults: '%s' died before it was started", s->opts->command[0]);
	else if (err)
		fail("cannot inject faults: cannot install the seccomp filter (%s)",
		     strerror(-err));
	if (err && !s->child_done)
		/* its filter may be in, with nobody to answer it: it must not run */
		kill(s->child, SIGKILL);
	/* the child is past its read of the pipe: btftrace's end can go */
	close(s->go_pipe[0]);
	s->go_pipe[0] = -1;
	return err;
}

int open_pidfds(struct session *s)
{
	for (int i = 0; i < s->opts->npids; i++) {
		pid_t pid = s->opts->pids[i];
		int fd = syscall(SYS_pidfd_open, pid, 0);
		struct pollfd gone = {.fd = fd, .events = POLLIN};

		/* pidfds name processes: a thread id gets EINVAL, or ENOENT since Linux 6.9 */
		if (fd < 0 && (errno == EINVAL || errno == ENOENT)) {
			fail("cannot attach to %d: it is a thread, not a process; give its process "
			     "id (Tgid in /proc/%d/status)",
			     pid, pid);
			return -EINVAL;
		}
		if (fd < 0) {
			fail("cannot attach to process %d (%s): check the pid with 'ps -p %d'", pid,
			     strerror(errno), pid);
			return -errno;
		}
		s->pidfds[s->npidfds++] = fd;
		/* a zombie still has a pid, but makes no more calls */
		if (poll(&gone, 1, 0) == 1) {
			fail("cannot attach to process %d: it has exited; check the pid with "
			     "'ps -p %d'",
			     pid, pid);
			return -ESRCH;
		}
	}
	return 0;
}

int block_signals(struct session *s)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	sigaddset(&set, SIGCHLD);
	if (s->opts->recorder)
		sigaddset(&set, SIGUSR1);
	if (sigprocmask(SIG_BLOCK, &set, &s->orig_sigmask) < 0)
		return -errno;
	/* blocked since the start (session_run), not by whoever started btftrace */
	if (s->opts->recorder && !s->usr1_blocked)
		sigdelset(&s->orig_sigmask, SIGUSR1);
	/* a closed output pipe shows as EPIPE from write, handled there */
	s->orig_sigpipe = signal(SIGPIPE, SIG_IGN);
	s->sigfd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	return s->sigfd < 0 ? -errno : 0;
}

void reap_child(struct session *s)
{
	int status;

	if (s->child <= 0 || s->child_done)
		return;
	if (waitpid(s->child, &status, WNOHANG) == s->child) {
		s->child_done = true;
		s->child_status = status;
	}
}

/* Returns true when tracing should stop. */
bool handle_signals(struct session *s, int *stop_signal)
{
	struct signalfd_siginfo si;
	bool stop = false;

	while (read(s->sigfd, &si, sizeof(si)) == sizeof(si)) {
		if (si.ssi_signo == SIGCHLD) {
			reap_child(s);
			continue;
		}
		/* --flight-recorder: a dump on demand, of the calls up to now */
		if (si.ssi_signo == SIGUSR1) {
			recorder_on_sigusr1(s);
			continue;
		}
		*stop_signal = si.ssi_signo;
		stop = true;
	}
	return stop;
}

/*
 * --container NAME: every container named has stopped (its cgroup is gone), so nothing is
 * left to trace; with --container new more may come, until SIGINT.
 */
bool containers_all_gone(struct session *s)
{
	const struct session_opts *o = s->opts;

	if (!o->ncontainers || o->containers_new)
		return false;
	for (size_t i = 0; i < container_table__count(s->containers); i++) {
		if (i < (size_t)o->ncontainers &&
		    container_table__alive(s->containers, container_table__at(s->containers, i)))
			return false;
	}
	return true;
}

void select_new_container(void *ctx, const struct container *c)
{
	struct session *s = ctx;
	int err = collector__add_container_cgroup(&s->coll, c->cgroup_id, c->level);

	if (err)
		fail("warning: cannot trace the new container %.12s (%s): %s", c->id, c->cgroup,
		     strerror(-err));
	else if (s->opts->debug)
		fprintf(stderr, "btftrace: new container %.12s in %s%s\n", c->id,
			container_table__root(s->containers), c->cgroup);
}

bool attached_all_gone(struct session *s)
{
	for (int i = 0; i < s->npidfds; i++) {
		struct pollfd p = {.fd = s->pidfds[i], .events = POLLIN};

		if (poll(&p, 1, 0) == 0)
			return false;
	}
	return s->npidfds > 0;
}

/*
 * With -f, tracing goes on until every followed process has exited: the
 * kernel drops each from traced_procs when its last thread exits.
 */
bool followed_alive(struct session *s)
{
	return s->opts->follow_forks && !s->opts->trace_all && !collector__no_procs(&s->coll);
}

/*
 * --container NAME: each found through the runtimes or the cgroups before anything is
 * loaded, so that a wrong name costs no BPF. -a and --container new keep the table too:
 * their lines say which container they come from.
 */
int find_containers(struct session *s)
{
	const struct session_opts *o = s->opts;
	char why[CONTAINER_ERR_MAX];
	const struct container *c;

	if (!o->ncontainers && !o->containers_new && !o->trace_all)
		return 0;
	s->containers = container_table__new(NULL);
	if (!s->containers) {
		fail("cannot keep the containers: %s", strerror(ENOMEM));
		return -ENOMEM;
	}
	if ((o->ncontainers || o->containers_new) && !container_table__root(s->containers)[0]) {
		fail("--container needs a cgroup v2 hierarchy, and none is mounted: mount one "
		     "with 'mount -t cgroup2 none /sys/fs/cgroup'");
		return -ENOENT;
	}
	for (int i = 0; i < o->ncontainers; i++) {
		if (container_table__resolve(s->containers, o->containers[i], &c, why,
					     sizeof(why))) {
			fail("%s", why);
			return -ENOENT;
		}
		if (o->debug)
			fprintf(stderr, "btftrace: container %s: %s %s, cgroup %s%s\n",
				o->containers[i], c->runtime[0] ? c->runtime : "(cgroup)", c->id,
				container_table__root(s->containers), c->cgroup);
	}
	return 0;
}

/* The containers found are what the kernel traces; --container new watches for more. */
int select_containers(struct session *s)
{
	const struct session_opts *o = s->opts;
	int err;

	if (!o->ncontainers && !o->containers_new)
		return 0;
	for (size_t i = 0; i < container_table__count(s->containers); i++) {
		const struct container *c = container_table__at(s->containers, i);

		err = collector__add_container_cgroup(&s->coll, c->cgroup_id, c->level);
		if (err) {
			fail("cannot select the cgroup %s%s of container %s in the kernel (%s): "
			     "run with -d to see libbpf's messages",
			     container_table__root(s->containers), c->cgroup, c->name,
			     strerror(-err));
			return err;
		}
	}
	if (!o->containers_new)
		return 0;
	s->watch_fd = container_table__watch(s->containers);
	if (s->watch_fd < 0) {
		err = s->watch_fd;
		fail("cannot watch %s for new containers' cgroups (%s): raise "
		     "fs.inotify.max_user_watches, or name the containers",
		     container_table__root(s->containers), strerror(-err));
		return err;
	}
	return 0;
}

int exit_status_of_child(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 1;
}

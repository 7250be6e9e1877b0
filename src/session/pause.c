// SPDX-License-Identifier: GPL-2.0
/*
 * --no-loss: the command paused by cgroup v2's freezer while the reader catches up.
 *
 * BPF programs at the syscall tracepoints cannot sleep, so a record that
 * finds the ring buffer full is lost; the only way to make the traced
 * threads wait is to stop them before the buffer fills. SIGSTOP would do it
 * but the command's parent (btftrace) and any of its children's parents
 * see it in waitpid and SIGCHLD, and a shell's job control with them. A
 * frozen cgroup is seen by nobody: its tasks stop on their way back to user
 * space and go on when thawed, their signals kept. It needs a cgroup of
 * their own, which only the command btftrace starts (and its children) can
 * be given without moving someone else's processes.
 *
 * The freeze is decided on a thread of its own, woken by the ring buffer's
 * wake-up at the mark: the reader may be blocked in writing the trace (a
 * pipe to a pager), and then it reads no records to see the backlog by.
 * The reader thaws the command as it drains the buffer.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include "collector/collector.h"
#include "container/container.h"
#include "session/pause.h"

static int write_str(int fd, const char *text)
{
	ssize_t n = write(fd, text, strlen(text));

	return n == (ssize_t)strlen(text) ? 0 : (n < 0 ? -errno : -EIO);
}

static int write_file(const char *dir, const char *name, const char *text)
{
	char path[PATH_MAX + 32];
	int fd, err;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = write_str(fd, text);
	close(fd);
	return err;
}

int cmd_pause__open(struct cmd_pause *p, char *err, size_t size)
{
	char root[PATH_MAX], rel[PATH_MAX], path[PATH_MAX + 32];
	int ret;

	memset(p, 0, sizeof(*p));
	p->freeze_fd = p->epfd = p->stopfd = -1;
	pthread_mutex_init(&p->lock, NULL);
	ret = cgroup2_root(root, sizeof(root));
	if (!ret)
		ret = cgroup2_path_of(getpid(), rel, sizeof(rel));
	if (ret) {
		snprintf(err, size,
			 "no cgroup v2 hierarchy is mounted (%s): mount one with "
			 "'mount -t cgroup2 none /sys/fs/cgroup', or drop --no-loss",
			 strerror(-ret));
		return ret;
	}
	if ((size_t)snprintf(p->home, sizeof(p->home), "%s%s", root, strcmp(rel, "/") ? rel : "") >=
		    sizeof(p->home) ||
	    (size_t)snprintf(p->dir, sizeof(p->dir), "%s/btftrace-%d", p->home, (int)getpid()) >=
		    sizeof(p->dir)) {
		snprintf(err, size, "the cgroup path is too long: drop --no-loss");
		return -ENAMETOOLONG;
	}
	if (mkdir(p->dir, 0755) < 0) {
		ret = -errno;
		snprintf(err, size,
			 "cannot make the cgroup %s for the command (%s): drop --no-loss", p->dir,
			 strerror(errno));
		p->dir[0] = 0;
		return ret;
	}
	snprintf(path, sizeof(path), "%s/cgroup.freeze", p->dir);
	p->freeze_fd = open(path, O_WRONLY | O_CLOEXEC);
	if (p->freeze_fd < 0) {
		ret = -errno;
		snprintf(err, size,
			 "this kernel has no cgroup freezer for cgroup v2 (%s: %s; Linux 5.2 and "
			 "later have it): drop --no-loss",
			 path, strerror(errno));
		cmd_pause__close(p);
		return ret;
	}
	return 0;
}

int cmd_pause__add(struct cmd_pause *p, pid_t pid)
{
	char text[32];

	snprintf(text, sizeof(text), "%d\n", (int)pid);
	return write_file(p->dir, "cgroup.procs", text);
}

/* The backlog, as the ring buffer's reader has it (its positions are the kernel's pages). */
static __u64 pending(const struct cmd_pause *p)
{
	return collector__ring_left(p->coll, collector__ring_end(p->coll));
}

/* The backlog decides, under the lock: the watcher and the reader may both ask. */
static void set_frozen(struct cmd_pause *p, bool frozen)
{
	pthread_mutex_lock(&p->lock);
	if (p->freeze_fd >= 0 && p->frozen != frozen && !(frozen && p->released) &&
	    (frozen ? pending(p) >= p->high : pending(p) <= p->low || p->released) &&
	    /* a failed write leaves the command as it was: it runs, and may lose */
	    !write_str(p->freeze_fd, frozen ? "1\n" : "0\n")) {
		__atomic_store_n(&p->frozen, frozen, __ATOMIC_RELEASE);
		if (frozen)
			p->pauses++;
	}
	pthread_mutex_unlock(&p->lock);
}

void cmd_pause__check(struct cmd_pause *p)
{
	bool frozen;
	__u64 n;

	if (!p->coll)
		return;
	frozen = __atomic_load_n(&p->frozen, __ATOMIC_ACQUIRE);
	n = pending(p);
	if (frozen ? n <= p->low : n >= p->high)
		set_frozen(p, !frozen);
}

static void *watch_ring(void *arg)
{
	struct cmd_pause *p = arg;
	struct epoll_event ev;

	/* as the reader: it must run before the traced threads fill the buffer */
	setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), PAUSE_WATCH_NICE);
	for (;;) {
		/* the wake-up at the mark; the timeout in case one came before the wait */
		epoll_wait(p->epfd, &ev, 1, PAUSE_WATCH_MS);
		if (__atomic_load_n(&p->released, __ATOMIC_ACQUIRE))
			break;
		if (!__atomic_load_n(&p->frozen, __ATOMIC_ACQUIRE) && pending(p) >= p->high)
			set_frozen(p, true);
	}
	return NULL;
}

int cmd_pause__watch(struct cmd_pause *p, const struct collector *coll, __u64 high, __u64 low)
{
	/* edge-triggered: a level would report the ring readable while anything is in it */
	struct epoll_event ev = {.events = EPOLLIN | EPOLLET};
	size_t ring_bytes = coll->ringbuf_bytes;
	int ring_fd = collector__ring_fd(coll);
	int err;

	p->coll = coll;
	p->high = high < ring_bytes ? high : ring_bytes / 2;
	p->low = low < p->high ? low : p->high / 4;
	p->epfd = epoll_create1(EPOLL_CLOEXEC);
	p->stopfd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (p->epfd < 0 || p->stopfd < 0 || epoll_ctl(p->epfd, EPOLL_CTL_ADD, ring_fd, &ev) ||
	    epoll_ctl(p->epfd, EPOLL_CTL_ADD, p->stopfd, &ev))
		return -errno;
	err = pthread_create(&p->watcher, NULL, watch_ring, p);
	if (err)
		return -err;
	p->watching = true;
	return 0;
}

void cmd_pause__release(struct cmd_pause *p)
{
	__u64 one = 1;

	if (!p->coll)
		return;
	__atomic_store_n(&p->released, true, __ATOMIC_RELEASE);
	if (p->watching && write(p->stopfd, &one, sizeof(one)) == sizeof(one))
		pthread_join(p->watcher, NULL);
	p->watching = false;
	set_frozen(p, false);
	p->coll = NULL;
}

void cmd_pause__close(struct cmd_pause *p)
{
	char path[PATH_MAX + 32], line[32];
	FILE *f;

	if (!p->dir[0])
		return;
	cmd_pause__release(p);
	if (p->freeze_fd >= 0)
		close(p->freeze_fd);
	if (p->epfd > 0)
		close(p->epfd);
	if (p->stopfd > 0)
		close(p->stopfd);
	p->freeze_fd = p->epfd = p->stopfd = -1;
	/* the command's children that outlive it go on in btftrace's cgroup */
	snprintf(path, sizeof(path), "%s/cgroup.procs", p->dir);
	f = fopen(path, "re");
	while (f && fgets(line, sizeof(line), f))
		write_file(p->home, "cgroup.procs", line);
	if (f)
		fclose(f);
	/* a process that could not be moved keeps it: it is left, empty dirs are not */
	rmdir(p->dir);
	p->dir[0] = 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --no-loss: the command btftrace starts runs in a cgroup of its own, frozen
 * (cgroup v2's cgroup.freeze) while the ring buffer's backlog is high and
 * thawed once the reader has caught up, so that its records wait rather than
 * find the buffer full.
 */
#ifndef BTFTRACE_SESSION_PAUSE_H
#define BTFTRACE_SESSION_PAUSE_H

#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <linux/types.h>

struct collector;

#define PAUSE_WATCH_NICE -20 /* the watcher's priority, as the reader's */
#define PAUSE_WATCH_MS 20    /* its look at the backlog when no wake-up came */

struct cmd_pause {
	int freeze_fd;	     /* the command's cgroup's cgroup.freeze; -1: not in use */
	char dir[PATH_MAX];  /* that cgroup's directory, made for this run */
	char home[PATH_MAX]; /* btftrace's own cgroup's directory: what is left goes back there */
	/* the collector whose ring buffer's backlog decides; NULL: not watching */
	const struct collector *coll;
	__u64 high, low; /* freeze at or above high bytes pending, thaw at or below low */
	bool frozen;
	bool released;	      /* tracing is over: no more pauses */
	unsigned long pauses; /* times the command was frozen */
	/* the thread that freezes at the ring buffer's wake-up (pause.c) */
	pthread_t watcher;
	bool watching;
	int epfd, stopfd;
	pthread_mutex_t lock; /* over freeze_fd and frozen's changes */
};

/*
 * Makes the cgroup next to btftrace's own and checks that it can be frozen.
 * 0, or a negative errno with what is missing in err.
 */
int cmd_pause__open(struct cmd_pause *p, char *err, size_t size);
/* Moves process pid (the command, before its exec) into the cgroup. */
int cmd_pause__add(struct cmd_pause *p, pid_t pid);
/*
 * Watches the collector's ring buffer: the command is frozen from high bytes
 * pending and thawed at low.
 */
int cmd_pause__watch(struct cmd_pause *p, const struct collector *coll, __u64 high, __u64 low);
/*
 * Freezes or thaws the command by the backlog now; cheap enough for every
 * record (two loads unless it changes).
 */
void cmd_pause__check(struct cmd_pause *p);
/* Thaws the command for good: tracing ends. */
void cmd_pause__release(struct cmd_pause *p);
/* Thaws, moves what still runs in the cgroup back to btftrace's own and removes it. */
void cmd_pause__close(struct cmd_pause *p);

#endif /* BTFTRACE_SESSION_PAUSE_H */

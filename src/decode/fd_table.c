// SPDX-License-Identifier: GPL-2.0
/* -y: per process, what each descriptor refers to, from the calls seen and /proc for the rest. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "decode/fd_table.h"

/* Processes hash into this many lists. */
#define FD_TABLE_BUCKETS 1024
/*
 * Descriptors kept per process: slots up to the highest seen, below this. A
 * higher one is asked of /proc every time rather than grow a slot array.
 */
#define FD_TABLE_MAX_FD 65536
#define FD_PATH_MAX 4096

enum fd_state {
	FD_UNSEEN = 0, /* no call said anything: ask /proc */
	FD_ASK_PROC,   /* made by a call that does not name it (socket, pipe): ask /proc */
	FD_KNOWN,      /* path holds what it refers to */
	FD_CLOSED,     /* closed, by a call seen: nothing to ask */
};

struct fd_slot {
	unsigned char state; /* enum fd_state */
	bool kept_on_exec;   /* known not to be close-on-exec (seeded from /proc) */
	char *path;	     /* FD_KNOWN only */
};

struct fd_proc {
	__u32 tgid;
	struct fd_proc *next;
	struct fd_slot *slots;
	unsigned int nslots;
	char *cwd; /* NULL: ask /proc */
};

struct fd_table {
	fd_readlink_fn readlink_fn;
	bool follow;
	struct fd_proc *buckets[FD_TABLE_BUCKETS];
	char buf[FD_PATH_MAX]; /* what /proc said last */
};

static ssize_t proc_readlink(__u32 tid, int fd, char *buf, size_t size)
{
	char link[64];

	if (fd < 0)
		snprintf(link, sizeof(link), "/proc/%u/cwd", tid);
	else
		snprintf(link, sizeof(link), "/proc/%u/fd/%d", tid, fd);
	return readlink(link, buf, size);
}

struct fd_table *fd_table__new(fd_readlink_fn readlink_fn)
{
	struct fd_table *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->readlink_fn = readlink_fn ? readlink_fn : proc_readlink;
	t->follow = true;
	return t;
}

static void free_proc(struct fd_proc *p)
{
	for (unsigned int i = 0; i < p->nslots; i++)
		free(p->slots[i].path);
	free(p->slots);
	free(p->cwd);
	free(p);
}

void fd_table__free(struct fd_table *t)
{
	if (!t)
		return;
	for (size_t b = 0; b < FD_TABLE_BUCKETS; b++) {
		while (t->buckets[b]) {
			struct fd_proc *p = t->buckets[b];

			t->buckets[b] = p->next;
			free_proc(p);
		}
	}
	free(t);
}

void fd_table__set_follow_calls(struct fd_table *t, bool follow)
{
	t->follow = follow;
}

static struct fd_proc **bucket_of(struct fd_table *t, __u32 tgid)
{
	return &t->buckets[(tgid * 2654435761u) % FD_TABLE_BUCKETS];
}

static struct fd_proc *find_proc(struct fd_table *t, __u32 tgid)
{
	for (struct fd_proc *p = *bucket_of(t, tgid); p; p = p->next) {
		if (p->tgid == tgid)
			return p;
	}
	return NULL;
}

static struct fd_proc *get_proc(struct fd_table *t, __u32 tgid)
{
	struct fd_proc *p = find_proc(t, tgid);
	struct fd_proc **head = bucket_of(t, tgid);

	if (p)
		return p;
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->tgid = tgid;
	p->next = *head;
	*head = p;
	return p;
}

/* The slot of fd, made (with the process's entry) when missing; NULL past the limit. */
static struct fd_slot *get_slot(struct fd_table *t, __u32 tgid, int fd)
{
	struct fd_proc *p;

	if (fd < 0 || fd >= FD_TABLE_MAX_FD || !(p = get_proc(t, tgid)))
		return NULL;
	if ((unsigned int)fd >= p->nslots) {
		unsigned int n = p->nslots ? p->nslots : 16;
		struct fd_slot *slots;

		while (n <= (unsigned int)fd)
			n *= 2;
		slots = realloc(p->slots, n * sizeof(*slots));
		if (!slots)
			return NULL;
		memset(slots + p->nslots, 0, (n - p->nslots) * sizeof(*slots));
		p->slots = slots;
		p->nslots = n;
	}
	return &p->slots[fd];
}

static struct fd_slot *find_slot(struct fd_table *t, __u32 tgid, int fd)
{
	struct fd_proc *p = find_proc(t, tgid);

	return p && fd >= 0 && (unsigned int)fd < p->nslots ? &p->slots[fd] : NULL;
}

static void set_slot(struct fd_slot *slot, enum fd_state state, const char *path)
{
	free(slot->path);
	slot->path = NULL;
	slot->state = state;
	slot->kept_on_exec = false;
	if (state == FD_KNOWN) {
		slot->path = strdup(path);
		if (!slot->path)
			slot->state = FD_UNSEEN;
	}
}

/* What /proc says of fd (-1: the cwd) in thread tid, or in the process when tid is gone. */
static const char *ask_proc(struct fd_table *t, __u32 tgid, __u32 tid, int fd)
{
	ssize_t n = t->readlink_fn(tid, fd, t->buf, sizeof(t->buf) - 1);

	if (n < 0 && tid != tgid)
		n = t->readlink_fn(tgid, fd, t->buf, sizeof(t->buf) - 1);
	if (n <= 0)
		return NULL;
	t->buf[n] = '\0';
	return t->buf;
}

const char *fd_table__path(struct fd_table *t, __u32 tgid, __u32 tid, int fd)
{
	struct fd_slot *slot;
	const char *path;

	if (fd < 0)
		return NULL;
	if (!t->follow)
		return ask_proc(t, tgid, tid, fd);
	slot = find_slot(t, tgid, fd);
	if (slot && slot->state == FD_KNOWN)
		return slot->path;
	if (slot && slot->state == FD_CLOSED)
		return NULL;
	path = ask_proc(t, tgid, tid, fd);
	/* kept: a close or a new open will come as a call before the fd changes */
	if (path && (slot = get_slot(t, tgid, fd)))
		set_slot(slot, FD_KNOWN, path);
	return path;
}

const char *fd_table__proc_path(struct fd_table *t, __u32 tgid, __u32 tid, int fd)
{
	return fd >= 0 ? ask_proc(t, tgid, tid, fd) : NULL;
}

const char *fd_table__known_path(struct fd_table *t, __u32 tgid, int fd)
{
	struct fd_slot *slot = t->follow ? find_slot(t, tgid, fd) : NULL;

	return slot && slot->state == FD_KNOWN ? slot->path : NULL;
}

const char *fd_table__cwd(struct fd_table *t, __u32 tgid, __u32 tid)
{
	struct fd_proc *p = t->follow ? find_proc(t, tgid) : NULL;
	const char *path;

	if (p && p->cwd)
		return p->cwd;
	path = ask_proc(t, tgid, tid, -1);
	if (path && t->follow)
		fd_table__set_cwd(t, tgid, path);
	return path;
}

void fd_table__set_cwd(struct fd_table *t, __u32 tgid, const char *path)
{
	struct fd_proc *p;
	char *copy;

	if (!t->follow || !path || path[0] != '/' || !(p = get_proc(t, tgid)))
		return;
	copy = strdup(path);
	if (!copy)
		return;
	free(p->cwd);
	p->cwd = copy;
}

void fd_table__set(struct fd_table *t, __u32 tgid, int fd, const char *path)
{
	struct fd_slot *slot;

	if (!t->follow || !(slot = get_slot(t, tgid, fd)))
		return;
	set_slot(slot, path ? FD_KNOWN : FD_ASK_PROC, path);
}

void fd_table__dup(struct fd_table *t, __u32 tgid, int oldfd, int newfd)
{
	struct fd_slot *from, *to;
	char *path = NULL;

	if (!t->follow || oldfd == newfd)
		return;
	from = find_slot(t, tgid, oldfd);
	if (from && from->state == FD_KNOWN && !(path = strdup(from->path)))
		return;
	to = get_slot(t, tgid, newfd);
	if (to) {
		/* the new fd is the same file: /proc names it as well as the old one */
		set_slot(to, path ? FD_KNOWN : FD_ASK_PROC, path);
	}
	free(path);
}

void fd_table__close(struct fd_table *t, __u32 tgid, unsigned int first, unsigned int last)
{
	struct fd_proc *p;

	if (!t->follow || first > last)
		return;
	if (first == last) {
		struct fd_slot *slot = get_slot(t, tgid, first < FD_TABLE_MAX_FD ? (int)first : -1);

		if (slot)
			set_slot(slot, FD_CLOSED, NULL);
		return;
	}
	/* a range (close_range): the slots there are; others were never seen */
	p = find_proc(t, tgid);
	for (unsigned int fd = first; p && fd <= last && fd < p->nslots; fd++)
		set_slot(&p->slots[fd], FD_CLOSED, NULL);
}

/* " (deleted)", as the kernel's d_path ends the name of a file removed while open */
static const char deleted_mark[] = " (deleted)";

/* Whether path is dir itself (n == 0 after it) or a path under it ('/' after it). */
static size_t under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	if (strncmp(path, dir, n) || (path[n] && path[n] != '/'))
		return 0;
	return n;
}

/* The slot's path with its first n bytes replaced by with (and mark after it all). */
static void replace_head(struct fd_slot *slot, size_t n, const char *with, const char *mark)
{
	size_t len = strlen(with) + strlen(slot->path + n) + strlen(mark) + 1;
	char *path = malloc(len);

	if (!path)
		return;
	snprintf(path, len, "%s%s%s", with, slot->path + n, mark);
	free(slot->path);
	slot->path = path;
}

/*
 * Each known fd of every process whose path is from (exactly, or under it when it is a
 * directory) now shows to instead; to NULL: from was removed, its fds show it " (deleted)",
 * as /proc does, files under a removed directory too. exchange: to's fds show from as well.
 */
static void paths_moved(struct fd_table *t, const char *from, const char *to, bool exchange)
{
	for (size_t b = 0; b < FD_TABLE_BUCKETS; b++) {
		for (struct fd_proc *p = t->buckets[b]; p; p = p->next) {
			for (unsigned int fd = 0; fd < p->nslots; fd++) {
				struct fd_slot *slot = &p->slots[fd];
				size_t n;

				if (slot->state != FD_KNOWN || !slot->path)
					continue;
				if ((n = under(slot->path, from)) &&
				    !strstr(slot->path, deleted_mark))
					replace_head(slot, to ? n : 0, to ? to : "",
						     to ? "" : deleted_mark);
				else if (exchange && to && (n = under(slot->path, to)))
					replace_head(slot, n, from, "");
			}
		}
	}
}

void fd_table__removed(struct fd_table *t, const char *path)
{
	if (t->follow && path && path[0] == '/')
		paths_moved(t, path, NULL, false);
}

void fd_table__renamed(struct fd_table *t, const char *from, const char *to, bool exchange)
{
	if (!t->follow || !from || !to || from[0] != '/' || to[0] != '/' || !strcmp(from, to))
		return;
	/* what to named before is gone, unless the two traded places */
	if (!exchange)
		paths_moved(t, to, NULL, false);
	paths_moved(t, from, to, exchange);
}

void fd_table__fork(struct fd_table *t, __u32 parent, __u32 child)
{
	struct fd_proc *from = find_proc(t, parent), *to_proc;
	struct fd_slot *to;

	if (!t->follow || !from || parent == child)
		return;
	to_proc = find_proc(t, child);
	if (from->cwd && !(to_proc && to_proc->cwd))
		fd_table__set_cwd(t, child, from->cwd);
	for (unsigned int fd = 0; fd < from->nslots; fd++) {
		const struct fd_slot *slot = &from->slots[fd];

		if (slot->state == FD_UNSEEN)
			continue;
		/*
		 * The child may have run (and its calls been shown) before the
		 * parent's return from clone came: what it said already stands.
		 */
		to = get_slot(t, child, fd);
		if (!to)
			return;
		if (to->state == FD_UNSEEN)
			set_slot(to, slot->state, slot->path);
	}
}

void fd_table__exec(struct fd_table *t, __u32 tgid)
{
	struct fd_proc *p = find_proc(t, tgid);

	if (!p)
		return;
	/* what is known to survive stays; the rest is asked of /proc again */
	for (unsigned int i = 0; i < p->nslots; i++) {
		if (!p->slots[i].kept_on_exec)
			set_slot(&p->slots[i], FD_UNSEEN, NULL);
	}
}

/* Whether fd of pid is close-on-exec, from /proc/PID/fdinfo/FD's flags (octal). */
static bool close_on_exec(__u32 pid, const char *fd)
{
	char path[320], text[256], *flags;
	ssize_t n;
	int f;

	snprintf(path, sizeof(path), "/proc/%u/fdinfo/%s", pid, fd);
	f = open(path, O_RDONLY | O_CLOEXEC);
	if (f < 0)
		return true;
	n = read(f, text, sizeof(text) - 1);
	close(f);
	if (n <= 0)
		return true;
	text[n] = '\0';
	flags = strstr(text, "flags:");
	return !flags || (strtoul(flags + 6, NULL, 8) & O_CLOEXEC);
}

void fd_table__seed(struct fd_table *t, __u32 tgid, __u32 pid)
{
	char dir[64], path[FD_PATH_MAX];
	struct fd_slot *slot;
	struct dirent *de;
	DIR *d;

	if (!t->follow)
		return;
	snprintf(dir, sizeof(dir), "/proc/%u/fd", pid);
	d = opendir(dir);
	if (!d)
		return;
	while ((de = readdir(d))) {
		int fd = atoi(de->d_name);
		ssize_t n;

		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		n = t->readlink_fn(pid, fd, path, sizeof(path) - 1);
		if (n <= 0 || !(slot = get_slot(t, tgid, fd)))
			continue;
		path[n] = '\0';
		set_slot(slot, FD_KNOWN, path);
		slot->kept_on_exec = !close_on_exec(pid, de->d_name);
	}
	closedir(d);
}

void fd_table__forget(struct fd_table *t, __u32 tgid)
{
	struct fd_proc **pp = bucket_of(t, tgid);

	for (; *pp; pp = &(*pp)->next) {
		if ((*pp)->tgid == tgid) {
			struct fd_proc *p = *pp;

			*pp = p->next;
			free_proc(p);
			return;
		}
	}
}

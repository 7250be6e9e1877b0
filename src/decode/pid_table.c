// SPDX-License-Identifier: GPL-2.0
/*
 * -Y, --decode-pids: the names of traced threads as their records gave them, /proc for the
 * rest, and ids seen from another PID namespace translated into btftrace's as strace does:
 * by the NSpid lines of /proc/PID/status and the namespaces' inodes.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <linux/nsfs.h>

#include "decode/pid_table.h"

/* Threads hash into this many lists. */
#define PID_TABLE_BUCKETS 1024
/* Past this many threads, those whose process ended are forgotten: nobody may reap them. */
#define PID_TABLE_PRUNE_AT 65536
/* PID namespaces nest 32 deep at most (since Linux 3.7). */
#define PID_NS_MAX_DEPTH 32
/* Translations found by scanning /proc, kept (and checked again before each use). */
#define PID_CACHE_SLOTS 256
#define PID_COMM_LEN 16

struct pid_entry {
	__u32 tid, tgid;
	struct pid_entry *next;
	char comm[PID_COMM_LEN];
	bool exited;	     /* its process ended; reaped or not, nobody said */
	bool ns_read;	     /* the fields below were read */
	__u64 ns_inode;	     /* its PID namespace; 0: unknown (gone before it could be read) */
	int depth;	     /* how many PID namespaces it is in: 1 in the initial one */
	int ns_tid, ns_tgid; /* its ids as it sees them */
};

struct pid_cache_slot {
	__u64 ns_inode; /* 0: empty */
	int value;
	enum pid_kind kind;
	__u32 found; /* btftrace's id of the thread that has value in ns_inode */
};

struct pid_table {
	struct pid_source src;
	struct pid_entry *buckets[PID_TABLE_BUCKETS];
	size_t count;
	__u64 own_ns; /* btftrace's PID namespace */
	bool foreign; /* a thread in another PID namespace was seen */
	struct pid_cache_slot cache[PID_CACHE_SLOTS];
	char buf[64]; /* what /proc said last */
};

/* ---------------------------------------------------------------- /proc */

static int read_small_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return n;
}

static int proc_comm(void *ctx, __u32 tid, char *buf, size_t size)
{
	char path[48];
	int n;

	snprintf(path, sizeof(path), tid ? "/proc/%u/comm" : "/proc/self/comm", tid);
	n = read_small_file(path, buf, size);
	if (n <= 0)
		return -1;
	if (buf[n - 1] == '\n')
		buf[n - 1] = '\0';
	return 0;
}

static const char *ns_field(enum pid_kind kind)
{
	switch (kind) {
	case PID_TID:
		return "NSpid:";
	case PID_PGID:
		return "NSpgid:";
	case PID_SID:
		return "NSsid:";
	default:
		return "NStgid:";
	}
}

static int proc_ns_ids(void *ctx, __u32 tid, enum pid_kind kind, int *ids, int max)
{
	const char *field = ns_field(kind);
	char path[48], line[512];
	int n = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%u/status", tid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = line + strlen(field), *end;

		if (strncmp(line, field, strlen(field)))
			continue;
		for (n = 0; n < max; n++) {
			long v = strtol(p, &end, 10);

			if (end == p)
				break;
			ids[n] = v;
			p = end;
		}
		break;
	}
	fclose(f);
	return n;
}

static __u64 proc_ns_inode(void *ctx, __u32 tid, int up)
{
	char path[48];
	struct stat st;
	__u64 ino = 0;
	int fd;

	snprintf(path, sizeof(path), tid ? "/proc/%u/ns/pid" : "/proc/self/ns/pid", tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	/* the namespaces above it, one parent at a time */
	while (up-- > 0) {
		int parent = ioctl(fd, NS_GET_PARENT);

		close(fd);
		if (parent < 0)
			return 0;
		fd = parent;
	}
	if (!fstat(fd, &st))
		ino = st.st_ino;
	close(fd);
	return ino;
}

static void proc_each(void *ctx, bool threads, bool (*fn)(void *arg, __u32 tid), void *arg)
{
	DIR *dir = opendir("/proc");
	struct dirent *de;
	bool done = false;

	if (!dir)
		return;
	while (!done && (de = readdir(dir))) {
		__u32 pid = strtoul(de->d_name, NULL, 10);
		char path[48];
		DIR *tasks;
		struct dirent *te;

		if (!pid)
			continue;
		done = fn(arg, pid);
		if (done || !threads)
			continue;
		snprintf(path, sizeof(path), "/proc/%u/task", pid);
		tasks = opendir(path);
		while (tasks && !done && (te = readdir(tasks))) {
			__u32 tid = strtoul(te->d_name, NULL, 10);

			if (tid && tid != pid)
				done = fn(arg, tid);
		}
		if (tasks)
			closedir(tasks);
	}
	closedir(dir);
}

static const struct pid_source proc_source = {
	.comm = proc_comm,
	.ns_ids = proc_ns_ids,
	.ns_inode = proc_ns_inode,
	.each = proc_each,
};

/* ---------------------------------------------------------------- the table */

struct pid_table *pid_table__new(const struct pid_source *src)
{
	struct pid_table *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->src = src ? *src : proc_source;
	t->own_ns = t->src.ns_inode(t->src.ctx, 0, 0);
	return t;
}

void pid_table__free(struct pid_table *t)
{
	if (!t)
		return;
	for (int i = 0; i < PID_TABLE_BUCKETS; i++) {
		for (struct pid_entry *e = t->buckets[i], *next; e; e = next) {
			next = e->next;
			free(e);
		}
	}
	free(t);
}

static struct pid_entry **slot_of(const struct pid_table *t, __u32 tid)
{
	struct pid_entry *const *p = &t->buckets[tid % PID_TABLE_BUCKETS];

	while (*p && (*p)->tid != tid)
		p = &(*p)->next;
	return (struct pid_entry **)p;
}

static struct pid_entry *find(const struct pid_table *t, __u32 tid)
{
	return *slot_of(t, tid);
}

/* Forgets the threads whose process ended, when the table has grown large. */
static void prune(struct pid_table *t)
{
	for (int i = 0; i < PID_TABLE_BUCKETS; i++) {
		struct pid_entry **p = &t->buckets[i];

		while (*p) {
			struct pid_entry *e = *p;

			if (e->exited) {
				*p = e->next;
				free(e);
				t->count--;
			} else {
				p = &e->next;
			}
		}
	}
}

/* What namespace the thread is in, and its ids there: read once, while it is there. */
static void read_ns(struct pid_table *t, struct pid_entry *e)
{
	int ids[PID_NS_MAX_DEPTH], n;

	e->ns_read = true;
	e->ns_inode = t->src.ns_inode(t->src.ctx, e->tid, 0);
	if (!e->ns_inode || e->ns_inode == t->own_ns)
		return;
	t->foreign = true;
	n = t->src.ns_ids(t->src.ctx, e->tid, PID_TID, ids, PID_NS_MAX_DEPTH);
	if (n <= 0) {
		e->ns_inode = 0;
		return;
	}
	e->depth = n;
	e->ns_tid = ids[n - 1];
	n = t->src.ns_ids(t->src.ctx, e->tid, PID_TGID, ids, PID_NS_MAX_DEPTH);
	e->ns_tgid = n == e->depth ? ids[n - 1] : 0;
}

void pid_table__note(struct pid_table *t, __u32 tgid, __u32 tid, const char *comm)
{
	struct pid_entry *e = find(t, tid);

	if (!e) {
		if (t->count >= PID_TABLE_PRUNE_AT)
			prune(t);
		e = calloc(1, sizeof(*e));
		if (!e)
			return; /* /proc will say what it can */
		e->tid = tid;
		e->next = t->buckets[tid % PID_TABLE_BUCKETS];
		t->buckets[tid % PID_TABLE_BUCKETS] = e;
		t->count++;
	}
	e->tgid = tgid;
	e->exited = false;
	if (comm) {
		strncpy(e->comm, comm, sizeof(e->comm) - 1);
		e->comm[sizeof(e->comm) - 1] = '\0';
	}
	if (!e->ns_read)
		read_ns(t, e);
}

bool pid_table__known(const struct pid_table *t, __u32 tid)
{
	return find(t, tid) != NULL;
}

void pid_table__forget(struct pid_table *t, __u32 tid)
{
	struct pid_entry **p = slot_of(t, tid), *e = *p;

	if (!e)
		return;
	*p = e->next;
	free(e);
	t->count--;
}

void pid_table__exited(struct pid_table *t, __u32 tid)
{
	struct pid_entry *e = find(t, tid);

	if (e)
		e->exited = true;
}

const char *pid_table__comm(struct pid_table *t, __u32 tid)
{
	struct pid_entry *e = find(t, tid);

	if (e && e->comm[0])
		return e->comm;
	if (!tid || t->src.comm(t->src.ctx, tid, t->buf, sizeof(t->buf)) || !t->buf[0])
		return NULL;
	return t->buf;
}

/* ---------------------------------------------------------------- translation */

struct scan {
	struct pid_table *t;
	__u64 ns_inode; /* the namespace value is in */
	int depth;	/* its depth */
	int value;
	enum pid_kind kind;
	__u32 found;
};

/* Thread tid has value as its id of the kind in the namespace: btftrace's id of it, or 0. */
static __u32 match(struct pid_table *t, __u32 tid, __u64 ns_inode, int depth, int value,
		   enum pid_kind kind)
{
	int ids[PID_NS_MAX_DEPTH];
	int n = t->src.ns_ids(t->src.ctx, tid, kind, ids, PID_NS_MAX_DEPTH);

	if (n < depth || ids[depth - 1] != value || ids[0] <= 0)
		return 0;
	/* the same number in another namespace of the same depth is another process */
	if (t->src.ns_inode(t->src.ctx, tid, n - depth) != ns_inode)
		return 0;
	return ids[0];
}

static bool scan_one(void *arg, __u32 tid)
{
	struct scan *s = arg;

	s->found = match(s->t, tid, s->ns_inode, s->depth, s->value, s->kind);
	return s->found != 0;
}

static struct pid_cache_slot *cache_slot(struct pid_table *t, __u64 ns_inode, int value,
					 enum pid_kind kind)
{
	return &t->cache[(ns_inode * 31 + (unsigned int)value * 7 + kind) % PID_CACHE_SLOTS];
}

__u32 pid_table__translate(struct pid_table *t, __u32 caller, int value, enum pid_kind kind)
{
	struct pid_entry *e = find(t, caller);
	struct pid_cache_slot *slot;
	struct scan s;

	if (value <= 0)
		return 0;
	if (!e) {
		pid_table__note(t, caller, caller, NULL);
		e = find(t, caller);
	}
	if (e && !e->ns_read)
		read_ns(t, e);
	/*
	 * A thread gone before its namespace could be read: in btftrace's, unless threads
	 * elsewhere were seen; then nobody can say what its numbers are.
	 */
	if (!e || !e->ns_inode)
		return t->foreign ? 0 : value;
	if (e->ns_inode == t->own_ns)
		return value;
	/* the caller's own ids, and those of the threads seen in its namespace */
	for (int i = 0; i < PID_TABLE_BUCKETS; i++) {
		for (struct pid_entry *o = t->buckets[i]; o; o = o->next) {
			if (o->ns_inode != e->ns_inode)
				continue;
			if (kind == PID_TID && o->ns_tid == value)
				return o->tid;
			if (kind == PID_TGID && o->ns_tgid == value)
				return o->tgid;
		}
	}
	/* found before, and still so */
	slot = cache_slot(t, e->ns_inode, value, kind);
	if (slot->ns_inode == e->ns_inode && slot->value == value && slot->kind == kind &&
	    match(t, slot->found, e->ns_inode, e->depth, value, kind) == slot->found)
		return slot->found;
	s = (struct scan){
		.t = t, .ns_inode = e->ns_inode, .depth = e->depth, .value = value, .kind = kind};
	t->src.each(t->src.ctx, kind == PID_TID, scan_one, &s);
	if (s.found)
		*slot = (struct pid_cache_slot){
			.ns_inode = e->ns_inode, .value = value, .kind = kind, .found = s.found};
	return s.found;
}

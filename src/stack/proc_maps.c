// SPDX-License-Identifier: GPL-2.0
/* The executable mappings of traced processes over time, per exec (proc_maps.h). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stack/proc_maps.h"

struct proc_maps_proc {
	__u32 pid;
	bool exited;
	__u64 exit_ts;
	/* oldest first; at most PROC_MAPS_IMAGES */
	struct proc_image *images[PROC_MAPS_IMAGES];
	int nimages;
	struct proc_maps_proc *next; /* hash chain */
};

struct interned {
	struct interned *next;
	char s[];
};

#define PROC_BUCKETS 1024
#define INTERN_BUCKETS 1024

struct proc_maps {
	bool track_all, follow;
	proc_image_free_fn free_user;
	const char *proc_root;
	struct proc_maps_proc *procs[PROC_BUCKETS];
	/* the processes whose events are kept, when not all: a small open set */
	__u32 *tracked;
	size_t ntracked, tracked_cap;
	struct interned *strings[INTERN_BUCKETS];
};

static size_t hash_str(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

const char *proc_maps__intern(struct proc_maps *pm, const char *s)
{
	size_t b = hash_str(s) % INTERN_BUCKETS;
	struct interned *in;

	for (in = pm->strings[b]; in; in = in->next) {
		if (!strcmp(in->s, s))
			return in->s;
	}
	in = malloc(sizeof(*in) + strlen(s) + 1);
	if (!in)
		return NULL;
	strcpy(in->s, s);
	in->next = pm->strings[b];
	pm->strings[b] = in;
	return in->s;
}

struct proc_maps *proc_maps__new(bool track_all, bool follow, proc_image_free_fn free_user)
{
	struct proc_maps *pm = calloc(1, sizeof(*pm));

	if (!pm)
		return NULL;
	pm->track_all = track_all;
	pm->follow = follow;
	pm->free_user = free_user;
	return pm;
}

void proc_maps__set_proc_root(struct proc_maps *pm, const char *root)
{
	pm->proc_root = root;
}

static void image_free(struct proc_maps *pm, struct proc_image *img)
{
	if (!img)
		return;
	if (img->user && pm->free_user)
		pm->free_user(img->user);
	free(img->maps);
	free(img);
}

static void proc_free(struct proc_maps *pm, struct proc_maps_proc *p)
{
	for (int i = 0; i < p->nimages; i++)
		image_free(pm, p->images[i]);
	free(p);
}

void proc_maps__free(struct proc_maps *pm)
{
	if (!pm)
		return;
	for (int b = 0; b < PROC_BUCKETS; b++) {
		while (pm->procs[b]) {
			struct proc_maps_proc *p = pm->procs[b];

			pm->procs[b] = p->next;
			proc_free(pm, p);
		}
	}
	for (int b = 0; b < INTERN_BUCKETS; b++) {
		while (pm->strings[b]) {
			struct interned *in = pm->strings[b];

			pm->strings[b] = in->next;
			free(in);
		}
	}
	free(pm->tracked);
	free(pm);
}

bool proc_maps__tracked(const struct proc_maps *pm, __u32 pid)
{
	if (pm->track_all)
		return true;
	for (size_t i = 0; i < pm->ntracked; i++) {
		if (pm->tracked[i] == pid)
			return true;
	}
	return false;
}

void proc_maps__track(struct proc_maps *pm, __u32 pid)
{
	if (proc_maps__tracked(pm, pid))
		return;
	if (pm->ntracked == pm->tracked_cap) {
		size_t cap = pm->tracked_cap ? 2 * pm->tracked_cap : 16;
		__u32 *p = realloc(pm->tracked, cap * sizeof(*p));

		if (!p)
			return;
		pm->tracked = p;
		pm->tracked_cap = cap;
	}
	pm->tracked[pm->ntracked++] = pid;
}

static void untrack(struct proc_maps *pm, __u32 pid)
{
	for (size_t i = 0; i < pm->ntracked; i++) {
		if (pm->tracked[i] == pid) {
			pm->tracked[i] = pm->tracked[--pm->ntracked];
			return;
		}
	}
}

static struct proc_maps_proc *find_proc(const struct proc_maps *pm, __u32 pid)
{
	struct proc_maps_proc *p;

	for (p = pm->procs[pid % PROC_BUCKETS]; p; p = p->next) {
		if (p->pid == pid)
			return p;
	}
	return NULL;
}

static struct proc_maps_proc *get_proc(struct proc_maps *pm, __u32 pid)
{
	struct proc_maps_proc *p = find_proc(pm, pid);

	if (p)
		return p;
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->pid = pid;
	p->next = pm->procs[pid % PROC_BUCKETS];
	pm->procs[pid % PROC_BUCKETS] = p;
	return p;
}

/* A new newest image of p, begun at since; the oldest goes when there are too many. */
static struct proc_image *push_image(struct proc_maps *pm, struct proc_maps_proc *p, __u64 since)
{
	struct proc_image *img = calloc(1, sizeof(*img));

	if (!img)
		return NULL;
	img->since = since;
	if (p->nimages == PROC_MAPS_IMAGES) {
		image_free(pm, p->images[0]);
		memmove(p->images, p->images + 1, (PROC_MAPS_IMAGES - 1) * sizeof(p->images[0]));
		p->nimages--;
	}
	p->images[p->nimages++] = img;
	return img;
}

static int add_map(struct proc_image *img, const struct map_entry *m)
{
	if (img->nmaps == img->cap) {
		size_t cap = img->cap ? 2 * img->cap : 16;
		struct map_entry *n = realloc(img->maps, cap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		img->maps = n;
		img->cap = cap;
	}
	img->maps[img->nmaps++] = *m;
	return 0;
}

struct proc_image *proc_maps__current(struct proc_maps *pm, __u32 pid)
{
	struct proc_maps_proc *p = get_proc(pm, pid);

	if (!p)
		return NULL;
	if (!p->nimages)
		return push_image(pm, p, 0);
	return p->images[p->nimages - 1];
}

void proc_maps__mmap(struct proc_maps *pm, __u32 pid, __u64 ts, __u64 start, __u64 len, __u64 pgoff,
		     __u64 ino, const char *path)
{
	struct map_entry m = {
		.start = start, .end = start + len, .pgoff = pgoff, .ino = ino, .since = ts};
	struct proc_image *img;

	if (!proc_maps__tracked(pm, pid) || !path || !*path)
		return;
	m.path = proc_maps__intern(pm, path);
	img = proc_maps__current(pm, pid);
	if (m.path && img)
		add_map(img, &m);
}

void proc_maps__exec(struct proc_maps *pm, __u32 pid, __u64 ts)
{
	struct proc_maps_proc *p;

	if (!proc_maps__tracked(pm, pid))
		return;
	p = get_proc(pm, pid);
	if (p)
		push_image(pm, p, ts);
}

void proc_maps__fork(struct proc_maps *pm, __u32 parent, __u32 child, __u64 ts)
{
	struct proc_maps_proc *pp, *cp;
	struct proc_image *from, *to;

	if (!proc_maps__tracked(pm, parent) || parent == child)
		return;
	if (!pm->track_all) {
		if (!pm->follow)
			return;
		proc_maps__track(pm, child);
	}
	pp = find_proc(pm, parent);
	cp = get_proc(pm, child);
	if (!cp)
		return;
	/* a pid used again: what the old process mapped is no part of the new one */
	for (int i = 0; i < cp->nimages; i++)
		image_free(pm, cp->images[i]);
	cp->nimages = 0;
	cp->exited = false;
	to = push_image(pm, cp, ts);
	if (!pp || !pp->nimages || !to)
		return;
	from = pp->images[pp->nimages - 1];
	/* the child has what the parent had at the fork: each mapping as old as the fork */
	for (size_t i = 0; i < from->nmaps; i++) {
		struct map_entry m = from->maps[i];

		m.since = ts;
		add_map(to, &m);
	}
	/* read or not, the parent's /proc maps are in the copy */
	to->proc_read = from->proc_read;
}

void proc_maps__exit(struct proc_maps *pm, __u32 pid, __u64 ts)
{
	struct proc_maps_proc *p = find_proc(pm, pid);

	if (!p)
		return;
	p->exited = true;
	p->exit_ts = ts;
}

static void unlink_proc(struct proc_maps *pm, struct proc_maps_proc *p)
{
	struct proc_maps_proc **pp = &pm->procs[p->pid % PROC_BUCKETS];

	while (*pp && *pp != p)
		pp = &(*pp)->next;
	if (*pp)
		*pp = p->next;
}

void proc_maps__forget(struct proc_maps *pm, __u32 pid)
{
	struct proc_maps_proc *p = find_proc(pm, pid);

	untrack(pm, pid);
	if (!p)
		return;
	unlink_proc(pm, p);
	proc_free(pm, p);
}

void proc_maps__forget_ended(struct proc_maps *pm, __u64 before)
{
	for (int b = 0; b < PROC_BUCKETS; b++) {
		struct proc_maps_proc *p = pm->procs[b], *next;

		for (; p; p = next) {
			next = p->next;
			if (p->exited && p->exit_ts < before) {
				untrack(pm, p->pid);
				unlink_proc(pm, p);
				proc_free(pm, p);
			}
		}
	}
}

int proc_maps__parse(struct proc_maps *pm, struct proc_image *img, const char *text)
{
	const char *line = text;
	int added = 0;

	while (line && *line) {
		unsigned long long start, end, pgoff, ino;
		char perms[8], dev[16];
		const char *eol = strchr(line, '\n');
		int pos = 0;

		if (sscanf(line, "%llx-%llx %7s %llx %15s %llu %n", &start, &end, perms, &pgoff,
			   dev, &ino, &pos) == 6 &&
		    pos > 0 && perms[2] == 'x' && line[pos] == '/') {
			size_t len = eol ? (size_t)(eol - line - pos) : strlen(line + pos);
			char path[4096];
			struct map_entry m = {.start = start,
					      .end = end,
					      .pgoff = pgoff,
					      .ino = ino,
					      .since = img->since};

			if (len >= sizeof(path))
				len = sizeof(path) - 1;
			memcpy(path, line + pos, len);
			path[len] = 0;
			m.path = proc_maps__intern(pm, path);
			/* the same mapping seen by an mmap event already: once is enough */
			if (m.path && !proc_image__find(img, start, ~0ULL) && !add_map(img, &m))
				added++;
		}
		line = eol ? eol + 1 : NULL;
	}
	return added;
}

int proc_maps__read_proc(struct proc_maps *pm, __u32 pid)
{
	char path[256], *text = NULL;
	size_t len = 0, cap = 0;
	struct proc_image *img;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%u/maps", pm->proc_root ? pm->proc_root : "/proc", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	for (;;) {
		if (cap - len < 4096) {
			char *p = realloc(text, cap ? 2 * cap : 65536);

			if (!p) {
				close(fd);
				free(text);
				return -ENOMEM;
			}
			text = p;
			cap = cap ? 2 * cap : 65536;
		}
		n = read(fd, text + len, cap - len - 1);
		if (n <= 0)
			break;
		len += n;
	}
	close(fd);
	if (n < 0 || !len) {
		free(text);
		/* a process that has exited reads as empty */
		return n < 0 ? -errno : -ESRCH;
	}
	text[len] = 0;
	img = proc_maps__current(pm, pid);
	if (img) {
		proc_maps__parse(pm, img, text);
		img->proc_read = true;
	}
	free(text);
	return img ? 0 : -ENOMEM;
}

struct proc_image *proc_maps__image_at(struct proc_maps *pm, __u32 pid, __u64 ts)
{
	struct proc_maps_proc *p = find_proc(pm, pid);

	if (!p || !p->nimages)
		return NULL;
	for (int i = p->nimages - 1; i >= 0; i--) {
		if (p->images[i]->since <= ts)
			return p->images[i];
	}
	/* older than every image kept: the oldest is the nearest */
	return p->images[0];
}

const struct map_entry *proc_image__find(const struct proc_image *img, __u64 addr, __u64 ts)
{
	/* the newest mapping over addr that began by ts: a later one replaced it */
	for (size_t i = img->nmaps; i-- > 0;) {
		const struct map_entry *m = &img->maps[i];

		if (addr >= m->start && addr < m->end && m->since <= ts)
			return m;
	}
	return NULL;
}

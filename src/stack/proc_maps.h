/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The executable mappings of each traced process, as they were at each moment: kept per
 * process image (one per exec), each mapping with the time it appeared, so that a stack taken
 * before an exec or a dlopen is looked up in the maps it was taken in, even once the process
 * has gone. Fed by the kernel's mmap events (mmap_events.h) and by /proc/PID/maps.
 */
#ifndef BTFTRACE_PROC_MAPS_H
#define BTFTRACE_PROC_MAPS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <linux/types.h>

/* One executable file mapping. */
struct map_entry {
	__u64 start, end; /* [start, end) */
	__u64 pgoff;	  /* file offset of start */
	__u64 ino;	  /* the file's inode (0 when not known) */
	__u64 since;	  /* CLOCK_MONOTONIC ns it appeared at; 0: before tracing, or unknown */
	const char *path; /* interned: equal paths are equal pointers */
};

/* What one exec of a process mapped. */
struct proc_image {
	__u64 since; /* the exec's time; 0 for the image tracing found the process in */
	struct map_entry *maps;
	size_t nmaps, cap;
	bool proc_read; /* /proc/PID/maps was read into it */
	void *user;	/* the unwinder's state for the image, freed by the store's free_user */
};

/* Images kept per process: an exec's older ones go once there are more. */
#define PROC_MAPS_IMAGES 4

struct proc_maps_proc;
struct proc_maps;

typedef void (*proc_image_free_fn)(void *user);

/*
 * A new store. track_all: keep what mmap events say of every process (-a); otherwise only of
 * the processes proc_maps__track() names and, with follow, their children.
 */
struct proc_maps *proc_maps__new(bool track_all, bool follow, proc_image_free_fn free_user);
void proc_maps__free(struct proc_maps *pm);
/* The root for /proc (tests give a directory of their own); NULL: /proc. */
void proc_maps__set_proc_root(struct proc_maps *pm, const char *root);

/* Whether events of pid are kept. */
bool proc_maps__tracked(const struct proc_maps *pm, __u32 pid);
/* Keeps the events of pid from now on (the command, -p's processes). */
void proc_maps__track(struct proc_maps *pm, __u32 pid);

/* The events, in time order. */
void proc_maps__mmap(struct proc_maps *pm, __u32 pid, __u64 ts, __u64 start, __u64 len, __u64 pgoff,
		     __u64 ino, const char *path);
/* pid exec'd at ts: a new image, empty. */
void proc_maps__exec(struct proc_maps *pm, __u32 pid, __u64 ts);
/* child was forked from parent at ts: it starts with a copy of the parent's current maps. */
void proc_maps__fork(struct proc_maps *pm, __u32 parent, __u32 child, __u64 ts);
/* pid ended at ts: kept until proc_maps__forget(), as its last stacks may not be shown yet. */
void proc_maps__exit(struct proc_maps *pm, __u32 pid, __u64 ts);
/* pid's last line was shown: its maps and images go. */
void proc_maps__forget(struct proc_maps *pm, __u32 pid);
/* Forgets processes that ended before the time given, unless stacks still used them since. */
void proc_maps__forget_ended(struct proc_maps *pm, __u64 before);

/*
 * Reads /proc/PID/maps into pid's newest image (creating one when there is none). Returns 0,
 * or -errno when the process is gone.
 */
int proc_maps__read_proc(struct proc_maps *pm, __u32 pid);
/*
 * Parses the text of a maps file into img (only executable file mappings are kept, since
 * set to the image's). Returns the mappings added.
 */
int proc_maps__parse(struct proc_maps *pm, struct proc_image *img, const char *text);

/* The image pid had at ts (the newest that began by then), or NULL. */
struct proc_image *proc_maps__image_at(struct proc_maps *pm, __u32 pid, __u64 ts);
/* The newest image of pid, created empty when there is none. */
struct proc_image *proc_maps__current(struct proc_maps *pm, __u32 pid);
/* The mapping of img that held addr at ts (the newest that began by then), or NULL. */
const struct map_entry *proc_image__find(const struct proc_image *img, __u64 addr, __u64 ts);

/* An interned copy of s: the same pointer for equal strings, kept as long as the store. */
const char *proc_maps__intern(struct proc_maps *pm, const char *s);

#endif /* BTFTRACE_PROC_MAPS_H */

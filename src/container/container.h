/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --container: containers found by name or ID through the runtimes present (podman, docker,
 * nerdctl) or by the cgroup the runtimes name after the container's ID, and which container
 * a traced thread is in, found by its cgroup.
 */
#ifndef BTFTRACE_CONTAINER_H
#define BTFTRACE_CONTAINER_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

#define CONTAINER_ID_MAX 65 /* 64 hex digits (or a machine's name) and the NUL */
#define CONTAINER_NAME_MAX 128
#define CONTAINER_ERR_MAX 1024
/* --container given this many times at most */
#define CONTAINER_MAX_ARGS 64

struct container {
	char id[CONTAINER_ID_MAX];
	char name[CONTAINER_NAME_MAX]; /* the runtime's name; the short ID when none said */
	char runtime[16]; /* podman, docker, containerd, cri-o, systemd-nspawn; "" when unknown */
	char cgroup[PATH_MAX]; /* its cgroup v2 directory, below the hierarchy's root */
	__u64 cgroup_id;       /* the directory's inode: the kernel's cgroup id */
	__u32 level;	       /* its depth below the root */
	bool named;	       /* the name came from the runtime */
};

/* The first cgroup v2 mount of /proc/self/mountinfo, into root: 0 or a negative errno. */
int cgroup2_root(char *root, size_t size);
/* The cgroup v2 path (below the root) of process pid: 0 or a negative errno. */
int cgroup2_path_of(int pid, char *rel, size_t size);

/*
 * The container a cgroup path names, by the ID the runtimes put in its last component that
 * has one: libpod-ID(.scope), docker-ID.scope, /docker/ID, cri-containerd-ID.scope,
 * crio-ID.scope, nerdctl-ID.scope, /default/ID; or systemd-nspawn's machine-NAME.scope,
 * whose ID is the machine's NAME. Writes the ID, the runtime the name implies ("" when none
 * does) and the length of the path up to that component. Conmon's cgroups
 * (libpod-conmon-ID) are the runtime's, not the container's: false.
 */
bool container_id_of_cgroup_path(const char *path, char *id, char *runtime, size_t runtime_size,
				 size_t *prefix_len);

/*
 * The runtime CLI's answer to `inspect --format '{{.Id}}\t{{.Name}}\t{{.State.Pid}}'`: its
 * ID, its name (docker's leading '/' dropped) and its first process. 0, or -EINVAL.
 */
int container_parse_inspect(const char *line, char *id, char *name, size_t name_size, int *pid);

struct container_table;

/* A table of the containers of the cgroup v2 hierarchy mounted at root (NULL: found). */
struct container_table *container_table__new(const char *root);
void container_table__free(struct container_table *t);
/* Where the cgroup v2 hierarchy is mounted ("" when none is). */
const char *container_table__root(const struct container_table *t);

/*
 * --container WHAT: a name or an ID (or its prefix), asked of each runtime whose CLI is
 * present, then looked for among the cgroups named after container IDs or machines'
 * names. 0 and *out; or
 * -ENOENT with err naming each runtime tried and what it said.
 */
int container_table__resolve(struct container_table *t, const char *what,
			     const struct container **out, char *err, size_t err_size);

/*
 * The container whose cgroup is id, or that has cgroup id below it, found by the cgroup's
 * path (kept); NULL for the host's cgroups and those gone before they could be read.
 */
const struct container *container_table__of_cgroup(struct container_table *t, __u64 id);
/*
 * The container of a record of thread tid: by cgroup id when the record has one (an enter
 * record), else by the one the thread's last enter record had.
 */
const struct container *container_table__of_thread(struct container_table *t, __u32 tid,
						   __u64 cgroup_id);
/* The containers known so far, in the order they were found. */
size_t container_table__count(const struct container_table *t);
const struct container *container_table__at(const struct container_table *t, size_t i);

/*
 * --container new: watches the cgroup hierarchy for the cgroups the runtimes make for new
 * containers. Returns an fd to poll, or a negative errno.
 */
int container_table__watch(struct container_table *t);
/*
 * Reads what the watch saw and calls fn for each new container's cgroup; it is in the table
 * then, its name asked of its runtime when first needed. Returns how many were new.
 */
int container_table__poll_watch(struct container_table *t,
				void (*fn)(void *ctx, const struct container *c), void *ctx);
/* Whether the cgroup directory of c is still there (the container runs). */
bool container_table__alive(const struct container_table *t, const struct container *c);

#endif /* BTFTRACE_CONTAINER_H */

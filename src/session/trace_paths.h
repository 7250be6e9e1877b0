/* SPDX-License-Identifier: GPL-2.0 */
/* -P and --trace-fds: the paths, files and fds the collector is given to match calls by. */
#ifndef BTFTRACE_SESSION_TRACE_PATHS_H
#define BTFTRACE_SESSION_TRACE_PATHS_H

#include <stdio.h>
#include <sys/stat.h>
#include <sys/types.h>
#include "base/desc_set.h"
#include "bpf/record.h"
#include "collector/collector.h"
#include "session/session.h"

/* The -P paths' files (each path as given and as resolved) as the kernel names them. */
struct trace_files {
	struct bt_file_id ids[2 * SESSION_MAX_PATHS];
	int n;
};

/* A file as stat() tells it, keyed as the kernel's inode and super block name it. */
struct bt_file_id trace_file_id(const struct stat *st);

/* --trace-fds=SET as the collector's bitmap: the fds below BT_PATH_FDS, and the rest. */
void trace_fds_bits(const struct desc_set *set, struct bt_trace_fds *out);

/*
 * Gives the collector each path as given and, where realpath() finds another, as resolved
 * (saying so on err, as strace does, unless quiet), and the file each names now. Returns 0,
 * or a negative errno.
 */
int trace_paths_add(struct collector *c, const char *const *paths, int n, bool quiet, FILE *err,
		    struct trace_files *files);

/* The fds process pid holds already that refer to one of files: told to the collector. */
void trace_paths_seed(struct collector *c, const struct trace_files *files, pid_t pid);

#endif /* BTFTRACE_SESSION_TRACE_PATHS_H */

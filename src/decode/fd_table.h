/* SPDX-License-Identifier: GPL-2.0 */
/* -y: what each file descriptor of each traced process refers to, kept from the calls seen. */
#ifndef BTFTRACE_DECODE_FD_TABLE_H
#define BTFTRACE_DECODE_FD_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <linux/types.h>

/*
 * The tracee runs on while btftrace prints, so /proc/PID/fd/N read at print
 * time may already be closed or be another file. The table is fed by the
 * calls themselves (an open's path, a dup's source, a close) in the order
 * they happened, and asks /proc only for descriptors no call has told about
 * (inherited, opened before -p attached, or made by a call whose name only
 * the kernel knows: sockets, pipes).
 */
struct fd_table;

/* Reads what /proc says of fd in thread tid (or its cwd when fd is -1); for tests. */
typedef ssize_t (*fd_readlink_fn)(__u32 tid, int fd, char *buf, size_t size);

/* A table that asks /proc through readlink_fn (NULL: the real /proc). */
struct fd_table *fd_table__new(fd_readlink_fn readlink_fn);
void fd_table__free(struct fd_table *t);

/*
 * When the calls that make and end descriptors are not all traced (-e), the
 * table cannot follow them: it then keeps nothing and asks /proc each time.
 */
void fd_table__set_follow_calls(struct fd_table *t, bool follow);

/*
 * What fd of process tgid refers to, asking /proc (through thread tid) when
 * no call said; NULL when nobody knows. Valid until the next call on t.
 */
const char *fd_table__path(struct fd_table *t, __u32 tgid, __u32 tid, int fd);
/* What /proc says of fd now, whatever the table holds; NULL when it cannot say. */
const char *fd_table__proc_path(struct fd_table *t, __u32 tgid, __u32 tid, int fd);
/* What fd refers to as far as the calls seen say, without asking /proc; NULL if unknown. */
const char *fd_table__known_path(struct fd_table *t, __u32 tgid, int fd);
/*
 * The working directory of process tgid: as set (a command's start, chdir
 * calls), else from /proc through thread tid; NULL when nobody knows.
 */
const char *fd_table__cwd(struct fd_table *t, __u32 tgid, __u32 tid);
/* The working directory of process tgid is now path (absolute). */
void fd_table__set_cwd(struct fd_table *t, __u32 tgid, const char *path);

/* fd now refers to path; NULL: to something only /proc can name (a socket, a pipe). */
void fd_table__set(struct fd_table *t, __u32 tgid, int fd, const char *path);
/* newfd now refers to what oldfd does (dup, dup2, F_DUPFD). */
void fd_table__dup(struct fd_table *t, __u32 tgid, int oldfd, int newfd);
/* Descriptors first..last were closed. */
void fd_table__close(struct fd_table *t, __u32 tgid, unsigned int first, unsigned int last);
/*
 * path (absolute) was removed (unlink, rmdir): the fds that refer to it, in any process, now
 * show it as /proc does, "path (deleted)".
 */
void fd_table__removed(struct fd_table *t, const char *path);
/*
 * from was renamed to (both absolute): the fds of from, or of files under it, now show to;
 * those of what to named before, removed. exchange (RENAME_EXCHANGE): the two trade places.
 */
void fd_table__renamed(struct fd_table *t, const char *from, const char *to, bool exchange);
/* A child process starts with copies of its parent's descriptors. */
void fd_table__fork(struct fd_table *t, __u32 parent, __u32 child);
/*
 * The process exec'd: close-on-exec fds are gone; those seeded as kept keep
 * their path, the others are asked of /proc again.
 */
void fd_table__exec(struct fd_table *t, __u32 tgid);
/*
 * Process tgid's descriptors as tracing starts, as /proc/PID/fd names them
 * (read through pid): a command's inherited ones (read before its exec), an
 * attached process's. Those not close-on-exec are known to outlive an exec.
 */
void fd_table__seed(struct fd_table *t, __u32 tgid, __u32 pid);
/* The process ended. */
void fd_table__forget(struct fd_table *t, __u32 tgid);

#endif /* BTFTRACE_DECODE_FD_TABLE_H */

/* SPDX-License-Identifier: GPL-2.0 */
/* -y: what each fd argument and returned fd refers to, from the fd table the calls keep. */
#ifndef BTFTRACE_FD_PATHS_H
#define BTFTRACE_FD_PATHS_H

#include "decode/decode.h"

/* What /proc names a pidfd (pidfd_open's, clone's with CLONE_PIDFD). */
#define FD_PIDFD_NAME "anon_inode:[pidfd]"

/* What the named syscall does to the fd table. */
enum fd_effect decode_fd_effect_of(const char *name);
/*
 * The name the kernel gives the anonymous file the named syscall makes ("anon_inode:[eventfd]";
 * "%s" for its string argument), or NULL.
 */
const char *decode_fd_made_name_of(const char *name);
/* The path of argument i when it is an fd (AT_FDCWD: the cwd), or NULL. */
const char *decode_fd_arg_path(const struct decoder *d, const struct bt_rec_hdr *hdr, int nr, int i,
			       __u64 v);
/* The path of the fd a call returned (open, socket, dup...), or NULL. */
const char *decode_returned_fd_path(const struct decoder *d, const struct call *call, char *buf,
				    size_t size);
/*
 * pipe's, pipe2's or socketpair's fds with their paths: [5<pipe:[12]>, 6<pipe:[12]>]; false
 * (nothing written) for another call or when they were not read.
 */
bool decode_write_fd_pair(const struct decoder *d, struct writer *w, const struct hand_call *hc,
			  const struct bt_capture *out);

/*
 * -y, -yy: what fd of process tgid (read through thread tid) shows, as --decode-fds's set
 * chooses, from what it refers to (path, as the fd table says); info is filled. NULL: nothing.
 */
const struct wr_fd_info *decode_fd_info(const struct decoder *d, __u32 tgid, __u32 tid, int fd,
					const char *path, struct wr_fd_info *info);

/* Writes fd as the set asks, from what it refers to (path: NULL when unknown). */
void decode_write_fd(const struct decoder *d, struct writer *w, __u32 tgid, __u32 tid, int fd,
		     const char *name, const char *path);

/*
 * Writes fd of the thread whose call is being written (d->thread) as the set asks: an fd in a
 * struct member or a control message, where no record's header is at hand.
 */
void decode_write_thread_fd(const struct decoder *d, struct writer *w, int fd);

#endif /* BTFTRACE_FD_PATHS_H */

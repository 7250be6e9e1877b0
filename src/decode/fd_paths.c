// SPDX-License-Identifier: GPL-2.0
/*
 * -y: which calls make, copy and end descriptors, the path each descriptor
 * argument and returned fd shows, and the fd table kept up to date from the
 * calls in the order they happened.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <linux/bpf.h>
#include <linux/landlock.h>

#include "base/values.h"
#include "decode/decode.h"
#include "decode/fd_paths.h"
#include "decode/fd_table.h"

#define CLOSE_RANGE_CLOEXEC_FLAG 4 /* close_range() marks rather than closes */
#define RENAME_EXCHANGE_FLAG 2	   /* renameat2(): the two paths trade places */

struct fd_effect_entry {
	const char *name;
	enum fd_effect effect;
	/*
	 * FD_FX_NEW: what /proc names the file the call makes, when the call alone says it: the
	 * anonymous inodes' names the kernel gives them. "%s" stands for the call's string
	 * argument (memfd_create's name). NULL: a socket's or pipe's inode names it, which the
	 * collector reads as the call returns, or only /proc knows.
	 */
	const char *made;
};

/*
 * What each call does to the descriptor table; a call not here leaves it as
 * it was. Calls that return an fd of a kind /proc names ("socket:[123]",
 * "anon_inode:[eventfd]") are FD_FX_NEW: their fd's name is known at once (made) or
 * from its inode, else asked of /proc.
 */
/* clang-format off */
static const struct fd_effect_entry fd_effects[] = {
	{ "open", FD_FX_OPEN }, { "openat", FD_FX_OPEN }, { "openat2", FD_FX_OPEN },
	{ "creat", FD_FX_OPEN },
	{ "dup", FD_FX_DUP }, { "dup2", FD_FX_DUP2 }, { "dup3", FD_FX_DUP2 },
	{ "fcntl", FD_FX_FCNTL },
	{ "close", FD_FX_CLOSE }, { "close_range", FD_FX_CLOSE_RANGE },
	{ "pipe", FD_FX_PAIR }, { "pipe2", FD_FX_PAIR }, { "socketpair", FD_FX_PAIR },
	{ "execve", FD_FX_EXEC }, { "execveat", FD_FX_EXEC },
	{ "clone", FD_FX_CLONE }, { "clone3", FD_FX_CLONE }, { "fork", FD_FX_CLONE },
	{ "vfork", FD_FX_CLONE }, { "chdir", FD_FX_CHDIR }, { "fchdir", FD_FX_FCHDIR },
	{ "unlink", FD_FX_REMOVE }, { "unlinkat", FD_FX_REMOVE }, { "rmdir", FD_FX_REMOVE },
	{ "rename", FD_FX_RENAME }, { "renameat", FD_FX_RENAME }, { "renameat2", FD_FX_RENAME },
	{ "socket", FD_FX_NEW }, { "accept", FD_FX_NEW }, { "accept4", FD_FX_NEW },
	{ "open_by_handle_at", FD_FX_NEW },
	{ "epoll_create", FD_FX_NEW, "anon_inode:[eventpoll]" },
	{ "epoll_create1", FD_FX_NEW, "anon_inode:[eventpoll]" },
	{ "eventfd", FD_FX_NEW, "anon_inode:[eventfd]" },
	{ "eventfd2", FD_FX_NEW, "anon_inode:[eventfd]" },
	{ "signalfd", FD_FX_NEW, "anon_inode:[signalfd]" },
	{ "signalfd4", FD_FX_NEW, "anon_inode:[signalfd]" },
	{ "timerfd_create", FD_FX_NEW, "anon_inode:[timerfd]" },
	{ "inotify_init", FD_FX_NEW, "anon_inode:inotify" },
	{ "inotify_init1", FD_FX_NEW, "anon_inode:inotify" },
	{ "fanotify_init", FD_FX_NEW, "anon_inode:[fanotify]" },
	{ "memfd_create", FD_FX_NEW, "/memfd:%s (deleted)" },
	{ "memfd_secret", FD_FX_NEW, "/secretmem (deleted)" },
	{ "perf_event_open", FD_FX_NEW, "anon_inode:[perf_event]" },
	{ "pidfd_open", FD_FX_NEW, FD_PIDFD_NAME }, { "pidfd_getfd", FD_FX_NEW },
	{ "userfaultfd", FD_FX_NEW, "anon_inode:[userfaultfd]" },
	{ "io_uring_setup", FD_FX_NEW, "anon_inode:[io_uring]" },
	{ "open_tree", FD_FX_NEW },
	{ "fsopen", FD_FX_NEW, "anon_inode:[fscontext]" }, { "fsmount", FD_FX_NEW },
	{ "fspick", FD_FX_NEW, "anon_inode:[fscontext]" },
	/* a queue's name as the kernel takes it, without glibc's leading '/' */
	{ "mq_open", FD_FX_NEW, "/%s" },
	{ "landlock_create_ruleset", FD_FX_NEW, "anon_inode:[landlock-ruleset]" },
	/* bpf and landlock_create_ruleset return an fd for some arguments only: returns_fd() */
	{ "bpf", FD_FX_NEW },
};
/* clang-format on */

/*
 * Calls that return a new fd for some of their arguments only, as strace decides when to show
 * a returned fd's path: bpf's commands that make or open an object, landlock_create_ruleset
 * unless it is asked for the ABI version. Others return a number (0, a version) that is no fd.
 */
static bool returns_fd(const struct decoder *d, int nr, const __u64 *args)
{
	static const int bpf_fd_cmds[] = {
		BPF_MAP_CREATE,	       BPF_PROG_LOAD,	     BPF_OBJ_GET,
		BPF_PROG_GET_FD_BY_ID, BPF_MAP_GET_FD_BY_ID, BPF_RAW_TRACEPOINT_OPEN,
		BPF_BTF_LOAD,	       BPF_BTF_GET_FD_BY_ID, BPF_LINK_CREATE,
		BPF_LINK_GET_FD_BY_ID, BPF_ITER_CREATE,
	};
	const struct syscall_desc *desc = catalog__by_nr(d->cat, nr);

	if (!desc)
		return true;
	if (!strcmp(desc->name, "bpf")) {
		for (size_t i = 0; i < sizeof(bpf_fd_cmds) / sizeof(bpf_fd_cmds[0]); i++) {
			if ((int)args[0] == bpf_fd_cmds[i])
				return true;
		}
		return false;
	}
	if (!strcmp(desc->name, "landlock_create_ruleset"))
		return !((__u32)args[2] & LANDLOCK_CREATE_RULESET_VERSION);
	return true;
}

static const struct fd_effect_entry *fd_effect_entry(const char *name)
{
	for (size_t i = 0; i < sizeof(fd_effects) / sizeof(fd_effects[0]); i++) {
		if (!strcmp(fd_effects[i].name, name))
			return &fd_effects[i];
	}
	return NULL;
}

enum fd_effect decode_fd_effect_of(const char *name)
{
	const struct fd_effect_entry *e = fd_effect_entry(name);

	return e ? e->effect : FD_FX_NONE;
}

const char *decode_fd_made_name_of(const char *name)
{
	const struct fd_effect_entry *e = fd_effect_entry(name);

	return e ? e->made : NULL;
}

/* The name of the object a bpf command made or opened an fd of, as its anonymous inode has it. */
static const char *bpf_made_name(int cmd)
{
	switch (cmd) {
	case BPF_MAP_CREATE:
	case BPF_MAP_GET_FD_BY_ID:
		return "anon_inode:bpf-map";
	case BPF_PROG_LOAD:
	case BPF_PROG_GET_FD_BY_ID:
		return "anon_inode:bpf-prog";
	case BPF_BTF_LOAD:
	case BPF_BTF_GET_FD_BY_ID:
		return "anon_inode:btf";
	case BPF_LINK_CREATE:
	case BPF_LINK_GET_FD_BY_ID:
	case BPF_RAW_TRACEPOINT_OPEN:
		return "anon_inode:bpf_link";
	}
	return NULL; /* BPF_OBJ_GET: whatever was pinned; an iterator's file */
}

/* The inode of fd, which the call made, as the collector read it as the call returned. */
static bool made_fd_inode(const struct call *call, int fd, struct bt_fd_inode *inode)
{
	const struct bt_capture *cap = record_capture(&call->exit->hdr, BT_CAP_FD_INODES);

	for (size_t off = 0; cap && off + sizeof(*inode) <= cap->len; off += sizeof(*inode)) {
		memcpy(inode, (const char *)decode_cap_data(cap) + off, sizeof(*inode));
		if (inode->fd == fd)
			return true;
	}
	return false;
}

/* What the collector read of fd's inode as the call returned: a socket's or pipe's name. */
static const char *inode_name(const struct call *call, int fd, char *buf, size_t size)
{
	struct bt_fd_inode inode;

	if (!made_fd_inode(call, fd, &inode))
		return NULL;
	if (S_ISSOCK(inode.mode))
		snprintf(buf, size, "socket:[%llu]", (unsigned long long)inode.ino);
	else if (S_ISFIFO(inode.mode))
		snprintf(buf, size, "pipe:[%llu]", (unsigned long long)inode.ino);
	else
		return NULL;
	return buf;
}

/*
 * What /proc names fd, which the call made, as the call returned, where the call or the
 * collector says: its inode (a socket, a pipe), or the name the kernel gives the anonymous
 * file the call makes. NULL: only /proc can say, later.
 */
static const char *made_fd_name(const struct decoder *d, const struct call *call, int fd, char *buf,
				size_t size)
{
	const struct bt_capture *in, *out;
	const char *made;
	int nr = call->enter->hdr.nr;

	if (inode_name(call, fd, buf, size))
		return buf;
	if (d->fd_effect[nr] != FD_FX_NEW)
		return NULL;
	made = d->fd_made_name[nr];
	if (!made) {
		const struct syscall_desc *desc = catalog__by_nr(d->cat, nr);

		if (!desc || strcmp(desc->name, "bpf"))
			return NULL;
		made = bpf_made_name((int)call->enter->args[0]);
		if (!made)
			return NULL;
	}
	if (!strstr(made, "%s")) {
		snprintf(buf, size, "%s", made);
		return buf;
	}
	/* memfd_create's or mq_open's name, as the kernel took it */
	decode_arg_captures(call->enter, call->exit, 0, &in, &out);
	if (!in || (in->flags & (BT_CAP_FAULT | BT_CAP_TRUNCATED)))
		return NULL;
	snprintf(buf, size, made, (const char *)decode_cap_data(in));
	return buf;
}

bool decode_fd_calls_selected(const struct decoder *d, const struct bt_syscall_rules *rules)
{
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (d->fd_effect[nr] != FD_FX_NONE && !(rules[nr].flags & BT_SC_SELECTED))
			return false;
	}
	return true;
}

const char *decode_fd_arg_path(const struct decoder *d, const struct bt_rec_hdr *hdr, int nr, int i,
			       __u64 v)
{
	const struct value_printer *vp;
	int fd = (int)v;

	if (!d->fds || nr < 0 || nr >= BT_MAX_SYSCALLS || i >= BT_MAX_ARGS)
		return NULL;
	vp = d->printers[nr][i];
	if (!vp || (vp->kind != VK_FD && vp->kind != VK_DIRFD))
		return NULL;
	if (vp->kind == VK_DIRFD && fd == AT_FDCWD)
		return fd_table__cwd(d->fds, hdr->tgid, hdr->tid);
	/*
	 * dup2's target as it was before the call: /proc, read after it, would
	 * name the copy
	 */
	if (d->fd_effect[nr] == FD_FX_DUP2 && i == 1)
		return fd_table__known_path(d->fds, hdr->tgid, fd);
	return fd_table__path(d->fds, hdr->tgid, hdr->tid, fd);
}

/* Appends the components of path to out (a directory, no trailing '/'), resolving . and .. */
static void join_path(char *out, size_t size, const char *path)
{
	const char *p = path;
	size_t len = strlen(out);

	while (*p) {
		const char *end = strchrnul(p, '/');
		size_t n = end - p;

		if (n == 0 || (n == 1 && p[0] == '.')) {
			/* nothing */
		} else if (n == 2 && p[0] == '.' && p[1] == '.') {
			char *slash = strrchr(out, '/');

			len = slash ? (size_t)(slash - out) : 0;
			out[len] = '\0';
		} else if (len + 1 + n < size) {
			out[len++] = '/';
			memcpy(out + len, p, n);
			len += n;
			out[len] = '\0';
		}
		p = *end ? end + 1 : end;
	}
	if (!len)
		snprintf(out, size, "/");
}

/*
 * The which-th path argument (0: the first) of the call, made absolute from the directory fd
 * before it (or the cwd) it is relative to: what an open's new fd or chdir's new cwd refers to,
 * what unlink removes, rename's two paths. The kernel would resolve symbolic links; this does
 * not, so "/proc/self/exe" stays as written.
 */
static const char *path_arg(const struct decoder *d, const struct call *call, int which, char *buf,
			    size_t size)
{
	const struct bt_enter_rec *enter = call->enter;
	const struct bt_exit_rec *exit = call->exit;
	const struct beauty_syscall *bs = &d->beauty->calls[enter->hdr.nr];
	const struct bt_capture *in, *out;
	int dirfd = AT_FDCWD, arg = -1, nargs = decode_nargs(d, enter->hdr.nr);
	const char *base;
	char name[4096];

	for (int i = 0; i < nargs && arg < 0; i++) {
		const struct value_printer *vp = d->printers[enter->hdr.nr][i];

		if (bs->args[i].role == ROLE_STRING && which-- == 0)
			arg = i;
		else if (vp && vp->kind == VK_DIRFD)
			dirfd = (int)enter->args[i];
	}
	if (arg < 0)
		return NULL;
	decode_arg_captures(enter, exit, arg, &in, &out);
	if (!in || (in->flags & (BT_CAP_FAULT | BT_CAP_TRUNCATED)) || !in->len)
		return NULL;
	snprintf(name, sizeof(name), "%.*s", (int)in->len, (const char *)decode_cap_data(in));
	if (name[0] == '/') {
		buf[0] = '\0';
	} else {
		base = dirfd == AT_FDCWD
			       ? fd_table__cwd(d->fds, enter->hdr.tgid, enter->hdr.tid)
			       : fd_table__path(d->fds, enter->hdr.tgid, enter->hdr.tid, dirfd);
		if (!base || base[0] != '/')
			return NULL;
		snprintf(buf, size, "%s", base);
		join_path(buf, size, "");
	}
	join_path(buf, size, name);
	return buf;
}

/*
 * What an open's new fd refers to. An O_TMPFILE open's path is the directory of a file that
 * has no name: /proc names it "DIR/#INO (deleted)", from the inode the collector read (NULL,
 * for /proc to say, when it did not).
 */
static const char *opened_path(const struct decoder *d, const struct call *call, char *buf,
			       size_t size)
{
	const struct bt_syscall_rules *rules = &d->beauty->rules[call->enter->hdr.nr];
	struct bt_fd_inode inode;
	size_t n;

	if (!(rules->flags & BT_SC_FD_RET_TMPFILE) ||
	    (call->enter->args[BT_SC_FD_PAIR_ARG(rules->flags)] & BT_O_TMPFILE) != BT_O_TMPFILE)
		return path_arg(d, call, 0, buf, size);
	if (!made_fd_inode(call, (int)call->exit->ret, &inode) || !path_arg(d, call, 0, buf, size))
		return NULL;
	n = strlen(buf);
	snprintf(buf + n, size - n, "%s#%llu (deleted)", n && buf[n - 1] == '/' ? "" : "/",
		 (unsigned long long)inode.ino);
	return buf;
}

static bool is_fcntl_dup(__u64 cmd)
{
	return (int)cmd == F_DUPFD || (int)cmd == F_DUPFD_CLOEXEC;
}

const char *decode_returned_fd_path(const struct decoder *d, const struct call *call, char *buf,
				    size_t size)
{
	const struct bt_exit_rec *exit = call->exit;
	const struct bt_enter_rec *enter = call->enter;
	int nr;

	if (!d->fds || !exit || exit->ret < 0 || exit->ret > 0x7fffffff)
		return NULL;
	/* the call is its enter's, as in decode_track_fds: the exit's number is not checked */
	nr = enter ? enter->hdr.nr : exit->hdr.nr;
	if (nr < 0 || nr >= BT_MAX_SYSCALLS)
		return NULL;
	switch (d->fd_effect[nr]) {
	case FD_FX_OPEN:
		if (!enter)
			break;
		if (opened_path(d, call, buf, size))
			return buf;
		/* an O_TMPFILE file, a path not read: as /proc names the fd */
		return fd_table__proc_path(d->fds, exit->hdr.tgid, exit->hdr.tid, (int)exit->ret);
	case FD_FX_DUP:
	case FD_FX_DUP2:
		/* the table has not taken the call yet: the source's path */
		if (enter)
			return fd_table__path(d->fds, exit->hdr.tgid, exit->hdr.tid,
					      (int)enter->args[0]);
		break;
	case FD_FX_FCNTL:
		if (enter && is_fcntl_dup(enter->args[1]))
			return fd_table__path(d->fds, exit->hdr.tgid, exit->hdr.tid,
					      (int)enter->args[0]);
		return NULL;
	case FD_FX_NEW:
		if (enter && !returns_fd(d, nr, enter->args))
			return NULL;
		if (enter && made_fd_name(d, call, (int)exit->ret, buf, size))
			return buf;
		/* the table has not taken the call: it may still hold the fd as closed */
		return fd_table__proc_path(d->fds, exit->hdr.tgid, exit->hdr.tid, (int)exit->ret);
	default:
		return NULL;
	}
	return fd_table__path(d->fds, exit->hdr.tgid, exit->hdr.tid, (int)exit->ret);
}

bool decode_write_fd_pair(const struct decoder *d, struct writer *w, const struct hand_call *hc,
			  const struct bt_capture *out)
{
	const struct bt_rec_hdr *hdr = &hc->exit->hdr;
	/*
	 * The call is the enter's: an exit paired by thread may carry another
	 * number (a record lost in between), or any number at all, as records
	 * come from the kernel unchecked.
	 */
	int nr = hc->nr;
	const struct call call = {.enter = hc->enter, .exit = hc->exit};
	int fds[2];

	if (!d->fds || nr < 0 || nr >= BT_MAX_SYSCALLS || d->fd_effect[nr] != FD_FX_PAIR || !out ||
	    (out->flags & BT_CAP_FAULT) || out->len != sizeof(fds))
		return false;
	memcpy(fds, decode_cap_data(out), sizeof(fds));
	w_arr_begin(w, WR_ARR_LIST);
	for (int k = 0; k < 2; k++) {
		char buf[64];
		const char *path =
			hc->enter ? made_fd_name(d, &call, fds[k], buf, sizeof(buf)) : NULL;

		decode_write_fd(d, w, hdr, fds[k], NULL,
				path ? path
				     : fd_table__proc_path(d->fds, hdr->tgid, hdr->tid, fds[k]));
	}
	w_arr_end(w, false);
	return true;
}

/* The two fds pipe, pipe2 and socketpair wrote, or false when they were not read. */
static bool pair_fds(const struct decoder *d, const struct call *call, int fds[2])
{
	int nr = call->enter->hdr.nr, nargs = decode_nargs(d, nr);

	for (int i = 0; i < nargs; i++) {
		const struct bt_capture *in, *out;

		decode_arg_captures(call->enter, call->exit, i, &in, &out);
		if (out && !(out->flags & BT_CAP_FAULT) && out->len >= 2 * sizeof(int)) {
			memcpy(fds, decode_cap_data(out), 2 * sizeof(int));
			return true;
		}
	}
	return false;
}

/* A clone that made a process (not a thread): its flags say, for clone3 in its struct. */
static bool clone_made_process(const struct decoder *d, const struct call *call)
{
	char namebuf[32];
	const char *name = decode_syscall_name(d, call->enter->hdr.nr, namebuf, sizeof(namebuf));
	const struct bt_capture *in, *out;
	__u64 flags = 0;

	if (!strcmp(name, "clone")) {
		flags = call->enter->args[0];
	} else if (!strcmp(name, "clone3")) {
		decode_arg_captures(call->enter, call->exit, 0, &in, &out);
		if (!in || (in->flags & BT_CAP_FAULT) || in->len < sizeof(flags))
			return false;
		memcpy(&flags, decode_cap_data(in), sizeof(flags));
	}
	return !(flags & CLONE_THREAD);
}

/* The pidfd a clone with CLONE_PIDFD made (clone's in parent_tid, clone3's where it said). */
static bool clone_pidfd(const struct decoder *d, const struct call *call, int *fd)
{
	char namebuf[32];
	const char *name = decode_syscall_name(d, call->enter->hdr.nr, namebuf, sizeof(namebuf));
	const struct bt_capture *in, *out;

	if (!strcmp(name, "clone")) {
		if (!(call->enter->args[0] & CLONE_PIDFD))
			return false;
		decode_arg_captures(call->enter, call->exit, 2, &in, &out);
	} else if (!strcmp(name, "clone3")) {
		out = record_capture(&call->exit->hdr, BT_CAP_INNER_PIDFD);
	} else {
		return false;
	}
	if (!out || (out->flags & BT_CAP_FAULT) || out->len < sizeof(*fd))
		return false;
	memcpy(fd, decode_cap_data(out), sizeof(*fd));
	return true;
}

void decode_track_fds(const struct decoder *d, const struct call *call)
{
	const struct bt_enter_rec *enter = call->enter;
	const struct bt_exit_rec *exit = call->exit;
	__u32 tgid;
	__s64 ret;
	char buf[4096];
	int fds[2];

	if (!d->fds)
		return;
	/* an io_uring operation into a registered slot (openat_direct) makes no fd */
	if (enter && enter->hdr.type == BT_REC_URING_SUBMIT &&
	    (((const struct bt_uring_submit_rec *)enter)->uflags & BT_URING_DIRECT))
		return;
	if (call->state == CALL_EVENT) {
		const struct bt_task_exit_rec *rec = (const void *)call->event;

		if (call->event->type == BT_REC_TASK_EXIT && rec->group_dead)
			fd_table__forget(d->fds, call->event->tgid);
		return;
	}
	/* what a call did is known at its end, and from its arguments */
	if (!enter || !exit || enter->hdr.nr < 0 || enter->hdr.nr >= BT_MAX_SYSCALLS)
		return;
	tgid = exit->hdr.tgid;
	ret = exit->ret;
	switch (d->fd_effect[enter->hdr.nr]) {
	case FD_FX_NONE:
		break;
	case FD_FX_OPEN:
		if (ret >= 0)
			fd_table__set(d->fds, tgid, ret, opened_path(d, call, buf, sizeof(buf)));
		break;
	case FD_FX_NEW:
		if (ret >= 0 && returns_fd(d, enter->hdr.nr, enter->args))
			fd_table__set(d->fds, tgid, ret,
				      made_fd_name(d, call, ret, buf, sizeof(buf)));
		break;
	case FD_FX_DUP:
		if (ret >= 0)
			fd_table__dup(d->fds, tgid, enter->args[0], ret);
		break;
	case FD_FX_DUP2:
		if (ret >= 0)
			fd_table__dup(d->fds, tgid, enter->args[0], enter->args[1]);
		break;
	case FD_FX_FCNTL:
		if (ret >= 0 && is_fcntl_dup(enter->args[1]))
			fd_table__dup(d->fds, tgid, enter->args[0], ret);
		break;
	case FD_FX_CLOSE:
		/* Linux closes the fd even when close fails with EINTR or EIO */
		if (ret != -EBADF)
			fd_table__close(d->fds, tgid, (int)enter->args[0], (int)enter->args[0]);
		break;
	case FD_FX_CLOSE_RANGE:
		if (ret == 0 && !(enter->args[2] & CLOSE_RANGE_CLOEXEC_FLAG))
			fd_table__close(d->fds, tgid, enter->args[0], enter->args[1]);
		break;
	case FD_FX_PAIR:
		if (ret == 0 && pair_fds(d, call, fds)) {
			for (int k = 0; k < 2; k++)
				fd_table__set(d->fds, tgid, fds[k],
					      inode_name(call, fds[k], buf, sizeof(buf)));
		}
		break;
	case FD_FX_EXEC:
		/* close-on-exec fds are gone; the others are asked of /proc again */
		if (ret == 0)
			fd_table__exec(d->fds, tgid);
		break;
	case FD_FX_CHDIR:
		if (ret == 0)
			fd_table__set_cwd(d->fds, tgid, path_arg(d, call, 0, buf, sizeof(buf)));
		break;
	case FD_FX_REMOVE:
		if (ret == 0)
			fd_table__removed(d->fds, path_arg(d, call, 0, buf, sizeof(buf)));
		break;
	case FD_FX_RENAME:
		if (ret == 0) {
			char to[4096];
			char namebuf[32];
			const char *name =
				decode_syscall_name(d, enter->hdr.nr, namebuf, sizeof(namebuf));
			bool exchange = !strcmp(name, "renameat2") &&
					((__u32)enter->args[4] & RENAME_EXCHANGE_FLAG);

			fd_table__renamed(d->fds, path_arg(d, call, 0, buf, sizeof(buf)),
					  path_arg(d, call, 1, to, sizeof(to)), exchange);
		}
		break;
	case FD_FX_FCHDIR:
		if (ret == 0)
			fd_table__set_cwd(
				d->fds, tgid,
				fd_table__path(d->fds, tgid, exit->hdr.tid, (int)enter->args[0]));
		break;
	case FD_FX_CLONE:
		if (ret > 0 && clone_made_process(d, call))
			fd_table__fork(d->fds, tgid, ret);
		if (ret > 0 && clone_pidfd(d, call, &fds[0]))
			fd_table__set(d->fds, tgid, fds[0], FD_PIDFD_NAME);
		break;
	}
}

// SPDX-License-Identifier: GPL-2.0
/*
 * -yy, --decode-fds=SET: what an fd shows besides its number, chosen as strace chooses it:
 * a socket's endpoints, then a device's number, an eventfd's counter, a pidfd's process, a
 * signalfd's mask, and last the path, each when the set names it and the fd is one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>

#include "base/xlat.h"
#include "decode/decode.h"
#include "decode/fd_paths.h"
#include "decode/fd_table.h"
#include "decode/sock_diag.h"

#define PIDFD_NAME "anon_inode:[pidfd]"
#define SIGNALFD_NAME "anon_inode:[signalfd]"
#define EVENTFD_NAME "anon_inode:[eventfd]"

/* The inode of a socket path as /proc names it, "socket:[12345]"; 0 for another path. */
static uint64_t socket_inode(const char *path)
{
	unsigned long long ino;
	int end = 0;

	if (sscanf(path, "socket:[%llu]%n", &ino, &end) != 1 || !end || path[end])
		return 0;
	return ino;
}

/*
 * The kernel's name of the socket's protocol (system.sockprotoname), read through
 * /proc/TID/fd/N, when that fd is still the socket of inode ino; NULL otherwise (closed, or
 * the number taken by another file since the call).
 */
static const char *socket_proto(__u32 tgid, __u32 tid, int fd, uint64_t ino, char *buf, size_t size)
{
	__u32 ids[2] = {tid, tgid};

	for (int k = 0; k < 2; k++) {
		char link[64];
		struct stat st;
		ssize_t n;

		snprintf(link, sizeof(link), "/proc/%u/fd/%d", ids[k], fd);
		if (stat(link, &st) || st.st_ino != ino || !S_ISSOCK(st.st_mode))
			continue;
		n = getxattr(link, "system.sockprotoname", buf, size - 1);
		if (n <= 0)
			continue;
		buf[n] = '\0';
		return buf;
	}
	return NULL;
}

/*
 * The value of the line of /proc/TGID/fdinfo/FD that starts with key (through thread tid
 * first), without the key and the newline; false when there is none.
 */
static bool fdinfo_value(__u32 tgid, __u32 tid, int fd, const char *key, char *out, size_t size)
{
	__u32 ids[2] = {tid, tgid};
	size_t klen = strlen(key);

	for (int k = 0; k < 2; k++) {
		char path[64], line[512];
		bool found = false;
		FILE *f;

		snprintf(path, sizeof(path), "/proc/%u/fdinfo/%d", ids[k], fd);
		f = fopen(path, "re");
		if (!f)
			continue;
		while (!found && fgets(line, sizeof(line), f)) {
			if (strncmp(line, key, klen))
				continue;
			line[strcspn(line, "\n")] = '\0';
			snprintf(out, size, "%s", line + klen + strspn(line + klen, " \t"));
			found = true;
		}
		fclose(f);
		if (found)
			return true;
	}
	return false;
}

static bool socket_info(const struct decoder *d, __u32 tgid, __u32 tid, int fd, const char *path,
			struct wr_fd_info *info)
{
	uint64_t ino = socket_inode(path);
	char proto[32];

	if (!ino || !d->socks ||
	    !sock_diag__lookup(d->socks, ino,
			       socket_proto(tgid, tid, fd, ino, proto, sizeof(proto)), &info->sock))
		return false;
	info->kind = WR_FD_SOCKET;
	return true;
}

/* strace stats the path, not the fd: a device file as it is named now. */
static bool device_info(const char *path, struct wr_fd_info *info)
{
	struct stat st;

	if (path[0] != '/' || stat(path, &st) || !(S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)))
		return false;
	info->kind = WR_FD_DEVICE;
	info->path = path;
	info->dev.block = S_ISBLK(st.st_mode);
	info->dev.major = major(st.st_rdev);
	info->dev.minor = minor(st.st_rdev);
	return true;
}

static bool pidfd_info(__u32 tgid, __u32 tid, int fd, const char *path, struct wr_fd_info *info)
{
	char value[32];
	int pid;

	if (strcmp(path, PIDFD_NAME) && strncmp(path, "pidfd:", 6))
		return false;
	/* a process that ended is Pid: -1: strace then shows the path */
	if (!fdinfo_value(tgid, tid, fd, "Pid:", value, sizeof(value)) ||
	    (pid = atoi(value)) <= 0) {
		info->kind = WR_FD_PATH;
		info->path = path;
		return true;
	}
	info->kind = WR_FD_PIDFD;
	info->pid = pid;
	return true;
}

/* The mask of fdinfo's "sigmask:" (hex, the highest signal first) as strace's set. */
static bool sigmask_text(const char *hex, char *out, size_t size)
{
	size_t nibbles = strlen(hex), set = 0, used = 0, nsig = nibbles * 4;
	bool invert;

	if (!nibbles || nibbles > 32 || strspn(hex, "0123456789abcdefABCDEF") != nibbles)
		return false;
	for (size_t sig = 1; sig <= nsig; sig++) {
		char c = hex[nibbles - 1 - (sig - 1) / 4];
		int v = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;

		set += (v >> ((sig - 1) % 4)) & 1;
	}
	/* more than half the signals: strace shows those not in it, ~[...] */
	invert = set > nsig / 2;
	used = snprintf(out, size, "%s[", invert ? "~" : "");
	for (size_t sig = 1, first = 1; sig <= nsig && used < size; sig++) {
		char c = hex[nibbles - 1 - (sig - 1) / 4], name[32];
		int v = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
		bool bit = (v >> ((sig - 1) % 4)) & 1;

		if (bit == invert)
			continue;
		xlat_signal_name(name, sizeof(name), sig);
		used += snprintf(out + used, size - used, "%s%s", first ? "" : " ",
				 strncmp(name, "SIG", 3) ? name : name + 3);
		first = 0;
	}
	if (used + 1 < size) {
		out[used] = ']';
		out[used + 1] = '\0';
	}
	return used + 1 < size;
}

static bool signalfd_info(__u32 tgid, __u32 tid, int fd, const char *path, struct wr_fd_info *info)
{
	char value[64];

	if (strcmp(path, SIGNALFD_NAME) ||
	    !fdinfo_value(tgid, tid, fd, "sigmask:", value, sizeof(value)) ||
	    !sigmask_text(value, info->sigmask, sizeof(info->sigmask)))
		return false;
	info->kind = WR_FD_SIGNALFD;
	return true;
}

static bool eventfd_info(__u32 tgid, __u32 tid, int fd, const char *path, struct wr_fd_info *info)
{
	char value[32];

	if (strcmp(path, EVENTFD_NAME))
		return false;
	if (!fdinfo_value(tgid, tid, fd, "eventfd-count:", info->efd.count,
			  sizeof(info->efd.count)) ||
	    !info->efd.count[0]) {
		info->kind = WR_FD_PATH;
		info->path = path;
		return true;
	}
	info->kind = WR_FD_EVENTFD;
	info->efd.id =
		fdinfo_value(tgid, tid, fd, "eventfd-id:", value, sizeof(value)) ? atoi(value) : -1;
	info->efd.semaphore =
		fdinfo_value(tgid, tid, fd, "eventfd-semaphore:", value, sizeof(value))
			? atoi(value)
			: -1;
	return true;
}

const struct wr_fd_info *decode_fd_info(const struct decoder *d, __u32 tgid, __u32 tid, int fd,
					const char *path, struct wr_fd_info *info)
{
	unsigned int set = d->opts.decode_fds;

	memset(info, 0, sizeof(*info));
	if (!path)
		return NULL;
	if ((set & DECODE_FDS_SOCKET) && socket_info(d, tgid, tid, fd, path, info))
		return info;
	if ((set & DECODE_FDS_DEV) && device_info(path, info))
		return info;
	if ((set & DECODE_FDS_EVENTFD) && eventfd_info(tgid, tid, fd, path, info))
		return info;
	if ((set & DECODE_FDS_PIDFD) && pidfd_info(tgid, tid, fd, path, info))
		return info;
	if ((set & DECODE_FDS_SIGNALFD) && signalfd_info(tgid, tid, fd, path, info))
		return info;
	if (!(set & DECODE_FDS_PATH))
		return NULL;
	info->kind = WR_FD_PATH;
	info->path = path;
	return info;
}

void decode_write_fd(const struct decoder *d, struct writer *w, __u32 tgid, __u32 tid, int fd,
		     const char *name, const char *path)
{
	struct wr_fd_info info;

	w_fd(w, fd, name, decode_fd_info(d, tgid, tid, fd, path, &info));
}

void decode_write_thread_fd(const struct decoder *d, struct writer *w, int fd)
{
	const char *path = NULL;

	if (!d->thread) {
		w_s64(w, fd);
		return;
	}
	if (d->fds && fd >= 0)
		path = fd_table__path(d->fds, d->thread->tgid, d->thread->tid, fd);
	decode_write_fd(d, w, d->thread->tgid, d->thread->tid, fd, NULL, path);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Calls under way when tracing starts (-p, -a): each blocked thread's call,
 * read from /proc/TID/syscall, as the enter record the collector would have
 * made, its inputs read from the process's memory as its rules say.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/uio.h>

#include "collector/collector.h"

#define IN_PROGRESS_REC_MAX (sizeof(struct bt_enter_rec) + BT_MAX_ARGS * (8 + BT_CAPTURE_MAX))

static int read_text(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return 0;
}

/* A 32-bit program: its calls are i386's (an int $0x80 of a 64-bit one is not told apart). */
static bool runs_i386(pid_t pid)
{
	unsigned char ident[5];
	char path[64];
	int fd;
	bool i386;

	snprintf(path, sizeof(path), "/proc/%d/exe", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	i386 = read(fd, ident, sizeof(ident)) == sizeof(ident) && !memcmp(ident, "\177ELF", 4) &&
	       ident[4] == 1; /* ELFCLASS32 */
	close(fd);
	return i386;
}

/* Reads up to n bytes at addr of pid, a page at a time: the bytes read, 0 when none. */
static size_t read_memory(pid_t pid, __u64 addr, void *buf, size_t n)
{
	size_t done = 0;

	while (done < n) {
		size_t page = 4096 - ((addr + done) & 4095),
		       want = n - done < page ? n - done : page;
		struct iovec local = {.iov_base = (char *)buf + done, .iov_len = want};
		struct iovec remote = {.iov_base = (void *)(uintptr_t)(addr + done),
				       .iov_len = want};
		ssize_t got = process_vm_readv(pid, &local, 1, &remote, 1, 0);

		if (got <= 0)
			break;
		done += got;
	}
	return done;
}

/* Appends argument i's capture by rule r to rec (at *off), as the collector would. */
static void capture(pid_t pid, struct bt_enter_rec *rec, size_t *off, int i,
		    const struct bt_arg_rule *r, __u32 string_cap, __u32 buffer_cap)
{
	struct bt_capture *cap = (void *)((char *)rec + *off);
	char *data = (char *)(cap + 1);
	__u64 addr = rec->args[i], want;
	size_t n, got;

	if (!addr || r->len == BT_LEN_NONE || r->kind != BT_KIND_BYTES)
		return;
	memset(cap, 0, sizeof(*cap));
	cap->arg = i;
	if (r->len == BT_LEN_STRING) {
		n = string_cap < BT_CAPTURE_MAX ? string_cap : BT_CAPTURE_MAX;
		got = read_memory(pid, addr, data, n);
		cap->flags = BT_CAP_STRING;
		if (!got) {
			cap->flags |= BT_CAP_FAULT;
		} else {
			char *nul = memchr(data, '\0', got);

			if (nul)
				got = nul - data + 1;
			else
				cap->flags |= BT_CAP_TRUNCATED;
		}
		cap->len = got;
	} else {
		if (r->len > BT_LEN_STRING)
			want = r->len;
		else if (-r->len >= 1 && -r->len <= BT_MAX_ARGS)
			want = rec->args[-r->len - 1] * (r->elem_size ? r->elem_size : 1);
		else if (r->len < BT_LEN_RET && r->len >= BT_LEN_DEREF(BT_MAX_ARGS)) {
			__s32 v = 0;

			read_memory(pid, rec->args[BT_LEN_RET - r->len - 1], &v, sizeof(v));
			want = (v > 0 ? v : 0) * (__u64)(r->elem_size ? r->elem_size : 1);
		} else {
			return;
		}
		n = r->len > BT_LEN_STRING ? BT_CAPTURE_MAX : buffer_cap;
		if (n > BT_CAPTURE_MAX)
			n = BT_CAPTURE_MAX;
		if (want < n)
			n = want;
		else if (want > n)
			cap->flags = BT_CAP_TRUNCATED;
		cap->want = want > 0xffffffffULL ? 0xffffffffU : want;
		got = n ? read_memory(pid, addr, data, n) : 0;
		if (n && got < n) {
			/*
			 * up to an unmapped page: an array's elements before it, anything
			 * else's bytes before it, unread but to a decoder that needs no more
			 */
			if (r->elem_size > 1)
				got = got / r->elem_size * r->elem_size;
			if (!got)
				cap->flags |= BT_CAP_FAULT;
			else if (r->elem_size > 1)
				cap->flags |= BT_CAP_TRUNCATED | BT_CAP_PARTIAL;
			else
				cap->flags |= BT_CAP_FAULT | BT_CAP_PARTIAL;
		}
		cap->len = got;
	}
	*off += sizeof(*cap) + BT_ALIGN8(cap->len);
	rec->hdr.ncaps++;
}

/* Thread tid's call, when it is in one. */
static void thread_call(pid_t pid, pid_t tid, bool i386, const struct in_progress_opts *o,
			struct bt_enter_rec *rec)
{
	char path[96], text[512], *p, *end;
	struct timespec now;
	size_t off = sizeof(*rec);
	long nr;
	int id;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/syscall", pid, tid);
	if (read_text(path, text, sizeof(text)))
		return;
	/*
	 * After the read: an exit stamped later is of a call that ran while
	 * /proc was read, the call read (see event_reader__expect()).
	 */
	clock_gettime(CLOCK_MONOTONIC, &now);
	/* "running", or -1 when it is stopped outside a call */
	nr = strtol(text, &end, 10);
	if (end == text || nr < 0)
		return;
	memset(rec, 0, sizeof(*rec));
	p = end;
	for (int i = 0; i < BT_MAX_ARGS; i++) {
		rec->args[i] = strtoull(p, &end, 16);
		if (end == p)
			return;
		p = end;
	}
	id = bt_id_of(nr, i386);
	if (id >= 0 && id < BT_MAX_SYSCALLS && !(o->rules[id].flags & BT_SC_SELECTED))
		return;
	rec->hdr.type = BT_REC_ENTER;
	rec->hdr.ts = now.tv_sec * 1000000000ULL + now.tv_nsec;
	rec->hdr.tgid = pid;
	rec->hdr.tid = tid;
	rec->hdr.nr = id;
	snprintf(path, sizeof(path), "/proc/%d/task/%d/comm", pid, tid);
	if (!read_text(path, text, sizeof(text))) {
		text[strcspn(text, "\n")] = '\0';
		snprintf(rec->comm, sizeof(rec->comm), "%.*s", (int)sizeof(rec->comm) - 1, text);
	}
	for (int i = 0; id >= 0 && id < BT_MAX_SYSCALLS && i < BT_MAX_ARGS; i++)
		capture(pid, rec, &off, i, &o->rules[id].enter[i], o->string_cap, o->buffer_cap);
	rec->hdr.size = off;
	o->fn(o->ctx, rec);
}

static void process_calls(pid_t pid, const struct in_progress_opts *o, struct bt_enter_rec *rec)
{
	bool i386 = runs_i386(pid);
	char path[64];
	struct dirent *de;
	DIR *dir;

	snprintf(path, sizeof(path), "/proc/%d/task", pid);
	dir = opendir(path);
	if (!dir)
		return;
	while ((de = readdir(dir))) {
		if (isdigit((unsigned char)de->d_name[0]))
			thread_call(pid, atoi(de->d_name), i386, o, rec);
	}
	closedir(dir);
}

int collector__calls_in_progress(const pid_t *pids, int npids, const struct in_progress_opts *o)
{
	struct bt_enter_rec *rec = malloc(IN_PROGRESS_REC_MAX);
	struct dirent *de;
	DIR *dir;

	if (!rec)
		return -ENOMEM;
	for (int i = 0; i < npids; i++)
		process_calls(pids[i], o, rec);
	if (!npids && (dir = opendir("/proc"))) {
		while ((de = readdir(dir))) {
			pid_t pid = atoi(de->d_name);

			if (pid > 0 && (__u32)pid != o->self)
				process_calls(pid, o, rec);
		}
		closedir(dir);
	}
	free(rec);
	return 0;
}

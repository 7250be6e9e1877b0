// SPDX-License-Identifier: GPL-2.0
/*
 * The ring buffer's reader. libbpf's maps the whole data area twice over (the kernel maps a
 * record that wraps as one piece there) and the kernel fills in every page of a mapping at
 * mmap: the default 8 MiB ring was 16 MiB of btftrace's resident set from the start. Here
 * only the windows under the records being read are mapped, from the same double area, so a
 * wrapping record is still one piece; the rest of the area is reserved address space.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <linux/bpf.h>

#include "collector/ringbuf.h"

/* The most of the data mapped for reading, unless one record is larger. */
#define RINGBUF_WINDOW (512UL << 10)

struct ringbuf_reader {
	int fd;
	/*
	 * What the loop polls, as with libbpf's reader: an epoll fd over the map's, readable
	 * when the kernel wakes the reader. The map's own fd is readable while any record waits,
	 * so a poll of it would not heed the programs' wake-up threshold (BPF_RB_NO_WAKEUP).
	 */
	int epoll_fd;
	size_t page, data_bytes, window;
	unsigned long *consumer_pos;	   /* the map's first page, the one it lets us write */
	const unsigned long *producer_pos; /* its second */
	char *data;			   /* 2 * data_bytes reserved; [lo, hi) mapped */
	size_t lo, hi;
	ringbuf_fn fn;
	void *ctx;
};

/* The map's pages at data offsets [from, to) of the double area. */
static int map_data(struct ringbuf_reader *r, size_t from, size_t to)
{
	void *p = mmap(r->data + from, to - from, PROT_READ, MAP_SHARED | MAP_FIXED, r->fd,
		       (off_t)(2 * r->page + from));

	return p == MAP_FAILED ? -errno : 0;
}

/* Reserved again, the pages no longer mapped (nor resident). */
static void unmap_data(struct ringbuf_reader *r, size_t from, size_t to)
{
	if (to > from)
		mmap(r->data + from, to - from, PROT_NONE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
}

/* Maps data offsets [start, end) by whole windows, and lets go of the windows before them. */
static int cover(struct ringbuf_reader *r, size_t start, size_t end)
{
	size_t lo = start & ~(r->window - 1), hi = (end + r->window - 1) & ~(r->window - 1);
	bool apart = r->hi <= lo || r->lo >= hi;
	int err = 0;

	if (start >= r->lo && end <= r->hi)
		return 0;
	if (end > 2 * r->data_bytes)
		return -EINVAL;
	if (apart) {
		unmap_data(r, r->lo, r->hi);
		err = map_data(r, lo, hi);
	} else {
		if (r->lo < lo)
			unmap_data(r, r->lo, lo);
		if (r->hi > hi)
			unmap_data(r, hi, r->hi);
		if (lo < r->lo)
			err = map_data(r, lo, r->lo);
		if (!err && hi > r->hi)
			err = map_data(r, r->hi, hi);
	}
	if (err) {
		unmap_data(r, lo, hi);
		r->lo = r->hi = 0;
		return err;
	}
	r->lo = lo;
	r->hi = hi;
	return 0;
}

struct ringbuf_reader *ringbuf_reader__new(int map_fd, size_t data_bytes, ringbuf_fn fn, void *ctx)
{
	struct ringbuf_reader *r = calloc(1, sizeof(*r));
	long page = sysconf(_SC_PAGESIZE);
	void *p;

	if (!r)
		return NULL;
	r->fd = map_fd;
	r->epoll_fd = -1;
	r->page = page > 0 ? (size_t)page : 4096;
	r->data_bytes = data_bytes;
	r->window = data_bytes < RINGBUF_WINDOW ? data_bytes : RINGBUF_WINDOW;
	r->fn = fn;
	r->ctx = ctx;
	if (!data_bytes || data_bytes % r->page || (data_bytes & (data_bytes - 1))) {
		free(r);
		errno = EINVAL;
		return NULL;
	}
	p = mmap(NULL, r->page, PROT_READ | PROT_WRITE, MAP_SHARED, map_fd, 0);
	if (p == MAP_FAILED)
		goto fail;
	r->consumer_pos = p;
	p = mmap(NULL, r->page, PROT_READ, MAP_SHARED, map_fd, (off_t)r->page);
	if (p == MAP_FAILED)
		goto fail;
	r->producer_pos = p;
	p = mmap(NULL, 2 * data_bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1,
		 0);
	if (p == MAP_FAILED)
		goto fail;
	r->data = p;
	r->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
	if (r->epoll_fd < 0)
		goto fail;
	struct epoll_event ev = {.events = EPOLLIN};

	/* a file epoll cannot watch (the unit tests' memfd) is polled itself */
	if (epoll_ctl(r->epoll_fd, EPOLL_CTL_ADD, map_fd, &ev)) {
		if (errno != EPERM)
			goto fail;
		close(r->epoll_fd);
		r->epoll_fd = -1;
	}
	return r;
fail:
	ringbuf_reader__free(r);
	return NULL;
}

unsigned long ringbuf_reader__end(const struct ringbuf_reader *r)
{
	return __atomic_load_n(r->producer_pos, __ATOMIC_ACQUIRE);
}

unsigned long ringbuf_reader__left(const struct ringbuf_reader *r, unsigned long end)
{
	unsigned long cons = __atomic_load_n(r->consumer_pos, __ATOMIC_RELAXED);

	return cons < end ? end - cons : 0;
}

int ringbuf_reader__consume_to(struct ringbuf_reader *r, unsigned long end)
{
	unsigned long cons = __atomic_load_n(r->consumer_pos, __ATOMIC_ACQUIRE);
	size_t mask = r->data_bytes - 1;
	int handed = 0, err;

	/*
	 * One pass, to where the producer was: libbpf's went on while records kept coming, so
	 * a reader slower than the traced threads never got back to its loop (nor to signals).
	 */
	while (cons < end) {
		size_t off = cons & mask, total;
		__u32 *hdr, len;

		err = cover(r, off, off + BPF_RINGBUF_HDR_SZ);
		if (err)
			return err;
		hdr = (__u32 *)(r->data + off);
		len = __atomic_load_n(hdr, __ATOMIC_ACQUIRE);
		/* not committed yet: the next poll says when */
		if (len & BPF_RINGBUF_BUSY_BIT)
			return handed;
		total = ((len & ~BPF_RINGBUF_DISCARD_BIT) + BPF_RINGBUF_HDR_SZ + 7) & ~7UL;
		if (total > r->data_bytes)
			return -EINVAL;
		cons += total;
		if (!(len & BPF_RINGBUF_DISCARD_BIT)) {
			err = cover(r, off, off + total);
			if (err)
				return err;
			err = r->fn(r->ctx, (char *)hdr + BPF_RINGBUF_HDR_SZ, len);
			if (err < 0) {
				__atomic_store_n(r->consumer_pos, cons, __ATOMIC_RELEASE);
				return err;
			}
			handed++;
		}
		__atomic_store_n(r->consumer_pos, cons, __ATOMIC_RELEASE);
	}
	return handed;
}

int ringbuf_reader__consume(struct ringbuf_reader *r)
{
	return ringbuf_reader__consume_to(r, ringbuf_reader__end(r));
}

int ringbuf_reader__fd(const struct ringbuf_reader *r)
{
	return r->epoll_fd >= 0 ? r->epoll_fd : r->fd;
}

size_t ringbuf_reader__mapped(const struct ringbuf_reader *r)
{
	return r->hi - r->lo;
}

void ringbuf_reader__free(struct ringbuf_reader *r)
{
	int err = errno;

	if (!r)
		return;
	if (r->epoll_fd >= 0)
		close(r->epoll_fd);
	if (r->data)
		munmap(r->data, 2 * r->data_bytes);
	if (r->producer_pos)
		munmap((void *)r->producer_pos, r->page);
	if (r->consumer_pos)
		munmap(r->consumer_pos, r->page);
	free(r);
	errno = err;
}

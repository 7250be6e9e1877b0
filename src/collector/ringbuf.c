// SPDX-License-Identifier: GPL-2.0
/*
 * The ring buffer's reader. libbpf's maps the whole data area twice over (the kernel maps a
 * record that wraps as one piece there) and the kernel fills in every page of a mapping at
 * mmap: the default 8 MiB ring was 16 MiB of btftrace's resident set from the start. Here
 * only the windows under the records being read are mapped, from the same double area, so a
 * wrapping record is still one piece; the rest of the area is reserved address space.
 *
 * A window mapped anew costs more than its mmap: under a hypervisor that shadows page tables
 * (this project's VM), each page's first read after it costs ~2 us and its unmap ~1 us,
 * 100-145 ms for the 185 MB of a -s 4096 run, a fifth of the reader's time. So the windows of
 * the first RINGBUF_KEPT bytes stay mapped once mapped: each round of the ring pays only
 * for the rest. A reader that falls behind (half the ring waiting) on large records needs
 * that fifth back more than the memory: from then on every window stays (RINGBUF_KEPT_MAX at
 * most). On small records the windows are a small share of its time (formatting is paid by
 * the record, mapping by the byte): the memory would buy little there.
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
	size_t lo, hi;			   /* the window, at or past kept */
	size_t kept;			   /* [0, kept): windows that stay mapped */
	uint64_t kept_mapped;		   /* by window: the ones mapped */
	unsigned long maps;		   /* mmaps of data made, for tests */
	size_t mapped_max;		   /* the most of data mapped at once, for --stats */
	unsigned long cons;		   /* the next record's position */
	unsigned long first;		   /* cons at the start: cons - first bytes read */
	unsigned long records;		   /* read so far, discarded ones too */
	/*
	 * A record fn held (ringbuf_reader__hold): its position and its data offset. The
	 * consumer position stays at it, and it stays mapped, until fn returns for the next.
	 */
	unsigned long pin;
	size_t pin_off;
	bool pinned, hold;
	size_t off; /* the data offset of the record fn is handed */
	ringbuf_fn fn;
	void *ctx;
};

/* The map's pages at data offsets [from, to) of the double area. */
static int map_data(struct ringbuf_reader *r, size_t from, size_t to)
{
	void *p = mmap(r->data + from, to - from, PROT_READ, MAP_SHARED | MAP_FIXED, r->fd,
		       (off_t)(2 * r->page + from));

	r->maps++;
	return p == MAP_FAILED ? -errno : 0;
}

/* Reserved again, the pages no longer mapped (nor resident). */
static void unmap_data(struct ringbuf_reader *r, size_t from, size_t to)
{
	if (to > from)
		mmap(r->data + from, to - from, PROT_NONE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
}

/* The kept windows under data offsets [start, end), start < kept, mapped if they are not. */
static int cover_kept(struct ringbuf_reader *r, size_t start, size_t end)
{
	size_t last = ((end < r->kept ? end : r->kept) - 1) / r->window;
	int err;

	for (size_t w = start / r->window; w <= last; w++) {
		if (r->kept_mapped & (1ULL << w))
			continue;
		err = map_data(r, w * r->window, (w + 1) * r->window);
		if (err) {
			unmap_data(r, w * r->window, (w + 1) * r->window);
			return err;
		}
		r->kept_mapped |= 1ULL << w;
	}
	return 0;
}

/*
 * Maps data offsets [start, end): the kept windows under them stay, the others are mapped by
 * whole windows, and the windows past kept before them let go of.
 */
static int cover_windows(struct ringbuf_reader *r, size_t start, size_t end)
{
	size_t lo, hi;
	bool apart;
	int err = 0;

	if (start >= r->lo && end <= r->hi)
		return 0;
	if (end > 2 * r->data_bytes)
		return -EINVAL;
	if (start < r->kept) {
		err = cover_kept(r, start, end);
		if (err || end <= r->kept)
			return err;
		start = r->kept;
		if (start >= r->lo && end <= r->hi)
			return 0;
	}
	lo = start & ~(r->window - 1);
	hi = (end + r->window - 1) & ~(r->window - 1);
	apart = r->hi <= lo || r->lo >= hi;
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

/* cover_windows, and the most mapped at once noted when it mapped anything (for --stats). */
static int cover(struct ringbuf_reader *r, size_t start, size_t end)
{
	unsigned long maps = r->maps;
	int err = cover_windows(r, start, end);

	if (r->maps != maps && ringbuf_reader__mapped(r) > r->mapped_max)
		r->mapped_max = ringbuf_reader__mapped(r);
	return err;
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
	r->kept = data_bytes < RINGBUF_KEPT ? data_bytes : RINGBUF_KEPT;
	r->kept -= r->kept % r->window;
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
	r->cons = __atomic_load_n(r->consumer_pos, __ATOMIC_ACQUIRE);
	r->first = r->cons;
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
	return r->cons < end ? end - r->cons : 0;
}

bool ringbuf_reader__can_hold(const struct ringbuf_reader *r)
{
	/*
	 * Not one in the second copy (after another held, across the end): the next record
	 * is read after it in the same copy, and must not run past that copy's end.
	 */
	return r->off < r->data_bytes;
}

void ringbuf_reader__hold(struct ringbuf_reader *r)
{
	r->hold = ringbuf_reader__can_hold(r);
}

/*
 * A reader half a ring behind: the windows from kept on stay mapped too from now on, to
 * RINGBUF_KEPT_MAX. The window mapped now over the new kept part becomes kept windows as it
 * is, with nothing unmapped: a held record in it stays where the caller has it.
 */
static void keep_all(struct ringbuf_reader *r)
{
	size_t kept = r->data_bytes < RINGBUF_KEPT_MAX ? r->data_bytes : RINGBUF_KEPT_MAX;

	kept -= kept % r->window;
	if (kept <= r->kept)
		return;
	for (size_t w = r->lo / r->window; w < kept / r->window && w * r->window < r->hi; w++)
		r->kept_mapped |= 1ULL << w;
	if (r->hi <= kept)
		r->lo = r->hi = 0;
	else if (r->lo < kept)
		r->lo = kept;
	r->kept = kept;
}

/* The kernel may write again up to the record held, or up to cons. */
static void release_to(struct ringbuf_reader *r, unsigned long cons)
{
	r->cons = cons;
	__atomic_store_n(r->consumer_pos, r->pinned ? r->pin : cons, __ATOMIC_RELEASE);
}

int ringbuf_reader__consume_to(struct ringbuf_reader *r, unsigned long end)
{
	unsigned long cons = r->cons;
	size_t mask = r->data_bytes - 1;
	int handed = 0, err;

	if (cons < end && end - cons > r->data_bytes / 2 && r->records &&
	    cons - r->first >= RINGBUF_KEPT_RECORD * r->records)
		keep_all(r);
	/*
	 * One pass, to where the producer was: libbpf's went on while records kept coming, so
	 * a reader slower than the traced threads never got back to its loop (nor to signals).
	 */
	while (cons < end) {
		/* after a record held, in the same copy of the data: both mapped as one piece */
		size_t off = r->pinned ? r->pin_off + (cons - r->pin) : cons & mask;
		size_t from = r->pinned ? r->pin_off : off, total;
		__u32 *hdr, len;

		err = cover(r, from, off + BPF_RINGBUF_HDR_SZ);
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
		r->records++;
		if (!(len & BPF_RINGBUF_DISCARD_BIT)) {
			err = cover(r, from, off + total);
			if (err)
				return err;
			r->hold = false;
			r->off = off;
			err = r->fn(r->ctx, (char *)hdr + BPF_RINGBUF_HDR_SZ, len);
			/* the one held before is let go of; this one may be held in its place */
			r->pinned = r->hold;
			r->pin = cons;
			r->pin_off = off;
			release_to(r, cons + total);
			if (err < 0)
				return err;
			handed++;
		} else {
			release_to(r, cons + total);
		}
		cons += total;
	}
	return handed;
}

size_t ringbuf_reader__mapped_max(const struct ringbuf_reader *r)
{
	return r->mapped_max;
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
	return r->hi - r->lo + __builtin_popcountll(r->kept_mapped) * r->window;
}

unsigned long ringbuf_reader__maps(const struct ringbuf_reader *r)
{
	return r->maps;
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

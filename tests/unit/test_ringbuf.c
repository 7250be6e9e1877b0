// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the ring buffer reader, on a memfd laid out as the kernel lays out a ring
 * buffer map: the consumer's page, the producer's, then the data twice over.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <linux/bpf.h>

#include "collector/ringbuf.h"

#define DATA_BYTES (4UL << 20)

struct fake_ring {
	int fd;
	size_t page;
	char *file;
	unsigned long prod;
};

struct seen {
	int n;
	size_t sizes[128];
	unsigned char first[128], last[128];
	int stop_at; /* the record whose handling returns -1, or -1 */
};

static void fake_open(struct fake_ring *f)
{
	f->page = sysconf(_SC_PAGESIZE);
	f->fd = memfd_create("ring", MFD_CLOEXEC);
	assert_true(f->fd >= 0);
	assert_int_equal(ftruncate(f->fd, 2 * f->page + 2 * DATA_BYTES), 0);
	f->file = mmap(NULL, 2 * f->page + 2 * DATA_BYTES, PROT_READ | PROT_WRITE, MAP_SHARED,
		       f->fd, 0);
	assert_true(f->file != MAP_FAILED);
	f->prod = 0;
}

static void fake_close(struct fake_ring *f)
{
	munmap(f->file, 2 * f->page + 2 * DATA_BYTES);
	close(f->fd);
}

/* A byte at ring position pos, in both copies of the data as the kernel's double mapping has it. */
static void fake_byte(struct fake_ring *f, unsigned long pos, unsigned char b)
{
	size_t x = pos & (DATA_BYTES - 1);

	f->file[2 * f->page + x] = b;
	f->file[2 * f->page + DATA_BYTES + x] = b;
}

static void fake_word(struct fake_ring *f, unsigned long pos, uint32_t w)
{
	for (int i = 0; i < 4; i++)
		fake_byte(f, pos + i, (unsigned char)(w >> (8 * i)));
}

/* A record of len bytes counting up from seed, with the header's flags; returns its position. */
static unsigned long fake_record(struct fake_ring *f, size_t len, unsigned char seed,
				 uint32_t flags)
{
	unsigned long at = f->prod;

	fake_word(f, at, (uint32_t)len | flags);
	fake_word(f, at + 4, 0);
	for (size_t i = 0; i < len; i++)
		fake_byte(f, at + BPF_RINGBUF_HDR_SZ + i, (unsigned char)(seed + i));
	f->prod += (len + BPF_RINGBUF_HDR_SZ + 7) & ~7UL;
	*(unsigned long *)(f->file + f->page) = f->prod;
	return at;
}

static unsigned long consumer_pos(const struct fake_ring *f)
{
	return *(unsigned long *)f->file;
}

static int on_sample(void *ctx, void *data, size_t size)
{
	struct seen *s = ctx;
	const unsigned char *b = data;
	int i = s->n++;

	if (i < 128) {
		s->sizes[i] = size;
		s->first[i] = b[0];
		s->last[i] = b[size - 1];
		/* every byte as written: none from a stale or missing window */
		for (size_t k = 0; k < size; k++)
			assert_int_equal(b[k], (unsigned char)(b[0] + k));
	}
	return i == s->stop_at ? -1 : 0;
}

static void test_records_in_order(void **state)
{
	struct fake_ring f;
	struct seen s = {.stop_at = -1};
	struct ringbuf_reader *r;

	fake_open(&f);
	r = ringbuf_reader__new(f.fd, DATA_BYTES, on_sample, &s);
	assert_non_null(r);
	assert_int_equal(ringbuf_reader__consume(r), 0);
	fake_record(&f, 13, 1, 0);
	fake_record(&f, 64, 2, 0);
	fake_record(&f, 1, 3, BPF_RINGBUF_DISCARD_BIT);
	fake_record(&f, 100, 4, 0);
	assert_int_equal(ringbuf_reader__consume(r), 3);
	assert_int_equal(s.n, 3);
	assert_int_equal(s.sizes[0], 13);
	assert_int_equal(s.sizes[1], 64);
	assert_int_equal(s.sizes[2], 100);
	assert_int_equal(s.first[2], 4);
	assert_int_equal(consumer_pos(&f), f.prod);
	assert_int_equal(ringbuf_reader__fd(r), f.fd);
	ringbuf_reader__free(r);
	fake_close(&f);
}

static void test_busy_record_waits(void **state)
{
	struct fake_ring f;
	struct seen s = {.stop_at = -1};
	struct ringbuf_reader *r;
	unsigned long busy;

	fake_open(&f);
	r = ringbuf_reader__new(f.fd, DATA_BYTES, on_sample, &s);
	assert_non_null(r);
	fake_record(&f, 8, 1, 0);
	busy = fake_record(&f, 8, 2, BPF_RINGBUF_BUSY_BIT);
	fake_record(&f, 8, 3, 0);
	assert_int_equal(ringbuf_reader__consume(r), 1);
	assert_int_equal(consumer_pos(&f), busy);
	/* committed: it and the one after it come, in order */
	fake_word(&f, busy, 8);
	assert_int_equal(ringbuf_reader__consume(r), 2);
	assert_int_equal(s.first[1], 2);
	assert_int_equal(s.first[2], 3);
	ringbuf_reader__free(r);
	fake_close(&f);
}

static void test_negative_return_takes_record_and_stops(void **state)
{
	struct fake_ring f;
	struct seen s = {.stop_at = 0};
	struct ringbuf_reader *r;

	fake_open(&f);
	r = ringbuf_reader__new(f.fd, DATA_BYTES, on_sample, &s);
	assert_non_null(r);
	fake_record(&f, 8, 1, 0);
	fake_record(&f, 8, 2, 0);
	assert_int_equal(ringbuf_reader__consume(r), -1);
	assert_int_equal(s.n, 1);
	assert_int_equal(consumer_pos(&f), 16);
	s.stop_at = -1;
	assert_int_equal(ringbuf_reader__consume(r), 1);
	assert_int_equal(s.first[1], 2);
	ringbuf_reader__free(r);
	fake_close(&f);
}

/*
 * Round the ring three times in records of 200 KiB: the ones across its end come whole
 * (from the second copy), one larger than a window too, and no more than the kept windows and
 * the windows under the record being read stay mapped. The kept windows are mapped once: each
 * round maps only the windows past them again.
 */
static void test_wrap_and_windows(void **state)
{
	struct fake_ring f;
	struct seen s = {.stop_at = -1};
	struct ringbuf_reader *r;
	int total = 0;

	fake_open(&f);
	r = ringbuf_reader__new(f.fd, DATA_BYTES, on_sample, &s);
	assert_non_null(r);
	for (int round = 0; round < 70; round++) {
		fake_record(&f, 200 << 10, (unsigned char)round, 0);
		total += ringbuf_reader__consume(r);
		assert_true(ringbuf_reader__mapped(r) <= RINGBUF_KEPT + 2 * RINGBUF_WINDOW);
		assert_int_equal(consumer_pos(&f), f.prod);
	}
	assert_true(f.prod > 3 * DATA_BYTES);
	assert_true(ringbuf_reader__mapped(r) >= RINGBUF_KEPT);
	/* a round maps the 2 windows past the kept 6, and the one of the record across the end */
	assert_true(ringbuf_reader__maps(r) <= RINGBUF_KEPT / RINGBUF_WINDOW + 4 * 3 + 4);
	fake_record(&f, 1536 << 10, 7, 0);
	total += ringbuf_reader__consume(r);
	assert_int_equal(total, 71);
	assert_int_equal(s.sizes[70], 1536 << 10);
	assert_int_equal(s.last[70], (unsigned char)(7 + (1536 << 10) - 1));
	ringbuf_reader__free(r);
	fake_close(&f);
}

/*
 * A reader half the ring behind keeps every window mapped from then on: the window it had
 * past the kept part becomes kept as it is, and later rounds map only what wraps.
 */
static void test_reader_behind_keeps_every_window(void **state)
{
	struct fake_ring f;
	struct seen s = {.stop_at = -1};
	struct ringbuf_reader *r;
	unsigned long maps;
	int total = 0, written = 0;

	fake_open(&f);
	r = ringbuf_reader__new(f.fd, DATA_BYTES, on_sample, &s);
	assert_non_null(r);
	/* kept up with, to past the kept part: a window there is mapped */
	while (f.prod < RINGBUF_KEPT + RINGBUF_WINDOW / 2) {
		fake_record(&f, 100 << 10, (unsigned char)written++, 0);
		total += ringbuf_reader__consume(r);
	}
	assert_true(ringbuf_reader__mapped(r) <= RINGBUF_KEPT + 2 * RINGBUF_WINDOW);
	/* then more than half the ring waiting */
	for (int i = 0; i < 12; i++)
		fake_record(&f, 200 << 10, (unsigned char)written++, 0);
	total += ringbuf_reader__consume(r);
	assert_int_equal(total, written);
	assert_int_equal(consumer_pos(&f), f.prod);
	maps = ringbuf_reader__maps(r);
	/* two rounds more, kept up with: only records across the end map a window */
	for (int i = 0; i < 40; i++) {
		fake_record(&f, 200 << 10, (unsigned char)written++, 0);
		total += ringbuf_reader__consume(r);
		assert_true(ringbuf_reader__mapped(r) <= DATA_BYTES + 2 * RINGBUF_WINDOW);
	}
	assert_int_equal(total, written);
	assert_true(ringbuf_reader__mapped(r) >= DATA_BYTES);
	/* a record across the end, once a round at most (the windows past kept: 3 a round) */
	assert_true(ringbuf_reader__maps(r) - maps <= 2);
	ringbuf_reader__free(r);
	fake_close(&f);
}

static int on_small(void *ctx, void *data, size_t size)
{
	(*(int *)ctx)++;
	return 0;
}

/* Half the ring behind on small records: the windows are a small share there, none kept. */
static void test_reader_behind_on_small_records_maps_by_windows(void **state)
{
	struct fake_ring f;
	struct ringbuf_reader *r;
	int seen = 0, written = 0;

	fake_open(&f);
	r = ringbuf_reader__new(f.fd, DATA_BYTES, on_small, &seen);
	assert_non_null(r);
	for (int round = 0; round < 2; round++) {
		while (f.prod < (round + 1) * (DATA_BYTES / 2 + DATA_BYTES / 8)) {
			fake_record(&f, 56, (unsigned char)written, 0);
			written++;
		}
		ringbuf_reader__consume(r);
		assert_int_equal(seen, written);
		/* the kept part and the one window under the last record, which fit in one */
		assert_true(ringbuf_reader__mapped(r) <= RINGBUF_KEPT + RINGBUF_WINDOW);
	}
	ringbuf_reader__free(r);
	fake_close(&f);
}

/* A record written while the reader hands one out, as a busy traced thread writes them. */
struct feeder {
	struct seen seen;
	struct fake_ring *f;
	int more; /* records still to write, one per record handed */
};

static int on_sample_feed(void *ctx, void *data, size_t size)
{
	struct feeder *fd = ctx;

	if (fd->more > 0) {
		fd->more--;
		fake_record(fd->f, 16, 9, 0);
	}
	return on_sample(&fd->seen, data, size);
}

/*
 * A read ends where the producer was as it began: records that keep coming while it reads
 * wait for the next one, so a reader slower than its writers still gets back to its loop.
 * consume_to reads to a position taken earlier, and left says what remains before it.
 */
static void test_read_ends_where_the_producer_was(void **state)
{
	struct fake_ring f;
	struct feeder fd = {.seen = {.stop_at = -1}, .f = &f, .more = 100};
	struct ringbuf_reader *r;
	unsigned long end;

	fake_open(&f);
	r = ringbuf_reader__new(f.fd, DATA_BYTES, on_sample_feed, &fd);
	assert_non_null(r);
	fake_record(&f, 16, 1, 0);
	fake_record(&f, 16, 2, 0);
	assert_int_equal(ringbuf_reader__consume(r), 2);
	assert_int_equal(ringbuf_reader__left(r, ringbuf_reader__end(r)), 2 * 24);
	assert_int_equal(ringbuf_reader__consume(r), 2);
	end = ringbuf_reader__end(r);
	assert_int_equal(end, f.prod);
	fake_record(&f, 16, 3, 0);
	fake_record(&f, 16, 4, 0);
	/* the two written before end, and not the ones written after it or meanwhile */
	assert_int_equal(ringbuf_reader__consume_to(r, end), 2);
	assert_int_equal(ringbuf_reader__left(r, end), 0);
	assert_int_equal(consumer_pos(&f), end);
	assert_int_equal(ringbuf_reader__left(r, f.prod), 4 * 24);
	fd.more = 0;
	assert_int_equal(ringbuf_reader__consume(r), 4);
	assert_int_equal(fd.seen.n, 10);
	assert_int_equal(ringbuf_reader__left(r, ringbuf_reader__end(r)), 0);
	ringbuf_reader__free(r);
	fake_close(&f);
}

/* Holds every record it can, and checks that the one held before is whole still. */
struct holder {
	struct ringbuf_reader *r;
	struct fake_ring *f;
	const unsigned char *held;
	size_t held_size;
	int n, refused;
	unsigned long consumer_seen; /* the consumer position as the last record came */
};

static int on_sample_hold(void *ctx, void *data, size_t size)
{
	struct holder *h = ctx;
	const unsigned char *b = data;

	/* the kernel may not write over the one held, nor has it been unmapped */
	h->consumer_seen = consumer_pos(h->f);
	if (h->held) {
		for (size_t k = 0; k < h->held_size; k += 4093)
			assert_int_equal(h->held[k], (unsigned char)(h->held[0] + k));
	}
	for (size_t k = 0; k < size; k += 4093)
		assert_int_equal(b[k], (unsigned char)(b[0] + k));
	h->n++;
	h->held = NULL;
	if (ringbuf_reader__can_hold(h->r)) {
		ringbuf_reader__hold(h->r);
		h->held = b;
		h->held_size = size;
	} else {
		h->refused++;
	}
	return 0;
}

/*
 * A record held stays: the consumer position stays at it and its windows stay mapped until
 * the next record has been handed, round the ring and across its end; one read from the
 * second copy (after another held) cannot be held. left counts it as read.
 */
static void test_held_record_stays(void **state)
{
	struct fake_ring f;
	struct holder h = {.f = &f};
	unsigned long at = 0, prev = 0;

	fake_open(&f);
	h.r = ringbuf_reader__new(f.fd, DATA_BYTES, on_sample_hold, &h);
	assert_non_null(h.r);
	at = fake_record(&f, 100, 1, 0);
	assert_int_equal(ringbuf_reader__consume(h.r), 1);
	assert_int_equal(consumer_pos(&f), at);
	assert_int_equal(ringbuf_reader__left(h.r, f.prod), 0);
	/* records of 600 KiB, more than a window: the one held and the next are windows apart */
	for (int i = 0; i < 40; i++) {
		bool prev_held = h.held;

		prev = at;
		at = fake_record(&f, 600 << 10, (unsigned char)i, 0);
		assert_int_equal(ringbuf_reader__consume(h.r), 1);
		assert_int_equal(h.consumer_seen, prev_held ? prev : at);
		assert_int_equal(consumer_pos(&f), h.held ? at : f.prod);
		assert_true(ringbuf_reader__mapped(h.r) <= RINGBUF_KEPT + 4 * RINGBUF_WINDOW);
	}
	assert_true(f.prod > 2 * DATA_BYTES);
	/* each after one across the end, read from the second copy, was not held */
	assert_true(h.refused >= 2);
	ringbuf_reader__free(h.r);
	fake_close(&f);
}

static void test_corrupt_length_refused(void **state)
{
	struct fake_ring f;
	struct seen s = {.stop_at = -1};
	struct ringbuf_reader *r;

	fake_open(&f);
	r = ringbuf_reader__new(f.fd, DATA_BYTES, on_sample, &s);
	assert_non_null(r);
	fake_word(&f, 0, (uint32_t)DATA_BYTES);
	f.prod = 64;
	*(unsigned long *)(f.file + f.page) = f.prod;
	assert_int_equal(ringbuf_reader__consume(r), -EINVAL);
	assert_int_equal(s.n, 0);
	ringbuf_reader__free(r);
	/* a data area that is no power of two cannot be a ring buffer's */
	assert_null(ringbuf_reader__new(f.fd, 3 * f.page, on_sample, &s));
	fake_close(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_records_in_order),
		cmocka_unit_test(test_busy_record_waits),
		cmocka_unit_test(test_negative_return_takes_record_and_stops),
		cmocka_unit_test(test_wrap_and_windows),
		cmocka_unit_test(test_reader_behind_keeps_every_window),
		cmocka_unit_test(test_reader_behind_on_small_records_maps_by_windows),
		cmocka_unit_test(test_read_ends_where_the_producer_was),
		cmocka_unit_test(test_corrupt_length_refused),
		cmocka_unit_test(test_held_record_stays),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* SPDX-License-Identifier: GPL-2.0 */
/* A reader of a BPF ring buffer that maps only the stretch of its data being read. */
#ifndef BTFTRACE_RINGBUF_H
#define BTFTRACE_RINGBUF_H

#include <stdbool.h>
#include <stddef.h>

/* The most of the data mapped for reading past the kept part, unless one record is larger. */
#define RINGBUF_WINDOW (512UL << 10)
/*
 * The first bytes of the data area, whose windows stay mapped once mapped: with the windows
 * past it, at most 4 MiB of the ring resident (a peak RSS of ~19 MB with the default 8 MiB).
 */
#define RINGBUF_KEPT (3UL << 20)
/*
 * How much stays mapped once the reader has been half the ring behind on records of
 * RINGBUF_KEPT_RECORD bytes or more on average: all of the default 8 MiB (a peak RSS of ~24
 * MB then), and 64 windows of a larger ring. A full trace's records are ~110 bytes; with
 * -s 4096 on 4 KiB reads and writes, ~780.
 */
#define RINGBUF_KEPT_MAX (64 * RINGBUF_WINDOW)
#define RINGBUF_KEPT_RECORD 512
/* a window is RINGBUF_WINDOW or the whole ring: the kept windows fit the reader's 64-bit mask */
_Static_assert(RINGBUF_KEPT_MAX / RINGBUF_WINDOW <= 64, "kept windows fit a 64-bit mask");

/* Each record, as libbpf's ring_buffer hands it; a negative return ends the read. */
typedef int (*ringbuf_fn)(void *ctx, void *data, size_t size);

struct ringbuf_reader;

/*
 * The reader of the ring buffer map fd, whose data area is data_bytes (its max_entries: a
 * power of two, a multiple of the page size). NULL with errno set when it cannot be mapped.
 */
struct ringbuf_reader *ringbuf_reader__new(int map_fd, size_t data_bytes, ringbuf_fn fn, void *ctx);
/*
 * Hands fn the committed records written before the producer's position end, in order: the
 * number handed, or fn's negative return (its record is taken), or a negative errno when the
 * data cannot be mapped. It stops early at a record not committed yet.
 */
int ringbuf_reader__consume_to(struct ringbuf_reader *r, unsigned long end);
/* The same, to where the producer is now: records written meanwhile wait for the next call. */
int ringbuf_reader__consume(struct ringbuf_reader *r);
/*
 * Called by fn: whether the record it is handed can stay where it is (not one read from the
 * second copy of the data, after another held), and then that it does: its memory valid and
 * the kernel kept from writing over it until fn returns for the next record.
 */
bool ringbuf_reader__can_hold(const struct ringbuf_reader *r);
void ringbuf_reader__hold(struct ringbuf_reader *r);
/* The producer's position now: the end of what the kernel has written so far. */
unsigned long ringbuf_reader__end(const struct ringbuf_reader *r);
/* The bytes of records written before end still to be read (a record held is read). */
unsigned long ringbuf_reader__left(const struct ringbuf_reader *r, unsigned long end);
/* The fd to poll(2) for POLLIN: readable when the kernel wakes the reader. */
int ringbuf_reader__fd(const struct ringbuf_reader *r);
/* Bytes of the data area mapped now (for tests: the kept part and a window or two). */
size_t ringbuf_reader__mapped(const struct ringbuf_reader *r);
/* The most bytes of the data mapped at once so far (ringbuf_reader__mapped's peak). */
size_t ringbuf_reader__mapped_max(const struct ringbuf_reader *r);
/* The mmaps of the data area made so far (for tests: the kept windows are mapped once). */
unsigned long ringbuf_reader__maps(const struct ringbuf_reader *r);
void ringbuf_reader__free(struct ringbuf_reader *r);

#endif

// SPDX-License-Identifier: GPL-2.0
/* The io_uring operations in flight, by ring and request: open addressing, linear probing. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "events/uring_table.h"

static size_t slot_of(const struct uring_table *t, const struct bt_uring_key *key)
{
	__u64 h = key->ring ^ (key->id * 0x9e3779b97f4a7c15ULL);

	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 32;
	return h & (t->cap - 1);
}

static bool same_key(const struct bt_uring_key *a, const struct bt_uring_key *b)
{
	return a->ring == b->ring && a->id == b->id;
}

/* The slot holding key, or the free one where it would go. */
static size_t find(const struct uring_table *t, const struct bt_uring_key *key)
{
	size_t i = slot_of(t, key);

	while (t->slots[i] && !same_key(&t->slots[i]->key, key))
		i = (i + 1) & (t->cap - 1);
	return i;
}

/* Empties slot i, moving back the entries after it that their probe would no longer reach. */
static void remove_at(struct uring_table *t, size_t i)
{
	size_t j = i;

	t->slots[i] = NULL;
	t->count--;
	for (;;) {
		size_t home;

		j = (j + 1) & (t->cap - 1);
		if (!t->slots[j])
			return;
		home = slot_of(t, &t->slots[j]->key);
		/* j's entry stays when its home lies cyclically in (i, j] */
		if (i <= j ? (i < home && home <= j) : (i < home || home <= j))
			continue;
		t->slots[i] = t->slots[j];
		t->slots[j] = NULL;
		i = j;
	}
}

static int grow(struct uring_table *t)
{
	size_t cap = t->cap ? 2 * t->cap : 64;
	struct bt_uring_submit_rec **old = t->slots;
	size_t old_cap = t->cap;

	t->slots = calloc(cap, sizeof(*t->slots));
	if (!t->slots) {
		t->slots = old;
		return -ENOMEM;
	}
	t->cap = cap;
	for (size_t i = 0; i < old_cap; i++) {
		if (old[i])
			t->slots[find(t, &old[i]->key)] = old[i];
	}
	free(old);
	return 0;
}

/* The operation submitted first, taken out (the table is full). */
static struct bt_uring_submit_rec *take_oldest(struct uring_table *t)
{
	size_t oldest = t->cap;
	struct bt_uring_submit_rec *rec;

	for (size_t i = 0; i < t->cap; i++) {
		if (t->slots[i] && (oldest == t->cap ||
				    t->slots[i]->enter.hdr.ts < t->slots[oldest]->enter.hdr.ts))
			oldest = i;
	}
	if (oldest == t->cap)
		return NULL;
	rec = t->slots[oldest];
	remove_at(t, oldest);
	return rec;
}

int uring_table__put(struct uring_table *t, const struct bt_uring_submit_rec *rec, size_t size,
		     struct bt_uring_submit_rec **old)
{
	struct bt_uring_submit_rec *copy;
	size_t i;

	*old = NULL;
	if (size < sizeof(*rec))
		return -EINVAL;
	copy = malloc(size);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, rec, size);
	if (t->cap) {
		i = find(t, &rec->key);
		if (t->slots[i]) {
			*old = t->slots[i];
			t->slots[i] = copy;
			return 0;
		}
	}
	if (t->count >= BT_URING_INFLIGHT_MAX)
		*old = take_oldest(t);
	if ((t->count + 1) * 2 > t->cap && grow(t)) {
		free(copy);
		return -ENOMEM;
	}
	t->slots[find(t, &rec->key)] = copy;
	t->count++;
	return 0;
}

struct bt_uring_submit_rec *uring_table__get(const struct uring_table *t,
					     const struct bt_uring_key *key)
{
	return t->cap ? t->slots[find(t, key)] : NULL;
}

struct bt_uring_submit_rec *uring_table__take(struct uring_table *t, const struct bt_uring_key *key)
{
	struct bt_uring_submit_rec *rec;
	size_t i;

	if (!t->cap)
		return NULL;
	i = find(t, key);
	rec = t->slots[i];
	if (rec)
		remove_at(t, i);
	return rec;
}

static int by_time(const void *a, const void *b)
{
	const struct bt_uring_submit_rec *x = *(struct bt_uring_submit_rec *const *)a;
	const struct bt_uring_submit_rec *y = *(struct bt_uring_submit_rec *const *)b;

	return x->enter.hdr.ts < y->enter.hdr.ts ? -1 : x->enter.hdr.ts > y->enter.hdr.ts;
}

struct bt_uring_submit_rec **uring_table__take_all(struct uring_table *t, size_t *n)
{
	struct bt_uring_submit_rec **all;
	size_t k = 0;

	*n = 0;
	if (!t->count)
		return NULL;
	all = malloc(t->count * sizeof(*all));
	if (!all)
		return NULL;
	for (size_t i = 0; i < t->cap; i++) {
		if (t->slots[i])
			all[k++] = t->slots[i];
		t->slots[i] = NULL;
	}
	t->count = 0;
	qsort(all, k, sizeof(*all), by_time);
	*n = k;
	return all;
}

void uring_table__free(struct uring_table *t)
{
	for (size_t i = 0; i < t->cap; i++)
		free(t->slots[i]);
	free(t->slots);
	memset(t, 0, sizeof(*t));
}

// SPDX-License-Identifier: GPL-2.0
/* A set of thread ids: open addressing with linear probing, deletion by shifting back. */
#include <stdlib.h>

#include "events/tid_set.h"

static size_t home(const struct tid_set *s, __u32 tid)
{
	return (tid * 2654435761u) & (s->cap - 1);
}

static size_t slot_of(const struct tid_set *s, __u32 tid)
{
	size_t i = home(s, tid);

	while (s->slots[i] && s->slots[i] != tid)
		i = (i + 1) & (s->cap - 1);
	return i;
}

bool tid_set__has(const struct tid_set *s, __u32 tid)
{
	return tid && s->count && s->slots[slot_of(s, tid)] == tid;
}

bool tid_set__add(struct tid_set *s, __u32 tid)
{
	size_t i;

	if (!tid || tid == s->last)
		return true;
	if (2 * (s->count + 1) > s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 256, old_cap = s->cap;
		__u32 *old = s->slots, *p = calloc(cap, sizeof(*p));

		if (!p)
			return true;
		s->slots = p;
		s->cap = cap;
		for (size_t k = 0; k < old_cap; k++) {
			if (old[k])
				s->slots[slot_of(s, old[k])] = old[k];
		}
		free(old);
	}
	i = slot_of(s, tid);
	if (s->slots[i]) {
		s->last = tid;
		return true;
	}
	s->slots[i] = tid;
	s->count++;
	s->last = tid;
	return false;
}

void tid_set__remove(struct tid_set *s, __u32 tid)
{
	size_t mask, i, j;

	if (tid == s->last)
		s->last = 0;
	if (!tid_set__has(s, tid))
		return;
	mask = s->cap - 1;
	i = slot_of(s, tid);
	s->slots[i] = 0;
	s->count--;
	/* move back each entry that probed past the hole */
	for (j = (i + 1) & mask; s->slots[j]; j = (j + 1) & mask) {
		size_t h = home(s, s->slots[j]);

		if ((j > i && (h <= i || h > j)) || (j < i && h <= i && h > j)) {
			s->slots[i] = s->slots[j];
			s->slots[j] = 0;
			i = j;
		}
	}
}

void tid_set__free(struct tid_set *s)
{
	free(s->slots);
	s->slots = NULL;
	s->cap = s->count = 0;
	s->last = 0;
}

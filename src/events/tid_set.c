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

/* Room for one more: false when there is no memory for it. */
static bool make_room(struct tid_set *s)
{
	size_t cap = s->cap ? 2 * s->cap : 256, old_cap = s->cap, i;
	__u32 *old = s->slots, *p;
	__s32 *old_values = s->values, *v;

	if (2 * (s->count + 1) <= s->cap)
		return true;
	p = calloc(cap, sizeof(*p));
	v = calloc(cap, sizeof(*v));
	if (!p || !v) {
		free(p);
		free(v);
		return false;
	}
	s->slots = p;
	s->values = v;
	s->cap = cap;
	s->last_put = 0;
	for (size_t k = 0; k < old_cap; k++) {
		if (!old[k])
			continue;
		i = slot_of(s, old[k]);
		s->slots[i] = old[k];
		s->values[i] = old_values[k];
	}
	free(old);
	free(old_values);
	return true;
}

bool tid_set__add(struct tid_set *s, __u32 tid)
{
	size_t i;

	if (!tid || tid == s->last)
		return true;
	if (!make_room(s))
		return true;
	i = slot_of(s, tid);
	if (s->slots[i]) {
		s->last = tid;
		return true;
	}
	s->slots[i] = tid;
	s->values[i] = 0;
	s->count++;
	s->last = tid;
	return false;
}

void tid_set__put(struct tid_set *s, __u32 tid, __s32 value)
{
	size_t i;

	/* a thread's records come in runs: its slot again, without a probe */
	if (tid && tid == s->last_put) {
		s->values[s->last_put_slot] = value;
		return;
	}
	if (!tid || !make_room(s))
		return;
	i = slot_of(s, tid);
	if (!s->slots[i]) {
		s->slots[i] = tid;
		s->count++;
	}
	s->values[i] = value;
	s->last_put = tid;
	s->last_put_slot = i;
}

bool tid_set__get(const struct tid_set *s, __u32 tid, __s32 *value)
{
	size_t i;

	if (!tid || !s->count)
		return false;
	i = slot_of(s, tid);
	if (s->slots[i] != tid)
		return false;
	*value = s->values[i];
	return true;
}

void tid_set__remove(struct tid_set *s, __u32 tid)
{
	size_t mask, i, j;

	if (tid == s->last)
		s->last = 0;
	if (!tid_set__has(s, tid))
		return;
	/* the entries after tid may move back */
	s->last_put = 0;
	mask = s->cap - 1;
	i = slot_of(s, tid);
	s->slots[i] = 0;
	s->count--;
	/* move back each entry that probed past the hole */
	for (j = (i + 1) & mask; s->slots[j]; j = (j + 1) & mask) {
		size_t h = home(s, s->slots[j]);

		if ((j > i && (h <= i || h > j)) || (j < i && h <= i && h > j)) {
			s->slots[i] = s->slots[j];
			s->values[i] = s->values[j];
			s->slots[j] = 0;
			i = j;
		}
	}
}

void tid_set__free(struct tid_set *s)
{
	free(s->slots);
	free(s->values);
	s->slots = NULL;
	s->values = NULL;
	s->cap = s->count = 0;
	s->last = 0;
	s->last_put = 0;
}

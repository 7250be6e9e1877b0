/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A set of thread ids: which threads the trace has met, while they live; each with a number
 * (the call it made last).
 */
#ifndef BTFTRACE_TID_SET_H
#define BTFTRACE_TID_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

/* Open addressing; 0 marks a free slot (tid 0 is never traced). Zero-initialised: empty. */
struct tid_set {
	__u32 *slots;
	__s32 *values; /* beside slots: tid_set__put's number */
	size_t cap, count;
	__u32 last;	/* the tid added last, in the set: a thread's records come in runs */
	__u32 last_put; /* the tid tid_set__put found or added last, at slot last_put_slot */
	size_t last_put_slot;
};

/* Adds tid; returns whether it was there already (also when there is no memory to add it). */
bool tid_set__add(struct tid_set *s, __u32 tid);
bool tid_set__has(const struct tid_set *s, __u32 tid);
/* Adds tid with value, or sets the value of tid already there (not when there is no memory). */
void tid_set__put(struct tid_set *s, __u32 tid, __s32 value);
/* Whether tid is in the set, and its value (0 for one added without). */
bool tid_set__get(const struct tid_set *s, __u32 tid, __s32 *value);
void tid_set__remove(struct tid_set *s, __u32 tid);
void tid_set__free(struct tid_set *s);

#endif /* BTFTRACE_TID_SET_H */

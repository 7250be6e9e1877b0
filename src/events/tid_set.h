/* SPDX-License-Identifier: GPL-2.0 */
/* A set of thread ids: which threads the trace has met, while they live. */
#ifndef BTFTRACE_TID_SET_H
#define BTFTRACE_TID_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

/* Open addressing; 0 marks a free slot (tid 0 is never traced). Zero-initialised: empty. */
struct tid_set {
	__u32 *slots;
	size_t cap, count;
	__u32 last; /* the tid added last, in the set: a thread's records come in runs */
};

/* Adds tid; returns whether it was there already (also when there is no memory to add it). */
bool tid_set__add(struct tid_set *s, __u32 tid);
bool tid_set__has(const struct tid_set *s, __u32 tid);
void tid_set__remove(struct tid_set *s, __u32 tid);
void tid_set__free(struct tid_set *s);

#endif /* BTFTRACE_TID_SET_H */

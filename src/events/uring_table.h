/* SPDX-License-Identifier: GPL-2.0 */
/* The io_uring operations submitted and not yet completed, by ring and request (-e io_uring=). */
#ifndef BTFTRACE_URING_TABLE_H
#define BTFTRACE_URING_TABLE_H

#include <stddef.h>
#include "bpf/record.h"

/*
 * Open addressing by key, the records owned (copies). Zero-initialised: empty. Holds at most
 * BT_URING_INFLIGHT_MAX, as many as the collector keeps: a completion lost with the ring
 * buffer full leaves its submission here until newer ones push it out, oldest first.
 */
struct uring_table {
	struct bt_uring_submit_rec **slots;
	size_t cap, count;
};

/*
 * Takes a copy of rec (size bytes, whole). The operation it replaces (the same key: a request
 * whose completion never came) or pushes out (the table full) is handed back, the caller's to
 * free, in *old; NULL when none. Returns 0 or -ENOMEM.
 */
int uring_table__put(struct uring_table *t, const struct bt_uring_submit_rec *rec, size_t size,
		     struct bt_uring_submit_rec **old);
/* The operation of the key, still in the table; or NULL. */
struct bt_uring_submit_rec *uring_table__get(const struct uring_table *t,
					     const struct bt_uring_key *key);
/* Removes the operation of the key and hands it back (the caller's to free); or NULL. */
struct bt_uring_submit_rec *uring_table__take(struct uring_table *t,
					      const struct bt_uring_key *key);
/*
 * Tracing's end: empties the table, handing back its operations in the order they were
 * submitted, an array of *n (the array and the records the caller's to free); NULL when empty
 * (or out of memory: the records stay, for uring_table__free).
 */
struct bt_uring_submit_rec **uring_table__take_all(struct uring_table *t, size_t *n);
void uring_table__free(struct uring_table *t);

#endif /* BTFTRACE_URING_TABLE_H */

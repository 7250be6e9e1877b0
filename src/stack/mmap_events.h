/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's own account of what processes map, fork and exec (perf's PERF_RECORD_MMAP2,
 * FORK, COMM with exec, EXIT, from one software dummy event per CPU), so that -k knows the
 * maps a stack was taken in even when the process is gone before its lines are shown.
 */
#ifndef BTFTRACE_MMAP_EVENTS_H
#define BTFTRACE_MMAP_EVENTS_H

#include "stack/proc_maps.h"

struct mmap_events;

/*
 * Opens the events on every CPU. Returns 0 or -errno (perf_event_open refused: no
 * CAP_PERFMON, kernel.perf_event_paranoid): the caller then reads /proc/PID/maps only.
 */
int mmap_events__open(struct mmap_events **out, int ncpus);
void mmap_events__free(struct mmap_events *me);
/*
 * Hands every event the kernel has written since the last call to pm, in time order.
 * Returns the events handled, or -errno.
 */
int mmap_events__drain(struct mmap_events *me, struct proc_maps *pm);
/* Events the kernel lost for want of room (PERF_RECORD_LOST): maps may be missing. */
unsigned long long mmap_events__lost(const struct mmap_events *me);

#endif /* BTFTRACE_MMAP_EVENTS_H */

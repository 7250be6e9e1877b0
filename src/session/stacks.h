/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -k and --kernel-stack in a session: which calls get stacks, the unwinder with the process
 * maps it follows, and the start-up probe of the kernel frames to skip. Kept apart from
 * session.c's set-up, read loop and report, which call these at their steps.
 */
#ifndef BTFTRACE_SESSION_STACKS_H
#define BTFTRACE_SESSION_STACKS_H

#include <stdbool.h>
#include "collector/collector.h"
#include "events/events.h"
#include "stack/stack.h"

/* Whether the options ask for stacks at all. */
static inline bool stacks_wanted(const struct stack_opts *o)
{
	return o->mode != BT_STACK_NONE || o->kernel;
}

/* The collector's knobs for the stacks asked for. */
void stacks_collector_opts(const struct stack_opts *o, struct collector_opts *co);
/* Every syscall traced gets stacks: BT_SC_STACK beside BT_SC_SELECTED. */
void stacks_select(struct bt_syscall_rules *rules);
/*
 * The unwinder, with the kernel's symbols for --kernel-stack. Returns NULL after saying why
 * on stderr (btftrace then exits with status 2).
 */
struct stack_unwinder *stacks_open(const struct stack_opts *o);
/*
 * Follows the processes' mmap, fork and exec events, before any traced process runs. Without
 * them (perf events refused), maps come from /proc, read as stacks need them: -d says so.
 */
void stacks_watch(struct stack_unwinder *u, int ncpus, bool debug);
/* A process btftrace traces from the start (the command, -p's): its maps are kept. */
void stacks_track(struct stack_unwinder *u, __u32 pid);
/*
 * --kernel-stack, once the programs are attached: finds how many leading kernel frames are
 * BPF's and has the collector skip them. Returns 0, or -errno after saying why.
 */
int stacks_probe_kernel(struct stack_unwinder *u, struct collector *c, bool debug);
/* After a call or event was shown: a process that ended takes its maps with it. */
void stacks_after_call(struct stack_unwinder *u, const struct call *call);

#endif /* BTFTRACE_SESSION_STACKS_H */

// SPDX-License-Identifier: GPL-2.0
/* -k and --kernel-stack in a session (stacks.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "session/stacks.h"

void stacks_collector_opts(const struct stack_opts *o, struct collector_opts *co)
{
	unsigned int limit = o->frame_limit ? o->frame_limit : STACK_FRAME_LIMIT_DEFAULT;

	co->stack_mode = o->mode;
	co->stack_copy_bytes = o->copy_bytes ? o->copy_bytes : BT_STACK_COPY_DEFAULT;
	co->stack_kernel_frames = !o->kernel			? 0
				  : limit < BT_STACK_FRAMES_MAX ? limit
								: BT_STACK_FRAMES_MAX;
}

void stacks_select(struct bt_syscall_rules *rules)
{
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (rules[nr].flags & BT_SC_SELECTED)
			rules[nr].flags |= BT_SC_STACK;
	}
}

struct stack_unwinder *stacks_open(const struct stack_opts *o)
{
	struct stack_unwinder *u = stack_unwinder__new(o);
	int err;

	if (!u) {
		fprintf(stderr, "btftrace: cannot set up the stack unwinder: %s\n",
			strerror(ENOMEM));
		return NULL;
	}
	if (!o->kernel)
		return u;
	/* read whole once the programs are loaded, so that their frames can be named */
	err = kallsyms__check(NULL);
	if (err == -EPERM) {
		fprintf(stderr,
			"btftrace: --kernel-stack needs the kernel's addresses in /proc/kallsyms, "
			"which show as 0 here: run as root (CAP_SYSLOG), or set "
			"kernel.kptr_restrict to 0\n");
	} else if (err) {
		fprintf(stderr, "btftrace: --kernel-stack cannot read /proc/kallsyms (%s)\n",
			strerror(-err));
	}
	if (err) {
		stack_unwinder__free(u);
		return NULL;
	}
	return u;
}

void stacks_watch(struct stack_unwinder *u, int ncpus, bool debug)
{
	int err;

	if (!stack_unwinder__maps(u))
		return;
	err = stack_unwinder__watch_mmaps(u, ncpus);
	if (debug)
		fprintf(stderr, "btftrace: stacks: process maps from %s\n",
			err ? "/proc/PID/maps only (perf events refused)"
			    : "the kernel's mmap, fork and exec events, and /proc/PID/maps");
	if (err && debug)
		fprintf(stderr, "btftrace: stacks: perf_event_open: %s\n", strerror(-err));
}

void stacks_track(struct stack_unwinder *u, __u32 pid)
{
	proc_maps__track(stack_unwinder__maps(u), pid);
}

/* -d: the probe's stack, and where the call's own frames begin. */
static void print_probe(const struct kallsyms *ks, const char *where, const __u64 *frames, int n,
			__u32 skip, const char *first)
{
	fprintf(stderr, "btftrace: stacks: %u of %d kernel frames at %s are BPF's, skipped:", skip,
		n, where);
	for (__u32 i = 0; i < skip && (int)i < n; i++) {
		const struct ksym *sym = ks ? kallsyms__find(ks, frames[i]) : NULL;

		fprintf(stderr, " %s", sym ? sym->name : "?");
	}
	fprintf(stderr, "; the first kept: %s\n", first ? first : "?");
}

int stacks_probe_kernel(struct stack_unwinder *u, struct collector *c, bool debug)
{
	static const char *const where[2] = {"sys_enter", "sys_exit"};
	__u64 frames[2][BT_STACK_FRAMES_MAX];
	struct collector_prog_range pr[64];
	struct stack_code_range ranges[64];
	int n[2], nranges, err;
	__u32 skip[2];

	err = stack_unwinder__load_kallsyms(u, NULL);
	if (err) {
		fprintf(stderr, "btftrace: --kernel-stack cannot read /proc/kallsyms (%s)\n",
			strerror(-err));
		return err;
	}
	err = collector__probe_kernel_stack(c, frames, n);
	if (err) {
		fprintf(stderr,
			"btftrace: --kernel-stack: cannot take the probe's kernel stack (%s): run "
			"with -d to see libbpf's messages\n",
			strerror(-err));
		return err;
	}
	nranges = collector__prog_ranges(c, pr, 64);
	for (int i = 0; i < nranges; i++) {
		ranges[i].start = pr[i].start;
		ranges[i].end = pr[i].end;
	}
	if (nranges < 0)
		nranges = 0;
	for (int i = 0; i < 2; i++) {
		const char *first;

		skip[i] = stack_count_bpf_frames(stack_unwinder__kallsyms(u), ranges, nranges,
						 frames[i], n[i], &first);
		if (debug)
			print_probe(stack_unwinder__kallsyms(u), where[i], frames[i], n[i], skip[i],
				    first);
	}
	collector__set_kernel_stack_skip(c, skip);
	stack_unwinder__set_kernel_skip(u, skip);
	return 0;
}

void stacks_after_call(struct stack_unwinder *u, const struct call *call)
{
	const struct bt_task_exit_rec *rec = (const void *)call->event;

	if (call->state == CALL_EVENT && call->event->type == BT_REC_TASK_EXIT && rec->group_dead &&
	    !rec->superseded)
		stack_unwinder__process_gone(u, call->event->tgid);
}

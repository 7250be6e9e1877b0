/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -k and --kernel-stack in user space: a call's stack record (struct bt_stack_rec) into frames
 * with their objects, symbols and source lines. User stacks are unwound with DWARF CFI by
 * elfutils' libdw over the registers and the stack copy the kernel took (or taken as the
 * kernel walked them, fp mode), in the maps the process had then (proc_maps.h); kernel
 * frames are named through /proc/kallsyms.
 */
#ifndef BTFTRACE_STACK_H
#define BTFTRACE_STACK_H

#include <stdbool.h>
#include <stddef.h>
#include "bpf/record.h"
#include "stack/kallsyms.h"
#include "stack/proc_maps.h"

/* strace's default for --stack-trace-frame-limit */
#define STACK_FRAME_LIMIT_DEFAULT 256

struct stack_opts {
	enum bt_stack_mode mode; /* of user stacks; BT_STACK_NONE: none */
	bool source_lines;	 /* -kk: file:line where debug info has them */
	unsigned int frame_limit;
	bool kernel;	  /* --kernel-stack */
	__u32 copy_bytes; /* --stack-trace-size: of the user stack, DWARF mode */
	bool track_all;	  /* -a: every process's maps are worth keeping */
	bool follow;	  /* -f: and the children of those tracked */
};

struct stack_frame {
	__u64 addr;	      /* the address: the call's next instruction, or a return address */
	__u64 rel;	      /* the same in the object's own addresses: strace's [0x...] */
	const char *object;   /* the file, "[kernel.kallsyms]" or "[module]"; NULL: unknown */
	const char *build_id; /* hex, NULL when the object has none (or is unknown) */
	const char *symbol;   /* NULL: none found */
	__u64 offset;	      /* from the symbol */
	const char *file;     /* source file (-kk), NULL when not known */
	int line;
};

/* Why a user stack shows fewer frames than the call had. */
enum stack_stop {
	STACK_STOP_NONE = 0,
	STACK_STOP_COPY,    /* the stack copy ended: --stack-trace-size */
	STACK_STOP_LIMIT,   /* --stack-trace-frame-limit */
	STACK_STOP_NO_MAPS, /* the process's maps were not known (it was gone) */
	STACK_STOP_ERROR,   /* libdw could not go on: error says why */
};

struct stack_trace {
	enum bt_stack_mode mode;
	bool has_user, has_kernel;
	const struct stack_frame *user;
	unsigned int nuser;
	const struct stack_frame *kernel;
	unsigned int nkernel;
	enum stack_stop stop;
	const char *error;
	__u32 copy_bytes; /* STACK_STOP_COPY: the copy's size */
};

struct stack_unwinder;

struct stack_unwinder *stack_unwinder__new(const struct stack_opts *o);
void stack_unwinder__free(struct stack_unwinder *u);
/* Its process maps, for the session to name the processes it traces and for tests. */
struct proc_maps *stack_unwinder__maps(struct stack_unwinder *u);
/*
 * Follows the kernel's mmap, fork and exec events from now on (mmap_events.h). Returns 0,
 * or -errno when perf events are refused: maps then come from /proc alone.
 */
int stack_unwinder__watch_mmaps(struct stack_unwinder *u, int ncpus);
/* Takes in the mmap events the kernel has written; cheap when there are none. */
void stack_unwinder__poll(struct stack_unwinder *u);
/* --kernel-stack: reads the kernel's symbols (path NULL: /proc/kallsyms). */
int stack_unwinder__load_kallsyms(struct stack_unwinder *u, const char *path);
const struct kallsyms *stack_unwinder__kallsyms(const struct stack_unwinder *u);
/* The kernel frames the collector was found to need skipped, at sys_enter and sys_exit. */
void stack_unwinder__set_kernel_skip(struct stack_unwinder *u, const __u32 skip[2]);
/*
 * Unwinds and names the frames of one stack record of size bytes. The trace is valid until
 * the next call. Returns 0, or -EINVAL for a malformed record.
 */
int stack_unwinder__resolve(struct stack_unwinder *u, const struct bt_stack_rec *rec, size_t size,
			    struct stack_trace *out);
/* The process's last line was shown: its maps and unwinding state go. */
void stack_unwinder__process_gone(struct stack_unwinder *u, __u32 pid);

/* An address range of code: one of the collector's programs. */
struct stack_code_range {
	__u64 start, end;
};

/*
 * --kernel-stack's probe: of a kernel stack taken without skipping, the leading frames that
 * are BPF's (in one of the programs' ranges, a BPF program's symbol, or the tracepoint's
 * dispatch to BPF: bpf_trace_run*, __bpf_trace_*, __traceiter_*), which say nothing about
 * the call. Returns their count; names (when not NULL) gets the first non-BPF frame's symbol.
 */
int stack_count_bpf_frames(const struct kallsyms *ks, const struct stack_code_range *ranges,
			   int nranges, const __u64 *frames, int n, const char **first);

#endif /* BTFTRACE_STACK_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -k and --kernel-stack in the kernel: the stack record (struct bt_stack_rec) that follows the
 * enter record of a call selected for stacks. Included by syscalls.bpf.c only, whose programs
 * take the stacks: its knobs, map and probe state are defined here, in that unit, and inlined
 * into the programs, so that the kernel stacks they take have the same BPF frames as the
 * start-up probe's.
 */
#ifndef BTFTRACE_BPF_STACK_H
#define BTFTRACE_BPF_STACK_H

#include "state.bpf.h"
#include "records.bpf.h"

/* Knobs fixed between open and load; every one of them off costs the collector nothing. */
const volatile __u8 stack_user_mode = BT_STACK_NONE;	       /* enum bt_stack_mode */
const volatile __u32 stack_copy_bytes = BT_STACK_COPY_DEFAULT; /* DWARF: a multiple of 8 */
const volatile __u32 stack_user_frames = BT_STACK_FRAMES_MAX;  /* fp: frames at most */
const volatile __u32 stack_kernel_frames = 0; /* --kernel-stack: frames at most; 0 none */

/*
 * bpf_get_stack's kernel stack starts in this program and in the tracepoint's dispatch to it,
 * frames that say nothing about the call. How many come first depends on the kernel, its
 * configuration and the program type, so it is found at start-up, not assumed: user space
 * writes its own thread id to kstack_probe_tid and makes one syscall, whose enter and exit
 * store their whole kernel stacks in kstack_probe; it finds the first frame that is not
 * BPF's and writes the counts to skip to kstack_skip. Until then (a process traced from
 * attach on can make calls first) stacks are taken with what kstack_skip held, which each
 * record carries, and user space drops the rest.
 */
__u32 kstack_probe_tid = 0;
__s32 kstack_probe_len[2] = {}; /* [0] sys_enter, [1] sys_exit: bytes, or an error */
__u64 kstack_probe[2][BT_STACK_FRAMES_MAX] = {};
__u32 kstack_skip[2] = {};

#define STACK_PAGE 4096
/* Where the user part starts; the copy's last page read may go a page beyond its size. */
#define STACK_USER_OFF sizeof(struct bt_stack_rec)
#define STACK_AREA_NEEDED \
	(STACK_USER_OFF + BT_STACK_COPY_MAX + STACK_PAGE + BT_STACK_FRAMES_MAX * 8 + 8)
/* put_record() bounds what it sends by the scratch area's size: this area has as much */
#define STACK_AREA_SIZE BT_SCRATCH_SIZE
_Static_assert(STACK_AREA_NEEDED <= STACK_AREA_SIZE, "the stack area holds a whole record");

/* Per-CPU: the stack record being built. Below the 32 KiB a per-CPU value may have. */
struct stack_area {
	char buf[STACK_AREA_SIZE];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct stack_area);
} stack_area_map SEC(".maps");

static __always_inline struct stack_area *stack_area(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&stack_area_map, &zero);
}

/*
 * Copies stack_copy_bytes of user stack from sp on into the area, a page at a time: the
 * stack's top is somewhere above sp, and a read that crosses into an unmapped page fails
 * whole. Returns the bytes copied. Inlined, not a global function: a global one is verified
 * even where no program calls it, and without -k its map is not created.
 */
static __always_inline __u32 stack_copy_user(struct stack_area *a, __u64 sp)
{
	__u64 got = 0, n, off, at;

	if (!sp)
		return 0;
	for (int k = 0; k <= BT_STACK_COPY_MAX / STACK_PAGE; k++) {
		if (got >= stack_copy_bytes)
			break;
		at = sp + got;
		n = STACK_PAGE - (at & (STACK_PAGE - 1));
		if (n > stack_copy_bytes - got)
			n = stack_copy_bytes - got;
		/*
		 * got < stack_copy_bytes <= BT_STACK_COPY_MAX and n <= STACK_PAGE: masks that
		 * change nothing, in asm so that the verifier sees the bounds on the very
		 * registers the helper gets (64-bit: no zero-extended copy in between).
		 */
		off = got;
		asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_STACK_COPY_MAX - 1));
		asm volatile("%0 &= %1" : "+r"(n) : "i"(2 * STACK_PAGE - 1));
		barrier_var(n);
		if (n > STACK_PAGE || !n)
			break;
		if (bpf_probe_read_user(a->buf + STACK_USER_OFF + off, n, (void *)at))
			break;
		got += n;
	}
	return got;
}

/* The user registers at the call, in DWARF's order (BT_STACK_REGS). */
static __always_inline void read_user_regs(struct pt_regs *regs, __u64 *out, const bool typed)
{
	if (typed) {
		out[0] = regs->ax;
		out[1] = regs->dx;
		out[2] = regs->cx;
		out[3] = regs->bx;
		out[4] = regs->si;
		out[5] = regs->di;
		out[6] = regs->bp;
		out[7] = regs->sp;
		out[8] = regs->r8;
		out[9] = regs->r9;
		out[10] = regs->r10;
		out[11] = regs->r11;
		out[12] = regs->r12;
		out[13] = regs->r13;
		out[14] = regs->r14;
		out[15] = regs->r15;
		out[16] = regs->ip;
		return;
	}
	out[0] = BPF_CORE_READ(regs, ax);
	out[1] = BPF_CORE_READ(regs, dx);
	out[2] = BPF_CORE_READ(regs, cx);
	out[3] = BPF_CORE_READ(regs, bx);
	out[4] = BPF_CORE_READ(regs, si);
	out[5] = BPF_CORE_READ(regs, di);
	out[6] = BPF_CORE_READ(regs, bp);
	out[7] = BPF_CORE_READ(regs, sp);
	out[8] = BPF_CORE_READ(regs, r8);
	out[9] = BPF_CORE_READ(regs, r9);
	out[10] = BPF_CORE_READ(regs, r10);
	out[11] = BPF_CORE_READ(regs, r11);
	out[12] = BPF_CORE_READ(regs, r12);
	out[13] = BPF_CORE_READ(regs, r13);
	out[14] = BPF_CORE_READ(regs, r14);
	out[15] = BPF_CORE_READ(regs, r15);
	out[16] = BPF_CORE_READ(regs, ip);
}

/*
 * The start-up probe (kstack_probe_tid): btftrace's own syscall, its kernel stack unskipped.
 * Inlined into the program like emit_stack(), so that its frames are the same.
 */
static __always_inline void kstack_take_probe(void *ctx, __u32 tid, const bool at_exit)
{
	if (!stack_kernel_frames || kstack_probe_tid != tid)
		return;
	if (at_exit) {
		kstack_probe_len[1] =
			bpf_get_stack(ctx, kstack_probe[1], sizeof(kstack_probe[1]), 0);
		kstack_probe_tid = 0;
	} else {
		kstack_probe_len[0] =
			bpf_get_stack(ctx, kstack_probe[0], sizeof(kstack_probe[0]), 0);
	}
}

/*
 * Builds and sends the stack record of the call the thread is in, after its enter record:
 * the user part as stack_user_mode says, then the kernel frames. at_exit: the enter record
 * was sent at sys_exit (a filter that reads the result, or -P waiting for a path, decided
 * there; or -e inject= answered the call, which never entered); the user registers and frames
 * are still the call's, the kernel stack is the exit's. An i386 call (int $0x80, a 32-bit
 * process) has no user part.
 */
static __always_inline void emit_stack(void *ctx, struct pt_regs *regs, const bool typed, bool i386,
				       __u32 tgid, __u32 tid, long nr, const bool at_exit)
{
	struct stack_area *a = stack_area();
	struct bt_stack_rec *rec;
	__u32 user = 0, kernel = 0, flags = 0, skip, off;
	long got;

	if (!a)
		return;
	rec = (void *)a->buf;
	rec->hdr.type = BT_REC_STACK;
	rec->hdr.ncaps = 0;
	/* always timed: process maps are looked up as they were at this moment */
	rec->hdr.ts = bpf_ktime_get_ns();
	rec->hdr.tgid = tgid;
	rec->hdr.tid = tid;
	rec->hdr.nr = nr;
	rec->hdr.cpu = bpf_get_smp_processor_id();
	rec->mode = stack_user_mode;
	rec->pad[0] = rec->pad[1] = rec->pad[2] = 0;
	rec->pad2 = 0;
	rec->kernel_skip = 0;
	/* an i386 call's registers and stack are a 32-bit process's: no DWARF of x86_64 fits */
	if (i386) {
		__builtin_memset(rec->regs, 0, sizeof(rec->regs));
	} else if (stack_user_mode == BT_STACK_DWARF) {
		read_user_regs(regs, rec->regs, typed);
		user = stack_copy_user(a, rec->regs[BT_STACK_REG_SP]);
		if (user < stack_copy_bytes)
			flags |= BT_STACK_COPY_SHORT;
		flags |= BT_STACK_HAS_USER;
	} else if (stack_user_mode == BT_STACK_FP) {
		__builtin_memset(rec->regs, 0, sizeof(rec->regs));
		got = bpf_get_stack(ctx, a->buf + STACK_USER_OFF, stack_user_frames * 8,
				    BPF_F_USER_STACK);
		user = got > 0 ? got : 0;
		flags |= BT_STACK_HAS_USER;
	}
	user = BT_ALIGN8(user);
	asm volatile("%0 &= %1" : "+r"(user) : "i"(BT_STACK_COPY_MAX * 2 - 1));
	if (user > BT_STACK_COPY_MAX)
		user = 0;
	if (stack_kernel_frames) {
		skip = kstack_skip[at_exit ? 1 : 0] & BPF_F_SKIP_FIELD_MASK;
		off = STACK_USER_OFF + user;
		got = bpf_get_stack(ctx, a->buf + off, stack_kernel_frames * 8, skip);
		kernel = got > 0 ? got : 0;
		rec->kernel_skip = skip;
		flags |= BT_STACK_HAS_KERNEL;
	}
	if (at_exit)
		flags |= BT_STACK_AT_EXIT;
	rec->flags = flags;
	rec->user_len = user;
	rec->kernel_len = kernel;
	rec->hdr.size = STACK_USER_OFF + user + kernel;
	if (put_record(rec, rec->hdr.size, KIND_STACK))
		count_loss(KIND_STACK);
}

#endif /* BTFTRACE_BPF_STACK_H */

/* SPDX-License-Identifier: GPL-2.0 */
/* The --filter program shared by the collector and user space: its layout and its one evaluator. */
#ifndef BTFTRACE_FILTER_PROG_H
#define BTFTRACE_FILTER_PROG_H

#include "record.h"

/*
 * The --filter program: terms compiled in user space (src/filter/expr_compile.c),
 * run by one fixed loop in the collector (bt_filter_run below). Each
 * instruction compares one field of the call with a constant and jumps
 * forward to the next instruction, or to accept or reject, by the outcome:
 * && and || become jumps, ! swaps them, so no stack is needed and the loop
 * runs at most once per instruction.
 */
#define BT_FILTER_MAX_INSNS 32 /* comparisons in one program (comm == counts 2) */
#define BT_FILTER_MAX_NAMES 4  /* distinct argument names (fd, count...) in one program */
#define BT_FILTER_ACCEPT 0xfe  /* jump targets beyond the program */
#define BT_FILTER_REJECT 0xff

/* The call's values a program reads, as indexes into struct bt_filter_input's v[]. */
enum bt_filter_field {
	BT_FF_PID = 0, /* the process (tgid) */
	BT_FF_TID,
	BT_FF_PPID,
	BT_FF_UID,
	BT_FF_GID,
	BT_FF_SYSCALL,
	BT_FF_COMM_LO, /* bytes 0..7 of the thread's comm, NUL-padded, little-endian */
	BT_FF_COMM_HI, /* bytes 8..15 */
	BT_FF_CGROUP,  /* the id of the task's cgroup v2 ancestor at filter's cgroup level */
	BT_FF_ARG0,    /* raw registers arg0..arg5 */
	BT_FF_NAMED0 = BT_FF_ARG0 + BT_MAX_ARGS, /* named arguments, as each syscall places them */
	BT_FF_RET =
		BT_FF_NAMED0 + BT_FILTER_MAX_NAMES, /* known at sys_exit only, as the next two */
	BT_FF_ERRNO,				    /* -ret for a failed call, else 0 */
	BT_FF_DURATION,				    /* ns from sys_enter to sys_exit */
	BT_FF_COUNT,
};

#define BT_FF_SLOTS 32 /* v[] size: a power of two above BT_FF_COUNT, for a mask */
/*
 * No field: in a tracepoint's run (BT_PHASE_EVENT), bit k says the event's entry has the k-th
 * argument name, whose slot BT_FF_NAMED0 + k holds its field then: the terms on it are known.
 */
#define BT_FF_NAMED_KNOWN (BT_FF_SLOTS - 1)
_Static_assert(BT_FF_COUNT <= BT_FF_NAMED_KNOWN, "a field in the slot of the named mask");
_Static_assert(BT_FILTER_MAX_NAMES == BT_EVENT_FILTER_NAMES, "events' filter slots");

enum bt_filter_op {
	BT_FOP_EQ = 0,
	BT_FOP_NE,
	BT_FOP_LT, /* signed 64-bit comparisons, unless BT_FI_UNSIGNED */
	BT_FOP_LE,
	BT_FOP_GT,
	BT_FOP_GE,
	BT_FOP_AND, /* bit test: true when field & val is nonzero */
};

/* Flags of an instruction. */
#define BT_FI_EXIT (1U << 0)	 /* reads ret, errno or duration: unknown at sys_enter */
#define BT_FI_POSITIVE (1U << 1) /* under an even number of '!': true is the way to accept */
#define BT_FI_UNSIGNED (1U << 2) /* compare as unsigned (raw arg0..arg5) */
#define BT_FI_CALL (1U << 3)	 /* reads the call (syscall, arguments): unknown for an event */

struct bt_filter_insn {
	__u8 field; /* enum bt_filter_field */
	__u8 op;    /* enum bt_filter_op */
	__u8 jt;    /* next instruction when true, or BT_FILTER_ACCEPT/REJECT */
	__u8 jf;    /* when false */
	__u8 flags; /* BT_FI_* */
	__u8 pad[3];
	__u64 val;
};

/* What bt_filter_prog.uses says the collector must fetch before running it. */
#define BT_FU_COMM (1U << 0)
#define BT_FU_PPID (1U << 1)
#define BT_FU_CGROUP (1U << 2)
#define BT_FU_NAMED (1U << 3)

/* The single value of the filter_prog map. */
struct bt_filter_prog {
	__u32 len;	    /* instructions used */
	__u32 uses;	    /* BT_FU_* */
	__u32 cgroup_level; /* BT_FF_CGROUP: depth of the cgroup below the cgroup v2 root */
	__u32 pad;
	struct bt_filter_insn insns[BT_FILTER_MAX_INSNS];
};

/*
 * Per syscall (filter_args map, by number): where each named argument of the
 * program is, and how to widen it from its C type to 64 bits.
 */
enum bt_filter_cast {
	BT_CAST_U64 = 0,
	BT_CAST_S32,
	BT_CAST_U32,
	BT_CAST_U16,
	BT_CAST_U8,
	BT_CAST_S16,
	BT_CAST_S8,
};

struct bt_filter_args {
	__u8 index[BT_FILTER_MAX_NAMES]; /* argument index 0..5 */
	__u8 cast[BT_FILTER_MAX_NAMES];	 /* enum bt_filter_cast */
};

/* The values one run of the program reads. */
struct bt_filter_input {
	__u64 v[BT_FF_SLOTS];
};

/* How bt_filter_run treats instructions that read the result (BT_FI_EXIT). */
enum bt_filter_phase {
	BT_PHASE_EXIT = 0,	  /* everything is known */
	BT_PHASE_ENTER_MAYBE = 1, /* unknown: as if true where that helps to accept */
	BT_PHASE_ENTER_SURE = 2,  /* unknown: as if false where that helps to accept */
	BT_PHASE_EVENT = 3,	  /* a signal or an exit: the call is unknown too, as MAYBE */
};

/* A named argument's value widened from its C type, as C would. */
static inline __u64 bt_filter_cast(__u64 v, __u32 cast)
{
	switch (cast) {
	case BT_CAST_S32:
		return (__u64)(__s64)(__s32)v;
	case BT_CAST_U32:
		return (__u32)v;
	case BT_CAST_U16:
		return (__u16)v;
	case BT_CAST_U8:
		return (__u8)v;
	case BT_CAST_S16:
		return (__u64)(__s64)(__s16)v;
	case BT_CAST_S8:
		return (__u64)(__s64)(__s8)v;
	default:
		return v;
	}
}

/*
 * Masks an index for the verifier, in asm so that the compiler cannot drop
 * a mask it can prove useless: the verifier needs the bound on the very
 * register used for the access.
 */
#ifdef __bpf__
#define bt_filter_mask(x, m) asm volatile("%0 &= %1" : "+r"(x) : "i"(m))
#else
#define bt_filter_mask(x, m) ((x) &= (m))
#endif

/*
 * Runs prog on in: 1 accept, 0 reject. Before the result is known, the
 * terms that read it are taken as true or false, whichever helps to accept
 * (BT_PHASE_ENTER_MAYBE: could the call pass?) or to reject (SURE: must it
 * pass?); for a signal or an exit line (BT_PHASE_EVENT), the terms about
 * the call too, as in MAYBE: such a line is shown when some call of its
 * thread could pass; a tracepoint's terms on the argument names its entry has
 * (BT_FF_NAMED_KNOWN) are known, and decide. The one evaluator, compiled into the
 * collector and into user space (tests, fuzzer), so both agree by
 * construction. Jumps go forward only, so the loop ends within
 * BT_FILTER_MAX_INSNS steps; indexes are masked for the verifier.
 */
static inline int bt_filter_run(const struct bt_filter_prog *prog, const struct bt_filter_input *in,
				__u32 phase)
{
	__u32 pc = 0, unknown = phase == BT_PHASE_EXIT ? 0 : BT_FI_EXIT;
	__u64 known = phase == BT_PHASE_EVENT ? in->v[BT_FF_NAMED_KNOWN] : 0;

	if (phase == BT_PHASE_EVENT)
		unknown |= BT_FI_CALL;

	for (int step = 0; step < BT_FILTER_MAX_INSNS; step++) {
		const struct bt_filter_insn *insn;
		__u32 idx = pc, field, named;
		__u64 v, c;
		int t;

		if (pc >= prog->len || pc >= BT_FILTER_MAX_INSNS)
			break;
		bt_filter_mask(idx, BT_FILTER_MAX_INSNS - 1);
		insn = &prog->insns[idx];
		named = (__u32)insn->field - BT_FF_NAMED0;
		if ((insn->flags & unknown) &&
		    !(named < BT_FILTER_MAX_NAMES && ((known >> named) & 1))) {
			t = !!(insn->flags & BT_FI_POSITIVE) ^ (phase == BT_PHASE_ENTER_SURE);
		} else {
			field = insn->field;
			bt_filter_mask(field, BT_FF_SLOTS - 1);
			v = in->v[field];
			c = insn->val;
			switch (insn->op) {
			case BT_FOP_EQ:
				t = v == c;
				break;
			case BT_FOP_NE:
				t = v != c;
				break;
			case BT_FOP_LT:
				t = insn->flags & BT_FI_UNSIGNED ? v < c : (__s64)v < (__s64)c;
				break;
			case BT_FOP_LE:
				t = insn->flags & BT_FI_UNSIGNED ? v <= c : (__s64)v <= (__s64)c;
				break;
			case BT_FOP_GT:
				t = insn->flags & BT_FI_UNSIGNED ? v > c : (__s64)v > (__s64)c;
				break;
			case BT_FOP_GE:
				t = insn->flags & BT_FI_UNSIGNED ? v >= c : (__s64)v >= (__s64)c;
				break;
			default:
				t = (v & c) != 0;
				break;
			}
		}
		pc = t ? insn->jt : insn->jf;
	}
	return pc == BT_FILTER_ACCEPT;
}

#endif /* BTFTRACE_FILTER_PROG_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * Processes and threads: futex's val..val3 by operation, wait4's status word (exit code,
 * signal and core flag packed in an int), a CPU mask's bits.
 * The kernel declares all of these unsigned long, int or unsigned long *: their meaning is in
 * the code, not in BTF.
 */
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <asm/prctl.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/futex.h>
#include <linux/kcmp.h>
#include <linux/kexec.h>
#include <linux/personality.h>
#include <linux/ptrace.h>
#include <linux/reboot.h>
#include <linux/sched.h>

#include "decode/bpf_insns.h"
#include "decode/decode.h"
#include "decode/fd_paths.h"
#include "decode/hand.h"
#include "xlat_tables.h"

/* futex's arguments: uaddr, op, then these, each used by some operations only. */
#define FUTEX_STRACE_CMD_BITS 127
enum { FUTEX_ARG_VAL = 2, FUTEX_ARG_UTIME, FUTEX_ARG_UADDR2, FUTEX_ARG_VAL3 };

/* What an operation makes of utime and val3, as strace prints them. */
enum futex_use {
	FU_VAL = 1 << 0,     /* val */
	FU_TIMEOUT = 1 << 1, /* utime, a timeout */
	FU_VAL2 = 1 << 2,    /* utime, a number: how many waiters to requeue */
	FU_UADDR2 = 1 << 3,  /* uaddr2 */
	FU_VAL3 = 1 << 4,    /* val3, a number: the value uaddr must hold */
	FU_BITSET = 1 << 5,  /* val3, a bitset: FUTEX_BITSET_MATCH_ANY */
	FU_WAKE_OP = 1 << 6, /* val3, FUTEX_OP(op, oparg, cmp, cmparg) */
};

/* clang-format off */
static const unsigned char futex_uses[] = {
	[FUTEX_WAIT] = FU_VAL | FU_TIMEOUT,
	[FUTEX_WAKE] = FU_VAL,
	[FUTEX_FD] = FU_VAL,
	[FUTEX_REQUEUE] = FU_VAL | FU_VAL2 | FU_UADDR2,
	[FUTEX_CMP_REQUEUE] = FU_VAL | FU_VAL2 | FU_UADDR2 | FU_VAL3,
	[FUTEX_WAKE_OP] = FU_VAL | FU_VAL2 | FU_UADDR2 | FU_WAKE_OP,
	[FUTEX_LOCK_PI] = FU_TIMEOUT,
	[FUTEX_UNLOCK_PI] = 0,
	[FUTEX_TRYLOCK_PI] = 0,
	[FUTEX_WAIT_BITSET] = FU_VAL | FU_TIMEOUT | FU_BITSET,
	[FUTEX_WAKE_BITSET] = FU_VAL | FU_BITSET,
	[FUTEX_WAIT_REQUEUE_PI] = FU_VAL | FU_TIMEOUT | FU_UADDR2,
	[FUTEX_CMP_REQUEUE_PI] = FU_VAL | FU_VAL2 | FU_UADDR2 | FU_VAL3,
	[FUTEX_LOCK_PI2] = FU_TIMEOUT,
};
/* clang-format on */

/* A field of FUTEX_WAKE_OP's val3, shifted: FUTEX_OP_ADD<<28, 0x7<<24 /\* FUTEX_OP_CMP_??? *\/. */
static int put_wake_op_field(char *buf, size_t size, const struct xlat *x, uint32_t v, int shift,
			     const char *unknown)
{
	const char *name = xlat_name(x, v);

	if (name)
		return snprintf(buf, size, "%s<<%d", name, shift);
	return snprintf(buf, size, "%#x<<%d /* %s */", v, shift, unknown);
}

/* FUTEX_WAKE_OP's val3 as strace spells it: FUTEX_OP_ADD<<28|0x1<<12|FUTEX_OP_CMP_EQ<<24|0. */
static void write_futex_wake_op(struct writer *w, uint32_t v)
{
	char text[192];
	size_t n = 0;

	if ((v >> 28) & FUTEX_OP_OPARG_SHIFT)
		n += snprintf(text + n, sizeof(text) - n, "FUTEX_OP_OPARG_SHIFT<<28|");
	n += put_wake_op_field(text + n, sizeof(text) - n, &xlat_futex_wake_ops, (v >> 28) & 7, 28,
			       "FUTEX_OP_???");
	n += snprintf(text + n, sizeof(text) - n, "|%#x<<12|", (v >> 12) & 0xfff);
	n += put_wake_op_field(text + n, sizeof(text) - n, &xlat_futex_wake_cmps, (v >> 24) & 0xf,
			       24, "FUTEX_OP_CMP_???");
	snprintf(text + n, sizeof(text) - n, "|%#x", v & 0xfff);
	w_num_text(w, v, WR_HEX, text);
}

/*
 * Only the arguments the operation uses show, as in strace: FUTEX_WAKE_PRIVATE
 * has uaddr, op and val; FUTEX_WAIT_BITSET has no uaddr2. An operation the
 * kernel does not know shows all six.
 */
static enum hand_result futex_arg(struct writer *w, const struct hand_call *hc, int i)
{
	/* strace takes the operation from the op's low 7 bits, as older kernels did */
	unsigned int cmd = (unsigned int)hc->enter->args[1] & FUTEX_STRACE_CMD_BITS;
	uint32_t v = (uint32_t)hc->enter->args[i];
	unsigned int use;

	if (cmd >= sizeof(futex_uses) / sizeof(futex_uses[0])) {
		/* an operation the kernel does not know: utime an address, val3 in hex */
		if (i == FUTEX_ARG_UTIME) {
			hand_put_pointer(w, hc->enter->args[i]);
			return HAND_PRINTED;
		}
		if (i != FUTEX_ARG_VAL3)
			return HAND_DEFAULT;
		w_hex(w, v);
		return HAND_PRINTED;
	}
	use = futex_uses[cmd];
	switch (i) {
	case FUTEX_ARG_VAL:
		return use & FU_VAL ? HAND_DEFAULT : HAND_OMIT;
	case FUTEX_ARG_UTIME:
		if (use & FU_TIMEOUT)
			return HAND_DEFAULT;
		if (!(use & FU_VAL2))
			return HAND_OMIT;
		/* the kernel takes the pointer's low 32 bits as a number */
		w_u64(w, v);
		return HAND_PRINTED;
	case FUTEX_ARG_UADDR2:
		return use & FU_UADDR2 ? HAND_DEFAULT : HAND_OMIT;
	case FUTEX_ARG_VAL3:
		if (!(use & (FU_VAL3 | FU_BITSET | FU_WAKE_OP)))
			return HAND_OMIT;
		if (use & FU_VAL3)
			return HAND_DEFAULT;
		if (use & FU_WAKE_OP)
			write_futex_wake_op(w, v);
		else
			w_const(w, v, WR_HEX,
				v == FUTEX_BITSET_MATCH_ANY ? "FUTEX_BITSET_MATCH_ANY" : NULL,
				NULL);
		return HAND_PRINTED;
	}
	return HAND_DEFAULT;
}

/* wait4's status, as the W* macros take it apart: [{WIFEXITED(s) && WEXITSTATUS(s) == 0}]. */
static enum hand_result wait_status(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_out(hc, i);
	int s;

	/* with WNOHANG a return of 0 means no child changed state: nothing was written */
	if (!cap || hc->exit->ret <= 0 || cap->len < sizeof(s)) {
		hand_put_unread(w, hc->enter->args[i],
				hc->exit ? record_capture(&hc->exit->hdr, i) : NULL);
		return HAND_PRINTED;
	}
	memcpy(&s, hand_cap_data(cap), sizeof(s));
	w_deref_begin(w);
	if (!WIFEXITED(s) && !WIFSIGNALED(s) && !WIFSTOPPED(s) && !WIFCONTINUED(s)) {
		w_hex(w, (uint32_t)s);
		w_deref_end(w);
		return HAND_PRINTED;
	}
	w_obj_begin(w, WR_OBJ_PRED, NULL);
	if (WIFEXITED(s)) {
		w_key_only(w, "WIFEXITED");
		w_key_num(w, "WEXITSTATUS", WEXITSTATUS(s), WR_DEC);
	} else if (WIFSIGNALED(s)) {
		w_key_only(w, "WIFSIGNALED");
		w_key(w, "WTERMSIG");
		xlat_write_signal(w, WTERMSIG(s));
		if (WCOREDUMP(s))
			w_key_only(w, "WCOREDUMP");
	} else if (WIFSTOPPED(s)) {
		w_key_only(w, "WIFSTOPPED");
		w_key(w, "WSTOPSIG");
		xlat_write_signal(w, WSTOPSIG(s));
		/* a ptrace event rides above the stop signal */
		if (s >> 16)
			w_key_num(w, "s >> 16", s >> 16, WR_DEC);
	} else {
		w_key_only(w, "WIFCONTINUED");
	}
	w_obj_end(w, false);
	w_deref_end(w);
	return HAND_PRINTED;
}

/* clone's arguments on x86_64: flags, newsp, parent_tidptr, child_tidptr, tls. */
enum { CLONE_ARG_FLAGS, CLONE_ARG_STACK, CLONE_ARG_PARENT_TID, CLONE_ARG_CHILD_TID, CLONE_ARG_TLS };

/*
 * clone as strace shows it: child_stack=NULL, flags=CLONE_VM|...|SIGCHLD, then only the
 * arguments the flags use, each by name: parent_tid=[6434] (what the kernel wrote there),
 * tls=0x1234, child_tidptr=0x7ffd....
 */
static bool clone_call(struct writer *w, const struct hand_call *hc, enum hand_part part)
{
	unsigned long long flags = hc->enter->args[CLONE_ARG_FLAGS];
	const struct bt_capture *tid;
	int v;

	if (part == HAND_PART_EXIT)
		goto exit_part;
	hand_arg_begin(w, hc, CLONE_ARG_STACK);
	w_lit(w, "child_stack=");
	w_ptr(w, hc->enter->args[CLONE_ARG_STACK]);
	w->ops->arg_end(w);
	hand_arg_begin(w, hc, CLONE_ARG_FLAGS);
	w_lit(w, "flags=");
	xlat_write_clone_flags(w, flags);
	w->ops->arg_end(w);
	if (part == HAND_PART_ENTER)
		return true;
exit_part:
	/* strace's resumed clone goes on from its flags: <... clone resumed>, child_tidptr=... */
	if (part == HAND_PART_EXIT && (flags & (CLONE_PARENT_SETTID | CLONE_PIDFD | CLONE_SETTLS |
						CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID)))
		w_lit(w, ", ");
	if (flags & (CLONE_PARENT_SETTID | CLONE_PIDFD)) {
		hand_arg_begin(w, hc, CLONE_ARG_PARENT_TID);
		w_lit(w, "parent_tid=");
		tid = hand_call_out(hc, CLONE_ARG_PARENT_TID);
		if (tid && tid->len >= sizeof(v)) {
			memcpy(&v, hand_cap_data(tid), sizeof(v));
			w_deref_begin(w);
			w_s64(w, v);
			w_deref_end(w);
		} else {
			w_ptr(w, hc->enter->args[CLONE_ARG_PARENT_TID]);
		}
		w->ops->arg_end(w);
	}
	if (flags & CLONE_SETTLS) {
		hand_arg_begin(w, hc, CLONE_ARG_TLS);
		w_lit(w, "tls=");
		w_ptr(w, hc->enter->args[CLONE_ARG_TLS]);
		w->ops->arg_end(w);
	}
	if (flags & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID)) {
		hand_arg_begin(w, hc, CLONE_ARG_CHILD_TID);
		w_lit(w, "child_tidptr=");
		w_ptr(w, hc->enter->args[CLONE_ARG_CHILD_TID]);
		w->ops->arg_end(w);
	}
	return true;
}

/* clone3's arguments, and the least of struct clone_args the kernel takes (up to tls) */
enum { CLONE3_ARG_ARGS, CLONE3_ARG_SIZE };
#define CLONE_ARGS_SIZE_MIN 64
/* set_tid arrays longer than this strace shows by their address */
#define CLONE3_SET_TID_MAX 32

static void put_addr64(struct writer *w, const char *key, uint64_t v)
{
	w_key(w, key);
	w_ptr(w, v);
}

/*
 * clone3's struct as it went in, as strace shows it: flags, then the members the flags use
 * (pidfd, child_tid, parent_tid, tls, cgroup), the signal, the stack: fetch bytes of it,
 * which were read.
 */
static void put_clone_args_in(struct writer *w, const struct hand_call *hc, size_t fetch)
{
	const struct bt_capture *in = hand_call_in(hc, CLONE3_ARG_ARGS);
	struct clone_args a = {0};

	memcpy(&a, hand_cap_data(in), fetch);
	w_struct_begin(w);
	w_key(w, "flags");
	xlat_write_flags_wide(w, &xlat_clone_flags, a.flags);
	if (a.flags & CLONE_PIDFD)
		put_addr64(w, "pidfd", a.pidfd);
	if (a.flags & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID))
		put_addr64(w, "child_tid", a.child_tid);
	if (a.flags & CLONE_PARENT_SETTID)
		put_addr64(w, "parent_tid", a.parent_tid);
	w_key(w, "exit_signal");
	if (a.exit_signal < 0x7fffffff)
		xlat_write_signal(w, a.exit_signal);
	else
		w_u64(w, a.exit_signal);
	put_addr64(w, "stack", a.stack);
	w_key_num(w, "stack_size", a.stack_size, WR_HEX);
	if (a.flags & CLONE_SETTLS)
		put_addr64(w, "tls", a.tls);
	if (a.set_tid || a.set_tid_size) {
		/* the tids themselves are not read: their address, as strace shows a bad array */
		put_addr64(w, "set_tid", a.set_tid);
		w_key_num(w, "set_tid_size", a.set_tid_size, WR_UDEC);
	}
	if (fetch > offsetof(struct clone_args, cgroup) &&
	    (a.cgroup || (a.flags & CLONE_INTO_CGROUP)))
		w_key_num(w, "cgroup", a.cgroup, WR_UDEC);
	w_obj_end(w, false);
}

/* An int the kernel wrote where clone_args said (tag BT_CAP_INNER_*), or false. */
static bool clone_args_out_int(const struct hand_call *hc, unsigned int tag, int *v)
{
	const struct bt_capture *cap;

	if (!hc->exit || hand_call_failed(hc))
		return false;
	cap = record_capture(&hc->exit->hdr, CLONE3_ARG_ARGS + tag);
	if (!cap || (cap->flags & BT_CAP_FAULT) || cap->len < sizeof(*v))
		return false;
	memcpy(v, hand_cap_data(cap), sizeof(*v));
	return true;
}

/* What clone3 wrote where its struct said, that was read: the pidfd, the child's tid. */
struct clone3_out {
	bool has_pidfd, has_tid;
	int pidfd, tid;
};

static bool clone3_out_read(const struct hand_call *hc, struct clone3_out *o)
{
	o->has_pidfd = clone_args_out_int(hc, BT_CAP_INNER_PIDFD, &o->pidfd);
	o->has_tid = clone_args_out_int(hc, BT_CAP_INNER_PARENT_TID, &o->tid);
	return o->has_pidfd || o->has_tid;
}

/* {pidfd=[5], parent_tid=[1234]} */
static void put_clone3_out(struct writer *w, const struct hand_call *hc, const struct clone3_out *o)
{
	w_struct_begin(w);
	if (o->has_pidfd) {
		w_key(w, "pidfd");
		w_deref_begin(w);
		hand_write_fd(hc, w, o->pidfd, hc->d->fds ? FD_PIDFD_NAME : NULL);
		w_deref_end(w);
	}
	if (o->has_tid) {
		w_key(w, "parent_tid");
		w_deref_begin(w);
		w_s64(w, o->tid);
		w_deref_end(w);
	}
	w_obj_end(w, false);
}

/*
 * clone3 as strace shows it: the struct as it went in, " => " what the kernel wrote where it
 * said (the pidfd, the child's tid), then the size. A split call stops after the struct when
 * the kernel is to write something, and its resumed line goes on with " => {...}".
 */
static bool clone3_call(struct writer *w, const struct hand_call *hc, enum hand_part part)
{
	uint64_t size = hc->enter->args[CLONE3_ARG_SIZE];
	size_t fetch = size < sizeof(struct clone_args) ? size : sizeof(struct clone_args);
	const struct bt_capture *in = hand_call_in(hc, CLONE3_ARG_ARGS);
	struct clone3_out out;
	uint64_t flags = 0;
	bool read, writes, wrote;

	read = fetch >= CLONE_ARGS_SIZE_MIN && in && in->len >= fetch;
	if (read)
		memcpy(&flags, hand_cap_data(in), sizeof(flags));
	/* what strace waits for the exit to show */
	writes = read && ((flags & (CLONE_PIDFD | CLONE_PARENT_SETTID)) || size > fetch);
	wrote = writes && clone3_out_read(hc, &out);
	if (part == HAND_PART_EXIT) {
		if (!writes)
			return true; /* the unfinished line had it all */
		if (wrote) {
			hand_arg_begin(w, hc, CLONE3_ARG_ARGS);
			w_lit(w, " => ");
			put_clone3_out(w, hc, &out);
			w->ops->arg_end(w);
		}
	} else {
		hand_arg_begin(w, hc, CLONE3_ARG_ARGS);
		if (!read) {
			hand_put_unread(w, hc->enter->args[CLONE3_ARG_ARGS],
					record_capture(&hc->enter->hdr, CLONE3_ARG_ARGS));
		} else if (part == HAND_PART_ALL && wrote) {
			w_inout_begin(w);
			put_clone_args_in(w, hc, fetch);
			w_inout_mid(w);
			put_clone3_out(w, hc, &out);
			w_inout_end(w);
		} else {
			put_clone_args_in(w, hc, fetch);
		}
		w->ops->arg_end(w);
		if (part == HAND_PART_ENTER && writes)
			return true;
	}
	hand_arg_begin(w, hc, CLONE3_ARG_SIZE);
	w_u64(w, size);
	w->ops->arg_end(w);
	return true;
}

/* rseq's area, set_tid_address's pointer: strace shows them as numbers in hex, 0 for none. */
static enum hand_result address_number(struct writer *w, const struct hand_call *hc, int i)
{
	w_hex(w, hc->enter->args[i]);
	return HAND_PRINTED;
}

/*
 * A personality as strace writes it: the execution domain in the low byte, then the flags
 * when there are any, each field by -X on its own: PER_LINUX|ADDR_NO_RANDOMIZE,
 * 0xad /\* PER_??? *\/|0x7e00, with -X raw 0|0x40000; 0xffffffff (a query) as it is.
 */
static void write_personality(struct writer *w, uint32_t persona)
{
	uint32_t domain = persona & PER_MASK, flags = persona & ~PER_MASK;

	if (persona == 0xffffffff) {
		w_hex(w, persona);
		return;
	}
	w_obj_begin(w, WR_OBJ_BITOR, NULL);
	w_key(w, "domain");
	/* by the whole value: a domain whose personality carries flags (PER_SVR4) has no name */
	w_const(w, domain, WR_HEX, xlat_name(&xlat_personality_types, domain), "PER_???");
	if (flags) {
		w_key(w, "flags");
		xlat_write_flags(w, &xlat_personality_flags, flags);
	}
	w_obj_end(w, false);
}

/*
 * kexec_load's flags: the architecture in the high 16 bits, then the flags when there are
 * any, each field by -X on its own: KEXEC_ARCH_X86_64|KEXEC_ON_CRASH, 0x3e0000|0x1.
 */
static enum hand_result kexec_load_flags(struct writer *w, const struct hand_call *hc, int i)
{
	uint32_t v = (uint32_t)hc->enter->args[i];
	uint32_t arch = v & KEXEC_ARCH_MASK, flags = v & ~KEXEC_ARCH_MASK;

	w_obj_begin(w, WR_OBJ_BITOR, NULL);
	w_key(w, "arch");
	xlat_write_const(w, &xlat_kexec_arch, arch, WR_HEX);
	if (flags) {
		w_key(w, "flags");
		xlat_write_flags(w, &xlat_kexec_load_flags, flags);
	}
	w_obj_end(w, false);
	return HAND_PRINTED;
}

static enum hand_result personality_arg(struct writer *w, const struct hand_call *hc, int i)
{
	write_personality(w, (uint32_t)hc->enter->args[i]);
	return HAND_PRINTED;
}

/* personality() answers the previous one: = 0x40000 (PER_LINUX|ADDR_NO_RANDOMIZE). */
static bool personality_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	r->fmt = WR_HEX;
	w->ops->ret(w, r);
	w->ops->ret_note_begin(w);
	write_personality(w, (uint32_t)r->value);
	w->ops->ret_note_end(w);
	return true;
}

/* The syslog actions that use neither the buffer nor the length. */
static bool syslog_takes_no_buffer(int type)
{
	switch (type) {
	case 0:	 /* SYSLOG_ACTION_CLOSE */
	case 1:	 /* SYSLOG_ACTION_OPEN */
	case 5:	 /* SYSLOG_ACTION_CLEAR */
	case 6:	 /* SYSLOG_ACTION_CONSOLE_OFF */
	case 7:	 /* SYSLOG_ACTION_CONSOLE_ON */
	case 9:	 /* SYSLOG_ACTION_SIZE_UNREAD */
	case 10: /* SYSLOG_ACTION_SIZE_BUFFER */
		return true;
	}
	return false;
}

/* syslog's type, which strace always shows with its name in a comment: 3 /\* SYSLOG_ACTION_READ_ALL *\/. */
static enum hand_result syslog_arg(struct writer *w, const struct hand_call *hc, int i)
{
	int type = (int)hc->enter->args[0];
	const char *name;

	if (i > 0)
		return syslog_takes_no_buffer(type) ? HAND_OMIT : HAND_DEFAULT;
	name = xlat_name(&xlat_syslog_actions, (uint64_t)(int64_t)type);
	w_s64(w, type);
	w_comment(w, name ? name : "SYSLOG_ACTION_???");
	return HAND_PRINTED;
}

/* reboot's arg is a command line for LINUX_REBOOT_CMD_RESTART2 only. */
static enum hand_result reboot_arg(struct writer *w, const struct hand_call *hc, int i)
{
	return (uint32_t)hc->enter->args[2] == LINUX_REBOOT_CMD_RESTART2 ? HAND_DEFAULT : HAND_OMIT;
}

/*
 * kcmp's idx1 and idx2 by type: fds for KCMP_FILE (and KCMP_EPOLL_TFD's first), nothing for the
 * types that compare whole objects, numbers in hex for a type the kernel does not know.
 */
static enum hand_result kcmp_idx(struct writer *w, const struct hand_call *hc, int i)
{
	switch ((int)hc->enter->args[2]) {
	case KCMP_FILE:
		/* an fd of pid1 or pid2: its path (-y) only when that is the caller */
		if ((__u32)hc->enter->args[i - 3] == hc->enter->hdr.tgid)
			return HAND_DEFAULT;
		w_s64(w, (int)hc->enter->args[i]);
		return HAND_PRINTED;
	case KCMP_EPOLL_TFD:
		if (i == 3)
			return HAND_DEFAULT;
		hand_put_pointer(w, hc->enter->args[i]);
		return HAND_PRINTED;
	case KCMP_VM:
	case KCMP_FILES:
	case KCMP_FS:
	case KCMP_SIGHAND:
	case KCMP_IO:
	case KCMP_SYSVSEM:
		return HAND_OMIT;
	}
	w_hex(w, hc->enter->args[i]);
	return HAND_PRINTED;
}

/* One of a capability data's sets, the low word's bits or the high word's (cap 32 on). */
static uint64_t put_cap_word(struct writer *w, uint32_t bits, unsigned int first_cap)
{
	uint32_t rest = 0;
	char name[64];

	w_flags_begin(w, bits);
	for (unsigned int b = 0; b < 32; b++) {
		const char *cap = xlat_name(&xlat_capabilities, first_cap + b);

		if (!(bits & (1U << b)))
			continue;
		if (!cap) {
			rest |= 1U << b;
			continue;
		}
		snprintf(name, sizeof(name), "1<<%s", cap);
		w_flag(w, name);
	}
	w_flags_end(w, rest, WR_HEX, rest == bits ? "CAP_???" : NULL);
	return rest;
}

/*
 * A capability set as strace shows it: the bits of the low word (caps 0 to 31) by name,
 * 1<<CAP_CHOWN|1<<CAP_KILL, then the high word's (caps 32 on) when it has any, each word
 * styled by -X on its own.
 */
static void put_cap_set(struct writer *w, const char *key, uint32_t lo, uint32_t hi)
{
	w_key(w, key);
	w_obj_begin(w, WR_OBJ_BITOR, NULL);
	if (lo || !hi) {
		w_key(w, "caps_0_31");
		put_cap_word(w, lo, 0);
	}
	if (hi) {
		w_key(w, "caps_32_63");
		put_cap_word(w, hi, 32);
	}
	w_obj_end(w, false);
}

/*
 * capget's and capset's data, as the header's version says: one struct
 * __user_cap_data_struct for _LINUX_CAPABILITY_VERSION_1 (or a version the kernel does not
 * know), two for the later ones, whose second holds the high words. Read only once the
 * header could be, and for capget once the call succeeded: else its address, as strace has
 * it.
 */
static enum hand_result cap_data(struct writer *w, const struct hand_call *hc, int i, bool out)
{
	const struct bt_capture *hdr = hand_call_in(hc, 0), *cap;
	struct __user_cap_data_struct data[2] = {0};
	struct __user_cap_header_struct h;
	unsigned int n;

	if (!hc->enter->args[i])
		return HAND_DEFAULT;
	if (!hdr || hdr->len < sizeof(h) || (out && (!hc->exit || hand_call_failed(hc)))) {
		hand_put_unread(w, hc->enter->args[i], NULL);
		return HAND_PRINTED;
	}
	memcpy(&h, hand_cap_data(hdr), sizeof(h));
	n = h.version == _LINUX_CAPABILITY_VERSION_2 || h.version == _LINUX_CAPABILITY_VERSION_3
		    ? 2
		    : 1;
	cap = out ? hand_call_out(hc, i) : hand_call_in(hc, i);
	if (!cap || cap->len < n * sizeof(data[0])) {
		hand_put_unread(w, hc->enter->args[i],
				out ? record_capture(&hc->exit->hdr, i)
				    : record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	memcpy(data, hand_cap_data(cap), n * sizeof(data[0]));
	w_struct_begin(w);
	put_cap_set(w, "effective", data[0].effective, data[1].effective);
	put_cap_set(w, "permitted", data[0].permitted, data[1].permitted);
	put_cap_set(w, "inheritable", data[0].inheritable, data[1].inheritable);
	w_obj_end(w, false);
	return HAND_PRINTED;
}

static enum hand_result capget_data(struct writer *w, const struct hand_call *hc, int i)
{
	return cap_data(w, hc, i, true);
}

static enum hand_result capset_data(struct writer *w, const struct hand_call *hc, int i)
{
	return cap_data(w, hc, i, false);
}

/*
 * setgroups' list: more groups than the kernel takes (NGROUPS_MAX, 65536 on Linux) show as
 * the list's address, as strace shows them; the kernel refuses such a call without reading.
 */
#define BT_NGROUPS_MAX 65536

static enum hand_result setgroups_list(struct writer *w, const struct hand_call *hc, int i)
{
	if ((uint32_t)hc->enter->args[0] > BT_NGROUPS_MAX) {
		hand_put_pointer(w, hc->enter->args[i]);
		return HAND_PRINTED;
	}
	return HAND_DEFAULT;
}

/*
 * arch_prctl's arg2 by option: where ARCH_GET_FS/ARCH_GET_GS write the base ([0x7f...]),
 * nothing for ARCH_GET_CPUID, else a number in hex.
 */
static enum hand_result arch_prctl_arg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap;
	uint64_t base;

	switch ((int)hc->enter->args[0]) {
	case ARCH_GET_CPUID:
		return HAND_OMIT;
	case ARCH_GET_FS:
	case ARCH_GET_GS:
		cap = hand_call_out(hc, i);
		if (!cap || cap->len < sizeof(base)) {
			hand_put_unread(w, hc->enter->args[i],
					hc->exit ? record_capture(&hc->exit->hdr, i) : NULL);
			return HAND_PRINTED;
		}
		memcpy(&base, hand_cap_data(cap), sizeof(base));
		w_deref_begin(w);
		w_hex(w, base);
		w_deref_end(w);
		return HAND_PRINTED;
	}
	w_hex(w, hc->enter->args[i]);
	return HAND_PRINTED;
}

/* ptrace's arguments: request, pid, addr, data. */
enum { PTRACE_ARG_PID = 1, PTRACE_ARG_ADDR, PTRACE_ARG_DATA };

/* x86_64's requests that take their buffer in data and ignore addr */
#define PTRACE_X86_GETREGS 12
#define PTRACE_X86_SETREGS 13
#define PTRACE_X86_GETFPREGS 14
#define PTRACE_X86_SETFPREGS 15
#define PTRACE_X86_GETFPXREGS 18
#define PTRACE_X86_SETFPXREGS 19
#define PTRACE_X86_OLDSETOPTIONS 21
#define PTRACE_X86_SYSEMU 31
#define PTRACE_X86_SYSEMU_SINGLESTEP 32
#define PTRACE_X86_SINGLEBLOCK 33

/* What a request makes of data: a signal, options, a word the kernel writes, or an address. */
static void ptrace_data(struct writer *w, const struct hand_call *hc, long request)
{
	const struct bt_capture *cap;
	uint64_t data = hc->enter->args[PTRACE_ARG_DATA], word;

	switch (request) {
	case PTRACE_CONT:
	case PTRACE_DETACH:
	case PTRACE_SYSCALL:
	case PTRACE_SINGLESTEP:
	case PTRACE_X86_SINGLEBLOCK:
	case PTRACE_X86_SYSEMU:
	case PTRACE_X86_SYSEMU_SINGLESTEP:
		xlat_write_signal(w, data);
		return;
	case PTRACE_SEIZE:
	case PTRACE_SETOPTIONS:
	case PTRACE_X86_OLDSETOPTIONS:
		xlat_write_flags(w, &xlat_ptrace_options, data);
		return;
	case PTRACE_PEEKTEXT:
	case PTRACE_PEEKDATA:
	case PTRACE_PEEKUSR:
	case PTRACE_GETEVENTMSG:
		/* the word read, where the kernel put it */
		cap = hand_call_out(hc, PTRACE_ARG_DATA);
		if (cap && cap->len >= sizeof(word)) {
			memcpy(&word, hand_cap_data(cap), sizeof(word));
			w_deref_begin(w);
			if (request == PTRACE_GETEVENTMSG)
				w_u64(w, word);
			else
				w_hex(w, word);
			w_deref_end(w);
			return;
		}
		break;
	}
	hand_put_pointer(w, data);
}

/*
 * ptrace as strace shows it: only the arguments the request uses (PTRACE_TRACEME none,
 * PTRACE_ATTACH the pid), addr by what it is to the request, data by request.
 */
static enum hand_result ptrace_arg(struct writer *w, const struct hand_call *hc, int i)
{
	long request = (long)hc->enter->args[0];
	uint64_t addr = hc->enter->args[PTRACE_ARG_ADDR];

	if (request == PTRACE_TRACEME)
		return HAND_OMIT;
	if (i == PTRACE_ARG_PID)
		return HAND_DEFAULT;
	switch (request) {
	case PTRACE_ATTACH:
	case PTRACE_INTERRUPT:
	case PTRACE_KILL:
	case PTRACE_LISTEN:
		return HAND_OMIT;
	}
	if (i == PTRACE_ARG_DATA) {
		ptrace_data(w, hc, request);
		return HAND_PRINTED;
	}
	switch (request) {
	case PTRACE_X86_GETREGS:
	case PTRACE_X86_SETREGS:
	case PTRACE_X86_GETFPREGS:
	case PTRACE_X86_SETFPREGS:
	case PTRACE_X86_GETFPXREGS:
	case PTRACE_X86_SETFPXREGS:
		return HAND_OMIT;
	case PTRACE_GETSIGMASK:
	case PTRACE_SETSIGMASK:
	case PTRACE_SECCOMP_GET_FILTER:
	case PTRACE_SECCOMP_GET_METADATA:
	case PTRACE_GET_SYSCALL_INFO:
		/* a size or an index */
		w_u64(w, addr);
		return HAND_PRINTED;
	}
	hand_put_pointer(w, addr);
	return HAND_PRINTED;
}

/* seccomp's flags are SECCOMP_FILTER_FLAG_* for SECCOMP_SET_MODE_FILTER only: else hex. */
static enum hand_result seccomp_flags(struct writer *w, const struct hand_call *hc, int i)
{
	if ((uint32_t)hc->enter->args[0] == 1 /* SECCOMP_SET_MODE_FILTER */)
		return HAND_DEFAULT;
	w_hex(w, (uint32_t)hc->enter->args[i]);
	return HAND_PRINTED;
}

/* seccomp's struct seccomp_notif_sizes: what SECCOMP_GET_NOTIF_SIZES writes */
struct seccomp_sizes {
	uint16_t notif, notif_resp, data;
};

/*
 * seccomp's uargs by op: the action SECCOMP_GET_ACTION_AVAIL asks about
 * ([SECCOMP_RET_KILL_THREAD]), the sizes SECCOMP_GET_NOTIF_SIZES writes
 * ({seccomp_notif=80, ...}), SECCOMP_SET_MODE_FILTER's program ({len=1, filter=...}, with -v
 * its instructions); else its address.
 */
static enum hand_result seccomp_uargs(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap;
	struct seccomp_sizes sz;
	struct sock_fprog prog;
	uint32_t action;

	switch ((uint32_t)hc->enter->args[0]) {
	case 2: /* SECCOMP_GET_ACTION_AVAIL */
		cap = hand_call_in(hc, i);
		if (!cap || cap->len < sizeof(action))
			break;
		memcpy(&action, hand_cap_data(cap), sizeof(action));
		w_deref_begin(w);
		w_const(w, action, WR_HEX, xlat_name(&xlat_seccomp_ret_actions, action),
			"SECCOMP_RET_???");
		w_deref_end(w);
		return HAND_PRINTED;
	case 3: /* SECCOMP_GET_NOTIF_SIZES */
		cap = hand_call_out(hc, i);
		if (!cap || cap->len < sizeof(sz))
			break;
		memcpy(&sz, hand_cap_data(cap), sizeof(sz));
		w_struct_begin(w);
		w_key_num(w, "seccomp_notif", sz.notif, WR_UDEC);
		w_key_num(w, "seccomp_notif_resp", sz.notif_resp, WR_UDEC);
		w_key_num(w, "seccomp_data", sz.data, WR_UDEC);
		w_obj_end(w, false);
		return HAND_PRINTED;
	case 1: /* SECCOMP_SET_MODE_FILTER */
		cap = hand_call_in(hc, i);
		if (!cap || cap->len < sizeof(prog))
			break;
		memcpy(&prog, hand_cap_data(cap), sizeof(prog));
		bpf_insns_write_fprog(w, prog.len, (uintptr_t)prog.filter,
				      hand_member_capture(hc, &hc->enter->hdr, i, 1, "filter", 0),
				      CBPF_SECCOMP);
		return HAND_PRINTED;
	}
	hand_put_pointer(w, hc->enter->args[i]);
	return HAND_PRINTED;
}

/* A CPU mask: BTF says unsigned long *, not that bit N is CPU N. */
static void print_cpu_mask(const struct decoder *d, struct writer *w, const void *data, size_t len,
			   bool more)
{
	hand_print_bit_list(w, data, len, -1, more);
}

/*
 * struct futex_waitv's flags, the futex's size and privacy. A member decoder, not a table row:
 * rows are found by scope and name, and futex_waitv's own flags argument is a plain number.
 */
static void print_futex_waiter_flags(const struct decoder *d, struct writer *w, const void *data,
				     size_t len, bool more)
{
	uint32_t flags;

	if (len < sizeof(flags)) {
		w_name2(w, NULL, "...");
		return;
	}
	memcpy(&flags, data, sizeof(flags));
	xlat_write_flags(w, &xlat_futex_waiter_flags, flags);
}

/* get_robust_list's head: the address the kernel wrote, [0x7f...]. */
static void print_robust_list_head(const struct decoder *d, struct writer *w, const void *data,
				   size_t len, bool more)
{
	uint64_t head;

	if (len < sizeof(head)) {
		w_bytes(w, data, len, -1, more);
		return;
	}
	memcpy(&head, data, sizeof(head));
	w_deref_begin(w);
	w_ptr(w, head);
	w_deref_end(w);
}

/* clang-format off */
static const struct hand_bytes_entry proc_bytes[] = {
	{"get_robust_list", "head_ptr", print_robust_list_head},
	{"futex_waitv", "flags", print_futex_waiter_flags},
	{"sched_getaffinity", "user_mask_ptr", print_cpu_mask},
	{"sched_setaffinity", "user_mask_ptr", print_cpu_mask},
};

static const struct hand_arg_entry proc_args[] = {
	{"futex", "val", futex_arg},
	{"futex", "utime", futex_arg},
	{"futex", "uaddr2", futex_arg},
	{"futex", "val3", futex_arg},
	{"wait4", "stat_addr", wait_status},
	{"rseq", "rseq", address_number},
	{"set_tid_address", "tidptr", address_number},
	{"kexec_load", "flags", kexec_load_flags},
	{"personality", "personality", personality_arg},
	{"ptrace", "pid", ptrace_arg},
	{"ptrace", "addr", ptrace_arg},
	{"ptrace", "data", ptrace_arg},
	{"syslog", "type", syslog_arg},
	{"syslog", "buf", syslog_arg},
	{"syslog", "len", syslog_arg},
	{"reboot", "arg", reboot_arg},
	{"kcmp", "idx1", kcmp_idx},
	{"kcmp", "idx2", kcmp_idx},
	{"capset", "data", capset_data},
	{"setgroups", "grouplist", setgroups_list},
	{"capget", "dataptr", capget_data},
	{"arch_prctl", "arg2", arch_prctl_arg},
	{"seccomp", "flags", seccomp_flags},
	{"seccomp", "uargs", seccomp_uargs},
};

static const struct hand_return_entry proc_returns[] = {
	{"personality", personality_return},
};

static const struct hand_call_entry proc_calls[] = {
	{"clone", clone_call},
	{"clone3", clone3_call},
};
/* clang-format on */

/* Without -v, strace shows the first members of these and "..." */
static const char *const utsname_brief[] = {"sysname", "nodename", NULL};
static const char *const rusage_brief[] = {"ru_utime", "ru_stime", NULL};

/* strace shows futex_waitv's reserved word when it is not zero */
static const char *const futex_waitv_set[] = {"__reserved", NULL};

static const struct hand_shape_entry proc_shapes[] = {
	{"futex_waitv", {.when_set = futex_waitv_set}},
	{"new_utsname", {.brief = utsname_brief}},
	{"rusage", {.brief = rusage_brief}},
};

const struct hand_family family_proc = {
	.name = "proc",
	.shapes = proc_shapes,
	.nshapes = sizeof(proc_shapes) / sizeof(proc_shapes[0]),
	.returns = proc_returns,
	.nreturns = sizeof(proc_returns) / sizeof(proc_returns[0]),
	.calls = proc_calls,
	.ncalls = sizeof(proc_calls) / sizeof(proc_calls[0]),
	.bytes = proc_bytes,
	.nbytes = sizeof(proc_bytes) / sizeof(proc_bytes[0]),
	.args = proc_args,
	.nargs = sizeof(proc_args) / sizeof(proc_args[0]),
};

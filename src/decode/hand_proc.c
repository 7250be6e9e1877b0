// SPDX-License-Identifier: GPL-2.0
/*
 * Multiplexed calls whose first arguments decide what the others are, and
 * return values that are more than a number: prctl's arg2..arg5 by option,
 * fcntl's arg and return value by cmd, select's fd sets (a bitmap as long as
 * its first argument says, which BTF's fd_set of 1024 bits cannot know) and
 * what it returns in them, umask's old mask, wait4's status word (exit
 * code, signal and core flag packed in an int), futex's val..val3 by
 * operation. The kernel declares all of these unsigned long or int: their
 * meaning is in the code, not in BTF.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/wait.h>
#include <linux/futex.h>
#include <linux/prctl.h>

#include "decode/arg_printers.h"
#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/quote.h"
#include "decode/xlat.h"

enum prctl_arg {
	PRCTL_NUMBER,	  /* arg2 is a number */
	PRCTL_STRING_IN,  /* arg2 points to a name the kernel reads */
	PRCTL_STRING_OUT, /* arg2 points to a buffer the kernel writes a name into */
	PRCTL_SIGNAL,	  /* arg2 is a signal number */
	PRCTL_SIGNAL_OUT, /* arg2 points to an int the kernel writes a signal number into */
	PRCTL_INT_OUT,	  /* arg2 points to an int the kernel writes */
};

struct prctl_option {
	int option;
	int nargs; /* arguments the option uses, option included: the others are left out */
	enum prctl_arg arg2;
};

/* clang-format off */
static const struct prctl_option prctl_options[] = {
	{PR_SET_NAME, 2, PRCTL_STRING_IN},
	{PR_GET_NAME, 2, PRCTL_STRING_OUT},
	{PR_SET_PDEATHSIG, 2, PRCTL_SIGNAL},
	{PR_GET_PDEATHSIG, 2, PRCTL_SIGNAL_OUT},
	{PR_GET_DUMPABLE, 1, PRCTL_NUMBER},
	{PR_SET_DUMPABLE, 2, PRCTL_NUMBER},
	{PR_GET_KEEPCAPS, 1, PRCTL_NUMBER},
	{PR_SET_KEEPCAPS, 2, PRCTL_NUMBER},
	{PR_GET_TIMERSLACK, 1, PRCTL_NUMBER},
	{PR_SET_TIMERSLACK, 2, PRCTL_NUMBER},
	{PR_GET_CHILD_SUBREAPER, 2, PRCTL_INT_OUT},
	{PR_SET_CHILD_SUBREAPER, 2, PRCTL_NUMBER},
	{PR_GET_NO_NEW_PRIVS, 1, PRCTL_NUMBER},
	{PR_GET_SECCOMP, 1, PRCTL_NUMBER},
};
/* clang-format on */

/* A name of at most TASK_COMM_LEN bytes; a capture without its NUL may go on. */
static void put_comm(struct outbuf *ob, const struct bt_capture *cap)
{
	const char *p = hand_cap_data(cap);

	quote_bytes(ob, p, cap->len, 0, true,
		    (cap->flags & BT_CAP_TRUNCATED) || !memchr(p, '\0', cap->len));
}

enum hand_result hand_prctl_arg(struct outbuf *ob, const struct hand_call *hc, int i)
{
	int option = (int)hc->enter->args[0];
	__u64 v = hc->enter->args[i];
	const struct prctl_option *po = NULL;
	const struct bt_capture *cap;
	int sig;

	for (size_t k = 0; k < sizeof(prctl_options) / sizeof(prctl_options[0]); k++) {
		if (prctl_options[k].option == option)
			po = &prctl_options[k];
	}
	if (po && i >= po->nargs)
		return HAND_OMIT;
	if (!po || i != 1 || po->arg2 == PRCTL_NUMBER) {
		/* a number, whatever the collector read behind it */
		outbuf_u64(ob, v);
		return HAND_PRINTED;
	}
	switch (po->arg2) {
	case PRCTL_SIGNAL:
		hand_put_signal(hc->d, ob, v);
		return HAND_PRINTED;
	case PRCTL_STRING_IN:
		cap = hand_call_in(hc, i);
		if (!cap)
			break;
		put_comm(ob, cap);
		return HAND_PRINTED;
	case PRCTL_STRING_OUT:
		cap = hand_call_out(hc, i);
		if (!cap)
			break;
		put_comm(ob, cap);
		return HAND_PRINTED;
	case PRCTL_SIGNAL_OUT:
	case PRCTL_INT_OUT:
		cap = hand_call_out(hc, i);
		if (!cap || cap->len < sizeof(sig))
			break;
		if (po->arg2 == PRCTL_INT_OUT) {
			hand_put_int(ob, cap);
			return HAND_PRINTED;
		}
		memcpy(&sig, hand_cap_data(cap), sizeof(sig));
		outbuf_putc(ob, '[');
		hand_put_signal(hc->d, ob, (__u64)(__s64)sig);
		outbuf_putc(ob, ']');
		return HAND_PRINTED;
	case PRCTL_NUMBER:
		break;
	}
	hand_put_pointer(ob, v);
	return HAND_PRINTED;
}

/* futex's arguments: uaddr, op, then these, each used by some operations only. */
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
static void put_wake_op_field(struct outbuf *ob, const char *table, uint32_t v, int shift,
			      const char *unknown)
{
	const struct xlat *x = xlat_find(table);
	const char *name = x ? xlat_name(x, v) : NULL;

	if (name)
		outbuf_printf(ob, "%s<<%d", name, shift);
	else
		outbuf_printf(ob, "%#x<<%d /* %s */", v, shift, unknown);
}

/* FUTEX_WAKE_OP's val3 as strace spells it: FUTEX_OP_ADD<<28|0x1<<12|FUTEX_OP_CMP_EQ<<24|0. */
static void put_futex_wake_op(struct outbuf *ob, uint32_t v)
{
	if ((v >> 28) & FUTEX_OP_OPARG_SHIFT)
		outbuf_puts(ob, "FUTEX_OP_OPARG_SHIFT<<28|");
	put_wake_op_field(ob, "futex_wake_ops", (v >> 28) & 7, 28, "FUTEX_OP_???");
	outbuf_printf(ob, "|%#x<<12|", (v >> 12) & 0xfff);
	put_wake_op_field(ob, "futex_wake_cmps", (v >> 24) & 0xf, 24, "FUTEX_OP_CMP_???");
	outbuf_printf(ob, "|%#x", v & 0xfff);
}

/*
 * Only the arguments the operation uses show, as in strace: FUTEX_WAKE_PRIVATE
 * has uaddr, op and val; FUTEX_WAIT_BITSET has no uaddr2. An operation the
 * kernel does not know shows all six.
 */
enum hand_result hand_futex_arg(struct outbuf *ob, const struct hand_call *hc, int i)
{
	unsigned int cmd = (unsigned int)hc->enter->args[1] & FUTEX_CMD_MASK;
	uint32_t v = (uint32_t)hc->enter->args[i];
	int style = hc->d->opts.xlat;
	unsigned int use;

	if (cmd >= sizeof(futex_uses) / sizeof(futex_uses[0]))
		return HAND_DEFAULT;
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
		outbuf_u64(ob, v);
		return HAND_PRINTED;
	case FUTEX_ARG_UADDR2:
		return use & FU_UADDR2 ? HAND_DEFAULT : HAND_OMIT;
	case FUTEX_ARG_VAL3:
		if (!(use & (FU_VAL3 | FU_BITSET | FU_WAKE_OP)))
			return HAND_OMIT;
		if (use & FU_VAL3)
			return HAND_DEFAULT;
		if (style == XLAT_STYLE_RAW) {
			outbuf_hex(ob, v);
			return HAND_PRINTED;
		}
		if (style == XLAT_STYLE_VERBOSE)
			outbuf_printf(ob, "%#x /* ", v);
		if (use & FU_WAKE_OP)
			put_futex_wake_op(ob, v);
		else if (v == FUTEX_BITSET_MATCH_ANY)
			outbuf_puts(ob, "FUTEX_BITSET_MATCH_ANY");
		else
			outbuf_hex(ob, v);
		if (style == XLAT_STYLE_VERBOSE)
			outbuf_puts(ob, " */");
		return HAND_PRINTED;
	}
	return HAND_DEFAULT;
}

enum hand_result hand_fcntl_arg(struct outbuf *ob, const struct hand_call *hc, int i)
{
	const struct value_printer open_flags = {.scope = "*", .name = "", .kind = VK_OPEN_FLAGS};
	__u64 v = hc->enter->args[i];

	switch ((int)hc->enter->args[1]) {
	case F_GETFD:
	case F_GETFL:
	case F_GETOWN:
	case F_GETSIG:
	case F_GETLEASE:
	case F_GETPIPE_SZ:
	case F_GET_SEALS:
		/* these take no argument: what the register holds is left over */
		return HAND_OMIT;
	case F_SETFD:
		hand_put_xlat(hc->d, ob, "fd_flags", v);
		return HAND_PRINTED;
	case F_SETFL:
		value_printer_format(&open_flags, ob, v, hc->d->opts.xlat);
		return HAND_PRINTED;
	case F_GETLK:
	case F_SETLK:
	case F_SETLKW:
	case F_OFD_GETLK:
	case F_OFD_SETLK:
	case F_OFD_SETLKW:
	case F_GETOWN_EX:
	case F_SETOWN_EX:
		/* a struct the collector does not read: its address */
		hand_put_pointer(ob, v);
		return HAND_PRINTED;
	}
	outbuf_s64(ob, (int)v);
	return HAND_PRINTED;
}

/* F_GETFD and F_GETFL return flags: "0x8002 (flags O_RDWR|O_LARGEFILE)". */
bool hand_fcntl_return(struct outbuf *ob, const struct hand_call *hc)
{
	const struct value_printer open_flags = {.scope = "*", .name = "", .kind = VK_OPEN_FLAGS};
	const struct value_printer fd_flags = {
		.scope = "*", .name = "", .kind = VK_XLAT, .table = "fd_flags"};
	__s64 ret = hc->exit->ret;
	int cmd = (int)hc->enter->args[1];

	if (hc->d->opts.xlat == XLAT_STYLE_RAW || (cmd != F_GETFD && cmd != F_GETFL))
		return false;
	if (cmd == F_GETFD && ret == 0) {
		outbuf_putc(ob, '0');
		return true;
	}
	if (ret)
		outbuf_hex(ob, ret);
	else
		outbuf_putc(ob, '0');
	outbuf_puts(ob, " (flags ");
	/* the number is already there: the names, whatever -X says */
	value_printer_format(cmd == F_GETFD ? &fd_flags : &open_flags, ob, ret, XLAT_STYLE_ABBREV);
	outbuf_putc(ob, ')');
	return true;
}

/* umask returns the old mask: octal, like the argument. */
bool hand_umask_return(struct outbuf *ob, const struct hand_call *hc)
{
	const struct value_printer mode = {.scope = "*", .name = "", .kind = VK_MODE};

	if (hc->d->opts.xlat == XLAT_STYLE_RAW)
		return false;
	return value_printer_format(&mode, ob, hc->exit->ret, XLAT_STYLE_ABBREV) == 0;
}

/* select and pselect6: n, inp, outp, exp, then the timeout. */
enum { SELECT_NFDS, SELECT_INP, SELECT_OUTP, SELECT_EXP, SELECT_TIMEOUT };

static void put_fd_set(struct outbuf *ob, const struct hand_call *hc, const struct bt_capture *cap)
{
	int n = (int)hc->enter->args[SELECT_NFDS];

	hand_print_bit_list(ob, hand_cap_data(cap), cap->len, n > 0 ? n : 0,
			    (size_t)(n > 0 ? n : 0) > cap->len * 8);
}

static void put_timeout(struct outbuf *ob, const struct hand_call *hc, const struct bt_capture *cap)
{
	const struct decoder *d = hc->d;
	__u32 id = d->beauty->calls[hc->nr].args[SELECT_TIMEOUT].print_type_id;

	if (id && d->types && d->types->btf)
		decode_print_btf(d, ob, id, hand_cap_data(cap), cap->len, NULL);
	else
		quote_bytes(ob, hand_cap_data(cap), cap->len, 0, false, false);
}

/*
 * The arguments show what the caller asked (the sets and the timeout in);
 * what the kernel wrote back shows after the return value, as strace has it.
 */
enum hand_result hand_select_arg(struct outbuf *ob, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_in(hc, i);

	if (!cap) {
		hand_put_pointer(ob, hc->enter->args[i]);
		return HAND_PRINTED;
	}
	if (i == SELECT_TIMEOUT)
		put_timeout(ob, hc, cap);
	else
		put_fd_set(ob, hc, cap);
	return HAND_PRINTED;
}

/* "2 (in [4], out [5], left {tv_sec=0, tv_usec=0})", or "0 (Timeout)". */
bool hand_select_return(struct outbuf *ob, const struct hand_call *hc)
{
	static const char *const names[] = {
		[SELECT_INP] = "in", [SELECT_OUTP] = "out", [SELECT_EXP] = "except"};
	const struct bt_capture *cap;
	const char *sep = " (";

	outbuf_s64(ob, hc->exit->ret);
	if (hc->exit->ret == 0) {
		outbuf_puts(ob, " (Timeout)");
		return true;
	}
	for (int k = SELECT_INP; k <= SELECT_EXP; k++) {
		int n = (int)hc->enter->args[SELECT_NFDS];
		const unsigned char *p;
		bool any = false;

		cap = hand_call_out(hc, k);
		if (!cap)
			continue;
		p = hand_cap_data(cap);
		for (long b = 0; b < n && (size_t)b < cap->len * 8; b++)
			any = any || ((p[b / 8] >> (b % 8)) & 1);
		if (!any)
			continue;
		outbuf_puts(ob, sep);
		outbuf_puts(ob, names[k]);
		outbuf_putc(ob, ' ');
		put_fd_set(ob, hc, cap);
		sep = ", ";
	}
	cap = hand_call_out(hc, SELECT_TIMEOUT);
	if (cap) {
		outbuf_puts(ob, sep);
		outbuf_puts(ob, "left ");
		put_timeout(ob, hc, cap);
		sep = ", ";
	}
	if (strcmp(sep, " ("))
		outbuf_putc(ob, ')');
	return true;
}

/* wait4's status, as the W* macros take it apart: [{WIFEXITED(s) && WEXITSTATUS(s) == 0}]. */
enum hand_result hand_wait_status(struct outbuf *ob, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_out(hc, i);
	int s;

	/* with WNOHANG a return of 0 means no child changed state: nothing was written */
	if (!cap || hc->exit->ret <= 0 || cap->len < sizeof(s)) {
		hand_put_pointer(ob, hc->enter->args[i]);
		return HAND_PRINTED;
	}
	memcpy(&s, hand_cap_data(cap), sizeof(s));
	outbuf_puts(ob, "[{");
	if (WIFEXITED(s)) {
		outbuf_printf(ob, "WIFEXITED(s) && WEXITSTATUS(s) == %d", WEXITSTATUS(s));
	} else if (WIFSIGNALED(s)) {
		outbuf_puts(ob, "WIFSIGNALED(s) && WTERMSIG(s) == ");
		hand_put_signal(hc->d, ob, WTERMSIG(s));
		if (WCOREDUMP(s))
			outbuf_puts(ob, " && WCOREDUMP(s)");
	} else if (WIFSTOPPED(s)) {
		outbuf_puts(ob, "WIFSTOPPED(s) && WSTOPSIG(s) == ");
		hand_put_signal(hc->d, ob, WSTOPSIG(s));
		/* a ptrace event rides above the stop signal */
		if (s >> 16)
			outbuf_printf(ob, " && s >> 16 == %d", s >> 16);
	} else if (WIFCONTINUED(s)) {
		outbuf_puts(ob, "WIFCONTINUED(s)");
	} else {
		outbuf_printf(ob, "%#x", s);
	}
	outbuf_puts(ob, "}]");
	return HAND_PRINTED;
}

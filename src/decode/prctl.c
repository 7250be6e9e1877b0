// SPDX-License-Identifier: GPL-2.0
/*
 * prctl: the kernel declares arg2..arg5 unsigned long, and each option gives them a meaning of
 * its own (a name, a signal, a capability, a pointer the kernel writes an int to) and decides
 * how many there are. strace shows only the arguments an option takes, each in its form;
 * an option it has no form for shows all four in hex.
 */
#include <stdio.h>
#include <string.h>
#include <linux/prctl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "decode/bpf_insns.h"
#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/pid_table.h"
#include "xlat_tables.h"

/* The kernel's limit for a thread's name, its NUL included (TASK_COMM_LEN). */
#define COMM_LEN 16

/* How an argument after the option reads. */
enum prctl_form {
	PF_NONE,       /* not shown */
	PF_HEX,	       /* a number in hex: what an option strace has no form for shows */
	PF_UDEC,       /* an unsigned number */
	PF_DEC,	       /* a signed number */
	PF_CONST,      /* a constant by the table; unknown in hex with the table's comment */
	PF_FLAGS,      /* flags by the table */
	PF_SIGNAL,     /* a signal; a number above 128, which no signal is */
	PF_NAME_IN,    /* a thread name the kernel reads: COMM_LEN - 1 bytes at most */
	PF_NAME_OUT,   /* a buffer the kernel writes a thread name to */
	PF_UINT_OUT,   /* an int the kernel writes: [1] */
	PF_SIGNAL_OUT, /* an int the kernel writes a signal to: [SIGKILL] */
	PF_CONST_OUT,  /* an int the kernel writes a constant to: [PR_TSC_ENABLE] */
	PF_FLAGS_OUT,  /* an int the kernel writes flags to */
	PF_KPTR_OUT,   /* a pointer the kernel writes: [0x7f...] */
	PF_ADDR,       /* an address */
	PF_STRING,     /* a string the kernel reads (PR_SET_VMA_ANON_NAME's name) */
	PF_PTRACER,    /* a pid, or -1: PR_SET_PTRACER_ANY */
	PF_CORE_PID,   /* PR_SCHED_CORE's pid, of the kind arg4 says */
	PF_PID_TYPE,   /* PR_SCHED_CORE's kind of pid, always with its name as a comment */
	PF_COOKIE_OUT, /* a u64 the kernel writes: [0x...] */
	PF_FPROG,      /* a seccomp filter's struct sock_fprog: {len=1, filter=...} */
};

/* What a successful call's return value gets beside it. */
enum prctl_ret {
	PR_RET_PLAIN,	/* the number */
	PR_RET_NAME,	/* the name the table has for it, as a note: = 1 (SUID_DUMP_USER) */
	PR_RET_FLAGS,	/* in hex with its flags as a note, when not 0: = 0x2 (PR_SPEC_ENABLE) */
	PR_RET_FLAGS_0, /* the same, 0 included */
};

/* An option's arguments: args 1..4 (arg2..arg5), and its return value. */
struct prctl_layout {
	enum prctl_form form[5];
	const struct xlat *table[5];
	enum prctl_ret ret;
	const struct xlat *ret_table;
};

static void set_arg(struct prctl_layout *l, int i, enum prctl_form f, const struct xlat *x)
{
	l->form[i] = f;
	l->table[i] = x;
}

/* Args from..4 in hex, as strace shows the arguments an option gives no meaning. */
static void hex_from(struct prctl_layout *l, int from)
{
	for (int i = from; i <= 4; i++)
		set_arg(l, i, PF_HEX, NULL);
}

/* strace's forms, option by option; arg2 decides some of the arguments after it. */
static void prctl_layout_of(unsigned int option, uint64_t arg2, struct prctl_layout *l)
{
	memset(l, 0, sizeof(*l));
	switch (option) {
	case PR_GET_KEEPCAPS:
	case PR_GET_SECCOMP:
	case PR_GET_TIMERSLACK:
	case PR_GET_TIMING:
	case PR_TASK_PERF_EVENTS_DISABLE:
	case PR_TASK_PERF_EVENTS_ENABLE:
		return;
	case PR_GET_DUMPABLE:
		l->ret = PR_RET_NAME;
		l->ret_table = &xlat_suid_dump_modes;
		return;
	case PR_GET_SECUREBITS:
		l->ret = PR_RET_FLAGS;
		l->ret_table = &xlat_secbits;
		return;
	case PR_GET_FP_MODE:
		l->ret = PR_RET_FLAGS;
		l->ret_table = &xlat_pr_fp_mode;
		return;
	case PR_GET_CHILD_SUBREAPER:
	case PR_GET_ENDIAN:
	case PR_GET_FPEMU:
	case PR_GET_FPEXC:
		set_arg(l, 1, PF_UINT_OUT, NULL);
		return;
	case PR_GET_NAME:
		set_arg(l, 1, PF_NAME_OUT, NULL);
		return;
	case PR_GET_PDEATHSIG:
		set_arg(l, 1, PF_SIGNAL_OUT, NULL);
		return;
	case PR_GET_TID_ADDRESS:
		set_arg(l, 1, PF_KPTR_OUT, NULL);
		return;
	case PR_GET_TSC:
		set_arg(l, 1, PF_CONST_OUT, &xlat_pr_tsc);
		return;
	case PR_GET_UNALIGN:
		set_arg(l, 1, PF_FLAGS_OUT, &xlat_pr_unalign_flags);
		return;
	case PR_GET_SPECULATION_CTRL:
		set_arg(l, 1, PF_CONST, &xlat_pr_spec_cmds);
		if (arg2 == PR_SPEC_STORE_BYPASS || arg2 == PR_SPEC_INDIRECT_BRANCH ||
		    arg2 == PR_SPEC_L1D_FLUSH) {
			l->ret = PR_RET_FLAGS_0;
			l->ret_table = &xlat_pr_spec_get_flags;
		}
		return;
	case PR_SET_SPECULATION_CTRL:
		set_arg(l, 1, PF_CONST, &xlat_pr_spec_cmds);
		if (arg2 == PR_SPEC_STORE_BYPASS || arg2 == PR_SPEC_INDIRECT_BRANCH ||
		    arg2 == PR_SPEC_L1D_FLUSH)
			set_arg(l, 2, PF_CONST, &xlat_pr_spec_set_modes);
		else
			set_arg(l, 2, PF_HEX, NULL);
		return;
	case PR_SET_CHILD_SUBREAPER:
	case PR_SET_ENDIAN:
	case PR_SET_FPEMU:
	case PR_SET_FPEXC:
	case PR_SET_KEEPCAPS:
	case PR_SET_TIMING:
		set_arg(l, 1, PF_UDEC, NULL);
		return;
	case PR_SET_DUMPABLE:
		set_arg(l, 1, PF_CONST, &xlat_suid_dump_modes);
		return;
	case PR_CAPBSET_DROP:
	case PR_CAPBSET_READ:
		set_arg(l, 1, PF_CONST, &xlat_capabilities);
		return;
	case PR_CAP_AMBIENT:
		set_arg(l, 1, PF_CONST, &xlat_pr_cap_ambient);
		if (arg2 == PR_CAP_AMBIENT_RAISE || arg2 == PR_CAP_AMBIENT_LOWER ||
		    arg2 == PR_CAP_AMBIENT_IS_SET) {
			set_arg(l, 2, PF_CONST, &xlat_capabilities);
			hex_from(l, 3);
		} else {
			hex_from(l, 2);
		}
		return;
	case PR_MCE_KILL:
		set_arg(l, 1, PF_CONST, &xlat_pr_mce_kill);
		if (arg2 == PR_MCE_KILL_SET)
			set_arg(l, 2, PF_CONST, &xlat_pr_mce_kill_policy);
		else
			set_arg(l, 2, PF_HEX, NULL);
		hex_from(l, 3);
		return;
	case PR_MCE_KILL_GET:
		hex_from(l, 1);
		l->ret = PR_RET_NAME;
		l->ret_table = &xlat_pr_mce_kill_policy;
		return;
	case PR_SET_NAME:
		set_arg(l, 1, PF_NAME_IN, NULL);
		return;
	case PR_SET_VMA:
		set_arg(l, 1, PF_CONST, &xlat_pr_set_vma);
		if (arg2 == PR_SET_VMA_ANON_NAME) {
			set_arg(l, 2, PF_ADDR, NULL);
			set_arg(l, 3, PF_UDEC, NULL);
			set_arg(l, 4, PF_STRING, NULL);
		} else {
			hex_from(l, 2);
		}
		return;
	case PR_SET_MM:
		set_arg(l, 1, PF_CONST, &xlat_pr_set_mm);
		hex_from(l, 2);
		return;
	case PR_SET_PDEATHSIG:
		set_arg(l, 1, PF_SIGNAL, NULL);
		return;
	case PR_SET_PTRACER:
		set_arg(l, 1, PF_PTRACER, NULL);
		return;
	case PR_SET_SECCOMP:
		set_arg(l, 1, PF_CONST, &xlat_seccomp_modes);
		if (arg2 == SECCOMP_MODE_STRICT)
			return;
		/* a filter's program, as seccomp(SECCOMP_SET_MODE_FILTER) has it */
		if (arg2 == SECCOMP_MODE_FILTER)
			set_arg(l, 2, PF_FPROG, NULL);
		else
			hex_from(l, 2);
		return;
	case PR_SET_SECUREBITS:
		set_arg(l, 1, PF_FLAGS, &xlat_secbits);
		return;
	case PR_SET_TIMERSLACK:
		set_arg(l, 1, PF_DEC, NULL);
		return;
	case PR_SET_TSC:
		set_arg(l, 1, PF_CONST, &xlat_pr_tsc);
		return;
	case PR_SET_UNALIGN:
		set_arg(l, 1, PF_FLAGS, &xlat_pr_unalign_flags);
		return;
	case PR_SET_FP_MODE:
		set_arg(l, 1, PF_FLAGS, &xlat_pr_fp_mode);
		return;
	case PR_SET_NO_NEW_PRIVS:
	case PR_SET_THP_DISABLE:
	case PR_SET_IO_FLUSHER:
		set_arg(l, 1, PF_UDEC, NULL);
		hex_from(l, 2);
		return;
	case PR_SCHED_CORE:
		set_arg(l, 1, PF_CONST, &xlat_pr_sched_core_cmds);
		set_arg(l, 2, PF_CORE_PID, NULL);
		set_arg(l, 3, PF_PID_TYPE, &xlat_pr_sched_core_pidtypes);
		set_arg(l, 4, arg2 == PR_SCHED_CORE_GET ? PF_COOKIE_OUT : PF_ADDR, NULL);
		return;
	case PR_SET_SYSCALL_USER_DISPATCH:
		set_arg(l, 1, PF_CONST, &xlat_pr_sud_cmds);
		set_arg(l, 2, PF_HEX, NULL);
		set_arg(l, 3, PF_HEX, NULL);
		set_arg(l, 4, PF_ADDR, NULL);
		return;
	}
	/* PR_GET_NO_NEW_PRIVS, PR_GET_THP_DISABLE, PR_GET_IO_FLUSHER and unknown options */
	hex_from(l, 1);
}

/*
 * A thread's name: at most limit bytes, the rest of a name that does not end within them
 * shown as "...", and -s applies, as strace reads it.
 */
static void put_comm(struct writer *w, const struct bt_capture *cap, size_t limit)
{
	const char *p = hand_cap_data(cap);
	size_t n = cap->len < limit ? cap->len : limit;
	bool more = !memchr(p, '\0', n) && (n == limit || (cap->flags & BT_CAP_TRUNCATED));

	w_str(w, p, n, WR_STR_NUL | WR_STR_LIMIT | (more ? WR_STR_MORE : 0));
}

/* An int the kernel wrote, in the form given: [1], [SIGKILL], [PR_TSC_ENABLE]. */
static bool put_int_out(struct writer *w, const struct hand_call *hc, int i, enum prctl_form f,
			const struct xlat *x)
{
	const struct bt_capture *cap = hand_call_out(hc, i);
	uint32_t v;

	if (!cap || cap->len < sizeof(v))
		return false;
	memcpy(&v, hand_cap_data(cap), sizeof(v));
	w_deref_begin(w);
	switch (f) {
	case PF_SIGNAL_OUT:
		xlat_write_signal(w, (uint64_t)(int64_t)(int32_t)v);
		break;
	case PF_CONST_OUT:
		xlat_write_const(w, x, v, WR_HEX);
		break;
	case PF_FLAGS_OUT:
		xlat_write_flags(w, x, v);
		break;
	default:
		w_u64(w, v);
		break;
	}
	w_deref_end(w);
	return true;
}

/* The kind of pid PR_SCHED_CORE's arg3 is, by arg4. */
static enum pid_kind core_pid_kind(unsigned int type)
{
	switch (type) {
	case 0: /* PIDTYPE_PID */
		return PID_TID;
	case 1: /* PIDTYPE_TGID */
		return PID_TGID;
	case 2: /* PIDTYPE_PGID */
		return PID_PGID;
	case 3: /* PIDTYPE_SID */
		return PID_SID;
	}
	return PID_NONE;
}

/* A kind of pid, which strace comments even without -X verbose: 0 /\* PIDTYPE_PID *\/. */
static void put_pid_type(struct writer *w, const struct xlat *x, unsigned int type)
{
	const char *name = xlat_name(x, type);

	if (w_xlat_style(w) == WR_XLAT_RAW) {
		w_u64(w, type);
		return;
	}
	if (name) {
		w_u64(w, type);
		w_comment(w, name);
		return;
	}
	w_hex(w, type);
	w_comment(w, "PIDTYPE_???");
}

static enum hand_result prctl_arg(struct writer *w, const struct hand_call *hc, int i)
{
	uint64_t v = hc->enter->args[i];
	const struct bt_capture *cap;
	struct prctl_layout l;
	uint64_t word;

	prctl_layout_of((unsigned int)hc->enter->args[0], hc->enter->args[1], &l);
	switch (l.form[i]) {
	case PF_NONE:
		return HAND_OMIT;
	case PF_HEX:
		w_hex(w, v);
		return HAND_PRINTED;
	case PF_UDEC:
		w_u64(w, v);
		return HAND_PRINTED;
	case PF_DEC:
		w_s64(w, (int64_t)v);
		return HAND_PRINTED;
	case PF_CONST:
		xlat_write_const(w, l.table[i], v, WR_HEX);
		return HAND_PRINTED;
	case PF_FLAGS:
		xlat_write_flags_wide(w, l.table[i], v);
		return HAND_PRINTED;
	case PF_SIGNAL:
		if (v > 128)
			w_u64(w, v);
		else
			xlat_write_signal(w, v);
		return HAND_PRINTED;
	case PF_PTRACER:
		if ((int)v == -1)
			w_const(w, (uint64_t)-1, WR_DEC, "PR_SET_PTRACER_ANY", NULL);
		else
			decode_write_pid(hc->d, w, hc->enter->hdr.tgid, (int)v, PID_TGID);
		return HAND_PRINTED;
	case PF_CORE_PID:
		decode_write_pid(hc->d, w, hc->enter->hdr.tgid, (int)v,
				 core_pid_kind((unsigned int)hc->enter->args[3]));
		return HAND_PRINTED;
	case PF_PID_TYPE:
		put_pid_type(w, l.table[i], (unsigned int)v);
		return HAND_PRINTED;
	case PF_ADDR:
		w_ptr(w, v);
		return HAND_PRINTED;
	case PF_FPROG: {
		struct sock_fprog prog;

		cap = hand_call_in(hc, i);
		if (!cap || cap->len < sizeof(prog)) {
			hand_put_unread(w, v, record_capture(&hc->enter->hdr, i));
			return HAND_PRINTED;
		}
		memcpy(&prog, hand_cap_data(cap), sizeof(prog));
		bpf_insns_write_fprog(
			w, prog.len, (uintptr_t)prog.filter,
			hand_member_capture(hc, &hc->enter->hdr, i, PR_SET_SECCOMP, "filter", 0),
			CBPF_SECCOMP);
		return HAND_PRINTED;
	}
	case PF_NAME_IN:
	case PF_STRING:
		/*
		 * the kernel only reads it: what was read at exit is the same, when the page was
		 * not yet present at enter
		 */
		cap = hand_call_in(hc, i);
		if (!cap)
			cap = hand_call_out(hc, i);
		if (!cap)
			break;
		if (l.form[i] == PF_STRING)
			hand_print_limited_str(hc->d, w, hand_cap_data(cap), cap->len,
					       cap->flags & BT_CAP_TRUNCATED);
		else
			put_comm(w, cap, COMM_LEN - 1);
		return HAND_PRINTED;
	case PF_NAME_OUT:
		cap = hand_call_out(hc, i);
		if (!cap)
			break;
		put_comm(w, cap, COMM_LEN);
		return HAND_PRINTED;
	case PF_UINT_OUT:
	case PF_SIGNAL_OUT:
	case PF_CONST_OUT:
	case PF_FLAGS_OUT:
		if (put_int_out(w, hc, i, l.form[i], l.table[i]))
			return HAND_PRINTED;
		break;
	case PF_KPTR_OUT:
	case PF_COOKIE_OUT:
		cap = hand_call_out(hc, i);
		if (!cap || cap->len < sizeof(word))
			break;
		memcpy(&word, hand_cap_data(cap), sizeof(word));
		w_deref_begin(w);
		if (l.form[i] == PF_KPTR_OUT)
			w_ptr(w, word);
		else
			w_hex(w, word);
		w_deref_end(w);
		return HAND_PRINTED;
	}
	/* not read (a failed call, a bad address): the address */
	hand_put_unread(w, v, NULL);
	return HAND_PRINTED;
}

/*
 * What an option returns, as strace notes it: = 1 (SUID_DUMP_USER), = 0x2 (PR_SPEC_ENABLE).
 * The flags note is the names alone, which -X raw leaves out.
 */
static bool prctl_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	struct prctl_layout l;
	char text[256];
	const char *name;

	prctl_layout_of((unsigned int)hc->enter->args[0], hc->enter->args[1], &l);
	switch (l.ret) {
	case PR_RET_PLAIN:
		return false;
	case PR_RET_NAME:
		name = xlat_name(l.ret_table, (uint64_t)r->value);
		if (!name)
			return false;
		break;
	case PR_RET_FLAGS:
		if (r->value == 0)
			return false;
		/* fall through */
	case PR_RET_FLAGS_0:
		r->fmt = WR_HEX;
		if (w_xlat_style(w) == WR_XLAT_RAW) {
			w->ops->ret(w, r);
			return true;
		}
		xlat_format(text, sizeof(text), l.ret_table, (uint64_t)r->value);
		name = text;
		break;
	default:
		return false;
	}
	w->ops->ret(w, r);
	w->ops->ret_note_begin(w);
	w_name(w, name);
	w->ops->ret_note_end(w);
	return true;
}

/* clang-format off */
static const struct hand_arg_entry prctl_args[] = {
	{"prctl", "arg2", prctl_arg},
	{"prctl", "arg3", prctl_arg},
	{"prctl", "arg4", prctl_arg},
	{"prctl", "arg5", prctl_arg},
};

static const struct hand_return_entry prctl_returns[] = {
	{"prctl", prctl_return},
};
/* clang-format on */

const struct hand_family family_prctl = {
	.name = "prctl",
	.args = prctl_args,
	.nargs = sizeof(prctl_args) / sizeof(prctl_args[0]),
	.returns = prctl_returns,
	.nreturns = sizeof(prctl_returns) / sizeof(prctl_returns[0]),
};

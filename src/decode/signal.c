// SPDX-License-Identifier: GPL-2.0
/*
 * Signals. A signal set is a bitmap whose bit N-1 means signal N, which BTF's sigset_t
 * (unsigned long[1]) cannot say; which of siginfo's union members holds data depends on
 * si_code and the signal, which BTF cannot say either.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/members.h"
#include "xlat_tables.h"

#define SA_RESTORER_FLAG 0x04000000 /* asm/signal.h: SA_RESTORER */
/* linux/audit.h's, which clashes with glibc's signal.h: EM_X86_64 | 64BIT | LE */
#define AUDIT_ARCH_X86_64_VALUE 0xc000003eU

/*
 * A signal set, bit N-1 for signal N, as far as the capture goes. Written
 * as its complement when that is shorter, the way a "block all but" mask
 * reads best: ~[KILL STOP].
 */
void hand_print_sigset(const struct decoder *d, struct writer *w, const void *data, size_t len,
		       bool more)
{
	const unsigned char *p = data;
	unsigned int nsig = len * 8, set = 0;
	const char *short_name;
	bool invert;
	char name[32];

	for (unsigned int b = 0; b < nsig; b++)
		set += (p[b / 8] >> (b % 8)) & 1;
	invert = set > nsig / 2;
	w_arr_begin(w, invert ? WR_ARR_NOT_SET : WR_ARR_SET);
	for (unsigned int b = 0; b < nsig; b++) {
		bool bit = (p[b / 8] >> (b % 8)) & 1;

		if (bit == invert)
			continue;
		xlat_signal_name(name, sizeof(name), b + 1);
		/* in a set the prefix is noise: [INT TERM] */
		short_name = strncmp(name, "SIG", 3) ? name : name + 3;
		/* -X raw and -X verbose show the numbers: [2 15], [2 /\* INT *\/ 15 /\* TERM *\/] */
		if (w_xlat_style(w) == WR_XLAT_ABBREV)
			w_name2(w, name, short_name);
		else
			w_const(w, b + 1, WR_DEC, short_name, NULL);
	}
	w_arr_end(w, more);
}

/*
 * si_code's name: one of the codes any signal may carry (SI_USER, SI_KERNEL), else one of the
 * signal's own (why the kernel raised it), as strace looks them up.
 */
static const char *si_code_name(int sig, int code)
{
	const char *name = xlat_name(&xlat_si_codes, (uint64_t)(int64_t)code);
	const struct xlat *own = NULL;

	if (name)
		return name;
	switch (sig) {
	case SIGILL:
		own = &xlat_sigill_codes;
		break;
	case SIGFPE:
		own = &xlat_sigfpe_codes;
		break;
	case SIGSEGV:
		own = &xlat_sigsegv_codes;
		break;
	case SIGBUS:
		own = &xlat_sigbus_codes;
		break;
	case SIGTRAP:
		own = &xlat_sigtrap_codes;
		break;
	case SIGCHLD:
		own = &xlat_sigchld_codes;
		break;
	case SIGIO:
		own = &xlat_sigpoll_codes;
		break;
	case SIGSYS:
		own = &xlat_sigsys_codes;
		break;
	}
	return own ? xlat_name(own, (uint64_t)(int64_t)code) : NULL;
}

static void key_signed(struct writer *w, const char *key, long long v)
{
	w_key_num(w, key, (uint64_t)v, WR_DEC);
}

/* si_pid: with -Y, the name of the sender or of the child. */
static void key_pid(const struct decoder *d, struct writer *w, __u32 receiver, int pid)
{
	if (!d->pids) {
		key_signed(w, "si_pid", pid);
		return;
	}
	w_key(w, "si_pid");
	decode_write_pid(d, w, receiver, pid, PID_TGID);
}

static void key_pointer(struct writer *w, const char *key, const void *p)
{
	w_key(w, key);
	w_ptr(w, (uintptr_t)p);
}

/* A user or group id: (uid_t)-1 reads as -1, as strace writes ids. */
static void key_id(struct writer *w, const char *key, uint32_t id)
{
	if (id == (uint32_t)-1)
		key_signed(w, key, -1);
	else
		w_key_num(w, key, id, WR_UDEC);
}

/* Who sent the signal (-Y: its name, as the receiver sees it; receiver 0: not known). */
static void put_sender(const struct decoder *d, struct writer *w, __u32 receiver,
		       const siginfo_t *si)
{
	if (receiver)
		key_pid(d, w, receiver, si->si_pid);
	else
		key_signed(w, "si_pid", si->si_pid);
	key_id(w, "si_uid", si->si_uid);
}

/* The value sigqueue and timers carry. */
static void put_sigval(struct writer *w, const siginfo_t *si)
{
	key_signed(w, "si_int", si->si_int);
	key_pointer(w, "si_ptr", si->si_ptr);
}

/* SIGSYS's si_syscall, by name as strace shows it: __NR_getpid. */
static void put_syscall_nr(const struct decoder *d, struct writer *w, int nr, uint32_t arch)
{
	char name[64], text[80];

	w_key(w, "si_syscall");
	if (arch != AUDIT_ARCH_X86_64_VALUE || !*decode_syscall_name(d, nr, name, sizeof(name)) ||
	    !strncmp(name, "syscall_", 8)) {
		w_s64(w, nr);
		return;
	}
	snprintf(text, sizeof(text), "__NR_%s", name);
	w_const(w, (uint64_t)(int64_t)nr, WR_DEC, text, NULL);
}

/*
 * What siginfo's union holds, as strace chooses it: by si_code for a signal a process sent
 * (si_code <= 0), by the signal for one the kernel raised.
 */
static void put_siginfo_fields(const struct decoder *d, struct writer *w, __u32 receiver,
			       const siginfo_t *si)
{
	if (si->si_code <= 0) {
		switch (si->si_code) {
		case SI_USER:
		case SI_TKILL:
			put_sender(d, w, receiver, si);
			break;
		case SI_TIMER:
			w_key_num(w, "si_timerid", (uint32_t)si->si_timerid, WR_HEX);
			key_signed(w, "si_overrun", si->si_overrun);
			put_sigval(w, si);
			break;
		case SI_SIGIO:
			key_signed(w, "si_band", si->si_band);
			key_signed(w, "si_fd", si->si_fd);
			break;
		default:
			put_sender(d, w, receiver, si);
			if (si->si_ptr)
				put_sigval(w, si);
			break;
		}
		return;
	}
	switch (si->si_signo) {
	case SIGCHLD:
		put_sender(d, w, receiver, si);
		w_key(w, "si_status");
		if (si->si_code == CLD_EXITED)
			w_s64(w, si->si_status);
		else
			xlat_write_signal(w, (uint64_t)(int64_t)si->si_status);
		w_key(w, "si_utime");
		hand_put_clock_t(w, si->si_utime);
		w_key(w, "si_stime");
		hand_put_clock_t(w, si->si_stime);
		break;
	case SIGILL:
	case SIGFPE:
	case SIGSEGV:
	case SIGBUS:
	case SIGTRAP:
		key_pointer(w, "si_addr", si->si_addr);
		break;
	case SIGIO:
		if (si->si_code == POLL_IN || si->si_code == POLL_OUT || si->si_code == POLL_MSG) {
			key_signed(w, "si_band", si->si_band);
			key_signed(w, "si_fd", si->si_fd);
		}
		break;
	case SIGSYS:
		key_pointer(w, "si_call_addr", si->si_call_addr);
		put_syscall_nr(d, w, si->si_syscall, si->si_arch);
		w_key(w, "si_arch");
		xlat_write_const(w, &xlat_audit_archs, (uint32_t)si->si_arch, WR_HEX);
		break;
	default:
		if (si->si_pid || si->si_uid)
			put_sender(d, w, receiver, si);
		if (si->si_ptr)
			put_sigval(w, si);
		break;
	}
}

/*
 * A siginfo as strace shows it: {} when si_signo is 0 (nothing was filled in), else the
 * signal, si_code in hex under -X, si_errno when set, and the union's members that si_code
 * and the signal say hold data, which BTF cannot say. glibc's siginfo_t has the kernel's
 * layout; what len does not cover reads as 0. receiver: the thread it is for, or 0.
 */
static void write_siginfo(const struct decoder *d, struct writer *w, const void *data, size_t len,
			  __u32 receiver)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	memcpy(&si, data, len < sizeof(si) ? len : sizeof(si));
	w_struct_begin(w);
	if (si.si_signo) {
		w_key(w, "si_signo");
		xlat_write_signal(w, (uint64_t)(int64_t)si.si_signo);
		w_key(w, "si_code");
		w_const(w, (uint32_t)si.si_code, WR_HEX, si_code_name(si.si_signo, si.si_code),
			NULL);
		if (si.si_errno) {
			w_key(w, "si_errno");
			w_const(w, (uint32_t)si.si_errno, WR_UDEC, xlat_errno_name(si.si_errno),
				NULL);
		}
		put_siginfo_fields(d, w, receiver, &si);
	}
	w_obj_end(w, false);
}

void hand_print_siginfo(const struct decoder *d, struct writer *w, const void *data, size_t len,
			bool more)
{
	write_siginfo(d, w, data, len, 0);
}

void decode_write_signal(const struct decoder *d, struct writer *w, const struct call_view *v)
{
	const struct bt_rec_hdr *hdr = v->call->event;

	if (!hdr || hdr->type != BT_REC_SIGNAL)
		return;
	w->ops->signal_begin(w, v->signame, v->signo);
	write_siginfo(d, w, ((const struct bt_signal_rec *)hdr)->info, BT_SIGINFO_SIZE, hdr->tid);
	w->ops->signal_end(w);
}

/*
 * struct sigaction as strace shows it: the mask before the flags, as the C library's struct
 * has them, and the restorer only when SA_RESTORER says it is one.
 */
static void print_sigaction(const struct decoder *d, struct writer *w, const void *data, size_t len,
			    bool more)
{
	static const char *const with_restorer[] = {"sa_handler", "sa_mask", "sa_flags",
						    "sa_restorer", NULL};
	static const char *const without_restorer[] = {"sa_handler", "sa_mask", "sa_flags", NULL};
	__u32 id =
		d->types && d->types->btf ? types__find(d->types, "sigaction", BTF_KIND_STRUCT) : 0;
	struct btf_shape shape = {.members = with_restorer};
	struct decode_btf_extra extra = {.shape = &shape};
	long long flags;

	if (!id) {
		w_bytes(w, data, len, -1, more);
		return;
	}
	/* the kernel's flag, which glibc's headers do not give */
	if (decode_read_member(d, id, data, len, "sa_flags", &flags) && !(flags & SA_RESTORER_FLAG))
		shape.members = without_restorer;
	decode_write_btf(d, w, id, data, len, &extra);
}

/*
 * rt_sigreturn has no arguments: strace shows the mask it restores, from the signal frame on
 * the user stack ({mask=[USR1]}), which the collector reads there as argument 0 (see
 * rt_sigreturn's row in beauty/overrides.c). Without that read (a filter that decided at
 * exit, a frame that could not be read) the call shows no argument.
 */
static bool rt_sigreturn_call(struct writer *w, const struct hand_call *hc, enum hand_part part)
{
	const struct bt_capture *cap = hand_call_in(hc, 0);
	struct wr_arg a = {.name = "frame", .type = "struct rt_sigframe *"};

	if (part == HAND_PART_EXIT)
		return true;
	if (!cap || cap->len < 8 || hc->d->beauty->rules[hc->nr].enter[0].kind != BT_KIND_STACK)
		return true;
	w->ops->arg_begin(w, &a);
	w_struct_begin(w);
	w_key(w, "mask");
	hand_print_sigset(hc->d, w, hand_cap_data(cap), cap->len, false);
	w_obj_end(w, false);
	w->ops->arg_end(w);
	return true;
}

/* rt_sigtimedwait returns the signal it took: 12 (SIGUSR2). */
static bool signal_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	char name[32];

	if (!xlat_signal_name(name, sizeof(name), r->value))
		return false;
	w->ops->ret(w, r);
	w->ops->ret_note_begin(w);
	w_name(w, name);
	w->ops->ret_note_end(w);
	return true;
}

/* The kernel's sigset_t: 64 signals. */
#define KERNEL_SIGSET_BYTES 8

/*
 * A signal set whose size is an argument (sigsetsize, sizemask): read only when the size is
 * the kernel's (or, for rt_sigpending, no more), as strace does; with any other size, which
 * the kernel refuses, the address.
 */
static enum hand_result sigset_by_size(struct writer *w, const struct hand_call *hc, int i)
{
	const struct syscall_desc *desc = catalog__by_nr(hc->d->cat, hc->nr);
	int k = desc ? syscall_desc__arg_index(desc, "sigsetsize") : -1;

	/* rt_sigpending alone takes a shorter set, and writes as much of it */
	uint64_t min = strcmp(hand_call_name(hc), "rt_sigpending") ? KERNEL_SIGSET_BYTES : 1;

	if (k < 0 && desc)
		k = syscall_desc__arg_index(desc, "sizemask");
	if (k < 0 || (hc->enter->args[k] >= min && hc->enter->args[k] <= KERNEL_SIGSET_BYTES))
		return HAND_DEFAULT;
	hand_put_unread(w, hc->enter->args[i], NULL);
	return HAND_PRINTED;
}

/* clang-format off */
static const struct hand_arg_entry signal_args[] = {
	{"rt_sigprocmask", "nset", sigset_by_size},
	{"rt_sigprocmask", "oset", sigset_by_size},
	{"rt_sigpending", "uset", sigset_by_size},
	{"rt_sigsuspend", "unewset", sigset_by_size},
	{"rt_sigtimedwait", "uthese", sigset_by_size},
	{"signalfd", "user_mask", sigset_by_size},
	{"signalfd4", "user_mask", sigset_by_size},
	{"epoll_pwait", "sigmask", sigset_by_size},
	{"epoll_pwait2", "sigmask", sigset_by_size},
	{"ppoll", "sigmask", sigset_by_size},
};

static const struct hand_bytes_entry signal_bytes[] = {
	{"rt_sigprocmask", "nset", hand_print_sigset},
	{"rt_sigprocmask", "oset", hand_print_sigset},
	{"rt_sigpending", "uset", hand_print_sigset},
	{"rt_sigsuspend", "unewset", hand_print_sigset},
	{"rt_sigtimedwait", "uthese", hand_print_sigset},
	{"signalfd", "user_mask", hand_print_sigset},
	{"signalfd4", "user_mask", hand_print_sigset},
	{"epoll_pwait", "sigmask", hand_print_sigset},
	{"epoll_pwait2", "sigmask", hand_print_sigset},
	{"ppoll", "sigmask", hand_print_sigset},
	{"sigaction", "sa_mask", hand_print_sigset},
	{"rt_sigaction", "act", print_sigaction},
	{"waitid", "infop", hand_print_siginfo},
	{"rt_sigtimedwait", "uinfo", hand_print_siginfo},
	{"rt_sigqueueinfo", "uinfo", hand_print_siginfo},
	{"rt_tgsigqueueinfo", "uinfo", hand_print_siginfo},
	{"pidfd_send_signal", "info", hand_print_siginfo},
	{"rt_sigaction", "oact", print_sigaction},
};
/* clang-format on */

static const struct hand_return_entry signal_returns[] = {
	{"rt_sigtimedwait", signal_return},
};

static const struct hand_call_entry signal_calls[] = {
	{"rt_sigreturn", rt_sigreturn_call},
};

const struct hand_family family_signal = {
	.name = "signal",
	.bytes = signal_bytes,
	.nbytes = sizeof(signal_bytes) / sizeof(signal_bytes[0]),
	.args = signal_args,
	.nargs = sizeof(signal_args) / sizeof(signal_args[0]),
	.returns = signal_returns,
	.nreturns = sizeof(signal_returns) / sizeof(signal_returns[0]),
	.calls = signal_calls,
	.ncalls = sizeof(signal_calls) / sizeof(signal_calls[0]),
};

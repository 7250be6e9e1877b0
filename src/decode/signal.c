// SPDX-License-Identifier: GPL-2.0
/*
 * Signals. A signal set is a bitmap whose bit N-1 means signal N, which BTF's sigset_t
 * (unsigned long[1]) cannot say; which of siginfo's union members holds data depends on
 * si_code and the signal, which BTF cannot say either.
 */
#include <signal.h>
#include <string.h>
#include <bpf/btf.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/members.h"
#include "xlat_tables.h"

#define SA_RESTORER_FLAG 0x04000000 /* asm/signal.h: SA_RESTORER */

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
		w_name2(w, name, strncmp(name, "SIG", 3) ? name : name + 3);
	}
	w_arr_end(w, more);
}

/* si_code: who sent the signal (<= 0, or SI_KERNEL) or, when the kernel raised it, why. */
static const struct xlat *si_code_table(int sig, int code)
{
	if (code <= 0 || code == SI_KERNEL)
		return &xlat_si_codes;
	switch (sig) {
	case SIGILL:
		return &xlat_sigill_codes;
	case SIGFPE:
		return &xlat_sigfpe_codes;
	case SIGSEGV:
		return &xlat_sigsegv_codes;
	case SIGBUS:
		return &xlat_sigbus_codes;
	case SIGTRAP:
		return &xlat_sigtrap_codes;
	case SIGCHLD:
		return &xlat_sigchld_codes;
	case SIGIO:
		return &xlat_sigpoll_codes;
	case SIGSYS:
		return &xlat_sigsys_codes;
	}
	return &xlat_si_codes;
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

/*
 * A siginfo as strace shows it. Which union member holds data depends on
 * si_code and the signal, which BTF cannot say: this is the one place that
 * knows it. The record holds the kernel's first 48 bytes, the same layout
 * as glibc's siginfo_t. si_pid is as the receiver sees it (-Y names it).
 */
static void write_siginfo(const struct decoder *d, struct writer *w,
			  const struct bt_signal_rec *rec)
{
	siginfo_t si;
	int sig = rec->sig;

	memset(&si, 0, sizeof(si));
	memcpy(&si, rec->info, sizeof(rec->info));
	w_struct_begin(w);
	w_key(w, "si_signo");
	xlat_write_signal(w, (uint64_t)(int64_t)si.si_signo);
	w_key(w, "si_code");
	xlat_write_const(w, si_code_table(sig, si.si_code), (uint64_t)(int64_t)si.si_code, WR_AUTO);
	if (si.si_errno)
		key_signed(w, "si_errno", si.si_errno);
	if (si.si_code == SI_USER || si.si_code == SI_TKILL || si.si_code == SI_QUEUE ||
	    si.si_code == SI_MESGQ) {
		key_pid(d, w, rec->hdr.tid, si.si_pid);
		w_key_num(w, "si_uid", si.si_uid, WR_UDEC);
		if (si.si_code == SI_QUEUE || si.si_code == SI_MESGQ)
			key_signed(w, "si_int", si.si_int);
	} else if (si.si_code == SI_TIMER) {
		w_key_num(w, "si_timerid", (uint32_t)si.si_timerid, WR_HEX);
		key_signed(w, "si_overrun", si.si_overrun);
	} else if (si.si_code > 0 && si.si_code != SI_KERNEL) {
		switch (sig) {
		case SIGCHLD:
			key_pid(d, w, rec->hdr.tid, si.si_pid);
			w_key_num(w, "si_uid", si.si_uid, WR_UDEC);
			w_key(w, "si_status");
			if (si.si_code == CLD_EXITED)
				w_s64(w, si.si_status);
			else
				xlat_write_signal(w, (uint64_t)(int64_t)si.si_status);
			key_signed(w, "si_utime", si.si_utime);
			key_signed(w, "si_stime", si.si_stime);
			break;
		case SIGILL:
		case SIGFPE:
		case SIGSEGV:
		case SIGBUS:
		case SIGTRAP:
			key_pointer(w, "si_addr", si.si_addr);
			break;
		case SIGIO:
			key_signed(w, "si_band", si.si_band);
			key_signed(w, "si_fd", si.si_fd);
			break;
		case SIGSYS:
			key_pointer(w, "si_call_addr", si.si_call_addr);
			key_signed(w, "si_syscall", si.si_syscall);
			w_key_num(w, "si_arch", (uint32_t)si.si_arch, WR_HEX);
			break;
		}
	}
	w_obj_end(w, false);
}

void decode_write_signal(const struct decoder *d, struct writer *w, const struct call_view *v)
{
	const struct bt_rec_hdr *hdr = v->call->event;

	if (!hdr || hdr->type != BT_REC_SIGNAL)
		return;
	w->ops->signal_begin(w, v->signame, v->signo);
	write_siginfo(d, w, (const struct bt_signal_rec *)hdr);
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

/* clang-format off */
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
	{"rt_sigaction", "oact", print_sigaction},
};
/* clang-format on */

const struct hand_family family_signal = {
	.name = "signal",
	.bytes = signal_bytes,
	.nbytes = sizeof(signal_bytes) / sizeof(signal_bytes[0]),
};

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Fault injection without ptrace (-e inject=, -e fault=): strace's expressions, parsed and
 * resolved here; served at run time through seccomp user notification (injector.c).
 */
#ifndef BTFTRACE_INJECT_INJECT_H
#define BTFTRACE_INJECT_INJECT_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>
#include "bpf/record.h"
#include "catalog/catalog.h"
#include "filter/syscall_set.h"

/* Room for any message the functions below write. */
#define INJECT_ERR_MAX 512

/* when=: numbers from 1 to 65535; a last of 65535 means "no last", as in strace. */
#define INJECT_WHEN_MAX 0xffff
#define INJECT_LAST_INF 0xffff
/* error=: a number from 1 to 4095 (the kernel's MAX_ERRNO) or an errno name. */
#define INJECT_ERRNO_MAX 4095

/* What one expression does to a call it fires on (inject_action.flags). */
enum inject_flag {
	INJECT_F_ERROR = 1U << 0,	/* fail with error */
	INJECT_F_RETVAL = 1U << 1,	/* succeed with retval, the call not made */
	INJECT_F_SIGNAL = 1U << 2,	/* send signo to the thread as the call enters */
	INJECT_F_DELAY_ENTER = 1U << 3, /* hold the thread delay_enter_ns before the call */
	INJECT_F_SYSCALL = 1U << 4,	/* syscall=: a pure call stands in (nothing to do here) */
};

/* Which invocations an expression fires on: strace's first..last+step, and its counting. */
struct inject_when {
	__u16 first; /* 1..65535 */
	__u16 last;  /* first..65534, or INJECT_LAST_INF */
	__u16 step;  /* 0: only first; else every step-th from first on */
};

struct inject_action {
	unsigned int flags; /* INJECT_F_* */
	int error;	    /* INJECT_F_ERROR: 1..4095 */
	__s64 retval;	    /* INJECT_F_RETVAL */
	int signo;	    /* INJECT_F_SIGNAL: 1..64 */
	__u64 delay_enter_ns;
	char *syscall; /* INJECT_F_SYSCALL: the name given, checked against %pure at resolve */
	struct inject_when when;
};

/* One -e inject= or -e fault= value. */
struct inject_expr {
	char *text; /* as given, for messages */
	bool fault; /* -e fault=: only error=, when= and syscall=; ENOSYS by default */
	struct syscall_filter set; /* the syscalls it applies to */
	struct inject_action action;
};

/* Every -e inject= and -e fault= in the order given. Zero-initialised: none. */
struct inject_spec {
	struct inject_expr *exprs;
	int nexprs;
};

/*
 * Adds one expression, "SET:TOKEN[:TOKEN...]" as strace 6.1 takes it after -e inject= (fault
 * false) or -e fault= (fault true). The tokens: error=ERRNO (a name in any case, or 1..4095),
 * retval=N (strtoull's syntax, so -1 or 0x10), signal=SIG, delay_enter=TIME (strtod's number
 * with s, ms, us or ns; microseconds without), syscall=NAME, when=FIRST[..LAST][+[STEP]].
 * Empty tokens are skipped. error= and retval= exclude each other; each token but when= may
 * come once (the last when= counts). Without error=, retval=, signal= or delay_enter=, an
 * inject= expression is an error and a fault= one fails with ENOSYS. delay_exit=, poke_enter=
 * and poke_exit= are refused with the reason (seccomp stops a call only at its entry, and
 * btftrace does not poke). Returns 0, or -EINVAL or -ENOMEM with a message for the user (cause
 * and fix) in err.
 */
int inject_spec__add(struct inject_spec *spec, const char *text, bool fault, char *err,
		     size_t err_size);
void inject_spec__free(struct inject_spec *spec);

/*
 * What to do with each syscall number, resolved against the catalog: exprs' index of the last
 * expression naming the syscall, as in strace a later expression replaces an earlier one for
 * the syscalls they share. Only the syscalls of traced are injected: strace injects into the
 * calls it traces, and says nothing of the others. Only x86_64 calls (ids below BT_NR_I386):
 * the filter lets i386 ones through. Returns 0, or -EINVAL or -ENOMEM with a message in err:
 * an unknown syscall, a syscall= that is not %pure.
 */
struct inject_plan {
	const struct inject_spec *spec;
	short expr_of[BT_MAX_SYSCALLS]; /* -1: not injected */
	short slot_of[BT_MAX_SYSCALLS]; /* dense index of each injected syscall, or -1 */
	int nslots;
	struct syscall_set injected; /* the syscalls with an expression */
};

int inject_plan__resolve(struct inject_plan *plan, const struct inject_spec *spec,
			 const struct catalog *cat, const struct syscall_set *traced, char *err,
			 size_t err_size);

/*
 * strace's counting of one syscall's invocations in one thread: state starts as the
 * expression's when, and each invocation either fires (true) or not.
 */
bool inject_when__step(struct inject_when *state);

/*
 * The seccomp filter: classic BPF that hands the syscalls of set (x86_64 numbers) to the
 * listener (SECCOMP_RET_USER_NOTIF) and lets every other call through. It reads only the
 * architecture and the number, so the kernel's per-syscall cache (Linux 5.11) decides the
 * calls outside set without running it. Writes at most max instructions into insns; returns
 * their count, or -E2BIG.
 */
struct sock_filter;
int inject_filter__build(const struct syscall_set *set, struct sock_filter *insns, int max);
/* Instructions inject_filter__build needs at most. */
#define INJECT_FILTER_MAX_INSNS 4096

#endif /* BTFTRACE_INJECT_INJECT_H */

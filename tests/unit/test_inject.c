// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of -e inject= and -e fault=: strace 6.1's syntax (accepted and refused as strace
 * takes it), its counting of invocations, the resolved plan, and the seccomp filter, run here
 * by a small interpreter of classic BPF.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "inject/inject.h"
#include "syscall_formats.h"

static char err[INJECT_ERR_MAX];

/* The one expression text parses into, or a failed test. */
static struct inject_action parse_ok(struct inject_spec *spec, const char *text, bool fault)
{
	int rc = inject_spec__add(spec, text, fault, err, sizeof(err));

	if (rc)
		fail_msg("'%s' was refused: %s", text, err);
	return spec->exprs[spec->nexprs - 1].action;
}

/* text is refused, with a message that names want. */
static void refused(const char *text, bool fault, const char *want)
{
	struct inject_spec spec = {0};
	int rc = inject_spec__add(&spec, text, fault, err, sizeof(err));

	if (rc != -EINVAL)
		fail_msg("'%s' gave %d, not -EINVAL", text, rc);
	if (!strstr(err, want))
		fail_msg("the message for '%s' does not say '%s': %s", text, want, err);
	assert_int_equal(spec.nexprs, 0);
	inject_spec__free(&spec);
}

static void test_actions(void **state)
{
	struct inject_spec spec = {0};
	struct inject_action a;

	a = parse_ok(&spec, "openat:error=ENOENT", false);
	assert_int_equal(a.flags, INJECT_F_ERROR);
	assert_int_equal(a.error, ENOENT);
	/* errno names in any case, numbers up to the kernel's MAX_ERRNO, its own codes too */
	assert_int_equal(parse_ok(&spec, "openat:error=eacces", false).error, EACCES);
	assert_int_equal(parse_ok(&spec, "openat:error=4095", false).error, 4095);
	assert_int_equal(parse_ok(&spec, "openat:error=ERESTARTSYS", false).error, 512);
	/* retval= as strtoull reads it: hex, and -1 as 2^64-1 */
	a = parse_ok(&spec, "chdir:retval=0x10", false);
	assert_int_equal(a.flags, INJECT_F_RETVAL);
	assert_int_equal(a.retval, 16);
	assert_int_equal(parse_ok(&spec, "chdir:retval=-1", false).retval, -1);
	assert_int_equal(parse_ok(&spec, "chdir:retval=18446744073709551615", false).retval, -1);
	/* signals by name, with or without SIG, or number */
	a = parse_ok(&spec, "getpid:signal=USR1", false);
	assert_int_equal(a.flags, INJECT_F_SIGNAL);
	assert_int_equal(a.signo, SIGUSR1);
	assert_int_equal(parse_ok(&spec, "getpid:signal=sigterm", false).signo, SIGTERM);
	assert_int_equal(parse_ok(&spec, "getpid:signal=64", false).signo, 64);
	/* several actions together, empty tokens skipped */
	a = parse_ok(&spec, "getpid::error=EPERM:signal=INT:delay_enter=10ms:", false);
	assert_int_equal(a.flags, INJECT_F_ERROR | INJECT_F_SIGNAL | INJECT_F_DELAY_ENTER);
	assert_int_equal(a.delay_enter_ns, 10000000);
	/* syscall= is kept for the plan to check */
	a = parse_ok(&spec, "openat:syscall=getpid:error=EPERM", false);
	assert_string_equal(a.syscall, "getpid");
	assert_true(a.flags & INJECT_F_SYSCALL);
	/* the set takes -e trace='s syntax */
	parse_ok(&spec, "!openat,%file,/^get:error=EPERM", false);
	inject_spec__free(&spec);
	assert_null(spec.exprs);
}

static void test_fault(void **state)
{
	struct inject_spec spec = {0};
	struct inject_action a;

	/* -e fault= fails with ENOSYS unless told otherwise */
	a = parse_ok(&spec, "openat", true);
	assert_int_equal(a.flags, INJECT_F_ERROR);
	assert_int_equal(a.error, ENOSYS);
	a = parse_ok(&spec, "openat:when=3", true);
	assert_int_equal(a.error, ENOSYS);
	assert_int_equal(a.when.first, 3);
	assert_int_equal(parse_ok(&spec, "openat:error=EIO", true).error, EIO);
	inject_spec__free(&spec);
	refused("openat:signal=USR1", true, "fault= takes only error=, when= and syscall=");
	refused("openat:retval=1", true, "fault= takes only");
	refused("openat:delay_enter=1", true, "fault= takes only");
}

/* Which of the first n invocations an expression's when= fires on, as a string of 0 and 1. */
static const char *firing(const char *when, int n)
{
	static char out[64];
	struct inject_spec spec = {0};
	char text[64];
	struct inject_when w;

	snprintf(text, sizeof(text), "getpid:error=EPERM:when=%s", when);
	w = parse_ok(&spec, text, false).when;
	for (int i = 0; i < n; i++)
		out[i] = inject_when__step(&w) ? '1' : '0';
	out[n] = 0;
	inject_spec__free(&spec);
	return out;
}

static void test_when(void **state)
{
	struct inject_spec spec = {0};
	struct inject_when w;

	/* no when=: every invocation (1..INF+1) */
	w = parse_ok(&spec, "getpid:error=EPERM", false).when;
	assert_int_equal(w.first, 1);
	assert_int_equal(w.last, INJECT_LAST_INF);
	assert_int_equal(w.step, 1);
	inject_spec__free(&spec);
	assert_string_equal(firing("2", 8), "01000000");
	assert_string_equal(firing("2+", 8), "01111111");
	assert_string_equal(firing("2+3", 10), "0100100100");
	assert_string_equal(firing("2..4", 8), "01110000");
	assert_string_equal(firing("2..7+2", 10), "0101010000");
	assert_string_equal(firing("1..1", 4), "1000");
	assert_string_equal(firing("3..5+", 8), "00111000");
	/* strtoll's leading blank and plus pass, as in strace */
	assert_string_equal(firing("+2", 4), "0100");
	assert_string_equal(firing("01", 4), "1000");
	/* the last when= counts */
	assert_string_equal(firing("5:when=1", 4), "1000");
	/* 65535 is a first and a step, but not a last */
	assert_string_equal(firing("65535", 3), "000");
	assert_string_equal(firing("1+65535", 3), "100");
	assert_string_equal(firing("1..65534", 3), "111");
	refused("getpid:error=EPERM:when=0", false, "when= takes");
	refused("getpid:error=EPERM:when=65536", false, "when=65536");
	refused("getpid:error=EPERM:when=2..65535", false, "when= takes");
	refused("getpid:error=EPERM:when=3..2", false, "when= takes");
	refused("getpid:error=EPERM:when=2+0", false, "when= takes");
	refused("getpid:error=EPERM:when=2..", false, "when= takes");
	refused("getpid:error=EPERM:when=2..3.", false, "when= takes");
	refused("getpid:error=EPERM:when=1...2", false, "when= takes");
	refused("getpid:error=EPERM:when=0x2", false, "when= takes");
	refused("getpid:error=EPERM:when=-1", false, "when= takes");
	refused("getpid:error=EPERM:when=+", false, "when= takes");
	refused("getpid:error=EPERM:when=", false, "when= takes");
}

static void test_refused(void **state)
{
	refused("openat", false, "say what to inject");
	refused("openat:when=2", false, "say what to inject");
	refused(":error=EPERM", false, "no syscalls before the first ':'");
	refused("", false, "no syscalls before the first ':'");
	refused("trace=openat:error=EPERM", false, "is no syscall set");
	refused("openat:error=ENOENT:retval=1", false, "one error= or retval=");
	refused("openat:retval=1:error=ENOENT", false, "one error= or retval=");
	refused("openat:error=EPERM:error=EPERM", false, "one error= or retval=");
	refused("openat:error=0", false, "error= takes");
	refused("openat:error=4096", false, "error= takes");
	refused("openat:error=ENOSUCH", false, "error= takes");
	refused("openat:retval=", false, "retval= takes");
	refused("openat:retval=18446744073709551616", false, "retval= takes");
	refused("openat:retval=1x", false, "retval= takes");
	refused("openat:signal=65", false, "signal= takes");
	refused("openat:signal=SIGNOPE", false, "signal= takes");
	refused("openat:signal=USR1:signal=USR2", false, "signal= is given twice");
	refused("openat:delay_enter=1:delay_enter=2", false, "delay_enter= is given twice");
	refused("openat:delay_enter=1h", false, "delay_enter= takes");
	refused("openat:syscall=getpid:syscall=getpid:error=EPERM", false,
		"syscall= is given twice");
	refused("openat:bogus=1", false, "unknown token 'bogus=1'");
	/* what seccomp cannot serve, and what btftrace does not do, say why */
	refused("openat:delay_exit=1ms", false, "use delay_enter=");
	refused("openat:poke_enter=@arg1=00", false, "not supported");
	refused("openat:poke_exit=@arg1=00", false, "not supported");
	/* the set's own errors come from -e trace='s parser */
	refused("!:error=EPERM", false, "nothing after '!'");
}

/* ---------------------------------------------------------------- the plan */

static struct catalog *cat;

static int nr_of(const char *name)
{
	const struct syscall_desc *desc = catalog__by_name(cat, name);

	if (!desc)
		fail_msg("%s is not in the build's unistd table", name);
	return desc->nr;
}

/* Gives the syscall name the tracefs format decls (FORMAT calls it). */
static void format(const char *name, int nargs, const char *const decls[][2])
{
	syscall_desc_set_format(&cat->descs[nr_of(name)], nargs, decls);
}

static int setup_catalog(void **state)
{
	cat = calloc(1, sizeof(*cat));
	if (!cat || catalog__load(cat, NULL))
		return -1;
	FORMAT("openat", {"int", "dfd"}, {"const char *", "filename"}, {"int", "flags"},
	       {"umode_t", "mode"});
	FORMAT("chdir", {"const char *", "filename"});
	FORMAT("close", {"unsigned int", "fd"});
	format("getpid", 0, NULL);
	format("getppid", 0, NULL);
	return 0;
}

static int teardown_catalog(void **state)
{
	free(cat);
	return 0;
}

static void all_traced(struct syscall_set *s)
{
	memset(s, 0, sizeof(*s));
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++)
		syscall_set__add(s, nr);
}

static void test_plan(void **state)
{
	struct inject_spec spec = {0};
	struct inject_plan plan;
	struct syscall_set traced;

	all_traced(&traced);
	parse_ok(&spec, "openat,chdir:error=ENOENT", false);
	parse_ok(&spec, "chdir,close:retval=0", false);
	assert_int_equal(inject_plan__resolve(&plan, &spec, cat, &traced, err, sizeof(err)), 0);
	/* a later expression replaces an earlier one for the syscalls they share, as in strace */
	assert_int_equal(plan.expr_of[nr_of("openat")], 0);
	assert_int_equal(plan.expr_of[nr_of("chdir")], 1);
	assert_int_equal(plan.expr_of[nr_of("close")], 1);
	assert_int_equal(plan.expr_of[nr_of("read")], -1);
	assert_int_equal(plan.nslots, 3);
	assert_int_equal(syscall_set__count(&plan.injected), 3);
	/* one slot each, dense */
	assert_true(plan.slot_of[nr_of("openat")] >= 0 && plan.slot_of[nr_of("openat")] < 3);
	assert_true(plan.slot_of[nr_of("chdir")] != plan.slot_of[nr_of("close")]);
	assert_int_equal(plan.slot_of[nr_of("read")], -1);
	/* the i386 ids of the same names are left to the filter's pass-through */
	for (int nr = BT_NR_I386; nr < BT_MAX_SYSCALLS; nr++)
		assert_int_equal(plan.expr_of[nr], -1);

	/* only traced syscalls are injected: -e trace=chdir leaves openat and close alone */
	memset(&traced, 0, sizeof(traced));
	syscall_set__add(&traced, nr_of("chdir"));
	assert_int_equal(inject_plan__resolve(&plan, &spec, cat, &traced, err, sizeof(err)), 0);
	assert_int_equal(plan.nslots, 1);
	assert_int_equal(plan.expr_of[nr_of("openat")], -1);
	assert_int_equal(plan.expr_of[nr_of("chdir")], 1);
	inject_spec__free(&spec);

	/* names are checked against the catalog; syscall= must be %pure */
	all_traced(&traced);
	parse_ok(&spec, "nosuchcall:error=EPERM", false);
	assert_int_equal(inject_plan__resolve(&plan, &spec, cat, &traced, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "nosuchcall"));
	inject_spec__free(&spec);
	parse_ok(&spec, "?nosuchcall,openat:error=EPERM", false);
	assert_int_equal(inject_plan__resolve(&plan, &spec, cat, &traced, err, sizeof(err)), 0);
	assert_int_equal(plan.nslots, 1);
	inject_spec__free(&spec);
	parse_ok(&spec, "openat:syscall=getppid:error=EPERM", false);
	assert_int_equal(inject_plan__resolve(&plan, &spec, cat, &traced, err, sizeof(err)), 0);
	inject_spec__free(&spec);
	parse_ok(&spec, "openat:syscall=close:error=EPERM", false);
	assert_int_equal(inject_plan__resolve(&plan, &spec, cat, &traced, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "syscall=close is not a pure syscall"));
	inject_spec__free(&spec);
	parse_ok(&spec, "openat:syscall=nosuch:error=EPERM", false);
	assert_int_equal(inject_plan__resolve(&plan, &spec, cat, &traced, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "unknown syscall 'nosuch' in syscall="));
	inject_spec__free(&spec);
}

/* ---------------------------------------------------------------- the seccomp filter */

/* Runs a seccomp filter of the instructions the builder uses on (arch, nr). */
static __u32 run_filter(const struct sock_filter *insns, int n, __u32 arch, __u32 nr)
{
	struct seccomp_data data = {.nr = (int)nr, .arch = arch};
	__u32 acc = 0;

	for (int pc = 0; pc < n; pc++) {
		const struct sock_filter *in = &insns[pc];

		switch (in->code) {
		case BPF_LD | BPF_W | BPF_ABS:
			if (in->k + 4 > sizeof(data))
				fail_msg("load of offset %u", in->k);
			memcpy(&acc, (const char *)&data + in->k, 4);
			break;
		case BPF_JMP | BPF_JA:
			pc += in->k;
			break;
		case BPF_JMP | BPF_JEQ | BPF_K:
			pc += acc == in->k ? in->jt : in->jf;
			break;
		case BPF_JMP | BPF_JGE | BPF_K:
			pc += acc >= in->k ? in->jt : in->jf;
			break;
		case BPF_JMP | BPF_JGT | BPF_K:
			pc += acc > in->k ? in->jt : in->jf;
			break;
		case BPF_RET | BPF_K:
			return in->k;
		default:
			fail_msg("instruction %d: code 0x%x the builder does not use", pc,
				 in->code);
		}
	}
	fail_msg("the filter ran off its end");
	return 0;
}

static void check_filter(const struct syscall_set *set)
{
	static struct sock_filter insns[INJECT_FILTER_MAX_INSNS];
	int n = inject_filter__build(set, insns, INJECT_FILTER_MAX_INSNS);

	assert_true(n > 0);
	for (int i = 0; i < n; i++) {
		/* every jump lands inside the program */
		if (BPF_CLASS(insns[i].code) != BPF_JMP)
			continue;
		if (BPF_OP(insns[i].code) == BPF_JA)
			assert_true(i + 1 + (long)insns[i].k < n);
		else
			assert_true(i + 1 + insns[i].jt < n && i + 1 + insns[i].jf < n);
	}
	for (__u32 nr = 0; nr < BT_MAX_SYSCALLS + 64; nr++) {
		__u32 want = nr < BT_MAX_SYSCALLS && syscall_set__has(set, nr)
				     ? SECCOMP_RET_USER_NOTIF
				     : SECCOMP_RET_ALLOW;

		if (run_filter(insns, n, AUDIT_ARCH_X86_64, nr) != want)
			fail_msg("nr %u: the filter does not say %s", nr,
				 want == SECCOMP_RET_ALLOW ? "allow" : "notify");
		/* 32-bit calls and x32's are another table: never held */
		assert_int_equal(run_filter(insns, n, AUDIT_ARCH_I386, nr), SECCOMP_RET_ALLOW);
		assert_int_equal(run_filter(insns, n, AUDIT_ARCH_X86_64, nr | 0x40000000),
				 SECCOMP_RET_ALLOW);
	}
	assert_int_equal(run_filter(insns, n, AUDIT_ARCH_X86_64, 0xffffffff), SECCOMP_RET_ALLOW);
}

static void test_filter(void **state)
{
	struct syscall_set set;

	memset(&set, 0, sizeof(set));
	check_filter(&set);
	syscall_set__add(&set, 257);
	check_filter(&set);
	syscall_set__add(&set, 0);
	syscall_set__add(&set, 1);
	syscall_set__add(&set, 2);
	syscall_set__add(&set, BT_MAX_SYSCALLS - 1);
	check_filter(&set);
	/* every other number: the most ranges, the longest jumps */
	memset(&set, 0, sizeof(set));
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr += 2)
		syscall_set__add(&set, nr);
	check_filter(&set);
	/* all of them: one range */
	all_traced(&set);
	check_filter(&set);
	/* a pseudo-random set, the same each run */
	memset(&set, 0, sizeof(set));
	for (unsigned int x = 12345, i = 0; i < 200; i++) {
		x = x * 1103515245 + 12345;
		syscall_set__add(&set, (x >> 8) % BT_MAX_SYSCALLS);
	}
	check_filter(&set);
	/* too small a buffer is said so */
	{
		struct sock_filter few[4];

		assert_int_equal(inject_filter__build(&set, few, 4), -E2BIG);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_actions),
		cmocka_unit_test(test_fault),
		cmocka_unit_test(test_when),
		cmocka_unit_test(test_refused),
		cmocka_unit_test_setup_teardown(test_plan, setup_catalog, teardown_catalog),
		cmocka_unit_test(test_filter),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

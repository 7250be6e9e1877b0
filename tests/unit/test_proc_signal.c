// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the signal, time and process family's decoders (src/decode/signal.c,
 * src/decode/proc.c): whole calls built as the collector's records, with captured bytes made
 * here, decoded through the running kernel's BTF to the line strace 6.1 prints for them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "beauty/beauty.h"
#include "decode/decode.h"
#include "call_records.h"
#include "syscall_formats.h"

static struct types types;
static struct catalog *cat;
static struct beauty *beauty;
static struct decoder dec;
static struct outbuf ob;

/* The formats of the syscalls tested, as tracefs gives them on x86_64. */
#define ADD(nr, name, ...)                                                      \
	do {                                                                    \
		static const char *const d[][2] = {__VA_ARGS__};                \
		catalog_add_format(cat, nr, name, sizeof(d) / sizeof(d[0]), d); \
	} while (0)

static void add_formats(void)
{
	catalog_add_format(cat, SYS_rt_sigreturn, "rt_sigreturn", 0, NULL);
	ADD(SYS_sched_setattr, "sched_setattr", {"pid_t", "pid"}, {"struct sched_attr *", "uattr"},
	    {"unsigned int", "flags"});
	ADD(SYS_sched_getattr, "sched_getattr", {"pid_t", "pid"}, {"struct sched_attr *", "uattr"},
	    {"unsigned int", "usize"}, {"unsigned int", "flags"});
	ADD(SYS_sched_setparam, "sched_setparam", {"pid_t", "pid"},
	    {"struct sched_param *", "param"});
	ADD(SYS_ioprio_set, "ioprio_set", {"int", "which"}, {"int", "who"}, {"int", "ioprio"});
	ADD(SYS_ioprio_get, "ioprio_get", {"int", "which"}, {"int", "who"});
	ADD(SYS_membarrier, "membarrier", {"int", "cmd"}, {"unsigned int", "flags"},
	    {"int", "cpu_id"});
	ADD(SYS_personality, "personality", {"unsigned int", "personality"});
	ADD(SYS_kexec_load, "kexec_load", {"unsigned long", "entry"},
	    {"unsigned long", "nr_segments"}, {"struct kexec_segment *", "segments"},
	    {"unsigned long", "flags"});
	ADD(SYS_syslog, "syslog", {"int", "type"}, {"char *", "buf"}, {"int", "len"});
	ADD(SYS_kcmp, "kcmp", {"pid_t", "pid1"}, {"pid_t", "pid2"}, {"int", "type"},
	    {"unsigned long", "idx1"}, {"unsigned long", "idx2"});
	ADD(SYS_ptrace, "ptrace", {"long", "request"}, {"long", "pid"}, {"unsigned long", "addr"},
	    {"unsigned long", "data"});
	ADD(SYS_rt_sigtimedwait, "rt_sigtimedwait", {"const sigset_t *", "uthese"},
	    {"siginfo_t *", "uinfo"}, {"const struct __kernel_timespec *", "uts"},
	    {"size_t", "sigsetsize"});
	ADD(SYS_rt_sigprocmask, "rt_sigprocmask", {"int", "how"}, {"sigset_t *", "nset"},
	    {"sigset_t *", "oset"}, {"size_t", "sigsetsize"});
	ADD(SYS_signalfd, "signalfd", {"int", "ufd"}, {"sigset_t *", "user_mask"},
	    {"size_t", "sizemask"});
	ADD(SYS_waitid, "waitid", {"int", "which"}, {"pid_t", "upid"},
	    {"struct siginfo *", "infop"}, {"int", "options"}, {"struct rusage *", "ru"});
	ADD(SYS_rt_sigpending, "rt_sigpending", {"sigset_t *", "uset"}, {"size_t", "sigsetsize"});
	ADD(SYS_seccomp, "seccomp", {"unsigned int", "op"}, {"unsigned int", "flags"},
	    {"void *", "uargs"});
	ADD(SYS_time, "time", {"__kernel_old_time_t *", "tloc"});
	ADD(SYS_times, "times", {"struct tms *", "tbuf"});
}

static int nr_of(const char *name)
{
	const struct syscall_desc *desc = catalog__by_name(cat, name);

	return desc ? desc->nr : -1;
}

static int setup_with(const struct decode_opts *opts)
{
	cat = calloc(1, sizeof(*cat));
	beauty = calloc(1, sizeof(*beauty));
	if (!cat || !beauty || types__load(&types, NULL))
		return -1;
	add_formats();
	if (beauty__build(beauty, cat, &types))
		return -1;
	return decoder__init(&dec, cat, beauty, &types, opts);
}

static int setup(void **state)
{
	struct decode_opts opts;

	decode_opts_default(&opts);
	return setup_with(&opts);
}

static int teardown(void **state)
{
	decoder__free(&dec);
	types__free(&types);
	free(cat);
	free(beauty);
	return 0;
}

/* Starts the call named name, which the catalog must know. */
static void begin_named(const char *name, __u64 a0, __u64 a1, __u64 a2, __u64 a3, __u64 a4,
			__u64 a5)
{
	int nr = nr_of(name);

	assert_true(nr >= 0);
	begin(nr, a0, a1, a2, a3, a4, a5);
}

/* The whole line of the call, returning ret. */
static const char *line(__s64 ret)
{
	return call_text_line(&dec, &ob, ret);
}

/*
 * rt_sigreturn: the mask its signal frame restores, read on the user stack where x86_64's
 * kernel finds the frame (sp - 8, the handler's return having popped pretcode).
 */
static void test_rt_sigreturn_mask_from_the_frame(void **state)
{
	const struct bt_arg_rule *r = &beauty->rules[SYS_rt_sigreturn].enter[0];
	__u64 mask = 1ULL << (SIGTERM - 1) | 1ULL << (SIGRTMIN + 2 - 1);

	assert_int_equal(r->kind, BT_KIND_STACK);
	assert_int_equal(r->len, 8);
	/* the x86_64 ABI's frame: pretcode, uc_flags, uc_link, uc_stack (24), sigcontext (256) */
	assert_int_equal(r->sp_offset, 8 + 8 + 8 + 24 + 256 - 8);
	begin_named("rt_sigreturn", 0, 0, 0, 0, 0, 0);
	in(0, &mask, sizeof(mask));
	assert_string_equal(line(0), "rt_sigreturn({mask=[TERM RT_4]}) = 0");
	/* nothing read (a filter that decided at exit): no argument, as before */
	begin_named("rt_sigreturn", 0, 0, 0, 0, 0, 0);
	assert_string_equal(line(-4), "rt_sigreturn() = -1 EINTR (Interrupted system call)");
}

static const __u64 PTR = 0x7ffc12345678;

/* siginfo's union by si_code for a sender, by signal for the kernel; {} when empty. */
static void test_siginfo_members_by_code_and_signal(void **state)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	si.si_signo = SIGCHLD;
	si.si_code = CLD_EXITED;
	si.si_pid = 42;
	si.si_uid = 1000;
	si.si_status = 3;
	si.si_utime = 30;
	begin_named("waitid", P_PID, 42, PTR, WEXITED, 0, 0);
	out(2, &si, sizeof(si));
	assert_string_equal(line(0),
			    "waitid(P_PID, 42, {si_signo=SIGCHLD, si_code=CLD_EXITED, "
			    "si_pid=42, si_uid=1000, si_status=3, si_utime=30 /* 0.30 s */, "
			    "si_stime=0}, WEXITED, NULL) = 0");
	/* WNOHANG and no child changed state: the kernel zeroed it */
	memset(&si, 0, sizeof(si));
	begin_named("waitid", P_ALL, 0, PTR, WNOHANG | WEXITED, 0, 0);
	out(2, &si, sizeof(si));
	assert_string_equal(line(0), "waitid(P_ALL, 0, {}, WNOHANG|WEXITED, NULL) = 0");
	/* sigqueue: the sender, and the value since si_ptr is set; an unknown which */
	si.si_signo = SIGUSR1;
	si.si_code = SI_QUEUE;
	si.si_pid = 7;
	si.si_uid = (uid_t)-1;
	si.si_value.sival_int = 7;
	begin_named("rt_sigtimedwait", PTR, PTR + 8, 0, 8, 0, 0);
	in(0, &(__u64){1ULL << (SIGUSR1 - 1)}, 8);
	out(1, &si, sizeof(si));
	assert_string_equal(
		line(SIGUSR1),
		"rt_sigtimedwait([USR1], {si_signo=SIGUSR1, si_code=SI_QUEUE, si_pid=7, "
		"si_uid=-1, si_int=7, si_ptr=0x7}, NULL, 8) = 10 (SIGUSR1)");
	/* a kernel signal with no sender: only who it is */
	memset(&si, 0, sizeof(si));
	si.si_signo = SIGALRM;
	si.si_code = SI_KERNEL;
	begin_named("waitid", 0x7ead, 0, PTR, WEXITED, 0, 0);
	out(2, &si, sizeof(si));
	assert_string_equal(line(0), "waitid(0x7ead /* P_??? */, 0, {si_signo=SIGALRM, "
				     "si_code=SI_KERNEL}, WEXITED, NULL) = 0");
}

/* A signal set whose size argument is not the kernel's is its address, as strace shows it. */
static void test_sigset_read_only_at_the_kernel_size(void **state)
{
	__u64 set = 1ULL << (SIGINT - 1);

	begin_named("rt_sigprocmask", SIG_BLOCK, PTR, 0, 8, 0, 0);
	in(1, &set, sizeof(set));
	assert_string_equal(line(0), "rt_sigprocmask(SIG_BLOCK, [INT], NULL, 8) = 0");
	begin_named("rt_sigprocmask", SIG_BLOCK, PTR, 0, 7, 0, 0);
	in(1, &set, sizeof(set));
	assert_string_equal(line(-EINVAL), "rt_sigprocmask(SIG_BLOCK, 0x7ffc12345678, NULL, 7) = "
					   "-1 EINVAL (Invalid argument)");
	/* rt_sigpending writes as much of the set as it is asked for, up to the kernel's */
	begin_named("rt_sigpending", PTR, 4, 0, 0, 0, 0);
	out(0, &set, 4);
	assert_string_equal(line(0), "rt_sigpending([INT], 4) = 0");
	begin_named("rt_sigpending", PTR, 0, 0, 0, 0, 0);
	assert_string_equal(line(0), "rt_sigpending(0x7ffc12345678, 0) = 0");
	begin_named("signalfd", -1, PTR, 0, 0, 0, 0);
	in(1, &set, sizeof(set));
	assert_string_equal(line(-EINVAL),
			    "signalfd(-1, 0x7ffc12345678, 0) = -1 EINVAL (Invalid argument)");
}

/* struct sched_attr (x86_64's, 56 bytes) as strace shows it. */
struct k_sched_attr {
	__u32 size, sched_policy;
	__u64 sched_flags;
	__s32 sched_nice;
	__u32 sched_priority;
	__u64 sched_runtime, sched_deadline, sched_period;
	__u32 sched_util_min, sched_util_max;
};

static void test_sched_attr_by_its_size(void **state)
{
	struct k_sched_attr a = {.size = 48, .sched_flags = 1, .sched_runtime = 1400000};
	int prio = 5;

	begin_named("sched_getattr", 0, PTR, 48, 0, 0, 0);
	out(1, &a, sizeof(a));
	assert_string_equal(line(0), "sched_getattr(0, {size=48, sched_policy=SCHED_OTHER, "
				     "sched_flags=SCHED_FLAG_RESET_ON_FORK, sched_nice=0, "
				     "sched_priority=0, sched_runtime=1400000, sched_deadline=0, "
				     "sched_period=0}, 48, 0) = 0");
	/* the kernel's SCHED_FLAG_KEEP_*: no policy, no parameters */
	a = (struct k_sched_attr){.size = 56, .sched_policy = 3, .sched_flags = 0x18};
	begin_named("sched_setattr", 0, PTR, 0, 0, 0, 0);
	in(1, &a, sizeof(a));
	assert_string_equal(line(0),
			    "sched_setattr(0, {size=56, sched_flags=SCHED_FLAG_KEEP_POLICY|"
			    "SCHED_FLAG_KEEP_PARAMS, sched_util_min=0, sched_util_max=0}, "
			    "0) = 0");
	/* a size larger than the struct: "..." */
	a = (struct k_sched_attr){.size = 100};
	begin_named("sched_setattr", 0, PTR, 0, 0, 0, 0);
	in(1, &a, sizeof(a));
	assert_string_equal(line(-E2BIG), "sched_setattr(0, {size=100, sched_policy=SCHED_OTHER, "
					  "sched_flags=0, sched_nice=0, sched_priority=0, "
					  "sched_runtime=0, sched_deadline=0, sched_period=0, "
					  "sched_util_min=0, sched_util_max=0, ...}, 0) = -1 E2BIG "
					  "(Argument list too long)");
	/* the size the kernel knows, which it wrote back with E2BIG; 64 flag bits */
	a.sched_flags = ~0ULL;
	begin_named("sched_setattr", 0, PTR, 0, 0, 0, 0);
	in(1, &a, sizeof(a));
	a.size = 56;
	out(1, &a, sizeof(a));
	assert_string_equal(
		line(-E2BIG),
		"sched_setattr(0, {size=100, "
		"sched_flags=SCHED_FLAG_RESET_ON_FORK|SCHED_FLAG_RECLAIM|"
		"SCHED_FLAG_DL_OVERRUN|SCHED_FLAG_KEEP_POLICY|SCHED_FLAG_KEEP_PARAMS|"
		"SCHED_FLAG_UTIL_CLAMP_MIN|SCHED_FLAG_UTIL_CLAMP_MAX|0xffffffffffffff80, "
		"sched_util_min=0, sched_util_max=0, ...} => {size=56}, 0) = -1 E2BIG "
		"(Argument list too long)");
	begin_named("sched_setparam", 0, PTR, 0, 0, 0, 0);
	in(1, &prio, sizeof(prio));
	assert_string_equal(line(0), "sched_setparam(0, [5]) = 0");
}

/* Numbers that pack fields or name commands, and their answers. */
static void test_packed_values_and_answers(void **state)
{
	begin_named("ioprio_set", 1, 0, 2 << 13 | 4, 0, 0, 0);
	assert_string_equal(line(0), "ioprio_set(IOPRIO_WHO_PROCESS, 0, "
				     "IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4)) = 0");
	begin_named("ioprio_get", 1, 0, 0, 0, 0, 0);
	assert_string_equal(line(0), "ioprio_get(IOPRIO_WHO_PROCESS, 0) = 0 "
				     "(IOPRIO_PRIO_VALUE(IOPRIO_CLASS_NONE, 0))");
	/* the int itself with -X raw, and with -X verbose the macro as its comment */
	dec.opts.xlat = WR_XLAT_RAW;
	begin_named("ioprio_set", 1, 0, -1, 0, 0, 0);
	assert_string_equal(line(-EINVAL), "ioprio_set(0x1, 0, -1) = -1 EINVAL (Invalid argument)");
	dec.opts.xlat = WR_XLAT_VERBOSE;
	begin_named("ioprio_set", 1, 0, 2 << 13 | 4, 0, 0, 0);
	assert_string_equal(line(0), "ioprio_set(0x1 /* IOPRIO_WHO_PROCESS */, 0, 16388 /* "
				     "IOPRIO_PRIO_VALUE(0x2 /* IOPRIO_CLASS_BE */, 4) */) = 0");
	dec.opts.xlat = WR_XLAT_ABBREV;
	begin_named("membarrier", 0, 0, 0, 0, 0, 0);
	assert_string_equal(line(0x3), "membarrier(MEMBARRIER_CMD_QUERY, 0) = 0x3 "
				       "(MEMBARRIER_CMD_GLOBAL|MEMBARRIER_CMD_GLOBAL_EXPEDITED)");
	begin_named("membarrier", 0x80, 1, 3, 0, 0, 0);
	assert_string_equal(line(0), "membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED_RSEQ, "
				     "MEMBARRIER_CMD_FLAG_CPU, 3) = 0");
	/* kexec_load's architecture and flags, two fields as well */
	begin_named("kexec_load", 0, 0, 0, 0, 0, 0);
	assert_string_equal(line(-ENOSYS), "kexec_load(NULL, 0, NULL, KEXEC_ARCH_DEFAULT) = -1 "
					   "ENOSYS (Function not implemented)");
	begin_named("kexec_load", 0, 0, 0, 0xffffffff, 0, 0);
	assert_string_equal(
		line(-ENOSYS),
		"kexec_load(NULL, 0, NULL, 0xffff0000 /* KEXEC_ARCH_??? */|KEXEC_ON_CRASH|"
		"KEXEC_PRESERVE_CONTEXT|0xfffc) = -1 ENOSYS (Function not implemented)");
	dec.opts.xlat = WR_XLAT_VERBOSE;
	begin_named("kexec_load", 0, 0, 0, (62 << 16) | 1, 0, 0);
	assert_string_equal(line(-ENOSYS),
			    "kexec_load(NULL, 0, NULL, 0x3e0000 /* KEXEC_ARCH_X86_64 "
			    "*/|0x1 /* KEXEC_ON_CRASH */) = -1 ENOSYS (Function not "
			    "implemented)");
	dec.opts.xlat = WR_XLAT_ABBREV;
	/* the domain and the flags are two fields, each named or not on its own */
	begin_named("personality", 0x7ead, 0, 0, 0, 0, 0);
	assert_string_equal(line(0x40000), "personality(0xad /* PER_??? */|0x7e00) = 0x40000 "
					   "(PER_LINUX|ADDR_NO_RANDOMIZE)");
	begin_named("personality", 0xffffffff, 0, 0, 0, 0, 0);
	assert_string_equal(line(0), "personality(0xffffffff) = 0 (PER_LINUX)");
	/* as strace, by the whole value: PER_SVR4 (1|STICKY_TIMEOUTS) is no name for 1 */
	begin_named("personality", 0x0001 | 0x0400000 /* READ_IMPLIES_EXEC */, 0, 0, 0, 0, 0);
	assert_string_equal(line(0),
			    "personality(0x1 /* PER_??? */|READ_IMPLIES_EXEC) = 0 (PER_LINUX)");
	dec.opts.xlat = WR_XLAT_RAW;
	begin_named("personality", 0x40000000, 0, 0, 0, 0, 0);
	assert_string_equal(line(0x40000), "personality(0|0x40000000) = 0x40000 (0|0x40000)");
	dec.opts.xlat = WR_XLAT_VERBOSE;
	begin_named("personality", 0, 0, 0, 0, 0, 0);
	assert_string_equal(line(0x40000), "personality(0 /* PER_LINUX */) = 0x40000 "
					   "(0 /* PER_LINUX */|0x40000 /* ADDR_NO_RANDOMIZE */)");
	dec.opts.xlat = WR_XLAT_ABBREV;
	begin_named("syslog", 10, 0, 0, 0, 0, 0);
	assert_string_equal(line(4096), "syslog(10 /* SYSLOG_ACTION_SIZE_BUFFER */) = 4096");
}

/* Arguments that mean something only for some commands. */
static void test_arguments_by_command(void **state)
{
	__u64 word = 0x1234;

	begin_named("kcmp", 1, 2, 0 /* KCMP_FILE */, -1UL, 3, 0);
	assert_string_equal(line(0), "kcmp(1, 2, KCMP_FILE, -1, 3) = 0");
	begin_named("kcmp", 1, 2, 1 /* KCMP_VM */, 5, 6, 0);
	assert_string_equal(line(0), "kcmp(1, 2, KCMP_VM) = 0");
	begin_named("kcmp", 1, 2, 0x7ead, 3, 0, 0);
	assert_string_equal(line(0), "kcmp(1, 2, 0x7ead /* KCMP_??? */, 0x3, 0) = 0");
	/* seccomp's flags are filter flags for SECCOMP_SET_MODE_FILTER only */
	begin_named("seccomp", 1, 1, 0, 0, 0, 0);
	assert_string_equal(line(-EFAULT),
			    "seccomp(SECCOMP_SET_MODE_FILTER, "
			    "SECCOMP_FILTER_FLAG_TSYNC, NULL) = -1 EFAULT (Bad address)");
	begin_named("seccomp", 0, 1, 0, 0, 0, 0);
	assert_string_equal(line(-EINVAL), "seccomp(SECCOMP_SET_MODE_STRICT, 0x1, NULL) = -1 "
					   "EINVAL (Invalid argument)");
	begin_named("ptrace", 0 /* PTRACE_TRACEME */, 5, 6, 7, 0, 0);
	assert_string_equal(line(0), "ptrace(PTRACE_TRACEME) = 0");
	begin_named("ptrace", 16 /* PTRACE_ATTACH */, 5, 6, 7, 0, 0);
	assert_string_equal(line(0), "ptrace(PTRACE_ATTACH, 5) = 0");
	begin_named("ptrace", 2 /* PTRACE_PEEKDATA */, 5, 0x1000, PTR, 0, 0);
	out(3, &word, sizeof(word));
	assert_string_equal(line(0), "ptrace(PTRACE_PEEKDATA, 5, 0x1000, [0x1234]) = 0");
	begin_named("ptrace", 12 /* x86's PTRACE_GETREGS */, 5, 0, PTR, 0, 0);
	assert_string_equal(line(-ESRCH), "ptrace(PTRACE_GETREGS, 5, 0x7ffc12345678) = -1 ESRCH "
					  "(No such process)");
	begin_named("ptrace", 7 /* PTRACE_CONT */, 5, 0, SIGCONT, 0, 0);
	assert_string_equal(line(0), "ptrace(PTRACE_CONT, 5, NULL, SIGCONT) = 0");
	begin_named("ptrace", 0x4206 /* PTRACE_SEIZE */, 5, 0, 0x100001, 0, 0);
	assert_string_equal(line(0), "ptrace(PTRACE_SEIZE, 5, NULL, "
				     "PTRACE_O_TRACESYSGOOD|PTRACE_O_EXITKILL) = 0");
	begin_named("ptrace", -1UL, 5, 0, 0, 0, 0);
	assert_string_equal(line(-EIO), "ptrace(0xffffffffffffffff /* PTRACE_??? */, 5, NULL, "
					"NULL) = -1 EIO (Input/output error)");
}

/* Clock ticks in seconds; the time with its date (TZ=UTC). */
static void test_times_and_dates(void **state)
{
	long long t = 0, tms[4] = {30, 0, 250, 0};

	begin_named("time", PTR, 0, 0, 0, 0, 0);
	out(0, &t, sizeof(t));
	assert_string_equal(line(0), "time([0 /* 1970-01-01T00:00:00+0000 */]) = 0 "
				     "(1970-01-01T00:00:00+0000)");
	begin_named("times", PTR, 0, 0, 0, 0, 0);
	out(0, tms, sizeof(tms));
	assert_string_equal(line(100), "times({tms_utime=30 /* 0.30 s */, tms_stime=0, "
				       "tms_cutime=250 /* 2.50 s */, tms_cstime=0}) = 100");
	/* the seconds are a comment in -X verbose too, which has no other; -X raw: none */
	dec.opts.xlat = WR_XLAT_VERBOSE;
	assert_string_equal(line(100), "times({tms_utime=30 /* 0.30 s */, tms_stime=0, "
				       "tms_cutime=250 /* 2.50 s */, tms_cstime=0}) = 100");
	dec.opts.xlat = WR_XLAT_RAW;
	assert_string_equal(
		line(100),
		"times({tms_utime=30, tms_stime=0, tms_cutime=250, tms_cstime=0}) = 100");
	dec.opts.xlat = WR_XLAT_ABBREV;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rt_sigreturn_mask_from_the_frame),
		cmocka_unit_test(test_siginfo_members_by_code_and_signal),
		cmocka_unit_test(test_sigset_read_only_at_the_kernel_size),
		cmocka_unit_test(test_sched_attr_by_its_size),
		cmocka_unit_test(test_packed_values_and_answers),
		cmocka_unit_test(test_arguments_by_command),
		cmocka_unit_test(test_times_and_dates),
	};

	setenv("TZ", "UTC", 1);
	tzset();

	return cmocka_run_group_tests(tests, setup, teardown);
}

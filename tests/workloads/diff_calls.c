// SPDX-License-Identifier: GPL-2.0
/*
 * Workload of the differential test against strace (tests/diff/strace_diff.py):
 * makes every call of a plan, each fenced by marker calls, so that the same run
 * traced by strace and by btftrace can be cut into the same cases and compared
 * line by line. The plan (generated from the catalog by the runner) holds the
 * table-driven cases: each syscall with valid arguments, then one argument at a
 * time NULL, a bad address, an object flush against an unmapped page or running
 * into it, sizes too small and too big, poisoned high bits, unknown flags and
 * values. Hand-written scenarios (diff_scenarios.h) add the successful paths
 * that need set-up: structs the kernel fills, children to wait for, sockets
 * with data.
 *
 * Usage: diff_calls --plan FILE --dir DIR --uid UID [--watchdog-ms N]
 *        diff_calls --deny      (the syscalls the table never calls, and why)
 *
 * The plan, one case a line:
 *   case ID NR A0 A1 A2 A3 A4 A5
 *   scenario ID NAME
 * An argument is a number (0x... or decimal, may be negative), "bad" (an
 * unmapped page) or an object "obj:PLACE:SIZE:FILL" put in the argument's own
 * region: PLACE mid (readable memory around it), flush (it ends where an
 * unmapped page begins) or over (its second half lies on that page); FILL zero,
 * pat (a byte pattern), ff, text, sigset (a pattern without SIGALRM), iov (an
 * iovec array of SIZE/16 entries pointing at text), str=HEX (those bytes and a
 * NUL) or raw=HEX (no NUL). "mem" is the start of a scratch mapping that
 * memory-management calls may change, "pid" this process's pid.
 *
 * Markers: close(MARK_INFRA) starts work that is not compared (set-up and
 * restoring state between cases), close(MARK_CASE + ID) starts case ID, and
 * close(MARK_END) ends the run. A case holds its call and what the kernel does
 * on its behalf (signal delivery, rt_sigreturn).
 *
 * It cannot hurt the machine: as random_syscalls.c, it builds a cage first (a
 * mount, network, IPC and UTS namespace, a 16 MiB tmpfs on DIR as the only
 * writable place, limits), then drops to UID with no capabilities for good
 * before the table's calls. Calls that act on the whole machine or would end
 * the workload are never made from the table (the deny list says why); the
 * scenarios call a few of them with arguments that fail before anything is
 * done. Every call runs under a watchdog (SIGALRM after --watchdog-ms), so a
 * call that blocks returns.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/fs.h>
#include <linux/filter.h>
#include <netinet/tcp.h>
#include <stddef.h>
#include <poll.h>
#include <arpa/inet.h>
#include <linux/capability.h>
#include <mqueue.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/uio.h>
#include <sys/random.h>
#include <sys/file.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/ptrace.h>
#include <sys/xattr.h>
#include <sys/sysmacros.h>
#include <sys/timex.h>
#include <sys/swap.h>
#include <sys/quota.h>
#include <sys/un.h>
#include <sys/wait.h>

#define PAGE 4096UL
#define NARGS 6
/* each argument's region: REGION_PAGES readable pages, then an unmapped one */
#define REGION_PAGES 4
#define REGION_STRIDE ((REGION_PAGES + 1) * PAGE)
/* scratch memory for munmap, mprotect, madvise...: reserved, MEM_PAGES of it mapped */
#define MEM_BASE 0x200000000000UL
#define MEM_RESERVE (2UL << 30)
#define MEM_PAGES 16
#define MARK_INFRA 0x7ea00000L
#define MARK_END 0x7ea00001L
#define MARK_CASE 0x7eb00000L
#define MAX_CASES 200000

/* The workload's own fds, the same numbers in every case (setup_fds). */
enum {
	FD_FILE = 3,
	FD_DIR,
	FD_PIPE_R,
	FD_PIPE_W,
	FD_UNIX_A,
	FD_UNIX_B,
	FD_UDP,
	FD_TCP,
	FD_EVENT,
	FD_EPOLL,
	FD_TIMER,
	FD_INOTIFY,
	FD_SIGNAL,
	FD_NULL,
	FD_PIDFD,
	FD_MQ,
	FD_UDP6,
	FIRST_FREE_FD,
};

static const struct {
	long nr;
	const char *why;
} deny[] = {
	{SYS_exit, "ends the workload"},
	{SYS_exit_group, "ends the workload"},
	{SYS_rt_sigreturn, "loads a register frame from wherever the stack is"},
	{SYS_fork, "a child would go on running the table (scenario clone_wait forks safely)"},
	{SYS_vfork, "a child would go on running the table"},
	{SYS_clone, "a child would go on running the table"},
	{SYS_clone3, "a child would go on running the table (scenario clone3 calls it safely)"},
	{SYS_execve, "replaces the workload (scenario exec calls it on a missing file)"},
	{SYS_execveat, "replaces the workload (scenario exec calls it on a missing file)"},
	{SYS_kill, "could stop or kill the workload (scenario signals sends signal 0 and USR1)"},
	{SYS_tkill, "could stop or kill the workload"},
	{SYS_tgkill, "could stop or kill the workload"},
	{SYS_rt_sigqueueinfo, "could stop or kill the workload (scenario signals queues USR1)"},
	{SYS_rt_tgsigqueueinfo, "could stop or kill the workload"},
	{SYS_pidfd_send_signal, "could stop or kill the workload"},
	{SYS_process_vm_writev, "writes a process's memory, the workload's own too"},
	{SYS_seccomp, "a filter or strict mode would kill the workload (scenario seccomp)"},
	{SYS_remap_file_pages, "remaps pages of whatever mapping the address falls in"},
	{SYS_reboot, "acts on the whole machine (scenario machine: bad magic only)"},
	{SYS_kexec_load, "acts on the whole machine"},
	{SYS_kexec_file_load, "acts on the whole machine"},
	{SYS_init_module, "acts on the whole machine"},
	{SYS_finit_module, "acts on the whole machine"},
	{SYS_delete_module, "acts on the whole machine (scenario machine)"},
	{SYS_swapon, "acts on the whole machine (scenario machine: a missing file)"},
	{SYS_swapoff, "acts on the whole machine (scenario machine: a missing file)"},
	{SYS_mount, "acts on the whole machine (scenario machine: a missing target)"},
	{SYS_umount2, "acts on the whole machine (scenario machine: a missing target)"},
	{SYS_pivot_root, "acts on the whole machine (scenario machine)"},
	{SYS_chroot, "acts on the whole machine (scenario machine)"},
	{SYS_fsopen, "acts on the whole machine (scenario machine)"},
	{SYS_fsconfig, "acts on the whole machine (scenario machine)"},
	{SYS_fsmount, "acts on the whole machine (scenario machine)"},
	{SYS_fspick, "acts on the whole machine (scenario machine)"},
	{SYS_move_mount, "acts on the whole machine (scenario machine)"},
	{SYS_open_tree, "acts on the whole machine (scenario machine)"},
	{SYS_mount_setattr, "acts on the whole machine (scenario machine)"},
	{SYS_settimeofday, "acts on the whole machine (scenario machine: NULLs)"},
	{SYS_clock_settime, "acts on the whole machine (scenario machine: a bad address)"},
	{SYS_adjtimex, "acts on the whole machine (scenario adjtimex reads with modes 0)"},
	{SYS_clock_adjtime, "acts on the whole machine (scenario adjtimex reads with modes 0)"},
	{SYS_sethostname, "acts on the whole machine (scenario machine)"},
	{SYS_setdomainname, "acts on the whole machine (scenario machine)"},
	{SYS_iopl, "acts on the whole machine"},
	{SYS_ioperm, "acts on the whole machine"},
	{SYS_acct, "acts on the whole machine (scenario machine)"},
	{SYS_quotactl, "acts on the whole machine (scenario machine: a missing device)"},
	{SYS_quotactl_fd, "acts on the whole machine"},
	{SYS_vhangup, "acts on the whole machine"},
	{SYS_syslog, "could clear or silence the kernel log (scenario machine reads its size)"},
};

static const char *denied(long nr)
{
	for (size_t i = 0; i < sizeof(deny) / sizeof(deny[0]); i++) {
		if (deny[i].nr == nr)
			return deny[i].why;
	}
	return NULL;
}

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
	va_list ap;

	fputs("diff_calls: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static const char *workdir;
static bool in_scenario;     /* a scenario restores its state itself, once it ends */
static unsigned char *arena; /* NARGS regions, each followed by an unmapped page */
static long watchdog_ms = 20;
static long case_id;
static pid_t self_pid;
static unsigned long saved_persona;

static unsigned char *region(int k)
{
	return arena + (size_t)k * REGION_STRIDE;
}

static unsigned long guard_of(int k)
{
	return (unsigned long)(region(k) + REGION_PAGES * PAGE);
}

/* ---------------------------------------------------------------- markers and cases */

static void marker(long what)
{
	syscall(SYS_close, what);
}

/*
 * SIGALRM every ms milliseconds (0: none): a call that blocks returns. Every, not once: on a
 * loaded machine the first may come before the call has begun.
 */
static void watchdog(long ms)
{
	struct timeval every = {.tv_sec = ms / 1000, .tv_usec = ms % 1000 * 1000};
	struct itimerval it = {.it_interval = every, .it_value = every};

	setitimer(ITIMER_REAL, &it, NULL);
}

static void restore_after(long nr, const uint64_t *a, long ret);

/*
 * One compared call: the watchdog is armed and disarmed, and the state the
 * call changed restored, outside the case's markers, so that only the call
 * itself (and the signal it may take) is compared.
 */
static long one_call(long nr, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
		     uint64_t a5)
{
	const uint64_t a[NARGS] = {a0, a1, a2, a3, a4, a5};
	long ret;
	int err;

	watchdog(watchdog_ms);
	marker(MARK_CASE + case_id++);
	ret = syscall(nr, a0, a1, a2, a3, a4, a5);
	/* a scenario's child: gone at once, its calls are no case */
	if (ret == 0 && (nr == SYS_clone || nr == SYS_clone3 || nr == SYS_fork || nr == SYS_vfork))
		syscall(SYS_exit_group, 3);
	err = errno;
	marker(MARK_INFRA);
	watchdog(0);
	restore_after(nr, a, ret);
	errno = err;
	return ret;
}

/* CALL(nr, args...): one compared call, the arguments not given 0 */
#define CALL(...) CALL_(__VA_ARGS__, 0, 0, 0, 0, 0, 0, 0)
#define CALL_(nr, a, b, c, d, e, f, ...)                                                        \
	one_call(nr, (uint64_t)(a), (uint64_t)(b), (uint64_t)(c), (uint64_t)(d), (uint64_t)(e), \
		 (uint64_t)(f))

/* ---------------------------------------------------------------- the workload's state */

static void on_signal(int sig)
{
}

static void set_handlers(void)
{
	struct sigaction sa = {.sa_handler = on_signal};

	/*
	 * Every signal that can be caught, caught, without SA_RESTART: a blocked call returns.
	 * But a fault of the workload's own: it ends the run rather than loop.
	 */
	for (int sig = 1; sig < NSIG; sig++) {
		if (sig == SIGKILL || sig == SIGSTOP)
			continue;
		if (sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE)
			signal(sig, SIG_DFL);
		else
			sigaction(sig, &sa, NULL);
	}
}

static void must(bool ok, const char *what)
{
	if (!ok)
		die("%s: %s", what, strerror(errno));
}

static void place_fd(int fd, int want, const char *what)
{
	must(fd >= 0, what);
	if (fd != want) {
		must(dup2(fd, want) == want, what);
		close(fd);
	}
}

static void setup_files(void)
{
	int fd;

	/* a case may have taken its permissions, or put something else in its place */
	chmod("file", 0644);
	fd = open("file", O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 && (unlink("file") == 0 || rmdir("file") == 0))
		fd = open("file", O_RDWR | O_CREAT | O_TRUNC, 0644);
	must(fd >= 0, "create file");
	must(fchmod(fd, 0644) == 0 && write(fd, "some content\n", 13) == 13, "fill file");
	close(fd);
	if (mkdir("dir", 0755) && errno != EEXIST)
		die("mkdir dir: %s", strerror(errno));
	chmod("dir", 0755);
	if (symlink("file", "link") && errno != EEXIST)
		die("symlink: %s", strerror(errno));
}

static void setup_fds(void)
{
	struct sockaddr_in in = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	struct mq_attr mqa = {.mq_maxmsg = 4, .mq_msgsize = 64};
	sigset_t usr2;
	int p[2], sp[2];

	syscall(SYS_close_range, FD_FILE, ~0U, 0);
	place_fd(open("file", O_RDWR), FD_FILE, "open file");
	place_fd(open(".", O_RDONLY | O_DIRECTORY), FD_DIR, "open .");
	must(pipe2(p, O_NONBLOCK) == 0, "pipe2");
	place_fd(p[0], FD_PIPE_R, "pipe");
	place_fd(p[1], FD_PIPE_W, "pipe");
	must(write(FD_PIPE_W, "pipe data", 9) == 9, "write pipe");
	must(socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sp) == 0, "socketpair");
	place_fd(sp[0], FD_UNIX_A, "socketpair");
	place_fd(sp[1], FD_UNIX_B, "socketpair");
	must(write(FD_UNIX_B, "unix data", 9) == 9, "write socket");
	place_fd(socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0), FD_UDP, "udp socket");
	must(bind(FD_UDP, (struct sockaddr *)&in, sizeof(in)) == 0, "bind udp");
	place_fd(socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0), FD_TCP, "tcp socket");
	must(bind(FD_TCP, (struct sockaddr *)&in, sizeof(in)) == 0 && listen(FD_TCP, 4) == 0,
	     "tcp listen");
	place_fd(eventfd(1, EFD_NONBLOCK), FD_EVENT, "eventfd");
	place_fd(epoll_create1(0), FD_EPOLL, "epoll");
	place_fd(timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK), FD_TIMER, "timerfd");
	place_fd(inotify_init1(IN_NONBLOCK), FD_INOTIFY, "inotify");
	sigemptyset(&usr2);
	sigaddset(&usr2, SIGUSR2);
	place_fd(signalfd(-1, &usr2, SFD_NONBLOCK), FD_SIGNAL, "signalfd");
	place_fd(open("/dev/null", O_RDWR), FD_NULL, "open /dev/null");
	place_fd(syscall(SYS_pidfd_open, self_pid, 0), FD_PIDFD, "pidfd_open");
	place_fd(mq_open("/diffq", O_RDWR | O_CREAT | O_NONBLOCK, 0600, &mqa), FD_MQ, "mq_open");
	place_fd(socket(AF_INET6, SOCK_DGRAM | SOCK_NONBLOCK, 0), FD_UDP6, "udp6 socket");
}

static void setup_mem(void)
{
	void *m;

	munmap((void *)MEM_BASE, MEM_RESERVE);
	m = mmap((void *)MEM_BASE, MEM_RESERVE, PROT_NONE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
	must(m == (void *)MEM_BASE, "reserve scratch memory");
	must(mprotect(m, MEM_PAGES * PAGE, PROT_READ | PROT_WRITE) == 0, "map scratch memory");
	memset(m, 0x11, MEM_PAGES * PAGE);
}

static void restore_signals(void)
{
	stack_t off = {.ss_flags = SS_DISABLE};
	sigset_t none;

	set_handlers();
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	sigaltstack(&off, NULL);
}

static void restore_timers(void)
{
	struct itimerval zero = {};

	setitimer(ITIMER_VIRTUAL, &zero, NULL);
	setitimer(ITIMER_PROF, &zero, NULL);
	for (long id = 0; id < 8; id++)
		syscall(SYS_timer_delete, id);
}

/* Syscalls whose calls change what later cases see, and what is put back after them. */
enum restore {
	R_FDS = 1,
	R_FILES = 2,
	R_CWD = 4,
	R_SIGNALS = 8,
	R_TIMERS = 16,
	R_MEM = 32,
	R_PROC = 64,
};

static const struct {
	long nr;
	int what;
} restores[] = {
	{SYS_close, R_FDS},
	{SYS_close_range, R_FDS},
	{SYS_dup2, R_FDS},
	{SYS_dup3, R_FDS},
	{SYS_fcntl, R_FDS},
	{SYS_ioctl, R_FDS},
	{SYS_shutdown, R_FDS},
	{SYS_connect, R_FDS},
	{SYS_bind, R_FDS},
	{SYS_listen, R_FDS},
	{SYS_setsockopt, R_FDS},
	{SYS_epoll_ctl, R_FDS},
	{SYS_inotify_add_watch, R_FDS},
	{SYS_inotify_rm_watch, R_FDS},
	{SYS_timerfd_settime, R_FDS},
	{SYS_read, R_FDS},
	{SYS_readv, R_FDS},
	{SYS_recvfrom, R_FDS},
	{SYS_recvmsg, R_FDS},
	{SYS_recvmmsg, R_FDS},
	{SYS_splice, R_FDS},
	{SYS_tee, R_FDS},
	{SYS_mq_timedreceive, R_FDS},
	{SYS_mq_notify, R_FDS},
	{SYS_mq_getsetattr, R_FDS},
	{SYS_setns, R_FDS | R_CWD},
	{SYS_unshare, R_FDS | R_CWD},
	{SYS_open, R_FILES},
	{SYS_openat, R_FILES},
	{SYS_openat2, R_FILES},
	{SYS_creat, R_FILES},
	{SYS_truncate, R_FILES},
	{SYS_ftruncate, R_FILES | R_FDS},
	{SYS_fallocate, R_FILES | R_FDS},
	{SYS_unlink, R_FILES | R_FDS},
	{SYS_unlinkat, R_FILES | R_FDS},
	{SYS_rmdir, R_FILES | R_FDS},
	{SYS_rename, R_FILES | R_FDS},
	{SYS_renameat, R_FILES | R_FDS},
	{SYS_renameat2, R_FILES | R_FDS},
	{SYS_chmod, R_FILES},
	{SYS_fchmod, R_FILES},
	{SYS_fchmodat, R_FILES},
	{SYS_chown, R_FILES},
	{SYS_fchown, R_FILES},
	{SYS_lchown, R_FILES},
	{SYS_fchownat, R_FILES},
	{SYS_mknod, R_FILES},
	{SYS_mknodat, R_FILES},
	{SYS_mkdir, R_FILES},
	{SYS_mkdirat, R_FILES},
	{SYS_link, R_FILES},
	{SYS_linkat, R_FILES},
	{SYS_symlink, R_FILES},
	{SYS_symlinkat, R_FILES},
	{SYS_chdir, R_CWD},
	{SYS_fchdir, R_CWD},
	{SYS_umask, R_PROC},
	{SYS_personality, R_PROC},
	{SYS_mlockall, R_PROC},
	{SYS_sched_setaffinity, R_PROC},
	{SYS_rt_sigaction, R_SIGNALS},
	{SYS_rt_sigprocmask, R_SIGNALS},
	{SYS_rt_sigsuspend, R_SIGNALS},
	{SYS_sigaltstack, R_SIGNALS},
	{SYS_setitimer, R_TIMERS},
	{SYS_alarm, R_TIMERS},
	{SYS_timer_create, R_TIMERS},
	{SYS_timer_settime, R_TIMERS},
	{SYS_munmap, R_MEM},
	{SYS_mremap, R_MEM},
	{SYS_mprotect, R_MEM},
	{SYS_pkey_mprotect, R_MEM},
	{SYS_madvise, R_MEM},
	{SYS_mlock, R_MEM},
	{SYS_mlock2, R_MEM},
	{SYS_mbind, R_MEM},
};

static void restore_state(int what)
{
	if (what & R_CWD)
		must(chdir(workdir) == 0, "back to the working directory");
	if (what & R_FILES)
		setup_files();
	if (what & (R_FDS | R_FILES))
		setup_fds();
	else
		syscall(SYS_close_range, FIRST_FREE_FD, ~0U, 0);
	if (what & R_SIGNALS)
		restore_signals();
	if (what & R_TIMERS)
		restore_timers();
	if (what & R_MEM)
		setup_mem();
	if (what & R_PROC) {
		cpu_set_t all;

		CPU_ZERO(&all);
		for (int c = 0; c < CPU_SETSIZE; c++)
			CPU_SET(c, &all);
		umask(022);
		personality(saved_persona);
		munlockall();
		sched_setaffinity(0, sizeof(all), &all);
	}
}

static void restore_after(long nr, const uint64_t *a, long ret)
{
	int what = 0;

	if (in_scenario)
		return;
	for (size_t i = 0; i < sizeof(restores) / sizeof(restores[0]); i++) {
		if (restores[i].nr == nr)
			what = restores[i].what;
	}
	/* what a case mapped is unmapped again: its memory is its own */
	if (nr == SYS_mmap && ret != -1)
		munmap((void *)ret, a[1]);
	if (nr == SYS_shmat && ret != -1)
		shmdt((void *)ret);
	if (nr == SYS_mremap && ret != -1 &&
	    ((unsigned long)ret < MEM_BASE || (unsigned long)ret >= MEM_BASE + MEM_RESERVE))
		munmap((void *)ret, a[2]);
	/* the kernel wrote the context's id where ctxp points: it is our memory */
	if (nr == SYS_io_setup && ret == 0)
		syscall(SYS_io_destroy, *(unsigned long *)a[1]);
	restore_state(what);
}

/* ---------------------------------------------------------------- the plan's objects */

enum place { PLACE_MID, PLACE_FLUSH, PLACE_OVER };
enum fill { FILL_ZERO, FILL_PAT, FILL_FF, FILL_TEXT, FILL_SIGSET, FILL_IOV, FILL_STR, FILL_RAW };

struct plan_arg {
	bool is_obj;
	uint64_t value;
	enum place place;
	enum fill fill;
	size_t size;
	unsigned char *bytes; /* FILL_STR, FILL_RAW */
	size_t nbytes;
};

struct plan_case {
	long id;
	long nr;
	const char *scenario; /* or NULL */
	struct plan_arg args[NARGS];
};

static void fill_pattern(unsigned char *p, size_t n)
{
	/* every byte different from its neighbours, high bits set in most words */
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(0x91 + i * 37);
}

static void fill_text(unsigned char *p, size_t n)
{
	static const char text[] = "The quick brown fox jumps over the lazy dog. ";

	for (size_t i = 0; i < n; i++)
		p[i] = text[i % (sizeof(text) - 1)];
}

/* Where an object of size bytes starts in region k. */
static unsigned char *place_in(int k, enum place place, size_t size)
{
	unsigned char *guard = (unsigned char *)guard_of(k);

	switch (place) {
	case PLACE_FLUSH:
		return guard - size;
	case PLACE_OVER:
		return guard - size / 2;
	default:
		return region(k) + PAGE;
	}
}

static uint64_t build_object(int k, const struct plan_arg *pa)
{
	unsigned char *start, *guard = (unsigned char *)guard_of(k);
	size_t size = pa->size, mapped;

	if (pa->fill == FILL_STR)
		size = pa->nbytes + 1;
	else if (pa->fill == FILL_RAW)
		size = pa->nbytes;

	if (size > (REGION_PAGES - 1) * PAGE)
		die("object of %zu bytes does not fit a region", size);
	memset(region(k), 0, REGION_PAGES * PAGE);
	start = place_in(k, pa->place, size);
	mapped = (size_t)(guard - start) < size ? (size_t)(guard - start) : size;
	switch (pa->fill) {
	case FILL_ZERO:
		break;
	case FILL_PAT:
		fill_pattern(start, mapped);
		break;
	case FILL_FF:
		memset(start, 0xff, mapped);
		break;
	case FILL_TEXT:
		fill_text(start, mapped);
		break;
	case FILL_SIGSET:
		fill_pattern(start, mapped);
		/* the watchdog must get through */
		if (mapped >= 8)
			start[(SIGALRM - 1) / 8] &= ~(1 << ((SIGALRM - 1) % 8));
		break;
	case FILL_IOV:
		for (size_t j = 0; (j + 1) * sizeof(struct iovec) <= mapped; j++) {
			struct iovec iov = {.iov_base = region(k) + j * 64, .iov_len = 16};

			fill_text(region(k) + j * 64, 16);
			memcpy(start + j * sizeof(iov), &iov, sizeof(iov));
		}
		break;
	case FILL_STR:
	case FILL_RAW:
		memcpy(start, pa->bytes, pa->nbytes < mapped ? pa->nbytes : mapped);
		if (pa->fill == FILL_STR && mapped > pa->nbytes)
			start[pa->nbytes] = 0;
		break;
	}
	return (uint64_t)(uintptr_t)start;
}

static unsigned char *from_hex(const char *hex, size_t *n)
{
	size_t len = strlen(hex) / 2;
	unsigned char *out = malloc(len + 1);

	must(out != NULL, "malloc");
	for (size_t i = 0; i < len; i++) {
		unsigned int byte;

		if (sscanf(hex + 2 * i, "%2x", &byte) != 1)
			die("bad hex '%s' in the plan", hex);
		out[i] = (unsigned char)byte;
	}
	*n = len;
	return out;
}

static void parse_arg(const char *tok, struct plan_arg *pa)
{
	static const char *const places[] = {"mid", "flush", "over"};
	static const char *const fills[] = {"zero", "pat", "ff", "text", "sigset", "iov"};
	char place[16], fill[4096];
	char *end;

	memset(pa, 0, sizeof(*pa));
	if (!strcmp(tok, "pid")) {
		pa->value = (uint64_t)self_pid;
		return;
	}
	if (!strcmp(tok, "mem")) {
		pa->value = MEM_BASE;
		return;
	}
	if (!strncmp(tok, "bad", 3)) {
		/* "badK": the unmapped page after region K */
		pa->value = guard_of(atoi(tok + 3));
		return;
	}
	if (strncmp(tok, "obj:", 4)) {
		errno = 0;
		pa->value =
			tok[0] == '-' ? (uint64_t)strtoll(tok, &end, 0) : strtoull(tok, &end, 0);
		if (errno || *end)
			die("bad argument '%s' in the plan", tok);
		return;
	}
	pa->is_obj = true;
	if (sscanf(tok, "obj:%15[^:]:%zu:%4095s", place, &pa->size, fill) != 3)
		die("bad object '%s' in the plan", tok);
	pa->place = PLACE_MID;
	for (size_t i = 0; i < sizeof(places) / sizeof(places[0]); i++) {
		if (!strcmp(place, places[i]))
			pa->place = (enum place)i;
	}
	if (!strncmp(fill, "str=", 4) || !strncmp(fill, "raw=", 4)) {
		pa->fill = fill[0] == 's' ? FILL_STR : FILL_RAW;
		pa->bytes = from_hex(fill + 4, &pa->nbytes);
		return;
	}
	for (size_t i = 0; i < sizeof(fills) / sizeof(fills[0]); i++) {
		if (!strcmp(fill, fills[i])) {
			pa->fill = (enum fill)i;
			return;
		}
	}
	die("bad fill '%s' in the plan", fill);
}

static struct plan_case *load_plan(const char *path, size_t *ncases)
{
	FILE *f = fopen(path, "r");
	struct plan_case *cases = calloc(MAX_CASES, sizeof(*cases));
	char line[16384];
	size_t n = 0;

	if (!f)
		die("cannot read %s: %s", path, strerror(errno));
	must(cases != NULL, "calloc");
	while (fgets(line, sizeof(line), f)) {
		struct plan_case *c = &cases[n];
		char *save, *kind = strtok_r(line, " \n", &save);

		if (!kind || kind[0] == '#')
			continue;
		if (n == MAX_CASES)
			die("more than %d cases in %s", MAX_CASES, path);
		c->id = strtol(strtok_r(NULL, " \n", &save) ?: "-1", NULL, 0);
		if (!strcmp(kind, "scenario")) {
			char *name = strtok_r(NULL, " \n", &save);

			must(name && (c->scenario = strdup(name)), "scenario name");
		} else if (!strcmp(kind, "case")) {
			c->nr = strtol(strtok_r(NULL, " \n", &save) ?: "-1", NULL, 0);
			if (denied(c->nr))
				die("case %ld calls %ld, which is denied: %s", c->id, c->nr,
				    denied(c->nr));
			for (int k = 0; k < NARGS; k++) {
				char *tok = strtok_r(NULL, " \n", &save);

				if (!tok)
					die("case %ld has fewer than %d arguments", c->id, NARGS);
				parse_arg(tok, &c->args[k]);
			}
		} else {
			die("unknown line '%s' in %s", kind, path);
		}
		if (c->id < 0)
			die("a line of %s has no id", path);
		n++;
	}
	fclose(f);
	*ncases = n;
	return cases;
}

/* ---------------------------------------------------------------- taming the table's calls */

/* Whether [start, start + len) can touch memory other than the scratch area and the low 4 GiB,
 * which hold nothing of the workload's (its code, heap, stack and libraries lie above them). */
static bool memory_range_safe(uint64_t start, uint64_t len)
{
	uint64_t end = start + len + PAGE;

	if (end < start || start >= (1UL << 47) || end > (1UL << 47))
		return true; /* not a user address range: the kernel refuses it */
	if (end <= (4UL << 30))
		return true;
	return start >= MEM_BASE && end <= MEM_BASE + MEM_RESERVE;
}

/* The watchdog must get through: SIGALRM is taken out of the mask argument k points to. */
static void unblock_alarm(uint64_t *a, int k)
{
	uint64_t start = (uint64_t)(uintptr_t)region(k);

	if (a[k] >= start && a[k] < start + REGION_PAGES * PAGE - 8)
		((unsigned char *)(uintptr_t)a[k])[(SIGALRM - 1) / 8] &=
			~(1 << ((SIGALRM - 1) % 8));
}

static bool tame(long nr, uint64_t *a)
{
	static const unsigned long prctl_ok[] = {
		PR_GET_PDEATHSIG,
		PR_GET_DUMPABLE,
		PR_GET_KEEPCAPS,
		PR_GET_TIMING,
		PR_GET_NAME,
		PR_SET_NAME,
		PR_GET_SECCOMP,
		PR_CAPBSET_READ,
		PR_GET_TIMERSLACK,
		PR_SET_TIMERSLACK,
		PR_GET_NO_NEW_PRIVS,
		PR_GET_TID_ADDRESS,
		PR_GET_THP_DISABLE,
		PR_GET_CHILD_SUBREAPER,
		PR_MCE_KILL_GET,
		PR_GET_SECUREBITS,
		PR_GET_SPECULATION_CTRL,
		PR_GET_FP_MODE,
		PR_GET_TSC,
		PR_GET_IO_FLUSHER,
	};
	uint32_t lo;

	switch (nr) {
	case SYS_mmap:
		/* MAP_FIXED could map over the workload itself */
		a[3] &= ~(uint64_t)MAP_FIXED;
		break;
	case SYS_prctl:
		/* PR_SET_SECCOMP, PR_SET_SYSCALL_USER_DISPATCH, PR_SET_MM...: only reads, and
		 * options no kernel has */
		lo = (uint32_t)a[0];
		for (size_t i = 0; i < sizeof(prctl_ok) / sizeof(prctl_ok[0]); i++) {
			if (lo == prctl_ok[i])
				return true;
		}
		if (lo >= 0x1000 && lo != PR_SET_PTRACER && lo != 0x53564d41 /* PR_SET_VMA */)
			return true;
		a[0] = PR_GET_DUMPABLE;
		break;
	case SYS_arch_prctl:
		/* ARCH_SET_FS would move its thread-local storage: only reads */
		lo = (uint32_t)a[0];
		if (lo != 0x1003 && lo != 0x1004 && lo != 0x1011 && lo < 0x1000 + 0x100)
			a[0] = 0x1003; /* ARCH_GET_FS */
		break;
	case SYS_sched_setscheduler:
		/* SCHED_IDLE would starve it on a busy machine, with no way back unprivileged */
		if (((uint32_t)a[1] & ~(uint32_t)SCHED_RESET_ON_FORK) == SCHED_IDLE)
			a[1] = SCHED_BATCH;
		break;
	case SYS_setpriority:
		/* the same for a nice value above 0 */
		if ((int32_t)a[2] > 0)
			a[2] = 0;
		break;
	case SYS_setrlimit:
	case SYS_prlimit64:
		/* lowered limits cannot be raised again: only those the workload does not need */
		lo = (uint32_t)a[nr == SYS_setrlimit ? 0 : 1];
		if (lo < RLIM_NLIMITS && lo != RLIMIT_CORE && lo != RLIMIT_NICE &&
		    lo != RLIMIT_RTPRIO && lo != RLIMIT_RTTIME && lo != RLIMIT_LOCKS)
			a[nr == SYS_setrlimit ? 0 : 1] = RLIMIT_CORE;
		break;
	case SYS_unshare:
		/* a user namespace would change the uids every later call sees */
		a[0] &= ~(uint64_t)CLONE_NEWUSER;
		break;
	case SYS_shmat:
		a[2] &= ~(uint64_t)SHM_REMAP;
		break;
	case SYS_rt_sigprocmask:
		unblock_alarm(a, 1);
		break;
	case SYS_rt_sigsuspend:
		unblock_alarm(a, 0);
		break;
	case SYS_ppoll:
		unblock_alarm(a, 3);
		break;
	case SYS_epoll_pwait:
	case SYS_epoll_pwait2:
		unblock_alarm(a, 4);
		break;
	case SYS_munmap:
	case SYS_mprotect:
	case SYS_pkey_mprotect:
	case SYS_madvise:
	case SYS_mlock:
	case SYS_mlock2:
	case SYS_munlock:
	case SYS_msync:
	case SYS_mbind:
	case SYS_mremap:
		if (!memory_range_safe(a[0], a[1]))
			return false;
		if (nr == SYS_mremap && (a[3] & 2 /* MREMAP_FIXED */) &&
		    !memory_range_safe(a[4], a[2]))
			return false;
		if (nr == SYS_mremap && !memory_range_safe(a[0], a[2]))
			return false;
		break;
	}
	return true;
}

/* ---------------------------------------------------------------- the cage */

static void set_limit(int res, rlim_t v)
{
	struct rlimit rl = {v, v};

	if (setrlimit(res, &rl))
		die("setrlimit %d: %s", res, strerror(errno));
}

static void loopback_up(void)
{
	struct ifreq ifr = {.ifr_name = "lo"};
	int s = socket(AF_INET, SOCK_DGRAM, 0);

	must(s >= 0 && ioctl(s, SIOCGIFFLAGS, &ifr) == 0, "loopback flags");
	ifr.ifr_flags |= IFF_UP;
	must(ioctl(s, SIOCSIFFLAGS, &ifr) == 0, "loopback up");
	close(s);
}

/* Namespaces, a tmpfs as the only writable place, limits: as root, before any case. */
static void build_cage(const char *dir)
{
	char opts[64];

	if (geteuid() != 0)
		die("run it as root: it builds its cage, then drops to --uid");
	if (unshare(CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS))
		die("unshare: %s", strerror(errno));
	/* nothing mounted here shows outside */
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		die("cannot make mounts private: %s", strerror(errno));
	snprintf(opts, sizeof(opts), "size=16m,nr_inodes=4096,mode=0755");
	if (mount("tmpfs", dir, "tmpfs", MS_NOSUID | MS_NODEV, opts))
		die("cannot mount a tmpfs on %s: %s", dir, strerror(errno));
	if (chdir(dir))
		die("cannot enter %s: %s", dir, strerror(errno));
	loopback_up();
	/* no terminal to play with: TIOCSTI and the like */
	for (int i = 0; i < 3; i++) {
		if (isatty(i)) {
			int fd = open("/dev/null", O_RDWR);

			must(fd >= 0 && dup2(fd, i) == i, "replace a terminal with /dev/null");
			close(fd);
		}
	}
	/* room for the scratch reservation, little else */
	set_limit(RLIMIT_AS, 6UL << 30);
	set_limit(RLIMIT_FSIZE, 4 << 20);
	set_limit(RLIMIT_NOFILE, 256);
	set_limit(RLIMIT_MEMLOCK, 64 << 10);
	set_limit(RLIMIT_CPU, 300);
	set_limit(RLIMIT_CORE, 0);
	set_limit(RLIMIT_MSGQUEUE, 64 << 10);
	set_limit(RLIMIT_RTPRIO, 0);
}

/* For good: no way back to root, no capabilities, checked. */
static void drop_privileges(uid_t uid)
{
	struct __user_cap_header_struct hdr = {.version = _LINUX_CAPABILITY_VERSION_3};
	struct __user_cap_data_struct caps[2] = {};
	uid_t r, e, s;

	if (chown(workdir, uid, uid) || syscall(SYS_close_range, FD_FILE, ~0U, 0))
		die("cannot hand over %s: %s", workdir, strerror(errno));
	mq_unlink("/diffq");
	/* the scenarios' children, nothing more: the table never forks */
	set_limit(RLIMIT_NPROC, 8);
	if (setgroups(0, NULL) || setresgid(uid, uid, uid) || setresuid(uid, uid, uid))
		die("cannot drop to uid %u: %s", uid, strerror(errno));
	if (getresuid(&r, &e, &s) || !r || !e || !s)
		die("still root after the drop");
	if (syscall(SYS_capget, &hdr, caps) || caps[0].effective || caps[0].permitted ||
	    caps[1].effective || caps[1].permitted)
		die("capabilities left after the drop");
	/* after the drop, which would clear it: die with the tracer */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	/* the files were root's: made again as the uid's own */
	unlink("file");
	unlink("link");
	rmdir("dir");
	setup_files();
	setup_fds();
}

/* ---------------------------------------------------------------- scenarios */

struct scenario {
	const char *name;
	bool as_root; /* run before the drop (the calls need a capability), in the cage */
	void (*run)(void);
};

/*
 * Memory for a scenario's objects: region k, cleared, with readable memory around it (at),
 * or ending where the unmapped page begins (flush).
 */
static void *at(int k)
{
	memset(region(k), 0, REGION_PAGES * PAGE);
	return region(k) + PAGE;
}

static void *flush(int k, size_t size)
{
	memset(region(k), 0, REGION_PAGES * PAGE);
	return (void *)(guard_of(k) - size);
}

#define COPY_AT(k, value) memcpy(at(k), &(value), sizeof(value))

/* The kernel's struct sigaction on x86_64, as rt_sigaction takes it. */
struct k_sigaction {
	void (*handler)(int);
	unsigned long flags;
	void (*restorer)(void);
	unsigned long mask;
};

#define K_SA_RESTORER 0x04000000

static void restorer(void)
{
	syscall(SYS_rt_sigreturn);
}

static void scen_stat(void)
{
	CALL(SYS_stat, "file", at(1));
	CALL(SYS_stat, "dir", at(1));
	CALL(SYS_lstat, "link", at(1));
	CALL(SYS_fstat, FD_DIR, at(1));
	CALL(SYS_fstat, FD_PIPE_R, at(1));
	CALL(SYS_fstat, FD_UNIX_A, at(1));
	CALL(SYS_newfstatat, AT_FDCWD, "/dev/null", at(2), 0);
	CALL(SYS_newfstatat, FD_FILE, "", at(2), AT_EMPTY_PATH);
	CALL(SYS_newfstatat, AT_FDCWD, "link", at(2), AT_SYMLINK_NOFOLLOW);
	CALL(SYS_statx, AT_FDCWD, "file", 0, 0x7ff /* STATX_BASIC_STATS */, at(4));
	CALL(SYS_statx, AT_FDCWD, "/dev/null", AT_STATX_SYNC_AS_STAT, 0xfff, at(4));
	CALL(SYS_statx, FD_FILE, "", AT_EMPTY_PATH | AT_STATX_DONT_SYNC, 0x1 /* TYPE */, at(4));
	CALL(SYS_statfs, ".", at(1));
	CALL(SYS_statfs, "/dev", at(1));
	CALL(SYS_fstatfs, FD_FILE, at(1));
	CALL(SYS_fstatfs, FD_PIPE_R, at(1));
}

static void scen_times(void)
{
	struct itimerval iv = {.it_interval = {0, 500000}, .it_value = {30, 250000}};
	struct itimerspec its = {.it_interval = {0, 0}, .it_value = {10, 5}};
	struct sigevent sev = {
		.sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR2, .sigev_value.sival_int = 42};
	struct timespec small = {0, 1000}, abs_past = {1, 0};
	int timer_id;

	CALL(SYS_times, at(0));
	CALL(SYS_clock_gettime, CLOCK_REALTIME, at(1));
	CALL(SYS_clock_gettime, CLOCK_MONOTONIC, at(1));
	CALL(SYS_clock_gettime, CLOCK_BOOTTIME, at(1));
	CALL(SYS_clock_gettime, CLOCK_PROCESS_CPUTIME_ID, at(1));
	CALL(SYS_clock_gettime, CLOCK_THREAD_CPUTIME_ID, at(1));
	CALL(SYS_clock_gettime, CLOCK_TAI, at(1));
	CALL(SYS_clock_getres, CLOCK_MONOTONIC_COARSE, at(1));
	CALL(SYS_clock_getres, CLOCK_REALTIME, NULL);
	CALL(SYS_gettimeofday, at(0), at(1));
	CALL(SYS_time, at(0));
	CALL(SYS_time, NULL);
	COPY_AT(1, iv);
	CALL(SYS_setitimer, ITIMER_VIRTUAL, region(1) + PAGE, at(2));
	CALL(SYS_getitimer, ITIMER_VIRTUAL, at(1));
	CALL(SYS_getitimer, ITIMER_PROF, at(1));
	CALL(SYS_setitimer, ITIMER_VIRTUAL, at(1), at(2));
	COPY_AT(1, sev);
	CALL(SYS_timer_create, CLOCK_MONOTONIC, region(1) + PAGE, at(2));
	timer_id = *(int *)(region(2) + PAGE);
	COPY_AT(2, its);
	CALL(SYS_timer_settime, timer_id, 0, region(2) + PAGE, at(3));
	CALL(SYS_timer_gettime, timer_id, at(3));
	CALL(SYS_timer_getoverrun, timer_id);
	CALL(SYS_timer_delete, timer_id);
	CALL(SYS_timer_create, CLOCK_REALTIME, NULL, at(2));
	CALL(SYS_timer_delete, *(int *)(region(2) + PAGE));
	COPY_AT(2, its);
	CALL(SYS_timerfd_settime, FD_TIMER, TFD_TIMER_ABSTIME, region(2) + PAGE, at(3));
	CALL(SYS_timerfd_settime, FD_TIMER, 0, region(2) + PAGE, at(3));
	CALL(SYS_timerfd_gettime, FD_TIMER, at(3));
	COPY_AT(1, small);
	CALL(SYS_nanosleep, region(1) + PAGE, at(2));
	COPY_AT(2, abs_past);
	CALL(SYS_clock_nanosleep, CLOCK_REALTIME, TIMER_ABSTIME, region(2) + PAGE, NULL);
	CALL(SYS_alarm, 0);
}

static void scen_rlimits(void)
{
	struct rlimit core = {0, 0};

	for (int r = 0; r < RLIM_NLIMITS; r++)
		CALL(SYS_getrlimit, r, at(1));
	for (int r = 0; r < RLIM_NLIMITS; r++)
		CALL(SYS_prlimit64, 0, r, NULL, at(3));
	COPY_AT(1, core);
	CALL(SYS_setrlimit, RLIMIT_CORE, region(1) + PAGE);
	CALL(SYS_prlimit64, 0, RLIMIT_CORE, region(1) + PAGE, at(3));
	CALL(SYS_prlimit64, self_pid, 0x10, NULL, at(3));
}

static void scen_system(void)
{
	CALL(SYS_sysinfo, at(0));
	CALL(SYS_uname, at(0));
	CALL(SYS_getrusage, RUSAGE_SELF, at(1));
	CALL(SYS_getrusage, RUSAGE_CHILDREN, at(1));
	CALL(SYS_getrusage, RUSAGE_THREAD, at(1));
	CALL(SYS_getrusage, -2, at(1));
	CALL(SYS_getcpu, at(0), at(1), NULL);
	CALL(SYS_getrandom, at(0), 8, GRND_NONBLOCK);
	CALL(SYS_getcwd, at(0), 256);
	CALL(SYS_readlink, "link", at(1), 64);
	CALL(SYS_getresuid, at(0), at(1), at(2));
	CALL(SYS_getresgid, at(0), at(1), at(2));
	CALL(SYS_getgroups, 32, at(1));
	CALL(SYS_sysfs, 2, 0, at(2));
	CALL(SYS_sysfs, 3);
	CALL(SYS_get_robust_list, 0, at(1), at(2));
	CALL(SYS_membarrier, 0 /* MEMBARRIER_CMD_QUERY */, 0, 0);
	CALL(SYS_getpriority, PRIO_PROCESS, 0);
	CALL(SYS_ioprio_get, 1 /* IOPRIO_WHO_PROCESS */, 0);
	CALL(SYS_personality, 0xffffffff);
	CALL(SYS_kcmp, self_pid, self_pid, 0 /* KCMP_FILE */, FD_FILE, FD_DIR);
}

static void scen_wait(void)
{
	long child;

	child = CALL(SYS_clone, SIGCHLD, 0, NULL, NULL, 0);
	CALL(SYS_wait4, child, at(1), 0, at(3));
	child = CALL(SYS_clone, SIGCHLD, 0, NULL, NULL, 0);
	CALL(SYS_waitid, P_PID, child, at(2), WEXITED, at(4));
	child = CALL(SYS_fork);
	CALL(SYS_waitid, P_ALL, 0, at(2), WEXITED | WSTOPPED | WCONTINUED, NULL);
	CALL(SYS_waitid, P_ALL, 0, at(2), WEXITED | WNOHANG, NULL);
	CALL(SYS_wait4, -1, at(1), WNOHANG | __WALL, NULL);
	child = CALL(SYS_vfork);
	CALL(SYS_wait4, child, at(1), 0, NULL);
}

static void scen_signals(void)
{
	siginfo_t si = {.si_signo = SIGUSR1, .si_code = SI_QUEUE, .si_pid = 0, .si_uid = 0};
	sigset_t usr2;

	CALL(SYS_kill, self_pid, 0);
	CALL(SYS_kill, 0x3fffff00, SIGTERM);
	CALL(SYS_tkill, self_pid, 0);
	CALL(SYS_tgkill, self_pid, self_pid, 0);
	CALL(SYS_kill, self_pid, SIGUSR1);
	si.si_pid = self_pid;
	si.si_value.sival_int = 7;
	COPY_AT(2, si);
	CALL(SYS_rt_sigqueueinfo, self_pid, SIGUSR1, region(2) + PAGE);
	CALL(SYS_rt_tgsigqueueinfo, self_pid, self_pid, SIGUSR1, region(2) + PAGE);
	CALL(SYS_pidfd_send_signal, FD_PIDFD, SIGUSR1, NULL, 0);
	CALL(SYS_pidfd_send_signal, FD_PIDFD, 0, NULL, 0);
	sigemptyset(&usr2);
	sigaddset(&usr2, SIGUSR2);
	COPY_AT(1, usr2);
	CALL(SYS_rt_sigprocmask, SIG_BLOCK, region(1) + PAGE, at(2), 8);
	CALL(SYS_kill, self_pid, SIGUSR2);
	CALL(SYS_rt_sigpending, at(0), 8);
	memcpy(at(0), &usr2, sizeof(usr2));
	CALL(SYS_rt_sigtimedwait, region(0) + PAGE, at(1), NULL, 8);
	{
		struct timespec zero = {0, 0};

		COPY_AT(2, zero);
		memcpy(at(0), &usr2, sizeof(usr2));
		CALL(SYS_rt_sigtimedwait, region(0) + PAGE, at(1), region(2) + PAGE, 8);
	}
	CALL(SYS_rt_sigprocmask, SIG_SETMASK, NULL, at(2), 8);
}

static void scen_sigaction(void)
{
	struct k_sigaction act = {.handler = on_signal,
				  .flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK | SA_NODEFER |
					   K_SA_RESTORER,
				  .restorer = restorer,
				  .mask = 1UL << (SIGINT - 1) | 1UL << (SIGTERM - 1) | 1UL << 33};
	struct k_sigaction ign = {.handler = SIG_IGN, .flags = K_SA_RESTORER, .restorer = restorer};
	stack_t ss = {.ss_sp = region(5), .ss_size = 3 * PAGE, .ss_flags = 0};
	unsigned long all = ~0UL & ~(1UL << (SIGALRM - 1));

	COPY_AT(1, act);
	CALL(SYS_rt_sigaction, SIGUSR2, region(1) + PAGE, at(2), 8);
	CALL(SYS_rt_sigaction, SIGUSR2, NULL, at(2), 8);
	COPY_AT(1, ign);
	CALL(SYS_rt_sigaction, SIGPIPE, region(1) + PAGE, NULL, 8);
	CALL(SYS_rt_sigaction, SIGRTMIN + 2, region(1) + PAGE, at(2), 8);
	CALL(SYS_rt_sigaction, SIGKILL, region(1) + PAGE, at(2), 8);
	COPY_AT(1, all);
	CALL(SYS_rt_sigprocmask, SIG_SETMASK, region(1) + PAGE, at(2), 8);
	CALL(SYS_rt_sigprocmask, SIG_UNBLOCK, region(1) + PAGE, at(2), 8);
	COPY_AT(0, ss);
	CALL(SYS_sigaltstack, region(0) + PAGE, at(1));
	CALL(SYS_sigaltstack, NULL, at(1));
	ss.ss_flags = SS_DISABLE;
	COPY_AT(0, ss);
	CALL(SYS_sigaltstack, region(0) + PAGE, at(1));
	ss.ss_size = 100;
	ss.ss_flags = 0;
	COPY_AT(0, ss);
	CALL(SYS_sigaltstack, region(0) + PAGE, NULL);
}

static void scen_epoll(void)
{
	struct epoll_event ev = {.events = EPOLLIN | EPOLLET, .data.u64 = 0x1122334455667788};
	unsigned long mask = 1UL << (SIGUSR2 - 1);
	struct timespec zero = {0, 0};

	COPY_AT(3, ev);
	CALL(SYS_epoll_ctl, FD_EPOLL, EPOLL_CTL_ADD, FD_PIPE_R, region(3) + PAGE);
	ev.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLEXCLUSIVE;
	ev.data.fd = FD_UNIX_A;
	COPY_AT(3, ev);
	CALL(SYS_epoll_ctl, FD_EPOLL, EPOLL_CTL_ADD, FD_UNIX_A, region(3) + PAGE);
	ev.events = EPOLLIN | EPOLLONESHOT;
	COPY_AT(3, ev);
	CALL(SYS_epoll_ctl, FD_EPOLL, EPOLL_CTL_MOD, FD_PIPE_R, region(3) + PAGE);
	CALL(SYS_epoll_wait, FD_EPOLL, at(1), 4, 0);
	COPY_AT(4, mask);
	CALL(SYS_epoll_pwait, FD_EPOLL, at(1), 4, 0, region(4) + PAGE, 8);
	COPY_AT(3, zero);
	CALL(SYS_epoll_pwait2, FD_EPOLL, at(1), 4, region(3) + PAGE, NULL, 8);
	CALL(SYS_epoll_ctl, FD_EPOLL, EPOLL_CTL_DEL, FD_PIPE_R, NULL);
	CALL(SYS_epoll_create, 4);
	CALL(SYS_epoll_create1, EPOLL_CLOEXEC);
}

static void scen_poll(void)
{
	struct pollfd fds[3] = {{FD_PIPE_R, POLLIN | POLLPRI, 0},
				{FD_PIPE_W, POLLOUT, 0},
				{FD_UNIX_A, POLLIN | POLLRDHUP, 0}};
	struct timespec zero = {0, 0};
	struct timeval tv = {0, 0};
	unsigned long mask = 1UL << (SIGUSR2 - 1);
	fd_set rd, wr;
	struct {
		void *set;
		size_t size;
	} pselect_sig = {region(5) + PAGE, 8};

	memcpy(at(0), fds, sizeof(fds));
	CALL(SYS_poll, region(0) + PAGE, 3, 0);
	fds[0].fd = -1;
	fds[2].fd = 99;
	memcpy(at(0), fds, sizeof(fds));
	CALL(SYS_poll, region(0) + PAGE, 3, 1);
	memcpy(at(0), fds, sizeof(fds));
	COPY_AT(2, zero);
	COPY_AT(3, mask);
	CALL(SYS_ppoll, region(0) + PAGE, 3, region(2) + PAGE, region(3) + PAGE, 8);
	FD_ZERO(&rd);
	FD_ZERO(&wr);
	FD_SET(FD_PIPE_R, &rd);
	FD_SET(FD_UNIX_A, &rd);
	FD_SET(FD_NULL, &rd);
	FD_SET(FD_PIPE_W, &wr);
	COPY_AT(1, rd);
	COPY_AT(2, wr);
	COPY_AT(4, tv);
	CALL(SYS_select, FD_NULL + 1, region(1) + PAGE, region(2) + PAGE, at(3), region(4) + PAGE);
	COPY_AT(1, rd);
	COPY_AT(2, wr);
	COPY_AT(4, zero);
	memcpy(region(5) + PAGE, &mask, sizeof(mask));
	memcpy(region(5) + 2 * PAGE, &pselect_sig, sizeof(pselect_sig));
	CALL(SYS_pselect6, FD_NULL + 1, region(1) + PAGE, region(2) + PAGE, NULL, region(4) + PAGE,
	     region(5) + 2 * PAGE);
	CALL(SYS_select, 0, NULL, NULL, NULL, region(4) + PAGE);
}

static void scen_sched(void)
{
	struct sched_attr_v1 {
		uint32_t size, sched_policy;
		uint64_t sched_flags;
		int32_t sched_nice;
		uint32_t sched_priority;
		uint64_t sched_runtime, sched_deadline, sched_period;
		uint32_t sched_util_min, sched_util_max;
	} attr = {.size = sizeof(attr), .sched_policy = SCHED_OTHER};
	struct sched_param param = {0};

	CALL(SYS_sched_getattr, 0, at(1), sizeof(attr), 0);
	CALL(SYS_sched_getattr, 0, at(1), 48, 0);
	CALL(SYS_sched_getattr, 0, at(1), 8, 0);
	CALL(SYS_sched_getattr, 0, at(1), 4096, 0);
	COPY_AT(1, attr);
	CALL(SYS_sched_setattr, 0, region(1) + PAGE, 0);
	attr.sched_policy = SCHED_BATCH;
	attr.sched_flags = 0x8 /* SCHED_FLAG_KEEP_POLICY */ | 0x10 /* KEEP_PARAMS */;
	COPY_AT(1, attr);
	CALL(SYS_sched_setattr, 0, region(1) + PAGE, 0);
	attr.size = 0;
	COPY_AT(1, attr);
	CALL(SYS_sched_setattr, 0, region(1) + PAGE, 0);
	CALL(SYS_sched_getparam, 0, at(1));
	CALL(SYS_sched_getscheduler, 0);
	CALL(SYS_sched_get_priority_max, SCHED_FIFO);
	CALL(SYS_sched_get_priority_min, SCHED_RR);
	CALL(SYS_sched_rr_get_interval, 0, at(1));
	CALL(SYS_sched_getaffinity, 0, 128, at(2));
	COPY_AT(2, param);
	CALL(SYS_sched_setscheduler, 0, SCHED_BATCH, region(2) + PAGE);
	CALL(SYS_sched_setscheduler, 0, SCHED_OTHER | SCHED_RESET_ON_FORK, region(2) + PAGE);
	CALL(SYS_sched_setparam, 0, region(2) + PAGE, 0);
	CALL(SYS_sched_yield);
}

static void scen_fcntl(void)
{
	struct flock lk = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 10};
	long fd;

	COPY_AT(2, lk);
	CALL(SYS_fcntl, FD_FILE, F_SETLK, region(2) + PAGE);
	CALL(SYS_fcntl, FD_FILE, F_GETLK, region(2) + PAGE);
	lk.l_type = F_RDLCK;
	lk.l_whence = SEEK_CUR;
	lk.l_start = 5;
	lk.l_len = 0;
	COPY_AT(2, lk);
	CALL(SYS_fcntl, FD_FILE, F_OFD_GETLK, region(2) + PAGE);
	CALL(SYS_fcntl, FD_FILE, F_OFD_SETLK, region(2) + PAGE);
	lk.l_type = F_UNLCK;
	COPY_AT(2, lk);
	CALL(SYS_fcntl, FD_FILE, F_SETLKW, region(2) + PAGE);
	CALL(SYS_fcntl, FD_FILE, F_OFD_SETLKW, region(2) + PAGE);
	CALL(SYS_fcntl, FD_FILE, F_GETFL);
	CALL(SYS_fcntl, FD_FILE, F_SETFL, O_APPEND | O_NONBLOCK | O_NOATIME);
	CALL(SYS_fcntl, FD_FILE, F_GETFD);
	CALL(SYS_fcntl, FD_FILE, F_SETFD, FD_CLOEXEC);
	fd = CALL(SYS_fcntl, FD_FILE, F_DUPFD_CLOEXEC, 30);
	CALL(SYS_fcntl, FD_FILE, F_DUPFD, 40);
	CALL(SYS_fcntl, FD_UNIX_A, F_GETOWN);
	CALL(SYS_fcntl, FD_UNIX_A, F_SETOWN, self_pid);
	CALL(SYS_fcntl, FD_UNIX_A, F_GETOWN_EX, at(2));
	CALL(SYS_fcntl, FD_UNIX_A, F_GETSIG);
	CALL(SYS_fcntl, FD_UNIX_A, F_SETSIG, SIGUSR2);
	CALL(SYS_fcntl, FD_PIPE_R, F_GETPIPE_SZ);
	CALL(SYS_fcntl, FD_PIPE_R, F_SETPIPE_SZ, 8192);
	CALL(SYS_fcntl, FD_FILE, F_GET_SEALS);
	CALL(SYS_fcntl, FD_FILE, F_GETLEASE);
	CALL(SYS_fcntl, FD_DIR, F_NOTIFY, DN_CREATE | DN_DELETE | DN_MULTISHOT);
	CALL(SYS_fcntl, FD_FILE, F_GET_RW_HINT, at(2));
	CALL(SYS_fcntl, FD_FILE, 0x7ead, 0);
	CALL(SYS_close, fd);
	CALL(SYS_flock, FD_FILE, LOCK_EX | LOCK_NB);
	CALL(SYS_flock, FD_FILE, LOCK_UN);
}

static void scen_dirs(void)
{
	CALL(SYS_lseek, FD_DIR, 0, SEEK_SET);
	CALL(SYS_getdents64, FD_DIR, at(1), 4096);
	CALL(SYS_lseek, FD_DIR, 0, SEEK_SET);
	CALL(SYS_getdents, FD_DIR, at(1), 4096);
	CALL(SYS_getdents64, FD_DIR, at(1), 4096);
	CALL(SYS_lseek, FD_DIR, 0, SEEK_SET);
	CALL(SYS_getdents64, FD_DIR, at(1), 24);
	CALL(SYS_lseek, FD_FILE, 3, SEEK_DATA);
	CALL(SYS_lseek, FD_FILE, 0, SEEK_HOLE);
	CALL(SYS_lseek, FD_FILE, -1, SEEK_END);
}

static void scen_files(void)
{
	struct open_how_v0 {
		uint64_t flags, mode, resolve;
		uint64_t pad;
	} how = {.flags = O_RDONLY | O_CLOEXEC, .resolve = 0x08 /* RESOLVE_BENEATH */};
	struct timespec ts[2] = {{.tv_nsec = UTIME_NOW}, {.tv_nsec = UTIME_OMIT}};
	struct timeval tv[2] = {{1, 2}, {3, 4}};
	struct {
		time_t actime, modtime;
	} ut = {5, 6};
	long fd;

	COPY_AT(2, how);
	fd = CALL(SYS_openat2, AT_FDCWD, "file", region(2) + PAGE, 24);
	CALL(SYS_close, fd);
	how.flags = O_RDWR | O_CREAT | O_EXCL;
	how.mode = 0600;
	how.resolve = 0x04 /* RESOLVE_NO_SYMLINKS */ | 0x02 /* NO_MAGICLINKS */;
	COPY_AT(2, how);
	fd = CALL(SYS_openat2, FD_DIR, "new", region(2) + PAGE, 24);
	CALL(SYS_close, fd);
	CALL(SYS_openat2, AT_FDCWD, "file", region(2) + PAGE, 16);
	CALL(SYS_openat2, AT_FDCWD, "file", region(2) + PAGE, 32);
	how.pad = 1;
	COPY_AT(2, how);
	CALL(SYS_openat2, AT_FDCWD, "file", region(2) + PAGE, 32);
	how.resolve = 0x40000000;
	COPY_AT(2, how);
	CALL(SYS_openat2, AT_FDCWD, "file", region(2) + PAGE, 24);
	memcpy(flush(2, 24), &how, 24);
	CALL(SYS_openat2, AT_FDCWD, "file", guard_of(2) - 24, 24);
	fd = CALL(SYS_openat, AT_FDCWD, "new2", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
	CALL(SYS_close, fd);
	fd = CALL(SYS_openat, FD_DIR, ".", O_TMPFILE | O_RDWR);
	CALL(SYS_close, fd);
	fd = CALL(SYS_creat, "new3", 0600);
	CALL(SYS_close, fd);
	CALL(SYS_mkdirat, AT_FDCWD, "newdir", 0700);
	CALL(SYS_mknodat, AT_FDCWD, "fifo", S_IFIFO | 0644, 0);
	CALL(SYS_mknod, "chr", S_IFCHR | 0644, makedev(1, 3));
	CALL(SYS_renameat2, AT_FDCWD, "new2", AT_FDCWD, "new4", RENAME_NOREPLACE);
	CALL(SYS_renameat2, AT_FDCWD, "new4", AT_FDCWD, "new3", RENAME_EXCHANGE);
	CALL(SYS_linkat, AT_FDCWD, "new3", AT_FDCWD, "hard", AT_SYMLINK_FOLLOW);
	CALL(SYS_symlinkat, "file", FD_DIR, "link2");
	CALL(SYS_readlinkat, AT_FDCWD, "link2", at(2), 3);
	CALL(SYS_fchmodat, AT_FDCWD, "new3", 04755, 0);
	CALL(SYS_faccessat2, AT_FDCWD, "new3", R_OK | X_OK, AT_EACCESS | AT_SYMLINK_NOFOLLOW);
	CALL(SYS_fchownat, AT_FDCWD, "new3", -1, -1, AT_SYMLINK_NOFOLLOW);
	COPY_AT(2, ts);
	CALL(SYS_utimensat, AT_FDCWD, "new3", region(2) + PAGE, AT_SYMLINK_NOFOLLOW);
	ts[0].tv_sec = 1700000000;
	ts[0].tv_nsec = 123;
	ts[1].tv_nsec = UTIME_NOW;
	COPY_AT(2, ts);
	CALL(SYS_utimensat, FD_FILE, NULL, region(2) + PAGE, 0);
	CALL(SYS_utimensat, AT_FDCWD, "new3", NULL, 0);
	COPY_AT(1, tv);
	CALL(SYS_utimes, "new3", region(1) + PAGE);
	CALL(SYS_futimesat, AT_FDCWD, "new3", region(1) + PAGE);
	COPY_AT(1, ut);
	CALL(SYS_utime, "new3", region(1) + PAGE);
	CALL(SYS_unlinkat, AT_FDCWD, "newdir", AT_REMOVEDIR);
	CALL(SYS_unlinkat, AT_FDCWD, "hard", 0);
	CALL(SYS_truncate, "new3", 100);
	CALL(SYS_fallocate, FD_FILE, FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE, 0, 4);
	CALL(SYS_fallocate, FD_FILE, FALLOC_FL_ZERO_RANGE, 0, 8192);
	CALL(SYS_fadvise64, FD_FILE, 0, 100, POSIX_FADV_WILLNEED);
	CALL(SYS_sync_file_range, FD_FILE, 0, 10,
	     SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE);
	CALL(SYS_readahead, FD_FILE, 0, 4096);
	CALL(SYS_umask, 077);
	CALL(SYS_umask, 022);
}

static void scen_xattr(void)
{
	CALL(SYS_setxattr, "file", "user.diff", "value\0\1", 7, XATTR_CREATE);
	CALL(SYS_fsetxattr, FD_FILE, "user.other", "x", 1, 0);
	CALL(SYS_getxattr, "file", "user.diff", at(2), 64);
	CALL(SYS_getxattr, "file", "user.diff", at(2), 0);
	CALL(SYS_lgetxattr, "link", "user.diff", at(2), 64);
	CALL(SYS_fgetxattr, FD_FILE, "user.missing", at(2), 64);
	CALL(SYS_listxattr, "file", at(1), 256);
	CALL(SYS_flistxattr, FD_FILE, at(1), 256);
	CALL(SYS_llistxattr, "file", NULL, 0);
	CALL(SYS_removexattr, "file", "user.diff");
	CALL(SYS_fremovexattr, FD_FILE, "user.other");
}

static void scen_io(void)
{
	struct iovec iov[2] = {{region(0), 5}, {region(0) + 64, 7}};
	long tfd, p[2];

	memcpy(region(0), "hello", 5);
	memcpy(region(0) + 64, " world\n", 7);
	memcpy(region(1) + PAGE, iov, sizeof(iov));
	CALL(SYS_writev, FD_FILE, region(1) + PAGE, 2);
	CALL(SYS_pwritev, FD_FILE, region(1) + PAGE, 2, 20, 0);
	CALL(SYS_pwritev2, FD_FILE, region(1) + PAGE, 2, -1, 0, RWF_APPEND | RWF_DSYNC);
	CALL(SYS_pread64, FD_FILE, at(2), 64, 0);
	CALL(SYS_pwrite64, FD_FILE, "\0\1\2\3\377", 5, 2);
	iov[0].iov_base = region(3) + 2 * PAGE;
	iov[0].iov_len = 4;
	iov[1].iov_base = region(3) + 2 * PAGE + 64;
	iov[1].iov_len = 100;
	memcpy(at(1), iov, sizeof(iov));
	CALL(SYS_preadv, FD_FILE, region(1) + PAGE, 2, 0, 0);
	CALL(SYS_preadv2, FD_FILE, region(1) + PAGE, 2, 0, 0, RWF_NOWAIT | RWF_HIPRI);
	CALL(SYS_read, FD_PIPE_R, at(1), 4);
	CALL(SYS_read, FD_PIPE_R, at(1), 64);
	CALL(SYS_read, FD_PIPE_R, at(1), 64);
	CALL(SYS_write, FD_PIPE_W, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ", 46);
	CALL(SYS_splice, FD_PIPE_R, NULL, FD_FILE, at(3), 10, SPLICE_F_MOVE | SPLICE_F_NONBLOCK);
	CALL(SYS_vmsplice, FD_PIPE_W, region(1) + PAGE, 1);
	must(pipe2((int *)region(5), O_NONBLOCK) == 0, "pipe");
	p[0] = ((int *)region(5))[0];
	p[1] = ((int *)region(5))[1];
	CALL(SYS_tee, FD_PIPE_R, p[1], 100, SPLICE_F_NONBLOCK);
	*(long *)at(2) = 0;
	CALL(SYS_sendfile, FD_NULL, FD_FILE, region(2) + PAGE, 100);
	*(long *)at(2) = 1;
	*(long *)at(4) = 0;
	tfd = open("new", O_RDWR | O_CREAT, 0644);
	CALL(SYS_copy_file_range, FD_FILE, region(2) + PAGE, tfd, region(4) + PAGE, 10, 0);
	CALL(SYS_write, FD_EVENT, "\1\0\0\0\0\0\0\0", 8);
	CALL(SYS_read, FD_EVENT, at(1), 8);
	CALL(SYS_read, FD_TIMER, at(1), 8);
	CALL(SYS_read, FD_INOTIFY, at(1), 64);
	CALL(SYS_read, FD_SIGNAL, at(1), 128);
	CALL(SYS_fsync, FD_FILE);
	CALL(SYS_fdatasync, FD_FILE);
	CALL(SYS_syncfs, FD_FILE);
	CALL(SYS_dup3, FD_FILE, 25, O_CLOEXEC);
	CALL(SYS_dup2, FD_FILE, 26);
	CALL(SYS_dup, FD_FILE);
	CALL(SYS_close_range, 25, 26, CLOSE_RANGE_CLOEXEC);
	CALL(SYS_close_range, 25, ~0U, 0);
	CALL(SYS_pipe2, at(1), O_CLOEXEC | O_DIRECT);
	CALL(SYS_pipe, at(1));
	CALL(SYS_eventfd2, 3, EFD_SEMAPHORE | EFD_CLOEXEC);
	CALL(SYS_eventfd, 1);
	CALL(SYS_inotify_init1, IN_CLOEXEC);
	CALL(SYS_inotify_add_watch, FD_INOTIFY, "file", IN_MODIFY | IN_ATTRIB | IN_ONESHOT);
	CALL(SYS_inotify_rm_watch, FD_INOTIFY, 1);
	*(unsigned long *)at(1) = 1UL << (SIGUSR2 - 1) | 1UL << (SIGRTMIN + 1 - 1);
	CALL(SYS_signalfd4, -1, region(1) + PAGE, 8, SFD_CLOEXEC | SFD_NONBLOCK);
	CALL(SYS_signalfd, FD_SIGNAL, region(1) + PAGE, 8);
	CALL(SYS_timerfd_create, CLOCK_BOOTTIME, TFD_CLOEXEC);
	CALL(SYS_memfd_create, "diff", MFD_CLOEXEC | MFD_ALLOW_SEALING);
	CALL(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK);
	CALL(SYS_pidfd_open, self_pid, 0);
	CALL(SYS_pidfd_getfd, FD_PIDFD, FD_FILE, 0);
	CALL(SYS_process_madvise, FD_PIDFD, NULL, 0);
}

static void scen_memory(void)
{
	void *mem = (void *)MEM_BASE;
	long m;

	m = CALL(SYS_mmap, NULL, 8192, PROT_READ, MAP_SHARED, FD_FILE, 0);
	CALL(SYS_munmap, m, 8192);
	m = CALL(SYS_mmap, NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE | MAP_NORESERVE | MAP_STACK, -1, 0);
	CALL(SYS_munmap, m, 4096);
	m = CALL(SYS_mmap, MEM_BASE + (1UL << 30), 4096, PROT_NONE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	CALL(SYS_mprotect, mem, 4096, PROT_READ);
	CALL(SYS_mprotect, mem, 4096, PROT_READ | PROT_WRITE | PROT_GROWSDOWN);
	CALL(SYS_madvise, mem, 4096, MADV_DONTNEED);
	CALL(SYS_madvise, mem, 8192, MADV_HUGEPAGE);
	CALL(SYS_madvise, mem, 4096, MADV_COLD);
	CALL(SYS_mincore, mem, 8192, at(2));
	CALL(SYS_mlock, mem, 4096);
	CALL(SYS_munlock, mem, 4096);
	CALL(SYS_mlock2, mem, 4096, MLOCK_ONFAULT);
	CALL(SYS_mlockall, MCL_CURRENT | MCL_ONFAULT);
	CALL(SYS_munlockall);
	CALL(SYS_msync, mem, 4096, MS_SYNC | MS_INVALIDATE);
	m = CALL(SYS_mremap, mem, 4096, 8192, MREMAP_MAYMOVE, 0);
	CALL(SYS_mremap, MEM_BASE + 8 * PAGE, 4096, 4096, MREMAP_MAYMOVE | MREMAP_FIXED,
	     MEM_BASE + (1UL << 29));
	CALL(SYS_brk, 0);
	CALL(SYS_pkey_alloc, 0, 1 /* PKEY_DISABLE_ACCESS */);
	CALL(SYS_pkey_free, 1);
	CALL(SYS_remap_file_pages, mem, 4096, 0, 0, 0);
	*(unsigned long *)at(1) = 1;
	CALL(SYS_set_mempolicy, 2 /* MPOL_BIND */, region(1) + PAGE, 64);
	CALL(SYS_get_mempolicy, at(2), at(3), 64, NULL, 0);
	CALL(SYS_set_mempolicy, 0 /* MPOL_DEFAULT */, NULL, 0);
	CALL(SYS_mbind, mem, 4096, 1 /* MPOL_PREFERRED */, region(1) + PAGE, 64,
	     2 /* MPOL_MF_MOVE */);
	CALL(SYS_mbind, mem, 4096, 0x7ead, NULL, 0, 0);
	CALL(SYS_set_mempolicy_home_node, mem, 4096, 0, 0);
	CALL(SYS_move_pages, 0, 1, region(4), NULL, at(5), 0);
}

static void scen_sockets(void)
{
	struct sockaddr_in in = {.sin_family = AF_INET,
				 .sin_port = htons(9),
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
	struct sockaddr_in6 in6 = {.sin6_family = AF_INET6,
				   .sin6_port = htons(9),
				   .sin6_addr = IN6ADDR_LOOPBACK_INIT,
				   .sin6_scope_id = 0};
	struct sockaddr_un un = {.sun_family = AF_UNIX, .sun_path = "\0abstract"};
	struct sockaddr_nl {
		unsigned short nl_family, nl_pad;
		unsigned int nl_pid, nl_groups;
	} nl = {.nl_family = AF_NETLINK, .nl_groups = 1};
	struct sockaddr sa_unspec = {.sa_family = AF_UNSPEC};
	socklen_t len = sizeof(struct sockaddr_in);
	long s, c, a;

	s = CALL(SYS_socket, AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, IPPROTO_UDP);
	COPY_AT(1, in);
	CALL(SYS_connect, s, region(1) + PAGE, sizeof(in));
	COPY_AT(1, sa_unspec);
	CALL(SYS_connect, s, region(1) + PAGE, sizeof(sa_unspec));
	c = CALL(SYS_socket, AF_INET6, SOCK_DGRAM, 0);
	COPY_AT(1, in6);
	CALL(SYS_connect, c, region(1) + PAGE, sizeof(in6));
	CALL(SYS_bind, c, region(1) + PAGE, sizeof(in6));
	s = CALL(SYS_socket, AF_UNIX, SOCK_SEQPACKET, 0);
	COPY_AT(1, un);
	CALL(SYS_bind, s, region(1) + PAGE, offsetof(struct sockaddr_un, sun_path) + 9);
	un.sun_path[0] = 'u';
	COPY_AT(1, un);
	CALL(SYS_bind, s, region(1) + PAGE, sizeof(un));
	s = CALL(SYS_socket, AF_NETLINK, SOCK_RAW, 0 /* NETLINK_ROUTE */);
	COPY_AT(1, nl);
	CALL(SYS_bind, s, region(1) + PAGE, sizeof(nl));
	CALL(SYS_getsockname, s, at(1), memcpy(at(2), &len, 4));
	CALL(SYS_socket, AF_PACKET, SOCK_RAW, htons(3));
	CALL(SYS_socket, AF_INET, SOCK_RAW, IPPROTO_ICMP);
	CALL(SYS_socket, AF_INET6, SOCK_STREAM, IPPROTO_SCTP);
	CALL(SYS_socket, AF_BLUETOOTH, SOCK_STREAM, 0);
	CALL(SYS_socket, 0x7ead, SOCK_STREAM, 0);
	CALL(SYS_socketpair, AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK, 0, at(3));
	/* a connection through the loopback: the listener's port from getsockname */
	len = sizeof(in);
	getsockname(FD_TCP, (struct sockaddr *)&in, &len);
	c = CALL(SYS_socket, AF_INET, SOCK_STREAM, IPPROTO_TCP);
	COPY_AT(1, in);
	CALL(SYS_connect, c, region(1) + PAGE, sizeof(in));
	len = sizeof(in);
	a = CALL(SYS_accept4, FD_TCP, at(1), memcpy(at(2), &len, 4), SOCK_CLOEXEC | SOCK_NONBLOCK);
	CALL(SYS_getpeername, a, at(1), memcpy(at(2), &len, 4));
	CALL(SYS_getsockname, a, at(1), memcpy(at(2), &len, 4));
	CALL(SYS_accept, FD_TCP, NULL, NULL);
	CALL(SYS_sendto, c, "tcp data", 8, MSG_DONTWAIT | MSG_NOSIGNAL, NULL, 0);
	CALL(SYS_recvfrom, a, at(1), 64, MSG_PEEK, NULL, NULL);
	CALL(SYS_shutdown, c, SHUT_RDWR);
	CALL(SYS_listen, a, 5);
	/* UDP to itself */
	len = sizeof(in);
	getsockname(FD_UDP, (struct sockaddr *)&in, &len);
	COPY_AT(4, in);
	CALL(SYS_sendto, FD_UDP, "udp\0data\377", 9, 0, region(4) + PAGE, sizeof(in));
	len = sizeof(in);
	CALL(SYS_recvfrom, FD_UDP, at(1), 64, MSG_TRUNC, at(4), memcpy(at(5), &len, 4));
}

static void scen_sockopt(void)
{
	struct linger lg = {1, 5};
	struct timeval tv = {3, 500};
	struct ip_mreqn mreq = {.imr_multiaddr.s_addr = htonl(0xe0000001),
				.imr_address.s_addr = htonl(INADDR_LOOPBACK)};
	struct sock_filter insn[2] = {{0x06, 0, 0, 0xffff}, {0x06, 0, 0, 0}};
	struct sock_fprog prog = {2, insn};
	int one = 1, ttl = 64, big = 0x40000;
	socklen_t len = 16;
	long tcp;

#define SETOPT(fd, level, name, value)                                                  \
	do {                                                                            \
		COPY_AT(3, value);                                                      \
		CALL(SYS_setsockopt, fd, level, name, region(3) + PAGE, sizeof(value)); \
	} while (0)
#define GETOPT(fd, level, name, size)                                                 \
	do {                                                                          \
		len = size;                                                           \
		CALL(SYS_getsockopt, fd, level, name, at(3), memcpy(at(4), &len, 4)); \
	} while (0)
	SETOPT(FD_UDP, SOL_SOCKET, SO_REUSEADDR, one);
	SETOPT(FD_UDP, SOL_SOCKET, SO_KEEPALIVE, one);
	SETOPT(FD_UDP, SOL_SOCKET, SO_RCVBUF, big);
	SETOPT(FD_UDP, SOL_SOCKET, SO_SNDBUF, big);
	SETOPT(FD_UDP, SOL_SOCKET, SO_LINGER, lg);
	SETOPT(FD_UDP, SOL_SOCKET, SO_RCVTIMEO_OLD, tv);
	SETOPT(FD_UDP, SOL_SOCKET, SO_SNDTIMEO_OLD, tv);
	SETOPT(FD_UDP, SOL_SOCKET, SO_PRIORITY, one);
	SETOPT(FD_UDP, SOL_SOCKET, SO_MARK, one);
	SETOPT(FD_UDP, SOL_SOCKET, SO_BINDTODEVICE, "lo");
	SETOPT(FD_UDP, SOL_SOCKET, SO_PASSCRED, one);
	SETOPT(FD_UDP, SOL_SOCKET, SO_TIMESTAMP_OLD, one);
	COPY_AT(2, insn);
	prog.filter = (void *)(region(2) + PAGE);
	SETOPT(FD_UDP, SOL_SOCKET, SO_ATTACH_FILTER, prog);
	SETOPT(FD_UDP, SOL_SOCKET, SO_DETACH_FILTER, one);
	SETOPT(FD_UDP, SOL_SOCKET, 0x7ead, one);
	GETOPT(FD_UDP, SOL_SOCKET, SO_TYPE, 4);
	GETOPT(FD_UDP, SOL_SOCKET, SO_DOMAIN, 4);
	GETOPT(FD_UDP, SOL_SOCKET, SO_PROTOCOL, 4);
	GETOPT(FD_UDP, SOL_SOCKET, SO_ERROR, 4);
	GETOPT(FD_UDP, SOL_SOCKET, SO_RCVBUF, 4);
	GETOPT(FD_UDP, SOL_SOCKET, SO_LINGER, 8);
	GETOPT(FD_UDP, SOL_SOCKET, SO_RCVTIMEO_OLD, 16);
	GETOPT(FD_UDP, SOL_SOCKET, SO_BINDTODEVICE, 16);
	GETOPT(FD_UNIX_A, SOL_SOCKET, SO_PEERCRED, 12);
	GETOPT(FD_TCP, SOL_SOCKET, SO_ACCEPTCONN, 4);
	GETOPT(FD_UDP, SOL_SOCKET, SO_TYPE, 2);
	SETOPT(FD_UDP, SOL_IP, IP_TTL, ttl);
	SETOPT(FD_UDP, SOL_IP, IP_TOS, one);
	SETOPT(FD_UDP, SOL_IP, IP_MULTICAST_TTL, one);
	SETOPT(FD_UDP, SOL_IP, IP_RECVERR, one);
	SETOPT(FD_UDP, SOL_IP, IP_MTU_DISCOVER, one);
	SETOPT(FD_UDP, SOL_IP, IP_ADD_MEMBERSHIP, mreq);
	SETOPT(FD_UDP, SOL_IP, IP_PKTINFO, one);
	GETOPT(FD_UDP, SOL_IP, IP_TTL, 4);
	GETOPT(FD_UDP, SOL_IP, IP_MTU_DISCOVER, 4);
	GETOPT(FD_UDP, SOL_IP, IP_OPTIONS, 40);
	tcp = socket(AF_INET, SOCK_STREAM, 0);
	SETOPT(tcp, SOL_TCP, TCP_NODELAY, one);
	SETOPT(tcp, SOL_TCP, TCP_MAXSEG, big);
	SETOPT(tcp, SOL_TCP, TCP_KEEPIDLE, ttl);
	SETOPT(tcp, SOL_TCP, TCP_CONGESTION, "reno");
	GETOPT(tcp, SOL_TCP, TCP_CONGESTION, 16);
	GETOPT(tcp, SOL_TCP, TCP_INFO, 232);
	GETOPT(tcp, SOL_TCP, TCP_NODELAY, 4);
	SETOPT(FD_UDP6, SOL_IPV6, IPV6_V6ONLY, one);
	SETOPT(FD_UDP6, SOL_IPV6, IPV6_UNICAST_HOPS, ttl);
	SETOPT(FD_UDP6, SOL_IPV6, IPV6_RECVPKTINFO, one);
	GETOPT(FD_UDP6, SOL_IPV6, IPV6_V6ONLY, 4);
	SETOPT(FD_UDP, 17 /* SOL_UDP */, 1 /* UDP_CORK */, one);
	SETOPT(FD_UDP, 0x7ead, 1, one);
#undef SETOPT
#undef GETOPT
}

static void scen_msg(void)
{
	struct iovec iov[2] = {{region(0), 6}, {region(0) + 64, 5}};
	union {
		char buf[CMSG_SPACE(sizeof(int)) + CMSG_SPACE(sizeof(struct ucred))];
		struct cmsghdr align;
	} ctl;
	struct msghdr mh = {.msg_iov = (void *)(region(1) + 2 * PAGE),
			    .msg_iovlen = 2,
			    .msg_control = region(2) + 2 * PAGE,
			    .msg_controllen = sizeof(ctl.buf)};
	struct cmsghdr *cm;
	struct ucred cred = {self_pid, 0, 0};
	struct mmsghdr mm[2];
	struct timespec zero = {0, 0};
	struct sockaddr_in in;
	socklen_t len = sizeof(in);
	int fd = FD_FILE;

	cred.uid = getuid();
	cred.gid = getgid();
	memset(&ctl, 0, sizeof(ctl));
	cm = (struct cmsghdr *)ctl.buf;
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &fd, sizeof(fd));
	cm = (struct cmsghdr *)(ctl.buf + CMSG_SPACE(sizeof(int)));
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_CREDENTIALS;
	cm->cmsg_len = CMSG_LEN(sizeof(cred));
	memcpy(CMSG_DATA(cm), &cred, sizeof(cred));
	memset(region(0), 0, PAGE);
	memcpy(region(0), "hello ", 6);
	memcpy(region(0) + 64, "world", 5);
	memcpy(region(1) + 2 * PAGE, iov, sizeof(iov));
	memcpy(region(2) + 2 * PAGE, ctl.buf, sizeof(ctl.buf));
	setsockopt(FD_UNIX_B, SOL_SOCKET, SO_PASSCRED, &(int){1}, sizeof(int));
	memcpy(at(3), &mh, sizeof(mh));
	CALL(SYS_sendmsg, FD_UNIX_A, region(3) + PAGE, MSG_NOSIGNAL);
	/* what recvmsg fills */
	iov[0].iov_base = region(4);
	iov[0].iov_len = 8;
	iov[1].iov_base = region(4) + 64;
	iov[1].iov_len = 64;
	memcpy(region(1) + 2 * PAGE, iov, sizeof(iov));
	memset(region(2) + 2 * PAGE, 0, sizeof(ctl.buf));
	memcpy(at(3), &mh, sizeof(mh));
	CALL(SYS_recvmsg, FD_UNIX_B, region(3) + PAGE, MSG_CMSG_CLOEXEC);
	CALL(SYS_recvmsg, FD_UNIX_B, region(3) + PAGE, MSG_DONTWAIT);
	/* to itself over UDP, with the address in the header */
	getsockname(FD_UDP, (struct sockaddr *)&in, &len);
	memcpy(region(5) + 2 * PAGE, &in, sizeof(in));
	mh.msg_name = region(5) + 2 * PAGE;
	mh.msg_namelen = sizeof(in);
	mh.msg_control = NULL;
	mh.msg_controllen = 0;
	memcpy(region(1) + 2 * PAGE, (struct iovec[]){{region(0), 6}, {region(0) + 64, 5}},
	       2 * sizeof(struct iovec));
	memset(mm, 0, sizeof(mm));
	mm[0].msg_hdr = mh;
	mm[1].msg_hdr = mh;
	mm[1].msg_hdr.msg_iovlen = 1;
	memcpy(at(3), mm, sizeof(mm));
	CALL(SYS_sendmmsg, FD_UDP, region(3) + PAGE, 2, 0);
	memcpy(region(1) + 2 * PAGE, (struct iovec[]){{region(4), 64}}, sizeof(struct iovec));
	mm[0].msg_hdr.msg_iovlen = 1;
	mm[1].msg_hdr.msg_iovlen = 1;
	memcpy(at(3), mm, sizeof(mm));
	COPY_AT(4, zero);
	CALL(SYS_recvmmsg, FD_UDP, region(3) + PAGE, 2, MSG_DONTWAIT, region(4) + PAGE);
	memcpy(at(3), &mh, sizeof(mh));
	CALL(SYS_sendmsg, FD_UDP, region(3) + PAGE, 0);
	CALL(SYS_recvmsg, FD_UDP, region(3) + PAGE, 0);
}

static void scen_clone3(void)
{
	struct clone_args_v2 {
		uint64_t flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls,
			set_tid, set_tid_size, cgroup;
	} args = {.exit_signal = SIGCHLD};
	long child;

	COPY_AT(0, args);
	child = CALL(SYS_clone3, region(0) + PAGE, 64);
	CALL(SYS_wait4, child, NULL, 0, NULL);
	args.flags = CLONE_PIDFD | CLONE_PARENT_SETTID;
	args.pidfd = (uint64_t)(uintptr_t)(region(2) + PAGE);
	args.parent_tid = (uint64_t)(uintptr_t)(region(2) + PAGE + 8);
	COPY_AT(0, args);
	memset(region(2) + PAGE, 0, 16);
	child = CALL(SYS_clone3, region(0) + PAGE, 88);
	CALL(SYS_wait4, child, NULL, 0, NULL);
	CALL(SYS_clone3, NULL, 88);
	CALL(SYS_clone3, region(0) + PAGE, 0);
	CALL(SYS_clone3, region(0) + PAGE, 8);
	CALL(SYS_clone3, region(0) + PAGE, 4096);
	args.flags = 0x7ead00000000ULL;
	COPY_AT(0, args);
	CALL(SYS_clone3, region(0) + PAGE, 88);
	memcpy(flush(0, 64), &args, 64);
	CALL(SYS_clone3, guard_of(0) - 64, 88);
	child = CALL(SYS_clone, CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | SIGCHLD, 0, NULL,
		     region(3) + PAGE, 0);
	CALL(SYS_wait4, child, NULL, 0, NULL);
}

static void scen_adjtimex(void)
{
	struct timex tx = {.modes = 0};

	COPY_AT(0, tx);
	CALL(SYS_adjtimex, region(0) + PAGE);
	COPY_AT(1, tx);
	CALL(SYS_clock_adjtime, CLOCK_REALTIME, region(1) + PAGE);
	CALL(SYS_clock_adjtime, CLOCK_MONOTONIC, region(1) + PAGE);
	tx.modes = ADJ_OFFSET_SS_READ;
	COPY_AT(0, tx);
	CALL(SYS_adjtimex, region(0) + PAGE);
	CALL(SYS_adjtimex, NULL);
}

/* Calls that act on the whole machine, with arguments they refuse even from root. */
static void scen_machine(void)
{
	CALL(SYS_reboot, 0, 0, 0, NULL);
	CALL(SYS_reboot, 0xfee1dead, 0x7ead, 0x1234567, NULL);
	CALL(SYS_swapon, "missing", SWAP_FLAG_PREFER | 3);
	CALL(SYS_swapoff, "missing");
	CALL(SYS_mount, "none", "missing", "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
	     "size=1m");
	CALL(SYS_mount, "missing", "missing2", NULL, MS_BIND | MS_REC, NULL);
	CALL(SYS_mount, NULL, "missing", NULL, MS_REMOUNT | MS_RDONLY, NULL);
	CALL(SYS_umount2, "missing", MNT_DETACH | UMOUNT_NOFOLLOW);
	CALL(SYS_pivot_root, "missing", "missing2");
	CALL(SYS_chroot, "missing");
	CALL(SYS_sethostname, "x", 1);
	CALL(SYS_setdomainname, "x", 1);
	CALL(SYS_settimeofday, NULL, NULL);
	CALL(SYS_clock_settime, CLOCK_REALTIME, guard_of(1));
	CALL(SYS_acct, NULL);
	CALL(SYS_quotactl, QCMD(Q_GETQUOTA, USRQUOTA), "missing", 0, at(3));
	CALL(SYS_quotactl_fd, FD_FILE, QCMD(Q_GETINFO, GRPQUOTA), 0, at(3));
	CALL(SYS_delete_module, "missing", O_NONBLOCK);
	CALL(SYS_init_module, NULL, 0, "");
	CALL(SYS_finit_module, -1, "", 0);
	CALL(SYS_kexec_load, 0, 0, NULL, 0);
	CALL(SYS_kexec_file_load, -1, -1, 0, "", 0);
	CALL(SYS_syslog, 10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	CALL(SYS_syslog, 3 /* SYSLOG_ACTION_READ_ALL */, at(1), 64);
	CALL(SYS_iopl, 3);
	CALL(SYS_ioperm, 0x80, 1, 1);
	CALL(SYS_vhangup);
	CALL(SYS_fsopen, "missing", 1 /* FSOPEN_CLOEXEC */);
	CALL(SYS_fspick, AT_FDCWD, "missing", 1 /* FSPICK_CLOEXEC */);
	CALL(SYS_fsconfig, -1, 1 /* FSCONFIG_SET_STRING */, "source", "none", 0);
	CALL(SYS_fsmount, -1, 1 /* FSMOUNT_CLOEXEC */, 1 /* MOUNT_ATTR_RDONLY */);
	CALL(SYS_move_mount, -1, "", AT_FDCWD, "missing", 4 /* MOVE_MOUNT_F_EMPTY_PATH */);
	CALL(SYS_open_tree, AT_FDCWD, "missing", 1 /* OPEN_TREE_CLONE */ | O_CLOEXEC);
	CALL(SYS_mount_setattr, AT_FDCWD, "missing", 0, at(3), 32);
	CALL(SYS_unshare, CLONE_NEWNS | CLONE_NEWUTS);
	CALL(SYS_setns, FD_PIDFD, CLONE_NEWNET);
}

static void scen_exec(void)
{
	char *argv[] = {"missing", "arg one", "\x01\xff", NULL};
	char *envp[] = {"A=1", "B=two", NULL};

	memcpy(at(1), argv, sizeof(argv));
	memcpy(at(2), envp, sizeof(envp));
	CALL(SYS_execve, "missing", region(1) + PAGE, region(2) + PAGE);
	CALL(SYS_execveat, AT_FDCWD, "missing", region(1) + PAGE, region(2) + PAGE,
	     AT_SYMLINK_NOFOLLOW);
	CALL(SYS_execveat, FD_DIR, "", region(1) + PAGE, NULL, AT_EMPTY_PATH);
	CALL(SYS_execve, NULL, NULL, NULL);
	CALL(SYS_execve, "missing", guard_of(1), NULL);
}

static void scen_prctl(void)
{
	/* the name it has: btftrace follows the workload by it (--comm) */
	CALL(SYS_prctl, PR_SET_NAME, "diff_calls");
	CALL(SYS_prctl, PR_GET_NAME, at(1));
	CALL(SYS_prctl, PR_GET_PDEATHSIG, at(1));
	CALL(SYS_prctl, PR_CAPBSET_READ, CAP_SYS_ADMIN);
	CALL(SYS_prctl, PR_SET_TIMERSLACK, 50000);
	CALL(SYS_prctl, PR_GET_TIMERSLACK);
	CALL(SYS_prctl, PR_SET_DUMPABLE, 1);
	CALL(SYS_prctl, PR_SET_CHILD_SUBREAPER, 1);
	CALL(SYS_prctl, PR_GET_CHILD_SUBREAPER, at(1));
	CALL(SYS_prctl, PR_GET_TID_ADDRESS, at(1));
	CALL(SYS_prctl, PR_GET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS, 0);
	CALL(SYS_prctl, PR_SET_THP_DISABLE, 1);
	CALL(SYS_prctl, PR_GET_THP_DISABLE);
	CALL(SYS_prctl, PR_SET_THP_DISABLE, 0);
	CALL(SYS_prctl, PR_SET_VMA, 0 /* PR_SET_VMA_ANON_NAME */, MEM_BASE, 4096, "diff mem");
	CALL(SYS_prctl, PR_SET_MM, PR_SET_MM_START_CODE, 0);
	CALL(SYS_prctl, PR_SET_SECCOMP, 7);
	CALL(SYS_prctl, PR_GET_SECUREBITS);
	CALL(SYS_prctl, PR_MCE_KILL_GET, 0);
	CALL(SYS_prctl, PR_GET_FP_MODE);
	CALL(SYS_arch_prctl, 0x1003 /* ARCH_GET_FS */, at(1));
	CALL(SYS_arch_prctl, 0x1011 /* ARCH_GET_CPUID */, 0);
	CALL(SYS_arch_prctl, 0x7ead, 0);
}

static void scen_seccomp(void)
{
	CALL(SYS_seccomp, 2 /* SECCOMP_GET_ACTION_AVAIL */, 0, memcpy(at(2), &(int){0}, 4));
	CALL(SYS_seccomp, 3 /* SECCOMP_GET_NOTIF_SIZES */, 0, at(2));
	CALL(SYS_seccomp, 1 /* SECCOMP_SET_MODE_FILTER */, 0, NULL);
	CALL(SYS_seccomp, 0x7ead, 0, NULL);
	CALL(SYS_seccomp, 0 /* SECCOMP_SET_MODE_STRICT */, 1, NULL);
}

static void scen_ipc(void)
{
	struct {
		long mtype;
		char mtext[8];
	} msg = {1, "hello"};
	struct sembuf sop = {0, 1, IPC_NOWAIT | SEM_UNDO};
	struct timespec zero = {0, 0};
	long id, shm, addr;
	struct mq_attr mqa = {.mq_maxmsg = 2, .mq_msgsize = 32};

	id = CALL(SYS_msgget, IPC_PRIVATE, IPC_CREAT | IPC_EXCL | 0600);
	COPY_AT(1, msg);
	CALL(SYS_msgsnd, id, region(1) + PAGE, 5, IPC_NOWAIT);
	CALL(SYS_msgrcv, id, at(1), 64, 0, IPC_NOWAIT | MSG_NOERROR);
	CALL(SYS_msgctl, id, IPC_STAT, at(2));
	CALL(SYS_msgctl, id, IPC_INFO, at(2));
	CALL(SYS_msgctl, id, IPC_RMID, NULL);
	id = CALL(SYS_semget, IPC_PRIVATE, 2, IPC_CREAT | 0600);
	COPY_AT(1, sop);
	CALL(SYS_semop, id, region(1) + PAGE, 1);
	COPY_AT(3, zero);
	CALL(SYS_semtimedop, id, region(1) + PAGE, 1, region(3) + PAGE);
	CALL(SYS_semctl, id, 0, GETVAL, 0);
	CALL(SYS_semctl, id, 0, IPC_STAT, at(3));
	CALL(SYS_semctl, id, 0, GETALL, at(3));
	CALL(SYS_semctl, id, 0, IPC_RMID, 0);
	shm = CALL(SYS_shmget, IPC_PRIVATE, 4096, IPC_CREAT | 0600 | SHM_NORESERVE);
	addr = CALL(SYS_shmat, shm, NULL, SHM_RDONLY);
	CALL(SYS_shmctl, shm, IPC_STAT, at(2));
	CALL(SYS_shmdt, addr);
	CALL(SYS_shmctl, shm, IPC_RMID, NULL);
	CALL(SYS_mq_open, "diffq2", O_RDWR | O_CREAT | O_NONBLOCK, 0600,
	     memcpy(at(3), &mqa, sizeof(mqa)));
	CALL(SYS_mq_timedsend, FD_MQ, "mq message", 10, 3, NULL);
	CALL(SYS_mq_getsetattr, FD_MQ, NULL, at(2));
	CALL(SYS_mq_timedreceive, FD_MQ, at(1), 64, at(3), NULL);
	{
		struct sigevent sev = {.sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR2};

		COPY_AT(1, sev);
		CALL(SYS_mq_notify, FD_MQ, region(1) + PAGE);
		CALL(SYS_mq_notify, FD_MQ, NULL);
	}
	CALL(SYS_mq_unlink, "diffq2");
}

static void scen_keys(void)
{
	long key;

	key = CALL(SYS_add_key, "user", "diff:key", "payload", 7, -2 /* PROCESS_KEYRING */);
	CALL(SYS_keyctl, 11 /* KEYCTL_READ */, key, at(2), 64);
	CALL(SYS_keyctl, 6 /* KEYCTL_DESCRIBE */, key, at(2), 64);
	CALL(SYS_keyctl, 0 /* KEYCTL_GET_KEYRING_ID */, -3 /* SESSION */, 0);
	CALL(SYS_request_key, "user", "diff:missing", NULL, 0);
	CALL(SYS_keyctl, 3 /* KEYCTL_REVOKE */, key);
	CALL(SYS_keyctl, 0x7ead, 0);
}

static void scen_aio(void)
{
	struct iocb {
		uint64_t aio_data;
		uint32_t aio_key, aio_rw_flags;
		uint16_t aio_lio_opcode;
		int16_t aio_reqprio;
		uint32_t aio_fildes;
		uint64_t aio_buf, aio_nbytes;
		int64_t aio_offset;
		uint64_t aio_reserved2;
		uint32_t aio_flags, aio_resfd;
	} cb = {.aio_data = 0x42,
		.aio_lio_opcode = 0 /* PREAD */,
		.aio_fildes = FD_FILE,
		.aio_nbytes = 8};
	struct timespec ts = {1, 0};
	unsigned long *ctx = at(0);
	void **list;

	cb.aio_buf = (uint64_t)(uintptr_t)(region(4) + PAGE);
	CALL(SYS_io_setup, 4, ctx);
	COPY_AT(1, cb);
	list = at(2);
	list[0] = region(1) + PAGE;
	CALL(SYS_io_submit, *ctx, 1, list);
	COPY_AT(3, ts);
	CALL(SYS_io_getevents, *ctx, 1, 4, at(5), region(3) + PAGE);
	CALL(SYS_io_cancel, *ctx, region(1) + PAGE, at(5));
	CALL(SYS_io_destroy, *ctx);
	CALL(SYS_io_uring_setup, 4, at(1));
	{
		struct {
			uint32_t sq_entries, cq_entries, flags, sq_thread_cpu, sq_thread_idle,
				features, wq_fd, resv[3];
			uint64_t sq_off[5], cq_off[5];
		} p = {.flags = 1 | 8 /* IOPOLL | CQSIZE */, .cq_entries = 16};

		COPY_AT(1, p);
		CALL(SYS_io_uring_setup, 4, region(1) + PAGE);
	}
}

static void scen_ids(void)
{
	struct __user_cap_header_struct hdr = {.version = _LINUX_CAPABILITY_VERSION_3};

	COPY_AT(0, hdr);
	CALL(SYS_capget, region(0) + PAGE, at(1));
	CALL(SYS_capset, region(0) + PAGE, region(1) + PAGE);
	hdr.version = 0x7ead;
	COPY_AT(0, hdr);
	CALL(SYS_capget, region(0) + PAGE, NULL);
	CALL(SYS_setfsuid, -1);
	CALL(SYS_setfsgid, -1);
	CALL(SYS_setresuid, -1, -1, -1);
	CALL(SYS_setreuid, -1, -1);
	CALL(SYS_setuid, 0);
	CALL(SYS_setgroups, 0, NULL);
	CALL(SYS_setpgid, 0, 0);
	CALL(SYS_getpgid, 0);
	CALL(SYS_getsid, 0);
	CALL(SYS_setsid);
	CALL(SYS_ptrace, PTRACE_TRACEME, 0, 0);
	CALL(SYS_ptrace, PTRACE_PEEKDATA, 0x3fffff00, MEM_BASE, at(3));
	CALL(SYS_ptrace, PTRACE_ATTACH, 0x3fffff00, 0, 0);
	CALL(SYS_ptrace, PTRACE_SEIZE, 0x3fffff00, 0, PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL);
	CALL(SYS_ptrace, PTRACE_GETREGS, 0x3fffff00, 0, at(3));
	CALL(SYS_ptrace, 0x7ead, 0x3fffff00, 0, 0);
	{
		struct iovec local = {region(4), 16}, remote = {region(5), 16};

		memcpy(region(5), "remote memory!!", 16);
		COPY_AT(1, local);
		COPY_AT(3, remote);
		CALL(SYS_process_vm_readv, self_pid, region(1) + PAGE, 1, region(3) + PAGE, 1, 0);
	}
	CALL(SYS_name_to_handle_at, AT_FDCWD, "file", memcpy(at(2), &(unsigned int){128}, 4), at(3),
	     0);
	CALL(SYS_open_by_handle_at, FD_DIR, region(2) + PAGE, O_RDONLY);
	CALL(SYS_landlock_create_ruleset, NULL, 0, 1 /* VERSION */);
	CALL(SYS_landlock_create_ruleset, memcpy(at(0), &(uint64_t){0x3}, 8), 8, 0);
	CALL(SYS_fanotify_init, 0 /* FAN_CLASS_NOTIF */ | 1 /* FAN_CLOEXEC */, O_RDONLY);
	CALL(SYS_fanotify_mark, FD_FILE, 1 /* FAN_MARK_ADD */, 0x20 /* FAN_OPEN */, AT_FDCWD,
	     "file");
}

/* Root only, in the cage before the drop: BPF objects live while their fds do. */
static void scen_bpf(void)
{
	union bpf_attr_v {
		struct {
			uint32_t map_type, key_size, value_size, max_entries, map_flags,
				inner_map_fd, numa_node;
			char map_name[16];
		} create;
		struct {
			uint32_t map_fd, pad;
			uint64_t key, value, flags;
		} elem;
		struct {
			uint32_t prog_type, insn_cnt;
			uint64_t insns, license;
			uint32_t log_level, log_size;
			uint64_t log_buf;
			uint32_t kern_version, prog_flags;
			char prog_name[16];
		} load;
		struct {
			uint32_t bpf_fd, info_len;
			uint64_t info;
		} info;
		unsigned char bytes[128];
	} attr;
	uint64_t insns[2] = {0xb7 /* r0 = 0 */, 0x95 /* exit */};
	long map, prog;

	memset(&attr, 0, sizeof(attr));
	attr.create.map_type = 2 /* ARRAY */;
	attr.create.key_size = 4;
	attr.create.value_size = 8;
	attr.create.max_entries = 4;
	strcpy(attr.create.map_name, "diff_map");
	COPY_AT(1, attr);
	map = CALL(SYS_bpf, 0 /* BPF_MAP_CREATE */, region(1) + PAGE, 72);
	memset(&attr, 0, sizeof(attr));
	attr.elem.map_fd = map;
	attr.elem.key = (uint64_t)(uintptr_t)memcpy(region(2) + PAGE, &(uint32_t){1}, 4);
	attr.elem.value = (uint64_t)(uintptr_t)memcpy(region(3) + PAGE, &(uint64_t){7}, 8);
	COPY_AT(1, attr);
	CALL(SYS_bpf, 2 /* BPF_MAP_UPDATE_ELEM */, region(1) + PAGE, 32);
	CALL(SYS_bpf, 1 /* BPF_MAP_LOOKUP_ELEM */, region(1) + PAGE, 32);
	CALL(SYS_bpf, 4 /* BPF_MAP_GET_NEXT_KEY */, region(1) + PAGE, 32);
	memset(&attr, 0, sizeof(attr));
	memcpy(region(4) + PAGE, insns, sizeof(insns));
	attr.load.prog_type = 1 /* SOCKET_FILTER */;
	attr.load.insn_cnt = 2;
	attr.load.insns = (uint64_t)(uintptr_t)(region(4) + PAGE);
	attr.load.license = (uint64_t)(uintptr_t)strcpy((char *)region(5) + PAGE, "GPL");
	strcpy(attr.load.prog_name, "diff_prog");
	COPY_AT(1, attr);
	prog = CALL(SYS_bpf, 5 /* BPF_PROG_LOAD */, region(1) + PAGE, 64);
	memset(&attr, 0, sizeof(attr));
	attr.info.bpf_fd = map;
	attr.info.info_len = 64;
	attr.info.info = (uint64_t)(uintptr_t)(region(2) + PAGE);
	COPY_AT(1, attr);
	CALL(SYS_bpf, 15 /* BPF_OBJ_GET_INFO_BY_FD */, region(1) + PAGE, 16);
	CALL(SYS_bpf, 0, region(1) + PAGE, 0);
	CALL(SYS_bpf, 0x7ead, region(1) + PAGE, 16);
	CALL(SYS_bpf, 0, NULL, 72);
	CALL(SYS_close, prog);
	CALL(SYS_close, map);
	{
		struct perf_attr_v8 {
			uint32_t type, size;
			uint64_t config, sample_period, sample_type, read_format, flags;
			uint32_t wakeup_events, bp_type;
			uint64_t config1, config2, branch_sample_type, sample_regs_user;
			uint32_t sample_stack_user;
			int32_t clockid;
			uint64_t sample_regs_intr;
			uint32_t aux_watermark;
			uint16_t sample_max_stack, reserved;
			uint32_t aux_sample_size, reserved3;
			uint64_t sig_data, config3;
		} pa = {.type = 1 /* SOFTWARE */,
			.size = sizeof(pa),
			.config = 1 /* TASK_CLOCK */,
			.flags = 1 /* disabled */ | 1 << 5 /* exclude_kernel */ |
				 1 << 6 /* exclude_hv */};

		COPY_AT(0, pa);
		CALL(SYS_perf_event_open, region(0) + PAGE, 0, -1, -1, 8 /* FD_CLOEXEC */);
		pa.type = 2 /* TRACEPOINT */;
		pa.config = 1;
		pa.sample_type = 1 | 4 | 0x400;
		pa.size = 64;
		COPY_AT(0, pa);
		CALL(SYS_perf_event_open, region(0) + PAGE, -1, 0, -1, 0);
		pa.size = 0x7ead;
		COPY_AT(0, pa);
		CALL(SYS_perf_event_open, region(0) + PAGE, 0, -1, -1, 0);
	}
}

static const struct scenario scenarios[] = {
	{"bpf", true, scen_bpf},
	{"stat", false, scen_stat},
	{"times", false, scen_times},
	{"rlimits", false, scen_rlimits},
	{"system", false, scen_system},
	{"wait", false, scen_wait},
	{"signals", false, scen_signals},
	{"sigaction", false, scen_sigaction},
	{"epoll", false, scen_epoll},
	{"poll", false, scen_poll},
	{"sched", false, scen_sched},
	{"fcntl", false, scen_fcntl},
	{"dirs", false, scen_dirs},
	{"files", false, scen_files},
	{"xattr", false, scen_xattr},
	{"io", false, scen_io},
	{"memory", false, scen_memory},
	{"sockets", false, scen_sockets},
	{"sockopt", false, scen_sockopt},
	{"msg", false, scen_msg},
	{"clone3", false, scen_clone3},
	{"adjtimex", false, scen_adjtimex},
	{"machine", false, scen_machine},
	{"exec", false, scen_exec},
	{"seccomp", false, scen_seccomp},
	{"prctl", false, scen_prctl},
	{"ipc", false, scen_ipc},
	{"keys", false, scen_keys},
	{"aio", false, scen_aio},
	{"ids", false, scen_ids},
	{NULL, false, NULL},
};

/* ---------------------------------------------------------------- main */

static void run_case(const struct plan_case *c)
{
	uint64_t a[NARGS];

	for (int k = 0; k < NARGS; k++)
		a[k] = c->args[k].is_obj ? build_object(k, &c->args[k]) : c->args[k].value;
	if (!tame(c->nr, a)) {
		fprintf(stderr, "diff_calls: case %ld not made: its memory range is not ours\n",
			c->id);
		return;
	}
	case_id = c->id;
	one_call(c->nr, a[0], a[1], a[2], a[3], a[4], a[5]);
}

static const struct scenario *find_scenario(const char *name)
{
	for (const struct scenario *s = scenarios; s->name; s++) {
		if (!strcmp(s->name, name))
			return s;
	}
	die("no scenario '%s'", name);
}

static void run_scenario(const struct plan_case *c)
{
	case_id = c->id;
	in_scenario = true;
	find_scenario(c->scenario)->run();
	in_scenario = false;
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	restore_state(R_CWD | R_FILES | R_FDS | R_SIGNALS | R_TIMERS | R_MEM | R_PROC);
}

int main(int argc, char **argv)
{
	const char *plan_path = NULL;
	struct plan_case *cases;
	size_t ncases;
	long uid = -1;

	if (argc == 2 && !strcmp(argv[1], "--deny")) {
		for (size_t i = 0; i < sizeof(deny) / sizeof(deny[0]); i++)
			printf("%ld %s\n", deny[i].nr, deny[i].why);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--scenarios")) {
		for (const struct scenario *s = scenarios; s->name; s++)
			printf("%s%s\n", s->name, s->as_root ? " root" : "");
		return 0;
	}
	for (int i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--plan"))
			plan_path = argv[i + 1];
		else if (!strcmp(argv[i], "--dir"))
			workdir = argv[i + 1];
		else if (!strcmp(argv[i], "--uid"))
			uid = strtol(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--watchdog-ms"))
			watchdog_ms = strtol(argv[i + 1], NULL, 0);
		else
			die("unknown option %s", argv[i]);
	}
	if (!plan_path || !workdir || uid <= 0)
		die("usage: diff_calls --plan FILE --dir DIR --uid UID [--watchdog-ms N]");
	self_pid = getpid();
	cases = load_plan(plan_path, &ncases);
	for (size_t i = 0; i < ncases; i++) {
		if (cases[i].scenario)
			find_scenario(cases[i].scenario);
	}
	arena = mmap(NULL, NARGS * REGION_STRIDE, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	must(arena != MAP_FAILED, "mmap arena");
	for (int k = 0; k < NARGS; k++)
		must(mprotect((void *)guard_of(k), PAGE, PROT_NONE) == 0, "guard page");
	saved_persona = personality(0xffffffff);
	set_handlers();
	build_cage(workdir);
	setup_files();
	setup_fds();
	setup_mem();

	marker(MARK_INFRA);
	for (size_t i = 0; i < ncases; i++) {
		if (cases[i].scenario && find_scenario(cases[i].scenario)->as_root)
			run_scenario(&cases[i]);
	}
	drop_privileges((uid_t)uid);
	for (size_t i = 0; i < ncases; i++) {
		if (!cases[i].scenario)
			run_case(&cases[i]);
		else if (!find_scenario(cases[i].scenario)->as_root)
			run_scenario(&cases[i]);
	}
	marker(MARK_END);
	return 0;
}

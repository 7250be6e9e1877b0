// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload: calls every syscall of a list with random arguments, from a
 * fixed seed, and logs what it passed and what came back, for
 * tests/e2e/test_random_syscalls.py to compare with btftrace's trace.
 *
 * Usage: random_syscalls --seed N --spec FILE --log FILE --dir DIR --uid UID
 *                        [--rounds N] [--max-seconds N] [--watchdog-ms N]
 *
 * The spec has one line per syscall: "NR KINDS", KINDS one letter per
 * argument (at most 6), from the catalog: v value, f file descriptor,
 * n length, s string (input), i input buffer or struct, o output buffer or
 * struct, p pointer read by nobody, m signal set (input), - unused.
 *
 * It cannot hurt the machine: it must start as root only to build its cage,
 * a mount, network, IPC and UTS namespace with a 16 MiB tmpfs on DIR as its
 * only writable place, tight resource limits, then it drops to UID (no
 * capabilities) for good before the first random call. Calls that would end
 * or corrupt the workload itself, or that act on the whole machine, are not
 * made (the deny list below says why for each); a few others get their
 * dangerous arguments tamed. Every call runs under a watchdog timer
 * (SIGALRM after --watchdog-ms), so a call that blocks returns EINTR.
 *
 * Each call is fenced by two getppid() calls, which are never called at
 * random: in the trace, what lies between a pair is that call and nothing
 * else (but rt_sigreturn after a signal handler).
 *
 * The log, written by a root child once the workload ended (as FILE.tmp,
 * then renamed to FILE): a header, then per call
 *   call I NR KINDS A0 A1 A2 A3 A4 A5 ret=R errno=E [sK=HEX] [bK=HEX]
 * Ak in hex; sK the string put behind pointer argument K, bK the first 64
 * bytes of the buffer behind it (both hex), and per skipped syscall
 *   skip NR REASON
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
#include <linux/capability.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <netinet/in.h>

#define MAX_ARGS 6
#define MAX_CALLS 1024
#define SLOT_SIZE 8192 /* above BT_CAPTURE_MAX: a capture never reaches the next slot */
#define PAGE 4096
#define LOG_SIZE (8 << 20)
#define BAD_ADDR 0x10UL
#define MAX_FDS 16
/* close() of these fds, which never exist, marks where the random calls begin and end */
#define MARK_BEGIN 0x7eadbe61
#define MARK_END 0x7eadbe6e
/* bytes of a string or buffer argument kept for the log: strings are shorter */
#define BUF_LOGGED 320

struct spec {
	long nr;
	char kinds[MAX_ARGS + 1];
};

/* Syscalls never called, and why. */
static const struct {
	long nr;
	const char *why;
} deny[] = {
	{SYS_getppid, "the fence around each call"},
	{SYS_exit, "ends the workload"},
	{SYS_exit_group, "ends the workload"},
	{SYS_rt_sigreturn, "loads a register frame of random bytes"},
	{SYS_fork, "btftrace does not follow children: a child would run the loop untraced"},
	{SYS_vfork, "btftrace does not follow children: a child would run the loop untraced"},
	{SYS_clone, "btftrace does not follow children: a child would run the loop untraced"},
	{SYS_clone3, "btftrace does not follow children: a child would run the loop untraced"},
	{SYS_execve, "replaces the workload"},
	{SYS_execveat, "replaces the workload"},
	{SYS_kill, "could stop or kill the workload itself"},
	{SYS_tkill, "could stop or kill the workload itself"},
	{SYS_tgkill, "could stop or kill the workload itself"},
	{SYS_rt_sigqueueinfo, "could stop or kill the workload itself"},
	{SYS_rt_tgsigqueueinfo, "could stop or kill the workload itself"},
	{SYS_pidfd_send_signal, "could stop or kill the workload itself"},
	{SYS_ptrace, "PTRACE_TRACEME makes btftrace a ptrace parent that never resumes it"},
	{SYS_munmap, "could unmap the workload's own memory"},
	{SYS_mremap, "could move the workload's own memory"},
	{SYS_brk, "could cut the workload's heap"},
	{SYS_mprotect, "could make the workload's own memory inaccessible"},
	{SYS_pkey_mprotect, "could make the workload's own memory inaccessible"},
	{SYS_madvise, "MADV_DONTNEED could zero the workload's own memory"},
	{SYS_remap_file_pages, "could remap the workload's own memory"},
	{SYS_shmat, "SHM_REMAP maps a segment over the workload's own memory"},
	{SYS_process_vm_writev, "writes a process's memory, the workload's own too"},
	{SYS_memfd_create, "its file has no size limit: fallocate could take all memory"},
	{SYS_memfd_secret, "its file has no size limit: fallocate could take all memory"},
	{SYS_seccomp, "strict mode or a random filter would kill the workload"},
	{SYS_reboot, "acts on the whole machine"},
	{SYS_kexec_load, "acts on the whole machine"},
	{SYS_kexec_file_load, "acts on the whole machine"},
	{SYS_init_module, "acts on the whole machine"},
	{SYS_finit_module, "acts on the whole machine"},
	{SYS_delete_module, "acts on the whole machine"},
	{SYS_swapon, "acts on the whole machine"},
	{SYS_swapoff, "acts on the whole machine"},
	{SYS_mount, "acts on the whole machine"},
	{SYS_umount2, "acts on the whole machine"},
	{SYS_pivot_root, "acts on the whole machine"},
	{SYS_chroot, "acts on the whole machine"},
	{SYS_fsopen, "acts on the whole machine"},
	{SYS_fsconfig, "acts on the whole machine"},
	{SYS_fsmount, "acts on the whole machine"},
	{SYS_fspick, "acts on the whole machine"},
	{SYS_move_mount, "acts on the whole machine"},
	{SYS_open_tree, "acts on the whole machine"},
	{SYS_mount_setattr, "acts on the whole machine"},
	{SYS_settimeofday, "acts on the whole machine"},
	{SYS_clock_settime, "acts on the whole machine"},
	{SYS_adjtimex, "acts on the whole machine"},
	{SYS_clock_adjtime, "acts on the whole machine"},
	{SYS_sethostname, "acts on the whole machine"},
	{SYS_setdomainname, "acts on the whole machine"},
	{SYS_iopl, "acts on the whole machine"},
	{SYS_ioperm, "acts on the whole machine"},
	{SYS_acct, "acts on the whole machine"},
	{SYS_quotactl, "acts on the whole machine"},
	{SYS_quotactl_fd, "acts on the whole machine"},
	{SYS_vhangup, "acts on the whole machine"},
};

static uint64_t rng_state;

/* xorshift64*: the same seed gives the same calls on every machine */
static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1DULL;
}

static uint64_t rnd_below(uint64_t n)
{
	return n ? rnd() % n : 0;
}

static char *log_buf;
static size_t log_len;

static void log_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void log_printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	if (log_len >= LOG_SIZE - 1)
		return;
	va_start(ap, fmt);
	n = vsnprintf(log_buf + log_len, LOG_SIZE - log_len, fmt, ap);
	va_end(ap);
	if (n > 0)
		log_len += (size_t)n < LOG_SIZE - log_len ? (size_t)n : LOG_SIZE - log_len - 1;
}

static void log_hex(const unsigned char *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < n && log_len + 2 < LOG_SIZE; i++) {
		log_buf[log_len++] = digits[p[i] >> 4];
		log_buf[log_len++] = digits[p[i] & 15];
	}
	log_buf[log_len] = 0;
}

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
	va_list ap;

	fputs("random_syscalls: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static volatile sig_atomic_t signals_seen;

static void on_signal(int sig)
{
	signals_seen++;
}

static const char *denied(long nr)
{
	for (size_t i = 0; i < sizeof(deny) / sizeof(deny[0]); i++) {
		if (deny[i].nr == nr)
			return deny[i].why;
	}
	return NULL;
}

static int fds[MAX_FDS], nfds;
static unsigned char *arena; /* MAX_ARGS slots, a PROT_NONE page on each side */
static unsigned long guard_addr;

static unsigned char *slot(int i)
{
	return arena + (size_t)i * SLOT_SIZE;
}

/* A value for a plain integer argument. */
static uint64_t random_value(void)
{
	switch (rnd_below(8)) {
	case 0:
	case 1:
		return rnd_below(17);
	case 2:
		return (uint64_t)-1;
	case 3:
		return (uint32_t)rnd();
	case 4:
		return rnd();
	case 5:
		return 1ULL << rnd_below(64);
	case 6:
		return (uint64_t)0 - (2 + rnd_below(15)); /* small negatives */
	default:
		return nfds ? (uint64_t)fds[rnd_below(nfds)] : 0;
	}
}

static void fill_printable(unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		/* printable ASCII but '/': paths stay in the working directory */
		unsigned char c = ' ' + rnd_below(95);

		p[i] = c == '/' ? '_' : c;
	}
}

/* A pointer argument: mostly one of our slots, else NULL or an address that faults. */
static uint64_t random_pointer(int i)
{
	switch (rnd_below(10)) {
	case 0:
		return 0;
	case 1:
		return BAD_ADDR;
	case 2:
		return guard_addr;
	default:
		return (uint64_t)(uintptr_t)slot(i);
	}
}

static bool is_slot(uint64_t v, int i)
{
	return v == (uint64_t)(uintptr_t)slot(i);
}

/* Arguments that would harm the workload itself, made harmless; the log has what is passed. */
static void tame(long nr, uint64_t *a)
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
		0x10000 + 7, /* no such option: EINVAL */
	};
	static const unsigned long arch_prctl_ok[] = {
		0x1003 /* ARCH_GET_FS */, 0x1004 /* ARCH_GET_GS */, 0x1011 /* ARCH_GET_CPUID */,
		0x10000 + 3 /* no such code */};

	switch (nr) {
	case SYS_mmap:
		/* MAP_FIXED could map over the workload itself */
		a[3] &= ~(uint64_t)MAP_FIXED;
		break;
	case SYS_prctl:
		/* PR_SET_SECCOMP, PR_SET_SYSCALL_USER_DISPATCH, PR_SET_TSC... would kill it */
		a[0] = prctl_ok[rnd_below(sizeof(prctl_ok) / sizeof(prctl_ok[0]))];
		break;
	case SYS_arch_prctl:
		/* ARCH_SET_FS would move its thread-local storage */
		a[0] = arch_prctl_ok[rnd_below(sizeof(arch_prctl_ok) / sizeof(arch_prctl_ok[0]))];
		break;
	case SYS_sched_setscheduler:
		/* SCHED_IDLE would starve it on a busy machine, with no way back unprivileged */
		if ((a[1] & ~(uint64_t)SCHED_RESET_ON_FORK) == SCHED_IDLE)
			a[1] = SCHED_BATCH;
		break;
	case SYS_setpriority:
		/* the same for a nice value above 0 */
		if ((int)a[2] > 0)
			a[2] = 0;
		break;
	case SYS_rt_sigaction:
		/* a random handler address would crash it at the next signal */
		if (is_slot(a[1], 1))
			a[1] = BAD_ADDR;
		break;
	}
}

/*
 * State some calls change that later calls need back. (The working
 * directory needs nothing: without '/' in the strings, and unprivileged,
 * chdir cannot leave the tmpfs.)
 */
static void restore(long nr)
{
	sigset_t none;

	switch (nr) {
	case SYS_rt_sigprocmask:
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		break;
	}
}

static void set_limit(int res, rlim_t v)
{
	struct rlimit rl = {v, v};

	if (setrlimit(res, &rl))
		die("setrlimit %d: %s", res, strerror(errno));
}

static void open_fds(void)
{
	int p[2], sp[2];

	fds[nfds++] = open("file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	fds[nfds++] = open(".", O_RDONLY | O_DIRECTORY);
	if (pipe2(p, O_NONBLOCK) == 0) {
		fds[nfds++] = p[0];
		fds[nfds++] = p[1];
	}
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sp) == 0) {
		fds[nfds++] = sp[0];
		fds[nfds++] = sp[1];
	}
	fds[nfds++] = eventfd(0, EFD_NONBLOCK);
	fds[nfds++] = open("/dev/null", O_RDWR);
	fds[nfds++] = open("/dev/zero", O_RDWR);
	fds[nfds++] = epoll_create1(0);
	fds[nfds++] = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK);
	fds[nfds++] = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0);
	fds[nfds++] = inotify_init1(IN_NONBLOCK);
	for (int i = 0; i < nfds; i++) {
		if (fds[i] < 0)
			die("cannot open the workload's own fds: %s", strerror(errno));
	}
	if (write(fds[0], "some content\n", 13) != 13)
		die("cannot write to the working directory");
}

/*
 * A child that stays root and is not traced (btftrace does not follow
 * children) writes the log, from memory both share, once the workload has
 * ended: whatever the random calls do (close every fd, lower every limit),
 * and even if one of them crashed the workload, the log gets out.
 */
static void start_log_writer(const char *log_path)
{
	struct timespec tick = {.tv_sec = 0, .tv_nsec = 20 * 1000 * 1000};
	pid_t parent = getpid();
	char tmp[4096];
	size_t len;
	int fd;

	switch (fork()) {
	case -1:
		die("fork: %s", strerror(errno));
	case 0:
		break;
	default:
		return;
	}
	/* no parent-death signal: the kernel checks it like a kill from the unprivileged parent */
	while (getppid() == parent)
		nanosleep(&tick, NULL);
	snprintf(tmp, sizeof(tmp), "%s.tmp", log_path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	len = strnlen(log_buf, LOG_SIZE);
	if (fd < 0 || write(fd, log_buf, len) != (ssize_t)len || close(fd) || rename(tmp, log_path))
		_exit(1);
	_exit(0);
}

/* Everything but the random calls: namespaces, tmpfs, limits, then the uid. */
static void build_cage(const char *dir, const char *log_path, uid_t uid)
{
	struct __user_cap_header_struct hdr = {.version = _LINUX_CAPABILITY_VERSION_3};
	struct __user_cap_data_struct caps[2] = {};
	uid_t r, e, s;
	char opts[64];
	int fd;

	if (geteuid() != 0)
		die("run it as root: it builds its cage, then drops to --uid");
	if (unshare(CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS))
		die("unshare: %s", strerror(errno));
	/* nothing mounted here shows outside */
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		die("cannot make mounts private: %s", strerror(errno));
	snprintf(opts, sizeof(opts), "size=16m,nr_inodes=4096,mode=0700,uid=%u,gid=%u", uid, uid);
	if (mount("tmpfs", dir, "tmpfs", MS_NOSUID | MS_NODEV, opts))
		die("cannot mount a tmpfs on %s: %s", dir, strerror(errno));
	if (chdir(dir))
		die("cannot enter %s: %s", dir, strerror(errno));
	start_log_writer(log_path);
	open_fds();
	if (fchown(fds[0], uid, uid))
		die("cannot give the file to %u: %s", uid, strerror(errno));
	/* no terminal to play with: TIOCSTI and the like */
	for (int i = 0; i < 3; i++) {
		if (isatty(i)) {
			fd = open("/dev/null", O_RDWR);
			if (fd < 0 || dup2(fd, i) < 0)
				die("cannot replace a terminal with /dev/null");
			close(fd);
		}
	}
	set_limit(RLIMIT_AS, 512 << 20);
	set_limit(RLIMIT_FSIZE, 4 << 20);
	set_limit(RLIMIT_NOFILE, 256);
	set_limit(RLIMIT_NPROC, 0);
	set_limit(RLIMIT_MEMLOCK, 64 << 10);
	set_limit(RLIMIT_CPU, 60);
	set_limit(RLIMIT_CORE, 0);
	set_limit(RLIMIT_MSGQUEUE, 64 << 10);
	set_limit(RLIMIT_RTPRIO, 0);
	if (setgroups(0, NULL) || setresgid(uid, uid, uid) || setresuid(uid, uid, uid))
		die("cannot drop to uid %u: %s", uid, strerror(errno));
	if (getresuid(&r, &e, &s) || !r || !e || !s)
		die("still root after the drop");
	if (syscall(SYS_capget, &hdr, caps) || caps[0].effective || caps[0].permitted ||
	    caps[1].effective || caps[1].permitted)
		die("capabilities left after the drop");
	/* after the drop, which would clear it: die with btftrace */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
}

static int load_spec(const char *path, struct spec *specs)
{
	FILE *f = fopen(path, "r");
	char kinds[32];
	long nr;
	int n = 0;

	if (!f)
		die("cannot read %s: %s", path, strerror(errno));
	while (n < MAX_CALLS && fscanf(f, "%ld %31s", &nr, kinds) == 2) {
		if (strlen(kinds) != MAX_ARGS || strspn(kinds, "vfnsiopm-") != MAX_ARGS)
			die("bad kinds '%s' for %ld in %s", kinds, nr, path);
		specs[n].nr = nr;
		memcpy(specs[n].kinds, kinds, MAX_ARGS + 1);
		n++;
	}
	fclose(f);
	return n;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void watchdog(long ms)
{
	struct itimerval it = {.it_value = {.tv_sec = ms / 1000, .tv_usec = ms % 1000 * 1000}};

	setitimer(ITIMER_REAL, &it, NULL);
}

/* One random call of spec sp, number i: arguments, the call, the log line. */
static void one_call(long i, const struct spec *sp, long watchdog_ms)
{
	unsigned char given[MAX_ARGS][BUF_LOGGED];
	uint64_t a[MAX_ARGS] = {0};
	size_t lens[MAX_ARGS] = {0};
	long ret;
	int err;

	for (int k = 0; k < MAX_ARGS; k++) {
		unsigned char *p = slot(k);

		switch (sp->kinds[k]) {
		case 'v':
			a[k] = random_value();
			break;
		case 'f':
			a[k] = rnd_below(4) && nfds ? (uint64_t)fds[rnd_below(nfds)]
						    : random_value();
			break;
		case 'n':
			a[k] = rnd_below(2) ? rnd_below(300) : random_value();
			break;
		case 's':
			a[k] = random_pointer(k);
			lens[k] = rnd_below(4) ? rnd_below(40) : rnd_below(300);
			fill_printable(p, SLOT_SIZE);
			p[lens[k]] = 0;
			break;
		case 'i':
		case 'p':
			a[k] = random_pointer(k);
			fill_printable(p, SLOT_SIZE);
			break;
		case 'm':
			a[k] = random_pointer(k);
			for (int b = 0; b < 128; b++)
				p[b] = rnd();
			/* the watchdog must get through */
			p[(SIGALRM - 1) / 8] &= ~(1 << ((SIGALRM - 1) % 8));
			break;
		case 'o':
			a[k] = random_pointer(k);
			memset(p, 0xaa, SLOT_SIZE);
			break;
		}
	}
	tame(sp->nr, a);
	/* what the call is given: the kernel may write over it */
	for (int k = 0; k < MAX_ARGS; k++)
		memcpy(given[k], slot(k), BUF_LOGGED);
	watchdog(watchdog_ms);
	syscall(SYS_getppid);
	ret = syscall(sp->nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	err = ret == -1 ? errno : 0;
	syscall(SYS_getppid);
	watchdog(0);
	restore(sp->nr);

	log_printf("call %ld %ld %s", i, sp->nr, sp->kinds);
	for (int k = 0; k < MAX_ARGS; k++)
		log_printf(" %#llx", (unsigned long long)a[k]);
	log_printf(" ret=%ld errno=%d", ret, err);
	for (int k = 0; k < MAX_ARGS; k++) {
		if (!is_slot(a[k], k))
			continue;
		if (sp->kinds[k] == 's') {
			log_printf(" s%d=", k);
			log_hex(given[k], lens[k] < BUF_LOGGED ? lens[k] : BUF_LOGGED);
		} else if (sp->kinds[k] == 'i') {
			log_printf(" b%d=", k);
			log_hex(given[k], 64);
		}
	}
	log_printf("\n");
}

int main(int argc, char **argv)
{
	static struct spec specs[MAX_CALLS];
	const char *spec_path = NULL, *log_path = NULL, *dir = NULL;
	long seed = 1, rounds = 1, max_seconds = 45, watchdog_ms = 100, uid = -1, calls = 0;
	struct sigaction sa = {.sa_handler = on_signal};
	const char *stop = "all";
	int nspecs;
	double start;

	for (int i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--seed"))
			seed = strtol(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--spec"))
			spec_path = argv[i + 1];
		else if (!strcmp(argv[i], "--log"))
			log_path = argv[i + 1];
		else if (!strcmp(argv[i], "--dir"))
			dir = argv[i + 1];
		else if (!strcmp(argv[i], "--uid"))
			uid = strtol(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--rounds"))
			rounds = strtol(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--max-seconds"))
			max_seconds = strtol(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--watchdog-ms"))
			watchdog_ms = strtol(argv[i + 1], NULL, 0);
		else
			die("unknown option %s", argv[i]);
	}
	if (!spec_path || !log_path || !dir || uid <= 0)
		die("usage: random_syscalls --seed N --spec FILE --log FILE --dir DIR --uid UID "
		    "[--rounds N] [--max-seconds N] [--watchdog-ms N]");
	rng_state = (uint64_t)seed * 0x9E3779B97F4A7C15ULL + 1;
	nspecs = load_spec(spec_path, specs);
	log_buf = mmap(NULL, LOG_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	arena = mmap(NULL, MAX_ARGS * SLOT_SIZE + 2 * PAGE, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (log_buf == MAP_FAILED || arena == MAP_FAILED)
		die("out of memory");
	memset(log_buf, 0, LOG_SIZE);
	if (mprotect(arena, PAGE, PROT_NONE) ||
	    mprotect(arena + PAGE + MAX_ARGS * SLOT_SIZE, PAGE, PROT_NONE))
		die("mprotect: %s", strerror(errno));
	guard_addr = (unsigned long)(arena + PAGE + MAX_ARGS * SLOT_SIZE);
	arena += PAGE;
	/* every signal that can be caught, caught: none ends it, and blocked calls get EINTR */
	for (int sig = 1; sig < NSIG; sig++) {
		if (sig != SIGKILL && sig != SIGSTOP)
			sigaction(sig, &sa, NULL);
	}
	build_cage(dir, log_path, uid);

	log_printf("seed %ld rounds %ld uid %ld\n", seed, rounds, uid);
	log_printf("arena %#lx %#lx guard %#lx bad %#lx\n", (unsigned long)arena,
		   (unsigned long)(arena + MAX_ARGS * SLOT_SIZE), guard_addr, BAD_ADDR);
	log_printf("fds");
	for (int i = 0; i < nfds; i++)
		log_printf(" %d", fds[i]);
	log_printf("\n");
	for (int i = 0; i < nspecs; i++) {
		const char *why = denied(specs[i].nr);

		if (why)
			log_printf("skip %ld %s\n", specs[i].nr, why);
	}
	syscall(SYS_close, MARK_BEGIN);
	start = now();
	for (long r = 0; r < rounds && !strcmp(stop, "all"); r++) {
		int order[MAX_CALLS];

		for (int i = 0; i < nspecs; i++)
			order[i] = i;
		for (int i = nspecs - 1; i > 0; i--) {
			int j = rnd_below(i + 1), t = order[i];

			order[i] = order[j];
			order[j] = t;
		}
		for (int i = 0; i < nspecs; i++) {
			const struct spec *sp = &specs[order[i]];

			if (denied(sp->nr))
				continue;
			if (now() - start > max_seconds) {
				stop = "time";
				break;
			}
			one_call(calls++, sp, watchdog_ms);
		}
	}
	syscall(SYS_close, MARK_END);
	log_printf("done %ld calls %s signals %d\n", calls, stop, (int)signals_seen);
	/* the log writer takes it from here */
	return 0;
}

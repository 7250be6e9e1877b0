// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload for "decode every argument": makes a long, fixed run of
 * different syscalls with known arguments, in and out, mostly through
 * syscall(2) so that each C call is exactly one syscall. Run it as root in an
 * empty directory given as argv[1]; it leaves the directory empty again.
 *
 * The run starts with close_range(3, ~0U, 0), so every fd it gets is known
 * (3, 4, ...), and ends with close_range(3, ~0U, 0) again. Values the
 * kernel or the loader chooses (ports, the pid, the pty number, addresses)
 * are printed on stdout as "name value" lines afterwards, for the test to
 * build its expectations. Receives block, so that a loaded machine's late
 * loopback delivery cannot change the run. Exit status 0, or the number of
 * the step that failed.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/futex.h>
#include <linux/perf_event.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <asm/termbits.h>
#include <time.h>
#include <unistd.h>

/* The kernel's struct sigaction on x86_64, as rt_sigaction takes it. */
struct k_sigaction {
	void (*handler)(int);
	unsigned long flags;
	void (*restorer)(void);
	unsigned long mask;
};

/* Not in glibc's headers: the kernel's value. */
#define SA_RESTORER 0x04000000

struct k_rlimit64 {
	unsigned long long cur, max;
};

static int step;
static char facts[4096];
static size_t facts_len;

#define CHECK(expr)                                                                          \
	do {                                                                                 \
		step++;                                                                      \
		if (!(expr)) {                                                               \
			fprintf(stderr, "many_calls: step %d failed: %s: %s\n", step, #expr, \
				strerror(errno));                                            \
			exit(step < 255 ? step : 255);                                       \
		}                                                                            \
	} while (0)

static void fact(const char *name, long long v)
{
	facts_len += snprintf(facts + facts_len, sizeof(facts) - facts_len, "%s %lld\n", name, v);
}

static void fact_ptr(const char *name, const void *p)
{
	facts_len += snprintf(facts + facts_len, sizeof(facts) - facts_len, "%s %p\n", name, p);
}

static void facts_str(const char *name, const char *v)
{
	facts_len += snprintf(facts + facts_len, sizeof(facts) - facts_len, "%s %s\n", name, v);
}

static void restorer(void)
{
}

static void on_alarm(int sig)
{
}

/* BPF_MAP_CREATE with the attribute size of Linux 5.16..6.8: up to map_extra. */
static void bpf_calls(void)
{
	union bpf_attr attr;
	/* r0 = 0; exit */
	struct bpf_insn insns[2] = {
		{.code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0},
		{.code = BPF_JMP | BPF_EXIT},
	};
	static const char license[] = "GPL";
	long fd;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_ARRAY;
	attr.key_size = 4;
	attr.value_size = 8;
	attr.max_entries = 4;
	attr.map_flags = BPF_F_RDONLY_PROG;
	memcpy(attr.map_name, "mc_map", 7);
	fd = syscall(SYS_bpf, BPF_MAP_CREATE, &attr, offsetof(union bpf_attr, map_extra) + 8);
	CHECK(fd >= 0);
	CHECK(syscall(SYS_close, fd) == 0);

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	attr.insn_cnt = 2;
	attr.insns = (unsigned long)insns;
	attr.license = (unsigned long)license;
	memcpy(attr.prog_name, "mc_prog", 8);
	fd = syscall(SYS_bpf, BPF_PROG_LOAD, &attr, offsetof(union bpf_attr, prog_name) + 16);
	CHECK(fd >= 0);
	fact_ptr("insns", insns);
	fact_ptr("license", license);
	CHECK(syscall(SYS_close, fd) == 0);
}

static void tty_calls(void)
{
	struct winsize ws = {.ws_row = 24, .ws_col = 80}, ws_out;
	struct termios t;
	int n = -1, ptn = -1, ptm;

	ptm = posix_openpt(O_RDWR | O_NOCTTY);
	CHECK(ptm == 4);
	CHECK(syscall(SYS_ioctl, ptm, TCGETS, &t) == 0);
	t.c_lflag &= ~(ECHO | ICANON);
	CHECK(syscall(SYS_ioctl, ptm, TCSETS, &t) == 0);
	CHECK(syscall(SYS_ioctl, ptm, TIOCSWINSZ, &ws) == 0);
	CHECK(syscall(SYS_ioctl, ptm, TIOCGWINSZ, &ws_out) == 0);
	CHECK(syscall(SYS_ioctl, ptm, FIONREAD, &n) == 0 && n == 0);
	CHECK(syscall(SYS_ioctl, ptm, TIOCGPTN, &ptn) == 0);
	fact("ptn", ptn);
	/* not a terminal */
	CHECK(syscall(SYS_ioctl, 3, TCGETS, &t) == -1 && errno == ENOTTY);
	fact_ptr("termios", &t);
	CHECK(syscall(SYS_close, ptm) == 0);
}

/* sendmsg and recvmsg on the connected pair 4, 5: data in two parts, and fd 0 passed along */
static void message_calls(void)
{
	char hello[] = "hello ", world[] = "world", buf[64];
	struct iovec out[2] = {{hello, 6}, {world, 5}}, in = {buf, sizeof(buf)};
	union {
		char bytes[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} sent, got;
	struct msghdr m = {.msg_iov = out,
			   .msg_iovlen = 2,
			   .msg_control = sent.bytes,
			   .msg_controllen = sizeof(sent.bytes)};
	struct cmsghdr *cm = CMSG_FIRSTHDR(&m);
	int zero = 0;

	memset(&sent, 0, sizeof(sent));
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(cm), &zero, sizeof(zero));
	CHECK(syscall(SYS_sendmsg, 5, &m, 0) == 11);
	memset(&m, 0, sizeof(m));
	m.msg_iov = &in;
	m.msg_iovlen = 1;
	m.msg_control = got.bytes;
	m.msg_controllen = sizeof(got.bytes);
	CHECK(syscall(SYS_recvmsg, 4, &m, 0) == 11);
	/* the passed fd arrives as the lowest free one */
	CHECK(syscall(SYS_close, 6) == 0);
}

static void socket_calls(void)
{
	struct sockaddr_in sin = {.sin_family = AF_INET}, peer;
	struct sockaddr_un sun = {.sun_family = AF_UNIX};
	struct sockaddr_storage ss;
	struct linger lg = {.l_onoff = 1, .l_linger = 5};
	struct timeval tv = {.tv_sec = 2, .tv_usec = 500000};
	socklen_t len;
	int one = 1, rcvbuf = 65536, val = 0, sv[2];
	char buf[64];
	size_t sun_len;

	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	/* TCP: 4 listens, 5 connects to it */
	CHECK(syscall(SYS_socket, AF_INET, SOCK_STREAM | SOCK_CLOEXEC, IPPROTO_IP) == 4);
	CHECK(syscall(SYS_setsockopt, 4, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) == 0);
	CHECK(syscall(SYS_setsockopt, 4, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf)) == 0);
	CHECK(syscall(SYS_setsockopt, 4, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg)) == 0);
	CHECK(syscall(SYS_setsockopt, 4, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) == 0);
	CHECK(syscall(SYS_setsockopt, 4, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) == 0);
	CHECK(syscall(SYS_setsockopt, 4, IPPROTO_IP, IP_TTL, &one, sizeof(one)) == 0);
	len = sizeof(val);
	CHECK(syscall(SYS_getsockopt, 4, SOL_SOCKET, SO_RCVBUF, &val, &len) == 0);
	fact("rcvbuf", val);
	len = sizeof(val);
	CHECK(syscall(SYS_getsockopt, 4, SOL_SOCKET, SO_TYPE, &val, &len) == 0);
	memset(&lg, 0, sizeof(lg));
	len = 16;
	CHECK(syscall(SYS_getsockopt, 4, SOL_SOCKET, SO_LINGER, &lg, &len) == 0 && len == 8);
	CHECK(syscall(SYS_bind, 4, &sin, sizeof(sin)) == 0);
	CHECK(syscall(SYS_listen, 4, 8) == 0);
	len = sizeof(sin);
	CHECK(syscall(SYS_getsockname, 4, &sin, &len) == 0);
	fact("tcp_port", ntohs(sin.sin_port));
	CHECK(syscall(SYS_socket, AF_INET, SOCK_STREAM, IPPROTO_TCP) == 5);
	CHECK(syscall(SYS_connect, 5, &sin, sizeof(sin)) == 0);
	len = sizeof(peer);
	CHECK(syscall(SYS_accept4, 4, &peer, &len, SOCK_CLOEXEC) == 6);
	fact("tcp_peer_port", ntohs(peer.sin_port));
	CHECK(syscall(SYS_sendto, 5, "\x01\x02GET\xff\x80\n", 8, MSG_NOSIGNAL, NULL, 0) == 8);
	/* blocking: under load loopback delivery may lag behind the send */
	CHECK(syscall(SYS_recvfrom, 6, buf, 8, MSG_WAITALL, NULL, NULL) == 8);
	CHECK(syscall(SYS_shutdown, 5, SHUT_WR) == 0);
	CHECK(syscall(SYS_close, 6) == 0);
	CHECK(syscall(SYS_close, 5) == 0);
	CHECK(syscall(SYS_close, 4) == 0);

	/* UDP: 4 is bound (and blocks in recvfrom), 5 sends to it with an address */
	sin.sin_port = 0;
	CHECK(syscall(SYS_socket, AF_INET, SOCK_DGRAM, 0) == 4);
	CHECK(syscall(SYS_bind, 4, &sin, sizeof(sin)) == 0);
	len = sizeof(sin);
	CHECK(syscall(SYS_getsockname, 4, &sin, &len) == 0);
	fact("udp_port", ntohs(sin.sin_port));
	CHECK(syscall(SYS_socket, AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0) == 5);
	CHECK(syscall(SYS_sendto, 5, "ping\0\377", 6, 0, &sin, sizeof(sin)) == 6);
	len = sizeof(peer);
	CHECK(syscall(SYS_recvfrom, 4, buf, sizeof(buf), 0, &peer, &len) == 6);
	fact("udp_peer_port", ntohs(peer.sin_port));
	CHECK(syscall(SYS_close, 5) == 0);
	CHECK(syscall(SYS_close, 4) == 0);

	/* AF_UNIX: a datagram socket bound to a path, another connected to it */
	strcpy(sun.sun_path, "mc.sock");
	sun_len = offsetof(struct sockaddr_un, sun_path) + strlen(sun.sun_path) + 1;
	CHECK(syscall(SYS_socket, AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0) == 4);
	CHECK(syscall(SYS_bind, 4, &sun, sun_len) == 0);
	CHECK(syscall(SYS_socket, AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0) == 5);
	CHECK(syscall(SYS_connect, 5, &sun, sun_len) == 0);
	/* a buffer too short for the address: the kernel fills 4 bytes and says 10 */
	len = 4;
	CHECK(syscall(SYS_getpeername, 5, &sun, &len) == 0 && len == sun_len);
	CHECK(syscall(SYS_sendto, 5, "\tunix\r", 6, 0, NULL, 0) == 6);
	CHECK(syscall(SYS_close, 5) == 0);
	CHECK(syscall(SYS_close, 4) == 0);
	CHECK(syscall(SYS_unlinkat, AT_FDCWD, "mc.sock", 0) == 0);

	CHECK(syscall(SYS_socketpair, AF_UNIX, SOCK_STREAM, 0, sv) == 0 && sv[0] == 4 &&
	      sv[1] == 5);
	/* unnamed: the kernel returns the family alone, 2 bytes of the 128 offered */
	memset(&ss, 0, sizeof(ss));
	len = sizeof(ss);
	CHECK(syscall(SYS_getsockname, 4, &ss, &len) == 0 && len == sizeof(sa_family_t));
	len = sizeof(ss);
	CHECK(syscall(SYS_getpeername, 5, &ss, &len) == 0 && len == sizeof(sa_family_t));
	message_calls();
	CHECK(syscall(SYS_close, 5) == 0);
	CHECK(syscall(SYS_close, 4) == 0);
}

static void poll_calls(void)
{
	struct epoll_event ev = {.events = EPOLLIN | EPOLLET, .data.u64 = 4}, evs[4];
	struct timespec ts = {0, 0};
	struct itimerspec its = {.it_value = {.tv_sec = 5}};
	struct timeval tv = {0, 0};
	fd_set rd, wr;

	/* 4, 5: a pipe with one byte in it */
	int fds[2];

	CHECK(syscall(SYS_pipe2, fds, O_CLOEXEC | O_NONBLOCK) == 0 && fds[0] == 4 && fds[1] == 5);
	CHECK(syscall(SYS_write, 5, "!", 1) == 1);
	FD_ZERO(&rd);
	FD_ZERO(&wr);
	FD_SET(4, &rd);
	FD_SET(5, &wr);
	CHECK(syscall(SYS_select, 6, &rd, &wr, NULL, &tv) == 2);
	FD_ZERO(&rd);
	FD_SET(4, &rd);
	FD_SET(0, &rd);
	CHECK(syscall(SYS_pselect6, 5, &rd, NULL, NULL, &ts, NULL) >= 1);
	CHECK(syscall(SYS_epoll_create1, EPOLL_CLOEXEC) == 6);
	CHECK(syscall(SYS_epoll_ctl, 6, EPOLL_CTL_ADD, 4, &ev) == 0);
	CHECK(syscall(SYS_epoll_wait, 6, evs, 4, 0) == 1);
	CHECK(syscall(SYS_timerfd_create, CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK) == 7);
	CHECK(syscall(SYS_timerfd_settime, 7, 0, &its, NULL) == 0);
	CHECK(syscall(SYS_close, 7) == 0);
	CHECK(syscall(SYS_close, 6) == 0);
	CHECK(syscall(SYS_close, 5) == 0);
	CHECK(syscall(SYS_close, 4) == 0);
}

static void file_calls(void)
{
	static const unsigned char bin[] = {0,	 1,   2,    0x7f, 0x80, 0xff,
					    'a', 'b', '\n', '\t', '"',	'\\'};
	struct iovec iov[2] = {{"hello ", 6}, {"world\n", 6}};
	struct stat st;
	struct statx stx;
	struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 10};
	char buf[64], cwd[256];
	long r;

	r = syscall(SYS_umask, 022);
	CHECK(r >= 0);
	fact("umask", r);
	CHECK(syscall(SYS_umask, 027) == 022);
	CHECK(syscall(SYS_getcwd, cwd, sizeof(cwd)) > 0);
	CHECK(syscall(SYS_mkdirat, AT_FDCWD, "sub", 0750) == 0);
	CHECK(syscall(SYS_openat, AT_FDCWD, "sub/file", O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC,
		      0640) == 3);
	CHECK(syscall(SYS_write, 3, bin, sizeof(bin)) == sizeof(bin));
	CHECK(syscall(SYS_writev, 3, iov, 2) == 12);
	fact_ptr("iov0", iov[0].iov_base);
	fact_ptr("iov1", iov[1].iov_base);
	CHECK(syscall(SYS_lseek, 3, 0, SEEK_SET) == 0);
	CHECK(syscall(SYS_read, 3, buf, sizeof(buf)) == 24);
	CHECK(syscall(SYS_pread64, 3, buf, 4, 2) == 4);
	CHECK(syscall(SYS_fcntl, 3, F_GETFD) == FD_CLOEXEC);
	CHECK(syscall(SYS_fcntl, 3, F_SETFL, O_APPEND | O_NONBLOCK) == 0);
	CHECK(syscall(SYS_fcntl, 3, F_GETFL) >= 0);
	CHECK(syscall(SYS_fcntl, 3, F_SETLK, &lock) == 0);
	/* the process's own lock does not conflict: the kernel answers F_UNLCK */
	CHECK(syscall(SYS_fcntl, 3, F_GETLK, &lock) == 0 && lock.l_type == F_UNLCK);
	CHECK(syscall(SYS_newfstatat, 3, "", &st, AT_EMPTY_PATH) == 0);
	fact("ino", st.st_ino);
	CHECK(syscall(SYS_statx, AT_FDCWD, "sub/file", AT_SYMLINK_NOFOLLOW, STATX_SIZE | STATX_MODE,
		      &stx) == 0);
	CHECK(syscall(SYS_newfstatat, AT_FDCWD, "sub/missing", &st, 0) == -1 && errno == ENOENT);
	fact_ptr("stat", &st);
	CHECK(syscall(SYS_access, "sub/file", R_OK | W_OK) == 0);
	CHECK(syscall(SYS_dup3, 3, 10, O_CLOEXEC) == 10);
	CHECK(syscall(SYS_close, 10) == 0);
	CHECK(syscall(SYS_ftruncate, 3, 5) == 0);
	CHECK(syscall(SYS_fadvise64, 3, 0, 0, POSIX_FADV_SEQUENTIAL) == 0);
	CHECK(syscall(SYS_fadvise64, 3, 0, 0, POSIX_FADV_DONTNEED) == 0);
	CHECK(syscall(SYS_close, 3) == 0);
	CHECK(syscall(SYS_unlinkat, AT_FDCWD, "sub/file", 0) == 0);
	CHECK(syscall(SYS_unlinkat, AT_FDCWD, "sub", AT_REMOVEDIR) == 0);
	/* fd 3 stays open for the rest: a plain file, for the ioctl that is not a tty's */
	CHECK(syscall(SYS_openat, AT_FDCWD, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) == 3);
}

static void memory_calls(void)
{
	void *p;
	long brk;

	p = (void *)syscall(SYS_mmap, NULL, 8192, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(p != MAP_FAILED);
	fact("map", (long long)(unsigned long)p);
	CHECK(syscall(SYS_madvise, p, 8192, MADV_DONTNEED) == 0);
	CHECK(syscall(SYS_mprotect, p, 4096, PROT_READ) == 0);
	CHECK(syscall(SYS_munmap, p, 8192) == 0);
	brk = syscall(SYS_brk, 0);
	CHECK(brk > 0);
	fact("brk", brk);
}

/* Futex operations as glibc makes them, each with only the arguments it uses shown. */
static void futex_calls(void)
{
	static uint32_t word, other;
	const struct timespec past = {0, 0};

	CHECK(syscall(SYS_futex, &word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0) == 0);
	CHECK(syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, 1, NULL, NULL, 0) == -1 &&
	      errno == EAGAIN);
	/* an absolute time already past: times out at once */
	CHECK(syscall(SYS_futex, &word, FUTEX_WAIT_BITSET_PRIVATE | FUTEX_CLOCK_REALTIME, 0, &past,
		      NULL, FUTEX_BITSET_MATCH_ANY) == -1 &&
	      errno == ETIMEDOUT);
	CHECK(syscall(SYS_futex, &word, FUTEX_CMP_REQUEUE_PRIVATE, 1, (void *)2147483647, &other,
		      0) == 0);
	CHECK(syscall(SYS_futex, &word, FUTEX_WAKE_OP_PRIVATE, 1, (void *)1, &other,
		      FUTEX_OP(FUTEX_OP_SET, 0, FUTEX_OP_CMP_GT, 1)) == 0);
	/* glibc registered its area at start: a second one is refused */
	CHECK(syscall(SYS_rseq, NULL, 32, 0, 0x53053053) == -1 && errno == EINVAL);
}

static void process_calls(void)
{
	struct k_sigaction sa = {.handler = SIG_IGN,
				 .flags = SA_RESTORER | SA_RESTART,
				 .restorer = restorer,
				 .mask = 1UL << (SIGUSR2 - 1)};
	struct k_sigaction old;
	unsigned long set = 1UL << (SIGUSR1 - 1), oldset;
	struct k_rlimit64 lim = {512, 4096}, oldlim;
	struct timespec req = {0, 1000000}, now, long_req = {10, 0}, left = {7, 7};
	struct sigaction alarm_sa = {.sa_handler = on_alarm};
	struct itimerval alarm_at = {.it_value = {0, 200000}};
	struct utsname un;
	unsigned char mask[128];
	char name[16];
	int status;
	long n, child;

	CHECK(syscall(SYS_rt_sigaction, SIGUSR1, &sa, &old, 8) == 0);
	fact_ptr("restorer", (void *)restorer);
	CHECK(syscall(SYS_rt_sigprocmask, SIG_BLOCK, &set, &oldset, 8) == 0);
	CHECK(syscall(SYS_rt_sigprocmask, SIG_SETMASK, &oldset, NULL, 8) == 0);
	CHECK(syscall(SYS_kill, getpid(), 0) == 0);
	fact("pid", getpid());
	CHECK(syscall(SYS_wait4, -1, NULL, WNOHANG, NULL) == -1 && errno == ECHILD);
	/* two children, by the bare syscall: one exits 3, one is killed */
	child = syscall(SYS_clone, SIGCHLD, NULL, NULL, NULL, 0);
	if (child == 0)
		syscall(SYS_exit_group, 3);
	CHECK(child > 0);
	fact("child1", child);
	CHECK(syscall(SYS_wait4, child, &status, 0, NULL) == child && WIFEXITED(status));
	child = syscall(SYS_clone, SIGCHLD, NULL, NULL, NULL, 0);
	if (child == 0)
		syscall(SYS_kill, syscall(SYS_getpid), SIGKILL);
	CHECK(child > 0);
	fact("child2", child);
	CHECK(syscall(SYS_wait4, child, &status, 0, NULL) == child && WIFSIGNALED(status));
	CHECK(syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, &lim, &oldlim) == 0);
	lim.cur = 256;
	CHECK(syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, &lim, &oldlim) == 0);
	CHECK(syscall(SYS_getrlimit, RLIMIT_NOFILE, &oldlim) == 0);
	CHECK(syscall(SYS_uname, &un) == 0);
	facts_str("nodename", un.nodename);
	facts_str("release", un.release);
	n = syscall(SYS_sched_getaffinity, 0, sizeof(mask), mask);
	CHECK(n > 0);
	fact("affinity_bytes", n);
	for (long cpu = 0; cpu < n * 8; cpu++) {
		if (mask[cpu / 8] >> (cpu % 8) & 1)
			fact("cpu", cpu);
	}
	CHECK(syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &now) == 0);
	CHECK(syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, &req, NULL) == 0);
	/* the time left is the kernel's only when a signal cuts the sleep short */
	CHECK(syscall(SYS_nanosleep, &req, &left) == 0);
	CHECK(syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, &req, &left) == 0);
	CHECK(sigaction(SIGALRM, &alarm_sa, NULL) == 0);
	fact_ptr("on_alarm", (void *)on_alarm);
	CHECK(syscall(SYS_setitimer, ITIMER_REAL, &alarm_at, NULL) == 0);
	/* interrupted after 0.2 s (this fails only if that long passes before the sleep starts) */
	CHECK(syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, &long_req, &left) == -1 &&
	      errno == EINTR && left.tv_sec == 9);
	CHECK(syscall(SYS_prctl, PR_SET_NAME, "many_calls", 0, 0, 0) == 0);
	CHECK(syscall(SYS_prctl, PR_GET_NAME, name, 0, 0, 0) == 0);
	CHECK(syscall(SYS_prctl, PR_GET_DUMPABLE, 0, 0, 0, 0) >= 0);
	CHECK(syscall(SYS_getuid) == 0);
	futex_calls();
}

static void perf_calls(void)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_SOFTWARE;
	attr.size = sizeof(attr);
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	attr.disabled = 1;
	attr.exclude_kernel = 1;
	CHECK(syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC) == 4);
	fact("perf_attr_size", sizeof(attr));
	CHECK(syscall(SYS_close, 4) == 0);
}

int main(int argc, char **argv)
{
	if (argc != 2 || chdir(argv[1])) {
		fprintf(stderr, "usage: many_calls EMPTY_DIR\n");
		return 2;
	}
	/* the first and last calls mark the run in a trace */
	CHECK(syscall(SYS_close_range, 3, ~0U, 0) == 0);
	file_calls();
	memory_calls();
	process_calls();
	perf_calls();
	socket_calls();
	poll_calls();
	tty_calls();
	bpf_calls();
	CHECK(syscall(SYS_close_range, 3, ~0U, 0) == 0);
	fputs(facts, stdout);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the hand decoders: whole calls built as the collector's
 * records, with captured bytes made here, decoded to strace-style lines
 * through the running kernel's BTF.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <time.h>
#include <sys/wait.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <asm/ioctls.h>
#include <linux/bpf.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <linux/futex.h>
#include <linux/prctl.h>
#include <asm/ldt.h>
#include <linux/fs.h>
#include <linux/aio_abi.h>
#include <linux/io_uring.h>
#include <linux/sched.h>
#include <linux/capability.h>

#include "beauty/beauty.h"
#include "beauty/overrides.h"
#include "decode/decode.h"
#include "call_records.h"
#include "syscall_formats.h"

/* The kernel's struct termios on x86 (glibc's is another). */
struct k_termios {
	unsigned int c_iflag, c_oflag, c_cflag, c_lflag;
	unsigned char c_line;
	unsigned char c_cc[19];
};

struct k_winsize {
	unsigned short ws_row, ws_col, ws_xpixel, ws_ypixel;
};

struct k_sigaction {
	unsigned long handler, flags, restorer, mask;
};

static struct types types;
static struct catalog *cat;
static struct beauty *beauty;
static struct decoder dec;
static struct outbuf ob;

/* Syscall numbers of x86_64, and argument types as tracefs spells them. */
enum {
	NR_IOCTL = 16,
	NR_SELECT = 23,
	NR_POLL = 7,
	NR_PPOLL = 271,
	NR_SOCKET = 41,
	NR_SETSOCKOPT = 54,
	NR_GETSOCKOPT = 55,
	NR_FCNTL = 72,
	NR_GETCWD = 79,
	NR_UMASK = 95,
	NR_PRCTL = 157,
	NR_SCHED_GETAFFINITY = 204,
	NR_EPOLL_WAIT = 232,
	NR_OPENAT = 257,
	NR_PERF_EVENT_OPEN = 298,
	NR_BPF = 321,
	NR_RT_SIGACTION = 13,
	NR_RT_SIGPROCMASK = 14,
	NR_SIGALTSTACK = 131,
	NR_SET_THREAD_AREA = 205,
	NR_GET_THREAD_AREA = 211,
	NR_MODIFY_LDT = 154,
	NR_CLONE3 = 435,
	NR_CAPGET = 125,
	NR_SECCOMP = 317,
	NR_CAPSET = 126,
	NR_PERSONALITY = 135,
	NR_WAIT4 = 61,
	NR_RT_SIGSUSPEND = 130,
	NR_SENDMSG = 46,
	NR_RECVMSG = 47,
	NR_NANOSLEEP = 35,
	NR_RECVFROM = 45,
	NR_GETSOCKNAME = 51,
	NR_CLOCK_NANOSLEEP = 230,
	NR_ACCEPT4 = 288,
	NR_BIND = 49,
	NR_SOCKETPAIR = 53,
	NR_RECVMMSG = 299,
	NR_SENDMMSG = 307,
	NR_FUTEX = 202,
	NR_GETDENTS64 = 217,
	NR_OPENAT2 = 437,
	NR_NAME_TO_HANDLE_AT = 303,
	NR_SETXATTR = 188,
	NR_GETXATTR = 191,
	NR_FANOTIFY_INIT = 300,
	NR_SWAPON = 167,
	NR_MEMFD_CREATE = 319,
	NR_MOUNT = 165,
	NR_SETGROUPS = 116,
	NR_QUOTACTL = 179,
	NR_MKNODAT = 259,
	NR_SYSFS = 139,
	NR_UTIMENSAT = 280,
	NR_LANDLOCK_CREATE_RULESET = 444,
	NR_CLOSE_RANGE = 436,
	NR_KILL = 62,
	NR_GETPID = 39,
	NR_CLONE = 56,
	NR_PSELECT6 = 270,
	NR_PREADV2 = 327,
	NR_SENDFILE = 40,
	NR_IO_SETUP = 206,
	NR_IO_DESTROY = 207,
	NR_READV = 19,
	NR_WRITEV = 20,
	NR_IO_CANCEL = 210,
	NR_IO_URING_SETUP = 425,
	NR_IO_URING_REGISTER = 427,
	NR_FUTEX_WAITV = 449,
	NR_TIMER_CREATE = 222,
	NR_GET_ROBUST_LIST = 274,
	NR_ADJTIMEX = 159,
	NR_CLOCK_ADJTIME = 305,
	NR_TIMERFD_CREATE = 283,
};

static void add(int nr, const char *name, int nargs, const char *const decls[][2])
{
	catalog_add_format(cat, nr, name, nargs, decls);
}

static int setup_with(const struct decode_opts *opts)
{
	static const char *const ioctl_args[][2] = {
		{"unsigned int", "fd"}, {"unsigned int", "cmd"}, {"unsigned long", "arg"}};
	static const char *const select_args[][2] = {{"int", "n"},
						     {"fd_set *", "inp"},
						     {"fd_set *", "outp"},
						     {"fd_set *", "exp"},
						     {"struct __kernel_old_timeval *", "tvp"}};
	static const char *const poll_args[][2] = {
		{"struct pollfd *", "ufds"}, {"unsigned int", "nfds"}, {"int", "timeout_msecs"}};
	static const char *const ppoll_args[][2] = {{"struct pollfd *", "ufds"},
						    {"unsigned int", "nfds"},
						    {"struct __kernel_timespec *", "tsp"},
						    {"const sigset_t *", "sigmask"},
						    {"size_t", "sigsetsize"}};
	static const char *const socket_args[][2] = {
		{"int", "family"}, {"int", "type"}, {"int", "protocol"}};
	static const char *const setsockopt_args[][2] = {{"int", "fd"},
							 {"int", "level"},
							 {"int", "optname"},
							 {"char *", "optval"},
							 {"int", "optlen"}};
	static const char *const getsockopt_args[][2] = {{"int", "fd"},
							 {"int", "level"},
							 {"int", "optname"},
							 {"char *", "optval"},
							 {"int *", "optlen"}};
	static const char *const fcntl_args[][2] = {
		{"unsigned int", "fd"}, {"unsigned int", "cmd"}, {"unsigned long", "arg"}};
	static const char *const getcwd_args[][2] = {{"char *", "buf"}, {"unsigned long", "size"}};
	static const char *const umask_args[][2] = {{"int", "mask"}};
	static const char *const prctl_args[][2] = {{"int", "option"},
						    {"unsigned long", "arg2"},
						    {"unsigned long", "arg3"},
						    {"unsigned long", "arg4"},
						    {"unsigned long", "arg5"}};
	static const char *const futex_args[][2] = {
		{"u32 *", "uaddr"},  {"int", "op"},
		{"u32", "val"},	     {"const struct __kernel_timespec *", "utime"},
		{"u32 *", "uaddr2"}, {"u32", "val3"}};
	static const char *const affinity_args[][2] = {
		{"pid_t", "pid"}, {"unsigned int", "len"}, {"unsigned long *", "user_mask_ptr"}};
	static const char *const epoll_wait_args[][2] = {{"int", "epfd"},
							 {"struct epoll_event *", "events"},
							 {"int", "maxevents"},
							 {"int", "timeout"}};
	static const char *const openat_args[][2] = {{"int", "dfd"},
						     {"const char *", "filename"},
						     {"int", "flags"},
						     {"umode_t", "mode"}};
	static const char *const perf_args[][2] = {{"struct perf_event_attr *", "attr_uptr"},
						   {"pid_t", "pid"},
						   {"int", "cpu"},
						   {"int", "group_fd"},
						   {"unsigned long", "flags"}};
	static const char *const bpf_args[][2] = {
		{"int", "cmd"}, {"union bpf_attr *", "uattr"}, {"unsigned int", "size"}};
	static const char *const thread_area_args[][2] = {{"struct user_desc *", "u_info"}};
	static const char *const modify_ldt_args[][2] = {
		{"int", "func"}, {"void *", "ptr"}, {"unsigned long", "bytecount"}};
	static const char *const personality_args[][2] = {{"unsigned int", "personality"}};
	static const char *const capget_args[][2] = {{"cap_user_header_t", "header"},
						     {"cap_user_data_t", "dataptr"}};
	static const char *const capset_args[][2] = {{"cap_user_header_t", "header"},
						     {"const cap_user_data_t", "data"}};
	static const char *const seccomp_args[][2] = {
		{"unsigned int", "op"}, {"unsigned int", "flags"}, {"void *", "uargs"}};
	static const char *const clone3_args[][2] = {{"struct clone_args *", "uargs"},
						     {"size_t", "size"}};
	static const char *const sigaltstack_args[][2] = {{"const stack_t *", "uss"},
							  {"stack_t *", "uoss"}};
	static const char *const sigaction_args[][2] = {{"int", "sig"},
							{"const struct sigaction *", "act"},
							{"struct sigaction *", "oact"},
							{"size_t", "sigsetsize"}};
	static const char *const wait4_args[][2] = {{"pid_t", "upid"},
						    {"int *", "stat_addr"},
						    {"int", "options"},
						    {"struct rusage *", "ru"}};
	static const char *const sigsuspend_args[][2] = {{"sigset_t *", "unewset"},
							 {"size_t", "sigsetsize"}};
	static const char *const sendmsg_args[][2] = {
		{"int", "fd"}, {"struct user_msghdr *", "msg"}, {"unsigned int", "flags"}};
	static const char *const sigprocmask_args[][2] = {{"int", "how"},
							  {"sigset_t *", "nset"},
							  {"sigset_t *", "oset"},
							  {"size_t", "sigsetsize"}};

	static const char *const getsockname_args[][2] = {
		{"int", "fd"}, {"struct sockaddr *", "usockaddr"}, {"int *", "usockaddr_len"}};
	static const char *const accept4_args[][2] = {{"int", "fd"},
						      {"struct sockaddr *", "upeer_sockaddr"},
						      {"int *", "upeer_addrlen"},
						      {"int", "flags"}};
	static const char *const recvfrom_args[][2] = {{"int", "fd"},
						       {"void *", "ubuf"},
						       {"size_t", "size"},
						       {"unsigned int", "flags"},
						       {"struct sockaddr *", "addr"},
						       {"int *", "addr_len"}};
	static const char *const bind_args[][2] = {
		{"int", "fd"}, {"struct sockaddr *", "umyaddr"}, {"int", "addrlen"}};
	static const char *const socketpair_args[][2] = {
		{"int", "family"}, {"int", "type"}, {"int", "protocol"}, {"int *", "usockvec"}};
	static const char *const recvmmsg_args[][2] = {{"int", "fd"},
						       {"struct mmsghdr *", "mmsg"},
						       {"unsigned int", "vlen"},
						       {"unsigned int", "flags"},
						       {"struct __kernel_timespec *", "timeout"}};
	static const char *const nanosleep_args[][2] = {{"struct __kernel_timespec *", "rqtp"},
							{"struct __kernel_timespec *", "rmtp"}};
	static const char *const clock_nanosleep_args[][2] = {
		{"const clockid_t", "which_clock"},
		{"int", "flags"},
		{"const struct __kernel_timespec *", "rqtp"},
		{"struct __kernel_timespec *", "rmtp"}};

	static const char *const getdents64_args[][2] = {{"unsigned int", "fd"},
							 {"struct linux_dirent64 *", "dirent"},
							 {"unsigned int", "count"}};
	static const char *const openat2_args[][2] = {{"int", "dfd"},
						      {"const char *", "filename"},
						      {"struct open_how *", "how"},
						      {"size_t", "usize"}};
	static const char *const name_to_handle_at_args[][2] = {{"int", "dfd"},
								{"const char *", "name"},
								{"struct file_handle *", "handle"},
								{"void *", "mnt_id"},
								{"int", "flag"}};
	static const char *const setxattr_args[][2] = {{"const char *", "pathname"},
						       {"const char *", "name"},
						       {"const void *", "value"},
						       {"size_t", "size"},
						       {"int", "flags"}};
	static const char *const getxattr_args[][2] = {{"const char *", "pathname"},
						       {"const char *", "name"},
						       {"void *", "value"},
						       {"size_t", "size"}};
	static const char *const swapon_args[][2] = {{"const char *", "specialfile"},
						     {"int", "swap_flags"}};
	static const char *const fanotify_init_args[][2] = {{"unsigned int", "flags"},
							    {"unsigned int", "event_f_flags"}};
	static const char *const memfd_create_args[][2] = {{"const char *", "uname"},
							   {"unsigned int", "flags"}};
	static const char *const setgroups_args[][2] = {{"int", "gidsetsize"},
							{"gid_t *", "grouplist"}};
	static const char *const mount_args[][2] = {{"char *", "dev_name"},
						    {"char *", "dir_name"},
						    {"char *", "type"},
						    {"unsigned long", "flags"},
						    {"void *", "data"}};
	static const char *const quotactl_args[][2] = {{"unsigned int", "cmd"},
						       {"const char *", "special"},
						       {"qid_t", "id"},
						       {"void *", "addr"}};
	static const char *const mknodat_args[][2] = {{"int", "dfd"},
						      {"const char *", "filename"},
						      {"umode_t", "mode"},
						      {"unsigned", "dev"}};
	static const char *const sysfs_args[][2] = {
		{"int", "option"}, {"unsigned long", "arg1"}, {"unsigned long", "arg2"}};
	static const char *const utimensat_args[][2] = {{"int", "dfd"},
							{"const char *", "filename"},
							{"struct __kernel_timespec *", "utimes"},
							{"int", "flags"}};
	static const char *const landlock_args[][2] = {
		{"const struct landlock_ruleset_attr *const", "attr"},
		{"const size_t", "size"},
		{"const __u32", "flags"}};
	static const char *const close_range_args[][2] = {
		{"unsigned int", "fd"}, {"unsigned int", "max_fd"}, {"unsigned int", "flags"}};
	static const char *const kill_args[][2] = {{"pid_t", "pid"}, {"int", "sig"}};
	static const char *const clone_args[][2] = {{"unsigned long", "clone_flags"},
						    {"unsigned long", "newsp"},
						    {"int *", "parent_tidptr"},
						    {"int *", "child_tidptr"},
						    {"unsigned long", "tls"}};

	static const char *const pselect6_args[][2] = {{"int", "n"},
						       {"fd_set *", "inp"},
						       {"fd_set *", "outp"},
						       {"fd_set *", "exp"},
						       {"struct __kernel_timespec *", "tsp"},
						       {"void *", "sig"}};
	static const char *const preadv2_args[][2] = {
		{"unsigned long", "fd"},    {"const struct iovec *", "vec"},
		{"unsigned long", "vlen"},  {"unsigned long", "pos_l"},
		{"unsigned long", "pos_h"}, {"rwf_t", "flags"}};
	static const char *const sendfile_args[][2] = {
		{"int", "out_fd"}, {"int", "in_fd"}, {"loff_t *", "offset"}, {"size_t", "count"}};
	static const char *const futex_waitv_args[][2] = {{"struct futex_waitv *", "waiters"},
							  {"unsigned int", "nr_futexes"},
							  {"unsigned int", "flags"},
							  {"struct __kernel_timespec *", "timeout"},
							  {"clockid_t", "clockid"}};
	static const char *const timer_create_args[][2] = {
		{"const clockid_t", "which_clock"},
		{"struct sigevent *", "timer_event_spec"},
		{"timer_t *", "created_timer_id"}};
	static const char *const get_robust_list_args[][2] = {
		{"int", "pid"},
		{"struct robust_list_head * *", "head_ptr"},
		{"size_t *", "len_ptr"}};
	static const char *const adjtimex_args[][2] = {{"struct __kernel_timex *", "txc_p"}};
	static const char *const clock_adjtime_args[][2] = {{"const clockid_t", "which_clock"},
							    {"struct __kernel_timex *", "utx"}};
	static const char *const timerfd_create_args[][2] = {{"int", "clockid"}, {"int", "flags"}};
	static const char *const io_setup_args[][2] = {{"unsigned", "nr_events"},
						       {"aio_context_t *", "ctxp"}};
	static const char *const io_destroy_args[][2] = {{"aio_context_t", "ctx"}};
	static const char *const io_cancel_args[][2] = {{"aio_context_t", "ctx_id"},
							{"struct iocb *", "iocb"},
							{"struct io_event *", "result"}};
	static const char *const uring_setup_args[][2] = {{"u32", "entries"},
							  {"struct io_uring_params *", "params"}};
	static const char *const uring_register_args[][2] = {{"unsigned int", "fd"},
							     {"unsigned int", "opcode"},
							     {"void *", "arg"},
							     {"unsigned int", "nr_args"}};
	static const char *const readv_args[][2] = {{"unsigned long", "fd"},
						    {"const struct iovec *", "vec"},
						    {"unsigned long", "vlen"}};

	cat = calloc(1, sizeof(*cat));
	beauty = calloc(1, sizeof(*beauty));
	if (!cat || !beauty || types__load(&types, NULL))
		return -1;
	add(NR_IOCTL, "ioctl", 3, ioctl_args);
	add(NR_SELECT, "select", 5, select_args);
	add(NR_POLL, "poll", 3, poll_args);
	add(NR_PPOLL, "ppoll", 5, ppoll_args);
	add(NR_SOCKET, "socket", 3, socket_args);
	add(NR_SETSOCKOPT, "setsockopt", 5, setsockopt_args);
	add(NR_GETSOCKOPT, "getsockopt", 5, getsockopt_args);
	add(NR_FCNTL, "fcntl", 3, fcntl_args);
	add(NR_GETCWD, "getcwd", 2, getcwd_args);
	add(NR_UMASK, "umask", 1, umask_args);
	add(NR_PRCTL, "prctl", 5, prctl_args);
	add(NR_FUTEX, "futex", 6, futex_args);
	add(NR_SCHED_GETAFFINITY, "sched_getaffinity", 3, affinity_args);
	add(NR_EPOLL_WAIT, "epoll_wait", 4, epoll_wait_args);
	add(NR_OPENAT, "openat", 4, openat_args);
	add(NR_PERF_EVENT_OPEN, "perf_event_open", 5, perf_args);
	add(NR_BPF, "bpf", 3, bpf_args);
	add(NR_RT_SIGACTION, "rt_sigaction", 4, sigaction_args);
	add(NR_RT_SIGPROCMASK, "rt_sigprocmask", 4, sigprocmask_args);
	add(NR_SIGALTSTACK, "sigaltstack", 2, sigaltstack_args);
	add(NR_SET_THREAD_AREA, "set_thread_area", 1, thread_area_args);
	add(NR_GET_THREAD_AREA, "get_thread_area", 1, thread_area_args);
	add(NR_MODIFY_LDT, "modify_ldt", 3, modify_ldt_args);
	add(NR_PERSONALITY, "personality", 1, personality_args);
	add(NR_CLONE3, "clone3", 2, clone3_args);
	add(NR_CAPGET, "capget", 2, capget_args);
	add(NR_SECCOMP, "seccomp", 3, seccomp_args);
	add(NR_CAPSET, "capset", 2, capset_args);
	add(NR_WAIT4, "wait4", 4, wait4_args);
	add(NR_RT_SIGSUSPEND, "rt_sigsuspend", 2, sigsuspend_args);
	add(NR_SENDMSG, "sendmsg", 3, sendmsg_args);
	add(NR_RECVMSG, "recvmsg", 3, sendmsg_args);
	add(NR_GETSOCKNAME, "getsockname", 3, getsockname_args);
	add(NR_ACCEPT4, "accept4", 4, accept4_args);
	add(NR_RECVFROM, "recvfrom", 6, recvfrom_args);
	add(NR_BIND, "bind", 3, bind_args);
	add(NR_SOCKETPAIR, "socketpair", 4, socketpair_args);
	add(NR_RECVMMSG, "recvmmsg", 5, recvmmsg_args);
	add(NR_SENDMMSG, "sendmmsg", 4, recvmmsg_args);
	add(NR_NANOSLEEP, "nanosleep", 2, nanosleep_args);
	add(NR_CLOCK_NANOSLEEP, "clock_nanosleep", 4, clock_nanosleep_args);
	add(NR_GETDENTS64, "getdents64", 3, getdents64_args);
	add(NR_OPENAT2, "openat2", 4, openat2_args);
	add(NR_NAME_TO_HANDLE_AT, "name_to_handle_at", 5, name_to_handle_at_args);
	add(NR_SETXATTR, "setxattr", 5, setxattr_args);
	add(NR_GETXATTR, "getxattr", 4, getxattr_args);
	add(NR_FANOTIFY_INIT, "fanotify_init", 2, fanotify_init_args);
	add(NR_SWAPON, "swapon", 2, swapon_args);
	add(NR_MEMFD_CREATE, "memfd_create", 2, memfd_create_args);
	add(NR_MOUNT, "mount", 5, mount_args);
	add(NR_SETGROUPS, "setgroups", 2, setgroups_args);
	add(NR_QUOTACTL, "quotactl", 4, quotactl_args);
	add(NR_MKNODAT, "mknodat", 4, mknodat_args);
	add(NR_SYSFS, "sysfs", 3, sysfs_args);
	add(NR_UTIMENSAT, "utimensat", 4, utimensat_args);
	add(NR_LANDLOCK_CREATE_RULESET, "landlock_create_ruleset", 3, landlock_args);
	add(NR_CLOSE_RANGE, "close_range", 3, close_range_args);
	add(NR_KILL, "kill", 2, kill_args);
	add(NR_GETPID, "getpid", 0, NULL);
	add(NR_CLONE, "clone", 5, clone_args);
	add(NR_PSELECT6, "pselect6", 6, pselect6_args);
	add(NR_PREADV2, "preadv2", 6, preadv2_args);
	add(NR_SENDFILE, "sendfile", 4, sendfile_args);
	add(NR_IO_SETUP, "io_setup", 2, io_setup_args);
	add(NR_FUTEX_WAITV, "futex_waitv", 5, futex_waitv_args);
	add(NR_TIMER_CREATE, "timer_create", 3, timer_create_args);
	add(NR_GET_ROBUST_LIST, "get_robust_list", 3, get_robust_list_args);
	add(NR_ADJTIMEX, "adjtimex", 1, adjtimex_args);
	add(NR_CLOCK_ADJTIME, "clock_adjtime", 2, clock_adjtime_args);
	add(NR_TIMERFD_CREATE, "timerfd_create", 2, timerfd_create_args);
	add(NR_IO_DESTROY, "io_destroy", 1, io_destroy_args);
	add(NR_READV, "readv", 3, readv_args);
	add(NR_WRITEV, "writev", 3, readv_args);
	add(NR_IO_CANCEL, "io_cancel", 3, io_cancel_args);
	add(NR_IO_URING_SETUP, "io_uring_setup", 2, uring_setup_args);
	add(NR_IO_URING_REGISTER, "io_uring_register", 4, uring_register_args);
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

static int setup_verbose(void **state)
{
	struct decode_opts opts;

	decode_opts_default(&opts);
	opts.verbose = true;
	return setup_with(&opts);
}

/* -x, -e read=/write= and -Y with --decode-pids=pidns, for their group of tests. */
static struct desc_set reads, writes;

static int setup_strace_options(void **state)
{
	struct decode_opts opts;
	char err[DESC_SET_ERR_MAX];

	decode_opts_default(&opts);
	opts.hex = QUOTE_HEX_NON_ASCII;
	if (desc_set_parse(&reads, "3", "-e read", err, sizeof(err)) ||
	    desc_set_parse(&writes, "!3", "-e write", err, sizeof(err)))
		return -1;
	opts.dump_read = &reads;
	opts.dump_write = &writes;
	opts.decode_pids = DECODE_PIDS_ALL;
	return setup_with(&opts);
}

static int teardown(void **state)
{
	pid_table__free(dec.pids);
	dec.pids = NULL;
	desc_set_free(&reads);
	desc_set_free(&writes);
	decoder__free(&dec);
	types__free(&types);
	free(cat);
	free(beauty);
	return 0;
}

/* A text writer into ob as the text sink makes it, but for the column of " = ". */
static struct writer *text_writer(void)
{
	return call_text_writer(&dec, &ob);
}

/* The whole line of the call, returning ret. */
static const char *line(__s64 ret)
{
	return call_text_line(&dec, &ob, ret);
}

/* The call's "args" and return members as the JSON sink writes them. */
static const char *json(__s64 ret)
{
	static const struct json_writer_opts jwo = {.arg_map = false};
	struct call call = {
		.state = CALL_COMPLETE, .enter = &enter_rec.enter, .exit = &exit_rec.exit};
	static struct json_writer jw;
	struct call_view v;

	exit_rec.exit.ret = ret;
	outbuf_reset(&ob);
	json_writer__init(&jw, &ob, &jwo);
	decode_view(&dec, &call, &v);
	decode_write_call(&dec, &jw.w, &v);
	decode_write_return(&dec, &jw.w, &v);
	return ob.data;
}

/* The line of a call that has not returned yet. */
static const char *unfinished(void)
{
	struct call call = {.state = CALL_UNFINISHED, .enter = &enter_rec.enter};
	struct writer *w = text_writer();
	struct call_view v;

	decode_view(&dec, &call, &v);
	decode_write_call(&dec, w, &v);
	return ob.data;
}

/*
 * The start of the call that the text shows while it has not returned (CALL_PENDING: what
 * the idle flush prints), without its " <unfinished ...>", which the sink cuts off.
 */
static const char *pending(void)
{
	static const char marker[] = " <unfinished ...>";
	struct call call = {.state = CALL_PENDING, .enter = &enter_rec.enter};
	struct writer *w = text_writer();
	struct call_view v;
	size_t len;

	decode_view(&dec, &call, &v);
	decode_write_call(&dec, w, &v);
	len = strlen(ob.data);
	assert_true(len >= sizeof(marker) - 1);
	assert_string_equal(ob.data + len - (sizeof(marker) - 1), marker);
	ob.data[len - (sizeof(marker) - 1)] = '\0';
	return ob.data;
}

/* The pending start of the call is the start of its whole line: the line goes on from it. */
static void assert_pending_starts_line(__s64 ret)
{
	char *start = strdup(pending());

	assert_non_null(start);
	if (strncmp(line(ret), start, strlen(start)))
		fail_msg("pending \"%s\" does not start \"%s\"", start, ob.data);
	free(start);
}

static const __u64 PTR = 0x7ffc12345678;

static void test_setsockopt_values_by_level_and_name(void **state)
{
	struct {
		int onoff, linger;
	} lg = {1, 5};
	struct {
		long sec, usec;
	} tv = {2, 500000};
	int one = 1;

	begin(NR_SETSOCKOPT, 3, SOL_SOCKET, SO_LINGER, PTR, sizeof(lg), 0);
	in(3, &lg, sizeof(lg));
	assert_string_equal(line(0),
			    "setsockopt(3, SOL_SOCKET, SO_LINGER, {l_onoff=1, l_linger=5}, 8) = 0");
	begin(NR_SETSOCKOPT, 3, SOL_SOCKET, SO_REUSEADDR, PTR, sizeof(one), 0);
	in(3, &one, sizeof(one));
	assert_string_equal(line(0), "setsockopt(3, SOL_SOCKET, SO_REUSEADDR, [1], 4) = 0");
	begin(NR_SETSOCKOPT, 3, SOL_SOCKET, SO_RCVTIMEO_OLD, PTR, sizeof(tv), 0);
	in(3, &tv, sizeof(tv));
	/* strace 6.1's: the _OLD name, the timeval's bytes */
	assert_string_equal(line(0),
			    "setsockopt(3, SOL_SOCKET, SO_RCVTIMEO_OLD, "
			    "\"\\2\\0\\0\\0\\0\\0\\0\\0 \\241\\7\\0\\0\\0\\0\\0\", 16) = 0");
	begin(NR_SETSOCKOPT, 3, IPPROTO_TCP, TCP_NODELAY, PTR, sizeof(one), 0);
	in(3, &one, sizeof(one));
	assert_string_equal(line(0), "setsockopt(3, SOL_TCP, TCP_NODELAY, [1], 4) = 0");
	begin(NR_SETSOCKOPT, 3, IPPROTO_TCP, TCP_CONGESTION, PTR, 5, 0);
	in(3, "cubic", 5);
	assert_string_equal(line(0), "setsockopt(3, SOL_TCP, TCP_CONGESTION, \"cubic\", 5) = 0");
	/* a struct option of the wrong size: the address, as strace 6.1 shows it */
	begin(NR_SETSOCKOPT, 3, 263, 1, PTR, sizeof(one), 0);
	in(3, &one, sizeof(one));
	assert_string_equal(
		line(0), "setsockopt(3, SOL_PACKET, PACKET_ADD_MEMBERSHIP, 0x7ffc12345678, 4) = 0");
	begin(NR_SETSOCKOPT, 3, SOL_SOCKET, SO_LINGER, PTR, 4, 0);
	in(3, &one, sizeof(one));
	assert_string_equal(line(-22), "setsockopt(3, SOL_SOCKET, SO_LINGER, 0x7ffc12345678, 4) = "
				       "-1 EINVAL (Invalid argument)");
	/* a level without a table of names: the name is a number, an int's value an int */
	begin(NR_SETSOCKOPT, 3, 0x7ead, 1, PTR, sizeof(one), 0);
	in(3, &one, sizeof(one));
	assert_string_equal(line(-92), "setsockopt(3, 0x7ead /* SOL_?? */, 1, [1], 4) = "
				       "-1 ENOPROTOOPT (Protocol not available)");
}

/* strace 6.1's option shapes: its int options from 4 bytes on, a value of any other length as
 * its bytes, NULs and all, structs by their own rules. */
static void test_sockopt_shapes(void **state)
{
	unsigned char buf[64] = "The quick brown ";
	struct ip_mreq mreq;
	int len_in = 16, len_out = 2, four = 4, eight = 8, zero = 0;
	int err = ECONNREFUSED;
	struct {
		int pid, uid, gid;
	} cred = {5, -1, 7};

	begin(NR_SETSOCKOPT, 3, SOL_SOCKET, SO_REUSEADDR, PTR, 16, 0);
	in(3, buf, 16);
	assert_string_equal(line(0),
			    "setsockopt(3, SOL_SOCKET, SO_REUSEADDR, [543516756], 16) = 0");
	begin(NR_SETSOCKOPT, 3, SOL_SOCKET, SO_REUSEADDR, PTR, 3, 0);
	in(3, buf, 3);
	assert_string_equal(line(-22),
			    "setsockopt(3, SOL_SOCKET, SO_REUSEADDR, 0x7ffc12345678, 3) = "
			    "-1 EINVAL (Invalid argument)");
	begin(NR_SETSOCKOPT, 3, SOL_SOCKET, SO_BINDTODEVICE, PTR, 3, 0);
	in(3, "lo", 3);
	assert_string_equal(line(0),
			    "setsockopt(3, SOL_SOCKET, SO_BINDTODEVICE, \"lo\\0\", 3) = 0");
	begin(NR_SETSOCKOPT, 3, SOL_IP, IP_TTL, PTR, 16, 0);
	in(3, buf, 16);
	assert_string_equal(line(-22), "setsockopt(3, SOL_IP, IP_TTL, \"The quick brown \", 16) = "
				       "-1 EINVAL (Invalid argument)");
	begin(NR_SETSOCKOPT, 3, 17, 1, PTR, 4, 0);
	in(3, &four, 4);
	assert_string_equal(line(0), "setsockopt(3, SOL_UDP, UDP_CORK, [4], 4) = 0");
	inet_pton(AF_INET, "224.0.0.1", &mreq.imr_multiaddr);
	inet_pton(AF_INET, "127.0.0.1", &mreq.imr_interface);
	begin(NR_SETSOCKOPT, 3, SOL_IP, IP_ADD_MEMBERSHIP, PTR, sizeof(mreq), 0);
	in(3, &mreq, sizeof(mreq));
	assert_string_equal(line(0), "setsockopt(3, SOL_IP, IP_ADD_MEMBERSHIP, "
				     "{imr_multiaddr=inet_addr(\"224.0.0.1\"), "
				     "imr_interface=inet_addr(\"127.0.0.1\")}, 8) = 0");
	/* getsockopt: an int option shorter than an int in hex, an errno by name */
	begin(NR_GETSOCKOPT, 4, SOL_SOCKET, SO_REUSEADDR, PTR, PTR + 64, 0);
	in(4, &len_in, sizeof(len_in));
	out(3, "\0\0\0\0", 4);
	out(4, &len_out, sizeof(len_out));
	assert_string_equal(line(0), "getsockopt(4, SOL_SOCKET, SO_REUSEADDR, \"\\x00\\x00\", "
				     "[16 => 2]) = 0");
	begin(NR_GETSOCKOPT, 4, SOL_SOCKET, SO_ERROR, PTR, PTR + 64, 0);
	in(4, &four, sizeof(four));
	out(3, &err, sizeof(err));
	out(4, &four, sizeof(four));
	assert_string_equal(line(0),
			    "getsockopt(4, SOL_SOCKET, SO_ERROR, [ECONNREFUSED], [4]) = 0");
	/* a struct's members within the length the kernel gave; no id is -1 */
	begin(NR_GETSOCKOPT, 4, SOL_SOCKET, SO_PEERCRED, PTR, PTR + 64, 0);
	in(4, &eight, sizeof(eight));
	out(3, &cred, sizeof(cred));
	out(4, &eight, sizeof(eight));
	assert_string_equal(line(0),
			    "getsockopt(4, SOL_SOCKET, SO_PEERCRED, {pid=5, uid=-1}, [8]) = "
			    "0");
	/* nothing given or returned: the address */
	begin(NR_GETSOCKOPT, 4, SOL_SOCKET, SO_REUSEADDR, PTR, PTR + 64, 0);
	in(4, &zero, sizeof(zero));
	out(3, buf, 4);
	out(4, &zero, sizeof(zero));
	assert_string_equal(line(0),
			    "getsockopt(4, SOL_SOCKET, SO_REUSEADDR, 0x7ffc12345678, [0]) = "
			    "0");
	/* an unknown name at a known level: its int in hex */
	begin(NR_GETSOCKOPT, 4, SOL_SOCKET, 0xffffffffffffffffULL, PTR, PTR + 64, 0);
	in(4, &four, sizeof(four));
	assert_string_equal(line(-92), "getsockopt(4, SOL_SOCKET, 0xffffffff /* SO_??? */, "
				       "0x7ffc12345678, [4]) = -1 ENOPROTOOPT (Protocol not "
				       "available)");
}

static void test_getsockopt_value_is_as_long_as_optlen_says(void **state)
{
	struct {
		int onoff, linger;
	} lg = {1, 5};
	unsigned char optval[16];
	int len_in = 16, len_out = 8, four = 4, type = SOCK_STREAM;

	memset(optval, 0xee, sizeof(optval));
	memcpy(optval, &lg, sizeof(lg));
	begin(NR_GETSOCKOPT, 4, SOL_SOCKET, SO_LINGER, PTR, PTR + 64, 0);
	in(4, &len_in, sizeof(len_in));
	out(3, optval, sizeof(optval));
	out(4, &len_out, sizeof(len_out));
	assert_string_equal(line(0),
			    "getsockopt(4, SOL_SOCKET, SO_LINGER, {l_onoff=1, l_linger=5}, "
			    "[16 => 8]) = 0");
	memcpy(optval, &type, sizeof(type));
	begin(NR_GETSOCKOPT, 4, SOL_SOCKET, SO_TYPE, PTR, PTR + 64, 0);
	in(4, &four, sizeof(four));
	out(3, optval, sizeof(optval));
	out(4, &four, sizeof(four));
	assert_string_equal(line(0), "getsockopt(4, SOL_SOCKET, SO_TYPE, [1], [4]) = 0");
	/* failed: nothing was written, the buffer is an address */
	begin(NR_GETSOCKOPT, 4, SOL_SOCKET, SO_RCVBUF, PTR, PTR + 64, 0);
	in(4, &four, sizeof(four));
	assert_string_equal(line(-9), "getsockopt(4, SOL_SOCKET, SO_RCVBUF, 0x7ffc12345678, [4]) = "
				      "-1 EBADF (Bad file descriptor)");
}

static void test_socket_protocol_by_family(void **state)
{
	begin(NR_SOCKET, AF_INET, SOCK_STREAM, IPPROTO_TCP, 0, 0, 0);
	assert_string_equal(line(3), "socket(AF_INET, SOCK_STREAM, IPPROTO_TCP) = 3");
	begin(NR_SOCKET, AF_INET6, SOCK_DGRAM, 0, 0, 0, 0);
	assert_string_equal(line(3), "socket(AF_INET6, SOCK_DGRAM, IPPROTO_IP) = 3");
	/* for AF_UNIX a protocol is no IP protocol */
	begin(NR_SOCKET, AF_UNIX, SOCK_STREAM, 0, 0, 0, 0);
	assert_string_equal(line(3), "socket(AF_UNIX, SOCK_STREAM, 0) = 3");
	/* netlink's and bluetooth's own, AF_PACKET's in network order */
	begin(NR_SOCKET, AF_NETLINK, SOCK_RAW, 0, 0, 0, 0);
	assert_string_equal(line(3), "socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE) = 3");
	begin(NR_SOCKET, AF_BLUETOOTH, SOCK_STREAM, 0, 0, 0, 0);
	assert_string_equal(line(-97), "socket(AF_BLUETOOTH, SOCK_STREAM, BTPROTO_L2CAP) = -1 "
				       "EAFNOSUPPORT (Address family not supported by protocol)");
	begin(NR_SOCKET, AF_PACKET, SOCK_RAW, htons(3), 0, 0, 0);
	assert_string_equal(line(3), "socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL)) = 3");
	/* an int's -1 is 0xffffffff; the family's whole register picks the table */
	begin(NR_SOCKET, AF_INET, SOCK_DGRAM, 0xffffffffffffffffULL, 0, 0, 0);
	assert_string_equal(line(-22),
			    "socket(AF_INET, SOCK_DGRAM, 0xffffffff /* IPPROTO_??? */) = "
			    "-1 EINVAL (Invalid argument)");
	begin(NR_SOCKET, 0xdead000000000000ULL | AF_INET, SOCK_DGRAM, 0, 0, 0, 0);
	assert_string_equal(line(3), "socket(AF_INET, SOCK_DGRAM, 0) = 3");
	/* socketpair's is the register as it is */
	begin(NR_SOCKETPAIR, AF_UNIX, SOCK_STREAM, 0xffffffffffffffffULL, PTR, 0, 0);
	assert_string_equal(line(-93), "socketpair(AF_UNIX, SOCK_STREAM, 18446744073709551615, "
				       "0x7ffc12345678) = -1 EPROTONOSUPPORT (Protocol not "
				       "supported)");
}

/* A sockaddr is as long as its int length says, up to a sockaddr_storage; less than a family
 * is its address. */
static void test_sockaddr_by_its_length(void **state)
{
	unsigned char ss[256] = {0};
	struct sockaddr_in6 sin6 = {.sin6_family = AF_INET6, .sin6_port = htons(9)};
	struct {
		unsigned short family, pad;
		unsigned int pid, groups;
	} nl = {AF_NETLINK, 0, 0, 1};
	char expect[512];

	begin(NR_BIND, 3, PTR, (__u64)-1, 0, 0, 0);
	in(1, ss, sizeof(ss));
	assert_string_equal(line(-22),
			    "bind(3, 0x7ffc12345678, -1) = -1 EINVAL (Invalid argument)");
	/* 2147483647 reads as 128 bytes: the family and 126 of data */
	begin(NR_BIND, 3, PTR, 0x7fffffff, 0, 0, 0);
	in(1, ss, sizeof(ss));
	strcpy(expect, "bind(3, {sa_family=AF_UNSPEC, sa_data=\"");
	for (int k = 0; k < 126; k++)
		strcat(expect, "\\0");
	strcat(expect, "\"}, 2147483647) = -1 EINVAL (Invalid argument)");
	assert_string_equal(line(-22), expect);
	/* garbage above the int: the int */
	begin(NR_BIND, 3, PTR, 0xdead000000000010ULL, 0, 0, 0);
	in(1, ss, sizeof(ss));
	assert_string_equal(line(-22),
			    "bind(3, {sa_family=AF_UNSPEC, sa_data=\"\\0\\0\\0\\0\\0\\0"
			    "\\0\\0\\0\\0\\0\\0\\0\\0\"}, 16) = -1 EINVAL (Invalid argument)");
	/* an unknown family's number in hex */
	ss[0] = 0x91;
	ss[1] = 0xb6;
	begin(NR_BIND, 3, PTR, 4, 0, 0, 0);
	in(1, ss, 4);
	assert_string_equal(line(-97),
			    "bind(3, {sa_family=0xb691 /* AF_??? */, sa_data=\"\\0\\0\"}, "
			    "4) = -1 EAFNOSUPPORT (Address family not supported by "
			    "protocol)");
	/* AF_INET6 without its scope id is still one; AF_NETLINK's groups in %#08x */
	inet_pton(AF_INET6, "::1", &sin6.sin6_addr);
	begin(NR_BIND, 3, PTR, 24, 0, 0, 0);
	in(1, &sin6, 24);
	assert_string_equal(line(0), "bind(3, {sa_family=AF_INET6, sin6_port=htons(9), "
				     "sin6_flowinfo=htonl(0), inet_pton(AF_INET6, \"::1\", "
				     "&sin6_addr)}, 24) = 0");
	begin(NR_BIND, 3, PTR, sizeof(nl), 0, 0, 0);
	in(1, &nl, sizeof(nl));
	assert_string_equal(line(0),
			    "bind(3, {sa_family=AF_NETLINK, nl_pid=0, nl_groups=0x000001}, "
			    "12) = 0");
	/* no address pointer: the length's pointer is not read either */
	begin(NR_ACCEPT4, 3, 0, PTR, 0, 0, 0);
	assert_string_equal(line(-11), "accept4(3, NULL, 0x7ffc12345678, 0) = -1 EAGAIN (Resource "
				       "temporarily unavailable)");
}

/* -X raw and -X verbose: a network-order value is its bytes, a constant's number in hex. */
static void test_sockaddr_x_styles(void **state)
{
	struct sockaddr_in sin = {.sin_family = AF_INET, .sin_port = htons(9)};
	enum wr_xlat_style saved = dec.opts.xlat;

	inet_pton(AF_INET, "127.0.0.1", &sin.sin_addr);
	begin(NR_BIND, 3, PTR, sizeof(sin), 0, 0, 0);
	in(1, &sin, sizeof(sin));
	dec.opts.xlat = WR_XLAT_RAW;
	assert_string_equal(line(0), "bind(3, {sa_family=0x2, sin_port=\"\\x00\\x09\", "
				     "sin_addr=\"\\x7f\\x00\\x00\\x01\"}, 16) = 0");
	dec.opts.xlat = WR_XLAT_VERBOSE;
	assert_string_equal(line(0),
			    "bind(3, {sa_family=0x2 /* AF_INET */, sin_port=\"\\x00\\x09\" "
			    "/* htons(9) */, sin_addr=\"\\x7f\\x00\\x00\\x01\" /* "
			    "inet_addr(\"127.0.0.1\") */}, 16) = 0");
	begin(NR_SOCKET, AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, IPPROTO_UDP, 0, 0, 0);
	assert_string_equal(line(3), "socket(0x2 /* AF_INET */, 0x2 /* SOCK_DGRAM */|0x80000 /* "
				     "SOCK_CLOEXEC */, 0x11 /* IPPROTO_UDP */) = 3");
	dec.opts.xlat = WR_XLAT_RAW;
	assert_string_equal(line(3), "socket(0x2, 0x2|0x80000, 0x11) = 3");
	dec.opts.xlat = saved;
	/* JSON writes the readable form, whatever the text's style */
	begin(NR_BIND, 3, PTR, sizeof(sin), 0, 0, 0);
	in(1, &sin, sizeof(sin));
	assert_non_null(strstr(json(0), "127.0.0.1"));
}

static void test_ioctl_by_command(void **state)
{
	struct k_termios t = {.c_iflag = 0x500, /* ICRNL|IXON */
			      .c_oflag = 0x5,	/* OPOST|ONLCR */
			      .c_cflag = 0xbf,	/* B38400|CS8|CREAD */
			      .c_lflag = 0x8a3b,
			      .c_cc = {3, 28}};
	unsigned char buf[44];
	struct k_winsize ws = {24, 80, 0, 0};
	int n = 3;

	memset(buf, 0xaa, sizeof(buf));
	memcpy(buf, &t, sizeof(t));
	begin(NR_IOCTL, 4, TCGETS, PTR, 0, 0, 0);
	in(2, buf, sizeof(buf)); /* what the stack held before: not shown */
	memset(buf + sizeof(t), 0, sizeof(buf) - sizeof(t));
	out(2, buf, sizeof(buf));
	assert_string_equal(
		line(0), "ioctl(4, TCGETS, {c_iflag=ICRNL|IXON, "
			 "c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|OPOST|ONLCR, c_cflag=B38400|CS8|CREAD, "
			 "c_lflag=ISIG|ICANON|ECHO|ECHOE|ECHOK|IEXTEN|ECHOCTL|ECHOKE, ...}) = 0");
	assert_string_equal(unfinished(), "ioctl(4, TCGETS, 0x7ffc12345678 <unfinished ...>");
	begin(NR_IOCTL, 3, TCGETS, PTR, 0, 0, 0);
	in(2, buf, sizeof(buf));
	assert_string_equal(line(-25), "ioctl(3, TCGETS, 0x7ffc12345678) = "
				       "-1 ENOTTY (Inappropriate ioctl for device)");
	begin(NR_IOCTL, 4, TIOCSWINSZ, PTR, 0, 0, 0);
	memset(buf, 0, sizeof(buf));
	memcpy(buf, &ws, sizeof(ws));
	in(2, buf, sizeof(buf));
	out(2, buf, sizeof(buf));
	assert_string_equal(line(0), "ioctl(4, TIOCSWINSZ, {ws_row=24, ws_col=80, ws_xpixel=0, "
				     "ws_ypixel=0}) = 0");
	begin(NR_IOCTL, 4, FIONREAD, PTR, 0, 0, 0);
	memcpy(buf, &n, sizeof(n));
	out(2, buf, sizeof(buf));
	assert_string_equal(line(0), "ioctl(4, FIONREAD, [3]) = 0");
	begin(NR_IOCTL, 4, TCFLSH, 2, 0, 0, 0);
	assert_string_equal(line(0), "ioctl(4, TCFLSH, 2) = 0");
	begin(NR_IOCTL, 4, FIOCLEX, 0, 0, 0, 0);
	assert_string_equal(line(0), "ioctl(4, FIOCLEX) = 0");
	begin(NR_IOCTL, 4, 0xc0187e00, PTR, 0, 0, 0);
	in(2, buf, sizeof(buf));
	/* a command no table names: its parts, as strace spells them */
	assert_string_equal(
		line(0), "ioctl(4, _IOC(_IOC_READ|_IOC_WRITE, 0x7e, 0, 0x18), 0x7ffc12345678) = 0");
}

static void test_ioctl_termios_in_full_with_v(void **state)
{
	struct k_termios t = {.c_iflag = 0x500, .c_oflag = 0x5, .c_cflag = 0xbf, .c_lflag = 0x3b};
	unsigned char buf[44] = {0};

	t.c_cc[0] = 3;
	t.c_cc[6] = 1;
	memcpy(buf, &t, sizeof(t));
	begin(NR_IOCTL, 4, TCSETS, PTR, 0, 0, 0);
	in(2, buf, sizeof(buf));
	out(2, buf, sizeof(buf));
	assert_string_equal(line(0),
			    "ioctl(4, TCSETS, {c_iflag=ICRNL|IXON, "
			    "c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|OPOST|ONLCR, "
			    "c_cflag=B38400|CS8|CREAD, c_lflag=ISIG|ICANON|ECHO|ECHOE|ECHOK, "
			    "c_line=0, c_cc=[3, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, "
			    "0, 0, 0]}) = 0");
}

/*
 * BPF_PROG_LOAD's license: the string its member rule read at enter, or, when its page was not
 * there at enter, at exit; -s cuts it; without either read the address.
 */
static void bpf_license_from_member_rule(union bpf_attr *attr, size_t size)
{
	int k = member_override__index("bpf", BPF_PROG_LOAD, "license");
	int string_limit = dec.opts.string_limit;

	assert_true(k >= 0);
	begin(NR_BPF, BPF_PROG_LOAD, PTR, size, 0, 0, 0);
	in(1, attr, size);
	capture(&enter_rec, 1 + BT_CAP_INNER_MEMBER(k), "GPL", 4, BT_CAP_STRING, 0);
	assert_string_equal(line(6),
			    "bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_SOCKET_FILTER, "
			    "insn_cnt=2, insns=0x7ffc1000, license=\"GPL\", log_level=0, "
			    "log_size=0, log_buf=NULL, kern_version=KERNEL_VERSION(6, 1, 0), "
			    "prog_flags=BPF_F_SLEEPABLE}, 48) = 6");
	begin(NR_BPF, BPF_PROG_LOAD, PTR, size, 0, 0, 0);
	in(1, attr, size);
	capture(&enter_rec, 1 + BT_CAP_INNER_MEMBER(k), NULL, 0, BT_CAP_STRING | BT_CAP_FAULT, 0);
	capture(&exit_rec, 1 + BT_CAP_INNER_MEMBER(k), "Dual BSD/GPL", 13, BT_CAP_STRING, 0);
	dec.opts.string_limit = 4;
	assert_string_equal(line(6),
			    "bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_SOCKET_FILTER, "
			    "insn_cnt=2, insns=0x7ffc1000, license=\"Dual\"..., log_level=0, "
			    "log_size=0, log_buf=NULL, kern_version=KERNEL_VERSION(6, 1, 0), "
			    "prog_flags=BPF_F_SLEEPABLE}, 48) = 6");
	dec.opts.string_limit = string_limit;
	/* another command's rule is not this one's */
	assert_int_equal(member_override__index("bpf", BPF_MAP_CREATE, "license"), -1);
}

static void test_bpf_attr_by_command(void **state)
{
	union bpf_attr attr;
	size_t size = offsetof(union bpf_attr, map_extra) + sizeof(attr.map_extra);
	__u32 next_id;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_ARRAY;
	attr.key_size = 4;
	attr.value_size = 8;
	attr.max_entries = 4;
	attr.map_flags = BPF_F_RDONLY_PROG | BPF_F_MMAPABLE;
	memcpy(attr.map_name, "m", 2);
	begin(NR_BPF, BPF_MAP_CREATE, PTR, size, 0, 0, 0);
	in(1, &attr, size);
	/* strace 6.1's members; numa_node only with BPF_F_NUMA_NODE */
	assert_string_equal(line(5),
			    "bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_ARRAY, key_size=4, "
			    "value_size=8, max_entries=4, "
			    "map_flags=BPF_F_RDONLY_PROG|BPF_F_MMAPABLE, inner_map_fd=0, "
			    "map_name=\"m\", map_ifindex=0, btf_fd=0, "
			    "btf_key_type_id=0, btf_value_type_id=0, "
			    "btf_vmlinux_value_type_id=0, map_extra=0}, 72) = 5");
	/* a shorter size ends the struct at the first addition it does not reach */
	begin(NR_BPF, BPF_MAP_CREATE, PTR, 20, 0, 0, 0);
	in(1, &attr, 20);
	assert_string_equal(line(5),
			    "bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_ARRAY, key_size=4, "
			    "value_size=8, max_entries=4, "
			    "map_flags=BPF_F_RDONLY_PROG|BPF_F_MMAPABLE}, 20) = 5");
	/* what lies past the caller's size is zeros: the first members show all the same */
	begin(NR_BPF, BPF_MAP_CREATE, PTR, 1, 0, 0, 0);
	in(1, &attr, 1);
	assert_string_equal(line(-22), "bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_ARRAY, "
				       "key_size=0, value_size=0, max_entries=0}, 1) = -1 EINVAL "
				       "(Invalid argument)");
	/* bytes past what strace 6.1 knows that are not zero: "..." */
	attr.map_flags = BPF_F_NUMA_NODE;
	attr.numa_node = -1;
	memset(attr.map_name, 0xff, sizeof(attr.map_name));
	memset((char *)&attr + size, 0xff, 8);
	begin(NR_BPF, BPF_MAP_CREATE, PTR, size + 8, 0, 0, 0);
	in(1, &attr, size + 8);
	assert_string_equal(
		line(-22), "bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_ARRAY, key_size=4, "
			   "value_size=8, max_entries=4, map_flags=BPF_F_NUMA_NODE, "
			   "inner_map_fd=0, numa_node=4294967295 /* NUMA_NO_NODE */, "
			   "map_name=\"\\377\\377\\377\\377\\377\\377\\377\\377\\377\\377\\377\\377"
			   "\\377\\377\\377\"..., map_ifindex=0, btf_fd=0, btf_key_type_id=0, "
			   "btf_value_type_id=0, btf_vmlinux_value_type_id=0, map_extra=0, ...}, "
			   "80) = -1 EINVAL (Invalid argument)");
	/* -v: those bytes in hex, with where they lie */
	dec.opts.verbose = true;
	assert_string_equal(
		line(-22),
		"bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_ARRAY, key_size=4, "
		"value_size=8, max_entries=4, map_flags=BPF_F_NUMA_NODE, "
		"inner_map_fd=0, numa_node=4294967295 /* NUMA_NO_NODE */, "
		"map_name=\"\\377\\377\\377\\377\\377\\377\\377\\377\\377\\377\\377\\377"
		"\\377\\377\\377\"..., map_ifindex=0, btf_fd=0, btf_key_type_id=0, "
		"btf_value_type_id=0, btf_vmlinux_value_type_id=0, map_extra=0, "
		"extra_data=\"\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff\" /* bytes 72..79 */}, "
		"80) = -1 EINVAL (Invalid argument)");
	dec.opts.verbose = false;
	/* a size of 0, or more than a page: the address */
	begin(NR_BPF, BPF_MAP_CREATE, PTR, 0, 0, 0, 0);
	assert_string_equal(
		line(-22), "bpf(BPF_MAP_CREATE, 0x7ffc12345678, 0) = -1 EINVAL (Invalid argument)");
	memset(&attr, 0, sizeof(attr));
	attr.map_fd = 3;
	attr.key = 0x7ffc1000;
	attr.value = 0x7ffc2000;
	begin(NR_BPF, BPF_MAP_UPDATE_ELEM, PTR, 32, 0, 0, 0);
	in(1, &attr, 32);
	assert_string_equal(line(0), "bpf(BPF_MAP_UPDATE_ELEM, {map_fd=3, key=0x7ffc1000, "
				     "value=0x7ffc2000, flags=BPF_ANY}, 32) = 0");
	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	attr.insn_cnt = 2;
	attr.insns = 0x7ffc1000;
	attr.license = 0x55001000;
	attr.prog_flags = BPF_F_SLEEPABLE;
	size = offsetof(union bpf_attr, prog_name);
	begin(NR_BPF, BPF_PROG_LOAD, PTR, size, 0, 0, 0);
	in(1, &attr, size);
	assert_string_equal(line(6),
			    "bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_SOCKET_FILTER, "
			    "insn_cnt=2, insns=0x7ffc1000, license=0x55001000, log_level=0, "
			    "log_size=0, log_buf=NULL, kern_version=KERNEL_VERSION(0, 0, 0), "
			    "prog_flags=BPF_F_SLEEPABLE}, 48) = 6");
	/* -X: the kernel version a number, the macro its verbose comment */
	attr.kern_version = 0x60100;
	begin(NR_BPF, BPF_PROG_LOAD, PTR, size, 0, 0, 0);
	in(1, &attr, size);
	dec.opts.xlat = WR_XLAT_VERBOSE;
	assert_string_equal(line(6),
			    "bpf(0x5 /* BPF_PROG_LOAD */, {prog_type=0x1 /* "
			    "BPF_PROG_TYPE_SOCKET_FILTER */, insn_cnt=2, insns=0x7ffc1000, "
			    "license=0x55001000, log_level=0, log_size=0, log_buf=NULL, "
			    "kern_version=393472 /* KERNEL_VERSION(6, 1, 0) */, "
			    "prog_flags=0x10 /* BPF_F_SLEEPABLE */}, 48) = 6");
	dec.opts.xlat = WR_XLAT_RAW;
	assert_string_equal(line(6), "bpf(0x5, {prog_type=0x1, insn_cnt=2, insns=0x7ffc1000, "
				     "license=0x55001000, log_level=0, log_size=0, log_buf=NULL, "
				     "kern_version=393472, prog_flags=0x10}, 48) = 6");
	dec.opts.xlat = WR_XLAT_ABBREV;
	bpf_license_from_member_rule(&attr, size);
	memset(&attr, 0, sizeof(attr));
	attr.info.bpf_fd = 3;
	attr.info.info_len = 80;
	attr.info.info = 0x7ffc2000;
	size = offsetof(union bpf_attr, info.info) + sizeof(attr.info.info);
	begin(NR_BPF, BPF_OBJ_GET_INFO_BY_FD, PTR, size, 0, 0, 0);
	in(1, &attr, size);
	assert_string_equal(line(0), "bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd=3, info_len=80, "
				     "info=0x7ffc2000}}, 16) = 0");
	/* the next id the kernel wrote back */
	memset(&attr, 0, sizeof(attr));
	begin(NR_BPF, BPF_MAP_GET_NEXT_ID, PTR, 12, 0, 0, 0);
	in(1, &attr, 12);
	next_id = 42;
	memcpy(&attr.next_id, &next_id, sizeof(next_id));
	out(1, &attr, 12);
	assert_string_equal(line(0), "bpf(BPF_MAP_GET_NEXT_ID, {start_id=0, next_id=0 => 42, "
				     "open_flags=0}, 12) = 0");
	/* a command without a known struct: the address */
	begin(NR_BPF, 1000, PTR, 8, 0, 0, 0);
	in(1, &attr, 8);
	assert_string_equal(
		line(-22),
		"bpf(0x3e8 /* BPF_??? */, 0x7ffc12345678, 8) = -1 EINVAL (Invalid argument)");
}

static void test_perf_attr_sized_by_itself(void **state)
{
	struct perf_event_attr attr;
	__u32 kernel_size = 0x88;

	memset(&attr, 0xff, sizeof(attr));
	memset(&attr, 0, PERF_ATTR_SIZE_VER0);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.size = PERF_ATTR_SIZE_VER0;
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	attr.sample_period = 1000;
	attr.disabled = 1;
	begin(NR_PERF_EVENT_OPEN, PTR, 0, -1, -1, PERF_FLAG_FD_CLOEXEC, 0);
	in(0, &attr, sizeof(attr));
	/* without -v: the head, the flags set and precise_ip, then "..." */
	assert_string_equal(line(7),
			    "perf_event_open({type=PERF_TYPE_SOFTWARE, "
			    "size=PERF_ATTR_SIZE_VER0, config=PERF_COUNT_SW_TASK_CLOCK, "
			    "sample_period=1000, sample_type=0, read_format=0, disabled=1, "
			    "precise_ip=0 /* arbitrary skid */, ...}, 0, -1, -1, "
			    "PERF_FLAG_FD_CLOEXEC) = 7");
	/* with -v every flag, then the members the caller's 64 bytes hold, and no more */
	dec.opts.verbose = true;
	line(7);
	assert_non_null(strstr(ob.data, "disabled=1, inherit=0, pinned=0, "));
	assert_non_null(strstr(ob.data, ", sigtrap=0, wakeup_events=0, config1=0}, 0, -1, -1, "
					"PERF_FLAG_FD_CLOEXEC) = 7"));
	/* a size beyond the struct known: all of it, then "..."; E2BIG's size written back */
	memset(&attr, 0, sizeof(attr));
	attr.type = 0x7ead;
	attr.size = 0xffff;
	attr.config = 0x1234;
	attr.freq = 1;
	attr.sample_freq = UINT64_MAX;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_BRANCH_STACK | (1ULL << 40);
	attr.branch_sample_type = PERF_SAMPLE_BRANCH_USER;
	attr.use_clockid = 1;
	attr.clockid = CLOCK_MONOTONIC;
	attr.precise_ip = 3;
	attr.__reserved_2 = 0x12;
	begin(NR_PERF_EVENT_OPEN, PTR, 0, -1, -1, 0, 0);
	in(0, &attr, sizeof(attr));
	memcpy((char *)&attr + offsetof(struct perf_event_attr, size), &kernel_size, 4);
	out(0, &attr, sizeof(attr));
	assert_string_equal(
		line(-E2BIG),
		"perf_event_open({type=0x7ead /* PERF_TYPE_??? */, size=0xffff /* "
		"PERF_ATTR_SIZE_??? */ => 0x88 /* PERF_ATTR_SIZE_??? */, config=0x1234, "
		"sample_freq=18446744073709551615, "
		"sample_type=PERF_SAMPLE_IP|PERF_SAMPLE_BRANCH_STACK|0x10000000000, "
		"read_format=0, disabled=0, inherit=0, pinned=0, exclusive=0, exclude_user=0, "
		"exclude_kernel=0, exclude_hv=0, exclude_idle=0, mmap=0, comm=0, freq=1, "
		"inherit_stat=0, enable_on_exec=0, task=0, watermark=0, precise_ip=3 /* must have 0 "
		"skid */, mmap_data=0, sample_id_all=0, exclude_host=0, exclude_guest=0, "
		"exclude_callchain_kernel=0, exclude_callchain_user=0, mmap2=0, comm_exec=0, "
		"use_clockid=1, context_switch=0, write_backward=0, namespaces=0, ksymbol=0, "
		"bpf_event=0, aux_output=0, cgroup=0, text_poke=0, build_id=0, inherit_thread=0, "
		"remove_on_exec=0, sigtrap=0, wakeup_events=0, config1=0, config2=0, "
		"branch_sample_type=PERF_SAMPLE_BRANCH_USER, sample_regs_user=0, "
		"clockid=CLOCK_MONOTONIC, sample_regs_intr=0, aux_watermark=0, sample_max_stack=0 "
		"/* bytes 110..111: 0x12 */, aux_sample_size=0, sig_data=0, ...}, 0, -1, -1, 0) = -1 "
		"E2BIG (Argument list too long)");
	/* a breakpoint: its type, address and length in place of config1 and config2 */
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_BREAKPOINT;
	attr.size = PERF_ATTR_SIZE_VER1;
	attr.bp_type = HW_BREAKPOINT_R | HW_BREAKPOINT_X;
	attr.bp_addr = 0x1000;
	attr.bp_len = 4;
	attr.watermark = 1;
	attr.wakeup_watermark = 7;
	begin(NR_PERF_EVENT_OPEN, PTR, 0, -1, -1, 0, 0);
	in(0, &attr, sizeof(attr));
	line(-EINVAL);
	assert_non_null(strstr(ob.data, ", wakeup_watermark=7, bp_type=0x5 /* "
					"HW_BREAKPOINT_INVALID */, bp_addr=0x1000, bp_len=4}, "));
	dec.opts.verbose = false;
	/* a cache event's config by its three fields, the highest first */
	attr.type = PERF_TYPE_HW_CACHE;
	attr.config = 0x3000000 | (PERF_COUNT_HW_CACHE_RESULT_MISS << 16) | (9 << 8) |
		      PERF_COUNT_HW_CACHE_L1I;
	begin(NR_PERF_EVENT_OPEN, PTR, 0, -1, -1, 0, 0);
	in(0, &attr, sizeof(attr));
	line(-EINVAL);
	assert_non_null(strstr(ob.data,
			       "config=0x3<<24|PERF_COUNT_HW_CACHE_RESULT_MISS<<16|0x9 /* "
			       "PERF_COUNT_HW_CACHE_OP_??? */<<8|PERF_COUNT_HW_CACHE_L1I, "));
	dec.opts.xlat = WR_XLAT_RAW;
	line(-EINVAL);
	assert_non_null(strstr(ob.data, "config=0x3<<24|0x1<<16|0x9<<8|0x1, "));
	dec.opts.xlat = WR_XLAT_ABBREV;
	/* a size below the first version's: the address, as the kernel refuses it */
	attr.size = 8;
	begin(NR_PERF_EVENT_OPEN, PTR, 0, -1, -1, 0, 0);
	in(0, &attr, sizeof(attr));
	assert_string_equal(line(-E2BIG), "perf_event_open(0x7ffc12345678, 0, -1, -1, 0) = -1 "
					  "E2BIG (Argument list too long)");
}

/*
 * An argument that runs into an unmapped page: the collector keeps its bytes before the page
 * (BT_CAP_FAULT | BT_CAP_PARTIAL). strace reads only what it shows, so a decoder that needs
 * no more than those shows them; any other shows the address, as for any fault.
 */
static void test_read_up_to_an_unmapped_page(void **state)
{
	unsigned char buf[64] = "The quick brown ";
	struct perf_event_attr attr;
	const __u8 cut = BT_CAP_FAULT | BT_CAP_PARTIAL;
	int n = 13, string_limit = dec.opts.string_limit;

	/* an int option: 4 of 16 bytes are enough */
	begin(NR_SETSOCKOPT, 3, SOL_SOCKET, SO_REUSEADDR, PTR, 16, 0);
	capture(&enter_rec, 3, buf, 8, cut, 16);
	assert_string_equal(line(0),
			    "setsockopt(3, SOL_SOCKET, SO_REUSEADDR, [543516756], 16) = 0");
	begin(NR_SETSOCKOPT, 3, SOL_SOCKET, SO_REUSEADDR, PTR, 16, 0);
	capture(&enter_rec, 3, buf, 2, cut, 16);
	assert_string_equal(line(0),
			    "setsockopt(3, SOL_SOCKET, SO_REUSEADDR, 0x7ffc12345678, 16) = 0");
	/* bytes: strace reads len of them, or one past -s */
	begin(NR_SETSOCKOPT, 3, SOL_IP, IP_TTL, PTR, 16, 0);
	capture(&enter_rec, 3, buf, 12, cut, 16);
	assert_string_equal(line(-22), "setsockopt(3, SOL_IP, IP_TTL, 0x7ffc12345678, 16) = "
				       "-1 EINVAL (Invalid argument)");
	dec.opts.string_limit = 8;
	line(-22);
	assert_non_null(strstr(ob.data, "IP_TTL, \"The quic\"..., 16)"));
	begin(NR_SETSOCKOPT, 3, SOL_IP, IP_TTL, PTR, 16, 0);
	capture(&enter_rec, 3, buf, 8, cut, 16);
	line(-22);
	assert_non_null(strstr(ob.data, "IP_TTL, 0x7ffc12345678, 16)"));
	dec.opts.string_limit = string_limit;
	/* perf_event_attr: as long as its size says (0: the first version's 64 bytes) */
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_TASK_CLOCK;
	begin(NR_PERF_EVENT_OPEN, PTR, 0, -1, -1, 0, 0);
	capture(&enter_rec, 0, &attr, 68, cut, sizeof(attr));
	assert_string_equal(
		line(-EACCES),
		"perf_event_open({type=PERF_TYPE_SOFTWARE, size=0 /* PERF_ATTR_SIZE_??? "
		"*/, config=PERF_COUNT_SW_TASK_CLOCK, sample_period=0, sample_type=0, "
		"read_format=0, precise_ip=0 /* arbitrary skid */, ...}, 0, -1, -1, 0) = "
		"-1 EACCES (Permission denied)");
	attr.size = PERF_ATTR_SIZE_VER1;
	begin(NR_PERF_EVENT_OPEN, PTR, 0, -1, -1, 0, 0);
	capture(&enter_rec, 0, &attr, 68, cut, sizeof(attr));
	assert_string_equal(line(-EACCES), "perf_event_open(0x7ffc12345678, 0, -1, -1, 0) = "
					   "-1 EACCES (Permission denied)");
	/* FIONREAD's int, written at exit */
	memset(buf, 0, sizeof(buf));
	memcpy(buf, &n, sizeof(n));
	begin(NR_IOCTL, 4, FIONREAD, PTR, 0, 0, 0);
	capture(&exit_rec, 2, buf, 4, cut, 44);
	assert_string_equal(line(0), "ioctl(4, FIONREAD, [13]) = 0");
	begin(NR_IOCTL, 4, FIONREAD, PTR, 0, 0, 0);
	capture(&exit_rec, 2, buf, 3, cut, 44);
	assert_string_equal(line(0), "ioctl(4, FIONREAD, 0x7ffc12345678) = 0");
	/* a struct the generic walk shows: the address, as strace reads it whole */
	begin(NR_IOCTL, 4, TIOCSWINSZ, PTR, 0, 0, 0);
	capture(&enter_rec, 2, buf, 4, cut, 44);
	assert_string_equal(line(0), "ioctl(4, TIOCSWINSZ, 0x7ffc12345678) = 0");
}

static void test_prctl_by_option(void **state)
{
	char name[16] = "worker";

	begin(NR_PRCTL, PR_SET_NAME, PTR, 0, 0, 0, 0);
	in(1, name, sizeof(name));
	out(1, name, sizeof(name));
	assert_string_equal(line(0), "prctl(PR_SET_NAME, \"worker\") = 0");
	begin(NR_PRCTL, PR_GET_NAME, PTR, 0, 0, 0, 0);
	memset(name, 0xcc, sizeof(name));
	in(1, name, sizeof(name));
	memcpy(name, "many_calls", 11);
	out(1, name, sizeof(name));
	assert_string_equal(line(0), "prctl(PR_GET_NAME, \"many_calls\") = 0");
	/* the kernel takes fifteen bytes of a name and ends it: a longer one goes on */
	begin(NR_PRCTL, PR_SET_NAME, PTR, 0, 0, 0, 0);
	in(1, "0123456789abcdef", 16);
	assert_string_equal(line(0), "prctl(PR_SET_NAME, \"0123456789abcde\"...) = 0");
	begin(NR_PRCTL, PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0, 0);
	assert_string_equal(line(0), "prctl(PR_SET_PDEATHSIG, SIGKILL) = 0");
	begin(NR_PRCTL, PR_SET_PDEATHSIG, 200, 0, 0, 0, 0);
	assert_string_equal(line(-EINVAL),
			    "prctl(PR_SET_PDEATHSIG, 200) = -1 EINVAL (Invalid argument)");
	begin(NR_PRCTL, PR_GET_PDEATHSIG, PTR, 0, 0, 0, 0);
	out(1, &(int){SIGTERM}, sizeof(int));
	assert_string_equal(line(0), "prctl(PR_GET_PDEATHSIG, [SIGTERM]) = 0");
	begin(NR_PRCTL, PR_GET_DUMPABLE, 0, 0, 0, 0, 0);
	assert_string_equal(line(1), "prctl(PR_GET_DUMPABLE) = 1 (SUID_DUMP_USER)");
	begin(NR_PRCTL, PR_SET_DUMPABLE, 7, 0, 0, 0, 0);
	assert_string_equal(line(-EINVAL), "prctl(PR_SET_DUMPABLE, 0x7 /* SUID_DUMP_??? */) = -1 "
					   "EINVAL (Invalid argument)");
	/* options that take a number, then arguments they ignore in hex */
	begin(NR_PRCTL, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0, 0);
	assert_string_equal(line(0), "prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) = 0");
	begin(NR_PRCTL, PR_GET_SECUREBITS, PTR, 0, 0, 0, 0);
	assert_string_equal(line(0x11),
			    "prctl(PR_GET_SECUREBITS) = 0x11 (SECBIT_NOROOT|SECBIT_KEEP_CAPS)");
	begin(NR_PRCTL, PR_CAPBSET_READ, 21, 0, 0, 0, 0);
	assert_string_equal(line(1), "prctl(PR_CAPBSET_READ, CAP_SYS_ADMIN) = 1");
	begin(NR_PRCTL, PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, 13, 0, 0, 0);
	assert_string_equal(line(0),
			    "prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_RAW, 0, 0) = 0");
	begin(NR_PRCTL, PR_SET_MM, PR_SET_MM_START_CODE, 0x1000, 0, 0, 0);
	assert_string_equal(line(-EPERM),
			    "prctl(PR_SET_MM, PR_SET_MM_START_CODE, 0x1000, 0, 0) = -1 "
			    "EPERM (Operation not permitted)");
	begin(NR_PRCTL, PR_SET_SECCOMP, 7, 0, 0, 0, 0);
	assert_string_equal(line(-EINVAL),
			    "prctl(PR_SET_SECCOMP, 0x7 /* SECCOMP_MODE_??? */, 0, 0, 0) "
			    "= -1 EINVAL (Invalid argument)");
	begin(NR_PRCTL, PR_GET_TID_ADDRESS, PTR, 0, 0, 0, 0);
	out(1, &(__u64){0x4000}, 8);
	assert_string_equal(line(0), "prctl(PR_GET_TID_ADDRESS, [0x4000]) = 0");
	begin(NR_PRCTL, PR_GET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS, 0, 0, 0, 0);
	assert_string_equal(
		line(2),
		"prctl(PR_GET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS) = 0x2 (PR_SPEC_ENABLE)");
	begin(NR_PRCTL, PR_MCE_KILL_GET, 0, 0, 0, 0, 0);
	assert_string_equal(line(2),
			    "prctl(PR_MCE_KILL_GET, 0, 0, 0, 0) = 2 (PR_MCE_KILL_DEFAULT)");
	begin(NR_PRCTL, PR_SET_VMA, PR_SET_VMA_ANON_NAME, 0x10000, 4096, PTR, 0);
	in(4, "heap", 5);
	assert_string_equal(line(0),
			    "prctl(PR_SET_VMA, PR_SET_VMA_ANON_NAME, 0x10000, 4096, \"heap\") = 0");
	/* an option strace has no form for: every argument in hex */
	begin(NR_PRCTL, 0x7ead, PTR, 0, 0, 0, 0);
	assert_string_equal(line(-EINVAL),
			    "prctl(0x7ead /* PR_??? */, 0x7ffc12345678, 0, 0, 0) = -1 "
			    "EINVAL (Invalid argument)");
	/* -X raw: numbers in hex, no flags note; a name note stays */
	dec.opts.xlat = WR_XLAT_RAW;
	begin(NR_PRCTL, PR_SET_DUMPABLE, 1, 0, 0, 0, 0);
	assert_string_equal(line(0), "prctl(0x4, 0x1) = 0");
	begin(NR_PRCTL, PR_GET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS, 0, 0, 0, 0);
	assert_string_equal(line(2), "prctl(0x34, 0) = 0x2");
	begin(NR_PRCTL, PR_MCE_KILL_GET, 0, 0, 0, 0, 0);
	assert_string_equal(line(2), "prctl(0x22, 0, 0, 0, 0) = 2 (PR_MCE_KILL_DEFAULT)");
	dec.opts.xlat = WR_XLAT_VERBOSE;
	begin(NR_PRCTL, PR_SET_DUMPABLE, 1, 0, 0, 0, 0);
	assert_string_equal(line(0),
			    "prctl(0x4 /* PR_SET_DUMPABLE */, 0x1 /* SUID_DUMP_USER */) = 0");
	dec.opts.xlat = WR_XLAT_ABBREV;
}

static void test_futex_by_operation(void **state)
{
	const __u64 P2 = 0x7ffc12345680;
	struct {
		__s64 tv_sec, tv_nsec;
	} ts = {0, 1000};

	begin(NR_FUTEX, PTR, FUTEX_WAKE_PRIVATE, 1, PTR, P2, 9);
	assert_string_equal(line(0), "futex(0x7ffc12345678, FUTEX_WAKE_PRIVATE, 1) = 0");
	/* a timeout: the struct the collector read */
	begin(NR_FUTEX, PTR, FUTEX_WAIT_PRIVATE, 0, PTR, 0, 0);
	in(3, &ts, sizeof(ts));
	assert_string_equal(line(-ETIMEDOUT), "futex(0x7ffc12345678, FUTEX_WAIT_PRIVATE, 0, "
					      "{tv_sec=0, tv_nsec=1000}) = -1 ETIMEDOUT "
					      "(Connection timed out)");
	begin(NR_FUTEX, PTR, FUTEX_WAIT, 2, 0, 0, 0);
	assert_string_equal(unfinished(),
			    "futex(0x7ffc12345678, FUTEX_WAIT, 2, NULL <unfinished ...>");
	/* no uaddr2, a bitset */
	begin(NR_FUTEX, PTR, FUTEX_WAIT_BITSET_PRIVATE | FUTEX_CLOCK_REALTIME, 0, 0, 0,
	      FUTEX_BITSET_MATCH_ANY);
	assert_string_equal(line(0), "futex(0x7ffc12345678, "
				     "FUTEX_WAIT_BITSET_PRIVATE|FUTEX_CLOCK_REALTIME, 0, NULL, "
				     "FUTEX_BITSET_MATCH_ANY) = 0");
	begin(NR_FUTEX, PTR, FUTEX_WAKE_BITSET, 1, 0, 0, 0xff);
	assert_string_equal(line(0), "futex(0x7ffc12345678, FUTEX_WAKE_BITSET, 1, 0xff) = 0");
	/* utime is a number, val2, for the requeues */
	begin(NR_FUTEX, PTR, FUTEX_CMP_REQUEUE_PRIVATE, 1, 0x7fffffff, P2, 0);
	assert_string_equal(line(0), "futex(0x7ffc12345678, FUTEX_CMP_REQUEUE_PRIVATE, 1, "
				     "2147483647, 0x7ffc12345680, 0) = 0");
	begin(NR_FUTEX, PTR, FUTEX_REQUEUE, 1, 2, P2, 7);
	assert_string_equal(line(0),
			    "futex(0x7ffc12345678, FUTEX_REQUEUE, 1, 2, 0x7ffc12345680) = 0");
	begin(NR_FUTEX, PTR, FUTEX_WAKE_OP_PRIVATE, 1, 1, P2,
	      FUTEX_OP(FUTEX_OP_ADD, 1, FUTEX_OP_CMP_GT, 0));
	assert_string_equal(line(1), "futex(0x7ffc12345678, FUTEX_WAKE_OP_PRIVATE, 1, 1, "
				     "0x7ffc12345680, "
				     "FUTEX_OP_ADD<<28|0x1<<12|FUTEX_OP_CMP_GT<<24|0) = 1");
	begin(NR_FUTEX, PTR, FUTEX_WAKE_OP, 1, 1, P2,
	      /* FUTEX_OP() shifts an int: op 15 << 28 would overflow it */
	      (15u << 28) | (9u << 24) | (0xfffu << 12) | 3u);
	assert_string_equal(line(0), "futex(0x7ffc12345678, FUTEX_WAKE_OP, 1, 1, 0x7ffc12345680, "
				     "FUTEX_OP_OPARG_SHIFT<<28|0x7<<28 /* FUTEX_OP_??? */|"
				     "0xfff<<12|0x9<<24 /* FUTEX_OP_CMP_??? */|0x3) = 0");
	/* the PI lock takes no val */
	begin(NR_FUTEX, PTR, FUTEX_LOCK_PI_PRIVATE, 5, 0, 0, 0);
	assert_string_equal(line(0), "futex(0x7ffc12345678, FUTEX_LOCK_PI_PRIVATE, NULL) = 0");
	begin(NR_FUTEX, PTR, FUTEX_UNLOCK_PI, 5, 0, 0, 0);
	assert_string_equal(line(0), "futex(0x7ffc12345678, FUTEX_UNLOCK_PI) = 0");
	/* an operation the kernel does not know: all six, as strace 6.1 shows them */
	begin(NR_FUTEX, PTR, 99, 1, 2, P2, 3);
	assert_string_equal(line(-ENOSYS), "futex(0x7ffc12345678, 0x63 /* FUTEX_??? */, 1, 0x2, "
					   "0x7ffc12345680, 0x3) = -1 ENOSYS (Function not "
					   "implemented)");
	/* an int's bits, as strace shows them: no sign extension to 64 */
	begin(NR_FUTEX, PTR, (__u64)-8, 1, 2, P2, 3);
	assert_string_equal(line(-ENOSYS), "futex(0x7ffc12345678, 0xfffffff8 /* FUTEX_??? */, 1, "
					   "0x2, 0x7ffc12345680, 0x3) = -1 ENOSYS (Function not "
					   "implemented)");
	begin(NR_FUTEX, PTR, 99 | FUTEX_CLOCK_REALTIME, 1, 2, P2, 3);
	assert_string_equal(line(-ENOSYS), "futex(0x7ffc12345678, 0x163 /* FUTEX_??? */, 1, 0x2, "
					   "0x7ffc12345680, 0x3) = -1 ENOSYS (Function not "
					   "implemented)");
	/* strace takes the operation from op's low 7 bits: high bits leave FUTEX_WAIT */
	begin(NR_FUTEX, PTR, 0x40000000, 1, PTR, P2, 3);
	in(3, &ts, sizeof(ts));
	assert_string_equal(line(-ENOSYS), "futex(0x7ffc12345678, 0x40000000 /* FUTEX_??? */, 1, "
					   "{tv_sec=0, tv_nsec=1000}) = -1 ENOSYS (Function not "
					   "implemented)");
	/* an unknown operation's utime is an address, whatever was read there */
	begin(NR_FUTEX, PTR, 0x7ead, 1, PTR, P2, 0);
	in(3, &ts, sizeof(ts));
	assert_string_equal(line(-ENOSYS),
			    "futex(0x7ffc12345678, 0x7ead /* FUTEX_??? */, 1, "
			    "0x7ffc12345678, 0x7ffc12345680, 0) = -1 ENOSYS (Function "
			    "not implemented)");
	/* -X raw: numbers, the same arguments */
	dec.opts.xlat = WR_XLAT_RAW;
	begin(NR_FUTEX, PTR, FUTEX_WAKE_BITSET_PRIVATE, 1, 0, 0, FUTEX_BITSET_MATCH_ANY);
	assert_string_equal(line(0), "futex(0x7ffc12345678, 0x8a, 1, 0xffffffff) = 0");
	dec.opts.xlat = WR_XLAT_VERBOSE;
	assert_string_equal(line(0),
			    "futex(0x7ffc12345678, 0x8a /* FUTEX_WAKE_BITSET_PRIVATE */, 1, "
			    "0xffffffff /* FUTEX_BITSET_MATCH_ANY */) = 0");
	dec.opts.xlat = WR_XLAT_ABBREV;
}

/* The time family's structs: futex waiters, a notification, the robust list, struct timex. */
static void test_time_family_structs(void **state)
{
	struct {
		__u64 val, uaddr;
		__u32 flags, reserved;
	} waiters[2] = {{5, 0, FUTEX_32 | FUTEX_PRIVATE_FLAG, 0}, {0, PTR, 0xc8a37e59, 0}};
	struct {
		__s64 tv_sec, tv_nsec;
	} ts = {0, 0};
	struct {
		__u64 sival;
		__s32 signo, notify;
		__u64 fn, attr;
	} sev = {0, SIGUSR1, 0 /* SIGEV_SIGNAL */, 0, 0};
	__u64 head = 0x7f0011223344;
	__u64 len = 24;
	unsigned char timex[208];
	__u32 modes = 0xa001, status = 0x40;

	begin(NR_FUTEX_WAITV, PTR, 2, 0, PTR, CLOCK_MONOTONIC, 0);
	in(0, waiters, sizeof(waiters));
	in(3, &ts, sizeof(ts));
	assert_string_equal(
		line(-EINVAL),
		"futex_waitv([{val=0x5, uaddr=NULL, flags=FUTEX_32|FUTEX_PRIVATE_FLAG}, "
		"{val=0, uaddr=0x7ffc12345678, flags=0xc8a37e59 /* FUTEX_??? */}], 2, 0, "
		"{tv_sec=0, tv_nsec=0}, CLOCK_MONOTONIC) = -1 EINVAL (Invalid argument)");
	/* a reserved word shows when it is not zero, in hex */
	waiters[1].reserved = 0x5c3712ed;
	begin(NR_FUTEX_WAITV, PTR, 2, 0, 0, CLOCK_MONOTONIC, 0);
	in(0, waiters, sizeof(waiters));
	assert_non_null(strstr(line(-EINVAL), "flags=0xc8a37e59 /* FUTEX_??? */, "
					      "__reserved=0x5c3712ed}], 2, "));
	/* a notification: the members strace shows, by its kind */
	begin(NR_TIMER_CREATE, CLOCK_MONOTONIC, PTR, PTR + 64, 0, 0, 0);
	in(1, &sev, 32);
	assert_string_equal(line(-EINVAL),
			    "timer_create(CLOCK_MONOTONIC, {sigev_signo=SIGUSR1, "
			    "sigev_notify=SIGEV_SIGNAL}, 0x7ffc123456b8) = -1 EINVAL "
			    "(Invalid argument)");
	/* the robust list's head: the address written there */
	begin(NR_GET_ROBUST_LIST, 0, PTR, PTR + 8, 0, 0, 0);
	out(1, &head, sizeof(head));
	out(2, &len, sizeof(len));
	assert_string_equal(line(0), "get_robust_list(0, [0x7f0011223344], [24]) = 0");
	/* struct timex as the kernel left it, modes and status by name, the state returned */
	memset(timex, 0, sizeof(timex));
	memcpy(timex, &modes, sizeof(modes));
	/* struct __kernel_timex: status after modes, its padding and four longs */
	memcpy(timex + 40, &status, sizeof(status));
	begin(NR_ADJTIMEX, PTR, 0, 0, 0, 0, 0);
	out(0, timex, sizeof(timex));
	line(5);
	assert_non_null(strstr(ob.data, "adjtimex({modes=ADJ_OFFSET_SS_READ, offset=0, "));
	assert_non_null(strstr(ob.data, ", status=STA_UNSYNC, "));
	assert_non_null(strstr(ob.data, "}) = 5 (TIME_ERROR)"));
	/* a failed call: the address, as strace reads the struct only when the call worked */
	begin(NR_CLOCK_ADJTIME, CLOCK_MONOTONIC, PTR, 0, 0, 0, 0);
	assert_string_equal(line(-EOPNOTSUPP),
			    "clock_adjtime(CLOCK_MONOTONIC, 0x7ffc12345678) = -1 "
			    "EOPNOTSUPP (Operation not supported)");
	/* timerfd_create: every TFD_* flag by name */
	begin(NR_TIMERFD_CREATE, CLOCK_REALTIME, 0xffffffff, 0, 0, 0, 0);
	assert_string_equal(line(-EINVAL), "timerfd_create(CLOCK_REALTIME, TFD_TIMER_ABSTIME|"
					   "TFD_TIMER_CANCEL_ON_SET|TFD_CLOEXEC|TFD_NONBLOCK|"
					   "0xfff7f7fc) = -1 EINVAL (Invalid argument)");
}

static void test_fcntl_by_command(void **state)
{
	begin(NR_FCNTL, 3, F_GETFL, 0x7f00aa, 0, 0, 0);
	assert_string_equal(line(0x8002), "fcntl(3, F_GETFL) = 0x8002 (flags O_RDWR|O_LARGEFILE)");
	begin(NR_FCNTL, 3, F_GETFD, 0, 0, 0, 0);
	assert_string_equal(line(1), "fcntl(3, F_GETFD) = 0x1 (flags FD_CLOEXEC)");
	assert_string_equal(line(0), "fcntl(3, F_GETFD) = 0");
	begin(NR_FCNTL, 3, F_SETFD, FD_CLOEXEC, 0, 0, 0);
	assert_string_equal(line(0), "fcntl(3, F_SETFD, FD_CLOEXEC) = 0");
	begin(NR_FCNTL, 3, F_SETFL, O_NONBLOCK, 0, 0, 0);
	assert_string_equal(line(0), "fcntl(3, F_SETFL, O_RDONLY|O_NONBLOCK) = 0");
	begin(NR_FCNTL, 3, F_DUPFD_CLOEXEC, 10, 0, 0, 0);
	assert_string_equal(line(10), "fcntl(3, F_DUPFD_CLOEXEC, 10) = 10");
	/* strace shows F_DUPFD's argument as the long register, F_SETOWN's as an int */
	begin(NR_FCNTL, 3, F_DUPFD, 0xca291f49abc29265ULL, 0, 0, 0);
	assert_string_equal(line(-22), "fcntl(3, F_DUPFD, -3879535202728242587) = -1 EINVAL "
				       "(Invalid argument)");
	begin(NR_FCNTL, 3, F_SETOWN, 0xca291f49abc29265ULL, 0, 0, 0);
	assert_string_equal(line(-3), "fcntl(3, F_SETOWN, -1413311899) = -1 ESRCH (No such "
				      "process)");
	begin(NR_FCNTL, 0, F_DUPFD_CLOEXEC, 0x7fff00000001, 0, 0, 0);
	assert_string_equal(line(3), "fcntl(0, F_DUPFD_CLOEXEC, 140733193388033) = 3");
	begin(NR_FCNTL, 3, F_SETLK, PTR, 0, 0, 0);
	assert_string_equal(line(0), "fcntl(3, F_SETLK, 0x7ffc12345678) = 0");
	/*
	 * -X raw, -X verbose: strace 6.1 names F_GETFL's flags and F_GETLEASE's type whatever
	 * the style, and writes F_GETFD's and F_GET_SEALS' flags in it
	 */
	enum wr_xlat_style saved = dec.opts.xlat;

	dec.opts.xlat = WR_XLAT_RAW;
	begin(NR_FCNTL, 3, F_GETFL, 0, 0, 0, 0);
	assert_string_equal(line(0x8002), "fcntl(3, 0x3) = 0x8002 (flags O_RDWR|O_LARGEFILE)");
	begin(NR_FCNTL, 3, F_GETLEASE, 0, 0, 0, 0);
	assert_string_equal(line(2), "fcntl(3, 0x401) = 0x2 (F_UNLCK)");
	begin(NR_FCNTL, 3, F_GETFD, 0, 0, 0, 0);
	assert_string_equal(line(1), "fcntl(3, 0x1) = 0x1 (flags 0x1)");
	dec.opts.xlat = WR_XLAT_VERBOSE;
	begin(NR_FCNTL, 3, F_GETFL, 0, 0, 0, 0);
	assert_string_equal(line(0x8002), "fcntl(3, 0x3 /* F_GETFL */) = 0x8002 (flags "
					  "O_RDWR|O_LARGEFILE)");
	begin(NR_FCNTL, 3, F_GET_SEALS, 0, 0, 0, 0);
	assert_string_equal(line(1), "fcntl(3, 0x40a /* F_GET_SEALS */) = 0x1 (seals 0x1 /* "
				     "F_SEAL_SEAL */)");
	dec.opts.xlat = saved;
	/* and the style is back for what follows */
	begin(NR_FCNTL, 3, F_GETFL, 0, 0, 0, 0);
	line(0x8002);
	dec.opts.xlat = WR_XLAT_RAW;
	begin(NR_FCNTL, 3, F_SETFL, O_NONBLOCK, 0, 0, 0);
	assert_string_equal(line(0), "fcntl(3, 0x4, 0x800) = 0");
	dec.opts.xlat = saved;
}

static void test_select_sets_and_what_is_left(void **state)
{
	unsigned char rd[128] = {0x10}, wr[128] = {0x20}, rd_out[128] = {0x10};
	long tv[2] = {1, 500};

	rd[1] = 0x01; /* fd 8: beyond n, not shown */
	begin(NR_SELECT, 6, PTR, PTR + 128, 0, PTR + 256, 0);
	in(1, rd, sizeof(rd));
	in(2, wr, sizeof(wr));
	in(4, tv, sizeof(tv));
	out(1, rd_out, sizeof(rd_out));
	out(2, wr, sizeof(wr));
	tv[0] = 0;
	out(4, tv, sizeof(tv));
	assert_string_equal(line(2), "select(6, [4], [5], NULL, {tv_sec=1, tv_usec=500}) = "
				     "2 (in [4], out [5], left {tv_sec=0, tv_usec=500})");
	memset(rd_out, 0, sizeof(rd_out));
	memset(wr, 0, sizeof(wr));
	begin(NR_SELECT, 6, PTR, 0, 0, 0, 0);
	in(1, rd, sizeof(rd));
	out(1, rd_out, sizeof(rd_out));
	assert_string_equal(line(0), "select(6, [4], NULL, NULL, NULL) = 0 (Timeout)");
	/* a set that could not be read: its address, and in JSON null and a fault, as any */
	begin(NR_SELECT, 6, PTR, 0, 0, 0, 0);
	capture(&enter_rec, 1, NULL, 0, BT_CAP_FAULT, 128);
	assert_string_equal(line(-EFAULT), "select(6, 0x7ffc12345678, NULL, NULL, NULL) = "
					   "-1 EFAULT (Bad address)");
	assert_non_null(strstr(json(-EFAULT), "{\"name\":\"inp\",\"type\":\"fd_set *\","
					      "\"raw\":140720613906040,\"hex\":\"0x7ffc12345678\","
					      "\"value\":null,\"fault\":true}"));
}

/* select's sets by strace 6.1's rules: n bits long, read whole or not at all. */
static void test_select_sets_by_n(void **state)
{
	unsigned char rd[8] = {0x60}, wr[8] = {0}, ex[8] = {0x20};
	long ts[2] = {0, 0};
	__u64 pair[2] = {PTR + 512, 8}, mask = 1UL << (SIGUSR2 - 1);

	/* no fds: the sets are not read, their addresses show */
	begin(NR_SELECT, 0, PTR, 0, PTR + 128, 0, 0);
	assert_string_equal(line(0), "select(0, 0x7ffc12345678, NULL, 0x7ffc123456f8, NULL) = "
				     "0 (Timeout)");
	begin(NR_SELECT, (__u64)-1, PTR, 0, 0, 0, 0);
	assert_string_equal(line(-EINVAL), "select(-1, 0x7ffc12345678, NULL, NULL, NULL) = "
					   "-1 EINVAL (Invalid argument)");
	/* a set that came back empty, after one that did not, has a bracket of its own */
	begin(NR_SELECT, 7, PTR, PTR + 128, PTR + 256, 0, 0);
	in(1, rd, sizeof(rd));
	in(2, rd, sizeof(rd));
	in(3, ex, sizeof(ex));
	rd[0] = 0x40;
	out(1, rd, sizeof(rd));
	out(2, wr, sizeof(wr));
	out(3, ex, sizeof(ex));
	assert_string_equal(line(2),
			    "select(7, [5 6], [5 6], [5], NULL) = 2 (in [6]], except [5])");
	/* pselect6's sigmask: a {pointer, size} pair, the set shown when its size is 8 */
	begin(NR_PSELECT6, 7, PTR, 0, 0, PTR + 64, PTR + 128);
	in(1, rd, sizeof(rd));
	in(4, ts, sizeof(ts));
	in(5, pair, sizeof(pair));
	capture(&enter_rec, 5 + BT_CAP_INNER_DATA, &mask, sizeof(mask), 0, sizeof(mask));
	out(1, rd, sizeof(rd));
	out(4, ts, sizeof(ts));
	assert_string_equal(line(1), "pselect6(7, [6], NULL, NULL, {tv_sec=0, tv_nsec=0}, "
				     "{sigmask=[USR2], sigsetsize=8}) = 1 (in [6], left {tv_sec=0, "
				     "tv_nsec=0})");
	pair[1] = 16;
	begin(NR_PSELECT6, 0, 0, 0, 0, 0, PTR + 128);
	in(5, pair, sizeof(pair));
	assert_string_equal(line(-EINVAL), "pselect6(0, NULL, NULL, NULL, NULL, {sigmask="
					   "0x7ffc12345878, sigsetsize=16}) = -1 EINVAL (Invalid "
					   "argument)");
}

/* The vectored calls' offset is one loff_t, signed; sendfile's comes back as a second value. */
static void test_offsets_and_aio_contexts(void **state)
{
	__u64 off = 0, moved = 64, ctx = 0x7f4f12345000;

	begin(NR_PREADV2, 3, 0, 0, (__u64)-1, 0, RWF_HIPRI | RWF_NOWAIT | 0x40000000);
	assert_string_equal(line(-EINVAL), "preadv2(3, NULL, 0, -1, RWF_HIPRI|RWF_NOWAIT|"
					   "0x40000000) = -1 EINVAL (Invalid argument)");
	assert_null(strstr(json(-EINVAL), "pos_h"));
	begin(NR_SENDFILE, 1, 3, PTR, 64, 0, 0);
	in(2, &off, sizeof(off));
	out(2, &moved, sizeof(moved));
	assert_string_equal(line(64), "sendfile(1, 3, [0] => [64], 64) = 64");
	out(2, &off, sizeof(off));
	assert_string_equal(line(0), "sendfile(1, 3, [0], 64) = 0");
	begin(NR_IO_SETUP, 4, PTR, 0, 0, 0, 0);
	out(1, &ctx, sizeof(ctx));
	assert_string_equal(line(0), "io_setup(4, [0x7f4f12345000]) = 0");
	begin(NR_IO_DESTROY, 0, 0, 0, 0, 0, 0);
	assert_string_equal(line(-EINVAL), "io_destroy(NULL) = -1 EINVAL (Invalid argument)");
}

static void test_poll_fds_and_what_came_back(void **state)
{
	struct pollfd asked[3] = {{3, POLLIN, 0}, {4, POLLIN | POLLOUT, 0}, {-1, POLLIN, 0}};
	struct pollfd got[3] = {
		{3, POLLIN, POLLIN}, {4, POLLIN | POLLOUT, POLLOUT}, {-1, POLLIN, 0}};
	long ts[2] = {0, 5000000};

	/* strace 6.1's lines: a negative fd without its events, revents after the value */
	begin(NR_POLL, PTR, 3, 10, 0, 0, 0);
	in(0, asked, sizeof(asked));
	/* blocked, it shows what it waits for: what comes back goes after " = " */
	assert_string_equal(pending(),
			    "poll([{fd=3, events=POLLIN}, {fd=4, events=POLLIN|POLLOUT}, "
			    "{fd=-1}], 3, 10");
	out(0, got, sizeof(got));
	assert_pending_starts_line(2);
	assert_string_equal(line(2), "poll([{fd=3, events=POLLIN}, {fd=4, events=POLLIN|POLLOUT}, "
				     "{fd=-1}], 3, 10) = 2 ([{fd=3, revents=POLLIN}, {fd=4, "
				     "revents=POLLOUT}])");
	begin(NR_POLL, PTR, 1, 0, 0, 0, 0);
	in(0, asked, sizeof(asked[0]));
	out(0, asked, sizeof(asked[0]));
	assert_string_equal(line(0), "poll([{fd=3, events=POLLIN}], 1, 0) = 0 (Timeout)");
	begin(NR_PPOLL, PTR, 1, PTR + 64, 0, 8, 0);
	in(0, asked, sizeof(asked[0]));
	in(2, ts, sizeof(ts));
	out(0, got, sizeof(got[0]));
	ts[1] = 4999544;
	out(2, ts, sizeof(ts));
	assert_string_equal(line(1), "ppoll([{fd=3, events=POLLIN}], 1, {tv_sec=0, "
				     "tv_nsec=5000000}, NULL, 8) = 1 ([{fd=3, revents=POLLIN}], "
				     "left {tv_sec=0, tv_nsec=4999544})");
}

static void test_return_values(void **state)
{
	begin(NR_UMASK, 027, 0, 0, 0, 0, 0);
	assert_string_equal(line(022), "umask(027) = 022");
	begin(NR_OPENAT, (__u64)-100, PTR, O_RDONLY | O_DIRECTORY, 0777, 0, 0);
	in(1, ".", 2);
	/* O_DIRECTORY alone is no O_TMPFILE: the mode is not used, so not shown */
	assert_string_equal(line(3), "openat(AT_FDCWD, \".\", O_RDONLY|O_DIRECTORY) = 3");
	begin(NR_OPENAT, (__u64)-100, PTR, O_RDWR | O_TMPFILE, 0600, 0, 0);
	in(1, ".", 2);
	assert_string_equal(line(3), "openat(AT_FDCWD, \".\", O_RDWR|O_TMPFILE, 0600) = 3");
}

static void test_wait_status(void **state)
{
	int exited = 3 << 8, killed = SIGKILL, dumped = SIGSEGV | 0x80,
	    stopped = SIGSTOP << 8 | 0x7f;

	begin(NR_WAIT4, 100, PTR, 0, 0, 0, 0);
	out(1, &exited, sizeof(exited));
	assert_string_equal(line(100),
			    "wait4(100, [{WIFEXITED(s) && WEXITSTATUS(s) == 3}], 0, NULL) = 100");
	begin(NR_WAIT4, 100, PTR, 0, 0, 0, 0);
	out(1, &killed, sizeof(killed));
	assert_string_equal(
		line(100),
		"wait4(100, [{WIFSIGNALED(s) && WTERMSIG(s) == SIGKILL}], 0, NULL) = 100");
	begin(NR_WAIT4, 100, PTR, 0, 0, 0, 0);
	out(1, &dumped, sizeof(dumped));
	assert_string_equal(line(100), "wait4(100, [{WIFSIGNALED(s) && WTERMSIG(s) == SIGSEGV && "
				       "WCOREDUMP(s)}], 0, NULL) = 100");
	begin(NR_WAIT4, 100, PTR, WUNTRACED, 0, 0, 0);
	out(1, &stopped, sizeof(stopped));
	/* WUNTRACED is WSTOPPED's other name: strace prints WSTOPPED */
	assert_string_equal(line(100), "wait4(100, [{WIFSTOPPED(s) && WSTOPSIG(s) == SIGSTOP}], "
				       "WSTOPPED, NULL) = 100");
	/* WNOHANG and no child changed state: the kernel wrote nothing */
	begin(NR_WAIT4, -1, PTR, WNOHANG, 0, 0, 0);
	out(1, &exited, sizeof(exited));
	assert_string_equal(line(0), "wait4(-1, 0x7ffc12345678, WNOHANG, NULL) = 0");
	/* in JSON a status not written is null, as anything the kernel did not fill */
	assert_non_null(strstr(json(0), "\"hex\":\"0x7ffc12345678\",\"value\":null}"));
	begin(NR_WAIT4, -1, PTR, 0, 0, 0, 0);
	assert_non_null(strstr(json(-ECHILD), "\"hex\":\"0x7ffc12345678\",\"value\":null}"));
}

static void test_kernel_internal_errnos(void **state)
{
	__u64 none = 0;

	begin(NR_RT_SIGSUSPEND, PTR, 8, 0, 0, 0, 0);
	in(0, &none, sizeof(none));
	assert_string_equal(line(-514), "rt_sigsuspend([], 8) = ? ERESTARTNOHAND "
					"(To be restarted if no handler)");
}

static void test_signal_sets(void **state)
{
	__u64 set = 1ULL << (SIGUSR1 - 1) | 1ULL << (SIGTERM - 1), all = ~0ULL, none = 0;
	struct k_sigaction sa = {.handler = 1, .flags = 0x14000000, .restorer = 0x401000};

	all &= ~(1ULL << (SIGKILL - 1) | 1ULL << (SIGSTOP - 1));
	begin(NR_RT_SIGPROCMASK, SIG_BLOCK, PTR, PTR + 8, 8, 0, 0);
	in(1, &set, sizeof(set));
	out(2, &none, sizeof(none));
	assert_string_equal(line(0), "rt_sigprocmask(SIG_BLOCK, [USR1 TERM], [], 8) = 0");
	begin(NR_RT_SIGPROCMASK, SIG_SETMASK, PTR, 0, 8, 0, 0);
	in(1, &all, sizeof(all));
	assert_string_equal(line(0), "rt_sigprocmask(SIG_SETMASK, ~[KILL STOP], NULL, 8) = 0");
	sa.mask = 1ULL << (SIGUSR2 - 1) | 1ULL << 32; /* and signal 33 */
	begin(NR_RT_SIGACTION, SIGUSR1, PTR, 0, 8, 0, 0);
	in(1, &sa, sizeof(sa));
	/* strace's order: the mask before the flags; the restorer only with SA_RESTORER */
	assert_string_equal(line(0), "rt_sigaction(SIGUSR1, {sa_handler=SIG_IGN, "
				     "sa_mask=[USR2 RT_1], sa_flags=SA_RESTORER|SA_RESTART, "
				     "sa_restorer=0x401000}, NULL, 8) = 0");
	sa.flags = SA_RESTART;
	begin(NR_RT_SIGACTION, SIGUSR1, PTR, 0, 8, 0, 0);
	in(1, &sa, sizeof(sa));
	assert_string_equal(line(0), "rt_sigaction(SIGUSR1, {sa_handler=SIG_IGN, "
				     "sa_mask=[USR2 RT_1], sa_flags=SA_RESTART}, NULL, 8) = 0");
	/* strace's order of the flags: SA_RESTORER first, SA_NOCLDSTOP late */
	sa.flags = SA_NOCLDSTOP | SA_SIGINFO | SA_ONSTACK | 0x04000000 | 0x20000000;
	begin(NR_RT_SIGACTION, SIGUSR1, PTR, 0, 8, 0, 0);
	in(1, &sa, sizeof(sa));
	assert_non_null(strstr(line(0), "sa_flags=SA_RESTORER|SA_ONSTACK|SA_INTERRUPT|SA_SIGINFO|"
					"SA_NOCLDSTOP, "));
	/* -X raw and -X verbose show a set's signals by number */
	dec.opts.xlat = WR_XLAT_RAW;
	begin(NR_RT_SIGPROCMASK, SIG_BLOCK, PTR, 0, 8, 0, 0);
	in(1, &set, sizeof(set));
	assert_string_equal(line(0), "rt_sigprocmask(0, [10 15], NULL, 8) = 0");
	dec.opts.xlat = WR_XLAT_VERBOSE;
	assert_string_equal(line(0),
			    "rt_sigprocmask(0 /* SIG_BLOCK */, [10 /* USR1 */ 15 /* TERM */], "
			    "NULL, 8) = 0");
	dec.opts.xlat = WR_XLAT_ABBREV;
	/* JSON keeps the signals' names */
	assert_non_null(strstr(json(0), "\"SIGUSR1\""));
}

static void test_user_desc(void **state)
{
	struct user_desc u = {.entry_number = -1,
			      .base_addr = 0x1234,
			      .limit = 0xfffff,
			      .seg_32bit = 1,
			      .useable = 1};

	begin(NR_SET_THREAD_AREA, PTR, 0, 0, 0, 0, 0);
	in(0, &u, sizeof(u));
	u.entry_number = 12;
	out(0, &u, sizeof(u));
	/* base_addr and limit as strace pads them; the entry the kernel chose as a note */
	assert_string_equal(line(0), "set_thread_area({entry_number=-1, base_addr=0x001234, "
				     "limit=0x0fffff, seg_32bit=1, contents=0, read_exec_only=0, "
				     "limit_in_pages=0, seg_not_present=0, useable=1, lm=0}) = 0 "
				     "(entry_number=12)");
	memset(&u, 0, sizeof(u));
	begin(NR_SET_THREAD_AREA, PTR, 0, 0, 0, 0, 0);
	in(0, &u, sizeof(u));
	assert_non_null(strstr(line(-ENOSYS), "base_addr=00000000, limit=00000000, "));
	/* get_thread_area: entry_number goes in, the rest comes out */
	u.entry_number = 6;
	begin(NR_GET_THREAD_AREA, PTR, 0, 0, 0, 0, 0);
	in(0, &u, sizeof(u));
	assert_string_equal(line(-ENOSYS), "get_thread_area({entry_number=6, ...}) = -1 ENOSYS "
					   "(Function not implemented)");
	begin(NR_GET_THREAD_AREA, PTR, 0, 0, 0, 0, 0);
	in(0, &u, sizeof(u));
	u.base_addr = 0x7f0000001000 & 0xffffffff;
	out(0, &u, sizeof(u));
	assert_string_equal(line(0), "get_thread_area({entry_number=6, base_addr=0x001000, "
				     "limit=00000000, seg_32bit=0, contents=0, read_exec_only=0, "
				     "limit_in_pages=0, seg_not_present=0, useable=0, lm=0}) = 0");
}

/* modify_ldt's int return: an error in 32 bits shows as its number with the error's name */
static void test_modify_ldt_return(void **state)
{
	begin(NR_MODIFY_LDT, -1, PTR, 64, 0, 0, 0);
	assert_string_equal(line(0xffffffda), "modify_ldt(-1, 0x7ffc12345678, 64) = 4294967258 "
					      "ENOSYS (Function not implemented)");
	assert_non_null(strstr(json(0xffffffda), "\"ret\":4294967258,\"errno\":\"ENOSYS\""));
	/* a size read, and the full register's errors as any call's */
	begin(NR_MODIFY_LDT, 0, PTR, 64, 0, 0, 0);
	assert_string_equal(line(16), "modify_ldt(0, 0x7ffc12345678, 64) = 16");
	assert_string_equal(line(-EFAULT), "modify_ldt(0, 0x7ffc12345678, 64) = -1 EFAULT "
					   "(Bad address)");
}

/* -y: a file removed while open reads as strace has it, the mark after the brackets */
static void test_fd_path_deleted(void **state)
{
	struct writer *w = text_writer();

	w_arr_begin(w, WR_ARR_LIST);
	w_fd_path(w, 3, NULL, "/memfd:x (deleted)");
	/* only a path is a file that can be removed */
	w_fd_path(w, 4, NULL, "anon_inode:[eventfd] (deleted)");
	w_arr_end(w, false);
	assert_string_equal(ob.data, "[3</memfd:x>(deleted), 4<anon_inode:[eventfd] (deleted)>]");
}

/* The line of a call resumed, as the text shows it. */
static const char *resumed(__s64 ret)
{
	struct call call = {
		.state = CALL_RESUMED, .enter = &enter_rec.enter, .exit = &exit_rec.exit};
	struct writer *w = text_writer();
	struct call_view v;

	exit_rec.exit.ret = ret;
	decode_view(&dec, &call, &v);
	decode_write_call(&dec, w, &v);
	decode_write_return(&dec, w, &v);
	return ob.data;
}

/* clone3: the members its flags use, then what the kernel wrote where they said */
static void test_clone3_args(void **state)
{
	struct clone_args a = {.flags = CLONE_PIDFD | CLONE_PARENT_SETTID,
			       .pidfd = 0x7ffc00001000,
			       .parent_tid = 0x7ffc00001004,
			       .exit_signal = SIGCHLD};
	int pidfd = 5, tid = 1234;

	begin(NR_CLONE3, PTR, sizeof(a), 0, 0, 0, 0);
	in(0, &a, sizeof(a));
	out(BT_CAP_INNER_PIDFD, &pidfd, sizeof(pidfd));
	out(BT_CAP_INNER_PARENT_TID, &tid, sizeof(tid));
	assert_string_equal(line(1234), "clone3({flags=CLONE_PIDFD|CLONE_PARENT_SETTID, "
					"pidfd=0x7ffc00001000, parent_tid=0x7ffc00001004, "
					"exit_signal=SIGCHLD, stack=NULL, stack_size=0} => "
					"{pidfd=[5], parent_tid=[1234]}, 88) = 1234");
	assert_non_null(strstr(json(1234), "\"value_out\":{\"pidfd\":5,\"parent_tid\":1234}"));
	/* split: the struct, then what was written and the size on the resumed line */
	assert_string_equal(unfinished(), "clone3({flags=CLONE_PIDFD|CLONE_PARENT_SETTID, "
					  "pidfd=0x7ffc00001000, parent_tid=0x7ffc00001004, "
					  "exit_signal=SIGCHLD, stack=NULL, stack_size=0} "
					  "<unfinished ...>");
	assert_string_equal(resumed(1234),
			    "<... clone3 resumed> => {pidfd=[5], parent_tid=[1234]}, 88) = 1234");
	/* pending, the struct it read is whole: what the kernel wrote follows it */
	assert_pending_starts_line(1234);
	/* a failed call wrote nothing */
	assert_string_equal(line(-EINVAL),
			    "clone3({flags=CLONE_PIDFD|CLONE_PARENT_SETTID, "
			    "pidfd=0x7ffc00001000, parent_tid=0x7ffc00001004, "
			    "exit_signal=SIGCHLD, stack=NULL, stack_size=0}, 88) = -1 "
			    "EINVAL (Invalid argument)");
	/* the first version's 64 bytes: no set_tid, no cgroup; tls by CLONE_SETTLS */
	memset(&a, 0, sizeof(a));
	a.flags = CLONE_SETTLS | CLONE_INTO_CGROUP;
	a.tls = 0x1234;
	a.set_tid = 0x7ffc00002000;
	a.set_tid_size = 100;
	a.cgroup = 7;
	begin(NR_CLONE3, PTR, 64, 0, 0, 0, 0);
	in(0, &a, 64);
	assert_string_equal(line(-EPERM),
			    "clone3({flags=CLONE_SETTLS|CLONE_INTO_CGROUP, "
			    "exit_signal=0, stack=NULL, stack_size=0, tls=0x1234}, 64) "
			    "= -1 EPERM (Operation not permitted)");
	/* all of it: too many tids for an array, the cgroup CLONE_INTO_CGROUP uses */
	begin(NR_CLONE3, PTR, sizeof(a), 0, 0, 0, 0);
	in(0, &a, sizeof(a));
	assert_string_equal(line(-EPERM),
			    "clone3({flags=CLONE_SETTLS|CLONE_INTO_CGROUP, "
			    "exit_signal=0, stack=NULL, stack_size=0, tls=0x1234, "
			    "set_tid=0x7ffc00002000, set_tid_size=100, cgroup=7}, 88) "
			    "= -1 EPERM (Operation not permitted)");
	/* a size below the first version's is not read: the address */
	begin(NR_CLONE3, PTR, 8, 0, 0, 0, 0);
	in(0, &a, 8);
	assert_string_equal(line(-EINVAL), "clone3(0x7ffc12345678, 8) = -1 EINVAL "
					   "(Invalid argument)");
}

/* capabilities by bit, the high words from the second struct the later versions have */
static void test_capability_sets(void **state)
{
	struct __user_cap_header_struct h = {.version = _LINUX_CAPABILITY_VERSION_3};
	struct __user_cap_data_struct data[2] = {{.effective = 0x11, .permitted = 0x3},
						 {.effective = 0x1, .inheritable = 0x100}};

	begin(NR_CAPSET, PTR, PTR + 64, 0, 0, 0, 0);
	in(0, &h, sizeof(h));
	in(1, data, sizeof(data));
	assert_string_equal(line(-EPERM),
			    "capset({version=_LINUX_CAPABILITY_VERSION_3, pid=0}, "
			    "{effective=1<<CAP_CHOWN|1<<CAP_FSETID|1<<CAP_MAC_OVERRIDE, "
			    "permitted=1<<CAP_CHOWN|1<<CAP_DAC_OVERRIDE, "
			    "inheritable=1<<CAP_CHECKPOINT_RESTORE}) = -1 EPERM "
			    "(Operation not permitted)");
	dec.opts.xlat = WR_XLAT_VERBOSE;
	assert_non_null(strstr(line(-EPERM), "{effective=0x11 /* 1<<CAP_CHOWN|1<<CAP_FSETID */|"
					     "0x1 /* 1<<CAP_MAC_OVERRIDE */, "));
	dec.opts.xlat = WR_XLAT_RAW;
	assert_non_null(strstr(line(-EPERM), "{effective=0x11|0x1, permitted=0x3, "
					     "inheritable=0x100}"));
	dec.opts.xlat = WR_XLAT_ABBREV;
	/* version 1, or one the kernel does not know: one struct, the rest unread */
	h.version = 0;
	data[0].effective = 0xffffffff;
	begin(NR_CAPSET, PTR, PTR + 64, 0, 0, 0, 0);
	in(0, &h, sizeof(h));
	in(1, data, sizeof(data[0]));
	assert_non_null(strstr(line(-EINVAL), "{effective=1<<CAP_CHOWN|1<<CAP_DAC_OVERRIDE|"));
	/* capget's data when the call failed: its address */
	begin(NR_CAPGET, PTR, PTR + 64, 0, 0, 0, 0);
	in(0, &h, sizeof(h));
	assert_string_equal(line(-EINVAL),
			    "capget({version=0 /* _LINUX_CAPABILITY_VERSION_??? */, "
			    "pid=0}, 0x7ffc123456b8) = -1 EINVAL (Invalid argument)");
	/* a later version whose second struct could not be read: its address */
	h.version = _LINUX_CAPABILITY_VERSION_3;
	memset(data, 0, sizeof(data));
	begin(NR_CAPGET, PTR, PTR + 64, 0, 0, 0, 0);
	in(0, &h, sizeof(h));
	out(1, data, sizeof(data[0]));
	assert_string_equal(line(0), "capget({version=_LINUX_CAPABILITY_VERSION_3, pid=0}, "
				     "0x7ffc123456b8) = 0");
	begin(NR_CAPGET, PTR, PTR + 64, 0, 0, 0, 0);
	in(0, &h, sizeof(h));
	out(1, data, sizeof(data));
	assert_string_equal(line(0), "capget({version=_LINUX_CAPABILITY_VERSION_3, pid=0}, "
				     "{effective=0, permitted=0, inheritable=0}) = 0");
}

/* seccomp's uargs by op: an action asked about, the sizes written, else the address */
static void test_seccomp_uargs(void **state)
{
	uint32_t action = 0x7ffc0000; /* SECCOMP_RET_LOG */
	uint16_t sizes[3] = {80, 24, 64};

	begin(NR_SECCOMP, 2, 0, PTR, 0, 0, 0);
	in(2, &action, sizeof(action));
	assert_string_equal(line(0), "seccomp(SECCOMP_GET_ACTION_AVAIL, 0, [SECCOMP_RET_LOG]) = 0");
	action = 0x12345;
	begin(NR_SECCOMP, 2, 0, PTR, 0, 0, 0);
	in(2, &action, sizeof(action));
	assert_string_equal(line(-EOPNOTSUPP), "seccomp(SECCOMP_GET_ACTION_AVAIL, 0, "
					       "[0x12345 /* SECCOMP_RET_??? */]) = -1 EOPNOTSUPP "
					       "(Operation not supported)");
	begin(NR_SECCOMP, 3, 0, PTR, 0, 0, 0);
	out(2, sizes, sizeof(sizes));
	assert_string_equal(line(0), "seccomp(SECCOMP_GET_NOTIF_SIZES, 0, {seccomp_notif=80, "
				     "seccomp_notif_resp=24, seccomp_data=64}) = 0");
	assert_string_equal(line(-EFAULT), "seccomp(SECCOMP_GET_NOTIF_SIZES, 0, 0x7ffc12345678) "
					   "= -1 EFAULT (Bad address)");
	begin(NR_SECCOMP, 1, 0, 0, 0, 0, 0);
	assert_string_equal(line(-EFAULT), "seccomp(SECCOMP_SET_MODE_FILTER, 0, NULL) = -1 EFAULT "
					   "(Bad address)");
}

/* personality's domain and flags: two fields in the text, two keys in JSON */
static void test_personality_fields(void **state)
{
	begin(NR_PERSONALITY, 0x40000 | 0xad, 0, 0, 0, 0, 0);
	assert_string_equal(line(0), "personality(0xad /* PER_??? */|ADDR_NO_RANDOMIZE) = 0 "
				     "(PER_LINUX)");
	assert_non_null(strstr(json(0), "{\"domain\":173,\"flags\":"));
	dec.opts.xlat = WR_XLAT_RAW;
	assert_string_equal(line(0), "personality(0xad|0x40000) = 0 (0)");
	dec.opts.xlat = WR_XLAT_ABBREV;
}

static void test_sigaltstack_flags(void **state)
{
	stack_t ss = {.ss_sp = (void *)0x7f0000001000, .ss_flags = SS_DISABLE, .ss_size = 8192};

	begin(NR_SIGALTSTACK, PTR, 0, 0, 0, 0, 0);
	in(0, &ss, sizeof(ss));
	assert_string_equal(line(0), "sigaltstack({ss_sp=0x7f0000001000, ss_flags=SS_DISABLE, "
				     "ss_size=8192}, NULL) = 0");
	/* an int's bits: -1 is every flag and the bits no name has */
	ss.ss_flags = -1;
	begin(NR_SIGALTSTACK, PTR, 0, 0, 0, 0, 0);
	in(0, &ss, sizeof(ss));
	assert_non_null(
		strstr(line(-EINVAL), "ss_flags=SS_ONSTACK|SS_DISABLE|SS_AUTODISARM|0x7ffffffc, "));
}

static void test_bitmaps_and_arrays(void **state)
{
	unsigned long mask[4] = {0xb};
	struct {
		__u32 events;
		__u64 data;
	} __attribute__((packed)) ev = {1, 4};
	char cwd[] = "/tmp/x";

	begin(NR_SCHED_GETAFFINITY, 0, 128, PTR, 0, 0, 0);
	out(2, mask, sizeof(mask));
	assert_string_equal(line(32), "sched_getaffinity(0, 128, [0 1 3]) = 32");
	/* one event is still an array */
	begin(NR_EPOLL_WAIT, 5, PTR, 4, 0, 0, 0);
	out(1, &ev, sizeof(ev));
	assert_string_equal(line(1),
			    "epoll_wait(5, [{events=EPOLLIN, data={u32=4, u64=4}}], 4, 0) = 1");
	begin(NR_GETCWD, PTR, 256, 0, 0, 0, 0);
	out(0, cwd, sizeof(cwd));
	assert_string_equal(line(7), "getcwd(\"/tmp/x\", 256) = 7");
}

/* One iovec capture of the given buffers, as the collector lays it out. */
static size_t iov_capture(unsigned char *buf, const char *const bufs[], const __u64 lens[], int n)
{
	size_t off = 0;

	for (int k = 0; k < n; k++) {
		struct bt_iov_part part = {.base = PTR + 0x100 * k, .len = lens[k]};

		part.got = strlen(bufs[k]);
		memcpy(buf + off, &part, sizeof(part));
		memcpy(buf + off + sizeof(part), bufs[k], part.got);
		off += sizeof(part) + BT_ALIGN8(part.got);
	}
	return off;
}

/* strace's print_array for iovecs: NULL bases, a failed read's addresses, where memory ended. */
static void test_iovec_arrays(void **state)
{
	static const char *const bufs[] = {"ab", "", ""};
	static const __u64 lens[] = {2, 16, 0};
	unsigned char cap[256];
	size_t n = iov_capture(cap, bufs, lens, 3);
	struct bt_iov_part *third = (void *)(cap + n - sizeof(*third));

	third->base = 0;
	begin(NR_WRITEV, 3, PTR, 3, 0, 0, 0);
	capture(&enter_rec, 1, cap, n, 0, 3);
	assert_string_equal(line(2), "writev(3, [{iov_base=\"ab\", iov_len=2}, {iov_base=\"\", "
				     "iov_len=16}, {iov_base=NULL, iov_len=0}], 3) = 2");
	/* a read that failed filled no buffer: their addresses */
	begin(NR_READV, 3, PTR, 3, 0, 0, 0);
	capture(&exit_rec, 1, cap, n, 0, 3);
	assert_string_equal(line(-EBADF), "readv(3, [{iov_base=0x7ffc12345678, iov_len=2}, "
					  "{iov_base=0x7ffc12345778, iov_len=16}, {iov_base=NULL, "
					  "iov_len=0}], 3) = -1 EBADF (Bad file descriptor)");
	/* the array ran into an unmapped page after two elements */
	begin(NR_WRITEV, 3, PTR, 3, 0, 0, 0);
	capture(&enter_rec, 1, cap, n - sizeof(*third), BT_CAP_FAULT, 3);
	assert_string_equal(line(-EFAULT),
			    "writev(3, [{iov_base=\"ab\", iov_len=2}, "
			    "{iov_base=\"\", iov_len=16}, ... /* 0x7ffc12345698 */], "
			    "3) = -1 EFAULT (Bad address)");
	/* a count whose array would be larger than memory is not read */
	begin(NR_WRITEV, 3, PTR, (__u64)-1, 0, 0, 0);
	capture(&enter_rec, 1, cap, n, BT_CAP_TRUNCATED, 0xffffffff);
	assert_string_equal(line(-EINVAL), "writev(3, 0x7ffc12345678, 18446744073709551615) = "
					   "-1 EINVAL (Invalid argument)");
}

/* io_uring and aio requests as strace 6.1 shows them. */
static void test_uring_and_aio_requests(void **state)
{
	struct io_uring_params p = {.flags = IORING_SETUP_IOPOLL | IORING_SETUP_CQSIZE,
				    .cq_entries = 16};
	struct iocb cb = {.aio_data = 0x42, .aio_lio_opcode = IOCB_CMD_PWRITE, .aio_fildes = 3};
	__u64 iov[2][2] = {{0, 0}, {0x7f0000001000, 4096}};

	begin(NR_IO_URING_SETUP, 4, PTR, 0, 0, 0, 0);
	in(1, &p, sizeof(p));
	/* shown pending: the params stop it, as the exit fills them in (issue 17) */
	assert_string_equal(pending(), "io_uring_setup(4, ");
	assert_pending_starts_line(-EINVAL);
	assert_string_equal(line(-EINVAL),
			    "io_uring_setup(4, {flags=IORING_SETUP_IOPOLL|"
			    "IORING_SETUP_CQSIZE, sq_thread_cpu=0, sq_thread_idle=0}) "
			    "= -1 EINVAL (Invalid argument)");
	p.sq_entries = 4;
	p.features = IORING_FEAT_SINGLE_MMAP | 0x40000;
	p.sq_off.tail = 4;
	p.cq_off.cqes = 64;
	out(1, &p, sizeof(p));
	assert_string_equal(line(5),
			    "io_uring_setup(4, {flags=IORING_SETUP_IOPOLL|"
			    "IORING_SETUP_CQSIZE, sq_thread_cpu=0, sq_thread_idle=0, "
			    "sq_entries=4, cq_entries=16, features=IORING_FEAT_SINGLE_MMAP|"
			    "0x40000, sq_off={head=0, tail=4, ring_mask=0, ring_entries=0, "
			    "flags=0, dropped=0, array=0}, cq_off={head=0, tail=0, "
			    "ring_mask=0, ring_entries=0, overflow=0, cqes=64, flags=0}}) = 5");
	assert_pending_starts_line(5);
	/* the buffers to register by their addresses; another opcode's arg is its address */
	begin(NR_IO_URING_REGISTER, 5, IORING_REGISTER_BUFFERS, PTR, 2, 0, 0);
	in(2, iov, sizeof(iov));
	assert_string_equal(line(0), "io_uring_register(5, IORING_REGISTER_BUFFERS, "
				     "[{iov_base=NULL, iov_len=0}, {iov_base=0x7f0000001000, "
				     "iov_len=4096}], 2) = 0");
	begin(NR_IO_URING_REGISTER, 5, 0x7ead, PTR, 2, 0, 0);
	in(2, iov, sizeof(iov));
	assert_string_equal(line(-EINVAL), "io_uring_register(5, 0x7ead /* IORING_REGISTER_??? */, "
					   "0x7ffc12345678, 2) = -1 EINVAL (Invalid argument)");
	/* io_cancel's request: its header only */
	begin(NR_IO_CANCEL, 0x7f4f12345000, PTR, PTR + 64, 0, 0, 0);
	in(1, &cb, sizeof(cb));
	assert_string_equal(line(-EINVAL), "io_cancel(0x7f4f12345000, {aio_data=0x42, "
					   "aio_lio_opcode=IOCB_CMD_PWRITE, aio_fildes=3}, "
					   "0x7ffc123456b8) = -1 EINVAL (Invalid argument)");
	/* a priority: a number, or an I/O priority when IOCB_FLAG_IOPRIO says so */
	cb.aio_reqprio = (2 << 13) | 4;
	begin(NR_IO_CANCEL, 0x7f4f12345000, PTR, PTR + 64, 0, 0, 0);
	in(1, &cb, sizeof(cb));
	assert_string_equal(line(-EINVAL),
			    "io_cancel(0x7f4f12345000, {aio_data=0x42, "
			    "aio_lio_opcode=IOCB_CMD_PWRITE, aio_reqprio=16388, "
			    "aio_fildes=3}, 0x7ffc123456b8) = -1 EINVAL (Invalid argument)");
	cb.aio_flags = IOCB_FLAG_IOPRIO;
	begin(NR_IO_CANCEL, 0x7f4f12345000, PTR, PTR + 64, 0, 0, 0);
	in(1, &cb, sizeof(cb));
	assert_string_equal(line(-EINVAL),
			    "io_cancel(0x7f4f12345000, {aio_data=0x42, "
			    "aio_lio_opcode=IOCB_CMD_PWRITE, "
			    "aio_reqprio=IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4), "
			    "aio_fildes=3}, 0x7ffc123456b8) = -1 EINVAL (Invalid argument)");
	dec.opts.xlat = WR_XLAT_RAW;
	assert_string_equal(line(-EINVAL), "io_cancel(0x7f4f12345000, {aio_data=0x42, "
					   "aio_lio_opcode=1, aio_reqprio=0x4004, aio_fildes=3}, "
					   "0x7ffc123456b8) = -1 EINVAL (Invalid argument)");
	dec.opts.xlat = WR_XLAT_ABBREV;
}

/* An array of structs whose memory ends early: the elements before, then where it ended. */
static void test_arrays_cut_by_unmapped_memory(void **state)
{
	struct pollfd fds[1] = {{0, 0, 0}};

	begin(NR_POLL, PTR, 2, 0, 0, 0, 0);
	capture(&enter_rec, 0, fds, sizeof(fds), BT_CAP_TRUNCATED | BT_CAP_PARTIAL, 16);
	assert_string_equal(line(-EFAULT), "poll([{fd=0, events=0}, ... /* 0x7ffc12345680 */], 2, "
					   "0) = -1 EFAULT (Bad address)");
}

static void test_msghdr_with_what_it_points_to(void **state)
{
	const char *const sent[] = {"hello ", "world"}, *const got[] = {"hello world"};
	const __u64 sent_lens[] = {6, 5}, got_lens[] = {100};
	struct msghdr m = {.msg_iov = (void *)PTR, .msg_iovlen = 2};
	struct sockaddr_in sin = {.sin_family = AF_INET, .sin_port = htons(53)};
	unsigned char iov[256], control[CMSG_SPACE(sizeof(int))];
	struct cmsghdr *cm = (void *)control;
	struct msghdr r = {.msg_name = (void *)(PTR + 0x1000),
			   .msg_namelen = 110,
			   .msg_iov = (void *)PTR,
			   .msg_iovlen = 1};
	struct msghdr r_out = r;
	size_t n;
	int fd = 5;

	/* sendmsg: the header and its data at enter */
	begin(NR_SENDMSG, 3, PTR, 0, 0, 0, 0);
	in(1, &m, sizeof(m));
	n = iov_capture(iov, sent, sent_lens, 2);
	capture(&enter_rec, 1 + BT_CAP_INNER_IOV, iov, n, 0, 2);
	assert_string_equal(line(11), "sendmsg(3, {msg_name=NULL, msg_namelen=0, "
				      "msg_iov=[{iov_base=\"hello \", iov_len=6}, "
				      "{iov_base=\"world\", iov_len=5}], msg_iovlen=2, "
				      "msg_controllen=0, msg_flags=0}, 0) = 11");

	/* with an address and a passed fd */
	memset(control, 0, sizeof(control));
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	memcpy(CMSG_DATA(cm), &fd, sizeof(fd));
	inet_pton(AF_INET, "127.0.0.1", &sin.sin_addr);
	m.msg_name = (void *)(PTR + 0x1000);
	m.msg_namelen = sizeof(sin);
	m.msg_iovlen = 1;
	m.msg_control = (void *)(PTR + 0x2000);
	m.msg_controllen = sizeof(control);
	begin(NR_SENDMSG, 3, PTR, MSG_DONTWAIT, 0, 0, 0);
	in(1, &m, sizeof(m));
	capture(&enter_rec, 1 + BT_CAP_INNER_NAME, &sin, sizeof(sin), 0, sizeof(sin));
	n = iov_capture(iov, sent, sent_lens, 1);
	capture(&enter_rec, 1 + BT_CAP_INNER_IOV, iov, n, 0, 1);
	capture(&enter_rec, 1 + BT_CAP_INNER_CONTROL, control, sizeof(control), 0, sizeof(control));
	assert_string_equal(
		line(6), "sendmsg(3, {msg_name={sa_family=AF_INET, sin_port=htons(53), "
			 "sin_addr=inet_addr(\"127.0.0.1\")}, msg_namelen=16, "
			 "msg_iov=[{iov_base=\"hello \", iov_len=6}], msg_iovlen=1, "
			 "msg_control=[{cmsg_len=20, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, "
			 "cmsg_data=[5]}], msg_controllen=24, msg_flags=0}, MSG_DONTWAIT) = 6");

	/* recvmsg: the buffers come with the exit, and the lengths the kernel changed */
	r_out.msg_namelen = 0;
	begin(NR_RECVMSG, 4, PTR, 0, 0, 0, 0);
	in(1, &r, sizeof(r));
	out(1, &r_out, sizeof(r_out));
	n = iov_capture(iov, got, got_lens, 1);
	capture(&exit_rec, 1 + BT_CAP_INNER_IOV, iov, n, 0, 1);
	assert_string_equal(line(11), "recvmsg(4, {msg_name=0x7ffc12346678, msg_namelen=110 => 0, "
				      "msg_iov=[{iov_base=\"hello world\", iov_len=100}], "
				      "msg_iovlen=1, msg_controllen=0, msg_flags=0}, 0) = 11");
	/* a failed recvmsg: strace shows the caller's msg_namelen alone */
	begin(NR_RECVMSG, 4, PTR, MSG_DONTWAIT, 0, 0, 0);
	in(1, &r, sizeof(r));
	assert_string_equal(line(-11), "recvmsg(4, {msg_namelen=110}, MSG_DONTWAIT) = -1 EAGAIN "
				       "(Resource temporarily unavailable)");
}

/* A sockaddr the kernel returns: over the length it wrote, not the buffer offered. */
static void test_returned_sockaddr_as_long_as_the_kernel_says(void **state)
{
	unsigned char ss[128];
	int size = 128, len = 2;

	/* an unnamed AF_UNIX socket: the family alone, the rest of the capture is not the kernel's */
	memset(ss, 0xff, sizeof(ss));
	ss[0] = AF_UNIX;
	ss[1] = 0;
	begin(NR_GETSOCKNAME, 3, PTR, PTR + 0x100, 0, 0, 0);
	in(2, &size, sizeof(size));
	out(1, ss, sizeof(ss));
	out(2, &len, sizeof(len));
	assert_string_equal(line(0), "getsockname(3, {sa_family=AF_UNIX}, [128 => 2]) = 0");

	/* the same from accept4 */
	begin(NR_ACCEPT4, 3, PTR, PTR + 0x100, SOCK_CLOEXEC, 0, 0);
	in(2, &size, sizeof(size));
	out(1, ss, sizeof(ss));
	out(2, &len, sizeof(len));
	assert_string_equal(line(4),
			    "accept4(3, {sa_family=AF_UNIX}, [128 => 2], SOCK_CLOEXEC) = 4");

	/* an abstract name in a buffer too short: what the buffer held, 4 bytes */
	memcpy(ss + 2, "\0p2abs", 6);
	size = 4;
	len = 8;
	begin(NR_GETSOCKNAME, 3, PTR, PTR + 0x100, 0, 0, 0);
	in(2, &size, sizeof(size));
	out(1, ss, sizeof(ss));
	out(2, &len, sizeof(len));
	assert_string_equal(line(0),
			    "getsockname(3, {sa_family=AF_UNIX, sun_path=@\"p\"}, [4 => 8]) = 0");
	/* the whole of it when the buffer holds it */
	size = 128;
	begin(NR_GETSOCKNAME, 3, PTR, PTR + 0x100, 0, 0, 0);
	in(2, &size, sizeof(size));
	out(1, ss, sizeof(ss));
	out(2, &len, sizeof(len));
	assert_string_equal(
		line(0),
		"getsockname(3, {sa_family=AF_UNIX, sun_path=@\"p2abs\"}, [128 => 8]) = 0");

	/* not even a family written: the address, as strace shows it */
	size = 1;
	begin(NR_GETSOCKNAME, 3, PTR, PTR + 0x100, 0, 0, 0);
	in(2, &size, sizeof(size));
	out(1, ss, sizeof(ss));
	out(2, &len, sizeof(len));
	assert_string_equal(line(0), "getsockname(3, 0x7ffc12345678, [1 => 8]) = 0");

	/* recvfrom from an unnamed sender: no address at all */
	size = 128;
	len = 0;
	begin(NR_RECVFROM, 5, PTR + 0x200, 16, 0, PTR, PTR + 0x100);
	in(5, &size, sizeof(size));
	out(1, "x", 1);
	out(4, ss, sizeof(ss));
	out(5, &len, sizeof(len));
	assert_string_equal(line(1), "recvfrom(5, \"x\", 16, 0, 0x7ffc12345678, [128 => 0]) = 1");

	/* a failed accept4 wrote nothing */
	begin(NR_ACCEPT4, 3, PTR, PTR + 0x100, 0, 0, 0);
	in(2, &size, sizeof(size));
	assert_string_equal(line(-EAGAIN), "accept4(3, 0x7ffc12345678, [128], 0) = -1 EAGAIN "
					   "(Resource temporarily unavailable)");
}

/*
 * Each mmsghdr's msg_name and msg_iov, from its member rules' captures, the j-th of each
 * tag for the j-th header (one with no data where a pointer was NULL): sendmmsg's sent at
 * enter, recvmmsg's received at exit, as much data as each msg_len.
 */
static void mmsg_names_and_buffers(void)
{
	const char *const sent[] = {"hello ", "world"}, *const got[] = {"hello world"};
	const __u64 sent_lens[] = {6, 5}, got_lens[] = {64};
	int name_k = member_override__index("sendmmsg", 0, "msg_hdr.msg_name");
	int iov_k = member_override__index("sendmmsg", 0, "msg_hdr.msg_iov");
	struct sockaddr_in sin = {.sin_family = AF_INET, .sin_port = htons(53)};
	struct {
		struct msghdr hdr;
		unsigned int len, pad;
	} mm[2];
	unsigned char iov[256];
	size_t n;

	assert_true(name_k >= 0 && iov_k >= 0);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	memset(mm, 0, sizeof(mm));
	mm[0].hdr.msg_name = (void *)(PTR + 0x1000);
	mm[0].hdr.msg_namelen = sizeof(sin);
	mm[0].hdr.msg_iov = (void *)PTR;
	mm[0].hdr.msg_iovlen = 2;
	mm[0].len = 11;
	mm[1].len = 0;
	begin(NR_SENDMMSG, 3, PTR, 2, 0, 0, 0);
	in(1, mm, sizeof(mm));
	out(1, mm, sizeof(mm));
	capture(&enter_rec, 1 + BT_CAP_INNER_MEMBER(name_k), &sin, sizeof(sin), 0, sizeof(sin));
	n = iov_capture(iov, sent, sent_lens, 2);
	capture(&enter_rec, 1 + BT_CAP_INNER_MEMBER(iov_k), iov, n, 0, 2);
	capture(&enter_rec, 1 + BT_CAP_INNER_MEMBER(name_k), NULL, 0, 0, 0);
	capture(&enter_rec, 1 + BT_CAP_INNER_MEMBER(iov_k), NULL, 0, 0, 0);
	assert_string_equal(line(1), "sendmmsg(3, [{msg_hdr={msg_name={sa_family=AF_INET, "
				     "sin_port=htons(53), sin_addr=inet_addr(\"127.0.0.1\")}, "
				     "msg_namelen=16, msg_iov=[{iov_base=\"hello \", iov_len=6}, "
				     "{iov_base=\"world\", iov_len=5}], msg_iovlen=2, "
				     "msg_controllen=0, msg_flags=0}, msg_len=11}, "
				     "{msg_hdr={msg_name=NULL, msg_namelen=0, msg_iov=NULL, "
				     "msg_iovlen=0, msg_controllen=0, msg_flags=0}}], 2, 0) = 1");
	/* recvmmsg: read at exit, each buffer's data as long as its msg_len */
	name_k = member_override__index("recvmmsg", 0, "msg_hdr.msg_name");
	iov_k = member_override__index("recvmmsg", 0, "msg_hdr.msg_iov");
	assert_true(name_k >= 0 && iov_k >= 0);
	mm[0].hdr.msg_iovlen = 1;
	begin(NR_RECVMMSG, 3, PTR, 2, 0, 0, 0);
	in(1, mm, sizeof(mm));
	out(1, mm, sizeof(mm));
	capture(&exit_rec, 1 + BT_CAP_INNER_MEMBER(name_k), &sin, sizeof(sin), 0, sizeof(sin));
	n = iov_capture(iov, got, got_lens, 1);
	capture(&exit_rec, 1 + BT_CAP_INNER_MEMBER(iov_k), iov, n, 0, 1);
	assert_string_equal(line(1), "recvmmsg(3, [{msg_hdr={msg_name={sa_family=AF_INET, "
				     "sin_port=htons(53), sin_addr=inet_addr(\"127.0.0.1\")}, "
				     "msg_namelen=16, msg_iov=[{iov_base=\"hello world\", "
				     "iov_len=64}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, "
				     "msg_len=11}], 2, 0, NULL) = 1");
}

/* sendmmsg's headers after the call, with the msg_len of those sent; recvmmsg's returned ones. */
static void test_mmsghdr_arrays(void **state)
{
	struct {
		struct msghdr hdr;
		unsigned int len, pad;
	} mm[2];
	struct {
		long long sec, nsec;
	} zero = {0, 0};

	memset(mm, 0, sizeof(mm));
	mm[0].len = 5;
	begin(NR_SENDMMSG, 3, PTR, 2, 0, 0, 0);
	in(1, mm, sizeof(mm));
	out(1, mm, sizeof(mm));
	assert_string_equal(line(1),
			    "sendmmsg(3, [{msg_hdr={msg_name=NULL, msg_namelen=0, "
			    "msg_iov=NULL, msg_iovlen=0, msg_controllen=0, msg_flags=0}, "
			    "msg_len=5}, {msg_hdr={msg_name=NULL, msg_namelen=0, "
			    "msg_iov=NULL, msg_iovlen=0, msg_controllen=0, msg_flags=0}}], "
			    "2, 0) = 1");
	mmsg_names_and_buffers();
	/* cut at an unmapped page: strace's comment, the first header not read */
	begin(NR_SENDMMSG, 9, PTR, 2, 0, 0, 0);
	capture(&enter_rec, 1, mm, sizeof(mm[0]), BT_CAP_TRUNCATED | BT_CAP_PARTIAL, sizeof(mm));
	capture(&exit_rec, 1, mm, sizeof(mm[0]), BT_CAP_TRUNCATED | BT_CAP_PARTIAL, sizeof(mm));
	assert_string_equal(line(-89),
			    "sendmmsg(9, [{msg_hdr={msg_name=NULL, msg_namelen=0, "
			    "msg_iov=NULL, msg_iovlen=0, msg_controllen=0, msg_flags=0}}, "
			    "... /* 0x7ffc123456b8 */], 2, 0) = -1 EDESTADDRREQ "
			    "(Destination address required)");
	/* no array: NULL, as strace shows it before looking at the count; an empty one: [] */
	begin(NR_SENDMMSG, 9, 0, 0, 0, 0, 0);
	assert_string_equal(line(-9), "sendmmsg(9, NULL, 0, 0) = -1 EBADF (Bad file descriptor)");
	begin(NR_SENDMMSG, 9, PTR, 0, 0, 0, 0);
	assert_string_equal(line(-9), "sendmmsg(9, [], 0, 0) = -1 EBADF (Bad file descriptor)");
	/* a failed recvmmsg: the address, the timeout as it went in */
	begin(NR_RECVMMSG, 3, PTR, 2, MSG_DONTWAIT, PTR + 0x100, 0);
	in(1, mm, sizeof(mm));
	in(4, &zero, sizeof(zero));
	assert_string_equal(line(-11),
			    "recvmmsg(3, 0x7ffc12345678, 2, MSG_DONTWAIT, {tv_sec=0, "
			    "tv_nsec=0}) = -1 EAGAIN (Resource temporarily unavailable)");
	out(4, &zero, sizeof(zero));
	assert_string_equal(line(0), "recvmmsg(3, [], 2, MSG_DONTWAIT, {tv_sec=0, tv_nsec=0}) = 0 "
				     "(Timeout)");
	begin(NR_RECVMMSG, 3, PTR, 2, 0, PTR + 0x100, 0);
	in(1, mm, sizeof(mm));
	in(4, &zero, sizeof(zero));
	out(1, mm, sizeof(mm));
	out(4, &zero, sizeof(zero));
	assert_string_equal(line(1),
			    "recvmmsg(3, [{msg_hdr={msg_name=NULL, msg_namelen=0, "
			    "msg_iov=NULL, msg_iovlen=0, msg_controllen=0, msg_flags=0}, "
			    "msg_len=5}], 2, 0, {tv_sec=0, tv_nsec=0}) = 1 (left {tv_sec=0, "
			    "tv_nsec=0})");
}

/* recvmsg's msg_name: the kernel returns its whole length but writes no more than the buffer. */
static void test_recvmsg_name_no_longer_than_its_buffer(void **state)
{
	struct msghdr r = {.msg_name = (void *)(PTR + 0x1000), .msg_namelen = 5}, r_out = r;
	unsigned char name[8] = {AF_UNIX, 0, 0, 'p', '2', 0xff, 0xff, 0xff};

	r_out.msg_namelen = 8;
	begin(NR_RECVMSG, 4, PTR, 0, 0, 0, 0);
	in(1, &r, sizeof(r));
	out(1, &r_out, sizeof(r_out));
	capture(&exit_rec, 1 + BT_CAP_INNER_NAME, name, sizeof(name), 0, sizeof(name));
	assert_string_equal(line(0), "recvmsg(4, {msg_name={sa_family=AF_UNIX, sun_path=@\"p2\"}, "
				     "msg_namelen=5 => 8, msg_iov=NULL, msg_iovlen=0, "
				     "msg_controllen=0, msg_flags=0}, 0) = 0");
}

/* nanosleep's time left: written by the kernel only when a signal cut the sleep short. */
static void test_time_left_only_when_interrupted(void **state)
{
	struct {
		long long sec, nsec;
	} req = {0, 1000000}, left = {0, 999000}, stale = {7, 7};

	assert_true(beauty->rules[NR_NANOSLEEP].exit[1].flags & BT_RULE_IF_INTERRUPTED);
	assert_true(beauty->rules[NR_CLOCK_NANOSLEEP].exit[3].flags & BT_RULE_IF_INTERRUPTED);
	assert_false(beauty->rules[NR_NANOSLEEP].exit[0].flags & BT_RULE_IF_INTERRUPTED);

	/* slept in full: whatever the memory holds is not the kernel's */
	begin(NR_NANOSLEEP, PTR, PTR + 0x10, 0, 0, 0, 0);
	in(0, &req, sizeof(req));
	out(1, &stale, sizeof(stale));
	assert_string_equal(line(0), "nanosleep({tv_sec=0, tv_nsec=1000000}, 0x7ffc12345688) = 0");

	/* interrupted: the time left */
	begin(NR_NANOSLEEP, PTR, PTR + 0x10, 0, 0, 0, 0);
	in(0, &req, sizeof(req));
	out(1, &left, sizeof(left));
	assert_string_equal(line(-516), "nanosleep({tv_sec=0, tv_nsec=1000000}, {tv_sec=0, "
					"tv_nsec=999000}) = ? ERESTART_RESTARTBLOCK (Interrupted "
					"by signal)");

	begin(NR_CLOCK_NANOSLEEP, CLOCK_REALTIME, 0, PTR, PTR + 0x10, 0, 0);
	in(2, &req, sizeof(req));
	out(3, &stale, sizeof(stale));
	assert_string_equal(line(0), "clock_nanosleep(CLOCK_REALTIME, 0, {tv_sec=0, "
				     "tv_nsec=1000000}, 0x7ffc12345688) = 0");
	begin(NR_CLOCK_NANOSLEEP, CLOCK_REALTIME, 0, PTR, PTR + 0x10, 0, 0);
	in(2, &req, sizeof(req));
	out(3, &left, sizeof(left));
	assert_string_equal(line(-516), "clock_nanosleep(CLOCK_REALTIME, 0, {tv_sec=0, "
					"tv_nsec=1000000}, {tv_sec=0, tv_nsec=999000}) = ? "
					"ERESTART_RESTARTBLOCK (Interrupted by signal)");
	/* any other failure wrote nothing */
	begin(NR_CLOCK_NANOSLEEP, 99, 0, PTR, PTR + 0x10, 0, 0);
	in(2, &req, sizeof(req));
	out(3, &stale, sizeof(stale));
	assert_string_equal(line(-EINVAL),
			    "clock_nanosleep(0x63 /* CLOCK_??? */, 0, {tv_sec=0, tv_nsec=1000000}, "
			    "0x7ffc12345688) = -1 EINVAL (Invalid argument)");
}

/* Each line below is strace 6.1's for the same call. */
static void test_file_flags_and_modes(void **state)
{
	begin(NR_FANOTIFY_INIT, 1, 0, 0, 0, 0, 0);
	assert_string_equal(line(-EPERM),
			    "fanotify_init(FAN_CLASS_NOTIF|FAN_CLOEXEC, O_RDONLY) = -1 "
			    "EPERM (Operation not permitted)");
	begin(NR_FANOTIFY_INIT, 0x40000000, 0, 0, 0, 0, 0);
	assert_string_equal(line(-EINVAL),
			    "fanotify_init(FAN_CLASS_NOTIF|0x40000000 /* FAN_??? */, "
			    "O_RDONLY) = -1 EINVAL (Invalid argument)");
	begin(NR_FANOTIFY_INIT, 0x7ead, 0, 0, 0, 0, 0);
	assert_string_equal(
		line(-EINVAL),
		"fanotify_init(0xc /* FAN_CLASS_??? */|FAN_CLOEXEC|FAN_UNLIMITED_MARKS|"
		"FAN_REPORT_PIDFD|FAN_REPORT_FID|FAN_REPORT_DIR_FID|FAN_REPORT_NAME|"
		"FAN_REPORT_TARGET_FID|0x6000, O_RDONLY) = -1 EINVAL (Invalid argument)");
	/* -X raw and verbose: the class and the flags apart */
	dec.opts.xlat = WR_XLAT_RAW;
	assert_string_equal(line(-EINVAL),
			    "fanotify_init(0xc|0x7ea1, 0) = -1 EINVAL (Invalid argument)");
	begin(NR_FANOTIFY_INIT, 0x40000000, 0, 0, 0, 0, 0);
	dec.opts.xlat = WR_XLAT_VERBOSE;
	assert_string_equal(line(-EINVAL),
			    "fanotify_init(0 /* FAN_CLASS_NOTIF */|0x40000000 /* FAN_??? */, "
			    "0 /* O_RDONLY */) = -1 EINVAL (Invalid argument)");
	dec.opts.xlat = WR_XLAT_ABBREV;
	/* swapon: the flags, then the priority, always */
	begin(NR_SWAPON, PTR, 0x8003, 0, 0, 0, 0);
	in(0, "missing", 8);
	assert_string_equal(line(-EPERM), "swapon(\"missing\", SWAP_FLAG_PREFER|3) = -1 EPERM "
					  "(Operation not permitted)");
	dec.opts.xlat = WR_XLAT_VERBOSE;
	assert_string_equal(line(-EPERM), "swapon(\"missing\", 0x8000 /* SWAP_FLAG_PREFER */|3) = "
					  "-1 EPERM (Operation not permitted)");
	dec.opts.xlat = WR_XLAT_ABBREV;
	begin(NR_SWAPON, PTR, 0x10000, 0, 0, 0, 0);
	in(0, "missing", 8);
	assert_string_equal(line(-EPERM), "swapon(\"missing\", SWAP_FLAG_DISCARD|0) = -1 EPERM "
					  "(Operation not permitted)");
	begin(NR_SWAPON, PTR, 0, 0, 0, 0, 0);
	in(0, "missing", 8);
	assert_string_equal(line(-EPERM),
			    "swapon(\"missing\", 0) = -1 EPERM (Operation not permitted)");
	begin(NR_MEMFD_CREATE, PTR, 0x40000000, 0, 0, 0, 0);
	in(0, "abc", 4);
	assert_string_equal(line(-EINVAL), "memfd_create(\"abc\", 16<<MFD_HUGE_SHIFT) = -1 EINVAL "
					   "(Invalid argument)");
	begin(NR_MEMFD_CREATE, PTR, 0xffffffff, 0, 0, 0, 0);
	in(0, "abc", 4);
	assert_string_equal(line(-EINVAL), "memfd_create(\"abc\", MFD_CLOEXEC|MFD_ALLOW_SEALING|"
					   "MFD_HUGETLB|0x3fffff8|63<<MFD_HUGE_SHIFT) = -1 EINVAL "
					   "(Invalid argument)");
	begin(NR_QUOTACTL, 0x80000700, PTR, 0, PTR + 0x100, 0, 0);
	in(1, "missing", 8);
	assert_string_equal(line(-ENOENT),
			    "quotactl(QCMD(Q_GETQUOTA, USRQUOTA), \"missing\", 0, "
			    "0x7ffc12345778) = -1 ENOENT (No such file or directory)");
	/* the id and the data as the command uses them: none, or a quota format */
	begin(NR_QUOTACTL, 0x80000501, PTR, 7, 0, 0, 0);
	in(1, "missing", 8);
	assert_string_equal(line(-ENOENT),
			    "quotactl(QCMD(Q_GETINFO, GRPQUOTA), \"missing\", NULL) = "
			    "-1 ENOENT (No such file or directory)");
	begin(NR_QUOTACTL, 0x80000100, PTR, 7, 0, 0, 0);
	in(1, "missing", 8);
	assert_string_equal(line(-ENOENT), "quotactl(QCMD(Q_SYNC, USRQUOTA), \"missing\") = -1 "
					   "ENOENT (No such file or directory)");
	begin(NR_QUOTACTL, 0x80000200, PTR, 7, 0, 0, 0);
	in(1, "missing", 8);
	assert_string_equal(
		line(-ENOENT),
		"quotactl(QCMD(Q_QUOTAON, USRQUOTA), \"missing\", 0x7 /* QFMT_VFS_??? */, "
		"NULL) = -1 ENOENT (No such file or directory)");
	/* dev is shown for a device only */
	begin(NR_MKNODAT, (__u64)-100, PTR, 0644, 5, 0, 0);
	in(1, "nod", 4);
	assert_string_equal(line(0), "mknodat(AT_FDCWD, \"nod\", 0644) = 0");
	begin(NR_MKNODAT, (__u64)-100, PTR, 020644, 0x103, 0, 0);
	in(1, "nod", 4);
	assert_string_equal(line(0),
			    "mknodat(AT_FDCWD, \"nod\", S_IFCHR|0644, makedev(0x1, 0x3)) = 0");
	/* a device number under -X: the number, and its makedev() a comment */
	dec.opts.xlat = WR_XLAT_RAW;
	assert_string_equal(line(0), "mknodat(-100, \"nod\", 020644, 0x103) = 0");
	dec.opts.xlat = WR_XLAT_VERBOSE;
	assert_string_equal(line(0), "mknodat(-100 /* AT_FDCWD */, \"nod\", 020644 /* S_IFCHR|0644 "
				     "*/, 0x103 /* makedev(0x1, 0x3) */) = 0");
	dec.opts.xlat = WR_XLAT_ABBREV;
	/* strace 6.1 does not decode sysfs: its registers, all 64 bits */
	begin(NR_SYSFS, (__u64)-1, 0x7ead, 0, 0, 0, 0);
	assert_string_equal(line(-EINVAL), "sysfs(0xffffffffffffffff, 0x7ead, 0) = -1 EINVAL "
					   "(Invalid argument)");
	/* close_range's fds are numbers */
	begin(NR_CLOSE_RANGE, 0xffffffff, 0, 7, 0, 0, 0);
	assert_string_equal(line(-EINVAL),
			    "close_range(4294967295, 0, CLOSE_RANGE_UNSHARE|"
			    "CLOSE_RANGE_CLOEXEC|0x1) = -1 EINVAL (Invalid argument)");
	/* a mode to set is a 16-bit octal number */
	begin(NR_UMASK, 0xffffffff, 0, 0, 0, 0, 0);
	assert_string_equal(line(022), "umask(0177777) = 022");
}

static void test_file_structs(void **state)
{
	struct {
		__u64 flags, mode, resolve, extra;
	} how = {O_RDWR | O_CREAT | O_EXCL, 0600, 6, 1};
	unsigned char handle[136] = {0}, handle_out[136] = {0};
	__u64 ts[4] = {1, 0xffffffff, 0, 1000000}, now[4] = {0, (1 << 30) - 1, 0, (1 << 30) - 2};
	__u64 access = 3;

	begin(NR_OPENAT2, (__u64)-100, PTR, PTR + 0x100, 32, 0, 0);
	in(1, "file", 5);
	in(2, &how, sizeof(how));
	assert_string_equal(line(-E2BIG),
			    "openat2(AT_FDCWD, \"file\", {flags=O_RDWR|O_CREAT|O_EXCL, mode=0600, "
			    "resolve=RESOLVE_NO_MAGICLINKS|RESOLVE_NO_SYMLINKS, /* bytes 24..31 */ "
			    "\"\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x00\"}, 32) = -1 E2BIG "
			    "(Argument list too long)");
	how.flags = O_RDONLY;
	begin(NR_OPENAT2, (__u64)-100, PTR, PTR + 0x100, 24, 0, 0);
	in(1, "file", 5);
	in(2, &how, 24);
	assert_string_equal(line(3), "openat2(AT_FDCWD, \"file\", {flags=O_RDONLY, resolve="
				     "RESOLVE_NO_MAGICLINKS|RESOLVE_NO_SYMLINKS}, 24) = 3");
	begin(NR_OPENAT2, (__u64)-100, PTR, PTR + 0x100, 1, 0, 0);
	in(1, "file", 5);
	in(2, &how, 1);
	assert_string_equal(line(-EINVAL), "openat2(AT_FDCWD, \"file\", 0x7ffc12345778, 1) = -1 "
					   "EINVAL (Invalid argument)");
	/* the size the kernel needs comes back with EOVERFLOW */
	handle_out[0] = 8;
	begin(NR_NAME_TO_HANDLE_AT, (__u64)-100, PTR, PTR + 0x100, PTR + 0x200, 0, 0);
	in(1, "file", 5);
	in(2, handle, sizeof(handle));
	out(2, handle_out, sizeof(handle_out));
	assert_string_equal(line(-EOVERFLOW),
			    "name_to_handle_at(AT_FDCWD, \"file\", {handle_bytes=0 => 8}, "
			    "0x7ffc12345878, 0) = -1 EOVERFLOW (Value too large for defined data "
			    "type)");
	/* a header flush against an unmapped page: its 8 bytes are all strace reads of it */
	begin(NR_NAME_TO_HANDLE_AT, (__u64)-100, PTR, PTR + 0x100, PTR + 0x200, 0, 0);
	in(1, "file", 5);
	capture(&enter_rec, 2, handle, 8, BT_CAP_FAULT | BT_CAP_PARTIAL, 136);
	capture(&exit_rec, 2, handle_out, 8, BT_CAP_FAULT | BT_CAP_PARTIAL, 136);
	assert_string_equal(line(-EOVERFLOW),
			    "name_to_handle_at(AT_FDCWD, \"file\", {handle_bytes=0 => 8}, "
			    "0x7ffc12345878, 0) = -1 EOVERFLOW (Value too large for defined data "
			    "type)");
	begin(NR_UTIMENSAT, (__u64)-100, PTR, PTR + 0x100, 0, 0, 0);
	in(1, "t", 2);
	in(2, ts, sizeof(ts));
	assert_string_equal(
		line(-EINVAL),
		"utimensat(AT_FDCWD, \"t\", [{tv_sec=1, tv_nsec=4294967295}, {tv_sec=0, "
		"tv_nsec=1000000} /* 1970-01-01T00:00:00.001000000+0000 */], 0) = -1 "
		"EINVAL (Invalid argument)");
	begin(NR_UTIMENSAT, (__u64)-100, PTR, PTR + 0x100, 0, 0, 0);
	in(1, "t", 2);
	in(2, now, sizeof(now));
	assert_string_equal(line(0), "utimensat(AT_FDCWD, \"t\", [UTIME_NOW, UTIME_OMIT], 0) = 0");
	/* -X: the struct, the name its verbose comment */
	dec.opts.xlat = WR_XLAT_RAW;
	assert_string_equal(line(0), "utimensat(-100, \"t\", [{tv_sec=0, tv_nsec=1073741823}, "
				     "{tv_sec=0, tv_nsec=1073741822}], 0) = 0");
	dec.opts.xlat = WR_XLAT_VERBOSE;
	assert_string_equal(line(0), "utimensat(-100 /* AT_FDCWD */, \"t\", [{tv_sec=0, "
				     "tv_nsec=1073741823} /* UTIME_NOW */, {tv_sec=0, "
				     "tv_nsec=1073741822} /* UTIME_OMIT */], 0) = 0");
	dec.opts.xlat = WR_XLAT_ABBREV;
	/* strace 6.1 knows the first member, and that there is more */
	begin(NR_LANDLOCK_CREATE_RULESET, PTR, 64, 0, 0, 0, 0);
	in(0, &access, sizeof(access));
	assert_string_equal(line(-EINVAL),
			    "landlock_create_ruleset({handled_access_fs=LANDLOCK_ACCESS_FS_EXECUTE|"
			    "LANDLOCK_ACCESS_FS_WRITE_FILE, ...}, 64, 0) = -1 EINVAL (Invalid "
			    "argument)");
	begin(NR_LANDLOCK_CREATE_RULESET, PTR, 1, 0, 0, 0, 0);
	in(0, &access, sizeof(access));
	assert_string_equal(line(-EINVAL), "landlock_create_ruleset(0x7ffc12345678, 1, 0) = -1 "
					   "EINVAL (Invalid argument)");
}

static void test_xattrs_and_dirents(void **state)
{
	unsigned char dirents[48] = {0};
	int string_limit;
	char big[40];

	begin(NR_SETXATTR, PTR, PTR + 0x100, PTR + 0x200, 7, 1, 0);
	in(0, "file", 5);
	in(1, "user.diff", 10);
	in(2, "value\0\1", 7);
	assert_string_equal(line(0), "setxattr(\"file\", \"user.diff\", \"value\\0\\1\", 7, "
				     "XATTR_CREATE) = 0");
	/* the trailing NUL of a C string value is left out; no value past XATTR_SIZE_MAX */
	begin(NR_SETXATTR, PTR, PTR + 0x100, PTR + 0x200, 4, 0, 0);
	in(0, "file", 5);
	in(1, "user.x", 7);
	in(2, "ABC", 4);
	assert_string_equal(line(0), "setxattr(\"file\", \"user.x\", \"ABC\", 4, 0) = 0");
	begin(NR_SETXATTR, PTR, PTR + 0x100, PTR + 0x200, 0x7fffffff, 0x40000000, 0);
	in(0, "file", 5);
	in(1, "user.x", 7);
	in(2, "ABC", 4);
	assert_string_equal(line(-E2BIG), "setxattr(\"file\", \"user.x\", 0x7ffc12345878, "
					  "2147483647, 0x40000000 /* XATTR_??? */) = -1 E2BIG "
					  "(Argument list too long)");
	/* a name is no path: -s cuts it */
	memset(big, 'y', sizeof(big) - 1);
	big[sizeof(big) - 1] = 0;
	begin(NR_GETXATTR, PTR, PTR + 0x100, PTR + 0x200, 64, 0, 0);
	in(0, "file", 5);
	in(1, big, sizeof(big));
	assert_string_equal(line(-ERANGE),
			    "getxattr(\"file\", \"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\"..., "
			    "0x7ffc12345878, 64) = -1 ERANGE (Numerical result out of range)");
	/*
	 * and no NUL before an unmapped page, 16 bytes kept (BT_CAP_FAULT | BT_CAP_PARTIAL):
	 * strace reads -s + 1 bytes, so it shows them cut with -s 8 and the address with
	 * -s 32; a path (the first argument) is the address either way
	 */
	memset(big, 'x', 16);
	string_limit = dec.opts.string_limit;
	dec.opts.string_limit = 32;
	begin(NR_GETXATTR, PTR, PTR + 0x100, 0, 0, 0, 0);
	capture(&enter_rec, 0, big, 16, BT_CAP_STRING | BT_CAP_FAULT | BT_CAP_PARTIAL, 0);
	capture(&enter_rec, 1, big, 16, BT_CAP_STRING | BT_CAP_FAULT | BT_CAP_PARTIAL, 0);
	assert_string_equal(line(-EFAULT), "getxattr(0x7ffc12345678, 0x7ffc12345778, NULL, 0) = -1 "
					   "EFAULT (Bad address)");
	dec.opts.string_limit = 8;
	assert_string_equal(line(-EFAULT), "getxattr(0x7ffc12345678, \"xxxxxxxx\"..., NULL, 0) = "
					   "-1 EFAULT (Bad address)");
	/* all 16 shown but the string went on: still the address, as strace's read failed */
	dec.opts.string_limit = 16;
	assert_string_equal(line(-EFAULT), "getxattr(0x7ffc12345678, 0x7ffc12345778, NULL, 0) = -1 "
					   "EFAULT (Bad address)");
	dec.opts.string_limit = string_limit;
	/* entries counted, "entries" whatever their number */
	dirents[16] = 24;
	dirents[24 + 16] = 24;
	begin(NR_GETDENTS64, 4, PTR, 64, 0, 0, 0);
	out(1, dirents, 24);
	assert_string_equal(line(24), "getdents64(4, 0x7ffc12345678 /* 1 entries */, 64) = 24");
	begin(NR_GETDENTS64, 4, PTR, 64, 0, 0, 0);
	assert_string_equal(line(0), "getdents64(4, 0x7ffc12345678 /* 0 entries */, 64) = 0");
	/*
	 * more bytes than were captured: the count the kernel took of all of them (the capture's
	 * 2 records are no count); with -v the records captured, then "..."
	 */
	begin(NR_GETDENTS64, 4, PTR, 32768, 0, 0, 0);
	capture(&exit_rec, 1, dirents, 48, BT_CAP_TRUNCATED, 4728);
	capture(&exit_rec, 1 + BT_CAP_INNER_COUNT, NULL, 0, 0, 148);
	assert_string_equal(line(4728), "getdents64(4, 0x7ffc12345678 /* 148 entries */, 32768) = "
					"4728");
	dec.opts.verbose = true;
	line(4728);
	assert_non_null(strstr(ob.data, "d_reclen=24, d_type=DT_UNKNOWN, d_name=\"\"}, ...], "));
	dec.opts.verbose = false;
	/* a walk that stopped short (a record it could not read): at least that many */
	begin(NR_GETDENTS64, 4, PTR, 32768, 0, 0, 0);
	capture(&exit_rec, 1, dirents, 48, BT_CAP_TRUNCATED, 4728);
	capture(&exit_rec, 1 + BT_CAP_INNER_COUNT, NULL, 0, BT_CAP_TRUNCATED, 100);
	line(4728);
	assert_non_null(strstr(ob.data, "/* 100 entries"));
	assert_null(strstr(ob.data, "/* 100 entries */"));
}

/*
 * mount's type and data: strings cut at -s, as strace prints them, but the addresses of those
 * the flags make the kernel ignore (a remount's type; a bind's, a move's, a propagation's both).
 */
static void test_mount_strings(void **state)
{
	static const char opts[] = "size=16m,nr_inodes=4096,mode=0755,uid=0";
	int string_limit = dec.opts.string_limit;

	dec.opts.string_limit = 32;
	begin(NR_MOUNT, PTR, PTR + 0x100, PTR + 0x200, MS_NOSUID, PTR + 0x300, 0);
	in(0, "tmpfs", 6);
	in(1, "/mnt", 5);
	in(2, "tmpfs", 6);
	in(4, opts, sizeof(opts));
	assert_string_equal(line(0), "mount(\"tmpfs\", \"/mnt\", \"tmpfs\", MS_NOSUID, "
				     "\"size=16m,nr_inodes=4096,mode=075\"...) = 0");
	begin(NR_MOUNT, PTR, PTR + 0x100, PTR + 0x200, MS_REMOUNT | MS_RDONLY, PTR + 0x300, 0);
	in(0, "none", 5);
	in(1, "/mnt", 5);
	in(2, "xx", 3);
	in(4, "size=8m", 8);
	assert_string_equal(line(0), "mount(\"none\", \"/mnt\", 0x7ffc12345878, "
				     "MS_RDONLY|MS_REMOUNT, \"size=8m\") = 0");
	begin(NR_MOUNT, PTR, PTR + 0x100, PTR + 0x200, MS_BIND, PTR + 0x300, 0);
	in(0, "/mnt", 5);
	in(1, "/media", 7);
	in(2, "xx", 3);
	in(4, "data", 5);
	assert_string_equal(line(0), "mount(\"/mnt\", \"/media\", 0x7ffc12345878, MS_BIND, "
				     "0x7ffc12345978) = 0");
	/* the old magic number is no propagation flag */
	begin(NR_MOUNT, PTR, PTR + 0x100, PTR + 0x200, MS_MGC_VAL | MS_RDONLY, PTR + 0x300, 0);
	in(0, "none", 5);
	in(1, "missing", 8);
	in(2, "tmpfs", 6);
	in(4, "size=1m", 8);
	assert_string_equal(line(-ENOENT), "mount(\"none\", \"missing\", \"tmpfs\", "
					   "MS_MGC_VAL|MS_RDONLY, \"size=1m\") = -1 ENOENT (No "
					   "such file or directory)");
	dec.opts.string_limit = string_limit;
}

/* More groups than the kernel takes: the list's address, as strace shows it. */
static void test_setgroups_beyond_ngroups_max(void **state)
{
	unsigned int groups[2] = {0, 4};

	begin(NR_SETGROUPS, 2, PTR, 0, 0, 0, 0);
	in(1, groups, sizeof(groups));
	assert_string_equal(line(0), "setgroups(2, [0, 4]) = 0");
	begin(NR_SETGROUPS, 65537, PTR, 0, 0, 0, 0);
	in(1, groups, sizeof(groups));
	assert_string_equal(line(-EINVAL), "setgroups(65537, 0x7ffc12345678) = -1 EINVAL (Invalid "
					   "argument)");
	begin(NR_SETGROUPS, 0x7fffffff, PTR, 0, 0, 0, 0);
	in(1, groups, sizeof(groups));
	assert_string_equal(line(-EINVAL), "setgroups(2147483647, 0x7ffc12345678) = -1 EINVAL "
					   "(Invalid argument)");
}

/* The line of the call, then strace's dump of its data (-e read=3 -e write=!3). */
static const char *line_and_dump(__s64 ret)
{
	struct call call = {
		.state = CALL_COMPLETE, .enter = &enter_rec.enter, .exit = &exit_rec.exit};
	struct call_view v;

	line(ret);
	outbuf_putc(&ob, '\n');
	exit_rec.exit.ret = ret;
	decode_view(&dec, &call, &v);
	decode_write_dump(&dec, &ob, &v);
	return ob.data;
}

static void test_x_and_dumps(void **state)
{
	static const char text[] = "plain\n", bytes[] = "bin\1\2\3x";
	__u64 nul = 0;

	/* -x: text stays text, a string with a control byte is all hex */
	begin(NR_RECVFROM, 3, PTR, 64, 0, 0, 0);
	out(1, text, 6);
	assert_string_equal(line_and_dump(6),
			    "recvfrom(3, \"plain\\n\", 64, 0, NULL, NULL) = 6\n"
			    " | 00000  70 6c 61 69 6e 0a                                 "
			    "plain.           |\n");
	begin(NR_RECVFROM, 3, PTR, 64, 0, 0, 0);
	out(1, bytes, 7);
	assert_string_equal(line_and_dump(7),
			    "recvfrom(3, \"\\x62\\x69\\x6e\\x01\\x02\\x03\\x78\", 64, 0, "
			    "NULL, NULL) = 7\n"
			    " | 00000  62 69 6e 01 02 03 78                              "
			    "bin...x          |\n");
	/* as many bytes as the call returned: 3 of the 7 captured */
	begin(NR_RECVFROM, 3, PTR, 64, 0, 0, 0);
	out(1, bytes, 7);
	assert_non_null(strstr(line_and_dump(3), "\n | 00000  62 69 6e   "));
	/* a read that failed has nothing to dump, nor one from an fd not in the set */
	begin(NR_RECVFROM, 3, PTR, 64, 0, 0, 0);
	assert_string_equal(line_and_dump(-EAGAIN),
			    "recvfrom(3, 0x7ffc12345678, 64, 0, NULL, NULL) = -1 EAGAIN "
			    "(Resource temporarily unavailable)\n");
	begin(NR_RECVFROM, 4, PTR, 64, 0, 0, 0);
	out(1, text, 6);
	assert_null(strstr(line_and_dump(6), " | "));
	/* a call that is neither read nor write is never dumped */
	begin(NR_RT_SIGSUSPEND, PTR, 8, 0, 0, 0, 0);
	in(0, &nul, sizeof(nul));
	assert_null(strstr(line_and_dump(-514), " | "));
}

/* A made-up /proc for -Y: a shell 100 and, in a container, its init 150 (1) and 200 (2). */
#define HOST_NS 1000
#define BOX_NS 2000

static int fake_comm(void *ctx, __u32 tid, char *buf, size_t size)
{
	const char *name = tid == 100	? "sleep"
			   : tid == 150 ? "init"
			   : tid == 200 ? "worker"
					: NULL;

	if (!name)
		return -1;
	snprintf(buf, size, "%s", name);
	return 0;
}

static int fake_ns_ids(void *ctx, __u32 tid, enum pid_kind kind, int *ids, int max)
{
	if (tid == 100) {
		ids[0] = 100;
		return 1;
	}
	if (tid != 150 && tid != 200)
		return -1;
	ids[0] = tid;
	ids[1] = tid == 150 || kind == PID_PGID || kind == PID_SID ? 1 : 2;
	if (kind == PID_PGID || kind == PID_SID)
		ids[0] = 150;
	return 2;
}

static __u64 fake_ns_inode(void *ctx, __u32 tid, int up)
{
	if (!tid || tid == 100 || up)
		return HOST_NS;
	return tid == 150 || tid == 200 ? BOX_NS : 0;
}

static void fake_each(void *ctx, bool threads, bool (*fn)(void *arg, __u32 tid), void *arg)
{
	static const __u32 all[] = {100, 150, 200};

	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		if (fn(arg, all[i]))
			return;
	}
}

static void from(__u32 tid, const char *comm)
{
	enter_rec.hdr.tgid = enter_rec.hdr.tid = tid;
	exit_rec.hdr.tgid = exit_rec.hdr.tid = tid;
	strncpy(enter_rec.enter.comm, comm, sizeof(enter_rec.enter.comm) - 1);
	pid_table__note(dec.pids, tid, tid, comm);
}

static void test_pids_with_names_and_namespaces(void **state)
{
	static const struct pid_source fake = {.comm = fake_comm,
					       .ns_ids = fake_ns_ids,
					       .ns_inode = fake_ns_inode,
					       .each = fake_each};
	int exited = 0;

	dec.pids = pid_table__new(&fake);
	assert_non_null(dec.pids);
	/* in btftrace's namespace: the name, no more */
	begin(NR_GETPID, 0, 0, 0, 0, 0, 0);
	from(100, "sleep");
	assert_string_equal(line(100), "getpid() = 100<sleep>");
	begin(NR_KILL, 100, SIGTERM, 0, 0, 0, 0);
	from(100, "sleep");
	assert_string_equal(line(0), "kill(100<sleep>, SIGTERM) = 0");
	/* a group, and pids that stand for no one: numbers */
	begin(NR_KILL, (__u64)-100, 0, 0, 0, 0, 0);
	from(100, "sleep");
	assert_string_equal(line(0), "kill(-100, 0) = 0");
	begin(NR_KILL, (__u64)-1, 0, 0, 0, 0, 0);
	assert_string_equal(line(0), "kill(-1, 0) = 0");
	/* the name a record gave beats /proc's */
	begin(NR_KILL, 100, 0, 0, 0, 0, 0);
	from(100, "renamed");
	assert_string_equal(line(0), "kill(100<renamed>, 0) = 0");
	/* in a container: the name and the number here */
	begin(NR_GETPID, 0, 0, 0, 0, 0, 0);
	from(200, "worker");
	assert_string_equal(line(2), "getpid() = 2<worker> /* 200 in strace's PID NS */");
	begin(NR_KILL, 1, 0, 0, 0, 0, 0);
	from(200, "worker");
	assert_string_equal(line(0), "kill(1<init> /* 150 in strace's PID NS */, 0) = 0");
	/* its group there: the number here, no name */
	begin(NR_KILL, (__u64)(__s64)-1, 0, 0, 0, 0, 0);
	from(200, "worker");
	assert_string_equal(line(0), "kill(-1, 0) = 0");
	begin(NR_KILL, (__u64)(__s64)-2, 0, 0, 0, 0, 0);
	from(200, "worker");
	assert_string_equal(line(0), "kill(-2, 0) = 0");
	/* a child wait4 reaps is gone: its number alone */
	begin(NR_WAIT4, 100, PTR, 0, 0, 0, 0);
	from(100, "sleep");
	out(1, &exited, sizeof(exited));
	assert_string_equal(
		line(100),
		"wait4(100<sleep>, [{WIFEXITED(s) && WEXITSTATUS(s) == 0}], 0, NULL) = 100");
	/* a child not seen yet is named as its parent: it is its copy */
	begin(NR_CLONE, SIGCHLD, 0, 0, PTR, 0, 0);
	from(100, "sleep");
	assert_non_null(strstr(line(150), ") = 150<sleep>"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setsockopt_values_by_level_and_name),
		cmocka_unit_test(test_getsockopt_value_is_as_long_as_optlen_says),
		cmocka_unit_test(test_sockopt_shapes),
		cmocka_unit_test(test_sockaddr_by_its_length),
		cmocka_unit_test(test_sockaddr_x_styles),
		cmocka_unit_test(test_mmsghdr_arrays),
		cmocka_unit_test(test_socket_protocol_by_family),
		cmocka_unit_test(test_ioctl_by_command),
		cmocka_unit_test(test_bpf_attr_by_command),
		cmocka_unit_test(test_perf_attr_sized_by_itself),
		cmocka_unit_test(test_read_up_to_an_unmapped_page),
		cmocka_unit_test(test_time_family_structs),
		cmocka_unit_test(test_prctl_by_option),
		cmocka_unit_test(test_sigaltstack_flags),
		cmocka_unit_test(test_user_desc),
		cmocka_unit_test(test_modify_ldt_return),
		cmocka_unit_test(test_personality_fields),
		cmocka_unit_test(test_fd_path_deleted),
		cmocka_unit_test(test_clone3_args),
		cmocka_unit_test(test_capability_sets),
		cmocka_unit_test(test_seccomp_uargs),
		cmocka_unit_test(test_futex_by_operation),
		cmocka_unit_test(test_fcntl_by_command),
		cmocka_unit_test(test_select_sets_and_what_is_left),
		cmocka_unit_test(test_select_sets_by_n),
		cmocka_unit_test(test_offsets_and_aio_contexts),
		cmocka_unit_test(test_poll_fds_and_what_came_back),
		cmocka_unit_test(test_return_values),
		cmocka_unit_test(test_signal_sets),
		cmocka_unit_test(test_wait_status),
		cmocka_unit_test(test_kernel_internal_errnos),
		cmocka_unit_test(test_bitmaps_and_arrays),
		cmocka_unit_test(test_iovec_arrays),
		cmocka_unit_test(test_uring_and_aio_requests),
		cmocka_unit_test(test_arrays_cut_by_unmapped_memory),
		cmocka_unit_test(test_msghdr_with_what_it_points_to),
		cmocka_unit_test(test_returned_sockaddr_as_long_as_the_kernel_says),
		cmocka_unit_test(test_recvmsg_name_no_longer_than_its_buffer),
		cmocka_unit_test(test_time_left_only_when_interrupted),
		cmocka_unit_test(test_file_flags_and_modes),
		cmocka_unit_test(test_file_structs),
		cmocka_unit_test(test_xattrs_and_dirents),
		cmocka_unit_test(test_mount_strings),
		cmocka_unit_test(test_setgroups_beyond_ngroups_max),
	};
	const struct CMUnitTest option_tests[] = {
		cmocka_unit_test(test_x_and_dumps),
		cmocka_unit_test(test_pids_with_names_and_namespaces),
	};
	const struct CMUnitTest verbose_tests[] = {
		cmocka_unit_test(test_ioctl_termios_in_full_with_v),
	};
	int failed;

	failed = cmocka_run_group_tests(tests, setup, teardown);
	failed += cmocka_run_group_tests_name("verbose", verbose_tests, setup_verbose, teardown);
	failed += cmocka_run_group_tests_name("strace options", option_tests, setup_strace_options,
					      teardown);
	outbuf_free(&ob);
	return failed;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The one hand-written map from arguments and struct members to the tables
 * that name their values: which "flags" is O_* and which is MSG_* is a fact
 * of each syscall's meaning that neither tracefs nor BTF records.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "decode/arg_printers.h"
#include "decode/xlat.h"

/* One fact per line reads better than wrapped rows. */
/* clang-format off */
static const struct value_printer printers[] = {
	/* unsigned long arguments that are really addresses: tracefs cannot say so */
	{ "*", "addr", VK_ADDRESS, NULL },
	{ "*", "start", VK_ADDRESS, NULL },
	{ "*", "brk", VK_ADDRESS, NULL },
	{ "*", "new_addr", VK_ADDRESS, NULL },
	{ "*", "old_addr", VK_ADDRESS, NULL },
	{ "*", "newsp", VK_ADDRESS, NULL },
	{ "*", "tls", VK_ADDRESS, NULL },
	{ "*", "shmaddr", VK_ADDRESS, NULL },
	/* fds, whatever their declared type (mmap's is unsigned long): -1 reads as -1 */
	{ "*", "fd", VK_FD, NULL },
	{ "*", "oldfd", VK_FD, NULL },
	{ "*", "newfd", VK_FD, NULL },
	{ "*", "epfd", VK_FD, NULL },
	{ "*", "out_fd", VK_FD, NULL },
	{ "*", "in_fd", VK_FD, NULL },
	{ "*", "fd_in", VK_FD, NULL },
	{ "*", "fd_out", VK_FD, NULL },
	{ "*", "group_fd", VK_FD, NULL },
	{ "*", "pidfd", VK_FD, NULL },
	{ "dup", "fildes", VK_FD, NULL },
	/* directory fds, under whatever syscall */
	{ "*", "dfd", VK_DIRFD, NULL },
	{ "*", "olddfd", VK_DIRFD, NULL },
	{ "*", "newdfd", VK_DIRFD, NULL },
	{ "*", "from_dfd", VK_DIRFD, NULL },
	{ "*", "to_dfd", VK_DIRFD, NULL },
	/* files */
	{ "open", "flags", VK_OPEN_FLAGS, NULL },
	{ "openat", "flags", VK_OPEN_FLAGS, NULL },
	{ "open", "mode", VK_MODE, NULL },
	{ "openat", "mode", VK_MODE, NULL },
	{ "creat", "mode", VK_MODE, NULL },
	{ "mkdir", "mode", VK_MODE, NULL },
	{ "mkdirat", "mode", VK_MODE, NULL },
	{ "chmod", "mode", VK_MODE, NULL },
	{ "fchmod", "mode", VK_MODE, NULL },
	{ "fchmodat", "mode", VK_MODE, NULL },
	{ "fchmodat2", "mode", VK_MODE, NULL },
	{ "mknod", "mode", VK_MODE, NULL },
	{ "mknodat", "mode", VK_MODE, NULL },
	{ "mq_open", "mode", VK_MODE, NULL },
	{ "umask", "mask", VK_MODE, NULL },
	{ "access", "mode", VK_XLAT, "access_modes" },
	{ "faccessat", "mode", VK_XLAT, "access_modes" },
	{ "faccessat2", "mode", VK_XLAT, "access_modes" },
	{ "faccessat2", "flags", VK_XLAT, "faccessat_flags" },
	{ "newfstatat", "flag", VK_XLAT, "at_flags" },
	{ "statx", "flags", VK_XLAT, "at_flags" },
	{ "statx", "mask", VK_XLAT, "statx_mask" },
	{ "fchownat", "flag", VK_XLAT, "at_flags" },
	{ "linkat", "flags", VK_XLAT, "at_flags" },
	{ "unlinkat", "flag", VK_XLAT, "at_flags" },
	{ "utimensat", "flags", VK_XLAT, "at_flags" },
	{ "execveat", "flags", VK_XLAT, "at_flags" },
	{ "name_to_handle_at", "flag", VK_XLAT, "at_flags" },
	{ "renameat2", "flags", VK_XLAT, "rename_flags" },
	{ "lseek", "whence", VK_XLAT, "seek_whence" },
	{ "fcntl", "cmd", VK_XLAT, "fcntl_cmds" },
	{ "flock", "cmd", VK_XLAT, "flock_ops" },
	{ "fallocate", "mode", VK_XLAT, "fallocate_flags" },
	{ "fadvise64", "advice", VK_XLAT, "fadvise_advice" },
	{ "pipe2", "flags", VK_XLAT, "pipe_flags" },
	{ "dup3", "flags", VK_XLAT, "dup3_flags" },
	{ "eventfd2", "flags", VK_XLAT, "eventfd_flags" },
	{ "signalfd4", "flags", VK_XLAT, "signalfd_flags" },
	{ "inotify_init1", "flags", VK_XLAT, "inotify_init_flags" },
	{ "memfd_create", "flags", VK_XLAT, "memfd_flags" },
	{ "splice", "flags", VK_XLAT, "splice_flags" },
	{ "tee", "flags", VK_XLAT, "splice_flags" },
	{ "vmsplice", "flags", VK_XLAT, "splice_flags" },
	{ "mount", "flags", VK_XLAT, "mount_flags" },
	{ "umount", "flags", VK_XLAT, "umount_flags" },
	/* memory */
	{ "mmap", "prot", VK_XLAT, "mmap_prot" },
	{ "mprotect", "prot", VK_XLAT, "mmap_prot" },
	{ "pkey_mprotect", "prot", VK_XLAT, "mmap_prot" },
	{ "mmap", "flags", VK_XLAT, "mmap_flags" },
	{ "madvise", "behavior", VK_XLAT, "madvise_advice" },
	{ "mremap", "flags", VK_XLAT, "mremap_flags" },
	{ "msync", "flags", VK_XLAT, "msync_flags" },
	{ "mlockall", "flags", VK_XLAT, "mlockall_flags" },
	/* processes and signals */
	{ "clone", "clone_flags", VK_CLONE_FLAGS, NULL },
	{ "unshare", "unshare_flags", VK_XLAT, "unshare_flags" },
	{ "setns", "flags", VK_XLAT, "unshare_flags" },
	{ "wait4", "options", VK_XLAT, "wait_options" },
	{ "waitid", "options", VK_XLAT, "wait_options" },
	{ "kill", "sig", VK_SIGNAL, NULL },
	{ "tkill", "sig", VK_SIGNAL, NULL },
	{ "tgkill", "sig", VK_SIGNAL, NULL },
	{ "rt_sigaction", "sig", VK_SIGNAL, NULL },
	{ "rt_sigqueueinfo", "sig", VK_SIGNAL, NULL },
	{ "rt_tgsigqueueinfo", "sig", VK_SIGNAL, NULL },
	{ "pidfd_send_signal", "sig", VK_SIGNAL, NULL },
	{ "rt_sigprocmask", "how", VK_XLAT, "sigprocmask_how" },
	{ "prctl", "option", VK_XLAT, "prctl_options" },
	{ "futex", "op", VK_FUTEX_OP, NULL },
	{ "getrlimit", "resource", VK_XLAT, "rlimit_resources" },
	{ "setrlimit", "resource", VK_XLAT, "rlimit_resources" },
	{ "prlimit64", "resource", VK_XLAT, "rlimit_resources" },
	{ "getpriority", "which", VK_XLAT, "prio_which" },
	{ "setpriority", "which", VK_XLAT, "prio_which" },
	{ "getitimer", "which", VK_XLAT, "itimer_which" },
	{ "setitimer", "which", VK_XLAT, "itimer_which" },
	{ "getrusage", "who", VK_XLAT, "rusage_who" },
	{ "sched_setscheduler", "policy", VK_XLAT, "sched_policies" },
	{ "membarrier", "cmd", VK_XLAT, "membarrier_cmds" },
	{ "rseq", "sig", VK_HEX, NULL },
	/* time */
	{ "*", "which_clock", VK_XLAT, "clock_ids" },
	{ "timerfd_create", "clockid", VK_XLAT, "clock_ids" },
	{ "clock_nanosleep", "flags", VK_XLAT, "timer_flags" },
	{ "timer_settime", "flags", VK_XLAT, "timer_flags" },
	{ "timerfd_create", "flags", VK_XLAT, "timerfd_create_flags" },
	{ "timerfd_settime", "flags", VK_XLAT, "timerfd_settime_flags" },
	/* sockets */
	{ "socket", "family", VK_XLAT, "address_families" },
	{ "socketpair", "family", VK_XLAT, "address_families" },
	{ "socket", "type", VK_SOCK_TYPE, NULL },
	{ "socketpair", "type", VK_SOCK_TYPE, NULL },
	{ "accept4", "flags", VK_XLAT, "socket_type_flags" },
	{ "setsockopt", "level", VK_XLAT, "socket_levels" },
	{ "getsockopt", "level", VK_XLAT, "socket_levels" },
	{ "sendto", "flags", VK_XLAT, "msg_flags" },
	{ "recvfrom", "flags", VK_XLAT, "msg_flags" },
	{ "sendmsg", "flags", VK_XLAT, "msg_flags" },
	{ "recvmsg", "flags", VK_XLAT, "msg_flags" },
	{ "sendmmsg", "flags", VK_XLAT, "msg_flags" },
	{ "recvmmsg", "flags", VK_XLAT, "msg_flags" },
	{ "shutdown", "how", VK_XLAT, "shutdown_how" },
	/* polling and events */
	{ "epoll_ctl", "op", VK_XLAT, "epoll_ctl_ops" },
	{ "epoll_create1", "flags", VK_XLAT, "epoll_create_flags" },
	{ "getrandom", "flags", VK_XLAT, "getrandom_flags" },
	/* ioctl, bpf, perf */
	{ "ioctl", "cmd", VK_XLAT, "tty_ioctls" },
	{ "bpf", "cmd", VK_XLAT, "bpf_cmds" },
	/* struct members */
	{ "stat", "st_mode", VK_MODE, NULL },
	{ "statx", "stx_mode", VK_MODE, NULL },
	{ "statx", "stx_mask", VK_XLAT, "statx_mask" },
	{ "statx", "stx_attributes", VK_XLAT, "statx_attrs" },
	{ "statx", "stx_attributes_mask", VK_XLAT, "statx_attrs" },
	{ "sigaction", "sa_flags", VK_XLAT, "sa_flags" },
	{ "epoll_event", "events", VK_XLAT, "epoll_events" },
	{ "pollfd", "events", VK_XLAT, "poll_events" },
	{ "pollfd", "revents", VK_XLAT, "poll_events" },
	{ "sockaddr", "sa_family", VK_XLAT, "address_families" },
	{ "__kernel_sockaddr_storage", "ss_family", VK_XLAT, "address_families" },
	{ "perf_event_attr", "type", VK_XLAT, "perf_types" },
	{ "open_how", "flags", VK_OPEN_FLAGS, NULL },
	{ "open_how", "mode", VK_MODE, NULL },
	{ "clone_args", "flags", VK_XLAT, "clone_flags" },
	{ "clone_args", "exit_signal", VK_SIGNAL, NULL },
	{ "sched_attr", "sched_policy", VK_XLAT, "sched_policies" },
	{ "sigevent", "sigev_signo", VK_SIGNAL, NULL },
	{ "rlimit", "rlim_cur", VK_RLIMIT, NULL },
	{ "rlimit", "rlim_max", VK_RLIMIT, NULL },
	{ "rlimit64", "rlim_cur", VK_RLIMIT, NULL },
	{ "rlimit64", "rlim_max", VK_RLIMIT, NULL },
	{ "arch_prctl", "option", VK_XLAT, "arch_prctl_codes" },
	{ "arch_prctl", "arg2", VK_ADDRESS, NULL },
	{ "perf_event_open", "flags", VK_XLAT, "perf_event_open_flags" },
	{ "sigaction", "sa_handler", VK_SIGHANDLER, NULL },
	/* terminal settings, as TCGETS and TCGETS2 return them */
	{ "termios", "c_iflag", VK_XLAT, "termios_iflags" },
	{ "termios", "c_oflag", VK_TERMIOS_OFLAG, NULL },
	{ "termios", "c_cflag", VK_TERMIOS_CFLAG, NULL },
	{ "termios", "c_lflag", VK_XLAT, "termios_lflags" },
	{ "termios2", "c_iflag", VK_XLAT, "termios_iflags" },
	{ "termios2", "c_oflag", VK_TERMIOS_OFLAG, NULL },
	{ "termios2", "c_cflag", VK_TERMIOS_CFLAG, NULL },
	{ "termios2", "c_lflag", VK_XLAT, "termios_lflags" },
	/* union bpf_attr: its members are anonymous structs, one per command; "bpf_attr" scopes them */
	{ "bpf_attr", "map_type", VK_XLAT, "bpf_map_types" },
	{ "bpf_attr", "map_flags", VK_XLAT, "bpf_map_flags" },
	{ "bpf_attr", "prog_type", VK_XLAT, "bpf_prog_types" },
	{ "bpf_attr", "prog_flags", VK_XLAT, "bpf_prog_flags" },
	/* __aligned_u64 members that hold user addresses */
	{ "bpf_attr", "insns", VK_ADDRESS, NULL },
	{ "bpf_attr", "license", VK_ADDRESS, NULL },
	{ "bpf_attr", "log_buf", VK_ADDRESS, NULL },
	{ "bpf_attr", "key", VK_ADDRESS, NULL },
	{ "bpf_attr", "value", VK_ADDRESS, NULL },
	{ "bpf_attr", "next_key", VK_ADDRESS, NULL },
	{ "bpf_attr", "pathname", VK_ADDRESS, NULL },
	{ "bpf_attr", "func_info", VK_ADDRESS, NULL },
	{ "bpf_attr", "line_info", VK_ADDRESS, NULL },
	{ "bpf_attr", "fd_array", VK_ADDRESS, NULL },
	{ "bpf_attr", "btf", VK_ADDRESS, NULL },
	{ "bpf_attr", "btf_log_buf", VK_ADDRESS, NULL },
	{ "bpf_attr", "info", VK_ADDRESS, NULL },
};
/* clang-format on */

const struct value_printer *value_printer_find(const char *scope, const char *name)
{
	const struct value_printer *any = NULL;

	for (size_t i = 0; i < sizeof(printers) / sizeof(printers[0]); i++) {
		if (strcmp(printers[i].name, name))
			continue;
		if (!strcmp(printers[i].scope, scope))
			return &printers[i];
		if (!any && !strcmp(printers[i].scope, "*"))
			any = &printers[i];
	}
	return any;
}

static size_t format_named(const struct value_printer *vp, char *buf, size_t size, uint64_t val)
{
	const struct xlat *x;

	switch (vp->kind) {
	case VK_OPEN_FLAGS:
		return xlat_format_open_flags(buf, size, val);
	case VK_MODE:
		return xlat_format_mode(buf, size, val);
	case VK_SIGNAL:
		return xlat_format_signal(buf, size, val);
	case VK_SOCK_TYPE:
		return xlat_format_socket_type(buf, size, val);
	case VK_FUTEX_OP:
		return xlat_format_futex_op(buf, size, val);
	case VK_CLONE_FLAGS:
		return xlat_format_clone_flags(buf, size, val);
	case VK_HEX:
		return snprintf(buf, size, "%#llx", (unsigned long long)val);
	case VK_ADDRESS:
		return val ? snprintf(buf, size, "%#llx", (unsigned long long)val)
			   : snprintf(buf, size, "NULL");
	case VK_FD:
		return snprintf(buf, size, "%d", (int)val);
	case VK_RLIMIT:
		if (val == ~0ULL)
			return snprintf(buf, size, "RLIM64_INFINITY");
		/* strace shows limits in the unit they usually come in */
		if (val && val % (1024 * 1024) == 0)
			return snprintf(buf, size, "%llu*1024*1024", (unsigned long long)val >> 20);
		if (val && val % 1024 == 0)
			return snprintf(buf, size, "%llu*1024", (unsigned long long)val >> 10);
		return snprintf(buf, size, "%llu", (unsigned long long)val);
	case VK_SIGHANDLER:
		/* the kernel's SIG_DFL, SIG_IGN and SIG_ERR: (void *)0, 1 and -1 */
		if (val == 0)
			return snprintf(buf, size, "SIG_DFL");
		if (val == 1)
			return snprintf(buf, size, "SIG_IGN");
		if (val == ~0ULL)
			return snprintf(buf, size, "SIG_ERR");
		return snprintf(buf, size, "%#llx", (unsigned long long)val);
	case VK_TERMIOS_OFLAG:
		return xlat_format_termios_oflag(buf, size, val);
	case VK_TERMIOS_CFLAG:
		return xlat_format_termios_cflag(buf, size, val);
	case VK_DIRFD:
		if ((int)val == -100)
			return snprintf(buf, size, "AT_FDCWD");
		return snprintf(buf, size, "%d", (int)val);
	case VK_XLAT:
		x = xlat_find(vp->table);
		if (!x)
			return 0;
		return xlat_format(buf, size, x, val);
	}
	return 0;
}

/* The first of the tables (names, NULL-ended) that has name. */
static int const_in_tables(const char *const *tables, const char *name, uint64_t *val)
{
	for (; *tables; tables++) {
		const struct xlat *x = xlat_find(*tables);

		if (x && !xlat_value(x, name, val))
			return 0;
	}
	return -ENOENT;
}

int value_printer_const(const struct value_printer *vp, const char *name, uint64_t *val)
{
	/* the tables each kind's printer reads its names from */
	static const char *const open_flags[] = {"open_access", "open_flags", NULL};
	static const char *const mode[] = {"file_types", NULL};
	static const char *const signal[] = {"signals", NULL};
	static const char *const sock_type[] = {"socket_types", "socket_type_flags", NULL};
	static const char *const futex_op[] = {"futex_cmds", "futex_flags", NULL};
	static const char *const clone_flags[] = {"clone_flags", "signals", NULL};
	static const char *const dirfd[] = {"at_fdcwd", NULL};
	const char *one[] = {vp->table, NULL};

	switch (vp->kind) {
	case VK_XLAT:
		return const_in_tables(one, name, val);
	case VK_OPEN_FLAGS:
		return const_in_tables(open_flags, name, val);
	case VK_MODE:
		return const_in_tables(mode, name, val);
	case VK_SIGNAL:
		return const_in_tables(signal, name, val);
	case VK_SOCK_TYPE:
		return const_in_tables(sock_type, name, val);
	case VK_FUTEX_OP:
		return const_in_tables(futex_op, name, val);
	case VK_CLONE_FLAGS:
		return const_in_tables(clone_flags, name, val);
	case VK_DIRFD:
		return const_in_tables(dirfd, name, val);
	case VK_RLIMIT:
		if (strcmp(name, "RLIM64_INFINITY"))
			return -ENOENT;
		*val = ~0ULL;
		return 0;
	case VK_SIGHANDLER:
		if (!strcmp(name, "SIG_DFL"))
			*val = 0;
		else if (!strcmp(name, "SIG_IGN"))
			*val = 1;
		else
			return -ENOENT;
		return 0;
	default:
		return -EINVAL;
	}
}

int value_printer_format(const struct value_printer *vp, struct outbuf *ob, uint64_t val, int style)
{
	char buf[512];
	size_t n;

	if (style == 1) {
		if (vp->kind == VK_DIRFD || vp->kind == VK_SIGNAL || vp->kind == VK_FD)
			outbuf_s64(ob, (int)val);
		else
			outbuf_hex(ob, val);
		return 0;
	}
	/* the most common argument of all, a number in every style: no snprintf */
	if (vp->kind == VK_FD || (vp->kind == VK_DIRFD && (int)val != -100)) {
		outbuf_s64(ob, (int)val);
		return 0;
	}
	n = format_named(vp, buf, sizeof(buf), val);
	if (n == 0)
		return -ENOENT;
	if (style == 2 && vp->kind != VK_DIRFD && vp->kind != VK_FD && vp->kind != VK_ADDRESS &&
	    vp->kind != VK_SIGHANDLER && vp->kind != VK_HEX) {
		outbuf_hex(ob, val);
		outbuf_puts(ob, " /* ");
		outbuf_puts(ob, buf);
		outbuf_puts(ob, " */");
		return 0;
	}
	outbuf_puts(ob, buf);
	return 0;
}

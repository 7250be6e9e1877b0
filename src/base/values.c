// SPDX-License-Identifier: GPL-2.0
/*
 * The one hand-written map from arguments and struct members to the tables
 * that name their values: which "flags" is O_* and which is MSG_* is a fact
 * of each syscall's meaning that neither tracefs nor BTF records.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/sysmacros.h>

#include "base/values.h"
#include "base/xlat.h"
#include "xlat_tables.h"

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
	{ "*", "fanotify_fd", VK_FD, NULL },
	{ "*", "ruleset_fd", VK_FD, NULL },
	{ "*", "mountdirfd", VK_FD, NULL },
	{ "*", "ufd", VK_FD, NULL },
	{ "*", "fdin", VK_FD, NULL },
	{ "*", "fdout", VK_FD, NULL },
	{ "*", "fs_fd", VK_FD, NULL },
	{ "*", "mqdes", VK_FD, NULL },
	{ "*", "kernel_fd", VK_FD, NULL },
	{ "*", "initrd_fd", VK_FD, NULL },
	/* pidfd_getfd's fd is the other process's: no path of ours */
	{ "pidfd_getfd", "fd", VK_NUMBER, NULL },
	/* flags no table names: strace shows their bits in hex */
	{ "*", "flags", VK_HEX, NULL },
	/*
	 * Numbers strace reads at a width or sign of its own, not the C type's: the whole
	 * register, unsigned where the kernel says signed.
	 */
	{ "ioperm", "from", VK_HEX, NULL },
	{ "ioperm", "num", VK_HEX, NULL },
	{ "sysfs", "option", VK_HEX, NULL, 8 },
	{ "sysfs", "arg1", VK_HEX, NULL, 8 },
	{ "sysfs", "arg2", VK_HEX, NULL, 8 },
	{ "readlink", "bufsiz", VK_UDEC, NULL, 8 },
	{ "readlinkat", "bufsiz", VK_UDEC, NULL, 8 },
	{ "truncate", "length", VK_UDEC, NULL, 8 },
	{ "ftruncate", "length", VK_UDEC, NULL, 8 },
	{ "copy_file_range", "flags", VK_UDEC, NULL },
	{ "sched_getattr", "flags", VK_UDEC, NULL },
	{ "sched_setattr", "flags", VK_UDEC, NULL },
	{ "process_vm_readv", "flags", VK_UDEC, NULL },
	{ "process_vm_writev", "flags", VK_UDEC, NULL },
	/* directory fds, under whatever syscall */
	{ "*", "dfd", VK_DIRFD, NULL },
	{ "*", "olddfd", VK_DIRFD, NULL },
	{ "*", "newdfd", VK_DIRFD, NULL },
	{ "*", "from_dfd", VK_DIRFD, NULL },
	{ "*", "to_dfd", VK_DIRFD, NULL },
	/* execveat's is called fd in its tracefs format, a directory fd all the same */
	{ "execveat", "fd", VK_DIRFD, NULL },
	/* files */
	{ "open", "flags", VK_OPEN_FLAGS, NULL },
	{ "openat", "flags", VK_OPEN_FLAGS, NULL },
	{ "open_by_handle_at", "flags", VK_OPEN_FLAGS, NULL },
	/* permissions to set are numbers to strace (print_numeric_umode_t), a file's mode is not */
	{ "open", "mode", VK_UMODE, NULL },
	{ "openat", "mode", VK_UMODE, NULL },
	{ "creat", "mode", VK_UMODE, NULL },
	{ "mkdir", "mode", VK_UMODE, NULL },
	{ "mkdirat", "mode", VK_UMODE, NULL },
	{ "chmod", "mode", VK_UMODE, NULL },
	{ "fchmod", "mode", VK_UMODE, NULL },
	{ "fchmodat", "mode", VK_UMODE, NULL },
	{ "fchmodat2", "mode", VK_UMODE, NULL },
	{ "umask", "mask", VK_UMODE, NULL },
	{ "mknod", "mode", VK_MODE, NULL },
	{ "mknodat", "mode", VK_MODE, NULL },
	{ "mknod", "dev", VK_DEV, NULL },
	{ "mknodat", "dev", VK_DEV, NULL },
	{ "ustat", "dev", VK_DEV, NULL },
	{ "mq_open", "mode", VK_UMODE, NULL },
	{ "access", "mode", VK_XLAT, &xlat_access_modes },
	{ "faccessat", "mode", VK_XLAT, &xlat_access_modes },
	{ "faccessat2", "mode", VK_XLAT, &xlat_access_modes },
	{ "faccessat2", "flags", VK_XLAT, &xlat_faccessat_flags },
	{ "newfstatat", "flag", VK_XLAT, &xlat_at_flags },
	{ "statx", "flags", VK_STATX_FLAGS, NULL },
	{ "statx", "mask", VK_XLAT, &xlat_statx_mask },
	{ "fchownat", "flag", VK_XLAT, &xlat_at_flags },
	{ "linkat", "flags", VK_XLAT, &xlat_at_flags },
	{ "unlinkat", "flag", VK_XLAT, &xlat_at_flags },
	{ "utimensat", "flags", VK_XLAT, &xlat_at_flags },
	{ "execveat", "flags", VK_XLAT, &xlat_at_flags },
	{ "name_to_handle_at", "flag", VK_XLAT, &xlat_name_to_handle_at_flags },
	{ "renameat2", "flags", VK_XLAT, &xlat_rename_flags },
	{ "lseek", "whence", VK_XLAT, &xlat_seek_whence },
	{ "fcntl", "cmd", VK_XLAT, &xlat_fcntl_cmds },
	{ "flock", "cmd", VK_XLAT, &xlat_flock_ops },
	{ "fallocate", "mode", VK_XLAT, &xlat_fallocate_flags },
	{ "fadvise64", "advice", VK_XLAT, &xlat_fadvise_advice },
	{ "sync_file_range", "flags", VK_XLAT, &xlat_sync_file_range_flags },
	{ "close_range", "fd", VK_NUMBER, NULL },
	{ "close_range", "max_fd", VK_NUMBER, NULL },
	{ "close_range", "flags", VK_XLAT, &xlat_close_range_flags },
	{ "setxattr", "flags", VK_XLAT, &xlat_xattr_flags },
	{ "lsetxattr", "flags", VK_XLAT, &xlat_xattr_flags },
	{ "fsetxattr", "flags", VK_XLAT, &xlat_xattr_flags },
	{ "inotify_add_watch", "mask", VK_XLAT, &xlat_inotify_flags },
	{ "fanotify_init", "event_f_flags", VK_OPEN_FLAGS, NULL },
	{ "fanotify_mark", "flags", VK_XLAT, &xlat_fan_mark_flags },
	{ "fanotify_mark", "mask", VK_XLAT, &xlat_fan_event_flags },
	/* strace names pipe2's and dup3's flags by open's table: O_NOTIFICATION_PIPE is O_EXCL */
	{ "pipe2", "flags", VK_XLAT, &xlat_open_flags },
	{ "dup3", "flags", VK_XLAT, &xlat_open_flags },
	{ "eventfd2", "flags", VK_XLAT, &xlat_eventfd_flags },
	{ "signalfd4", "flags", VK_XLAT, &xlat_signalfd_flags },
	{ "inotify_init1", "flags", VK_XLAT, &xlat_inotify_init_flags },
	{ "tee", "fdin", VK_FD, NULL },
	{ "tee", "fdout", VK_FD, NULL },
	{ "splice", "flags", VK_XLAT, &xlat_splice_flags },
	{ "tee", "flags", VK_XLAT, &xlat_splice_flags },
	{ "vmsplice", "flags", VK_XLAT, &xlat_splice_flags },
	{ "landlock_create_ruleset", "flags", VK_XLAT, &xlat_landlock_create_ruleset_flags },
	{ "landlock_add_rule", "rule_type", VK_XLAT, &xlat_landlock_rule_types },
	{ "landlock_add_rule", "flags", VK_HEX, NULL },
	{ "landlock_restrict_self", "flags", VK_HEX, NULL },
	{ "landlock_ruleset_attr", "handled_access_fs", VK_XLAT, &xlat_landlock_access_fs },
	/* mounts */
	{ "mount", "flags", VK_XLAT, &xlat_mount_flags },
	{ "umount2", "flags", VK_XLAT, &xlat_umount_flags },
	{ "fsopen", "flags", VK_XLAT, &xlat_fsopen_flags },
	{ "fsconfig", "cmd", VK_XLAT, &xlat_fsconfig_cmds },
	{ "fsmount", "flags", VK_XLAT, &xlat_fsmount_flags },
	{ "fsmount", "attr_flags", VK_XLAT, &xlat_fsmount_attr_flags },
	{ "fspick", "flags", VK_XLAT, &xlat_fspick_flags },
	{ "move_mount", "flags", VK_XLAT, &xlat_move_mount_flags },
	{ "open_tree", "flags", VK_XLAT, &xlat_open_tree_flags },
	{ "mount_setattr", "flags", VK_XLAT, &xlat_mount_setattr_flags },
	{ "mount_attr", "attr_set", VK_XLAT, &xlat_mount_attr_flags },
	{ "mount_attr", "attr_clr", VK_XLAT, &xlat_mount_attr_flags },
	{ "mount_attr", "propagation", VK_XLAT, &xlat_mount_propagation },
	/* modules and kexec (signatures from the catalog's fallback when not built in) */
	{ "delete_module", "flags", VK_XLAT, &xlat_delete_module_flags },
	{ "finit_module", "flags", VK_XLAT, &xlat_module_init_flags },
	{ "kexec_file_load", "flags", VK_XLAT, &xlat_kexec_file_load_flags },
	{ "kexec_load", "entry", VK_ADDRESS, NULL },
	/* memory */
	{ "mmap", "prot", VK_XLAT, &xlat_mmap_prot },
	{ "mprotect", "prot", VK_XLAT, &xlat_mmap_prot },
	{ "pkey_mprotect", "prot", VK_XLAT, &xlat_mmap_prot },
	{ "mmap", "flags", VK_XLAT, &xlat_mmap_flags },
	{ "mmap", "off", VK_HEX, NULL },
	{ "madvise", "behavior", VK_XLAT, &xlat_madvise_advice },
	{ "mremap", "flags", VK_XLAT, &xlat_mremap_flags },
	{ "msync", "flags", VK_XLAT, &xlat_msync_flags },
	{ "mlockall", "flags", VK_XLAT, &xlat_mlockall_flags },
	{ "mlock2", "flags", VK_XLAT, &xlat_mlock_flags },
	{ "remap_file_pages", "prot", VK_XLAT, &xlat_mmap_prot },
	{ "process_madvise", "behavior", VK_XLAT, &xlat_madvise_advice },
	{ "process_madvise", "flags", VK_HEX, NULL },
	{ "mbind", "flags", VK_XLAT, &xlat_mbind_flags },
	{ "get_mempolicy", "flags", VK_XLAT, &xlat_get_mempolicy_flags },
	{ "move_pages", "flags", VK_XLAT, &xlat_move_pages_flags },
	{ "set_mempolicy_home_node", "flags", VK_HEX, NULL },
	{ "userfaultfd", "flags", VK_XLAT, &xlat_userfaultfd_flags },
	{ "memfd_secret", "flags", VK_XLAT, &xlat_memfd_secret_flags },
	/* processes and signals */
	{ "clone", "clone_flags", VK_CLONE_FLAGS, NULL },
	{ "unshare", "unshare_flags", VK_XLAT, &xlat_unshare_flags },
	{ "setns", "flags", VK_XLAT, &xlat_setns_types },
	{ "wait4", "options", VK_XLAT, &xlat_wait_options },
	{ "waitid", "options", VK_XLAT, &xlat_wait_options },
	{ "kill", "sig", VK_SIGNAL, NULL },
	{ "tkill", "sig", VK_SIGNAL, NULL },
	{ "tgkill", "sig", VK_SIGNAL, NULL },
	{ "rt_sigaction", "sig", VK_SIGNAL, NULL },
	{ "rt_sigqueueinfo", "sig", VK_SIGNAL, NULL },
	{ "rt_tgsigqueueinfo", "sig", VK_SIGNAL, NULL },
	{ "pidfd_send_signal", "sig", VK_SIGNAL, NULL },
	{ "rt_sigprocmask", "how", VK_XLAT, &xlat_sigprocmask_how },
	{ "prctl", "option", VK_XLAT, &xlat_prctl_options },
	{ "futex", "op", VK_FUTEX_OP, NULL },
	{ "futex_waitv", "clockid", VK_XLAT, &xlat_clock_ids },
	/* struct futex_waitv (its flags: proc.c, as the syscall has a flags argument too) */
	{ "futex_waitv", "val", VK_HEX, NULL },
	{ "futex_waitv", "uaddr", VK_ADDRESS, NULL },
	{ "futex_waitv", "__reserved", VK_HEX, NULL },
	{ "getrlimit", "resource", VK_XLAT, &xlat_rlimit_resources },
	{ "setrlimit", "resource", VK_XLAT, &xlat_rlimit_resources },
	{ "prlimit64", "resource", VK_XLAT, &xlat_rlimit_resources },
	{ "getpriority", "which", VK_XLAT, &xlat_prio_which },
	{ "setpriority", "which", VK_XLAT, &xlat_prio_which },
	{ "getitimer", "which", VK_XLAT, &xlat_itimer_which },
	{ "setitimer", "which", VK_XLAT, &xlat_itimer_which },
	{ "getrusage", "who", VK_XLAT, &xlat_rusage_who },
	{ "sched_setscheduler", "policy", VK_XLAT, &xlat_sched_policies },
	{ "membarrier", "cmd", VK_XLAT, &xlat_membarrier_cmds },
	{ "membarrier", "flags", VK_XLAT, &xlat_membarrier_flags },
	{ "waitid", "which", VK_XLAT, &xlat_waitid_which },
	{ "kcmp", "type", VK_XLAT, &xlat_kcmp_types },
	{ "kcmp", "idx1", VK_FD, NULL },
	{ "kcmp", "idx2", VK_FD, NULL },
	{ "ioprio_get", "which", VK_XLAT, &xlat_ioprio_who },
	{ "ioprio_set", "which", VK_XLAT, &xlat_ioprio_who },
	{ "ptrace", "request", VK_XLAT, &xlat_ptrace_requests },
	{ "seccomp", "op", VK_XLAT, &xlat_seccomp_ops },
	{ "seccomp", "flags", VK_XLAT, &xlat_seccomp_filter_flags },
	{ "pkey_alloc", "flags", VK_HEX, NULL },
	{ "pkey_alloc", "init_val", VK_XLAT, &xlat_pkey_access },
	{ "reboot", "magic1", VK_XLAT, &xlat_reboot_magics },
	{ "reboot", "magic2", VK_XLAT, &xlat_reboot_magics },
	{ "reboot", "cmd", VK_XLAT, &xlat_reboot_cmds },
	{ "sched_get_priority_max", "policy", VK_XLAT, &xlat_sched_policies },
	{ "sched_get_priority_min", "policy", VK_XLAT, &xlat_sched_policies },
	{ "pidfd_open", "flags", VK_XLAT, &xlat_pidfd_open_flags },
	{ "pidfd_getfd", "flags", VK_HEX, NULL },
	{ "sched_attr", "sched_flags", VK_XLAT, &xlat_sched_attr_flags },
	{ "__user_cap_header_struct", "version", VK_XLAT, &xlat_capability_versions },
	/* time */
	{ "*", "which_clock", VK_XLAT, &xlat_clock_ids },
	{ "timerfd_create", "clockid", VK_XLAT, &xlat_clock_ids },
	{ "clock_nanosleep", "flags", VK_XLAT, &xlat_timer_flags },
	{ "timer_settime", "flags", VK_XLAT, &xlat_timer_flags },
	{ "__kernel_timex", "modes", VK_XLAT, &xlat_adjtimex_modes },
	{ "__kernel_timex", "status", VK_XLAT, &xlat_adjtimex_status },
	{ "timerfd_create", "flags", VK_XLAT, &xlat_timerfd_flags },
	{ "timerfd_settime", "flags", VK_XLAT, &xlat_timerfd_flags },
	/* sockets */
	{ "socket", "family", VK_XLAT, &xlat_address_families },
	{ "socketpair", "family", VK_XLAT, &xlat_address_families },
	{ "socket", "type", VK_SOCK_TYPE, NULL },
	{ "socketpair", "type", VK_SOCK_TYPE, NULL },
	{ "accept4", "flags", VK_XLAT, &xlat_socket_type_flags },
	{ "setsockopt", "level", VK_XLAT, &xlat_socket_levels },
	{ "getsockopt", "level", VK_XLAT, &xlat_socket_levels },
	{ "sendto", "flags", VK_XLAT, &xlat_msg_flags },
	{ "recvfrom", "flags", VK_XLAT, &xlat_msg_flags },
	{ "sendmsg", "flags", VK_XLAT, &xlat_msg_flags },
	{ "recvmsg", "flags", VK_XLAT, &xlat_msg_flags },
	{ "sendmmsg", "flags", VK_XLAT, &xlat_msg_flags },
	{ "recvmmsg", "flags", VK_XLAT, &xlat_msg_flags },
	{ "shutdown", "how", VK_XLAT, &xlat_shutdown_how },
	/* reads, writes and asynchronous I/O */
	{ "preadv2", "flags", VK_XLAT, &xlat_rwf_flags },
	{ "pwritev2", "flags", VK_XLAT, &xlat_rwf_flags },
	/* an aio context is the address of its ring in the caller's memory */
	{ "io_destroy", "ctx", VK_ADDRESS, NULL },
	{ "io_submit", "ctx_id", VK_ADDRESS, NULL },
	{ "io_cancel", "ctx_id", VK_ADDRESS, NULL },
	{ "io_getevents", "ctx_id", VK_ADDRESS, NULL },
	{ "io_pgetevents", "ctx_id", VK_ADDRESS, NULL },
	{ "io_uring_enter", "flags", VK_XLAT, &xlat_uring_enter_flags },
	{ "io_uring_register", "opcode", VK_XLAT, &xlat_uring_register_opcodes },
	/* polling and events */
	{ "epoll_ctl", "op", VK_XLAT, &xlat_epoll_ctl_ops },
	{ "epoll_create1", "flags", VK_XLAT, &xlat_epoll_create_flags },
	{ "getrandom", "flags", VK_XLAT, &xlat_getrandom_flags },
	/* System V IPC and message queues (the rest by hand: src/decode/ipc.c) */
	{ "msgsnd", "msgflg", VK_XLAT, &xlat_msgrcv_flags },
	{ "msgrcv", "msgflg", VK_XLAT, &xlat_msgrcv_flags },
	{ "shmat", "shmflg", VK_XLAT, &xlat_shmat_flags },
	{ "sembuf", "sem_flg", VK_XLAT, &xlat_semop_flags },
	{ "mq_open", "oflag", VK_OPEN_FLAGS, NULL },
	{ "mq_attr", "mq_flags", VK_XLAT, &xlat_mq_flags },
	{ "sigevent", "sigev_notify", VK_XLAT, &xlat_sigev_notify },
	/* ioctl, bpf, perf */
	{ "ioctl", "cmd", VK_XLAT, &xlat_tty_ioctls },
	{ "bpf", "cmd", VK_XLAT, &xlat_bpf_cmds },
	/* struct members */
	{ "stat", "st_mode", VK_MODE, NULL },
	{ "stat", "st_dev", VK_DEV, NULL },
	{ "statfs", "f_type", VK_XLAT, &xlat_fs_magics },
	{ "statfs", "f_flags", VK_XLAT, &xlat_statfs_flags },
	{ "stat", "st_rdev", VK_DEV, NULL },
	{ "statx", "stx_mode", VK_MODE, NULL },
	{ "statx", "stx_mask", VK_XLAT, &xlat_statx_mask },
	{ "statx", "stx_attributes", VK_XLAT, &xlat_statx_attrs },
	{ "statx", "stx_attributes_mask", VK_XLAT, &xlat_statx_attrs },
	{ "statx", "stx_mnt_id", VK_HEX, NULL },
	{ "sigaction", "sa_flags", VK_XLAT, &xlat_sa_flags },
	{ "sigaltstack", "ss_flags", VK_XLAT, &xlat_sigaltstack_flags },
	{ "io_event", "data", VK_HEX, NULL },
	{ "io_event", "obj", VK_HEX, NULL },
	{ "epoll_event", "events", VK_XLAT, &xlat_epoll_events },
	{ "pollfd", "events", VK_XLAT, &xlat_poll_events },
	{ "pollfd", "revents", VK_XLAT, &xlat_poll_events },
	{ "sockaddr", "sa_family", VK_XLAT, &xlat_address_families },
	{ "__kernel_sockaddr_storage", "ss_family", VK_XLAT, &xlat_address_families },
	{ "perf_event_attr", "type", VK_XLAT, &xlat_perf_types },
	{ "open_how", "flags", VK_OPEN_FLAGS, NULL },
	/* --kfunc: the open file's flags, as the open call gave them (vfs_read's file) */
	{ "file", "f_flags", VK_OPEN_FLAGS, NULL },
	{ "open_how", "mode", VK_OCT, NULL },
	{ "open_how", "resolve", VK_XLAT, &xlat_resolve_flags },
	{ "clone_args", "flags", VK_XLAT, &xlat_clone_flags },
	{ "clone_args", "exit_signal", VK_SIGNAL, NULL },
	{ "sched_attr", "sched_policy", VK_XLAT, &xlat_sched_policies },
	{ "sigevent", "sigev_signo", VK_SIGNAL, NULL },
	/* strace shows the fraction of a second unsigned, the seconds signed */
	{ "__kernel_timespec", "tv_nsec", VK_UDEC, NULL },
	{ "__kernel_old_timeval", "tv_usec", VK_UDEC, NULL },
	{ "rlimit", "rlim_cur", VK_RLIMIT, NULL },
	{ "rlimit", "rlim_max", VK_RLIMIT, NULL },
	{ "rlimit64", "rlim_cur", VK_RLIMIT, NULL },
	{ "rlimit64", "rlim_max", VK_RLIMIT, NULL },
	{ "arch_prctl", "option", VK_XLAT, &xlat_arch_prctl_codes },
	{ "arch_prctl", "arg2", VK_ADDRESS, NULL },
	{ "perf_event_open", "flags", VK_XLAT, &xlat_perf_event_open_flags },
	{ "sigaction", "sa_handler", VK_SIGHANDLER, NULL },
	/* terminal settings, as TCGETS and TCGETS2 return them */
	{ "termios", "c_iflag", VK_XLAT, &xlat_termios_iflags },
	{ "termios", "c_oflag", VK_TERMIOS_OFLAG, NULL },
	{ "termios", "c_cflag", VK_TERMIOS_CFLAG, NULL },
	{ "termios", "c_lflag", VK_XLAT, &xlat_termios_lflags },
	{ "termios2", "c_iflag", VK_XLAT, &xlat_termios_iflags },
	{ "termios2", "c_oflag", VK_TERMIOS_OFLAG, NULL },
	{ "termios2", "c_cflag", VK_TERMIOS_CFLAG, NULL },
	{ "termios2", "c_lflag", VK_XLAT, &xlat_termios_lflags },
	/* union bpf_attr: its members are anonymous structs, one per command; "bpf_attr" scopes them */
	{ "bpf_attr", "map_type", VK_XLAT, &xlat_bpf_map_types },
	{ "bpf_attr", "map_flags", VK_XLAT, &xlat_bpf_map_flags },
	{ "bpf_attr", "prog_type", VK_XLAT, &xlat_bpf_prog_types },
	{ "bpf_attr", "prog_flags", VK_XLAT, &xlat_bpf_prog_flags },
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

/* Values whose C type says how strace shows them, whatever they are called. */
static const struct value_printer type_printers[] = {
	{ "uid_t", NULL, VK_ID, NULL },
	{ "gid_t", NULL, VK_ID, NULL },
};
/* clang-format on */

const struct value_printer *value_printer_of_type(const char *type)
{
	if (!type)
		return NULL;
	/* a qualifier does not change how a value reads */
	while (!strncmp(type, "const ", 6) || !strncmp(type, "volatile ", 9))
		type += *type == 'c' ? 6 : 9;
	for (size_t i = 0; i < sizeof(type_printers) / sizeof(type_printers[0]); i++) {
		if (!strcmp(type_printers[i].scope, type))
			return &type_printers[i];
	}
	return NULL;
}

const struct value_printer *value_printer_find(const char *scope, const char *name)
{
	const struct value_printer *any = NULL;

	for (size_t i = 0; i < sizeof(printers) / sizeof(printers[0]); i++) {
		/* the first letter first: start-up looks up every argument of every call */
		if (printers[i].name[0] != name[0] || strcmp(printers[i].name, name))
			continue;
		if (!strcmp(printers[i].scope, scope))
			return printers[i].kind == VK_NUMBER ? NULL : &printers[i];
		if (!any && !strcmp(printers[i].scope, "*"))
			any = &printers[i];
	}
	return any;
}

/* The first of the tables (NULL-ended) that has name. */
static int const_in_tables(const struct xlat *const *tables, const char *name, uint64_t *val)
{
	for (; *tables; tables++) {
		if (!xlat_value(*tables, name, val))
			return 0;
	}
	return -ENOENT;
}

int value_printer_const(const struct value_printer *vp, const char *name, uint64_t *val)
{
	/* the tables each kind's printer reads its names from */
	static const struct xlat *const open_flags[] = {&xlat_open_access, &xlat_open_flags, NULL};
	static const struct xlat *const mode[] = {&xlat_file_types, NULL};
	static const struct xlat *const signal[] = {&xlat_signals, NULL};
	static const struct xlat *const sock_type[] = {&xlat_socket_types, &xlat_socket_type_flags,
						       NULL};
	static const struct xlat *const futex_op[] = {&xlat_futex_cmds, &xlat_futex_flags, NULL};
	static const struct xlat *const clone_flags[] = {&xlat_clone_flags, &xlat_signals, NULL};
	static const struct xlat *const dirfd[] = {&xlat_at_fdcwd, NULL};
	static const struct xlat *const statx_flags[] = {&xlat_statx_sync_types, &xlat_at_flags,
							 NULL};
	const struct xlat *one[] = {vp->table, NULL};

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
	case VK_STATX_FLAGS:
		return const_in_tables(statx_flags, name, val);
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

/* A resource limit in kibibytes where it is a whole number of them, as strace shows it. */
static void write_rlimit(struct writer *w, uint64_t val)
{
	char text[48];

	if (val == ~0ULL) {
		w_const(w, val, WR_UDEC, "RLIM64_INFINITY", NULL);
		return;
	}
	/* strace's unit is the kibibyte, once: 8192*1024 */
	if (!val || val % 1024) {
		w_u64(w, val);
		return;
	}
	snprintf(text, sizeof(text), "%llu*1024", (unsigned long long)val >> 10);
	w_num_text(w, val, WR_UDEC, text);
}

/*
 * A device number as strace writes it, by glibc's major() and minor(): makedev(0xfe, 0); under
 * -X raw the number in hex, under -X verbose with the makedev() in its comment.
 */
static void write_dev(struct writer *w, uint64_t dev)
{
	enum wr_xlat_style style = w_xlat_style(w);
	char text[64];

	if (style != WR_XLAT_ABBREV) {
		w_hex(w, dev);
		if (style == WR_XLAT_VERBOSE) {
			snprintf(text, sizeof(text), "makedev(%#x, %#x)", major(dev), minor(dev));
			w_comment(w, text);
		}
		return;
	}
	w_obj_begin(w, WR_OBJ_FN, "makedev");
	w_key_num(w, "major", major(dev), WR_HEX);
	w_key_num(w, "minor", minor(dev), WR_HEX);
	w_obj_end(w, false);
}

/* The kernel's SIG_DFL, SIG_IGN and SIG_ERR: (void *)0, 1 and -1; else the handler's address. */
static void write_sighandler(struct writer *w, uint64_t val)
{
	const char *name = val == 0	  ? "SIG_DFL"
			   : val == 1	  ? "SIG_IGN"
			   : val == ~0ULL ? "SIG_ERR"
					  : NULL;

	if (name)
		w_const(w, val, WR_HEX, name, NULL);
	else
		w_ptr(w, val);
}

void value_write(struct writer *w, const struct value_printer *vp, uint64_t val, unsigned int size)
{
	/*
	 * the argument's own bits: flags and unknown constants show no sign extension; a 64-bit
	 * flags word has no sign to guess at
	 */
	uint64_t bits = size && size < 8 ? val & ((1ULL << (8 * size)) - 1) : val;

	switch (vp->kind) {
	case VK_XLAT:
		if (vp->table && vp->table->kind == XLAT_FLAGS && size == 8)
			xlat_write_flags_wide(w, vp->table, bits);
		else if (vp->table && vp->table->kind == XLAT_FLAGS)
			xlat_write_flags(w, vp->table, bits);
		else
			xlat_write_const_sized(w, vp->table, val, size);
		return;
	case VK_OPEN_FLAGS:
		if (size == 8)
			xlat_write_open_flags_wide(w, bits);
		else
			xlat_write_open_flags(w, bits);
		return;
	case VK_MODE:
		xlat_write_mode(w, bits);
		return;
	case VK_SIGNAL:
		xlat_write_signal(w, val);
		return;
	case VK_SOCK_TYPE:
		xlat_write_socket_type(w, bits);
		return;
	case VK_FUTEX_OP:
		xlat_write_futex_op(w, bits);
		return;
	case VK_CLONE_FLAGS:
		xlat_write_clone_flags(w, bits);
		return;
	case VK_DIRFD:
		if ((int)val == -100)
			w_const(w, (uint64_t)(int64_t)(int)val, WR_DEC, "AT_FDCWD", NULL);
		else
			w_s64(w, (int)val);
		return;
	case VK_FD:
		w_s64(w, (int)val);
		return;
	case VK_ADDRESS:
		w_ptr(w, val);
		return;
	case VK_HEX:
		w_hex(w, bits);
		return;
	case VK_RLIMIT:
		write_rlimit(w, val);
		return;
	case VK_SIGHANDLER:
		write_sighandler(w, val);
		return;
	case VK_TERMIOS_OFLAG:
		xlat_write_termios_oflag(w, bits);
		return;
	case VK_TERMIOS_CFLAG:
		xlat_write_termios_cflag(w, bits);
		return;
	case VK_DEV:
		write_dev(w, val);
		return;
	case VK_STATX_FLAGS:
		xlat_write_statx_flags(w, bits);
		return;
	case VK_UMODE:
		/* a mode_t, as strace's print_numeric_umode_t: no file type, no -X form */
		w_num(w, bits & 0177777, WR_OCT);
		return;
	case VK_OCT:
		w_num(w, bits, WR_OCT);
		return;
	case VK_NUMBER:
		break;
	case VK_UDEC:
		w_u64(w, bits);
		return;
	case VK_ID:
		/* (uid_t)-1 means "no id" (setresuid's "leave it"): strace writes -1 */
		if (bits == (size && size < 8 ? (1ULL << (8 * size)) - 1 : ~0ULL))
			w_s64(w, -1);
		else
			w_u64(w, bits);
		return;
	}
	w_u64(w, val);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The hand-written part of the beauty map, one line per fact, each with its
 * reason. Everything else is derived: a const pointer is read at enter, any
 * other pointer at exit, sizes from BTF, and a byte buffer's length from the
 * integer argument right after it when that is named like a length.
 */
#include <stddef.h>
#include <string.h>
#include "beauty/overrides.h"
#include "bpf/record.h"

#define SOCKADDR_STORAGE "struct __kernel_sockaddr_storage"

/* One fact per line reads better than wrapped rows. */
/* clang-format off */
const struct beauty_override beauty_overrides[] = {
	/* sockets: a sockaddr's real length is its length argument, not sizeof(struct sockaddr) */
	{ "bind", "umyaddr", OV_IN, "addrlen", 0, NULL, "input sockaddr, length in addrlen" },
	{ "connect", "uservaddr", OV_IN, "addrlen", 0, NULL, "input sockaddr, length in addrlen" },
	{ "sendto", "buff", OV_IN, "len", 0, NULL, "data sent, not const in the prototype" },
	{ "sendto", "addr", OV_IN, "addr_len", 0, NULL, "input sockaddr, length in addr_len" },
	{ "accept", "upeer_sockaddr", OV_OUT, "*upeer_addrlen", 0, SOCKADDR_STORAGE, "as many bytes as the length says at exit, not a larger bound: the buffer may end where mapped memory does", .len_written = "upeer_addrlen" },
	{ "accept4", "upeer_sockaddr", OV_OUT, "*upeer_addrlen", 0, SOCKADDR_STORAGE, "as many bytes as the length says at exit, not a larger bound: the buffer may end where mapped memory does", .len_written = "upeer_addrlen" },
	{ "getsockname", "usockaddr", OV_OUT, "*usockaddr_len", 0, SOCKADDR_STORAGE, "as many bytes as the length says at exit, not a larger bound: the buffer may end where mapped memory does", .len_written = "usockaddr_len" },
	{ "getpeername", "usockaddr", OV_OUT, "*usockaddr_len", 0, SOCKADDR_STORAGE, "as many bytes as the length says at exit, not a larger bound: the buffer may end where mapped memory does", .len_written = "usockaddr_len" },
	{ "recvfrom", "addr", OV_OUT, "*addr_len", 0, SOCKADDR_STORAGE, "as many bytes as the length says at exit, not a larger bound: the buffer may end where mapped memory does", .len_written = "addr_len" },
	{ "recvfrom", "ubuf", OV_OUT, "ret", 0, NULL, "the kernel fills as many bytes as it returns" },
	{ "setsockopt", "optval", OV_IN, "optlen", 0, NULL, "option value passed in, not const in the prototype" },
	{ "getsockopt", "optval", OV_OUT, "*optlen", 0, NULL, "as many bytes as *optlen says at exit, the value's length (up to the buffer cap: strace shows -s bytes of a longer one): a value at the end of mapped memory reads whole" },
	{ "sendmsg", "msg", OV_IN, NULL, 0, NULL, "the header, its address, data and control messages are inputs", BT_KIND_MSGHDR },
	{ "recvmsg", "msg", OV_INOUT, NULL, 0, NULL, "the kernel fills the buffers and updates msg_namelen and msg_flags", BT_KIND_MSGHDR },
	{ "sendmmsg", "mmsg", OV_INOUT, "vlen", 1, NULL, "an array of vlen headers; msg_len is written back" },
	{ "recvmmsg", "mmsg", OV_INOUT, "vlen", 1, NULL, "an array of vlen headers; msg_len is written back" },
	/* syscalls whose signature is the catalog's fallback on kernels built without them */
	{ "init_module", "umod", OV_NONE, NULL, 0, NULL, "the module image: strace shows its address" },
	{ "kexec_file_load", "cmdline_ptr", OV_IN, "cmdline_len", 0, NULL, "cmdline_len bytes of command line" },
	{ "set_thread_area", "u_info", OV_INOUT, NULL, 0, NULL, "the descriptor to install; the kernel writes the entry it chose back" },
	{ "get_thread_area", "u_info", OV_INOUT, NULL, 0, NULL, "the kernel reads entry_number and fills the rest", .enter_bytes = 4 },
	{ "recvmmsg", "timeout", OV_INOUT, NULL, 0, NULL, "shown as it went in; what is left after the return value" },
	/* arrays of string pointers: the array, then each string (bounded) */
	{ "execve", "argv", OV_IN, NULL, 0, NULL, "the argument strings, NULL-terminated", BT_KIND_STRV },
	{ "execve", "envp", OV_IN, NULL, 0, NULL, "the environment: counted (strings with -v)", BT_KIND_STRV_COUNT },
	{ "execveat", "argv", OV_IN, NULL, 0, NULL, "the argument strings, NULL-terminated", BT_KIND_STRV },
	{ "execveat", "envp", OV_IN, NULL, 0, NULL, "the environment: counted (strings with -v)", BT_KIND_STRV_COUNT },
	/* byte buffers that are inputs though not const, or whose length is elsewhere */
	{ "sethostname", "name", OV_IN, "len", 0, NULL, "the new name, not NUL-terminated" },
	{ "setdomainname", "name", OV_IN, "len", 0, NULL, "the new name, not NUL-terminated" },
	{ "mount", "dev_name", OV_STRING, NULL, 0, NULL, "a string, not const in the prototype" },
	{ "mount", "dir_name", OV_STRING, NULL, 0, NULL, "a string, not const in the prototype" },
	{ "mount", "type", OV_STRING, NULL, 0, NULL, "a string, not const in the prototype" },
	{ "mount", "data", OV_STRING, NULL, 0, NULL, "options, a string as strace reads them (binary for a few filesystems)" },
	/* System V IPC */
	{ "msgsnd", "msgp", OV_IN, "msgsz", 0, NULL, "mtype, then msgsz bytes of text", .header = sizeof(long) },
	{ "msgrcv", "msgp", OV_OUT, "msgsz", 0, NULL, "mtype, then the text; strace shows msgsz bytes of it", .header = sizeof(long) },
	{ "msgctl", "buf", OV_INOUT, NULL, 0, "struct msqid64_ds", "the 64-bit layout x86_64 uses; IPC_SET reads it, IPC_STAT writes it" },
	{ "shmctl", "buf", OV_INOUT, NULL, 0, "struct shmid64_ds", "the 64-bit layout x86_64 uses; IPC_SET reads it, IPC_STAT writes it" },
	{ "semctl", "arg", OV_INOUT, NULL, 0, "struct semid64_ds", "a pointer for IPC_SET and IPC_STAT, a number for others (then the read fails)" },
	{ "shmat", "shmaddr", OV_NONE, NULL, 0, NULL, "an address to attach at, not a string" },
	{ "shmdt", "shmaddr", OV_NONE, NULL, 0, NULL, "the address of an attached segment, not a string" },
	/* memory */
	{ "mincore", "vec", OV_OUT, "len", 0, NULL, "one byte per page of len, not len bytes", .count_shift = 12 },
	{ "mbind", "nmask", OV_IN, "maxnode", 1, NULL, "a node mask: maxnode - 1 bits in longs", .count_shift = 6, .count_less_one = true },
	{ "set_mempolicy", "nmask", OV_IN, "maxnode", 1, NULL, "a node mask: maxnode - 1 bits in longs", .count_shift = 6, .count_less_one = true },
	{ "get_mempolicy", "nmask", OV_OUT, "maxnode", 1, NULL, "a node mask the kernel fills: maxnode - 1 bits in longs", .count_shift = 6, .count_less_one = true },
	{ "migrate_pages", "old_nodes", OV_IN, "maxnode", 1, NULL, "a node mask: maxnode - 1 bits in longs", .count_shift = 6, .count_less_one = true },
	{ "migrate_pages", "new_nodes", OV_IN, "maxnode", 1, NULL, "a node mask: maxnode - 1 bits in longs", .count_shift = 6, .count_less_one = true },
	{ "move_pages", "pages", OV_IN, "nr_pages", 1, "unsigned long", "nr_pages addresses" },
	{ "move_pages", "nodes", OV_IN, "nr_pages", 1, NULL, "nr_pages node numbers" },
	{ "move_pages", "status", OV_OUT, "nr_pages", 1, NULL, "the kernel writes nr_pages statuses" },
	/* keys: keyctl's arguments mean what its command says */
	{ "keyctl", "arg2", OV_STRING, NULL, 0, NULL, "a string for KEYCTL_JOIN_SESSION_KEYRING; a number for most commands, then the read fails" },
	{ "keyctl", "arg3", OV_INOUT, "arg4", 0, NULL, "a payload or string in (UPDATE, SEARCH), the buffer READ and DESCRIBE fill; a number for others" },
	{ "keyctl", "arg4", OV_STRING, NULL, 0, NULL, "KEYCTL_SEARCH's description; a number for most commands, then the read fails" },
	/* POSIX message queues */
	{ "mq_notify", "u_notification", OV_IN, "32", 0, NULL, "the members strace shows, 32 bytes: the rest of struct sigevent is padding" },
	{ "mq_timedreceive", "u_msg_ptr", OV_OUT, "ret", 0, NULL, "the kernel fills as many bytes as it returns" },
	/* structs passed in through non-const pointers */
	{ "sched_setattr", "uattr", OV_INOUT, NULL, 0, NULL, "attributes passed in; with E2BIG the kernel writes back the size it knows", .written = OW_ALWAYS },
	{ "sched_setparam", "param", OV_IN, NULL, 0, NULL, "parameters passed in" },
	{ "sched_setscheduler", "param", OV_IN, NULL, 0, NULL, "parameters passed in" },
	{ "sched_setaffinity", "user_mask_ptr", OV_IN, "len", 0, NULL, "mask passed in; its length precedes it" },
	{ "sched_getaffinity", "user_mask_ptr", OV_OUT, "ret", 0, NULL, "the kernel returns the bytes it wrote" },
	{ "sched_getattr", "uattr", OV_OUT, "usize", 0, NULL, "the caller's struct size, the kernel fills up to it" },
	{ "epoll_ctl", "event", OV_IN, NULL, 0, NULL, "the event registered" },
	{ "perf_event_open", "attr_uptr", OV_INOUT, NULL, 0, NULL, "attributes passed in; with E2BIG the kernel writes back the size it knows", .written = OW_ALWAYS },
	{ "bpf", "uattr", OV_INOUT, "size", 0, NULL, "union bpf_attr grows; the caller says how much it passes; *_GET_NEXT_ID writes next_id back" },
	{ "clone3", "uargs", OV_INOUT, "size", 0, NULL, "struct clone_args grows; the caller passes its size. At exit, the pidfd and the tid the kernel wrote where it says", BT_KIND_CLONE_ARGS },
	{ "openat2", "how", OV_IN, "usize", 0, NULL, "struct open_how grows; the caller passes its size" },
	{ "landlock_create_ruleset", "attr", OV_IN, "8", 0, NULL, "handled_access_fs, the member strace 6.1 shows: what a size of 8 or more passes" },
	{ "mount_setattr", "uattr", OV_IN, "usize", 0, NULL, "the caller passes its struct size" },
	{ "open_tree_attr", "uattr", OV_IN, "usize", 0, NULL, "the caller passes its struct size" },
	{ "file_setattr", "ufattr", OV_IN, "usize", 0, NULL, "the caller passes its struct size" },
	{ "file_getattr", "ufattr", OV_OUT, "usize", 0, NULL, "the kernel fills up to the caller's size" },
	{ "getcpu", "unused", OV_NONE, NULL, 0, NULL, "the cache the kernel no longer uses: strace shows its address" },
	{ "capget", "header", OV_IN, NULL, 0, NULL, "version and pid passed in (the kernel writes its version back on EINVAL)" },
	{ "capset", "header", OV_IN, NULL, 0, NULL, "version and pid passed in (the kernel writes its version back on EINVAL)" },
	{ "capset", "data", OV_IN, "2", 1, NULL, "the capabilities set, const behind a typedef: one struct for _LINUX_CAPABILITY_VERSION_1, two for the later versions", .read_in_part = true },
	{ "capget", "dataptr", OV_OUT, "2", 1, NULL, "the capabilities the kernel fills: one struct for _LINUX_CAPABILITY_VERSION_1, two for the later versions", .read_in_part = true },
	{ "rseq", "rseq", OV_NONE, NULL, 0, NULL, "the area registered: strace shows its address" },
	{ "setrlimit", "rlim", OV_IN, NULL, 0, NULL, "the new limit" },
	{ "setitimer", "value", OV_IN, NULL, 0, NULL, "the new timer" },
	{ "settimeofday", "tv", OV_IN, NULL, 0, NULL, "the new time" },
	{ "settimeofday", "tz", OV_IN, NULL, 0, NULL, "the new zone" },
	{ "nanosleep", "rqtp", OV_IN, NULL, 0, NULL, "the requested sleep" },
	{ "nanosleep", "rmtp", OV_OUT, NULL, 0, NULL, "the time left, written only when a signal interrupts the sleep", .written = OW_ON_RESTART },
	{ "clock_nanosleep", "rmtp", OV_OUT, NULL, 0, NULL, "the time left, written only when a signal interrupts a relative sleep", .written = OW_ON_RESTART },
	{ "rt_sigprocmask", "nset", OV_IN, NULL, 0, NULL, "the new mask" },
	{ "rt_sigsuspend", "unewset", OV_IN, NULL, 0, NULL, "the mask while suspended" },
	{ "rt_sigqueueinfo", "uinfo", OV_IN, NULL, 0, NULL, "the siginfo sent" },
	{ "rt_tgsigqueueinfo", "uinfo", OV_IN, NULL, 0, NULL, "the siginfo sent" },
	{ "pidfd_send_signal", "info", OV_IN, NULL, 0, NULL, "the siginfo sent" },
	{ "setgroups", "grouplist", OV_IN, "gidsetsize", 1, NULL, "gidsetsize group ids passed in" },
	{ "getgroups", "grouplist", OV_OUT, "ret", 1, NULL, "the kernel returns how many it wrote" },
	{ "semop", "tsops", OV_IN, "nsops", 1, NULL, "nsops operations passed in" },
	{ "semtimedop", "tsops", OV_IN, "nsops", 1, NULL, "nsops operations passed in" },
	{ "mq_open", "u_attr", OV_IN, NULL, 0, NULL, "queue attributes passed in" },
	{ "timer_create", "timer_event_spec", OV_IN, "32", 0, NULL, "the notification passed in: the members strace shows, 32 bytes; the rest of struct sigevent is padding" },
	{ "set_robust_list", "head", OV_NONE, NULL, 0, NULL, "the list head: strace shows its address" },
	{ "get_robust_list", "head_ptr", OV_OUT, NULL, 0, "unsigned long", "the kernel writes the list head's address there" },
	{ "cachestat", "cstat_range", OV_IN, NULL, 0, NULL, "the range asked about" },
	{ "utime", "times", OV_IN, NULL, 0, NULL, "the times to set" },
	{ "utimes", "utimes", OV_IN, "2", 1, NULL, "two timevals (access, modification) to set" },
	{ "futimesat", "utimes", OV_IN, "2", 1, NULL, "two timevals (access, modification) to set" },
	{ "utimensat", "utimes", OV_IN, "2", 1, NULL, "two timespecs (access, modification) to set" },
	{ "getdents", "dirent", OV_OUT, "ret", 0, NULL, "the kernel returns the bytes of entries it wrote" },
	{ "getdents64", "dirent", OV_OUT, "ret", 0, NULL, "the kernel returns the bytes of entries it wrote" },
	{ "io_uring_setup", "params", OV_INOUT, NULL, 0, NULL, "flags in, offsets and features out" },
	{ "adjtimex", "txc_p", OV_OUT, NULL, 0, NULL, "modes in, clock state out: strace shows the struct once, as the kernel left it (a failed call: its address)" },
	{ "clock_adjtime", "utx", OV_OUT, NULL, 0, NULL, "modes in, clock state out: strace shows the struct once, as the kernel left it (a failed call: its address)" },
	{ "name_to_handle_at", "handle", OV_INOUT, "136", 0, NULL, "handle_bytes in, the handle out: the header and up to MAX_HANDLE_SZ bytes; the size it needs comes back with EOVERFLOW too", .written = OW_ALWAYS },
	{ "open_by_handle_at", "handle", OV_IN, "136", 0, NULL, "the header and up to MAX_HANDLE_SZ bytes of handle" },
	{ "copy_file_range", "off_in", OV_IN, NULL, 0, NULL, "the offset passed in: strace does not show the one the kernel advances" },
	{ "copy_file_range", "off_out", OV_IN, NULL, 0, NULL, "the offset passed in: strace does not show the one the kernel advances" },
	{ "sendfile", "offset", OV_INOUT, NULL, 0, NULL, "offset in, advanced offset out" },
	{ "splice", "off_in", OV_IN, NULL, 0, NULL, "the offset passed in: strace does not show the one the kernel advances" },
	{ "splice", "off_out", OV_IN, NULL, 0, NULL, "the offset passed in: strace does not show the one the kernel advances" },
	{ "accept", "upeer_addrlen", OV_INOUT, NULL, 0, NULL, "buffer size in, address length out" },
	{ "accept4", "upeer_addrlen", OV_INOUT, NULL, 0, NULL, "buffer size in, address length out" },
	{ "getsockname", "usockaddr_len", OV_INOUT, NULL, 0, NULL, "buffer size in, address length out" },
	{ "getpeername", "usockaddr_len", OV_INOUT, NULL, 0, NULL, "buffer size in, address length out" },
	{ "getsockopt", "optlen", OV_INOUT, NULL, 0, NULL, "buffer size in, value length out" },
	{ "recvfrom", "addr_len", OV_INOUT, NULL, 0, NULL, "buffer size in, address length out" },
	{ "select", "inp", OV_INOUT, "n", 0, NULL, "n fds asked about in, ready fds out: a bitmap of n bits, not fd_set's 1024", BT_KIND_BITMAP },
	{ "select", "outp", OV_INOUT, "n", 0, NULL, "n fds asked about in, ready fds out: a bitmap of n bits, not fd_set's 1024", BT_KIND_BITMAP },
	{ "select", "exp", OV_INOUT, "n", 0, NULL, "n fds asked about in, ready fds out: a bitmap of n bits, not fd_set's 1024", BT_KIND_BITMAP },
	{ "select", "tvp", OV_INOUT, NULL, 0, NULL, "timeout in, time left out" },
	{ "pselect6", "inp", OV_INOUT, "n", 0, NULL, "n fds asked about in, ready fds out: a bitmap of n bits, not fd_set's 1024", BT_KIND_BITMAP },
	{ "pselect6", "outp", OV_INOUT, "n", 0, NULL, "n fds asked about in, ready fds out: a bitmap of n bits, not fd_set's 1024", BT_KIND_BITMAP },
	{ "pselect6", "exp", OV_INOUT, "n", 0, NULL, "n fds asked about in, ready fds out: a bitmap of n bits, not fd_set's 1024", BT_KIND_BITMAP },
	{ "pselect6", "tsp", OV_INOUT, NULL, 0, NULL, "timeout in, time left out" },
	{ "pselect6", "sig", OV_IN, "16", 0, NULL, "a {sigset pointer, size} pair, and the sigset", BT_KIND_PTR_LEN },
	{ "ppoll", "tsp", OV_INOUT, NULL, 0, NULL, "timeout in, time left out" },
	{ "futex", "utime", OV_IN, NULL, 0, NULL, "a timeout for some ops, a number (val2) for others, then the read fails" },
	/* arrays of structs: the count is another argument */
	{ "poll", "ufds", OV_INOUT, "nfds", 1, NULL, "nfds entries; revents written back" },
	{ "ppoll", "ufds", OV_INOUT, "nfds", 1, NULL, "nfds entries; revents written back" },
	{ "epoll_wait", "events", OV_OUT, "ret", 1, NULL, "the kernel returns how many it wrote" },
	{ "epoll_pwait", "events", OV_OUT, "ret", 1, NULL, "the kernel returns how many it wrote" },
	{ "epoll_pwait2", "events", OV_OUT, "ret", 1, NULL, "the kernel returns how many it wrote" },
	{ "io_getevents", "events", OV_OUT, "ret", 1, NULL, "the kernel returns how many it wrote" },
	{ "io_pgetevents", "events", OV_OUT, "ret", 1, NULL, "the kernel returns how many it wrote" },
	{ "io_getevents", "timeout", OV_IN, NULL, 0, NULL, "the timeout, read at enter: shown whether the call failed or not" },
	{ "io_pgetevents", "timeout", OV_IN, NULL, 0, NULL, "the timeout, read at enter: shown whether the call failed or not" },
	{ "io_cancel", "iocb", OV_IN, NULL, 0, NULL, "the request to cancel, passed in" },
	{ "epoll_pwait", "sigmask", OV_OUT, NULL, 0, NULL, "strace reads it when the call returns: a failed call shows its address" },
	{ "epoll_pwait2", "sigmask", OV_OUT, NULL, 0, NULL, "strace reads it when the call returns: a failed call shows its address" },
	{ "epoll_pwait2", "timeout", OV_OUT, NULL, 0, NULL, "strace reads it when the call returns: a failed call shows its address" },
	{ "futex_waitv", "waiters", OV_IN, "nr_futexes", 1, NULL, "nr_futexes waiters passed in" },
	{ "futex_waitv", "timeout", OV_IN, NULL, 0, NULL, "an absolute timeout passed in, not const in the prototype" },
	{ "readv", "vec", OV_OUT, "vlen", 1, NULL, "the kernel fills the buffers: read at exit, as many bytes as it returns; the buffers' addresses when it fails", BT_KIND_IOVEC, .written = OW_ALWAYS },
	{ "writev", "vec", OV_IN, "vlen", 1, NULL, "vlen buffers written: each iovec with its bytes", BT_KIND_IOVEC },
	{ "preadv", "vec", OV_OUT, "vlen", 1, NULL, "the kernel fills the buffers: read at exit, as many bytes as it returns; the buffers' addresses when it fails", BT_KIND_IOVEC, .written = OW_ALWAYS },
	{ "pwritev", "vec", OV_IN, "vlen", 1, NULL, "vlen buffers written: each iovec with its bytes", BT_KIND_IOVEC },
	{ "preadv2", "vec", OV_OUT, "vlen", 1, NULL, "the kernel fills the buffers: read at exit, as many bytes as it returns; the buffers' addresses when it fails", BT_KIND_IOVEC, .written = OW_ALWAYS },
	{ "pwritev2", "vec", OV_IN, "vlen", 1, NULL, "vlen buffers written: each iovec with its bytes", BT_KIND_IOVEC },
	{ "vmsplice", "uiov", OV_IN, "nr_segs", 1, NULL, "nr_segs buffers given to the pipe: each iovec with its bytes", BT_KIND_IOVEC },
	{ "process_madvise", "vec", OV_IN, "vlen", 1, NULL, "vlen iovecs passed in" },
	{ "process_vm_readv", "lvec", OV_OUT, "liovcnt", 1, NULL, "the kernel fills the local buffers: read at exit, as many bytes as it returns, as readv's; their addresses when it fails", BT_KIND_IOVEC, .written = OW_ALWAYS },
	{ "process_vm_readv", "rvec", OV_IN, "riovcnt", 1, NULL, "riovcnt iovecs passed in" },
	{ "process_vm_writev", "lvec", OV_IN, "liovcnt", 1, NULL, "liovcnt iovecs passed in" },
	{ "process_vm_writev", "rvec", OV_IN, "riovcnt", 1, NULL, "riovcnt iovecs passed in" },
	{ "listmount", "mnt_ids", OV_OUT, "ret", 1, NULL, "the kernel returns how many it wrote" },
	/* fixed facts the prototype hides */
	{ "pipe", "fildes", OV_OUT, "2", 1, NULL, "two fds, though the type says int *" },
	{ "pipe2", "fildes", OV_OUT, "2", 1, NULL, "two fds, though the type says int *" },
	{ "socketpair", "usockvec", OV_OUT, "2", 1, NULL, "two fds, though the type says int *" },
	{ "futex", "uaddr", OV_NONE, NULL, 0, NULL, "the futex word is shared state, not an argument" },
	{ "futex", "uaddr2", OV_NONE, NULL, 0, NULL, "the futex word is shared state, not an argument" },
	{ "set_tid_address", "tidptr", OV_NONE, NULL, 0, NULL, "an address the kernel clears later" },
	{ "clone", "parent_tidptr", OV_OUT, NULL, 0, NULL, "the child's tid (CLONE_PARENT_SETTID) or pidfd (CLONE_PIDFD), written before clone returns" },
	{ "clone", "child_tidptr", OV_NONE, NULL, 0, NULL, "written in the child's time, not the call's" },
	{ "io_submit", "iocbpp", OV_IN, "nr", 1, NULL, "nr pointers to iocbs (the iocbs are not read)" },
	{ "seccomp", "uargs", OV_INOUT, "8", 1, "__u16", "by op: the action SECCOMP_GET_ACTION_AVAIL reads (4 bytes), the three sizes SECCOMP_GET_NOTIF_SIZES writes (6), SECCOMP_SET_MODE_FILTER's struct sock_fprog (16): as many of 8 __u16 as are mapped", .read_in_part = true },
	{ "reboot", "arg", OV_STRING, NULL, 0, NULL, "a string, for LINUX_REBOOT_CMD_RESTART2 only" },
	{ "ptrace", "data", OV_OUT, "8", 0, "unsigned long", "PTRACE_PEEK* and PTRACE_GETEVENTMSG write a word there; other requests read or ignore it" },
	{ "arch_prctl", "arg2", OV_OUT, "8", 0, "unsigned long", "ARCH_GET_FS/ARCH_GET_GS write the base there; a number for the others, then the read fails" },
	{ "modify_ldt", "ptr", OV_NONE, NULL, 0, NULL, "layout by func" },
	{ "quotactl", "addr", OV_NONE, NULL, 0, NULL, "layout by cmd" },
	{ "quotactl_fd", "addr", OV_NONE, NULL, 0, NULL, "layout by cmd" },
	{ "io_uring_enter", "argp", OV_NONE, NULL, 0, NULL, "a sigset or a getevents arg, by flags" },
	{ "io_uring_register", "arg", OV_IN, "nr_args", 1, "struct iovec", "layout by opcode: nr_args iovecs (the largest element of the arrays decoded), fds or an eventfd" },
	{ "fsconfig", "_value", OV_STRING, NULL, 0, NULL, "a string, a blob or a path, by cmd: read as a string, shown by cmd (fs.c)" },
	{ "name_to_handle_at", "mnt_id", OV_OUT, NULL, 0, "int", "an int, though the type says void *" },
	{ "prctl", "arg2", OV_INOUT, "16", 0, NULL, "PR_SET_NAME/PR_GET_NAME's TASK_COMM_LEN-byte name, the int or pointer PR_GET_* write; a number for most options, then the read fails" },
	{ "prctl", "arg3", OV_IN, "16", 0, NULL, "PR_SET_SECCOMP's struct sock_fprog (16 bytes: strace shows the address of one it cannot read whole); a number for most options, then the read fails" },
	{ "prctl", "arg5", OV_STRING, NULL, 0, NULL, "PR_SET_VMA_ANON_NAME's name; a number for other options, then the read fails" },
	{ "fcntl", "arg", OV_INOUT, "32", 0, NULL, "sizeof(struct flock), the largest argument decoded by cmd (F_SETLK, F_GETOWN_EX); a number for most cmds, then the read fails" },
	{ "ioctl", "arg", OV_INOUT, NULL, 0, "struct termios2", "the largest argument decoded by cmd (TCGETS2); a number for some cmds, then the read fails" },
	/* x86_64's sys_rt_sigreturn finds its frame at sp - 8: the handler's return popped pretcode */
	{ "rt_sigreturn", NULL, OV_IN, NULL, 0, "struct rt_sigframe", "the signal mask the frame on the user stack restores", BT_KIND_STACK, .stack_member = "uc.uc_sigmask", .sp_bias = -8 },
	{ "signalfd", "user_mask", OV_IN, NULL, 0, NULL, "the mask passed in, not const in the prototype" },
	{ "rt_sigaction", "act", OV_IN, "88", 0, NULL, "strace reads its struct with a mask of NSIG / 8 longs, 88 bytes, and shows the address when they cannot all be read" },
	{ "rt_sigaction", "oact", OV_OUT, "88", 0, NULL, "strace reads its struct with a mask of NSIG / 8 longs, 88 bytes, and shows the address when they cannot all be read" },
	{ "signalfd4", "user_mask", OV_IN, NULL, 0, NULL, "the mask passed in, not const in the prototype" },
};
/* clang-format on */

const unsigned int beauty_overrides_count = sizeof(beauty_overrides) / sizeof(beauty_overrides[0]);

/* bpf(2)'s commands whose struct has pointer members strace follows (UAPI values) */
#define BPF_CMD_PROG_LOAD 5
#define BPF_CMD_OBJ_PIN 6
#define BPF_CMD_OBJ_GET 7
#define BPF_CMD_OBJ_GET_INFO_BY_FD 15
/* the calls that pass a classic BPF program (struct sock_fprog), by their selector's value */
#define SOCKOPT_ATTACH_FILTER 26	 /* SO_ATTACH_FILTER */
#define SOCKOPT_ATTACH_REUSEPORT_CBPF 51 /* SO_ATTACH_REUSEPORT_CBPF */
#define SECCOMP_OP_SET_MODE_FILTER 1	 /* SECCOMP_SET_MODE_FILTER */
#define PRCTL_SET_SECCOMP 22		 /* PR_SET_SECCOMP */
#define SOCK_FPROG "struct sock_fprog"

/*
 * An input read at enter and, when the call succeeds, again at exit: a page not yet present
 * at enter (a string in a program's read-only data) is there once the kernel has read it.
 */
#define BT_MEMBER_AT_BOTH (BT_MEMBER_AT_ENTER | BT_MEMBER_AT_EXIT)

/* clang-format off */
const struct member_override member_overrides[] = {
	{ "bpf", "uattr", "cmd", BPF_CMD_PROG_LOAD, "license", NULL, BT_MEMBER_STRING, BT_MEMBER_AT_BOTH, 1, BT_CAPTURE_MAX, NULL, "BPF_PROG_LOAD's license: a string" },
	{ "bpf", "uattr", "cmd", BPF_CMD_PROG_LOAD, "insns", "insn_cnt", BT_MEMBER_BYTES, BT_MEMBER_AT_BOTH, 8, BT_CAPTURE_MAX, NULL, "BPF_PROG_LOAD's instructions, insn_cnt of 8 bytes: -v shows them" },
	{ "bpf", "uattr", "cmd", BPF_CMD_OBJ_GET_INFO_BY_FD, "info.info", "info.info_len", BT_MEMBER_BYTES, BT_MEMBER_AT_EXIT, 1, 512, NULL, "the info the kernel wrote, info_len bytes: -v shows a map's or a program's" },
	{ "bpf", "uattr", "cmd", BPF_CMD_OBJ_GET_INFO_BY_FD, "info.bpf_fd", NULL, BT_MEMBER_FD_NAME, BT_MEMBER_AT_ENTER, 1, BT_FD_NAME_MAX, NULL, "what bpf_fd is (bpf-map, bpf-prog), read from the task's fd table at the call: which info the kernel writes, known even when the fd is closed before the line is printed" },
	{ "bpf", "uattr", "cmd", BPF_CMD_OBJ_PIN, "pathname", NULL, BT_MEMBER_STRING, BT_MEMBER_AT_BOTH, 1, BT_CAPTURE_MAX, NULL, "BPF_OBJ_PIN's path" },
	{ "bpf", "uattr", "cmd", BPF_CMD_OBJ_GET, "pathname", NULL, BT_MEMBER_STRING, BT_MEMBER_AT_BOTH, 1, BT_CAPTURE_MAX, NULL, "BPF_OBJ_GET's path" },
	{ "setsockopt", "optval", "optname", SOCKOPT_ATTACH_FILTER, "filter", "len", BT_MEMBER_BYTES, BT_MEMBER_AT_ENTER, 8, BT_CAPTURE_MAX, NULL, "SO_ATTACH_FILTER's program, len instructions of 8 bytes: -v shows them (the level is not checked: another level's option 26 reads what is not a program, and shows none)", SOCK_FPROG },
	{ "setsockopt", "optval", "optname", SOCKOPT_ATTACH_REUSEPORT_CBPF, "filter", "len", BT_MEMBER_BYTES, BT_MEMBER_AT_ENTER, 8, BT_CAPTURE_MAX, NULL, "SO_ATTACH_REUSEPORT_CBPF's program, as SO_ATTACH_FILTER's", SOCK_FPROG },
	{ "seccomp", "uargs", "op", SECCOMP_OP_SET_MODE_FILTER, "filter", "len", BT_MEMBER_BYTES, BT_MEMBER_AT_ENTER, 8, BT_CAPTURE_MAX, NULL, "SECCOMP_SET_MODE_FILTER's program, len instructions of 8 bytes: -v shows them", SOCK_FPROG },
	{ "prctl", "arg3", "option", PRCTL_SET_SECCOMP, "filter", "len", BT_MEMBER_BYTES, BT_MEMBER_AT_ENTER, 8, BT_CAPTURE_MAX, NULL, "PR_SET_SECCOMP's program (SECCOMP_MODE_FILTER), len instructions of 8 bytes: -v shows them", SOCK_FPROG },
	{ "sendmmsg", "mmsg", NULL, 0, "msg_hdr.msg_name", "msg_hdr.msg_namelen", BT_MEMBER_BYTES, BT_MEMBER_AT_ENTER, 1, BT_MSG_NAME_MAX, NULL, "each message's address, msg_namelen bytes" },
	{ "sendmmsg", "mmsg", NULL, 0, "msg_hdr.msg_iov", "msg_hdr.msg_iovlen", BT_MEMBER_IOVEC, BT_MEMBER_AT_ENTER, 16, 0, NULL, "each message's buffers and the data sent" },
	{ "recvmmsg", "mmsg", NULL, 0, "msg_hdr.msg_name", "msg_hdr.msg_namelen", BT_MEMBER_BYTES, BT_MEMBER_AT_EXIT, 1, BT_MSG_NAME_MAX, NULL, "each message's sender, as long as the kernel set msg_namelen" },
	{ "recvmmsg", "mmsg", NULL, 0, "msg_hdr.msg_iov", "msg_hdr.msg_iovlen", BT_MEMBER_IOVEC, BT_MEMBER_AT_EXIT, 16, 0, "msg_len", "each message's buffers, msg_len bytes of data in them" },
};
/* clang-format on */

const unsigned int member_overrides_count = sizeof(member_overrides) / sizeof(member_overrides[0]);

int member_override__index(const char *syscall, unsigned int sel_val, const char *ptr)
{
	const struct member_override *found = NULL;
	int k = 0;

	for (unsigned int o = 0; o < member_overrides_count; o++) {
		const struct member_override *mo = &member_overrides[o];

		if (strcmp(mo->syscall, syscall) || strcmp(mo->ptr, ptr) ||
		    (mo->sel_arg && mo->sel_val != sel_val))
			continue;
		found = mo;
		break;
	}
	if (!found)
		return -1;
	/* its place among the rules of its (syscall, arg) */
	for (const struct member_override *mo = member_overrides; mo < found; mo++)
		if (!strcmp(mo->syscall, found->syscall) && !strcmp(mo->arg, found->arg))
			k++;
	return k < BT_MEMBER_RULES_MAX ? k : -1;
}

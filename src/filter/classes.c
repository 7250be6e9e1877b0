// SPDX-License-Identifier: GPL-2.0
/*
 * Syscall classes, as strace 6.1 has them. A syscall's classes are derived from
 * its argument names and C types as tracefs gives them (a path string makes
 * %file, a descriptor %desc, a sockaddr %network, and a socket call is no
 * %desc), then from its name (%stat, %ipc), and last from the tables of facts
 * below, one line per fact with its reason, for what neither can tell (getpid
 * cannot fail; open returns a descriptor; close_range is no %desc to strace 6.1).
 */
#include <errno.h>
#include <regex.h>
#include <stdbool.h>
#include <string.h>

#include "filter/classes.h"
#include "types/types.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* clang-format off */
const struct syscall_class syscall_classes[] = {
	{ "%file", SC_FILE },
	{ "%desc", SC_DESC },
	{ "%network", SC_NETWORK },
	{ "%net", SC_NETWORK },
	{ "%process", SC_PROCESS },
	{ "%signal", SC_SIGNAL },
	{ "%ipc", SC_IPC },
	{ "%memory", SC_MEMORY },
	{ "%clock", SC_CLOCK },
	{ "%creds", SC_CREDS },
	{ "%stat", SC_STAT },
	{ "%lstat", SC_LSTAT },
	{ "%fstat", SC_FSTAT },
	{ "%%stat", SC_STAT | SC_LSTAT | SC_FSTAT },
	{ "%statfs", SC_STATFS },
	{ "%fstatfs", SC_FSTATFS },
	{ "%%statfs", SC_STATFS | SC_FSTATFS | SC_USTAT },
	{ "%pure", SC_PURE },
};
/* clang-format on */

const unsigned int syscall_classes_count = ARRAY_SIZE(syscall_classes);

/* Argument names of a path string (with a char * type): the syscall takes a file name. */
static const char *const path_names[] = {
	"filename", "pathname", "path",	    "oldname", "newname", "from_pathname", "to_pathname",
	"dev_name", "dir_name", "new_root", "put_old", "special", "specialfile",
};

/* Argument names of a file descriptor (a number, or an int array the call fills). */
static const char *const fd_names[] = {
	"fd",	      "fildes",	    "dfd",	 "olddfd",    "newdfd", "oldfd",    "newfd",
	"ufd",	      "epfd",	    "fd_in",	 "fd_out",    "fdin",	"fdout",    "in_fd",
	"out_fd",     "pidfd",	    "fs_fd",	 "from_dfd",  "to_dfd", "group_fd", "fanotify_fd",
	"mountdirfd", "ruleset_fd", "kernel_fd", "initrd_fd", "mqdes",
};

/* Pointee types that are sets of descriptors: select and poll. */
static const char *const fd_array_types[] = {"fd_set", "struct pollfd"};

/* Pointee types only sockets take. */
static const char *const socket_types[] = {"struct sockaddr", "struct user_msghdr",
					   "struct mmsghdr"};

/* Integer arguments only socket calls have: an address family, a socket option. */
static const char *const socket_arg_names[] = {"family", "optname"};

/* The process a signal is sent to, next to an integer "sig". */
static const char *const signal_target_names[] = {"pid", "tgid", "pidfd"};

/* An address range: an integer start right before its integer length. */
static const char *const range_start_names[] = {"start", "addr"};
static const char *const range_len_names[] = {"len", "len_in", "old_len", "size"};

/* User and group id types: with neither a path nor a descriptor, the caller's own ids. */
static const char *const id_types[] = {"uid_t", "gid_t"};

/* Classes a syscall's name gives away, as POSIX extended regexes. */
static const struct {
	unsigned int bit;
	const char *regex;
} name_rules[] = {
	{SC_SIGNAL, "^(rt_)?sig"},  /* rt_sigaction, rt_sigreturn, sigaltstack, signalfd */
	{SC_IPC, "^(shm|sem|msg)"}, /* the System V families; POSIX mq_* are descriptors */
	{SC_STAT, "^(old|new)?stat(64)?$"},
	{SC_LSTAT, "^(old|new)?lstat(64)?$"},
	{SC_FSTAT, "^(old|new)?fstat(at)?(64)?$|^statx$"},
	{SC_STATFS, "^statv?fs(64)?$"},
	{SC_FSTATFS, "^fstatv?fs(64)?$"},
};

/* One fact per line reads better than wrapped rows. */
/* clang-format off */
const struct syscall_class_fact syscall_class_facts[] = {
	/* %file: a path that no argument's name and type show */
	{ "getcwd", SC_FILE, "writes the working directory's path into a byte buffer" },
	{ "acct", SC_FILE, "its path argument is called name, as xattr names are" },
	{ "umount2", SC_FILE, "its path argument is called name, as xattr names are" },
	{ "name_to_handle_at", SC_FILE, "its path argument is called name, as xattr names are" },
	{ "fsconfig", SC_FILE, "its value is a path for FSCONFIG_SET_PATH" },
	{ "uselib", SC_FILE, "takes a library path; kernels give it no tracefs format" },
	/* %desc: a new descriptor is the return value, which tracefs does not type */
	{ "open", SC_DESC, "returns a new descriptor" },
	{ "creat", SC_DESC, "returns a new descriptor" },
	{ "epoll_create", SC_DESC, "returns a new descriptor" },
	{ "epoll_create1", SC_DESC, "returns a new descriptor" },
	{ "eventfd", SC_DESC, "returns a new descriptor" },
	{ "eventfd2", SC_DESC, "returns a new descriptor" },
	{ "inotify_init", SC_DESC, "returns a new descriptor" },
	{ "inotify_init1", SC_DESC, "returns a new descriptor" },
	{ "memfd_create", SC_DESC, "returns a new descriptor" },
	{ "memfd_secret", SC_DESC, "returns a new descriptor" },
	{ "timerfd_create", SC_DESC, "returns a new descriptor" },
	{ "fanotify_init", SC_DESC, "returns a new descriptor" },
	{ "userfaultfd", SC_DESC, "returns a new descriptor" },
	{ "pidfd_open", SC_DESC, "returns a new descriptor" },
	{ "fsopen", SC_DESC, "returns a new descriptor" },
	{ "io_uring_setup", SC_DESC, "returns a new descriptor" },
	{ "mq_open", SC_DESC, "returns a new descriptor (mqd_t)" },
	{ "landlock_create_ruleset", SC_DESC, "returns a new descriptor" },
	{ "bpf", SC_DESC, "returns and takes map and program descriptors inside union bpf_attr" },
	{ "finit_module", SC_DESC, "loads a module from a descriptor; no tracefs format without modules" },
	{ "kexec_file_load", SC_DESC, "loads kernels from descriptors; no tracefs format without kexec" },
	/* %network: socket calls whose other arguments are plain integers */
	{ "listen", SC_NETWORK, "a socket call: fd and backlog are all it takes" },
	{ "shutdown", SC_NETWORK, "a socket call: fd and how are all it takes" },
	{ "sendfile", SC_NETWORK | SC_DESC, "sends a file to a socket: strace has it in both" },
	{ "getpmsg", SC_NETWORK, "a STREAMS message call; kernels give it no tracefs format" },
	{ "putpmsg", SC_NETWORK, "a STREAMS message call; kernels give it no tracefs format" },
	/* %process: the lifecycle, which no argument type tells */
	{ "clone", SC_PROCESS, "creates a process or thread" },
	{ "clone3", SC_PROCESS, "creates a process or thread" },
	{ "fork", SC_PROCESS, "creates a process" },
	{ "vfork", SC_PROCESS, "creates a process" },
	{ "execve", SC_PROCESS, "replaces the program" },
	{ "execveat", SC_PROCESS, "replaces the program" },
	{ "exit", SC_PROCESS, "ends the thread" },
	{ "exit_group", SC_PROCESS, "ends the process" },
	{ "wait4", SC_PROCESS, "waits for a child to change state" },
	{ "waitid", SC_PROCESS, "waits for a child to change state" },
	/* %signal */
	{ "pause", SC_SIGNAL, "waits for a signal; takes no argument" },
	{ "io_uring_enter", SC_SIGNAL, "waits with a signal mask, hidden in its untyped argp" },
	/* %memory: the address space as a whole, or one area without a length */
	{ "brk", SC_MEMORY, "moves the program break: an address without a length" },
	{ "mlockall", SC_MEMORY, "locks the whole address space" },
	{ "munlockall", SC_MEMORY, "unlocks the whole address space" },
	{ "shmat", SC_MEMORY, "maps a System V segment into the address space" },
	{ "shmdt", SC_MEMORY, "unmaps a System V segment" },
	{ "set_mempolicy", SC_MEMORY, "NUMA policy of the whole address space" },
	{ "get_mempolicy", SC_MEMORY, "NUMA policy of the address space or of one address" },
	{ "migrate_pages", SC_MEMORY, "moves a process's pages between NUMA nodes" },
	{ "move_pages", SC_MEMORY, "moves pages given as an array of addresses" },
	{ "io_setup", SC_MEMORY, "maps the AIO completion ring into the caller" },
	{ "io_destroy", SC_MEMORY, "unmaps the AIO completion ring" },
	{ "io_uring_register", SC_MEMORY, "registers buffers: pins the caller's memory" },
	/* %clock: reading or setting a clock is meaning, not a type */
	{ "time", SC_CLOCK, "reads the wall clock" },
	{ "gettimeofday", SC_CLOCK, "reads the wall clock" },
	{ "settimeofday", SC_CLOCK, "sets the wall clock" },
	{ "adjtimex", SC_CLOCK, "reads or tunes the system clock" },
	{ "clock_adjtime", SC_CLOCK, "reads or tunes a clock" },
	{ "clock_gettime", SC_CLOCK, "reads a clock" },
	{ "clock_settime", SC_CLOCK, "sets a clock" },
	{ "clock_getres", SC_CLOCK, "reads a clock's resolution" },
	/* %creds: calls about the caller's ids with no id-typed argument */
	{ "getuid", SC_CREDS | SC_PURE, "returns the caller's user id; cannot fail" },
	{ "geteuid", SC_CREDS | SC_PURE, "returns the caller's effective user id; cannot fail" },
	{ "getgid", SC_CREDS | SC_PURE, "returns the caller's group id; cannot fail" },
	{ "getegid", SC_CREDS | SC_PURE, "returns the caller's effective group id; cannot fail" },
	{ "capget", SC_CREDS, "reads capability sets" },
	{ "capset", SC_CREDS, "sets capability sets" },
	{ "prctl", SC_CREDS, "PR_SET_KEEPCAPS, PR_CAPBSET_DROP and others change credentials" },
	/* %%statfs */
	{ "ustat", SC_USTAT, "file system statistics by device number: in %%statfs only" },
	/* %pure: no arguments and no failure, which no format says */
	{ "getpid", SC_PURE, "returns the caller's process id; cannot fail" },
	{ "getppid", SC_PURE, "returns the parent's process id; cannot fail" },
	{ "getpgrp", SC_PURE, "returns the caller's process group; cannot fail" },
	{ "gettid", SC_PURE, "returns the caller's thread id; cannot fail" },
};
/* clang-format on */

const unsigned int syscall_class_facts_count = ARRAY_SIZE(syscall_class_facts);

/* Classes the derivation gives that strace 6.1 does not: taken away, each with its reason. */
/* clang-format off */
const struct syscall_class_fact syscall_class_exclusions[] = {
	{ "close_range", SC_DESC, "strace 6.1 leaves it out of %desc (later versions put it in)" },
};
/* clang-format on */

const unsigned int syscall_class_exclusions_count = ARRAY_SIZE(syscall_class_exclusions);

const struct syscall_class *syscall_class__find(const char *name)
{
	for (unsigned int i = 0; i < syscall_classes_count; i++) {
		if (!strcmp(syscall_classes[i].name, name))
			return &syscall_classes[i];
	}
	return NULL;
}

static bool in_list(const char *s, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(s, list[i]))
			return true;
	}
	return false;
}

#define IN(s, list) in_list(s, list, ARRAY_SIZE(list))

/* The C type without qualifiers and stars: "const struct sockaddr *" -> "struct sockaddr". */
static void type_base(const char *ctype, char *buf, size_t size)
{
	const char *p = ctype;
	size_t n = 0;

	buf[0] = '\0';
	while (*p) {
		size_t len;

		while (*p == ' ' || *p == '*')
			p++;
		len = strcspn(p, " *");
		if (!len)
			break;
		if ((len == 5 && !strncmp(p, "const", 5)) ||
		    (len == 8 && !strncmp(p, "volatile", 8))) {
			p += len;
			continue;
		}
		if (n && n + 1 < size)
			buf[n++] = ' ';
		if (n + len >= size)
			len = size - 1 - n;
		memcpy(buf + n, p, len);
		n += len;
		buf[n] = '\0';
		p += len;
	}
}

/* The classes one syscall's argument names and types show. */
static unsigned int derive_from_args(const struct syscall_desc *desc)
{
	bool sig = false, target = false, ids = false;
	unsigned int classes = 0;

	for (int i = 0; i < desc->nargs; i++) {
		const struct syscall_arg *a = &desc->args[i];
		char base[SYSCALL_ARG_TYPE_MAX];
		struct arg_type at;
		bool value;

		/* the string alone says what matters here: pointers, char */
		types__resolve(NULL, a->type, &at);
		type_base(a->type, base, sizeof(base));
		value = at.ptr_depth == 0;
		if (at.ptr_depth == 1 && at.is_char && IN(a->name, path_names))
			classes |= SC_FILE;
		if (IN(a->name, fd_names) && (value || (at.ptr_depth == 1 && !strcmp(base, "int"))))
			classes |= SC_DESC;
		if (at.ptr_depth == 1 && IN(base, fd_array_types))
			classes |= SC_DESC;
		if ((at.ptr_depth == 1 && IN(base, socket_types)) ||
		    (value && IN(a->name, socket_arg_names)))
			classes |= SC_NETWORK;
		if (value && i + 1 < desc->nargs && IN(a->name, range_start_names) &&
		    IN(desc->args[i + 1].name, range_len_names) &&
		    !strchr(desc->args[i + 1].type, '*'))
			classes |= SC_MEMORY;
		sig |= value && !strcmp(a->name, "sig");
		target |= value && IN(a->name, signal_target_names);
		ids |= at.ptr_depth <= 1 && IN(base, id_types);
	}
	/* kill, tgkill, rt_sigqueueinfo, pidfd_send_signal; rseq's "sig" is a signature */
	if (sig && target)
		classes |= SC_SIGNAL | SC_PROCESS;
	/* chown's uid and gid are a file's owner, not the caller's credentials */
	if (ids && !(classes & (SC_FILE | SC_DESC)))
		classes |= SC_CREDS;
	return classes;
}

/* Whether desc is the call named name, or an i386 call that takes its format. */
static bool syscall_named(const struct syscall_desc *desc, const char *name)
{
	return !strcmp(desc->name, name) || !strcmp(syscall_desc__like(desc), name);
}

int syscall_classes__compute(const struct catalog *cat, unsigned int classes[BT_MAX_SYSCALLS])
{
	regex_t rx[ARRAY_SIZE(name_rules)];
	unsigned int compiled = 0;
	int err = 0;

	memset(classes, 0, BT_MAX_SYSCALLS * sizeof(classes[0]));
	for (; compiled < ARRAY_SIZE(name_rules); compiled++) {
		if (regcomp(&rx[compiled], name_rules[compiled].regex, REG_EXTENDED | REG_NOSUB)) {
			err = -EINVAL;
			goto out;
		}
	}
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		const struct syscall_desc *desc = catalog__by_nr(cat, nr);

		if (!desc)
			continue;
		if (desc->has_format)
			classes[nr] = derive_from_args(desc);
		for (unsigned int i = 0; i < ARRAY_SIZE(name_rules); i++) {
			if (regexec(&rx[i], desc->name, 0, NULL, 0) == 0)
				classes[nr] |= name_rules[i].bit;
		}
	}
	/*
	 * a syscall this build's unistd table does not know cannot be traced by
	 * name; an i386 call has the facts of the x86_64 call whose format it
	 * takes (mmap2 mmap's) and of its own name
	 */
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		const struct syscall_desc *desc = catalog__by_nr(cat, nr);

		for (unsigned int i = 0; desc && i < syscall_class_facts_count; i++) {
			if (syscall_named(desc, syscall_class_facts[i].syscall))
				classes[nr] |= syscall_class_facts[i].classes;
		}
	}
	/*
	 * strace's socket calls are %network only, though they take and return descriptors:
	 * -e trace=%desc leaves out socket, connect and sendmsg...
	 */
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (classes[nr] & SC_NETWORK)
			classes[nr] &= ~SC_DESC;
	}
	/* ...unless a fact says so (sendfile); an i386 call as the x86_64 one it takes after */
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		const struct syscall_desc *desc = catalog__by_nr(cat, nr);

		for (unsigned int i = 0; desc && i < syscall_class_facts_count; i++) {
			if (syscall_named(desc, syscall_class_facts[i].syscall))
				classes[nr] |= syscall_class_facts[i].classes & SC_DESC;
		}
		for (unsigned int i = 0; desc && i < syscall_class_exclusions_count; i++) {
			if (syscall_named(desc, syscall_class_exclusions[i].syscall))
				classes[nr] &= ~syscall_class_exclusions[i].classes;
		}
	}
out:
	while (compiled--)
		regfree(&rx[compiled]);
	return err;
}

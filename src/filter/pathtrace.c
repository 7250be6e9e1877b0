// SPDX-License-Identifier: GPL-2.0
/*
 * -P and --trace-fds: the arguments strace 6.1's pathtrace rules look at for each call, and
 * what each call does to the fds that refer to a traced path.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bpf/record.h"
#include "filter/classes.h"
#include "filter/pathtrace.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define FD(i) BT_PT_FD_ARG(i)
#define PATH(i) BT_PT_PATH_ARG(i)

struct pathtrace_rule {
	const char *name;
	__u32 spec;
};

/*
 * The calls whose fds and paths are not strace's default (a path in argument 0 for a call
 * of %file, else an fd in argument 0 for one of %desc or %network); spec 0: none at all.
 */
/* clang-format off */
static const struct pathtrace_rule rules[] = {
	/* fd, fd */
	{ "dup2", FD(0) | FD(1) }, { "dup3", FD(0) | FD(1) },
	{ "kexec_file_load", FD(0) | FD(1) }, { "sendfile", FD(0) | FD(1) },
	{ "sendfile64", FD(0) | FD(1) }, { "tee", FD(0) | FD(1) },
	/* fd, path */
	{ "execveat", FD(0) | PATH(1) }, { "faccessat", FD(0) | PATH(1) },
	{ "faccessat2", FD(0) | PATH(1) }, { "fchmodat", FD(0) | PATH(1) },
	{ "fchmodat2", FD(0) | PATH(1) }, { "fchownat", FD(0) | PATH(1) },
	{ "fspick", FD(0) | PATH(1) }, { "fstatat64", FD(0) | PATH(1) },
	{ "futimesat", FD(0) | PATH(1) }, { "inotify_add_watch", FD(0) | PATH(1) },
	{ "mkdirat", FD(0) | PATH(1) }, { "mknodat", FD(0) | PATH(1) },
	{ "mount_setattr", FD(0) | PATH(1) }, { "name_to_handle_at", FD(0) | PATH(1) },
	{ "newfstatat", FD(0) | PATH(1) }, { "open_tree", FD(0) | PATH(1) },
	{ "openat", FD(0) | PATH(1) }, { "openat2", FD(0) | PATH(1) },
	{ "readlinkat", FD(0) | PATH(1) }, { "statx", FD(0) | PATH(1) },
	{ "unlinkat", FD(0) | PATH(1) }, { "utimensat", FD(0) | PATH(1) },
	/* path, path */
	{ "link", PATH(0) | PATH(1) }, { "mount", PATH(0) | PATH(1) },
	{ "pivot_root", PATH(0) | PATH(1) },
	/* x, path */
	{ "quotactl", PATH(1) }, { "symlink", PATH(1) },
	/* fd, path, fd, path */
	{ "linkat", FD(0) | PATH(1) | FD(2) | PATH(3) },
	{ "move_mount", FD(0) | PATH(1) | FD(2) | PATH(3) },
	{ "renameat", FD(0) | PATH(1) | FD(2) | PATH(3) },
	{ "renameat2", FD(0) | PATH(1) | FD(2) | PATH(3) },
	/* x, x, x, x, fd */
	{ "mmap", FD(4) }, { "mmap2", FD(4) },
	/* x, fd, path */
	{ "symlinkat", FD(1) | PATH(2) },
	/* fd, x, fd */
	{ "copy_file_range", FD(0) | FD(2) }, { "splice", FD(0) | FD(2) },
	/* x, x, fd */
	{ "epoll_ctl", FD(2) },
	/* x, x, mask, fd, path: the mask is one 64-bit argument on x86_64 */
	{ "fanotify_mark", FD(3) | PATH(4) },
	{ "select", BT_PT_SPEC_KIND(BT_PT_KIND_SELECT) },
	{ "_newselect", BT_PT_SPEC_KIND(BT_PT_KIND_SELECT) },
	{ "pselect6", BT_PT_SPEC_KIND(BT_PT_KIND_SELECT) },
	{ "pselect6_time64", BT_PT_SPEC_KIND(BT_PT_KIND_SELECT) },
	{ "poll", BT_PT_SPEC_KIND(BT_PT_KIND_POLL) },
	{ "ppoll", BT_PT_SPEC_KIND(BT_PT_KIND_POLL) },
	{ "ppoll_time64", BT_PT_SPEC_KIND(BT_PT_KIND_POLL) },
	{ "fsconfig", BT_PT_SPEC_KIND(BT_PT_KIND_FSCONFIG) },
	/* of %file, %desc or %network, with no fd or path argument to look at */
	{ "bpf", 0 }, { "epoll_create", 0 }, { "epoll_create1", 0 }, { "eventfd2", 0 },
	{ "eventfd", 0 }, { "fanotify_init", 0 }, { "fsopen", 0 }, { "inotify_init", 0 },
	{ "inotify_init1", 0 }, { "io_uring_setup", 0 }, { "landlock_create_ruleset", 0 },
	{ "memfd_create", 0 }, { "memfd_secret", 0 }, { "mq_open", 0 },
	{ "perf_event_open", 0 }, { "pidfd_open", 0 }, { "pipe", 0 }, { "pipe2", 0 },
	{ "socket", 0 }, { "socketpair", 0 }, { "timerfd_create", 0 }, { "userfaultfd", 0 },
};

/* What each call does to the fds that refer to a -P path, as the collector keeps them. */
static const struct pathtrace_rule effects[] = {
	{ "open", BT_PT_FX_OPEN }, { "openat", BT_PT_FX_OPEN }, { "openat2", BT_PT_FX_OPEN },
	{ "creat", BT_PT_FX_OPEN }, { "open_by_handle_at", BT_PT_FX_NEWFD },
	{ "dup", BT_PT_FX_NEWFD }, { "dup2", BT_PT_FX_NEWFD }, { "dup3", BT_PT_FX_NEWFD },
	{ "fcntl", BT_PT_FX_FCNTL }, { "fcntl64", BT_PT_FX_FCNTL },
	{ "close", BT_PT_FX_CLOSE }, { "close_range", BT_PT_FX_CLOSE_RANGE },
	{ "pidfd_getfd", BT_PT_FX_NEWFD },
};
/* clang-format on */

static const struct pathtrace_rule *rule_of(const struct pathtrace_rule *table, size_t n,
					    const char *name)
{
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(table[i].name, name))
			return &table[i];
	}
	return NULL;
}

__u32 pathtrace_spec(const char *name, unsigned int classes)
{
	const struct pathtrace_rule *r, *fx = rule_of(effects, ARRAY_SIZE(effects), name);
	__u32 spec = fx ? BT_PT_SPEC_FX(fx->spec) : 0;

	/* strace looks at the calls of %file, %desc and %network only */
	if (!(classes & (SC_FILE | SC_DESC | SC_NETWORK)))
		return spec;
	r = rule_of(rules, ARRAY_SIZE(rules), name);
	if (r)
		return spec | r->spec;
	if (classes & SC_FILE)
		return spec | PATH(0);
	return spec | FD(0);
}

int pathtrace_specs(const struct catalog *cat, __u32 spec[BT_MAX_SYSCALLS])
{
	unsigned int *classes = calloc(BT_MAX_SYSCALLS, sizeof(*classes));
	int err;

	if (!classes)
		return -ENOMEM;
	err = syscall_classes__compute(cat, classes);
	for (int nr = 0; !err && nr < BT_MAX_SYSCALLS; nr++) {
		const struct syscall_desc *desc = catalog__by_nr(cat, nr);

		spec[nr] = desc ? pathtrace_spec(syscall_desc__like(desc), classes[nr]) : 0;
	}
	free(classes);
	return err;
}

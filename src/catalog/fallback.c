// SPDX-License-Identifier: GPL-2.0
/*
 * Signatures of the syscalls a kernel may give no tracefs format: those it was built without
 * (modules, kexec, uselib) and the numbers no kernel implements. tracefs describes only what is
 * compiled in, and neither the UAPI headers nor BTF hold a prototype of what is not, so the few
 * are written here once: the arguments as the kernel's SYSCALL_DEFINE declares them, spelt as
 * tracefs would, or for an unimplemented number how many registers strace shows.
 */
#include <string.h>

#include "catalog/catalog.h"

/* One fact per line reads better than wrapped rows. */
/* clang-format off */
static const struct syscall_fallback fallbacks[] = {
	/* built only with CONFIG_MODULES */
	{ "init_module", "void * umod; unsigned long len; const char * uargs", 0 },
	{ "delete_module", "const char * name_user; unsigned int flags", 0 },
	{ "finit_module", "int fd; const char * uargs; int flags", 0 },
	/* built only with CONFIG_KEXEC_CORE, CONFIG_KEXEC_FILE */
	{ "kexec_load", "unsigned long entry; unsigned long nr_segments; "
			"struct kexec_segment * segments; unsigned long flags", 0 },
	{ "kexec_file_load", "int kernel_fd; int initrd_fd; unsigned long cmdline_len; "
			     "const char * cmdline_ptr; unsigned long flags", 0 },
	/* built only with CONFIG_USELIB; gone since 6.x's removals of each */
	{ "uselib", "const char * library", 0 },
	{ "lookup_dcookie", "u64 cookie64; char * buf; size_t len", 0 },
	{ "_sysctl", "struct __sysctl_args * args", 0 },
	/* x86's TLS descriptors: a 32-bit ABI's calls, no format on x86_64 */
	{ "set_thread_area", "struct user_desc * u_info", 0 },
	{ "get_thread_area", "struct user_desc * u_info", 0 },
	/* numbers no kernel implements (sys_ni_syscall): the registers strace shows */
	{ "create_module", NULL, 2 },
	{ "get_kernel_syms", NULL, 1 },
	{ "query_module", NULL, 5 },
	{ "nfsservctl", NULL, 3 },
	{ "getpmsg", NULL, 5 },
	{ "putpmsg", NULL, 5 },
	{ "afs_syscall", NULL, 5 },
	{ "tuxcall", NULL, 3 },
	{ "security", NULL, 3 },
	{ "epoll_ctl_old", NULL, 4 },
	{ "epoll_wait_old", NULL, 4 },
	{ "vserver", NULL, 5 },
};
/* clang-format on */

const struct syscall_fallback *catalog_fallback_find(const char *name)
{
	for (size_t i = 0; i < sizeof(fallbacks) / sizeof(fallbacks[0]); i++) {
		if (!strcmp(fallbacks[i].name, name))
			return &fallbacks[i];
	}
	return NULL;
}

const struct syscall_fallback *catalog_fallbacks(size_t *count)
{
	*count = sizeof(fallbacks) / sizeof(fallbacks[0]);
	return fallbacks;
}

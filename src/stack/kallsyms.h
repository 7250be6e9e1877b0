/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel's symbols, from /proc/kallsyms, for --kernel-stack's frames. */
#ifndef BTFTRACE_KALLSYMS_H
#define BTFTRACE_KALLSYMS_H

#include <stddef.h>
#include <linux/types.h>

struct ksym {
	__u64 addr;
	const char *name;
	const char *module; /* "[bpf]" for BPF programs, "[ext4]" for a module, NULL: the kernel */
};

struct kallsyms {
	struct ksym *syms; /* by address */
	size_t n;
	char *names; /* every name and module, NUL-terminated */
};

/*
 * Reads the code symbols of path (NULL: /proc/kallsyms). -EPERM when every address reads as
 * 0 (kernel.kptr_restrict, or no CAP_SYSLOG): frames could not be named.
 */
int kallsyms__load(struct kallsyms *ks, const char *path);
void kallsyms__free(struct kallsyms *ks);
/* Whether code addresses in path (NULL: /proc/kallsyms) can be read: 0, -EPERM, or -errno. */
int kallsyms__check(const char *path);
/* The symbol addr is in (the nearest at or below it), or NULL. */
const struct ksym *kallsyms__find(const struct kallsyms *ks, __u64 addr);

#endif /* BTFTRACE_KALLSYMS_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -P and --trace-fds: which arguments of a call touch a path or an fd, as strace's pathtrace
 * rules say, packed for the collector (bt_syscall_rules' path_spec, BT_PT_* in record.h).
 */
#ifndef BTFTRACE_FILTER_PATHTRACE_H
#define BTFTRACE_FILTER_PATHTRACE_H

#include <linux/types.h>
#include "catalog/catalog.h"

/*
 * The path_spec of the call named name (x86_64's name: an i386 call asks with the name of
 * the call whose format it takes), in the classes classes (SC_* of classes.h): the
 * arguments strace's -P looks at, and what the call does to the fds that refer to a path.
 */
__u32 pathtrace_spec(const char *name, unsigned int classes);

/* Fills spec[nr] for every syscall of the catalog. Returns 0, or a negative errno. */
int pathtrace_specs(const struct catalog *cat, __u32 spec[BT_MAX_SYSCALLS]);

#endif /* BTFTRACE_FILTER_PATHTRACE_H */

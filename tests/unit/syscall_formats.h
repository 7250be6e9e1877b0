/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracefs formats given by hand to a test's catalog: what catalog__load
 * would read from tracefs, as "type name" pairs per argument, so that the
 * tests do not depend on the running kernel's formats.
 */
#ifndef BTFTRACE_TEST_SYSCALL_FORMATS_H
#define BTFTRACE_TEST_SYSCALL_FORMATS_H

#include <stdio.h>

#include "catalog/catalog.h"

/* Gives d the format of nargs arguments, decls[i] = {type, name}. */
static inline void syscall_desc_set_format(struct syscall_desc *d, int nargs,
					   const char *const decls[][2])
{
	d->has_format = true;
	d->nargs = nargs;
	for (int i = 0; i < nargs; i++) {
		snprintf(d->args[i].type, sizeof(d->args[i].type), "%s", decls[i][0]);
		snprintf(d->args[i].name, sizeof(d->args[i].name), "%s", decls[i][1]);
	}
}

/* Enters syscall nr, named name, with that format, in a catalog built by hand. */
static inline void catalog_add_format(struct catalog *cat, int nr, const char *name, int nargs,
				      const char *const decls[][2])
{
	struct syscall_desc *d = &cat->descs[nr];

	d->nr = nr;
	snprintf(d->name, sizeof(d->name), "%s", name);
	syscall_desc_set_format(d, nargs, decls);
}

/*
 * FORMAT("read", {"unsigned int", "fd"}, ...): calls the including file's
 * format(name, nargs, decls) with a table of the pairs.
 */
#define FORMAT(name, ...)                                        \
	do {                                                     \
		static const char *const d[][2] = {__VA_ARGS__}; \
		format(name, sizeof(d) / sizeof(d[0]), d);       \
	} while (0)

#endif /* BTFTRACE_TEST_SYSCALL_FORMATS_H */

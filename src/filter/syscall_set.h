/* SPDX-License-Identifier: GPL-2.0 */
/* Syscall sets (-e trace=SET): parsed from the command line, resolved against the catalog. */
#ifndef BTFTRACE_FILTER_SYSCALL_SET_H
#define BTFTRACE_FILTER_SYSCALL_SET_H

#include <stdbool.h>
#include <stddef.h>
#include "bpf/record.h"
#include "catalog/catalog.h"

/* Room for any message syscall_filter__add or __resolve writes. */
#define SYSCALL_FILTER_ERR_MAX 512

/* Syscall numbers, one bit each. */
struct syscall_set {
	__u64 bits[BT_MAX_SYSCALLS / 64];
};

void syscall_set__add(struct syscall_set *s, int nr);
bool syscall_set__has(const struct syscall_set *s, int nr);
/* How many numbers are in s. */
int syscall_set__count(const struct syscall_set *s);

struct set_expr;

/* What the -e options said, checked but not yet resolved. Zero-initialised: no option yet. */
struct syscall_filter {
	struct set_expr *exprs;
	int nexprs;
};

/*
 * Adds one -e value: "trace=SET", "t=SET" or a bare SET. SET is
 * [!]ELEM[,ELEM...] where ELEM is [?]NAME, [?]/REGEX, [?]%CLASS, all or none;
 * '!' negates the whole set, '?' lets an element match nothing. Several
 * values add up: the union of their sets is traced. Everything that needs no
 * catalog (syntax, classes, regexes) is checked here. Returns 0, or -EINVAL
 * or -ENOMEM with a message for the user (cause and fix) in err.
 */
int syscall_filter__add(struct syscall_filter *f, const char *text, char *err, size_t err_size);

/*
 * Resolves every value against cat into out: names (unistd names or tracefs
 * event aliases), regexes over unistd names, classes. An unknown name, or
 * a regex or class matching nothing, is an error unless '?' came before it.
 * Returns 0, or -EINVAL or -ENOMEM with a message in err.
 */
int syscall_filter__resolve(const struct syscall_filter *f, const struct catalog *cat,
			    struct syscall_set *out, char *err, size_t err_size);

void syscall_filter__free(struct syscall_filter *f);

/* Clears BT_SC_SELECTED in rules[BT_MAX_SYSCALLS] for every number outside s. */
void syscall_set__apply(const struct syscall_set *s, struct bt_syscall_rules *rules);

#endif /* BTFTRACE_FILTER_SYSCALL_SET_H */

/* SPDX-License-Identifier: GPL-2.0 */
/* Syscall classes (%file, %desc, ...): derived from the catalog, plus a table of reasoned facts. */
#ifndef BTFTRACE_FILTER_CLASSES_H
#define BTFTRACE_FILTER_CLASSES_H

#include "catalog/catalog.h"

/* One bit per class a syscall can be in. */
enum syscall_class_bit {
	SC_FILE = 1U << 0,     /* takes a file name */
	SC_DESC = 1U << 1,     /* takes or returns a file descriptor */
	SC_NETWORK = 1U << 2,  /* sockets */
	SC_PROCESS = 1U << 3,  /* process lifecycle: creation, exec, termination, waits, kills */
	SC_SIGNAL = 1U << 4,   /* signals: handlers, masks, sending */
	SC_IPC = 1U << 5,      /* System V IPC */
	SC_MEMORY = 1U << 6,   /* address space mappings */
	SC_CLOCK = 1U << 7,    /* reads or sets a system clock */
	SC_CREDS = 1U << 8,    /* the caller's user and group ids, capabilities */
	SC_STAT = 1U << 9,     /* stat variants */
	SC_LSTAT = 1U << 10,   /* lstat variants */
	SC_FSTAT = 1U << 11,   /* fstat, fstatat and statx variants */
	SC_STATFS = 1U << 12,  /* statfs variants */
	SC_FSTATFS = 1U << 13, /* fstatfs variants */
	SC_USTAT = 1U << 14,   /* ustat: only part of %%statfs */
	SC_PURE = 1U << 15,    /* no arguments, cannot fail */
};

/* A class as it is spelled after -e trace=, and the bits that make a syscall a member. */
struct syscall_class {
	const char *name; /* "%file" */
	unsigned int mask;
};

extern const struct syscall_class syscall_classes[];
extern const unsigned int syscall_classes_count;

/* A hand-written class membership, with its reason: derivation from the catalog cannot see it. */
struct syscall_class_fact {
	const char *syscall;
	unsigned int classes;
	const char *why;
};

extern const struct syscall_class_fact syscall_class_facts[];
extern const unsigned int syscall_class_facts_count;
/* Memberships the derivation gives and strace 6.1 does not have: taken away after the facts. */
extern const struct syscall_class_fact syscall_class_exclusions[];
extern const unsigned int syscall_class_exclusions_count;

/* The class spelled name ("%file", "%net"), or NULL. */
const struct syscall_class *syscall_class__find(const char *name);

/*
 * Fills classes[nr] with the class bits of every syscall of the catalog:
 * derived from its argument names and types, then from its name, then the
 * facts table, less the exclusions. Returns 0, or a negative errno.
 */
int syscall_classes__compute(const struct catalog *cat, unsigned int classes[BT_MAX_SYSCALLS]);

#endif /* BTFTRACE_FILTER_CLASSES_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -e inject= at run time: the seccomp filter the command is started with, and the thread of
 * btftrace that answers the calls it hands over.
 *
 * The session starts the command with injector__fork() instead of fork(); the child, once it
 * has the go-ahead, calls injector__child_install() right before its exec, and btftrace calls
 * injector__start() once it has given the go-ahead. The calls the filter hands over are
 * answered by a thread of btftrace until injector__stop().
 */
#ifndef BTFTRACE_INJECT_INJECTOR_H
#define BTFTRACE_INJECT_INJECTOR_H

#include <stdbool.h>
#include <sys/types.h>
#include "inject/inject.h"

struct collector;

struct injector_opts {
	const struct inject_plan *plan; /* kept: it must outlive the injector */
	struct collector *coll;		/* where the calls acted on are marked for the trace */
	bool follow_forks;		/* -f: the command's children are traced, and injected */
};

struct injector;

/* Builds the filter and the page the child shares. Returns 0 or -errno (-E2BIG: filter). */
int injector__new(struct injector **out, const struct injector_opts *o);
/*
 * fork() whose child shares btftrace's table of fds until its exec: the child must close
 * nothing of it, and btftrace must close nothing the child still reads before
 * injector__start() returns.
 */
pid_t injector__fork(struct injector *inj);
/* In the child, right before exec: installs the filter. Exits (127) when it cannot. */
void injector__child_install(struct injector *inj);
/*
 * In btftrace, after the child's go-ahead: waits until the child has installed the filter,
 * then serves it. Returns 0, or -errno: the child's seccomp() failed with it (-EINVAL: the
 * kernel lacks user notification), or -ECHILD: the child died first.
 */
int injector__start(struct injector *inj, pid_t child);
/* A traced thread ended: its counts go (a new thread with its id starts from the first). */
void injector__thread_exited(struct injector *inj, pid_t tid);
/* Tracing stopped (--max-events): every call goes on untouched from now on. */
void injector__pass_through(struct injector *inj);
/*
 * Stops serving: answers what was held back, and, while some process still has the filter,
 * hands the listener to a small process that lets every call go on until the last is gone.
 */
void injector__stop(struct injector *inj);
/* Stops if need be, and frees. NULL is fine. */
void injector__free(struct injector *inj);

#endif /* BTFTRACE_INJECT_INJECTOR_H */

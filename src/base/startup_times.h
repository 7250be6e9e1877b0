/* SPDX-License-Identifier: GPL-2.0 */
/* BTFTRACE_DEBUG_STARTUP=1: the start-up's stages timed, each on its thread, told on stderr. */
#ifndef BTFTRACE_BASE_STARTUP_TIMES_H
#define BTFTRACE_BASE_STARTUP_TIMES_H

#include <stdbool.h>
#include <stdio.h>
#include <linux/types.h>

/* Reads the environment once and takes the start (main()'s); later calls do nothing. */
void startup_times__init(void);
/* Whether stages are timed at all: everything else below is a no-op when not. */
bool startup_times__on(void);
/* CLOCK_MONOTONIC in ns. */
__u64 startup_times__now(void);
/* A stage of the calling thread that began at start (ns; 0: main()'s) and ends now. */
void startup_times__stage(const char *what, __u64 start);
/*
 * A BPF program's load: its wall time and, when the kernel told them (log_level 4), the
 * verifier's own time, the instructions it processed and the states it kept (negative: not
 * told).
 */
void startup_times__prog(const char *name, __u64 start, long verify_us, long insns, long states);
/* Everything noted so far, in order of ending, relative to the start, then forgotten. */
void startup_times__print(FILE *f);

#endif /* BTFTRACE_BASE_STARTUP_TIMES_H */

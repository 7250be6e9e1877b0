// SPDX-License-Identifier: GPL-2.0
/*
 * Start-up stage times for BTFTRACE_DEBUG_STARTUP=1: where the time to the command's exec
 * goes, stage by stage and thread by thread, without a profiler (whose own cost would be in
 * what it measures). Nothing is printed until the command has been let go.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#include "base/startup_times.h"

#define STAGES_MAX 64

struct stage {
	char what[48];
	__u64 start, end;
	long tid, faults;
	long verify_us, insns, states; /* programs only; -1 otherwise */
};

static bool on;
static bool inited;
static __u64 t0;
static struct stage stages[STAGES_MAX];
static int nstages;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* the calling thread's page faults when its last stage ended */
static __thread long faults_before;

__u64 startup_times__now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (__u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

void startup_times__init(void)
{
	const char *env = getenv("BTFTRACE_DEBUG_STARTUP");

	if (inited)
		return;
	inited = true;
	on = env && *env && strcmp(env, "0");
	t0 = startup_times__now();
}

bool startup_times__on(void)
{
	return on;
}

static void note(const char *what, __u64 start, long verify_us, long insns, long states)
{
	__u64 end = startup_times__now();
	struct rusage ru;
	long faults = 0;
	struct stage *s;

	/* each fault of a page never touched costs some microseconds, more in a VM */
	if (!getrusage(RUSAGE_THREAD, &ru)) {
		faults = ru.ru_minflt + ru.ru_majflt - faults_before;
		faults_before += faults;
	}
	pthread_mutex_lock(&lock);
	if (nstages < STAGES_MAX) {
		s = &stages[nstages++];
		snprintf(s->what, sizeof(s->what), "%s", what);
		s->start = start;
		s->end = end;
		s->tid = syscall(SYS_gettid);
		s->faults = faults;
		s->verify_us = verify_us;
		s->insns = insns;
		s->states = states;
	}
	pthread_mutex_unlock(&lock);
}

void startup_times__stage(const char *what, __u64 start)
{
	if (on)
		note(what, start ? start : t0, -1, -1, -1);
}

void startup_times__prog(const char *name, __u64 start, long verify_us, long insns, long states)
{
	char what[48];

	if (!on)
		return;
	snprintf(what, sizeof(what), "load %s", name);
	note(what, start, verify_us, insns, states);
}

void startup_times__print(FILE *f)
{
	if (!on || !nstages)
		return;
	pthread_mutex_lock(&lock);
	fprintf(f, "btftrace: start-up (thread id, stage, ms since main(): start-end = took, "
		   "the thread's page faults since its previous stage)\n");
	for (int i = 0; i < nstages; i++) {
		const struct stage *s = &stages[i];

		fprintf(f, "btftrace:   %-7ld %-36s %7.2f-%7.2f = %6.2f %5ld pf", s->tid, s->what,
			(s->start - t0) / 1e6, (s->end - t0) / 1e6, (s->end - s->start) / 1e6,
			s->faults);
		if (s->verify_us >= 0)
			fprintf(f, " (verifier %.2f ms, %ld insns processed, %ld states)",
				s->verify_us / 1e3, s->insns, s->states);
		fprintf(f, "\n");
	}
	nstages = 0;
	pthread_mutex_unlock(&lock);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload for attaching: 1000 getppid() calls, then a 1 ms nanosleep, in a loop, until
 * killed (or 60 s pass). Most of the time the process is between calls that end within
 * microseconds of each other, so an attach lands among them: whatever tracing sees of the
 * calls that started before it is there to be seen.
 */
#include <time.h>
#include <unistd.h>

int main(void)
{
	struct timespec ts = {.tv_sec = 0, .tv_nsec = 1000 * 1000};
	struct timespec start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		for (int i = 0; i < 1000; i++)
			getppid();
		nanosleep(&ts, NULL);
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (now.tv_sec - start.tv_sec < 60);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/* e2e workload: getppid() then a 50 ms nanosleep, in a loop, until killed (or 60 s pass). */
#include <time.h>
#include <unistd.h>

int main(void)
{
	struct timespec ts = {.tv_sec = 0, .tv_nsec = 50 * 1000 * 1000};

	/* a bound, so that a test that forgets us does not leave us forever */
	for (int i = 0; i < 60 * 20; i++) {
		getppid();
		nanosleep(&ts, NULL);
	}
	return 0;
}

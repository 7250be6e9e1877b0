// Start-up probe: prints CLOCK_MONOTONIC in ns as the very first thing main() does.
/*
 * bench/run.py --startup runs "TRACER -- startmark" and subtracts the monotonic time it took
 * just before spawning the tracer: the difference is how long the tracer needs before the
 * traced command gets to run. CLOCK_MONOTONIC is one system-wide clock, so the two readings
 * (Python's time.monotonic_ns() and this one) are comparable across processes.
 */
#include <stdio.h>
#include <time.h>

int main(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	printf("%lld\n", (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec);
	return 0;
}

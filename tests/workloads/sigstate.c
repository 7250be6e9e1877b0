// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload: prints the blocked signal mask and the ignored signals it
 * was started with, as "blocked HEX ignored HEX" (bit N-1 for signal N).
 */
#include <signal.h>
#include <stdio.h>

int main(void)
{
	unsigned long long blocked = 0, ignored = 0;
	struct sigaction sa;
	sigset_t set;

	sigprocmask(SIG_BLOCK, NULL, &set);
	for (int sig = 1; sig < 64; sig++) {
		if (sigismember(&set, sig) == 1)
			blocked |= 1ULL << (sig - 1);
		if (sigaction(sig, NULL, &sa) == 0 && sa.sa_handler == SIG_IGN)
			ignored |= 1ULL << (sig - 1);
	}
	printf("blocked %llx ignored %llx\n", blocked, ignored);
	return 0;
}

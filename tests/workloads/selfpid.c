// SPDX-License-Identifier: GPL-2.0
/* e2e workload: calls getpid() and prints the result on stdout. */
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	printf("%d\n", (int)getpid());
	return 0;
}

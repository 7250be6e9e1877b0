// SPDX-License-Identifier: GPL-2.0
/*
 * A 64-bit program that makes two calls through int $0x80, which the kernel
 * runs from its i386 table whatever the process: getpid (i386's 20) and
 * write (i386's 4) from a buffer below 4 GB, then exits.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>

#define I386_WRITE 4
#define I386_GETPID 20

static long int80(long nr, long a, long b, long c)
{
	long ret;

	__asm__ volatile("int $0x80" : "=a"(ret) : "a"(nr), "b"(a), "c"(b), "d"(c) : "memory");
	return ret;
}

int main(void)
{
	/* i386 pointers are 32 bits: the buffer must lie below 4 GB */
	char *low = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);

	if (low == MAP_FAILED)
		return 1;
	memcpy(low, "int80\n", 6);
	if (int80(I386_GETPID, 0, 0, 0) != getpid())
		return 2;
	if (int80(I386_WRITE, 1, (long)low, 6) != 6)
		return 3;
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload: writes the 256 byte values 0..255 to /dev/null, then a
 * 100 KiB buffer filled with 'A' + i % 26.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#define BIG (100 * 1024)

int main(void)
{
	/* on the stack, so that the page is present when the collector reads the path */
	char path[] = "/dev/null";
	unsigned char bytes[256];
	char *big = malloc(BIG);
	int fd = open(path, O_WRONLY);

	if (fd < 0 || !big)
		return 1;
	for (int i = 0; i < 256; i++)
		bytes[i] = i;
	for (int i = 0; i < BIG; i++)
		big[i] = 'A' + i % 26;
	if (write(fd, bytes, sizeof(bytes)) != sizeof(bytes))
		return 1;
	if (write(fd, big, BIG) != BIG)
		return 1;
	return 0;
}

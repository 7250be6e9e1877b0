/* SPDX-License-Identifier: GPL-2.0 */
/* Sets of file descriptors as strace takes them (-e read=SET, -e write=SET). */
#ifndef BTFTRACE_DESC_SET_H
#define BTFTRACE_DESC_SET_H

#include <stdbool.h>
#include <stddef.h>

/* Room for any message desc_set_parse writes. */
#define DESC_SET_ERR_MAX 256

/* A set of fds: the numbers listed, or all but them. */
struct desc_set {
	int *fds; /* sorted, without repeats */
	size_t n;
	bool invert; /* all fds but those listed */
};

/*
 * Parses SET as strace 6.1 takes it: [!]...FD[,FD...] with each FD a decimal number from 0 to
 * 2147483647, empty elements skipped; or all, or none, alone. Each leading '!' inverts the
 * set. Replaces *set (freeing what it held). Returns 0, or -EINVAL with a message for the
 * user (cause and fix) in err naming what (the option as given, "-e read"), or -ENOMEM.
 */
int desc_set_parse(struct desc_set *set, const char *text, const char *what, char *err,
		   size_t err_size);
bool desc_set_has(const struct desc_set *set, int fd);
/* The set holds no fd at all: none, or !all. */
bool desc_set_empty(const struct desc_set *set);
void desc_set_free(struct desc_set *set);

#endif /* BTFTRACE_DESC_SET_H */

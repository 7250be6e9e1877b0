// SPDX-License-Identifier: GPL-2.0
/* Sets of file descriptors in strace's syntax, for -e read= and -e write=. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/desc_set.h"

#define DESC_SET_FIX "give fd numbers separated by commas (3,5), all or none, '!' first to invert"

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* A whole decimal number from 0 to INT_MAX, digits only, or -1. */
static long parse_fd(const char *s)
{
	long v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v * 10 + (*s - '0');
		if (v > INT_MAX)
			return -1;
	}
	return v;
}

int desc_set_parse(struct desc_set *set, const char *text, const char *what, char *err,
		   size_t err_size)
{
	struct desc_set parsed = {0};
	const char *s = text;
	char *copy, *save = NULL;
	size_t cap = 0;

	while (*s == '!') {
		parsed.invert = !parsed.invert;
		s++;
	}
	if (!strcmp(s, "all") || !strcmp(s, "none")) {
		/* all is none inverted */
		if (!strcmp(s, "all"))
			parsed.invert = !parsed.invert;
		goto done;
	}
	copy = strdup(s);
	if (!copy)
		return -ENOMEM;
	/* empty elements (1,,2 or a trailing comma) are skipped, as strace skips them */
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		long fd = parse_fd(tok);

		if (fd < 0) {
			snprintf(err, err_size, "invalid fd '%s' in %s=%s: %s", tok, what, text,
				 DESC_SET_FIX);
			free(copy);
			free(parsed.fds);
			return -EINVAL;
		}
		if (parsed.n == cap) {
			int *grown = realloc(parsed.fds, (cap ? cap * 2 : 8) * sizeof(*grown));

			if (!grown) {
				free(copy);
				free(parsed.fds);
				return -ENOMEM;
			}
			parsed.fds = grown;
			cap = cap ? cap * 2 : 8;
		}
		parsed.fds[parsed.n++] = fd;
	}
	free(copy);
	if (!parsed.n) {
		snprintf(err, err_size, "no fd in %s=%s: %s", what, text, DESC_SET_FIX);
		return -EINVAL;
	}
	qsort(parsed.fds, parsed.n, sizeof(*parsed.fds), cmp_int);
	{
		size_t kept = 1;

		for (size_t i = 1; i < parsed.n; i++) {
			if (parsed.fds[i] != parsed.fds[kept - 1])
				parsed.fds[kept++] = parsed.fds[i];
		}
		parsed.n = kept;
	}
done:
	desc_set_free(set);
	*set = parsed;
	return 0;
}

bool desc_set_has(const struct desc_set *set, int fd)
{
	bool listed = fd >= 0 && set->n &&
		      bsearch(&fd, set->fds, set->n, sizeof(*set->fds), cmp_int) != NULL;

	return fd >= 0 && listed != set->invert;
}

bool desc_set_empty(const struct desc_set *set)
{
	return !set->n && !set->invert;
}

void desc_set_free(struct desc_set *set)
{
	free(set->fds);
	memset(set, 0, sizeof(*set));
}

// SPDX-License-Identifier: GPL-2.0
/* strace's time syntax (its parse_ts), shared by the options that take a time. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/strace_time.h"

int strace_time_parse(const char *text, __u64 *ns)
{
	static const struct {
		const char *suffix;
		double ns;
	} units[] = {{"", 1e3}, {"s", 1e9}, {"ms", 1e6}, {"us", 1e3}, {"ns", 1}};
	const char *number = text + strspn(text, " \t");
	char *end;
	double v;

	errno = 0;
	v = strtod(number, &end);
	/* strtod reads hex, "inf" and "nan" too, which strace refuses */
	if (end == number || end > number + strspn(number, "eE.-+0123456789") || !(v >= 0) ||
	    isinf(v) || errno)
		return -EINVAL;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(end, units[i].suffix))
			continue;
		v *= units[i].ns;
		/* more than a century is no time anyone means: a typo */
		if (v > 3.2e18)
			return -EINVAL;
		*ns = (__u64)v;
		return 0;
	}
	return -EINVAL;
}

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

int strace_precision_parse(const char *text)
{
	static const char *const names[] = {"s", "ms", "us", "ns"};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcmp(text, names[i]))
			return 3 * i;
	}
	return -EINVAL;
}

int strace_timestamps_item(const char *item, bool *unix_time, unsigned int *digits)
{
	bool format = true, precision = true;
	const char *value = item;
	int d;

	if (!strncmp(item, "format:", 7)) {
		value = item + 7;
		precision = false;
	} else if (!strncmp(item, "precision:", 10)) {
		value = item + 10;
		format = false;
	}
	if (format && (!strcmp(value, "time") || !strcmp(value, "unix"))) {
		*unix_time = value[0] == 'u';
		return 0;
	}
	if (precision && (d = strace_precision_parse(value)) >= 0) {
		*digits = d;
		return 0;
	}
	return -EINVAL;
}

size_t strace_time_fraction(char *buf, unsigned long ns, unsigned int digits)
{
	if (!digits || digits > 9)
		return 0;
	for (unsigned int d = digits; d < 9; d++)
		ns /= 10;
	buf[0] = '.';
	for (unsigned int d = digits; d; d--, ns /= 10)
		buf[d] = '0' + ns % 10;
	return digits + 1;
}

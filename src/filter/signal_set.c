// SPDX-License-Identifier: GPL-2.0
/* -e signal=SET: names and numbers in strace's syntax, to a mask the collector reads. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/xlat.h"
#include "filter/signal_set.h"

#define SIGNAL_SET_FIX                                                                        \
	"give signal names (SIGINT or int), numbers from 1 to 64, all or none, separated by " \
	"commas"

/* A number from 1 to 64 with nothing else: no sign, no spaces, no hex. */
static int parse_number(const char *s)
{
	int n = 0;

	if (!*s || strlen(s) > 2)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		n = n * 10 + (*s - '0');
	}
	return n >= 1 && n <= SIGNAL_SET_MAX ? n : -1;
}

int signal_set_number(const char *name)
{
	char buf[32];

	if (*name >= '0' && *name <= '9')
		return parse_number(name);
	if (!strncasecmp(name, "SIG", 3))
		name += 3;
	/* strace's names of the kernel's real-time signals: RT_1 is SIGRTMIN+1, as is RTMIN+1 */
	if (!strncasecmp(name, "RT_", 3) || !strncasecmp(name, "RTMIN+", 6)) {
		int n = parse_number(name + (name[2] == '_' ? 3 : 6));

		return n >= 1 && n <= SIGNAL_SET_MAX - 32 ? 32 + n : -1;
	}
	/* the names the trace prints them by, so that what is seen can be given back */
	for (int sig = 1; sig <= SIGNAL_SET_MAX; sig++) {
		xlat_format_signal(buf, sizeof(buf), sig);
		if (!strncmp(buf, "SIG", 3) && !strcasecmp(buf + 3, name))
			return sig;
	}
	return -1;
}

static int set_error(char *err, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int set_error(char *err, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, size, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

int signal_set_parse(const char *set, const char *source, __u64 *mask, char *err, size_t err_size)
{
	const char *s = set;
	bool invert = false;
	char *copy, *save = NULL;
	__u64 bits = 0;
	int rc = 0;

	while (*s == '!') {
		invert = !invert;
		s++;
	}
	if (!*s)
		return set_error(err, err_size, "%s signal set in -e %s: " SIGNAL_SET_FIX,
				 s == set ? "empty" : "nothing after '!' in the", source);
	if (!strcmp(s, "all") || !strcmp(s, "none")) {
		bits = !strcmp(s, "all") ? SIGNAL_SET_ALL : 0;
		*mask = invert ? ~bits : bits;
		return 0;
	}
	copy = strdup(s);
	if (!copy)
		return set_error(err, err_size, "out of memory");
	/* empty elements (a,,b or a trailing comma) are skipped, as in -e trace= */
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int sig = signal_set_number(tok);

		if (sig < 0) {
			rc = set_error(err, err_size,
				       !strcmp(tok, "all") || !strcmp(tok, "none")
					       ? "'%s' stands alone in -e %s: " SIGNAL_SET_FIX
					       : "invalid signal '%s' in -e %s: " SIGNAL_SET_FIX,
				       tok, source);
			break;
		}
		bits |= 1ULL << (sig - 1);
	}
	free(copy);
	if (rc)
		return rc;
	if (!bits)
		return set_error(err, err_size, "empty signal set in -e %s: " SIGNAL_SET_FIX,
				 source);
	*mask = invert ? ~bits : bits;
	return 0;
}

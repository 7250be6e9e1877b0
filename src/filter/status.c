// SPDX-License-Identifier: GPL-2.0
/* -e status=SET: strace 6.1's names of how a call ended, and which of them a call's is. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "filter/status.h"

static const struct {
	const char *name;
	unsigned int bit;
} status_names[] = {
	{"successful", STATUS_SUCCESSFUL}, {"failed", STATUS_FAILED},
	{"unfinished", STATUS_UNFINISHED}, {"unavailable", STATUS_UNAVAILABLE},
	{"detached", STATUS_DETACHED},
};

int status_set_parse(const char *text, unsigned int *set, char *err, size_t size)
{
	const char *s = text;
	unsigned int bits = 0;
	bool invert = false, any = false;
	char *copy, *save = NULL;

	while (*s == '!') {
		invert = !invert;
		s++;
	}
	copy = strdup(s);
	if (!copy)
		return -ENOMEM;
	/* strace skips empty elements ("successful,,failed"), but a set needs one */
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		size_t i;

		any = true;
		if (!strcasecmp(tok, "all")) {
			bits = STATUS_ALL;
			continue;
		}
		if (!strcasecmp(tok, "none"))
			continue;
		for (i = 0; i < sizeof(status_names) / sizeof(status_names[0]); i++) {
			if (!strcasecmp(tok, status_names[i].name))
				break;
		}
		if (i == sizeof(status_names) / sizeof(status_names[0])) {
			snprintf(err, size,
				 "invalid -e status value '%s': give successful, failed, "
				 "unfinished, unavailable, detached, all or none, comma-separated",
				 tok);
			free(copy);
			return -EINVAL;
		}
		bits |= status_names[i].bit;
	}
	free(copy);
	if (!any) {
		snprintf(err, size,
			 "invalid -e status value '%s': give successful, failed, unfinished, "
			 "unavailable, detached, all or none, comma-separated",
			 text);
		return -EINVAL;
	}
	*set = invert ? STATUS_ALL & ~bits : bits;
	return 0;
}

unsigned int call_status_of(const struct call *call, bool is_error)
{
	if (call->exit)
		return is_error ? STATUS_FAILED : STATUS_SUCCESSFUL;
	/* no result: tracing let go of the call, or the call never returned */
	return call->detached ? STATUS_DETACHED : STATUS_UNFINISHED;
}

bool status_filter_pass(unsigned int set, const struct call *call, struct call *out, bool is_error)
{
	*out = *call;
	switch (call->state) {
	case CALL_EVENT:
	case CALL_UNSHOWN:
		return true;
	case CALL_PENDING:
		return false;
	case CALL_UNFINISHED:
		if (!call->detached)
			return false;
		break;
	case CALL_RESUMED:
		/* its start was held: the whole call at once, when the start was kept */
		if (call->enter)
			out->state = call->exit ? CALL_COMPLETE : CALL_NORETURN;
		break;
	case CALL_COMPLETE:
	case CALL_NORETURN:
		break;
	}
	return set & call_status_of(call, is_error);
}

/* SPDX-License-Identifier: GPL-2.0 */
/* -e status=SET (and -z, -Z): which calls are shown by how they ended, as strace 6.1 says. */
#ifndef BTFTRACE_FILTER_STATUS_H
#define BTFTRACE_FILTER_STATUS_H

#include <stdbool.h>
#include <stddef.h>
#include "events/events.h"

enum call_status {
	STATUS_SUCCESSFUL = 1u << 0,  /* returned, not an error */
	STATUS_FAILED = 1u << 1,      /* returned -1 and an errno */
	STATUS_UNFINISHED = 1u << 2,  /* never returned: exit_group, or its thread died in it */
	STATUS_UNAVAILABLE = 1u << 3, /* returned, its result unknown */
	STATUS_DETACHED = 1u << 4,    /* tracing stopped while it went on */
};
#define STATUS_ALL                                                                    \
	(STATUS_SUCCESSFUL | STATUS_FAILED | STATUS_UNFINISHED | STATUS_UNAVAILABLE | \
	 STATUS_DETACHED)

#define STATUS_ERR_MAX 160

/*
 * SET as strace takes it: a comma list of the names above in any case, all or
 * none, '!' first to invert. 0 with the set in *set, or -EINVAL with a message.
 */
int status_set_parse(const char *text, unsigned int *set, char *err, size_t size);

/*
 * The status of a call that ends a line of its own (COMPLETE, RESUMED, NORETURN,
 * or UNFINISHED and detached): is_error says whether a return value is an error.
 */
unsigned int call_status_of(const struct call *call, bool is_error);

/*
 * Which calls show under a status set (not STATUS_ALL). strace holds a
 * call's line until it knows how it ended, so a call split in two shows
 * whole at its end, or not at all: a PENDING or UNFINISHED call is held
 * (false), and its end, a RESUMED call with its enter, is made whole in *out
 * (COMPLETE, or NORETURN without an exit). A call tracing let go of (-p, -a:
 * UNFINISHED and detached) ends there, "detached". Events and UNSHOWN calls
 * pass. true: show *out.
 */
bool status_filter_pass(unsigned int set, const struct call *call, struct call *out, bool is_error);

#endif /* BTFTRACE_FILTER_STATUS_H */

/* SPDX-License-Identifier: GPL-2.0 */
/* How the command btftrace starts is run: its user (-u), environment (-E) and argv[0]. */
#ifndef BTFTRACE_SESSION_COMMAND_H
#define BTFTRACE_SESSION_COMMAND_H

#include <stdbool.h>
#include <sys/types.h>

/* -E given this many times at most */
#define COMMAND_MAX_ENV 256

struct command_opts {
	/* -u USER: the user's name (for its supplementary groups), uid and gid; NULL: ours */
	const char *user;
	uid_t uid;
	gid_t gid;
	/* -E: "VAR=VAL" puts VAR in the command's environment, "VAR" takes it out; in order */
	const char *env[COMMAND_MAX_ENV];
	int nenv;
	const char *argv0; /* --argv0: the command's argv[0]; NULL: the command's name */
};

/*
 * -E's value: 0, or a message in err naming what is wrong with it (an empty
 * name, too many -E). The value is kept, not copied.
 */
int command_opts__add_env(struct command_opts *c, const char *text, char *err, size_t size);
/*
 * -u's value, a name from the user database (a number is no name: strace's
 * rule, as the user's groups are found by name). 0, or a message in err.
 */
int command_opts__set_user(struct command_opts *c, const char *name, char *err, size_t size);
/*
 * Whether this process may run the command as -u's user (it needs
 * CAP_SETUID and CAP_SETGID): NULL, or what it lacks, for a message.
 */
const char *command_opts__missing_rights(const struct command_opts *c);
/*
 * In the forked child, before exec: applies -E to the environment, then
 * becomes -u's user (groups, gid, then uid, so the last step cannot undo
 * the others). strace makes a set-user-ID program's effective ids the
 * file's by hand, as ptrace keeps exec from doing it; nothing traces the
 * command here, so exec does it. Returns 0 or a negative errno; *step
 * names what failed.
 */
int command_opts__apply(const struct command_opts *c, const char **step);

#endif /* BTFTRACE_SESSION_COMMAND_H */

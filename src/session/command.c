// SPDX-License-Identifier: GPL-2.0
/* The command's user, environment and argv[0]: -u, -E and --argv0, as strace applies them. */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/capability.h>

#include "session/command.h"

int command_opts__add_env(struct command_opts *c, const char *text, char *err, size_t size)
{
	if (!*text || *text == '=') {
		snprintf(err, size,
			 "invalid -E value '%s': give VAR=VALUE to set a variable, or VAR to "
			 "remove it",
			 text);
		return -EINVAL;
	}
	if (c->nenv == COMMAND_MAX_ENV) {
		snprintf(err, size, "too many -E options: at most %d", COMMAND_MAX_ENV);
		return -E2BIG;
	}
	c->env[c->nenv++] = text;
	return 0;
}

int command_opts__set_user(struct command_opts *c, const char *name, char *err, size_t size)
{
	struct passwd *pw = *name ? getpwnam(name) : NULL;

	if (!pw) {
		snprintf(err, size,
			 "cannot find user '%s' for -u: give a user name from the user database "
			 "(getent passwd)",
			 name);
		return -ENOENT;
	}
	c->user = name;
	c->uid = pw->pw_uid;
	c->gid = pw->pw_gid;
	return 0;
}

const char *command_opts__missing_rights(const struct command_opts *c)
{
	struct __user_cap_header_struct hdr = {.version = _LINUX_CAPABILITY_VERSION_3};
	struct __user_cap_data_struct data[2] = {};
	bool setuid_ok, setgid_ok;

	if (!c->user)
		return NULL;
	/* exec's own checks will say what is wrong */
	if (syscall(SYS_capget, &hdr, data) < 0)
		return NULL;
	setuid_ok = data[0].effective & (1U << CAP_SETUID);
	setgid_ok = data[0].effective & (1U << CAP_SETGID);
	if (!setuid_ok && !setgid_ok)
		return "CAP_SETUID and CAP_SETGID capabilities";
	if (!setuid_ok)
		return "CAP_SETUID capability";
	return setgid_ok ? NULL : "CAP_SETGID capability";
}

static int apply_env(const struct command_opts *c)
{
	for (int i = 0; i < c->nenv; i++) {
		const char *eq = strchr(c->env[i], '=');
		int rc;

		if (eq) {
			char *name = strndup(c->env[i], eq - c->env[i]);

			if (!name)
				return -ENOMEM;
			rc = setenv(name, eq + 1, 1);
			free(name);
		} else {
			rc = unsetenv(c->env[i]);
		}
		if (rc < 0)
			return -errno;
	}
	return 0;
}

int command_opts__apply(const struct command_opts *c, const char **step)
{
	int err;

	*step = "set its environment";
	err = apply_env(c);
	if (err)
		return err;
	if (!c->user)
		return 0;
	*step = "set its supplementary groups";
	if (initgroups(c->user, c->gid) < 0)
		return -errno;
	*step = "set its group id";
	if (setregid(c->gid, c->gid) < 0)
		return -errno;
	*step = "set its user id";
	if (setreuid(c->uid, c->uid) < 0)
		return -errno;
	return 0;
}

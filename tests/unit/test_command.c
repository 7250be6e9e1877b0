/* Unit tests of src/session/command.c: -E, -u and their application to the command. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "session/command.h"

static char err[256];

static void test_env_values(void **state)
{
	struct command_opts c = {0};

	assert_int_equal(command_opts__add_env(&c, "FOO=bar", err, sizeof(err)), 0);
	assert_int_equal(command_opts__add_env(&c, "EMPTY=", err, sizeof(err)), 0);
	assert_int_equal(command_opts__add_env(&c, "GONE", err, sizeof(err)), 0);
	assert_int_equal(command_opts__add_env(&c, "A=b=c", err, sizeof(err)), 0);
	assert_int_equal(c.nenv, 4);
	/* a variable needs a name */
	assert_int_equal(command_opts__add_env(&c, "", err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "invalid -E value ''"));
	assert_int_equal(command_opts__add_env(&c, "=x", err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "invalid -E value '=x'"));
	assert_int_equal(c.nenv, 4);
}

static void test_env_bound(void **state)
{
	struct command_opts c = {0};

	for (int i = 0; i < COMMAND_MAX_ENV; i++)
		assert_int_equal(command_opts__add_env(&c, "X=1", err, sizeof(err)), 0);
	assert_int_equal(command_opts__add_env(&c, "X=1", err, sizeof(err)), -E2BIG);
	assert_non_null(strstr(err, "too many -E"));
}

static void test_env_applied_in_order(void **state)
{
	struct command_opts c = {0};
	const char *step = NULL;

	setenv("BT_GONE", "here", 1);
	unsetenv("BT_SET");
	command_opts__add_env(&c, "BT_SET=one", err, sizeof(err));
	command_opts__add_env(&c, "BT_SET=two=2", err, sizeof(err));
	command_opts__add_env(&c, "BT_GONE", err, sizeof(err));
	command_opts__add_env(&c, "BT_BACK=x", err, sizeof(err));
	command_opts__add_env(&c, "BT_BACK", err, sizeof(err));
	assert_int_equal(command_opts__apply(&c, &step), 0);
	assert_string_equal(getenv("BT_SET"), "two=2");
	assert_null(getenv("BT_GONE"));
	assert_null(getenv("BT_BACK"));
}

static void test_user(void **state)
{
	struct command_opts c = {0};

	assert_int_equal(command_opts__set_user(&c, "root", err, sizeof(err)), 0);
	assert_int_equal(c.uid, 0);
	assert_int_equal(c.gid, 0);
	assert_string_equal(c.user, "root");
	/* strace takes a name only: the groups are the name's */
	assert_int_equal(command_opts__set_user(&c, "", err, sizeof(err)), -ENOENT);
	assert_int_equal(command_opts__set_user(&c, "no-such-user-at-all", err, sizeof(err)),
			 -ENOENT);
	assert_non_null(strstr(err, "cannot find user 'no-such-user-at-all' for -u"));
	/* a refused name leaves the user chosen before */
	assert_string_equal(c.user, "root");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_env_values),
		cmocka_unit_test(test_env_bound),
		cmocka_unit_test(test_env_applied_in_order),
		cmocka_unit_test(test_user),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Unit tests of src/base/desc_set.c: fd sets as strace 6.1 takes them (-e read=, -e write=). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <limits.h>
#include <string.h>

#include "base/desc_set.h"

static char err[DESC_SET_ERR_MAX];

static void parse_ok(struct desc_set *set, const char *text)
{
	err[0] = '\0';
	if (desc_set_parse(set, text, "-e read", err, sizeof(err)))
		fail_msg("'%s' refused: %s", text, err);
}

static void test_numbers(void **state)
{
	struct desc_set set = {0};

	parse_ok(&set, "5,3,,3,1048576,2147483647,");
	assert_true(desc_set_has(&set, 3));
	assert_true(desc_set_has(&set, 5));
	assert_true(desc_set_has(&set, 1048576));
	assert_true(desc_set_has(&set, INT_MAX));
	assert_false(desc_set_has(&set, 4));
	assert_false(desc_set_has(&set, 0));
	assert_false(desc_set_has(&set, -1));
	assert_int_equal(set.n, 4); /* sorted, the repeat once */
	assert_false(desc_set_empty(&set));
	/* a leading zero is a decimal number still, as strace takes it */
	parse_ok(&set, "007");
	assert_true(desc_set_has(&set, 7));
	assert_false(desc_set_has(&set, 3)); /* a new set replaces the old */
	desc_set_free(&set);
}

static void test_all_none_and_inversion(void **state)
{
	struct desc_set set = {0};

	parse_ok(&set, "all");
	assert_true(desc_set_has(&set, 0));
	assert_true(desc_set_has(&set, 1000));
	assert_false(desc_set_has(&set, -1)); /* no call's fd is negative: AT_FDCWD is not one */
	parse_ok(&set, "none");
	assert_false(desc_set_has(&set, 0));
	assert_true(desc_set_empty(&set));
	parse_ok(&set, "!all");
	assert_true(desc_set_empty(&set));
	parse_ok(&set, "!3");
	assert_false(desc_set_has(&set, 3));
	assert_true(desc_set_has(&set, 4));
	assert_false(desc_set_empty(&set));
	parse_ok(&set, "!!3");
	assert_true(desc_set_has(&set, 3));
	assert_false(desc_set_has(&set, 4));
	desc_set_free(&set);
}

static void test_bad_sets(void **state)
{
	static const struct {
		const char *text, *message;
	} bad[] = {
		{"", "no fd in -e read=: give fd numbers"},
		{",", "no fd in -e read=,: give fd numbers"},
		{"!", "no fd in -e read=!: "},
		{"x", "invalid fd 'x' in -e read=x: give fd numbers separated by commas (3,5), all "
		      "or none, '!' first to invert"},
		{"-1", "invalid fd '-1' in -e read=-1: "},
		{"+1", "invalid fd '+1' in -e read=+1: "},
		{"0x1", "invalid fd '0x1' in -e read=0x1: "},
		{"2147483648", "invalid fd '2147483648' in -e read=2147483648: "},
		{"99999999999999999999999", "invalid fd '99999999999999999999999'"},
		{"1 ", "invalid fd '1 ' in -e read=1 : "},
		{"all,1", "invalid fd 'all' in -e read=all,1: "},
		{"1,none", "invalid fd 'none' in -e read=1,none: "},
		{"?1", "invalid fd '?1' in -e read=?1: "},
	};
	struct desc_set set = {0};

	parse_ok(&set, "3");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		assert_int_equal(desc_set_parse(&set, bad[i].text, "-e read", err, sizeof(err)),
				 -EINVAL);
		if (strncmp(err, bad[i].message, strlen(bad[i].message)))
			fail_msg("'%s': said '%s', not '%s...'", bad[i].text, err, bad[i].message);
		/* a set refused leaves the one before as it was */
		assert_true(desc_set_has(&set, 3));
		assert_false(desc_set_has(&set, 4));
	}
	desc_set_free(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_all_none_and_inversion),
		cmocka_unit_test(test_bad_sets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

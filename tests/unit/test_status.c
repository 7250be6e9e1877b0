/* Unit tests of src/filter/status.c: -e status=SET as strace 6.1 takes it, and calls judged. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <string.h>

#include "filter/status.h"

static char err[STATUS_ERR_MAX];

static unsigned int parse(const char *text)
{
	unsigned int set = 0xdead;

	if (status_set_parse(text, &set, err, sizeof(err)))
		fail_msg("'%s' refused: %s", text, err);
	return set;
}

static void test_sets(void **state)
{
	assert_int_equal(parse("successful"), STATUS_SUCCESSFUL);
	assert_int_equal(parse("failed,unfinished"), STATUS_FAILED | STATUS_UNFINISHED);
	/* strace's: names in any case, empty elements skipped */
	assert_int_equal(parse("Successful,,FAILED"), STATUS_SUCCESSFUL | STATUS_FAILED);
	assert_int_equal(parse("unavailable,detached"), STATUS_UNAVAILABLE | STATUS_DETACHED);
	assert_int_equal(parse("all"), STATUS_ALL);
	assert_int_equal(parse("none"), 0);
	assert_int_equal(parse("!failed"), STATUS_ALL & ~STATUS_FAILED);
	assert_int_equal(parse("!all"), 0);
	assert_int_equal(parse("!none"), STATUS_ALL);
	assert_int_equal(parse("!!failed"), STATUS_FAILED);
}

static void test_bad_sets(void **state)
{
	static const char *const bad[] = {"", "!", ",", "finished", "successful,bogus", "all!"};
	unsigned int set = STATUS_FAILED;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = 0;
		assert_int_equal(status_set_parse(bad[i], &set, err, sizeof(err)), -EINVAL);
		if (!strstr(err, "invalid -e status value '"))
			fail_msg("'%s': said '%s'", bad[i], err);
		/* a set refused leaves the one before */
		assert_int_equal(set, STATUS_FAILED);
	}
}

static void test_call_status(void **state)
{
	struct bt_enter_rec enter = {0};
	struct bt_exit_rec exit_rec = {0};
	struct call done = {.state = CALL_COMPLETE, .enter = &enter, .exit = &exit_rec};
	struct call open = {.state = CALL_NORETURN, .enter = &enter};
	struct call cut = {.state = CALL_UNFINISHED, .enter = &enter, .detached = true};

	assert_int_equal(call_status_of(&done, false), STATUS_SUCCESSFUL);
	assert_int_equal(call_status_of(&done, true), STATUS_FAILED);
	/* a result counts even when tracing let go of the process after it */
	done.detached = true;
	assert_int_equal(call_status_of(&done, false), STATUS_SUCCESSFUL);
	assert_int_equal(call_status_of(&open, false), STATUS_UNFINISHED);
	assert_int_equal(call_status_of(&cut, false), STATUS_DETACHED);
}

static void test_split_calls_show_whole(void **state)
{
	struct bt_enter_rec enter = {0};
	struct bt_exit_rec exit_rec = {0};
	struct call start = {.state = CALL_UNFINISHED, .enter = &enter};
	struct call end = {.state = CALL_RESUMED, .enter = &enter, .exit = &exit_rec};
	struct call cut = {.state = CALL_RESUMED, .enter = &enter};
	struct call orphan = {.state = CALL_RESUMED, .exit = &exit_rec};
	struct call event = {.state = CALL_EVENT};
	struct call out;

	/* the start is held, whatever the set */
	assert_false(status_filter_pass(STATUS_ALL, &start, &out, false));
	assert_true(status_filter_pass(STATUS_SUCCESSFUL, &end, &out, false));
	assert_int_equal(out.state, CALL_COMPLETE);
	assert_ptr_equal(out.enter, &enter);
	assert_false(status_filter_pass(STATUS_FAILED, &end, &out, false));
	assert_true(status_filter_pass(STATUS_UNFINISHED, &cut, &out, false));
	assert_int_equal(out.state, CALL_NORETURN);
	/* an end whose start was never seen stays an end */
	assert_true(status_filter_pass(STATUS_SUCCESSFUL, &orphan, &out, false));
	assert_int_equal(out.state, CALL_RESUMED);
	/* signals and exits are no calls: -e signal= and quiet= choose them */
	assert_true(status_filter_pass(0, &event, &out, false));
}

static void test_held_and_detached(void **state)
{
	struct bt_enter_rec enter = {0};
	struct call pending = {.state = CALL_PENDING, .enter = &enter};
	struct call detached = {.state = CALL_UNFINISHED, .enter = &enter, .detached = true};
	struct call unshown = {.state = CALL_UNSHOWN, .enter = &enter};
	struct call out;

	/* a call waiting for its exit shows nothing yet: its status is not known */
	assert_false(status_filter_pass(STATUS_ALL, &pending, &out, false));
	/* a call tracing let go of ends there, as it is */
	assert_true(status_filter_pass(STATUS_DETACHED, &detached, &out, false));
	assert_int_equal(out.state, CALL_UNFINISHED);
	assert_true(out.detached);
	assert_false(status_filter_pass(STATUS_UNFINISHED, &detached, &out, false));
	/* what -y's table needs passes whatever the set */
	assert_true(status_filter_pass(0, &unshown, &out, false));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sets),
		cmocka_unit_test(test_bad_sets),
		cmocka_unit_test(test_call_status),
		cmocka_unit_test(test_split_calls_show_whole),
		cmocka_unit_test(test_held_and_detached),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

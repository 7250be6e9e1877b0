// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the thread id set: membership through growth, removal and its last-added cache. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "events/tid_set.h"

static void test_add_has_remove(void **state)
{
	struct tid_set s = {0};

	assert_false(tid_set__add(&s, 100));
	assert_true(tid_set__add(&s, 100));
	assert_true(tid_set__has(&s, 100));
	assert_int_equal(s.count, 1);
	tid_set__remove(&s, 100);
	assert_false(tid_set__has(&s, 100));
	assert_int_equal(s.count, 0);
	/* the tid added last is gone: adding it again adds it */
	assert_false(tid_set__add(&s, 100));
	assert_int_equal(s.count, 1);
	tid_set__free(&s);
}

static void test_last_added_is_not_kept_past_removal(void **state)
{
	struct tid_set s = {0};

	tid_set__add(&s, 7);
	tid_set__add(&s, 8);
	tid_set__remove(&s, 8);
	assert_false(tid_set__has(&s, 8));
	assert_false(tid_set__add(&s, 8));
	assert_true(tid_set__add(&s, 7));
	assert_int_equal(s.count, 2);
	/* tid 0 is never a member */
	assert_true(tid_set__add(&s, 0));
	assert_int_equal(s.count, 2);
	tid_set__free(&s);
	assert_false(tid_set__has(&s, 7));
	assert_false(tid_set__add(&s, 7));
	tid_set__free(&s);
}

/* Many tids: the table grows and every member is found again; removals keep the rest. */
static void test_growth_and_removal(void **state)
{
	struct tid_set s = {0};

	for (__u32 t = 1; t <= 5000; t++)
		assert_false(tid_set__add(&s, t * 7919));
	assert_int_equal(s.count, 5000);
	for (__u32 t = 1; t <= 5000; t += 2)
		tid_set__remove(&s, t * 7919);
	for (__u32 t = 1; t <= 5000; t++)
		assert_int_equal(tid_set__has(&s, t * 7919), t % 2 == 0);
	assert_int_equal(s.count, 2500);
	tid_set__free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_add_has_remove),
		cmocka_unit_test(test_last_added_is_not_kept_past_removal),
		cmocka_unit_test(test_growth_and_removal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

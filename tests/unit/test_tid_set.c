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

/* Values follow their tids through growth and through the shifts back of removal. */
static void test_values_follow_their_tids(void **state)
{
	struct tid_set s = {0};
	__s32 v = 0;

	assert_false(tid_set__get(&s, 5, &v));
	for (__u32 t = 1; t <= 3000; t++)
		tid_set__put(&s, t * 7919, (__s32)t);
	tid_set__put(&s, 7919, -1);
	assert_int_equal(s.count, 3000);
	for (__u32 t = 2; t <= 3000; t += 3)
		tid_set__remove(&s, t * 7919);
	for (__u32 t = 1; t <= 3000; t++) {
		bool there = tid_set__get(&s, t * 7919, &v);

		assert_int_equal(there, t % 3 != 2);
		if (there)
			assert_int_equal(v, t == 1 ? -1 : (__s32)t);
	}
	/* added without a value: 0 */
	assert_false(tid_set__add(&s, 3));
	assert_true(tid_set__get(&s, 3, &v));
	assert_int_equal(v, 0);
	tid_set__free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_add_has_remove),
		cmocka_unit_test(test_last_added_is_not_kept_past_removal),
		cmocka_unit_test(test_growth_and_removal),
		cmocka_unit_test(test_values_follow_their_tids),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

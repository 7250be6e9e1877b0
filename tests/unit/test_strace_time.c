// SPDX-License-Identifier: GPL-2.0
/* Unit tests of strace's time syntax, as -O and -e inject=...:delay_enter= take it. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "base/strace_time.h"

static void test_units(void **state)
{
	__u64 ns;

	/* strtod's number, microseconds without a unit */
	assert_int_equal(strace_time_parse("1", &ns), 0);
	assert_int_equal(ns, 1000);
	assert_int_equal(strace_time_parse("1.5", &ns), 0);
	assert_int_equal(ns, 1500);
	assert_int_equal(strace_time_parse("2s", &ns), 0);
	assert_int_equal(ns, 2000000000ULL);
	assert_int_equal(strace_time_parse("0.5ms", &ns), 0);
	assert_int_equal(ns, 500000);
	assert_int_equal(strace_time_parse("7us", &ns), 0);
	assert_int_equal(ns, 7000);
	assert_int_equal(strace_time_parse("500ns", &ns), 0);
	assert_int_equal(ns, 500);
	assert_int_equal(strace_time_parse("1e3", &ns), 0);
	assert_int_equal(ns, 1000000);
	assert_int_equal(strace_time_parse(" 5", &ns), 0);
	assert_int_equal(ns, 5000);
	assert_int_equal(strace_time_parse("0", &ns), 0);
	assert_int_equal(ns, 0);
	/* as strace refuses them */
	assert_int_equal(strace_time_parse("-1", &ns), -EINVAL);
	assert_int_equal(strace_time_parse("1h", &ns), -EINVAL);
	assert_int_equal(strace_time_parse("1m", &ns), -EINVAL);
	assert_int_equal(strace_time_parse("1S", &ns), -EINVAL);
	assert_int_equal(strace_time_parse("5 ", &ns), -EINVAL);
	assert_int_equal(strace_time_parse("abc", &ns), -EINVAL);
	assert_int_equal(strace_time_parse("", &ns), -EINVAL);
	/* and what would overflow the clock */
	assert_int_equal(strace_time_parse("inf", &ns), -EINVAL);
	assert_int_equal(strace_time_parse("nan", &ns), -EINVAL);
	assert_int_equal(strace_time_parse("1e300s", &ns), -EINVAL);
	/* strtod would read hex: strace reads decimal only */
	assert_int_equal(strace_time_parse("0x10", &ns), -EINVAL);
	assert_int_equal(strace_time_parse("0x1p3us", &ns), -EINVAL);
}

/* -O's values as strace's -O takes them (its man page's and its tests' forms). */
static void test_overheads(void **state)
{
	__u64 ns;

	assert_int_equal(strace_time_parse("1.5us", &ns), 0);
	assert_int_equal(ns, 1500);
	assert_int_equal(strace_time_parse("0.001", &ns), 0);
	assert_int_equal(ns, 1);
	assert_int_equal(strace_time_parse("1s", &ns), 0);
	assert_int_equal(ns, 1000000000ULL);
	assert_int_equal(strace_time_parse("+2ms", &ns), 0);
	assert_int_equal(ns, 2000000);
	assert_int_equal(strace_time_parse("1.5e-3s", &ns), 0);
	assert_int_equal(ns, 1500000);
	/* a fraction of a ns is none */
	assert_int_equal(strace_time_parse("0.4ns", &ns), 0);
	assert_int_equal(ns, 0);
	assert_int_equal(strace_time_parse("1x", &ns), -EINVAL);
	assert_int_equal(strace_time_parse("us", &ns), -EINVAL);
	assert_int_equal(strace_time_parse("-0.5us", &ns), -EINVAL);
}

/* --absolute-timestamps=, --relative-timestamps=, --syscall-times=: the precisions' digits */
static void test_precisions(void **state)
{
	unsigned int digits = 99;
	bool unix_time = false;

	assert_int_equal(strace_precision_parse("s"), 0);
	assert_int_equal(strace_precision_parse("ms"), 3);
	assert_int_equal(strace_precision_parse("us"), 6);
	assert_int_equal(strace_precision_parse("ns"), 9);
	assert_int_equal(strace_precision_parse("precision:ms"), -EINVAL);
	assert_int_equal(strace_precision_parse(""), -EINVAL);

	assert_int_equal(strace_timestamps_item("format:unix", &unix_time, &digits), 0);
	assert_true(unix_time);
	assert_int_equal(digits, 99);
	assert_int_equal(strace_timestamps_item("time", &unix_time, &digits), 0);
	assert_false(unix_time);
	assert_int_equal(strace_timestamps_item("precision:ns", &unix_time, &digits), 0);
	assert_int_equal(digits, 9);
	assert_int_equal(strace_timestamps_item("ms", &unix_time, &digits), 0);
	assert_int_equal(digits, 3);
	/* a name under the other heading, or none */
	assert_int_equal(strace_timestamps_item("format:ms", &unix_time, &digits), -EINVAL);
	assert_int_equal(strace_timestamps_item("precision:unix", &unix_time, &digits), -EINVAL);
	assert_int_equal(strace_timestamps_item("format:", &unix_time, &digits), -EINVAL);
	assert_int_equal(strace_timestamps_item("bogus", &unix_time, &digits), -EINVAL);
}

/* The fraction after the second: cut, not rounded, as strace writes it. */
static void test_fractions(void **state)
{
	char buf[16];
	size_t n;

	memset(buf, 'x', sizeof(buf));
	assert_int_equal(strace_time_fraction(buf, 123456789, 0), 0);
	assert_int_equal(buf[0], 'x');
	n = strace_time_fraction(buf, 123456789, 3);
	assert_memory_equal(buf, ".123", n);
	assert_int_equal(n, 4);
	n = strace_time_fraction(buf, 999999999, 6);
	assert_memory_equal(buf, ".999999", n);
	n = strace_time_fraction(buf, 5, 9);
	assert_memory_equal(buf, ".000000005", n);
	assert_int_equal(n, 10);
	n = strace_time_fraction(buf, 5, 6);
	assert_memory_equal(buf, ".000000", n);
	/* more than 9 digits is no precision of strace's: nothing */
	assert_int_equal(strace_time_fraction(buf, 5, 10), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_units),
		cmocka_unit_test(test_overheads),
		cmocka_unit_test(test_precisions),
		cmocka_unit_test(test_fractions),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

// SPDX-License-Identifier: GPL-2.0
/* Unit tests of -e signal=SET: strace's syntax to the collector's mask, and its errors. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "filter/signal_set.h"

#define BIT(sig) (1ULL << ((sig)-1))

static __u64 parsed(const char *set)
{
	char err[SIGNAL_SET_ERR_MAX] = "", source[64];
	__u64 mask = 0x5a5a;

	snprintf(source, sizeof(source), "signal=%s", set);
	if (signal_set_parse(set, source, &mask, err, sizeof(err)))
		fail_msg("'%s' did not parse: %s", set, err);
	return mask;
}

static void assert_error(const char *set, const char *words, const char *fix)
{
	char err[SIGNAL_SET_ERR_MAX] = "", source[64];
	__u64 mask = 0x5a5a;

	snprintf(source, sizeof(source), "signal=%s", set);
	assert_int_equal(signal_set_parse(set, source, &mask, err, sizeof(err)), -EINVAL);
	if (!strstr(err, words) || !strstr(err, fix))
		fail_msg("for '%s': '%s' lacks '%s' or '%s'", set, err, words, fix);
	/* a failed parse leaves the mask as it was */
	assert_int_equal(mask, 0x5a5a);
}

static void test_names_any_case_with_or_without_sig(void **state)
{
	assert_int_equal(parsed("SIGINT"), BIT(SIGINT));
	assert_int_equal(parsed("int"), BIT(SIGINT));
	assert_int_equal(parsed("sigChld"), BIT(SIGCHLD));
	assert_int_equal(parsed("ALRM,usr1,SIGSEGV"), BIT(SIGALRM) | BIT(SIGUSR1) | BIT(SIGSEGV));
	/* empty elements are skipped, as in -e trace= */
	assert_int_equal(parsed("hup,,term,"), BIT(SIGHUP) | BIT(SIGTERM));
}

static void test_numbers_and_realtime_names(void **state)
{
	assert_int_equal(parsed("9"), BIT(9));
	assert_int_equal(parsed("1,64"), BIT(1) | BIT(64));
	/* the kernel's numbering: SIGRTMIN is 32, whatever libc reserves */
	assert_int_equal(parsed("RTMIN"), BIT(32));
	assert_int_equal(parsed("SIGRTMIN+3"), BIT(35));
	assert_int_equal(parsed("rt_1"), BIT(33)); /* strace's name */
	assert_int_equal(parsed("RT_32"), BIT(64));
}

static void test_all_none_and_negation(void **state)
{
	assert_int_equal(parsed("all"), SIGNAL_SET_ALL);
	assert_int_equal(parsed("none"), 0);
	assert_int_equal(parsed("!all"), 0);
	assert_int_equal(parsed("!none"), SIGNAL_SET_ALL);
	assert_int_equal(parsed("!chld"), ~BIT(SIGCHLD));
	assert_int_equal(parsed("!!chld"), BIT(SIGCHLD));
	assert_int_equal(parsed("!CHLD,17,io"), ~(BIT(SIGCHLD) | BIT(SIGIO)));
}

static void test_bad_sets(void **state)
{
	const char *fix = "give signal names (SIGINT or int), numbers from 1 to 64, all or none";

	assert_error("", "empty signal set in -e signal=", fix);
	assert_error(",", "empty signal set in -e signal=,", fix);
	assert_error("!", "nothing after '!'", fix);
	assert_error("FOO", "invalid signal 'FOO' in -e signal=FOO", fix);
	assert_error("int,SIGFOO", "invalid signal 'SIGFOO' in -e signal=int,SIGFOO", fix);
	assert_error("0", "invalid signal '0'", fix);
	assert_error("65", "invalid signal '65'", fix);
	assert_error("-1", "invalid signal '-1'", fix);
	assert_error("0x9", "invalid signal '0x9'", fix);
	assert_error("RT_33", "invalid signal 'RT_33'", fix);
	assert_error("SIG", "invalid signal 'SIG'", fix);
	assert_error(" int", "invalid signal ' int'", fix);
	assert_error("int,all", "'all' stands alone", fix);
	assert_error("none,hup", "'none' stands alone", fix);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_any_case_with_or_without_sig),
		cmocka_unit_test(test_numbers_and_realtime_names),
		cmocka_unit_test(test_all_none_and_negation),
		cmocka_unit_test(test_bad_sets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

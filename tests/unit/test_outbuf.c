/*
 * Unit tests of src/base/outbuf.c's number formatting, which stands in for printf on the hot
 * path: each must write what printf writes for the same number.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/outbuf.h"

/* Numbers around every power of 2 and of 10, and random ones of every width. */
static size_t test_numbers(uint64_t *v, size_t max)
{
	unsigned int seed = 7;
	uint64_t p10 = 1;
	size_t n = 0;

	for (int b = 0; b < 64; b++) {
		v[n++] = (1ULL << b) - 1;
		v[n++] = 1ULL << b;
		v[n++] = (1ULL << b) + 1;
	}
	for (int d = 0; d < 20; d++, p10 *= 10) {
		v[n++] = p10 - 1;
		v[n++] = p10;
		v[n++] = p10 + 1;
	}
	v[n++] = UINT64_MAX;
	v[n++] = 0644;
	v[n++] = 0100644;
	while (n < max) {
		uint64_t r = (uint64_t)rand_r(&seed) << 42 ^ (uint64_t)rand_r(&seed) << 21 ^
			     rand_r(&seed);

		v[n++] = r >> (rand_r(&seed) % 64);
	}
	return n;
}

static void test_decimal_as_printf(void **state)
{
	static uint64_t v[4000];
	size_t n = test_numbers(v, sizeof(v) / sizeof(v[0]));
	struct outbuf ob;
	char want[64];

	outbuf_init(&ob);
	for (size_t i = 0; i < n; i++) {
		outbuf_reset(&ob);
		outbuf_u64(&ob, v[i]);
		snprintf(want, sizeof(want), "%" PRIu64, v[i]);
		assert_string_equal(ob.data, want);
		assert_int_equal(ob.len, strlen(want));

		outbuf_reset(&ob);
		outbuf_s64(&ob, (int64_t)v[i]);
		snprintf(want, sizeof(want), "%" PRId64, (int64_t)v[i]);
		assert_string_equal(ob.data, want);
	}
	/* appended, not overwritten, through the buffer's growth */
	outbuf_reset(&ob);
	for (int i = 0; i < 1000; i++)
		outbuf_u64(&ob, 12345);
	assert_int_equal(ob.len, 5000);
	assert_int_equal(strlen(ob.data), 5000);
	assert_memory_equal(ob.data + 4995, "12345", 5);
	outbuf_free(&ob);
}

static void test_alt_padded_as_printf(void **state)
{
	static uint64_t v[4000];
	size_t n = test_numbers(v, sizeof(v) / sizeof(v[0]));
	static const unsigned int widths[] = {0, 1, 3, 8, 16, 20, 24};
	struct outbuf ob;
	char want[64];

	outbuf_init(&ob);
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < sizeof(widths) / sizeof(widths[0]); k++) {
			int w = widths[k];

			outbuf_reset(&ob);
			outbuf_alt_padded(&ob, v[i], 8, w);
			snprintf(want, sizeof(want), "%#0*" PRIo64, w, v[i]);
			assert_string_equal(ob.data, want);
			assert_int_equal(ob.len, strlen(want));

			outbuf_reset(&ob);
			outbuf_alt_padded(&ob, v[i], 16, w);
			snprintf(want, sizeof(want), "%#0*" PRIx64, w, v[i]);
			assert_string_equal(ob.data, want);
			assert_int_equal(ob.len, strlen(want));
		}
	}
	outbuf_free(&ob);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decimal_as_printf),
		cmocka_unit_test(test_alt_padded_as_printf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

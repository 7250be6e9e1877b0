// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the -c summary: JSON members, order, groups, histograms, errno counts; -U. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "sinks/summary.h"
#include "json_valid.h"

#define MAX_LINES 8

struct lines {
	char *text[MAX_LINES];
	int n;
};

static void keep_line(void *ctx, struct outbuf *ob)
{
	struct lines *l = ctx;

	assert_true(l->n < MAX_LINES);
	assert_true(json_valid(ob->data, ob->len));
	l->text[l->n++] = strdup(ob->data);
	outbuf_reset(ob);
}

static void free_lines(struct lines *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->text[i]);
}

static bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static struct catalog cat;
static struct decoder dec = {.cat = &cat};

static int setup(void **state)
{
	snprintf(cat.descs[0].name, sizeof(cat.descs[0].name), "read");
	snprintf(cat.descs[110].name, sizeof(cat.descs[110].name), "getppid");
	snprintf(cat.descs[257].name, sizeof(cat.descs[257].name), "openat");
	/* the options btftrace runs with: the column of " = " among them */
	decode_opts_default(&dec.opts);
	return 0;
}

static struct bt_summary timed_calls(__u64 calls, __u64 errors, __u64 ns_each)
{
	struct bt_summary sum = {.calls = calls, .errors = errors, .timed = calls};

	sum.total_ns = calls * ns_each;
	sum.min_ns = sum.max_ns = ns_each;
	return sum;
}

static void json_of(struct summary *s, struct lines *out)
{
	struct outbuf ob;

	outbuf_init(&ob);
	summary__json(s, &ob, keep_line, out);
	outbuf_free(&ob);
}

static void test_total_members_and_order(void **state)
{
	struct summary_opts o = {.sort = SUMMARY_SORT_TIME};
	struct bt_summary_key k0 = {.nr = 0}, k110 = {.nr = 110}, k257 = {.nr = 257};
	struct bt_summary s0 = timed_calls(10, 0, 100), s110 = timed_calls(30, 0, 50),
			  s257 = timed_calls(5, 5, 1000);
	struct summary sum;
	struct lines out = {};

	summary__init(&sum, &dec, &o);
	summary__add(&sum, &k110, &s110);
	summary__add(&sum, &k0, &s0);
	summary__add(&sum, &k257, &s257);
	json_of(&sum, &out);
	assert_int_equal(out.n, 1);
	/* by time: openat 5000 ns, getppid 1500, read 1000; pct of the 7500 ns */
	assert_string_equal(
		out.text[0],
		"{\"event\":\"summary\",\"by\":\"total\",\"syscalls\":["
		"{\"syscall\":\"openat\",\"nr\":257,\"calls\":5,\"errors\":5,\"timed\":5,"
		"\"total_ns\":5000,\"avg_ns\":1000,\"min_ns\":1000,\"max_ns\":1000,"
		"\"pct_time\":66.67},"
		"{\"syscall\":\"getppid\",\"nr\":110,\"calls\":30,\"errors\":0,\"timed\":30,"
		"\"total_ns\":1500,\"avg_ns\":50,\"min_ns\":50,\"max_ns\":50,\"pct_time\":20.00},"
		"{\"syscall\":\"read\",\"nr\":0,\"calls\":10,\"errors\":0,\"timed\":10,"
		"\"total_ns\":1000,\"avg_ns\":100,\"min_ns\":100,\"max_ns\":100,"
		"\"pct_time\":13.33}],"
		"\"total\":{\"calls\":45,\"errors\":5,\"timed\":45,\"total_ns\":7500,"
		"\"avg_ns\":166,\"min_ns\":50,\"max_ns\":1000}}");
	free_lines(&out);
	summary__free(&sum);
}

/* --kfunc: a function's row, named by the set; its time is inside read's, not added again. */
static void test_kfunc_rows_outside_the_total(void **state)
{
	struct summary_opts o = {.sort = SUMMARY_SORT_TIME};
	struct kfunc funcs[1] = {{.name = "vfs_read", .label = "kfunc:vfs_read"}};
	struct kfunc_set set = {.funcs = funcs, .n = 1};
	struct decoder kdec = {.cat = &cat, .kfuncs = &set, .opts = dec.opts};
	struct bt_summary_key k0 = {.nr = 0}, kf = {.nr = BT_KFUNC_ID_BASE};
	struct bt_summary s0 = timed_calls(10, 0, 100), sf = timed_calls(10, 0, 50);
	struct summary sum;
	struct lines out = {};

	summary__init(&sum, &kdec, &o);
	summary__add(&sum, &k0, &s0);
	summary__add(&sum, &kf, &sf);
	json_of(&sum, &out);
	assert_int_equal(out.n, 1);
	assert_non_null(strstr(out.text[0],
			       "{\"syscall\":\"kfunc:vfs_read\",\"nr\":null,\"via\":\"kfunc\","
			       "\"calls\":10,"));
	/* half of read's time */
	assert_non_null(strstr(out.text[0], "\"total_ns\":500,\"avg_ns\":50,\"min_ns\":50,"
					    "\"max_ns\":50,\"pct_time\":50.00}"));
	assert_non_null(strstr(out.text[0], "\"total\":{\"calls\":10,\"errors\":0,\"timed\":10,"
					    "\"total_ns\":1000,"));
	free_lines(&out);
	summary__free(&sum);
}

/* No timed call: the times are unknown, not zero. An unnamed number keeps its number. */
static void test_untimed_and_unnamed(void **state)
{
	struct summary_opts o = {.sort = SUMMARY_SORT_NAME};
	struct bt_summary_key k = {.nr = 499};
	struct bt_summary s = {.calls = 2};
	struct summary sum;
	struct lines out = {};

	summary__init(&sum, &dec, &o);
	summary__add(&sum, &k, &s);
	json_of(&sum, &out);
	assert_int_equal(out.n, 1);
	assert_non_null(strstr(out.text[0], "{\"syscall\":\"syscall_499\",\"nr\":499,\"calls\":2,"
					    "\"errors\":0,\"timed\":0,\"total_ns\":0,"
					    "\"avg_ns\":null,\"min_ns\":null,\"max_ns\":null,"
					    "\"pct_time\":0.00}"));
	free_lines(&out);
	summary__free(&sum);
}

static void test_empty_total_still_written(void **state)
{
	struct summary_opts o = {};
	struct summary sum;
	struct lines out = {};

	summary__init(&sum, &dec, &o);
	json_of(&sum, &out);
	assert_int_equal(out.n, 1);
	assert_string_equal(out.text[0],
			    "{\"event\":\"summary\",\"by\":\"total\",\"syscalls\":[],\"total\":{"
			    "\"calls\":0,\"errors\":0,\"timed\":0,\"total_ns\":0,\"avg_ns\":null,"
			    "\"min_ns\":null,\"max_ns\":null}}");
	free_lines(&out);
	summary__free(&sum);
}

/* One object per thread, in id order, each with its own errno counts. */
static void test_groups_with_errnos_and_hist(void **state)
{
	struct summary_opts o = {.by = BT_SUMMARY_THREAD, .hist = true, .errno_summary = true};
	struct bt_summary_key a = {.nr = 257, .id = 200}, b = {.nr = 257, .id = 100};
	struct bt_summary sa = timed_calls(4, 3, 600), sb = timed_calls(2, 1, 3);
	struct bt_errno_key ea = {.nr = 257, .err = 2, .id = 200},
			    ea2 = {.nr = 257, .err = 13, .id = 200},
			    eb = {.nr = 257, .err = 2, .id = 100};
	struct summary sum;
	struct lines out = {};

	sa.hist[9] = 4; /* [512, 1024) */
	sb.hist[1] = 2; /* [2, 4) */
	sb.hist[BT_HIST_SLOTS - 1] = 0;
	summary__init(&sum, &dec, &o);
	summary__add(&sum, &a, &sa);
	summary__add(&sum, &b, &sb);
	summary__add_errno(&sum, &ea2, 1);
	summary__add_errno(&sum, &eb, 1);
	summary__add_errno(&sum, &ea, 2);
	json_of(&sum, &out);
	assert_int_equal(out.n, 2);
	assert_true(
		starts_with(out.text[0], "{\"event\":\"summary\",\"by\":\"thread\",\"tid\":100,"));
	assert_non_null(strstr(out.text[0], "\"hist\":[{\"lo_ns\":2,\"hi_ns\":4,\"count\":2}],"
					    "\"errnos\":{\"ENOENT\":1}}"));
	assert_true(
		starts_with(out.text[1], "{\"event\":\"summary\",\"by\":\"thread\",\"tid\":200,"));
	assert_non_null(strstr(out.text[1], "\"hist\":[{\"lo_ns\":512,\"hi_ns\":1024,\"count\":4}],"
					    "\"errnos\":{\"ENOENT\":2,\"EACCES\":1}}"));
	free_lines(&out);
	summary__free(&sum);
}

/* The last slot has no upper bound; slot 0 starts at 0. */
static void test_hist_open_ended_slot(void **state)
{
	struct summary_opts o = {.hist = true};
	struct bt_summary_key k = {.nr = 0};
	struct bt_summary s = timed_calls(2, 0, 1);
	struct summary sum;
	struct lines out = {};

	s.hist[0] = 1;
	s.hist[BT_HIST_SLOTS - 1] = 1;
	summary__init(&sum, &dec, &o);
	summary__add(&sum, &k, &s);
	json_of(&sum, &out);
	assert_non_null(strstr(out.text[0],
			       "\"hist\":[{\"lo_ns\":0,\"hi_ns\":2,\"count\":1},"
			       "{\"lo_ns\":549755813888,\"hi_ns\":null,\"count\":1}]"));
	free_lines(&out);
	summary__free(&sum);
}

/* The text has one errno table: the groups' counts are added up there. */
static void test_text_errnos_merge_groups(void **state)
{
	struct summary_opts o = {.by = BT_SUMMARY_PROCESS, .errno_summary = true};
	struct bt_summary_key a = {.nr = 257, .id = 1}, b = {.nr = 257, .id = 2};
	struct bt_summary s = timed_calls(3, 3, 10);
	struct bt_errno_key ea = {.nr = 257, .err = 2, .id = 1},
			    eb = {.nr = 257, .err = 2, .id = 2};
	struct summary sum;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	summary__init(&sum, &dec, &o);
	summary__add(&sum, &a, &s);
	summary__add(&sum, &b, &s);
	summary__add_errno(&sum, &ea, 3);
	summary__add_errno(&sum, &eb, 3);
	summary__print(&sum, f);
	fclose(f);
	assert_non_null(strstr(text, "\nopenat           ENOENT                   6\n"));
	free(text);
	summary__free(&sum);
}

/*
 * A kept call of getppid (110) by tid, ns long, returning ret, as the kernel's slot holds
 * it (the catalog here knows no arguments: six are shown).
 */
static struct bt_kept_call kept_getppid(__u32 tid, __u64 ts, __u64 ns, __s64 ret)
{
	struct bt_kept_call kc = {.ns = ns};
	struct bt_enter_rec enter = {.hdr = {.type = BT_REC_ENTER,
					     .size = sizeof(enter),
					     .ts = ts,
					     .tgid = tid,
					     .tid = tid,
					     .nr = 110}};
	struct bt_exit_rec exit = {.hdr = {.type = BT_REC_EXIT,
					   .size = sizeof(exit),
					   .tgid = tid,
					   .tid = tid,
					   .nr = 110},
				   .ret = ret};

	memcpy(kc.enter, &enter, sizeof(enter));
	memcpy(kc.exit, &exit, sizeof(exit));
	kc.enter_size = sizeof(enter);
	kc.exit_size = sizeof(exit);
	return kc;
}

/*
 * --slowest: the kernel keeps N per CPU; the table shows each syscall's N longest of them
 * all, longest first, with pid and time; slots that are not one whole call are left out.
 */
static void test_slowest_text_and_json(void **state)
{
	struct summary_opts o = {.slowest = 2};
	struct bt_summary_key key = {.nr = 110};
	struct bt_summary s = timed_calls(5, 0, 10);
	struct bt_kept_key k0 = {.id = 110, .slot = 0}, k1 = {.id = 110, .slot = 1},
			   k16 = {.id = 110, .slot = BT_SLOWEST_MAX};
	struct bt_kept_call a = kept_getppid(7, 100, 3000, 1), b = kept_getppid(8, 200, 1500000, 1),
			    c = kept_getppid(9, 300, 2000, 1),
			    torn = kept_getppid(10, 400, 9999999, 1),
			    other = kept_getppid(11, 500, 8888888, 1),
			    no_exit = kept_getppid(12, 600, 7777777, 1);
	struct lines lines = {};
	struct summary sum;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	/* an enter that claims more bytes than its region, an exit of another call, no exit */
	torn.enter_size = sizeof(torn.enter) + 8;
	((struct bt_exit_rec *)other.exit)->hdr.nr = 257;
	no_exit.exit_size = 0;
	summary__init(&sum, &dec, &o);
	summary__add(&sum, &key, &s);
	summary__add_slow(&sum, &k0, &a);
	summary__add_slow(&sum, &k1, &c);
	summary__add_slow(&sum, &k16, &b);
	summary__add_slow(&sum, &k0, &torn);
	summary__add_slow(&sum, &k0, &other);
	summary__add_slow(&sum, &k0, &no_exit);
	assert_int_equal(sum.nslow, 3);
	summary__print(&sum, f);
	fclose(f);
	assert_non_null(strstr(text, "\nslowest calls (at most 2 of each syscall, longest first):\n"
				     "[pid     8] getppid(0, 0, 0, 0, 0, 0)   = 1 <0.001500>\n"
				     "[pid     7] getppid(0, 0, 0, 0, 0, 0)   = 1 <0.000003>\n"));
	assert_null(strstr(text, "[pid     9]"));
	json_of(&sum, &lines);
	assert_int_equal(lines.n, 1);
	assert_non_null(strstr(lines.text[0], "\"slowest\":[{\"ts\":200,\"pid\":8,\"tid\":8,"
					      "\"duration_ns\":1500000,"));
	assert_non_null(
		strstr(lines.text[0], "{\"ts\":100,\"pid\":7,\"tid\":7,\"duration_ns\":3000,"));
	assert_null(strstr(lines.text[0], "\"pid\":9"));
	free_lines(&lines);
	free(text);
	summary__free(&sum);
}

/* -U as strace 6.1 takes it: its names and aliases, each column once, name last if not given. */
static void test_columns_parse(void **state)
{
	struct summary_opts o = {};
	char bad[32];

	assert_int_equal(summary_columns_parse("calls,time", &o, bad, sizeof(bad)), 0);
	assert_int_equal(o.ncolumns, 3);
	assert_int_equal(o.columns[0], SUMMARY_COL_CALLS);
	assert_int_equal(o.columns[1], SUMMARY_COL_TIME_PERCENT);
	assert_int_equal(o.columns[2], SUMMARY_COL_NAME);
	assert_int_equal(summary_columns_parse("syscall-name,shortest,time-max,count,error,"
					       "time-total,time-avg",
					       &o, bad, sizeof(bad)),
			 0);
	assert_int_equal(o.ncolumns, 7);
	assert_int_equal(o.columns[0], SUMMARY_COL_NAME);
	assert_int_equal(o.columns[1], SUMMARY_COL_MIN_TIME);
	assert_int_equal(o.columns[2], SUMMARY_COL_MAX_TIME);
	assert_int_equal(o.columns[6], SUMMARY_COL_AVG_TIME);
	/* strace's "min" and "avg" are no columns; an empty element is none either */
	assert_int_equal(summary_columns_parse("calls,min", &o, bad, sizeof(bad)), -EINVAL);
	assert_string_equal(bad, "min");
	assert_int_equal(summary_columns_parse("calls,,name", &o, bad, sizeof(bad)), -EINVAL);
	assert_string_equal(bad, "");
	assert_int_equal(summary_columns_parse("", &o, bad, sizeof(bad)), -EINVAL);
	assert_int_equal(summary_columns_parse("longest,max-time", &o, bad, sizeof(bad)), -EEXIST);
	assert_string_equal(bad, "max-time");
	/* a failed parse leaves the columns as they were */
	assert_int_equal(o.ncolumns, 7);
}

/* The default table is strace 6.1's; -U's columns in their order, strace's widths. */
static void test_text_columns(void **state)
{
	struct summary_opts o = {};
	struct bt_summary_key k = {.nr = 257};
	struct bt_summary s = timed_calls(4, 1, 2500);
	struct summary sum;
	char *text = NULL, bad[32];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	summary__init(&sum, &dec, &o);
	summary__add(&sum, &k, &s);
	summary__print(&sum, f);
	fflush(f);
	assert_string_equal(text,
			    "% time     seconds  usecs/call     calls    errors syscall\n"
			    "------ ----------- ----------- --------- --------- ----------------\n"
			    "100.00    0.000010           2         4         1 openat\n"
			    "------ ----------- ----------- --------- --------- ----------------\n"
			    "100.00    0.000010           2         4         1 total\n");
	fclose(f);
	free(text);
	summary__free(&sum);

	assert_int_equal(summary_columns_parse("name,calls,min-time,longest", &o, bad, sizeof(bad)),
			 0);
	text = NULL;
	f = open_memstream(&text, &len);
	summary__init(&sum, &dec, &o);
	summary__add(&sum, &k, &s);
	summary__print(&sum, f);
	fclose(f);
	assert_string_equal(text, "syscall              calls shortest  longest\n"
				  "---------------- --------- -------- --------\n"
				  "openat                   4 0.000003 0.000003\n"
				  "---------------- --------- -------- --------\n"
				  "total                    4 0.000003 0.000003\n");
	free(text);
	summary__free(&sum);
}

/*
 * -O: a call shorter than the overhead counts 0, and 0 is a minimum like any (a per-CPU
 * value with its timed calls all at 0 keeps it); the total is 100% of no time, as strace's;
 * JSON says the overhead.
 */
static void test_overhead_leaves_zeros(void **state)
{
	struct summary_opts o = {.overhead_ns = 1500};
	struct bt_summary_key k = {.nr = 110};
	struct bt_summary cpu0 = timed_calls(3, 0, 0), cpu1 = timed_calls(2, 0, 4000), merged = {};
	struct bt_summary zeros = timed_calls(3, 0, 0);
	struct summary sum;
	struct lines out = {};
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	bt_summary_add(&merged, &cpu1);
	bt_summary_add(&merged, &cpu0);
	assert_int_equal(merged.timed, 5);
	assert_int_equal(merged.min_ns, 0);
	assert_int_equal(merged.max_ns, 4000);
	/* and in the other order: a later 0 is still lower */
	memset(&merged, 0, sizeof(merged));
	bt_summary_add(&merged, &cpu0);
	bt_summary_add(&merged, &cpu1);
	assert_int_equal(merged.min_ns, 0);

	cpu0.timed = 0; /* none of its calls timed: its min is no value */
	memset(&merged, 0, sizeof(merged));
	bt_summary_add(&merged, &cpu0);
	bt_summary_add(&merged, &cpu1);
	assert_int_equal(merged.min_ns, 4000);

	summary__init(&sum, &dec, &o);
	summary__add(&sum, &k, &zeros);
	f = open_memstream(&text, &len);
	summary__print(&sum, f);
	fclose(f);
	assert_string_equal(text,
			    "% time     seconds  usecs/call     calls    errors syscall\n"
			    "------ ----------- ----------- --------- --------- ----------------\n"
			    "  0.00    0.000000           0         3           getppid\n"
			    "------ ----------- ----------- --------- --------- ----------------\n"
			    "100.00    0.000000           0         3           total\n");
	free(text);
	json_of(&sum, &out);
	assert_int_equal(out.n, 1);
	assert_true(starts_with(out.text[0], "{\"event\":\"summary\",\"by\":\"total\","
					     "\"overhead_ns\":1500,\"syscalls\":["));
	free_lines(&out);
	summary__free(&sum);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_total_members_and_order),
		cmocka_unit_test(test_untimed_and_unnamed),
		cmocka_unit_test(test_kfunc_rows_outside_the_total),
		cmocka_unit_test(test_empty_total_still_written),
		cmocka_unit_test(test_groups_with_errnos_and_hist),
		cmocka_unit_test(test_hist_open_ended_slot),
		cmocka_unit_test(test_text_errnos_merge_groups),
		cmocka_unit_test(test_slowest_text_and_json),
		cmocka_unit_test(test_columns_parse),
		cmocka_unit_test(test_text_columns),
		cmocka_unit_test(test_overhead_leaves_zeros),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}

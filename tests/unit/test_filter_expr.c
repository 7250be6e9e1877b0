// SPDX-License-Identifier: GPL-2.0
/* Unit tests of --filter: parser errors, compiled programs, and the shared evaluator's semantics. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/expr.h"
#include "filter/fields.h"
#include "syscall_formats.h"

/* The build's unistd numbers, and tracefs formats added by hand below. */
static struct catalog *cat;
static struct filter_compiled *out;
static struct syscall_set all;
static char err[FILTER_ERR_MAX];
static char listing[4096];

static int nr_of(const char *name)
{
	const struct syscall_desc *desc = catalog__by_name(cat, name);

	if (!desc)
		fail_msg("%s is not in the build's unistd table", name);
	return desc->nr;
}

static void format(const char *name, int nargs, const char *const decls[][2])
{
	syscall_desc_set_format(&cat->descs[nr_of(name)], nargs, decls);
}

static int setup(void **state)
{
	cat = calloc(1, sizeof(*cat));
	out = calloc(1, sizeof(*out));
	if (!cat || !out || catalog__load(cat, NULL))
		return -1;
	/* formats as tracefs spells them on x86_64 */
	FORMAT("openat", {"int", "dfd"}, {"const char *", "filename"}, {"int", "flags"},
	       {"umode_t", "mode"});
	FORMAT("read", {"unsigned int", "fd"}, {"char *", "buf"}, {"size_t", "count"});
	FORMAT("write", {"unsigned int", "fd"}, {"const char *", "buf"}, {"size_t", "count"});
	FORMAT("close", {"unsigned int", "fd"});
	FORMAT("mmap", {"unsigned long", "addr"}, {"unsigned long", "len"},
	       {"unsigned long", "prot"}, {"unsigned long", "flags"}, {"unsigned long", "fd"},
	       {"unsigned long", "off"});
	FORMAT("pipe2", {"int *", "fildes"}, {"int", "flags"});
	FORMAT("kill", {"pid_t", "pid"}, {"int", "sig"});
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++)
		syscall_set__add(&all, nr);
	return 0;
}

static int teardown(void **state)
{
	free(out);
	free(cat);
	return 0;
}

/* Parses and compiles spec's expression text against all syscalls: 0 or the error. */
static int compile(struct filter_spec *spec, const char *text)
{
	int ret;

	err[0] = 0;
	if (text) {
		ret = filter_expr__parse(text, &spec->expr, err, sizeof(err));
		if (ret)
			return ret;
	}
	ret = filter_spec__compile(spec, cat, NULL, &all, NULL, out, err, sizeof(err));
	filter_expr__free(spec->expr);
	spec->expr = NULL;
	if (!ret)
		filter_prog__format(&out->prog, listing, sizeof(listing));
	return ret;
}

static const char *program(const char *text)
{
	struct filter_spec spec = {};

	if (compile(&spec, text))
		fail_msg("'%s' does not compile: %s", text, err);
	return listing;
}

static const char *error_of(const char *text)
{
	struct filter_spec spec = {};

	if (!compile(&spec, text))
		fail_msg("'%s' compiles, expected an error", text);
	return err;
}

static void test_terms_compile_to_jumps(void **state)
{
	assert_string_equal(program("fd == 3"), "0: name0 == 3 ? accept : reject\n");
	assert_string_equal(program("fd == 3 && count > 100"),
			    "0: name0 == 3 ? 1 : reject\n"
			    "1: name1 > 100 ? accept : reject unsigned\n");
	assert_string_equal(program("fd == 3 || !(count > 100)"),
			    "0: name0 == 3 ? accept : 1\n"
			    "1: name1 > 100 ? reject : accept negated unsigned\n");
	/* precedence: && binds tighter than || */
	assert_string_equal(program("pid == 1 || tid == 2 && uid == 3"),
			    "0: pid == 1 ? accept : 1\n"
			    "1: tid == 2 ? 2 : reject\n"
			    "2: uid == 3 ? accept : reject\n");
	assert_string_equal(program("(pid == 1 || tid == 2) && uid == 3"),
			    "0: pid == 1 ? 2 : 1\n"
			    "1: tid == 2 ? 2 : reject\n"
			    "2: uid == 3 ? accept : reject\n");
	/* a bare field is true when nonzero; raw arguments compare unsigned */
	assert_string_equal(program("arg2"), "0: arg2 != 0 ? accept : reject unsigned\n");
}

static void test_values_units_and_names(void **state)
{
	assert_string_equal(program("errno == ENOENT"), "0: errno == 2 ? accept : reject exit\n");
	assert_string_equal(program("duration > 10ms"),
			    "0: duration > 0x989680 ? accept : reject exit\n");
	assert_string_equal(program("duration >= 2s"),
			    "0: duration >= 0x77359400 ? accept : reject exit\n");
	assert_string_equal(program("ret < -1"), "0: ret < -1 ? accept : reject exit\n");
	assert_string_equal(program("syscall == openat"), "0: syscall == 257 ? accept : reject\n");
	assert_string_equal(program("arg0 & 0x10"), "0: arg0 & 16 ? accept : reject unsigned\n");
	/* constants from the decoder's tables, ORed with | */
	assert_string_equal(program("flags & O_CREAT|O_EXCL"),
			    "0: name0 & 192 ? accept : reject\n");
	assert_string_equal(program("dfd == AT_FDCWD"), "0: name0 == -100 ? accept : reject\n");
	/* comm: two words, little-endian, NUL-padded */
	assert_string_equal(program("comm == \"cat\""), "0: comm[0:8] == 0x746163 ? 1 : reject\n"
							"1: comm[8:16] == 0 ? accept : reject\n");
	assert_string_equal(program("comm != cat"), "0: comm[0:8] != 0x746163 ? accept : 1\n"
						    "1: comm[8:16] != 0 ? accept : reject\n");
}

static void test_named_arguments_narrow_the_traced_set(void **state)
{
	const int read_nr = nr_of("read"), openat_nr = nr_of("openat"), mmap_nr = nr_of("mmap");

	program("fd == 3");
	assert_true(syscall_set__has(&out->traced, read_nr));
	assert_true(syscall_set__has(&out->traced, mmap_nr));
	assert_false(syscall_set__has(&out->traced, openat_nr));
	assert_false(syscall_set__has(&out->traced, nr_of("getpid")));
	/* each syscall's place and width of the argument: read's unsigned int fd is an int */
	assert_int_equal(out->args[read_nr].index[0], 0);
	assert_int_equal(out->args[read_nr].cast[0], BT_CAST_S32);
	assert_int_equal(out->args[mmap_nr].index[0], 4);

	program("fd == 3 && count > 1");
	assert_int_equal(syscall_set__count(&out->traced), 2); /* read, write */
	assert_int_equal(out->args[read_nr].index[1], 2);
	assert_int_equal(out->args[read_nr].cast[1], BT_CAST_U64);

	/*
	 * a constant keeps the syscalls whose table has it: open's flags, and pipe2's, which
	 * strace names by open's table, not mmap's (of the formats set up here)
	 */
	program("flags & O_CREAT");
	assert_int_equal(syscall_set__count(&out->traced), 2);
	assert_true(syscall_set__has(&out->traced, openat_nr));
	assert_true(syscall_set__has(&out->traced, nr_of("pipe2")));
	assert_false(syscall_set__has(&out->traced, mmap_nr));
	assert_int_equal(out->args[openat_nr].index[0], 2);
	program("flags & MAP_SHARED");
	assert_true(syscall_set__has(&out->traced, mmap_nr));
	assert_false(syscall_set__has(&out->traced, openat_nr));
	/* process fields need no argument: every syscall stays */
	program("pid == 1");
	assert_int_equal(syscall_set__count(&out->traced), BT_MAX_SYSCALLS);
}

static void test_syntax_errors_give_column_and_expectation(void **state)
{
	assert_string_equal(error_of("fd == 3 && )"),
			    "--filter: column 12: expected a field name, found ')'");
	assert_string_equal(error_of(""),
			    "--filter: column 1: expected a field name, found the end of the "
			    "expression");
	assert_string_equal(error_of("fd =="),
			    "--filter: column 6: expected a value after '==', found the end of "
			    "the expression");
	assert_string_equal(error_of("(fd == 1"),
			    "--filter: column 9: expected ')' to close the '(' of column 1, found "
			    "the end of the expression");
	assert_string_equal(error_of("fd == 1 fd"),
			    "--filter: column 9: expected '&&', '||' or the end, found 'fd'");
	assert_string_equal(error_of("fd = 1"),
			    "--filter: column 4: '=' is not an operator: compare with '=='");
	assert_string_equal(error_of("fd == 1 @"), "--filter: column 9: unexpected character '@'");
	assert_string_equal(error_of("fd == 0x"),
			    "--filter: column 7: expected hex digits after '0x'");
	assert_string_equal(error_of("fd == 99999999999999999999"),
			    "--filter: column 7: number '99999999999999999999' does not fit in 64 "
			    "bits");
	assert_string_equal(error_of("duration > 10hours"),
			    "--filter: column 14: unknown unit 'hours': give ns, us, ms or s");
	assert_string_equal(error_of("comm == \"cat"),
			    "--filter: column 9: the string has no closing '\"'");
	assert_string_equal(error_of("comm == \"a-name-longer-than-15\""),
			    "--filter: column 9: string longer than 15 bytes: a comm holds no "
			    "more");
	assert_string_equal(error_of("fd == -x"),
			    "--filter: column 8: expected a number after '==', found 'x'");
	/* bytes a terminal would act on are escaped: the message stays one line */
	assert_string_equal(error_of("\"a\nb\" == 1"),
			    "--filter: column 1: expected a field name, found '\"a\\x0ab\"'");
	assert_string_equal(error_of("fd == 1 |"),
			    "--filter: column 10: expected a value after '==', found the end of "
			    "the expression");
}

static void test_name_errors(void **state)
{
	assert_string_equal(error_of("fdd == 3"),
			    "--filter: column 1: unknown field 'fdd': give pid, tid, ppid, uid, "
			    "gid, comm, syscall, arg0..arg5, ret, errno, duration, an argument "
			    "name ('btftrace syscalls' lists them) or a number field of an event "
			    "-e selects");
	assert_string_equal(error_of("flags & O_CRAET"),
			    "--filter: column 9: unknown constant 'O_CRAET' for flags: give a "
			    "number, or a name the decoder prints for it");
	assert_string_equal(error_of("errno == ENOPE"),
			    "--filter: column 10: unknown errno 'ENOPE': give a name like ENOENT, "
			    "or a number");
	assert_string_equal(error_of("syscall == nope"),
			    "--filter: column 12: unknown syscall 'nope': 'btftrace syscalls' "
			    "lists them all");
	assert_string_equal(error_of("fd == 1ms"),
			    "--filter: column 7: a unit goes with duration only, not with fd");
	assert_string_equal(error_of("pid == \"x\""),
			    "--filter: column 8: a string only compares with comm; pid takes "
			    "numbers");
	assert_string_equal(error_of("pid == init"),
			    "--filter: column 8: expected a number for pid, found 'init'");
	assert_string_equal(error_of("comm > 3"),
			    "--filter: column 1: comm compares with == or != and a name: comm == "
			    "\"cat\"");
	/* O_CREAT is open's, but openat has no fd: mmap's flags are left */
	assert_string_equal(error_of("fd == 1 && flags & O_CREAT"),
			    "--filter: column 20: no traced syscall takes 'O_CREAT' in its "
			    "argument flags: trace one that does");
	assert_string_equal(error_of("fildes == 1 && count == 1"),
			    "--filter: column 16: no traced syscall has an argument called "
			    "'count': trace one that has ('btftrace syscalls' lists them), or "
			    "drop the term");
}

static void test_limits(void **state)
{
	char text[2048] = "";
	size_t n = 0;

	/* 33 comparisons: one more than a program holds; the error points at the 33rd */
	for (int i = 0; i < BT_FILTER_MAX_INSNS + 1; i++)
		n += snprintf(text + n, sizeof(text) - n, "%spid == %d", i ? " || " : "", i);
	assert_string_equal(error_of(text), "--filter: column 407: more than 32 comparisons "
					    "(comm == NAME counts 2): split the filter");
	/* nesting deeper than FILTER_MAX_DEPTH */
	n = 0;
	for (int i = 0; i < FILTER_MAX_DEPTH + 1; i++)
		n += snprintf(text + n, sizeof(text) - n, "(");
	snprintf(text + n, sizeof(text) - n, "pid");
	assert_string_equal(error_of(text), "--filter: column 17: nested deeper than 16 levels");
	n = 0;
	for (int i = 0; i < FILTER_MAX_DEPTH + 1; i++)
		n += snprintf(text + n, sizeof(text) - n, "!");
	snprintf(text + n, sizeof(text) - n, "pid");
	assert_string_equal(error_of(text), "--filter: column 17: nested deeper than 16 levels");
	/* four argument names at most */
	assert_string_equal(error_of("addr || len || prot || flags || fd"),
			    "--filter: column 33: more than 4 different argument names in one "
			    "filter");
}

/* Runs the compiled program on a call of read-like named arguments. */
static int run(__u64 name0, __u64 name1, __u64 name2, __s64 ret, __u32 phase)
{
	struct bt_filter_input in = {};

	in.v[BT_FF_NAMED0] = name0;
	in.v[BT_FF_NAMED0 + 1] = name1;
	in.v[BT_FF_NAMED0 + 2] = name2;
	in.v[BT_FF_RET] = ret;
	in.v[BT_FF_ERRNO] = ret < 0 && ret >= -4095 ? -ret : 0;
	return bt_filter_run(&out->prog, &in, phase);
}

static void test_evaluator_matches_c_semantics(void **state)
{
	program("(addr == 1 || len == 2) && !(prot == 3)");
	for (int bits = 0; bits < 8; bits++) {
		int a = bits & 1, b = (bits >> 1) & 1, c = (bits >> 2) & 1;

		assert_int_equal(run(a ? 1 : 9, b ? 2 : 9, c ? 3 : 9, 0, BT_PHASE_EXIT),
				 (a || b) && !c);
	}
	/* signed comparisons of widened values (fds are ints); unsigned for addresses */
	program("fd < 0");
	assert_true(run(-5, 0, 0, 0, BT_PHASE_EXIT));
	program("addr < 0");
	assert_false(run(-5, 0, 0, 0, BT_PHASE_EXIT));
	program("arg0 > 5");
	assert_true(run(0, 0, 0, 0, BT_PHASE_EXIT) == 0);
	program("addr & 0x4");
	assert_true(run(6, 0, 0, 0, BT_PHASE_EXIT));
	assert_false(run(3, 0, 0, 0, BT_PHASE_EXIT));
}

static void test_enter_phases_treat_the_result_as_unknown(void **state)
{
	program("addr == 3 && ret < 0");
	/* at enter: could it pass (MAYBE), must it pass (SURE) */
	assert_true(run(3, 0, 0, 0, BT_PHASE_ENTER_MAYBE));
	assert_false(run(4, 0, 0, 0, BT_PHASE_ENTER_MAYBE));
	assert_false(run(3, 0, 0, 0, BT_PHASE_ENTER_SURE));
	assert_true(run(3, 0, 0, -2, BT_PHASE_EXIT));
	assert_false(run(3, 0, 0, 5, BT_PHASE_EXIT));
	/* under a negation, the unknown term is taken the other way */
	program("!(errno == ENOENT) && addr == 1");
	assert_true(run(1, 0, 0, 0, BT_PHASE_ENTER_MAYBE));
	assert_false(run(1, 0, 0, 0, BT_PHASE_ENTER_SURE));
	assert_false(run(1, 0, 0, -2, BT_PHASE_EXIT));
	program("addr == 1 || ret == 0");
	assert_true(run(1, 0, 0, 0, BT_PHASE_ENTER_SURE));
	assert_true(run(2, 0, 0, 0, BT_PHASE_ENTER_MAYBE));
	assert_false(run(2, 0, 0, 0, BT_PHASE_ENTER_SURE));
}

/* --filter on an event's fields: named like arguments, decided where the entry has them. */
static void test_event_fields(void **state)
{
	static struct tp_field switch_fields[] = {
		{.name = "next_pid",
		 .kind = TP_FIELD_SCALAR,
		 .offset = 56,
		 .size = 4,
		 .is_signed = true},
		{.name = "next_comm", .kind = TP_FIELD_ARRAY, .offset = 40, .size = 16},
	};
	static struct tp_field fork_fields[] = {
		{.name = "child_pid",
		 .kind = TP_FIELD_SCALAR,
		 .offset = 20,
		 .size = 4,
		 .is_signed = true},
	};
	struct tp_event evs[] = {
		{.name = "sched_switch", .nfields = 2, .fields = switch_fields},
		{.name = "sched_process_fork", .nfields = 1, .fields = fork_fields},
	};
	struct tp_set events = {.events = evs, .n = 2};
	struct filter_spec spec = {};
	struct bt_event_desc desc = {};
	struct bt_filter_input in = {};

	assert_int_equal(
		filter_expr__parse("next_pid < 0 || child_pid == 3", &spec.expr, err, sizeof(err)),
		0);
	/* no syscall has them: the events decide by them, no error */
	assert_int_equal(
		filter_spec__compile(&spec, cat, NULL, &all, &events, out, err, sizeof(err)), 0);
	filter_expr__free(spec.expr);
	assert_int_equal(syscall_set__count(&out->traced), 0);
	assert_string_equal(out->names[0], "next_pid");
	assert_string_equal(out->names[1], "child_pid");
	filter_event_slots(out, &evs[0], &desc);
	assert_int_equal(desc.filter_has, 1);
	assert_int_equal(desc.filter_off[0], 56);
	assert_int_equal(desc.filter_size[0], 4);
	assert_int_equal(desc.filter_cast[0], BT_CAST_S32);
	filter_event_slots(out, &evs[1], &desc);
	assert_int_equal(desc.filter_has, 2);
	assert_int_equal(desc.filter_off[1], 20);
	/* sched_switch: a signed field compares signed; child_pid, unknown, could pass */
	in.v[BT_FF_NAMED0] = (__u64)-1;
	in.v[BT_FF_NAMED_KNOWN] = 1;
	assert_true(bt_filter_run(&out->prog, &in, BT_PHASE_EVENT));
	in.v[BT_FF_NAMED0] = 7;
	assert_true(bt_filter_run(&out->prog, &in, BT_PHASE_EVENT));
	/* both known (an event with both): decided */
	in.v[BT_FF_NAMED_KNOWN] = 3;
	in.v[BT_FF_NAMED0 + 1] = 4;
	assert_false(bt_filter_run(&out->prog, &in, BT_PHASE_EVENT));
	in.v[BT_FF_NAMED0 + 1] = 3;
	assert_true(bt_filter_run(&out->prog, &in, BT_PHASE_EVENT));
	/* an array field is no number: no such field */
	assert_int_equal(filter_expr__parse("next_comm == 1", &spec.expr, err, sizeof(err)), 0);
	assert_int_equal(
		filter_spec__compile(&spec, cat, NULL, &all, &events, out, err, sizeof(err)),
		-EINVAL);
	assert_non_null(strstr(err, "a number field of an event -e selects"));
	filter_expr__free(spec.expr);
}

static void test_options_add_conditions(void **state)
{
	struct filter_spec spec = {.failed = true,
				   .min_duration_ns = 1000,
				   .comm = "sleep",
				   .has_uid = true,
				   .uid = 1000};
	struct bt_filter_input in = {};

	assert_int_equal(compile(&spec, "pid != 1"), 0);
	/* process conditions first, result conditions last */
	assert_string_equal(listing, "0: comm[0:8] == 0x7065656c73 ? 1 : reject\n"
				     "1: comm[8:16] == 0 ? 2 : reject\n"
				     "2: uid == 1000 ? 3 : reject\n"
				     "3: pid != 1 ? 4 : reject\n"
				     "4: errno != 0 ? 5 : reject exit\n"
				     "5: duration >= 1000 ? accept : reject exit\n");
	memcpy(&in.v[BT_FF_COMM_LO], "sleep", 5);
	in.v[BT_FF_UID] = 1000;
	in.v[BT_FF_PID] = 1;
	assert_false(bt_filter_run(&out->prog, &in, BT_PHASE_EVENT));
	assert_false(bt_filter_run(&out->prog, &in, BT_PHASE_ENTER_MAYBE));
	in.v[BT_FF_PID] = 2;
	/* a signal or exit line of this thread: the result is unknown, and could pass */
	assert_true(bt_filter_run(&out->prog, &in, BT_PHASE_EVENT));
	in.v[BT_FF_ERRNO] = 13;
	in.v[BT_FF_DURATION] = 999;
	assert_false(bt_filter_run(&out->prog, &in, BT_PHASE_EXIT));
	in.v[BT_FF_DURATION] = 1000;
	assert_true(bt_filter_run(&out->prog, &in, BT_PHASE_EXIT));
	in.v[BT_FF_UID] = 0;
	assert_false(bt_filter_run(&out->prog, &in, BT_PHASE_EVENT));

	/* -z alone; and a spec without the expression */
	spec = (struct filter_spec){.successful = true};
	assert_true(filter_spec__needs_exit(&spec));
	assert_int_equal(compile(&spec, NULL), 0);
	assert_string_equal(listing, "0: errno == 0 ? accept : reject exit\n");
	spec = (struct filter_spec){.has_cgroup = true, .cgroup_id = 77, .cgroup_level = 2};
	assert_false(filter_spec__needs_exit(&spec));
	assert_int_equal(compile(&spec, NULL), 0);
	assert_int_equal(out->prog.cgroup_level, 2);
	assert_true(out->prog.uses & BT_FU_CGROUP);
}

static void test_events_are_judged_by_the_process_terms(void **state)
{
	struct bt_filter_input in = {};

	/* a term about calls cannot judge a signal or exit line: it may pass */
	program("fd == 3");
	assert_true(bt_filter_run(&out->prog, &in, BT_PHASE_EVENT));
	program("pid == 5 && (fd == 3 || syscall == openat) && arg0 == 1");
	in.v[BT_FF_PID] = 5;
	assert_true(bt_filter_run(&out->prog, &in, BT_PHASE_EVENT));
	assert_false(bt_filter_run(&out->prog, &in, BT_PHASE_EXIT));
	in.v[BT_FF_PID] = 6;
	assert_false(bt_filter_run(&out->prog, &in, BT_PHASE_EVENT));
	/* under a negation as well */
	program("!(fd == 3) && tid == 7");
	in.v[BT_FF_TID] = 7;
	assert_true(bt_filter_run(&out->prog, &in, BT_PHASE_EVENT));
	in.v[BT_FF_TID] = 8;
	assert_false(bt_filter_run(&out->prog, &in, BT_PHASE_EVENT));
}

static void test_durations(void **state)
{
	__u64 ns;

	assert_int_equal(filter_parse_duration("10ms", &ns), 0);
	assert_int_equal(ns, 10000000);
	assert_int_equal(filter_parse_duration("3us", &ns), 0);
	assert_int_equal(ns, 3000);
	assert_int_equal(filter_parse_duration("2s", &ns), 0);
	assert_int_equal(ns, 2000000000);
	assert_int_equal(filter_parse_duration("500", &ns), 0);
	assert_int_equal(ns, 500);
	assert_int_equal(filter_parse_duration("10xs", &ns), -EINVAL);
	assert_int_equal(filter_parse_duration("ms", &ns), -EINVAL);
	assert_int_equal(filter_parse_duration("-1ms", &ns), -EINVAL);
	assert_int_equal(filter_parse_duration("1ms 2", &ns), -EINVAL);
	assert_int_equal(filter_parse_duration("", &ns), -EINVAL);
	assert_int_equal(filter_parse_duration("99999999999s", &ns), -EINVAL);
}

/* What a program tells the collector to fetch, and when each of its terms can be known. */
static void test_fields_say_what_to_fetch_and_when(void **state)
{
	static const struct {
		const char *text;
		__u32 uses; /* BT_FU_* */
		__u8 flags; /* of each instruction, less BT_FI_POSITIVE */
	} cases[] = {
		{"pid == 1", 0, 0},
		{"ppid == 1", BT_FU_PPID, 0},
		{"comm == \"x\"", BT_FU_COMM, 0},
		{"fd == 1", BT_FU_NAMED, BT_FI_CALL},
		{"syscall == 1", 0, BT_FI_CALL},
		{"arg5 == 1", 0, BT_FI_CALL | BT_FI_UNSIGNED},
		{"ret == 1", 0, BT_FI_EXIT},
		{"errno == 1", 0, BT_FI_EXIT},
		{"duration == 1", 0, BT_FI_EXIT},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		program(cases[i].text);
		assert_int_equal(out->prog.uses, cases[i].uses);
		for (__u32 k = 0; k < out->prog.len; k++)
			assert_int_equal(out->prog.insns[k].flags & ~BT_FI_POSITIVE,
					 cases[i].flags);
	}
}

/* The row of the field table that holds field: exactly one. */
static const struct filter_field *only_row_of(int field)
{
	const struct filter_field *found = NULL;

	for (unsigned int i = 0; i < filter_fields_count; i++) {
		const struct filter_field *f = &filter_fields[i];
		int n = f->numbered ? f->numbered : 1;

		if (field < f->field || field >= f->field + n)
			continue;
		if (found)
			fail_msg("field %d has two rows, %s and %s", field,
				 found->name ? found->name : found->listing,
				 f->name ? f->name : f->listing);
		found = f;
	}
	if (!found)
		fail_msg("field %d has no row in the field table", field);
	return found;
}

/*
 * The field table, the parser, the compiler and the listing agree: every
 * field has one row and lists under that row's name; every name an
 * expression may use parses to its field and compiles to an instruction
 * flagged as its row says; the unknown-field message lists those names.
 */
static void test_field_table_parser_and_listing_agree(void **state)
{
	char names[256], keyword[32], text[64], line[96];

	for (int field = 0; field < BT_FF_COUNT; field++) {
		const struct filter_field *row = only_row_of(field);
		struct bt_filter_prog prog = {.len = 1};
		struct filter_spec spec = {};
		char listed[16];
		int number = field - row->field;

		assert_ptr_equal(filter_field_row(field), row);
		snprintf(listed, sizeof(listed), row->numbered ? "%s%d" : "%s",
			 row->listing ? row->listing : row->name, number);
		assert_string_equal(filter_field_listing(field, keyword, sizeof(keyword)), listed);
		prog.insns[0] = (struct bt_filter_insn){.field = field,
							.op = BT_FOP_EQ,
							.jt = BT_FILTER_ACCEPT,
							.jf = BT_FILTER_REJECT,
							.flags = BT_FI_POSITIVE,
							.val = 1};
		filter_prog__format(&prog, listing, sizeof(listing));
		snprintf(line, sizeof(line), "0: %s == 1 ? accept : reject\n", listed);
		assert_string_equal(listing, line);
		if (!row->name)
			continue;

		snprintf(keyword, sizeof(keyword), row->numbered ? "%s%d" : "%s", row->name,
			 number);
		assert_int_equal(filter_field_by_name(keyword), field);
		snprintf(text, sizeof(text), field == BT_FF_COMM_LO ? "%s == \"x\"" : "%s == 1",
			 keyword);
		assert_int_equal(filter_expr__parse(text, &spec.expr, err, sizeof(err)), 0);
		assert_int_equal(filter_spec__needs_exit(&spec), !!(row->insn_flags & BT_FI_EXIT));
		filter_expr__free(spec.expr);
		program(text);
		assert_int_equal(out->prog.insns[0].field, field);
		assert_int_equal(out->prog.insns[0].flags & row->insn_flags, row->insn_flags);
		assert_int_equal(out->prog.uses & row->uses, row->uses);
		snprintf(line, sizeof(line), "0: %s == ", listed);
		assert_memory_equal(listing, line, strlen(line));
	}
	assert_null(filter_field_row(BT_FF_COUNT));
	assert_null(filter_field_listing(BT_FF_COUNT, keyword, sizeof(keyword)));
	/* names the listing alone uses, and numbers past a run, are argument names */
	assert_int_equal(filter_field_by_name("name0"), -1);
	assert_int_equal(filter_field_by_name("cgroup"), -1);
	assert_int_equal(filter_field_by_name("arg6"), -1);
	assert_int_equal(filter_field_by_name("arg01"), -1);
	assert_int_equal(filter_field_by_name("arg"), -1);
	assert_int_equal(filter_field_by_name("pids"), -1);
	/* what the unknown-field message offers */
	filter_field_names(names, sizeof(names));
	assert_string_equal(names, "pid, tid, ppid, uid, gid, comm, syscall, arg0..arg5, ret, "
				   "errno, duration");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_terms_compile_to_jumps),
		cmocka_unit_test(test_values_units_and_names),
		cmocka_unit_test(test_named_arguments_narrow_the_traced_set),
		cmocka_unit_test(test_syntax_errors_give_column_and_expectation),
		cmocka_unit_test(test_name_errors),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_evaluator_matches_c_semantics),
		cmocka_unit_test(test_enter_phases_treat_the_result_as_unknown),
		cmocka_unit_test(test_options_add_conditions),
		cmocka_unit_test(test_events_are_judged_by_the_process_terms),
		cmocka_unit_test(test_durations),
		cmocka_unit_test(test_event_fields),
		cmocka_unit_test(test_fields_say_what_to_fetch_and_when),
		cmocka_unit_test(test_field_table_parser_and_listing_agree),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}

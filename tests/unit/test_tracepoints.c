// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of -e SUBSYS:EVENT's pieces: the tracefs format parser and the event globs
 * (src/catalog/tracepoints.c, on format texts and a tracefs tree made here), and the decoding of
 * an event's entry, as the collector copies it, into the text and JSON lines
 * (src/decode/tracepoint.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "beauty/beauty.h"
#include "decode/decode.h"
#include "sinks/sinks.h"

/* Linux 6.18's: the comms are __data_loc strings */
static const char fork_format[] =
	"name: sched_process_fork\n"
	"ID: 366\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:__data_loc char[] parent_comm;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:pid_t parent_pid;\toffset:12;\tsize:4;\tsigned:1;\n"
	"\tfield:__data_loc char[] child_comm;\toffset:16;\tsize:4;\tsigned:0;\n"
	"\tfield:pid_t child_pid;\toffset:20;\tsize:4;\tsigned:1;\n"
	"\n"
	"print fmt: \"comm=%s pid=%d child_comm=%s child_pid=%d\", __get_str(parent_comm), "
	"REC->parent_pid, __get_str(child_comm), REC->child_pid\n";

/* Linux 6.1's: char arrays in place */
static const char switch_format[] =
	"name: sched_switch\n"
	"ID: 314\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	"\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n"
	"\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n"
	"\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n"
	"\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n"
	"\n"
	"print fmt: \"prev_comm=%s\", REC->prev_comm\n";

/* every other kind: a pointer, an array of longs, a __rel_loc, a bool and a byte array */
static const char mixed_format[] =
	"name: mixed\n"
	"ID: 9\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:void * ptr;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:unsigned long args[2];\toffset:16;\tsize:16;\tsigned:0;\n"
	"\tfield:__rel_loc char[] path;\toffset:32;\tsize:4;\tsigned:0;\n"
	"\tfield:bool ok;\toffset:36;\tsize:1;\tsigned:0;\n"
	"\tfield:u8 addr[ETH_ALEN];\toffset:37;\tsize:6;\tsigned:0;\n"
	"\tfield:s16 delta;\toffset:44;\tsize:2;\tsigned:1;\n";

static void test_parse_data_loc_fields(void **state)
{
	struct tp_event ev = {0};
	struct bt_event_desc desc;

	assert_int_equal(tp_format_parse(fork_format, &ev), 0);
	assert_int_equal(ev.id, 366);
	assert_int_equal(ev.nfields, 4); /* common_* left out */
	assert_int_equal(ev.fixed_size, 24);
	assert_string_equal(ev.fields[0].name, "parent_comm");
	assert_string_equal(ev.fields[0].type, "char");
	assert_int_equal(ev.fields[0].kind, TP_FIELD_DYN);
	assert_true(ev.fields[0].is_char);
	assert_int_equal(ev.fields[0].offset, 8);
	assert_string_equal(ev.fields[1].type, "pid_t");
	assert_int_equal(ev.fields[1].kind, TP_FIELD_SCALAR);
	assert_true(ev.fields[1].is_signed);
	assert_int_equal(ev.fields[3].offset, 20);
	tp_event__desc(&ev, &desc);
	assert_int_equal(desc.fixed, 24);
	assert_int_equal(desc.ndyn, 2);
	assert_int_equal(desc.dyn_off[0], 8);
	assert_int_equal(desc.dyn_off[1], 16);
	assert_int_equal(desc.dyn_rel[0], 0);
	assert_int_equal(tp_event__field(&ev, "child_pid"), 3);
	assert_int_equal(tp_event__field(&ev, "common_pid"), -1);
	tp_event__free(&ev);
}

static void test_parse_arrays_pointers_rel_loc(void **state)
{
	struct tp_event ev = {0};
	struct bt_event_desc desc;

	assert_int_equal(tp_format_parse(switch_format, &ev), 0);
	assert_int_equal(ev.nfields, 7);
	assert_int_equal(ev.fields[0].kind, TP_FIELD_ARRAY);
	assert_int_equal(ev.fields[0].count, 16);
	assert_int_equal(ev.fields[0].elem_size, 1);
	assert_true(ev.fields[0].is_char);
	assert_string_equal(ev.fields[0].name, "prev_comm");
	assert_int_equal(ev.fixed_size, 64);
	tp_event__desc(&ev, &desc);
	assert_int_equal(desc.ndyn, 0);
	tp_event__free(&ev);

	assert_int_equal(tp_format_parse(mixed_format, &ev), 0);
	assert_int_equal(ev.nfields, 6);
	assert_int_equal(ev.fields[0].kind, TP_FIELD_POINTER);
	assert_string_equal(ev.fields[0].type, "void *");
	assert_int_equal(ev.fields[1].kind, TP_FIELD_ARRAY);
	assert_int_equal(ev.fields[1].elem_size, 8);
	assert_false(ev.fields[1].is_char);
	assert_int_equal(ev.fields[2].kind, TP_FIELD_REL_DYN);
	/* a length tracefs did not work out: counted in bytes */
	assert_int_equal(ev.fields[4].kind, TP_FIELD_ARRAY);
	assert_int_equal(ev.fields[4].count, 6);
	assert_int_equal(ev.fields[4].elem_size, 1);
	tp_event__desc(&ev, &desc);
	assert_int_equal(desc.ndyn, 1);
	assert_int_equal(desc.dyn_off[0], 32);
	assert_int_equal(desc.dyn_rel[0], 1);
	tp_event__free(&ev);
}

static void test_parse_refuses_what_it_does_not_know(void **state)
{
	struct tp_event ev = {0};

	/* no "format:" line */
	assert_int_equal(tp_format_parse("name: x\nID: 1\n", &ev), -EINVAL);
	/* a field without its offset */
	assert_int_equal(tp_format_parse("format:\n\tfield:int a;\tsize:4;\tsigned:1;\n", &ev),
			 -EINVAL);
	/* a __data_loc is a u32, nothing else */
	assert_int_equal(tp_format_parse("format:\n\tfield:__data_loc char[] s;\toffset:8;\t"
					 "size:8;\tsigned:0;\n",
					 &ev),
			 -EINVAL);
	assert_null(ev.fields);
}

static void test_event_specs_from_other_expressions(void **state)
{
	assert_true(tp_spec_is_event("sched:sched_switch"));
	assert_true(tp_spec_is_event("sched:*"));
	assert_true(tp_spec_is_event("sched:sched_switch(prev_comm, next_pid)"));
	assert_false(tp_spec_is_event("trace=openat"));
	assert_false(tp_spec_is_event("openat"));
	assert_false(tp_spec_is_event("inject=open:error=ENOENT"));
	assert_false(tp_spec_is_event("%file"));
}

/* A tracefs tree of two systems in a temporary directory, for the globs. */
static char tree[64];

static void put_format(const char *system, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/events/%s", tree, system);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/events/%s/%s", tree, system, name);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/events/%s/%s/format", tree, system, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int tree_setup(void **state)
{
	char path[128];

	snprintf(tree, sizeof(tree), "/tmp/btftrace-tp-XXXXXX");
	if (!mkdtemp(tree))
		return -1;
	snprintf(path, sizeof(path), "%s/events", tree);
	mkdir(path, 0755);
	put_format("sched", "sched_process_fork", fork_format);
	put_format("sched", "sched_switch", switch_format);
	put_format("other", "mixed", mixed_format);
	return 0;
}

static int tree_teardown(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", tree);
	return system(cmd) ? -1 : 0;
}

static void test_globs_and_errors(void **state)
{
	struct tp_set set = {0};
	char err[TP_ERR_MAX];

	assert_int_equal(tp_set__add(&set, tree, "sched:*", err, sizeof(err)), 2);
	/* an event selected twice stays once */
	assert_int_equal(tp_set__add(&set, tree, "sched:sched_switch", err, sizeof(err)), 1);
	assert_int_equal(set.n, 2);
	/* a glob of one part alone: a system's events, or events of that name */
	assert_int_equal(tp_set__add(&set, tree, "other", err, sizeof(err)), 1);
	assert_int_equal(set.n, 3);
	tp_set__finish(&set);
	assert_int_equal(set.events[0].id, 9);
	assert_string_equal(tp_set__find(&set, 314)->full, "sched:sched_switch");
	assert_null(tp_set__find(&set, 1));
	tp_set__free(&set);

	assert_int_equal(tp_set__add(&set, tree, "sched:nope*", err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "no tracepoint matches 'sched:nope*'"));
	assert_non_null(strstr(err, "btftrace events sched:*"));
	/* a name of no field: a fetch expression, checked later against BTF (test_fetch.c) */
	assert_int_equal(
		tp_set__add(&set, tree, "sched:sched_switch(prev_comm, nope)", err, sizeof(err)),
		1);
	assert_true(set.events[0].has_fetch);
	assert_int_equal(set.events[0].shown[0].field, 0);
	assert_int_equal(set.events[0].shown[1].field, -1);
	assert_string_equal(set.events[0].shown[1].text, "nope");
	tp_set__free(&set);
	assert_int_equal(tp_set__add(&set, tree, "sched:sched_switch( )", err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "an empty"));
	assert_int_equal(tp_set__add(&set, tree, "sched:sched_switch(prev_comm", err, sizeof(err)),
			 -EINVAL);
	assert_int_equal(tp_set__add(&set, tree, "sched:", err, sizeof(err)), -EINVAL);
	assert_int_equal(set.n, 0);

	/* a fetch expression: those fields, in its order */
	assert_int_equal(tp_set__add(&set, tree, "sched:sched_switch( next_pid ,prev_comm)", err,
				     sizeof(err)),
			 1);
	assert_int_equal(set.events[0].nshown, 2);
	assert_int_equal(set.events[0].shown[0].field, 5);
	assert_int_equal(set.events[0].shown[1].field, 0);
	assert_false(set.events[0].has_fetch);
	/* spaces dropped inside an expression */
	tp_set__free(&set);
	assert_int_equal(
		tp_set__add(&set, tree, "sched:sched_switch(prev -> comm)", err, sizeof(err)), 1);
	assert_string_equal(set.events[0].shown[0].text, "prev->comm");
	tp_set__free(&set);
}

/* Decoding: an entry as the collector copies it, through a decoder with no syscalls. */
static struct types types;
static struct catalog *cat;
static struct beauty *beauty;
static struct decoder dec;
static struct outbuf ob;
static struct tp_set set;

static int decode_setup(void **state)
{
	struct decode_opts opts;
	struct tp_event ev = {0};

	decode_opts_default(&opts);
	cat = calloc(1, sizeof(*cat));
	beauty = calloc(1, sizeof(*beauty));
	if (!cat || !beauty || beauty__build(beauty, cat, NULL) ||
	    decoder__init(&dec, cat, beauty, &types, &opts))
		return -1;
	set.events = calloc(3, sizeof(*set.events));
	if (!set.events)
		return -1;
	set.cap = 3;
	const char *texts[] = {fork_format, switch_format, mixed_format};
	const char *names[][2] = {
		{"sched", "sched_process_fork"}, {"sched", "sched_switch"}, {"other", "mixed"}};
	for (int i = 0; i < 3; i++) {
		if (tp_format_parse(texts[i], &ev))
			return -1;
		snprintf(ev.system, sizeof(ev.system), "%s", names[i][0]);
		snprintf(ev.name, sizeof(ev.name), "%s", names[i][1]);
		snprintf(ev.full, sizeof(ev.full), "%s:%s", ev.system, ev.name);
		set.events[set.n++] = ev;
	}
	tp_set__finish(&set);
	dec.tracepoints = &set;
	outbuf_init(&ob);
	return 0;
}

static int decode_teardown(void **state)
{
	tp_set__free(&set);
	decoder__free(&dec);
	free(cat);
	free(beauty);
	outbuf_free(&ob);
	return 0;
}

static struct {
	struct bt_event_rec rec;
	unsigned char data[256];
} rec;

/* An entry of len bytes (want: its whole size) of event id, as its record. */
static void make_rec(__u32 id, const void *entry, __u16 len, __u32 want)
{
	memset(&rec, 0, sizeof(rec));
	rec.rec.hdr.type = BT_REC_EVENT;
	rec.rec.hdr.tgid = rec.rec.hdr.tid = 10;
	rec.rec.hdr.nr = -1;
	rec.rec.event_id = id;
	rec.rec.len = len;
	rec.rec.want = want;
	rec.rec.flags = len < want ? BT_CAP_TRUNCATED : 0;
	rec.rec.hdr.size = sizeof(rec.rec) + BT_ALIGN8(len);
	memcpy(rec.data, entry, len);
}

static const char *text_line(void)
{
	static struct text_writer tw;
	struct text_writer_opts two;
	struct wr_limits lim;
	struct call call = {.state = CALL_EVENT, .event = &rec.rec.hdr};
	struct call_view v;

	decode_text_limits(&dec.opts, &lim);
	decode_text_writer_opts(&dec.opts, &two);
	outbuf_reset(&ob);
	text_writer__init(&tw, &ob, &lim, &two);
	decode_view(&dec, &call, &v);
	assert_int_equal(v.event, CEV_TRACEPOINT);
	sink_event_text(&tw, &dec, &v);
	return ob.data;
}

static const char *json_members(void)
{
	static const struct json_writer_opts jwo;
	static struct json_writer jw;
	struct call call = {.state = CALL_EVENT, .event = &rec.rec.hdr};
	struct call_view v;

	outbuf_reset(&ob);
	json_writer__init(&jw, &ob, &jwo);
	decode_view(&dec, &call, &v);
	sink_event_json(&jw, &dec, &v);
	return ob.data;
}

/* sched_process_fork's entry: the comms after the fixed part, each "sh\0". */
static void fork_entry(unsigned char *e)
{
	__u32 parent_loc = 24 | 3 << 16, child_loc = 27 | 3 << 16;
	__s32 parent = 10, child = 11;

	memset(e, 0xee, 8); /* the kernel's pointer over the header */
	memcpy(e + 8, &parent_loc, 4);
	memcpy(e + 12, &parent, 4);
	memcpy(e + 16, &child_loc, 4);
	memcpy(e + 20, &child, 4);
	memcpy(e + 24, "sh\0sh\0", 6);
}

static void test_fork_line(void **state)
{
	unsigned char e[32];

	fork_entry(e);
	make_rec(366, e, 30, 30);
	assert_string_equal(text_line(), "sched:sched_process_fork(parent_comm=\"sh\", "
					 "parent_pid=10, child_comm=\"sh\", child_pid=11)");
	assert_non_null(strstr(json_members(), ",\"name\":\"sched:sched_process_fork\","
					       "\"fields\":{\"parent_comm\":"));
	assert_non_null(strstr(ob.data, "\"parent_pid\":10,"));
	assert_non_null(strstr(ob.data, "\"child_pid\":11}"));
}

static void test_cut_entry(void **state)
{
	unsigned char e[32];

	/* the collector's cap cut the second comm after one byte, and the last field's offset
	 * is past what came: shown as such, not read out of bounds */
	fork_entry(e);
	make_rec(366, e, 28, 30);
	assert_string_equal(text_line(), "sched:sched_process_fork(parent_comm=\"sh\", "
					 "parent_pid=10, child_comm=\"s\"..., child_pid=11)");
	make_rec(366, e, 16, 30);
	assert_string_equal(text_line(), "sched:sched_process_fork(parent_comm=?, "
					 "parent_pid=10, child_comm=?, child_pid=?)");
	/* JSON: null for what was not copied */
	assert_non_null(strstr(json_members(), "\"parent_pid\":10,\"child_comm\":null,"
					       "\"child_pid\":null}"));
}

static void test_arrays_and_selection(void **state)
{
	unsigned char e[64] = {0};
	__s32 pid = 77, prio = 120;
	__s64 st = 1;
	struct tp_event *ev = (struct tp_event *)tp_set__find(&set, 314);

	memcpy(e + 8, "sh", 2);
	memcpy(e + 24, &pid, 4);
	memcpy(e + 28, &prio, 4);
	memcpy(e + 32, &st, 8);
	memcpy(e + 40, "kworker/0:1", 11);
	pid = 5;
	memcpy(e + 56, &pid, 4);
	memcpy(e + 60, &prio, 4);
	make_rec(314, e, 64, 64);
	assert_string_equal(text_line(), "sched:sched_switch(prev_comm=\"sh\", prev_pid=77, "
					 "prev_prio=120, prev_state=1, next_comm=\"kworker/0:1\", "
					 "next_pid=5, next_prio=120)");
	/* a fetch expression's fields, in its order */
	ev->shown = calloc(2, sizeof(*ev->shown));
	ev->shown[0].field = 5;
	ev->shown[1].field = 0;
	ev->nshown = 2;
	assert_string_equal(text_line(), "sched:sched_switch(next_pid=5, prev_comm=\"sh\")");
	free(ev->shown);
	ev->shown = NULL;
}

/* One fetched item after the entry, as fetch_run puts it: its header, its bytes, padded to 8. */
static size_t put_item(size_t at, const void *bytes, __u16 len, __u16 flags)
{
	struct bt_fetch_item head = {.len = len, .flags = flags};

	memcpy(rec.data + at, &head, sizeof(head));
	/* an item that could not be read comes with no bytes at all */
	if (len)
		memcpy(rec.data + at + sizeof(head), bytes, len);
	return at + BT_ALIGN8(sizeof(head) + len);
}

static void test_fetched_items(void **state)
{
	unsigned char e[64] = {0}, bits = 0x0a;
	__s32 pid = 77;
	struct tp_event *ev = (struct tp_event *)tp_set__find(&set, 314);
	size_t at = 64;

	memcpy(e + 24, &pid, 4);
	make_rec(314, e, 64, 64);
	ev->shown = calloc(5, sizeof(*ev->shown));
	ev->nshown = 5;
	ev->shown[0].field = 1;
	strcpy(ev->shown[1].text, "prev->comm");
	ev->shown[1].field = -1;
	ev->shown[1].kind = TP_FETCH_STRING;
	strcpy(ev->shown[2].text, "next->mm->owner");
	ev->shown[2].field = -1;
	ev->shown[2].kind = TP_FETCH_BITS;
	ev->shown[2].bits = 64;
	strcpy(ev->shown[3].text, "prev->on_rq");
	ev->shown[3].field = -1;
	ev->shown[3].kind = TP_FETCH_BITS;
	ev->shown[3].bit_shift = 1;
	ev->shown[3].bits = 3;
	strcpy(ev->shown[4].text, "name:string");
	ev->shown[4].field = -1;
	ev->shown[4].kind = TP_FETCH_STRING;
	at = put_item(at, "sh", 3, 0);
	at = put_item(at, NULL, 0, BT_CAP_FAULT);
	at = put_item(at, &bits, 1, 0);
	at = put_item(at, "abcd", 4, BT_CAP_TRUNCATED);
	rec.rec.fetch_len = at - 64;
	rec.rec.hdr.size = sizeof(rec.rec) + at;
	/* each by its kind; a string cut at the read's bound goes on with "..." */
	assert_string_equal(text_line(), "sched:sched_switch(prev_pid=77, prev->comm=\"sh\", "
					 "next->mm->owner=?, prev->on_rq=5, name=\"abcd\"...)");
	assert_non_null(strstr(json_members(), "\"prev->comm\":{\"str\":\"sh\","));
	assert_non_null(strstr(json_members(), "\"next->mm->owner\":null,\"prev->on_rq\":5,"));
	/* items the record has not (past its fetch_len): "?", and the list says more were cut */
	rec.rec.fetch_len = 16;
	rec.rec.fetch_flags = BT_CAP_TRUNCATED;
	assert_string_equal(text_line(), "sched:sched_switch(prev_pid=77, prev->comm=\"sh\", "
					 "next->mm->owner=?, prev->on_rq=?, name=?, ...)");
	free(ev->shown);
	ev->shown = NULL;
	ev->nshown = 0;
}

static void test_pointer_numbers_rel_loc(void **state)
{
	unsigned char e[64] = {0};
	__u64 ptr = 0xffff888001234560ULL, args[2] = {3, 4096};
	__u32 loc = 12 | 4 << 16; /* from the end of its u32 at 32: at 48 */
	__s16 delta = -2;

	memcpy(e + 8, &ptr, 8);
	memcpy(e + 16, args, 16);
	memcpy(e + 32, &loc, 4);
	e[36] = 1;
	memcpy(e + 37, "\x00\x11\x22\x33\x44\x55", 6);
	memcpy(e + 44, &delta, 2);
	memcpy(e + 48, "/tmp", 4);
	make_rec(9, e, 52, 52);
	assert_string_equal(text_line(), "other:mixed(ptr=0xffff888001234560, args=[3, 4096], "
					 "path=\"/tmp\", ok=true, addr=[0, 17, 34, 51, 68, 85], "
					 "delta=-2)");
}

int main(void)
{
	const struct CMUnitTest parse[] = {
		cmocka_unit_test(test_parse_data_loc_fields),
		cmocka_unit_test(test_parse_arrays_pointers_rel_loc),
		cmocka_unit_test(test_parse_refuses_what_it_does_not_know),
		cmocka_unit_test(test_event_specs_from_other_expressions),
	};
	const struct CMUnitTest globs[] = {
		cmocka_unit_test(test_globs_and_errors),
	};
	const struct CMUnitTest decode[] = {
		cmocka_unit_test(test_fork_line),
		cmocka_unit_test(test_cut_entry),
		cmocka_unit_test(test_arrays_and_selection),
		cmocka_unit_test(test_fetched_items),
		cmocka_unit_test(test_pointer_numbers_rel_loc),
	};

	return cmocka_run_group_tests(parse, NULL, NULL) |
	       cmocka_run_group_tests(globs, tree_setup, tree_teardown) |
	       cmocka_run_group_tests(decode, decode_setup, decode_teardown);
}

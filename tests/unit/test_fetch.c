// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of fetch expressions (src/types/fetch.c): an event's list compiled against a BTF
 * made here (a task_struct, the btf_trace_ typedef without names, the __bpf_trace_ function
 * with them) into the collector's steps, and the errors for what BTF does not have.
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
#include <unistd.h>
#include <bpf/btf.h>

#include "types/fetch.h"

static const char switch_format[] =
	"name: sched_switch\n"
	"ID: 314\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	"\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n"
	"\tfield:const char * name;\toffset:40;\tsize:8;\tsigned:0;\n"
	"\n"
	"print fmt: \"prev_comm=%s\", REC->prev_comm\n";

/* struct task_struct's members: their offsets in bytes */
#define OFF_PID 0
#define OFF_COMM 4
#define OFF_PARENT 24
#define OFF_UNION 32
#define OFF_FLAGS 40

static struct types types;
static char btf_path[64];

static int add_or_die(int id)
{
	if (id < 0)
		abort();
	return id;
}

/*
 * struct task_struct { pid_t pid; char comm[16]; struct task_struct *real_parent;
 *	union { int a; long b; }; unsigned int exiting:1, on_rq:3; };
 * typedef void (*btf_trace_sched_switch)(void *, bool, struct task_struct *,
 *	struct task_struct *);
 * void __bpf_trace_sched_switch(void *__data, bool preempt, struct task_struct *prev,
 *	struct task_struct *next);
 */
static int btf_setup(void **state)
{
	struct btf *btf = btf__new_empty();
	int t_int, t_uint, t_long, t_char, t_bool, t_pid, t_comm, t_task, t_ptask, t_anon, t_void,
		proto, named;
	const void *raw;
	__u32 size;
	FILE *f;

	t_int = add_or_die(btf__add_int(btf, "int", 4, BTF_INT_SIGNED));
	t_uint = add_or_die(btf__add_int(btf, "unsigned int", 4, 0));
	t_long = add_or_die(btf__add_int(btf, "long", 8, BTF_INT_SIGNED));
	t_char = add_or_die(btf__add_int(btf, "char", 1, BTF_INT_CHAR));
	t_bool = add_or_die(btf__add_int(btf, "_Bool", 1, BTF_INT_BOOL));
	t_pid = add_or_die(btf__add_typedef(btf, "pid_t", t_int));
	t_comm = add_or_die(btf__add_array(btf, t_int, t_char, 16));
	t_anon = add_or_die(btf__add_union(btf, NULL, 8));
	add_or_die(btf__add_field(btf, "a", t_int, 0, 0));
	add_or_die(btf__add_field(btf, "b", t_long, 0, 0));
	t_task = add_or_die(btf__add_struct(btf, "task_struct", 48));
	/* its pointer: the next type added after its members */
	t_ptask = t_task + 1;
	add_or_die(btf__add_field(btf, "pid", t_pid, OFF_PID * 8, 0));
	add_or_die(btf__add_field(btf, "comm", t_comm, OFF_COMM * 8, 0));
	add_or_die(btf__add_field(btf, "real_parent", t_ptask, OFF_PARENT * 8, 0));
	add_or_die(btf__add_field(btf, NULL, t_anon, OFF_UNION * 8, 0));
	add_or_die(btf__add_field(btf, "exiting", t_uint, OFF_FLAGS * 8, 1));
	add_or_die(btf__add_field(btf, "on_rq", t_uint, OFF_FLAGS * 8 + 1, 3));
	if (add_or_die(btf__add_ptr(btf, t_task)) != t_ptask)
		return -1;
	t_void = add_or_die(btf__add_ptr(btf, 0));
	proto = add_or_die(btf__add_func_proto(btf, 0));
	add_or_die(btf__add_func_param(btf, NULL, t_void));
	add_or_die(btf__add_func_param(btf, NULL, t_bool));
	add_or_die(btf__add_func_param(btf, NULL, t_ptask));
	add_or_die(btf__add_func_param(btf, NULL, t_ptask));
	add_or_die(btf__add_typedef(btf, "btf_trace_sched_switch",
				    add_or_die(btf__add_ptr(btf, proto))));
	named = add_or_die(btf__add_func_proto(btf, 0));
	add_or_die(btf__add_func_param(btf, "__data", t_void));
	add_or_die(btf__add_func_param(btf, "preempt", t_bool));
	add_or_die(btf__add_func_param(btf, "prev", t_ptask));
	add_or_die(btf__add_func_param(btf, "next", t_ptask));
	add_or_die(btf__add_func(btf, "__bpf_trace_sched_switch", BTF_FUNC_STATIC, named));
	raw = btf__raw_data(btf, &size);
	snprintf(btf_path, sizeof(btf_path), "/tmp/btftrace-fetch-XXXXXX");
	f = fdopen(mkstemp(btf_path), "w");
	if (!f || fwrite(raw, 1, size, f) != size || fclose(f))
		return -1;
	btf__free(btf);
	return types__load(&types, btf_path);
}

static int btf_teardown(void **state)
{
	types__free(&types);
	unlink(btf_path);
	return 0;
}

/* sched:sched_switch with the list items (strings, comma-separated, without spaces). */
static void event(struct tp_event *ev, const char *list)
{
	char *copy = strdup(list), *save = NULL;

	memset(ev, 0, sizeof(*ev));
	assert_int_equal(tp_format_parse(switch_format, ev), 0);
	strcpy(ev->system, "sched");
	strcpy(ev->name, "sched_switch");
	strcpy(ev->full, "sched:sched_switch");
	ev->shown = calloc(32, sizeof(*ev->shown));
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		struct tp_item *item = &ev->shown[ev->nshown++];

		snprintf(item->text, sizeof(item->text), "%s", tok);
		item->field = tp_event__field(ev, tok);
		if (item->field < 0)
			ev->has_fetch = true;
	}
	free(copy);
}

static void assert_step(const struct bt_fetch_prog *p, int i, int op, __u32 off, __u16 size)
{
	assert_true(i < p->nsteps);
	assert_int_equal(p->steps[i].op, op);
	assert_int_equal(p->steps[i].off, off);
	assert_int_equal(p->steps[i].size, size);
}

static void test_members_through_pointers(void **state)
{
	struct tp_event ev;
	char err[FETCH_ERR_MAX];

	event(&ev, "prev->comm,prev->pid,next->real_parent->comm,preempt");
	assert_int_equal(tp_fetch_compile(&ev, &types, err, sizeof(err)), 0);
	/* arguments of the prototype: a raw tracepoint, its names from __bpf_trace_ */
	assert_true(ev.raw);
	assert_int_equal(ev.fetch->nargs, 3);
	assert_int_equal(ev.fetch->nsteps, 9);
	assert_step(ev.fetch, 0, BT_FETCH_ARG, 1, 8);
	assert_step(ev.fetch, 1, BT_FETCH_COPY, OFF_COMM, 16);
	assert_step(ev.fetch, 2, BT_FETCH_ARG, 1, 8);
	assert_step(ev.fetch, 3, BT_FETCH_COPY, OFF_PID, 4);
	assert_step(ev.fetch, 4, BT_FETCH_ARG, 2, 8);
	assert_step(ev.fetch, 5, BT_FETCH_DEREF, OFF_PARENT, 8);
	assert_step(ev.fetch, 6, BT_FETCH_COPY, OFF_COMM, 16);
	assert_step(ev.fetch, 7, BT_FETCH_ARG, 0, 8);
	assert_step(ev.fetch, 8, BT_FETCH_VALUE, 0, 1);
	assert_int_equal(ev.shown[0].kind, TP_FETCH_STRING);
	assert_int_equal(ev.shown[1].kind, TP_FETCH_BTF);
	assert_int_equal(ev.shown[2].kind, TP_FETCH_STRING);
	assert_int_equal(ev.shown[3].kind, TP_FETCH_BTF);
	assert_int_equal(ev.shown[3].field, -1);
	tp_event__free(&ev);

	/* the arguments by position too: arg1 is prev */
	event(&ev, "arg1->pid");
	assert_int_equal(tp_fetch_compile(&ev, &types, err, sizeof(err)), 0);
	assert_step(ev.fetch, 0, BT_FETCH_ARG, 1, 8);
	assert_step(ev.fetch, 1, BT_FETCH_COPY, OFF_PID, 4);
	tp_event__free(&ev);

	/* an element of an array in place, and the struct a pointer points to, bounded */
	event(&ev, "prev->comm[2],next->real_parent[0].pid");
	assert_int_equal(tp_fetch_compile(&ev, &types, err, sizeof(err)), 0);
	assert_step(ev.fetch, 1, BT_FETCH_COPY, OFF_COMM + 2, 1);
	assert_step(ev.fetch, 3, BT_FETCH_DEREF, OFF_PARENT, 8);
	assert_step(ev.fetch, 4, BT_FETCH_COPY, OFF_PID, 4);
	tp_event__free(&ev);

	/* a member of an anonymous union, and a bitfield: the bytes that hold it */
	event(&ev, "prev->b,prev->on_rq");
	assert_int_equal(tp_fetch_compile(&ev, &types, err, sizeof(err)), 0);
	assert_step(ev.fetch, 1, BT_FETCH_COPY, OFF_UNION, 8);
	assert_step(ev.fetch, 3, BT_FETCH_COPY, OFF_FLAGS, 1);
	assert_int_equal(ev.shown[1].kind, TP_FETCH_BITS);
	assert_int_equal(ev.shown[1].bit_shift, 1);
	assert_int_equal(ev.shown[1].bits, 3);
	tp_event__free(&ev);
}

static void test_format_fields_and_strings(void **state)
{
	struct tp_event ev;
	char err[FETCH_ERR_MAX];

	/* the format's own fields: no raw tracepoint, the entry's fields read */
	event(&ev, "prev_pid,name:string,prev_state:string");
	assert_int_equal(tp_fetch_compile(&ev, &types, err, sizeof(err)), 0);
	assert_false(ev.raw);
	assert_int_equal(ev.fetch->nargs, 0);
	assert_int_equal(ev.shown[0].field, 1); /* shown from the entry as it is */
	assert_int_equal(ev.fetch->nsteps, 4);
	assert_step(ev.fetch, 0, BT_FETCH_FIELD, 40, 8);
	assert_step(ev.fetch, 1, BT_FETCH_STRING, 0, BT_FETCH_COPY_MAX);
	assert_step(ev.fetch, 2, BT_FETCH_FIELD, 32, 8);
	assert_step(ev.fetch, 3, BT_FETCH_STRING, 0, BT_FETCH_COPY_MAX);
	assert_int_equal(ev.shown[1].kind, TP_FETCH_STRING);
	tp_event__free(&ev);

	/* without BTF too: a pointer field's string needs no type */
	event(&ev, "name:string");
	assert_int_equal(tp_fetch_compile(&ev, NULL, err, sizeof(err)), 0);
	assert_step(ev.fetch, 1, BT_FETCH_STRING, 0, BT_FETCH_COPY_MAX);
	tp_event__free(&ev);

	/* ':string' where a pointer is read from the struct */
	event(&ev, "prev->real_parent:string");
	assert_int_equal(tp_fetch_compile(&ev, &types, err, sizeof(err)), 0);
	assert_step(ev.fetch, 1, BT_FETCH_DEREF, OFF_PARENT, 8);
	assert_step(ev.fetch, 2, BT_FETCH_STRING, 0, BT_FETCH_COPY_MAX);
	tp_event__free(&ev);
}

static void test_errors_say_what_there_is(void **state)
{
	struct tp_event ev;
	char err[FETCH_ERR_MAX];

	event(&ev, "prev->comx");
	assert_int_equal(tp_fetch_compile(&ev, &types, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "sched:sched_switch: 'prev->comx': struct task_struct has no "
				 "member 'comx': its members are pid, comm, real_parent, a, b, "
				 "exiting, on_rq");
	tp_event__free(&ev);

	event(&ev, "prevv->comm");
	assert_int_equal(tp_fetch_compile(&ev, &types, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "sched:sched_switch has no field or argument 'prevv': its "
				 "format's fields are prev_comm, prev_pid, prev_state, name; its "
				 "BTF prototype's arguments (for '->' and '.') are preempt, prev, "
				 "next");
	tp_event__free(&ev);

	/* one list reads the entry or the arguments */
	event(&ev, "prev_comm,prev->pid");
	assert_int_equal(tp_fetch_compile(&ev, &types, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "'prev_comm' is a field of the format"));
	tp_event__free(&ev);

	event(&ev, "prev->pid->x");
	assert_int_equal(tp_fetch_compile(&ev, &types, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "it is no pointer (pid_t)"));
	tp_event__free(&ev);

	event(&ev, "prev->comm[16]");
	assert_int_equal(tp_fetch_compile(&ev, &types, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "index 16 is past the array's 16 elements"));
	tp_event__free(&ev);

	event(&ev, "prev->pid:str");
	assert_int_equal(tp_fetch_compile(&ev, &types, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "unknown type ':str'"));
	tp_event__free(&ev);

	event(&ev, "prev->pid:string");
	assert_int_equal(tp_fetch_compile(&ev, &types, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "':string' reads where a pointer points, and this is pid_t"));
	tp_event__free(&ev);

	/* no BTF: the format's fields only */
	event(&ev, "prev->pid");
	assert_int_equal(tp_fetch_compile(&ev, NULL, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "has no field 'prev'"));
	assert_non_null(strstr(err, "without BTF"));
	tp_event__free(&ev);

	/* the loop's bound: 11 expressions of 3 steps */
	event(&ev, "next->real_parent->pid,next->real_parent->pid,next->real_parent->pid,"
		   "next->real_parent->pid,next->real_parent->pid,next->real_parent->pid,"
		   "next->real_parent->pid,next->real_parent->pid,next->real_parent->pid,"
		   "next->real_parent->pid,next->real_parent->pid");
	assert_int_equal(tp_fetch_compile(&ev, &types, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "more than 32 steps"));
	tp_event__free(&ev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_members_through_pointers),
		cmocka_unit_test(test_format_fields_and_strings),
		cmocka_unit_test(test_errors_say_what_there_is),
	};

	return cmocka_run_group_tests(tests, btf_setup, btf_teardown);
}

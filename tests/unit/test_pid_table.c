/*
 * Unit tests of src/decode/pid_table.c (-Y, --decode-pids): names from records before /proc,
 * pids forgotten when their thread ends or is reaped, and ids seen from another PID
 * namespace translated as strace translates them, on a made-up /proc.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "decode/pid_table.h"

/* A thread of the made-up system: its ids in each namespace, btftrace's first. */
struct fake_thread {
	__u32 tid; /* btftrace's */
	const char *comm;
	int depth;
	int ids[4][3]; /* [kind: tid tgid pgid sid][level] */
	__u64 ns[3];   /* the namespace at each level, its own last */
	bool gone;
};

#define OWN_NS 100
#define CONTAINER_NS 200
#define OTHER_NS 300

static struct fake_thread world[] = {
	/* btftrace's namespace: a shell 500 and its thread 501 */
	{500, "bash", 1, {{500}, {500}, {500}, {400}}, {OWN_NS}},
	{501, "bash-thread", 1, {{501}, {500}, {500}, {400}}, {OWN_NS}},
	/* a container: its init (1, here 600), a worker (2, here 601) and its thread (3, 602) */
	{600, "init", 2, {{600, 1}, {600, 1}, {600, 1}, {600, 1}}, {OWN_NS, CONTAINER_NS}},
	{601, "worker", 2, {{601, 2}, {601, 2}, {600, 1}, {600, 1}}, {OWN_NS, CONTAINER_NS}},
	{602, "worker", 2, {{602, 3}, {601, 2}, {600, 1}, {600, 1}}, {OWN_NS, CONTAINER_NS}},
	/* another container with the same numbers: never the first one's */
	{700, "other-init", 2, {{700, 1}, {700, 1}, {700, 1}, {700, 1}}, {OWN_NS, OTHER_NS}},
	{701, "other", 2, {{701, 2}, {701, 2}, {700, 1}, {700, 1}}, {OWN_NS, OTHER_NS}},
};
static int scans; /* how many /proc scans translations made */

static struct fake_thread *thread(__u32 tid)
{
	for (size_t i = 0; i < sizeof(world) / sizeof(world[0]); i++) {
		if (world[i].tid == tid && !world[i].gone)
			return &world[i];
	}
	return NULL;
}

static int fake_comm(void *ctx, __u32 tid, char *buf, size_t size)
{
	struct fake_thread *t = thread(tid);

	if (!t)
		return -1;
	snprintf(buf, size, "%s", t->comm);
	return 0;
}

static int fake_ns_ids(void *ctx, __u32 tid, enum pid_kind kind, int *ids, int max)
{
	struct fake_thread *t = thread(tid);
	int k = kind == PID_TID ? 0 : kind == PID_TGID ? 1 : kind == PID_PGID ? 2 : 3;

	if (!t)
		return -1;
	for (int i = 0; i < t->depth && i < max; i++)
		ids[i] = t->ids[k][i];
	return t->depth;
}

static __u64 fake_ns_inode(void *ctx, __u32 tid, int up)
{
	struct fake_thread *t;

	if (!tid)
		return OWN_NS;
	t = thread(tid);
	if (!t || up >= t->depth)
		return 0;
	return t->ns[t->depth - 1 - up];
}

static void fake_each(void *ctx, bool threads, bool (*fn)(void *arg, __u32 tid), void *arg)
{
	scans++;
	for (size_t i = 0; i < sizeof(world) / sizeof(world[0]); i++) {
		struct fake_thread *t = &world[i];

		if (t->gone || (!threads && t->ids[0][0] != t->ids[1][0]))
			continue;
		if (fn(arg, t->tid))
			return;
	}
}

static const struct pid_source fake = {
	.comm = fake_comm,
	.ns_ids = fake_ns_ids,
	.ns_inode = fake_ns_inode,
	.each = fake_each,
};

static int setup(void **state)
{
	for (size_t i = 0; i < sizeof(world) / sizeof(world[0]); i++)
		world[i].gone = false;
	scans = 0;
	*state = pid_table__new(&fake);
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	pid_table__free(*state);
	return 0;
}

static void test_names_from_records_then_proc(void **state)
{
	struct pid_table *t = *state;

	/* not seen: what /proc says now */
	assert_string_equal(pid_table__comm(t, 500), "bash");
	assert_null(pid_table__comm(t, 999));
	/* seen: what its last record said, whatever /proc says since */
	pid_table__note(t, 500, 500, "make");
	assert_true(pid_table__known(t, 500));
	assert_string_equal(pid_table__comm(t, 500), "make");
	pid_table__note(t, 500, 500, "cc1");
	assert_string_equal(pid_table__comm(t, 500), "cc1");
	/* a 16-byte name is cut to the kernel's 15 */
	pid_table__note(t, 500, 501, "a-very-long-thread-name");
	assert_string_equal(pid_table__comm(t, 501), "a-very-long-thr");
}

static void test_forgotten_pids_name_what_proc_says(void **state)
{
	struct pid_table *t = *state;

	pid_table__note(t, 601, 602, "worker-2");
	pid_table__forget(t, 602);
	assert_false(pid_table__known(t, 602));
	/* a thread that ended and was reaped: /proc has nothing, so neither has the trace */
	world[4].gone = true;
	assert_null(pid_table__comm(t, 602));
	/* forgetting what was never known is nothing */
	pid_table__forget(t, 12345);
}

static void test_own_namespace_is_identity(void **state)
{
	struct pid_table *t = *state;

	pid_table__note(t, 500, 500, "bash");
	assert_int_equal(pid_table__translate(t, 500, 500, PID_TGID), 500);
	assert_int_equal(pid_table__translate(t, 500, 4242, PID_TID), 4242);
	assert_int_equal(pid_table__translate(t, 500, 0, PID_TGID), 0);
	assert_int_equal(pid_table__translate(t, 500, -1, PID_TGID), 0);
	assert_int_equal(scans, 0);
}

static void test_container_ids_translate(void **state)
{
	struct pid_table *t = *state;

	pid_table__note(t, 601, 601, "worker");
	pid_table__note(t, 601, 602, "worker");
	/* the caller's own ids, and its thread's, without a scan */
	assert_int_equal(pid_table__translate(t, 601, 2, PID_TGID), 601);
	assert_int_equal(pid_table__translate(t, 602, 3, PID_TID), 602);
	assert_int_equal(pid_table__translate(t, 602, 2, PID_TGID), 601);
	assert_int_equal(scans, 0);
	/* its init, never seen: found in /proc, in this container only */
	assert_int_equal(pid_table__translate(t, 601, 1, PID_TGID), 600);
	assert_int_equal(scans, 1);
	/* and then found again without a scan */
	assert_int_equal(pid_table__translate(t, 601, 1, PID_TGID), 600);
	assert_int_equal(scans, 1);
	/* a group and a session */
	assert_int_equal(pid_table__translate(t, 601, 1, PID_PGID), 600);
	assert_int_equal(pid_table__translate(t, 601, 1, PID_SID), 600);
	/* a number nobody has there */
	assert_int_equal(pid_table__translate(t, 601, 77, PID_TGID), 0);
}

static void test_the_same_number_elsewhere_is_not_it(void **state)
{
	struct pid_table *t = *state;

	pid_table__note(t, 701, 701, "other");
	pid_table__note(t, 601, 601, "worker");
	/* both containers have a 1 and a 2: each sees its own */
	assert_int_equal(pid_table__translate(t, 701, 1, PID_TGID), 700);
	assert_int_equal(pid_table__translate(t, 601, 1, PID_TGID), 600);
	assert_int_equal(pid_table__translate(t, 701, 2, PID_TGID), 701);
	assert_int_equal(pid_table__translate(t, 601, 2, PID_TGID), 601);
}

static void test_a_cached_translation_is_checked(void **state)
{
	struct pid_table *t = *state;

	pid_table__note(t, 601, 601, "worker");
	assert_int_equal(pid_table__translate(t, 601, 1, PID_TGID), 600);
	/* the container's init is gone: its number names nothing now */
	world[2].gone = true;
	assert_int_equal(pid_table__translate(t, 601, 1, PID_TGID), 0);
}

static void test_a_caller_gone_too_soon(void **state)
{
	struct pid_table *t = *state;

	/* gone before anything was read: alone in btftrace's namespace, its numbers are ours */
	world[3].gone = true;
	pid_table__note(t, 601, 601, "worker");
	assert_int_equal(pid_table__translate(t, 601, 2, PID_TGID), 2);
	/* with threads of other namespaces about, nobody can say what they are */
	pid_table__note(t, 700, 700, "other-init");
	assert_int_equal(pid_table__translate(t, 601, 2, PID_TGID), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_names_from_records_then_proc, setup, teardown),
		cmocka_unit_test_setup_teardown(test_forgotten_pids_name_what_proc_says, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_own_namespace_is_identity, setup, teardown),
		cmocka_unit_test_setup_teardown(test_container_ids_translate, setup, teardown),
		cmocka_unit_test_setup_teardown(test_the_same_number_elsewhere_is_not_it, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_a_cached_translation_is_checked, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_a_caller_gone_too_soon, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

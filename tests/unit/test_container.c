/*
 * Unit tests of src/container/container.c: the container a cgroup path names (the paths
 * podman, docker, containerd, Kubernetes and systemd-nspawn make), the runtimes' inspect
 * answers, and --container's search of a cgroup tree, here a directory tree made like one
 * (cgroup.events files included) with no runtime's CLI in PATH.
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
#include <sys/stat.h>

#include "container/container.h"

#define ID_A "3a55edc16b8f04031989b3a0e695271ec2a3c178877a378b6785d6478598a6a3"
#define ID_B "3a55edc16b8f0403198900000000000000000000000000000000000000000001"
#define ID_C "c0ffee0000000000000000000000000000000000000000000000000000000000"

struct path_case {
	const char *path;
	const char *id;	     /* NULL: no container */
	const char *runtime; /* when id */
	const char *own;     /* when id: the container's own cgroup, the path's start */
};

static void test_paths_runtimes_make(void **state)
{
	static const struct path_case cases[] = {
		/* podman: systemd's manager, cgroupfs's, and a cgroup its init made below */
		{"/machine.slice/libpod-" ID_A ".scope", ID_A, "podman",
		 "/machine.slice/libpod-" ID_A ".scope"},
		{"/libpod_parent/libpod-" ID_A, ID_A, "podman", "/libpod_parent/libpod-" ID_A},
		{"/machine.slice/libpod-" ID_A ".scope/container", ID_A, "podman",
		 "/machine.slice/libpod-" ID_A ".scope"},
		/* conmon's cgroup is podman's, not the container's */
		{"/machine.slice/libpod-conmon-" ID_A ".scope", NULL, NULL, NULL},
		{"/system.slice/docker-" ID_A ".scope", ID_A, "docker",
		 "/system.slice/docker-" ID_A ".scope"},
		{"/docker/" ID_A, ID_A, "docker", "/docker/" ID_A},
		{"/system.slice/containerd.service/cri-containerd-" ID_A ".scope", ID_A,
		 "containerd", "/system.slice/containerd.service/cri-containerd-" ID_A ".scope"},
		{"/kubepods/burstable/pod0c8f6e3e-1b7b-4a56-9d5e-3c43f5b0b8a1/" ID_A, ID_A, "",
		 "/kubepods/burstable/pod0c8f6e3e-1b7b-4a56-9d5e-3c43f5b0b8a1/" ID_A},
		/* systemd-nspawn: the machine's name, systemd's escapes undone; payload below */
		{"/machine.slice/machine-my\\x2dbox.scope/payload", "my-box", "systemd-nspawn",
		 "/machine.slice/machine-my\\x2dbox.scope"},
		{"/machine.slice/machine-web.scope", "web", "systemd-nspawn",
		 "/machine.slice/machine-web.scope"},
		/* the host's, and names that only look like IDs */
		{"/user.slice/user-0.slice/session-1.scope", NULL, NULL, NULL},
		{"/", NULL, NULL, NULL},
		{"/x/" ID_A "0", NULL, NULL, NULL},
		{"/x/3a55edc16b8f", NULL, NULL, NULL},
		{"/machine.slice/machine-.scope", NULL, NULL, NULL},
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char id[CONTAINER_ID_MAX] = "", runtime[16] = "";
		size_t prefix = 0;
		bool found = container_id_of_cgroup_path(cases[i].path, id, runtime,
							 sizeof(runtime), &prefix);

		if (found != (cases[i].id != NULL))
			fail_msg("%s: %s", cases[i].path, found ? id : "no container");
		if (!found)
			continue;
		assert_string_equal(id, cases[i].id);
		assert_string_equal(runtime, cases[i].runtime);
		assert_int_equal(prefix, strlen(cases[i].own));
	}
}

static void test_inspect_answers(void **state)
{
	char id[CONTAINER_ID_MAX], name[CONTAINER_NAME_MAX];
	int pid;

	(void)state;
	assert_int_equal(
		container_parse_inspect(ID_A "\tweb\t4242\n", id, name, sizeof(name), &pid), 0);
	assert_string_equal(id, ID_A);
	assert_string_equal(name, "web");
	assert_int_equal(pid, 4242);
	/* docker's names start with a slash; a stopped container's pid is 0 */
	assert_int_equal(container_parse_inspect(ID_A "\t/db\t0", id, name, sizeof(name), &pid), 0);
	assert_string_equal(name, "db");
	assert_int_equal(pid, 0);
	/* a long name is cut to the buffer */
	assert_int_equal(container_parse_inspect(ID_A "\tabcdefgh\t1", id, name, 4, &pid), 0);
	assert_string_equal(name, "abc");
	assert_int_equal(
		container_parse_inspect("Error: no such container", id, name, sizeof(name), &pid),
		-EINVAL);
	assert_int_equal(container_parse_inspect("xyz\tweb\t1", id, name, sizeof(name), &pid),
			 -EINVAL);
	assert_int_equal(container_parse_inspect(ID_A "\tweb\t", id, name, sizeof(name), &pid),
			 -EINVAL);
	assert_int_equal(container_parse_inspect(ID_A "\tweb\t-3", id, name, sizeof(name), &pid),
			 -EINVAL);
	assert_int_equal(
		container_parse_inspect(ID_A ID_A "\tweb\t1", id, name, sizeof(name), &pid),
		-EINVAL);
}

/* ---------------------------------------------------------------- a cgroup tree */

static char root[256];

static void make_cgroup(const char *rel, bool populated)
{
	char path[1024];
	FILE *f;

	snprintf(path, sizeof(path), "/bin/mkdir -p '%s%s'", root, rel);
	assert_int_equal(system(path), 0);
	snprintf(path, sizeof(path), "%s%s/cgroup.events", root, rel);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "populated %d\nfrozen 0\n", populated);
	fclose(f);
}

static int tree_setup(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "/tmp/btftrace-unit-cgroups-XXXXXX");
	if (!mkdtemp(root))
		return -1;
	/* no runtime's CLI answers: the tree alone is searched */
	setenv("PATH", root, 1);
	make_cgroup("/libpod_parent/libpod-" ID_A, true);
	make_cgroup("/system.slice/docker-" ID_B ".scope", true);
	make_cgroup("/stopped/" ID_C, false);
	make_cgroup("/machine.slice/machine-my\\x2dbox.scope/payload", true);
	make_cgroup("/user.slice/user-0.slice", true);
	return 0;
}

static int tree_teardown(void **state)
{
	char cmd[512];

	(void)state;
	snprintf(cmd, sizeof(cmd), "/bin/rm -rf '%s'", root);
	return system(cmd) ? -1 : 0;
}

static void test_found_by_the_start_of_its_id(void **state)
{
	struct container_table *t = container_table__new(root);
	const struct container *c;
	char err[CONTAINER_ERR_MAX];
	struct stat st;
	char path[PATH_MAX + 300];

	(void)state;
	assert_int_equal(container_table__resolve(t, "3a55edc16b8f04031989b", &c, err, sizeof(err)),
			 0);
	assert_string_equal(c->id, ID_A);
	assert_string_equal(c->runtime, "podman");
	assert_string_equal(c->name, "3a55edc16b8f"); /* no podman to name it */
	assert_string_equal(c->cgroup, "/libpod_parent/libpod-" ID_A);
	assert_int_equal(c->level, 2);
	snprintf(path, sizeof(path), "%s%s", root, c->cgroup);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(c->cgroup_id, st.st_ino);
	assert_true(container_table__alive(t, c));
	assert_ptr_equal(container_table__at(t, 0), c);
	assert_int_equal(container_table__count(t), 1);
	/* found again: the same container */
	assert_int_equal(container_table__resolve(t, ID_A, &c, err, sizeof(err)), 0);
	assert_int_equal(container_table__count(t), 1);
	container_table__free(t);
}

static void test_ambiguous_unknown_and_stopped(void **state)
{
	struct container_table *t = container_table__new(root);
	const struct container *c = NULL;
	char err[CONTAINER_ERR_MAX];

	(void)state;
	/* ID_A and ID_B share their first 20 digits */
	assert_int_equal(container_table__resolve(t, "3a55edc16b8f0403", &c, err, sizeof(err)),
			 -ENOENT);
	assert_non_null(strstr(err, "2 containers' IDs"));
	assert_non_null(strstr(err, "give more of the ID"));
	/* each way tried is named, with why it did not answer */
	assert_int_equal(container_table__resolve(t, "web", &c, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "no running container 'web': podman: not installed; "
				    "docker: not installed; nerdctl: not installed; cgroups: "));
	assert_non_null(strstr(err, "'machinectl list'"));
	assert_int_equal(container_table__resolve(t, "c0ffee", &c, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "is not running"));
	assert_int_equal(container_table__count(t), 0);
	container_table__free(t);
}

static void test_machine_by_name_and_the_container_of_a_path(void **state)
{
	struct container_table *t = container_table__new(root);
	const struct container *c, *docker;
	char err[CONTAINER_ERR_MAX];

	(void)state;
	assert_int_equal(container_table__resolve(t, "my-box", &c, err, sizeof(err)), 0);
	assert_string_equal(c->id, "my-box");
	assert_string_equal(c->name, "my-box");
	assert_string_equal(c->runtime, "systemd-nspawn");
	assert_string_equal(c->cgroup, "/machine.slice/machine-my\\x2dbox.scope");
	/* a name is matched whole: its start is no machine */
	assert_int_equal(container_table__resolve(t, "my-b", &c, err, sizeof(err)), -ENOENT);
	assert_int_equal(container_table__resolve(t, ID_B, &docker, err, sizeof(err)), 0);
	assert_string_equal(docker->runtime, "docker");
	assert_int_equal(container_table__count(t), 2);
	container_table__free(t);
}

static void test_stopping_is_seen(void **state)
{
	struct container_table *t = container_table__new(root);
	const struct container *c;
	char err[CONTAINER_ERR_MAX];

	(void)state;
	assert_int_equal(container_table__resolve(t, ID_B, &c, err, sizeof(err)), 0);
	assert_true(container_table__alive(t, c));
	make_cgroup("/system.slice/docker-" ID_B ".scope", false);
	assert_false(container_table__alive(t, c));
	make_cgroup("/system.slice/docker-" ID_B ".scope", true);
	assert_true(container_table__alive(t, c));
	container_table__free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_paths_runtimes_make),
		cmocka_unit_test(test_inspect_answers),
		cmocka_unit_test(test_found_by_the_start_of_its_id),
		cmocka_unit_test(test_ambiguous_unknown_and_stopped),
		cmocka_unit_test(test_machine_by_name_and_the_container_of_a_path),
		cmocka_unit_test(test_stopping_is_seen),
	};

	return cmocka_run_group_tests(tests, tree_setup, tree_teardown);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * floor [-e | -t] [-r] [-v] [--] COMMAND [ARG...]
 *
 * Runs COMMAND with a pair of raw_syscalls programs attached (floor.bpf.c)
 * and exits with its status: the kernel's own price of hooking sys_enter and
 * sys_exit, to set btftrace's cost against.
 *
 *   -e  empty programs (the default): the two hooks alone
 *   -t  timed: COMMAND's calls timed into a per-CPU summary per syscall, the
 *       least an in-kernel latency summary (btftrace -c) must do
 *   -r  raw_tp only (by default tp_btf, and raw_tp if tp_btf fails to load)
 *   -v  say which attach type was used and, with -t, what was counted; -vv
 *       adds libbpf's debug messages
 *
 * The command is forked first and waits on a pipe, so that its pid is known
 * when the programs are loaded; it is let go once they are attached. Exit
 * status: the command's (128 + signal if it was killed), 1 when the
 * programs cannot be loaded or attached (the command never runs), 127 when
 * it cannot be run.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#define FLOOR_MAX_SYSCALLS 512
#define FLOOR_HIST_SLOTS 40

/* must match floor.bpf.c */
struct floor_summary {
	__u64 calls;
	__u64 total_ns;
	__u64 min_ns;
	__u64 max_ns;
	__u64 hist[FLOOR_HIST_SLOTS];
};

/* floor.bpf.o, built by bench/Makefile and embedded here */
extern const char floor_bpf_obj[], floor_bpf_obj_end[];
__asm__(".pushsection .rodata\n"
	".balign 8\n"
	".global floor_bpf_obj\n"
	"floor_bpf_obj:\n"
	".incbin \"" FLOOR_BPF_OBJ "\"\n"
	".global floor_bpf_obj_end\n"
	"floor_bpf_obj_end:\n"
	".popsection\n");

static int verbose;
static bool quiet_libbpf; /* while trying tp_btf: its failure is not an error yet */

static int print_libbpf(enum libbpf_print_level level, const char *fmt, va_list args)
{
	if (level == LIBBPF_DEBUG && verbose < 2)
		return 0;
	if (quiet_libbpf && !verbose)
		return 0;
	return vfprintf(stderr, fmt, args);
}

static void usage(void)
{
	fprintf(stderr, "usage: floor [-e | -t] [-r] [-v] [--] COMMAND [ARG...]\n"
			"  -e  empty programs at sys_enter and sys_exit (default)\n"
			"  -t  timed: per-syscall count, total, min, max and log2 histogram\n"
			"  -r  raw_tp only, not tp_btf first\n"
			"  -v  report the attach type and, with -t, the calls counted (-vv: and\n"
			"      libbpf's debug messages)\n");
	exit(2);
}

struct floor {
	struct bpf_object *obj;
	struct bpf_link *links[2];
};

static void floor_close(struct floor *f)
{
	for (int i = 0; i < 2; i++)
		bpf_link__destroy(f->links[i]);
	bpf_object__close(f->obj);
	memset(f, 0, sizeof(*f));
}

/* Opens, loads and attaches one pair: tp_btf when typed, raw_tp when not. */
static int floor_attach(struct floor *f, bool timed, bool typed, pid_t target)
{
	static const char *const names[2][2][2] = {
		/* [timed][typed] = {enter, exit} */
		{{"empty_enter_raw", "empty_exit_raw"}, {"empty_enter", "empty_exit"}},
		{{"timed_enter_raw", "timed_exit_raw"}, {"timed_enter", "timed_exit"}},
	};
	LIBBPF_OPTS(bpf_object_open_opts, opts, .object_name = "floor");
	struct bpf_program *prog;
	struct bpf_map *rodata;
	__u32 tgid = target;
	int err;

	memset(f, 0, sizeof(*f));
	f->obj = bpf_object__open_mem(floor_bpf_obj, floor_bpf_obj_end - floor_bpf_obj, &opts);
	if (!f->obj)
		return -errno;
	for (prog = bpf_object__next_program(f->obj, NULL); prog;
	     prog = bpf_object__next_program(f->obj, prog)) {
		const char *name = bpf_program__name(prog);

		bpf_program__set_autoload(prog, !strcmp(name, names[timed][typed][0]) ||
							!strcmp(name, names[timed][typed][1]));
	}
	/* each map only where it is used */
	err = bpf_map__set_autocreate(bpf_object__find_map_by_name(f->obj, "task_start"),
				      timed && typed);
	if (!err)
		err = bpf_map__set_autocreate(bpf_object__find_map_by_name(f->obj, "tid_start"),
					      timed && !typed);
	if (!err)
		err = bpf_map__set_autocreate(bpf_object__find_map_by_name(f->obj, "summary"),
					      timed);
	/* target_tgid is the only constant in .rodata: a size mismatch fails (-EINVAL) */
	rodata = bpf_object__find_map_by_name(f->obj, ".rodata");
	if (!err)
		err = rodata ? bpf_map__set_initial_value(rodata, &tgid, sizeof(tgid)) : -ENOENT;
	if (!err)
		err = bpf_object__load(f->obj);
	if (err)
		goto fail;
	for (int i = 0; i < 2; i++) {
		prog = bpf_object__find_program_by_name(f->obj, names[timed][typed][i]);
		f->links[i] = bpf_program__attach(prog);
		if (!f->links[i]) {
			err = -errno;
			goto fail;
		}
	}
	return 0;
fail:
	floor_close(f);
	return err;
}

/* With -v -t: the calls the summary counted, over all CPUs and syscalls. */
static void report_summary(struct floor *f)
{
	struct bpf_map *map = bpf_object__find_map_by_name(f->obj, "summary");
	int ncpus = libbpf_num_possible_cpus();
	unsigned long long calls = 0, total = 0;
	struct floor_summary *vals;

	if (ncpus <= 0)
		return;
	vals = calloc(ncpus, sizeof(*vals));
	if (!vals)
		return;
	for (__u32 nr = 0; nr < FLOOR_MAX_SYSCALLS; nr++) {
		if (bpf_map__lookup_elem(map, &nr, sizeof(nr), vals, ncpus * sizeof(*vals), 0))
			break;
		for (int cpu = 0; cpu < ncpus; cpu++) {
			unsigned long long hist = 0;

			for (int i = 0; i < FLOOR_HIST_SLOTS; i++)
				hist += vals[cpu].hist[i];
			if (hist != vals[cpu].calls)
				fprintf(stderr,
					"floor: syscall %u: histogram holds %llu of %llu calls\n",
					nr, hist, (unsigned long long)vals[cpu].calls);
			calls += vals[cpu].calls;
			total += vals[cpu].total_ns;
		}
	}
	fprintf(stderr, "floor: %llu calls timed, %llu ns in all\n", calls, total);
	free(vals);
}

/* The command's exit status as a shell gives it. */
static int exit_code(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 1;
}

int main(int argc, char **argv)
{
	bool timed = false, typed = true;
	struct floor f;
	int go[2], opt, err, status;
	pid_t child;
	char c;

	while ((opt = getopt(argc, argv, "+etrvh")) != -1) {
		switch (opt) {
		case 'e':
			timed = false;
			break;
		case 't':
			timed = true;
			break;
		case 'r':
			typed = false;
			break;
		case 'v':
			verbose++;
			break;
		default:
			usage();
		}
	}
	if (optind >= argc)
		usage();
	libbpf_set_print(print_libbpf);

	if (pipe2(go, O_CLOEXEC)) {
		perror("floor: pipe");
		return 1;
	}
	child = fork();
	if (child < 0) {
		perror("floor: fork");
		return 1;
	}
	if (!child) {
		/* one byte when the programs are attached; end of file when they are not */
		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(1);
		execvp(argv[optind], argv + optind);
		fprintf(stderr, "floor: cannot run %s: %s\n", argv[optind], strerror(errno));
		_exit(127);
	}
	close(go[0]);

	/* the kernel may refuse tp_btf on these tracepoints: raw_tp then */
	err = -ENOTSUP;
	if (typed) {
		quiet_libbpf = true;
		err = floor_attach(&f, timed, true, child);
		quiet_libbpf = false;
	}
	if (err && err != -EPERM) {
		typed = false;
		err = floor_attach(&f, timed, false, child);
	}
	if (err) {
		fprintf(stderr, "floor: cannot load and attach the %s programs: %s\n",
			timed ? "timed" : "empty", strerror(-err));
		close(go[1]);
		waitpid(child, NULL, 0);
		return 1;
	}
	if (verbose)
		fprintf(stderr, "floor: %s programs attached as %s\n", timed ? "timed" : "empty",
			typed ? "tp_btf" : "raw_tp");
	if (write(go[1], "g", 1) != 1) {
		perror("floor: releasing the command");
		kill(child, SIGKILL);
	}
	close(go[1]);
	/* the command gets the terminal's signals itself; ours must not end the wait */
	signal(SIGINT, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	while (waitpid(child, &status, 0) < 0) {
		if (errno != EINTR) {
			perror("floor: waitpid");
			return 1;
		}
	}
	if (verbose && timed)
		report_summary(&f);
	floor_close(&f);
	return exit_code(status);
}

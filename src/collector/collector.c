// SPDX-License-Identifier: GPL-2.0
/* Loads the collector's BPF skeleton, fills its maps and reads its ring buffer. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <linux/perf_event.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "base/startup_times.h"
#include "collector/collector.h"
#include "collector/prog_loads.h"
#include "collector/ringbuf.h"
#include "sinks/summary.h"
#include "collector.skel.h"

/* The kernel's pid_max: every tgid is below it (4194304, PID_MAX_LIMIT, when unreadable). */
static __u32 pid_max(void)
{
	unsigned long max = 0;
	FILE *f = fopen("/proc/sys/kernel/pid_max", "re");

	if (f) {
		if (fscanf(f, "%lu", &max) != 1)
			max = 0;
		fclose(f);
	}
	return max && max <= 4194304 ? max : 4194304;
}

static bool libbpf_debug;

/* Threads in a call at once that -c can time; others are counted untimed. */
#define SUMMARY_MAX_THREADS 16384
/* (syscall, process or thread) pairs of --summary-by, and (syscall, errno) pairs. */
#define SUMMARY_MAX_GROUPS 8192
/*
 * --lossless: threads with losses not yet reported at once. Beyond it a
 * loss is still counted in the totals, only not placed.
 */
#define LOSSLESS_MAX_THREADS 16384
/*
 * --flight-recorder N keeps N calls of this many threads at once (N * this slots, up to
 * RECORDER_MAX_SLOTS: 64 MB, then fewer threads); beyond them a new thread shares the slots
 * of the thread that took them longest ago. The kernel allocates them all at load.
 */
#define RECORDER_THREADS 64
#define RECORDER_MAX_SLOTS 16384
/* -e inject=: threads whose call btftrace answered and that have not returned yet */
#define INJECT_MAX_THREADS 16384
/*
 * -P: the paths (each as given and as resolved), the files they name (more as files are
 * created by the name and replaced), and the processes that hold fds of them.
 */
#define PATH_MAX_NAMES 256
#define PATH_MAX_FILES 1024
#define PATH_MAX_PROCS 8192

static int print_libbpf(enum libbpf_print_level level, const char *fmt, va_list args)
{
	if (!libbpf_debug)
		return 0;
	return vfprintf(stderr, fmt, args);
}

struct feature_desc {
	const char *name;     /* for -d and BTFTRACE_HIDE_FEATURES */
	const char *what;     /* for people */
	const char *since;    /* the first Linux version that has it, if known */
	const char *without;  /* what btftrace does without it; NULL: it cannot do without */
	const char *unprobed; /* why it may not be probed */
};

static const struct feature_desc feature_descs[COLLECTOR_FEAT_COUNT] = {
	[COLLECTOR_FEAT_RINGBUF] = {"ringbuf", "the BPF ring buffer (BPF_MAP_TYPE_RINGBUF)", "5.8",
				    NULL},
	[COLLECTOR_FEAT_RAW_TP] = {"raw_tp", "raw tracepoint programs", "4.17", NULL},
	[COLLECTOR_FEAT_TASK_STORAGE] = {"task_storage",
					 "task storage in tracing programs (bpf_task_storage_get)",
					 "5.12", "call start times in a hash map by thread"},
	[COLLECTOR_FEAT_TP_BTF] = {"tp_btf", "BTF-typed programs at raw_syscalls (tp_btf)", "5.5",
				   "raw_tp programs, which read the registers by helper",
				   "the tp_btf programs need task_storage"},
	[COLLECTOR_FEAT_ANCESTOR_CGROUP] =
		{"ancestor_cgroup", "bpf_get_current_ancestor_cgroup_id in tracing programs", NULL,
		 "--cgroup and --container match the directory, not its subtree",
		 "only --filter and --container use it"},
	[COLLECTOR_FEAT_CGROUP_ID] = {"cgroup_id", "bpf_get_current_cgroup_id in tracing programs",
				      "4.18",
				      "-a finds each line's container in /proc; --container and "
				      "--summary-by=container cannot do without it",
				      "only --container, -a and --summary-by=container use it"},
};

/*
 * BTFTRACE_HIDE_FEATURES=name[,name...] makes btftrace take a kernel's
 * feature as missing: the tests' way to run the fallbacks, and the refusals,
 * on a kernel that has everything.
 */
static bool name_hidden(const char *name)
{
	const char *hide = getenv("BTFTRACE_HIDE_FEATURES");
	size_t len = strlen(name), n;

	while (hide && *hide) {
		n = strcspn(hide, ",");
		if (n == len && !strncmp(hide, name, len))
			return true;
		hide += n;
		if (*hide == ',')
			hide++;
	}
	return false;
}

static bool feature_hidden(enum collector_feature f)
{
	return name_hidden(feature_descs[f].name);
}

/*
 * Asks the kernel whether it has feature f: 1 yes, 0 no, negative when it
 * cannot tell. raw_tp programs are offered the tracing programs' helpers, and
 * unlike tp_btf ones can be probed without a target to attach to.
 */
static int probe_feature(enum collector_feature f)
{
	switch (f) {
	case COLLECTOR_FEAT_RINGBUF:
		return libbpf_probe_bpf_map_type(BPF_MAP_TYPE_RINGBUF, NULL);
	case COLLECTOR_FEAT_RAW_TP:
		return libbpf_probe_bpf_prog_type(BPF_PROG_TYPE_RAW_TRACEPOINT, NULL);
	case COLLECTOR_FEAT_TASK_STORAGE:
		return libbpf_probe_bpf_helper(BPF_PROG_TYPE_RAW_TRACEPOINT,
					       BPF_FUNC_task_storage_get, NULL) == 1 &&
		       libbpf_probe_bpf_helper(BPF_PROG_TYPE_RAW_TRACEPOINT,
					       BPF_FUNC_get_current_task_btf, NULL) == 1;
	case COLLECTOR_FEAT_ANCESTOR_CGROUP:
		return libbpf_probe_bpf_helper(BPF_PROG_TYPE_RAW_TRACEPOINT,
					       BPF_FUNC_get_current_ancestor_cgroup_id, NULL);
	case COLLECTOR_FEAT_CGROUP_ID:
		return libbpf_probe_bpf_helper(BPF_PROG_TYPE_RAW_TRACEPOINT,
					       BPF_FUNC_get_current_cgroup_id, NULL);
	default:
		return 0; /* tp_btf: tried by loading the programs */
	}
}

/* Probes feature f (unless hidden) and notes the answer for -d. */
static bool have_feature(struct collector *c, enum collector_feature f)
{
	if (feature_hidden(f)) {
		c->features[f] = COLLECTOR_FEAT_HIDDEN;
		return false;
	}
	c->features[f] = probe_feature(f) == 1 ? COLLECTOR_FEAT_YES : COLLECTOR_FEAT_NO;
	return c->features[f] == COLLECTOR_FEAT_YES;
}

static struct bpf_program *kfunc_template(struct collector_bpf *skel, bool exit, int nargs)
{
	char name[32];

	snprintf(name, sizeof(name), "on_kfunc_%s%d", exit ? "exit" : "entry", nargs);
	return bpf_object__find_program_by_name(skel->obj, name);
}

static bool has_kfunc_templates(const struct collector_opts *o)
{
	for (int n = 0; n <= BT_KFUNC_ARGS; n++) {
		if (o->kfunc_templates[n])
			return true;
	}
	return false;
}

/*
 * --kfunc: the templates of the counts of arguments asked for load, each for a function of its
 * count (the verifier checks the context's reads against it); none is attached as it is.
 */
static int set_kfunc_templates(struct collector_bpf *skel, const struct collector_opts *o)
{
	bpf_program__set_autoload(skel->progs.on_kfunc_kprobe, o->kfunc_kprobes);
	bpf_program__set_autoload(skel->progs.on_kfunc_kretprobe, o->kfunc_kprobes);
	bpf_program__set_autoattach(skel->progs.on_kfunc_kprobe, false);
	bpf_program__set_autoattach(skel->progs.on_kfunc_kretprobe, false);
	for (int n = 0; n <= BT_KFUNC_ARGS; n++) {
		for (int exit = 0; exit < 2; exit++) {
			struct bpf_program *prog = kfunc_template(skel, exit, n);
			int err;

			if (!prog)
				return -ENOENT;
			bpf_program__set_autoload(prog, o->kfunc_templates[n] && !o->kfunc_kprobes);
			bpf_program__set_autoattach(prog, false);
			if (!o->kfunc_templates[n] || o->kfunc_kprobes)
				continue;
			err = bpf_program__set_attach_target(prog, 0, o->kfunc_templates[n]);
			if (err)
				return err;
		}
	}
	return 0;
}

/* Verified beside the rest: libbpf loads the entry program first, the exit program next. */
static const char *const parallel_programs[] = {"on_sys_enter", "on_sys_enter_raw", NULL};

/* Opens the object with one program pair enabled: typed (tp_btf) or raw (raw_tp). */
static int open_and_load(struct collector *c, const struct collector_opts *o, bool typed,
			 bool ancestor_cgroup, bool cgroup_id)
{
	__u64 t = startup_times__now();
	struct collector_bpf *skel = collector_bpf__open();
	int err, deferred_err;

	if (!skel)
		return errno ? -errno : -EINVAL;
	c->skel = skel;
	bpf_program__set_autoload(skel->progs.on_sys_enter, typed);
	bpf_program__set_autoload(skel->progs.on_sys_exit, typed);
	bpf_program__set_autoload(skel->progs.on_fork, typed);
	bpf_program__set_autoload(skel->progs.on_task_exit, typed);
	bpf_program__set_autoload(skel->progs.on_exec, typed);
	bpf_program__set_autoload(skel->progs.on_sys_enter_raw, !typed);
	bpf_program__set_autoload(skel->progs.on_sys_exit_raw, !typed);
	/* -c --slowest: a program of its own after the exit program (syscalls.bpf.c) */
	bpf_program__set_autoload(skel->progs.on_slow_exit, typed && o->summary && o->slowest);
	bpf_program__set_autoload(skel->progs.on_slow_exit_raw, !typed && o->summary && o->slowest);
	bpf_program__set_autoload(skel->progs.on_fork_raw, !typed);
	bpf_program__set_autoload(skel->progs.on_task_exit_raw, !typed);
	bpf_program__set_autoload(skel->progs.on_exec_raw, !typed);
	/* -e SUBSYS:EVENT: the program every tracepoint selected runs */
	bpf_program__set_autoload(skel->progs.on_event, o->events);
	bpf_program__set_autoload(skel->progs.on_event_raw, o->events);
	/* -e io_uring=: attached by name, as the kernel calls its tracepoints */
	bpf_program__set_autoload(skel->progs.on_uring_submit, o->io_uring);
	bpf_program__set_autoload(skel->progs.on_uring_complete, o->io_uring);
	err = set_kfunc_templates(skel, o);
	if (err) {
		collector_bpf__destroy(skel);
		c->skel = NULL;
		return err;
	}
	if (o->summary_only) {
		/* -c shows no signal or exec lines: programs it need not verify nor run */
		bpf_program__set_autoload(skel->progs.on_exec, false);
		bpf_program__set_autoload(skel->progs.on_exec_raw, false);
		bpf_program__set_autoload(skel->progs.on_signal_raw, false);
		bpf_program__set_autoload(skel->progs.on_signal_generate_raw, false);
	}
	skel->rodata->self_tgid = o->self_tgid;
	skel->rodata->tasks_typed = typed;
	skel->rodata->trace_all = o->trace_all;
	skel->rodata->follow_forks = o->follow_forks;
	skel->rodata->detach_on_exec = o->detach_on_exec;
	skel->rodata->string_cap = o->string_cap;
	skel->rodata->strv_string_cap = o->strv_string_cap ? o->strv_string_cap : o->string_cap;
	skel->rodata->buffer_cap = o->buffer_cap;
	/* -c sends no records: its ring buffer only has to exist, and costs a page */
	c->ringbuf_bytes = o->summary_only ? (size_t)sysconf(_SC_PAGESIZE) : o->ringbuf_bytes;
	/* below a quarter of the buffer pending, the reader is not woken per record */
	skel->rodata->wakeup_bytes = c->ringbuf_bytes / 4;
	skel->rodata->summary = o->summary;
	skel->rodata->summary_only = o->summary_only;
	skel->rodata->summary_by = o->summary_by;
	skel->rodata->errno_summary = o->errno_summary;
	skel->rodata->summary_overhead_ns = o->summary_overhead_ns;
	skel->rodata->signals_shown = o->signals_shown;
	skel->rodata->filter_active = o->filter;
	skel->rodata->filter_defer = o->filter_defer;
	skel->rodata->have_ancestor_cgroup = ancestor_cgroup;
	skel->rodata->lossless = o->lossless;
	skel->rodata->fd_records = o->fd_records;
	skel->rodata->record_times = o->record_times;
	skel->rodata->record_comm = o->record_comm;
	skel->rodata->record_ip = o->record_ip;
	skel->rodata->stack_user_mode = o->stack_mode;
	skel->rodata->stack_copy_bytes = o->stack_copy_bytes;
	skel->rodata->stack_kernel_frames = o->stack_kernel_frames;
	skel->rodata->record_cgroup = o->record_cgroup && cgroup_id;
	skel->rodata->container_select = o->container_select;
	skel->rodata->slowest_n = o->summary ? o->slowest : 0;
	skel->rodata->recorder_n = o->recorder;
	skel->rodata->recorder_threads = o->recorder ? collector__recorder_threads(o->recorder) : 1;
	skel->rodata->recorder_trigger = o->recorder && o->trigger;
	skel->rodata->inject_active = o->inject;
	skel->rodata->path_trace = o->path_trace;
	skel->rodata->path_names = o->path_names;
	skel->rodata->trace_fds_on = o->trace_fds_on;
	skel->rodata->trace_fds = o->trace_fds;
	err = bpf_map__set_max_entries(skel->maps.events, c->ringbuf_bytes);
	/* a word for every 32 tgids the kernel can give; -a and --container read no table */
	if (!err && !o->trace_all && !o->container_select)
		err = bpf_map__set_max_entries(skel->maps.proc_states,
					       (pid_max() + BT_PROCS_PER_WORD - 1) /
						       BT_PROCS_PER_WORD);
	/* the stack record's per-CPU area, only for stacks: the programs' use of it is dead code */
	if (!err)
		err = bpf_map__set_autocreate(skel->maps.stack_area_map,
					      o->stack_mode != BT_STACK_NONE ||
						      o->stack_kernel_frames);
	/* the summary's maps take memory only when asked for, sized for what they key */
	/* the raw_tp pair keys call starts by tid; tp_btf keeps them in task storage */
	if (!err && (o->summary || o->filter || o->path_trace || o->recorder) && !typed)
		err = bpf_map__set_max_entries(skel->maps.call_start, SUMMARY_MAX_THREADS);
	if (!err)
		err = bpf_map__set_autocreate(skel->maps.task_call_start, typed);
	/* the syscalls' ids, then the io_uring operations' (BT_URING_ID_BASE) */
	if (!err && o->summary && o->summary_by == BT_SUMMARY_TOTAL)
		err = bpf_map__set_max_entries(skel->maps.summary_total, BT_SUMMARY_IDS);
	if (!err && o->io_uring)
		err = bpf_map__set_max_entries(skel->maps.uring_pending, BT_URING_INFLIGHT_MAX);
	if (!err && o->summary && o->summary_by != BT_SUMMARY_TOTAL)
		err = bpf_map__set_max_entries(skel->maps.summary_map, SUMMARY_MAX_GROUPS);
	if (!err && o->summary && o->errno_summary)
		err = bpf_map__set_max_entries(skel->maps.errno_map, SUMMARY_MAX_GROUPS);
	if (!err && o->path_names)
		err = bpf_map__set_max_entries(skel->maps.trace_path_names, PATH_MAX_NAMES);
	if (!err && o->path_names)
		err = bpf_map__set_max_entries(skel->maps.trace_path_inodes, PATH_MAX_FILES);
	if (!err && o->path_names)
		err = bpf_map__set_max_entries(skel->maps.path_fds, PATH_MAX_PROCS);
	if (!err && o->lossless)
		err = bpf_map__set_max_entries(skel->maps.lost_calls, LOSSLESS_MAX_THREADS);
	if (!err && o->sock_endpoints)
		err = bpf_map__set_max_entries(skel->maps.sock_endpoints, BT_SOCK_ENDPOINTS_MAX);
	if (!err && o->summary && o->slowest)
		err = bpf_map__set_max_entries(skel->maps.slowest_floor, BT_MAX_SYSCALLS);
	/* allocated as calls come: the bound is every syscall's N on every CPU */
	if (!err && o->summary && o->slowest)
		err = bpf_map__set_max_entries(skel->maps.slowest_calls,
					       BT_MAX_SYSCALLS * o->slowest * c->nr_cpus);
	if (!err && o->recorder)
		err = bpf_map__set_max_entries(skel->maps.recorder_calls,
					       collector__recorder_slots(o->recorder));
	if (!err && o->inject)
		err = bpf_map__set_max_entries(skel->maps.inject_marks, INJECT_MAX_THREADS);
	/* the loader runs before the globs are matched: room for as many as may be */
	if (!err && o->events)
		err = bpf_map__set_max_entries(skel->maps.event_descs, BT_EVENTS_MAX);
	/* fetch programs: the events', then --kfunc's functions' ('vfs_read(file->f_pos)') */
	if (!err && (o->events || has_kfunc_templates(o) || o->kfunc_kprobes))
		err = bpf_map__set_max_entries(skel->maps.fetch_progs,
					       (o->events ? BT_EVENTS_MAX : 0) + BT_KFUNC_MAX);
	/* -c with --kfunc: a start time per thread and function in one at once */
	if (!err && o->summary && (has_kfunc_templates(o) || o->kfunc_kprobes))
		err = bpf_map__set_max_entries(skel->maps.kfunc_starts, SUMMARY_MAX_THREADS);
	if (!err) {
		/*
		 * The entry program verified on a thread of its own while libbpf loads the
		 * exit program after it; not with -d, whose verifier logs libbpf asks for
		 * again after a failed load, in place
		 */
		if (!o->debug)
			prog_loads__defer(parallel_programs);
		startup_times__stage("loader: open the object", t);
		t = startup_times__now();
		err = collector_bpf__load(skel);
		startup_times__stage("loader: libbpf's load", t);
		t = startup_times__now();
		deferred_err = prog_loads__finish(!err);
		startup_times__stage("loader: wait for the deferred loads", t);
		if (!err)
			err = deferred_err;
	}
	if (err) {
		collector_bpf__destroy(skel);
		c->skel = NULL;
	}
	return err;
}

int collector__load(struct collector *c, const struct collector_opts *o)
{
	bool ancestor_cgroup, cgroup_id, needs_cgroup_id;
	__u64 t = startup_times__now();
	int err;

	memset(c, 0, sizeof(*c));
	c->missing = -1;
	libbpf_debug = o->debug;
	libbpf_set_print(print_libbpf);
	c->nr_cpus = libbpf_num_possible_cpus();
	if (c->nr_cpus < 0)
		return c->nr_cpus;
	if (!have_feature(c, COLLECTOR_FEAT_RINGBUF))
		c->missing = COLLECTOR_FEAT_RINGBUF;
	else if (!have_feature(c, COLLECTOR_FEAT_RAW_TP))
		c->missing = COLLECTOR_FEAT_RAW_TP;
	if (c->missing >= 0)
		return -EOPNOTSUPP;
	/*
	 * --cgroup matches a directory's whole subtree through the ancestor
	 * helper; a kernel that does not offer it to tracing programs gets the
	 * directory itself
	 */
	ancestor_cgroup = (o->filter || o->container_select) &&
			  have_feature(c, COLLECTOR_FEAT_ANCESTOR_CGROUP);
	/*
	 * --container selects, and --summary-by=container counts, by the thread's cgroup id;
	 * -a's lines only say their container, which /proc tells as well
	 */
	needs_cgroup_id =
		o->container_select || (o->summary && o->summary_by == BT_SUMMARY_CONTAINER);
	cgroup_id =
		(needs_cgroup_id || o->record_cgroup) && have_feature(c, COLLECTOR_FEAT_CGROUP_ID);
	if (needs_cgroup_id && !cgroup_id) {
		c->missing = COLLECTOR_FEAT_CGROUP_ID;
		return -EOPNOTSUPP;
	}
	/*
	 * The tp_btf pair keeps call starts in task storage; without it, or
	 * when the pair does not load (tp_btf cannot be probed without loading
	 * a program for it), the raw_tp pair keeps them in a hash map.
	 */
	if (have_feature(c, COLLECTOR_FEAT_TASK_STORAGE)) {
		startup_times__stage("loader: feature probes", t);
		if (feature_hidden(COLLECTOR_FEAT_TP_BTF)) {
			c->features[COLLECTOR_FEAT_TP_BTF] = COLLECTOR_FEAT_HIDDEN;
		} else {
			err = open_and_load(c, o, true, ancestor_cgroup, cgroup_id);
			c->features[COLLECTOR_FEAT_TP_BTF] =
				err ? COLLECTOR_FEAT_NO : COLLECTOR_FEAT_YES;
			c->typed_err = err;
			c->typed = !err;
			if (!err || err == -EPERM)
				return err;
		}
	}
	return open_and_load(c, o, false, ancestor_cgroup, cgroup_id);
}

const char *collector__missing_feature(const struct collector *c, const char **since)
{
	if (c->missing < 0 || c->missing >= COLLECTOR_FEAT_COUNT)
		return NULL;
	*since = feature_descs[c->missing].since;
	return feature_descs[c->missing].what;
}

void collector__print_features(const struct collector *c, FILE *f)
{
	static const char *const states[] = {
		[COLLECTOR_FEAT_UNPROBED] = "not probed",
		[COLLECTOR_FEAT_YES] = "yes",
		[COLLECTOR_FEAT_NO] = "no",
		[COLLECTOR_FEAT_HIDDEN] = "hidden by BTFTRACE_HIDE_FEATURES",
	};
	struct utsname u;

	if (uname(&u) < 0)
		snprintf(u.release, sizeof(u.release), "?");
	fprintf(f, "btftrace: kernel %s, BPF features:\n", u.release);
	for (int i = 0; i < COLLECTOR_FEAT_COUNT; i++) {
		const struct feature_desc *d = &feature_descs[i];
		int state = c->features[i];

		fprintf(f, "btftrace:   %s: %s -- %s", d->name, states[state], d->what);
		if (d->since)
			fprintf(f, ", Linux %s and later", d->since);
		if (state == COLLECTOR_FEAT_UNPROBED && d->unprobed && c->missing < 0)
			fprintf(f, "; %s", d->unprobed);
		else if (state != COLLECTOR_FEAT_YES && state != COLLECTOR_FEAT_UNPROBED &&
			 d->without)
			fprintf(f, "; instead: %s", d->without);
		else if (state != COLLECTOR_FEAT_YES && state != COLLECTOR_FEAT_UNPROBED)
			fprintf(f, "; btftrace cannot do without it");
		if (i == COLLECTOR_FEAT_TP_BTF && c->typed_err)
			fprintf(f, " (the tp_btf programs did not load: %s)",
				strerror(-c->typed_err));
		fprintf(f, "\n");
	}
	if (c->missing >= 0 || !c->skel)
		return;
	fprintf(f, "btftrace: chosen: %s programs, call start times in %s\n",
		c->typed ? "tp_btf" : "raw_tp", c->typed ? "task storage" : "a hash map by thread");
}

int collector__set_rules(struct collector *c, const struct bt_syscall_rules *rules)
{
	static __u32 keys[BT_MAX_SYSCALLS];
	__u32 count = BT_MAX_SYSCALLS;
	int err;

	for (__u32 nr = 0; nr < BT_MAX_SYSCALLS; nr++)
		keys[nr] = nr;
	/* one syscall for the whole map; per-element updates where batches are missing */
	err = bpf_map_update_batch(bpf_map__fd(c->skel->maps.beauty_map), keys, rules, &count,
				   NULL);
	if (!err)
		return 0;
	for (__u32 nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		err = bpf_map__update_elem(c->skel->maps.beauty_map, &nr, sizeof(nr), &rules[nr],
					   sizeof(rules[nr]), BPF_ANY);
		if (err)
			return err;
	}
	return 0;
}

int collector__set_member_sets(struct collector *c, const struct bt_member_set *sets,
			       unsigned int n)
{
	int err;

	for (__u32 k = 0; k < n && k < BT_MEMBER_SETS_MAX; k++) {
		err = bpf_map__update_elem(c->skel->maps.member_sets, &k, sizeof(k), &sets[k],
					   sizeof(sets[k]), BPF_ANY);
		if (err)
			return err;
	}
	return 0;
}

void collector__set_fd_offsets(struct collector *c, const struct bt_fd_offsets *offsets)
{
	c->skel->bss->fd_offsets = *offsets;
}

int collector__sock_endpoints(const struct collector *c, __u64 ino, struct bt_sock_endpoints *out)
{
	int fd = bpf_map__fd(c->skel->maps.sock_endpoints);

	return fd >= 0 && !bpf_map_lookup_elem(fd, &ino, out) ? 0 : -ENOENT;
}

/* -P: id among the files the kernel compares in turn, or, past those, left to its map */
static void add_fast_file(struct collector_bpf__bss *bss, const struct bt_file_id *id)
{
	for (__u32 i = 0; i < bss->path_files_n; i++) {
		if (bss->path_files[i].ino == id->ino && bss->path_files[i].dev == id->dev)
			return;
	}
	if (bss->path_files_n < BT_PATH_FILES_FAST)
		bss->path_files[bss->path_files_n++] = *id;
	else
		bss->path_files_more = 1;
}

/*
 * -P: the first 8 bytes of a name of trace_path_names (key, NUL-padded, len bytes before its
 * NUL), and the mask of those the kernel compares, in the kernel's list of heads
 */
static void add_name_head(struct collector_bpf__bss *bss, const char *key, size_t len)
{
	unsigned char ones[8] = {0};
	__u64 head, mask;

	memcpy(&head, key, sizeof(head));
	memset(ones, 0xff, len + 1 < sizeof(ones) ? len + 1 : sizeof(ones));
	memcpy(&mask, ones, sizeof(mask));
	for (__u32 i = 0; i < bss->path_name_heads_n; i++) {
		if (bss->path_name_heads[i] == head && bss->path_name_head_masks[i] == mask)
			return;
	}
	if (bss->path_name_heads_n < BT_PATH_HEADS) {
		bss->path_name_heads[bss->path_name_heads_n] = head;
		bss->path_name_head_masks[bss->path_name_heads_n++] = mask;
	} else {
		bss->path_name_heads_over = 1;
	}
}

int collector__add_trace_path(struct collector *c, const char *path, const struct bt_file_id *id)
{
	char key[BT_PATH_KEY] = {0};
	__u8 one = 1;
	size_t len = strlen(path);
	int err;

	if (len + 1 >= BT_PATH_KEY)
		return -ENAMETOOLONG;
	memcpy(key, path, len);
	err = bpf_map__update_elem(c->skel->maps.trace_path_names, key, sizeof(key), &one,
				   sizeof(one), BPF_ANY);
	/* the length with its NUL, as the kernel's read of a path argument returns it */
	if (!err)
		c->skel->bss->path_name_lens[(len + 1) / 64] |= 1ULL << ((len + 1) % 64);
	if (!err)
		add_name_head(c->skel->bss, key, len);
	if (!err && id)
		err = bpf_map__update_elem(c->skel->maps.trace_path_inodes, id, sizeof(*id), &one,
					   sizeof(one), BPF_ANY);
	if (!err && id)
		c->skel->bss->path_inos[id->ino / 64 % BT_PATH_INO_WORDS] |= 1ULL << (id->ino % 64);
	if (!err && id)
		add_fast_file(c->skel->bss, id);
	return err;
}

int collector__mark_path_fd(struct collector *c, __u32 tgid, int fd)
{
	struct bt_path_fds bits = {0};
	int map = bpf_map__fd(c->skel->maps.path_fds);

	if (fd < 0 || fd >= BT_PATH_FDS)
		return 0;
	/* before the process's own bit, as the kernel's mark does */
	c->skel->bss->path_fds_seen[fd / 64] |= 1ULL << (fd % 64);
	/* none yet: the zeros above */
	bpf_map_lookup_elem(map, &tgid, &bits);
	bits.bits[fd / 64] |= 1ULL << (fd % 64);
	return bpf_map_update_elem(map, &tgid, &bits, BPF_ANY);
}

int collector__set_filter(struct collector *c, const struct bt_filter_prog *prog,
			  const struct bt_filter_args *args, bool trigger)
{
	static const struct bt_filter_args unused;
	__u32 which = trigger ? 1 : 0, key;
	int err;

	err = bpf_map__update_elem(c->skel->maps.filter_prog, &which, sizeof(which), prog,
				   sizeof(*prog), BPF_ANY);
	for (__u32 nr = 0; !err && nr < BT_MAX_SYSCALLS; nr++) {
		/* the map starts zeroed */
		if (!memcmp(&args[nr], &unused, sizeof(unused)))
			continue;
		/* the BPF side's layout: BT_MAX_SYSCALLS entries per program */
		key = which * BT_MAX_SYSCALLS + nr;
		err = bpf_map__update_elem(c->skel->maps.filter_args, &key, sizeof(key), &args[nr],
					   sizeof(args[nr]), BPF_ANY);
	}
	return err;
}

unsigned int collector__recorder_threads(unsigned int n)
{
	size_t threads = RECORDER_MAX_SLOTS / (n ? n : 1);

	return threads < RECORDER_THREADS ? threads : RECORDER_THREADS;
}

size_t collector__recorder_slots(unsigned int n)
{
	return (size_t)n * collector__recorder_threads(n);
}

size_t collector__recorder_bytes(unsigned int n)
{
	return collector__recorder_slots(n) * sizeof(struct bt_kept_call);
}

void collector__freeze_recorder(struct collector *c, bool frozen)
{
	__atomic_store_n(&c->skel->bss->recorder_frozen, frozen, __ATOMIC_SEQ_CST);
}

/*
 * Calls fn with each kept call of map, the slot's key and value; when take, deletes each
 * after (the recorder's are written out once).
 */
static int read_kept(struct bpf_map *map, kept_call_fn fn, void *ctx, bool take)
{
	struct bt_kept_key key, next, *prev = NULL;
	struct bt_kept_call *kc = malloc(sizeof(*kc));
	int fd = bpf_map__fd(map), err = 0;

	if (!kc)
		return -ENOMEM;
	while (bpf_map_get_next_key(fd, prev, &next) == 0) {
		if (prev && take)
			bpf_map_delete_elem(fd, prev);
		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(fd, &key, kc))
			continue;
		fn(ctx, &key, kc);
	}
	if (errno != ENOENT)
		err = -errno;
	if (prev && take)
		bpf_map_delete_elem(fd, prev);
	free(kc);
	return err;
}

int collector__read_slowest(const struct collector *c, kept_call_fn fn, void *ctx)
{
	return read_kept(c->skel->maps.slowest_calls, fn, ctx, false);
}

int collector__take_recorded(struct collector *c, kept_call_fn fn, void *ctx)
{
	struct bt_kept_call *kc = calloc(1, sizeof(*kc));
	int fd = bpf_map__fd(c->skel->maps.recorder_calls), err = 0;
	__u32 slots = bpf_map__max_entries(c->skel->maps.recorder_calls);

	if (!kc)
		return -ENOMEM;
	/* an array: every slot is there, those never written or taken have no enter */
	for (__u32 i = 0; i < slots; i++) {
		const struct bt_rec_hdr *hdr = (const void *)kc->enter;
		struct bt_kept_key key = {.slot = i};

		if (bpf_map_lookup_elem(fd, &i, kc)) {
			err = -errno;
			break;
		}
		if (!kc->enter_size)
			continue;
		if (kc->enter_size >= sizeof(*hdr))
			key.id = hdr->tid;
		fn(ctx, &key, kc);
		/* written out once: emptied */
		kc->enter_size = 0;
		kc->exit_size = 0;
		if (bpf_map_update_elem(fd, &i, kc, BPF_ANY)) {
			err = -errno;
			break;
		}
	}
	free(kc);
	return err;
}

/*
 * Before the programs are attached (nothing in the kernel writes proc_states yet, so the
 * word is read and written back whole); a tgid past the array is in traced_procs only.
 */
int collector__add_proc(struct collector *c, __u32 tgid, enum bt_proc_state state)
{
	struct bt_proc proc = {.state = state};
	__u32 key = tgid / BT_PROCS_PER_WORD;
	__u32 shift = tgid % BT_PROCS_PER_WORD * BT_PROC_STATE_BITS;
	__u64 word;
	int err;

	err = bpf_map__update_elem(c->skel->maps.traced_procs, &tgid, sizeof(tgid), &proc,
				   sizeof(proc), BPF_ANY);
	if (err)
		return err;
	if (bpf_map__lookup_elem(c->skel->maps.proc_states, &key, sizeof(key), &word, sizeof(word),
				 0))
		return 0;
	word &= ~(BT_PROC_STATE_MASK << shift);
	word |= (__u64)state << shift;
	return bpf_map__update_elem(c->skel->maps.proc_states, &key, sizeof(key), &word,
				    sizeof(word), BPF_ANY);
}

int collector__add_container_cgroup(struct collector *c, __u64 id, __u32 level)
{
	__u64 levels = 0;
	__u32 zero = 0;
	int err;

	if (level >= BT_CONTAINER_LEVELS)
		return -E2BIG;
	err = bpf_map__update_elem(c->skel->maps.container_cgroups, &id, sizeof(id), &level,
				   sizeof(level), BPF_ANY);
	if (err)
		return err;
	/* the depths the kernel asks the ancestor helper about; the root's is never one */
	bpf_map__lookup_elem(c->skel->maps.container_levels, &zero, sizeof(zero), &levels,
			     sizeof(levels), 0);
	levels |= 1ULL << level;
	return bpf_map__update_elem(c->skel->maps.container_levels, &zero, sizeof(zero), &levels,
				    sizeof(levels), BPF_ANY);
}

bool collector__no_procs(const struct collector *c)
{
	__u32 key;

	return bpf_map__get_next_key(c->skel->maps.traced_procs, NULL, &key, sizeof(key)) ==
	       -ENOENT;
}

/*
 * sys_exit's program first: attached after sys_enter's, a call entered in
 * between would show an enter whose exit never came, a call that did not
 * return. This way round a call in progress shows only its exit, which the
 * event reader knows for what it is. sys_enter's next, at once: every call
 * that starts between the two goes unseen. The skeleton attaches the rest
 * (a link already made is left as it is).
 */
int collector__attach(struct collector *c)
{
	struct collector_bpf *skel = c->skel;
	bool typed = bpf_program__autoload(skel->progs.on_sys_exit);
	struct bpf_program *exit_prog =
		typed ? skel->progs.on_sys_exit : skel->progs.on_sys_exit_raw;
	struct bpf_program *enter_prog =
		typed ? skel->progs.on_sys_enter : skel->progs.on_sys_enter_raw;
	struct bpf_link **exit_link =
		typed ? &skel->links.on_sys_exit : &skel->links.on_sys_exit_raw;
	struct bpf_link **enter_link =
		typed ? &skel->links.on_sys_enter : &skel->links.on_sys_enter_raw;
	struct bpf_program *slow_prog =
		typed ? skel->progs.on_slow_exit : skel->progs.on_slow_exit_raw;
	struct bpf_link **slow_link =
		typed ? &skel->links.on_slow_exit : &skel->links.on_slow_exit_raw;

	*exit_link = bpf_program__attach(exit_prog);
	if (!*exit_link)
		return -errno;
	/* -c --slowest: after the exit program, on the same tracepoint, so that it runs after it */
	if (bpf_program__autoload(slow_prog)) {
		*slow_link = bpf_program__attach(slow_prog);
		if (!*slow_link)
			return -errno;
	}
	*enter_link = bpf_program__attach(enter_prog);
	if (!*enter_link)
		return -errno;
	return collector_bpf__attach(skel);
}

int collector__set_event(struct collector *c, __u32 id, const struct bt_event_desc *desc)
{
	return bpf_map__update_elem(c->skel->maps.event_descs, &id, sizeof(id), desc, sizeof(*desc),
				    BPF_ANY);
}

/*
 * The event program's instructions, as loaded, with its event's id in place of the magic one:
 * maps and relocations are the loaded program's, so the copy needs no verification of its own
 * beyond the kernel's. Returns the count of instructions patched (1), or -errno.
 */
static int patch_event_id(struct bpf_insn *insns, size_t n, __u32 id)
{
	int patched = 0;

	for (size_t i = 0; i < n; i++) {
		__u8 code = insns[i].code;

		if ((code == (BPF_ALU64 | BPF_MOV | BPF_K) ||
		     code == (BPF_ALU | BPF_MOV | BPF_K)) &&
		    insns[i].imm == BT_EVENT_ID_MAGIC) {
			insns[i].imm = id;
			patched++;
		}
	}
	return patched == 1 ? 1 : -ENOEXEC;
}

static int open_tracepoint_event(__u32 id)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(attr),
		.config = id,
		.sample_period = 1,
		.wakeup_events = 1,
	};
	/* one perf event on one CPU: a tracepoint runs its BPF programs on every CPU */
	int fd = syscall(__NR_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

int collector__set_fetch(struct collector *c, __u32 id, const struct bt_fetch_prog *prog)
{
	return bpf_map__update_elem(c->skel->maps.fetch_progs, &id, sizeof(id), prog, sizeof(*prog),
				    BPF_ANY);
}

int collector__attach_event(struct collector *c, __u32 id, const char *raw_name)
{
	const struct bpf_program *prog =
		raw_name ? c->skel->progs.on_event_raw : c->skel->progs.on_event;
	const struct bpf_insn *insns = bpf_program__insns(prog);
	size_t n = bpf_program__insn_cnt(prog);
	struct collector_event ev = {-1, -1};
	struct bpf_insn *copy;
	int err;

	if (c->nevent_progs == c->event_progs_cap) {
		size_t cap = c->event_progs_cap ? 2 * c->event_progs_cap : 16;
		struct collector_event *p = realloc(c->event_progs, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		c->event_progs = p;
		c->event_progs_cap = cap;
	}
	if (!insns || !n)
		return -ENOEXEC;
	copy = malloc(n * sizeof(*copy));
	if (!copy)
		return -ENOMEM;
	memcpy(copy, insns, n * sizeof(*copy));
	err = patch_event_id(copy, n, id);
	if (err > 0) {
		ev.prog_fd = bpf_prog_load(
			raw_name ? BPF_PROG_TYPE_RAW_TRACEPOINT : BPF_PROG_TYPE_TRACEPOINT,
			raw_name ? "on_event_raw" : "on_event", "GPL", copy, n, NULL);
		err = ev.prog_fd < 0 ? ev.prog_fd : 0;
	}
	free(copy);
	if (!err && raw_name) {
		ev.perf_fd = bpf_raw_tracepoint_open(raw_name, ev.prog_fd);
		err = ev.perf_fd < 0 ? -errno : 0;
	} else if (!err) {
		ev.perf_fd = open_tracepoint_event(id);
		err = ev.perf_fd < 0 ? ev.perf_fd : 0;
	}
	if (!err && !raw_name &&
	    (ioctl(ev.perf_fd, PERF_EVENT_IOC_SET_BPF, ev.prog_fd) < 0 ||
	     ioctl(ev.perf_fd, PERF_EVENT_IOC_ENABLE, 0) < 0))
		err = -errno;
	if (err) {
		if (ev.perf_fd >= 0)
			close(ev.perf_fd);
		if (ev.prog_fd >= 0)
			close(ev.prog_fd);
		return err;
	}
	c->event_progs[c->nevent_progs++] = ev;
	return 0;
}

void collector__probe_kfunc(__u32 btf_id, struct collector_kfunc_probe *p)
{
	/* r0 = 0; exit */
	const struct bpf_insn insns[] = {
		{.code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0},
		{.code = BPF_JMP | BPF_EXIT},
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = BPF_TRACE_FENTRY,
		    .attach_btf_id = btf_id);
	int prog, link;

	memset(p, 0, sizeof(*p));
	p->fentry_hidden = name_hidden("fentry");
	p->kprobes_hidden = name_hidden("kprobe");
	/* the kprobe PMU (Linux 4.17): what perf_event_open attaches a kprobe through */
	p->kprobes =
		!p->kprobes_hidden && !access("/sys/bus/event_source/devices/kprobe/type", R_OK);
	if (p->fentry_hidden) {
		p->fentry_err = -EOPNOTSUPP;
		return;
	}
	prog = bpf_prog_load(BPF_PROG_TYPE_TRACING, "kfunc_probe", "GPL", insns, 2, &opts);
	if (prog < 0) {
		p->fentry_err = prog;
		return;
	}
	/* a kernel may load the program and still refuse the trampoline that attaches it */
	link = bpf_raw_tracepoint_open(NULL, prog);
	p->fentry_err = link < 0 ? link : 0;
	if (link >= 0)
		close(link);
	close(prog);
}

int collector__set_kfunc(struct collector *c, __u32 index, const struct bt_kfunc_desc *desc)
{
	return bpf_map__update_elem(c->skel->maps.kfunc_descs, &index, sizeof(index), desc,
				    sizeof(*desc), BPF_ANY);
}

/* A number from a file of the kprobe PMU's sysfs directory ("6", "config:0"). */
static int kprobe_pmu_value(const char *file, const char *prefix)
{
	char path[128], buf[32];
	FILE *f;
	int v = -1;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/kprobe/%s", file);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	if (fgets(buf, sizeof(buf), f) && !strncmp(buf, prefix, strlen(prefix)))
		v = atoi(buf + strlen(prefix));
	fclose(f);
	return v < 0 ? -EINVAL : v;
}

/*
 * A kprobe (or a kretprobe) on function name through the kprobe PMU, running program prog:
 * the perf event's fd, or -errno. One perf event runs the program on every CPU.
 */
static int open_kprobe(const char *name, bool ret, int prog)
{
	int type = kprobe_pmu_value("type", ""),
	    bit = ret ? kprobe_pmu_value("format/retprobe", "config:") : 0;
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.sample_period = 1,
		.wakeup_events = 1,
	};
	int fd;

	if (type < 0 || bit < 0)
		return type < 0 ? type : bit;
	attr.type = type;
	attr.config = ret ? 1ULL << bit : 0;
	attr.config1 = (__u64)(unsigned long)name; /* kprobe_func */
	fd = syscall(__NR_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog) < 0 ||
	    ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) < 0) {
		int err = -errno;

		close(fd);
		return err;
	}
	return fd;
}

/*
 * A copy of template loaded for function btf_id (a kprobe: name) as function index, and
 * attached; its fds kept.
 */
static int attach_kfunc_copy(struct collector *c, const struct bpf_program *template, __u32 index,
			     __u32 btf_id, const char *name)
{
	bool kprobe = bpf_program__type(template) == BPF_PROG_TYPE_KPROBE;
	const struct bpf_insn *insns = bpf_program__insns(template);
	size_t n = bpf_program__insn_cnt(template);
	LIBBPF_OPTS(bpf_prog_load_opts, opts,
		    .expected_attach_type = bpf_program__expected_attach_type(template),
		    .attach_btf_id = kprobe ? 0 : btf_id);
	struct bpf_insn *copy;
	int prog = -1, link = -1, err;

	if (!insns || !n)
		return -ENOEXEC;
	if (c->nkfunc_fds + 2 > c->kfunc_fds_cap) {
		size_t cap = c->kfunc_fds_cap ? 2 * c->kfunc_fds_cap : 32;
		int *p = realloc(c->kfunc_fds, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		c->kfunc_fds = p;
		c->kfunc_fds_cap = cap;
	}
	copy = malloc(n * sizeof(*copy));
	if (!copy)
		return -ENOMEM;
	memcpy(copy, insns, n * sizeof(*copy));
	err = 0;
	for (size_t i = 0; i < n; i++) {
		__u8 code = copy[i].code;

		if ((code == (BPF_ALU64 | BPF_MOV | BPF_K) ||
		     code == (BPF_ALU | BPF_MOV | BPF_K)) &&
		    copy[i].imm == BT_KFUNC_ID_MAGIC) {
			copy[i].imm = index;
			err++;
		}
	}
	/* inlined, the magic may be loaded more than once; never not at all */
	err = err ? 0 : -ENOEXEC;
	if (!err) {
		prog = bpf_prog_load(bpf_program__type(template), bpf_program__name(template),
				     "GPL", copy, n, &opts);
		err = prog < 0 ? prog : 0;
	}
	free(copy);
	if (!err) {
		if (kprobe)
			link = open_kprobe(name, template == c->skel->progs.on_kfunc_kretprobe,
					   prog);
		else
			link = bpf_raw_tracepoint_open(NULL, prog);
		err = link < 0 ? link : 0;
	}
	if (err) {
		if (prog >= 0)
			close(prog);
		return err;
	}
	c->kfunc_fds[c->nkfunc_fds++] = link;
	c->kfunc_fds[c->nkfunc_fds++] = prog;
	return 0;
}

/*
 * The exit's program first: attached after the entry's, a call entered in between would show
 * an entry whose return never came; this way round a return without its entry, which the
 * reader leaves out.
 */
int collector__attach_kfunc(struct collector *c, __u32 index, __u32 btf_id, int nargs,
			    const char *name)
{
	const struct bpf_program *entry, *exit;
	int err;

	if (nargs < 0 || nargs > BT_KFUNC_ARGS)
		return -EINVAL;
	if (bpf_program__autoload(c->skel->progs.on_kfunc_kprobe)) {
		entry = c->skel->progs.on_kfunc_kprobe;
		exit = c->skel->progs.on_kfunc_kretprobe;
	} else {
		entry = kfunc_template(c->skel, false, nargs);
		exit = kfunc_template(c->skel, true, nargs);
	}
	if (!entry || !exit || !bpf_program__autoload(entry))
		return -ENOENT;
	err = attach_kfunc_copy(c, exit, index, btf_id, name);
	if (!err)
		err = attach_kfunc_copy(c, entry, index, btf_id, name);
	return err;
}

static void detach_kfuncs(struct collector *c)
{
	/* links first: each closes before its program */
	for (size_t i = 0; i < c->nkfunc_fds; i++)
		close(c->kfunc_fds[i]);
	c->nkfunc_fds = 0;
}

static void detach_events(struct collector *c)
{
	for (size_t i = 0; i < c->nevent_progs; i++) {
		close(c->event_progs[i].perf_fd);
		close(c->event_progs[i].prog_fd);
	}
	c->nevent_progs = 0;
}

int collector__set_uring(struct collector *c, const struct bt_uring_op *ops,
			 const struct bt_uring_layout *layout)
{
	int fd = bpf_map__fd(c->skel->maps.uring_ops);

	for (__u32 op = 0; op < BT_URING_OPS; op++) {
		if (bpf_map_update_elem(fd, &op, &ops[op], BPF_ANY))
			return -errno;
	}
	c->skel->bss->uring_layout = *layout;
	/* last: the programs read the rest once they see it */
	__atomic_store_n(&c->skel->bss->uring_layout.ok, 1, __ATOMIC_RELEASE);
	return 0;
}

int collector__attach_uring(struct collector *c, const char *submit, const char *complete)
{
	struct bpf_link *link;

	link = bpf_program__attach_tracepoint(c->skel->progs.on_uring_complete, "io_uring",
					      complete);
	if (!link)
		return -errno;
	/* destroyed with the skeleton's other links */
	c->skel->links.on_uring_complete = link;
	link = bpf_program__attach_tracepoint(c->skel->progs.on_uring_submit, "io_uring", submit);
	if (!link)
		return -errno;
	c->skel->links.on_uring_submit = link;
	return 0;
}

void collector__detach(struct collector *c)
{
	detach_kfuncs(c);
	detach_events(c);
	if (c->skel)
		collector_bpf__detach(c->skel);
}

int collector__open_reader(struct collector *c, record_fn fn, void *ctx)
{
	struct bpf_map_info info = {};
	__u32 len = sizeof(info);
	int fd = bpf_map__fd(c->skel->maps.events);

	/* the size the kernel made it, whatever libbpf rounded */
	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return -errno;
	c->rb = ringbuf_reader__new(fd, info.max_entries, fn, ctx);
	return c->rb ? 0 : (errno ? -errno : -ENOMEM);
}

int collector__ring_fd(const struct collector *c)
{
	return bpf_map__fd(c->skel->maps.events);
}

int collector__poll_fd(const struct collector *c)
{
	return ringbuf_reader__fd(c->rb);
}

/*
 * After a read, not before: a wake-up sent during the read is spent (the reader took its
 * records, and poll() sleeps on an empty ring), so a flag left set by it would let the next
 * crossing of the mark go unannounced, and the reader would sleep to its timeout while the
 * ring buffer filled (records.bpf.h). A record between the read's end and this store sends
 * none; the first one after it does. Returns n, the read's.
 */
static int wakeup_rearmed(struct collector *c, int n)
{
	__atomic_store_n(&c->skel->bss->wakeup_sent, 0, __ATOMIC_SEQ_CST);
	return n;
}

int collector__consume(struct collector *c)
{
	return wakeup_rearmed(c, ringbuf_reader__consume(c->rb));
}

unsigned long collector__ring_end(const struct collector *c)
{
	return ringbuf_reader__end(c->rb);
}

int collector__consume_to(struct collector *c, unsigned long end)
{
	return wakeup_rearmed(c, ringbuf_reader__consume_to(c->rb, end));
}

unsigned long collector__ring_left(const struct collector *c, unsigned long end)
{
	return ringbuf_reader__left(c->rb, end);
}

size_t collector__ring_mapped_max(const struct collector *c)
{
	return c->rb ? ringbuf_reader__mapped_max(c->rb) : 0;
}

bool collector__record_can_stay(const struct collector *c)
{
	return ringbuf_reader__can_hold(c->rb);
}

void collector__record_stays(struct collector *c)
{
	ringbuf_reader__hold(c->rb);
}

int collector__stats(const struct collector *c, struct bt_stats *sum)
{
	struct bt_stats *percpu;
	__u32 zero = 0;
	int err;

	memset(sum, 0, sizeof(*sum));
	percpu = calloc(c->nr_cpus, sizeof(*percpu));
	if (!percpu)
		return -ENOMEM;
	err = bpf_map__lookup_elem(c->skel->maps.stats_map, &zero, sizeof(zero), percpu,
				   c->nr_cpus * sizeof(*percpu), 0);
	for (int i = 0; !err && i < c->nr_cpus; i++) {
		sum->enter_records += percpu[i].enter_records;
		sum->exit_records += percpu[i].exit_records;
		sum->lost_enter += percpu[i].lost_enter;
		sum->lost_exit += percpu[i].lost_exit;
		sum->ringbuf_bytes += percpu[i].ringbuf_bytes;
		sum->lost_other += percpu[i].lost_other;
		sum->filtered += percpu[i].filtered;
		sum->compact_records += percpu[i].compact_records;
		sum->stack_records += percpu[i].stack_records;
		sum->lost_stacks += percpu[i].lost_stacks;
		sum->wakeups += percpu[i].wakeups;
		/* one ring buffer for all CPUs: the highest reading is the mark */
		if (percpu[i].max_pending > sum->max_pending)
			sum->max_pending = percpu[i].max_pending;
	}
	free(percpu);
	return err;
}

/* Sums one syscall's per-CPU aggregates; false when no call was counted. */
static bool sum_percpu(const struct collector *c, const struct bt_summary *percpu,
		       struct bt_summary *out)
{
	struct bt_summary sum = percpu[0];

	for (int i = 1; i < c->nr_cpus; i++)
		bt_summary_add(&sum, &percpu[i]);
	*out = sum;
	return sum.calls > 0;
}

int collector__read_summary(const struct collector *c, summary_fn fn, void *ctx)
{
	int fd = bpf_map__fd(c->skel->maps.summary_map), err;
	struct bt_summary_key key, next, *prev = NULL;
	struct bt_summary *percpu, sum;

	percpu = calloc(c->nr_cpus, sizeof(*percpu));
	if (!percpu)
		return -ENOMEM;
	/* --summary-by=total: an array by syscall number */
	if (bpf_map__max_entries(c->skel->maps.summary_total) == BT_SUMMARY_IDS) {
		int afd = bpf_map__fd(c->skel->maps.summary_total);

		for (__u32 nr = 0; nr < BT_SUMMARY_IDS; nr++) {
			key = (struct bt_summary_key){.nr = nr};
			if (!bpf_map_lookup_elem(afd, &nr, percpu) && sum_percpu(c, percpu, &sum))
				fn(ctx, &key, &sum);
		}
		free(percpu);
		return 0;
	}
	while (!(err = bpf_map_get_next_key(fd, prev, &next))) {
		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(fd, &key, percpu))
			continue;
		if (sum_percpu(c, percpu, &sum))
			fn(ctx, &key, &sum);
	}
	free(percpu);
	return err == -ENOENT ? 0 : err;
}

int collector__take_thread_losses(struct collector *c, thread_loss_fn fn, void *ctx)
{
	int fd = bpf_map__fd(c->skel->maps.lost_calls), err;
	struct bt_lost lost;
	__u32 tid;

	/* always the first key: each one found is deleted */
	while (!(err = bpf_map_get_next_key(fd, NULL, &tid))) {
		if (!bpf_map_lookup_elem(fd, &tid, &lost))
			fn(ctx, tid, &lost);
		err = bpf_map_delete_elem(fd, &tid);
		if (err)
			return err;
		/* the programs skip their look-ups once no entry is left */
		__sync_fetch_and_sub(&c->skel->bss->lost_pending, 1);
	}
	return err == -ENOENT ? 0 : err;
}

int collector__inject_mark(struct collector *c, __u32 tid, const struct bt_inject_mark *mark)
{
	int fd = bpf_map__fd(c->skel->maps.inject_marks), err;

	/* counted first: the programs look only while the count is above zero */
	__atomic_add_fetch(&c->skel->bss->inject_pending, 1, __ATOMIC_SEQ_CST);
	for (;;) {
		err = bpf_map_update_elem(fd, &tid, mark, BPF_NOEXIST);
		if (err != -EEXIST)
			break;
		/* a mark an earlier call left: replaced, and counted once (unless it just went) */
		err = bpf_map_update_elem(fd, &tid, mark, BPF_EXIST);
		if (err != -ENOENT) {
			__atomic_sub_fetch(&c->skel->bss->inject_pending, 1, __ATOMIC_SEQ_CST);
			return err;
		}
	}
	if (err)
		__atomic_sub_fetch(&c->skel->bss->inject_pending, 1, __ATOMIC_SEQ_CST);
	return err;
}

void collector__inject_unmark(struct collector *c, __u32 tid)
{
	/* the programs may have taken it: only the one that deletes it counts it down */
	if (bpf_map_delete_elem(bpf_map__fd(c->skel->maps.inject_marks), &tid) == 0)
		__atomic_sub_fetch(&c->skel->bss->inject_pending, 1, __ATOMIC_SEQ_CST);
}

int collector__read_errno_summary(const struct collector *c, errno_count_fn fn, void *ctx)
{
	int fd = bpf_map__fd(c->skel->maps.errno_map), err;
	struct bt_errno_key key, next, *prev = NULL;
	__u64 *percpu, count;

	percpu = calloc(c->nr_cpus, sizeof(*percpu));
	if (!percpu)
		return -ENOMEM;
	while (!(err = bpf_map_get_next_key(fd, prev, &next))) {
		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(fd, &key, percpu))
			continue;
		count = 0;
		for (int i = 0; i < c->nr_cpus; i++)
			count += percpu[i];
		fn(ctx, &key, count);
	}
	free(percpu);
	return err == -ENOENT ? 0 : err;
}

int collector__probe_kernel_stack(struct collector *c, __u64 frames[2][BT_STACK_FRAMES_MAX],
				  int n[2])
{
	struct collector_bpf__bss *bss = c->skel->bss;
	__s32 len;

	bss->kstack_probe_len[0] = bss->kstack_probe_len[1] = 0;
	__atomic_store_n(&bss->kstack_probe_tid, (__u32)syscall(SYS_gettid), __ATOMIC_SEQ_CST);
	/* any call: the programs look at the thread, before anything else */
	syscall(SYS_getppid);
	if (__atomic_load_n(&bss->kstack_probe_tid, __ATOMIC_SEQ_CST)) {
		bss->kstack_probe_tid = 0;
		return -ENODATA;
	}
	for (int i = 0; i < 2; i++) {
		len = bss->kstack_probe_len[i];
		if (len < 0)
			return len;
		n[i] = len / 8;
		memcpy(frames[i], bss->kstack_probe[i], n[i] * 8);
	}
	return 0;
}

void collector__set_kernel_stack_skip(struct collector *c, const __u32 skip[2])
{
	__atomic_store_n(&c->skel->bss->kstack_skip[0], skip[0], __ATOMIC_SEQ_CST);
	__atomic_store_n(&c->skel->bss->kstack_skip[1], skip[1], __ATOMIC_SEQ_CST);
}

int collector__prog_ranges(const struct collector *c, struct collector_prog_range *ranges, int max)
{
	struct bpf_program *prog;
	int n = 0;

	bpf_object__for_each_program(prog, c->skel->obj)
	{
		__u64 ksyms[64];
		__u32 lens[64];
		struct bpf_prog_info info = {};
		__u32 len = sizeof(info);
		int fd = bpf_program__fd(prog), err;

		if (fd < 0)
			continue;
		/* first the counts, then the arrays: a program and its subprograms */
		err = bpf_obj_get_info_by_fd(fd, &info, &len);
		if (err)
			return err;
		__u32 nr = info.nr_jited_ksyms < 64 ? info.nr_jited_ksyms : 64;
		memset(&info, 0, sizeof(info));
		info.nr_jited_ksyms = nr;
		info.nr_jited_func_lens = nr;
		info.jited_ksyms = (__u64)(unsigned long)ksyms;
		info.jited_func_lens = (__u64)(unsigned long)lens;
		len = sizeof(info);
		err = bpf_obj_get_info_by_fd(fd, &info, &len);
		if (err)
			return err;
		for (__u32 i = 0; i < nr && n < max; i++) {
			if (!ksyms[i])
				continue;
			ranges[n].start = ksyms[i];
			ranges[n].end = ksyms[i] + lens[i];
			n++;
		}
	}
	return n;
}

int collector__enable_run_stats(struct collector *c)
{
	c->stats_fd = bpf_enable_stats(BPF_STATS_RUN_TIME);
	return c->stats_fd < 0 ? -errno : 0;
}

static struct bpf_program *loaded_prog(const struct collector *c, bool enter)
{
	struct bpf_program *typed =
		enter ? c->skel->progs.on_sys_enter : c->skel->progs.on_sys_exit;
	struct bpf_program *raw =
		enter ? c->skel->progs.on_sys_enter_raw : c->skel->progs.on_sys_exit_raw;

	return bpf_program__fd(typed) >= 0 ? typed : raw;
}

int collector__run_stats(const struct collector *c, struct collector_run_stats *rs)
{
	for (int i = 0; i < 2; i++) {
		struct bpf_prog_info info = {};
		__u32 len = sizeof(info);
		int err = bpf_obj_get_info_by_fd(bpf_program__fd(loaded_prog(c, i == 0)), &info,
						 &len);

		if (err)
			return err;
		rs->run_time_ns[i] = info.run_time_ns;
		rs->run_cnt[i] = info.run_cnt;
	}
	return 0;
}

void collector__destroy(struct collector *c)
{
	ringbuf_reader__free(c->rb);
	detach_kfuncs(c);
	free(c->kfunc_fds);
	detach_events(c);
	free(c->event_progs);
	collector_bpf__destroy(c->skel);
	if (c->stats_fd > 0)
		close(c->stats_fd);
	memset(c, 0, sizeof(*c));
}

// SPDX-License-Identifier: GPL-2.0
/* One run of btftrace: the stages of setup.c, process.c, loop.c and report.c, then clean-up. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <bpf/libbpf.h>
#include "base/startup_times.h"
#include "decode/fd_table.h"
#include "filter/pathtrace.h"
#include "filter/status.h"
#include "session/session_internal.h"
#include "session/trace_paths.h"

void session_opts_default(struct session_opts *o)
{
	memset(o, 0, sizeof(*o));
	decode_opts_default(&o->decode);
	o->string_cap = BT_CAPTURE_MAX;
	o->buffer_cap = BT_BUFFER_CAP_DEFAULT;
	o->ringbuf_bytes = BT_RINGBUF_DEFAULT;
	o->signals_shown = ~0ULL;
	o->stack.frame_limit = STACK_FRAME_LIMIT_DEFAULT;
	o->stack.copy_bytes = BT_STACK_COPY_DEFAULT;
	o->status_shown = STATUS_ALL;
	/* strace's -r and -T: microseconds */
	o->text.relative_digits = 6;
	o->text.duration_digits = 6;
}

void fail(const char *fmt, ...)
{
	va_list ap;

	fputs("btftrace: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* -P, --trace-fds: each call's arguments that strace's pathtrace rules look at. */
static int set_path_specs(struct session *s)
{
	__u32 *spec = calloc(BT_MAX_SYSCALLS, sizeof(*spec));
	int err;

	if (!spec)
		return -ENOMEM;
	err = pathtrace_specs(s->cat, spec);
	for (int nr = 0; !err && nr < BT_MAX_SYSCALLS; nr++)
		s->beauty->rules[nr].path_spec = spec[nr];
	free(spec);
	return err;
}

/* -P: the paths and their files, for the collector to compare. */
static int add_trace_paths(struct session *s)
{
	const struct session_opts *o = s->opts;

	s->path_files = calloc(1, sizeof(*s->path_files));
	if (!s->path_files)
		return -ENOMEM;
	return trace_paths_add(&s->coll, o->trace_paths, o->ntrace_paths, o->quiet_path_resolution,
			       stderr, s->path_files);
}

/* -yy: the decoder's way to what the collector kept of a socket. */
static int kept_sock_endpoints(void *ctx, __u64 ino, struct bt_sock_endpoints *out)
{
	return collector__sock_endpoints(ctx, ino, out);
}

int session_run(const struct session_opts *o)
{
	struct session s = {.opts = o, .sigfd = -1, .go_pipe = {-1, -1}, .watch_fd = -1};
	struct collector_opts co = {
		.self_tgid = getpid(),
		.trace_all = o->trace_all,
		.follow_forks = o->follow_forks,
		.detach_on_exec = o->detach_on_execve,
		.summary = o->summary != SUMMARY_NONE,
		.summary_only = o->summary == SUMMARY_ONLY,
		.summary_by = o->summary_opts.by,
		.errno_summary = o->summary_opts.errno_summary,
		.summary_overhead_ns = o->summary_opts.overhead_ns,
		.sock_endpoints =
			(o->decode.decode_fds & DECODE_FDS_SOCKET) && o->summary != SUMMARY_ONLY,
		/* --quiet=signals too: a line nobody shows costs no record */
		.signals_shown = o->text.quiet_signals ? 0 : o->signals_shown,
		.filter = o->filter && filter_spec__active(o->filter),
		.filter_defer = o->filter && filter_spec__needs_exit(o->filter),
		.lossless = o->lossless,
		/* the flight recorder sends no calls, not even those of the fd table */
		.fd_records = o->decode.decode_fds && o->summary != SUMMARY_ONLY && !o->recorder,
		/*
		 * what the sinks print of each record besides its values; -p and
		 * -a pair a call found in /proc with its exit by the exit's time;
		 * the flight recorder orders the kept calls of all threads by time
		 */
		.record_times =
			o->format != SINK_TEXT || o->text.ts != TS_NONE || o->text.relative ||
			o->text.show_duration || o->npids || o->trace_all || o->recorder ||
			/* -yy: a socket's endpoints are of the records after they were set */
			((o->decode.decode_fds & DECODE_FDS_SOCKET) && o->summary != SUMMARY_ONLY),
		/* -Y names threads by their records */
		.record_comm = o->format != SINK_TEXT || (o->decode.decode_pids & DECODE_PIDS_COMM),
		.record_ip = o->text.show_ip,
		/* each line says its container: the records say the thread's cgroup */
		.record_cgroup = (o->ncontainers || o->containers_new || o->trace_all) &&
				 o->summary != SUMMARY_ONLY,
		.container_select = o->ncontainers || o->containers_new,
		.inject = o->inject != NULL,
		.path_trace = o->ntrace_paths || o->trace_fds,
		.path_names = o->ntrace_paths > 0,
		.trace_fds_on = o->trace_fds != NULL,
		.string_cap = o->string_cap,
		/* -s's bytes, one to tell a string cut, and the NUL; -s 0 shows them whole */
		.strv_string_cap = o->decode.string_limit ? o->decode.string_limit + 2 : 0,
		.buffer_cap = o->buffer_cap,
		.ringbuf_bytes = o->ringbuf_bytes,
		.events = o->nevents > 0,
		.io_uring = !uring_set__empty(&o->io_uring),
		.slowest = o->summary_opts.slowest,
		.recorder = o->recorder,
		.trigger = o->trigger != NULL,
		.debug = o->debug,
	};
	struct collector_loader loader = {.coll = &s.coll, .opts = &co};
	struct text_sink_opts text = o->text;
	struct timespec tables_start, tables_end;
	const char *missing, *feature, *since;
	char path[PATH_MAX];
	int status = EXIT_USAGE, write_err, err, path_err = 0;
	__u64 t = startup_times__now();

	if (o->trace_fds)
		trace_fds_bits(o->trace_fds, &co.trace_fds);
	/*
	 * --flight-recorder: a SIGUSR1 during the set-up must not end btftrace; it waits,
	 * blocked, for the signalfd, and asks for a dump then
	 */
	if (o->recorder) {
		sigset_t usr1, old;

		sigemptyset(&usr1);
		sigaddset(&usr1, SIGUSR1);
		if (!sigprocmask(SIG_BLOCK, &usr1, &old))
			s.usr1_blocked = sigismember(&old, SIGUSR1);
	}
	if (o->command) {
		err = find_command(o->command[0], path, sizeof(path));
		if (err) {
			fail("cannot run '%s' (%s): check the command name and PATH", o->command[0],
			     strerror(-err));
			return EXIT_USAGE;
		}
	}
	missing = command_opts__missing_rights(&o->cmd);
	if (missing) {
		fail("-u runs the command as another user, which needs the %s: run btftrace as "
		     "root, or drop -u",
		     missing);
		return EXIT_USAGE;
	}
	missing = missing_bpf_capabilities();
	if (missing) {
		fail("tracing needs the %s: run btftrace as root, or give it CAP_BPF, "
		     "CAP_PERFMON and CAP_DAC_READ_SEARCH (man btftrace, CAPABILITIES)",
		     missing);
		return EXIT_USAGE;
	}
	/*
	 * The command forked now, while btftrace is small: a fork copies the page tables of
	 * all btftrace has mapped and written, which after the load is the kernel's BTF, the
	 * tables and the maps. It waits for the go-ahead before its exec, as when forked last.
	 * -e inject= forks it after the set-up: it shares fds with the injector.
	 */
	if (o->command && !o->inject && (err = spawn_child(&s, path))) {
		fail("cannot start '%s': %s", o->command[0], strerror(-err));
		goto out;
	}
	startup_times__stage("fork the command", t);
	t = startup_times__now();
	if (o->no_loss) {
		char why[PATH_MAX + 128];

		if (cmd_pause__open(&s.pause, why, sizeof(why))) {
			fail("--no-loss cannot pause the command: %s", why);
			goto out;
		}
	}
	if (open_pidfds(&s) || find_containers(&s))
		goto out;
	if (open_stacks(&s, &co))
		goto out;
	if (select_kfuncs(&s, &co))
		goto out;
	/*
	 * libbpf's warnings (a corrupt --btf file) would come before, and in
	 * other words than, our one line; set before the loader thread runs
	 */
	if (!o->debug)
		libbpf_set_print(NULL);
	err = start_collector_loader(&loader);
	if (err) {
		fail("cannot start a thread to load the BPF collector: %s", strerror(-err));
		goto out;
	}
	clock_gettime(CLOCK_MONOTONIC, &tables_start);
	err = load_tables(&s);
	clock_gettime(CLOCK_MONOTONIC, &tables_end);
	/* while the loader still runs: the specs go to the beauty map, which is filled after */
	if (!err && co.path_trace) {
		t = startup_times__now();
		path_err = set_path_specs(&s);
		startup_times__stage("tables: -P's calls", t);
	}
	t = startup_times__now();
	pthread_join(loader.thread, NULL);
	startup_times__stage("wait for the loader", t);
	if (err)
		goto out;
	if (o->debug)
		collector__print_features(&s.coll, stderr);
	if (loader.err && (feature = collector__missing_feature(&s.coll, &since))) {
		fail("this kernel lacks %s, which btftrace needs: Linux %s and later have it",
		     feature, since);
		goto out;
	}
	if (loader.err) {
		fail("cannot load the BPF collector (%s): %s", strerror(-loader.err),
		     loader.err == -EPERM ? "run as root, or with CAP_BPF and CAP_PERFMON"
					  : "run with -d to see libbpf's messages");
		goto out;
	}
	if (o->debug)
		fprintf(stderr,
			"btftrace: start-up: catalog and BTF tables %.1f ms, BPF collector %.1f ms "
			"(in parallel)\n",
			ms_between(&tables_start, &tables_end),
			ms_between(&loader.start, &loader.end));
	if (path_err) {
		fail("cannot find which calls touch a path for -P (%s)", strerror(-path_err));
		goto out;
	}
	start_stacks(&s);
	t = startup_times__now();
	err = collector__set_rules(&s.coll, s.beauty->rules);
	if (!err)
		err = collector__set_member_sets(&s.coll, s.beauty->member_sets,
						 s.beauty->nmember_sets);
	if (err) {
		fail("cannot fill the beauty map (%s): run with -d to see libbpf's messages",
		     strerror(-err));
		goto out;
	}
	/* always: a member rule may read an fd's name (an -y or -P capture needs its knob too) */
	set_fd_offsets(&s);
	if (co.sock_endpoints) {
		s.dec->sock_endpoints = kept_sock_endpoints;
		s.dec->sock_endpoints_ctx = &s.coll;
	}
	if (co.path_names && (err = add_trace_paths(&s))) {
		fail("cannot give the -P paths to the collector (%s): run with -d to see libbpf's "
		     "messages",
		     strerror(-err));
		goto out;
	}
	if (s.filter &&
	    (err = collector__set_filter(&s.coll, &s.filter->prog, s.filter->args, false))) {
		fail("cannot fill the filter maps (%s): run with -d to see libbpf's messages",
		     strerror(-err));
		goto out;
	}
	if (s.trigger &&
	    (err = collector__set_filter(&s.coll, &s.trigger->prog, s.trigger->args, true))) {
		fail("cannot fill the trigger's maps (%s): run with -d to see libbpf's messages",
		     strerror(-err));
		goto out;
	}
	if (set_tracepoints(&s) || set_uring(&s) || set_kfuncs(&s))
		goto out;
	if (select_containers(&s))
		goto out;
	s.dec->containers = s.containers;
	/* a name before each container's lines, unless one container is all there is */
	text.container_prefix = o->trace_all || o->containers_new ||
				(s.containers && container_table__count(s.containers) > 1);
	startup_times__stage("fill maps", t);
	t = startup_times__now();
	if (open_output(&s))
		goto out;
	if (o->output_separately)
		sink__init_split(&s.sink, o->output, o->output_append, s.dec, &text);
	else if (sink__init(&s.sink, o->format, s.out, s.dec, &text)) {
		fail("cannot set up the output: %s", strerror(ENOMEM));
		goto out;
	}
	s.sink_ready = true;
	s.reader = event_reader__new(on_call, &s);
	if (!s.reader || collector__open_reader(&s.coll, on_record, &s) || block_signals(&s)) {
		fail("cannot set up the ring buffer reader: %s", strerror(errno));
		goto out;
	}
	for (int i = 0; i < o->npids; i++)
		collector__add_proc(&s.coll, o->pids[i], BT_PROC_TRACED);
	if (o->command && prepare_injection(&s))
		goto out;
	startup_times__stage("output, reader", t);
	t = startup_times__now();
	if (o->command && o->inject && (err = spawn_child(&s, path))) {
		fail("cannot start '%s': %s", o->command[0], strerror(-err));
		goto out;
	}
	/* before its exec: from its first call on, the command can be paused */
	if (s.child > 0 && o->no_loss &&
	    ((err = cmd_pause__add(&s.pause, s.child)) ||
	     (err = cmd_pause__watch(&s.pause, &s.coll, s.coll.ringbuf_bytes / 4,
				     s.coll.ringbuf_bytes / 16)))) {
		fail("--no-loss cannot pause the command: cannot move it into %s or watch the "
		     "ring buffer (%s); drop --no-loss",
		     s.pause.dir, strerror(-err));
		goto out;
	}
	if (s.child > 0 && s.stacks)
		stacks_track(s.stacks, s.child);
	if (s.child > 0 && (err = collector__add_proc(&s.coll, s.child, BT_PROC_WAIT_EXEC))) {
		fail("cannot register the command with the collector: %s", strerror(-err));
		goto out;
	}
	/* -y: the fds the command inherits, read while it waits before its exec */
	if (s.child > 0 && s.dec->fds)
		fd_table__seed(s.dec->fds, s.child, s.child);
	/* -P: the fds the command and the -p processes hold already */
	if (s.child > 0 && s.path_files)
		trace_paths_seed(&s.coll, s.path_files, s.child);
	for (int i = 0; s.path_files && i < o->npids; i++)
		trace_paths_seed(&s.coll, s.path_files, o->pids[i]);
	note_cwds(&s);
	/* without the kernel's run-time counting --stats still prints the counters */
	if (o->stats && (err = collector__enable_run_stats(&s.coll)))
		fprintf(stderr, "btftrace: stats: BPF run times unavailable: %s%s\n",
			strerror(-err),
			err == -EPERM ? " (the kernel counts them for CAP_SYS_ADMIN only)" : "");
	if (o->npids || o->trace_all)
		event_reader__set_attached(s.reader);
	/* before attaching: the fewer calls run between its steps, the fewer go unseen */
	raise_reader_priority();
	startup_times__stage("register the command", t);
	t = startup_times__now();
	err = collector__attach(&s.coll);
	if (err) {
		fail("cannot attach to the raw_syscalls tracepoints (%s): check that the kernel "
		     "has CONFIG_FTRACE_SYSCALLS",
		     strerror(-err));
		goto out;
	}
	/* before the command runs: its first calls' kernel stacks are skipped as they should */
	if (s.stacks && o->stack.kernel && stacks_probe_kernel(s.stacks, &s.coll, o->debug))
		goto out;
	if (attach_tracepoints(&s) || attach_uring(&s) || attach_kfuncs(&s))
		goto out;
	startup_times__stage("attach", t);
	t = startup_times__now();
	expect_calls_in_progress(&s);
	for (int i = 0; s.dec->fds && i < o->npids; i++)
		fd_table__seed(s.dec->fds, o->pids[i], o->pids[i]);
	if (s.child > 0) {
		/* the command runs from here on; its exec is the first call traced */
		if (write(s.go_pipe[1], "g", 1) != 1) {
			fail("cannot start '%s': %s", o->command[0], strerror(errno));
			goto out;
		}
		close(s.go_pipe[1]);
		s.go_pipe[1] = -1;
		startup_times__stage("command let go", t);
		startup_times__print(stderr);
		if (s.injector && start_injection(&s))
			goto out;
	}
	/* -p, -a: the programs are attached */
	startup_times__print(stderr);
	err = trace_loop(&s);
	/* tracing is over: what still runs with the filter is answered by a process of its own */
	injector__stop(s.injector);
	sink__finish(&s.sink);
	sink__flush(&s.sink);
	if (o->summary != SUMMARY_NONE && !sink__write_error(&s.sink))
		print_summary(&s);
	write_err = sink__write_error(&s.sink);
	if (write_err && write_err != EPIPE)
		fail("cannot write the trace to %s (%s): %s",
		     s.sink.split && s.sink.separate.failed_name ? s.sink.separate.failed_name
		     : o->output				 ? o->output
								 : "standard error",
		     strerror(write_err),
		     write_err == ENOSPC || write_err == EDQUOT
			     ? "free some space, or write it elsewhere with -o"
			     : "write it elsewhere with -o");
	report_end(&s);
	if (write_err)
		stop_after_write_error(&s);
	status = 0;
	if (s.child > 0)
		status = exit_status_of_child(s.child_status);
	if (write_err && write_err != EPIPE)
		status = 1;
out:
	/* a child that never got the go-ahead sees EOF and exits 127 */
	if (s.go_pipe[1] >= 0)
		close(s.go_pipe[1]);
	if (s.go_pipe[0] >= 0)
		close(s.go_pipe[0]);
	/* before the wait: the child's calls may wait for an answer */
	injector__free(s.injector);
	/* a child paused, or never let go, would keep the wait from ending */
	cmd_pause__release(&s.pause);
	if (s.child > 0 && !s.child_done)
		waitpid(s.child, NULL, 0);
	cmd_pause__close(&s.pause);
	collector__destroy(&s.coll);
	event_reader__free(s.reader);
	if (s.sink_ready)
		sink__free(&s.sink);
	if (s.out && s.out != stderr)
		fclose(s.out);
	for (int i = 0; i < s.npidfds; i++)
		close(s.pidfds[i]);
	if (s.sigfd >= 0)
		close(s.sigfd);
	if (s.dec)
		s.dec->stacks = NULL;
	stack_unwinder__free(s.stacks);
	free_tables(&s);
	container_table__free(s.containers);
	free(s.path_files);
	recorder_free(&s);
	free_kfuncs(&s);
	return status;
}

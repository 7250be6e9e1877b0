/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of a session share: the session itself and the stages of one run, each in
 * a file of its own (setup.c, process.c, loop.c, report.c), which session.c runs in order.
 */
#ifndef BTFTRACE_SESSION_INTERNAL_H
#define BTFTRACE_SESSION_INTERNAL_H

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include "beauty/kfuncs.h"
#include "catalog/tracepoints.h"
#include "collector/collector.h"
#include "events/events.h"
#include "inject/injector.h"
#include "session/pause.h"
#include "session/session.h"
#include "session/stacks.h"
#include "types/types.h"

/* Everything a session holds, torn down in one place. */
/* --flight-recorder: triggers waiting for their dump; more fold into the last one */
#define TRIGGERS_PENDING_MAX 16

struct session {
	const struct session_opts *opts;
	struct catalog *cat;
	struct types types;
	struct beauty *beauty;
	struct decoder *dec;
	struct filter_compiled *filter;	 /* NULL without a filter */
	struct filter_compiled *trigger; /* --trigger; NULL without one */
	struct tp_set tracepoints;	 /* -e SUBSYS:EVENT: those selected */
	struct kfunc_set kfuncs;	 /* --kfunc: those selected */
	struct btf *kfunc_btf;		 /* --kfunc: the running kernel's BTF they were found in */
	struct inject_plan *inject_plan; /* -e inject=; NULL without */
	struct injector *injector;	 /* NULL unless a call is to be injected */
	struct collector coll;
	struct event_reader *reader;
	struct stack_unwinder *stacks; /* -k, --kernel-stack; NULL without */
	struct sink sink;
	bool sink_ready;
	/* --container, -a: the containers and which thread is in which; NULL otherwise */
	struct container_table *containers;
	int watch_fd; /* --container new: the cgroup hierarchy's inotify fd, or -1 */
	FILE *out;
	int sigfd;
	int pidfds[SESSION_MAX_PIDS];
	int npidfds;
	pid_t child;
	int go_pipe[2];
	int child_status;
	bool child_done;
	struct cmd_pause pause;	   /* --no-loss: the command's cgroup, frozen while behind */
	unsigned long calls_shown; /* for --max-events */

	/*
	 * --flight-recorder: the events (signals, exits, execs) since the last dump, copies of
	 * their records, to write out among the kept calls; and whether a trigger fired
	 */
	void **held;
	size_t nheld;
	bool dump_pending;
	/* when each trigger not yet written out fired: a dump each, up to that time */
	__u64 triggers[TRIGGERS_PENDING_MAX];
	int ntriggers;
	bool usr1_blocked; /* SIGUSR1 was blocked when btftrace started: the command's is too */

	unsigned long long bad_records;
	unsigned long batch, batch_limit; /* records taken in this read, and its bound */
	__u64 read_until; /* CLOCK_MONOTONIC_COARSE ns at which the read ends; 0: none */
	sigset_t orig_sigmask;
	void (*orig_sigpipe)(int);
	struct trace_files *path_files; /* -P: the files the paths name; NULL without -P */
	/* -e io_uring=: the tracepoints found, where their fields are, each opcode's shape */
	struct session_uring {
		char submit[TP_NAME_MAX], complete[TP_NAME_MAX];
		struct bt_uring_layout layout;
		struct bt_uring_op ops[BT_URING_OPS];
	} * uring; /* NULL without -e io_uring= */
};

/*
 * The BPF object loads (mostly the verifier's work) on a thread of its own
 * while the main thread reads tracefs and BTF: on two CPUs the start-up
 * costs the longer of the two, not their sum.
 */
struct collector_loader {
	pthread_t thread;
	struct collector *coll;
	const struct collector_opts *opts;
	int err;
	struct timespec start, end;
};

/* session.c */
void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* setup.c */
const char *missing_bpf_capabilities(void);
double ms_between(const struct timespec *a, const struct timespec *b);
int start_collector_loader(struct collector_loader *l);
int load_tables(struct session *s);
int open_stacks(struct session *s, struct collector_opts *co);
void start_stacks(struct session *s);
void free_tables(struct session *s);
void set_fd_offsets(struct session *s);

/* process.c */
int find_command(const char *cmd, char *path, size_t size);
int spawn_child(struct session *s, const char *path);
int prepare_injection(struct session *s);
int start_injection(struct session *s);
int open_pidfds(struct session *s);
int block_signals(struct session *s);
void reap_child(struct session *s);
bool handle_signals(struct session *s, int *stop_signal);
bool containers_all_gone(struct session *s);
void select_new_container(void *ctx, const struct container *c);
bool attached_all_gone(struct session *s);
bool followed_alive(struct session *s);
int find_containers(struct session *s);
int select_containers(struct session *s);
int exit_status_of_child(int status);

/* loop.c */
void note_cwds(struct session *s);
void expect_calls_in_progress(struct session *s);
int on_record(void *ctx, void *data, size_t size);
void on_call(void *ctx, const struct call *call);
void raise_reader_priority(void);
int trace_loop(struct session *s);
/* Reads at most limit records: the ring buffer may be filled as fast as it is read. */
void read_records(struct session *s, unsigned long limit);
bool read_records_now(struct session *s, int *stop_signal);

/* recorder.c: --flight-recorder */
/* A record from the ring buffer: an event held for the next dump, or a trigger. */
void recorder_record(struct session *s, const void *data, size_t size);
/* SIGUSR1: a dump of the calls kept up to now. */
void recorder_on_sigusr1(struct session *s);
/* Writes the calls kept up to the first trigger pending, and the events among them. */
void recorder_dump(struct session *s);
void recorder_free(struct session *s);

/* report.c */
/* io_uring.c: -e io_uring= */
int select_uring(struct session *s, const char *tracefs);
int set_uring(struct session *s);
int attach_uring(struct session *s);

/* kfuncs.c: --kfunc */
int select_kfuncs(struct session *s, struct collector_opts *co);
int set_kfuncs(struct session *s);
int attach_kfuncs(struct session *s);
void free_kfuncs(struct session *s);

/* tracepoints.c: -e SUBSYS:EVENT */
int select_tracepoints(struct session *s, const char *tracefs, char *const *globs, int n);
void resolve_tracepoint_types(struct session *s);
int compile_fetches(struct session *s);
int set_tracepoints(struct session *s);
int attach_tracepoints(struct session *s);

int open_output(struct session *s);
void print_summary(struct session *s);
void report_end(struct session *s);
void stop_after_write_error(struct session *s);

#endif /* BTFTRACE_SESSION_INTERNAL_H */

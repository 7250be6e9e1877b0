/* SPDX-License-Identifier: GPL-2.0 */
/* A tracing session: wires the pipeline stages together for one run of btftrace. */
#ifndef BTFTRACE_SESSION_H
#define BTFTRACE_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include "decode/decode.h"
#include "decode/io_uring.h"
#include "filter/expr.h"
#include "filter/syscall_set.h"
#include "session/command.h"
#include "inject/inject.h"
#include "sinks/sinks.h"
#include "sinks/summary.h"
#include "stack/stack.h"

/* btftrace's exit status for bad input: an option, a command, a missing privilege */
#define EXIT_USAGE 2

#define SESSION_MAX_PIDS 64
#define SESSION_MAX_PATHS 64

struct session_opts {
	char **command; /* argv of the command to run, NULL-terminated; NULL when attaching */
	pid_t pids[SESSION_MAX_PIDS];
	int npids;
	bool trace_all;
	bool follow_forks;     /* -f */
	bool detach_on_execve; /* -b execve */
	enum {
		SUMMARY_NONE = 0,
		SUMMARY_ONLY, /* -c: the table, no calls */
		SUMMARY_WITH, /* -C: the calls, then the table */
	} summary;
	struct summary_opts summary_opts;
	const char *output;	 /* -o; NULL: stderr */
	enum sink_format format; /* --format */
	const char *btf_path;
	bool no_btf;
	struct decode_opts decode;
	struct text_sink_opts text;
	unsigned int string_cap;
	unsigned int buffer_cap;
	size_t ringbuf_bytes;
	bool stats;
	bool lossless; /* --lossless: mark in the trace where records were lost */
	bool no_loss;  /* --no-loss: pause the command while the reader is behind */
	bool debug;
	const struct syscall_filter *syscalls; /* -e; NULL: every syscall */
	/*
	 * -e raw=, -e abbrev=, -e verbose=: the last of each given, or NULL
	 * (strace's defaults: raw=none, abbrev=all (none with -v), verbose=all)
	 */
	const struct syscall_filter *raw_calls, *abbrev_calls, *verbose_calls;
	unsigned long max_events; /* --max-events; 0: no limit */
	__u64 signals_shown; /* -e signal=SET: bit sig-1 for each signal shown; all by default */
	const struct filter_spec *filter; /* --filter, -Z, -z, --duration, --comm...; NULL: none */
	struct command_opts cmd;	  /* -u, -E, --argv0: how the command runs */
	bool output_append;		  /* -A: -o's file appended to */
	bool output_separately;		  /* -ff with -o FILE: each thread's lines in FILE.TID */
	unsigned int status_shown;	  /* -e status=SET: STATUS_* of the calls shown */
	struct stack_opts stack;	  /* -k, -kk, --stack-trace*, --kernel-stack */
	/* --container: the names or IDs given, and "new" for those started while tracing */
	const char *containers[CONTAINER_MAX_ARGS];
	int ncontainers;
	bool containers_new;
	/* -e inject=, -e fault=; NULL: none. Only for a command btftrace starts. */
	const struct inject_spec *inject;
	/* -P: the paths whose calls alone are shown */
	const char *trace_paths[SESSION_MAX_PATHS];
	int ntrace_paths;
	const struct desc_set *trace_fds; /* --trace-fds=SET; NULL when not given */
	bool quiet_path_resolution;	  /* --quiet=path-resolution: no "Requested path" line */
	/* -e SUBSYS:EVENT[(fields)]: the tracepoints to show beside the calls */
	const char **events;
	int nevents;
	/* --kfunc FUNC[,FUNC...]: the kernel functions (globs) to show under the calls */
	const char **kfuncs;
	int nkfuncs;
	/* -e io_uring=SET, --io-uring[=SET]: the io_uring operations shown as calls; none: off */
	struct uring_set io_uring;
	/*
	 * --flight-recorder N: each thread's last N calls kept in the kernel, written out when
	 * a trigger fires; 0: off
	 */
	unsigned int recorder;
	const struct filter_spec *trigger; /* --trigger EXPR; NULL: none */
};

void session_opts_default(struct session_opts *o);

/* Traces as the options say. Returns btftrace's exit status. */
int session_run(const struct session_opts *o);

/* `btftrace syscalls`: prints the catalog with its generated rules. Returns the exit status. */
int session_list_syscalls(const struct session_opts *o, char **names, int n, bool json);
/* `btftrace syscalls --names`: the syscall names, one a line, of -e's set if given. */
int session_list_syscall_names(const struct session_opts *o);
/* `btftrace events [GLOB...]`: the tracepoints -e SUBSYS:EVENT can add, with their fields. */
int session_list_events(const struct session_opts *o, char **globs, int n, bool json);
/* `btftrace kfuncs [GLOB...]`: the kernel functions --kfunc can trace, with their prototypes. */
int session_list_kfuncs(const struct session_opts *o, char **globs, int n);

#endif /* BTFTRACE_SESSION_H */

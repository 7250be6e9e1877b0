/* SPDX-License-Identifier: GPL-2.0 */
/* Output sinks: where formatted calls go. A sink never looks at BPF or BTF. */
#ifndef BTFTRACE_SINKS_H
#define BTFTRACE_SINKS_H

#include <stdbool.h>
#include <stdio.h>
#include "base/outbuf.h"
#include "base/writer.h"
#include "decode/decode.h"
#include "events/events.h"
#include "events/tid_set.h"
#include "sinks/summary.h"

enum sink_format {
	SINK_TEXT = 0, /* strace-style lines */
	SINK_JSON,     /* JSON lines, docs/json.md */
	SINK_PERFETTO, /* one Chrome trace-event JSON document, for ui.perfetto.dev */
};

enum color_mode {
	COLOR_AUTO =
		0, /* when the trace goes to a terminal, NO_COLOR is unset and TERM is not dumb */
	COLOR_NEVER,
	COLOR_ALWAYS,
};

enum ts_style {
	TS_NONE = 0,
	TS_TIME,  /* -t: 13:04:05 (-tt: 13:04:05.123456) */
	TS_EPOCH, /* -ttt: 1700000000.123456 */
};

/* The text sink's options; every sink takes the quiet_* and thread_exits ones. */
struct text_sink_opts {
	enum ts_style ts;
	/* the digits after the second of -t's time, -r's and -T's: 0, 3, 6 or 9 */
	unsigned char ts_digits, relative_digits, duration_digits;
	bool relative;	    /* -r: time since the previous line (after -t's time: "(+ ...)") */
	bool show_duration; /* -T: <0.000123> */
	bool show_nr;	    /* -n: [  39] */
	bool show_ip;	    /* -i: [00007f0123456789] */
	bool no_pid;	    /* never prefix [pid N] */
	/*
	 * Every line starts with its thread id, "1234  " (strace's with -o and
	 * -f, or several processes); else "[pid  1234] " while more than one
	 * thread is traced.
	 */
	bool pid_column;
	bool thread_exits;	  /* -f: "+++ exited" for each thread, not only the last */
	bool quiet_signals;	  /* no "--- SIGxxx" lines */
	bool quiet_exits;	  /* no "+++ exited" lines */
	bool quiet_thread_execve; /* no "+++ superseded by execve" lines */
	bool quiet_personality;	  /* no "[ Process PID=N runs in 32 bit mode. ]" lines */
	/* --container, -a: [name] before the lines of a container (several, or the host too) */
	bool container_prefix;
	enum color_mode color;
};

/* -n, -i: each thread's last call, for the lines that are not calls (a signal's, an exit's). */
struct last_call {
	__u32 tid; /* 0: an empty slot */
	int nr;
	__u64 ip;
	bool has_ip;
};

struct text_sink {
	FILE *out;
	struct outbuf line;
	struct text_writer tw; /* writes into line */
	const struct decoder *dec;
	struct text_sink_opts opts;
	long long realtime_offset_ns; /* CLOCK_REALTIME - CLOCK_MONOTONIC at start */
	__u64 last_ts;
	struct tid_set threads; /* the threads traced, from their first record to their end */
	/* a call shown while it waits: the start of its line, written without an end */
	struct outbuf partial;
	__u32 partial_tid;
	size_t partial_cols; /* the columns it takes, its prefix's included */
	bool have_partial;
	/* processes whose last call was an i386 one: a change of ABI gets strace's line */
	__u32 *i386_pids;
	size_t n_i386_pids, i386_pids_cap;
	bool color;	 /* ANSI colours in the lines */
	int write_error; /* errno of the first failed write, 0 if none */
	unsigned long long lines;
	struct last_call *last_calls; /* -n, -i: open addressing by tid, a power of two */
	size_t last_calls_cap, last_calls_used;
};

void text_sink__init(struct text_sink *s, FILE *out, const struct decoder *dec,
		     const struct text_sink_opts *opts);
void text_sink__free(struct text_sink *s);
/* A call_fn for the event reader. */
void text_sink__on_call(void *ctx, const struct call *call);
/* Writes a free-form line ("+++ exited with 0 +++") with the same prefixes as calls. */
void text_sink__note(struct text_sink *s, __u32 tid, __u64 ts, const char *text);
int text_sink__flush(struct text_sink *s);

/* Whether an output that goes to out gets colours, as mode says. */
bool color_wanted(enum color_mode mode, FILE *out);

/* JSON lines: a header object, then one object per call, signal and exit. */
struct json_sink {
	FILE *out;
	struct outbuf line;
	struct json_writer jw; /* writes into line */
	const struct decoder *dec;
	struct text_sink_opts opts;
	long long realtime_offset_ns;
	int write_error;
	unsigned long long lines;
};

int json_sink__init(struct json_sink *s, FILE *out, const struct decoder *dec,
		    const struct text_sink_opts *opts);
void json_sink__free(struct json_sink *s);
void json_sink__on_call(void *ctx, const struct call *call);
/* -c/-C: the summary as JSON objects, after the calls. */
void json_sink__summary(struct json_sink *s, struct summary *sum);
int json_sink__flush(struct json_sink *s);

/* Chrome trace-event JSON: one document, its array closed by perfetto_sink__finish. */
struct perfetto_sink {
	FILE *out;
	struct outbuf line;
	struct json_writer jw; /* the arguments by name, into line */
	struct outbuf text;    /* the strace text of a call, for its event's args */
	struct text_writer tw; /* writes into text */
	const struct decoder *dec;
	struct text_sink_opts opts;
	struct perfetto_name *names; /* per thread: the names the metadata events gave */
	size_t names_cap, names_used;
	bool finished; /* the document is closed */
	int write_error;
	unsigned long long lines;
};

int perfetto_sink__init(struct perfetto_sink *s, FILE *out, const struct decoder *dec,
			const struct text_sink_opts *opts);
void perfetto_sink__free(struct perfetto_sink *s);
void perfetto_sink__on_call(void *ctx, const struct call *call);
/* Closes the trace-event array and the document; nothing is written after it. */
void perfetto_sink__finish(struct perfetto_sink *s);
int perfetto_sink__flush(struct perfetto_sink *s);

/* -ff -o FILE: text lines, each thread's in FILE.TID (split.c). */
struct split_file;
struct split_sink {
	const char *prefix; /* -o's FILE */
	bool append;	    /* -A */
	const struct decoder *dec;
	struct text_sink_opts opts;
	struct split_file **files; /* the open files, sorted by thread id */
	size_t nfiles, cap;
	int write_error;	  /* errno of the first failure, 0 if none */
	char *failed_name;	  /* the file that could not be opened, or NULL */
	unsigned long long lines; /* of the files closed */
};

void split_sink__init(struct split_sink *s, const char *prefix, bool append,
		      const struct decoder *dec, const struct text_sink_opts *opts);
void split_sink__free(struct split_sink *s);
void split_sink__on_call(struct split_sink *s, const struct call *call);
int split_sink__flush(struct split_sink *s);
unsigned long long split_sink__lines(const struct split_sink *s);

/* The sink a session writes to, in the format it was asked for. */
struct sink {
	enum sink_format format;
	bool split; /* -ff: the text goes to split, one file per thread */
	union {
		struct text_sink text;
		struct json_sink json;
		struct perfetto_sink perfetto;
		struct split_sink separate;
	};
};

int sink__init(struct sink *s, enum sink_format format, FILE *out, const struct decoder *dec,
	       const struct text_sink_opts *opts);
/* -ff -o FILE: the text of each thread in FILE.TID (FILE.TID appended to with -A). */
void sink__init_split(struct sink *s, const char *prefix, bool append, const struct decoder *dec,
		      const struct text_sink_opts *opts);
void sink__free(struct sink *s);
/* A call_fn for the event reader. */
void sink__on_call(void *ctx, const struct call *call);
/*
 * -c/-C: writes the summary in the sink's format, after the calls: the table
 * for text, summary objects for JSON. Perfetto has none (main refuses it).
 */
void sink__summary(struct sink *s, struct summary *sum);
/* Tracing ended: completes the output (the perfetto document's closing brackets). */
void sink__finish(struct sink *s);
/* Returns 0, or the negative errno of the first write that failed. */
int sink__flush(struct sink *s);
int sink__write_error(const struct sink *s);

/* Whether a sink shows an event (a signal, an exit...) under the quiet options. */
bool sink_event_shown(const struct text_sink_opts *opts, const struct call_view *v);
/*
 * The text of an event, as the text sink's line has it after its prefix: "--- SIGCHLD {...}
 * ---", "+++ exited with 0 +++", "+++ superseded by execve in pid 8713 +++", "<... ring
 * buffer full: 3 calls lost ...>".
 */
void sink_event_text(struct text_writer *tw, const struct decoder *dec, const struct call_view *v);
/*
 * The members of an event's JSON object after its head, each after a comma:
 * ,"signal":"SIGCHLD","signo":17,"siginfo":{...} or ,"status":0,"killed_by":null,...
 */
void sink_event_json(struct json_writer *jw, const struct decoder *dec, const struct call_view *v);

/*
 * -k, --kernel-stack: appends a call's stacks (v->has_stack, or v->stack_lost) as strace's
 * lines, " > /usr/lib/x86_64-linux-gnu/libc.so.6(__open64+0x51) [0xf8011]", kernel frames
 * first; or as the JSON members "stack", "stack_mode", "kernel_stack" (docs/json.md).
 */
void sink_stack_text(struct outbuf *ob, const struct call_view *v);
void sink_stack_json(struct outbuf *ob, const struct call_view *v);

/*
 * Writes the formatted bytes of ob to out and empties ob: the one write path
 * of every sink. The first failure's errno stays in *write_error and later
 * writes are skipped; *lines counts what was written or dropped.
 */
void sink_write_buffer(FILE *out, struct outbuf *ob, int *write_error, unsigned long long *lines);
unsigned long long sink__lines(const struct sink *s);

/*
 * --container, -a: a container as JSON, {"id":...,"name":...,"runtime":...,"cgroup":...}
 * with its cgroup's whole path (root is the cgroup v2 mount), or null for the host.
 */
void sink_container_json(struct outbuf *ob, const char *root, const struct container *c);

#endif /* BTFTRACE_SINKS_H */

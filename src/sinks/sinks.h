/* SPDX-License-Identifier: GPL-2.0 */
/* Output sinks: where formatted calls go. A sink never looks at BPF or BTF. */
#ifndef BTFTRACE_SINKS_H
#define BTFTRACE_SINKS_H

#include <stdbool.h>
#include <stdio.h>
#include "decode/decode.h"
#include "decode/outbuf.h"
#include "events/events.h"

enum ts_style {
	TS_NONE = 0,
	TS_TIME,     /* -t: 13:04:05 */
	TS_TIME_US,  /* -tt: 13:04:05.123456 */
	TS_EPOCH_US, /* -ttt: 1700000000.123456 */
};

struct text_sink_opts {
	enum ts_style ts;
	bool relative;	    /* -r: time since the previous line */
	bool show_duration; /* -T: <0.000123> */
	bool no_pid;	    /* never prefix [pid N] */
	bool thread_exits;  /* -f: "+++ exited" for each thread, not only the last */
	bool quiet_signals; /* no "--- SIGxxx" lines */
	bool quiet_exits;   /* no "+++ exited" lines */
};

struct text_sink {
	FILE *out;
	struct outbuf line;
	const struct decoder *dec;
	struct text_sink_opts opts;
	long long realtime_offset_ns; /* CLOCK_REALTIME - CLOCK_MONOTONIC at start */
	__u64 last_ts;
	__u32 first_tid;
	bool many_tids;	 /* more than one thread seen: lines get [pid N] */
	int write_error; /* errno of the first failed write, 0 if none */
	unsigned long long lines;
};

void text_sink__init(struct text_sink *s, FILE *out, const struct decoder *dec,
		     const struct text_sink_opts *opts);
void text_sink__free(struct text_sink *s);
/* A call_fn for the event reader. */
void text_sink__on_call(void *ctx, const struct call *call);
/* Writes a free-form line ("+++ exited with 0 +++") with the same prefixes as calls. */
void text_sink__note(struct text_sink *s, __u32 tid, __u64 ts, const char *text);
int text_sink__flush(struct text_sink *s);

#endif /* BTFTRACE_SINKS_H */

/* SPDX-License-Identifier: GPL-2.0 */
/* -c: the per-syscall table (and histograms, errno counts) from the kernel's summary maps. */
#ifndef BTFTRACE_SINKS_SUMMARY_H
#define BTFTRACE_SINKS_SUMMARY_H

#include <stdbool.h>
#include <stdio.h>
#include "bpf/record.h"

/*
 * Adds one set of aggregates to another: a syscall's per-CPU values into
 * one, or the rows of a table into its total. min_ns is of timed calls only.
 */
static inline void bt_summary_add(struct bt_summary *to, const struct bt_summary *from)
{
	/* before the counts: a minimum is one of timed calls, and 0 may be one (-O) */
	if (from->timed && (!to->timed || from->min_ns < to->min_ns))
		to->min_ns = from->min_ns;
	to->calls += from->calls;
	to->errors += from->errors;
	to->timed += from->timed;
	to->total_ns += from->total_ns;
	if (from->max_ns > to->max_ns)
		to->max_ns = from->max_ns;
	for (int s = 0; s < BT_HIST_SLOTS; s++)
		to->hist[s] += from->hist[s];
}
#include "decode/decode.h"
#include "base/outbuf.h"

enum summary_sort {
	SUMMARY_SORT_TIME = 0, /* total time in the calls, the default */
	SUMMARY_SORT_CALLS,
	SUMMARY_SORT_ERRORS,
	SUMMARY_SORT_NAME,
	SUMMARY_SORT_AVG,
};

/* -U: the table's columns, strace 6.1's names and forms. */
enum summary_column {
	SUMMARY_COL_TIME_PERCENT, /* "% time" */
	SUMMARY_COL_TOTAL_TIME,	  /* "seconds" */
	SUMMARY_COL_AVG_TIME,	  /* "usecs/call" */
	SUMMARY_COL_MIN_TIME,	  /* "shortest", seconds */
	SUMMARY_COL_MAX_TIME,	  /* "longest", seconds */
	SUMMARY_COL_CALLS,
	SUMMARY_COL_ERRORS,
	SUMMARY_COL_NAME, /* "syscall" */
};

#define SUMMARY_MAX_COLUMNS 16

struct summary_opts {
	enum summary_sort sort;
	/* -U: the columns in order; none: strace's default (time, seconds, avg, calls, errors) */
	unsigned char columns[SUMMARY_MAX_COLUMNS];
	int ncolumns;
	int by;		      /* enum bt_summary_by */
	bool hist;	      /* --hist: a log2 latency histogram per syscall */
	bool errno_summary;   /* --errno-summary: failures by errno per syscall */
	__u64 overhead_ns;    /* -O: taken off each call's time in the kernel; said in JSON */
	unsigned int slowest; /* --slowest N: each syscall's N slowest calls, decoded; 0: none */
};

struct summary_row {
	struct bt_summary_key key;
	struct bt_summary sum;
	const char *name;
	char namebuf[32];
};

struct summary_errno_row {
	struct bt_errno_key key;
	__u64 count;
};

/* --slowest: a call the kernel kept, its records copied out of the map. */
struct summary_slow {
	__u64 ns;
	struct bt_enter_rec *enter;
	struct bt_exit_rec *exit;
};

struct summary {
	const struct decoder *dec;
	struct summary_opts opts;
	/*
	 * --summary-by=container: the kernel's groups are cgroups; each is added to its
	 * container's group (1 + its index in the table), the host's to group 0.
	 */
	struct container_table *containers;
	struct summary_row *rows;
	size_t nrows, cap;
	struct summary_errno_row *errs;
	size_t nerrs, errs_cap;
	struct summary_slow *slow;
	size_t nslow, slow_cap;
};

/*
 * -U COLUMNS as strace 6.1 takes them: a comma list of time-percent (time),
 * total-time (time-total), avg-time (time-avg), min-time (shortest,
 * time-min), max-time (longest, time-max), calls (count), errors (error) and
 * name (syscall, syscall-name), each once; name is added last when not
 * given. 0; -EINVAL with the word that is none of them in bad, or -EEXIST
 * with the column given twice.
 */
int summary_columns_parse(const char *text, struct summary_opts *o, char *bad, size_t size);

void summary__init(struct summary *s, const struct decoder *dec, const struct summary_opts *o);
void summary__free(struct summary *s);
/* Collect one map entry (a summary_fn / errno_count_fn for the collector). */
void summary__add(void *ctx, const struct bt_summary_key *key, const struct bt_summary *sum);
void summary__add_errno(void *ctx, const struct bt_errno_key *key, __u64 count);
/*
 * --slowest: one call the kernel kept (a kept_call_fn for the collector); its records are
 * copied, and left out when they are not whole.
 */
void summary__add_slow(void *ctx, const struct bt_kept_key *key, const struct bt_kept_call *kc);
/* Prints the table(s), as strace -c does, with -U's columns. */
void summary__print(struct summary *s, FILE *out);
/*
 * --format=json: one {"event":"summary",...} object per group (docs/json.md),
 * each built in ob and handed to put_line, which writes and empties it.
 */
void summary__json(struct summary *s, struct outbuf *ob,
		   void (*put_line)(void *ctx, struct outbuf *ob), void *ctx);

/* "time", "calls", ... into *sort: 0, or -EINVAL. */
int summary_sort_parse(const char *text, enum summary_sort *sort);

#endif /* BTFTRACE_SINKS_SUMMARY_H */

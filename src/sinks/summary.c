// SPDX-License-Identifier: GPL-2.0
/*
 * -c: prints what the kernel aggregated. Counts, errors, time sums, min/max
 * and histograms were kept in per-CPU BPF maps; this only sorts and lays out.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "decode/xlat.h"
#include "sinks/summary.h"

#define HIST_BAR_WIDTH 50

void summary__init(struct summary *s, const struct decoder *dec, const struct summary_opts *o)
{
	memset(s, 0, sizeof(*s));
	s->dec = dec;
	s->opts = *o;
}

void summary__free(struct summary *s)
{
	free(s->rows);
	free(s->errs);
	memset(s, 0, sizeof(*s));
}

int summary_sort_parse(const char *text, enum summary_sort *sort)
{
	static const struct {
		const char *name;
		enum summary_sort sort;
	} names[] = {
		{"time", SUMMARY_SORT_TIME},	 {"calls", SUMMARY_SORT_CALLS},
		{"errors", SUMMARY_SORT_ERRORS}, {"name", SUMMARY_SORT_NAME},
		{"avg", SUMMARY_SORT_AVG},
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcmp(text, names[i].name)) {
			*sort = names[i].sort;
			return 0;
		}
	}
	return -EINVAL;
}

void summary__add(void *ctx, const struct bt_summary_key *key, const struct bt_summary *sum)
{
	struct summary *s = ctx;
	struct summary_row *row;

	if (s->nrows == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		struct summary_row *p = realloc(s->rows, cap * sizeof(*p));

		if (!p)
			return;
		s->rows = p;
		s->cap = cap;
	}
	row = &s->rows[s->nrows++];
	row->key = *key;
	row->sum = *sum;
	row->name = decode_syscall_name(s->dec, key->nr, row->namebuf, sizeof(row->namebuf));
}

void summary__add_errno(void *ctx, const struct bt_errno_key *key, __u64 count)
{
	struct summary *s = ctx;

	if (s->nerrs == s->errs_cap) {
		size_t cap = s->errs_cap ? s->errs_cap * 2 : 32;
		struct summary_errno_row *p = realloc(s->errs, cap * sizeof(*p));

		if (!p)
			return;
		s->errs = p;
		s->errs_cap = cap;
	}
	s->errs[s->nerrs].key = *key;
	s->errs[s->nerrs].count = count;
	s->nerrs++;
}

static __u64 avg_ns(const struct bt_summary *sum)
{
	return sum->timed ? sum->total_ns / sum->timed : 0;
}

/* qsort has no context argument: the sort key of the one summary being printed. */
static enum summary_sort sort_key;

static int cmp_u64_desc(__u64 a, __u64 b)
{
	return a < b ? 1 : a > b ? -1 : 0;
}

static int cmp_rows(const void *pa, const void *pb)
{
	const struct summary_row *a = pa, *b = pb;
	int c = 0;

	/* groups (processes, threads) together, in id order */
	if (a->key.id != b->key.id)
		return a->key.id < b->key.id ? -1 : 1;
	switch (sort_key) {
	case SUMMARY_SORT_TIME:
		c = cmp_u64_desc(a->sum.total_ns, b->sum.total_ns);
		break;
	case SUMMARY_SORT_CALLS:
		c = cmp_u64_desc(a->sum.calls, b->sum.calls);
		break;
	case SUMMARY_SORT_ERRORS:
		c = cmp_u64_desc(a->sum.errors, b->sum.errors);
		break;
	case SUMMARY_SORT_AVG:
		c = cmp_u64_desc(avg_ns(&a->sum), avg_ns(&b->sum));
		break;
	case SUMMARY_SORT_NAME:
		break;
	}
	/* ties, and -S name, by name: the same input always prints the same table */
	return c ? c : strcmp(a->name, b->name);
}

static const char rule[] =
	"------ ----------- ----------- ---------- ---------- --------- --------- ----------------\n";

static void print_row(FILE *out, double pct, __u64 total_ns, __u64 avg, __u64 min, __u64 max,
		      __u64 calls, __u64 errors, const char *name)
{
	fprintf(out, "%6.2f %11.6f %11llu %10llu %10llu %9llu ", pct, total_ns / 1e9,
		(unsigned long long)(avg / 1000), (unsigned long long)(min / 1000),
		(unsigned long long)(max / 1000), (unsigned long long)calls);
	if (errors)
		fprintf(out, "%9llu ", (unsigned long long)errors);
	else
		fprintf(out, "%9s ", "");
	fprintf(out, "%s\n", name);
}

/* One table for the rows [first, end) of one group. */
static void print_table(FILE *out, const struct summary_row *rows, size_t n)
{
	__u64 total_ns = 0, calls = 0, errors = 0, timed = 0, min = 0, max = 0;

	for (size_t i = 0; i < n; i++) {
		const struct bt_summary *sum = &rows[i].sum;

		total_ns += sum->total_ns;
		calls += sum->calls;
		errors += sum->errors;
		timed += sum->timed;
		if (sum->timed && (!min || sum->min_ns < min))
			min = sum->min_ns;
		if (sum->max_ns > max)
			max = sum->max_ns;
	}
	fputs("% time     seconds  usecs/call  min usecs  max usecs     calls    errors syscall\n",
	      out);
	fputs(rule, out);
	for (size_t i = 0; i < n; i++) {
		const struct bt_summary *sum = &rows[i].sum;
		double pct = total_ns ? 100.0 * sum->total_ns / total_ns : 0;

		print_row(out, pct, sum->total_ns, avg_ns(sum), sum->min_ns, sum->max_ns,
			  sum->calls, sum->errors, rows[i].name);
	}
	fputs(rule, out);
	print_row(out, total_ns ? 100.0 : 0, total_ns, timed ? total_ns / timed : 0, min, max,
		  calls, errors, "total");
}

/* A bound of a log2 slot in ns, with bpftrace's binary suffixes: 512, 1K, 32M (2^25 ns). */
static void fmt_bound(char *buf, size_t size, unsigned int slot)
{
	static const char suffix[] = " KMGT";
	unsigned int u = 0;

	if (slot == 0) {
		snprintf(buf, size, "0");
		return;
	}
	while (slot >= 10 && u < 4) {
		slot -= 10;
		u++;
	}
	if (u)
		snprintf(buf, size, "%llu%c", 1ULL << slot, suffix[u]);
	else
		snprintf(buf, size, "%llu", 1ULL << slot);
}

static void print_hist(FILE *out, const struct summary_row *row)
{
	const struct bt_summary *sum = &row->sum;
	int first = -1, last = -1;
	__u64 top = 0;

	for (int i = 0; i < BT_HIST_SLOTS; i++) {
		if (!sum->hist[i])
			continue;
		if (first < 0)
			first = i;
		last = i;
		if (sum->hist[i] > top)
			top = sum->hist[i];
	}
	if (first < 0)
		return;
	fprintf(out, "\n%s: time in the call (ns), %llu calls\n", row->name,
		(unsigned long long)sum->timed);
	for (int i = first; i <= last; i++) {
		char lo[24], hi[24], range[56];
		int bar = (int)((sum->hist[i] * HIST_BAR_WIDTH + top - 1) / top);

		fmt_bound(lo, sizeof(lo), i);
		fmt_bound(hi, sizeof(hi), i + 1);
		snprintf(range, sizeof(range), "[%s, %s)", lo, hi);
		fprintf(out, "%-18s %10llu |", range, (unsigned long long)sum->hist[i]);
		for (int b = 0; b < HIST_BAR_WIDTH; b++)
			fputc(b < bar ? '@' : ' ', out);
		fputs("|\n", out);
	}
}

static int cmp_errs(const void *pa, const void *pb)
{
	const struct summary_errno_row *a = pa, *b = pb;

	if (a->count != b->count)
		return a->count < b->count ? 1 : -1;
	if (a->key.nr != b->key.nr)
		return a->key.nr < b->key.nr ? -1 : 1;
	return a->key.err < b->key.err ? -1 : a->key.err > b->key.err;
}

static void print_errnos(struct summary *s, FILE *out)
{
	qsort(s->errs, s->nerrs, sizeof(*s->errs), cmp_errs);
	fputs("\nerrors by errno:\n", out);
	fprintf(out, "%-16s %-16s %9s\n", "syscall", "errno", "count");
	for (size_t i = 0; i < s->nerrs; i++) {
		char namebuf[32], errbuf[16];
		const char *name =
			decode_syscall_name(s->dec, s->errs[i].key.nr, namebuf, sizeof(namebuf));
		const char *err = xlat_errno_name(s->errs[i].key.err);

		if (!err) {
			snprintf(errbuf, sizeof(errbuf), "%u", s->errs[i].key.err);
			err = errbuf;
		}
		fprintf(out, "%-16s %-16s %9llu\n", name, err,
			(unsigned long long)s->errs[i].count);
	}
}

void summary__print(struct summary *s, FILE *out)
{
	size_t first = 0;

	sort_key = s->opts.sort;
	qsort(s->rows, s->nrows, sizeof(*s->rows), cmp_rows);
	if (!s->nrows)
		print_table(out, s->rows, 0);
	while (first < s->nrows) {
		size_t end = first;

		while (end < s->nrows && s->rows[end].key.id == s->rows[first].key.id)
			end++;
		if (s->opts.by != BT_SUMMARY_TOTAL)
			fprintf(out, "%s%s %u:\n", first ? "\n" : "",
				s->opts.by == BT_SUMMARY_PROCESS ? "process" : "thread",
				s->rows[first].key.id);
		print_table(out, s->rows + first, end - first);
		if (s->opts.hist) {
			for (size_t i = first; i < end; i++)
				print_hist(out, &s->rows[i]);
		}
		first = end;
	}
	if (s->opts.errno_summary)
		print_errnos(s, out);
	fflush(out);
}

// SPDX-License-Identifier: GPL-2.0
/*
 * -c: prints what the kernel aggregated. Counts, errors, time sums, min/max
 * and histograms were kept in per-CPU BPF maps; this only sorts and lays out.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "base/xlat.h"
#include "sinks/sinks.h"
#include "decode/io_uring.h"
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
	for (size_t i = 0; i < s->nslow; i++) {
		free(s->slow[i].enter);
		free(s->slow[i].exit);
	}
	free(s->slow);
	free(s->rows);
	free(s->errs);
	memset(s, 0, sizeof(*s));
}

/* strace 6.1's columns: names, header, width; the default's are time..errors, name */
static const struct {
	const char *names[3];
	const char *header;
	int width;
} columns[] = {
	[SUMMARY_COL_TIME_PERCENT] = {{"time-percent", "time"}, "% time", 6},
	[SUMMARY_COL_TOTAL_TIME] = {{"total-time", "time-total"}, "seconds", 11},
	[SUMMARY_COL_AVG_TIME] = {{"avg-time", "time-avg"}, "usecs/call", 11},
	[SUMMARY_COL_MIN_TIME] = {{"min-time", "shortest", "time-min"}, "shortest", 8},
	[SUMMARY_COL_MAX_TIME] = {{"max-time", "longest", "time-max"}, "longest", 8},
	[SUMMARY_COL_CALLS] = {{"calls", "count"}, "calls", 9},
	[SUMMARY_COL_ERRORS] = {{"errors", "error"}, "errors", 9},
	[SUMMARY_COL_NAME] = {{"name", "syscall", "syscall-name"}, "syscall", 16},
};

static const unsigned char default_columns[] = {
	SUMMARY_COL_TIME_PERCENT, SUMMARY_COL_TOTAL_TIME, SUMMARY_COL_AVG_TIME,
	SUMMARY_COL_CALLS,	  SUMMARY_COL_ERRORS,	  SUMMARY_COL_NAME,
};

static int column_of(const char *word)
{
	for (size_t c = 0; c < sizeof(columns) / sizeof(columns[0]); c++) {
		for (int i = 0; i < 3; i++) {
			if (columns[c].names[i] && !strcmp(word, columns[c].names[i]))
				return c;
		}
	}
	return -1;
}

int summary_columns_parse(const char *text, struct summary_opts *o, char *bad, size_t size)
{
	unsigned char cols[SUMMARY_MAX_COLUMNS];
	unsigned int seen = 0;
	const char *p = text;
	int n = 0, c;

	/* as strace 6.1: every element a column, each once */
	for (;;) {
		size_t len = strcspn(p, ",");
		char word[32];

		snprintf(word, sizeof(word), "%.*s", (int)len, p);
		c = len < sizeof(word) ? column_of(word) : -1;
		if (c < 0) {
			snprintf(bad, size, "%.*s", (int)len, p);
			return -EINVAL;
		}
		if (seen & (1u << c)) {
			snprintf(bad, size, "%s", columns[c].names[0]);
			return -EEXIST;
		}
		seen |= 1u << c;
		cols[n++] = c;
		if (!p[len])
			break;
		p += len + 1;
	}
	if (!(seen & (1u << SUMMARY_COL_NAME)))
		cols[n++] = SUMMARY_COL_NAME;
	memcpy(o->columns, cols, n);
	o->ncolumns = n;
	return 0;
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

/* --summary-by=container: the group of a cgroup, 1 + its container's index; 0: the host. */
static __u64 container_group(struct summary *s, __u64 cgroup_id)
{
	const struct container *c = container_table__of_cgroup(s->containers, cgroup_id);

	for (size_t i = 0; c && i < container_table__count(s->containers); i++) {
		if (container_table__at(s->containers, i) == c)
			return i + 1;
	}
	return 0;
}

void summary__add(void *ctx, const struct bt_summary_key *key, const struct bt_summary *sum)
{
	struct summary *s = ctx;
	struct bt_summary_key group;
	struct summary_row *row;

	if (s->opts.by == BT_SUMMARY_CONTAINER && s->containers) {
		group = (struct bt_summary_key){.nr = key->nr, .id = container_group(s, key->id)};
		/* the cgroups of one container (or of the host) add up to one row */
		for (size_t i = 0; i < s->nrows; i++) {
			if (s->rows[i].key.nr == group.nr && s->rows[i].key.id == group.id) {
				bt_summary_add(&s->rows[i].sum, sum);
				return;
			}
		}
		key = &group;
	}
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
	struct bt_errno_key group;

	if (s->opts.by == BT_SUMMARY_CONTAINER && s->containers) {
		group = *key;
		group.id = container_group(s, key->id);
		for (size_t i = 0; i < s->nerrs; i++) {
			if (!memcmp(&s->errs[i].key, &group, sizeof(group))) {
				s->errs[i].count += count;
				return;
			}
		}
		key = &group;
	}

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

void summary__add_slow(void *ctx, const struct bt_kept_key *key, const struct bt_kept_call *kc)
{
	struct summary *s = ctx;
	struct bt_enter_rec *enter;
	struct bt_exit_rec *exit;

	/* a slot is kept whole, both records: one without its exit is no slow call */
	if (!kept_call_records(kc, &enter, &exit))
		return;
	if (!exit || (__u32)enter->hdr.nr != key->id)
		goto drop;
	if (s->nslow == s->slow_cap) {
		size_t cap = s->slow_cap ? s->slow_cap * 2 : 32;
		struct summary_slow *p = realloc(s->slow, cap * sizeof(*p));

		if (!p)
			goto drop;
		s->slow = p;
		s->slow_cap = cap;
	}
	/* the exit's time says the call's: the kernel may not have timed the exit record */
	exit->hdr.ts = enter->hdr.ts + kc->ns;
	s->slow[s->nslow++] = (struct summary_slow){.ns = kc->ns, .enter = enter, .exit = exit};
	return;
drop:
	free(enter);
	free(exit);
}

/* Longest first; by syscall id first, so that each syscall's are together. */
static int cmp_slow(const void *pa, const void *pb)
{
	const struct summary_slow *a = pa, *b = pb;

	if (a->enter->hdr.nr != b->enter->hdr.nr)
		return a->enter->hdr.nr < b->enter->hdr.nr ? -1 : 1;
	if (a->ns != b->ns)
		return a->ns < b->ns ? 1 : -1;
	return a->enter->hdr.ts < b->enter->hdr.ts ? -1 : a->enter->hdr.ts > b->enter->hdr.ts;
}

/*
 * The kept calls of syscall nr, longest first, at most opts.slowest (the kernel keeps that
 * many per CPU): *n of them from the returned index.
 */
static size_t slow_calls_of(const struct summary *s, int nr, size_t *n)
{
	size_t first = 0, end;

	while (first < s->nslow && s->slow[first].enter->hdr.nr != nr)
		first++;
	end = first;
	while (end < s->nslow && s->slow[end].enter->hdr.nr == nr)
		end++;
	*n = end - first > s->opts.slowest ? s->opts.slowest : end - first;
	return first;
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

	/* groups (processes, threads) together, in id order; in a group x86_64's calls first */
	if (a->key.id != b->key.id)
		return a->key.id < b->key.id ? -1 : 1;
	if (bt_id_is_i386(a->key.nr) != bt_id_is_i386(b->key.nr))
		return bt_id_is_i386(a->key.nr) ? 1 : -1;
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

/* The columns of the table, -U's or strace's default. */
static const unsigned char *table_columns(const struct summary *s, int *n)
{
	if (s->opts.ncolumns) {
		*n = s->opts.ncolumns;
		return s->opts.columns;
	}
	*n = sizeof(default_columns);
	return default_columns;
}

/* The header line, or the rule under it (and above the total). */
static void print_heading(const struct summary *s, FILE *out, bool rule)
{
	int n;
	const unsigned char *cols = table_columns(s, &n);

	for (int i = 0; i < n; i++) {
		int w = columns[cols[i]].width;

		if (i)
			fputc(' ', out);
		if (rule)
			fprintf(out, "%.*s", w, "----------------");
		else if (cols[i] == SUMMARY_COL_NAME)
			/* strace's is left-aligned, and padded unless last */
			fprintf(out, "%-*s", i == n - 1 ? 0 : w, columns[cols[i]].header);
		else if (cols[i] == SUMMARY_COL_TIME_PERCENT)
			fprintf(out, "%-*s", w, columns[cols[i]].header);
		else
			fprintf(out, "%*s", w, columns[cols[i]].header);
	}
	fputc('\n', out);
}

static void print_row(const struct summary *s, FILE *out, double pct, const struct bt_summary *sum,
		      const char *name)
{
	int n;
	const unsigned char *cols = table_columns(s, &n);

	for (int i = 0; i < n; i++) {
		if (i)
			fputc(' ', out);
		switch ((enum summary_column)cols[i]) {
		case SUMMARY_COL_TIME_PERCENT:
			fprintf(out, "%6.2f", pct);
			break;
		case SUMMARY_COL_TOTAL_TIME:
			fprintf(out, "%11.6f", sum->total_ns / 1e9);
			break;
		case SUMMARY_COL_AVG_TIME:
			fprintf(out, "%11llu", (unsigned long long)(avg_ns(sum) / 1000));
			break;
		case SUMMARY_COL_MIN_TIME:
			fprintf(out, "%8.6f", sum->min_ns / 1e9);
			break;
		case SUMMARY_COL_MAX_TIME:
			fprintf(out, "%8.6f", sum->max_ns / 1e9);
			break;
		case SUMMARY_COL_CALLS:
			fprintf(out, "%9llu", (unsigned long long)sum->calls);
			break;
		case SUMMARY_COL_ERRORS:
			/* strace leaves it blank when none failed */
			if (sum->errors)
				fprintf(out, "%9llu", (unsigned long long)sum->errors);
			else
				fprintf(out, "%9s", "");
			break;
		case SUMMARY_COL_NAME:
			fprintf(out, "%-*s", i == n - 1 ? 0 : 16, name);
			break;
		}
	}
	fputc('\n', out);
}

/* --kfunc: a kernel function's row, whose calls and time are inside its syscalls' */
static bool is_kfunc_row(const struct summary_row *row)
{
	return row->key.nr >= BT_KFUNC_ID_BASE && row->key.nr < BT_SUMMARY_IDS;
}

/*
 * The total of a group's rows: the table's last line, the JSON "total". The syscalls': a
 * kernel function's time is counted once, in the syscall it was called in, and its row's
 * share is of that.
 */
static struct bt_summary add_up(const struct summary_row *rows, size_t n)
{
	struct bt_summary total = {};

	for (size_t i = 0; i < n; i++) {
		if (!is_kfunc_row(&rows[i]))
			bt_summary_add(&total, &rows[i].sum);
	}
	return total;
}

/* One table for the rows [first, end) of one group. */
static void print_table(const struct summary *s, FILE *out, const struct summary_row *rows,
			size_t n)
{
	struct bt_summary total = add_up(rows, n);

	print_heading(s, out, false);
	print_heading(s, out, true);
	for (size_t i = 0; i < n; i++) {
		const struct bt_summary *sum = &rows[i].sum;
		double pct = total.total_ns ? 100.0 * sum->total_ns / total.total_ns : 0;

		print_row(s, out, pct, sum, rows[i].name);
	}
	print_heading(s, out, true);
	/* strace's total is 100% of the calls' time even when that is 0 (-O takes it all) */
	print_row(s, out, n ? 100.0 : 0, &total, "total");
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

/* By group, syscall and errno: the order summary__json looks them up in. */
static int cmp_errs_by_key(const void *pa, const void *pb)
{
	const struct bt_errno_key *a = &((const struct summary_errno_row *)pa)->key;
	const struct bt_errno_key *b = &((const struct summary_errno_row *)pb)->key;

	if (a->id != b->id)
		return a->id < b->id ? -1 : 1;
	if (a->nr != b->nr)
		return a->nr < b->nr ? -1 : 1;
	return a->err < b->err ? -1 : a->err > b->err;
}

/* The errno counts of every group added up: the text has one errno table. */
static size_t merge_errno_groups(struct summary *s)
{
	size_t n = 0;

	if (!s->nerrs)
		return 0;
	for (size_t i = 0; i < s->nerrs; i++)
		s->errs[i].key.id = 0;
	qsort(s->errs, s->nerrs, sizeof(*s->errs), cmp_errs_by_key);
	for (size_t i = 0; i < s->nerrs; i++) {
		if (n && !cmp_errs_by_key(&s->errs[n - 1], &s->errs[i]))
			s->errs[n - 1].count += s->errs[i].count;
		else
			s->errs[n++] = s->errs[i];
	}
	return n;
}

static const char *errno_name(__u32 err, char *buf, size_t size)
{
	const char *name = xlat_errno_name(err);

	if (!name) {
		snprintf(buf, size, "%u", err);
		name = buf;
	}
	return name;
}

static void print_errnos(struct summary *s, FILE *out)
{
	s->nerrs = merge_errno_groups(s);
	if (s->nerrs)
		qsort(s->errs, s->nerrs, sizeof(*s->errs), cmp_errs);
	fputs("\nerrors by errno:\n", out);
	fprintf(out, "%-16s %-16s %9s\n", "syscall", "errno", "count");
	for (size_t i = 0; i < s->nerrs; i++) {
		char namebuf[32], errbuf[16];
		const char *name =
			decode_syscall_name(s->dec, s->errs[i].key.nr, namebuf, sizeof(namebuf));

		fprintf(out, "%-16s %-16s %9llu\n", name,
			errno_name(s->errs[i].key.err, errbuf, sizeof(errbuf)),
			(unsigned long long)s->errs[i].count);
	}
}

/* Sorts the rows: groups in id order, each sorted as -S says. */
static void sort_rows(struct summary *s)
{
	sort_key = s->opts.sort;
	/* qsort's array may not be NULL, even empty */
	if (s->nrows)
		qsort(s->rows, s->nrows, sizeof(*s->rows), cmp_rows);
}

/* The end of the group that starts at row first. */
static size_t group_end(const struct summary *s, size_t first)
{
	size_t end = first;

	while (end < s->nrows && s->rows[end].key.id == s->rows[first].key.id)
		end++;
	return end;
}

/* The container of a group (container_group's numbers); NULL for the host's. */
static const struct container *group_container(const struct summary *s, __u64 group)
{
	return s->containers && group ? container_table__at(s->containers, group - 1) : NULL;
}

/*
 * "container web (podman 0123456789ab):", "container box (systemd-nspawn):" (a machine's
 * ID is its name), or "host:" for the calls outside containers.
 */
static void print_container_heading(const struct summary *s, FILE *out, const char *sep,
				    __u64 group)
{
	const struct container *c = group_container(s, group);
	bool id_shown;

	if (!c) {
		fprintf(out, "%shost:\n", sep);
		return;
	}
	/* a name that is the ID's start (no runtime named it) says it already */
	id_shown = strncmp(c->name, c->id, strlen(c->name)) != 0;
	fprintf(out, "%scontainer %s", sep, c->name);
	if (c->runtime[0] || id_shown)
		fprintf(out, " (%s%s%.12s)", c->runtime, c->runtime[0] && id_shown ? " " : "",
			id_shown ? c->id : "");
	fprintf(out, ":\n");
}

/*
 * --slowest: under the table, each syscall's slowest calls in the table's order, longest
 * first, decoded as the trace shows them, with strace's -T time: "[pid  1234]
 * openat(AT_FDCWD, \"/tmp/fifo\", O_RDONLY) = 3 <0.201234>".
 */
static void print_slowest(struct summary *s, FILE *out)
{
	struct text_writer_opts two;
	struct text_writer tw;
	struct wr_limits lim;
	struct outbuf line;

	if (s->nslow)
		qsort(s->slow, s->nslow, sizeof(*s->slow), cmp_slow);
	fprintf(out, "\nslowest calls (at most %u of each syscall, longest first):\n",
		s->opts.slowest);
	outbuf_init(&line);
	decode_text_limits(&s->dec->opts, &lim);
	decode_text_writer_opts(&s->dec->opts, &two);
	text_writer__init(&tw, &line, &lim, &two);
	for (size_t r = 0; r < s->nrows; r++) {
		size_t n, first = slow_calls_of(s, s->rows[r].key.nr, &n);

		for (size_t i = first; i < first + n; i++) {
			struct call call = {.state = CALL_COMPLETE,
					    .enter = s->slow[i].enter,
					    .exit = s->slow[i].exit};
			struct call_view v;

			outbuf_reset(&line);
			outbuf_printf(&line, "[pid %5u] ", call.enter->hdr.tid);
			tw.lead = line.len;
			decode_view(s->dec, &call, &v);
			decode_write_call(s->dec, &tw.w, &v);
			decode_write_return(s->dec, &tw.w, &v);
			outbuf_printf(&line, " <%llu.%06llu>",
				      (unsigned long long)(s->slow[i].ns / 1000000000ULL),
				      (unsigned long long)(s->slow[i].ns % 1000000000ULL) / 1000);
			if (v.captures_not_kept)
				outbuf_puts(&line, " <data not kept: record too large>");
			outbuf_putc(&line, '\n');
			fwrite(line.data, 1, line.len, out);
		}
	}
	outbuf_free(&line);
}

void summary__print(struct summary *s, FILE *out)
{
	size_t first = 0;

	sort_rows(s);
	if (!s->nrows)
		print_table(s, out, s->rows, 0);
	while (first < s->nrows) {
		size_t end = group_end(s, first), i386 = first;

		if (s->opts.by == BT_SUMMARY_CONTAINER)
			print_container_heading(s, out, first ? "\n" : "", s->rows[first].key.id);
		else if (s->opts.by != BT_SUMMARY_TOTAL)
			fprintf(out, "%s%s %llu:\n", first ? "\n" : "",
				s->opts.by == BT_SUMMARY_PROCESS ? "process" : "thread",
				(unsigned long long)s->rows[first].key.id);
		/* as strace: x86_64's table, then i386's under its own heading, each if any */
		while (i386 < end && !bt_id_is_i386(s->rows[i386].key.nr))
			i386++;
		if (i386 > first)
			print_table(s, out, s->rows + first, i386 - first);
		if (i386 < end) {
			fputs("System call usage summary for 32 bit mode:\n", out);
			print_table(s, out, s->rows + i386, end - i386);
		}
		if (s->opts.hist) {
			for (size_t i = first; i < end; i++)
				print_hist(out, &s->rows[i]);
		}
		first = end;
	}
	if (s->opts.slowest)
		print_slowest(s, out);
	if (s->opts.errno_summary)
		print_errnos(s, out);
	fflush(out);
}

/* "calls":N,...: the members a syscall and the total share; times null when none was timed. */
static void json_counts(struct outbuf *ob, const struct bt_summary *sum)
{
	outbuf_puts(ob, "\"calls\":");
	outbuf_u64(ob, sum->calls);
	outbuf_puts(ob, ",\"errors\":");
	outbuf_u64(ob, sum->errors);
	outbuf_puts(ob, ",\"timed\":");
	outbuf_u64(ob, sum->timed);
	outbuf_puts(ob, ",\"total_ns\":");
	outbuf_u64(ob, sum->total_ns);
	if (!sum->timed) {
		outbuf_puts(ob, ",\"avg_ns\":null,\"min_ns\":null,\"max_ns\":null");
		return;
	}
	outbuf_puts(ob, ",\"avg_ns\":");
	outbuf_u64(ob, avg_ns(sum));
	outbuf_puts(ob, ",\"min_ns\":");
	outbuf_u64(ob, sum->min_ns);
	outbuf_puts(ob, ",\"max_ns\":");
	outbuf_u64(ob, sum->max_ns);
}

/* The non-empty log2 slots: [lo_ns, hi_ns); the last slot has no upper bound. */
static void json_hist(struct outbuf *ob, const struct bt_summary *sum)
{
	bool first = true;

	outbuf_puts(ob, ",\"hist\":[");
	for (int i = 0; i < BT_HIST_SLOTS; i++) {
		if (!sum->hist[i])
			continue;
		outbuf_puts(ob, first ? "{\"lo_ns\":" : ",{\"lo_ns\":");
		outbuf_u64(ob, i ? 1ULL << i : 0);
		outbuf_puts(ob, ",\"hi_ns\":");
		if (i == BT_HIST_SLOTS - 1)
			outbuf_puts(ob, "null");
		else
			outbuf_u64(ob, 1ULL << (i + 1));
		outbuf_puts(ob, ",\"count\":");
		outbuf_u64(ob, sum->hist[i]);
		outbuf_putc(ob, '}');
		first = false;
	}
	outbuf_putc(ob, ']');
}

/* {"ENOENT":N,...}: the row's errno counts, from errs sorted by group, syscall and errno. */
static void json_errnos(struct outbuf *ob, const struct summary *s, const struct summary_row *row)
{
	size_t lo = 0, hi = s->nerrs;
	bool first = true;

	/* the first entry of (group, syscall) */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct bt_errno_key *k = &s->errs[mid].key;

		if (k->id < row->key.id || (k->id == row->key.id && k->nr < row->key.nr))
			lo = mid + 1;
		else
			hi = mid;
	}
	outbuf_puts(ob, ",\"errnos\":{");
	for (size_t i = lo; i < s->nerrs; i++) {
		const struct bt_errno_key *k = &s->errs[i].key;
		char errbuf[16];

		if (k->id != row->key.id || k->nr != row->key.nr)
			break;
		if (!first)
			outbuf_putc(ob, ',');
		json_put_key(ob, errno_name(k->err, errbuf, sizeof(errbuf)));
		outbuf_u64(ob, s->errs[i].count);
		first = false;
	}
	outbuf_putc(ob, '}');
}

static const char *by_name(int by)
{
	switch (by) {
	case BT_SUMMARY_PROCESS:
		return "process";
	case BT_SUMMARY_THREAD:
		return "thread";
	case BT_SUMMARY_CONTAINER:
		return "container";
	}
	return "total";
}

/*
 * --slowest: ,"slowest":[{"ts":..,"pid":..,"tid":..,"duration_ns":..,"args":..,"return":..}]
 * with the row's slowest calls, longest first, decoded as the trace's call objects are.
 */
static void json_slowest(struct summary *s, struct outbuf *ob, const struct summary_row *row)
{
	static const struct json_writer_opts jwo;
	struct json_writer jw;
	size_t n, first = slow_calls_of(s, row->key.nr, &n);

	json_writer__init(&jw, ob, &jwo);
	outbuf_puts(ob, ",\"slowest\":[");
	for (size_t i = first; i < first + n; i++) {
		struct call call = {
			.state = CALL_COMPLETE, .enter = s->slow[i].enter, .exit = s->slow[i].exit};
		struct call_view v;

		decode_view(s->dec, &call, &v);
		outbuf_puts(ob, i > first ? ",{\"ts\":" : "{\"ts\":");
		outbuf_u64(ob, v.ts);
		outbuf_puts(ob, ",\"pid\":");
		outbuf_u64(ob, v.pid);
		outbuf_puts(ob, ",\"tid\":");
		outbuf_u64(ob, v.tid);
		outbuf_puts(ob, ",\"duration_ns\":");
		outbuf_u64(ob, s->slow[i].ns);
		decode_write_call(s->dec, &jw.w, &v);
		decode_write_return(s->dec, &jw.w, &v);
		if (v.captures_dropped)
			outbuf_puts(ob, ",\"captures_dropped\":true");
		outbuf_putc(ob, '}');
	}
	outbuf_putc(ob, ']');
}

/* One group's object: its syscalls in the table's order, then their total. */
static void json_group(struct summary *s, struct outbuf *ob, const struct summary_row *rows,
		       size_t n)
{
	struct bt_summary total = add_up(rows, n);
	outbuf_puts(ob, "{\"event\":\"summary\",\"by\":\"");
	outbuf_puts(ob, by_name(s->opts.by));
	outbuf_putc(ob, '"');
	if (s->opts.by == BT_SUMMARY_CONTAINER) {
		outbuf_puts(ob, ",\"container\":");
		sink_container_json(ob, s->containers ? container_table__root(s->containers) : "",
				    group_container(s, rows[0].key.id));
	} else if (s->opts.by != BT_SUMMARY_TOTAL) {
		outbuf_puts(ob, s->opts.by == BT_SUMMARY_PROCESS ? ",\"pid\":" : ",\"tid\":");
		outbuf_u64(ob, rows[0].key.id);
	}
	/* -O: the times below are what is left of each call's once it is taken off */
	if (s->opts.overhead_ns) {
		outbuf_puts(ob, ",\"overhead_ns\":");
		outbuf_u64(ob, s->opts.overhead_ns);
	}
	outbuf_puts(ob, ",\"syscalls\":[");
	for (size_t i = 0; i < n; i++) {
		const struct bt_summary *sum = &rows[i].sum;

		outbuf_puts(ob, i ? ",{\"syscall\":" : "{\"syscall\":");
		json_put_cstr(ob, rows[i].name);
		outbuf_puts(ob, ",\"nr\":");
		/* an io_uring operation's row: its opcode, as its calls say */
		if (uring_id_is_op(rows[i].key.nr)) {
			outbuf_u64(ob, rows[i].key.nr - BT_URING_ID_BASE);
			outbuf_puts(ob, ",\"via\":\"io_uring\"");
		} else if (is_kfunc_row(&rows[i])) {
			/* a kernel function's row: no number of its own */
			outbuf_puts(ob, "null,\"via\":\"kfunc\"");
		} else {
			outbuf_u64(ob, bt_id_nr(rows[i].key.nr));
		}
		if (bt_id_is_i386(rows[i].key.nr))
			outbuf_puts(ob, ",\"abi\":\"i386\"");
		outbuf_putc(ob, ',');
		json_counts(ob, sum);
		/* the share of the group's time, as the table's first column */
		outbuf_printf(ob, ",\"pct_time\":%.2f",
			      total.total_ns ? 100.0 * sum->total_ns / total.total_ns : 0.0);
		if (s->opts.hist)
			json_hist(ob, sum);
		if (s->opts.errno_summary)
			json_errnos(ob, s, &rows[i]);
		if (s->opts.slowest)
			json_slowest(s, ob, &rows[i]);
		outbuf_putc(ob, '}');
	}
	outbuf_puts(ob, "],\"total\":{");
	json_counts(ob, &total);
	outbuf_puts(ob, "}}");
}

void summary__json(struct summary *s, struct outbuf *ob,
		   void (*put_line)(void *ctx, struct outbuf *ob), void *ctx)
{
	size_t first = 0;

	sort_rows(s);
	if (s->nerrs)
		qsort(s->errs, s->nerrs, sizeof(*s->errs), cmp_errs_by_key);
	if (s->nslow)
		qsort(s->slow, s->nslow, sizeof(*s->slow), cmp_slow);
	/* a summary by total is always there, even of no calls; a group only with calls */
	if (!s->nrows && s->opts.by == BT_SUMMARY_TOTAL) {
		json_group(s, ob, s->rows, 0);
		put_line(ctx, ob);
	}
	while (first < s->nrows) {
		size_t end = group_end(s, first);

		json_group(s, ob, s->rows + first, end - first);
		put_line(ctx, ob);
		first = end;
	}
}

// SPDX-License-Identifier: GPL-2.0
/*
 * -ff with -o FILE: each thread's lines in a file of its own, FILE.TID, as strace writes them
 * (one per traced thread, opened at its first line, closed at its exit line).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sinks/sinks.h"

struct split_file {
	__u32 tid;
	FILE *out;
	struct text_sink text; /* sees one thread only: its lines have no [pid N] */
};

void split_sink__init(struct split_sink *s, const char *prefix, bool append,
		      const struct decoder *dec, const struct text_sink_opts *opts)
{
	memset(s, 0, sizeof(*s));
	s->prefix = prefix;
	s->append = append;
	s->dec = dec;
	s->opts = *opts;
}

/* The index of tid's file in the sorted array, or where it would go. */
static size_t find_slot(const struct split_sink *s, __u32 tid)
{
	size_t lo = 0, hi = s->nfiles;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->files[mid]->tid < tid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void close_file(struct split_sink *s, struct split_file *f)
{
	text_sink__flush(&f->text);
	if (f->text.write_error && !s->write_error)
		s->write_error = f->text.write_error;
	s->lines += f->text.lines;
	text_sink__free(&f->text);
	if (fclose(f->out) && !s->write_error)
		s->write_error = errno ? errno : EIO;
	free(f);
}

/* tid's file, opened (truncated unless -A, as strace does) at its first line; NULL on error. */
static struct split_file *file_of(struct split_sink *s, __u32 tid)
{
	size_t i = find_slot(s, tid);
	struct split_file *f;
	char *name;

	if (i < s->nfiles && s->files[i]->tid == tid)
		return s->files[i];
	if (s->write_error)
		return NULL;
	if (s->nfiles == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 16;
		struct split_file **p = realloc(s->files, cap * sizeof(*p));

		if (!p)
			goto nomem;
		s->files = p;
		s->cap = cap;
	}
	f = calloc(1, sizeof(*f));
	if (!f || asprintf(&name, "%s.%u", s->prefix, tid) < 0) {
		free(f);
		goto nomem;
	}
	f->tid = tid;
	f->out = fopen(name, s->append ? "ae" : "we");
	if (!f->out) {
		s->write_error = errno;
		s->failed_name = name;
		free(f);
		return NULL;
	}
	free(name);
	text_sink__init(&f->text, f->out, s->dec, &s->opts);
	memmove(s->files + i + 1, s->files + i, (s->nfiles - i) * sizeof(*s->files));
	s->files[i] = f;
	s->nfiles++;
	return f;
nomem:
	s->write_error = ENOMEM;
	return NULL;
}

void split_sink__on_call(struct split_sink *s, const struct call *call)
{
	const struct bt_rec_hdr *hdr = call->event   ? call->event
				       : call->enter ? &call->enter->hdr
						     : &call->exit->hdr;
	struct split_file *f = file_of(s, hdr->tid);
	size_t i;

	if (!f)
		return;
	text_sink__on_call(&f->text, call);
	if (f->text.write_error && !s->write_error)
		s->write_error = f->text.write_error;
	/* the thread's last line: its file is complete */
	if (call->state == CALL_EVENT && hdr->type == BT_REC_TASK_EXIT) {
		i = find_slot(s, hdr->tid);
		memmove(s->files + i, s->files + i + 1, (s->nfiles - i - 1) * sizeof(*s->files));
		s->nfiles--;
		close_file(s, f);
	}
}

int split_sink__flush(struct split_sink *s)
{
	for (size_t i = 0; i < s->nfiles; i++) {
		text_sink__flush(&s->files[i]->text);
		if (s->files[i]->text.write_error && !s->write_error)
			s->write_error = s->files[i]->text.write_error;
	}
	return s->write_error ? -s->write_error : 0;
}

unsigned long long split_sink__lines(const struct split_sink *s)
{
	unsigned long long lines = s->lines;

	for (size_t i = 0; i < s->nfiles; i++)
		lines += s->files[i]->text.lines;
	return lines;
}

void split_sink__free(struct split_sink *s)
{
	for (size_t i = 0; i < s->nfiles; i++)
		close_file(s, s->files[i]);
	free(s->files);
	free(s->failed_name);
	s->files = NULL;
	s->nfiles = 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * --flight-recorder in user space: the events held between dumps, the triggers, and the
 * dump itself, which writes the calls the kernel kept as a trace.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "session/session_internal.h"

/*
 * Signal, exit and exec records held for the next dump at most; the oldest go first (a
 * dump shows each thread's last calls, and the events among them).
 */
#define HELD_EVENTS_MAX 4096

/* CLOCK_MONOTONIC in ns: the kernel's time in records (bpf_ktime_get_ns). */
static __u64 monotonic_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec * 1000000000ULL + now.tv_nsec;
}

/* --flight-recorder: keeps a copy of an event record for the next dump. */
static void hold_event(struct session *s, const void *data, size_t size)
{
	void *copy;

	if (s->nheld == HELD_EVENTS_MAX) {
		free(s->held[0]);
		memmove(s->held, s->held + 1, (s->nheld - 1) * sizeof(*s->held));
		s->nheld--;
	}
	if (!s->held) {
		s->held = calloc(HELD_EVENTS_MAX, sizeof(*s->held));
		if (!s->held)
			return;
	}
	copy = malloc(size);
	if (!copy)
		return;
	memcpy(copy, data, size);
	s->held[s->nheld++] = copy;
}

/* --flight-recorder: a trigger fired at ts (kernel time): a dump is due. */
static void note_trigger(struct session *s, __u64 ts)
{
	if (s->ntriggers == TRIGGERS_PENDING_MAX)
		s->ntriggers--;
	s->triggers[s->ntriggers++] = ts;
	s->dump_pending = true;
}

/*
 * --flight-recorder: the ring buffer carries only events and triggers. A trigger, or the
 * end of a process in failure, asks for a dump; the events wait for it.
 */
void recorder_record(struct session *s, const void *data, size_t size)
{
	const struct bt_rec_hdr *hdr = data;

	if (size >= sizeof(*hdr) && hdr->type == BT_REC_TRIGGER) {
		note_trigger(s, hdr->ts);
		return;
	}
	if (!record_valid(data, size)) {
		if (!s->bad_records++)
			fail("warning: a malformed record was skipped");
		return;
	}
	hold_event(s, data, hdr->size);
	if (hdr->type == BT_REC_TASK_EXIT) {
		const struct bt_task_exit_rec *exit = data;

		/* the kernel stopped keeping calls at this exit, as at a trigger */
		if (exit->group_dead && exit->exit_code) {
			note_trigger(s, hdr->ts);
		}
	}
}

/* --flight-recorder: the records of one dump, copies, in the order they are written. */
struct dump_record {
	struct bt_rec_hdr *hdr;
	size_t seq; /* the order it was added in: ties of time keep it */
};

struct dump {
	struct dump_record *recs;
	size_t n, cap;
	/* each thread's first kept call: its events from before are not among its last calls */
	struct {
		__u32 tid;
		__u64 ts;
	} * first;
	size_t nfirst, first_cap;
};

/* Takes rec (malloc'd) into the dump; frees it when there is no room. */
static void dump_add(struct dump *d, struct bt_rec_hdr *rec)
{
	if (d->n == d->cap) {
		size_t cap = d->cap ? 2 * d->cap : 256;
		struct dump_record *p = realloc(d->recs, cap * sizeof(*p));

		if (!p) {
			free(rec);
			return;
		}
		d->recs = p;
		d->cap = cap;
	}
	d->recs[d->n] = (struct dump_record){.hdr = rec, .seq = d->n};
	d->n++;
}

static ssize_t dump_first_of(const struct dump *d, __u32 tid)
{
	for (size_t i = 0; i < d->nfirst; i++) {
		if (d->first[i].tid == tid)
			return i;
	}
	return -1;
}

/* Notes when a thread's kept calls start. */
static void dump_note_first(struct dump *d, __u32 tid, __u64 ts)
{
	ssize_t i = dump_first_of(d, tid);

	if (i >= 0) {
		if (ts < d->first[i].ts)
			d->first[i].ts = ts;
		return;
	}
	if (d->nfirst == d->first_cap) {
		size_t cap = d->first_cap ? 2 * d->first_cap : 64;
		void *p = realloc(d->first, cap * sizeof(*d->first));

		if (!p)
			return;
		d->first = p;
		d->first_cap = cap;
	}
	d->first[d->nfirst].tid = tid;
	d->first[d->nfirst].ts = ts;
	d->nfirst++;
}

/* A kept_call_fn: the call's records into the dump. */
static void dump_kept_call(void *ctx, const struct bt_kept_key *key, const struct bt_kept_call *kc)
{
	struct dump *d = ctx;
	struct bt_enter_rec *enter;
	struct bt_exit_rec *exit;

	/* a slot whose enter was taken (or not yet written) has nothing to show */
	if (!kept_call_records(kc, &enter, &exit))
		return;
	dump_note_first(d, enter->hdr.tid, enter->hdr.ts);
	dump_add(d, &enter->hdr);
	if (exit)
		dump_add(d, &exit->hdr);
}

static int cmp_dump_records(const void *pa, const void *pb)
{
	const struct dump_record *a = pa, *b = pb;

	if (a->hdr->ts != b->hdr->ts)
		return a->hdr->ts < b->hdr->ts ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * --flight-recorder: a trigger fired. The kernel stops keeping calls (it did already for
 * its own triggers); the calls kept, each thread's last ones, and the events among them
 * are written out as a trace is, in time order across threads, and forgotten; then the
 * kernel keeps calls again. A call still under way shows as strace shows one it stopped
 * tracing in: "<detached ...>".
 */
void recorder_dump(struct session *s)
{
	struct event_reader *reader;
	struct dump d = {};
	__u64 earliest = ~0ULL, until;
	size_t later = 0;

	if (!s->ntriggers) {
		s->dump_pending = false;
		return;
	}
	collector__freeze_recorder(&s->coll, true);
	/* the events up to now, the trigger's own exit among them; later triggers wait */
	read_records_now(s, NULL);
	until = s->triggers[0];
	memmove(s->triggers, s->triggers + 1, --s->ntriggers * sizeof(s->triggers[0]));
	s->dump_pending = s->ntriggers > 0;
	if (collector__take_recorded(&s->coll, dump_kept_call, &d) < 0)
		fail("warning: cannot read the calls kept in the kernel: %s", strerror(errno));
	/*
	 * The kept calls are copies now: the kernel keeps calls again before the dump is
	 * written, so that a call made once its reader has seen the dump is in the next one.
	 */
	collector__freeze_recorder(&s->coll, false);
	for (size_t i = 0; i < d.nfirst; i++)
		earliest = d.first[i].ts < earliest ? d.first[i].ts : earliest;
	for (size_t i = 0; i < s->nheld; i++) {
		struct bt_rec_hdr *ev = s->held[i];
		ssize_t t = dump_first_of(&d, ev->tid);

		/* after the trigger: no call of that time was kept, the event waits for the next */
		if (ev->ts > until)
			s->held[later++] = ev;
		/* older than the thread's kept calls (or than all, for a thread with none) */
		else if ((t >= 0 && ev->ts < d.first[t].ts) ||
			 (t < 0 && ev->ts < earliest && d.nfirst))
			free(ev);
		else
			dump_add(&d, ev);
	}
	s->nheld = later;
	if (d.n)
		qsort(d.recs, d.n, sizeof(*d.recs), cmp_dump_records);
	reader = event_reader__new(on_call, s);
	if (reader) {
		event_reader__set_attached(reader);
		for (size_t i = 0; i < d.n; i++)
			event_reader__handle(reader, d.recs[i].hdr, d.recs[i].hdr->size);
		event_reader__finish(reader);
		event_reader__free(reader);
	}
	sink__flush(&s->sink);
	for (size_t i = 0; i < d.n; i++)
		free(d.recs[i].hdr);
	free(d.recs);
	free(d.first);
}

void recorder_on_sigusr1(struct session *s)
{
	note_trigger(s, monotonic_ns());
}

void recorder_free(struct session *s)
{
	for (size_t i = 0; i < s->nheld; i++)
		free(s->held[i]);
	free(s->held);
	s->held = NULL;
	s->nheld = 0;
}

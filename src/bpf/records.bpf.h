/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Records into the ring buffer: headers, wake-ups, and the losses counted when it is full.
 */
#ifndef BTFTRACE_BPF_RECORDS_H
#define BTFTRACE_BPF_RECORDS_H

#include "state.bpf.h"

#define E2BIG 7 /* a record larger than the scratch area: counted as lost */

static __always_inline struct bt_stats *stats(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&stats_map, &zero);
}

enum rec_kind {
	KIND_EXIT = 0,
	KIND_ENTER = 1,
	KIND_OTHER = 2, /* signals and thread exits */
	KIND_STACK = 3, /* -k, --kernel-stack: a call's stacks (stack.bpf.h) */
};

static __always_inline void fill_hdr(struct bt_rec_hdr *hdr, enum bt_rec_type type, __u32 size)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();

	hdr->type = type;
	hdr->ncaps = 0;
	hdr->size = size;
	hdr->ts = bpf_ktime_get_ns();
	hdr->tgid = pid_tgid >> 32;
	hdr->tid = (__u32)pid_tgid;
	hdr->nr = -1;
	hdr->cpu = bpf_get_smp_processor_id();
}

/*
 * Writes one record into the ring buffer and counts it as sent; the caller
 * counts a failure. Wakes the reader once when enough is pending.
 */
static __always_inline long put_record(void *rec, __u32 size, enum rec_kind kind)
{
	struct bt_stats *st = stats();
	__u64 flags = BPF_RB_NO_WAKEUP, pending;
	long err;

	/*
	 * While the reader keeps up, records wait for its poll timeout or a
	 * batch: no wake-up per call. Once more than wakeup_bytes are pending
	 * the reader is behind and is woken, once: a wake-up is an interrupt
	 * on this CPU (1 to 2 us in a VM), and one per record past the mark
	 * made the tracee several times slower while the reader, already
	 * awake, gained nothing. The reader clears wakeup_sent after each
	 * read, so the next crossing once it has read wakes it again; two
	 * CPUs racing here at worst both wake it.
	 */
	pending = bpf_ringbuf_query(&events, BPF_RB_AVAIL_DATA);
	if (pending >= wakeup_bytes && !wakeup_sent) {
		wakeup_sent = 1;
		flags = BPF_RB_FORCE_WAKEUP;
		if (st)
			st->wakeups++;
	}
	/* a power-of-two mask above the scratch size, then the real bound */
	size &= 0x7fff;
	err = size > BT_SCRATCH_SIZE ? -E2BIG : bpf_ringbuf_output(&events, rec, size, flags);
	if (err || !st)
		return err;
	if (kind == KIND_ENTER)
		st->enter_records++;
	else if (kind == KIND_EXIT)
		st->exit_records++;
	else if (kind == KIND_STACK)
		st->stack_records++;
	st->ringbuf_bytes += size;
	if (pending + size > st->max_pending)
		st->max_pending = pending + size;
	return 0;
}

/* --lossless: adds a lost record to the current thread's count, for its next record to say. */
static __always_inline void note_thread_loss(enum rec_kind kind)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tid = (__u32)pid_tgid;
	struct bt_lost *lost = bpf_map_lookup_elem(&lost_calls, &tid);

	if (!lost) {
		struct bt_lost zero = {.tgid = pid_tgid >> 32};

		/* a full map: the loss is still in stats_map, only its place is not known */
		if (bpf_map_update_elem(&lost_calls, &tid, &zero, BPF_NOEXIST))
			return;
		__sync_fetch_and_add(&lost_pending, 1);
		lost = bpf_map_lookup_elem(&lost_calls, &tid);
		if (!lost)
			return;
	}
	if (kind == KIND_ENTER)
		lost->enters++;
	else if (kind == KIND_EXIT)
		lost->exits++;
	else
		lost->events++;
}

/*
 * --lossless: before the current thread's next record, a BT_REC_LOST record
 * with what the thread lost since its last one, so the reader sees the gap
 * at its place in the thread's calls. Only one thread writes its entry: no
 * count can come in between the read and the delete.
 */
static __always_inline void send_thread_losses(void)
{
	__u32 tid = (__u32)bpf_get_current_pid_tgid();
	struct bt_lost *lost = bpf_map_lookup_elem(&lost_calls, &tid);
	struct bt_lost_rec rec;

	if (!lost)
		return;
	fill_hdr(&rec.hdr, BT_REC_LOST, sizeof(rec));
	rec.lost = *lost;
	/* no room for this either: the counts wait for the next record */
	if (put_record(&rec, sizeof(rec), KIND_OTHER))
		return;
	if (bpf_map_delete_elem(&lost_calls, &tid) == 0)
		__sync_fetch_and_add(&lost_pending, -1);
}

static __always_inline void count_loss(enum rec_kind kind)
{
	struct bt_stats *st = stats();

	if (st) {
		if (kind == KIND_ENTER)
			st->lost_enter++;
		else if (kind == KIND_EXIT)
			st->lost_exit++;
		else if (kind == KIND_STACK)
			st->lost_stacks++;
		else
			st->lost_other++;
	}
	/* a lost stack is said under its call, which did get through */
	if (lossless && kind != KIND_STACK)
		note_thread_loss(kind);
}

/* Submits a record whole, or counts it lost. */
static __always_inline void submit(void *rec, __u32 size, enum rec_kind kind)
{
	if (lossless && lost_pending)
		send_thread_losses();
	if (put_record(rec, size, kind))
		count_loss(kind);
}

/*
 * Submits the record built in s->buf, its header completed from the cursor.
 * When the ring buffer has no room for it whole, the call is sent without
 * its captures: its number, arguments,
 * return value and time stay visible, with a marker saying what is missing,
 * rather than the call disappearing. fixed: the bytes of the record before its captures.
 */
static __always_inline void finish_record(struct scratch *s, enum rec_kind kind, __u32 fixed)
{
	struct bt_rec_hdr *hdr = (void *)s->buf;
	struct bt_capture *marker;
	struct bt_stats *st;
	__u32 size = s->off;

	hdr->ncaps = s->ncaps;
	hdr->size = size;
	if (lossless && lost_pending)
		send_thread_losses();
	if (!put_record(hdr, size, kind))
		return;
	/* the notes alone are no data to drop */
	if (s->ncaps > (s->notes ? 1 : 0)) {
		marker = (void *)(s->buf + fixed);
		marker->arg = BT_CAP_ARG_DROPPED;
		marker->flags = BT_CAP_DROPPED;
		marker->len = 0;
		marker->want = size;
		hdr->ncaps = 1;
		size = fixed + sizeof(*marker);
		if (s->notes) {
			marker++;
			marker->arg = BT_CAP_ARG_NOTE;
			marker->flags = 0;
			marker->len = 0;
			marker->want = s->notes;
			hdr->ncaps = 2;
			size += sizeof(*marker);
		}
		hdr->size = size;
		if (!put_record(hdr, size, kind)) {
			st = stats();
			if (st)
				st->compact_records++;
			return;
		}
	}
	count_loss(kind);
}

#endif /* BTFTRACE_BPF_RECORDS_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * Calls kept in the kernel rather than sent: the slowest of each syscall (-c --slowest) and
 * each thread's last ones (--flight-recorder). Their records are built as for the ring
 * buffer and copied into a map slot, for user space to read and decode at the end, or when a
 * trigger fires.
 */
#include "state.bpf.h"
#include "records.bpf.h"
#include "recorder.bpf.h"

/* A new slot's value, kept out of the stack (a page). */
static const struct bt_kept_call empty_kept;

static __always_inline struct bt_kept_call *kept_slot(struct scratch *s)
{
	struct bt_kept_key key = {.id = s->keep_id, .slot = s->keep_slot};
	struct bt_kept_call *kc;

	/* the flight recorder's slots are an array's: always there */
	if (s->keep == BT_KEEP_RECORDER)
		return bpf_map_lookup_elem(&recorder_calls, &s->keep_slot);
	kc = bpf_map_lookup_elem(&slowest_calls, &key);
	if (kc)
		return kc;
	bpf_map_update_elem(&slowest_calls, &key, &empty_kept, BPF_NOEXIST);
	return bpf_map_lookup_elem(&slowest_calls, &key);
}

/*
 * The record, or when it does not fit in max bytes the record without its captures: its
 * fixed part and one marker, as a full ring buffer's is sent. Returns its size.
 */
static __always_inline __u32 fit_record(struct scratch *s, __u32 is_exit, __u32 max)
{
	__u32 fixed = is_exit ? sizeof(struct bt_exit_rec) : sizeof(struct bt_enter_rec);
	struct bt_rec_hdr *hdr = (void *)s->buf;
	struct bt_capture *marker;
	__u32 size = s->off;

	hdr->ncaps = s->ncaps;
	hdr->size = size;
	if (size <= max)
		return size;
	marker = (void *)(s->buf + fixed);
	marker->arg = BT_CAP_ARG_DROPPED;
	marker->flags = BT_CAP_DROPPED | BT_CAP_NOT_KEPT;
	marker->len = 0;
	marker->want = size;
	hdr->ncaps = 1;
	hdr->size = fixed + sizeof(*marker);
	return hdr->size;
}

/* A global function: verified once, whichever program keeps a record. */
__noinline int keep_record(__u32 is_exit)
{
	struct scratch *s = scratch();
	struct bt_kept_call *kc;
	__u32 size;

	if (!s || s->keep == BT_KEEP_NONE)
		return 0;
	kc = kept_slot(s);
	if (!kc) {
		/* a full map (--slowest's): counted as a lost record */
		struct bt_stats *st = stats();

		if (st) {
			if (is_exit)
				st->lost_exit++;
			else
				st->lost_enter++;
		}
		return 0;
	}
	if (!is_exit) {
		size = fit_record(s, 0, BT_KEPT_ENTER_MAX);
		barrier_var(size);
		if (size > BT_KEPT_ENTER_MAX)
			return 0;
		bpf_probe_read_kernel(kc->enter, size, s->buf);
		kc->enter_size = size;
		kc->exit_size = 0;
		kc->ns = 0;
		return 0;
	}
	size = fit_record(s, 1, BT_KEPT_EXIT_MAX);
	barrier_var(size);
	if (size > BT_KEPT_EXIT_MAX)
		return 0;
	bpf_probe_read_kernel(kc->exit, size, s->buf);
	kc->exit_size = size;
	kc->ns = s->keep_ns;
	return 0;
}

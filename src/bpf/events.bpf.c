// SPDX-License-Identifier: GPL-2.0
/*
 * -e SUBSYS:EVENT: tracepoints in the traced threads. One classic tracepoint program copies the
 * event's entry (the record its tracefs format lays out) into the ring buffer as it is; user
 * space decodes the fields by the format. User space loads a copy of it per event, each with
 * its event's id in place of BT_EVENT_ID_MAGIC, and attaches each to its event: nothing is
 * compiled per event, and the program knows which event it runs for.
 */
#include "state.bpf.h"
#include "records.bpf.h"
#include "filter.bpf.h"

/* Bytes of an entry copied at most: below BT_EVENT_DATA_MAX, so that a mask keeps them. */
#define EVENT_COPY_MAX (BT_EVENT_DATA_MAX - 8)

/*
 * len masked where the verifier sees it: the compiler, which knows len is below the mask
 * already, would drop a plain mask, and the verifier does not follow its reasoning.
 */
static __always_inline __u32 copy_len(__u32 len)
{
	asm volatile("" : "+r"(len));
	return len & (BT_EVENT_DATA_MAX - 1);
}

/* The id of the event this copy of the program is attached to. */
static __always_inline __u32 attached_event_id(void)
{
	__u32 id;

	/* one mov of the magic: the instruction user space patches */
	asm volatile("%0 = %1" : "=r"(id) : "i"(BT_EVENT_ID_MAGIC));
	return id;
}

/*
 * The entry's size: its fixed part, and past it the data of its __data_loc fields (each a u32
 * of offset | length << 16, the offset from the entry's start; a __rel_loc's from the end of
 * its u32), read from the fixed part already copied into data.
 */
static __always_inline __u32 entry_size(const struct bt_event_desc *desc, const char *data)
{
	__u32 size = desc->fixed;

	for (int i = 0; i < BT_EVENT_DYN_MAX; i++) {
		__u32 off, loc, end;

		if (i >= desc->ndyn)
			break;
		off = copy_len(desc->dyn_off[i]);
		loc = *(const __u32 *)(data + off);
		end = (loc & 0xffff) + (loc >> 16);
		if (desc->dyn_rel[i])
			end += off + sizeof(__u32);
		if (end > size)
			size = end;
	}
	return size;
}

SEC("tracepoint")
int on_event(void *ctx)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	const struct bt_event_desc *desc;
	struct event_scratch *sc;
	__u32 zero = 0, key, size, len;

	if (!should_trace(pid_tgid >> 32, -1))
		return 0;
	/* -a with --comm, --uid or --cgroup: every process passes should_trace() */
	if (filter_active && !filter_event())
		return 0;
	key = attached_event_id();
	desc = bpf_map_lookup_elem(&event_descs, &key);
	sc = bpf_map_lookup_elem(&event_scratch_map, &zero);
	if (!desc || !sc)
		return 0;
	fill_hdr(&sc->rec.hdr, BT_REC_EVENT, sizeof(sc->rec));
	sc->rec.event_id = key;
	sc->rec.flags = 0;
	sc->rec.pad = 0;
	sc->rec.cgroup = record_cgroup ? bpf_get_current_cgroup_id() : 0;
	size = desc->fixed;
	len = size;
	if (len > EVENT_COPY_MAX) {
		len = EVENT_COPY_MAX;
		sc->rec.flags = BT_CAP_TRUNCATED;
	}
	if (bpf_probe_read_kernel(sc->data, copy_len(len), ctx)) {
		sc->rec.flags = BT_CAP_FAULT;
		len = 0;
	}
	if (len && desc->ndyn) {
		size = entry_size(desc, sc->data);
		len = size;
		if (len > EVENT_COPY_MAX) {
			len = EVENT_COPY_MAX;
			sc->rec.flags = BT_CAP_TRUNCATED;
		}
		/* the fixed part again with the data after it: ctx cannot be offset */
		if (len > desc->fixed && bpf_probe_read_kernel(sc->data, copy_len(len), ctx)) {
			/* a failed read leaves zeros: the fixed part at least, again */
			len = desc->fixed < EVENT_COPY_MAX ? desc->fixed : EVENT_COPY_MAX;
			sc->rec.flags = BT_CAP_TRUNCATED;
			if (bpf_probe_read_kernel(sc->data, copy_len(len), ctx)) {
				sc->rec.flags = BT_CAP_FAULT;
				len = 0;
			}
		}
	}
	len = copy_len(len);
	sc->rec.len = len;
	sc->rec.want = size;
	len = BT_ALIGN8(len);
	sc->rec.hdr.size = sizeof(sc->rec) + len;
	submit(sc, sizeof(sc->rec) + len, KIND_OTHER);
	return 0;
}

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

/* An index or size masked where the verifier sees it, as copy_len. */
#define fetch_mask(x, m) asm volatile("%0 &= %1" : "+r"(x) : "i"(m))

/* A value step: the value from an argument or the entry's field, or a pointer followed. */
static __always_inline void fetch_value_step(struct event_scratch *sc,
					     const struct bt_fetch_step *st, __u32 op)
{
	__u32 at = st->off, size = st->size;
	__u64 v = sc->value;
	const void *ptr = (const void *)(v + st->off);

	switch (op) {
	case BT_FETCH_ARG:
		fetch_mask(at, 15);
		sc->value = sc->args[at];
		return;
	case BT_FETCH_FIELD:
		fetch_mask(at, BT_EVENT_DATA_MAX - 1);
		v = *(const __u64 *)(sc->data + at);
		sc->value = size >= 8 ? v : v & ((1ULL << (size * 8)) - 1);
		return;
	case BT_FETCH_DEREF:
		/* the kernel's memory, or else the process's (a syscall's pointer argument) */
		if (bpf_probe_read_kernel(&v, sizeof(v), ptr) &&
		    bpf_probe_read_user(&v, sizeof(v), ptr))
			sc->item_flags = BT_CAP_FAULT;
		else
			sc->value = v;
		return;
	}
}

/* An output step: the item at the end of the items, after the entry (base bytes). */
static __always_inline void fetch_output_step(struct event_scratch *sc,
					      const struct bt_fetch_step *st, __u32 op, __u32 base)
{
	const void *src = (const void *)(sc->value + st->off);
	struct bt_fetch_item *item;
	__u32 at = sc->out, n = st->size;
	long got;
	char *dst;

	if (at + sizeof(*item) + BT_FETCH_COPY_MAX > BT_FETCH_DATA_MAX) {
		sc->rec.fetch_flags = BT_CAP_TRUNCATED;
		sc->item_flags = 0;
		return;
	}
	fetch_mask(base, BT_EVENT_DATA_MAX - 1);
	fetch_mask(at, BT_FETCH_DATA_MAX - 1);
	fetch_mask(n, 2 * BT_FETCH_COPY_MAX - 1);
	item = (void *)(sc->data + base + at);
	dst = (char *)(item + 1);
	item->len = 0;
	item->flags = sc->item_flags;
	item->pad = 0;
	if (!(sc->item_flags & BT_CAP_FAULT)) {
		switch (op) {
		case BT_FETCH_VALUE:
			*(__u64 *)dst = sc->value;
			item->len = n < 8 ? n : 8;
			break;
		case BT_FETCH_COPY:
			/* as a string: the kernel's, or else the process's */
			if (bpf_probe_read_kernel(dst, n, src) && bpf_probe_read_user(dst, n, src))
				item->flags = BT_CAP_FAULT;
			else
				item->len = n;
			break;
		default:
			/* a string of the kernel's, or else of the process (a syscall's argument) */
			got = bpf_probe_read_kernel_str(dst, n, src);
			if (got < 0)
				got = bpf_probe_read_user_str(dst, n, src);
			if (got < 0) {
				item->flags = BT_CAP_FAULT;
				break;
			}
			item->len = got;
			if (got == n)
				item->flags = BT_CAP_TRUNCATED;
			break;
		}
	}
	sc->out = at + BT_ALIGN8(sizeof(*item) + item->len);
	sc->item_flags = 0;
}

/*
 * Runs the fetch program id (an event's, or a kernel function's from kfunc.bpf.c) in work area
 * area, its items put after base bytes of entry; returns their bytes. A global function: the
 * verifier checks its loop once. The loop's state lives in the work area, not in registers, so
 * that each step's ways end in one state the verifier prunes.
 */
__noinline int fetch_run(__u32 id, __u32 base, __u32 area)
{
	const struct bt_fetch_prog *prog;
	struct event_scratch *sc;

	sc = bpf_map_lookup_elem(&event_scratch_map, &area);
	prog = bpf_map_lookup_elem(&fetch_progs, &id);
	if (!sc || !prog)
		return 0;
	sc->out = 0;
	sc->item_flags = 0;
	sc->value = 0;
	sc->rec.fetch_flags = 0;
	for (int i = 0; i < BT_FETCH_MAX_STEPS; i++) {
		const struct bt_fetch_step *st = &prog->steps[i];
		__u32 op = st->op;

		if (i >= prog->nsteps)
			break;
		if (op >= BT_FETCH_VALUE)
			fetch_output_step(sc, st, op, base);
		else if (!(sc->item_flags & BT_CAP_FAULT))
			fetch_value_step(sc, st, op);
	}
	return sc->out;
}

/* The bytes of the items fetch_run made, bounded for the verifier. */
static __always_inline __u32 fetched_len(int len)
{
	__u32 n = len;

	fetch_mask(n, 2 * BT_FETCH_DATA_MAX - 1);
	return n;
}

/*
 * --filter on an event whose entry has some of the program's argument names: those named slots
 * filled from the entry data[0..len), the others left unknown, as for a signal's line.
 */
static __always_inline bool filter_entry(const struct bt_event_desc *desc, const char *data,
					 __u32 len)
{
	struct bt_filter_input *in;
	__u64 args[8] = {};
	__u32 zero = 0, known = 0;

	in = bpf_map_lookup_elem(&filter_input, &zero);
	if (!in)
		return false;
	filter_fill(in, -1, args, bpf_get_current_pid_tgid(), NULL, BT_PROG_FILTER);
	for (int k = 0; k < BT_FILTER_MAX_NAMES; k++) {
		__u32 off = desc->filter_off[k], size = desc->filter_size[k];
		__u64 v;

		if (!(desc->filter_has & (1U << k)) || off + size > len)
			continue;
		fetch_mask(off, BT_EVENT_DATA_MAX - 1);
		v = *(const __u64 *)(data + off);
		if (size < 8)
			v &= (1ULL << (size * 8)) - 1;
		in->v[BT_FF_NAMED0 + k] = bt_filter_cast(v, desc->filter_cast[k]);
		known |= 1U << k;
	}
	in->v[BT_FF_NAMED_KNOWN] = known;
	return filter_check(BT_PHASE_EVENT, BT_PROG_FILTER);
}

SEC("tracepoint")
int on_event(void *ctx)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	const struct bt_event_desc *desc;
	struct event_scratch *sc;
	__u32 zero = 0, key, size, len, fetched;

	if (!should_trace(pid_tgid >> 32, -1))
		return 0;
	key = attached_event_id();
	desc = bpf_map_lookup_elem(&event_descs, &key);
	sc = bpf_map_lookup_elem(&event_scratch_map, &zero);
	if (!desc || !sc)
		return 0;
	/* -a with --comm, --uid or --cgroup: every process passes should_trace() */
	if (filter_active && !desc->filter_has && !filter_event())
		return 0;
	fill_hdr(&sc->rec.hdr, BT_REC_EVENT, sizeof(sc->rec));
	sc->rec.event_id = key;
	sc->rec.flags = 0;
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
	/* --filter on the entry's fields: decided once they are read */
	if (filter_active && desc->filter_has && !filter_entry(desc, sc->data, len))
		return 0;
	sc->rec.len = len;
	sc->rec.want = size;
	len = BT_ALIGN8(len);
	sc->rec.fetch_len = 0;
	sc->rec.fetch_flags = 0;
	/* fetch expressions on the entry's fields ('filename:string'): their items after it */
	if (bpf_map_lookup_elem(&fetch_progs, &key)) {
		fetched = fetched_len(fetch_run(key, len, EVENT_AREA));
		sc->rec.fetch_len = fetched;
		len += fetched;
	}
	sc->rec.hdr.size = sizeof(sc->rec) + len;
	submit(&sc->rec, sizeof(sc->rec) + len, KIND_OTHER);
	return 0;
}

/*
 * An event with fetch expressions on its BTF prototype's arguments ('prev->comm'): attached
 * as a raw tracepoint, whose context is the arguments, one u64 each. Its record has no entry,
 * only the items; a copy of the program per event, its id patched in as on_event's.
 */
SEC("raw_tp")
int on_event_raw(void *ctx)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	const struct bt_fetch_prog *prog;
	struct event_scratch *sc;
	__u32 zero = 0, key, n;

	if (!should_trace(pid_tgid >> 32, -1))
		return 0;
	if (filter_active && !filter_event())
		return 0;
	key = attached_event_id();
	prog = bpf_map_lookup_elem(&fetch_progs, &key);
	sc = bpf_map_lookup_elem(&event_scratch_map, &zero);
	if (!prog || !sc)
		return 0;
	/* a read of the context, not loads: the kernel refuses a program reading past the args */
	n = prog->nargs * sizeof(__u64);
	fetch_mask(n, sizeof(sc->args) - 1);
	if (bpf_probe_read_kernel(sc->args, n, ctx))
		return 0;
	fill_hdr(&sc->rec.hdr, BT_REC_EVENT, sizeof(sc->rec));
	sc->rec.event_id = key;
	sc->rec.flags = 0;
	sc->rec.len = 0;
	sc->rec.want = 0;
	sc->rec.cgroup = record_cgroup ? bpf_get_current_cgroup_id() : 0;
	n = fetched_len(fetch_run(key, 0, EVENT_AREA));
	sc->rec.fetch_len = n;
	sc->rec.hdr.size = sizeof(sc->rec) + n;
	submit(&sc->rec, sizeof(sc->rec) + n, KIND_OTHER);
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -e SUBSYS:EVENT: the tracepoints selected, by tracefs id, and the work area their entries
 * are copied into. Part of state.bpf.h: defined in state.bpf.c, extern in every other unit.
 */
#ifndef BTFTRACE_EVENTS_BPF_H
#define BTFTRACE_EVENTS_BPF_H

BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1); /* sized by user space: the events selected */
	__type(key, __u32);
	__type(value, struct bt_event_desc);
} event_descs SEC(".maps");

/*
 * Its own work area, not the calls' scratch: a tracepoint may fire in an interrupt that came
 * while a call's record was being built on the same CPU. Two a CPU: the events' and the
 * kernel functions' (--kfunc's fetch expressions), for the same reason.
 */
#define EVENT_AREA 0
#define KFUNC_AREA 1
struct event_scratch {
	/* fetch expressions: a raw tracepoint's arguments, and the state of fetch_run's loop */
	__u64 args[16];
	__u64 value;	  /* the value the steps work on */
	__u32 out;	  /* where the next item goes, in the items after the entry */
	__u32 item_flags; /* BT_CAP_FAULT: a step of the item could not read */
	struct bt_event_rec rec;
	/*
	 * The entry, then the fetched items: masks bound each part's start and size, and the
	 * area holds the largest the masks allow (a u32 read at the entry's last offset too).
	 */
	char data[BT_EVENT_DATA_MAX + 2 * BT_FETCH_DATA_MAX + 8];
};

BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 2); /* EVENT_AREA, KFUNC_AREA */
	__type(key, __u32);
	__type(value, struct event_scratch);
} event_scratch_map SEC(".maps");

/*
 * Fetch expressions: each event's program, by tracefs id, and each kernel function's, by
 * BT_FETCH_KFUNC_KEY + its index (struct bt_fetch_prog).
 */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1); /* sized by user space: the events selected */
	__type(key, __u32);
	__type(value, struct bt_fetch_prog);
} fetch_progs SEC(".maps");

/*
 * Runs fetch program id in work area area (EVENT_AREA, KFUNC_AREA) over its args[], its items
 * put in its data after base bytes; returns their bytes (events.bpf.c).
 */
int fetch_run(__u32 id, __u32 base, __u32 area);

#endif /* BTFTRACE_EVENTS_BPF_H */

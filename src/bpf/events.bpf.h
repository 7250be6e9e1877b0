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
 * while a call's record was being built on the same CPU.
 */
struct event_scratch {
	struct bt_event_rec rec;
	char data[BT_EVENT_DATA_MAX + 8]; /* room for a u32 read at the last offset */
};

BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct event_scratch);
} event_scratch_map SEC(".maps");

#endif /* BTFTRACE_EVENTS_BPF_H */

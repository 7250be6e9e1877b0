/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -e inject=, -e fault=: the calls btftrace acted on through seccomp user notification, marked
 * for the trace. Part of state.bpf.h: defined in state.bpf.c, extern in every other unit.
 */
#ifndef BTFTRACE_INJECT_BPF_H
#define BTFTRACE_INJECT_BPF_H

BT_EXTERN const volatile __u8 inject_active BT_INIT(0); /* btftrace marks calls it acts on */

/* The calls btftrace acted on, by thread (struct bt_inject_mark in record.h). */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1); /* sized by user space: 1 unless -e inject= */
	__type(key, __u32);
	__type(value, struct bt_inject_mark);
} inject_marks SEC(".maps");

/*
 * Entries in inject_marks, counted up by user space as it adds one: while zero, which is
 * nearly always (a mark lives from btftrace's answer to the call's return), calls skip the
 * lookup.
 */
BT_EXTERN __u64 inject_pending BT_INIT(0);

#endif /* BTFTRACE_INJECT_BPF_H */

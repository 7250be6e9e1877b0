/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --container: the cgroups of the containers traced, matched in the kernel with their
 * subtrees. Part of state.bpf.h: defined in state.bpf.c, extern in every other unit.
 */
#ifndef BTFTRACE_CONTAINER_BPF_H
#define BTFTRACE_CONTAINER_BPF_H

BT_EXTERN const volatile __u8
	container_select BT_INIT(0); /* trace only what container_cgroups holds */
BT_EXTERN const volatile __u8
	record_cgroup BT_INIT(0); /* enter records carry the thread's cgroup id */

/* The containers' cgroup ids; the value is the cgroup's depth below the root. */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, BT_CONTAINER_MAX);
	__type(key, __u64);
	__type(value, __u32);
} container_cgroups SEC(".maps");

/*
 * Bit L set: container_cgroups has a cgroup at depth L, whose id the ancestor helper is
 * asked for. Containers started while tracing (--container new) add depths.
 */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} container_levels SEC(".maps");

/*
 * The id of the traced container's cgroup the current task is in, or 0 (container.bpf.c). A
 * global function: its unrolled walk up the levels is verified once, not in every program.
 */
__u64 current_container_cgroup(void);

#endif /* BTFTRACE_CONTAINER_BPF_H */

// SPDX-License-Identifier: GPL-2.0
/* --container: which traced container's cgroup the current task is in. */
#include "state.bpf.h"

/*
 * The id of the traced container's cgroup the current task is in (its own, or one above
 * it), or 0. A task's own cgroup is the container's in the common case: one lookup. Where
 * the kernel lacks the ancestor helper, only the container's own cgroup matches.
 */
__noinline __u64 current_container_cgroup(void)
{
	__u64 id = bpf_get_current_cgroup_id(), *levels;
	__u32 zero = 0;

	if (bpf_map_lookup_elem(&container_cgroups, &id))
		return id;
	if (!have_ancestor_cgroup)
		return 0;
	levels = bpf_map_lookup_elem(&container_levels, &zero);
	if (!levels || !*levels)
		return 0;
#pragma unroll
	/*
	 * Unrolled: the verifiers of 5.10 and 6.1 refuse this loop's back-edge (it comes
	 * from a fall-through), whatever its bound.
	 */
	for (int level = 1; level < BT_CONTAINER_LEVELS; level++) {
		if (!(*levels & (1ULL << level)))
			continue;
		id = bpf_get_current_ancestor_cgroup_id(level);
		if (id && bpf_map_lookup_elem(&container_cgroups, &id))
			return id;
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * -c: calls, errors, times and histograms aggregated in the kernel, per syscall (and per
 * process or thread, and per errno, as asked).
 */
#include "state.bpf.h"
#include "summary.bpf.h"
#include "log2.h"

/*
 * A new summary entry's value, kept out of account_call's stack: 6.12's
 * verifier (and older ones) counts that frame on top of the exit program's
 * against the 512 bytes of stack a chain of calls may use.
 */
static const struct bt_summary zero_summary;

/*
 * -c: adds one finished call to the summary, in the kernel, so that
 * summary-only tracing sends nothing per call. Returns the time it counted
 * (0: none), which --slowest judges the call by. A global function: verified
 * once, whichever exit program calls it.
 */
__noinline __u64 account_call(__u32 nr, __s64 ret, __u32 tgid, __u32 tid, __u64 start_ts)
{
	struct bt_summary_key key = {.nr = nr};
	struct bt_summary *sum;
	__u64 now = bpf_ktime_get_ns(), ns = 0;
	bool timed = false;
	__u64 slot;

	if (start_ts && now >= start_ts) {
		ns = now - start_ts;
		ns = ns > summary_overhead_ns ? ns - summary_overhead_ns : 0;
		timed = true;
	}
	if (summary_by == BT_SUMMARY_PROCESS)
		key.id = tgid;
	else if (summary_by == BT_SUMMARY_THREAD)
		key.id = tid;
	else if (summary_by == BT_SUMMARY_CONTAINER)
		key.id =
			container_select ? current_container_cgroup() : bpf_get_current_cgroup_id();
	if (summary_by == BT_SUMMARY_TOTAL)
		sum = bpf_map_lookup_elem(&summary_total, &nr);
	else
		sum = bpf_map_lookup_elem(&summary_map, &key);
	if (!sum && summary_by != BT_SUMMARY_TOTAL) {
		bpf_map_update_elem(&summary_map, &key, &zero_summary, BPF_NOEXIST);
		sum = bpf_map_lookup_elem(&summary_map, &key);
	}
	if (!sum)
		return 0;
	sum->calls++;
	if (ret < 0 && ret >= -4095) {
		sum->errors++;
		if (errno_summary) {
			struct bt_errno_key ekey = {.nr = nr, .err = -ret, .id = key.id};
			__u64 one = 1, *count = bpf_map_lookup_elem(&errno_map, &ekey);

			if (count)
				(*count)++;
			else
				bpf_map_update_elem(&errno_map, &ekey, &one, BPF_NOEXIST);
		}
	}
	if (timed) {
		/* the first timed call sets the minimum: with -O, 0 is a time like any */
		if (!sum->timed++ || ns < sum->min_ns)
			sum->min_ns = ns;
		sum->total_ns += ns;
		if (ns > sum->max_ns)
			sum->max_ns = ns;
		slot = bt_log2_slot(ns, BT_HIST_SLOTS);
		/*
		 * 6.1's verifier (and older ones) loses the bound when the
		 * compiler tests a zero-extended copy: test the register used.
		 */
		barrier_var(slot);
		if (slot < BT_HIST_SLOTS)
			sum->hist[slot]++;
	}
	return ns;
}

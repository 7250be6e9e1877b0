// SPDX-License-Identifier: GPL-2.0
/*
 * --filter and --trigger: run a compiled program over the values of the current call.
 */
#include "state.bpf.h"
#include "filter.bpf.h"

/*
 * A global function: the verifier checks its loop once, not in each program. which:
 * BT_PROG_FILTER or BT_PROG_TRIGGER.
 */
__noinline int filter_check(__u32 phase, __u32 which)
{
	struct bt_filter_input *in;
	struct bt_filter_prog *prog;
	__u32 zero = 0;

	in = bpf_map_lookup_elem(&filter_input, &zero);
	if (!in)
		return 0;
	prog = bpf_map_lookup_elem(&filter_prog, &which);
	if (!prog)
		return 0;
	return bt_filter_run(prog, in, phase);
}

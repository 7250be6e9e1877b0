// SPDX-License-Identifier: GPL-2.0
/*
 * The definitions of what state.bpf.h declares: the maps, knobs and work area every unit
 * shares.
 */

#define BT_STATE_DEFINE

#include "state.bpf.h"

char LICENSE[] SEC("license") = "GPL";

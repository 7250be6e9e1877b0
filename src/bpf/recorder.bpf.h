/* SPDX-License-Identifier: GPL-2.0 */
/* Calls kept in the kernel rather than sent (recorder.bpf.c): -c --slowest, --flight-recorder. */
#ifndef BTFTRACE_BPF_RECORDER_H
#define BTFTRACE_BPF_RECORDER_H

/*
 * Keeps the record built in the work area (an enter record unless is_exit) in the slot its
 * keep fields name, in place of the ring buffer. An enter empties the slot's exit.
 */
int keep_record(__u32 is_exit);

#endif /* BTFTRACE_BPF_RECORDER_H */

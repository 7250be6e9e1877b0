/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BPF programs as strace 6.1 shows them with -v: eBPF's struct bpf_insn (bpf(BPF_PROG_LOAD)'s
 * insns) and classic BPF's struct sock_filter (SO_ATTACH_FILTER's, a seccomp filter's).
 */
#ifndef BTFTRACE_DECODE_BPF_INSNS_H
#define BTFTRACE_DECODE_BPF_INSNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "base/writer.h"

/* strace shows this many instructions of a program at most, then "..." (the kernel's limit). */
#define BPF_INSNS_SHOWN_MAX 4096

/* Whose classic program it is: a seccomp filter's BPF_RET values are actions. */
enum cbpf_owner {
	CBPF_SOCKET,
	CBPF_SECCOMP,
};

/*
 * An instruction's code as its fields joined by "|": BPF_ALU64|BPF_K|BPF_MOV. extended: eBPF's
 * (BPF_JMP32 and BPF_ALU64 where classic has BPF_RET and BPF_MISC).
 */
void bpf_insns_write_code(struct writer *w, uint16_t code, bool extended);

/*
 * len bytes of eBPF instructions, 8 each: [{code=..., dst_reg=BPF_REG_0, src_reg=BPF_REG_0,
 * off=0, imm=0}, ...]. more: the program goes on past them (a bounded copy); a trailing
 * part of an instruction counts as more too.
 */
void bpf_insns_write_ebpf(struct writer *w, const void *data, size_t len, bool more);

/*
 * len bytes of classic instructions, 8 each: [BPF_STMT(BPF_RET|BPF_K, 0xffff), BPF_JUMP(...)],
 * a seccomp filter's returns by action: BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_ALLOW).
 */
void bpf_insns_write_classic(struct writer *w, const void *data, size_t len, bool more,
			     enum cbpf_owner owner);

/*
 * A struct sock_fprog: {len=2, filter=...}, the filter with -v as the instructions prog holds
 * (read by a member rule, NULL when they were not: its address), else its address.
 */
struct bt_capture;
void bpf_insns_write_fprog(struct writer *w, unsigned int len, uint64_t filter,
			   const struct bt_capture *prog, enum cbpf_owner owner);

#endif /* BTFTRACE_DECODE_BPF_INSNS_H */

// SPDX-License-Identifier: GPL-2.0
/* The seccomp filter of -e inject=: the selected syscalls go to btftrace, every other call through. */
#include <errno.h>
#include <stddef.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "inject/inject.h"

/* x32 calls have this bit in their number: another table, which btftrace does not trace. */
#define X32_SYSCALL_BIT 0x40000000

struct range {
	__u32 lo, hi;
};

struct emitter {
	struct sock_filter *insns;
	int n, max;
};

static void emit(struct emitter *em, struct sock_filter insn)
{
	if (em->n < em->max)
		em->insns[em->n] = insn;
	em->n++;
}

/*
 * A binary search over the ranges r[0..n) of the number in the accumulator, each leaf ending
 * in its own return: every jump is forward and short (a conditional jump reaches 255
 * instructions at most), and the longer ones are BPF_JA, whose offset is 32 bits.
 */
static void emit_search(struct emitter *em, const struct range *r, int n)
{
	int mid = n / 2, ja, left_start;

	if (n == 1) {
		/* nr < lo: allow; nr > hi: allow; else notify */
		emit(em, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, r->lo, 0, 2));
		emit(em, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGT | BPF_K, r->hi, 1, 0));
		emit(em, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF));
		emit(em, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
		return;
	}
	/* nr >= r[mid].lo: the upper half, past the lower one; else the lower half */
	emit(em, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, r[mid].lo, 0, 1));
	ja = em->n;
	emit(em, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JA, 0, 0, 0));
	left_start = em->n;
	emit_search(em, r, mid);
	if (ja < em->max)
		em->insns[ja].k = em->n - left_start;
	emit_search(em, r + mid, n - mid);
}

int inject_filter__build(const struct syscall_set *set, struct sock_filter *insns, int max)
{
	struct range ranges[BT_MAX_SYSCALLS];
	struct emitter em = {.insns = insns, .max = max};
	int nranges = 0;

	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (!syscall_set__has(set, nr))
			continue;
		if (nranges && ranges[nranges - 1].hi == (__u32)nr - 1)
			ranges[nranges - 1].hi = nr;
		else
			ranges[nranges++] = (struct range){nr, nr};
	}
	/* another architecture's calls (int 0x80 from 32-bit code) are not ours to judge */
	emit(&em, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					       offsetof(struct seccomp_data, arch)));
	emit(&em, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0));
	emit(&em, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
	emit(&em, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					       offsetof(struct seccomp_data, nr)));
	emit(&em, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, X32_SYSCALL_BIT, 0, 1));
	emit(&em, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
	if (nranges)
		emit_search(&em, ranges, nranges);
	else
		emit(&em, (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
	return em.n > max ? -E2BIG : em.n;
}

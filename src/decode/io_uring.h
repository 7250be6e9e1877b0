/* SPDX-License-Identifier: GPL-2.0 */
/*
 * io_uring operations as calls (-e io_uring=SET): which syscall each opcode stands for and
 * where its arguments are in the SQE, the operations' names, and the set -e io_uring= selects.
 */
#ifndef BTFTRACE_DECODE_IO_URING_H
#define BTFTRACE_DECODE_IO_URING_H

#include <stdbool.h>
#include <stddef.h>
#include "bpf/record.h"

#define URING_ERR_MAX 256
/* "io_uring:" and an operation's name: "io_uring:sync_file_range", "io_uring:op_200" */
#define URING_NAME_MAX 40

/*
 * What an operation is shown as: the syscall whose arguments, capture rules and decoders it
 * takes (NULL: none, the SQE's fd, addr, len and off are shown, liburing's
 * io_uring_prep_rw() order), and where in the SQE each of that syscall's arguments is.
 */
struct uring_shape {
	const char *syscall;
	__u8 src[BT_MAX_ARGS]; /* enum bt_sqe_src */
	int nfields;	       /* without a syscall: the SQE's fields shown (nop: none) */
};

/* The shape of opcode; the generic shape when the operation stands for no syscall. */
const struct uring_shape *uring_shape_of(unsigned int opcode);
/* The generic shape: the SQE's fd, addr, len and off. */
const struct uring_shape *uring_generic_shape(void);

/* The operation's name, lower case without IORING_OP_ ("read"); "op_N" for one not known. */
const char *uring_op_name(unsigned int opcode, char *buf, size_t size);
/* "io_uring:read", as lines and -c's rows name it; the string lives as long as the program. */
const char *uring_call_name(unsigned int opcode);
/* The opcode a name (as uring_op_name gives it, or IORING_OP_NAME) stands for, or -1. */
int uring_opcode_of(const char *name);

/* -e io_uring=SET: the opcodes selected, a bit each. */
struct uring_set {
	__u64 bits[BT_URING_OPS / 64];
};

static inline bool uring_set__has(const struct uring_set *set, unsigned int opcode)
{
	return opcode < BT_URING_OPS && (set->bits[opcode / 64] >> (opcode % 64) & 1);
}

static inline bool uring_set__empty(const struct uring_set *set)
{
	for (size_t i = 0; i < BT_URING_OPS / 64; i++) {
		if (set->bits[i])
			return false;
	}
	return true;
}

/*
 * Parses SET into set: a comma list of operation names, all or none, '!' first for every
 * operation but those. 0, or -EINVAL with the reason in err.
 */
int uring_set_parse(const char *text, struct uring_set *set, char *err, size_t size);

/* The summary ids of operations (BT_URING_ID_BASE + opcode). */
static inline bool uring_id_is_op(int id)
{
	return id >= BT_URING_ID_BASE && id < BT_URING_ID_BASE + BT_URING_OPS;
}

#endif /* BTFTRACE_DECODE_IO_URING_H */

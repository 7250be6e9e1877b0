// SPDX-License-Identifier: GPL-2.0
/*
 * io_uring operations as calls: which syscall each opcode stands for, where that syscall's
 * arguments are in the SQE, and the operations' names. Hand-written: the kernel says nowhere
 * that IORING_OP_READ is pread64 with the SQE's fd, addr, len and off; the opcodes' values and
 * names come from the UAPI header (src/base/xlat/io_uring_ops.in).
 */
#include <ctype.h>
#include <errno.h>
#include <linux/io_uring.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/xlat.h"
#include "decode/io_uring.h"
#include "xlat_tables.h"

#define FD BT_SQE_FD
#define OFF BT_SQE_OFF
#define ADDR BT_SQE_ADDR
#define LEN BT_SQE_LEN
#define OPF BT_SQE_OP_FLAGS
#define FIDX BT_SQE_FILE_INDEX
#define ADDR3 BT_SQE_ADDR3

/* liburing's io_uring_prep_rw(op, sqe, fd, addr, len, offset): what any SQE carries */
static const struct uring_shape generic = {NULL, {FD, ADDR, LEN, OFF}, 4};

/*
 * Each operation as the syscall it does the work of, with that syscall's arguments taken from
 * where the kernel's prep functions (its io_uring/ directory) take them: off doubles as addr2, a second
 * pointer (statx's buffer, accept's addrlen) or a value (connect's addrlen); len as a mode or
 * a count; the op flags word as the syscall's flags.
 */
static const struct uring_shape shapes[] = {
	/* no SQE field means anything to it */
	[IORING_OP_NOP] = {NULL, {0}, 0},
	[IORING_OP_READV] = {"preadv2", {FD, ADDR, LEN, OFF, 0, OPF}},
	[IORING_OP_WRITEV] = {"pwritev2", {FD, ADDR, LEN, OFF, 0, OPF}},
	[IORING_OP_FSYNC] = {"fsync", {FD}},
	[IORING_OP_READ_FIXED] = {"pread64", {FD, ADDR, LEN, OFF}},
	[IORING_OP_WRITE_FIXED] = {"pwrite64", {FD, ADDR, LEN, OFF}},
	[IORING_OP_SYNC_FILE_RANGE] = {"sync_file_range", {FD, OFF, LEN, OPF}},
	[IORING_OP_SENDMSG] = {"sendmsg", {FD, ADDR, OPF}},
	[IORING_OP_RECVMSG] = {"recvmsg", {FD, ADDR, OPF}},
	[IORING_OP_ACCEPT] = {"accept4", {FD, ADDR, OFF, OPF}},
	[IORING_OP_CONNECT] = {"connect", {FD, ADDR, OFF}},
	[IORING_OP_FALLOCATE] = {"fallocate", {FD, LEN, OFF, ADDR}},
	[IORING_OP_OPENAT] = {"openat", {FD, ADDR, OPF, LEN}},
	[IORING_OP_CLOSE] = {"close", {FD}},
	[IORING_OP_STATX] = {"statx", {FD, ADDR, OPF, LEN, OFF}},
	[IORING_OP_READ] = {"pread64", {FD, ADDR, LEN, OFF}},
	[IORING_OP_WRITE] = {"pwrite64", {FD, ADDR, LEN, OFF}},
	[IORING_OP_FADVISE] = {"fadvise64", {FD, OFF, LEN, OPF}},
	[IORING_OP_MADVISE] = {"madvise", {ADDR, LEN, OPF}},
	[IORING_OP_SEND] = {"sendto", {FD, ADDR, LEN, OPF}},
	[IORING_OP_RECV] = {"recvfrom", {FD, ADDR, LEN, OPF}},
	[IORING_OP_OPENAT2] = {"openat2", {FD, ADDR, OFF, LEN}},
	[IORING_OP_EPOLL_CTL] = {"epoll_ctl", {FD, LEN, OFF, ADDR}},
	[IORING_OP_TEE] = {"tee", {FIDX, FD, LEN, OPF}},
	[IORING_OP_SHUTDOWN] = {"shutdown", {FD, LEN}},
	[IORING_OP_RENAMEAT] = {"renameat2", {FD, ADDR, LEN, OFF, OPF}},
	[IORING_OP_UNLINKAT] = {"unlinkat", {FD, ADDR, OPF}},
	[IORING_OP_MKDIRAT] = {"mkdirat", {FD, ADDR, LEN}},
	[IORING_OP_SYMLINKAT] = {"symlinkat", {ADDR, FD, OFF}},
	[IORING_OP_LINKAT] = {"linkat", {FD, ADDR, LEN, OFF, OPF}},
	[IORING_OP_FSETXATTR] = {"fsetxattr", {FD, ADDR, OFF, LEN, OPF}},
	[IORING_OP_SETXATTR] = {"setxattr", {ADDR3, ADDR, OFF, LEN, OPF}},
	[IORING_OP_FGETXATTR] = {"fgetxattr", {FD, ADDR, OFF, LEN}},
	[IORING_OP_GETXATTR] = {"getxattr", {ADDR3, ADDR, OFF, LEN}},
	[IORING_OP_SOCKET] = {"socket", {FD, OFF, LEN}},
};

const struct uring_shape *uring_shape_of(unsigned int opcode)
{
	if (opcode == IORING_OP_NOP ||
	    (opcode < sizeof(shapes) / sizeof(shapes[0]) && shapes[opcode].syscall))
		return &shapes[opcode];
	return &generic;
}

const struct uring_shape *uring_generic_shape(void)
{
	return &generic;
}

#define OP_PREFIX "IORING_OP_"

const char *uring_op_name(unsigned int opcode, char *buf, size_t size)
{
	const char *name = xlat_name(&xlat_io_uring_ops, opcode);
	size_t i;

	if (!name) {
		snprintf(buf, size, "op_%u", opcode);
		return buf;
	}
	name += strlen(OP_PREFIX);
	for (i = 0; name[i] && i + 1 < size; i++)
		buf[i] = (char)tolower((unsigned char)name[i]);
	if (size)
		buf[i] = '\0';
	return buf;
}

const char *uring_call_name(unsigned int opcode)
{
	/* written once each, on first use: a name outlives whatever holds it (-c's rows move) */
	static char names[BT_URING_OPS][URING_NAME_MAX];
	char op[URING_NAME_MAX - 16];

	opcode &= BT_URING_OPS - 1;
	if (!names[opcode][0])
		snprintf(names[opcode], sizeof(names[opcode]), "io_uring:%s",
			 uring_op_name(opcode, op, sizeof(op)));
	return names[opcode];
}

int uring_opcode_of(const char *name)
{
	char buf[URING_NAME_MAX];
	unsigned int n;
	int end = 0;

	if (!strncasecmp(name, OP_PREFIX, strlen(OP_PREFIX)))
		name += strlen(OP_PREFIX);
	for (unsigned int op = 0; op < BT_URING_OPS; op++) {
		if (xlat_name(&xlat_io_uring_ops, op) &&
		    !strcasecmp(name, uring_op_name(op, buf, sizeof(buf))))
			return (int)op;
	}
	/* op_N, as an operation this build has no name for shows */
	if (sscanf(name, "op_%u%n", &n, &end) == 1 && !name[end] && n < BT_URING_OPS)
		return (int)n;
	return -1;
}

int uring_set_parse(const char *text, struct uring_set *set, char *err, size_t size)
{
	const char *p = text;
	bool negate = false;

	memset(set, 0, sizeof(*set));
	if (*p == '!') {
		negate = true;
		p++;
	}
	if (!*p) {
		snprintf(err, size,
			 "invalid -e io_uring value '%s': give operations (read,write...), all or "
			 "none",
			 text);
		return -EINVAL;
	}
	while (*p) {
		size_t len = strcspn(p, ",");
		char word[URING_NAME_MAX];
		int op;

		if (!len || len >= sizeof(word)) {
			snprintf(err, size,
				 "invalid -e io_uring value '%s': an empty or too long name", text);
			return -EINVAL;
		}
		memcpy(word, p, len);
		word[len] = '\0';
		if (!strcmp(word, "all")) {
			memset(set->bits, 0xff, sizeof(set->bits));
		} else if (strcmp(word, "none")) {
			op = uring_opcode_of(word);
			if (op < 0) {
				snprintf(
					err, size,
					"unknown io_uring operation '%s' in -e io_uring=%s: names are "
					"IORING_OP_* in lower case without the prefix (read, writev, "
					"openat...), or all, none",
					word, text);
				return -EINVAL;
			}
			set->bits[op / 64] |= 1ULL << (op % 64);
		}
		p += len;
		if (*p == ',')
			p++;
	}
	if (negate) {
		for (size_t i = 0; i < BT_URING_OPS / 64; i++)
			set->bits[i] = ~set->bits[i];
	}
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/* The fields of a call a --filter program reads: the one table of their names and properties. */
#ifndef BTFTRACE_FILTER_FIELDS_H
#define BTFTRACE_FILTER_FIELDS_H

#include <stddef.h>
#include "bpf/filter_prog.h"

/*
 * One row: a field, or a run of numbered fields (arg0..arg5), as
 * expressions write it, as program listings show it, and what an
 * instruction that reads it needs. The parser, the compiler, their error
 * messages and the listing all read this table.
 */
struct filter_field {
	const char *name;    /* as an expression writes it; NULL: no expression can */
	const char *listing; /* in a program listing; NULL: as name */
	__u8 field;	     /* enum bt_filter_field; the first of a numbered run */
	__u8 numbered;	     /* 0: one field; n: fields field..field+n-1, named name0.. */
	__u8 insn_flags;     /* BT_FI_EXIT, BT_FI_CALL, BT_FI_UNSIGNED: of an insn reading it */
	__u8 uses;	     /* BT_FU_*: what the collector must fetch for it */
};

/* In the order error messages list them. */
extern const struct filter_field filter_fields[];
extern const unsigned int filter_fields_count;

/* The field an expression names name (pid, arg3, ret), or -1: an argument name. */
int filter_field_by_name(const char *name);

/* The row of field (enum bt_filter_field), or NULL for a number that is no field. */
const struct filter_field *filter_field_row(int field);

/* How a listing names field (comm[0:8], name2): buf, or NULL for a number that is no field. */
const char *filter_field_listing(int field, char *buf, size_t size);

/* The names expressions may use, as messages list them (pid, ..., arg0..arg5, ...), as snprintf. */
size_t filter_field_names(char *buf, size_t size);

#endif /* BTFTRACE_FILTER_FIELDS_H */

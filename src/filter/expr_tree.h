/* SPDX-License-Identifier: GPL-2.0 */
/* The parse tree of a --filter expression: what the parser builds and the compiler reads. */
#ifndef BTFTRACE_FILTER_EXPR_TREE_H
#define BTFTRACE_FILTER_EXPR_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include "filter/expr.h"

/* Longest name or number the lexer takes; no field, constant or syscall name is longer. */
#define FILTER_MAX_WORD 63

enum node_kind { N_TERM, N_AND, N_OR, N_NOT };

/* One constant of a value: a number or a name; a value ORs up to FILTER_MAX_PARTS of them. */
struct value_part {
	int col;
	bool is_name;
	char name[FILTER_MAX_WORD + 1];
	__u64 num;
	__u64 unit_ns; /* 0: no unit given */
};

struct filter_node {
	enum node_kind kind;
	int a, b; /* children: N_AND and N_OR both, N_NOT a */
	/* N_TERM */
	int col;
	char field[FILTER_MAX_WORD + 1];
	int keyword; /* the field a keyword names (enum bt_filter_field); -1: an argument name */
	enum bt_filter_op op;
	bool has_value; /* false: a bare field, true when nonzero */
	bool is_string;
	char str[BT_COMM_LEN];
	int val_col;
	int nparts;
	struct value_part parts[FILTER_MAX_PARTS];
};

struct filter_expr {
	struct filter_node nodes[FILTER_MAX_NODES];
	int nnodes;
	int root;
	bool has_exit; /* a term reads ret, errno or duration */
};

/*
 * Writes "--filter: column COL: " and the message to err, as every message
 * of the parser and the compiler starts.
 */
void filter_set_error(char *err, size_t size, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif /* BTFTRACE_FILTER_EXPR_TREE_H */

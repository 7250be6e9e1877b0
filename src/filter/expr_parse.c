// SPDX-License-Identifier: GPL-2.0
/*
 * --filter: the lexer and the recursive-descent parser of an expression,
 * into the tree of expr_tree.h. Syntax only, so that a typo is reported
 * before the catalog is read or anything is loaded.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/expr_tree.h"
#include "filter/fields.h"

enum tok_kind {
	T_END,
	T_IDENT,
	T_NUMBER,
	T_STRING,
	T_LPAREN,
	T_RPAREN,
	T_NOT,
	T_AND,
	T_OR,
	T_BITAND,
	T_PIPE,
	T_MINUS,
	T_EQ,
	T_NE,
	T_LT,
	T_LE,
	T_GT,
	T_GE,
};

struct token {
	enum tok_kind kind;
	int col; /* 1-based byte column of its first character */
	int len;
	const char *start;
	__u64 num;     /* T_NUMBER */
	__u64 unit_ns; /* T_NUMBER with a unit (10ms): ns per unit; 0 without */
};

struct parser {
	const char *text;
	int pos;
	struct token tok;
	int depth;
	struct filter_expr *e;
	char *err;
	size_t err_size;
	bool failed;
};

void filter_set_error(char *err, size_t size, int col, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!size)
		return;
	n = snprintf(err, size, "--filter: column %d: ", col);
	if (n < 0 || (size_t)n >= size)
		return;
	va_start(ap, fmt);
	vsnprintf(err + n, size - n, fmt, ap);
	va_end(ap);
}

static void parse_error(struct parser *p, int col, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void parse_error(struct parser *p, int col, const char *fmt, ...)
{
	char msg[FILTER_ERR_MAX];
	va_list ap;

	if (p->failed)
		return; /* the first error is the one to fix */
	p->failed = true;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	filter_set_error(p->err, p->err_size, col, "%s", msg);
}

/*
 * How an error names the token it found: "')'", "'foo'", "the end of the
 * expression"; bytes a terminal would act on (a string may hold a newline)
 * as \xNN, so that the message stays one line.
 */
static const char *describe(const struct token *t, char *buf, size_t size)
{
	int len = t->len > 24 ? 24 : t->len;
	size_t n = 0;

	if (t->kind == T_END)
		return "the end of the expression";
	n += snprintf(buf + n, size - n, "'");
	for (int i = 0; i < len && n < size; i++) {
		unsigned char c = t->start[i];

		if (c < 0x20 || c >= 0x7f)
			n += snprintf(buf + n, size - n, "\\x%02x", c);
		else
			n += snprintf(buf + n, size - n, "%c", c);
	}
	if (n < size)
		snprintf(buf + n, size - n, "%s'", len < t->len ? "..." : "");
	return buf;
}

static bool is_ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_ident_char(char c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* ns per unit, or 0 for a word that is not a unit. */
static __u64 unit_ns(const char *s, int len)
{
	static const struct {
		const char *name;
		__u64 ns;
	} units[] = {{"ns", 1}, {"us", 1000}, {"ms", 1000000}, {"s", 1000000000}};

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if ((int)strlen(units[i].name) == len && !strncmp(units[i].name, s, len))
			return units[i].ns;
	}
	return 0;
}

/* A number in decimal or 0x hex, and a unit right after it (10ms). */
static void lex_number(struct parser *p, struct token *t)
{
	const char *s = p->text + p->pos, *q = s;
	__u64 v = 0;
	bool overflow = false;

	if (q[0] == '0' && (q[1] == 'x' || q[1] == 'X')) {
		q += 2;
		if (hex_digit(*q) < 0) {
			parse_error(p, t->col, "expected hex digits after '0x'");
			return;
		}
		for (; hex_digit(*q) >= 0; q++) {
			if (v >> 60)
				overflow = true;
			v = v << 4 | hex_digit(*q);
		}
	} else {
		for (; is_digit(*q); q++) {
			if (v > (~0ULL - (*q - '0')) / 10)
				overflow = true;
			v = v * 10 + (*q - '0');
		}
	}
	if (overflow) {
		parse_error(p, t->col, "number '%.*s' does not fit in 64 bits", (int)(q - s), s);
		return;
	}
	t->num = v;
	if (is_ident_start(*q)) {
		const char *u = q;

		while (is_ident_char(*q))
			q++;
		t->unit_ns = unit_ns(u, q - u);
		if (!t->unit_ns) {
			parse_error(p, t->col + (int)(u - s),
				    "unknown unit '%.*s': give ns, us, ms or s",
				    (int)(q - u > 16 ? 16 : q - u), u);
			return;
		}
		if (t->unit_ns > 1 && v > ~0ULL / t->unit_ns) {
			parse_error(p, t->col, "duration '%.*s' does not fit in 64 bits of ns",
				    (int)(q - s), s);
			return;
		}
	}
	t->len = q - s;
}

/*
 * Brackets and operators: a character alone, or with the one after it (&&,
 * <=); '=' is lexed apart, as it is an operator only doubled.
 */
static const struct {
	char first, second;
	enum tok_kind alone, pair;
} operators[] = {
	{'(', 0, T_LPAREN, T_END},   {')', 0, T_RPAREN, T_END}, {'-', 0, T_MINUS, T_END},
	{'&', '&', T_BITAND, T_AND}, {'|', '|', T_PIPE, T_OR},	{'!', '=', T_NOT, T_NE},
	{'<', '=', T_LT, T_LE},	     {'>', '=', T_GT, T_GE},
};

/* The operator at t->start into t, if it is one. */
static bool lex_operator(struct token *t)
{
	const char *s = t->start;

	for (size_t i = 0; i < sizeof(operators) / sizeof(operators[0]); i++) {
		if (operators[i].first != s[0])
			continue;
		if (operators[i].second && s[1] == operators[i].second) {
			t->kind = operators[i].pair;
			t->len = 2;
		} else {
			t->kind = operators[i].alone;
			t->len = 1;
		}
		return true;
	}
	return false;
}

static void next(struct parser *p)
{
	struct token *t = &p->tok;
	const char *s;
	char c;

	if (p->failed) {
		t->kind = T_END;
		return;
	}
	while (p->text[p->pos] == ' ' || p->text[p->pos] == '\t' || p->text[p->pos] == '\n')
		p->pos++;
	s = p->text + p->pos;
	memset(t, 0, sizeof(*t));
	t->start = s;
	t->col = p->pos + 1;
	t->len = 1;
	c = *s;
	if (lex_operator(t)) {
		p->pos += t->len;
		return;
	}
	switch (c) {
	case 0:
		t->kind = T_END;
		t->len = 0;
		return;
	case '=':
		if (s[1] != '=') {
			parse_error(p, t->col, "'=' is not an operator: compare with '=='");
			t->kind = T_END;
			return;
		}
		t->kind = T_EQ;
		t->len = 2;
		p->pos += t->len;
		return;
	case '"': {
		const char *end = strchr(s + 1, '"');

		if (!end) {
			parse_error(p, t->col, "the string has no closing '\"'");
			t->kind = T_END;
			return;
		}
		t->kind = T_STRING;
		t->len = end - s + 1;
		p->pos += t->len;
		return;
	}
	default:
		if (is_digit(c)) {
			t->kind = T_NUMBER;
			lex_number(p, t);
			if (p->failed) {
				t->kind = T_END;
				return;
			}
			p->pos += t->len;
			return;
		}
		if (is_ident_start(c)) {
			const char *q = s;

			while (is_ident_char(*q))
				q++;
			t->kind = T_IDENT;
			t->len = q - s;
			if (t->len > FILTER_MAX_WORD) {
				parse_error(p, t->col, "name longer than %d characters",
					    FILTER_MAX_WORD);
				t->kind = T_END;
				return;
			}
			p->pos += t->len;
			return;
		}
		if ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7f)
			parse_error(p, t->col, "unexpected byte 0x%02x", (unsigned char)c);
		else
			parse_error(p, t->col, "unexpected character '%c'", c);
		t->kind = T_END;
		return;
	}
}

static int new_node(struct parser *p, enum node_kind kind, int col)
{
	struct filter_node *n;

	if (p->failed)
		return -1;
	if (p->e->nnodes == FILTER_MAX_NODES) {
		parse_error(p, col, "more than %d terms and operators: split the filter",
			    FILTER_MAX_NODES);
		return -1;
	}
	n = &p->e->nodes[p->e->nnodes];
	memset(n, 0, sizeof(*n));
	n->kind = kind;
	n->a = n->b = -1;
	n->col = col;
	return p->e->nnodes++;
}

static int parse_or(struct parser *p);

static bool comparison(enum tok_kind k, enum bt_filter_op *op)
{
	switch (k) {
	case T_EQ:
		*op = BT_FOP_EQ;
		return true;
	case T_NE:
		*op = BT_FOP_NE;
		return true;
	case T_LT:
		*op = BT_FOP_LT;
		return true;
	case T_LE:
		*op = BT_FOP_LE;
		return true;
	case T_GT:
		*op = BT_FOP_GT;
		return true;
	case T_GE:
		*op = BT_FOP_GE;
		return true;
	case T_BITAND:
		*op = BT_FOP_AND;
		return true;
	default:
		return false;
	}
}

/* One constant of a value: [-]NUMBER[UNIT] or NAME. */
static void parse_part(struct parser *p, struct filter_node *n, const struct token *op_tok)
{
	struct value_part *part;
	char buf[128];
	bool neg = false;
	int col = p->tok.col;

	if (n->nparts == FILTER_MAX_PARTS) {
		parse_error(p, p->tok.col, "more than %d constants joined by '|'",
			    FILTER_MAX_PARTS);
		return;
	}
	if (p->tok.kind == T_MINUS) {
		neg = true;
		next(p);
	}
	if (p->tok.kind != T_NUMBER && (neg || p->tok.kind != T_IDENT)) {
		parse_error(p, p->tok.col, "expected %s after '%.*s', found %s",
			    neg ? "a number" : "a value", op_tok->len, op_tok->start,
			    describe(&p->tok, buf, sizeof(buf)));
		return;
	}
	part = &n->parts[n->nparts++];
	part->col = col;
	if (p->tok.kind == T_IDENT) {
		part->is_name = true;
		snprintf(part->name, sizeof(part->name), "%.*s", p->tok.len, p->tok.start);
	} else {
		part->num = neg ? -p->tok.num : p->tok.num;
		part->unit_ns = p->tok.unit_ns;
		if (neg && part->unit_ns) {
			parse_error(p, col, "a duration cannot be negative");
			return;
		}
	}
	next(p);
}

/* FIELD [OP VALUE], VALUE being "STRING" or a '|' list of constants. */
static int parse_term(struct parser *p)
{
	int i = new_node(p, N_TERM, p->tok.col);
	struct token op_tok;
	struct filter_node *n;
	char buf[128];

	if (i < 0)
		return -1;
	n = &p->e->nodes[i];
	snprintf(n->field, sizeof(n->field), "%.*s", p->tok.len, p->tok.start);
	n->keyword = filter_field_by_name(n->field);
	if (n->keyword >= 0 && filter_field_row(n->keyword)->insn_flags & BT_FI_EXIT)
		p->e->has_exit = true;
	next(p);
	if (!comparison(p->tok.kind, &n->op)) {
		/* a bare field is true when nonzero, as in C */
		n->op = BT_FOP_NE;
		return i;
	}
	n->has_value = true;
	op_tok = p->tok;
	next(p);
	n->val_col = p->tok.col;
	if (p->tok.kind == T_STRING) {
		if (p->tok.len - 2 > BT_COMM_LEN - 1) {
			parse_error(p, p->tok.col,
				    "string longer than %d bytes: a comm holds no more",
				    BT_COMM_LEN - 1);
			return -1;
		}
		n->is_string = true;
		memcpy(n->str, p->tok.start + 1, p->tok.len - 2);
		next(p);
		return i;
	}
	if (p->tok.kind == T_END || p->tok.kind == T_RPAREN || p->tok.kind == T_AND ||
	    p->tok.kind == T_OR) {
		parse_error(p, p->tok.col, "expected a value after '%.*s', found %s", op_tok.len,
			    op_tok.start, describe(&p->tok, buf, sizeof(buf)));
		return -1;
	}
	parse_part(p, n, &op_tok);
	while (!p->failed && p->tok.kind == T_PIPE) {
		next(p);
		parse_part(p, n, &op_tok);
	}
	return p->failed ? -1 : i;
}

static int parse_primary(struct parser *p)
{
	char buf[128];

	if (p->tok.kind == T_LPAREN) {
		struct token open = p->tok;
		int i;

		if (++p->depth > FILTER_MAX_DEPTH) {
			parse_error(p, open.col, "nested deeper than %d levels", FILTER_MAX_DEPTH);
			return -1;
		}
		next(p);
		i = parse_or(p);
		if (p->failed)
			return -1;
		if (p->tok.kind != T_RPAREN) {
			parse_error(p, p->tok.col,
				    "expected ')' to close the '(' of column %d, found %s",
				    open.col, describe(&p->tok, buf, sizeof(buf)));
			return -1;
		}
		p->depth--;
		next(p);
		return i;
	}
	if (p->tok.kind == T_IDENT)
		return parse_term(p);
	parse_error(p, p->tok.col, "expected a field name, found %s",
		    describe(&p->tok, buf, sizeof(buf)));
	return -1;
}

static int parse_unary(struct parser *p)
{
	if (p->tok.kind == T_NOT) {
		int col = p->tok.col, i, child;

		if (++p->depth > FILTER_MAX_DEPTH) {
			parse_error(p, col, "nested deeper than %d levels", FILTER_MAX_DEPTH);
			return -1;
		}
		next(p);
		child = parse_unary(p);
		p->depth--;
		i = new_node(p, N_NOT, col);
		if (i < 0 || child < 0)
			return -1;
		p->e->nodes[i].a = child;
		return i;
	}
	return parse_primary(p);
}

static int parse_binary(struct parser *p, enum tok_kind op, enum node_kind kind,
			int (*operand)(struct parser *))
{
	int left = operand(p);

	while (!p->failed && p->tok.kind == op) {
		int col = p->tok.col, right, i;

		next(p);
		right = operand(p);
		i = new_node(p, kind, col);
		if (i < 0 || right < 0)
			return -1;
		p->e->nodes[i].a = left;
		p->e->nodes[i].b = right;
		left = i;
	}
	return p->failed ? -1 : left;
}

static int parse_and(struct parser *p)
{
	return parse_binary(p, T_AND, N_AND, parse_unary);
}

static int parse_or(struct parser *p)
{
	return parse_binary(p, T_OR, N_OR, parse_and);
}

int filter_expr__parse(const char *text, struct filter_expr **out, char *err, size_t err_size)
{
	struct parser p = {.text = text, .err = err, .err_size = err_size};
	char buf[128];
	int root;

	*out = NULL;
	if (strlen(text) > FILTER_MAX_TEXT) {
		filter_set_error(err, err_size, FILTER_MAX_TEXT + 1, "longer than %d characters",
				 FILTER_MAX_TEXT);
		return -EINVAL;
	}
	p.e = calloc(1, sizeof(*p.e));
	if (!p.e) {
		snprintf(err, err_size, "--filter: out of memory");
		return -ENOMEM;
	}
	next(&p);
	root = parse_or(&p);
	if (!p.failed && p.tok.kind != T_END)
		parse_error(&p, p.tok.col, "expected '&&', '||' or the end, found %s",
			    describe(&p.tok, buf, sizeof(buf)));
	if (p.failed || root < 0) {
		free(p.e);
		return -EINVAL;
	}
	p.e->root = root;
	*out = p.e;
	return 0;
}

void filter_expr__free(struct filter_expr *e)
{
	free(e);
}

int filter_parse_duration(const char *text, __u64 *ns)
{
	struct parser p = {.text = text};

	next(&p);
	if (p.failed || p.tok.kind != T_NUMBER)
		return -EINVAL;
	*ns = p.tok.num * (p.tok.unit_ns ? p.tok.unit_ns : 1);
	next(&p);
	return p.failed || p.tok.kind != T_END ? -EINVAL : 0;
}

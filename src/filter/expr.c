// SPDX-License-Identifier: GPL-2.0
/*
 * --filter: a recursive-descent parser of the expression (syntax only, so a
 * typo is reported before anything is loaded), and a compiler that resolves
 * names against the catalog and the decoder's constant tables and emits the
 * jump program the collector runs (see src/bpf/filter_prog.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/arg_printers.h"
#include "decode/xlat.h"
#include "filter/expr.h"
#include "types/types.h"

/* Longest name or number the lexer takes; no field, constant or syscall name is longer. */
#define FILTER_MAX_WORD 63

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

/* Fields known by name; anything else must be an argument name. */
static const struct {
	const char *name;
	enum bt_filter_field field;
} keyword_fields[] = {
	{"pid", BT_FF_PID},	      {"tid", BT_FF_TID},	{"ppid", BT_FF_PPID},
	{"uid", BT_FF_UID},	      {"gid", BT_FF_GID},	{"syscall", BT_FF_SYSCALL},
	{"comm", BT_FF_COMM_LO},      {"arg0", BT_FF_ARG0},	{"arg1", BT_FF_ARG0 + 1},
	{"arg2", BT_FF_ARG0 + 2},     {"arg3", BT_FF_ARG0 + 3}, {"arg4", BT_FF_ARG0 + 4},
	{"arg5", BT_FF_ARG0 + 5},     {"ret", BT_FF_RET},	{"errno", BT_FF_ERRNO},
	{"duration", BT_FF_DURATION},
};

static int keyword_field(const char *name)
{
	for (size_t i = 0; i < sizeof(keyword_fields) / sizeof(keyword_fields[0]); i++) {
		if (!strcmp(keyword_fields[i].name, name))
			return keyword_fields[i].field;
	}
	return -1;
}

static bool is_exit_field(int field)
{
	return field == BT_FF_RET || field == BT_FF_ERRNO || field == BT_FF_DURATION;
}

static void set_error(char *err, size_t size, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void set_error(char *err, size_t size, int col, const char *fmt, ...)
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
	set_error(p->err, p->err_size, col, "%s", msg);
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
	switch (c) {
	case 0:
		t->kind = T_END;
		t->len = 0;
		return;
	case '(':
		t->kind = T_LPAREN;
		break;
	case ')':
		t->kind = T_RPAREN;
		break;
	case '-':
		t->kind = T_MINUS;
		break;
	case '&':
		t->kind = s[1] == '&' ? T_AND : T_BITAND;
		break;
	case '|':
		t->kind = s[1] == '|' ? T_OR : T_PIPE;
		break;
	case '!':
		t->kind = s[1] == '=' ? T_NE : T_NOT;
		break;
	case '<':
		t->kind = s[1] == '=' ? T_LE : T_LT;
		break;
	case '>':
		t->kind = s[1] == '=' ? T_GE : T_GT;
		break;
	case '=':
		if (s[1] != '=') {
			parse_error(p, t->col, "'=' is not an operator: compare with '=='");
			t->kind = T_END;
			return;
		}
		t->kind = T_EQ;
		break;
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
	if (t->kind == T_AND || t->kind == T_OR || t->kind == T_NE || t->kind == T_LE ||
	    t->kind == T_GE || t->kind == T_EQ)
		t->len = 2;
	p->pos += t->len;
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
	int i = new_node(p, N_TERM, p->tok.col), field;
	struct token op_tok;
	struct filter_node *n;
	char buf[128];

	if (i < 0)
		return -1;
	n = &p->e->nodes[i];
	snprintf(n->field, sizeof(n->field), "%.*s", p->tok.len, p->tok.start);
	field = keyword_field(n->field);
	if (is_exit_field(field))
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
		set_error(err, err_size, FILTER_MAX_TEXT + 1, "longer than %d characters",
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

bool filter_spec__active(const struct filter_spec *spec)
{
	return spec->expr || spec->failed || spec->successful || spec->min_duration_ns ||
	       spec->comm || spec->has_uid || spec->has_cgroup;
}

bool filter_spec__needs_exit(const struct filter_spec *spec)
{
	return (spec->expr && spec->expr->has_exit) || spec->failed || spec->successful ||
	       spec->min_duration_ns;
}

/* ---------------------------------------------------------------- compiler */

#define LABEL_ACCEPT (-1)
#define LABEL_REJECT (-2)
/* one per && and || node and comm term, one between the ANDed options: never exhausted */
#define MAX_LABELS (FILTER_MAX_NODES * 2 + 16)

struct compiler {
	const struct filter_spec *spec;
	const struct catalog *cat;
	const struct types *types;
	struct filter_compiled *out;
	char *err;
	size_t err_size;
	int jt[BT_FILTER_MAX_INSNS], jf[BT_FILTER_MAX_INSNS]; /* labels */
	int label_pos[MAX_LABELS];
	int nlabels;
};

static int new_label(struct compiler *c)
{
	if (c->nlabels == MAX_LABELS)
		return -E2BIG;
	c->label_pos[c->nlabels] = -1;
	return c->nlabels++;
}

static void place(struct compiler *c, int label)
{
	c->label_pos[label] = c->out->prog.len;
}

static int emit(struct compiler *c, int col, int field, enum bt_filter_op op, __u64 val,
		__u32 flags, int t, int f, bool positive)
{
	struct bt_filter_prog *prog = &c->out->prog;
	struct bt_filter_insn *insn;

	if (prog->len == BT_FILTER_MAX_INSNS) {
		set_error(c->err, c->err_size, col,
			  "more than %d comparisons (comm == NAME counts 2): split the filter",
			  BT_FILTER_MAX_INSNS);
		return -E2BIG;
	}
	insn = &prog->insns[prog->len];
	insn->field = field;
	insn->op = op;
	insn->val = val;
	insn->flags = flags | (positive ? BT_FI_POSITIVE : 0);
	if (is_exit_field(field))
		insn->flags |= BT_FI_EXIT;
	if (field == BT_FF_SYSCALL ||
	    (field >= BT_FF_ARG0 && field < BT_FF_NAMED0 + BT_FILTER_MAX_NAMES))
		insn->flags |= BT_FI_CALL;
	c->jt[prog->len] = t;
	c->jf[prog->len] = f;
	prog->len++;
	return 0;
}

/* A comm (or any 16 bytes) as the two little-endian words the collector compares. */
static void comm_words(const char *name, __u64 *lo, __u64 *hi)
{
	unsigned char bytes[BT_COMM_LEN] = {0};
	size_t len = strlen(name);

	memcpy(bytes, name, len < BT_COMM_LEN - 1 ? len : BT_COMM_LEN - 1);
	*lo = *hi = 0;
	for (int i = 7; i >= 0; i--) {
		*lo = *lo << 8 | bytes[i];
		*hi = *hi << 8 | bytes[8 + i];
	}
}

/* comm == NAME: both words equal; comm != NAME: either differs. */
static int emit_comm(struct compiler *c, int col, enum bt_filter_op op, const char *name, int t,
		     int f, bool positive)
{
	int mid = new_label(c), err;
	__u64 lo, hi;

	if (mid < 0)
		return mid;
	comm_words(name, &lo, &hi);
	if (op == BT_FOP_EQ)
		err = emit(c, col, BT_FF_COMM_LO, op, lo, 0, mid, f, positive);
	else
		err = emit(c, col, BT_FF_COMM_LO, op, lo, 0, t, mid, positive);
	if (err)
		return err;
	place(c, mid);
	c->out->prog.uses |= BT_FU_COMM;
	return emit(c, col, BT_FF_COMM_HI, op, hi, 0, t, f, positive);
}

static void set_remove(struct syscall_set *set, int nr)
{
	set->bits[nr / 64] &= ~(1ULL << (nr % 64));
}

static bool traced_has_arg(const struct compiler *c, int nr, const char *name)
{
	const struct syscall_desc *d = catalog__by_nr(c->cat, nr);

	return d && d->has_format && syscall_desc__arg_index(d, name) >= 0;
}

static bool catalog_has_arg(const struct catalog *cat, const char *name)
{
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		const struct syscall_desc *d = catalog__by_nr(cat, nr);

		if (d && d->has_format && syscall_desc__arg_index(d, name) >= 0)
			return true;
	}
	return false;
}

/* The named-argument slot of name, allocated on first use. */
static int name_slot(struct compiler *c, const char *name, int col)
{
	struct filter_compiled *out = c->out;

	for (int i = 0; i < out->nnames; i++) {
		if (!strcmp(out->names[i], name))
			return i;
	}
	if (out->nnames == BT_FILTER_MAX_NAMES) {
		set_error(c->err, c->err_size, col,
			  "more than %d different argument names in one filter",
			  BT_FILTER_MAX_NAMES);
		return -E2BIG;
	}
	snprintf(out->names[out->nnames], sizeof(out->names[0]), "%s", name);
	return out->nnames++;
}

/* A constant of argument name in syscall nr's table: 0, or -ENOENT. */
static int arg_const(const struct compiler *c, int nr, const char *arg, const char *name,
		     __u64 *val)
{
	const struct syscall_desc *d = catalog__by_nr(c->cat, nr);
	const struct value_printer *vp = d ? value_printer_find(d->name, arg) : NULL;
	uint64_t v;

	if (!vp || value_printer_const(vp, name, &v))
		return -ENOENT;
	*val = v;
	return 0;
}

static bool any_table_knows(const struct compiler *c, const char *arg, const char *name)
{
	__u64 v;

	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (traced_has_arg(c, nr, arg) && !arg_const(c, nr, arg, name, &v))
			return true;
	}
	return false;
}

/*
 * First pass over the terms: checks every field name, and narrows the traced
 * set to the syscalls that have each argument named and know each constant
 * given to it. Recurses over the tree, bounded by FILTER_MAX_DEPTH and nodes.
 */
static int restrict_set(struct compiler *c, const struct filter_expr *e, int i)
{
	const struct filter_node *n = &e->nodes[i];
	struct syscall_set *set = &c->out->traced;
	int err;

	if (n->kind != N_TERM) {
		err = restrict_set(c, e, n->a);
		if (!err && n->b >= 0)
			err = restrict_set(c, e, n->b);
		return err;
	}
	if (keyword_field(n->field) >= 0)
		return 0;
	if (!catalog_has_arg(c->cat, n->field)) {
		set_error(c->err, c->err_size, n->col,
			  "unknown field '%s': give pid, tid, ppid, uid, gid, comm, syscall, "
			  "arg0..arg5, ret, errno, duration or an argument name ('btftrace "
			  "syscalls' lists them)",
			  n->field);
		return -EINVAL;
	}
	err = name_slot(c, n->field, n->col);
	if (err < 0)
		return err;
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (syscall_set__has(set, nr) && !traced_has_arg(c, nr, n->field))
			set_remove(set, nr);
	}
	if (!syscall_set__count(set)) {
		set_error(c->err, c->err_size, n->col,
			  "no traced syscall has an argument called '%s': trace one that has "
			  "('btftrace syscalls' lists them), or drop the term",
			  n->field);
		return -EINVAL;
	}
	for (int p = 0; p < n->nparts; p++) {
		const struct value_part *part = &n->parts[p];
		__u64 v;

		if (!part->is_name)
			continue;
		for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
			if (syscall_set__has(set, nr) && arg_const(c, nr, n->field, part->name, &v))
				set_remove(set, nr);
		}
		if (syscall_set__count(set))
			continue;
		if (any_table_knows(c, n->field, part->name))
			set_error(c->err, c->err_size, part->col,
				  "no traced syscall takes '%s' in its argument %s: trace one "
				  "that does",
				  part->name, n->field);
		else
			set_error(c->err, c->err_size, part->col,
				  "unknown constant '%s' for %s: give a number, or a name the "
				  "decoder prints for it",
				  part->name, n->field);
		return -EINVAL;
	}
	return 0;
}

/* The value of a named argument's constant, the same in every syscall left. */
static int named_const(struct compiler *c, const struct filter_node *n,
		       const struct value_part *part, __u64 *val)
{
	const struct syscall_desc *first = NULL;
	bool found = false;
	__u64 v;

	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (!syscall_set__has(&c->out->traced, nr) ||
		    arg_const(c, nr, n->field, part->name, &v))
			continue;
		if (found && v != *val) {
			set_error(c->err, c->err_size, part->col,
				  "'%s' is %#llx for %s's %s but %#llx for %s's: choose the "
				  "syscalls with -e",
				  part->name, (unsigned long long)*val, first->name, n->field,
				  (unsigned long long)v, catalog__by_nr(c->cat, nr)->name);
			return -EINVAL;
		}
		if (!found)
			first = catalog__by_nr(c->cat, nr);
		found = true;
		*val = v;
	}
	return found ? 0 : -EINVAL;
}

static int name_value(struct compiler *c, const struct filter_node *n, int field,
		      const struct value_part *part, __u64 *val)
{
	const struct syscall_desc *d;
	uint64_t v;

	if (field >= BT_FF_NAMED0 && field < BT_FF_NAMED0 + BT_FILTER_MAX_NAMES)
		return named_const(c, n, part, val);
	if (field == BT_FF_SYSCALL) {
		/* x86_64's, which i386's namesake matches too; else an i386-only call's id */
		d = catalog__by_name(c->cat, part->name);
		if (!d)
			d = catalog__next_by_name(c->cat, part->name, -1);
		if (!d) {
			set_error(c->err, c->err_size, part->col,
				  "unknown syscall '%s': 'btftrace syscalls' lists them all",
				  part->name);
			return -EINVAL;
		}
		*val = d->nr;
		return 0;
	}
	if (field == BT_FF_ERRNO) {
		if (xlat_value(xlat_find("errnos"), part->name, &v)) {
			set_error(c->err, c->err_size, part->col,
				  "unknown errno '%s': give a name like ENOENT, or a number",
				  part->name);
			return -EINVAL;
		}
		*val = v;
		return 0;
	}
	set_error(c->err, c->err_size, part->col, "expected a number for %s, found '%s'", n->field,
		  part->name);
	return -EINVAL;
}

/* The constant a term compares with: its parts ORed. */
static int term_value(struct compiler *c, const struct filter_node *n, int field, __u64 *val)
{
	*val = 0;
	if (!n->has_value)
		return 0;
	if (n->is_string) {
		set_error(c->err, c->err_size, n->val_col,
			  "a string only compares with comm; %s takes numbers", n->field);
		return -EINVAL;
	}
	for (int p = 0; p < n->nparts; p++) {
		const struct value_part *part = &n->parts[p];
		__u64 v = 0;
		int err;

		if (part->is_name) {
			err = name_value(c, n, field, part, &v);
			if (err)
				return err;
		} else if (part->unit_ns && field != BT_FF_DURATION) {
			set_error(c->err, c->err_size, part->col,
				  "a unit goes with duration only, not with %s", n->field);
			return -EINVAL;
		} else {
			v = part->unit_ns ? part->num * part->unit_ns : part->num;
		}
		*val |= v;
	}
	return 0;
}

static int gen_term(struct compiler *c, const struct filter_node *n, int t, int f, bool positive)
{
	int field = keyword_field(n->field), slot;
	__u32 flags = 0;
	__u64 val;
	int err;

	if (field == BT_FF_COMM_LO) {
		char name[FILTER_MAX_WORD + 1];

		if (!n->has_value || (n->op != BT_FOP_EQ && n->op != BT_FOP_NE)) {
			set_error(c->err, c->err_size, n->col,
				  "comm compares with == or != and a name: comm == \"cat\"");
			return -EINVAL;
		}
		if (n->is_string) {
			snprintf(name, sizeof(name), "%s", n->str);
		} else if (n->nparts == 1 && n->parts[0].is_name) {
			snprintf(name, sizeof(name), "%s", n->parts[0].name);
		} else {
			set_error(c->err, c->err_size, n->val_col,
				  "comm compares with a name: comm == \"cat\"");
			return -EINVAL;
		}
		return emit_comm(c, n->col, n->op, name, t, f, positive);
	}
	if (field < 0) {
		slot = name_slot(c, n->field, n->col);
		if (slot < 0)
			return slot;
		field = BT_FF_NAMED0 + slot;
		c->out->prog.uses |= BT_FU_NAMED;
	}
	if (field >= BT_FF_ARG0 && field < BT_FF_ARG0 + BT_MAX_ARGS)
		flags |= BT_FI_UNSIGNED;
	if (field == BT_FF_PPID)
		c->out->prog.uses |= BT_FU_PPID;
	err = term_value(c, n, field, &val);
	if (err)
		return err;
	return emit(c, n->col, field, n->op, val, flags, t, f, positive);
}

static int gen_node(struct compiler *c, const struct filter_expr *e, int i, int t, int f,
		    bool positive)
{
	const struct filter_node *n = &e->nodes[i];
	int mid, err;

	switch (n->kind) {
	case N_TERM:
		return gen_term(c, n, t, f, positive);
	case N_NOT:
		return gen_node(c, e, n->a, f, t, !positive);
	case N_AND:
	case N_OR:
		mid = new_label(c);
		if (mid < 0)
			return mid;
		err = n->kind == N_AND ? gen_node(c, e, n->a, mid, f, positive)
				       : gen_node(c, e, n->a, t, mid, positive);
		if (err)
			return err;
		place(c, mid);
		return gen_node(c, e, n->b, t, f, positive);
	}
	return -EINVAL;
}

/* How a named argument widens from its C type; fds compare as ints whatever their declared type. */
static __u8 arg_cast(const struct compiler *c, const struct syscall_desc *d, int idx)
{
	const struct value_printer *vp = value_printer_find(d->name, d->args[idx].name);
	struct arg_type at;

	if (vp && (vp->kind == VK_FD || vp->kind == VK_DIRFD || vp->kind == VK_SIGNAL))
		return BT_CAST_S32;
	types__resolve(c->types, d->args[idx].type, &at);
	if (at.ptr_depth || at.value_size >= 8 || at.value_size == 0)
		return BT_CAST_U64;
	switch (at.value_size) {
	case 4:
		return at.is_signed ? BT_CAST_S32 : BT_CAST_U32;
	case 2:
		return at.is_signed ? BT_CAST_S16 : BT_CAST_U16;
	default:
		return at.is_signed ? BT_CAST_S8 : BT_CAST_U8;
	}
}

/* Each traced syscall's places of the named arguments, and their widening. */
static void fill_args(struct compiler *c)
{
	struct filter_compiled *out = c->out;
	bool all_u64[BT_FILTER_MAX_NAMES];

	for (int k = 0; k < out->nnames; k++)
		all_u64[k] = true;
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		const struct syscall_desc *d = catalog__by_nr(c->cat, nr);

		if (!d || !syscall_set__has(&out->traced, nr))
			continue;
		for (int k = 0; k < out->nnames; k++) {
			int idx = syscall_desc__arg_index(d, out->names[k]);

			if (idx < 0)
				continue;
			out->args[nr].index[k] = idx;
			out->args[nr].cast[k] = arg_cast(c, d, idx);
			if (out->args[nr].cast[k] != BT_CAST_U64)
				all_u64[k] = false;
		}
	}
	/* sizes and counts (size_t, unsigned long) compare unsigned, as their C type does */
	for (__u32 i = 0; i < out->prog.len; i++) {
		struct bt_filter_insn *insn = &out->prog.insns[i];
		int k = insn->field - BT_FF_NAMED0;

		if (k >= 0 && k < out->nnames && all_u64[k])
			insn->flags |= BT_FI_UNSIGNED;
	}
}

static int resolve_labels(struct compiler *c)
{
	struct bt_filter_prog *prog = &c->out->prog;

	for (__u32 i = 0; i < prog->len; i++) {
		int labels[2] = {c->jt[i], c->jf[i]};
		__u8 target[2];

		for (int k = 0; k < 2; k++) {
			if (labels[k] == LABEL_ACCEPT)
				target[k] = BT_FILTER_ACCEPT;
			else if (labels[k] == LABEL_REJECT)
				target[k] = BT_FILTER_REJECT;
			else if (c->label_pos[labels[k]] > (int)i &&
				 c->label_pos[labels[k]] < (int)prog->len)
				target[k] = c->label_pos[labels[k]];
			else
				return -EINVAL; /* a backward jump: a bug of this compiler */
		}
		prog->insns[i].jt = target[0];
		prog->insns[i].jf = target[1];
	}
	return 0;
}

/* One condition the options add (-Z, --uid...), ANDed with the rest; field -1: the expression. */
struct extra_term {
	int field;
	enum bt_filter_op op;
	__u64 val;
	const char *comm;
};

int filter_spec__compile(const struct filter_spec *spec, const struct catalog *cat,
			 const struct types *types, const struct syscall_set *traced,
			 struct filter_compiled *out, char *err, size_t err_size)
{
	struct compiler c = {.spec = spec,
			     .cat = cat,
			     .types = types,
			     .out = out,
			     .err = err,
			     .err_size = err_size};
	struct extra_term parts[8];
	int nparts = 0, ret, next_label;

	memset(out, 0, sizeof(*out));
	out->traced = *traced;
	/*
	 * The process conditions first (the cheapest to reject a call by), then
	 * the expression, then the result conditions, all ANDed. A part of
	 * field -1 stands for the expression.
	 */
	if (spec->comm)
		parts[nparts++] = (struct extra_term){BT_FF_COMM_LO, BT_FOP_EQ, 0, spec->comm};
	if (spec->has_uid)
		parts[nparts++] = (struct extra_term){BT_FF_UID, BT_FOP_EQ, spec->uid, NULL};
	if (spec->has_cgroup) {
		parts[nparts++] =
			(struct extra_term){BT_FF_CGROUP, BT_FOP_EQ, spec->cgroup_id, NULL};
		out->prog.uses |= BT_FU_CGROUP;
		out->prog.cgroup_level = spec->cgroup_level;
	}
	if (spec->expr)
		parts[nparts++] = (struct extra_term){-1, BT_FOP_EQ, 0, NULL};
	if (spec->failed)
		parts[nparts++] = (struct extra_term){BT_FF_ERRNO, BT_FOP_NE, 0, NULL};
	if (spec->successful)
		parts[nparts++] = (struct extra_term){BT_FF_ERRNO, BT_FOP_EQ, 0, NULL};
	if (spec->min_duration_ns)
		parts[nparts++] =
			(struct extra_term){BT_FF_DURATION, BT_FOP_GE, spec->min_duration_ns, NULL};
	if (spec->expr && (ret = restrict_set(&c, spec->expr, spec->expr->root)))
		return ret;
	for (int k = 0; k < nparts; k++) {
		bool last = k == nparts - 1;

		next_label = LABEL_ACCEPT;
		if (!last && (next_label = new_label(&c)) < 0)
			return next_label;
		if (parts[k].field < 0)
			ret = gen_node(&c, spec->expr, spec->expr->root, next_label, LABEL_REJECT,
				       true);
		else if (parts[k].comm)
			ret = emit_comm(&c, 1, parts[k].op, parts[k].comm, next_label, LABEL_REJECT,
					true);
		else
			ret = emit(&c, 1, parts[k].field, parts[k].op, parts[k].val, 0, next_label,
				   LABEL_REJECT, true);
		if (ret)
			return ret;
		if (!last)
			place(&c, next_label);
	}
	ret = resolve_labels(&c);
	if (ret) {
		snprintf(err, err_size, "--filter: internal error: a backward jump");
		return ret;
	}
	fill_args(&c);
	return 0;
}

/* ---------------------------------------------------------------- listing */

static const char *const field_names[BT_FF_COUNT] = {
	[BT_FF_PID] = "pid",	       [BT_FF_TID] = "tid",
	[BT_FF_PPID] = "ppid",	       [BT_FF_UID] = "uid",
	[BT_FF_GID] = "gid",	       [BT_FF_SYSCALL] = "syscall",
	[BT_FF_COMM_LO] = "comm[0:8]", [BT_FF_COMM_HI] = "comm[8:16]",
	[BT_FF_CGROUP] = "cgroup",     [BT_FF_ARG0] = "arg0",
	[BT_FF_ARG0 + 1] = "arg1",     [BT_FF_ARG0 + 2] = "arg2",
	[BT_FF_ARG0 + 3] = "arg3",     [BT_FF_ARG0 + 4] = "arg4",
	[BT_FF_ARG0 + 5] = "arg5",     [BT_FF_NAMED0] = "name0",
	[BT_FF_NAMED0 + 1] = "name1",  [BT_FF_NAMED0 + 2] = "name2",
	[BT_FF_NAMED0 + 3] = "name3",  [BT_FF_RET] = "ret",
	[BT_FF_ERRNO] = "errno",       [BT_FF_DURATION] = "duration",
};

static const char *const op_names[] = {"==", "!=", "<", "<=", ">", ">=", "&"};

static size_t format_target(char *buf, size_t size, __u8 target)
{
	if (target == BT_FILTER_ACCEPT)
		return snprintf(buf, size, "accept");
	if (target == BT_FILTER_REJECT)
		return snprintf(buf, size, "reject");
	return snprintf(buf, size, "%u", target);
}

size_t filter_prog__format(const struct bt_filter_prog *prog, char *buf, size_t size)
{
	size_t n = 0;

	for (__u32 i = 0; i < prog->len && i < BT_FILTER_MAX_INSNS; i++) {
		const struct bt_filter_insn *insn = &prog->insns[i];
		const char *field = insn->field < BT_FF_COUNT ? field_names[insn->field] : NULL;
		const char *op = insn->op <= BT_FOP_AND ? op_names[insn->op] : "?";
		char jt[16], jf[16], val[24];
		__s64 v = insn->val;

		if (v > -4096 && v < 4096)
			snprintf(val, sizeof(val), "%lld", (long long)v);
		else
			snprintf(val, sizeof(val), "%#llx", (unsigned long long)v);
		format_target(jt, sizeof(jt), insn->jt);
		format_target(jf, sizeof(jf), insn->jf);
		n += snprintf(buf + (n < size ? n : size), n < size ? size - n : 0,
			      "%u: %s %s %s ? %s : %s%s%s%s\n", i, field ? field : "?", op, val, jt,
			      jf, insn->flags & BT_FI_EXIT ? " exit" : "",
			      insn->flags & BT_FI_POSITIVE ? "" : " negated",
			      insn->flags & BT_FI_UNSIGNED ? " unsigned" : "");
	}
	return n;
}

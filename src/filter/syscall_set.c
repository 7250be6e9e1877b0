// SPDX-License-Identifier: GPL-2.0
/* Parses -e trace=SET values and resolves them against the catalog into a set of numbers. */
#include <errno.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/classes.h"
#include "filter/syscall_set.h"

enum elem_kind {
	ELEM_NAME,
	ELEM_REGEX,
	ELEM_CLASS,
	ELEM_ALL,
	ELEM_NONE,
};

struct set_elem {
	enum elem_kind kind;
	bool optional; /* '?': may match nothing */
	char *text;    /* as written, without the '?' */
	const struct syscall_class *cls;
	regex_t regex;
};

struct set_expr {
	char *source; /* the whole -e value, for messages */
	bool negate;
	struct set_elem *elems;
	int nelems;
};

void syscall_set__add(struct syscall_set *s, int nr)
{
	if (nr >= 0 && nr < BT_MAX_SYSCALLS)
		s->bits[nr / 64] |= 1ULL << (nr % 64);
}

bool syscall_set__has(const struct syscall_set *s, int nr)
{
	return nr >= 0 && nr < BT_MAX_SYSCALLS && (s->bits[nr / 64] >> (nr % 64)) & 1;
}

int syscall_set__count(const struct syscall_set *s)
{
	int n = 0;

	for (size_t i = 0; i < sizeof(s->bits) / sizeof(s->bits[0]); i++)
		n += __builtin_popcountll(s->bits[i]);
	return n;
}

void syscall_set__apply(const struct syscall_set *s, struct bt_syscall_rules *rules)
{
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (!syscall_set__has(s, nr))
			rules[nr].flags &= ~BT_SC_SELECTED;
	}
}

static int set_error(char *err, size_t size, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int set_error(char *err, size_t size, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, size, fmt, ap);
	va_end(ap);
	return code;
}

/* "%file, %desc, ... or %pure", from the class table so that it cannot fall behind. */
static void class_names(char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < syscall_classes_count && n < size; i++) {
		const char *sep = i == 0 ? "" : i + 1 == syscall_classes_count ? " or " : ", ";

		n += snprintf(buf + n, size - n, "%s%s", sep, syscall_classes[i].name);
	}
}

static bool valid_name(const char *s)
{
	for (; *s; s++) {
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '_'))
			return false;
	}
	return true;
}

/*
 * glibc's regcomp copies a group once per repetition it must unroll ("+" twice, "{m}" m + 1
 * times), and repetitions of repetitions multiply: "a" followed by thirty "+" takes 2 GB. The
 * loops that repetitions leave (the "*" in the unrolled "aa*") make its closure pass slow in
 * their count cubed: "d*" and twelve "+" take seconds; loops in loops of an anchor are worse,
 * "^a" and twenty "*" then "+*" take seconds, forty take minutes. And each "(" is a level of its
 * recursion, so a few ten thousand overflow its stack. Syscall names are short, so no regex
 * over them needs any of that: the size regcomp would build is estimated from the text first,
 * and a regex past these limits is refused.
 */
#define REGEX_MAX_NODES 65536
#define REGEX_MAX_LOOPS 16
#define REGEX_MAX_LOOP_NESTING 3
#define REGEX_MAX_NESTING 32

/* What regcomp builds for part of a regex, once unrolled: saturated past the limits. */
struct regex_cost {
	unsigned long nodes;
	unsigned long loops; /* repetition nodes: "*", "?", and those "+" and "{m}" leave */
	unsigned long depth; /* repetitions of repetitions: "a**" and "((a*)+)*" are 2 and 3 */
};

struct regex_level {
	struct regex_cost done; /* alternatives and atoms closed at this level */
	struct regex_cost last; /* the last atom, which a repetition would copy */
};

static unsigned long sat_add(unsigned long a, unsigned long b)
{
	return a + b > REGEX_MAX_NODES ? REGEX_MAX_NODES + 1 : a + b;
}

static unsigned long sat_mul(unsigned long a, unsigned long b)
{
	return b && a > (REGEX_MAX_NODES + 1) / b ? REGEX_MAX_NODES + 1 : a * b;
}

static void cost_add(struct regex_cost *to, const struct regex_cost *c)
{
	to->nodes = sat_add(to->nodes, c->nodes);
	to->loops = sat_add(to->loops, c->loops);
	if (c->depth > to->depth)
		to->depth = c->depth;
}

/* A repetition of c that unrolls it into copies: one more loop node, and all of it copied. */
static void cost_repeat(struct regex_cost *c, unsigned long copies)
{
	c->nodes = sat_mul(sat_add(c->nodes, 1), copies);
	c->loops = sat_mul(sat_add(c->loops, 1), copies);
	c->depth++;
}

/* The end of the bracket expression that starts at p ('['), or NULL when it has none. */
static const char *bracket_end(const char *p)
{
	p++;
	if (*p == '^')
		p++;
	/* a ']' first is a member, not the end */
	if (*p == ']')
		p++;
	for (; *p && *p != ']'; p++) {
		/* [:class:], [.coll.] and [=equiv=] may hold a ']' */
		if (*p == '[' && (p[1] == ':' || p[1] == '.' || p[1] == '=')) {
			const char *close = strchr(p + 2, p[1]);

			while (close && close[1] != ']')
				close = strchr(close + 1, p[1]);
			if (!close)
				return NULL;
			p = close + 1;
		}
	}
	return *p ? p : NULL;
}

static unsigned long read_count(const char **q)
{
	unsigned long v = 0;

	for (; **q >= '0' && **q <= '9'; (*q)++)
		v = v > REGEX_MAX_NODES ? v : v * 10 + (**q - '0');
	return v;
}

/*
 * How many copies "{m}", "{m,}", "{m,n}" or glibc's "{,n}" at p makes, and
 * its length in *len; 0 when p starts no interval (regcomp then takes the
 * '{' literally or refuses it).
 */
static unsigned long interval_copies(const char *p, size_t *len)
{
	const char *q = p + 1;
	unsigned long m, n;

	if ((*q < '0' || *q > '9') && *q != ',')
		return 0;
	m = n = read_count(&q);
	if (*q == ',') {
		q++;
		n = read_count(&q);
	}
	if (*q != '}')
		return 0;
	*len = q + 1 - p;
	return sat_add(n > m ? n : m, 1);
}

/*
 * Bounds what regcomp builds for re: atoms cost one node, a group its
 * contents, alternatives add up and repetitions copy the atom before them.
 * Returns -E2BIG (too many nodes or loops) or -ELOOP (nested too deep).
 */
static int regex_check_size(const char *re)
{
	static const struct regex_cost one = {.nodes = 1};
	struct regex_level lv[REGEX_MAX_NESTING + 1] = {};
	struct regex_cost total;
	unsigned long copies;
	int depth = 0;
	size_t len;

	for (const char *p = re; *p; p++) {
		struct regex_level *top = &lv[depth];

		switch (*p) {
		case '(':
			if (depth == REGEX_MAX_NESTING)
				return -ELOOP;
			lv[++depth] = (struct regex_level){};
			continue;
		case ')':
			if (!depth)
				break;
			/* the group becomes the last atom of the level around it */
			total = top->done;
			cost_add(&total, &top->last);
			cost_add(&total, &one);
			depth--;
			cost_add(&lv[depth].done, &lv[depth].last);
			lv[depth].last = total;
			continue;
		case '|':
			cost_add(&top->done, &top->last);
			top->last = (struct regex_cost){};
			continue;
		case '*':
		case '?':
			cost_repeat(&top->last, 1);
			continue;
		case '+':
			cost_repeat(&top->last, 2);
			continue;
		case '{':
			copies = interval_copies(p, &len);
			if (!copies)
				break;
			cost_repeat(&top->last, copies);
			p += len - 1;
			continue;
		case '[': {
			const char *end = bracket_end(p);

			/*
			 * regcomp refuses an unclosed bracket, but only after it built
			 * what comes before: that still counts
			 */
			if (!end)
				end = p + strlen(p) - 1;
			p = end;
			break;
		}
		case '\\':
			if (p[1])
				p++;
			break;
		}
		/* one atom */
		cost_add(&top->done, &top->last);
		top->last = one;
	}
	/* groups left open are an error for regcomp, but it built them first */
	for (; depth >= 0; depth--) {
		total = lv[depth].done;
		cost_add(&total, &lv[depth].last);
		if (depth)
			cost_add(&lv[depth - 1].done, &total);
	}
	if (total.nodes > REGEX_MAX_NODES || total.loops > REGEX_MAX_LOOPS ||
	    total.depth > REGEX_MAX_LOOP_NESTING)
		return -E2BIG;
	return 0;
}

static int parse_elem(struct set_elem *el, const char *tok, const char *source, char *err,
		      size_t size)
{
	char classes[256];
	int rc;

	while (*tok == '?') {
		el->optional = true;
		tok++;
	}
	if (!*tok)
		return set_error(err, size, -EINVAL,
				 "'?' with nothing after it in -e '%s': it goes before a name, "
				 "as in ?open",
				 source);
	if (*tok == '!')
		return set_error(err, size, -EINVAL,
				 "'%s' in -e '%s': '!' negates the whole set and goes first, as in "
				 "-e '!open,close' (all but open and close)",
				 tok, source);
	el->text = strdup(tok);
	if (!el->text)
		return set_error(err, size, -ENOMEM, "out of memory");
	if (!strcmp(tok, "all")) {
		el->kind = ELEM_ALL;
	} else if (!strcmp(tok, "none")) {
		el->kind = ELEM_NONE;
	} else if (*tok == '/') {
		if (!tok[1])
			return set_error(err, size, -EINVAL,
					 "empty regex '/' in -e '%s': write the regex after the /, "
					 "as in /^open",
					 source);
		rc = regex_check_size(tok + 1);
		if (rc == -ELOOP)
			return set_error(err, size, -EINVAL,
					 "regex '%s' in -e '%s' is nested too deep (more than %d "
					 "levels of ()): write a simpler one, as in /^(send|recv)",
					 tok, source, REGEX_MAX_NESTING);
		if (rc)
			return set_error(
				err, size, -EINVAL,
				"regex '%s' in -e '%s' is too large (its repetitions unroll "
				"to more than %d nodes or %d loops, or repeat repetitions "
				"more than %d deep): write a simpler one, as in /^(send|recv)",
				tok, source, REGEX_MAX_NODES, REGEX_MAX_LOOPS,
				REGEX_MAX_LOOP_NESTING);
		rc = regcomp(&el->regex, tok + 1, REG_EXTENDED | REG_NOSUB);
		if (rc) {
			char why[128];

			regerror(rc, &el->regex, why, sizeof(why));
			return set_error(
				err, size, -EINVAL,
				"invalid regex '%s' in -e '%s' (%s): give a POSIX extended "
				"regex, see regex(7)",
				tok, source, why);
		}
		/* only now: a failed regcomp leaves nothing for regfree */
		el->kind = ELEM_REGEX;
	} else if (*tok == '%') {
		el->kind = ELEM_CLASS;
		el->cls = syscall_class__find(tok);
		if (!el->cls) {
			class_names(classes, sizeof(classes));
			return set_error(
				err, size, -EINVAL,
				"unknown syscall class '%s' in -e '%s': the classes are %s", tok,
				source, classes);
		}
	} else {
		el->kind = ELEM_NAME;
		if (!valid_name(tok))
			return set_error(err, size, -EINVAL,
					 "invalid syscall name '%s' in -e '%s': names are letters, "
					 "digits and '_'; for a pattern give /REGEX",
					 tok, source);
	}
	return 0;
}

static void free_expr(struct set_expr *e)
{
	for (int i = 0; i < e->nelems; i++) {
		if (e->elems[i].kind == ELEM_REGEX)
			regfree(&e->elems[i].regex);
		free(e->elems[i].text);
	}
	free(e->elems);
	free(e->source);
	memset(e, 0, sizeof(*e));
}

static int parse_expr(struct set_expr *e, const char *text, char *err, size_t size)
{
	const char *set = text;
	size_t q = strspn(text, "abcdefghijklmnopqrstuvwxyz-_");
	char *copy, *save = NULL;
	int rc = 0;

	e->source = strdup(text);
	if (!e->source)
		return set_error(err, size, -ENOMEM, "out of memory");
	/* strace's qualifiers: trace= (or t=) is the only one; a bare set means trace= */
	if (q && text[q] == '=') {
		if ((q == 5 && !strncmp(text, "trace", 5)) || (q == 1 && text[0] == 't'))
			set = text + q + 1;
		else
			return set_error(err, size, -EINVAL,
					 "unsupported -e qualifier '%.*s=' in -e '%s': btftrace "
					 "takes -e trace=SET (or -e SET), -e signal=SET, "
					 "-e quiet=WHAT, -e read=SET, -e write=SET, "
					 "-e trace-fds=SET, -e decode-pids=WHAT, -e status=SET, "
					 "-e raw=SET, -e abbrev=SET, -e verbose=SET, "
					 "-e inject=SET:WHAT, -e fault=SET and "
					 "-e SUBSYS:EVENT",
					 (int)q, text, text);
	}
	while (*set == '!') {
		e->negate = !e->negate;
		set++;
	}
	copy = strdup(set);
	e->elems = calloc(strlen(set) / 2 + 1, sizeof(*e->elems));
	if (!copy || !e->elems) {
		free(copy);
		return set_error(err, size, -ENOMEM, "out of memory");
	}
	/* empty elements (a,,b or a trailing comma) are skipped, as strace does */
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		rc = parse_elem(&e->elems[e->nelems++], tok, text, err, size);
		if (rc)
			break;
	}
	free(copy);
	if (rc)
		return rc;
	if (!e->nelems) {
		if (set != text && set[-1] == '!')
			return set_error(err, size, -EINVAL,
					 "nothing after '!' in -e '%s': name the syscalls not to "
					 "trace, as in -e '!close'",
					 text);
		return set_error(err, size, -EINVAL,
				 "empty syscall set in -e '%s': give names, /regex, %%class, all "
				 "or none, separated by commas",
				 text);
	}
	return 0;
}

int syscall_filter__add(struct syscall_filter *f, const char *text, char *err, size_t err_size)
{
	struct set_expr *exprs = realloc(f->exprs, (f->nexprs + 1) * sizeof(*exprs));
	struct set_expr *e;
	int rc;

	if (!exprs)
		return set_error(err, err_size, -ENOMEM, "out of memory");
	f->exprs = exprs;
	e = &exprs[f->nexprs];
	memset(e, 0, sizeof(*e));
	rc = parse_expr(e, text, err, err_size);
	if (rc) {
		free_expr(e);
		return rc;
	}
	f->nexprs++;
	return 0;
}

void syscall_filter__free(struct syscall_filter *f)
{
	for (int i = 0; i < f->nexprs; i++)
		free_expr(&f->exprs[i]);
	free(f->exprs);
	f->exprs = NULL;
	f->nexprs = 0;
}

static int resolve_name(const struct set_elem *el, const struct set_expr *e,
			const struct catalog *cat, struct syscall_set *s, char *err, size_t size)
{
	const struct syscall_desc *desc = catalog__next_by_name(cat, el->text, -1);
	char as_class[SYSCALL_NAME_MAX + 2];

	if (desc) {
		/* the call of each ABI that has it, as strace selects by name */
		for (; desc; desc = catalog__next_by_name(cat, el->text, desc->nr))
			syscall_set__add(s, desc->nr);
		return 0;
	}
	if (el->optional)
		return 0;
	/* strace still takes "file" for "%file", deprecated: point to the spelling */
	snprintf(as_class, sizeof(as_class), "%%%s", el->text);
	if (syscall_class__find(as_class))
		return set_error(err, size, -EINVAL,
				 "unknown syscall '%s' in -e '%s': classes start with %%, as in %s",
				 el->text, e->source, as_class);
	return set_error(err, size, -EINVAL,
			 "unknown syscall '%s' in -e '%s': 'btftrace syscalls' lists the names; "
			 "write ?%s if it may be missing",
			 el->text, e->source, el->text);
}

/* Adds what el selects to s. classes is computed on first use; *have_classes says when. */
static int resolve_elem(const struct set_elem *el, const struct set_expr *e,
			const struct catalog *cat, unsigned int *classes, bool *have_classes,
			struct syscall_set *s, char *err, size_t size)
{
	bool matched = false;
	int rc;

	switch (el->kind) {
	case ELEM_NAME:
		return resolve_name(el, e, cat, s, err, size);
	case ELEM_ALL:
		for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++)
			syscall_set__add(s, nr);
		return 0;
	case ELEM_NONE:
		return 0;
	case ELEM_REGEX:
		for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
			const struct syscall_desc *desc = catalog__by_nr(cat, nr);

			if (desc && regexec(&el->regex, desc->name, 0, NULL, 0) == 0) {
				syscall_set__add(s, nr);
				matched = true;
			}
		}
		break;
	case ELEM_CLASS:
		if (!*have_classes) {
			rc = syscall_classes__compute(cat, classes);
			if (rc)
				return set_error(err, size, rc,
						 "cannot compute syscall classes: %s",
						 strerror(-rc));
			*have_classes = true;
		}
		for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
			if (classes[nr] & el->cls->mask) {
				syscall_set__add(s, nr);
				matched = true;
			}
		}
		break;
	}
	if (matched || el->optional)
		return 0;
	return set_error(err, size, -EINVAL,
			 "no syscall matches '%s' in -e '%s': check it against 'btftrace "
			 "syscalls', or write ?%s to allow no match",
			 el->text, e->source, el->text);
}

int syscall_filter__resolve(const struct syscall_filter *f, const struct catalog *cat,
			    struct syscall_set *out, char *err, size_t err_size)
{
	unsigned int classes[BT_MAX_SYSCALLS];
	bool have_classes = false;
	int rc;

	memset(out, 0, sizeof(*out));
	for (int i = 0; i < f->nexprs; i++) {
		const struct set_expr *e = &f->exprs[i];
		struct syscall_set s = {};

		for (int j = 0; j < e->nelems; j++) {
			const struct set_elem *el = &e->elems[j];

			rc = resolve_elem(el, e, cat, classes, &have_classes, &s, err, err_size);
			if (rc)
				return rc;
		}
		for (size_t w = 0; w < sizeof(s.bits) / sizeof(s.bits[0]); w++)
			out->bits[w] |= e->negate ? ~s.bits[w] : s.bits[w];
	}
	return 0;
}

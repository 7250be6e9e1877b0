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
					 "takes -e trace=SET (or -e SET), -e signal=SET and "
					 "-e quiet=WHAT",
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
	const struct syscall_desc *desc = catalog__by_name(cat, el->text);
	char as_class[SYSCALL_NAME_MAX + 2];

	if (desc) {
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

// SPDX-License-Identifier: GPL-2.0
/* -e inject= and -e fault= in strace 6.1's syntax: parsed, resolved, and counted as strace counts. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/strace_time.h"
#include "base/xlat.h"
#include "filter/classes.h"
#include "filter/signal_set.h"
#include "inject/inject.h"

#define INJECT_FIX "see 'man btftrace', FAULT INJECTION"

static int set_error(char *err, size_t size, int rc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int set_error(char *err, size_t size, int rc, const char *fmt, ...)
{
	va_list ap;

	if (size) {
		va_start(ap, fmt);
		vsnprintf(err, size, fmt, ap);
		va_end(ap);
	}
	return rc;
}

/*
 * A whole decimal number from 0 to max as strace reads one (strtoll: leading blanks and '+'
 * pass), ending at the end of text or at one of the characters of ends; -1 if not. *end: where
 * it stopped.
 */
static long long parse_uint(const char *text, const char **end, long long max, const char *ends)
{
	char *stop;
	long long v;

	if (!*text)
		return -1;
	errno = 0;
	v = strtoll(text, &stop, 10);
	if (stop == text || v < 0 || v > max || errno == ERANGE)
		return -1;
	if (*stop && (!ends || !strchr(ends, *stop)))
		return -1;
	if (end)
		*end = stop;
	return v;
}

/*
 * when=FIRST[..LAST][+[STEP]] into w, strace's reading of it:
 *   F = F..INF+0, F+ = F..INF+1, F+S = F..INF+S, F..L = F..L+1, F..L+S.
 */
static int parse_when(const char *text, struct inject_when *w)
{
	const char *end;
	long long first, last = INJECT_LAST_INF, step;

	first = parse_uint(text, &end, INJECT_WHEN_MAX, "+.");
	if (first < 1)
		return -EINVAL;
	if (*end == '.') {
		if (end[1] != '.')
			return -EINVAL;
		last = parse_uint(end + 2, &end, INJECT_WHEN_MAX, "+");
		if (last < first || last == INJECT_LAST_INF)
			return -EINVAL;
	}
	if (*end) { /* '+' */
		if (end[1]) {
			step = parse_uint(end + 1, NULL, INJECT_WHEN_MAX, NULL);
			if (step < 1)
				return -EINVAL;
		} else {
			step = 1;
		}
	} else {
		step = last == INJECT_LAST_INF ? 0 : 1;
	}
	w->first = first;
	w->last = last;
	w->step = step;
	return 0;
}

bool inject_when__step(struct inject_when *w)
{
	if (w->first == 0 || w->last == 0)
		return false;
	if (w->last != INJECT_LAST_INF)
		w->last--;
	if (--w->first != 0)
		return false;
	w->first = w->step;
	return true;
}

/* error=: 1..4095, or a name strace knows (ENOENT, enoent, ERESTARTSYS); -1 if neither. */
static int parse_errno(const char *text)
{
	long long n = parse_uint(text, NULL, INJECT_ERRNO_MAX, NULL);

	if (n >= 0)
		return n;
	for (int e = 1; e <= INJECT_ERRNO_MAX; e++) {
		const char *name = xlat_errno_name(e);

		if (name && !strcasecmp(name, text))
			return e;
	}
	return -1;
}

/* retval=: strtoull's syntax, as strace reads it (so -1 is 2^64-1 and 0x10 is 16). */
static int parse_retval(const char *text, __s64 *out)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(text, &end, 0);
	if (end == text || *end || ((v == 0 || v == ULLONG_MAX) && errno))
		return -EINVAL;
	*out = (__s64)v;
	return 0;
}

/* The value after "name=" when token starts so, or NULL. */
static const char *token_value(const char *token, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(token, name, n) && token[n] == '=' ? token + n + 1 : NULL;
}

static int bad_token(char *err, size_t size, const struct inject_expr *e, const char *token,
		     const char *why)
{
	return set_error(err, size, -EINVAL, "invalid -e %s value '%s': %s '%s'; %s",
			 e->fault ? "fault" : "inject", e->text, why, token, INJECT_FIX);
}

static int parse_token(struct inject_expr *e, const char *token, char *err, size_t size)
{
	struct inject_action *a = &e->action;
	const char *kind = e->fault ? "fault" : "inject";
	const char *v;

	if ((v = token_value(token, "when"))) {
		/* several when= are allowed: the last counts */
		if (parse_when(v, &a->when))
			return bad_token(
				err, size, e, token,
				"when= takes FIRST, FIRST+, FIRST+STEP, FIRST..LAST or "
				"FIRST..LAST+STEP (FIRST and STEP 1 to 65535, LAST from FIRST "
				"to 65534), not");
		return 0;
	}
	if ((v = token_value(token, "syscall"))) {
		if (a->flags & INJECT_F_SYSCALL)
			return bad_token(err, size, e, token, "syscall= is given twice:");
		a->syscall = strdup(v);
		if (!a->syscall)
			return set_error(err, size, -ENOMEM, "out of memory");
		a->flags |= INJECT_F_SYSCALL;
		return 0;
	}
	if ((v = token_value(token, "error"))) {
		if (a->flags & (INJECT_F_ERROR | INJECT_F_RETVAL))
			return bad_token(err, size, e, token,
					 "one expression takes one error= or retval=, not also");
		a->error = parse_errno(v);
		if (a->error < 1)
			return bad_token(
				err, size, e, token,
				"error= takes an errno name (ENOENT) or a number from 1 to "
				"4095, not");
		a->flags |= INJECT_F_ERROR;
		return 0;
	}
	if (!e->fault && (v = token_value(token, "retval"))) {
		if (a->flags & (INJECT_F_ERROR | INJECT_F_RETVAL))
			return bad_token(err, size, e, token,
					 "one expression takes one error= or retval=, not also");
		if (parse_retval(v, &a->retval))
			return bad_token(
				err, size, e, token,
				"retval= takes a number (decimal, 0x hex or 0 octal), not");
		a->flags |= INJECT_F_RETVAL;
		return 0;
	}
	if (!e->fault && (v = token_value(token, "signal"))) {
		if (a->flags & INJECT_F_SIGNAL)
			return bad_token(err, size, e, token, "signal= is given twice:");
		a->signo = signal_set_number(v);
		if (a->signo < 1)
			return bad_token(
				err, size, e, token,
				"signal= takes a signal name (SIGUSR1 or usr1) or a number "
				"from 1 to 64, not");
		a->flags |= INJECT_F_SIGNAL;
		return 0;
	}
	if (!e->fault && (v = token_value(token, "delay_enter"))) {
		if (a->flags & INJECT_F_DELAY_ENTER)
			return bad_token(err, size, e, token, "delay_enter= is given twice:");
		if (strace_time_parse(v, &a->delay_enter_ns))
			return bad_token(err, size, e, token,
					 "delay_enter= takes a time, a number with s, ms, us or ns "
					 "(microseconds without), not");
		a->flags |= INJECT_F_DELAY_ENTER;
		return 0;
	}
	if (!e->fault && token_value(token, "delay_exit"))
		return set_error(
			err, size, -EINVAL,
			"-e inject=...:delay_exit= cannot be served without ptrace: seccomp "
			"hands btftrace a call only as it enters, and nothing can hold a "
			"thread as a call returns; use delay_enter= (in '%s')",
			e->text);
	if (!e->fault && (token_value(token, "poke_enter") || token_value(token, "poke_exit")))
		return set_error(
			err, size, -EINVAL,
			"-e inject=...:poke_enter= and poke_exit= are not supported: "
			"btftrace does not write into the traced process's memory (in '%s')",
			e->text);
	if (e->fault && (token_value(token, "retval") || token_value(token, "signal") ||
			 token_value(token, "delay_enter") || token_value(token, "delay_exit") ||
			 token_value(token, "poke_enter") || token_value(token, "poke_exit")))
		return bad_token(err, size, e, token,
				 "-e fault= takes only error=, when= and syscall=; use -e inject= "
				 "for");
	return set_error(err, size, -EINVAL,
			 "invalid -e %s value '%s': unknown token '%s'; the tokens are %s; %s",
			 kind, e->text, token,
			 e->fault ? "error=, when= and syscall="
				  : "error=, retval=, signal=, delay_enter=, when= and syscall=",
			 INJECT_FIX);
}

static void free_expr(struct inject_expr *e)
{
	free(e->text);
	free(e->action.syscall);
	syscall_filter__free(&e->set);
}

static int parse_expr(struct inject_expr *e, const char *text, char *err, size_t size)
{
	const char *kind = e->fault ? "fault" : "inject";
	char *copy, *colon, *save = NULL;
	int rc = 0;

	e->text = strdup(text);
	copy = strdup(text);
	if (!e->text || !copy) {
		free(copy);
		return set_error(err, size, -ENOMEM, "out of memory");
	}
	/* by default every invocation: 1..INF+1 */
	e->action.when = (struct inject_when){.first = 1, .last = INJECT_LAST_INF, .step = 1};
	colon = strchr(copy, ':');
	if (colon)
		*colon = 0;
	if (!*copy) {
		rc = set_error(err, size, -EINVAL,
			       "invalid -e %s value '%s': no syscalls before the first ':'; give "
			       "them as for -e trace=, as in -e %s=openat:error=ENOENT",
			       kind, text, kind);
		goto out;
	}
	/* the set is -e trace='s: a '=' in it would make it a qualifier there */
	if (strchr(copy, '=')) {
		rc = set_error(
			err, size, -EINVAL,
			"invalid -e %s value '%s': '%s' is no syscall set; give it as for "
			"-e trace=, then ':' and the tokens, as in -e %s=openat:error=ENOENT",
			kind, text, copy, kind);
		goto out;
	}
	rc = syscall_filter__add(&e->set, copy, err, size);
	if (rc)
		goto out;
	/* empty tokens (a::b, a trailing ':') are skipped, as strace's strtok skips them */
	for (char *tok = colon ? strtok_r(colon + 1, ":", &save) : NULL; tok;
	     tok = strtok_r(NULL, ":", &save)) {
		rc = parse_token(e, tok, err, size);
		if (rc)
			goto out;
	}
	if (!(e->action.flags &
	      (INJECT_F_ERROR | INJECT_F_RETVAL | INJECT_F_SIGNAL | INJECT_F_DELAY_ENTER))) {
		if (e->fault) {
			e->action.error = ENOSYS;
			e->action.flags |= INJECT_F_ERROR;
		} else {
			rc = set_error(err, size, -EINVAL,
				       "invalid -e inject value '%s': say what to inject, with "
				       "error=, retval=, signal= or delay_enter=; %s",
				       text, INJECT_FIX);
		}
	}
out:
	free(copy);
	return rc;
}

int inject_spec__add(struct inject_spec *spec, const char *text, bool fault, char *err,
		     size_t err_size)
{
	struct inject_expr *exprs = realloc(spec->exprs, (spec->nexprs + 1) * sizeof(*exprs));
	struct inject_expr *e;
	int rc;

	if (!exprs)
		return set_error(err, err_size, -ENOMEM, "out of memory");
	spec->exprs = exprs;
	e = &exprs[spec->nexprs];
	memset(e, 0, sizeof(*e));
	e->fault = fault;
	rc = parse_expr(e, text, err, err_size);
	if (rc) {
		free_expr(e);
		return rc;
	}
	spec->nexprs++;
	return 0;
}

void inject_spec__free(struct inject_spec *spec)
{
	for (int i = 0; i < spec->nexprs; i++)
		free_expr(&spec->exprs[i]);
	free(spec->exprs);
	spec->exprs = NULL;
	spec->nexprs = 0;
}

/* syscall=NAME must name a pure syscall (no arguments, cannot fail), as strace demands. */
static int check_stand_in(const struct inject_expr *e, const struct catalog *cat,
			  const unsigned int *classes, char *err, size_t size)
{
	const struct syscall_desc *desc = catalog__by_name(cat, e->action.syscall);

	if (!desc)
		return set_error(err, size, -EINVAL,
				 "invalid -e %s value '%s': unknown syscall '%s' in syscall=; "
				 "'btftrace syscalls -e %%pure' lists the ones it takes",
				 e->fault ? "fault" : "inject", e->text, e->action.syscall);
	if (!(classes[desc->nr] & SC_PURE))
		return set_error(err, size, -EINVAL,
				 "invalid -e %s value '%s': syscall=%s is not a pure syscall; "
				 "'btftrace syscalls -e %%pure' lists the ones it takes",
				 e->fault ? "fault" : "inject", e->text, e->action.syscall);
	return 0;
}

int inject_plan__resolve(struct inject_plan *plan, const struct inject_spec *spec,
			 const struct catalog *cat, const struct syscall_set *traced, char *err,
			 size_t err_size)
{
	unsigned int *classes = NULL;
	int rc = 0;

	memset(plan, 0, sizeof(*plan));
	plan->spec = spec;
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++)
		plan->expr_of[nr] = plan->slot_of[nr] = -1;
	for (int i = 0; i < spec->nexprs; i++) {
		const struct inject_expr *e = &spec->exprs[i];
		struct syscall_set set;

		if (e->action.flags & INJECT_F_SYSCALL) {
			if (!classes) {
				classes = calloc(BT_MAX_SYSCALLS, sizeof(*classes));
				if (!classes)
					return set_error(err, err_size, -ENOMEM, "out of memory");
				rc = syscall_classes__compute(cat, classes);
				if (rc) {
					set_error(err, err_size, rc,
						  "cannot compute the syscall "
						  "classes: out of memory");
					goto out;
				}
			}
			rc = check_stand_in(e, cat, classes, err, err_size);
			if (rc)
				goto out;
		}
		rc = syscall_filter__resolve(&e->set, cat, &set, err, err_size);
		if (rc)
			goto out;
		/*
		 * x86_64 calls only: the filter lets i386 ones (a 32-bit program's, int $0x80)
		 * through untouched
		 */
		for (int nr = 0; nr < BT_NR_I386; nr++) {
			if (syscall_set__has(&set, nr) && syscall_set__has(traced, nr))
				plan->expr_of[nr] = i;
		}
	}
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (plan->expr_of[nr] < 0)
			continue;
		plan->slot_of[nr] = plan->nslots++;
		syscall_set__add(&plan->injected, nr);
	}
out:
	free(classes);
	return rc;
}

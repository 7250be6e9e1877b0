// SPDX-License-Identifier: GPL-2.0
/* Tracepoints for -e SUBSYS:EVENT: found in tracefs by glob, their formats parsed into fields. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog/tracepoints.h"

/* Bytes of one element of the types whose size the type names; 0 when it does not say. */
static __u16 type_elem_size(const char *type)
{
	static const struct {
		const char *name;
		__u16 size;
	} sizes[] = {
		{"char", 1},
		{"signed char", 1},
		{"unsigned char", 1},
		{"u8", 1},
		{"__u8", 1},
		{"s8", 1},
		{"bool", 1},
		{"short", 2},
		{"unsigned short", 2},
		{"u16", 2},
		{"__u16", 2},
		{"s16", 2},
		{"__be16", 2},
		{"int", 4},
		{"unsigned int", 4},
		{"unsigned", 4},
		{"u32", 4},
		{"__u32", 4},
		{"s32", 4},
		{"__be32", 4},
		{"pid_t", 4},
		{"long", 8},
		{"unsigned long", 8},
		{"u64", 8},
		{"__u64", 8},
		{"s64", 8},
		{"long long", 8},
		{"size_t", 8},
		{"unsigned long long", 8},
	};
	const char *t = type;

	if (!strncmp(t, "const ", 6))
		t += 6;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		if (!strcmp(t, sizes[i].name))
			return sizes[i].size;
	}
	return 0;
}

static bool type_is_char(const char *type)
{
	const char *t = !strncmp(type, "const ", 6) ? type + 6 : type;

	return !strcmp(t, "char") || !strcmp(t, "unsigned char") || !strcmp(t, "signed char");
}

/* A number after key: in "offset:8;": 0, or -EINVAL. */
static int field_number(const char *line, size_t len, const char *key, unsigned long *v)
{
	const char *p = memmem(line, len, key, strlen(key));
	char *end;

	if (!p)
		return -EINVAL;
	p += strlen(key);
	*v = strtoul(p, &end, 10);
	return end == p || *end != ';' ? -EINVAL : 0;
}

/*
 * One "field:TYPE NAME;" declaration into f: "char prev_comm[16]", "__data_loc char[] name",
 * "const char * filename", "unsigned long args[6]". Returns 0 or -EINVAL.
 */
static int parse_decl(const char *decl, size_t len, struct tp_field *f)
{
	char buf[TP_NAME_MAX + TP_TYPE_MAX + 32], *name, *bracket, *type;
	size_t end;

	if (len >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, decl, len);
	buf[len] = '\0';
	end = len;
	while (end && isspace((unsigned char)buf[end - 1]))
		buf[--end] = '\0';
	type = buf;
	if (!strncmp(type, "__data_loc ", 11)) {
		f->kind = TP_FIELD_DYN;
		type += 11;
	} else if (!strncmp(type, "__rel_loc ", 10)) {
		f->kind = TP_FIELD_REL_DYN;
		type += 10;
	}
	/* the name: the last identifier, before an array's brackets */
	bracket = end && buf[end - 1] == ']' ? strrchr(buf, '[') : NULL;
	if (bracket && f->kind == TP_FIELD_SCALAR) {
		char *count_end;
		unsigned long count = strtoul(bracket + 1, &count_end, 10);

		f->kind = TP_FIELD_ARRAY;
		/* a length tracefs did not work out ([ETH_ALEN]): bytes */
		f->count = *count_end == ']' && count_end != bracket + 1 ? count : 0;
		*bracket = '\0';
		end = bracket - buf;
	}
	name = buf + end;
	while (name > type && (isalnum((unsigned char)name[-1]) || name[-1] == '_'))
		name--;
	if (!*name || name == type || strlen(name) >= sizeof(f->name))
		return -EINVAL;
	snprintf(f->name, sizeof(f->name), "%s", name);
	*name = '\0';
	/* the type: what is left, without a __data_loc's "[]" */
	end = strlen(type);
	while (end && (isspace((unsigned char)type[end - 1]) || type[end - 1] == ']' ||
		       type[end - 1] == '['))
		type[--end] = '\0';
	if (!end || end >= sizeof(f->type))
		return -EINVAL;
	snprintf(f->type, sizeof(f->type), "%s", type);
	if (f->kind == TP_FIELD_SCALAR && type[end - 1] == '*')
		f->kind = TP_FIELD_POINTER;
	f->is_char =
		f->kind != TP_FIELD_SCALAR && f->kind != TP_FIELD_POINTER && type_is_char(f->type);
	return 0;
}

int tp_format_parse(const char *text, struct tp_event *ev)
{
	const char *line = text;
	bool seen_format = false;
	size_t cap = 0;

	ev->nfields = 0;
	ev->fixed_size = 0;
	ev->fields = NULL;
	while (line && *line) {
		const char *eol = strchr(line, '\n');
		size_t len = eol ? (size_t)(eol - line) : strlen(line);
		const char *field = memmem(line, len, "field:", 6);
		unsigned long offset, size, is_signed;
		struct tp_field f = {0};
		const char *semi;

		if (!strncmp(line, "ID:", 3))
			ev->id = strtoul(line + 3, NULL, 10);
		if (!strncmp(line, "format:", 7))
			seen_format = true;
		line = eol ? eol + 1 : NULL;
		if (!field)
			continue;
		field += 6;
		semi = strchr(field, ';');
		if (!semi || (eol && semi > eol) || parse_decl(field, semi - field, &f))
			goto bad;
		len = (eol ? eol : field + strlen(field)) - semi;
		if (field_number(semi, len, "offset:", &offset) ||
		    field_number(semi, len, "size:", &size) ||
		    field_number(semi, len, "signed:", &is_signed) || offset > 0xffff ||
		    size > 0xffff)
			goto bad;
		f.offset = offset;
		f.size = size;
		f.is_signed = is_signed;
		if (offset + size > ev->fixed_size)
			ev->fixed_size = offset + size;
		/* the entry's header: every event has it, none shows it */
		if (!strncmp(f.name, "common_", 7))
			continue;
		if (f.kind == TP_FIELD_ARRAY && f.count && size % f.count == 0)
			f.elem_size = size / f.count;
		else if (f.kind == TP_FIELD_ARRAY)
			f.elem_size = 1;
		else if (f.kind == TP_FIELD_DYN || f.kind == TP_FIELD_REL_DYN)
			f.elem_size = type_elem_size(f.type) ? type_elem_size(f.type) : 1;
		if (f.kind == TP_FIELD_ARRAY && !f.count)
			f.count = size;
		if ((f.kind == TP_FIELD_DYN || f.kind == TP_FIELD_REL_DYN) && size != 4)
			goto bad;
		if ((size_t)ev->nfields == cap) {
			size_t ncap = cap ? 2 * cap : 8;
			struct tp_field *p = realloc(ev->fields, ncap * sizeof(*p));

			if (!p)
				goto bad;
			ev->fields = p;
			cap = ncap;
		}
		ev->fields[ev->nfields++] = f;
	}
	if (seen_format)
		return 0;
bad:
	free(ev->fields);
	ev->fields = NULL;
	ev->nfields = 0;
	return -EINVAL;
}

void tp_event__free(struct tp_event *ev)
{
	free(ev->fields);
	free(ev->shown);
	free(ev->fetch);
	ev->fields = NULL;
	ev->shown = NULL;
	ev->fetch = NULL;
}

void tp_event__desc(const struct tp_event *ev, struct bt_event_desc *desc)
{
	memset(desc, 0, sizeof(*desc));
	desc->fixed = ev->fixed_size > 0xffff ? 0xffff : ev->fixed_size;
	for (int i = 0; i < ev->nfields && desc->ndyn < BT_EVENT_DYN_MAX; i++) {
		const struct tp_field *f = &ev->fields[i];

		if (f->kind != TP_FIELD_DYN && f->kind != TP_FIELD_REL_DYN)
			continue;
		desc->dyn_off[desc->ndyn] = f->offset;
		desc->dyn_rel[desc->ndyn] = f->kind == TP_FIELD_REL_DYN;
		desc->ndyn++;
	}
}

int tp_event__field(const struct tp_event *ev, const char *name)
{
	for (int i = 0; i < ev->nfields; i++) {
		if (!strcmp(ev->fields[i].name, name))
			return i;
	}
	return -1;
}

bool tp_spec_is_event(const char *text)
{
	size_t head = strcspn(text, "=(");

	return memchr(text, ':', head) != NULL;
}

static int read_text(const char *path, char *buf, size_t size)
{
	size_t total = 0;
	ssize_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	while (total < size - 1 && (n = read(fd, buf + total, size - 1 - total)) > 0)
		total += n;
	close(fd);
	buf[total] = '\0';
	return n < 0 ? -errno : 0;
}

static bool has_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

/* Whether s is a C identifier: a field's or an argument's name. */
static bool is_identifier(const char *s)
{
	if (!isalpha((unsigned char)*s) && *s != '_')
		return false;
	while (isalnum((unsigned char)*s) || *s == '_')
		s++;
	return !*s;
}

int tp_list_parse(const char *owner, const char *list, struct tp_item **items, int *nitems,
		  char *err, size_t size)
{
	char *copy = strdup(list), *save = NULL;
	int n = 0, cap = 0;

	if (!copy)
		return -ENOMEM;
	*items = NULL;
	*nitems = 0;
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		struct tp_item *item;
		size_t len = 0;

		if (n == cap) {
			int ncap = cap ? 2 * cap : 8;
			struct tp_item *p = realloc(*items, ncap * sizeof(*p));

			if (!p) {
				free(copy);
				return -ENOMEM;
			}
			*items = p;
			cap = ncap;
		}
		item = &(*items)[n];
		memset(item, 0, sizeof(*item));
		item->field = -1;
		for (const char *c = tok; *c; c++) {
			if (isspace((unsigned char)*c))
				continue;
			if (len + 1 == sizeof(item->text)) {
				snprintf(err, size, "%s: '%s' is too long: at most %d characters",
					 owner, tok, TP_EXPR_MAX - 1);
				free(copy);
				return -EINVAL;
			}
			item->text[len++] = *c;
		}
		if (!len) {
			snprintf(err, size, "%s: an empty item in its list '(%s)'", owner, list);
			free(copy);
			return -EINVAL;
		}
		*nitems = ++n;
	}
	free(copy);
	if (!n) {
		snprintf(err, size, "%s: an empty list '()': name %s, or leave the parentheses out",
			 owner, !strchr(owner, ':') ? "arguments" : "fields");
		return -EINVAL;
	}
	return 0;
}

/* "a, b->c" into ev's shown items: a name of the format's fields is shown as it is. */
static int select_fields(struct tp_event *ev, const char *list, char *err, size_t size)
{
	int rc = tp_list_parse(ev->full, list, &ev->shown, &ev->nshown, err, size);

	for (int i = 0; !rc && i < ev->nshown; i++) {
		struct tp_item *item = &ev->shown[i];

		item->field = is_identifier(item->text) ? tp_event__field(ev, item->text) : -1;
		if (item->field < 0)
			ev->has_fetch = true;
	}
	return rc;
}

/* Reads the event system:name into a new entry of set. */
static int add_event(struct tp_set *set, const char *dir, const char *system, const char *name,
		     const char *fields, char *err, size_t size)
{
	char path[1024], *text;
	struct tp_event ev = {0};
	int rc;

	for (size_t i = 0; i < set->n; i++) {
		if (!strcmp(set->events[i].system, system) && !strcmp(set->events[i].name, name))
			return 0;
	}
	if (set->n == BT_EVENTS_MAX) {
		snprintf(err, size, "too many tracepoints: at most %d, narrow the globs",
			 BT_EVENTS_MAX);
		return -E2BIG;
	}
	text = malloc(65536);
	if (!text)
		return -ENOMEM;
	snprintf(path, sizeof(path), "%s/events/%s/%s/format", dir, system, name);
	rc = read_text(path, text, 65536);
	if (rc) {
		snprintf(err, size, "cannot read %s (%s)%s", path, strerror(-rc),
			 rc == -EACCES ? ": reading tracefs needs root or CAP_DAC_READ_SEARCH"
				       : "");
		free(text);
		return rc == -EACCES || rc == -EPERM ? -EACCES : rc;
	}
	rc = tp_format_parse(text, &ev);
	free(text);
	if (rc) {
		snprintf(err, size, "cannot parse the format of %s:%s in %s", system, name, path);
		return rc;
	}
	snprintf(ev.system, sizeof(ev.system), "%.*s", TP_NAME_MAX - 1, system);
	snprintf(ev.name, sizeof(ev.name), "%.*s", TP_NAME_MAX - 1, name);
	snprintf(ev.full, sizeof(ev.full), "%s:%s", ev.system, ev.name);
	if (fields && (rc = select_fields(&ev, fields, err, size))) {
		tp_event__free(&ev);
		return rc;
	}
	if (set->n == set->cap) {
		size_t cap = set->cap ? 2 * set->cap : 16;
		struct tp_event *p = realloc(set->events, cap * sizeof(*p));

		if (!p) {
			tp_event__free(&ev);
			return -ENOMEM;
		}
		set->events = p;
		set->cap = cap;
	}
	set->events[set->n++] = ev;
	return 1;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* Entries of dir that are directories, sorted; NULL with n -errno when it cannot be read. */
static struct dirent **list_dirs(const char *dir, int *n)
{
	struct dirent **list = NULL;

	*n = scandir(dir, &list, NULL, by_name);
	if (*n < 0) {
		*n = -errno;
		return NULL;
	}
	return list;
}

static void free_list(struct dirent **list, int n)
{
	for (int i = 0; i < n; i++)
		free(list[i]);
	free(list);
}

int tp_set__add(struct tp_set *set, const char *dir, const char *spec, char *err, size_t size)
{
	char sys_glob[TP_NAME_MAX * 2], ev_glob[TP_NAME_MAX * 2], *fields = NULL, path[1024];
	const char *paren = strchr(spec, '('), *colon;
	size_t head = paren ? (size_t)(paren - spec) : strlen(spec);
	struct dirent **systems;
	int nsys, matched = 0, rc = 0;
	bool either;

	if (paren) {
		size_t len = strlen(paren);

		if (len < 2 || paren[len - 1] != ')') {
			snprintf(err, size,
				 "bad event '%s': fields go in parentheses at its end, "
				 "SUBSYS:EVENT(field, field)",
				 spec);
			return -EINVAL;
		}
		fields = strndup(paren + 1, len - 2);
		if (!fields)
			return -ENOMEM;
	}
	colon = memchr(spec, ':', head);
	either = !colon;
	if (colon) {
		snprintf(sys_glob, sizeof(sys_glob), "%.*s", (int)(colon - spec), spec);
		snprintf(ev_glob, sizeof(ev_glob), "%.*s", (int)(head - (colon - spec) - 1),
			 colon + 1);
	} else {
		snprintf(sys_glob, sizeof(sys_glob), "%.*s", (int)head, spec);
		snprintf(ev_glob, sizeof(ev_glob), "%s", sys_glob);
	}
	if (!*sys_glob || !*ev_glob) {
		snprintf(err, size, "bad event '%s': give SUBSYS:EVENT, like sched:sched_switch",
			 spec);
		free(fields);
		return -EINVAL;
	}
	snprintf(path, sizeof(path), "%s/events", dir);
	systems = list_dirs(path, &nsys);
	if (!systems) {
		snprintf(err, size, "cannot list the events in %s (%s)", path, strerror(-nsys));
		free(fields);
		return nsys == -EACCES || nsys == -EPERM ? -EACCES : nsys;
	}
	for (int i = 0; i < nsys && rc >= 0; i++) {
		const char *sys = systems[i]->d_name;
		bool sys_match = !fnmatch(sys_glob, sys, 0);
		struct dirent **events;
		int nev;

		if (sys[0] == '.' || systems[i]->d_type != DT_DIR)
			continue;
		/* ftrace's own events are no tracepoints: only by their exact name */
		if (!strcmp(sys, "ftrace") && has_glob(sys_glob))
			continue;
		if (!either && !sys_match)
			continue;
		snprintf(path, sizeof(path), "%s/events/%s", dir, sys);
		events = list_dirs(path, &nev);
		for (int k = 0; events && k < nev && rc >= 0; k++) {
			const char *name = events[k]->d_name;

			if (name[0] == '.' || events[k]->d_type != DT_DIR)
				continue;
			if (either ? !sys_match && fnmatch(ev_glob, name, 0)
				   : fnmatch(ev_glob, name, 0) != 0)
				continue;
			rc = add_event(set, dir, sys, name, fields, err, size);
			if (rc >= 0)
				matched++;
		}
		if (events)
			free_list(events, nev);
	}
	free_list(systems, nsys);
	free(fields);
	if (rc < 0)
		return rc;
	if (!matched) {
		snprintf(err, size,
			 "no tracepoint matches '%.*s': 'btftrace events' lists them, "
			 "'btftrace events %s:*' those of one subsystem",
			 (int)head, spec, colon ? sys_glob : "SUBSYS");
		return -ENOENT;
	}
	return matched;
}

static int by_id(const void *a, const void *b)
{
	const struct tp_event *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

void tp_set__finish(struct tp_set *set)
{
	if (set->n)
		qsort(set->events, set->n, sizeof(*set->events), by_id);
}

const struct tp_event *tp_set__find(const struct tp_set *set, __u32 id)
{
	struct tp_event key = {.id = id};

	if (!set || !set->n)
		return NULL;
	return bsearch(&key, set->events, set->n, sizeof(*set->events), by_id);
}

void tp_set__free(struct tp_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		tp_event__free(&set->events[i]);
	free(set->events);
	memset(set, 0, sizeof(*set));
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel events beside the syscalls (-e SUBSYS:EVENT): tracepoints found in tracefs by glob,
 * each with the fields of its format (name, C type, offset and size in the event's entry).
 */
#ifndef BTFTRACE_TRACEPOINTS_H
#define BTFTRACE_TRACEPOINTS_H

#include <stdbool.h>
#include <stddef.h>
#include "bpf/record.h"

#define TP_NAME_MAX 64
#define TP_TYPE_MAX 96
/* Bytes of an error message of tp_set__add. */
#define TP_ERR_MAX 1024

enum tp_field_kind {
	TP_FIELD_SCALAR,  /* a number of 1, 2, 4 or 8 bytes */
	TP_FIELD_POINTER, /* a kernel address: the type ends in '*' */
	TP_FIELD_ARRAY,	  /* TYPE name[N]: the elements in place */
	TP_FIELD_DYN,	  /* __data_loc TYPE[] name: a u32 of offset | length << 16 */
	TP_FIELD_REL_DYN, /* __rel_loc TYPE[] name: the same, the offset from the u32's end */
};

struct tp_field {
	char name[TP_NAME_MAX];
	/* the type as tracefs writes it, without __data_loc and the array's brackets: "char" */
	char type[TP_TYPE_MAX];
	enum tp_field_kind kind;
	__u16 offset, size; /* in the entry */
	__u16 elem_size;    /* arrays: bytes of one element (1 when the type does not say) */
	__u16 count;	    /* TP_FIELD_ARRAY: elements */
	bool is_signed;
	bool is_char; /* a char array: a string */
	/* set by the session from BTF: the type's id, 0 when BTF does not have it */
	__u32 btf_id;
};

struct tp_event {
	char system[TP_NAME_MAX];
	char name[TP_NAME_MAX];
	char full[2 * TP_NAME_MAX + 2]; /* "system:name", as the output names it */
	__u32 id;			/* tracefs's: the entry's common_type */
	__u32 fixed_size;		/* bytes of the entry's fields, common ones included */
	int nfields;			/* the event's own fields: common_* left out */
	struct tp_field *fields;
	/* a fetch expression's fields, indices into fields in its order; NULL: every field */
	int *shown;
	int nshown;
};

/*
 * Parses the text of a tracefs format file into ev (its fields allocated; tp_event__free).
 * Returns 0, or -EINVAL when the text is no format this parser understands.
 */
int tp_format_parse(const char *text, struct tp_event *ev);
void tp_event__free(struct tp_event *ev);
/* What the collector's event program needs to know of ev. */
void tp_event__desc(const struct tp_event *ev, struct bt_event_desc *desc);
/* The index of the field called name, or -1. */
int tp_event__field(const struct tp_event *ev, const char *name);

/* The events selected, sorted by id once tp_set__finish() ran. */
struct tp_set {
	struct tp_event *events;
	size_t n, cap;
};

/*
 * Adds every event in tracefs (at dir) that spec names: "SUBSYS:EVENT" with shell globs in
 * either part, or a glob of either part alone; then "(field, field...)" to show only those.
 * An event added before stays as it was. Returns the count of events spec matched, or a
 * negative errno with err saying why and what to do: -ENOENT when none matched, -EINVAL for a
 * bad spec or field, -EACCES when tracefs may not be read.
 */
int tp_set__add(struct tp_set *set, const char *dir, const char *spec, char *err, size_t size);
/* Sorts the set by id for tp_set__find. */
void tp_set__finish(struct tp_set *set);
/* The event with tracefs id id, or NULL. */
const struct tp_event *tp_set__find(const struct tp_set *set, __u32 id);
void tp_set__free(struct tp_set *set);

/* Whether text names an event for -e: a ':' before any '=' or '('. */
bool tp_spec_is_event(const char *text);

#endif /* BTFTRACE_TRACEPOINTS_H */

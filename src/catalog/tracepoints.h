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

/* Bytes of a fetch expression as written: "prev->comm", "filename:string". */
#define TP_EXPR_MAX 128

/* How a fetch expression's item is written (set when it is compiled against BTF). */
enum tp_fetch_kind {
	TP_FETCH_BTF,	 /* a value of BTF type btf_id: a number, an enum, a pointer, a struct */
	TP_FETCH_STRING, /* a C string: a char array, or where ':string' points */
	TP_FETCH_BITS,	 /* a bitfield: bits bits, bit_shift up in the bytes read */
};

/* One of the values an event's list shows: a field of its format, or a fetch expression. */
struct tp_item {
	char text[TP_EXPR_MAX]; /* as written, without spaces: its name in the output */
	int field;		/* a field of the format shown as it is: its index; else -1 */
	/* a fetch expression, as compiled (types/fetch.c) */
	enum tp_fetch_kind kind;
	__u32 btf_id;
	__u16 size; /* bytes asked for */
	__u8 bit_shift, bits;
	bool is_signed;
	/*
	 * The last step named member of the struct member_of (a BTF id; 0: it did not): the
	 * value then prints as that member does inside its struct (file->f_flags by name).
	 */
	__u32 member_of;
	char member[TP_NAME_MAX];
};

struct tp_event {
	char system[TP_NAME_MAX];
	char name[TP_NAME_MAX];
	char full[2 * TP_NAME_MAX + 2]; /* "system:name", as the output names it */
	__u32 id;			/* tracefs's: the entry's common_type */
	__u32 fixed_size;		/* bytes of the entry's fields, common ones included */
	int nfields;			/* the event's own fields: common_* left out */
	struct tp_field *fields;
	/* the list given after the event's name, in its order; NULL: every field */
	struct tp_item *shown;
	int nshown;
	/* fetch expressions in the list: their program, compiled by tp_fetch_compile */
	bool has_fetch;
	bool raw; /* they read the BTF prototype's arguments: attached as a raw tracepoint */
	struct bt_fetch_prog *fetch;
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

/*
 * The items of a list "a, b->c" (what is inside the parentheses), each as written without its
 * spaces, none of them a field yet (field -1): -e's events and --kfunc's functions parse theirs
 * alike. owner names them in messages. 0 with *items allocated (free it), or -EINVAL with err
 * saying what is wrong (an empty item or list, an item too long), -ENOMEM.
 */
int tp_list_parse(const char *owner, const char *list, struct tp_item **items, int *nitems,
		  char *err, size_t size);

/* The events selected, sorted by id once tp_set__finish() ran. */
struct tp_set {
	struct tp_event *events;
	size_t n, cap;
};

/*
 * Adds every event in tracefs (at dir) that spec names: "SUBSYS:EVENT" with shell globs in
 * either part, or a glob of either part alone; then "(field, field...)" to show only those.
 * An item of the list that is no field of the format ("prev->comm", "filename:string", a
 * name of the BTF prototype's) is a fetch expression, checked and compiled later against
 * BTF (tp_fetch_compile); has_fetch says there is one.
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

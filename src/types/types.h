/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel BTF loaded once, a name index over it, and tracefs type strings resolved to BTF types. */
#ifndef BTFTRACE_TYPES_H
#define BTFTRACE_TYPES_H

#include <stdbool.h>
#include <stdint.h>
#include <linux/types.h>

struct btf;

struct types {
	struct btf *btf;
	/* open-addressing index of named types: name -> first id, per namespace */
	uint32_t *slots;
	uint32_t nslots;
};

/* What a tracefs argument type is, once resolved in BTF. */
struct arg_type {
	int ptr_depth;	    /* 0: a value; 1: a pointer; 2: a pointer to pointers */
	bool pointee_const; /* the pointed-to data is const: an input */
	bool is_signed;	    /* an integer value (or pointee) that is signed */
	bool is_char;	    /* the base is char, so char * is a string or bytes */
	bool is_void;	    /* the base is void */
	__u32 base_id;	    /* BTF id of the base (value, or pointee), 0 if unknown */
	int base_kind;	    /* BTF_KIND_* of base_id with typedefs and modifiers skipped */
	long base_size;	    /* its size in bytes, -1 if unknown */
	__u32 value_size;   /* size of the argument value itself: 8 for pointers */
};

/* Loads BTF from path (NULL: the running kernel's) and indexes it. Returns 0 or -errno. */
int types__load(struct types *t, const char *path);
void types__free(struct types *t);

/* Looks a type up by name in BTF's ordinary namespace (typedefs, ints) or, with kind
 * BTF_KIND_STRUCT/UNION/ENUM, in the tag namespace. Returns the id, or 0. */
__u32 types__find(const struct types *t, const char *name, int kind);

/*
 * Resolves a C type string as tracefs writes it ("const struct __kernel_timespec *",
 * "unsigned long", "umode_t", "u32 *") to out. Returns 0, or -ENOENT when the base
 * type is not in BTF (out still says what the string alone tells: pointers, signedness).
 * t may be NULL (no BTF): only the string is used.
 */
int types__resolve(const struct types *t, const char *ctype, struct arg_type *out);

/*
 * Whether type id lies the same in memory for an i386 call as BTF lays it
 * out for x86_64 (no long, no pointer, no 64-bit member moved by i386's
 * alignment of 4): then an i386 call's pointer to it can be read as BTF says.
 */
bool types__same_in_i386(const struct types *t, __u32 id);

/*
 * The byte offset and size of member (found in anonymous structs and
 * unions too) of the struct or union called struct_name: 0, or -ENOENT when BTF has
 * no such member or it does not start on a byte. What the BPF collector reads
 * by offset rather than by CO-RE relocation, which costs a search of the
 * kernel's BTF per type at load.
 */
int types__struct_member(const struct types *t, const char *struct_name, const char *member,
			 __u32 *offset, __u32 *size);

/*
 * The member of struct or union id at a dotted path ("uc.uc_sigmask"), through anonymous
 * members too: its type id and, in *offset, its byte offset; 0 when there is none.
 */
__u32 types__member(const struct types *t, __u32 id, const char *path, __u32 *offset);

/* Skips typedefs and modifiers (const, volatile, restrict, type tags). */
__u32 types__skip_mods(const struct btf *btf, __u32 id);

#endif /* BTFTRACE_TYPES_H */

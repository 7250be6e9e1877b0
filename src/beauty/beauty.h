/* SPDX-License-Identifier: GPL-2.0 */
/* The beauty map: per syscall and argument, what the collector copies at enter and at exit. */
#ifndef BTFTRACE_BEAUTY_H
#define BTFTRACE_BEAUTY_H

#include <stdbool.h>
#include <stdio.h>
#include "bpf/record.h"
#include "catalog/catalog.h"
#include "types/types.h"

/* What an argument means to the printer, beyond its C type. */
enum arg_role {
	ROLE_VALUE = 0, /* a number, printed by its C type */
	ROLE_POINTER,	/* an address, printed in hex (and its capture, if any) */
	ROLE_STRING,	/* a NUL-terminated string */
	ROLE_BUFFER,	/* bytes, with a length */
	ROLE_STRUCT,	/* a struct, union or scalar behind a pointer, printed through BTF */
	ROLE_STRV,	/* an array of string pointers: ["ls", "-l"], or counted */
	ROLE_IOVEC,	/* struct iovec[]: [{iov_base="ab", iov_len=2}] */
};

struct beauty_arg {
	struct arg_type type;
	enum arg_role role;
	__u32 print_type_id; /* BTF type of the pointee to print a capture as (0: bytes) */
	int elem_count_arg;  /* for arrays of structs: the argument holding the count, or -1 */
	bool is_array;	     /* the rule reads elements (an array, even of one) */
	/*
	 * An output's length: the int * argument where the kernel says how
	 * many bytes it has (buffer size in, length out), or -1.
	 */
	int written_len_arg;
};

struct beauty_syscall {
	struct beauty_arg args[BT_MAX_ARGS];
};

struct beauty {
	struct bt_syscall_rules rules[BT_MAX_SYSCALLS];
	struct beauty_syscall calls[BT_MAX_SYSCALLS];
	/* the member rule sets BT_KIND_MEMBERS rules name, for the collector's member_sets */
	struct bt_member_set member_sets[BT_MEMBER_SETS_MAX];
	unsigned int nmember_sets;
};

/*
 * Generates every rule from the catalog's argument types resolved in BTF
 * (types may have no BTF: then only the type strings are used). Every
 * syscall starts selected.
 */
int beauty__build(struct beauty *b, const struct catalog *cat, const struct types *t);

/* -v: environment arrays are captured string by string, not only counted. */
void beauty__capture_env(struct beauty *b);
/* The same for syscall nr alone (-e abbrev= leaves it out). */
void beauty__capture_env_of(struct beauty *b, int nr);

/*
 * Prints one line per argument of the named syscalls (all with n == 0), as
 * text or JSON; syscalls whose rules are not selected are left out.
 */
void beauty__print(const struct beauty *b, const struct catalog *cat, FILE *out,
		   const char *const *names, int n, bool json);

/* The rule's encoding as text: "-", "string", "144", "arg3", "ret", "arg3*16". */
void beauty_rule__describe(const struct bt_arg_rule *r, const struct syscall_desc *desc, char *buf,
			   size_t size);

#endif /* BTFTRACE_BEAUTY_H */

/* xlat: flag and constant tables generated from the src/base/xlat lists, and their printers. */
#ifndef BTFTRACE_BASE_XLAT_H
#define BTFTRACE_BASE_XLAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "base/writer.h"

/*
 * Values are uint64_t. Convert a syscall argument from its C type as C does: a signed int
 * argument sign-extended ((uint64_t)(int64_t)(int)reg: AT_FDCWD, RUSAGE_CHILDREN and signal
 * numbers are negative or compared as ints), an unsigned or flags argument zero-extended
 * ((uint64_t)(uint32_t)reg for a 32-bit one). Table entries hold constants converted as C does
 * and flags at their own width; a flags word that arrives sign-extended from an int is read back
 * as its 32 bits when the table has no wider flag.
 */

enum xlat_kind { XLAT_CONST, XLAT_FLAGS };

struct xlat_entry {
	uint64_t val;
	const char *name;
};

struct xlat {
	const char *name; /* the list's file name without .in, e.g. "open_flags" */
	enum xlat_kind kind;
	const struct xlat_entry *entries;
	unsigned int nentries;
	/* strace's comment for a value no entry has (RLIMIT_???), or NULL */
	const char *unknown;
};

/* Look a table up by its name ("open_flags"); NULL when there is none. */
const struct xlat *xlat_find(const char *name);

/* The name of val when the table has it exactly, else NULL. */
const char *xlat_name(const struct xlat *x, uint64_t val);

/* The value of a name in the table: 0 and *val set, or -ENOENT. */
int xlat_value(const struct xlat *x, const char *name, uint64_t *val);

/*
 * The names xlat_format gives a XLAT_FLAGS value, one call of fn per name in the same order
 * (for zero, the name of a 0 entry if there is one); returns the bits no name took, which
 * xlat_format prints as one 0x... number. A NULL table names nothing.
 */
uint64_t xlat_flags_names(const struct xlat *x, uint64_t val,
			  void (*fn)(void *ctx, const char *name), void *ctx);

/*
 * Writes val through a writer: XLAT_CONST as its name, or the number (decimal near zero, hex
 * beyond); XLAT_FLAGS as the names of the entries whose bits are all set, in table order, each
 * taking its bits (an entry of value 0 matches only a zero value), then the bits left. A NULL
 * table writes the number.
 */
void xlat_write(struct writer *w, const struct xlat *x, uint64_t val);
void xlat_write_const(struct writer *w, const struct xlat *x, uint64_t val, enum wr_num fmt);
/*
 * A constant of a value size bytes wide (0: 8): its name looked up as C converts the value (an
 * int's -1 sign-extended), its number shown as the value's own bits, as strace shows it: an
 * int's -1 as 0xffffffff /\* SO_??? *\/.
 */
void xlat_write_const_sized(struct writer *w, const struct xlat *x, uint64_t val,
			    unsigned int size);
void xlat_write_flags(struct writer *w, const struct xlat *x, uint64_t val);
/*
 * The same for a 64-bit flags word (open_how's, a u64 struct member): the bits above 32 are
 * bits, never an int's sign extension, whatever the table's width.
 */
void xlat_write_flags_wide(struct writer *w, const struct xlat *x, uint64_t val);

/* Special printers where a plain table is not enough: */

/* Access mode then flags: O_RDONLY, O_WRONLY|O_CREAT|O_TRUNC, O_RDWR|0x40000000. */
void xlat_write_open_flags(struct writer *w, uint64_t flags);
void xlat_write_open_flags_wide(struct writer *w, uint64_t flags);
/* File type then the permission bits in octal: S_IFREG|0644, S_IFDIR|01777; 0755, 000. */
void xlat_write_mode(struct writer *w, uint64_t mode);
/* SIGINT, SIGRTMIN, SIGRT_3 (the kernel's SIGRTMIN+3, as strace names it), 0, 77, -1. */
void xlat_write_signal(struct writer *w, uint64_t sig);
/* statx's: the sync type, then the flags: AT_STATX_SYNC_AS_STAT|AT_SYMLINK_NOFOLLOW. */
void xlat_write_statx_flags(struct writer *w, uint64_t flags);
/* Type then flags: SOCK_STREAM|SOCK_NONBLOCK|SOCK_CLOEXEC, 99. */
void xlat_write_socket_type(struct writer *w, uint64_t type);
/* FUTEX_WAIT, FUTEX_WAKE_PRIVATE, FUTEX_WAIT_BITSET_PRIVATE|FUTEX_CLOCK_REALTIME. */
void xlat_write_futex_op(struct writer *w, uint64_t op);
/* clone() flags with the exit signal in the low byte: CLONE_VM|CLONE_FS|SIGCHLD. */
void xlat_write_clone_flags(struct writer *w, uint64_t flags);
/* termios c_oflag: each delay field by its value, then the bits: NL0|CR0|TAB0|BS0|VT0|FF0|OPOST. */
void xlat_write_termios_oflag(struct writer *w, uint64_t val);
/* termios c_cflag: baud rate, input rate if set, CSIZE, then the bits: B38400|CS8|CREAD. */
void xlat_write_termios_cflag(struct writer *w, uint64_t val);

/*
 * A signal's name into buf: SIGINT, SIGRT_3; true when it has one, else its number was
 * written.
 */
bool xlat_signal_name(char *buf, size_t size, uint64_t sig);

/*
 * The same as text, snprintf's way: into buf from its start, at most size bytes, always
 * NUL-terminated when size > 0 (buf may be NULL when size is 0); returns the length the full
 * text needs, so a return >= size means it was truncated.
 */
size_t xlat_format(char *buf, size_t size, const struct xlat *x, uint64_t val);
size_t xlat_format_open_flags(char *buf, size_t size, uint64_t flags);
size_t xlat_format_mode(char *buf, size_t size, uint64_t mode);
size_t xlat_format_signal(char *buf, size_t size, uint64_t sig);
size_t xlat_format_socket_type(char *buf, size_t size, uint64_t type);
size_t xlat_format_futex_op(char *buf, size_t size, uint64_t op);
size_t xlat_format_clone_flags(char *buf, size_t size, uint64_t flags);
size_t xlat_format_termios_oflag(char *buf, size_t size, uint64_t val);
size_t xlat_format_termios_cflag(char *buf, size_t size, uint64_t val);

/* "ENOENT", or NULL; err is positive (2) or negated (-2, as a syscall returns it); knows the
 * kernel-internal ERESTARTSYS..ERESTART_RESTARTBLOCK (512..516) and ENOTSUPP (524). */
const char *xlat_errno_name(int err);

#endif /* BTFTRACE_BASE_XLAT_H */

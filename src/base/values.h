/* SPDX-License-Identifier: GPL-2.0 */
/* Which flag or constant table decodes which syscall argument or struct member. */
#ifndef BTFTRACE_VALUES_H
#define BTFTRACE_VALUES_H

#include <stddef.h>
#include <stdint.h>
#include "base/writer.h"
#include "base/xlat.h"

enum value_kind {
	VK_XLAT,	  /* a generated table, by name */
	VK_OPEN_FLAGS,	  /* access mode plus O_* flags */
	VK_MODE,	  /* a file's mode: S_IF* type plus octal permissions, S_IFREG|0644 */
	VK_SIGNAL,	  /* SIGINT, SIGRT_3 */
	VK_SOCK_TYPE,	  /* SOCK_STREAM|SOCK_CLOEXEC */
	VK_FUTEX_OP,	  /* FUTEX_WAIT_PRIVATE */
	VK_CLONE_FLAGS,	  /* CLONE_VM|CLONE_FS|SIGCHLD: the low byte is a signal */
	VK_DIRFD,	  /* AT_FDCWD or a plain fd */
	VK_FD,		  /* an fd, as an int whatever its declared width */
	VK_ADDRESS,	  /* an address held in an integer: hex */
	VK_HEX,		  /* a number that reads best in hex: rseq's signature 0x53053053 */
	VK_RLIMIT,	  /* a resource limit: RLIM64_INFINITY, 8*1024*1024 */
	VK_SIGHANDLER,	  /* SIG_DFL, SIG_IGN, or the handler's address */
	VK_TERMIOS_OFLAG, /* NL0|CR0|TAB0|BS0|VT0|FF0|OPOST|ONLCR */
	VK_TERMIOS_CFLAG, /* B38400|CS8|CREAD */
	VK_DEV,		  /* a device number: makedev(0x1, 0x3) */
	VK_STATX_FLAGS,	  /* AT_STATX_SYNC_AS_STAT|AT_SYMLINK_NOFOLLOW */
	VK_UMODE,	  /* permissions to set (chmod, umask): octal, 16 bits, whatever -X says */
	VK_OCT,		  /* a number in octal, all of it (open_how's mode) */
	/*
	 * a plain number as its C type: a row that says a name the "*" rows know (close_range's
	 * fd) is no fd there; value_printer_find returns NULL for it
	 */
	VK_NUMBER,
	VK_UDEC, /* a number strace shows unsigned whatever its C type: 4294967295 */
	VK_ID,	 /* a user or group id: -1 for "none", else unsigned */
};

struct value_printer {
	const char *scope; /* a syscall name, a struct name, "*" for any, or a C type's name */
	const char *name;  /* the argument or member name (NULL in a row of a type) */
	enum value_kind kind;
	const struct xlat *table; /* VK_XLAT: the table */
	/*
	 * How many bytes of the register strace shows where it is not the C type's size
	 * (0: the type's): 8 for the whole register (sysfs's option), 2 for a mode_t.
	 */
	unsigned char width;
};

/* The printer for argument (or member) name in scope, or NULL. */
const struct value_printer *value_printer_find(const char *scope, const char *name);

/*
 * The printer of a value by its C type ("uid_t", "const key_t"), for an argument no name
 * gives a printer to and for values BTF declares by a typedef: NULL for most types.
 */
const struct value_printer *value_printer_of_type(const char *type);

/*
 * The value the constant called name has where the printer prints names
 * (--filter's 'flags & O_CREAT'): 0 and *val set, -ENOENT when the printer
 * has no such name, -EINVAL when it prints no names at all (VK_FD, VK_ADDRESS).
 */
int value_printer_const(const struct value_printer *vp, const char *name, uint64_t *val);

/*
 * Writes val, of an argument or member size bytes wide (0: 8), as the printer says: a
 * constant, flags, a mode, an fd, an address... val is as C converts the value (an int
 * sign-extended).
 */
void value_write(struct writer *w, const struct value_printer *vp, uint64_t val, unsigned int size);

#endif /* BTFTRACE_VALUES_H */

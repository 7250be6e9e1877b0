/* SPDX-License-Identifier: GPL-2.0 */
/* The facts about syscall arguments that neither tracefs nor BTF can give. */
#ifndef BTFTRACE_BEAUTY_OVERRIDES_H
#define BTFTRACE_BEAUTY_OVERRIDES_H

#include <stdbool.h>

enum override_dir {
	OV_IN = 1, /* read at enter, though tracefs does not say const */
	OV_OUT,	   /* read at exit: the kernel fills it */
	OV_INOUT,  /* read at enter and at exit */
	OV_NONE,   /* read nothing: print the pointer */
	OV_STRING, /* a NUL-terminated string at enter */
};

/* When the kernel writes an output argument. */
enum override_written {
	OW_ON_SUCCESS = 0, /* when the call succeeds (the default) */
	OW_ON_RESTART,	   /* only when a signal interrupts the call: nanosleep's time left */
	OW_ALWAYS,	   /* whether the call fails or not: name_to_handle_at's handle_bytes */
};

struct beauty_override {
	const char *syscall;
	const char *arg;
	enum override_dir dir;
	const char *
		len; /* NULL: the BTF size; "ret": the return value; an arg; "*arg": what it points to */
	int elems;	     /* len counts elements of the pointee type, not bytes */
	const char *as_type; /* capture and print as this type instead */
	const char *why;
	int kind; /* enum bt_capture_kind: how the collector gathers it (default bytes) */
	/*
	 * An int * argument, buffer size in and length out: the kernel wrote
	 * the lesser of the two, and that much of the capture is shown.
	 */
	const char *len_written;
	enum override_written written;
	/* bytes before the len counted ones: a header the count leaves out (msgsnd's mtype) */
	unsigned char header;
	/*
	 * len counts units of 1 << count_shift elements, rounded up (mincore's pages: 12), and
	 * with count_less_one one more than the kernel reads (a node mask's maxnode)
	 */
	unsigned char count_shift;
	bool count_less_one;
	/*
	 * kind BT_KIND_STACK, for a syscall with no arguments (arg NULL): the member of
	 * as_type read ("uc.uc_sigmask"), as_type lying sp_bias bytes from the stack pointer
	 * at sys_enter. The capture is the decoder's argument 0.
	 */
	const char *stack_member;
	int sp_bias;
	/*
	 * len counts elements (elems): when they cannot all be read, the collector reads the
	 * whole ones before the unmapped page, as strace reads as many as a field in the data
	 * asks for (capget's one struct for _LINUX_CAPABILITY_VERSION_1, two for later ones).
	 */
	bool read_in_part;
};

extern const struct beauty_override beauty_overrides[];
extern const unsigned int beauty_overrides_count;

#endif /* BTFTRACE_BEAUTY_OVERRIDES_H */

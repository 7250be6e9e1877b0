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
	/*
	 * An in/out struct of which the kernel reads only the first enter_bytes (get_thread_area's
	 * entry_number): read so at enter, as strace does, so that a struct that runs into an
	 * unmapped page still shows them; the whole at exit.
	 */
	unsigned char enter_bytes;
};

extern const struct beauty_override beauty_overrides[];
extern const unsigned int beauty_overrides_count;

/*
 * What a pointer member of an argument's struct points to, read by the collector after the
 * struct (BT_KIND_MEMBERS): bpf_attr's license by bpf's command, each mmsghdr's msg_name.
 * strace follows these; the type cannot say how long the pointee is, nor when it is filled.
 * The rules of one (syscall, arg) make one set, in this table's order: a rule's place in it
 * tags its captures (BT_CAP_INNER_MEMBER), at most BT_MEMBER_RULES_MAX of them.
 */
struct member_override {
	const char *syscall;
	const char *arg;
	const char *sel_arg; /* read only when this argument is sel_val (NULL: always) */
	unsigned int sel_val;
	const char *ptr;    /* the pointer member: a path in the pointee type (of each element) */
	const char *len;    /* the member that gives its length or count, or NULL: max bytes */
	unsigned char kind; /* enum bt_member_kind */
	unsigned char when; /* BT_MEMBER_AT_* */
	unsigned short elem_size; /* bytes per unit len counts */
	unsigned short max;	  /* bytes read at most */
	const char *data; /* BT_MEMBER_IOVEC at exit: the member saying how many bytes came in */
	const char *why;
	/*
	 * The struct the argument points to when its type does not say (setsockopt's char *
	 * optval is a struct sock_fprog for SO_ATTACH_FILTER), or NULL: the argument's.
	 */
	const char *type;
};

extern const struct member_override member_overrides[];
extern const unsigned int member_overrides_count;

/*
 * The place of the member rule of syscall for ptr (selected by sel_val, when it has a
 * selector) in its set, or -1.
 */
int member_override__index(const char *syscall, unsigned int sel_val, const char *ptr);

#endif /* BTFTRACE_BEAUTY_OVERRIDES_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * ioctl's third argument by command. The kernel declares it unsigned long:
 * whether it is a number, a pointer to an int or to a struct termios, and
 * whether the kernel reads or writes it, is a fact of each driver's code
 * that neither tracefs nor BTF records (and the old terminal commands do
 * not even encode a size and direction in their number). The collector reads
 * sizeof(struct termios2) bytes at enter and at exit (see overrides.c); this
 * table says which of the two to show, and as what.
 */
#include <stdio.h>
#include <string.h>
#include <asm/ioctl.h>
#include <asm/ioctls.h>
#include <asm/termbits.h>
#include <bpf/btf.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/members.h"
#include "xlat_tables.h"

enum ioctl_dir {
	IOC_ARG_IN,    /* the kernel reads it: shown from the enter capture */
	IOC_ARG_OUT,   /* the kernel writes it: shown from the exit capture */
	IOC_ARG_VALUE, /* a number, not a pointer */
	IOC_ARG_NONE,  /* not used: left out, as strace leaves it */
};

struct ioctl_arg {
	unsigned int cmd;
	enum ioctl_dir dir;
	const char *type; /* a BTF type name, "int", or NULL for IOC_ARG_VALUE and _NONE */
};

/* Terminal and generic file commands. */
/* clang-format off */
static const struct ioctl_arg ioctl_args[] = {
	{TCGETS, IOC_ARG_OUT, "struct termios"},
	{TCSETS, IOC_ARG_IN, "struct termios"},
	{TCSETSW, IOC_ARG_IN, "struct termios"},
	{TCSETSF, IOC_ARG_IN, "struct termios"},
	{TCGETS2, IOC_ARG_OUT, "struct termios2"},
	{TCSETS2, IOC_ARG_IN, "struct termios2"},
	{TCSETSW2, IOC_ARG_IN, "struct termios2"},
	{TCSETSF2, IOC_ARG_IN, "struct termios2"},
	{TIOCGLCKTRMIOS, IOC_ARG_OUT, "struct termios"},
	{TIOCSLCKTRMIOS, IOC_ARG_IN, "struct termios"},
	{TIOCGWINSZ, IOC_ARG_OUT, "struct winsize"},
	{TIOCSWINSZ, IOC_ARG_IN, "struct winsize"},
	{FIONREAD, IOC_ARG_OUT, "int"},
	{TIOCOUTQ, IOC_ARG_OUT, "int"},
	{TIOCGPTN, IOC_ARG_OUT, "int"},
	{TIOCGPGRP, IOC_ARG_OUT, "int"},
	{TIOCSPGRP, IOC_ARG_IN, "int"},
	{TIOCGSID, IOC_ARG_OUT, "int"},
	{TIOCGETD, IOC_ARG_OUT, "int"},
	{TIOCSETD, IOC_ARG_IN, "int"},
	{TIOCMGET, IOC_ARG_OUT, "int"},
	{TIOCMSET, IOC_ARG_IN, "int"},
	{TIOCMBIS, IOC_ARG_IN, "int"},
	{TIOCMBIC, IOC_ARG_IN, "int"},
	{TIOCGSOFTCAR, IOC_ARG_OUT, "int"},
	{TIOCSSOFTCAR, IOC_ARG_IN, "int"},
	{TIOCPKT, IOC_ARG_IN, "int"},
	{TIOCGPKT, IOC_ARG_OUT, "int"},
	{TIOCSPTLCK, IOC_ARG_IN, "int"},
	{TIOCGPTLCK, IOC_ARG_OUT, "int"},
	{TIOCGEXCL, IOC_ARG_OUT, "int"},
	{TIOCGDEV, IOC_ARG_OUT, "int"},
	{FIONBIO, IOC_ARG_IN, "int"},
	{FIOASYNC, IOC_ARG_IN, "int"},
	{TCSBRK, IOC_ARG_VALUE, NULL},
	{TCSBRKP, IOC_ARG_VALUE, NULL},
	{TCXONC, IOC_ARG_VALUE, NULL},
	{TCFLSH, IOC_ARG_VALUE, NULL},
	{TIOCSCTTY, IOC_ARG_VALUE, NULL},
	{TIOCSIG, IOC_ARG_VALUE, NULL},
	{TIOCGPTPEER, IOC_ARG_VALUE, NULL},
	{TIOCEXCL, IOC_ARG_NONE, NULL},
	{TIOCNXCL, IOC_ARG_NONE, NULL},
	{TIOCNOTTY, IOC_ARG_NONE, NULL},
	{TIOCCONS, IOC_ARG_NONE, NULL},
	{TIOCSBRK, IOC_ARG_NONE, NULL},
	{TIOCCBRK, IOC_ARG_NONE, NULL},
	{TIOCVHANGUP, IOC_ARG_NONE, NULL},
	{FIOCLEX, IOC_ARG_NONE, NULL},
	{FIONCLEX, IOC_ARG_NONE, NULL},
};
/* clang-format on */

static const struct ioctl_arg *ioctl_arg_of(unsigned int cmd)
{
	for (size_t k = 0; k < sizeof(ioctl_args) / sizeof(ioctl_args[0]); k++) {
		if (ioctl_args[k].cmd == cmd)
			return &ioctl_args[k];
	}
	return NULL;
}

/*
 * Terminal settings: the four flag words, then "..." unless -v, as strace
 * abbreviates them; where the flags end comes from BTF (c_line's offset).
 */
static bool put_termios(const struct decoder *d, struct writer *w, const char *type,
			const void *data, size_t len)
{
	const struct btf *btf = d->types ? d->types->btf : NULL;
	const struct btf_type *t;
	__u32 id;

	if (!btf)
		return false;
	id = types__find(d->types, type + strlen("struct "), BTF_KIND_STRUCT);
	t = id ? btf__type_by_id(btf, id) : NULL;
	if (!t || !btf_is_struct(t))
		return false;
	if (!w->lim.verbose) {
		const struct btf_member *m = btf_members(t);

		for (__u16 k = 0; k < btf_vlen(t); k++) {
			const char *name = btf__name_by_offset(btf, m[k].name_off);

			if (name && !strcmp(name, "c_line") &&
			    btf_member_bit_offset(t, k) / 8 < len)
				len = btf_member_bit_offset(t, k) / 8;
		}
	}
	decode_write_btf(d, w, id, data, len, NULL);
	return true;
}

/*
 * The argument as its type says; false when it was not read. strace reads the type's size
 * only: an argument the rule's read ran into an unmapped page for shows when those bytes
 * lie before the page.
 */
static bool put_arg(const struct decoder *d, struct writer *w, const struct ioctl_arg *ia,
		    const struct bt_capture *cap)
{
	if (!strcmp(ia->type, "int")) {
		if ((cap->flags & BT_CAP_FAULT) && cap->len < sizeof(int))
			return false;
		hand_put_int(w, cap);
		return true;
	}
	if (cap->flags & BT_CAP_FAULT) {
		__u32 id;
		__s64 size = hand_btf_size(d, ia->type, &id);

		if (size < 0 || cap->len < (size_t)size)
			return false;
	}
	if (!strncmp(ia->type, "struct termios", strlen("struct termios")))
		return put_termios(d, w, ia->type, hand_cap_data(cap), cap->len);
	return hand_put_btf(d, w, ia->type, hand_cap_data(cap), cap->len);
}

static enum hand_result ioctl_arg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct ioctl_arg *ia = ioctl_arg_of((unsigned int)hc->enter->args[1]);
	__u64 v = hc->enter->args[i];
	const struct bt_capture *cap = NULL;

	if (!ia) {
		/* unknown command: most take a pointer, so hex says more than decimal */
		w_hex(w, v);
		return HAND_PRINTED;
	}
	switch (ia->dir) {
	case IOC_ARG_NONE:
		return HAND_OMIT;
	case IOC_ARG_VALUE:
		w_s64(w, (long)v);
		return HAND_PRINTED;
	case IOC_ARG_IN:
		cap = hand_call_in_prefix(hc, i);
		break;
	case IOC_ARG_OUT:
		cap = hand_call_out_prefix(hc, i);
		break;
	}
	if (!cap || !put_arg(hc->d, w, ia, cap))
		hand_put_pointer(w, v);
	return HAND_PRINTED;
}

/*
 * A command no table names, as strace spells its parts: _IOC(_IOC_READ|_IOC_WRITE, 0x54, 0x1,
 * 0x8) for direction, type, number and size; the number in hex where -X shows it.
 */
static enum hand_result ioctl_cmd(struct writer *w, const struct hand_call *hc, int i)
{
	static const char *const dirs[] = {"_IOC_NONE", "_IOC_WRITE", "_IOC_READ",
					   "_IOC_READ|_IOC_WRITE"};
	unsigned int cmd = (unsigned int)hc->enter->args[i];
	char text[96];

	if (xlat_name(&xlat_tty_ioctls, cmd))
		return HAND_DEFAULT;
	snprintf(text, sizeof(text), "_IOC(%s, %#x, %#x, %#x)", dirs[_IOC_DIR(cmd) & 3],
		 _IOC_TYPE(cmd), _IOC_NR(cmd), _IOC_SIZE(cmd));
	w_const(w, cmd, WR_HEX, text, NULL);
	return HAND_PRINTED;
}

/* clang-format off */
static const struct hand_arg_entry ioctl_args_decoders[] = {
	{"ioctl", "cmd", ioctl_cmd},
	{"ioctl", "arg", ioctl_arg},
};
/* clang-format on */

const struct hand_family family_ioctl = {
	.name = "ioctl",
	.args = ioctl_args_decoders,
	.nargs = sizeof(ioctl_args_decoders) / sizeof(ioctl_args_decoders[0]),
};

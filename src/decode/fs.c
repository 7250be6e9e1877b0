// SPDX-License-Identifier: GPL-2.0
/*
 * File systems and what watches them: mknod's device, fanotify's class and "no fd", memfd's
 * page size field, quotactl's packed command, fsconfig's value by command, and the calls
 * strace 6.1 shows as bare registers (sysfs). Each is a value whose meaning another value or a
 * field of its own decides, which neither tracefs nor BTF records.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <linux/dqblk_xfs.h>
#include <linux/quota.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "xlat_tables.h"

/* mknod's dev means something only for a device node: strace leaves it out otherwise. */
static enum hand_result mknod_dev(struct writer *w, const struct hand_call *hc, int i)
{
	/* the mode is the argument before dev, in mknod and mknodat alike */
	unsigned int mode = (unsigned short)hc->enter->args[i - 1];

	return S_ISCHR(mode) || S_ISBLK(mode) ? HAND_DEFAULT : HAND_OMIT;
}

/* A syscall strace 6.1 does not decode: its registers in hex, all 64 bits of each. */
static enum hand_result register_hex(struct writer *w, const struct hand_call *hc, int i)
{
	w_hex(w, hc->enter->args[i]);
	return HAND_PRINTED;
}

/*
 * fanotify_init's flags: the notification class, a value in FAN_ALL_CLASS_BITS, then the
 * flags above it: FAN_CLASS_NOTIF|FAN_CLOEXEC, 0xc /\* FAN_CLASS_??? *\/|FAN_NONBLOCK.
 */
static enum hand_result fanotify_init_flags(struct writer *w, const struct hand_call *hc, int i)
{
	const unsigned int class_bits = 0xc; /* FAN_ALL_CLASS_BITS */
	unsigned int flags = (unsigned int)hc->enter->args[i];
	const char *class = xlat_name(&xlat_fan_classes, flags & class_bits);
	unsigned int rest = flags & ~class_bits;
	uint64_t left = 0;

	/*
	 * -X raw and -X verbose: the class and the flags apart, each styled on its own, as
	 * strace does: 0 /\* FAN_CLASS_NOTIF *\/|0x1 /\* FAN_CLOEXEC *\/
	 */
	if (w_xlat_style(w) != WR_XLAT_ABBREV) {
		w_obj_begin(w, WR_OBJ_BITOR, NULL);
		w_key(w, "class");
		w_const(w, flags & class_bits, WR_HEX, class, "FAN_CLASS_???");
		if (rest) {
			w_key(w, "flags");
			xlat_write_flags(w, &xlat_fan_init_flags, rest);
		}
		w_obj_end(w, false);
		return HAND_PRINTED;
	}
	w_flags_begin(w, flags);
	if (class)
		w_flag(w, class);
	else
		w_flag_bits(w, flags & class_bits, "FAN_CLASS_???");
	if (rest)
		left = hand_put_flag_names(w, &xlat_fan_init_flags, rest);
	/*
	 * strace's comment when no flag name knew any of the bits above the class; an unknown
	 * class is in the rest too, for JSON (the text showed it first)
	 */
	w_flags_end(w, left | (class ? 0 : flags & class_bits), WR_HEX,
		    left == rest ? xlat_fan_init_flags.unknown : NULL);
	return HAND_PRINTED;
}

/*
 * swapon's flags: the SWAP_FLAG_* bits, then the priority in the low bits, always, each field
 * styled by -X on its own: SWAP_FLAG_PREFER|3, SWAP_FLAG_DISCARD|0, 0x8000|3, 0.
 */
static enum hand_result swapon_flags(struct writer *w, const struct hand_call *hc, int i)
{
	unsigned int v = (unsigned int)hc->enter->args[i];
	unsigned int prio = v & SWAP_FLAG_PRIO_MASK, flags = v & ~SWAP_FLAG_PRIO_MASK;

	w_obj_begin(w, WR_OBJ_BITOR, NULL);
	if (flags) {
		w_key(w, "flags");
		xlat_write_flags(w, &xlat_swap_flags, flags);
	}
	w_key_num(w, "priority", prio, WR_UDEC);
	w_obj_end(w, false);
	return HAND_PRINTED;
}

/* fanotify_mark's dirfd: FAN_NOFD (-1) when the mark is on the path alone, else a dirfd. */
static enum hand_result fanotify_mark_dirfd(struct writer *w, const struct hand_call *hc, int i)
{
	if ((int)hc->enter->args[i] != -1)
		return HAND_DEFAULT;
	w_const(w, (uint64_t)-1, WR_DEC, "FAN_NOFD", NULL);
	return HAND_PRINTED;
}

/*
 * memfd_create's flags: the flags, then the huge page size, a field of 6 bits at
 * MFD_HUGE_SHIFT, as strace writes it: MFD_HUGETLB|21<<MFD_HUGE_SHIFT.
 */
static enum hand_result memfd_create_flags(struct writer *w, const struct hand_call *hc, int i)
{
	const unsigned int huge_shift = 26, huge_mask = 0x3f; /* MFD_HUGE_SHIFT, MFD_HUGE_MASK */
	unsigned int flags = (unsigned int)hc->enter->args[i];
	unsigned int huge = (flags >> huge_shift) & huge_mask;
	unsigned int bits = flags & ~(huge_mask << huge_shift);
	uint64_t left;
	char text[48];

	w_flags_begin(w, flags);
	left = hand_put_flag_names(w, &xlat_memfd_flags, bits);
	if (!huge) {
		w_flags_end(w, left, WR_HEX, left == flags ? xlat_memfd_flags.unknown : NULL);
		return HAND_PRINTED;
	}
	/* the bits no name took come before the field, as strace has them */
	if (left) {
		snprintf(text, sizeof(text), "%#llx", (unsigned long long)left);
		w_flag(w, text);
	}
	snprintf(text, sizeof(text), "%u<<MFD_HUGE_SHIFT", huge);
	w_flag(w, text);
	w_flags_end(w, 0, WR_HEX, NULL);
	return HAND_PRINTED;
}

/* One part of a QCMD: its name, or its number in hex with strace's comment. */
static void format_qcmd_part(char *buf, size_t size, const struct xlat *x, unsigned int v)
{
	const char *name = xlat_name(x, v);

	if (name)
		snprintf(buf, size, "%s", name);
	else
		snprintf(buf, size, "%#x /* %s */", v, x->unknown);
}

/*
 * quotactl's command packs a command and a quota type: QCMD(Q_GETQUOTA, USRQUOTA), the number
 * in decimal where -X shows it. Only the low 32 bits count.
 */
static enum hand_result quotactl_cmd(struct writer *w, const struct hand_call *hc, int i)
{
	unsigned int qcmd = (unsigned int)hc->enter->args[i];
	char cmd[48], type[48], text[112];

	format_qcmd_part(cmd, sizeof(cmd), &xlat_quota_cmds, qcmd >> 8);
	format_qcmd_part(type, sizeof(type), &xlat_quota_types, qcmd & 0xff);
	snprintf(text, sizeof(text), "QCMD(%s, %s)", cmd, type);
	w_const(w, qcmd, WR_UDEC, text, NULL);
	return HAND_PRINTED;
}

/* quotactl's and quotactl_fd's command, the QCMD_CMD part of their cmd. */
static unsigned int quotactl_subcmd(const struct hand_call *hc)
{
	bool by_fd = !strcmp(hand_call_name(hc), "quotactl_fd");

	return (unsigned int)hc->enter->args[by_fd ? 1 : 0] >> 8;
}

/*
 * quotactl's id means what its command says, as strace shows it: a quota format to turn on, a
 * user's or group's id for the commands on one, and nothing for the rest (as for a command no
 * name knows, strace shows the id).
 */
static enum hand_result quotactl_id(struct writer *w, const struct hand_call *hc, int i)
{
	switch (quotactl_subcmd(hc)) {
	case Q_QUOTAON:
		xlat_write_const(w, &xlat_quota_formats, (uint32_t)hc->enter->args[i], WR_HEX);
		return HAND_PRINTED;
	case Q_SYNC:
	case Q_QUOTAOFF:
	case Q_GETFMT:
	case Q_GETINFO:
	case Q_SETINFO:
	case Q_XQUOTAON:
	case Q_XQUOTAOFF:
	case Q_XGETQSTAT:
	case Q_XQUOTARM:
	case Q_XQUOTASYNC:
	case Q_XGETQSTATV:
		return HAND_OMIT;
	}
	return HAND_DEFAULT;
}

/* quotactl's addr: nothing for the commands that take no data. */
static enum hand_result quotactl_addr(struct writer *w, const struct hand_call *hc, int i)
{
	switch (quotactl_subcmd(hc)) {
	case Q_SYNC:
	case Q_QUOTAOFF:
	case Q_XQUOTASYNC:
		return HAND_OMIT;
	}
	return HAND_DEFAULT;
}

/*
 * fsconfig's value is a string for the commands that set one (a string or a path), else
 * strace shows its address.
 */
static enum hand_result fsconfig_value(struct writer *w, const struct hand_call *hc, int i)
{
	switch ((unsigned int)hc->enter->args[1]) {
	case 1: /* FSCONFIG_SET_STRING */
	case 3: /* FSCONFIG_SET_PATH */
	case 4: /* FSCONFIG_SET_PATH_EMPTY */
		return HAND_DEFAULT;
	}
	w_ptr(w, hc->enter->args[i]);
	return HAND_PRINTED;
}

/*
 * landlock_create_ruleset's attr as strace 6.1 knows it: its first member, when size says the
 * caller passed it, then "..." for whatever more size says there is.
 */
static enum hand_result landlock_ruleset_attr(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_in(hc, i);
	uint64_t size = hc->enter->args[i + 1], access;

	if (size < sizeof(access) || !cap || cap->len < sizeof(access)) {
		hand_put_unread(w, hc->enter->args[i], NULL);
		return HAND_PRINTED;
	}
	memcpy(&access, hand_cap_data(cap), sizeof(access));
	w_struct_begin(w);
	w_key(w, "handled_access_fs");
	xlat_write_flags_wide(w, &xlat_landlock_access_fs, access);
	w_obj_end(w, size > sizeof(access));
	return HAND_PRINTED;
}

/*
 * mount's type and data: strings, cut at -s, as strace prints them, but for the calls that
 * ignore them, which show their addresses: a remount ignores the type; a bind, a move or a
 * change of propagation both (the old magic number in the flags' high half aside).
 */
static enum hand_result mount_string_arg(struct writer *w, const struct hand_call *hc, int i)
{
	uint64_t flags = hc->enter->args[3];
	bool ignored;

	if ((flags & MS_MGC_MSK) == MS_MGC_VAL)
		flags &= ~(uint64_t)MS_MGC_MSK;
	ignored = flags & (MS_BIND | MS_MOVE | MS_SHARED | MS_PRIVATE | MS_SLAVE | MS_UNBINDABLE);
	if (i == 2 && (flags & MS_REMOUNT))
		ignored = true;
	if (ignored)
		hand_put_pointer(w, hc->enter->args[i]);
	else
		hand_put_limited_string(w, hc, i);
	return HAND_PRINTED;
}

/* A string that is no path: -s applies to it (prctl's names). */
void hand_print_limited_str(const struct decoder *d, struct writer *w, const void *data, size_t len,
			    bool more)
{
	w_str(w, data, len, WR_STR_NUL | WR_STR_LIMIT | (more ? WR_STR_MORE : 0));
}

/* clang-format off */
static const struct hand_arg_entry fs_args[] = {
	{"memfd_create", "uname", hand_put_limited_string},
	{"fsconfig", "_key", hand_put_limited_string},
	{"mknod", "dev", mknod_dev},
	{"mknodat", "dev", mknod_dev},
	{"sysfs", "option", register_hex},
	{"sysfs", "arg1", register_hex},
	{"sysfs", "arg2", register_hex},
	{"fanotify_init", "flags", fanotify_init_flags},
	{"swapon", "swap_flags", swapon_flags},
	{"fanotify_mark", "dfd", fanotify_mark_dirfd},
	{"memfd_create", "flags", memfd_create_flags},
	{"quotactl", "cmd", quotactl_cmd},
	{"quotactl_fd", "cmd", quotactl_cmd},
	{"quotactl", "id", quotactl_id},
	{"quotactl_fd", "id", quotactl_id},
	{"quotactl", "addr", quotactl_addr},
	{"quotactl_fd", "addr", quotactl_addr},
	{"fsconfig", "_value", fsconfig_value},
	{"landlock_create_ruleset", "attr", landlock_ruleset_attr},
	{"mount", "type", mount_string_arg},
	{"mount", "data", mount_string_arg},
};
/* clang-format on */

const struct hand_family family_fs = {
	.name = "fs",
	.args = fs_args,
	.nargs = sizeof(fs_args) / sizeof(fs_args[0]),
};

// SPDX-License-Identifier: GPL-2.0
/*
 * Keys: keyctl's arguments by command (a key serial, a string, a buffer the kernel fills, a
 * uid...: all declared unsigned long), the special keyring serials (KEY_SPEC_*), and the
 * strings add_key and request_key take, which strace cuts at -s as any string but a path.
 */
#include <stdint.h>
#include <string.h>
#include <linux/keyctl.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "xlat_tables.h"

/* What a keyctl argument is. */
enum key_arg {
	KA_NONE = 0, /* not used: left out */
	KA_SERIAL,   /* a key serial: KEY_SPEC_SESSION_KEYRING or a number */
	KA_D,	     /* an int */
	KA_U,	     /* an unsigned number */
	KA_X,	     /* a number in hex */
	KA_UID,	     /* a user or group id: -1 or unsigned */
	KA_PTR,	     /* an address */
	KA_STR,	     /* a string the kernel reads */
	KA_STRN,     /* as many bytes as the next argument says, read by the kernel */
	KA_OUTSTR,   /* a buffer the kernel fills: as many bytes as it returned, no more than the
		      * next argument */
	KA_OUTSTR0,  /* the same, a string whose NUL is not shown */
	KA_PERM,     /* a key's permissions */
	KA_REQKEY,   /* a default request-key keyring */
	KA_ERRNO,    /* an error number, by name */
	KA_MOVE,     /* KEYCTL_MOVE's flags */
};

/* keyctl's arg2 to arg5 by command, as strace 6.1 shows them. */
static const unsigned char keyctl_args[][4] = {
	[KEYCTL_GET_KEYRING_ID] = {KA_SERIAL, KA_D},
	[KEYCTL_JOIN_SESSION_KEYRING] = {KA_STR},
	[KEYCTL_UPDATE] = {KA_SERIAL, KA_STRN, KA_U},
	[KEYCTL_REVOKE] = {KA_SERIAL},
	[KEYCTL_CHOWN] = {KA_SERIAL, KA_UID, KA_UID},
	[KEYCTL_SETPERM] = {KA_SERIAL, KA_PERM},
	[KEYCTL_DESCRIBE] = {KA_SERIAL, KA_OUTSTR0, KA_U},
	[KEYCTL_CLEAR] = {KA_SERIAL},
	[KEYCTL_LINK] = {KA_SERIAL, KA_SERIAL},
	[KEYCTL_UNLINK] = {KA_SERIAL, KA_SERIAL},
	[KEYCTL_SEARCH] = {KA_SERIAL, KA_STR, KA_STR, KA_SERIAL},
	[KEYCTL_READ] = {KA_SERIAL, KA_OUTSTR, KA_U},
	[KEYCTL_INSTANTIATE] = {KA_SERIAL, KA_STRN, KA_U, KA_SERIAL},
	[KEYCTL_NEGATE] = {KA_SERIAL, KA_U, KA_SERIAL},
	[KEYCTL_SET_REQKEY_KEYRING] = {KA_REQKEY},
	[KEYCTL_SET_TIMEOUT] = {KA_SERIAL, KA_U},
	[KEYCTL_ASSUME_AUTHORITY] = {KA_SERIAL},
	[KEYCTL_GET_SECURITY] = {KA_SERIAL, KA_OUTSTR0, KA_U},
	[KEYCTL_SESSION_TO_PARENT] = {KA_NONE},
	[KEYCTL_REJECT] = {KA_SERIAL, KA_U, KA_ERRNO, KA_SERIAL},
	[KEYCTL_INSTANTIATE_IOV] = {KA_SERIAL, KA_PTR, KA_U, KA_SERIAL},
	[KEYCTL_INVALIDATE] = {KA_SERIAL},
	[KEYCTL_GET_PERSISTENT] = {KA_UID, KA_SERIAL},
	[KEYCTL_DH_COMPUTE] = {KA_PTR, KA_PTR, KA_U, KA_PTR},
	[KEYCTL_PKEY_QUERY] = {KA_SERIAL, KA_X, KA_STR, KA_PTR},
	[KEYCTL_PKEY_ENCRYPT] = {KA_PTR, KA_STR, KA_PTR, KA_PTR},
	[KEYCTL_PKEY_DECRYPT] = {KA_PTR, KA_STR, KA_PTR, KA_PTR},
	[KEYCTL_PKEY_SIGN] = {KA_PTR, KA_STR, KA_PTR, KA_PTR},
	[KEYCTL_PKEY_VERIFY] = {KA_PTR, KA_STR, KA_PTR, KA_PTR},
	[KEYCTL_RESTRICT_KEYRING] = {KA_SERIAL, KA_STR, KA_STR},
	[KEYCTL_MOVE] = {KA_SERIAL, KA_SERIAL, KA_SERIAL, KA_MOVE},
	[KEYCTL_CAPABILITIES] = {KA_PTR, KA_U},
};

/* A key serial: KEY_SPEC_SESSION_KEYRING, or the number as the int it is. */
static void put_serial(struct writer *w, uint64_t v)
{
	xlat_write_const(w, &xlat_key_spec, (uint64_t)(int64_t)(int32_t)v, WR_DEC);
}

/* n bytes of a buffer, of which the capture holds what it read. */
static void put_buffer(struct writer *w, uint64_t addr, const struct bt_capture *cap, uint64_t n)
{
	size_t got;

	if (!addr || !cap) {
		hand_put_unread(w, addr, cap);
		return;
	}
	got = cap->len < n ? cap->len : n;
	w_bytes(w, hand_cap_data(cap), got, (long long)n, got < n);
}

static enum hand_result keyctl_arg(struct writer *w, const struct hand_call *hc, int i)
{
	int cmd = (int)hc->enter->args[0];
	uint64_t v = hc->enter->args[i], n;
	const struct bt_capture *cap;
	const char *name;
	unsigned char kind;

	if (i == 0) {
		xlat_write_const(w, &xlat_keyctl_cmds, (uint32_t)cmd, WR_AUTO);
		return HAND_PRINTED;
	}
	if (cmd < 0 || (size_t)cmd >= sizeof(keyctl_args) / sizeof(keyctl_args[0]) ||
	    (!keyctl_args[cmd][0] && cmd != KEYCTL_SESSION_TO_PARENT)) {
		/* a command strace does not know: every argument in hex */
		w_hex(w, v);
		return HAND_PRINTED;
	}
	kind = keyctl_args[cmd][i - 1];
	switch (kind) {
	case KA_NONE:
		return HAND_OMIT;
	case KA_SERIAL:
		put_serial(w, v);
		break;
	case KA_D:
		w_s64(w, (int32_t)v);
		break;
	case KA_U:
		w_u64(w, v);
		break;
	case KA_X:
		w_hex(w, v);
		break;
	case KA_UID:
		if ((uint32_t)v == UINT32_MAX)
			w_s64(w, -1);
		else
			w_u64(w, (uint32_t)v);
		break;
	case KA_PTR:
		hand_put_pointer(w, v);
		break;
	case KA_STR:
		hand_put_limited_string(w, hc, i);
		break;
	case KA_STRN:
		put_buffer(w, v, hand_call_in(hc, i), hc->enter->args[i + 1]);
		break;
	case KA_OUTSTR:
	case KA_OUTSTR0:
		if (!hc->exit)
			return HAND_OMIT;
		if (hand_call_failed(hc)) {
			hand_put_pointer(w, v);
			break;
		}
		/* the kernel says how long the whole is; it wrote no more than the buffer */
		n = hc->exit->ret < 0 ? 0 : (uint64_t)hc->exit->ret;
		if (n > hc->enter->args[i + 1])
			n = hc->enter->args[i + 1];
		cap = hand_call_out(hc, i);
		if (kind == KA_OUTSTR0 && cap && n && n <= cap->len &&
		    ((const char *)hand_cap_data(cap))[n - 1] == '\0')
			n--;
		put_buffer(w, v, cap, n);
		break;
	case KA_PERM:
		xlat_write_flags(w, &xlat_key_perms, (uint32_t)v);
		break;
	case KA_REQKEY:
		xlat_write_const(w, &xlat_key_reqkeys, (uint64_t)(int64_t)(int32_t)v, WR_DEC);
		break;
	case KA_ERRNO:
		name = xlat_errno_name((int)(uint32_t)v);
		w_const(w, (uint32_t)v, WR_UDEC, name, NULL);
		break;
	case KA_MOVE:
		xlat_write_flags(w, &xlat_keyctl_move_flags, (uint32_t)v);
		break;
	}
	return HAND_PRINTED;
}

/* add_key's and request_key's keyring, and their strings, which -s cuts. */
static enum hand_result key_serial_arg(struct writer *w, const struct hand_call *hc, int i)
{
	put_serial(w, hc->enter->args[i]);
	return HAND_PRINTED;
}

/* clang-format off */
static const struct hand_arg_entry keys_args[] = {
	{"keyctl", "option", keyctl_arg},
	{"keyctl", "arg2", keyctl_arg},
	{"keyctl", "arg3", keyctl_arg},
	{"keyctl", "arg4", keyctl_arg},
	{"keyctl", "arg5", keyctl_arg},
	{"add_key", "_type", hand_put_limited_string},
	{"add_key", "_description", hand_put_limited_string},
	{"add_key", "ringid", key_serial_arg},
	{"request_key", "_type", hand_put_limited_string},
	{"request_key", "_description", hand_put_limited_string},
	{"request_key", "_callout_info", hand_put_limited_string},
	{"request_key", "destringid", key_serial_arg},
};
/* clang-format on */

const struct hand_family family_keys = {
	.name = "keys",
	.args = keys_args,
	.nargs = sizeof(keys_args) / sizeof(keys_args[0]),
};

// SPDX-License-Identifier: GPL-2.0
/*
 * Extended attributes. A name is no path (-s applies to it); a value is bytes whose length
 * is the size argument going in and the return value coming out, shown only up to the
 * kernel's XATTR_SIZE_MAX, without the one trailing NUL C strings stored as values have; a
 * list of names is shown only when the call asked for one and got it. The prototypes say
 * const char * and void *: none of this is in them.
 */
#include <string.h>

#include "decode/decode.h"
#include "decode/hand.h"

/* strace shows no value larger than the kernel takes (XATTR_SIZE_MAX), only its address. */
#define XATTR_VALUE_SHOWN_MAX 65536

/* size bytes of a value, captured in cap (or not): "value\0\1", the last NUL left out. */
static void put_value(struct writer *w, uint64_t addr, const struct bt_capture *cap, uint64_t size)
{
	const unsigned char *p;
	size_t n;

	if (!cap || size > XATTR_VALUE_SHOWN_MAX) {
		/* too big to be one, or it could not be read: its address */
		w_ptr(w, addr);
		return;
	}
	p = hand_cap_data(cap);
	if (cap->len < size) {
		/* the capture's cap cut it: what was read, and more */
		w_bytes(w, p, cap->len, (long long)size, true);
		return;
	}
	n = size;
	if (n && p[n - 1] == '\0')
		n--;
	w_bytes(w, p, n, (long long)n, false);
}

/* setxattr's value: what goes in, size bytes. */
static enum hand_result setxattr_value(struct writer *w, const struct hand_call *hc, int i)
{
	put_value(w, hc->enter->args[i], hand_call_in(hc, i), hc->enter->args[i + 1]);
	return HAND_PRINTED;
}

/* getxattr's value: what the kernel wrote, as many bytes as it returns. */
static enum hand_result getxattr_value(struct writer *w, const struct hand_call *hc, int i)
{
	if (!hc->exit || decode_is_error(hc->exit->ret)) {
		w_ptr(w, hc->enter->args[i]);
		return HAND_PRINTED;
	}
	put_value(w, hc->enter->args[i], hand_call_out(hc, i), (uint64_t)hc->exit->ret);
	return HAND_PRINTED;
}

/* listxattr's list: the names the kernel wrote, only when the call gave it room for them. */
static enum hand_result listxattr_list(struct writer *w, const struct hand_call *hc, int i)
{
	if (!hc->enter->args[i + 1] || !hc->exit || decode_is_error(hc->exit->ret)) {
		w_ptr(w, hc->enter->args[i]);
		return HAND_PRINTED;
	}
	return HAND_DEFAULT;
}

/* clang-format off */
static const struct hand_arg_entry xattr_args[] = {
	{"setxattr", "name", hand_put_limited_string},
	{"lsetxattr", "name", hand_put_limited_string},
	{"fsetxattr", "name", hand_put_limited_string},
	{"getxattr", "name", hand_put_limited_string},
	{"lgetxattr", "name", hand_put_limited_string},
	{"fgetxattr", "name", hand_put_limited_string},
	{"removexattr", "name", hand_put_limited_string},
	{"lremovexattr", "name", hand_put_limited_string},
	{"fremovexattr", "name", hand_put_limited_string},
	{"setxattr", "value", setxattr_value},
	{"lsetxattr", "value", setxattr_value},
	{"fsetxattr", "value", setxattr_value},
	{"getxattr", "value", getxattr_value},
	{"lgetxattr", "value", getxattr_value},
	{"fgetxattr", "value", getxattr_value},
	{"listxattr", "list", listxattr_list},
	{"llistxattr", "list", listxattr_list},
	{"flistxattr", "list", listxattr_list},
};
/* clang-format on */

const struct hand_family family_xattr = {
	.name = "xattr",
	.args = xattr_args,
	.nargs = sizeof(xattr_args) / sizeof(xattr_args[0]),
};

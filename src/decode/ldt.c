// SPDX-License-Identifier: GPL-2.0
/*
 * Thread-local storage descriptors: struct user_desc, which set_thread_area installs and
 * get_thread_area fills, as strace shows it: entry_number an id (-1 asks the kernel for a
 * free one), base_addr and limit padded hex, the bitfields as numbers. Kernels built without
 * IA32 emulation have no tracefs format for these (the catalog's fallback gives one).
 */
#include <stdio.h>
#include <string.h>
#include <asm/ldt.h>

#include "decode/decode.h"
#include "decode/hand.h"

/* entry_number as strace shows an id: -1, else unsigned. */
static void put_entry_number(struct writer *w, uint32_t n)
{
	if (n == (uint32_t)-1)
		w_s64(w, -1);
	else
		w_u64(w, n);
}

/* The members after entry_number, then the struct's end. */
static void put_desc_rest(struct writer *w, const struct user_desc *u)
{
	w_key_num(w, "base_addr", u->base_addr, WR_HEX_08);
	w_key_num(w, "limit", u->limit, WR_HEX_08);
	w_key_num(w, "seg_32bit", u->seg_32bit, WR_UDEC);
	w_key_num(w, "contents", u->contents, WR_UDEC);
	w_key_num(w, "read_exec_only", u->read_exec_only, WR_UDEC);
	w_key_num(w, "limit_in_pages", u->limit_in_pages, WR_UDEC);
	w_key_num(w, "seg_not_present", u->seg_not_present, WR_UDEC);
	w_key_num(w, "useable", u->useable, WR_UDEC);
	w_key_num(w, "lm", u->lm, WR_UDEC);
	w_obj_end(w, false);
}

/* A whole descriptor: set_thread_area's, modify_ldt's. */
static void print_user_desc(const struct decoder *d, struct writer *w, const void *data, size_t len,
			    bool more)
{
	struct user_desc u;

	if (len < sizeof(u)) {
		w_bytes(w, data, len, -1, more);
		return;
	}
	memcpy(&u, data, sizeof(u));
	w_struct_begin(w);
	w_key(w, "entry_number");
	put_entry_number(w, u.entry_number);
	put_desc_rest(w, &u);
}

/* set_thread_area's descriptor as it went in: what the kernel writes back is the return's note. */
static enum hand_result set_thread_area_info(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *in = hand_call_in(hc, i);

	if (!in || in->len < sizeof(struct user_desc)) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	print_user_desc(hc->d, w, hand_cap_data(in), in->len, false);
	return HAND_PRINTED;
}

/*
 * get_thread_area reads entry_number and fills the rest: {entry_number=6, base_addr=...},
 * with " => N" when the kernel changed the number, and {entry_number=6, ...} when it failed.
 */
static enum hand_result get_thread_area_info(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *in = hand_call_in(hc, i), *out = hand_call_out(hc, i);
	struct user_desc u, was;

	if (!in || in->len < sizeof(was.entry_number)) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	memcpy(&was.entry_number, hand_cap_data(in), sizeof(was.entry_number));
	w_struct_begin(w);
	w_key(w, "entry_number");
	if (!out || out->len < sizeof(u)) {
		put_entry_number(w, was.entry_number);
		w_obj_end(w, true);
		return HAND_PRINTED;
	}
	memcpy(&u, hand_cap_data(out), sizeof(u));
	if (u.entry_number == was.entry_number) {
		put_entry_number(w, u.entry_number);
	} else {
		w_inout_begin(w);
		put_entry_number(w, was.entry_number);
		w_inout_mid(w);
		put_entry_number(w, u.entry_number);
		w_inout_end(w);
	}
	put_desc_rest(w, &u);
	return HAND_PRINTED;
}

/* set_thread_area tells which entry it used, in u_info: = 0 (entry_number=12). */
static bool set_thread_area_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	const struct bt_capture *out = hand_call_out(hc, 0);
	struct user_desc u;
	char note[32];

	if (!out || out->len < sizeof(u))
		return false;
	memcpy(&u, hand_cap_data(out), sizeof(u));
	snprintf(note, sizeof(note), "entry_number=%u", u.entry_number);
	w->ops->ret(w, r);
	w->ops->ret_note_begin(w);
	w_name(w, note);
	w->ops->ret_note_end(w);
	return true;
}

/*
 * modify_ldt returns an int in a 64-bit register, so its errors arrive as 32 bits
 * (0xffffffda, not -38): strace shows such a number with the error it stands for,
 * = 4294967258 ENOSYS (Function not implemented).
 */
static bool modify_ldt_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	uint64_t v = (uint64_t)r->value;

	if (v < 0xfffff000 || v > 0xffffffff)
		return false;
	r->kind = WR_RET_ERROR;
	r->error_value = true;
	r->err = (int)-(int32_t)(uint32_t)v;
	r->errname = xlat_errno_name(r->err);
	r->errtext = strerror(r->err);
	w->ops->ret(w, r);
	return true;
}

/* clang-format off */
static const struct hand_arg_entry ldt_args[] = {
	{"set_thread_area", "u_info", set_thread_area_info},
	{"get_thread_area", "u_info", get_thread_area_info},
};

static const struct hand_return_entry ldt_returns[] = {
	{"set_thread_area", set_thread_area_return},
	{"modify_ldt", modify_ldt_return},
};
/* clang-format on */

const struct hand_family family_ldt = {
	.name = "ldt",
	.args = ldt_args,
	.nargs = sizeof(ldt_args) / sizeof(ldt_args[0]),
	.returns = ldt_returns,
	.nreturns = sizeof(ldt_returns) / sizeof(ldt_returns[0]),
};

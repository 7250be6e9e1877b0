// SPDX-License-Identifier: GPL-2.0
/* What the hand decoders of every family share: constants, pointers, ints, BTF types, bits. */
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>

#include "decode/decode.h"
#include "decode/fd_paths.h"
#include "decode/fd_table.h"
#include "decode/hand.h"
#include "decode/members.h"

void hand_put_xlat(struct writer *w, const struct xlat *table, uint64_t val)
{
	xlat_write(w, table, val);
}

static void put_flag_name(void *ctx, const char *name)
{
	w_flag(ctx, name);
}

uint64_t hand_put_flag_names(struct writer *w, const struct xlat *table, uint64_t val)
{
	return xlat_flags_names(table, val, put_flag_name, w);
}

void hand_put_pointer(struct writer *w, uint64_t v)
{
	w_ptr(w, v);
}

bool hand_cap_int(const struct bt_capture *cap, int *v)
{
	if (!cap || cap->len < sizeof(*v))
		return false;
	memcpy(v, hand_cap_data(cap), sizeof(*v));
	return true;
}

void hand_put_len_inout(struct writer *w, int64_t size, bool got_len, int64_t len)
{
	w_deref_begin(w);
	if (got_len && len != size) {
		w_inout_begin(w);
		w_s64(w, size);
		w_inout_mid(w);
		w_s64(w, len);
		w_inout_end(w);
	} else {
		w_s64(w, got_len ? len : size);
	}
	w_deref_end(w);
}

void hand_put_unread(struct writer *w, uint64_t v, const struct bt_capture *tried)
{
	w_unread(w, v, tried && (tried->flags & BT_CAP_FAULT));
}

enum hand_result hand_put_limited_string(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_in_prefix(hc, i);
	const char *p;
	size_t n;

	/*
	 * run into an unmapped page: shown only when -s's bytes were before it, as strace; -s
	 * decides for JSON too, whose writer has no limit, so that both say the same
	 */
	if (cap && (cap->flags & BT_CAP_FAULT) &&
	    !decode_cut_string_shows(cap, hc->d->opts.string_limit))
		cap = NULL;
	if (!hc->enter->args[i] || !cap) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	p = hand_cap_data(cap);
	n = strnlen(p, cap->len);
	/* cut, or read up to an unmapped page: the string went on */
	w_str(w, p, n,
	      WR_STR_NUL | WR_STR_LIMIT |
		      (n == cap->len && (decode_cap_cut(cap) || (cap->flags & BT_CAP_FAULT))
			       ? WR_STR_MORE
			       : 0));
	return HAND_PRINTED;
}

void hand_put_int(struct writer *w, const struct bt_capture *cap)
{
	int v;

	w_deref_begin(w);
	if (cap->len < sizeof(v)) {
		w_name2(w, NULL, "...");
	} else {
		memcpy(&v, hand_cap_data(cap), sizeof(v));
		w_s64(w, v);
	}
	w_deref_end(w);
}

__s64 hand_btf_size(const struct decoder *d, const char *type_name, __u32 *id)
{
	int kind = 0;

	*id = 0;
	if (!d->types || !d->types->btf)
		return -1;
	if (!strncmp(type_name, "struct ", 7)) {
		kind = BTF_KIND_STRUCT;
		type_name += 7;
	} else if (!strncmp(type_name, "union ", 6)) {
		kind = BTF_KIND_UNION;
		type_name += 6;
	}
	*id = types__find(d->types, type_name, kind);
	return *id ? btf__resolve_size(d->types->btf, *id) : -1;
}

bool hand_put_btf(const struct decoder *d, struct writer *w, const char *type_name,
		  const void *data, size_t len)
{
	__u32 id;
	__s64 size = hand_btf_size(d, type_name, &id);

	if (size < 0 || len < (size_t)size)
		return false;
	decode_write_btf(d, w, id, data, size, NULL);
	return true;
}

const char *hand_fd_path(const struct hand_call *hc, int fd)
{
	if (!hc->d->fds || fd < 0)
		return NULL;
	return fd_table__path(hc->d->fds, hc->enter->hdr.tgid, hc->enter->hdr.tid, fd);
}

void hand_write_fd(const struct hand_call *hc, struct writer *w, int fd, const char *path)
{
	const struct bt_rec_hdr *hdr = hc->enter ? &hc->enter->hdr : &hc->exit->hdr;

	decode_write_fd(hc->d, w, hdr, fd, NULL, path);
}

void hand_print_bit_list(struct writer *w, const void *data, size_t len, long limit, bool more)
{
	const unsigned char *p = data;
	size_t nbits = len * 8;

	if (limit >= 0 && (size_t)limit < nbits)
		nbits = limit;
	w_arr_begin(w, WR_ARR_SET);
	for (size_t b = 0; b < nbits; b++) {
		if ((p[b / 8] >> (b % 8)) & 1)
			w_u64(w, b);
	}
	w_arr_end(w, more);
}

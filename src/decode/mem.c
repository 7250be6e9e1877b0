// SPDX-License-Identifier: GPL-2.0
/*
 * Memory: mmap's flags (a mapping type, flags and a huge page size in one word), mremap's new
 * address (read only with MREMAP_FIXED), and the NUMA policy calls' mode (a mode with flags
 * in its upper bits) and the policy get_mempolicy writes back.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <linux/mempolicy.h>
#include <linux/mman.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "xlat_tables.h"

#ifndef MAP_TYPE
#define MAP_TYPE 0x0f
#endif
#ifndef MAP_HUGE_SHIFT
#define MAP_HUGE_SHIFT 26
#endif
#ifndef MAP_HUGE_MASK
#define MAP_HUGE_MASK 0x3f
#endif
#ifndef MREMAP_FIXED
#define MREMAP_FIXED 2
#endif
#ifndef MPOL_F_NUMA_BALANCING
#define MPOL_F_NUMA_BALANCING (1 << 13)
#endif

static void put_flag_name(void *ctx, const char *name)
{
	w_flag(ctx, name);
}

/*
 * mmap's flags as strace writes them, as one value: the mapping type by name (MAP_FILE for
 * 0) or in hex with its comment, the flags, the bits no name knows, then the huge page size:
 * MAP_PRIVATE|MAP_ANONYMOUS|21<<MAP_HUGE_SHIFT.
 */
static void put_mmap_flags(struct writer *w, uint64_t flags)
{
	uint64_t type = flags & MAP_TYPE;
	uint64_t huge = (flags >> MAP_HUGE_SHIFT) & MAP_HUGE_MASK;
	/* strace's mask of the huge page bits is an unsigned int: the upper half goes with them */
	uint64_t rest = flags & ~(uint64_t)MAP_TYPE &
			(uint32_t) ~((uint32_t)MAP_HUGE_MASK << MAP_HUGE_SHIFT);
	const char *name = xlat_name(&xlat_mmap_types, type);
	uint64_t unknown = 0;
	char text[48];

	w_flags_begin(w, flags);
	if (name) {
		w_flag(w, name);
	} else {
		w_flag_bits(w, type, xlat_mmap_types.unknown);
		unknown = type;
	}
	if (rest) {
		rest = xlat_flags_names(&xlat_mmap_flags, rest, put_flag_name, w);
		if (rest)
			w_flag_bits(w, rest, NULL);
		unknown |= rest;
	}
	if (huge) {
		snprintf(text, sizeof(text), "%llu<<MAP_HUGE_SHIFT", (unsigned long long)huge);
		w_flag(w, text);
	}
	w_flags_end(w, unknown, WR_HEX, NULL);
}

static enum hand_result mmap_flags(struct writer *w, const struct hand_call *hc, int i)
{
	put_mmap_flags(w, hc->enter->args[i]);
	return HAND_PRINTED;
}

/* mremap reads new_addr only when it moves the mapping to a place of the caller's. */
static enum hand_result mremap_new_addr(struct writer *w, const struct hand_call *hc, int i)
{
	const uint64_t both = MREMAP_MAYMOVE | MREMAP_FIXED;

	return (hc->enter->args[3] & both) == both ? HAND_DEFAULT : HAND_OMIT;
}

/*
 * A NUMA policy mode: the mode by name, with its flags after it (MPOL_BIND|MPOL_F_STATIC_NODES);
 * a mode no name knows makes the whole word flags, as strace shows it.
 */
static void put_mpol_mode(struct writer *w, uint64_t v)
{
	const uint64_t mask = MPOL_F_STATIC_NODES | MPOL_F_RELATIVE_NODES | MPOL_F_NUMA_BALANCING;
	uint64_t flags = v & mask;
	const char *mode = xlat_name(&xlat_mpol_modes, v & ~mask);

	if (!flags) {
		xlat_write_const(w, &xlat_mpol_modes, v, WR_AUTO);
		return;
	}
	if (!mode) {
		xlat_write_flags_wide(w, &xlat_mpol_mode_flags, v);
		return;
	}
	w_flags_begin(w, v);
	w_flag(w, mode);
	xlat_flags_names(&xlat_mpol_mode_flags, flags, put_flag_name, w);
	w_flags_end(w, 0, WR_HEX, NULL);
}

static enum hand_result mpol_mode(struct writer *w, const struct hand_call *hc, int i)
{
	uint64_t v = hc->enter->args[i];

	/* set_mempolicy's mode is an int, mbind's an unsigned long */
	if (!strcmp(hand_call_name(hc), "set_mempolicy"))
		v = (uint32_t)v;
	put_mpol_mode(w, v);
	return HAND_PRINTED;
}

/* The policy get_mempolicy wrote: [MPOL_BIND]. */
static enum hand_result mpol_policy_out(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_out(hc, i);
	int32_t policy;

	if (!hc->exit)
		return HAND_OMIT;
	if (!cap || cap->len < sizeof(policy)) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->exit->hdr, i));
		return HAND_PRINTED;
	}
	memcpy(&policy, hand_cap_data(cap), sizeof(policy));
	w_deref_begin(w);
	xlat_write_const(w, &xlat_mpol_modes, (uint64_t)(int64_t)policy, WR_AUTO);
	w_deref_end(w);
	return HAND_PRINTED;
}

/* Writes one element of an array. */
typedef void (*put_elem_fn)(struct writer *w, const void *elem);

/*
 * An array of nmemb elements of elem_size bytes at argument i, from the capture cap, as
 * strace's print_array has it: NULL; the address when its size overflows or it could not be
 * read; [] for none; else the elements read, up to the writer's limit, "..." when there were
 * more.
 */
static void put_array(struct writer *w, const struct hand_call *hc, int i,
		      const struct bt_capture *cap, uint64_t nmemb, size_t elem_size,
		      put_elem_fn put_elem)
{
	uint64_t addr = hc->enter->args[i], shown, have, limit = w->lim.array;
	const char *p;

	if (!addr || nmemb > UINT64_MAX / elem_size) {
		hand_put_pointer(w, addr);
		return;
	}
	if (!nmemb) {
		w_arr_begin(w, WR_ARR_LIST);
		w_arr_end(w, false);
		return;
	}
	if (!cap || cap->len < elem_size) {
		hand_put_unread(w, addr, cap);
		return;
	}
	have = cap->len / elem_size;
	if (have > nmemb)
		have = nmemb;
	shown = limit && have > limit ? limit : have;
	p = hand_cap_data(cap);
	w_arr_begin(w, WR_ARR_LIST);
	for (uint64_t k = 0; k < shown; k++)
		put_elem(w, p + k * elem_size);
	/* cut at an unmapped page: strace's comment names the first element it could not read */
	if ((cap->flags & BT_CAP_PARTIAL) && shown == have && shown < nmemb)
		w_arr_end_unread(w, addr + have * elem_size);
	else
		w_arr_end(w, shown < nmemb);
}

static void put_mask_word(struct writer *w, const void *elem)
{
	uint64_t v;

	memcpy(&v, elem, sizeof(v));
	w_num(w, v, WR_HEX_WORD);
}

/* Where each node mask's maxnode is. */
static int maxnode_arg(const char *call)
{
	if (!strcmp(call, "mbind"))
		return 4;
	if (!strcmp(call, "migrate_pages"))
		return 1;
	return 2; /* set_mempolicy, get_mempolicy */
}

/*
 * A node mask of maxnode - 1 bits, in longs: [0x00000000000003]. strace shows the address
 * when the count overflows, or for a maxnode of 1 (no bits, yet not no longs).
 */
static enum hand_result nodemask(struct writer *w, const struct hand_call *hc, int i)
{
	uint64_t maxnode = hc->enter->args[maxnode_arg(hand_call_name(hc))];
	uint64_t nmemb = (maxnode + 62) / 64;
	bool out = !strcmp(hand_call_name(hc), "get_mempolicy");
	const struct bt_capture *cap = out ? hand_call_out(hc, i) : hand_call_in(hc, i);

	if (out && !hc->exit)
		return HAND_OMIT;
	if (nmemb < maxnode / 64 || (maxnode && !nmemb)) {
		hand_put_pointer(w, hc->enter->args[i]);
		return HAND_PRINTED;
	}
	/* what a failed get_mempolicy left is not shown, as strace shows none */
	if (out && !cap && nmemb) {
		hand_put_unread(w, hc->enter->args[i], NULL);
		return HAND_PRINTED;
	}
	put_array(w, hc, i, cap, nmemb, sizeof(uint64_t), put_mask_word);
	return HAND_PRINTED;
}

static void put_page_state(struct writer *w, const void *elem)
{
	w_u64(w, *(const uint8_t *)elem & 1);
}

/* mincore's vector: whether each page of the range is resident, one byte each. */
static enum hand_result mincore_vec(struct writer *w, const struct hand_call *hc, int i)
{
	uint64_t len = hc->enter->args[1];
	uint64_t nmemb = len / 4096 + (len % 4096 ? 1 : 0);
	const struct bt_capture *cap = hand_call_out(hc, i);

	if (!hc->exit)
		return HAND_OMIT;
	if (!cap && nmemb) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->exit->hdr, i));
		return HAND_PRINTED;
	}
	put_array(w, hc, i, cap, nmemb, 1, put_page_state);
	return HAND_PRINTED;
}

static void put_page_address(struct writer *w, const void *elem)
{
	uint64_t v;

	memcpy(&v, elem, sizeof(v));
	w_ptr(w, v);
}

static void put_node(struct writer *w, const void *elem)
{
	int32_t v;

	memcpy(&v, elem, sizeof(v));
	w_s64(w, v);
}

/* A page's status: the node it is on, or an error as -EFAULT. */
static void put_page_status(struct writer *w, const void *elem)
{
	int32_t v;
	const char *name;

	memcpy(&v, elem, sizeof(v));
	name = v < 0 ? xlat_errno_name(-v) : NULL;
	if (name) {
		char text[40];

		snprintf(text, sizeof(text), "-%s", name);
		w_const(w, (uint64_t)(int64_t)v, WR_DEC, text, NULL);
	} else {
		w_s64(w, v);
	}
}

/* move_pages' arrays, nr_pages long each: the pages, the nodes to move them to, the status. */
static enum hand_result move_pages_array(struct writer *w, const struct hand_call *hc, int i)
{
	uint64_t nmemb = hc->enter->args[1];

	switch (i) {
	case 2:
		put_array(w, hc, i, hand_call_in(hc, i), nmemb, sizeof(uint64_t), put_page_address);
		return HAND_PRINTED;
	case 3:
		put_array(w, hc, i, hand_call_in(hc, i), nmemb, sizeof(int32_t), put_node);
		return HAND_PRINTED;
	case 4:
		if (!hc->exit)
			return HAND_OMIT;
		if (!hand_call_out(hc, i) && nmemb && nmemb <= UINT64_MAX / sizeof(int32_t)) {
			hand_put_unread(w, hc->enter->args[i], NULL);
			return HAND_PRINTED;
		}
		put_array(w, hc, i, hand_call_out(hc, i), nmemb, sizeof(int32_t), put_page_status);
		return HAND_PRINTED;
	}
	return HAND_DEFAULT;
}

/* clang-format off */
static const struct hand_arg_entry mem_args[] = {
	{"mmap", "flags", mmap_flags},
	{"remap_file_pages", "flags", mmap_flags},
	{"mremap", "new_addr", mremap_new_addr},
	{"mbind", "mode", mpol_mode},
	{"set_mempolicy", "mode", mpol_mode},
	{"get_mempolicy", "policy", mpol_policy_out},
	{"mbind", "nmask", nodemask},
	{"set_mempolicy", "nmask", nodemask},
	{"get_mempolicy", "nmask", nodemask},
	{"migrate_pages", "old_nodes", nodemask},
	{"migrate_pages", "new_nodes", nodemask},
	{"mincore", "vec", mincore_vec},
	{"move_pages", "pages", move_pages_array},
	{"move_pages", "nodes", move_pages_array},
	{"move_pages", "status", move_pages_array},
};
/* clang-format on */

const struct hand_family family_mem = {
	.name = "mem",
	.args = mem_args,
	.nargs = sizeof(mem_args) / sizeof(mem_args[0]),
};

// SPDX-License-Identifier: GPL-2.0
/*
 * Extensible attribute structs whose layout depends on another value:
 * union bpf_attr by bpf()'s cmd, and perf_event_attr's config by its type.
 * BTF knows union bpf_attr, but not which of its anonymous structs a command
 * uses: that is in each command's handler. So each command names one member
 * that only its struct has (BPF_MAP_CREATE: map_type), and BTF does the rest.
 * Both structs are sized by the caller (bpf's size argument, perf's size
 * member): what lies past that size the kernel reads as zeros, so it is
 * left out.
 */
#include <stddef.h>
#include <string.h>
#include <bpf/btf.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/members.h"
#include "xlat_tables.h"

struct bpf_cmd_struct {
	int cmd;
	const char *key; /* a member of the command's struct (or the struct's own name) */
};

/* clang-format off */
static const struct bpf_cmd_struct bpf_cmd_structs[] = {
	{BPF_MAP_CREATE, "map_type"},
	{BPF_MAP_LOOKUP_ELEM, "map_fd"},
	{BPF_MAP_UPDATE_ELEM, "map_fd"},
	{BPF_MAP_DELETE_ELEM, "map_fd"},
	{BPF_MAP_GET_NEXT_KEY, "map_fd"},
	{BPF_MAP_LOOKUP_AND_DELETE_ELEM, "map_fd"},
	{BPF_MAP_FREEZE, "map_fd"},
	{BPF_MAP_LOOKUP_BATCH, "batch"},
	{BPF_MAP_LOOKUP_AND_DELETE_BATCH, "batch"},
	{BPF_MAP_UPDATE_BATCH, "batch"},
	{BPF_MAP_DELETE_BATCH, "batch"},
	{BPF_PROG_LOAD, "prog_type"},
	{BPF_OBJ_PIN, "pathname"},
	{BPF_OBJ_GET, "pathname"},
	{BPF_PROG_ATTACH, "attach_bpf_fd"},
	{BPF_PROG_DETACH, "attach_bpf_fd"},
	{BPF_PROG_TEST_RUN, "test"},
	{BPF_PROG_GET_NEXT_ID, "start_id"},
	{BPF_MAP_GET_NEXT_ID, "start_id"},
	{BPF_PROG_GET_FD_BY_ID, "start_id"},
	{BPF_MAP_GET_FD_BY_ID, "start_id"},
	{BPF_BTF_GET_FD_BY_ID, "start_id"},
	{BPF_BTF_GET_NEXT_ID, "start_id"},
	{BPF_LINK_GET_FD_BY_ID, "start_id"},
	{BPF_LINK_GET_NEXT_ID, "start_id"},
	{BPF_OBJ_GET_INFO_BY_FD, "info"},
	{BPF_PROG_QUERY, "query"},
	{BPF_RAW_TRACEPOINT_OPEN, "raw_tracepoint"},
	{BPF_BTF_LOAD, "btf"},
	{BPF_TASK_FD_QUERY, "task_fd_query"},
	{BPF_LINK_CREATE, "link_create"},
	{BPF_LINK_UPDATE, "link_update"},
	{BPF_LINK_DETACH, "link_detach"},
	{BPF_ENABLE_STATS, "enable_stats"},
	{BPF_ITER_CREATE, "iter_create"},
	{BPF_PROG_BIND_MAP, "prog_bind_map"},
};
/* clang-format on */

/* Does composite t have a member called name, directly or in an anonymous member? */
static bool has_member(const struct btf *btf, const struct btf_type *t, const char *name, int depth)
{
	const struct btf_member *m = btf_members(t);

	for (__u16 k = 0; k < btf_vlen(t); k++) {
		const char *mname = btf__name_by_offset(btf, m[k].name_off);
		const struct btf_type *mt;

		if (mname && *mname) {
			if (!strcmp(mname, name))
				return true;
			continue;
		}
		mt = btf__type_by_id(btf, types__skip_mods(btf, m[k].type));
		if (depth < 4 && mt && btf_is_composite(mt) && has_member(btf, mt, name, depth + 1))
			return true;
	}
	return false;
}

/*
 * The member of union bpf_attr that cmd uses: a named one whose name is key
 * (info, batch, ...), or an anonymous struct that has a member key.
 */
static const struct btf_member *bpf_attr_member(const struct btf *btf, const struct btf_type *u,
						const char *key)
{
	const struct btf_member *m = btf_members(u);

	for (__u16 k = 0; k < btf_vlen(u); k++) {
		const char *mname = btf__name_by_offset(btf, m[k].name_off);
		const struct btf_type *mt = btf__type_by_id(btf, types__skip_mods(btf, m[k].type));

		if (!mt || !btf_is_composite(mt))
			continue;
		if (mname && *mname ? !strcmp(mname, key) : has_member(btf, mt, key, 0))
			return &m[k];
	}
	return NULL;
}

static enum hand_result bpf_attr(struct writer *w, const struct hand_call *hc, int i)
{
	const struct decoder *d = hc->d;
	const struct btf *btf = d->types ? d->types->btf : NULL;
	const struct bt_capture *cap = hand_call_in(hc, i);
	int cmd = (int)hc->enter->args[0];
	struct decode_btf_extra extra = {.scope = "bpf_attr"};
	const struct bpf_cmd_struct *cs = NULL;
	const struct btf_member *m;
	const struct btf_type *u;
	const char *mname;
	__s64 size;
	size_t len;
	__u32 id;

	if (!cap || !btf)
		return HAND_DEFAULT;
	for (size_t k = 0; k < sizeof(bpf_cmd_structs) / sizeof(bpf_cmd_structs[0]); k++) {
		if (bpf_cmd_structs[k].cmd == cmd)
			cs = &bpf_cmd_structs[k];
	}
	id = types__find(d->types, "bpf_attr", BTF_KIND_UNION);
	u = id ? btf__type_by_id(btf, id) : NULL;
	m = cs && u && btf_is_union(u) ? bpf_attr_member(btf, u, cs->key) : NULL;
	if (!m) {
		/* a command without a known struct: the address, as for any pointer */
		hand_put_pointer(w, hc->enter->args[i]);
		return HAND_PRINTED;
	}
	size = btf__resolve_size(btf, m->type);
	len = size > 0 && (size_t)size < cap->len ? (size_t)size : cap->len;
	extra.sized_by_caller = !(cap->flags & BT_CAP_TRUNCATED) && cap->want <= cap->len;
	mname = btf__name_by_offset(btf, m->name_off);
	if (mname && *mname) {
		/* a named member shows under its name: {info={bpf_fd=3, ...}} */
		w_struct_begin(w);
		w_key(w, mname);
		decode_write_btf(d, w, m->type, hand_cap_data(cap), len, &extra);
		w_obj_end(w, false);
	} else {
		decode_write_btf(d, w, m->type, hand_cap_data(cap), len, &extra);
	}
	return HAND_PRINTED;
}

struct perf_hook_ctx {
	const struct decoder *d;
	__u32 type; /* perf_event_attr's type: what config means */
};

/* config is a hardware or software event by type; for other types a raw number. */
static bool perf_config_hook(void *ctx, struct writer *w, const struct btf *btf, __u32 parent_id,
			     const char *member_name, __u32 member_type_id, const void *data,
			     size_t len)
{
	const struct perf_hook_ctx *pc = ctx;
	const struct btf_type *parent = btf__type_by_id(btf, parent_id);
	const char *pname = parent ? btf__name_by_offset(btf, parent->name_off) : NULL;
	const struct xlat *table;
	__u64 v;

	if (strcmp(member_name, "config") || !pname || strcmp(pname, "perf_event_attr") ||
	    len != sizeof(v))
		return false;
	if (pc->type == PERF_TYPE_HARDWARE)
		table = &xlat_perf_hw_configs;
	else if (pc->type == PERF_TYPE_SOFTWARE)
		table = &xlat_perf_sw_configs;
	else
		return false;
	memcpy(&v, data, sizeof(v));
	hand_put_xlat(w, table, v);
	return true;
}

static enum hand_result perf_attr(struct writer *w, const struct hand_call *hc, int i)
{
	const struct decoder *d = hc->d;
	const struct bt_capture *cap = hand_call_in(hc, i);
	struct perf_hook_ctx pc = {.d = d};
	struct decode_btf_extra extra = {.hook = perf_config_hook, .hook_ctx = &pc};
	size_t len;
	__u32 id, size;

	if (!cap || !d->types || !d->types->btf ||
	    cap->len < offsetof(struct perf_event_attr, size) + sizeof(size))
		return HAND_DEFAULT;
	id = types__find(d->types, "perf_event_attr", BTF_KIND_STRUCT);
	if (!id)
		return HAND_DEFAULT;
	memcpy(&pc.type, hand_cap_data(cap), sizeof(pc.type));
	memcpy(&size, (const char *)hand_cap_data(cap) + offsetof(struct perf_event_attr, size),
	       sizeof(size));
	/* the kernel takes a size of 0 for the first version's */
	if (!size)
		size = PERF_ATTR_SIZE_VER0;
	len = size < cap->len ? size : cap->len;
	extra.sized_by_caller = size <= cap->len;
	decode_write_btf(d, w, id, hand_cap_data(cap), len, &extra);
	return HAND_PRINTED;
}

/* clang-format off */
static const struct hand_arg_entry bpf_args[] = {
	{"bpf", "uattr", bpf_attr},
	{"perf_event_open", "attr_uptr", perf_attr},
};
/* clang-format on */

const struct hand_family family_bpf = {
	.name = "bpf",
	.args = bpf_args,
	.nargs = sizeof(bpf_args) / sizeof(bpf_args[0]),
};

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
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <bpf/btf.h>
#include <linux/bpf.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>

#include "base/values.h"
#include "decode/bpf_insns.h"
#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/members.h"
#include "xlat_tables.h"

/* How strace 6.1 shows a member of a command's struct. */
enum bpf_fmt {
	BF_U,	  /* unsigned decimal */
	BF_D,	  /* signed decimal */
	BF_X,	  /* hex */
	BF_FD,	  /* an fd: an int */
	BF_PTR,	  /* a user address (__aligned_u64) */
	BF_U64,	  /* a 64-bit number: UINT64_MAX by name */
	BF_NAME,  /* a char array: a string of at most its size, "..." when unterminated */
	BF_KVER,  /* a kernel version: KERNEL_VERSION(6, 1, 0) */
	BF_CONST, /* a constant by the member's table */
	BF_FLAGS, /* flags by the member's table */
	BF_NUMA,  /* a NUMA node, shown with BPF_F_NUMA_NODE only */
	BF_INOUT, /* a number the kernel updates: in => out */
	BF_OLDFD, /* BPF_LINK_UPDATE's old_prog_fd, shown with BPF_F_REPLACE only */
	BF_STR,	  /* a pointer to a string the collector read (a member rule): -s cuts it */
	BF_PATH,  /* the same, a path: shown whole */
	BF_DEV,	  /* a device number: makedev(0, 0) */
	BF_INFO,  /* BPF_OBJ_GET_INFO_BY_FD's info: with -v, the map's info the kernel wrote */
	BF_INSNS, /* BPF_PROG_LOAD's insns: with -v, the instructions a member rule read */
};

struct bpf_field {
	const char *name;
	unsigned char fmt;
	/*
	 * A later addition to the struct: shown only when the caller's size goes past its
	 * offset (the members after it, up to the next such, go with it).
	 */
	bool added;
	const struct xlat *table;
};

struct bpf_cmd_shape {
	int cmd;
	const char *key; /* a member of the command's struct, or its named member of the union */
	const struct bpf_field *fields;
};

#define BPF_FIELDS_END               \
	{                            \
		NULL, 0, false, NULL \
	}

/* clang-format off */
static const struct bpf_field map_create_fields[] = {
	{"map_type", BF_CONST, false, &xlat_bpf_map_types}, {"key_size", BF_U},
	{"value_size", BF_U}, {"max_entries", BF_U},
	{"map_flags", BF_FLAGS, true, &xlat_bpf_map_flags},
	{"inner_map_fd", BF_FD, true}, {"numa_node", BF_NUMA, true}, {"map_name", BF_NAME, true},
	{"map_ifindex", BF_U, true}, {"btf_fd", BF_FD, true}, {"btf_key_type_id", BF_U},
	{"btf_value_type_id", BF_U}, {"btf_vmlinux_value_type_id", BF_U, true},
	{"map_extra", BF_U64, true},
	BPF_FIELDS_END,
};
static const struct bpf_field map_lookup_fields[] = {
	{"map_fd", BF_FD}, {"key", BF_PTR}, {"value", BF_PTR},
	{"flags", BF_FLAGS, true, &xlat_bpf_lookup_flags},
	BPF_FIELDS_END,
};
static const struct bpf_field map_update_fields[] = {
	{"map_fd", BF_FD}, {"key", BF_PTR}, {"value", BF_PTR},
	{"flags", BF_CONST, false, &xlat_bpf_update_flags},
	BPF_FIELDS_END,
};
static const struct bpf_field map_delete_fields[] = {
	{"map_fd", BF_FD}, {"key", BF_PTR},
	BPF_FIELDS_END,
};
static const struct bpf_field map_next_key_fields[] = {
	{"map_fd", BF_FD}, {"key", BF_PTR}, {"next_key", BF_PTR},
	BPF_FIELDS_END,
};
static const struct bpf_field map_freeze_fields[] = {
	{"map_fd", BF_FD},
	BPF_FIELDS_END,
};
static const struct bpf_field prog_load_fields[] = {
	{"prog_type", BF_CONST, false, &xlat_bpf_prog_types}, {"insn_cnt", BF_U},
	{"insns", BF_INSNS}, {"license", BF_STR},
	{"log_level", BF_U, true}, {"log_size", BF_U}, {"log_buf", BF_PTR},
	{"kern_version", BF_KVER, true}, {"prog_flags", BF_FLAGS, true, &xlat_bpf_prog_flags},
	{"prog_name", BF_NAME, true}, {"prog_ifindex", BF_U, true},
	{"expected_attach_type", BF_CONST, true, &xlat_bpf_attach_types},
	{"prog_btf_fd", BF_FD, true}, {"func_info_rec_size", BF_U}, {"func_info", BF_PTR},
	{"func_info_cnt", BF_U}, {"line_info_rec_size", BF_U}, {"line_info", BF_PTR},
	{"line_info_cnt", BF_U}, {"attach_btf_id", BF_U, true}, {"attach_prog_fd", BF_FD, true},
	{"fd_array", BF_PTR, true},
	BPF_FIELDS_END,
};
static const struct bpf_field obj_pin_fields[] = {
	{"pathname", BF_PATH}, {"bpf_fd", BF_FD},
	{"file_flags", BF_FLAGS, true, &xlat_bpf_file_flags},
	BPF_FIELDS_END,
};
static const struct bpf_field prog_attach_fields[] = {
	{"target_fd", BF_FD}, {"attach_bpf_fd", BF_FD},
	{"attach_type", BF_CONST, false, &xlat_bpf_attach_types},
	{"attach_flags", BF_FLAGS, false, &xlat_bpf_attach_flags},
	{"replace_bpf_fd", BF_FD, true},
	BPF_FIELDS_END,
};
static const struct bpf_field prog_detach_fields[] = {
	{"target_fd", BF_FD}, {"attach_type", BF_CONST, false, &xlat_bpf_attach_types},
	BPF_FIELDS_END,
};
static const struct bpf_field test_run_fields[] = {
	{"prog_fd", BF_FD}, {"retval", BF_U}, {"data_size_in", BF_U}, {"data_size_out", BF_U},
	{"data_in", BF_PTR}, {"data_out", BF_PTR}, {"repeat", BF_U}, {"duration", BF_U},
	{"ctx_size_in", BF_U, true}, {"ctx_size_out", BF_U}, {"ctx_in", BF_PTR},
	{"ctx_out", BF_PTR}, {"flags", BF_FLAGS, true, &xlat_bpf_test_run_flags}, {"cpu", BF_U},
	{"batch_size", BF_U, true},
	BPF_FIELDS_END,
};
static const struct bpf_field next_id_fields[] = {
	{"start_id", BF_U}, {"next_id", BF_INOUT},
	{"open_flags", BF_FLAGS, true, &xlat_bpf_file_flags},
	BPF_FIELDS_END,
};
static const struct bpf_field prog_by_id_fields[] = {
	{"prog_id", BF_U}, {"next_id", BF_U},
	{"open_flags", BF_FLAGS, true, &xlat_bpf_file_flags},
	BPF_FIELDS_END,
};
static const struct bpf_field map_by_id_fields[] = {
	{"map_id", BF_U}, {"next_id", BF_U},
	{"open_flags", BF_FLAGS, true, &xlat_bpf_file_flags},
	BPF_FIELDS_END,
};
static const struct bpf_field btf_by_id_fields[] = {
	{"btf_id", BF_U},
	BPF_FIELDS_END,
};
static const struct bpf_field link_by_id_fields[] = {
	{"link_id", BF_U},
	BPF_FIELDS_END,
};
static const struct bpf_field info_fields[] = {
	{"bpf_fd", BF_FD}, {"info_len", BF_U}, {"info", BF_INFO},
	BPF_FIELDS_END,
};
/* struct bpf_map_info, as strace 6.1 shows it: each group only as far as info_len reaches */
static const struct bpf_field map_info_fields[] = {
	{"type", BF_CONST, false, &xlat_bpf_map_types}, {"id", BF_U}, {"key_size", BF_U},
	{"value_size", BF_U}, {"max_entries", BF_U},
	{"map_flags", BF_FLAGS, false, &xlat_bpf_map_flags}, {"name", BF_NAME, true},
	{"ifindex", BF_U, true}, {"btf_vmlinux_value_type_id", BF_U}, {"netns_dev", BF_DEV},
	{"netns_ino", BF_U}, {"btf_id", BF_U, true}, {"btf_key_type_id", BF_U},
	{"btf_value_type_id", BF_U},
	BPF_FIELDS_END,
};
static const struct bpf_field query_fields[] = {
	{"target_fd", BF_FD}, {"attach_type", BF_CONST, false, &xlat_bpf_attach_types},
	{"query_flags", BF_FLAGS, false, &xlat_bpf_query_flags},
	{"attach_flags", BF_FLAGS, false, &xlat_bpf_attach_flags}, {"prog_ids", BF_PTR},
	{"prog_cnt", BF_U},
	BPF_FIELDS_END,
};
static const struct bpf_field raw_tp_fields[] = {
	{"name", BF_PTR}, {"prog_fd", BF_FD},
	BPF_FIELDS_END,
};
static const struct bpf_field btf_load_fields[] = {
	{"btf", BF_PTR}, {"btf_log_buf", BF_PTR}, {"btf_size", BF_U}, {"btf_log_size", BF_U},
	{"btf_log_level", BF_U},
	BPF_FIELDS_END,
};
static const struct bpf_field task_fd_query_fields[] = {
	{"pid", BF_D}, {"fd", BF_FD}, {"flags", BF_U}, {"buf_len", BF_U}, {"buf", BF_PTR},
	{"prog_id", BF_U}, {"fd_type", BF_CONST, false, &xlat_bpf_task_fd_types},
	{"probe_offset", BF_X}, {"probe_addr", BF_X},
	BPF_FIELDS_END,
};
static const struct bpf_field lookup_batch_fields[] = {
	{"in_batch", BF_PTR}, {"out_batch", BF_PTR}, {"keys", BF_PTR}, {"values", BF_PTR},
	{"count", BF_U}, {"map_fd", BF_FD}, {"elem_flags", BF_FLAGS, false, &xlat_bpf_lookup_flags},
	{"flags", BF_X},
	BPF_FIELDS_END,
};
static const struct bpf_field update_batch_fields[] = {
	{"keys", BF_PTR}, {"values", BF_PTR}, {"count", BF_U}, {"map_fd", BF_FD},
	{"elem_flags", BF_FLAGS, false, &xlat_bpf_lookup_flags}, {"flags", BF_X},
	BPF_FIELDS_END,
};
static const struct bpf_field delete_batch_fields[] = {
	{"keys", BF_PTR}, {"count", BF_U}, {"map_fd", BF_FD},
	{"elem_flags", BF_FLAGS, false, &xlat_bpf_lookup_flags}, {"flags", BF_X},
	BPF_FIELDS_END,
};
static const struct bpf_field link_create_fields[] = {
	{"prog_fd", BF_FD}, {"target_fd", BF_FD},
	{"attach_type", BF_CONST, false, &xlat_bpf_attach_types}, {"flags", BF_X},
	BPF_FIELDS_END,
};
static const struct bpf_field link_update_fields[] = {
	{"link_fd", BF_FD}, {"new_prog_fd", BF_FD},
	{"flags", BF_FLAGS, false, &xlat_bpf_attach_flags}, {"old_prog_fd", BF_OLDFD},
	BPF_FIELDS_END,
};

/*
 * The commands strace 6.1 decodes, each with the members it shows in its order. The rest
 * (BPF_ENABLE_STATS and later) it shows as an address.
 */
static const struct bpf_cmd_shape bpf_cmd_shapes[] = {
	{BPF_MAP_CREATE, "map_type", map_create_fields},
	{BPF_MAP_LOOKUP_ELEM, "map_fd", map_lookup_fields},
	{BPF_MAP_UPDATE_ELEM, "map_fd", map_update_fields},
	{BPF_MAP_DELETE_ELEM, "map_fd", map_delete_fields},
	{BPF_MAP_GET_NEXT_KEY, "map_fd", map_next_key_fields},
	{BPF_MAP_LOOKUP_AND_DELETE_ELEM, "map_fd", map_lookup_fields},
	{BPF_MAP_FREEZE, "map_fd", map_freeze_fields},
	{BPF_PROG_LOAD, "prog_type", prog_load_fields},
	{BPF_OBJ_PIN, "pathname", obj_pin_fields},
	{BPF_OBJ_GET, "pathname", obj_pin_fields},
	{BPF_PROG_ATTACH, "attach_bpf_fd", prog_attach_fields},
	{BPF_PROG_DETACH, "attach_bpf_fd", prog_detach_fields},
	{BPF_PROG_TEST_RUN, "test", test_run_fields},
	{BPF_PROG_GET_NEXT_ID, "start_id", next_id_fields},
	{BPF_MAP_GET_NEXT_ID, "start_id", next_id_fields},
	{BPF_BTF_GET_NEXT_ID, "start_id", next_id_fields},
	{BPF_LINK_GET_NEXT_ID, "start_id", next_id_fields},
	{BPF_PROG_GET_FD_BY_ID, "start_id", prog_by_id_fields},
	{BPF_MAP_GET_FD_BY_ID, "start_id", map_by_id_fields},
	{BPF_BTF_GET_FD_BY_ID, "start_id", btf_by_id_fields},
	{BPF_LINK_GET_FD_BY_ID, "start_id", link_by_id_fields},
	{BPF_OBJ_GET_INFO_BY_FD, "info", info_fields},
	{BPF_PROG_QUERY, "query", query_fields},
	{BPF_RAW_TRACEPOINT_OPEN, "raw_tracepoint", raw_tp_fields},
	{BPF_BTF_LOAD, "btf", btf_load_fields},
	{BPF_TASK_FD_QUERY, "task_fd_query", task_fd_query_fields},
	{BPF_MAP_LOOKUP_BATCH, "batch", lookup_batch_fields},
	{BPF_MAP_LOOKUP_AND_DELETE_BATCH, "batch", lookup_batch_fields},
	{BPF_MAP_UPDATE_BATCH, "batch", update_batch_fields},
	{BPF_MAP_DELETE_BATCH, "batch", delete_batch_fields},
	{BPF_LINK_CREATE, "link_create", link_create_fields},
	{BPF_LINK_UPDATE, "link_update", link_update_fields},
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

/* Member name of struct type id (in an anonymous member too): its offset and size. */
static bool bpf_find_member(const struct btf *btf, __u32 id, const char *name, size_t *off,
			    size_t *size, int depth)
{
	const struct btf_type *t = btf__type_by_id(btf, types__skip_mods(btf, id));
	const struct btf_member *m;

	if (!t || !btf_is_composite(t) || depth > 4)
		return false;
	m = btf_members(t);
	for (__u16 k = 0; k < btf_vlen(t); k++) {
		const char *mname = btf__name_by_offset(btf, m[k].name_off);
		size_t base = btf_member_bit_offset(t, k) / 8, inner;
		__s64 sz;

		if (mname && *mname) {
			if (strcmp(mname, name))
				continue;
			sz = btf__resolve_size(btf, m[k].type);
			if (sz <= 0)
				return false;
			*off = base;
			*size = sz;
			return true;
		}
		if (bpf_find_member(btf, m[k].type, name, &inner, size, depth + 1)) {
			*off = base + inner;
			return true;
		}
	}
	return false;
}

static __u64 bpf_member_value(const unsigned char *data, size_t off, size_t size)
{
	__u64 v = 0;

	if (size <= sizeof(v))
		memcpy(&v, data + off, size);
	return v;
}

/* A char array: at most its size, "..." when it holds no NUL. */
static void put_bpf_name(struct writer *w, const unsigned char *p, size_t size)
{
	size_t n = strnlen((const char *)p, size);

	if (n == size)
		w_str(w, p, size - 1, WR_STR_NUL | WR_STR_MORE);
	else
		w_str(w, p, n, WR_STR_NUL);
}

/*
 * A kernel version as KERNEL_VERSION(a, b, c), its parts as the kernel packs them; under -X
 * raw the number, under -X verbose the number with the macro its comment.
 */
static void put_kernel_version(struct writer *w, __u32 v)
{
	char text[64];

	if (w_xlat_style(w) != WR_XLAT_ABBREV) {
		w_u64(w, v);
		if (w_xlat_style(w) == WR_XLAT_VERBOSE) {
			snprintf(text, sizeof(text), "KERNEL_VERSION(%u, %u, %u)", v >> 16,
				 (v >> 8) & 0xff, v & 0xff);
			w_comment(w, text);
		}
		return;
	}
	w_obj_begin(w, WR_OBJ_FN, "KERNEL_VERSION");
	w_key_num(w, "version", v >> 16, WR_UDEC);
	w_key_num(w, "patchlevel", (v >> 8) & 0xff, WR_UDEC);
	w_key_num(w, "sublevel", v & 0xff, WR_UDEC);
	w_obj_end(w, false);
}

/*
 * The members of a command's struct, as strace 6.1 shows them: those its version knows,
 * each addition only when the caller's size reaches it, then "..." if the caller passed
 * more that is not zero.
 */
/*
 * A string member: what its member rule read at enter, cut by -s unless it is a path; the
 * address when nothing was read.
 */
static void put_bpf_string(const struct hand_call *hc, struct writer *w, int i, const char *name,
			   __u64 addr, bool path)
{
	__u32 cmd = (__u32)hc->enter->args[0];
	const struct bt_capture *cap = hand_member_capture(hc, &hc->enter->hdr, i, cmd, name, 0);
	const unsigned char *p;
	size_t n;

	/* read again at exit when its page was not there at enter */
	if (!cap && hc->exit)
		cap = hand_member_capture(hc, &hc->exit->hdr, i, cmd, name, 0);
	if (!addr || !cap || !(cap->flags & BT_CAP_STRING)) {
		w_ptr(w, addr);
		return;
	}
	p = hand_cap_data(cap);
	n = strnlen((const char *)p, cap->len);
	w_str(w, p, n,
	      WR_STR_NUL | (path ? 0 : WR_STR_LIMIT) |
		      (cap->flags & BT_CAP_TRUNCATED ? WR_STR_MORE : 0));
}

static void put_bpf_fields(const struct hand_call *hc, struct writer *w, int i, __u32 struct_id,
			   size_t base, const struct bpf_field *fields, const unsigned char *data,
			   size_t size, const struct bt_capture *out);

/*
 * BPF_PROG_LOAD's instructions: with -v, insn_cnt of them as the member rule read them (at
 * enter, or at exit when their page was not there yet), "..." after a bounded copy; else, or
 * when they could not be read, the address.
 */
static void put_bpf_insns(const struct hand_call *hc, struct writer *w, int i, __u64 addr,
			  __u64 insn_cnt)
{
	__u32 cmd = (__u32)hc->enter->args[0];
	const struct bt_capture *cap = NULL;
	__u64 want = insn_cnt * 8;
	size_t len;

	if (!w->lim.verbose || !addr) {
		w_ptr(w, addr);
		return;
	}
	if (!insn_cnt) {
		/* nothing to read: strace's empty array */
		bpf_insns_write_ebpf(w, NULL, 0, false);
		return;
	}
	cap = hand_member_capture(hc, &hc->enter->hdr, i, cmd, "insns", 0);
	if (!cap && hc->exit)
		cap = hand_member_capture(hc, &hc->exit->hdr, i, cmd, "insns", 0);
	if (!cap) {
		w_ptr(w, addr);
		return;
	}
	len = cap->len < want ? cap->len : want;
	bpf_insns_write_ebpf(w, hand_cap_data(cap), len,
			     (cap->flags & BT_CAP_TRUNCATED) || len < want);
}

/*
 * What bpf_fd is ("bpf-map") into buf; false if unknown. The name is taken in the kernel at
 * the call, from the task's fd table (a member rule, BT_MEMBER_FD_NAME): the fd is open then,
 * as the call uses it, while by the time the line is printed the process may have closed it
 * or opened another file on its number, so neither /proc nor a table of the calls seen can
 * say for sure. Only where the kernel's structs were not found in BTF (no name read): -y's
 * table of fds, else /proc as it is now.
 */
static bool bpf_fd_kind(const struct hand_call *hc, int i, int fd, char *buf, size_t size)
{
	const struct bt_capture *cap = hand_member_capture(
		hc, &hc->enter->hdr, i, BPF_OBJ_GET_INFO_BY_FD, "info.bpf_fd", 0);
	const char *path;
	char link[64];
	ssize_t n;

	if (cap && (cap->flags & BT_CAP_STRING)) {
		snprintf(buf, size, "anon_inode:%.*s", (int)strnlen(hand_cap_data(cap), cap->len),
			 (const char *)hand_cap_data(cap));
		return true;
	}
	path = hand_fd_path(hc, fd);
	if (path) {
		snprintf(buf, size, "%s", path);
		return true;
	}
	snprintf(link, sizeof(link), "/proc/%u/fd/%d", hc->enter->hdr.tgid, fd);
	n = readlink(link, buf, size - 1);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	return true;
}

/*
 * BPF_OBJ_GET_INFO_BY_FD's info: with -v, after a successful call, a map's info as the
 * kernel wrote it (read at exit by a member rule), info_len bytes of it; else the address.
 * strace 6.1 decodes a program's too: not here, it is shown as the address.
 */
static void put_bpf_info(const struct hand_call *hc, struct writer *w, int i,
			 const unsigned char *attr, __u64 addr)
{
	const struct btf *btf = hc->d->types->btf;
	const struct bt_capture *cap = NULL;
	unsigned char info[512];
	__u32 fd, len, id;
	char kind[64];

	memcpy(&fd, attr, sizeof(fd));
	memcpy(&len, attr + sizeof(fd), sizeof(len));
	if (w->lim.verbose && hc->exit && !hand_call_failed(hc))
		cap = hand_member_capture(hc, &hc->exit->hdr, i, (__u32)hc->enter->args[0],
					  "info.info", 0);
	id = types__find(hc->d->types, "bpf_map_info", BTF_KIND_STRUCT);
	if (!cap || !id || !btf || !bpf_fd_kind(hc, i, (int)fd, kind, sizeof(kind)) ||
	    strcmp(kind, "anon_inode:bpf-map")) {
		w_ptr(w, addr);
		return;
	}
	memset(info, 0, sizeof(info));
	memcpy(info, hand_cap_data(cap), cap->len < sizeof(info) ? cap->len : sizeof(info));
	if (len > sizeof(info))
		len = sizeof(info);
	put_bpf_fields(hc, w, i, id, 0, map_info_fields, info, len, NULL);
}

static void put_bpf_fields(const struct hand_call *hc, struct writer *w, int i, __u32 struct_id,
			   size_t base, const struct bpf_field *fields, const unsigned char *data,
			   size_t size, const struct bt_capture *out)
{
	const struct btf *btf = hc->d->types->btf;
	size_t known = 0, group_off = 0;
	__u64 map_flags = 0, insn_cnt = 0;
	size_t off, msize;

	w_struct_begin(w);
	for (const struct bpf_field *f = fields; f->name; f++) {
		__u64 v;

		if (!bpf_find_member(btf, struct_id, f->name, &off, &msize, 0))
			continue;
		off += base;
		if (f->added)
			group_off = off;
		if (f->added && size <= group_off)
			break;
		if (off + msize > known)
			known = off + msize;
		v = bpf_member_value(data, off, msize);
		if (!strcmp(f->name, "map_flags"))
			map_flags = v;
		if (!strcmp(f->name, "insn_cnt"))
			insn_cnt = v;
		if (f->fmt == BF_NUMA && !(map_flags & BPF_F_NUMA_NODE))
			continue;
		if (f->fmt == BF_OLDFD && !(bpf_member_value(data, off - 4, 4) & BPF_F_REPLACE))
			continue;
		w_key(w, f->name);
		switch (f->fmt) {
		case BF_U:
			w_u64(w, v);
			break;
		case BF_D:
			w_s64(w, decode_narrow_signed(v, msize));
			break;
		case BF_FD:
		case BF_OLDFD: {
			/* with its path under -y, as strace's PRINT_FIELD_FD */
			int fd = (int)decode_narrow_signed(v, msize);

			hand_write_fd(hc, w, fd, hand_fd_path(hc, fd));
			break;
		}
		case BF_X:
			w_hex(w, v);
			break;
		case BF_PTR:
			w_ptr(w, v);
			break;
		case BF_DEV: {
			const struct value_printer dev = {.kind = VK_DEV};

			value_write(w, &dev, v, msize);
			break;
		}
		case BF_INFO:
			put_bpf_info(hc, w, i, data + base, v);
			break;
		case BF_INSNS:
			put_bpf_insns(hc, w, i, v, insn_cnt);
			break;
		case BF_STR:
		case BF_PATH:
			put_bpf_string(hc, w, i, f->name, v, f->fmt == BF_PATH);
			break;
		case BF_U64:
			w_const(w, v, WR_UDEC, v == UINT64_MAX ? "UINT64_MAX" : NULL, NULL);
			break;
		case BF_NAME:
			put_bpf_name(w, data + off, msize < size - off ? msize : size - off);
			break;
		case BF_KVER:
			put_kernel_version(w, (__u32)v);
			break;
		case BF_CONST:
			xlat_write_const(w, f->table, v, WR_AUTO);
			break;
		case BF_FLAGS:
			if (msize == 8)
				xlat_write_flags_wide(w, f->table, v);
			else
				xlat_write_flags(w, f->table, v);
			break;
		case BF_NUMA:
			/* strace's own name for -1, always with its number */
			w_num(w, v, WR_UDEC);
			if ((__u32)v == UINT32_MAX && w_xlat_style(w) != WR_XLAT_RAW)
				w_comment(w, "NUMA_NO_NODE");
			break;
		case BF_INOUT: {
			__u64 o = out && off + msize <= out->len
					  ? bpf_member_value(hand_cap_data(out), off, msize)
					  : v;

			if (o == v) {
				w_u64(w, v);
				break;
			}
			w_inout_begin(w);
			w_u64(w, v);
			w_inout_mid(w);
			w_u64(w, o);
			w_inout_end(w);
			break;
		}
		}
	}
	for (size_t k = known; k < size; k++) {
		if (!data[k])
			continue;
		if (!w->lim.verbose) {
			w_obj_end(w, true);
			return;
		}
		/* -v: what strace 6.1 does not know, in hex, and where it lies */
		char label[48];

		w_key(w, "extra_data");
		w_str(w, data + known, size - known, WR_STR_HEX);
		snprintf(label, sizeof(label), "bytes %zu..%zu", known, size - 1);
		w_comment(w, label);
		break;
	}
	w_obj_end(w, false);
}

static enum hand_result bpf_attr(struct writer *w, const struct hand_call *hc, int i)
{
	const struct decoder *d = hc->d;
	const struct btf *btf = d->types ? d->types->btf : NULL;
	const struct bt_capture *cap = hand_call_in(hc, i);
	int cmd = (int)hc->enter->args[0];
	__u32 size = (__u32)hc->enter->args[2];
	const struct bpf_cmd_shape *cs = NULL;
	unsigned char data[512];
	const struct btf_member *m;
	const struct btf_type *u;
	const char *mname;
	size_t len;
	__u32 id;

	if (!btf)
		return HAND_DEFAULT;
	for (size_t k = 0; k < sizeof(bpf_cmd_shapes) / sizeof(bpf_cmd_shapes[0]); k++) {
		if (bpf_cmd_shapes[k].cmd == cmd)
			cs = &bpf_cmd_shapes[k];
	}
	id = types__find(d->types, "bpf_attr", BTF_KIND_UNION);
	u = id ? btf__type_by_id(btf, id) : NULL;
	m = cs && u && btf_is_union(u) ? bpf_attr_member(btf, u, cs->key) : NULL;
	/* a command strace does not decode, a size it does not take: the address */
	if (!m || !size || size > 4096 || !cap) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	/* the kernel reads what lies past the caller's size as zeros */
	memset(data, 0, sizeof(data));
	len = cap->len < sizeof(data) ? cap->len : sizeof(data);
	memcpy(data, hand_cap_data(cap), len);
	if (size > sizeof(data))
		size = sizeof(data);
	mname = btf__name_by_offset(btf, m->name_off);
	if (mname && *mname) {
		/* a named member shows under its name: {info={bpf_fd=3, ...}} */
		w_struct_begin(w);
		w_key(w, mname);
		put_bpf_fields(hc, w, i, m->type, 0, cs->fields, data, size, hand_call_out(hc, i));
		w_obj_end(w, false);
	} else {
		put_bpf_fields(hc, w, i, m->type, 0, cs->fields, data, size, hand_call_out(hc, i));
	}
	return HAND_PRINTED;
}

/* The one-bit (and one two-bit) members of perf_event_attr's flags word, in strace's order. */
static const struct perf_attr_bit {
	const char *name;
	unsigned char shift, width;
} perf_attr_bits[] = {
	{"disabled", 0, 1},
	{"inherit", 1, 1},
	{"pinned", 2, 1},
	{"exclusive", 3, 1},
	{"exclude_user", 4, 1},
	{"exclude_kernel", 5, 1},
	{"exclude_hv", 6, 1},
	{"exclude_idle", 7, 1},
	{"mmap", 8, 1},
	{"comm", 9, 1},
	{"freq", 10, 1},
	{"inherit_stat", 11, 1},
	{"enable_on_exec", 12, 1},
	{"task", 13, 1},
	{"watermark", 14, 1},
	{"precise_ip", 15, 2},
	{"mmap_data", 17, 1},
	{"sample_id_all", 18, 1},
	{"exclude_host", 19, 1},
	{"exclude_guest", 20, 1},
	{"exclude_callchain_kernel", 21, 1},
	{"exclude_callchain_user", 22, 1},
	{"mmap2", 23, 1},
	{"comm_exec", 24, 1},
	{"use_clockid", 25, 1},
	{"context_switch", 26, 1},
	{"write_backward", 27, 1},
	{"namespaces", 28, 1},
	{"ksymbol", 29, 1},
	{"bpf_event", 30, 1},
	{"aux_output", 31, 1},
	{"cgroup", 32, 1},
	{"text_poke", 33, 1},
	{"build_id", 34, 1},
	{"inherit_thread", 35, 1},
	{"remove_on_exec", 36, 1},
	{"sigtrap", 37, 1},
};

/* Where the flags word's reserved bits begin: strace shows them when set, as a number. */
#define PERF_ATTR_RESERVED_1_SHIFT 38

/* What precise_ip asks of the skid, strace's words. */
static const char *const perf_precise_ip[] = {
	"arbitrary skid",
	"constant skid",
	"requested to have 0 skid",
	"must have 0 skid",
};

/* The attr as it was read, size bytes of it (at most the struct known here) and zeros after. */
struct perf_attr_view {
	struct perf_event_attr a;
	uint64_t flags; /* the bitfield word after read_format */
	uint32_t size;	/* how much of the struct is shown */
};

#define PERF_ATTR_HAS(v, member) (offsetof(struct perf_event_attr, member) < (v)->size)

/*
 * One field of a cache event's config as -X style asks: its name, or its number and strace's
 * comment (the name with -X verbose, the table's ??? label when there is none).
 */
static size_t put_cache_field(char *buf, size_t size, const struct xlat *x, unsigned int v,
			      enum wr_xlat_style style, const char *after)
{
	const char *name = xlat_name(x, v);
	char num[16];
	int n;

	if (!size)
		return 0;
	snprintf(num, sizeof(num), v ? "%#x" : "0", v);
	if (name && style == WR_XLAT_ABBREV)
		n = snprintf(buf, size, "%s%s", name, after);
	else if (style == WR_XLAT_RAW)
		n = snprintf(buf, size, "%s%s", num, after);
	else
		n = snprintf(buf, size, "%s /* %s */%s", num, name ? name : x->unknown, after);
	return n < 0 ? 0 : (size_t)n >= size ? size - 1 : (size_t)n;
}

/* config by type: an event's name for the generic types, hex for the others. */
static void put_perf_config(struct writer *w, const struct perf_event_attr *a)
{
	enum wr_xlat_style style = w_xlat_style(w);
	char text[256];
	size_t n;

	w_key(w, "config");
	switch (a->type) {
	case PERF_TYPE_HARDWARE:
		xlat_write_const(w, &xlat_perf_hw_configs, a->config, WR_HEX);
		return;
	case PERF_TYPE_SOFTWARE:
		xlat_write_const(w, &xlat_perf_sw_configs, a->config, WR_HEX);
		return;
	case PERF_TYPE_TRACEPOINT:
		/* a tracepoint's id */
		w_u64(w, a->config);
		return;
	case PERF_TYPE_HW_CACHE:
		break;
	default:
		w_hex(w, a->config);
		return;
	}
	/* strace's order: the bits above the three fields, result<<16, op<<8, then the cache */
	n = 0;
	if (a->config >> 24)
		n = (size_t)snprintf(text, sizeof(text), "%#llx<<24|",
				     (unsigned long long)(a->config >> 24));
	n += put_cache_field(text + n, sizeof(text) - n, &xlat_perf_hw_cache_result_ids,
			     (a->config >> 16) & 0xff, style, "<<16|");
	n += put_cache_field(text + n, sizeof(text) - n, &xlat_perf_hw_cache_op_ids,
			     (a->config >> 8) & 0xff, style, "<<8|");
	put_cache_field(text + n, sizeof(text) - n, &xlat_perf_hw_cache_ids, a->config & 0xff,
			style, "");
	/* -X raw and verbose spell each field their way: only the text writer has those styles */
	if (style != WR_XLAT_ABBREV) {
		w_lit(w, text);
		return;
	}
	w_num_text(w, a->config, WR_HEX, text);
}

/* The flags word: each bit by name (without -v only those set, and precise_ip), then the rest. */
static void put_perf_flags(struct writer *w, const struct perf_attr_view *v, bool verbose)
{
	uint64_t reserved = v->flags >> PERF_ATTR_RESERVED_1_SHIFT;
	unsigned int k, val;

	for (k = 0; k < sizeof(perf_attr_bits) / sizeof(perf_attr_bits[0]); k++) {
		const struct perf_attr_bit *b = &perf_attr_bits[k];
		bool precise = !strcmp(b->name, "precise_ip");

		val = (unsigned int)(v->flags >> b->shift) & ((1U << b->width) - 1);
		if (!val && !verbose && !precise)
			continue;
		w_key_num(w, b->name, val, WR_UDEC);
		if (precise)
			w_comment(w, perf_precise_ip[val & 3]);
	}
	if (reserved) {
		w_key_num(w, "__reserved_1", reserved, WR_HEX);
		w_comment(w, "Bits 63..38");
	}
}

/* bp_type: a breakpoint's access; a combination the kernel refuses is "invalid". */
static void put_perf_bp_type(struct writer *w, uint32_t bp_type)
{
	const char *name = xlat_name(&xlat_hw_breakpoint_types, bp_type);

	w_key(w, "bp_type");
	w_const(w, bp_type, WR_HEX, name,
		bp_type <= (HW_BREAKPOINT_X | HW_BREAKPOINT_RW) ? "HW_BREAKPOINT_INVALID"
								: "HW_BREAKPOINT_???");
}

/* A number with strace's comment on the reserved bytes after it, when they are not zero. */
static void put_perf_reserved_bytes(struct writer *w, uint64_t reserved, const char *bytes)
{
	char text[64];

	if (!reserved)
		return;
	snprintf(text, sizeof(text), "bytes %s: %#llx", bytes, (unsigned long long)reserved);
	w_comment(w, text);
}

/* The members past the first version's, each shown only as far as size reaches. */
static void put_perf_tail(struct writer *w, const struct perf_attr_view *v)
{
	const struct perf_event_attr *a = &v->a;
	bool breakpoint = a->type == PERF_TYPE_BREAKPOINT;

	if (!PERF_ATTR_HAS(v, bp_len))
		return;
	if (breakpoint)
		w_key_num(w, "bp_len", a->bp_len, WR_UDEC);
	else
		w_key_num(w, "config2", a->config2, WR_HEX);
	if (!PERF_ATTR_HAS(v, branch_sample_type))
		return;
	if (a->sample_type & PERF_SAMPLE_BRANCH_STACK) {
		w_key(w, "branch_sample_type");
		xlat_write_flags_wide(w, &xlat_perf_branch_sample_type, a->branch_sample_type);
	}
	if (!PERF_ATTR_HAS(v, sample_regs_user))
		return;
	w_key_num(w, "sample_regs_user", a->sample_regs_user, WR_HEX);
	if (!PERF_ATTR_HAS(v, sample_stack_user))
		return;
	if (a->sample_type & PERF_SAMPLE_STACK_USER)
		w_key_num(w, "sample_stack_user", a->sample_stack_user, WR_HEX);
	if (a->use_clockid) {
		if (!PERF_ATTR_HAS(v, clockid))
			return;
		w_key(w, "clockid");
		xlat_write_const(w, &xlat_clock_ids, (uint32_t)a->clockid, WR_HEX);
	}
	if (!PERF_ATTR_HAS(v, sample_regs_intr))
		return;
	w_key_num(w, "sample_regs_intr", a->sample_regs_intr, WR_HEX);
	if (!PERF_ATTR_HAS(v, aux_watermark))
		return;
	w_key_num(w, "aux_watermark", a->aux_watermark, WR_UDEC);
	if (!PERF_ATTR_HAS(v, sample_max_stack))
		return;
	w_key_num(w, "sample_max_stack", a->sample_max_stack, WR_UDEC);
	if (!PERF_ATTR_HAS(v, __reserved_2))
		return;
	put_perf_reserved_bytes(w, a->__reserved_2, "110..111");
	if (!PERF_ATTR_HAS(v, aux_sample_size))
		return;
	w_key_num(w, "aux_sample_size", a->aux_sample_size, WR_UDEC);
	if (!PERF_ATTR_HAS(v, __reserved_3))
		return;
	put_perf_reserved_bytes(w, a->__reserved_3, "116..119");
	if (!PERF_ATTR_HAS(v, sig_data))
		return;
	w_key_num(w, "sig_data", a->sig_data, WR_HEX);
}

/*
 * perf_event_attr as strace shows it: the members that mean something for its type and
 * flags, up to the size it gives (0 is the first version's), and without -v only the head
 * and the flags set. new_size: the size the kernel wrote back with E2BIG (the one it knows),
 * or NULL.
 */
static void put_perf_attr(struct writer *w, const struct perf_attr_view *v, bool verbose,
			  const uint32_t *new_size, bool size_unread)
{
	const struct perf_event_attr *a = &v->a;

	w_struct_begin(w);
	w_key(w, "type");
	xlat_write_const(w, &xlat_perf_types, a->type, WR_HEX);
	w_key(w, "size");
	if (new_size || size_unread) {
		w_inout_begin(w);
		xlat_write_const(w, &xlat_perf_attr_size, a->size, WR_HEX);
		w_inout_mid(w);
		if (new_size)
			xlat_write_const(w, &xlat_perf_attr_size, *new_size, WR_HEX);
		else
			w_name(w, "???");
		w_inout_end(w);
	} else {
		xlat_write_const(w, &xlat_perf_attr_size, a->size, WR_HEX);
	}
	put_perf_config(w, a);
	if (a->freq)
		w_key_num(w, "sample_freq", a->sample_freq, WR_UDEC);
	else
		w_key_num(w, "sample_period", a->sample_period, WR_UDEC);
	w_key(w, "sample_type");
	xlat_write_flags_wide(w, &xlat_perf_sample_format, a->sample_type);
	w_key(w, "read_format");
	xlat_write_flags_wide(w, &xlat_perf_read_format, a->read_format);
	put_perf_flags(w, v, verbose);
	if (!verbose) {
		w_obj_end(w, true);
		return;
	}
	if (a->watermark)
		w_key_num(w, "wakeup_watermark", a->wakeup_watermark, WR_UDEC);
	else
		w_key_num(w, "wakeup_events", a->wakeup_events, WR_UDEC);
	if (a->type == PERF_TYPE_BREAKPOINT)
		put_perf_bp_type(w, a->bp_type);
	if (a->type == PERF_TYPE_BREAKPOINT)
		w_key_num(w, "bp_addr", a->bp_addr, WR_HEX);
	else
		w_key_num(w, "config1", a->config1, WR_HEX);
	put_perf_tail(w, v);
	/* a size beyond the struct known here: what lies past it is not shown */
	w_obj_end(w, a->size > v->size);
}

/*
 * perf_event_open's attr, read at enter; strace reads its size first and shows the address
 * when the size is below the first version's or the struct cannot be read that far (one
 * that runs into an unmapped page shows as far as its size says, when that much was read).
 */
static enum hand_result perf_attr(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_in_prefix(hc, i), *in, *out = NULL;
	struct perf_attr_view v;
	uint32_t size, new_size;
	bool e2big = hc->exit && hc->exit->ret == -E2BIG, got_new = false;

	if (!cap || cap->len < offsetof(struct perf_event_attr, size) + sizeof(size))
		return HAND_DEFAULT;
	memcpy(&size, (const char *)hand_cap_data(cap) + offsetof(struct perf_event_attr, size),
	       sizeof(size));
	/* the kernel takes a size of 0 for the first version's */
	if (!size)
		size = PERF_ATTR_SIZE_VER0;
	if (size > sizeof(v.a))
		size = sizeof(v.a);
	if (size < PERF_ATTR_SIZE_VER0 || cap->len < size) {
		hand_put_unread(w, hc->enter->args[i], cap);
		return HAND_PRINTED;
	}
	memset(&v, 0, sizeof(v));
	memcpy(&v.a, hand_cap_data(cap), size);
	memcpy(&v.flags,
	       (const char *)hand_cap_data(cap) + offsetof(struct perf_event_attr, read_format) +
		       sizeof(v.a.read_format),
	       sizeof(v.flags));
	v.size = size;
	if (e2big) {
		/* the kernel writes the size it knows back with E2BIG: read again at exit */
		decode_call_captures(hc->d, hc->nr, i, hc->enter, hc->exit, &in, &out);
		if (out && !(out->flags & BT_CAP_FAULT) &&
		    out->len >= offsetof(struct perf_event_attr, size) + sizeof(new_size)) {
			memcpy(&new_size,
			       (const char *)hand_cap_data(out) +
				       offsetof(struct perf_event_attr, size),
			       sizeof(new_size));
			got_new = true;
		}
	}
	put_perf_attr(w, &v, w->lim.verbose, got_new ? &new_size : NULL, e2big && !got_new);
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

// SPDX-License-Identifier: GPL-2.0
/*
 * Files and descriptors. Directory entries are a packed run of variable-length records;
 * getcwd's buffer is a path; fcntl's argument and return value mean what its cmd says; umask
 * returns a mode. The kernel declares these char *, void * or unsigned long: their meaning is
 * in the code, not in BTF.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <bpf/btf.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/members.h"
#include "xlat_tables.h"

/* Directory entries shown before "..." unless -v. */
#define DIRENT_SHOW_MAX 32

static const char *dirent_type_name(unsigned int type)
{
	static const char *const names[] = {
		[0] = "DT_UNKNOWN", [1] = "DT_FIFO", [2] = "DT_CHR",  [4] = "DT_DIR",
		[6] = "DT_BLK",	    [8] = "DT_REG",  [10] = "DT_LNK", [12] = "DT_SOCK",
	};

	return type < sizeof(names) / sizeof(names[0]) ? names[type] : NULL;
}

/*
 * getdents64's linux_dirent64 records: d_ino, d_off, d_reclen, d_type, then the name,
 * NUL-padded. strace counts them unless -v: 0x55d0c7ab3f20 /\* 186 entries *\/.
 */
static enum hand_result getdents64_dirent(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_out(hc, i);
	const unsigned char *p;
	const size_t head = 8 + 8 + 2 + 1;
	size_t len, off = 0, count = 0, limit = w->lim.verbose ? SIZE_MAX : DIRENT_SHOW_MAX;
	bool more;

	if (!cap)
		return HAND_DEFAULT;
	p = hand_cap_data(cap);
	len = cap->len;
	more = decode_cap_cut(cap);
	if (!w->lim.verbose) {
		while (off + head <= len) {
			uint16_t reclen;

			memcpy(&reclen, p + off + 16, 2);
			if (reclen < head || off + reclen > len)
				break;
			count++;
			off += reclen;
		}
		w->ops->counted(w, hc->enter->args[i], count, "entry", "entries",
				more || off < len);
		return HAND_PRINTED;
	}
	w_arr_begin(w, WR_ARR_LIST);
	while (off + head <= len) {
		uint64_t ino;
		int64_t doff;
		uint16_t reclen;

		memcpy(&ino, p + off, 8);
		memcpy(&doff, p + off + 8, 8);
		memcpy(&reclen, p + off + 16, 2);
		if (reclen < head || off + reclen > len)
			break; /* a record cut by the capture, or not a record at all */
		if (count == limit) {
			more = true;
			break;
		}
		count++;
		w_struct_begin(w);
		w_key_num(w, "d_ino", ino, WR_UDEC);
		w_key_num(w, "d_off", (uint64_t)doff, WR_DEC);
		w_key_num(w, "d_reclen", reclen, WR_UDEC);
		w_key(w, "d_type");
		w_const(w, p[off + 18], WR_UDEC, dirent_type_name(p[off + 18]), NULL);
		w_key(w, "d_name");
		w_str(w, p + off + head, reclen - head, WR_STR_NUL);
		w_obj_end(w, false);
		off += reclen;
	}
	w_arr_end(w, more || off < len);
	return HAND_PRINTED;
}

/* getrandom's bytes: random, so no text; strace shows each in hex, up to -s. */
static enum hand_result getrandom_buf(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_out(hc, i);

	if (!cap)
		return HAND_DEFAULT;
	w_str(w, hand_cap_data(cap), cap->len,
	      WR_STR_HEX | WR_STR_LIMIT | (decode_cap_cut(cap) ? WR_STR_MORE : 0));
	return HAND_PRINTED;
}

/* getcwd's buffer: BTF says char *, the kernel says a NUL-terminated path, NUL counted. */
static void print_cwd(const struct decoder *d, struct writer *w, const void *data, size_t len,
		      bool more)
{
	w_str(w, data, len, WR_STR_NUL | (more ? WR_STR_MORE : 0));
}

static enum hand_result fcntl_arg(struct writer *w, const struct hand_call *hc, int i)
{
	__u64 v = hc->enter->args[i];
	int cmd;

	switch ((int)hc->enter->args[1]) {
	case F_GETFD:
	case F_GETFL:
	case F_GETOWN:
	case F_GETSIG:
	case F_GETLEASE:
	case F_GETPIPE_SZ:
	case F_GET_SEALS:
		/* these take no argument: what the register holds is left over */
		return HAND_OMIT;
	case F_SETFD:
		hand_put_xlat(w, &xlat_fd_flags, v);
		return HAND_PRINTED;
	case F_SETFL:
		xlat_write_open_flags(w, v);
		return HAND_PRINTED;
	case F_GETLK:
	case F_SETLK:
	case F_SETLKW:
	case F_OFD_GETLK:
	case F_OFD_SETLK:
	case F_OFD_SETLKW:
	case F_GETOWN_EX:
	case F_SETOWN_EX:
		/* a struct the collector does not read: its address */
		hand_put_pointer(w, v);
		return HAND_PRINTED;
	}
	cmd = (int)hc->enter->args[1];
	/* a command the kernel may not know takes whatever it is given: strace shows it in hex */
	if (!xlat_name(&xlat_fcntl_cmds, cmd))
		w_hex(w, v);
	/* strace shows these commands' argument as the long register it is, the others' an int */
	else if (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC || cmd == F_SETPIPE_SZ)
		w_s64(w, (__s64)v);
	else
		w_s64(w, (int)v);
	return HAND_PRINTED;
}

/* F_GETFD and F_GETFL return flags: "0x8002 (flags O_RDWR|O_LARGEFILE)". */
static bool fcntl_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	int cmd = (int)hc->enter->args[1];

	if (cmd != F_GETFD && cmd != F_GETFL)
		return false;
	r->fmt = WR_HEX;
	w->ops->ret(w, r);
	if (cmd == F_GETFD && r->value == 0)
		return true;
	w->ops->ret_note_begin(w);
	w_obj_begin(w, WR_OBJ_NOTE, NULL);
	w_key(w, "flags");
	if (cmd == F_GETFD)
		xlat_write_flags(w, &xlat_fd_flags, r->value);
	else
		xlat_write_open_flags(w, r->value);
	w_obj_end(w, false);
	w->ops->ret_note_end(w);
	return true;
}

/* umask returns the old mask: octal, like the argument. */
static bool umask_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	r->fmt = WR_OCT;
	w->ops->ret(w, r);
	return true;
}

/*
 * A time in seconds since the epoch and its nanoseconds as strace's -v comments it:
 * 2026-11-23T15:29:07.018742687+0000, in the local time zone; without a fraction when the
 * nanoseconds are 0.
 */
static void put_date(struct writer *w, long long sec, long long nsec)
{
	char text[80], zone[8];
	time_t t = sec;
	struct tm tm;
	size_t n;

	if (!localtime_r(&t, &tm))
		return;
	n = strftime(text, sizeof(text), "%FT%T", &tm);
	if (nsec > 0 && nsec < 1000000000)
		n += snprintf(text + n, sizeof(text) - n, ".%09lld", nsec);
	strftime(zone, sizeof(zone), "%z", &tm);
	snprintf(text + n, sizeof(text) - n, "%s", zone);
	w_comment(w, text);
}

struct stat_ctx {
	const struct decoder *d;
	__u32 id;
	const void *data;
	size_t len;
};

/* -v: st_atime and its kin have their date after them, nanoseconds and all, as strace has it. */
static void stat_time_date(void *ctx, struct writer *w, const struct btf *btf, __u32 parent_id,
			   const char *member_name, const void *data, size_t len)
{
	const struct stat_ctx *sc = ctx;
	char nsec_name[32];
	long long sec = 0, nsec = 0;

	if (!w->lim.verbose || parent_id != sc->id || strncmp(member_name, "st_", 3) ||
	    strcmp(member_name + strlen(member_name) - 4, "time") || len > sizeof(sec))
		return;
	memcpy(&sec, data, len);
	snprintf(nsec_name, sizeof(nsec_name), "%s_nsec", member_name);
	decode_read_member(sc->d, sc->id, sc->data, sc->len, nsec_name, &nsec);
	put_date(w, sec, nsec);
}

/*
 * struct stat as strace shows it: st_mode and st_size (st_rdev for a device) then "...",
 * or with -v every member but padding, in strace's order, the times with their dates.
 */
static void print_stat(const struct decoder *d, struct writer *w, const void *data, size_t len,
		       bool more)
{
	static const char *const file_brief[] = {"st_mode", "st_size", NULL};
	static const char *const dev_brief[] = {"st_mode", "st_rdev", NULL};
	static const char *const file_members[] = {
		"st_dev",	 "st_ino",   "st_mode",	      "st_nlink",
		"st_uid",	 "st_gid",   "st_blksize",    "st_blocks",
		"st_size",	 "st_atime", "st_atime_nsec", "st_mtime",
		"st_mtime_nsec", "st_ctime", "st_ctime_nsec", NULL};
	static const char *const dev_members[] = {
		"st_dev",	 "st_ino",   "st_mode",	      "st_nlink",
		"st_uid",	 "st_gid",   "st_blksize",    "st_blocks",
		"st_rdev",	 "st_atime", "st_atime_nsec", "st_mtime",
		"st_mtime_nsec", "st_ctime", "st_ctime_nsec", NULL};
	__u32 id = d->types && d->types->btf ? types__find(d->types, "stat", BTF_KIND_STRUCT) : 0;
	struct stat_ctx sc = {.d = d, .id = id, .data = data, .len = len};
	struct decode_btf_extra extra = {.after = stat_time_date, .hook_ctx = &sc};
	struct btf_shape shape;
	long long mode = 0;
	bool dev;

	if (!id) {
		w_bytes(w, data, len, -1, more);
		return;
	}
	decode_read_member(d, id, data, len, "st_mode", &mode);
	dev = S_ISCHR(mode) || S_ISBLK(mode);
	shape.members = dev ? dev_members : file_members;
	shape.brief = dev ? dev_brief : file_brief;
	extra.shape = &shape;
	decode_write_btf(d, w, id, data, len, &extra);
}

struct statx_ctx {
	const struct decoder *d;
	__u32 id;
};

/* -v: statx's times have their dates after them, as strace comments them. */
static void statx_time_date(void *ctx, struct writer *w, const struct btf *btf, __u32 parent_id,
			    const char *member_name, const void *data, size_t len)
{
	const struct statx_ctx *sc = ctx;
	long long sec = 0, nsec = 0;
	__u32 ts;

	if (!w->lim.verbose || parent_id != sc->id || strncmp(member_name, "stx_", 4) ||
	    strcmp(member_name + strlen(member_name) - 4, "time"))
		return;
	ts = types__find(sc->d->types, "statx_timestamp", BTF_KIND_STRUCT);
	if (ts && decode_read_member(sc->d, ts, data, len, "tv_sec", &sec) &&
	    decode_read_member(sc->d, ts, data, len, "tv_nsec", &nsec))
		put_date(w, sec, (__u32)nsec);
}

/*
 * struct statx as strace 6.1 shows it: stx_mask, stx_attributes, stx_mode and stx_size then
 * "...", or with -v the members it knows, a time or the mount id only when stx_mask says the
 * kernel filled it.
 */
static void print_statx(const struct decoder *d, struct writer *w, const void *data, size_t len,
			bool more)
{
	static const char *const brief[] = {"stx_mask", "stx_attributes", "stx_mode", "stx_size",
					    NULL};
	/* members shown when the mask has the bit, and those shown always (bit 0) */
	static const struct {
		const char *name;
		unsigned int bit;
	} members[] = {
		{"stx_mask", 0},
		{"stx_blksize", 0},
		{"stx_attributes", 0},
		{"stx_nlink", 0},
		{"stx_uid", 0},
		{"stx_gid", 0},
		{"stx_mode", 0},
		{"stx_ino", 0},
		{"stx_size", 0},
		{"stx_blocks", 0},
		{"stx_attributes_mask", 0},
		{"stx_atime", 0x20},  /* STATX_ATIME */
		{"stx_btime", 0x800}, /* STATX_BTIME */
		{"stx_ctime", 0x80},  /* STATX_CTIME */
		{"stx_mtime", 0x40},  /* STATX_MTIME */
		{"stx_rdev_major", 0},
		{"stx_rdev_minor", 0},
		{"stx_dev_major", 0},
		{"stx_dev_minor", 0},
		{"stx_mnt_id", 0x1000}, /* STATX_MNT_ID */
	};
	const char *shown[sizeof(members) / sizeof(members[0]) + 1];
	__u32 id = d->types && d->types->btf ? types__find(d->types, "statx", BTF_KIND_STRUCT) : 0;
	struct statx_ctx sc = {.d = d, .id = id};
	struct btf_shape shape = {.members = shown, .brief = brief};
	struct decode_btf_extra extra = {
		.shape = &shape, .after = statx_time_date, .hook_ctx = &sc};
	long long mask = 0;
	size_t n = 0;

	if (!id) {
		w_bytes(w, data, len, -1, more);
		return;
	}
	decode_read_member(d, id, data, len, "stx_mask", &mask);
	for (size_t i = 0; i < sizeof(members) / sizeof(members[0]); i++) {
		if (!members[i].bit || (mask & members[i].bit))
			shown[n++] = members[i].name;
	}
	shown[n] = NULL;
	decode_write_btf(d, w, id, data, len, &extra);
}

/* statfs's f_fsid, two ints strace shows in hex: {val=[0xc1a2a707, 0xac5c7fc8]}. */
static void print_fsid(const struct decoder *d, struct writer *w, const void *data, size_t len,
		       bool more)
{
	unsigned int val[2];

	if (len < sizeof(val)) {
		w_bytes(w, data, len, -1, more);
		return;
	}
	memcpy(val, data, sizeof(val));
	w_struct_begin(w);
	w_key(w, "val");
	w_arr_begin(w, WR_ARR_LIST);
	w_hex(w, val[0]);
	w_hex(w, val[1]);
	w_arr_end(w, false);
	w_obj_end(w, false);
}

/* clang-format off */
static const struct hand_bytes_entry file_bytes[] = {
	{"statfs", "f_fsid", print_fsid},
	{"newfstatat", "statbuf", print_stat},
	{"fstat", "statbuf", print_stat},
	{"stat", "statbuf", print_stat},
	{"lstat", "statbuf", print_stat},
	{"statx", "buffer", print_statx},
	{"getcwd", "buf", print_cwd},
};

static const struct hand_arg_entry file_args[] = {
	{"fcntl", "arg", fcntl_arg},
	{"getdents64", "dirent", getdents64_dirent},
	{"getrandom", "ubuf", getrandom_buf},
};

static const struct hand_return_entry file_returns[] = {
	{"fcntl", fcntl_return},
	{"umask", umask_return},
};
/* clang-format on */

const struct hand_family family_file = {
	.name = "file",
	.bytes = file_bytes,
	.nbytes = sizeof(file_bytes) / sizeof(file_bytes[0]),
	.args = file_args,
	.nargs = sizeof(file_args) / sizeof(file_args[0]),
	.returns = file_returns,
	.nreturns = sizeof(file_returns) / sizeof(file_returns[0]),
};

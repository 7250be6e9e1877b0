// SPDX-License-Identifier: GPL-2.0
/*
 * Files and descriptors. Directory entries are a packed run of variable-length records;
 * getcwd's buffer is a path; fcntl's argument and return value mean what its cmd says; umask
 * returns a mode. The kernel declares these char *, void * or unsigned long: their meaning is
 * in the code, not in BTF.
 */
#include <errno.h>
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

static const char *dirent_type_name(unsigned int type)
{
	static const char *const names[] = {
		[0] = "DT_UNKNOWN", [1] = "DT_FIFO", [2] = "DT_CHR",  [4] = "DT_DIR",
		[6] = "DT_BLK",	    [8] = "DT_REG",  [10] = "DT_LNK", [12] = "DT_SOCK",
	};

	return type < sizeof(names) / sizeof(names[0]) ? names[type] : NULL;
}

/*
 * getdents' and getdents64's records: d_ino, d_off, d_reclen, then (getdents64) d_type and the
 * name, or (getdents) the name and d_type in the record's last byte. strace counts them unless
 * -v, "entries" whatever the number: 0x55d0c7ab3f20 /\* 186 entries *\/; with -v it lists
 * them, in the order of the record's own members.
 */
static enum hand_result write_dirents(struct writer *w, const struct hand_call *hc, int i,
				      bool ent64)
{
	const struct bt_capture *cap = hand_call_out(hc, i), *counted;
	const size_t head = 8 + 8 + 2 + (ent64 ? 1 : 0);
	const unsigned char *p = cap ? hand_cap_data(cap) : NULL;
	size_t len = cap ? cap->len : 0, off = 0, count = 0;
	bool more = cap && decode_cap_cut(cap);

	/* a failed call, or one still running, wrote nothing: its address */
	if (!hc->exit || decode_is_error(hc->exit->ret))
		return HAND_DEFAULT;
	counted = record_capture(&hc->exit->hdr, BT_CAP_INNER_COUNT + i);
	if (!w->lim.verbose && counted) {
		/* more than was captured: the kernel counted them all */
		w->ops->counted(w, hc->enter->args[i], counted->want, "entries", "entries",
				counted->flags & BT_CAP_TRUNCATED);
		return HAND_PRINTED;
	}
	if (!w->lim.verbose) {
		while (off + head <= len) {
			uint16_t reclen;

			memcpy(&reclen, p + off + 16, 2);
			if (reclen < head || off + reclen > len)
				break;
			count++;
			off += reclen;
		}
		w->ops->counted(w, hc->enter->args[i], count, "entries", "entries",
				more || off < len);
		return HAND_PRINTED;
	}
	w_arr_begin(w, WR_ARR_LIST);
	while (off + head <= len) {
		uint64_t ino;
		int64_t doff;
		uint16_t reclen;
		unsigned int type;
		const unsigned char *name;
		size_t name_len;

		memcpy(&ino, p + off, 8);
		memcpy(&doff, p + off + 8, 8);
		memcpy(&reclen, p + off + 16, 2);
		if (reclen < head + (ent64 ? 0 : 1) || off + reclen > len)
			break; /* a record cut by the capture, or not a record at all */
		type = ent64 ? p[off + 18] : p[off + reclen - 1];
		name = p + off + head;
		name_len = reclen - head - (ent64 ? 0 : 1);
		w_struct_begin(w);
		w_key_num(w, "d_ino", ino, WR_UDEC);
		w_key_num(w, "d_off", (uint64_t)doff, WR_DEC);
		w_key_num(w, "d_reclen", reclen, WR_UDEC);
		if (ent64) {
			w_key(w, "d_type");
			w_const(w, type, WR_UDEC, dirent_type_name(type), "DT_???");
		}
		w_key(w, "d_name");
		w_str(w, name, name_len, WR_STR_NUL);
		if (!ent64) {
			w_key(w, "d_type");
			w_const(w, type, WR_UDEC, dirent_type_name(type), "DT_???");
		}
		w_obj_end(w, false);
		off += reclen;
	}
	w_arr_end(w, more || off < len);
	return HAND_PRINTED;
}

static enum hand_result getdents_dirent(struct writer *w, const struct hand_call *hc, int i)
{
	return write_dirents(w, hc, i, false);
}

static enum hand_result getdents64_dirent(struct writer *w, const struct hand_call *hc, int i)
{
	return write_dirents(w, hc, i, true);
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

/*
 * struct flock as strace shows it: the lock's type, where it starts and how long it is, and
 * with_pid the process that holds it (F_GETLK's answer). x86_64's layout: two shorts, then
 * the two offsets at 8 and 16, the pid at 24.
 */
static void put_flock(struct writer *w, const unsigned char *p, bool with_pid)
{
	short type, whence;
	int64_t start, len;
	int pid;

	memcpy(&type, p, 2);
	memcpy(&whence, p + 2, 2);
	memcpy(&start, p + 8, 8);
	memcpy(&len, p + 16, 8);
	memcpy(&pid, p + 24, 4);
	w_struct_begin(w);
	w_key(w, "l_type");
	xlat_write_const(w, &xlat_fcntl_lock_types, (uint64_t)(int64_t)type, WR_AUTO);
	w_key(w, "l_whence");
	xlat_write_const(w, &xlat_seek_whence, (uint64_t)(int64_t)whence, WR_AUTO);
	w_key_num(w, "l_start", (uint64_t)start, WR_DEC);
	w_key_num(w, "l_len", (uint64_t)len, WR_DEC);
	if (with_pid)
		w_key_num(w, "l_pid", (uint64_t)(int64_t)pid, WR_DEC);
	w_obj_end(w, false);
}

/* struct f_owner_ex: {type=F_OWNER_PID, pid=1234}. */
static void put_owner(struct writer *w, const unsigned char *p)
{
	int type, pid;

	memcpy(&type, p, 4);
	memcpy(&pid, p + 4, 4);
	w_struct_begin(w);
	w_key(w, "type");
	xlat_write_const(w, &xlat_fcntl_owner_types, (uint64_t)(int64_t)type, WR_AUTO);
	w_key_num(w, "pid", (uint64_t)(int64_t)pid, WR_DEC);
	w_obj_end(w, false);
}

/*
 * A struct fcntl reads (in) or the kernel writes (out, on success) through its argument, as
 * put writes it; the address when it was not read. The collector reads sizeof(struct flock)
 * (overrides.c), enough for either.
 */
static void fcntl_struct(struct writer *w, const struct hand_call *hc, int i, bool out, size_t size,
			 void (*put)(struct writer *w, const unsigned char *p))
{
	const struct bt_capture *cap = out ? hand_call_out(hc, i) : hand_call_in(hc, i);

	if (cap && cap->len >= size)
		put(w, hand_cap_data(cap));
	else
		hand_put_unread(w, hc->enter->args[i], NULL);
}

static void put_flock_set(struct writer *w, const unsigned char *p)
{
	put_flock(w, p, false);
}

static void put_flock_got(struct writer *w, const unsigned char *p)
{
	put_flock(w, p, true);
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
	case F_SETSIG:
		xlat_write_signal(w, v);
		return HAND_PRINTED;
	case F_SETLEASE:
		xlat_write_const(w, &xlat_fcntl_lock_types, v, WR_AUTO);
		return HAND_PRINTED;
	case F_NOTIFY:
		xlat_write_flags(w, &xlat_fcntl_notify_flags, v);
		return HAND_PRINTED;
	case F_ADD_SEALS:
		xlat_write_flags(w, &xlat_fcntl_seals, v);
		return HAND_PRINTED;
	case F_SETLK:
	case F_SETLKW:
	case F_OFD_SETLK:
	case F_OFD_SETLKW:
		fcntl_struct(w, hc, i, false, 32, put_flock_set);
		return HAND_PRINTED;
	case F_GETLK:
	case F_OFD_GETLK:
		fcntl_struct(w, hc, i, true, 32, put_flock_got);
		return HAND_PRINTED;
	case F_SETOWN_EX:
		fcntl_struct(w, hc, i, false, 8, put_owner);
		return HAND_PRINTED;
	case F_GETOWN_EX:
		fcntl_struct(w, hc, i, true, 8, put_owner);
		return HAND_PRINTED;
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
		/* the lowest fd to return, as the long it is to the kernel */
		w_s64(w, (int64_t)v);
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

/*
 * A return value in hex with a note: "0x8002 (flags O_RDWR|O_LARGEFILE)", "0x2 (F_UNLCK)".
 * by_name: by name whatever -X says, as strace 6.1 writes F_GETFL's and F_GETLEASE's notes (by
 * plain look-ups); F_GETFD's and F_GET_SEALS' it writes as flags anywhere.
 */
static void fcntl_note(struct writer *w, struct wr_ret *r, const char *key, const struct xlat *x,
		       bool by_name)
{
	r->fmt = WR_HEX;
	w->ops->ret(w, r);
	w->xlat_names = by_name;
	w->ops->ret_note_begin(w);
	w_obj_begin(w, WR_OBJ_NOTE, NULL);
	if (key) {
		w_key(w, key);
		if (x)
			xlat_write_flags(w, x, r->value);
		else
			xlat_write_open_flags(w, r->value);
	} else {
		w->ops->key_hidden(w, "type");
		xlat_write_const(w, x, r->value, WR_AUTO);
	}
	w_obj_end(w, false);
	w->ops->ret_note_end(w);
	w->xlat_names = false;
}

/* F_GETFD, F_GETFL, F_GET_SEALS return flags, F_GETLEASE a lease type, as notes. */
static bool fcntl_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	switch ((int)hc->enter->args[1]) {
	case F_GETFD:
		if (r->value == 0)
			return false;
		fcntl_note(w, r, "flags", &xlat_fd_flags, false);
		return true;
	case F_GETFL:
		fcntl_note(w, r, "flags", NULL, true);
		return true;
	case F_GET_SEALS:
		fcntl_note(w, r, "seals", &xlat_fcntl_seals, false);
		return true;
	case F_GETLEASE:
		fcntl_note(w, r, NULL, &xlat_fcntl_lock_types, true);
		return true;
	}
	return false;
}

/* umask returns the old mask: octal, like the argument. */
static bool umask_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	r->fmt = WR_OCT;
	w->ops->ret(w, r);
	return true;
}

/*
 * A time as strace comments it: 2026-11-23T15:29:07.018742687+0000 in the local time zone,
 * part the fraction in units of 10^-width seconds (nanoseconds: 9, microseconds: 6), shown
 * when not 0. No comment for the epoch itself or a fraction past max: no valid time.
 */
static void put_time_comment(struct writer *w, long long sec, unsigned long long part,
			     unsigned long long max, int width)
{
	char text[80], zone[8];
	time_t t = sec;
	struct tm tm;
	size_t n;

	if ((sec == 0 && part == 0) || part > max || !localtime_r(&t, &tm))
		return;
	n = strftime(text, sizeof(text), "%FT%T", &tm);
	if (part)
		n += snprintf(text + n, sizeof(text) - n, ".%0*llu", width, part);
	strftime(zone, sizeof(zone), "%z", &tm);
	snprintf(text + n, sizeof(text) - n, "%s", zone);
	w_comment(w, text);
}

static void put_date(struct writer *w, long long sec, long long nsec)
{
	put_time_comment(w, sec, (unsigned long long)nsec, 999999999, 9);
}

/*
 * utimes' and utimensat's two times, each commented with its date: timevals (usec) or
 * timespecs, whose UTIME_NOW and UTIME_OMIT are names of their own.
 */
static enum hand_result put_time_pair(struct writer *w, const struct hand_call *hc, int i,
				      bool nsec)
{
	const struct bt_capture *cap = hand_call_in(hc, i);
	const unsigned char *p;

	if (!cap || cap->len < 32) {
		hand_put_unread(w, hc->enter->args[i], NULL);
		return HAND_PRINTED;
	}
	p = hand_cap_data(cap);
	w_arr_begin(w, WR_ARR_LIST);
	for (int k = 0; k < 2; k++) {
		long long sec;
		unsigned long long part;

		memcpy(&sec, p + 16 * k, 8);
		memcpy(&part, p + 16 * k + 8, 8);
		bool special = nsec && (part == UTIME_NOW || part == UTIME_OMIT);
		const char *name = part == UTIME_NOW ? "UTIME_NOW" : "UTIME_OMIT";

		/* -X raw shows the struct, -X verbose the struct with the name its comment */
		if (special && w_xlat_style(w) == WR_XLAT_ABBREV) {
			w_name(w, name);
			continue;
		}
		w_struct_begin(w);
		w_key_num(w, "tv_sec", (uint64_t)sec, WR_DEC);
		w_key_num(w, nsec ? "tv_nsec" : "tv_usec", part, WR_UDEC);
		w_obj_end(w, false);
		if (special) {
			if (w_xlat_style(w) == WR_XLAT_VERBOSE)
				w_comment(w, name);
		} else if (nsec)
			put_time_comment(w, sec, part, 999999999, 9);
		else
			put_time_comment(w, sec, part, 999999, 6);
	}
	w_arr_end(w, false);
	return HAND_PRINTED;
}

static enum hand_result utimes_times(struct writer *w, const struct hand_call *hc, int i)
{
	return put_time_pair(w, hc, i, false);
}

static enum hand_result utimensat_times(struct writer *w, const struct hand_call *hc, int i)
{
	return put_time_pair(w, hc, i, true);
}

/* utime's struct utimbuf: {actime=5 /\* 1970-01-01T00:00:05+0000 *\/, modtime=...}. */
static enum hand_result utime_times(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hand_call_in(hc, i);
	long long t[2];

	if (!cap || cap->len < sizeof(t)) {
		hand_put_unread(w, hc->enter->args[i], NULL);
		return HAND_PRINTED;
	}
	memcpy(t, hand_cap_data(cap), sizeof(t));
	w_struct_begin(w);
	w_key_num(w, "actime", (uint64_t)t[0], WR_DEC);
	put_time_comment(w, t[0], 0, 0, 0);
	w_key_num(w, "modtime", (uint64_t)t[1], WR_DEC);
	put_time_comment(w, t[1], 0, 0, 0);
	w_obj_end(w, false);
	return HAND_PRINTED;
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

/*
 * Bytes past the struct the kernel knows, shown as strace does when any is not 0, up to a
 * page: , /\* bytes 24..31 *\/ "\x01\x00...". A struct that grows (open_how) may be passed
 * bigger than this kernel's; the bytes it does not know must be 0.
 */
static void put_nonzero_tail(struct writer *w, const unsigned char *p, size_t from, size_t to)
{
	const size_t page = 4096;
	char label[64];
	size_t k;

	if (to > page)
		to = page;
	for (k = from; k < to && !p[k]; k++)
		;
	if (k >= to)
		return;
	snprintf(label, sizeof(label), "bytes %zu..%zu", from, to - 1);
	w->ops->key_hidden(w, label);
	snprintf(label, sizeof(label), "/* bytes %zu..%zu */ ", from, to - 1);
	w_lit(w, label);
	w_str(w, p + from, to - from, WR_STR_HEX);
}

/*
 * openat2's struct open_how: its address when usize is less than the first version's 24
 * bytes, mode only when the flags create a file, then any bytes past it that are not 0.
 */
static enum hand_result openat2_how(struct writer *w, const struct hand_call *hc, int i)
{
	const size_t ver0 = 24;		    /* OPEN_HOW_SIZE_VER0 */
	const uint64_t tmpfile = 020000000; /* __O_TMPFILE */
	uint64_t usize = hc->enter->args[i + 1], flags, mode, resolve;
	const struct bt_capture *cap = hand_call_in(hc, i);
	const unsigned char *p;

	if (usize < ver0 || !cap || cap->len < ver0) {
		hand_put_unread(w, hc->enter->args[i], NULL);
		return HAND_PRINTED;
	}
	p = hand_cap_data(cap);
	memcpy(&flags, p, 8);
	memcpy(&mode, p + 8, 8);
	memcpy(&resolve, p + 16, 8);
	w_struct_begin(w);
	w_key(w, "flags");
	xlat_write_open_flags_wide(w, flags);
	if (flags & (O_CREAT | tmpfile)) {
		w_key(w, "mode");
		w_num(w, mode, WR_OCT);
	}
	w_key(w, "resolve");
	xlat_write_flags_wide(w, &xlat_resolve_flags, resolve);
	if (usize > ver0)
		put_nonzero_tail(w, p, ver0, usize < cap->len ? usize : cap->len);
	w_obj_end(w, false);
	return HAND_PRINTED;
}

/*
 * A capture the kernel wrote even though the call failed (name_to_handle_at's EOVERFLOW);
 * one read up to an unmapped page too (its bytes before it), as the header is all strace
 * reads of a handle the call did not fill.
 */
static const struct bt_capture *written_anyway(const struct hand_call *hc, int i)
{
	const struct bt_capture *cap = hc->exit ? record_capture(&hc->exit->hdr, i) : NULL;

	if (!cap || (cap->flags & BT_CAP_LATE))
		return NULL;
	return !(cap->flags & BT_CAP_FAULT) || (cap->flags & BT_CAP_PARTIAL) ? cap : NULL;
}

/* A file handle's bytes after its header: f_handle="\xc4\x4c...", or ??? when not read. */
static void put_f_handle(struct writer *w, const struct bt_capture *cap, unsigned int bytes)
{
	const unsigned int max = 128; /* MAX_HANDLE_SZ */
	unsigned int n = bytes < max ? bytes : max;

	w_key(w, "f_handle");
	if (!cap || cap->len < 8 + n) {
		w_name2(w, NULL, "???");
		return;
	}
	w_str(w, (const unsigned char *)hand_cap_data(cap) + 8, n,
	      WR_STR_HEX | (bytes > n ? WR_STR_MORE : 0));
}

/*
 * name_to_handle_at's handle: handle_bytes going in, and what the kernel made of it: the
 * size it needs (EOVERFLOW too) and on success the handle: {handle_bytes=128 => 12,
 * handle_type=1, f_handle="..."}.
 */
static enum hand_result name_to_handle_at_handle(struct writer *w, const struct hand_call *hc,
						 int i)
{
	/* the 8 bytes of the header, when the rest ran into an unmapped page */
	const struct bt_capture *in = hand_call_in_prefix(hc, i), *out = NULL;
	unsigned int bytes_in, bytes_out;
	int type;

	if (!in || in->len < 8) {
		hand_put_unread(w, hc->enter->args[i], NULL);
		return HAND_PRINTED;
	}
	memcpy(&bytes_in, hand_cap_data(in), 4);
	if (hc->exit && (!decode_is_error(hc->exit->ret) || hc->exit->ret == -EOVERFLOW))
		out = written_anyway(hc, i);
	w_struct_begin(w);
	w_key(w, "handle_bytes");
	if (out && out->len >= 8) {
		memcpy(&bytes_out, hand_cap_data(out), 4);
		memcpy(&type, (const char *)hand_cap_data(out) + 4, 4);
		if (bytes_out != bytes_in) {
			w_inout_begin(w);
			w_u64(w, bytes_in);
			w_inout_mid(w);
			w_u64(w, bytes_out);
			w_inout_end(w);
		} else {
			w_u64(w, bytes_in);
		}
		if (!decode_is_error(hc->exit->ret)) {
			w_key_num(w, "handle_type", (uint64_t)(int64_t)type, WR_DEC);
			put_f_handle(w, out, bytes_out);
		}
	} else {
		w_u64(w, bytes_in);
	}
	w_obj_end(w, false);
	return HAND_PRINTED;
}

/* open_by_handle_at's handle: {handle_bytes=12, handle_type=1, f_handle="..."}. */
static enum hand_result open_by_handle_at_handle(struct writer *w, const struct hand_call *hc,
						 int i)
{
	/* the header and the bytes it counts, when the rest ran into an unmapped page */
	const struct bt_capture *in = hand_call_in_prefix(hc, i);
	unsigned int bytes;
	int type;

	if (!in || in->len < 8) {
		hand_put_unread(w, hc->enter->args[i], NULL);
		return HAND_PRINTED;
	}
	memcpy(&bytes, hand_cap_data(in), 4);
	memcpy(&type, (const char *)hand_cap_data(in) + 4, 4);
	w_struct_begin(w);
	w_key_num(w, "handle_bytes", bytes, WR_UDEC);
	w_key_num(w, "handle_type", (uint64_t)(int64_t)type, WR_DEC);
	put_f_handle(w, in, bytes);
	w_obj_end(w, false);
	return HAND_PRINTED;
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
	{"getdents", "dirent", getdents_dirent},
	{"getdents64", "dirent", getdents64_dirent},
	{"getrandom", "ubuf", getrandom_buf},
	{"openat2", "how", openat2_how},
	{"utime", "times", utime_times},
	{"utimes", "utimes", utimes_times},
	{"futimesat", "utimes", utimes_times},
	{"utimensat", "utimes", utimensat_times},
	{"name_to_handle_at", "handle", name_to_handle_at_handle},
	{"open_by_handle_at", "handle", open_by_handle_at_handle},
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

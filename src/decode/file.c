// SPDX-License-Identifier: GPL-2.0
/*
 * Files and descriptors. Directory entries are a packed run of variable-length records;
 * getcwd's buffer is a path; fcntl's argument and return value mean what its cmd says; umask
 * returns a mode. The kernel declares these char *, void * or unsigned long: their meaning is
 * in the code, not in BTF.
 */
#include <fcntl.h>
#include <string.h>

#include "decode/decode.h"
#include "decode/hand.h"
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

/* linux_dirent64 records: d_ino, d_off, d_reclen, d_type, then the name, NUL-padded. */
static void print_dirents64(const struct decoder *d, struct writer *w, const void *data, size_t len,
			    bool more)
{
	const unsigned char *p = data;
	const size_t head = 8 + 8 + 2 + 1;
	size_t off = 0, shown = 0, limit = w->lim.verbose ? SIZE_MAX : DIRENT_SHOW_MAX;

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
		if (shown == limit) {
			more = true;
			break;
		}
		shown++;
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
	/* a command the kernel may not know takes whatever it is given: strace shows it in hex */
	if (!xlat_name(&xlat_fcntl_cmds, (int)hc->enter->args[1]))
		w_hex(w, v);
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

/* clang-format off */
static const struct hand_bytes_entry file_bytes[] = {
	{"getdents64", "dirent", print_dirents64},
	{"getcwd", "buf", print_cwd},
};

static const struct hand_arg_entry file_args[] = {
	{"fcntl", "arg", fcntl_arg},
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

// SPDX-License-Identifier: GPL-2.0
/*
 * System V IPC and POSIX message queues: keys and get flags (a flags word with the
 * permission bits in it), the ctl commands and the struct their buffer holds by command
 * (semctl's arg is an unsigned long that is a pointer for some commands only), msgsnd's and
 * msgrcv's message, and mq_open's mode and attributes, which only O_CREAT makes it read.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <bpf/btf.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/members.h"
#include "xlat_tables.h"

#ifndef SHM_HUGE_SHIFT
#define SHM_HUGE_SHIFT 26
#endif
#ifndef SHM_HUGE_MASK
#define SHM_HUGE_MASK 0x3f
#endif
#ifndef IPC_64
#define IPC_64 0x0100
#endif
#ifndef MSG_STAT_ANY
#define MSG_STAT_ANY 13
#endif
#ifndef SEM_STAT_ANY
#define SEM_STAT_ANY 20
#endif
#ifndef SHM_STAT_ANY
#define SHM_STAT_ANY 15
#endif

/* A key: IPC_PRIVATE, else its 32 bits in hex, as strace has it (0xffffffff). */
static enum hand_result ipc_key(struct writer *w, const struct hand_call *hc, int i)
{
	uint32_t key = (uint32_t)hc->enter->args[i];

	w_const(w, key, WR_HEX, key == IPC_PRIVATE ? "IPC_PRIVATE" : NULL, NULL);
	return HAND_PRINTED;
}

static void put_flag_name(void *ctx, const char *name)
{
	w_flag(ctx, name);
}

/*
 * A get call's flags as strace writes them: the flags by name, the bits no name knows, a huge
 * page size shifted into place (shmget), then the permission bits, which always show:
 * IPC_CREAT|16<<SHM_HUGE_SHIFT|0600.
 */
static void put_get_flags(struct writer *w, uint32_t v, const struct xlat *names, bool huge_pages)
{
	uint32_t flags = v & ~0777U, unknown;
	uint32_t huge = huge_pages ? flags & ((uint32_t)SHM_HUGE_MASK << SHM_HUGE_SHIFT) : 0;
	char text[48];

	flags &= ~huge;
	if (!flags && !huge) {
		/* the permissions alone, in every -X form */
		w_num(w, v, WR_OCT);
		return;
	}
	/*
	 * -X raw and -X verbose: each field on its own, styled by -X, as strace does:
	 * 0x200 /\* IPC_CREAT *\/|16<<26 /\* SHM_HUGE_SHIFT *\/|0600 (the default style, and so
	 * JSON, writes one flags value)
	 */
	if (w_xlat_style(w) != WR_XLAT_ABBREV) {
		w_obj_begin(w, WR_OBJ_BITOR, NULL);
		if (flags) {
			w_key(w, "flags");
			xlat_write_flags(w, names, flags);
		}
		if (huge) {
			w_key(w, "huge_page_size");
			snprintf(text, sizeof(text), "%u<<%u", huge >> SHM_HUGE_SHIFT,
				 SHM_HUGE_SHIFT);
			w_name(w, text);
			if (w_xlat_style(w) == WR_XLAT_VERBOSE)
				w_comment(w, "SHM_HUGE_SHIFT");
		}
		w_key(w, "mode");
		w_num(w, v & 0777, WR_OCT);
		w_obj_end(w, false);
		return;
	}
	w_flags_begin(w, v);
	unknown = flags ? (uint32_t)xlat_flags_names(names, flags, put_flag_name, w) : 0;
	if (unknown)
		w_flag_bits(w, unknown, NULL);
	if (huge) {
		snprintf(text, sizeof(text), "%u<<SHM_HUGE_SHIFT", huge >> SHM_HUGE_SHIFT);
		w_flag(w, text);
	}
	w_flags_end(w, unknown | (v & 0777), WR_OCT, NULL);
}

static enum hand_result ipc_get_flags(struct writer *w, const struct hand_call *hc, int i)
{
	bool shm = !strcmp(hand_call_name(hc), "shmget");

	put_get_flags(w, (uint32_t)hc->enter->args[i],
		      shm ? &xlat_shmget_flags : &xlat_ipc_get_flags, shm);
	return HAND_PRINTED;
}

/* The command table of each ctl call. */
static const struct xlat *ctl_table(const struct hand_call *hc)
{
	const char *name = hand_call_name(hc);

	if (!strcmp(name, "semctl"))
		return &xlat_semctl_cmds;
	if (!strcmp(name, "msgctl"))
		return &xlat_msgctl_cmds;
	return &xlat_shmctl_cmds;
}

/* A ctl command, and IPC_64 before it when the caller set it: IPC_64|IPC_STAT. */
static enum hand_result ipc_ctl_cmd(struct writer *w, const struct hand_call *hc, int i)
{
	const struct xlat *table = ctl_table(hc);
	uint32_t cmd = (uint32_t)hc->enter->args[i];
	const char *name = xlat_name(table, cmd & ~IPC_64);

	if (!(cmd & IPC_64)) {
		xlat_write_const(w, table, cmd, WR_AUTO);
		return HAND_PRINTED;
	}
	/* -X raw and -X verbose: IPC_64 and the command apart, each styled on its own */
	if (w_xlat_style(w) != WR_XLAT_ABBREV) {
		w_obj_begin(w, WR_OBJ_BITOR, NULL);
		w_key(w, "version");
		w_const(w, IPC_64, WR_HEX, "IPC_64", NULL);
		w_key(w, "cmd");
		xlat_write_const(w, table, cmd & ~IPC_64, WR_HEX);
		w_obj_end(w, false);
		return HAND_PRINTED;
	}
	w_flags_begin(w, cmd);
	w_flag(w, "IPC_64");
	if (name)
		w_flag(w, name);
	else
		w_flag_bits(w, cmd & ~IPC_64, table->unknown);
	w_flags_end(w, name ? 0 : cmd & ~IPC_64, WR_HEX, NULL);
	return HAND_PRINTED;
}

/* How strace prints a member of the IPC structs. */
enum ipc_fmt {
	IF_U,	 /* unsigned decimal */
	IF_D,	 /* signed decimal */
	IF_ID,	 /* a user or group id: unsigned, but -1 */
	IF_OCT,	 /* permission bits */
	IF_PERM, /* the struct ipc64_perm in it */
};

struct ipc_field {
	const char *name;
	unsigned char fmt;
	bool on_set; /* IPC_SET shows it: what the caller sets */
};

/* clang-format off */
static const struct ipc_field perm_fields[] = {
	{"uid", IF_ID, true}, {"gid", IF_ID, true}, {"mode", IF_OCT, true},
	{"key", IF_U, false}, {"cuid", IF_ID, false}, {"cgid", IF_ID, false},
	{NULL}, /* the end */
};
static const struct ipc_field msqid_fields[] = {
	{"msg_perm", IF_PERM, true}, {"msg_stime", IF_U, false}, {"msg_rtime", IF_U, false},
	{"msg_ctime", IF_U, false}, {"msg_qnum", IF_U, false}, {"msg_qbytes", IF_U, true},
	{"msg_lspid", IF_D, false}, {"msg_lrpid", IF_D, false},
	{NULL}, /* the end */
};
static const struct ipc_field msginfo_fields[] = {
	{"msgpool", IF_D}, {"msgmap", IF_D}, {"msgmax", IF_D}, {"msgmnb", IF_D}, {"msgmni", IF_D},
	{"msgssz", IF_D}, {"msgtql", IF_D}, {"msgseg", IF_U},
	{NULL}, /* the end */
};
static const struct ipc_field semid_fields[] = {
	{"sem_perm", IF_PERM, true}, {"sem_otime", IF_U, false}, {"sem_ctime", IF_U, false},
	{"sem_nsems", IF_U, false},
	{NULL}, /* the end */
};
static const struct ipc_field seminfo_fields[] = {
	{"semmap", IF_D}, {"semmni", IF_D}, {"semmns", IF_D}, {"semmnu", IF_D}, {"semmsl", IF_D},
	{"semopm", IF_D}, {"semume", IF_D}, {"semusz", IF_D}, {"semvmx", IF_D}, {"semaem", IF_D},
	{NULL}, /* the end */
};
static const struct ipc_field shmid_fields[] = {
	{"shm_perm", IF_PERM, true}, {"shm_segsz", IF_U, false}, {"shm_cpid", IF_D, false},
	{"shm_lpid", IF_D, false}, {"shm_nattch", IF_U, false}, {"shm_atime", IF_U, false},
	{"shm_dtime", IF_U, false}, {"shm_ctime", IF_U, false},
	{NULL}, /* the end */
};
static const struct ipc_field shminfo_fields[] = {
	{"shmmax", IF_U}, {"shmmin", IF_U}, {"shmmni", IF_U}, {"shmseg", IF_U}, {"shmall", IF_U},
	{NULL}, /* the end */
};
static const struct ipc_field shm_info_fields[] = {
	{"used_ids", IF_D}, {"shm_tot", IF_U}, {"shm_rss", IF_U}, {"shm_swp", IF_U},
	{"swap_attempts", IF_U}, {"swap_successes", IF_U},
	{NULL}, /* the end */
};
/* clang-format on */

/* Member name of struct id: its byte offset, size and type; false when there is none. */
static bool find_member(const struct btf *btf, __u32 id, const char *name, __u32 *off, __s64 *size,
			__u32 *type)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const struct btf_member *m;

	if (!t || !btf_is_composite(t))
		return false;
	m = btf_members(t);
	for (__u16 k = 0; k < btf_vlen(t); k++) {
		const char *mname = btf__name_by_offset(btf, m[k].name_off);

		if (!mname || strcmp(mname, name))
			continue;
		*off = btf_member_bit_offset(t, k) / 8;
		*size = btf__resolve_size(btf, m[k].type);
		*type = m[k].type;
		return *size > 0;
	}
	return false;
}

/* The struct type id the member's type is, modifiers skipped. */
static __u32 struct_of(const struct decoder *d, __u32 type)
{
	return types__skip_mods(d->types->btf, type);
}

/*
 * Writes data as struct type_id by the field list, strace's members in strace's order; a
 * member the data does not hold ends the struct with "...".
 */
static void put_ipc_struct(const struct decoder *d, struct writer *w, __u32 type_id,
			   const struct ipc_field *fields, bool set, const void *data, size_t len)
{
	const struct btf *btf = d->types->btf;

	w_struct_begin(w);
	for (const struct ipc_field *f = fields; f->name; f++) {
		__u32 off, type;
		__s64 size;
		__u64 v = 0;

		if (set && !f->on_set)
			continue;
		if (!find_member(btf, type_id, f->name, &off, &size, &type))
			continue;
		if (off + (size_t)size > len) {
			w_obj_end(w, true);
			return;
		}
		w_key(w, f->name);
		if (f->fmt == IF_PERM) {
			put_ipc_struct(d, w, struct_of(d, type), perm_fields, set,
				       (const char *)data + off, size);
			continue;
		}
		if (size > 8) {
			w_name2(w, NULL, "?");
			continue;
		}
		memcpy(&v, (const char *)data + off, size);
		switch (f->fmt) {
		case IF_D:
			w_s64(w, decode_narrow_signed(v, size));
			break;
		case IF_ID:
			if (v == decode_narrow_unsigned(~0ULL, size))
				w_s64(w, -1);
			else
				w_u64(w, v);
			break;
		case IF_OCT:
			w_num(w, v, WR_OCT);
			break;
		default:
			w_u64(w, v);
			break;
		}
	}
	w_obj_end(w, false);
}

/* What a ctl command's buffer holds, and when the kernel reads or writes it. */
enum ipc_buf_use {
	IB_ADDRESS, /* nothing the command uses: the address */
	IB_SET,	    /* the caller's settings, read at enter */
	IB_STAT,    /* the object's state, written at exit */
	IB_INFO,    /* the system's limits, written at exit */
	IB_SHM_INFO /* SHM_INFO's usage figures, written at exit */
};

static enum ipc_buf_use ipc_buf_use(const char *call, uint32_t cmd)
{
	switch (cmd) {
	case IPC_SET:
		return IB_SET;
	case IPC_STAT:
		return IB_STAT;
	case IPC_INFO:
		return IB_INFO;
	}
	if (!strcmp(call, "msgctl")) {
		if (cmd == MSG_STAT || cmd == MSG_STAT_ANY)
			return IB_STAT;
		if (cmd == MSG_INFO)
			return IB_INFO;
	} else if (!strcmp(call, "semctl")) {
		if (cmd == SEM_STAT || cmd == SEM_STAT_ANY)
			return IB_STAT;
		if (cmd == SEM_INFO)
			return IB_INFO;
	} else {
		if (cmd == SHM_STAT || cmd == SHM_STAT_ANY)
			return IB_STAT;
		if (cmd == SHM_INFO)
			return IB_SHM_INFO;
	}
	return IB_ADDRESS;
}

/*
 * A ctl call's buffer by its command: the settings IPC_SET reads, the state or limits the
 * kernel writes (shown once it returned, as strace does), else the address.
 */
static enum hand_result ipc_ctl_buf(struct writer *w, const struct hand_call *hc, int i)
{
	const struct decoder *d = hc->d;
	const char *call = hand_call_name(hc);
	bool sem = !strcmp(call, "semctl"), msg = !strcmp(call, "msgctl");
	/* the command: semctl's third argument, msgctl's and shmctl's second */
	uint32_t cmd = (uint32_t)hc->enter->args[sem ? 2 : 1];
	enum ipc_buf_use use = ipc_buf_use(call, cmd & ~IPC_64);
	const struct ipc_field *fields;
	const struct bt_capture *cap;
	const char *type;
	__u32 id;

	if (!d->types || !d->types->btf)
		return HAND_DEFAULT;
	switch (use) {
	case IB_ADDRESS:
		hand_put_pointer(w, hc->enter->args[i]);
		return HAND_PRINTED;
	case IB_SET:
	case IB_STAT:
		type = sem ? "semid64_ds" : msg ? "msqid64_ds" : "shmid64_ds";
		fields = sem ? semid_fields : msg ? msqid_fields : shmid_fields;
		break;
	case IB_INFO:
		type = sem ? "seminfo" : msg ? "msginfo" : "shminfo64";
		fields = sem ? seminfo_fields : msg ? msginfo_fields : shminfo_fields;
		break;
	case IB_SHM_INFO:
	default:
		type = "shm_info";
		fields = shm_info_fields;
		break;
	}
	if (use == IB_SET) {
		cap = hand_call_in(hc, i);
	} else if (!hc->exit) {
		/* not returned yet: what the kernel writes is not there */
		return HAND_OMIT;
	} else if (sem && use == IB_STAT && hand_call_failed(hc)) {
		/* strace reads semctl's struct back even when the call failed: it is unchanged */
		cap = hand_call_in(hc, i);
	} else {
		cap = hand_call_out(hc, i);
	}
	id = types__find(d->types, type, BTF_KIND_STRUCT);
	if (!cap || !id) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	put_ipc_struct(d, w, id, fields, use == IB_SET, hand_cap_data(cap), cap->len);
	return HAND_PRINTED;
}

/*
 * msgsnd's and msgrcv's message: its type, then msgsz bytes of text, which strace shows as a
 * string (-s applies). The capture holds the type and then the text, as far as it was read.
 */
static enum hand_result ipc_msgbuf(struct writer *w, const struct hand_call *hc, int i)
{
	bool rcv = !strcmp(hand_call_name(hc), "msgrcv");
	const struct bt_capture *cap =
		rcv ? hand_call_out_prefix(hc, i) : hand_call_in_prefix(hc, i);
	__u64 msgsz = hc->enter->args[i + 1], shown = msgsz;
	bool unread;
	const char *p;
	long mtype;
	size_t n;

	if (rcv && !hc->exit)
		return HAND_OMIT;
	/*
	 * strace reads a struct msgbuf first, the type and 8 bytes with the text's first: when
	 * those ran into an unmapped page the message shows as its address
	 */
	if (!cap || cap->len < sizeof(mtype) ||
	    ((cap->flags & BT_CAP_FAULT) && cap->len < 2 * sizeof(mtype))) {
		hand_put_unread(w, hc->enter->args[i],
				record_capture(rcv ? &hc->exit->hdr : &hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	p = hand_cap_data(cap);
	memcpy(&mtype, p, sizeof(mtype));
	n = cap->len - sizeof(mtype);
	/*
	 * strace reads the bytes of the text it shows, and one more when -s cuts it (to know
	 * that it went on): read up to an unmapped page (BT_CAP_FAULT with the bytes before
	 * it), the text shows when those were all there; -s decides for JSON too, whose
	 * writer has no limit, so that both say the same
	 */
	if (hc->d->opts.string_limit && shown > (__u64)hc->d->opts.string_limit)
		shown = hc->d->opts.string_limit + 1;
	unread = (cap->flags & BT_CAP_FAULT) ? n < shown : n < msgsz && !decode_cap_cut(cap);
	w_struct_begin(w);
	w_key_num(w, "mtype", (uint64_t)mtype, WR_DEC);
	w_key(w, "mtext");
	if (unread) {
		/* the text ran into memory that could not be read */
		w_ptr(w, hc->enter->args[i] + sizeof(mtype));
	} else {
		w_bytes(w, p + sizeof(mtype), n, (long long)msgsz, n < msgsz);
	}
	w_obj_end(w, false);
	return HAND_PRINTED;
}

/* mq_open reads its mode and attributes only when it creates the queue. */
static enum hand_result mq_open_create_arg(struct writer *w, const struct hand_call *hc, int i)
{
	return hc->enter->args[1] & O_CREAT ? HAND_DEFAULT : HAND_OMIT;
}

/* The part of struct sigevent strace reads and shows: the rest is padding to 64 bytes. */
struct sigevent_head {
	uint64_t sival;
	int32_t signo;
	int32_t notify;
	union {
		int32_t tid;
		struct {
			uint64_t function, attributes;
		} thread;
	} un;
};

/*
 * A notification as strace shows it: the value when it is not 0, the signal (a number but for
 * the kinds that send one), the kind, then what the kind uses: a thread id, or a function and
 * its attributes.
 */
void hand_print_sigevent(const struct decoder *d, struct writer *w, const void *data, size_t len,
			 bool more)
{
	struct sigevent_head sev;

	if (len < sizeof(sev)) {
		w_name2(w, NULL, "...");
		return;
	}
	memcpy(&sev, data, sizeof(sev));
	w_struct_begin(w);
	if (sev.sival) {
		w_key(w, "sigev_value");
		w_struct_begin(w);
		w_key_num(w, "sival_int", (uint64_t)(int64_t)(int32_t)sev.sival, WR_DEC);
		w_key(w, "sival_ptr");
		w_ptr(w, sev.sival);
		w_obj_end(w, false);
	}
	w_key(w, "sigev_signo");
	switch (sev.notify) {
	case SIGEV_SIGNAL:
	case SIGEV_THREAD:
	case SIGEV_THREAD_ID:
		xlat_write_signal(w, (uint64_t)(int64_t)sev.signo);
		break;
	default:
		w_u64(w, (uint32_t)sev.signo);
		break;
	}
	w_key(w, "sigev_notify");
	xlat_write_const(w, &xlat_sigev_notify, (uint32_t)sev.notify, WR_AUTO);
	if (sev.notify == SIGEV_THREAD_ID) {
		w_key_num(w, "sigev_notify_thread_id", (uint64_t)(int64_t)sev.un.tid, WR_DEC);
	} else if (sev.notify == SIGEV_THREAD) {
		w_key(w, "sigev_notify_function");
		w_ptr(w, sev.un.thread.function);
		w_key(w, "sigev_notify_attributes");
		w_ptr(w, sev.un.thread.attributes);
	}
	w_obj_end(w, false);
}

/* clang-format off */
static const struct hand_bytes_entry ipc_bytes[] = {
	{"mq_notify", "u_notification", hand_print_sigevent},
};

static const struct hand_arg_entry ipc_args[] = {
	{"semget", "key", ipc_key},
	{"msgget", "key", ipc_key},
	{"shmget", "key", ipc_key},
	{"semget", "semflg", ipc_get_flags},
	{"msgget", "msgflg", ipc_get_flags},
	{"shmget", "shmflg", ipc_get_flags},
	{"semctl", "cmd", ipc_ctl_cmd},
	{"msgctl", "cmd", ipc_ctl_cmd},
	{"shmctl", "cmd", ipc_ctl_cmd},
	{"semctl", "arg", ipc_ctl_buf},
	{"msgctl", "buf", ipc_ctl_buf},
	{"shmctl", "buf", ipc_ctl_buf},
	{"msgsnd", "msgp", ipc_msgbuf},
	{"msgrcv", "msgp", ipc_msgbuf},
	{"mq_open", "mode", mq_open_create_arg},
	{"mq_open", "u_attr", mq_open_create_arg},
};
/* clang-format on */

const struct hand_family family_ipc = {
	.name = "ipc",
	.bytes = ipc_bytes,
	.nbytes = sizeof(ipc_bytes) / sizeof(ipc_bytes[0]),
	.args = ipc_args,
	.nargs = sizeof(ipc_args) / sizeof(ipc_args[0]),
};

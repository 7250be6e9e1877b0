// SPDX-License-Identifier: GPL-2.0
/*
 * -e read=SET, -e write=SET: the data a call read from or wrote to an fd of the set, dumped
 * after its line as strace 6.1 dumps it (strace's syscall.c, dumpio), from what was captured.
 */
#include <string.h>

#include "base/quote.h"
#include "decode/decode.h"

/*
 * The calls strace 6.1 dumps, by where their data is and how much of it counts (sendmmsg's
 * and recvmmsg's too, whose buffers btftrace does not read).
 */
/* clang-format off */
static const struct {
	const char *name;
	enum dump_kind kind;
} dumped_calls[] = {
	{ "write", DUMP_WRITE_BUF },
	{ "pwrite64", DUMP_WRITE_BUF },
	{ "sendto", DUMP_WRITE_BUF },
	{ "mq_timedsend", DUMP_WRITE_BUF },
	{ "writev", DUMP_WRITE_IOV },
	{ "pwritev", DUMP_WRITE_IOV },
	{ "pwritev2", DUMP_WRITE_IOV },
	{ "vmsplice", DUMP_WRITE_IOV },
	{ "sendmsg", DUMP_WRITE_MSG },
	{ "read", DUMP_READ_BUF },
	{ "pread64", DUMP_READ_BUF },
	{ "recvfrom", DUMP_READ_BUF },
	{ "mq_timedreceive", DUMP_READ_BUF },
	{ "readv", DUMP_READ_IOV },
	{ "preadv", DUMP_READ_IOV },
	{ "preadv2", DUMP_READ_IOV },
	{ "recvmsg", DUMP_READ_MSG },
};
/* clang-format on */

enum dump_kind decode_dump_kind_of(const char *name)
{
	for (size_t i = 0; i < sizeof(dumped_calls) / sizeof(dumped_calls[0]); i++) {
		if (!strcmp(dumped_calls[i].name, name))
			return dumped_calls[i].kind;
	}
	return DUMP_NONE;
}

static bool reads(enum dump_kind kind)
{
	return kind == DUMP_READ_BUF || kind == DUMP_READ_IOV || kind == DUMP_READ_MSG;
}

/* One buffer: its captured bytes, no more than the call's length says count. */
static void dump_buffer(struct outbuf *ob, const struct bt_capture *cap, __u64 counted)
{
	size_t n = cap ? cap->len : 0;

	if (!cap || (cap->flags & BT_CAP_FAULT))
		return;
	if (n > counted)
		n = counted;
	quote_hexdump(ob, decode_cap_data(cap), n);
}

/*
 * The buffers of an iovec capture as strace dumps them: each with its length (the part of
 * it that counts: no more than the bytes left of total), until one is empty.
 */
static void dump_iovec(struct outbuf *ob, const struct bt_capture *cap, __u64 total)
{
	const char *p, *end;
	const struct bt_iov_part *part;

	if (!cap || (cap->flags & BT_CAP_FAULT))
		return;
	p = decode_cap_data(cap);
	end = p + cap->len;
	for (int i = 0; (part = decode_next_iov_part(&p, end)); i++) {
		__u64 len = part->len < total ? part->len : total;
		size_t got = part->got < len ? part->got : len;

		if (!len)
			break;
		total -= len;
		outbuf_printf(ob, " * %llu bytes in buffer %d\n", (unsigned long long)len, i);
		if (!(part->flags & BT_CAP_FAULT))
			quote_hexdump(ob, part + 1, got);
	}
}

void decode_write_dump(const struct decoder *d, struct outbuf *ob, const struct call_view *v)
{
	const struct call *call = v->call;
	const struct bt_enter_rec *enter = call->enter;
	const struct bt_exit_rec *exit = call->exit;
	const struct bt_capture *in = NULL, *out = NULL;
	const struct bt_syscall_rules *rules;
	enum dump_kind kind;
	int fd;

	if (!enter || !exit || v->nr < 0 || v->nr >= BT_MAX_SYSCALLS)
		return;
	kind = d->dump_kind[v->nr];
	if (kind == DUMP_NONE)
		return;
	rules = &d->beauty->rules[v->nr];
	fd = (int)enter->args[0];
	/* what a call would write shows even when it failed; what it read only when it did not */
	if (reads(kind)) {
		if (!d->opts.dump_read || !desc_set_has(d->opts.dump_read, fd) ||
		    decode_is_error(exit->ret))
			return;
	} else if (!d->opts.dump_write || !desc_set_has(d->opts.dump_write, fd)) {
		return;
	}
	switch (kind) {
	case DUMP_WRITE_BUF:
		decode_arg_captures(enter, exit, 1, &in, &out);
		dump_buffer(ob, in, enter->args[2]);
		break;
	case DUMP_READ_BUF:
		decode_call_captures(d, v->nr, 1, enter, exit, &in, &out);
		dump_buffer(ob, out, exit->ret);
		break;
	case DUMP_WRITE_IOV:
		/* vmsplice's iovec is read as structs, without the bytes: nothing to dump */
		if (rules->enter[1].kind != BT_KIND_IOVEC)
			break;
		decode_arg_captures(enter, exit, 1, &in, &out);
		dump_iovec(ob, in, ~0ULL);
		break;
	case DUMP_READ_IOV:
		if (rules->exit[1].kind != BT_KIND_IOVEC)
			break;
		decode_call_captures(d, v->nr, 1, enter, exit, &in, &out);
		dump_iovec(ob, out, exit->ret);
		break;
	case DUMP_WRITE_MSG:
	case DUMP_READ_MSG: {
		const struct bt_rec_hdr *parts = decode_msghdr_parts(
			d, v->nr, 1, enter, kind == DUMP_READ_MSG ? exit : NULL);

		if (parts)
			dump_iovec(ob, record_capture(parts, 1 + BT_CAP_INNER_IOV),
				   kind == DUMP_READ_MSG ? (__u64)exit->ret : ~0ULL);
		break;
	}
	case DUMP_NONE:
		break;
	}
}

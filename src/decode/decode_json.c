// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON twin of decode.c: the same choice of capture per argument and the
 * same tables, written as JSON values instead of strace's text. Structs go
 * through the BTF printer's JSON mode, flags through the xlat tables one name
 * at a time; nothing is parsed back out of text.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <bpf/btf.h>
#include <linux/futex.h>

#include "decode/decode_json.h"
#include "decode/hand.h"
#include "decode/json.h"
#include "decode/xlat.h"
#include "xlat_tables.h"

static bool member_hook(void *ctx, struct outbuf *ob, const struct btf *btf, __u32 parent_id,
			const char *member_name, __u32 member_type_id, const void *data,
			size_t len);

int json_decoder__init(struct json_decoder *jd, const struct decoder *d)
{
	memset(jd, 0, sizeof(*jd));
	jd->d = d;
	outbuf_init(&jd->scratch);
	btf_print_opts_default(&jd->po);
	jd->po.max_depth = 0; /* as deep as BTF_PRINT_MAX_NEST allows */
	jd->po.json = true;
	jd->po.member_hook = member_hook;
	jd->po.hook_ctx = jd;
	return 0;
}

void json_decoder__free(struct json_decoder *jd)
{
	outbuf_free(&jd->scratch);
}

static void put_num(struct outbuf *ob, uint64_t v, bool is_signed)
{
	if (is_signed)
		outbuf_s64(ob, (int64_t)v);
	else
		outbuf_u64(ob, v);
}

/* ---------------------------------------------------------------- values by table */

/* Writes the names of a flags object, comma-separated. */
struct name_list {
	struct outbuf *ob;
	bool first;
};

static void add_name(void *ctx, const char *name)
{
	struct name_list *nl = ctx;

	if (!nl->first)
		outbuf_putc(nl->ob, ',');
	nl->first = false;
	json_put_cstr(nl->ob, name);
}

static void flags_begin(struct name_list *nl, struct outbuf *ob, uint64_t raw, bool is_signed)
{
	nl->ob = ob;
	nl->first = true;
	outbuf_puts(ob, "{\"raw\":");
	put_num(ob, raw, is_signed);
	outbuf_puts(ob, ",\"names\":[");
}

static void flags_end(struct outbuf *ob, uint64_t rest)
{
	outbuf_puts(ob, "],\"rest\":");
	outbuf_u64(ob, rest);
	outbuf_putc(ob, '}');
}

/* A signal's name, or its number when it has none. */
static void put_signal(struct outbuf *ob, uint64_t sig)
{
	char buf[32];

	xlat_format_signal(buf, sizeof(buf), sig);
	if (!strncmp(buf, "SIG", 3))
		json_put_cstr(ob, buf);
	else
		outbuf_s64(ob, (int64_t)sig);
}

static bool signal_named(uint64_t sig)
{
	char buf[32];

	xlat_format_signal(buf, sizeof(buf), sig);
	return !strncmp(buf, "SIG", 3);
}

static void put_const(struct outbuf *ob, const struct xlat *x, uint64_t val, bool is_signed)
{
	const char *name = xlat_name(x, val);

	if (name)
		json_put_cstr(ob, name);
	else
		put_num(ob, val, is_signed);
}

static void put_xlat(struct outbuf *ob, const struct xlat *x, uint64_t val, bool is_signed)
{
	struct name_list nl;
	uint64_t rest;

	if (!x || x->kind != XLAT_FLAGS) {
		put_const(ob, x, val, is_signed);
		return;
	}
	flags_begin(&nl, ob, val, is_signed);
	rest = xlat_flags_names(x, val, add_name, &nl);
	flags_end(ob, rest);
}

/* The access mode (a number, O_RDONLY being 0) always named first, then the flags. */
static void put_open_flags(struct outbuf *ob, uint64_t val, bool is_signed)
{
	const char *mode = xlat_name(&xlat_open_access, val & O_ACCMODE);
	struct name_list nl;
	uint64_t rest = 0;

	flags_begin(&nl, ob, val, is_signed);
	if (mode)
		add_name(&nl, mode);
	else
		rest = val & O_ACCMODE;
	rest |= xlat_flags_names(&xlat_open_flags, val & ~(uint64_t)O_ACCMODE, add_name, &nl);
	flags_end(ob, rest);
}

static void put_mode(struct outbuf *ob, uint64_t mode)
{
	const char *type = xlat_name(&xlat_file_types, mode & S_IFMT);
	char perm[32];

	outbuf_puts(ob, "{\"raw\":");
	outbuf_u64(ob, mode);
	outbuf_puts(ob, ",\"type\":");
	json_put_cstr(ob, type);
	if (type)
		mode &= ~(uint64_t)S_IFMT;
	/* octal as chmod takes it, as the text shows it */
	snprintf(perm, sizeof(perm), "%#03llo", (unsigned long long)mode);
	outbuf_puts(ob, ",\"perm\":");
	json_put_cstr(ob, perm);
	outbuf_putc(ob, '}');
}

static void put_socket_type(struct outbuf *ob, uint64_t val, bool is_signed)
{
	const uint64_t flag_bits = SOCK_NONBLOCK | SOCK_CLOEXEC;
	const char *type = xlat_name(&xlat_socket_types, val & ~flag_bits);
	struct name_list nl;
	uint64_t rest = 0;

	flags_begin(&nl, ob, val, is_signed);
	if (type)
		add_name(&nl, type);
	else
		rest = val & ~flag_bits;
	if (val & flag_bits)
		rest |= xlat_flags_names(&xlat_socket_type_flags, val & flag_bits, add_name, &nl);
	flags_end(ob, rest);
}

/* The command, FUTEX_WAIT_PRIVATE spelt as one name as in the text, then the other flags. */
static void put_futex_op(struct outbuf *ob, uint64_t op, bool is_signed)
{
	const uint64_t flag_bits = FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME;
	const char *cmd = xlat_name(&xlat_futex_cmds, op & ~flag_bits);
	uint64_t flags = op & flag_bits, rest = 0;
	struct name_list nl;
	char name[64];

	flags_begin(&nl, ob, op, is_signed);
	if (cmd) {
		snprintf(name, sizeof(name), "%s%s", cmd,
			 flags & FUTEX_PRIVATE_FLAG ? "_PRIVATE" : "");
		flags &= ~(uint64_t)FUTEX_PRIVATE_FLAG;
		add_name(&nl, name);
	} else {
		rest = op & ~flag_bits;
	}
	if (flags)
		rest |= xlat_flags_names(&xlat_futex_flags, flags, add_name, &nl);
	flags_end(ob, rest);
}

/* clone()'s flags, and its low byte: the signal sent to the parent at the child's exit. */
static void put_clone_flags(struct outbuf *ob, uint64_t val, bool is_signed)
{
	uint64_t sig = val & CSIGNAL, rest;
	struct name_list nl;
	char name[32];

	flags_begin(&nl, ob, val, is_signed);
	rest = xlat_flags_names(&xlat_clone_flags, val & ~(uint64_t)CSIGNAL, add_name, &nl);
	if (sig && signal_named(sig)) {
		xlat_format_signal(name, sizeof(name), sig);
		add_name(&nl, name);
	} else {
		rest |= sig;
	}
	flags_end(ob, rest);
}

void value_printer_json(struct json_decoder *jd, const struct value_printer *vp, struct outbuf *ob,
			uint64_t val, bool is_signed)
{
	switch (vp->kind) {
	case VK_XLAT:
		put_xlat(ob, xlat_find(vp->table), val, is_signed);
		return;
	case VK_OPEN_FLAGS:
		put_open_flags(ob, val, is_signed);
		return;
	case VK_MODE:
		put_mode(ob, val);
		return;
	case VK_SIGNAL:
		put_signal(ob, val);
		return;
	case VK_SOCK_TYPE:
		put_socket_type(ob, val, is_signed);
		return;
	case VK_FUTEX_OP:
		put_futex_op(ob, val, is_signed);
		return;
	case VK_CLONE_FLAGS:
		put_clone_flags(ob, val, is_signed);
		return;
	case VK_DIRFD:
		if ((int)val == AT_FDCWD)
			json_put_cstr(ob, "AT_FDCWD");
		else
			outbuf_s64(ob, (int)val);
		return;
	case VK_FD:
		outbuf_s64(ob, (int)val);
		return;
	case VK_HEX:
		put_num(ob, val, is_signed);
		return;
	case VK_ADDRESS:
		if (val)
			json_put_hex(ob, val);
		else
			outbuf_puts(ob, "null");
		return;
	case VK_RLIMIT:
		if (val == ~0ULL)
			json_put_cstr(ob, "RLIM64_INFINITY");
		else
			outbuf_u64(ob, val);
		return;
	default:
		break;
	}
	/* a kind without a JSON form of its own: the number, and the text the table gives */
	outbuf_reset(&jd->scratch);
	if (value_printer_format(vp, &jd->scratch, val, XLAT_STYLE_ABBREV)) {
		put_num(ob, val, is_signed);
		return;
	}
	outbuf_puts(ob, "{\"raw\":");
	put_num(ob, val, is_signed);
	outbuf_puts(ob, ",\"text\":");
	json_put_str(ob, jd->scratch.data, jd->scratch.len);
	outbuf_putc(ob, '}');
}

/* ---------------------------------------------------------------- structs */

/* Members with a printer of their own: st_mode, sa_flags, pollfd's events... */
static bool member_hook(void *ctx, struct outbuf *ob, const struct btf *btf, __u32 parent_id,
			const char *member_name, __u32 member_type_id, const void *data, size_t len)
{
	struct json_decoder *jd = ctx;
	const struct value_printer *vp = decode_member_slot(jd->d, btf, parent_id, member_name)->vp;
	const struct btf_type *mt;
	bool is_signed;
	__u64 v = 0;

	if (!vp)
		return false;
	mt = btf__type_by_id(btf, types__skip_mods(btf, member_type_id));
	if (!mt || !(btf_is_int(mt) || btf_is_enum(mt)) || mt->size > 8 || len < mt->size)
		return false;
	memcpy(&v, data, mt->size);
	is_signed = btf_is_int(mt) && (btf_int_encoding(mt) & BTF_INT_SIGNED);
	if (is_signed)
		v = decode_narrow_signed(v, mt->size);
	value_printer_json(jd, vp, ob, v, is_signed);
	return true;
}

static void put_struct(struct json_decoder *jd, struct outbuf *ob, const struct beauty_arg *ba,
		       const struct bt_capture *cap)
{
	const struct decoder *d = jd->d;
	const struct btf *btf = d->types ? d->types->btf : NULL;
	long size;

	if (!btf || d->opts.no_btf || !ba->print_type_id) {
		json_put_bytes_obj(ob, decode_cap_data(cap), cap->len, cap->want,
				   decode_cap_cut(cap));
		return;
	}
	size = btf__resolve_size(btf, ba->print_type_id);
	/* an array of structs when the rule read more than one, as decode.c decides */
	if (size > 0 &&
	    (cap->len >= 2 * size || ba->elem_count_arg >= 0 || (cap->want && cap->want != size))) {
		size_t n = cap->len / size;

		outbuf_putc(ob, '[');
		for (size_t k = 0; k < n; k++) {
			if (k)
				outbuf_putc(ob, ',');
			btf_print_value(ob, btf, ba->print_type_id,
					(const char *)decode_cap_data(cap) + k * size, size,
					&jd->po);
		}
		if (decode_cap_cut(cap))
			outbuf_puts(ob, n ? ",\"...\"" : "\"...\"");
		outbuf_putc(ob, ']');
		return;
	}
	if (btf_print_value(ob, btf, ba->print_type_id, decode_cap_data(cap), cap->len, &jd->po))
		outbuf_puts(ob, "null");
}

/* ---------------------------------------------------------------- arguments */

/* The argument as its C type holds it: the register narrowed, sign-extended when signed. */
static uint64_t arg_value(const struct beauty_arg *ba, __u64 v)
{
	__u32 size = ba->type.value_size ? ba->type.value_size : 8;

	if (ba->type.ptr_depth > 0)
		return v;
	return ba->type.is_signed ? (__u64)decode_narrow_signed(v, size)
				  : decode_narrow_unsigned(v, size);
}

static bool arg_signed(const struct beauty_arg *ba)
{
	return ba->type.ptr_depth == 0 && ba->type.is_signed;
}

/* The decoded value of one argument from its capture, as decode.c's print_arg chooses. */
/*
 * execve's argv: {"strings": [{"str": ...}, ...], "count": N, "truncated": b};
 * a counted envp: {"count": N, "truncated": b}.
 */
static void put_strv(const struct decoder *d, struct outbuf *ob, int nr, int i,
		     const struct bt_capture *cap)
{
	const char *p = decode_cap_data(cap), *end = p + cap->len;
	const struct bt_str_part *part;
	bool first = true;

	outbuf_putc(ob, '{');
	if (d->beauty->rules[nr].enter[i].kind != BT_KIND_STRV_COUNT) {
		outbuf_puts(ob, "\"strings\":[");
		while ((part = decode_next_str_part(&p, end))) {
			const char *str = (const char *)(part + 1);

			if (!first)
				outbuf_putc(ob, ',');
			first = false;
			if (part->flags & BT_CAP_FAULT)
				outbuf_puts(ob, "null");
			else
				json_put_string_obj(ob, str, part->len,
						    part->flags & BT_CAP_TRUNCATED);
		}
		outbuf_puts(ob, "],");
	}
	outbuf_printf(ob, "\"count\":%u,\"truncated\":%s}", cap->want,
		      cap->flags & BT_CAP_TRUNCATED ? "true" : "false");
}

/* readv/writev: [{"iov_base": {bytes}, "iov_len": N}, ...] (iov_base null when unreadable). */
static void put_iovec(struct outbuf *ob, const struct bt_capture *cap)
{
	const char *p = decode_cap_data(cap), *end = p + cap->len;
	const struct bt_iov_part *part;
	bool first = true;

	outbuf_putc(ob, '[');
	while ((part = decode_next_iov_part(&p, end))) {
		const char *data = (const char *)(part + 1);

		if (!first)
			outbuf_putc(ob, ',');
		first = false;
		outbuf_puts(ob, "{\"iov_base\":");
		if (part->flags & BT_CAP_FAULT)
			outbuf_puts(ob, "null");
		else
			json_put_bytes_obj(ob, data, part->got, -1, part->flags & BT_CAP_TRUNCATED);
		outbuf_printf(ob, ",\"iov_len\":%llu}", (unsigned long long)part->len);
	}
	outbuf_putc(ob, ']');
}

/* An argument's value from its capture, len of its bytes shown (more: there were more). */
static void put_arg_value_len(struct json_decoder *jd, struct outbuf *ob, int nr, int i,
			      const struct beauty_arg *ba, __u64 v, const struct bt_capture *cap,
			      size_t len, bool more)
{
	const struct decoder *d = jd->d;
	const struct value_printer *vp = d->printers[nr][i];

	if (ba->role == ROLE_VALUE || (ba->type.ptr_depth == 0 && !cap)) {
		if (vp && !d->opts.no_btf)
			value_printer_json(jd, vp, ob, arg_value(ba, v), arg_signed(ba));
		else
			put_num(ob, arg_value(ba, v), arg_signed(ba));
		return;
	}
	if (!cap || (cap->flags & BT_CAP_FAULT)) {
		outbuf_puts(ob, "null");
		return;
	}
	if (ba->role == ROLE_STRV) {
		put_strv(d, ob, nr, i, cap);
		return;
	}
	if (ba->role == ROLE_IOVEC) {
		put_iovec(ob, cap);
		return;
	}
	if (d->hand[nr][i] && !d->opts.no_btf) {
		/* layouts BTF cannot give: the hand decoder's text, and the bytes it read */
		outbuf_reset(&jd->scratch);
		d->hand[nr][i](d, &jd->scratch, decode_cap_data(cap), len, more);
		outbuf_puts(ob, "{\"text\":");
		json_put_str(ob, jd->scratch.data, jd->scratch.len);
		outbuf_puts(ob, ",\"bytes\":");
		json_put_bytes_obj(ob, decode_cap_data(cap), len, len < cap->len ? len : cap->want,
				   more);
		outbuf_putc(ob, '}');
		return;
	}
	switch (ba->role) {
	case ROLE_STRING:
		json_put_string_obj(ob, decode_cap_data(cap), cap->len,
				    cap->flags & BT_CAP_TRUNCATED);
		break;
	case ROLE_BUFFER:
		json_put_bytes_obj(ob, decode_cap_data(cap), len, len < cap->len ? len : cap->want,
				   more);
		break;
	case ROLE_STRUCT:
		put_struct(jd, ob, ba, cap);
		break;
	default:
		outbuf_puts(ob, "null");
		break;
	}
}

static void put_arg_value(struct json_decoder *jd, struct outbuf *ob, int nr, int i,
			  const struct beauty_arg *ba, __u64 v, const struct bt_capture *cap)
{
	put_arg_value_len(jd, ob, nr, i, ba, v, cap, cap ? cap->len : 0,
			  cap && decode_cap_cut(cap));
}

/*
 * What a struct user_msghdr points to (sendmsg's at enter, recvmsg's at
 * exit): "msg_parts":{"name":{"text":...,"bytes":...},"iov":[...],
 * "control":{bytes}}, each null when it was not read.
 */
static void put_msghdr_parts(struct json_decoder *jd, struct outbuf *ob, int nr, int i,
			     const struct bt_enter_rec *enter, const struct bt_exit_rec *exit)
{
	const struct bt_syscall_rules *rules = &jd->d->beauty->rules[nr];
	const struct bt_rec_hdr *parts;
	const struct bt_capture *name, *iov, *control;

	if (rules->enter[i].kind != BT_KIND_MSGHDR && rules->exit[i].kind != BT_KIND_MSGHDR)
		return;
	parts = decode_msghdr_parts(jd->d, nr, i, enter, exit);
	name = parts ? record_capture(parts, i + BT_CAP_INNER_NAME) : NULL;
	iov = parts ? record_capture(parts, i + BT_CAP_INNER_IOV) : NULL;
	control = parts ? record_capture(parts, i + BT_CAP_INNER_CONTROL) : NULL;
	outbuf_puts(ob, ",\"msg_parts\":{\"name\":");
	if (name && !(name->flags & BT_CAP_FAULT)) {
		outbuf_reset(&jd->scratch);
		hand_print_sockaddr(jd->d, &jd->scratch, decode_cap_data(name), name->len,
				    decode_cap_cut(name));
		outbuf_puts(ob, "{\"text\":");
		json_put_str(ob, jd->scratch.data, jd->scratch.len);
		outbuf_puts(ob, ",\"bytes\":");
		json_put_bytes_obj(ob, decode_cap_data(name), name->len, name->want,
				   decode_cap_cut(name));
		outbuf_putc(ob, '}');
	} else {
		outbuf_puts(ob, "null");
	}
	outbuf_puts(ob, ",\"iov\":");
	if (iov && !(iov->flags & BT_CAP_FAULT))
		put_iovec(ob, iov);
	else
		outbuf_puts(ob, "null");
	outbuf_puts(ob, ",\"control\":");
	if (control && !(control->flags & BT_CAP_FAULT))
		json_put_bytes_obj(ob, decode_cap_data(control), control->len, control->want,
				   decode_cap_cut(control));
	else
		outbuf_puts(ob, "null");
	outbuf_putc(ob, '}');
}

/*
 * One argument: {"name":...,"type":...,"raw":...,"value":...}, or with map
 * "name":value, the value alone under the argument's name ("argN" when the
 * arguments are unknown).
 */
static void put_arg(struct json_decoder *jd, struct outbuf *ob, int nr, int i,
		    const struct bt_enter_rec *enter, const struct bt_exit_rec *exit, bool map)
{
	const struct decoder *d = jd->d;
	const struct syscall_desc *desc = catalog__by_nr(d->cat, nr);
	const struct bt_capture *in, *out = NULL, *cap;
	const struct beauty_arg *ba;
	__u64 v = syscall_desc__arg_value(desc, enter->args, i);
	char key[16];
	bool output;

	if (!desc || !desc->has_format || nr < 0 || nr >= BT_MAX_SYSCALLS) {
		/* arguments unknown: six registers, as they are */
		if (map) {
			snprintf(key, sizeof(key), "arg%d", i);
			json_put_key(ob, key);
		} else {
			outbuf_puts(ob, "{\"name\":null,\"type\":null,\"raw\":");
			outbuf_u64(ob, v);
			outbuf_puts(ob, ",\"value\":");
		}
		outbuf_u64(ob, v);
		if (!map)
			outbuf_putc(ob, '}');
		return;
	}
	ba = &d->beauty->calls[nr].args[i];
	if (map) {
		json_put_key(ob, desc->args[i].name);
	} else {
		outbuf_puts(ob, "{\"name\":");
		json_put_cstr(ob, desc->args[i].name);
		outbuf_puts(ob, ",\"type\":");
		json_put_cstr(ob, desc->args[i].type);
		outbuf_puts(ob, ",\"raw\":");
		put_num(ob, arg_value(ba, v), arg_signed(ba));
		if (ba->type.ptr_depth > 0) {
			outbuf_puts(ob, ",\"hex\":");
			json_put_hex(ob, v);
		}
		outbuf_puts(ob, ",\"value\":");
	}
	if (d->opts.no_btf) {
		put_num(ob, arg_value(ba, v), arg_signed(ba));
		if (!map)
			outbuf_putc(ob, '}');
		return;
	}
	decode_call_captures(d, nr, i, enter, exit, &in, &out);
	output = decode_is_output_arg(&d->beauty->rules[nr], i);
	cap = output ? out : in;
	if (output && out) {
		bool more;
		size_t len = decode_written_len(d, nr, i, enter, exit, out, &more);

		put_arg_value_len(jd, ob, nr, i, ba, v, cap, len, more);
	} else {
		put_arg_value(jd, ob, nr, i, ba, v, cap);
	}
	if (map)
		return;
	if (!output && in && out && !decode_captures_equal(in, out)) {
		outbuf_puts(ob, ",\"value_out\":");
		put_arg_value(jd, ob, nr, i, ba, v, out);
	}
	if (cap && (cap->flags & BT_CAP_FAULT) && v && ba->role != ROLE_VALUE)
		outbuf_puts(ob, ",\"fault\":true");
	if (decode_arg_dropped(d, nr, i, enter, exit))
		outbuf_puts(ob, ",\"dropped\":true");
	put_msghdr_parts(jd, ob, nr, i, enter, exit);
	/* -y: what an fd argument refers to */
	if (d->fds && ba->role == ROLE_VALUE) {
		const char *path = decode_fd_arg_path(d, &enter->hdr, nr, i, v);

		if (path) {
			outbuf_puts(ob, ",\"path\":");
			json_put_cstr(ob, path);
		}
	}
	outbuf_putc(ob, '}');
}

static void put_args(struct json_decoder *jd, struct outbuf *ob, const struct call *call, bool map)
{
	const struct bt_enter_rec *enter = call->enter;
	int nr, last;

	if (!enter || call->state == CALL_EVENT) {
		outbuf_puts(ob, "null");
		return;
	}
	nr = enter->hdr.nr;
	last = decode_nargs(jd->d, nr);
	if (call->state == CALL_UNFINISHED)
		last = decode_first_output_arg(jd->d, nr, last);
	outbuf_putc(ob, map ? '{' : '[');
	for (int i = 0; i < last; i++) {
		/* an i386 call's 64-bit value is one argument, shown whole */
		if (syscall_desc__arg_hidden(catalog__by_nr(jd->d->cat, nr), i))
			continue;
		if (i)
			outbuf_putc(ob, ',');
		put_arg(jd, ob, nr, i, enter, call->exit, map);
	}
	outbuf_putc(ob, map ? '}' : ']');
}

void json_decode_args(struct json_decoder *jd, struct outbuf *ob, const struct call *call)
{
	put_args(jd, ob, call, false);
}

void json_decode_arg_map(struct json_decoder *jd, struct outbuf *ob, const struct call *call)
{
	put_args(jd, ob, call, true);
}

/* ---------------------------------------------------------------- return values and events */

static void put_errno(struct outbuf *ob, int err, const char *text)
{
	outbuf_puts(ob, ",\"errno\":");
	json_put_cstr(ob, xlat_errno_name(err));
	outbuf_puts(ob, ",\"errno_num\":");
	outbuf_s64(ob, err);
	outbuf_puts(ob, ",\"error\":");
	json_put_cstr(ob, text);
}

void json_decode_return(struct json_decoder *jd, struct outbuf *ob, const struct bt_exit_rec *exit)
{
	const char *restart;

	if (!exit)
		return;
	restart = decode_restart_reason(exit->ret);
	if (restart) {
		/* never seen by the program: the kernel restarts the call or returns EINTR */
		outbuf_puts(ob, ",\"ret\":null");
		put_errno(ob, (int)-exit->ret, restart);
		return;
	}
	if (decode_is_error(exit->ret)) {
		outbuf_puts(ob, ",\"ret\":-1");
		put_errno(ob, (int)-exit->ret, strerror((int)-exit->ret));
		return;
	}
	outbuf_puts(ob, ",\"ret\":");
	outbuf_s64(ob, exit->ret);
	if (decode_returns_address(jd->d, exit->hdr.nr)) {
		outbuf_puts(ob, ",\"ret_hex\":");
		json_put_hex(ob, exit->ret);
	}
}

static void put_member_num(struct outbuf *ob, const char *key, long long v)
{
	outbuf_putc(ob, ',');
	json_put_key(ob, key);
	outbuf_s64(ob, v);
}

static void put_member_addr(struct outbuf *ob, const char *key, const void *p)
{
	outbuf_putc(ob, ',');
	json_put_key(ob, key);
	if (p)
		json_put_hex(ob, (uintptr_t)p);
	else
		outbuf_puts(ob, "null");
}

/* The members decode.c's decode_siginfo shows, chosen by si_code and the signal as it does. */
static void put_siginfo(struct outbuf *ob, const struct bt_signal_rec *rec)
{
	const struct xlat *codes;
	siginfo_t si;
	int sig = rec->sig;

	memset(&si, 0, sizeof(si));
	memcpy(&si, rec->info, sizeof(rec->info));
	codes = xlat_find(decode_si_code_table(sig, si.si_code));
	outbuf_puts(ob, "{\"si_signo\":");
	put_signal(ob, (uint64_t)(int64_t)si.si_signo);
	outbuf_puts(ob, ",\"si_code\":");
	put_const(ob, codes, (uint64_t)(int64_t)si.si_code, true);
	if (si.si_errno)
		put_member_num(ob, "si_errno", si.si_errno);
	if (si.si_code == SI_USER || si.si_code == SI_TKILL || si.si_code == SI_QUEUE ||
	    si.si_code == SI_MESGQ) {
		put_member_num(ob, "si_pid", si.si_pid);
		put_member_num(ob, "si_uid", si.si_uid);
		if (si.si_code == SI_QUEUE || si.si_code == SI_MESGQ)
			put_member_num(ob, "si_int", si.si_int);
	} else if (si.si_code == SI_TIMER) {
		put_member_num(ob, "si_timerid", si.si_timerid);
		put_member_num(ob, "si_overrun", si.si_overrun);
	} else if (si.si_code > 0 && si.si_code != SI_KERNEL) {
		switch (sig) {
		case SIGCHLD:
			put_member_num(ob, "si_pid", si.si_pid);
			put_member_num(ob, "si_uid", si.si_uid);
			outbuf_puts(ob, ",\"si_status\":");
			if (si.si_code == CLD_EXITED)
				outbuf_s64(ob, si.si_status);
			else
				put_signal(ob, (uint64_t)(int64_t)si.si_status);
			put_member_num(ob, "si_utime", si.si_utime);
			put_member_num(ob, "si_stime", si.si_stime);
			break;
		case SIGILL:
		case SIGFPE:
		case SIGSEGV:
		case SIGBUS:
		case SIGTRAP:
			put_member_addr(ob, "si_addr", si.si_addr);
			break;
		case SIGIO:
			put_member_num(ob, "si_band", si.si_band);
			put_member_num(ob, "si_fd", si.si_fd);
			break;
		case SIGSYS:
			put_member_addr(ob, "si_call_addr", si.si_call_addr);
			put_member_num(ob, "si_syscall", si.si_syscall);
			put_member_num(ob, "si_arch", si.si_arch);
			break;
		}
	}
	outbuf_putc(ob, '}');
}

void json_decode_event(struct json_decoder *jd, struct outbuf *ob, const struct bt_rec_hdr *hdr)
{
	if (hdr->type == BT_REC_SIGNAL) {
		const struct bt_signal_rec *rec = (const void *)hdr;

		outbuf_puts(ob, ",\"signal\":");
		put_signal(ob, (uint64_t)(int64_t)rec->sig);
		put_member_num(ob, "signo", rec->sig);
		outbuf_puts(ob, ",\"siginfo\":");
		put_siginfo(ob, rec);
	} else if (hdr->type == BT_REC_TASK_EXIT) {
		const struct bt_task_exit_rec *rec = (const void *)hdr;
		int code = rec->exit_code;

		if (WIFSIGNALED(code)) {
			outbuf_puts(ob, ",\"status\":null,\"killed_by\":");
			put_signal(ob, WTERMSIG(code));
			outbuf_puts(ob, WCOREDUMP(code) ? ",\"core_dumped\":true"
							: ",\"core_dumped\":false");
		} else {
			put_member_num(ob, "status", WEXITSTATUS(code));
			outbuf_puts(ob, ",\"killed_by\":null,\"core_dumped\":false");
		}
		outbuf_puts(ob, rec->group_dead ? ",\"group_dead\":true" : ",\"group_dead\":false");
	} else if (hdr->type == BT_REC_EXEC) {
		const struct bt_exec_rec *rec = (const void *)hdr;

		put_member_num(ob, "old_tid", rec->old_tid);
	} else if (hdr->type == BT_REC_LOST) {
		const struct bt_lost *lost = &((const struct bt_lost_rec *)hdr)->lost;

		put_member_num(ob, "calls", lost->enters);
		put_member_num(ob, "returns", lost->exits);
		put_member_num(ob, "events", lost->events);
		outbuf_puts(ob, ",\"cause\":\"ring buffer full\"");
	}
}

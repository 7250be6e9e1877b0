// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON writer: a decoded call as the members of a JSON call object (docs/json.md). It
 * shows everything captured: no -s, no abbreviation; -X and the text's syntax (comments,
 * htons(), brackets around a pointed-to value) do not apply. Every output is valid JSON,
 * whatever the walk asks: a slot left empty is null, a second value in a slot is dropped.
 */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "base/json.h"
#include "base/writer.h"

enum frame_kind {
	J_ARG,	     /* an argument's value: one value */
	J_SLOT,	     /* one value: a return value's note, a siginfo, a [deref] */
	J_OBJ,	     /* {"key":value,...} */
	J_FN,	     /* an object once a key comes; or, transparent, the one value it holds */
	J_ARR,	     /* [value,...] */
	J_NOT_SET,   /* {"not":[value,...]} */
	J_INOUT_ARG, /* an argument's value and value_out */
	J_INOUT,     /* {"in":value,"out":value} */
	J_DROP,	     /* a value that has no place: written, then taken back */
};

static struct json_writer *jw_of(struct writer *w)
{
	return (struct json_writer *)w;
}

static struct wr_frame *top(struct writer *w)
{
	return w->depth > 0 && w->depth <= WR_MAX_NEST ? &w->stack[w->depth - 1] : NULL;
}

static struct wr_frame *push(struct writer *w, enum frame_kind kind, int style)
{
	struct wr_frame *f;

	if (w->depth >= WR_MAX_NEST) {
		w->depth++;
		return NULL;
	}
	f = &w->stack[w->depth++];
	f->kind = kind;
	f->style = style;
	f->first = true;
	f->key_pending = false;
	f->transparent = false;
	f->mark = w->ob->len;
	return f;
}

static void pop(struct writer *w)
{
	if (w->depth)
		w->depth--;
}

/* A key where a value came without one, so that the object stays an object. */
static void put_orphan_key(struct writer *w, struct wr_frame *f)
{
	if (!f->first)
		outbuf_putc(w->ob, ',');
	f->first = false;
	json_put_key(w->ob, "?");
}

/*
 * Makes room for a value in the frame on top: a comma in an array, nothing after a key or in
 * an empty slot. False when the slot is full: the caller writes nothing.
 */
static bool value_begin(struct writer *w)
{
	struct wr_frame *f = top(w);

	if (!f)
		return w->depth == 0;
	switch (f->kind) {
	case J_ARR:
	case J_NOT_SET:
		if (!f->first)
			outbuf_putc(w->ob, ',');
		f->first = false;
		return true;
	case J_OBJ:
		if (f->key_pending)
			f->key_pending = false;
		else
			put_orphan_key(w, f);
		return true;
	case J_FN:
		if (f->key_pending) {
			f->key_pending = false;
			return true;
		}
		if (f->first) {
			f->transparent = true;
			f->first = false;
			return true;
		}
		if (!f->transparent) {
			put_orphan_key(w, f);
			return true;
		}
		return false;
	case J_DROP:
		return true;
	default: /* a slot */
		if (!f->first)
			return false;
		f->first = false;
		return true;
	}
}

/* A container whose value_begin failed: what it holds is written, then dropped at its end. */
static void push_container(struct writer *w, bool placed, enum frame_kind kind, int style)
{
	push(w, placed ? kind : J_DROP, style);
}

/* Ends the container on top: false when it was dropped (and taken back). */
static bool end_container(struct writer *w)
{
	struct wr_frame *f = top(w);

	if (f && f->kind == J_DROP) {
		outbuf_truncate(w->ob, f->mark);
		pop(w);
		return false;
	}
	return true;
}

/*
 * The argument whose own value the next value is: the top frame, or the argument under the
 * [deref]s that pass a value on (each still empty). NULL when the value goes elsewhere.
 */
static struct wr_frame *arg_slot(struct writer *w)
{
	bool through_deref = false;

	for (int i = w->depth - 1; i >= 0 && i < WR_MAX_NEST; i--) {
		struct wr_frame *f = &w->stack[i];

		if (f->kind == J_SLOT && f->style == 1 && f->first) {
			through_deref = true;
			continue;
		}
		if (f->kind == J_ARG && (through_deref || f->first))
			return f;
		return NULL;
	}
	return NULL;
}

static void put_signed_or_not(struct outbuf *ob, uint64_t v, bool is_signed)
{
	if (is_signed)
		outbuf_s64(ob, (int64_t)v);
	else
		outbuf_u64(ob, v);
}

/* ---------------------------------------------------------------- calls */

static void jw_call_begin(struct writer *w, const struct wr_call *c)
{
	struct json_writer *jw = jw_of(w);

	writer__reset(w);
	jw->args_null = !c->args_known;
	outbuf_puts(w->ob, ",\"args\":");
	if (jw->args_null)
		outbuf_puts(w->ob, "null");
	else
		outbuf_putc(w->ob, jw->o.arg_map ? '{' : '[');
	jw->arg_first = true;
}

/* ,"<prefix>key": */
static void put_member(struct outbuf *ob, const char *prefix, const char *key)
{
	outbuf_putc(ob, ',');
	outbuf_putc(ob, '"');
	outbuf_puts(ob, prefix);
	outbuf_puts(ob, key);
	outbuf_puts(ob, "\":");
}

/* -yy's socket as an object of what the socket diagnostics said. */
static void put_socket(struct outbuf *ob, const struct wr_socket *s)
{
	outbuf_puts(ob, "{\"proto\":");
	json_put_cstr(ob, s->proto);
	outbuf_puts(ob, ",\"inode\":");
	outbuf_u64(ob, s->inode);
	switch (s->kind) {
	case WR_SOCK_BARE:
		break;
	case WR_SOCK_INET:
		outbuf_puts(ob, ",\"src\":");
		json_put_cstr(ob, s->src);
		outbuf_printf(ob, ",\"sport\":%u", s->sport);
		if (s->connected) {
			outbuf_puts(ob, ",\"dst\":");
			json_put_cstr(ob, s->dst);
			outbuf_printf(ob, ",\"dport\":%u", s->dport);
		}
		break;
	case WR_SOCK_UNIX:
		if (s->peer)
			outbuf_printf(ob, ",\"peer\":%u", s->peer);
		if (s->path_len) {
			bool abstract = s->path[0] == '\0';
			const char *p = s->path + abstract;

			outbuf_puts(ob, ",\"name\":");
			json_put_str(ob, p, strnlen(p, s->path_len - abstract));
			outbuf_puts(ob, abstract ? ",\"abstract\":true" : ",\"abstract\":false");
		}
		break;
	case WR_SOCK_NETLINK:
		outbuf_puts(ob, ",\"netlink\":");
		if (s->nl_proto)
			json_put_cstr(ob, s->nl_proto);
		else
			outbuf_u64(ob, s->nl_protocol);
		if (s->nl_proto)
			outbuf_printf(ob, ",\"portid\":%u", s->portid);
		break;
	}
	outbuf_putc(ob, '}');
}

/*
 * What -y and -yy say of an fd, as members of the object it is in (an argument's, the call's
 * with prefix "ret_", or the fd's own): "path", "socket", "device", "pidfd_pid",
 * "signalfd_mask", "eventfd".
 */
static void put_fd_info(struct outbuf *ob, const char *prefix, const struct wr_fd_info *fi)
{
	switch (fi->kind) {
	case WR_FD_NONE:
		return;
	case WR_FD_PATH:
	case WR_FD_DEVICE:
		if (fi->path) {
			put_member(ob, prefix, "path");
			json_put_cstr(ob, fi->path);
		}
		if (fi->kind == WR_FD_DEVICE) {
			put_member(ob, prefix, "device");
			outbuf_printf(ob, "{\"type\":\"%s\",\"major\":%u,\"minor\":%u}",
				      fi->dev.block ? "block" : "char", fi->dev.major,
				      fi->dev.minor);
		}
		return;
	case WR_FD_SOCKET:
		put_member(ob, prefix, "socket");
		put_socket(ob, &fi->sock);
		return;
	case WR_FD_PIDFD:
		put_member(ob, prefix, "pidfd_pid");
		outbuf_s64(ob, fi->pid);
		return;
	case WR_FD_SIGNALFD:
		put_member(ob, prefix, "signalfd_mask");
		json_put_cstr(ob, fi->sigmask);
		return;
	case WR_FD_EVENTFD:
		put_member(ob, prefix, "eventfd");
		outbuf_printf(ob, "{\"count\":%llu", strtoull(fi->efd.count, NULL, 16));
		if (fi->efd.id >= 0)
			outbuf_printf(ob, ",\"id\":%d", fi->efd.id);
		if (fi->efd.semaphore >= 0)
			outbuf_printf(ob, ",\"semaphore\":%d", fi->efd.semaphore);
		outbuf_putc(ob, '}');
		return;
	}
}

static void jw_arg_begin(struct writer *w, const struct wr_arg *a)
{
	struct json_writer *jw = jw_of(w);
	struct outbuf *ob = w->ob;
	char key[16];

	writer__reset(w);
	jw->arg_mark = ob->len;
	jw->arg_was_first = jw->arg_first;
	jw->has_fd_info = false;
	jw->arg_fault = false;
	jw->arg_dropped = a->dropped;
	jw->arg_raw = a->raw;
	jw->arg_raw_signed = a->is_signed;
	if (!jw->arg_first)
		outbuf_putc(ob, ',');
	jw->arg_first = false;
	if (jw->o.arg_map) {
		if (!a->name)
			snprintf(key, sizeof(key), "arg%d", jw->arg_index);
		json_put_key(ob, a->name ? a->name : key);
	} else {
		outbuf_puts(ob, "{\"name\":");
		json_put_cstr(ob, a->name);
		outbuf_puts(ob, ",\"type\":");
		json_put_cstr(ob, a->type);
		outbuf_puts(ob, ",\"raw\":");
		put_signed_or_not(ob, a->raw, a->is_signed);
		if (a->is_pointer) {
			outbuf_puts(ob, ",\"hex\":");
			json_put_hex(ob, a->raw);
		}
		outbuf_puts(ob, ",\"value\":");
	}
	jw->arg_index++;
	push(w, J_ARG, 0);
}

static void jw_arg_end(struct writer *w)
{
	struct json_writer *jw = jw_of(w);
	struct outbuf *ob = w->ob;

	while (w->depth > 1)
		pop(w); /* containers the walk left open: their brackets are lost, keep the line */
	if (top(w) && top(w)->first)
		outbuf_puts(ob, "null");
	writer__reset(w);
	if (jw->o.arg_map)
		return;
	if (jw->arg_fault)
		outbuf_puts(ob, ",\"fault\":true");
	if (jw->arg_dropped)
		outbuf_puts(ob, ",\"dropped\":true");
	if (jw->has_fd_info)
		put_fd_info(ob, "", &jw->fd_info);
	outbuf_putc(ob, '}');
}

static void jw_arg_cancel(struct writer *w)
{
	struct json_writer *jw = jw_of(w);

	outbuf_truncate(w->ob, jw->arg_mark);
	jw->arg_first = jw->arg_was_first;
	jw->arg_index--;
	writer__reset(w);
}

static void jw_call_end(struct writer *w, bool args_left)
{
	struct json_writer *jw = jw_of(w);

	writer__reset(w);
	if (!jw->args_null)
		outbuf_putc(w->ob, jw->o.arg_map ? '}' : ']');
	jw->arg_index = 0;
}

static void put_errno(struct outbuf *ob, const struct wr_ret *r)
{
	outbuf_puts(ob, ",\"errno\":");
	json_put_cstr(ob, r->errname);
	outbuf_puts(ob, ",\"errno_num\":");
	outbuf_s64(ob, r->err);
	outbuf_puts(ob, ",\"error\":");
	json_put_cstr(ob, r->errtext);
}

static void jw_ret(struct writer *w, const struct wr_ret *r)
{
	struct outbuf *ob = w->ob;

	writer__reset(w);
	switch (r->kind) {
	case WR_RET_NONE:
		return;
	case WR_RET_VALUE:
		outbuf_puts(ob, ",\"ret\":");
		outbuf_s64(ob, r->value);
		if (r->fmt == WR_HEX) {
			outbuf_puts(ob, ",\"ret_hex\":");
			json_put_hex(ob, r->value);
		}
		if (r->fd)
			put_fd_info(ob, "ret_", r->fd);
		return;
	case WR_RET_ERROR:
		outbuf_puts(ob, ",\"ret\":");
		outbuf_s64(ob, r->error_value ? r->value : -1);
		put_errno(ob, r);
		return;
	case WR_RET_RESTART:
		/* never seen by the program: the kernel restarts the call or returns EINTR */
		outbuf_puts(ob, ",\"ret\":null");
		put_errno(ob, r);
		return;
	}
}

static void end_slot(struct writer *w)
{
	struct wr_frame *f = top(w);

	if (f && f->first)
		outbuf_puts(w->ob, "null");
	pop(w);
}

static void jw_ret_note_begin(struct writer *w)
{
	outbuf_puts(w->ob, ",\"ret_note\":");
	push(w, J_SLOT, 0);
}

static void jw_ret_note_end(struct writer *w)
{
	end_slot(w);
}

static void jw_signal_begin(struct writer *w, const char *name, int signo)
{
	struct outbuf *ob = w->ob;

	writer__reset(w);
	outbuf_puts(ob, ",\"signal\":");
	if (!strncmp(name, "SIG", 3))
		json_put_cstr(ob, name);
	else
		outbuf_s64(ob, signo);
	outbuf_puts(ob, ",\"signo\":");
	outbuf_s64(ob, signo);
	outbuf_puts(ob, ",\"siginfo\":");
	push(w, J_SLOT, 0);
}

static void jw_signal_end(struct writer *w)
{
	end_slot(w);
}

/* ---------------------------------------------------------------- values */

static void jw_num(struct writer *w, uint64_t v, enum wr_num fmt)
{
	struct json_writer *jw = jw_of(w);
	struct wr_frame *f = top(w);

	if (fmt == WR_REG && f && f->kind == J_ARG && f->first) {
		/* an argument's register: its value is its raw, the register as its type has it */
		v = jw->arg_raw;
		fmt = jw->arg_raw_signed ? WR_DEC : WR_UDEC;
	}
	if (!value_begin(w))
		return;
	put_signed_or_not(w->ob, v, fmt == WR_DEC || fmt == WR_AUTO);
}

static void jw_num_text(struct writer *w, uint64_t v, enum wr_num fmt, const char *text)
{
	jw_num(w, v, fmt);
}

static void jw_ptr(struct writer *w, uint64_t addr)
{
	if (!value_begin(w))
		return;
	if (addr)
		json_put_hex(w->ob, addr);
	else
		outbuf_puts(w->ob, "null");
}

static void jw_unread(struct writer *w, uint64_t addr, bool faulted)
{
	struct wr_frame *f = top(w);

	if (faulted && addr && f && f->kind == J_ARG && f->first)
		jw_of(w)->arg_fault = true;
	if (value_begin(w))
		outbuf_puts(w->ob, "null");
}

static void jw_name(struct writer *w, const char *name, const char *text_name)
{
	if (value_begin(w))
		json_put_cstr(w->ob, name);
}

static void jw_konst(struct writer *w, uint64_t v, enum wr_num fmt, const char *name,
		     const char *unknown)
{
	if (!value_begin(w))
		return;
	if (name)
		json_put_cstr(w->ob, name);
	else
		put_signed_or_not(w->ob, v, fmt == WR_DEC || fmt == WR_AUTO);
}

static void jw_flags_begin(struct writer *w, uint64_t raw, enum wr_num raw_fmt)
{
	struct outbuf *ob = w->ob;
	bool placed = value_begin(w);

	push_container(w, placed, J_ARR, 0);
	outbuf_puts(ob, "{\"raw\":");
	/* an int's flags that arrive sign-extended read as the int they were */
	put_signed_or_not(ob, raw, (raw >> 31) == 0x1ffffffffULL);
	outbuf_puts(ob, ",\"names\":[");
}

static void jw_flag(struct writer *w, const char *name)
{
	struct wr_frame *f = top(w);

	if (f && !f->first)
		outbuf_putc(w->ob, ',');
	if (f)
		f->first = false;
	json_put_cstr(w->ob, name);
}

/* the bits count in the rest flags_end is given */
static void jw_flag_bits(struct writer *w, uint64_t bits, const char *label)
{
}

static void jw_flags_end(struct writer *w, uint64_t rest, enum wr_num rest_fmt,
			 const char *rest_label)
{
	outbuf_puts(w->ob, "],\"rest\":");
	outbuf_u64(w->ob, rest);
	outbuf_putc(w->ob, '}');
	if (end_container(w))
		pop(w);
}

static void jw_boolean(struct writer *w, bool v)
{
	if (value_begin(w))
		outbuf_puts(w->ob, v ? "true" : "false");
}

static void jw_real(struct writer *w, double v, int digits)
{
	if (!value_begin(w))
		return;
	/* JSON has no inf or nan, and takes as many digits as give the value back */
	if (!isfinite(v))
		outbuf_puts(w->ob, "null");
	else
		outbuf_printf(w->ob, "%.*g", digits, v);
}

static void jw_wide_hex(struct writer *w, const char *hex)
{
	if (value_begin(w))
		json_put_cstr(w->ob, hex);
}

static void jw_str(struct writer *w, const void *p, size_t n, unsigned int flags)
{
	if (!value_begin(w))
		return;
	if (flags & WR_STR_NUL) {
		const char *nul = memchr(p, '\0', n);

		if (nul)
			n = nul - (const char *)p;
	}
	/* no limit unless one was set: JSON shows what was captured */
	if ((flags & WR_STR_LIMIT) && w->lim.string && n > w->lim.string) {
		n = w->lim.string;
		flags |= WR_STR_MORE;
	}
	if (flags & WR_STR_NUL)
		json_put_string_obj(w->ob, p, n, flags & WR_STR_MORE);
	else
		json_put_bytes_obj(w->ob, p, n, -1, flags & WR_STR_MORE);
}

static void jw_bytes(struct writer *w, const void *p, size_t n, long long size, bool more)
{
	if (value_begin(w))
		json_put_bytes_obj(w->ob, p, n, size, more);
}

/* JSON's pid is its number: the caller's name is each line's "comm" */
static void jw_pid(struct writer *w, int64_t pid, const char *comm, uint32_t tracer_pid)
{
	w->ops->num(w, (uint64_t)pid, WR_DEC);
}

static void jw_fd(struct writer *w, int64_t fd, const char *name, const struct wr_fd_info *info)
{
	struct wr_frame *f = top(w);
	bool at_arg = f && f->kind == J_ARG && f->first;
	struct json_writer *jw = jw_of(w);

	if (!value_begin(w))
		return;
	if (!info || info->kind == WR_FD_NONE || at_arg) {
		/* what an argument's fd refers to is a member of the argument */
		if (at_arg && info) {
			jw->has_fd_info = true;
			jw->fd_info = *info;
		}
		if (name)
			json_put_cstr(w->ob, name);
		else
			outbuf_s64(w->ob, fd);
		return;
	}
	outbuf_puts(w->ob, "{\"fd\":");
	if (name)
		json_put_cstr(w->ob, name);
	else
		outbuf_s64(w->ob, fd);
	put_fd_info(w->ob, "", info);
	outbuf_putc(w->ob, '}');
}

static void jw_counted(struct writer *w, uint64_t addr, uint64_t count, const char *one,
		       const char *many, bool more)
{
	if (!value_begin(w))
		return;
	outbuf_puts(w->ob, "{\"addr\":");
	if (addr)
		json_put_hex(w->ob, addr);
	else
		outbuf_puts(w->ob, "null");
	outbuf_puts(w->ob, ",\"count\":");
	outbuf_u64(w->ob, count);
	outbuf_puts(w->ob, more ? ",\"truncated\":true}" : ",\"truncated\":false}");
}

static void jw_lit(struct writer *w, const char *text)
{
}

static void jw_comment(struct writer *w, const char *text)
{
}

/* ---------------------------------------------------------------- containers */

static void jw_obj_begin(struct writer *w, enum wr_obj kind, const char *name)
{
	bool placed = value_begin(w);

	if (kind == WR_OBJ_FN || kind == WR_OBJ_BITOR) {
		/* nothing yet: a key makes it an object, a value stands for it */
		push_container(w, placed, J_FN, kind);
		return;
	}
	push_container(w, placed, J_OBJ, kind);
	outbuf_putc(w->ob, '{');
}

static void jw_key(struct writer *w, const char *name)
{
	struct wr_frame *f = top(w);

	if (!f || (f->kind != J_OBJ && f->kind != J_FN && f->kind != J_DROP))
		return;
	if (f->kind == J_FN && f->first && !f->transparent)
		outbuf_putc(w->ob, '{');
	if (f->kind == J_FN && f->transparent)
		return; /* it stands for a value already: no keys now */
	if (!f->first)
		outbuf_putc(w->ob, ',');
	f->first = false;
	json_put_key(w->ob, name);
	f->key_pending = true;
}

static void jw_key_only(struct writer *w, const char *name)
{
	jw_key(w, name);
	jw_boolean(w, true);
}

static void jw_obj_end(struct writer *w, bool more)
{
	struct wr_frame *f = top(w);

	if (!f)
		return;
	if (f->key_pending) {
		outbuf_puts(w->ob, "null");
		f->key_pending = false;
	}
	if (f->kind == J_FN && f->transparent) {
		pop(w);
		return;
	}
	if (f->kind == J_FN && f->first) {
		/* a function of nothing */
		outbuf_puts(w->ob, more ? "\"...\"" : "null");
		pop(w);
		return;
	}
	if (more) {
		if (!f->first)
			outbuf_putc(w->ob, ',');
		outbuf_puts(w->ob, "\"...\":true");
	}
	outbuf_putc(w->ob, '}');
	if (end_container(w))
		pop(w);
}

static void jw_elided(struct writer *w)
{
	if (value_begin(w))
		outbuf_puts(w->ob, "{\"...\":true}");
}

static void jw_arr_begin(struct writer *w, enum wr_arr kind)
{
	bool placed = value_begin(w);

	if (kind == WR_ARR_NOT_SET) {
		push_container(w, placed, J_NOT_SET, kind);
		outbuf_puts(w->ob, "{\"not\":[");
	} else {
		push_container(w, placed, J_ARR, kind);
		outbuf_putc(w->ob, '[');
	}
}

static void jw_arr_end(struct writer *w, bool more)
{
	struct wr_frame *f = top(w);
	bool not_set = f && f->kind == J_NOT_SET;

	if (more) {
		if (f && !f->first)
			outbuf_putc(w->ob, ',');
		outbuf_puts(w->ob, "\"...\"");
	}
	outbuf_puts(w->ob, not_set ? "]}" : "]");
	if (end_container(w))
		pop(w);
}

/* What could not be read is more to JSON: where it could not is the text's comment. */
static void jw_arr_end_unread(struct writer *w, uint64_t addr)
{
	jw_arr_end(w, true);
}

/* A [deref] writes no brackets: its value stands in its place (style 1 marks it for arg_slot). */
static void jw_deref_begin(struct writer *w)
{
	push_container(w, value_begin(w), J_SLOT, 1);
}

static void jw_deref_end(struct writer *w)
{
	if (end_container(w))
		end_slot(w);
}

static void jw_inout_begin(struct writer *w)
{
	struct wr_frame *slot = arg_slot(w);
	bool placed;

	if (slot) {
		/* an argument's own value: "value" (already open) and "value_out" */
		value_begin(w);
		push(w, J_INOUT_ARG, 0);
		return;
	}
	placed = value_begin(w);
	push_container(w, placed, J_INOUT, 0);
	outbuf_puts(w->ob, "{\"in\":");
}

static void jw_inout_mid(struct writer *w)
{
	struct wr_frame *f = top(w);

	if (!f)
		return;
	if (f->first)
		outbuf_puts(w->ob, "null");
	f->first = true;
	if (f->kind == J_INOUT_ARG && jw_of(w)->o.arg_map) {
		/* an object by argument name has room for one value: what went in */
		f->mark = w->ob->len;
		f->style = 1;
		return;
	}
	outbuf_puts(w->ob, f->kind == J_INOUT_ARG ? ",\"value_out\":" : ",\"out\":");
}

static void jw_inout_end(struct writer *w)
{
	struct wr_frame *f = top(w);

	if (!f)
		return;
	if (f->kind == J_INOUT_ARG && f->style == 1) {
		outbuf_truncate(w->ob, f->mark);
		pop(w);
		return;
	}
	if (f->first)
		outbuf_puts(w->ob, "null");
	if (f->kind == J_INOUT_ARG) {
		pop(w);
		return;
	}
	outbuf_putc(w->ob, '}');
	if (end_container(w))
		pop(w);
}

/* JSON has no -X: a value is written in its readable form. */
static enum wr_xlat_style jw_xlat_style(const struct writer *w)
{
	return WR_XLAT_ABBREV;
}

static const struct writer_ops json_writer_ops = {
	.call_begin = jw_call_begin,
	.arg_begin = jw_arg_begin,
	.arg_end = jw_arg_end,
	.arg_cancel = jw_arg_cancel,
	.call_end = jw_call_end,
	.ret = jw_ret,
	.ret_note_begin = jw_ret_note_begin,
	.ret_note_end = jw_ret_note_end,
	.signal_begin = jw_signal_begin,
	.signal_end = jw_signal_end,
	.num = jw_num,
	.num_text = jw_num_text,
	.ptr = jw_ptr,
	.unread = jw_unread,
	.name = jw_name,
	.konst = jw_konst,
	.flags_begin = jw_flags_begin,
	.flag = jw_flag,
	.flag_bits = jw_flag_bits,
	.flags_end = jw_flags_end,
	.boolean = jw_boolean,
	.real = jw_real,
	.wide_hex = jw_wide_hex,
	.str = jw_str,
	.bytes = jw_bytes,
	.fd = jw_fd,
	.pid = jw_pid,
	.counted = jw_counted,
	.lit = jw_lit,
	.comment = jw_comment,
	.xlat_style = jw_xlat_style,
	.obj_begin = jw_obj_begin,
	.key = jw_key,
	.key_hidden = jw_key,
	.key_only = jw_key_only,
	.obj_end = jw_obj_end,
	.elided = jw_elided,
	.arr_begin = jw_arr_begin,
	.arr_end = jw_arr_end,
	.arr_end_unread = jw_arr_end_unread,
	.deref_begin = jw_deref_begin,
	.deref_end = jw_deref_end,
	.inout_begin = jw_inout_begin,
	.inout_mid = jw_inout_mid,
	.inout_end = jw_inout_end,
};

void json_writer__init(struct json_writer *jw, struct outbuf *ob, const struct json_writer_opts *o)
{
	memset(jw, 0, sizeof(*jw));
	jw->w.ops = &json_writer_ops;
	jw->w.ob = ob;
	/* everything captured: no limits */
	jw->w.lim.verbose = true;
	jw->w.resumed_whole = true;
	jw->o = *o;
	jw->arg_first = true;
}

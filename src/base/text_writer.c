// SPDX-License-Identifier: GPL-2.0
/* The text writer: a decoded call in strace's syntax, styled by -X, -s, --pretty and colours. */
#include <stdio.h>
#include <string.h>

#include "base/quote.h"
#include "base/writer.h"

/* ANSI SGR colours (--color) */
#define SGR_RESET "\033[0m"
#define SGR_NAME "\033[1m"     /* syscall names: bold */
#define SGR_STRING "\033[32m"  /* strings and buffers: green */
#define SGR_ERROR "\033[1;31m" /* = -1 ENOENT (...): bold red */
#define SGR_SPLIT "\033[2m"    /* <unfinished ...>, <... read resumed>: dim */
#define SGR_SIGNAL "\033[33m"  /* --- SIGCHLD {...} ---: yellow */

/* Constants print in decimal inside this distance from zero, hex beyond (ioctl numbers...). */
#define AUTO_DECIMAL_LIMIT 4096

enum frame_kind {
	FR_OBJ,
	FR_ARR,
	FR_DEREF, /* [value] */
	FR_INOUT, /* value => value */
	FR_NOTE,  /* a return value's note: one value */
};

static struct text_writer *tw_of(struct writer *w)
{
	return (struct text_writer *)w;
}

static struct wr_frame *top(struct writer *w)
{
	return w->depth ? &w->stack[w->depth - 1] : NULL;
}

/*
 * The -X style values are written in: names while the decoder asks for them whatever -X says
 * (w->xlat_names: strace's notes built by plain look-ups, "= 0x8002 (flags O_RDWR|O_LARGEFILE)"
 * under -X raw too).
 */
static enum wr_xlat_style style_of(const struct writer *w)
{
	return w->xlat_names ? WR_XLAT_ABBREV : ((const struct text_writer *)w)->o.xlat;
}

static void push(struct writer *w, enum frame_kind kind, int style)
{
	struct wr_frame *f;

	if (w->depth >= WR_MAX_NEST) {
		/* deeper than any walk goes: the frame above takes the place */
		w->depth++;
		return;
	}
	f = &w->stack[w->depth++];
	f->kind = kind;
	f->style = style;
	f->first = true;
	f->key_pending = false;
	f->transparent = false;
	f->mark = w->ob->len;
}

static void pop(struct writer *w)
{
	if (w->depth)
		w->depth--;
}

/* Colours are bytes the reader does not see: the column of " = " counts without them. */
static void put_color(struct writer *w, const char *sgr)
{
	struct text_writer *tw = tw_of(w);

	if (!tw->o.color)
		return;
	outbuf_puts(w->ob, sgr);
	tw->call_start += strlen(sgr);
}

static int struct_depth(struct writer *w)
{
	int n = 0;

	for (int i = 0; i < w->depth && i < WR_MAX_NEST; i++)
		n += w->stack[i].kind == FR_OBJ && w->stack[i].style == WR_OBJ_STRUCT;
	return n;
}

static void newline_indent(struct writer *w, int depth)
{
	outbuf_putc(w->ob, '\n');
	for (int i = 0; i < depth * 2; i++)
		outbuf_putc(w->ob, ' ');
}

/* The separator between two items of the container on top. */
static const char *separator(const struct wr_frame *f)
{
	if (f->kind == FR_ARR)
		return f->style == WR_ARR_LIST ? ", " : " ";
	if (f->style == WR_OBJ_PRED)
		return " && ";
	if (f->style == WR_OBJ_BITOR)
		return "|";
	return ", ";
}

/* Starts an item of the container on top: its separator (pretty: a new line). */
static void begin_item(struct writer *w)
{
	struct wr_frame *f = top(w);

	if (!f)
		return;
	if (f->kind == FR_OBJ && f->style == WR_OBJ_STRUCT && tw_of(w)->o.pretty) {
		if (!f->first)
			outbuf_putc(w->ob, ',');
		newline_indent(w, struct_depth(w));
	} else if (!f->first) {
		outbuf_puts(w->ob, separator(f));
	}
	f->first = false;
}

/*
 * Before a value: in a container it is an item of its own; after a key, or as the one value
 * of a [deref], a => side or a note, it follows on.
 */
static void before_value(struct writer *w)
{
	struct wr_frame *f = top(w);

	if (!f)
		return;
	if (f->key_pending) {
		f->key_pending = false; /* the key's value: it follows the key */
		return;
	}
	/* in an object, a value without a key is an item of its own too */
	if (f->kind == FR_ARR || f->kind == FR_OBJ)
		begin_item(w);
}

static void put_num(struct outbuf *ob, uint64_t v, enum wr_num fmt)
{
	int64_t s = (int64_t)v;

	switch (fmt) {
	case WR_DEC:
		outbuf_s64(ob, s);
		return;
	case WR_UDEC:
		outbuf_u64(ob, v);
		return;
	case WR_HEX:
		if (v)
			outbuf_hex(ob, v);
		else
			outbuf_putc(ob, '0');
		return;
	case WR_OCT:
		/* as chmod takes it, at least three digits: 000, 0644, 01777 */
		outbuf_alt_padded(ob, v, 8, 3);
		return;
	case WR_REG:
		outbuf_hex(ob, v);
		return;
	case WR_HEX_WORD:
		outbuf_alt_padded(ob, v, 16, 16);
		return;
	case WR_HEX_08:
		outbuf_alt_padded(ob, v, 16, 8);
		return;
	case WR_AUTO:
		if (s > -AUTO_DECIMAL_LIMIT && s < AUTO_DECIMAL_LIMIT)
			outbuf_s64(ob, s);
		else
			outbuf_hex(ob, v);
		return;
	}
}

static void put_comment(struct outbuf *ob, const char *text)
{
	outbuf_puts(ob, " /* ");
	outbuf_puts(ob, text);
	outbuf_puts(ob, " */");
}

/* Appends path as strace -y does: <path>, with '<', '>' and unprintable bytes escaped. */
static void put_path(struct writer *w, const char *path)
{
	static const char deleted[] = " (deleted)";
	size_t n = strlen(path), k = sizeof(deleted) - 1;
	char kept[4096];

	/* a file removed while open, as strace shows it: </memfd:x>(deleted) */
	if (path[0] == '/' && n > k && n - k < sizeof(kept) && !strcmp(path + n - k, deleted)) {
		memcpy(kept, path, n - k);
		kept[n - k] = '\0';
		quote_bracketed(w->ob, kept, tw_of(w)->o.hex);
		outbuf_puts(w->ob, "(deleted)");
		return;
	}
	quote_bracketed(w->ob, path, tw_of(w)->o.hex);
}

/* A socket as strace's -yy shows it from the socket diagnostics: TCP:[1.2.3.4:5->6.7.8.9:10]. */
static void put_socket(struct writer *w, const struct wr_socket *s)
{
	struct outbuf *ob = w->ob;
	const char *ob6 = s->v6 ? "[" : "", *cb6 = s->v6 ? "]" : "";

	outbuf_printf(ob, "%s:[", s->proto);
	switch (s->kind) {
	case WR_SOCK_BARE:
		outbuf_u64(ob, s->inode);
		break;
	case WR_SOCK_INET:
		outbuf_printf(ob, "%s%s%s:%u", ob6, s->src, cb6, s->sport);
		if (s->connected)
			outbuf_printf(ob, "->%s%s%s:%u", ob6, s->dst, cb6, s->dport);
		break;
	case WR_SOCK_UNIX:
		outbuf_u64(ob, s->inode);
		if (s->peer)
			outbuf_printf(ob, "->%u", s->peer);
		if (s->path_len) {
			/* an abstract name starts with NUL: strace shows it as @"name" */
			bool abstract = s->path[0] == '\0';
			const char *p = s->path + abstract;

			outbuf_puts(ob, abstract ? ",@" : ",");
			quote_bytes(ob, p, strnlen(p, s->path_len - abstract), 0, true, false,
				    tw_of(w)->o.hex);
		}
		break;
	case WR_SOCK_NETLINK:
		if (s->nl_proto)
			outbuf_printf(ob, "%s:%u", s->nl_proto, s->portid);
		else
			outbuf_printf(ob, "%u", s->nl_protocol);
		break;
	}
	outbuf_putc(ob, ']');
}

/* -y's <path>, or with -yy what the fd is: <TCP:[...]>, </dev/null<char 1:3>>, <pid:12>. */
static void put_fd_info(struct writer *w, const struct wr_fd_info *fi)
{
	struct outbuf *ob = w->ob;

	switch (fi->kind) {
	case WR_FD_NONE:
		return;
	case WR_FD_PATH:
		if (fi->path)
			put_path(w, fi->path);
		return;
	case WR_FD_SOCKET:
		outbuf_putc(ob, '<');
		put_socket(w, &fi->sock);
		outbuf_putc(ob, '>');
		return;
	case WR_FD_DEVICE:
		/* the path bracketed, the device inside before its closing bracket */
		quote_bracketed(ob, fi->path ? fi->path : "", tw_of(w)->o.hex);
		outbuf_truncate(ob, ob->len - 1);
		outbuf_printf(ob, "<%s %u:%u>>", fi->dev.block ? "block" : "char", fi->dev.major,
			      fi->dev.minor);
		return;
	case WR_FD_PIDFD:
		outbuf_printf(ob, "<pid:%d>", fi->pid);
		return;
	case WR_FD_SIGNALFD:
		outbuf_printf(ob, "<signalfd:%s>", fi->sigmask);
		return;
	case WR_FD_EVENTFD:
		/* strace's 0x before the kernel's hex count, but 0 alone */
		outbuf_printf(ob, "<{eventfd-count=%s%s", fi->efd.count[0] == '0' ? "" : "0x",
			      fi->efd.count);
		if (fi->efd.id >= 0) {
			outbuf_printf(ob, ", eventfd-id=%d", fi->efd.id);
			if (fi->efd.semaphore >= 0)
				outbuf_printf(ob, ", eventfd-semaphore=%d", fi->efd.semaphore);
		}
		outbuf_puts(ob, "}>");
		return;
	}
}

/* -Y's <comm> after a pid, and --decode-pids=pidns's note of its number here, as strace's. */
static void put_pid_notes(struct writer *w, int64_t pid, const char *comm, uint32_t tracer_pid)
{
	if (comm)
		put_path(w, comm);
	/* strace's words, which scripts look for: the namespace is the tracer's */
	if (tracer_pid && tracer_pid != pid)
		outbuf_printf(w->ob, " /* %u in strace's PID NS */", tracer_pid);
}

/* ---------------------------------------------------------------- calls */

static void tw_call_begin(struct writer *w, const struct wr_call *c)
{
	struct text_writer *tw = tw_of(w);

	writer__reset(w);
	tw->call_start = w->ob->len;
	tw->state = c->state;
	tw->args_unknown = !c->args_known;
	if (c->state == WR_CALL_RESUMED) {
		put_color(w, SGR_SPLIT);
		outbuf_puts(w->ob, "<... ");
		outbuf_puts(w->ob, c->name);
		outbuf_puts(w->ob, " resumed>");
		put_color(w, SGR_RESET);
	} else {
		put_color(w, SGR_NAME);
		outbuf_puts(w->ob, c->name);
		put_color(w, SGR_RESET);
		outbuf_putc(w->ob, '(');
	}
	tw->args_start = w->ob->len;
	tw->arg_first = true;
}

static void tw_arg_begin(struct writer *w, const struct wr_arg *a)
{
	struct text_writer *tw = tw_of(w);

	writer__reset(w);
	tw->arg_mark = w->ob->len;
	tw->arg_was_first = tw->arg_first;
	tw->arg_call_start = tw->call_start;
	if (!tw->arg_first)
		outbuf_puts(w->ob, ", ");
	tw->arg_first = false;
	if (tw->o.arg_names && a->name) {
		outbuf_puts(w->ob, a->name);
		outbuf_puts(w->ob, ": ");
	} else if (a->named && a->name && *a->name) {
		outbuf_puts(w->ob, a->name);
		outbuf_putc(w->ob, '=');
	}
}

static void tw_arg_end(struct writer *w)
{
	writer__reset(w);
}

static void tw_arg_cancel(struct writer *w)
{
	struct text_writer *tw = tw_of(w);

	outbuf_truncate(w->ob, tw->arg_mark);
	tw->call_start = tw->arg_call_start;
	tw->arg_first = tw->arg_was_first;
	writer__reset(w);
}

static void tw_call_end(struct writer *w, bool args_left)
{
	struct text_writer *tw = tw_of(w);

	if (tw->state != WR_CALL_UNFINISHED) {
		/* a whole call whose arguments could not be read (an io_uring SQE): strace's ... */
		if (tw->state == WR_CALL_WHOLE && tw->args_unknown && w->ob->len == tw->args_start)
			outbuf_puts(w->ob, "...");
		outbuf_putc(w->ob, ')');
		return;
	}
	/* strace's: the arguments so far, a separator if more follow, then the marker */
	if (w->ob->len > tw->args_start && args_left)
		outbuf_puts(w->ob, ", ");
	put_color(w, SGR_SPLIT);
	outbuf_puts(w->ob, " <unfinished ...>");
	put_color(w, SGR_RESET);
}

static void tw_ret(struct writer *w, const struct wr_ret *r)
{
	struct text_writer *tw = tw_of(w);
	struct outbuf *ob = w->ob;
	bool failed = r->kind == WR_RET_ERROR;

	writer__reset(w);
	if (!tw->o.bare_return) {
		for (size_t shown = tw->lead + ob->len - tw->call_start; shown < tw->o.column;
		     shown++)
			outbuf_putc(ob, ' ');
	}
	if (failed)
		put_color(w, SGR_ERROR);
	if (!tw->o.bare_return)
		outbuf_puts(ob, " = ");
	switch (r->kind) {
	case WR_RET_NONE:
		outbuf_putc(ob, '?');
		break;
	case WR_RET_VALUE:
		put_num(ob, r->value, r->fmt);
		if (r->fd)
			put_fd_info(w, r->fd);
		put_pid_notes(w, r->value, r->comm, r->tracer_pid);
		break;
	case WR_RET_ERROR:
		if (r->error_value)
			put_num(ob, r->value, r->fmt);
		else
			outbuf_puts(ob, "-1");
		outbuf_putc(ob, ' ');
		if (r->errname) {
			outbuf_puts(ob, r->errname);
		} else {
			outbuf_puts(ob, "E? ");
			outbuf_s64(ob, r->err);
		}
		outbuf_puts(ob, " (");
		outbuf_puts(ob, r->errtext ? r->errtext : "?");
		outbuf_putc(ob, ')');
		break;
	case WR_RET_RESTART:
		/* never seen by the program: the kernel restarts the call or returns EINTR */
		outbuf_puts(ob, "? ");
		outbuf_puts(ob, r->errname ? r->errname : "?");
		outbuf_puts(ob, " (");
		outbuf_puts(ob, r->errtext ? r->errtext : "?");
		outbuf_putc(ob, ')');
		break;
	}
	if (failed)
		put_color(w, SGR_RESET);
}

static void tw_ret_note_begin(struct writer *w)
{
	outbuf_puts(w->ob, " (");
	push(w, FR_NOTE, 0);
}

static void tw_ret_note_end(struct writer *w)
{
	pop(w);
	outbuf_putc(w->ob, ')');
}

static void tw_signal_begin(struct writer *w, const char *name, int signo)
{
	writer__reset(w);
	put_color(w, SGR_SIGNAL);
	outbuf_puts(w->ob, "--- ");
	outbuf_puts(w->ob, name);
	outbuf_putc(w->ob, ' ');
	push(w, FR_NOTE, 0);
}

static void tw_signal_end(struct writer *w)
{
	pop(w);
	outbuf_puts(w->ob, " ---");
	put_color(w, SGR_RESET);
}

/* ---------------------------------------------------------------- values */

static void tw_num(struct writer *w, uint64_t v, enum wr_num fmt)
{
	before_value(w);
	put_num(w->ob, v, fmt);
}

static void tw_num_text(struct writer *w, uint64_t v, enum wr_num fmt, const char *text)
{
	enum wr_xlat_style style = style_of(w);

	before_value(w);
	if (style == WR_XLAT_ABBREV) {
		outbuf_puts(w->ob, text);
		return;
	}
	/* -X verbose: the number, the expression its comment: 8388608 /\* 8192*1024 *\/ */
	put_num(w->ob, v, fmt);
	if (style == WR_XLAT_VERBOSE)
		put_comment(w->ob, text);
}

static void tw_ptr(struct writer *w, uint64_t addr)
{
	before_value(w);
	if (addr)
		outbuf_hex(w->ob, addr);
	else
		outbuf_puts(w->ob, "NULL");
}

static void tw_unread(struct writer *w, uint64_t addr, bool faulted)
{
	tw_ptr(w, addr);
}

static void tw_name(struct writer *w, const char *name, const char *text_name)
{
	before_value(w);
	outbuf_puts(w->ob, text_name ? text_name : name);
}

static void tw_konst(struct writer *w, uint64_t v, enum wr_num fmt, const char *name,
		     const char *unknown)
{
	enum wr_xlat_style style = style_of(w);
	const char *comment = name ? name : unknown;

	before_value(w);
	if (style == WR_XLAT_ABBREV && name) {
		outbuf_puts(w->ob, name);
		return;
	}
	/*
	 * -X raw and -X verbose show a constant's number in hex, as strace's printxval does
	 * (0x2 /\* AF_INET *\/), but for those counted in decimal
	 */
	if (style != WR_XLAT_ABBREV && fmt == WR_AUTO)
		fmt = WR_HEX;
	/* an unknown value with strace's comment: 0x10 /\* RLIMIT_??? *\/ */
	if (style == WR_XLAT_ABBREV && unknown && fmt == WR_AUTO)
		fmt = WR_HEX;
	put_num(w->ob, v, fmt);
	if (style != WR_XLAT_RAW && comment)
		put_comment(w->ob, comment);
}

static void tw_flags_begin(struct writer *w, uint64_t raw, enum wr_num raw_fmt)
{
	struct text_writer *tw = tw_of(w);

	before_value(w);
	tw->flags_named = false;
	tw->flags_comment = false;
	tw->flags_shown = 0;
	if (style_of(w) != WR_XLAT_ABBREV)
		put_num(w->ob, raw, raw_fmt);
}

static void tw_flag(struct writer *w, const char *name)
{
	struct text_writer *tw = tw_of(w);

	switch (style_of(w)) {
	case WR_XLAT_RAW:
		return;
	case WR_XLAT_VERBOSE:
		outbuf_puts(w->ob, tw->flags_comment ? "|" : " /* ");
		tw->flags_comment = true;
		break;
	case WR_XLAT_ABBREV:
		if (tw->flags_named)
			outbuf_putc(w->ob, '|');
		break;
	}
	tw->flags_named = true;
	outbuf_puts(w->ob, name);
}

static void tw_flag_bits(struct writer *w, uint64_t bits, const char *label)
{
	struct text_writer *tw = tw_of(w);
	char text[48];

	if (label)
		snprintf(text, sizeof(text), "%#llx /* %s */", (unsigned long long)bits, label);
	else
		snprintf(text, sizeof(text), "%#llx", (unsigned long long)bits);
	tw_flag(w, text);
	tw->flags_shown |= bits;
}

static void tw_flags_end(struct writer *w, uint64_t rest, enum wr_num rest_fmt,
			 const char *rest_label)
{
	struct text_writer *tw = tw_of(w);
	struct outbuf *ob = w->ob;
	bool own = rest_fmt == WR_OCT;

	/* the bits shown among the names already */
	rest &= ~tw->flags_shown;
	if (style_of(w) == WR_XLAT_RAW)
		return;
	if (rest && rest_label && !own) {
		/* bits no name knows, with strace's comment: 0x10 /\* CLOSE_RANGE_??? *\/ */
		if (style_of(w) == WR_XLAT_VERBOSE) {
			if (tw->flags_comment)
				outbuf_puts(ob, " */");
			put_comment(ob, rest_label);
			return;
		}
		if (tw->flags_named)
			outbuf_putc(ob, '|');
		put_num(ob, rest, WR_HEX);
		put_comment(ob, rest_label);
		return;
	}
	if (style_of(w) == WR_XLAT_VERBOSE) {
		/*
		 * The names' comment, with the bits left: a value no name knew is its number
		 * alone (a mode to set: 0644), but for a file's mode (0644 /\* 0644 *\/)
		 */
		if ((rest || own) && (tw->flags_comment || (own && rest_label))) {
			outbuf_puts(ob, tw->flags_comment ? "|" : " /* ");
			tw->flags_comment = true;
			put_num(ob, rest, rest_fmt);
		}
		if (tw->flags_comment)
			outbuf_puts(ob, " */");
		return;
	}
	if (tw->flags_named && !rest && !own)
		return;
	if (tw->flags_named)
		outbuf_putc(ob, '|');
	put_num(ob, rest, rest_fmt);
}

static void tw_boolean(struct writer *w, bool v)
{
	before_value(w);
	outbuf_puts(w->ob, v ? "true" : "false");
}

static void tw_real(struct writer *w, double v, int digits)
{
	before_value(w);
	outbuf_printf(w->ob, "%g", v);
}

static void tw_wide_hex(struct writer *w, const char *hex)
{
	before_value(w);
	outbuf_puts(w->ob, hex);
}

static void tw_str(struct writer *w, const void *p, size_t n, unsigned int flags)
{
	size_t max = flags & WR_STR_LIMIT ? w->lim.string : 0;

	before_value(w);
	if (flags & WR_STR_ABSTRACT)
		outbuf_putc(w->ob, '@');
	put_color(w, SGR_STRING);
	if (flags & WR_STR_HEX)
		quote_bytes_hex(w->ob, p, n, max, flags & WR_STR_MORE);
	else
		quote_bytes(w->ob, p, n, max, flags & WR_STR_NUL, flags & WR_STR_MORE,
			    tw_of(w)->o.hex);
	put_color(w, SGR_RESET);
}

static void tw_bytes(struct writer *w, const void *p, size_t n, long long size, bool more)
{
	before_value(w);
	put_color(w, SGR_STRING);
	quote_bytes(w->ob, p, n, w->lim.string, false, more, tw_of(w)->o.hex);
	put_color(w, SGR_RESET);
}

static void tw_fd(struct writer *w, int64_t fd, const char *name, const struct wr_fd_info *info)
{
	if (name)
		tw_konst(w, (uint64_t)fd, WR_DEC, name, NULL);
	else
		tw_num(w, (uint64_t)fd, WR_DEC);
	if (info)
		put_fd_info(w, info);
}

static void tw_pid(struct writer *w, int64_t pid, const char *comm, uint32_t tracer_pid)
{
	tw_num(w, (uint64_t)pid, WR_DEC);
	put_pid_notes(w, pid, comm, tracer_pid);
}

static void tw_counted(struct writer *w, uint64_t addr, uint64_t count, const char *one,
		       const char *many, bool more)
{
	tw_ptr(w, addr);
	outbuf_puts(w->ob, " /* ");
	outbuf_u64(w->ob, count);
	outbuf_putc(w->ob, ' ');
	outbuf_puts(w->ob, count == 1 ? one : many);
	if (more)
		outbuf_puts(w->ob, " or more");
	outbuf_puts(w->ob, " */");
}

static void tw_lit(struct writer *w, const char *text)
{
	outbuf_puts(w->ob, text);
}

static void tw_comment(struct writer *w, const char *text)
{
	put_comment(w->ob, text);
}

static enum wr_xlat_style tw_xlat_style(const struct writer *w)
{
	return style_of(w);
}

/* ---------------------------------------------------------------- containers */

static void tw_obj_begin(struct writer *w, enum wr_obj kind, const char *name)
{
	before_value(w);
	switch (kind) {
	case WR_OBJ_STRUCT:
	case WR_OBJ_PRED:
		outbuf_putc(w->ob, '{');
		break;
	case WR_OBJ_NOTE:
	case WR_OBJ_BITOR:
		break;
	case WR_OBJ_FN:
	case WR_OBJ_EVENT:
		outbuf_puts(w->ob, name ? name : "");
		outbuf_putc(w->ob, '(');
		break;
	}
	push(w, FR_OBJ, kind);
}

static void tw_key(struct writer *w, const char *name)
{
	struct wr_frame *f = top(w);

	begin_item(w);
	if (f && f->kind == FR_OBJ) {
		switch (f->style) {
		case WR_OBJ_STRUCT:
		case WR_OBJ_EVENT:
			outbuf_puts(w->ob, name);
			outbuf_putc(w->ob, '=');
			break;
		case WR_OBJ_NOTE:
			outbuf_puts(w->ob, name);
			outbuf_putc(w->ob, ' ');
			break;
		case WR_OBJ_PRED:
			/* a macro of the status, or an expression of its own (s >> 16) */
			outbuf_puts(w->ob, name);
			outbuf_puts(w->ob, strchr(name, ' ') ? " == " : "(s) == ");
			break;
		case WR_OBJ_FN:
		case WR_OBJ_BITOR:
			break;
		}
	}
	/* the value that follows is the key's, not an item of its own */
	if (f)
		f->key_pending = true;
}

static void tw_key_hidden(struct writer *w, const char *name)
{
	struct wr_frame *f = top(w);

	begin_item(w);
	if (f)
		f->key_pending = true;
}

static void tw_key_only(struct writer *w, const char *name)
{
	struct wr_frame *f = top(w);

	begin_item(w);
	outbuf_puts(w->ob, name);
	if (f && f->kind == FR_OBJ && f->style == WR_OBJ_PRED)
		outbuf_puts(w->ob, "(s)");
}

static void tw_obj_end(struct writer *w, bool more)
{
	struct wr_frame *f = top(w);
	int style = f ? f->style : WR_OBJ_STRUCT;
	bool empty = !f || f->first;

	if (more) {
		begin_item(w);
		outbuf_puts(w->ob, "...");
		empty = false;
	}
	if (style == WR_OBJ_STRUCT && tw_of(w)->o.pretty && !empty)
		newline_indent(w, struct_depth(w) - 1);
	pop(w);
	switch (style) {
	case WR_OBJ_STRUCT:
	case WR_OBJ_PRED:
		outbuf_putc(w->ob, '}');
		break;
	case WR_OBJ_FN:
	case WR_OBJ_EVENT:
		outbuf_putc(w->ob, ')');
		break;
	}
}

static void tw_elided(struct writer *w)
{
	before_value(w);
	outbuf_puts(w->ob, "{...}");
}

static void tw_arr_begin(struct writer *w, enum wr_arr kind)
{
	before_value(w);
	outbuf_puts(w->ob, kind == WR_ARR_NOT_SET ? "~[" : "[");
	push(w, FR_ARR, kind);
}

static void tw_arr_end(struct writer *w, bool more)
{
	if (more) {
		begin_item(w);
		outbuf_puts(w->ob, "...");
	}
	pop(w);
	outbuf_putc(w->ob, ']');
}

static void tw_arr_end_unread(struct writer *w, uint64_t addr)
{
	begin_item(w);
	outbuf_puts(w->ob, "... /* ");
	outbuf_hex(w->ob, addr);
	outbuf_puts(w->ob, " */");
	pop(w);
	outbuf_putc(w->ob, ']');
}

static void tw_deref_begin(struct writer *w)
{
	before_value(w);
	outbuf_putc(w->ob, '[');
	push(w, FR_DEREF, 0);
}

static void tw_deref_end(struct writer *w)
{
	pop(w);
	outbuf_putc(w->ob, ']');
}

static void tw_inout_begin(struct writer *w)
{
	before_value(w);
	push(w, FR_INOUT, 0);
}

static void tw_inout_mid(struct writer *w)
{
	outbuf_puts(w->ob, " => ");
}

static void tw_inout_end(struct writer *w)
{
	pop(w);
}

static const struct writer_ops text_writer_ops = {
	.call_begin = tw_call_begin,
	.arg_begin = tw_arg_begin,
	.arg_end = tw_arg_end,
	.arg_cancel = tw_arg_cancel,
	.call_end = tw_call_end,
	.ret = tw_ret,
	.ret_note_begin = tw_ret_note_begin,
	.ret_note_end = tw_ret_note_end,
	.signal_begin = tw_signal_begin,
	.signal_end = tw_signal_end,
	.num = tw_num,
	.num_text = tw_num_text,
	.ptr = tw_ptr,
	.unread = tw_unread,
	.name = tw_name,
	.konst = tw_konst,
	.flags_begin = tw_flags_begin,
	.flag = tw_flag,
	.flag_bits = tw_flag_bits,
	.flags_end = tw_flags_end,
	.boolean = tw_boolean,
	.real = tw_real,
	.wide_hex = tw_wide_hex,
	.str = tw_str,
	.bytes = tw_bytes,
	.fd = tw_fd,
	.pid = tw_pid,
	.counted = tw_counted,
	.lit = tw_lit,
	.comment = tw_comment,
	.xlat_style = tw_xlat_style,
	.obj_begin = tw_obj_begin,
	.key = tw_key,
	.key_hidden = tw_key_hidden,
	.key_only = tw_key_only,
	.obj_end = tw_obj_end,
	.elided = tw_elided,
	.arr_begin = tw_arr_begin,
	.arr_end = tw_arr_end,
	.arr_end_unread = tw_arr_end_unread,
	.deref_begin = tw_deref_begin,
	.deref_end = tw_deref_end,
	.inout_begin = tw_inout_begin,
	.inout_mid = tw_inout_mid,
	.inout_end = tw_inout_end,
};

void text_writer__init(struct text_writer *tw, struct outbuf *ob, const struct wr_limits *lim,
		       const struct text_writer_opts *o)
{
	memset(tw, 0, sizeof(*tw));
	tw->w.ops = &text_writer_ops;
	tw->w.ob = ob;
	tw->w.lim = *lim;
	tw->o = *o;
	tw->arg_first = true;
}

void text_writer__begin_line(struct text_writer *tw)
{
	tw->call_start = tw->w.ob->len;
	writer__reset(&tw->w);
}

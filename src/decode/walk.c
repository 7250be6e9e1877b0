// SPDX-License-Identifier: GPL-2.0
/*
 * The walk: one pass over a call, its arguments by role and C type, their captured bytes, hand
 * decoders where another argument decides, and the return value, into a writer. Text and JSON
 * are two writers of the same walk, so what one shows the other shows too.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <bpf/btf.h>

#include "base/xlat.h"
#include "decode/btf_printer.h"
#include "decode/decode.h"
#include "decode/fd_paths.h"
#include "decode/io_uring.h"
#include "decode/members.h"
#include "xlat_tables.h"

/* Arrays of structs, and execve's strings, shown before "..." unless -v (the writer's limit). */
#define ELEMS_SHOWN(w) ((w)->lim.array)

static const struct beauty_arg *arg_of(const struct decoder *d, int nr, int i)
{
	return &d->beauty->calls[nr].args[i];
}

/* A number as its C type holds it: the register narrowed, sign-extended when signed. */
static __u64 arg_value(const struct beauty_arg *ba, __u64 v)
{
	__u32 size = ba->type.value_size ? ba->type.value_size : 8;

	if (ba->type.ptr_depth > 0)
		return v;
	return ba->type.is_signed ? (__u64)decode_narrow_signed(v, size)
				  : decode_narrow_unsigned(v, size);
}

/* strace reads the argument at a width of its own, an unsigned one: its printer says so. */
static bool strace_width(const struct decoder *d, int nr, int i, const struct beauty_arg *ba)
{
	const struct value_printer *vp = d->printers[nr][i];

	return vp && vp->width && ba->type.ptr_depth == 0 && !d->opts.no_btf;
}

/*
 * A number argument's value and size: as its C type holds it, or at its printer's width
 * (umask's mode_t, sysfs's whole register).
 */
static __u64 plain_value(const struct decoder *d, int nr, int i, const struct beauty_arg *ba,
			 __u64 v, __u32 *size)
{
	*size = ba->type.value_size;
	if (!strace_width(d, nr, i, ba))
		return arg_value(ba, v);
	*size = d->printers[nr][i]->width;
	return decode_narrow_unsigned(v, *size);
}

/* An argument that is a number: by its printer (flags, constants, fds) or as its C type. */
static void write_plain_value(const struct decoder *d, struct writer *w, int nr, int i,
			      const struct beauty_arg *ba, const struct bt_rec_hdr *hdr, __u64 v)
{
	const struct value_printer *vp = d->printers[nr][i];
	__u32 size;
	__u64 value = plain_value(d, nr, i, ba, v, &size);

	/* -Y, --decode-pids: a pid with what it names; hdr is the enter's, whose args it reads */
	if (d->pids && d->pid_arg[nr][i] && !d->opts.no_btf && hdr->type == BT_REC_ENTER) {
		decode_write_pid_arg(d, w, (const struct bt_enter_rec *)hdr, nr, i, (__s64)value);
		return;
	}
	if (!vp || d->opts.no_btf) {
		w_num(w, value, ba->type.is_signed ? WR_DEC : WR_UDEC);
		return;
	}
	if (d->fds && (vp->kind == VK_FD || vp->kind == VK_DIRFD)) {
		const char *path = decode_fd_arg_path(d, hdr, nr, i, v);
		int fd = (int)v;

		decode_write_fd(d, w, hdr, fd,
				vp->kind == VK_DIRFD && fd == AT_FDCWD ? "AT_FDCWD" : NULL, path);
		return;
	}
	value_write(w, vp, value, size);
}

/*
 * One element of what a pointer points to: by the printer of its C type when it has one
 * (gid_t's -1 as -1), else as BTF lays it out.
 */
static void write_pointee(const struct decoder *d, struct writer *w, int nr, int i,
			  const struct beauty_arg *ba, const void *data, size_t len)
{
	const struct value_printer *vp = d->pointee_printers[nr][i];
	long size = vp ? btf__resolve_size(d->types->btf, ba->print_type_id) : 0;
	__u64 v = 0;

	if (vp && size > 0 && size <= 8 && len >= (size_t)size &&
	    decode_is_scalar_type(d->types->btf, ba->print_type_id)) {
		memcpy(&v, data, size);
		if (ba->type.is_signed)
			v = (__u64)decode_narrow_signed(v, size);
		value_write(w, vp, v, size);
		return;
	}
	decode_write_btf(d, w, ba->print_type_id, data, len, NULL);
}

/*
 * A capture the rule read several structs into (poll's fds, epoll_wait's events) is an
 * array; one struct is itself; a number behind a pointer shows in brackets: [4].
 */
static void write_struct(const struct decoder *d, struct writer *w, int nr, int i,
			 const struct beauty_arg *ba, __u64 v, const struct bt_capture *cap)
{
	const struct btf *btf = d->types ? d->types->btf : NULL;
	long size;

	if (!btf || d->opts.no_btf || !ba->print_type_id) {
		w_bytes(w, decode_cap_data(cap), cap->len, cap->want,
			cap->flags & BT_CAP_TRUNCATED);
		return;
	}
	size = btf__resolve_size(btf, ba->print_type_id);
	if (size > 0 && (ba->is_array || cap->len >= 2 * size || ba->elem_count_arg >= 0 ||
			 (cap->want && cap->want != size))) {
		size_t n = cap->len / size, shown = n;
		unsigned int limit = ELEMS_SHOWN(w);

		if (limit && shown > limit)
			shown = limit;
		w_arr_begin(w, WR_ARR_LIST);
		for (size_t k = 0; k < shown; k++)
			write_pointee(d, w, nr, i, ba,
				      (const char *)decode_cap_data(cap) + k * size, size);
		if ((cap->flags & BT_CAP_PARTIAL) && shown == n)
			w_arr_end_unread(w, v + n * size);
		else
			w_arr_end(w, shown < n || (cap->flags & BT_CAP_TRUNCATED));
		return;
	}
	if (decode_is_scalar_type(btf, ba->print_type_id)) {
		w_deref_begin(w);
		write_pointee(d, w, nr, i, ba, decode_cap_data(cap), cap->len);
		w_deref_end(w);
		return;
	}
	decode_write_btf(d, w, ba->print_type_id, decode_cap_data(cap), cap->len, NULL);
}

/* execve's argv: ["ls", "-l"]; its envp counted: 0x7ffd... / * 23 vars * /. */
static void write_strv(const struct decoder *d, struct writer *w, int nr, int i, __u64 v,
		       const struct bt_capture *cap)
{
	const char *p = decode_cap_data(cap), *end = p + cap->len;
	const struct bt_str_part *part;
	unsigned int shown = 0;

	if (d->beauty->rules[nr].enter[i].kind == BT_KIND_STRV_COUNT) {
		w->ops->counted(w, v, cap->want, "var", "vars", cap->flags & BT_CAP_TRUNCATED);
		return;
	}
	w_arr_begin(w, WR_ARR_LIST);
	while ((part = decode_next_str_part(&p, end))) {
		const char *str = (const char *)(part + 1);
		size_t len = part->len;

		shown++;
		if (part->flags & BT_CAP_FAULT) {
			w_name2(w, NULL, "???");
			continue;
		}
		/* the NUL is part of the capture, not of the string */
		if (len && str[len - 1] == '\0')
			len--;
		w_str(w, str, len, WR_STR_NUL | (part->flags & BT_CAP_TRUNCATED ? WR_STR_MORE : 0));
	}
	w_arr_end(w, shown < cap->want || (cap->flags & BT_CAP_TRUNCATED));
}

/*
 * readv's and writev's vectors: the count is an argument, hdr the enter's; the buffers of a
 * call that failed were not filled, and show by their addresses.
 */
static void write_iovec(struct writer *w, const struct beauty_arg *ba, const struct bt_rec_hdr *hdr,
			__u64 v, const struct bt_capture *cap, bool failed)
{
	const struct bt_enter_rec *enter = (const void *)hdr;
	int k = ba->elem_count_arg;

	hand_print_iovec(w, cap, v, k >= 0 && k < BT_MAX_ARGS ? enter->args[k] : cap->want, failed);
}

/*
 * An array whose count times its element's size does not fit the address space after it
 * (writev's vlen of -1): strace does not read it, and shows its address.
 */
static bool array_wraps(const struct decoder *d, int nr, const struct beauty_arg *ba,
			const struct bt_rec_hdr *hdr, __u64 uptr)
{
	const struct bt_enter_rec *enter = (const struct bt_enter_rec *)hdr;
	const struct btf *btf = d->types ? d->types->btf : NULL;
	__u64 count, size, bytes;
	long elem;

	if (ba->elem_count_arg < 0 || ba->elem_count_arg >= BT_MAX_ARGS ||
	    hdr->type != BT_REC_ENTER)
		return false;
	if (ba->role == ROLE_IOVEC)
		elem = 16; /* struct iovec: a pointer and a length */
	else
		elem = btf && ba->print_type_id ? btf__resolve_size(btf, ba->print_type_id) : 0;
	if (elem <= 0)
		return false;
	count = arg_value(arg_of(d, nr, ba->elem_count_arg), enter->args[ba->elem_count_arg]);
	size = elem;
	return __builtin_mul_overflow(count, size, &bytes) || uptr + bytes < uptr;
}

/*
 * -e verbose=SET leaves the call out: what strace would fetch from memory
 * (a struct, an array, argv) shows as its address; strings and buffers
 * still show, as strace's do.
 */
static bool arg_not_followed(const struct decoder *d, int nr, const struct beauty_arg *ba)
{
	return (d->style[nr] & DECODE_STYLE_NO_DEREF) &&
	       (ba->role == ROLE_STRUCT || ba->role == ROLE_STRV || ba->role == ROLE_IOVEC);
}

/*
 * One argument, from the capture chosen for it (NULL when nothing was read),
 * len of its bytes shown (more: there were more).
 */
static void write_arg_len(const struct decoder *d, struct writer *w, int nr, int i,
			  const struct beauty_arg *ba, const struct bt_rec_hdr *hdr, __u64 v,
			  const struct bt_capture *cap, size_t len, bool more)
{
	if (ba->role == ROLE_VALUE || (ba->type.ptr_depth == 0 && !cap)) {
		write_plain_value(d, w, nr, i, ba, hdr, v);
		return;
	}
	if (arg_not_followed(d, nr, ba)) {
		w_ptr(w, v);
		return;
	}
	if ((ba->role == ROLE_IOVEC || ba->role == ROLE_STRUCT) && !d->opts.no_btf &&
	    array_wraps(d, nr, ba, hdr, v)) {
		w_ptr(w, v);
		return;
	}
	if (!cap || ((cap->flags & BT_CAP_FAULT) && !(ba->role == ROLE_IOVEC && cap->len))) {
		/* nothing read, or the pointer faulted: the address is all there is */
		w_unread(w, v, cap && (cap->flags & BT_CAP_FAULT));
		return;
	}
	if (ba->role == ROLE_STRV && !d->opts.no_btf) {
		write_strv(d, w, nr, i, v, cap);
		return;
	}
	if (ba->role == ROLE_IOVEC && !d->opts.no_btf) {
		write_iovec(w, ba, hdr, v, cap, false);
		return;
	}
	if (d->hand[nr][i] == hand_print_sockaddr && len < sizeof(sa_family_t) && !more) {
		/* not even a family: strace shows the address */
		w_ptr(w, v);
		return;
	}
	if (d->hand[nr][i] && !d->opts.no_btf) {
		d->hand[nr][i](d, w, decode_cap_data(cap), len, more);
		return;
	}
	switch (ba->role) {
	case ROLE_STRING:
		/* paths are shown whole, as strace does; the capture cap still applies */
		w_str(w, decode_cap_data(cap), cap->len,
		      WR_STR_NUL | (cap->flags & BT_CAP_TRUNCATED ? WR_STR_MORE : 0));
		break;
	case ROLE_BUFFER:
		w_bytes(w, decode_cap_data(cap), len, len < cap->len ? (long long)len : cap->want,
			more);
		break;
	case ROLE_STRUCT:
		/*
		 * a size of 0 (bpf's size argument): nothing was read, the address
		 * is all; an array of none still shows [] (getgroups() = 0)
		 */
		if (!cap->len && !ba->is_array && ba->elem_count_arg < 0)
			w_ptr(w, v);
		else
			write_struct(d, w, nr, i, ba, v, cap);
		break;
	default:
		w_ptr(w, v);
		break;
	}
}

static void write_arg(const struct decoder *d, struct writer *w, int nr, int i,
		      const struct beauty_arg *ba, const struct bt_rec_hdr *hdr, __u64 v,
		      const struct bt_capture *cap)
{
	write_arg_len(d, w, nr, i, ba, hdr, v, cap, cap ? cap->len : 0, cap && decode_cap_cut(cap));
}

/*
 * open and openat ignore mode unless they create a file; strace leaves it out
 * then, and so do we, so that lines compare.
 */
static bool arg_is_ignored(const struct decoder *d, int nr, int i, const __u64 *args)
{
	if (d->open_mode_arg[nr] != i)
		return false;
	/* O_TMPFILE includes O_DIRECTORY: all of its bits, not any, make a file */
	return !(args[i - 1] & O_CREAT) && (args[i - 1] & O_TMPFILE) != O_TMPFILE;
}

/* A number the kernel updated in place: [16 => 8], as strace writes it. */
static bool write_scalar_inout(const struct decoder *d, struct writer *w,
			       const struct beauty_arg *ba, const struct bt_capture *in,
			       const struct bt_capture *out)
{
	const struct btf *btf = d->types ? d->types->btf : NULL;
	long size;

	if (ba->role != ROLE_STRUCT || !btf || !ba->print_type_id || ba->is_array ||
	    !decode_is_scalar_type(btf, ba->print_type_id))
		return false;
	size = btf__resolve_size(btf, ba->print_type_id);
	if (size <= 0 || in->len != size || out->len != size)
		return false;
	w_deref_begin(w);
	w_inout_begin(w);
	decode_write_btf(d, w, ba->print_type_id, decode_cap_data(in), in->len, NULL);
	w_inout_mid(w);
	decode_write_btf(d, w, ba->print_type_id, decode_cap_data(out), out->len, NULL);
	w_inout_end(w);
	w_deref_end(w);
	return true;
}

/* The argument as JSON describes it besides its value. */
static void arg_info(const struct decoder *d, const struct syscall_desc *desc, int nr, int i,
		     __u64 v, struct wr_arg *a)
{
	const struct beauty_arg *ba;
	__u32 size;

	memset(a, 0, sizeof(*a));
	a->raw = v;
	if (!desc || !desc->has_format) {
		/* arguments unknown: six registers, as they are */
		return;
	}
	ba = arg_of(d, nr, i);
	a->name = desc->args[i].name;
	a->type = desc->args[i].type;
	a->raw = plain_value(d, nr, i, ba, v, &size);
	a->is_signed = ba->type.ptr_depth == 0 && ba->type.is_signed && !strace_width(d, nr, i, ba);
	a->is_pointer = ba->type.ptr_depth > 0;
}

void hand_arg_begin(struct writer *w, const struct hand_call *hc, int i)
{
	struct wr_arg a;

	const struct syscall_desc *desc = catalog__by_nr(hc->d->cat, hc->nr);

	arg_info(hc->d, desc, hc->nr, i, syscall_desc__arg_value(desc, hc->enter->args, i), &a);
	w->ops->arg_begin(w, &a);
}

/*
 * Argument i's value: what went in, what came out, or both ("in => out"). v is its
 * register's, or an i386 call's 64-bit value from two, mmap2's offset in bytes.
 */
static void write_arg_value(const struct decoder *d, struct writer *w, int nr, int i,
			    const struct call *call, __u64 v)
{
	const struct bt_enter_rec *enter = call->enter;
	const struct bt_exit_rec *exit = call->exit;
	const struct bt_syscall_rules *rules = &d->beauty->rules[nr];
	const struct beauty_arg *ba = arg_of(d, nr, i);
	const struct bt_capture *in = NULL, *out = NULL;
	const struct hand_call hc = {.d = d, .nr = nr, .enter = enter, .exit = exit};

	if (ba->role == ROLE_VALUE) {
		write_plain_value(d, w, nr, i, ba, &enter->hdr, v);
		return;
	}
	decode_call_captures(d, nr, i, enter, exit, &in, &out);
	if (decode_is_output_arg(rules, i)) {
		bool more = false;
		size_t len = out ? decode_written_len(d, nr, i, enter, exit, out, &more) : 0;

		if (out && ba->role == ROLE_IOVEC && exit && decode_is_error(exit->ret) &&
		    !d->opts.no_btf && !(out->flags & BT_CAP_FAULT && !out->len))
			write_iovec(w, ba, &enter->hdr, v, out, true);
		else if (!(d->fds && exit && decode_write_fd_pair(d, w, &hc, out)))
			write_arg_len(d, w, nr, i, ba, &enter->hdr, v, out, len, more);
		return;
	}
	if (in && out && !decode_captures_equal(in, out) && !(in->flags & BT_CAP_FAULT) &&
	    !(out->flags & BT_CAP_FAULT) && !d->hand[nr][i] &&
	    write_scalar_inout(d, w, ba, in, out))
		return;
	if (!in || !out || decode_captures_equal(in, out)) {
		write_arg(d, w, nr, i, ba, &enter->hdr, v, in);
		return;
	}
	w_inout_begin(w);
	write_arg(d, w, nr, i, ba, &enter->hdr, v, in);
	w_inout_mid(w);
	write_arg(d, w, nr, i, ba, &enter->hdr, v, out);
	w_inout_end(w);
}

/*
 * The same for an argument a hand decoder shows: a pointer by its C type (a
 * number that may be an address, fcntl's arg, is the decoder's to show).
 */
static bool ba_ptr_not_followed(const struct decoder *d, int nr, int i)
{
	const struct beauty_arg *ba = arg_of(d, nr, i);

	return ba->type.ptr_depth > 0 && arg_not_followed(d, nr, ba);
}

/* -e raw=SET: every register the call has, in hex as strace's raw form (0 as 0). */
static void write_raw_args(const struct decoder *d, struct writer *w, int nr,
			   const struct call *call, int first, int last)
{
	struct wr_arg a;

	for (int i = first; i < last; i++) {
		__u64 v = call->enter->args[i];

		arg_info(d, catalog__by_nr(d->cat, nr), nr, i, v, &a);
		w->ops->arg_begin(w, &a);
		w_num(w, v, WR_HEX);
		w->ops->arg_end(w);
	}
}

/*
 * Writes arguments first..last-1. The exit record, when there is one,
 * supplies what the kernel wrote; an in/out argument that changed shows
 * "in => out". dropped: a record of the call came without its captures
 * (the view's captures_dropped), so its arguments are asked which.
 */
static void write_args(const struct decoder *d, struct writer *w, int nr, const struct call *call,
		       bool dropped, int first, int last)
{
	const struct syscall_desc *desc = catalog__by_nr(d->cat, nr);
	const struct bt_enter_rec *enter = call->enter;
	const struct hand_call hc = {.d = d, .nr = nr, .enter = enter, .exit = call->exit};
	bool formatted = desc && desc->has_format;
	struct wr_arg a;

	for (int i = first; i < last; i++) {
		__u64 v = syscall_desc__arg_value(desc, enter->args, i);

		/* the high half of an i386 call's 64-bit value: shown with its low half */
		if (syscall_desc__arg_hidden(desc, i))
			continue;
		if (formatted && i > 0 && arg_is_ignored(d, nr, i, enter->args))
			continue;
		arg_info(d, desc, nr, i, v, &a);
		a.dropped = formatted && dropped && decode_arg_dropped(d, nr, i, enter, call->exit);
		w->ops->arg_begin(w, &a);
		if (!formatted || d->opts.no_btf) {
			/*
			 * raw mode: numbers as the registers hold them; without a format, in
			 * hex as strace shows registers it knows nothing of (0, 0x40000000)
			 */
			w_num(w, v, d->opts.no_btf ? WR_REG : WR_HEX);
			w->ops->arg_end(w);
			continue;
		}
		if (d->call_hand[nr][i]) {
			enum hand_result shown = d->call_hand[nr][i](w, &hc, i);

			/*
			 * -e verbose=: a pointer the hand decoder followed shows as its
			 * address, in the place the decoder gave it (none: none)
			 */
			if (shown != HAND_OMIT && ba_ptr_not_followed(d, nr, i)) {
				w->ops->arg_cancel(w);
				w->ops->arg_begin(w, &a);
				w_ptr(w, v);
				w->ops->arg_end(w);
				continue;
			}
			switch (shown) {
			case HAND_PRINTED:
				w->ops->arg_end(w);
				continue;
			case HAND_OMIT:
				w->ops->arg_cancel(w);
				continue;
			case HAND_DEFAULT:
				break;
			}
		}
		write_arg_value(d, w, nr, i, call, v);
		w->ops->arg_end(w);
	}
}

/* A whole call by its family's decoder (clone's strace form), when it has one. */
static bool write_by_call_decoder(const struct decoder *d, struct writer *w, int nr,
				  const struct call *call, enum hand_part part)
{
	const struct hand_call hc = {.d = d, .nr = nr, .enter = call->enter, .exit = call->exit};
	const struct syscall_desc *desc = catalog__by_nr(d->cat, nr);

	if (!desc || !desc->has_format || d->opts.no_btf || nr < 0 || nr >= BT_MAX_SYSCALLS ||
	    !d->call_decoder[nr])
		return false;
	return d->call_decoder[nr](w, &hc, part);
}

/* restart_syscall's one "argument", strace's: <... resuming interrupted nanosleep ...>. */
static bool write_restart(const struct decoder *d, struct writer *w, const struct call_view *v)
{
	char text[96];

	if (v->nr != d->nr_restart_syscall || v->nr < 0)
		return false;
	/* strace's words when it did not see the interrupted call either */
	snprintf(text, sizeof(text), "<... resuming interrupted %s ...>",
		 v->resumes ? v->resumes : "system call");
	w_lit(w, text);
	return true;
}

/*
 * -e raw=SET: strace's raw form, every argument register in hex, all of
 * them at the call's start (strace prints them on entering); a resumed
 * line adds only the result. true when it was written.
 */
static bool write_raw_call(const struct decoder *d, struct writer *w, const struct call_view *v)
{
	const struct call *call = v->call;
	int nr = v->nr, nargs = decode_nargs(d, nr), split = 0;
	struct wr_call c = {.name = v->name, .args_known = call->enter != NULL};

	if (nr < 0 || nr >= BT_MAX_SYSCALLS || !(d->style[nr] & DECODE_STYLE_RAW))
		return false;
	switch (v->state) {
	case CALL_COMPLETE:
	case CALL_NORETURN:
		c.state = WR_CALL_WHOLE;
		break;
	case CALL_PENDING:
	case CALL_UNFINISHED:
		c.state = WR_CALL_UNFINISHED;
		break;
	case CALL_RESUMED:
		c.state = WR_CALL_RESUMED;
		split = w->resumed_whole ? 0 : nargs;
		break;
	case CALL_EVENT:
	case CALL_UNSHOWN:
		return true;
	}
	w->ops->call_begin(w, &c);
	if (call->enter)
		write_raw_args(d, w, nr, call, split, nargs);
	w->ops->call_end(w, false);
	return true;
}

static void write_call(const struct decoder *d, struct writer *w, const struct call_view *v);

void decode_write_call(const struct decoder *d, struct writer *w, const struct call_view *v)
{
	struct wr_limits saved = w->lim;
	const struct bt_rec_hdr *hdr = v->call && v->call->enter  ? &v->call->enter->hdr
				       : v->call && v->call->exit ? &v->call->exit->hdr
								  : NULL;
	int nr = v->nr;

	if (hdr && d->thread)
		d->thread->hdr = *hdr;
	if (write_raw_call(d, w, v))
		return;
	/* -e abbrev=SET leaves the call out (or -v): structs and arrays in full, as -v's */
	if (nr >= 0 && nr < BT_MAX_SYSCALLS && (d->style[nr] & DECODE_STYLE_FULL) &&
	    !w->lim.verbose) {
		w->lim.verbose = true;
		w->lim.array = 0;
	}
	write_call(d, w, v);
	w->lim = saved;
}

/*
 * -e io_uring=: an operation that stands for no syscall shows what any SQE carries, in
 * liburing's io_uring_prep_rw() order: fd, addr, len, off.
 */
static void write_uring_fields(struct writer *w, const struct bt_enter_rec *enter, int n)
{
	static const struct {
		const char *name, *type;
		enum wr_num fmt;
	} fields[] = {
		{"fd", "__s32", WR_DEC},
		{"addr", "__u64", WR_HEX},
		{"len", "__u32", WR_UDEC},
		{"off", "__u64", WR_UDEC},
	};

	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]) && (int)i < n; i++) {
		__u64 v = enter->args[i];
		struct wr_arg a = {.name = fields[i].name,
				   .type = fields[i].type,
				   .raw = v,
				   .is_signed = i == 0,
				   .is_pointer = i == 1};

		w->ops->arg_begin(w, &a);
		if (i == 1)
			w_ptr(w, v);
		else
			w_num(w, i == 0 ? (__u64)(__s64)(__s32)v : v, fields[i].fmt);
		w->ops->arg_end(w);
	}
}

/* An operation, whole: its arguments from its SQE, as the syscall's it stands for. */
static void write_uring_call(const struct decoder *d, struct writer *w, const struct call_view *v)
{
	const struct call *call = v->call;
	struct wr_call c = {.name = v->name,
			    .state = WR_CALL_WHOLE,
			    .args_known = (v->uring_flags & BT_URING_SQE_READ) != 0};
	int nr = v->nr;

	w->ops->call_begin(w, &c);
	if (c.args_known && (nr < 0 || nr >= BT_MAX_SYSCALLS))
		write_uring_fields(w, call->enter, uring_shape_of(v->uring_opcode)->nfields);
	else if (c.args_known && !write_by_call_decoder(d, w, nr, call, HAND_PART_ALL))
		write_args(d, w, nr, call, v->captures_dropped, 0, decode_nargs(d, nr));
	w->ops->call_end(w, false);
}

static void write_call(const struct decoder *d, struct writer *w, const struct call_view *v)
{
	const struct call *call = v->call;
	int nr = v->nr, nargs = decode_nargs(d, nr), split;
	struct wr_call c = {.name = v->name, .args_known = call->enter != NULL};

	if (v->via_uring) {
		write_uring_call(d, w, v);
		return;
	}

	switch (v->state) {
	case CALL_COMPLETE:
	case CALL_NORETURN:
		c.state = WR_CALL_WHOLE;
		w->ops->call_begin(w, &c);
		if (call->enter && !write_restart(d, w, v) &&
		    !write_by_call_decoder(d, w, nr, call, HAND_PART_ALL))
			write_args(d, w, nr, call, v->captures_dropped, 0, nargs);
		w->ops->call_end(w, false);
		break;
	case CALL_PENDING:
	case CALL_UNFINISHED:
		/*
		 * A pending call's start is shown (by the text sink) for its whole line to go on
		 * from: it stops before the first argument the exit fills in, in/out ones too,
		 * which the whole line writes otherwise than their input alone
		 */
		c.state = WR_CALL_UNFINISHED;
		split = v->state == CALL_PENDING ? decode_first_exit_arg(d, nr, nargs)
						 : decode_first_output_arg(d, nr, nargs);
		w->ops->call_begin(w, &c);
		write_restart(d, w, v);
		if (write_by_call_decoder(d, w, nr, call, HAND_PART_ENTER))
			split = nargs; /* the decoder's resumed part says what follows */
		else
			write_args(d, w, nr, call, v->captures_dropped, 0, split);
		w->ops->call_end(w, split < nargs);
		break;
	case CALL_RESUMED:
		c.state = WR_CALL_RESUMED;
		w->ops->call_begin(w, &c);
		if (call->enter &&
		    !write_by_call_decoder(d, w, nr, call,
					   w->resumed_whole ? HAND_PART_ALL : HAND_PART_EXIT)) {
			/* the text shows what the unfinished line did not; JSON all of it */
			split = w->resumed_whole ? 0 : decode_first_output_arg(d, nr, nargs);
			write_args(d, w, nr, call, v->captures_dropped, split, nargs);
		}
		w->ops->call_end(w, false);
		break;
	case CALL_EVENT:
	case CALL_UNSHOWN: /* the fd table's only */
		break;
	}
}

/* The kernel-internal restart codes (include/linux/errno.h), with what each means. */
static const char *restart_reason(__s64 ret)
{
	switch (ret) {
	case -512:
		return "To be restarted if SA_RESTART is set"; /* ERESTARTSYS */
	case -513:
		return "To be restarted"; /* ERESTARTNOINTR */
	case -514:
		return "To be restarted if no handler"; /* ERESTARTNOHAND */
	case -516:
		return "Interrupted by signal"; /* ERESTART_RESTARTBLOCK */
	}
	return NULL;
}

/* strerror's text; ENOTSUPP is kernel-internal and strerror does not know it. */
static const char *errno_text(int err)
{
	if (err == 524) /* ENOTSUPP */
		return "Operation not supported";
	return strerror(err);
}

/*
 * A value btftrace gave (retval=), as strace 6.1 prints one it injected: by the call's class of
 * result, with no sign unless the class has one. An fd is signed (-5000), a pid an int
 * (0x80000000 is -2147483648), an address hex; any other is unsigned, so retval=-1 on chdir is
 * 18446744073709551615, and umask's octal shows all 64 bits.
 */
static void injected_value_format(const struct decoder *d, int nr, struct wr_ret *r)
{
	if (nr < 0 || nr >= BT_MAX_SYSCALLS || d->ret_is_address[nr])
		return;
	switch (d->fd_effect[nr]) {
	case FD_FX_OPEN:
	case FD_FX_NEW:
	case FD_FX_DUP:
	case FD_FX_DUP2:
		return;
	default:
		break;
	}
	if (d->ret_pid_kind[nr]) {
		r->value = (int)r->value;
		return;
	}
	r->fmt = WR_UDEC;
}

void decode_write_return(const struct decoder *d, struct writer *w, const struct call_view *v)
{
	const struct call *call = v->call;
	const struct bt_exit_rec *exit = call->exit;
	struct wr_ret r = {.kind = WR_RET_NONE, .fmt = WR_DEC};
	char pathbuf[4096];
	struct wr_fd_info fd_info;
	int nr;

	if (!exit) {
		w->ops->ret(w, &r);
		return;
	}
	/* retval=-1 is strace's "= 18446744073709551615 (INJECTED)": a value, never an error */
	if (v->injected_value)
		goto value;
	if (restart_reason(exit->ret)) {
		r.kind = WR_RET_RESTART;
		r.err = (int)-exit->ret;
		r.errname = xlat_errno_name(r.err);
		r.errtext = restart_reason(exit->ret);
		w->ops->ret(w, &r);
		return;
	}
	if (decode_is_error(exit->ret)) {
		r.kind = WR_RET_ERROR;
		r.err = (int)-exit->ret;
		r.errname = xlat_errno_name(r.err);
		r.errtext = errno_text(r.err);
		w->ops->ret(w, &r);
		return;
	}
value:
	nr = exit->hdr.nr;
	r.kind = WR_RET_VALUE;
	r.value = exit->ret;
	/* -e raw=: the value alone, in hex */
	if (nr >= 0 && nr < BT_MAX_SYSCALLS && (d->style[nr] & DECODE_STYLE_RAW)) {
		r.fmt = WR_HEX;
		w->ops->ret(w, &r);
		return;
	}
	if (nr >= 0 && nr < BT_MAX_SYSCALLS && d->ret_is_address[nr])
		r.fmt = WR_HEX;
	if (v->injected_value)
		injected_value_format(d, nr, &r);
	/* an io_uring operation into a registered slot returns no fd (0 on success) */
	if (d->fds && !(v->via_uring && (v->uring_flags & BT_URING_DIRECT)))
		r.fd = decode_fd_info(d, &exit->hdr, (int)exit->ret,
				      decode_returned_fd_path(d, call, pathbuf, sizeof(pathbuf)),
				      &fd_info);
	if (d->pids && !d->opts.no_btf && nr >= 0 && nr < BT_MAX_SYSCALLS)
		decode_pid_return(d, call, &r);
	if (call->enter && nr >= 0 && nr < BT_MAX_SYSCALLS && d->ret_hand[nr] && !d->opts.no_btf) {
		const struct hand_call hc = {.d = d, .nr = nr, .enter = call->enter, .exit = exit};

		if (d->ret_hand[nr](w, &hc, &r))
			return;
	}
	w->ops->ret(w, &r);
}

/*
 * The first return of a new child from clone/fork (0), whose enter was its
 * parent's: strace does not show it, and the parent's line says it all.
 */
static bool is_child_start(const struct decoder *d, const struct call *call)
{
	char namebuf[32];
	const char *name;

	if (call->state != CALL_RESUMED || call->enter || !call->exit || call->exit->ret != 0)
		return false;
	name = decode_syscall_name(d, call->exit->hdr.nr, namebuf, sizeof(namebuf));
	return !strcmp(name, "clone") || !strcmp(name, "clone3") || !strcmp(name, "fork") ||
	       !strcmp(name, "vfork");
}

/* The cgroup id an event record carries (0: none, or it was not asked for). */
static __u64 event_cgroup(const struct bt_rec_hdr *hdr)
{
	if (hdr->type == BT_REC_SIGNAL)
		return ((const struct bt_signal_rec *)hdr)->cgroup;
	if (hdr->type == BT_REC_TASK_EXIT)
		return ((const struct bt_task_exit_rec *)hdr)->cgroup;
	if (hdr->type == BT_REC_EVENT)
		return ((const struct bt_event_rec *)hdr)->cgroup;
	if (hdr->type == BT_REC_KFUNC_ENTRY)
		return ((const struct bt_kfunc_rec *)hdr)->cgroup;
	return 0;
}

static void view_kfunc(const struct decoder *d, const struct bt_kfunc_rec *rec,
		       struct call_view *v);

static void view_event(const struct decoder *d, const struct bt_rec_hdr *hdr, struct call_view *v)
{
	switch (hdr->type) {
	case BT_REC_SIGNAL: {
		const struct bt_signal_rec *rec = (const void *)hdr;

		v->event = CEV_SIGNAL;
		v->signo = rec->sig;
		xlat_signal_name(v->signame_buf, sizeof(v->signame_buf), (__u64)(__s64)rec->sig);
		v->signame = v->signame_buf;
		break;
	}
	case BT_REC_TASK_EXIT: {
		const struct bt_task_exit_rec *rec = (const void *)hdr;
		int code = rec->exit_code;

		v->event = CEV_EXIT;
		v->group_dead = rec->group_dead;
		v->killed = WIFSIGNALED(code);
		if (v->killed) {
			v->signo = WTERMSIG(code);
			v->core_dumped = WCOREDUMP(code);
			xlat_signal_name(v->signame_buf, sizeof(v->signame_buf), v->signo);
			v->signame = v->signame_buf;
		} else {
			v->exit_status = WEXITSTATUS(code);
		}
		break;
	}
	case BT_REC_EXEC:
		v->event = CEV_SUPERSEDED;
		v->old_tid = ((const struct bt_exec_rec *)hdr)->old_tid;
		break;
	case BT_REC_DETACH:
		v->event = CEV_DETACHED;
		break;
	case BT_REC_LOST: {
		const struct bt_lost *lost = &((const struct bt_lost_rec *)hdr)->lost;

		v->event = CEV_LOST;
		v->lost_calls = lost->enters;
		v->lost_returns = lost->exits;
		v->lost_events = lost->events;
		break;
	}
	case BT_REC_EVENT: {
		const struct bt_event_rec *rec = (const void *)hdr;

		v->event = CEV_TRACEPOINT;
		v->tracepoint = tp_set__find(d->tracepoints, rec->event_id);
		if (v->tracepoint) {
			v->name = v->tracepoint->full;
		} else {
			snprintf(v->namebuf, sizeof(v->namebuf), "event_%u", rec->event_id);
			v->name = v->namebuf;
		}
		break;
	}
	case BT_REC_KFUNC_ENTRY:
		view_kfunc(d, (const void *)hdr, v);
		break;
	}
}

/*
 * -k, --kernel-stack: the stacks of a call shown whole or at its end; a call of a syscall
 * selected for stacks whose stack record never came lost it to a full ring buffer.
 */
static void view_stack(const struct decoder *d, const struct call *call, struct call_view *v)
{
	/* not a line's end: the stack comes with the line that ends the call */
	if (!d->stacks || !call->enter || v->state == CALL_UNFINISHED || v->state == CALL_PENDING ||
	    v->state == CALL_UNSHOWN)
		return;
	if (call->stack) {
		v->has_stack = !stack_unwinder__resolve(d->stacks, call->stack,
							call->stack->hdr.size, &v->stack);
		return;
	}
	v->stack_lost = v->nr >= 0 && v->nr < BT_MAX_SYSCALLS &&
			(d->beauty->rules[v->nr].flags & BT_SC_STACK);
}

/* --kfunc: a kernel function's call, with its return when it came. */
static void view_kfunc(const struct decoder *d, const struct bt_kfunc_rec *rec, struct call_view *v)
{
	const struct bt_kfunc_rec *exit = v->call->kfunc_exit;

	v->event = CEV_KFUNC;
	v->nr = -1;
	v->kfunc = kfunc_set__get(d->kfuncs, rec->func);
	v->kfunc_depth = v->call->kfunc_depth;
	if (v->kfunc) {
		v->name = v->kfunc->name;
	} else {
		snprintf(v->namebuf, sizeof(v->namebuf), "kfunc_%u", rec->func);
		v->name = v->namebuf;
	}
	if (exit) {
		v->returned = true;
		v->end_ts = exit->hdr.ts;
		if (exit->hdr.ts >= rec->hdr.ts) {
			v->timed = true;
			v->duration_ns = exit->hdr.ts - rec->hdr.ts;
		}
	}
}

/* -e io_uring=: an operation's call, named after its opcode. */
static void view_uring(const struct call *call, struct call_view *v)
{
	const struct bt_uring_submit_rec *submit = (const void *)call->enter;
	const struct bt_uring_complete_rec *complete = (const void *)call->exit;

	v->via_uring = true;
	v->uring_opcode = submit->opcode;
	v->uring_user_data = submit->user_data;
	v->uring_flags = complete ? complete->uflags : submit->uflags;
	v->name = uring_call_name(submit->opcode);
	/* no unread SQE's: a result that came where the buffers could not be read */
	v->captures_dropped = v->captures_dropped && (v->uring_flags & BT_URING_SQE_READ);
}

void decode_view(const struct decoder *d, const struct call *call, struct call_view *v)
{
	const struct bt_rec_hdr *hdr;

	memset(v, 0, sizeof(*v));
	v->call = call;
	v->state = call->state;
	if (call->state == CALL_EVENT) {
		hdr = call->event;
		v->pid = hdr->tgid;
		v->tid = hdr->tid;
		v->ts = hdr->ts;
		if (d->containers)
			v->container = container_table__of_thread(d->containers, v->tid,
								  event_cgroup(hdr));
		view_event(d, hdr, v);
		return;
	}
	hdr = call->enter ? &call->enter->hdr : &call->exit->hdr;
	v->pid = hdr->tgid;
	v->tid = hdr->tid;
	if (d->containers)
		v->container = container_table__of_thread(d->containers, v->tid,
							  call->enter ? call->enter->cgroup
								      : call->exit->cgroup);
	v->ts = hdr->ts;
	v->nr = hdr->nr;
	v->name = decode_syscall_name(d, hdr->nr, v->namebuf, sizeof(v->namebuf));
	if (call->enter) {
		v->comm = call->enter->comm;
		v->comm_len = strnlen(call->enter->comm, BT_COMM_LEN);
		v->ip = call->enter->ip;
		v->has_ip = true;
	}
	if (call->exit) {
		v->returned = true;
		v->failed = decode_is_error(call->exit->ret);
		v->end_ts = call->exit->hdr.ts;
	}
	v->detached = call->detached;
	if (call->enter && call->exit && call->exit->hdr.ts >= call->enter->hdr.ts) {
		v->timed = true;
		v->duration_ns = call->exit->hdr.ts - call->enter->hdr.ts;
	}
	v->captures_dropped = (call->enter && record_captures_dropped(&call->enter->hdr)) ||
			      (call->exit && record_captures_dropped(&call->exit->hdr));
	v->captures_not_kept = (call->enter && record_captures_not_kept(&call->enter->hdr)) ||
			       (call->exit && record_captures_not_kept(&call->exit->hdr));
	if (call->exit && call->exit->hdr.ncaps) {
		const struct bt_capture *note = record_capture(&call->exit->hdr, BT_CAP_ARG_NOTE);

		v->injected = note && (note->want & BT_NOTE_INJECTED);
		v->delayed = note && (note->want & BT_NOTE_DELAYED);
		v->injected_value = note && (note->want & BT_NOTE_RETVAL);
		if (v->injected_value)
			v->failed = false;
	}
	if (call->enter && call->enter->hdr.type == BT_REC_URING_SUBMIT)
		view_uring(call, v);
	v->child_start = is_child_start(d, call);
	if (call->resumes_known && v->nr == d->nr_restart_syscall && v->nr >= 0)
		v->resumes = decode_syscall_name(d, call->resumes_nr, v->resumes_buf,
						 sizeof(v->resumes_buf));
	view_stack(d, call, v);
}

// SPDX-License-Identifier: GPL-2.0
/* Formats calls: each argument by its role and C type, its captured bytes, and the return value. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <bpf/btf.h>

#include "decode/arg_printers.h"
#include "decode/btf_printer.h"
#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/quote.h"
#include "decode/xlat.h"

void decode_opts_default(struct decode_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->string_limit = 32;
	o->struct_depth = 4;
}

static bool returns_address(const char *name);
static int open_mode_arg(const struct syscall_desc *desc);

/*
 * The x86_64 calls whose hand decoders an i386 call that takes their format
 * may use: each was read for what it assumes of the layout, and takes the
 * struct it prints from the beauty map (compat_* for i386) or reads only
 * values, strings and little-endian bitmaps. Not setsockopt's and
 * getsockopt's values (a struct timeval of x86_64) nor sendmsg's and
 * recvmsg's headers (x86_64's struct user_msghdr).
 */
static bool i386_hand_ok(const char *like, const char *arg)
{
	static const char *const checked[] = {
		"getdents64",
		"bind",
		"connect",
		"sendto",
		"recvfrom",
		"accept",
		"accept4",
		"getsockname",
		"getpeername",
		"rt_sigprocmask",
		"rt_sigpending",
		"rt_sigsuspend",
		"rt_sigtimedwait",
		"signalfd",
		"signalfd4",
		"epoll_pwait",
		"epoll_pwait2",
		"ppoll",
		"sched_getaffinity",
		"sched_setaffinity",
		"getcwd",
		"socket",
		"socketpair",
		"setsockopt",
		"getsockopt",
		"ioctl",
		"bpf",
		"perf_event_open",
		"prctl",
		"fcntl",
		"futex",
		"select",
		"pselect6",
		"wait4",
		"umask",
	};

	if ((!strcmp(like, "setsockopt") || !strcmp(like, "getsockopt")) && arg &&
	    !strcmp(arg, "optval"))
		return false;
	for (size_t i = 0; i < sizeof(checked) / sizeof(checked[0]); i++) {
		if (!strcmp(checked[i], like))
			return true;
	}
	return false;
}

int decoder__init(struct decoder *d, const struct catalog *cat, const struct beauty *beauty,
		  const struct types *types, const struct decode_opts *opts)
{
	memset(d, 0, sizeof(*d));
	d->member_cache = calloc(MEMBER_CACHE_SLOTS, sizeof(*d->member_cache));
	if (!d->member_cache)
		return -ENOMEM;
	d->cat = cat;
	d->beauty = beauty;
	d->types = types;
	d->opts = *opts;
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		const struct syscall_desc *desc = catalog__by_nr(cat, nr);
		/* an i386 call decodes as the x86_64 call whose format it takes */
		const char *like;
		bool i386;

		if (!desc)
			continue;
		like = syscall_desc__like(desc);
		i386 = bt_id_is_i386(nr);
		for (int i = 0; i < desc->nargs; i++) {
			const char *arg = desc->args[i].name;

			d->printers[nr][i] = value_printer_find(like, arg);
			if (i386 && !i386_hand_ok(like, arg))
				continue;
			d->hand[nr][i] = hand_decoder_find(like, arg);
			d->call_hand[nr][i] = hand_arg_decoder_find(like, arg);
		}
		if (!i386 || i386_hand_ok(like, NULL))
			d->ret_hand[nr] = hand_return_decoder_find(like);
		d->fd_effect[nr] = decode_fd_effect_of(like);
		d->ret_is_address[nr] = returns_address(like);
		d->open_mode_arg[nr] = open_mode_arg(desc);
	}
	return 0;
}

void decoder__free(struct decoder *d)
{
	free(d->member_cache);
	d->member_cache = NULL;
}

/* The printers of a struct member, through a direct-mapped cache. */
const struct member_cache_slot *decode_member_slot(const struct decoder *d, const struct btf *btf,
						   __u32 parent_id, const char *member)
{
	struct member_cache_slot *slot;
	const struct btf_type *parent;
	const char *scope;

	slot = &d->member_cache[(parent_id * 31 + ((uintptr_t)member >> 2)) % MEMBER_CACHE_SLOTS];
	if (slot->member == member && slot->parent_id == parent_id)
		return slot;
	parent = btf__type_by_id(btf, parent_id);
	scope = parent ? btf__name_by_offset(btf, parent->name_off) : NULL;
	slot->parent_id = parent_id;
	slot->member = member;
	slot->vp = NULL;
	slot->hand = NULL;
	if (scope && *scope) {
		slot->vp = value_printer_find(scope, member);
		/* "*" entries are for syscall arguments, never struct members */
		if (slot->vp && !strcmp(slot->vp->scope, "*"))
			slot->vp = NULL;
		slot->hand = hand_decoder_find(scope, member);
	}
	return slot;
}

const char *decode_syscall_name(const struct decoder *d, int nr, char *buf, size_t size)
{
	return catalog__name(d->cat, nr, buf, size);
}

/* Calls whose return value is an address, shown in hex. */
static bool returns_address(const char *name)
{
	return !strcmp(name, "mmap") || !strcmp(name, "mremap") || !strcmp(name, "brk") ||
	       !strcmp(name, "shmat");
}

static void print_pointer(struct outbuf *ob, __u64 v)
{
	if (!v)
		outbuf_puts(ob, "NULL");
	else
		outbuf_hex(ob, v);
}

static void print_plain_value(const struct decoder *d, struct outbuf *ob, int nr, int i,
			      const struct beauty_arg *ba, __u64 v)
{
	const struct value_printer *vp =
		nr >= 0 && nr < BT_MAX_SYSCALLS ? d->printers[nr][i] : NULL;
	__u32 size = ba->type.value_size ? ba->type.value_size : 8;

	if (vp && !d->opts.no_btf) {
		__u64 narrowed = ba->type.is_signed ? (__u64)decode_narrow_signed(v, size)
						    : decode_narrow_unsigned(v, size);

		if (value_printer_format(vp, ob, narrowed, d->opts.xlat) == 0)
			return;
	}
	if (ba->type.is_signed)
		outbuf_s64(ob, decode_narrow_signed(v, size));
	else
		outbuf_u64(ob, decode_narrow_unsigned(v, size));
}

struct hook_ctx {
	const struct decoder *d;
	const struct decode_btf_extra *extra; /* may be NULL */
};

/* Member beautifiers: st_mode as S_IFREG|0644, sa_flags by name, sa_mask as [USR1], and so on. */
static bool member_hook(void *ctx, struct outbuf *ob, const struct btf *btf, __u32 parent_id,
			const char *member_name, __u32 member_type_id, const void *data, size_t len)
{
	const struct hook_ctx *hc = ctx;
	const struct decoder *d = hc->d;
	const struct decode_btf_extra *extra = hc->extra;
	const struct member_cache_slot *slot;
	const struct value_printer *vp;
	const struct btf_type *mt, *parent;
	hand_decode_fn hand;
	__u64 v = 0;

	if (extra && extra->hook &&
	    extra->hook(extra->hook_ctx, ob, btf, parent_id, member_name, member_type_id, data,
			len))
		return true;
	slot = decode_member_slot(d, btf, parent_id, member_name);
	vp = slot->vp;
	hand = slot->hand;
	parent = btf__type_by_id(btf, parent_id);
	if (!vp && !hand && extra && extra->scope && parent && !parent->name_off) {
		/* a member of an anonymous struct: the caller names the scope */
		vp = value_printer_find(extra->scope, member_name);
		if (vp && !strcmp(vp->scope, "*"))
			vp = NULL;
		hand = hand_decoder_find(extra->scope, member_name);
	}
	if (hand) {
		hand(d, ob, data, len, false);
		return true;
	}
	if (!vp)
		return false;
	mt = btf__type_by_id(btf, types__skip_mods(btf, member_type_id));
	if (!mt || !(btf_is_int(mt) || btf_is_enum(mt) || btf_is_ptr(mt)))
		return false;
	if (btf_is_ptr(mt)) {
		if (len != sizeof(v))
			return false;
		memcpy(&v, data, sizeof(v));
	} else {
		if (mt->size > 8 || len < mt->size)
			return false;
		memcpy(&v, data, mt->size);
		if (btf_is_int(mt) && (btf_int_encoding(mt) & BTF_INT_SIGNED))
			v = decode_narrow_signed(v, mt->size);
	}
	return value_printer_format(vp, ob, v, d->opts.xlat) == 0;
}

static void btf_opts_of(const struct decoder *d, struct btf_print_opts *po, struct hook_ctx *hc)
{
	btf_print_opts_default(po);
	po->max_depth = d->opts.struct_depth;
	po->max_array = d->opts.verbose ? 0 : 32;
	po->max_string = d->opts.string_limit;
	po->no_zeros = d->opts.no_zeros;
	po->pretty = d->opts.pretty;
	po->member_hook = member_hook;
	po->hook_ctx = hc;
}

void decode_print_btf(const struct decoder *d, struct outbuf *ob, __u32 type_id, const void *data,
		      size_t len, const struct decode_btf_extra *extra)
{
	struct hook_ctx hc = {.d = d, .extra = extra};
	struct btf_print_opts po;

	btf_opts_of(d, &po, &hc);
	po.cut_silently = extra && extra->sized_by_caller;
	if (btf_print_value(ob, d->types->btf, type_id, data, len, &po))
		outbuf_putc(ob, '?');
}

/* Pointers to a number print its value in brackets, as strace does: [4]. */
static bool is_scalar_type(const struct btf *btf, __u32 id)
{
	const struct btf_type *t = btf__type_by_id(btf, types__skip_mods(btf, id));

	return t && (btf_is_int(t) || btf_is_any_enum(t) || btf_is_ptr(t) || btf_is_float(t));
}

static void print_struct(const struct decoder *d, struct outbuf *ob, const struct beauty_arg *ba,
			 const struct bt_capture *cap)
{
	const struct btf *btf = d->types ? d->types->btf : NULL;
	struct hook_ctx hc = {.d = d};
	struct btf_print_opts po;
	long size;

	if (!btf || d->opts.no_btf || !ba->print_type_id) {
		quote_bytes(ob, decode_cap_data(cap), cap->len, d->opts.string_limit, false,
			    cap->flags & BT_CAP_TRUNCATED);
		return;
	}
	btf_opts_of(d, &po, &hc);
	size = btf__resolve_size(btf, ba->print_type_id);
	/* an array of structs when the rule read more than one */
	if (size > 0 && (ba->is_array || cap->len >= 2 * size || ba->elem_count_arg >= 0 ||
			 (cap->want && cap->want != size))) {
		size_t n = cap->len / size, shown = n;
		int limit = d->opts.verbose ? 0 : 32;

		if (limit && shown > (size_t)limit)
			shown = limit;
		outbuf_putc(ob, '[');
		for (size_t k = 0; k < shown; k++) {
			if (k)
				outbuf_puts(ob, ", ");
			btf_print_value(ob, btf, ba->print_type_id,
					(const char *)decode_cap_data(cap) + k * size, size, &po);
		}
		if (shown < n || (cap->flags & BT_CAP_TRUNCATED))
			outbuf_puts(ob, shown ? ", ..." : "...");
		outbuf_putc(ob, ']');
		return;
	}
	if (is_scalar_type(btf, ba->print_type_id)) {
		outbuf_putc(ob, '[');
		btf_print_value(ob, btf, ba->print_type_id, decode_cap_data(cap), cap->len, &po);
		outbuf_putc(ob, ']');
		return;
	}
	btf_print_value(ob, btf, ba->print_type_id, decode_cap_data(cap), cap->len, &po);
}

/* execve's argv: ["ls", "-l"]; its envp counted: 0x7ffd... / * 23 vars * /. */
static void print_strv(const struct decoder *d, struct outbuf *ob, int nr, int i, __u64 v,
		       const struct bt_capture *cap)
{
	const char *p = decode_cap_data(cap), *end = p + cap->len;
	const struct bt_str_part *part;
	unsigned int shown = 0;

	if (d->beauty->rules[nr].enter[i].kind == BT_KIND_STRV_COUNT) {
		print_pointer(ob, v);
		outbuf_printf(ob, " /* %u var%s%s */", cap->want, cap->want == 1 ? "" : "s",
			      cap->flags & BT_CAP_TRUNCATED ? " or more" : "");
		return;
	}
	outbuf_putc(ob, '[');
	while ((part = decode_next_str_part(&p, end))) {
		const char *str = (const char *)(part + 1);
		size_t len = part->len;

		if (shown++)
			outbuf_puts(ob, ", ");
		if (part->flags & BT_CAP_FAULT) {
			outbuf_puts(ob, "???");
		} else {
			/* the NUL is part of the capture, not of the string */
			if (len && str[len - 1] == '\0')
				len--;
			quote_bytes(ob, str, len, 0, true, part->flags & BT_CAP_TRUNCATED);
		}
	}
	if (shown < cap->want || (cap->flags & BT_CAP_TRUNCATED))
		outbuf_puts(ob, shown ? ", ..." : "...");
	outbuf_putc(ob, ']');
}

/* readv/writev's buffers: [{iov_base="ab", iov_len=2}, ...], the bytes up to -s each. */
void decode_print_iovec(const struct decoder *d, struct outbuf *ob, const struct bt_capture *cap)
{
	const char *p = decode_cap_data(cap), *end = p + cap->len;
	const struct bt_iov_part *part;
	unsigned int shown = 0;

	outbuf_putc(ob, '[');
	while ((part = decode_next_iov_part(&p, end))) {
		const char *data = (const char *)(part + 1);

		if (shown++)
			outbuf_puts(ob, ", ");
		outbuf_puts(ob, "{iov_base=");
		if (part->flags & BT_CAP_FAULT)
			print_pointer(ob, part->base);
		else
			quote_bytes(ob, data, part->got, d->opts.string_limit, false,
				    part->flags & BT_CAP_TRUNCATED);
		outbuf_puts(ob, ", iov_len=");
		outbuf_u64(ob, part->len);
		outbuf_putc(ob, '}');
	}
	if (shown < cap->want || (cap->flags & BT_CAP_TRUNCATED))
		outbuf_puts(ob, shown ? ", ..." : "...");
	outbuf_putc(ob, ']');
}

/*
 * One argument, from the capture chosen for it (NULL when nothing was read),
 * len of its bytes shown (more: there were more).
 */
static void print_arg_len(const struct decoder *d, struct outbuf *ob, int nr, int i,
			  const struct beauty_arg *ba, __u64 v, const struct bt_capture *cap,
			  size_t len, bool more)
{
	if (ba->role == ROLE_VALUE || (ba->type.ptr_depth == 0 && !cap)) {
		print_plain_value(d, ob, nr, i, ba, v);
		return;
	}
	if (!cap || (cap->flags & BT_CAP_FAULT)) {
		/* nothing read, or the pointer faulted: the address is all there is */
		print_pointer(ob, v);
		return;
	}
	if (ba->role == ROLE_STRV && !d->opts.no_btf) {
		print_strv(d, ob, nr, i, v, cap);
		return;
	}
	if (ba->role == ROLE_IOVEC && !d->opts.no_btf) {
		decode_print_iovec(d, ob, cap);
		return;
	}
	if (d->hand[nr][i] == hand_print_sockaddr && len < sizeof(sa_family_t) && !more) {
		/* not even a family: strace shows the address */
		print_pointer(ob, v);
		return;
	}
	if (d->hand[nr][i] && !d->opts.no_btf) {
		d->hand[nr][i](d, ob, decode_cap_data(cap), len, more);
		return;
	}
	switch (ba->role) {
	case ROLE_STRING:
		/* paths are shown whole, as strace does; the capture cap still applies */
		quote_bytes(ob, decode_cap_data(cap), cap->len, 0, true,
			    cap->flags & BT_CAP_TRUNCATED);
		break;
	case ROLE_BUFFER:
		quote_bytes(ob, decode_cap_data(cap), len, d->opts.string_limit, false, more);
		break;
	case ROLE_STRUCT:
		/*
		 * a size of 0 (bpf's size argument): nothing was read, the address
		 * is all; an array of none still shows [] (getgroups() = 0)
		 */
		if (!cap->len && !ba->is_array && ba->elem_count_arg < 0)
			print_pointer(ob, v);
		else
			print_struct(d, ob, ba, cap);
		break;
	default:
		print_pointer(ob, v);
		break;
	}
}

static void print_arg(const struct decoder *d, struct outbuf *ob, int nr, int i,
		      const struct beauty_arg *ba, __u64 v, const struct bt_capture *cap)
{
	print_arg_len(d, ob, nr, i, ba, v, cap, cap ? cap->len : 0, cap && decode_cap_cut(cap));
}

/*
 * open and openat ignore mode unless they create a file; strace leaves it out
 * then, and so do we, so that lines compare. The mode argument's index, or 0.
 */
static int open_mode_arg(const struct syscall_desc *desc)
{
	if (strcmp(desc->name, "openat") && strcmp(desc->name, "open"))
		return 0;
	for (int i = 1; i < desc->nargs; i++) {
		if (!strcmp(desc->args[i].name, "mode"))
			return i;
	}
	return 0;
}

static bool arg_is_ignored(const struct decoder *d, int nr, int i, const __u64 *args)
{
	if (d->open_mode_arg[nr] != i)
		return false;
	/* O_TMPFILE includes O_DIRECTORY: all of its bits, not any, make a file */
	return !(args[i - 1] & O_CREAT) && (args[i - 1] & O_TMPFILE) != O_TMPFILE;
}

void decode_arg_captures(const struct bt_enter_rec *enter, const struct bt_exit_rec *exit, int i,
			 const struct bt_capture **in, const struct bt_capture **out)
{
	*in = record_capture(&enter->hdr, i);
	*out = exit ? record_capture(&exit->hdr, i) : NULL;
	if (*out && ((*out)->flags & BT_CAP_LATE)) {
		/*
		 * An input read again at exit: its page (or a vector element's)
		 * was absent at enter. Unless it failed again, it is the better read.
		 */
		if (!*in || ((*in)->flags & BT_CAP_FAULT) || !((*out)->flags & BT_CAP_FAULT))
			*in = *out;
		*out = NULL;
	}
	if (*out && decode_is_error(exit->ret))
		*out = NULL;
}

void decode_call_captures(const struct decoder *d, int nr, int i, const struct bt_enter_rec *enter,
			  const struct bt_exit_rec *exit, const struct bt_capture **in,
			  const struct bt_capture **out)
{
	const struct bt_capture *c;

	decode_arg_captures(enter, exit, i, in, out);
	if (nr < 0 || nr >= BT_MAX_SYSCALLS ||
	    !(d->beauty->rules[nr].exit[i].flags & BT_RULE_IF_INTERRUPTED))
		return;
	/* written only when a signal cut the call short: then even though it "failed" */
	*out = NULL;
	if (!exit || !bt_ret_interrupted(exit->ret))
		return;
	c = record_capture(&exit->hdr, i);
	if (c && !(c->flags & BT_CAP_LATE))
		*out = c;
}

/* A captured int, or false when it was not read whole. */
static bool cap_int(const struct bt_capture *cap, int *v)
{
	if (!cap || cap->len < sizeof(*v))
		return false;
	memcpy(v, decode_cap_data(cap), sizeof(*v));
	return true;
}

size_t decode_written_len(const struct decoder *d, int nr, int i, const struct bt_enter_rec *enter,
			  const struct bt_exit_rec *exit, const struct bt_capture *out, bool *more)
{
	const struct hand_call hc = {.d = d, .nr = nr, .enter = enter, .exit = exit};
	int k = nr >= 0 && nr < BT_MAX_SYSCALLS ? d->beauty->calls[nr].args[i].written_len_arg : -1;
	int size, len;
	size_t n;

	*more = decode_cap_cut(out);
	if (k < 0 || !cap_int(hand_call_out(&hc, k), &len) || len < 0)
		return out->len;
	/* the kernel copies no more than the buffer holds, and says how long the whole is */
	n = len;
	if (cap_int(hand_call_in(&hc, k), &size) && size >= 0 && (size_t)size < n)
		n = size;
	*more = n > out->len;
	return *more ? out->len : n;
}

const struct bt_rec_hdr *decode_msghdr_parts(const struct decoder *d, int nr, int i,
					     const struct bt_enter_rec *enter,
					     const struct bt_exit_rec *exit)
{
	const struct bt_syscall_rules *rules = &d->beauty->rules[nr];

	if (rules->enter[i].kind == BT_KIND_MSGHDR)
		return &enter->hdr;
	/* recvmsg's buffers mean nothing until it returns: only its exit carries them */
	if (rules->exit[i].kind == BT_KIND_MSGHDR && exit && !decode_is_error(exit->ret))
		return &exit->hdr;
	return NULL;
}

const struct bt_capture *hand_call_in(const struct hand_call *hc, int i)
{
	const struct bt_capture *in = record_capture(&hc->enter->hdr, i), *late;

	if ((!in || (in->flags & BT_CAP_FAULT)) && hc->exit) {
		/* an input whose page was absent at enter, read again at exit */
		late = record_capture(&hc->exit->hdr, i);
		if (late && (late->flags & BT_CAP_LATE))
			in = late;
	}
	return in && !(in->flags & BT_CAP_FAULT) ? in : NULL;
}

const struct bt_capture *hand_call_out(const struct hand_call *hc, int i)
{
	const struct bt_capture *out;

	if (!hc->exit || decode_is_error(hc->exit->ret))
		return NULL;
	out = record_capture(&hc->exit->hdr, i);
	if (!out || (out->flags & (BT_CAP_LATE | BT_CAP_FAULT)))
		return NULL;
	return out;
}

const char *hand_call_name(const struct hand_call *hc)
{
	const struct syscall_desc *desc = catalog__by_nr(hc->d->cat, hc->nr);

	return desc ? desc->name : "";
}

bool hand_call_failed(const struct hand_call *hc)
{
	return hc->exit && decode_is_error(hc->exit->ret);
}

/* A number the kernel updated in place: [16 => 8], as strace writes it. */
static bool print_scalar_inout(const struct decoder *d, struct outbuf *ob,
			       const struct beauty_arg *ba, const struct bt_capture *in,
			       const struct bt_capture *out)
{
	const struct btf *btf = d->types ? d->types->btf : NULL;
	struct hook_ctx hc = {.d = d};
	struct btf_print_opts po;
	long size;

	if (ba->role != ROLE_STRUCT || !btf || !ba->print_type_id || ba->is_array ||
	    !is_scalar_type(btf, ba->print_type_id))
		return false;
	size = btf__resolve_size(btf, ba->print_type_id);
	if (size <= 0 || in->len != size || out->len != size)
		return false;
	btf_opts_of(d, &po, &hc);
	outbuf_putc(ob, '[');
	btf_print_value(ob, btf, ba->print_type_id, decode_cap_data(in), in->len, &po);
	outbuf_puts(ob, " => ");
	btf_print_value(ob, btf, ba->print_type_id, decode_cap_data(out), out->len, &po);
	outbuf_putc(ob, ']');
	return true;
}

/*
 * Prints arguments first..last-1. The exit record, when there is one,
 * supplies what the kernel wrote; an in/out argument that changed prints
 * "in => out".
 */
static void print_args(const struct decoder *d, struct outbuf *ob, int nr,
		       const struct bt_enter_rec *enter, const struct bt_exit_rec *exit, int first,
		       int last)
{
	const struct syscall_desc *desc = catalog__by_nr(d->cat, nr);
	const struct bt_syscall_rules *rules =
		nr >= 0 && nr < BT_MAX_SYSCALLS ? &d->beauty->rules[nr] : NULL;
	const struct beauty_syscall *bs =
		nr >= 0 && nr < BT_MAX_SYSCALLS ? &d->beauty->calls[nr] : NULL;
	const struct hand_call hc = {.d = d, .nr = nr, .enter = enter, .exit = exit};
	bool formatted = desc && desc->has_format;
	bool sep = false;

	for (int i = first; i < last; i++) {
		const struct bt_capture *in = NULL, *out = NULL;
		const struct beauty_arg *ba;
		__u64 v = syscall_desc__arg_value(desc, enter->args, i);
		size_t mark = ob->len, body;

		if (syscall_desc__arg_hidden(desc, i))
			continue;
		if (formatted && i > 0 && arg_is_ignored(d, nr, i, enter->args))
			continue;
		if (sep)
			outbuf_puts(ob, ", ");
		if (d->opts.arg_names && formatted) {
			outbuf_puts(ob, desc->args[i].name);
			outbuf_puts(ob, ": ");
		}
		if (!formatted || d->opts.no_btf) {
			/* raw mode: numbers as the registers hold them */
			outbuf_hex(ob, v);
			sep = true;
			continue;
		}
		if (d->call_hand[nr][i]) {
			body = ob->len;
			switch (d->call_hand[nr][i](ob, &hc, i)) {
			case HAND_PRINTED:
				sep = true;
				continue;
			case HAND_OMIT:
				outbuf_truncate(ob, mark);
				continue;
			case HAND_DEFAULT:
				outbuf_truncate(ob, body);
				break;
			}
		}
		sep = true;
		ba = &bs->args[i];
		if (d->fds && ba->role == ROLE_VALUE) {
			print_arg(d, ob, nr, i, ba, v, NULL);
			decode_put_fd_arg_path(d, ob, &enter->hdr, nr, i, v);
			continue;
		}
		decode_call_captures(d, nr, i, enter, exit, &in, &out);
		if (decode_is_output_arg(rules, i)) {
			const struct call call = {
				.state = CALL_COMPLETE, .enter = enter, .exit = exit};
			bool more = false;
			size_t len =
				out ? decode_written_len(d, nr, i, enter, exit, out, &more) : 0;

			if (!(d->fds && exit && decode_put_fd_pair(d, ob, &call, out)))
				print_arg_len(d, ob, nr, i, ba, v, out, len, more);
			continue;
		}
		if (in && out && !decode_captures_equal(in, out) && !(in->flags & BT_CAP_FAULT) &&
		    !(out->flags & BT_CAP_FAULT) && !d->hand[nr][i] &&
		    print_scalar_inout(d, ob, ba, in, out))
			continue;
		print_arg(d, ob, nr, i, ba, v, in);
		if (in && out && !decode_captures_equal(in, out)) {
			outbuf_puts(ob, " => ");
			print_arg(d, ob, nr, i, ba, v, out);
		}
	}
}

/* Where an unfinished line stops: before the first argument the kernel fills. */
int decode_first_output_arg(const struct decoder *d, int nr, int nargs)
{
	const struct bt_syscall_rules *rules;

	if (nr < 0 || nr >= BT_MAX_SYSCALLS)
		return nargs;
	rules = &d->beauty->rules[nr];
	for (int i = 0; i < nargs; i++) {
		/* recvmsg's header is in/out, but what it points to comes back */
		if (decode_is_output_arg(rules, i) || rules->exit[i].kind == BT_KIND_MSGHDR)
			return i;
	}
	return nargs;
}

bool decode_arg_dropped(const struct decoder *d, int nr, int i, const struct bt_enter_rec *enter,
			const struct bt_exit_rec *exit)
{
	const struct bt_syscall_rules *r;

	if (nr < 0 || nr >= BT_MAX_SYSCALLS || i < 0 || i >= BT_MAX_ARGS)
		return false;
	r = &d->beauty->rules[nr];
	if (r->enter[i].len != BT_LEN_NONE && enter && record_captures_dropped(&enter->hdr))
		return true;
	return r->exit[i].len != BT_LEN_NONE && exit && record_captures_dropped(&exit->hdr);
}

int decode_nargs(const struct decoder *d, int nr)
{
	const struct syscall_desc *desc = catalog__by_nr(d->cat, nr);

	return desc && desc->has_format ? desc->nargs : BT_MAX_ARGS;
}

const char *decode_resumed_call_name(const struct decoder *d, const struct call *call, char *buf,
				     size_t size)
{
	const struct bt_rec_hdr *hdr = call->enter ? &call->enter->hdr : &call->exit->hdr;
	char namebuf[32];

	if (!call->resumes_known ||
	    strcmp(decode_syscall_name(d, hdr->nr, namebuf, sizeof(namebuf)), "restart_syscall"))
		return NULL;
	return decode_syscall_name(d, call->resumes_nr, buf, size);
}

/* restart_syscall's one "argument", strace's: <... resuming interrupted nanosleep ...>. */
static bool print_restart(const struct decoder *d, struct outbuf *ob, const struct call *call)
{
	char namebuf[32];
	const char *resumed;

	if (strcmp(decode_syscall_name(d, (call->enter ? &call->enter->hdr : &call->exit->hdr)->nr,
				       namebuf, sizeof(namebuf)),
		   "restart_syscall"))
		return false;
	resumed = decode_resumed_call_name(d, call, namebuf, sizeof(namebuf));
	outbuf_puts(ob, "<... resuming interrupted ");
	/* strace's words when it did not see the interrupted call either */
	outbuf_puts(ob, resumed ? resumed : "system call");
	outbuf_puts(ob, " ...>");
	return true;
}

void decode_call(const struct decoder *d, struct outbuf *ob, const struct call *call)
{
	const struct bt_rec_hdr *hdr = call->enter ? &call->enter->hdr : &call->exit->hdr;
	int nr = hdr->nr, nargs = decode_nargs(d, nr), split;
	char namebuf[32];
	const char *name = decode_syscall_name(d, nr, namebuf, sizeof(namebuf));

	switch (call->state) {
	case CALL_COMPLETE:
	case CALL_NORETURN:
		outbuf_puts(ob, name);
		outbuf_putc(ob, '(');
		if (!print_restart(d, ob, call))
			print_args(d, ob, nr, call->enter, call->exit, 0, nargs);
		outbuf_putc(ob, ')');
		break;
	case CALL_PENDING: /* the text sink shows the start of the unfinished form */
	case CALL_UNFINISHED:
		split = decode_first_output_arg(d, nr, nargs);
		outbuf_puts(ob, name);
		outbuf_putc(ob, '(');
		if (print_restart(d, ob, call))
			outbuf_putc(ob, ' ');
		print_args(d, ob, nr, call->enter, NULL, 0, split);
		if (split > 0)
			outbuf_puts(ob, split < nargs ? ", " : " ");
		outbuf_puts(ob, "<unfinished ...>");
		break;
	case CALL_EVENT:
		decode_event(d, ob, call->event);
		break;
	case CALL_UNSHOWN: /* the fd table's only */
		break;
	case CALL_RESUMED:
		outbuf_puts(ob, "<... ");
		outbuf_puts(ob, name);
		outbuf_puts(ob, " resumed>");
		if (call->enter) {
			split = decode_first_output_arg(d, nr, nargs);
			if (split < nargs) {
				print_args(d, ob, nr, call->enter, call->exit, split, nargs);
			}
		}
		outbuf_putc(ob, ')');
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

static void put_xlat(struct outbuf *ob, const struct xlat *x, uint64_t val)
{
	char buf[128];

	xlat_format(buf, sizeof(buf), x, val);
	outbuf_puts(ob, buf);
}

static void put_signal(struct outbuf *ob, int sig)
{
	char buf[32];

	xlat_format_signal(buf, sizeof(buf), (uint64_t)(int64_t)sig);
	outbuf_puts(ob, buf);
}

/* si_code: who sent the signal (<= 0, or SI_KERNEL) or, when the kernel raised it, why. */
static const char *si_code_table(int sig, int code)
{
	if (code <= 0 || code == SI_KERNEL)
		return "si_codes";
	switch (sig) {
	case SIGILL:
		return "sigill_codes";
	case SIGFPE:
		return "sigfpe_codes";
	case SIGSEGV:
		return "sigsegv_codes";
	case SIGBUS:
		return "sigbus_codes";
	case SIGTRAP:
		return "sigtrap_codes";
	case SIGCHLD:
		return "sigchld_codes";
	case SIGIO:
		return "sigpoll_codes";
	case SIGSYS:
		return "sigsys_codes";
	}
	return "si_codes";
}

/* For the JSON decoder, which says the same things in another syntax. */
bool decode_returns_address(const struct decoder *d, int nr)
{
	return nr >= 0 && nr < BT_MAX_SYSCALLS && d->ret_is_address[nr];
}

const char *decode_restart_reason(__s64 ret)
{
	return restart_reason(ret);
}

const char *decode_si_code_table(int sig, int code)
{
	return si_code_table(sig, code);
}

static void put_addr(struct outbuf *ob, const void *p)
{
	if (p)
		outbuf_hex(ob, (uintptr_t)p);
	else
		outbuf_puts(ob, "NULL");
}

/*
 * A siginfo as strace shows it. Which union member holds data depends on
 * si_code and the signal, which BTF cannot say: this is the one place that
 * knows it. The record holds the kernel's first 48 bytes, the same layout
 * as glibc's siginfo_t.
 */
static void decode_siginfo(struct outbuf *ob, const struct bt_signal_rec *rec)
{
	siginfo_t si;
	int sig = rec->sig;

	memset(&si, 0, sizeof(si));
	memcpy(&si, rec->info, sizeof(rec->info));
	outbuf_puts(ob, "{si_signo=");
	put_signal(ob, si.si_signo);
	outbuf_puts(ob, ", si_code=");
	put_xlat(ob, xlat_find(si_code_table(sig, si.si_code)), (uint64_t)(int64_t)si.si_code);
	if (si.si_errno) {
		outbuf_puts(ob, ", si_errno=");
		outbuf_s64(ob, si.si_errno);
	}
	if (si.si_code == SI_USER || si.si_code == SI_TKILL || si.si_code == SI_QUEUE ||
	    si.si_code == SI_MESGQ) {
		outbuf_printf(ob, ", si_pid=%d, si_uid=%u", si.si_pid, si.si_uid);
		if (si.si_code == SI_QUEUE || si.si_code == SI_MESGQ)
			outbuf_printf(ob, ", si_int=%d", si.si_int);
	} else if (si.si_code == SI_TIMER) {
		outbuf_printf(ob, ", si_timerid=%#x, si_overrun=%d", si.si_timerid, si.si_overrun);
	} else if (si.si_code > 0 && si.si_code != SI_KERNEL) {
		switch (sig) {
		case SIGCHLD:
			outbuf_printf(ob, ", si_pid=%d, si_uid=%u, si_status=", si.si_pid,
				      si.si_uid);
			if (si.si_code == CLD_EXITED)
				outbuf_s64(ob, si.si_status);
			else
				put_signal(ob, si.si_status);
			outbuf_printf(ob, ", si_utime=%ld, si_stime=%ld", (long)si.si_utime,
				      (long)si.si_stime);
			break;
		case SIGILL:
		case SIGFPE:
		case SIGSEGV:
		case SIGBUS:
		case SIGTRAP:
			outbuf_puts(ob, ", si_addr=");
			put_addr(ob, si.si_addr);
			break;
		case SIGIO:
			outbuf_printf(ob, ", si_band=%ld, si_fd=%d", si.si_band, si.si_fd);
			break;
		case SIGSYS:
			outbuf_puts(ob, ", si_call_addr=");
			put_addr(ob, si.si_call_addr);
			outbuf_printf(ob, ", si_syscall=%d, si_arch=%#x", si.si_syscall,
				      si.si_arch);
			break;
		}
	}
	outbuf_putc(ob, '}');
}

bool decode_is_child_start(const struct decoder *d, const struct call *call)
{
	char namebuf[32];
	const char *name;

	if (call->state != CALL_RESUMED || call->enter || !call->exit || call->exit->ret != 0)
		return false;
	name = decode_syscall_name(d, call->exit->hdr.nr, namebuf, sizeof(namebuf));
	return !strcmp(name, "clone") || !strcmp(name, "clone3") || !strcmp(name, "fork") ||
	       !strcmp(name, "vfork");
}

void decode_event(const struct decoder *d, struct outbuf *ob, const struct bt_rec_hdr *hdr)
{
	if (hdr->type == BT_REC_SIGNAL) {
		const struct bt_signal_rec *rec = (const void *)hdr;

		outbuf_puts(ob, "--- ");
		put_signal(ob, rec->sig);
		outbuf_putc(ob, ' ');
		decode_siginfo(ob, rec);
		outbuf_puts(ob, " ---");
	} else if (hdr->type == BT_REC_TASK_EXIT) {
		const struct bt_task_exit_rec *rec = (const void *)hdr;
		int code = rec->exit_code;

		if (WIFSIGNALED(code)) {
			outbuf_puts(ob, "+++ killed by ");
			put_signal(ob, WTERMSIG(code));
			outbuf_puts(ob, WCOREDUMP(code) ? " (core dumped) +++" : " +++");
		} else {
			outbuf_puts(ob, "+++ exited with ");
			outbuf_s64(ob, WEXITSTATUS(code));
			outbuf_puts(ob, " +++");
		}
	} else if (hdr->type == BT_REC_EXEC) {
		const struct bt_exec_rec *rec = (const void *)hdr;

		/* strace's words: the leader (this tid) was superseded by the exec'ing thread */
		outbuf_printf(ob, "+++ superseded by execve in pid %u +++", rec->old_tid);
	} else if (hdr->type == BT_REC_LOST) {
		decode_lost(ob, &((const struct bt_lost_rec *)hdr)->lost);
	}
}

void decode_lost(struct outbuf *ob, const struct bt_lost *lost)
{
	const struct {
		__u64 count;
		const char *one, *many;
	} parts[] = {
		{lost->enters, "call", "calls"},
		{lost->exits, "return", "returns"},
		{lost->events, "signal or exit", "signals or exits"},
	};
	bool first = true;

	/* strace's marker for what happened out of sight, and what it was */
	outbuf_puts(ob, "<... ring buffer full: ");
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		if (!parts[i].count)
			continue;
		if (!first)
			outbuf_puts(ob, ", ");
		outbuf_u64(ob, parts[i].count);
		outbuf_putc(ob, ' ');
		outbuf_puts(ob, parts[i].count == 1 ? parts[i].one : parts[i].many);
		first = false;
	}
	outbuf_puts(ob, " lost ...>");
}

/* strerror's text; ENOTSUPP is kernel-internal and strerror does not know it. */
static const char *errno_text(int err)
{
	if (err == 524) /* ENOTSUPP */
		return "Operation not supported";
	return strerror(err);
}

void decode_return(const struct decoder *d, struct outbuf *ob, const struct call *call)
{
	const struct bt_exit_rec *exit = call->exit;
	const char *errname;
	int nr;

	if (!exit) {
		outbuf_putc(ob, '?');
		return;
	}
	if (restart_reason(exit->ret)) {
		/* never seen by the program: the kernel restarts the call or returns EINTR */
		outbuf_puts(ob, "? ");
		outbuf_puts(ob, xlat_errno_name((int)-exit->ret));
		outbuf_puts(ob, " (");
		outbuf_puts(ob, restart_reason(exit->ret));
		outbuf_putc(ob, ')');
		return;
	}
	nr = exit->hdr.nr;
	if (decode_is_error(exit->ret)) {
		int err = (int)-exit->ret;

		outbuf_puts(ob, "-1 ");
		errname = xlat_errno_name(err);
		if (errname) {
			outbuf_puts(ob, errname);
		} else {
			outbuf_puts(ob, "E? ");
			outbuf_u64(ob, err);
		}
		outbuf_puts(ob, " (");
		outbuf_puts(ob, errno_text(err));
		outbuf_putc(ob, ')');
		return;
	}
	if (call->enter && nr >= 0 && nr < BT_MAX_SYSCALLS && d->ret_hand[nr] && !d->opts.no_btf) {
		const struct hand_call hc = {.d = d, .nr = nr, .enter = call->enter, .exit = exit};
		size_t mark = ob->len;

		if (d->ret_hand[nr](ob, &hc))
			return;
		outbuf_truncate(ob, mark);
	}
	if (decode_returns_address(d, nr))
		outbuf_hex(ob, exit->ret);
	else
		outbuf_s64(ob, exit->ret);
	if (d->fds)
		decode_put_returned_fd_path(d, ob, call);
}

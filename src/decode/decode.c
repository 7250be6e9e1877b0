// SPDX-License-Identifier: GPL-2.0
/* Formats calls: each argument by its role and C type, its captured bytes, and the return value. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "decode/arg_printers.h"
#include "decode/btf_printer.h"
#include "decode/decode.h"
#include "decode/hand.h"
#include "decode/quote.h"
#include "decode/xlat.h"

#define MAX_ERRNO 4095

void decode_opts_default(struct decode_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->string_limit = 32;
	o->struct_depth = 4;
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

		if (!desc)
			continue;
		for (int i = 0; i < desc->nargs; i++) {
			d->printers[nr][i] = value_printer_find(desc->name, desc->args[i].name);
			d->hand[nr][i] = hand_decoder_find(desc->name, desc->args[i].name);
		}
	}
	return 0;
}

void decoder__free(struct decoder *d)
{
	free(d->member_cache);
	d->member_cache = NULL;
}

/* The printer of a struct member, through a direct-mapped cache. */
static const struct value_printer *member_printer(const struct decoder *d, const struct btf *btf,
						  __u32 parent_id, const char *member)
{
	struct member_cache_slot *slot;
	const struct btf_type *parent;
	const char *scope;

	slot = &d->member_cache[(parent_id * 31 + ((uintptr_t)member >> 2)) % MEMBER_CACHE_SLOTS];
	if (slot->member == member && slot->parent_id == parent_id)
		return slot->vp;
	parent = btf__type_by_id(btf, parent_id);
	scope = parent ? btf__name_by_offset(btf, parent->name_off) : NULL;
	slot->parent_id = parent_id;
	slot->member = member;
	slot->vp = NULL;
	if (scope && *scope) {
		slot->vp = value_printer_find(scope, member);
		/* "*" entries are for syscall arguments, never struct members */
		if (slot->vp && !strcmp(slot->vp->scope, "*"))
			slot->vp = NULL;
	}
	return slot->vp;
}

const char *decode_syscall_name(const struct decoder *d, int nr, char *buf, size_t size)
{
	const struct syscall_desc *desc = catalog__by_nr(d->cat, nr);

	if (desc)
		return desc->name;
	snprintf(buf, size, "syscall_%d", nr);
	return buf;
}

/* Calls whose return value is an address, shown in hex. */
static bool returns_address(const char *name)
{
	return !strcmp(name, "mmap") || !strcmp(name, "mremap") || !strcmp(name, "brk") ||
	       !strcmp(name, "shmat");
}

static bool is_error(__s64 ret)
{
	return ret < 0 && ret >= -MAX_ERRNO;
}

/* Narrows a 64-bit register to the argument's C type. */
static __s64 narrow_signed(__u64 v, __u32 size)
{
	switch (size) {
	case 1:
		return (__s8)v;
	case 2:
		return (__s16)v;
	case 4:
		return (__s32)v;
	default:
		return (__s64)v;
	}
}

static __u64 narrow_unsigned(__u64 v, __u32 size)
{
	switch (size) {
	case 1:
		return (__u8)v;
	case 2:
		return (__u16)v;
	case 4:
		return (__u32)v;
	default:
		return v;
	}
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
		__u64 narrowed = ba->type.is_signed ? (__u64)narrow_signed(v, size)
						    : narrow_unsigned(v, size);

		if (value_printer_format(vp, ob, narrowed, d->opts.xlat) == 0)
			return;
	}
	if (ba->type.is_signed)
		outbuf_s64(ob, narrow_signed(v, size));
	else
		outbuf_u64(ob, narrow_unsigned(v, size));
}

static const void *cap_data(const struct bt_capture *cap)
{
	return cap + 1;
}

/* Member beautifiers: st_mode as S_IFREG|0644, sa_flags by name, and so on. */
static bool member_hook(void *ctx, struct outbuf *ob, const struct btf *btf, __u32 parent_id,
			const char *member_name, __u32 member_type_id, const void *data, size_t len)
{
	const struct decoder *d = ctx;
	const struct value_printer *vp = member_printer(d, btf, parent_id, member_name);
	const struct btf_type *mt;
	__u64 v = 0;

	if (!vp)
		return false;
	mt = btf__type_by_id(btf, types__skip_mods(btf, member_type_id));
	if (!mt || !(btf_is_int(mt) || btf_is_enum(mt)) || mt->size > 8 || len < mt->size)
		return false;
	memcpy(&v, data, mt->size);
	if (btf_is_int(mt) && (btf_int_encoding(mt) & BTF_INT_SIGNED))
		v = narrow_signed(v, mt->size);
	return value_printer_format(vp, ob, v, d->opts.xlat) == 0;
}

/* Is argument i counted in elements (getgroups' ret*4, sendmmsg's arg3(vlen)*64): an array? */
static bool counts_elements(const struct decoder *d, int nr, int i)
{
	const struct bt_syscall_rules *r;

	if (nr < 0 || nr >= BT_MAX_SYSCALLS)
		return false;
	r = &d->beauty->rules[nr];
	return r->enter[i].elem_size > 1 || r->exit[i].elem_size > 1;
}

/* A struct, or an array of them when array is set or the capture holds more than one. */
static void print_struct(const struct decoder *d, struct outbuf *ob, const struct beauty_arg *ba,
			 const struct bt_capture *cap, bool array)
{
	const struct btf *btf = d->types ? d->types->btf : NULL;
	struct btf_print_opts po;
	long size;

	if (!btf || d->opts.no_btf || !ba->print_type_id) {
		quote_bytes(ob, cap_data(cap), cap->len, d->opts.string_limit, false,
			    cap->flags & BT_CAP_TRUNCATED);
		return;
	}
	btf_print_opts_default(&po);
	po.max_depth = d->opts.struct_depth;
	po.max_array = d->opts.verbose ? 0 : 32;
	po.max_string = d->opts.string_limit;
	po.no_zeros = d->opts.no_zeros;
	po.pretty = d->opts.pretty;
	po.member_hook = member_hook;
	po.hook_ctx = (void *)d;
	size = btf__resolve_size(btf, ba->print_type_id);
	/*
	 * an array when the rule counts elements, of none too (getgroups() = 0
	 * shows []), or when it read more than one
	 */
	if (size > 0 && (array || cap->len >= 2 * size || ba->elem_count_arg >= 0 ||
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
					(const char *)cap_data(cap) + k * size, size, &po);
		}
		if (shown < n || (cap->flags & BT_CAP_TRUNCATED))
			outbuf_puts(ob, shown ? ", ..." : "...");
		outbuf_putc(ob, ']');
		return;
	}
	btf_print_value(ob, btf, ba->print_type_id, cap_data(cap), cap->len, &po);
}

/* One argument, from the capture chosen for it (NULL when nothing was read). */
static void print_arg(const struct decoder *d, struct outbuf *ob, int nr, int i,
		      const struct beauty_arg *ba, __u64 v, const struct bt_capture *cap)
{
	bool array;

	if (ba->role == ROLE_VALUE || (ba->type.ptr_depth == 0 && !cap)) {
		print_plain_value(d, ob, nr, i, ba, v);
		return;
	}
	if (!cap || (cap->flags & BT_CAP_FAULT)) {
		/* nothing read, or the pointer faulted: the address is all there is */
		print_pointer(ob, v);
		return;
	}
	if (d->hand[nr][i] && !d->opts.no_btf) {
		d->hand[nr][i](d, ob, cap_data(cap), cap->len,
			       (cap->flags & BT_CAP_TRUNCATED) || cap->want > cap->len);
		return;
	}
	switch (ba->role) {
	case ROLE_STRING:
		/* paths are shown whole, as strace does; the capture cap still applies */
		quote_bytes(ob, cap_data(cap), cap->len, 0, true, cap->flags & BT_CAP_TRUNCATED);
		break;
	case ROLE_BUFFER:
		quote_bytes(ob, cap_data(cap), cap->len, d->opts.string_limit, false,
			    (cap->flags & BT_CAP_TRUNCATED) || cap->want > cap->len);
		break;
	case ROLE_STRUCT:
		array = counts_elements(d, nr, i) || ba->elem_count_arg >= 0;
		/* a size of 0 (bpf's size argument): nothing was read, the address is all */
		if (!cap->len && !array)
			print_pointer(ob, v);
		else
			print_struct(d, ob, ba, cap, array);
		break;
	default:
		print_pointer(ob, v);
		break;
	}
}

/*
 * open and openat ignore mode unless they create a file; strace leaves it out
 * then, and so do we, so that lines compare.
 */
static bool arg_is_ignored(const struct syscall_desc *desc, int i, const __u64 *args)
{
	if (strcmp(desc->args[i].name, "mode") ||
	    (strcmp(desc->name, "openat") && strcmp(desc->name, "open")))
		return false;
	return !(args[i - 1] & (O_CREAT | __O_TMPFILE));
}

/* Is argument i printed from the exit record (an output the kernel fills)? */
static bool is_output_arg(const struct bt_syscall_rules *rules, int i)
{
	return rules && rules->exit[i].len != BT_LEN_NONE && rules->enter[i].len == BT_LEN_NONE;
}

static bool captures_equal(const struct bt_capture *a, const struct bt_capture *b)
{
	return a->len == b->len && !memcmp(cap_data(a), cap_data(b), a->len);
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
	bool formatted = desc && desc->has_format;

	for (int i = first; i < last; i++) {
		const struct bt_capture *in = NULL, *out = NULL;
		const struct beauty_arg *ba;
		__u64 v = enter->args[i];

		if (formatted && i > 0 && arg_is_ignored(desc, i, enter->args))
			continue;
		if (i > first)
			outbuf_puts(ob, ", ");
		if (d->opts.arg_names && formatted) {
			outbuf_puts(ob, desc->args[i].name);
			outbuf_puts(ob, ": ");
		}
		if (!formatted || d->opts.no_btf) {
			/* raw mode: numbers as the registers hold them */
			outbuf_hex(ob, v);
			continue;
		}
		ba = &bs->args[i];
		in = record_capture(&enter->hdr, i);
		if (exit)
			out = record_capture(&exit->hdr, i);
		if (out && (out->flags & BT_CAP_LATE)) {
			/* an input whose page was absent at enter, read again at exit */
			if (!in || (in->flags & BT_CAP_FAULT))
				in = out;
			out = NULL;
		}
		if (out && is_error(exit->ret))
			out = NULL;
		if (is_output_arg(rules, i)) {
			print_arg(d, ob, nr, i, ba, v, out);
			continue;
		}
		print_arg(d, ob, nr, i, ba, v, in);
		if (in && out && !captures_equal(in, out)) {
			outbuf_puts(ob, " => ");
			print_arg(d, ob, nr, i, ba, v, out);
		}
	}
}

/* Where an unfinished line stops: before the first argument the kernel fills. */
static int first_output_arg(const struct decoder *d, int nr, int nargs)
{
	const struct bt_syscall_rules *rules;

	if (nr < 0 || nr >= BT_MAX_SYSCALLS)
		return nargs;
	rules = &d->beauty->rules[nr];
	for (int i = 0; i < nargs; i++) {
		if (is_output_arg(rules, i))
			return i;
	}
	return nargs;
}

static int nargs_of(const struct decoder *d, int nr)
{
	const struct syscall_desc *desc = catalog__by_nr(d->cat, nr);

	return desc && desc->has_format ? desc->nargs : BT_MAX_ARGS;
}

void decode_call(const struct decoder *d, struct outbuf *ob, const struct call *call)
{
	const struct bt_rec_hdr *hdr = call->enter ? &call->enter->hdr : &call->exit->hdr;
	int nr = hdr->nr, nargs = nargs_of(d, nr), split;
	char namebuf[32];
	const char *name = decode_syscall_name(d, nr, namebuf, sizeof(namebuf));

	switch (call->state) {
	case CALL_COMPLETE:
	case CALL_NORETURN:
		outbuf_puts(ob, name);
		outbuf_putc(ob, '(');
		print_args(d, ob, nr, call->enter, call->exit, 0, nargs);
		outbuf_putc(ob, ')');
		break;
	case CALL_UNFINISHED:
		split = first_output_arg(d, nr, nargs);
		outbuf_puts(ob, name);
		outbuf_putc(ob, '(');
		print_args(d, ob, nr, call->enter, NULL, 0, split);
		if (split > 0)
			outbuf_puts(ob, split < nargs ? ", " : " ");
		outbuf_puts(ob, "<unfinished ...>");
		break;
	case CALL_RESUMED:
		outbuf_puts(ob, "<... ");
		outbuf_puts(ob, name);
		outbuf_puts(ob, " resumed>");
		if (call->enter) {
			split = first_output_arg(d, nr, nargs);
			if (split < nargs) {
				print_args(d, ob, nr, call->enter, call->exit, split, nargs);
			}
		}
		outbuf_putc(ob, ')');
		break;
	}
}

/*
 * The kernel's codes of a call that a signal interrupted (include/linux/errno.h):
 * the call is restarted or fails with EINTR, so its caller never sees them, and
 * libc has no text for them. strace's texts, and its '?' for the result.
 */
static const char *restart_text(int err)
{
	switch (err) {
	case 512: /* ERESTARTSYS */
		return "To be restarted if SA_RESTART is set";
	case 513: /* ERESTARTNOINTR */
		return "To be restarted";
	case 514: /* ERESTARTNOHAND */
		return "To be restarted if no handler";
	case 516: /* ERESTART_RESTARTBLOCK */
		return "Interrupted by signal";
	}
	return NULL;
}

void decode_return(const struct decoder *d, struct outbuf *ob, int nr,
		   const struct bt_exit_rec *exit)
{
	char namebuf[32];
	const char *name;
	const char *errname;

	if (!exit) {
		outbuf_putc(ob, '?');
		return;
	}
	if (is_error(exit->ret)) {
		int err = (int)-exit->ret;
		const char *restart = restart_text(err);

		outbuf_puts(ob, restart ? "? " : "-1 ");
		errname = xlat_errno_name(err);
		if (errname) {
			outbuf_puts(ob, errname);
		} else {
			outbuf_puts(ob, "E? ");
			outbuf_u64(ob, err);
		}
		outbuf_puts(ob, " (");
		outbuf_puts(ob, restart ? restart : strerror(err));
		outbuf_putc(ob, ')');
		return;
	}
	name = decode_syscall_name(d, nr, namebuf, sizeof(namebuf));
	if (returns_address(name))
		outbuf_hex(ob, exit->ret);
	else
		outbuf_s64(ob, exit->ret);
}

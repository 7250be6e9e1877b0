// SPDX-License-Identifier: GPL-2.0
/* Generates the beauty map from the catalog's types resolved in BTF, plus the override table. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "base/json.h"
#include "base/values.h"
#include "beauty/beauty.h"
#include "beauty/overrides.h"

/* Names that mark an integer argument as the length of the buffer before it. */
static const char *const length_names[] = {
	"count", "len",	   "size",    "nbytes",	  "bufsiz", "bufsize",	"plen",	      "msg_len",
	"msgsz", "optlen", "addrlen", "addr_len", "usize",  "buf_size", "sigsetsize",
};

static bool is_length_name(const char *name)
{
	for (size_t i = 0; i < sizeof(length_names) / sizeof(length_names[0]); i++) {
		if (!strcmp(name, length_names[i]))
			return true;
	}
	return false;
}

/* The length argument of buffer argument i: the integer right after it, named like a length. */
static int find_length_arg(const struct syscall_desc *desc, const struct beauty_syscall *bs, int i)
{
	int j = i + 1;

	if (j >= desc->nargs || bs->args[j].type.ptr_depth != 0)
		return -1;
	return is_length_name(desc->args[j].name) ? j : -1;
}

static struct bt_arg_rule rule_fixed(long size)
{
	struct bt_arg_rule r = {};

	if (size > BT_CAPTURE_MAX)
		size = BT_CAPTURE_MAX;
	r.len = size > BT_LEN_STRING ? size : BT_LEN_NONE;
	return r;
}

/* Element sizes the collector takes (it packs them in 12 bits); a larger one is capped anyway. */
#define ELEM_SIZE_MAX 4095

static struct bt_arg_rule rule_arg(int k, long elem)
{
	struct bt_arg_rule r = {.len = -(k + 1),
				.elem_size = elem > ELEM_SIZE_MAX ? ELEM_SIZE_MAX
					     : elem > 1		  ? elem
								  : 0};

	return r;
}

static struct bt_arg_rule rule_ret(long elem)
{
	struct bt_arg_rule r = {.len = BT_LEN_RET,
				.elem_size = elem > ELEM_SIZE_MAX ? ELEM_SIZE_MAX
					     : elem > 1		  ? elem
								  : 0};

	return r;
}

/* The rule derived from the C type alone. */
static void derive_arg(const struct syscall_desc *desc, struct beauty_syscall *bs,
		       struct bt_syscall_rules *rules, int i)
{
	struct beauty_arg *ba = &bs->args[i];
	const struct arg_type *at = &ba->type;
	int k;

	ba->elem_count_arg = -1;
	ba->written_len_arg = -1;
	if (at->ptr_depth == 0) {
		ba->role = ROLE_VALUE;
		return;
	}
	ba->role = ROLE_POINTER;
	if (at->ptr_depth > 1)
		return;
	if (at->is_void || at->is_char) {
		k = find_length_arg(desc, bs, i);
		if (k >= 0) {
			ba->role = ROLE_BUFFER;
			if (at->pointee_const)
				rules->enter[i] = rule_arg(k, 1);
			else
				rules->exit[i] = rule_ret(1);
		} else if (at->is_char) {
			ba->role = ROLE_STRING;
			rules->enter[i].len = BT_LEN_STRING;
		}
		return;
	}
	if (at->base_size > 0) {
		ba->role = ROLE_STRUCT;
		ba->print_type_id = at->base_id;
		if (at->pointee_const)
			rules->enter[i] = rule_fixed(at->base_size);
		else
			rules->exit[i] = rule_fixed(at->base_size);
	}
}

/* When the kernel writes argument i, if not only on success: flags on its exit rule. */
static void mark_written(const struct beauty_override *ov, struct bt_syscall_rules *rules, int i)
{
	if (rules->exit[i].len == BT_LEN_NONE)
		return;
	if (ov->written == OW_ON_RESTART)
		rules->exit[i].flags |= BT_RULE_IF_INTERRUPTED;
	if (ov->written == OW_ALWAYS) {
		rules->exit[i].flags |= BT_RULE_EVEN_ON_ERROR;
		rules->flags |= BT_SC_EXIT_ON_ERROR;
	}
}

static void apply_override(const struct beauty_override *ov, const struct syscall_desc *desc,
			   struct beauty_syscall *bs, struct bt_syscall_rules *rules,
			   const struct types *t, int i)
{
	struct beauty_arg *ba = &bs->args[i];
	struct bt_arg_rule r = {};
	long size = ba->type.base_size;
	long elem = 1;

	if (ov->as_type) {
		struct arg_type as;

		if (types__resolve(t, ov->as_type, &as) == 0 && as.base_size > 0) {
			size = as.base_size;
			ba->print_type_id = as.base_id;
			ba->role = ROLE_STRUCT;
		}
	}
	if (ov->len_written)
		ba->written_len_arg = syscall_desc__arg_index(desc, ov->len_written);
	if (ov->dir == OV_NONE) {
		rules->enter[i] = rules->exit[i] = r;
		ba->role = ba->type.ptr_depth ? ROLE_POINTER : ROLE_VALUE;
		return;
	}
	if (ov->kind == BT_KIND_STRV || ov->kind == BT_KIND_STRV_COUNT ||
	    ov->kind == BT_KIND_IOVEC) {
		/* vectors: the collector walks the array; len is the count for iovecs */
		int k = ov->len ? syscall_desc__arg_index(desc, ov->len) : -1;

		if (ov->len && k < 0)
			return; /* the kernel renamed the argument: keep the derived rule */
		r = k >= 0 ? rule_arg(k, 1) : (struct bt_arg_rule){.len = BT_LEN_STRING};
		r.kind = ov->kind;
		ba->role = ov->kind == BT_KIND_IOVEC ? ROLE_IOVEC : ROLE_STRV;
		ba->elem_count_arg = k;
		rules->enter[i] =
			(ov->dir == OV_IN || ov->dir == OV_INOUT) ? r : (struct bt_arg_rule){};
		rules->exit[i] =
			(ov->dir == OV_OUT || ov->dir == OV_INOUT) ? r : (struct bt_arg_rule){};
		mark_written(ov, rules, i);
		return;
	}
	if (ov->dir == OV_STRING) {
		rules->exit[i] = r;
		rules->enter[i].len = BT_LEN_STRING;
		ba->role = ROLE_STRING;
		return;
	}
	if (ov->elems) {
		elem = size > 0 ? size : 1;
		ba->is_array = true;
	}
	if (!ov->len) {
		r = rule_fixed(size);
	} else if (!strcmp(ov->len, "ret")) {
		r = rule_ret(elem);
	} else if (ov->len[0] == '*') {
		int k = syscall_desc__arg_index(desc, ov->len + 1);

		if (k < 0)
			return; /* the kernel renamed the argument: keep the derived rule */
		r = (struct bt_arg_rule){.len = BT_LEN_DEREF(k + 1),
					 .elem_size = elem > 1 ? elem : 0};
	} else if (ov->len[0] >= '0' && ov->len[0] <= '9') {
		r = rule_fixed(atol(ov->len) * elem);
		/* the element's size: what a read in part keeps whole */
		if (ov->read_in_part && elem > 1)
			r.elem_size = elem;
	} else {
		int k = syscall_desc__arg_index(desc, ov->len);

		if (k < 0)
			return; /* the kernel renamed the argument: keep the derived rule */
		r = rule_arg(k, elem);
		if (ov->elems)
			ba->elem_count_arg = k;
	}
	if (ba->type.is_void || ba->type.is_char) {
		if (!ov->as_type)
			ba->role = ROLE_BUFFER;
	} else if (size > 0) {
		ba->role = ROLE_STRUCT;
		if (!ba->print_type_id)
			ba->print_type_id = ba->type.base_id;
	}
	if (r.len < BT_LEN_NONE) {
		r.header = ov->header;
		r.count_shift = ov->count_shift;
		if (ov->count_less_one)
			r.flags |= BT_RULE_COUNT_LESS_ONE;
	}
	/* a bitmap's length argument counts bits; a pair's pointee comes with it */
	if (ov->kind == BT_KIND_BITMAP || ov->kind == BT_KIND_PTR_LEN)
		r.kind = ov->kind;
	rules->enter[i] = (ov->dir == OV_IN || ov->dir == OV_INOUT) ? r : (struct bt_arg_rule){};
	rules->exit[i] = (ov->dir == OV_OUT || ov->dir == OV_INOUT) ? r : (struct bt_arg_rule){};
	if (ov->enter_bytes && ov->dir == OV_INOUT && r.len > ov->enter_bytes)
		rules->enter[i] = rule_fixed(ov->enter_bytes);
	mark_written(ov, rules, i);
	/* what clone3's struct points to is written by the call: read at its exit */
	if (ov->kind == BT_KIND_CLONE_ARGS && (ov->dir == OV_INOUT || ov->dir == OV_OUT))
		rules->exit[i].kind = BT_KIND_CLONE_ARGS;
	if (ov->kind == BT_KIND_MSGHDR) {
		/*
		 * The header, then what it points to. An in/out header's buffers
		 * are the kernel's output: read at exit only (recvmsg).
		 */
		if (ov->dir == OV_INOUT || ov->dir == OV_OUT)
			rules->exit[i].kind = BT_KIND_MSGHDR;
		else
			rules->enter[i].kind = BT_KIND_MSGHDR;
	}
}

/*
 * A syscall whose data lies on the user stack (rt_sigreturn's frame): the member the override
 * names, read at sys_enter from the stack pointer, as argument 0 of a call that has none.
 */
static void apply_stack_override(const struct beauty_override *ov, const struct syscall_desc *desc,
				 struct beauty_syscall *bs, struct bt_syscall_rules *rules,
				 const struct types *t)
{
	struct beauty_arg *ba = &bs->args[0];
	struct arg_type frame;
	__u32 member, offset;
	long size, at;

	if (desc->nargs || !ov->stack_member || types__resolve(t, ov->as_type, &frame) ||
	    !frame.base_id)
		return;
	member = types__member(t, frame.base_id, ov->stack_member, &offset);
	size = member ? btf__resolve_size(t->btf, member) : -1;
	at = (long)offset + ov->sp_bias;
	/* the collector's rule word keeps 12 bits of elem_size, which holds the offset */
	if (size <= BT_LEN_STRING || size > BT_CAPTURE_MAX || at < 0 || at > 0xfff)
		return;
	rules->enter[0] = (struct bt_arg_rule){.len = size, .sp_offset = at, .kind = BT_KIND_STACK};
	ba->role = ROLE_STRUCT;
	ba->print_type_id = member;
	ba->elem_count_arg = -1;
	ba->written_len_arg = -1;
}

/* A count argument of 32 bits: the collector takes its register's lower half only. */
static void mark_count_32(const struct beauty_syscall *bs, struct bt_arg_rule *r)
{
	int k = -r->len - 1;

	if (r->len >= BT_LEN_NONE || k < 0 || k >= BT_MAX_ARGS)
		return;
	if (bs->args[k].type.ptr_depth == 0 && bs->args[k].type.value_size == 4)
		r->flags |= BT_RULE_COUNT_32;
}

/*
 * An i386 call's rules, made from x86_64's types: the collector reads its
 * vectors with 4-byte pointers, and nothing behind a pointer whose type BTF
 * lays out otherwise than i386 does (a struct with no compat_* twin), nor a
 * struct user_msghdr's parts (the collector follows x86_64's): those print
 * as their address. Never a pointer followed with the wrong ABI's type.
 */
/*
 * Bitmaps in unsigned longs (signal sets, fd sets): the same bytes in i386's
 * 4-byte words as in x86_64's 8-byte ones, both being little-endian. And
 * the sockaddr storage the socket calls' addresses are read into: 128 bytes
 * in both, its pointer member there only to align it.
 */
static bool i386_same_bytes(const struct types *t, const char *ctype, __u32 id)
{
	static const char *const bitmaps[] = {"sigset_t *", "fd_set *"};
	const struct btf_type *bt = t && t->btf ? btf__type_by_id(t->btf, id) : NULL;

	for (size_t i = 0; i < sizeof(bitmaps) / sizeof(bitmaps[0]); i++) {
		size_t n = strlen(ctype), k = strlen(bitmaps[i]);

		if (n >= k && !strcmp(ctype + n - k, bitmaps[i]))
			return true;
	}
	if (bt && !strcmp(btf__name_by_offset(t->btf, bt->name_off), "__kernel_sockaddr_storage"))
		return true;
	return types__same_in_i386(t, id);
}

static void fit_i386(const struct syscall_desc *desc, struct beauty_syscall *bs,
		     struct bt_syscall_rules *rules, const struct types *t)
{
	for (int i = 0; i < desc->nargs; i++) {
		struct beauty_arg *ba = &bs->args[i];
		struct bt_arg_rule *r[2] = {&rules->enter[i], &rules->exit[i]};
		bool drop = false;
		__u32 id;

		for (int k = 0; k < 2; k++) {
			if (r[k]->len == BT_LEN_NONE)
				continue;
			/*
			 * a message header's and a {pointer, length} pair's layout is
			 * x86_64's to the collector; a bitmap is the same bytes, and so is
			 * a struct clone_args (all 64-bit members)
			 */
			if (r[k]->kind == BT_KIND_MSGHDR || r[k]->kind == BT_KIND_PTR_LEN)
				drop = true;
			else if (r[k]->kind != BT_KIND_BYTES && r[k]->kind != BT_KIND_BITMAP)
				r[k]->flags |= BT_RULE_PTR32;
		}
		id = ba->print_type_id ? ba->print_type_id : ba->type.base_id;
		if ((ba->role == ROLE_STRUCT || ba->print_type_id) &&
		    !i386_same_bytes(t, desc->args[i].type, id))
			drop = true;
		if (!drop)
			continue;
		*r[0] = *r[1] = (struct bt_arg_rule){};
		ba->role = ba->type.ptr_depth ? ROLE_POINTER : ROLE_VALUE;
		ba->print_type_id = 0;
		ba->elem_count_arg = -1;
		ba->is_array = false;
	}
}

void beauty__capture_env_of(struct beauty *b, int nr)
{
	for (int i = 0; i < BT_MAX_ARGS; i++) {
		if (b->rules[nr].enter[i].kind == BT_KIND_STRV_COUNT)
			b->rules[nr].enter[i].kind = BT_KIND_STRV;
	}
}

void beauty__capture_env(struct beauty *b)
{
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++)
		beauty__capture_env_of(b, nr);
}

/* A member's offset and size in type id (a path: "info.info_len"), or false. */
static bool member_at(const struct types *t, __u32 id, const char *path, __u32 *off, __u32 *size)
{
	__u32 member = path ? types__member(t, id, path, off) : 0;
	__s64 bytes = member ? btf__resolve_size(t->btf, member) : -1;

	if (bytes <= 0 || *off > 0xffff)
		return false;
	*size = (__u32)bytes;
	return true;
}

/* Whether the member rules of argument i name the struct it points to (one, not an array). */
static bool member_rules_typed(const struct syscall_desc *desc, int i)
{
	for (unsigned int o = 0; o < member_overrides_count; o++) {
		const struct member_override *mo = &member_overrides[o];

		if (mo->type && !strcmp(mo->syscall, desc->name) &&
		    !strcmp(mo->arg, desc->args[i].name))
			return true;
	}
	return false;
}

/*
 * The member rule set of argument i of the x86_64 call nr from the member overrides that name
 * it, as set index set; a rule whose members BTF does not have is kept (read never), so that
 * each keeps its place. False when the set is empty.
 */
static bool build_member_set(struct bt_member_set *set, const struct syscall_desc *desc, int i,
			     const struct beauty_arg *ba, const struct bt_syscall_rules *rules,
			     const struct types *t, __u8 *when_all)
{
	const struct bt_arg_rule *r =
		rules->enter[i].len != BT_LEN_NONE ? &rules->enter[i] : &rules->exit[i];
	unsigned int k = 0, iovecs = 0;

	memset(set, 0, sizeof(*set));
	*when_all = 0;
	/*
	 * an array of structs: each element's members; not when the rules name the struct the
	 * argument is (seccomp's uargs, read as 2-byte units so that a short one reads in part)
	 */
	if (r->len < BT_LEN_NONE && r->elem_size > 1 && !member_rules_typed(desc, i)) {
		set->stride = r->elem_size;
		set->elems_max = BT_ARRAY_ELEMS_MIN;
		set->flags = BT_MEMBER_SET_RET_ELEMS;
	}
	for (unsigned int o = 0; o < member_overrides_count; o++) {
		const struct member_override *mo = &member_overrides[o];
		struct bt_member_rule *mr;
		__u32 off, size, base_id;
		int sel;

		if (strcmp(mo->syscall, desc->name) || strcmp(mo->arg, desc->args[i].name))
			continue;
		if (k == BT_MEMBER_RULES_MAX)
			break;
		mr = &set->rules[k++];
		mr->kind = mo->kind;
		mr->sel_arg = BT_MEMBER_ANY;
		mr->data_off = BT_MEMBER_ANY;
		mr->elem_size = mo->elem_size;
		mr->max = mo->max;
		sel = mo->sel_arg ? syscall_desc__arg_index(desc, mo->sel_arg) : -1;
		if (mo->sel_arg && sel < 0)
			continue;
		if (sel >= 0) {
			mr->sel_arg = sel;
			mr->sel_val = mo->sel_val;
		}
		base_id = ba->type.base_id;
		if (mo->type) {
			struct arg_type as;

			if (types__resolve(t, mo->type, &as) || !as.base_id)
				continue;
			base_id = as.base_id;
		}
		if (!member_at(t, base_id, mo->ptr, &off, &size) ||
		    size != (mo->kind == BT_MEMBER_FD_NAME ? 4 : 8))
			continue;
		mr->ptr_off = off;
		if (mo->len) {
			if (!member_at(t, base_id, mo->len, &off, &size) ||
			    (size != 2 && size != 4 && size != 8))
				continue;
			mr->len_off = off;
			mr->len_size = size;
		}
		if (mo->data) {
			if (!member_at(t, base_id, mo->data, &off, &size) || size != 4)
				continue;
			mr->data_off = off;
		}
		/* the collector reads one iovec member per element: a second never */
		if (mo->kind == BT_MEMBER_IOVEC && iovecs++)
			continue;
		/* all members found: the rule reads */
		mr->when = mo->when;
		*when_all |= mo->when;
	}
	return k > 0;
}

/* The member overrides, on the x86_64 calls they name (i386's structs are laid out otherwise). */
static void apply_member_overrides(struct beauty *b, const struct catalog *cat,
				   const struct types *t)
{
	for (unsigned int o = 0; o < member_overrides_count; o++) {
		const struct member_override *mo = &member_overrides[o];
		const struct syscall_desc *desc = catalog__by_name(cat, mo->syscall);
		struct bt_syscall_rules *rules;
		struct bt_member_set *set;
		__u8 when = 0;
		int i;

		if (!desc || !desc->has_format || bt_id_is_i386(desc->nr) ||
		    desc->nr >= BT_MAX_SYSCALLS || b->nmember_sets == BT_MEMBER_SETS_MAX)
			continue;
		i = syscall_desc__arg_index(desc, mo->arg);
		if (i < 0)
			continue;
		rules = &b->rules[desc->nr];
		/* the set is built once, at its first rule */
		if (rules->enter[i].kind == BT_KIND_MEMBERS ||
		    rules->exit[i].kind == BT_KIND_MEMBERS)
			continue;
		if (rules->enter[i].kind != BT_KIND_BYTES || rules->exit[i].kind != BT_KIND_BYTES)
			continue;
		set = &b->member_sets[b->nmember_sets];
		if (!build_member_set(set, desc, i, &b->calls[desc->nr].args[i], rules, t, &when) ||
		    !when)
			continue;
		if ((when & BT_MEMBER_AT_ENTER) && rules->enter[i].len != BT_LEN_NONE) {
			rules->enter[i].kind = BT_KIND_MEMBERS;
			rules->enter[i].header = b->nmember_sets;
		}
		if ((when & BT_MEMBER_AT_EXIT) && rules->exit[i].len != BT_LEN_NONE) {
			rules->exit[i].kind = BT_KIND_MEMBERS;
			rules->exit[i].header = b->nmember_sets;
		}
		b->nmember_sets++;
	}
}

int beauty__build(struct beauty *b, const struct catalog *cat, const struct types *t)
{
	memset(b, 0, sizeof(*b));
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		const struct syscall_desc *desc = catalog__by_nr(cat, nr), *x86_64;
		struct beauty_syscall *bs = &b->calls[nr];
		struct bt_syscall_rules *rules = &b->rules[nr];

		rules->flags = BT_SC_SELECTED;
		rules->filter_nr = nr;
		if (desc && bt_id_is_i386(nr) && (x86_64 = catalog__by_name(cat, desc->name)))
			rules->filter_nr = x86_64->nr;
		if (!desc || !desc->has_format)
			continue;
		/* strace counts a directory buffer's records whatever the capture holds of it */
		if (!strcmp(desc->name, "getdents") || !strcmp(desc->name, "getdents64"))
			rules->flags |= BT_SC_DIRENTS;
		for (int i = 0; i < desc->nargs; i++)
			types__resolve(t, desc->args[i].type, &bs->args[i].type);
		for (int i = 0; i < desc->nargs; i++)
			derive_arg(desc, bs, rules, i);
	}
	for (unsigned int o = 0; o < beauty_overrides_count; o++) {
		const struct beauty_override *ov = &beauty_overrides[o];
		const struct syscall_desc *x86_64 = catalog__by_name(cat, ov->syscall);

		/* the x86_64 call's, and those of the i386 calls that take its format */
		for (int nr = 0; x86_64 && nr < BT_MAX_SYSCALLS; nr++) {
			const struct syscall_desc *desc = catalog__by_nr(cat, nr);
			int i;

			if (!desc || !desc->has_format ||
			    syscall_desc__like(desc)[0] != x86_64->name[0] ||
			    strcmp(syscall_desc__like(desc), x86_64->name))
				continue;
			/* a signal frame on the stack: i386's is laid out otherwise */
			if (ov->kind == BT_KIND_STACK) {
				if (!bt_id_is_i386(nr))
					apply_stack_override(ov, desc, &b->calls[nr], &b->rules[nr],
							     t);
				continue;
			}
			i = syscall_desc__arg_index(desc, ov->arg);
			if (i >= 0)
				apply_override(ov, desc, &b->calls[nr], &b->rules[nr], t, i);
		}
	}
	for (int nr = BT_NR_I386; nr < BT_MAX_SYSCALLS; nr++) {
		const struct syscall_desc *desc = catalog__by_nr(cat, nr);

		if (desc && desc->has_format)
			fit_i386(desc, &b->calls[nr], &b->rules[nr], t);
	}
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		for (int i = 0; i < BT_MAX_ARGS; i++) {
			mark_count_32(&b->calls[nr], &b->rules[nr].enter[i]);
			mark_count_32(&b->calls[nr], &b->rules[nr].exit[i]);
		}
	}
	apply_member_overrides(b, cat, t);
	return 0;
}

void beauty_rule__describe(const struct bt_arg_rule *r, const struct syscall_desc *desc, char *buf,
			   size_t size)
{
	char elem[48] = "";

	if (r->elem_size > 1)
		snprintf(elem, sizeof(elem), "*%u", r->elem_size);
	/* a member rule set's index is no header */
	if (r->header && r->kind != BT_KIND_MEMBERS)
		snprintf(elem + strlen(elem), sizeof(elem) - strlen(elem), "+%u", r->header);
	if (r->count_shift)
		snprintf(elem + strlen(elem), sizeof(elem) - strlen(elem), ">>%u%s", r->count_shift,
			 r->flags & BT_RULE_COUNT_LESS_ONE ? "-1" : "");
	if (r->len != BT_LEN_NONE && r->kind == BT_KIND_STRV)
		snprintf(buf, size, "strings[]");
	else if (r->len > 1 && r->kind == BT_KIND_STACK)
		snprintf(buf, size, "%d@sp+%u", r->len, r->sp_offset);
	else if (r->len > 1 && r->kind == BT_KIND_MSGHDR)
		snprintf(buf, size, "%d+name,iovec,control", r->len);
	else if (r->len > 1 && r->kind == BT_KIND_PTR_LEN)
		snprintf(buf, size, "%d+data", r->len);
	else if (r->len != BT_LEN_NONE && r->kind == BT_KIND_CLONE_ARGS)
		snprintf(buf, size, "clone_args+pidfd,parent_tid");
	else if (r->kind == BT_KIND_BITMAP && -r->len >= 1 && -r->len <= BT_MAX_ARGS && desc &&
		 -r->len <= desc->nargs)
		snprintf(buf, size, "bits[arg%d(%s)]", -r->len, desc->args[-r->len - 1].name);
	else if (r->len != BT_LEN_NONE && r->kind == BT_KIND_STRV_COUNT)
		snprintf(buf, size, "count[]");
	else if (r->len != BT_LEN_NONE && r->kind == BT_KIND_IOVEC && -r->len >= 1 &&
		 -r->len <= BT_MAX_ARGS && desc && -r->len <= desc->nargs)
		snprintf(buf, size, "iovec[arg%d(%s)]", -r->len, desc->args[-r->len - 1].name);
	else if (r->len == BT_LEN_NONE)
		snprintf(buf, size, "-");
	else if (r->len == BT_LEN_STRING)
		snprintf(buf, size, "string");
	else if (r->len > 1)
		snprintf(buf, size, "%d", r->len);
	else if (r->len == BT_LEN_RET)
		snprintf(buf, size, "ret%s", elem);
	else if (r->len < BT_LEN_RET && r->len >= BT_LEN_DEREF(BT_MAX_ARGS) && desc &&
		 BT_LEN_RET - r->len <= desc->nargs)
		snprintf(buf, size, "*arg%d(%s)%s", BT_LEN_RET - r->len,
			 desc->args[BT_LEN_RET - r->len - 1].name, elem);
	else if (-r->len >= 1 && -r->len <= BT_MAX_ARGS && desc && -r->len <= desc->nargs)
		snprintf(buf, size, "arg%d(%s)%s", -r->len, desc->args[-r->len - 1].name, elem);
	else
		snprintf(buf, size, "?%d", r->len);
	if (r->len != BT_LEN_NONE && (r->flags & BT_RULE_IF_INTERRUPTED)) {
		size_t n = strlen(buf);

		snprintf(buf + n, size - n, ",if-interrupted");
	}
	if (r->len != BT_LEN_NONE && (r->flags & BT_RULE_EVEN_ON_ERROR)) {
		size_t n = strlen(buf);

		snprintf(buf + n, size - n, ",even-on-error");
	}
	if (r->len != BT_LEN_NONE && r->kind == BT_KIND_MEMBERS) {
		size_t n = strlen(buf);

		snprintf(buf + n, size - n, "+members");
	}
}

static const char *role_name(enum arg_role role)
{
	switch (role) {
	case ROLE_VALUE:
		return "value";
	case ROLE_POINTER:
		return "pointer";
	case ROLE_STRING:
		return "string";
	case ROLE_BUFFER:
		return "buffer";
	case ROLE_STRUCT:
		return "struct";
	case ROLE_STRV:
		return "strings";
	case ROLE_IOVEC:
		return "iovec";
	}
	return "?";
}

/* A JSON string literal, escaped as the JSON output escapes any string. */
static void print_json_string(FILE *out, const char *s)
{
	struct outbuf ob;

	outbuf_init(&ob);
	json_put_cstr(&ob, s);
	fwrite(ob.data, 1, ob.len, out);
	outbuf_free(&ob);
}

static void print_rule_json(FILE *out, const char *key, const struct bt_arg_rule *r,
			    const struct syscall_desc *desc)
{
	char text[64];

	beauty_rule__describe(r, desc, text, sizeof(text));
	fprintf(out, "\"%s\":{\"len\":%d,\"elem_size\":%u,\"text\":", key, r->len, r->elem_size);
	print_json_string(out, text);
	fputc('}', out);
}

static void print_syscall(const struct beauty *b, const struct syscall_desc *desc, FILE *out,
			  bool json)
{
	const struct bt_syscall_rules *rules = &b->rules[desc->nr];
	const struct beauty_syscall *bs = &b->calls[desc->nr];
	bool i386 = bt_id_is_i386(desc->nr);
	/* an i386 call is i386:NAME with its i386 number; in JSON its "abi" says so */
	const char *abi = i386 ? ",\"abi\":\"i386\"" : "";
	char enter[64], exit_[64], name[SYSCALL_NAME_MAX + 8];
	int nr = bt_id_nr(desc->nr);

	if (!(rules->flags & BT_SC_SELECTED))
		return;
	snprintf(name, sizeof(name), "%s%s", i386 ? "i386:" : "", desc->name);
	if (!desc->has_format) {
		if (json && desc->nargs)
			fprintf(out,
				"{\"syscall\":\"%s\",\"nr\":%d%s,\"format\":false,\"registers\":%d}\n",
				desc->name, nr, abi, desc->nargs);
		else if (json)
			fprintf(out, "{\"syscall\":\"%s\",\"nr\":%d%s,\"format\":false}\n",
				desc->name, nr, abi);
		else if (desc->nargs)
			fprintf(out, "%-20s %3d  (no tracefs format: %d register%s print%s raw)\n",
				name, nr, desc->nargs, desc->nargs == 1 ? "" : "s",
				desc->nargs == 1 ? "s" : "");
		else
			fprintf(out, "%-20s %3d  (no tracefs format: arguments print raw)\n", name,
				nr);
		return;
	}
	if (desc->from_fallback && !json)
		fprintf(out, "%-20s %3d  (no tracefs format: the signature is btftrace's)\n", name,
			nr);
	if (!desc->nargs && !json && rules->enter[0].kind == BT_KIND_STACK) {
		beauty_rule__describe(&rules->enter[0], desc, enter, sizeof(enter));
		fprintf(out, "%-20s %3d  (no arguments) enter=%s\n", name, nr, enter);
	} else if (!desc->nargs && !json) {
		fprintf(out, "%-20s %3d  (no arguments)\n", name, nr);
	}
	for (int i = 0; i < desc->nargs; i++) {
		const struct beauty_arg *ba = &bs->args[i];
		const struct value_printer *vp;

		if (json) {
			fprintf(out,
				"{\"syscall\":\"%s\",\"nr\":%d%s,\"arg\":%d,\"name\":", desc->name,
				nr, abi, i);
			print_json_string(out, desc->args[i].name);
			fprintf(out, ",\"type\":");
			print_json_string(out, desc->args[i].type);
			fprintf(out, ",\"role\":\"%s\",\"btf_id\":%u,\"btf_size\":%ld,",
				role_name(ba->role), ba->type.base_id, ba->type.base_size);
			print_rule_json(out, "enter", &rules->enter[i], desc);
			fputc(',', out);
			print_rule_json(out, "exit", &rules->exit[i], desc);
			/* a number strace reads at a width of its own: the bytes it shows */
			vp = value_printer_find(syscall_desc__like(desc), desc->args[i].name);
			if (vp && vp->width && !ba->type.ptr_depth)
				fprintf(out, ",\"shown_size\":%u", vp->width);
			fputs("}\n", out);
			continue;
		}
		beauty_rule__describe(&rules->enter[i], desc, enter, sizeof(enter));
		beauty_rule__describe(&rules->exit[i], desc, exit_, sizeof(exit_));
		fprintf(out, "%-20s %3d  %d %-16s %-36s %-8s enter=%-16s exit=%s\n", name, nr, i,
			desc->args[i].name, desc->args[i].type, role_name(ba->role), enter, exit_);
	}
}

void beauty__print(const struct beauty *b, const struct catalog *cat, FILE *out,
		   const char *const *names, int n, bool json)
{
	if (n == 0) {
		for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
			const struct syscall_desc *desc = catalog__by_nr(cat, nr);

			if (desc)
				print_syscall(b, desc, out, json);
		}
		return;
	}
	for (int i = 0; i < n; i++) {
		const struct syscall_desc *desc = NULL;

		while ((desc = catalog__next_by_name(cat, names[i], desc ? desc->nr : -1)))
			print_syscall(b, desc, out, json);
	}
}

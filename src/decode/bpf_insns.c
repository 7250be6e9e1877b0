// SPDX-License-Identifier: GPL-2.0
/*
 * BPF instruction printers: eBPF programs (bpf(BPF_PROG_LOAD)) and classic ones (socket
 * filters, seccomp filters), each instruction's code split into its fields by class and each
 * field named by its table (src/base/xlat/bpf_*.in), as strace 6.1 shows them. A field no name
 * knows shows as its bits with strace's BPF_??? comment; bits a class does not define show the
 * same way where strace shows them (classic ST, MISC and RET, eBPF JMP32), and are left out
 * where it leaves them out (the bits above a byte of a classic load, ALU or jump).
 */
#include <string.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "base/xlat.h"
#include "bpf/record.h"
#include "decode/bpf_insns.h"
#include "decode/captures.h"
#include "xlat_tables.h"

/* The parts of an instruction's code (linux/bpf_common.h's BPF_CLASS, BPF_SIZE, ...). */
#define CODE_CLASS(c) ((c)&0x07)
#define CODE_SIZE(c) ((c)&0x18)
#define CODE_MODE(c) ((c)&0xe0)
#define CODE_SRC(c) ((c)&0x08)
#define CODE_OP(c) ((c)&0xf0)
#define CODE_MISCOP(c) ((c)&0xf8)
#define CODE_RVAL(c) ((c)&0x18)

/* One field of the code: its name in the table, or its bits and the table's ??? label. */
static void put_field(struct writer *w, const char *key, const struct xlat *x, unsigned int v)
{
	w_key(w, key);
	w_const(w, v, WR_HEX, xlat_name(x, v), x->unknown);
}

/*
 * Bits of the code no field of its class takes: 0xff00 /\* BPF_??? *\/, the comment under
 * every -X style (strace writes it beside the number, not as a table's unknown value).
 */
static void put_rest(struct writer *w, unsigned int rest)
{
	if (!rest)
		return;
	w_key(w, "rest");
	w_hex(w, rest);
	w_comment(w, "BPF_???");
}

void bpf_insns_write_code(struct writer *w, uint16_t code, bool extended)
{
	unsigned int cls = CODE_CLASS(code), rest = code & ~0x07u;

	w_obj_begin(w, WR_OBJ_BITOR, NULL);
	put_field(w, "class", extended ? &xlat_ebpf_classes : &xlat_bpf_classes, cls);
	switch (cls) {
	case BPF_ST:
	case BPF_STX:
		/* a classic store is its class alone: what else is set is not its */
		if (!extended) {
			put_rest(w, rest);
			break;
		}
		/* an eBPF store has a size and a mode as a load has */
		__attribute__((fallthrough));
	case BPF_LD:
	case BPF_LDX:
		put_field(w, "size", &xlat_bpf_sizes, CODE_SIZE(code));
		put_field(w, "mode", extended ? &xlat_ebpf_modes : &xlat_bpf_modes,
			  CODE_MODE(code));
		break;
	case BPF_MISC: /* eBPF's BPF_ALU64 */
		if (!extended) {
			put_field(w, "op", &xlat_bpf_miscops, CODE_MISCOP(code));
			put_rest(w, rest & ~(unsigned int)CODE_MISCOP(code));
			break;
		}
		/* BPF_ALU64 reads as BPF_ALU */
		__attribute__((fallthrough));
	case BPF_ALU:
		put_field(w, "src", &xlat_bpf_srcs, CODE_SRC(code));
		put_field(w, "op", &xlat_bpf_alu_ops, CODE_OP(code));
		break;
	case BPF_JMP:
		put_field(w, "src", &xlat_bpf_srcs, CODE_SRC(code));
		put_field(w, "op", &xlat_bpf_jmp_ops, CODE_OP(code));
		break;
	case BPF_RET: /* eBPF's BPF_JMP32: strace 6.1 names none of its fields */
		if (!extended) {
			put_field(w, "rval", &xlat_bpf_rvals, CODE_RVAL(code));
			rest &= ~(unsigned int)CODE_RVAL(code);
		}
		put_rest(w, rest);
		break;
	}
	w_obj_end(w, false);
}

/* The little-endian fields of struct bpf_insn and struct sock_filter, read byte by byte. */
static uint16_t get_u16(const unsigned char *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t get_u32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* An eBPF register: BPF_REG_10, or 0xb /\* BPF_REG_??? *\/ for the four bits' others. */
static void put_reg(struct writer *w, const char *key, unsigned int reg)
{
	put_field(w, key, &xlat_ebpf_regs, reg);
}

/*
 * How many whole instructions of 8 bytes to show of len, and whether "..." follows: a part
 * of one, the rest of a bounded copy, or strace's limit.
 */
static size_t insns_shown(size_t len, bool *more)
{
	size_t n = len / 8;

	if (len % 8)
		*more = true;
	if (n > BPF_INSNS_SHOWN_MAX) {
		n = BPF_INSNS_SHOWN_MAX;
		*more = true;
	}
	return n;
}

void bpf_insns_write_ebpf(struct writer *w, const void *data, size_t len, bool more)
{
	const unsigned char *p = data;
	size_t n = insns_shown(len, &more);

	w_arr_begin(w, WR_ARR_LIST);
	for (size_t k = 0; k < n; k++, p += 8) {
		w_struct_begin(w);
		w_key(w, "code");
		bpf_insns_write_code(w, p[0], true);
		/* dst_reg in the low four bits of the second byte, src_reg in the high four */
		put_reg(w, "dst_reg", p[1] & 0x0f);
		put_reg(w, "src_reg", p[1] >> 4);
		w_key(w, "off");
		w_s64(w, (int16_t)get_u16(p + 2));
		w_key(w, "imm");
		w_hex(w, get_u32(p + 4));
		w_obj_end(w, false);
	}
	w_arr_end(w, more);
}

/* A seccomp filter's return value: its action by name, then the data bits: SECCOMP_RET_ERRNO|0x1. */
static void put_seccomp_ret(struct writer *w, uint32_t k)
{
	uint32_t action = k & SECCOMP_RET_ACTION_FULL, data = k & ~SECCOMP_RET_ACTION_FULL;

	w_obj_begin(w, WR_OBJ_BITOR, NULL);
	put_field(w, "action", &xlat_seccomp_ret_actions, action);
	if (data) {
		w_key(w, "data");
		w_hex(w, data);
	}
	w_obj_end(w, false);
}

void bpf_insns_write_classic(struct writer *w, const void *data, size_t len, bool more,
			     enum cbpf_owner owner)
{
	const unsigned char *p = data;
	size_t n = insns_shown(len, &more);

	w_arr_begin(w, WR_ARR_LIST);
	for (size_t k = 0; k < n; k++, p += 8) {
		uint16_t code = get_u16(p);
		unsigned int jt = p[2], jf = p[3];
		uint32_t kval = get_u32(p + 4);

		/* an instruction with a jump offset is a BPF_JUMP whatever its class, as strace has it */
		w_obj_begin(w, WR_OBJ_FN, jt || jf ? "BPF_JUMP" : "BPF_STMT");
		w_key(w, "code");
		bpf_insns_write_code(w, code, false);
		w_key(w, "k");
		if (!(jt || jf) && owner == CBPF_SECCOMP && CODE_CLASS(code) == BPF_RET)
			put_seccomp_ret(w, kval);
		else
			w_hex(w, kval);
		if (jt || jf) {
			w_key(w, "jt");
			w_hex(w, jt);
			w_key(w, "jf");
			w_hex(w, jf);
		}
		w_obj_end(w, false);
	}
	w_arr_end(w, more);
}

void bpf_insns_write_fprog(struct writer *w, unsigned int len, uint64_t filter,
			   const struct bt_capture *prog, enum cbpf_owner owner)
{
	size_t want = (size_t)len * 8, n;

	w_struct_begin(w);
	w_key(w, "len");
	w_u64(w, len);
	w_key(w, "filter");
	if (!w->lim.verbose || !filter) {
		w_ptr(w, filter);
	} else if (!len) {
		/* nothing to read: strace's empty array */
		bpf_insns_write_classic(w, NULL, 0, false, owner);
	} else if (!prog) {
		w_ptr(w, filter);
	} else {
		n = prog->len < want ? prog->len : want;
		bpf_insns_write_classic(w, hand_cap_data(prog), n,
					(prog->flags & BT_CAP_TRUNCATED) || n < want, owner);
	}
	w_obj_end(w, false);
}

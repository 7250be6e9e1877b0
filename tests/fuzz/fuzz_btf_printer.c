// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: random bytes printed as random vmlinux structs, or as types of fuzzed BTF,
 * in strace's syntax and as JSON, which must be valid whatever the bytes and the BTF.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "base/outbuf.h"
#include "base/writer.h"
#include "decode/btf_printer.h"
#include "../unit/json_valid.h"

/*
 * Input layout:
 *   [0..3] which type: an index into vmlinux's structs and unions, or (ANY_ID) any id at all
 *   [4]    bits 0-2 max_depth, 3 no_zeros, 4 pretty, 5 member hook, 6 ANY_ID, 7 SYNTH
 *   [5]    bits 0-3 max_array, 4-7 max_string / 4
 *   rest   the data; with SYNTH, first a program that builds a small, often broken, BTF
 */
#define HEADER_LEN 6
#define OPT_NO_ZEROS 0x08
#define OPT_PRETTY 0x10
#define OPT_HOOK 0x20
#define OPT_ANY_ID 0x40
#define OPT_SYNTH 0x80

static struct btf *vmlinux;
static struct btf_print_cache *vmlinux_plans;
static __u32 *composite_ids;
static size_t nr_composites;
static struct outbuf ob;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	__u32 id, n;

	vmlinux = btf__load_vmlinux_btf();
	if (!vmlinux) {
		fprintf(stderr, "fuzz_btf_printer: no kernel BTF in /sys/kernel/btf/vmlinux\n");
		exit(1);
	}
	vmlinux_plans = btf_print_cache__new(vmlinux);
	n = btf__type_cnt(vmlinux);
	composite_ids = calloc(n, sizeof(*composite_ids));
	if (!composite_ids)
		exit(1);
	for (id = 1; id < n; id++)
		if (btf_is_composite(btf__type_by_id(vmlinux, id)))
			composite_ids[nr_composites++] = id;
	outbuf_init(&ob);
	return 0;
}

/* Reads every byte it is given, so that a wrong len shows up under ASan. */
static bool test_hook(void *ctx, struct writer *w, const struct btf *btf, __u32 parent_id,
		      const char *member_name, __u32 member_type_id, const void *data, size_t len)
{
	const unsigned char *p = data;
	unsigned int sum = 0;
	size_t i;

	if (!btf__type_by_id(btf, parent_id) || !btf__type_by_id(btf, member_type_id))
		abort();
	for (i = 0; i < len; i++)
		sum += p[i];
	if (member_name[0] == 's') {
		w_u64(w, sum);
		return true;
	}
	return false;
}

/* Consumes one byte of the program, or 0 when it has run out. */
static unsigned int next(const uint8_t **p, const uint8_t *end)
{
	return *p < end ? *(*p)++ : 0;
}

/*
 * Builds a BTF from a little program: each step adds a type whose references point anywhere
 * in [0, count + 4), so forward, self and dangling references and cycles all happen.
 */
static struct btf *build_btf(const uint8_t **p, const uint8_t *end)
{
	static const char *const names[] = {"", "a", "s_x", "char", "unsigned char", "b"};
	static const unsigned int sizes[] = {0, 1, 2, 4, 8, 16, 3, 12};
	struct btf *btf = btf__new_empty();
	unsigned int steps, i, j, n;
	int id;

	if (!btf)
		return NULL;
	btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	btf__add_int(btf, "char", 1, 0);
	steps = next(p, end) % 24;
	for (i = 0; i < steps; i++) {
		unsigned int op = next(p, end), a = next(p, end), b = next(p, end);
		__u32 ref = b % (btf__type_cnt(btf) + 4);
		const char *name = names[a % 6];

		switch (op % 15) {
		case 0:
			btf__add_int(btf, name, sizes[1 + a % 5],
				     (b & 1 ? BTF_INT_SIGNED : 0) | (b & 2 ? BTF_INT_CHAR : 0) |
					     (b & 4 ? BTF_INT_BOOL : 0));
			break;
		case 1:
			btf__add_ptr(btf, ref);
			break;
		case 2:
			n = a & 0x80 ? 0xffffffffU - a : a % 16;
			btf__add_array(btf, 1, ref, n);
			break;
		case 3:
		case 4:
			id = op % 15 == 3 ? btf__add_struct(btf, name, sizes[a % 8] * (1 + b % 5))
					  : btf__add_union(btf, name, sizes[a % 8]);
			if (id < 0)
				break;
			n = next(p, end) % 5;
			for (j = 0; j < n; j++) {
				unsigned int m = next(p, end), t = next(p, end), o = next(p, end);

				btf__add_field(btf, names[m % 6], t % (btf__type_cnt(btf) + 4),
					       op % 15 == 3 ? o : 0, m & 0x80 ? (m >> 3) & 15 : 0);
			}
			break;
		case 5:
		case 6:
			id = op % 15 == 5 ? btf__add_enum(btf, name, sizes[1 + a % 4])
					  : btf__add_enum64(btf, name, sizes[1 + a % 4], b & 1);
			if (id < 0)
				break;
			n = next(p, end) % 4;
			for (j = 0; j < n; j++) {
				int v = (int8_t)next(p, end);

				if (op % 15 == 5)
					btf__add_enum_value(btf, names[1 + j % 5], v);
				else
					btf__add_enum64_value(btf, names[1 + j % 5],
							      (__u64)(__s64)v);
			}
			break;
		case 7:
			btf__add_typedef(btf, name[0] ? name : "t", ref);
			break;
		case 8:
			btf__add_const(btf, ref);
			break;
		case 9:
			btf__add_volatile(btf, ref);
			break;
		case 10:
			btf__add_type_tag(btf, "user", ref);
			break;
		case 11:
			btf__add_fwd(btf, name[0] ? name : "f", BTF_FWD_STRUCT);
			break;
		case 12:
			btf__add_float(btf, "f", sizes[2 + a % 6] == 3 ? 4 : sizes[2 + a % 6]);
			break;
		case 13:
			btf__add_func_proto(btf, ref);
			break;
		case 14:
			/* an int narrower than its storage, or wider, or shifted out of it */
			id = btf__add_int(btf, name, sizes[1 + a % 5], b & 1 ? BTF_INT_SIGNED : 0);
			if (id > 0)
				*(__u32 *)(btf__type_by_id(btf, id) + 1) =
					(a & 0x7f) << 16 | next(p, end) % 130;
			break;
		}
	}
	return btf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct btf_print_opts o;
	struct text_writer_opts two = {0};
	struct wr_limits lim = {0};
	struct text_writer tw;
	struct json_writer jw;
	struct json_writer_opts jwo = {0};
	struct btf *synth = NULL;
	const struct btf *btf = vmlinux;
	const uint8_t *p, *end = data + size;
	__u32 sel, id;
	int err;

	if (size < HEADER_LEN || !nr_composites)
		return 0;
	memcpy(&sel, data, sizeof(sel));
	btf_print_opts_default(&o);
	lim.depth = data[4] & 7;
	lim.no_zeros = data[4] & OPT_NO_ZEROS;
	two.pretty = data[4] & OPT_PRETTY;
	if (data[4] & OPT_HOOK)
		o.member_hook = test_hook;
	lim.array = data[5] & 15;
	lim.string = (data[5] >> 4) * 4;
	p = data + HEADER_LEN;

	if (data[4] & OPT_SYNTH) {
		synth = build_btf(&p, end);
		if (!synth)
			return 0;
		btf = synth;
	}
	if ((data[4] & OPT_ANY_ID) || synth)
		id = sel % (btf__type_cnt(btf) + 2);
	else
		id = composite_ids[sel % nr_composites];

	outbuf_reset(&ob);
	text_writer__init(&tw, &ob, &lim, &two);
	err = btf_print_value(&tw.w, btf, id, p, end - p, &o);
	if (!err && (!ob.data || strlen(ob.data) != ob.len))
		abort();
	if (err && id < btf__type_cnt(btf))
		abort();

	/*
	 * The same through print plans, which must write the same text: the kernel's plans kept
	 * warm across inputs, a synthetic BTF's made afresh.
	 */
	if (!err) {
		struct btf_print_cache *cache = synth ? btf_print_cache__new(synth) : vmlinux_plans;
		struct btf_print_opts co = o;
		struct outbuf again;

		if (!cache)
			abort();
		co.cache = cache;
		outbuf_init(&again);
		text_writer__init(&tw, &again, &lim, &two);
		if (btf_print_value(&tw.w, btf, id, p, end - p, &co) || again.len != ob.len ||
		    (ob.len && memcmp(again.data, ob.data, ob.len)))
			abort();
		outbuf_free(&again);
		if (synth)
			btf_print_cache__free(cache);
	}

	/* the same walk as JSON, with the same limits */
	outbuf_reset(&ob);
	json_writer__init(&jw, &ob, &jwo);
	jw.w.lim = lim;
	err = btf_print_value(&jw.w, btf, id, p, end - p, &o);
	if (!err && (!ob.data || strlen(ob.data) != ob.len || !json_valid(ob.data, ob.len)))
		abort();
	btf__free(synth);
	return 0;
}

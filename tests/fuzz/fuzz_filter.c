// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: random text as a --filter expression. A malformed one
 * must get one line that names a column; a good one must compile to a
 * program whose jumps go forward, and which the shared evaluator
 * (filter_prog.h) runs consistently: whatever the values, a call accepted
 * at exit was accepted by the enter pass that keeps calls that may pass,
 * one accepted for sure at enter is accepted at exit, and the thread of a
 * call that may pass has its signal and exit lines shown.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/expr.h"
#include "../unit/syscall_formats.h"

/*
 * Input layout:
 *   [0]   bit 0 -Z, 1 -z, 2 --duration 1ms, 3 --comm, 4 --uid, 5 --cgroup
 *   [1..] the expression's text
 */
static struct catalog *cat;
static struct filter_compiled *out;
static struct syscall_set all;

static void format(const char *name, int nargs, const char *const decls[][2])
{
	const struct syscall_desc *found = catalog__by_name(cat, name);

	if (found)
		syscall_desc_set_format(&cat->descs[found->nr], nargs, decls);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	cat = calloc(1, sizeof(*cat));
	out = calloc(1, sizeof(*out));
	if (!cat || !out || catalog__load(cat, NULL))
		abort();
	FORMAT("openat", {"int", "dfd"}, {"const char *", "filename"}, {"int", "flags"},
	       {"umode_t", "mode"});
	FORMAT("read", {"unsigned int", "fd"}, {"char *", "buf"}, {"size_t", "count"});
	FORMAT("write", {"unsigned int", "fd"}, {"const char *", "buf"}, {"size_t", "count"});
	FORMAT("mmap", {"unsigned long", "addr"}, {"unsigned long", "len"},
	       {"unsigned long", "prot"}, {"unsigned long", "flags"}, {"unsigned long", "fd"},
	       {"unsigned long", "off"});
	FORMAT("kill", {"pid_t", "pid"}, {"int", "sig"});
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++)
		syscall_set__add(&all, nr);
	return 0;
}

static void check_message(const char *err)
{
	if (strncmp(err, "--filter: ", 10) || strchr(err, '\n'))
		abort();
}

/* A few values around the constants the program compares with. */
static void fill(struct bt_filter_input *in, const struct bt_filter_prog *prog, uint32_t seed)
{
	for (int i = 0; i < BT_FF_SLOTS; i++) {
		seed = seed * 1103515245 + 12345;
		in->v[i] = (seed >> 16) % 7 - 3;
	}
	for (__u32 i = 0; i < prog->len; i++) {
		seed = seed * 1103515245 + 12345;
		if ((seed >> 16) & 1)
			in->v[prog->insns[i].field % BT_FF_SLOTS] = prog->insns[i].val;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct filter_spec spec = {};
	char err[FILTER_ERR_MAX] = "", *text;
	int ret;

	if (size < 1)
		return 0;
	text = malloc(size);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = 0;
	spec.failed = data[0] & 1;
	spec.successful = data[0] & 2;
	spec.min_duration_ns = data[0] & 4 ? 1000000 : 0;
	spec.comm = data[0] & 8 ? "filtered" : NULL;
	spec.has_uid = data[0] & 16;
	spec.has_cgroup = data[0] & 32;
	ret = filter_expr__parse(text, &spec.expr, err, sizeof(err));
	free(text);
	if (ret) {
		check_message(err);
		return 0;
	}
	ret = filter_spec__compile(&spec, cat, NULL, &all, NULL, out, err, sizeof(err));
	filter_expr__free(spec.expr);
	if (ret) {
		check_message(err);
		return 0;
	}
	if (out->prog.len == 0 || out->prog.len > BT_FILTER_MAX_INSNS)
		abort();
	for (__u32 i = 0; i < out->prog.len; i++) {
		const struct bt_filter_insn *insn = &out->prog.insns[i];
		__u8 targets[2] = {insn->jt, insn->jf};

		for (int k = 0; k < 2; k++) {
			if (targets[k] != BT_FILTER_ACCEPT && targets[k] != BT_FILTER_REJECT &&
			    (targets[k] <= i || targets[k] >= out->prog.len))
				abort();
		}
		if (insn->field >= BT_FF_COUNT || insn->op > BT_FOP_AND)
			abort();
	}
	for (uint32_t seed = 0; seed < 16; seed++) {
		struct bt_filter_input in;
		int exit, maybe, sure, event;

		fill(&in, &out->prog, seed);
		exit = bt_filter_run(&out->prog, &in, BT_PHASE_EXIT);
		maybe = bt_filter_run(&out->prog, &in, BT_PHASE_ENTER_MAYBE);
		sure = bt_filter_run(&out->prog, &in, BT_PHASE_ENTER_SURE);
		event = bt_filter_run(&out->prog, &in, BT_PHASE_EVENT);
		if ((exit && !maybe) || (sure && !exit) || (maybe && !event))
			abort();
	}
	return 0;
}

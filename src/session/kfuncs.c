// SPDX-License-Identifier: GPL-2.0
/*
 * --kfunc FUNC: the kernel functions selected, found in BTF before the collector loads (its
 * templates need a function of each count of arguments), the mechanism probed, their plans
 * given to the collector and their programs attached with the syscalls'; `btftrace kfuncs`.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "session/session_internal.h"

#define EXIT_USAGE 2

static struct btf *load_btf(const char *path)
{
	struct btf *btf = path ? btf__parse(path, NULL) : btf__load_vmlinux_btf();

	if (libbpf_get_error(btf) || !btf) {
		fail("cannot read the kernel's BTF at %s (%s): kernel functions are found by their "
		     "BTF prototypes; use a kernel built with CONFIG_DEBUG_INFO_BTF",
		     path ? path : "/sys/kernel/btf/vmlinux", strerror(errno ? errno : ENOENT));
		return NULL;
	}
	return btf;
}

int session_list_kfuncs(const struct session_opts *o, char **globs, int n)
{
	struct btf *btf = load_btf(o->btf_path);
	struct outbuf ob;
	size_t shown;
	int status = 0;

	if (!btf)
		return EXIT_USAGE;
	outbuf_init(&ob);
	shown = kfunc_list(btf, globs, n, &ob);
	/* nothing matched: the buffer was never allocated */
	if (ob.len)
		fwrite(ob.data, 1, ob.len, stdout);
	outbuf_free(&ob);
	btf__free(btf);
	if (fflush(stdout))
		status = 1;
	if (!shown && n) {
		fail("no function of the kernel's BTF matches '%s'%s: try a wider glob (vfs_*)",
		     globs[0], n > 1 ? " or the other patterns" : "");
		status = EXIT_USAGE;
	}
	return status;
}

/* Why the kernel refused the probe's fentry program, in words. */
static const char *fentry_refusal(const struct collector_kfunc_probe *p)
{
	if (p->fentry_hidden)
		return "hidden by BTFTRACE_HIDE_FEATURES";
	return strerror(-p->fentry_err);
}

/*
 * The fentry probe on each function, into errs[]: the index of the first function the
 * kernel refuses, or -1. probe gets the first function's result (kprobes, what is hidden).
 */
static ssize_t probe_each_kfunc(const struct kfunc_set *set, struct collector_kfunc_probe *probe,
				int *errs)
{
	struct collector_kfunc_probe p;
	ssize_t refused = -1;

	for (size_t i = 0; i < set->n; i++) {
		collector__probe_kfunc(set->funcs[i].func_id, i ? &p : probe);
		errs[i] = i ? p.fentry_err : probe->fentry_err;
		if (errs[i] && refused < 0)
			refused = i;
	}
	return refused;
}

/*
 * A function that no fentry program can attach to while the kernel allows them (inlined
 * wherever it is called, though BTF has it; notrace; on the kernel's deny list): named, as
 * the run's end.
 */
static void refuse_kfunc(const struct kfunc *k, int err, const char *allowed)
{
	fail("--kfunc: the kernel refuses to trace %s (%s), though it allows fentry programs on "
	     "%s: %s cannot be traced (%s): leave it out, or choose another ('btftrace kfuncs')",
	     k->name, strerror(-err), allowed, k->name,
	     err == -ENOENT ? "the kernel has no symbol for it: the compiler inlined it"
			    : "the kernel keeps it from tracing: notrace, or on its deny list");
}

/*
 * --kfunc: the functions the names select, planned from the running kernel's BTF, and the
 * mechanism the kernel allows, probed on each of them: a function refused where others are
 * not is the function's doing, and named; refused on all, the kernel's fentry is tried on
 * bpf_fentry_test1, the function the kernel has for testing fentry, to tell the two apart.
 * Before the collector loads: its templates are loaded for the counts of arguments selected.
 */
int select_kfuncs(struct session *s, struct collector_opts *co)
{
	const struct session_opts *o = s->opts;
	struct collector_kfunc_probe probe, ref;
	char why[KFUNC_ERR_MAX];
	ssize_t refused, ok;
	int err, *errs;
	__s32 test_id;

	if (!o->nkfuncs)
		return 0;
	s->kfunc_btf = load_btf(NULL);
	if (!s->kfunc_btf)
		return -ENOENT;
	for (int i = 0; i < o->nkfuncs; i++) {
		err = kfunc_set__add(&s->kfuncs, s->kfunc_btf, o->kfuncs[i], o->buffer_cap, why,
				     sizeof(why));
		if (err < 0) {
			fail("%s", why);
			return err;
		}
	}
	errs = calloc(s->kfuncs.n, sizeof(*errs));
	if (!errs) {
		fail("out of memory");
		return -ENOMEM;
	}
	refused = probe_each_kfunc(&s->kfuncs, &probe, errs);
	if (o->debug)
		for (size_t i = 0; i < s->kfuncs.n; i++)
			fprintf(stderr, "btftrace: --kfunc: fentry on %s: %s\n",
				s->kfuncs.funcs[i].name,
				!errs[i]	      ? "yes"
				: probe.fentry_hidden ? "hidden by BTFTRACE_HIDE_FEATURES"
						      : strerror(-errs[i]));
	err = refused >= 0 ? errs[refused] : 0;
	ok = -1;
	for (size_t i = 0; i < s->kfuncs.n && ok < 0; i++)
		if (!errs[i])
			ok = i;
	free(errs);
	if (refused >= 0 && ok >= 0) {
		refuse_kfunc(&s->kfuncs.funcs[refused], err, s->kfuncs.funcs[ok].name);
		return -EINVAL;
	}
	/* refused on every function: the kernel's doing, or theirs? */
	test_id = btf__find_by_name_kind(s->kfunc_btf, "bpf_fentry_test1", BTF_KIND_FUNC);
	if (refused >= 0 && !probe.fentry_hidden && test_id > 0) {
		collector__probe_kfunc(test_id, &ref);
		if (o->debug)
			fprintf(stderr, "btftrace: --kfunc: fentry on bpf_fentry_test1: %s\n",
				ref.fentry_err ? strerror(-ref.fentry_err) : "yes");
		if (!ref.fentry_err) {
			refuse_kfunc(&s->kfuncs.funcs[refused], err, "bpf_fentry_test1");
			return -EINVAL;
		}
	}
	if (o->debug)
		fprintf(stderr, "btftrace: --kfunc: kprobes: %s\n",
			probe.kprobes_hidden ? "hidden by BTFTRACE_HIDE_FEATURES"
			: probe.kprobes	     ? "yes"
					     : "no");
	/* the kernel's answer: refused on every function (or hidden) */
	probe.fentry_err = refused >= 0 ? err : 0;
	if (probe.fentry_err && !probe.kprobes) {
		fail("--kfunc: this kernel has no kprobes (no kprobe PMU in "
		     "/sys/bus/event_source/devices) and refuses fentry programs (%s), so kernel "
		     "functions cannot be traced here: trace without --kfunc",
		     fentry_refusal(&probe));
		return -EOPNOTSUPP;
	}
	/* kprobes where fentry is refused: the same programs, reading the registers */
	co->kfunc_kprobes = probe.fentry_err != 0;
	if (o->debug)
		fprintf(stderr, "btftrace: --kfunc: %zu functions, through %s\n", s->kfuncs.n,
			co->kfunc_kprobes ? "kprobes and kretprobes" : "fentry and fexit");
	for (size_t i = 0; i < s->kfuncs.n; i++) {
		const struct kfunc *k = &s->kfuncs.funcs[i];

		if (!co->kfunc_templates[k->nargs])
			co->kfunc_templates[k->nargs] = k->name;
	}
	return 0;
}

/* --kfunc: each function's capture plan, by its index. */
int set_kfuncs(struct session *s)
{
	struct bt_kfunc_desc desc;
	int err;

	for (size_t i = 0; i < s->kfuncs.n; i++) {
		kfunc__desc(&s->kfuncs.funcs[i], &desc);
		err = collector__set_kfunc(&s->coll, i, &desc);
		if (!err && s->kfuncs.funcs[i].fetch)
			err = collector__set_fetch(&s->coll, BT_FETCH_KFUNC_KEY + i,
						   s->kfuncs.funcs[i].fetch);
		if (err) {
			fail("cannot fill the kernel function map (%s): run with -d to see libbpf's "
			     "messages",
			     strerror(-err));
			return err;
		}
	}
	return 0;
}

/* --kfunc: a copy of the entry and exit programs on each function, with the syscalls'. */
int attach_kfuncs(struct session *s)
{
	int err;

	for (size_t i = 0; i < s->kfuncs.n; i++) {
		const struct kfunc *k = &s->kfuncs.funcs[i];

		err = collector__attach_kfunc(&s->coll, i, k->func_id, k->nargs, k->name);
		if (err) {
			fail("cannot attach to the kernel function %s (%s): %s", k->name,
			     strerror(-err),
			     err == -EACCES || err == -EPERM
				     ? "run as root, or with CAP_BPF and CAP_PERFMON"
				     : "it may be inlined or not traceable; choose another "
				       "('btftrace kfuncs'), or run with -d to see libbpf's messages");
			return err;
		}
	}
	return 0;
}

void free_kfuncs(struct session *s)
{
	kfunc_set__free(&s->kfuncs);
	btf__free(s->kfunc_btf);
	s->kfunc_btf = NULL;
}

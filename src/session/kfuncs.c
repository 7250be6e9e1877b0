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

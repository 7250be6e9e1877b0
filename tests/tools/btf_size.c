// SPDX-License-Identifier: GPL-2.0
/*
 * Test helper: prints the size of each named type in the running kernel's
 * BTF, one "NAME<TAB>SIZE" line per argument ("struct stat", "union
 * bpf_attr", "int"), or -1 when the type is not there. It computes sizes
 * independently of btftrace, straight from libbpf.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

static int kind_of(const char **name)
{
	if (!strncmp(*name, "struct ", 7)) {
		*name += 7;
		return BTF_KIND_STRUCT;
	}
	if (!strncmp(*name, "union ", 6)) {
		*name += 6;
		return BTF_KIND_UNION;
	}
	if (!strncmp(*name, "enum ", 5)) {
		*name += 5;
		return BTF_KIND_ENUM;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct btf *btf = btf__load_vmlinux_btf();

	if (!btf) {
		fprintf(stderr, "btf_size: cannot load vmlinux BTF: %s\n", strerror(errno));
		return 1;
	}
	for (int i = 1; i < argc; i++) {
		const char *name = argv[i];
		int kind = kind_of(&name);
		__s32 id;
		__s64 size = -1;

		id = kind ? btf__find_by_name_kind(btf, name, kind) : btf__find_by_name(btf, name);
		if (id > 0)
			size = btf__resolve_size(btf, id);
		printf("%s\t%lld\n", argv[i], (long long)size);
	}
	btf__free(btf);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/* /proc/kallsyms read once, code symbols sorted by address (kallsyms.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stack/kallsyms.h"

static int by_addr(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

int kallsyms__load(struct kallsyms *ks, const char *path)
{
	size_t cap = 0, names_len = 0, names_cap = 0;
	/* names are offsets into names until it stops moving */
	size_t *name_off = NULL, *mod_off = NULL;
	char line[512], *names = NULL;
	bool any_address = false;
	FILE *f;
	int err = 0;

	memset(ks, 0, sizeof(*ks));
	f = fopen(path ? path : "/proc/kallsyms", "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long addr;
		char type, name[256], mod[128] = "";
		int fields = sscanf(line, "%llx %c %255s [%127[^]]]", &addr, &type, name, mod);
		size_t need;

		if (fields < 3)
			continue;
		if (addr)
			any_address = true;
		/* code only: text, weak and (in modules and BPF) local text */
		if (type != 't' && type != 'T' && type != 'w' && type != 'W')
			continue;
		if (ks->n == cap) {
			size_t ncap = cap ? 2 * cap : 65536;
			struct ksym *s = realloc(ks->syms, ncap * sizeof(*s));
			size_t *no = realloc(name_off, ncap * sizeof(*no));
			size_t *mo = no ? realloc(mod_off, ncap * sizeof(*mo)) : NULL;

			if (s)
				ks->syms = s;
			if (no)
				name_off = no;
			if (mo)
				mod_off = mo;
			if (!s || !no || !mo) {
				err = -ENOMEM;
				break;
			}
			cap = ncap;
		}
		need = strlen(name) + 1 + strlen(mod) + 3;
		if (names_len + need > names_cap) {
			size_t ncap = names_cap ? 2 * names_cap : 1 << 22;
			char *p;

			while (ncap < names_len + need)
				ncap *= 2;
			p = realloc(names, ncap);
			if (!p) {
				err = -ENOMEM;
				break;
			}
			names = p;
			names_cap = ncap;
		}
		ks->syms[ks->n].addr = addr;
		name_off[ks->n] = names_len;
		strcpy(names + names_len, name);
		names_len += strlen(name) + 1;
		/* as perf and the kernel print it: [ext4] */
		mod_off[ks->n] = fields == 4 ? names_len : (size_t)-1;
		names_len += sprintf(names + names_len, "[%s]", mod) + 1;
		ks->n++;
	}
	fclose(f);
	if (!err && !any_address)
		err = -EPERM;
	if (!err) {
		ks->names = names;
		for (size_t i = 0; i < ks->n; i++) {
			ks->syms[i].name = names + name_off[i];
			ks->syms[i].module = mod_off[i] == (size_t)-1 ? NULL : names + mod_off[i];
		}
		qsort(ks->syms, ks->n, sizeof(*ks->syms), by_addr);
	} else {
		free(names);
		free(ks->syms);
		memset(ks, 0, sizeof(*ks));
	}
	free(name_off);
	free(mod_off);
	return err;
}

int kallsyms__check(const char *path)
{
	char line[512];
	FILE *f = fopen(path ? path : "/proc/kallsyms", "re");
	int err = -EPERM;

	if (!f)
		return -errno;
	/* per-CPU symbols read as 0 anyway: the first code symbol tells */
	while (fgets(line, sizeof(line), f)) {
		unsigned long long addr;
		char type;

		if (sscanf(line, "%llx %c", &addr, &type) == 2 && (type == 'T' || type == 't')) {
			err = addr ? 0 : -EPERM;
			break;
		}
	}
	fclose(f);
	return err;
}

void kallsyms__free(struct kallsyms *ks)
{
	free(ks->syms);
	free(ks->names);
	memset(ks, 0, sizeof(*ks));
}

const struct ksym *kallsyms__find(const struct kallsyms *ks, __u64 addr)
{
	size_t lo = 0, hi = ks->n;

	if (!ks->n || addr < ks->syms[0].addr)
		return NULL;
	/* the last symbol at or below addr */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (ks->syms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	return &ks->syms[lo];
}

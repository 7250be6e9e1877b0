// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: arbitrary text parsed as a tracefs syscall format file, and every argument
 * type it yields resolved in the running kernel's BTF, as catalog__load and beauty__build do.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "types/types.h"

static struct types types;
static bool have_btf;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	/* without BTF the type strings are still parsed, alone */
	have_btf = types__load(&types, NULL) == 0;
	return 0;
}

/* A field that must hold a C string: its NUL inside the array. */
static void check_terminated(const char *s, size_t size)
{
	if (!memchr(s, '\0', size))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct syscall_desc desc;
	struct arg_type at;
	char *text;

	/* the catalog reads a format into a NUL-terminated buffer */
	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';

	memset(&desc, 0, sizeof(desc));
	if (format_parse(text, &desc) == 0) {
		if (desc.nargs < 0 || desc.nargs > BT_MAX_ARGS || !desc.has_format)
			abort();
		for (int i = 0; i < desc.nargs; i++) {
			check_terminated(desc.args[i].name, sizeof(desc.args[i].name));
			check_terminated(desc.args[i].type, sizeof(desc.args[i].type));
			if (!desc.args[i].name[0] || !desc.args[i].type[0])
				abort();
			types__resolve(have_btf ? &types : NULL, desc.args[i].type, &at);
			if (at.ptr_depth < 0)
				abort();
		}
	}
	/* the type resolver on the raw text too, when it is short enough to be a type */
	if (size < SYSCALL_ARG_TYPE_MAX)
		types__resolve(have_btf ? &types : NULL, text, &at);
	free(text);
	return 0;
}

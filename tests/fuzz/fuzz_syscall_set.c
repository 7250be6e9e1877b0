// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the -e trace=SET parser and its resolution against the real catalog. Each
 * line of the input is one -e value, as several -e options add up.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"
#include "filter/syscall_set.h"

/* More -e options than anyone types; each one costs a parse. */
#define MAX_VALUES 8

static struct catalog *cat;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char tracefs[256];

	cat = calloc(1, sizeof(*cat));
	if (!cat)
		exit(1);
	/* without tracefs (not root) the names still come from the number table */
	catalog__load(cat, tracefs_find(tracefs, sizeof(tracefs)) == 0 ? tracefs : NULL);
	return 0;
}

static void check_message(int rc, const char *err)
{
	/* a failure always tells the user why, in a terminated message */
	if (rc && (!memchr(err, '\0', SYSCALL_FILTER_ERR_MAX) || !err[0]))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct syscall_filter f = {};
	struct syscall_set set;
	char err[SYSCALL_FILTER_ERR_MAX];
	char *text, *line, *save = NULL;
	int rc = 0, n = 0;

	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	for (line = strtok_r(text, "\n", &save); line && n < MAX_VALUES;
	     line = strtok_r(NULL, "\n", &save), n++) {
		/* a fresh copy of exactly the value's length, so ASan sees any overread */
		char *value = strdup(line);

		if (!value)
			break;
		memset(err, 0xa5, sizeof(err));
		rc = syscall_filter__add(&f, value, err, sizeof(err));
		free(value);
		check_message(rc, err);
		if (rc)
			break;
	}
	if (!rc && f.nexprs) {
		memset(err, 0xa5, sizeof(err));
		rc = syscall_filter__resolve(&f, cat, &set, err, sizeof(err));
		check_message(rc, err);
		if (!rc && syscall_set__count(&set) > BT_MAX_SYSCALLS)
			abort();
	}
	syscall_filter__free(&f);
	free(text);
	return 0;
}

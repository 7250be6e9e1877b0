// SPDX-License-Identifier: GPL-2.0
/* Which family decodes an argument, a struct member, a return value or shapes a struct, by hand. */
#include <string.h>

#include "decode/hand.h"

hand_bytes_fn hand_bytes_find(const struct hand_family *const *fams, const char *scope,
			      const char *name)
{
	for (; *fams; fams++) {
		const struct hand_family *f = *fams;

		for (size_t i = 0; i < f->nbytes; i++) {
			if (!strcmp(f->bytes[i].scope, scope) && !strcmp(f->bytes[i].name, name))
				return f->bytes[i].fn;
		}
	}
	return NULL;
}

hand_arg_fn hand_arg_find(const struct hand_family *const *fams, const char *syscall,
			  const char *arg)
{
	for (; *fams; fams++) {
		const struct hand_family *f = *fams;

		for (size_t i = 0; i < f->nargs; i++) {
			if (!strcmp(f->args[i].syscall, syscall) && !strcmp(f->args[i].arg, arg))
				return f->args[i].fn;
		}
	}
	return NULL;
}

hand_return_fn hand_return_find(const struct hand_family *const *fams, const char *syscall)
{
	for (; *fams; fams++) {
		const struct hand_family *f = *fams;

		for (size_t i = 0; i < f->nreturns; i++) {
			if (!strcmp(f->returns[i].syscall, syscall))
				return f->returns[i].fn;
		}
	}
	return NULL;
}

const struct hand_shape_entry *hand_shape_find(const struct hand_family *const *fams,
					       const char *name)
{
	for (; *fams; fams++) {
		const struct hand_family *f = *fams;

		for (size_t i = 0; i < f->nshapes; i++) {
			if (!strcmp(f->shapes[i].name, name))
				return &f->shapes[i];
		}
	}
	return NULL;
}

hand_call_fn hand_call_find(const struct hand_family *const *fams, const char *syscall)
{
	for (; *fams; fams++) {
		const struct hand_family *f = *fams;

		for (size_t i = 0; i < f->ncalls; i++) {
			if (!strcmp(f->calls[i].syscall, syscall))
				return f->calls[i].fn;
		}
	}
	return NULL;
}

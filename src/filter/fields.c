// SPDX-License-Identifier: GPL-2.0
/* The --filter field table: names in expressions and listings, and what reading a field needs. */
#include <stdio.h>
#include <string.h>

#include "filter/fields.h"

/* A numbered name takes one digit after its stem: arg0..arg9 at most. */
_Static_assert(BT_MAX_ARGS <= 10 && BT_FILTER_MAX_NAMES <= 10, "numbered names take one digit");

/*
 * Every field of enum bt_filter_field once, those an expression names in
 * the order an error lists them. comm is written as one field and read as
 * two words; the cgroup and the named arguments are given by options and
 * by argument names, so expressions have no name for them.
 */
const struct filter_field filter_fields[] = {
	{.name = "pid", .field = BT_FF_PID},
	{.name = "tid", .field = BT_FF_TID},
	{.name = "ppid", .field = BT_FF_PPID, .uses = BT_FU_PPID},
	{.name = "uid", .field = BT_FF_UID},
	{.name = "gid", .field = BT_FF_GID},
	{.name = "comm", .listing = "comm[0:8]", .field = BT_FF_COMM_LO, .uses = BT_FU_COMM},
	{.listing = "comm[8:16]", .field = BT_FF_COMM_HI, .uses = BT_FU_COMM},
	{.name = "syscall", .field = BT_FF_SYSCALL, .insn_flags = BT_FI_CALL},
	{.listing = "cgroup", .field = BT_FF_CGROUP, .uses = BT_FU_CGROUP},
	{.name = "arg",
	 .field = BT_FF_ARG0,
	 .numbered = BT_MAX_ARGS,
	 .insn_flags = BT_FI_CALL | BT_FI_UNSIGNED},
	{.listing = "name",
	 .field = BT_FF_NAMED0,
	 .numbered = BT_FILTER_MAX_NAMES,
	 .insn_flags = BT_FI_CALL,
	 .uses = BT_FU_NAMED},
	{.name = "ret", .field = BT_FF_RET, .insn_flags = BT_FI_EXIT},
	{.name = "errno", .field = BT_FF_ERRNO, .insn_flags = BT_FI_EXIT},
	{.name = "duration", .field = BT_FF_DURATION, .insn_flags = BT_FI_EXIT},
};

const unsigned int filter_fields_count = sizeof(filter_fields) / sizeof(filter_fields[0]);

int filter_field_by_name(const char *name)
{
	for (unsigned int i = 0; i < filter_fields_count; i++) {
		const struct filter_field *f = &filter_fields[i];
		size_t len = f->name ? strlen(f->name) : 0;

		if (!f->name || strncmp(name, f->name, len))
			continue;
		if (!f->numbered && !name[len])
			return f->field;
		if (f->numbered && name[len] >= '0' && name[len] < '0' + f->numbered &&
		    !name[len + 1])
			return f->field + name[len] - '0';
	}
	return -1;
}

const struct filter_field *filter_field_row(int field)
{
	for (unsigned int i = 0; i < filter_fields_count; i++) {
		const struct filter_field *f = &filter_fields[i];

		if (field >= f->field && field < f->field + (f->numbered ? f->numbered : 1))
			return f;
	}
	return NULL;
}

const char *filter_field_listing(int field, char *buf, size_t size)
{
	const struct filter_field *f = filter_field_row(field);
	const char *name;

	if (!f)
		return NULL;
	name = f->listing ? f->listing : f->name;
	if (f->numbered)
		snprintf(buf, size, "%s%d", name, field - f->field);
	else
		snprintf(buf, size, "%s", name);
	return buf;
}

size_t filter_field_names(char *buf, size_t size)
{
	size_t n = 0;

	for (unsigned int i = 0; i < filter_fields_count; i++) {
		const struct filter_field *f = &filter_fields[i];
		char *at = buf + (n < size ? n : size);
		size_t room = n < size ? size - n : 0;
		const char *sep = n ? ", " : "";

		if (!f->name)
			continue;
		if (f->numbered)
			n += snprintf(at, room, "%s%s0..%s%d", sep, f->name, f->name,
				      f->numbered - 1);
		else
			n += snprintf(at, room, "%s%s", sep, f->name);
	}
	return n;
}

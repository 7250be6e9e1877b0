// SPDX-License-Identifier: GPL-2.0
/* i386 calls: the i386 table's numbers, each with its x86_64 counterpart's format in i386 types. */
#include <stdio.h>
#include <string.h>

#include "catalog/catalog.h"
#include "syscall_table_32.h"

struct i386_number {
	int nr;
	const char *name;
};

#define SYSCALL_ENTRY(nr, name) {nr, #name},
static const struct i386_number i386_numbers[] = {SYSCALL_TABLE_ENTRIES_I386};
#undef SYSCALL_ENTRY

/*
 * i386 names whose x86_64 counterpart is named otherwise, or (NULL) that
 * have none: old_select and old_mmap take their arguments in one struct
 * in memory, statfs64 and fstatfs64 a size x86_64's statfs lacks. Other
 * names are looked up as they are, then without "_time64", "32" (the
 * 32-bit uid calls) or "64" (clock_gettime64).
 */
static const struct {
	const char *i386, *x86_64;
} counterparts[] = {
	{"_newselect", "select"},
	{"mmap2", "mmap"},
	{"ugetrlimit", "getrlimit"},
	{"fcntl64", "fcntl"},
	{"stat64", "stat"},
	{"lstat64", "lstat"},
	{"fstat64", "fstat"},
	{"fstatat64", "newfstatat"},
	{"truncate64", "truncate"},
	{"ftruncate64", "ftruncate"},
	{"fadvise64_64", "fadvise64"},
	{"select", NULL},
	{"mmap", NULL},
	{"statfs64", NULL},
	{"fstatfs64", NULL},
};

/* Calls of the i386 table that take 64-bit times although not named *_time64. */
static const char *const time64_calls[] = {"futex_waitv"};

/*
 * Where i386's call differs from its counterpart in one argument's type:
 * sendfile's offset is 32 bits (sendfile64's is the loff_t), the *64 calls
 * take 64-bit lengths and struct stat64, and the 16-bit uid calls
 * (getgroups, getresuid: the *32 ones are x86_64's) write 16-bit ids.
 */
static const struct {
	const char *call, *arg, *type;
} arg_types[] = {
	{"sendfile", "offset", "int *"},
	{"fadvise64_64", "len", "loff_t"},
	{"truncate64", "length", "loff_t"},
	{"ftruncate64", "length", "loff_t"},
	{"stat64", "statbuf", "struct stat64 *"},
	{"lstat64", "statbuf", "struct stat64 *"},
	{"fstat64", "statbuf", "struct stat64 *"},
	{"fstatat64", "statbuf", "struct stat64 *"},
	{"getgroups", "grouplist", "unsigned short *"},
	{"setgroups", "grouplist", "unsigned short *"},
	{"getresuid", "ruidp", "unsigned short *"},
	{"getresuid", "euidp", "unsigned short *"},
	{"getresuid", "suidp", "unsigned short *"},
	{"getresgid", "rgidp", "unsigned short *"},
	{"getresgid", "egidp", "unsigned short *"},
	{"getresgid", "sgidp", "unsigned short *"},
};

/* Integer types of 8 bytes on x86_64 and 4 on i386, by what they hold. */
static const char *const long_signed[] = {
	"long",
	"long int",
	"signed long",
	"ssize_t",
	"__kernel_ssize_t",
	"off_t",
	"__kernel_off_t",
	"__kernel_long_t",
	"time_t",
	"__kernel_time_t",
	"__kernel_old_time_t",
	"clock_t",
	"__kernel_clock_t",
	"suseconds_t",
	"__kernel_suseconds_t",
};
static const char *const long_unsigned[] = {
	"unsigned long",   "unsigned long int", "long unsigned int", "size_t",
	"__kernel_size_t", "__kernel_ulong_t",	"aio_context_t",
};
/* 64-bit values: i386 passes them in two registers, the low half first. */
static const char *const wide[] = {
	"loff_t",	 "__kernel_loff_t",
	"u64",		 "__u64",
	"s64",		 "__s64",
	"long long",	 "unsigned long long",
	"long long int", "long long unsigned int",
	"__aligned_u64",
};

/*
 * Structs whose i386 layout the kernel declares apart (compat_*, old_*32):
 * an i386 call's pointer to the one is a pointer to the other. The time
 * structs only in calls of 32-bit times. Structs not here keep their name;
 * the beauty map checks in BTF that their layout is the same in both ABIs,
 * and captures nothing where it is not.
 */
static const struct {
	const char *x86_64, *i386;
	bool is_time;
} struct_twins[] = {
	{"struct __kernel_timespec", "struct old_timespec32", true},
	{"struct __kernel_itimerspec", "struct old_itimerspec32", true},
	{"struct __kernel_timex", "struct old_timex32", true},
	{"struct __kernel_old_timeval", "struct old_timeval32"},
	{"struct __kernel_old_itimerval", "struct old_itimerval32"},
	{"struct utimbuf", "struct old_utimbuf32"},
	{"struct stat", "struct compat_stat"},
	{"struct rusage", "struct compat_rusage"},
	{"struct sigaction", "struct compat_sigaction"},
	{"struct iovec", "struct compat_iovec"},
	{"struct user_msghdr", "struct compat_msghdr"},
	{"struct mmsghdr", "struct compat_mmsghdr"},
	{"struct statfs", "struct compat_statfs"},
	{"struct sysinfo", "struct compat_sysinfo"},
	{"struct tms", "struct compat_tms"},
	{"struct rlimit", "struct compat_rlimit"},
	{"struct robust_list_head", "struct compat_robust_list_head"},
	{"struct sigevent", "struct compat_sigevent"},
	{"siginfo_t", "struct compat_siginfo"},
	{"stack_t", "struct compat_sigaltstack"},
	{"struct linux_dirent", "struct compat_linux_dirent"},
	{"struct mq_attr", "struct compat_mq_attr"},
	{"struct ustat", "struct compat_ustat"},
};

/*
 * Arguments i386's call counts in larger units: mmap2's offset in 4096-byte
 * pages. Shown in bytes, as mmap's is.
 */
static const struct {
	const char *call, *arg;
	int shift;
} arg_units[] = {
	{"mmap2", "off", 12},
};

/*
 * i386's clone takes tls before child_tidptr (the kernel's
 * CONFIG_CLONE_BACKWARDS), x86_64's after: the arguments in i386's order.
 */
static const int clone_order[] = {0, 1, 2, 4, 3};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static bool in_list(const char *const *list, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(list[i], s))
			return true;
	}
	return false;
}

/* The type's base: the words other than const, volatile and the stars, one space apart. */
static int type_base(const char *type, char *base, size_t size, int *depth)
{
	size_t len = 0;

	*depth = 0;
	base[0] = '\0';
	for (const char *p = type; *p;) {
		const char *start;
		size_t n;

		if (*p == '*') {
			(*depth)++;
			p++;
			continue;
		}
		if (*p == ' ') {
			p++;
			continue;
		}
		start = p;
		while (*p && *p != ' ' && *p != '*')
			p++;
		n = p - start;
		if ((n == 5 && !strncmp(start, "const", 5)) ||
		    (n == 8 && !strncmp(start, "volatile", 8)))
			continue;
		if (len + n + 2 > size)
			return -1;
		if (len)
			base[len++] = ' ';
		memcpy(base + len, start, n);
		len += n;
		base[len] = '\0';
	}
	return len ? 0 : -1;
}

/* type with its base (first occurrence) replaced by to. */
static int replace_base(const char *type, const char *base, const char *to, char *out, size_t size)
{
	const char *at = strstr(type, base);
	int n;

	if (!at)
		n = snprintf(out, size, "%s", to);
	else
		n = snprintf(out, size, "%.*s%s%s", (int)(at - type), type, to, at + strlen(base));
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

int i386_arg_type(const char *call, const char *arg, const char *type, bool time64, char *out,
		  size_t size)
{
	char base[SYSCALL_ARG_TYPE_MAX];
	const char *to = NULL;
	int depth;

	for (size_t i = 0; i < COUNT(arg_types); i++) {
		if (!strcmp(arg_types[i].call, call) && !strcmp(arg_types[i].arg, arg)) {
			type = arg_types[i].type;
			break;
		}
	}
	if (type_base(type, base, sizeof(base), &depth))
		return snprintf(out, size, "%s", type) >= (int)size ? -1 : 0;
	if (depth == 0 && in_list(wide, COUNT(wide), base))
		return snprintf(out, size, "%s", type) >= (int)size ? -1 : 1;
	/* deeper pointers point to pointers: i386's are 4 bytes, and the collector knows */
	if (depth <= 1 && in_list(long_signed, COUNT(long_signed), base))
		to = "int";
	else if (depth <= 1 && in_list(long_unsigned, COUNT(long_unsigned), base))
		to = "unsigned int";
	for (size_t i = 0; !to && depth == 1 && i < COUNT(struct_twins); i++) {
		if (!strcmp(struct_twins[i].x86_64, base) && !(struct_twins[i].is_time && time64))
			to = struct_twins[i].i386;
	}
	if (!to)
		return snprintf(out, size, "%s", type) >= (int)size ? -1 : 0;
	return replace_base(type, base, to, out, size);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && !strcmp(s + n - k, suffix);
}

/* The x86_64 call whose format i386's name takes, or NULL; *time64: it takes 64-bit times. */
static const struct syscall_desc *counterpart(const struct catalog *cat, const char *name,
					      bool *time64)
{
	const struct syscall_desc *same;
	char base[SYSCALL_NAME_MAX];
	size_t n = strlen(name);

	*time64 = in_list(time64_calls, COUNT(time64_calls), name);
	for (size_t i = 0; i < COUNT(counterparts); i++) {
		if (!strcmp(counterparts[i].i386, name))
			return counterparts[i].x86_64
				       ? catalog__by_name(cat, counterparts[i].x86_64)
				       : NULL;
	}
	same = catalog__by_name(cat, name);
	if (same)
		return same;
	if (n >= sizeof(base))
		return NULL;
	if (ends_with(name, "_time64")) {
		*time64 = true;
		snprintf(base, sizeof(base), "%.*s", (int)(n - 7), name);
	} else if (ends_with(name, "32")) {
		snprintf(base, sizeof(base), "%.*s", (int)(n - 2), name);
	} else if (ends_with(name, "64")) {
		*time64 = true;
		snprintf(base, sizeof(base), "%.*s", (int)(n - 2), name);
	} else {
		return NULL;
	}
	return catalog__by_name(cat, base);
}

/* desc's arguments from src's, in i386 types; false when i386 passes more than six words. */
static bool translate_args(struct syscall_desc *desc, const struct syscall_desc *src, bool time64)
{
	int nargs = 0;

	for (int k = 0; k < src->nargs; k++) {
		int i = !strcmp(desc->name, "clone") && src->nargs == (int)COUNT(clone_order)
				? clone_order[k]
				: k;
		const struct syscall_arg *a = &src->args[i];
		struct syscall_arg *out;
		int rc;

		if (nargs >= BT_MAX_ARGS)
			return false;
		out = &desc->args[nargs++];
		snprintf(out->name, sizeof(out->name), "%s", a->name);
		rc = i386_arg_type(desc->name, a->name, a->type, time64, out->type,
				   sizeof(out->type));
		if (rc < 0)
			return false;
		for (size_t n = 0; n < COUNT(arg_units); n++) {
			if (!strcmp(arg_units[n].call, desc->name) &&
			    !strcmp(arg_units[n].arg, a->name)) {
				/* in bytes the value may pass 4 GB */
				out->shift = arg_units[n].shift;
				desc->reshaped = true;
				snprintf(out->type, sizeof(out->type), "unsigned long long");
			}
		}
		if (rc == 1) {
			/* the low half, of the 64-bit type to show the whole; then the high one */
			if (nargs >= BT_MAX_ARGS)
				return false;
			out = &desc->args[nargs++];
			if (snprintf(out->name, sizeof(out->name), "%s_hi", a->name) >=
			    (int)sizeof(out->name))
				return false;
			snprintf(out->type, sizeof(out->type), "unsigned int");
			out->high_half = true;
			desc->reshaped = true;
		}
	}
	desc->nargs = nargs;
	return true;
}

void catalog__load_i386(struct catalog *cat)
{
	for (size_t i = 0; i < COUNT(i386_numbers); i++) {
		const struct i386_number *sn = &i386_numbers[i];
		const struct syscall_desc *src;
		struct syscall_desc *desc;
		bool time64;

		if (sn->nr < 0 || sn->nr >= BT_MAX_SYSCALLS - BT_NR_I386)
			continue;
		desc = &cat->descs[BT_NR_I386 + sn->nr];
		memset(desc, 0, sizeof(*desc));
		desc->nr = BT_NR_I386 + sn->nr;
		snprintf(desc->name, sizeof(desc->name), "%s", sn->name);
		snprintf(desc->like, sizeof(desc->like), "%s", sn->name);
		cat->nr_known++;
		src = counterpart(cat, sn->name, &time64);
		if (!src || !src->has_format)
			continue;
		snprintf(desc->like, sizeof(desc->like), "%s", src->name);
		if (!translate_args(desc, src, time64)) {
			/* more than six words: its arguments print raw */
			memset(desc->args, 0, sizeof(desc->args));
			desc->nargs = 0;
			continue;
		}
		desc->has_format = true;
		/* a format btftrace's table gave x86_64's call is no tracefs format */
		desc->from_fallback = src->from_fallback;
		if (!desc->from_fallback)
			cat->nr_formats++;
	}
}

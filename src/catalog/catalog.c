// SPDX-License-Identifier: GPL-2.0
/* Builds the syscall catalog from the generated number table and tracefs event formats. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <linux/magic.h>

#include "catalog/catalog.h"
#include "syscall_table.h"

struct syscall_number {
	int nr;
	const char *name;
};

#define SYSCALL_ENTRY(nr, name) {nr, #name},
static const struct syscall_number syscall_numbers[] = {SYSCALL_TABLE_ENTRIES};
#undef SYSCALL_ENTRY

/*
 * 0 when dir is tracefs and its events can be listed, -EACCES when it is
 * tracefs that this process may not read, another negative errno when it
 * is not tracefs. Opening asks with the effective ids and capabilities, as
 * the reads that follow will: access() would ask with the real uid and no
 * capabilities, and refuse a user given CAP_DAC_READ_SEARCH.
 */
static int tracefs_check(const char *dir)
{
	char events[300];
	struct statfs st;
	int fd;

	if (statfs(dir, &st) < 0)
		return -errno;
	if (st.f_type != TRACEFS_MAGIC)
		return -ENOENT;
	snprintf(events, sizeof(events), "%s/events", dir);
	fd = open(events, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return errno == EACCES || errno == EPERM ? -EACCES : -errno;
	close(fd);
	return 0;
}

int tracefs_find(char *dir, size_t size)
{
	static const char *const candidates[] = {"/sys/kernel/tracing",
						 "/sys/kernel/debug/tracing"};
	int err, denied = -1;

	for (size_t i = 0; i < sizeof(candidates) / sizeof(candidates[0]); i++) {
		err = tracefs_check(candidates[i]);
		if (!err) {
			snprintf(dir, size, "%s", candidates[i]);
			return 0;
		}
		if (err == -EACCES && denied < 0)
			denied = i;
	}
	/* mounted, but not for us: mounting it again would not change that */
	if (denied >= 0) {
		snprintf(dir, size, "%s", candidates[denied]);
		return -EACCES;
	}
	if (mount("nodev", candidates[0], "tracefs", 0, NULL) < 0)
		return -errno;
	err = tracefs_check(candidates[0]);
	if (err)
		return err;
	snprintf(dir, size, "%s", candidates[0]);
	return 0;
}

static bool skip_field(const char *type, const char *name)
{
	/* common_* is the trace entry header; __syscall_nr is the number itself */
	if (!strncmp(name, "common_", 7) || !strcmp(name, "__syscall_nr"))
		return true;
	/* newer kernels add copies of user strings as __data_loc helper fields */
	return !strncmp(type, "__data_loc", 10);
}

/* Splits "const char * filename" into its type and its name. Returns 0 or -EINVAL. */
static int split_decl(const char *decl, size_t len, struct syscall_arg *arg)
{
	size_t end = len, start, tlen;

	while (end > 0 && isspace((unsigned char)decl[end - 1]))
		end--;
	/* an array suffix belongs to the type: "unsigned long args[6]" */
	if (end > 0 && decl[end - 1] == ']') {
		while (end > 0 && decl[end - 1] != '[')
			end--;
		if (end == 0)
			return -EINVAL;
		end--;
	}
	start = end;
	while (start > 0 && (isalnum((unsigned char)decl[start - 1]) || decl[start - 1] == '_'))
		start--;
	if (start == end || start == 0)
		return -EINVAL;
	tlen = start;
	while (tlen > 0 && isspace((unsigned char)decl[tlen - 1]))
		tlen--;
	if (tlen == 0 || tlen >= sizeof(arg->type) || end - start >= sizeof(arg->name))
		return -EINVAL;
	memcpy(arg->name, decl + start, end - start);
	arg->name[end - start] = '\0';
	/* tracefs writes "char *" or "char * " or "char*": keep it as written, trimmed */
	memcpy(arg->type, decl, tlen);
	arg->type[tlen] = '\0';
	return 0;
}

int format_parse(const char *text, struct syscall_desc *desc)
{
	const char *line = text;
	bool seen_format = false;
	int nargs = 0;

	while (line && *line) {
		const char *eol = strchr(line, '\n');
		size_t len = eol ? (size_t)(eol - line) : strlen(line);
		const char *field = memmem(line, len, "field:", 6);

		if (!strncmp(line, "format:", 7))
			seen_format = true;
		if (field) {
			const char *decl = field + 6;
			const char *semi = memchr(decl, ';', len - (decl - line));
			struct syscall_arg arg = {0};

			if (!semi)
				return -EINVAL;
			if (split_decl(decl, semi - decl, &arg))
				return -EINVAL;
			if (!skip_field(arg.type, arg.name)) {
				if (nargs >= BT_MAX_ARGS)
					return -EINVAL;
				desc->args[nargs++] = arg;
			}
		}
		line = eol ? eol + 1 : NULL;
	}
	if (!seen_format)
		return -EINVAL;
	desc->nargs = nargs;
	desc->has_format = true;
	return 0;
}

int catalog_apply_fallback(struct syscall_desc *desc, const struct syscall_fallback *fb)
{
	const char *p = fb->decls;
	int nargs = 0;

	if (!p) {
		desc->has_format = false;
		desc->nargs = fb->nraw;
		return 0;
	}
	while (*p) {
		const char *end = strchr(p, ';');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		while (len && *p == ' ') {
			p++;
			len--;
		}
		if (nargs >= BT_MAX_ARGS || split_decl(p, len, &desc->args[nargs]))
			return -EINVAL;
		nargs++;
		p += len;
		if (*p == ';')
			p++;
	}
	desc->nargs = nargs;
	desc->has_format = true;
	desc->from_fallback = true;
	return 0;
}

static int read_file(const char *path, char *buf, size_t size)
{
	size_t total = 0;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while (total < size - 1 && (n = read(fd, buf + total, size - 1 - total)) > 0)
		total += n;
	close(fd);
	buf[total] = '\0';
	return n < 0 ? -errno : 0;
}

/*
 * Reads the format of the syscall unistd calls name. Some tracefs events are
 * named after the kernel's SYSCALL_DEFINE rather than the unistd name, for
 * old ABI reasons: uname is newuname, fstat is newfstat, sendfile is
 * sendfile64, umount2 is umount. Those spellings are tried in turn; a
 * prefix or suffix never turns one existing syscall into another.
 */
static int read_format(const char *tracefs_dir, const char *name, struct syscall_desc *desc,
		       char *text, size_t size)
{
	char candidates[4][SYSCALL_NAME_MAX + 8], path[512];
	int n = 0, err;

	snprintf(candidates[n++], sizeof(candidates[0]), "%s", name);
	snprintf(candidates[n++], sizeof(candidates[0]), "new%s", name);
	snprintf(candidates[n++], sizeof(candidates[0]), "%s64", name);
	/* the one event named without its number; stripping digits in general would let
	 * openat2 borrow openat's format on a kernel that lacks openat2 */
	if (!strcmp(name, "umount2"))
		snprintf(candidates[n++], sizeof(candidates[0]), "umount");
	for (int i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/events/syscalls/sys_enter_%s/format", tracefs_dir,
			 candidates[i]);
		err = read_file(path, text, size);
		/* an event we may not read is not an event the kernel lacks */
		if (err == -EACCES || err == -EPERM)
			return -EACCES;
		if (err)
			continue;
		if (format_parse(text, desc))
			return -EINVAL;
		snprintf(desc->event, sizeof(desc->event), "%.*s", (int)sizeof(desc->event) - 1,
			 candidates[i]);
		return 0;
	}
	return -ENOENT;
}

int catalog__load(struct catalog *cat, const char *tracefs_dir)
{
	const struct syscall_fallback *fb;
	char text[8192];
	int err;

	memset(cat, 0, sizeof(*cat));
	snprintf(cat->tracefs, sizeof(cat->tracefs), "%s", tracefs_dir ? tracefs_dir : "");
	for (size_t i = 0; i < sizeof(syscall_numbers) / sizeof(syscall_numbers[0]); i++) {
		const struct syscall_number *sn = &syscall_numbers[i];
		struct syscall_desc *desc;

		if (sn->nr < 0 || sn->nr >= BT_NR_I386)
			continue;
		desc = &cat->descs[sn->nr];
		desc->nr = sn->nr;
		snprintf(desc->name, sizeof(desc->name), "%s", sn->name);
		snprintf(desc->like, sizeof(desc->like), "%s", sn->name);
		cat->nr_known++;
		if (!tracefs_dir)
			continue;
		/* a syscall without a format (not built in) is still traced, raw */
		err = read_format(tracefs_dir, sn->name, desc, text, sizeof(text));
		if (err == -EACCES)
			return err;
		if (!err) {
			cat->nr_formats++;
			continue;
		}
		/* or by btftrace's own signature of it, as strace prints it */
		fb = catalog_fallback_find(sn->name);
		if (fb && catalog_apply_fallback(desc, fb))
			memset(desc->args, 0, sizeof(desc->args));
	}
	catalog__load_i386(cat);
	return 0;
}

const struct syscall_desc *catalog__by_nr(const struct catalog *cat, int nr)
{
	if (nr < 0 || nr >= BT_MAX_SYSCALLS || !cat->descs[nr].name[0])
		return NULL;
	return &cat->descs[nr];
}

/* The first letters compared first: the lookups scan every id, and start-up makes many. */
static bool desc_called(const struct syscall_desc *desc, const char *name)
{
	return desc->name[0] && ((desc->name[0] == name[0] && !strcmp(desc->name, name)) ||
				 (desc->event[0] == name[0] && !strcmp(desc->event, name)));
}

const struct syscall_desc *catalog__by_name(const struct catalog *cat, const char *name)
{
	for (int nr = 0; nr < BT_NR_I386; nr++) {
		if (desc_called(&cat->descs[nr], name))
			return &cat->descs[nr];
	}
	return NULL;
}

const struct syscall_desc *catalog__next_by_name(const struct catalog *cat, const char *name,
						 int after)
{
	for (int id = after < 0 ? 0 : after + 1; id < BT_MAX_SYSCALLS; id++) {
		if (desc_called(&cat->descs[id], name))
			return &cat->descs[id];
	}
	return NULL;
}

const char *catalog__name(const struct catalog *cat, int id, char *buf, size_t size)
{
	const struct syscall_desc *desc = catalog__by_nr(cat, id);

	if (desc)
		return desc->name;
	snprintf(buf, size, "syscall_%d", bt_id_nr(id));
	return buf;
}

int syscall_desc__arg_index(const struct syscall_desc *desc, const char *name)
{
	for (int i = 0; i < desc->nargs; i++) {
		if (!strcmp(desc->args[i].name, name))
			return i;
	}
	return -1;
}

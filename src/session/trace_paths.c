// SPDX-License-Identifier: GPL-2.0
/*
 * -P and --trace-fds: the paths as strace compares them (as given, and as realpath() resolves
 * them), the files they name, and the fds a process has before it is traced.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>

#include "base/outbuf.h"
#include "base/quote.h"
#include "session/trace_paths.h"

struct bt_file_id trace_file_id(const struct stat *st)
{
	/* the kernel's dev_t: MKDEV(), a 20-bit minor */
	struct bt_file_id id = {
		.ino = st->st_ino,
		.dev = (__u32)(major(st->st_dev) << 20 | (minor(st->st_dev) & 0xfffff)),
	};

	return id;
}

void trace_fds_bits(const struct desc_set *set, struct bt_trace_fds *out)
{
	memset(out, 0, sizeof(*out));
	for (int fd = 0; fd < BT_PATH_FDS; fd++) {
		if (desc_set_has(set, fd))
			out->bits[fd / 64] |= 1ULL << (fd % 64);
	}
	/* the fds above: all of them, or none, but those listed */
	out->high = set->invert;
}

static void add_file(struct trace_files *files, const struct bt_file_id *id)
{
	for (int i = 0; i < files->n; i++) {
		if (files->ids[i].ino == id->ino && files->ids[i].dev == id->dev)
			return;
	}
	if (files->n < (int)(sizeof(files->ids) / sizeof(files->ids[0])))
		files->ids[files->n++] = *id;
}

/* "Requested path" lines as strace writes them: each path a quoted C string, as in a trace. */
static void print_resolved(FILE *f, const char *path, const char *real)
{
	struct outbuf ob;

	outbuf_init(&ob);
	outbuf_puts(&ob, "btftrace: Requested path ");
	quote_bytes(&ob, path, strlen(path), 0, true, false, QUOTE_HEX_NONE);
	outbuf_puts(&ob, " resolved into ");
	quote_bytes(&ob, real, strlen(real), 0, true, false, QUOTE_HEX_NONE);
	outbuf_putc(&ob, '\n');
	fwrite(ob.data, 1, ob.len, f);
	outbuf_free(&ob);
}

int trace_paths_add(struct collector *c, const char *const *paths, int n, bool quiet, FILE *err,
		    struct trace_files *files)
{
	files->n = 0;
	for (int i = 0; i < n; i++) {
		struct bt_file_id id;
		struct stat st;
		char *real;
		bool found = stat(paths[i], &st) == 0;
		int rc;

		if (found) {
			id = trace_file_id(&st);
			add_file(files, &id);
		}
		rc = collector__add_trace_path(c, paths[i], found ? &id : NULL);
		if (rc)
			return rc;
		real = realpath(paths[i], NULL);
		if (!real)
			continue;
		if (strcmp(real, paths[i]) && strlen(real) + 2 <= BT_PATH_KEY) {
			if (!quiet)
				print_resolved(err, paths[i], real);
			rc = collector__add_trace_path(c, real, found ? &id : NULL);
		}
		free(real);
		if (rc)
			return rc;
	}
	return 0;
}

void trace_paths_seed(struct collector *c, const struct trace_files *files, pid_t pid)
{
	char dir[64], path[96];
	struct dirent *e;
	DIR *d;

	if (!files->n)
		return;
	snprintf(dir, sizeof(dir), "/proc/%d/fd", (int)pid);
	d = opendir(dir);
	if (!d)
		return;
	while ((e = readdir(d))) {
		struct bt_file_id id;
		struct stat st;
		char *end;
		long fd = strtol(e->d_name, &end, 10);

		if (*end || end == e->d_name || fd < 0 || fd >= BT_PATH_FDS)
			continue;
		snprintf(path, sizeof(path), "%s/%ld", dir, fd);
		if (stat(path, &st))
			continue;
		id = trace_file_id(&st);
		for (int i = 0; i < files->n; i++) {
			if (files->ids[i].ino == id.ino && files->ids[i].dev == id.dev) {
				collector__mark_path_fd(c, pid, fd);
				break;
			}
		}
	}
	closedir(d);
}

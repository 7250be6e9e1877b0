// SPDX-License-Identifier: GPL-2.0
/*
 * The verifier takes most of the BPF loader's time, most of it on the two big programs
 * (on_sys_enter, on_sys_exit), which libbpf 1.1 loads one after the other: it has no load of
 * one program. It asks for each through its exported bpf_prog_load(), by its PLT, so the
 * definition below stands in for it (as types.c's does for the kernel's BTF). For a program
 * named to prog_loads__defer(), it copies what the load needs, starts the real load on a
 * thread, and hands libbpf a stand-in fd (of /dev/null) at once; libbpf goes on to the next
 * program meanwhile. prog_loads__finish() waits, and moves each program to its stand-in's fd
 * number (dup3), where libbpf and everything after it look for it. libbpf's binding of
 * .rodata to a program is held back the same way. Where libbpf binds its calls to itself
 * (built with -Bsymbolic-functions), nothing is deferred: the loads are in turn, as before.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>

#include "base/startup_times.h"
#include "collector/prog_loads.h"

#define DEFERRED_MAX 4
#define BINDS_MAX 4

typedef int (*prog_load_fn)(enum bpf_prog_type, const char *, const char *, const struct bpf_insn *,
			    size_t, const struct bpf_prog_load_opts *);
typedef int (*bind_map_fn)(int, int, const struct bpf_prog_bind_opts *);

struct deferred {
	pthread_t thread;
	int stand_in; /* the fd libbpf holds */
	int fd;	      /* the program's, or -errno */
	enum bpf_prog_type type;
	char name[BPF_OBJ_NAME_LEN], *license;
	struct bpf_insn *insns;
	size_t insn_cnt;
	struct bpf_prog_load_opts opts;
	void *func_info, *line_info;
	int binds[BINDS_MAX], nbinds;
};

/* Only the thread that asked defers; the others (and the workers) load in place. */
static __thread const char *const *defer_names;
static __thread struct deferred *deferred[DEFERRED_MAX];
static __thread int ndeferred;

static void *libbpf_own(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

static bool named(const char *name)
{
	if (!defer_names || !name || ndeferred == DEFERRED_MAX)
		return false;
	for (const char *const *n = defer_names; *n; n++)
		if (!strcmp(*n, name))
			return true;
	return false;
}

static void *dup_mem(const void *p, size_t len)
{
	void *copy = p && len ? malloc(len) : NULL;

	return copy ? memcpy(copy, p, len) : NULL;
}

static void free_deferred(struct deferred *d)
{
	free(d->license);
	free(d->insns);
	free(d->func_info);
	free(d->line_info);
	free(d);
}

/* The number after key in the verifier's log, or -1. */
static long log_number(const char *log, const char *key)
{
	const char *p = strstr(log, key);

	return p ? strtol(p + strlen(key), NULL, 10) : -1;
}

/*
 * The real load; with BTFTRACE_DEBUG_STARTUP timed, and, when the caller asked for no log of
 * its own, with the verifier's statistics (log_level 4: a few lines, not its trace) asked for.
 */
static int timed_load(prog_load_fn load, enum bpf_prog_type type, const char *name,
		      const char *license, const struct bpf_insn *insns, size_t insn_cnt,
		      const struct bpf_prog_load_opts *opts)
{
	struct bpf_prog_load_opts stats_opts;
	__u64 start;
	char log[1024];
	int fd, err;

	if (!startup_times__on())
		return load(type, name, license, insns, insn_cnt, opts);
	start = startup_times__now();
	if (opts && (opts->sz > sizeof(*opts) || opts->log_level || opts->log_buf)) {
		fd = load(type, name, license, insns, insn_cnt, opts);
		err = errno;
		startup_times__prog(name ? name : "(unnamed)", start, -1, -1, -1);
		errno = err;
		return fd;
	}
	memset(&stats_opts, 0, sizeof(stats_opts));
	if (opts)
		memcpy(&stats_opts, opts, opts->sz);
	stats_opts.sz = sizeof(stats_opts);
	stats_opts.log_level = 4;
	stats_opts.log_buf = log;
	stats_opts.log_size = sizeof(log);
	log[0] = 0;
	fd = load(type, name, license, insns, insn_cnt, &stats_opts);
	/* a kernel without the statistics, or a failure: the load as asked */
	if (fd < 0)
		fd = load(type, name, license, insns, insn_cnt, opts);
	err = errno;
	startup_times__prog(name ? name : "(unnamed)", start, log_number(log, "verification time "),
			    log_number(log, "processed "), log_number(log, "total_states "));
	errno = err;
	return fd;
}

static void *load_deferred(void *arg)
{
	struct deferred *d = arg;
	prog_load_fn load = (prog_load_fn)libbpf_own("bpf_prog_load");

	d->fd = load ? timed_load(load, d->type, d->name, d->license, d->insns, d->insn_cnt,
				  &d->opts)
		     : -ENOSYS;
	if (d->fd < 0 && load)
		d->fd = errno ? -errno : -EINVAL;
	return NULL;
}

/*
 * A copy of the load's arguments that the thread can use after libbpf's call returned; NULL
 * for a load that must be made in place (its verifier log asked for, arrays not known here).
 */
static struct deferred *copy_load(enum bpf_prog_type type, const char *name, const char *license,
				  const struct bpf_insn *insns, size_t insn_cnt,
				  const struct bpf_prog_load_opts *opts)
{
	struct deferred *d;

	if (opts &&
	    (opts->sz > sizeof(*opts) || opts->log_level || opts->log_buf || opts->fd_array))
		return NULL;
	d = calloc(1, sizeof(*d));
	if (!d)
		return NULL;
	d->type = type;
	strncpy(d->name, name, sizeof(d->name) - 1);
	d->license = strdup(license ? license : "");
	d->insns = dup_mem(insns, insn_cnt * sizeof(*insns));
	d->insn_cnt = insn_cnt;
	d->opts.sz = sizeof(d->opts);
	if (opts)
		memcpy(&d->opts, opts, opts->sz);
	d->opts.sz = sizeof(d->opts);
	d->func_info = dup_mem(d->opts.func_info,
			       (size_t)d->opts.func_info_cnt * d->opts.func_info_rec_size);
	d->line_info = dup_mem(d->opts.line_info,
			       (size_t)d->opts.line_info_cnt * d->opts.line_info_rec_size);
	d->opts.func_info = d->func_info;
	d->opts.line_info = d->line_info;
	if (!d->license || !d->insns || (d->opts.func_info_cnt && !d->func_info) ||
	    (d->opts.line_info_cnt && !d->line_info)) {
		free_deferred(d);
		return NULL;
	}
	return d;
}

int bpf_prog_load(enum bpf_prog_type type, const char *name, const char *license,
		  const struct bpf_insn *insns, size_t insn_cnt,
		  const struct bpf_prog_load_opts *opts)
{
	prog_load_fn load = (prog_load_fn)libbpf_own("bpf_prog_load");
	struct deferred *d =
		named(name) ? copy_load(type, name, license, insns, insn_cnt, opts) : NULL;

	if (!load) {
		errno = ENOSYS;
		return -ENOSYS;
	}
	if (!d)
		return timed_load(load, type, name, license, insns, insn_cnt, opts);
	d->stand_in = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (d->stand_in < 0 || pthread_create(&d->thread, NULL, load_deferred, d)) {
		if (d->stand_in >= 0)
			close(d->stand_in);
		free_deferred(d);
		return timed_load(load, type, name, license, insns, insn_cnt, opts);
	}
	deferred[ndeferred++] = d;
	return d->stand_in;
}

int bpf_prog_bind_map(int prog_fd, int map_fd, const struct bpf_prog_bind_opts *opts)
{
	bind_map_fn bind = (bind_map_fn)libbpf_own("bpf_prog_bind_map");

	for (int i = 0; i < ndeferred; i++) {
		struct deferred *d = deferred[i];

		if (d->stand_in == prog_fd && d->nbinds < BINDS_MAX && !opts) {
			d->binds[d->nbinds++] = map_fd;
			return 0;
		}
	}
	if (!bind) {
		errno = ENOSYS;
		return -ENOSYS;
	}
	return bind(prog_fd, map_fd, opts);
}

void prog_loads__defer(const char *const *names)
{
	defer_names = names;
}

int prog_loads__finish(bool install)
{
	bind_map_fn bind = (bind_map_fn)libbpf_own("bpf_prog_bind_map");
	int err = 0;

	defer_names = NULL;
	for (int i = 0; i < ndeferred; i++) {
		struct deferred *d = deferred[i];

		pthread_join(d->thread, NULL);
		if (!install) {
			if (d->fd >= 0)
				close(d->fd);
			free_deferred(d);
			continue;
		}
		if (d->fd >= 0 && dup3(d->fd, d->stand_in, O_CLOEXEC) < 0 && !err)
			err = -errno;
		else if (d->fd < 0 && !err)
			err = d->fd;
		if (d->fd >= 0)
			close(d->fd);
		/* as libbpf does it: a bind that fails is not a failed load */
		for (int k = 0; bind && d->fd >= 0 && k < d->nbinds; k++)
			bind(d->stand_in, d->binds[k], NULL);
		free_deferred(d);
	}
	ndeferred = 0;
	return err;
}

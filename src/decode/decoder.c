// SPDX-License-Identifier: GPL-2.0
/* The decoder: what it knows of each syscall, found once at start-up, and its options. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode/btf_printer.h"
#include "decode/decode.h"
#include "decode/fd_paths.h"

/* Calls whose return value is an address, shown in hex. */
static bool returns_address(const char *name)
{
	return !strcmp(name, "mmap") || !strcmp(name, "mremap") || !strcmp(name, "brk") ||
	       !strcmp(name, "shmat");
}

/* The printer of what a pointer of C type type points to, by the pointee's type: gid_t *. */
static const struct value_printer *pointee_printer(const char *type)
{
	char pointee[SYSCALL_ARG_TYPE_MAX];
	size_t n = strlen(type);

	while (n && type[n - 1] == ' ')
		n--;
	if (!n || type[n - 1] != '*')
		return NULL;
	n--;
	while (n && type[n - 1] == ' ')
		n--;
	snprintf(pointee, sizeof(pointee), "%.*s", (int)n, type);
	return value_printer_of_type(pointee);
}

/* The index of the mode argument open and openat ignore unless they create a file, or 0. */
static int mode_arg_index(const struct syscall_desc *desc)
{
	if (strcmp(desc->name, "openat") && strcmp(desc->name, "open"))
		return 0;
	for (int i = 1; i < desc->nargs; i++) {
		if (!strcmp(desc->args[i].name, "mode"))
			return i;
	}
	return 0;
}

/*
 * The x86_64 calls whose hand decoders an i386 call that takes their format
 * may use: each was read for what it assumes of layouts, and takes the type
 * it prints from the beauty map (compat_* for i386), or reads only values,
 * strings, little-endian bitmaps and structs laid out alike in both ABIs
 * (statx, pollfd, rseq, epoll_event, bpf_attr). Not those that print
 * x86_64's struct stat or sigaction by name, nor clone's arguments in
 * x86_64's order, nor the socket options' values and message headers.
 */
static bool i386_hand_ok(const char *like, const char *arg)
{
	static const char *const checked[] = {
		"getdents64",
		"bind",
		"connect",
		"sendto",
		"recvfrom",
		"accept",
		"accept4",
		"getsockname",
		"getpeername",
		"rt_sigprocmask",
		"rt_sigpending",
		"rt_sigsuspend",
		"rt_sigtimedwait",
		"signalfd",
		"signalfd4",
		"epoll_pwait",
		"epoll_pwait2",
		"epoll_wait",
		"epoll_ctl",
		"ppoll",
		"poll",
		"sched_getaffinity",
		"sched_setaffinity",
		"getcwd",
		"socket",
		"socketpair",
		"setsockopt",
		"getsockopt",
		"ioctl",
		"bpf",
		"perf_event_open",
		"prctl",
		"fcntl",
		"futex",
		"select",
		"pselect6",
		"wait4",
		"umask",
		"statx",
		"getrandom",
		"rseq",
	};

	if ((!strcmp(like, "setsockopt") || !strcmp(like, "getsockopt")) && arg &&
	    !strcmp(arg, "optval"))
		return false;
	for (size_t i = 0; i < sizeof(checked) / sizeof(checked[0]); i++) {
		if (!strcmp(checked[i], like))
			return true;
	}
	return false;
}

void decode_opts_default(struct decode_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->string_limit = 32;
	o->struct_depth = 4;
	o->result_column = DEFAULT_RESULT_COLUMN;
}

int decoder__init(struct decoder *d, const struct catalog *cat, const struct beauty *beauty,
		  const struct types *types, const struct decode_opts *opts)
{
	memset(d, 0, sizeof(*d));
	d->member_cache = calloc(MEMBER_CACHE_SLOTS, sizeof(*d->member_cache));
	d->shape_cache = calloc(SHAPE_CACHE_SLOTS, sizeof(*d->shape_cache));
	d->btf_plans = btf_print_cache__new(NULL);
	d->thread = calloc(1, sizeof(*d->thread));
	if (!d->member_cache || !d->shape_cache || !d->btf_plans || !d->thread) {
		decoder__free(d);
		return -ENOMEM;
	}
	d->cat = cat;
	d->beauty = beauty;
	d->types = types;
	d->opts = *opts;
	d->families = hand_families;
	d->nr_restart_syscall = -1;
	d->nr_clone = d->nr_clone3 = d->nr_fork = d->nr_vfork = d->nr_wait4 = d->nr_waitid = -1;
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		const struct syscall_desc *desc = catalog__by_nr(cat, nr);
		/* an i386 call decodes as the x86_64 call whose format it takes */
		const char *like;
		bool i386;

		if (!desc)
			continue;
		like = syscall_desc__like(desc);
		i386 = bt_id_is_i386(nr);
		for (int i = 0; i < desc->nargs; i++) {
			const char *arg = desc->args[i].name;

			d->printers[nr][i] = value_printer_find(like, arg);
			/* a name's printer first (flags of one syscall), then the type's (uid_t) */
			if (!d->printers[nr][i] || !strcmp(d->printers[nr][i]->scope, "*"))
				d->printers[nr][i] = value_printer_of_type(desc->args[i].type)
							     ?: d->printers[nr][i];
			d->pointee_printers[nr][i] = pointee_printer(desc->args[i].type);
			d->pid_arg[nr][i] = decode_pid_arg_kind(like, arg);
			if (i386 && !i386_hand_ok(like, arg))
				continue;
			d->hand[nr][i] = hand_bytes_find(d->families, like, arg);
			d->call_hand[nr][i] = hand_arg_find(d->families, like, arg);
		}
		if (!i386 || i386_hand_ok(like, NULL)) {
			d->ret_hand[nr] = hand_return_find(d->families, like);
			d->call_decoder[nr] = hand_call_find(d->families, like);
		}
		/*
		 * x86_64's: the resumed call names are its; -Y follows the
		 * children and reaps of x86_64 calls only
		 */
		if (i386)
			;
		else if (!strcmp(desc->name, "restart_syscall"))
			d->nr_restart_syscall = nr;
		else if (!strcmp(desc->name, "clone"))
			d->nr_clone = nr;
		else if (!strcmp(desc->name, "clone3"))
			d->nr_clone3 = nr;
		else if (!strcmp(desc->name, "fork"))
			d->nr_fork = nr;
		else if (!strcmp(desc->name, "vfork"))
			d->nr_vfork = nr;
		else if (!strcmp(desc->name, "wait4"))
			d->nr_wait4 = nr;
		else if (!strcmp(desc->name, "waitid"))
			d->nr_waitid = nr;
		d->ret_pid_kind[nr] = decode_pid_return_kind(like);
		d->fd_effect[nr] = decode_fd_effect_of(like);
		d->fd_made_name[nr] = decode_fd_made_name_of(like);
		d->dump_kind[nr] = decode_dump_kind_of(like);
		d->ret_is_address[nr] = returns_address(like);
		d->open_mode_arg[nr] = mode_arg_index(desc);
	}
	return 0;
}

void decoder__free(struct decoder *d)
{
	free(d->member_cache);
	free(d->shape_cache);
	btf_print_cache__free(d->btf_plans);
	free(d->thread);
	d->thread = NULL;
	d->member_cache = NULL;
	d->shape_cache = NULL;
	d->btf_plans = NULL;
}

void decode_text_limits(const struct decode_opts *o, struct wr_limits *lim)
{
	memset(lim, 0, sizeof(*lim));
	lim->string = o->string_limit > 0 ? o->string_limit : 0;
	/* strace shows as many elements of an array as -s says characters of a string */
	lim->array = o->verbose ? 0 : o->string_limit > 0 ? o->string_limit : 32;
	lim->depth = o->struct_depth;
	lim->verbose = o->verbose;
	lim->no_zeros = o->no_zeros;
}

void decode_text_writer_opts(const struct decode_opts *o, struct text_writer_opts *two)
{
	memset(two, 0, sizeof(*two));
	two->xlat = o->xlat;
	two->arg_names = o->arg_names;
	two->pretty = o->pretty;
	two->hex = o->hex;
	/*
	 * strace pads the call to one column before -a's, 39 for its default 40, so that the
	 * '=' of " = " is in column 40 counting from 1; -a 0 pads nothing
	 */
	two->column = o->result_column ? o->result_column - 1 : 0;
}

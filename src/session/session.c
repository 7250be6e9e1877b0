// SPDX-License-Identifier: GPL-2.0
/* One run of btftrace: set-up checks, the command or processes to trace, the read loop, clean-up. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/capability.h>
#include <bpf/libbpf.h>

#include "beauty/beauty.h"
#include "catalog/catalog.h"
#include "collector/collector.h"
#include "decode/fd_table.h"
#include "decode/pid_table.h"
#include "events/events.h"
#include "filter/status.h"
#include "session/session.h"
#include "types/types.h"

/* How long the reader waits for a wake-up before showing held calls anyway. */
#define IDLE_FLUSH_MS 50
#define READER_NICE -20 /* the highest: see raise_reader_priority() */
/*
 * Records taken per read of the ring buffer while tracing: a load that fills
 * it as fast as it is read would keep one read going for ever, and the loop
 * must still get to signals and to the command's end.
 */
#define READ_BATCH 65536
/* Output is written in blocks of this size unless it goes to a terminal. */
#define OUTPUT_BUFFER_BYTES (256 * 1024)

#define EXIT_USAGE 2

void session_opts_default(struct session_opts *o)
{
	memset(o, 0, sizeof(*o));
	decode_opts_default(&o->decode);
	o->string_cap = BT_CAPTURE_MAX;
	o->buffer_cap = BT_BUFFER_CAP_DEFAULT;
	o->ringbuf_bytes = BT_RINGBUF_DEFAULT;
	o->signals_shown = ~0ULL;
	o->status_shown = STATUS_ALL;
}

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
	va_list ap;

	fputs("btftrace: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* Everything a session holds, torn down in one place. */
struct session {
	const struct session_opts *opts;
	struct catalog *cat;
	struct types types;
	struct beauty *beauty;
	struct decoder *dec;
	struct filter_compiled *filter; /* NULL without a filter */
	struct collector coll;
	struct event_reader *reader;
	struct sink sink;
	bool sink_ready;
	/* --container, -a: the containers and which thread is in which; NULL otherwise */
	struct container_table *containers;
	int watch_fd; /* --container new: the cgroup hierarchy's inotify fd, or -1 */
	FILE *out;
	int sigfd;
	int pidfds[SESSION_MAX_PIDS];
	int npidfds;
	pid_t child;
	int go_pipe[2];
	int child_status;
	bool child_done;
	unsigned long calls_shown; /* for --max-events */

	unsigned long long bad_records;
	unsigned long batch, batch_limit; /* records taken in this read, and its bound */
	sigset_t orig_sigmask;
	void (*orig_sigpipe)(int);
};

static bool have_cap(const struct __user_cap_data_struct *data, int cap)
{
	return data[cap / 32].effective & (1U << (cap % 32));
}

/*
 * The capabilities tracing needs that this process lacks, as words for a
 * message ("CAP_BPF capability"), or NULL when it has them. Asked of
 * the effective set, root's too: a container's root may lack them. The
 * kernel takes CAP_SYS_ADMIN for either, as before Linux 5.8 split them off.
 */
static const char *missing_bpf_capabilities(void)
{
	struct __user_cap_header_struct hdr = {.version = _LINUX_CAPABILITY_VERSION_3};
	struct __user_cap_data_struct data[2] = {};
	bool bpf, perfmon;

	/* the loader will say what is wrong, in the kernel's words */
	if (syscall(SYS_capget, &hdr, data) < 0)
		return NULL;
	if (have_cap(data, CAP_SYS_ADMIN))
		return NULL;
	bpf = have_cap(data, CAP_BPF);
	perfmon = have_cap(data, CAP_PERFMON);
	if (!bpf && !perfmon)
		return "CAP_BPF and CAP_PERFMON capabilities";
	if (!bpf)
		return "CAP_BPF capability";
	return perfmon ? NULL : "CAP_PERFMON capability";
}

/* Resolves the command through PATH, as execvp would, so a missing one fails before any BPF. */
static int find_command(const char *cmd, char *path, size_t size)
{
	const char *dirs = getenv("PATH");
	struct stat st;

	if (strchr(cmd, '/')) {
		if (stat(cmd, &st) < 0)
			return -errno;
		if (!S_ISREG(st.st_mode) || access(cmd, X_OK) < 0)
			return -EACCES;
		snprintf(path, size, "%s", cmd);
		return 0;
	}
	if (!dirs)
		dirs = "/usr/local/bin:/usr/bin:/bin";
	while (*dirs) {
		const char *end = strchrnul(dirs, ':');
		int len = end - dirs;

		snprintf(path, size, "%.*s/%s", len ? len : 1, len ? dirs : ".", cmd);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0)
			return 0;
		dirs = *end ? end + 1 : end;
	}
	return -ENOENT;
}

static double ms_between(const struct timespec *a, const struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) * 1e3 + (b->tv_nsec - a->tv_nsec) / 1e6;
}

/*
 * The BPF object loads (mostly the verifier's work) on a thread of its own
 * while the main thread reads tracefs and BTF: on two CPUs the start-up
 * costs the longer of the two, not their sum.
 */
struct collector_loader {
	pthread_t thread;
	struct collector *coll;
	const struct collector_opts *opts;
	int err;
	struct timespec start, end;
};

static void *run_collector_loader(void *arg)
{
	struct collector_loader *l = arg;

	l->err = collector__load(l->coll, l->opts);
	clock_gettime(CLOCK_MONOTONIC, &l->end);
	return NULL;
}

static int start_collector_loader(struct collector_loader *l)
{
	clock_gettime(CLOCK_MONOTONIC, &l->start);
	return -pthread_create(&l->thread, NULL, run_collector_loader, l);
}

/* -e: unselected syscalls lose BT_SC_SELECTED, so the collector drops them before any capture. */
static int select_syscalls(struct session *s)
{
	char why[SYSCALL_FILTER_ERR_MAX];
	struct syscall_set set;
	int err;

	err = syscall_filter__resolve(s->opts->syscalls, s->cat, &set, why, sizeof(why));
	if (err) {
		fail("%s", why);
		return err;
	}
	syscall_set__apply(&set, s->beauty->rules);
	return 0;
}

/*
 * -e raw=, abbrev=, verbose=: each set resolved, and the syscalls it picks
 * (raw=) or leaves out (abbrev=, verbose=) given bit in style[]. 0, or an
 * error said.
 */
static int style_calls(struct session *s, const struct syscall_filter *f, bool in_set,
		       unsigned char bit, unsigned char *style)
{
	char why[SYSCALL_FILTER_ERR_MAX];
	struct syscall_set set;
	int err;

	if (!f)
		return 0;
	err = syscall_filter__resolve(f, s->cat, &set, why, sizeof(why));
	if (err) {
		fail("%s", why);
		return err;
	}
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (syscall_set__has(&set, nr) == in_set)
			style[nr] |= bit;
	}
	return 0;
}

static int call_styles(struct session *s, unsigned char *style)
{
	const struct session_opts *o = s->opts;
	int err;

	memset(style, 0, BT_MAX_SYSCALLS);
	if ((err = style_calls(s, o->raw_calls, true, DECODE_STYLE_RAW, style)) ||
	    (err = style_calls(s, o->abbrev_calls, false, DECODE_STYLE_FULL, style)) ||
	    (err = style_calls(s, o->verbose_calls, false, DECODE_STYLE_NO_DEREF, style)))
		return err;
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		/* what shows in full is captured in full: execve's environment */
		if (style[nr] & DECODE_STYLE_FULL)
			beauty__capture_env_of(s->beauty, nr);
	}
	return 0;
}

/*
 * --filter and the options that add to it: compiled against the catalog.
 * Syscalls that lack an argument the expression names are no longer
 * selected, so the collector drops them before anything else.
 */
static int compile_filter(struct session *s)
{
	char why[FILTER_ERR_MAX];
	struct syscall_set traced = {};
	int err;

	s->filter = calloc(1, sizeof(*s->filter));
	if (!s->filter)
		return -ENOMEM;
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (s->beauty->rules[nr].flags & BT_SC_SELECTED)
			syscall_set__add(&traced, nr);
	}
	err = filter_spec__compile(s->opts->filter, s->cat, s->opts->no_btf ? NULL : &s->types,
				   &traced, s->filter, why, sizeof(why));
	if (err) {
		fail("%s", why);
		return err;
	}
	syscall_set__apply(&s->filter->traced, s->beauty->rules);
	if (s->opts->debug) {
		char listing[BT_FILTER_MAX_INSNS * 96];

		filter_prog__format(&s->filter->prog, listing, sizeof(listing));
		fprintf(stderr, "btftrace: filter program (%d syscalls):\n%s",
			syscall_set__count(&s->filter->traced), listing);
	}
	return 0;
}

/*
 * Why the --btf file cannot hold BTF, found before libbpf reads it (a FIFO
 * would block the read for ever), or NULL when it may.
 */
static const char *btf_file_problem(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return strerror(errno);
	if (S_ISDIR(st.st_mode))
		return "a directory";
	if (!S_ISREG(st.st_mode))
		return "not a regular file";
	if (st.st_size == 0)
		return "an empty file";
	return NULL;
}

static int load_btf(struct session *s)
{
	const char *path = s->opts->btf_path, *why = NULL;
	int err;

	if (path && (why = btf_file_problem(path)))
		err = -EINVAL;
	else
		err = types__load(&s->types, path);
	if (!err)
		return 0;
	if (!path) {
		fail("cannot read the kernel's BTF at /sys/kernel/btf/vmlinux (%s): btftrace needs "
		     "a kernel built with CONFIG_DEBUG_INFO_BTF, or --no-btf to print raw values",
		     strerror(-err));
		return err;
	}
	/* libbpf's own codes (bad ELF, ...) have no strerror text */
	if (!why)
		why = err == -EACCES || err == -EPERM || err == -ENOMEM
			      ? strerror(-err)
			      : "neither raw BTF nor an ELF file with a .BTF section";
	fail("cannot read BTF from %s (%s): give a valid BTF file, or --no-btf to print raw values",
	     path, why);
	return err;
}

/*
 * -y: the collector's marks on the calls that change descriptors (each
 * reaches the fd table even when -e or --filter leaves it out), and on those
 * that make sockets and pipes, whose inodes it reads as they return.
 */
static void mark_fd_calls(struct session *s)
{
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		struct bt_syscall_rules *r = &s->beauty->rules[nr];

		switch (s->dec->fd_effect[nr]) {
		case FD_FX_NONE:
			continue;
		case FD_FX_NEW:
			r->flags |= BT_SC_FD_RET;
			break;
		case FD_FX_PAIR:
			for (int i = 0; i < BT_MAX_ARGS; i++) {
				if (r->exit[i].len == 2 * sizeof(int)) {
					r->flags |= BT_SC_FD_PAIR | BT_SC_FD_PAIR_AT(i);
					break;
				}
			}
			break;
		default:
			break;
		}
		r->flags |= BT_SC_FD_CALL;
	}
}

static int load_tables(struct session *s)
{
	const struct session_opts *o = s->opts;
	unsigned char style[BT_MAX_SYSCALLS];
	char tracefs[256];
	int err;

	s->cat = calloc(1, sizeof(*s->cat));
	s->beauty = calloc(1, sizeof(*s->beauty));
	s->dec = calloc(1, sizeof(*s->dec));
	if (!s->cat || !s->beauty || !s->dec)
		return -ENOMEM;
	err = tracefs_find(tracefs, sizeof(tracefs));
	if (!err)
		err = catalog__load(s->cat, tracefs);
	if (err == -EACCES) {
		fail("cannot read the syscall formats in %s/events (%s): reading tracefs as a "
		     "user other than root needs the CAP_DAC_READ_SEARCH capability (man "
		     "btftrace, CAPABILITIES)",
		     tracefs, strerror(-err));
		return err;
	}
	if (err) {
		fail("cannot find or mount tracefs (%s): mount it with 'mount -t tracefs nodev "
		     "/sys/kernel/tracing', or run as root",
		     strerror(-err));
		return err;
	}
	if (!o->no_btf) {
		err = load_btf(s);
		if (err)
			return err;
	}
	beauty__build(s->beauty, s->cat, &s->types);
	if (o->decode.verbose)
		beauty__capture_env(s->beauty);
	if ((err = call_styles(s, style)))
		return err;
	if (o->syscalls && (err = select_syscalls(s)))
		return err;
	if (o->filter && filter_spec__active(o->filter) && (err = compile_filter(s)))
		return err;
	err = decoder__init(s->dec, s->cat, s->beauty, &s->types, &o->decode);
	if (err)
		return err;
	memcpy(s->dec->style, style, sizeof(s->dec->style));
	if (o->decode.decode_pids) {
		s->dec->pids = pid_table__new(NULL);
		if (!s->dec->pids)
			return -ENOMEM;
	}
	if (!o->decode.decode_fds)
		return 0;
	s->dec->fds = fd_table__new(NULL);
	if (!s->dec->fds)
		return -ENOMEM;
	mark_fd_calls(s);
	/*
	 * The kernel sends the calls that make or end fds whatever -e and
	 * --filter leave out; -c sends nothing: the table cannot follow then,
	 * /proc says each time.
	 */
	fd_table__set_follow_calls(s->dec->fds,
				   o->summary != SUMMARY_ONLY ||
					   decode_fd_calls_selected(s->dec, s->beauty->rules));
	return 0;
}

static void free_tables(struct session *s)
{
	types__free(&s->types);
	if (s->dec) {
		fd_table__free(s->dec->fds);
		pid_table__free(s->dec->pids);
		decoder__free(s->dec);
	}
	free(s->dec);
	free(s->filter);
	free(s->beauty);
	free(s->cat);
}

int session_list_syscalls(const struct session_opts *o, char **names, int n, bool json)
{
	struct session s = {.opts = o};
	int status = 0;

	if (load_tables(&s)) {
		status = EXIT_USAGE;
		goto out;
	}
	for (int i = 0; i < n; i++) {
		if (!catalog__next_by_name(s.cat, names[i], -1)) {
			fail("unknown syscall '%s': 'btftrace syscalls' lists them all", names[i]);
			status = EXIT_USAGE;
			goto out;
		}
	}
	beauty__print(s.beauty, s.cat, stdout, (const char *const *)names, n, json);
	if (fflush(stdout))
		status = 1;
out:
	free_tables(&s);
	return status;
}

int session_list_syscall_names(const struct session_opts *o)
{
	struct session s = {.opts = o};
	int status = 0;

	/*
	 * Every name is the build's: without -e nothing else is read, so any
	 * user may ask (shell completion does). -e's classes need tracefs.
	 */
	if (!o->syscalls) {
		s.cat = calloc(1, sizeof(*s.cat));
		if (!s.cat || catalog__load(s.cat, NULL)) {
			fail("cannot list the syscalls: %s", strerror(ENOMEM));
			status = EXIT_USAGE;
			goto out;
		}
	} else if (load_tables(&s)) {
		status = EXIT_USAGE;
		goto out;
	}
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		const struct syscall_desc *desc = catalog__by_nr(s.cat, nr);

		/* a name once: it selects the call of each ABI that has it */
		if (bt_id_is_i386(nr) && desc && catalog__by_name(s.cat, desc->name))
			continue;
		if (desc && (!s.beauty || (s.beauty->rules[nr].flags & BT_SC_SELECTED)))
			puts(desc->name);
	}
	if (fflush(stdout))
		status = 1;
out:
	free_tables(&s);
	return status;
}

/*
 * -y: the working directories that relative paths start from, known now:
 * the command's is ours, an attached process's is read before it can change.
 * A process gone by the time its calls are printed can no longer be asked.
 */
static void note_cwds(struct session *s)
{
	char cwd[PATH_MAX];

	if (!s->dec->fds)
		return;
	if (s->child > 0 && getcwd(cwd, sizeof(cwd)))
		fd_table__set_cwd(s->dec->fds, s->child, cwd);
	for (int i = 0; i < s->opts->npids; i++)
		fd_table__cwd(s->dec->fds, s->opts->pids[i], s->opts->pids[i]);
}

static void expect_call(void *ctx, const struct bt_enter_rec *rec)
{
	struct session *s = ctx;

	event_reader__expect(s->reader, rec);
}

/*
 * -p, -a: the calls the processes are in as tracing starts, so that a call
 * that was waiting shows whole when it returns, as under strace (which
 * interrupts it and sees it start again). With --filter they are left out:
 * the filter cannot judge half a call.
 */
static void expect_calls_in_progress(struct session *s)
{
	struct in_progress_opts io = {
		.rules = s->beauty->rules,
		.string_cap = s->opts->string_cap,
		.buffer_cap = s->opts->buffer_cap,
		.self = getpid(),
		.fn = expect_call,
		.ctx = s,
	};

	if ((!s->opts->npids && !s->opts->trace_all) || s->filter ||
	    s->opts->summary == SUMMARY_ONLY)
		return;
	collector__calls_in_progress(s->opts->pids, s->opts->npids, &io);
}

static int on_record(void *ctx, void *data, size_t size)
{
	struct session *s = ctx;

	/* said at once, and counted: each is a call shown in part or not at all */
	if (event_reader__handle(s->reader, data, size) && !s->bad_records++)
		fail("warning: a malformed record was skipped");
	/* a negative return ends this read (libbpf has taken the record already) */
	if (sink__write_error(&s->sink) || ++s->batch >= s->batch_limit)
		return -EAGAIN;
	return 0;
}

/*
 * Shows a call until --max-events calls were shown. A call counts at its
 * first line; after the last one nothing more is shown, not even the end of
 * a call shown unfinished: tracing stopped before it.
 */
/*
 * -y: what the kernel found the fds a call made to be, as they were made: a
 * socket or pipe closed before anyone asks /proc keeps its name.
 */
/*
 * -y: where the collector finds the inode of a new fd, from the kernel's
 * BTF; without BTF (or with a layout not found) the exits carry none and
 * the printer asks /proc.
 */
static void set_fd_offsets(struct session *s)
{
	struct bt_fd_offsets o = {0};
	__u32 size[6];

	if (!types__struct_member(&s->types, "files_struct", "fdt", &o.files_fdt, &size[0]) &&
	    !types__struct_member(&s->types, "fdtable", "max_fds", &o.fdt_max_fds, &size[1]) &&
	    !types__struct_member(&s->types, "fdtable", "fd", &o.fdt_fd, &size[2]) &&
	    !types__struct_member(&s->types, "file", "f_inode", &o.file_inode, &size[3]) &&
	    !types__struct_member(&s->types, "inode", "i_mode", &o.inode_mode, &size[4]) &&
	    !types__struct_member(&s->types, "inode", "i_ino", &o.inode_ino, &size[5]))
		o.ok = size[0] == 8 && size[1] == 4 && size[2] == 8 && size[3] == 8 &&
		       size[4] == 2 && size[5] == 8;
	collector__set_fd_offsets(&s->coll, &o);
}

static void note_fd_inodes(struct session *s, const struct call *call)
{
	const struct bt_capture *cap;
	struct bt_fd_inode inode;
	char name[64];

	if (!s->dec->fds || !call->exit ||
	    !(cap = record_capture(&call->exit->hdr, BT_CAP_FD_INODES)))
		return;
	for (size_t off = 0; off + sizeof(inode) <= cap->len; off += sizeof(inode)) {
		memcpy(&inode, (const char *)(cap + 1) + off, sizeof(inode));
		if (S_ISSOCK(inode.mode))
			snprintf(name, sizeof(name), "socket:[%llu]",
				 (unsigned long long)inode.ino);
		else if (S_ISFIFO(inode.mode))
			snprintf(name, sizeof(name), "pipe:[%llu]", (unsigned long long)inode.ino);
		else
			continue;
		fd_table__set(s->dec->fds, call->exit->hdr.tgid, inode.fd, name);
	}
}

static void on_call(void *ctx, const struct call *call)
{
	struct session *s = ctx;

	/* a call the trace leaves out, or a fork, for the fd table only */
	if (call->state == CALL_UNSHOWN) {
		const struct bt_fork_rec *fork = (const void *)call->event;

		if (fork && s->dec->fds)
			fd_table__fork(s->dec->fds, fork->hdr.tgid, fork->child_tgid);
		else if (!fork)
			decode_track_fds(s->dec, call);
		note_fd_inodes(s, call);
		return;
	}

	struct call whole;

	/* -e status=: a call shows by how it ended, and whole */
	if (s->opts->status_shown != STATUS_ALL) {
		if (!status_filter_pass(s->opts->status_shown, call, &whole,
					call->exit && decode_is_error(call->exit->ret))) {
			/* not shown, but -y's and -Y's tables follow what it did, once */
			if (call->state != CALL_UNFINISHED && call->state != CALL_PENDING) {
				decode_track_pids(s->dec, call, false);
				decode_track_fds(s->dec, call);
				decode_track_pids(s->dec, call, true);
				note_fd_inodes(s, call);
			}
			return;
		}
		call = &whole;
	}
	if (s->opts->max_events) {
		if (s->calls_shown == s->opts->max_events)
			return;
		/*
		 * signal and exit lines are shown but are not calls; a call shown
		 * while it waits counts when it ends, or is cut by another line
		 */
		if (call->state != CALL_EVENT && call->state != CALL_PENDING &&
		    (call->state != CALL_RESUMED || !call->enter))
			s->calls_shown++;
	}
	/* before the call's line: the name the thread has in it, for -Y */
	decode_track_pids(s->dec, call, false);
	sink__on_call(&s->sink, call);
	if (call->state == CALL_PENDING)
		return;
	/* after the call's line: a close shows the path it closed, a reaped child its name */
	decode_track_fds(s->dec, call);
	decode_track_pids(s->dec, call, true);
	note_fd_inodes(s, call);
}

static bool max_events_shown(const struct session *s)
{
	return s->opts->max_events && s->calls_shown == s->opts->max_events;
}

static int open_output(struct session *s)
{
	const char *path = s->opts->output;

	/* -ff: each thread's file is opened at its first line */
	if (s->opts->output_separately)
		return 0;
	if (!path) {
		s->out = stderr;
	} else {
		s->out = fopen(path, s->opts->output_append ? "ae" : "we");
		if (!s->out) {
			fail("cannot open output file %s (%s): check that its directory exists and "
			     "is writable",
			     path, strerror(errno));
			return -errno;
		}
	}
	if (!isatty(fileno(s->out)))
		setvbuf(s->out, NULL, _IOFBF, OUTPUT_BUFFER_BYTES);
	return 0;
}

/* Forks the command, stopped before exec until the collector watches it. */
static int spawn_child(struct session *s, const char *path)
{
	const struct command_opts *cmd = &s->opts->cmd;
	char **argv = s->opts->command;
	const char *step;
	int err;

	if (pipe2(s->go_pipe, O_CLOEXEC) < 0)
		return -errno;
	s->child = fork();
	if (s->child < 0)
		return -errno;
	if (s->child == 0) {
		char go;

		close(s->go_pipe[1]);
		/* the command gets the signal state btftrace itself was given */
		sigprocmask(SIG_SETMASK, &s->orig_sigmask, NULL);
		signal(SIGPIPE, s->orig_sigpipe);
		/*
		 * The command runs with its user's rights, not with the capabilities
		 * btftrace was given to trace: ambient ones would pass through exec.
		 */
		prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
		/* the parent closes its end without writing when set-up fails */
		if (read(s->go_pipe[0], &go, 1) != 1)
			_exit(127);
		/* -E, -u: the command's environment and user, then its argv[0] (--argv0) */
		err = command_opts__apply(cmd, &step);
		if (err) {
			fprintf(stderr, "btftrace: cannot run %s: cannot %s: %s\n", path, step,
				strerror(-err));
			_exit(127);
		}
		if (cmd->argv0)
			argv[0] = (char *)cmd->argv0;
		/*
		 * the execve's enter shows the name the thread has: the command's,
		 * the one the exec gives it, not btftrace's of the fork
		 */
		prctl(PR_SET_NAME, strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
		execv(path, argv);
		fprintf(stderr, "btftrace: cannot run %s: %s\n", path, strerror(errno));
		_exit(127);
	}
	close(s->go_pipe[0]);
	s->go_pipe[0] = -1;
	return 0;
}

static int open_pidfds(struct session *s)
{
	for (int i = 0; i < s->opts->npids; i++) {
		pid_t pid = s->opts->pids[i];
		int fd = syscall(SYS_pidfd_open, pid, 0);
		struct pollfd gone = {.fd = fd, .events = POLLIN};

		/* pidfds name processes: a thread id gets EINVAL, or ENOENT since Linux 6.9 */
		if (fd < 0 && (errno == EINVAL || errno == ENOENT)) {
			fail("cannot attach to %d: it is a thread, not a process; give its process "
			     "id (Tgid in /proc/%d/status)",
			     pid, pid);
			return -EINVAL;
		}
		if (fd < 0) {
			fail("cannot attach to process %d (%s): check the pid with 'ps -p %d'", pid,
			     strerror(errno), pid);
			return -errno;
		}
		s->pidfds[s->npidfds++] = fd;
		/* a zombie still has a pid, but makes no more calls */
		if (poll(&gone, 1, 0) == 1) {
			fail("cannot attach to process %d: it has exited; check the pid with "
			     "'ps -p %d'",
			     pid, pid);
			return -ESRCH;
		}
	}
	return 0;
}

static int block_signals(struct session *s)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	sigaddset(&set, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &set, &s->orig_sigmask) < 0)
		return -errno;
	/* a closed output pipe shows as EPIPE from write, handled there */
	s->orig_sigpipe = signal(SIGPIPE, SIG_IGN);
	s->sigfd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	return s->sigfd < 0 ? -errno : 0;
}

static void reap_child(struct session *s)
{
	int status;

	if (s->child <= 0 || s->child_done)
		return;
	if (waitpid(s->child, &status, WNOHANG) == s->child) {
		s->child_done = true;
		s->child_status = status;
	}
}

/* Reads at most limit records: the ring buffer may be filled as fast as it is read. */
static void read_records(struct session *s, unsigned long limit)
{
	s->batch = 0;
	s->batch_limit = limit;
	collector__consume(&s->coll);
}

/* Returns true when tracing should stop. */
static bool handle_signals(struct session *s, int *stop_signal)
{
	struct signalfd_siginfo si;
	bool stop = false;

	while (read(s->sigfd, &si, sizeof(si)) == sizeof(si)) {
		if (si.ssi_signo == SIGCHLD) {
			reap_child(s);
			continue;
		}
		*stop_signal = si.ssi_signo;
		stop = true;
	}
	return stop;
}

/*
 * --container NAME: every container named has stopped (its cgroup is gone), so nothing is
 * left to trace; with --container new more may come, until SIGINT.
 */
static bool containers_all_gone(struct session *s)
{
	const struct session_opts *o = s->opts;

	if (!o->ncontainers || o->containers_new)
		return false;
	for (size_t i = 0; i < container_table__count(s->containers); i++) {
		if (i < (size_t)o->ncontainers &&
		    container_table__alive(s->containers, container_table__at(s->containers, i)))
			return false;
	}
	return true;
}

static void select_new_container(void *ctx, const struct container *c)
{
	struct session *s = ctx;
	int err = collector__add_container_cgroup(&s->coll, c->cgroup_id, c->level);

	if (err)
		fail("warning: cannot trace the new container %.12s (%s): %s", c->id, c->cgroup,
		     strerror(-err));
	else if (s->opts->debug)
		fprintf(stderr, "btftrace: new container %.12s in %s%s\n", c->id,
			container_table__root(s->containers), c->cgroup);
}

static bool attached_all_gone(struct session *s)
{
	for (int i = 0; i < s->npidfds; i++) {
		struct pollfd p = {.fd = s->pidfds[i], .events = POLLIN};

		if (poll(&p, 1, 0) == 0)
			return false;
	}
	return s->npidfds > 0;
}

/*
 * With -f, tracing goes on until every followed process has exited: the
 * kernel drops each from traced_procs when its last thread exits.
 */
static bool followed_alive(struct session *s)
{
	return s->opts->follow_forks && !s->opts->trace_all && !collector__no_procs(&s->coll);
}

/*
 * The reader must keep pace with every traced thread together. With more
 * busy threads than CPUs the scheduler gives it one share among them and the
 * ring buffer overflows: 8 threads on 2 CPUs lost over half of their records
 * at nice 0 and none at -20. Only this thread is raised (Linux nice values
 * are per thread), after the command was forked, so the command keeps the
 * priority btftrace was started with. Without the privilege, nothing changes.
 */
static void raise_reader_priority(void)
{
	setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), READER_NICE);
}

/*
 * --lossless: losses that no later record of their thread reported (it
 * exited, or tracing ended, first) are shown at the end, as the kernel
 * would have sent them.
 */
static void report_thread_loss(void *ctx, __u32 tid, const struct bt_lost *lost)
{
	struct session *s = ctx;
	struct bt_lost_rec rec = {
		.hdr = {.type = BT_REC_LOST,
			.size = sizeof(rec),
			.tgid = lost->tgid,
			.tid = tid,
			.nr = -1},
		.lost = *lost,
	};
	struct timespec now;

	/* bpf_ktime_get_ns is CLOCK_MONOTONIC */
	clock_gettime(CLOCK_MONOTONIC, &now);
	rec.hdr.ts = now.tv_sec * 1000000000ULL + now.tv_nsec;
	event_reader__handle(s->reader, &rec, sizeof(rec));
}

static int trace_loop(struct session *s)
{
	struct pollfd fds[3] = {
		{.fd = collector__poll_fd(&s->coll), .events = POLLIN},
		{.fd = s->sigfd, .events = POLLIN},
		{.fd = s->watch_fd, .events = POLLIN},
	};
	bool detached = false;
	int stop_signal = 0, n;

	for (;;) {
		n = poll(fds, s->watch_fd >= 0 ? 3 : 2, IDLE_FLUSH_MS);
		if (n < 0 && errno != EINTR)
			return -errno;
		/* before the records: a new container's first calls are in the kernel from now */
		if (s->watch_fd >= 0 && fds[2].revents)
			container_table__poll_watch(s->containers, select_new_container, s);
		read_records(s, READ_BATCH);
		if (fds[1].revents && handle_signals(s, &stop_signal))
			break;
		if (max_events_shown(s) && !detached) {
			/* -p and -a end here; a command runs on untraced to its usual end */
			collector__detach(&s->coll);
			detached = true;
			sink__flush(&s->sink);
			if (s->child <= 0)
				break;
		}
		/* once detached, the kernel no longer drops exited processes: stop waiting */
		if (s->child > 0 && s->child_done && (detached || !followed_alive(s)))
			break;
		if (attached_all_gone(s) && !followed_alive(s))
			break;
		/* -b execve: the processes of -p (and -f) that exec'd were let go of */
		if (s->opts->detach_on_execve && s->npidfds && collector__no_procs(&s->coll))
			break;
		if (s->containers && containers_all_gone(s))
			break;
		if (n == 0) {
			event_reader__idle(s->reader);
			sink__flush(&s->sink);
		}
		if (sink__write_error(&s->sink))
			break;
	}
	if (stop_signal && s->child > 0 && !s->child_done) {
		/* pass the interruption on to the command we started, then let it finish */
		kill(s->child, stop_signal);
		waitpid(s->child, &s->child_status, 0);
		s->child_done = true;
	}
	/*
	 * Everything the kernel wrote before the end is still in the ring
	 * buffer, and no record is under 32 bytes: what an -a session's busy
	 * system writes meanwhile cannot keep this last read going.
	 */
	read_records(s, s->coll.ringbuf_bytes / 32);
	if (s->opts->lossless && collector__take_thread_losses(&s->coll, report_thread_loss, s) < 0)
		fail("warning: cannot read the lost records of each thread: %s", strerror(errno));
	event_reader__finish(s->reader);
	return stop_signal;
}

/* -c/-C: the kernel's aggregates as a table or JSON objects, after the calls. */
static void print_summary(struct session *s)
{
	struct summary sum;

	summary__init(&sum, s->dec, &s->opts->summary_opts);
	sum.containers = s->containers;
	if (collector__read_summary(&s->coll, summary__add, &sum) ||
	    (s->opts->summary_opts.errno_summary &&
	     collector__read_errno_summary(&s->coll, summary__add_errno, &sum)))
		fail("cannot read the summary from the kernel: %s", strerror(errno));
	else
		sink__summary(&s->sink, &sum);
	summary__free(&sum);
}

static void report_end(struct session *s)
{
	struct bt_stats st;
	unsigned long long lost;

	if (s->bad_records > 1)
		fail("warning: %llu malformed records were skipped in all", s->bad_records);
	if (collector__stats(&s->coll, &st))
		return;
	lost = st.lost_enter + st.lost_exit;
	/* after a write error nothing was read any more: losses then say nothing */
	if (lost && !sink__write_error(&s->sink))
		fail("%llu records lost (%llu enter, %llu exit): the ring buffer was full; "
		     "raise --buffer-size%s",
		     lost, (unsigned long long)st.lost_enter, (unsigned long long)st.lost_exit,
		     s->opts->lossless ? "" : ", or --lossless to see where");
	if (st.compact_records && !sink__write_error(&s->sink))
		fail("%llu records sent without their data (marked 'data not captured'): the ring "
		     "buffer was full; raise --buffer-size",
		     (unsigned long long)st.compact_records);
	if (s->opts->stats) {
		struct collector_run_stats rs;

		fprintf(stderr,
			"btftrace: stats: enter records %llu, exit records %llu, lost %llu, "
			"ring buffer bytes %llu, high-water mark %llu of %zu bytes, "
			"lines written %llu\n",
			(unsigned long long)st.enter_records, (unsigned long long)st.exit_records,
			lost, (unsigned long long)st.ringbuf_bytes,
			(unsigned long long)st.max_pending, s->coll.ringbuf_bytes,
			sink__lines(&s->sink));
		fprintf(stderr,
			"btftrace: stats: records without their data %llu, signal and exit records "
			"lost %llu\n",
			(unsigned long long)st.compact_records, (unsigned long long)st.lost_other);
		if (s->coll.stats_fd > 0 && !collector__run_stats(&s->coll, &rs))
			fprintf(stderr,
				"btftrace: stats: BPF run time per run (untraced processes' calls included): sys_enter %llu ns "
				"(%llu runs), sys_exit %llu ns (%llu runs)\n",
				rs.run_cnt[0]
					? (unsigned long long)(rs.run_time_ns[0] / rs.run_cnt[0])
					: 0,
				(unsigned long long)rs.run_cnt[0],
				rs.run_cnt[1]
					? (unsigned long long)(rs.run_time_ns[1] / rs.run_cnt[1])
					: 0,
				(unsigned long long)rs.run_cnt[1]);
		if (s->filter)
			fprintf(stderr,
				"btftrace: stats: calls the filter rejected in the kernel %llu\n",
				(unsigned long long)st.filtered);
	}
}

/*
 * The trace cannot be written any more, so tracing stops. A closed pipe means
 * its reader is gone, as in `btftrace -o /dev/stdout -- cmd | head`: the
 * command is told as a shell pipeline would tell it, by SIGPIPE. After other
 * errors the command runs on, untraced, to its end.
 */
static void stop_after_write_error(struct session *s)
{
	int stop_signal = 0;

	collector__destroy(&s->coll);
	if (s->child <= 0)
		return;
	reap_child(s);
	if (!s->child_done && sink__write_error(&s->sink) == EPIPE)
		kill(s->child, SIGPIPE);
	while (!s->child_done) {
		struct pollfd p = {.fd = s->sigfd, .events = POLLIN};

		if (poll(&p, 1, -1) < 0 && errno != EINTR)
			break;
		/* still a way out: SIGINT and SIGTERM go on to the command */
		if (handle_signals(s, &stop_signal))
			kill(s->child, stop_signal);
	}
}

/*
 * --container NAME: each found through the runtimes or the cgroups before anything is
 * loaded, so that a wrong name costs no BPF. -a and --container new keep the table too:
 * their lines say which container they come from.
 */
static int find_containers(struct session *s)
{
	const struct session_opts *o = s->opts;
	char why[CONTAINER_ERR_MAX];
	const struct container *c;

	if (!o->ncontainers && !o->containers_new && !o->trace_all)
		return 0;
	s->containers = container_table__new(NULL);
	if (!s->containers) {
		fail("cannot keep the containers: %s", strerror(ENOMEM));
		return -ENOMEM;
	}
	if ((o->ncontainers || o->containers_new) && !container_table__root(s->containers)[0]) {
		fail("--container needs a cgroup v2 hierarchy, and none is mounted: mount one "
		     "with 'mount -t cgroup2 none /sys/fs/cgroup'");
		return -ENOENT;
	}
	for (int i = 0; i < o->ncontainers; i++) {
		if (container_table__resolve(s->containers, o->containers[i], &c, why,
					     sizeof(why))) {
			fail("%s", why);
			return -ENOENT;
		}
		if (o->debug)
			fprintf(stderr, "btftrace: container %s: %s %s, cgroup %s%s\n",
				o->containers[i], c->runtime[0] ? c->runtime : "(cgroup)", c->id,
				container_table__root(s->containers), c->cgroup);
	}
	return 0;
}

/* The containers found are what the kernel traces; --container new watches for more. */
static int select_containers(struct session *s)
{
	const struct session_opts *o = s->opts;
	int err;

	if (!o->ncontainers && !o->containers_new)
		return 0;
	for (size_t i = 0; i < container_table__count(s->containers); i++) {
		const struct container *c = container_table__at(s->containers, i);

		err = collector__add_container_cgroup(&s->coll, c->cgroup_id, c->level);
		if (err) {
			fail("cannot select the cgroup %s%s of container %s in the kernel (%s): "
			     "run with -d to see libbpf's messages",
			     container_table__root(s->containers), c->cgroup, c->name,
			     strerror(-err));
			return err;
		}
	}
	if (!o->containers_new)
		return 0;
	s->watch_fd = container_table__watch(s->containers);
	if (s->watch_fd < 0) {
		err = s->watch_fd;
		fail("cannot watch %s for new containers' cgroups (%s): raise "
		     "fs.inotify.max_user_watches, or name the containers",
		     container_table__root(s->containers), strerror(-err));
		return err;
	}
	return 0;
}

static int exit_status_of_child(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 1;
}

int session_run(const struct session_opts *o)
{
	struct session s = {.opts = o, .sigfd = -1, .go_pipe = {-1, -1}, .watch_fd = -1};
	struct collector_opts co = {
		.self_tgid = getpid(),
		.trace_all = o->trace_all,
		.follow_forks = o->follow_forks,
		.detach_on_exec = o->detach_on_execve,
		.summary = o->summary != SUMMARY_NONE,
		.summary_only = o->summary == SUMMARY_ONLY,
		.summary_by = o->summary_opts.by,
		.errno_summary = o->summary_opts.errno_summary,
		/* --quiet=signals too: a line nobody shows costs no record */
		.signals_shown = o->text.quiet_signals ? 0 : o->signals_shown,
		.filter = o->filter && filter_spec__active(o->filter),
		.filter_defer = o->filter && filter_spec__needs_exit(o->filter),
		.lossless = o->lossless,
		.fd_records = o->decode.decode_fds && o->summary != SUMMARY_ONLY,
		/* what the sinks print of each record besides its values */
		.record_times = o->format != SINK_TEXT || o->text.ts != TS_NONE ||
				o->text.relative || o->text.show_duration,
		/* -Y names threads by their records */
		.record_comm = o->format != SINK_TEXT || (o->decode.decode_pids & DECODE_PIDS_COMM),
		.record_ip = o->text.show_ip,
		/* each line says its container: the records say the thread's cgroup */
		.record_cgroup = (o->ncontainers || o->containers_new || o->trace_all) &&
				 o->summary != SUMMARY_ONLY,
		.container_select = o->ncontainers || o->containers_new,
		.string_cap = o->string_cap,
		/* -s's bytes, one to tell a string cut, and the NUL; -s 0 shows them whole */
		.strv_string_cap = o->decode.string_limit ? o->decode.string_limit + 2 : 0,
		.buffer_cap = o->buffer_cap,
		.ringbuf_bytes = o->ringbuf_bytes,
		.debug = o->debug,
	};
	struct collector_loader loader = {.coll = &s.coll, .opts = &co};
	struct text_sink_opts text = o->text;
	struct timespec tables_start, tables_end;
	const char *missing, *feature, *since;
	char path[PATH_MAX];
	int status = EXIT_USAGE, write_err, err;

	if (o->command) {
		err = find_command(o->command[0], path, sizeof(path));
		if (err) {
			fail("cannot run '%s' (%s): check the command name and PATH", o->command[0],
			     strerror(-err));
			return EXIT_USAGE;
		}
	}
	missing = command_opts__missing_rights(&o->cmd);
	if (missing) {
		fail("-u runs the command as another user, which needs the %s: run btftrace as "
		     "root, or drop -u",
		     missing);
		return EXIT_USAGE;
	}
	missing = missing_bpf_capabilities();
	if (missing) {
		fail("tracing needs the %s: run btftrace as root, or give it CAP_BPF, "
		     "CAP_PERFMON and CAP_DAC_READ_SEARCH (man btftrace, CAPABILITIES)",
		     missing);
		return EXIT_USAGE;
	}
	if (open_pidfds(&s) || find_containers(&s))
		goto out;
	/*
	 * libbpf's warnings (a corrupt --btf file) would come before, and in
	 * other words than, our one line; set before the loader thread runs
	 */
	if (!o->debug)
		libbpf_set_print(NULL);
	err = start_collector_loader(&loader);
	if (err) {
		fail("cannot start a thread to load the BPF collector: %s", strerror(-err));
		goto out;
	}
	clock_gettime(CLOCK_MONOTONIC, &tables_start);
	err = load_tables(&s);
	clock_gettime(CLOCK_MONOTONIC, &tables_end);
	pthread_join(loader.thread, NULL);
	if (err)
		goto out;
	if (o->debug)
		collector__print_features(&s.coll, stderr);
	if (loader.err && (feature = collector__missing_feature(&s.coll, &since))) {
		fail("this kernel lacks %s, which btftrace needs: Linux %s and later have it",
		     feature, since);
		goto out;
	}
	if (loader.err) {
		fail("cannot load the BPF collector (%s): %s", strerror(-loader.err),
		     loader.err == -EPERM ? "run as root, or with CAP_BPF and CAP_PERFMON"
					  : "run with -d to see libbpf's messages");
		goto out;
	}
	if (o->debug)
		fprintf(stderr,
			"btftrace: start-up: catalog and BTF tables %.1f ms, BPF collector %.1f ms "
			"(in parallel)\n",
			ms_between(&tables_start, &tables_end),
			ms_between(&loader.start, &loader.end));
	err = collector__set_rules(&s.coll, s.beauty->rules);
	if (err) {
		fail("cannot fill the beauty map (%s): run with -d to see libbpf's messages",
		     strerror(-err));
		goto out;
	}
	if (s.dec->fds)
		set_fd_offsets(&s);
	if (s.filter && (err = collector__set_filter(&s.coll, &s.filter->prog, s.filter->args))) {
		fail("cannot fill the filter maps (%s): run with -d to see libbpf's messages",
		     strerror(-err));
		goto out;
	}
	if (select_containers(&s))
		goto out;
	s.dec->containers = s.containers;
	/* a name before each container's lines, unless one container is all there is */
	text.container_prefix = o->trace_all || o->containers_new ||
				(s.containers && container_table__count(s.containers) > 1);
	if (open_output(&s))
		goto out;
	if (o->output_separately)
		sink__init_split(&s.sink, o->output, o->output_append, s.dec, &text);
	else if (sink__init(&s.sink, o->format, s.out, s.dec, &text)) {
		fail("cannot set up the output: %s", strerror(ENOMEM));
		goto out;
	}
	s.sink_ready = true;
	s.reader = event_reader__new(on_call, &s);
	if (!s.reader || collector__open_reader(&s.coll, on_record, &s) || block_signals(&s)) {
		fail("cannot set up the ring buffer reader: %s", strerror(errno));
		goto out;
	}
	for (int i = 0; i < o->npids; i++)
		collector__add_proc(&s.coll, o->pids[i], BT_PROC_TRACED);
	if (o->command && (err = spawn_child(&s, path))) {
		fail("cannot start '%s': %s", o->command[0], strerror(-err));
		goto out;
	}
	if (s.child > 0 && (err = collector__add_proc(&s.coll, s.child, BT_PROC_WAIT_EXEC))) {
		fail("cannot register the command with the collector: %s", strerror(-err));
		goto out;
	}
	/* -y: the fds the command inherits, read while it waits before its exec */
	if (s.child > 0 && s.dec->fds)
		fd_table__seed(s.dec->fds, s.child, s.child);
	note_cwds(&s);
	/* without the kernel's run-time counting --stats still prints the counters */
	if (o->stats && (err = collector__enable_run_stats(&s.coll)))
		fprintf(stderr, "btftrace: stats: BPF run times unavailable: %s%s\n",
			strerror(-err),
			err == -EPERM ? " (the kernel counts them for CAP_SYS_ADMIN only)" : "");
	if (o->npids || o->trace_all)
		event_reader__set_attached(s.reader);
	err = collector__attach(&s.coll);
	if (err) {
		fail("cannot attach to the raw_syscalls tracepoints (%s): check that the kernel "
		     "has CONFIG_FTRACE_SYSCALLS",
		     strerror(-err));
		goto out;
	}
	expect_calls_in_progress(&s);
	for (int i = 0; s.dec->fds && i < o->npids; i++)
		fd_table__seed(s.dec->fds, o->pids[i], o->pids[i]);
	if (s.child > 0) {
		/* the command runs from here on; its exec is the first call traced */
		if (write(s.go_pipe[1], "g", 1) != 1) {
			fail("cannot start '%s': %s", o->command[0], strerror(errno));
			goto out;
		}
		close(s.go_pipe[1]);
		s.go_pipe[1] = -1;
	}
	raise_reader_priority();
	err = trace_loop(&s);
	sink__finish(&s.sink);
	sink__flush(&s.sink);
	if (o->summary != SUMMARY_NONE && !sink__write_error(&s.sink))
		print_summary(&s);
	write_err = sink__write_error(&s.sink);
	if (write_err && write_err != EPIPE)
		fail("cannot write the trace to %s (%s): %s",
		     s.sink.split && s.sink.separate.failed_name ? s.sink.separate.failed_name
		     : o->output				 ? o->output
								 : "standard error",
		     strerror(write_err),
		     write_err == ENOSPC || write_err == EDQUOT
			     ? "free some space, or write it elsewhere with -o"
			     : "write it elsewhere with -o");
	report_end(&s);
	if (write_err)
		stop_after_write_error(&s);
	status = 0;
	if (s.child > 0)
		status = exit_status_of_child(s.child_status);
	if (write_err && write_err != EPIPE)
		status = 1;
out:
	/* a child that never got the go-ahead sees EOF and exits 127 */
	if (s.go_pipe[1] >= 0)
		close(s.go_pipe[1]);
	if (s.child > 0 && !s.child_done)
		waitpid(s.child, NULL, 0);
	collector__destroy(&s.coll);
	event_reader__free(s.reader);
	if (s.sink_ready)
		sink__free(&s.sink);
	if (s.out && s.out != stderr)
		fclose(s.out);
	for (int i = 0; i < s.npidfds; i++)
		close(s.pidfds[i]);
	if (s.sigfd >= 0)
		close(s.sigfd);
	free_tables(&s);
	container_table__free(s.containers);
	return status;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Set-up: the capabilities, the catalog, BTF and beauty map, the syscall selection and the
 * filter compiled, the collector loaded on a thread of its own; `btftrace syscalls`.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <linux/capability.h>
#include "base/startup_times.h"
#include "decode/fd_table.h"
#include "decode/sock_diag.h"
#include "session/session_internal.h"

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
const char *missing_bpf_capabilities(void)
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

double ms_between(const struct timespec *a, const struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) * 1e3 + (b->tv_nsec - a->tv_nsec) / 1e6;
}

static void *run_collector_loader(void *arg)
{
	struct collector_loader *l = arg;

	l->err = collector__load(l->coll, l->opts);
	clock_gettime(CLOCK_MONOTONIC, &l->end);
	return NULL;
}

int start_collector_loader(struct collector_loader *l)
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
				   &traced, &s->tracepoints, s->filter, why, sizeof(why));
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
 * -e inject=: which traced syscall each expression acts on. As strace, btftrace injects only
 * into calls it traces: -e trace= and --filter's syscalls decide first.
 */
static int plan_injection(struct session *s)
{
	char why[INJECT_ERR_MAX];
	struct syscall_set traced = {};
	int err;

	s->inject_plan = calloc(1, sizeof(*s->inject_plan));
	if (!s->inject_plan)
		return -ENOMEM;
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (s->beauty->rules[nr].flags & BT_SC_SELECTED)
			syscall_set__add(&traced, nr);
	}
	err = inject_plan__resolve(s->inject_plan, s->opts->inject, s->cat, &traced, why,
				   sizeof(why));
	if (err)
		fail("%s", why);
	return err;
}

/*
 * --trigger: compiled as a filter is, against the syscalls traced; the syscalls that have
 * the arguments it names are marked, and run it at their exits. It selects nothing.
 */
static int compile_trigger(struct session *s)
{
	char why[FILTER_ERR_MAX];
	struct syscall_set traced = {};
	int err;

	s->trigger = calloc(1, sizeof(*s->trigger));
	if (!s->trigger)
		return -ENOMEM;
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (s->beauty->rules[nr].flags & BT_SC_SELECTED)
			syscall_set__add(&traced, nr);
	}
	err = filter_spec__compile(s->opts->trigger, s->cat, s->opts->no_btf ? NULL : &s->types,
				   &traced, NULL, s->trigger, why, sizeof(why));
	if (err) {
		/* the compiler's messages name --filter, the language's first option */
		if (!strncmp(why, "--filter", 8))
			fail("--trigger%s", why + 8);
		else
			fail("%s", why);
		return err;
	}
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		if (syscall_set__has(&s->trigger->traced, nr))
			s->beauty->rules[nr].flags |= BT_SC_TRIGGER;
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
 * -yy: the calls at which the collector keeps a socket's endpoints: those that set them,
 * as they return, and close as it enters, the last moment they are there. Not socket():
 * a new socket has none.
 */
static void mark_socket_calls(struct session *s)
{
	static const struct {
		const char *name;
		__u32 flag;
	} calls[] = {
		{"connect", BT_SC_SOCK_ARG_EXIT}, {"bind", BT_SC_SOCK_ARG_EXIT},
		{"listen", BT_SC_SOCK_ARG_EXIT},  {"sendto", BT_SC_SOCK_ARG_EXIT},
		{"sendmsg", BT_SC_SOCK_ARG_EXIT}, {"sendmmsg", BT_SC_SOCK_ARG_EXIT},
		{"accept", BT_SC_SOCK_RET},	  {"accept4", BT_SC_SOCK_RET},
		{"close", BT_SC_SOCK_ARG_ENTER},  {"shutdown", BT_SC_SOCK_ARG_ENTER},
	};

	for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
		const struct syscall_desc *d = NULL;

		/* x86_64's and i386's */
		while ((d = catalog__next_by_name(s->cat, calls[i].name, d ? d->nr : -1)))
			s->beauty->rules[d->nr].flags |= calls[i].flag;
	}
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
		case FD_FX_OPEN: {
			/* open's and openat's flags: an O_TMPFILE file's inode names it */
			const struct syscall_desc *d = catalog__by_nr(s->cat, nr);
			const char *name = d ? syscall_desc__like(d) : "";
			int k = !strcmp(name, "open") ? 1 : !strcmp(name, "openat") ? 2 : -1;

			if (k >= 0)
				r->flags |= BT_SC_FD_RET_TMPFILE | BT_SC_FD_PAIR_AT(k);
			break;
		}
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

/*
 * -k, --kernel-stack, before the collector loads: its knobs for the stacks asked for, and the
 * unwinder. Returns -1 after saying why.
 */
int open_stacks(struct session *s, struct collector_opts *co)
{
	const struct session_opts *o = s->opts;
	struct stack_opts so = o->stack;

	if (!stacks_wanted(&o->stack))
		return 0;
	so.track_all = o->trace_all;
	so.follow = o->follow_forks;
	stacks_collector_opts(&so, co);
	s->stacks = stacks_open(&so);
	return s->stacks ? 0 : -1;
}

/*
 * Once the collector is loaded, before the command runs or a process is attached: the calls
 * that take stacks, and the processes' maps followed, so that none of theirs is missed.
 */
void start_stacks(struct session *s)
{
	const struct session_opts *o = s->opts;

	if (!s->stacks)
		return;
	stacks_select(s->beauty->rules);
	s->dec->stacks = s->stacks;
	stacks_watch(s->stacks, s->coll.nr_cpus, o->debug);
	for (int i = 0; i < o->npids; i++)
		stacks_track(s->stacks, o->pids[i]);
}

/*
 * -yy: where an inet socket's endpoints are, from its file to its struct sock (whose
 * struct sock_common comes first); true when every member is there with the size read.
 */
static bool find_sock_offsets(struct session *s, struct bt_fd_offsets *o)
{
	const struct {
		const char *type, *member;
		__u32 *offset, size;
	} members[] = {
		{"file", "private_data", &o->file_private, 8},
		{"socket", "sk", &o->socket_sk, 8},
		{"sock_common", "skc_family", &o->sk_family, 2},
		{"sock_common", "skc_num", &o->sk_num, 2},
		{"sock_common", "skc_dport", &o->sk_dport, 2},
		{"sock_common", "skc_daddr", &o->sk_daddr, 4},
		{"sock_common", "skc_rcv_saddr", &o->sk_rcv_saddr, 4},
		{"sock_common", "skc_v6_daddr", &o->sk_v6_daddr, 16},
		{"sock_common", "skc_v6_rcv_saddr", &o->sk_v6_saddr, 16},
		{"sock", "sk_protocol", &o->sk_protocol, 2},
		{"sock", "sk_type", &o->sk_type, 2},
	};
	__u32 common, size;

	/* struct sock's first member is its struct sock_common */
	if (types__struct_member(&s->types, "sock", "__sk_common", &common, &size) || common)
		return false;
	for (size_t i = 0; i < sizeof(members) / sizeof(members[0]); i++) {
		if (types__struct_member(&s->types, members[i].type, members[i].member,
					 members[i].offset, &size) ||
		    size != members[i].size)
			return false;
	}
	return true;
}

/*
 * -y and -P: where the collector finds an fd's inode (and, for -P, its device) in the
 * kernel's structs, from BTF. Without BTF, or with a layout not found, -y's exits carry no
 * inodes (the printer asks /proc) and -P matches paths by name only, no fd. Also the name
 * of an fd's file, which a member rule reads at the call (BT_MEMBER_FD_NAME): always set.
 */
void set_fd_offsets(struct session *s)
{
	struct bt_fd_offsets o = {0};
	__u32 size[8];

	if (!types__struct_member(&s->types, "files_struct", "fdt", &o.files_fdt, &size[0]) &&
	    !types__struct_member(&s->types, "fdtable", "max_fds", &o.fdt_max_fds, &size[1]) &&
	    !types__struct_member(&s->types, "fdtable", "fd", &o.fdt_fd, &size[2]) &&
	    !types__struct_member(&s->types, "file", "f_inode", &o.file_inode, &size[3]) &&
	    !types__struct_member(&s->types, "inode", "i_mode", &o.inode_mode, &size[4]) &&
	    !types__struct_member(&s->types, "inode", "i_ino", &o.inode_ino, &size[5]))
		o.ok = size[0] == 8 && size[1] == 4 && size[2] == 8 && size[3] == 8 &&
		       size[4] == 2 && size[5] == 8;
	/* -P: files are compared by device and inode */
	if (o.ok && !types__struct_member(&s->types, "inode", "i_sb", &o.inode_sb, &size[6]) &&
	    !types__struct_member(&s->types, "super_block", "s_dev", &o.sb_dev, &size[7]))
		o.dev_ok = size[6] == 8 && size[7] == 4;
	if (o.ok && s->dec->socks)
		o.sock_ok = find_sock_offsets(s, &o);
	/* bpf(BPF_OBJ_GET_INFO_BY_FD): what bpf_fd is, read at the call (member rule) */
	if (o.ok &&
	    !types__struct_member(&s->types, "file", "f_path.dentry", &o.file_dentry, &size[6]) &&
	    !types__struct_member(&s->types, "dentry", "d_name.name", &o.dentry_name, &size[7]))
		o.name_ok = size[6] == 8 && size[7] == 8;
	collector__set_fd_offsets(&s->coll, &o);
}

int load_tables(struct session *s)
{
	const struct session_opts *o = s->opts;
	unsigned char style[BT_MAX_SYSCALLS];
	char tracefs[256];
	__u64 t = startup_times__now();
	int err;

	s->cat = calloc(1, sizeof(*s->cat));
	s->beauty = calloc(1, sizeof(*s->beauty));
	s->dec = calloc(1, sizeof(*s->dec));
	if (!s->cat || !s->beauty || !s->dec)
		return -ENOMEM;
	/*
	 * The kernel's BTF first: the loader thread's libbpf needs it before it loads any
	 * program, and waits for this parse (types.c) while the formats below are read
	 */
	if (!o->no_btf && (err = load_btf(s)))
		return err;
	startup_times__stage("tables: BTF", t);
	t = startup_times__now();
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
	startup_times__stage("tables: tracefs formats", t);
	if (o->nevents &&
	    (err = select_tracepoints(s, tracefs, (char *const *)o->events, o->nevents)))
		return err;
	t = startup_times__now();
	if (!o->no_btf)
		resolve_tracepoint_types(s);
	if (o->nevents && (err = compile_fetches(s)))
		return err;
	if (!uring_set__empty(&o->io_uring) && (err = select_uring(s, tracefs)))
		return err;
	beauty__build(s->beauty, s->cat, &s->types);
	if (o->decode.verbose)
		beauty__capture_env(s->beauty);
	if ((err = call_styles(s, style)))
		return err;
	if (o->syscalls && (err = select_syscalls(s)))
		return err;
	if (o->filter && filter_spec__active(o->filter) && (err = compile_filter(s)))
		return err;
	if (o->trigger && (err = compile_trigger(s)))
		return err;
	if (o->inject && (err = plan_injection(s)))
		return err;
	err = decoder__init(s->dec, s->cat, s->beauty, &s->types, &o->decode);
	if (err)
		return err;
	memcpy(s->dec->style, style, sizeof(s->dec->style));
	startup_times__stage("tables: beauty map, decoder", t);
	s->dec->tracepoints = &s->tracepoints;
	s->dec->kfuncs = &s->kfuncs;
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
	if (o->decode.decode_fds & DECODE_FDS_SOCKET) {
		s->dec->socks = sock_diag__new();
		if (!s->dec->socks)
			return -ENOMEM;
		mark_socket_calls(s);
	}
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

void free_tables(struct session *s)
{
	free(s->uring);
	tp_set__free(&s->tracepoints);
	types__free(&s->types);
	if (s->dec) {
		fd_table__free(s->dec->fds);
		sock_diag__free(s->dec->socks);
		pid_table__free(s->dec->pids);
		decoder__free(s->dec);
	}
	free(s->dec);
	free(s->filter);
	free(s->trigger);
	free(s->inject_plan);
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

/* SPDX-License-Identifier: GPL-2.0 */
/* User side of the collector: loads the BPF programs (one object), fills their maps, reads the ring buffer. */
#ifndef BTFTRACE_COLLECTOR_H
#define BTFTRACE_COLLECTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>
#include "bpf/filter_prog.h"
#include "bpf/record.h"

struct collector_bpf;
struct ringbuf_reader;

/* A copy of the event program attached to one tracepoint. */
struct collector_event {
	int prog_fd;
	int perf_fd; /* or the raw tracepoint's fd */
};

struct collector_opts {
	__u32 self_tgid;
	bool trace_all;
	bool follow_forks;   /* -f */
	bool detach_on_exec; /* -b execve: a process's exec, but the command's first, detaches */
	bool summary;	     /* -c/-C: aggregate in the kernel */
	bool summary_only;   /* -c: and send no per-call records */
	int summary_by;	     /* enum bt_summary_by */
	bool errno_summary;
	__u64 summary_overhead_ns; /* -O: taken off each call's time, none below 0 */
	bool sock_endpoints;	   /* -yy: inet sockets' endpoints kept by inode at their calls */
	__u64 signals_shown;   /* -e signal=SET: bit sig-1 for each signal whose lines are shown */
	bool filter;	       /* run the --filter program collector__set_filter() gives */
	bool filter_defer;     /* it reads the result: decide each call at its exit */
	bool lossless;	       /* say per thread where records were lost */
	bool fd_records;       /* -y: fd calls left out still reach the fd table */
	bool record_times;     /* enter and exit records carry the kernel time (else 0) */
	bool record_comm;      /* enter records carry the thread name (else zeros) */
	bool record_cgroup;    /* enter records carry the thread's cgroup id (else 0) */
	bool container_select; /* trace only the cgroups collector__add_container_cgroup() gives */
	bool record_ip;	       /* -i: enter records carry the user instruction pointer (else 0) */
	bool inject;	       /* -e inject=: collector__inject_mark() marks calls */
	bool path_trace;       /* -P or --trace-fds: only the calls that touch them */
	bool path_names;       /* -P: collector__add_trace_path() gives the paths */
	bool trace_fds_on;     /* --trace-fds: the fds in trace_fds */
	struct bt_trace_fds trace_fds;
	__u32 string_cap;
	__u32 strv_string_cap; /* of each string of an array (argv); 0: string_cap */
	__u32 buffer_cap;
	/* -k: the user part of each stack record (enum bt_stack_mode), and the copy's size */
	__u8 stack_mode;
	__u32 stack_copy_bytes;
	__u32 stack_kernel_frames; /* --kernel-stack: kernel frames at most; 0 none */
	size_t ringbuf_bytes;	   /* power of two, at least a page */
	bool events;		   /* -e SUBSYS:EVENT: tracepoints are to be attached */
	bool io_uring;		   /* -e io_uring=: the io_uring programs are to be attached */
	unsigned int slowest;  /* -c --slowest N: keep each syscall's N slowest calls; 0: none */
	unsigned int recorder; /* --flight-recorder N: keep each thread's last N calls; 0: off */
	bool trigger;	       /* --trigger: the program collector__set_filter(.., true) gives */
	/*
	 * --kfunc: per count of arguments, a function of that many the templates of its entry
	 * and exit programs are loaded for, or NULL when no function selected has that many
	 */
	const char *kfunc_templates[BT_KFUNC_ARGS + 1];
	bool kfunc_kprobes; /* --kfunc through kprobes: the kernel refuses fentry */
	bool debug;	    /* let libbpf print */
};

typedef int (*record_fn)(void *ctx, void *data, size_t size);

/*
 * What the collector needs or can use of the kernel, probed by
 * collector__load() (never inferred from the kernel's version). Each has a
 * name for -d and for BTFTRACE_HIDE_FEATURES.
 */
enum collector_feature {
	COLLECTOR_FEAT_RINGBUF,		/* needed: the BPF ring buffer */
	COLLECTOR_FEAT_RAW_TP,		/* needed: raw tracepoint programs */
	COLLECTOR_FEAT_TASK_STORAGE,	/* else call starts go in a hash map by thread */
	COLLECTOR_FEAT_TP_BTF,		/* else raw_tp programs read registers by helper */
	COLLECTOR_FEAT_ANCESTOR_CGROUP, /* else --cgroup matches the directory itself */
	COLLECTOR_FEAT_CGROUP_ID,	/* needed by --container; else -a reads /proc */
	COLLECTOR_FEAT_COUNT,
};

enum collector_feature_state {
	COLLECTOR_FEAT_UNPROBED = 0, /* nothing asked for it */
	COLLECTOR_FEAT_YES,
	COLLECTOR_FEAT_NO,
	COLLECTOR_FEAT_HIDDEN, /* BTFTRACE_HIDE_FEATURES took it away */
};

struct collector {
	struct collector_bpf *skel;
	struct ringbuf_reader *rb;
	int nr_cpus;
	int stats_fd; /* from BPF_ENABLE_STATS while --stats asks for run times; 0 if none */
	size_t ringbuf_bytes; /* the ring buffer's size as loaded */
	/* what collector__load() found and chose: kept when it fails */
	unsigned char features[COLLECTOR_FEAT_COUNT]; /* enum collector_feature_state */
	int typed_err; /* why the tp_btf programs did not load, or 0 */
	bool typed;    /* the tp_btf pair is loaded, else the raw_tp pair */
	/* -e SUBSYS:EVENT: per tracepoint attached, its copy of on_event and its perf event */
	struct collector_event *event_progs;
	size_t nevent_progs, event_progs_cap;
	int missing; /* a needed feature the kernel lacks (load fails), or -1 */
	/* --kfunc: the copies of the entry and exit programs, and their links, per function */
	int *kfunc_fds;
	size_t nkfunc_fds, kfunc_fds_cap;
};

/* --kfunc: how this kernel lets kernel functions be traced, probed on one of them. */
struct collector_kfunc_probe {
	int fentry_err; /* 0: fentry and fexit programs load and attach; else why not */
	bool fentry_hidden;
	bool kprobes; /* the kernel has kprobes (its kprobe PMU) */
	bool kprobes_hidden;
};

/* The BPF programs' own cost: index 0 the sys_enter program, 1 sys_exit. */
struct collector_run_stats {
	__u64 run_time_ns[2];
	__u64 run_cnt[2];
};

/*
 * Probes the kernel's features, then opens and loads the BPF object with the
 * mechanisms they allow; its beauty map starts empty (nothing selected)
 * until collector__set_rules(). Needs nothing from the catalog or BTF
 * tables, so it can run while they are built. -EOPNOTSUPP when the kernel
 * lacks a feature btftrace cannot do without: collector__missing_feature()
 * names it.
 */
int collector__load(struct collector *c, const struct collector_opts *o);
/* The needed feature the kernel lacks, and the first Linux version with it; NULL if none. */
const char *collector__missing_feature(const struct collector *c, const char **since);
/* -d: each feature, probed or not, and the mechanisms chosen. */
void collector__print_features(const struct collector *c, FILE *f);
/*
 * --kfunc: loads and attaches a minimal fentry program to function btf_id of the kernel's BTF,
 * and looks for kprobes; BTFTRACE_HIDE_FEATURES=fentry,kprobe takes either away. Before the
 * collector loads: its templates are fentry programs.
 */
void collector__probe_kfunc(__u32 btf_id, struct collector_kfunc_probe *p);
/* --kfunc: function index's capture plan. */
int collector__set_kfunc(struct collector *c, __u32 index, const struct bt_kfunc_desc *desc);
/*
 * --kfunc: a copy of the entry and exit templates for nargs arguments, loaded for function
 * btf_id with its index patched in, and attached; with kprobes, a copy of the kprobe and
 * kretprobe programs attached to the function called name. Returns 0 or -errno.
 */
int collector__attach_kfunc(struct collector *c, __u32 index, __u32 btf_id, int nargs,
			    const char *name);
/* Writes the whole beauty map, rules[BT_MAX_SYSCALLS]. */
int collector__set_rules(struct collector *c, const struct bt_syscall_rules *rules);
/* The member rule sets that BT_KIND_MEMBERS rules name by index (struct beauty's). */
int collector__set_member_sets(struct collector *c, const struct bt_member_set *sets,
			       unsigned int n);
/* -y: where the kernel keeps a descriptor's inode, for the exits of calls that make fds. */
void collector__set_fd_offsets(struct collector *c, const struct bt_fd_offsets *offsets);
/*
 * -P: a path as the calls name it (shorter than BT_PATH_KEY), and the file it is when
 * found (id NULL: none yet; an open by the name makes it).
 */
int collector__add_trace_path(struct collector *c, const char *path, const struct bt_file_id *id);
/* -P: fd of process tgid refers to a -P path's file (the fds it has before tracing). */
int collector__mark_path_fd(struct collector *c, __u32 tgid, int fd);
/*
 * Writes the --filter program (the --trigger program when trigger) and each syscall's named
 * arguments, args[BT_MAX_SYSCALLS].
 */
int collector__set_filter(struct collector *c, const struct bt_filter_prog *prog,
			  const struct bt_filter_args *args, bool trigger);
/* Adds a process (tgid) to trace. */
int collector__add_proc(struct collector *c, __u32 tgid, enum bt_proc_state state);
/* --container: traces the cgroup id, at depth level below the root, and its subtree. */
int collector__add_container_cgroup(struct collector *c, __u64 id, __u32 level);
/* No process is traced any more (the kernel removes each when it exits). */
bool collector__no_procs(const struct collector *c);
int collector__attach(struct collector *c);
/* -e SUBSYS:EVENT: what the event program needs to know of the event with tracefs id id. */
int collector__set_event(struct collector *c, __u32 id, const struct bt_event_desc *desc);
/*
 * Loads a copy of the event program for the tracepoint with tracefs id id and attaches it:
 * on_event through perf, or with raw_name, on_event_raw to the raw tracepoint of that name
 * (fetch expressions on the event's BTF arguments). Returns 0 or -errno.
 */
int collector__attach_event(struct collector *c, __u32 id, const char *raw_name);
/* Fetch expressions: the fetch program of the event with tracefs id id. */
int collector__set_fetch(struct collector *c, __u32 id, const struct bt_fetch_prog *prog);
/* Detaches the programs; the maps and the ring buffer stay readable until destroy. */
/*
 * -e io_uring=: what each opcode is shown as (BT_URING_OPS entries), then where the programs
 * find their fields; the programs do nothing until this is done.
 */
int collector__set_uring(struct collector *c, const struct bt_uring_op *ops,
			 const struct bt_uring_layout *layout);
/* -e io_uring=: the programs on the submit and completion tracepoints of these names. */
int collector__attach_uring(struct collector *c, const char *submit, const char *complete);
void collector__detach(struct collector *c);
/* Sets up the ring buffer reader; fn gets every record. */
int collector__open_reader(struct collector *c, record_fn fn, void *ctx);
/* The fd to poll for readable records. */
int collector__poll_fd(const struct collector *c);
/*
 * Reads the records written up to now (those written meanwhile wait for the next read).
 * Returns the count or -errno.
 */
int collector__consume(struct collector *c);
/* The ring buffer's end now, for reading what was written up to a moment, and no more. */
unsigned long collector__ring_end(const struct collector *c);
/* Reads the records written before end: the count or -errno. */
int collector__consume_to(struct collector *c, unsigned long end);
/* The most bytes of the ring buffer's data mapped into btftrace at once so far. */
size_t collector__ring_mapped_max(const struct collector *c);
/* The bytes of records written before end still unread. */
unsigned long collector__ring_left(const struct collector *c, unsigned long end);
/*
 * Called from the record fn: whether the record it is handed can stay in the ring buffer
 * until fn returns for the next one, and then that it does (the reader holds it, uncopied).
 */
bool collector__record_can_stay(const struct collector *c);
void collector__record_stays(struct collector *c);
/* The ring buffer map's fd, for a look at its positions (--no-loss). */
int collector__ring_fd(const struct collector *c);
/* Sums the per-CPU counters. */
int collector__stats(const struct collector *c, struct bt_stats *sum);
/* One summary entry, summed over CPUs. */
typedef void (*summary_fn)(void *ctx, const struct bt_summary_key *key,
			   const struct bt_summary *sum);
typedef void (*errno_count_fn)(void *ctx, const struct bt_errno_key *key, __u64 count);

/* --lossless: losses of one thread that no record of its own reported. */
typedef void (*thread_loss_fn)(void *ctx, __u32 tid, const struct bt_lost *lost);

/*
 * --lossless: calls fn for each thread whose losses are still waiting for a
 * record of its own (it exited, or tracing ended, first) and forgets them.
 */
int collector__take_thread_losses(struct collector *c, thread_loss_fn fn, void *ctx);

/* Calls fn for each syscall (and process or thread) in the summary map. */
int collector__read_summary(const struct collector *c, summary_fn fn, void *ctx);
int collector__read_errno_summary(const struct collector *c, errno_count_fn fn, void *ctx);
/* -yy: the endpoints the kernel kept of the socket of inode ino: 0, or -ENOENT. */
int collector__sock_endpoints(const struct collector *c, __u64 ino, struct bt_sock_endpoints *out);

/* A kept call (-c --slowest, --flight-recorder): its slot's key and value. */
typedef void (*kept_call_fn)(void *ctx, const struct bt_kept_key *key,
			     const struct bt_kept_call *call);
/* -c --slowest: calls fn for each call kept (each syscall's slowest, per CPU). */
int collector__read_slowest(const struct collector *c, kept_call_fn fn, void *ctx);
/* --flight-recorder: calls fn for each call kept, and forgets it. */
int collector__take_recorded(struct collector *c, kept_call_fn fn, void *ctx);
/* --flight-recorder: stops (frozen) or resumes keeping calls. */
void collector__freeze_recorder(struct collector *c, bool frozen);
/* --flight-recorder N: the threads whose calls are kept at once, the slots and their bytes. */
unsigned int collector__recorder_threads(unsigned int n);
size_t collector__recorder_slots(unsigned int n);
size_t collector__recorder_bytes(unsigned int n);
/*
 * --kernel-stack's start-up probe, once the programs are attached: makes one syscall of its
 * own and gives its whole kernel stacks, at sys_enter (frames[0]) and sys_exit (frames[1]), as
 * bpf_get_stack took them without skipping anything. Returns the frames of each in n[], or
 * -errno.
 */
int collector__probe_kernel_stack(struct collector *c, __u64 frames[2][BT_STACK_FRAMES_MAX],
				  int n[2]);
/* Sets how many leading kernel frames the programs skip from now on, at enter and exit. */
void collector__set_kernel_stack_skip(struct collector *c, const __u32 skip[2]);
/* The address ranges of the loaded programs' code (what their kernel frames fall in). */
struct collector_prog_range {
	__u64 start, end;
};
/* Fills up to max ranges; returns how many, or -errno. */
int collector__prog_ranges(const struct collector *c, struct collector_prog_range *ranges, int max);

/*
 * -e inject=: what btftrace does to tid's current call, which the call's sys_exit takes (and
 * its sys_enter, for a signal): written before the call's seccomp notification is answered.
 */
int collector__inject_mark(struct collector *c, __u32 tid, const struct bt_inject_mark *mark);
/* The answer never reached the call (it was gone): the mark goes. */
void collector__inject_unmark(struct collector *c, __u32 tid);

/* Has the kernel count the programs' run time (costs ~20 ns per run): for --stats. */
int collector__enable_run_stats(struct collector *c);
int collector__run_stats(const struct collector *c, struct collector_run_stats *rs);
/* in_progress.c: the calls attached processes are in when tracing starts. */
struct in_progress_opts {
	const struct bt_syscall_rules
		*rules; /* the beauty map: which inputs to read, which calls */
	__u32 string_cap, buffer_cap;
	__u32 self; /* btftrace, left out with every process */
	void (*fn)(void *ctx, const struct bt_enter_rec *rec);
	void *ctx;
};

/*
 * For each thread of pids[0..npids) (every process when npids is 0) that is
 * in a call, an enter record as the collector would have made it at the
 * call's enter: number and arguments from /proc/TID/syscall, inputs read
 * from the process's memory, stamped with the time /proc was read. Calls
 * left out by -e are left out.
 */
int collector__calls_in_progress(const pid_t *pids, int npids, const struct in_progress_opts *o);

/* Detaches and frees everything; safe on a partly set-up collector. */
void collector__destroy(struct collector *c);

#endif /* BTFTRACE_COLLECTOR_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -P PATH and --trace-fds=SET: only the calls that touch a path, by name or through an fd,
 * decided in the kernel so that the others cost no record. Part of state.bpf.h: defined in
 * state.bpf.c, extern in every other unit; the matching itself is pathtrace.bpf.c's.
 *
 * A path argument is compared by name with the -P paths (as strace compares it, the string
 * as the call gives it). An fd argument matches when it is in --trace-fds's set, or when the
 * file it refers to now (its device and inode) is a -P path's, as strace's look at
 * /proc/PID/fd decides. The file is looked at only for an fd number that referred to one in
 * some process once (path_fds_seen): other calls are turned down on a bit. The processes'
 * bitmaps (path_fds) only narrow the fds of select's sets to look at.
 */
#ifndef BTFTRACE_PATHTRACE_BPF_H
#define BTFTRACE_PATHTRACE_BPF_H

BT_EXTERN const volatile __u8 path_trace BT_INIT(0); /* -P or --trace-fds: decide every call */
BT_EXTERN const volatile __u8 path_names BT_INIT(0); /* -P: paths, and the fds that refer to them */
BT_EXTERN const volatile __u8 trace_fds_on BT_INIT(0);		    /* --trace-fds given */
BT_EXTERN const volatile struct bt_trace_fds trace_fds BT_INIT({}); /* --trace-fds=SET */

/*
 * -P: bit n set when a -P path (as given or resolved) is n bytes long with its NUL, n below
 * BT_PATH_KEY: what a path argument's read returns. Set by user space after the load.
 */
BT_EXTERN __u64 path_name_lens[BT_PATH_KEY / 64] BT_INIT({});

/*
 * -P: the first 8 bytes of each of the first BT_PATH_HEADS names of trace_path_names, as a
 * path argument's first 8 bytes read as one word, and the mask of the bytes to compare (the
 * name's, its NUL included, 8 at most); path_name_heads_n of them, path_name_heads_over set when
 * trace_path_names has more. Set by user space after the load.
 */
BT_EXTERN __u64 path_name_heads[BT_PATH_HEADS] BT_INIT({});
BT_EXTERN __u64 path_name_head_masks[BT_PATH_HEADS] BT_INIT({});
BT_EXTERN __u32 path_name_heads_n BT_INIT(0);
BT_EXTERN __u32 path_name_heads_over BT_INIT(0);

/*
 * -P: bit (ino % BT_PATH_INOS) set for the inode number of each file in trace_path_inodes, by
 * user space after the load and by the kernel as it learns one: a file whose bit is clear is
 * none of them, found without reading its device or hashing its id.
 */
BT_EXTERN __u64 path_inos[BT_PATH_INO_WORDS] BT_INIT({});

/*
 * -P: bit n set once fd n (below BT_PATH_FDS) has referred to a -P path's file in any process
 * (every bit of path_fds, as it is set; never cleared). An fd whose bit is clear is no traced
 * one anywhere: the call is turned down without looking at its file, and its exit, which
 * finds the same bit clear, knows without the thread's slot that it was.
 */
BT_EXTERN __u64 path_fds_seen[BT_PATH_FD_WORDS] BT_INIT({});

/*
 * -P: the first BT_PATH_FILES_FAST (record.h) files of trace_path_inodes, compared in turn where a hash
 * of the id would cost more; path_files_more set when trace_path_inodes has others (more -P
 * files, or one the kernel learnt), which only the map finds. Set by user space after the
 * load; path_files_more by the kernel too.
 */
BT_EXTERN struct bt_file_id path_files[BT_PATH_FILES_FAST] BT_INIT({});
BT_EXTERN __u32 path_files_n BT_INIT(0);
BT_EXTERN __u32 path_files_more BT_INIT(0);

/* -P's paths as given and as realpath() resolves them, NUL-padded to BT_PATH_KEY bytes. */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1); /* sized by user space: 1 unless -P */
	__type(key, char[BT_PATH_KEY]);
	__type(value, __u8);
} trace_path_names SEC(".maps");

/* The files -P's paths name: found at start, or learnt when an open by the name makes one. */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1); /* sized by user space: 1 unless -P */
	__type(key, struct bt_file_id);
	__type(value, __u8);
} trace_path_inodes SEC(".maps");

/*
 * Per process (tgid): the fds that referred to a -P path's file when last made. Allocated as
 * processes get one: preallocating every process's bitmap took 5 ms of -P's start-up.
 */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 1); /* sized by user space: 1 unless -P */
	__type(key, __u32);
	__type(value, struct bt_path_fds);
} path_fds SEC(".maps");

/* A path argument read for the comparison: a per-CPU key, zeroed before each read. */
BT_EXTERN struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, char[BT_PATH_KEY]);
} path_key SEC(".maps");

/*
 * The bitmap word of fd, below BT_PATH_FD_WORDS for the verifier too: clang drops a mask it
 * can prove useless after "fd < BT_PATH_FDS", and the verifiers of 5.10 and 6.1 forget that
 * bound once fd was spilled to the stack ("unbounded memory access"); the asm keeps it.
 */
static __always_inline __u32 path_fd_word(__s64 fd)
{
	__u32 w = (__u64)fd >> 6;

	asm volatile("%0 &= %1" : "+r"(w) : "i"(BT_PATH_FD_WORDS - 1));
	return w;
}

/*
 * Whether fd may be a traced one: false when it is in no --trace-fds set and no process's
 * bitmap ever had it (path_fds_seen), so that neither path_fds nor the file is looked at.
 */
static __always_inline bool path_fd_may_match(__s64 fd)
{
	__u64 seen;
	__u32 w;

	if (fd < 0)
		return false;
	if (fd >= BT_PATH_FDS)
		return true;
	w = path_fd_word(fd);
	seen = path_names ? path_fds_seen[w] : 0;
	if (trace_fds_on)
		seen |= trace_fds.bits[w];
	return seen & (1ULL << (fd & 63));
}

/*
 * -P: verdicts other than BT_PATH_NONE that the enter of a call by path or kind (one that
 * path_may_match never turns down) left in its thread's slot and that its exit has not
 * taken yet, or more (a thread that never returns keeps its count). While zero, the exit of
 * such a call knows without the slot that its enter turned it down.
 */
BT_EXTERN __u64 path_verdicts_kept BT_INIT(0);

/* Whether a call of -P rules spec is decided by a path or by a kind, not by its fd arguments. */
static __always_inline bool path_by_name_or_kind(__u32 spec)
{
	return BT_PT_PATH_ARGS(spec) || BT_PT_KIND(spec);
}

/*
 * pathtrace.bpf.c: whether the call nr of tgid, its arguments in the work area, touches a -P
 * path or a --trace-fds fd (enum bt_path_verdict).
 */
int path_match(__u32 nr, __u32 tgid);
/*
 * pathtrace.bpf.c: at the exit of a call that makes or closes fds (BT_PT_FX_*), its
 * arguments in the work area, keeps tgid's bitmap up to date; verdict is the call's own.
 */
int path_fds_update(__u32 nr, __u32 tgid, __s64 ret, __u32 verdict);

#endif /* BTFTRACE_PATHTRACE_BPF_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * -P and --trace-fds in the kernel: whether a call touches a traced path or fd, and the
 * per-process bitmaps of the fds that refer to a -P path (pathtrace.bpf.h says how).
 */
#include "state.bpf.h"
#include "fds.bpf.h"

#define F_DUPFD 0
#define F_DUPFD_CLOEXEC 1030
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#define FSCONFIG_SET_PATH 3
#define FSCONFIG_SET_PATH_EMPTY 4
#define FSCONFIG_SET_FD 5
/* poll's pollfds and select's fd_set words looked at: the verifier walks each */
#define PT_POLL_FDS 16
#define PT_SELECT_WORDS BT_PATH_FD_WORDS

__noinline __u64 typed_fd_file(__s64 fd)
{
	struct fdtable *fdt;
	void *fds, *file;

	/* raw_tp programs never call it: a constant the verifier prunes the helper with */
	if (!tasks_typed || fd < 0)
		return 0;
	fdt = bpf_get_current_task_btf()->files->fdt;
	fds = fdt->fd;
	if (fd >= fdt->max_fds || !fds)
		return 0;
	if (bpf_probe_read_kernel(&file, sizeof(file), fds + fd * sizeof(void *)))
		return 0;
	return (__u64)file;
}

/*
 * The file fd refers to, as (device, inode). Unless any, false already when its inode number
 * is none a -P file may have (path_inos): the super block's device is read only for those.
 */
static __always_inline bool file_id_of(__s64 fd, struct bt_file_id *id, bool any)
{
	__u32 gap = fd_offsets.inode_ino - fd_offsets.inode_sb, dev;
	void *inode, *sb = NULL;
	__u64 near[4];

	if (!fd_offsets.dev_ok)
		return false;
	inode = fd_inode_ptr(fd);
	if (!inode)
		return false;
	/* i_sb, then i_ino 8 to 24 bytes on, as struct inode has them: one read for both */
	if (gap == 8 || gap == 16 || gap == 24) {
		if (bpf_probe_read_kernel(near, sizeof(near), inode + fd_offsets.inode_sb))
			return false;
		sb = (void *)near[0];
		id->ino = gap == 8 ? near[1] : gap == 16 ? near[2] : near[3];
	} else if (bpf_probe_read_kernel(&id->ino, sizeof(id->ino), inode + fd_offsets.inode_ino)) {
		return false;
	}
	if (!any &&
	    !(path_inos[(id->ino >> 6) & (BT_PATH_INO_WORDS - 1)] & (1ULL << (id->ino & 63))))
		return false;
	if (!sb && bpf_probe_read_kernel(&sb, sizeof(sb), inode + fd_offsets.inode_sb))
		return false;
	if (!sb || bpf_probe_read_kernel(&dev, sizeof(dev), sb + fd_offsets.sb_dev))
		return false;
	id->dev = dev;
	id->pad = 0;
	return true;
}

/* Whether id is one of trace_path_inodes' files: the few first in turn, the map for more. */
static __always_inline bool file_is_traced(const struct bt_file_id *id)
{
	for (int i = 0; i < BT_PATH_FILES_FAST; i++) {
		if (i >= path_files_n)
			break;
		if (path_files[i].ino == id->ino && path_files[i].dev == id->dev)
			return true;
	}
	return path_files_more && bpf_map_lookup_elem(&trace_path_inodes, id);
}

static __always_inline bool in_trace_fds(__s64 fd)
{
	if (!trace_fds_on || fd < 0)
		return false;
	if (fd >= BT_PATH_FDS)
		return trace_fds.high;
	return trace_fds.bits[path_fd_word(fd)] & (1ULL << (fd & 63));
}

/*
 * Whether fd refers to a -P path's file now. Below BT_PATH_FDS, only an fd
 * some process had as one (path_fds_seen) is looked at: its file is the answer, as strace's
 * look at /proc/PID/fd is, whatever the process's bitmap says (a close the collector did not
 * see, an fd received or inherited before tracing).
 */
static __always_inline bool fd_is_path(__s64 fd)
{
	struct bt_file_id id;

	if (fd < 0)
		return false;
	if (fd < BT_PATH_FDS && !(path_fds_seen[path_fd_word(fd)] & (1ULL << (fd & 63))))
		return false;
	return file_id_of(fd, &id, false) && file_is_traced(&id);
}

/*
 * Whether fd is a traced one. A global function, verified once: poll's and
 * select's loops call it for each fd they look at.
 */
__noinline int fd_matches(__s64 fd)
{
	if (in_trace_fds(fd))
		return 1;
	if (!path_names || fd < 0)
		return 0;
	return fd_is_path(fd);
}

/*
 * Whether the string at uptr may be a -P path by its first 8 bytes, read as one word: false
 * when they are none of the -P names' (path_name_heads). A string those 8 bytes cannot be read
 * of (a short one at the end of a mapping, a page not yet present) may be one.
 */
static __always_inline bool name_head_may_match(__u64 uptr)
{
	__u64 head;

	if (!path_name_heads_n || path_name_heads_over ||
	    bpf_probe_read_user(&head, sizeof(head), (void *)uptr))
		return true;
	for (int i = 0; i < BT_PATH_HEADS; i++) {
		if (i >= path_name_heads_n)
			break;
		if (!((head ^ path_name_heads[i]) & path_name_head_masks[i]))
			return true;
	}
	return false;
}

/*
 * 1: the string at uptr is a -P path; 0: it is not; -1: it could not be read (yet). A string
 * whose first 8 bytes are no -P name's is turned down on them; one of a length no -P path has
 * is turned down after its read: only one of such a length pays for zeroing the key and for
 * the hash of all its BT_PATH_KEY bytes.
 */
__noinline int name_matches(__u64 uptr)
{
	__u32 zero = 0;
	__u64 *key;
	long n;

	if (!uptr || !name_head_may_match(uptr))
		return 0;
	key = bpf_map_lookup_elem(&path_key, &zero);
	if (!key)
		return 0;
	n = bpf_probe_read_user_str(key, BT_PATH_KEY, (void *)uptr);
	if (n < 0)
		return -1;
	/* a string as long as the key may have been cut: -P paths are shorter */
	if (n <= 1 || n >= BT_PATH_KEY)
		return 0;
	if (!(path_name_lens[((__u64)n >> 6) & (BT_PATH_KEY / 64 - 1)] & (1ULL << (n & 63))))
		return 0;
	/* the hash compares all BT_PATH_KEY bytes: what follows the NUL must be zeros */
	for (int i = 0; i < BT_PATH_KEY / 8; i++)
		key[i] = 0;
	n = bpf_probe_read_user_str(key, BT_PATH_KEY, (void *)uptr);
	if (n < 0)
		return -1;
	if (n <= 1 || n >= BT_PATH_KEY)
		return 0;
	return bpf_map_lookup_elem(&trace_path_names, key) != NULL;
}

/* poll, ppoll: the fds of the pollfd array (the first PT_POLL_FDS) in the work area's call. */
__noinline int poll_matches(__u32 tgid)
{
	struct scratch *s = scratch();
	int pfd[2];
	__u64 n;

	if (!s)
		return 0;
	n = s->args[1];
	for (int i = 0; i < PT_POLL_FDS; i++) {
		if (i >= n)
			break;
		if (bpf_probe_read_user(pfd, sizeof(pfd), (void *)(s->args[0] + i * sizeof(pfd))))
			break;
		if (fd_matches(pfd[0]))
			return 1;
	}
	return 0;
}

/*
 * Word w of the fd_set at uptr of a select of nfds fds: 1 when the lowest of its fds that may
 * be traced is, 0 when none is, -1 when the word cannot be read. A global function, with the
 * word's reading and masking in it: verified once, where select_matches' loop only counts.
 * When these branches were in the loop's body, the verifier walked each of the 48 words'
 * combinations (430 000 instructions, 1.7 s of -P's start-up, for each program).
 */
__noinline int select_word_matches(__u32 tgid, __u64 uptr, __u32 w, int nfds)
{
	struct bt_path_fds *bits;
	__u64 word, mine = 0;

	w &= BT_PATH_FD_WORDS - 1;
	if (bpf_probe_read_user(&word, sizeof(word), (void *)(uptr + w * 8)))
		return -1;
	/* the last word of a set of fewer than BT_PATH_FDS: only the bits below nfds */
	if (nfds > 0 && nfds <= BT_PATH_FDS && w == ((__u32)nfds - 1) / 64 && (nfds & 63))
		word &= (1ULL << (nfds & 63)) - 1;
	if (trace_fds_on)
		mine |= trace_fds.bits[w];
	if (path_names) {
		bits = bpf_map_lookup_elem(&path_fds, &tgid);
		if (bits)
			mine |= bits->bits[w];
	}
	word &= mine;
	return word && fd_matches(w * 64 + bt_log2(word & -word));
}

/*
 * One fd_set at uptr of a select of nfds fds: 1 when one of its traced fds is set. A global
 * function, verified once for the three sets: its loop walks up to PT_SELECT_WORDS words.
 */
__noinline int select_set_matches(__u32 tgid, __u64 uptr, int nfds)
{
	__u32 words = nfds > BT_PATH_FDS ? PT_SELECT_WORDS : ((__u32)nfds + 63) / 64;
	int r;

	for (int w = 0; w < PT_SELECT_WORDS; w++) {
		if (w >= words)
			break;
		r = select_word_matches(tgid, uptr, w, nfds);
		if (r)
			return r > 0;
	}
	return 0;
}

/* select, pselect6: the fds of the three sets of the work area's call. */
__noinline int select_matches(__u32 tgid)
{
	struct scratch *s = scratch();
	int nfds;

	if (!s)
		return 0;
	nfds = (int)s->args[0];
	if (nfds <= 0)
		return 0;
	for (int set = 1; set <= 3; set++) {
		__u64 uptr = s->args[set & 3];

		if (uptr && select_set_matches(tgid, uptr, nfds))
			return 1;
	}
	return 0;
}

__noinline int path_match(__u32 nr, __u32 tgid)
{
	struct bt_syscall_rules *rules;
	struct scratch *s = scratch();
	bool unread = false;
	__u32 spec, kind;
	int r;

	if (!s)
		return BT_PATH_NONE;
	rules = bpf_map_lookup_elem(&beauty_map, &nr);
	if (!rules)
		return BT_PATH_NONE;
	spec = rules->path_spec;
	if (!(spec & BT_PT_MATCH_MASK))
		return BT_PATH_NONE;
	for (int i = 0; i < BT_MAX_ARGS; i++) {
		if ((spec & BT_PT_FD_ARG(i)) && fd_matches((int)s->args[i]))
			return BT_PATH_MATCH;
	}
	kind = BT_PT_KIND(spec);
	if (kind == BT_PT_KIND_POLL)
		return poll_matches(tgid) ? BT_PATH_MATCH : BT_PATH_NONE;
	if (kind == BT_PT_KIND_SELECT)
		return select_matches(tgid) ? BT_PATH_MATCH : BT_PATH_NONE;
	if (kind == BT_PT_KIND_FSCONFIG) {
		__u32 cmd = s->args[1];

		if (cmd != FSCONFIG_SET_PATH && cmd != FSCONFIG_SET_PATH_EMPTY &&
		    cmd != FSCONFIG_SET_FD)
			return BT_PATH_NONE;
		if (fd_matches((int)s->args[4]))
			return BT_PATH_MATCH;
		if (cmd == FSCONFIG_SET_FD || !path_names)
			return BT_PATH_NONE;
		r = name_matches(s->args[3]);
		return r > 0 ? BT_PATH_BY_NAME : r < 0 ? BT_PATH_PENDING : BT_PATH_NONE;
	}
	if (!path_names)
		return BT_PATH_NONE;
	for (int i = 0; i < BT_MAX_ARGS; i++) {
		if (!(spec & BT_PT_PATH_ARG(i)))
			continue;
		r = name_matches(s->args[i]);
		if (r > 0)
			return BT_PATH_BY_NAME;
		if (r < 0)
			unread = true;
	}
	/* a path in a page not yet present: read again at the exit, when it is */
	return unread ? BT_PATH_PENDING : BT_PATH_NONE;
}

/* fd was just made: its bit says whether it refers to a -P path's file (learn: the name did). */
__noinline int mark_fd(__u32 tgid, __s64 fd, int learn)
{
	struct bt_path_fds *bits;
	struct bt_file_id id;
	bool known, found;
	__u8 one = 1;
	__u64 bit;
	__u32 w;

	if (fd < 0 || fd >= BT_PATH_FDS)
		return 0;
	w = path_fd_word(fd);
	bit = 1ULL << (fd & 63);
	known = file_id_of(fd, &id, learn);
	found = known && file_is_traced(&id);
	/* a -P path that did not exist at the start: the file an open by its name made */
	if (!found && known && learn) {
		found = !bpf_map_update_elem(&trace_path_inodes, &id, &one, BPF_ANY);
		if (found)
			path_files_more = 1;
		if (found)
			path_inos[(id.ino >> 6) & (BT_PATH_INO_WORDS - 1)] |= 1ULL << (id.ino & 63);
	}
	if (!found) {
		/* a bit to clear only where some process had one */
		if (!(path_fds_seen[w] & bit))
			return 0;
		bits = bpf_map_lookup_elem(&path_fds, &tgid);
		if (bits)
			bits->bits[w] &= ~bit;
		return 0;
	}
	/* before the process's own bit, which is never set without it */
	if (!(path_fds_seen[w] & bit))
		path_fds_seen[w] |= bit;
	bits = bpf_map_lookup_elem(&path_fds, &tgid);
	if (!bits) {
		struct bt_path_fds none = {};

		bpf_map_update_elem(&path_fds, &tgid, &none, BPF_NOEXIST);
		bits = bpf_map_lookup_elem(&path_fds, &tgid);
		if (!bits)
			return 0;
	}
	bits->bits[w] |= bit;
	return 0;
}

/*
 * close, close_range: the bits of [lo, hi] cleared where they share one word. A bit is only a
 * hint (fd_is_path checks the fd's file before a call counts, and clears a stale bit), so a
 * range across words is left to that check: a loop over the words made 5.10's and 6.1's
 * verifiers walk past their million instructions.
 */
static __always_inline void clear_fds(__u32 tgid, __u64 lo, __u64 hi)
{
	struct bt_path_fds *bits;
	__u64 width, mask;
	__u32 w;

	if (lo >= BT_PATH_FDS || hi < lo || (lo >> 6) != (hi >> 6))
		return;
	w = path_fd_word(lo);
	width = hi - lo + 1;
	mask = width >= 64 ? ~0ULL : ((1ULL << width) - 1) << (lo & 63);
	/* none of them was ever a -P path's fd in any process: no bit to clear */
	if (!(path_fds_seen[w] & mask))
		return;
	bits = bpf_map_lookup_elem(&path_fds, &tgid);
	if (bits)
		bits->bits[w] &= ~mask;
}

__noinline int path_fds_update(__u32 nr, __u32 tgid, __s64 ret, __u32 verdict)
{
	struct bt_syscall_rules *rules;
	struct scratch *s = scratch();
	__u32 fx;

	if (!s)
		return 0;
	rules = bpf_map_lookup_elem(&beauty_map, &nr);
	if (!rules)
		return 0;
	fx = BT_PT_FX(rules->path_spec);
	switch (fx) {
	case BT_PT_FX_OPEN:
	case BT_PT_FX_NEWFD:
		if (ret >= 0)
			mark_fd(tgid, ret, fx == BT_PT_FX_OPEN && verdict == BT_PATH_BY_NAME);
		break;
	case BT_PT_FX_FCNTL:
		if (ret >= 0 &&
		    ((__u32)s->args[1] == F_DUPFD || (__u32)s->args[1] == F_DUPFD_CLOEXEC))
			mark_fd(tgid, ret, false);
		break;
	case BT_PT_FX_CLOSE:
		if (ret == 0)
			clear_fds(tgid, (__u32)s->args[0], (__u32)s->args[0]);
		break;
	case BT_PT_FX_CLOSE_RANGE:
		if (ret == 0 && !((__u32)s->args[2] & CLOSE_RANGE_CLOEXEC))
			clear_fds(tgid, (__u32)s->args[0], (__u32)s->args[1]);
		break;
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The capture: what a beauty-map rule asks to be read behind an argument (strings, buffers,
 * sized structs, arrays counted by another argument or the result, vectors, msghdrs), into
 * the record being built in the work area.
 */
#include "state.bpf.h"
#include "capture.bpf.h"
#include "fds.bpf.h"

/*
 * Bytes a rule asks for, given the call's arguments and (at exit) its return value: elements
 * counted by an argument or the return value, after a header. info is rule_info's word.
 */
static __always_inline __u64 rule_bytes(__s32 len, __u32 info, const __u64 *args, __s64 ret)
{
	__u32 elem_size = info & BT_INFO_ELEM_MASK, header = info >> BT_INFO_HEADER_SHIFT;
	__u32 shift = (info >> BT_INFO_COUNT_SHIFT) & 0xf;
	__u64 n, elem = elem_size ? elem_size : 1;
	int k = -len;

	if (len > BT_LEN_STRING)
		return len;
	if (len == BT_LEN_RET)
		n = ret > 0 ? (__u64)ret : 0;
	else if (k >= 1 && k <= BT_MAX_ARGS) {
		__u32 idx = k - 1;

		asm volatile("%0 &= 7" : "+r"(idx));
		n = args[idx];
		if (info & BT_INFO_COUNT_32)
			n &= 0xffffffffULL;
		if ((info & BT_INFO_COUNT_LESS_ONE) && n)
			n--;
		if (n > (1ULL << 48))
			n = 1ULL << 48;
		n = (n + (1ULL << shift) - 1) >> shift;
	} else if (k > -BT_LEN_RET && k <= -BT_LEN_RET + BT_MAX_ARGS) {
		/* the object's own length, not a bound above it: an object at the end
		 * of the mapped memory reads whole */
		__u32 idx = k + BT_LEN_RET - 1;
		__s32 v = 0;

		asm volatile("%0 &= 7" : "+r"(idx));
		if (bpf_probe_read_user(&v, sizeof(v), (void *)args[idx]) || v < 0)
			v = 0;
		n = v;
	} else
		return 0;
	/* guard the multiplication: anything this large is capped anyway */
	if (n > (1ULL << 32))
		n = 1ULL << 32;
	return n * elem + header;
}

/*
 * Bytes of a BT_KIND_BITMAP capture: the int argument -len counts bits, none when it is
 * negative (the kernel refuses it), whole 64-bit words of them.
 */
static __always_inline __u64 bitmap_bytes(__s32 len, const __u64 *args)
{
	int k = -len;
	__u32 idx;
	__s32 nbits;

	if (k < 1 || k > BT_MAX_ARGS)
		return 0;
	idx = k - 1;
	asm volatile("%0 &= 7" : "+r"(idx));
	nbits = (__s32)args[idx];
	if (nbits <= 0)
		return 0;
	if (nbits > BT_BITMAP_BITS_MAX)
		nbits = BT_BITMAP_BITS_MAX;
	return ((__u64)nbits + 63) / 64 * 8;
}

/*
 * One string of a BT_KIND_STRV capture, or one pointer counted; nonzero
 * ends the array. A global function, so that the verifier checks one
 * element, not every element of the loop that calls it.
 */
__noinline int strv_step(__u32 n)
{
	struct scratch *s = scratch();
	struct bt_str_part *part;
	__u32 off, rel, room;
	__u64 p = 0;
	long got;

	__u32 psize;

	if (!s)
		return 1;
	psize = s->vec_ptr32 ? 4 : 8;
	if (bpf_probe_read_user(&p, psize, (void *)(s->vec_uptr + (__u64)n * psize))) {
		s->vec_flags |= BT_CAP_FAULT;
		return 1;
	}
	if (!p)
		return 1;
	s->vec_count++;
	if (s->vec_count_only || n >= BT_STRV_MAX) {
		if (!s->vec_count_only)
			s->vec_flags |= BT_CAP_TRUNCATED;
		return 0;
	}
	off = s->off;
	rel = s->vec_rel;
	asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_REC_SOFT_MAX - 1));
	asm volatile("%0 &= %1" : "+r"(rel) : "i"(BT_CAPTURE_MAX * 2 - 1));
	if (rel + sizeof(*part) + 2 > BT_CAPTURE_MAX) {
		s->vec_flags |= BT_CAP_TRUNCATED;
		return 0;
	}
	room = BT_CAPTURE_MAX - rel - sizeof(*part);
	if (room > string_cap)
		room = string_cap;
	if (room > strv_string_cap)
		room = strv_string_cap;
	asm volatile("%0 &= %1" : "+r"(room) : "i"(BT_CAPTURE_MAX * 2 - 1));
	if (room > BT_CAPTURE_MAX || room < 2)
		return 0;
	part = (void *)(s->buf + off + sizeof(struct bt_capture) + rel);
	got = bpf_probe_read_user_str((void *)(part + 1), room, (void *)p);
	if (got < 0) {
		/* a bad pointer in the array: an empty string marked as faulted */
		part->len = 0;
		part->flags = BT_CAP_FAULT;
		s->vec_part_faulted = 1;
	} else {
		part->len = got;
		part->flags = got == room ? BT_CAP_TRUNCATED : 0;
	}
	s->vec_rel = rel + sizeof(*part) + BT_ALIGN8(part->len);
	return 0;
}

/* One element of a BT_KIND_IOVEC capture: its base, length and bytes. */
__noinline int iov_step(__u32 n)
{
	struct scratch *s = scratch();
	struct {
		__u64 base;
		__u64 len;
	} iov;
	struct bt_iov_part *part;
	__u32 off, rel, room;
	__u64 want;

	if (!s || n >= s->vec_want)
		return 1;
	if (s->vec_ptr32) {
		struct {
			__u32 base;
			__u32 len;
		} iov32;

		if (bpf_probe_read_user(&iov32, sizeof(iov32),
					(void *)(s->vec_uptr + (__u64)n * 8))) {
			s->vec_flags |= BT_CAP_FAULT;
			return 1;
		}
		iov.base = iov32.base;
		iov.len = iov32.len;
	} else if (bpf_probe_read_user(&iov, sizeof(iov), (void *)(s->vec_uptr + (__u64)n * 16))) {
		s->vec_flags |= BT_CAP_FAULT;
		return 1;
	}
	off = s->off;
	rel = s->vec_rel;
	asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_REC_SOFT_MAX - 1));
	asm volatile("%0 &= %1" : "+r"(rel) : "i"(BT_CAPTURE_MAX * 2 - 1));
	if (rel + sizeof(*part) > BT_CAPTURE_MAX) {
		s->vec_flags |= BT_CAP_TRUNCATED;
		return 1;
	}
	s->vec_count++;
	part = (void *)(s->buf + off + sizeof(struct bt_capture) + rel);
	part->base = iov.base;
	part->len = iov.len;
	part->flags = 0;
	/* at exit only the bytes the call returned were filled, in iovec order */
	want = iov.len < s->vec_data_left ? iov.len : s->vec_data_left;
	s->vec_data_left -= want;
	room = BT_CAPTURE_MAX - rel - sizeof(*part);
	if (room > buffer_cap)
		room = buffer_cap;
	if (want > room) {
		part->flags |= BT_CAP_TRUNCATED;
		want = room;
	}
	asm volatile("%0 &= %1" : "+r"(want) : "i"(BT_CAPTURE_MAX * 2 - 1));
	if (want > BT_CAPTURE_MAX)
		want = 0;
	if (want && bpf_probe_read_user((void *)(part + 1), want, (void *)iov.base)) {
		part->flags |= BT_CAP_FAULT;
		s->vec_part_faulted = 1;
		want = 0;
	}
	part->got = want;
	s->vec_rel = rel + sizeof(*part) + BT_ALIGN8(want);
	return 0;
}

/*
 * Every element of the vector capture capture_vector() set up in the scratch, in turn (iovec:
 * an iovec array, else a pointer array); the count of elements stepped over. A global function,
 * so that the verifier walks the loop once, not once for each state in which capture_arg's
 * paths reach it: inlined, the iovec loop alone was half of the instructions the verifier
 * processed for each syscall program.
 */
__noinline int vector_steps(__u32 iovec)
{
	__u32 n;

	if (iovec) {
		for (n = 0; n < BT_IOV_MAX; n++) {
			if (iov_step(n))
				break;
		}
		return n;
	}
	for (n = 0; n < BT_STRV_COUNT_MAX; n++) {
		if (strv_step(n))
			break;
	}
	return n;
}

/*
 * A capture with no data, only a number in want: tagged arg, with flags. Nothing when the work
 * area has no room. A global function, verified once: each caller's states meet it as a call.
 */
__noinline int put_number_capture(__u32 arg, __u32 flags, __u32 want)
{
	struct scratch *s = scratch();
	struct bt_capture *cap;
	__u32 off;

	if (!s)
		return 0;
	off = s->off;
	asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_REC_SOFT_MAX * 2 - 1));
	if (off > BT_SCRATCH_SIZE - sizeof(*cap))
		return 0;
	cap = (void *)(s->buf + off);
	cap->arg = arg;
	cap->flags = flags;
	cap->len = 0;
	cap->want = want;
	s->ncaps++;
	s->off = off + sizeof(*cap);
	return 0;
}

/*
 * The next BT_DIRENTS_STEP directory records of the buffer count_dirents() set up in the
 * scratch (vec_uptr, its bytes in vec_data_left): counted, and stepped over by their
 * d_reclen; 1 at the end, or at a record that cannot be read or is no record. Several a
 * call: the verifier walks this function's loop once, and the caller's loop a step at a time.
 */
__noinline int dirent_steps(void)
{
	struct scratch *s = scratch();
	__u16 reclen;

	if (!s)
		return 1;
	for (int k = 0; k < BT_DIRENTS_STEP; k++) {
		if (s->vec_rel >= s->vec_data_left ||
		    bpf_probe_read_user(&reclen, sizeof(reclen),
					(void *)(s->vec_uptr + s->vec_rel + 16)) ||
		    reclen < BT_DIRENT_MIN || s->vec_rel + reclen > s->vec_data_left)
			return 1;
		s->vec_rel += reclen;
		s->vec_count++;
	}
	return 0;
}

/*
 * BT_SC_DIRENTS: the records of the directory buffer of argument i, bytes long, counted as a
 * capture tagged BT_CAP_INNER_COUNT plus i (the count in want; truncated when the walk stopped
 * short), unless its capture holds them all. A global function, its loop of global steps
 * walked once by the verifier.
 */
__noinline int count_dirents(__u32 i, __u64 bytes)
{
	struct scratch *s = scratch();
	__u64 uptr;

	if (!s || i >= BT_MAX_ARGS || (bytes <= buffer_cap && bytes <= BT_CAPTURE_MAX))
		return 0;
	asm volatile("%0 &= 7" : "+r"(i));
	uptr = s->args[i];
	if (!uptr)
		return 0;
	s->vec_uptr = uptr;
	s->vec_data_left = bytes;
	s->vec_rel = 0;
	s->vec_count = 0;
	for (int n = 0; n < BT_DIRENTS_MAX / BT_DIRENTS_STEP; n++) {
		if (dirent_steps())
			break;
	}
	put_number_capture(BT_CAP_INNER_COUNT + i, s->vec_rel < bytes ? BT_CAP_TRUNCATED : 0,
			   s->vec_count);
	return 0;
}

/*
 * Appends a vector capture (kind BT_KIND_STRV*, BT_KIND_IOVEC) of the array
 * at uptr, tagged tag (argument i, or i plus a BT_CAP_INNER_* code).
 */
static __always_inline void capture_vector(struct scratch *s, __u32 i, __u32 tag, __u64 uptr,
					   __u32 kind, __u64 count, __u32 extra_flags, bool ptr32,
					   __u64 data_left)
{
	struct bt_capture *cap;
	__u32 off = s->off, n;

	s->vec_uptr = uptr;
	s->vec_ptr32 = ptr32;
	s->vec_rel = 0;
	s->vec_count = 0;
	s->vec_flags = 0;
	s->vec_count_only = kind == BT_KIND_STRV_COUNT;
	s->vec_part_faulted = 0;
	if (kind == BT_KIND_IOVEC) {
		s->vec_want = count > 0xffffffffULL ? 0xffffffffU : count;
		s->vec_data_left = data_left;
		vector_steps(1);
		if (s->vec_want > BT_IOV_MAX)
			s->vec_flags |= BT_CAP_TRUNCATED;
	} else {
		s->vec_want = 0;
		n = vector_steps(0);
		if (n >= BT_STRV_COUNT_MAX)
			s->vec_flags |= BT_CAP_TRUNCATED;
		s->vec_want = s->vec_count;
	}
	if (s->vec_part_faulted || (s->vec_flags & BT_CAP_FAULT))
		s->faulted |= 1U << i;
	asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_REC_SOFT_MAX - 1));
	cap = (void *)(s->buf + off);
	cap->arg = tag;
	cap->flags = s->vec_flags | extra_flags;
	cap->len = s->vec_rel;
	cap->want = s->vec_want;
	s->ncaps++;
	s->off = off + sizeof(*cap) + BT_ALIGN8(s->vec_rel);
}

/*
 * The bytes an iovec capture shows of its buffers: at exit only those the call returned, in
 * iovec order; an input read late (at exit) was all there before the call.
 */
static __always_inline __u64 iov_data_left(const struct scratch *s, __u32 extra_flags)
{
	return s->is_exit && !(extra_flags & BT_CAP_LATE) ? (s->ret > 0 ? s->ret : 0) : ~0ULL;
}

/* Appends up to max bytes at uptr (a buffer a struct points to) as a capture tagged tag. */
static __always_inline void capture_inner_bytes(struct scratch *s, __u32 i, __u32 tag, __u64 uptr,
						__u64 bytes, __u32 max, __u32 extra_flags)
{
	struct bt_capture *cap;
	__u32 off = s->off, n = max;
	__u8 flags = 0;

	if (!uptr || !bytes || off >= BT_REC_SOFT_MAX)
		return;
	if (bytes < n)
		n = bytes;
	else if (bytes > n)
		flags = BT_CAP_TRUNCATED;
	asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_REC_SOFT_MAX - 1));
	asm volatile("%0 &= %1" : "+r"(n) : "i"(BT_CAPTURE_MAX * 2 - 1));
	if (n > BT_MSG_CONTROL_MAX)
		n = BT_MSG_CONTROL_MAX;
	cap = (void *)(s->buf + off);
	if (n && bpf_probe_read_user(s->buf + off + sizeof(*cap), n, (void *)uptr)) {
		flags |= BT_CAP_FAULT;
		s->faulted |= 1U << i;
		n = 0;
	}
	cap->arg = tag;
	cap->flags = flags | extra_flags;
	cap->len = n;
	cap->want = bytes > 0xffffffffULL ? 0xffffffffU : (__u32)bytes;
	s->ncaps++;
	s->off = off + sizeof(*cap) + BT_ALIGN8(n);
}

/*
 * What the struct user_msghdr of argument i points to, after the header:
 * the peer's address, the data (sendmsg's at enter; recvmsg's at exit, as
 * many bytes as the call returned, like readv) and the control messages.
 * strace shows all three; without them a sendmsg is only addresses.
 */
__noinline int capture_msghdr_parts(__u32 i, __u32 extra_flags)
{
	struct scratch *s = scratch();
	struct {
		__u64 name;
		__s32 namelen;
		__u32 pad;
		__u64 iov;
		__u64 iovlen;
		__u64 control;
		__u64 controllen;
		__u32 flags;
	} m;

	if (!s || i >= BT_MAX_ARGS)
		return 0;
	asm volatile("%0 &= 7" : "+r"(i));
	if (bpf_probe_read_user(&m, sizeof(m), (void *)s->args[i]))
		return 0;
	if (m.namelen > 0)
		capture_inner_bytes(s, i, i + BT_CAP_INNER_NAME, m.name, m.namelen, BT_MSG_NAME_MAX,
				    extra_flags);
	if (m.iov && s->off < BT_REC_SOFT_MAX)
		capture_vector(s, i, i + BT_CAP_INNER_IOV, m.iov, BT_KIND_IOVEC, m.iovlen,
			       extra_flags, false, iov_data_left(s, extra_flags));
	capture_inner_bytes(s, i, i + BT_CAP_INNER_CONTROL, m.control, m.controllen,
			    BT_MSG_CONTROL_MAX, extra_flags);
	return 0;
}

/*
 * Whether user memory from..end-1 can be read, one byte of each page tried: what a capture
 * leaves unread of a bitmap strace reads whole (BT_BITMAP_BITS_MAX bits span 32 pages).
 */
#define BT_PAGE 4096ULL
__noinline int user_range_readable(__u64 from, __u64 end)
{
	__u64 at = from;
	char byte;

	for (int k = 0; k <= BT_BITMAP_BITS_MAX / 8 / BT_PAGE + 1; k++) {
		if (at >= end)
			return 1;
		if (bpf_probe_read_user(&byte, 1, (void *)at))
			return 0;
		at = (at & ~(BT_PAGE - 1)) + BT_PAGE;
	}
	return at >= end;
}

/*
 * Bytes of whole elements that can be read at uptr of an array of n bytes that cannot be
 * read whole: those on uptr's page (n is at most a page, so the next one failed), or none.
 */
__noinline __u32 readable_elems(__u64 uptr, __u32 n, __u32 elem_size)
{
	__u64 room = BT_PAGE - (uptr & (BT_PAGE - 1));
	char byte;

	if (!elem_size || bpf_probe_read_user(&byte, 1, (void *)uptr))
		return 0;
	if (room > n)
		room = n;
	return (__u32)room / elem_size * elem_size;
}

/* What the {pointer, length} pair of argument i (BT_KIND_PTR_LEN) points to. */
__noinline int capture_ptr_len_parts(__u32 i, __u32 extra_flags)
{
	struct scratch *s = scratch();
	struct {
		__u64 ptr;
		__u64 len;
	} pl;

	if (!s || i >= BT_MAX_ARGS)
		return 0;
	asm volatile("%0 &= 7" : "+r"(i));
	if (bpf_probe_read_user(&pl, sizeof(pl), (void *)s->args[i]))
		return 0;
	capture_inner_bytes(s, i, i + BT_CAP_INNER_DATA, pl.ptr, pl.len, BT_PTR_LEN_MAX,
			    extra_flags);
	return 0;
}

/* clone_args' flags that make the kernel write through its pidfd and parent_tid (UAPI values) */
#define BT_CLONE_PIDFD 0x1000ULL
#define BT_CLONE_PARENT_SETTID 0x100000ULL

/* What the kernel wrote where the struct clone_args of argument i (BT_KIND_CLONE_ARGS) says. */
__noinline int capture_clone_args_parts(__u32 i, __u32 extra_flags)
{
	struct scratch *s = scratch();
	struct {
		__u64 flags;
		__u64 pidfd;
		__u64 child_tid;
		__u64 parent_tid;
	} a;

	if (!s || i >= BT_MAX_ARGS)
		return 0;
	asm volatile("%0 &= 7" : "+r"(i));
	if (bpf_probe_read_user(&a, sizeof(a), (void *)s->args[i]))
		return 0;
	if (a.flags & BT_CLONE_PIDFD)
		capture_inner_bytes(s, i, i + BT_CAP_INNER_PIDFD, a.pidfd, sizeof(int), sizeof(int),
				    extra_flags);
	if (a.flags & BT_CLONE_PARENT_SETTID)
		capture_inner_bytes(s, i, i + BT_CAP_INNER_PARENT_TID, a.parent_tid, sizeof(int),
				    sizeof(int), extra_flags);
	return 0;
}

/*
 * Appends what member rule k of set set_idx asks to be read behind the element at elem of
 * argument i: always one capture, with no data when the rule's pointer is NULL or its length
 * 0, so that the decoder finds element j's as the j-th of its tag. Nonzero: no more rules.
 */
__noinline int member_rule_step(__u32 i, __u32 set_idx, __u64 elem, __u32 k, __u32 extra_flags)
{
	struct scratch *s = scratch();
	struct bt_member_set *set;
	struct bt_member_rule *r;
	struct bt_capture *cap;
	__u64 ptr = 0, len = 0, bytes, data_left;
	__u32 off, n = 0, idx, tag, want = 0;
	__u8 flags = 0;
	long got;

	if (!s || i >= BT_MAX_ARGS)
		return 1;
	set = bpf_map_lookup_elem(&member_sets, &set_idx);
	if (!set)
		return 1;
	/* a bound on the very register that indexes (see capture_arg) */
	asm volatile("%0 &= 7" : "+r"(k));
	if (k >= BT_MEMBER_RULES_MAX)
		return 1;
	r = &set->rules[k];
	if (r->kind == BT_MEMBER_NONE)
		return 1;
	if (!(r->when & (s->is_exit ? BT_MEMBER_AT_EXIT : BT_MEMBER_AT_ENTER)))
		return 0;
	if (r->sel_arg != BT_MEMBER_ANY) {
		idx = r->sel_arg;
		asm volatile("%0 &= 7" : "+r"(idx));
		if ((__u32)s->args[idx] != r->sel_val)
			return 0;
	}
	off = s->off;
	if (off >= BT_REC_SOFT_MAX)
		return 1;
	tag = i + BT_CAP_INNER_MEMBER(k);
	if (bpf_probe_read_user(&ptr, sizeof(ptr), (void *)(elem + r->ptr_off)))
		ptr = 0;
	/* a count of 2 bytes too: struct sock_fprog's len, then padding that is not its */
	if (r->len_size == 2 || r->len_size == 4 || r->len_size == 8) {
		if (bpf_probe_read_user(&len,
					r->len_size == 2   ? 2
					: r->len_size == 4 ? 4
							   : 8,
					(void *)(elem + r->len_off)))
			len = 0;
	}
	if (r->kind == BT_MEMBER_IOVEC && ptr && len) {
		data_left = iov_data_left(s, extra_flags);
		if (s->is_exit && r->data_off != BT_MEMBER_ANY) {
			/* the scratch area, not the stack: this frame is one of a deep chain */
			s->member_iov_tag = 0;
			if (bpf_probe_read_user(&s->member_iov_tag, sizeof(s->member_iov_tag),
						(void *)(elem + r->data_off)))
				s->member_iov_tag = 0;
			data_left = s->member_iov_tag;
		}
		/*
		 * read by the caller, one frame up: an iovec's parts are read by iov_step, and
		 * the verifier bounds the stack of the whole chain of calls
		 */
		s->vec_uptr = ptr;
		s->vec_want = len > 0xffffffffULL ? 0xffffffffU : len;
		s->vec_data_left = data_left;
		s->member_iov_tag = tag + 1;
		return 0;
	}
	asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_REC_SOFT_MAX - 1));
	cap = (void *)(s->buf + off);
	if (ptr && r->kind == BT_MEMBER_STRING) {
		n = string_cap;
		if (n > r->max)
			n = r->max;
		if (n > BT_CAPTURE_MAX)
			n = BT_CAPTURE_MAX;
		flags = BT_CAP_STRING;
		got = n ? bpf_probe_read_user_str(s->buf + off + sizeof(*cap), n, (void *)ptr) : 0;
		if (got < 0) {
			flags |= BT_CAP_FAULT;
			n = 0;
		} else {
			if (got == n)
				flags |= BT_CAP_TRUNCATED;
			n = got;
		}
	} else if (ptr && r->kind == BT_MEMBER_BYTES) {
		bytes = r->len_size ? len * (r->elem_size ? r->elem_size : 1) : r->max;
		if (bytes > 0xffffffffULL)
			bytes = 0xffffffffULL;
		want = bytes;
		n = r->max;
		if (bytes < n)
			n = bytes;
		else if (bytes > n)
			flags = BT_CAP_TRUNCATED;
		asm volatile("%0 &= %1" : "+r"(n) : "i"(BT_CAPTURE_MAX * 2 - 1));
		if (n > BT_CAPTURE_MAX)
			n = BT_CAPTURE_MAX;
		if (n && bpf_probe_read_user(s->buf + off + sizeof(*cap), n, (void *)ptr)) {
			flags |= BT_CAP_FAULT;
			n = 0;
		}
	} else if (r->kind == BT_MEMBER_FD_NAME) {
		flags = BT_CAP_STRING | BT_CAP_FAULT;
		n = 0;
		got = fd_dentry_name(s, (__s32)ptr, s->buf + off + sizeof(*cap));
		if (got > 0) {
			flags = BT_CAP_STRING;
			n = got;
		}
	}
	cap->arg = tag;
	cap->flags = flags | extra_flags;
	cap->len = n;
	cap->want = want;
	s->ncaps++;
	s->off = off + sizeof(*cap) + BT_ALIGN8(n);
	return 0;
}

/*
 * What the pointer members of one struct of argument i, at elem, point to, by member rule set
 * set_idx, its iovec member last. A global function, so that the verifier walks the rules'
 * loop once, not once for each element of capture_member_parts' loop.
 */
__noinline int capture_member_elem(__u32 i, __u32 set_idx, __u64 elem, __u32 extra_flags)
{
	struct scratch *s = scratch();

	if (!s)
		return 0;
	s->member_iov_tag = 0;
	for (__u32 k = 0; k < BT_MEMBER_RULES_MAX; k++) {
		if (member_rule_step(i, set_idx, elem, k, extra_flags))
			break;
	}
	/* the element's iovec member (a set has one), after its other members */
	if (s->member_iov_tag)
		capture_vector(s, i, s->member_iov_tag - 1, s->vec_uptr, BT_KIND_IOVEC, s->vec_want,
			       extra_flags, false, s->vec_data_left);
	return 0;
}

/*
 * What the pointer members of argument i's struct (or of each of its structs) point to, by
 * member rule set set_idx; captured: the bytes of the argument read.
 */
__noinline int capture_member_parts(__u32 i, __u32 set_idx, __u32 captured, __u32 extra_flags)
{
	struct scratch *s = scratch();
	struct bt_member_set *set;
	__u32 elems = 1, stride;
	__u64 base;

	if (!s || i >= BT_MAX_ARGS)
		return 0;
	set = bpf_map_lookup_elem(&member_sets, &set_idx);
	if (!set)
		return 0;
	stride = set->stride;
	if (stride) {
		elems = captured / stride;
		if (elems > set->elems_max)
			elems = set->elems_max;
		if (s->is_exit && (set->flags & BT_MEMBER_SET_RET_ELEMS) &&
		    (s->ret < 0 || elems > s->ret))
			elems = s->ret < 0 ? 0 : s->ret;
	}
	asm volatile("%0 &= 7" : "+r"(i));
	base = s->args[i];
	for (__u32 j = 0; j < BT_ARRAY_ELEMS_MIN; j++) {
		if (j >= elems)
			break;
		capture_member_elem(i, set_idx, base + (__u64)j * stride, extra_flags);
	}
	return 0;
}

/*
 * Appends the capture of argument i by the rule (len, elem_size) to the
 * record in the work area's buf, at its off. A global function: the
 * verifier checks it once, not once per argument and program, which is
 * most of the load time.
 */
__noinline int capture_arg(__u32 i, __s32 len, __u32 elem_and_kind, __u32 extra_flags)
{
	struct scratch *s = scratch();
	__u32 kind = (elem_and_kind >> BT_INFO_KIND_SHIFT) & 0xf;
	__u32 elem_size = elem_and_kind & BT_INFO_ELEM_MASK, part_elem = elem_size;
	struct bt_capture *cap;
	__u32 off, n = 0, want = 0;
	__u8 flags = 0;
	__u64 uptr, bytes;
	long got;

	if (!s || i >= BT_MAX_ARGS || len == BT_LEN_NONE)
		return 0;
	/* as below: a bound the compiler cannot fold away */
	asm volatile("%0 &= 7" : "+r"(i));
	uptr = s->args[i];
	if (kind == BT_KIND_STACK) {
		/* elem_size holds the rule's sp_offset */
		uptr = s->sp ? s->sp + elem_size : 0;
		kind = BT_KIND_BYTES;
		part_elem = 0;
	}
	off = s->off;
	if (!uptr || off >= BT_REC_SOFT_MAX)
		return 0;
	if (kind == BT_KIND_STRV || kind == BT_KIND_STRV_COUNT || kind == BT_KIND_IOVEC) {
		/* the count of elements: each is gathered on its own */
		capture_vector(s, i, i, uptr, kind,
			       rule_bytes(len, elem_and_kind & ~BT_INFO_ELEM_MASK, s->args, s->ret),
			       extra_flags, elem_and_kind & BT_INFO_PTR32,
			       iov_data_left(s, extra_flags));
		return 0;
	}
	/*
	 * A no-op for the value, but done in asm so that the compiler cannot
	 * drop it: the verifier needs the bound on the very register used below.
	 */
	asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_REC_SOFT_MAX - 1));
	cap = (void *)(s->buf + off);
	if (len == BT_LEN_STRING) {
		n = string_cap;
		if (n > BT_CAPTURE_MAX)
			n = BT_CAPTURE_MAX;
		flags = BT_CAP_STRING;
		got = bpf_probe_read_user_str(s->buf + off + sizeof(*cap), n, (void *)uptr);
		if (got < 0) {
			/*
			 * No NUL before an unmapped page: its bytes on the mapped one are kept,
			 * for a string strace cuts at -s reads only s + 1 bytes of it and shows
			 * them when they were all there
			 */
			__u32 part = readable_elems(uptr, n, 1);

			asm volatile("%0 &= %1" : "+r"(part) : "i"(BT_CAPTURE_MAX * 2 - 1));
			if (part > BT_CAPTURE_MAX)
				part = 0;
			flags |= BT_CAP_FAULT;
			n = 0;
			if (part &&
			    !bpf_probe_read_user(s->buf + off + sizeof(*cap), part, (void *)uptr)) {
				flags |= BT_CAP_PARTIAL;
				n = part;
			}
		} else {
			/* a full buffer may mean the string went on */
			if (got == n)
				flags |= BT_CAP_TRUNCATED;
			n = got;
		}
	} else {
		/* a member rule set's index is no header */
		bytes = kind == BT_KIND_BITMAP ? bitmap_bytes(len, s->args)
			: kind == BT_KIND_MEMBERS
				? rule_bytes(len, elem_and_kind & ~(0xffU << BT_INFO_HEADER_SHIFT),
					     s->args, s->ret)
				: rule_bytes(len, elem_and_kind, s->args, s->ret);
		want = bytes > 0xffffffffULL ? 0xffffffffU : (__u32)bytes;
		/* a struct's BTF size (and a bitmap) is read whole, whatever the buffer cap */
		n = len > BT_LEN_STRING || kind == BT_KIND_BITMAP ? BT_CAPTURE_MAX : buffer_cap;
		/* and of an array of structs as many as are shown */
		if (len < 0 && elem_size > 1 && n < elem_size * BT_ARRAY_ELEMS_MIN)
			n = elem_size * BT_ARRAY_ELEMS_MIN;
		if (n > BT_CAPTURE_MAX)
			n = BT_CAPTURE_MAX;
		if (bytes < n)
			n = bytes;
		else if (bytes > n)
			flags = BT_CAP_TRUNCATED;
		n &= BT_CAPTURE_MAX * 2 - 1;
		if (n > BT_CAPTURE_MAX)
			n = BT_CAPTURE_MAX;
		if (n && bpf_probe_read_user(s->buf + off + sizeof(*cap), n, (void *)uptr)) {
			/*
			 * Running into an unmapped page: an array keeps its elements before it
			 * (a fixed size with an element size is a struct array read in part);
			 * anything else its bytes before it, and stays unread (BT_CAP_FAULT)
			 * but to a decoder that, as strace, reads only its first bytes.
			 */
			__u32 part = readable_elems(uptr, n, part_elem > 1 ? part_elem : 1);

			asm volatile("%0 &= %1" : "+r"(part) : "i"(BT_CAPTURE_MAX * 2 - 1));
			if (part > BT_CAPTURE_MAX)
				part = 0;
			if (part &&
			    !bpf_probe_read_user(s->buf + off + sizeof(*cap), part, (void *)uptr)) {
				flags |= part_elem > 1 ? BT_CAP_TRUNCATED | BT_CAP_PARTIAL
						       : BT_CAP_FAULT | BT_CAP_PARTIAL;
				/* read it all again at exit if the page was only absent */
				s->faulted |= 1U << i;
				n = part;
			} else {
				flags |= BT_CAP_FAULT;
				n = 0;
			}
		} else if (kind == BT_KIND_BITMAP && bytes > n &&
			   !user_range_readable(uptr + n, uptr + bytes)) {
			/* all of it or nothing, as strace reads it */
			flags |= BT_CAP_FAULT;
			n = 0;
		}
	}
	if (flags & BT_CAP_FAULT)
		s->faulted |= 1U << i;
	cap->arg = i;
	cap->flags = flags | extra_flags;
	cap->len = n;
	cap->want = want;
	s->ncaps++;
	s->off = off + sizeof(*cap) + BT_ALIGN8(n);
	if (kind == BT_KIND_MSGHDR && !(flags & BT_CAP_FAULT))
		capture_msghdr_parts(i, extra_flags);
	else if (kind == BT_KIND_PTR_LEN && !(flags & BT_CAP_FAULT))
		capture_ptr_len_parts(i, extra_flags);
	else if (kind == BT_KIND_CLONE_ARGS && !(flags & BT_CAP_FAULT))
		capture_clone_args_parts(i, extra_flags);
	else if (kind == BT_KIND_MEMBERS && !(flags & BT_CAP_FAULT))
		capture_member_parts(i, elem_and_kind >> BT_INFO_HEADER_SHIFT, n, extra_flags);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * -e io_uring=SET: the operations traced processes submit through io_uring, as the calls they
 * stand for. Two classic tracepoint programs, attached by user space to the kernel's submit and
 * completion tracepoints (whichever names this kernel has): the first reads the SQE of each
 * operation a traced thread submits and sends it as an enter record of the syscall it stands
 * for, with that syscall's enter captures (a write's data); the second pairs each completion
 * with it and sends an exit record with the result and the exit captures (a read's data). Where
 * each field is, in the tracepoints' entries and in the kernel's ring context, user space reads
 * from tracefs and BTF and writes into uring_layout (record.h: struct bt_uring_layout).
 */
#include "state.bpf.h"
#include "records.bpf.h"
#include "capture.bpf.h"
#include "filter.bpf.h"
#include "summary.bpf.h"

/* UAPI values (linux/io_uring.h), which the programs cannot include beside linux/bpf.h */
#define BT_IORING_CQE_F_MORE (1U << 1)
#define BT_IOSQE_FIXED_FILE (1U << 0)
#define BT_IORING_SETUP_SQE128 (1U << 10)

struct bt_uring_layout uring_layout = {};

/* What each opcode is shown as, and whether -e io_uring= selects it; filled by user space. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, BT_URING_OPS);
	__type(key, __u32);
	__type(value, struct bt_uring_op);
} uring_ops SEC(".maps");

/*
 * The operations in flight, from their submission to their (last) completion. An operation
 * whose completion never comes (IOSQE_CQE_SKIP_SUCCESS) stays until newer ones push it out.
 */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 1); /* sized by user space with -e io_uring= */
	__type(key, struct bt_uring_key);
	__type(value, struct bt_uring_pending);
} uring_pending SEC(".maps");

/* The entry copied (with room past it for a masked read of 8 bytes), the SQE, the pending op. */
struct uring_work {
	char entry[BT_URING_ENTRY_MAX + 8];
	__u8 sqe[BT_URING_SQE_SIZE];
	struct bt_uring_pending p;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct uring_work);
} uring_work_map SEC(".maps");

/* Copies the tracepoint's entry, its first size bytes (at most BT_URING_ENTRY_MAX). */
static __always_inline int copy_entry(struct uring_work *w, void *ctx, __u32 size)
{
	if (size > BT_URING_ENTRY_MAX)
		size = BT_URING_ENTRY_MAX;
	/* a bound the verifier sees on the very register: the compiler knows it already */
	asm volatile("%0 &= %1" : "+r"(size) : "i"(BT_URING_ENTRY_MAX * 2 - 1));
	if (size > BT_URING_ENTRY_MAX || size == 0)
		return -1;
	return bpf_probe_read_kernel(w->entry, size, ctx);
}

/* The 8 bytes at off in the copied entry (0 for a field the tracepoint does not have). */
static __always_inline __u64 entry_field(const struct uring_work *w, __u32 off)
{
	if (off >= BT_URING_ENTRY_MAX)
		return 0;
	asm volatile("%0 &= %1" : "+r"(off) : "i"(BT_URING_ENTRY_MAX - 1));
	return *(const __u64 *)(w->entry + off);
}

static __always_inline __u64 read_kernel_u64(__u64 addr)
{
	__u64 v = 0;

	bpf_probe_read_kernel(&v, sizeof(v), (const void *)addr);
	return v;
}

static __always_inline __u32 read_kernel_u32(__u64 addr)
{
	__u32 v = 0;

	bpf_probe_read_kernel(&v, sizeof(v), (const void *)addr);
	return v;
}

/*
 * Reads the SQE the request was made from: the one the kernel took last from the ring's SQ
 * (cached_sq_head counts those taken; the tracepoint fires after the take on every kernel seen,
 * the slot at the head itself is tried too), found through the index array where the ring has
 * one. It is the request's only when its opcode (opcode -1: any) and user_data are the
 * request's: anything else (a layout this code does not know) reads as no SQE, never as
 * another request's.
 */
static __always_inline bool read_sqe(struct uring_work *w, __u64 ring, int opcode, __u64 user_data)
{
	const struct bt_uring_layout *l = &uring_layout;
	__u64 sqes = read_kernel_u64(ring + l->ctx_sq_sqes);
	__u64 array = read_kernel_u64(ring + l->ctx_sq_array);
	__u32 head = read_kernel_u32(ring + l->ctx_cached_sq_head);
	__u32 entries = read_kernel_u32(ring + l->ctx_sq_entries);
	__u32 flags = read_kernel_u32(ring + l->ctx_flags);

	if (!sqes || !entries || (entries & (entries - 1)))
		return false;
#pragma unroll
	for (int back = 1; back >= 0; back--) {
		__u32 slot = (head - back) & (entries - 1);

		if (array) {
			slot = read_kernel_u32(array + (__u64)slot * sizeof(__u32));
			if (slot >= entries)
				continue;
		}
		if (flags & BT_IORING_SETUP_SQE128)
			slot <<= 1;
		if (bpf_probe_read_kernel(w->sqe, sizeof(w->sqe),
					  (const void *)(sqes + (__u64)slot * BT_URING_SQE_SIZE)))
			continue;
		if ((opcode < 0 || w->sqe[0] == opcode) &&
		    *(const __u64 *)(w->sqe + 32) == user_data)
			return true;
	}
	return false;
}

/* A field of the SQE read (struct io_uring_sqe, UAPI offsets). */
static __always_inline __u64 sqe_field(const __u8 *sqe, __u32 src)
{
	switch (src) {
	case BT_SQE_FD:
		return (__u64)(__s64) * (const __s32 *)(sqe + 4);
	case BT_SQE_OFF:
		return *(const __u64 *)(sqe + 8);
	case BT_SQE_ADDR:
		return *(const __u64 *)(sqe + 16);
	case BT_SQE_LEN:
		return *(const __u32 *)(sqe + 24);
	case BT_SQE_OP_FLAGS:
		return *(const __u32 *)(sqe + 28);
	case BT_SQE_FILE_INDEX:
		return (__u64)(__s64) * (const __s32 *)(sqe + 44);
	case BT_SQE_ADDR3:
		return *(const __u64 *)(sqe + 48);
	case BT_SQE_ADDR_LEN:
		return *(const __u16 *)(sqe + 44);
	}
	return 0;
}

static __always_inline __u64 current_mm(void)
{
	return (__u64)BPF_CORE_READ((struct task_struct *)bpf_get_current_task(), mm);
}

/* The operation's arguments, from the SQE read into w->sqe by the opcode's shape. */
static __always_inline __u16 sqe_args(struct uring_work *w, const struct bt_uring_op *op)
{
	__u16 uflags = BT_URING_SQE_READ;

	if (w->sqe[1] & BT_IOSQE_FIXED_FILE)
		uflags |= BT_URING_FIXED_FILE;
	/* openat, accept, socket into a registered slot: they return no fd */
	if (*(const __u32 *)(w->sqe + 44))
		uflags |= BT_URING_DIRECT;
	for (int i = 0; i < BT_MAX_ARGS; i++)
		w->p.args[i] = sqe_field(w->sqe, op->src[i]);
	return uflags;
}

/*
 * Sends the submission record of the operation in w->p (its SQE in w->sqe when uflags says it
 * was read): an enter record of the syscall it stands for, captured by its rules.
 */
static __noinline void send_submit(struct uring_work *w, const struct bt_uring_key *key,
				   __u64 user_data)
{
	struct bt_syscall_rules *rules = NULL;
	struct bt_uring_submit_rec *rec;
	struct scratch *s = scratch();
	__s32 nr = w->p.nr;

	if (!s)
		return;
	rec = (void *)s->buf;
	rec->enter.hdr.type = BT_REC_URING_SUBMIT;
	rec->enter.hdr.ts = w->p.ts;
	rec->enter.hdr.tgid = w->p.tgid;
	rec->enter.hdr.tid = w->p.tid;
	rec->enter.hdr.nr = nr;
	rec->enter.hdr.cpu = bpf_get_smp_processor_id();
	__builtin_memcpy(rec->enter.args, w->p.args, sizeof(rec->enter.args));
	__builtin_memcpy(s->args, w->p.args, sizeof(rec->enter.args));
	if (record_comm)
		bpf_get_current_comm(rec->enter.comm, sizeof(rec->enter.comm));
	else
		__builtin_memset(rec->enter.comm, 0, sizeof(rec->enter.comm));
	rec->enter.cgroup = record_cgroup ? bpf_get_current_cgroup_id() : 0;
	rec->enter.ip = 0;
	rec->key = *key;
	rec->user_data = user_data;
	rec->opcode = w->p.opcode;
	rec->sqe_flags = (w->p.uflags & BT_URING_SQE_READ) ? w->sqe[1] : 0;
	rec->uflags = w->p.uflags;
	rec->pad = 0;
	s->sp = 0;
	s->ip = 0;
	s->off = sizeof(*rec);
	s->ncaps = 0;
	s->faulted = 0;
	s->ret = 0;
	s->is_exit = 0;
	s->notes = 0;
	if ((w->p.uflags & BT_URING_SQE_READ) && nr >= 0 && nr < BT_MAX_SYSCALLS)
		rules = bpf_map_lookup_elem(&beauty_map, &nr);
	if (rules) {
		for (int i = 0; i < BT_MAX_ARGS; i++) {
			if (rules->enter[i].len != BT_LEN_NONE)
				capture_arg(i, rules->enter[i].len, rule_info(&rules->enter[i]), 0);
		}
	}
	finish_record(s, KIND_ENTER, sizeof(*rec));
}

/* w->p for an operation of op submitted now by the current thread. */
static __always_inline void pending_now(struct uring_work *w, const struct bt_uring_op *op,
					__u32 opcode, __u16 uflags)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();

	w->p.ts = bpf_ktime_get_ns();
	w->p.mm = current_mm();
	w->p.tgid = pid_tgid >> 32;
	w->p.tid = (__u32)pid_tgid;
	w->p.nr = op->nr;
	w->p.opcode = opcode;
	w->p.uflags = uflags;
}

SEC("tracepoint")
int on_uring_submit(void *ctx)
{
	const struct bt_uring_layout *l = &uring_layout;
	__u32 tgid = bpf_get_current_pid_tgid() >> 32, zero = 0, opcode;
	const struct bt_uring_op *op;
	struct bt_uring_key key;
	struct uring_work *w;
	__u64 user_data;
	__u16 uflags = 0;

	if (!l->ok || !should_trace(tgid, -1))
		return 0;
	/* -a with --comm, --uid or --cgroup: every process passes should_trace() */
	if (filter_active && !filter_event())
		return 0;
	w = bpf_map_lookup_elem(&uring_work_map, &zero);
	if (!w || copy_entry(w, ctx, l->sub_size))
		return 0;
	opcode = entry_field(w, l->sub_opcode) & 0xff;
	op = bpf_map_lookup_elem(&uring_ops, &opcode);
	if (!op || !(op->flags & BT_URING_OP_SELECTED))
		return 0;
	key.ring = entry_field(w, l->sub_ctx);
	user_data = entry_field(w, l->sub_user_data);
	key.id = l->key_req ? entry_field(w, l->sub_req) : user_data;
	__builtin_memset(&w->p, 0, sizeof(w->p));
	if (l->sqe_ok && read_sqe(w, key.ring, opcode, user_data))
		uflags = sqe_args(w, op);
	pending_now(w, op, opcode, uflags);
	bpf_map_update_elem(&uring_pending, &key, &w->p, BPF_ANY);
	if (!summary_only)
		send_submit(w, &key, user_data);
	return 0;
}

/*
 * A completion in a traced thread that no submission was seen for: a request the kernel
 * failed before its submit tracepoint (an SQE it rejects as it reads it: on some kernels a bad
 * fd). Its SQE is the one just taken, found by the completion's user_data; only a failure is
 * taken for one, so that an operation submitted before tracing began is not shown as another.
 * Fills w->p and sends the submission; false when it is none of ours.
 */
/*
 * should_trace(tgid, -1), from traced_procs (which proc_states mirrors) rather than the array:
 * on_uring_complete's chain of calls (send_submit, the captures) is at the 512 bytes of stack
 * the verifiers of 5.10 and 6.1 allow, and the array's look-up, inlined here, spills one more
 * register into its frame. A completion nobody saw submitted is rare.
 */
static __always_inline bool uring_traced(__u32 tgid)
{
	struct bt_proc *proc;

	if (tgid == self_tgid)
		return false;
	if (container_select)
		return current_container_cgroup() != 0;
	if (trace_all)
		return true;
	proc = bpf_map_lookup_elem(&traced_procs, &tgid);
	return proc && proc->state == BT_PROC_TRACED;
}

static __always_inline bool failed_unseen(struct uring_work *w, const struct bt_uring_key *key,
					  __u64 user_data, __s32 res)
{
	const struct bt_uring_layout *l = &uring_layout;
	const struct bt_uring_op *op;
	__u32 opcode;

	if (res >= 0 || !l->sqe_ok || !uring_traced(bpf_get_current_pid_tgid() >> 32))
		return false;
	if (filter_active && !filter_event())
		return false;
	__builtin_memset(&w->p, 0, sizeof(w->p));
	if (!read_sqe(w, key->ring, -1, user_data))
		return false;
	opcode = w->sqe[0];
	op = bpf_map_lookup_elem(&uring_ops, &opcode);
	if (!op || !(op->flags & BT_URING_OP_SELECTED))
		return false;
	pending_now(w, op, opcode, sqe_args(w, op));
	if (!summary_only)
		send_submit(w, key, user_data);
	return true;
}

SEC("tracepoint")
int on_uring_complete(void *ctx)
{
	const struct bt_uring_layout *l = &uring_layout;
	struct bt_syscall_rules *rules = NULL;
	struct bt_uring_complete_rec *rec;
	struct bt_uring_pending *pending;
	struct bt_uring_key key;
	struct uring_work *w;
	struct scratch *s;
	__u32 zero = 0, cflags, nr;
	__u64 user_data;
	__u16 uflags;
	__s32 res;

	if (!l->ok)
		return 0;
	w = bpf_map_lookup_elem(&uring_work_map, &zero);
	if (!w || copy_entry(w, ctx, l->cpl_size))
		return 0;
	key.ring = entry_field(w, l->cpl_ctx);
	user_data = entry_field(w, l->cpl_user_data);
	key.id = l->key_req ? entry_field(w, l->cpl_req) : user_data;
	res = (__s32)entry_field(w, l->cpl_res);
	cflags = (__u32)entry_field(w, l->cpl_cflags);
	/* the operations of traced processes are there: every other completion ends here */
	pending = bpf_map_lookup_elem(&uring_pending, &key);
	if (pending) {
		w->p = *pending;
		/* a multishot operation goes on while its completions say more will come */
		if (!(cflags & BT_IORING_CQE_F_MORE))
			bpf_map_delete_elem(&uring_pending, &key);
	} else if (!failed_unseen(w, &key, user_data, res)) {
		return 0;
	}
	if (summary)
		account_call(BT_URING_ID_BASE + w->p.opcode, res, w->p.tgid, w->p.tid, w->p.ts);
	if (summary_only)
		return 0;
	s = scratch();
	if (!s)
		return 0;
	uflags = w->p.uflags;
	if (cflags & BT_IORING_CQE_F_MORE)
		uflags |= BT_URING_MORE;
	nr = w->p.nr;
	rec = (void *)s->buf;
	fill_hdr(&rec->exit.hdr, BT_REC_URING_COMPLETE, sizeof(*rec));
	rec->tid = rec->exit.hdr.tid;
	/* the submitter's line: its thread, whoever ran the completion */
	rec->exit.hdr.tgid = w->p.tgid;
	rec->exit.hdr.tid = w->p.tid;
	rec->exit.hdr.nr = nr;
	rec->exit.ret = res;
	rec->exit.cgroup = record_cgroup ? bpf_get_current_cgroup_id() : 0;
	rec->key = key;
	rec->cflags = cflags;
	rec->opcode = w->p.opcode;
	rec->pad = 0;
	rec->pad2 = 0;
	__builtin_memcpy(s->args, w->p.args, sizeof(w->p.args));
	s->sp = 0;
	s->ip = 0;
	s->off = sizeof(*rec);
	s->ncaps = 0;
	s->faulted = 0;
	s->ret = res;
	s->is_exit = 1;
	s->notes = 0;
	if (res >= 0 && (uflags & BT_URING_SQE_READ) && nr < BT_MAX_SYSCALLS) {
		/*
		 * What the operation wrote is in the submitter's memory: read where that is the
		 * current address space (the submitter, its io-wq workers), not from an interrupt
		 * or a kernel thread elsewhere
		 */
		if (current_mm() == w->p.mm && w->p.mm)
			rules = bpf_map_lookup_elem(&beauty_map, &nr);
		else
			uflags |= BT_URING_DATA_UNREAD;
	}
	rec->uflags = uflags;
	if (rules) {
		for (int i = 0; i < BT_MAX_ARGS; i++) {
			if (rules->exit[i].len != BT_LEN_NONE &&
			    !(rules->exit[i].flags & BT_RULE_IF_INTERRUPTED))
				capture_arg(i, rules->exit[i].len, rule_info(&rules->exit[i]), 0);
		}
	}
	finish_record(s, KIND_EXIT, sizeof(*rec));
	return 0;
}

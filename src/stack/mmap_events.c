// SPDX-License-Identifier: GPL-2.0
/* Process maps, forks and execs from perf's side-band records, one dummy event per CPU. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>

#include "stack/mmap_events.h"

/* The largest record read: an MMAP2 with a whole path. */
#define RECORD_MAX (PATH_MAX + 256)

/* Data pages per CPU, tried from the first down: the locked-memory limit may refuse more. */
static const int data_pages[] = {32, 8, 2};

struct cpu_ring {
	int fd;
	void *base; /* the control page, then the data pages */
	size_t data_size;
};

struct mmap_events {
	struct cpu_ring *rings;
	int nrings;
	unsigned long long lost;
	/* the records of one drain, to be put in time order */
	struct pending *pending;
	size_t npending, pending_cap;
};

/* One record copied out of a ring, with its time. */
struct pending {
	__u64 ts;
	int cpu; /* ties: the order in one ring is the kernel's */
	size_t seq;
	void *rec;
};

static int open_cpu(int cpu)
{
	struct perf_event_attr a = {
		.size = sizeof(a),
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_DUMMY,
		.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME,
		.mmap = 1,
		.mmap2 = 1,
		.comm = 1,
		.comm_exec = 1,
		.task = 1,
		.sample_id_all = 1,
		/* bpf_ktime_get_ns() is CLOCK_MONOTONIC: stack records and maps compare */
		.use_clockid = 1,
		.clockid = CLOCK_MONOTONIC,
		.watermark = 1,
		.wakeup_watermark = 1 << 30,
	};

	return syscall(SYS_perf_event_open, &a, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
}

int mmap_events__open(struct mmap_events **out, int ncpus)
{
	long page = sysconf(_SC_PAGESIZE);
	struct mmap_events *me = calloc(1, sizeof(*me));
	int err = 0;

	*out = NULL;
	if (!me)
		return -ENOMEM;
	me->rings = calloc(ncpus, sizeof(*me->rings));
	if (!me->rings) {
		free(me);
		return -ENOMEM;
	}
	for (int cpu = 0; cpu < ncpus; cpu++) {
		struct cpu_ring *r = &me->rings[me->nrings];

		r->fd = open_cpu(cpu);
		if (r->fd < 0) {
			/* a CPU that is possible but not online has nothing to say */
			if (errno == ENODEV || errno == EINVAL)
				continue;
			err = -errno;
			break;
		}
		r->base = MAP_FAILED;
		for (size_t i = 0; i < sizeof(data_pages) / sizeof(data_pages[0]); i++) {
			r->data_size = (size_t)data_pages[i] * page;
			r->base = mmap(NULL, r->data_size + page, PROT_READ | PROT_WRITE,
				       MAP_SHARED, r->fd, 0);
			if (r->base != MAP_FAILED)
				break;
		}
		if (r->base == MAP_FAILED) {
			err = -errno;
			close(r->fd);
			break;
		}
		me->nrings++;
	}
	if (err || !me->nrings) {
		mmap_events__free(me);
		return err ? err : -ENODEV;
	}
	*out = me;
	return 0;
}

void mmap_events__free(struct mmap_events *me)
{
	long page = sysconf(_SC_PAGESIZE);

	if (!me)
		return;
	for (int i = 0; i < me->nrings; i++) {
		munmap(me->rings[i].base, me->rings[i].data_size + page);
		close(me->rings[i].fd);
	}
	for (size_t i = 0; i < me->npending; i++)
		free(me->pending[i].rec);
	free(me->pending);
	free(me->rings);
	free(me);
}

unsigned long long mmap_events__lost(const struct mmap_events *me)
{
	return me ? me->lost : 0;
}

/* The trailer sample_id_all adds to every record: {pid, tid}, then the time. */
static __u64 record_time(const struct perf_event_header *h)
{
	__u64 ts;

	memcpy(&ts, (const char *)h + h->size - sizeof(ts), sizeof(ts));
	return ts;
}

static int take(struct mmap_events *me, const struct perf_event_header *h, int cpu)
{
	struct pending *p;
	void *copy;

	if (me->npending == me->pending_cap) {
		size_t cap = me->pending_cap ? 2 * me->pending_cap : 256;
		struct pending *n = realloc(me->pending, cap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		me->pending = n;
		me->pending_cap = cap;
	}
	copy = malloc(h->size);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, h, h->size);
	p = &me->pending[me->npending];
	p->ts = h->size >= sizeof(*h) + 16 ? record_time(h) : 0;
	p->cpu = cpu;
	p->seq = me->npending;
	p->rec = copy;
	me->npending++;
	return 0;
}

/* Copies every new record of one ring out, and frees its space for the kernel. */
static int read_ring(struct mmap_events *me, struct cpu_ring *r, int cpu)
{
	long page = sysconf(_SC_PAGESIZE);
	struct perf_event_mmap_page *ctl = r->base;
	char *data = (char *)r->base + page;
	__u64 head = __atomic_load_n(&ctl->data_head, __ATOMIC_ACQUIRE), tail = ctl->data_tail;
	union {
		struct perf_event_header h;
		char bytes[RECORD_MAX];
	} buf;
	int err = 0;

	while (tail < head) {
		size_t off = tail % r->data_size;
		const struct perf_event_header *h = (const void *)(data + off);
		size_t size = h->size;

		if (size < sizeof(*h) || size > sizeof(buf))
			break;
		/* a record that wraps around the end is put together */
		if (off + size > r->data_size) {
			size_t first = r->data_size - off;

			memcpy(buf.bytes, data + off, first);
			memcpy(buf.bytes + first, data, size - first);
			h = &buf.h;
		}
		if (h->type == PERF_RECORD_LOST) {
			const struct {
				struct perf_event_header h;
				__u64 id, lost;
			} *l = (const void *)h;

			me->lost += l->lost;
		} else if (h->type == PERF_RECORD_MMAP2 || h->type == PERF_RECORD_FORK ||
			   h->type == PERF_RECORD_EXIT ||
			   (h->type == PERF_RECORD_COMM &&
			    (h->misc & PERF_RECORD_MISC_COMM_EXEC))) {
			err = take(me, h, cpu);
			if (err)
				break;
		}
		tail += size;
	}
	__atomic_store_n(&ctl->data_tail, tail, __ATOMIC_RELEASE);
	return err;
}

static int by_time(const void *a, const void *b)
{
	const struct pending *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	if (x->cpu != y->cpu)
		return x->cpu - y->cpu;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

struct mmap2_rec {
	struct perf_event_header h;
	__u32 pid, tid;
	__u64 addr, len, pgoff;
	__u32 maj, min;
	__u64 ino, ino_generation;
	__u32 prot, flags;
	char filename[];
};

struct task_rec {
	struct perf_event_header h;
	__u32 pid, ppid, tid, ptid;
	__u64 time;
};

struct comm_rec {
	struct perf_event_header h;
	__u32 pid, tid;
	char comm[];
};

static void apply(struct proc_maps *pm, const struct pending *p)
{
	const struct perf_event_header *h = p->rec;

	switch (h->type) {
	case PERF_RECORD_MMAP2: {
		const struct mmap2_rec *m = p->rec;
		size_t room = h->size - sizeof(*m) - 16;

		/* the name is NUL-terminated within the record, before the trailer */
		if (h->size < sizeof(*m) + 16 || !memchr(m->filename, 0, room))
			return;
		if (m->filename[0] != '/')
			return; /* [vdso], anonymous code: no file to read symbols from */
		proc_maps__mmap(pm, m->pid, p->ts, m->addr, m->len, m->pgoff, m->ino, m->filename);
		return;
	}
	case PERF_RECORD_FORK: {
		const struct task_rec *t = p->rec;

		/* a new thread shares its process's maps */
		if (t->pid != t->ppid && h->size >= sizeof(*t))
			proc_maps__fork(pm, t->ppid, t->pid, p->ts);
		return;
	}
	case PERF_RECORD_EXIT: {
		const struct task_rec *t = p->rec;

		if (h->size >= sizeof(*t) && t->pid == t->tid)
			proc_maps__exit(pm, t->pid, p->ts);
		return;
	}
	case PERF_RECORD_COMM: {
		const struct comm_rec *c = p->rec;

		if (h->size >= sizeof(*c))
			proc_maps__exec(pm, c->pid, p->ts);
		return;
	}
	}
}

int mmap_events__drain(struct mmap_events *me, struct proc_maps *pm)
{
	int err = 0, n;

	for (int i = 0; i < me->nrings && !err; i++)
		err = read_ring(me, &me->rings[i], i);
	qsort(me->pending, me->npending, sizeof(*me->pending), by_time);
	for (size_t i = 0; i < me->npending; i++) {
		apply(pm, &me->pending[i]);
		free(me->pending[i].rec);
	}
	n = me->npending;
	me->npending = 0;
	return err ? err : n;
}

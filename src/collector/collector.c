// SPDX-License-Identifier: GPL-2.0
/* Loads the collector's BPF skeleton, fills its maps and reads its ring buffer. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "collector/collector.h"
#include "collector.skel.h"

static bool libbpf_debug;

static int print_libbpf(enum libbpf_print_level level, const char *fmt, va_list args)
{
	if (!libbpf_debug)
		return 0;
	return vfprintf(stderr, fmt, args);
}

/* Opens the object with one program pair enabled: typed (tp_btf) or raw (raw_tp). */
static int open_and_load(struct collector *c, const struct collector_opts *o, bool typed)
{
	struct collector_bpf *skel = collector_bpf__open();
	int err;

	if (!skel)
		return errno ? -errno : -EINVAL;
	c->skel = skel;
	bpf_program__set_autoload(skel->progs.on_sys_enter, typed);
	bpf_program__set_autoload(skel->progs.on_sys_exit, typed);
	bpf_program__set_autoload(skel->progs.on_sys_enter_raw, !typed);
	bpf_program__set_autoload(skel->progs.on_sys_exit_raw, !typed);
	skel->rodata->self_tgid = o->self_tgid;
	skel->rodata->trace_all = o->trace_all;
	skel->rodata->string_cap = o->string_cap;
	skel->rodata->buffer_cap = o->buffer_cap;
	/* below a quarter of the buffer pending, the reader is not woken per record */
	skel->rodata->wakeup_bytes = o->ringbuf_bytes / 4;
	err = bpf_map__set_max_entries(skel->maps.events, o->ringbuf_bytes);
	if (!err)
		err = collector_bpf__load(skel);
	if (err) {
		collector_bpf__destroy(skel);
		c->skel = NULL;
	}
	return err;
}

int collector__load(struct collector *c, const struct collector_opts *o,
		    const struct bt_syscall_rules *rules)
{
	int err;

	memset(c, 0, sizeof(*c));
	libbpf_debug = o->debug;
	libbpf_set_print(print_libbpf);
	c->nr_cpus = libbpf_num_possible_cpus();
	if (c->nr_cpus < 0)
		return c->nr_cpus;
	/* probe by trying: a kernel that cannot attach tp_btf here gets raw_tp */
	err = open_and_load(c, o, true);
	if (err && err != -EPERM)
		err = open_and_load(c, o, false);
	if (err)
		return err;
	return collector__set_rules(c, rules);
}

int collector__set_rules(struct collector *c, const struct bt_syscall_rules *rules)
{
	static __u32 keys[BT_MAX_SYSCALLS];
	__u32 count = BT_MAX_SYSCALLS;
	int err;

	for (__u32 nr = 0; nr < BT_MAX_SYSCALLS; nr++)
		keys[nr] = nr;
	/* one syscall for the whole map; per-element updates where batches are missing */
	err = bpf_map_update_batch(bpf_map__fd(c->skel->maps.beauty_map), keys, rules, &count,
				   NULL);
	if (!err)
		return 0;
	for (__u32 nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		err = bpf_map__update_elem(c->skel->maps.beauty_map, &nr, sizeof(nr), &rules[nr],
					   sizeof(rules[nr]), BPF_ANY);
		if (err)
			return err;
	}
	return 0;
}

int collector__add_proc(struct collector *c, __u32 tgid, enum bt_proc_state state)
{
	struct bt_proc proc = {.state = state};

	return bpf_map__update_elem(c->skel->maps.traced_procs, &tgid, sizeof(tgid), &proc,
				    sizeof(proc), BPF_ANY);
}

int collector__attach(struct collector *c)
{
	return collector_bpf__attach(c->skel);
}

void collector__detach(struct collector *c)
{
	if (c->skel)
		collector_bpf__detach(c->skel);
}

int collector__open_reader(struct collector *c, record_fn fn, void *ctx)
{
	c->rb = ring_buffer__new(bpf_map__fd(c->skel->maps.events), fn, ctx, NULL);
	return c->rb ? 0 : (errno ? -errno : -ENOMEM);
}

int collector__poll_fd(const struct collector *c)
{
	return ring_buffer__epoll_fd(c->rb);
}

int collector__consume(struct collector *c)
{
	return ring_buffer__consume(c->rb);
}

int collector__stats(const struct collector *c, struct bt_stats *sum)
{
	struct bt_stats *percpu;
	__u32 zero = 0;
	int err;

	memset(sum, 0, sizeof(*sum));
	percpu = calloc(c->nr_cpus, sizeof(*percpu));
	if (!percpu)
		return -ENOMEM;
	err = bpf_map__lookup_elem(c->skel->maps.stats_map, &zero, sizeof(zero), percpu,
				   c->nr_cpus * sizeof(*percpu), 0);
	for (int i = 0; !err && i < c->nr_cpus; i++) {
		sum->enter_records += percpu[i].enter_records;
		sum->exit_records += percpu[i].exit_records;
		sum->lost_enter += percpu[i].lost_enter;
		sum->lost_exit += percpu[i].lost_exit;
		sum->ringbuf_bytes += percpu[i].ringbuf_bytes;
	}
	free(percpu);
	return err;
}

void collector__destroy(struct collector *c)
{
	ring_buffer__free(c->rb);
	collector_bpf__destroy(c->skel);
	memset(c, 0, sizeof(*c));
}

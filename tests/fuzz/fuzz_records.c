// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: random ring buffer records through the event reader, the text, JSON and
 * Perfetto decoders and sinks, as a session runs them. Records are input from the kernel that
 * user space must not trust: a collector bug or a cut record must never crash the reader, and
 * every JSON line must stay valid JSON.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "beauty/beauty.h"
#include "catalog/catalog.h"
#include "decode/decode.h"
#include "decode/fd_table.h"
#include "events/events.h"
#include "sinks/sinks.h"
#include "types/types.h"
#include "../unit/json_valid.h"

/*
 * Input layout:
 *   [0]  bit 0 -v, bits 1-2 -X (0 abbrev, 1 raw, 2 verbose), 3 --arg-names, 4 --no-zeros,
 *        5 --pretty, 6 --no-btf, 7 -s from byte 1 (else the default 32)
 *   [1]  -s N
 *   [2]  bits 0-2 --struct-depth, 3-4 -t/-tt/-ttt, 5 -r, 6 -T, 7 --no-pid
 *   [3]  bit 0 -f (thread exits), 1 quiet signals, 2 quiet exits, 3 colours, 4 -y (with a
 *        made-up /proc, so that the output depends on the input alone)
 *   then records, each [u16 little endian][bytes]: bits 0-14 the length (0: the reader goes
 *   idle instead), bit 15 keep hdr.size as the input says; without it hdr.size is set to the
 *   length, so that most records pass the size check and reach the decoders.
 */
#define HEADER_LEN 4
#define REC_LEN_MASK 0x7fff
#define REC_RAW_SIZE 0x8000

/* The tables of a real session: built once, from this machine's tracefs and BTF. */
struct tables {
	struct types types;
	struct beauty beauty;
	struct decoder dec;
};

static struct catalog *cat;
static struct tables *with_btf, *without_btf;

static struct tables *tables_new(bool btf)
{
	struct tables *t = calloc(1, sizeof(*t));
	struct decode_opts o;

	if (!t)
		exit(1);
	if (btf && types__load(&t->types, NULL)) {
		fprintf(stderr, "fuzz_records: no kernel BTF in /sys/kernel/btf/vmlinux\n");
		exit(1);
	}
	beauty__build(&t->beauty, cat, &t->types);
	decode_opts_default(&o);
	o.no_btf = !btf;
	if (decoder__init(&t->dec, cat, &t->beauty, &t->types, &o))
		exit(1);
	return t;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char tracefs[256];

	cat = calloc(1, sizeof(*cat));
	if (!cat)
		exit(1);
	/* without tracefs (not root) every syscall prints raw, which is still worth fuzzing */
	catalog__load(cat, tracefs_find(tracefs, sizeof(tracefs)) == 0 ? tracefs : NULL);
	with_btf = tables_new(true);
	without_btf = tables_new(false);
	return 0;
}

/* Every call goes to all three sinks, each writing into memory. */
struct sinks {
	struct sink text, json, perfetto;
};

static void on_call(void *ctx, const struct call *call)
{
	struct sinks *s = ctx;

	sink__on_call(&s->text, call);
	sink__on_call(&s->json, call);
	sink__on_call(&s->perfetto, call);
	/* as the session does, after the call's lines */
	decode_track_fds(s->text.text.dec, call);
}

/* -y's /proc: a path for small fds, nothing for the others, the same every run. */
static ssize_t fake_readlink(__u32 tid, int fd, char *buf, size_t size)
{
	int n;

	if (fd > 16)
		return -1;
	if (fd < 0)
		n = snprintf(buf, size, "/cwd/%u", tid);
	else
		n = snprintf(buf, size, "/proc-says/%u/%d", tid, fd);
	/* readlink's way: the bytes written, no NUL counted */
	return n < (int)size ? n : (ssize_t)size - 1;
}

static void set_options(const uint8_t *h, struct decoder *dec, struct text_sink_opts *to)
{
	struct decode_opts *o = &dec->opts;
	bool no_btf = o->no_btf;

	decode_opts_default(o);
	o->no_btf = no_btf;
	o->verbose = h[0] & 1;
	o->xlat = (h[0] >> 1) & 3;
	if (o->xlat > WR_XLAT_VERBOSE)
		o->xlat = WR_XLAT_ABBREV;
	o->arg_names = h[0] & 0x08;
	o->no_zeros = h[0] & 0x10;
	o->pretty = h[0] & 0x20;
	if (h[0] & 0x80)
		o->string_limit = h[1];
	o->struct_depth = h[2] & 7;
	o->decode_fds = h[3] & 0x10;

	memset(to, 0, sizeof(*to));
	to->ts = (h[2] >> 3) & 3;
	to->relative = h[2] & 0x20;
	to->show_duration = h[2] & 0x40;
	to->no_pid = h[2] & 0x80;
	to->thread_exits = h[3] & 1;
	to->quiet_signals = h[3] & 2;
	to->quiet_exits = h[3] & 4;
	to->color = h[3] & 8 ? COLOR_ALWAYS : COLOR_NEVER;
}

/* Feeds the records of the input to the reader, each in a buffer of exactly its size. */
static void feed(struct event_reader *er, const uint8_t *p, const uint8_t *end)
{
	while (end - p >= 2) {
		unsigned int word = p[0] | p[1] << 8;
		size_t len = word & REC_LEN_MASK;
		void *rec;

		p += 2;
		if (!len) {
			event_reader__idle(er);
			continue;
		}
		if (len > (size_t)(end - p))
			len = end - p;
		rec = malloc(len);
		if (!rec)
			return;
		memcpy(rec, p, len);
		if (!(word & REC_RAW_SIZE) && len >= sizeof(struct bt_rec_hdr))
			((struct bt_rec_hdr *)rec)->size = len;
		event_reader__handle(er, rec, len);
		free(rec);
		p += len;
	}
}

static void check_json_lines(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);

		/* every line ends with a newline, and is one JSON value */
		if (!nl || !json_valid(p, nl - p))
			abort();
		p = nl + 1;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct text_sink_opts to;
	struct tables *t;
	struct sinks s;
	struct event_reader *er;
	char *buf[3] = {};
	size_t len[3] = {};
	FILE *out[3];

	if (size < HEADER_LEN)
		return 0;
	t = data[0] & 0x40 ? without_btf : with_btf;
	set_options(data, &t->dec, &to);
	t->dec.fds = NULL;
	if (t->dec.opts.decode_fds) {
		t->dec.fds = fd_table__new(fake_readlink);
		if (!t->dec.fds)
			abort();
	}
	for (int i = 0; i < 3; i++) {
		out[i] = open_memstream(&buf[i], &len[i]);
		if (!out[i])
			abort();
	}
	sink__init(&s.text, SINK_TEXT, out[0], &t->dec, &to);
	sink__init(&s.json, SINK_JSON, out[1], &t->dec, &to);
	sink__init(&s.perfetto, SINK_PERFETTO, out[2], &t->dec, &to);
	er = event_reader__new(on_call, &s);
	if (!er)
		abort();

	feed(er, data + HEADER_LEN, data + size);
	event_reader__finish(er);
	event_reader__free(er);
	fd_table__free(t->dec.fds);
	t->dec.fds = NULL;

	sink__finish(&s.perfetto);
	sink__flush(&s.text);
	sink__flush(&s.json);
	sink__flush(&s.perfetto);
	sink__free(&s.text);
	sink__free(&s.json);
	sink__free(&s.perfetto);
	for (int i = 0; i < 3; i++)
		fclose(out[i]);

	/* FUZZ_RECORDS_SHOW=1 with an input file shows what it decodes to, to read a crash */
	if (getenv("FUZZ_RECORDS_SHOW")) {
		for (int i = 0; i < 3; i++)
			fprintf(stderr, "%.*s\n", (int)len[i], buf[i]);
	}
	/* text escapes every byte it shows: no NUL reaches the output */
	if (memchr(buf[0], '\0', len[0]))
		abort();
	check_json_lines(buf[1], len[1]);
	if (!json_valid(buf[2], len[2]))
		abort();
	for (int i = 0; i < 3; i++)
		free(buf[i]);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/* The session's one sink, whichever format it writes. */
#include <string.h>

#include "sinks/sinks.h"

int sink__init(struct sink *s, enum sink_format format, FILE *out, const struct decoder *dec,
	       const struct text_sink_opts *opts)
{
	memset(s, 0, sizeof(*s));
	s->format = format;
	switch (format) {
	case SINK_JSON:
		return json_sink__init(&s->json, out, dec, opts);
	case SINK_PERFETTO:
		return perfetto_sink__init(&s->perfetto, out, dec, opts);
	case SINK_TEXT:
		break;
	}
	text_sink__init(&s->text, out, dec, opts);
	return 0;
}

void sink__init_split(struct sink *s, const char *prefix, bool append, const struct decoder *dec,
		      const struct text_sink_opts *opts)
{
	memset(s, 0, sizeof(*s));
	s->format = SINK_TEXT;
	s->split = true;
	split_sink__init(&s->separate, prefix, append, dec, opts);
}

void sink__free(struct sink *s)
{
	if (s->split) {
		split_sink__free(&s->separate);
		return;
	}
	switch (s->format) {
	case SINK_JSON:
		json_sink__free(&s->json);
		return;
	case SINK_PERFETTO:
		perfetto_sink__free(&s->perfetto);
		return;
	case SINK_TEXT:
		break;
	}
	text_sink__free(&s->text);
}

void sink__on_call(void *ctx, const struct call *call)
{
	struct sink *s = ctx;

	if (s->split) {
		split_sink__on_call(&s->separate, call);
		return;
	}
	switch (s->format) {
	case SINK_JSON:
		json_sink__on_call(&s->json, call);
		return;
	case SINK_PERFETTO:
		perfetto_sink__on_call(&s->perfetto, call);
		return;
	case SINK_TEXT:
		break;
	}
	text_sink__on_call(&s->text, call);
}

void sink__summary(struct sink *s, struct summary *sum)
{
	switch (s->format) {
	case SINK_JSON:
		json_sink__summary(&s->json, sum);
		return;
	case SINK_PERFETTO:
		return;
	case SINK_TEXT:
		break;
	}
	summary__print(sum, s->text.out);
}

void sink__finish(struct sink *s)
{
	if (s->format == SINK_PERFETTO)
		perfetto_sink__finish(&s->perfetto);
}

int sink__flush(struct sink *s)
{
	if (s->split)
		return split_sink__flush(&s->separate);
	switch (s->format) {
	case SINK_JSON:
		return json_sink__flush(&s->json);
	case SINK_PERFETTO:
		return perfetto_sink__flush(&s->perfetto);
	case SINK_TEXT:
		break;
	}
	return text_sink__flush(&s->text);
}

int sink__write_error(const struct sink *s)
{
	if (s->split)
		return s->separate.write_error;
	switch (s->format) {
	case SINK_JSON:
		return s->json.write_error;
	case SINK_PERFETTO:
		return s->perfetto.write_error;
	case SINK_TEXT:
		break;
	}
	return s->text.write_error;
}

unsigned long long sink__lines(const struct sink *s)
{
	if (s->split)
		return split_sink__lines(&s->separate);
	switch (s->format) {
	case SINK_JSON:
		return s->json.lines;
	case SINK_PERFETTO:
		return s->perfetto.lines;
	case SINK_TEXT:
		break;
	}
	return s->text.lines;
}

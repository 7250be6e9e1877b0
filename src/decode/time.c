// SPDX-License-Identifier: GPL-2.0
/*
 * Time: the comments strace adds to what a number of seconds or clock ticks means (a date,
 * a duration), which BTF cannot say of a long.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "decode/decode.h"
#include "decode/hand.h"
#include "xlat_tables.h"

/* A time_t as a date, strace's way: 2026-11-23T17:55:51+0000 (local time); false if none. */
static bool format_date(char *buf, size_t size, long long secs)
{
	time_t t = (time_t)secs;
	struct tm tm;

	if (!localtime_r(&t, &tm))
		return false;
	return strftime(buf, size, "%FT%T%z", &tm) > 0;
}

/* time()'s tloc: [1795456551 /\* 2026-11-23T17:55:51+0000 *\/]. */
static void print_time_t(const struct decoder *d, struct writer *w, const void *data, size_t len,
			 bool more)
{
	char date[64];
	long long secs;

	w_deref_begin(w);
	if (len < sizeof(secs)) {
		w_name2(w, NULL, "...");
	} else {
		memcpy(&secs, data, sizeof(secs));
		w_s64(w, secs);
		if (format_date(date, sizeof(date), secs))
			w_comment(w, date);
	}
	w_deref_end(w);
}

/* time()'s answer is a date: = 1795456551 (2026-11-23T17:55:51+0000). */
static bool time_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	char date[64];

	if (!format_date(date, sizeof(date), r->value))
		return false;
	w->ops->ret(w, r);
	w->ops->ret_note_begin(w);
	w_name(w, date);
	w->ops->ret_note_end(w);
	return true;
}

/* adjtimex's answer is the clock's state: = 5 (TIME_ERROR). */
static bool adjtimex_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	const char *state = xlat_name(&xlat_adjtimex_state, r->value);

	if (!state)
		return false;
	w->ops->ret(w, r);
	w->ops->ret_note_begin(w);
	w_name(w, state);
	w->ops->ret_note_end(w);
	return true;
}

void hand_put_clock_t(struct writer *w, long long ticks)
{
	long hz = sysconf(_SC_CLK_TCK);
	char text[80];

	if (!ticks || hz <= 0) {
		w_s64(w, ticks);
		return;
	}
	/*
	 * strace's: the ticks, and in a comment (the same under -X verbose, none under -X raw)
	 * in seconds, to the hundredth
	 */
	w_s64(w, ticks);
	if (w_xlat_style(w) == WR_XLAT_RAW)
		return;
	snprintf(text, sizeof(text), "%lld.%02lld s", ticks / hz, ticks % hz * 100 / hz);
	w_comment(w, text);
}

/* A clock_t member of struct tms: tms_utime=30 /\* 0.30 s *\/. */
static void print_clock_t(const struct decoder *d, struct writer *w, const void *data, size_t len,
			  bool more)
{
	long long ticks;

	if (len < sizeof(ticks)) {
		w_name2(w, NULL, "...");
		return;
	}
	memcpy(&ticks, data, sizeof(ticks));
	hand_put_clock_t(w, ticks);
}

/* clang-format off */
static const struct hand_bytes_entry time_bytes[] = {
	{"time", "tloc", print_time_t},
	{"timer_create", "timer_event_spec", hand_print_sigevent},
	{"tms", "tms_utime", print_clock_t},
	{"tms", "tms_stime", print_clock_t},
	{"tms", "tms_cutime", print_clock_t},
	{"tms", "tms_cstime", print_clock_t},
};

static const struct hand_return_entry time_returns[] = {
	{"time", time_return},
	{"adjtimex", adjtimex_return},
	{"clock_adjtime", adjtimex_return},
};
/* clang-format on */

const struct hand_family family_time = {
	.name = "time",
	.bytes = time_bytes,
	.nbytes = sizeof(time_bytes) / sizeof(time_bytes[0]),
	.returns = time_returns,
	.nreturns = sizeof(time_returns) / sizeof(time_returns[0]),
};

/* SPDX-License-Identifier: GPL-2.0 */
/* Turns a call's raw words and captured bytes into JSON values: the walk of decode.c, as data. */
#ifndef BTFTRACE_DECODE_JSON_H
#define BTFTRACE_DECODE_JSON_H

#include <stdint.h>
#include "decode/arg_printers.h"
#include "decode/btf_printer.h"
#include "decode/decode.h"
#include "decode/outbuf.h"

/*
 * The JSON decoder shows everything captured: the text options that shorten
 * (-s, -v, --struct-depth, --no-zeros) and restyle (-X, --pretty,
 * --arg-names) do not apply; --no-btf does.
 */
struct json_decoder {
	const struct decoder *d;
	struct btf_print_opts po;
	struct outbuf scratch; /* text from the text-only printers, reused */
};

int json_decoder__init(struct json_decoder *jd, const struct decoder *d);
void json_decoder__free(struct json_decoder *jd);

/*
 * Appends the call's arguments as a JSON array, one object per argument
 * (docs/json.md), or null when the enter was not seen. An unfinished call
 * has the arguments up to the first one the kernel fills, as the text shows.
 */
void json_decode_args(struct json_decoder *jd, struct outbuf *ob, const struct call *call);
/* The same arguments as one object: {"dfd":"AT_FDCWD","filename":{"str":...},...}. */
void json_decode_arg_map(struct json_decoder *jd, struct outbuf *ob, const struct call *call);

/*
 * Appends the members that say how the call returned, each after a comma:
 * ,"ret":3 ; ,"ret":-1,"errno":"ENOENT","errno_num":2,"error":"No such file
 * or directory" ; ,"ret":140737..,"ret_hex":"0x7f.." for calls returning an
 * address ; "ret":null with the errno members for the kernel's restart codes.
 * Nothing when exit is NULL.
 */
void json_decode_return(struct json_decoder *jd, struct outbuf *ob, const struct bt_exit_rec *exit);

/*
 * Appends the members of a signal or exit event, each after a comma:
 * ,"signal":"SIGCHLD","signo":17,"siginfo":{...} or
 * ,"status":0,"killed_by":null,"core_dumped":false,"group_dead":true.
 */
void json_decode_event(struct json_decoder *jd, struct outbuf *ob, const struct bt_rec_hdr *hdr);

/*
 * Appends val as the JSON value of the printer's kind: flags as
 * {"raw":N,"names":[...],"rest":N}, a constant as its name (or number), a
 * mode as {"raw":N,"type":"S_IFREG","perm":"0644"}, a signal as its name, an
 * fd as a number, an address as "0x..." (or null). val is the value as its C
 * type holds it; is_signed says how "raw" and unnamed numbers print.
 */
void value_printer_json(struct json_decoder *jd, const struct value_printer *vp, struct outbuf *ob,
			uint64_t val, bool is_signed);

#endif /* BTFTRACE_DECODE_JSON_H */

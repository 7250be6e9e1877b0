/* SPDX-License-Identifier: GPL-2.0 */
/* Decoders written by hand, for data whose layout BTF cannot describe. */
#ifndef BTFTRACE_HAND_H
#define BTFTRACE_HAND_H

#include <stdbool.h>
#include <stddef.h>
#include "decode/outbuf.h"

struct decoder;

/* Prints len captured bytes; more says the capture was cut short. */
typedef void (*hand_decode_fn)(const struct decoder *d, struct outbuf *ob, const void *data,
			       size_t len, bool more);

/* The hand decoder for argument arg of syscall, or NULL. */
hand_decode_fn hand_decoder_find(const char *syscall, const char *arg);

/* sockaddr by family: {sa_family=AF_INET, sin_port=htons(9), sin_addr=inet_addr("127.0.0.1")} */
void hand_print_sockaddr(const struct decoder *d, struct outbuf *ob, const void *data, size_t len,
			 bool more);

#endif /* BTFTRACE_HAND_H */

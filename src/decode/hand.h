/* SPDX-License-Identifier: GPL-2.0 */
/* Decoders written by hand, for data whose layout or meaning BTF cannot describe. */
#ifndef BTFTRACE_HAND_H
#define BTFTRACE_HAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "bpf/record.h"
#include "decode/outbuf.h"

struct decoder;

/*
 * A byte decoder: prints len captured bytes of one argument (or struct
 * member) whose layout BTF cannot give; more says the capture was cut short.
 */
typedef void (*hand_decode_fn)(const struct decoder *d, struct outbuf *ob, const void *data,
			       size_t len, bool more);

/* One call as a call decoder sees it. */
struct hand_call {
	const struct decoder *d;
	int nr;
	const struct bt_enter_rec *enter; /* never NULL */
	const struct bt_exit_rec *exit;	  /* NULL while the call has not returned */
};

enum hand_result {
	HAND_PRINTED, /* the decoder printed the argument */
	HAND_DEFAULT, /* print it the generic way (nothing was printed) */
	HAND_OMIT,    /* leave the argument out, separator and all: unused by this call */
};

/*
 * A call decoder: prints argument i of a call whose meaning another argument
 * decides (ioctl's arg by cmd, setsockopt's optval by level and optname).
 */
typedef enum hand_result (*hand_arg_fn)(struct outbuf *ob, const struct hand_call *hc, int i);

/* A return decoder: prints the return value of a call that succeeded, or returns false. */
typedef bool (*hand_return_fn)(struct outbuf *ob, const struct hand_call *hc);

/* Decoders of argument arg of syscall (or member arg of struct syscall), or NULL. */
hand_decode_fn hand_decoder_find(const char *syscall, const char *arg);
hand_arg_fn hand_arg_decoder_find(const char *syscall, const char *arg);
hand_return_fn hand_return_decoder_find(const char *syscall);

/* In decode.c: */

/* What was read of argument i at enter (an input read late counts), or NULL: none or a fault. */
const struct bt_capture *hand_call_in(const struct hand_call *hc, int i);
/* What was read of argument i at exit, or NULL: not returned, failed, none, or a fault. */
const struct bt_capture *hand_call_out(const struct hand_call *hc, int i);
/* The syscall's name ("syscall_N" for one the catalog does not know). */
const char *hand_call_name(const struct hand_call *hc);
/* The call returned an error. */
bool hand_call_failed(const struct hand_call *hc);
static inline const void *hand_cap_data(const struct bt_capture *cap)
{
	return cap + 1;
}

/* In hand.c, helpers the decoders share: */

/* A value by the named xlat table, as -X asks: a constant or flags. */
void hand_put_xlat(const struct decoder *d, struct outbuf *ob, const char *table, uint64_t val);
/* A signal number, as -X asks: SIGKILL, SIGRTMIN+1, 0. */
void hand_put_signal(const struct decoder *d, struct outbuf *ob, uint64_t sig);
/* readv's and writev's buffers, and msg_iov: [{iov_base="ab", iov_len=2}, ...]. */
void decode_print_iovec(const struct decoder *d, struct outbuf *ob, const struct bt_capture *cap);
/* A pointer argument: NULL or its address in hex. */
void hand_put_pointer(struct outbuf *ob, uint64_t v);
/* A captured int: "[5]"; "[...]" when the capture is too short. */
void hand_put_int(struct outbuf *ob, const struct bt_capture *cap);
/*
 * Prints data as the BTF type named type_name ("struct linger") with the
 * decoder's options and member printers; false (and nothing printed) when
 * BTF lacks the type or len is less than its size.
 */
bool hand_put_btf(const struct decoder *d, struct outbuf *ob, const char *type_name,
		  const void *data, size_t len);

/* sockaddr by family: {sa_family=AF_INET, sin_port=htons(9), sin_addr=inet_addr("127.0.0.1")} */
void hand_print_sockaddr(const struct decoder *d, struct outbuf *ob, const void *data, size_t len,
			 bool more);
/* A signal set: [INT TERM], or ~[...] when more than half the signals are in it. */
void hand_print_sigset(const struct decoder *d, struct outbuf *ob, const void *data, size_t len,
		       bool more);
/* The numbers of the set bits, below limit (or all with limit < 0), space-separated: [0 4]. */
void hand_print_bit_list(struct outbuf *ob, const void *data, size_t len, long limit, bool more);

/* The call decoders of hand_net.c, hand_ioctl.c, hand_bpf.c and hand_proc.c. */
enum hand_result hand_socket_protocol(struct outbuf *ob, const struct hand_call *hc, int i);
enum hand_result hand_sockopt_name(struct outbuf *ob, const struct hand_call *hc, int i);
enum hand_result hand_sockopt_value(struct outbuf *ob, const struct hand_call *hc, int i);
enum hand_result hand_ioctl_arg(struct outbuf *ob, const struct hand_call *hc, int i);
enum hand_result hand_msghdr(struct outbuf *ob, const struct hand_call *hc, int i);
enum hand_result hand_bpf_attr(struct outbuf *ob, const struct hand_call *hc, int i);
enum hand_result hand_perf_attr(struct outbuf *ob, const struct hand_call *hc, int i);
enum hand_result hand_prctl_arg(struct outbuf *ob, const struct hand_call *hc, int i);
enum hand_result hand_fcntl_arg(struct outbuf *ob, const struct hand_call *hc, int i);
enum hand_result hand_futex_arg(struct outbuf *ob, const struct hand_call *hc, int i);
enum hand_result hand_select_arg(struct outbuf *ob, const struct hand_call *hc, int i);
enum hand_result hand_wait_status(struct outbuf *ob, const struct hand_call *hc, int i);
bool hand_select_return(struct outbuf *ob, const struct hand_call *hc);
bool hand_fcntl_return(struct outbuf *ob, const struct hand_call *hc);
bool hand_umask_return(struct outbuf *ob, const struct hand_call *hc);

#endif /* BTFTRACE_HAND_H */

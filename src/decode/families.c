// SPDX-License-Identifier: GPL-2.0
/* The families of hand decoders, in the order their tables are searched. */
#include <stddef.h>

#include "decode/hand.h"

const struct hand_family *const hand_families[] = {
	&family_file,	&family_fs,	&family_xattr, &family_proc,  &family_prctl,
	&family_sched,	&family_signal, &family_time,  &family_net,   &family_sockopt,
	&family_msghdr, &family_poll,	&family_io,    &family_ioctl, &family_bpf,
	&family_ipc,	&family_mem,	&family_keys,  &family_ldt,   NULL,
};

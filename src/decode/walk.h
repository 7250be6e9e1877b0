/* SPDX-License-Identifier: GPL-2.0 */
/* What the walk knows of a syscall's arguments that other parts of decode/ ask too. */
#ifndef BTFTRACE_WALK_H
#define BTFTRACE_WALK_H

#include "decode/decode.h"

/* Arguments of syscall nr: its format's, or all six when it has none. */
int decode_nargs(const struct decoder *d, int nr);
/* The first argument the kernel fills, where an unfinished call stops; nargs if none. */
int decode_first_output_arg(const struct decoder *d, int nr, int nargs);

#endif /* BTFTRACE_WALK_H */

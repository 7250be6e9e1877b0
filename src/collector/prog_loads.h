/* SPDX-License-Identifier: GPL-2.0 */
/* Programs of one object verified at once, on threads of their own (libbpf 1.1 loads them in turn). */
#ifndef BTFTRACE_PROG_LOADS_H
#define BTFTRACE_PROG_LOADS_H

#include <stdbool.h>

/*
 * From now on, and until prog_loads__finish(), the loads this thread asks libbpf for of the
 * programs named in names (a NULL-terminated list, which must outlive the loads) go on on a
 * thread each while libbpf loads the others; libbpf holds a stand-in fd for each meanwhile.
 */
void prog_loads__defer(const char *const *names);
/*
 * Waits for the loads deferred since prog_loads__defer(), puts each program at the fd libbpf
 * holds for it, and stops deferring. 0, or the first failed load's -errno (its fd then stays
 * a stand-in: the object must be destroyed). With install false (libbpf's load failed, and it
 * closed its fds, whose numbers may be another's by now) the programs are only closed.
 */
int prog_loads__finish(bool install);

#endif

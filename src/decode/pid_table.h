/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -Y, --decode-pids: what the pids in calls stand for, kept from the calls seen: each traced
 * thread's name (comm) as its last record had it, and the ids a thread in another PID
 * namespace sees, translated into btftrace's namespace.
 */
#ifndef BTFTRACE_DECODE_PID_TABLE_H
#define BTFTRACE_DECODE_PID_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

/* What a pid in a call names, as strace tells them apart (its enum pid_type). */
enum pid_kind {
	PID_NONE = 0,
	PID_TID,       /* a thread: its name is shown */
	PID_TGID,      /* a process: its name is shown */
	PID_PGID,      /* a process group: translated, no name */
	PID_SID,       /* a session: translated, no name */
	PID_TGID_PGID, /* kill's and wait4's: a process when > 0, the group -pid when < -1 */
};

/*
 * What /proc says of threads, through these, so that tests can say it instead. Thread ids
 * are btftrace's (its PID namespace's); 0 is btftrace itself.
 */
struct pid_source {
	/* the name of thread tid into buf (NUL-terminated, no newline); -1 when it is gone */
	int (*comm)(void *ctx, __u32 tid, char *buf, size_t size);
	/*
	 * The ids of thread tid of the kind (tid, tgid, pgid, sid) in each PID namespace it is
	 * in, btftrace's first, its own last (/proc's NSpid: lines); how many, or -1.
	 */
	int (*ns_ids)(void *ctx, __u32 tid, enum pid_kind kind, int *ids, int max);
	/* the inode of the PID namespace up levels above tid's own (0: its own); 0 if unknown */
	__u64 (*ns_inode)(void *ctx, __u32 tid, int up);
	/* calls fn with every process id (threads too when asked) until it returns true */
	void (*each)(void *ctx, bool threads, bool (*fn)(void *arg, __u32 tid), void *arg);
	void *ctx;
};

struct pid_table;

/* A table that asks /proc through src (NULL: the real /proc). */
struct pid_table *pid_table__new(const struct pid_source *src);
void pid_table__free(struct pid_table *t);

/* A record of thread tid of process tgid was seen, comm its name then. */
void pid_table__note(struct pid_table *t, __u32 tgid, __u32 tid, const char *comm);
/* Thread tid is known to the table (a record of it was seen, or it was noted). */
bool pid_table__known(const struct pid_table *t, __u32 tid);
/*
 * Thread or process tid is gone (a thread that ended, a process reaped): its pid names
 * nothing now, as /proc would say. Its name is kept for the line that says it ended.
 */
void pid_table__forget(struct pid_table *t, __u32 tid);
/* A process ended: forgotten once the table is large, whoever reaps it. */
void pid_table__exited(struct pid_table *t, __u32 tid);

/*
 * The name of thread tid (btftrace's namespace) to show with its pid: what its records
 * said, else what /proc says now; NULL when nobody can say. Valid until the next call on t.
 */
const char *pid_table__comm(struct pid_table *t, __u32 tid);
/*
 * value, an id of the kind (not PID_TGID_PGID) as thread caller sees it, in btftrace's PID
 * namespace: value itself when caller is in btftrace's namespace; 0 when nothing has it.
 */
__u32 pid_table__translate(struct pid_table *t, __u32 caller, int value, enum pid_kind kind);

#endif /* BTFTRACE_DECODE_PID_TABLE_H */

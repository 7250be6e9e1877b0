// SPDX-License-Identifier: GPL-2.0
/*
 * Serving -e inject= at run time: the command's seccomp filter hands btftrace the selected
 * calls (SECCOMP_RET_USER_NOTIF); a thread of btftrace answers each one, with an error or a
 * value, with a signal, after a delay, or by letting it go on, counting invocations per thread
 * as strace does.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/futex.h>
#include <linux/seccomp.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/wait.h>

#include "collector/collector.h"
#include "inject/injector.h"

#ifndef SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV
#define SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV (1UL << 5)
#endif

#define THREAD_BUCKETS 1024
/* How long btftrace waits for the child's wake-up before it looks again (see injector__start) */
#define LISTENER_POLL_MS 10

/* The child's progress, in memory it shares with btftrace until its exec. */
enum child_stage {
	STAGE_WAITING = 0, /* before the filter */
	STAGE_EXECING = 1, /* the filter is in, its next call is the exec */
};

struct shared_page {
	int listener; /* -1 until the child has tried; then its fd, or -errno */
	int stage;    /* enum child_stage */
};

/* One thread's invocation counts, one per injected syscall (inject_plan.slot_of). */
struct thread_counts {
	struct thread_counts *next;
	pid_t tid;
	struct inject_when when[];
};

/* An answer held back by delay_enter=, sent when due. */
struct delayed {
	__u64 due_ns; /* CLOCK_MONOTONIC */
	pid_t tid;
	struct bt_inject_mark mark;
	struct seccomp_notif_resp *resp;
};

struct injector {
	struct injector_opts o;
	struct sock_filter *insns;
	int ninsns;
	struct shared_page *shared;
	pid_t child;
	int listener, stop_fd, timer_fd;
	bool exec_seen;	    /* the command's own exec went past */
	bool listener_gone; /* no task has the filter any more */
	bool thread_started;
	pthread_t thread;
	struct seccomp_notif_sizes sizes;
	struct inject_when *initial; /* per slot: the expression's when, where counting starts */
	pthread_mutex_t lock;	     /* threads[] and pass_through: the session calls in too */
	struct thread_counts *threads[THREAD_BUCKETS];
	bool pass_through;
	struct delayed *delayed;
	int ndelayed, delayed_cap;
};

static __u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

int injector__new(struct injector **out, const struct injector_opts *o)
{
	struct injector *inj = calloc(1, sizeof(*inj));
	int n;

	*out = NULL;
	if (!inj)
		return -ENOMEM;
	inj->o = *o;
	inj->listener = inj->stop_fd = inj->timer_fd = -1;
	pthread_mutex_init(&inj->lock, NULL);
	inj->insns = calloc(INJECT_FILTER_MAX_INSNS, sizeof(*inj->insns));
	inj->initial = calloc(o->plan->nslots ? o->plan->nslots : 1, sizeof(*inj->initial));
	if (!inj->insns || !inj->initial)
		goto nomem;
	n = inject_filter__build(&o->plan->injected, inj->insns, INJECT_FILTER_MAX_INSNS);
	if (n < 0) {
		injector__free(inj);
		return n;
	}
	inj->ninsns = n;
	for (int nr = 0; nr < BT_MAX_SYSCALLS; nr++) {
		int slot = o->plan->slot_of[nr];

		if (slot >= 0)
			inj->initial[slot] = o->plan->spec->exprs[o->plan->expr_of[nr]].action.when;
	}
	inj->shared = mmap(NULL, sizeof(*inj->shared), PROT_READ | PROT_WRITE,
			   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (inj->shared == MAP_FAILED) {
		inj->shared = NULL;
		goto nomem;
	}
	inj->shared->listener = -1;
	inj->shared->stage = STAGE_WAITING;
	*out = inj;
	return 0;
nomem:
	injector__free(inj);
	return -ENOMEM;
}

pid_t injector__fork(struct injector *inj)
{
	/*
	 * fork(), but the child shares btftrace's table of fds until its exec (which gives it a
	 * table of its own): the listener its seccomp() returns is btftrace's as it is made,
	 * with no call of the child's to pass it on, a call the filter could hold.
	 */
	return syscall(SYS_clone, CLONE_FILES | SIGCHLD, 0, NULL, NULL, 0);
}

static void futex_wake(int *word)
{
	syscall(SYS_futex, word, FUTEX_WAKE, 1, NULL, NULL, 0);
}

void injector__child_install(struct injector *inj)
{
	struct sock_fprog prog = {.len = inj->ninsns, .filter = inj->insns};
	/*
	 * SPEC_ALLOW: where the kernel mitigates Speculative Store Bypass for seccomp tasks
	 * (spec_store_bypass_disable=seccomp, the default before Linux 5.16), a filter would
	 * slow every instruction the command runs. The filter is the tracer's, not the
	 * command's: tracing must not change how the command's CPU runs.
	 */
	unsigned long flags = SECCOMP_FILTER_FLAG_NEW_LISTENER |
			      SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV |
			      SECCOMP_FILTER_FLAG_SPEC_ALLOW;
	int fd;

	for (;;) {
		fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &prog);
		/* before Linux 5.19: signals may cut a wait for btftrace short, as under strace */
		if (fd < 0 && errno == EINVAL && (flags & SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV)) {
			flags &= ~SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV;
			continue;
		}
		/* without CAP_SYS_ADMIN a filter needs no_new_privs, set only when needed */
		if (fd < 0 && errno == EACCES && !prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) &&
		    !prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
			continue;
		break;
	}
	__atomic_store_n(&inj->shared->listener, fd < 0 ? -errno : fd, __ATOMIC_SEQ_CST);
	/* the filter may hold this call until btftrace, which looks again soon, has the fd */
	futex_wake(&inj->shared->listener);
	if (fd < 0)
		_exit(127);
	__atomic_store_n(&inj->shared->stage, STAGE_EXECING, __ATOMIC_SEQ_CST);
}

static bool child_gone(pid_t child)
{
	siginfo_t si = {0};

	return waitid(P_PID, child, &si, WEXITED | WNOHANG | WNOWAIT) < 0 || si.si_pid == child;
}

static void *serve(void *arg);

int injector__start(struct injector *inj, pid_t child)
{
	struct timespec wait = {.tv_nsec = LISTENER_POLL_MS * 1000000L};
	int fd, err;

	inj->child = child;
	/*
	 * The child says where its listener is in the shared page, and wakes us. Should its
	 * wake-up be a call the filter holds (-e inject=futex...), nobody would serve it before
	 * we know the fd: the wait ends every LISTENER_POLL_MS to look at the page anyway.
	 */
	while ((fd = __atomic_load_n(&inj->shared->listener, __ATOMIC_SEQ_CST)) == -1) {
		syscall(SYS_futex, &inj->shared->listener, FUTEX_WAIT, -1, &wait, NULL, 0);
		if (__atomic_load_n(&inj->shared->listener, __ATOMIC_SEQ_CST) == -1 &&
		    child_gone(child))
			return -ECHILD;
	}
	if (fd < 0)
		return fd;
	inj->listener = fd;
	if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &inj->sizes) < 0)
		return -errno;
	inj->stop_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	inj->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (inj->stop_fd < 0 || inj->timer_fd < 0)
		return -errno;
	err = pthread_create(&inj->thread, NULL, serve, inj);
	if (err)
		return -err;
	inj->thread_started = true;
	return 0;
}

/* ---------------------------------------------------------------- counting */

static struct thread_counts **bucket(struct injector *inj, pid_t tid)
{
	return &inj->threads[(unsigned int)tid % THREAD_BUCKETS];
}

static struct thread_counts *thread_counts(struct injector *inj, pid_t tid)
{
	struct thread_counts **head = bucket(inj, tid), *t;

	for (t = *head; t; t = t->next) {
		if (t->tid == tid)
			return t;
	}
	t = malloc(sizeof(*t) + inj->o.plan->nslots * sizeof(t->when[0]));
	if (!t)
		return NULL;
	t->tid = tid;
	memcpy(t->when, inj->initial, inj->o.plan->nslots * sizeof(t->when[0]));
	t->next = *head;
	*head = t;
	return t;
}

void injector__thread_exited(struct injector *inj, pid_t tid)
{
	struct thread_counts **p, *t;

	pthread_mutex_lock(&inj->lock);
	for (p = bucket(inj, tid); (t = *p); p = &t->next) {
		if (t->tid == tid) {
			*p = t->next;
			free(t);
			break;
		}
	}
	pthread_mutex_unlock(&inj->lock);
}

void injector__pass_through(struct injector *inj)
{
	pthread_mutex_lock(&inj->lock);
	inj->pass_through = true;
	pthread_mutex_unlock(&inj->lock);
}

/* ---------------------------------------------------------------- answering */

static void send_answer(struct injector *inj, struct seccomp_notif_resp *resp, pid_t tid,
			const struct bt_inject_mark *mark)
{
	/* the mark first: the call may return as soon as it has its answer */
	if (mark && collector__inject_mark(inj->o.coll, tid, mark))
		mark = NULL;
	/* ENOENT: the call is gone (its thread was killed), and with it the need to answer */
	if (ioctl(inj->listener, SECCOMP_IOCTL_NOTIF_SEND, resp) < 0 && mark)
		collector__inject_unmark(inj->o.coll, tid);
}

static void arm_timer(struct injector *inj)
{
	struct itimerspec its = {0};
	__u64 due = UINT64_MAX;

	for (int i = 0; i < inj->ndelayed; i++) {
		if (inj->delayed[i].due_ns < due)
			due = inj->delayed[i].due_ns;
	}
	if (inj->ndelayed) {
		/* 0 would disarm it */
		its.it_value.tv_sec = due / 1000000000ULL;
		its.it_value.tv_nsec = due % 1000000000ULL;
		if (!its.it_value.tv_sec && !its.it_value.tv_nsec)
			its.it_value.tv_nsec = 1;
	}
	timerfd_settime(inj->timer_fd, TFD_TIMER_ABSTIME, &its, NULL);
}

static int hold(struct injector *inj, struct seccomp_notif_resp *resp, pid_t tid,
		const struct bt_inject_mark *mark, __u64 delay_ns)
{
	struct delayed *d;

	if (inj->ndelayed == inj->delayed_cap) {
		int cap = inj->delayed_cap ? 2 * inj->delayed_cap : 16;

		d = realloc(inj->delayed, cap * sizeof(*d));
		if (!d)
			return -ENOMEM;
		inj->delayed = d;
		inj->delayed_cap = cap;
	}
	d = &inj->delayed[inj->ndelayed];
	d->resp = malloc(inj->sizes.seccomp_notif_resp);
	if (!d->resp)
		return -ENOMEM;
	memcpy(d->resp, resp, inj->sizes.seccomp_notif_resp);
	d->tid = tid;
	d->mark = *mark;
	d->due_ns = now_ns() + delay_ns;
	inj->ndelayed++;
	arm_timer(inj);
	return 0;
}

/* Sends the held answers that are due (all of them with all set). */
static void send_due(struct injector *inj, bool all)
{
	__u64 now = now_ns();

	for (int i = 0; i < inj->ndelayed;) {
		struct delayed *d = &inj->delayed[i];

		if (!all && d->due_ns > now) {
			i++;
			continue;
		}
		send_answer(inj, d->resp, d->tid, &d->mark);
		free(d->resp);
		*d = inj->delayed[--inj->ndelayed];
	}
	arm_timer(inj);
}

/*
 * Is this thread's call one btftrace traces? With -f, every task with the filter descends from
 * the command, and is followed; without, only the command's own threads are traced, and its
 * children (which inherit the filter all the same) are let go untouched.
 */
static bool traced(struct injector *inj, pid_t tid)
{
	char path[64];

	if (inj->o.follow_forks || tid == inj->child)
		return true;
	snprintf(path, sizeof(path), "/proc/%d/task/%d", (int)inj->child, (int)tid);
	return access(path, F_OK) == 0;
}

/*
 * The command's calls before its exec are btftrace's own code (strace does not count them
 * either), and its exec is the first call traced: all go on untouched.
 */
static bool before_exec(struct injector *inj, pid_t tid, int nr)
{
	if (inj->exec_seen || tid != inj->child)
		return false;
	if (__atomic_load_n(&inj->shared->stage, __ATOMIC_SEQ_CST) != STAGE_EXECING)
		return true;
	inj->exec_seen = true;
	return nr == SYS_execve || nr == SYS_execveat;
}

/* Decides one call: true when an expression fires on it, with its action in *act. */
static bool fires(struct injector *inj, const struct seccomp_notif *req,
		  const struct inject_action **act)
{
	const struct inject_plan *plan = inj->o.plan;
	int nr = req->data.nr, slot;
	struct thread_counts *t;
	bool fire = false;

	if (req->data.arch != AUDIT_ARCH_X86_64 || nr < 0 || nr >= BT_NR_I386)
		return false;
	slot = plan->slot_of[nr];
	if (slot < 0 || before_exec(inj, req->pid, nr) || !traced(inj, req->pid))
		return false;
	pthread_mutex_lock(&inj->lock);
	if (!inj->pass_through && (t = thread_counts(inj, req->pid)))
		fire = inject_when__step(&t->when[slot]);
	pthread_mutex_unlock(&inj->lock);
	*act = &plan->spec->exprs[plan->expr_of[nr]].action;
	return fire;
}

static void answer(struct injector *inj, const struct seccomp_notif *req,
		   struct seccomp_notif_resp *resp)
{
	const struct inject_action *act = NULL;
	struct bt_inject_mark mark = {.nr = req->data.nr};

	memset(resp, 0, inj->sizes.seccomp_notif_resp);
	resp->id = req->id;
	resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	if (!fires(inj, req, &act)) {
		send_answer(inj, resp, req->pid, NULL);
		return;
	}
	if (act->flags & (INJECT_F_ERROR | INJECT_F_RETVAL)) {
		resp->flags = 0;
		/* the kernel returns error if not 0, else val */
		if (act->flags & INJECT_F_ERROR) {
			resp->error = -act->error;
		} else {
			resp->val = act->retval;
			mark.flags |= BT_INJ_RETVAL;
		}
		mark.flags |= BT_INJ_ANSWERED;
		mark.ret = act->flags & INJECT_F_ERROR ? -act->error : act->retval;
	}
	if (act->flags & INJECT_F_SIGNAL) {
		mark.flags |= BT_INJ_SIGNAL;
		mark.signo = act->signo;
	}
	if (act->flags & INJECT_F_DELAY_ENTER) {
		mark.flags |= BT_INJ_DELAYED;
		/* without memory to hold it, the answer goes now: late is worse than early */
		if (!hold(inj, resp, req->pid, &mark, act->delay_enter_ns))
			return;
	}
	send_answer(inj, resp, req->pid, &mark);
}

static void serve_one(struct injector *inj, struct seccomp_notif *req,
		      struct seccomp_notif_resp *resp)
{
	memset(req, 0, inj->sizes.seccomp_notif);
	/* ENOENT: the call went away (its thread was killed) before it was read */
	if (ioctl(inj->listener, SECCOMP_IOCTL_NOTIF_RECV, req) < 0)
		return;
	answer(inj, req, resp);
}

/*
 * The serving thread. The command's threads wait for it in every selected call, so it runs at
 * the reader's priority, and never blocks but in poll: a delay is a timer, not a sleep, so the
 * other calls are answered meanwhile.
 */
static void *serve(void *arg)
{
	struct injector *inj = arg;
	struct seccomp_notif *req = calloc(1, inj->sizes.seccomp_notif);
	struct seccomp_notif_resp *resp = calloc(1, inj->sizes.seccomp_notif_resp);
	struct pollfd fds[3] = {
		{.fd = inj->stop_fd, .events = POLLIN},
		{.fd = inj->timer_fd, .events = POLLIN},
		{.fd = inj->listener, .events = POLLIN},
	};
	__u64 ticks;

	setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), -20);
	if (!req || !resp)
		goto out;
	for (;;) {
		if (poll(fds, 3, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (fds[0].revents)
			break;
		if (fds[1].revents && read(inj->timer_fd, &ticks, sizeof(ticks)) >= 0)
			send_due(inj, false);
		if (fds[2].revents & POLLIN)
			serve_one(inj, req, resp);
		else if (fds[2].revents & (POLLHUP | POLLERR | POLLNVAL)) {
			/* no task has the filter any more: nothing will come */
			__atomic_store_n(&inj->listener_gone, true, __ATOMIC_SEQ_CST);
			fds[2].fd = -1;
		}
	}
out:
	free(req);
	free(resp);
	return NULL;
}

/* ---------------------------------------------------------------- the end */

/*
 * A process that outlives btftrace with the filter (a daemon the command started; any process
 * of the command once tracing stopped) would get ENOSYS from every selected call once the
 * listener is closed. A small process of its own keeps answering them "go on" until the last
 * task with the filter is gone, then exits.
 */
static void hand_over(struct injector *inj)
{
	struct pollfd p = {.fd = inj->listener, .events = POLLIN};
	struct seccomp_notif *req;
	struct seccomp_notif_resp *resp;
	sigset_t none;
	pid_t pid;
	int null;

	if (poll(&p, 1, 0) >= 0 && (p.revents & (POLLHUP | POLLERR | POLLNVAL)))
		return;
	pid = fork();
	if (pid != 0) {
		if (pid > 0)
			waitpid(pid, NULL, 0);
		return;
	}
	/* its own session, a grandchild: nobody's terminal signals, nobody's zombie */
	setsid();
	if (fork() != 0)
		_exit(0);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	null = open("/dev/null", O_RDWR);
	if (null >= 0) {
		/* btftrace's output and pipes are not kept open by it */
		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
	}
	if (dup2(inj->listener, 3) < 0)
		_exit(1);
	syscall(SYS_close_range, 4, ~0U, 0);
	prctl(PR_SET_NAME, "btftrace-inject", 0, 0, 0);
	req = calloc(1, inj->sizes.seccomp_notif);
	resp = calloc(1, inj->sizes.seccomp_notif_resp);
	if (!req || !resp)
		_exit(1);
	p.fd = 3;
	while (poll(&p, 1, -1) >= 0 || errno == EINTR) {
		if (p.revents & (POLLHUP | POLLERR | POLLNVAL))
			_exit(0);
		if (!(p.revents & POLLIN))
			continue;
		memset(req, 0, inj->sizes.seccomp_notif);
		if (ioctl(3, SECCOMP_IOCTL_NOTIF_RECV, req) < 0)
			continue;
		memset(resp, 0, inj->sizes.seccomp_notif_resp);
		resp->id = req->id;
		resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
		ioctl(3, SECCOMP_IOCTL_NOTIF_SEND, resp);
	}
	_exit(1);
}

void injector__stop(struct injector *inj)
{
	__u64 one = 1;

	if (!inj)
		return;
	if (inj->thread_started) {
		/* an eventfd takes this write unless its count is near 2^64 */
		if (write(inj->stop_fd, &one, sizeof(one)) == sizeof(one))
			pthread_join(inj->thread, NULL);
		else
			pthread_cancel(inj->thread);
		inj->thread_started = false;
		/* what was decided is answered now, without the wait */
		send_due(inj, true);
	}
	if (inj->listener >= 0) {
		hand_over(inj);
		close(inj->listener);
		inj->listener = -1;
	}
}

void injector__free(struct injector *inj)
{
	if (!inj)
		return;
	injector__stop(inj);
	for (int i = 0; i < THREAD_BUCKETS; i++) {
		for (struct thread_counts *t = inj->threads[i], *next; t; t = next) {
			next = t->next;
			free(t);
		}
	}
	for (int i = 0; i < inj->ndelayed; i++)
		free(inj->delayed[i].resp);
	free(inj->delayed);
	if (inj->stop_fd >= 0)
		close(inj->stop_fd);
	if (inj->timer_fd >= 0)
		close(inj->timer_fd);
	if (inj->shared)
		munmap(inj->shared, sizeof(*inj->shared));
	pthread_mutex_destroy(&inj->lock);
	free(inj->initial);
	free(inj->insns);
	free(inj);
}

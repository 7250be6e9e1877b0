// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the hand decoders of IPC, memory, keys, bpf and perf: calls built as the
 * collector's records, with captured bytes made here, decoded through the running kernel's
 * BTF into the line strace 6.1 prints for the same call.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <linux/keyctl.h>

#include "beauty/beauty.h"
#include "decode/decode.h"
#include "call_records.h"
#include "syscall_formats.h"

static struct types types;
static struct catalog *cat;
static struct beauty *beauty;
static struct decoder dec;
static struct outbuf ob;

/* x86_64's numbers of the calls tested. */
enum {
	NR_SEMGET = 64,
	NR_SEMOP = 65,
	NR_SEMCTL = 66,
	NR_SHMDT = 67,
	NR_MSGGET = 68,
	NR_MSGSND = 69,
	NR_MSGRCV = 70,
	NR_MSGCTL = 71,
	NR_SHMGET = 29,
	NR_SHMAT = 30,
	NR_SHMCTL = 31,
	NR_MQ_OPEN = 240,
	NR_MQ_NOTIFY = 244,
	NR_MMAP = 9,
	NR_MREMAP = 25,
	NR_MINCORE = 27,
	NR_MBIND = 237,
	NR_SET_MEMPOLICY = 238,
	NR_GET_MEMPOLICY = 239,
	NR_MOVE_PAGES = 279,
	NR_ADD_KEY = 248,
	NR_REQUEST_KEY = 249,
	NR_KEYCTL = 250,
};

static void format(const char *name, int nargs, const char *const decls[][2])
{
	static int next_nr;
	static const struct {
		const char *name;
		int nr;
	} nrs[] = {
		{"semget", NR_SEMGET},
		{"semop", NR_SEMOP},
		{"semctl", NR_SEMCTL},
		{"shmdt", NR_SHMDT},
		{"msgget", NR_MSGGET},
		{"msgsnd", NR_MSGSND},
		{"msgrcv", NR_MSGRCV},
		{"msgctl", NR_MSGCTL},
		{"shmget", NR_SHMGET},
		{"shmat", NR_SHMAT},
		{"shmctl", NR_SHMCTL},
		{"mq_open", NR_MQ_OPEN},
		{"mq_notify", NR_MQ_NOTIFY},
		{"mmap", NR_MMAP},
		{"mremap", NR_MREMAP},
		{"mincore", NR_MINCORE},
		{"mbind", NR_MBIND},
		{"set_mempolicy", NR_SET_MEMPOLICY},
		{"get_mempolicy", NR_GET_MEMPOLICY},
		{"move_pages", NR_MOVE_PAGES},
		{"add_key", NR_ADD_KEY},
		{"request_key", NR_REQUEST_KEY},
		{"keyctl", NR_KEYCTL},
	};

	next_nr = -1;
	for (size_t i = 0; i < sizeof(nrs) / sizeof(nrs[0]); i++) {
		if (!strcmp(nrs[i].name, name))
			next_nr = nrs[i].nr;
	}
	assert_true(next_nr >= 0);
	catalog_add_format(cat, next_nr, name, nargs, decls);
}

static int setup_with(const struct decode_opts *opts)
{
	cat = calloc(1, sizeof(*cat));
	beauty = calloc(1, sizeof(*beauty));
	if (!cat || !beauty || types__load(&types, NULL))
		return -1;
	FORMAT("semget", {"key_t", "key"}, {"int", "nsems"}, {"int", "semflg"});
	FORMAT("semop", {"int", "semid"}, {"struct sembuf *", "tsops"}, {"unsigned", "nsops"});
	FORMAT("semctl", {"int", "semid"}, {"int", "semnum"}, {"int", "cmd"},
	       {"unsigned long", "arg"});
	FORMAT("shmdt", {"char *", "shmaddr"});
	FORMAT("msgget", {"key_t", "key"}, {"int", "msgflg"});
	FORMAT("msgsnd", {"int", "msqid"}, {"struct msgbuf *", "msgp"}, {"size_t", "msgsz"},
	       {"int", "msgflg"});
	FORMAT("msgrcv", {"int", "msqid"}, {"struct msgbuf *", "msgp"}, {"size_t", "msgsz"},
	       {"long", "msgtyp"}, {"int", "msgflg"});
	FORMAT("msgctl", {"int", "msqid"}, {"int", "cmd"}, {"struct msqid_ds *", "buf"});
	FORMAT("shmget", {"key_t", "key"}, {"size_t", "size"}, {"int", "shmflg"});
	FORMAT("shmat", {"int", "shmid"}, {"char *", "shmaddr"}, {"int", "shmflg"});
	FORMAT("shmctl", {"int", "shmid"}, {"int", "cmd"}, {"struct shmid_ds *", "buf"});
	FORMAT("mq_open", {"const char *", "u_name"}, {"int", "oflag"}, {"umode_t", "mode"},
	       {"struct mq_attr *", "u_attr"});
	FORMAT("mq_notify", {"mqd_t", "mqdes"}, {"const struct sigevent *", "u_notification"});
	FORMAT("mmap", {"unsigned long", "addr"}, {"unsigned long", "len"},
	       {"unsigned long", "prot"}, {"unsigned long", "flags"}, {"unsigned long", "fd"},
	       {"unsigned long", "off"});
	FORMAT("mremap", {"unsigned long", "addr"}, {"unsigned long", "old_len"},
	       {"unsigned long", "new_len"}, {"unsigned long", "flags"},
	       {"unsigned long", "new_addr"});
	FORMAT("mincore", {"unsigned long", "start"}, {"size_t", "len"},
	       {"unsigned char *", "vec"});
	FORMAT("mbind", {"unsigned long", "start"}, {"unsigned long", "len"},
	       {"unsigned long", "mode"}, {"const unsigned long *", "nmask"},
	       {"unsigned long", "maxnode"}, {"unsigned int", "flags"});
	FORMAT("set_mempolicy", {"int", "mode"}, {"const unsigned long *", "nmask"},
	       {"unsigned long", "maxnode"});
	FORMAT("get_mempolicy", {"int *", "policy"}, {"unsigned long *", "nmask"},
	       {"unsigned long", "maxnode"}, {"unsigned long", "addr"}, {"unsigned long", "flags"});
	FORMAT("move_pages", {"pid_t", "pid"}, {"unsigned long", "nr_pages"},
	       {"const void * *", "pages"}, {"const int *", "nodes"}, {"int *", "status"},
	       {"int", "flags"});
	FORMAT("add_key", {"const char *", "_type"}, {"const char *", "_description"},
	       {"const void *", "_payload"}, {"size_t", "plen"}, {"key_serial_t", "ringid"});
	FORMAT("request_key", {"const char *", "_type"}, {"const char *", "_description"},
	       {"const char *", "_callout_info"}, {"key_serial_t", "destringid"});
	FORMAT("keyctl", {"int", "option"}, {"unsigned long", "arg2"}, {"unsigned long", "arg3"},
	       {"unsigned long", "arg4"}, {"unsigned long", "arg5"});
	if (beauty__build(beauty, cat, &types))
		return -1;
	return decoder__init(&dec, cat, beauty, &types, opts);
}

static int setup(void **state)
{
	struct decode_opts opts;

	decode_opts_default(&opts);
	return setup_with(&opts);
}

static int setup_raw(void **state)
{
	struct decode_opts opts;

	decode_opts_default(&opts);
	opts.xlat = WR_XLAT_RAW;
	return setup_with(&opts);
}

static int setup_xverbose(void **state)
{
	struct decode_opts opts;

	decode_opts_default(&opts);
	opts.xlat = WR_XLAT_VERBOSE;
	return setup_with(&opts);
}

static int teardown(void **state)
{
	decoder__free(&dec);
	types__free(&types);
	free(cat);
	free(beauty);
	return 0;
}

/* The whole line of the call, returning ret, " = " right after it. */
static const char *line(__s64 ret)
{
	return call_text_line(&dec, &ob, ret);
}

static const __u64 PTR = 0x7ffc12345678;

static void test_ipc_keys_and_get_flags(void **state)
{
	begin(NR_SEMGET, IPC_PRIVATE, 2, IPC_CREAT | 0600, 0, 0, 0);
	assert_string_equal(line(0), "semget(IPC_PRIVATE, 2, IPC_CREAT|0600) = 0");
	begin(NR_MSGGET, 0xffffffffffffffffULL, 0xffffffff, 0, 0, 0, 0);
	assert_string_equal(line(-2), "msgget(0xffffffff, IPC_CREAT|IPC_EXCL|IPC_NOWAIT|0xfffff000|"
				      "0777) = -1 ENOENT (No such file or directory)");
	/* shmget's huge page size is a number shifted into place */
	begin(NR_SHMGET, 0x7ead, 64, (16U << 26) | IPC_CREAT | SHM_NORESERVE | 0640, 0, 0, 0);
	assert_string_equal(
		line(3), "shmget(0x7ead, 64, IPC_CREAT|SHM_NORESERVE|16<<SHM_HUGE_SHIFT|0640) = 3");
	begin(NR_SHMGET, 0, 64, 0, 0, 0, 0);
	assert_string_equal(line(3), "shmget(IPC_PRIVATE, 64, 000) = 3");
	begin(NR_SHMGET, 0, 64, 0xffffffff, 0, 0, 0);
	assert_string_equal(line(-22),
			    "shmget(IPC_PRIVATE, 64, IPC_CREAT|IPC_EXCL|SHM_HUGETLB|"
			    "SHM_NORESERVE|0x3ffe000|63<<SHM_HUGE_SHIFT|0777) = -1 EINVAL "
			    "(Invalid argument)");
	/* strace 6.1 leaves out the | after unknown bits alone (0x40000000000): btftrace not */
	begin(NR_SEMGET, 0, 0, 0x40000000, 0, 0, 0);
	assert_string_equal(line(-22), "semget(IPC_PRIVATE, 0, 0x40000000|000) = -1 EINVAL "
				       "(Invalid argument)");
}

static void test_ipc_get_flags_raw(void **state)
{
	/* mmap's flags are one value, whose raw form is the number */
	begin(NR_MMAP, 0, 4096, 0, 0xfc000012, -1, 0);
	assert_string_equal(
		line(-9),
		"mmap(NULL, 4096, 0, 0xfc000012, -1, 0) = -1 EBADF (Bad file descriptor)");
	begin(NR_SEMCTL, 0, 0, IPC_STAT, 0, 0, 0);
	assert_string_equal(line(-22), "semctl(0, 0, 0x2, NULL) = -1 EINVAL (Invalid argument)");
	/* a get's flags are fields: the flags, the huge page size, the permissions */
	begin(NR_MSGGET, 0, 0x780, 0, 0, 0, 0);
	assert_string_equal(line(6), "msgget(0, 0x600|0600) = 6");
	begin(NR_SHMGET, 0, 64, 0xffffffff, 0, 0, 0);
	assert_string_equal(line(-22),
			    "shmget(0, 64, 0x3fffe00|63<<26|0777) = -1 EINVAL (Invalid argument)");
	begin(NR_SEMGET, 0, 0, 0x40000000, 0, 0, 0);
	assert_string_equal(line(-22), "semget(0, 0, 0x40000000|000) = -1 EINVAL "
				       "(Invalid argument)");
}

static void test_ipc_get_flags_verbose(void **state)
{
	begin(NR_SHMGET, 0, 64, 0, 0, 0, 0);
	assert_string_equal(line(4), "shmget(0 /* IPC_PRIVATE */, 64, 000) = 4");
	begin(NR_SHMGET, 0, 4096, 0x1380, 0, 0, 0);
	assert_string_equal(line(6), "shmget(0 /* IPC_PRIVATE */, 4096, 0x1200 /* "
				     "IPC_CREAT|SHM_NORESERVE */|0600) = 6");
	begin(NR_SHMGET, 0, 64, 0x40000000, 0, 0, 0);
	assert_string_equal(line(4),
			    "shmget(0 /* IPC_PRIVATE */, 64, 16<<26 /* SHM_HUGE_SHIFT */|000) = 4");
	begin(NR_MMAP, 0, 4096, 0, 0x10, -1, 0);
	assert_string_equal(line(-9),
			    "mmap(NULL, 4096, 0 /* PROT_NONE */, 0x10 /* MAP_FILE|MAP_FIXED "
			    "*/, -1, 0) = -1 EBADF (Bad file descriptor)");
	begin(NR_MMAP, 0, 4096, 0, 0xffffffff, -1, 0);
	assert_string_equal(line(-22),
			    "mmap(NULL, 4096, 0 /* PROT_NONE */, 0xffffffff /* 0xf /* "
			    "MAP_??? */|MAP_FIXED|MAP_ANONYMOUS|MAP_32BIT|MAP_NORESERVE|"
			    "MAP_POPULATE|MAP_NONBLOCK|MAP_GROWSDOWN|MAP_DENYWRITE|"
			    "MAP_EXECUTABLE|MAP_LOCKED|MAP_STACK|MAP_HUGETLB|MAP_SYNC|"
			    "MAP_FIXED_NOREPLACE|0x3e00680|63<<MAP_HUGE_SHIFT */, -1, 0) = "
			    "-1 EINVAL (Invalid argument)");
}

/* The kernel's struct ipc64_perm and the 64-bit ds structs x86_64 uses. */
struct k_perm {
	int key;
	unsigned int uid, gid, cuid, cgid, mode;
	unsigned short seq, pad2;
	unsigned long unused1, unused2;
};

struct k_msqid_ds {
	struct k_perm perm;
	long stime, rtime, ctime;
	unsigned long cbytes, qnum, qbytes;
	int lspid, lrpid;
	unsigned long unused4, unused5;
};

struct k_semid_ds {
	struct k_perm perm;
	long otime;
	unsigned long unused1;
	long ctime;
	unsigned long unused2, nsems, unused3, unused4;
};

static void test_ipc_ctl_by_command(void **state)
{
	struct k_msqid_ds m = {.perm = {.key = 0,
					.uid = 1000,
					.gid = 1000,
					.cuid = 1000,
					.cgid = 0xffffffff,
					.mode = 0600},
			       .stime = 1795455557,
			       .qbytes = 16384,
			       .lspid = 42,
			       .lrpid = 43};
	struct k_semid_ds s = {.perm = {.uid = 1, .gid = 2, .mode = 0640}, .nsems = 2};
	struct msginfo info = {.msgpool = 512000, .msgseg = 65535};

	/* the state the kernel wrote, shown at exit */
	begin(NR_MSGCTL, 6, IPC_STAT, PTR, 0, 0, 0);
	in(2, &m, sizeof(m));
	out(2, &m, sizeof(m));
	assert_string_equal(line(0),
			    "msgctl(6, IPC_STAT, {msg_perm={uid=1000, gid=1000, mode=0600, "
			    "key=0, cuid=1000, cgid=-1}, msg_stime=1795455557, "
			    "msg_rtime=0, msg_ctime=0, msg_qnum=0, msg_qbytes=16384, "
			    "msg_lspid=42, msg_lrpid=43}) = 0");
	/* a failed IPC_STAT wrote nothing: the address */
	begin(NR_MSGCTL, 6, IPC_STAT, PTR, 0, 0, 0);
	in(2, &m, sizeof(m));
	assert_string_equal(line(-22),
			    "msgctl(6, IPC_STAT, 0x7ffc12345678) = -1 EINVAL (Invalid argument)");
	/* IPC_SET: what the caller sets, read at enter */
	begin(NR_MSGCTL, 6, IPC_SET, PTR, 0, 0, 0);
	in(2, &m, sizeof(m));
	out(2, &m, sizeof(m));
	assert_string_equal(line(0),
			    "msgctl(6, IPC_SET, {msg_perm={uid=1000, gid=1000, mode=0600}, "
			    "msg_qbytes=16384}) = 0");
	begin(NR_MSGCTL, 6, IPC_INFO, PTR, 0, 0, 0);
	in(2, &m, sizeof(m));
	memcpy(&m, &info, sizeof(info));
	out(2, &m, sizeof(m));
	assert_string_equal(line(6), "msgctl(6, IPC_INFO, {msgpool=512000, msgmap=0, msgmax=0, "
				     "msgmnb=0, msgmni=0, msgssz=0, msgtql=0, msgseg=65535}) = 6");
	/* IPC_RMID uses no buffer */
	begin(NR_SHMCTL, 6, IPC_RMID, 0, 0, 0, 0);
	assert_string_equal(line(0), "shmctl(6, IPC_RMID, NULL) = 0");
	/* semctl's arg is a number but for the commands that take a struct */
	begin(NR_SEMCTL, 0, 0, GETVAL, 0, 0, 0);
	assert_string_equal(line(2), "semctl(0, 0, GETVAL, NULL) = 2");
	begin(NR_SEMCTL, 0, 0, IPC_RMID, 0x7ead, 0, 0);
	assert_string_equal(line(-22), "semctl(0, 0, IPC_RMID, 0x7ead) = -1 EINVAL (Invalid "
				       "argument)");
	begin(NR_SEMCTL, 0, 0, IPC_STAT, PTR, 0, 0);
	in(3, &s, sizeof(s));
	out(3, &s, sizeof(s));
	assert_string_equal(line(0), "semctl(0, 0, IPC_STAT, {sem_perm={uid=1, gid=2, mode=0640, "
				     "key=0, cuid=0, cgid=0}, sem_otime=0, sem_ctime=0, "
				     "sem_nsems=2}) = 0");
	/* strace reads semctl's struct back even when the call failed */
	begin(NR_SEMCTL, 0, 0, IPC_STAT, PTR, 0, 0);
	in(3, &s, sizeof(s));
	assert_string_equal(line(-22), "semctl(0, 0, IPC_STAT, {sem_perm={uid=1, gid=2, mode=0640, "
				       "key=0, cuid=0, cgid=0}, sem_otime=0, sem_ctime=0, "
				       "sem_nsems=2}) = -1 EINVAL (Invalid argument)");
	begin(NR_SEMCTL, 0, 0, 0xffffffff, 0, 0, 0);
	assert_string_equal(line(-22), "semctl(0, 0, IPC_64|0xfffffeff /* SEM_??? */, NULL) = -1 "
				       "EINVAL (Invalid argument)");
	/* -X: IPC_64 and the command, each on its own */
	dec.opts.xlat = WR_XLAT_RAW;
	assert_string_equal(line(-22), "semctl(0, 0, 0x100|0xfffffeff, NULL) = -1 EINVAL "
				       "(Invalid argument)");
	dec.opts.xlat = WR_XLAT_VERBOSE;
	assert_string_equal(line(-22), "semctl(0, 0, 0x100 /* IPC_64 */|0xfffffeff /* SEM_??? */, "
				       "NULL) = -1 EINVAL (Invalid argument)");
	dec.opts.xlat = WR_XLAT_ABBREV;
}

static void test_ipc_messages_and_segments(void **state)
{
	struct {
		long mtype;
		char mtext[8];
	} msg = {1, "hello"};
	struct {
		long mtype;
		char mtext[40];
	} big_msg = {1, {0}};
	struct sembuf sop[2] = {{0, 1, IPC_NOWAIT | SEM_UNDO}, {1, -1, 0x6000}};

	memset(big_msg.mtext, 'a', sizeof(big_msg.mtext));
	begin(NR_MSGSND, 6, PTR, 5, IPC_NOWAIT, 0, 0);
	capture(&enter_rec, 1, &msg, sizeof(long) + 5, 0, sizeof(long) + 5);
	assert_string_equal(line(0), "msgsnd(6, {mtype=1, mtext=\"hello\"}, 5, IPC_NOWAIT) = 0");
	/*
	 * read up to an unmapped page (the bytes before it kept): the text shows when -s's bytes
	 * of it and one more were there (16 with -s 8 show, as 33 with -s 32 do); strace's first read is a struct msgbuf, the type and 8 bytes, and
	 * shows the message's address when even those ran into the page
	 */
	begin(NR_MSGSND, 6, PTR, 100, 0, 0, 0);
	capture(&enter_rec, 1, &big_msg, sizeof(long) + 40, BT_CAP_FAULT | BT_CAP_PARTIAL,
		sizeof(long) + 100);
	assert_string_equal(line(-EFAULT),
			    "msgsnd(6, {mtype=1, mtext=\"aaaaaaaaaaaaaaaaaaaaaaaaaaaa"
			    "aaaa\"...}, 100, 0) = -1 EFAULT (Bad address)");
	begin(NR_MSGSND, 6, PTR, 100, 0, 0, 0);
	capture(&enter_rec, 1, &big_msg, sizeof(long) + 16, BT_CAP_FAULT | BT_CAP_PARTIAL,
		sizeof(long) + 100);
	assert_string_equal(line(-EFAULT),
			    "msgsnd(6, {mtype=1, mtext=0x7ffc12345680}, 100, 0) = -1 "
			    "EFAULT (Bad address)");
	dec.opts.string_limit = 8;
	assert_string_equal(line(-EFAULT),
			    "msgsnd(6, {mtype=1, mtext=\"aaaaaaaa\"...}, 100, 0) = -1 "
			    "EFAULT (Bad address)");
	begin(NR_MSGSND, 6, PTR, 100, 0, 0, 0);
	capture(&enter_rec, 1, &big_msg, sizeof(long) + 8, BT_CAP_FAULT | BT_CAP_PARTIAL,
		sizeof(long) + 100);
	assert_string_equal(line(-EFAULT),
			    "msgsnd(6, {mtype=1, mtext=0x7ffc12345680}, 100, 0) = -1 "
			    "EFAULT (Bad address)");
	dec.opts.string_limit = 32;
	begin(NR_MSGSND, 6, PTR, 100, 0, 0, 0);
	capture(&enter_rec, 1, &big_msg, sizeof(long), BT_CAP_FAULT | BT_CAP_PARTIAL,
		sizeof(long) + 100);
	assert_string_equal(line(-EFAULT), "msgsnd(6, 0x7ffc12345678, 100, 0) = -1 EFAULT (Bad "
					   "address)");
	/* msgrcv shows msgsz bytes of the text, as strace reads them */
	begin(NR_MSGRCV, 6, PTR, 8, 0, IPC_NOWAIT | MSG_NOERROR, 0);
	out(1, &msg, sizeof(msg));
	assert_string_equal(line(5), "msgrcv(6, {mtype=1, mtext=\"hello\\0\\0\\0\"}, 8, 0, "
				     "MSG_NOERROR|IPC_NOWAIT) = 5");
	begin(NR_MSGRCV, 6, PTR, 8, 0, 0, 0);
	assert_string_equal(line(-42),
			    "msgrcv(6, 0x7ffc12345678, 8, 0, 0) = -1 ENOMSG (No message of desired "
			    "type)");
	begin(NR_SEMOP, 0, PTR, 2, 0, 0, 0);
	in(1, sop, sizeof(sop));
	assert_string_equal(line(0),
			    "semop(0, [{sem_num=0, sem_op=1, sem_flg=SEM_UNDO|IPC_NOWAIT}, "
			    "{sem_num=1, sem_op=-1, sem_flg=0x6000 /* SEM_??? */}], 2) = 0");
	/* an address to attach at, not a string */
	begin(NR_SHMAT, 6, PTR, SHM_RDONLY, 0, 0, 0);
	assert_string_equal(line(0x7f0000001000),
			    "shmat(6, 0x7ffc12345678, SHM_RDONLY) = 0x7f0000001000");
	begin(NR_SHMDT, PTR, 0, 0, 0, 0, 0);
	assert_string_equal(line(0), "shmdt(0x7ffc12345678) = 0");
}

static void test_mq_open_and_notify(void **state)
{
	long attr[8] = {O_NONBLOCK, 2, 32, 0};
	struct {
		unsigned long sival;
		int signo, notify;
		int tid, pad[7];
	} sev = {0, SIGUSR2, 0 /* SIGEV_SIGNAL */};

	/* mode and attributes only count with O_CREAT */
	begin(NR_MQ_OPEN, PTR, O_RDONLY, 0644, PTR, 0, 0);
	in(0, "q", 2);
	assert_string_equal(line(-2), "mq_open(\"q\", O_RDONLY) = -1 ENOENT (No such file or "
				      "directory)");
	begin(NR_MQ_OPEN, PTR, O_RDWR | O_CREAT, 0600, PTR, 0, 0);
	in(0, "q", 2);
	in(3, attr, sizeof(attr));
	assert_string_equal(line(3), "mq_open(\"q\", O_RDWR|O_CREAT, 0600, {mq_flags=O_NONBLOCK, "
				     "mq_maxmsg=2, mq_msgsize=32, mq_curmsgs=0}) = 3");
	begin(NR_MQ_NOTIFY, 3, PTR, 0, 0, 0, 0);
	in(1, &sev, 32);
	assert_string_equal(line(0),
			    "mq_notify(3, {sigev_signo=SIGUSR2, sigev_notify=SIGEV_SIGNAL}) "
			    "= 0");
	sev.sival = 0x1234;
	sev.notify = 4; /* SIGEV_THREAD_ID */
	sev.tid = 42;
	begin(NR_MQ_NOTIFY, 3, PTR, 0, 0, 0, 0);
	in(1, &sev, 32);
	assert_string_equal(line(0),
			    "mq_notify(3, {sigev_value={sival_int=4660, sival_ptr=0x1234}, "
			    "sigev_signo=SIGUSR2, sigev_notify=SIGEV_THREAD_ID, "
			    "sigev_notify_thread_id=42}) = 0");
	/* a kind that sends no signal: the number as it is */
	sev.sival = 0;
	sev.notify = 0x7ead;
	sev.signo = -1;
	begin(NR_MQ_NOTIFY, 3, PTR, 0, 0, 0, 0);
	in(1, &sev, 32);
	assert_string_equal(line(-22), "mq_notify(3, {sigev_signo=4294967295, sigev_notify=0x7ead "
				       "/* SIGEV_??? */}) = -1 EINVAL (Invalid argument)");
}

static void test_mmap_flags_and_mremap(void **state)
{
	begin(NR_MMAP, 0, 4096, 3, 0x22 | (21U << 26), -1, 0);
	assert_string_equal(line(0x7f0000000000), "mmap(NULL, 4096, PROT_READ|PROT_WRITE, "
						  "MAP_PRIVATE|MAP_ANONYMOUS|21<<MAP_HUGE_SHIFT, "
						  "-1, 0) = 0x7f0000000000");
	/* type 0 is MAP_FILE; an unknown type in hex; strace's mask drops the upper half */
	begin(NR_MMAP, 0, 4096, 0, 0xffffffffffffffefULL, -1, 0);
	assert_string_equal(line(-22),
			    "mmap(NULL, 4096, PROT_NONE, 0xf /* MAP_??? */|MAP_ANONYMOUS|MAP_32BIT|"
			    "MAP_NORESERVE|MAP_POPULATE|MAP_NONBLOCK|MAP_GROWSDOWN|MAP_DENYWRITE|"
			    "MAP_EXECUTABLE|MAP_LOCKED|MAP_STACK|MAP_HUGETLB|MAP_SYNC|"
			    "MAP_FIXED_NOREPLACE|0x3e00680|63<<MAP_HUGE_SHIFT, -1, 0) = -1 EINVAL "
			    "(Invalid argument)");
	/* new_addr counts only with MREMAP_MAYMOVE|MREMAP_FIXED */
	begin(NR_MREMAP, 0x200000000000, 4096, 8192, 1, 0, 0);
	assert_string_equal(line(0x7f0000000000), "mremap(0x200000000000, 4096, 8192, "
						  "MREMAP_MAYMOVE) = 0x7f0000000000");
	begin(NR_MREMAP, 0x200000000000, 4096, 4096, 3, 0x200000008000, 0);
	assert_string_equal(line(0x200000008000),
			    "mremap(0x200000000000, 4096, 4096, MREMAP_MAYMOVE|MREMAP_FIXED, "
			    "0x200000008000) = 0x200000008000");
	/* flags of an unsigned long: no sign to take back */
	begin(NR_MREMAP, 0x200000000000, 4096, 4096, -1, 0, 0);
	assert_string_equal(line(-22),
			    "mremap(0x200000000000, 4096, 4096, MREMAP_MAYMOVE|"
			    "MREMAP_FIXED|MREMAP_DONTUNMAP|0xfffffffffffffff8, NULL) = -1 "
			    "EINVAL (Invalid argument)");
}

static void test_numa_policies(void **state)
{
	uint64_t mask[2] = {1, 0};
	int policy = 2; /* MPOL_BIND */
	int nodes[2] = {0, 1}, status[2] = {0, -14};
	uint64_t pages[2] = {0, 0x7f0000001000};
	unsigned char vec[3] = {1, 0, 3};

	begin(NR_MBIND, 0x200000000000, 4096, 1 /* MPOL_PREFERRED */, PTR, 64, 2);
	in(3, mask, 8);
	assert_string_equal(line(0), "mbind(0x200000000000, 4096, MPOL_PREFERRED, "
				     "[0x00000000000001], 64, MPOL_MF_MOVE) = 0");
	/* a mode with flags, and one no name knows: then the whole word is flags */
	begin(NR_SET_MEMPOLICY, 2 | (1 << 15), PTR, 66, 0, 0, 0);
	in(1, mask, 16);
	assert_string_equal(line(0), "set_mempolicy(MPOL_BIND|MPOL_F_STATIC_NODES, "
				     "[0x00000000000001, 0000000000000000], 66) = 0");
	begin(NR_SET_MEMPOLICY, 0x7ead, 0, 0, 0, 0, 0);
	assert_string_equal(line(-22), "set_mempolicy(MPOL_F_RELATIVE_NODES|MPOL_F_NUMA_BALANCING|"
				       "0x1ead, NULL, 0) = -1 EINVAL (Invalid argument)");
	/* maxnode 1: no bits, and strace shows the address */
	begin(NR_SET_MEMPOLICY, 0x1a4, PTR, 1, 0, 0, 0);
	in(1, mask, 0);
	assert_string_equal(line(-22), "set_mempolicy(0x1a4 /* MPOL_??? */, 0x7ffc12345678, 1) = "
				       "-1 EINVAL (Invalid argument)");
	begin(NR_GET_MEMPOLICY, PTR, PTR + 8, 64, 0, 0, 0);
	out(0, &policy, sizeof(policy));
	out(1, mask, 8);
	assert_string_equal(line(0),
			    "get_mempolicy([MPOL_BIND], [0x00000000000001], 64, NULL, 0) = "
			    "0");
	begin(NR_GET_MEMPOLICY, PTR, PTR + 8, 0, 0, 0, 0);
	assert_string_equal(line(-22), "get_mempolicy(0x7ffc12345678, [], 0, NULL, 0) = -1 EINVAL "
				       "(Invalid argument)");
	begin(NR_MINCORE, 0x200000000000, 8193, PTR, 0, 0, 0);
	out(2, vec, sizeof(vec));
	assert_string_equal(line(0), "mincore(0x200000000000, 8193, [1, 0, 1]) = 0");
	begin(NR_MOVE_PAGES, 0, 2, PTR, PTR + 16, PTR + 32, 0);
	in(2, pages, sizeof(pages));
	in(3, nodes, sizeof(nodes));
	out(4, status, sizeof(status));
	assert_string_equal(line(0),
			    "move_pages(0, 2, [NULL, 0x7f0000001000], [0, 1], [0, -EFAULT], "
			    "0) = 0");
	/* an array cut at an unmapped page: strace's comment, the first element not read */
	begin(NR_MOVE_PAGES, 0, 2, PTR, PTR + 16, PTR + 32, 0);
	capture(&enter_rec, 2, pages, 8, BT_CAP_TRUNCATED | BT_CAP_PARTIAL, 16);
	in(3, nodes, sizeof(nodes));
	assert_string_equal(line(-14), "move_pages(0, 2, [NULL, ... /* 0x7ffc12345680 */], [0, 1], "
				       "0x7ffc12345698, 0) = -1 EFAULT (Bad address)");
	/* a count whose size overflows: the addresses */
	begin(NR_MOVE_PAGES, 0, -1, PTR, PTR + 16, PTR + 32, 0);
	assert_string_equal(line(-14),
			    "move_pages(0, 18446744073709551615, 0x7ffc12345678, "
			    "0x7ffc12345688, 0x7ffc12345698, 0) = -1 EFAULT (Bad address)");
}

static void test_keys(void **state)
{
	static const char desc[] = "user;1000;1000;3f010000;diff:key";
	char longname[64];

	memset(longname, 'y', sizeof(longname));
	begin(NR_ADD_KEY, PTR, PTR + 8, PTR + 16, 7, -2, 0);
	in(0, "user", 5);
	/* not a path: -s cuts it */
	capture(&enter_rec, 1, longname, sizeof(longname), BT_CAP_TRUNCATED, 0);
	in(2, "payload", 7);
	assert_string_equal(line(86778876),
			    "add_key(\"user\", \"yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\"..., "
			    "\"payload\", 7, KEY_SPEC_PROCESS_KEYRING) = 86778876");
	begin(NR_REQUEST_KEY, PTR, PTR + 8, 0, 0, 0, 0);
	in(0, "user", 5);
	in(1, "missing", 8);
	assert_string_equal(line(-126), "request_key(\"user\", \"missing\", NULL, 0) = -1 ENOKEY "
					"(Required key not available)");
	/* the arguments each command uses, as it uses them */
	begin(NR_KEYCTL, KEYCTL_GET_KEYRING_ID, -3, 0, 0, 0, 0);
	assert_string_equal(line(917095235), "keyctl(KEYCTL_GET_KEYRING_ID, "
					     "KEY_SPEC_SESSION_KEYRING, 0) = 917095235");
	begin(NR_KEYCTL, KEYCTL_READ, 86778876, PTR, 64, 0, 0);
	out(2, "payload", 7);
	assert_string_equal(line(7), "keyctl(KEYCTL_READ, 86778876, \"payload\", 64) = 7");
	/* DESCRIBE's string without its NUL; the buffer holds no more than its size */
	begin(NR_KEYCTL, KEYCTL_DESCRIBE, 86778876, PTR, 16, 0, 0);
	out(2, desc, 16);
	assert_string_equal(line(sizeof(desc)), "keyctl(KEYCTL_DESCRIBE, 86778876, "
						"\"user;1000;1000;3\", 16) = 33");
	begin(NR_KEYCTL, KEYCTL_READ, 86778876, PTR, 64, 0, 0);
	assert_string_equal(line(-13), "keyctl(KEYCTL_READ, 86778876, 0x7ffc12345678, 64) = -1 "
				       "EACCES (Permission denied)");
	begin(NR_KEYCTL, KEYCTL_REVOKE, 86778876, 0, 0, 0, 0);
	assert_string_equal(line(0), "keyctl(KEYCTL_REVOKE, 86778876) = 0");
	begin(NR_KEYCTL, KEYCTL_SEARCH, -4, PTR, PTR + 8, 0, 0);
	in(2, "user\0garbage", 13);
	in(3, "diff:key", 9);
	assert_string_equal(line(-126),
			    "keyctl(KEYCTL_SEARCH, KEY_SPEC_USER_KEYRING, \"user\", "
			    "\"diff:key\", 0) = -1 ENOKEY (Required key not available)");
	begin(NR_KEYCTL, 0x7ead, 0, 1, 0x7ead, 0, 0);
	assert_string_equal(line(-95), "keyctl(0x7ead /* KEYCTL_??? */, 0, 0x1, 0x7ead, 0) = -1 "
				       "EOPNOTSUPP (Operation not supported)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_ipc_keys_and_get_flags, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ipc_get_flags_raw, setup_raw, teardown),
		cmocka_unit_test_setup_teardown(test_ipc_get_flags_verbose, setup_xverbose,
						teardown),
		cmocka_unit_test_setup_teardown(test_ipc_ctl_by_command, setup, teardown),
		cmocka_unit_test_setup_teardown(test_ipc_messages_and_segments, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mq_open_and_notify, setup, teardown),
		cmocka_unit_test_setup_teardown(test_mmap_flags_and_mremap, setup, teardown),
		cmocka_unit_test_setup_teardown(test_numa_policies, setup, teardown),
		cmocka_unit_test_setup_teardown(test_keys, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

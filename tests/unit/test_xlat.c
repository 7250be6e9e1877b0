/* Unit tests of the generated xlat tables and of their printers (src/decode/xlat.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <termios.h>
#include <linux/futex.h>
#include <linux/io_uring.h>

#include "base/writer.h"
#include "base/xlat.h"
#include "xlat_tables.h"

/* Formats with a roomy buffer and checks the text and the returned length together. */
#define assert_formats(expect, call_with_buf_size)   \
	do {                                         \
		char buf[256];                       \
		size_t size = sizeof(buf);           \
		size_t n = call_with_buf_size;       \
		assert_string_equal(buf, expect);    \
		assert_int_equal(n, strlen(expect)); \
	} while (0)

static const struct xlat *table(const char *name)
{
	const struct xlat *x = xlat_find(name);

	if (!x)
		fail_msg("no xlat table named %s", name);
	return x;
}

static void test_flags_with_leftover_bits(void **state)
{
	const struct xlat *prot = table("mmap_prot");

	assert_formats("PROT_READ|PROT_WRITE",
		       xlat_format(buf, size, prot, PROT_READ | PROT_WRITE));
	assert_formats("PROT_READ|PROT_EXEC|0x100000",
		       xlat_format(buf, size, prot, PROT_READ | PROT_EXEC | 0x100000));
	/*
	 * Leftovers print as one number, whatever bits they are spread over; when no name took
	 * any bit, with strace's comment of the table's prefix.
	 */
	assert_formats("0x80100000 /* PROT_??? */", xlat_format(buf, size, prot, 0x80100000));
	assert_formats("MSG_PEEK|MSG_DONTWAIT|0x800000000",
		       xlat_format(buf, size, table("msg_flags"),
				   MSG_PEEK | MSG_DONTWAIT | 0x800000000ULL));
	/* in the table's order, which is strace's, not the bits' */
	assert_formats("SFD_CLOEXEC|SFD_NONBLOCK|0xfff7f7ff",
		       xlat_format(buf, size, table("signalfd_flags"), 0xffffffff));
}

/* strace's msg_flags: the kernel's names (MSG_PROBE, not glibc's MSG_PROXY) and its internal ones. */
static void test_msg_flags_strace_names(void **state)
{
	const char *expect =
		"MSG_OOB|MSG_PEEK|MSG_DONTROUTE|MSG_CTRUNC|MSG_PROBE|MSG_TRUNC|"
		"MSG_DONTWAIT|MSG_EOR|MSG_WAITALL|MSG_FIN|MSG_SYN|MSG_CONFIRM|MSG_RST|"
		"MSG_ERRQUEUE|MSG_NOSIGNAL|MSG_MORE|MSG_WAITFORONE|MSG_SENDPAGE_NOTLAST|"
		"MSG_BATCH|MSG_NO_SHARED_FRAGS|MSG_ZEROCOPY|MSG_FASTOPEN|"
		"MSG_CMSG_CLOEXEC|MSG_CMSG_COMPAT|0x1bf00000";
	char text[512];

	assert_int_equal(xlat_format(text, sizeof(text), table("msg_flags"), 0xffffffff),
			 strlen(expect));
	assert_string_equal(text, expect);
}

/* setsockopt's level: strace's comment for an unknown one has two '?'. */
static void test_socket_levels_unknown(void **state)
{
	assert_formats("SOL_SOCKET", xlat_format(buf, size, table("socket_levels"), 1));
	assert_formats("0x7ead /* SOL_?? */",
		       xlat_format(buf, size, table("socket_levels"), 0x7ead));
}

static void test_flags_zero(void **state)
{
	/* A zero entry names zero, and only zero. */
	assert_formats("PROT_NONE", xlat_format(buf, size, table("mmap_prot"), 0));
	assert_formats("PROT_READ", xlat_format(buf, size, table("mmap_prot"), PROT_READ));
	assert_formats("F_OK", xlat_format(buf, size, table("access_modes"), F_OK));
	assert_formats("R_OK|X_OK", xlat_format(buf, size, table("access_modes"), R_OK | X_OK));
	/* Without one, zero is "0". */
	assert_formats("0", xlat_format(buf, size, table("msg_flags"), 0));
}

static void test_flags_masks_match_whole(void **state)
{
	const struct xlat *mmap_flags = table("mmap_flags");
	const struct xlat *statx = table("statx_mask");
	uint64_t v;

	assert_formats("MAP_SHARED_VALIDATE|MAP_ANONYMOUS",
		       xlat_format(buf, size, mmap_flags, MAP_SHARED_VALIDATE | MAP_ANONYMOUS));
	assert_formats("MAP_PRIVATE|MAP_FIXED",
		       xlat_format(buf, size, mmap_flags, MAP_PRIVATE | MAP_FIXED));
	assert_int_equal(xlat_value(statx, "STATX_BASIC_STATS", &v), 0);
	/* strace's spellings: the two sets, STATX_ALL (basic and STATX_BTIME) first */
	assert_formats("STATX_BASIC_STATS", xlat_format(buf, size, statx, v));
	assert_formats("STATX_ALL", xlat_format(buf, size, statx, v | 0x800 /* STATX_BTIME */));
	assert_formats("STATX_ALL|STATX_MNT_ID",
		       xlat_format(buf, size, statx, 0x1fff /* STATX_ALL|STATX_MNT_ID */));
	assert_formats("STATX_BASIC_STATS|STATX_MNT_ID",
		       xlat_format(buf, size, statx, 0x17ff /* STATX_BASIC_STATS|STATX_MNT_ID */));
	assert_formats("STATX_TYPE|STATX_MODE", xlat_format(buf, size, statx, 3));
	assert_formats("STATX_ATTR_COMPRESSED|STATX_ATTR_IMMUTABLE|STATX_ATTR_APPEND|"
		       "STATX_ATTR_NODUMP|STATX_ATTR_ENCRYPTED|STATX_ATTR_AUTOMOUNT|"
		       "STATX_ATTR_MOUNT_ROOT|STATX_ATTR_VERITY|STATX_ATTR_DAX",
		       xlat_format(buf, size, table("statx_attrs"), 0x303874));
	assert_formats("STATX_ATTR_APPEND|0x1", xlat_format(buf, size, table("statx_attrs"), 0x21));
	/* MS_NOUSER is the int (1 << 31): it must stay a 32-bit pattern, not sign-extend. */
	assert_formats("MS_NOUSER", xlat_format(buf, size, table("mount_flags"), 0x80000000));
	/* The same bit sign-extended, as an int flags argument arrives. */
	assert_formats("MS_NOUSER", xlat_format(buf, size, table("mount_flags"),
						(uint64_t)(int64_t)(int32_t)0x80000000));
	assert_formats("MS_MGC_VAL|MS_RDONLY|MS_NOSUID",
		       xlat_format(buf, size, table("mount_flags"), 0xc0ed0003));
}

static void test_const_names_and_numbers(void **state)
{
	const struct xlat *fcntl_cmds = table("fcntl_cmds");
	const struct xlat *at_fdcwd = table("at_fdcwd");

	assert_formats("F_GETFL", xlat_format(buf, size, fcntl_cmds, F_GETFL));
	assert_formats("F_DUPFD_CLOEXEC", xlat_format(buf, size, fcntl_cmds, F_DUPFD_CLOEXEC));
	assert_string_equal(xlat_name(fcntl_cmds, F_SETFD), "F_SETFD");
	/*
	 * Unknown: in hex with strace's comment (F_???) where the table has a prefix; without
	 * one, decimal when small, hex when large, negative (sign-extended) in decimal.
	 */
	assert_null(xlat_name(fcntl_cmds, 77));
	assert_formats("0x4d /* F_??? */", xlat_format(buf, size, fcntl_cmds, 77));
	assert_formats("0x1000 /* F_??? */", xlat_format(buf, size, fcntl_cmds, 4096));
	assert_formats("0x5499", xlat_format(buf, size, table("tty_ioctls"), 0x5499));
	assert_formats("-5", xlat_format(buf, size, at_fdcwd, (uint64_t)(int64_t)-5));
	/* AT_FDCWD is the int -100: found when sign-extended, not when zero-extended. */
	assert_formats("AT_FDCWD", xlat_format(buf, size, at_fdcwd, (uint64_t)(int64_t)AT_FDCWD));
	assert_formats("0xffffff9c", xlat_format(buf, size, at_fdcwd, (uint32_t)AT_FDCWD));
	assert_formats("RUSAGE_CHILDREN",
		       xlat_format(buf, size, table("rusage_who"), (uint64_t)(int64_t)-1));
	/* wait4's own, which getrusage refuses: linux/resource.h has it, glibc not */
	assert_formats("RUSAGE_BOTH",
		       xlat_format(buf, size, table("rusage_who"), (uint64_t)(int64_t)-2));
	assert_formats("TCGETS", xlat_format(buf, size, table("tty_ioctls"), 0x5401));
	assert_formats("PERF_TYPE_TRACEPOINT", xlat_format(buf, size, table("perf_types"), 2));
	assert_formats("BPF_PROG_LOAD", xlat_format(buf, size, table("bpf_cmds"), 5));
	/* x86_64's fadvise values: DONTNEED and NOREUSE are 6 and 7 on s390x only */
	assert_formats("POSIX_FADV_SEQUENTIAL", xlat_format(buf, size, table("fadvise_advice"), 2));
	assert_formats("POSIX_FADV_DONTNEED", xlat_format(buf, size, table("fadvise_advice"), 4));
	assert_formats("POSIX_FADV_NOREUSE", xlat_format(buf, size, table("fadvise_advice"), 5));
	assert_formats("0x6 /* POSIX_FADV_??? */",
		       xlat_format(buf, size, table("fadvise_advice"), 6));
	assert_formats("FUTEX_OP_CMP_GE", xlat_format(buf, size, table("futex_wake_cmps"), 5));
	assert_formats("FUTEX_OP_XOR", xlat_format(buf, size, table("futex_wake_ops"), 4));
	/* A missing table prints the number. */
	assert_formats("12", xlat_format(buf, size, NULL, 12));
	assert_null(xlat_name(NULL, 12));
}

static void test_find(void **state)
{
	assert_non_null(xlat_find("open_flags"));
	assert_string_equal(xlat_find("open_flags")->name, "open_flags");
	assert_int_equal(xlat_find("open_flags")->kind, XLAT_FLAGS);
	assert_int_equal(xlat_find("errnos")->kind, XLAT_CONST);
	assert_null(xlat_find("no_such_table"));
	assert_null(xlat_find(""));
	assert_null(xlat_find(NULL));
	assert_ptr_equal(xlat_find("signals"), &xlat_signals);
}

static void test_value(void **state)
{
	uint64_t v = 42;

	assert_int_equal(xlat_value(table("open_flags"), "O_CREAT", &v), 0);
	assert_int_equal(v, O_CREAT);
	assert_int_equal(xlat_value(table("open_flags"), "O_NOPE", &v), -ENOENT);
	assert_int_equal(xlat_value(NULL, "O_CREAT", &v), -ENOENT);
}

static void test_open_flags(void **state)
{
	assert_formats("O_RDONLY", xlat_format_open_flags(buf, size, O_RDONLY));
	assert_formats("O_WRONLY|O_CREAT|O_TRUNC",
		       xlat_format_open_flags(buf, size, O_WRONLY | O_CREAT | O_TRUNC));
	assert_formats("O_RDWR|O_CLOEXEC", xlat_format_open_flags(buf, size, O_RDWR | O_CLOEXEC));
	assert_formats("O_ACCMODE", xlat_format_open_flags(buf, size, 3));
	assert_formats(
		"O_RDONLY|O_NONBLOCK|O_CLOEXEC|O_DIRECTORY",
		xlat_format_open_flags(buf, size, O_RDONLY | O_NONBLOCK | O_DIRECTORY | O_CLOEXEC));
	/* The masks: O_SYNC holds O_DSYNC, O_TMPFILE holds O_DIRECTORY. */
	assert_formats("O_WRONLY|O_SYNC", xlat_format_open_flags(buf, size, O_WRONLY | O_SYNC));
	assert_formats("O_WRONLY|O_DSYNC", xlat_format_open_flags(buf, size, O_WRONLY | O_DSYNC));
	assert_formats("O_RDWR|O_TMPFILE", xlat_format_open_flags(buf, size, O_RDWR | O_TMPFILE));
	/* The kernel's O_LARGEFILE (glibc's is 0 on 64-bit, so the number is the kernel's). */
	assert_formats("O_RDONLY|O_LARGEFILE", xlat_format_open_flags(buf, size, 0100000));
	assert_formats("O_RDONLY|0x40000000", xlat_format_open_flags(buf, size, 0x40000000));
}

static void test_mode(void **state)
{
	assert_formats("S_IFREG|0644", xlat_format_mode(buf, size, S_IFREG | 0644));
	/* a file's set-ID and sticky bits by name, as strace shows them; a bare mode in octal */
	assert_formats("S_IFDIR|S_ISVTX|0777", xlat_format_mode(buf, size, S_IFDIR | 01777));
	assert_formats("S_IFREG|S_ISUID|S_ISGID|0755",
		       xlat_format_mode(buf, size, S_IFREG | 06755));
	assert_formats("07777", xlat_format_mode(buf, size, 07777));
	assert_formats("S_IFLNK|0777", xlat_format_mode(buf, size, S_IFLNK | 0777));
	assert_formats("S_IFSOCK|000", xlat_format_mode(buf, size, S_IFSOCK));
	assert_formats("0755", xlat_format_mode(buf, size, 0755));
	assert_formats("04755", xlat_format_mode(buf, size, 04755));
	assert_formats("000", xlat_format_mode(buf, size, 0));
	/* A type field with no name stays in the number. */
	assert_formats("0170644", xlat_format_mode(buf, size, 0170644));
}

static void test_signals(void **state)
{
	assert_formats("SIGINT", xlat_format_signal(buf, size, SIGINT));
	assert_formats("SIGKILL", xlat_format_signal(buf, size, SIGKILL));
	assert_formats("SIGCHLD", xlat_format_signal(buf, size, SIGCHLD));
	assert_formats("SIGSYS", xlat_format_signal(buf, size, SIGSYS));
	assert_formats("SIGRTMIN", xlat_format_signal(buf, size, 32));
	assert_formats("SIGRT_3", xlat_format_signal(buf, size, 35));
	assert_formats("SIGRT_32", xlat_format_signal(buf, size, 64));
	assert_formats("65", xlat_format_signal(buf, size, 65));
	assert_formats("77", xlat_format_signal(buf, size, 77));
	assert_formats("0", xlat_format_signal(buf, size, 0));
	assert_formats("-1", xlat_format_signal(buf, size, (uint64_t)(int64_t)-1));
}

static void test_socket_type(void **state)
{
	assert_formats("SOCK_STREAM", xlat_format_socket_type(buf, size, SOCK_STREAM));
	assert_formats("SOCK_DGRAM|SOCK_CLOEXEC",
		       xlat_format_socket_type(buf, size, SOCK_DGRAM | SOCK_CLOEXEC));
	assert_formats(
		"SOCK_STREAM|SOCK_CLOEXEC|SOCK_NONBLOCK",
		xlat_format_socket_type(buf, size, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK));
	/* unknown bits as strace 6.1 shows them: alone with a comment, after flags without */
	assert_formats("SOCK_RAW|SOCK_NONBLOCK|0x60",
		       xlat_format_socket_type(buf, size, 99 | SOCK_NONBLOCK));
	assert_formats("SOCK_RAW|0x60 /* SOCK_??? */", xlat_format_socket_type(buf, size, 99));
	assert_formats("AF_INET6", xlat_format(buf, size, table("address_families"), AF_INET6));
}

static void test_futex_op(void **state)
{
	assert_formats("FUTEX_WAIT", xlat_format_futex_op(buf, size, FUTEX_WAIT));
	assert_formats("FUTEX_WAKE_PRIVATE", xlat_format_futex_op(buf, size, FUTEX_WAKE_PRIVATE));
	assert_formats(
		"FUTEX_WAIT_BITSET_PRIVATE|FUTEX_CLOCK_REALTIME",
		xlat_format_futex_op(buf, size, FUTEX_WAIT_BITSET_PRIVATE | FUTEX_CLOCK_REALTIME));
	assert_formats("FUTEX_WAIT_BITSET|FUTEX_CLOCK_REALTIME",
		       xlat_format_futex_op(buf, size, FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME));
	/* an unknown operation whole, as strace 6.1 shows it */
	assert_formats("0xe3 /* FUTEX_??? */",
		       xlat_format_futex_op(buf, size, 99 | FUTEX_PRIVATE_FLAG));
}

static void test_clone_flags(void **state)
{
	assert_formats("CLONE_VM|CLONE_FS|SIGCHLD",
		       xlat_format_clone_flags(buf, size, CLONE_VM | CLONE_FS | SIGCHLD));
	assert_formats("SIGCHLD", xlat_format_clone_flags(buf, size, SIGCHLD));
	assert_formats("0", xlat_format_clone_flags(buf, size, 0));
	assert_formats("CLONE_THREAD", xlat_format_clone_flags(buf, size, CLONE_THREAD));
	/* clone3 has no signal byte: there 0x80 is CLONE_NEWTIME. */
	assert_formats("CLONE_NEWTIME", xlat_format(buf, size, table("clone_flags"), 0x80));
}

static void test_errno_names(void **state)
{
	assert_string_equal(xlat_errno_name(ENOENT), "ENOENT");
	assert_string_equal(xlat_errno_name(-ENOENT), "ENOENT");
	assert_string_equal(xlat_errno_name(EAGAIN), "EAGAIN");
	assert_string_equal(xlat_errno_name(EOPNOTSUPP), "EOPNOTSUPP");
	assert_string_equal(xlat_errno_name(EHWPOISON), "EHWPOISON");
	assert_string_equal(xlat_errno_name(512), "ERESTARTSYS");
	assert_string_equal(xlat_errno_name(513), "ERESTARTNOINTR");
	assert_string_equal(xlat_errno_name(514), "ERESTARTNOHAND");
	assert_string_equal(xlat_errno_name(515), "ENOIOCTLCMD");
	assert_string_equal(xlat_errno_name(-516), "ERESTART_RESTARTBLOCK");
	assert_string_equal(xlat_errno_name(524), "ENOTSUPP");
	assert_null(xlat_errno_name(0));
	assert_null(xlat_errno_name(4000));
	assert_null(xlat_errno_name(INT32_MIN));
}

typedef size_t (*printer_fn)(char *buf, size_t size, uint64_t val);

static size_t format_open_flags_table(char *buf, size_t size, uint64_t val)
{
	return xlat_format(buf, size, xlat_find("open_flags"), val);
}

static size_t format_fcntl_cmd(char *buf, size_t size, uint64_t val)
{
	return xlat_format(buf, size, xlat_find("fcntl_cmds"), val);
}

/* Every size from 0 up must keep the guard bytes intact, terminate and return the full length. */
static void check_truncation(printer_fn fn, uint64_t val)
{
	char full[256], buf[256 + 8];
	size_t len = fn(full, sizeof(full), val);
	size_t size;

	assert_true(len > 0 && len < sizeof(full));
	assert_int_equal(fn(NULL, 0, val), len);
	for (size = 0; size <= len + 2; size++) {
		memset(buf, 'X', sizeof(buf));
		assert_int_equal(fn(buf, size, val), len);
		for (size_t i = size; i < sizeof(buf); i++)
			assert_int_equal(buf[i], 'X');
		if (!size)
			continue;
		size_t kept = len < size - 1 ? len : size - 1;

		assert_int_equal(buf[kept], '\0');
		assert_memory_equal(buf, full, kept);
	}
}

static void test_truncation(void **state)
{
	check_truncation(format_open_flags_table, O_CREAT | O_EXCL | O_CLOEXEC | 0x80000000);
	check_truncation(format_fcntl_cmd, F_GETFL);
	check_truncation(format_fcntl_cmd, 0x123456);
	check_truncation(xlat_format_open_flags, O_RDWR | O_CREAT | O_APPEND | 0x40000000);
	check_truncation(xlat_format_mode, S_IFREG | 0644);
	check_truncation(xlat_format_signal, 40);
	check_truncation(xlat_format_socket_type, SOCK_STREAM | SOCK_CLOEXEC);
	check_truncation(xlat_format_futex_op, FUTEX_WAIT_BITSET_PRIVATE | FUTEX_CLOCK_REALTIME);
	check_truncation(xlat_format_clone_flags, CLONE_VM | CLONE_THREAD | SIGCHLD);
}

/* Terminal flags: the number fields print by value (0 too), then the bits. */
static void test_termios(void **state)
{
	assert_formats("NL0|CR0|TAB0|BS0|VT0|FF0|OPOST|ONLCR",
		       xlat_format_termios_oflag(buf, size, OPOST | ONLCR));
	assert_formats("NL1|CR2|TAB3|BS0|VT1|FF0",
		       xlat_format_termios_oflag(buf, size, NL1 | CR2 | TAB3 | VT1));
	assert_formats("NL0|CR0|TAB0|BS0|VT0|FF0|OPOST|0x80000000",
		       xlat_format_termios_oflag(buf, size, OPOST | 0x80000000));
	assert_formats("B38400|CS8|CREAD",
		       xlat_format_termios_cflag(buf, size, B38400 | CS8 | CREAD));
	assert_formats("B0|CS5", xlat_format_termios_cflag(buf, size, B0 | CS5));
	/* the input rate, CBAUD's field moved up by IBSHIFT (16) */
	assert_formats("B38400|B9600<<IBSHIFT|CS7|PARENB|HUPCL",
		       xlat_format_termios_cflag(
			       buf, size, B38400 | ((tcflag_t)B9600 << 16) | CS7 | PARENB | HUPCL));
	assert_formats("B115200|CS8|CLOCAL|CRTSCTS",
		       xlat_format_termios_cflag(buf, size, B115200 | CS8 | CLOCAL | CRTSCTS));
	assert_formats(
		"ISIG|ICANON|ECHO|ECHOE|ECHOK|IEXTEN|ECHOCTL|ECHOKE",
		xlat_format(buf, size, table("termios_lflags"),
			    ISIG | ICANON | ECHO | ECHOE | ECHOK | IEXTEN | ECHOCTL | ECHOKE));
	assert_formats("ICRNL|IXON|IUTF8",
		       xlat_format(buf, size, table("termios_iflags"), ICRNL | IXON | IUTF8));
	check_truncation(xlat_format_termios_oflag, OPOST | ONLCR | 0x80000000);
	check_truncation(xlat_format_termios_cflag, B38400 | CS8 | CREAD | CLOCAL);
}

/* The contract of the generated data: what xlat_find and the printers rely on. */
static void test_generated_tables(void **state)
{
	unsigned int t, i, j;

	assert_int_equal(xlat_index_len, XLAT_NTABLES);
	for (t = 0; t < xlat_index_len; t++) {
		const struct xlat *x = xlat_index[t];
		unsigned int zeros = 0;

		/* Sorted and unique by name: xlat_find's binary search. */
		if (t)
			assert_true(strcmp(xlat_index[t - 1]->name, x->name) < 0);
		assert_ptr_equal(xlat_find(x->name), x);
		assert_true(x->kind == XLAT_CONST || x->kind == XLAT_FLAGS);
		if (!x->nentries)
			fail_msg("table %s is empty with these headers", x->name);
		assert_null(x->entries[x->nentries].name);
		for (i = 0; i < x->nentries; i++) {
			const struct xlat_entry *e = &x->entries[i];

			assert_non_null(e->name);
			zeros += !e->val;
			for (j = 0; j < i; j++) {
				/* One value, one name: a second one could never print. */
				if (x->entries[j].val == e->val)
					fail_msg("%s: %s and %s share a value", x->name,
						 x->entries[j].name, e->name);
				if (!strcmp(x->entries[j].name, e->name))
					fail_msg("%s: %s twice", x->name, e->name);
			}
			assert_ptr_equal(xlat_name(x, e->val), e->name);
		}
		if (x->kind == XLAT_FLAGS)
			assert_true(zeros <= 1);
	}
}

/* Every list in src/decode/xlat: other modules name tables, so a rename must fail here first. */
/* si_code names depend on the signal: one table per signal family, and the generic one. */
static void test_si_code_tables(void **state)
{
	assert_string_equal(xlat_name(table("si_codes"), (uint64_t)(int64_t)-6), "SI_TKILL");
	assert_string_equal(xlat_name(table("si_codes"), 0x80), "SI_KERNEL");
	assert_string_equal(xlat_name(table("sigsegv_codes"), 1), "SEGV_MAPERR");
	assert_string_equal(xlat_name(table("sigchld_codes"), 1), "CLD_EXITED");
	assert_string_equal(xlat_name(table("sigbus_codes"), 2), "BUS_ADRERR");
	assert_null(xlat_name(table("sigchld_codes"), 99));
}

/* Tables of the time family, in strace's order: its matches decide the names shown. */
static void test_time_tables(void **state)
{
	/* one table for both timerfd calls: bits the call does not take still have names */
	assert_formats(
		"TFD_TIMER_ABSTIME|TFD_TIMER_CANCEL_ON_SET|TFD_CLOEXEC|TFD_NONBLOCK|0xfff7f7fc",
		xlat_format(buf, size, table("timerfd_flags"), 0xffffffff));
	/* the adjtime modes are several bits, ADJ_OFFSET's among them: they match first */
	assert_formats("ADJ_OFFSET_SS_READ",
		       xlat_format(buf, size, table("adjtimex_modes"), 0xa001));
	assert_formats("ADJ_OFFSET_SINGLESHOT|ADJ_TICK",
		       xlat_format(buf, size, table("adjtimex_modes"), 0xc001));
	assert_formats("ADJ_OFFSET|ADJ_FREQUENCY",
		       xlat_format(buf, size, table("adjtimex_modes"), 3));
	assert_formats("STA_UNSYNC", xlat_format(buf, size, table("adjtimex_status"), 0x40));
	assert_formats("TIME_ERROR", xlat_format(buf, size, table("adjtimex_state"), 5));
	/* a futex waiter's flags: its size and whether it is private */
	assert_formats("FUTEX_32|FUTEX_PRIVATE_FLAG|0xffffff7d",
		       xlat_format(buf, size, table("futex_waiter_flags"), 0xffffffff));
	assert_formats("0xc8a37e59 /* FUTEX_??? */",
		       xlat_format(buf, size, table("futex_waiter_flags"), 0xc8a37e59));
	assert_formats("PERF_ATTR_SIZE_VER7", xlat_format(buf, size, table("perf_attr_size"), 128));
}

/* io_uring's opcodes: an enum of the UAPI header, its values the header's. */
static void test_io_uring_ops(void **state)
{
	const struct xlat *x = table("io_uring_ops");

	assert_string_equal(xlat_name(x, IORING_OP_NOP), "IORING_OP_NOP");
	assert_string_equal(xlat_name(x, IORING_OP_READ), "IORING_OP_READ");
	assert_string_equal(xlat_name(x, IORING_OP_SENDMSG_ZC), "IORING_OP_SENDMSG_ZC");
	assert_null(xlat_name(x, 200));
}

static void test_expected_tables_exist(void **state)
{
	static const char *const names[] = {
		"access_modes",
		"aio_cmds",
		"address_families",
		"arch_prctl_codes",
		"at_fdcwd",
		"at_flags",
		"audit_archs",
		"bpf_cmds",
		"bpf_attach_flags",
		"bpf_attach_types",
		"bpf_file_flags",
		"bpf_lookup_flags",
		"bpf_map_flags",
		"bpf_map_types",
		"bpf_prog_flags",
		"bpf_prog_types",
		"bpf_classes",
		"ebpf_classes",
		"bpf_sizes",
		"bpf_modes",
		"ebpf_modes",
		"bpf_srcs",
		"bpf_alu_ops",
		"bpf_jmp_ops",
		"bpf_miscops",
		"bpf_rvals",
		"ebpf_regs",
		"bpf_query_flags",
		"bpf_task_fd_types",
		"bpf_test_run_flags",
		"bpf_update_flags",
		"bt_protocols",
		"can_protocols",
		"capability_versions",
		"clock_ids",
		"clone_flags",
		"delete_module_flags",
		"close_range_flags",
		"epoll_create_flags",
		"epoll_ctl_ops",
		"epoll_events",
		"errnos",
		"ethernet_protocols",
		"eventfd_flags",
		"faccessat_flags",
		"fadvise_advice",
		"fallocate_flags",
		"fan_classes",
		"fan_event_flags",
		"fan_init_flags",
		"fan_mark_flags",
		"fcntl_cmds",
		"fcntl_lock_types",
		"fcntl_notify_flags",
		"fcntl_owner_types",
		"fcntl_seals",
		"fd_flags",
		"file_types",
		"flock_ops",
		"fs_magics",
		"fsconfig_cmds",
		"fsmount_attr_flags",
		"fsmount_flags",
		"fsopen_flags",
		"fspick_flags",
		"futex_cmds",
		"futex_flags",
		"futex_wake_cmps",
		"futex_wake_ops",
		"get_mempolicy_flags",
		"getrandom_flags",
		"icmp_types",
		"inotify_flags",
		"inotify_init_flags",
		"ioprio_classes",
		"ioprio_who",
		"io_uring_ops",
		"ip_cmsg_types",
		"ip_options",
		"ip_protocols",
		"ipc_cmds",
		"ipc_get_flags",
		"ipv6_options",
		"key_perms",
		"key_reqkeys",
		"key_spec",
		"keyctl_cmds",
		"keyctl_move_flags",
		"itimer_which",
		"kexec_file_load_flags",
		"landlock_access_fs",
		"landlock_create_ruleset_flags",
		"landlock_rule_types",
		"kcmp_types",
		"kexec_arch",
		"kexec_load_flags",
		"madvise_advice",
		"mbind_flags",
		"membarrier_cmds",
		"membarrier_flags",
		"memfd_secret_flags",
		"memfd_flags",
		"mlock_flags",
		"mlockall_flags",
		"mmap_flags",
		"mmap_prot",
		"mmap_types",
		"mode_bits",
		"module_init_flags",
		"mount_flags",
		"move_pages_flags",
		"mq_flags",
		"mpol_mode_flags",
		"mpol_modes",
		"mount_attr_flags",
		"mount_propagation",
		"mount_setattr_flags",
		"move_mount_flags",
		"mremap_flags",
		"msg_flags",
		"msgctl_cmds",
		"msgrcv_flags",
		"msync_flags",
		"netlink_options",
		"netlink_protocols",
		"open_access",
		"open_flags",
		"packet_mreq_types",
		"packet_options",
		"name_to_handle_at_flags",
		"open_tree_flags",
		"perf_event_open_flags",
		"perf_hw_configs",
		"perf_sw_configs",
		"perf_types",
		"personality_flags",
		"personality_types",
		"pidfd_open_flags",
		"pkey_access",
		"poll_events",
		"prctl_options",
		/* prctl's arguments by option */
		"capabilities",
		"pr_cap_ambient",
		"pr_fp_mode",
		"pr_mce_kill",
		"pr_mce_kill_policy",
		"pr_sched_core_cmds",
		"pr_sched_core_pidtypes",
		"pr_set_mm",
		"pr_set_vma",
		"pr_spec_cmds",
		"pr_spec_get_flags",
		"pr_spec_set_modes",
		"pr_sud_cmds",
		"pr_tsc",
		"pr_unalign_flags",
		"secbits",
		"seccomp_modes",
		/* setns's namespaces */
		"setns_types",
		"prio_which",
		"ptrace_options",
		"ptrace_requests",
		"raw_options",
		"quota_cmds",
		"quota_formats",
		"quota_types",
		"reboot_cmds",
		"reboot_magics",
		"rename_flags",
		"resolve_flags",
		"rlimit_resources",
		"rusage_who",
		"rwf_flags",
		"sa_flags",
		"sched_attr_flags",
		"sched_policies",
		"sched_policy_flags",
		"scm_types",
		"seccomp_filter_flags",
		"seccomp_ops",
		"seccomp_ret_actions",
		"seek_whence",
		"semctl_cmds",
		"semop_flags",
		"shmat_flags",
		"shmctl_cmds",
		"shmget_flags",
		"shutdown_how",
		"si_codes",
		"sigaltstack_flags",
		"sigbus_codes",
		"sigchld_codes",
		"sigev_notify",
		"sigfpe_codes",
		"sigill_codes",
		"signalfd_flags",
		"signals",
		"sigpoll_codes",
		"sigprocmask_how",
		"sigsegv_codes",
		"sigsys_codes",
		"sigtrap_codes",
		"socket_levels",
		"socket_options",
		"socket_type_flags",
		"socket_types",
		"splice_flags",
		"statfs_flags",
		"statx_attrs",
		"statx_mask",
		"statx_sync_types",
		"suid_dump_modes",
		"swap_flags",
		"sync_file_range_flags",
		"syslog_actions",
		"tcp_options",
		"termios_bauds",
		"termios_cflags",
		"termios_iflags",
		"termios_lflags",
		"termios_oflags",
		"timer_flags",
		"timerfd_flags",
		"tty_ioctls",
		"udp_options",
		"umount_flags",
		"unshare_flags",
		"uring_enter_flags",
		"uring_register_opcodes",
		"uring_setup_features",
		"uring_setup_flags",
		"userfaultfd_flags",
		"wait_options",
		"xattr_flags",
		"waitid_which",
		"adjtimex_modes",
		"adjtimex_state",
		"adjtimex_status",
		"futex_waiter_flags",
		"hw_breakpoint_types",
		"perf_attr_size",
		"perf_branch_sample_type",
		"perf_hw_cache_ids",
		"perf_hw_cache_op_ids",
		"perf_hw_cache_result_ids",
		"perf_read_format",
		"perf_sample_format",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		table(names[i]);
	assert_int_equal(sizeof(names) / sizeof(names[0]), xlat_index_len);
}

/* What a printer writes under a -X style, as the text writer writes it. */
static const char *styled(enum wr_xlat_style style, void (*write)(struct writer *, uint64_t),
			  uint64_t val)
{
	static const struct wr_limits no_limits;
	static char text[256];
	struct text_writer_opts opts = {.xlat = style};
	struct text_writer tw;
	struct outbuf ob;

	outbuf_init(&ob);
	text_writer__init(&tw, &ob, &no_limits, &opts);
	write(&tw.w, val);
	snprintf(text, sizeof(text), "%.*s", (int)ob.len, ob.data);
	outbuf_free(&ob);
	return text;
}

/* A value of fields (a sync type and flags, flags and a signal): -X raw and verbose apart. */
static void test_fields_by_style(void **state)
{
	/* the default style: one flags value */
	assert_string_equal(styled(WR_XLAT_ABBREV, xlat_write_statx_flags, 0x5000),
			    "AT_STATX_DONT_SYNC|AT_EMPTY_PATH");
	assert_string_equal(styled(WR_XLAT_RAW, xlat_write_statx_flags, 0x5000), "0x4000|0x1000");
	assert_string_equal(styled(WR_XLAT_VERBOSE, xlat_write_statx_flags, 0x5000),
			    "0x4000 /* AT_STATX_DONT_SYNC */|0x1000 /* AT_EMPTY_PATH */");
	/* flags no name knows: no AT_??? comment */
	assert_string_equal(styled(WR_XLAT_VERBOSE, xlat_write_statx_flags, 0x40000000),
			    "0 /* AT_STATX_SYNC_AS_STAT */|0x40000000");
	assert_string_equal(styled(WR_XLAT_VERBOSE, xlat_write_statx_flags, 0),
			    "0 /* AT_STATX_SYNC_AS_STAT */");

	assert_string_equal(styled(WR_XLAT_ABBREV, xlat_write_clone_flags,
				   CLONE_CHILD_CLEARTID | CLONE_CHILD_SETTID | SIGCHLD),
			    "CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID|SIGCHLD");
	assert_string_equal(styled(WR_XLAT_RAW, xlat_write_clone_flags,
				   CLONE_CHILD_CLEARTID | CLONE_CHILD_SETTID | SIGCHLD),
			    "0x1200000|17");
	assert_string_equal(
		styled(WR_XLAT_VERBOSE, xlat_write_clone_flags,
		       CLONE_CHILD_CLEARTID | CLONE_CHILD_SETTID | SIGCHLD),
		"0x1200000 /* CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID */|17 /* SIGCHLD */");
	/* the signal alone, in decimal */
	assert_string_equal(styled(WR_XLAT_RAW, xlat_write_clone_flags, SIGCHLD), "17");
	assert_string_equal(styled(WR_XLAT_VERBOSE, xlat_write_clone_flags, SIGCHLD),
			    "17 /* SIGCHLD */");
	assert_string_equal(styled(WR_XLAT_RAW, xlat_write_clone_flags, CLONE_VM), "0x100");
}

/* A mode whose type bits no name knows is a number, with no comment repeating it. */
static void test_mode_by_style(void **state)
{
	assert_string_equal(styled(WR_XLAT_VERBOSE, xlat_write_mode, 0177777), "0177777");
	assert_string_equal(styled(WR_XLAT_RAW, xlat_write_mode, 0177777), "0177777");
	assert_string_equal(styled(WR_XLAT_ABBREV, xlat_write_mode, 0177777), "0177777");
	/* no type bits: the permissions are its comment */
	assert_string_equal(styled(WR_XLAT_VERBOSE, xlat_write_mode, 0644), "0644 /* 0644 */");
	assert_string_equal(styled(WR_XLAT_VERBOSE, xlat_write_mode, 020644),
			    "020644 /* S_IFCHR|0644 */");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flags_with_leftover_bits),
		cmocka_unit_test(test_flags_zero),
		cmocka_unit_test(test_msg_flags_strace_names),
		cmocka_unit_test(test_socket_levels_unknown),
		cmocka_unit_test(test_flags_masks_match_whole),
		cmocka_unit_test(test_const_names_and_numbers),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_value),
		cmocka_unit_test(test_open_flags),
		cmocka_unit_test(test_mode),
		cmocka_unit_test(test_signals),
		cmocka_unit_test(test_socket_type),
		cmocka_unit_test(test_futex_op),
		cmocka_unit_test(test_clone_flags),
		cmocka_unit_test(test_fields_by_style),
		cmocka_unit_test(test_mode_by_style),
		cmocka_unit_test(test_errno_names),
		cmocka_unit_test(test_truncation),
		cmocka_unit_test(test_termios),
		cmocka_unit_test(test_generated_tables),
		cmocka_unit_test(test_si_code_tables),
		cmocka_unit_test(test_time_tables),
		cmocka_unit_test(test_io_uring_ops),
		cmocka_unit_test(test_expected_tables_exist),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

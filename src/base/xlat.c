/* xlat: table look-up and the flag, constant, mode, signal and errno printers. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <termios.h>
#include <linux/futex.h>

#include "base/xlat.h"
#include "xlat_tables.h"

static int xlat_cmp_name(const void *key, const void *elem)
{
	const struct xlat *const *x = elem;

	return strcmp(key, (*x)->name);
}

const struct xlat *xlat_find(const char *name)
{
	const struct xlat *const *x;

	if (!name)
		return NULL;
	x = bsearch(name, xlat_index, xlat_index_len, sizeof(xlat_index[0]), xlat_cmp_name);
	return x ? *x : NULL;
}

/*
 * A linear scan: the tables are short (the longest, errnos, has about 140 entries), their order
 * is the list's and carries meaning for flags, and the values are only known to the compiler.
 */
const char *xlat_name(const struct xlat *x, uint64_t val)
{
	unsigned int i;

	if (!x)
		return NULL;
	for (i = 0; i < x->nentries; i++)
		if (x->entries[i].val == val)
			return x->entries[i].name;
	return NULL;
}

int xlat_value(const struct xlat *x, const char *name, uint64_t *val)
{
	unsigned int i;

	if (!x || !name)
		return -ENOENT;
	for (i = 0; i < x->nentries; i++) {
		if (!strcmp(x->entries[i].name, name)) {
			*val = x->entries[i].val;
			return 0;
		}
	}
	return -ENOENT;
}

/* True when every entry of the table fits in 32 bits. */
static bool xlat_is_32bit(const struct xlat *x)
{
	for (unsigned int i = 0; i < x->nentries; i++)
		if (x->entries[i].val >> 32)
			return false;
	return true;
}

/* The names of val's bits; wide: val is a 64-bit word, never an int sign-extended. */
static uint64_t flags_names(const struct xlat *x, uint64_t val, bool wide,
			    void (*fn)(void *ctx, const char *name), void *ctx)
{
	uint64_t left = val;
	const char *name;

	if (!x)
		return val;
	if (!val) {
		name = xlat_name(x, 0);
		if (name)
			fn(ctx, name);
		return 0;
	}
	/*
	 * Flags arguments declared int reach us sign-extended when bit 31 is set; the upper half
	 * of such a word is no flags at all, so a 32-bit table takes back the 32 bits it was.
	 */
	if (!wide && (val >> 31) == 0x1ffffffffULL && xlat_is_32bit(x))
		left = val & 0xffffffffULL;
	for (unsigned int i = 0; i < x->nentries && left; i++) {
		uint64_t bits = x->entries[i].val;

		/* Taking the bits as they match lets a mask listed first hide its parts. */
		if (bits && (left & bits) == bits) {
			fn(ctx, x->entries[i].name);
			left &= ~bits;
		}
	}
	return left;
}

uint64_t xlat_flags_names(const struct xlat *x, uint64_t val,
			  void (*fn)(void *ctx, const char *name), void *ctx)
{
	return flags_names(x, val, false, fn, ctx);
}

static void write_flag_name(void *ctx, const char *name)
{
	w_flag(ctx, name);
}

/* The names of val's bits in x, as flags of the value begun: returns the bits left. */
static uint64_t write_flag_names(struct writer *w, const struct xlat *x, uint64_t val)
{
	return xlat_flags_names(x, val, write_flag_name, w);
}

void xlat_write_const(struct writer *w, const struct xlat *x, uint64_t val, enum wr_num fmt)
{
	w_const(w, val, fmt, xlat_name(x, val), x ? x->unknown : NULL);
}

void xlat_write_const_sized(struct writer *w, const struct xlat *x, uint64_t val, unsigned int size)
{
	uint64_t bits = size && size < 8 ? val & ((1ULL << (8 * size)) - 1) : val;
	const char *name = xlat_name(x, val);

	if (!name && bits != val)
		name = xlat_name(x, bits);
	w_const(w, bits, WR_AUTO, name, x ? x->unknown : NULL);
}

void xlat_write_flags(struct writer *w, const struct xlat *x, uint64_t val)
{
	uint64_t rest;

	w_flags_begin(w, val);
	rest = write_flag_names(w, x, val);
	/* strace's comment only when no name knew any bit */
	w_flags_end(w, rest, WR_HEX, rest == val && x ? x->unknown : NULL);
}

void xlat_write_flags_wide(struct writer *w, const struct xlat *x, uint64_t val)
{
	uint64_t rest;

	w_flags_begin(w, val);
	rest = flags_names(x, val, true, write_flag_name, w);
	w_flags_end(w, rest, WR_HEX, rest == val && x ? x->unknown : NULL);
}

void xlat_write(struct writer *w, const struct xlat *x, uint64_t val)
{
	if (x && x->kind == XLAT_FLAGS)
		xlat_write_flags(w, x, val);
	else
		xlat_write_const(w, x, val, WR_AUTO);
}

bool xlat_signal_name(char *buf, size_t size, uint64_t sig)
{
	const char *name = xlat_name(&xlat_signals, sig);
	int64_t s = (int64_t)sig;
	uint64_t rtmin;

	if (name) {
		snprintf(buf, size, "%s", name);
		return true;
	}
	/*
	 * Above the kernel's SIGRTMIN the signals have no names of their own. The top is glibc's
	 * _NSIG less one: the kernel's SIGRTMAX, which x86's UAPI header cannot express.
	 */
	if (!xlat_value(&xlat_signals, "SIGRTMIN", &rtmin) && s > (int64_t)rtmin && s < _NSIG) {
		/* strace's names: SIGRT_1 is the kernel's SIGRTMIN+1 */
		snprintf(buf, size, "SIGRT_%lld", (long long)(s - (int64_t)rtmin));
		return true;
	}
	snprintf(buf, size, "%lld", (long long)s);
	return false;
}

void xlat_write_signal(struct writer *w, uint64_t sig)
{
	char name[32];

	w_const(w, sig, WR_DEC, xlat_signal_name(name, sizeof(name), sig) ? name : NULL, NULL);
}

static void put_open_flags(struct writer *w, uint64_t flags, bool wide)
{
	const char *mode = xlat_name(&xlat_open_access, flags & O_ACCMODE);
	uint64_t rest = 0;

	w_flags_begin(w, flags);
	/* The access mode is a 2-bit number (O_RDONLY is 0), so it always shows, first. */
	if (mode)
		w_flag(w, mode);
	else
		rest = flags & O_ACCMODE;
	rest |= flags_names(&xlat_open_flags, flags & ~(uint64_t)O_ACCMODE, wide, write_flag_name,
			    w);
	w_flags_end(w, rest, WR_HEX, NULL);
}

void xlat_write_open_flags(struct writer *w, uint64_t flags)
{
	put_open_flags(w, flags, false);
}

void xlat_write_open_flags_wide(struct writer *w, uint64_t flags)
{
	put_open_flags(w, flags, true);
}

void xlat_write_mode(struct writer *w, uint64_t mode)
{
	const char *type = xlat_name(&xlat_file_types, mode & S_IFMT);

	/*
	 * a type no name knows: the number alone, with no -X verbose comment (a mode with no type
	 * bits has one, its permissions: 0644 /\* 0644 *\/)
	 */
	if (!type && (mode & S_IFMT) && w_xlat_style(w) != WR_XLAT_ABBREV) {
		w_num(w, mode, WR_OCT);
		return;
	}
	/* a mode's number is octal in every -X style: 020644 /\* S_IFCHR|0644 *\/ */
	w_flags_begin_fmt(w, mode, WR_OCT);
	if (type) {
		w_flag(w, type);
		mode &= ~(uint64_t)S_IFMT;
		/* a file's mode names its set-ID and sticky bits, a mode to set does not: 07777 */
		mode = (mode & ~(uint64_t)07000) |
		       write_flag_names(w, &xlat_mode_bits, mode & 07000);
	}
	/* the permissions, a number of their own: octal as chmod takes it, always shown */
	w_flags_end(w, mode, WR_OCT, "mode");
}

void xlat_write_statx_flags(struct writer *w, uint64_t flags)
{
	const uint64_t sync_mask = 0x6000; /* AT_STATX_SYNC_TYPE */
	uint64_t rest;

	/*
	 * -X raw and -X verbose show the two fields apart, each styled on its own, as strace
	 * does: 0x4000 /\* AT_STATX_DONT_SYNC *\/|0x1000 /\* AT_EMPTY_PATH *\/ (the default
	 * style, and so JSON, writes one flags value)
	 */
	if (w_xlat_style(w) != WR_XLAT_ABBREV) {
		w_obj_begin(w, WR_OBJ_BITOR, NULL);
		w_key(w, "sync_type");
		xlat_write_flags(w, &xlat_statx_sync_types, flags & sync_mask);
		if (flags & ~sync_mask) {
			/* with no AT_??? comment when no name knows a bit, as strace has it */
			w_key(w, "flags");
			w_flags_begin(w, flags & ~sync_mask);
			rest = write_flag_names(w, &xlat_at_flags, flags & ~sync_mask);
			w_flags_end(w, rest, WR_HEX, NULL);
		}
		w_obj_end(w, false);
		return;
	}
	w_flags_begin(w, flags);
	/*
	 * strace's: the sync type first, as flags of its own (AT_STATX_SYNC_AS_STAT is its 0,
	 * both bits are AT_STATX_FORCE_SYNC|AT_STATX_DONT_SYNC), then the *at() flags
	 */
	rest = write_flag_names(w, &xlat_statx_sync_types, flags & sync_mask);
	if (flags & ~sync_mask)
		rest |= write_flag_names(w, &xlat_at_flags, flags & ~sync_mask);
	w_flags_end(w, rest, WR_HEX, NULL);
}

void xlat_write_socket_type(struct writer *w, uint64_t type)
{
	/* the kernel's SOCK_TYPE_MASK: the type in the low bits, flags above */
	const uint64_t type_mask = 0xf, flag_bits = SOCK_NONBLOCK | SOCK_CLOEXEC;
	const char *name = xlat_name(&xlat_socket_types, type & type_mask);
	uint64_t rest = 0;

	/*
	 * -X raw and -X verbose show a known type and the flags apart, as strace does:
	 * 0x2 /\* SOCK_DGRAM *\/|0x80000 /\* SOCK_CLOEXEC *\/ (an argument's value alone:
	 * JSON, whose style is the default, never comes here)
	 */
	if (name && (type & ~type_mask) && w_xlat_style(w) != WR_XLAT_ABBREV) {
		w_const(w, type & type_mask, WR_HEX, name, NULL);
		w_lit(w, "|");
		xlat_write_flags(w, &xlat_socket_type_flags, type & ~type_mask);
		return;
	}
	w_flags_begin(w, type);
	if (name)
		w_flag(w, name);
	else
		rest = type & type_mask;
	rest |= write_flag_names(w, &xlat_socket_type_flags, type & ~type_mask);
	/* strace's: bits above the type that no flag took show as an unknown type's, alone */
	w_flags_end(w, rest, WR_HEX, type & flag_bits ? NULL : "SOCK_???");
}

void xlat_write_futex_op(struct writer *w, uint64_t op)
{
	const uint64_t flag_bits = FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME;
	const char *cmd = xlat_name(&xlat_futex_cmds, op & ~flag_bits);
	uint64_t flags = op & flag_bits, rest = 0;
	char name[64];

	w_flags_begin(w, op);
	if (!cmd) {
		/* strace shows an unknown operation whole: 0x163 /\* FUTEX_??? *\/ */
		w_flags_end(w, op, WR_HEX, "FUTEX_???");
		return;
	}
	/* The glibc/kernel spelling of a private op is one name: FUTEX_WAIT_PRIVATE. */
	snprintf(name, sizeof(name), "%s%s", cmd, flags & FUTEX_PRIVATE_FLAG ? "_PRIVATE" : "");
	flags &= ~(uint64_t)FUTEX_PRIVATE_FLAG;
	w_flag(w, name);
	if (flags)
		rest |= write_flag_names(w, &xlat_futex_flags, flags);
	w_flags_end(w, rest, WR_HEX, NULL);
}

void xlat_write_clone_flags(struct writer *w, uint64_t flags)
{
	uint64_t sig = flags & CSIGNAL, rest;
	char name[32];

	/*
	 * -X raw and -X verbose: the flags and the signal apart, the signal a decimal constant:
	 * 0x1200000 /\* CLONE_CHILD_CLEARTID|CLONE_CHILD_SETTID *\/|17 /\* SIGCHLD *\/
	 */
	if (w_xlat_style(w) != WR_XLAT_ABBREV) {
		w_obj_begin(w, WR_OBJ_BITOR, NULL);
		if (flags & ~(uint64_t)CSIGNAL) {
			w_key(w, "flags");
			xlat_write_flags(w, &xlat_clone_flags, flags & ~(uint64_t)CSIGNAL);
		}
		if (sig || !(flags & ~(uint64_t)CSIGNAL)) {
			w_key(w, "exit_signal");
			xlat_write_signal(w, sig);
		}
		w_obj_end(w, false);
		return;
	}
	w_flags_begin(w, flags);
	rest = write_flag_names(w, &xlat_clone_flags, flags & ~(uint64_t)CSIGNAL);
	/* the low byte: the signal the parent gets when the child ends */
	if (sig && xlat_signal_name(name, sizeof(name), sig))
		w_flag(w, name);
	else
		rest |= sig;
	w_flags_end(w, rest, WR_HEX, NULL);
}

/* A number field of a flags word whose values are named by their index: NL0, CR2, CS7. */
struct index_field {
	uint64_t mask;
	const char *prefix;
	unsigned int first; /* the name of index 0: CS5 is CSIZE's 0 */
};

static void write_index_field(struct writer *w, const struct index_field *f, uint64_t val)
{
	char name[32];

	snprintf(name, sizeof(name), "%s%llu", f->prefix,
		 (unsigned long long)((val & f->mask) >> __builtin_ctzll(f->mask)) + f->first);
	w_flag(w, name);
}

void xlat_write_termios_oflag(struct writer *w, uint64_t val)
{
	/* the delay fields in the order of their bits; each shows, as its 0 means something */
	static const struct index_field delays[] = {
		{NLDLY, "NL", 0}, {CRDLY, "CR", 0}, {TABDLY, "TAB", 0},
		{BSDLY, "BS", 0}, {VTDLY, "VT", 0}, {FFDLY, "FF", 0},
	};
	uint64_t rest = val;

	w_flags_begin(w, val);
	for (size_t i = 0; i < sizeof(delays) / sizeof(delays[0]); i++) {
		write_index_field(w, &delays[i], val);
		rest &= ~delays[i].mask;
	}
	if (rest)
		rest = write_flag_names(w, &xlat_termios_oflags, rest);
	w_flags_end(w, rest, WR_HEX, NULL);
}

void xlat_write_termios_cflag(struct writer *w, uint64_t val)
{
	static const struct index_field csize = {CSIZE, "CS", 5};
	/* glibc has no IBSHIFT: the input rate is the output rate's field moved up */
	const unsigned int ibshift = __builtin_ctzll(CIBAUD) - __builtin_ctzll(CBAUD);
	uint64_t rest = val & ~(uint64_t)(CBAUD | CIBAUD | CSIZE), extra = 0;
	const char *baud = xlat_name(&xlat_termios_bauds, val & CBAUD);
	char name[64];

	w_flags_begin(w, val);
	if (baud)
		w_flag(w, baud);
	else
		extra |= val & CBAUD;
	if (val & CIBAUD) {
		uint64_t in = (val & CIBAUD) >> ibshift;
		const char *ibaud = xlat_name(&xlat_termios_bauds, in);

		if (ibaud)
			snprintf(name, sizeof(name), "%s<<IBSHIFT", ibaud);
		else
			snprintf(name, sizeof(name), "%#llx<<IBSHIFT", (unsigned long long)in);
		w_flag(w, name);
	}
	write_index_field(w, &csize, val);
	if (rest)
		extra |= write_flag_names(w, &xlat_termios_cflags, rest);
	w_flags_end(w, extra, WR_HEX, NULL);
}

const char *xlat_errno_name(int err)
{
	if (err == INT_MIN)
		return NULL;
	return xlat_name(&xlat_errnos, (uint64_t)(err < 0 ? -err : err));
}

/* ---------------------------------------------------------------- as text, snprintf's way */

static const struct wr_limits no_limits;
static const struct text_writer_opts abbrev_opts;

/* Writes val with write into buf as the text writer would: snprintf's contract. */
static size_t format_with(char *buf, size_t size,
			  void (*write)(struct writer *, const void *, uint64_t), const void *arg,
			  uint64_t val)
{
	struct text_writer tw;
	struct outbuf ob;
	size_t n;

	outbuf_init(&ob);
	text_writer__init(&tw, &ob, &no_limits, &abbrev_opts);
	write(&tw.w, arg, val);
	n = ob.len;
	if (size) {
		size_t copy = n < size - 1 ? n : size - 1;

		if (copy)
			memcpy(buf, ob.data, copy);
		buf[copy] = '\0';
	}
	outbuf_free(&ob);
	return n;
}

static void write_table(struct writer *w, const void *x, uint64_t val)
{
	xlat_write(w, x, val);
}

#define FORMAT_WITH(fn)                                                       \
	static void write_##fn(struct writer *w, const void *x, uint64_t val) \
	{                                                                     \
		xlat_write_##fn(w, val);                                      \
	}                                                                     \
	size_t xlat_format_##fn(char *buf, size_t size, uint64_t val)         \
	{                                                                     \
		return format_with(buf, size, write_##fn, NULL, val);         \
	}

size_t xlat_format(char *buf, size_t size, const struct xlat *x, uint64_t val)
{
	return format_with(buf, size, write_table, x, val);
}

FORMAT_WITH(open_flags)
FORMAT_WITH(mode)
FORMAT_WITH(signal)
FORMAT_WITH(socket_type)
FORMAT_WITH(futex_op)
FORMAT_WITH(clone_flags)
FORMAT_WITH(termios_oflag)
FORMAT_WITH(termios_cflag)

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

#include "decode/xlat.h"
#include "xlat_tables.h"

/* Constants print in decimal inside this distance from zero, hex beyond (ioctl numbers...). */
#define XLAT_DECIMAL_LIMIT 4096

/* An snprintf-style sink: len counts what the whole text needs, buf keeps what fits. */
struct xlat_out {
	char *buf;
	size_t size;
	size_t len;
};

static void out_init(struct xlat_out *o, char *buf, size_t size)
{
	o->buf = buf;
	o->size = size;
	o->len = 0;
	if (size)
		buf[0] = '\0';
}

static void out_str(struct xlat_out *o, const char *s)
{
	size_t n = strlen(s);

	if (o->len + 1 < o->size) {
		size_t room = o->size - o->len - 1;
		size_t copy = n < room ? n : room;

		memcpy(o->buf + o->len, s, copy);
		o->buf[o->len + copy] = '\0';
	}
	o->len += n;
}

__attribute__((format(printf, 2, 3))) static void out_fmt(struct xlat_out *o, const char *fmt, ...)
{
	char tmp[32]; /* the longest is a 64-bit number in octal with its prefix */
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	out_str(o, tmp);
}

static void out_number(struct xlat_out *o, uint64_t val)
{
	int64_t s = (int64_t)val;

	if (s > -XLAT_DECIMAL_LIMIT && s < XLAT_DECIMAL_LIMIT)
		out_fmt(o, "%lld", (long long)s);
	else
		out_fmt(o, "%#llx", (unsigned long long)val);
}

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

static void put_const(struct xlat_out *o, const struct xlat *x, uint64_t val)
{
	const char *name = xlat_name(x, val);

	if (name)
		out_str(o, name);
	else
		out_number(o, val);
}

/* True when every entry of the table fits in 32 bits. */
static int xlat_is_32bit(const struct xlat *x)
{
	unsigned int i;

	for (i = 0; i < x->nentries; i++)
		if (x->entries[i].val >> 32)
			return 0;
	return 1;
}

static void put_flags(struct xlat_out *o, const struct xlat *x, uint64_t val)
{
	uint64_t left = val;
	const char *sep = "";
	unsigned int i;

	if (!val) {
		put_const(o, x, 0);
		return;
	}
	/*
	 * Flags arguments declared int reach us sign-extended when bit 31 is set; the upper half
	 * of such a word is no flags at all, so a 32-bit table takes back the 32 bits it was.
	 */
	if ((val >> 31) == 0x1ffffffffULL && xlat_is_32bit(x))
		left = val & 0xffffffffULL;
	for (i = 0; i < x->nentries && left; i++) {
		uint64_t bits = x->entries[i].val;

		/* Taking the bits as they match lets a mask listed first hide its parts. */
		if (bits && (left & bits) == bits) {
			out_str(o, sep);
			out_str(o, x->entries[i].name);
			sep = "|";
			left &= ~bits;
		}
	}
	if (left) {
		out_str(o, sep);
		out_fmt(o, "%#llx", (unsigned long long)left);
	}
}

/* The walk of put_flags, for callers that want the names one by one (JSON). */
uint64_t xlat_flags_names(const struct xlat *x, uint64_t val,
			  void (*fn)(void *ctx, const char *name), void *ctx)
{
	uint64_t left = val;
	const char *name;
	unsigned int i;

	if (!x)
		return val;
	if (!val) {
		name = xlat_name(x, 0);
		if (name)
			fn(ctx, name);
		return 0;
	}
	if ((val >> 31) == 0x1ffffffffULL && xlat_is_32bit(x))
		left = val & 0xffffffffULL;
	for (i = 0; i < x->nentries && left; i++) {
		uint64_t bits = x->entries[i].val;

		if (bits && (left & bits) == bits) {
			fn(ctx, x->entries[i].name);
			left &= ~bits;
		}
	}
	return left;
}

static void put(struct xlat_out *o, const struct xlat *x, uint64_t val)
{
	if (x && x->kind == XLAT_FLAGS)
		put_flags(o, x, val);
	else
		put_const(o, x, val);
}

size_t xlat_format(char *buf, size_t size, const struct xlat *x, uint64_t val)
{
	struct xlat_out o;

	out_init(&o, buf, size);
	put(&o, x, val);
	return o.len;
}

size_t xlat_format_open_flags(char *buf, size_t size, uint64_t flags)
{
	struct xlat_out o;
	uint64_t rest = flags & ~(uint64_t)O_ACCMODE;

	out_init(&o, buf, size);
	/* The access mode is a 2-bit number (O_RDONLY is 0), so it always prints, first. */
	put_const(&o, &xlat_open_access, flags & O_ACCMODE);
	if (rest) {
		out_str(&o, "|");
		put_flags(&o, &xlat_open_flags, rest);
	}
	return o.len;
}

size_t xlat_format_mode(char *buf, size_t size, uint64_t mode)
{
	struct xlat_out o;
	const char *type = xlat_name(&xlat_file_types, mode & S_IFMT);

	out_init(&o, buf, size);
	if (type) {
		out_str(&o, type);
		out_str(&o, "|");
		mode &= ~(uint64_t)S_IFMT;
	}
	/* Octal as chmod takes it, with at least three digits (000). */
	out_fmt(&o, "%#03llo", (unsigned long long)mode);
	return o.len;
}

static void put_signal(struct xlat_out *o, uint64_t sig)
{
	const char *name = xlat_name(&xlat_signals, sig);
	int64_t s = (int64_t)sig;
	uint64_t rtmin;

	if (name) {
		out_str(o, name);
		return;
	}
	/*
	 * Above the kernel's SIGRTMIN the signals have no names of their own. The top is glibc's
	 * _NSIG less one: the kernel's SIGRTMAX, which x86's UAPI header cannot express.
	 */
	if (!xlat_value(&xlat_signals, "SIGRTMIN", &rtmin) && s > (int64_t)rtmin && s < _NSIG) {
		out_fmt(o, "SIGRTMIN+%lld", (long long)(s - (int64_t)rtmin));
		return;
	}
	out_fmt(o, "%lld", (long long)s);
}

size_t xlat_format_signal(char *buf, size_t size, uint64_t sig)
{
	struct xlat_out o;

	out_init(&o, buf, size);
	put_signal(&o, sig);
	return o.len;
}

size_t xlat_format_socket_type(char *buf, size_t size, uint64_t type)
{
	const uint64_t flag_bits = SOCK_NONBLOCK | SOCK_CLOEXEC;
	struct xlat_out o;

	out_init(&o, buf, size);
	put_const(&o, &xlat_socket_types, type & ~flag_bits);
	if (type & flag_bits) {
		out_str(&o, "|");
		put_flags(&o, &xlat_socket_type_flags, type & flag_bits);
	}
	return o.len;
}

size_t xlat_format_futex_op(char *buf, size_t size, uint64_t op)
{
	const uint64_t flag_bits = FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME;
	uint64_t flags = op & flag_bits;
	const char *cmd = xlat_name(&xlat_futex_cmds, op & ~flag_bits);
	struct xlat_out o;

	out_init(&o, buf, size);
	if (cmd) {
		/* The glibc/kernel spelling of a private op is one name: FUTEX_WAIT_PRIVATE. */
		out_str(&o, cmd);
		if (flags & FUTEX_PRIVATE_FLAG) {
			out_str(&o, "_PRIVATE");
			flags &= ~(uint64_t)FUTEX_PRIVATE_FLAG;
		}
	} else {
		out_number(&o, op & ~flag_bits);
	}
	if (flags) {
		out_str(&o, "|");
		put_flags(&o, &xlat_futex_flags, flags);
	}
	return o.len;
}

size_t xlat_format_clone_flags(char *buf, size_t size, uint64_t flags)
{
	uint64_t sig = flags & CSIGNAL;
	uint64_t rest = flags & ~(uint64_t)CSIGNAL;
	struct xlat_out o;

	out_init(&o, buf, size);
	if (rest || !sig)
		put_flags(&o, &xlat_clone_flags, rest);
	if (sig) {
		if (rest)
			out_str(&o, "|");
		put_signal(&o, sig);
	}
	return o.len;
}

/* A number field of a flags word whose values are named by their index: NL0, CR2, CS7. */
struct index_field {
	uint64_t mask;
	const char *prefix;
	unsigned int first; /* the name of index 0: CS5 is CSIZE's 0 */
};

static void put_index_field(struct xlat_out *o, const struct index_field *f, uint64_t val)
{
	out_str(o, f->prefix);
	out_fmt(o, "%llu",
		(unsigned long long)((val & f->mask) >> __builtin_ctzll(f->mask)) + f->first);
}

size_t xlat_format_termios_oflag(char *buf, size_t size, uint64_t val)
{
	/* the delay fields in the order of their bits; each prints, as its 0 means something */
	static const struct index_field delays[] = {
		{NLDLY, "NL", 0}, {CRDLY, "CR", 0}, {TABDLY, "TAB", 0},
		{BSDLY, "BS", 0}, {VTDLY, "VT", 0}, {FFDLY, "FF", 0},
	};
	uint64_t rest = val;
	struct xlat_out o;

	out_init(&o, buf, size);
	for (size_t i = 0; i < sizeof(delays) / sizeof(delays[0]); i++) {
		if (i)
			out_str(&o, "|");
		put_index_field(&o, &delays[i], val);
		rest &= ~delays[i].mask;
	}
	if (rest) {
		out_str(&o, "|");
		put_flags(&o, &xlat_termios_oflags, rest);
	}
	return o.len;
}

size_t xlat_format_termios_cflag(char *buf, size_t size, uint64_t val)
{
	static const struct index_field csize = {CSIZE, "CS", 5};
	/* glibc has no IBSHIFT: the input rate is the output rate's field moved up */
	const unsigned int ibshift = __builtin_ctzll(CIBAUD) - __builtin_ctzll(CBAUD);
	uint64_t rest = val & ~(uint64_t)(CBAUD | CIBAUD | CSIZE);
	struct xlat_out o;

	out_init(&o, buf, size);
	put_const(&o, &xlat_termios_bauds, val & CBAUD);
	if (val & CIBAUD) {
		out_str(&o, "|");
		put_const(&o, &xlat_termios_bauds, (val & CIBAUD) >> ibshift);
		out_str(&o, "<<IBSHIFT");
	}
	out_str(&o, "|");
	put_index_field(&o, &csize, val);
	if (rest) {
		out_str(&o, "|");
		put_flags(&o, &xlat_termios_cflags, rest);
	}
	return o.len;
}

const char *xlat_errno_name(int err)
{
	if (err == INT_MIN)
		return NULL;
	return xlat_name(&xlat_errnos, (uint64_t)(err < 0 ? -err : err));
}

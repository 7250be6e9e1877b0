// SPDX-License-Identifier: GPL-2.0
/*
 * Stack records into frames (stack.h): libdw unwinds the user stack with DWARF CFI over the
 * copy the kernel took, one Dwfl per process image with its modules reported as frames need
 * them, as perf's --call-graph dwarf does; symbols are cached by object and address.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <elfutils/libdwfl.h>

#include "stack/mmap_events.h"
#include "stack/stack.h"

#define PAGE_MASK_4K (~0xfffULL)
/* Symbol cache entries; cleared whole when full (objects rarely have that many hot spots). */
#define SYM_CACHE_SLOTS 8192

/* What btftrace knows of a reported module: its userdata slot in libdw. */
struct module_info {
	struct module_info *next; /* the image's, freed with it */
	const char *path;	  /* interned */
	__u64 ino;
	const char *build_id; /* interned hex, or NULL */
};

/* One process image's libdw session, and the record being unwound in it. */
struct image_unwind {
	struct stack_unwinder *u;
	Dwfl *dwfl;
	bool attached;
	struct module_info *modules; /* the userdata of its reported modules */
	struct proc_image *img;
	__u32 pid;
	/* the record being unwound */
	const struct bt_stack_rec *rec;
	const unsigned char *stack;
	__u64 sp;
	size_t len;
	bool read_past_copy; /* the unwinder wanted memory above the copy */
	unsigned int nframes;
	bool limit_hit;
};

struct sym_slot {
	const char *path; /* NULL: empty */
	__u64 ino, rel;
	bool with_src;
	const char *symbol; /* interned, or NULL */
	__u64 offset;
	const char *file; /* interned, or NULL */
	int line;
};

struct stack_unwinder {
	struct stack_opts opts;
	struct proc_maps *maps;
	struct mmap_events *mmaps;
	struct kallsyms ksyms;
	bool have_ksyms;
	__u32 kernel_skip[2];
	int self_fd;
	Elf *self_elf; /* an ELF of this machine, for libdw to know the architecture by */
	struct stack_frame *user, *kernel;
	struct sym_slot *syms;
	size_t nsyms;
	/* the frames' addresses and whether each is the call's own (activation) */
	__u64 *pcs;
	bool *activation;
};

static void image_unwind_free(void *p)
{
	struct image_unwind *iu = p;

	if (!iu)
		return;
	if (iu->dwfl)
		dwfl_end(iu->dwfl);
	while (iu->modules) {
		struct module_info *mi = iu->modules;

		iu->modules = mi->next;
		free(mi);
	}
	free(iu);
}

struct stack_unwinder *stack_unwinder__new(const struct stack_opts *o)
{
	struct stack_unwinder *u = calloc(1, sizeof(*u));
	unsigned int limit = o->frame_limit ? o->frame_limit : STACK_FRAME_LIMIT_DEFAULT;

	if (!u)
		return NULL;
	u->opts = *o;
	u->opts.frame_limit = limit;
	u->self_fd = -1;
	u->maps = proc_maps__new(o->track_all, o->follow, image_unwind_free);
	u->user = calloc(limit, sizeof(*u->user));
	u->kernel = calloc(BT_STACK_FRAMES_MAX, sizeof(*u->kernel));
	u->syms = calloc(SYM_CACHE_SLOTS, sizeof(*u->syms));
	u->pcs = calloc(limit, sizeof(*u->pcs));
	u->activation = calloc(limit, sizeof(*u->activation));
	elf_version(EV_CURRENT);
	u->self_fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	if (u->self_fd >= 0)
		u->self_elf = elf_begin(u->self_fd, ELF_C_READ_MMAP, NULL);
	if (!u->maps || !u->user || !u->kernel || !u->syms || !u->pcs || !u->activation ||
	    !u->self_elf) {
		stack_unwinder__free(u);
		return NULL;
	}
	return u;
}

void stack_unwinder__free(struct stack_unwinder *u)
{
	if (!u)
		return;
	mmap_events__free(u->mmaps);
	/* the images' Dwfl sessions go with the maps */
	proc_maps__free(u->maps);
	kallsyms__free(&u->ksyms);
	if (u->self_elf)
		elf_end(u->self_elf);
	if (u->self_fd >= 0)
		close(u->self_fd);
	free(u->user);
	free(u->kernel);
	free(u->syms);
	free(u->pcs);
	free(u->activation);
	free(u);
}

struct proc_maps *stack_unwinder__maps(struct stack_unwinder *u)
{
	return u->maps;
}

int stack_unwinder__watch_mmaps(struct stack_unwinder *u, int ncpus)
{
	return mmap_events__open(&u->mmaps, ncpus);
}

void stack_unwinder__poll(struct stack_unwinder *u)
{
	if (u->mmaps)
		mmap_events__drain(u->mmaps, u->maps);
}

int stack_unwinder__load_kallsyms(struct stack_unwinder *u, const char *path)
{
	int err = kallsyms__load(&u->ksyms, path);

	u->have_ksyms = !err;
	return err;
}

const struct kallsyms *stack_unwinder__kallsyms(const struct stack_unwinder *u)
{
	return u->have_ksyms ? &u->ksyms : NULL;
}

void stack_unwinder__set_kernel_skip(struct stack_unwinder *u, const __u32 skip[2])
{
	u->kernel_skip[0] = skip[0];
	u->kernel_skip[1] = skip[1];
}

void stack_unwinder__process_gone(struct stack_unwinder *u, __u32 pid)
{
	proc_maps__forget(u->maps, pid);
}

/*
 * Separate debug info, only where it is on this machine (a -dbgsym package's
 * /usr/lib/debug/.build-id/xx/rest.debug): libdw's standard search may ask a debuginfod
 * server, and btftrace downloads nothing.
 */
static int find_local_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
				Dwarf_Addr base, const char *file_name, const char *debuglink_file,
				GElf_Word debuglink_crc, char **debuginfo_file_name)
{
	const unsigned char *bits;
	GElf_Addr vaddr;
	char path[512];
	int n = dwfl_module_build_id(mod, &bits, &vaddr), len, fd;

	if (n < 2)
		return -1;
	len = snprintf(path, sizeof(path), "/usr/lib/debug/.build-id/%02x/", bits[0]);
	for (int i = 1; i < n && len < (int)sizeof(path) - 8; i++)
		len += snprintf(path + len, sizeof(path) - len, "%02x", bits[i]);
	snprintf(path + len, sizeof(path) - len, ".debug");
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0)
		*debuginfo_file_name = strdup(path);
	return fd;
}

static char *no_debuginfo_path;

static const Dwfl_Callbacks dwfl_callbacks = {
	.find_elf = NULL, /* every module is reported with its file, opened by btftrace */
	.find_debuginfo = find_local_debuginfo,
	.section_address = dwfl_offline_section_address,
	.debuginfo_path = &no_debuginfo_path,
};

/*
 * The image's mapping over addr when the stack was taken. When none is known yet: the kernel's
 * mmap events that may have come since, then the process's own maps if it is still there and
 * they were not read since.
 */
static const struct map_entry *find_mapping(struct image_unwind *iu, __u64 addr)
{
	struct stack_unwinder *u = iu->u;
	__u64 ts = iu->rec->hdr.ts;
	const struct map_entry *m = proc_image__find(iu->img, addr, ts);

	if (m)
		return m;
	stack_unwinder__poll(u);
	m = proc_image__find(iu->img, addr, ts);
	if (m || iu->img != proc_maps__current(u->maps, iu->pid))
		return m;
	if (!iu->img->proc_read || !u->mmaps) {
		proc_maps__read_proc(u->maps, iu->pid);
		m = proc_image__find(iu->img, addr, ~0ULL);
	}
	return m;
}

/* The load bias of a mapping of an ET_DYN file: its addresses less the file's own. */
static __u64 mapping_bias(Elf *elf, const struct map_entry *m)
{
	size_t phnum;

	if (elf_getphdrnum(elf, &phnum))
		return m->start - m->pgoff;
	for (size_t i = 0; i < phnum; i++) {
		GElf_Phdr mem, *ph = gelf_getphdr(elf, i, &mem);

		if (ph && ph->p_type == PT_LOAD && (ph->p_offset & PAGE_MASK_4K) == m->pgoff)
			return m->start - (ph->p_vaddr & PAGE_MASK_4K);
	}
	return m->start - m->pgoff;
}

/* The file mapped, opened: the one the process mapped, or -1 when it was replaced since. */
static int open_mapped(struct image_unwind *iu, const struct map_entry *m)
{
	struct stat st;
	char alt[128];
	int fd = open(m->path, O_RDONLY | O_CLOEXEC);

	if (fd >= 0 && (!m->ino || (fstat(fd, &st) == 0 && st.st_ino == m->ino)))
		return fd;
	if (fd >= 0)
		close(fd);
	/* while the process lives, the kernel still has the file it mapped */
	snprintf(alt, sizeof(alt), "/proc/%u/map_files/%llx-%llx", iu->pid,
		 (unsigned long long)m->start, (unsigned long long)m->end);
	return open(alt, O_RDONLY | O_CLOEXEC);
}

static const char *hex_build_id(struct stack_unwinder *u, Dwfl_Module *mod)
{
	const unsigned char *bits;
	GElf_Addr vaddr;
	char hex[2 * 64 + 1];
	int n = dwfl_module_build_id(mod, &bits, &vaddr);

	if (n <= 0)
		return NULL;
	if (n > 64)
		n = 64;
	for (int i = 0; i < n; i++)
		snprintf(hex + 2 * i, 3, "%02x", bits[i]);
	return proc_maps__intern(u->maps, hex);
}

/* The module over pc, reported to libdw from the maps the first time a frame needs it. */
static Dwfl_Module *module_at(struct image_unwind *iu, __u64 pc, const struct map_entry **mp)
{
	const struct map_entry *m;
	struct module_info *mi;
	Dwfl_Module *mod = dwfl_addrmodule(iu->dwfl, pc);
	GElf_Ehdr ehdr;
	void **userdata;
	__u64 bias = 0;
	Elf *elf;
	int fd;

	*mp = NULL;
	if (mod)
		return mod;
	m = find_mapping(iu, pc);
	*mp = m;
	if (!m)
		return NULL;
	fd = open_mapped(iu, m);
	if (fd < 0)
		return NULL;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || !gelf_getehdr(elf, &ehdr)) {
		if (elf)
			elf_end(elf);
		close(fd);
		return NULL;
	}
	if (ehdr.e_type == ET_DYN)
		bias = mapping_bias(elf, m);
	elf_end(elf);
	dwfl_report_begin_add(iu->dwfl);
	/* on success libdw keeps fd */
	mod = dwfl_report_elf(iu->dwfl, m->path, m->path, fd, bias, true);
	dwfl_report_end(iu->dwfl, NULL, NULL);
	if (!mod) {
		close(fd);
		return NULL;
	}
	dwfl_module_info(mod, &userdata, NULL, NULL, NULL, NULL, NULL, NULL);
	mi = calloc(1, sizeof(*mi));
	if (mi) {
		mi->path = m->path;
		mi->ino = m->ino;
		mi->build_id = hex_build_id(iu->u, mod);
		mi->next = iu->modules;
		iu->modules = mi;
		*userdata = mi;
	}
	return mod;
}

static size_t sym_hash(const char *path, __u64 rel, bool with_src)
{
	__u64 h = (__u64)(unsigned long)path * 0x9e3779b97f4a7c15ULL ^ rel * 0xff51afd7ed558ccdULL;

	return (h ^ (h >> 29) ^ with_src) % SYM_CACHE_SLOTS;
}

/*
 * A symbol's name without its version: a debug file's symbol table has glibc's
 * "__libc_start_main@@GLIBC_2.34" where the dynamic one has "__libc_start_main".
 */
static const char *symbol_name(struct stack_unwinder *u, const char *name)
{
	const char *at = strchr(name, '@');
	char buf[512];

	if (!at || at == name || (size_t)(at - name) >= sizeof(buf))
		return proc_maps__intern(u->maps, name);
	memcpy(buf, name, at - name);
	buf[at - name] = 0;
	return proc_maps__intern(u->maps, buf);
}

/* Names frame f (its addr set, activation: the call's own frame), in the image of iu. */
static void name_frame(struct image_unwind *iu, struct stack_frame *f, bool activation)
{
	struct stack_unwinder *u = iu->u;
	bool with_src = u->opts.source_lines;
	const struct map_entry *m;
	struct module_info *mi;
	struct sym_slot *slot;
	Dwfl_Module *mod = module_at(iu, f->addr, &m);
	void **userdata;
	GElf_Off off = 0;
	Dwarf_Addr rel;
	GElf_Sym sym;

	rel = f->addr;
	memset(f, 0, sizeof(*f));
	f->addr = rel;
	if (!mod) {
		/* a mapping without a readable file still says which file it was */
		if (m) {
			f->object = m->path;
			f->rel = f->addr - m->start + m->pgoff;
		}
		return;
	}
	dwfl_module_info(mod, &userdata, NULL, NULL, NULL, NULL, NULL, NULL);
	mi = *userdata;
	/*
	 * strace 6.1's [0x...] is the offset in the file (libunwind's), which is the ELF address
	 * in a shared library or a PIE, but not in a program linked at a fixed address
	 */
	if (!m)
		m = find_mapping(iu, f->addr);
	rel = f->addr;
	dwfl_module_relocate_address(mod, &rel);
	f->rel = m ? f->addr - m->start + m->pgoff : rel;
	f->object = mi ? mi->path : NULL;
	f->build_id = mi ? mi->build_id : NULL;
	if (!mi)
		return;
	slot = &u->syms[sym_hash(mi->path, rel, with_src)];
	if (slot->path == mi->path && slot->ino == mi->ino && slot->rel == rel &&
	    slot->with_src == with_src) {
		f->symbol = slot->symbol;
		f->offset = slot->offset;
		f->file = slot->file;
		f->line = slot->line;
		return;
	}
	/* strace 6.1 names a return address itself, not the call before it */
	const char *name = dwfl_module_addrinfo(mod, f->addr, &off, &sym, NULL, NULL, NULL);

	f->symbol = name ? symbol_name(u, name) : NULL;
	f->offset = name ? off : 0;
	if (with_src) {
		/* the line of the call, which the return address is just past */
		Dwfl_Line *line = dwfl_module_getsrc(mod, activation ? f->addr : f->addr - 1);
		const char *file =
			line ? dwfl_lineinfo(line, NULL, &f->line, NULL, NULL, NULL) : NULL;

		f->file = file ? proc_maps__intern(u->maps, file) : NULL;
		if (!f->file)
			f->line = 0;
	}
	*slot = (struct sym_slot){.path = mi->path,
				  .ino = mi->ino,
				  .rel = rel,
				  .with_src = with_src,
				  .symbol = f->symbol,
				  .offset = f->offset,
				  .file = f->file,
				  .line = f->line};
}

/* libdw's view of the thread: the registers and stack the record holds. */
static pid_t next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
	struct image_unwind *iu = arg;

	if (*thread_argp)
		return 0;
	*thread_argp = arg;
	return iu->rec->hdr.tid;
}

static bool get_thread(Dwfl *dwfl, pid_t tid, void *arg, void **thread_argp)
{
	*thread_argp = arg;
	return true;
}

static bool memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	struct image_unwind *iu = arg;

	if (addr >= iu->sp && addr + sizeof(*result) <= iu->sp + iu->len &&
	    addr + sizeof(*result) > addr) {
		memcpy(result, iu->stack + (addr - iu->sp), sizeof(*result));
		return true;
	}
	/* just above the copy: a frame the copy did not reach */
	if (addr >= iu->sp + iu->len && addr < iu->sp + iu->len + 65536)
		iu->read_past_copy = true;
	return false;
}

static bool set_initial_registers(Dwfl_Thread *thread, void *arg)
{
	struct image_unwind *iu = arg;

	/* __u64 and Dwarf_Word are both 64-bit unsigned: the same array */
	return dwfl_thread_state_registers(thread, 0, BT_STACK_REGS,
					   (const Dwarf_Word *)iu->rec->regs);
}

static const Dwfl_Thread_Callbacks thread_callbacks = {
	.next_thread = next_thread,
	.get_thread = get_thread,
	.memory_read = memory_read,
	.set_initial_registers = set_initial_registers,
};

static int frame_callback(Dwfl_Frame *state, void *arg)
{
	struct image_unwind *iu = arg;
	const struct map_entry *m;
	Dwarf_Addr pc;
	bool activation;

	/*
	 * libdw unwinds from this frame next, and asking whether it is an activation already
	 * does: the module's CFI must be known to it first, or it falls back to guessing by
	 * frame pointers.
	 */
	if (!dwfl_frame_pc(state, &pc, NULL))
		return DWARF_CB_ABORT;
	module_at(iu, pc, &m);
	if (!dwfl_frame_pc(state, &pc, &activation))
		return DWARF_CB_ABORT;
	if (iu->nframes == iu->u->opts.frame_limit) {
		iu->limit_hit = true;
		return DWARF_CB_ABORT;
	}
	iu->u->pcs[iu->nframes] = pc;
	iu->u->activation[iu->nframes] = activation;
	iu->nframes++;
	return DWARF_CB_OK;
}

/* The image's libdw session, begun the first time one of its stacks is unwound. */
static struct image_unwind *image_unwind(struct stack_unwinder *u, struct proc_image *img,
					 __u32 pid)
{
	struct image_unwind *iu = img->user;

	if (iu)
		return iu;
	iu = calloc(1, sizeof(*iu));
	if (!iu)
		return NULL;
	iu->u = u;
	iu->img = img;
	iu->pid = pid;
	iu->dwfl = dwfl_begin(&dwfl_callbacks);
	if (!iu->dwfl) {
		free(iu);
		return NULL;
	}
	img->user = iu;
	return iu;
}

static void unwind_dwarf(struct image_unwind *iu, const struct bt_stack_rec *rec,
			 struct stack_trace *out)
{
	const struct map_entry *m;
	int err;

	iu->stack = (const unsigned char *)(rec + 1);
	iu->sp = rec->regs[BT_STACK_REG_SP];
	iu->len = rec->user_len;
	iu->read_past_copy = false;
	iu->nframes = 0;
	iu->limit_hit = false;
	module_at(iu, rec->regs[BT_STACK_REG_IP], &m);
	if (!iu->attached) {
		/* any ELF of this machine tells libdw the architecture */
		if (!dwfl_attach_state(iu->dwfl, iu->u->self_elf, iu->pid, &thread_callbacks, iu)) {
			out->stop = STACK_STOP_ERROR;
			out->error = dwfl_errmsg(-1);
			return;
		}
		iu->attached = true;
	}
	err = dwfl_getthread_frames(iu->dwfl, rec->hdr.tid, frame_callback, iu);
	if (iu->limit_hit)
		out->stop = STACK_STOP_LIMIT;
	/*
	 * A frame whose return address is above the copy looks to libdw like the stack's end
	 * (an undefined return address), with no error: the copy must say it was cut short.
	 */
	else if (iu->read_past_copy && !(rec->flags & BT_STACK_COPY_SHORT))
		out->stop = STACK_STOP_COPY;
	/* the outermost frame reached: no error, or libdw's way of saying there is no more */
	else if (err && iu->nframes <= 1)
		out->stop = STACK_STOP_ERROR, out->error = dwfl_errmsg(-1);
	out->copy_bytes = rec->user_len;
}

static void take_fp_frames(struct image_unwind *iu, const struct bt_stack_rec *rec)
{
	const __u64 *frames = (const void *)(rec + 1);
	unsigned int n = rec->user_len / 8;

	iu->nframes = 0;
	iu->limit_hit = false;
	for (unsigned int i = 0; i < n; i++) {
		/* the kernel ends a short walk with zeros */
		if (!frames[i])
			break;
		if (iu->nframes == iu->u->opts.frame_limit) {
			iu->limit_hit = true;
			break;
		}
		iu->u->pcs[iu->nframes] = frames[i];
		iu->u->activation[iu->nframes] = i == 0;
		iu->nframes++;
	}
}

static void resolve_user(struct stack_unwinder *u, const struct bt_stack_rec *rec,
			 struct stack_trace *out)
{
	__u32 pid = rec->hdr.tgid;
	struct proc_image *img = proc_maps__image_at(u->maps, pid, rec->hdr.ts);
	struct image_unwind *iu;

	out->has_user = true;
	if (!img) {
		/* a process met for the first time: what it maps now */
		stack_unwinder__poll(u);
		img = proc_maps__image_at(u->maps, pid, rec->hdr.ts);
		if (!img) {
			img = proc_maps__current(u->maps, pid);
			if (img && !img->proc_read)
				proc_maps__read_proc(u->maps, pid);
		}
	}
	iu = img ? image_unwind(u, img, pid) : NULL;
	if (!iu) {
		out->stop = STACK_STOP_NO_MAPS;
		return;
	}
	iu->rec = rec;
	if (rec->mode == BT_STACK_DWARF)
		unwind_dwarf(iu, rec, out);
	else
		take_fp_frames(iu, rec);
	if (iu->limit_hit)
		out->stop = STACK_STOP_LIMIT;
	for (unsigned int i = 0; i < iu->nframes; i++) {
		u->user[i].addr = u->pcs[i];
		name_frame(iu, &u->user[i], u->activation[i]);
	}
	out->user = u->user;
	out->nuser = iu->nframes;
	if (iu->nframes && !img->nmaps)
		out->stop = STACK_STOP_NO_MAPS;
	iu->rec = NULL;
}

static void resolve_kernel(struct stack_unwinder *u, const struct bt_stack_rec *rec,
			   const __u64 *frames, unsigned int n, struct stack_trace *out)
{
	__u32 probed = u->kernel_skip[(rec->flags & BT_STACK_AT_EXIT) ? 1 : 0];
	/* taken before the probe's count was set: its BPF frames go here */
	unsigned int drop = probed > rec->kernel_skip ? probed - rec->kernel_skip : 0;

	out->has_kernel = true;
	out->kernel = u->kernel;
	out->nkernel = 0;
	for (unsigned int i = drop; i < n && frames[i]; i++) {
		struct stack_frame *f = &u->kernel[out->nkernel++];
		const struct ksym *ks = u->have_ksyms ? kallsyms__find(&u->ksyms, frames[i]) : NULL;

		memset(f, 0, sizeof(*f));
		f->addr = f->rel = frames[i];
		f->object = "[kernel.kallsyms]";
		if (ks) {
			f->symbol = ks->name;
			f->offset = frames[i] - ks->addr;
			if (ks->module)
				f->object = ks->module;
		}
	}
}

int stack_unwinder__resolve(struct stack_unwinder *u, const struct bt_stack_rec *rec, size_t size,
			    struct stack_trace *out)
{
	size_t user = BT_ALIGN8(rec->user_len);

	memset(out, 0, sizeof(*out));
	if (size < sizeof(*rec) || rec->user_len > BT_STACK_COPY_MAX ||
	    rec->kernel_len > BT_STACK_FRAMES_MAX * 8 ||
	    sizeof(*rec) + user + rec->kernel_len > size)
		return -EINVAL;
	out->mode = rec->mode;
	if (rec->flags & BT_STACK_HAS_KERNEL)
		resolve_kernel(u, rec, (const __u64 *)((const char *)(rec + 1) + user),
			       rec->kernel_len / 8, out);
	if ((rec->flags & BT_STACK_HAS_USER) &&
	    (rec->mode == BT_STACK_DWARF || rec->mode == BT_STACK_FP))
		resolve_user(u, rec, out);
	return 0;
}

static bool is_bpf_dispatch(const char *name)
{
	static const char *const prefixes[] = {"bpf_prog_",    "bpf_trace_run",	  "__bpf_trace_",
					       "__traceiter_", "bpf_trampoline_", NULL};

	for (const char *const *p = prefixes; *p; p++) {
		if (!strncmp(name, *p, strlen(*p)))
			return true;
	}
	return false;
}

int stack_count_bpf_frames(const struct kallsyms *ks, const struct stack_code_range *ranges,
			   int nranges, const __u64 *frames, int n, const char **first)
{
	int bpf = 0;

	if (first)
		*first = NULL;
	for (int i = 0; i < n; i++) {
		const struct ksym *sym = ks ? kallsyms__find(ks, frames[i]) : NULL;
		bool ours = false;

		for (int r = 0; r < nranges; r++) {
			if (frames[i] >= ranges[r].start && frames[i] < ranges[r].end)
				ours = true;
		}
		if (sym &&
		    ((sym->module && !strcmp(sym->module, "[bpf]")) || is_bpf_dispatch(sym->name)))
			ours = true;
		if (!ours) {
			if (first && sym)
				*first = sym->name;
			break;
		}
		bpf = i + 1;
	}
	return bpf;
}

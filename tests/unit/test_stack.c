// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of -k's user-space half: process maps by time, the kernel's symbols and the BPF
 * frames the probe skips, the unwinder over stacks this test records of itself (registers and
 * a copy of its own stack, as the collector takes them at sys_enter), and the frames' text and
 * JSON.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "base/outbuf.h"
#include "decode/decode.h"
#include "json_valid.h"
#include "sinks/sinks.h"
#include "stack/stack.h"

/* ---- process maps ---- */

static const char maps_text[] =
	"55d0c0000000-55d0c0001000 r--p 00000000 fe:01 1001 /usr/bin/prog\n"
	"55d0c0001000-55d0c0003000 r-xp 00001000 fe:01 1001 /usr/bin/prog\n"
	"55d0c0003000-55d0c0004000 rw-p 00003000 fe:01 1001 /usr/bin/prog\n"
	"7f0000028000-7f000017d000 r-xp 00028000 fe:01 2002 /usr/lib/libc.so.6 (deleted)\n"
	"7f0000200000-7f0000201000 r-xp 00000000 00:00 0 \n"
	"7ffd00000000-7ffd00021000 rw-p 00000000 00:00 0 [stack]\n";

static void test_maps_parse_keeps_executable_files(void **state)
{
	struct proc_maps *pm = proc_maps__new(false, false, NULL);
	struct proc_image *img;
	const struct map_entry *m;

	assert_non_null(pm);
	img = proc_maps__current(pm, 42);
	assert_non_null(img);
	/* the program's text and libc's; not data, anonymous code or the stack */
	assert_int_equal(proc_maps__parse(pm, img, maps_text), 2);
	m = proc_image__find(img, 0x55d0c0001234, 0);
	assert_non_null(m);
	assert_string_equal(m->path, "/usr/bin/prog");
	assert_int_equal(m->pgoff, 0x1000);
	assert_int_equal(m->ino, 1001);
	m = proc_image__find(img, 0x7f0000100000, 0);
	assert_non_null(m);
	/* interned: the same pointer for the same name */
	assert_ptr_equal(m->path, proc_maps__intern(pm, m->path));
	assert_null(proc_image__find(img, 0x55d0c0003100, 0));
	assert_null(proc_image__find(img, 0x7f0000200010, 0));
	assert_null(proc_image__find(img, 0x7ffd00000100, 0));
	proc_maps__free(pm);
}

static void test_maps_by_time(void **state)
{
	struct proc_maps *pm = proc_maps__new(false, true, NULL);
	struct proc_image *img;
	const struct map_entry *m;

	proc_maps__track(pm, 100);
	assert_true(proc_maps__tracked(pm, 100));
	assert_false(proc_maps__tracked(pm, 101));
	proc_maps__mmap(pm, 100, 1000, 0x400000, 0x1000, 0, 7, "/bin/a");
	/* a dlopen at 2000 over the same address: a stack from before names the old file */
	proc_maps__mmap(pm, 100, 2000, 0x400000, 0x1000, 0, 8, "/lib/b.so");
	img = proc_maps__image_at(pm, 100, 1500);
	assert_non_null(img);
	m = proc_image__find(img, 0x400010, 1500);
	assert_non_null(m);
	assert_string_equal(m->path, "/bin/a");
	m = proc_image__find(img, 0x400010, 2500);
	assert_string_equal(m->path, "/lib/b.so");
	/* -f: a child starts with its parent's maps, then its exec starts it afresh */
	proc_maps__fork(pm, 100, 101, 3000);
	assert_true(proc_maps__tracked(pm, 101));
	img = proc_maps__image_at(pm, 101, 3500);
	assert_non_null(img);
	assert_non_null(proc_image__find(img, 0x400010, 3500));
	proc_maps__exec(pm, 101, 4000);
	proc_maps__mmap(pm, 101, 4100, 0x500000, 0x1000, 0, 9, "/bin/c");
	img = proc_maps__image_at(pm, 101, 4500);
	assert_null(proc_image__find(img, 0x400010, 4500));
	assert_string_equal(proc_image__find(img, 0x500010, 4500)->path, "/bin/c");
	/* the image before the exec still names the stacks taken in it */
	img = proc_maps__image_at(pm, 101, 3500);
	assert_string_equal(proc_image__find(img, 0x400010, 3500)->path, "/lib/b.so");
	/* an exited process keeps its maps until its last line is shown */
	proc_maps__exit(pm, 101, 5000);
	assert_non_null(proc_maps__image_at(pm, 101, 4500));
	proc_maps__forget(pm, 101);
	assert_null(proc_maps__image_at(pm, 101, 4500));
	proc_maps__free(pm);
}

/* ---- the kernel's symbols ---- */

static char ksyms_path[] = "/tmp/btftrace-test-kallsyms-XXXXXX";

static const char ksyms_text[] =
	"ffffffff81000000 T _stext\n"
	"ffffffff81000100 T entry_SYSCALL_64_after_hwframe\n"
	"ffffffff81001000 D some_data\n"
	"ffffffff81200000 t __bpf_trace_sys_enter\n"
	"ffffffff81200100 T bpf_trace_run2\n"
	"ffffffff81300000 T do_syscall_64\n"
	"ffffffff81400000 T syscall_trace_enter\n"
	"ffffffffa0000000 t ext4_file_open\t[ext4]\n"
	"ffffffffa1000000 t bpf_prog_0123456789abcdef_on_sys_enter\t[bpf]\n";

static void write_ksyms(const char *text)
{
	int fd = mkstemp(ksyms_path);
	FILE *f;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_kallsyms(void **state)
{
	struct kallsyms ks = {};
	const struct ksym *s;

	write_ksyms(ksyms_text);
	assert_int_equal(kallsyms__check(ksyms_path), 0);
	assert_int_equal(kallsyms__load(&ks, ksyms_path), 0);
	s = kallsyms__find(&ks, 0xffffffff81300042);
	assert_non_null(s);
	assert_string_equal(s->name, "do_syscall_64");
	assert_null(s->module);
	/* data symbols are not code: the address is in the function before */
	s = kallsyms__find(&ks, 0xffffffff81001010);
	assert_string_equal(s->name, "entry_SYSCALL_64_after_hwframe");
	s = kallsyms__find(&ks, 0xffffffffa0000010);
	assert_string_equal(s->name, "ext4_file_open");
	assert_string_equal(s->module, "[ext4]");
	assert_null(kallsyms__find(&ks, 0xffffffff80000000));
	kallsyms__free(&ks);
	unlink(ksyms_path);

	/* kernel.kptr_restrict: every address 0, nothing could be named */
	strcpy(ksyms_path, "/tmp/btftrace-test-kallsyms-XXXXXX");
	write_ksyms("0000000000000000 T _stext\n0000000000000000 T do_syscall_64\n");
	assert_int_equal(kallsyms__check(ksyms_path), -EPERM);
	unlink(ksyms_path);
	strcpy(ksyms_path, "/tmp/btftrace-test-kallsyms-XXXXXX");
}

static void test_bpf_frames_counted(void **state)
{
	struct kallsyms ks = {};
	/* a program's frame, the tracepoint's dispatch, then the call's own */
	const __u64 frames[] = {0xffffffffa1000040, 0xffffffff81200110, 0xffffffff81200010,
				0xffffffff81400180, 0xffffffff813001fa, 0xffffffff81000130};
	/* a program kallsyms does not name (it would read as the symbol below): known by its range */
	const struct stack_code_range ranges[] = {{0xffffffff90000000, 0xffffffff90000800}};
	const __u64 unnamed[] = {0xffffffff90000100, 0xffffffff81200110, 0xffffffff81400180};
	const char *first;

	write_ksyms(ksyms_text);
	assert_int_equal(kallsyms__load(&ks, ksyms_path), 0);
	unlink(ksyms_path);
	strcpy(ksyms_path, "/tmp/btftrace-test-kallsyms-XXXXXX");
	assert_int_equal(stack_count_bpf_frames(&ks, NULL, 0, frames, 6, &first), 3);
	assert_string_equal(first, "syscall_trace_enter");
	assert_int_equal(stack_count_bpf_frames(&ks, ranges, 1, unnamed, 3, &first), 2);
	assert_string_equal(first, "syscall_trace_enter");
	/* without the range, the unnamed frame is not known to be BPF's: nothing is skipped */
	assert_int_equal(stack_count_bpf_frames(&ks, NULL, 0, unnamed, 3, &first), 0);
	/* the call's own frames are never skipped */
	assert_int_equal(stack_count_bpf_frames(&ks, NULL, 0, frames + 3, 3, NULL), 0);
	kallsyms__free(&ks);
}

/* ---- the unwinder over stacks recorded here ---- */

/* A stack record with room for the copy. */
struct recorded {
	struct bt_stack_rec rec;
	unsigned char bytes[BT_STACK_COPY_MAX + BT_STACK_FRAMES_MAX * 8];
};

static struct recorded recorded;

static __u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* The highest address of this thread's stack: the copy must not read past it. */
static __u64 stack_top(void)
{
	pthread_attr_t attr;
	void *addr;
	size_t size;

	assert_int_equal(pthread_getattr_np(pthread_self(), &attr), 0);
	assert_int_equal(pthread_attr_getstack(&attr, &addr, &size), 0);
	pthread_attr_destroy(&attr);
	return (__u64)(uintptr_t)addr + size;
}

/*
 * What the collector does at sys_enter, here: the registers in DWARF's order and copy bytes
 * of the stack from the stack pointer on. Not inlined, so that it is a frame of its own. The
 * copy reads the stack as the kernel does, whatever is there, ASan's red zones between
 * variables too: word by word, not through memcpy, which ASan checks.
 */
__attribute__((noinline, no_sanitize_address)) static void record_stack(__u32 copy)
{
	__u64 *r = recorded.rec.regs;
	__u64 sp, top = stack_top();

	asm volatile("movq %%rbx, %0\n\t"
		     "movq %%rbp, %1\n\t"
		     "movq %%rsp, %2\n\t"
		     "movq %%r12, %3\n\t"
		     "movq %%r13, %4\n\t"
		     "movq %%r14, %5\n\t"
		     "movq %%r15, %6\n\t"
		     "leaq 0(%%rip), %%rax\n\t"
		     "movq %%rax, %7\n\t"
		     : "=m"(r[3]), "=m"(r[6]), "=m"(r[7]), "=m"(r[12]), "=m"(r[13]), "=m"(r[14]),
		       "=m"(r[15]), "=m"(r[16])
		     :
		     : "rax");
	sp = r[BT_STACK_REG_SP];
	if (copy > top - sp)
		copy = (top - sp) & ~7ULL;
	for (__u32 i = 0; i < copy / 8; i++)
		((__u64 *)recorded.bytes)[i] = ((const volatile __u64 *)(uintptr_t)sp)[i];
	recorded.rec.hdr.type = BT_REC_STACK;
	recorded.rec.hdr.tgid = getpid();
	recorded.rec.hdr.tid = gettid();
	recorded.rec.hdr.ts = now_ns();
	recorded.rec.hdr.size = sizeof(recorded.rec) + copy;
	recorded.rec.mode = BT_STACK_DWARF;
	recorded.rec.flags = BT_STACK_HAS_USER;
	recorded.rec.user_len = copy;
}

/* Two nested callers, as issue 19's workload has; the adds keep the calls from being jumps. */
__attribute__((noinline)) int unwind_inner(__u32 copy)
{
	record_stack(copy);
	asm volatile("" ::: "memory");
	return (int)copy + 1;
}

__attribute__((noinline)) int unwind_outer(__u32 copy)
{
	return unwind_inner(copy) + 1;
}

static struct stack_unwinder *new_unwinder(enum bt_stack_mode mode, unsigned int limit)
{
	struct stack_opts o = {.mode = mode, .frame_limit = limit};
	struct stack_unwinder *u = stack_unwinder__new(&o);

	assert_non_null(u);
	proc_maps__track(stack_unwinder__maps(u), getpid());
	return u;
}

/* The index of the first frame named name, or -1. */
static int frame_named(const struct stack_trace *t, const char *name)
{
	for (unsigned int i = 0; i < t->nuser; i++) {
		if (t->user[i].symbol && !strcmp(t->user[i].symbol, name))
			return (int)i;
	}
	return -1;
}

static void test_unwind_recorded_stack(void **state)
{
	struct stack_unwinder *u = new_unwinder(BT_STACK_DWARF, 0);
	struct stack_trace t;
	int rec_at, inner, outer;

	unwind_outer(8192);
	assert_int_equal(stack_unwinder__resolve(u, &recorded.rec, recorded.rec.hdr.size, &t), 0);
	assert_true(t.has_user);
	assert_false(t.has_kernel);
	assert_int_equal(t.mode, BT_STACK_DWARF);
	rec_at = frame_named(&t, "record_stack");
	inner = frame_named(&t, "unwind_inner");
	outer = frame_named(&t, "unwind_outer");
	/* innermost first, each caller right after its callee, as strace -k shows them */
	assert_int_equal(rec_at, 0);
	assert_int_equal(inner, 1);
	assert_int_equal(outer, 2);
	assert_true(t.nuser > 3);
	for (int i = 0; i <= outer; i++) {
		const struct stack_frame *f = &t.user[i];

		assert_non_null(f->object);
		assert_non_null(strstr(f->object, "test_stack"));
		/* strace's [0x...]: the address as an offset in the file, small for a program */
		assert_true(f->rel < f->addr);
		assert_true(f->offset < 0x1000);
	}
	/* the first frame is where the registers were taken: in record_stack itself */
	assert_true(t.user[0].addr == recorded.rec.regs[BT_STACK_REG_IP]);
	/* a return address is just past a call: the callee's symbol does not contain it */
	assert_true(t.user[1].offset > 0);
	stack_unwinder__free(u);
}

static void test_unwind_stops_where_the_copy_ends(void **state)
{
	struct stack_unwinder *u = new_unwinder(BT_STACK_DWARF, 0);
	struct stack_trace t;

	/* record_stack's frame and a little: its caller's return address is beyond */
	unwind_outer(16);
	assert_int_equal(stack_unwinder__resolve(u, &recorded.rec, recorded.rec.hdr.size, &t), 0);
	assert_true(t.nuser >= 1);
	assert_true(frame_named(&t, "unwind_outer") < 0);
	assert_int_equal(t.stop, STACK_STOP_COPY);
	assert_int_equal(t.copy_bytes, 16);
	stack_unwinder__free(u);
}

static void test_unwind_frame_limit(void **state)
{
	struct stack_unwinder *u = new_unwinder(BT_STACK_DWARF, 2);
	struct stack_trace t;

	unwind_outer(8192);
	assert_int_equal(stack_unwinder__resolve(u, &recorded.rec, recorded.rec.hdr.size, &t), 0);
	assert_int_equal(t.nuser, 2);
	assert_int_equal(t.stop, STACK_STOP_LIMIT);
	assert_string_equal(t.user[1].symbol, "unwind_inner");
	stack_unwinder__free(u);
}

static void test_unwind_rejects_bad_records(void **state)
{
	struct stack_unwinder *u = new_unwinder(BT_STACK_DWARF, 0);
	struct stack_trace t;

	unwind_outer(64);
	/* a size shorter than the copy it says it has */
	assert_int_equal(stack_unwinder__resolve(u, &recorded.rec, sizeof(recorded.rec) + 8, &t),
			 -EINVAL);
	recorded.rec.user_len = BT_STACK_COPY_MAX + 8;
	assert_int_equal(stack_unwinder__resolve(u, &recorded.rec, sizeof(recorded), &t), -EINVAL);
	assert_int_equal(stack_unwinder__resolve(u, &recorded.rec, 4, &t), -EINVAL);
	stack_unwinder__free(u);
}

/* fp mode: the kernel's walk gives return addresses; the first is the call's own */
static void test_fp_frames_named(void **state)
{
	struct stack_unwinder *u = new_unwinder(BT_STACK_FP, 0);
	__u64 *frames = (__u64 *)recorded.bytes;
	struct stack_trace t;

	memset(&recorded, 0, sizeof(recorded));
	frames[0] = (__u64)(uintptr_t)&unwind_inner + 4;
	frames[1] = (__u64)(uintptr_t)&unwind_outer + 9;
	frames[2] = 0; /* the kernel's walk ended */
	frames[3] = (__u64)(uintptr_t)&unwind_outer;
	recorded.rec.hdr.type = BT_REC_STACK;
	recorded.rec.hdr.tgid = getpid();
	recorded.rec.hdr.tid = gettid();
	recorded.rec.hdr.ts = now_ns();
	recorded.rec.mode = BT_STACK_FP;
	recorded.rec.flags = BT_STACK_HAS_USER;
	recorded.rec.user_len = 4 * 8;
	recorded.rec.hdr.size = sizeof(recorded.rec) + 4 * 8;
	assert_int_equal(stack_unwinder__resolve(u, &recorded.rec, recorded.rec.hdr.size, &t), 0);
	assert_int_equal(t.nuser, 2);
	assert_string_equal(t.user[0].symbol, "unwind_inner");
	assert_int_equal(t.user[0].offset, 4);
	assert_string_equal(t.user[1].symbol, "unwind_outer");
	assert_int_equal(t.user[1].offset, 9);
	stack_unwinder__free(u);
}

/* Kernel frames: named from kallsyms, and those taken before the probe's count trimmed. */
static void test_kernel_frames(void **state)
{
	struct stack_unwinder *u = new_unwinder(BT_STACK_NONE, 0);
	const __u64 k[] = {0xffffffff81200110, 0xffffffff81400180, 0xffffffff813001fa,
			   0xffffffffa0000010, 0};
	const __u32 skip[2] = {1, 0};
	struct stack_trace t;

	write_ksyms(ksyms_text);
	assert_int_equal(stack_unwinder__load_kallsyms(u, ksyms_path), 0);
	unlink(ksyms_path);
	strcpy(ksyms_path, "/tmp/btftrace-test-kallsyms-XXXXXX");
	memset(&recorded, 0, sizeof(recorded));
	memcpy(recorded.bytes, k, sizeof(k));
	recorded.rec.hdr.type = BT_REC_STACK;
	recorded.rec.hdr.tgid = getpid();
	recorded.rec.flags = BT_STACK_HAS_KERNEL;
	recorded.rec.kernel_len = sizeof(k);
	recorded.rec.hdr.size = sizeof(recorded.rec) + sizeof(k);
	/* taken with nothing skipped, the probe found one BPF frame: it goes here */
	stack_unwinder__set_kernel_skip(u, skip);
	assert_int_equal(stack_unwinder__resolve(u, &recorded.rec, recorded.rec.hdr.size, &t), 0);
	assert_false(t.has_user);
	assert_true(t.has_kernel);
	/* up to the zero that ends the kernel's walk */
	assert_int_equal(t.nkernel, 3);
	assert_string_equal(t.kernel[0].symbol, "syscall_trace_enter");
	assert_int_equal(t.kernel[0].offset, 0x180);
	assert_string_equal(t.kernel[0].object, "[kernel.kallsyms]");
	assert_string_equal(t.kernel[1].symbol, "do_syscall_64");
	assert_string_equal(t.kernel[2].object, "[ext4]");
	/* taken once the count was set: nothing more is dropped */
	recorded.rec.kernel_skip = 1;
	assert_int_equal(stack_unwinder__resolve(u, &recorded.rec, recorded.rec.hdr.size, &t), 0);
	assert_int_equal(t.nkernel, 4);
	stack_unwinder__free(u);
}

/* ---- the frames' text and JSON ---- */

static const struct stack_frame user_frames[] = {
	{.addr = 0x7f65997b8011,
	 .rel = 0xf8011,
	 .object = "/usr/lib/x86_64-linux-gnu/libc.so.6",
	 .build_id = "93ac61ec",
	 .symbol = "__open64",
	 .offset = 0x51},
	{.addr = 0x560fc15f541a,
	 .rel = 0x141a,
	 .object = "/usr/bin/prog",
	 .symbol = "stack_inner",
	 .offset = 0xa,
	 .file = "prog.c",
	 .line = 27},
	{.addr = 0x560fc15f6000, .rel = 0x2000, .object = "/usr/bin/prog"},
	{.addr = 0x7f42059628a8},
};

static const struct stack_frame kernel_frames[] = {
	{.addr = 0xffffffff821ef81a,
	 .rel = 0xffffffff821ef81a,
	 .object = "[kernel.kallsyms]",
	 .symbol = "do_syscall_64",
	 .offset = 0x1fa},
};

static void view_with(struct call_view *v, enum stack_stop stop)
{
	memset(v, 0, sizeof(*v));
	v->has_stack = true;
	v->stack.mode = BT_STACK_DWARF;
	v->stack.has_user = true;
	v->stack.user = user_frames;
	v->stack.nuser = 4;
	v->stack.has_kernel = true;
	v->stack.kernel = kernel_frames;
	v->stack.nkernel = 1;
	v->stack.stop = stop;
	v->stack.copy_bytes = 8192;
	v->stack.error = "no matching address range";
}

static void test_frames_text(void **state)
{
	struct call_view v;
	struct outbuf ob;

	outbuf_init(&ob);
	view_with(&v, STACK_STOP_NONE);
	sink_stack_text(&ob, &v);
	assert_string_equal(ob.data,
			    " > [kernel.kallsyms](do_syscall_64+0x1fa) [0xffffffff821ef81a]\n"
			    " > /usr/lib/x86_64-linux-gnu/libc.so.6(__open64+0x51) [0xf8011]\n"
			    " > /usr/bin/prog(stack_inner+0xa) [0x141a] prog.c:27\n"
			    " > /usr/bin/prog() [0x2000]\n"
			    " > ?() [0x7f42059628a8]\n");
	outbuf_reset(&ob);
	view_with(&v, STACK_STOP_COPY);
	v.stack.nuser = 1;
	v.stack.nkernel = 0;
	sink_stack_text(&ob, &v);
	assert_string_equal(ob.data,
			    " > /usr/lib/x86_64-linux-gnu/libc.so.6(__open64+0x51) [0xf8011]\n"
			    " > unwinding stopped: the 8192 bytes of stack copied end here "
			    "(--stack-trace-size)\n");
	/* a call without a stack record adds nothing; one whose record was lost says so */
	outbuf_reset(&ob);
	memset(&v, 0, sizeof(v));
	sink_stack_text(&ob, &v);
	assert_int_equal(ob.len, 0);
	v.stack_lost = true;
	sink_stack_text(&ob, &v);
	assert_string_equal(ob.data, " > stack not captured: the ring buffer was full\n");
	outbuf_free(&ob);
}

static void test_frames_json(void **state)
{
	struct call_view v;
	struct outbuf ob;

	outbuf_init(&ob);
	view_with(&v, STACK_STOP_ERROR);
	/* the members follow others of the call's object */
	outbuf_puts(&ob, "{\"ret\":3");
	sink_stack_json(&ob, &v);
	outbuf_putc(&ob, '}');
	assert_true(json_valid(ob.data, ob.len));
	assert_non_null(strstr(
		ob.data,
		"\"stack\":[{\"address\":\"0x7f65997b8011\",\"object\":"
		"\"/usr/lib/x86_64-linux-gnu/libc.so.6\",\"build_id\":\"93ac61ec\",\"rel\":"
		"\"0xf8011\",\"symbol\":\"__open64\",\"offset\":81,\"file\":null,\"line\":null}"));
	assert_non_null(strstr(ob.data, "\"file\":\"prog.c\",\"line\":27}"));
	/* no object: no offset in one either */
	assert_non_null(strstr(ob.data, "{\"address\":\"0x7f42059628a8\",\"object\":null,"
					"\"build_id\":null,\"rel\":null,\"symbol\":null,"
					"\"offset\":null,\"file\":null,\"line\":null}"));
	assert_non_null(strstr(ob.data, "\"stack_mode\":\"dwarf\",\"stack_stop\":\"error\","
					"\"stack_error\":\"no matching address range\""));
	assert_non_null(strstr(ob.data, "\"kernel_stack\":[{\"address\":\"0xffffffff821ef81a\""));
	outbuf_reset(&ob);
	memset(&v, 0, sizeof(v));
	v.stack_lost = true;
	outbuf_puts(&ob, "{\"ret\":3");
	sink_stack_json(&ob, &v);
	outbuf_putc(&ob, '}');
	assert_string_equal(ob.data, "{\"ret\":3,\"stack_lost\":true}");
	outbuf_free(&ob);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_maps_parse_keeps_executable_files),
		cmocka_unit_test(test_maps_by_time),
		cmocka_unit_test(test_kallsyms),
		cmocka_unit_test(test_bpf_frames_counted),
		cmocka_unit_test(test_unwind_recorded_stack),
		cmocka_unit_test(test_unwind_stops_where_the_copy_ends),
		cmocka_unit_test(test_unwind_frame_limit),
		cmocka_unit_test(test_unwind_rejects_bad_records),
		cmocka_unit_test(test_fp_frames_named),
		cmocka_unit_test(test_kernel_frames),
		cmocka_unit_test(test_frames_text),
		cmocka_unit_test(test_frames_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

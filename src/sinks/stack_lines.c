// SPDX-License-Identifier: GPL-2.0
/* -k, --kernel-stack: a call's stacks as strace's " > " lines, and as JSON members. */
#include "base/json.h"
#include "sinks/sinks.h"

/* strace's form: " > /usr/lib/x86_64-linux-gnu/libc.so.6(__open64+0x51) [0xf8011]" */
static void frame_text(struct outbuf *ob, const struct stack_frame *f)
{
	if (!f->object) {
		/* no file behind it (code made at run time), or the process's maps are gone */
		outbuf_printf(ob, " > ?() [0x%llx]\n", (unsigned long long)f->addr);
		return;
	}
	outbuf_puts(ob, " > ");
	outbuf_puts(ob, f->object);
	outbuf_putc(ob, '(');
	if (f->symbol)
		outbuf_printf(ob, "%s+0x%llx", f->symbol, (unsigned long long)f->offset);
	outbuf_printf(ob, ") [0x%llx]", (unsigned long long)f->rel);
	/* strace 6.7's -kk: the unwinder names lines only when asked to */
	if (f->file)
		outbuf_printf(ob, " %s:%d", f->file, f->line);
	outbuf_putc(ob, '\n');
}

static void stop_text(struct outbuf *ob, const struct stack_trace *t)
{
	switch (t->stop) {
	case STACK_STOP_COPY:
		outbuf_printf(ob,
			      " > unwinding stopped: the %u bytes of stack copied end here "
			      "(--stack-trace-size)\n",
			      t->copy_bytes);
		return;
	case STACK_STOP_NO_MAPS:
		outbuf_puts(ob, " > unwinding stopped: the process's maps are not known\n");
		return;
	case STACK_STOP_ERROR:
		outbuf_printf(ob, " > unwinding stopped: %s\n", t->error ? t->error : "error");
		return;
	case STACK_STOP_NONE:
	case STACK_STOP_LIMIT:
		return;
	}
}

void sink_stack_text(struct outbuf *ob, const struct call_view *v)
{
	const struct stack_trace *t = &v->stack;

	if (v->stack_lost) {
		outbuf_puts(ob, " > stack not captured: the ring buffer was full\n");
		return;
	}
	if (!v->has_stack)
		return;
	/* innermost first: the kernel's frames, then the user's that made the call */
	for (unsigned int i = 0; i < t->nkernel; i++)
		frame_text(ob, &t->kernel[i]);
	for (unsigned int i = 0; i < t->nuser; i++)
		frame_text(ob, &t->user[i]);
	stop_text(ob, t);
}

static void frame_json(struct outbuf *ob, const struct stack_frame *f)
{
	outbuf_puts(ob, "{\"address\":");
	json_put_hex(ob, f->addr);
	outbuf_puts(ob, ",\"object\":");
	json_put_cstr(ob, f->object);
	outbuf_puts(ob, ",\"build_id\":");
	json_put_cstr(ob, f->build_id);
	outbuf_puts(ob, ",\"rel\":");
	if (f->object)
		json_put_hex(ob, f->rel);
	else
		outbuf_puts(ob, "null");
	outbuf_puts(ob, ",\"symbol\":");
	json_put_cstr(ob, f->symbol);
	outbuf_puts(ob, ",\"offset\":");
	if (f->symbol)
		outbuf_u64(ob, f->offset);
	else
		outbuf_puts(ob, "null");
	outbuf_puts(ob, ",\"file\":");
	json_put_cstr(ob, f->file);
	outbuf_puts(ob, ",\"line\":");
	if (f->file)
		outbuf_s64(ob, f->line);
	else
		outbuf_puts(ob, "null");
	outbuf_putc(ob, '}');
}

static void frames_json(struct outbuf *ob, const char *key, const struct stack_frame *frames,
			unsigned int n)
{
	outbuf_putc(ob, ',');
	json_put_key(ob, key);
	outbuf_putc(ob, '[');
	for (unsigned int i = 0; i < n; i++) {
		if (i)
			outbuf_putc(ob, ',');
		frame_json(ob, &frames[i]);
	}
	outbuf_putc(ob, ']');
}

void sink_stack_json(struct outbuf *ob, const struct call_view *v)
{
	static const char *const stops[] = {
		[STACK_STOP_NONE] = NULL,	    [STACK_STOP_COPY] = "copy_size",
		[STACK_STOP_LIMIT] = "frame_limit", [STACK_STOP_NO_MAPS] = "no_maps",
		[STACK_STOP_ERROR] = "error",
	};
	const struct stack_trace *t = &v->stack;

	if (v->stack_lost) {
		outbuf_puts(ob, ",\"stack_lost\":true");
		return;
	}
	if (!v->has_stack)
		return;
	if (t->has_user) {
		frames_json(ob, "stack", t->user, t->nuser);
		outbuf_puts(ob, ",\"stack_mode\":");
		json_put_cstr(ob, t->mode == BT_STACK_FP ? "fp" : "dwarf");
		if (stops[t->stop]) {
			outbuf_puts(ob, ",\"stack_stop\":");
			json_put_cstr(ob, stops[t->stop]);
		}
		if (t->stop == STACK_STOP_ERROR) {
			outbuf_puts(ob, ",\"stack_error\":");
			json_put_cstr(ob, t->error);
		}
	}
	if (t->has_kernel)
		frames_json(ob, "kernel_stack", t->kernel, t->nkernel);
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A descriptor's inode as the current task's fd table holds it now, read at the offsets user
 * space found in the kernel's BTF (fd_offsets): -y's inodes of new fds, -P's files.
 */
#ifndef BTFTRACE_FDS_BPF_H
#define BTFTRACE_FDS_BPF_H

#include "state.bpf.h"

/*
 * The struct file * of fd in the current task, or 0: the BTF-typed walk (tasks_typed), where
 * the task, its files_struct and fdtable are read by plain loads (the verifier makes a fault
 * read 0); the array's entry is a probe read. pathtrace.bpf.c: a global function, walked by
 * the verifier once per program. Each load of a pointer from a trusted one costs the
 * verifiers of 6.x a search of the kernel's BTF by name (btf_nested_type_is_trusted):
 * inlined, this walk was searched again on each of the verifier's paths through it, about
 * 8 ms of each start-up, and twice that with -P.
 */
__u64 typed_fd_file(__s64 fd);

/* The struct file * of fd in the current task, or NULL when there is none. */
static __always_inline void *fd_file_ptr(__s64 fd)
{
	void *files, *fdt, *fds, *file;
	struct {
		__u32 max_fds;
		__u32 pad;
		void *fd;
	} head;

	if (!fd_offsets.ok || fd < 0)
		return NULL;
	if (tasks_typed)
		return (void *)typed_fd_file(fd);
	files = BPF_CORE_READ((struct task_struct *)bpf_get_current_task(), files);
	if (!files)
		return NULL;
	if (bpf_probe_read_kernel(&fdt, sizeof(fdt), files + fd_offsets.files_fdt) || !fdt)
		return NULL;
	/* max_fds and the array's pointer side by side, as struct fdtable has them: one read */
	if (fd_offsets.fdt_fd == fd_offsets.fdt_max_fds + 8) {
		if (bpf_probe_read_kernel(&head, sizeof(head), fdt + fd_offsets.fdt_max_fds))
			return NULL;
	} else if (bpf_probe_read_kernel(&head.max_fds, sizeof(head.max_fds),
					 fdt + fd_offsets.fdt_max_fds) ||
		   bpf_probe_read_kernel(&head.fd, sizeof(head.fd), fdt + fd_offsets.fdt_fd)) {
		return NULL;
	}
	fds = head.fd;
	if (fd >= head.max_fds || !fds)
		return NULL;
	if (bpf_probe_read_kernel(&file, sizeof(file), fds + fd * sizeof(void *)) || !file)
		return NULL;
	return file;
}

/* The struct inode * of fd in the current task, or NULL when there is none. */
static __always_inline void *fd_inode_ptr(__s64 fd)
{
	void *file = fd_file_ptr(fd), *inode;

	if (!file || bpf_probe_read_kernel(&inode, sizeof(inode), file + fd_offsets.file_inode))
		return NULL;
	return inode;
}

/*
 * The name of fd's file in the current task now, its dentry's ("bpf-map" for a map's fd), into
 * buf (BT_FD_NAME_MAX bytes): the length with its NUL, or 0 when there is none. The pointers
 * on the way go through s->fd_walk, not the stack: member_rule_step's frame is one of a deep
 * chain of calls, whose stacks the verifier adds up (512 bytes at most).
 */
static __always_inline long fd_dentry_name(struct scratch *s, __s64 fd, void *buf)
{
	struct task_struct *task = (void *)bpf_get_current_task();
	__u64 *p = s->fd_walk;
	long got;

	if (!fd_offsets.name_ok || fd < 0)
		return 0;
	p[0] = 0;
	p[1] = 0;
	/* task->files->fdt, and its max_fds */
	if (bpf_core_read(&p[0], sizeof(p[0]), &task->files) || !p[0] ||
	    bpf_probe_read_kernel(&p[0], sizeof(p[0]), (void *)(p[0] + fd_offsets.files_fdt)) ||
	    !p[0] ||
	    bpf_probe_read_kernel(&p[1], sizeof(__u32), (void *)(p[0] + fd_offsets.fdt_max_fds)) ||
	    fd >= (__s64)p[1])
		return 0;
	/* fdt->fd[fd], the struct file * */
	if (bpf_probe_read_kernel(&p[0], sizeof(p[0]), (void *)(p[0] + fd_offsets.fdt_fd)) ||
	    !p[0] || bpf_probe_read_kernel(&p[0], sizeof(p[0]), (void *)(p[0] + fd * 8)) || !p[0])
		return 0;
	/* file->f_path.dentry->d_name.name */
	if (bpf_probe_read_kernel(&p[0], sizeof(p[0]), (void *)(p[0] + fd_offsets.file_dentry)) ||
	    !p[0] ||
	    bpf_probe_read_kernel(&p[0], sizeof(p[0]), (void *)(p[0] + fd_offsets.dentry_name)) ||
	    !p[0])
		return 0;
	got = bpf_probe_read_kernel_str(buf, BT_FD_NAME_MAX, (void *)p[0]);
	return got > 0 ? got : 0;
}

#endif /* BTFTRACE_FDS_BPF_H */

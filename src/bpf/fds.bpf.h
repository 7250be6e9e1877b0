/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A descriptor's inode as the current task's fd table holds it now, read at the offsets user
 * space found in the kernel's BTF (fd_offsets): -y's inodes of new fds, -P's files.
 */
#ifndef BTFTRACE_FDS_BPF_H
#define BTFTRACE_FDS_BPF_H

#include "state.bpf.h"

/* The struct file * of fd in the current task, or NULL when there is none. */
static __always_inline void *fd_file_ptr(__s64 fd)
{
	struct task_struct *task = (void *)bpf_get_current_task();
	void *files = BPF_CORE_READ(task, files), *fdt, *fds, *file;
	struct {
		__u32 max_fds;
		__u32 pad;
		void *fd;
	} head;

	if (!fd_offsets.ok || !files || fd < 0)
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

#endif /* BTFTRACE_FDS_BPF_H */

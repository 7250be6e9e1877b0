// SPDX-License-Identifier: GPL-2.0
/*
 * -yy: an inet socket's endpoints read from its struct sock at the calls that set them
 * (connect, bind, accept...) and at its close, kept by inode: strace asks the socket
 * diagnostics while the traced process waits at the call, btftrace prints later, when a
 * short-lived socket is gone and the diagnostics no longer list it.
 */
#include "state.bpf.h"
#include "fds.bpf.h"
#include "sockets.bpf.h"

#define BT_S_IFMT 0170000
#define BT_S_IFSOCK 0140000
#define BT_AF_INET 2
#define BT_AF_INET6 10

/*
 * A global function: verified once, whichever program calls it, and its stack is not
 * added to the caller's.
 */
__noinline int remember_socket(__s64 fd)
{
	struct bt_sock_endpoints e = {}, *old;
	void *file, *inode, *sock, *sk;
	__u64 ino;
	__u16 mode;

	if (!fd_offsets.sock_ok)
		return 0;
	file = fd_file_ptr(fd);
	if (!file || bpf_probe_read_kernel(&inode, sizeof(inode), file + fd_offsets.file_inode) ||
	    !inode || bpf_probe_read_kernel(&mode, sizeof(mode), inode + fd_offsets.inode_mode) ||
	    (mode & BT_S_IFMT) != BT_S_IFSOCK ||
	    bpf_probe_read_kernel(&ino, sizeof(ino), inode + fd_offsets.inode_ino))
		return 0;
	if (bpf_probe_read_kernel(&sock, sizeof(sock), file + fd_offsets.file_private) || !sock ||
	    bpf_probe_read_kernel(&sk, sizeof(sk), sock + fd_offsets.socket_sk) || !sk ||
	    bpf_probe_read_kernel(&e.family, sizeof(e.family), sk + fd_offsets.sk_family))
		return 0;
	if (e.family != BT_AF_INET && e.family != BT_AF_INET6)
		return 0;
	if (bpf_probe_read_kernel(&e.protocol, sizeof(e.protocol), sk + fd_offsets.sk_protocol) ||
	    bpf_probe_read_kernel(&e.type, sizeof(e.type), sk + fd_offsets.sk_type) ||
	    bpf_probe_read_kernel(&e.sport, sizeof(e.sport), sk + fd_offsets.sk_num) ||
	    bpf_probe_read_kernel(&e.dport, sizeof(e.dport), sk + fd_offsets.sk_dport))
		return 0;
	e.dport = __builtin_bswap16(e.dport);
	if (e.family == BT_AF_INET) {
		if (bpf_probe_read_kernel(e.saddr, 4, sk + fd_offsets.sk_rcv_saddr) ||
		    bpf_probe_read_kernel(e.daddr, 4, sk + fd_offsets.sk_daddr))
			return 0;
	} else if (bpf_probe_read_kernel(e.saddr, 16, sk + fd_offsets.sk_v6_saddr) ||
		   bpf_probe_read_kernel(e.daddr, 16, sk + fd_offsets.sk_v6_daddr)) {
		return 0;
	}
	old = bpf_map_lookup_elem(&sock_endpoints, &ino);
	e.first_ns = old ? old->first_ns : bpf_ktime_get_ns();
	bpf_map_update_elem(&sock_endpoints, &ino, &e, BPF_ANY);
	return 0;
}

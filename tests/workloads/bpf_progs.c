// SPDX-License-Identifier: GPL-2.0
/*
 * BPF programs handed to the kernel, for comparing with strace 6.1 -v: an eBPF program to
 * bpf(BPF_PROG_LOAD) (one the verifier takes, one of every code it refuses), a map's info
 * asked for with BPF_OBJ_GET_INFO_BY_FD and the map's fd closed at once, classic programs to
 * setsockopt(SO_ATTACH_FILTER, SO_ATTACH_REUSEPORT_CBPF), seccomp(SECCOMP_SET_MODE_FILTER) and
 * prctl(PR_SET_SECCOMP): hostile ones the kernel refuses, then filters that allow everything;
 * seccomp's other structs flush against an unmapped page (read in part).
 */
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

static long bpf(int cmd, union bpf_attr *attr, unsigned int size)
{
	return syscall(SYS_bpf, cmd, attr, size);
}

int main(void)
{
	static struct bpf_insn every[256];
	static struct sock_filter hostile[64];
	static unsigned char info[128];
	struct bpf_insn good[] = {
		{.code = BPF_LD | BPF_DW | BPF_IMM, .dst_reg = 1, .imm = 0x12345678},
		{.imm = 0x9abcdef0},
		{.code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = -1},
		{.code = BPF_JMP | BPF_EXIT},
	};
	struct sock_filter allow[] = {BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)};
	struct sock_filter sock[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_LEN, 0),
		BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 1, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, 0xffff),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	struct sock_fprog prog;
	char license[] = "GPL", name[] = "progs_map";
	union bpf_attr a;
	long map;
	int s;

	for (int i = 0; i < 256; i++) {
		every[i].code = i;
		every[i].dst_reg = i & 15;
		every[i].src_reg = i >> 4;
		every[i].off = i & 1 ? -i : i;
		every[i].imm = i & 2 ? -i : i << 12;
	}
	for (int i = 0; i < 64; i++) {
		hostile[i].code = i & 1 ? (i * 0x1234) & 0xffff : i * 4 + 6;
		hostile[i].jt = i % 3 ? 0 : i;
		hostile[i].jf = i % 5 ? 0 : 1;
		hostile[i].k = i & 2 ? 0x7ead0000 + i : (unsigned int)i * 0x10001;
	}

	memset(&a, 0, sizeof(a));
	a.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	a.insn_cnt = sizeof(good) / sizeof(good[0]);
	a.insns = (unsigned long)good;
	a.license = (unsigned long)license;
	bpf(BPF_PROG_LOAD, &a, 48);
	a.insn_cnt = 256;
	a.insns = (unsigned long)every;
	bpf(BPF_PROG_LOAD, &a, 48);

	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_ARRAY;
	a.key_size = 4;
	a.value_size = 8;
	a.max_entries = 2;
	memcpy(a.map_name, name, sizeof(name));
	map = bpf(BPF_MAP_CREATE, &a, 72);
	memset(&a, 0, sizeof(a));
	a.info.bpf_fd = map;
	a.info.info_len = 64;
	a.info.info = (unsigned long)info;
	bpf(BPF_OBJ_GET_INFO_BY_FD, &a, 16);
	close(map);

	s = socket(AF_INET, SOCK_DGRAM, 0);
	prog = (struct sock_fprog){sizeof(sock) / sizeof(sock[0]), sock};
	setsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, &prog, sizeof(prog));
	prog = (struct sock_fprog){64, hostile};
	setsockopt(s, SOL_SOCKET, SO_ATTACH_FILTER, &prog, sizeof(prog));
	setsockopt(s, SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF, &prog, sizeof(prog));
	close(s);

	{
		char *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
				  -1, 0);

		if (page != MAP_FAILED) {
			munmap(page + 4096, 4096);
			syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, page + 4096 - 6);
			memset(page + 4096 - 4, 0, 4);
			syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, page + 4096 - 4);
		}
	}
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
	prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
	prog = (struct sock_fprog){1, allow};
	syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
	prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload for syscall sets: a few calls of every class, each exactly
 * once, made through syscall(2) so that libc cannot swap them (glibc's stat()
 * is newfstatat, its clock_gettime() the vDSO). The path argument (default
 * "/") is opened and stat'ed. Also calls sched_yield, which is in no class,
 * and uselib, which kernels give no tracefs format.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "/";
	struct sockaddr_storage addr;
	socklen_t addrlen = sizeof(addr);
	unsigned int ruid, euid, suid;
	char ustat_buf[64], byte;
	struct timespec ts;
	struct statfs sfs;
	struct stat st;
	sigset_t mask;
	long pid, fd, sock, shm;
	pid_t child;
	void *map;
	int status;

	/* %file, %desc, and the stat families */
	fd = syscall(SYS_openat, AT_FDCWD, path, O_RDONLY);
	syscall(SYS_stat, path, &st);
	syscall(SYS_lstat, path, &st);
	syscall(SYS_fstat, fd, &st);
	syscall(SYS_statfs, path, &sfs);
	syscall(SYS_fstatfs, fd, &sfs);
	syscall(SYS_ustat, (unsigned int)st.st_dev, ustat_buf);
	syscall(SYS_read, fd, &byte, 0);
	syscall(SYS_close, fd);
	/* %network */
	sock = syscall(SYS_socket, AF_UNIX, SOCK_DGRAM, 0);
	syscall(SYS_getsockname, sock, &addr, &addrlen);
	syscall(SYS_shutdown, sock, SHUT_RDWR);
	syscall(SYS_close, sock);
	/* %pure, %creds, %signal, %process */
	pid = syscall(SYS_getpid);
	syscall(SYS_getppid);
	syscall(SYS_getuid);
	syscall(SYS_getresuid, &ruid, &euid, &suid);
	syscall(SYS_rt_sigprocmask, SIG_BLOCK, NULL, &mask, 8);
	syscall(SYS_kill, pid, 0);
	child = fork();
	if (child == 0)
		_exit(0);
	syscall(SYS_wait4, child, &status, 0, NULL);
	/* %ipc, %memory, %clock */
	shm = syscall(SYS_shmget, IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	syscall(SYS_shmctl, shm, IPC_RMID, NULL);
	map = (void *)syscall(SYS_mmap, NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	syscall(SYS_munmap, map, 4096);
	syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
	/* no class; and a syscall without a tracefs format */
	syscall(SYS_sched_yield);
	syscall(SYS_uselib, NULL);
	return 0;
}

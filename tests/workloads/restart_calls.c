// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload: restart_syscall made directly, with nothing interrupted, after other calls.
 * strace names as the call it resumes the thread's previous traced one, whichever it was.
 */
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	syscall(SYS_close, -1);
	syscall(SYS_restart_syscall);
	syscall(SYS_getpid);
	syscall(SYS_restart_syscall);
	syscall(SYS_restart_syscall);
	return 0;
}

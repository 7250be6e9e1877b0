// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload for -P: in the directory argv[1], makes p.txt (traced by -P DIR/p.txt) and
 * q.txt (not), and touches p.txt by name (absolute and relative), through fds, dup'd,
 * dup2'd and F_DUPFD'd copies, a child's inherited copy, mmap, poll and select, while
 * other calls touch q.txt, a pipe or nothing. Each line says what strace -P shows of it.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char p[512], q[512], buf[8];
	int fd, other, copy, rel, pipefd[2];
	struct pollfd pfd;
	struct stat st;
	fd_set rd;
	pid_t child;
	void *map;

	if (argc < 2 || chdir(argv[1]) < 0)
		return 2;
	snprintf(p, sizeof(p), "%s/p.txt", argv[1]);
	snprintf(q, sizeof(q), "%s/q.txt", argv[1]);
	/* by name: the file does not exist before, its fd is learnt */
	fd = open(p, O_CREAT | O_RDWR | O_TRUNC, 0644);	       /* shown */
	other = open(q, O_CREAT | O_RDWR | O_TRUNC, 0644);     /* not */
	if (fd < 0 || other < 0 || write(fd, "hello", 5) != 5) /* shown */
		return 1;
	if (write(other, "other", 5) != 5) /* not */
		return 1;
	getppid();		/* not */
	copy = dup(fd);		/* shown */
	if (dup2(fd, 20) != 20) /* shown */
		return 1;
	close(fd);		       /* shown */
	if (pread(20, buf, 2, 0) != 2) /* shown */
		return 1;
	fstat(copy, &st);		    /* shown */
	lseek(other, 0, SEEK_SET);	    /* not */
	if (fcntl(copy, F_DUPFD, 30) != 30) /* shown */
		return 1;
	close(copy); /* shown */
	/* a relative name strace does not match, but the fd it makes refers to p.txt */
	rel = open("p.txt", O_RDONLY); /* not */
	if (read(rel, buf, 1) != 1)    /* shown */
		return 1;
	close(rel);					       /* shown */
	stat(p, &st);					       /* shown */
	stat(q, &st);					       /* not */
	map = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, 30, 0); /* shown */
	if (map != MAP_FAILED)
		munmap(map, 4096); /* not */
	pfd.fd = 30;
	pfd.events = POLLIN;
	poll(&pfd, 1, 0); /* shown */
	pfd.fd = other;
	poll(&pfd, 1, 0); /* not */
	FD_ZERO(&rd);
	FD_SET(30, &rd);
	select(31, &rd, NULL, NULL, &(struct timeval){0}); /* shown */
	FD_ZERO(&rd);
	FD_SET(other, &rd);
	select(other + 1, &rd, NULL, NULL, &(struct timeval){0}); /* not */
	if (pipe(pipefd) || write(pipefd[1], "x", 1) != 1)	  /* not */
		return 1;
	child = fork();
	if (child == 0) {
		/* the child's copy of fd 20 */
		if (write(20, "child", 5) != 5) /* shown */
			_exit(1);
		if (write(pipefd[1], "y", 1) != 1) /* not */
			_exit(1);
		_exit(0);
	}
	waitpid(child, NULL, 0);
	/* dup2 over a traced fd: 20 is q.txt's now */
	dup2(other, 20);	    /* shown */
	if (write(20, "q", 1) != 1) /* not */
		return 1;
	close(30); /* shown */
	unlink(p); /* shown */
	unlink(q); /* not */
	return 0;
}

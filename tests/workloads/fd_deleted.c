// SPDX-License-Identifier: GPL-2.0
/*
 * e2e workload: files removed or renamed while open, in the directory argv[1]. Each write's fd
 * shows in strace -y as /proc names it at that moment: "DIR/a>(deleted)" once a is unlinked,
 * the new name after a rename, "DIR/#INO>(deleted)" for an O_TMPFILE file.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char a[4096], b[4096], c[4096], sub[4096], moved[4096];
	int fa, fb, fc, ft, fd;

	if (argc != 2 || chdir(argv[1]))
		return 2;
	snprintf(a, sizeof(a), "%s/a", argv[1]);
	snprintf(b, sizeof(b), "%s/b", argv[1]);
	snprintf(c, sizeof(c), "%s/c", argv[1]);
	snprintf(sub, sizeof(sub), "%s/sub", argv[1]);
	snprintf(moved, sizeof(moved), "%s/moved", argv[1]);
	fa = open(a, O_CREAT | O_RDWR, 0600);
	fb = open("b", O_CREAT | O_RDWR, 0600);
	fc = open(c, O_CREAT | O_RDWR, 0600);
	mkdir(sub, 0700);
	fd = openat(AT_FDCWD, "sub/f", O_CREAT | O_RDWR, 0600);
	if (fa < 0 || fb < 0 || fc < 0 || fd < 0)
		return 1;
	/* unlinked by a relative name */
	unlink("a");
	write(fa, "1", 1);
	/* renamed, then another file renamed over it */
	rename(b, "b2");
	write(fb, "2", 1);
	syscall(SYS_renameat2, AT_FDCWD, c, AT_FDCWD, "b2", 0);
	write(fb, "3", 1);
	write(fc, "4", 1);
	/* a directory renamed: the file under it moves */
	rename(sub, moved);
	write(fd, "5", 1);
	/* a file with no name at all */
	ft = open(argv[1], O_TMPFILE | O_RDWR, 0600);
	write(ft, "6", 1);
	close(ft);
	close(fa);
	unlink("b2");
	unlinkat(AT_FDCWD, "moved/f", 0);
	write(fd, "7", 1);
	close(fd);
	rmdir("moved");
	return 0;
}

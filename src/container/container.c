// SPDX-License-Identifier: GPL-2.0
/*
 * --container: finds containers through their runtimes' CLIs or their cgroups, and tells
 * which container a cgroup (so a traced thread) belongs to.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "container/container.h"

/* How long a runtime's CLI may take to answer before it counts as not answering. */
#define CLI_TIMEOUT_MS 20000
#define CLI_OUTPUT_MAX 4096
/* Cgroup depth searched for containers: kubepods/burstable/podUID/ID is 4 deep. */
#define SCAN_DEPTH 6
/* Cgroup ids remembered as a container's or the host's. */
#define CGROUP_CACHE_SLOTS 1024
/* Threads remembered with their container, for records without a cgroup id. */
#define THREAD_CACHE_SLOTS 16384
#define WATCH_MAX 4096
#define SHORT_ID_LEN 12

/* The runtimes asked, in this order, and how their cgroups' names say them. */
static const struct runtime {
	const char *name; /* as the output says it */
	const char *cli;  /* its command, asked `CLI inspect --format ...` */
} runtimes[] = {
	{"podman", "podman"},
	{"docker", "docker"},
	{"containerd", "nerdctl"},
};

/* Prefixes of the cgroup names runtimes make, and the runtime each names. */
static const struct {
	const char *prefix;
	const char *runtime;
} cgroup_prefixes[] = {
	{"libpod-", "podman"},	    {"docker-", "docker"}, {"cri-containerd-", "containerd"},
	{"nerdctl-", "containerd"}, {"crio-", "cri-o"},
};

static const char inspect_format[] = "{{.Id}}\t{{.Name}}\t{{.State.Pid}}";

struct cgroup_slot {
	__u64 id;	     /* 0: empty */
	struct container *c; /* NULL: the host's */
};

struct thread_slot {
	__u32 tid; /* 0: empty */
	struct container *c;
};

struct watch {
	int wd;
	char path[PATH_MAX]; /* below the root */
	int depth;
};

struct container_table {
	char root[PATH_MAX]; /* the cgroup v2 mount */
	int root_fd;
	struct container **list;
	size_t n, cap;
	struct cgroup_slot cgroups[CGROUP_CACHE_SLOTS];
	struct thread_slot threads[THREAD_CACHE_SLOTS];
	int inotify_fd;
	struct watch *watches;
	size_t nwatches, watches_cap;
};

/* ---------------------------------------------------------------- names */

static bool is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

static bool all_hex(const char *s)
{
	for (; *s; s++) {
		if (!is_hex(*s))
			return false;
	}
	return true;
}

/* The run of 64 hex digits in a cgroup's name (alone, between non-hex), or NULL. */
static const char *find_id(const char *name, size_t len)
{
	for (size_t i = 0; i + 64 <= len; i++) {
		size_t j = i;

		if (i && is_hex(name[i - 1]))
			continue;
		while (j < len && is_hex(name[j]))
			j++;
		if (j - i == 64)
			return name + i;
		i = j;
	}
	return NULL;
}

static bool starts_with(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && !memcmp(s, prefix, n);
}

/*
 * systemd-machined's scope of a machine (systemd-nspawn's containers): machine-NAME.scope,
 * NAME in systemd's unit-name escaping ("\x2d" for '-'). Writes NAME unescaped.
 */
static bool machine_of_scope(const char *name, size_t len, char *id)
{
	static const char prefix[] = "machine-", suffix[] = ".scope";
	size_t plen = sizeof(prefix) - 1, slen = sizeof(suffix) - 1, n = 0;

	if (len <= plen + slen || memcmp(name, prefix, plen) ||
	    memcmp(name + len - slen, suffix, slen))
		return false;
	for (size_t i = plen; i < len - slen; i++) {
		char c = name[i];
		unsigned int byte;

		if (c == '\\' && i + 3 < len - slen && name[i + 1] == 'x' &&
		    sscanf(name + i + 2, "%2x", &byte) == 1 && byte) {
			c = (char)byte;
			i += 3;
		}
		if (n + 1 >= CONTAINER_ID_MAX)
			return false;
		id[n++] = c;
	}
	id[n] = 0;
	return true;
}

bool container_id_of_cgroup_path(const char *path, char *id, char *runtime, size_t runtime_size,
				 size_t *prefix_len)
{
	size_t end = strlen(path);

	while (end > 0) {
		size_t start = end;
		const char *name, *hex;
		size_t len;

		while (start > 0 && path[start - 1] != '/')
			start--;
		name = path + start;
		len = end - start;
		hex = len ? find_id(name, len) : NULL;
		if (hex && !memmem(name, len, "conmon", 6)) {
			memcpy(id, hex, 64);
			id[64] = 0;
			runtime[0] = 0;
			for (size_t i = 0; i < sizeof(cgroup_prefixes) / sizeof(cgroup_prefixes[0]);
			     i++) {
				if (starts_with(name, len, cgroup_prefixes[i].prefix))
					snprintf(runtime, runtime_size, "%s",
						 cgroup_prefixes[i].runtime);
			}
			/* docker's cgroupfs driver: /docker/ID */
			if (!runtime[0] && hex == name && start >= 8 &&
			    !memcmp(path + start - 8, "/docker/", 8))
				snprintf(runtime, runtime_size, "docker");
			*prefix_len = end;
			return true;
		}
		if (hex)
			return false; /* conmon's: below nothing is the container's */
		if (machine_of_scope(name, len, id)) {
			snprintf(runtime, runtime_size, "systemd-nspawn");
			*prefix_len = end;
			return true;
		}
		end = start ? start - 1 : 0;
	}
	return false;
}

int container_parse_inspect(const char *line, char *id, char *name, size_t name_size, int *pid)
{
	const char *tab1 = strchr(line, '\t'), *tab2, *n;
	size_t idlen, nlen;
	char *end;
	long v;

	if (!tab1 || !(tab2 = strchr(tab1 + 1, '\t')))
		return -EINVAL;
	idlen = tab1 - line;
	if (idlen == 0 || idlen >= CONTAINER_ID_MAX)
		return -EINVAL;
	for (size_t i = 0; i < idlen; i++) {
		if (!is_hex(line[i]))
			return -EINVAL;
	}
	memcpy(id, line, idlen);
	id[idlen] = 0;
	n = tab1 + 1;
	if (*n == '/') /* docker's names start with a slash */
		n++;
	nlen = tab2 - n;
	if (nlen >= name_size)
		nlen = name_size - 1;
	memcpy(name, n, nlen);
	name[nlen] = 0;
	errno = 0;
	v = strtol(tab2 + 1, &end, 10);
	if (errno || end == tab2 + 1 || (*end && *end != '\n') || v < 0 || v > 0x7fffffff)
		return -EINVAL;
	*pid = (int)v;
	return 0;
}

/* ---------------------------------------------------------------- the table */

/* The first cgroup v2 mount of /proc/self/mountinfo. */
int cgroup2_root(char *root, size_t size)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[4096];
	int err = -ENOENT;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		char *sep = strstr(line, " - "), *save = NULL, *tok;
		char fstype[64];

		if (!sep || sscanf(sep + 3, "%63s", fstype) != 1 || strcmp(fstype, "cgroup2"))
			continue;
		/* id parent major:minor root mountpoint */
		tok = strtok_r(line, " ", &save);
		for (int i = 0; tok && i < 4; i++)
			tok = strtok_r(NULL, " ", &save);
		if (tok) {
			snprintf(root, size, "%s", tok);
			err = 0;
			break;
		}
	}
	fclose(f);
	return err;
}

struct container_table *container_table__new(const char *root)
{
	struct container_table *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->root_fd = -1;
	t->inotify_fd = -1;
	if (root)
		snprintf(t->root, sizeof(t->root), "%s", root);
	else if (cgroup2_root(t->root, sizeof(t->root)))
		t->root[0] = 0;
	if (t->root[0])
		t->root_fd = open(t->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return t;
}

void container_table__free(struct container_table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++)
		free(t->list[i]);
	free(t->list);
	free(t->watches);
	if (t->root_fd >= 0)
		close(t->root_fd);
	if (t->inotify_fd >= 0)
		close(t->inotify_fd);
	free(t);
}

const char *container_table__root(const struct container_table *t)
{
	return t->root;
}

size_t container_table__count(const struct container_table *t)
{
	return t->n;
}

const struct container *container_table__at(const struct container_table *t, size_t i)
{
	return i < t->n ? t->list[i] : NULL;
}

static struct container *find_by_id(const struct container_table *t, const char *id)
{
	for (size_t i = 0; i < t->n; i++) {
		if (!strcmp(t->list[i]->id, id))
			return t->list[i];
	}
	return NULL;
}

/* The cgroup below the root at rel (with its leading slash): its id and depth. */
static int stat_cgroup(const struct container_table *t, const char *rel, __u64 *id, __u32 *level)
{
	char path[PATH_MAX * 2];
	struct stat st;

	snprintf(path, sizeof(path), "%s%s", t->root, rel);
	if (stat(path, &st) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	*id = st.st_ino;
	*level = 0;
	for (const char *p = rel; *p; p++) {
		if (*p == '/' && p[1])
			(*level)++;
	}
	return 0;
}

/* Adds a container of the cgroup at rel (below the root), or finds it if known. */
static struct container *add_container(struct container_table *t, const char *id,
				       const char *runtime, const char *rel)
{
	struct container *c = find_by_id(t, id);

	if (c)
		return c;
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 8;
		struct container **p = realloc(t->list, cap * sizeof(*p));

		if (!p)
			return NULL;
		t->list = p;
		t->cap = cap;
	}
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	snprintf(c->id, sizeof(c->id), "%s", id);
	snprintf(c->name, sizeof(c->name), "%.*s", SHORT_ID_LEN, id);
	/* a machine's ID is its name, and no runtime's CLI is asked for it */
	if (!all_hex(id)) {
		snprintf(c->name, sizeof(c->name), "%s", id);
		c->named = true;
	}
	snprintf(c->runtime, sizeof(c->runtime), "%s", runtime);
	snprintf(c->cgroup, sizeof(c->cgroup), "%s", rel);
	if (stat_cgroup(t, rel, &c->cgroup_id, &c->level)) {
		free(c);
		return NULL;
	}
	t->list[t->n++] = c;
	return c;
}

/* ---------------------------------------------------------------- runtimes' CLIs */

static bool in_path(const char *cmd)
{
	const char *dirs = getenv("PATH");
	char path[PATH_MAX];

	if (!dirs)
		dirs = "/usr/local/bin:/usr/bin:/bin";
	while (*dirs) {
		const char *end = strchrnul(dirs, ':');
		int len = end - dirs;

		snprintf(path, sizeof(path), "%.*s/%s", len ? len : 1, len ? dirs : ".", cmd);
		if (access(path, X_OK) == 0)
			return true;
		dirs = *end ? end + 1 : end;
	}
	return false;
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/*
 * Runs argv with no input; its output and errors into out and err (first bytes kept).
 * Returns its exit status, or a negative errno (-ETIMEDOUT when it did not end in time).
 */
static int run_cli(char *const argv[], char *out, size_t out_size, char *err, size_t err_size)
{
	int opipe[2], epipe[2], status, devnull;
	size_t got[2] = {0, 0};
	long long deadline = now_ms() + CLI_TIMEOUT_MS;
	bool open_fds[2] = {true, true};
	pid_t pid;

	out[0] = err[0] = 0;
	if (pipe2(opipe, O_CLOEXEC) < 0)
		return -errno;
	if (pipe2(epipe, O_CLOEXEC) < 0) {
		close(opipe[0]);
		close(opipe[1]);
		return -errno;
	}
	pid = fork();
	if (pid == 0) {
		devnull = open("/dev/null", O_RDONLY);
		if (devnull >= 0)
			dup2(devnull, 0);
		dup2(opipe[1], 1);
		dup2(epipe[1], 2);
		/* btftrace blocks signals around its loop: the CLI gets the defaults */
		sigset_t none;
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(opipe[1]);
	close(epipe[1]);
	if (pid < 0) {
		close(opipe[0]);
		close(epipe[0]);
		return -EAGAIN;
	}
	while (open_fds[0] || open_fds[1]) {
		struct pollfd p[2] = {{.fd = open_fds[0] ? opipe[0] : -1, .events = POLLIN},
				      {.fd = open_fds[1] ? epipe[0] : -1, .events = POLLIN}};
		long long left = deadline - now_ms();

		if (left <= 0 || poll(p, 2, (int)left) == 0) {
			kill(pid, SIGKILL);
			break;
		}
		for (int i = 0; i < 2; i++) {
			char *buf = i ? err : out;
			size_t size = i ? err_size : out_size;
			char chunk[512];
			ssize_t n;

			if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			n = read(p[i].fd, chunk, sizeof(chunk));
			if (n <= 0) {
				open_fds[i] = false;
				continue;
			}
			if (got[i] + 1 < size) {
				size_t take = (size_t)n < size - 1 - got[i] ? (size_t)n
									    : size - 1 - got[i];

				memcpy(buf + got[i], chunk, take);
				got[i] += take;
				buf[got[i]] = 0;
			}
		}
	}
	close(opipe[0]);
	close(epipe[0]);
	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	if (open_fds[0] || open_fds[1])
		return -ETIMEDOUT;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The first line of text, without its newline, for a message. */
static void first_line(char *text)
{
	text[strcspn(text, "\n")] = 0;
}

/* The cgroup v2 path (below the root) of process pid, from /proc/PID/cgroup's 0:: line. */
int cgroup2_path_of(int pid, char *rel, size_t size)
{
	char path[64], line[PATH_MAX + 16];
	int err = -ENOENT;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/cgroup", pid);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "0::", 3)) {
			line[strcspn(line, "\n")] = 0;
			err = (size_t)snprintf(rel, size, "%s", line + 3) < size ? 0
										 : -ENAMETOOLONG;
			break;
		}
	}
	fclose(f);
	return err;
}

/*
 * Asks one runtime's CLI about what. 0 with *out; else -ENOENT and why in reason (the CLI is
 * missing, or what it said).
 */
static int ask_runtime(struct container_table *t, const struct runtime *rt, const char *what,
		       struct container **out, char *reason, size_t reason_size)
{
	char *argv[] = {(char *)rt->cli,	"inspect",    "--format",
			(char *)inspect_format, (char *)what, NULL};
	char output[CLI_OUTPUT_MAX], errors[CLI_OUTPUT_MAX], id[CONTAINER_ID_MAX];
	char name[CONTAINER_NAME_MAX], rel[PATH_MAX], cid[CONTAINER_ID_MAX], guess[16];
	struct container *c;
	size_t prefix;
	int rc, pid;

	if (!in_path(rt->cli)) {
		snprintf(reason, reason_size, "%s: not installed", rt->cli);
		return -ENOENT;
	}
	rc = run_cli(argv, output, sizeof(output), errors, sizeof(errors));
	if (rc) {
		first_line(errors);
		if (rc == -ETIMEDOUT)
			snprintf(errors, sizeof(errors), "no answer in %d s",
				 CLI_TIMEOUT_MS / 1000);
		else if (rc < 0)
			snprintf(errors, sizeof(errors), "%s", strerror(-rc));
		snprintf(reason, reason_size, "%s: %.300s", rt->cli,
			 errors[0] ? errors : "no such container");
		return -ENOENT;
	}
	/* a name that several containers match gives several lines: the first is taken */
	if (container_parse_inspect(output, id, name, sizeof(name), &pid)) {
		first_line(output);
		snprintf(reason, reason_size, "%s: unexpected answer '%.80s'", rt->cli, output);
		return -ENOENT;
	}
	if (pid <= 0) {
		snprintf(reason, reason_size, "%s: container %s is not running", rt->cli, name);
		return -ENOENT;
	}
	if (cgroup2_path_of(pid, rel, sizeof(rel))) {
		snprintf(reason, reason_size,
			 "%s: container %s runs as pid %d, whose cgroup v2 path cannot be read",
			 rt->cli, name, pid);
		return -ENOENT;
	}
	/* the container's cgroup, not a sub-cgroup its init made (systemd in a container) */
	if (container_id_of_cgroup_path(rel, cid, guess, sizeof(guess), &prefix) &&
	    !strcmp(cid, id))
		rel[prefix] = 0;
	c = add_container(t, id, rt->name, rel);
	if (!c) {
		snprintf(reason, reason_size,
			 "%s: the cgroup %.100s%.200s of container %.100s is gone", rt->cli,
			 t->root, rel, name);
		return -ENOENT;
	}
	snprintf(c->name, sizeof(c->name), "%s", name);
	snprintf(c->runtime, sizeof(c->runtime), "%s", rt->name);
	c->named = true;
	*out = c;
	return 0;
}

/* ---------------------------------------------------------------- cgroups */

/*
 * Whether the cgroup at rel has processes, in it or below, from its cgroup.events: 1, 0, or
 * a negative errno when it cannot be read (gone).
 */
static int cgroup_populated(const struct container_table *t, const char *rel)
{
	char path[PATH_MAX * 2], line[64];
	int populated = -ENOENT;
	FILE *f;

	snprintf(path, sizeof(path), "%s%s/cgroup.events", t->root, rel);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "populated ", 10))
			populated = line[10] == '1';
	}
	fclose(f);
	return populated;
}

struct scan_ctx {
	struct container_table *t;
	void (*fn)(void *ctx, const struct container *c);
	void *ctx;
	const char *prefix; /* for resolve: IDs starting so; NULL: every container */
	char found[CONTAINER_ID_MAX];
	char found_rel[PATH_MAX];
	char found_runtime[16];
	int matches;
};

/* --container WHAT names a cgroup's container: a hex ID by its start, a machine by name. */
static bool id_matches(const char *id, const char *what)
{
	if (all_hex(id))
		return !strncmp(id, what, strlen(what));
	return !strcmp(id, what);
}

static void scan_dir(struct scan_ctx *s, char *rel, size_t len, int depth)
{
	char path[PATH_MAX * 2], id[CONTAINER_ID_MAX], runtime[16];
	struct dirent *de;
	size_t prefix;
	DIR *d;

	if (depth > SCAN_DEPTH)
		return;
	snprintf(path, sizeof(path), "%s%s", s->t->root, rel);
	d = opendir(path);
	if (!d)
		return;
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);

		if (de->d_type != DT_DIR || de->d_name[0] == '.')
			continue;
		if (len + 1 + n >= PATH_MAX)
			continue;
		rel[len] = '/';
		memcpy(rel + len + 1, de->d_name, n + 1);
		if (container_id_of_cgroup_path(rel, id, runtime, sizeof(runtime), &prefix) &&
		    prefix == len + 1 + n) {
			if (s->prefix && id_matches(id, s->prefix)) {
				/* the same ID twice (a scope and a sub-cgroup) is one container */
				if (!s->matches || strcmp(s->found, id))
					s->matches++;
				if (s->matches == 1) {
					snprintf(s->found, sizeof(s->found), "%s", id);
					snprintf(s->found_rel, sizeof(s->found_rel), "%s", rel);
					snprintf(s->found_runtime, sizeof(s->found_runtime), "%s",
						 runtime);
				}
			} else if (!s->prefix && !find_by_id(s->t, id)) {
				struct container *c = add_container(s->t, id, runtime, rel);

				if (c) {
					s->matches++;
					if (s->fn)
						s->fn(s->ctx, c);
				}
			}
			/* nothing below a container's cgroup is another container */
			continue;
		}
		scan_dir(s, rel, len + 1 + n, depth + 1);
	}
	rel[len] = 0;
	closedir(d);
}

static int find_by_cgroup_name(struct container_table *t, const char *what, struct container **out,
			       char *reason, size_t reason_size)
{
	struct scan_ctx s = {.t = t, .prefix = what};
	char rel[PATH_MAX] = "";

	if (!t->root[0]) {
		snprintf(reason, reason_size, "cgroups: no cgroup v2 hierarchy is mounted");
		return -ENOENT;
	}
	scan_dir(&s, rel, 0, 0);
	if (s.matches > 1) {
		snprintf(reason, reason_size,
			 "cgroups: %d containers' IDs in %.100s start with '%.100s': give more of "
			 "the ID",
			 s.matches, t->root, what);
		return -ENOENT;
	}
	if (!s.matches) {
		snprintf(reason, reason_size,
			 "cgroups: no cgroup in %.100s is named after a container ID starting with "
			 "'%.100s' or a machine '%.100s'",
			 t->root, what, what);
		return -ENOENT;
	}
	if (cgroup_populated(t, s.found_rel) == 0) {
		snprintf(reason, reason_size,
			 "cgroups: container %.64s is not running (%.100s%.200s has no process)",
			 s.found, t->root, s.found_rel);
		return -ENOENT;
	}
	*out = add_container(t, s.found, s.found_runtime, s.found_rel);
	if (!*out) {
		snprintf(reason, reason_size, "cgroups: %.100s%.200s is gone", t->root,
			 s.found_rel);
		return -ENOENT;
	}
	return 0;
}

int container_table__resolve(struct container_table *t, const char *what,
			     const struct container **out, char *err, size_t err_size)
{
	char reasons[CONTAINER_ERR_MAX] = "", reason[512];
	struct container *c = NULL;
	size_t used = 0;

	for (size_t i = 0; i < sizeof(runtimes) / sizeof(runtimes[0]); i++) {
		if (!ask_runtime(t, &runtimes[i], what, &c, reason, sizeof(reason))) {
			*out = c;
			return 0;
		}
		used += snprintf(reasons + used,
				 used < sizeof(reasons) ? sizeof(reasons) - used : 0, "%s; ",
				 reason);
		if (used >= sizeof(reasons))
			used = sizeof(reasons) - 1;
	}
	if (!find_by_cgroup_name(t, what, &c, reason, sizeof(reason))) {
		*out = c;
		return 0;
	}
	snprintf(err, err_size,
		 "no running container '%s': %s%s; give the name or ID that 'podman ps', "
		 "'docker ps', 'nerdctl ps' or 'machinectl list' shows",
		 what, reasons, reason);
	return -ENOENT;
}

bool container_table__alive(const struct container_table *t, const struct container *c)
{
	__u64 id;
	__u32 level;

	/* a runtime may keep a stopped container's cgroup a while: its processes tell */
	return stat_cgroup(t, c->cgroup, &id, &level) == 0 && id == c->cgroup_id &&
	       cgroup_populated(t, c->cgroup) != 0;
}

/* ---------------------------------------------------------------- cgroup ids */

/* The runtime's name for a container found by its cgroup, asked once. */
static void ask_name(struct container *c)
{
	char *argv[] = {NULL, "inspect", "--format", (char *)inspect_format, c->id, NULL};
	char output[CLI_OUTPUT_MAX], errors[CLI_OUTPUT_MAX], id[CONTAINER_ID_MAX];
	char name[CONTAINER_NAME_MAX];
	int pid;

	if (c->named)
		return;
	c->named = true; /* asked: the short ID stays if nobody answers */
	for (size_t i = 0; i < sizeof(runtimes) / sizeof(runtimes[0]); i++) {
		if (c->runtime[0] && strcmp(c->runtime, runtimes[i].name))
			continue;
		if (!in_path(runtimes[i].cli))
			continue;
		argv[0] = (char *)runtimes[i].cli;
		if (run_cli(argv, output, sizeof(output), errors, sizeof(errors)) == 0 &&
		    !container_parse_inspect(output, id, name, sizeof(name), &pid) &&
		    !strcmp(id, c->id)) {
			snprintf(c->name, sizeof(c->name), "%s", name);
			snprintf(c->runtime, sizeof(c->runtime), "%s", runtimes[i].name);
			return;
		}
	}
}

/* The path below the root of the cgroup whose id is id, through a kernfs file handle. */
static int path_of_cgroup_id(const struct container_table *t, __u64 id, char *rel, size_t size)
{
	struct {
		struct file_handle fh;
		__u64 id;
	} h = {.fh = {.handle_bytes = sizeof(__u64), .handle_type = 0xfe /* FILEID_KERNFS */}};
	char link[64], path[PATH_MAX];
	size_t rootlen = strlen(t->root);
	ssize_t n;
	int fd;

	if (t->root_fd < 0)
		return -ENOENT;
	memcpy(h.fh.f_handle, &id, sizeof(id));
	fd = open_by_handle_at(t->root_fd, &h.fh, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, path, sizeof(path) - 1);
	close(fd);
	if (n < 0)
		return -errno;
	path[n] = 0;
	if (strncmp(path, t->root, rootlen) || (path[rootlen] && path[rootlen] != '/'))
		return -ENOENT;
	snprintf(rel, size, "%s", path[rootlen] ? path + rootlen : "/");
	return 0;
}

/* The container of the cgroup at rel: a known one's subtree, or one its path names. */
static struct container *container_of_path(struct container_table *t, const char *rel)
{
	char id[CONTAINER_ID_MAX], runtime[16], top[PATH_MAX];
	size_t prefix;

	for (size_t i = 0; i < t->n; i++) {
		size_t len = strlen(t->list[i]->cgroup);

		if (!strncmp(rel, t->list[i]->cgroup, len) && (!rel[len] || rel[len] == '/'))
			return t->list[i];
	}
	if (!container_id_of_cgroup_path(rel, id, runtime, sizeof(runtime), &prefix))
		return NULL;
	snprintf(top, sizeof(top), "%.*s", (int)prefix, rel);
	return add_container(t, id, runtime, top);
}

const struct container *container_table__of_cgroup(struct container_table *t, __u64 id)
{
	struct cgroup_slot *slot = &t->cgroups[id % CGROUP_CACHE_SLOTS];
	char rel[PATH_MAX];
	struct container *c = NULL;

	if (!id)
		return NULL;
	if (slot->id == id) {
		c = slot->c;
	} else {
		for (size_t i = 0; i < t->n && !c; i++) {
			if (t->list[i]->cgroup_id == id)
				c = t->list[i];
		}
		if (!c && !path_of_cgroup_id(t, id, rel, sizeof(rel)))
			c = container_of_path(t, rel);
		*slot = (struct cgroup_slot){.id = id, .c = c};
	}
	if (c && !c->named)
		ask_name(c);
	return c;
}

const struct container *container_table__of_thread(struct container_table *t, __u32 tid,
						   __u64 cgroup_id)
{
	struct thread_slot *slot = &t->threads[tid % THREAD_CACHE_SLOTS];
	const struct container *c;
	char rel[PATH_MAX];

	if (cgroup_id) {
		c = container_table__of_cgroup(t, cgroup_id);
		*slot = (struct thread_slot){.tid = tid, .c = (struct container *)c};
		return c;
	}
	if (slot->tid == tid)
		return slot->c;
	/* a thread whose enter records were not seen: /proc says, while it lives */
	c = cgroup2_path_of((int)tid, rel, sizeof(rel)) ? NULL : container_of_path(t, rel);
	if (c && !c->named)
		ask_name((struct container *)c);
	*slot = (struct thread_slot){.tid = tid, .c = (struct container *)c};
	return c;
}

/* ---------------------------------------------------------------- --container new */

static int add_watch(struct container_table *t, const char *rel, int depth)
{
	char path[PATH_MAX * 2];
	int wd;

	if (t->nwatches == t->watches_cap) {
		size_t cap = t->watches_cap ? t->watches_cap * 2 : 64;
		struct watch *p;

		if (cap > WATCH_MAX)
			return -ENOSPC;
		p = realloc(t->watches, cap * sizeof(*p));
		if (!p)
			return -ENOMEM;
		t->watches = p;
		t->watches_cap = cap;
	}
	snprintf(path, sizeof(path), "%s%s", t->root, rel);
	wd = inotify_add_watch(t->inotify_fd, path, IN_CREATE | IN_ONLYDIR);
	if (wd < 0)
		return -errno;
	for (size_t i = 0; i < t->nwatches; i++) {
		if (t->watches[i].wd == wd)
			return 0;
	}
	t->watches[t->nwatches].wd = wd;
	t->watches[t->nwatches].depth = depth;
	snprintf(t->watches[t->nwatches].path, PATH_MAX, "%s", rel);
	t->nwatches++;
	return 0;
}

/* Watches every cgroup to SCAN_DEPTH that is no container's: new ones may appear in any. */
static void watch_tree(struct container_table *t, char *rel, size_t len, int depth)
{
	char path[PATH_MAX * 2], id[CONTAINER_ID_MAX], runtime[16];
	struct dirent *de;
	size_t prefix;
	DIR *d;

	if (depth > SCAN_DEPTH || add_watch(t, len ? rel : "", depth))
		return;
	snprintf(path, sizeof(path), "%s%s", t->root, rel);
	d = opendir(path);
	if (!d)
		return;
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);

		if (de->d_type != DT_DIR || de->d_name[0] == '.' || len + 1 + n >= PATH_MAX)
			continue;
		rel[len] = '/';
		memcpy(rel + len + 1, de->d_name, n + 1);
		if (!container_id_of_cgroup_path(rel, id, runtime, sizeof(runtime), &prefix))
			watch_tree(t, rel, len + 1 + n, depth + 1);
	}
	rel[len] = 0;
	closedir(d);
}

int container_table__watch(struct container_table *t)
{
	char rel[PATH_MAX] = "";

	if (!t->root[0])
		return -ENOENT;
	t->inotify_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (t->inotify_fd < 0)
		return -errno;
	watch_tree(t, rel, 0, 0);
	return t->nwatches ? t->inotify_fd : -ENOENT;
}

int container_table__poll_watch(struct container_table *t,
				void (*fn)(void *ctx, const struct container *c), void *ctx)
{
	char buf[8192] __attribute__((aligned(__alignof__(struct inotify_event))));
	char rel[PATH_MAX], id[CONTAINER_ID_MAX], runtime[16];
	int found = 0;
	ssize_t n;

	while ((n = read(t->inotify_fd, buf, sizeof(buf))) > 0) {
		for (char *p = buf; p < buf + n;) {
			struct inotify_event *ev = (struct inotify_event *)p;
			struct watch *w = NULL;
			size_t prefix;

			p += sizeof(*ev) + ev->len;
			if (!(ev->mask & IN_CREATE) || !(ev->mask & IN_ISDIR) || !ev->len)
				continue;
			for (size_t i = 0; i < t->nwatches; i++) {
				if (t->watches[i].wd == ev->wd)
					w = &t->watches[i];
			}
			if (!w)
				continue;
			if ((size_t)snprintf(rel, sizeof(rel), "%s/%s", w->path, ev->name) >=
			    sizeof(rel))
				continue;
			if (container_id_of_cgroup_path(rel, id, runtime, sizeof(runtime),
							&prefix) &&
			    prefix == strlen(rel)) {
				struct container *c = find_by_id(t, id);

				if (!c && (c = add_container(t, id, runtime, rel))) {
					found++;
					if (fn)
						fn(ctx, c);
				}
			} else {
				struct scan_ctx s = {.t = t, .fn = fn, .ctx = ctx};
				char sub[PATH_MAX];

				/* watched from now on; what it got before that is looked for */
				snprintf(sub, sizeof(sub), "%s", rel);
				watch_tree(t, sub, strlen(sub), w->depth + 1);
				scan_dir(&s, sub, strlen(sub), w->depth + 1);
				found += s.matches;
			}
		}
	}
	return found;
}

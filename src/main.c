// SPDX-License-Identifier: GPL-2.0
/* btftrace's command line: options into a session; nothing else. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <linux/magic.h>

#include "beauty/kfuncs.h"
#include "catalog/tracepoints.h"
#include "filter/signal_set.h"
#include "filter/status.h"
#include "filter/syscall_set.h"
#include "base/startup_times.h"
#include "base/strace_time.h"
#include "base/xlat.h"
#include "inject/inject.h"
#include "session/session.h"

/* the numbers --help gives for --capture-size and --buffer-size, checked against record.h */
_Static_assert(BT_BUFFER_CAP_DEFAULT == 256 && BT_CAPTURE_MAX == 4096, "--help's capture sizes");
_Static_assert(BT_RINGBUF_DEFAULT == 8u << 20, "--help's --buffer-size default");

static const char usage_text[] =
	"Usage: btftrace [OPTIONS] -- COMMAND [ARGS...]\n"
	"       btftrace [OPTIONS] -p PID[,PID...]\n"
	"       btftrace [OPTIONS] -a\n"
	"       btftrace [OPTIONS] --container NAME|ID|new...\n"
	"       btftrace syscalls [--json] [-e SET] [NAME...]\n"
	"       btftrace syscalls --names [-e SET]\n"
	"       btftrace events [--json] [GLOB...]\n"
	"       btftrace kfuncs [GLOB...]\n"
	"\n"
	"Traces system calls with every argument decoded through the kernel's BTF.\n"
	"\n"
	"Targets:\n"
	"  -p, --attach PID[,PID]  trace running processes (all their threads) until they\n"
	"                          exit or btftrace gets SIGINT/SIGTERM\n"
	"  -a, --all               trace the whole system (but btftrace itself)\n"
	"  -f, --follow-forks      trace the children the traced processes fork, from their\n"
	"                          first instruction, until the last of them exits\n"
	"      --seccomp-bpf       taken for strace's scripts, and changes nothing: it spares\n"
	"                          strace stops at the calls not shown; btftrace never stops\n"
	"                          the traced threads\n"
	"  -b, --detach-on=execve  stop tracing a process at its exec (the command's own\n"
	"                          first one aside): its execve shows <detached ...>, its\n"
	"                          new program runs untraced (not with -a, --container)\n"
	"      --container NAME|ID trace a running container (all its processes) until it\n"
	"                          stops or btftrace gets SIGINT; a name, an ID or its start,\n"
	"                          found through podman, docker or nerdctl, or by its cgroup\n"
	"                          (systemd-nspawn's machines too).\n"
	"                          Repeat it for more; --container new follows those started\n"
	"                          while tracing. Lines say their container: [web] in text,\n"
	"                          \"container\" in JSON; pids as in --pidns-translation\n"
	"\n"
	"Command (one btftrace starts):\n"
	"  -u, --user USER         run it as USER: USER's uid, gid and groups (needs root)\n"
	"  -E, --env VAR=VAL       put VAR=VAL in its environment; -E VAR takes VAR out\n"
	"                          (repeatable, applied in order)\n"
	"      --argv0 NAME        its argv[0], the name it sees itself called by\n"
	"\n"
	"Selection:\n"
	"  -e trace=SET, -e SET, --trace=SET  trace only the syscalls in SET (default:\n"
	"                          all), a comma list of names, /regex, %class, all or\n"
	"                          none; '!' first\n"
	"                          negates the set, '?' before an element lets it match\n"
	"                          nothing; several -e add up. Classes: %file %desc\n"
	"                          %network (%net) %process %signal %ipc %memory %clock\n"
	"                          %creds %stat %lstat %fstat %%stat %statfs %fstatfs\n"
	"                          %%statfs %pure ('btftrace syscalls -e SET' lists a set)\n"
	"  -e signal=SET, --signal=SET  show only the signals in SET (default: all): names with\n"
	"                          or without SIG (SIGINT, int), numbers, all or none; '!'\n"
	"                          first negates it; the last -e signal= counts\n"
	"  -e quiet=WHAT           the same as --quiet=WHAT (--silent=, --silence= too)\n"
	"  -e SUBSYS:EVENT[(FIELD,...)]  show the kernel tracepoint SUBSYS:EVENT (shell\n"
	"                          globs: sched:*, *:*_fork) when it fires in a traced\n"
	"                          thread, in time order with the calls, every field\n"
	"                          decoded by its tracefs format:\n"
	"                          sched:sched_process_fork(parent_comm=\"sh\", ...);\n"
	"                          FIELDs show only those ('btftrace events' lists them);\n"
	"                          a FIELD may be a fetch expression, checked against BTF:\n"
	"                          an argument of the event's BTF prototype (or argN) or a\n"
	"                          field, then ->member, .member, [N], and :string to read\n"
	"                          the string a pointer points to:\n"
	"                          'sched:sched_switch(prev->comm, next->pid)',\n"
	"                          'syscalls:sys_enter_openat(filename:string)'\n"
	"  -e io_uring=SET, --io-uring[=SET]  show the io_uring operations in SET (all if\n"
	"                          --io-uring has no value; default none) that traced\n"
	"                          processes submit, each as the syscall it stands for,\n"
	"                          when it completes: io_uring:read(5, \"vm\\n\", 4096, 0) = 3.\n"
	"                          SET: operation names (read, write, readv, openat...:\n"
	"                          IORING_OP_* in lower case), all or none, '!' first\n"
	"                          negates; the last given counts. -c counts them in rows\n"
	"                          of their own (io_uring:read); -e trace= does not select\n"
	"                          them (man: IO_URING)\n"
	"      --kfunc FUNC[,FUNC...]  show each call of the kernel function FUNC (shell\n"
	"                          globs: vfs_read*) that a traced thread makes, under\n"
	"                          the syscall it is made in, its arguments decoded by its\n"
	"                          BTF prototype and the structs they point to copied at\n"
	"                          its entry (up to --capture-size bytes):\n"
	"                          > vfs_read(file={...}, buf=\"...\", count=64, pos=[0]) = 3\n"
	"                          ('btftrace kfuncs' lists them). FUNC(EXPR,...) shows\n"
	"                          fetch expressions on its arguments instead, as -e's:\n"
	"                          'vfs_read(file->f_path.dentry->d_name.name:string)'.\n"
	"                          Needs fentry programs or kprobes (man: KERNEL FUNCTIONS)\n"
	"  -e read=SET, --read=SET  after each call that read data from an fd in SET (fd\n"
	"                          numbers, all or none, '!' first inverts; the last given\n"
	"                          counts), dump the data in hex and ASCII as strace does:\n"
	"                          read, pread64, readv, preadv(2), recvfrom, recvmsg\n"
	"  -e write=SET, --write=SET  the same for data written: write, pwrite64, writev,\n"
	"                          pwritev(2), sendto, sendmsg. Dumps show what was\n"
	"                          captured (--capture-size; 4096 unless given)\n"
	"  -e inject=SET:WHAT[:when=EXPR], --inject=...  fault injection as strace's, into\n"
	"                          the calls of SET (traced ones only) of a command\n"
	"                          btftrace starts (not -p, -a). WHAT: error=ERRNO,\n"
	"                          retval=N, signal=SIG, delay_enter=TIME (s, ms, us,\n"
	"                          ns; us without unit), syscall=PURE; EXPR: FIRST,\n"
	"                          FIRST+, FIRST+STEP, FIRST..LAST or FIRST..LAST+STEP,\n"
	"                          counted per thread. Served through a seccomp filter:\n"
	"                          only the calls of SET pay (man: FAULT INJECTION)\n"
	"  -e fault=SET[:error=ERRNO][:when=EXPR], --fault=...  the same; ENOSYS unless\n"
	"                          error= is given\n"
	"  -P, --trace-path PATH   only the calls that touch PATH: by name, or through an fd\n"
	"                          that refers to it (followed through dup, fork and\n"
	"                          close), decided in the kernel; strace's rules (man\n"
	"                          btftrace); repeat it for more paths\n"
	"      --trace-fds=SET, -e trace-fds=SET  only the calls on the fds in SET (fd\n"
	"                          numbers, all or none, '!' first inverts); with -P, the\n"
	"                          calls that touch either\n"
	"      --max-events N, --syscall-limit N  stop tracing after N calls were shown\n"
	"                          (calls -e or status= left out do not count); a command\n"
	"                          runs on untraced\n"
	"      --filter EXPR       only calls for which EXPR holds, decided in the kernel:\n"
	"                          'fd == 3 && count > 100', 'errno == ENOENT',\n"
	"                          'flags & O_CREAT', 'duration > 10ms', 'comm == \"cat\"'\n"
	"                          (fields, operators and limits: man btftrace, FILTERS)\n"
	"  -e status=SET, --status=SET  only calls that ended as SET says: successful,\n"
	"                          failed, unfinished (never returned: exit_group),\n"
	"                          unavailable, detached (tracing stopped in them), all or\n"
	"                          none; '!' first negates it; the last one given counts.\n"
	"                          A split call then shows whole at its end, as in strace\n"
	"  -Z, --failed, --failed-only  -e status=failed: only calls that failed (returned\n"
	"                          -1 and an errno); decided in the kernel\n"
	"  -z, --successful, --successful-only  -e status=successful: only calls that did\n"
	"                          not fail; decided in the kernel\n"
	"      --duration MIN      only calls that took at least MIN (ns, us, ms or s: 10ms)\n"
	"      --comm NAME         only threads called NAME (as ps -L shows; 15 bytes at most)\n"
	"      --uid USER          only processes of USER, a name or a number\n"
	"      --cgroup DIR        only processes in the cgroup v2 directory DIR or below it\n"
	"                          (with -a: everything they do)\n"
	"\n"
	"Summary:\n"
	"  -c, --summary, --summary-only  count calls, errors and time per syscall in the\n"
	"                          kernel and print a table at the end instead of the calls\n"
	"  -C, --with-summary      print the calls and the table\n"
	"  -S, --summary-sort-by KEY  sort the table by time (default), calls, errors, avg\n"
	"                          or name\n"
	"  -U, --summary-columns COLS  the table's columns, strace's: time-percent,\n"
	"                          total-time, avg-time, min-time, max-time, calls,\n"
	"                          errors, name (default: all but min-time and max-time)\n"
	"  -w, --summary-wall-clock  taken for strace's scripts: the times are always the\n"
	"                          wall-clock time from each call's entry to its exit,\n"
	"                          what strace -w counts (strace's default is system CPU\n"
	"                          time)\n"
	"  -O, --summary-syscall-overhead TIME  take TIME off each call's time in the table\n"
	"                          (none below 0), as strace -O: 1.5us, 2ms, 0.1s; us\n"
	"                          without a unit\n"
	"      --summary-by WHAT   one table for all (total, the default), per process,\n"
	"                          per thread or per container (with --container or -a)\n"
	"      --hist              add a log2 histogram of each syscall's time (implies -c\n"
	"                          unless -C)\n"
	"      --errno-summary     add failures counted by errno (implies -c unless -C)\n"
	"      --slowest N         add each syscall's N slowest calls (at most 16), kept in\n"
	"                          the kernel and decoded with their arguments (read as the\n"
	"                          call returns), with their time and pid (implies -c\n"
	"                          unless -C)\n"
	"\n"
	"Flight recorder:\n"
	"      --flight-recorder N, --last N  keep each thread's last N calls (at most 4096)\n"
	"                          in the kernel and write nothing, until a trigger: a\n"
	"                          traced process killed by a signal or exiting with a\n"
	"                          non-zero status, SIGUSR1 to btftrace, or --trigger;\n"
	"                          then the calls kept are written as a trace, in order\n"
	"                          across threads, and keeping starts again\n"
	"      --trigger EXPR      write the calls kept out when a call for which EXPR holds\n"
	"                          returns (the --filter language: 'errno == EACCES')\n"
	"\n"
	"Output:\n"
	"  -o, --output FILE       write the trace to FILE (default: standard error)\n"
	"  -A, --output-append-mode  append to -o's FILE rather than replace it\n"
	"  -ff, --output-separately  with -o FILE and -f: each thread's lines in FILE.TID,\n"
	"                          without [pid N] (text only; not with -c)\n"
	"      --format=FORMAT     text (strace's lines, the default), json (one JSON object\n"
	"                          per line, schema in docs/json.md) or perfetto (a Chrome\n"
	"                          trace-event JSON file for ui.perfetto.dev; needs -o)\n"
	"      --color=WHEN        colour the text: auto (only on a terminal, the default),\n"
	"                          always or never\n"
	"  -s, --string-limit N    bytes of data buffers shown (default 32; paths are whole)\n"
	"  -v, --verbose, --no-abbrev  arrays and structs in full (-e abbrev=none)\n"
	"  -e abbrev=SET, --abbrev=SET  abbreviate only the syscalls in SET (default: all; -v\n"
	"                          is none); the others show in full\n"
	"  -e verbose=SET, --verbose=SET  follow pointers only of the syscalls in SET (default:\n"
	"                          all): the others' structs and arrays show as addresses\n"
	"  -e raw=SET, --raw=SET   the syscalls in SET undecoded: every argument and the\n"
	"                          result in hex. Each a syscall set as -e trace= takes;\n"
	"                          the last of each (-v counting as abbrev=) counts\n"
	"  -y, --decode-fds[=path] print fds with what they refer to: read(3</etc/hostname>,\n"
	"                          ...), 3<socket:[12345]>, and AT_FDCWD with the cwd\n"
	"  -yy, --decode-fds=all   and more, as strace -yy: 3<TCP:[127.0.0.1:1->127.0.0.1:9]>,\n"
	"                          UDP, UNIX, NETLINK endpoints, 0</dev/null<char 1:3>>, 5<pid:12>\n"
	"      --decode-fds=SET, -e decode-fds=SET  path, socket, dev, pidfd, signalfd,\n"
	"                          eventfd (strace 6.3's: 6<signalfd:[USR1]>), a comma list,\n"
	"                          all (path,socket,dev,pidfd) or none\n"
	"  -Y, --decode-pids=comm  print pids with the name of their thread or process:\n"
	"                          getppid() = 24103<bash>, kill(24107<sleep>, SIGTERM)\n"
	"      --decode-pids=pidns, --pidns-translation  pids seen from another PID namespace\n"
	"                          with their number in btftrace's: 2 /* 24107 in strace's\n"
	"                          PID NS */; --decode-pids=comm,pidns both. As in strace,\n"
	"                          each of these replaces what the one before chose\n"
	"  -X, --const-style STYLE, --const-print-style=STYLE  raw (numbers), abbrev (names,\n"
	"                          the default) or verbose (both)\n"
	"  -x                      strings (and -y's paths) with a non-ASCII or unprintable\n"
	"                          byte all in hex: \"\\x62\\x69\\x6e\\x01\"; -xx every string\n"
	"      --strings-in-hex[=WHERE]  none (octal escapes, the default), non-ascii-chars\n"
	"                          (the escapes in hex: \"bin\\x01\"), non-ascii (-x) or all\n"
	"                          (-xx; the default WHERE)\n"
	"      --columns N         pad calls so that \" = \" and the result start at column N\n"
	"                          (default 40; 0: no padding): strace's -a N, whose -a\n"
	"                          btftrace keeps for the whole system\n"
	"      --arg-names         name each argument: openat(dfd: AT_FDCWD, ...)\n"
	"      --struct-depth N    nested structs shown before {...} (default 4)\n"
	"      --no-zeros          leave out struct members that are zero\n"
	"      --pretty            structs on several indented lines\n"
	"      --no-pid            never prefix lines with [pid N]\n"
	"  -t                      prefix the time of day; -tt adds microseconds,\n"
	"                          -ttt prints seconds since the epoch\n"
	"      --absolute-timestamps[=format:time|unix,precision:s|ms|us|ns]\n"
	"                          (or --timestamps=) -t with the form and the digits\n"
	"                          chosen: -tt is precision:us, -ttt format:unix,precision:us\n"
	"  -r, --relative-timestamps[=s|ms|us|ns]  prefix the time since the previous line\n"
	"                          (us by default); after -t's time: (+     0.000012)\n"
	"  -T, --syscall-times[=s|ms|us|ns]  show the time spent in each call: <0.000012>\n"
	"  -n, --syscall-number    prefix the syscall's number: [  39] getpid()\n"
	"  -i, --instruction-pointer  prefix the user address of the call, read from the\n"
	"                          registers in the kernel: [00007f3a1c2e04e7] getpid()\n"
	"      --quiet=WHAT        leave out 'exit' (+++ exited with N +++), 'thread-execve'\n"
	"                          or 'superseded' (+++ superseded by execve in pid N +++)\n"
	"                          and/or 'personality' ([ Process PID=N runs in 32 bit\n"
	"                          mode. ], left out anyway with -o and a command, as\n"
	"                          strace) lines, -P's 'path-resolution' message, and\n"
	"                          btftrace's 'signals' (--- SIGxxx ---); strace's\n"
	"                          'attach' is taken (btftrace prints no such message);\n"
	"                          all, none, '!' first inverts; the last counts\n"
	"  -q, --quiet             --quiet=attach,personality; -qq adds exit; -qqq is all\n"
	"\n"
	"Stacks:\n"
	"  -k, --stack-trace, --stack-traces\n"
	"                          print under each call the user stack that made it, as\n"
	"                          strace -k: ' > /usr/lib/x86_64-linux-gnu/libc.so.6(\n"
	"                          __open64+0x51) [0xf8011]'. The kernel copies the registers\n"
	"                          and the top of the stack at the call; btftrace unwinds it\n"
	"                          with DWARF CFI (libdw). -kk adds file:line where debug\n"
	"                          info has them\n"
	"      --stack-trace=MODE  dwarf (as -k), fp (the kernel walks frame pointers: no\n"
	"                          copy, for programs built with them), symbol (-k) or\n"
	"                          source (-kk)\n"
	"      --stack-trace-frame-limit N  frames shown at most (default 256)\n"
	"      --stack-trace-size N  bytes of stack copied per call (default 8192, at most\n"
	"                          16384; a multiple of 8): deeper stacks stop where the\n"
	"                          copy ends, and say so\n"
	"      --kernel-stack      print the kernel's stack of each call first, BPF's own\n"
	"                          frames left out, named from /proc/kallsyms\n"
	"\n"
	"Capture:\n"
	"      --capture-size N    bytes the kernel copies of each data buffer (default 256,\n"
	"                          at most 4096; -s above it raises it)\n"
	"      --buffer-size SIZE  ring buffer size, e.g. 8M (default 8M; a power of two);\n"
	"                          when it is full, a call goes without its data (marked\n"
	"                          <data not captured ...>) or is lost, and counted;\n"
	"                          -c sends no records and uses one page\n"
	"      --lossless          say in the trace where each thread lost calls:\n"
	"                          <... ring buffer full: N calls lost ...>\n"
	"      --no-loss           pause the command (cgroup v2 freezer) while the reader\n"
	"                          catches up, rather than lose its calls; implies\n"
	"                          --lossless for what is lost all the same\n"
	"      --btf FILE          decode with the BTF in FILE instead of the running kernel's\n"
	"      --no-btf            print raw values only (for kernels without BTF)\n"
	"      --stats             print btftrace's own counters at exit\n"
	"\n"
	"Other:\n"
	"  -d, --debug             show libbpf's messages, the kernel's BPF features and\n"
	"                          what was chosen with them, and start-up times\n"
	"  -h, --help              show this help\n"
	"  -V, --version           show the version\n"
	"\n"
	"Subcommand:\n"
	"  syscalls [--json] [-e SET] [NAME...]  print the syscall catalog with the capture\n"
	"                          rules generated from tracefs and BTF, one line per\n"
	"                          argument; -e keeps the syscalls of SET\n"
	"  syscalls --names [-e SET]  print only the names, one a line (without -e it\n"
	"                          reads neither tracefs nor BTF: any user may ask)\n"
	"  events [--json] [GLOB...]  print the tracepoints -e SUBSYS:EVENT can add (GLOB:\n"
	"                          SUBSYS:EVENT, or either part alone; all without one),\n"
	"                          one line per field: its name, type, offset and size;\n"
	"                          then the BTF prototype's arguments (a0 preempt bool)\n"
	"  kfuncs [GLOB...]        print the kernel functions --kfunc can trace (GLOB:\n"
	"                          vfs_*; all without one) with their prototypes from BTF\n"
	"\n"
	"Tracing needs root, or CAP_BPF, CAP_PERFMON and CAP_DAC_READ_SEARCH\n"
	"(man btftrace, CAPABILITIES).\n"
	"\n"
	"Exit status: the command's (128+N when a signal N killed it); 0 after -p or -a;\n"
	"2 for bad usage or when tracing cannot start; 1 when the trace cannot be written.\n";

enum long_only {
	OPT_ARG_NAMES = 256,
	OPT_STRUCT_DEPTH,
	OPT_NO_ZEROS,
	OPT_PRETTY,
	OPT_NO_PID,
	OPT_CAPTURE_SIZE,
	OPT_BUFFER_SIZE,
	OPT_BTF,
	OPT_NO_BTF,
	OPT_STATS,
	OPT_QUIET,
	OPT_SUMMARY_BY,
	OPT_HIST,
	OPT_ERRNO_SUMMARY,
	OPT_MAX_EVENTS,
	OPT_KFUNC,
	OPT_FORMAT,
	OPT_COLOR,
	OPT_FILTER,
	OPT_DURATION,
	OPT_COMM,
	OPT_UID,
	OPT_CGROUP,
	OPT_LOSSLESS,
	OPT_NO_LOSS,
	OPT_STRINGS_IN_HEX,
	OPT_COLUMNS,
	OPT_ABSOLUTE_TIMESTAMPS,
	OPT_RELATIVE_TIMESTAMPS,
	OPT_SYSCALL_TIMES,
	OPT_SECCOMP_BPF,
	OPT_TRACE_SET,
	OPT_SIGNAL_SET,
	OPT_RAW_SET,
	OPT_ABBREV_SET,
	OPT_VERBOSE,
	OPT_READ,
	OPT_WRITE,
	OPT_DECODE_PIDS,
	OPT_DECODE_FDS,
	OPT_PIDNS_TRANSLATION,
	OPT_STACK_TRACE,
	OPT_STACK_FRAME_LIMIT,
	OPT_STACK_SIZE,
	OPT_KERNEL_STACK,
	OPT_ARGV0,
	OPT_OUTPUT_SEPARATELY,
	OPT_STATUS,
	OPT_CONTAINER,
	OPT_SLOWEST,
	OPT_FLIGHT_RECORDER,
	OPT_TRIGGER,
	OPT_DETACH_ON,
	OPT_INJECT,
	OPT_FAULT,
	OPT_TRACE_FDS,
	OPT_IO_URING,
};

/* One fact per line reads better than wrapped rows. */
/* clang-format off */
static const struct option long_options[] = {
	{ "attach", required_argument, NULL, 'p' },
	{ "all", no_argument, NULL, 'a' },
	{ "follow-forks", no_argument, NULL, 'f' },
	{ "detach-on", required_argument, NULL, 'b' },
	{ "container", required_argument, NULL, OPT_CONTAINER },
	{ "summary", no_argument, NULL, 'c' },
	{ "summary-only", no_argument, NULL, 'c' },
	{ "with-summary", no_argument, NULL, 'C' },
	{ "summary-sort-by", required_argument, NULL, 'S' },
	{ "summary-columns", required_argument, NULL, 'U' },
	{ "summary-wall-clock", no_argument, NULL, 'w' },
	{ "summary-syscall-overhead", required_argument, NULL, 'O' },
	{ "summary-by", required_argument, NULL, OPT_SUMMARY_BY },
	{ "hist", no_argument, NULL, OPT_HIST },
	{ "errno-summary", no_argument, NULL, OPT_ERRNO_SUMMARY },
	{ "slowest", required_argument, NULL, OPT_SLOWEST },
	{ "flight-recorder", required_argument, NULL, OPT_FLIGHT_RECORDER },
	{ "last", required_argument, NULL, OPT_FLIGHT_RECORDER },
	{ "trigger", required_argument, NULL, OPT_TRIGGER },
	{ "quiet", optional_argument, NULL, OPT_QUIET },
	{ "silent", optional_argument, NULL, OPT_QUIET },
	{ "silence", optional_argument, NULL, OPT_QUIET },
	{ "trace", required_argument, NULL, OPT_TRACE_SET },
	{ "signal", required_argument, NULL, OPT_SIGNAL_SET },
	{ "raw", required_argument, NULL, OPT_RAW_SET },
	{ "abbrev", required_argument, NULL, OPT_ABBREV_SET },
	{ "seccomp-bpf", no_argument, NULL, OPT_SECCOMP_BPF },
	{ "read", required_argument, NULL, OPT_READ },
	{ "write", required_argument, NULL, OPT_WRITE },
	{ "inject", required_argument, NULL, OPT_INJECT },
	{ "fault", required_argument, NULL, OPT_FAULT },
	{ "max-events", required_argument, NULL, OPT_MAX_EVENTS },
	{ "kfunc", required_argument, NULL, OPT_KFUNC },
	{ "filter", required_argument, NULL, OPT_FILTER },
	{ "failed", no_argument, NULL, 'Z' },
	{ "failed-only", no_argument, NULL, 'Z' },
	{ "successful", no_argument, NULL, 'z' },
	{ "successful-only", no_argument, NULL, 'z' },
	{ "status", required_argument, NULL, OPT_STATUS },
	{ "syscall-limit", required_argument, NULL, OPT_MAX_EVENTS },
	{ "duration", required_argument, NULL, OPT_DURATION },
	{ "comm", required_argument, NULL, OPT_COMM },
	{ "trace-path", required_argument, NULL, 'P' },
	{ "trace-fds", required_argument, NULL, OPT_TRACE_FDS },
	{ "io-uring", optional_argument, NULL, OPT_IO_URING },
	{ "uid", required_argument, NULL, OPT_UID },
	{ "cgroup", required_argument, NULL, OPT_CGROUP },
	{ "output", required_argument, NULL, 'o' },
	{ "output-append-mode", no_argument, NULL, 'A' },
	{ "output-separately", no_argument, NULL, OPT_OUTPUT_SEPARATELY },
	{ "env", required_argument, NULL, 'E' },
	{ "user", required_argument, NULL, 'u' },
	{ "argv0", required_argument, NULL, OPT_ARGV0 },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "color", required_argument, NULL, OPT_COLOR },
	{ "string-limit", required_argument, NULL, 's' },
	{ "verbose", optional_argument, NULL, OPT_VERBOSE },
	{ "no-abbrev", no_argument, NULL, 'v' },
	{ "decode-fds", optional_argument, NULL, OPT_DECODE_FDS },
	{ "decode-pids", required_argument, NULL, OPT_DECODE_PIDS },
	{ "pidns-translation", no_argument, NULL, OPT_PIDNS_TRANSLATION },
	{ "const-style", required_argument, NULL, 'X' },
	{ "const-print-style", required_argument, NULL, 'X' },
	{ "strings-in-hex", optional_argument, NULL, OPT_STRINGS_IN_HEX },
	{ "columns", required_argument, NULL, OPT_COLUMNS },
	{ "arg-names", no_argument, NULL, OPT_ARG_NAMES },
	{ "struct-depth", required_argument, NULL, OPT_STRUCT_DEPTH },
	{ "no-zeros", no_argument, NULL, OPT_NO_ZEROS },
	{ "pretty", no_argument, NULL, OPT_PRETTY },
	{ "no-pid", no_argument, NULL, OPT_NO_PID },
	{ "timestamps", optional_argument, NULL, OPT_ABSOLUTE_TIMESTAMPS },
	{ "absolute-timestamps", optional_argument, NULL, OPT_ABSOLUTE_TIMESTAMPS },
	{ "relative-timestamps", optional_argument, NULL, OPT_RELATIVE_TIMESTAMPS },
	{ "syscall-times", optional_argument, NULL, OPT_SYSCALL_TIMES },
	{ "syscall-number", no_argument, NULL, 'n' },
	{ "instruction-pointer", no_argument, NULL, 'i' },
	{ "capture-size", required_argument, NULL, OPT_CAPTURE_SIZE },
	{ "buffer-size", required_argument, NULL, OPT_BUFFER_SIZE },
	{ "btf", required_argument, NULL, OPT_BTF },
	{ "no-btf", no_argument, NULL, OPT_NO_BTF },
	{ "stats", no_argument, NULL, OPT_STATS },
	{ "lossless", no_argument, NULL, OPT_LOSSLESS },
	{ "no-loss", no_argument, NULL, OPT_NO_LOSS },
	{ "stack-trace", optional_argument, NULL, OPT_STACK_TRACE },
	{ "stack-traces", optional_argument, NULL, OPT_STACK_TRACE },
	{ "stack-trace-frame-limit", required_argument, NULL, OPT_STACK_FRAME_LIMIT },
	{ "stack-trace-size", required_argument, NULL, OPT_STACK_SIZE },
	{ "kernel-stack", no_argument, NULL, OPT_KERNEL_STACK },
	{ "debug", no_argument, NULL, 'd' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{},
};
/* clang-format on */

static void usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("btftrace: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\n", stderr);
	exit(EXIT_USAGE);
}

/* A whole decimal number in [min, max], or a usage error naming the option. */
static unsigned long parse_number(const char *opt, const char *text, unsigned long min,
				  unsigned long max)
{
	unsigned long v;
	char *end;

	errno = 0;
	if (!*text || *text == '-' || *text == '+' || *text == ' ')
		goto bad;
	v = strtoul(text, &end, 10);
	if (errno || *end || v < min || v > max)
		goto bad;
	return v;
bad:
	usage_error("invalid %s value '%s': give a whole number from %lu to %lu", opt, text, min,
		    max);
}

/* A size like 8M or 65536: a power of two from a page to 1G, as the ring buffer needs. */
static size_t parse_size(const char *opt, const char *text)
{
	unsigned long long v, mult = 1;
	char *end;

	errno = 0;
	if (!*text || *text == '-' || *text == '+')
		goto bad;
	v = strtoull(text, &end, 10);
	if (errno || end == text)
		goto bad;
	if (*end == 'K' || *end == 'k')
		mult = 1ULL << 10;
	else if (*end == 'M' || *end == 'm')
		mult = 1ULL << 20;
	else if (*end == 'G' || *end == 'g')
		mult = 1ULL << 30;
	else if (*end)
		goto bad;
	if (*end && end[1])
		goto bad;
	if (v == 0 || v > (1ULL << 30) / mult)
		goto bad;
	v *= mult;
	if (v < 4096 || (v & (v - 1)))
		goto bad;
	return v;
bad:
	usage_error("invalid %s value '%s': give a power of two from 4K to 1G, like 8M", opt, text);
}

static void parse_pids(struct session_opts *o, const char *text)
{
	char *copy = strdup(text), *rest = copy, *tok;

	if (!copy)
		usage_error("out of memory");
	/* strsep, not strtok: "1,,2" and "1," have an empty pid, an error */
	while ((tok = strsep(&rest, ","))) {
		if (!*tok)
			usage_error(
				"invalid -p value '%s': give a process id, or several separated "
				"by commas",
				text);
		if (o->npids == SESSION_MAX_PIDS)
			usage_error("too many processes for -p: at most %d", SESSION_MAX_PIDS);
		o->pids[o->npids++] = parse_number("-p", tok, 1, INT_MAX);
	}
	free(copy);
}

/*
 * -e quiet=, --quiet=: what strace 6.1 takes (attach, exit, path-resolution,
 * personality, thread-execve or superseded; all, none, '!' first), and
 * btftrace's own signals. As in strace, a set replaces the one before. btftrace
 * prints no attach, path-resolution or personality messages, so those
 * three have nothing to leave out; strace's scripts give them.
 */
#define QUIET_ATTACH (1u << 0)
#define QUIET_EXIT (1u << 1)
#define QUIET_PATH_RESOLUTION (1u << 2)
#define QUIET_PERSONALITY (1u << 3)
#define QUIET_THREAD_EXECVE (1u << 4)
#define QUIET_SIGNALS (1u << 5)
/* strace's all: every message strace can leave out; signals are -e signal='s */
#define QUIET_ALL                                                                \
	(QUIET_ATTACH | QUIET_EXIT | QUIET_PATH_RESOLUTION | QUIET_PERSONALITY | \
	 QUIET_THREAD_EXECVE)

static void set_quiet(struct session_opts *o, unsigned int set)
{
	o->text.quiet_signals = set & QUIET_SIGNALS;
	o->text.quiet_exits = set & QUIET_EXIT;
	o->text.quiet_thread_execve = set & QUIET_THREAD_EXECVE;
	o->text.quiet_personality = set & QUIET_PERSONALITY;
	o->quiet_path_resolution = set & QUIET_PATH_RESOLUTION;
}

/* --relative-timestamps=PRECISION, --syscall-times=PRECISION: s, ms, us or ns */
static unsigned char precision_of(const char *opt, const char *text)
{
	int digits = strace_precision_parse(text);

	if (digits < 0)
		usage_error("invalid %s value '%s': give s, ms, us or ns", opt, text);
	return digits;
}

/*
 * --absolute-timestamps[=format:time|unix,precision:s|ms|us|ns], strace's long -t: the
 * items in any order, each name alone or after its "format:" or "precision:"; the time of
 * day in seconds by default.
 */
static void parse_absolute_timestamps(struct text_sink_opts *t, const char *spec)
{
	char *copy, *item, *save = NULL;
	unsigned int digits = 0;
	bool unix_time = false;

	if (spec) {
		copy = strdup(spec);
		if (!copy)
			usage_error("out of memory");
		for (item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
			if (strace_timestamps_item(item, &unix_time, &digits))
				usage_error(
					"invalid --absolute-timestamps item '%s': give "
					"format:time, format:unix, or precision: s, ms, us or ns",
					item);
		}
		free(copy);
	}
	t->ts = unix_time ? TS_EPOCH : TS_TIME;
	t->ts_digits = digits;
}

static void parse_quiet(struct session_opts *o, const char *text)
{
	static const struct {
		const char *name;
		unsigned int bit;
	} names[] = {
		{"attach", QUIET_ATTACH},
		{"exit", QUIET_EXIT},
		{"exits", QUIET_EXIT},
		{"path-resolution", QUIET_PATH_RESOLUTION},
		{"personality", QUIET_PERSONALITY},
		{"thread-execve", QUIET_THREAD_EXECVE},
		{"superseded", QUIET_THREAD_EXECVE},
		{"signals", QUIET_SIGNALS},
		{"all", QUIET_ALL},
		{"none", 0},
	};
	static const char fix[] = "give attach, exit, path-resolution, personality, "
				  "thread-execve (superseded), signals, all or none, "
				  "comma-separated, '!' first to invert";
	const char *s = text;
	char *copy, *save = NULL;
	unsigned int set = 0;
	bool invert = false, any = false;

	while (*s == '!') {
		invert = !invert;
		s++;
	}
	copy = strdup(s);
	if (!copy)
		usage_error("out of memory");
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		size_t i;

		for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			if (!strcmp(tok, names[i].name))
				break;
		}
		if (i == sizeof(names) / sizeof(names[0]))
			usage_error("invalid --quiet value '%s': %s", tok, fix);
		set |= names[i].bit;
		any = true;
	}
	free(copy);
	if (!any)
		usage_error("invalid --quiet value '%s': %s", text, fix);
	set_quiet(o, invert ? QUIET_ALL & ~set : set);
}

/* One -e value into the filter the options share; a bad one ends btftrace with status 2. */
static void add_syscall_set(struct syscall_filter *f, struct session_opts *o, const char *text)
{
	char err[SYSCALL_FILTER_ERR_MAX];

	if (syscall_filter__add(f, text, err, sizeof(err)))
		usage_error("%s", err);
	o->syscalls = f;
}

/* text starts with one of the qualifier's names and '=': the value after it, or NULL. */
static const char *qualifier_value(const char *text, const char *const *names)
{
	for (; *names; names++) {
		size_t n = strlen(*names);

		if (!strncmp(text, *names, n) && text[n] == '=')
			return text + n + 1;
	}
	return NULL;
}

/* The fds -e read= and -e write= dump the data of; as in strace, the last one given counts. */
static struct desc_set dump_read, dump_write, trace_fds;

static void parse_dump_set(struct desc_set *set, const struct desc_set **opt, const char *text,
			   const char *what)
{
	char err[DESC_SET_ERR_MAX];
	int rc = desc_set_parse(set, text, what, err, sizeof(err));

	if (rc == -ENOMEM)
		usage_error("out of memory");
	if (rc)
		usage_error("%s", err);
	*opt = desc_set_empty(set) ? NULL : set;
}

/* -P PATH: kept to be resolved and compared in the kernel; repeat it for more. */
static void add_trace_path(struct session_opts *o, const char *path)
{
	if (!*path)
		usage_error("invalid -P value '': give a path, like -P /etc/hostname");
	/* the kernel compares a path in BT_PATH_KEY bytes: its NUL and one to tell a longer */
	if (strlen(path) > BT_PATH_KEY - 2)
		usage_error("-P path '%.40s...' is %zu bytes long: btftrace compares paths of at "
			    "most %d bytes in the kernel; give a shorter name for it (a symlink)",
			    path, strlen(path), BT_PATH_KEY - 2);
	for (int i = 0; i < o->ntrace_paths; i++) {
		if (!strcmp(o->trace_paths[i], path))
			return;
	}
	if (o->ntrace_paths == SESSION_MAX_PATHS)
		usage_error("too many -P paths: at most %d", SESSION_MAX_PATHS);
	o->trace_paths[o->ntrace_paths++] = path;
}

/* --trace-fds=SET, -e trace-fds=SET: strace's syntax, the last one given counts. */
static void parse_trace_fds(struct session_opts *o, const char *text, const char *what)
{
	char err[DESC_SET_ERR_MAX];
	int rc = desc_set_parse(&trace_fds, text, what, err, sizeof(err));

	if (rc == -ENOMEM)
		usage_error("out of memory");
	if (rc)
		usage_error("%s", err);
	o->trace_fds = &trace_fds;
}

/*
 * --decode-pids=SET as strace 6.1 takes it: comm and pidns in any case, or all or none alone,
 * '!' first to invert; the set replaces the one before (as -Y's and --pidns-translation's).
 */
static unsigned int parse_decode_pids(const char *text, const char *what)
{
	static const char fix[] = "give comm, pidns, a comma list of both, all or none";
	char *copy, *save = NULL;
	const char *s = text;
	unsigned int set = 0;
	bool invert = false;

	while (*s == '!') {
		invert = !invert;
		s++;
	}
	if (!strcmp(s, "all") || !strcmp(s, "none"))
		set = !strcmp(s, "all") ? DECODE_PIDS_ALL : 0;
	else {
		copy = strdup(s);
		if (!copy)
			usage_error("out of memory");
		for (char *tok = strtok_r(copy, ",", &save); tok;
		     tok = strtok_r(NULL, ",", &save)) {
			if (!strcasecmp(tok, "comm"))
				set |= DECODE_PIDS_COMM;
			else if (!strcasecmp(tok, "pidns"))
				set |= DECODE_PIDS_NS;
			else
				usage_error("invalid %s value '%s': %s", what, tok, fix);
		}
		free(copy);
		if (!set)
			usage_error("invalid %s value '%s': %s", what, text, fix);
	}
	return invert ? DECODE_PIDS_ALL & ~set : set;
}

/*
 * --decode-fds=SET as strace takes it: path, socket, dev and pidfd (strace 6.1's), signalfd and
 * eventfd (strace 6.3's) in any case, or all or none alone, '!' first to invert. all is strace
 * 6.1's four, so that -yy's lines stay 6.1's; the set replaces the one before.
 */
static bool decode_fds_given; /* --decode-fds or -e decode-fds=: -y may not be given too */

static unsigned int parse_decode_fds(const char *text, const char *what)
{
	static const struct {
		const char *name;
		unsigned int bit;
	} names[] = {
		{"path", DECODE_FDS_PATH},	   {"socket", DECODE_FDS_SOCKET},
		{"dev", DECODE_FDS_DEV},	   {"pidfd", DECODE_FDS_PIDFD},
		{"signalfd", DECODE_FDS_SIGNALFD}, {"eventfd", DECODE_FDS_EVENTFD},
	};
	static const char fix[] = "give path, socket, dev, pidfd, signalfd, eventfd, a comma list "
				  "of them, all or none";
	char *copy, *save = NULL;
	const char *s = text;
	unsigned int set = 0;
	bool invert = false;

	while (*s == '!') {
		invert = !invert;
		s++;
	}
	if (!strcasecmp(s, "all") || !strcasecmp(s, "none")) {
		set = !strcasecmp(s, "all") ? DECODE_FDS_ALL : 0;
	} else {
		copy = strdup(s);
		if (!copy)
			usage_error("out of memory");
		for (char *tok = strtok_r(copy, ",", &save); tok;
		     tok = strtok_r(NULL, ",", &save)) {
			size_t i = 0;

			while (i < sizeof(names) / sizeof(names[0]) &&
			       strcasecmp(tok, names[i].name))
				i++;
			if (i == sizeof(names) / sizeof(names[0]))
				usage_error("invalid %s value '%s': %s", what, tok, fix);
			set |= names[i].bit;
		}
		free(copy);
		if (!set)
			usage_error("invalid %s value '%s': %s", what, text, fix);
	}
	return invert ? DECODE_FDS_ALL & ~set : set;
}

/* -e status=SET, --status=SET: as strace, the last one given counts. */
static void parse_status(struct session_opts *o, const char *text)
{
	char err[STATUS_ERR_MAX];
	int rc = status_set_parse(text, &o->status_shown, err, sizeof(err));

	if (rc == -ENOMEM)
		usage_error("out of memory");
	if (rc)
		usage_error("%s", err);
}

/* -e raw=, abbrev=, verbose=: each a syscall set, the last given replacing the one before. */
static struct syscall_filter raw_calls, abbrev_calls, verbose_calls;

static const struct syscall_filter *call_set(struct syscall_filter *f, const char *value,
					     const char *qualifier)
{
	char err[SYSCALL_FILTER_ERR_MAX];

	syscall_filter__free(f);
	memset(f, 0, sizeof(*f));
	if (!*value)
		usage_error("invalid -e %s value '': give a syscall set, as -e trace= takes "
			    "(all, none, names, %%classes)",
			    qualifier);
	if (syscall_filter__add(f, value, err, sizeof(err)))
		usage_error("-e %s=%s: %s", qualifier, value, err);
	return f;
}

/* -e io_uring=SET, --io-uring[=SET]: the operations shown as calls; the last given counts. */
static void parse_io_uring(struct session_opts *o, const char *value)
{
	char err[URING_ERR_MAX];

	if (uring_set_parse(value, &o->io_uring, err, sizeof(err)))
		usage_error("%s", err);
}

/*
 * --kfunc FUNC[(EXPR,...)][,FUNC...]: kernel functions (globs) to show under the calls; the
 * commas inside a function's parentheses are its expressions'.
 */
static void add_kfuncs(struct session_opts *o, char *list)
{
	while (*list) {
		size_t len = kfunc_spec_len(list);
		const char **p;
		char *name = list;

		list += len + (list[len] == ',');
		name[len] = '\0';
		if (!len)
			continue;
		p = realloc(o->kfuncs, (o->nkfuncs + 1) * sizeof(*p));
		if (!p)
			usage_error("out of memory");
		p[o->nkfuncs++] = name;
		o->kfuncs = p;
	}
	if (!o->nkfuncs)
		usage_error("--kfunc needs a function name: --kfunc vfs_read ('btftrace kfuncs' "
			    "lists them)");
}

/* -e SUBSYS:EVENT[(fields)]: a tracepoint (glob) to show beside the calls. */
static void add_event(struct session_opts *o, const char *text)
{
	const char **p = realloc(o->events, (o->nevents + 1) * sizeof(*p));

	if (!p)
		usage_error("out of memory");
	p[o->nevents++] = text;
	o->events = p;
}

/* -e inject=, -e fault= (and --inject=, --fault=): every expression counts, in order. */
static struct inject_spec inject;

static void add_injection(struct session_opts *o, const char *text, bool fault)
{
	char err[INJECT_ERR_MAX];
	int rc = inject_spec__add(&inject, text, fault, err, sizeof(err));
	const struct inject_action *a;

	if (rc == -ENOMEM)
		usage_error("out of memory");
	if (rc)
		usage_error("%s", err);
	o->inject = &inject;
	/* as strace warns: the kernel's error returns are -4095..-1 */
	a = &inject.exprs[inject.nexprs - 1].action;
	if ((a->flags & INJECT_F_RETVAL) && a->retval < 0 && a->retval >= -INJECT_ERRNO_MAX)
		fprintf(stderr,
			"btftrace: warning: retval=%lld in '%s' is an error's return value: the "
			"program takes it for error %lld (%s)\n",
			(long long)a->retval, text, -(long long)a->retval,
			xlat_errno_name(-a->retval) ?: "no name");
}

/*
 * -e QUALIFIER=VALUE, with strace's qualifier names: signal= chooses the
 * signal lines (as strace, the last one given counts), quiet= is --quiet,
 * read= and write= the fds whose data is dumped, decode-pids= is
 * --decode-pids, SUBSYS:EVENT adds a tracepoint, and trace= or a bare set
 * goes to the syscall filter.
 */
static void add_expression(struct syscall_filter *f, struct session_opts *o, const char *text)
{
	static const char *const signal_names[] = {"signal", "signals", "s", NULL};
	static const char *const quiet_names[] = {"quiet", "silent", "silence", "q", NULL};
	static const char *const read_names[] = {"read", "reads", "r", NULL};
	static const char *const write_names[] = {"write", "writes", "w", NULL};
	static const char *const pids_names[] = {"decode-pids", "decode-pid", NULL};
	static const char *const fds_names[] = {"decode-fds", "decode-fd", NULL};
	static const char *const status_names[] = {"status", NULL};
	static const char *const raw_names[] = {"raw", NULL};
	static const char *const abbrev_names[] = {"abbrev", "a", NULL};
	static const char *const verbose_names[] = {"verbose", "v", NULL};
	static const char *const inject_names[] = {"inject", NULL};
	static const char *const fault_names[] = {"fault", NULL};
	static const char *const trace_fds_names[] = {"trace-fds", "trace-fd", "fd", "fds", NULL};
	static const char *const io_uring_names[] = {"io_uring", "io-uring", NULL};
	char err[SIGNAL_SET_ERR_MAX];
	const char *value;

	if (tp_spec_is_event(text)) {
		add_event(o, text);
		return;
	}
	if ((value = qualifier_value(text, signal_names))) {
		if (signal_set_parse(value, text, &o->signals_shown, err, sizeof(err)))
			usage_error("%s", err);
		return;
	}
	if ((value = qualifier_value(text, quiet_names))) {
		parse_quiet(o, value);
		return;
	}
	if ((value = qualifier_value(text, pids_names))) {
		o->decode.decode_pids = parse_decode_pids(value, "-e decode-pids");
		return;
	}
	if ((value = qualifier_value(text, fds_names))) {
		o->decode.decode_fds = parse_decode_fds(value, "-e decode-fds");
		decode_fds_given = true;
		return;
	}
	if ((value = qualifier_value(text, status_names))) {
		parse_status(o, value);
		return;
	}
	if ((value = qualifier_value(text, raw_names))) {
		o->raw_calls = call_set(&raw_calls, value, "raw");
		return;
	}
	if ((value = qualifier_value(text, abbrev_names))) {
		/* as strace's -v is abbrev=none: the last of them counts */
		o->abbrev_calls = call_set(&abbrev_calls, value, "abbrev");
		o->decode.verbose = false;
		return;
	}
	if ((value = qualifier_value(text, verbose_names))) {
		o->verbose_calls = call_set(&verbose_calls, value, "verbose");
		return;
	}
	if ((value = qualifier_value(text, trace_fds_names))) {
		parse_trace_fds(o, value, "-e trace-fds");
		return;
	}
	if ((value = qualifier_value(text, io_uring_names))) {
		parse_io_uring(o, value);
		return;
	}
	if ((value = qualifier_value(text, read_names))) {
		parse_dump_set(&dump_read, &o->decode.dump_read, value, "-e read");
		return;
	}
	if ((value = qualifier_value(text, write_names))) {
		parse_dump_set(&dump_write, &o->decode.dump_write, value, "-e write");
		return;
	}
	if ((value = qualifier_value(text, inject_names))) {
		add_injection(o, value, false);
		return;
	}
	if ((value = qualifier_value(text, fault_names))) {
		add_injection(o, value, true);
		return;
	}
	add_syscall_set(f, o, text);
}

/* -v, --no-abbrev, --verbose: strace's -e abbrev=none, which replaces an -e abbrev= before it. */
static void abbrev_none(struct session_opts *o)
{
	o->decode.verbose = true;
	o->abbrev_calls = NULL;
}

/* The texts add_qualifier made: an -e text may be kept (a set's name in messages), as argv's. */
struct qualifier_text {
	struct qualifier_text *next;
	char text[];
};
static struct qualifier_text *qualifier_texts;

/* strace's --trace=SET and its kin: -e NAME=SET */
static void add_qualifier(struct syscall_filter *f, struct session_opts *o, const char *name,
			  const char *value)
{
	size_t len = strlen(name) + 1 + strlen(value) + 1;
	struct qualifier_text *q = malloc(sizeof(*q) + len);

	if (!q)
		usage_error("out of memory");
	snprintf(q->text, len, "%s=%s", name, value);
	q->next = qualifier_texts;
	qualifier_texts = q;
	add_expression(f, o, q->text);
}

/*
 * getopt's '?': an unknown option, or a known long option given a value it
 * does not take (--pretty=1), for which glibc sets optopt to the option's val.
 */
static void bad_option(const char *arg) __attribute__((noreturn));
static void bad_option(const char *arg)
{
	const char *eq = strchr(arg, '=');

	if (optopt && !strncmp(arg, "--", 2) && eq) {
		for (const struct option *lo = long_options; lo->name; lo++) {
			if (lo->val == optopt && lo->has_arg == no_argument)
				usage_error("option '--%s' takes no value: see 'btftrace --help'",
					    lo->name);
		}
	}
	if (optopt > 0 && optopt < 256)
		usage_error("unknown option '-%c': see 'btftrace --help'", optopt);
	usage_error("unknown option '%s': see 'btftrace --help'", arg);
}

/*
 * --stack-trace=MODE: the walk (dwarf or fp), or strace's names for what is shown (symbol is
 * -k, source is -kk).
 */
static void parse_stack_mode(struct session_opts *o, const char *text)
{
	if (!text || !strcmp(text, "dwarf") || !strcmp(text, "symbol")) {
		o->stack.mode = BT_STACK_DWARF;
	} else if (!strcmp(text, "fp")) {
		o->stack.mode = BT_STACK_FP;
	} else if (!strcmp(text, "source")) {
		o->stack.mode = BT_STACK_DWARF;
		o->stack.source_lines = true;
	} else {
		usage_error("invalid --stack-trace value '%s': give dwarf, fp, symbol or source",
			    text);
	}
}

/* --uid: a user name, as getpwnam knows it, or a number. */
static __u32 parse_uid(const char *text)
{
	struct passwd *pw;
	unsigned long v;
	char *end;

	if (!*text)
		usage_error("invalid --uid value '': give a user name or number");
	errno = 0;
	v = strtoul(text, &end, 10);
	if (*text >= '0' && *text <= '9' && !*end && !errno && v < 0xffffffffUL)
		return v;
	pw = getpwnam(text);
	if (!pw)
		usage_error("unknown user '%s' for --uid: give a user name from /etc/passwd, or "
			    "a number",
			    text);
	return pw->pw_uid;
}

/*
 * --cgroup: a cgroup v2 directory names its cgroup by its inode number (the
 * kernel's cgroup id); its depth below the hierarchy's root lets the
 * collector match the whole subtree.
 */
static void parse_cgroup(struct filter_spec *f, const char *path)
{
	char dir[PATH_MAX], *slash;
	struct stat st, up;
	struct statfs fs;

	if (!*path)
		usage_error("invalid --cgroup value '': give a cgroup v2 directory");
	if (!realpath(path, dir) || stat(dir, &st) < 0)
		usage_error("cannot use cgroup '%s' (%s): give a cgroup v2 directory, like "
			    "/sys/fs/cgroup/system.slice/NAME.service",
			    path, strerror(errno));
	if (!S_ISDIR(st.st_mode) || statfs(dir, &fs) < 0 || fs.f_type != CGROUP2_SUPER_MAGIC)
		usage_error("cannot use cgroup '%s': not a directory of a cgroup v2 hierarchy "
			    "(see 'mount -t cgroup2')",
			    path);
	f->has_cgroup = true;
	f->cgroup_id = st.st_ino;
	f->cgroup_level = 0;
	/* the depth: parents on the same cgroup2 mount */
	while ((slash = strrchr(dir, '/')) && slash != dir) {
		*slash = 0;
		if (stat(dir, &up) < 0 || up.st_dev != st.st_dev)
			break;
		f->cgroup_level++;
	}
}

/* --container NAME|ID|new: kept to be found through the runtimes when tracing starts. */
static void parse_container(struct session_opts *o, const char *text)
{
	if (!*text)
		usage_error("invalid --container value '': give a container's name or ID, or new");
	if (!strcmp(text, "new")) {
		o->containers_new = true;
		return;
	}
	if (o->ncontainers == CONTAINER_MAX_ARGS)
		usage_error("too many --container options: at most %d", CONTAINER_MAX_ARGS);
	o->containers[o->ncontainers++] = text;
}

static int run_syscalls_command(struct session_opts *o, struct syscall_filter *f, int argc,
				char **argv)
{
	bool json = false, names_only = false;
	int first = 1;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json")) {
			json = true;
			first = i + 1;
		} else if (!strcmp(argv[i], "--names")) {
			names_only = true;
			first = i + 1;
		} else if (!strcmp(argv[i], "-e")) {
			if (i + 1 == argc)
				usage_error("option '-e' needs a value: see 'btftrace --help'");
			add_syscall_set(f, o, argv[++i]);
			first = i + 1;
		} else if (argv[i][0] == '-') {
			usage_error("unknown option '%s' for 'syscalls': it takes --json, --names, "
				    "-e SET and names",
				    argv[i]);
		} else {
			break;
		}
	}
	if (names_only && json)
		usage_error("'syscalls --names' prints plain names: drop --json or --names");
	if (names_only && first < argc)
		usage_error("'syscalls --names' takes no syscall names: use -e SET to choose");
	if (names_only)
		return session_list_syscall_names(o);
	return session_list_syscalls(o, argv + first, argc - first, json);
}

static int run_kfuncs_command(struct session_opts *o, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (argv[i][0] == '-')
			usage_error("unknown option '%s' for 'kfuncs': it takes globs of function "
				    "names (vfs_*)",
				    argv[i]);
	}
	return session_list_kfuncs(o, argv + 1, argc - 1);
}

static int run_events_command(struct session_opts *o, int argc, char **argv)
{
	bool json = false;
	int first = 1;

	if (first < argc && !strcmp(argv[first], "--json")) {
		json = true;
		first++;
	}
	for (int i = first; i < argc; i++) {
		if (argv[i][0] == '-')
			usage_error("unknown option '%s' for 'events': it takes --json and globs "
				    "(SUBSYS:EVENT)",
				    argv[i]);
	}
	return session_list_events(o, argv + first, argc - first, json);
}

int main(int argc, char **argv)
{
	static struct syscall_filter filter;
	static struct filter_spec calls, trigger;
	char why[FILTER_ERR_MAX];
	struct session_opts o;
	bool capture_set = false;
	bool ts_long = false;
	int ts_count = 0, x_count = 0, y_count = 0, k_count = 0, q_count = 0, c, status;
	const char *stack_option = NULL;
	bool hex_set = false, columns_given = false, wall_clock = false, overhead_given = false;

	startup_times__init();
	session_opts_default(&o);
	/* one message of our own per error, not getopt's as well */
	opterr = 0;
	if (argc > 1 && !strcmp(argv[1], "syscalls")) {
		status = run_syscalls_command(&o, &filter, argc - 1, argv + 1);
		syscall_filter__free(&filter);
		return status;
	}
	if (argc > 1 && !strcmp(argv[1], "events"))
		return run_events_command(&o, argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "kfuncs"))
		return run_kfuncs_command(&o, argc - 1, argv + 1);

	while ((c = getopt_long(argc, argv, "+:p:ab:fcCS:U:wO:e:o:As:vxyYX:trTdhVZzE:u:niqkP:",
				long_options, NULL)) != -1) {
		switch (c) {
		case 'p':
			parse_pids(&o, optarg);
			break;
		case 'a':
			o.trace_all = true;
			break;
		case 'b':
			/* strace 6.1 detaches at execve only */
			if (strcmp(optarg, "execve"))
				usage_error("invalid -b/--detach-on value '%s': execve is the one "
					    "syscall tracing stops at (as strace's)",
					    optarg);
			o.detach_on_execve = true;
			break;
		case 'f':
			/* strace's -ff: -f, each process's lines in a file of its own */
			if (o.follow_forks)
				o.output_separately = true;
			o.follow_forks = true;
			o.text.thread_exits = true;
			break;
		case OPT_OUTPUT_SEPARATELY:
			o.output_separately = true;
			break;
		case 'A':
			o.output_append = true;
			break;
		case 'E':
			if (command_opts__add_env(&o.cmd, optarg, why, sizeof(why)))
				usage_error("%s", why);
			break;
		case 'u':
			if (command_opts__set_user(&o.cmd, optarg, why, sizeof(why)))
				usage_error("%s", why);
			break;
		case OPT_ARGV0:
			if (!*optarg)
				usage_error("invalid --argv0 value '': give the name the command "
					    "sees as its argv[0]");
			o.cmd.argv0 = optarg;
			break;
		case OPT_CONTAINER:
			parse_container(&o, optarg);
			break;
		case OPT_TRACE_SET:
		case OPT_SIGNAL_SET:
		case OPT_RAW_SET:
		case OPT_ABBREV_SET:
			/* strace's long forms of -e QUALIFIER=SET */
			add_qualifier(&filter, &o,
				      c == OPT_TRACE_SET    ? "trace"
				      : c == OPT_SIGNAL_SET ? "signal"
				      : c == OPT_RAW_SET    ? "raw"
							    : "abbrev",
				      optarg);
			break;
		case OPT_VERBOSE:
			/* alone: -v; with a set: strace's --verbose=SET, -e verbose=SET */
			if (optarg)
				add_qualifier(&filter, &o, "verbose", optarg);
			else
				abbrev_none(&o);
			break;
		case OPT_SECCOMP_BPF:
			/*
			 * strace's way to stop the tracee only at the calls it shows: btftrace
			 * never stops it, and the trace is the same with it or without
			 */
			break;
		case OPT_QUIET:
			/* strace's --quiet alone is -q */
			if (!optarg)
				set_quiet(&o, QUIET_ATTACH | QUIET_PERSONALITY);
			else
				parse_quiet(&o, optarg);
			break;
		case 'q':
			/* -q: attach,personality; -qq: and exit; -qqq: all */
			q_count++;
			set_quiet(&o, q_count == 1   ? QUIET_ATTACH | QUIET_PERSONALITY
				      : q_count == 2 ? QUIET_ATTACH | QUIET_PERSONALITY | QUIET_EXIT
						     : QUIET_ALL);
			break;
		case 'c':
			o.summary = SUMMARY_ONLY;
			break;
		case 'C':
			o.summary = SUMMARY_WITH;
			break;
		case 'U':
			status = summary_columns_parse(optarg, &o.summary_opts, why, sizeof(why));
			if (status == -EEXIST)
				usage_error("-U/--summary-columns: %s is there twice (under one of "
					    "its names): give each column once",
					    why);
			if (status)
				usage_error("invalid -U/--summary-columns value '%s': give "
					    "time-percent, total-time, avg-time, min-time, "
					    "max-time, calls, errors or name, comma-separated",
					    why);
			columns_given = true;
			break;
		case 'w':
			/* btftrace's times are the wall-clock ones strace -w asks for */
			wall_clock = true;
			break;
		case 'O':
			if (strace_time_parse(optarg, &o.summary_opts.overhead_ns))
				usage_error(
					"invalid -O/--summary-syscall-overhead value '%s': give "
					"a time, a number with s, ms, us or ns (microseconds "
					"without one), e.g. -O 1.5us",
					optarg);
			overhead_given = true;
			break;
		case 'S':
			if (summary_sort_parse(optarg, &o.summary_opts.sort))
				usage_error(
					"invalid -S value '%s': give time, calls, errors, avg or "
					"name",
					optarg);
			break;
		case OPT_SUMMARY_BY:
			if (!strcmp(optarg, "total"))
				o.summary_opts.by = BT_SUMMARY_TOTAL;
			else if (!strcmp(optarg, "process"))
				o.summary_opts.by = BT_SUMMARY_PROCESS;
			else if (!strcmp(optarg, "thread"))
				o.summary_opts.by = BT_SUMMARY_THREAD;
			else if (!strcmp(optarg, "container"))
				o.summary_opts.by = BT_SUMMARY_CONTAINER;
			else
				usage_error("invalid --summary-by value '%s': give total, process, "
					    "thread or container",
					    optarg);
			break;
		case OPT_HIST:
			o.summary_opts.hist = true;
			break;
		case OPT_ERRNO_SUMMARY:
			o.summary_opts.errno_summary = true;
			break;
		case OPT_FLIGHT_RECORDER:
			o.recorder = parse_number("--flight-recorder (--last)", optarg, 1,
						  BT_RECORDER_MAX);
			break;
		case OPT_TRIGGER:
			if (trigger.expr)
				usage_error("--trigger given twice: join the expressions with ||");
			if (filter_expr__parse(optarg, &trigger.expr, why, sizeof(why)))
				usage_error("--trigger%s",
					    strncmp(why, "--filter", 8) ? why : why + 8);
			break;
		case OPT_SLOWEST:
			o.summary_opts.slowest =
				parse_number("--slowest", optarg, 1, BT_SLOWEST_MAX);
			break;
		case 'e':
			add_expression(&filter, &o, optarg);
			break;
		case OPT_READ:
			parse_dump_set(&dump_read, &o.decode.dump_read, optarg, "--read");
			break;
		case OPT_WRITE:
			parse_dump_set(&dump_write, &o.decode.dump_write, optarg, "--write");
			break;
		case OPT_INJECT:
			add_injection(&o, optarg, false);
			break;
		case OPT_FAULT:
			add_injection(&o, optarg, true);
			break;
		case OPT_KFUNC:
			add_kfuncs(&o, optarg);
			break;
		case OPT_MAX_EVENTS:
			o.max_events = parse_number("--max-events", optarg, 1, ULONG_MAX);
			break;
		case OPT_FILTER:
			if (calls.expr)
				usage_error("--filter given twice: join the expressions with &&");
			if (filter_expr__parse(optarg, &calls.expr, why, sizeof(why)))
				usage_error("%s", why);
			break;
		/* as in strace, -Z is -e status=failed, -z -e status=successful: the last counts */
		case 'Z':
			o.status_shown = STATUS_FAILED;
			break;
		case 'z':
			o.status_shown = STATUS_SUCCESSFUL;
			break;
		case OPT_STATUS:
			parse_status(&o, optarg);
			break;
		case OPT_DURATION:
			if (filter_parse_duration(optarg, &calls.min_duration_ns))
				usage_error("invalid --duration value '%s': give a time with its "
					    "unit, like 10ms (ns, us, ms or s)",
					    optarg);
			break;
		case 'P':
			add_trace_path(&o, optarg);
			break;
		case OPT_TRACE_FDS:
			parse_trace_fds(&o, optarg, "--trace-fds");
			break;
		case OPT_IO_URING:
			parse_io_uring(&o, optarg ? optarg : "all");
			break;
		case OPT_COMM:
			if (!*optarg)
				usage_error("invalid --comm value '': give a process name");
			calls.comm = optarg;
			break;
		case OPT_UID:
			calls.uid = parse_uid(optarg);
			calls.has_uid = true;
			break;
		case OPT_CGROUP:
			parse_cgroup(&calls, optarg);
			break;
		case 'o':
			if (!*optarg)
				usage_error("invalid -o value '': give a file name");
			o.output = optarg;
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "text"))
				o.format = SINK_TEXT;
			else if (!strcmp(optarg, "json"))
				o.format = SINK_JSON;
			else if (!strcmp(optarg, "perfetto"))
				o.format = SINK_PERFETTO;
			else
				usage_error(
					"invalid --format value '%s': give text, json or perfetto",
					optarg);
			break;
		case OPT_COLOR:
			if (!strcmp(optarg, "auto"))
				o.text.color = COLOR_AUTO;
			else if (!strcmp(optarg, "always"))
				o.text.color = COLOR_ALWAYS;
			else if (!strcmp(optarg, "never"))
				o.text.color = COLOR_NEVER;
			else
				usage_error(
					"invalid --color value '%s': give auto, always or never",
					optarg);
			break;
		case 's':
			o.decode.string_limit = parse_number("-s", optarg, 0, 1 << 20);
			break;
		case 'v':
			abbrev_none(&o);
			break;
		case 'y':
			y_count++;
			break;
		case OPT_DECODE_FDS:
			o.decode.decode_fds =
				optarg ? parse_decode_fds(optarg, "--decode-fds") : DECODE_FDS_PATH;
			decode_fds_given = true;
			break;
		case 'Y':
			o.decode.decode_pids = DECODE_PIDS_COMM;
			break;
		case OPT_DECODE_PIDS:
			o.decode.decode_pids = parse_decode_pids(optarg, "--decode-pids");
			break;
		case OPT_PIDNS_TRANSLATION:
			o.decode.decode_pids = DECODE_PIDS_NS;
			break;
		case 'X':
			if (!strcmp(optarg, "raw"))
				o.decode.xlat = WR_XLAT_RAW;
			else if (!strcmp(optarg, "abbrev"))
				o.decode.xlat = WR_XLAT_ABBREV;
			else if (!strcmp(optarg, "verbose"))
				o.decode.xlat = WR_XLAT_VERBOSE;
			else
				usage_error("invalid -X value '%s': give raw, abbrev or verbose",
					    optarg);
			break;
		case 'x':
			/* strace's: -x non-ASCII strings, -xx (or more) all */
			x_count++;
			o.decode.hex = x_count > 1 ? QUOTE_HEX_ALL : QUOTE_HEX_NON_ASCII;
			break;
		case OPT_STRINGS_IN_HEX:
			hex_set = true;
			if (!optarg)
				o.decode.hex = QUOTE_HEX_ALL;
			else if (quote_hex_parse(optarg, &o.decode.hex))
				usage_error("invalid --strings-in-hex value '%s': give none, "
					    "non-ascii-chars, non-ascii or all",
					    optarg);
			break;
		case OPT_COLUMNS:
			/* strace's -a N; btftrace's -a is perf trace's, the whole system */
			o.decode.result_column =
				parse_number("--columns", optarg, 0, MAX_RESULT_COLUMN);
			break;
		case OPT_ARG_NAMES:
			o.decode.arg_names = true;
			break;
		case OPT_STRUCT_DEPTH:
			o.decode.struct_depth = parse_number("--struct-depth", optarg, 1, 32);
			break;
		case OPT_NO_ZEROS:
			o.decode.no_zeros = true;
			break;
		case OPT_PRETTY:
			o.decode.pretty = true;
			break;
		case OPT_NO_PID:
			o.text.no_pid = true;
			break;
		case 't':
			ts_count++;
			break;
		case OPT_ABSOLUTE_TIMESTAMPS:
			parse_absolute_timestamps(&o.text, optarg);
			ts_long = true;
			break;
		case 'r':
			o.text.relative = true;
			break;
		case OPT_RELATIVE_TIMESTAMPS:
			o.text.relative = true;
			if (optarg)
				o.text.relative_digits =
					precision_of("--relative-timestamps", optarg);
			break;
		case 'T':
			o.text.show_duration = true;
			break;
		case OPT_SYSCALL_TIMES:
			o.text.show_duration = true;
			if (optarg)
				o.text.duration_digits = precision_of("--syscall-times", optarg);
			break;
		case 'n':
			o.text.show_nr = true;
			break;
		case 'i':
			o.text.show_ip = true;
			break;
		case OPT_CAPTURE_SIZE:
			o.buffer_cap = parse_number("--capture-size", optarg, 1, BT_CAPTURE_MAX);
			capture_set = true;
			break;
		case OPT_BUFFER_SIZE:
			o.ringbuf_bytes = parse_size("--buffer-size", optarg);
			break;
		case OPT_BTF:
			if (!*optarg)
				usage_error("invalid --btf value '': give a BTF file");
			o.btf_path = optarg;
			break;
		case OPT_NO_BTF:
			o.no_btf = true;
			o.decode.no_btf = true;
			break;
		case OPT_STATS:
			o.stats = true;
			break;
		case OPT_LOSSLESS:
			o.lossless = true;
			break;
		case OPT_NO_LOSS:
			/* what is lost all the same is said where it was */
			o.no_loss = o.lossless = true;
			break;
		case 'k':
			/* -kk: strace 6.7's source lines */
			k_count++;
			if (o.stack.mode == BT_STACK_NONE)
				o.stack.mode = BT_STACK_DWARF;
			if (k_count > 1)
				o.stack.source_lines = true;
			break;
		case OPT_STACK_TRACE:
			parse_stack_mode(&o, optarg);
			break;
		case OPT_STACK_FRAME_LIMIT:
			o.stack.frame_limit =
				parse_number("--stack-trace-frame-limit", optarg, 1, 1024);
			stack_option = "--stack-trace-frame-limit";
			break;
		case OPT_STACK_SIZE:
			/* whole words: the unwinder reads the copy 8 bytes at a time */
			o.stack.copy_bytes =
				(parse_number("--stack-trace-size", optarg, 8, BT_STACK_COPY_MAX) +
				 7) &
				~7U;
			stack_option = "--stack-trace-size";
			break;
		case OPT_KERNEL_STACK:
			o.stack.kernel = true;
			break;
		case 'd':
			o.debug = true;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return 0;
		case 'V':
			printf("btftrace %s\n", BTFTRACE_VERSION);
			return 0;
		case ':':
			usage_error("option '%s' needs a value: see 'btftrace --help'",
				    argv[optind - 1]);
		default:
			bad_option(argv[optind - 1]);
		}
	}
	/* what only a summary shows asks for one */
	if (o.summary == SUMMARY_NONE &&
	    (o.summary_opts.hist || o.summary_opts.errno_summary || o.summary_opts.slowest))
		o.summary = SUMMARY_ONLY;
	if (o.summary_opts.slowest && o.summary_opts.by != BT_SUMMARY_TOTAL)
		usage_error("--slowest keeps each syscall's slowest calls of all processes "
			    "together: drop --summary-by, or --slowest");
	/* strace's rule: the table's options need the table */
	if (o.summary == SUMMARY_NONE && (columns_given || wall_clock || overhead_given))
		usage_error("%s shapes the -c table: add -c or -C, or drop it",
			    columns_given ? "-U/--summary-columns"
			    : wall_clock  ? "-w/--summary-wall-clock"
					  : "-O/--summary-syscall-overhead");
	if (x_count && hex_set)
		usage_error("-x and --strings-in-hex exclude each other: choose one (-x is "
			    "--strings-in-hex=non-ascii, -xx is --strings-in-hex=all)");
	/* as strace: -y is --decode-fds=path, -yy (or more) --decode-fds=all */
	if (y_count && decode_fds_given)
		usage_error("-y and --decode-fds exclude each other: choose one (-y is "
			    "--decode-fds=path, -yy is --decode-fds=all)");
	if (y_count)
		o.decode.decode_fds = y_count == 1 ? DECODE_FDS_PATH : DECODE_FDS_ALL;
	if (ts_count > 3)
		usage_error("-t given %d times: -t, -tt and -ttt are the choices", ts_count);
	if (ts_count && ts_long)
		usage_error("-t and --absolute-timestamps exclude each other: choose one (-tt is "
			    "precision:us, -ttt format:unix,precision:us)");
	if (ts_count) {
		o.text.ts = ts_count == 3 ? TS_EPOCH : TS_TIME;
		o.text.ts_digits = ts_count == 1 ? 0 : 6;
	}
	/* showing more than is copied would show nothing more: copy what -s shows */
	if (!capture_set && o.decode.string_limit >= (int)o.buffer_cap)
		o.buffer_cap = o.decode.string_limit + 1 > BT_CAPTURE_MAX
				       ? BT_CAPTURE_MAX
				       : o.decode.string_limit + 1;
	/* strace dumps all the data: copy as much as the kernel may */
	if (o.decode.string_limit == 0 ||
	    (!capture_set && (o.decode.dump_read || o.decode.dump_write)))
		o.buffer_cap = BT_CAPTURE_MAX;
	if (optind < argc)
		o.command = argv + optind;
	if ((o.ncontainers || o.containers_new) && (o.command || o.npids || o.trace_all))
		usage_error("--container traces the container's processes: it excludes %s; drop "
			    "one of them",
			    o.command ? "a command"
			    : o.npids ? "-p"
				      : "-a");
	if (!o.command && !o.npids && !o.trace_all && !o.ncontainers && !o.containers_new)
		usage_error("nothing to trace: give a command after --, -p PID, -a or "
			    "--container NAME (see 'btftrace --help')");
	if (o.summary_opts.by == BT_SUMMARY_CONTAINER && !o.ncontainers && !o.containers_new &&
	    !o.trace_all)
		usage_error("--summary-by=container groups the calls of containers: trace them "
			    "with --container NAME, --container new or -a");
	/* the calls in a container see its PID namespace: pids say the host's number too */
	if (o.ncontainers || o.containers_new || o.trace_all)
		o.decode.decode_pids |= DECODE_PIDS_NS;
	if ((o.command ? 1 : 0) + (o.npids ? 1 : 0) + (o.trace_all ? 1 : 0) > 1)
		usage_error("a command, -p and -a exclude each other: choose one target");
	/* strace's warnings, and as in strace tracing goes on */
	if (o.output_append && !o.output)
		fputs("btftrace: -A/--output-append-mode has no effect without -o/--output\n",
		      stderr);
	if (o.output_separately && !o.output) {
		fputs("btftrace: --output-separately has no effect without -o/--output\n", stderr);
		o.output_separately = false;
	}
	if (o.output_separately && o.summary != SUMMARY_NONE)
		usage_error("-c/-C and -ff/--output-separately exclude each other: the summary "
			    "has no file of its own; drop one");
	if (o.output_separately && o.format != SINK_TEXT)
		usage_error("-ff/--output-separately writes text files: drop --format, or -ff");
	if (o.detach_on_execve && (o.trace_all || o.ncontainers || o.containers_new))
		usage_error("-b execve stops tracing a process btftrace follows by its id (a "
			    "command, -p, -f's children); -a and --container trace every "
			    "process they see: drop -b");
	if (!o.command && (o.cmd.user || o.cmd.nenv || o.cmd.argv0))
		usage_error("-u, -E and --argv0 apply to a command btftrace starts: give one "
			    "after --, or drop them");
	/* strace is quiet about personalities when a command it runs is traced to a file */
	if (o.output && o.command)
		o.text.quiet_personality = true;
	/* strace's pid column: a file that holds several processes' calls */
	if (o.output && !o.output_separately && (o.follow_forks || o.npids > 1 || o.trace_all))
		o.text.pid_column = true;
	if (o.no_loss && !o.command)
		usage_error("--no-loss pauses the command btftrace starts (btftrace --no-loss -- "
			    "COMMAND): processes of -p, -a or --container are not btftrace's to "
			    "pause; drop it, or use --lossless to see where calls were lost");
	if (o.no_loss && o.summary == SUMMARY_ONLY)
		usage_error("-c sends no records through the ring buffer, so --no-loss has "
			    "nothing to keep: drop it");
	if (o.inject && !o.command)
		usage_error("-e inject= and -e fault= need a command btftrace starts (btftrace -e "
			    "inject=... -- COMMAND): the seccomp filter that hands btftrace the "
			    "calls is given to the command before its exec, and a running process "
			    "(-p) or the whole system (-a) cannot be given one");
	if (o.format == SINK_PERFETTO && !o.output)
		usage_error("--format=perfetto writes a file: give it with -o FILE");
	/* a trace-event file has slices on a timeline, and no place for a table */
	if (o.format == SINK_PERFETTO && o.summary != SUMMARY_NONE)
		usage_error("--format=perfetto has no summary: use --format=json or text for "
			    "-c/-C/--hist/--errno-summary/--slowest");
	if (o.format != SINK_TEXT && o.text.color == COLOR_ALWAYS)
		usage_error("--color=always colours the text format only: drop it, or use "
			    "--format=text");
	/* the kernel decides on the two sets a call's result alone decides */
	calls.failed = o.status_shown == STATUS_FAILED;
	calls.successful = o.status_shown == STATUS_SUCCESSFUL;
	/* without BTF no fd can be matched to a file, and every fd call would be dropped */
	if (o.ntrace_paths && o.no_btf)
		usage_error("-P needs the kernel's BTF to tell which file an fd refers to: drop "
			    "--no-btf, or give --btf FILE");
	if (stack_option && o.stack.mode == BT_STACK_NONE &&
	    !(o.stack.kernel && !strcmp(stack_option, "--stack-trace-frame-limit")))
		usage_error("%s sets how user stacks are shown: add -k to show them", stack_option);
	if (stack_option && !strcmp(stack_option, "--stack-trace-size") &&
	    o.stack.mode == BT_STACK_FP)
		usage_error("--stack-trace-size is the copy --stack-trace=dwarf unwinds; fp copies "
			    "no stack: drop one");
	if ((o.stack.mode != BT_STACK_NONE || o.stack.kernel) && o.summary == SUMMARY_ONLY)
		usage_error("stacks are shown under calls and -c shows none: use -C, or drop "
			    "-k/--kernel-stack");
	if ((o.stack.mode != BT_STACK_NONE || o.stack.kernel) && o.format == SINK_PERFETTO)
		usage_error("--format=perfetto has no place for stacks: use --format=text or json "
			    "with -k/--kernel-stack");
	if (filter_spec__active(&calls))
		o.filter = &calls;
	/* -c sends no records: the events would be read for nothing */
	if (o.nevents && o.summary == SUMMARY_ONLY)
		usage_error("-e %s shows tracepoint lines, which -c does not show: use -C for the "
			    "lines and the table",
			    o.events[0]);
	if (trigger.expr && !o.recorder)
		usage_error("--trigger says when the flight recorder writes its calls out: give "
			    "--flight-recorder N too");
	if (o.recorder && o.summary != SUMMARY_NONE)
		usage_error("--flight-recorder writes calls out only on a trigger, -c/-C count "
			    "them all: choose one");
	if (o.recorder && filter_spec__needs_exit(&calls))
		usage_error("--flight-recorder keeps calls as they start, and -Z, -z, --duration "
			    "and a --filter on ret, errno or duration choose them as they end: "
			    "drop those, or use --trigger");
	if (o.recorder && o.lossless)
		usage_error("--flight-recorder sends no calls through the ring buffer, so %s",
			    o.no_loss ? "--no-loss has nothing to keep: drop it"
				      : "--lossless has nothing to mark: drop it");
	if (o.recorder && (o.ntrace_paths || o.trace_fds))
		usage_error(
			"--flight-recorder keeps every call as it starts, and -P and "
			"--trace-fds choose calls by what their fds turn out to be: drop those, "
			"or use --trigger");
	if (trigger.expr)
		o.trigger = &trigger;
	if (o.nkfuncs && o.btf_path)
		usage_error("--kfunc traces the running kernel's functions by its own BTF: drop "
			    "--btf %s",
			    o.btf_path);
	startup_times__stage("options", 0);
	status = session_run(&o);
	free(o.events);
	free(o.kfuncs);
	syscall_filter__free(&filter);
	filter_expr__free(calls.expr);
	filter_expr__free(trigger.expr);
	desc_set_free(&dump_read);
	desc_set_free(&dump_write);
	inject_spec__free(&inject);
	desc_set_free(&trace_fds);
	return status;
}

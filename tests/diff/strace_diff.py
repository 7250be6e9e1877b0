#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The differential test against strace 6.1 (issue 17).

One run of tests/workloads/diff_calls.c per option set is traced at the same time by strace
(ptrace) and by btftrace (following strace's child): both see the very same calls, with the
same addresses, pids, times and results, so their lines are compared after normalising only the
column padding before " = ". The workload's plan is generated here from btftrace's catalog:
every syscall with valid arguments, then one argument at a time NULL, a bad address, an object
flush against an unmapped page or running into it, sizes too small and too big, poisoned high
bits, unknown flags and values; plus the workload's hand-written scenarios.

Commands:
  check   run, and compare the differences with tests/diff/expected.txt: fails on a difference
          not listed there and on a listed one that no longer happens; prints the figures
  report  run, and print the figures per option set and per syscall, the difference rules with
          examples, and the struct-taking syscalls' status
  update  run, and rewrite tests/diff/expected.txt from what differs now, keeping the category
          and reason of the entries that remain (new ones come in as not-yet-fixed)
  noise   measure how faithful the alternative is: two separate runs (setarch -R) of strace
          alone, compared with each other, before and after normalising run-to-run values

Options: --btftrace PATH --workload PATH (built diff_calls) --sets a,b,... --out DIR
(traces kept there) --expected FILE. Root only (the workload builds its cage as root).
"""
import argparse
import collections
import difflib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
EXPECTED = os.path.join(HERE, "expected.txt")

# The option sets, each given to both tracers alike.
SETS = collections.OrderedDict([
    ("default", []),
    ("v", ["-v"]),
    ("Xraw", ["-X", "raw"]),
    ("Xverbose", ["-X", "verbose"]),
    ("s8", ["-s", "8"]),
    ("y", ["-y"]),
    ("etrace", ["-e", "trace=%file,%desc"]),
])

# diff_calls.c's fds and markers
FD = dict(FILE=3, DIR=4, PIPE_R=5, PIPE_W=6, UNIX_A=7, UNIX_B=8, UDP=9, TCP=10, EVENT=11,
          EPOLL=12, TIMER=13, INOTIFY=14, SIGNAL=15, NULL=16, PIDFD=17, MQ=18, UDP6=19)
MARK_INFRA, MARK_END, MARK_CASE = 0x7ea00000, 0x7ea00001, 0x7eb00000
MARK_LO, MARK_HI = 0x7ea00000, 0x7ec00000
SCENARIO_BASE, SCENARIO_STRIDE = 0x80000, 0x400
AT_FDCWD = -100
NO_PID = 0x3fffff00  # above any pid_max: no such process
POISON = 0xdeadbeef00000000
REGION_MAX = 3 * 4096

# ---------------------------------------------------------------- the catalog and the plan

FD_NAME = re.compile(r"(^|_)fd$|^fd|^fildes$|^epfd$|^mqdes$|^fdin$|^fdout$")
DFD_NAME = re.compile(r"dfd$")
PID_NAME = re.compile(r"^(pid|upid|tgid|pid1|pid2|tid)$")
LEN_NAME = re.compile(r"(len|count|size|siz|nbytes|length|cnt|vlen|segs|nfds|nr_events|"
                      r"nr_pages|nr_args|maxevents|nsops|maxnode|nr)$")

# The fd a syscall's fd argument gets by default, by the syscall's name.
FD_FOR = [
    (r"^(accept4?|listen)$", "TCP"),
    (r"^(bind|connect|getsockname|getpeername|[gs]etsockopt|shutdown|sendto|recvfrom|"
     r"sendm?msg|recvm?msg)$", "UDP"),
    (r"^epoll_", "EPOLL"),
    (r"^timerfd_", "TIMER"),
    (r"^inotify_", "INOTIFY"),
    (r"^signalfd", "SIGNAL"),
    (r"^mq_", "MQ"),
    (r"^(pidfd_|process_m|setns$)", "PIDFD"),
    (r"^(getdents|fchdir$|open_by_handle_at$)", "DIR"),
    (r"^(vmsplice|tee)$", "PIPE_W"),
    (r"^splice$", "PIPE_R"),
]

# Defaults where 0 is no valid value and the call should be able to succeed.
DEFAULTS = {
    "*": {"sigsetsize": 8, "mode": 0o644},
    "access": {"mode": 4}, "faccessat": {"mode": 4}, "faccessat2": {"mode": 4},
    "umask": {"mask": 0o22},
    "rt_sigaction": {"sig": 10}, "rt_sigqueueinfo": {"sig": 10},
    "socket": {"family": 2, "type": 2}, "socketpair": {"family": 1, "type": 1},
    "setsockopt": {"level": 1, "optname": 2}, "getsockopt": {"level": 1, "optname": 2},
    "fcntl": {"cmd": 1}, "ioctl": {"cmd": 0x541b},
    "epoll_ctl": {"op": 1, "fd": FD["PIPE_R"]},
    "epoll_wait": {"maxevents": 4}, "epoll_pwait": {"maxevents": 4},
    "epoll_pwait2": {"maxevents": 4},
    "mmap": {"addr": 0, "len": 65536, "prot": 3, "flags": 0x22, "fd": -1},
    "mremap": {"addr": "mem", "old_len": 4096, "new_len": 8192},
    "futex": {"op": 1, "val": 1},
    "io_setup": {"nr_events": 4},
    "waitid": {"options": 5},
    "prctl": {"option": 3},
    "arch_prctl": {"option": 0x1003},
    "ptrace": {"pid": NO_PID},
    "clock_nanosleep": {"which_clock": 1},
    "personality": {"personality": 0xffffffff},
    "splice": {"fd_out": FD["FILE"]},
    "sendfile": {"out_fd": FD["NULL"], "in_fd": FD["FILE"]},
    "copy_file_range": {"fd_out": FD["NULL"]},
    "pidfd_getfd": {"fd": FD["FILE"]},
    "kcmp": {"type": 0, "idx1": FD["FILE"], "idx2": FD["FILE"]},
}
MEMORY_CALLS = {"munmap", "mprotect", "pkey_mprotect", "madvise", "mlock", "mlock2", "munlock",
                "msync", "mincore", "mbind", "set_mempolicy_home_node", "mremap", "shmdt"}


def catalog(btftrace):
    """{name: (nr, [argument record] or None when there is no tracefs format)} of the
    x86_64 calls (the listing has the i386 ones too, "i386:" first in the text, "abi" in
    JSON)."""
    out = subprocess.run([btftrace, "syscalls", "--json"], capture_output=True, text=True,
                         check=True).stdout
    text = subprocess.run([btftrace, "syscalls"], capture_output=True, text=True,
                          check=True).stdout
    cat = {}
    for line in text.splitlines():
        name, nr = line.split()[:2]
        if not name.startswith("i386:"):
            cat[name] = (int(nr), [])
    for line in out.splitlines():
        rec = json.loads(line)
        if rec.get("abi", "x86_64") != "x86_64":
            continue
        nr, args = cat[rec["syscall"]]
        if rec.get("format", True) is False:
            cat[rec["syscall"]] = (nr, None)
        elif args is not None:
            args.append(rec)
    return {name: (nr, None if args is None else sorted(args, key=lambda r: r["arg"]))
            for name, (nr, args) in cat.items()}


def shex(data: bytes):
    return data.hex()


class Arg:
    """One argument of a table case: its kind, default and variants."""

    def __init__(self, syscall, rec, recs):
        self.name, self.rec = rec["name"], rec
        role, ctype = rec["role"], rec["type"]
        self.width = rec["btf_size"] if role == "value" else 8
        refs = [r for r in recs if -(rec["arg"] + 1) in (r["enter"]["len"], r["exit"]["len"])]
        over = dict(DEFAULTS["*"], **DEFAULTS.get(syscall, {}))
        self.sigset = "sigset_t" in ctype
        if role == "value":
            if DFD_NAME.search(self.name) and self.name != "mountdirfd":
                self.kind, self.default = "dfd", AT_FDCWD
            elif FD_NAME.search(self.name) and self.name != "max_fd":
                self.kind, self.default = "fd", FD["FILE"]
                for rx, fd in FD_FOR:
                    if re.search(rx, syscall):
                        self.default = FD[fd]
            elif PID_NAME.match(self.name):
                self.kind, self.default = "pid", 0
            elif refs or LEN_NAME.search(self.name):
                self.kind, self.default = "len", None  # the object's size, set by the case
                self.refs = refs
            else:
                self.kind, self.default = "val", 0
            if syscall in MEMORY_CALLS | {"mremap"} and self.name in ("start", "addr"):
                self.kind, self.default = "addr", "mem"
            if syscall in MEMORY_CALLS and self.kind == "len":
                self.kind, self.default = "memlen", 65536
            if self.name in over:
                self.default = over[self.name]
            if self.default is None and not refs:
                self.default = 8 if self.name == "sigsetsize" else 64
            return
        self.kind = role
        enter, exit_ = rec["enter"], rec["exit"]
        self.inp = enter["len"] != 0
        self.out = exit_["len"] != 0
        elem = enter["elem_size"] or exit_["elem_size"]
        size = rec["btf_size"] if role in ("struct", "pointer") else 0
        if elem:
            size = elem * 2
        if role == "buffer" or size <= 1:
            size = 16 if self.inp else 64
        if role == "iovec":
            size = 32
        if self.sigset:
            size = 8
        self.size = min(size, REGION_MAX)

    def obj(self, place="mid", fill=None):
        if fill is None:
            fill = "zero"
            if self.kind == "buffer" and self.inp:
                fill = "text"
            if self.kind == "iovec":
                fill = "iov"
        return f"obj:{place}:{self.size}:{fill}"

    def default_token(self):
        if self.kind in ("value",):
            return str(self.default)
        if self.kind == "string":
            return "obj:mid:0:str=" + shex(b"file")
        if self.kind in ("struct", "buffer", "pointer", "iovec"):
            return self.obj()
        if self.kind == "strings":
            return "0"
        return str(self.default)

    def variants(self, k):
        """(label, token) of each hostile value for this argument, argument index k."""
        poison = self.width == 4
        if self.kind in ("val", "fd", "dfd", "pid", "len", "addr", "memlen"):
            d = self.default
            out = []
            if self.kind == "fd":
                out += [("-1", "-1"), ("closed", "100")]
            elif self.kind == "dfd":
                out += [("dirfd", str(FD["DIR"])), ("-1", "-1")]
            elif self.kind == "pid":
                out += [("nopid", str(NO_PID)), ("-1", "-1")]
            elif self.kind == "len":
                size = self.objsize if getattr(self, "objsize", None) else None
                out += [("0", "0"), ("1", "1")]
                if size:
                    out += [("size+8", str(size + 8))]
                out += [("huge", "0x7fffffff"), ("-1", "-1")]
            elif self.kind == "addr":
                out += [("NULL", "0"), ("unmapped", "0x40000000"), ("unaligned", "0x7ead")]
            elif self.kind == "memlen":
                out += [("0", "0"), ("1", "1"), ("1G", "0x40000000"), ("-1", "-1")]
            else:
                if d != 0:
                    out += [("0", "0")]
                out += [("-1", "-1"), ("bit30", "0x40000000"), ("unknown", "0x7ead")]
            if poison and isinstance(d, int):
                out.append(("poison", hex(POISON | (d & 0xffffffff))))
            return out
        if self.kind == "string":
            return [("NULL", "0"), ("bad", f"bad{k}"),
                    ("flush", "obj:flush:0:str=" + shex(b"file")),
                    ("unterminated", "obj:flush:0:raw=" + shex(b"x" * 16)),
                    ("long", "obj:mid:0:str=" + shex(b"y" * 300)),
                    ("binary", "obj:mid:0:str=" + shex(b"\x01\x7f\xff\n\t\"\\\xc3\xa9z"))]
        if self.kind in ("struct", "buffer", "iovec"):
            out = [("NULL", "0"), ("bad", f"bad{k}"), ("flush", self.obj("flush")),
                   ("over", self.obj("over"))]
            if self.inp and self.kind == "struct":
                out += [("pattern", self.obj("mid", "sigset" if self.sigset else "pat"))]
                if not self.sigset:
                    out += [("ff", self.obj("mid", "ff"))]
            return out
        if self.kind == "pointer":
            return [("NULL", "0"), ("bad", f"bad{k}")]
        return []


def table_cases(cat, deny):
    """(syscall, label, nr, [6 tokens]) of every table case."""
    cases = []
    for name, (nr, recs) in sorted(cat.items(), key=lambda kv: kv[1][0]):
        if nr in deny:
            continue
        if recs is None:
            # no tracefs format: the six registers, as values
            cases.append((name, "zeros", nr, ["0"] * 6))
            cases.append((name, "values", nr, ["-1", "0x40000000", "0x7ead", "1", "2", "3"]))
            continue
        args = [Arg(name, r, recs) for r in recs]
        toks = [a.default_token() for a in args]
        # lengths: the size (or element count) of the object that refers to them
        for i, a in enumerate(args):
            if a.rec["role"] != "value":
                continue
            if a.kind == "len":
                users = [b for b in args if b.rec["role"] != "value" and
                         -(i + 1) in (b.rec["enter"]["len"], b.rec["exit"]["len"])]
                a.objsize = users[0].size if users else None
                if users and a.default is None:
                    elem = users[0].rec["enter"]["elem_size"] or \
                        users[0].rec["exit"]["elem_size"]
                    a.default = users[0].size // elem if elem else users[0].size
                if a.name == "vlen" and users:
                    a.default = 2
                if a.default is None:
                    a.default = 64
            toks[i] = str(a.default)
        cases.append((name, "valid", nr, toks + ["0"] * (6 - len(toks))))
        for i, a in enumerate(args):
            for label, tok in a.variants(i):
                t = list(toks)
                t[i] = tok
                cases.append((name, f"{a.name}={label}", nr, t + ["0"] * (6 - len(t))))
    return cases


def write_plan(path, cat, deny, scenarios):
    """Writes the plan; returns {case id: description}."""
    desc = {}
    lines = []
    for i, (name, label, nr, toks) in enumerate(table_cases(cat, deny)):
        desc[i] = f"{name} {label}"
        lines.append(f"case {i} {nr} {' '.join(toks)}")
    for j, scen in enumerate(scenarios):
        base = SCENARIO_BASE + j * SCENARIO_STRIDE
        lines.append(f"scenario {base} {scen}")
        for step in range(SCENARIO_STRIDE):
            desc[base + step] = f"scenario {scen} step {step}"
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return desc


# ---------------------------------------------------------------- running both tracers


def run_both(btftrace, workload, set_name, opts, plan, outdir, uid, timeout=300):
    """Traces one run of the workload by strace and btftrace at once; (strace, btftrace) text."""
    os.makedirs(outdir, exist_ok=True)
    st, bt = os.path.join(outdir, "strace.txt"), os.path.join(outdir, "btftrace.txt")
    work = tempfile.mkdtemp(prefix="btftrace-diff-")
    try:
        argv = [btftrace, "-f", "--comm", "diff_calls", "-o", bt] + opts + [
            "--", "setarch", "-R", "strace", "-o", st] + opts + [
            "--", workload, "--plan", plan, "--dir", work, "--uid", str(uid)]
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, errors="replace",
                                start_new_session=True)
        try:
            proc.stdout_text, proc.stderr = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            # the workload dies with strace (PR_SET_PDEATHSIG), strace with its group
            os.killpg(proc.pid, 9)
            proc.communicate()
            raise SystemExit(f"{set_name}: the traced run took more than {timeout} s")
        if proc.returncode != 0:
            raise SystemExit(f"{set_name}: {' '.join(argv)}\nexited {proc.returncode}: "
                             f"{proc.stderr[-3000:]}")
        if "lost" in proc.stderr:
            raise SystemExit(f"{set_name}: btftrace lost records: {proc.stderr[-2000:]}")
        with open(os.path.join(outdir, "stderr.txt"), "w") as f:
            f.write(proc.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    with open(st, errors="replace") as f:
        st_text = f.read()
    with open(bt, errors="replace") as f:
        bt_text = f.read()
    return st_text, bt_text, work


# ---------------------------------------------------------------- cutting traces into cases

# strace's two forms: [pid N] on a terminal, and with -o and -f the pid column on every line
PID_PREFIX = re.compile(r"^(?:\[pid\s+(\d+)\] |(\d+) +)")
MARKER = re.compile(r"^close\((0x[0-9a-f]+|\d+)[<)]")
UNFINISHED = "<unfinished ...>"
RESUMED = re.compile(r"^<\.\.\. ([\w]+) resumed>")
PADDING = re.compile(r"\)\s+= ")


def join_resumed(lines):
    """A call split in two (<unfinished ...>, <... resumed>) as one line, as strace writes it
    for a single process."""
    out = []
    for line in lines:
        m = RESUMED.match(line)
        if m and out and out[-1].startswith(m.group(1) + "(") and out[-1].endswith(UNFINISHED):
            # the marker's own blank goes with it: "read(0,  <unfinished ...>" is "read(0, "
            head = out.pop()[:-len(UNFINISHED)]
            if head.endswith(" "):
                head = head[:-1]
            rest = line[m.end():]
            out.append((head.rstrip() if rest.startswith(")") else head) + rest)
        else:
            out.append(line)
    return out


def main_lines(text):
    """The lines of the workload's own process: unprefixed lines, and the prefixed ones of the
    pid that makes the marker calls (children's lines are left out)."""
    markers = collections.Counter()
    keep = []
    for line in text.splitlines():
        m = PID_PREFIX.match(line)
        if not m:
            keep.append((None, line))
            continue
        pid, rest = int(m.group(1) or m.group(2)), line[m.end():]
        if MARKER.match(rest):
            markers[pid] += 1
        keep.append((pid, rest))
    # a child runs a marker call or two at most; the workload, all of them
    main_pid = markers.most_common(1)[0][0] if markers else None
    return join_resumed([line for pid, line in keep if pid is None or pid == main_pid])


def cut_cases(text):
    """{case id: [lines]}: what lies between a case's marker and the next marker."""
    cases = {}
    current = None
    started = False
    for line in main_lines(text):
        m = MARKER.match(line)
        if m:
            fd = int(m.group(1), 0) & 0xffffffff
            if MARK_LO <= fd < MARK_HI:
                started = True
                if fd == MARK_END:
                    break
                current = fd - MARK_CASE if fd >= MARK_CASE else None
                if current is not None:
                    cases.setdefault(current, [])
                continue
        if started and current is not None:
            cases[current].append(line)
    return cases


def padless(line):
    return PADDING.sub(") = ", line, count=1)


def syscall_of(line):
    if line.startswith("--- "):
        return "--- signal"
    if line.startswith("+++ "):
        return "+++ exit"
    m = re.match(r"^([\w]+)\(", line)
    return m.group(1) if m else "?"


# ---------------------------------------------------------------- comparing and keying

# A token: a string, a separator, blanks, or a run of anything else (st_mode=S_IFREG|0644);
# coarse, so that a member and its value stay together and lines align fast.
TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"(?:\.\.\.)?|<FD>|[{}\[\](),]|\s+|[^{}\[\](),\s"<]+|<')
NUMBER = re.compile(r"(?<![A-Za-z0-9_])(-?)(0x[0-9a-fA-F]+|\d+\.\d+|\d+)(?![A-Za-z0-9_])")
NULL = re.compile(r"(?<![A-Za-z0-9_])NULL(?![A-Za-z0-9_])")
DATE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d{4}")


def norm_number(m):
    sign, num = m.groups()
    if 6 <= len(num) <= 10:
        sign = ""  # a random 32-bit value's sign (a file system id)
    if num.startswith("0x"):
        return sign + "0xN"
    if "." in num:
        return "N.N"
    if len(num) > 1 and num.startswith("0"):
        return sign + "0N"
    return sign + "N"


def norm_token(tok):
    """A token as keys see it: a string as "S", each number as N, 0xN, 0N or N.N, negative as
    -N (but numbers of 6 to 10 digits, whose sign may be a random 32-bit value's, as N), NULL
    as 0xN (a pointer that is 0 in one run and not in another: siginfo's union)."""
    if tok.startswith('"'):
        return '"S"...' if tok.endswith("...") else '"S"'
    return NUMBER.sub(norm_number, NULL.sub("0xN", tok))


def tokens(line):
    return TOKEN.findall(DATE.sub("DATE", line))


def hunks(a, b):
    """[(strace's token run, btftrace's)] where the two lines differ, normalised. Aligned on
    normalised tokens, so that values that differ from run to run do not move the hunks; when
    only a value differs (the same form), aligned on the raw tokens."""
    ta, tb = tokens(a), tokens(b)
    na, nb = [norm_token(t) for t in ta], [norm_token(t) for t in tb]
    if na == nb:
        na, nb = ta, tb
    # a line of thousands of tokens (strace -v's arrays): difflib's heuristic that ignores
    # btftrace's most frequent tokens, or it takes seconds a line
    sm = difflib.SequenceMatcher(None, na, nb, autojunk=len(na) + len(nb) > 2000)
    return [("".join(norm_token(t) for t in ta[i1:i2]), "".join(norm_token(t) for t in tb[j1:j2]))
            for op, i1, i2, j1, j2 in sm.get_opcodes() if op != "equal"]


def short(text, limit=120):
    """A long token run as its start and a hash of the whole: the key stays exact, the list
    readable."""
    if len(text) <= limit:
        return text
    return text[:limit - 20] + "…#" + hashlib.sha1(text.encode()).hexdigest()[:10]


# what -y adds after an fd: <path>, <socket:[N]>, <anon_inode:[eventpoll]>
SIGRETURN_MASK = re.compile(r"(?<=^rt_sigreturn\()\{mask=~?\[[^\]]*\]\}")
FD_PATH = re.compile(r"(?<=\d)<(?:[^<>]|<[^<>]*>)*>")


def difference_hunks(st_line, bt_line):
    """How two lines differ, as stable names: each differing token run «strace»→«btftrace»,
    or the whole line ("- LINE" only strace's, "+ LINE" only btftrace's), normalised. The paths
    -y shows count as one token <FD>: which path btftrace finds for an fd the workload has
    already closed is a race (README, -y), and one hunk says that some path differs."""
    if st_line is None:
        return ["+ " + short("".join(norm_token(t) for t in tokens(bt_line)), 240)]
    if bt_line is None:
        return ["- " + short("".join(norm_token(t) for t in tokens(st_line)), 240)]
    # the signal mask rt_sigreturn restores is the one of the moment the signal came
    st_line = SIGRETURN_MASK.sub("{mask=[SET]}", st_line)
    sp, bp = FD_PATH.findall(st_line), FD_PATH.findall(bt_line)
    st, bt = FD_PATH.sub("<FD>", st_line), FD_PATH.sub("<FD>", bt_line)
    out = [f"«{short(x)}»→«{short(y)}»" for x, y in hunks(st, bt)]
    if len(sp) == len(bp) and sp != bp:
        out.append("«<FD>»→«<another FD>»")
    return out or ["«?»→«?»"]


def pair_lines(st, bt):
    """[(strace line or None, btftrace line or None)] of one case, aligned by syscall name."""
    if len(st) == len(bt) and all(syscall_of(x) == syscall_of(y) for x, y in zip(st, bt)):
        return list(zip(st, bt))
    sm = difflib.SequenceMatcher(None, [syscall_of(x) for x in st], [syscall_of(y) for y in bt],
                                 autojunk=False)
    pairs = []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            pairs += list(zip(st[i1:i2], bt[j1:j2]))
        else:
            pairs += [(x, None) for x in st[i1:i2]] + [(None, y) for y in bt[j1:j2]]
    return pairs


class Compared:
    """One option set's comparison: every pair of lines, and how the differing ones differ."""

    def __init__(self, st_text, bt_text, workdir):
        st_cases, bt_cases = cut_cases(st_text), cut_cases(bt_text)
        self.missing_cases = sorted(set(st_cases) ^ set(bt_cases))
        self.pairs = []  # (case id, syscall, strace, btftrace, [hunk] or None)
        for cid in sorted(set(st_cases) | set(bt_cases)):
            st = [padless(x) for x in st_cases.get(cid, [])]
            bt = [padless(x) for x in bt_cases.get(cid, [])]
            for s, b in pair_lines(st, bt):
                name = syscall_of(s if s is not None else b)
                if s == b:
                    self.pairs.append((cid, name, s, b, None))
                    continue
                ns = s.replace(workdir, "WORKDIR") if s is not None else None
                nb = b.replace(workdir, "WORKDIR") if b is not None else None
                self.pairs.append((cid, name, s, b, difference_hunks(ns, nb)))

    def figures(self):
        total = len(self.pairs)
        same = sum(1 for p in self.pairs if p[4] is None)
        return total, same

    def keys(self):
        """{(syscall, hunk): [(case id, strace line, btftrace line)]}"""
        out = collections.defaultdict(list)
        for cid, name, s, b, hs in self.pairs:
            for h in hs or ():
                out[(name, h)].append((cid, s, b))
        return out


# ---------------------------------------------------------------- guessing the rule

RULES = collections.OrderedDict([
    ("line-missing", "a line strace prints and btftrace does not (or the reverse): "
                     "a call filtered differently, a signal, an exit"),
    ("no-format", "a syscall with no tracefs format (not built into this kernel): btftrace "
                  "prints six raw registers"),
    ("constant-as-number", "a constant printed as a number where strace names it, or an unknown "
                           "value without strace's 0x10 /* XXX_??? */ form"),
    ("comment", "comments and return annotations strace adds or leaves out "
                "(/* ... */, = 0 (Timeout), = 0x1 (flags ...), dates)"),
    ("constant-name", "the same value named another way: flags in another order, another name "
                      "(FASYNC, RT_1, _IOC(...))"),
    ("number-form", "the same number in another form: signedness, hex vs decimal, octal, "
                    "8192*1024"),
    ("address-vs-decoded", "one prints the address where the other decodes (or cannot read) "
                           "what it points to: an invalid size, a failed call, an unmapped page"),
    ("struct-shape", "struct shape: abbreviation (...), padding and reserved members, member "
                     "order and selection, unions, in => out forms"),
    ("string-form", "a string or buffer in another form: escaping, hex, cut at another length"),
    ("decoder-missing", "a family whose decoder is missing or partial: the argument printed "
                        "another way altogether"),
    ("fd-path-race", "-y: an fd's path missing or another's, when the fd was closed or replaced "
                     "before btftrace printed the line"),
])

CONST = re.compile(r"^[A-Z_][A-Za-z0-9_]*(\([^()]*\))?(\|[A-Za-z0-9_]+(\([^()]*\))?)*$")
NUMBERISH = re.compile(r"^-?(0xN|0N|N)(\*N)*$")


def guess_rule(name, key, noformat):
    """Which printer rule a difference falls under: a guess from the differing tokens."""
    if key.startswith(("+ ", "- ")):
        return "line-missing"
    if name in noformat:
        return "no-format"
    parts = []
    for a, b in re.findall(r"«(.*?)»→«(.*?)»", key):
        a, b = a.strip(" ,"), b.strip(" ,")
        # judged without what both sides share: a member's name, a comment
        m = re.match(r"[A-Za-z_]\w*=", a)
        if m and b.startswith(m.group(0)):
            a, b = a[m.end():], b[m.end():]
        for comment in set(re.findall(r"/\*.*?\*/", a)) & set(re.findall(r"/\*.*?\*/", b)):
            a, b = a.replace(comment, "").strip(), b.replace(comment, "").strip()
        parts.append((a, b))
    if any("_???" in a and "_???" not in b for a, b in parts):
        return "constant-as-number"
    if any("/*" in a + b or re.match(r"^\(", a) or re.match(r"^\(", b) for a, b in parts):
        return "comment"
    def const(t):
        return CONST.match(t) and not NUMBERISH.match(t)  # a normalised number is no name

    if any((const(a) and NUMBERISH.match(b)) or (const(b) and NUMBERISH.match(a))
           for a, b in parts):
        return "constant-as-number"
    if any(const(a) and const(b) for a, b in parts):
        return "constant-name"
    if any(NUMBERISH.match(a) and NUMBERISH.match(b) for a, b in parts):
        return "number-form"
    if any(re.match(r"^(0xN|NULL)$", a) and re.match(r"^[\[{\"]", b) or
           re.match(r"^(0xN|NULL)$", b) and re.match(r"^[\[{\"]", a) for a, b in parts):
        return "address-vs-decoded"
    if any("..." in a + b or "=>" in a + b or re.search(r"\w+=", a + b) for a, b in parts):
        return "struct-shape"
    if all(a.startswith('"') and b.startswith('"') for a, b in parts):
        return "string-form"
    return "decoder-missing"


# ---------------------------------------------------------------- the list of differences

CATEGORIES = ("on-purpose", "not-yet-fixed")


def parse_sets(field):
    """{set name: True if the difference happens in every run of it, False if in some}"""
    out = {}
    for item in field.split(","):
        name, sometimes = item.rstrip("?"), item.endswith("?")
        for n in (SETS if name == "all" else [name]):
            if n not in SETS:
                raise ValueError(f"unknown option set '{n}'")
            out[n] = not sometimes
    return out


def format_sets(sets):
    always = [n for n in SETS if sets.get(n) is True]
    some = [n for n in SETS if sets.get(n) is False]
    if len(always) == len(SETS):
        return "all"
    if len(some) == len(SETS):
        return "all?"
    return ",".join(always + [n + "?" for n in some])


def load_expected(path):
    """{(syscall, hunk): {"category", "rule", "sets": {set: always?}, "reason"}}"""
    entries = collections.OrderedDict()
    if not os.path.exists(path):
        return entries
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) < 5 or fields[0] not in CATEGORIES:
                raise SystemExit(f"{path}:{n}: want CATEGORY<TAB>RULE<TAB>SYSCALL<TAB>SETS"
                                 f"<TAB>DIFFERENCE[<TAB># REASON], got: {line[:120]}")
            cat, rule, name, sets, key = fields[:5]
            reason = fields[5][2:] if len(fields) > 5 and fields[5].startswith("# ") else ""
            if cat == "on-purpose" and not reason:
                raise SystemExit(f"{path}:{n}: an on-purpose difference needs its reason")
            try:
                entries[(name, key)] = {"category": cat, "rule": rule, "reason": reason,
                                        "sets": parse_sets(sets)}
            except ValueError as e:
                raise SystemExit(f"{path}:{n}: {e}")
    return entries


def write_expected(path, entries):
    by_rule = collections.defaultdict(list)
    for (name, key), e in entries.items():
        by_rule[(e["category"], e["rule"])].append((name, key, e))
    with open(path, "w", encoding="utf-8") as f:
        f.write("# Differences between strace 6.1's lines and btftrace's that the differential\n"
                "# test (make diff-test, tests/diff/strace_diff.py) accepts. One a line:\n"
                "#   CATEGORY<TAB>RULE<TAB>SYSCALL<TAB>SETS<TAB>DIFFERENCE[<TAB># REASON]\n"
                "# CATEGORY: on-purpose (btftrace differs and should: REASON says why) or\n"
                "# not-yet-fixed (a printer rule still to do; RULE names it, see below).\n"
                "# SYSCALL: the syscall of the line, or * for every syscall.\n"
                "# SETS: the option sets it happens in (all, or a comma list); NAME? where it\n"
                "# happened in some runs only (a race, a signal's timing).\n"
                "# DIFFERENCE: one differing token run of a line, «strace»→«btftrace», numbers\n"
                "# as N, 0xN, 0N and strings as \"S\", dates as DATE; '- LINE' a line only\n"
                "# strace prints, '+ LINE' one only btftrace prints; a long run as its start\n"
                "# and a hash. The test fails on a difference no entry lists, and on an entry\n"
                "# that none of its sets shows any more (but for one seen in some runs only:\n"
                "# every set marked '?'). `make diff-update` (DIFF_RUNS=3 to catch what comes\n"
                "# and goes) rewrites the list from runs, keeping the category and reason of\n"
                "# each entry that remains.\n#\n")
        for rule, text in RULES.items():
            f.write(f"# rule {rule}: {text}\n")
        for (cat, rule) in sorted(by_rule, key=lambda cr: (CATEGORIES.index(cr[0]),
                                                          list(RULES).index(cr[1])
                                                          if cr[1] in RULES else 99)):
            f.write(f"\n# ---- {cat} / {rule}\n")
            for name, key, e in sorted(by_rule[(cat, rule)], key=lambda t: (t[0], t[1])):
                line = f"{cat}\t{rule}\t{name}\t{format_sets(e['sets'])}\t{key}"
                if e.get("reason"):
                    line += f"\t# {e['reason']}"
                f.write(line + "\n")


# ---------------------------------------------------------------- commands


def run_sets(args):
    """{set name: Compared}, after running the workload once per option set."""
    btftrace = os.path.abspath(args.btftrace)
    workload = os.path.abspath(args.workload)
    if os.geteuid() != 0:
        raise SystemExit("strace_diff: run it as root (the workload builds its cage as root, "
                         "btftrace needs BPF)")
    for tool in ("strace", "setarch"):
        if not shutil.which(tool):
            raise SystemExit(f"strace_diff: {tool} is not installed: make deps")
    cat = catalog(btftrace)
    deny = {int(line.split()[0]) for line in subprocess.run(
        [workload, "--deny"], capture_output=True, text=True, check=True).stdout.splitlines()}
    scen = [line.split()[0] for line in subprocess.run(
        [workload, "--scenarios"], capture_output=True, text=True,
        check=True).stdout.splitlines()]
    os.makedirs(args.out, exist_ok=True)
    plan = os.path.join(args.out, "plan.txt")
    desc = write_plan(plan, cat, deny, scen)
    noformat = {name for name, (nr, recs) in cat.items() if recs is None}
    results = collections.OrderedDict()
    uid = 200000 + os.getpid() % 100000
    for name in args.sets:
        start = time.monotonic()
        st, bt, work = run_both(btftrace, workload, name, SETS[name], plan,
                                os.path.join(args.out, name), uid)
        results[name] = Compared(st, bt, work)
        total, same = results[name].figures()
        print(f"  {name:9} {total:6} lines compared, {same:6} identical "
              f"({100.0 * same / max(1, total):.1f}%), {time.monotonic() - start:.1f} s",
              file=sys.stderr)
    return results, desc, noformat, cat


def line_rule(name, hs, noformat):
    """The rule of a differing line: that of its first hunk with a rule."""
    return guess_rule(name, " ; ".join(hs), noformat)


def print_figures(results, expected=None):
    total = same = 0
    for name, comp in results.items():
        t, s = comp.figures()
        total, same = total + t, same + s
    print(f"strace_diff: {total} lines compared over {len(results)} option sets, {same} "
          f"identical to strace's: {100.0 * same / max(1, total):.1f}%")
    return total, same


def listed(expected, name, hunk):
    """The entry that lists this difference: its own, or one for every syscall (*)."""
    return expected.get((name, hunk)) or expected.get(("*", hunk))


def check_run(results, expected, desc):
    """The differences of one run that no entry lists, {(set, syscall, hunk): message}, and what
    it showed, {(syscall or *, hunk): sets}."""
    new, seen = {}, collections.defaultdict(set)
    for set_name, comp in results.items():
        for (name, hunk), pairs in comp.keys().items():
            seen[(name, hunk)].add(set_name)
            seen[("*", hunk)].add(set_name)
            if listed(expected, name, hunk) is None:
                cid, s, b = pairs[0]
                new[(set_name, name, hunk)] = (
                    f"  [{set_name}] {name}: {hunk[:300]}\n"
                    f"      in {len(pairs)} lines, first {desc.get(cid, cid)}:\n"
                    f"      strace   {s}\n      btftrace {b}")
    return new, seen


def gone_entries(expected, seen, ran_sets):
    gone = {}
    for key, e in expected.items():
        ran = [n for n in e["sets"] if n in ran_sets]
        if ran and any(e["sets"].values()) and not seen[key] & set(ran):
            gone[key] = f"  [{','.join(ran)}] {e['category']} {key[0]}: {key[1][:300]}"
    return gone


def cmd_check(args):
    """A difference is new when no entry lists it (for this syscall or for all); a listed one is
    gone when none of the option sets it is listed for shows it any more (an entry seen in some
    runs only, all its sets marked '?', is never gone). The sets are not held to more than
    that: a difference may come and go in one set as signals and races fall.

    A busy machine moves signals and races, so one run can show a difference no entry lists, or
    miss one that happens in most runs: the option sets where that happened run once more, and
    only what both runs agree on fails the test (a regression shows in every run)."""
    results, desc, noformat, cat = run_sets(args)
    expected = load_expected(args.expected)
    new, seen = check_run(results, expected, desc)
    gone = gone_entries(expected, seen, results)
    total, same = print_figures(results)
    cats = collections.Counter()
    for comp in results.values():
        for cid, name, s, b, hs in comp.pairs:
            if hs:
                entries = [listed(expected, name, h) for h in hs]
                cats["new" if None in entries else "not-yet-fixed" if any(
                    e["category"] == "not-yet-fixed" for e in entries) else "on-purpose"] += 1
    print("strace_diff: differing lines: " +
          ", ".join(f"{n} {c}" for c, n in cats.most_common()))
    if new or gone:
        again = sorted({k[0] for k in new} | {n for key in gone for n in expected[key]["sets"]
                                              if n in results},
                       key=list(results).index)
        print(f"strace_diff: {len(new)} new and {len(gone)} gone in this run; running "
              f"{','.join(again)} again to tell a regression from a race", file=sys.stderr)
        rerun = argparse.Namespace(**vars(args))
        rerun.sets = again
        results2, desc2, _, _ = run_sets(rerun)
        new2, seen2 = check_run(results2, expected, desc2)
        for key, sets in seen2.items():
            seen[key] |= sets
        once = [msg for key, msg in new.items() if key not in new2]
        new = {key: msg for key, msg in new.items() if key in new2}
        gone = gone_entries(expected, seen, results)
        if once:
            print(f"\nstrace_diff: {len(once)} differences not listed showed in one run of two "
                  "(a race: if it comes back, list it with '?' after its set):")
            print("\n".join(once[:10]))
    if new:
        print(f"\nstrace_diff: {len(new)} differences not in {args.expected}: fix btftrace, or "
              "list them (`make diff-update`) and give on-purpose ones their reason:")
        msgs = list(new.values())
        print("\n".join(msgs[:40]) + (f"\n  ... {len(msgs) - 40} more" if len(msgs) > 40 else ""))
    if gone:
        msgs = list(gone.values())
        print(f"\nstrace_diff: {len(msgs)} listed differences no longer happen: take them out "
              "(`make diff-update`):")
        print("\n".join(msgs[:40]) + (f"\n  ... {len(msgs) - 40} more" if len(msgs) > 40
                                      else ""))
    return 1 if new or gone else 0


def cmd_update(args):
    old = load_expected(args.expected)
    seen = collections.defaultdict(collections.Counter)  # (syscall, hunk) -> {set: runs}
    for run in range(args.runs):
        results, desc, noformat, cat = run_sets(args)
        for set_name, comp in results.items():
            for key in {("*", h) if ("*", h) in old else (n, h) for n, h in comp.keys()}:
                seen[key][set_name] += 1
    entries = collections.OrderedDict()
    for key, counts in seen.items():
        prev = old.get(key)
        sets = {}
        for set_name, n in counts.items():
            # once seen to come and go, it stays "sometimes"
            sets[set_name] = n == args.runs and not (prev and prev["sets"].get(set_name) is False)
        on_purpose = prev and prev["category"] == "on-purpose"
        # a not-yet-fixed entry's rule is a guess, made again with the guesser of the day
        entries[key] = {"category": prev["category"] if prev else "not-yet-fixed",
                        "rule": prev["rule"] if on_purpose else guess_rule(key[0], key[1],
                                                                           noformat),
                        "reason": prev["reason"] if prev else "", "sets": sets}
    # what the sets not run this time had stays as it was
    for key, e in old.items():
        kept = {n: always for n, always in e["sets"].items() if n not in args.sets}
        if kept:
            entries.setdefault(key, dict(e, sets={}))["sets"].update(kept)
    write_expected(args.expected, entries)
    print_figures(results)
    print(f"strace_diff: {len(entries)} differences written to {args.expected} "
          f"({len(old)} before), from {args.runs} runs")
    return 0


STRUCT_SYSCALLS = [
    ("stat family", r"^(stat|lstat|fstat|newfstatat)$"), ("statx", r"^statx$"),
    ("statfs", r"^f?statfs$"),
    ("times and timers", r"^(times|clock_gettime|clock_getres|gettimeofday|getitimer|setitimer|"
                         r"timer_\w+|timerfd_\w+|nanosleep|clock_nanosleep)$"),
    ("rlimits", r"^(getrlimit|setrlimit|prlimit64)$"), ("sysinfo", r"^sysinfo$"),
    ("uname", r"^uname$"), ("rusage", r"^(getrusage|wait4)$"), ("epoll", r"^epoll_\w+$"),
    ("sched attrs", r"^sched_(get|set)attr$"), ("perf_event_attr", r"^perf_event_open$"),
    ("bpf_attr", r"^bpf$"), ("sigaction", r"^rt_sigaction$"),
    ("poll/select sets", r"^(poll|ppoll|select|pselect6)$"), ("sigaltstack", r"^sigaltstack$"),
    ("siginfo", r"^(waitid|rt_sigqueueinfo|rt_sigtimedwait|--- signal)$"),
    ("io_uring params", r"^io_uring_setup$"), ("socket options", r"^[gs]etsockopt$"),
    ("msghdr", r"^(sendmsg|recvmsg|sendmmsg|recvmmsg)$"), ("clone3", r"^clone3$"),
    ("openat2", r"^openat2$"), ("adjtimex", r"^(adjtimex|clock_adjtime)$"),
]


def cmd_report(args):
    results, desc, noformat, cat = run_sets(args)
    out = []
    print = lambda *a, **kw: out.append(" ".join(str(x) for x in a))  # noqa: E731
    expected = load_expected(args.expected)
    print("# btftrace against strace 6.1: the differential test's report\n")
    total = sum(c.figures()[0] for c in results.values())
    same = sum(c.figures()[1] for c in results.values())
    print(f"{total} lines compared over {len(results)} option sets, {same} identical to "
          f"strace's: {100.0 * same / max(1, total):.1f}%.")
    print("\n## Per option set\n")
    print("| set | options | lines compared | identical | % |")
    print("| --- | --- | ---: | ---: | ---: |")
    for name, comp in results.items():
        t, s = comp.figures()
        print(f"| {name} | `{' '.join(SETS[name]) or '(none)'}` | {t} | {s} | "
              f"{100.0 * s / max(1, t):.1f} |")
    # rules
    rule_lines = collections.Counter()
    rule_keys = collections.defaultdict(list)
    per_syscall = collections.defaultdict(lambda: [0, 0, collections.Counter()])
    for set_name, comp in results.items():
        for cid, name, s, b, hs in comp.pairs:
            per_syscall[name][0] += 1
            if hs is None:
                per_syscall[name][1] += 1
                continue
            rule = line_rule(name, hs, noformat)
            rule_lines[rule] += 1
            per_syscall[name][2][rule] += 1
            rule_keys[rule].append((set_name, cid, name, s, b))
    diffs = sum(rule_lines.values())
    print("\n## Difference rules (a guess from the differing tokens)\n")
    print("| rule | differing lines | share | what |")
    print("| --- | ---: | ---: | --- |")
    for rule, n in rule_lines.most_common():
        print(f"| {rule} | {n} | {100.0 * n / max(1, diffs):.1f}% | {RULES.get(rule, '')} |")
    print("\n## Examples per rule\n")
    for rule, n in rule_lines.most_common():
        print(f"### {rule} ({n} lines)\n")
        seen = set()
        shown = 0
        for set_name, cid, name, s, b in rule_keys[rule]:
            if name in seen or set_name != rule_keys[rule][0][0]:
                continue
            seen.add(name)
            print(f"- `{name}` [{set_name}] {desc.get(cid, cid)}\n"
                  f"  - strace:   `{(s or '(no line)')[:400]}`\n"
                  f"  - btftrace: `{(b or '(no line)')[:400]}`")
            shown += 1
            if shown == 8:
                break
        print()
    print("## Struct-taking syscalls (issue 17's list)\n")
    print("| group | syscalls | lines | identical | % | main rules |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    for group, rx in STRUCT_SYSCALLS:
        names = sorted(n for n in per_syscall if re.match(rx, n))
        t = sum(per_syscall[n][0] for n in names)
        s = sum(per_syscall[n][1] for n in names)
        rules = collections.Counter()
        for n in names:
            rules.update(per_syscall[n][2])
        print(f"| {group} | {' '.join(names) or '(none traced)'} | {t} | {s} | "
              f"{100.0 * s / max(1, t):.1f} | "
              f"{', '.join(f'{r} {c}' for r, c in rules.most_common(3))} |")
    print("\n## Per syscall (all option sets)\n")
    print("| syscall | lines | identical | % | rules |")
    print("| --- | ---: | ---: | ---: | --- |")
    for name in sorted(per_syscall):
        t, s, rules = per_syscall[name]
        print(f"| {name} | {t} | {s} | {100.0 * s / max(1, t):.1f} | "
              f"{', '.join(f'{r} {c}' for r, c in rules.most_common())} |")
    missing = sorted(n for n, (nr, recs) in cat.items() if n not in per_syscall)
    print(f"\nCatalog syscalls with no line compared ({len(missing)}): {' '.join(missing)}")
    pairs_path = os.path.join(args.out, "pairs.txt")
    print(f"\nEvery differing pair, by syscall and rule: {pairs_path}")
    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    with open(os.path.join(args.out, "report.md"), "w", encoding="utf-8") as f:
        f.write(text)
    by_syscall = collections.defaultdict(lambda: collections.defaultdict(list))
    for rule, pairs in rule_keys.items():
        for set_name, cid, name, s, b in pairs:
            by_syscall[name][rule].append((set_name, cid, s, b))
    with open(pairs_path, "w", encoding="utf-8") as f:
        for name in sorted(by_syscall):
            for rule, pairs in sorted(by_syscall[name].items()):
                f.write(f"== {name}: {rule} ({len(pairs)} lines)\n")
                for set_name, cid, s, b in pairs:
                    f.write(f"[{set_name}] {desc.get(cid, cid)}\n  strace   {s}\n"
                            f"  btftrace {b}\n")
    return 0


def cmd_noise(args):
    """How much two separate runs differ, which separate runs of the two tracers would have to
    normalise away: the workload run twice under strace alone (setarch -R, so that addresses
    agree), compared line by line as is, with addresses and numbers of 5 digits or more (pids,
    times, inodes) normalised, and with every number and string normalised. One run traced by
    both at once (what check does) differs in nothing but the printing."""
    workload = os.path.abspath(args.workload)
    cat = catalog(os.path.abspath(args.btftrace))
    deny = {int(line.split()[0]) for line in subprocess.run(
        [workload, "--deny"], capture_output=True, text=True, check=True).stdout.splitlines()}
    scen = [line.split()[0] for line in subprocess.run(
        [workload, "--scenarios"], capture_output=True, text=True,
        check=True).stdout.splitlines()]
    os.makedirs(args.out, exist_ok=True)
    plan = os.path.join(args.out, "noise-plan.txt")
    write_plan(plan, cat, deny, scen)
    runs = []
    for i in range(2):
        work = tempfile.mkdtemp(prefix="btftrace-diff-")
        out = os.path.join(args.out, f"noise{i}.txt")
        subprocess.run(["setarch", "-R", "strace", "-o", out, "--", workload, "--plan", plan,
                        "--dir", work, "--uid", str(200000 + os.getpid() % 100000)],
                       stdin=subprocess.DEVNULL, capture_output=True, check=True, timeout=600)
        shutil.rmtree(work, ignore_errors=True)
        with open(out, errors="replace") as f:
            runs.append((cut_cases(f.read()), work))
    (a, wa), (b, wb) = runs
    big = re.compile(r"0x[0-9a-f]{5,}|\b\d{5,}\b")
    counts = collections.Counter()
    examples = []
    for cid in sorted(set(a) | set(b)):
        for x, y in pair_lines(a.get(cid, []), b.get(cid, [])):
            counts["lines"] += 1
            if x is None or y is None:
                continue
            x, y = padless(x).replace(wa, "W"), padless(y).replace(wb, "W")
            if x == y:
                counts["as is"] += 1
            if big.sub("N", x) == big.sub("N", y):
                counts["big numbers"] += 1
            elif len(examples) < 12:
                examples.append((x, y))
            if [norm_token(t) for t in tokens(x)] == [norm_token(t) for t in tokens(y)]:
                counts["everything"] += 1
    n = max(1, counts["lines"])
    print(f"two separate runs of the workload under strace alone: {counts['lines']} lines")
    for what in ("as is", "big numbers", "everything"):
        print(f"  identical {what + ' normalised' if what != 'as is' else what}: "
              f"{counts[what]} ({100.0 * counts[what] / n:.1f}%)")
    print("lines that still differ with addresses and big numbers normalised, e.g.:")
    for x, y in examples:
        print(f"  run 1: {x[:200]}\n  run 2: {y[:200]}")
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("command", choices=["check", "report", "update", "noise"])
    p.add_argument("--btftrace", default=os.path.join(REPO, ".output", "btftrace"))
    p.add_argument("--workload", default=os.path.join(REPO, ".output", "workloads",
                                                      "diff_calls"))
    p.add_argument("--sets", default=",".join(SETS),
                   help="option sets to run, a comma list of: " + ", ".join(SETS))
    p.add_argument("--out", default=os.path.join(REPO, ".output", "diff"))
    p.add_argument("--expected", default=EXPECTED)
    p.add_argument("--runs", type=int, default=1,
                   help="update: runs to take the differences from (one seen in some of them "
                        "only is listed as happening sometimes)")
    args = p.parse_args()
    args.sets = [s for s in args.sets.split(",") if s]
    bad = [s for s in args.sets if s not in SETS]
    if bad:
        p.error(f"unknown option set {', '.join(bad)}: give some of {', '.join(SETS)}")
    return {"check": cmd_check, "report": cmd_report, "update": cmd_update,
            "noise": cmd_noise}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())

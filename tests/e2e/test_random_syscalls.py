# SPDX-License-Identifier: GPL-2.0
"""Every syscall of the catalog, called with random arguments from a fixed seed by
tests/workloads/random_syscalls.c, traced by btftrace: each call shows exactly once, with the
raw argument values passed, the strings and buffers put behind the pointers, bad pointers as
their addresses, and the value the call returned.

The seed is env BTFTRACE_SEED (default 1), rounds (calls per syscall) BTFTRACE_RANDOM_ROUNDS
(default 4). The workload runs caged (namespaces, a tmpfs, limits, an unprivileged uid): see
its header for what it never calls and why.
"""
import collections
import errno
import json
import os
import re
import subprocess

import pytest

from conftest import c_escape, quoted, wait_for

SEED = int(os.environ.get("BTFTRACE_SEED", "1"))
ROUNDS = int(os.environ.get("BTFTRACE_RANDOM_ROUNDS", "4"))
# numbers no x86_64 kernel has: shown as syscall_N
UNKNOWN_NRS = [400, 511, 100000, -1]
# the workload's bound on its own run, and ours on the traced run
WORKLOAD_SECONDS = 40
RUN_SECONDS = 90
# random_syscalls.c: close() of these marks where the random calls begin and end
MARK_BEGIN, MARK_END = 0x7eadbe61, 0x7eadbe6e

FD_NAME = re.compile(r"(^|_)fd$|^fd|^fildes$|^epfd$")
LEN_NAME = re.compile(r"(len|count|size|siz|nbytes|length|cnt|vlen|segs|nfds|nr_events|"
                      r"nr_pages|nr_args|num|nr)$")
HEX = re.compile(r"^0x[0-9a-f]+$")
# kernel codes that user space never sees: the call ended in EINTR, or was restarted
RESTART_CODES = {"ERESTARTSYS", "ERESTARTNOINTR", "ERESTARTNOHAND", "ERESTART_RESTARTBLOCK"}
KERNEL_ERRNOS = {"ENOTSUPP": 524, "ENOIOCTLCMD": 515}


def kind_of(rec):
    """The workload's kind letter of one catalog argument (see random_syscalls.c)."""
    role, name, ctype = rec["role"], rec["name"], rec["type"]
    enter, exit_ = rec["enter"]["len"], rec["exit"]["len"]
    if role == "value":
        if FD_NAME.search(name):
            return "f"
        return "n" if LEN_NAME.search(name) else "v"
    if "sigset_t" in ctype and enter:
        return "m"
    if role == "string":
        return "s"
    if enter:
        return "i"
    return "o" if exit_ else "p"


# Registers shown of a syscall without a format, by number: the catalog's count of strace's for
# a number no kernel implements, else all six (filled by the catalog fixture).
REGISTERS = {}


@pytest.fixture(scope="module")
def catalog(btftrace):
    """{nr: (name, [json record per argument] or None when there is no tracefs format)}."""
    text = subprocess.run([btftrace, "syscalls"], capture_output=True, text=True, check=True)
    js = subprocess.run([btftrace, "syscalls", "--json"], capture_output=True, text=True,
                        check=True)
    cat = {}
    # x86_64's calls, the ones this test makes; i386's are listed as i386:NAME
    for line in text.stdout.splitlines():
        name, nr = line.split()[:2]
        if not name.startswith("i386:"):
            cat[int(nr)] = (name, [])
    for line in js.stdout.splitlines():
        rec = json.loads(line)
        if "abi" in rec:
            continue
        name, args = cat[rec["nr"]]
        if rec.get("format", True) is False:
            cat[rec["nr"]] = (name, None)
            REGISTERS[rec["nr"]] = rec.get("registers", 6)
        else:
            args.append(rec)
    return {nr: (name, sorted(args, key=lambda r: r["arg"]) if args is not None else None)
            for nr, (name, args) in cat.items()}


def spec_lines(catalog):
    lines = []
    for nr, (name, args) in sorted(catalog.items()):
        kinds = "vvvvvv" if args is None else "".join(kind_of(r) for r in args).ljust(6, "-")
        lines.append(f"{nr} {kinds}")
    lines += [f"{nr} vvvvvv" for nr in UNKNOWN_NRS]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- the workload's log


def parse_log(text):
    log = {"calls": [], "skips": {}, "done": None}
    for line in text.splitlines():
        words = line.split()
        if words[0] == "call":
            call = {"i": int(words[1]), "nr": int(words[2]), "kinds": words[3],
                    "args": [int(w, 16) for w in words[4:10]], "strings": {}, "buffers": {}}
            for w in words[10:]:
                key, _, value = w.partition("=")
                if key == "ret":
                    call["ret"] = int(value)
                elif key == "errno":
                    call["errno"] = int(value)
                elif key[0] == "s":
                    call["strings"][int(key[1:])] = bytes.fromhex(value)
                elif key[0] == "b":
                    call["buffers"][int(key[1:])] = bytes.fromhex(value)
            log["calls"].append(call)
        elif words[0] == "skip":
            log["skips"][int(words[1])] = " ".join(words[2:])
        elif words[0] == "arena":
            log["arena"] = (int(words[1], 16), int(words[2], 16))
            log["bad"] = {int(words[4], 16), int(words[6], 16)}
        elif words[0] == "done":
            log["done"] = line
    return log


# ---------------------------------------------------------------- the trace


def close_paren(s, start=0):
    """Index of the ')' that closes an argument list starting at s[start], or -1."""
    depth, i = 0, start
    while i < len(s):
        c = s[i]
        if c == '"':
            i += 1
            while i < len(s) and s[i] != '"':
                i += 2 if s[i] == "\\" else 1
        elif c in "([{":
            depth += 1
        elif c in "}]":
            depth -= 1
        elif c == ")":
            if depth == 0:
                return i
            depth -= 1
        i += 1
    return -1


def split_args(s):
    """The top-level items of an argument list: 'a, "x, y", {b=1, c=2}' -> 3 items."""
    items, depth, start, i = [], 0, 0, 0
    while i < len(s):
        c = s[i]
        if c == '"':
            i += 1
            while i < len(s) and s[i] != '"':
                i += 2 if s[i] == "\\" else 1
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0 and s[i + 1:i + 2] == " ":
            items.append(s[start:i])
            start = i + 2
            i += 1
        i += 1
    if s[start:].strip():
        items.append(s[start:])
    return items


def parse_entry(line):
    """{'name', 'state', 'args': text, 'ret': text or None} of one trace line."""
    m = re.match(r"<\.\.\. ([\w-]+) resumed>", line)
    state = "resumed" if m else None
    if not m:
        m = re.match(r"([\w-]+)\(", line)
        assert m, f"not a trace line: {line!r}"
    rest = line[m.end():]
    if rest.endswith("<unfinished ...>"):
        args = rest[:-len("<unfinished ...>")].rstrip()
        return {"name": m.group(1), "state": "unfinished", "args": args.rstrip(","),
                "ret": None, "line": line}
    end = close_paren(rest)
    assert end >= 0, f"no end of the argument list: {line!r}"
    ret = re.match(r"\s*= (.*)$", rest[end + 1:])
    assert ret, f"no result: {line!r}"
    return {"name": m.group(1), "state": state or "complete", "args": rest[:end],
            "ret": ret.group(1), "line": line}


def logical_calls(lines):
    """Trace lines -> calls, an unfinished line and its resumed line joined (one thread)."""
    calls = []
    for line in lines:
        if line.startswith(("--- ", "+++ ")):
            continue  # a signal's or the process's end: no call
        e = parse_entry(line)
        if e["state"] == "resumed" and calls and calls[-1]["state"] == "unfinished" and \
                calls[-1]["name"] == e["name"]:
            first = calls[-1]
            first["args"] = ", ".join(a for a in (first["args"], e["args"]) if a)
            first["ret"], first["state"] = e["ret"], "complete"
            first["line"] += "\n" + line
            continue
        calls.append(e)
    return calls


def named_args(entry, formatted):
    """[(name or None, value text)] of a call's arguments."""
    out = []
    for item in split_args(entry["args"]):
        # restart_syscall's one "argument" is strace's note of the call it resumes
        if re.fullmatch(r"<\.\.\. resuming interrupted [\w ]+ \.\.\.>", item):
            continue
        m = re.match(r"(\w+): (.*)$", item, re.S) if formatted else None
        out.append((m.group(1), m.group(2)) if m else (None, item))
    return out


def result_of(ret):
    """('error', errno number) | ('restart', code) | ('none', None) | ('value', int)."""
    m = re.match(r"-1 (E\w+) \(", ret)
    if m:
        name = m.group(1)
        return "error", KERNEL_ERRNOS.get(name, getattr(errno, name, None))
    m = re.match(r"\? (ERESTART\w+) \(", ret)
    if m:
        return "restart", m.group(1)
    if ret == "?":
        return "none", None
    word = ret.split()[0]
    # a mode (umask's) in octal, as strace writes it: 022
    if re.fullmatch(r"0[0-7]+", word):
        return "value", int(word, 8)
    return "value", int(word, 0)


# ---------------------------------------------------------------- the run


@pytest.fixture(scope="module")
def uid():
    # a uid of its own: nothing else runs as it, so it can signal or renice nothing
    return 200000 + os.getpid() % 100000


def run_random(btftrace, workload, catalog, tmp_path, uid, mode_args):
    spec = tmp_path / "spec.txt"
    spec.write_text(spec_lines(catalog))
    log, trace, work = tmp_path / "calls.log", tmp_path / "trace.txt", tmp_path / "work"
    work.mkdir()
    argv = ["timeout", "-s", "KILL", str(RUN_SECONDS), btftrace, "-o", str(trace),
            "--arg-names"] + mode_args + [
        "--", workload("random_syscalls"), "--seed", str(SEED), "--spec", str(spec),
        "--log", str(log), "--dir", str(work), "--uid", str(uid), "--rounds", str(ROUNDS),
        "--max-seconds", str(WORKLOAD_SECONDS)]
    proc = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=RUN_SECONDS + 10)
    assert proc.returncode == 0, \
        f"seed {SEED}: exit {proc.returncode}; stderr:\n{proc.stderr[-3000:]}"
    assert "records lost" not in proc.stderr, proc.stderr
    # the workload's log writer, a child of its own, ends after it
    assert wait_for(log.exists, 10), f"seed {SEED}: no log from the workload: {proc.stderr}"
    parsed = parse_log(log.read_text())
    assert parsed["done"] and " calls all " in parsed["done"], \
        f"seed {SEED}: the workload did not make every call: {parsed['done']}"
    return parsed, trace.read_text(errors="replace")


def windows(trace, ncalls):
    """The calls traced between each pair of getppid() fences, rt_sigreturn left out."""
    lines = trace.splitlines()

    def marks(fd):
        return [i for i, ln in enumerate(lines)
                if re.match(rf"close\(fd: (0x{fd:x}|{fd})\) ", ln)]

    begin, end = marks(MARK_BEGIN), marks(MARK_END)
    assert len(begin) == 1 and len(end) == 1, "the begin and end marks are not in the trace"
    calls = [c for c in logical_calls(lines[begin[0] + 1:end[0]]) if c["name"] != "rt_sigreturn"]
    fences = [i for i, c in enumerate(calls) if c["name"] == "getppid"]
    assert len(fences) == 2 * ncalls, \
        f"{len(fences)} getppid() fences for {ncalls} calls: a fence, or more, is missing"
    return [calls[fences[2 * k] + 1:fences[2 * k + 1]] for k in range(ncalls)]


def check_result(call, entry, problems):
    kind, value = result_of(entry["ret"])
    ret, err = call["ret"], call["errno"]
    if ret == -1 and err:
        ok = (kind == "error" and value == err) or (kind == "restart" and err == errno.EINTR)
    else:
        ok = kind == "value" and value % 2**64 == ret % 2**64
    if not ok:
        problems.append(f"returned {ret} (errno {err}), shown as '{entry['ret']}'")


def check_raw(call, entry, catalog, problems, checked, no_btf=True):
    """--no-btf: every argument as the register held it, in hex (0x0); without a format, the
    same but 0 for 0, as strace shows registers it knows nothing of."""
    name, recs = catalog.get(call["nr"], (None, None))
    formatted = bool(recs)
    shown = named_args(entry, formatted)
    n = len(recs) if recs is not None else REGISTERS.get(call["nr"], 6)
    if name is not None and recs is not None and not recs:
        n = 0
    expected = [(r["name"], call["args"][r["arg"]]) for r in recs] if formatted else \
        [(None, v) for v in call["args"][:n]]
    shown_names = [s for s, _ in shown]
    want = [(nm, v) for nm, v in expected if nm in shown_names or not formatted]
    # open/openat leave out their mode without O_CREAT: nothing else may be missing
    missing = {nm for nm, _ in expected} - set(shown_names) - {"mode"} if formatted else set()
    if missing or len(shown) != len(want):
        problems.append(f"arguments {shown_names}, the catalog has {[nm for nm, _ in expected]}")
        return
    for (nm, text), (_, v) in zip(shown, want):
        checked["register"] += 1
        if not no_btf and v == 0:
            if text != "0":
                problems.append(f"{nm or 'arg'}: passed 0, shown {text}")
        elif not HEX.match(text) or int(text, 16) != v:
            problems.append(f"{nm or 'arg'}: passed {v:#x}, shown {text}")


def asks_nothing(rec, call, kind, recs=()):
    """Does the capture rule of this argument ask for 0 bytes in this call?"""
    rule = rec["exit"] if kind == "o" else rec["enter"]
    n = rule["len"]
    if n == -7:  # as many as the call returned
        return call["ret"] == 0
    if -6 <= n <= -1:  # as many as argument -n holds, as wide as that argument
        count = next((c for c in recs if c["arg"] == -n - 1), None)
        bits = 8 * count["btf_size"] if count and count["btf_size"] in (1, 2, 4, 8) else 64
        return call["args"][-n - 1] % 2**bits == 0
    return False


# Arguments a hand decoder leaves out, as strace does, when the command does not use
# them: prctl's by option, fcntl's third by command, futex's by operation, keyctl's by
# command, mq_open's without O_CREAT, mremap's new address without MREMAP_FIXED, mknod's dev
# but for a device, arch_prctl's second by option, membarrier's cpu_id without its flag,
# syslog's buffer and length by type, kcmp's indexes but for KCMP_FILE, the vectored calls'
# pos_h (strace shows the offset as one number).
OMITTED_BY_COMMAND = {"prctl": {"arg2", "arg3", "arg4", "arg5"}, "fcntl": {"arg"},
                      "mknod": {"dev"}, "mknodat": {"dev"}, "arch_prctl": {"arg2"},
                      "membarrier": {"cpu_id"}, "syslog": {"buf", "len"},
                      "kcmp": {"idx1", "idx2"},
                      **{n: {"pos_h"} for n in ("preadv", "pwritev", "preadv2", "pwritev2")},
                      "futex": {"val", "utime", "uaddr2", "val3"},
                      "keyctl": {"arg2", "arg3", "arg4", "arg5"},
                      "mq_open": {"mode", "u_attr"}, "mremap": {"new_addr"}}
# Arguments whose meaning another argument gives, decoded as strace 6.1 decodes them: a
# struct for some commands and the address for others (semctl's arg, the ctl calls' buf,
# bpf's attr), a number or a string by keyctl's command, capset's data by the header's version,
# prctl's and arch_prctl's by option (a number, a string or an address), futex's by
# operation (a timeout or a number), setsockopt's value by level and name (an int, bytes),
# io_uring_register's by opcode, arrays the address stands for when
# their count says so (a node mask of maxnode 1, a count whose size overflows). With random
# arguments the test cannot tell which: any of these forms passes.
BY_ANOTHER_ARGUMENT = {"semctl": {"arg"}, "msgctl": {"buf"}, "shmctl": {"buf"},
                       "bpf": {"uattr"}, "keyctl": {"arg2", "arg3", "arg4", "arg5"},
                       "mbind": {"nmask"}, "set_mempolicy": {"nmask"},
                       "get_mempolicy": {"nmask"}, "migrate_pages": {"old_nodes", "new_nodes"},
                       "move_pages": {"pages", "nodes", "status"}, "mincore": {"vec"},
                       "fcntl": {"arg"}, "capset": {"data"},
                       "prctl": {"arg2", "arg3", "arg4", "arg5"},
                       "futex": {"utime", "uaddr2", "val3"}, "arch_prctl": {"arg2"},
                       "setsockopt": {"optval"}, "io_uring_register": {"arg"}}
# Strings that are no paths: strace cuts them at -s (32) as any other.
CUT_STRINGS = {"add_key": {"_type", "_description"},
               "request_key": {"_type", "_description", "_callout_info"},
               **{f"{p}{op}xattr": {"name"} for p in ("", "l", "f")
                  for op in ("set", "get", "remove")}}
# Numbers strace shows narrower than their tracefs type: umask's mask is a mode_t (16 bits
# in octal), an int in the kernel's prototype.
# kcmp's idx1 and idx2 are fds (ints) for KCMP_FILE, the only type that shows them.
STRACE_BITS = {("umask", "mask"): 16, ("kcmp", "idx1"): 32, ("kcmp", "idx2"): 32}
# Arrays strace shows as [] without reading them when their count (the argument at this
# index) is 0.
EMPTY_WHEN_ZERO = {("futex_waitv", "waiters"): 1}
# The size arguments of signal sets: strace shows a set as its address unless its size is
# the kernel's (8 bytes).
SIGSET_SIZE_NAMES = ("sigsetsize", "sizemask")
# The calls of iovec arrays, and where their count is.
IOVEC_COUNT = {"readv": 2, "writev": 2, "preadv": 2, "pwritev": 2, "preadv2": 2,
               "pwritev2": 2, "vmsplice": 2}
# Arguments typed as numbers that the workload passed a pointer in: with a command no
# decoder knows (a random ioctl), btftrace cannot know what lies behind it; rseq's, which
# strace shows in hex as all of rseq's arguments.
# (strace 6.1: set_tid_address(0), as it shows every set_tid_address pointer as a number)
NUMBER_TYPED_POINTERS = {("ioctl", "arg"), ("rseq", "rseq"), ("set_tid_address", "tidptr")}
# strace's socket calls: where an address's length is another argument, where the length of a
# returned address goes with its pointer, where a call failed (src/decode/net.c, msghdr.c)
SOCKADDR_LEN_ARG = {"bind": 2, "connect": 2, "sendto": 5}
SOCKADDR_OUT_ARG = {"accept": 1, "accept4": 1, "getsockname": 1, "getpeername": 1, "recvfrom": 4}


SIGNED_TYPES = {"int", "long", "short", "long long", "pid_t", "ssize_t"}


def array_wraps(call, rec, recs):
    """An array of a count argument's elements that does not fit the address space after it
    (writev's vlen of -1, setgroups' negative size): strace shows its address, unread."""
    rule = rec["enter"] if rec["enter"]["len"] < 0 else rec["exit"]
    elem = 16 if rec["role"] == "iovec" else rule["elem_size"]
    if not -6 <= rule["len"] <= -1 or elem <= 1:
        return False
    count_rec = next(r for r in recs if r["arg"] == -rule["len"] - 1)
    bits = 8 * (count_rec["btf_size"] if count_rec["btf_size"] in (1, 2, 4, 8) else 8)
    count = call["args"][count_rec["arg"]] % 2**bits
    if count_rec["type"].replace("const ", "") in SIGNED_TYPES and count >= 2**(bits - 1):
        count += 2**64 - 2**bits  # sign-extended, as the count's C type converts it
    return count * elem >= 2**64 or count * elem + call["args"][rec["arg"]] >= 2**64


def strace_shows_address(name, nm, call, k=None, recs=None):
    """Is this readable argument (number k) one strace shows as its address in this call?"""
    rec = next((r for r in recs or () if r["arg"] == k), None)
    if rec is not None and array_wraps(call, rec, recs):
        return True
    args = call["args"]
    if (name, nm) == ("recvmmsg", "mmsg"):
        return call["ret"] == -1
    if name in SOCKADDR_OUT_ARG and nm in ("upeer_addrlen", "usockaddr_len", "addr_len"):
        return args[SOCKADDR_OUT_ARG[name]] == 0
    if name in SOCKADDR_LEN_ARG and nm in ("umyaddr", "uservaddr", "addr"):
        n = args[SOCKADDR_LEN_ARG[name]] % 2**32
        return n < 2 or n >= 2**31
    # select's sets for n <= 0: nothing to read; for n larger than a page of bits, more than
    # the workload's readable memory holds (strace reads a set whole or shows its address)
    if name in ("select", "pselect6") and nm in ("inp", "outp", "exp"):
        n = (args[0] + 2**31) % 2**32 - 2**31
        return n <= 0 or n > 8 * 4096
    # an array whose size in bytes overflows: iovecs (16 bytes each), io_submit's pointers
    # (8 bytes, and a negative count)
    if nm in ("vec", "uiov") and name in IOVEC_COUNT:
        return args[IOVEC_COUNT[name]] * 16 >= 2**64
    if (name, nm) == ("io_submit", "iocbpp"):
        nr = (args[1] + 2**63) % 2**64 - 2**63
        return nr < 0 or nr * 8 >= 2**64
    # a signal set of a size the kernel does not take
    for i, r in enumerate(recs or ()):
        if r["name"] in SIGSET_SIZE_NAMES and call["kinds"][k] == "m" and args[r["arg"]] != 8:
            return True
    # an xattr value larger than the kernel takes (XATTR_SIZE_MAX, 64 KiB)
    if name.endswith("setxattr") and nm == "value":
        return args[3] > 65536
    # an open_how smaller than its first version (24 bytes), a landlock attr of no size
    if (name, nm) == ("openat2", "how"):
        return args[3] < 24
    if (name, nm) == ("landlock_create_ruleset", "attr"):
        return args[1] % 2**64 < 8
    return False


def returned_no_address(name, nm, shown):
    """A returned address the kernel wrote none of (its length came back 0): strace shows the
    pointer."""
    if name not in SOCKADDR_OUT_ARG or nm in ("upeer_addrlen", "usockaddr_len", "addr_len"):
        return False
    lens = [t for n, t in shown.items() if n in ("upeer_addrlen", "usockaddr_len", "addr_len")]
    return any(re.search(r"(\[| => )0\]$", t) for t in lens)


def makedev_number(text):
    """makedev(0x1, 0x3) as the number glibc's makedev() makes of it, or None."""
    m = re.fullmatch(r"makedev\((\w+), (\w+)\)", text)
    if not m:
        return None
    major, minor = int(m.group(1), 0), int(m.group(2), 0)
    return ((minor & 0xff) | ((major & 0xfff) << 8) | ((minor & ~0xff) << 12) |
            ((major & ~0xfff) << 32))


def number_of(text):
    """A number as shown: 12, 0x1f, strace's -X raw type|flags of socket(): 0xa|0xfffffff0,
shmget()'s flags|huge page size|mode: 0x200|16<<26|0600,
permission bits in octal (0600, 000), an address held in a number (NULL), a comment after it
(syslog's 8192 /* SYSLOG_ACTION_??? */, which strace writes under -X raw too),
IOPRIO_PRIO_VALUE(class, data)."""
    text = re.sub(r" /\*.*\*/$", "", text)
    m = re.fullmatch(r"IOPRIO_PRIO_VALUE\((\w+)(?: /\*.*?\*/)?, (\w+)\)", text)
    if m:
        return int(m.group(1), 0) << 13 | int(m.group(2), 0)
    got = 0
    for part in text.split("|"):
        if part == "NULL":
            continue
        # a field shifted into place, as -X raw shows shmget's huge page size: 63<<26
        shifted = re.fullmatch(r"(\w+)<<(\d+)", part)
        if shifted:
            got |= int(shifted.group(1), 0) << int(shifted.group(2))
            continue
        got |= int(part, 8) if re.fullmatch(r"0[0-7]+", part) else int(part, 0)
    return got


def check_decoded(call, entry, catalog, log, problems, checked):
    """-X raw with BTF: numbers, strings, buffers, and pointers by what lies behind them."""
    name, recs = catalog.get(call["nr"], (None, None))
    if not recs:
        return check_raw(call, entry, catalog, problems, checked, no_btf=False)
    shown = dict(named_args(entry, True))
    for r in recs:
        k, nm, kind = r["arg"], r["name"], call["kinds"][r["arg"]]
        v = call["args"][k]
        if nm not in shown:
            if nm != "mode" and nm not in OMITTED_BY_COMMAND.get(name, ()):
                problems.append(f"{nm} not shown")
            continue
        text = shown[nm]
        if nm in BY_ANOTHER_ARGUMENT.get(name, ()):
            continue
        if kind in "vfn":
            bits = STRACE_BITS.get((name, nm)) or \
                8 * r.get("shown_size", r["btf_size"] if r["btf_size"] in (1, 2, 4, 8) else 8)
            if kind == "f":
                # an fd shows as the kernel takes it, whatever the argument's type: fdget()
                # has an unsigned int (mmap's and writev's unsigned long fd included)
                bits = min(bits, 32)
            try:
                got = makedev_number(text)
                if got is None:
                    got = number_of(text)
            except ValueError:
                problems.append(f"{nm}: passed {v:#x}, shown {text!r}, not a number")
                continue
            checked["number"] += 1
            if got % 2**bits != v % 2**bits:
                problems.append(f"{nm}: passed {v:#x}, shown {text}")
            continue
        # pointers
        if v == 0:
            checked["NULL"] += 1
            # a number-typed argument holds a number: 0 (strace's ioctl(1, 0xd, 0))
            if text != "NULL" and not (text == "0" and (name, nm) in NUMBER_TYPED_POINTERS):
                problems.append(f"{nm}: NULL shown as {text!r}")
        elif v in log["bad"]:
            checked["bad pointer"] += 1
            # nothing to read behind it, when the rule asks for 0 bytes: strace's "" or []
            zero_at = EMPTY_WHEN_ZERO.get((name, nm))
            empty = asks_nothing(r, call, kind, recs) or \
                (zero_at is not None and call["args"][zero_at] % 2**32 == 0)
            if text != f"{v:#x}" and not (text in ('""', "[]") and empty):
                problems.append(f"{nm}: the bad pointer {v:#x} shown as {text!r}")
        elif HEX.match(text):
            # an address for a readable slot: only for what nobody reads, or an output the
            # failed call did not write
            readable = kind == "p" or (kind == "o" and call["ret"] == -1) or \
                asks_nothing(r, call, kind, recs) or (name, nm) in NUMBER_TYPED_POINTERS or \
                strace_shows_address(name, nm, call, k, recs) or \
                returned_no_address(name, nm, shown)
            if int(text, 16) != v:
                problems.append(f"{nm}: pointer {v:#x} shown as {text}")
            elif not readable:
                problems.append(f"{nm}: the readable {kind!r} at {v:#x} shown as its address")
        elif kind == "s":
            checked["string"] += 1
            want = '"' + c_escape(call["strings"][k]) + '"'
            if nm in CUT_STRINGS.get(name, ()) and len(call["strings"][k]) > 32:
                want = '"' + c_escape(call["strings"][k][:32]) + '"...'
            if text != want:
                problems.append(f"{nm}: string {want} shown as {text}")
        elif kind == "i" and r["role"] == "buffer" and -6 <= r["enter"]["len"] <= -1 and \
                r["enter"]["elem_size"] in (0, 1):
            # the count as wide as its argument (setsockopt's optlen is an int)
            count_rec = next((c for c in recs if c["arg"] == -r["enter"]["len"] - 1), None)
            count_bits = 8 * count_rec["btf_size"] if count_rec and \
                count_rec["btf_size"] in (1, 2, 4, 8) else 64
            count = call["args"][-r["enter"]["len"] - 1] % 2**count_bits
            data = call["buffers"][k]
            # the first 32 bytes (-s), cut at count; the whole buffer is larger than 64 bytes
            want = quoted(data[:min(count, 33)], 32) if count <= 32 else quoted(data, 32)
            checked["buffer"] += 1
            if text != want:
                problems.append(f"{nm}: buffer {want} (count {count}) shown as {text}")


@pytest.mark.parametrize("mode", ["raw-registers", "decoded"])
def test_every_syscall_with_random_arguments(btftrace, workload, catalog, tmp_path, uid, mode):
    mode_args = ["--no-btf"] if mode == "raw-registers" else ["-X", "raw"]
    log, trace = run_random(btftrace, workload, catalog, tmp_path, uid, mode_args)
    calls = log["calls"]
    called = {c["nr"] for c in calls}
    not_called = set(catalog) - called - set(log["skips"])
    assert not not_called, f"catalog syscalls neither called nor denied: {sorted(not_called)}"
    assert set(UNKNOWN_NRS) <= called

    failures, checked = [], collections.Counter()
    for call, found in zip(calls, windows(trace, len(calls))):
        name = catalog.get(call["nr"], (f"syscall_{call['nr']}", None))[0]
        where = f"call {call['i']} {name} (nr {call['nr']}, kinds {call['kinds']})"
        # a call the kernel restarted shows first with a restart code, then again
        attempts = [e for e in found if e["name"] == name]
        restarted = [e for e in attempts[:-1] if result_of(e["ret"] or "")[0] == "restart"]
        if not attempts or len(found) != len(attempts) or len(restarted) != len(attempts) - 1:
            failures.append(f"{where}: expected once, the fences hold:\n    " +
                            "\n    ".join(e["line"] for e in found))
            continue
        entry, problems = attempts[-1], []
        if entry["ret"] is None:
            problems.append("never returned")
        else:
            check_result(call, entry, problems)
        checked["result"] += 1
        if mode == "raw-registers":
            check_raw(call, entry, catalog, problems, checked)
        else:
            check_decoded(call, entry, catalog, log, problems, checked)
        if problems:
            failures.append(f"{where}:\n    {entry['line']}\n    " + "\n    ".join(problems))
    # a parser that lost its way would check nothing, and find nothing wrong
    least = {"result": len(calls)}
    least.update({"register": 5 * len(calls) // 2} if mode == "raw-registers" else
                 {"number": 7 * len(calls) // 5, "string": 30 * ROUNDS, "buffer": 3 * ROUNDS,
                  "NULL": 15 * ROUNDS, "bad pointer": 30 * ROUNDS})
    thin = {k: (checked[k], n) for k, n in least.items() if checked[k] < n}
    assert not thin, f"too few checks made (made, least): {thin}"
    assert not failures, \
        f"seed {SEED} ({mode}): {len(failures)} of {len(calls)} calls wrong " \
        f"(rerun with BTFTRACE_SEED={SEED}):\n" + "\n".join(failures[:40])

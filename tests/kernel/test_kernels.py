# SPDX-License-Identifier: GPL-2.0
"""The kernel matrix: the suite's results on each kernel (see conftest.py and suite.sh).

Each test runs once per kernel: "host" (the running kernel) and each Debian
suite's cloud kernel booted under qemu. The workloads are
tests/workloads/*.c, linked statically.
"""
import importlib.util
import json
import os
import re

from conftest import REPO, kernel_version, tail

# the e2e tests' parser of -c tables, loaded by path: both directories have a conftest module
_spec = importlib.util.spec_from_file_location(
    "e2e_test_summary", os.path.join(REPO, "tests", "e2e", "test_summary.py"))
_e2e_summary = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_e2e_summary)
parse_tables = _e2e_summary.parse_tables

TEXT = "hello, kernel matrix\\n"  # tests/workloads/stat_rw.c's STAT_RW_TEXT, as printed
# as strace writes it: "[pid N] " on a terminal or pipe, "N" padded to 5 and a space into an
# -o file (the suite's)
PID_PREFIX = re.compile(r"^(?:\[pid +(\d+)\] |(\d+) +)")
RESULT_GAP = re.compile(r"\s+= ")  # the padding before a call's result
FEATURES = ("ringbuf", "raw_tp", "task_storage", "tp_btf", "ancestor_cgroup")
# the mechanisms each kernel must get: what btftrace probes there must say the same
EXPECTED_CHOICE = {
    "bullseye": "raw_tp programs, call start times in a hash map by thread",
}
TYPED = "tp_btf programs, call start times in task storage"


def ok(run, name, rc=0):
    """The case, checked to have ended with exit status rc."""
    case = run.case(name)
    assert case.rc == rc, (f"{run.kernel}: {name}: btftrace exited {case.rc}, not {rc}; "
                           f"stderr:\n{case.file('stderr')}{case.file('libbpf')}")
    return case


def lines(text):
    return text.splitlines()


def strip_pid(line):
    return PID_PREFIX.sub("", line)


def prefix_pid(line):
    """The pid of the line's prefix, or None."""
    m = PID_PREFIX.match(line)
    return int(m.group(1) or m.group(2)) if m else None


def completed(text, line):
    """The call line, with its '<... resumed>' end when it was shown unfinished."""
    if not line.endswith("<unfinished ...>"):
        return line
    pid = prefix_pid(line)
    rest = lines(text)[lines(text).index(line) + 1:]
    return line + next((l for l in rest if prefix_pid(l) == pid and
                        strip_pid(l).startswith("<... ")), "")


def test_the_suite_ran_on_the_kernel_asked_for(run):
    assert run.done, f"{run.kernel}: the suite did not finish:\n{tail(run.log)}"
    release = run.case("info").values["kernel"]
    if run.kernel == "host":
        assert release == os.uname().release
    else:
        assert release == kernel_version(run.kernel)


def test_d_names_each_feature_probed_and_the_mechanism_chosen(run):
    for what in ("plain", "filter", "summary"):
        err = ok(run, f"debug-{what}").file("stderr")
        release = run.case("info").values["kernel"]
        assert f"btftrace: kernel {release}, BPF features:" in err, err
        states = {}
        for name in FEATURES:
            m = re.search(rf"^btftrace:   {name}: (yes|no|not probed) -- .*$", err, re.M)
            assert m, f"{run.kernel}: -d says nothing of {name}:\n{err}"
            states[name] = m.group(1)
        assert states["ringbuf"] == states["raw_tp"] == "yes", err
        # the ancestor cgroup helper is probed for --filter only
        assert (states["ancestor_cgroup"] != "not probed") == (what == "filter"), err
        chosen = re.search(r"^btftrace: chosen: (.*)$", err, re.M)
        assert chosen, err
        if states["task_storage"] == "yes" and states["tp_btf"] == "yes":
            assert chosen.group(1) == TYPED, err
        else:
            # without task storage the tp_btf pair is not even tried
            assert states["tp_btf"] != "yes", err
            assert chosen.group(1).startswith("raw_tp programs"), err
        assert chosen.group(1) == EXPECTED_CHOICE.get(run.kernel, TYPED), err


def test_write_read_and_stat_are_decoded(run):
    case = ok(run, "trace")
    text = case.file("trace")
    assert case.file("stdout") == "hello, kernel matrix\n"
    calls = lines(text)
    path = "/tmp/trace/data" if run.kernel != "host" else None
    opened = [l for l in calls if l.startswith("openat(AT_FDCWD, ") and "/trace/data" in l]
    assert len(opened) == 2, text
    if path is None:
        path = re.match(r'openat\(AT_FDCWD, "([^"]+)"', opened[0]).group(1)
    fd = int(re.search(r"= (\d+)$", opened[0]).group(1))
    expected = [
        f'openat(AT_FDCWD, "{path}", O_WRONLY|O_CREAT|O_TRUNC, 0600) = {fd}',
        f"fchmod({fd}, 0640) = 0",
        f'write({fd}, "{TEXT}", 21) = 21',
        f"close({fd}) = 0",
        f'openat(AT_FDCWD, "{path}", O_RDONLY) = {fd}',
        f'read({fd}, "{TEXT}", 64) = 21',
    ]
    start = calls.index(opened[0])
    got = [re.sub(r" {2,}", " ", l) for l in calls[start:start + len(expected)]]
    assert got == expected, text
    # strace's short form of struct stat: the mode and size, read at each kernel's offsets
    stat = r"\{st_mode=S_IFREG\|0640, st_size=21, \.\.\.\}"
    rest = calls[start + len(expected):]
    assert re.fullmatch(rf"fstat\({fd}, {stat}\) += 0", rest[0]), rest[0]
    assert re.fullmatch(rf'newfstatat\(AT_FDCWD, "{re.escape(path)}", {stat}, 0\) += 0',
                        rest[1]), rest[1]
    assert [re.sub(r" {2,}", " ", l) for l in rest[2:]] == [
        f"close({fd}) = 0",
        f'write(1, "{TEXT}", 21) = 21',
        f'unlinkat(AT_FDCWD, "{path}", 0) = 0',
        "exit_group(0) = ?",
        "+++ exited with 0 +++",
    ], text
    assert calls[0].startswith('execve("') and "stat_rw" in calls[0]


def test_json_lines(run):
    case = ok(run, "json")
    events = [json.loads(line) for line in lines(case.file("trace"))]
    assert events[0]["event"] == "header"
    calls = {e["syscall"]: e for e in events if e["event"] == "call"}
    read = calls["read"]
    assert read["state"] == "complete" and read["ret"] == 21
    buf = next(a for a in read["args"] if a["name"] == "buf")
    assert buf["value"]["data"] == "hello, kernel matrix\n", buf
    assert buf["value"]["len"] == 21 and not buf["value"]["truncated"], buf
    stat = next(a for a in calls["newfstatat"]["args"] if a["name"] == "statbuf")
    assert stat["value"]["st_size"] == 21, stat
    assert events[-1]["event"] == "exit" and events[-1]["status"] == 0, events[-1]
    # every call of the workload after its exec has its name
    assert {e["comm"] for e in events[2:] if e["event"] == "call"} == {"stat_rw"}


def test_f_follows_children_and_their_exits(run):
    text = ok(run, "follow").file("trace")
    children = {}
    for i in (1, 2):
        opens = [l for l in lines(text) if f'"/nonexistent/child-{i}"' in l]
        assert len(opens) == 1, text
        children[i] = prefix_pid(opens[0])
        assert "= -1 ENOENT" in completed(text, opens[0]), text
        assert re.search(rf"^{children[i]} +\+\+\+ exited with {i} \+\+\+$", text, re.M), text
    grand = [l for l in lines(text) if '"/nonexistent/grandchild"' in l]
    assert len(grand) == 1 and prefix_pid(grand[0]) not in children.values(), text
    returned = {int(m.group(1)) for l in lines(text)
                for m in [re.search(r"^(?:clone3?\(.*|<\.\.\. clone3? resumed>.*)= (\d+)$",
                                    strip_pid(l))] if m}
    assert set(children.values()) <= returned, text
    assert strip_pid(lines(text)[-1]) == "+++ exited with 0 +++"


def test_c_counts_in_the_kernel_with_histograms(run):
    # min and max are columns of -U only, as in strace 6.1: the suite asks for them
    text = ok(run, "summary").file("trace")
    table = parse_tables(text)[None]
    # counted 200 2: per thread 200 getppid, 200 writes, 100 failed openat, 3 nanosleeps
    assert table["getppid"]["calls"] == 400, text
    assert table["write"]["calls"] == 400, text
    assert table["openat"]["errors"] == 200, text
    assert table["nanosleep"]["calls"] == 6, text
    assert table["nanosleep"]["min_us"] >= 2000, text
    total = table["total"]
    assert total["calls"] == sum(r["calls"] for k, r in table.items() if k != "total")
    hist = re.search(r"^getppid: time in the call \(ns\), 400 calls\n((?:\[.*\n)+)", text, re.M)
    assert hist, text
    assert sum(int(l.split()[2]) for l in lines(hist.group(1))) == 400, hist.group(1)
    assert "getppid(" not in text


def test_c_overhead_taken_off_in_the_kernel(run):
    # -O 1s: every call took less, so every time is 0, and the counts are still exact
    text = ok(run, "summary-overhead").file("trace")
    table = parse_tables(text)[None]
    assert table["getppid"]["calls"] == 400 and table["nanosleep"]["calls"] == 6, text
    assert all(r["seconds"] == 0 and r["min_us"] == 0 and r["max_us"] == 0
               for r in table.values()), text


def test_yy_sockets_kept_at_their_calls(run):
    # the sockets are closed and the process gone before the lines print: the endpoints are
    # what the kernel kept at connect and accept; socket()'s fd has none yet, as in strace
    text = ok(run, "yy-closed").file("trace")
    m = re.search(r"^write\(4<TCP:\[127\.0\.0\.1:(\d+)->127\.0\.0\.1:(\d+)\]>, \"x\", 1\)",
                  text, re.M)
    assert m, text
    assert re.search(rf"^close\(5<TCP:\[127\.0\.0\.1:{m[2]}->127\.0\.0\.1:{m[1]}\]>\)", text,
                     re.M), text
    assert re.search(rf"^listen\(3<TCP:\[127\.0\.0\.1:{m[2]}\]>, 1\)", text, re.M), text
    assert re.search(r"^close\(6<UDP:\[127\.0\.0\.1:\d+->127\.0\.0\.1:\d+\]>\)", text,
                     re.M), text
    assert re.search(r"^socket\(AF_INET, SOCK_STREAM, IPPROTO_IP\) += 3<TCP:\[\d+\]>$", text,
                     re.M), text


def test_trace_path_in_the_kernel(run):
    # the calls on p.txt by name and through its fds, select's and poll's among them; none of
    # q.txt's or the pipe's
    text = ok(run, "trace-path").file("trace")
    calls = [re.sub(r"^\d+ +", "", l) for l in lines(text)]
    assert any(re.match(r'openat\(AT_FDCWD, "/\S*/path/p\.txt"', l) for l in calls), text
    assert any(l.startswith("pread64(20, \"he\", 2, 0)") for l in calls), text
    assert any(l.startswith("poll([{fd=30, events=POLLIN}]") for l in calls), text
    assert any(re.match(r"p?select6?\(31, \[30\]", l) for l in calls), text
    assert any(l.startswith("write(20, \"child\", 5)") for l in calls), text
    assert not any("q.txt" in l or "pipe" in l for l in calls), text


def test_c_f_by_process(run):
    text = ok(run, "summary-follow").file("trace")
    tables = parse_tables(text)
    assert len(tables) == 4, text  # the parent, two children, a grandchild
    # each process opened one path that does not exist
    assert all(t["openat"]["errors"] == 1 for t in tables.values()), text


def test_filter_in_the_kernel(run):
    text = ok(run, "filter").file("trace")
    calls = [l for l in lines(text) if not l.startswith("+++")]
    # filtered 100: 10 writes of 300 bytes to fd 10, nothing else passes
    assert len(calls) == 10, text
    assert all(re.fullmatch(r'write\(10, "(\\0)+"\.\.\., 300\) += 300', l) for l in calls), text
    assert lines(text)[-1] == "+++ exited with 0 +++"


def test_failed_calls_only(run):
    text = ok(run, "filter-failed").file("trace")
    calls = [l for l in lines(text) if not l.startswith("+++")]
    assert all(re.search(r"= -1 E[A-Z]+ \(", l) for l in calls), text
    assert sum('"/nonexistent/filtered"' in l for l in calls) == 25, text
    assert sum(l.startswith("close(-1)") for l in calls) == 7, text
    assert lines(text)[-1] == "+++ exited with 0 +++"


def test_signals_and_exit_status(run):
    text = ok(run, "signals", rc=5).file("trace")
    pid = int(re.search(r"^kill\((\d+), SIGUSR1\)", text, re.M).group(1))
    assert (f"--- SIGUSR1 {{si_signo=SIGUSR1, si_code=SI_USER, si_pid={pid}, si_uid=0}} ---"
            in lines(text)), text
    assert "--- SIGALRM {si_signo=SIGALRM, si_code=SI_KERNEL} ---" in lines(text), text
    assert re.search(r"= \? ERESTART_RESTARTBLOCK \(Interrupted by signal\)$", text, re.M), text
    assert re.search(r"^--- SIGCHLD \{si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=\d+, "
                     r"si_uid=0, si_status=7, si_utime=\d+( /\* [\d.]+ s \*/)?, si_stime=\d+"
                     r"( /\* [\d.]+ s \*/)?\} ---$", text, re.M)
    assert lines(text)[-2:] == ["exit_group(5)                           = ?",
                                "+++ exited with 5 +++"], text


def test_killed_by_a_signal(run):
    text = ok(run, "killed", rc=128 + 11).file("trace")
    assert lines(text)[-2:] == [
        "--- SIGSEGV {si_signo=SIGSEGV, si_code=SEGV_MAPERR, si_addr=0x8} ---",
        "+++ killed by SIGSEGV +++"], text


def test_inject_without_ptrace(run):
    case = ok(run, "inject")
    out, text = case.file("stdout"), case.file("trace")
    # the main thread, a thread and a child process, each counting its own calls
    for who in ("main", "thread", "child"):
        assert f"{who} chdir 2: -1 EACCES" in lines(out), out
        assert f"{who} getppid 3: 7" in lines(out), out
        assert f"{who} chdir 3: 0" in lines(out), out
    threads = {}
    for line in lines(text):
        threads.setdefault(prefix_pid(line), []).append(RESULT_GAP.sub(" = ", strip_pid(line)))
    assert len(threads) == 3, text
    for calls in threads.values():
        assert calls[3] == "--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_KERNEL} ---", text
        assert [c for c in calls if c.endswith("(INJECTED)")] == [
            'chdir("/") = -1 EACCES (Permission denied) (INJECTED)',
            "getppid() = 7 (INJECTED)"], text
        assert calls[-1] == "+++ exited with 0 +++", text


def test_p_attaches_and_detaches(run):
    case = ok(run, "attach")
    assert case.values.get("seen") == "1", f"no getppid() seen:\n{case.file('stderr')}"
    assert case.values.get("ticker_alive") == "1", "the attached process died"
    assert case.file("stderr") == ""
    parent = case.values["parent"]
    getppids = [l for l in lines(case.file("trace")) if l.startswith("getppid()")]
    assert len(getppids) >= 3
    assert all(l.endswith(f"= {parent}") for l in getppids), case.file("trace")


def stack_under(text, pattern):
    """The " > " frames' symbols under the first line that matches pattern."""
    found, names = False, []
    for line in lines(text):
        if found:
            if not line.startswith(" > "):
                break
            m = re.match(r"^ > .*?\(([^()+]*)(?:\+0x[0-9a-f]+)?\) \[0x[0-9a-f]+\]", line)
            assert m, line
            names.append(m.group(1))
        elif re.search(pattern, line):
            found = True
    return names


def test_k_unwinds_the_user_stack(run):
    # issue 19's workload, built without frame pointers: only DWARF unwinding finds the callers
    text = ok(run, "stack").file("trace")
    names = stack_under(text, r'^openat\(AT_FDCWD, "/nonexistent/stack"')
    assert "stack_inner" in names, text
    i = names.index("stack_inner")
    assert names[i:i + 3] == ["stack_inner", "stack_outer", "main"], text


def test_kernel_stack_skips_the_bpf_frames(run):
    case = ok(run, "stack-kernel")
    err = case.file("stderr")
    m = re.search(r"stacks: (\d+) of \d+ kernel frames at sys_enter are BPF's, skipped: .*; "
                  r"the first kept: (\S+)", err)
    assert m and int(m.group(1)) >= 1, err
    names = stack_under(case.file("trace"), r'^openat\(AT_FDCWD, "/nonexistent/stack"')
    assert names and names[0] == m.group(2), case.file("trace")
    assert not any(re.match(r"bpf_prog_|bpf_trace_run|__bpf_trace_|__traceiter_", n)
                   for n in names), names
    assert "stack_outer" in names, names


def test_stack_of_an_injected_call_taken_at_its_exit(run):
    case = ok(run, "stack-inject")
    err, text = case.file("stderr"), case.file("trace")
    m = re.search(r"stacks: (\d+) of \d+ kernel frames at sys_exit are BPF's, skipped: .*; "
                  r"the first kept: (\S+)", err)
    assert m and int(m.group(1)) >= 1, err
    line = r'^openat\(AT_FDCWD, "/nonexistent/stack", O_RDONLY\) += -1 EACCES .*\(INJECTED\)$'
    names = stack_under(text, line)
    assert names and names[0] == m.group(2), text
    assert not any(re.match(r"bpf_prog_|bpf_trace_run|__bpf_trace_|__traceiter_", n)
                   for n in names), names
    i = names.index("stack_inner")
    assert names[i:i + 3] == ["stack_inner", "stack_outer", "main"], text


def test_flight_recorder_writes_the_last_calls_at_a_crash(run):
    case = ok(run, "recorder", rc=128 + 11)
    calls = [RESULT_GAP.sub(" = ", l) for l in lines(case.file("trace"))]
    assert calls == [f"lseek(-1, {i}, SEEK_SET) = -1 EBADF (Bad file descriptor)"
                     for i in range(980, 1000)] + [
        "--- SIGSEGV {si_signo=SIGSEGV, si_code=SEGV_MAPERR, si_addr=NULL} ---",
        "+++ killed by SIGSEGV +++"], case.file("trace")


def test_flight_recorder_trigger_fires_on_its_call(run):
    calls = [RESULT_GAP.sub(" = ", l) for l in lines(ok(run, "recorder-trigger").file("trace"))]
    assert calls == [f"lseek(-1, {i}, SEEK_SET) = -1 EBADF (Bad file descriptor)"
                     for i in range(498, 501)], calls


def test_slowest_keeps_the_slow_open_with_its_path(run):
    text = ok(run, "slowest").file("trace")
    slow = text.split("\nslowest calls (at most ", 1)
    assert len(slow) == 2, text
    opens = [l for l in slow[1].splitlines() if "openat(" in l]
    assert opens and re.search(r'\] openat\(AT_FDCWD, "[^"]*/slowest/fifo", O_RDONLY\) = 3 '
                               r"<(\d+\.\d+)>$", opens[0]), text
    assert float(re.search(r"<(\d+\.\d+)>$", opens[0]).group(1)) >= 0.3, text


def runs_i386(run):
    """Whether the kernel ran the int $0x80 probe: every Debian kernel of the matrix must; the
    host's may have its IA32 emulation off, and then there is nothing to check there."""
    status = int(run.case("i386-probe").values["status"])
    assert status == 0 or run.kernel == "host", \
        f"{run.kernel}: int $0x80 failed untraced (status {status}): no IA32 emulation?"
    return status == 0


def test_int80_calls_are_decoded_from_the_i386_table(run):
    if not runs_i386(run):
        return
    calls = [RESULT_GAP.sub(" = ", l) for l in lines(ok(run, "int80").file("trace"))]
    # i386's write takes its arguments from ebx, ecx and edx, not x86_64's registers
    assert 'write(1, "int80\\n", 6) = 6' in calls, calls
    # -o with a command leaves strace's personality lines out
    assert not [l for l in calls if "bit mode" in l], calls
    events = [json.loads(l) for l in lines(ok(run, "int80-json").file("trace"))]
    i386 = [(e["syscall"], e["nr"]) for e in events
            if e.get("event") == "call" and e.get("abi") == "i386"]
    assert i386 == [("getpid", 20), ("write", 4)], events


def test_a_32bit_program_is_decoded_in_i386_layouts(run):
    if not runs_i386(run):
        return
    case = ok(run, "i386")
    calls = [RESULT_GAP.sub(" = ", l) for l in lines(case.file("trace"))]
    assert case.file("stdout") == "m32ok\n", case.file("stdout")
    host = run.kernel == "host"
    text = open("/etc/hostname").read() if host else "matrix\n"
    quoted = text.replace("\n", "\\n")
    second = text[1:3].replace("\n", "\\n")
    opened = [l for l in calls if l.startswith('openat(AT_FDCWD, "/etc/hostname", O_RDONLY')]
    assert len(opened) == 1, calls
    fd = int(re.search(r"= (\d+)$", opened[0]).group(1))
    start = calls.index(opened[0])
    # compat iovecs, 32-bit times, a 64-bit offset in two registers, a 64-bit time
    expected = [
        f'read({fd}, "{quoted}", 64) = {len(text)}',
        f'pread64({fd}, "{second}", 2, 1) = 2',
        f"close({fd}) = 0",
    ]
    assert calls[start + 1:start + 4] == expected, calls[start:]
    assert "nanosleep({tv_sec=0, tv_nsec=1000000}, NULL) = 0" in calls, calls
    assert 'writev(1, [{iov_base="m32", iov_len=3}, {iov_base="ok\\n", iov_len=3}], 2) = 6' \
        in calls, calls
    assert any(re.fullmatch(r"clock_gettime64\(CLOCK_MONOTONIC, \{tv_sec=\d+, tv_nsec=\d+\}\) = 0",
                            l) for l in calls), calls


def test_io_uring_operations_as_calls(run):
    case = ok(run, "io_uring")
    text, err = case.file("trace"), case.file("stderr")
    assert case.file("stdout") == "read 3 bytes\n", case.file("stdout")
    # what the kernel's tracepoints carry decides the pairing: -d says which was chosen
    submit = re.search(r"^btftrace: io_uring: operations from io_uring:(io_uring_submit_\w+) "
                       r"to io_uring:io_uring_complete$", err, re.M)
    assert submit, err
    assert ("paired by the request's address" in err) != \
        ("has no req field: paired by ring and user_data" in err), err
    assert "SQEs read from the ring" in err, err
    ops = [re.sub(r" {2,}", " ", strip_pid(l)) for l in lines(text) if "io_uring:" in l]
    path = re.search(r'io_uring:openat\(AT_FDCWD, "([^"]*uring\.txt)"', text).group(1)
    fd = int(re.search(r'io_uring:openat\(AT_FDCWD, "[^"]*uring\.txt", O_RDONLY\) = (\d+)',
                       text).group(1))
    out = int(re.search(r'uring\.out", O_WRONLY\|O_CREAT\|O_TRUNC, 0600\) = (\d+)', text).group(1))
    assert ops == [
        f'io_uring:openat(AT_FDCWD, "{path}", O_RDONLY) = {fd}',
        f'io_uring:read({fd}, "vm\\n", 4096, 0) = 3',
        f'io_uring:readv({fd}, [{{iov_base="m\\n", iov_len=4096}}], 1, 1, 0) = 2',
        ops[3],
        "io_uring:nop() = 0",
        "io_uring:op_200(-1, NULL, 0, 0) = -1 EINVAL (Invalid argument)",
        f'io_uring:openat(AT_FDCWD, "{path[:-len("uring.txt")]}uring.out", '
        f"O_WRONLY|O_CREAT|O_TRUNC, 0600) = {out}",
        f'io_uring:write({out}, "vm\\n", 3, 0) = 3',
        f"io_uring:close({out}) = 0",
        f"io_uring:close({fd}) = 0",
    ], text
    assert re.fullmatch(r"io_uring:read\(1000, 0x[0-9a-f]+, 16, 0\) = -1 EBADF "
                        r"\(Bad file descriptor\)", ops[3]), ops[3]
    # each operation after the io_uring_enter that submitted and waited for it
    calls = [strip_pid(l) for l in lines(text)]
    for i, line in enumerate(calls):
        if line.startswith("io_uring:"):
            assert calls[i - 1].startswith("io_uring_enter("), text


def test_io_uring_operations_counted(run):
    text = ok(run, "io_uring-summary").file("trace")
    table = parse_tables(text)[None]
    # 1 read, 1 at fd 1000 that fails, 3 more
    assert table["io_uring:read"]["calls"] == 5, text
    assert table["io_uring:read"]["errors"] == 1, text
    assert table["io_uring:openat"]["calls"] == 1, text
    assert table["io_uring:close"]["calls"] == 1, text
    assert table["io_uring:readv"]["calls"] == 1, text
    # refused before its submit tracepoint: seen at its completion
    assert table["io_uring:op_200"]["errors"] == 1, text
    assert "io_uring_enter" not in table, text


def check_forks(text, parent, child):
    forks = [re.fullmatch(rf'sched:sched_process_fork\({parent}->comm="proc_life", '
                          rf'{child}->pid=(\d+), {child}->real_parent->pid=(\d+)\)',
                          strip_pid(l))
             for l in lines(text) if "sched:sched_process_fork" in l]
    assert len(forks) >= 2 and all(forks), text
    for line in (l for l in lines(text) if "sched:sched_process_fork" in l):
        m = re.search(r"real_parent->pid=(\d+)", line)
        # the line's pid, or the traced command's (no prefix) is the child's parent
        assert prefix_pid(line) in (None, int(m.group(1))), text


def test_event_fetch_expressions_on_btf_arguments(run):
    """A raw tracepoint with the fetch loop: each fork names its parent and child, the child's
    parent being the process that forked it; the arguments by position on every kernel."""
    check_forks(ok(run, "event-fetch").file("trace"), "arg0", "arg1")


def test_event_fetch_arguments_by_name(run):
    """The names come from the __bpf_trace_ function's BTF, which 5.10's BTF lacks: there the
    error says the arguments are arg0 and arg1."""
    case = run.case("event-fetch-named")
    if run.kernel == "bullseye" and case.rc == 2:
        assert "arguments (for '->' and '.') are arg0, arg1" in case.file("stderr"), \
            case.file("stderr")
        return
    check_forks(ok(run, "event-fetch-named").file("trace"), "parent", "child")


def test_event_fetch_string_on_a_format_field(run):
    case = ok(run, "event-string")
    text = case.file("trace")
    assert re.search(r'^syscalls:sys_enter_openat\(filename="[^"]*/event/data", flags=\d+\)$',
                     text, re.M), text


def test_event_fetch_wrong_member_lists_the_members(run):
    case = ok(run, "event-bad-member", rc=2)
    err = case.file("stderr")
    assert err.startswith("btftrace: sched:sched_process_fork: 'arg1->comx': struct "
                          "task_struct has no member 'comx': its members are "), err
    assert ", comm, " in err and err.count("\n") == 1, err


def test_filter_on_an_event_field(run):
    text = ok(run, "event-filter").file("trace")
    opens = [strip_pid(l) for l in lines(text) if "sys_enter_openat" in l]
    assert len(opens) == 1 and re.fullmatch(r'syscalls:sys_enter_openat\(filename="[^"]*/event/'
                                            r'data", flags=0\)', opens[0]), text


# --kfunc: where fentry is refused (the host may refuse it), the run ends in one line saying so
KFUNC_REFUSAL = re.compile(r"^btftrace: --kfunc: this kernel (has no kprobes .* and )?refuses "
                           r"fentry programs \(.*\).*: trace without --kfunc\n$")
OPEN_CREATE = re.compile(r'^openat\(AT_FDCWD, "[^"]*/data", O_WRONLY\|O_CREAT\|O_TRUNC, 0600\) = 3$')
OPEN_READ = re.compile(r'^openat\(AT_FDCWD, "[^"]*/data", O_RDONLY\) = 3$')


def kfunc_case(run, name):
    """The case, checked to have run; None where the host's kernel refused fentry, as it said."""
    case = run.case(name)
    if run.kernel == "host" and case.rc == 2:
        # its last line (-d's lines come before it)
        err = case.file("stderr")
        assert KFUNC_REFUSAL.match(err.splitlines(True)[-1]), err
        assert not case.file("trace").strip()
        return None
    return ok(run, name)


def check_kfunc_lines(case):
    """The kfunc cases' trace: stat_rw's openat and read calls, each function under its call."""
    trace = [RESULT_GAP.sub(" = ", strip_pid(l)) for l in lines(case.file("trace"))]
    text = case.file("trace")
    creates = [i for i, l in enumerate(trace) if OPEN_CREATE.match(l)]
    reads = [i for i, l in enumerate(trace) if OPEN_READ.match(l)]
    assert len(creates) == 1 and len(reads) == 1, text
    # the function each openat called, on the line under it: its filename, its struct open_how
    # copied at its entry and decoded by BTF, its return value
    assert re.match(r'^  > do_sys_openat2\(dfd=-100, filename="[^"]*/data", how=\{flags=O_WRONLY\|'
                    r'O_CREAT\|O_TRUNC\|O_LARGEFILE, mode=0600, resolve=0\}\) = 3$',
                    trace[creates[0] + 1]), text
    assert re.match(r'^  > do_sys_openat2\(dfd=-100, filename="[^"]*/data", how=\{flags=O_RDONLY\|'
                    r'O_LARGEFILE, mode=000, resolve=0\}\) = 3$', trace[reads[0] + 1]), text
    i = trace.index(f'read(3, "{TEXT}", 64) = 21')
    vfs_read = trace[i + 1]
    # struct file copied whole: the file was opened O_RDONLY|O_LARGEFILE (0x8000) at offset 0
    assert vfs_read.startswith("  > vfs_read(file={"), text
    assert "f_flags=O_RDONLY|O_LARGEFILE," in vfs_read and "f_pos=0" in vfs_read, vfs_read
    assert re.search(r"\}, buf=0x[0-9a-f]+, count=64, pos=\[0\]\) = 21$", vfs_read), vfs_read
    # -e trace=openat,read: no other syscall, and no function called outside those shown
    assert sum(l.startswith("  > ") for l in trace) == 3, text


def test_kfunc_lines_under_their_syscalls_with_decoded_values(run):
    case = kfunc_case(run, "kfunc")
    if case is not None:
        check_kfunc_lines(case)


def test_kfunc_through_kprobes_where_fentry_is_refused(run):
    """fentry hidden: the kprobe fallback, the same lines from the registers."""
    case = kfunc_case(run, "kfunc-kprobe")
    if case is None:
        assert "(hidden by BTFTRACE_HIDE_FEATURES)" in case_stderr(run, "kfunc-kprobe")
        return
    err = case.file("stderr")
    assert "btftrace: --kfunc: 2 functions, through kprobes and kretprobes\n" in err, err
    check_kfunc_lines(case)


def case_stderr(run, name):
    return run.case(name).file("stderr")


def test_kfunc_json_events_carry_the_same_values(run):
    case = kfunc_case(run, "kfunc-json")
    if case is None:
        return
    events = [json.loads(l) for l in lines(case.file("trace"))]
    assert events[0]["schema_minor"] >= 10
    kfuncs = [e for e in events if e["event"] == "kfunc"]
    assert [e["name"] for e in kfuncs] == ["do_sys_openat2", "do_sys_openat2", "vfs_read"], kfuncs
    opens = [e for e in kfuncs if e["name"] == "do_sys_openat2"]
    args = {a["name"]: a for a in opens[0]["args"]}
    assert args["dfd"]["value"] == -100 and args["dfd"]["raw"] == -100
    assert args["filename"]["value"]["str"].endswith("/data")
    assert set(args["how"]["value"]["flags"]["names"]) == {"O_WRONLY", "O_CREAT", "O_TRUNC",
                                                          "O_LARGEFILE"}
    assert args["how"]["value"]["mode"] == 0o600
    assert all(e["ret"] == 3 and e["depth"] == 0 and e["duration_ns"] > 0 for e in opens)
    read = {a["name"]: a for a in kfuncs[2]["args"]}
    assert read["file"]["type"] == "struct file *"
    f_flags = read["file"]["value"]["f_flags"]
    assert f_flags["raw"] == 0o100000 and f_flags["names"] == ["O_RDONLY", "O_LARGEFILE"], f_flags
    assert read["count"]["value"] == 64 and read["pos"]["value"] == 0
    assert kfuncs[2]["ret"] == 21
    # each under its call: the line after the syscall's
    for k in kfuncs:
        call = events[events.index(k) - 1]
        assert call["event"] == "call" and call["tid"] == k["tid"], (call, k)
        assert call["syscall"] == ("read" if k["name"] == "vfs_read" else "openat")


# --kfunc 'vfs_read(file->f_path.dentry->d_name.name:string, count, file->f_flags)': the
# expressions instead of the arguments, fetched by the events' loop in the function's entry
# program; a member alone prints as inside its struct (f_flags by name)
KFUNC_FETCH = re.compile(r'^  > vfs_read\(file->f_path\.dentry->d_name\.name="data", count=64, '
                         r'file->f_flags=O_RDONLY\|O_LARGEFILE\) = 21$')


def check_kfunc_fetch_lines(case):
    trace = [RESULT_GAP.sub(" = ", strip_pid(l)) for l in lines(case.file("trace"))]
    text = case.file("trace")
    i = trace.index(f'read(3, "{TEXT}", 64) = 21')
    assert KFUNC_FETCH.match(trace[i + 1]), text
    # the one read the trace shows: one function's line
    assert [l for l in trace if l.startswith("  > vfs_read(")] == [trace[i + 1]], text


def test_kfunc_fetch_expressions_on_the_arguments(run):
    case = kfunc_case(run, "kfunc-fetch")
    if case is not None:
        check_kfunc_fetch_lines(case)


def test_kfunc_fetch_expressions_through_kprobes(run):
    """The same program run by the kprobe fallback, beside a function without expressions."""
    case = kfunc_case(run, "kfunc-fetch-kprobe")
    if case is None:
        return
    assert "btftrace: --kfunc: 2 functions, through kprobes and kretprobes\n" in \
        case.file("stderr"), case.file("stderr")
    check_kfunc_fetch_lines(case)


def test_kfunc_fetch_expressions_in_json(run):
    case = kfunc_case(run, "kfunc-fetch-json")
    if case is None:
        return
    events = [json.loads(l) for l in lines(case.file("trace"))]
    kfuncs = [e for e in events if e["event"] == "kfunc"]
    assert [e["name"] for e in kfuncs] == ["vfs_read"], kfuncs
    args = {a["name"]: a for a in kfuncs[0]["args"]}
    assert list(args) == ["file->f_path.dentry->d_name.name", "count", "file->f_flags"], args
    assert args["file->f_path.dentry->d_name.name"]["value"]["str"] == "data", args
    assert args["count"]["value"] == 64 and kfuncs[0]["ret"] == 21, args
    flags = args["file->f_flags"]["value"]
    assert flags["raw"] == 0o100000 and flags["names"] == ["O_RDONLY", "O_LARGEFILE"], args
    # each item's C type, as an argument's: a string's, and count's by the prototype
    assert args["file->f_path.dentry->d_name.name"]["type"] == "char *", args
    assert args["count"]["type"] == "size_t", args


def test_kfunc_fetch_wrong_member_lists_the_members(run):
    """Checked against BTF before anything loads: every kernel, the host's too."""
    case = run.case("kfunc-fetch-bad-member")
    assert case.rc == 2, case.file("stderr")
    assert case.file("stderr") == (
        "btftrace: vfs_read: 'file->f_path.dentry->d_name.nam:string': struct qstr has no "
        "member 'nam': its members are hash, len, hash_len, name\n"), case.file("stderr")
    assert not case.file("trace").strip()


def test_kfunc_summary_counts_each_function_in_the_kernel(run):
    case = kfunc_case(run, "kfunc-summary")
    if case is None:
        return
    text = case.file("trace")
    table = parse_tables(text)[None]
    assert table["kfunc:do_sys_openat2"]["calls"] == 2, text
    assert table["kfunc:vfs_read"]["calls"] == 1, text
    assert table["openat"]["calls"] == 2 and table["read"]["calls"] == 1, text
    # the functions' calls are inside the syscalls': the total counts the syscalls only
    assert table["total"]["calls"] == sum(r["calls"] for k, r in table.items()
                                          if k != "total" and not k.startswith("kfunc:")), text
    # -c shows no lines
    assert "> vfs_read(" not in text and "> do_sys_openat2(" not in text, text


def test_kfunc_untraceable_function_is_named(run):
    """fentry probed on each function: the one it cannot attach to is named, exit status 2."""
    case = run.case("kfunc-untraceable")
    err = case.file("stderr")
    assert case.rc == 2 and not case.file("trace").strip(), err
    if run.kernel == "host" and KFUNC_REFUSAL.match(err):
        return  # no fentry on any function here, and no kprobes: the kernel's refusal
    if err == ("btftrace: --kfunc __schedule: no function of the kernel's BTF is called it: "
               "'btftrace kfuncs PATTERN' lists them\n"):
        return  # 5.10's BTF has no __schedule: refused by name before any probe
    assert re.fullmatch(r"btftrace: --kfunc: the kernel refuses to trace __schedule \([^)]*\), "
                        r"though it allows fentry programs on vfs_read: __schedule cannot be "
                        r"traced \(.*\): leave it out, or choose another \('btftrace kfuncs'\)\n",
                        err), err


def test_kfunc_nested_functions_in_entry_order(run):
    """do_filp_open returns before do_sys_openat2, which calls it: it shows under it."""
    case = kfunc_case(run, "kfunc-nested")
    if case is None:
        return
    text = case.file("trace")
    trace = [RESULT_GAP.sub(" = ", strip_pid(l)) for l in lines(text)]
    outer = [i for i, l in enumerate(trace) if l.startswith("  > do_sys_openat2(")]
    inner = [i for i, l in enumerate(trace) if l.startswith("    > do_filp_open(")]
    assert len(outer) >= 2 and len(inner) == len(outer), text
    for i in outer:
        assert trace[i - 1].startswith("openat("), text
        assert re.match(r"^    > do_filp_open\(dfd=-100, pathname=\{.*\}, "
                        r"op=\{open_flag=.*\}\) = 0x[0-9a-f]+$", trace[i + 1]), text


# SPDX-License-Identifier: GPL-2.0
"""End-to-end tests of --filter, -Z, -z, --duration, --comm, --uid and --cgroup, on the real
kernel, with tests/workloads/filtered.c, whose calls are known in number and kind."""
import os
import re
import shutil
import subprocess
import time

import pytest

from conftest import PID_PREFIX, excerpt, wait_for

N = 1000  # the workload's iterations: counts below follow from filtered.c's comment
WRITES_8, WRITES_300, READS, ENOENTS, CREATS, EBADFS, SHORT_NAPS, LONG_NAPS = (
    N, N // 10, N // 2, N // 4, 5, 7, 5, 3)
CALL_RX = re.compile(r"^([a-z_0-9]+)\(")


def calls(trace):
    """(name, line) of each call line, [pid N] prefixes removed; signal and exit lines skipped."""
    found = []
    for line in trace.splitlines():
        line = PID_PREFIX.sub("", line)
        m = CALL_RX.match(line)
        if m:
            found.append((m.group(1), line))
    return found


def stats(err):
    m = re.search(r"enter records (\d+), exit records (\d+), lost (\d+)", err)
    f = re.search(r"calls the filter rejected in the kernel (\d+)", err)
    assert m and f, f"no stats lines in stderr: {err}"
    return int(m.group(1)), int(m.group(2)), int(m.group(3)), int(f.group(1))


def run_filtered(run_btftrace, workload, *opts, n=N):
    rc, _, err, trace = run_btftrace(list(opts) + ["--", workload("filtered"), str(n)])
    assert rc == 0, err
    return trace, err


def test_argument_names_and_numbers(run_btftrace, workload):
    trace, _ = run_filtered(run_btftrace, workload, "--filter", "fd == 10 && count > 100")
    got = calls(trace)
    assert len(got) == WRITES_300, excerpt(trace)
    assert all(name == "write" and ", 300) = 300" in line for name, line in got), excerpt(trace)


def test_or_not_and_hex(run_btftrace, workload):
    # the short writes, or the reads of 16 (0x10) bytes
    trace, _ = run_filtered(run_btftrace, workload, "--filter",
                            "fd == 11 || !(count != 8) && fd == 10 || count == 0x10")
    names = [name for name, _ in calls(trace)]
    assert names.count("write") == WRITES_8 and names.count("read") == READS, excerpt(trace)
    assert set(names) == {"read", "write"}, sorted(set(names))


def test_flag_constant_by_name(run_btftrace, workload):
    trace, _ = run_filtered(run_btftrace, workload, "--filter", "flags & O_CREAT")
    got = calls(trace)
    assert len(got) == CREATS, excerpt(trace)
    assert all('openat(AT_FDCWD, "/dev/null", O_WRONLY|O_CREAT|O_APPEND, 0666) = ' in line
               for _, line in got), excerpt(trace)


def test_errno_by_name(run_btftrace, workload):
    trace, _ = run_filtered(run_btftrace, workload, "--filter",
                            "errno == ENOENT && syscall == openat")
    got = calls(trace)
    assert len(got) == ENOENTS, excerpt(trace)
    assert all('"/nonexistent/filtered"' in line and line.endswith(
        "= -1 ENOENT (No such file or directory)") for _, line in got), excerpt(trace)
    trace, _ = run_filtered(run_btftrace, workload, "--filter", "errno == EBADF")
    assert [line for _, line in calls(trace)] == \
        ["close(-1)                               = -1 EBADF (Bad file descriptor)"] * EBADFS


def test_ret(run_btftrace, workload):
    trace, _ = run_filtered(run_btftrace, workload, "--filter", "ret == 300")
    assert [n for n, _ in calls(trace)] == ["write"] * WRITES_300, excerpt(trace)
    trace, _ = run_filtered(run_btftrace, workload, "--filter", "ret < -1 && syscall == close")
    assert [n for n, _ in calls(trace)] == ["close"] * EBADFS, excerpt(trace)


def test_failed_and_successful(run_btftrace, workload):
    trace, _ = run_filtered(run_btftrace, workload, "-Z")
    got = calls(trace)
    assert all(re.search(r"= -1 E[A-Z]+ \(", line) for _, line in got), excerpt(trace)
    assert sum('"/nonexistent/filtered"' in line for _, line in got) == ENOENTS
    assert sum(line.startswith("close(-1)") for _, line in got) == EBADFS
    assert not [l for n, l in got if n in ("write", "read", "nanosleep")], excerpt(trace)
    # the process's exit line stays: -Z is about calls
    assert trace.rstrip().endswith("+++ exited with 0 +++")

    trace, _ = run_filtered(run_btftrace, workload, "--successful", "-e", "write,openat,close")
    got = calls(trace)
    assert not [l for _, l in got if "= -1 E" in l], excerpt(trace, r"= -1 E")
    names = [n for n, _ in got]
    assert names.count("write") == WRITES_8 + WRITES_300
    assert not [l for _, l in got if "nonexistent" in l or l.startswith("close(-1)")]


def test_duration(run_btftrace, workload):
    trace, _ = run_filtered(run_btftrace, workload, "-T", "--duration", "20ms")
    got = calls(trace)
    naps = [l for n, l in got if n == "nanosleep"]
    assert len(naps) == LONG_NAPS and all("tv_nsec=30000000" in l for l in naps), excerpt(trace)
    # whatever else a busy machine made slow, each line took at least 20 ms
    for _, line in got:
        took = float(re.search(r"<(\d+\.\d+)>$", line).group(1))
        assert took >= 0.020, line
    trace, _ = run_filtered(run_btftrace, workload, "-T", "--filter",
                            "duration < 10ms && syscall == nanosleep")
    naps = [l for _, l in calls(trace)]
    # a busy machine may make a short nap slow, never a 30 ms one fast: every nap shown is
    # short and took less than 10 ms, and most of the short ones are there
    assert naps and all("tv_nsec=1000}" in l for l in naps), excerpt(trace)
    for line in naps:
        assert float(re.search(r"<(\d+\.\d+)>$", line).group(1)) < 0.010, line
    assert len(naps) <= SHORT_NAPS, excerpt(trace)


def test_comm_in_the_expression(run_btftrace, workload):
    # -f follows sh into the workload; only the workload's name matches
    rc, _, err, trace = run_btftrace(
        ["-f", "--filter", 'comm == "filtered" && count == 300', "--", "sh", "-c",
         f"{workload('filtered')} {N}; cat /dev/null"])
    assert rc == 0, err
    assert [n for n, _ in calls(trace)] == ["write"] * WRITES_300, excerpt(trace)
    rc, _, err, trace = run_btftrace(
        ["-f", "--filter", "comm != filtered && syscall == openat", "--", "sh", "-c",
         f"{workload('filtered')} {N}; cat /dev/null"])
    assert rc == 0, err
    assert not [l for _, l in calls(trace) if "filtered" in l], excerpt(trace, "filtered")
    assert [l for _, l in calls(trace) if '"/dev/null"' in l], "cat's openat is missing"


def test_rejected_calls_cost_no_ring_buffer_records(run_btftrace, workload):
    """100k calls of which the filter takes none: nothing crosses into user space."""
    n = 60000  # 60000 + 6000 writes + 30000 reads + 15000 openat, and the rest
    for opts in (["--filter", "fd == 12345"],            # decided at sys_enter
                 ["--filter", "count == 12345 && ret == 0"],  # needs the result
                 ["-Z", "-e", "write,read"]):            # needs the result, and none fail
        trace, err = run_filtered(run_btftrace, workload, "--stats", *opts, n=n)
        enter, exit_, lost, rejected = stats(err)
        assert (enter, exit_, lost) == (0, 0, 0), f"{opts}: {err}"
        assert rejected >= n + n // 10 + n // 2, f"{opts}: {err}"
        assert not calls(trace), excerpt(trace)


def start_then_trace(btftrace, spawn, tmp_path, opts, launch):
    """Starts btftrace -a with opts, runs launch() until its calls show (btftrace is then
    attached), then once more for real; returns (trace text, pids launched, real pid)."""
    trace = tmp_path / "trace.txt"
    bt = spawn([btftrace, "-a", "-o", trace] + opts)
    pids = []

    def probe():
        p = launch(0)
        p.wait(timeout=10)
        pids.append(p.pid)
        return trace.exists() and trace.stat().st_size > 0

    assert wait_for(probe, 15, interval=0.1), f"btftrace {opts} never traced the probe"
    real = launch(N)
    assert real.wait(timeout=30) == 0
    pids.append(real.pid)
    time.sleep(0.3)
    bt.send_signal(2)
    assert bt.wait(timeout=15) == 0, bt.stderr.read()
    return trace.read_text(), pids, real.pid


def lines_by_pid(text):
    """{pid: lines}; the lines before a second process showed up carry no [pid N] (None)."""
    by_pid = {}
    for line in text.splitlines():
        m = PID_PREFIX.match(line)
        pid = int(m.group(1)) if m else None
        assert m or set(by_pid) <= {None}, f"a line without [pid N] after others: {line}"
        by_pid.setdefault(pid, []).append(line[m.end():] if m else line)
    return by_pid


def check_only(text, pids, real):
    by_pid = lines_by_pid(text)
    traced = set(by_pid) - {None}
    assert traced <= set(pids), \
        f"other processes traced: {sorted(traced - set(pids))[:5]}\n{excerpt(text)}"
    writes = [l for l in by_pid.get(real, []) if l.startswith("write(10,")]
    assert len(writes) == WRITES_8 + WRITES_300, excerpt(text)
    assert "+++ exited with 0 +++" in by_pid[real]


def test_comm_with_all(btftrace, spawn, workload, tmp_path, bpf_snapshot):
    # a name of this run's own: other sessions on the machine run "filtered" too
    comm = f"flt{os.getpid()}"[:15]
    exe = tmp_path / comm
    shutil.copy(workload("filtered"), exe)
    snap = bpf_snapshot()
    # a name of this run's own: other sessions on the machine run the same workload
    prog = tmp_path / f"filt{os.getpid() % 1000000}"
    shutil.copy(workload("filtered"), prog)
    text, pids, real = start_then_trace(
        btftrace, spawn, tmp_path, ["--comm", comm],
        lambda n: subprocess.Popen([exe, str(n)]))
    check_only(text, pids, real)
    snap.assert_clean()


def test_uid_with_all(btftrace, spawn, workload, tmp_path):
    # a uid of this run's own, by number: other sessions run processes as nobody too
    uid = 60000 + os.getpid() % 5000

    def launch(n):
        return subprocess.Popen(["setpriv", f"--reuid={uid}", f"--regid={uid}",
                                 "--clear-groups", workload("filtered"), str(n)])

    text, pids, real = start_then_trace(btftrace, spawn, tmp_path, ["--uid", str(uid)], launch)
    check_only(text, pids, real)


def cgroup2_root():
    with open("/proc/mounts") as f:
        for line in f:
            dev, path, fstype = line.split()[:3]
            if fstype == "cgroup2":
                return path
    pytest.skip("no cgroup v2 hierarchy mounted")


@pytest.fixture
def cgroup_dir():
    """A fresh cgroup v2 directory with a child, removed at the end."""
    root = os.path.join(cgroup2_root(), f"btftrace-e2e-{os.getpid()}")
    child = os.path.join(root, "child")
    os.makedirs(child)
    yield root, child
    for d in (child, root):
        for _ in range(50):
            try:
                os.rmdir(d)
                break
            except OSError:
                time.sleep(0.1)


@pytest.mark.parametrize("where", ["dir", "child"])
def test_cgroup_with_all(btftrace, spawn, workload, tmp_path, cgroup_dir, where):
    root, child = cgroup_dir
    into = root if where == "dir" else child

    def launch(n):
        return subprocess.Popen(["sh", "-c", f'echo $$ > {into}/cgroup.procs && exec "$0" "$1"',
                                 workload("filtered"), str(n)])

    # the directory selects its whole subtree
    text, pids, real = start_then_trace(btftrace, spawn, tmp_path, ["--cgroup", root], launch)
    check_only(text, pids, real)


def test_filter_with_attach(btftrace, spawn, workload, tmp_path):
    """-p and a filter: only the attached process's matching calls."""
    trace = tmp_path / "trace.txt"
    ticker = spawn([workload("ticker")])
    bt = spawn([btftrace, "-p", ticker.pid, "-o", trace, "-T", "--duration", "40ms"])
    assert wait_for(lambda: trace.exists() and "nanosleep(" in trace.read_text(), 10)
    bt.send_signal(2)
    assert bt.wait(timeout=10) == 0
    got = calls(trace.read_text())
    # glibc's nanosleep is clock_nanosleep; the ticker's getppid calls are too quick
    assert got and all(n == "clock_nanosleep" for n, _ in got), excerpt(trace.read_text())

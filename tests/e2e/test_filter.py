# SPDX-License-Identifier: GPL-2.0
"""End-to-end tests of --filter, -Z, -z, --duration, --comm, --uid and --cgroup, on the real
kernel, with tests/workloads/filtered.c, whose calls are known in number and kind."""
import os
import re
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
    # every nap of 30 ms; a nap of 1 us too when a busy machine kept it off the CPU that long
    naps = [l for n, l in got if n == "nanosleep" and "tv_nsec=30000000" in l]
    assert len(naps) == LONG_NAPS, excerpt(trace)
    # whatever else a busy machine made slow, each line took at least 20 ms
    for _, line in got:
        took = float(re.search(r"<(\d+\.\d+)>$", line).group(1))
        assert took >= 0.020, line
    # the other way round, among the naps alone: a busy machine can keep a nap of 1 us off the
    # CPU for 10 ms too, and the filter then rejects it, as it rejects the naps of 30 ms; a run
    # where that befell all five shows nothing, and is run again
    for _ in range(3):
        trace, err = run_filtered(run_btftrace, workload, "-T", "--stats", "-e", "nanosleep",
                                  "--filter", "duration < 10ms")
        naps = [l for _, l in calls(trace)]
        assert all("tv_nsec=1000}" in l for l in naps), excerpt(trace)
        for line in naps:
            # the line's time ends a moment after the filter's
            took = float(re.search(r"<(\d+\.\d+)>$", line).group(1))
            assert took < 0.011, line
        _, _, lost, rejected = stats(err)
        assert lost == 0 and rejected >= LONG_NAPS, err
        assert len(naps) + rejected == SHORT_NAPS + LONG_NAPS, \
            f"{len(naps)} naps shown and {rejected} rejected of {SHORT_NAPS + LONG_NAPS}:\n" \
            f"{excerpt(trace)}"
        if naps:
            break
    assert naps, "no nap of 1 us took less than 10 ms in three runs"


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


@pytest.fixture
def own_filtered(workload, tmp_path):
    """filtered.c under a name no other session's process has (a link named after this test
    process, which exec makes the comm): -a --comm selects by name on the whole machine, and
    other sessions run these tests too."""
    path = tmp_path / f"flt{os.getpid()}"
    path.symlink_to(workload("filtered"))
    return str(path), path.name


def test_comm_with_all(btftrace, spawn, own_filtered, tmp_path, bpf_snapshot):
    exe, comm = own_filtered
    snap = bpf_snapshot()
    text, pids, real = start_then_trace(btftrace, spawn, tmp_path, ["--comm", comm],
                                        lambda n: subprocess.Popen([exe, str(n)]))
    check_only(text, pids, real)
    snap.assert_clean()


def test_exec_from_a_thread_the_filter_leaves_out_is_not_shown(btftrace, spawn, workload,
                                                                own_filtered, tmp_path):
    """Another process, which --comm leaves out, execs from a thread other than its main one
    before each launch: its superseded line is no more shown than its calls."""
    exe, comm = own_filtered

    def launch(n):
        exec_thread = subprocess.run([workload("exec_thread")], stdout=subprocess.PIPE,
                                     text=True, timeout=30)
        assert exec_thread.returncode == 3 and exec_thread.stdout.startswith("pid "), \
            exec_thread.stdout
        return subprocess.Popen([exe, str(n)])

    text, pids, real = start_then_trace(btftrace, spawn, tmp_path, ["--comm", comm], launch)
    check_only(text, pids, real)
    assert "superseded" not in text, excerpt(text, "superseded")


def test_uid_with_all(btftrace, spawn, workload, tmp_path):
    # a uid no other session's process has: other sessions run tests as nobody (65534) too
    uid = 3000000 + os.getpid()

    def launch(n):
        return subprocess.Popen(["setpriv", f"--reuid={uid}", f"--regid={uid}",
                                 "--clear-groups", workload("filtered"), str(n)])

    text, pids, real = start_then_trace(btftrace, spawn, tmp_path, ["--uid", uid], launch)
    check_only(text, pids, real)


def test_uid_by_name(btftrace, spawn, workload, tmp_path):
    # the name, as getpwnam knows it: nobody, whose processes other sessions may run too, so
    # only the launched one's calls are checked
    def launch(n):
        return subprocess.Popen(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                                 workload("filtered"), str(n)])

    text, pids, real = start_then_trace(btftrace, spawn, tmp_path, ["--uid", "nobody"], launch)
    by_pid = lines_by_pid(text)
    writes = [l for l in by_pid.get(real, []) if l.startswith("write(10,")]
    assert len(writes) == WRITES_8 + WRITES_300, excerpt(text)
    assert "+++ exited with 0 +++" in by_pid[real]


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

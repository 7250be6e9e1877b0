# SPDX-License-Identifier: GPL-2.0
"""Sessions side by side, and a command whose 32 threads make calls at full speed: each
session sees only its own calls, and btftrace's counters add up to the calls made."""
import os
import re
import select
import signal
import subprocess
import time

import pytest

from conftest import (PID_PREFIX, RUN_TIMEOUT, children_of, cpu_seconds, excerpt, proc_state,
                      run_reader_stopped, wait_for)

# bench/workload.c: calls per iteration, and one clock_nanosleep per thread every 1000
WORKLOAD_CALLS_PER_ITER = 6
PID_RX = r"\[pid "


def test_two_sessions_see_only_their_own_calls(btftrace, workload, spawn, tmp_path,
                                               bpf_snapshot):
    count = 150
    snap = bpf_snapshot()
    runs = {}
    for name in ("a", "b"):
        marker = f"/nonexistent-btftrace-e2e/concurrency-{os.getpid()}-{name}"
        trace = tmp_path / f"trace-{name}.txt"
        # 150 opens 10 ms apart: both commands run for 1.5 s, side by side
        bt = spawn([btftrace, "-ttt", "-o", trace, "--", workload("open_loop"), marker, count,
                    10000, "wait"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        snap.track(bt.pid)
        runs[name] = (bt, marker, trace)
    # each command says its pid once its session traces it, then waits for a byte: both
    # make their calls at the same time however long either session took to start
    pids = {}
    for name, (bt, _, _) in runs.items():
        ready, _, _ = select.select([bt.stdout], [], [], 60)
        line = bt.stdout.readline().decode() if ready else ""
        m = re.fullmatch(r"pid (\d+)\n", line)
        assert m, f"session {name}: no pid within 60 s ({line!r}), exit status {bt.poll()}"
        pids[name] = int(m.group(1))
    for bt, _, _ in runs.values():
        bt.stdin.write(b"\n")
        bt.stdin.flush()

    spans = {}
    for name, (bt, marker, trace) in runs.items():
        out, err = bt.communicate(timeout=RUN_TIMEOUT)
        assert bt.returncode == 0 and not out, \
            f"session {name}: exit {bt.returncode}, more output {out!r}: {err.decode()}"
        pid = pids[name]
        text = trace.read_text()
        lines = [re.sub(r"^\d+\.\d{6} ", "", line) for line in text.splitlines()]
        assert not any(PID_PREFIX.match(line) for line in lines), \
            f"session {name}: lines of another thread or process:\n{excerpt(text, PID_RX)}"
        assert f"getpid() = {pid}" in [re.sub(r" +", " ", line) for line in lines], \
            f"session {name}: no getpid() = {pid}:\n{excerpt(text, 'getpid')}"
        opens = [line for line in lines if line.startswith("openat(")]
        own = [line for line in opens if f'"{marker}"' in line]
        assert len(own) == count, \
            f"session {name}: {len(own)} openat of its marker, the command made {count}"
        other = [m for n, (_, m, _) in runs.items() if n != name][0]
        assert other not in text, f"session {name} saw the other command's calls:\n" \
            f"{excerpt(text, re.escape(other))}"
        times = [float(line.split()[0]) for line in text.splitlines() if marker in line]
        spans[name] = (times[0], times[-1])
    (a0, a1), (b0, b1) = spans["a"], spans["b"]
    assert a0 < b1 and b0 < a1, f"the two sessions did not run at the same time: {spans}"
    snap.assert_clean("two sessions side by side")


def classify(line):
    """(syscall name, has the call's enter, has its exit) of one trace line."""
    line = PID_PREFIX.sub("", line)
    # a call the full ring buffer let through without its data is a call all the same
    line = line.removesuffix(" <data not captured: ring buffer full>")
    m = re.match(r"<\.\.\. (\w+) resumed>", line)
    if m:
        return m.group(1), False, not re.search(r"\) += \?$", line)
    m = re.match(r"(\w+)\(", line)
    assert m, f"not a trace line: {line!r}"
    if line.endswith("<unfinished ...>"):
        return m.group(1), True, False
    # "= ?": it never returned (exit_group); "= ? ERESTART..." is an exit all the same
    return m.group(1), True, not re.search(r"\) += \?$", line)


@pytest.mark.parametrize("buffer_size", ["8M", "16K"])
def test_32_threads_at_full_speed_counters_add_up(run_btftrace, btftrace, tmp_path,
                                                  bench_workload, bpf_snapshot, buffer_size):
    """Calls seen + calls lost = calls made, for enters and for exits; every record the kernel
    sent is one line; the loss message and --stats agree. A 16K buffer, with btftrace stopped
    a while, makes sure of losses."""
    iterations, threads = 300000, 32
    snap = bpf_snapshot()
    args = ["--stats", "--buffer-size", buffer_size, "--", bench_workload, "-v", iterations,
            threads]
    rc, _, err, trace = (run_reader_stopped(btftrace, tmp_path, args) if buffer_size == "16K"
                         else run_btftrace(args))
    assert rc == 0, err
    m = re.search(r"^workload: (\d+) iterations in (\d+) thread\(s\), (\d+) loop syscalls, "
                  r"0 failed$", err, re.M)
    assert m, f"no workload summary: {err}"
    loop_made = int(m.group(3))
    per_thread = [iterations // threads + (t < iterations % threads) for t in range(threads)]
    assert loop_made == sum(n * WORKLOAD_CALLS_PER_ITER + n // 1000 for n in per_thread), \
        f"the workload made {loop_made} calls: bench/workload.c changed its loop"
    m = re.search(r"^btftrace: stats: enter records (\d+), exit records (\d+), lost (\d+), "
                  r"ring buffer bytes \d+, high-water mark \d+ of \d+ bytes, lines written (\d+)$", err, re.M)
    assert m, f"no --stats line: {err}"
    enters, exits, lost, written = (int(x) for x in m.groups())
    m = re.search(r"^btftrace: (\d+) records lost \((\d+) enter, (\d+) exit\): the ring "
                  r"buffer was full; raise --buffer-size, or --lossless to see where$", err, re.M)
    lost_enter, lost_exit = (int(m.group(2)), int(m.group(3))) if m else (0, 0)
    assert (int(m.group(1)) if m else 0) == lost == lost_enter + lost_exit, \
        f"the loss message and --stats disagree: {err}"
    if buffer_size == "16K":
        assert lost > 0, "a 16K ring buffer lost nothing of 600,000 calls in 32 threads"

    lines = trace.splitlines()
    assert len(lines) == written, f"{written} lines written, {len(lines)} in the file"
    # signal and exit lines ("--- SIG", "+++ exited") are no calls
    seen = [classify(line) for line in lines
            if not PID_PREFIX.sub("", line).startswith(("---", "+++"))]
    enter_lines = sum(1 for _, e, _ in seen if e)
    exit_lines = sum(1 for _, _, x in seen if x)
    # a new thread's first return (clone3 = 0 in the child) is not shown, as in strace:
    # one exit record per started thread, fewer when some of those were lost
    assert enter_lines == enters and 0 <= exits - exit_lines <= threads, \
        f"records sent (enter {enters}, exit {exits}) != records shown (enter {enter_lines}, " \
        f"exit {exit_lines}, and up to {threads} thread starts not shown): a record was " \
        f"dropped or shown twice in user space"

    # every call enters once; all return but exit_group, and each thread's exit, which is
    # made up for by its first return, from clone3, that had no enter
    made_enters, made_exits = enters + lost_enter, exits + lost_exit
    assert made_enters - made_exits == 1, \
        f"calls entered {made_enters} (seen {enters} + lost {lost_enter}) and returned " \
        f"{made_exits} (seen {exits} + lost {lost_exit}) must differ by exit_group alone"
    # the loop's calls are known; start-up and 32 thread set-ups add a few hundred
    others_seen = sum(1 for name, e, _ in seen if e and name not in (
        "getppid", "read", "write", "openat", "fstat", "close", "clock_nanosleep"))
    assert loop_made + others_seen <= made_enters <= loop_made + 3000, \
        f"calls entered {made_enters} (seen {enters} + lost {lost_enter}) do not fit the " \
        f"{loop_made} calls of the loop"
    getppid = sum(1 for name, e, _ in seen if e and name == "getppid")
    assert getppid <= iterations <= getppid + lost_enter, \
        f"getppid: {getppid} seen, {lost_enter} enters lost, {iterations} made"
    snap.assert_clean(f"btftrace of 32 threads, --buffer-size {buffer_size}")


def sanitized(binary):
    """Whether binary is the ASan/UBSan build (make asan-test): its reader is several times
    slower, a speed no figure of btftrace's is about."""
    with open(binary, "rb") as f:
        return b"libasan.so" in f.read()


def real_time_allowed():
    """Whether a thread of ours may run at SCHED_FIFO here (root may, unless a cgroup gives
    no real-time budget): else btftrace's reader falls back to nice -20."""
    try:
        pid = os.fork()
    except OSError:
        return False
    if pid == 0:
        try:
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))
            os._exit(0)
        except OSError:
            os._exit(1)
    return os.waitpid(pid, 0)[1] == 0


def test_64_threads_lose_nothing_with_the_default_buffer(btftrace, run_btftrace,
                                                         bench_workload):
    """64 busy threads on a few CPUs: the reader must get its turn as soon as it is woken,
    or the default 8 MiB buffer fills while it waits behind them (at nice -20 it waited up
    to 26 ms and lost records in one run of three). Busy non-real-time processes beside the
    test only slow the threads down: the reader still runs first."""
    if sanitized(btftrace):
        pytest.skip("the ASan build's reader is several times slower: no loss figure is "
                    "about it")
    if not real_time_allowed():
        pytest.skip("SCHED_FIFO is not allowed here: the reader runs at nice -20")
    iterations, threads = 100000, 64
    rc, _, err, _ = run_btftrace(["--stats", "--", bench_workload, iterations, threads])
    assert rc == 0, err
    m = re.search(r"^btftrace: stats: enter records (\d+), exit records (\d+), lost (\d+), "
                  r"ring buffer bytes \d+, high-water mark (\d+) of (\d+) bytes", err, re.M)
    assert m, f"no --stats line: {err}"
    enters, _, lost, high, size = (int(x) for x in m.groups())
    assert size == 8 << 20, f"the default buffer is no longer 8 MiB: {size}"
    assert enters >= iterations * WORKLOAD_CALLS_PER_ITER, err
    assert lost == 0 and not re.search(r"^btftrace: \d+ records lost", err, re.M), \
        f"{lost} records lost, the buffer's high-water mark {high} of {size}: {err}"


def test_reader_is_real_time_and_the_command_is_not(btftrace, spawn, tmp_path):
    """The reader thread runs at SCHED_FIFO's lowest priority; the command, forked before,
    keeps the policy and nice value btftrace was started with."""
    if not real_time_allowed():
        pytest.skip("SCHED_FIFO is not allowed here: the reader runs at nice -20")
    out = tmp_path / "policy"
    script = ("import os, sys, time; "
              "print(os.sched_getscheduler(0), os.nice(0), flush=True); time.sleep(30)")
    proc = spawn([btftrace, "-o", "/dev/null", "--", "/usr/bin/python3", "-c", script],
                 stdout=open(out, "w"))

    def command_printed():
        return out.read_text().strip()

    printed = wait_for(command_printed, RUN_TIMEOUT)
    assert printed, "the command printed nothing"
    assert printed == f"{os.SCHED_OTHER} {os.nice(0)}", \
        f"the command's policy and nice are {printed!r}, not btftrace's own"
    # field 41 of /proc/PID/stat: the thread's scheduling policy; 40: its real-time priority
    stat = open(f"/proc/{proc.pid}/stat").read()
    fields = stat[stat.rindex(")") + 2:].split()
    policy, rt_priority = int(fields[41 - 3]), int(fields[40 - 3])
    assert (policy, rt_priority) == (os.SCHED_FIFO, 1), \
        f"btftrace's reader runs at policy {policy}, priority {rt_priority}"


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=lambda s: s.name)
def test_signal_stops_a_session_the_ring_buffer_floods(btftrace, bench_workload, spawn,
                                                      bpf_snapshot, sig):
    """32 threads fill the ring buffer as fast as btftrace reads it: one read of it never
    runs dry, yet btftrace must get to its signals, pass this one on, and end."""
    snap = bpf_snapshot()
    # about 10 s of calls, were it left alone
    bt = spawn([btftrace, "-o", "/dev/null", "--", bench_workload, 5000000, 32])
    snap.track(bt.pid)
    assert wait_for(lambda: children_of(bt.pid), 5), "the command never started"
    child = children_of(bt.pid)[0]
    time.sleep(1.0)
    assert bt.poll() is None, "the command ended too soon to test anything"
    used = cpu_seconds(bt.pid)
    bt.send_signal(sig)
    # btftrace's work from here to its end is measured in CPU time: the command's 32 threads
    # must each get a CPU to die, which on a busy machine took 1.6 s of wall-clock time alone.
    # It ends a zombie, whose CPU time is final, until it is waited for.
    if not wait_for(lambda: proc_state(bt.pid) == "Z", 60):
        pytest.fail(f"btftrace still runs 60 s after {sig.name}")
    used = cpu_seconds(bt.pid) - used
    rc = bt.wait()
    # were the signal not passed on, the command would have gone on to its end (status 0)
    assert rc == 128 + sig and used < 3, \
        f"after {sig.name} btftrace used {used:.2f} s of CPU and exited {rc}: the command " \
        f"should have got it at once and died of it ({128 + sig})"
    assert proc_state(child) is None, "the command outlived btftrace"
    snap.assert_clean(f"btftrace stopped by {sig.name} under load")

# SPDX-License-Identifier: GPL-2.0
"""A full ring buffer: calls go without their data rather than disappear, and --lossless says
where each thread lost calls, so that calls seen + calls lost = calls made, exactly."""
import json
import os
import re
import subprocess
import time

import pytest

from conftest import PID_PREFIX, RUN_TIMEOUT, run_reader_stopped

LOST_LINE = re.compile(r"^<\.\.\. ring buffer full: (.+) lost \.\.\.>$")
DROPPED = " <data not captured: ring buffer full>"


def stats(err):
    m = re.search(r"^btftrace: stats: enter records (\d+), exit records (\d+), lost (\d+),", err,
                  re.M)
    assert m, f"no --stats line: {err}"
    loss = re.search(r"^btftrace: \d+ records lost \((\d+) enter, (\d+) exit\)", err, re.M)
    lost_enter, lost_exit = (int(loss.group(1)), int(loss.group(2))) if loss else (0, 0)
    return int(m.group(1)), int(m.group(2)), lost_enter, lost_exit


def count_text(trace):
    """(enters seen, exits seen, calls lost, returns lost, lost lines) of a text trace."""
    enters = exits = lost_calls = lost_returns = markers = 0
    for line in trace.splitlines():
        line = PID_PREFIX.sub("", line)
        m = LOST_LINE.match(line)
        if m:
            markers += 1
            parts = dict((what.split()[0].rstrip("s"), int(n)) for n, what in
                         re.findall(r"(\d+) (calls?|returns?|signals? or exits?)", m.group(1)))
            assert parts, line
            lost_calls += parts.get("call", 0)
            lost_returns += parts.get("return", 0)
            continue
        if line.startswith(("---", "+++")):
            continue
        if line.endswith(DROPPED):
            line = line[:-len(DROPPED)]
        returned = not re.search(r"\) += \?$", line) and not line.endswith("<unfinished ...>")
        if line.startswith("<... "):
            exits += returned
        else:
            enters += 1
            exits += returned
    return enters, exits, lost_calls, lost_returns, markers


@pytest.mark.parametrize("threads", [1, 32])
def test_lossless_calls_seen_plus_lost_equal_calls_made(run_btftrace, btftrace, tmp_path,
                                                        bench_workload, bpf_snapshot, threads):
    """Only getppid and write traced: the workload makes exactly ITERATIONS of each (no -v, so
    it writes nothing else). A 16K buffer loses most records; every one is accounted for at
    its place."""
    iterations = 300000
    snap = bpf_snapshot()
    args = ["--lossless", "--stats", "--buffer-size", "16K", "-e", "getppid,write", "--",
            bench_workload, iterations, threads]
    # with 32 threads the reader is stopped a while: losses are certain
    result = (run_reader_stopped(btftrace, tmp_path, args) if threads == 32
              else run_btftrace(args))
    snap.track(result.pid)
    assert result.returncode == 0, result.stderr
    enters, exits, lost_calls, lost_returns, markers = count_text(result.trace)
    made = 2 * iterations
    sent_enter, sent_exit, lost_enter, lost_exit = stats(result.stderr)
    assert (enters, exits) == (sent_enter, sent_exit), \
        f"lines (enter {enters}, exit {exits}) != records sent ({sent_enter}, {sent_exit})"
    assert (lost_calls, lost_returns) == (lost_enter, lost_exit), \
        f"the trace's lost lines ({lost_calls} calls, {lost_returns} returns) != the totals " \
        f"({lost_enter}, {lost_exit}): {result.stderr}"
    assert enters + lost_calls == made, \
        f"calls: {enters} seen + {lost_calls} lost != {made} made"
    assert exits + lost_returns == made, \
        f"returns: {exits} seen + {lost_returns} lost != {made} made"
    if threads == 32:
        assert markers > 0 and lost_calls > 0, "a 16K buffer lost nothing of 32 threads"
    assert "or --lossless to see where" not in result.stderr
    snap.assert_clean("--lossless with a 16K ring buffer")


def test_lossless_json_lost_objects(btftrace, tmp_path, bench_workload):
    iterations, threads = 200000, 16
    result = run_reader_stopped(btftrace, tmp_path,
                                ["--lossless", "--stats", "--format=json", "--buffer-size",
                                 "16K", "-e", "getppid", "--", bench_workload, iterations,
                                 threads])
    assert result.returncode == 0, result.stderr
    objs = [json.loads(line) for line in result.trace.splitlines()]
    assert objs[0]["event"] == "header" and (objs[0]["schema"], objs[0]["schema_minor"]) == (2, 11)
    calls = [o for o in objs if o["event"] == "call"]
    lost = [o for o in objs if o["event"] == "lost"]
    assert lost, "16 threads lost nothing in a 16K buffer while the reader was stopped"
    for o in lost:
        assert set(o) >= {"ts", "pid", "tid", "calls", "returns", "events", "cause"}, o
        assert o["cause"] == "ring buffer full"
    entered = sum(1 for c in calls if c["state"] in ("complete", "unfinished", "noreturn"))
    returned = sum(1 for c in calls if c["state"] in ("complete", "resumed") and "ret" in c)
    assert entered + sum(o["calls"] for o in lost) == iterations
    assert returned + sum(o["returns"] for o in lost) == iterations


def test_without_lossless_losses_are_counted_not_placed(run_btftrace, bench_workload):
    result = run_btftrace(["--stats", "--buffer-size", "16K", "-e", "getppid,write", "--",
                           bench_workload, 200000, 16])
    assert result.returncode == 0, result.stderr
    enters, exits, lost_calls, _, markers = count_text(result.trace)
    assert markers == 0
    sent_enter, sent_exit, lost_enter, lost_exit = stats(result.stderr)
    assert enters == sent_enter and enters + lost_enter == 2 * 200000
    assert exits == sent_exit and exits + lost_exit == 2 * 200000
    if lost_enter + lost_exit:
        assert "raise --buffer-size, or --lossless to see where" in result.stderr


# dd's 4 KiB blocks while btftrace's reader is stopped for 0.3 s (its parent is btftrace): the
# ring fills whatever the machine's speed, a quiet one's reader keeping up otherwise
DD_WITH_READER_STOPPED = ["sh", "-c", "dd if=/dev/zero of=/dev/null bs=4096 count=50000 & "
                          "sleep 0.2; kill -STOP $PPID; sleep 0.3; kill -CONT $PPID; wait"]


def test_full_buffer_sends_calls_without_their_data(run_btftrace):
    """Records of 4 KiB of data in a 16K buffer: many do not fit whole but fit without their
    data. Such a call shows with its numbers and return, marked, and is counted."""
    result = run_btftrace(["--stats", "--buffer-size", "16K", "--capture-size", "4096", "-f",
                           "--", *DD_WITH_READER_STOPPED])
    assert result.returncode == 0, result.stderr
    marked = [PID_PREFIX.sub("", line) for line in result.trace.splitlines()
              if line.endswith(DROPPED)]
    m = re.search(r"^btftrace: stats: records without their data (\d+),", result.stderr, re.M)
    assert m, result.stderr
    compact = int(m.group(1))
    # a line shows one or two records (enter and exit), and a split call's enter shows twice
    assert compact > 0 and marked, result.stderr
    assert len(marked) <= 2 * compact, f"{len(marked)} marked lines, {compact} such records"
    assert re.search(r"^btftrace: \d+ records sent without their data", result.stderr, re.M)
    # the buffer pointer as an address, the count and the result exact
    for line in marked:
        if line.startswith("write(1, ") and not line.endswith("<unfinished ...>" + DROPPED):
            assert re.match(r"write\(1, 0x[0-9a-f]+, 4096\) += 4096 <", line), line


def ring_mapped_max(stderr):
    m = re.search(r"^btftrace: stats: .*ring buffer mapped at most (\d+) bytes", stderr, re.M)
    assert m, stderr
    return int(m.group(1))


def test_reader_behind_on_large_records_keeps_the_ring_mapped(run_btftrace):
    """A reader found half the ring behind on records of 4 KiB keeps every window of the
    ring mapped from then on (reading faster); on small records it maps windows as before."""
    result = run_btftrace(["--stats", "-s", "4096", "-f", "--", *DD_WITH_READER_STOPPED])
    assert result.returncode == 0, result.stderr
    assert ring_mapped_max(result.stderr) >= 8 << 20
    small = ["sh", "-c", DD_WITH_READER_STOPPED[2].replace("bs=4096 count=50000",
                                                           "bs=64 count=400000")]
    result = run_btftrace(["--stats", "-f", "--", *small])
    assert result.returncode == 0, result.stderr
    assert ring_mapped_max(result.stderr) <= 5 << 20


def test_dropped_data_in_json(run_btftrace):
    result = run_btftrace(["--format=json", "--buffer-size", "16K", "--capture-size", "4096",
                           "-f", "--", *DD_WITH_READER_STOPPED])
    assert result.returncode == 0, result.stderr
    objs = [json.loads(line) for line in result.trace.splitlines()]
    calls = [o for o in objs if o["event"] == "call" and o["args"]]
    # per argument: "dropped" marks a capture whose record came without it, and only that
    dropped = [(o, a) for o in calls for a in o["args"] if a.get("dropped")]
    assert dropped, "no call went without its data"
    for o, a in dropped:
        assert o.get("captures_dropped") and a["value"] is None, o
    # dd's blocks (not its report on standard error): of 50000, a loaded machine (or an ASan
    # build) loses most of them whole in a 16 KB ring; enough to check come all the same
    writes = [o for o in calls if o["syscall"] == "write" and o["args"][2]["raw"] == 4096]
    assert len(writes) >= 10, f"{len(writes)} of dd's 50000 writes arrived"
    for o in writes:
        buf = o["args"][1]
        if buf.get("dropped"):
            assert buf["value"] is None, o
        else:
            # the data came, whatever else of the call did not
            assert buf["value"]["len"] == 4096 or buf["value"]["truncated"], o


def cgroup2_root():
    with open("/proc/self/mountinfo") as f:
        for line in f:
            fields = line.split()
            if fields[fields.index("-") + 1] == "cgroup2":
                return fields[4]
    pytest.skip("no cgroup2 hierarchy mounted")


def command_cgroup(pid):
    """The cgroup directory btftrace (pid) makes for its command under --no-loss."""
    with open(f"/proc/{pid}/cgroup") as f:
        rel = next(line[3:].strip() for line in f if line.startswith("0::"))
    return os.path.join(cgroup2_root() + (rel if rel != "/" else ""), f"btftrace-{pid}")


def test_no_loss_pauses_the_command_while_the_reader_is_blocked(btftrace, bench_workload):
    """The trace goes to a pipe nobody reads yet: the reader blocks in its write, and the
    workload's 100,000 getppid calls (16 MB of records) would fill the 1M ring buffer. With
    --no-loss the command is frozen instead (seen in its cgroup), and once the pipe is read
    every call is there, none lost."""
    iterations = 100000
    proc = subprocess.Popen([btftrace, "--no-loss", "--stats", "--buffer-size", "1M", "-e",
                             "getppid", "-o", "/dev/stdout", "--", bench_workload,
                             str(iterations)],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        freeze = None
        deadline = time.monotonic() + RUN_TIMEOUT / 2
        while time.monotonic() < deadline and proc.poll() is None:
            if freeze is None and os.path.exists(f"/proc/{proc.pid}"):
                path = os.path.join(command_cgroup(proc.pid), "cgroup.freeze")
                freeze = path if os.path.exists(path) else None
            if freeze and open(freeze).read().strip() == "1":
                break
            time.sleep(0.01)
        else:
            pytest.fail("the command was not frozen while the trace was not read")
        out, err = proc.communicate(timeout=RUN_TIMEOUT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    err = err.decode()
    assert proc.returncode == 0, err
    assert len(re.findall(r"^getppid\(\) +=", out.decode(), re.M)) == iterations, err
    sent_enter, sent_exit, lost_enter, lost_exit = stats(err)
    assert (sent_enter, sent_exit, lost_enter, lost_exit) == (iterations, iterations, 0, 0), err
    pauses = re.search(r"^btftrace: stats: command paused (\d+) times$", err, re.M)
    assert pauses and int(pauses.group(1)) >= 1, err
    # the cgroup made for the command is gone with it
    assert not os.path.exists(os.path.dirname(freeze)), freeze


@pytest.mark.parametrize("args, says", [
    (["-p", "1"], "--no-loss pauses the command btftrace starts"),
    (["-c", "--", "true"], "-c sends no records through the ring buffer, so --no-loss"),
])
def test_no_loss_refused_where_nothing_can_be_paused(run_btftrace, args, says):
    result = run_btftrace(["--no-loss"] + args, trace=False)
    assert result.returncode == 2, result.stderr
    assert says in result.stderr

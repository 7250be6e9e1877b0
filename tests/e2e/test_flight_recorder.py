# SPDX-License-Identifier: GPL-2.0
"""--flight-recorder: each thread's last calls kept in the kernel, nothing written until a
trigger (a process killed by a signal or exiting non-zero, SIGUSR1, --trigger), then written
as a trace."""
import fcntl
import json
import os
import re
import select
import signal
import struct
import subprocess
import termios
import time

import pytest

from conftest import children_of, kill_group, proc_state, wait_for

LSEEK = re.compile(r"^lseek\(-1, (\d+), SEEK_SET\) += -1 EBADF \(Bad file descriptor\)$")


def lseeks(lines):
    """The i of each lseek line, in order."""
    return [int(LSEEK.match(line).group(1)) for line in lines if LSEEK.match(line)]


def test_crash_writes_the_last_calls_before_it(run_btftrace, workload):
    """10,000 calls, then a NULL dereference: the last 50 calls, the signal and the end."""
    result = run_btftrace(["--flight-recorder", "50", "--", workload("last_calls"), 10000,
                           "segv"])
    assert result.returncode == 128 + signal.SIGSEGV, result.stderr
    lines = result.trace.splitlines()
    assert lseeks(lines) == list(range(9950, 10000)), result.trace
    assert lines[:50] == [line for line in lines if LSEEK.match(line)]
    assert lines[50:] == [
        "--- SIGSEGV {si_signo=SIGSEGV, si_code=SEGV_MAPERR, si_addr=NULL} ---",
        "+++ killed by SIGSEGV +++"], result.trace
    assert result.stderr == ""


def test_nonzero_exit_is_a_trigger_and_a_clean_exit_writes_nothing(run_btftrace, workload):
    result = run_btftrace(["--last", "3", "--", workload("last_calls"), 100, "exit3"])
    assert result.returncode == 3, result.stderr
    assert result.trace.splitlines() == [
        "lseek(-1, 98, SEEK_SET)                 = -1 EBADF (Bad file descriptor)",
        "lseek(-1, 99, SEEK_SET)                 = -1 EBADF (Bad file descriptor)",
        "exit_group(3)                           = ?",
        "+++ exited with 3 +++"], result.trace
    result = run_btftrace(["--last", "3", "--stats", "--", workload("last_calls"), 100, "ok"])
    assert result.returncode == 0, result.stderr
    assert result.trace == ""
    # nothing went through the ring buffer but the exit's record; the memory is stated
    assert "enter records 0, exit records 0, lost 0" in result.stderr, result.stderr
    m = re.search(r"flight recorder: the last 3 calls of each of (\d+) threads at once, (\d+) "
                  r"slots of (\d+) bytes in the kernel \((\d+) bytes", result.stderr)
    assert m and int(m.group(1)) * 3 == int(m.group(2)), result.stderr
    assert int(m.group(2)) * int(m.group(3)) == int(m.group(4)), result.stderr


def test_each_failed_process_of_a_followed_tree_is_a_dump(run_btftrace):
    """-f: a child that exits non-zero writes the calls kept then; the parent's own failing
    exit later is a second dump."""
    result = run_btftrace(["-f", "--last", "3", "--", "/bin/sh", "-c",
                           "ls /nonexistent-btftrace-dir 2>/dev/null; exit 4"])
    assert result.returncode == 4, result.stderr
    lines = result.trace.splitlines()
    child_end = [i for i, line in enumerate(lines) if line.endswith("+++ exited with 2 +++")]
    assert len(child_end) == 1, result.trace
    assert re.search(r"exit_group\(2\) += \?$", lines[child_end[0] - 1]), result.trace
    assert lines[-1].endswith("+++ exited with 4 +++"), result.trace


def test_trigger_expression_fires_on_the_matching_call(run_btftrace, workload):
    result = run_btftrace(["--last", "4", "--trigger", "syscall == lseek && offset == 5000",
                           "--", workload("last_calls"), 10000, "ok"])
    assert result.returncode == 0, result.stderr
    # the call that matched is the last one written; later calls are not (no other trigger)
    assert result.trace.splitlines() == [
        f"lseek(-1, {i}, SEEK_SET)".ljust(39) + " = -1 EBADF (Bad file descriptor)"
        for i in range(4997, 5001)], result.trace


def test_trigger_on_errno(run_btftrace, workload):
    """A trigger on the result; the calls after it are not written (no trigger follows)."""
    result = run_btftrace(["--last", "2", "--trigger", "errno == EBADF && offset == 10", "--",
                           workload("last_calls"), 30, "ok"])
    assert result.returncode == 0, result.stderr
    assert lseeks(result.trace.splitlines()) == [9, 10], result.trace


def read_lines_until(pipe, done, timeout=30):
    """Lines from pipe until done(lines) holds (or the timeout): what a dump wrote."""
    data, deadline = b"", time.monotonic() + timeout
    while time.monotonic() < deadline:
        lines = data.decode(errors="replace").splitlines()
        if data.endswith(b"\n") and done(lines):
            return lines
        ready, _, _ = select.select([pipe], [], [], 0.1)
        if ready:
            chunk = os.read(pipe.fileno(), 65536)
            if not chunk:
                break
            data += chunk
    return data.decode(errors="replace").splitlines()


def blocks_sigusr1(pid):
    """btftrace has SIGUSR1 blocked (its set-up started): one sent now waits for it."""
    try:
        with open(f"/proc/{pid}/status") as f:
            mask = next(line for line in f if line.startswith("SigBlk:")).split()[1]
    except (OSError, StopIteration):
        return False
    return int(mask, 16) & (1 << (signal.SIGUSR1 - 1)) != 0


def pipe_empty(pipe):
    """No byte waits in the pipe: its reader took them all."""
    return struct.unpack("i", fcntl.ioctl(pipe.fileno(), termios.FIONREAD, b"\0" * 4))[0] == 0


def waits_in_read(pid):
    """Process pid sleeps in its read of stdin."""
    try:
        with open(f"/proc/{pid}/syscall") as f:
            return proc_state(pid) == "S" and f.read().split()[0] == "0"
    except OSError:
        return False


def test_sigusr1_dumps_on_demand(btftrace, workload):
    """Each SIGUSR1 writes the calls kept since the last dump; the one under way shows as
    strace shows a call it stopped tracing in."""
    proc = subprocess.Popen([btftrace, "--last", "3", "--", workload("last_calls"), "1000",
                             "wait"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        assert proc.stdout.readline() == b"ready\n"
        child = wait_for(lambda: children_of(proc.pid), 10)[0]
        assert wait_for(lambda: waits_in_read(child), 10)
        proc.send_signal(signal.SIGUSR1)
        first = read_lines_until(proc.stderr, lambda ls: ls[-1].startswith("read(0, "))
        # the read returns, and the next one waits: only that one is new
        proc.stdin.write(b"x")
        proc.stdin.flush()
        assert wait_for(lambda: pipe_empty(proc.stdin) and waits_in_read(child), 10)
        proc.send_signal(signal.SIGUSR1)
        second = read_lines_until(proc.stderr, lambda ls: ls[-1].startswith("read(0, "))
        proc.stdin.close()
        proc.stdin = None
        _, rest = proc.communicate(timeout=30)
    finally:
        kill_group(proc)
    assert proc.returncode == 0, rest
    assert first == [
        "lseek(-1, 999, SEEK_SET)                = -1 EBADF (Bad file descriptor)",
        'write(1, "ready\\n", 6)                  = 6',
        "read(0,  <detached ...>"], first
    assert second == ["read(0,  <detached ...>"], second
    # the clean exit after them writes nothing more
    assert rest == b"", rest


def test_attached_with_json(btftrace, workload, spawn):
    """-p: a running process's last calls, as JSON objects, on SIGUSR1."""
    target = spawn([workload("last_calls"), 100, "wait"], stdin=subprocess.PIPE,
                   stdout=subprocess.PIPE)
    assert target.stdout.readline() == b"ready\n"
    proc = subprocess.Popen([btftrace, "--last", "2", "--format=json", "-p", str(target.pid)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        # a SIGUSR1 before btftrace blocks it would end it, as any program
        assert wait_for(lambda: blocks_sigusr1(proc.pid), 10)
        objs = []
        # until btftrace is attached, a byte's read goes unseen: send them until one is kept
        for _ in range(50):
            target.stdin.write(b"x")
            target.stdin.flush()
            assert wait_for(lambda: pipe_empty(target.stdin) and waits_in_read(target.pid), 10)
            proc.send_signal(signal.SIGUSR1)
            lines = read_lines_until(proc.stderr, lambda ls: '"event":"call"' in ls[-1],
                                     timeout=0.5)
            objs += [json.loads(line) for line in lines]
            if any(o["event"] == "call" for o in objs):
                break
        target.stdin.close()
        target.stdin = None
        target.wait(timeout=10)
        _, rest = proc.communicate(timeout=30)
    finally:
        kill_group(proc)
    assert objs and objs[0]["event"] == "header", (objs, rest, proc.returncode)
    calls = [o for o in objs if o["event"] == "call"]
    assert calls and all(o["pid"] == target.pid for o in calls), (objs, rest)
    # the last one is the read it waits in again, cut short by the dump
    assert calls[-1]["syscall"] == "read" and calls[-1]["state"] == "unfinished", objs


@pytest.mark.parametrize("args, message", [
    (["--flight-recorder", "0"], "invalid --flight-recorder (--last) value '0'"),
    (["--last", "4097"], "invalid --flight-recorder (--last) value '4097'"),
    (["--trigger", "errno == EBADF"], "--trigger says when the flight recorder"),
    (["--last", "5", "-c"], "--flight-recorder writes calls out only on a trigger"),
    (["--last", "5", "-Z"], "--flight-recorder keeps calls as they start"),
    (["--last", "5", "--trigger", "errno =="], "--trigger: column"),
    (["--last", "5", "--trigger", "nosuchfield == 1"], "--trigger:"),
])
def test_bad_input(run_btftrace, args, message):
    result = run_btftrace(args + ["--", "true"], trace=False)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr

# SPDX-License-Identifier: GPL-2.0
"""Faults around a running session: the command killed mid-call, exec from a thread, a full
or closed output pipe, a full disk, signals to btftrace. Nothing hangs, nothing is lost, and
no BPF program, map or link of that btftrace is left behind."""
import json
import os
import re
import select
import shutil
import signal
import subprocess
import time

import pytest

from conftest import (c_escape, children_of, excerpt, proc_state, strip_pid, wait_for)

WORKLOAD_CALLS_PER_ITER = 6  # bench/workload.c


def read_text(path):
    return path.read_text(errors="replace") if path.exists() else ""


def only_child(bt, timeout=5):
    """The one process btftrace started."""
    kids = wait_for(lambda: children_of(bt.pid), timeout)
    assert kids and len(kids) == 1, f"btftrace {bt.pid} has children {kids}"
    return kids[0]


# ---------------------------------------------------------------- (a) command killed mid-call

BLOCKED = {
    # command, the start of the call it blocks in, as shown while it waits
    "sleep": (["sleep", "30"], r"clock_nanosleep\(CLOCK_REALTIME, 0, \{tv_sec=30, tv_nsec=0\}, "),
    "read": (["cat"], r"read\(0, "),
}


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
@pytest.mark.parametrize("blocked", sorted(BLOCKED))
def test_command_killed_in_a_blocked_call(btftrace, spawn, tmp_path, bpf_snapshot, blocked, sig):
    cmd, call = BLOCKED[blocked]
    name = call.split("\\(")[0]
    trace = tmp_path / "trace.txt"
    snap = bpf_snapshot()
    # cat's stdin: a pipe the test holds open and never writes to
    bt = spawn([btftrace, "-o", trace, "--"] + cmd, stdin=subprocess.PIPE)
    snap.track(bt.pid)
    # shown as strace shows it: the start of its line, at once
    waiting = rf"^{call}$"
    assert wait_for(lambda: re.search(waiting, read_text(trace), re.M), 10), \
        f"the blocked {name} never showed:\n{excerpt(read_text(trace))}"

    os.kill(only_child(bt), sig)
    try:
        rc = bt.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pytest.fail(f"btftrace still runs 5 s after its command was killed by {sig.name}")
    err = bt.stderr.read().decode()

    assert rc == 128 + sig, f"btftrace exited {rc}, not {128 + sig} for {sig.name}: {err}"
    assert err == "", f"btftrace printed on stderr: {err}"
    text = read_text(trace)
    assert text.endswith("\n"), f"the trace ends in a cut line: {text[-200:]!r}"
    lines = text.splitlines()
    assert lines[0].startswith("execve("), lines[0]
    # the call the signal ended: one line, its end on it, the signal (as strace shows it;
    # never SIGKILL), then the process's end
    assert len([ln for ln in lines if ln.startswith(name + "(")]) >= 1
    assert not [ln for ln in lines if "resumed>" in ln], excerpt(text, name)
    assert lines[-1] == f"+++ killed by {sig.name} +++", excerpt(text, name)
    if sig == signal.SIGKILL:
        ended = lines[-2]
    else:
        ended = lines[-3]
        assert re.fullmatch(rf"--- {sig.name} \{{si_signo={sig.name}, si_code=SI_USER, "
                            rf"si_pid={os.getpid()}, si_uid=0\}} ---", lines[-2]), \
            excerpt(text, name)
    # the kernel's restart code when its exit was seen, else strace's end of a killed call
    assert re.match(rf"{call}(.*\) += \? ERESTART\w+ \(.*\)| <unfinished \.\.\.>\) += \?)$",
                    ended), \
        f"the killed {name} must end the trace with '= ?' (the caller never saw a result):\n" \
        f"{excerpt(text, name)}"
    snap.assert_clean(f"btftrace after its command got {sig.name}")


# ---------------------------------------------------------------- (b) exec from a thread


def test_exec_from_a_thread_while_others_run(run_btftrace, workload, bpf_snapshot):
    snap = bpf_snapshot()
    rc, out, err, trace = run_btftrace(["--", workload("exec_thread")])

    assert rc == 3, f"the new image exits 3, btftrace gave {rc}: {err}"
    assert err == "", err
    m = re.match(r"pid (\d+) exec (\d+) busy (\d+) (\d+) (\d+) reader (\d+)\nafter exec pid "
                 r"(\d+)\n$", out)
    assert m, f"workload output: {out!r}"
    pid, execer, *busy, reader, after = (int(x) for x in m.groups())
    assert after == pid, "the new image must run under the old process id"
    lines = [strip_pid(line) for line in trace.splitlines()]

    enters = [i for i, (tid, text) in enumerate(lines)
              if text.startswith('execve("/proc/self/exe", ')]
    assert len(enters) == 1 and lines[enters[0]][0] == execer, \
        f"one execve of /proc/self/exe from [pid {execer}] expected:\n{excerpt(trace, 'execve')}"
    resumed = [i for i, (tid, text) in enumerate(lines) if text.startswith("<... execve resumed>")]
    # on a busy machine the command's own exec may show split too: its end comes first
    before = [i for i in resumed if i < enters[0]]
    assert not before or (before == [1] and lines[0][1].startswith("execve(") and
                          lines[0][1].endswith("<unfinished ...>")), \
        f"an execve ended before the thread's exec began:\n{excerpt(trace, 'execve')}"
    ends = [i for i in resumed if i > enters[0]]
    assert len(ends) == 1, \
        f"the exec must end exactly once, not also as '= ?' at the end:\n" \
        f"{excerpt(trace, 'execve resumed')}"
    assert re.search(r"\) += 0$", lines[ends[0]][1]) and ends[0] > enters[0], \
        f"the exec's end must show = 0:\n{excerpt(trace, 'execve')}"
    for tid in busy:
        assert any(t == tid and text.startswith("getppid()") for t, text in lines[:enters[0]]), \
            f"busy thread {tid} made no getppid() before the exec:\n{excerpt(trace, 'getppid')}"
    # after the exec, only the process itself: the other threads are gone
    after_exec = lines[ends[0] + 1:]
    strays = [f"[pid {t}] {text}" for t, text in after_exec
              if t not in (None, pid) and "resumed>" not in text]
    assert not strays, "calls of ended threads after the exec:\n" + "\n".join(strays[:5])
    wrote = f'write(1, "after exec pid {pid}\\n", '
    assert any(text.startswith(wrote) for _, text in after_exec), \
        f"the new image's write is missing:\n{excerpt(trace, 'after exec')}"
    assert lines[-2][1].startswith("exit_group(3)"), lines[-2]
    assert lines[-1][1] == "+++ exited with 3 +++", lines[-1]
    snap.assert_clean("btftrace of an exec from a thread")


# ---------------------------------------------------------------- (c) nobody reads the trace


def test_command_ends_while_nobody_reads_the_trace_pipe(btftrace, bench_workload, spawn,
                                                        bpf_snapshot):
    iterations = 3000
    snap = bpf_snapshot()
    # the trace goes to stderr, a pipe the test leaves full for a while
    bt = spawn([btftrace, "--stats", "--buffer-size", "64M", "--", bench_workload,
                iterations])
    snap.track(bt.pid)
    child = only_child(bt)
    ended = wait_for(lambda: proc_state(child) in ("Z", None), 15)
    assert ended, "the command did not finish while btftrace waited on its full pipe"
    assert bt.poll() is None, "btftrace ended before anyone read its output"
    time.sleep(1.0)
    assert bt.poll() is None, "btftrace gave up on its full output pipe"

    try:
        err = bt.communicate(timeout=30)[1].decode(errors="replace")
    except subprocess.TimeoutExpired:
        pytest.fail("btftrace did not end after its output was read")
    assert bt.returncode == 0, f"btftrace exited {bt.returncode}"
    lines = err.splitlines()
    notes = [line for line in lines if line.startswith("btftrace: ")]
    trace = [line for line in lines if not line.startswith("btftrace: ")]
    stats = [re.search(r"lost (\d+),.* lines written (\d+)", n) for n in notes]
    stats = [s for s in stats if s]
    assert len(stats) == 1 and all(n.startswith("btftrace: stats: ") for n in notes), \
        f"one --stats line with the counts, and no other message, expected: {notes}"
    lost, written = (int(x) for x in stats[0].groups())
    assert lost == 0, f"records lost with a 64M buffer: {notes}"
    assert len(trace) == written, \
        f"btftrace wrote {written} lines, {len(trace)} arrived through the pipe"
    counts = {
        "getppid": sum(1 for line in trace if line.startswith("getppid() ")),
        "openat": sum(1 for line in trace if line.startswith('openat(AT_FDCWD, "/etc/hostname"')),
        "read": sum(1 for line in trace if re.match(r"read\(3, .*, 64\) += 64$", line)),
        "write": sum(1 for line in trace if re.match(r"write\(4, .*, 64\) += 64$", line)),
    }
    assert all(n == iterations for n in counts.values()), \
        f"of {iterations} iterations, the trace has {counts}"
    assert trace[-2].startswith("exit_group(0)"), trace[-2]
    assert trace[-1] == "+++ exited with 0 +++", trace[-1]
    snap.assert_clean("btftrace after a full output pipe")


# ---------------------------------------------------------------- records of every size

@pytest.mark.parametrize("limit", [
    pytest.param(1000, id="s1000"),
    pytest.param(2000, id="s2000"),
    pytest.param(4096, id="s4096"),
])
def test_large_captures_arrive_whole(run_btftrace, workload, limit):
    """-s N copies N+1 bytes of a buffer in the kernel: a record of that size is not lost."""
    rc, _, err, trace = run_btftrace(["-s", limit, "--", workload("bytes_out")])
    assert rc == 0 and err == "", f"exit {rc}, stderr {err!r}"
    big = bytes(ord("A") + i % 26 for i in range(100 * 1024))
    shown = '"' + c_escape(big[:limit]) + '"...'
    writes = [line for line in trace.splitlines() if re.match(r"write\(\d+, ", line)]
    assert any(line.startswith("write(") and f", {shown}, 102400) " in line
               for line in writes), \
        f"the 100 KiB write, {limit} bytes of it shown, is missing:\n{excerpt(trace, 'write')}"


# ---------------------------------------------------------------- (d) signals to btftrace -p


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT],
                         ids=lambda s: s.name)
def test_attached_session_ends_cleanly_on_a_signal(btftrace, workload, spawn, tmp_path,
                                                  bpf_snapshot, sig):
    target = spawn([workload("ticker")])
    snap = bpf_snapshot()
    trace = tmp_path / "trace.txt"
    bt = spawn([btftrace, "-o", trace, "-p", target.pid])
    snap.track(bt.pid)
    # the ticker sleeps 50 ms between calls: it is mid-call when the signal comes
    assert wait_for(lambda: read_text(trace).count("getppid()") >= 3, 10), \
        f"no calls of the ticker:\n{excerpt(read_text(trace))}"
    os.kill(bt.pid, sig)
    try:
        rc = bt.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pytest.fail(f"btftrace -p still runs 5 s after {sig.name}")
    err = bt.stderr.read().decode()
    assert rc == 0 and err == "", f"btftrace -p after {sig.name}: exit {rc}, stderr {err!r}"
    text = read_text(trace)
    assert text.endswith("\n"), f"the trace ends in a cut line: {text[-200:]!r}"
    snap.assert_clean(f"btftrace -p after {sig.name}")
    # the target was never stopped or signalled: it goes on ticking
    assert target.poll() is None and proc_state(target.pid) in ("S", "R"), \
        f"the attached process is {proc_state(target.pid)} after btftrace left"
    before = _voluntary_switches(target.pid)
    time.sleep(0.3)
    assert _voluntary_switches(target.pid) > before, "the ticker stopped ticking"


def _voluntary_switches(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"^voluntary_ctxt_switches:\s+(\d+)", f.read(), re.M).group(1))


# ---------------------------------------------------------------- (e) SIGPIPE


def test_command_writing_to_a_closed_pipe_ends_with_sigpipe(btftrace, tmp_path, bpf_snapshot):
    """btftrace -o FILE -- yes | head -1: yes dies of SIGPIPE, btftrace passes it on."""
    trace = tmp_path / "trace.txt"
    snap = bpf_snapshot()
    bt = subprocess.Popen([btftrace, "-o", trace, "--", "yes"], stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    snap.track(bt.pid)
    try:
        assert bt.stdout.readline() == b"y\n"
        bt.stdout.close()
        rc = bt.wait(timeout=5)
    except subprocess.TimeoutExpired:
        os.killpg(bt.pid, signal.SIGKILL)
        bt.wait()
        pytest.fail("btftrace still runs 5 s after the command's stdout was closed")
    err = bt.stderr.read().decode()
    assert rc == 128 + signal.SIGPIPE and err == "", f"exit {rc}, stderr {err!r}"
    # yes died in its last write, the trace's last line: -1 EPIPE, or part of the data when
    # the reader left while it waited; maybe shown unfinished first, then resumed
    *_, last, sigpipe, end = read_text(trace).splitlines()
    assert end == "+++ killed by SIGPIPE +++", excerpt(read_text(trace), "SIGPIPE")
    # raised by the kernel for the write, as strace shows it: "sent" by yes itself
    assert re.fullmatch(r"--- SIGPIPE \{si_signo=SIGPIPE, si_code=SI_USER, si_pid=\d+, "
                        r"si_uid=0\} ---", sigpipe), excerpt(read_text(trace), "SIGPIPE")
    assert re.match(r"(write\(1, |<\.\.\. write resumed>).*\) += (-1 EPIPE \(Broken pipe\)|\d+)$",
                    last), excerpt(read_text(trace), "EPIPE|write")
    snap.assert_clean("btftrace after SIGPIPE")


@pytest.mark.parametrize("where", ["stdout", "stderr"])
def test_closed_trace_pipe_ends_btftrace_and_its_command(btftrace, bpf_snapshot, where):
    """btftrace -o /dev/stdout -- CMD | head -1: the trace's reader is gone, btftrace ends at
    once, silently, and its command gets SIGPIPE as it would in a shell pipeline."""
    # a command that never ends by itself and makes calls all the time
    cmd = ["sh", "-c", "exec yes >/dev/null"]
    args = ["-o", "/dev/stdout"] if where == "stdout" else []
    snap = bpf_snapshot()
    bt = subprocess.Popen([btftrace] + args + ["--"] + cmd, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    snap.track(bt.pid)
    pipe, other = (bt.stdout, bt.stderr) if where == "stdout" else (bt.stderr, bt.stdout)
    try:
        child = only_child(bt)
        assert pipe.readline().startswith(b"execve(")
        pipe.close()
        rc = bt.wait(timeout=5)
    except subprocess.TimeoutExpired:
        os.killpg(bt.pid, signal.SIGKILL)
        bt.wait()
        pytest.fail(f"btftrace still runs 5 s after its {where} was closed")
    rest = other.read().decode()
    assert rc == 128 + signal.SIGPIPE, f"btftrace exited {rc}: {rest}"
    assert rest == "", f"btftrace printed after its trace pipe closed: {rest!r}"
    assert proc_state(child) is None, f"the command {child} outlived btftrace"
    snap.assert_clean(f"btftrace after its {where} closed")


# ---------------------------------------------------------------- (f) output to a full disk


def _read_line(stream, timeout):
    ready, _, _ = select.select([stream], [], [], timeout)
    return stream.readline().decode() if ready else None


def test_output_to_dev_full_says_so_and_detaches(btftrace, spawn, bpf_snapshot):
    snap = bpf_snapshot()
    start = time.monotonic()
    bt = spawn([btftrace, "-o", "/dev/full", "--", "sleep", "4"])
    snap.track(bt.pid)
    line = _read_line(bt.stderr, 5)
    assert line, "no message within 5 s of tracing into /dev/full"
    assert re.fullmatch(r"btftrace: cannot write the trace to /dev/full \(No space left on "
                        r"device\): free some space, or write it elsewhere with -o\n", line), line
    # the message comes at once, and the BPF side goes with it, while the command still runs
    assert time.monotonic() - start < 3 and bt.poll() is None
    left = snap.leftovers()
    assert not left, f"BPF objects still attached after the write error: {left}"
    rc = bt.wait(timeout=10)
    rest = bt.stderr.read().decode()
    assert rc == 1 and rest == "", f"exit {rc}, more stderr {rest!r}"


def test_attached_output_to_dev_full(btftrace, workload, spawn, bpf_snapshot):
    target = spawn([workload("ticker")])
    snap = bpf_snapshot()
    bt = spawn([btftrace, "-o", "/dev/full", "-p", target.pid])
    snap.track(bt.pid)
    try:
        rc = bt.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pytest.fail("btftrace -p -o /dev/full still runs after 5 s")
    err = bt.stderr.read().decode()
    assert rc == 1 and re.fullmatch(r"btftrace: cannot write the trace to /dev/full \(No space "
                                    r"left on device\): .*\n", err), f"exit {rc}: {err!r}"
    assert target.poll() is None, "the attached process died"
    snap.assert_clean("btftrace -p -o /dev/full")


# ---------------------------------------------------------------- signals during start-up


@pytest.mark.parametrize("delay", [0.0, 0.02, 0.05, 0.1, 0.2, 0.4])
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=lambda s: s.name)
def test_signal_during_start_up_leaves_nothing(btftrace, tmp_path, bpf_snapshot, sig, delay):
    """Wherever set-up is when the signal comes, btftrace ends, and neither its command nor
    any of its BPF objects outlive it."""
    marker = f"9.{os.getpid()}{int(delay * 1000):03d}{sig}"
    snap = bpf_snapshot()
    bt = subprocess.Popen([btftrace, "-o", tmp_path / "trace.txt", "--", "sleep", marker],
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, start_new_session=True)
    snap.track(bt.pid)
    time.sleep(delay)
    bt.send_signal(sig)
    try:
        rc = bt.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(bt.pid, signal.SIGKILL)
        bt.wait()
        pytest.fail(f"btftrace still runs 10 s after {sig.name}")
    err = bt.stderr.read().decode()
    # killed by it before its handling is set up, or passed it on to the command
    assert rc in (-sig, 128 + sig), f"exit {rc} after {sig.name}: {err}"
    assert err == "", f"btftrace printed: {err}"

    def sleepers():
        found = []
        for entry in os.listdir("/proc"):
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    if f.read() == b"sleep\0" + marker.encode() + b"\0":
                        found.append(int(entry))
            except (OSError, ValueError):
                pass
        return found

    assert wait_for(lambda: not sleepers(), 2), f"the command outlived btftrace: {sleepers()}"
    snap.assert_clean(f"btftrace stopped by {sig.name} {delay} s into start-up")


# ---------------------------------------------------------------- objects at a page end


def test_objects_flush_against_an_unmapped_page(run_btftrace, workload, tmp_path):
    """Each object is read as long as it is (its BTF size, or the length the kernel says),
    never a rounded-up or largest size that runs into the unmapped page after it; a
    timespec half on that page prints as its address, as strace prints it."""
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (apt-get install strace)")
    calls = "trace=getsockopt,getsockname,clock_gettime,nanosleep"
    result = run_btftrace(["-e", calls, "--", workload("page_end")])
    assert result.returncode == 0, result.stderr
    theirs = tmp_path / "strace.txt"
    rc = subprocess.run(["strace", "-o", theirs, "-e", calls, workload("page_end")],
                        capture_output=True, timeout=30).returncode
    assert rc == 0

    def norm(text):
        lines = []
        for line in text.splitlines():
            line = re.sub(r"htons\(\d+\)", "htons(P)", line)
            line = re.sub(r"(tv_sec|tv_nsec)=\d+", r"\1=N", line)
            line = re.sub(r"0x[0-9a-f]+", "ADDR", line)
            lines.append(re.sub(r"\s+= ", " = ", line))
        return lines

    mine, expected = norm(result.trace), norm(theirs.read_text())
    assert mine == expected, "\n".join(f"strace   {b}\nbtftrace {a}"
                                       for a, b in zip(mine, expected) if a != b)
    assert "getsockopt(3, SOL_SOCKET, SO_LINGER, {l_onoff=0, l_linger=0}, [8]) = 0" in mine
    assert any(l.startswith("getsockname(3, {sa_family=AF_INET,") for l in mine), mine


@pytest.mark.parametrize("limit", ["8", "32"])
def test_strings_run_into_an_unmapped_page(run_btftrace, workload, tmp_path, limit):
    """16 bytes of a string and no NUL before an unmapped page: strace reads -s + 1 bytes of a
    string it cuts (an xattr's name, memfd_create's, a key's description), so with -s 8 it
    shows "xxxxxxxx"... and with -s 32 the address; a path (getxattr's) is the address."""
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (apt-get install strace)")
    calls = "trace=fgetxattr,memfd_create,add_key,getxattr"
    result = run_btftrace(["-s", limit, "-e", calls, "--", workload("page_end")])
    assert result.returncode == 0, result.stderr
    theirs = tmp_path / "strace.txt"
    rc = subprocess.run(["strace", "-o", theirs, "-s", limit, "-e", calls,
                         workload("page_end")], capture_output=True, timeout=30).returncode
    assert rc == 0

    def norm(text):
        return [re.sub(r"\s+= ", " = ", re.sub(r"0x[0-9a-f]{6,}", "ADDR", line))
                for line in text.splitlines()]

    mine = norm(result.trace)
    assert mine == norm(theirs.read_text())
    cut = '"xxxxxxxx"...' if limit == "8" else "ADDR"
    assert f"fgetxattr(3, {cut}, NULL, 0) = -1 EFAULT (Bad address)" in mine, mine
    assert any(l.startswith(f"add_key(\"user\", {cut}, NULL, 0,") for l in mine), mine
    assert any(l.startswith("getxattr(ADDR,") for l in mine), mine
    # JSON says the same: the 16 bytes read, cut, where the text shows them; else no value
    json_run = run_btftrace(["--format=json", "-s", limit, "-e", calls, "--",
                             workload("page_end")])
    assert json_run.returncode == 0, json_run.stderr
    names = [a for o in map(json.loads, json_run.trace.splitlines())
             if o.get("syscall") in ("fgetxattr", "memfd_create") for a in o["args"]
             if a["name"] in ("name", "uname")]
    assert len(names) == 2, names
    for a in names:
        if limit == "8":
            assert a["value"] == {"str": "x" * 16, "truncated": True}, a
        else:
            assert a["value"] is None and a.get("fault"), a

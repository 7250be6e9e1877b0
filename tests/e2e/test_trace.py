# SPDX-License-Identifier: GPL-2.0
"""End-to-end tests of the tracing core: real commands traced by the built binary, as root."""
import json
import os
import re
import signal
import subprocess
import time

import pytest

from conftest import (PID_PREFIX, bpf_ids_held, excerpt, proc_state, quoted, strip_pid,
                      wait_for)

PID_RX = r"^\[pid "
WRITE1_RX = r"^write\(1, "

# ---------------------------------------------------------------- 1. a whole command


def test_cat_shows_open_read_write_of_the_real_content(run_btftrace, bpf_snapshot):
    with open("/etc/hostname", "rb") as f:
        content = f.read()
    assert content, "/etc/hostname is empty: the test needs some content to look for"
    snap = bpf_snapshot()

    rc, out, err, trace = run_btftrace(["--", "cat", "/etc/hostname"])

    assert rc == 0, f"cat exited {rc}; stderr: {err}"
    assert out == content.decode(errors="replace"), \
        f"cat's own stdout changed under tracing: {out!r} != {content!r}"
    lines = trace.splitlines()
    assert lines, f"empty trace; stderr: {err}"
    assert lines[0].startswith("execve(") and 'cat"' in lines[0], \
        f"the trace must start at the command's execve, nothing of btftrace's set-up " \
        f"before it:\n{excerpt(trace, context=0, limit=5)}"
    assert not any(PID_PREFIX.match(line) for line in lines), \
        f"a single-threaded command's lines carry [pid N]:\n{excerpt(trace, PID_RX)}"

    opens = [m for m in (re.match(r'^openat\(AT_FDCWD, "/etc/hostname", ([A-Z_|]+)'
                                  r'(?:, \S+)?\) += (-?\d+)', line) for line in lines) if m]
    assert len(opens) == 1, \
        f"expected one openat of /etc/hostname:\n{excerpt(trace, 'hostname')}"
    flags, fd = opens[0].group(1).split("|"), opens[0].group(2)
    assert "O_RDONLY" in flags, f"openat flags not decoded: {opens[0].group(0)}"
    assert int(fd) >= 0, f"openat failed: {opens[0].group(0)}"

    shown = re.escape(quoted(content))
    n = len(content)
    read_at = rf"^read\({fd}, "
    read_rx = rf'^read\({fd}, {shown}, \d+\) += {n}$'
    assert any(re.match(read_rx, line) for line in lines), \
        f"no read({fd}, {quoted(content)}, N) = {n}:\n{excerpt(trace, read_at)}"
    write_rx = rf'^write\(1, {shown}, {n}\) += {n}$'
    assert any(re.match(write_rx, line) for line in lines), \
        f"no write(1, {quoted(content)}, {n}) = {n}:\n{excerpt(trace, WRITE1_RX)}"
    snap.assert_clean("a traced command")


# ---------------------------------------------------------------- 2. exit status


def test_exit_status_of_the_command_is_passed_on(run_btftrace):
    rc, out, err, trace = run_btftrace(["--", "sh", "-c", "exit 7"])
    assert rc == 7, f"btftrace exited {rc}, the command 7; stderr: {err}"
    assert re.search(r"^exit_group\(7\)", trace, re.M), \
        f"no exit_group(7) in the trace:\n{excerpt(trace, 'exit')}"


@pytest.mark.parametrize("sig", [
    pytest.param(signal.SIGKILL, id="SIGKILL"),
    pytest.param(signal.SIGTERM, id="SIGTERM"),
])
def test_command_killed_by_a_signal_gives_128_plus_n(run_btftrace, sig):
    rc, out, err, trace = run_btftrace(["--", "sh", "-c", f"kill -{sig.name[3:]} $$; exit 3"])
    assert rc == 128 + sig, f"a command killed by {sig.name} must give {128 + sig}, got {rc}; " \
        f"stderr: {err}\n{excerpt(trace, '^kill')}"


def test_command_starts_with_the_signal_state_btftrace_was_given(run_btftrace, workload):
    exe = workload("sigstate")
    direct = subprocess.run([exe], capture_output=True, text=True, timeout=10).stdout.strip()
    rc, out, err, trace = run_btftrace(["--", exe])
    assert rc == 0, err
    assert out.strip() == direct, \
        f"signal state under btftrace '{out.strip()}' != without it '{direct}'"


def test_sigint_to_btftrace_interrupts_the_command(btftrace, spawn, tmp_path):
    trace_path = tmp_path / "trace.txt"
    bt = spawn([btftrace, "-o", trace_path, "--", "sleep", "5"])
    seen = wait_for(lambda: trace_path.exists() and "nanosleep(" in trace_path.read_text(), 5)
    assert seen, "sleep never reached its nanosleep in the trace"
    start = time.monotonic()
    os.kill(bt.pid, signal.SIGINT)
    try:
        rc = bt.wait(timeout=4)
    except subprocess.TimeoutExpired:
        rc = None
    elapsed = time.monotonic() - start
    assert rc == 128 + signal.SIGINT and elapsed < 2, \
        f"after SIGINT btftrace exited {rc} in {elapsed:.1f} s; the command should have died " \
        f"of SIGINT at once (status 130)"


# ---------------------------------------------------------------- 3. errors


def test_failed_openat_shows_errno_name_and_text(run_btftrace):
    missing = f"/nonexistent-btftrace-e2e/{os.getpid()}-{time.monotonic_ns()}"
    rc, out, err, trace = run_btftrace(["--", "cat", missing])
    assert rc == 1, f"cat of a missing file exits 1, got {rc}: {err}"
    rx = rf'^openat\(AT_FDCWD, "{re.escape(missing)}", O_RDONLY(?:, \S+)?\) += ' \
         r'-1 ENOENT \(No such file or directory\)$'
    assert re.search(rx, trace, re.M), \
        f"no failed openat with ENOENT:\n{excerpt(trace, 'nonexistent-btftrace')}"


# ---------------------------------------------------------------- 4. buffers


@pytest.mark.parametrize("limit", [None, 64], ids=["default-s", "s64"])
def test_binary_and_large_buffers_are_escaped_and_cut(run_btftrace, workload, limit):
    args = ["-s", limit] if limit else []
    rc, out, err, trace = run_btftrace(args + ["--", workload("bytes_out")])
    assert rc == 0, err
    shown = limit or 32
    m = re.search(r'^openat\(AT_FDCWD, "/dev/null", [^)]*\) += (\d+)$', trace, re.M)
    assert m, f"no openat of /dev/null:\n{excerpt(trace, 'null')}"
    fd = m.group(1)
    writes = [line for line in trace.splitlines() if line.startswith(f"write({fd}, ")]
    assert len(writes) == 2, f"expected two writes to fd {fd}:\n{excerpt(trace, 'write')}"

    binary = bytes(range(256))
    expect = f"write({fd}, {quoted(binary, shown)}, 256)"
    assert writes[0].startswith(expect) and re.search(r"\) += 256$", writes[0]), \
        f"binary write:\n  got    {writes[0]}\n  expect {expect} = 256"
    big = bytes(ord("A") + i % 26 for i in range(100 * 1024))
    expect = f"write({fd}, {quoted(big, shown)}, 102400)"
    assert writes[1].startswith(expect) and re.search(r"\) += 102400$", writes[1]), \
        f"100 KiB write:\n  got    {writes[1]}\n  expect {expect} = 102400"


def test_arguments_in_pages_not_yet_touched_are_still_shown(run_btftrace, workload):
    rc, out, err, trace = run_btftrace(["--", workload("cold_pages")])
    assert rc == 0, err
    path = "/nonexistent-btftrace-e2e/cold-page"
    rx = rf'^openat\(AT_FDCWD, "{re.escape(path)}", O_RDONLY(?:, \S+)?\) += -1 ENOENT'
    assert re.search(rx, trace, re.M), \
        f"the path in an untouched page is not shown:\n{excerpt(trace, 'ENOENT')}"
    zeros = re.escape(quoted(bytes(16)))
    assert re.search(rf"^write\(\d+, {zeros}, 16\) += 16$", trace, re.M), \
        f"16 bytes of a fresh mapping not shown as zeros:\n{excerpt(trace, r'^write')}"


# ---------------------------------------------------------------- 5. blocked calls


def test_blocked_read_in_one_thread_is_unfinished_then_resumed(run_btftrace, workload):
    rc, out, err, trace = run_btftrace(["--", workload("threads_pipe")])
    assert rc == 0, err
    m = re.match(r"pid (\d+) reader (\d+) main (\d+)", out)
    assert m, f"workload output: {out!r}"
    pid, reader, main = (int(x) for x in m.groups())
    lines = [strip_pid(line) for line in trace.splitlines()]
    pipe = re.search(r"pipe2?\(\[(\d+), (\d+)\]", trace)
    assert pipe, f"no pipe2 with its two fds:\n{excerpt(trace, 'pipe')}"
    rfd = pipe.group(1)

    start = [i for i, (tid, text) in enumerate(lines)
             if text == f"read({rfd},  <unfinished ...>"]
    assert start, f"no 'read({rfd},  <unfinished ...>':\n{excerpt(trace, 'read')}"
    assert lines[start[0]][0] == reader, \
        f"the unfinished read is not prefixed [pid {reader}]:\n{excerpt(trace, 'unfinished')}"
    done = [i for i, (tid, text) in enumerate(lines)
            if re.fullmatch(r'<\.\.\. read resumed>"x", 1\) += 1', text)]
    assert done, f'no \'<... read resumed>"x", 1) = 1\':\n{excerpt(trace, "resumed")}'
    assert lines[done[0]][0] == reader and done[0] > start[0], \
        f"the resumed read must come later from [pid {reader}]:\n{excerpt(trace, 'read')}"
    between = [tid for tid, text in lines[start[0]:done[0]] if text.startswith("getppid()")]
    assert len(between) >= 3 and set(between) == {main}, \
        f"the main thread's getppid() calls ([pid {main}]) must show while the read " \
        f"waits:\n{excerpt(trace, 'getppid')}"


def test_pid_prefixes_as_strace_writes_them(run_btftrace, workload):
    """strace's rules: with -o FILE and -f every line starts with its pid ("1234  "); on a
    terminal (standard error) lines get "[pid  1234] " while more than one is traced."""
    rc, _, err, trace = run_btftrace(["-f", "--", workload("forks"), 1, 0])
    assert rc == 0, err
    pids = set()
    for line in trace.splitlines():
        m = re.match(r"^(\d+) +\S", line)
        assert m and re.match(rf"^{m.group(1):<5} \S", line), f"no pid column: {line!r}"
        pids.add(int(m.group(1)))
    assert len(pids) == 2, pids
    rc, _, err, _ = run_btftrace(["-f", "--", workload("forks"), 1, 0], trace=False)
    assert rc == 0, err
    lines = err.splitlines()
    child = {int(m.group(1)) for m in (re.match(r"^\[pid +(\d+)\] ", l) for l in lines) if m}
    assert lines[0].startswith("execve("), lines[:3]
    assert any(re.match(r"^\[pid +\d+\] \+\+\+ exited with 0 \+\+\+$", l) for l in lines), err
    # the child gone, one process again: no prefix, as strace's last lines have none
    assert lines[-1] == "+++ exited with 0 +++" and lines[-2].startswith("exit_group("), err
    assert child, err


def test_resumed_line_has_its_own_time(run_btftrace, workload):
    """-tt gives a resumed line the time the call returned, as strace does (it repeated the
    start's), and -T the whole call's duration."""
    rc, out, err, trace = run_btftrace(["-tt", "-T", "--", workload("threads_pipe")])
    assert rc == 0, err

    def seconds(line):
        h, m, sec = strip_pid(line)[1].split(" ", 1)[0].split(":")
        return int(h) * 3600 + int(m) * 60 + float(sec)

    lines = trace.splitlines()
    start = [l for l in lines if re.search(r"\] \S+ read\(\d+,  ?<unfinished \.\.\.>$", l)]
    end = [l for l in lines if re.search(r'<\.\.\. read resumed>"x", 1\) += 1 <', l)]
    assert len(start) == 1 and len(end) == 1, excerpt(trace, "read")
    took = float(re.search(r"<(\d+\.\d+)>$", end[0]).group(1))
    # the reader waits while the main thread sleeps 200 ms
    assert took >= 0.15, end[0]
    assert abs(seconds(end[0]) - seconds(start[0]) - took) < 0.002, (start[0], end[0])


def test_unfinished_marker_is_set_apart_from_the_arguments(run_btftrace, workload):
    rc, out, err, trace = run_btftrace(["--", workload("threads_pipe")])
    assert rc == 0, err
    # strace's spacing: "read(3,  <unfinished ...>", "getpid( <unfinished ...>"
    glued = [line for line in trace.splitlines()
             if "<unfinished ...>" in line and not re.search(r"(\(|, |[^ ]) <unfinished \.\.\.>$", line)]
    assert not glued, "'<unfinished ...>' glued to the last argument:\n" + "\n".join(glued[:5])


def test_blocked_read_is_written_out_before_it_returns(btftrace, workload, spawn, tmp_path):
    """A call that blocks shows its start at once, and its end on the same line when it
    returns, as strace writes it: one line per call unless another line comes between."""
    trace_path = tmp_path / "trace.txt"
    bt = spawn([btftrace, "-o", trace_path, "--", workload("pipe_wait"), "1000"])

    def read_start():
        # the read of the pipe: the first read after the pipe is made (ld.so reads before)
        text = trace_path.read_text() if trace_path.exists() else ""
        _, pipe, after = text.partition("\npipe2(")
        return [line for line in after.splitlines()[1:] if re.match(r"read\(", line)]

    t0 = time.monotonic()
    first = wait_for(read_start, 10, interval=0.01)
    t_first = time.monotonic()
    assert first, f"no read line within 10 s:\n{excerpt(trace_path.read_text())}"
    assert bt.poll() is None, "btftrace already exited when the read line first appeared"
    assert re.fullmatch(r"read\(\d+, ", first[0]), \
        f"the read showed first as '{first[0]}', not as the start of its line"
    rc = bt.wait(timeout=10)
    t_end = time.monotonic()
    assert rc == 0, bt.stderr.read().decode()
    # the child writes 1 s after the read started: the line must have been out long before
    assert t_end - t_first >= 0.5, \
        f"the read appeared {t_first - t0:.2f} s after start, only " \
        f"{t_end - t_first:.2f} s before the end: it was not flushed while the call blocked"
    text = trace_path.read_text()
    assert re.search(r'^read\(\d+, "y", 1\) += 1$', text, re.M), \
        f"the read is not one line:\n{excerpt(text, 'read')}"
    assert "resumed>" not in text and "<unfinished" not in text, excerpt(text, "read")


def test_one_line_per_call_in_one_thread(run_btftrace, workload):
    """A single-threaded program's calls are one line each, however long they block (a
    300 ms sleep) and wherever the reader's batches end (find's many calls)."""
    rc, _, err, trace = run_btftrace(["--", "sleep", "0.3"])
    assert rc == 0, err
    assert re.search(r"^clock_nanosleep\(CLOCK_REALTIME, 0, \{tv_sec=0, tv_nsec=300000000\}, "
                     r"0x[0-9a-f]+\) += 0$", trace, re.M), excerpt(trace, "nanosleep")
    assert "resumed>" not in trace and "<unfinished" not in trace, excerpt(trace, "nanosleep")
    # a ring buffer that overflowed (a busy machine, a slow ASan reader) splits calls whose
    # enter or exit it lost, and says so: such a run proves nothing either way, another is made
    for _ in range(3):
        rc, _, err, trace = run_btftrace(["--buffer-size", "32M", "--", "find", "/usr/share",
                                          "-maxdepth", "3"])
        assert rc == 0, err
        if "records lost" not in err:
            break
    else:
        pytest.skip("the ring buffer overflowed in each of 3 runs of find: a busy machine")
    split = [l for l in trace.splitlines() if "resumed>" in l or "<unfinished" in l]
    assert not split, "find's calls split:\n" + "\n".join(split[:10]) + "\n" + err
    assert len(trace.splitlines()) > 1000


# ---------------------------------------------------------------- 6. -p


def _proc_alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] not in "ZX"


def _getppid_lines(path):
    text = path.read_text() if path.exists() else ""
    return [strip_pid(line) for line in text.splitlines()
            if re.search(r"getppid\(\) += \d+$", line)]


def test_attach_to_a_running_process_and_detach_on_sigint(btftrace, workload, spawn, tmp_path,
                                                          bpf_snapshot):
    target = spawn([workload("ticker")])
    snap = bpf_snapshot()
    trace_path = tmp_path / "trace.txt"
    bt = spawn([btftrace, "-o", trace_path, "-p", target.pid])

    seen = wait_for(lambda: len(_getppid_lines(trace_path)) >= 3, 10)
    assert seen, f"no getppid() of pid {target.pid} within 10 s; btftrace " \
        f"{'exited ' + str(bt.returncode) if bt.poll() is not None else 'runs'}"
    os.kill(bt.pid, signal.SIGINT)
    rc = bt.wait(timeout=10)
    err = bt.stderr.read().decode()
    assert rc == 0, f"btftrace -p exited {rc} after SIGINT: {err}"
    assert err == "", f"btftrace -p printed on stderr: {err}"

    text = trace_path.read_text()
    for tid, line in _getppid_lines(trace_path):
        assert line.endswith(f"= {os.getpid()}") and tid in (None, target.pid), \
            f"getppid of the ticker must return the test's pid {os.getpid()}:\n" \
            f"{excerpt(text, 'getppid')}"
    time.sleep(0.3)
    assert target.poll() is None and _proc_alive(target.pid), \
        "the attached process died when btftrace stopped"
    snap.assert_clean("btftrace -p after SIGINT")
    assert target.poll() is None, "the process died after btftrace detached"


def test_attach_to_two_processes(btftrace, workload, spawn, tmp_path, bpf_snapshot):
    a, b = spawn([workload("ticker")]), spawn([workload("ticker")])
    snap = bpf_snapshot()
    trace_path = tmp_path / "trace.txt"
    bt = spawn([btftrace, "-o", trace_path, "-p", f"{a.pid},{b.pid}"])

    def both():
        tids = {tid for tid, _ in _getppid_lines(trace_path)}
        return {a.pid, b.pid} <= tids

    seen = wait_for(both, 10)
    text = trace_path.read_text() if trace_path.exists() else ""
    assert seen, f"getppid() of both [pid {a.pid}] and [pid {b.pid}] expected:\n" \
        f"{excerpt(text, 'getppid')}"
    os.kill(bt.pid, signal.SIGTERM)
    rc = bt.wait(timeout=10)
    assert rc == 0, bt.stderr.read().decode()
    text = trace_path.read_text()
    tids = {strip_pid(line)[0] for line in text.splitlines()} - {None}
    assert tids <= {a.pid, b.pid}, f"lines from other pids {tids - {a.pid, b.pid}}"
    assert a.poll() is None and b.poll() is None, "an attached process died"
    snap.assert_clean("btftrace -p A,B")


def _attached(bt_pid):
    """btftrace (pid bt_pid) has its programs attached: it holds BPF links."""
    return len(bpf_ids_held(bt_pid)["link"]) >= 2


def test_attach_to_a_call_in_progress(btftrace, spawn, tmp_path):
    """A call waiting when btftrace attaches shows whole when it returns, as strace shows it
    (it interrupts the call and sees it start again); one waiting when btftrace stops shows
    as strace's does, '<detached ...>', not as a call that did not return."""
    r, w = os.pipe()
    target = spawn(["cat"], stdin=r)
    os.close(r)
    # cat waits in read(0, ...) before btftrace starts
    assert wait_for(lambda: proc_state(target.pid) == "S", 5)
    trace_path = tmp_path / "trace.txt"
    bt = spawn([btftrace, "-o", trace_path, "-p", target.pid])
    assert wait_for(lambda: _attached(bt.pid), 10), "btftrace never attached"
    time.sleep(0.3)
    os.write(w, b"hi\n")
    assert wait_for(lambda: trace_path.exists() and "write(1," in trace_path.read_text(), 10)
    time.sleep(0.2)
    os.kill(bt.pid, signal.SIGINT)
    assert bt.wait(timeout=10) == 0, bt.stderr.read().decode()
    os.close(w)
    text = trace_path.read_text()
    lines = text.splitlines()
    assert lines[0] == 'read(0, "hi\\n", 131072)                 = 3', excerpt(text)
    assert lines[1].startswith('write(1, "hi\\n", 3)'), excerpt(text)
    assert lines[-1] == "read(0,  <detached ...>", excerpt(text)
    assert "resumed>" not in text and "= ?" not in text and "<unfinished" not in text, text


BURST_CALLS = 1000  # tests/workloads/bursts.c: getppid() calls between two sleeps


@pytest.mark.parametrize("target_opt,program",
                         [("-p", "ticker"), ("-a", "ticker"), ("-p", "bursts")])
def test_attaching_shows_no_half_calls(btftrace, workload, spawn, tmp_path, target_opt, program):
    """Attaching while a process makes calls shows none unfinished or without its result:
    the exit program is attached before the enter one, and the exits of calls whose start
    was not seen (several when attaching takes longer than the calls: bursts makes 1000 in
    a few milliseconds) are not shown as if their start had been, unless /proc gave it. No
    call that started while tracing ran is left out: every round of bursts between two of
    its sleeps has all its getppid() calls. An attach lands in a round only when bursts has
    a CPU then, hence the many tries."""
    target = spawn([workload(program)])
    bad = []
    for attempt in range({"ticker": 6, "bursts": 12}[program] if target_opt == "-p" else 3):
        trace_path = tmp_path / f"trace{attempt}.txt"
        args = ["-p", target.pid] if target_opt == "-p" else ["-a"]
        if program == "bursts":
            # a round begun, then two whole ones (megabytes a second): btftrace ends there
            args += ["--max-events", 3 * (BURST_CALLS + 1)]
        bt = spawn([btftrace, "-o", trace_path] + args)
        seen = True
        if program != "bursts":
            seen = wait_for(lambda: len([l for l in _getppid_lines(trace_path)
                                         if l[0] in (None, target.pid)]) >= 2, 10)
            os.kill(bt.pid, signal.SIGINT)
        assert bt.wait(timeout=30) == 0, bt.stderr.read().decode()
        assert seen, f"no getppid() of the {program} within 10 s"
        # a ring buffer that overflowed says so: a call whose return was lost shows "= ?",
        # and a round misses calls
        if "records lost" in bt.stderr.read().decode():
            continue
        unfinished = set()
        # getppid() calls since the last sleep; None before the first (tracing began in a
        # round)
        round_calls = None
        whole_rounds = 0
        for line in trace_path.read_text().splitlines():
            tid, text = strip_pid(line)
            ours = tid == target.pid or (tid is None and target_opt == "-p")
            if not ours or text.endswith("<detached ...>"):
                continue
            name = re.match(r"(?:<\.\.\. )?([a-z_0-9]+)", text).group(1)
            if text.endswith("= ?"):
                bad.append(f"attach {attempt}, a call that returned shown without: {line}")
            elif text.endswith("<unfinished ...>"):
                # with -a, other processes' lines come between the ticker's
                if target_opt == "-p":
                    bad.append(f"attach {attempt}, one thread's call split: {line}")
                unfinished.add(name)
            elif "resumed>" in text and name not in unfinished:
                bad.append(f"attach {attempt}, the end of a call not seen start: {line}")
            if program != "bursts":
                continue
            if name == "getppid" and round_calls is not None:
                round_calls += 1
            elif name == "clock_nanosleep":
                if round_calls not in (None, BURST_CALLS):
                    bad.append(f"attach {attempt}, {round_calls} getppid() calls between "
                               f"two sleeps, not {BURST_CALLS}: {line}")
                whole_rounds += round_calls is not None
                round_calls = 0
        if program == "bursts" and not whole_rounds:
            bad.append(f"attach {attempt}: no round of bursts from one sleep to the next")
    assert not bad, "\n".join(bad[:20])


# ---------------------------------------------------------------- 7. the beauty map

# per syscall, per argument: (direction, what is read), direction "enter", "exit" or "inout"
# (both, by the same rule). Any argument not named reads nothing.
#   "string"         a NUL-terminated string
#   "ret"            as many bytes as the return value
#   "arg:NAME"       as many bytes as argument NAME holds
#   "struct X" ...   sizeof the type in the running kernel's BTF
#   "2*int"          two ints
RULES = {
    "openat": {"filename": ("enter", "string")},
    "read": {"buf": ("exit", "ret")},
    "write": {"buf": ("enter", "arg:count")},
    "pread64": {"buf": ("exit", "ret")},
    "pwrite64": {"buf": ("enter", "arg:count")},
    "newfstatat": {"filename": ("enter", "string"), "statbuf": ("exit", "struct stat")},
    "statx": {"filename": ("enter", "string"), "buffer": ("exit", "struct statx")},
    "clock_nanosleep": {"rqtp": ("enter", "struct __kernel_timespec"),
                        "rmtp": ("exit", "struct __kernel_timespec")},
    "setsockopt": {"optval": ("enter", "arg:optlen")},
    "sendto": {"buff": ("enter", "arg:len"), "addr": ("enter", "arg:addr_len")},
    "connect": {"uservaddr": ("enter", "arg:addrlen")},
    "bind": {"umyaddr": ("enter", "arg:addrlen")},
    "pipe2": {"fildes": ("exit", "2*int")},
    # 88 bytes, as strace 6.1 reads them (the kernel's sigaction with a 64-byte mask): an act
    # against an unmapped page shows as its address in both
    "rt_sigaction": {"act": ("enter", "bytes:88"), "oact": ("exit", "bytes:88")},
    "prlimit64": {"new_rlim": ("enter", "struct rlimit64"),
                  "old_rlim": ("exit", "struct rlimit64")},
    "uname": {"name": ("exit", "struct new_utsname")},
    "fstat": {"statbuf": ("exit", "struct stat")},
    "sched_setattr": {"uattr": ("inout", "struct sched_attr")},
    # read at exit too, even on error: E2BIG writes back the size the kernel wants
    "perf_event_open": {"attr_uptr": ("inout", "struct perf_event_attr")},
    # read at exit too: the *_GET_NEXT_ID commands write next_id back
    "bpf": {"uattr": ("inout", "arg:size")},
}
# tracefs calls these newuname and newfstat; the catalog lists them by their unistd names
RENAMED = {"uname": "newuname", "fstat": "newfstat"}
BT_CAPTURE_MAX = 4096


def _catalog_names(run_btftrace):
    rc, out, err, _ = run_btftrace(["syscalls"], trace=False)
    assert rc == 0, err
    return {line.split()[0] for line in out.splitlines() if line.strip()}


def test_syscalls_lists_the_catalog(run_btftrace):
    rc, out, err, _ = run_btftrace(["syscalls"], trace=False)
    assert rc == 0 and err == "", f"btftrace syscalls: {rc} {err}"
    names = {line.split()[0] for line in out.splitlines()}
    assert len(names) >= 300, f"only {len(names)} syscalls listed"
    missing = set(RULES) - names
    assert not missing, f"the catalog lacks {missing}"
    line = [ln for ln in out.splitlines() if re.match(r"openat\s+\d+\s+1 filename\s", ln)]
    assert line and "enter=string" in line[0] and "exit=-" in line[0], \
        f"openat's filename line: {line}"


@pytest.mark.parametrize("syscall", [
    name for name in RULES])
def test_capture_rules_match_the_kernels_btf(run_btftrace, btf_size, syscall):
    names = _catalog_names(run_btftrace) if syscall in RENAMED else {syscall}
    listed = sorted({syscall, RENAMED.get(syscall, syscall)} & names)
    assert len(listed) == 1, f"the catalog should list {syscall} once, under one name: {listed}"
    rc, out, err, _ = run_btftrace(["syscalls", "--json", listed[0]], trace=False)
    assert rc == 0, f"btftrace syscalls --json {listed[0]}: {err}"
    # x86_64's call; i386's namesake, in i386 types, is test_i386's
    recs = [json.loads(line) for line in out.splitlines()]
    recs = [r for r in recs if "abi" not in r]
    assert recs and all(r.get("format", True) for r in recs), \
        f"{listed[0]} has no tracefs format in the catalog: {out.strip()}"
    args = {r["name"]: r for r in recs}
    index = {r["name"]: r["arg"] for r in recs}
    expected = RULES[syscall]
    assert set(expected) <= set(args), f"{syscall} arguments {sorted(args)} lack some of " \
        f"{sorted(expected)}"

    types = {}
    for name, r in args.items():
        m = re.fullmatch(r"(?:const )?((?:struct|union) \w+) \*", r["type"])
        if m:
            types[name] = m.group(1)
    sizes = btf_size(*(set(types.values()) | {"int"}))
    for name, t in types.items():
        assert sizes[t] > 0, f"{t} is not in the kernel's BTF"
        assert args[name]["btf_size"] == sizes[t], \
            f"{syscall}.{name}: btf_size {args[name]['btf_size']} != sizeof({t}) {sizes[t]}"

    for name, r in args.items():
        if name not in expected:
            assert r["enter"]["len"] == 0 and r["exit"]["len"] == 0, \
                f"{syscall}.{name} ({r['type']}) should read nothing: {r}"
            continue
        direction, what = expected[name]
        if direction == "inout":
            assert r["enter"]["len"] == r["exit"]["len"], f"{syscall}.{name} must be read " \
                f"at enter and exit alike: {r}"
            direction = "enter"
        else:
            other = "exit" if direction == "enter" else "enter"
            assert r[other]["len"] == 0, \
                f"{syscall}.{name} must be read at {direction} only: {r}"
        rule = r[direction]
        if what == "string":
            assert rule["len"] == 1 and rule["text"] == "string", \
                f"{syscall}.{name} should be a string at {direction}: {r}"
        elif what == "ret":
            assert rule["len"] < -6 and rule["text"] == "ret", \
                f"{syscall}.{name} should be read at exit for the return value's length: {r}"
        elif what.startswith("arg:"):
            k = index[what[4:]] + 1
            assert rule["len"] == -k, \
                f"{syscall}.{name} should take its length from arg {k} ({what[4:]}): {r}"
        elif what.startswith("bytes:"):
            assert rule["len"] == int(what[6:]), f"{syscall}.{name} should read {what}: {r}"
        elif what == "2*int":
            assert rule["len"] == 2 * sizes["int"], f"{syscall}.{name} should read two ints: {r}"
        else:
            size = min(sizes[what], BT_CAPTURE_MAX)
            assert size > 0, f"{what} is not in the kernel's BTF"
            assert rule["len"] == size, \
                f"{syscall}.{name} should read sizeof({what}) = {size} at {direction}: {r}"


# ---------------------------------------------------------------- 8. bad input

# in test_bad_input.py, option by option


# ---------------------------------------------------------------- 9. never itself


def test_trace_holds_only_the_command_never_btftrace(run_btftrace, workload):
    result = run_btftrace(["--", workload("selfpid")])
    rc, out, err, trace = result
    assert rc == 0, err
    pid = int(out)
    assert pid != result.pid
    lines = trace.splitlines()
    assert not any(PID_PREFIX.match(line) for line in lines), \
        f"a second thread showed up in a single-threaded command's trace:\n" \
        f"{excerpt(trace, PID_RX)}"
    assert re.search(rf"^getpid\(\) += {pid}$", trace, re.M), \
        f"no getpid() = {pid} (the command's pid):\n{excerpt(trace, 'getpid')}"
    assert not re.search(rf"^getpid\(\) += {result.pid}$", trace, re.M), \
        f"btftrace's own getpid() ({result.pid}) is in the trace"


def test_thread_prefixes_name_only_the_commands_threads(run_btftrace, workload):
    result = run_btftrace(["--", workload("threads_pipe")])
    rc, out, err, trace = result
    assert rc == 0, err
    m = re.match(r"pid (\d+) reader (\d+) main (\d+)", out)
    assert m, f"workload output: {out!r}"
    threads = {int(m.group(2)), int(m.group(3))}
    tids = {int(t) for t in re.findall(r"^\[pid +(\d+)\]", trace, re.M)}
    assert tids == threads, \
        f"[pid N] prefixes {sorted(tids)} != the command's threads {sorted(threads)} " \
        f"(btftrace is {result.pid}):\n{excerpt(trace, PID_RX)}"
    assert result.pid not in tids


@pytest.mark.parametrize("limit", [2000, 4096])
def test_large_captures_arrive_whole(run_btftrace, tmp_path, limit):
    # records of 2 KiB and more once lost their size bits in the collector's bound
    data = bytes(range(256)) * 20
    path = tmp_path / "big.bin"
    path.write_bytes(data)
    result = run_btftrace(["-s", limit, "-e", "read", "--", "/bin/cat", path])
    assert result.returncode == 0, result.stderr
    assert "malformed" not in result.stderr
    line = [l for l in result.trace.splitlines() if l.startswith('read(3, "\\0\\1\\2')]
    assert len(line) == 1, result.trace[:2000]
    assert line[0].endswith(f"= {len(data)}")
    # the shown part has the limit's bytes (each byte escaped: count the \\ of \\NNN too)
    assert '\\377\\0\\1' in line[0]

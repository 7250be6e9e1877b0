# SPDX-License-Identifier: GPL-2.0
"""-P PATH and --trace-fds=SET: only the calls that touch a path or an fd, decided in the
kernel, as strace 6.1 shows them (strace 6.1 has no --trace-fds: its lines are checked
against strace's pathtrace rules).

The workload is tests/workloads/trace_path.c: p.txt touched by name and through fds, dup'd,
dup2'd, F_DUPFD'd and inherited copies, mmap, poll and select; q.txt, a pipe and getppid not.
"""
import os
import re
import shutil
import signal
import subprocess

import pytest
from conftest import RUN_TIMEOUT, bpf_ids_held, wait_for

PID = re.compile(r"^(\[pid +\d+\]|\d+) +")
ADDRESS = re.compile(r"0x[0-9a-f]{6,}")


def normalized(text, workdir):
    """The trace's lines with the run's directory, pids and addresses replaced and the padding
    before ' = ' collapsed; without SIGCHLD lines: btftrace does not see a signal that
    nothing handles (the kernel drops it as it is sent), strace does, with or without -P."""
    out = []
    for line in text.splitlines():
        if line.startswith("strace: ") or "--- SIGCHLD" in line:
            continue
        line = PID.sub("N ", line.replace(str(workdir), "DIR"))
        line = ADDRESS.sub("ADDR", line)
        out.append(re.sub(r"\s+= ", " = ", line))
    return out


def strace_run(args, tmp_path, name):
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (make deps installs it)")
    out = tmp_path / f"{name}.txt"
    run = subprocess.run(["strace", "-o", str(out)] + [str(a) for a in args], timeout=60,
                         check=False, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return out.read_text(), run.stderr


def fresh_dir(tmp_path, name):
    d = tmp_path / name
    d.mkdir()
    return d


@pytest.mark.parametrize("opts", [[], ["-y"]], ids=["plain", "y"])
def test_trace_path_agrees_with_strace(run_btftrace, workload, tmp_path, opts):
    exe = workload("trace_path")
    ours_dir, theirs_dir = fresh_dir(tmp_path, "ours"), fresh_dir(tmp_path, "theirs")
    ours = run_btftrace(["-f"] + opts + ["-P", ours_dir / "p.txt", "--", exe, ours_dir])
    assert ours.returncode == 0, ours.stderr
    theirs, _ = strace_run(["-f"] + opts + ["-P", theirs_dir / "p.txt", exe, theirs_dir],
                           tmp_path, "strace")
    mine = normalized(ours.trace, ours_dir)
    expected = normalized(theirs, theirs_dir)
    assert mine == expected, "\n".join(["ours:"] + mine + ["strace:"] + expected)
    # the calls the workload marks as not touching p.txt are not there
    assert not any('"DIR/q.txt"' in line or "getppid" in line or "munmap" in line
                   for line in mine)
    y = "<DIR/p.txt>" if opts else ""
    assert f"N write(20{y}, \"child\", 5) = 5" in mine
    assert f"N read(3{y}, \"h\", 1) = 1" in mine


def test_trace_path_resolved_as_strace_says(run_btftrace, workload, tmp_path):
    """A path through a symlink is traced by both names, and both tools say so."""
    exe = workload("trace_path")
    results = {}
    for who in ("ours", "theirs"):
        d = fresh_dir(tmp_path, who)
        (tmp_path / f"{who}-link").symlink_to(d)
        link = tmp_path / f"{who}-link" / "q.txt"
        (d / "q.txt").write_text("")  # realpath needs it to exist
        if who == "ours":
            run = run_btftrace(["-P", link, "--", exe, d])
            assert run.returncode == 0, run.stderr
            text, err = run.trace, run.stderr
        else:
            text, err = strace_run(["-P", link, exe, d], tmp_path, "strace")
        results[who] = (normalized(text, d), err.replace(str(tmp_path / who), "DIR"))
    ours, theirs = results["ours"], results["theirs"]
    assert ours[0] == theirs[0]
    assert any("q.txt" in line for line in ours[0])
    msg = re.search(r'Requested path ".*" resolved into "DIR/q.txt"', ours[1])
    assert msg and msg.group(0) in theirs[1], (ours[1], theirs[1])
    quiet = run_btftrace(["--quiet=path-resolution", "-P", tmp_path / "ours-link" / "q.txt",
                          "--", exe, tmp_path / "ours"])
    assert quiet.returncode == 0 and "Requested path" not in quiet.stderr


def test_resolved_path_quoted_as_strace_quotes_it(run_btftrace, tmp_path):
    """The "Requested path" line escapes a name as strace does: \\n, \\t, \\" and octal, as
    in a trace."""
    odd = tmp_path / os.fsdecode(b'n\nt\t"q"\xff\x01')
    odd.mkdir()
    (tmp_path / "link").symlink_to(odd)
    path = tmp_path / "link"
    ours = run_btftrace(["-P", path, "--", "true"])
    assert ours.returncode == 0, ours.stderr
    _, theirs = strace_run(["-P", path, "true"], tmp_path, "strace")
    said = [line.split(": ", 1)[1] for line in (ours.stderr + theirs).splitlines()
            if "Requested path" in line]
    assert len(said) == 2 and said[0] == said[1], said
    assert r'n\nt\t\"q\"\377\1"' in said[0], said


def test_trace_fds_shows_the_calls_on_those_fds(run_btftrace, workload, tmp_path):
    """--trace-fds=20 (strace 6.3's option): the calls whose fd arguments, as strace's
    pathtrace rules look at them, include 20, whatever file it is."""
    exe = workload("trace_path")
    d = fresh_dir(tmp_path, "w")
    run = run_btftrace(["-f", "--trace-fds=20", "--", exe, d])
    assert run.returncode == 0, run.stderr
    lines = normalized(run.trace, d)
    calls = [line for line in lines if not line.startswith("+++") and "+++" not in line]
    assert calls == [
        "N dup2(3, 20) = 20",
        'N pread64(20, "he", 2, 0) = 2',
        'N write(20, "child", 5) = 5',
        "N dup2(4, 20) = 20",
        'N write(20, "q", 1) = 1',
    ], "\n".join(lines)
    # -e trace-fds= is the same, and -P adds its calls to them
    both = run_btftrace(["-e", "trace-fds=4", "-P", d / "p.txt", "--", exe, d])
    lines = normalized(both.trace, d)
    assert 'write(4, "other", 5) = 5' in lines and "lseek(4, 0, SEEK_SET) = 0" in lines
    assert 'write(20, "q", 1) = 1' not in lines and "close(30) = 0" in lines
    assert 'openat(AT_FDCWD, "DIR/p.txt", O_RDWR|O_CREAT|O_TRUNC, 0644) = 3' in lines


def test_trace_path_sends_no_record_for_other_calls(run_btftrace, workload, tmp_path):
    """The calls -P leaves out cost no record: --stats counts the records sent."""
    exe = workload("trace_path")
    d = fresh_dir(tmp_path, "w")
    full = run_btftrace(["--stats", "--", exe, d])
    only = run_btftrace(["--stats", "-P", d / "p.txt", "--", exe, d])
    assert full.returncode == 0 and only.returncode == 0, only.stderr

    def records(err):
        m = re.search(r"enter records (\d+)", err)
        assert m, err
        return int(m.group(1))
    shown = len([line for line in only.trace.splitlines() if "(" in line])
    assert records(only.stderr) == shown, (only.stderr, only.trace)
    assert records(full.stderr) > 3 * shown


HOLDER = """
import os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY)
os.dup2(fd, 7)
os.close(fd)
print("ready", flush=True)
# the calls once tracing has started: the test says when, by a line on stdin
sys.stdin.readline()
os.pread(7, 4, 0)
os.getppid()
print("done", flush=True)
sys.stdin.readline()
"""


def test_trace_path_of_attached_process_knows_its_open_fds(btftrace, tmp_path, spawn):
    """-p: the fds a process has before tracing starts refer to the path too. The process makes
    its calls once btftrace has attached: -P's collector takes more than a second to load on a
    busy machine, and a fixed wait ended btftrace before it had blocked the signal."""
    target = tmp_path / "held.txt"
    target.write_text("held")
    proc = spawn(["python3", "-c", HOLDER, target], stdin=subprocess.PIPE,
                 stdout=subprocess.PIPE)
    assert proc.stdout.readline() == b"ready\n"
    out = tmp_path / "t.txt"
    bt = subprocess.Popen([btftrace, "-o", out, "-P", target, "-p", str(proc.pid)],
                          stderr=subprocess.PIPE, start_new_session=True)
    # attached (the links exist only once the programs are on the tracepoints, after
    # btftrace blocked SIGINT to handle it): then the process makes its calls
    assert wait_for(lambda: len(bpf_ids_held(bt.pid)["link"]) >= 2, RUN_TIMEOUT), \
        "btftrace did not attach"
    proc.stdin.write(b"go\n")
    proc.stdin.flush()
    assert proc.stdout.readline() == b"done\n"
    bt.send_signal(signal.SIGINT)
    _, err = bt.communicate(timeout=30)
    assert bt.returncode == 0, err
    lines = out.read_text().splitlines()
    assert any(re.match(r'^pread64\(7, "held", 4, 0\)\s+= 4$', line) for line in lines), lines
    assert not any("getppid" in line or "clock_nanosleep" in line for line in lines), lines


def verifier_insns(run_btftrace, opts):
    """The instructions the kernel's verifier walked for on_sys_enter and on_sys_exit."""
    r = run_btftrace(opts + ["--", "true"],
                     env={"BTFTRACE_DEBUG_STARTUP": "1", "PATH": "/usr/bin:/bin"})
    assert r.returncode == 0, r.stderr
    found = dict(re.findall(r"load (on_sys_enter|on_sys_exit) .*verifier [\d.]+ ms, "
                            r"(\d+) insns processed", r.stderr))
    assert set(found) == {"on_sys_enter", "on_sys_exit"}, r.stderr
    return {name: int(n) for name, n in found.items()}


def test_path_trace_adds_little_to_the_verifiers_walk(run_btftrace):
    """-P's start-up beside -e trace='s (issue 18 compares their costs whole): the matching
    code is in global functions, walked once per program, not on each path that reaches
    it. Inlined, it added 7,600 instructions to on_sys_enter's walk and 12,600 to
    on_sys_exit's on this kernel; now about 2,500 and 4,600. The count is the kernel's
    verifier's, the same from run to run on one kernel and build."""
    plain = verifier_insns(run_btftrace, ["-e", "trace=read"])
    paths = verifier_insns(run_btftrace, ["-P", "/dev/zero"])
    assert paths["on_sys_enter"] - plain["on_sys_enter"] < 3500, (plain, paths)
    assert paths["on_sys_exit"] - plain["on_sys_exit"] < 6500, (plain, paths)

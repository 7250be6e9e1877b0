# SPDX-License-Identifier: GPL-2.0
"""Process life in the trace: -f, exit lines, signal lines, restart codes.

The workload is tests/workloads/proc_life.c; each mode's calls are known, so
the tests check exact lines rather than patterns where they can.
"""
import re
import shutil
import subprocess

import pytest
from conftest import PID_PREFIX, excerpt


def lines_with(text, needle):
    return [line for line in text.splitlines() if needle in line]


def pid_of(line):
    m = PID_PREFIX.match(line)
    return int(m.group(1)) if m else None


def strip_pid(line):
    return PID_PREFIX.sub("", line)


def completed(text, line):
    """The call line, joined with its '<... resumed>' end when it was shown unfinished."""
    if not line.endswith("<unfinished ...>"):
        return line
    pid = pid_of(line)
    lines = text.splitlines()
    for later in lines[lines.index(line) + 1:]:
        if pid_of(later) == pid and " resumed>" in later:
            return line + " " + strip_pid(later)
    return line


def test_children_traced_only_with_f(run_btftrace, workload):
    exe = workload("proc_life")
    plain = run_btftrace(["--", exe, "fork", "3"])
    assert plain.returncode == 0, plain.stderr
    assert lines_with(plain.trace, "/nonexistent/parent")
    assert not lines_with(plain.trace, "/nonexistent/child-")
    assert not lines_with(plain.trace, "/nonexistent/grandchild")

    followed = run_btftrace(["-f", "--", exe, "fork", "3"])
    assert followed.returncode == 0, followed.stderr
    text = followed.trace
    child_pids = {}
    for i in (1, 2, 3):
        opens = lines_with(text, f'"/nonexistent/child-{i}"')
        assert len(opens) == 1, text
        assert "= -1 ENOENT" in completed(text, opens[0])
        child_pids[i] = pid_of(opens[0])
        assert child_pids[i], opens[0]
    grand = lines_with(text, '"/nonexistent/grandchild"')
    assert len(grand) == 1 and pid_of(grand[0]) not in child_pids.values()
    # every child's exit, by its own pid, with its own status
    for i, pid in child_pids.items():
        assert re.search(rf"^(\[pid +{pid}\]|{pid}) +\+\+\+ exited with {i} \+\+\+$", text,
                         re.M), text
    # the parent's clone calls returned the children's pids
    # complete clone lines and the resumed ends of unfinished ones
    clones = [strip_pid(line) for line in text.splitlines()
              if re.match(r"(clone3?\(|<\.\.\. clone3? resumed>)", strip_pid(line))]
    returned = {int(m.group(1)) for line in clones
                for m in [re.search(r"= (\d+)$", line)] if m}
    assert set(child_pids.values()) <= returned, clones
    # a child's first return from clone is not a line of its own
    assert not [line for line in text.splitlines() if "clone resumed>" in line
                and line.rstrip().endswith("= 0")]
    last = text.splitlines()[-1]
    assert strip_pid(last) == "+++ exited with 0 +++"


def test_f_waits_for_orphans(run_btftrace, workload):
    result = run_btftrace(["-f", "--", workload("proc_life"), "orphan"])
    # btftrace's status is the command's, though it traced on after it
    assert result.returncode == 4, result.stderr
    text = result.trace
    assert lines_with(text, '"/nonexistent/orphan"'), text
    assert "+++ exited with 4 +++" in text


def test_thread_exit_lines(run_btftrace, workload):
    exe = workload("proc_life")
    plain = run_btftrace(["--", exe, "thread"])
    assert plain.returncode == 0
    # threads are traced without -f; only the process's end has a line
    assert lines_with(plain.trace, '"/nonexistent/thread"')
    assert len(lines_with(plain.trace, "+++ exited with")) == 1
    followed = run_btftrace(["-f", "--", exe, "thread"])
    assert len(lines_with(followed.trace, "+++ exited with 0 +++")) == 2


def test_signal_and_restart_lines(run_btftrace, workload):
    result = run_btftrace(["--", workload("proc_life"), "signals"], timeout=20)
    assert result.returncode == 5, result.stderr
    text = result.trace
    pid = int(re.search(r"^kill\((\d+), SIGUSR1\)", text, re.M).group(1))
    assert (f"--- SIGUSR1 {{si_signo=SIGUSR1, si_code=SI_USER, si_pid={pid}, si_uid=0}} ---"
            in text), text
    assert "--- SIGALRM {si_signo=SIGALRM, si_code=SI_KERNEL} ---" in text
    assert re.search(r"^<\.\.\. clock_nanosleep resumed>.*= \? ERESTART_RESTARTBLOCK "
                     r"\(Interrupted by signal\)$", text, re.M) or \
        re.search(r"^clock_nanosleep\(.*= \? ERESTART_RESTARTBLOCK "
                  r"\(Interrupted by signal\)$", text, re.M), text
    # whole, or resumed when it blocked past the idle flush
    assert re.search(r"^(rt_sigsuspend\(.*\)|<\.\.\. rt_sigsuspend resumed>\)) += \? "
                     r"ERESTARTNOHAND \(To be restarted if no handler\)$", text, re.M), text
    sigchld = lines_with(text, "--- SIGCHLD")
    assert len(sigchld) == 1
    assert re.fullmatch(r"--- SIGCHLD \{si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=\d+, "
                        r"si_uid=0, si_status=7, si_utime=\d+, si_stime=\d+\} ---",
                        sigchld[0]), sigchld
    lines = text.splitlines()
    assert re.fullmatch(r"exit_group\(5\) += \?", lines[-2]), lines[-2:]
    assert lines[-1] == "+++ exited with 5 +++"


def test_signal_lines_agree_with_strace(run_btftrace, workload, tmp_path):
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (make deps installs it)")
    exe = workload("proc_life")
    ours = run_btftrace(["--", exe, "signals"], timeout=20)
    strace_out = tmp_path / "strace.txt"
    subprocess.run(["strace", "-o", str(strace_out), "-e", "trace=none", exe, "signals"],
                   timeout=30, check=False)
    pids = re.compile(r"si_pid=\d+|si_utime=\d+|si_stime=\d+")
    theirs = [pids.sub("X", line) for line in strace_out.read_text().splitlines()
              if line.startswith(("---", "+++"))]
    mine = [pids.sub("X", line) for line in ours.trace.splitlines()
            if line.startswith(("---", "+++"))]
    assert mine == theirs


def test_killed_by_signal(run_btftrace, workload):
    result = run_btftrace(["--", workload("proc_life"), "segv"])
    assert result.returncode == 128 + 11
    text = result.trace
    assert "--- SIGSEGV {si_signo=SIGSEGV, si_code=SEGV_MAPERR, si_addr=0x8} ---" in text
    assert re.search(r"^\+\+\+ killed by SIGSEGV( \(core dumped\))? \+\+\+$", text, re.M)


def test_quiet_hides_signal_and_exit_lines(run_btftrace, workload):
    result = run_btftrace(["--quiet=signals,exit", "--", workload("proc_life"), "signals"],
                          timeout=20)
    assert result.returncode == 5
    assert "---" not in result.trace and "+++" not in result.trace
    assert lines_with(result.trace, "kill(")
    bad = run_btftrace(["--quiet=everything", "--", "/bin/true"], trace=False)
    assert bad.returncode == 2
    assert "invalid --quiet value 'everything'" in bad.stderr


def first_call(trace):
    """The first line of a one-process trace, joined with its end when it was unfinished."""
    return joined_calls([(None, line) for line in trace.splitlines()])[0][1]


def test_execve_arguments_and_environment(run_btftrace, tmp_path):
    env = {"PATH": "/usr/bin:/bin", "BTFTRACE_MARK": "x y", "THIRD": "3"}
    result = run_btftrace(["--", "/bin/echo", "one", "two words", ""], env=env)
    assert result.returncode == 0
    # an exec that takes longer than the idle flush (a busy machine) shows unfinished, then
    # resumed: the same call all the same
    first = first_call(result.trace)
    assert re.fullmatch(r'execve\("/bin/echo", \["/bin/echo", "one", "two words", ""\], '
                        r'0x[0-9a-f]+ /\* 3 vars \*/\) = 0', first), result.trace[:1000]
    verbose = run_btftrace(["-v", "--", "/bin/echo"], env=env)
    first = first_call(verbose.trace)
    assert first.startswith('execve("/bin/echo", ["/bin/echo"], [')
    for pair in ('"PATH=/usr/bin:/bin"', '"BTFTRACE_MARK=x y"', '"THIRD=3"'):
        assert pair in first, first


def test_execve_argument_cap(run_btftrace):
    args = [f"a{i}" for i in range(40)]
    result = run_btftrace(["--", "/bin/true"] + args)
    first = result.trace.splitlines()[0]
    # 32 strings are captured; the rest is marked, not dropped silently
    assert '"a30", ...], ' in first, first
    assert '"a31"' not in first


def test_iovec_contents(run_btftrace, tmp_path):
    data = tmp_path / "data"
    data.write_bytes(b"0123456789")
    script = ("import os; fd = os.open(%r, os.O_RDONLY); "
              "os.readv(fd, [bytearray(4), bytearray(20)]); "
              "os.writev(1, [b'ab', b'cd\\n'])" % str(data))
    result = run_btftrace(["-e", "readv,writev", "--", "/usr/bin/python3", "-c", script])
    assert result.returncode == 0, result.stderr
    assert re.search(r'^readv\(\d+, \[\{iov_base="0123", iov_len=4\}, '
                     r'\{iov_base="456789", iov_len=20\}\], 2\) += 10$', result.trace, re.M), \
        result.trace
    assert re.search(r'^writev\(1, \[\{iov_base="ab", iov_len=2\}, '
                     r'\{iov_base="cd\\n", iov_len=3\}\], 2\) += 5$', result.trace, re.M), \
        result.trace


def strace_lines(path):
    """(pid, text) of each line of an `strace -f -o FILE` trace."""
    out = []
    for line in path.read_text().splitlines():
        m = re.match(r"^(\d+) +(.*)$", line)
        out.append((int(m.group(1)), m.group(2)) if m else (None, line))
    return out


def exec_story(lines, pid, execer):
    """What a trace says of the exec from thread execer: the execve's enter under execer,
    then, under the process id, the superseded line and the execve's end, and no exit
    line for the process id until the new image's."""
    texts = [(tid, re.sub(r"\s+= ", " = ", text)) for tid, text in lines]
    enter = [i for i, (tid, text) in enumerate(texts)
             if text.startswith('execve("/proc/self/exe", ')]
    superseded = [i for i, (tid, text) in enumerate(texts)
                  if text == f"+++ superseded by execve in pid {execer} +++"]
    resumed = [i for i, (tid, text) in enumerate(texts)
               if text.startswith("<... execve resumed>")]
    exits = [text for tid, text in texts if tid == pid and text.startswith("+++ exited")]
    return {
        "enter": [(texts[i][0], texts[i][1].endswith("<unfinished ...>")) for i in enter],
        "superseded": [texts[i][0] for i in superseded],
        "resumed": [texts[i] for i in resumed],
        "superseded right before resumed": bool(superseded and resumed and
                                                resumed[0] == superseded[0] + 1),
        "exits of the pid": exits,
    }


def test_exec_from_a_thread_agrees_with_strace(run_btftrace, workload, tmp_path):
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (make deps installs it)")
    exe = workload("exec_thread")
    ids = re.compile(r"pid (\d+) exec (\d+) busy")

    ours = run_btftrace(["-f", "--", exe])
    assert ours.returncode == 3, ours.stderr
    pid, execer = (int(x) for x in ids.search(ours.stdout).groups())
    mine = exec_story([(pid_of(line), strip_pid(line)) for line in ours.trace.splitlines()],
                      pid, execer)

    def strace_story():
        strace_out = tmp_path / "strace.txt"
        run = subprocess.run(["strace", "-f", "-o", str(strace_out), exe],
                             capture_output=True, text=True, timeout=60, check=False)
        assert run.returncode == 3, run.stderr
        spid, sexecer = (int(x) for x in ids.search(run.stdout).groups())
        return relabel(exec_story(strace_lines(strace_out), spid, sexecer), spid, sexecer)

    # the same story with each run's own ids
    def relabel(story, pid, execer):
        names = {pid: "PID", execer: "EXECER"}
        return {
            "enter": [(names.get(t, t), unfinished) for t, unfinished in story["enter"]],
            "superseded": [names.get(t, t) for t in story["superseded"]],
            "resumed": [(names.get(t, t), text) for t, text in story["resumed"]],
            "superseded right before resumed": story["superseded right before resumed"],
            "exits of the pid": story["exits of the pid"],
        }

    expected = {
        "enter": [("EXECER", True)],
        "superseded": ["PID"],
        "resumed": [("PID", "<... execve resumed>) = 0")],
        "superseded right before resumed": True,
        "exits of the pid": ["+++ exited with 3 +++"],
    }
    assert relabel(mine, pid, execer) == expected, \
        excerpt(ours.trace, "execve|superseded|exited")
    # strace, the oracle: on a busy machine its ptrace stops at the exec have shown the other
    # threads' lines in between (execve's enter under two more tids): a run of three that
    # tells the story is strace's own
    stories = []
    for _ in range(3):
        stories.append(strace_story())
        if stories[-1] == expected:
            break
    assert stories[-1] == expected, f"strace itself says otherwise here, 3 times: {stories}"


@pytest.mark.parametrize("option", [["--quiet=thread-execve"], ["-e", "quiet=superseded,exit"]])
def test_quiet_thread_execve(run_btftrace, workload, option):
    result = run_btftrace(["-f"] + option + ["--", workload("exec_thread")])
    assert result.returncode == 3, result.stderr
    assert "superseded" not in result.trace
    assert lines_with(result.trace, "<... execve resumed>")
    assert ("+++" in result.trace) == ("exit" not in option[-1])


def joined_calls(lines):
    """A trace's lines with each '<unfinished ...>' call joined to its '<... resumed>' end
    (the same thread's next resumed line), padding before ' = ' collapsed."""
    out, pending = [], {}
    for tid, text in lines:
        m = re.match(r"^<\.\.\. \w+ resumed>(.*)$", text)
        if m and tid in pending:
            i = pending.pop(tid)
            out[i] = (tid, re.sub(r" +\)", ")", out[i][1] + m.group(1)))
            continue
        if text.endswith(" <unfinished ...>"):
            pending[tid] = len(out)
            out.append((tid, text[:-len(" <unfinished ...>")]))
            continue
        out.append((tid, text))
    return [(tid, re.sub(r"\s+= ", " = ", text)) for tid, text in out]


def test_restart_syscall_agrees_with_strace(run_btftrace, workload, tmp_path):
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (make deps installs it)")
    exe = workload("proc_life")
    ours = run_btftrace(["--", exe, "stop"], timeout=20)
    assert ours.returncode == 6, ours.stderr
    strace_out = tmp_path / "strace.txt"
    run = subprocess.run(["strace", "-o", str(strace_out), exe, "stop"], timeout=30,
                         check=False)
    assert run.returncode == 6

    def story(lines):
        texts = [text for _, text in joined_calls(lines)]
        start = next(i for i, t in enumerate(texts) if t.startswith("clock_nanosleep("))
        end = next(i for i, t in enumerate(texts) if t.startswith("kill("))
        return [re.sub(r"si_pid=\d+", "si_pid=X", t) for t in texts[start:end]]

    mine = story([(None, line) for line in ours.trace.splitlines()])
    theirs = story([(None, line) for line in strace_out.read_text().splitlines()])
    sleep = "clock_nanosleep(CLOCK_REALTIME, 0, {tv_sec=1, tv_nsec=0}, NULL) = ? " \
            "ERESTART_RESTARTBLOCK (Interrupted by signal)"
    stop = "--- SIGSTOP {si_signo=SIGSTOP, si_code=SI_USER, si_pid=X, si_uid=0} ---"
    restart = "restart_syscall(<... resuming interrupted clock_nanosleep ...>) = 0"
    assert mine == [sleep, stop, restart], ours.trace
    # strace's tracee also gets the SIGCONT the kernel drops for an untraced one, and
    # strace says when it stopped; the calls are the same
    assert theirs == [sleep, stop, "--- stopped by SIGSTOP ---",
                      "--- SIGCONT {si_signo=SIGCONT, si_code=SI_USER, si_pid=X, si_uid=0} ---",
                      restart], strace_out.read_text()


@pytest.mark.parametrize("value, shown", [
    ("signal=!USR1", ["SIGALRM", "SIGCHLD"]),
    ("signals=alrm,17", ["SIGALRM", "SIGCHLD"]),
    ("s=SIGUSR1", ["SIGUSR1"]),
    ("signal=none", []),
])
def test_signal_set_agrees_with_strace(run_btftrace, workload, tmp_path, value, shown):
    exe = workload("proc_life")
    ours = run_btftrace(["-e", value, "--", exe, "signals"], timeout=20)
    assert ours.returncode == 5, ours.stderr
    ids = re.compile(r"si_pid=\d+|si_utime=\d+|si_stime=\d+")
    mine = [ids.sub("X", line) for line in ours.trace.splitlines()
            if line.startswith(("---", "+++"))]
    assert [re.match(r"--- (\w+)", line).group(1) for line in mine[:-1]] == shown, mine
    assert mine[-1] == "+++ exited with 5 +++"
    # the calls are all there, whatever signals are shown
    assert lines_with(ours.trace, "kill(") and lines_with(ours.trace, "wait4(")
    if not shutil.which("strace"):
        return
    strace_out = tmp_path / "strace.txt"
    subprocess.run(["strace", "-o", str(strace_out), "-e", "trace=none", "-e", value, exe,
                    "signals"], timeout=30, check=False)
    theirs = [ids.sub("X", line) for line in strace_out.read_text().splitlines()
              if line.startswith(("---", "+++"))]
    assert mine == theirs


@pytest.mark.parametrize("selected", ["close,getpid,restart_syscall", "restart_syscall",
                                      "getpid,restart_syscall"])
def test_restart_syscall_names_the_previous_traced_call_as_strace(run_btftrace, workload,
                                                                   tmp_path, selected):
    """restart_syscall's note names the thread's previous traced call, interrupted or not
    ("system call" when there was none): strace 6.1's rule, whatever -e trace= selects."""
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (make deps installs it)")
    exe = workload("restart_calls")
    ours = run_btftrace(["-e", f"trace={selected}", "--", exe])
    assert ours.returncode == 0, ours.stderr
    strace_out = tmp_path / "strace.txt"
    run = subprocess.run(["strace", "-o", str(strace_out), "-e", f"trace={selected}", exe],
                         timeout=30, check=False)
    assert run.returncode == 0

    def calls(text):
        return [re.sub(r"\s+= ", " = ", re.sub(r"getpid\(\)\s+= \d+", "getpid() = N", line))
                for line in text.splitlines() if not line.startswith("+++")]

    mine, theirs = calls(ours.trace), calls(strace_out.read_text())
    assert mine == theirs, (ours.trace, strace_out.read_text())
    assert sum(line.startswith("restart_syscall(") for line in mine) == 3, ours.trace

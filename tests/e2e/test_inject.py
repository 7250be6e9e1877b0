# SPDX-License-Identifier: GPL-2.0
"""Issue 18: -e inject= and -e fault= without ptrace. The same run of a program under strace 6.1
and under btftrace: the program gets the same results (errors, values, signals, delays), and the
trace shows the same lines, strace's "(INJECTED)" and "(DELAYED)" notes included. Where seccomp
cannot serve (-p, -a), btftrace says so and exits 2."""
import json
import re
import shutil
import subprocess
import time

import pytest

from conftest import RUN_TIMEOUT, excerpt

CALLS = "trace=getppid,chdir,umask"
# btftrace's "[pid 1234] " and strace -o's "1234  " (with -f)
PREFIX_RX = re.compile(r"^(?:\[pid +(\d+)\] |(\d+) +)")
RESULT_RX = re.compile(r"\s+= ")


@pytest.fixture(scope="module")
def strace():
    path = shutil.which("strace")
    if not path:
        pytest.skip("strace is not installed (apt-get install strace)")
    return path


def run(argv, timeout=RUN_TIMEOUT):
    proc = subprocess.run([str(a) for a in argv], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, errors="replace", timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def by_process(trace):
    """The trace's lines, per thread in the order the threads first show (their ids differ
    between the runs), signals included, SIGCHLD (whose moment is the scheduler's) left out."""
    threads = {}
    first = None
    for line in trace.splitlines():
        m = PREFIX_RX.match(line)
        tid = int(m.group(1) or m.group(2)) if m else first
        if first is None:
            first = tid
        text = line[m.end():] if m else line
        if text.startswith(("+++ ", "--- SIGCHLD ")):
            continue
        text = RESULT_RX.sub(" = ", text, count=1)
        text = re.sub(r"0x[0-9a-f]{6,}", "ADDR", text)
        # getppid's result is the run's own pid, unless it is what was injected
        text = re.sub(r"^getppid\(\) = \d+( \(DELAYED\))?$", r"getppid() = PPID\1", text)
        threads.setdefault(tid, []).append(text)
    return list(threads.values())


def both(btftrace, strace, tmp_path, options, command):
    """(btftrace's, strace's) (exit status, program output, threads' lines)."""
    result = []
    for tracer in (btftrace, strace):
        path = tmp_path / "trace.txt"
        rc, out, err = run([tracer, "-o", path] + options + ["--"] + command)
        result.append((rc, out, by_process(path.read_text(errors="replace")), err))
    return result


def assert_same(ours, theirs, follow):
    (rc, out, threads, err), (src, sout, sthreads, serr) = ours, theirs
    assert src == 0, f"strace exited {src}: {serr}"
    assert rc == 0, f"btftrace exited {rc}: {err}"
    if not follow:
        # without -f btftrace traces the command's threads (strace does not), and injects into
        # them as into the main thread, each thread counting its own calls
        assert len(threads) == 2 and threads[1] == threads[0], threads
        threads = threads[:1]
        ours_of = {w: [line.split(" ", 1)[1] for line in out.splitlines()
                       if line.startswith(w + " ")] for w in ("main", "thread")}
        assert ours_of["thread"] == ours_of["main"], out
        signals = re.search(r"^SIGUSR1 (\d+)$", out, re.M).group(1)
        out = re.sub(r"^thread .*\n", "", out, flags=re.M)
        out = out.replace(f"SIGUSR1 {signals}", f"SIGUSR1 {int(signals) // 2}")
        sout = re.sub(r"^thread .*\n", "", sout, flags=re.M)
    assert out == sout, f"the program got other results under btftrace:\n{out}\nstrace:\n{sout}"
    assert threads == sthreads, "btftrace's trace differs from strace 6.1's:\n" + "\n".join(
        f"btftrace: {a}\nstrace:   {b}" for a, b in zip(threads, sthreads) if a != b)


# as strace takes them, one or several -e each; -f: the thread and the child are traced too
CASES = {
    "error when=first..last": ["-e", "inject=getppid:error=EPERM:when=1..2"],
    "retval when=first": ["-e", "inject=chdir:retval=42:when=2"],
    "retval in the errors' range": ["-e", "inject=chdir:retval=-1"],
    # strace prints a value it injected by the call's class: unsigned, octal, a pid's int
    "retval's forms": ["-e", "inject=chdir,umask,getppid:retval=0x80000000:when=2..3"],
    "signal": ["-e", "inject=umask:signal=USR1:when=3"],
    "delay_enter": ["-e", "inject=getppid:delay_enter=30ms:when=2"],
    "fault ENOSYS when=first+": ["-e", "fault=chdir:when=2+"],
    "-f error, per thread": ["-f", "-e", "inject=chdir:error=EACCES:when=2..3"],
    "-f signal every second": ["-f", "-e", "inject=umask:signal=USR1:when=2+2"],
    "-f retval and signal": ["-f", "-e", "inject=getppid:retval=7:signal=usr1"],
    "-f fault with error": ["-f", "-e", "fault=umask:error=EBADF:when=1..3+2"],
    # a later expression replaces an earlier one for the syscalls they share
    "-f later replaces": ["-f", "-e", "inject=chdir,umask:error=EPERM",
                          "-e", "inject=chdir:error=ENOTDIR:when=3"],
    # strace injects into the calls it traces only
    "untraced call": ["-e", "trace=getppid,umask", "-e", "inject=chdir,umask:error=EPERM:when=2"],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_as_strace_injects(btftrace, strace, workload, tmp_path, case):
    options = CASES[case]
    if "trace=" not in " ".join(options):
        options = ["-e", CALLS] + options
    ours, theirs = both(btftrace, strace, tmp_path, options, [workload("inject_calls"), "seq"])
    assert_same(ours, theirs, "-f" in options)
    # the case injects something: a test that cannot fail otherwise
    assert any("(INJECTED)" in t or "(DELAYED)" in t or "--- SIGUSR1" in t
               for thread in ours[2] for t in thread), ours[2]


def test_issue_example(btftrace, strace, tmp_path):
    """btftrace -e inject=openat:error=ENOENT:when=2 -- cat /etc/hostname, as strace runs it:
    the second openat (the dynamic loader's libc) fails, the loader looks elsewhere."""
    options = ["-e", "inject=openat:error=ENOENT:when=2"]
    (rc, out, threads, err), (src, sout, sthreads, _) = both(
        btftrace, strace, tmp_path, options, ["cat", "/etc/hostname"])
    assert (rc, out) == (src, sout) == (0, open("/etc/hostname").read()), err
    opens = [t for t in threads[0] if t.startswith("openat(")]
    assert opens == [t for t in sthreads[0] if t.startswith("openat(")]
    injected = [t for t in opens if t.endswith("(INJECTED)")]
    assert len(injected) == 1 and injected[0] == opens[1], excerpt("\n".join(opens))
    assert injected[0].endswith(" = -1 ENOENT (No such file or directory) (INJECTED)")


@pytest.mark.parametrize("when, status", [("1", 126), ("2", 0)])
def test_first_exec_not_counted(btftrace, strace, tmp_path, when, status):
    """The command's own execve is not counted, in strace as here: the shell's exec is the
    first invocation of execve."""
    options = ["-e", "trace=execve", "-e", f"inject=execve:error=EACCES:when={when}"]
    ours, theirs = both(btftrace, strace, tmp_path, options, ["/bin/sh", "-c", "exec /bin/true"])
    assert ours[0] == theirs[0] == status, (ours, theirs)
    assert ours[2] == theirs[2], (ours[2], theirs[2])


def test_delay_holds_one_thread_only(btftrace, workload, tmp_path):
    """A thread held by delay_enter= holds nobody else: the main thread's calls go on."""
    trace = tmp_path / "trace.txt"
    start = time.monotonic()
    rc, out, err = run([btftrace, "-f", "-o", trace, "-e", "inject=getpid:delay_enter=1s",
                        "--", workload("inject_calls"), "parallel"])
    took = time.monotonic() - start
    assert rc == 0, err
    lines = out.splitlines()
    assert lines.index("fast done") < lines.index("slow getpid 1: 0"), out
    assert took >= 1.0, f"the delayed call returned after {took:.2f} s, not 1 s"
    text = trace.read_text()
    assert re.search(r"getpid\(\) += \d+ \(DELAYED\)$", text, re.M), excerpt(text, "getpid")


def test_untraced_child_untouched(btftrace, workload, tmp_path):
    """Without -f the command's children are not traced, and nothing is injected into them,
    though they inherit the filter: the child's execve runs /bin/true. With -f it fails."""
    trace = tmp_path / "trace.txt"
    for follow, status in (([], "true: 0"), (["-f"], "true: 127")):
        rc, out, err = run([btftrace, "-o", trace] + follow +
                           ["-e", "inject=execve:error=EACCES", "--",
                            workload("inject_calls"), "spawn"])
        assert rc == 0, err
        assert out.strip() == status, f"with {follow}: {out}"
    # the command's own execve is the first call traced: never injected, as in strace
    assert re.search(r"^(?:\d+ +)?execve\(\"[^\n]*= 0$", trace.read_text(), re.M)


def speculation_line(status_text):
    m = re.search(r"^Speculation_Store_Bypass:.*$", status_text, re.M)
    return m.group(0) if m else None


def test_command_cpu_mitigations_unchanged(btftrace, tmp_path):
    """The seccomp filter is the tracer's, not the command's: where the kernel would turn on
    the Speculative Store Bypass mitigation for a seccomp task, it must not (SPEC_ALLOW), as
    it slows every instruction the command runs. The command sees the state it has untraced."""
    rc, untraced, err = run(["cat", "/proc/self/status"])
    assert rc == 0, err
    expected = speculation_line(untraced)
    if expected is None:
        pytest.skip("this kernel shows no Speculation_Store_Bypass in /proc/PID/status")
    rc, injected, err = run([btftrace, "-o", tmp_path / "trace.txt",
                             "-e", "inject=chdir:error=ENOENT", "--", "cat", "/proc/self/status"])
    assert rc == 0, err
    assert speculation_line(injected) == expected


def test_json_marks_injected(btftrace, workload, tmp_path):
    trace = tmp_path / "trace.json"
    rc, _, err = run([btftrace, "--format=json", "-o", trace, "-e", CALLS,
                      "-e", "inject=chdir:error=ENOENT:when=2", "-e",
                      "inject=umask:delay_enter=1ms:when=1", "--",
                      workload("inject_calls"), "seq", "2"])
    assert rc == 0, err
    calls = [json.loads(line) for line in trace.read_text().splitlines()]
    calls = [c for c in calls if c.get("syscall") in ("chdir", "umask")]
    injected = [(c["syscall"], c.get("injected", False), c.get("delayed", False))
                for c in calls]
    # the main thread's, then the thread's (traced without -f), each thread counting its own
    assert injected == 2 * [("chdir", False, False), ("umask", False, True),
                            ("chdir", True, False), ("umask", False, False)], calls


@pytest.mark.parametrize("target", [["-p", "1"], ["-a"]], ids=["-p", "-a"])
def test_no_seccomp_without_a_command(btftrace, target):
    rc, out, err = run([btftrace, "-e", "inject=openat:error=ENOENT"] + target, timeout=30)
    assert rc == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "need a command btftrace starts" in lines[0], err
    assert "-p" in lines[0] and "-a" in lines[0], err


@pytest.mark.parametrize("spec, says", [
    ("inject=openat", "say what to inject"),
    ("inject=openat:error=ENOPE", "error= takes an errno name"),
    ("inject=openat:when=0", "when= takes"),
    ("inject=openat:error=EPERM:retval=1", "one error= or retval="),
    ("inject=openat:delay_exit=1s", "delay_exit= cannot be served without ptrace"),
    ("inject=nosuchcall:error=EPERM", "nosuchcall"),
    ("fault=openat:signal=USR1", "-e fault= takes only"),
    ("inject=openat:error=EPERM:syscall=openat", "not a pure syscall"),
])
def test_bad_spec(btftrace, spec, says):
    rc, out, err = run([btftrace, "-e", spec, "--", "true"], timeout=30)
    assert rc == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], err

# SPDX-License-Identifier: GPL-2.0
"""Issue 18: -Y (--decode-pids=comm), --decode-pids=pidns and --pidns-translation, line for
line as strace 6.1 prints them on the same run of tests/workloads/pid_calls.c: pids with the
name of their thread (getppid() = 24103<bash>, kill(24107<kid>, SIGTERM)), and seen from a new
PID namespace with their number in the tracer's (1<pid_calls> /* 4447 in strace's PID NS */)."""
import difflib
import re
import shutil
import subprocess

import pytest

from conftest import RUN_TIMEOUT, excerpt

# The calls pid_calls makes that strace 6.1 shows pids in, and the calls between them.
TRACE = ("trace=getpid,gettid,getppid,getpgid,getpgrp,getsid,setpgid,kill,tkill,tgkill,"
         "prlimit64,sched_getaffinity,pidfd_open,wait4,clone,exit_group")
# btftrace's [pid 1234<comm>] and strace -o's "1234<comm> " (-f writes no brackets to a file)
PREFIX_RX = re.compile(r"^(?:\[pid +(\d+)(?:<([^>]*)>)?\] |(\d+)(?:<([^>]*)>)? +)")
RESULT_RX = re.compile(r"\s+= ")
RESUMED_RX = re.compile(r"^<\.\.\. (\w+) resumed>")
UNFINISHED = " <unfinished ...>"
TRACER_RX = re.compile(r"<(?:strace|btftrace)>")
NS_NOTE_RX = re.compile(r"/\* (\d+) in strace's PID NS \*/")


def by_thread(trace, first):
    """{tid: [(comm or None, text)]} of the calls, a call split in two joined; lines without
    a prefix are thread first's (the tracers prefix lines once a second thread shows)."""
    threads = {}
    for line in trace.splitlines():
        m = PREFIX_RX.match(line)
        tid, comm = (int(m.group(1) or m.group(3)), m.group(2) or m.group(4)) if m else \
            (first, None)
        text = line[m.end():] if m else line
        if text.startswith(("+++ ", "--- ")):
            continue
        calls = threads.setdefault(tid, [])
        r = RESUMED_RX.match(text)
        if r and calls and calls[-1][1].startswith(r.group(1) + "(") and \
                calls[-1][1].endswith(UNFINISHED):
            head = calls[-1][1][:-len(UNFINISHED)]
            rest = text[r.end():]
            calls[-1] = (calls[-1][0], (head.rstrip() if rest.startswith(")") else head) + rest)
        else:
            calls.append((comm, RESULT_RX.sub(" = ", text, count=1)))
    return threads


def run(argv, timeout=RUN_TIMEOUT):
    proc = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          errors="replace", timeout=timeout)
    assert proc.returncode == 0, f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr}"
    return proc.stdout


def facts(stdout):
    return {k: int(v) for k, v in (line.split() for line in stdout.splitlines())}


@pytest.fixture(scope="module")
def traces(btftrace, workload, tmp_path_factory):
    """traces(tracer_options, prefix) -> (btftrace's calls, strace's) of pid_calls."""
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (apt-get install strace)")
    exe = workload("pid_calls")
    out = tmp_path_factory.mktemp("pids")

    def both(options, prefix=()):
        result = []
        for tracer in (btftrace, "strace"):
            path = out / "trace.txt"
            stdout = run([tracer, "-o", str(path), "-f", "-e", TRACE, "-e", "signal=none"]
                         + options + ["--"] + list(prefix) + [exe] +
                         (["linger"] if prefix else []))
            result.append((path.read_text(errors="replace"), facts(stdout)))
        return result

    return both


def which(threads, call):
    """The tid of the one thread that made the call (its name, with the opening bracket)."""
    tids = [tid for tid, calls in threads.items() if any(t.startswith(call) for _, t in calls)]
    assert len(tids) == 1, f"threads that made {call}..): {tids}"
    return tids[0]


def normalised(trace, f, in_namespace):
    """The workload's and its child's calls, the numbers of the run as names."""
    # unprefixed lines are the first process's: the workload's, or in a namespace unshare's
    threads = by_thread(trace, None if in_namespace else f["pid"])
    # the workload opens a pidfd, its child only asks who it and its parent are
    main = which(threads, "pidfd_open(")
    kid = next(tid for tid, calls in threads.items()
               if [t.split("(")[0] for _, t in calls] == ["getpid", "getppid"])
    # in a namespace the numbers the workload sees are small; here each is itself
    numbers = {f["pid"]: "PID", f["child"]: "CHILD", f["parent"]: "PARENT",
               f["group"]: "GROUP", f["session"]: "SESSION"}
    here = {main: "MAIN_HERE", kid: "KID_HERE"}

    def norm(text):
        text = TRACER_RX.sub("<TRACER>", text)
        text = NS_NOTE_RX.sub(lambda m: f"/* {here.get(int(m.group(1)), m.group(1))} in "
                              "strace's PID NS */", text)
        text = re.sub(r"0x[0-9a-f]+", "<P>", text)
        return re.sub(r"(?<![\w.])(\d{2,})(?![\w.])",
                      lambda m: numbers.get(int(m.group(1)), m.group(1))
                      if int(m.group(1)) > 1 else m.group(1), text)

    def racy(text):
        # fork's return names the child by the name it has when the line is printed: the
        # parent's, or "kid" once the child has renamed itself, in strace as here (a pidns
        # comment may follow)
        return re.sub(r"^(clone3?\(.*\) = \w+)<\w+>", r"\1<COMM>", text)

    return {name: [(comm, racy(norm(text))) for comm, text in threads[tid]]
            for name, tid in (("main", main), ("kid", kid))}


def assert_same(ours, theirs):
    wrong = []
    for name in ("main", "kid"):
        a = [text for _, text in ours[name]]
        b = [text for _, text in theirs[name]]
        if a != b:
            wrong.append(f"{name}:\n" + "\n".join(
                difflib.unified_diff(b, a, "strace", "btftrace", lineterm="")))
        # the names in the prefix, where both tracers write one
        for (ca, ta), (cb, _) in zip(ours[name], theirs[name]):
            if ca and cb and ca != cb:
                wrong.append(f"{name}: [pid N<{ca}>] where strace has <{cb}>: {ta}")
    assert not wrong, "btftrace differs from strace 6.1:\n" + "\n".join(wrong)


@pytest.mark.parametrize("options", [
    ["-Y"],
    ["--decode-pids=comm"],
    ["-e", "decode-pids=comm"],
    ["--decode-pids=comm,pidns"],
    ["--pidns-translation"],
    ["--decode-pids=pidns", "-Y"],
    ["--decode-pids=!pidns"],
    ["-Y", "-x"],
], ids=lambda o: " ".join(o))
def test_pids_as_strace_names_them(traces, options):
    (ours, our_facts), (theirs, their_facts) = traces(options)
    a = normalised(ours, our_facts, False)
    b = normalised(theirs, their_facts, False)
    assert len(a["main"]) >= 18 and len(a["kid"]) == 2, "the run is not all there:\n" + ours
    assert_same(a, b)


def test_names_are_there(traces):
    (ours, f), _ = traces(["-Y"])
    calls = normalised(ours, f, False)
    main = [text for _, text in calls["main"]]
    assert "getppid() = PARENT<TRACER>" in main
    assert "kill(CHILD<kid>, SIGTERM) = 0" in main
    # a process group and a session are not named; a child reaped is gone
    assert "getpgrp() = GROUP" in main
    assert "wait4(CHILD<kid>, [{WIFSIGNALED(s) && WTERMSIG(s) == SIGTERM}], 0, NULL) = CHILD" \
        in main
    assert [text for _, text in calls["kid"]] == ["getpid() = CHILD<kid>",
                                                  "getppid() = PID<pid_calls>"]


@pytest.mark.skipif(not shutil.which("unshare"), reason="util-linux's unshare is not installed")
@pytest.mark.parametrize("options", [
    ["--decode-pids=comm,pidns"],
    ["--pidns-translation"],
    ["-Y"],
], ids=lambda o: " ".join(o))
def test_pids_of_another_namespace(traces, options):
    (ours, our_facts), (theirs, their_facts) = traces(options, prefix=["unshare", "-pf"])
    assert our_facts["pid"] == 1 and our_facts["child"] == 2, our_facts
    a = normalised(ours, our_facts, True)
    b = normalised(theirs, their_facts, True)
    assert_same(a, b)
    if "-Y" not in options:
        main = [text for _, text in a["main"]]
        assert "getpid() = 1" + ("<pid_calls>" if "comm" in options[0] else "") + \
            " /* MAIN_HERE in strace's PID NS */" in main, excerpt(ours, "getpid")

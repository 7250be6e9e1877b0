# SPDX-License-Identifier: GPL-2.0
"""-k, -kk, --stack-trace=fp and --kernel-stack on the real kernel: the stack under each call
names the functions that made it, as strace -k names them (issue 19's workload is built with
-O2 -fomit-frame-pointer, so only DWARF unwinding finds its callers), for threads, forked
children and a process gone before its lines were printed; in JSON through the same frames."""
import json
import os
import re
import shutil
import subprocess

import pytest

from conftest import REPO

STRACE = "/usr/bin/strace"
FRAME = re.compile(r"^ > (?P<object>.*?)\((?P<symbol>[^()+]*)(?:\+0x(?P<offset>[0-9a-f]+))?\) "
                   r"\[0x(?P<rel>[0-9a-f]+)\](?: (?P<src>\S+:\d+))?$")


def stacks_of(text, pattern):
    """The frames (parsed " > " lines) under each line that matches pattern."""
    stacks, current = [], None
    for line in text.splitlines():
        if line.startswith(" > "):
            if current is not None:
                current.append(line)
            continue
        current = None
        if re.search(pattern, line):
            current = []
            stacks.append(current)
    return stacks


def frames(lines):
    out = []
    for line in lines:
        m = FRAME.match(line)
        assert m, f"not a frame in strace's form: {line!r}"
        out.append(m.groupdict())
    return out


def symbols(lines):
    return [f["symbol"] for f in frames(lines)]


def test_nested_functions_as_strace_shows_them(run_btftrace, workload, tmp_path):
    prog = workload("stack_calls")
    r = run_btftrace(["-k", "-e", "trace=openat", prog])
    assert r.returncode == 0, r.stderr
    stacks = stacks_of(r.trace, r'openat\(AT_FDCWD, "/etc/hostname"')
    assert len(stacks) == 1, r.trace
    ours = frames(stacks[0])
    names = [f["symbol"] for f in ours]
    # both functions and main, in the order they called each other
    i = names.index("stack_inner")
    assert names[i:i + 3] == ["stack_inner", "stack_outer", "main"], stacks[0]
    assert ours[0]["object"].endswith("/libc.so.6"), stacks[0]
    assert all(f["object"] == prog for f in ours[i:i + 3])

    if not shutil.which(STRACE):
        pytest.skip("strace is not installed: the comparison needs it")
    s = subprocess.run([STRACE, "-k", "-e", "trace=openat", "-o", str(tmp_path / "s"), prog],
                       capture_output=True, text=True, timeout=60)
    assert s.returncode == 0, s.stderr
    theirs = frames(stacks_of((tmp_path / "s").read_text(), r'"/etc/hostname"')[0])
    # frame for frame: the same objects at the same addresses; the workload's own symbols
    # the same (libc's may differ: strace knows only its exported names, __open64 for
    # __open, where btftrace reads libc6-dbg's full symbol table too)
    assert [(f["object"], f["rel"]) for f in ours] == [(f["object"], f["rel"]) for f in theirs]
    for o, t in zip(ours, theirs):
        if o["object"] == prog:
            assert (o["symbol"], o["offset"]) == (t["symbol"], t["offset"])


def test_only_the_selected_calls_take_stacks(run_btftrace, workload):
    # the kernel sends a stack record for each openat, and for none of the other calls
    # (brk, mmap, close...) the program makes
    r = run_btftrace(["--stats", "-k", "-e", "trace=openat", workload("stack_calls")])
    assert r.returncode == 0, r.stderr
    lines = r.trace.splitlines()
    opens = [i for i, line in enumerate(lines) if line.startswith("openat(")]
    assert len(opens) >= 3, r.trace
    for i in opens:
        assert lines[i + 1].startswith(" > "), lines[i]
    m = re.search(r"stats: stack records (\d+), stacks lost (\d+)", r.stderr)
    assert m, r.stderr
    assert (int(m.group(1)), int(m.group(2))) == (len(opens), 0)


@pytest.mark.parametrize("mode,caller", [("threads", "stack_thread"), ("fork", "stack_child"),
                                         ("forkexec", "main")])
def test_every_process_and_thread_symbolized(run_btftrace, workload, mode, caller):
    prog = workload("stack_calls")
    r = run_btftrace(["-f", "-k", "-e", "trace=openat", prog, mode, "3"])
    assert r.returncode == 0, r.stderr
    # -f -o FILE: strace's "PID  " prefix ("[pid PID] " on a terminal)
    line = r'^(?:\[pid +)?(\d+)\]? +openat\(AT_FDCWD, "/etc/hostname"'
    stacks = stacks_of(r.trace, line)
    assert len(stacks) == 3, r.trace
    pids = set(re.findall(line, r.trace, re.M))
    assert len(pids) == 3
    for st in stacks:
        names = symbols(st)
        assert "stack_inner" in names, st
        i = names.index("stack_inner")
        # forkexec: each child exec'd the program and exited long before its lines were
        # printed; its maps came from the kernel's mmap events
        assert names[i:i + 3] == ["stack_inner", "stack_outer", caller], st


def test_python_shows_libpython_frames(run_btftrace, tmp_path):
    python = "/usr/bin/python3"
    cmd = [python, "-c", "open('/etc/hostname').read()"]
    r = run_btftrace(["-k", "-e", "trace=openat"] + cmd)
    assert r.returncode == 0, r.stderr
    stacks = stacks_of(r.trace, r'openat\(AT_FDCWD, "/etc/hostname"')
    assert len(stacks) == 1
    fr = frames(stacks[0])
    # Debian links libpython into the interpreter: its frames are in /usr/bin/python3.X
    evals = [f for f in fr if f["symbol"] in ("_PyEval_EvalFrameDefault", "PyEval_EvalCode")]
    assert evals and all(re.search(r"python3|libpython", f["object"]) for f in evals), \
        stacks[0]
    assert [f["symbol"] for f in fr][-2:] == ["__libc_start_main", "_start"], stacks[0]
    if not shutil.which(STRACE):
        pytest.skip("strace is not installed: the comparison needs it")
    s = subprocess.run([STRACE, "-k", "-e", "trace=openat", "-o", str(tmp_path / "s")] + cmd,
                       capture_output=True, text=True, timeout=60)
    assert s.returncode == 0, s.stderr
    theirs = frames(stacks_of((tmp_path / "s").read_text(), r'"/etc/hostname"')[0])
    assert [(f["object"], f["rel"]) for f in fr] == [(f["object"], f["rel"]) for f in theirs]


def test_copy_size_bounds_the_stack_and_says_so(run_btftrace, workload):
    prog = workload("stack_calls")
    # 20 frames of 1 KiB each: past 4 KiB of copy, within 16 KiB
    r = run_btftrace(["-k", "--stack-trace-size", "4096", "-e", "trace=openat", prog, "deep",
                      "20"])
    assert r.returncode == 0, r.stderr
    st = stacks_of(r.trace, r'"/etc/hostname"')[0]
    assert st[-1] == " > unwinding stopped: the 4096 bytes of stack copied end here " \
        "(--stack-trace-size)", st
    assert "main" not in symbols(st[:-1])
    r = run_btftrace(["-k", "--stack-trace-size", "16384", "-e", "trace=openat", prog, "deep",
                      "8"])
    st = stacks_of(r.trace, r'"/etc/hostname"')[0]
    names = symbols(st)
    assert names.count("stack_deep") == 9 and "main" in names, st
    r = run_btftrace(["-k", "--stack-trace-frame-limit", "3", "-e", "trace=openat", prog])
    st = stacks_of(r.trace, r'"/etc/hostname"')[0]
    assert symbols(st)[1:] == ["stack_inner", "stack_outer"], st


def test_source_lines(run_btftrace, workload):
    r = run_btftrace(["-kk", "-e", "trace=openat", workload("stack_calls")])
    assert r.returncode == 0, r.stderr
    fr = frames(stacks_of(r.trace, r'"/etc/hostname"')[0])
    by_name = {f["symbol"]: f for f in fr}
    # the line of the call in each function of the workload
    with open(os.path.join(REPO, "tests", "workloads", "stack_calls.c")) as f:
        source = f.read().splitlines()
    for name, call in (("stack_inner", "open(p, O_RDONLY)"), ("stack_outer", "stack_inner(p)")):
        src = by_name[name]["src"]
        assert src and src.split(":")[0].endswith("stack_calls.c"), by_name[name]
        assert call in source[int(src.split(":")[1]) - 1], src


def test_json_frames_are_the_text_frames(run_btftrace, workload):
    prog = workload("stack_calls")
    text = run_btftrace(["-k", "-e", "trace=openat", prog]).trace
    r = run_btftrace(["--format=json", "-k", "-e", "trace=openat", prog])
    assert r.returncode == 0, r.stderr
    objs = [json.loads(line) for line in r.trace.splitlines()]
    call = [o for o in objs if o.get("syscall") == "openat"
            and o["args"][1]["value"]["str"] == "/etc/hostname"][0]
    assert call["stack_mode"] == "dwarf"
    assert "stack_stop" not in call
    tf = frames(stacks_of(text, r'"/etc/hostname"')[0])
    assert [(f["object"], f["symbol"], int(f["rel"], 16)) for f in tf] == \
        [(f["object"], f["symbol"] or "", int(f["rel"], 16)) for f in call["stack"]]
    for f in call["stack"]:
        assert int(f["address"], 16) > 0
        assert f["build_id"] is None or re.fullmatch(r"[0-9a-f]{40}", f["build_id"]), f
        if f["symbol"] == "stack_inner":
            assert f["offset"] == int(tf[1]["offset"], 16)
    # calls without stacks: none of the members
    others = [o for o in objs if o.get("event") == "call" and o is not call
              and o["syscall"] != "openat"]
    assert all("stack" not in o for o in others)


def test_frame_pointer_mode(run_btftrace, workload):
    r = run_btftrace(["--format=json", "--stack-trace=fp", "-e", "trace=openat",
                      workload("stack_calls_fp")])
    assert r.returncode == 0, r.stderr
    objs = [json.loads(line) for line in r.trace.splitlines()]
    call = [o for o in objs if o.get("syscall") == "openat"
            and o["args"][1]["value"]["str"] == "/etc/hostname"][0]
    assert call["stack_mode"] == "fp"
    # the call's own frame, in libc; libc keeps no frame pointer, so the kernel's walk may
    # end there (the man page says so)
    assert call["stack"][0]["object"].endswith("/libc.so.6")
    assert call["stack"][0]["symbol"] in ("__open", "__open64", "open64", "open")


def test_kernel_stack_without_bpf_frames(run_btftrace, workload):
    r = run_btftrace(["-d", "-k", "--kernel-stack", "-e", "trace=openat",
                      workload("stack_calls")])
    assert r.returncode == 0, r.stderr
    m = re.search(r"stacks: (\d+) of (\d+) kernel frames at sys_enter are BPF's, skipped: "
                  r"(.*); the first kept: (\S+)", r.stderr)
    assert m, r.stderr
    assert int(m.group(1)) >= 1
    st = stacks_of(r.trace, r'"/etc/hostname"')[0]
    kernel = [f for f in frames(st) if f["object"] == "[kernel.kallsyms]"]
    assert kernel, st
    # the probe's first kept frame is the first shown; nothing of BPF's is
    assert kernel[0]["symbol"] == m.group(4)
    assert not any(re.match(r"bpf_prog_|bpf_trace_run|__bpf_trace_|__traceiter_", f["symbol"])
                   for f in kernel), st
    assert "do_syscall_64" in [f["symbol"] for f in kernel]
    # then the user's frames
    names = symbols(st)
    assert names.index("stack_inner") > names.index("do_syscall_64")


@pytest.mark.parametrize("opts,args,at_exit", [
    # answered by btftrace, the call never entered: its enter and stack records are made at
    # its sys_exit, the kernel frames the exit's (the probe's skip at sys_exit). The path is
    # given on the command line: its page is present when the enter record is made then.
    (["-e", "inject=openat:error=ENOENT:when=3+"], ["/etc/hostname"], True),
    # -P decides in the kernel whether the call is shown, at sys_enter when it can read the
    # path then
    (["-P", "/etc/hostname"], ["/etc/hostname"], False),
    # the program's own string, in a page the process may not have touched yet: -P may wait
    # for the call's exit to read it, and the enter and stack records are sent then
    (["-P", "/etc/hostname"], [], None),
])
def test_stacks_with_injection_and_paths(run_btftrace, workload, opts, args, at_exit):
    r = run_btftrace(["-k", "--kernel-stack", "-e", "trace=openat"] + opts
                     + [workload("stack_calls")] + args)
    assert r.returncode == 0, r.stderr
    stacks = stacks_of(r.trace, r'openat\(AT_FDCWD, "/etc/hostname"')
    assert len(stacks) == 1, r.trace
    line = [x for x in r.trace.splitlines() if '"/etc/hostname"' in x][0]
    assert line.endswith("(INJECTED)") == bool(at_exit), line
    st = frames(stacks[0])
    kernel = [f["symbol"] for f in st if f["object"] == "[kernel.kallsyms]"]
    assert "do_syscall_64" in kernel, stacks[0]
    assert not any(re.match(r"bpf_prog_|bpf_trace_run|__bpf_trace_|__traceiter_", k)
                   for k in kernel), stacks[0]
    # the exit's kernel path, or the enter's
    if at_exit is not None:
        assert kernel[0].startswith("syscall_exit" if at_exit else "syscall_trace_enter"), \
            kernel
    names = symbols(stacks[0])
    i = names.index("stack_inner")
    assert names[i:i + 3] == ["stack_inner", "stack_outer", "main"], stacks[0]


@pytest.mark.parametrize("args,message", [
    (["--stack-trace=bogus"], r"invalid --stack-trace value 'bogus': give dwarf, fp, symbol "
     r"or source"),
    (["--stack-trace-size", "4096"], r"--stack-trace-size sets how user stacks are shown: "
     r"add -k to show them"),
    (["--stack-trace=fp", "--stack-trace-size", "4096"], r"--stack-trace-size is the copy"),
    (["-k", "-c"], r"-c shows none: use -C"),
    (["-k", "--format=perfetto", "-o", "/dev/null"],
     r"--format=perfetto has no place for stacks"),
    (["-k", "--stack-trace-size", "99999"], r"invalid --stack-trace-size value '99999'"),
])
def test_bad_stack_options(btftrace, bpf_snapshot, args, message):
    snap = bpf_snapshot()
    r = subprocess.run([btftrace] + args + ["--", "true"], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2, r.stderr
    assert r.stdout == ""
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("btftrace: "), r.stderr
    assert re.search(message, lines[0]), lines[0]
    snap.assert_clean()

# SPDX-License-Identifier: GPL-2.0
"""End-to-end tests of strace's options of issue 18, each against strace 6.1 on the same program
where strace has the option: the same lines, files or effect."""
import os
import re
import shutil
import subprocess

import pytest

STRACE = shutil.which("strace")
needs_strace = pytest.mark.skipif(STRACE is None,
                                  reason="strace is not installed (apt-get install strace)")

# a shell that forks one child, which runs a second shell: three processes' calls
FORKING = ["sh", "-c", '/bin/sh -c "echo \\$\\$ >/dev/null"; echo $$ >/dev/null']


def run_strace(args, timeout=120, **kw):
    proc = subprocess.run([STRACE] + [str(a) for a in args], capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL, **kw)
    return proc


def split_files(prefix):
    """{pid: text} of the files FILE.PID that -ff -o FILE wrote."""
    d, base = os.path.split(str(prefix))
    out = {}
    for name in os.listdir(d):
        m = re.fullmatch(re.escape(base) + r"\.(\d+)", name)
        if m:
            with open(os.path.join(d, name)) as f:
                out[int(m.group(1))] = f.read()
    return out


def normal_files(files):
    """The files' texts in pid order, each process's pid named by its place in that order."""
    names = {pid: f"P{i}" for i, pid in enumerate(sorted(files))}
    texts = []
    for pid in sorted(files):
        text = files[pid]
        for p, n in names.items():
            text = re.sub(rf"\b{p}\b", n, text)
        texts.append(re.sub(r"\s+= ", " = ", text))
    return texts


@needs_strace
def test_output_separately_as_strace(run_btftrace, tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "s").mkdir()
    args = ["-e", "trace=getpid,exit_group", "-e", "signal=none", "--"] + FORKING
    rc, _, err, _ = run_btftrace(["-ff", "-o", tmp_path / "b" / "out"] + args, trace=False)
    assert rc == 0, err
    st = run_strace(["-ff", "-o", tmp_path / "s" / "out"] + args)
    assert st.returncode == 0, st.stderr
    ours, theirs = split_files(tmp_path / "b" / "out"), split_files(tmp_path / "s" / "out")
    assert len(ours) == 2 and len(theirs) == 2, (ours, theirs)
    assert normal_files(ours) == normal_files(theirs)
    assert not any("[pid" in t for t in ours.values())


def test_output_separately_appends_with_A(run_btftrace, tmp_path):
    out = tmp_path / "out"
    for _ in range(2):
        rc, _, err, _ = run_btftrace(["-ff", "-A", "-o", out, "-e", "trace=exit_group",
                                      "--", "true"], trace=False)
        assert rc == 0, err
    files = split_files(out)
    assert len(files) == 2 and all(t.count("exit_group(0)") == 1 for t in files.values())
    # without -A, a file is replaced: -o alone
    single = tmp_path / "single"
    single.write_text("old line\n")
    run_btftrace(["-o", single, "-e", "trace=exit_group", "--", "true"], trace=False)
    assert "old line" not in single.read_text()
    run_btftrace(["-A", "-o", single, "-e", "trace=exit_group", "--", "true"], trace=False)
    assert single.read_text().count("exit_group(0)") == 2


def test_output_separately_needs_o(run_btftrace):
    rc, _, err, _ = run_btftrace(["-ff", "-e", "trace=exit_group", "--", "true"], trace=False)
    assert rc == 0
    assert "--output-separately has no effect without -o/--output" in err
    assert "exit_group(0)" in err
    rc, _, err, _ = run_btftrace(["-A", "-e", "trace=exit_group", "--", "true"], trace=False)
    assert rc == 0 and "-A/--output-append-mode has no effect without -o" in err


@needs_strace
def test_user_env_argv0(run_btftrace):
    script = 'echo "$0|${FOO-unset}|${HOME-unset}"; id -u; id -g; id -G'
    args = ["-u", "nobody", "-E", "FOO=bar", "-E", "HOME", "-e", "trace=none", "--",
            "sh", "-c", script]
    rc, out, err, _ = run_btftrace(args)
    assert rc == 0, err
    st = run_strace(args)
    assert st.returncode == 0, st.stderr
    assert out == st.stdout
    assert out.splitlines()[0] == "sh|bar|unset"
    assert out.splitlines()[1] == str(subprocess.run(["id", "-u", "nobody"], text=True,
                                                     capture_output=True).stdout.strip())
    # --argv0 (strace 6.1 has no such option; newer strace's meaning)
    rc, out, err, _ = run_btftrace(["--argv0", "renamed", "-e", "trace=execve", "--",
                                    "sh", "-c", 'echo "$0"'])
    assert rc == 0 and out == "renamed\n", (out, err)


def test_argv0_is_the_commands_name(run_btftrace):
    rc, out, err, trace = run_btftrace(["--argv0", "renamed", "-e", "trace=execve", "--",
                                        "cat", "/proc/self/cmdline"])
    assert rc == 0, err
    assert out.split("\0")[0] == "renamed"
    assert trace.startswith('execve("/usr/bin/cat", ["renamed", "/proc/self/cmdline"]'), trace


@pytest.mark.parametrize("args,message", [
    (["-u", "no-such-user-here", "true"], "cannot find user 'no-such-user-here' for -u"),
    (["-E", "=x", "true"], "invalid -E value '=x'"),
    (["-E", "", "true"], "invalid -E value ''"),
    (["--argv0", "", "true"], "invalid --argv0 value ''"),
    (["-ff", "-c", "-o", "/tmp/x", "true"], "-c/-C and -ff/--output-separately exclude"),
    (["-ff", "--format=json", "-o", "/tmp/x", "true"], "-ff/--output-separately writes text"),
    (["-u", "nobody", "-p", "1"], "-u, -E and --argv0 apply to a command"),
])
def test_bad_command_options(run_btftrace, args, message):
    rc, _, err, _ = run_btftrace(args, trace=False)
    assert rc == 2, err
    assert err.startswith("btftrace: ") and message in err, err
    assert len(err.strip().splitlines()) == 1, err


def strace_like(text):
    """Lines with one space before ' = ': strace pads the call to column 40 from the line's
    start, this tree (before the true-lines work) from the call's."""
    return [re.sub(r"\s+= ", " = ", line) for line in text.splitlines()]


def pid_free(lines):
    return [re.sub(r"= \d+$", "= PID", line) for line in lines]


@needs_strace
def test_syscall_numbers_and_instruction_pointers_as_strace(run_btftrace, tmp_path):
    # without address space randomization both runs load libc at the same address, so the
    # addresses of the calls are the same in both traces
    # (setarch runs randomized itself, and makes no getpid or exit_group call)
    args = ["-n", "-i", "-e", "trace=getpid,exit_group", "--", "setarch", "-R",
            "sh", "-c", "echo $$ >/dev/null"]
    rc, _, err, trace = run_btftrace(args)
    assert rc == 0, err
    st = run_strace(["-o", tmp_path / "s.txt"] + args)
    assert st.returncode == 0, st.stderr
    ours = pid_free(strace_like(trace))
    theirs = pid_free(strace_like((tmp_path / "s.txt").read_text()))
    assert ours == theirs
    assert ours[-2].startswith("[ 231] [0000") and ours[-1] == \
        "[ 231] [????????????????] +++ exited with 0 +++", ours
    # each alone
    _, _, _, numbers = run_btftrace(["-n", "-e", "trace=getpid", "--", "sh", "-c",
                                     "echo $$ >/dev/null"])
    assert re.match(r"^\[  39\] getpid\(\) +=", numbers), numbers
    _, _, _, ips = run_btftrace(["-i", "-e", "trace=getpid", "--", "sh", "-c",
                                 "echo $$ >/dev/null"])
    assert re.match(r"^\[[0-9a-f]{16}\] getpid\(\) +=", ips), ips


def test_instruction_pointer_in_json(run_btftrace):
    import json
    _, _, _, trace = run_btftrace(["-i", "--format=json", "-e", "trace=getpid", "--", "sh",
                                   "-c", "echo $$ >/dev/null"])
    calls = [json.loads(l) for l in trace.splitlines() if '"call"' in l]
    assert calls and all(re.fullmatch(r"0x7f[0-9a-f]+", c["ip"]) for c in calls), calls
    _, _, _, plain = run_btftrace(["--format=json", "-e", "trace=getpid", "--", "sh", "-c",
                                   "echo $$ >/dev/null"])
    assert '"ip"' not in plain


@needs_strace
@pytest.mark.parametrize("how", [
    ["-e", "status=successful"], ["-e", "status=failed"], ["-e", "status=unfinished"],
    ["-e", "status=failed,unfinished"], ["-e", "status=!failed"], ["-e", "status=none"],
    ["-e", "status=all"], ["--status=Successful"], ["-z"], ["-Z"], ["-z", "-Z"],
    ["-Z", "-e", "status=successful"], ["--failed-only"], ["--successful-only"],
])
def test_status_as_strace(run_btftrace, tmp_path, how):
    args = how + ["-e", "trace=openat,close,exit_group", "--", "cat", "/nonexistent"]
    rc, _, err, trace = run_btftrace(args)
    assert rc == 1, err
    st = run_strace(["-o", tmp_path / "s.txt"] + args)
    assert st.returncode == 1, st.stderr
    assert strace_like(trace) == strace_like((tmp_path / "s.txt").read_text())


@needs_strace
def test_status_shows_a_waiting_call_whole(run_btftrace, tmp_path):
    # the shell waits for its child in wait4: without -e status= the call is split by the
    # child's lines; with it, strace holds the line and shows it whole at its end
    args = ["-f", "-e", "status=successful", "-e", "trace=wait4,nanosleep,clock_nanosleep",
            "-e", "signal=none", "--", "sh", "-c", "sleep 0.3; true"]
    rc, _, err, trace = run_btftrace(args)
    assert rc == 0, err
    st = run_strace(["-o", tmp_path / "s.txt"] + args)
    assert st.returncode == 0, st.stderr
    def plain(lines):
        # strace -f -o FILE puts the pid in a column; addresses differ from run to run
        lines = [re.sub(r"^(\[pid +\d+\]|\d+) +", "", l) for l in lines]
        lines = [re.sub(r"0x[0-9a-f]{6,}", "ADDR", l) for l in lines]
        return [re.sub(r"= \d+$", "= PID", l) for l in lines if "exited" not in l]

    ours = plain(strace_like(trace))
    theirs = plain(strace_like((tmp_path / "s.txt").read_text()))
    assert ours == theirs
    assert any(l.startswith("wait4(-1, [{WIFEXITED(s)") for l in ours), ours
    assert not any("unfinished" in l or "resumed" in l for l in ours), ours


def test_syscall_limit(run_btftrace):
    # newer strace's option (6.1 lacks it): stop after N calls shown; those -e status= leaves
    # out do not count; the command runs on to its end
    rc, out, err, trace = run_btftrace(["--syscall-limit", "2", "-e", "status=failed", "--",
                                        "cat", "/nonexistent", "/etc/hostname"])
    assert rc == 1, err
    calls = trace.splitlines()
    assert len(calls) == 2 and all("= -1 E" in l for l in calls), trace
    assert out == open("/etc/hostname").read()


@needs_strace
@pytest.mark.parametrize("how", [
    ["-e", "quiet=exit"], ["-e", "quiet=exits"], ["-e", "quiet=!exit"], ["-e", "quiet=all"],
    ["-e", "quiet=none"], ["-e", "quiet=attach,personality,path-resolution"],
    ["-e", "quiet=thread-execve,superseded"], ["--quiet=exit", "-e", "quiet=none"],
    ["-q"], ["-qq"], ["-qqq"], ["--quiet"],
])
def test_quiet_as_strace(run_btftrace, tmp_path, how):
    args = how + ["-e", "trace=exit_group", "--", "true"]
    rc, _, err, trace = run_btftrace(args)
    assert rc == 0, err
    st = run_strace(["-o", tmp_path / "s.txt"] + args)
    assert st.returncode == 0, st.stderr
    assert strace_like(trace) == strace_like((tmp_path / "s.txt").read_text())


def test_quiet_signals_is_btftrace_own(run_btftrace):
    args = ["-e", "trace=none", "--", "sh", "-c", "trap : USR1; kill -USR1 $$; true"]
    _, _, _, shown = run_btftrace(args)
    assert "--- SIGUSR1 {" in shown, shown
    _, _, _, hidden = run_btftrace(["-e", "quiet=signals"] + args)
    assert "--- SIGUSR1" not in hidden and "+++ exited with 0 +++" in hidden, hidden
    # strace's all leaves signal lines alone (they are -e signal='s): only the exit goes
    _, _, _, all_quiet = run_btftrace(["-e", "quiet=all"] + args)
    assert "--- SIGUSR1 {" in all_quiet and "+++" not in all_quiet, all_quiet


@needs_strace
def test_status_keeps_fd_paths(run_btftrace, tmp_path):
    # the openat and dup2 that made fd 0 a directory are not shown, yet -y names it in the
    # failed read: the fd table followed the calls status= left out. (failed,unfinished:
    # -Z alone is decided in the kernel, which sends no successful call at all)
    args = ["-y", "-e", "status=failed,unfinished", "--", "sh", "-c",
            "exec 3</; read x <&3; true"]
    rc, _, err, trace = run_btftrace(args)
    assert rc == 0, err
    st = run_strace(["-o", tmp_path / "s.txt"] + args)
    assert st.returncode == 0, st.stderr

    def plain(text):
        return [re.sub(r"0x[0-9a-f]+", "ADDR", l) for l in strace_like(text)]

    ours = plain(trace)
    assert "read(0</>, ADDR, 1) = -1 EISDIR (Is a directory)" in ours, ours
    assert ours == plain((tmp_path / "s.txt").read_text())


def plain_addresses(text):
    """strace_like lines with the addresses (execve's envp) that differ between runs out."""
    return [re.sub(r"0x[0-9a-f]{6,}", "ADDR", l) for l in strace_like(text)]


@needs_strace
@pytest.mark.parametrize("args", [
    # the command's own exec is traced; the shell's exec of another program detaches
    ["-b", "execve", "-e", "trace=execve,exit_group", "--", "sh", "-c", "exec /bin/true"],
    # with -f each child detaches at its exec: no exit lines of theirs; execs that fail
    # (the shell's search of PATH) go on traced
    ["-f", "--detach-on=execve", "-e", "trace=execve,exit_group", "-e", "signal=none",
     "-E", "PATH=/nonexistent:/bin", "--", "sh", "-c", "/bin/true;(exec true_);/bin/true"],
])
def test_detach_on_execve_as_strace(run_btftrace, tmp_path, args):
    rc, _, err, trace = run_btftrace(args)
    assert rc == 0, err
    st = run_strace(["-o", tmp_path / "s.txt"] + args)
    assert st.returncode == 0, st.stderr

    def plain(text):
        # -f -o FILE: each line starts with its pid, a new one in each run
        names = {}
        lines = []
        for line in plain_addresses(text):
            m = re.match(r"^(\d+) +", line)
            if m:
                names.setdefault(m.group(1), f"P{len(names)}")
                line = names[m.group(1)] + " " + line[m.end():]
            lines.append(line)
        return lines

    ours = plain(trace)
    assert ours == plain((tmp_path / "s.txt").read_text())
    assert sum(l.endswith("<detached ...>") for l in ours) == (2 if "-f" in args else 1), ours


def test_detach_on_execve_ends_with_the_attached_process(btftrace, spawn, tmp_path):
    # -p: the process's first exec detaches (only a command's own is traced); btftrace ends
    # there, while the new program runs on
    import time
    from conftest import bpf_ids_held, proc_state, wait_for
    r, w = os.pipe()
    target = spawn(["sh", "-c", "read x; exec /bin/sleep 30"], stdin=r)
    os.close(r)
    assert wait_for(lambda: proc_state(target.pid) == "S", 5)
    trace_path = tmp_path / "trace.txt"
    bt = spawn([btftrace, "-o", trace_path, "-b", "execve", "-e", "trace=execve", "-p",
                target.pid])
    assert wait_for(lambda: len(bpf_ids_held(bt.pid)["link"]) >= 2, 10), "never attached"
    time.sleep(0.3)
    os.write(w, b"go\n")
    os.close(w)
    assert bt.wait(timeout=10) == 0, bt.stderr.read().decode()
    assert target.poll() is None  # the new program runs on, untraced
    lines = trace_path.read_text().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith('execve("/bin/sleep", ["/bin/sleep", "30"]'), lines
    assert lines[0].endswith(" <detached ...>"), lines


def test_detach_on_execve_in_json(run_btftrace):
    import json
    rc, _, err, trace = run_btftrace(["-b", "execve", "--format=json", "-e", "trace=execve",
                                      "--", "sh", "-c", "exec /bin/true"])
    assert rc == 0, err
    calls = [json.loads(l) for l in trace.splitlines()]
    calls = [c for c in calls if c["event"] == "call"]
    assert [c.get("detached", False) for c in calls] == [False, True], calls
    assert calls[1]["state"] == "unfinished" and "/bin/true" in json.dumps(calls[1]), calls


@needs_strace
@pytest.mark.parametrize("how", [
    ["-e", "raw=all"], ["-e", "raw=openat,read"], ["-e", "raw=close", "-e", "raw=%file"],
    ["-e", "verbose=none"], ["-e", "verbose=!newfstatat"], ["-e", "v=%desc"],
    ["-e", "abbrev=!newfstatat"], ["-e", "abbrev=none"], ["-v", "-e", "abbrev=read"],
    ["-e", "abbrev=read", "-v"], ["-e", "raw=read", "-e", "verbose=none", "-v"],
])
def test_raw_verbose_abbrev_as_strace(run_btftrace, tmp_path, how):
    # every call of cat but those that differ from run to run: execve (the environment),
    # set_tid_address and the getpids, getrandom; its output to /dev/null, whose stat stays
    skip = "trace=!execve,set_tid_address,getrandom,getpid,getppid"
    cat = ["sh", "-c", "exec cat /etc/hostname >/dev/null"]
    args = how + ["-e", skip, "-e", "signal=none", "--"] + cat
    rc, out, err, trace = run_btftrace(args)
    assert rc == 0, err
    st = run_strace(["-o", tmp_path / "s.txt"] + args)
    assert st.returncode == 0, st.stderr
    ours = plain_addresses(trace)
    assert ours == plain_addresses((tmp_path / "s.txt").read_text())
    # each set was taken: the lines differ from the plain trace's
    _, _, _, default = run_btftrace(["-e", skip, "-e", "signal=none", "--"] + cat)
    if how != ["-e", "abbrev=read", "-v"]:  # -v after it: all in full, as -v alone
        assert ours != plain_addresses(default)


def test_raw_in_json(run_btftrace):
    import json
    rc, _, err, trace = run_btftrace(["--format=json", "-e", "raw=openat", "-e",
                                      "trace=openat", "--", "cat", "/etc/hostname"])
    assert rc == 0, err
    calls = [json.loads(l) for l in trace.splitlines()]
    calls = [c for c in calls if c["event"] == "call"]
    assert calls and "/etc/hostname" not in json.dumps(calls), calls


# ---------------------------------------------------------------- strace's long option names


@needs_strace
@pytest.mark.parametrize("long, short", [
    (["--trace=openat,close"], ["-e", "trace=openat,close"]),
    (["--trace=%file", "--signal=none"], ["-e", "trace=%file", "-e", "signal=none"]),
    (["--trace=openat", "--raw=openat"], ["-e", "trace=openat", "-e", "raw=openat"]),
    (["--trace=openat", "--no-abbrev"], ["-e", "trace=openat", "-v"]),
    (["--trace=openat", "--abbrev=none"], ["-e", "trace=openat", "-e", "abbrev=none"]),
    (["--trace=newfstatat", "--verbose=none"], ["-e", "trace=newfstatat", "-e", "verbose=none"]),
    (["--trace=openat", "--const-print-style=raw"], ["-e", "trace=openat", "-X", "raw"]),
    (["--trace=openat", "--silent=exit"], ["-e", "trace=openat", "-e", "quiet=exit"]),
    (["--trace=openat", "--silence=exit"], ["-e", "trace=openat", "-e", "quiet=exit"]),
    (["-f", "--seccomp-bpf", "--trace=openat"], ["-f", "-e", "trace=openat"]),
])
def test_long_option_names_as_strace(run_btftrace, tmp_path, long, short):
    """strace 6.1's long names of -e qualifiers and short options: scripts written for strace
    run unchanged, and the lines are strace's for the long name and the short one alike."""
    cat = ["cat", "/etc/hostname", "/nonexistent"]
    rc, _, err, ours = run_btftrace(long + ["--"] + cat)
    assert rc == 1, err
    rc, _, err, short_trace = run_btftrace(short + ["--"] + cat)
    assert rc == 1, err
    st = run_strace(["-o", tmp_path / "s.txt"] + long + cat)
    assert st.returncode == 1, st.stderr

    def normal(text):
        # -f: the leading pid of each line, which differs from run to run
        return plain_addresses(re.sub(r"^\d+ ", "PID ", text, flags=re.M))

    assert normal(ours) == normal(short_trace)
    assert normal(ours) == normal((tmp_path / "s.txt").read_text())


@needs_strace
@pytest.mark.parametrize("column", ["0", "1", "20", "40", "64"])
def test_columns_as_strace(run_btftrace, tmp_path, column):
    """--columns N is strace's -a N: " = " after the call padded to column N of the line (the
    prefix counted), nothing padded for 0; btftrace's -a is the whole system, as perf trace's."""
    args = ["-e", "trace=openat,close,exit_group", "--", "cat", "/etc/hostname"]
    rc, _, err, ours = run_btftrace(["--columns", column] + args)
    assert rc == 0, err
    st = run_strace(["-o", tmp_path / "s.txt", "-a", column] + args)
    assert st.returncode == 0, st.stderr
    assert ours == (tmp_path / "s.txt").read_text()


@pytest.mark.parametrize("value", ["x", "-1", "4097", ""])
def test_columns_bad_value(run_btftrace, value):
    rc, _, err, _ = run_btftrace([f"--columns={value}", "--", "true"], trace=False)
    assert rc == 2 and err == f"btftrace: invalid --columns value '{value}': give a whole " \
        "number from 0 to 4096\n", err


# strace's timestamp and duration forms, with the digits each precision asks
TIME_FORMS = {
    "time": r"\d\d:\d\d:\d\d", "unix": r"\d{10}",
}


def shapes(text):
    """Each line with its digits of time made D: the two tracers' times differ, not their
    shapes (the column of " = " moves with the prefix's width)."""
    return [re.sub(r"\d", "D", line) for line in text.splitlines()]


@needs_strace
@pytest.mark.parametrize("how", [
    ["--absolute-timestamps"], ["--absolute-timestamps="], ["--timestamps=precision:s"],
    ["--absolute-timestamps=precision:ms"], ["--absolute-timestamps=format:unix,precision:ns"],
    ["--absolute-timestamps=unix"], ["--absolute-timestamps=us,time"],
    ["--relative-timestamps=s"], ["--relative-timestamps=ms"], ["-r", "--relative-timestamps=ns"],
    ["--syscall-times=s"], ["--syscall-times=ms"], ["-T", "--syscall-times=ns"],
    ["-r", "-t"], ["-r", "-tt", "-T"], ["-r", "-ttt"], ["--relative-timestamps=ms", "-t"],
    ["-t"], ["-tt"], ["-ttt"], ["-r"], ["-T"],
])
def test_timestamp_forms_as_strace(run_btftrace, tmp_path, how):
    """-t, -r and -T and their long forms with a precision (s, ms, us, ns), alone and
    together: -r after a time of day is "(+ SECONDS)", as strace 6.1 writes it."""
    args = how + ["-e", "trace=getppid,exit_group", "--", "perl", "-e", "getppid()"]
    rc, _, err, ours = run_btftrace(args)
    assert rc == 0, err
    st = run_strace(["-o", tmp_path / "s.txt"] + args)
    assert st.returncode == 0, st.stderr
    theirs = (tmp_path / "s.txt").read_text()
    assert shapes(re.sub(r"= \d+", "= N", ours)) == shapes(re.sub(r"= \d+", "= N", theirs))


@pytest.mark.parametrize("args, message", [
    (["--absolute-timestamps=bogus"], "invalid --absolute-timestamps item 'bogus'"),
    (["--absolute-timestamps=format:ms"], "invalid --absolute-timestamps item 'format:ms'"),
    (["--absolute-timestamps=precision:unix"],
     "invalid --absolute-timestamps item 'precision:unix'"),
    (["-t", "--absolute-timestamps"], "-t and --absolute-timestamps exclude each other"),
    (["--relative-timestamps=precision:ms"], "invalid --relative-timestamps value"),
    (["--syscall-times=1"], "invalid --syscall-times value '1': give s, ms, us or ns"),
])
def test_timestamp_forms_bad_values(run_btftrace, args, message):
    rc, _, err, _ = run_btftrace(args + ["--", "true"], trace=False)
    assert rc == 2, err
    assert err.startswith("btftrace: ") and message in err, err
    assert len(err.strip().splitlines()) == 1, err

# SPDX-License-Identifier: GPL-2.0
"""btftrace run by a user other than root, with exactly the capabilities README and btftrace(1)
say it needs (CAP_BPF, CAP_PERFMON, CAP_DAC_READ_SEARCH): it traces a command, a process of
another user (-p) and the whole system (-a); without one of them it says which, in one line,
with exit status 2 and nothing left attached.

The real binary runs as uid 65534 under setpriv (util-linux), which gives it the capabilities
as ambient ones: after the change of uid they are all its effective set holds.
"""
import os
import re
import shutil
import subprocess

import pytest

from conftest import RUN_TIMEOUT

NOBODY = 65534
# what README and the man page's CAPABILITIES name, in setpriv's spelling
NEEDED = ("bpf", "perfmon", "dac_read_search")
CAP_BITS = {"dac_read_search": 2, "sys_ptrace": 19, "perfmon": 38, "bpf": 39}
RESUMED, UNFINISHED = "<... pread64 resumed>", "<unfinished ...>"
# the marker's name, which -a --comm selects on the whole machine: this test process's, as
# other sessions run these tests too
MARKER_COMM = f"btcap{os.getpid()}"

pytestmark = pytest.mark.skipif(not shutil.which("setpriv"),
                                reason="setpriv (util-linux) is not installed")


def as_nobody(caps):
    """The argv prefix that runs a program as uid/gid 65534 holding exactly caps."""
    wanted = ",".join(["-all"] + [f"+{c}" for c in caps])
    return ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
            f"--inh-caps={wanted}", f"--ambient-caps={wanted}"]


def run_as_nobody(caps, argv, timeout=RUN_TIMEOUT):
    return subprocess.run(as_nobody(caps) + [str(a) for a in argv], capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def cap_mask(caps):
    mask = 0
    for c in caps:
        mask |= 1 << CAP_BITS[c]
    return mask


def status_field(text, name):
    m = re.search(rf"^{name}:\s*(\S+)", text, re.M)
    assert m, f"no {name} in:\n{text}"
    return m.group(1)


@pytest.fixture
def marker_process(spawn):
    """A root process named MARKER_COMM that reads /etc/hostname through fd 3, 50 times a
    second, for 30 s: a process of another user for -p and -a."""
    code = ("import os, time\n"
            f"open('/proc/self/comm', 'w').write({MARKER_COMM!r})\n"
            "fd = os.open('/etc/hostname', os.O_RDONLY)\n"
            "os.dup2(fd, 3)\n"
            "print('ready', flush=True)\n"
            "for i in range(1500):\n"
            "    os.pread(3, 16, 0)\n"
            "    time.sleep(0.02)\n")
    proc = spawn(["/usr/bin/python3", "-c", code], stdout=subprocess.PIPE)
    assert proc.stdout.readline().strip() == b"ready"
    return proc


def test_the_harness_gives_exactly_those_capabilities():
    # the checks below mean something only if the runs hold these capabilities and no others
    r = run_as_nobody(NEEDED, ["cat", "/proc/self/status"])
    assert r.returncode == 0, r.stderr
    assert status_field(r.stdout, "Uid").split("\t")[0] == str(NOBODY)
    assert int(status_field(r.stdout, "CapEff"), 16) == cap_mask(NEEDED), r.stdout


def test_traces_a_command_as_a_user_with_the_capabilities(btftrace, bpf_snapshot):
    snap = bpf_snapshot()
    with open("/etc/hostname", "rb") as f:
        hostname = f.read()
    r = run_as_nobody(NEEDED, [btftrace, "-f", "--stats", "--", "sh", "-c",
                               "cat /etc/hostname; id -u; grep CapEff /proc/self/status"])
    assert r.returncode == 0, r.stderr
    trace = r.stderr
    assert re.search(r'^\[pid +\d+\] openat\(AT_FDCWD, "/etc/hostname", O_RDONLY\) = 3$',
                     trace, re.M), trace[-3000:]
    # BTF decoding works too: the struct cat's fstat gets back, and the bytes it read
    assert re.search(r"fstat\w*\(3, .*\{st_mode=S_IFREG\|0\d+, st_size=\d+, ", trace), \
        trace[-3000:]
    assert re.search(r"read\(3, \"" + re.escape(hostname.decode().replace("\n", "\\n"))
                     + r"\"", trace), trace[-3000:]
    trace_lines = [line for line in trace.splitlines() if not line.startswith("btftrace: ")]
    # the children gone, one process again: no [pid N], as strace writes it
    assert trace_lines[-1] == "+++ exited with 0 +++", trace[-500:]
    # the command ran as the user, with none of btftrace's capabilities
    out = r.stdout.splitlines()
    assert out[:2] == [hostname.decode().strip(), str(NOBODY)], r.stdout
    assert int(status_field(r.stdout, "CapEff"), 16) == 0, r.stdout
    # run times are the one thing --stats cannot have without CAP_SYS_ADMIN, and it says so
    assert "BPF run times unavailable: Operation not permitted (the kernel counts them for " \
           "CAP_SYS_ADMIN only)" in trace
    snap.assert_clean()


def test_summary_as_a_user_with_the_capabilities(btftrace):
    r = run_as_nobody(NEEDED, [btftrace, "-c", "--hist", "--", "cat", "/etc/hostname"])
    assert r.returncode == 0, r.stderr
    # % time, seconds, usecs/call, calls, errors (some fail), syscall
    assert re.search(r"^ *[\d.]+ +[\d.]+( +\d+){2}( +\d+)? +openat$", r.stderr, re.M), r.stderr
    assert re.search(r"^openat: time in the call", r.stderr, re.M), r.stderr


@pytest.mark.parametrize("target", ["-p", "-a"])
def test_traces_another_users_process(btftrace, marker_process, target):
    where = ["-p", marker_process.pid] if target == "-p" else ["-a", "--comm", MARKER_COMM]
    shown = 4
    r = run_as_nobody(NEEDED, [btftrace, *where, "-e", "pread64", "--max-events", shown])
    assert r.returncode == 0, r.stderr
    with open("/etc/hostname", "rb") as f:
        data = f.read()[:16]
    expected = f'pread64(3, "{data.decode().replace(chr(10), "[nl]")}", 16, 0) = {len(data)}'
    expected = expected.replace("[nl]", "\\n")
    # the text pads the result to a column, as strace does
    lines = [re.sub(r" +=", " =", line) for line in r.stderr.splitlines()]
    # a call under way at the start shows only its end
    head_cut = bool(lines) and lines[0].startswith(RESUMED)
    if head_cut:
        lines = lines[1:]
    # one that blocked past the idle flush (a busy machine) shows unfinished, then resumed
    calls = []
    for line in lines:
        if line.startswith(RESUMED) and calls and calls[-1].endswith(UNFINISHED):
            calls[-1] = calls[-1][:-len(UNFINISHED)] + line[len(RESUMED):]
        else:
            calls.append(line)
    # and the last one, then, only its start: --max-events counts a call at its first line
    tail_cut = bool(calls) and calls[-1].endswith(UNFINISHED)
    if tail_cut:
        assert expected.startswith(calls.pop()[:-len(UNFINISHED)]), r.stderr
    assert head_cut + len(calls) + tail_cut == shown, r.stderr
    assert calls == [expected] * len(calls), r.stderr


def test_fd_paths_of_another_users_process_need_cap_sys_ptrace(btftrace, marker_process):
    # -y asks /proc/PID/fd, which the kernel shows to the owner or to CAP_SYS_PTRACE
    # two calls: the first may have been under way at the start, and show only its end
    argv = [btftrace, "-y", "-p", marker_process.pid, "-e", "pread64", "--max-events", "2"]
    without = run_as_nobody(NEEDED, argv)
    with_ptrace = run_as_nobody(NEEDED + ("sys_ptrace",), argv)
    assert without.returncode == 0 and with_ptrace.returncode == 0, \
        without.stderr + with_ptrace.stderr
    assert "pread64(3, " in without.stderr, without.stderr
    assert "pread64(3</etc/hostname>, " in with_ptrace.stderr, with_ptrace.stderr


@pytest.mark.parametrize("missing", NEEDED)
def test_a_missing_capability_is_named_in_one_line(btftrace, bpf_snapshot, missing):
    snap = bpf_snapshot()
    r = run_as_nobody([c for c in NEEDED if c != missing], [btftrace, "--", "true"])
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2, f"status {r.returncode}, stderr: {r.stderr}"
    assert len(lines) == 1 and lines[0].startswith("btftrace: "), r.stderr
    named = re.search(r"needs the (CAP_\w+) capability\b", lines[0])
    assert named and named.group(1) == f"CAP_{missing.upper()}", lines[0]
    snap.assert_clean()


def test_without_any_capability_both_bpf_ones_are_named(btftrace):
    r = run_as_nobody((), [btftrace, "--", "true"])
    assert r.returncode == 2, r.stderr
    assert re.search(r"^btftrace: tracing needs the CAP_BPF and CAP_PERFMON capabilities: ",
                     r.stderr), r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_syscalls_needs_only_tracefs_access(btftrace):
    # the catalog loads no BPF: CAP_DAC_READ_SEARCH is all it needs, and without it, it says so
    r = run_as_nobody(("dac_read_search",), [btftrace, "syscalls", "read"])
    assert r.returncode == 0, r.stderr
    assert re.search(r"^read\s+0\s+1\s+buf\s+char \*\s+buffer", r.stdout, re.M), r.stdout
    r = run_as_nobody((), [btftrace, "syscalls", "read"])
    assert r.returncode == 2 and not r.stdout, r.stderr
    assert re.fullmatch(r"btftrace: cannot read the syscall formats in \S+ \(Permission denied\)"
                        r": .* needs the CAP_DAC_READ_SEARCH capability .*\n", r.stderr), r.stderr


@pytest.mark.skipif(not shutil.which("setcap"), reason="setcap (libcap2-bin) is not installed")
def test_file_capabilities_let_a_user_trace(btftrace, tmp_path_factory):
    # the man page's other way: the capabilities on the binary, none given to the user
    copy = tmp_path_factory.mktemp("filecaps") / "btftrace"
    shutil.copy(btftrace, copy)
    subprocess.run(["setcap", "cap_bpf,cap_perfmon,cap_dac_read_search+ep", str(copy)],
                   check=True, capture_output=True)
    r = run_as_nobody((), [copy, "--", "grep", "CapEff", "/proc/self/status"])
    assert r.returncode == 0, r.stderr
    assert re.search(r'^openat\(AT_FDCWD, "/proc/self/status", O_RDONLY(\|O_NOCTTY)?\) += 3$',
                     r.stderr, re.M), r.stderr[-2000:]
    # file capabilities pass to no program btftrace runs
    assert int(status_field(r.stdout, "CapEff"), 16) == 0, r.stdout


def test_a_tracefs_group_stands_for_cap_dac_read_search(btftrace):
    # the man page's other way for tracefs: mounted for a group the user is in. tracefs has
    # one superblock, so this remounts the system's; only root's view was given before, and
    # root reads it whatever its mode: the original owner group and mode come back after.
    tracefs = "/sys/kernel/tracing"
    with open("/proc/mounts") as f:
        mounts = [line.split() for line in f]
    opts = [m[3] for m in mounts if m[1] == tracefs and m[2] == "tracefs"]
    if not opts or re.search(r"(^|,)(gid|mode)=", opts[-1]):
        pytest.skip(f"{tracefs} is not tracefs mounted with the default owner and mode")
    st = os.stat(tracefs)
    restore = f"remount,gid={st.st_gid},mode={st.st_mode & 0o7777:o}"
    subprocess.run(["mount", "-o", f"remount,gid={NOBODY},mode=0750", tracefs], check=True)
    try:
        r = run_as_nobody(("bpf", "perfmon"), [btftrace, "--", "cat", "/etc/hostname"])
    finally:
        subprocess.run(["mount", "-o", restore, tracefs], check=True)
    assert os.stat(tracefs).st_mode == st.st_mode and os.stat(tracefs).st_gid == st.st_gid
    assert r.returncode == 0, r.stderr
    assert re.search(r'^openat\(AT_FDCWD, "/etc/hostname", O_RDONLY\) += 3$', r.stderr, re.M), \
        r.stderr[-2000:]


def test_help_man_page_and_readme_name_the_capabilities(btftrace):
    from conftest import REPO
    from test_docs import man_text
    caps = [f"CAP_{c.upper()}" for c in NEEDED]
    help_text = subprocess.run([btftrace, "--help"], capture_output=True, text=True).stdout
    section = re.search(r"^\.SH CAPABILITIES\n(.*?)^\.SH ", man_text(), re.S | re.M)
    assert section, "the man page has no CAPABILITIES section"
    with open(os.path.join(REPO, "README.md")) as f:
        readme = f.read()
    for where, text in (("--help", help_text), ("man page", section.group(1)),
                        ("README.md", readme)):
        assert all(c in text for c in caps), f"{where} does not name all of {caps}"

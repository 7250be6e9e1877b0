# SPDX-License-Identifier: GPL-2.0
"""i386 calls: a 32-bit program (gcc -m32), and int $0x80 in a 64-bit one, decoded with the
i386 table and layouts, compared line by line with strace 6.1."""
import json
import os
import re
import shutil
import subprocess

import pytest

from conftest import REPO, RUN_TIMEOUT

SRC = os.path.join(REPO, "tests", "workloads", "i386", "i386_calls.c")


@pytest.fixture(scope="module", autouse=True)
def kernel_runs_i386(workload):
    """Skips the module where the kernel runs no i386 code at all: a kernel built with
    IA32_EMULATION can still have it off (ia32_emulation=false on its command line, or a
    hypervisor that does not offer it), and then int $0x80 is a general protection fault
    and a 32-bit program fails to exec. Nothing of btftrace's can be tested there; the
    kernel matrix (tests/kernel/) runs i386 code on Debian's kernels."""
    probe = subprocess.run([workload("int80")], stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=RUN_TIMEOUT)
    if probe.returncode < 0:
        pytest.skip(f"this kernel runs no i386 code: int $0x80 killed the probe with signal "
                    f"{-probe.returncode} (IA32 emulation is off); the kernel matrix covers it")


@pytest.fixture(scope="module")
def i386_calls(tmp_path_factory):
    """tests/workloads/i386/i386_calls.c built with gcc -m32."""
    exe = str(tmp_path_factory.mktemp("i386") / "i386_calls")
    cc = os.environ.get("CC", "cc")
    build = subprocess.run([cc, "-m32", "-O1", "-Wall", "-o", exe, SRC],
                           capture_output=True, text=True)
    if build.returncode != 0:
        pytest.fail(f"cannot build {SRC} with {cc} -m32 (gcc-multilib is missing? "
                    f"'make deps' installs it):\n{build.stderr}")
    return exe


def run(argv, timeout=RUN_TIMEOUT):
    """Runs argv, its trace on stderr; returns (returncode, stderr lines)."""
    proc = subprocess.run([str(a) for a in argv], stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          timeout=timeout, text=True, errors="replace")
    return proc.returncode, proc.stderr.splitlines()


def strace(argv):
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (apt-get install strace)")
    return run(["strace"] + list(argv))


# what differs between two runs of the same program, or on purpose between the two tracers
VARYING = [
    (re.compile(r"PID=\d+"), "PID=N"),
    (re.compile(r"^(getpid\(\)\s+= )\d+"), r"\1N"),
    (re.compile(r"(tv_sec|tv_nsec|tv_usec)=\d+"), r"\1=N"),
    (re.compile(r"\s+= "), " = "),
]


def normalise(line):
    for rx, to in VARYING:
        line = rx.sub(to, line)
    return line


def call_name(line):
    m = re.match(r"([a-z_0-9]+)\(", line)
    return m.group(1) if m else line


def test_32bit_program_as_strace(btftrace, i386_calls):
    """Every call of a 32-bit program has its i386 name, and its own calls (after the
    dynamic loader's) decode as strace decodes them: compat iovecs, 32-bit times, a 64-bit
    offset in two registers, a 64-bit time in a *_time64 call."""
    rc, ours = run([btftrace, "--", i386_calls])
    assert rc == 0, ours
    src, theirs = strace([i386_calls])
    assert src == 0, theirs
    assert re.fullmatch(r"\[ Process PID=\d+ runs in 32 bit mode\. \]", ours[1]) and \
        normalise(ours[1]) == normalise(theirs[1]), (ours[:3], theirs[:3])
    our_names = [call_name(l) for l in ours[2:]]
    their_names = [call_name(l) for l in theirs[2:]]
    assert our_names == their_names, "\n".join(
        f"{a:30} {b}" for a, b in zip(their_names, our_names))
    first = next(i for i, l in enumerate(theirs) if '"/etc/hostname"' in l)
    mine = [normalise(l) for l in ours[first:]]
    expected = [normalise(l) for l in theirs[first:]]
    assert mine == expected, "\n".join(f"strace   {b}\nbtftrace {a}"
                                       for a, b in zip(mine, expected) if a != b)
    # the lines the comparison covers, so that it cannot pass empty
    assert any(l.startswith('writev(1, [{iov_base="m32", iov_len=3}') for l in mine), mine
    assert "pread64(3, \"m\\n\", 2, 1) = 2" in mine, mine
    assert "nanosleep({tv_sec=N, tv_nsec=N}, NULL) = 0" in mine, mine


def test_int80_in_a_64bit_process_as_strace(btftrace, workload):
    """int $0x80 runs the i386 table: getpid is i386's 20 and write's arguments are in
    ebx, ecx and edx, not x86_64's registers; strace's mode lines come around them."""
    prog = workload("int80")
    rc, ours = run([btftrace, "--", prog])
    assert rc == 0, ours
    src, theirs = strace([prog])
    assert src == 0, theirs

    def tail(lines):
        start = next(i for i, l in enumerate(lines) if "runs in 32 bit mode" in l)
        return [normalise(l) for l in lines[start:]]

    assert tail(ours) == tail(theirs)
    assert 'write(1, "int80\\n", 6) = 6' in tail(ours), tail(ours)


def test_i386_calls_in_json(btftrace, workload, tmp_path):
    """JSON names the ABI and gives i386's number."""
    out = tmp_path / "t.jsonl"
    rc, err = run([btftrace, "--format=json", "-o", out, "--", workload("int80")])
    assert rc == 0, err
    calls = [json.loads(l) for l in out.read_text().splitlines()]
    calls = [c for c in calls if c["event"] == "call"]
    i386 = [(c["syscall"], c["nr"]) for c in calls if c.get("abi") == "i386"]
    assert i386 == [("getpid", 20), ("write", 4)], i386
    write = next(c for c in calls if c.get("abi") == "i386" and c["syscall"] == "write")
    assert write["args"][1]["value"]["data"] == "int80\n", write
    assert all("abi" not in c for c in calls if c["syscall"] == "exit_group")


def summary_tables(lines):
    """{"64": names, "32": names} of an -c table, as strace and btftrace print it."""
    tables, mode = {}, "64"
    for line in lines:
        if line.startswith("System call usage summary for 32 bit mode"):
            mode = "32"
        m = re.match(r"\s*[\d.]+\s+[\d.]+\s+\d+\s+.*\s([a-z_0-9]+)$", line)
        if m and m.group(1) != "total":
            tables.setdefault(mode, set()).add(m.group(1))
    return tables


def test_summary_has_a_32bit_table(btftrace, workload):
    """-c counts i386 calls apart, under strace's heading."""
    prog = workload("int80")
    rc, ours = run([btftrace, "-c", "--", prog])
    assert rc == 0, ours
    src, theirs = strace(["-c", prog])
    assert src == 0, theirs
    mine = summary_tables(ours)
    assert mine.get("32") == {"getpid", "write"}, ours
    assert mine == summary_tables(theirs), (ours, theirs)


def test_personality_lines_quiet(btftrace, workload, tmp_path):
    """--quiet=personality leaves the lines out; so does -o with a command, as strace."""
    prog = workload("int80")
    rc, lines = run([btftrace, "--quiet=personality", "--", prog])
    assert rc == 0 and lines and not [l for l in lines if "bit mode" in l], lines
    out = tmp_path / "t.txt"
    rc, err = run([btftrace, "-o", out, "--", prog])
    text = out.read_text()
    assert rc == 0 and "getpid()" in text and "bit mode" not in text, text

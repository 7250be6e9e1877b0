# SPDX-License-Identifier: GPL-2.0
"""Issue 18: strings in hex (-x, -xx, --strings-in-hex) and the data dumps of -e read= and
-e write=, line for line as strace 6.1 prints them on the same run of
tests/workloads/strings_io.c (strings of every kind, -y's paths, and every call strace dumps)."""
import difflib
import re
import shutil

import pytest

from conftest import excerpt
from test_decode_calls import joined, run_workload

# The run lies between the workload's two close_range(1000, 1000, 0) calls.
MARK = "close_range(1000, 1000, 0) = 0"
RESULT_RX = re.compile(r"\s+= ")
# an address the run chooses (a buffer the kernel did not fill)
ADDRESS_RX = re.compile(r"\b0x7ff[0-9a-f]+\b")
# the inodes of the files each run makes anew, and where their entries lie in the directory
DIRENT_RX = re.compile(r"\b(d_ino|d_off)=\d+")
# -y's <socket:[inode]> after the workload's socket fds 6 to 9, in any escaping: btftrace
# asks /proc for a socket's inode, and the workload may be gone by the time it prints
SOCKET_PATH_RX = re.compile(r"(?<![\w\\])([6-9])<[^<>]*>")

# Where btftrace and strace 6.1 decode the workload's calls differently, apart from strings:
# (regex on btftrace's line, replacement, why). Issue 18 does not change these.
KNOWN = [
    (re.compile(r"^(pwritev|preadv)\((.*), 0\)( = .*)$"), r"\1(\2)\3",
     "strace joins the offset's two halves, pos_l and pos_h, into one argument"),
    (re.compile(r"^(mknodat\(.*, 0600), 0\)( = .*)$"), r"\1)\2",
     "strace leaves out the device number of a file that is not a device"),
]


def normalise(line, ours):
    line = RESULT_RX.sub(" = ", line, count=1)
    line = ADDRESS_RX.sub("<P>", line)
    line = DIRENT_RX.sub(r"\1=<N>", line)
    line = SOCKET_PATH_RX.sub(r"\1", line)
    if ours:
        for rx, repl, _ in KNOWN:
            line = rx.sub(repl, line)
    return line


def section(trace, ours):
    """The run's lines, from mark to mark, the dumps' lines among them."""
    lines = [normalise(line, ours) for line in
             joined([ln for ln in trace.splitlines() if not ln.startswith(("--- ", "+++ "))])]
    marks = [i for i, line in enumerate(lines) if line == MARK]
    assert len(marks) >= 2, f"no two '{MARK}' lines:\n{excerpt(trace, 'close_range')}"
    return lines[marks[0]:marks[1] + 1]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("strings_io")


@pytest.fixture(scope="module")
def compare(btftrace, workload, workdir, tmp_path_factory):
    """compare(options) -> (btftrace's section, strace's) of the same run with the options."""
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (apt-get install strace)")
    exe = workload("strings_io")
    out = tmp_path_factory.mktemp("traces")

    def run(options):
        ours, theirs = out / "btftrace.txt", out / "strace.txt"
        run_workload([btftrace, "-o", str(ours), "-v"] + options + ["--", exe, str(workdir)],
                     workdir, quiet=True)
        run_workload(["strace", "-o", str(theirs), "-v"] + options + ["--", exe, str(workdir)],
                     workdir)
        return section(ours.read_text(errors="replace"), True), \
            section(theirs.read_text(errors="replace"), False)

    return run


def assert_same(ours, theirs):
    assert ours == theirs, "btftrace's lines differ from strace 6.1's:\n" + "\n".join(
        difflib.unified_diff(theirs, ours, "strace", "btftrace", lineterm=""))


@pytest.mark.parametrize("options", [
    [],
    ["-x"],
    ["-xx"],
    ["-xxx"],
    ["--strings-in-hex=non-ascii-chars"],
    ["--strings-in-hex=non-ascii"],
    ["--strings-in-hex=all"],
    ["--strings-in-hex"],
    ["--strings-in-hex=none"],
    ["--strings-in-hex=all", "--strings-in-hex=none"],
    ["-s", "4", "-x"],
    ["-y"],
    ["-y", "-x"],
    ["-y", "-xx"],
    ["-y", "--strings-in-hex=non-ascii-chars"],
], ids=lambda o: " ".join(o) or "default")
def test_strings_as_strace_quotes_them(compare, options):
    ours, theirs = compare(options)
    assert len(ours) >= 40, "the run is not all there:\n" + "\n".join(ours)
    assert_same(ours, theirs)


def test_x_changes_what_it_should(compare):
    """Not a vacuous comparison: each style shows the workload's strings differently."""
    plain, _ = compare([])
    hexed, _ = compare(["-x"])
    chars, _ = compare(["--strings-in-hex=non-ascii-chars"])
    every, _ = compare(["-xx"])
    line = 'write(3, "bin\\1\\2\\3x\\0012", 9) = 9'
    assert line in plain
    assert r'write(3, "\x62\x69\x6e\x01\x02\x03\x78\x01\x32", 9) = 9' in hexed
    assert r'write(3, "bin\x01\x02\x03x\x012", 9) = 9' in chars
    # -x leaves text alone, -xx does not
    assert 'write(3, "plain text\\n", 11) = 11' in hexed
    assert r'write(3, "\x70\x6c\x61\x69\x6e\x20\x74\x65\x78\x74\x0a", 11) = 11' in every


DUMPS = [
    ["-e", "read=all", "-e", "write=all"],
    ["-e", "read=3", "-e", "write=3"],
    ["--read=7", "--write=!3"],
    ["-e", "reads=3,7", "-e", "writes=4,6,9"],
    ["-e", "r=none", "-e", "w=!!6"],
    # as in strace, the last -e write= counts
    ["-e", "write=3", "-e", "write=6"],
    ["-x", "-y", "-e", "read=all", "-e", "write=all"],
    # only the calls traced are dumped
    ["-e", "trace=read,writev,close_range", "-e", "read=all", "-e", "write=all"],
]


@pytest.mark.parametrize("options", DUMPS, ids=lambda o: " ".join(o))
def test_dumps_as_strace_dumps_them(compare, options):
    ours, theirs = compare(options)
    assert_same(ours, theirs)


def test_dumps_are_there(compare):
    ours, _ = compare(["-e", "read=all", "-e", "write=all"])
    text = "\n".join(ours)
    # a write, a failed write (dumped all the same), a read, an iovec's buffers
    for expected in [
        'write(3, "bin\\1\\2\\3x\\0012", 9) = 9\n'
        " | 00000  62 69 6e 01 02 03 78 01  32                       bin...x.2        |",
        'write(4, "no\\1", 3) = -1 EBADF (Bad file descriptor)\n'
        " | 00000  6e 6f 01                                          no.              |",
        " * 2 bytes in buffer 1\n"
        " | 00000  31 02                                             1.               |",
    ]:
        assert expected in text, f"no\n{expected}\nin\n{text}"
    # a read that failed has nothing to dump
    i = next(i for i, line in enumerate(ours) if line.startswith("read(5, "))
    assert not ours[i + 1].startswith(" | ")

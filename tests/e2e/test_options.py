# SPDX-License-Identifier: GPL-2.0
"""End-to-end tests of the printing and capture options, each by its visible effect."""
import re
import time

import pytest

HOSTNAME = open("/etc/hostname", "rb").read()


def lines(trace, rx):
    return [l for l in trace.splitlines() if re.search(rx, l)]


def only(trace, rx):
    found = lines(trace, rx)
    assert found, f"no line matches {rx!r} in:\n{trace[-2000:]}"
    return found[-1]


def test_const_style_raw_and_verbose(run_btftrace):
    _, _, _, raw = run_btftrace(["-X", "raw", "--", "cat", "/etc/hostname"])
    # strace 6.1's lines with the same options
    assert 'openat(-100, "/etc/hostname", 0)' in only(raw, '"/etc/hostname", ')
    _, _, _, verbose = run_btftrace(["-X", "verbose", "--", "cat", "/etc/hostname"])
    assert ('openat(-100 /* AT_FDCWD */, "/etc/hostname", 0 /* O_RDONLY */)'
            in only(verbose, r'"/etc/hostname", '))


def test_arg_names(run_btftrace):
    _, _, _, trace = run_btftrace(["--arg-names", "--", "cat", "/etc/hostname"])
    assert 'openat(dfd: AT_FDCWD, filename: "/etc/hostname", flags: O_RDONLY)' in trace, \
        only(trace, "hostname")


def test_struct_options(run_btftrace):
    # -v: every member of struct stat, as strace shows them, root's uid 0 among them
    _, _, _, full = run_btftrace(["-v", "--", "cat", "/etc/hostname"])
    stat = only(full, r"^newfstatat\(3, \"\", \{")
    assert "st_uid=0" in stat
    _, _, _, nz = run_btftrace(["-v", "--no-zeros", "--", "cat", "/etc/hostname"])
    assert "st_uid=" not in only(nz, r"^newfstatat\(3, \"\", \{"), "zero member shown"
    _, _, _, pretty = run_btftrace(["--pretty", "--", "cat", "/etc/hostname"])
    assert re.search(r"^newfstatat\(3, \"\", \{$", pretty, re.M), "no multi-line struct"
    assert re.search(r"^\s+st_mode=S_IFREG\|0\d\d\d,$", pretty, re.M)


def test_struct_depth_limits_nesting(run_btftrace):
    # statx's struct statx has nested timestamps: depth 1 hides them
    _, _, _, deep = run_btftrace(["-v", "--", "stat", "-c", "%s", "/"])
    _, _, _, shallow = run_btftrace(["-v", "--struct-depth", "1", "--", "stat", "-c", "%s",
                                     "/"])
    d, s = only(deep, r'^statx\(AT_FDCWD, "/", '), only(shallow, r'^statx\(AT_FDCWD, "/", ')
    assert "stx_atime={tv_sec=" in d and "stx_atime={...}" in s, (d, s)


def test_timestamps(run_btftrace):
    _, _, _, t1 = run_btftrace(["-t", "--", "true"])
    assert re.match(r"^\d\d:\d\d:\d\d execve\(", t1), t1.splitlines()[0]
    _, _, _, t2 = run_btftrace(["-tt", "--", "true"])
    assert re.match(r"^\d\d:\d\d:\d\d\.\d{6} execve\(", t2), t2.splitlines()[0]
    before = time.time()
    _, _, _, t3 = run_btftrace(["-ttt", "--", "true"])
    m = re.match(r"^(\d+\.\d{6}) execve\(", t3)
    assert m, t3.splitlines()[0]
    assert abs(float(m.group(1)) - before) < 5, "epoch time is not the wall clock"
    _, _, _, tr = run_btftrace(["-r", "--", "true"])
    assert all(re.match(r"^\s*\d+\.\d{6} ", l) for l in tr.splitlines()), tr


def test_syscall_times_follow_the_kernel(run_btftrace):
    _, _, _, trace = run_btftrace(["-T", "--", "sleep", "0.2"])
    # a 0.2 s sleep is shown unfinished first; the result line holds the time
    line = only(trace, r"clock_nanosleep.*= 0")
    m = re.search(r"<(\d+\.\d{6})>$", line)
    assert m, line
    assert 0.19 <= float(m.group(1)) < 1.0, line


def test_capture_size_and_string_limit(run_btftrace, workload):
    # -s above the capture size raises it; --capture-size caps what the kernel copies
    _, _, _, big = run_btftrace(["-s", "100", "--", workload("bytes_out")])
    _, _, _, small = run_btftrace(["-s", "100", "--capture-size", "16", "--",
                                   workload("bytes_out")])
    wb = only(big, r"^write\(\d+, \"\\0\\1")
    ws = only(small, r"^write\(\d+, \"\\0\\1")
    assert len(ws) < len(wb), (ws, wb)
    assert '..., 256)' in ws or '"..., 256)' in ws, ws


def test_no_btf_prints_raw_values(run_btftrace):
    rc, _, err, trace = run_btftrace(["--no-btf", "--", "cat", "/etc/hostname"])
    assert rc == 0, err
    line = only(trace, r"^openat\(")
    assert '"' not in line and "O_" not in line, line


def test_stats_counts_records(run_btftrace):
    rc, _, err, _ = run_btftrace(["--stats", "--", "true"])
    m = re.search(r"enter records (\d+), exit records (\d+), lost (\d+)", err)
    assert m, err
    assert int(m.group(1)) > 10 and int(m.group(3)) == 0, err


def test_no_pid_and_verbose(run_btftrace, workload):
    _, _, _, trace = run_btftrace(["--no-pid", "--", workload("threads_pipe")])
    assert not re.search(r"^\[pid ", trace, re.M), "--no-pid still prefixed lines"
    _, _, _, abbrev = run_btftrace(["--", "ls", "/usr/lib/x86_64-linux-gnu"])
    _, _, _, verbose = run_btftrace(["-v", "--", "ls", "/usr/lib/x86_64-linux-gnu"])
    a = max(lines(abbrev, r"^getdents64\("), key=len)
    v = max(lines(verbose, r"^getdents64\("), key=len)
    assert a.count("d_name=") <= 32 and len(v) >= len(a), (len(a), len(v))


def test_debug_shows_libbpf_messages(run_btftrace):
    rc, _, err, _ = run_btftrace(["-d", "--", "true"])
    assert rc == 0 and "libbpf:" in err, err[:500]

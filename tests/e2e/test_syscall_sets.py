# SPDX-License-Identifier: GPL-2.0
"""End-to-end tests of syscall sets (-e trace=SET) and --max-events, on the real kernel."""
import os
import re
import subprocess
import time

import pytest

from conftest import PID_PREFIX, excerpt, wait_for

CALL_RX = re.compile(r"^(?:<\.\.\. )?([a-z_0-9]+)[( ]")

# What tests/workloads/classes.c calls itself, once each (the dynamic loader's calls come
# before): the calls each class must show, and calls of other classes it must not.
CLASSES = {
    "%file": ({"openat", "stat", "lstat", "statfs"},
              {"read", "close", "fstat", "fstatfs", "socket", "getpid", "kill", "munmap",
               "clock_gettime", "sched_yield", "shmget"}),
    "%desc": ({"openat", "read", "close", "fstat", "fstatfs", "mmap"},
              # socket calls are %network only, as in strace
              {"socket", "getsockname", "shutdown", "stat", "lstat", "statfs", "getpid", "kill",
               "munmap", "clock_gettime", "shmget", "rt_sigprocmask", "wait4", "sched_yield"}),
    "%network": ({"socket", "getsockname", "shutdown"},
                 {"openat", "read", "close", "getpid", "mmap", "sched_yield"}),
    "%net": ({"socket", "getsockname", "shutdown"}, {"openat", "close", "getpid"}),
    "%process": ({"clone", "wait4", "kill", "exit_group"},
                 {"openat", "getpid", "rt_sigprocmask", "mmap", "sched_yield"}),
    "%signal": ({"rt_sigprocmask", "kill"}, {"openat", "getpid", "wait4", "clone", "exit_group"}),
    "%ipc": ({"shmget", "shmctl"}, {"openat", "mmap", "munmap", "getpid"}),
    "%memory": ({"mmap", "munmap"}, {"openat", "read", "shmget", "shmctl", "getpid", "close"}),
    "%clock": ({"clock_gettime"}, {"openat", "getpid", "sched_yield", "read"}),
    "%creds": ({"getuid", "getresuid"}, {"getpid", "getppid", "openat", "kill"}),
    "%pure": ({"getpid", "getppid", "getuid"}, {"getresuid", "sched_yield", "openat", "kill"}),
    "%stat": ({"stat"}, {"lstat", "fstat", "newfstatat", "statfs"}),
    "%lstat": ({"lstat"}, {"stat", "fstat", "newfstatat", "statfs"}),
    "%fstat": ({"fstat"}, {"stat", "lstat", "statfs", "fstatfs"}),
    "%%stat": ({"stat", "lstat", "fstat"}, {"statfs", "fstatfs", "ustat", "openat"}),
    "%statfs": ({"statfs"}, {"fstatfs", "ustat", "stat"}),
    "%fstatfs": ({"fstatfs"}, {"statfs", "ustat", "fstat"}),
    "%%statfs": ({"statfs", "fstatfs", "ustat"}, {"stat", "fstat", "openat"}),
}


def names(trace):
    """The syscall names of a trace's lines, in order (resumed lines included)."""
    found = []
    for line in trace.splitlines():
        m = CALL_RX.match(PID_PREFIX.sub("", line))
        if m:
            found.append(m.group(1))
    return found


def first_lines(trace):
    """The lines that start a call: all but '<... NAME resumed>' continuations."""
    return [l for l in trace.splitlines() if l and not re.match(r"^(\[pid \d+\] )?<\.\.\. ", l)]


def listed(run_btftrace, expr, abi="x86_64"):
    """The syscalls of abi (x86_64 or i386) 'btftrace syscalls -e EXPR' lists: the set as
    the catalog resolves it."""
    rc, out, err, _ = run_btftrace(["syscalls", "-e", expr], trace=False)
    assert rc == 0, f"btftrace syscalls -e {expr} failed: {err}"
    names = {line.split()[0] for line in out.splitlines() if line.strip()}
    if abi == "i386":
        return {n[len("i386:"):] for n in names if n.startswith("i386:")}
    return {n for n in names if not n.startswith("i386:")}


def stats(err):
    m = re.search(r"enter records (\d+), exit records (\d+), lost (\d+), ring buffer bytes "
                  r"(\d+), high-water mark \d+ of \d+ bytes, lines written (\d+)", err)
    assert m, f"no stats line in stderr: {err}"
    return [int(x) for x in m.groups()]


@pytest.mark.parametrize("cls", sorted(CLASSES))
def test_each_class_selects_its_calls_and_no_others(run_btftrace, workload, cls):
    must, must_not = CLASSES[cls]
    rc, _, err, trace = run_btftrace(["-e", f"trace={cls}", "--", workload("classes")])
    assert rc == 0, err
    seen = set(names(trace))
    assert must <= seen, f"-e trace={cls} misses {sorted(must - seen)}:\n{excerpt(trace)}"
    assert not seen & must_not, \
        f"-e trace={cls} shows {sorted(seen & must_not)} of other classes:\n{excerpt(trace)}"
    # every call the kernel let through is a member as the catalog lists the class
    members = listed(run_btftrace, cls)
    assert seen <= members, f"{cls} traced {sorted(seen - members)}, not listed as members"


def test_classes_match_strace_where_both_derive_the_same(run_btftrace):
    """A sanity check against strace's own tables for classes defined the same way."""
    assert listed(run_btftrace, "%process") == {
        "clone", "clone3", "fork", "vfork", "execve", "execveat", "exit", "exit_group",
        "wait4", "waitid", "kill", "tkill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo",
        "pidfd_send_signal"}
    assert listed(run_btftrace, "%pure") == {
        "getpid", "getppid", "getpgrp", "gettid", "getuid", "geteuid", "getgid", "getegid"}
    assert listed(run_btftrace, "%%stat") == {"stat", "lstat", "fstat", "newfstatat", "statx"}
    file_ = listed(run_btftrace, "%file")
    assert {"open", "openat", "openat2", "execve", "chdir", "getcwd", "mount", "umount2",
            "rename", "renameat2", "readlink", "truncate", "statfs", "inotify_add_watch",
            "acct", "swapon", "pivot_root", "setxattr"} <= file_
    assert not file_ & {"read", "write", "close", "fstat", "fchdir", "memfd_create", "mq_open",
                        "sethostname", "fgetxattr"}, sorted(file_)


def test_negation_drops_the_set(run_btftrace, workload):
    rc, _, err, trace = run_btftrace(["-e", "trace=!%desc,%memory", "--", workload("classes")])
    assert rc == 0, err
    seen = set(names(trace))
    dropped = listed(run_btftrace, "%desc,%memory")
    assert not seen & dropped, f"negated calls traced: {sorted(seen & dropped)}"
    assert {"stat", "getpid", "kill", "clone", "sched_yield", "uselib", "exit_group"} <= seen, \
        excerpt(trace)


def test_names_regex_alias_and_several_options(run_btftrace, workload):
    # a regex, a name, and the tracefs event name of fstat (newfstat) in two -e options
    rc, _, err, trace = run_btftrace(["-e", "trace=/^getres[ug]id$,getppid", "-e", "newfstat",
                                      "--", workload("classes")])
    assert rc == 0, err
    assert sorted(names(trace)) == ["fstat", "getppid", "getresuid"], excerpt(trace)


def test_a_syscall_without_a_format_is_selectable_by_name(run_btftrace, workload):
    rc, out, _, _ = run_btftrace(["syscalls", "uselib"], trace=False)
    # without tracefs's format (a kernel without CONFIG_USELIB), the catalog's own signature
    assert re.search(r"uselib +134 +0 library +const char \*", out), out
    rc, _, err, trace = run_btftrace(["-e", "uselib", "--", workload("classes")])
    assert rc == 0, err
    assert names(trace) == ["uselib"], excerpt(trace)
    assert re.match(r"^uselib\(NULL\) += ", trace), trace


def test_a_number_no_kernel_implements_shows_straces_registers(run_btftrace):
    rc, out, _, _ = run_btftrace(["syscalls", "create_module"], trace=False)
    assert rc == 0
    assert "no tracefs format: 2 registers print raw" in out, out


def test_unselected_calls_never_reach_the_ring_buffer(run_btftrace, workload):
    # the workload calls getpid once: one enter and one exit record are all that come up
    rc, _, err, trace = run_btftrace(["--stats", "-e", "trace=getpid", "--", workload("classes")])
    assert rc == 0, err
    enter, exit_, lost, _, lines = stats(err)
    assert names(trace) == ["getpid"], excerpt(trace)
    # the call's line and the process's "+++ exited with 0 +++"
    assert (enter, exit_, lost, lines) == (1, 1, 0, 2), err
    # the whole run, for contrast, sends many records
    rc, _, err, _ = run_btftrace(["--stats", "--", workload("classes")])
    assert stats(err)[0] > 30, err
    # none: the programs run, but no record is sent
    rc, _, err, trace = run_btftrace(["--stats", "-e", "none", "--", workload("classes")])
    assert rc == 0 and trace == "+++ exited with 0 +++\n", (err, trace)
    assert stats(err)[:3] == [0, 0, 0], err


@pytest.mark.parametrize("value, words", [
    ("", ["empty syscall set"]),
    ("trace=", ["empty syscall set"]),
    ("!", ["nothing after '!'"]),
    ("nosuchcall", ["unknown syscall 'nosuchcall'", "?nosuchcall"]),
    ("openat,nosuchcall", ["unknown syscall 'nosuchcall'", "btftrace syscalls"]),
    ("file", ["unknown syscall 'file'", "%file"]),
    ("/^zzz", ["no syscall matches '/^zzz'", "?/^zzz"]),
    ("/[", ["invalid regex '/['", "regex(7)"]),
    ("%bogus", ["unknown syscall class '%bogus'", "%%statfs"]),
    ("openat,!close", ["'!' negates the whole set"]),
    ("kvm=vcpu", ["unsupported -e qualifier 'kvm='", "-e signal=SET"]),
])
def test_bad_sets_fail_with_one_line_and_status_2(run_btftrace, bpf_snapshot, tmp_path, value,
                                                   words):
    snap = bpf_snapshot()
    marker = tmp_path / "ran"
    rc, _, err, trace = run_btftrace(["-e", value, "--", "touch", marker])
    lines = err.strip().splitlines()
    assert rc == 2, f"status {rc}: {err}"
    assert len(lines) == 1 and lines[0].startswith("btftrace: "), err
    for word in words:
        assert word in lines[0], f"{word!r} not in {lines[0]!r}"
    assert not marker.exists(), "the command ran despite the bad -e"
    assert trace == ""
    snap.assert_clean(f"-e {value!r}")


def test_optional_elements_do_not_fail(run_btftrace, workload):
    rc, _, err, trace = run_btftrace(["-e", "?nosuchcall,?/^zzz,getppid", "--",
                                      workload("classes")])
    assert rc == 0, err
    assert names(trace) == ["getppid"], excerpt(trace)


def test_syscalls_subcommand_lists_a_set(run_btftrace):
    assert listed(run_btftrace, "%stat,%lstat") == {"stat", "lstat"}
    # the same names in i386's table, its old and 64-bit variants with them
    assert listed(run_btftrace, "%stat,%lstat", abi="i386") == {
        "stat", "lstat", "oldstat", "oldlstat", "stat64", "lstat64"}
    assert listed(run_btftrace, "/^getres") == {"getresuid", "getresgid"}
    rc, _, err, _ = run_btftrace(["syscalls", "-e", "%nope"], trace=False)
    assert rc == 2 and "unknown syscall class '%nope'" in err, err


def test_syscalls_names_lists_the_catalogs_names(run_btftrace):
    rc, out, err, _ = run_btftrace(["syscalls", "--names"], trace=False)
    assert rc == 0, err
    # i386's names among them, each name once: it selects the call of each ABI
    names = out.splitlines()
    catalog = listed(run_btftrace, "all") | listed(run_btftrace, "all", abi="i386")
    assert len(names) == len(set(names)), "a name is listed twice"
    assert set(names) == catalog and len(catalog) > 300, out[:300]
    rc, out, err, _ = run_btftrace(["syscalls", "--names", "-e", "%stat,%lstat,/^getres"],
                                   trace=False)
    assert rc == 0, err
    # and i386's: its old and 64-bit stats, its 32-bit uid calls
    assert sorted(out.splitlines()) == ["getresgid", "getresgid32", "getresuid", "getresuid32",
                                        "lstat", "lstat64", "oldlstat", "oldstat", "stat",
                                        "stat64"], out



# ---------------------------------------------------------------- --max-events


def test_max_events_stops_after_n_calls_and_the_command_ends_as_usual(run_btftrace):
    rc, out, err, trace = run_btftrace(["--max-events", "3", "--", "cat", "/etc/hostname"])
    assert rc == 0, err
    assert out == open("/etc/hostname").read(), "cat did not run to its end"
    assert len(trace.splitlines()) == 3, trace
    assert trace.startswith("execve("), trace
    start = time.monotonic()
    rc, _, err, trace = run_btftrace(["--max-events", "2", "--", "sh", "-c",
                                      "sleep 0.5; exit 7"])
    # the command runs on, untraced, and its status is btftrace's
    assert rc == 7, err
    assert time.monotonic() - start >= 0.5
    assert len(first_lines(trace)) == 2, trace


def test_max_events_counts_selected_calls(run_btftrace, workload):
    rc, _, err, trace = run_btftrace(["--max-events", "2", "-e", "%pure,%clock", "--",
                                      workload("classes")])
    assert rc == 0, err
    assert names(trace) == ["getpid", "getppid"], excerpt(trace)


def test_max_events_ends_an_attach_by_itself(btftrace, workload, spawn, tmp_path, bpf_snapshot):
    snap = bpf_snapshot()
    ticker = spawn([workload("ticker")])
    trace = tmp_path / "trace.txt"
    proc = subprocess.run([btftrace, "-o", trace, "--max-events", "4", "-e", "getppid",
                           "-p", str(ticker.pid)], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    text = trace.read_text()
    assert names(text) == ["getppid"] * 4, text
    assert ticker.poll() is None, "the attached process did not survive btftrace's end"
    snap.assert_clean("--max-events with -p")


def _bpf_links_of(pid):
    count = 0
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == "anon_inode:bpf_link":
                    count += 1
            except OSError:
                pass
    except OSError:
        return None
    return count


def test_max_events_detaches_while_the_command_runs_on(btftrace, spawn, tmp_path):
    trace = tmp_path / "trace.txt"
    bt = spawn([btftrace, "-o", trace, "--max-events", "1", "--", "sleep", "3"])
    # the limit is reached at the first line, written out at once
    assert wait_for(lambda: trace.exists() and trace.read_text().count("\n") == 1, 5), \
        "the first call was not written out"
    # btftrace waits for sleep with its programs detached: it holds no BPF link
    assert wait_for(lambda: _bpf_links_of(bt.pid) == 0, 2), \
        f"btftrace still holds {_bpf_links_of(bt.pid)} BPF links after --max-events"
    assert bt.poll() is None, "btftrace did not wait for the command"
    assert bt.wait(timeout=10) == 0
    assert trace.read_text().startswith("execve(")


def test_max_events_needs_a_positive_number(run_btftrace):
    for value in ("0", "-1", "x"):
        rc, _, err, _ = run_btftrace(["--max-events", value, "--", "true"], trace=False)
        assert rc == 2 and "invalid --max-events value" in err, err

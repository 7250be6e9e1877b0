# SPDX-License-Identifier: GPL-2.0
"""-e SUBSYS:EVENT: kernel tracepoints beside the calls, for the traced processes only, each
field decoded by the event's tracefs format; 'btftrace events' lists what can be added."""
import json
import re
import subprocess

from conftest import PID_PREFIX, excerpt

FORK_RX = re.compile(r'sched:sched_process_fork\(parent_comm="sh", parent_pid=(\d+), '
                     r'child_comm="sh", child_pid=(\d+)\)$')


def pid_of(line):
    m = PID_PREFIX.match(line)
    return int(m.group(1)) if m else None


def strip_pid(line):
    return PID_PREFIX.sub("", line)


def test_fork_shown_with_its_fields_among_the_calls(run_btftrace, bpf_snapshot):
    """dash runs true itself; /bin/true it forks for: one sched_process_fork, between the
    parent's fork call and the child's first call, naming both."""
    snap = bpf_snapshot()
    rc, _, err, trace = run_btftrace(["-e", "sched:sched_process_fork", "-f", "--", "sh",
                                      "-c", "true; /bin/true"])
    assert rc == 0 and err == "", f"exit {rc}, stderr {err!r}"
    lines = trace.splitlines()
    forks = [(i, FORK_RX.search(line)) for i, line in enumerate(lines)
             if "sched:sched_process_fork" in line]
    assert len(forks) == 1 and forks[0][1], \
        f"expected one decoded fork line:\n{excerpt(trace, 'sched:')}"
    at, m = forks[0]
    parent, child = int(m.group(1)), int(m.group(2))
    assert pid_of(lines[at]) == parent, f"the fork's line is not the parent's: {lines[at]}"
    # the parent's clone or vfork came before it, the child's calls after it
    assert any(pid_of(line) == parent and re.match(r"(clone|vfork|fork|clone3)\(",
                                                   strip_pid(line))
               for line in lines[:at]), excerpt(trace, "sched:")
    child_lines = [i for i, line in enumerate(lines) if pid_of(line) == child]
    assert child_lines and min(child_lines) > at, excerpt(trace, "sched:")
    assert any('execve("/bin/true"' in lines[i] for i in child_lines)
    snap.assert_clean("a run with a tracepoint")


def test_only_the_traced_processes_events(run_btftrace, spawn, tmp_path):
    """An untraced loop execs all the time: its execs are none of the trace's."""
    loop = spawn(["sh", "-c", "while :; do /bin/echo x >/dev/null; done"])
    rc, _, err, trace = run_btftrace(["-e", "sched:sched_process_exec(filename, pid)", "-f",
                                      "--", "sh", "-c", "/bin/true; /bin/true"])
    loop.kill()
    assert rc == 0 and err == "", f"exit {rc}, stderr {err!r}"
    execs = [line for line in trace.splitlines() if "sched:sched_process_exec" in line]
    traced = {pid_of(line) for line in trace.splitlines() if "execve(" in line}
    # the command's own exec (sh), then the two of /bin/true
    assert len(execs) == 3, f"expected 3 exec events:\n{excerpt(trace, 'sched:')}"
    for line in execs:
        assert re.fullmatch(r'sched:sched_process_exec\(filename="/(usr/)?bin/(true|sh)", '
                            r'pid=(\d+)\)', strip_pid(line)), line
        assert pid_of(line) in traced or pid_of(line) is None, line
        assert "echo" not in line, line


def test_json_objects(run_btftrace):
    rc, _, err, trace = run_btftrace(["--format=json", "-e", "sched:sched_process_fork", "-f",
                                      "--", "sh", "-c", "true; /bin/true"])
    assert rc == 0 and err == "", f"exit {rc}, stderr {err!r}"
    objs = [json.loads(line) for line in trace.splitlines()]
    events = [o for o in objs if o["event"] == "tracepoint"]
    assert len(events) == 1, trace[:2000]
    ev = events[0]
    assert ev["name"] == "sched:sched_process_fork"
    assert ev["fields"]["parent_pid"] == ev["pid"]
    assert isinstance(ev["fields"]["child_pid"], int) and ev["fields"]["child_pid"] != ev["pid"]
    assert set(ev["fields"]) == {"parent_comm", "parent_pid", "child_comm", "child_pid"}
    child_calls = [o for o in objs if o["event"] == "call" and o["pid"] ==
                   ev["fields"]["child_pid"]]
    assert child_calls and all(o["ts"] >= ev["ts"] for o in child_calls)


def test_events_lists_fields_and_types(btftrace):
    out = subprocess.run([btftrace, "events", "sched:*"], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0 and out.stderr == "", out.stderr
    lines = out.stdout.splitlines()
    assert lines and all(line.startswith("sched:") for line in lines), out.stdout[:2000]
    switch = [line.split() for line in lines if line.startswith("sched:sched_switch ")]
    args = [f[2:] for f in switch if f[2].startswith("a")]
    assert args[1] == ["a1", "prev", "struct", "task_struct", "*"], switch
    switch = [f for f in switch if not f[2].startswith("a")]
    names = [f[3] for f in switch]
    assert names[:2] == ["prev_comm", "prev_pid"] and "next_pid" in names, switch
    assert switch[1][4] == "pid_t" and "signed" in switch[1]
    # the comm is an array of 16 chars, or (6.x) a string elsewhere in the entry
    assert switch[0][4] in ("char[16]", "__data_loc") or switch[0][4].startswith("char"), switch

    out = subprocess.run([btftrace, "events", "--json", "sched:sched_process_fork"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    obj = json.loads(out.stdout)
    assert obj["event"] == "sched:sched_process_fork" and obj["id"] > 0
    assert [f["name"] for f in obj["fields"]] == ["parent_comm", "parent_pid", "child_comm",
                                                  "child_pid"]
    # the BTF prototype's arguments, which fetch expressions start from
    assert obj["args"] == [{"name": "parent", "type": "struct task_struct *"},
                           {"name": "child", "type": "struct task_struct *"}], obj

    out = subprocess.run([btftrace, "events", "nosuch:*"], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 2 and "no tracepoint matches 'nosuch:*'" in out.stderr


SWITCH_RX = re.compile(r'sched:sched_switch\(prev->comm="([^"]*)", prev->pid=(\d+), '
                       r'next->comm="([^"]*)"\)$')


def test_fetch_expression_follows_the_btf_arguments(run_btftrace, bpf_snapshot):
    """prev->comm through the tracepoint's BTF prototype: the thread switched out is the
    traced one whose line it is, named as it was then (sh, or the sleep it ran)."""
    snap = bpf_snapshot()
    rc, _, err, trace = run_btftrace(["-e", "trace=none", "-f", "-e",
                                      "sched:sched_switch(prev->comm, prev->pid, next->comm)",
                                      "--", "sh", "-c", "sleep 0.05; /bin/true"])
    assert rc == 0 and err == "", f"exit {rc}, stderr {err!r}"
    switches = [line for line in trace.splitlines() if "sched:sched_switch" in line]
    # sleep blocks: at least its switch out
    assert switches, trace[:2000]
    comms = set()
    for line in switches:
        m = SWITCH_RX.search(line)
        assert m, line
        comms.add(m.group(1))
        assert pid_of(line) in (None, int(m.group(2))), line
        assert m.group(3), line
    assert "sleep" in comms, switches
    # btftrace: the command's process before its exec, should a loaded machine switch it out
    assert comms <= {"sh", "sleep", "true", "btftrace"}, switches
    snap.assert_clean("a run with a raw tracepoint's fetch program")


def test_fetch_expression_json_through_the_same_walk(run_btftrace):
    rc, _, err, trace = run_btftrace(["--format=json", "-e", "trace=none", "-e",
                                      "sched:sched_switch(prev->comm, prev->pid, next)", "--",
                                      "sleep", "0.05"])
    assert rc == 0 and err == "", f"exit {rc}, stderr {err!r}"
    events = [o for o in map(json.loads, trace.splitlines()) if o["event"] == "tracepoint"]
    assert events, trace[:2000]
    for ev in events:
        fields = ev["fields"]
        assert list(fields) == ["prev->comm", "prev->pid", "next"], ev
        # (btftrace: the command's process before its exec, on a loaded machine)
        assert fields["prev->comm"]["str"] in ("sleep", "btftrace"), ev
        assert fields["prev->pid"] == ev["pid"], ev
        # a pointer as pointers are written in JSON
        assert fields["next"] is not None, ev
    assert any(ev["fields"]["prev->comm"]["str"] == "sleep" for ev in events), events


def test_fetch_string_of_a_format_field(run_btftrace, tmp_path):
    """filename:string: the format's pointer field, the process's string it points to."""
    path = tmp_path / "named.txt"
    path.write_text("x\n")
    rc, out, err, trace = run_btftrace(["-e", "trace=none", "-e",
                                        "syscalls:sys_enter_openat(filename:string, flags)",
                                        "--", "cat", path])
    assert rc == 0 and err == "" and out == "x\n", f"exit {rc}, stderr {err!r}"
    assert re.search(rf'^syscalls:sys_enter_openat\(filename="{re.escape(str(path))}", '
                     r'flags=\d+\)$', trace, re.M), trace[:2000]


def test_fetch_wrong_member_lists_the_members(run_btftrace, bpf_snapshot):
    snap = bpf_snapshot()
    rc, _, err, trace = run_btftrace(["-e", "sched:sched_switch(prev->comx)", "--", "true"])
    assert rc == 2 and trace == "", f"exit {rc}, stderr {err!r}"
    assert err.startswith("btftrace: sched:sched_switch: 'prev->comx': struct task_struct "
                          "has no member 'comx': its members are "), err
    members = err.split("its members are ", 1)[1].strip().split(", ")
    assert "comm" in members and "pid" in members and err.count("\n") == 1, err
    # a name that is neither a field nor an argument: both lists
    rc, _, err, _ = run_btftrace(["-e", "sched:sched_switch(prevv->comm)", "--", "true"])
    assert rc == 2 and "its format's fields are prev_comm, prev_pid" in err, err
    assert re.search(r"arguments \(for '->' and '\.'\) are preempt, prev, next", err), err
    rc, _, err, _ = run_btftrace(["-e", "sched:sched_switch(prev->pid->x)", "--", "true"])
    assert rc == 2 and "it is no pointer (pid_t)" in err, err
    snap.assert_clean("refused fetch expressions")


def test_perfetto_carries_events(run_btftrace, tmp_path):
    out = tmp_path / "trace.json"
    rc, _, err, _ = run_btftrace(["--format=perfetto", "-o", out, "-e", "trace=none", "-e",
                                  "sched:sched_switch(prev->comm)", "--", "sleep", "0.05"],
                                 trace=False)
    assert rc == 0 and err == "", f"exit {rc}, stderr {err!r}"
    events = [e for e in json.loads(out.read_text())["traceEvents"]
              if e.get("cat") == "tracepoint"]
    assert events, out.read_text()[:2000]
    assert all(e["ph"] == "i" and e["name"] == "sched:sched_switch" for e in events), events
    sleeps = [e for e in events if e["args"]["fields"]["prev->comm"]["str"] == "sleep"]
    assert sleeps, events
    assert sleeps[0]["args"]["text"] == 'sched:sched_switch(prev->comm="sleep")', sleeps[0]


def test_filter_on_event_fields(run_btftrace, tmp_path):
    """--filter names an event's number field as it names a syscall's argument: the
    collector decides each event by its entry's value."""
    path = tmp_path / "f.txt"
    path.write_text("x\n")
    for expr, want_zero in (("flags == 0", True), ("flags != 0", False)):
        rc, out, err, trace = run_btftrace(["-e", "trace=none", "--filter", expr, "-e",
                                            "syscalls:sys_enter_openat(filename:string, flags)",
                                            "--", "cat", path])
        assert rc == 0 and err == "" and out == "x\n", f"exit {rc}, stderr {err!r}"
        opens = re.findall(r'^syscalls:sys_enter_openat\(filename="([^"]*)", flags=(\d+)\)$',
                           trace, re.M)
        assert opens, trace[:2000]
        assert all((int(flags) == 0) == want_zero for _, flags in opens), trace[:2000]
        names = [name for name, _ in opens]
        # cat opens its file O_RDONLY, and ld.so its cache O_RDONLY|O_CLOEXEC
        assert (str(path) in names) == want_zero, trace[:2000]
        assert ("/etc/ld.so.cache" in names) != want_zero, trace[:2000]
    rc, _, err, _ = run_btftrace(["--filter", "next_pidd > 0", "-e", "sched:sched_switch",
                                  "--", "true"])
    assert rc == 2 and "unknown field 'next_pidd'" in err and "of an event -e selects" in err


OPENAT2 = """
import ctypes, os, struct, sys
how = struct.pack("QQQ", os.O_RDONLY | os.O_CLOEXEC, 0, 0x04)  # RESOLVE_NO_SYMLINKS
fd = ctypes.CDLL(None).syscall(437, -100, sys.argv[1].encode(), how, len(how))
sys.exit(0 if fd >= 0 else 1)
"""


def test_fetched_member_prints_as_in_its_struct(run_btftrace, tmp_path):
    """how->flags read through the format's user pointer, then named as open_how's flags
    are inside the struct: by the same member printer, in text and in JSON."""
    path = tmp_path / "f"
    path.write_text("x")
    expr = "syscalls:sys_enter_openat2(how->flags, how->resolve, usize)"
    rc, _, err, trace = run_btftrace(["-e", "trace=none", "-e", expr, "--", "python3", "-c",
                                      OPENAT2, path])
    assert rc == 0 and err == "", f"exit {rc}, stderr {err!r}"
    assert ("syscalls:sys_enter_openat2(how->flags=O_RDONLY|O_CLOEXEC, "
            "how->resolve=RESOLVE_NO_SYMLINKS, usize=24)") in trace.splitlines(), trace[:2000]
    rc, _, err, trace = run_btftrace(["--format=json", "-e", "trace=none", "-e", expr, "--",
                                      "python3", "-c", OPENAT2, path])
    assert rc == 0 and err == "", f"exit {rc}, stderr {err!r}"
    events = [json.loads(line) for line in trace.splitlines()]
    fields = [e["fields"] for e in events if e.get("name") == "syscalls:sys_enter_openat2"]
    assert len(fields) == 1, trace[:2000]
    assert fields[0]["how->flags"]["names"] == ["O_RDONLY", "O_CLOEXEC"], fields
    assert fields[0]["how->resolve"]["names"] == ["RESOLVE_NO_SYMLINKS"], fields

# SPDX-License-Identifier: GPL-2.0
"""End-to-end tests of --format=json, --format=perfetto and --color.

The main workload is tests/workloads/json_bytes.c: it writes bytes that JSON
cannot hold as they are (binary, NULs, controls, invalid UTF-8, a character
cut by the capture, 1 MiB); the constants below are the same bytes.
"""
import base64
import collections
import json
import os
import re
import signal
import subprocess
import threading
import time

import pytest

from conftest import children_of, wait_for

BAD_PATH = b"/nonexistent/\xff\xfe-\x01\x1f\"\\-\xc3\xa9"
BINARY = bytes([0, 1, 2, 0xff, 0xfe, 0x80, ord("\n"), 0, ord("A"), 0x7f])
TEXT = (b"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 tab\there \"q\" back\\slash "
        b"nul\0after \x1b[0m")
INVALID = b"ok\xc3(\xa0\xa1\xed\xa0\x80\xf4\x90\x80\x80\xc0\xaf end"
HUGE_LEN = 1 << 20
HUGE = bytes(ord("A") + i % 26 for i in range(4096))  # the start of the 1 MiB buffer
CAPTURE = 256  # --capture-size's default
WORKLOAD_STATUS = 3

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def parse_lines(data: bytes):
    """Every line as strict JSON: UTF-8, no NaN/Infinity, no raw control characters."""
    text = data.decode("utf-8")  # strict: any invalid byte fails the test
    assert text.endswith("\n"), "the output does not end with a whole line"
    objs = []
    for n, line in enumerate(text.split("\n")[:-1], 1):
        try:
            objs.append(json.loads(line, parse_constant=reject_constant))
        except ValueError as e:
            pytest.fail(f"line {n} is not valid JSON ({e}): {line[:300]!r}")
    return objs


def test_the_commands_execve_has_its_name(run_btftrace, workload, tmp_path):
    """The command's execve enters in the child btftrace forked: the thread bears the
    command's name there already, as it will after the exec, not btftrace's."""
    result, objs = run_json(run_btftrace, tmp_path, ["--", workload("json_bytes")])
    execve = next(o for o in objs if o.get("syscall") == "execve")
    assert execve["comm"] == "json_bytes", execve
    assert not [o for o in objs if o.get("comm") == "btftrace"]


def run_json(run_btftrace, tmp_path, args, name="trace.json"):
    """Runs btftrace with --format=json -o FILE ARGS; (RunResult, objects of every line)."""
    path = tmp_path / name
    result = run_btftrace(["--format=json", "-o", path] + list(args), trace=False)
    assert path.exists(), result.stderr
    return result, parse_lines(path.read_bytes())


def buffer_bytes(value):
    """The bytes a buffer object holds, by its encoding."""
    assert set(value) >= {"encoding", "data", "len", "truncated"}, value
    if value["encoding"] == "utf8":
        data = value["data"].encode("utf-8")
    else:
        assert value["encoding"] == "base64", value
        data = base64.b64decode(value["data"], validate=True)
    assert len(data) == value["len"], value
    return data


def string_bytes(value):
    """The bytes a string object holds: base64 when they are not UTF-8, else str."""
    assert set(value) >= {"str", "truncated"}, value
    if "base64" in value:
        return base64.b64decode(value["base64"], validate=True)
    return value["str"].encode("utf-8")


def arg(call, name):
    found = [a for a in call["args"] if a["name"] == name]
    assert len(found) == 1, f"no argument {name} in {call}"
    return found[0]


def calls_named(objs, *names):
    return [o for o in objs if o["event"] == "call" and o["syscall"] in names]


def test_call_times_are_the_kernels(run_btftrace, tmp_path, workload):
    """Text without -t/-r/-T leaves times out of the records; JSON must still get them."""
    before = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    result, objs = run_json(run_btftrace, tmp_path, ["--", workload("json_bytes")])
    after = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    assert result.returncode == WORKLOAD_STATUS, result.stderr
    calls = [o for o in objs if o["event"] == "call"]
    assert calls and all(before < c["ts"] < after for c in calls), calls[0]
    complete = [c for c in calls if c["state"] == "complete"]
    assert complete and all(c["duration_ns"] < after - before for c in complete)
    # and the thread's name, which text output leaves out of the records too
    assert {c["comm"] for c in calls[1:]} == {"json_bytes"}, calls[1]


@pytest.fixture
def json_bytes_trace(run_btftrace, workload, tmp_path):
    result, objs = run_json(run_btftrace, tmp_path, ["--", workload("json_bytes")])
    assert result.returncode == WORKLOAD_STATUS, result.stderr
    return objs


def test_every_line_is_json_with_the_common_members(json_bytes_trace, workload):
    objs = json_bytes_trace
    header = objs[0]
    assert header["event"] == "header" and header["schema"] == 2, header
    assert header["schema_minor"] == 10, header
    assert header["clock"] == "CLOCK_MONOTONIC" and isinstance(header["realtime_offset_ns"], int)
    calls = [o for o in objs if o["event"] == "call"]
    assert len(calls) > 20, objs[:5]
    assert {o["event"] for o in objs} == {"header", "call", "signal", "exit"}
    last_ts = 0
    for i, c in enumerate(calls):
        assert set(c) >= {"ts", "pid", "tid", "comm", "syscall", "nr", "state", "args"}, c
        # one thread, nothing blocks: each call is whole, but one a busy machine kept past the
        # idle flush (50 ms: an execve, seen) shows unfinished and, right after, resumed
        if c["state"] == "unfinished":
            end = calls[i + 1] if i + 1 < len(calls) else {}
            assert end.get("state") == "resumed" and end["syscall"] == c["syscall"] and \
                end["ts"] == c["ts"], (c, end)
        elif c["state"] == "resumed":
            assert i and calls[i - 1]["state"] == "unfinished", c
        else:
            assert c["state"] in ("complete", "noreturn"), c
        assert isinstance(c["args"], list)
        for a in c["args"]:
            assert set(a) >= {"name", "type", "raw", "value"}, a
        if c["state"] in ("complete", "resumed"):
            assert c["duration_ns"] >= 0 and "ret" in c, c
        else:
            assert "ret" not in c and "duration_ns" not in c, c
        assert c["ts"] >= last_ts, "one thread's calls go back in time"
        last_ts = c["ts"]
    execve = calls[0]
    assert execve["syscall"] == "execve", execve
    assert string_bytes(arg(execve, "filename")["value"]) == workload("json_bytes").encode()
    pids = {c["pid"] for c in calls}
    assert len(pids) == 1 and calls[-1]["comm"] == "json_bytes", calls[-1]
    assert calls[-1]["syscall"] == "exit_group" and calls[-1]["state"] == "noreturn"


def test_open_flags_and_errors(json_bytes_trace):
    opens = calls_named(json_bytes_trace, "open", "openat")
    null = [c for c in opens if string_bytes(arg(c, "filename")["value"]) == b"/dev/null"]
    assert len(null) == 1, opens
    call = null[0]
    flags = arg(call, "flags")
    assert flags["raw"] == os.O_WRONLY | os.O_CLOEXEC
    assert flags["value"] == {"raw": os.O_WRONLY | os.O_CLOEXEC,
                              "names": ["O_WRONLY", "O_CLOEXEC"], "rest": 0}, flags
    assert arg(call, "dfd")["value"] == "AT_FDCWD" and arg(call, "dfd")["raw"] == -100
    assert call["ret"] >= 3 and "errno" not in call, call
    filename = arg(call, "filename")
    assert filename["hex"] == hex(filename["raw"]) and filename["value"]["truncated"] is False

    bad = [c for c in opens if string_bytes(arg(c, "filename")["value"]) == BAD_PATH]
    assert len(bad) == 1, [arg(c, "filename") for c in opens]
    value = arg(bad[0], "filename")["value"]
    # not UTF-8: exact in base64, readable with U+FFFD in str
    assert "base64" in value and "\ufffd" in value["str"], value
    assert value["str"].startswith("/nonexistent/") and value["str"].endswith('\x1f"\\-\u00e9')
    assert bad[0]["ret"] == -1 and bad[0]["errno"] == "ENOENT", bad[0]
    assert bad[0]["errno_num"] == 2 and bad[0]["error"] == "No such file or directory"


def test_write_buffers_decode_to_the_bytes_written(json_bytes_trace):
    writes = [c for c in calls_named(json_bytes_trace, "write") if arg(c, "fd")["value"] == 3]
    assert len(writes) == 5, writes
    values = [arg(c, "buf")["value"] for c in writes]
    for value, want in zip(values, (BINARY, TEXT, INVALID)):
        assert buffer_bytes(value) == want, value
        assert value["size"] == len(want) and value["truncated"] is False, value
    assert values[0]["encoding"] == "base64" and values[2]["encoding"] == "base64"
    # valid UTF-8, NULs and escapes included, stays readable
    assert values[1]["encoding"] == "utf8" and "\u0000after \u001b[0m" in values[1]["data"]
    # a euro sign cut by the capture at byte 256 is left out: still text
    cut = values[3]
    assert cut == {"encoding": "utf8", "data": "x" * 255, "len": 255, "size": 300,
                   "truncated": True}, cut
    huge = values[4]
    assert buffer_bytes(huge) == HUGE[:CAPTURE], huge
    assert huge["size"] == HUGE_LEN and huge["truncated"] is True
    assert [c["ret"] for c in writes] == [len(BINARY), len(TEXT), len(INVALID), 300, HUGE_LEN]


def test_structs_are_nested_objects(json_bytes_trace):
    # the dynamic loader's fstat calls on its libraries come first, on fd 3 as well
    stats = [c for c in calls_named(json_bytes_trace, "fstat", "newfstatat")
             if c["args"][0]["value"] == 3]
    assert stats, calls_named(json_bytes_trace, "fstat", "newfstatat")
    st = arg(stats[-1], "statbuf")["value"]
    real = os.stat("/dev/null")
    assert isinstance(st, dict), st
    # a device number as makedev(major, minor) is, in JSON, its two parts
    assert st["st_ino"] == real.st_ino and st["st_rdev"] == {
        "major": os.major(real.st_rdev), "minor": os.minor(real.st_rdev)}, st
    # a device has st_rdev where a file has st_size, as strace shows it
    assert "st_size" not in st and st["st_nlink"] == real.st_nlink
    # a member with a printer of its own is an object of its own
    assert st["st_mode"] == {"raw": real.st_mode, "names": ["S_IFCHR"], "rest": 0o666}, st
    # padding is not shown, in JSON as in text
    assert "__unused" not in st and "__pad0" not in st, st
    actions = [c for c in calls_named(json_bytes_trace, "rt_sigaction")
               if arg(c, "sig")["value"] == "SIGUSR1"]
    assert len(actions) == 1, actions
    act = arg(actions[0], "act")["value"]
    # a signal set by its signals, as the text shows it ([USR1])
    assert act["sa_mask"] == ["SIGUSR1"], act
    assert "SA_RESTORER" in act["sa_flags"]["names"], act
    assert act["sa_handler"].startswith("0x")


def test_signal_and_exit_events(json_bytes_trace):
    objs = json_bytes_trace
    pid = objs[1]["pid"]
    sigs = [o for o in objs if o["event"] == "signal"]
    assert len(sigs) == 1, sigs
    sig = sigs[0]
    assert sig["signal"] == "SIGUSR1" and sig["signo"] == signal.SIGUSR1
    assert sig["pid"] == pid and sig["tid"] == pid
    assert sig["siginfo"] == {"si_signo": "SIGUSR1", "si_code": "SI_TKILL", "si_pid": pid,
                              "si_uid": os.getuid()}, sig
    assert objs[-1] == {"event": "exit", "ts": objs[-1]["ts"], "pid": pid, "tid": pid,
                        "status": WORKLOAD_STATUS, "killed_by": None, "core_dumped": False,
                        "group_dead": True}, objs[-1]


def test_all_byte_values_and_the_display_limits(run_btftrace, workload, tmp_path):
    # -s limits the text only: JSON holds all that was captured
    result, objs = run_json(run_btftrace, tmp_path,
                            ["-s", "8", "--capture-size", "512", "--", workload("bytes_out")])
    assert result.returncode == 0, result.stderr
    writes = calls_named(objs, "write")
    assert len(writes) == 2, writes
    assert buffer_bytes(arg(writes[0], "buf")["value"]) == bytes(range(256))
    big = arg(writes[1], "buf")["value"]
    assert buffer_bytes(big) == bytes(ord("A") + i % 26 for i in range(512))
    assert big["truncated"] is True and big["size"] == 100 * 1024


def test_no_btf_gives_numbers(run_btftrace, workload, tmp_path):
    result, objs = run_json(run_btftrace, tmp_path, ["--no-btf", "--", workload("bytes_out")])
    assert result.returncode == 0, result.stderr
    writes = calls_named(objs, "write")
    assert writes and all(isinstance(a["value"], int) for c in writes for a in c["args"])


def test_split_calls_unfinished_then_resumed(run_btftrace, workload, tmp_path):
    # another thread's calls come while the read blocks: unfinished, then resumed whole
    result, objs = run_json(run_btftrace, tmp_path, ["--", workload("threads_pipe")])
    assert result.returncode == 0, result.stderr
    reads = [c for c in calls_named(objs, "read") if c["state"] != "complete"
             or buffer_bytes(arg(c, "buf")["value"]) == b"x"]
    assert [c["state"] for c in reads] == ["unfinished", "resumed"], reads
    unfinished, resumed = reads
    # up to the first argument the kernel fills, as the text shows it
    assert [a["name"] for a in unfinished["args"]] == ["fd"], unfinished
    assert "ret" not in unfinished and "duration_ns" not in unfinished
    assert [a["name"] for a in resumed["args"]] == ["fd", "buf", "count"], resumed
    assert resumed["ts"] == unfinished["ts"] and resumed["ret"] == 1
    assert resumed["duration_ns"] > 0, resumed


def test_a_blocking_call_alone_is_one_object(run_btftrace, workload, tmp_path):
    # nothing else happens while the read blocks for 300 ms: one complete object
    result, objs = run_json(run_btftrace, tmp_path, ["--", workload("pipe_wait"), "300"])
    assert result.returncode == 0, result.stderr
    reads = [c for c in calls_named(objs, "read") if c["state"] != "complete"
             or buffer_bytes(arg(c, "buf")["value"]) == b"y"]
    assert [c["state"] for c in reads] == ["complete"], reads
    assert reads[0]["ret"] == 1 and reads[0]["duration_ns"] >= 250_000_000, reads


# ---------------------------------------------------------------- perfetto


def text_calls(trace):
    """The calls of a text trace by name: each call once, whether split or not."""
    names = collections.Counter()
    for line in trace.splitlines():
        line = re.sub(r"^\[pid +\d+\] ", "", line)
        if line.startswith(("---", "+++", "<...")):
            continue
        m = re.match(r"([a-z_0-9]+)\(", line)
        assert m, line
        names[m.group(1)] += 1
    return names


def load_perfetto(path):
    with open(path, "rb") as f:
        return json.loads(f.read().decode("utf-8"), parse_constant=reject_constant)


def test_perfetto_one_event_per_call(run_btftrace, workload, tmp_path):
    exe = workload("json_bytes")
    text = run_btftrace(["--", exe])
    assert text.returncode == WORKLOAD_STATUS, text.stderr
    path = tmp_path / "trace.perfetto.json"
    result = run_btftrace(["--format=perfetto", "-o", path, "--", exe], trace=False)
    assert result.returncode == WORKLOAD_STATUS, result.stderr
    doc = load_perfetto(path)
    assert doc["displayTimeUnit"] == "ns", doc.keys()
    events = doc["traceEvents"]
    complete = [e for e in events if e["ph"] == "X"]
    assert collections.Counter(e["name"] for e in complete) == text_calls(text.trace)
    pid = complete[0]["pid"]
    for e in complete:
        assert e["cat"] == "syscall" and e["pid"] == pid and e["tid"] == pid, e
        assert isinstance(e["ts"], float) and e["dur"] >= 0, e
        assert e["args"]["call"].startswith(e["name"] + "("), e
    opens = [e for e in complete if '"/nonexistent/' in e["args"]["call"]]
    assert len(opens) == 1 and opens[0]["args"]["errno"] == "ENOENT", opens
    assert opens[0]["args"]["return"] == "-1 ENOENT (No such file or directory)"
    assert opens[0]["args"]["args"]["flags"]["names"] == ["O_RDONLY"], opens[0]
    meta = {(e["name"], e["args"]["name"]) for e in events if e["ph"] == "M"}
    assert ("process_name", "json_bytes") in meta and ("thread_name", "json_bytes") in meta
    # the command's thread never had btftrace's name: its execve is the command's
    assert not [m for m in meta if m[1] == "btftrace"], meta
    instants = [e for e in events if e["ph"] == "i"]
    assert [(e["cat"], e["name"]) for e in instants] == [("signal", "SIGUSR1"),
                                                          ("exit", "exit")], instants
    assert instants[1]["args"]["status"] == WORKLOAD_STATUS
    assert instants[1]["args"]["text"] == f"+++ exited with {WORKLOAD_STATUS} +++"


def test_perfetto_split_call_is_one_event(run_btftrace, workload, tmp_path):
    path = tmp_path / "trace.perfetto.json"
    result = run_btftrace(["--format=perfetto", "-o", path, "--", workload("pipe_wait"), "300"],
                          trace=False)
    assert result.returncode == 0, result.stderr
    reads = [e for e in load_perfetto(path)["traceEvents"]
             if e.get("name") == "read" and e["args"]["return"] == "1"]
    assert len(reads) == 1, reads
    assert reads[0]["dur"] >= 250_000 and reads[0]["args"]["call"] == 'read(3, "y", 1)', reads


def in_sleep(pids):
    """True when the first of pids is in nanosleep or clock_nanosleep (x86-64 numbers 35, 230)
    now, as /proc/PID/syscall says."""
    try:
        with open(f"/proc/{pids[0]}/syscall") as f:
            return f.read().split()[0] in ("35", "230")
    except (IndexError, OSError):
        return False


def test_perfetto_is_whole_after_sigint(btftrace, spawn, tmp_path):
    path = tmp_path / "trace.perfetto.json"
    bt = spawn([btftrace, "--format=perfetto", "-o", path, "--", "sleep", "30"])
    # the reader writes what it has when it goes idle
    assert wait_for(lambda: path.exists() and b'"execve"' in path.read_bytes(), 10), \
        "the trace never showed the command's execve"
    # and the interruption comes in the sleep: a busy machine can keep sleep in its start-up
    # for long after its execve showed
    assert wait_for(lambda: in_sleep(children_of(bt.pid)), 30), "the command never slept"
    bt.send_signal(signal.SIGINT)
    assert bt.wait(timeout=10) == 128 + signal.SIGINT
    events = load_perfetto(path)["traceEvents"]
    sleeps = [e for e in events if e.get("name") in ("clock_nanosleep", "nanosleep")]
    assert len(sleeps) == 1, [e.get("name") for e in events][-10:]
    exits = [e for e in events if e["ph"] == "i" and e["cat"] == "exit"]
    assert exits and exits[-1]["args"]["killed_by"] == "SIGINT", exits


# ---------------------------------------------------------------- colours


def normalized(line):
    """A line without what differs from run to run: numbers and addresses."""
    return re.sub(r"0x[0-9a-f]+|\d+", "N", line)


def test_color_always_marks_the_parts(run_btftrace, workload):
    exe = workload("json_bytes")
    colored = run_btftrace(["--color=always", "--", exe])
    plain = run_btftrace(["--", exe])
    assert colored.returncode == plain.returncode == WORKLOAD_STATUS
    text = colored.trace
    assert "\x1b[1mopenat\x1b[0m(AT_FDCWD, \x1b[32m\"/dev/null\"\x1b[0m, O_WRONLY|O_CLOEXEC)" \
        in text, text[:2000]
    assert re.search(r"\x1b\[1;31m = -1 ENOENT \(No such file or directory\)\x1b\[0m$", text,
                     re.M), text
    assert re.search(r"^\x1b\[33m--- SIGUSR1 \{.*\} ---\x1b\[0m$", text, re.M), text
    assert text.rstrip("\n").endswith(f"\x1b[35m+++ exited with {WORKLOAD_STATUS} +++\x1b[0m")
    # without its colours the text is the plain one, padding included (but for random bytes)
    stripped = [normalized(ANSI.sub("", l)) for l in text.splitlines()]
    assert [l for l in stripped if not l.startswith("getrandom(")] == \
        [normalized(l) for l in plain.trace.splitlines() if not l.startswith("getrandom(")]


def test_color_auto_only_on_a_terminal(btftrace, run_btftrace, workload, tmp_path):
    exe = workload("json_bytes")
    to_file = run_btftrace(["--color=auto", "--", exe])
    assert to_file.returncode == WORKLOAD_STATUS and to_file.trace
    assert "\x1b" not in to_file.trace
    never = run_btftrace(["--color=never", "--", exe])
    assert "\x1b" not in never.trace

    def on_terminal(args, env=None):
        """The trace btftrace writes to standard error when that is a terminal."""
        master, slave = os.openpty()
        chunks = []

        def drain():
            while True:
                try:
                    data = os.read(master, 65536)
                except OSError:  # EIO: the last writer closed the terminal
                    return
                if not data:
                    return
                chunks.append(data)

        reader = threading.Thread(target=drain)
        reader.start()
        try:
            proc = subprocess.run([btftrace] + args + ["-e", "trace=openat", "--", exe],
                                  stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=slave, env=env, timeout=30)
        finally:
            os.close(slave)
            reader.join(timeout=10)
            os.close(master)
        assert proc.returncode == WORKLOAD_STATUS
        return b"".join(chunks).decode(errors="replace")

    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    tty = on_terminal([], env)
    assert "\x1b[1mopenat\x1b[0m" in tty, tty
    assert "/dev/null" in ANSI.sub("", tty)
    assert "\x1b" not in on_terminal(["--color=never"], env)
    assert "\x1b" not in on_terminal([], dict(env, NO_COLOR="1"))


# ---------------------------------------------------------------- bad values


@pytest.mark.parametrize("args, message", [
    (["--format=xml"], "invalid --format value 'xml'"),
    (["--format", ""], "invalid --format value ''"),
    (["--color=sometimes"], "invalid --color value 'sometimes'"),
    (["--format=perfetto"], "--format=perfetto writes a file"),
    (["--format=json", "--color=always"], "--color=always colours the text format only"),
])
def test_bad_values_one_line_and_status_2(run_btftrace, args, message, tmp_path):
    result = run_btftrace(args + ["--", "true"], trace=False, cwd=tmp_path)
    assert result.returncode == 2, result
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("btftrace: ") and message in lines[0], lines
    assert result.stdout == "" and not os.listdir(tmp_path)

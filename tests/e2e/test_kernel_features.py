# SPDX-License-Identifier: GPL-2.0
"""The kernel features btftrace probes at start-up, the fallbacks it takes, what it refuses.

The running kernel has every feature; BTFTRACE_HIDE_FEATURES makes btftrace
take some as missing, so that the raw_tp programs and the hash map of call
starts (what kernels before 5.12 get) and the refusals run here too. The
kernel matrix (tests/kernel/) runs the same paths on real older kernels.
"""
import os
import re

import pytest
from conftest import excerpt
from test_summary import ALL_COLUMNS, parse_tables

FEATURES = ("ringbuf", "raw_tp", "task_storage", "tp_btf", "ancestor_cgroup")
TYPED = "tp_btf programs, call start times in task storage"
RAW = "raw_tp programs, call start times in a hash map by thread"


def hiding(*names):
    return dict(os.environ, BTFTRACE_HIDE_FEATURES=",".join(names))


def features(err):
    """{name: state} from -d's feature lines, and the mechanism chosen."""
    states = {}
    for name in FEATURES:
        m = re.search(rf"^btftrace:   {name}: ([a-z ]+?)(?: by BTFTRACE_HIDE_FEATURES)? -- ",
                      err, re.M)
        assert m, f"-d says nothing of {name}:\n{err}"
        states[name] = m.group(1)
    chosen = re.search(r"^btftrace: chosen: (.*)$", err, re.M)
    return states, chosen.group(1) if chosen else None


def test_d_names_each_feature_and_the_choice(run_btftrace, workload, tmp_path):
    result = run_btftrace(["-d", "--", workload("stat_rw"), tmp_path])
    assert result.returncode == 0, result.stderr
    assert f"btftrace: kernel {os.uname().release}, BPF features:" in result.stderr
    states, chosen = features(result.stderr)
    # this kernel has them all; the cgroup helper is probed for --filter alone
    assert states == {"ringbuf": "yes", "raw_tp": "yes", "task_storage": "yes",
                      "tp_btf": "yes", "ancestor_cgroup": "not probed"}, result.stderr
    assert chosen == TYPED
    result = run_btftrace(["-d", "--filter", "pid > 0", "--", "true"])
    assert features(result.stderr)[0]["ancestor_cgroup"] == "yes", result.stderr
    # without -d not a word of it
    result = run_btftrace(["--", "true"])
    assert result.stderr == ""


def decoded_calls(trace, tmp_dir):
    """stat_rw's own calls from its first openat in tmp_dir, with what varies between runs masked."""
    lines = trace.splitlines()
    start = next(i for i, l in enumerate(lines)
                 if l.startswith("openat(") and str(tmp_dir) in l)
    masked = []
    for line in lines[start:]:
        line = line.replace(str(tmp_dir), "DIR")
        line = re.sub(r"(st_dev|st_ino|st_[amc]time(_nsec)?)=\d+", r"\1=N", line)
        masked.append(line)
    return masked


@pytest.mark.parametrize("hidden", ["task_storage", "tp_btf"])
def test_raw_tp_programs_trace_as_the_tp_btf_ones(hidden, run_btftrace, workload, tmp_path):
    typed_dir, raw_dir = tmp_path / "typed", tmp_path / "raw"
    typed_dir.mkdir()
    raw_dir.mkdir()
    typed = run_btftrace(["--", workload("stat_rw"), typed_dir])
    raw = run_btftrace(["-d", "--", workload("stat_rw"), raw_dir], env=hiding(hidden))
    assert typed.returncode == 0 and raw.returncode == 0, raw.stderr
    states, chosen = features(raw.stderr)
    assert states[hidden] == "hidden" and chosen == RAW, raw.stderr
    if hidden == "task_storage":
        assert states["tp_btf"] == "not probed", raw.stderr
    assert decoded_calls(raw.trace, raw_dir) == decoded_calls(typed.trace, typed_dir)
    assert 'read(3, "hello, kernel matrix\\n", 64)   = 21' in raw.trace.splitlines()


def test_raw_tp_programs_count_filter_and_follow(run_btftrace, workload):
    env = hiding("task_storage")
    result = run_btftrace(["-c"] + ALL_COLUMNS + ["--", workload("counted"), 300, 2], env=env)
    assert result.returncode == 0, result.stderr
    table = parse_tables(result.trace)[None]
    assert table["getppid"]["calls"] == 600 and table["write"]["calls"] == 600, result.trace
    assert table["openat"]["errors"] == 300, result.trace
    # timed: each start was found in the hash map
    assert table["nanosleep"]["calls"] == 6 and table["nanosleep"]["min_us"] >= 2000

    # decided at enter, and at exit (the enter half waits in the hash map)
    result = run_btftrace(["--filter", "fd == 10 && count > 100", "--", workload("filtered"),
                           100], env=env)
    calls = [l for l in result.trace.splitlines() if not l.startswith("+++")]
    assert len(calls) == 10 and all(l.startswith("write(10, ") for l in calls), \
        excerpt(result.trace)
    result = run_btftrace(["-Z", "--", workload("filtered"), 100], env=env)
    calls = result.trace.splitlines()
    assert sum('"/nonexistent/filtered"' in l for l in calls) == 25, excerpt(result.trace)
    assert sum(l.startswith("close(-1)") for l in calls) == 7, excerpt(result.trace)

    result = run_btftrace(["-f", "--", workload("proc_life"), "fork", 2], env=env)
    assert result.returncode == 0, result.stderr
    for i in (1, 2):
        assert re.search(rf"^(\[pid +\d+\]|\d+) +\+\+\+ exited with {i} \+\+\+$", result.trace,
                         re.M)


@pytest.mark.parametrize("hidden,line", [
    ("ringbuf", "btftrace: this kernel lacks the BPF ring buffer (BPF_MAP_TYPE_RINGBUF), "
                "which btftrace needs: Linux 5.8 and later have it"),
    ("raw_tp", "btftrace: this kernel lacks raw tracepoint programs, which btftrace needs: "
               "Linux 4.17 and later have it"),
])
def test_a_kernel_without_a_needed_feature_is_refused_in_one_line(
        hidden, line, run_btftrace, bpf_snapshot):
    snap = bpf_snapshot()
    result = run_btftrace(["--", "true"], env=hiding(hidden, "tp_btf"))
    assert result.returncode == 2
    assert result.stderr == line + "\n"
    assert result.stdout == "" and result.trace == ""
    snap.assert_clean(f"btftrace without {hidden}")

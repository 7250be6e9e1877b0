# SPDX-License-Identifier: GPL-2.0
"""End-to-end tests of BPF programs as arguments (issue 17): eBPF instructions of
bpf(BPF_PROG_LOAD), classic programs of setsockopt(SO_ATTACH_FILTER, SO_ATTACH_REUSEPORT_CBPF),
seccomp(SECCOMP_SET_MODE_FILTER) and prctl(PR_SET_SECCOMP), and BPF_OBJ_GET_INFO_BY_FD's map
info for a map fd closed right after the call, seccomp's own structs against an unmapped page: line for line what strace 6.1 prints for the
same program (tests/workloads/bpf_progs.c), with and without -v, and the same values in JSON."""
import json
import re
import shutil
import subprocess

import pytest

STRACE = shutil.which("strace")
needs_strace = pytest.mark.skipif(STRACE is None,
                                  reason="strace is not installed (apt-get install strace)")

TRACE = ["-e", "trace=bpf,setsockopt,seccomp,prctl"]


def normal(text):
    """The calls' lines, with what differs from run to run and tracer to tracer made equal:
    the padding before ' = ', addresses, a map's id."""
    lines = []
    for line in text.splitlines():
        if line.startswith("+++") or line.startswith("---"):
            continue
        line = re.sub(r"\s+= ", " = ", line)
        line = re.sub(r"0x[0-9a-f]{6,}", "ADDR", line)
        line = re.sub(r"\bid=\d+", "id=N", line)
        lines.append(line)
    return lines


@needs_strace
@pytest.mark.parametrize("verbose", [False, True], ids=["default", "v"])
def test_bpf_programs_as_strace(run_btftrace, workload, tmp_path, verbose):
    prog = workload("bpf_progs")
    opts = TRACE + (["-v"] if verbose else [])
    st = subprocess.run([STRACE, "-o", str(tmp_path / "s.txt")] + opts + [prog],
                        capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert st.returncode == 0, st.stderr
    r = run_btftrace(opts + [prog])
    assert r.returncode == 0, r.stderr
    ours, theirs = normal(r.trace), normal((tmp_path / "s.txt").read_text())
    assert len(ours) == len(theirs) == 14, "\n".join(ours)
    for mine, strace in zip(ours, theirs):
        assert mine == strace
    if verbose:
        # what the comparison stands on: the programs shown, the closed map's info decoded
        text = "\n".join(ours)
        assert "insns=[{code=BPF_LD|BPF_DW|BPF_IMM, dst_reg=BPF_REG_1" in text
        assert "info={type=BPF_MAP_TYPE_ARRAY, id=N" in text
        assert "BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_ALLOW)" in text
        assert "SO_ATTACH_FILTER, {len=4, filter=[BPF_STMT(BPF_LD|BPF_W|BPF_LEN, 0)" in text
        assert "SECCOMP_GET_NOTIF_SIZES, 0, {seccomp_notif=" in text


def test_bpf_programs_in_json(run_btftrace, workload):
    """The JSON writer gets the same decoded values: each instruction's code by its fields."""
    r = run_btftrace(TRACE + ["--format=json", workload("bpf_progs")])
    assert r.returncode == 0, r.stderr
    calls = [json.loads(line) for line in r.trace.splitlines() if line.startswith("{")]
    calls = [c for c in calls if "args" in c]
    load = next(c for c in calls if c["syscall"] == "bpf")
    insns = load["args"][1]["value"]["insns"]
    assert len(insns) == 4
    assert insns[0]["code"] == {"class": "BPF_LD", "size": "BPF_DW", "mode": "BPF_IMM"}
    assert insns[0]["dst_reg"] == "BPF_REG_1" and insns[0]["imm"] == 0x12345678
    assert insns[2]["imm"] == 0xffffffff
    info = next(c for c in calls if c["syscall"] == "bpf"
                and "info" in (c["args"][1].get("value") or {}))["args"][1]["value"]["info"]
    assert info["info"]["type"] == "BPF_MAP_TYPE_ARRAY"
    allow = [c for c in calls if c["syscall"] == "seccomp"][-1]["args"][2]["value"]
    assert allow["len"] == 1
    assert allow["filter"] == [{"code": {"class": "BPF_RET", "rval": "BPF_K"},
                                "k": {"action": "SECCOMP_RET_ALLOW"}}]

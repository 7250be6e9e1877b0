# SPDX-License-Identifier: GPL-2.0
"""-e io_uring=SET, --io-uring: the operations a program submits through io_uring, which no
syscall tracer sees, shown as the calls they stand for (tests/workloads/uring_read.c reads a
file through liburing)."""
import json
import re

from conftest import PID_PREFIX, excerpt
from test_summary import parse_tables


def uring_lines(trace):
    return [re.sub(r" {2,}", " ", PID_PREFIX.sub("", line)) for line in trace.splitlines()
            if "io_uring:" in line]


def test_reads_shown_with_the_data_read_the_fd_and_the_result(run_btftrace, workload, tmp_path,
                                                              bpf_snapshot):
    src, out = tmp_path / "hostname", tmp_path / "copy"
    src.write_text("vm\n")
    snap = bpf_snapshot()
    rc, stdout, err, trace = run_btftrace(["-y", "-e", "io_uring=all", "--",
                                           workload("uring_read"), src, out])
    assert rc == 0 and err == "", f"exit {rc}, stderr {err!r}"
    assert stdout == "read 3 bytes\n"
    fd = int(re.search(rf'io_uring:openat\(AT_FDCWD<[^>]*>, "{src}", O_RDONLY\) = (\d+)<',
                       trace).group(1))
    ofd = int(re.search(rf'"{out}", O_WRONLY\|O_CREAT\|O_TRUNC, 0600\) = (\d+)<', trace).group(1))
    ops = uring_lines(trace)
    assert ops[1:] == [
        f'io_uring:read({fd}<{src}>, "vm\\n", 4096, 0) = 3',
        f'io_uring:readv({fd}<{src}>, [{{iov_base="m\\n", iov_len=4096}}], 1, 1, 0) = 2',
        ops[3],
        "io_uring:nop() = 0",
        "io_uring:op_200(-1, NULL, 0, 0) = -1 EINVAL (Invalid argument)",
        ops[6],
        f'io_uring:write({ofd}<{out}>, "vm\\n", 3, 0) = 3',
        f"io_uring:close({ofd}<{out}>) = 0",
        f"io_uring:close({fd}<{src}>) = 0",
    ], excerpt(trace, "io_uring:")
    # an error by its name, and a buffer the read did not fill as its address
    assert re.fullmatch(r"io_uring:read\(1000, 0x[0-9a-f]+, 16, 0\) = -1 EBADF "
                        r"\(Bad file descriptor\)", ops[3]), ops[3]
    # each after the io_uring_enter that submitted it and waited for it, not inside its line
    lines = [PID_PREFIX.sub("", line) for line in trace.splitlines()]
    for i, line in enumerate(lines):
        if line.startswith("io_uring:"):
            assert re.match(r"io_uring_enter\(\d+(<[^>]*>)?, 1, 1, IORING_ENTER_GETEVENTS, "
                            r"NULL, 8\) += 1$", lines[i - 1]), excerpt(trace, "io_uring")
    assert "unfinished" not in trace.split("io_uring_setup(")[1].split("munmap")[0]
    snap.assert_clean("a run with -e io_uring")


def test_off_by_default_and_selected_by_name(run_btftrace, workload, tmp_path):
    src = tmp_path / "f"
    src.write_text("abc")
    rc, _, err, trace = run_btftrace(["--", workload("uring_read"), src])
    assert rc == 0 and err == ""
    # strace's lines, and no more: the ring's calls, not its operations
    assert "io_uring_enter(" in trace and "io_uring:" not in trace
    rc, _, err, trace = run_btftrace(["-e", "trace=none", "--io-uring=read,close", "--",
                                      workload("uring_read"), src])
    assert rc == 0 and err == ""
    ops = uring_lines(trace)
    assert [op.split("(")[0] for op in ops] == ["io_uring:read", "io_uring:read",
                                                "io_uring:close"], trace
    rc, _, err, trace = run_btftrace(["-e", "trace=none", "-e", "io_uring=!read,readv,nop",
                                      "--", workload("uring_read"), src])
    assert rc == 0 and err == ""
    assert [op.split("(")[0] for op in uring_lines(trace)] == [
        "io_uring:openat", "io_uring:op_200", "io_uring:close"], trace


def test_json_call_objects_via_io_uring(run_btftrace, workload, tmp_path):
    src = tmp_path / "f"
    src.write_text("vm\n")
    rc, _, err, trace = run_btftrace(["--format=json", "-e", "trace=none", "-e", "io_uring=read",
                                      "--", workload("uring_read"), src])
    assert rc == 0 and err == ""
    calls = [json.loads(line) for line in trace.splitlines()]
    calls = [c for c in calls if c["event"] == "call"]
    assert [c["syscall"] for c in calls] == ["io_uring:read", "io_uring:read"]
    read = calls[0]
    assert read["via"] == "io_uring" and read["nr"] == 22 and read["user_data"] == "0x2", read
    assert read["state"] == "complete" and read["ret"] == 3 and read["duration_ns"] >= 0
    args = {a["name"]: a for a in read["args"]}
    assert args["buf"]["value"]["data"] == "vm\n", args
    assert args["count"]["value"] == 4096 and args["pos"]["value"] == 0
    assert calls[1]["errno"] == "EBADF" and args["fd"]["value"] == int(args["fd"]["raw"])


def test_c_counts_operations_apart_from_io_uring_enter(run_btftrace, workload, tmp_path):
    src = tmp_path / "f"
    src.write_text("vm\n")
    n = 50
    rc, _, err, trace = run_btftrace(["-c", "-e", "io_uring=all", "--",
                                      workload("uring_read"), src, "-", n])
    assert rc == 0 and err == "", err
    table = parse_tables(trace)[None]
    assert table["io_uring:read"]["calls"] == n + 2, trace
    assert table["io_uring:read"]["errors"] == 1, trace
    assert table["io_uring:readv"]["calls"] == 1 and table["io_uring:nop"]["calls"] == 1
    # refused as the kernel read it, before its submission: seen at its completion
    assert table["io_uring:op_200"]["errors"] == 1, trace
    assert table["io_uring:openat"]["calls"] == 1 and table["io_uring:close"]["calls"] == 1
    # one io_uring_enter per operation: the syscall's row, beside the operations'
    assert table["io_uring_enter"]["calls"] == n + 7, trace
    assert "io_uring:read(" not in trace


def test_bad_operation_name(run_btftrace, workload):
    for args in (["-e", "io_uring=reed"], ["--io-uring=read,bogus"]):
        rc, _, err, _ = run_btftrace(args + ["--", workload("uring_read"), "/dev/null"],
                                     trace=False)
        assert rc == 2, err
        assert re.search(r"unknown io_uring operation '(reed|bogus)'", err), err
        assert len(err.strip().splitlines()) == 1, err


def test_d_says_how_operations_are_paired(run_btftrace, workload, tmp_path):
    src = tmp_path / "f"
    src.write_text("x")
    rc, _, err, _ = run_btftrace(["-d", "-e", "io_uring=all", "-e", "trace=none", "--",
                                  workload("uring_read"), src])
    assert rc == 0, err
    assert re.search(r"^btftrace: io_uring: operations from io_uring:io_uring_submit_(req|sqe) "
                     r"to io_uring:io_uring_complete$", err, re.M), err
    assert re.search(r"^btftrace: io_uring: (paired by the request's address|io_uring:"
                     r"io_uring_complete has no req field)", err, re.M), err
    assert "btftrace: io_uring: SQEs read from the ring" in err, err


def test_io_workers_are_no_threads_of_the_trace(run_btftrace, workload, tmp_path):
    """io_uring's worker threads (a buffered write to a file is handed to one) belong to the
    process since Linux 5.12 but make no calls and no tracer sees them otherwise: their exits
    are no lines, so -f shows the process's one exit and no second thread, as strace."""
    src, out = tmp_path / "in", tmp_path / "out"
    src.write_text("vm\n")
    for _ in range(3):
        rc, _, err, trace = run_btftrace(["-f", "-e", "io_uring=all", "--",
                                          workload("uring_read"), src, out, "4"])
        assert rc == 0 and err == "", f"exit {rc}, stderr {err!r}"
        ends = [PID_PREFIX.sub("", l) for l in trace.splitlines() if "+++" in l]
        assert ends == ["+++ exited with 0 +++"], excerpt(trace, "+++")
        assert "exit_group(0) = ?" in re.sub(r" {2,}", " ", trace), excerpt(trace, "exit_group")

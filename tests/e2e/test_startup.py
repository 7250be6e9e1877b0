# SPDX-License-Identifier: GPL-2.0
"""Start-up: BTFTRACE_DEBUG_STARTUP's stages, and the command let go last."""
import re

import pytest

STAGE = re.compile(r"^btftrace:\s+(\d+)\s+(.+?)\s+([\d.]+)-\s*([\d.]+) =\s+([\d.]+)\s+(\d+) pf")


def test_debug_startup_times_each_stage_and_the_exec_is_still_first(run_btftrace):
    result = run_btftrace(["--", "true"],
                          env={"BTFTRACE_DEBUG_STARTUP": "1", "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    stages = {}
    for line in result.stderr.splitlines():
        m = STAGE.match(line)
        if m:
            start, end, took = float(m.group(3)), float(m.group(4)), float(m.group(5))
            assert start <= end and abs(end - start - took) < 0.02, line
            stages.setdefault(m.group(2), []).append(end)
    for name in ("tables: BTF", "tables: tracefs formats",
                 "loader: libbpf's load", "load on_sys_enter", "load on_sys_exit", "attach",
                 "command let go"):
        assert name in stages, result.stderr
    # the command is let go last, after every program was loaded and attached
    assert max(end for ends in stages.values() for end in ends) == stages["command let go"][0]
    assert re.search(r"load on_sys_enter .*\(verifier [\d.]+ ms, \d+ insns processed",
                     result.stderr), result.stderr
    first = result.trace.splitlines()[0]
    assert first.startswith("execve("), result.trace[:400]


def test_without_the_variable_nothing_is_timed(run_btftrace):
    result = run_btftrace(["--", "true"], env={"BTFTRACE_DEBUG_STARTUP": "0",
                                                "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    assert "start-up" not in result.stderr, result.stderr

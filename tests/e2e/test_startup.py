# SPDX-License-Identifier: GPL-2.0
"""Start-up: the command forked first and let go last, and BTFTRACE_DEBUG_STARTUP's stages.

btftrace forks the command before it loads anything (a fork is cheap while btftrace is
small) and lets it exec once the programs are attached: the command must still start with
the signal state btftrace was given, and its exec must still be the first call traced.
"""
import re
import signal

import pytest

STAGE = re.compile(r"^btftrace:\s+(\d+)\s+(.+?)\s+([\d.]+)-\s*([\d.]+) =\s+([\d.]+)\s+(\d+) pf")


def status_masks(text):
    """SigBlk and SigIgn of /proc/self/status as printed by grep, as ints."""
    masks = {}
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key in ("SigBlk", "SigIgn"):
            masks[key] = int(value.strip(), 16)
    return masks


def bit(sig):
    return 1 << (sig - 1)


@pytest.mark.parametrize("options", [[], ["--flight-recorder", "10"],
                                     ["-e", "inject=chdir:error=ENOENT"]],
                         ids=["default", "flight-recorder", "inject"])
def test_command_gets_the_signal_state_btftrace_was_given(run_btftrace, options):
    def given():
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR2})
        signal.signal(signal.SIGHUP, signal.SIG_IGN)

    result = run_btftrace(options + ["--", "grep", "-E", "^Sig(Blk|Ign)", "/proc/self/status"],
                          trace=False, preexec_fn=given)
    assert result.returncode == 0, result.stderr
    masks = status_masks(result.stdout)
    # neither btftrace's own blocked signals (SIGINT, SIGCHLD, ..., --flight-recorder's
    # SIGUSR1) nor its ignored SIGPIPE: what it was given
    assert masks["SigBlk"] == bit(signal.SIGUSR2), result.stdout
    assert masks["SigIgn"] & bit(signal.SIGHUP), result.stdout
    assert not masks["SigIgn"] & bit(signal.SIGPIPE), result.stdout


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
    for name in ("fork the command", "tables: BTF", "tables: tracefs formats",
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

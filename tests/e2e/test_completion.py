# SPDX-License-Identifier: GPL-2.0
"""The bash completion (bash-completion/btftrace) keeps up with the binary: it offers exactly the
options src/main.c accepts (which test_docs.py holds to --help), a value after exactly the
options that take one, the syscall classes the binary knows, and the binary's own syscall
names.

Each case calls the completion function the way bash does, with COMP_WORDS split as bash splits
them (COMP_WORDBREAKS makes "--format=js" the three words "--format" "=" "js").
"""
import os
import re
import subprocess

import pytest

from conftest import REPO
from test_docs import _main_source, long_options, short_options, subcommand_options

SCRIPT = os.path.join(REPO, "bash-completion", "btftrace")


BASH_COMPLETION = "/usr/share/bash-completion/bash_completion"


def complete(words, script=SCRIPT, cwd=None, with_bash_completion=False):
    """The words the completion offers for the last of words (words[0] is the binary)."""
    shell = (f'source "{BASH_COMPLETION}"\n' if with_bash_completion else "")
    shell += (f'source "{script}"\n'
             'COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=()\n'
             'COMP_LINE=$LINE; COMP_POINT=${#LINE}\n'
             '_btftrace\n'
             'printf "%s\\n" "${COMPREPLY[@]}"\n')
    # the line as typed: "=" joins the words around it
    line = words[0]
    for before, word in zip(words, words[1:]):
        line += word if "=" in (before, word) else " " + word
    r = subprocess.run(["bash", "--norc", "--noprofile", "-c", shell, "bash"] + list(words),
                       capture_output=True, text=True, timeout=30, cwd=cwd,
                       env=dict(os.environ, LINE=line))
    assert r.returncode == 0, r.stderr
    # bash-completion's own functions call compopt, which complains outside a real completion
    errors = [line for line in r.stderr.splitlines()
              if not (with_bash_completion and "compopt: not currently executing" in line)]
    assert not errors, f"the completion wrote to stderr: {r.stderr}"
    return [w for w in r.stdout.splitlines() if w]


def option_arguments():
    """{option: takes a value}, for every long and short option of main.c."""
    src = _main_source()
    m = re.search(r"struct option long_options\[\]\s*=\s*\{(.*?)\n\};", src, re.S)
    takes = {f"--{name}": kind == "required_argument" for name, kind in
             re.findall(r'\{\s*"([a-z0-9-]+)"\s*,\s*(\w+_argument)', m.group(1))}
    optstring = re.findall(r'getopt_long\([^,]+,[^,]+,\s*"([^"]*)"', src)[0]
    for i, c in enumerate(optstring):
        if c.isalnum():
            takes[f"-{c}"] = optstring[i + 1:i + 2] == ":"
    assert len(takes) == len(long_options()) + len(short_options())
    return takes


@pytest.fixture(scope="module")
def empty_dir(tmp_path_factory):
    # file name completion offers nothing here
    return str(tmp_path_factory.mktemp("empty"))


def test_the_script_parses():
    r = subprocess.run(["bash", "-n", SCRIPT], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_offers_every_option_and_no_other(btftrace):
    offered = complete([btftrace, "-"])
    assert len(offered) == len(set(offered)), f"an option is offered twice: {offered}"
    expected = {f"--{n}" for n in long_options()} | {f"-{c}" for c in short_options()}
    assert set(offered) == expected, \
        f"missing: {sorted(expected - set(offered))}, unknown: {sorted(set(offered) - expected)}"
    assert set(complete([btftrace, "syscalls", "-"])) == set(subcommand_options())


def test_a_value_follows_exactly_the_options_that_take_one(btftrace, empty_dir):
    wrong = []
    for opt, takes_value in option_arguments().items():
        offered = complete([btftrace, opt, "--a"], cwd=empty_dir)
        # after a value option "--a" is its value, not an option: nothing starting -- is offered
        if takes_value and any(w.startswith("--") for w in offered):
            wrong.append(f"{opt} takes a value, but options were offered after it")
        if not takes_value and "--all" not in offered:
            wrong.append(f"{opt} takes no value, but no option was offered after it: {offered}")
    assert not wrong, "\n".join(wrong)


def test_offers_the_classes_the_binary_knows(btftrace):
    # the binary names every class when it is given one that does not exist
    r = subprocess.run([btftrace, "syscalls", "-e", "%nope"], capture_output=True, text=True)
    m = re.search(r"the classes are (.*)$", r.stderr.strip())
    assert m, r.stderr
    known = set(re.findall(r"%%?\w+", m.group(1)))
    assert set(complete([btftrace, "-e", "%"])) == known
    assert set(complete([btftrace, "-e", "trace", "=", "%"])) == known
    assert complete([btftrace, "-e", "!%fi"]) == ["!%file"]


def test_offers_the_binarys_syscall_names(btftrace):
    names = subprocess.run([btftrace, "syscalls", "--names"], capture_output=True, text=True,
                           check=True).stdout.split()
    assert len(names) > 300
    for prefix in ("", "o", "open", "rt_sig", "clock_"):
        expected = sorted(n for n in names if n.startswith(prefix))
        # with no prefix, the classes, all and none come too
        offered = [w for w in complete([btftrace, "-e", f"read,{prefix}"])
                   if not w.startswith("read,%") and w not in ("read,all", "read,none")]
        assert sorted(offered) == [f"read,{n}" for n in expected], prefix
    assert sorted(complete([btftrace, "syscalls", "newfst"])) == \
        sorted(n for n in names if n.startswith("newfst"))
    # a '?' element may name a syscall this kernel lacks
    assert "openat,?close" in complete([btftrace, "-e", "openat,?clo"])


@pytest.mark.parametrize("words, expected", [
    (["--format", "="], ["text", "json", "perfetto"]),
    (["--format", "=", "j"], ["json"]),
    (["--color", "=", ""], ["auto", "always", "never"]),
    (["-X", ""], ["raw", "abbrev", "verbose"]),
    (["--const-style", "v"], ["verbose"]),
    (["--strings-in-hex", "=", ""], ["none", "non-ascii-chars", "non-ascii", "all"]),
    (["--strings-in-hex", "=", "non-ascii-"], ["non-ascii-chars"]),
    (["-S", ""], ["time", "calls", "errors", "avg", "name"]),
    (["--summary-by", ""], ["total", "process", "thread", "container"]),
    (["--container", "ne"], ["new"]),
    (["-b", ""], ["execve"]),
    (["-c", "-U", "calls,m"], ["calls,min-time", "calls,max-time"]),
    (["--detach-on", "=", "ex"], ["execve"]),
    (["--quiet", "=", "signals,p"], ["signals,path-resolution", "signals,personality"]),
    (["-e", "quiet", "=", "ex"], ["exit"]),
    (["-e", "signal", "=", "SIGUSR"], ["SIGUSR1", "SIGUSR2"]),
    (["-e", "tra"], ["trace=", "trace-fds="]),
    (["-e", "wr"], ["write", "writev", "write="]),
    (["-e", "read", "=", ""], ["all", "none"]),
    (["-e", "w", "=", "a"], ["all"]),
    (["--read", "n"], ["none"]),
    (["--write", "=", "3,"], []),
    (["--decode-pids", "=", ""], ["comm", "pidns", "all", "none"]),
    (["--decode-pids", "comm,p"], ["comm,pidns"]),
    (["-e", "decode-pids", "=", "c"], ["comm"]),
    (["-e", "dec"], ["decode-pids=", "decode-fds="]),
    (["--decode-fds", "=", "so"], ["socket"]),
    (["--decode-fds", "=", "path,p"], ["path,path", "path,pidfd"]),
    (["-e", "decode-fds", "=", "ev"], ["eventfd"]),
    (["-e", "ab"], ["abbrev="]),
    (["-e", "raw", "=", "getpi"], ["getpid"]),
    (["-fe", "%pu"], ["%pure"]),
])
def test_offers_an_options_values(btftrace, words, expected):
    assert complete([btftrace] + words) == expected


def test_the_command_and_its_words_are_not_btftraces(btftrace, empty_dir):
    # after --, and after the first word that is no option, the words are the command's
    assert "ls" in complete([btftrace, "-f", "-e", "trace", "=", "read", "--", "l"])
    assert "ls" in complete([btftrace, "-o", "out", "l"])
    assert complete([btftrace, "-f", "--", "ls", "-"], cwd=empty_dir) == []
    assert complete([btftrace, "ls", "--a"], cwd=empty_dir) == []
    assert "syscalls" in complete([btftrace, "sys"])


@pytest.mark.skipif(not os.path.exists(BASH_COMPLETION), reason="bash-completion is not installed")
def test_the_commands_words_get_the_commands_completion(btftrace, empty_dir):
    # with bash-completion loaded, the traced command is completed as if typed alone
    offered = complete([btftrace, "-f", "--", "sudo", "ls", "--al"], cwd=empty_dir,
                       with_bash_completion=True)
    assert offered == ["--all", "--almost-all"]
    assert complete([btftrace, "-f", "--", "ls", "/et"], with_bash_completion=True) == ["/etc"]

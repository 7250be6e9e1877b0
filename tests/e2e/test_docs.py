# SPDX-License-Identifier: GPL-2.0
"""The documentation keeps up with the options: every option src/main.c accepts is in
`btftrace --help` and in docs/btftrace.1, neither mentions one that does not exist, and the man
page renders without warnings.

The options are read from main.c's getopt tables, not listed here, so that an option added
there without documentation fails this test.
"""
import os
import re
import shutil
import subprocess

import pytest

from conftest import REPO

MAIN_C = os.path.join(REPO, "src", "main.c")
MAN_PAGE = os.path.join(REPO, "docs", "btftrace.1")


def _main_source():
    with open(MAIN_C) as f:
        # comments could name options that do not exist
        return re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)


def long_options():
    """The names of main.c's long_options[] table, in order."""
    src = _main_source()
    m = re.search(r"struct option long_options\[\]\s*=\s*\{(.*?)\n\};", src, re.S)
    assert m, "no long_options[] table in src/main.c"
    names = re.findall(r'\{\s*"([a-z0-9-]+)"\s*,', m.group(1))
    assert len(names) > 10, f"long_options[] parsed to only {names}"
    return names


def short_options():
    """The letters of the optstring main.c gives getopt_long."""
    src = _main_source()
    strings = re.findall(r'getopt_long\([^,]+,[^,]+,\s*"([^"]*)"', src)
    assert len(strings) == 1, f"expected one getopt_long call in src/main.c, found {strings}"
    return [c for c in strings[0] if c.isalnum()]


def subcommand_options():
    """The options `btftrace syscalls` takes: the strings its parser compares argv with."""
    src = _main_source()
    m = re.search(r"static int run_syscalls_command\(.*?\n\}", src, re.S)
    assert m, "no run_syscalls_command() in src/main.c"
    return sorted(set(re.findall(r'strcmp\(argv\[i\],\s*"(-[^"]+)"\)', m.group(0))))


def man_text(examples=True):
    """The man page source with its escapes undone: \\- is -, font changes are dropped.
    Without examples, quoted strings that start with a dash ("-l" in an execve line) go too:
    they are a traced program's arguments, not btftrace's options."""
    with open(MAN_PAGE) as f:
        text = f.read()
    if not examples:
        text = re.sub(r'"\\-[^"]*"', "", text)
    text = text.replace("\\-", "-")
    text = re.sub(r"\\f[BIRP]", "", text)
    # .BR -a ", " --all  and  .BI -o " FILE"  put words apart with quotes
    return text.replace('"', " ")


@pytest.fixture(scope="module")
def help_text(btftrace):
    r = subprocess.run([btftrace, "--help"], capture_output=True, text=True, timeout=10)
    assert r.returncode == 0, r.stderr
    return r.stdout


def mentions(text, opt):
    """opt (-x or --name) appears in text as an option, not inside a longer word."""
    return re.search(r"(?<![\w-])" + re.escape(opt) + r"(?![\w-])", text) is not None


def test_tables_parse():
    # the tables this test reads are what getopt sees: a sanity check of the parsing itself
    longs, shorts = long_options(), short_options()
    assert "help" in longs and "h" in shorts
    assert len(set(longs)) == len(longs), "a long option is in the table twice"
    assert subcommand_options() == ["--json", "--names", "-e"]


@pytest.mark.parametrize("where", ["help", "man"])
def test_every_option_is_documented(where, help_text):
    text = help_text if where == "help" else man_text()
    missing = [f"--{name}" for name in long_options() if not mentions(text, f"--{name}")]
    missing += [f"-{c}" for c in short_options() if not mentions(text, f"-{c}")]
    missing += [opt for opt in subcommand_options() if not mentions(text, opt)]
    assert not missing, f"options src/main.c accepts that {where} does not describe: {missing}"


@pytest.mark.parametrize("where", ["help", "man"])
def test_no_option_is_documented_that_does_not_exist(where, help_text):
    text = help_text if where == "help" else man_text(examples=False)
    known = {f"--{n}" for n in long_options()} | {f"-{c}" for c in short_options()}
    known |= set(subcommand_options())
    # -tt and -ttt are -t given twice and three times
    known |= {"-tt", "-ttt"}
    # other programs' options in prose: "as ps -L shows", "strace -c", "ulimit -l"
    text = re.sub(r"\b(?:ps|strace|perf trace|ulimit)\s+(?:-[\w-]+\s*)+", " ", text)
    # and setpriv's, in a command continued over lines (\e is the man page's backslash)
    text = re.sub(r"^setpriv .*?(?:\\e\n.*?)*$", " ", text, flags=re.M)
    # words that look like options: at a word start, a dash or two and a letter
    found = set(re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", text))
    unknown = sorted(found - known)
    assert not unknown, f"{where} names options src/main.c does not accept: {unknown}"


def test_man_page_renders_without_warnings():
    if shutil.which("groff") is None:
        pytest.skip("groff is not installed")
    r = subprocess.run(["groff", "-man", "-ww", "-z", MAN_PAGE], capture_output=True,
                       text=True, timeout=30)
    assert r.returncode == 0 and not r.stderr.strip(), r.stderr
    if shutil.which("man"):
        r = subprocess.run(["man", "--warnings", "-l", MAN_PAGE], capture_output=True,
                           text=True, timeout=30, env=dict(os.environ, MANPAGER="cat",
                                                           PAGER="cat", MANWIDTH="80"))
        assert r.returncode == 0 and not r.stderr.strip(), r.stderr

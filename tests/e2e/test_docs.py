# SPDX-License-Identifier: GPL-2.0
"""The documentation keeps up with the options: every option src/main.c accepts is in
`btftrace --help` and in docs/btftrace.1, neither mentions one that does not exist, and the man
page renders without warnings. And with the JSON schema: docs/json.md, the README and the man
page name the version src/sinks/json.c writes, and docs/json.md's examples of values mean
what the text beside them says (as tests/e2e/strace_text.py reads both).

The options are read from main.c's getopt tables, not listed here, so that an option added
there without documentation fails this test.
"""
import json
import os
import re
import shutil
import subprocess

import pytest

from conftest import REPO
from strace_text import Comparison, Parser, parse_note, parse_value

MAIN_C = os.path.join(REPO, "src", "main.c")
MAN_PAGE = os.path.join(REPO, "docs", "btftrace.1")
JSON_SINK = os.path.join(REPO, "src", "sinks", "json.c")
JSON_DOC = os.path.join(REPO, "docs", "json.md")
README = os.path.join(REPO, "README.md")


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
    # -tt and -ttt are -t given twice and three times, -xx -x twice, -ff -f twice, -qq(q) -q,
    # -yy -y twice, -kk -k twice
    known |= {"-tt", "-ttt", "-xx", "-ff", "-qq", "-qqq", "-yy", "-kk"}
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


# ---------------------------------------------------------------- the JSON schema


def read(path):
    with open(path) as f:
        return f.read()


def json_schema():
    """(schema, schema_minor) as src/sinks/json.c writes them in the header."""
    src = read(JSON_SINK)
    major = re.search(r"^#define JSON_SCHEMA (\d+)$", src, re.M)
    minor = re.search(r"^#define JSON_SCHEMA_MINOR (\d+)$", src, re.M)
    assert major and minor, "no JSON_SCHEMA and JSON_SCHEMA_MINOR in src/sinks/json.c"
    return int(major.group(1)), int(minor.group(1))


def test_docs_name_the_json_schema_the_code_writes():
    major, minor = json_schema()
    doc = read(JSON_DOC)
    assert f"This document describes schema {major}.{minor}." in doc
    # the table of versions ends with this one
    versions = re.findall(r"^\| (\d+(?:\.\d+)?)\b", doc, re.M)
    assert versions and versions[-1] == f"{major}.{minor}", versions
    header = f'"schema":{major},"schema_minor":{minor}'
    for path in (JSON_DOC, README, MAN_PAGE):
        text = read(path)
        assert header in text, f"{path} does not show the header as {header}"
        stale = [m for m in re.findall(r'"schema":\d+,"schema_minor":\d+', text) if m != header]
        assert not stale, f"{path} shows another schema: {stale}"


def cells(row):
    """A markdown table row's cells, \\| inside them unescaped."""
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", row.strip())[1:-1]]


def code(cell):
    return re.findall(r"`([^`]+)`", cell)


def table(doc, heading):
    """The rows of the first table after heading, without its header and rule."""
    rest = doc[doc.index(heading):]
    lines = rest[rest.index("\n|"):].strip().splitlines()
    rows = []
    for line in lines[2:]:
        if not line.startswith("|"):
            break
        rows.append(cells(line))
    return rows


def test_json_doc_examples_mean_what_their_text_says():
    doc = read(JSON_DOC)
    cmp = Comparison(verbose=False, string_limit=32)
    problems, compared = [], 0
    for row in table(doc, "### Values"):
        what, examples, texts = row[0], code(row[2]), code(row[3])
        if len(examples) == 1:
            examples = examples * len(texts)
        assert examples and len(examples) == len(texts), f"row {what!r}: {row}"
        for example, text in zip(examples, texts):
            problems += cmp.value(parse_value(text), json.loads(example), what)
            compared += 1
    for row in table(doc, "What the text shows after the return value"):
        (text,), (note,) = code(row[1]), code(row[2])
        m = re.fullmatch(r"= \S+ \((.*)\)", text)
        assert m, f"ret_note row {row}"
        problems += cmp.note(parse_note(Parser(m.group(1))), json.loads(note), row[0])
        compared += 1
    assert compared >= 25, f"only {compared} examples read"
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- docs/HACKING.md

HACKING = os.path.join(REPO, "docs", "HACKING.md")
# A path as HACKING.md writes it in backticks: under one of the tree's top directories, maybe
# followed by :symbol.
HACKING_REF = re.compile(
    r"`((?:src|tests|tools|docs|bench|debian|bash-completion)/[\w./-]*\w)(?::(\w+))?`")


def hacking_refs():
    return HACKING_REF.findall(read(HACKING))


def test_hacking_names_paths_and_symbols_that_exist():
    refs = hacking_refs()
    assert len(refs) > 30, "HACKING.md names too few files: did its syntax change?"
    missing = []
    for path, symbol in refs:
        full = os.path.join(REPO, path)
        if not os.path.exists(full):
            missing.append(f"{path}: no such file or directory")
        elif symbol and not re.search(r"\b%s\b" % re.escape(symbol), read(full)):
            missing.append(f"{path}: no symbol {symbol}")
    assert not missing, "docs/HACKING.md is out of date:\n" + "\n".join(sorted(set(missing)))


def test_hacking_symbols_are_defined_not_only_mentioned():
    """A symbol HACKING.md names is defined in its file (a function, table, enum or struct),
    not merely mentioned in a comment there."""
    undefined = []
    for path, symbol in hacking_refs():
        full = os.path.join(REPO, path)
        if not symbol or not os.path.isfile(full):
            continue
        text = re.sub(r"/\*.*?\*/|//[^\n]*", "", read(full), flags=re.S)
        definition = re.compile(
            r"(^|\n)[^\n;]*\b(struct|enum|union)\s+%s\s*\{|(^|\n)[\w \t*]+\b%s\s*(\(|\[|=)"
            % (re.escape(symbol), re.escape(symbol)))
        if not definition.search(text):
            undefined.append(f"{path}: {symbol}")
    assert not undefined, "HACKING.md names symbols not defined there:\n" + "\n".join(undefined)


def test_the_tree_holds_no_stray_files():
    """Trace outputs, editor and patch leftovers are not committed (kb2.txt once was)."""
    listed = subprocess.run(["git", "-C", REPO, "ls-files"], capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    files = listed.stdout.split()
    stray = [f for f in files if re.search(r"\.(orig|rej|swp|bak|log)$|~$", f)]
    top = {"Makefile", "README.md", "VERSION", ".clang-format", ".gitignore"}
    stray += [f for f in files if "/" not in f and f not in top]
    assert not stray, "stray files committed: " + ", ".join(stray)

# SPDX-License-Identifier: GPL-2.0
"""Issue 15's test: for every call of the workloads (many_calls, and random_syscalls' every
syscall with random arguments), the JSON value of each argument carries the same decoded
meaning as the text, argument by argument, and so does the return value.

Two ways to see one call as both:
- --format=perfetto writes, per call, the strace text and the JSON arguments by name from the
  same decoded call. Run with -y and --arg-names (arguments pair by name), once with -v (the
  text abbreviates nothing) and once without (the text as it reads by default, execve's envp
  counted). Its arguments by name keep only what went in of an in/out argument, and an fd
  argument's path stays in the text.
- --format=json traced by a text btftrace (-f, both filtered to the calls that are not
  btftrace's): two tracers, one run, the same calls. This checks value_out, fault and
  the argument objects of JSON Lines.

The text is read back by tests/e2e/strace_text.py and compared in meaning with the JSON
(docs/json.md): flags by names and rest, numbers by value, strings by bytes, structs member by
member. Every difference fails the test with the call, the argument, the text and the JSON.
"""
import collections
import json
import subprocess

import pytest

from strace_text import (Comparison, Fd, InOut, List, Num, ParseError, is_flags_obj, parse_call,
                         parse_line, parse_value)
from test_random_syscalls import (RUN_SECONDS, ROUNDS, SEED, WORKLOAD_SECONDS, catalog,  # noqa
                                  spec_lines, uid)  # noqa: F401 (fixtures)

STRING_LIMIT = 65536  # -s: no string of the text is cut (the capture's own cut shows in both)
STRUCT_DEPTH = 32  # the most --struct-depth takes: no struct of the text elided
ATTEMPTS = 3  # runs whose ring buffer overflowed (a loaded machine) are made again
SHOWN = 40  # differences shown in a failure

NO_OUT = object()


def compare_call(cmp, where, text_args, json_args, problems):
    """Compares a call's arguments: text_args [node], json_args [(name, value, value_out or
    NO_OUT, the JSON Lines argument object or None)]."""
    if text_args and all(t.arg_name for t in text_args):
        # --arg-names: matched by name, so that one missing leaves the others compared
        text_names = [t.arg_name for t in text_args]
        json_names = [n for n, *_ in json_args]
        if text_names != json_names:
            problems.append(f"{where}: arguments {text_names} in text, {json_names} in JSON")
        by_name = {n: a for n, *a in json_args}
        pairs = [(t, (t.arg_name, *by_name[t.arg_name])) for t in text_args
                 if t.arg_name in by_name]
    elif len(text_args) != len(json_args):
        problems.append(f"{where}: {len(text_args)} arguments in text, {len(json_args)} in "
                        f"JSON ({[n for n, *_ in json_args]})")
        return
    else:
        pairs = list(zip(text_args, json_args))
    for t, (name, value, value_out, obj) in pairs:
        at = f"{where} {name}"
        if isinstance(t, Fd):
            # an fd argument's path is a member of the argument object (JSON Lines only)
            if obj is not None and obj.get("path") != t.path:
                problems.append(f"{at}: text {t.src!r} but JSON path {obj.get('path')!r}")
            t = t.fd
        elif obj is not None and "path" in obj:
            problems.append(f"{at}: text {t.src!r} has no path, JSON {obj['path']!r}")
        # flags held in the argument itself (not behind a pointer) are its raw
        if obj is not None and "hex" not in obj and is_flags_obj(value) and \
                value["raw"] % 2**32 != obj["raw"] % 2**32:
            problems.append(f"{at}: flags {value} but the argument's raw is {obj['raw']}")
        if obj is not None and obj.get("fault"):
            if not (isinstance(t, Num) and t.src == obj.get("hex") and value is None):
                problems.append(f"{at}: text {t.src!r}, JSON a fault at {obj.get('hex')} "
                                f"with value {value!r}")
            continue
        inout = t
        if isinstance(t, List) and t.sep is None and len(t.items) == 1 and \
                isinstance(t.items[0], InOut):
            inout = t.items[0]  # a number the kernel changed: [16 => 8]
        if isinstance(inout, InOut):
            problems += cmp.value(inout.before, value, at)
            if value_out is NO_OUT and obj is not None:
                problems.append(f"{at}: text {t.src!r} (in => out) but JSON has no value_out")
            elif value_out is not NO_OUT:
                problems += cmp.value(inout.after, value_out, at + " out")
            continue
        if value_out is not NO_OUT:
            problems.append(f"{at}: text {t.src!r} but JSON has value_out {value_out!r}")
        problems += cmp.value(t, value, at)


# ---------------------------------------------------------------- the text parser itself


def test_strace_text_reads_what_the_text_writer_writes():
    call = ('sendmsg(5, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="hello ", '
            'iov_len=6}], msg_iovlen=1, msg_control=[{cmsg_len=20, cmsg_level=SOL_SOCKET, '
            'cmsg_type=SCM_RIGHTS, cmsg_data=[0]}], msg_controllen=24, msg_flags=0}, 0)')
    name, args = parse_call(call)
    assert name == "sendmsg" and len(args) == 3 and args[1].items[0] == (
        "msg_name", args[1].items[0][1])
    for text in [r'"\0\1\2\177\200\377ab\n\t\"\\"...', "O_RDONLY|O_CREAT|0x10",
                 "[{WIFSIGNALED(s) && WTERMSIG(s) == SIGKILL && WCOREDUMP(s)}]", "~[KILL STOP]",
                 "0x7ffd1000 /* 23 vars */", "[16 => 8]", "FUTEX_OP_SET<<28|0<<12|FUTEX_OP_CMP_GT"
                 "<<24|0x1", "{sa_family=AF_INET6, sin6_port=htons(80), sin6_flowinfo=htonl(0), "
                 'inet_pton(AF_INET6, "::1", &sin6_addr), sin6_scope_id=0}', "4*1024",
                 "3</tmp/a\\76b>", "@\"abs\"", "[USR1 RTMIN+2 ...]", "{a={...}, ...}",
                 "B38400<<IBSHIFT|CS8", "0x10 /* RLIMIT_??? */", "[...]", "-1", "0640",
                 "[{a=1}, ... /* 0x7ffd1000 */]"]:
        assert parse_value(text).src == text, text
    line = parse_line('[pid 12] <... wait4 resumed>[{WIFEXITED(s) && WEXITSTATUS(s) == 0}], '
                      '0, NULL) = 13')
    assert (line["tid"], line["name"], line["state"], len(line["args"]), line["ret"]) == \
        (12, "wait4", "resumed", 3, "13")
    name, args = parse_call('openat(dfd: AT_FDCWD, filename: "/x", flags: O_RDONLY)')
    assert [a.arg_name for a in args] == ["dfd", "filename", "flags"]
    line = parse_line("read(3,  <unfinished ...>")
    assert (line["state"], len(line["args"])) == ("unfinished", 1)
    with pytest.raises(ParseError):
        parse_value('"no end')


@pytest.mark.parametrize("text, value, same", [
    # the examples, as schema 1.2 wrote them: not the same
    ("SO_REUSEADDR", 2, False),
    ("O_RDONLY|O_NONBLOCK", 2048, False),
    ('"jt-name"', [28549237875504234, 0], False),
    ("{ws_row=24, ws_col=80, ws_xpixel=0, ws_ypixel=0}",
     {"c_iflag": 1310744, "c_oflag": 0, "c_cflag": 0, "c_lflag": 0, "c_line": 0}, False),
    # and as schema 2.0 writes them
    ("SO_REUSEADDR", "SO_REUSEADDR", True),
    ("O_RDONLY|O_NONBLOCK", {"raw": 2048, "names": ["O_RDONLY", "O_NONBLOCK"], "rest": 0}, True),
    ('"jt-name"', {"str": "jt-name", "truncated": False}, True),
    ("{ws_row=24, ws_col=80, ws_xpixel=0, ws_ypixel=0}",
     {"ws_row": 24, "ws_col": 80, "ws_xpixel": 0, "ws_ypixel": 0}, True),
    # the other shapes
    ("O_RDONLY|O_NONBLOCK", {"raw": 2048, "names": ["O_NONBLOCK"], "rest": 0}, False),
    ("S_IFREG|0640", {"raw": 0o100640, "names": ["S_IFREG"], "rest": 0o640}, True),
    ("S_IFREG|0640", {"raw": 0o100644, "names": ["S_IFREG"], "rest": 0o644}, False),
    ("0x10 /* CLOSE_RANGE_??? */", {"raw": 16, "names": [], "rest": 16}, True),
    ("[USR2]", ["SIGUSR2"], True),
    ("[USR2]", ["SIGUSR1"], False),
    ("~[KILL STOP]", {"not": ["SIGKILL", "SIGSTOP"]}, True),
    ("~[KILL STOP]", ["SIGKILL", "SIGSTOP"], False),
    ("[{WIFEXITED(s) && WEXITSTATUS(s) == 3}]", {"WIFEXITED": True, "WEXITSTATUS": 3}, True),
    ("[{WIFEXITED(s) && WEXITSTATUS(s) == 3}]", {"WIFEXITED": True, "WEXITSTATUS": 0}, False),
    ("htons(9)", 9, True),
    ('inet_addr("127.0.0.1")', {"str": "127.0.0.1", "truncated": False}, True),
    ('inet_addr("127.0.0.1")', {"str": "127.0.0.2", "truncated": False}, False),
    ("0x7ffd1000 /* 23 vars */", {"addr": "0x7ffd1000", "count": 23, "truncated": False}, True),
    ("0x7ffd1000 /* 23 vars or more */",
     {"addr": "0x7ffd1000", "count": 23, "truncated": False}, False),
    ("[1]", 1, True),
    ("[1]", 2, False),
    ("NULL", None, True),
    ("0x7ffd1000", None, True),
    ("SIG_IGN", None, False),
    ("4*1024", 4096, True),
    ("FUTEX_OP_SET<<28|0<<12|FUTEX_OP_CMP_GT<<24|0x1", 0x4000001, True),
    ("FUTEX_OP_SET<<28|0<<12|FUTEX_OP_CMP_GT<<24|0x1", 0x4000002, False),
    ('"ab"...', {"encoding": "utf8", "data": "ab", "len": 2, "size": 9, "truncated": True}, True),
    ('"ab"', {"encoding": "utf8", "data": "ab", "len": 2, "size": 9, "truncated": True}, False),
    (r'"\303\251"', {"encoding": "utf8", "data": "\u00e9", "len": 2, "truncated": False}, True),
    ("{a=1, ...}", {"a": 1, "...": True}, True),
    ("{a=1}", {"a": 1, "...": True}, False),
    ("{a=1}", {"a": 1, "b": 2}, False),
    ("{...}", {"...": True}, True),
    ("[1, 2, ...]", [1, 2, "..."], True),
    ("[1, 2]", [1, 2, 3], False),
    ("@\"x\"", {"encoding": "utf8", "data": "x", "len": 1, "truncated": False}, True),
    ("@\"x\"", {"str": "x", "truncated": False}, False),
    ("{fd=3</a>}", {"fd": {"fd": 3, "path": "/a"}}, True),
    ("{fd=3</a>}", {"fd": 3}, False),
    # fields of one number, each named on its own: personality's, a capability set's
    ("PER_LINUX|ADDR_NO_RANDOMIZE", {"domain": "PER_LINUX", "flags": {
        "raw": 0x40000, "names": ["ADDR_NO_RANDOMIZE"], "rest": 0}}, True),
    ("0xad /* PER_??? */|0x7e00", {"domain": 0xad, "flags": {
        "raw": 0x7e00, "names": [], "rest": 0x7e00}}, True),
    ("PER_LINUX", {"domain": "PER_LINUX"}, True),
    ("PER_LINUX|ADDR_NO_RANDOMIZE", {"domain": "PER_LINUX"}, False),
    ("1<<CAP_CHOWN|1<<CAP_MAC_OVERRIDE", {
        "caps_0_31": {"raw": 1, "names": ["1<<CAP_CHOWN"], "rest": 0},
        "caps_32_63": {"raw": 1, "names": ["1<<CAP_MAC_OVERRIDE"], "rest": 0}}, True),
    ("1<<CAP_CHOWN|1<<CAP_MAC_OVERRIDE", {
        "caps_0_31": {"raw": 1, "names": ["1<<CAP_CHOWN", "1<<CAP_MAC_OVERRIDE"],
                      "rest": 0}}, True),
    ("1<<CAP_CHOWN", {"caps_0_31": {"raw": 1, "names": ["1<<CAP_KILL"], "rest": 0}}, False),
])
def test_comparison_tells_same_from_different(text, value, same):
    problems = Comparison(verbose=True, string_limit=STRING_LIMIT).value(
        parse_value(text), value, "arg")
    assert (not problems) == same, problems


@pytest.mark.parametrize("text, obj, same", [
    ("-1 ENOSYS (Function not implemented)", {"ret": -1, "errno": "ENOSYS", "errno_num": 38,
                                              "error": "Function not implemented"}, True),
    # an error in 32 bits, as modify_ldt's: the number is ret
    ("4294967258 ENOSYS (Function not implemented)",
     {"ret": 4294967258, "errno": "ENOSYS", "errno_num": 38,
      "error": "Function not implemented"}, True),
    ("4294967258 ENOSYS (Function not implemented)",
     {"ret": -1, "errno": "ENOSYS", "errno_num": 38, "error": "Function not implemented"}, False),
])
def test_return_comparison(text, obj, same):
    problems = Comparison(verbose=True, string_limit=STRING_LIMIT).ret(text, obj, "ret")
    assert (not problems) == same, problems


# ---------------------------------------------------------------- the runs


def workload_argv(name, workload, catalog, tmp_path, uid):
    """(argv, cwd) of a workload run."""
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    if name == "many_calls":
        return [workload("many_calls"), str(work)], str(work)
    spec = tmp_path / "spec.txt"
    spec.write_text(spec_lines(catalog))
    return [workload("random_syscalls"), "--seed", str(SEED), "--spec", str(spec), "--log",
            str(tmp_path / "calls.log"), "--dir", str(work), "--uid", str(uid), "--rounds",
            str(ROUNDS), "--max-seconds", str(WORKLOAD_SECONDS)], str(work)


def run(argv, cwd):
    """Runs a traced workload; its stderr, or None when a ring buffer overflowed."""
    proc = subprocess.run(["timeout", "-s", "KILL", str(RUN_SECONDS)] + argv, cwd=cwd,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          errors="replace", timeout=RUN_SECONDS + 10)
    assert proc.returncode == 0, f"{' '.join(argv)}: exit {proc.returncode}\n{proc.stderr[-3000:]}"
    if "records lost" in proc.stderr or "without their data" in proc.stderr:
        return None
    return proc.stderr


def run_until_whole(make_run):
    for _ in range(ATTEMPTS):
        result = make_run()
        if result is not None:
            return result
    pytest.fail(f"the ring buffer overflowed in {ATTEMPTS} runs in a row")


def report(mode, name, problems, compared, tmp_path):
    least = LEAST[name]
    thin = {k: (compared[k], v) for k, v in least.items() if compared[k] < v}
    assert not thin, f"too few compared (compared, least): {thin}"
    if not problems:
        return
    every = tmp_path / "differences.txt"
    every.write_text("\n".join(problems) + "\n")
    pytest.fail(f"{name} ({mode}): {len(problems)} differences between text and JSON in "
                f"{compared['calls']} calls (all of them in {every}):\n" +
                "\n".join(problems[:SHOWN]), pytrace=False)


WORKLOADS = ["many_calls", "random_syscalls"]
# the least each run compares: a parser that lost its way would compare nothing
LEAST = {"many_calls": {"calls": 150, "arguments": 350},
         "random_syscalls": {"calls": 1000, "arguments": 2500}}


def short(text, n=300):
    return text if len(text) <= n else text[:n] + "..."


@pytest.mark.parametrize("verbose", [True, False], ids=["v", "abbreviated"])
@pytest.mark.parametrize("name", WORKLOADS)
def test_perfetto_args_mean_what_the_call_text_says(btftrace, workload, catalog, tmp_path, uid,
                                                    name, verbose):
    argv, cwd = workload_argv(name, workload, catalog, tmp_path, uid)
    out = tmp_path / "trace.json"
    # without -v execve's envp is counted (0x7ffd... /* 23 vars */), and the text abbreviates
    opts = ["-v"] if verbose else []

    def one_run():
        if run([btftrace, "--format=perfetto", "-y", "--arg-names", "-s", str(STRING_LIMIT),
                "--struct-depth", str(STRUCT_DEPTH), "-o", str(out)] + opts + ["--"] + argv,
               cwd) is None:
            return None
        return json.loads(out.read_text())

    doc = run_until_whole(one_run)
    cmp = Comparison(verbose=verbose, string_limit=STRING_LIMIT)
    problems, compared = [], collections.Counter()
    for n, ev in enumerate(e for e in doc["traceEvents"] if e.get("ph") == "X"):
        a = ev["args"]
        where = f"call {n} {short(a['call'])} = {short(a['return'], 80)}\n   "
        try:
            sysname, text_args = parse_call(a["call"])
        except ParseError as e:
            problems.append(f"{where} the text does not parse: {e}")
            continue
        compared["calls"] += 1
        if sysname != ev["name"]:
            problems.append(f"{where} named {ev['name']} in the event")
        if "args" in a:
            json_args = [(k, v, NO_OUT, None) for k, v in a["args"].items()]
            compare_call(cmp, where, text_args, json_args, problems)
            compared["arguments"] += len(json_args)
        problems += cmp.ret(a["return"], a, where + " return")
    report("perfetto", name, problems, compared, tmp_path)


def text_calls(text, main_tid):
    """{tid: [call]} of a text trace, a call split in two joined; lines before [pid N]
    prefixes began are main_tid's."""
    calls, pending = collections.defaultdict(list), {}
    for line in text.splitlines():
        e = parse_line(line)
        if e is None:
            continue
        e["line"] = line
        tid = e["tid"] if e["tid"] is not None else main_tid
        if e["state"] == "unfinished":
            pending[tid] = e
            calls[tid].append(e)
        elif e["state"] == "resumed" and tid in pending and pending[tid]["name"] == e["name"]:
            first = pending.pop(tid)
            first["args"] = first["args"] + e["args"]
            first["ret"], first["state"] = e["ret"], "complete"
            first["line"] += "\n    " + line
        else:
            if e["state"] == "resumed":
                e["args"] = None  # its enter was not seen: no arguments to compare
            calls[tid].append(e)
    return calls


def json_calls(objs):
    """{tid: [call object]}: whole calls, the resumed object of a split one."""
    calls = collections.defaultdict(list)
    for o in objs:
        if o["event"] == "call" and o["state"] != "unfinished":
            calls[o["tid"]].append(o)
    return calls


@pytest.mark.parametrize("name", WORKLOADS)
def test_json_lines_mean_what_the_text_says(btftrace, workload, catalog, tmp_path, uid, name):
    argv, cwd = workload_argv(name, workload, catalog, tmp_path, uid)
    text_path, json_path = tmp_path / "trace.txt", tmp_path / "trace.jsonl"
    # the text tracer traces the JSON tracer's run: the workload's calls, not btftrace's;
    # both filter alike, so that what a filter changes (syscall -1's return is lost with one)
    # changes both
    common = ["-f", "-s", str(STRING_LIMIT), "--struct-depth", str(STRUCT_DEPTH), "--filter",
              'comm != "btftrace"']

    def one_run():
        if run([btftrace, "-o", str(text_path)] + common + ["--", btftrace, "--format=json",
               "-o", str(json_path)] + common + ["--"] + argv, cwd) is None:
            return None
        return text_path.read_text(errors="replace"), \
            [json.loads(line) for line in json_path.read_text().splitlines()]

    text, objs = run_until_whole(one_run)
    first = next(o for o in objs if o["event"] == "call")
    by_json = json_calls(objs)
    by_text = text_calls(text, first["tid"])
    cmp = Comparison(verbose=False, string_limit=STRING_LIMIT)
    problems, compared = [], collections.Counter()
    assert set(by_text) <= set(by_json), \
        f"threads in the text only: {sorted(set(by_text) - set(by_json))}"
    for tid, jcalls in sorted(by_json.items()):
        tcalls = by_text.get(tid, [])
        names_t = [c["name"] for c in tcalls]
        names_j = [o["syscall"] for o in jcalls]
        # the text tracer sees a thread from its first call after exec (its comm was
        # btftrace's before): JSON may have a call or two more at the start
        skip = next((k for k in range(4) if names_j[k:] == names_t), None)
        if skip is None:
            problems.append(f"tid {tid}: the calls differ:\n  text {names_t}\n  JSON {names_j}")
            continue
        for n, (t, o) in enumerate(zip(tcalls, jcalls[skip:])):
            where = f"tid {tid} call {n} {short(t['line'])}\n   "
            compared["calls"] += 1
            if t["args"] is not None and o["args"] is not None:
                json_args = [(a["name"] or f"arg{k}", a["value"], a.get("value_out", NO_OUT), a)
                             for k, a in enumerate(o["args"])]
                compare_call(cmp, where, t["args"], json_args, problems)
                compared["arguments"] += len(json_args)
            if t["ret"] is None:
                if "ret" in o:
                    problems.append(f"{where} no return in text, JSON ret {o['ret']}")
            else:
                problems += cmp.ret(t["ret"], o, where + " return")
    report("JSON Lines", name, problems, compared, tmp_path)

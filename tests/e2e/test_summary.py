# SPDX-License-Identifier: GPL-2.0
"""-c/-C summaries kept in the kernel: exact counts, errors, sorting, grouping, histograms."""
import json
import re
import shutil
import subprocess

import pytest

# strace's columns, all of them: the default leaves out the minimum and the maximum
ALL_COLUMNS = ["-U", "time-percent,total-time,avg-time,min-time,max-time,calls,errors,name"]
RULE_LINE = re.compile(r"^-+( -+)*$")


def table_columns(header, rule):
    """[(header word, start, end)] of a table, from the rule under its header (end None: the
    last column runs to the end of the line)."""
    spans = [m.span() for m in re.finditer(r"-+", rule)]
    cols = [(header[a:b].strip(), a, b) for a, b in spans]
    name, a, _ = cols[-1]
    cols[-1] = (name, a, None)
    return cols


def parse_row(line, cols):
    """The row's {header word: text} by the columns' places."""
    return {name: line[a:b].strip() if b else line[a:].strip() for name, a, b in cols}


def parse_tables(text):
    """{group header or None: {syscall: row dict}} of every summary table in text."""
    tables, group, current, cols = {}, None, None, None
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^(process|thread) (\d+):$", line)
        if m:
            group = int(m.group(2))
            continue
        # a header: its name column's word, and the rule under it
        if (i + 1 < len(lines) and RULE_LINE.match(lines[i + 1]) and
                re.search(r"(^| )syscall( |$)", line)):
            cols = table_columns(line, lines[i + 1])
            current = tables.setdefault(group, {})
            continue
        if current is None or RULE_LINE.match(line) or not line.strip():
            continue
        row = parse_row(line, cols)
        if not row.get("calls", "").isdigit():
            current = None
            continue
        entry = {"calls": int(row["calls"]), "errors": int(row.get("errors") or 0),
                 "order": len(current)}
        if "% time" in row:
            entry["pct"] = float(row["% time"])
        if "seconds" in row:
            entry["seconds"] = float(row["seconds"])
        if "usecs/call" in row:
            entry["avg_us"] = int(row["usecs/call"])
        if "shortest" in row:
            entry["min_us"] = round(float(row["shortest"]) * 1e6)
        if "longest" in row:
            entry["max_us"] = round(float(row["longest"]) * 1e6)
        current[row["syscall"]] = entry
    return tables


def stats(err):
    m = re.search(r"enter records (\d+), exit records (\d+)", err)
    assert m, err
    return int(m.group(1)), int(m.group(2))


def test_counts_are_exact_and_no_records_are_sent(run_btftrace, workload):
    n = 2000
    result = run_btftrace(["-c", "--stats"] + ALL_COLUMNS + ["--", workload("counted"), n])
    assert result.returncode == 0, result.stderr
    table = parse_tables(result.trace)[None]
    assert table["getppid"]["calls"] == n
    assert table["write"]["calls"] == n
    assert table["openat"]["errors"] == n // 2
    assert table["nanosleep"]["calls"] == 3
    # 3 sleeps of 2 ms: at least 6 ms in all, each at least 2 ms
    assert table["nanosleep"]["seconds"] >= 0.006
    assert table["nanosleep"]["min_us"] >= 2000
    total = table["total"]
    assert total["calls"] == sum(r["calls"] for k, r in table.items() if k != "total")
    assert total["errors"] == sum(r["errors"] for k, r in table.items() if k != "total")
    # sorted by time by default (the sleeps come first unless load stretched other calls)
    rows = sorted((r for k, r in table.items() if k != "total"), key=lambda r: r["order"])
    assert [r["seconds"] for r in rows] == sorted((r["seconds"] for r in rows), reverse=True)
    # summary-only: nothing went through the ring buffer, and no call was printed
    assert stats(result.stderr) == (0, 0)
    assert "getppid(" not in result.trace and "+++" not in result.trace
    # so its ring buffer is one page, whatever --buffer-size says
    assert re.search(r"high-water mark 0 of 4096 bytes", result.stderr), result.stderr


@pytest.mark.parametrize("mode", ["-c", "-C"])
def test_a_child_start_is_not_a_call(run_btftrace, workload, mode):
    """5 forks are 5 clone calls and 4 threads 4 clone3 calls, as strace -c -f counts them:
    each child's first return (0) from the parent's call is not a call of its own."""
    result = run_btftrace(["-f", mode] + ALL_COLUMNS + ["--", workload("forks"), 5, 4])
    assert result.returncode == 0, result.stderr
    table = parse_tables(result.trace)[None]
    assert table["clone"]["calls"] == 5, result.trace
    assert table["clone3"]["calls"] == 4, result.trace
    # each of them timed: its enter was the parent's
    assert table["clone"]["min_us"] > 0 or table["clone"]["seconds"] > 0


def test_summary_with_calls_keeps_the_ring_buffer_size(run_btftrace, workload):
    result = run_btftrace(["-C", "--stats", "--buffer-size", "1M", "--", workload("counted"), 10])
    assert result.returncode == 0, result.stderr
    assert re.search(r"high-water mark \d+ of 1048576 bytes", result.stderr), result.stderr
    assert "getppid()" in result.trace


def test_with_summary_matches_the_call_stream(run_btftrace, workload):
    n = 500
    result = run_btftrace(["-C", "--", workload("counted"), n])
    assert result.returncode == 0, result.stderr
    text = result.trace
    calls_part = text[:text.index("% time")]
    table = parse_tables(text)[None]
    for name, row in table.items():
        if name == "total":
            continue
        # each counted call has a line that shows its return (complete or resumed)
        lines = [l for l in calls_part.splitlines()
                 if re.match(rf"^({re.escape(name)}\(|<\.\.\. {re.escape(name)} resumed>)", l)
                 and not l.endswith("<unfinished ...>") and not l.endswith("= ?")]
        assert len(lines) == row["calls"], name
        errors = [l for l in lines if re.search(r"= -1 E[A-Z0-9]+ ", l)]
        assert len(errors) == row["errors"], name


@pytest.mark.parametrize("key, check", [
    ("calls", lambda rows: [r["calls"] for r in rows] == sorted(
        (r["calls"] for r in rows), reverse=True)),
    ("errors", lambda rows: [r["errors"] for r in rows] == sorted(
        (r["errors"] for r in rows), reverse=True)),
    ("name", lambda rows: [r["name"] for r in rows] == sorted(r["name"] for r in rows)),
    ("avg", lambda rows: [r["avg_us"] for r in rows] == sorted(
        (r["avg_us"] for r in rows), reverse=True)),
])
def test_sort_keys(run_btftrace, workload, key, check):
    result = run_btftrace(["-c", "-S", key, "--", workload("counted"), 300])
    assert result.returncode == 0, result.stderr
    table = parse_tables(result.trace)[None]
    rows = sorted(({"name": k, **v} for k, v in table.items() if k != "total"),
                  key=lambda r: r["order"])
    assert check(rows), rows


def test_summary_by_thread(run_btftrace, workload):
    n, threads = 400, 3
    result = run_btftrace(["-c", "--summary-by=thread", "--", workload("counted"), n, threads])
    assert result.returncode == 0, result.stderr
    tables = parse_tables(result.trace)
    per_thread = [t for t in tables.values() if "getppid" in t]
    assert len(per_thread) == threads
    for table in per_thread:
        assert table["getppid"]["calls"] == n
        assert table["openat"]["errors"] == n // 2


def test_summary_by_process_with_children(run_btftrace, workload):
    result = run_btftrace(["-f", "-c", "--summary-by=process", "--", workload("proc_life"),
                           "fork", "2"])
    assert result.returncode == 0, result.stderr
    tables = parse_tables(result.trace)
    # the parent, two children and a grandchild
    assert len(tables) == 4, result.trace
    assert sum(t.get("openat", {}).get("errors", 0) for t in tables.values()) >= 4


def hist_ns(label):
    """A --hist bucket edge in ns: 512, 4K, 2M (powers of 1024 as the suffixes say)."""
    power = "KMGT".find(label[-1]) + 1
    return int(label[:-1]) * 1024 ** power if power else int(label)


def test_histogram_and_errno_summary(run_btftrace, workload):
    result = run_btftrace(["--hist", "--errno-summary", "-e", "nanosleep,openat,getppid"] +
                          ALL_COLUMNS + ["--", workload("counted"), 200])
    assert result.returncode == 0, result.stderr
    text = result.trace
    m = re.search(r"^nanosleep: time in the call \(ns\), 3 calls\n((?:\[.*\n)+)", text, re.M)
    assert m, text
    buckets = re.findall(r"^\[(\S+), (\S+)\) +(\d+) \|([@ ]+)\|$", m.group(1), re.M)
    assert sum(int(b[2]) for b in buckets) == 3
    # 2 ms sleeps land at or above [1M, 2M) ns (2^20 ns is 1.05 ms); how far above is the
    # machine's doing (a busy one kept one 64 ms off the CPU), but the table's min and max
    # (seconds to the nearest us: within 500 ns) fall in the first and last bucket that holds
    # a call
    full = [(hist_ns(lo), hist_ns(hi)) for lo, hi, n, _ in buckets if int(n)]
    assert full and all(lo >= 1 << 20 for lo, _ in full), full
    row = parse_tables(text)[None]["nanosleep"]
    assert row["calls"] == 3, text
    min_us, max_us = row["min_us"], row["max_us"]
    assert full[0][0] <= min_us * 1000 + 500 and full[0][1] > min_us * 1000 - 500, \
        (full, min_us)
    assert full[-1][0] <= max_us * 1000 + 500 and full[-1][1] > max_us * 1000 - 500, \
        (full, max_us)
    assert all(len(b[3]) == 50 for b in buckets)
    assert re.search(r"^openat +ENOENT +100$", text, re.M), text


@pytest.mark.parametrize("args, words", [
    (["-S", "size"], "invalid -S value 'size'"),
    (["--summary-by=cpu"], "invalid --summary-by value 'cpu'"),
    # strace 6.1's names only: its "min" and "avg" are no columns
    (["-c", "-U", "min"], "invalid -U/--summary-columns value 'min'"),
    (["-c", "--summary-columns=calls,avg"], "invalid -U/--summary-columns value 'avg'"),
    (["-c", "-U", "calls,,name"], "invalid -U/--summary-columns value ''"),
    (["-c", "-U", "longest,max-time"], "-U/--summary-columns: max-time is there twice"),
    (["-U", "calls"], "-U/--summary-columns shapes the -c table: add -c or -C"),
    (["-w"], "-w/--summary-wall-clock shapes the -c table: add -c or -C"),
    (["-O", "1us"], "-O/--summary-syscall-overhead shapes the -c table: add -c or -C"),
    # strace's time syntax: decimal, s, ms, us or ns, not negative
    (["-c", "-O", "1x"], "invalid -O/--summary-syscall-overhead value '1x'"),
    (["-c", "-O", "-1"], "invalid -O/--summary-syscall-overhead value '-1'"),
    (["-c", "--summary-syscall-overhead=0x10"],
     "invalid -O/--summary-syscall-overhead value '0x10'"),
])
def test_bad_summary_options(run_btftrace, args, words):
    result = run_btftrace(args + ["--", "/bin/true"], trace=False)
    assert result.returncode == 2
    assert result.stderr.startswith("btftrace: ") and words in result.stderr
    assert len(result.stderr.splitlines()) == 1


# ------------------------------------------------------------------ the summary as JSON


def json_lines(text):
    """Every line of a --format=json trace, parsed: each must be one valid JSON object."""
    return [json.loads(line) for line in text.splitlines()]


def summary_by_name(obj):
    return {row["syscall"]: row for row in obj["syscalls"]}


def test_json_summary_counts_are_exact(run_btftrace, workload):
    n = 2000
    result = run_btftrace(["--format=json", "-c", "--stats", "--", workload("counted"), n])
    assert result.returncode == 0, result.stderr
    objs = json_lines(result.trace)
    assert objs[0]["event"] == "header" and (objs[0]["schema"], objs[0]["schema_minor"]) == (2, 11)
    # summary only: the header and one summary object, nothing per call
    assert [o["event"] for o in objs] == ["header", "summary"], [o["event"] for o in objs]
    summary = objs[1]
    assert summary["by"] == "total" and "pid" not in summary and "tid" not in summary
    rows = summary_by_name(summary)
    assert rows["getppid"]["calls"] == n and rows["getppid"]["errors"] == 0
    assert rows["write"]["calls"] == n
    assert rows["openat"]["calls"] >= n // 2 and rows["openat"]["errors"] == n // 2
    sleep = rows["nanosleep"]
    assert sleep["calls"] == sleep["timed"] == 3
    assert sleep["min_ns"] >= 2_000_000 and sleep["total_ns"] >= 6_000_000
    assert sleep["min_ns"] <= sleep["avg_ns"] <= sleep["max_ns"]
    assert sleep["avg_ns"] == sleep["total_ns"] // sleep["timed"]
    # sorted by time, as the table (the sleeps come first unless load stretched other calls:
    # an execve kept off the CPU for more than their 6 ms)
    times = [r["total_ns"] for r in summary["syscalls"]]
    assert times == sorted(times, reverse=True), summary["syscalls"]
    total = summary["total"]
    for key in ("calls", "errors", "timed", "total_ns"):
        assert total[key] == sum(r[key] for r in summary["syscalls"]), key
    assert abs(sum(r["pct_time"] for r in summary["syscalls"]) - 100) < 0.1 * len(rows)
    assert stats(result.stderr) == (0, 0)


def test_json_summary_matches_the_call_objects(run_btftrace, workload):
    result = run_btftrace(["--format=json", "-C", "--", workload("counted"), 500])
    assert result.returncode == 0, result.stderr
    objs = json_lines(result.trace)
    assert objs[-1]["event"] == "summary" and objs[0]["event"] == "header"
    assert all(o["event"] != "summary" for o in objs[:-1])
    returned, failed = {}, {}
    for o in objs:
        if o["event"] == "call" and o["state"] in ("complete", "resumed") and "ret" in o:
            returned[o["syscall"]] = returned.get(o["syscall"], 0) + 1
            if "errno" in o:
                failed[o["syscall"]] = failed.get(o["syscall"], 0) + 1
    rows = summary_by_name(objs[-1])
    # a new process's first return has no call object, as in the text; execve's is shown
    assert {k: r["calls"] for k, r in rows.items()} == returned
    assert {k: r["errors"] for k, r in rows.items() if r["errors"]} == failed


def test_json_summary_per_thread(run_btftrace, workload):
    n, threads = 400, 3
    result = run_btftrace(["--format=json", "-c", "--summary-by=thread", "--",
                           workload("counted"), n, threads])
    assert result.returncode == 0, result.stderr
    groups = [o for o in json_lines(result.trace) if o["event"] == "summary"]
    assert all(g["by"] == "thread" and isinstance(g["tid"], int) for g in groups)
    assert len({g["tid"] for g in groups}) == len(groups)
    workers = [g for g in groups if "getppid" in summary_by_name(g)]
    assert len(workers) == threads
    for g in workers:
        rows = summary_by_name(g)
        assert rows["getppid"]["calls"] == n and rows["openat"]["errors"] == n // 2
        assert g["total"]["calls"] == sum(r["calls"] for r in g["syscalls"])


def test_json_summary_by_process(run_btftrace, workload):
    result = run_btftrace(["--format=json", "-f", "-c", "--summary-by=process", "--",
                           workload("proc_life"), "fork", "2"])
    assert result.returncode == 0, result.stderr
    groups = [o for o in json_lines(result.trace) if o["event"] == "summary"]
    # the parent, two children and a grandchild, as the text's tables
    assert len(groups) == 4 and len({g["pid"] for g in groups}) == 4


def test_json_summary_histogram_and_errnos(run_btftrace, workload):
    result = run_btftrace(["--format=json", "--hist", "--errno-summary", "-e",
                           "nanosleep,openat,getppid", "--", workload("counted"), 200])
    assert result.returncode == 0, result.stderr
    objs = json_lines(result.trace)
    assert [o["event"] for o in objs] == ["header", "summary"]
    rows = summary_by_name(objs[1])
    hist = rows["nanosleep"]["hist"]
    assert sum(b["count"] for b in hist) == 3
    for b in hist:
        assert b["hi_ns"] == 2 * b["lo_ns"] and b["count"] > 0
        # 2 ms sleeps: at or above [1M, 2M) ns
        assert b["lo_ns"] >= 1 << 20
    assert rows["openat"]["errnos"] == {"ENOENT": 100}
    assert rows["getppid"]["errnos"] == {}
    assert all(sum(b["count"] for b in r["hist"]) == r["timed"] for r in rows.values())


def test_perfetto_refuses_a_summary(run_btftrace, tmp_path):
    result = run_btftrace(["--format=perfetto", "-o", tmp_path / "t.json", "-c", "--",
                           "/bin/true"], trace=False)
    assert result.returncode == 2
    assert result.stderr == "btftrace: --format=perfetto has no summary: use --format=json " \
                            "or text for -c/-C/--hist/--errno-summary/--slowest\n"
    assert not (tmp_path / "t.json").exists()


def slowest_lines(text):
    """The lines of the --slowest list under the table: [(tid, call text, seconds)]."""
    lines = text.split("\nslowest calls (at most ", 1)
    assert len(lines) == 2, text
    out = []
    for line in lines[1].splitlines()[1:]:
        m = re.match(r"^\[pid +(\d+)\] (.*) <(\d+\.\d{6})>$", line)
        if not m:
            break
        out.append((int(m.group(1)), m.group(2), float(m.group(3))))
    return out


def test_slowest_keeps_the_slow_open_with_its_path(run_btftrace, workload, tmp_path):
    """-c --slowest 3: a FIFO's open that waits 300 ms for its writer, among 30 fast opens of
    files, is kept in the kernel whole: its path, flags, result, time and pid."""
    result = run_btftrace(["-c", *ALL_COLUMNS, "--slowest", "3", "--", workload("slow_fifo"),
                           tmp_path, 30, 300])
    assert result.returncode == 0, result.stderr
    slow = slowest_lines(result.trace)
    opens = [s for s in slow if s[1].startswith("openat(")]
    # three per syscall at most, longest first
    assert len(opens) == 3, result.trace
    assert [s[2] for s in opens] == sorted((s[2] for s in opens), reverse=True)
    tid, text, seconds = opens[0]
    assert text == f'openat(AT_FDCWD, "{tmp_path}/fifo", O_RDONLY) = 3', result.trace
    assert seconds >= 0.3
    # the table's max is that call's time, to the microsecond (both the kernel's)
    table = parse_tables(result.trace)[None]
    assert abs(table["openat"]["max_us"] - seconds * 1e6) <= 1
    # the pid is the workload's main thread, the one that ran execve
    execs = [s for s in slow if s[1].startswith("execve(")]
    assert execs and execs[0][0] == tid, result.trace
    # the others are the fast ones, with their own paths: the files', or, on a loaded machine,
    # the dynamic loader's that waited for the CPU longer than they did
    for _, text, seconds in opens[1:]:
        assert re.match(r'openat\(AT_FDCWD, "[^"]+", O_', text), text
        assert seconds < 0.3
    # the sleep of the writer thread is the slowest clock_nanosleep, with its time argument
    sleeps = [s for s in slow if s[1].startswith("clock_nanosleep(")]
    assert sleeps and "tv_nsec=300000000" in sleeps[0][1], result.trace
    assert sleeps[0][0] != tid


def test_slowest_in_json_summary(run_btftrace, workload, tmp_path):
    result = run_btftrace(["--format=json", "-c", "--slowest", "2", "--", workload("slow_fifo"),
                           tmp_path, 5, 200])
    assert result.returncode == 0, result.stderr
    summary = [json.loads(line) for line in result.trace.splitlines()][-1]
    assert summary["event"] == "summary"
    rows = {r["syscall"]: r for r in summary["syscalls"]}
    slow = rows["openat"]["slowest"]
    assert 1 <= len(slow) <= 2
    assert slow[0]["duration_ns"] >= 200_000_000
    assert slow[0]["args"][1]["value"]["str"] == f"{tmp_path}/fifo"
    assert slow[0]["ret"] == 3 and slow[0]["pid"] > 0 and slow[0]["tid"] == slow[0]["pid"]
    # every row has its list, longest first
    for row in summary["syscalls"]:
        times = [c["duration_ns"] for c in row["slowest"]]
        assert times == sorted(times, reverse=True) and len(times) <= 2


@pytest.mark.parametrize("args, message", [
    (["--slowest", "0"], "invalid --slowest value '0'"),
    (["--slowest", "17"], "invalid --slowest value '17'"),
    (["--slowest", "3", "--summary-by", "process"], "--slowest keeps each syscall's"),
])
def test_slowest_bad_input(run_btftrace, args, message):
    result = run_btftrace(args + ["--", "true"], trace=False)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr


STRACE = shutil.which("strace")


@pytest.mark.skipif(STRACE is None, reason="strace is not installed")
@pytest.mark.parametrize("how", [
    [], ["-U", "name,calls,errors,time-total,avg-time,min-time,max-time,time-percent"],
    ["-U", "calls"], ["--summary-columns=max-time,shortest,calls"], ["-w"],
    ["-w", "-U", "time,count,shortest,syscall-name,longest,error"],
])
def test_columns_as_strace(run_btftrace, tmp_path, how):
    """The table as strace 6.1 lays it out: the same header and rules, and per syscall the
    same calls and errors (times differ: strace's are another run's, and by default CPU
    time, where btftrace's are always the wall-clock time of -w)."""
    args = ["-c", "-S", "name"] + how + ["--", "cat", "/etc/hostname"]
    result = run_btftrace(args)
    assert result.returncode == 0, result.stderr
    st = subprocess.run([STRACE, "-o", tmp_path / "s.txt"] + args, capture_output=True,
                        text=True, timeout=60)
    assert st.returncode == 0, st.stderr
    ours, theirs = result.trace.splitlines(), (tmp_path / "s.txt").read_text().splitlines()
    assert ours[:2] == theirs[:2] and ours[-2] == theirs[-2]
    cols = table_columns(ours[0], ours[1])

    def counts(lines):
        rows = [parse_row(l, cols) for l in lines[2:] if not RULE_LINE.match(l)]
        return [(r["syscall"], r.get("calls"), r.get("errors")) for r in rows]

    assert counts(ours) == counts(theirs)


@pytest.mark.skipif(STRACE is None, reason="strace is not installed")
def test_overhead_as_strace(run_btftrace, tmp_path):
    """-O takes the overhead off every call's time, none below 0, as strace 6.1's -O: one
    longer than any call leaves every time 0, and then the whole table is strace's, byte for
    byte (strace's CPU time and btftrace's wall-clock time both come to 0)."""
    args = ["-c", "-O", "10s", "-S", "name"] + ALL_COLUMNS + ["--", "cat", "/etc/hostname"]
    result = run_btftrace(args)
    assert result.returncode == 0, result.stderr
    st = subprocess.run([STRACE, "-o", tmp_path / "s.txt"] + args, capture_output=True,
                        text=True, timeout=60)
    assert st.returncode == 0, st.stderr
    assert result.trace == (tmp_path / "s.txt").read_text()
    # and strace's total is 100% of no time, as its own
    assert result.trace.splitlines()[-1].startswith("100.00    0.000000")


@pytest.mark.parametrize("overhead", [["-O", "2ms"], ["-O", "2000"], ["-O2e-3s"],
                                      ["--summary-syscall-overhead=2000000ns"]])
def test_overhead_is_taken_off_each_call(run_btftrace, workload, overhead):
    """counted's nanosleeps take 2 ms or more each: with 2 ms taken off, what is left is the
    little they overran (without -O their minimum is 2 ms or more, as
    test_json_summary_counts_are_exact holds); a getppid is far below 2 ms, so it is 0."""
    result = run_btftrace(["--format=json", "-c", "--hist"] + overhead +
                          ["--", workload("counted"), 100])
    assert result.returncode == 0, result.stderr
    summary = json_lines(result.trace)[1]
    assert summary["overhead_ns"] == 2_000_000
    rows = summary_by_name(summary)
    sleep = rows["nanosleep"]
    assert sleep["timed"] == 3 and sleep["min_ns"] < 2_000_000, sleep
    assert sleep["min_ns"] <= sleep["avg_ns"] <= sleep["max_ns"]
    getppid = rows["getppid"]
    assert getppid["timed"] == 100
    assert getppid["total_ns"] == getppid["min_ns"] == getppid["max_ns"] == 0, getppid
    # the histogram counts what was left too: every getppid in the first slot, [0, 2)
    assert getppid["hist"] == [{"lo_ns": 0, "hi_ns": 2, "count": 100}], getppid["hist"]


def test_no_overhead_is_no_member(run_btftrace, workload):
    result = run_btftrace(["--format=json", "-c", "--", workload("counted"), 10])
    assert result.returncode == 0, result.stderr
    assert "overhead_ns" not in json_lines(result.trace)[1]

#!/usr/bin/python3
"""Benchmarks btftrace side by side with strace and perf trace on one fixed syscall workload,
and with the kernel's own floor under any raw_syscalls tracer (bench/floor).

Standard library only. Run as root (all three tracers need it). See bench/README.md.

Modes (one per run):
  default      every configuration, interleaved round-robin, --runs times each: wall time,
               ratio to untraced, ns per call, peak RSS, btftrace's lost records
  --startup    how long each tracer takes from spawn until the traced command runs
  --scaling    ns per call as the workload's threads grow, and the cost of a system-wide
               btftrace -a to a workload that is not itself traced
  --big        the comparison with 4 KiB reads and writes (workload -b 4096), shown whole
               (-s 4096) by btftrace and strace: the reader's throughput and the losses
  --uring      an io_uring-heavy workload (bench/uring_workload.c): btftrace with and without
               -e io_uring=all against strace and perf trace, which see its io_uring_enter
               calls only
  --kernel S   one kernel of the matrix (tests/kernel/), booted under qemu with the workload:
               untraced, btftrace with and without --kfunc, -c with and without it, strace
               and perf trace where the initramfs has them, interleaved in that one boot
"""

import argparse
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_DIR = os.path.dirname(BENCH_DIR)

# Must match bench/workload.c.
CALLS_PER_ITER = 6  # getppid, read, write, openat, fstat, close
SLEEP_EVERY = 1000  # plus one clock_nanosleep every SLEEP_EVERY iterations (per thread)

TRACEFS_DIRS = ("/sys/kernel/tracing", "/sys/kernel/debug/tracing")
PROBE_TIMEOUT = 60
STOP_GRACE = 15

# (config name, tool) in table order; the command for each is built by config_command().
CONFIGS = (
    ("untraced", "untraced"),
    ("floor-empty", "floor"),
    ("floor-timed", "floor"),
    ("btftrace-full", "btftrace"),
    ("btftrace-json", "btftrace"),
    ("btftrace-c", "btftrace"),
    ("btftrace-openat", "btftrace"),
    ("btftrace-k-openat", "btftrace"),
    ("btftrace-k", "btftrace"),
    ("btftrace-e-read", "btftrace"),
    ("btftrace-P", "btftrace"),
    ("btftrace-events", "btftrace"),
    ("btftrace-events-fetch", "btftrace"),
    ("btftrace-last", "btftrace"),
    ("btftrace-inject-none", "btftrace"),
    ("btftrace-inject-idle", "btftrace"),
    ("strace-full", "strace"),
    ("strace-c", "strace"),
    ("strace-k", "strace"),
    ("perf-full", "perf"),
    ("perf-s", "perf"),
    ("perf-events", "perf"),
    # --big only: the workload's reads and writes move BIG_RW bytes, shown whole
    ("btftrace-s4096", "btftrace"),
    ("btftrace-s4096-noloss", "btftrace"),
    ("strace-s4096", "strace"),
)
BIG_RW = 4096
# --big: the configs that run, in this order; the others of CONFIGS run without it
BIG_CONFIGS = ("untraced", "floor-empty", "btftrace-full", "btftrace-s4096",
               "btftrace-s4096-noloss", "strace-full", "strace-s4096")
BIG_ONLY = ("btftrace-s4096", "btftrace-s4096-noloss", "strace-s4096")
# Tracepoint-heavy configs: the tracepoints of half the workload's calls, no syscalls traced.
EVENTS = ("syscalls:sys_enter_openat", "syscalls:sys_enter_read", "syscalls:sys_enter_write")
CONFIG_HELP = {
    "untraced": "workload N",
    "floor-empty": "floor -e -- workload N (empty BPF programs at sys_enter/sys_exit)",
    "floor-timed": "floor -t -- workload N (least per-call timing summary in the kernel)",
    "btftrace-full": "btftrace -o FILE -- workload N",
    "btftrace-json": "btftrace --format=json -o FILE -- workload N",
    "btftrace-c": "btftrace -c -- workload N",
    "btftrace-openat": "btftrace -e trace=openat -o FILE -- workload N",
    "btftrace-k-openat": "btftrace -k -e trace=openat -o FILE -- workload N (stacks of one "
                         "call in six)",
    "btftrace-k": "btftrace -k -o FILE -- workload N (every call's user stack)",
    # 1 call in 6 is the read of /dev/zero: the same calls, chosen by name or by path
    "btftrace-e-read": "btftrace -o FILE -e trace=read -- workload N",
    "btftrace-P": "btftrace -o FILE -P /dev/zero -- workload N",
    "btftrace-events": "btftrace -o FILE -e trace=none -e syscalls:sys_enter_openat "
                       "-e syscalls:sys_enter_read -e syscalls:sys_enter_write -- workload N",
    "btftrace-events-fetch": "the same, openat's as 'sys_enter_openat(filename:string, "
                             "flags)': a fetch expression reads the path",
    "btftrace-last": "btftrace --last 50 -- workload N (flight recorder, no trigger fires)",
    # seccomp's cost on the calls injection does not select: the filter is installed, the
    # workload never calls chdir (inject-none), or calls getppid and each call goes to btftrace
    # and is let through because when= never fires (inject-idle: the price of a selected call)
    "btftrace-inject-none": "btftrace -o FILE -e inject=chdir:error=ENOENT -- workload N "
                            "(seccomp filter on, no call selected)",
    "btftrace-inject-idle": "btftrace -o FILE -e inject=getppid:error=EPERM:when=65535 -- "
                            "workload N (1 call in 6 selected, never fired)",
    "strace-full": "strace -f -o FILE workload N",
    "strace-k": "strace -k -f -o FILE workload N",
    "strace-c": "strace -c -f -o FILE workload N",
    "perf-full": "perf trace -o FILE -- workload N",
    "perf-s": "perf trace -s -o FILE -- workload N",
    "perf-events": "perf trace --no-syscalls -e syscalls:sys_enter_openat,"
                   "syscalls:sys_enter_read,syscalls:sys_enter_write -o FILE -- workload N",
    "btftrace-s4096": "--big: btftrace -s 4096 -o FILE -- workload -b 4096 N",
    "btftrace-s4096-noloss": "--big: btftrace --no-loss -s 4096 -o FILE -- workload -b 4096 N "
                             "(the command pauses while the reader catches up)",
    "strace-s4096": "--big: strace -f -s 4096 -o FILE workload -b 4096 N",
}
# floor-empty: the kernel floor (empty BPF programs), what issue 22 compares full decoding to
SCALING_CONFIGS = ("untraced", "floor-empty", "btftrace-full", "btftrace-c", "btftrace-a")

# Tracers left running in the background (btftrace -a), ended if the harness is interrupted.
RUNNING = set()

# btftrace's losses on stderr. Without --stats (how the benchmark runs it), report_end() in
# src/session/session.c prints them only when there were any:
#   btftrace: N records lost (E enter, X exit): the ring buffer was full; ...
#   btftrace: N records sent without their data (marked 'data not captured'): ...
# so a run without such a line lost nothing. --stats adds, zeros included:
#   btftrace: stats: enter records E, exit records X, lost N, ...
#   btftrace: stats: records without their data N, signal and exit records lost M
LOST_END = re.compile(r"^btftrace: (\d+) records lost\b")
NO_DATA_END = re.compile(r"^btftrace: (\d+) records sent without their data")
LOST_STATS = re.compile(r"^btftrace: stats: enter records \d+, exit records \d+, lost (\d+)")
NO_DATA_STATS = re.compile(r"^btftrace: stats: records without their data (\d+)")
LOST_OTHER_STATS = re.compile(r"^btftrace: stats: .*signal and exit records lost (\d+)")
# Any other "btftrace: ..." line that counts a loss (another btftrace's wording), so that it
# is not read as 0: "lost: N", "lost N" or "N calls lost".
LOST_AFTER = re.compile(r"lost[^0-9\n]*(\d+)", re.I)
LOST_BEFORE = re.compile(r"(\d+)\s+(?:syscalls?|calls?|events?|records?|stacks?)\s+lost", re.I)


def loop_calls(iterations, threads=1):
    """System calls the workload's loop makes (start-up and thread creation not counted)."""
    threads = max(1, min(threads, iterations))
    total = 0
    for t in range(threads):
        n = iterations // threads + (1 if t < iterations % threads else 0)
        total += n * CALLS_PER_ITER + n // SLEEP_EVERY
    return total


def parse_losses(text):
    """(records lost, records sent without their data) that btftrace reported on stderr.

    Both are 0 when it reported none: btftrace prints them whenever they are not 0. Records
    lost are enter and exit records (a call has one of each) that found the ring buffer full,
    plus, only under --stats, lost signal and exit records; records without their data were
    sent with their call's number, arguments and result but not the memory they point to.
    """
    lost = no_data = other = 0
    for line in text.splitlines():
        line = line.strip()
        m = LOST_END.match(line) or LOST_STATS.match(line)
        if m:
            # the end line and --stats give the same count: either one, never both added
            lost = max(lost, int(m.group(1)))
            continue
        m = NO_DATA_END.match(line) or NO_DATA_STATS.match(line)
        if m:
            no_data = max(no_data, int(m.group(1)))
            m = LOST_OTHER_STATS.match(line)
            if m:
                other = int(m.group(1))
            continue
        if line.startswith("btftrace: stats:") or not line.startswith("btftrace:"):
            continue
        m = LOST_BEFORE.search(line) or LOST_AFTER.search(line)
        if m:
            lost = max(lost, int(m.group(1)))
    return lost + other, no_data


def parse_lost(text):
    """Records btftrace lost, from its stderr (see parse_losses)."""
    return parse_losses(text)[0]


def median(values):
    return statistics.median(values) if values else None


def fmt(value, spec, missing="-"):
    return missing if value is None else format(value, spec)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class RunResult:
    def __init__(self):
        self.spawn_ns = None  # CLOCK_MONOTONIC just before spawn
        self.wall = None  # seconds, spawn to exit
        self.status = None  # exit code, or -signal
        self.maxrss_kb = None
        self.cpu_s = None  # user + system time of the command and its reaped children
        self.stderr = ""
        self.stdout = ""
        self.out_bytes = None
        self.error = None  # why the run does not count

    def as_dict(self):
        return {
            "wall_s": self.wall,
            "status": self.status,
            "maxrss_kb": self.maxrss_kb,
            "out_bytes": self.out_bytes,
            "error": self.error,
        }


def wait_child(proc, timeout):
    """Blocking os.wait4 on a child (so its rusage is ours); kills its session after timeout.

    Returns (exit code or None when it had to be killed, rusage).
    """
    killed = []

    def expire():
        killed.append(True)
        kill_session(proc)

    timer = threading.Timer(timeout, expire)
    timer.start()
    try:
        _, status, rusage = os.wait4(proc.pid, 0)
    except BaseException:
        kill_session(proc)
        os.wait4(proc.pid, 0)
        raise
    finally:
        timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return (None if killed else proc.returncode), rusage


def kill_session(proc):
    # Each child leads its own session (start_new_session), so this ends only what we started.
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_timed(argv, workdir, timeout, out_file=None, capture_stdout=False, rusage_run=None):
    """Runs argv once; wall time from just before spawn to its reaping by wait4.

    With rusage_run (bench/rusage-run), argv runs under that launcher, which reports argv's
    own exit status and peak RSS; without it the peak RSS is that of the forked Python child,
    whose floor is Python's own resident set.
    """
    res = RunResult()
    err_path = os.path.join(workdir, "stderr")
    out_path = os.path.join(workdir, "stdout")
    result_path = os.path.join(workdir, "rusage")
    if rusage_run:
        argv = [rusage_run, result_path] + argv
    with open(err_path, "w+b") as err, open(out_path, "w+b") as out:
        res.spawn_ns = time.monotonic_ns()
        t0 = time.perf_counter()
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                    start_new_session=True)
        except OSError as e:
            res.error = "cannot run %s: %s" % (argv[0], e.strerror)
            return res
        status, rusage = wait_child(proc, timeout)
        res.wall = time.perf_counter() - t0
        res.maxrss_kb = rusage.ru_maxrss
        err.seek(0)
        res.stderr = err.read().decode(errors="replace")
        if capture_stdout:
            out.seek(0)
            res.stdout = out.read().decode(errors="replace")
    os.unlink(err_path)
    os.unlink(out_path)
    if rusage_run and status is not None:
        report = read_rusage(result_path)
        if report:
            status = report["status"]
            res.maxrss_kb = report["maxrss_kb"]
            if "utime_us" in report and "stime_us" in report:
                res.cpu_s = (report["utime_us"] + report["stime_us"]) / 1e6
    if out_file and os.path.exists(out_file):
        res.out_bytes = os.path.getsize(out_file)
        os.unlink(out_file)
    if status is None:
        res.error = "timed out after %d s (killed)" % timeout
        res.status = None
    else:
        res.status = status
        if status != 0:
            res.error = "exit status %d: %s" % (status, last_line(res.stderr))
    return res


def read_rusage(path):
    """The line bench/rusage-run wrote, as a dict of ints; None when it wrote none."""
    try:
        with open(path) as f:
            fields = dict(kv.split("=", 1) for kv in f.read().split())
        os.unlink(path)
        return {k: int(v) for k, v in fields.items()}
    except (OSError, ValueError):
        return None


def last_line(text):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return lines[-1].strip() if lines else "(no message)"


class Tools:
    """Finds and checks the tracers once; a tool that cannot run is skipped with its reason."""

    def __init__(self, args, workdir):
        self.args = args
        self.workdir = workdir
        self.paths = {"untraced": ""}
        self.skip = {}
        self.versions = {}
        self.rusage_run = os.path.join(args.bin_dir, "rusage-run")

    def check(self, tool):
        if tool in self.paths or tool in self.skip:
            return tool in self.paths
        getattr(self, "_check_" + tool)()
        if tool in self.skip:
            log("skip %s: %s" % (tool, self.skip[tool]))
        return tool in self.paths

    def _probe(self, tool, argv):
        res = run_timed(argv, self.workdir, PROBE_TIMEOUT)
        if res.error:
            self.skip[tool] = "'%s' failed: %s" % (" ".join(argv), res.error)
            return False
        return True

    def _check_btftrace(self):
        path = self.args.btftrace
        if not os.path.isfile(path) or not os.access(path, os.X_OK):
            self.skip["btftrace"] = "%s not found or not executable (build it: make)" % path
            return
        if not self._probe("btftrace", [path, "-o", os.devnull, "--", "/bin/true"]):
            return
        self.versions["btftrace"] = tool_version([path, "--version"])
        self.paths["btftrace"] = path

    def _check_floor(self):
        path = os.path.join(self.args.bin_dir, "floor")
        if not os.path.isfile(path) or not os.access(path, os.X_OK):
            self.skip["floor"] = "%s not found or not executable (build it: make -C bench " \
                "build)" % path
            return
        # both variants must load: the probe fails with floor's own reason when one cannot
        for variant in ("-e", "-t"):
            if not self._probe("floor", [path, variant, "--", "/bin/true"]):
                return
        self.paths["floor"] = path

    def _check_strace(self):
        path = shutil.which("strace")
        if not path:
            self.skip["strace"] = "strace not on PATH (apt-get install strace)"
            return
        if self._probe("strace", [path, "-f", "-o", os.devnull, "/bin/true"]):
            self.versions["strace"] = tool_version([path, "-V"])
            self.paths["strace"] = path

    def _check_perf(self):
        path = shutil.which("perf")
        if not path:
            self.skip["perf"] = "perf not on PATH (apt-get install linux-perf)"
            return
        problem = ensure_tracefs()
        if problem:
            self.skip["perf"] = problem
            return
        if self._probe("perf", [path, "trace", "-o", os.devnull, "--", "/bin/true"]):
            self.versions["perf"] = tool_version([path, "--version"])
            self.paths["perf"] = path


def tool_version(argv):
    try:
        p = subprocess.run(argv, capture_output=True, text=True, timeout=PROBE_TIMEOUT)
        return (p.stdout + p.stderr).strip().splitlines()[0]
    except (OSError, IndexError, subprocess.TimeoutExpired):
        return None


def ensure_tracefs():
    """perf trace needs tracefs: mounts it when no mounted copy is found. None when fine."""
    for d in TRACEFS_DIRS:
        try:
            if os.listdir(os.path.join(d, "events")):
                return None
        except OSError:
            pass
    cmd = ["mount", "-t", "tracefs", "nodev", TRACEFS_DIRS[0]]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return "no tracefs and '%s' failed: %s" % (" ".join(cmd), p.stderr.strip())
    log("mounted tracefs at %s" % TRACEFS_DIRS[0])
    return None


def config_command(name, tools, workload_argv, out_file):
    """argv for one configuration, and whether out_file is written."""
    # No --stats: it turns on the kernel's BPF run-time accounting (BPF_ENABLE_STATS), which
    # slows every program run; losses are on stderr without it (parse_losses).
    bt = [tools.paths.get("btftrace")]
    floor = tools.paths.get("floor")
    strace = tools.paths.get("strace")
    perf = tools.paths.get("perf")
    table = {
        "untraced": workload_argv,
        "floor-empty": [floor, "-e", "--"] + workload_argv,
        "floor-timed": [floor, "-t", "--"] + workload_argv,
        "btftrace-full": bt + ["-o", out_file, "--"] + workload_argv,
        "btftrace-json": bt + ["--format=json", "-o", out_file, "--"] + workload_argv,
        "btftrace-c": bt + ["-c", "--"] + workload_argv,
        "btftrace-openat": bt + ["-e", "trace=openat", "-o", out_file, "--"] + workload_argv,
        "btftrace-k-openat": bt + ["-k", "-e", "trace=openat", "-o", out_file, "--"]
        + workload_argv,
        "btftrace-k": bt + ["-k", "-o", out_file, "--"] + workload_argv,
        "btftrace-e-read": bt + ["-o", out_file, "-e", "trace=read", "--"] + workload_argv,
        "btftrace-P": bt + ["-o", out_file, "-P", "/dev/zero", "--"] + workload_argv,
        "btftrace-events": bt + ["-o", out_file, "-e", "trace=none"]
        + [arg for ev in EVENTS for arg in ("-e", ev)] + ["--"] + workload_argv,
        "btftrace-events-fetch": bt + ["-o", out_file, "-e", "trace=none", "-e",
                                       EVENTS[0] + "(filename:string, flags)"]
        + [arg for ev in EVENTS[1:] for arg in ("-e", ev)] + ["--"] + workload_argv,
        # the flight recorder, no trigger: what keeping the last calls costs
        "btftrace-last": bt + ["-o", out_file, "--last", "50", "--"] + workload_argv,
        "btftrace-inject-none": bt + ["-o", out_file, "-e", "inject=chdir:error=ENOENT", "--"]
        + workload_argv,
        "btftrace-inject-idle": bt + ["-o", out_file, "-e",
                                      "inject=getppid:error=EPERM:when=65535", "--"]
        + workload_argv,
        "strace-full": [strace, "-f", "-o", out_file] + workload_argv,
        "strace-k": [strace, "-k", "-f", "-o", out_file] + workload_argv,
        "strace-c": [strace, "-c", "-f", "-o", out_file] + workload_argv,
        "perf-full": [perf, "trace", "-o", out_file, "--"] + workload_argv,
        "perf-s": [perf, "trace", "-s", "-o", out_file, "--"] + workload_argv,
        "perf-events": [perf, "trace", "--no-syscalls", "-e", ",".join(EVENTS), "-o", out_file,
                        "--"] + workload_argv,
        "btftrace-s4096": bt + ["-s", str(BIG_RW), "-o", out_file, "--"] + workload_argv,
        "btftrace-s4096-noloss": bt + ["--no-loss", "-s", str(BIG_RW), "-o", out_file, "--"]
        + workload_argv,
        "strace-s4096": [strace, "-f", "-s", str(BIG_RW), "-o", out_file] + workload_argv,
    }
    return table[name]


def select_configs(only, big=False):
    names = [n for n, _ in CONFIGS if (n in BIG_CONFIGS if big else n not in BIG_ONLY)]
    if big:
        names.sort(key=BIG_CONFIGS.index)
    tools = sorted({t for n, t in CONFIGS if n in names})
    if not only:
        return names
    wanted = set()
    for item in only.split(","):
        item = item.strip()
        if item in names:
            wanted.add(item)
        elif item in tools:
            wanted.update(n for n, t in CONFIGS if t == item)
        elif item:
            log("run.py: unknown config '%s' in --only; configs: %s; tools: %s" %
                (item, ", ".join(names), ", ".join(tools)))
            sys.exit(2)
    wanted.add("untraced")  # the baseline every ratio is taken against
    return [n for n in names if n in wanted]


def plan_runs(mean_s, done, plan, budget, elapsed):
    """Runs per config so that the whole run fits in budget seconds, taking from the costliest.

    mean_s: mean seconds per run so far; done: runs made; plan: runs planned. A config keeps
    the runs it has made and at least one.
    """
    plan = dict(plan)
    if budget <= 0:
        return plan

    def projected():
        return elapsed + sum((plan[c] - done[c]) * mean_s[c] for c in plan)

    while projected() > budget:
        candidates = [c for c in plan if plan[c] > max(done[c], 1)]
        if not candidates:
            break
        costliest = max(candidates, key=lambda c: plan[c] * mean_s[c])
        plan[costliest] -= 1
    return plan


def bench_main(args, tools, workdir):
    names = select_configs(args.only, args.big)
    tool_of = dict(CONFIGS)
    active = [n for n in names if tools.check(tool_of[n])]
    skipped = {n: tools.skip[tool_of[n]] for n in names if n not in active}
    workload_argv = [args.workload] + (["-b", str(BIG_RW)] if args.big else []) + \
        [str(args.iterations)]
    calls = loop_calls(args.iterations)
    out_file = os.path.join(workdir, "trace.out")
    results = {n: [] for n in active}
    failed = {}
    plan = {n: args.runs for n in active}

    log("workload: %d iterations, %d syscalls in its loop%s; %d run(s) of %s, round-robin" %
        (args.iterations, calls, ", reads and writes of %d bytes" % BIG_RW if args.big else "",
         args.runs, ", ".join(active)))
    run_timed(workload_argv, workdir, args.timeout)  # warm-up, not counted
    t_start = time.monotonic()
    for rnd in range(args.runs):
        order = active[rnd % len(active):] + active[:rnd % len(active)]
        for name in order:
            if name in failed or len(results[name]) >= plan[name]:
                continue
            argv = config_command(name, tools, workload_argv, out_file)
            res = run_timed(argv, workdir, args.timeout, out_file, rusage_run=tools.rusage_run)
            if res.error:
                failed[name] = res.error
                log("  %-14s run %d FAILED: %s (config dropped)" % (name, rnd + 1, res.error))
                continue
            results[name].append(res)
            lost = ""
            if tool_of[name] == "btftrace":
                lost = " lost %d" % parse_lost(res.stderr)
                no_data = parse_losses(res.stderr)[1]
                lost += " (%d without data)" % no_data if no_data else ""
            log("  %-14s run %d/%d  %8.3f s%s" % (name, rnd + 1, plan[name], res.wall, lost))
        if rnd + 1 < args.runs:
            mean = {n: statistics.mean(r.wall for r in results[n]) for n in active
                    if results[n] and n not in failed}
            done = {n: len(results[n]) for n in mean}
            new_plan = plan_runs(mean, done, {n: plan[n] for n in mean}, args.budget,
                                 time.monotonic() - t_start)
            if new_plan != {n: plan[n] for n in mean}:
                plan.update(new_plan)
                log("time budget %d s: the slowest configs get fewer runs (%s of %d); "
                    "--budget 0 removes the limit" % (args.budget, ", ".join(
                        "%s %d" % (n, plan[n]) for n in active if plan[n] < args.runs),
                        args.runs))

    base = median([r.wall for r in results.get("untraced", [])])
    rows = []
    for name in names:
        row = {"config": name, "command": CONFIG_HELP[name], "tool": tool_of[name]}
        if name in skipped:
            row["skipped"] = skipped[name]
        elif name in failed and not results[name]:
            row["skipped"] = "failed: " + failed[name]
        else:
            walls = [r.wall for r in results[name]]
            med = median(walls)
            row.update({
                "runs": len(walls),
                "planned_runs": plan[name],
                "median_s": med,
                "min_s": min(walls),
                "max_s": max(walls),
                "ratio": med / base if base else None,
                "ns_per_call": med * 1e9 / calls,
                "overhead_ns_per_call": (med - base) * 1e9 / calls if base else None,
                "peak_rss_kb": max(r.maxrss_kb for r in results[name]),
                "out_bytes": median([r.out_bytes for r in results[name] if r.out_bytes]),
                "wall_s": walls,
            })
            if name in failed:
                row["failed_later"] = failed[name]
            if tool_of[name] == "btftrace":
                row["lost"] = [parse_lost(r.stderr) for r in results[name]]
                row["no_data"] = [parse_losses(r.stderr)[1] for r in results[name]]
        rows.append(row)

    report = {
        "mode": "compare",
        "iterations": args.iterations,
        "rw_bytes": BIG_RW if args.big else 64,
        "syscalls_per_run": calls,
        "runs": args.runs,
        "budget_s": args.budget,
        "elapsed_s": time.monotonic() - t_start,
        "environment": environment(tools, workdir),
        "configs": rows,
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_compare(report)
    return 0


def print_compare(rep):
    print("btftrace benchmark: workload %d iterations = %d syscalls/run, reads and writes of %d "
          "bytes; kernel %s, %d CPUs" %
          (rep["iterations"], rep["syscalls_per_run"], rep["rw_bytes"],
           rep["environment"]["kernel"], rep["environment"]["cpus"]))
    hdr = ("config", "runs", "median s", "min s", "max s", "x untr", "ns/call", "+ns/call",
           "RSS MB", "lost")
    print("%-17s %5s %9s %9s %9s %8s %8s %9s %7s  %s" % hdr)
    for r in rep["configs"]:
        if "skipped" in r:
            print("%-17s skipped: %s" % (r["config"], r["skipped"]))
            continue
        runs = "%d" % r["runs"] + ("*" if r["runs"] < rep["runs"] else "")
        lost = ",".join(str(n) for n in r["lost"]) if "lost" in r else ""
        if any(r.get("no_data", ())):
            lost += " (without data: %s)" % ",".join(str(n) for n in r["no_data"])
        print("%-17s %5s %9.3f %9.3f %9.3f %8s %8.0f %9s %7.1f  %s" % (
            r["config"], runs, r["median_s"], r["min_s"], r["max_s"],
            fmt(r["ratio"], ".2f"), r["ns_per_call"], fmt(r["overhead_ns_per_call"], ".0f"),
            r["peak_rss_kb"] / 1024.0, lost))
    notes = [
        "wall time from spawn to exit; x untr = median / untraced median; ns/call = median /",
        "syscalls of the loop; +ns/call = (median - untraced median) / syscalls, tracer start-up",
        "included. RSS MB: largest ru_maxrss (wait4, via bench/rusage-run) of the command,",
        "which for a tracer is the larger of the tracer and the workload it reaps (the",
        "workload alone is the untraced row). lost: btftrace's lost records per run (stderr).",
    ]
    if any(r["tool"] == "floor" and "skipped" not in r for r in rep["configs"]):
        notes.append("floor-*: no tracer, only BPF programs at raw_syscalls sys_enter/sys_exit"
                     " (bench/floor):")
        notes.append("empty ones (the hooks' own price) and the least per-call timing summary"
                     " (floor under -c).")
    if any(r.get("runs", rep["runs"]) < rep["runs"] for r in rep["configs"]):
        notes.append("* fewer runs than --runs %d to stay within --budget %d s." %
                     (rep["runs"], rep["budget_s"]))
    print("\n".join(notes))


def environment(tools, workdir):
    return {
        "kernel": platform.release(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "tool_versions": tools.versions,
        "output_dir": workdir,
    }


def startup_main(args, tools, workdir):
    """Spawn-to-exec latency: monotonic time before Popen vs. startmark's first reading."""
    candidates = ["untraced", "floor", "btftrace", "strace", "perf"]
    if args.only:
        wanted = set(args.only.split(",")) | {"untraced"}
        candidates = [t for t in candidates if t in wanted]
    active = [t for t in candidates if tools.check(t)]
    startmark = os.path.join(args.bin_dir, "startmark")

    def argv_for(tool, target):
        return {
            "untraced": [target],
            "floor": [tools.paths.get("floor"), "-e", "--", target],
            "btftrace": [tools.paths.get("btftrace"), "-o", os.devnull, "--", target],
            "strace": [tools.paths.get("strace"), "-f", "-o", os.devnull, target],
            "perf": [tools.paths.get("perf"), "trace", "-o", os.devnull, "--", target],
        }[tool]

    whole = {t: [] for t in active}
    to_exec = {t: [] for t in active}
    failed = {}
    log("start-up: %d run(s) each of %s, round-robin" % (args.startup_runs, ", ".join(active)))
    for i in range(args.startup_runs):
        for tool in active[i % len(active):] + active[:i % len(active)]:
            if tool in failed:
                continue
            res = run_timed(argv_for(tool, "/bin/true"), workdir, args.timeout)
            res2 = run_timed(argv_for(tool, startmark), workdir, args.timeout,
                             capture_stdout=True)
            err = res.error or res2.error
            if not err:
                try:
                    to_exec[tool].append((int(res2.stdout.split()[0]) - res2.spawn_ns) / 1e6)
                except (ValueError, IndexError):
                    err = "startmark printed no time: %r" % res2.stdout[:80]
            if err:
                failed[tool] = err
                log("  %s FAILED: %s (dropped)" % (tool, err))
                continue
            whole[tool].append(res.wall * 1e3)

    rows = []
    for tool in candidates:
        row = {"tool": tool}
        if tool not in active:
            row["skipped"] = tools.skip.get(tool)
        elif not whole[tool]:
            row["skipped"] = "failed: " + failed[tool]
        else:
            row.update({
                "runs": len(whole[tool]),
                "whole_run_median_ms": median(whole[tool]),
                "whole_run_max_ms": max(whole[tool]),
                "to_exec_median_ms": median(to_exec[tool]),
                "to_exec_max_ms": max(to_exec[tool]),
            })
        rows.append(row)
    report = {"mode": "startup", "runs": args.startup_runs, "tools": rows,
              "environment": environment(tools, workdir)}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print("start-up: %d runs each; 'whole' = TOOL -o /dev/null -- /bin/true, spawn to exit;"
          % args.startup_runs)
    print("'to exec' = spawn of TOOL -o /dev/null -- startmark until startmark's main() runs")
    print("%-10s %5s %13s %10s %15s %12s" % ("tool", "runs", "whole med ms", "whole max",
                                             "to exec med ms", "to exec max"))
    for r in rows:
        if "skipped" in r:
            print("%-10s skipped: %s" % (r["tool"], r["skipped"]))
            continue
        print("%-10s %5d %13.2f %10.2f %15.2f %12.2f" % (
            r["tool"], r["runs"], r["whole_run_median_ms"], r["whole_run_max_ms"],
            r["to_exec_median_ms"], r["to_exec_max_ms"]))
    print("untraced is Python's own spawn cost, included in every other row.")
    if "floor" in active:
        print("floor runs as 'floor -e -- TARGET' (empty programs; it writes no output).")
    return 0


def run_with_systemwide(args, tools, workdir, workload_argv):
    """Times the untraced workload while 'btftrace -a -o FILE' traces the whole system."""
    out_file = os.path.join(workdir, "systemwide.out")
    err_path = os.path.join(workdir, "systemwide.err")
    result_path = os.path.join(workdir, "systemwide.rusage")
    argv = [tools.rusage_run, result_path, tools.paths["btftrace"], "-a", "-o", out_file]
    res = RunResult()
    with open(err_path, "w+b") as err:
        tracer = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=err, start_new_session=True)
        RUNNING.add(tracer)
        # Attached once it writes: our own polling makes the syscalls it will record.
        deadline = time.monotonic() + args.attach_timeout
        attached = False
        while time.monotonic() < deadline and tracer.poll() is None:
            for _ in range(200):
                os.getppid()
            if os.path.exists(out_file) and os.path.getsize(out_file) > 0:
                attached = True
                break
            time.sleep(0.01)
        if tracer.poll() is not None:
            RUNNING.discard(tracer)
            err.seek(0)
            res.error = "btftrace -a exited early: %s" % last_line(err.read().decode(
                errors="replace"))
            return res, None
        if not attached:
            log("  btftrace -a wrote nothing in %d s; timing anyway" % args.attach_timeout)
        res = run_timed(workload_argv, workdir, args.timeout, rusage_run=tools.rusage_run)
        tracer.send_signal(signal.SIGINT)  # rusage-run passes it on to btftrace
        status, _ = wait_child(tracer, STOP_GRACE)
        RUNNING.discard(tracer)
        err.seek(0)
        text = err.read().decode(errors="replace")
    os.unlink(err_path)
    if os.path.exists(out_file):
        os.unlink(out_file)
    report = read_rusage(result_path) or {}
    if status is None:
        res.error = res.error or "btftrace -a did not stop on SIGINT within %d s" % STOP_GRACE
    return res, (parse_losses(text), report.get("maxrss_kb"))


def scaling_main(args, tools, workdir):
    threads_list = [int(t) for t in args.threads.split(",")]
    configs = list(SCALING_CONFIGS)
    if args.only:
        wanted = set(args.only.split(",")) | {"untraced"}
        configs = [c for c in configs if c in wanted or c.split("-")[0] in wanted]
    if any(c.startswith("btftrace") for c in configs) and not tools.check("btftrace"):
        skipped = tools.skip["btftrace"]
        configs = ["untraced"]
    else:
        skipped = None
    if "floor-empty" in configs and not tools.check("floor"):
        configs.remove("floor-empty")
    out_file = os.path.join(workdir, "trace.out")
    cells = {(c, t): [] for c in configs for t in threads_list}
    cpu = {(c, t): [] for c in configs for t in threads_list}
    lost = {(c, t): [] for c in configs for t in threads_list}
    no_data = {(c, t): [] for c in configs for t in threads_list}
    failed = {}
    log("scaling: %d iterations, threads %s, %d run(s) of %s" %
        (args.iterations, args.threads, args.runs, ", ".join(configs)))
    keys = [(c, t) for t in threads_list for c in configs]
    for rnd in range(args.runs):
        for c, t in keys[rnd % len(keys):] + keys[:rnd % len(keys)]:
            if c in failed:
                continue
            wl = [args.workload, str(args.iterations), str(t)]
            extra = None
            if c == "btftrace-a":
                res, extra = run_with_systemwide(args, tools, workdir, wl)
            elif c == "untraced":
                res = run_timed(wl, workdir, args.timeout, rusage_run=tools.rusage_run)
            else:
                res = run_timed(config_command(c, tools, wl, out_file), workdir, args.timeout,
                                out_file, rusage_run=tools.rusage_run)
                extra = (parse_losses(res.stderr), res.maxrss_kb)
            if res.error:
                failed[c] = res.error
                log("  %s FAILED: %s (dropped)" % (c, res.error))
                continue
            cells[(c, t)].append(res.wall)
            if res.cpu_s is not None and c != "btftrace-a":
                cpu[(c, t)].append(res.cpu_s)
            if extra:
                lost[(c, t)].append(extra[0][0])
                no_data[(c, t)].append(extra[0][1])
            log("  %-14s %2d threads run %d  %8.3f s" % (c, t, rnd + 1, res.wall))

    rows = []
    for t in threads_list:
        calls = loop_calls(args.iterations, t)
        base = median(cells[("untraced", t)])
        floor = median(cells.get(("floor-empty", t), []))
        floor_cpu = median(cpu.get(("floor-empty", t), []))
        row = {"threads": t, "syscalls": calls}
        for c in configs:
            med = median(cells[(c, t)])
            med_cpu = median(cpu[(c, t)])
            row[c] = {
                "runs": len(cells[(c, t)]),
                "median_s": med,
                "ns_per_call": med * 1e9 / calls if med else None,
                "ratio": med / base if med and base else None,
                # beside the kernel floor: wall time, and CPU time (tracer and traced
                # together, from rusage-run), which moves less with the machine's load
                "ratio_floor": med / floor if med and floor else None,
                "cpu_s": med_cpu,
                "cpu_ratio_floor": med_cpu / floor_cpu if med_cpu and floor_cpu else None,
                "lost": lost[(c, t)],
                "no_data": no_data[(c, t)],
            }
        rows.append(row)
    report = {"mode": "scaling", "iterations": args.iterations, "runs": args.runs,
              "configs": configs, "skipped": skipped, "failed": failed, "rows": rows,
              "environment": environment(tools, workdir)}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print("scaling: %d iterations split over the threads; wall ns per syscall (median of %d),"
          " x = ratio to untraced" % (args.iterations, args.runs))
    print("%-8s" % "threads" + "".join("%20s" % c for c in configs))
    for r in rows:
        line = "%-8d" % r["threads"]
        for c in configs:
            cell = r[c]
            line += "%20s" % ("%s ns x%s" % (fmt(cell["ns_per_call"], ".0f"),
                                              fmt(cell["ratio"], ".2f"))
                              if cell["median_s"] else "failed")
        print(line)
    if "floor-empty" in configs:
        print("beside floor-empty (wall time; CPU time of tracer and traced together):")
        for r in rows:
            print("%-8d" % r["threads"] + "".join(
                "%20s" % ("x%s cpu x%s" % (fmt(r[c]["ratio_floor"], ".2f"),
                                            fmt(r[c]["cpu_ratio_floor"], ".2f")))
                for c in configs))
    for r in rows:
        for c in configs:
            if any(r[c]["lost"]):
                print("records lost, %s, %d threads: %s" % (c, r["threads"],
                      ",".join(str(n) for n in r[c]["lost"])))
            if any(r[c]["no_data"]):
                print("records sent without their data, %s, %d threads: %s" % (
                    c, r["threads"], ",".join(str(n) for n in r[c]["no_data"])))
    if skipped:
        print("btftrace configs skipped: %s" % skipped)
    for c, why in failed.items():
        print("%s failed: %s" % (c, why))
    print("btftrace-a: the workload untraced while 'btftrace -a -o FILE' traces the system.")
    print("ns/call is wall time over all threads' syscalls: with more threads than CPUs it is"
          " a throughput cost, not a per-call latency.")
    return 0


# --uring: (config name, tool) in table order, and what each runs.
URING_CONFIGS = (
    ("untraced", "untraced"),
    ("btftrace-full", "btftrace"),
    ("btftrace-uring", "btftrace"),
    ("btftrace-uring-c", "btftrace"),
    ("strace-full", "strace"),
    ("perf-full", "perf"),
)
URING_HELP = {
    "untraced": "uring_workload N D",
    "btftrace-full": "btftrace -o FILE -- uring_workload N D (its syscalls only)",
    "btftrace-uring": "btftrace -e io_uring=all -o FILE -- uring_workload N D",
    "btftrace-uring-c": "btftrace -c -e io_uring=all -- uring_workload N D",
    "strace-full": "strace -f -o FILE uring_workload N D",
    "perf-full": "perf trace -o FILE -- uring_workload N D",
}


def uring_command(name, tools, workload_argv, out_file):
    bt = [tools.paths.get("btftrace")]
    table = {
        "untraced": workload_argv,
        "btftrace-full": bt + ["-o", out_file, "--"] + workload_argv,
        "btftrace-uring": bt + ["-e", "io_uring=all", "-o", out_file, "--"] + workload_argv,
        "btftrace-uring-c": bt + ["-c", "-e", "io_uring=all", "--"] + workload_argv,
        "strace-full": [tools.paths.get("strace"), "-f", "-o", out_file] + workload_argv,
        "perf-full": [tools.paths.get("perf"), "trace", "-o", out_file, "--"] + workload_argv,
    }
    return table[name]


def count_lines(path, marker):
    """Lines of the trace file with marker in them (0 when there is no file)."""
    if not os.path.exists(path):
        return 0
    with open(path, "rb") as f:
        return sum(1 for line in f if marker in line)


def uring_main(args, tools, workdir):
    """Each config round-robin, --runs times, on the io_uring workload: wall time, the ratio to
    untraced, and how many of the workload's operations and io_uring_enter calls each trace
    shows."""
    tool_of = dict(URING_CONFIGS)
    names = [n for n, _ in URING_CONFIGS]
    active = [n for n in names if tools.check(tool_of[n])]
    workload = os.path.join(args.bin_dir, "uring_workload")
    if not os.access(workload, os.X_OK):
        log("run.py: %s is missing: make -C bench build (needs liburing-dev)" % workload)
        return 2
    wl = [workload, str(args.uring_iterations), str(args.uring_depth)]
    ops = args.uring_iterations * args.uring_depth
    out_file = os.path.join(workdir, "trace.out")
    results = {n: [] for n in active}
    seen = {n: [] for n in active}
    failed = {}
    log("uring workload: %d iterations of %d reads, %d operations in %d io_uring_enter calls; "
        "%d run(s) of %s, round-robin" % (args.uring_iterations, args.uring_depth, ops,
                                          args.uring_iterations, args.runs, ", ".join(active)))
    run_timed(wl, workdir, args.timeout)  # warm-up, not counted
    for rnd in range(args.runs):
        order = active[rnd % len(active):] + active[:rnd % len(active)]
        for name in order:
            if name in failed:
                continue
            argv = uring_command(name, tools, wl, out_file)
            # the trace is read before run_timed removes it: the lines each tracer shows
            keep = out_file + ".kept"
            res = run_timed(argv, workdir, args.timeout, None, rusage_run=tools.rusage_run)
            if res.error:
                failed[name] = res.error
                log("  %-16s run %d FAILED: %s (config dropped)" % (name, rnd + 1, res.error))
                continue
            if os.path.exists(out_file):
                os.replace(out_file, keep)
                seen[name].append((count_lines(keep, b"io_uring:read("),
                                   count_lines(keep, b"io_uring_enter(")))
                res.out_bytes = os.path.getsize(keep)
                os.unlink(keep)
            results[name].append(res)
            log("  %-16s run %d/%d  %8.3f s lost %d" % (name, rnd + 1, args.runs, res.wall,
                                                        parse_lost(res.stderr)))
    base = median([r.wall for r in results.get("untraced", [])])
    rows = []
    for name in names:
        row = {"config": name, "command": URING_HELP[name]}
        if name not in active:
            row["skipped"] = tools.skip.get(tool_of[name], "")
        elif not results[name]:
            row["skipped"] = "failed: " + failed.get(name, "")
        else:
            walls = [r.wall for r in results[name]]
            med = median(walls)
            row.update({"runs": len(walls), "median_s": med, "ratio": med / base if base else None,
                        "ns_per_op": med * 1e9 / ops, "wall_s": walls,
                        "lost": [parse_lost(r.stderr) for r in results[name]]
                        if tool_of[name] == "btftrace" else None})
            if seen[name]:
                row["ops_shown"] = seen[name][-1][0]
                row["enter_calls_shown"] = seen[name][-1][1]
        rows.append(row)
    report = {"mode": "uring", "iterations": args.uring_iterations, "depth": args.uring_depth,
              "operations": ops, "runs": args.runs, "configs": rows,
              "environment": environment(tools, workdir)}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print("io_uring bench: %d iterations x %d reads of /dev/zero = %d operations, %d "
          "io_uring_enter calls; median of %d runs, interleaved" %
          (args.uring_iterations, args.uring_depth, ops, args.uring_iterations, args.runs))
    print("%-18s %5s %10s %8s %10s %12s %12s  %s" % ("config", "runs", "median s", "ratio",
                                                   "ns/op", "reads shown", "enters shown",
                                                   "lost"))
    for r in rows:
        if "skipped" in r:
            print("%-18s skipped: %s" % (r["config"], r["skipped"]))
            continue
        print("%-18s %5d %10.3f %8s %10.0f %12s %12s  %s" % (
            r["config"], r["runs"], r["median_s"], fmt(r["ratio"], ".2f"), r["ns_per_op"],
            r.get("ops_shown", "-"), r.get("enter_calls_shown", "-"),
            ",".join(str(n) for n in r["lost"]) if r["lost"] is not None else "-"))
    for r in rows:
        print("  %-18s %s" % (r["config"], r["command"]))
    return 0


KERNEL_CONFIG_HELP = {
    "untraced": "workload N",
    "btftrace-full": "btftrace -o FILE -- workload N",
    "btftrace-kfunc": "btftrace --kfunc KFUNCS -o FILE -- workload N",
    "btftrace-c": "btftrace -c -o FILE -- workload N",
    "btftrace-c-kfunc": "btftrace -c --kfunc KFUNCS -o FILE -- workload N",
    "strace-full": "strace -f -o FILE workload N",
    "strace-c": "strace -c -f -o FILE workload N",
    "perf-full": "perf trace -o FILE -- workload N",
}
# seconds a whole --kernel boot may take before qemu is killed
KERNEL_BOOT_TIMEOUT = 3600


def parse_kernel_log(log):
    """What bench/kernel.sh printed: (release, {config: {iterations: [run dict]}}, skipped,
    {config: [stderr lines]}, done)."""
    release, runs, skipped, stderr, done = None, {}, {}, {}, False
    for raw in log.splitlines():
        line = raw.rstrip("\r")
        m = re.match(r"^@@@ bench (\w+) ?(.*)$", line)
        if not m:
            continue
        what, rest = m.groups()
        if what == "kernel":
            release = rest
        elif what == "skipped":
            name, _, reason = rest.partition(" ")
            skipped[name] = reason
        elif what == "run":
            words = rest.split()
            if len(words) < 3:
                continue  # rusage-run wrote nothing: the launcher itself failed
            fields = {k: int(v) for k, v in (w.split("=", 1) for w in words[2:])}
            runs.setdefault(words[0], {}).setdefault(int(words[1]), []).append(fields)
        elif what == "stderr":
            name, _, text = rest.partition(" ")
            stderr.setdefault(name, []).append(text)
        elif what == "done":
            done = True
    return release, runs, skipped, stderr, done


def kernel_main(args):
    """--kernel SUITE: the configs interleaved inside one boot of a matrix kernel."""
    sys.path.insert(0, os.path.join(REPO_DIR, "tests", "kernel"))
    import qemu  # tests/kernel/qemu.py: the kernel tests' boot, standard library only

    image = os.path.join(args.kernel_dir, "vmlinuz-" + args.kernel)
    for path, hint in ((image, "make kernel-fetch KERNEL_SUITES=" + args.kernel),
                       (args.initramfs, "make bench-kernel")):
        if not os.path.exists(path):
            sys.exit("run.py: %s is missing: %s builds it" % (path, hint))
    append = ["BENCH_RUNS=%d" % args.runs, "BENCH_ITERATIONS=%d" % args.iterations,
              "BENCH_KFUNCS=" + args.kfuncs]
    if args.only:
        append.append("BENCH_ONLY=" + args.only)
    log("booting %s under qemu: %d rounds of %d iterations" %
        (args.kernel, args.runs, args.iterations))
    t0 = time.monotonic()
    text = qemu.boot(image, args.initramfs, KERNEL_BOOT_TIMEOUT, append, memory_mb=2048)
    boot_s = time.monotonic() - t0
    release, runs, skipped, stderr, done = parse_kernel_log(text)
    if not done:
        sys.stderr.write("\n".join(text.splitlines()[-40:]) + "\n")
        log("the bench did not finish in the guest (its console's end is above)")
        return 1
    n = args.iterations
    calls = loop_calls(n)

    def wall(name, iterations):
        return [r["wall_ns"] / 1e9 for r in runs.get(name, {}).get(iterations, [])]

    base, base_start = median(wall("untraced", n)), median(wall("untraced", 1))
    rows = []
    for name in KERNEL_CONFIG_HELP:
        if name not in runs:
            continue
        full, start = wall(name, n), wall(name, 1)
        failed = [r["status"] for r in runs[name].get(n, []) + runs[name].get(1, [])
                  if r["status"] != 0]
        med, st = median(full), median(start)
        rows.append({
            "config": name, "runs": len(full), "median_s": med, "min_s": min(full),
            "max_s": max(full), "startup_s": st, "ratio": med / base,
            # the loop alone: each config's 1-iteration run (start-up, exit) taken off
            "loop_ratio": (med - st) / (base - base_start) if base > base_start else None,
            # the least disturbed runs: on a loaded host, emulation's times spread widely
            "min_ratio": min(full) / min(wall("untraced", n)),
            "ns_per_call": med / calls * 1e9,
            "lost": sum(parse_lost(l) for l in stderr.get(name, [])),
            "failed": failed, "stderr": stderr.get(name, []),
        })
    rep = {"kernel": args.kernel, "release": release, "iterations": n, "loop_calls": calls,
           "runs": args.runs, "kfuncs": args.kfuncs, "boot_s": boot_s, "configs": rows,
           "skipped": skipped}
    if args.json:
        print(json.dumps(rep, indent=1))
        return 0
    print("kernel %s (%s) under qemu (software emulation), one boot of %.0f s; workload %d "
          "iterations (%d calls), %d rounds; --kfunc %s" %
          (args.kernel, release, boot_s, n, calls, args.runs, args.kfuncs))
    print("%-17s %4s %9s %9s %9s %9s %7s %7s %7s %7s" % (
        "config", "runs", "median s", "min s", "max s", "start s", "x untr", "x min", "x loop",
        "lost"))
    for r in rows:
        print("%-17s %4d %9.3f %9.3f %9.3f %9.3f %7.2f %7.2f %7s %7d" % (
            r["config"], r["runs"], r["median_s"], r["min_s"], r["max_s"], r["startup_s"],
            r["ratio"], r["min_ratio"], fmt(r["loop_ratio"], ".2f"), r["lost"]))
    for name, reason in skipped.items():
        print("skipped: %s: %s" % (name, reason))
    for r in rows:
        if r["failed"]:
            print("failed: %s: exit status %s: %s" % (r["config"], r["failed"],
                                                      " / ".join(r["stderr"][-2:])))
    print("x untr: median wall time over untraced's; x min: fastest run over untraced's "
          "fastest; start s: median of the same command with 1 iteration (start-up and exit, "
          "seconds under emulation); x loop: (median - start) over untraced's, the loop's calls "
          "alone; lost: records btftrace said it lost, all runs.")
    return 0


def parse_args():
    ap = argparse.ArgumentParser(
        description="Benchmarks btftrace against strace and perf trace (see bench/README.md).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="configs:\n" + "\n".join("  %-14s %s" % kv for kv in CONFIG_HELP.items()) +
        "\n--only takes config names or tool names (floor, btftrace, strace, perf); untraced"
        " always runs.")
    ap.add_argument("--runs", type=int, default=5, help="runs per config (default 5)")
    ap.add_argument("--iterations", type=int, default=100000,
                    help="workload iterations, %d syscalls each and 1 more every %d "
                    "(default 100000)" % (CALLS_PER_ITER, SLEEP_EVERY))
    ap.add_argument("--only", help="comma-separated configs or tools to run")
    ap.add_argument("--json", action="store_true", help="print one JSON object, not a table")
    ap.add_argument("--budget", type=int, default=420,
                    help="seconds the comparison may take: after each round the costliest "
                    "configs get fewer runs (at least 1) to fit; 0 = no limit (default 420)")
    ap.add_argument("--timeout", type=int, default=900, help="seconds per run before kill")
    ap.add_argument("--startup", action="store_true", help="measure start-up latency")
    ap.add_argument("--startup-runs", type=int, default=20, help="runs per tool (default 20)")
    ap.add_argument("--scaling", action="store_true",
                    help="ns per call for 1..N threads and under a system-wide btftrace -a")
    ap.add_argument("--threads", default="1,2,8", help="thread counts for --scaling")
    ap.add_argument("--big", action="store_true",
                    help="the comparison with %d-byte reads and writes shown whole (-s %d): "
                    "configs %s" % (BIG_RW, BIG_RW, ", ".join(BIG_CONFIGS)))
    ap.add_argument("--uring", action="store_true",
                    help="the io_uring workload: btftrace with and without -e io_uring=all, "
                    "strace, perf trace")
    ap.add_argument("--uring-iterations", type=int, default=20000,
                    help="--uring: iterations, each DEPTH reads in one io_uring_enter "
                    "(default 20000)")
    ap.add_argument("--uring-depth", type=int, default=8,
                    help="--uring: reads per iteration (default 8)")
    ap.add_argument("--kernel", metavar="SUITE",
                    help="boot the matrix kernel of this Debian suite (e.g. trixie) under "
                    "qemu and run the configs there, in one boot (make bench-kernel)")
    ap.add_argument("--kernel-dir", default=os.path.join(REPO_DIR, ".output", "kernels"),
                    help="--kernel: where make kernel-fetch put the kernels")
    ap.add_argument("--initramfs",
                    default=os.path.join(REPO_DIR, ".output", "kernel", "bench-initramfs.cpio"),
                    help="--kernel: the bench's initramfs (make bench-kernel builds it)")
    ap.add_argument("--kfuncs", default="vfs_read,do_sys_openat2",
                    help="--kernel: the functions of the --kfunc configs")
    ap.add_argument("--attach-timeout", type=int, default=10,
                    help="seconds to wait for btftrace -a to start recording (--scaling)")
    ap.add_argument("--btftrace", default=os.path.join(REPO_DIR, ".output", "btftrace"),
                    help="btftrace binary (default .output/btftrace)")
    ap.add_argument("--bin-dir", default=os.path.join(REPO_DIR, ".output", "bench"),
                    help="where make -C bench put workload, startmark, rusage-run and floor")
    args = ap.parse_args()
    if args.runs < 1 or args.iterations < 1 or args.startup_runs < 1:
        ap.error("--runs, --iterations and --startup-runs must be at least 1")
    if args.startup + args.scaling + args.uring + args.big + bool(args.kernel) > 1:
        ap.error("--startup, --scaling, --uring, --big and --kernel are separate runs")
    args.btftrace = os.path.abspath(args.btftrace)
    args.bin_dir = os.path.abspath(args.bin_dir)
    args.workload = os.path.join(args.bin_dir, "workload")
    return args


def main():
    args = parse_args()
    if args.kernel:
        return kernel_main(args)
    needed = ["workload", "rusage-run"] + (["startmark"] if args.startup else [])
    for name in needed:
        if not os.access(os.path.join(args.bin_dir, name), os.X_OK):
            sys.exit("run.py: %s not found in %s; build it with: make -C bench build" %
                     (name, args.bin_dir))
    if os.geteuid() != 0:
        log("warning: not root; the tracers will likely fail and be skipped")
    shm = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    workdir = tempfile.mkdtemp(prefix="btftrace-bench-", dir=shm)
    tools = Tools(args, workdir)
    try:
        if args.startup:
            return startup_main(args, tools, workdir)
        if args.scaling:
            return scaling_main(args, tools, workdir)
        if args.uring:
            return uring_main(args, tools, workdir)
        return bench_main(args, tools, workdir)
    except KeyboardInterrupt:
        for proc in list(RUNNING):
            kill_session(proc)
        log("interrupted")
        return 130
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

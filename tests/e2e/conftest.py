# SPDX-License-Identifier: GPL-2.0
"""Fixtures of the end-to-end tests: the built binary, the workloads, runs, BPF leak checks.

The tests run btftrace for real, as root, on the running kernel. Run them
with `make e2e` (BTFTRACE and WORKLOADS come from the Makefile) or directly:
    sudo /usr/bin/python3 -m pytest -q tests/e2e
"""
import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# seconds a run may take before the test calls it hung: a hang, not a slow machine. With other
# sessions' tests and builds on the 2 cores (load 25-40), the heaviest run, 1.8 million calls of
# one thread in test_lossless, took 25 s traced, and its command 14 s untraced
RUN_TIMEOUT = 120
# seconds the kernel may take to free programs, maps and links after their last fd closed
# (links are released from a workqueue, and they hold the programs that hold the maps)
BPF_RELEASE_WAIT = 3.0

BPF_PROG_NAMES = ("on_sys_enter", "on_sys_exit", "on_event")


def pytest_configure(config):
    # The tests send SIGINT to btftrace and expect its command to die of it. A run started in
    # the background of a non-interactive shell (`make e2e &` in a script) has SIGINT and
    # SIGQUIT ignored, and every btftrace and command would inherit that through exec: give
    # them back their default (a handler in this process is reset to it by exec).
    for sig in (signal.SIGINT, signal.SIGQUIT):
        if signal.getsignal(sig) == signal.SIG_IGN:
            signal.signal(sig, signal.default_int_handler if sig == signal.SIGINT
                          else signal.SIG_DFL)


def pytest_collection_modifyitems(config, items):
    if os.geteuid() != 0:
        skip = pytest.mark.skip(
            reason="btftrace's end-to-end tests load BPF programs: run them as root "
            "(sudo make e2e)")
        for item in items:
            item.add_marker(skip)


# ---------------------------------------------------------------- paths


@pytest.fixture(scope="session")
def btftrace():
    """Absolute path of the binary under test (env BTFTRACE, default .output/btftrace)."""
    path = os.environ.get("BTFTRACE") or os.path.join(REPO, ".output", "btftrace")
    path = os.path.abspath(path)
    if not os.access(path, os.X_OK):
        pytest.fail(f"btftrace binary {path} is missing: build it with 'make'")
    return path


@pytest.fixture(scope="session")
def workloads_dir():
    """Directory of the compiled tests/workloads/*.c (env WORKLOADS, default .output/workloads)."""
    path = os.environ.get("WORKLOADS") or os.path.join(REPO, ".output", "workloads")
    return os.path.abspath(path)


@pytest.fixture(scope="session")
def workload(workloads_dir):
    """workload(name) -> absolute path of the compiled workload, failing if it is not built."""

    def find(name):
        path = os.path.join(workloads_dir, name)
        if not os.access(path, os.X_OK):
            pytest.fail(f"workload {path} is missing: 'make' builds tests/workloads/{name}.c")
        return path

    return find


@pytest.fixture(scope="session")
def btf_size(tmp_path_factory):
    """btf_size(*names) -> {name: size} from the running kernel's BTF, computed by
    tests/tools/btf_size.c (libbpf directly), independently of btftrace."""
    src = os.path.join(REPO, "tests", "tools", "btf_size.c")
    exe = str(tmp_path_factory.mktemp("tools") / "btf_size")
    try:
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libbpf"],
                               capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        flags = ["-lbpf"]
    cc = os.environ.get("CC", "cc")
    build = subprocess.run([cc, "-O1", "-Wall", "-o", exe, src] + flags + ["-lelf", "-lz"],
                           capture_output=True, text=True)
    if build.returncode != 0:
        pytest.fail(f"cannot build {src}:\n{build.stderr}")

    def sizes(*names):
        out = subprocess.run([exe] + list(names), capture_output=True, text=True, timeout=30)
        assert out.returncode == 0, f"btf_size failed: {out.stderr}"
        result = {}
        for line in out.stdout.splitlines():
            name, size = line.rsplit("\t", 1)
            result[name] = int(size)
        return result

    return sizes


@pytest.fixture(scope="session")
def bench_workload(tmp_path_factory):
    """bench/workload.c, built for the tests: `workload [-v] [ITERATIONS [THREADS]]` makes
    WORKLOAD_CALLS_PER_ITER known calls per iteration, threads sharing the iterations."""
    src = os.path.join(REPO, "bench", "workload.c")
    exe = str(tmp_path_factory.mktemp("bench") / "workload")
    cc = os.environ.get("CC", "cc")
    build = subprocess.run([cc, "-O2", "-Wall", "-D_GNU_SOURCE", "-pthread", "-o", exe, src],
                           capture_output=True, text=True)
    if build.returncode != 0:
        pytest.fail(f"cannot build {src}:\n{build.stderr}")
    return exe


def children_of(pid):
    """The pids of process pid's children, from /proc (empty once it is gone)."""
    kids = []
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/children") as f:
                kids += [int(k) for k in f.read().split()]
    except OSError:
        pass
    return kids


def proc_state(pid):
    """The state letter of process pid (R, S, Z, ...), or None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return None
    return stat[stat.rindex(")") + 2]


def cpu_seconds(pid):
    """The CPU time process pid has used, user and system, from /proc (final once it is a
    zombie), or None when it is gone. Unlike wall-clock time, a busy machine does not
    stretch it."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2:].split()
    # utime and stime, fields 14 and 15 of proc(5), in clock ticks
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------- running btftrace


class RunResult(tuple):
    """(returncode, stdout, stderr, trace_text), plus .pid and .argv of the btftrace run."""

    def __new__(cls, returncode, stdout, stderr, trace, pid, argv):
        self = super().__new__(cls, (returncode, stdout, stderr, trace))
        self.pid = pid
        self.argv = argv
        return self

    returncode = property(lambda self: self[0])
    stdout = property(lambda self: self[1])
    stderr = property(lambda self: self[2])
    trace = property(lambda self: self[3])


def kill_group(proc):
    """Ends a process this test started (it runs in its own session) and everything it forked."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    proc.wait()


@pytest.fixture
def run_btftrace(btftrace, tmp_path):
    """run_btftrace(args, trace=True, timeout=RUN_TIMEOUT, **popen_kw) -> RunResult.

    With trace=True the trace goes to a fresh file through `-o FILE` put first
    in the arguments, and its text is returned; with trace=False the arguments
    are passed as they are and trace_text is "". stdout and stderr are pipes
    (so a traced command's stdout is a pipe), stdin is /dev/null.
    """
    counter = [0]

    def run(args, trace=True, timeout=RUN_TIMEOUT, **kw):
        args = [str(a) for a in args]
        trace_path = None
        if trace:
            counter[0] += 1
            trace_path = tmp_path / f"trace{counter[0]}.txt"
            args = ["-o", str(trace_path)] + args
        argv = [btftrace] + args
        kw.setdefault("stdin", subprocess.DEVNULL)
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True, **kw)
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_group(proc)
            out, err = proc.communicate()
            pytest.fail(f"{' '.join(argv)} did not finish in {timeout} s; stderr:\n"
                        f"{err.decode(errors='replace')}")
        text = ""
        if trace_path is not None and trace_path.exists():
            text = trace_path.read_text(errors="replace")
        return RunResult(proc.returncode, out.decode(errors="replace"),
                         err.decode(errors="replace"), text, proc.pid, argv)

    return run


@pytest.fixture
def spawn(request):
    """spawn(argv, **popen_kw) -> Popen in its own session, killed at the end of the test."""
    procs = []

    def start(argv, **kw):
        kw.setdefault("stdin", subprocess.DEVNULL)
        kw.setdefault("stdout", subprocess.DEVNULL)
        kw.setdefault("stderr", subprocess.PIPE)
        proc = subprocess.Popen([str(a) for a in argv], start_new_session=True, **kw)
        procs.append(proc)
        return proc

    yield start
    for proc in procs:
        kill_group(proc)


def run_reader_stopped(btftrace, tmp_path, args, stop_s=0.4):
    """btftrace ARGS, its trace in a file: once the trace has begun, btftrace is stopped for
    stop_s while the command goes on, so that a small ring buffer fills whatever the reader's
    speed and priority (it runs at SCHED_FIFO: woken, it would otherwise keep up)."""
    trace_path = tmp_path / "reader_stopped.txt"
    argv = [str(btftrace), "-o", str(trace_path)] + [str(a) for a in args]
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + RUN_TIMEOUT
        while proc.poll() is None and time.monotonic() < deadline:
            if trace_path.exists() and trace_path.stat().st_size:
                break
            time.sleep(0.01)
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGSTOP)
            time.sleep(stop_s)
            os.kill(proc.pid, signal.SIGCONT)
        out, err = proc.communicate(timeout=RUN_TIMEOUT)
    except subprocess.TimeoutExpired:
        kill_group(proc)
        out, err = proc.communicate()
    return RunResult(proc.returncode, out.decode(errors="replace"), err.decode(errors="replace"),
                     trace_path.read_text(errors="replace"), proc.pid, argv)


def wait_for(predicate, timeout, interval=0.02):
    """Polls predicate() until it returns something true; returns it, or None at the timeout."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            return None
        time.sleep(interval)


def blocks_sigint(pid):
    """Whether btftrace's main thread blocks SIGINT: from its set-up's end on, just before it
    attaches, SIGINT ends the trace cleanly; before, it kills btftrace (status -2). Loading
    the collector takes seconds on a busy machine, so a test that interrupts a trace waits for
    this rather than a fixed time."""
    try:
        with open(f"/proc/{pid}/status") as f:
            status = f.read()
    except OSError:
        return False
    m = re.search(r"^SigBlk:\s*([0-9a-f]+)$", status, re.M)
    return bool(m) and bool(int(m.group(1), 16) & (1 << (signal.SIGINT - 1)))


# ---------------------------------------------------------------- trace text helpers

# strace's two forms: "[pid  1234] " on a terminal, "1234  " with -o and -f (or several -p)
PID_PREFIX = re.compile(r"^(?:\[pid +(?=\d)|(?=\d))(\d+)\]? +")


def c_escape(data: bytes) -> str:
    """Escapes bytes as a C string body, the way strace prints them."""
    named = {0x22: '\\"', 0x5c: "\\\\", 0x0a: "\\n", 0x09: "\\t", 0x0d: "\\r", 0x0c: "\\f",
             0x0b: "\\v"}
    out = []
    for i, c in enumerate(data):
        if c in named:
            out.append(named[c])
        elif 0x20 <= c < 0x7f:
            out.append(chr(c))
        elif i + 1 < len(data) and 0x30 <= data[i + 1] <= 0x37:
            out.append("\\%03o" % c)  # an octal digit follows: the full form
        else:
            out.append("\\%o" % c)
    return "".join(out)


def quoted(data: bytes, limit=32) -> str:
    """A buffer as btftrace shows it with -s limit: "escaped"... when cut."""
    text = '"' + c_escape(data[:limit]) + '"'
    return text + "..." if len(data) > limit else text


def strip_pid(line):
    """(tid or None, line without its [pid N] prefix)."""
    m = PID_PREFIX.match(line)
    if not m:
        return None, line
    return int(m.group(1)), line[m.end():]


def excerpt(text, pattern=None, context=6, limit=40):
    """A few lines of a trace for an assertion message: around pattern, else the start."""
    lines = text.splitlines()
    if pattern is not None:
        rx = re.compile(pattern)
        for i, line in enumerate(lines):
            if rx.search(line):
                lo, hi = max(0, i - context), min(len(lines), i + context + 1)
                return "\n".join(f"  {line}" for line in lines[lo:hi])
    shown = lines[:limit]
    more = f"\n  ... ({len(lines) - limit} more lines)" if len(lines) > limit else ""
    return "\n".join(f"  {line}" for line in shown) + more if shown else "  (empty trace)"


# ---------------------------------------------------------------- BPF leak checks

# btftrace's objects, by the names bpftool shows: the collector's programs (the tp_btf pair or
# the raw_tp pair, names cut at 15 characters by the kernel) and maps. Other BPF users' objects,
# other engineers' sessions included, are never counted.
BPF_PROG_NAMES = ("on_sys_enter", "on_sys_exit", "on_sys_enter_raw", "on_sys_exit_raw",
                  "on_uring_submit", "on_uring_complete")
BPF_MAP_NAMES = ("beauty_map", "traced_procs", "refetch", "scratch_map", "stats_map", "events",
                 "event_descs", "event_scratch_m", "uring_ops", "uring_pending", "uring_work_map")
# libbpf names the skeleton's global data maps after the object: collecto.rodata, collecto.bss
BPF_MAP_PREFIX = "collecto."
BPF_KINDS = ("prog", "map", "link")


def _is_btftrace_prog(prog):
    name = prog.get("name", "")
    return any(name in (full, full[:15]) for full in BPF_PROG_NAMES)


def _is_btftrace_map(m):
    name = m.get("name", "")
    return name in BPF_MAP_NAMES or name.startswith(BPF_MAP_PREFIX)


def _bpftool(kind):
    # An object that goes away while bpftool lists it (another session ending) can fail the
    # listing; a second try sees a settled list. Three failures in a row are a real failure.
    for attempt in range(3):
        out = subprocess.run(["bpftool", "-j", kind, "list"], capture_output=True, text=True,
                             timeout=30)
        if out.returncode == 0:
            return json.loads(out.stdout or "[]") or []
        time.sleep(0.2 * (attempt + 1))
    pytest.fail(f"bpftool -j {kind} list failed 3 times: {out.stderr}")


def bpf_ids_held(pid):
    """{kind: ids} of the BPF programs, maps and links process pid holds through its fds."""
    held = {kind: set() for kind in BPF_KINDS}
    fddir = f"/proc/{pid}/fd"
    try:
        fds = os.listdir(fddir)
    except OSError:
        return held
    for fd in fds:
        try:
            if not os.readlink(f"{fddir}/{fd}").startswith("anon_inode:bpf"):
                continue
            with open(f"/proc/{pid}/fdinfo/{fd}") as f:
                info = f.read()
        except OSError:
            continue
        for kind in BPF_KINDS:
            m = re.search(rf"^{kind}_id:\s*(\d+)", info, re.M)
            if m:
                held[kind].add(int(m.group(1)))
    return held


def _our_process_tree():
    """This test process and its descendants: the only processes whose BPF objects we own."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    tree, todo = set(), [os.getpid()]
    while todo:
        pid = todo.pop()
        if pid in tree:
            continue
        tree.add(pid)
        todo.extend(children.get(pid, []))
    return tree


def _held_by_others():
    """BPF object ids held through an fd by a process outside our tree (another user's run)."""
    ours = _our_process_tree()
    held = {kind: set() for kind in BPF_KINDS}
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) in ours:
            continue
        for kind, ids in bpf_ids_held(int(entry)).items():
            held[kind] |= ids
    return held


class BpfSnapshot:
    """btftrace's BPF programs, maps and links that exist now, to find those a run leaves.

    Two checks, both blind to other sessions on the machine: (1) btftrace objects created
    after the snapshot and held by no process outside this test's tree must be gone once the
    kernel had time to release them; (2) with track(pid), the ids that btftrace process held
    while it ran (sampled from /proc/PID/fdinfo) must be gone after it ended.
    """

    def __init__(self):
        self.progs, self.maps, self.links = self._take()
        self.tracked = {kind: set() for kind in BPF_KINDS}
        self._stop = threading.Event()
        self._samplers = []

    @staticmethod
    def _take():
        progs = {p["id"]: p for p in _bpftool("prog")}
        maps = {m["id"]: m for m in _bpftool("map")}
        links = {ln["id"]: ln for ln in _bpftool("link")}
        return progs, maps, links

    def track(self, pid, interval=0.02):
        """Records the BPF ids process pid holds, from now until it exits."""

        def sample():
            while not self._stop.is_set() and os.path.exists(f"/proc/{pid}/fd"):
                for kind, ids in bpf_ids_held(pid).items():
                    self.tracked[kind] |= ids
                time.sleep(interval)

        t = threading.Thread(target=sample, daemon=True)
        t.start()
        self._samplers.append(t)

    def _new_objects(self):
        """({kind: {id: label}} of btftrace's objects made since the snapshot, and those the
        tracked process held; {kind: ids} of the former that another process holds now)."""
        progs, maps, links = self._take()
        ours = {i for i, p in progs.items() if _is_btftrace_prog(p)}
        our_maps = {i for i, m in maps.items() if _is_btftrace_map(m)}
        for i in ours:
            our_maps |= set(progs[i].get("map_ids", []))
        # a map a program named is gone once that program went, between the two listings
        our_maps &= set(maps)
        new_progs = {i for i in ours if i not in self.progs}
        new_maps = {i for i in our_maps if i not in self.maps}
        new_links = {i for i, ln in links.items()
                     if i not in self.links and ln.get("prog_id") in ours}
        foreign = {kind: set() for kind in BPF_KINDS}
        if new_progs or new_maps or new_links:
            # another engineer's session, running meanwhile, holds its own objects
            held = _held_by_others()
            foreign_progs = set(held["prog"])
            foreign_progs |= {links[i].get("prog_id") for i in held["link"] if i in links}
            foreign_maps = set(held["map"])
            for pid in foreign_progs & set(progs):
                foreign_maps |= set(progs[pid].get("map_ids", []))
            foreign = {"prog": new_progs & foreign_progs, "map": new_maps & foreign_maps,
                       "link": {i for i in new_links
                                if i in held["link"] or links[i].get("prog_id") in foreign_progs}}
        # what the tracked btftrace held is its own, whoever else exists
        tracked = {"prog": self.tracked["prog"] & set(progs),
                   "map": self.tracked["map"] & set(maps),
                   "link": self.tracked["link"] & set(links)}
        for kind in BPF_KINDS:
            foreign[kind] -= tracked[kind]
        found = {
            "prog": {i: f"{i}:{progs[i].get('name')}" for i in new_progs | tracked["prog"]},
            "map": {i: f"{i}:{maps[i].get('name')}" for i in new_maps | tracked["map"]},
            "link": {i: f"{i}:prog{links[i].get('prog_id')}"
                     for i in new_links | tracked["link"]},
        }
        return found, foreign

    def leftovers(self, wait=BPF_RELEASE_WAIT):
        """btftrace objects still there after the kernel had time to release them.

        A leftover is in every listing of the wait (ids are not reused soon: one that went
        once is gone) and no other process held it in any of them; what the tracked btftrace
        held counts whoever holds it. Another session's objects are none: those of a run that
        ended while the kernel still frees them go, and a running one's are held, though a
        listing of its fds can miss one it is renumbering. With several sessions running
        tests, some of theirs are nearly always in a listing."""
        self._stop.set()
        for t in self._samplers:
            t.join()
        deadline = time.monotonic() + wait
        lasting, held = None, {kind: set() for kind in BPF_KINDS}
        while True:
            found, foreign = self._new_objects()
            if lasting is None:
                lasting = found
            for kind in BPF_KINDS:
                lasting[kind] = {i: label for i, label in lasting[kind].items()
                                 if i in found[kind]}
                held[kind] |= foreign[kind]
            left = {f"{kind}s": [lasting[kind][i] for i in sorted(lasting[kind])
                                 if i not in held[kind]] for kind in BPF_KINDS}
            left = {k: v for k, v in left.items() if v}
            # lasting only shrinks and held only grows: what is clean now stays clean
            if not left or time.monotonic() > deadline:
                return left
            time.sleep(0.1)

    def assert_clean(self, what=""):
        left = self.leftovers()
        assert not left, f"BPF objects left behind{' by ' + what if what else ''}: {left}"


@pytest.fixture(scope="session")
def have_bpftool():
    if not shutil.which("bpftool"):
        pytest.skip("bpftool is not installed: the leak checks need it (apt-get install bpftool)")


@pytest.fixture
def bpf_snapshot(have_bpftool):
    """bpf_snapshot() -> BpfSnapshot taken now; .track(pid) while it runs, .assert_clean()."""
    return BpfSnapshot

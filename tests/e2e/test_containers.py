# SPDX-License-Identifier: GPL-2.0
"""End-to-end tests of --container, of the container each line names (text, JSON) and of
--summary-by=container.

No container runtime has to be installed: the containers here are made the way runtimes make
them, with the tools of the machine. Each is a cgroup v2 directory named as runtimes name
theirs (after a 64-hex-digit ID, or systemd-nspawn's machine-NAME.scope) holding a process
tree in new PID, mount, UTS and IPC namespaces (unshare), which runs tests/workloads/stat_rw
in a loop: its openat and write show the container's own directory, so each line says where
it came from. A process on the host runs the same loop, and must never show up under
--container. test_podman_* use the real podman when it is installed, and are skipped with the
reason otherwise.
"""
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import time

import pytest

from conftest import PID_PREFIX, blocks_sigint, excerpt, kill_group, wait_for

# seconds a container's calls may take to show up in a trace on a loaded machine
SEEN_TIMEOUT = 30
WRITE_TEXT = '"hello, kernel matrix\\n"'  # stat_rw's STAT_RW_TEXT, as printed
JSON_CONTAINER_KEYS = {"id", "name", "runtime", "cgroup"}


def cgroup2_root():
    with open("/proc/mounts") as f:
        for line in f:
            dev, path, fstype = line.split()[:3]
            if fstype == "cgroup2":
                return path
    pytest.skip("no cgroup v2 hierarchy mounted")


def rmdir_retry(path):
    """Removes a cgroup directory once the kernel has let go of its last process."""
    for _ in range(100):
        try:
            os.rmdir(path)
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.05)


class Container:
    """A cgroup named as a runtime names a container's, holding a loop of stat_rw in new
    namespaces. .id is the ID btftrace finds it by, .name the name it shows."""

    def __init__(self, parent, kind, workload, scratch, rounds=None, until=None):
        if kind == "id":
            self.id = secrets.token_hex(32)
            self.name = self.id[:12]
            self.runtime = None
            leaf = self.id
        else:  # systemd-nspawn's machine scope, '-' escaped as systemd escapes it
            self.id = self.name = f"bt-e2e-{secrets.token_hex(4)}"
            self.runtime = "systemd-nspawn"
            leaf = "machine-" + self.name.replace("-", "\\x2d") + ".scope"
        self.cgroup = os.path.join(parent, leaf)
        self.dir = os.path.join(scratch, self.name)
        os.makedirs(self.dir)
        os.mkdir(self.cgroup)
        loop = ("while :" if rounds is None and until is None else
                f"for i in $(seq {rounds})" if until is None else
                f"while [ ! -e {until} ]")
        # joins the cgroup first, so that the namespaces' processes are all in it
        script = (f'echo $$ > "{self.cgroup}/cgroup.procs" && exec unshare --pid --fork '
                  f'--mount-proc --uts --ipc sh -c \'{loop}; do "$0" "$1" >/dev/null; '
                  f'sleep 0.1; done\' "$0" "$1"')
        self.proc = subprocess.Popen(["sh", "-c", script, workload, self.dir],
                                     start_new_session=True, stdin=subprocess.DEVNULL)
        assert wait_for(lambda: self.populated(), 10), f"{self.cgroup} got no process"

    def populated(self):
        try:
            with open(os.path.join(self.cgroup, "cgroup.events")) as f:
                return "populated 1" in f.read()
        except OSError:
            return False

    def stop(self):
        kill_group(self.proc)
        # unshare's child and its loop are in a session of their own: the cgroup ends them
        try:
            with open(os.path.join(self.cgroup, "cgroup.kill"), "w") as f:
                f.write("1")
        except OSError:
            with open(os.path.join(self.cgroup, "cgroup.procs")) as f:
                for pid in f.read().split():
                    try:
                        os.kill(int(pid), signal.SIGKILL)
                    except ProcessLookupError:
                        pass
        wait_for(lambda: not self.populated(), 10)
        rmdir_retry(self.cgroup)


@pytest.fixture
def containers(workload, tmp_path):
    """containers(kind="id"|"machine", rounds=None, until=None) -> Container (a loop that
    makes rounds, or runs until the file until exists, or forever), stopped and removed at the
    end; a host loop of the same workload runs outside them (.host_dir)."""
    parent = os.path.join(cgroup2_root(), f"btftrace-e2e-ctr-{os.getpid()}")
    os.makedirs(parent, exist_ok=True)
    made = []
    host_dir = tmp_path / "host"
    host_dir.mkdir()
    host = subprocess.Popen(["sh", "-c", 'while :; do "$0" "$1" >/dev/null; sleep 0.1; done',
                             workload("stat_rw"), str(host_dir)], start_new_session=True,
                            stdin=subprocess.DEVNULL)

    def make(kind="id", rounds=None, until=None):
        c = Container(parent, kind, workload("stat_rw"), str(tmp_path), rounds, until)
        made.append(c)
        return c

    make.host_dir = str(host_dir)
    make.parent = parent
    yield make
    kill_group(host)
    for c in made:
        c.stop()
    rmdir_retry(parent)


def opens(text, directory):
    """How many of stat_rw's openat calls that create its file in directory text shows."""
    rx = re.escape(f'openat(AT_FDCWD, "{directory}/data", O_WRONLY|O_CREAT|O_TRUNC, 0600)')
    return len(re.findall(rx + r" *= 3$", text, re.M))


def trace_until(btftrace, spawn, tmp_path, args, done, name="trace.txt"):
    """Runs btftrace with args, -o a file, until done(text) or SEEN_TIMEOUT; then SIGINT.
    Returns (exit status, trace text, stderr)."""
    out = tmp_path / name
    bt = spawn([btftrace, "-o", out] + list(args))
    ok = wait_for(lambda: out.exists() and done(out.read_text(errors="replace")),
                  SEEN_TIMEOUT, interval=0.1)
    bt.send_signal(signal.SIGINT)
    rc = bt.wait(timeout=30)
    err = bt.stderr.read().decode(errors="replace")
    text = out.read_text(errors="replace") if out.exists() else ""
    assert ok, f"btftrace {' '.join(map(str, args))} never showed what was expected " \
        f"(exit {rc}, stderr {err!r}):\n{excerpt(text)}"
    return rc, text, err


def test_container_by_id_start_traces_it_and_nothing_else(btftrace, spawn, tmp_path,
                                                          containers):
    a, b = containers("id"), containers("machine")
    rc, text, err = trace_until(btftrace, spawn, tmp_path, ["--container", a.id[:10]],
                                lambda t: opens(t, a.dir) >= 3)
    assert rc == 0, err
    # decoded as for any other process, from each process the container runs
    assert re.search(re.escape(f"write(3, {WRITE_TEXT}, 21)") + " *= 21$", text, re.M), \
        excerpt(text, "write")
    assert "+++ exited with 0 +++" in text
    for other in (b.dir, containers.host_dir):
        assert other not in text, excerpt(text, re.escape(other))
    # one container: no name before its lines
    for line in text.splitlines():
        assert line.startswith(("[pid ", "openat", "write", "execve", "+++", "---", "<...")) \
            or re.match(r"^[a-z_0-9]+\(", line), line
    # its processes see their own PID namespace: sh's children are numbered there, and the
    # number in btftrace's namespace follows, as strace's --pidns-translation writes it
    tids = {int(m.group(1)) for m in map(PID_PREFIX.match, text.splitlines()) if m}
    translated = re.findall(r"= (\d+) /\* (\d+) in strace's PID NS \*/", text)
    assert translated, excerpt(text, "clone")
    assert all(int(ns) < int(host) and int(host) in tids for ns, host in translated), \
        translated


def test_machine_by_name_json_and_text_label_each_container(btftrace, spawn, tmp_path,
                                                           containers):
    a, b = containers("id"), containers("machine")
    args = ["--container", b.name, "--container", a.id]

    def both(t):
        return t.count(a.dir + "/data") >= 2 and t.count(b.dir + "/data") >= 2

    rc, text, err = trace_until(btftrace, spawn, tmp_path, args, both)
    assert rc == 0, err
    assert containers.host_dir not in text
    # two containers: each line says whose it is, by the name the output uses for it
    for c, other in ((a, b), (b, a)):
        lines = [l for l in text.splitlines() if c.dir + "/data" in l]
        assert lines and all(l.startswith(f"[{c.name}] ") for l in lines), lines[:3]
    rc, text, err = trace_until(btftrace, spawn, tmp_path, args + ["--format=json"], both,
                                "trace.json")
    assert rc == 0, err
    seen, events = set(), set()
    for line in text.splitlines():
        rec = json.loads(line)
        if rec["event"] == "header":
            continue
        # calls, and signals and exits too (their processes may be gone when they print)
        events.add(rec["event"])
        assert "container" in rec, line
        ctr = rec["container"]
        assert ctr is not None and set(ctr) == JSON_CONTAINER_KEYS, line
        for c in (a, b):
            if c.dir + "/data" in line:
                assert (ctr["id"], ctr["name"], ctr["runtime"], ctr["cgroup"]) == \
                    (c.id, c.name, c.runtime, c.cgroup), line
                seen.add(c.name)
    assert seen == {a.name, b.name}
    assert {"call", "exit", "signal"} <= events, events


def test_all_names_containers_and_leaves_the_host_bare(btftrace, spawn, tmp_path, containers):
    a = containers("id")

    def both(t):
        return a.dir + "/data" in t and containers.host_dir + "/data" in t

    rc, text, err = trace_until(btftrace, spawn, tmp_path, ["-a", "-e", "trace=openat"], both)
    assert rc == 0, err
    for line in text.splitlines():
        if a.dir + "/data" in line:
            assert line.startswith(f"[{a.name}] "), line
        elif containers.host_dir + "/data" in line:
            assert not line.startswith(f"[{a.name}]") and PID_PREFIX.match(line), line
    rc, text, err = trace_until(btftrace, spawn, tmp_path,
                                ["-a", "-e", "trace=openat", "--format=json"], both,
                                "all.json")
    assert rc == 0, err
    for line in text.splitlines():
        rec = json.loads(line)
        if a.dir + "/data" in line:
            assert rec["container"]["id"] == a.id, line
        elif containers.host_dir + "/data" in line:
            assert rec["container"] is None, line


def summary_groups(text):
    """{heading: {syscall: calls}} of a -c table per group."""
    groups, current, calls_col = {}, None, 3
    for line in text.splitlines():
        if line.startswith("% time"):
            # the calls come after the time columns, min and max among them when shown
            calls_col = 5 if "min usecs" in line else 3
        elif line.endswith(":") and not line.startswith(" "):
            current = groups.setdefault(line[:-1], {})
        elif current is not None:
            f = line.split()
            if len(f) > calls_col + 1 and f[-1] != "total" and f[calls_col].isdigit():
                current[f[-1]] = int(f[calls_col])
    return groups


def test_summary_by_container(btftrace, spawn, tmp_path, containers):
    a, b = containers("id"), containers("machine")
    out = tmp_path / "sum.txt"
    bt = spawn([btftrace, "-o", out, "-c", "--summary-by=container", "--container", a.id,
                "--container", b.name])
    # -c writes at the end: the containers' own tracing shows the loops went round
    assert wait_for(lambda: blocks_sigint(bt.pid), 60), "btftrace never finished its set-up"
    time.sleep(1.5)
    bt.send_signal(signal.SIGINT)
    assert bt.wait(timeout=30) == 0, bt.stderr.read()
    groups = summary_groups(out.read_text())
    assert set(groups) == {f"container {a.name}", f"container {b.name} (systemd-nspawn)"}, \
        out.read_text()
    for calls in groups.values():
        # each round of the loop: stat_rw opens its file twice, and sh forks it and sleep
        assert calls.get("openat", 0) >= 2 and calls.get("write", 0) >= 2, calls
    # -a: the host's calls are a group of their own
    bt = spawn([btftrace, "-o", out, "-c", "--summary-by=container", "-a", "--format=json"])
    assert wait_for(lambda: blocks_sigint(bt.pid), 60), "btftrace never finished its set-up"
    time.sleep(1.5)
    bt.send_signal(signal.SIGINT)
    assert bt.wait(timeout=30) == 0, bt.stderr.read()
    by = {}
    for line in out.read_text().splitlines():
        rec = json.loads(line)
        if rec["event"] != "summary":
            continue
        assert rec["by"] == "container", line
        key = rec["container"]["id"] if rec["container"] else None
        by[key] = rec
    assert None in by and a.id in by and b.id in by, list(by)
    assert by[b.id]["container"]["runtime"] == "systemd-nspawn"


def test_container_new_follows_containers_started_while_tracing(btftrace, spawn, tmp_path,
                                                                containers):
    out = tmp_path / "new.txt"
    bt = spawn([btftrace, "-o", out, "--container", "new", "-e", "trace=openat"])
    # the output opens once the cgroups are watched
    assert wait_for(out.exists, 30)
    c = containers("id")
    assert wait_for(lambda: c.dir + "/data" in out.read_text(), SEEN_TIMEOUT, 0.1), \
        excerpt(out.read_text())
    bt.send_signal(signal.SIGINT)
    assert bt.wait(timeout=30) == 0, bt.stderr.read()
    text = out.read_text()
    assert containers.host_dir not in text, excerpt(text, re.escape(containers.host_dir))
    lines = [l for l in text.splitlines() if c.dir + "/data" in l]
    assert all(l.startswith(f"[{c.name}] ") for l in lines), lines[:3]


def test_tracing_ends_when_the_container_stops(btftrace, spawn, tmp_path, containers):
    stop = tmp_path / "stop"
    c = containers("id", until=stop)
    out = tmp_path / "trace.txt"
    bt = spawn([btftrace, "-o", out, "--container", c.id, "-e", "trace=openat"])
    # the container ends once btftrace has seen it at work, however long its start took
    seen = wait_for(lambda: out.exists() and opens(out.read_text(errors="replace"), c.dir),
                    SEEN_TIMEOUT, interval=0.1)
    stop.touch()
    # no signal: btftrace ends by itself when the container's last process is gone
    rc = bt.wait(timeout=60)
    text = out.read_text(errors="replace") if out.exists() else ""
    assert seen, excerpt(text)
    assert rc == 0, bt.stderr.read().decode(errors="replace")
    assert containers.host_dir not in text


@pytest.mark.parametrize("args, message", [
    (["--container", ""], "invalid --container value ''"),
    (["--container", "x", "-p", "1"], "--container traces the container's processes"),
    (["--container", "x", "--", "true"], "--container traces the container's processes"),
    (["--container", "new", "-a"], "it excludes -a"),
    (["-c", "--summary-by=container", "--", "true"], "--summary-by=container groups"),
])
def test_bad_container_options(run_btftrace, args, message):
    res = run_btftrace(args, trace=False)
    assert res.returncode == 2, res
    assert res.stderr.count("btftrace:") == 1 and message in res.stderr, res.stderr


def test_unknown_container_names_each_way_tried(run_btftrace):
    name = f"no-such-container-{secrets.token_hex(4)}"
    res = run_btftrace(["--container", name], trace=False)
    assert res.returncode == 2, res
    err = res.stderr
    assert err.count("\n") == 1 and f"no running container '{name}'" in err, err
    # each runtime is named with what it said, or why it was not asked
    for way in ("podman:", "docker:", "nerdctl:", "cgroups:"):
        assert way in err, err


def test_stopped_container_is_refused(run_btftrace, containers):
    c = containers("id", rounds=1)
    assert wait_for(lambda: not c.populated(), 20)
    res = run_btftrace(["--container", c.id], trace=False)
    assert res.returncode == 2, res
    assert "is not running" in res.stderr, res.stderr


def test_kernel_without_the_cgroup_id_helper(btftrace, spawn, tmp_path, run_btftrace,
                                            containers):
    a = containers("id")
    env = dict(os.environ, BTFTRACE_HIDE_FEATURES="cgroup_id")
    res = run_btftrace(["--container", a.id], trace=False, env=env)
    assert res.returncode != 0 and "bpf_get_current_cgroup_id" in res.stderr, res
    # -a names the containers all the same, from /proc
    out = tmp_path / "all.txt"
    # sleep's nanosleep: a process that is still there when btftrace reads its /proc (one
    # gone by then, as stat_rw's often are, cannot be named)
    bt = spawn([btftrace, "-o", out, "-a", "-e", "trace=clock_nanosleep"], env=env)
    assert wait_for(lambda: out.exists() and f"[{a.name}] " in out.read_text(), SEEN_TIMEOUT,
                    0.1), excerpt(out.read_text() if out.exists() else "")
    bt.send_signal(signal.SIGINT)
    assert bt.wait(timeout=30) == 0


# ---------------------------------------------------------------- podman, when installed

PODMAN_IMAGE = "localhost/btftrace-e2e:busybox"


@pytest.fixture(scope="module")
def podman(tmp_path_factory):
    """podman(*args) -> CompletedProcess: rootful podman with runc, cgroupfs and no ulimits
    (crun refuses a hybrid cgroup layout, and rlimits cannot be raised on such machines),
    with an image imported from a busybox tarball, no registry involved."""
    exe, busybox = shutil.which("podman"), shutil.which("busybox")
    if not exe:
        pytest.skip("podman is not installed")
    if not busybox or "statically linked" not in subprocess.run(
            ["file", "-L", busybox], capture_output=True, text=True).stdout:
        pytest.skip("no static busybox (Debian's busybox-static) to build an image from")
    tmp = tmp_path_factory.mktemp("podman")
    conf = tmp / "containers.conf"
    conf.write_text("[containers]\ndefault_ulimits = []\n")
    env = dict(os.environ, CONTAINERS_CONF=str(conf))
    base = [exe, "--cgroup-manager=cgroupfs"] + (
        ["--runtime", shutil.which("runc")] if shutil.which("runc") else [])

    def run(*args, check=True):
        res = subprocess.run(base + list(args), capture_output=True, text=True, env=env,
                             timeout=120)
        if check and res.returncode:
            pytest.skip(f"podman {' '.join(args[:2])} fails here: {res.stderr.strip()[-300:]}")
        return res

    root = tmp / "rootfs"
    (root / "bin").mkdir(parents=True)
    shutil.copy(busybox, root / "bin" / "busybox")
    for tool in ("sh", "cat", "sleep", "seq"):
        os.symlink("busybox", root / "bin" / tool)
    tar = tmp / "rootfs.tar"
    subprocess.run(["tar", "-C", str(root), "-cf", str(tar), "."], check=True)
    run("import", str(tar), PODMAN_IMAGE)
    run.names = []
    yield run
    for name in run.names:
        run("rm", "-f", "-t", "0", name, check=False)
    run("rmi", "-f", PODMAN_IMAGE, check=False)


def start_podman(podman, tag):
    name = f"bt-e2e-{tag}-{secrets.token_hex(3)}"
    podman.names.append(name)
    res = podman("run", "-d", "--name", name, PODMAN_IMAGE, "sh", "-c",
                 f"while true; do cat /etc/{tag}-marker 2>/dev/null; sleep 0.1; done")
    return name, res.stdout.strip()


def test_podman_containers_by_name(btftrace, spawn, tmp_path, podman):
    a, a_id = start_podman(podman, "alpha")
    b, b_id = start_podman(podman, "beta")

    def both(t):
        return t.count("/etc/alpha-marker") >= 2 and t.count("/etc/beta-marker") >= 2

    rc, text, err = trace_until(btftrace, spawn, tmp_path,
                                ["--container", a, "--container", b_id[:12]], both)
    assert rc == 0, err
    for name, tag in ((a, "alpha"), (b, "beta")):
        lines = [l for l in text.splitlines() if f"/etc/{tag}-marker" in l]
        assert all(l.startswith(f"[{name}] ") for l in lines), lines[:3]
        assert any(f'openat(AT_FDCWD, "/etc/{tag}-marker", O_RDONLY' in l for l in lines)
    rc, text, err = trace_until(btftrace, spawn, tmp_path,
                                ["--container", a, "--format=json", "-e", "trace=openat"],
                                lambda t: "/etc/alpha-marker" in t, "podman.json")
    assert rc == 0, err
    recs = [json.loads(l) for l in text.splitlines()[1:]]
    assert recs and all(r["container"]["name"] == a and r["container"]["id"] == a_id and
                        r["container"]["runtime"] == "podman" and a_id in
                        r["container"]["cgroup"] for r in recs), recs[:2]
    assert not any("/etc/beta-marker" in l for l in text.splitlines())
    out = tmp_path / "podman-sum.txt"
    bt = spawn([btftrace, "-o", out, "-c", "--summary-by=container", "--container", a,
                "--container", b])
    assert wait_for(lambda: blocks_sigint(bt.pid), 60), "btftrace never finished its set-up"
    time.sleep(1.5)
    bt.send_signal(signal.SIGINT)
    assert bt.wait(timeout=30) == 0
    groups = summary_groups(out.read_text())
    assert set(groups) == {f"container {a} (podman {a_id[:12]})",
                           f"container {b} (podman {b_id[:12]})"}, out.read_text()
    assert all(g.get("openat", 0) >= 2 for g in groups.values()), groups

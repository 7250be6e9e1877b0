# SPDX-License-Identifier: GPL-2.0
"""The kernel matrix: boots Debian's kernels under qemu with the suite, runs it on the host too.

`make kernel-test` downloads the kernels (tests/kernel/fetch-kernels.sh),
builds the initramfs (tests/kernel/build-initramfs.sh) and runs these tests
with the paths below in the environment. Each kernel boots once: its
tests/kernel/suite.sh runs every case and prints the results on the serial
console, which is kept in KERNEL_OUT/<kernel>.log; the tests read the cases
from there. "host" is the same suite run on the running kernel.
"""
import concurrent.futures
import os
import re
import shutil
import subprocess
import tempfile
import time

import pytest

import qemu

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# seconds one boot, suite included, may take under software emulation before it counts as hung
BOOT_TIMEOUT = 1200


def env_path(name, default):
    return os.path.abspath(os.environ.get(name) or os.path.join(REPO, default))


BTFTRACE = env_path("BTFTRACE", ".output/btftrace")
KERNEL_DIR = env_path("KERNEL_DIR", ".output/kernels")
KERNEL_OUT = env_path("KERNEL_OUT", ".output/kernel")
INITRAMFS = env_path("INITRAMFS", ".output/kernel/initramfs.cpio")
STATIC_WORKLOADS = env_path("KERNEL_WORKLOADS", ".output/kernel/workloads")
SUITES = os.environ.get("KERNEL_SUITES", "bullseye bookworm trixie").split()
# boots at once: each takes a CPU of its own, more would only share them
JOBS = int(os.environ.get("KERNEL_JOBS", "2"))
KERNELS = ["host"] + SUITES


class Case:
    """One case of the suite: btftrace's exit status, its files and the values it noted."""

    def __init__(self, name):
        self.name = name
        self.rc = None
        self.files = {}
        self.values = {}

    def file(self, name):
        return self.files.get(name, "")


class SuiteRun:
    """What the suite printed on one kernel, by case."""

    def __init__(self, kernel, log, seconds):
        self.kernel = kernel
        self.log = log
        self.seconds = seconds
        self.cases = {}
        self.done = False
        self._parse(log)

    def _parse(self, log):
        case, lines = None, None
        for raw in log.splitlines():
            line = raw.rstrip("\r")
            if line.startswith("|") and lines is not None:
                lines.append(line[1:])
                continue
            m = re.match(r"^@@@ (\w+)(?: (\S+))?(?: (.*))?$", line)
            if not m:
                continue  # the firmware's and the kernel's own lines
            what, arg, rest = m.groups()
            if what == "case":
                case = self.cases[arg] = Case(arg)
                lines = None
            elif case is None:
                self.done |= what == "suite" and arg == "done"
            elif what == "file":
                lines = []
                case.files[arg] = lines
            elif what == "value":
                case.values[arg] = rest
            elif what == "rc":
                case.rc = int(arg)
            elif what == "end":
                case.files = {k: "\n".join(v) + ("\n" if v else "")
                              for k, v in case.files.items()}
                case, lines = None, None
            elif what == "suite":
                self.done |= arg == "done"

    def case(self, name):
        if name not in self.cases:
            pytest.fail(f"{self.kernel}: the suite printed no case '{name}'; the end of its "
                        f"log:\n{tail(self.log)}")
        return self.cases[name]


def tail(text, lines=40):
    return "\n".join(text.splitlines()[-lines:])


def kernel_version(suite):
    """The kernel release fetch-kernels.sh found for suite, e.g. 6.1.0-37-cloud-amd64."""
    with open(os.path.join(KERNEL_DIR, f"version-{suite}")) as f:
        return f.read().split()[0]


def run_on_host():
    with tempfile.TemporaryDirectory(prefix="btftrace-kernel-") as scratch:
        env = dict(os.environ, BTFTRACE=BTFTRACE, WORKLOADS=STATIC_WORKLOADS, SCRATCH=scratch)
        proc = subprocess.run(["busybox", "sh", os.path.join(REPO, "tests/kernel/suite.sh")],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=BOOT_TIMEOUT)
    return proc.stdout.decode(errors="replace")


def boot(suite):
    """Boots suite's kernel with the initramfs; the serial console's text."""
    return qemu.boot(os.path.join(KERNEL_DIR, f"vmlinuz-{suite}"), INITRAMFS, BOOT_TIMEOUT)


def run_kernel(kernel):
    start = time.monotonic()
    log = run_on_host() if kernel == "host" else boot(kernel)
    seconds = time.monotonic() - start
    os.makedirs(KERNEL_OUT, exist_ok=True)
    with open(os.path.join(KERNEL_OUT, f"{kernel}.log"), "w") as f:
        f.write(log)
    return SuiteRun(kernel, log, seconds)


@pytest.fixture(scope="session")
def suite_runs():
    """{kernel: SuiteRun}: every kernel's suite, booted JOBS at a time."""
    for tool in ("qemu-system-x86_64", "busybox"):
        if not shutil.which(tool):
            pytest.fail(f"{tool} is not installed: run 'make deps' (qemu-system-x86, "
                        "busybox-static)")
    for path in [BTFTRACE, INITRAMFS, STATIC_WORKLOADS] + \
            [os.path.join(KERNEL_DIR, f"vmlinuz-{s}") for s in SUITES]:
        if not os.path.exists(path):
            pytest.fail(f"{path} is missing: run 'make kernel-test', which builds and fetches it")
    with concurrent.futures.ThreadPoolExecutor(max_workers=JOBS) as pool:
        futures = {k: pool.submit(run_kernel, k) for k in KERNELS}
        runs = {k: f.result() for k, f in futures.items()}
    for k, r in runs.items():
        print(f"kernel matrix: {k}: suite {'done' if r.done else 'NOT done'} "
              f"in {r.seconds:.1f} s")
    return runs


@pytest.fixture(params=KERNELS)
def run(request, suite_runs):
    """The suite's run on one kernel of the matrix."""
    return suite_runs[request.param]


def pytest_collection_modifyitems(config, items):
    if os.geteuid() != 0:
        skip = pytest.mark.skip(reason="the kernel matrix runs btftrace on the host too: run "
                                "it as root (make kernel-test)")
        for item in items:
            item.add_marker(skip)

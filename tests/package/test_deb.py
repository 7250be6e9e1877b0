# SPDX-License-Identifier: GPL-2.0
"""The Debian package `make deb` builds into DEB_DIR (.output/deb): its version and contents,
lintian's verdict, and the package installed on this machine with apt-get, run (as root, and as
a user with the capabilities its man page names), and removed again.

Run by `make package-test`, as root: it installs btftrace in /usr for a few seconds.
"""
import glob
import os
import re
import shutil
import subprocess

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEB_DIR = os.environ.get("DEB_DIR") or os.path.join(REPO, ".output", "deb")
with open(os.path.join(REPO, "VERSION")) as f:
    VERSION = f.read().strip()
DEB = os.path.join(DEB_DIR, f"btftrace_{VERSION}_amd64.deb")
CHANGES = os.path.join(DEB_DIR, f"btftrace_{VERSION}_amd64.changes")

FILES = {
    "/usr/bin/btftrace",
    "/usr/share/man/man1/btftrace.1.gz",
    "/usr/share/bash-completion/completions/btftrace",
    "/usr/share/doc/btftrace/README.md.gz",
    "/usr/share/doc/btftrace/json.md.gz",
    "/usr/share/doc/btftrace/changelog.gz",
    "/usr/share/doc/btftrace/copyright",
}
# Lintian warnings the package may have, each with the reason it is kept. None now: the test
# fails on any warning not listed, and on every error.
ALLOWED_WARNINGS = {}
# how long apt-get waits for another apt or dpkg run (make deps in another session) to end
DPKG_LOCK_WAIT = 300

pytestmark = pytest.mark.skipif(os.geteuid() != 0,
                                reason="installs the package with apt-get: run as root")


def run(argv, **kw):
    kw.setdefault("timeout", DPKG_LOCK_WAIT + 60)
    return subprocess.run(argv, capture_output=True, text=True, **kw)


def apt_get(*args):
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    r = run(["apt-get", "-y", "-q", "-o", f"DPkg::Lock::Timeout={DPKG_LOCK_WAIT}"] + list(args),
            env=env)
    assert r.returncode == 0, f"apt-get {' '.join(args)} failed:\n{r.stdout}\n{r.stderr}"


def installed_version():
    r = run(["dpkg-query", "-W", "-f", "${Status} ${Version}", "btftrace"])
    m = re.fullmatch(r"install ok installed (\S+)", r.stdout.strip())
    return m.group(1) if r.returncode == 0 and m else None


@pytest.fixture(scope="module")
def deb():
    if not os.path.exists(DEB):
        pytest.fail(f"{DEB} is missing: build it with 'make deb'")
    return DEB


def test_changelog_version_is_the_trees(deb):
    r = run(["dpkg-parsechangelog", "-l", os.path.join(REPO, "debian", "changelog"), "-S",
             "Version"])
    assert r.stdout.strip() == VERSION, \
        f"debian/changelog says {r.stdout.strip()}, VERSION says {VERSION}: add a changelog entry"
    assert run(["dpkg-deb", "-f", deb, "Version"]).stdout.strip() == VERSION


def test_package_holds_the_binary_man_page_completion_and_docs(deb):
    listing = run(["dpkg-deb", "-c", deb]).stdout.splitlines()
    files = {line.split()[-1].lstrip(".") for line in listing if line.startswith("-")}
    assert files == FILES
    depends = run(["dpkg-deb", "-f", deb, "Depends"]).stdout
    assert "libbpf1" in depends, depends


def test_lintian_finds_no_error_and_no_unexplained_warning(deb):
    r = run(["lintian", CHANGES])
    tags = re.findall(r"^([EW]): \S+: (\S+)", r.stdout, re.M)
    errors = [t for level, t in tags if level == "E"]
    warnings = [t for level, t in tags if level == "W" and t not in ALLOWED_WARNINGS]
    assert not errors and not warnings, r.stdout


@pytest.fixture(scope="module")
def installed(deb):
    if installed_version():
        pytest.fail(f"a btftrace package ({installed_version()}) is installed already: this "
                    "test installs its own and removes it; remove that one first "
                    "(apt-get remove btftrace)")
    apt_get("install", "--no-install-recommends", os.path.abspath(deb))
    try:
        yield
    finally:
        apt_get("remove", "--purge", "btftrace")
    # a failure here shows as an error of the module's last test
    assert installed_version() is None
    left = sorted(f for f in FILES if os.path.exists(f))
    assert not left, f"removing the package left {left}"
    assert not os.path.exists("/usr/share/doc/btftrace")


def test_installed_package_traces(installed):
    assert installed_version() == VERSION
    assert shutil.which("btftrace") == "/usr/bin/btftrace"
    r = run(["btftrace", "--version"])
    assert r.stdout.strip() == f"btftrace {VERSION}", r.stdout + r.stderr
    r = run(["btftrace", "-f", "--", "sh", "-c", "cat /etc/hostname"], timeout=30)
    assert r.returncode == 0, r.stderr
    assert re.search(r'openat\(AT_FDCWD, "/etc/hostname", O_RDONLY\) += 3$', r.stderr, re.M), \
        r.stderr[-2000:]


@pytest.mark.skipif(not shutil.which("setpriv"), reason="setpriv (util-linux) is not installed")
def test_installed_package_traces_as_a_user_with_the_capabilities(installed):
    caps = "-all,+bpf,+perfmon,+dac_read_search"
    r = run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
             f"--inh-caps={caps}", f"--ambient-caps={caps}", "btftrace", "--", "cat",
             "/etc/hostname"], timeout=30)
    assert r.returncode == 0, r.stderr
    assert re.search(r'openat\(AT_FDCWD, "/etc/hostname", O_RDONLY\) += 3$', r.stderr, re.M), \
        r.stderr[-2000:]


def test_installed_man_page_and_completion(installed):
    r = run(["man", "btftrace"], env=dict(os.environ, MANPAGER="cat", PAGER="cat"))
    assert r.returncode == 0 and "CAPABILITIES" in r.stdout, r.stderr
    # bash-completion loads it by the command's name, from where the package put it
    loader = "/usr/share/bash-completion/bash_completion"
    if not os.path.exists(loader):
        pytest.skip("bash-completion is not installed")
    shell = (f". {loader}\n"
             "__load_completion btftrace && complete -p btftrace\n"
             "COMP_WORDS=(btftrace -e openat,clo); COMP_CWORD=2\n"
             "_btftrace; printf '%s\\n' \"${COMPREPLY[@]}\"\n")
    r = run(["bash", "--norc", "--noprofile", "-c", shell])
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "complete -F _btftrace btftrace", r.stdout
    assert "openat,close" in lines[1:], r.stdout


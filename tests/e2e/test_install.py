# SPDX-License-Identifier: GPL-2.0
"""`make install` and `make uninstall`: the binary, the man page and the bash completion, under
PREFIX (default /usr/local) in DESTDIR, and all three gone again after uninstall."""
import filecmp
import os
import stat
import subprocess

import pytest

from conftest import REPO

INSTALLED = {
    "bin/btftrace": (0o755, os.path.join(".output", "btftrace")),
    "share/man/man1/btftrace.1": (0o644, os.path.join("docs", "btftrace.1")),
    "share/bash-completion/completions/btftrace": (0o644,
                                                   os.path.join("bash-completion", "btftrace")),
}


def make(*args):
    # the run's own make variables (SANITIZE=1 under asan-test) are not the user's: make passes
    # a command line's variables on in the environment as well as in MAKEFLAGS
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "SANITIZE")}
    r = subprocess.run(["make", "-s", "-C", REPO] + list(args), capture_output=True, text=True,
                       timeout=300, env=env)
    assert r.returncode == 0, f"make {' '.join(args)} failed:\n{r.stdout}\n{r.stderr}"
    return r


@pytest.mark.parametrize("prefix", [None, "/usr"])
def test_install_then_uninstall(tmp_path, prefix):
    dest = tmp_path / "root"
    args = [f"DESTDIR={dest}"] + ([f"PREFIX={prefix}"] if prefix else [])
    make("install", *args)
    root = dest / (prefix or "/usr/local").lstrip("/")
    found = sorted(str(p.relative_to(dest)) for p in dest.rglob("*") if p.is_file())
    assert found == sorted(str(root.relative_to(dest) / f) for f in INSTALLED)
    for rel, (mode, source) in INSTALLED.items():
        path = root / rel
        assert stat.S_IMODE(path.stat().st_mode) == mode, f"{rel}: mode {path.stat().st_mode:o}"
        assert filecmp.cmp(path, os.path.join(REPO, source), shallow=False), rel

    # what was installed works: the binary traces, man finds the page
    r = subprocess.run([str(root / "bin/btftrace"), "--", "true"], capture_output=True,
                       text=True, timeout=30)
    assert r.returncode == 0 and "+++ exited with 0 +++" in r.stderr, r.stderr[-2000:]
    r = subprocess.run(["man", "-M", str(root / "share/man"), "btftrace"], capture_output=True,
                       text=True, timeout=30, env=dict(os.environ, MANPAGER="cat", PAGER="cat"))
    assert r.returncode == 0 and "CAPABILITIES" in r.stdout, r.stderr

    make("uninstall", *args)
    left = [str(p.relative_to(dest)) for p in dest.rglob("*") if p.is_file()]
    assert not left, f"make uninstall left {left}"

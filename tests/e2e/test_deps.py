# SPDX-License-Identifier: GPL-2.0
"""make deps (tools/install-deps.sh): it waits while another apt-get holds its lock."""
import os
import subprocess

from conftest import REPO

FAKE_APT = """#!/bin/sh
# a stand-in for apt-get: the lock is another's for the first calls, then free
n=$(cat "$STATE" 2>/dev/null || echo 0)
echo "$n $*" >> "$STATE.log"
echo $((n + 1)) > "$STATE"
if [ "$n" -lt 2 ]; then
	echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4321 (apt-get)" >&2
	exit 100
fi
exit 0
"""


def run_deps(tmp_path, fake):
    bindir = tmp_path / "bin"
    bindir.mkdir()
    apt = bindir / "apt-get"
    apt.write_text(fake)
    apt.chmod(0o755)
    env = dict(os.environ, PATH=f"{bindir}:{os.environ['PATH']}",
               STATE=str(tmp_path / "state"), INSTALL_DEPS_LOCK_WAIT="60")
    return subprocess.run(["sh", os.path.join(REPO, "tools", "install-deps.sh")], env=env,
                          capture_output=True, text=True, timeout=60)


def test_deps_wait_for_the_apt_lock(tmp_path):
    result = run_deps(tmp_path, FAKE_APT)
    assert result.returncode == 0, result.stderr
    calls = (tmp_path / "state.log").read_text().splitlines()
    # update refused twice for the lock, then update and install
    assert len(calls) == 4 and all(" update " in c for c in calls[:3]), calls
    assert " install " in calls[3] and "gcc-multilib" in calls[3], calls
    assert all("DPkg::Lock::Timeout=60" in c for c in calls), calls
    assert "waiting for its lock" in result.stderr


def test_deps_other_failures_fail_at_once(tmp_path):
    result = run_deps(tmp_path, "#!/bin/sh\necho 'E: Unable to locate package x' >&2\nexit 100\n")
    assert result.returncode != 0 and "Unable to locate package" in result.stderr
    assert "waiting" not in result.stderr

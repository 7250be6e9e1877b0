#!/bin/sh
# Installs with apt-get (Debian 12) everything btftrace's build, run, tests and benchmarks need:
# qemu, busybox-static and cpio for the kernel matrix (make kernel-test).
set -e
if [ "$(id -u)" != 0 ]; then
	echo "install-deps: run as root (apt-get needs it)" >&2
	exit 2
fi
export DEBIAN_FRONTEND=noninteractive
# Seconds to wait for another apt-get or dpkg (unattended upgrades, another
# session) to release its lock, rather than fail at once.
LOCK_WAIT=${INSTALL_DEPS_LOCK_WAIT:-900}
err=$(mktemp)
trap 'rm -f "$err"' EXIT

# apt-get with its arguments, again while the failure is another's lock: apt
# waits for the dpkg lock itself (DPkg::Lock::Timeout), not for every lock.
apt() {
	start=$(date +%s)
	while :; do
		if apt-get -o DPkg::Lock::Timeout="$LOCK_WAIT" "$@" 2>"$err"; then
			cat "$err" >&2
			return 0
		fi
		if grep -q "Could not get lock\|Unable to acquire\|Unable to lock" "$err" &&
			[ $(($(date +%s) - start)) -lt "$LOCK_WAIT" ]; then
			echo "install-deps: apt is busy in another process, waiting for its lock" >&2
			sleep 2
			continue
		fi
		cat "$err" >&2
		return 1
	done
}

apt update -qq
apt install -y -qq --no-install-recommends \
	make gcc gcc-multilib clang llvm libbpf-dev bpftool libelf-dev libdw-dev zlib1g-dev pkg-config \
	linux-libc-dev libcmocka-dev libclang-rt-14-dev liburing-dev python3 python3-pytest strace \
	linux-perf \
	groff-base man-db util-linux libcap2-bin bash-completion \
	debhelper dpkg-dev lintian qemu-system-x86 busybox-static cpio >/dev/null
echo "install-deps: done"

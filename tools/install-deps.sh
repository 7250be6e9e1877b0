#!/bin/sh
# Installs with apt-get (Debian 12) everything btftrace's build, run, tests and benchmarks need:
# qemu, busybox-static and cpio for the kernel matrix (make kernel-test).
set -e
if [ "$(id -u)" != 0 ]; then
	echo "install-deps: run as root (apt-get needs it)" >&2
	exit 2
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends \
	make gcc clang llvm libbpf-dev bpftool libelf-dev libdw-dev zlib1g-dev pkg-config linux-libc-dev \
	libcmocka-dev libclang-rt-14-dev python3 python3-pytest strace linux-perf \
	groff-base man-db util-linux libcap2-bin bash-completion \
	debhelper dpkg-dev lintian qemu-system-x86 busybox-static cpio >/dev/null
echo "install-deps: done"

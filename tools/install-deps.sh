#!/bin/sh
# Installs with apt-get (Debian 12) everything btftrace's build, run, tests and benchmarks need.
set -e
if [ "$(id -u)" != 0 ]; then
	echo "install-deps: run as root (apt-get needs it)" >&2
	exit 2
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends \
	make gcc gcc-multilib clang llvm libbpf-dev bpftool libelf-dev zlib1g-dev pkg-config linux-libc-dev \
	libcmocka-dev libclang-rt-14-dev python3 python3-pytest strace linux-perf \
	groff-base man-db >/dev/null
echo "install-deps: done"

#!/bin/sh
# Builds the kernel matrix's initramfs: busybox, btftrace and its libraries, workloads, the suite.
#
# Usage: [SUITE=SCRIPT] [TOOLS="PROGRAM..."] build-initramfs.sh OUTPUT.cpio BTFTRACE WORKLOAD...
#
# The workloads must be linked statically; btftrace takes its shared
# libraries along (as ldd lists them). The archive is an uncompressed newc
# cpio, which every kernel unpacks without a decompressor. SUITE is the
# script /init runs (default: this directory's suite.sh; bench/kernel.sh for
# make bench-kernel); TOOLS are more programs of the host's, put in /bin with
# their libraries as btftrace is (strace, perf for the bench).
set -eu

if [ $# -lt 2 ]; then
	echo "usage: build-initramfs.sh OUTPUT.cpio BTFTRACE WORKLOAD..." >&2
	exit 2
fi
out=$1
btftrace=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
busybox=$(command -v busybox || true)
if [ -z "$busybox" ] || ldd "$busybox" >/dev/null 2>&1; then
	echo "build-initramfs: a static busybox is needed: apt-get install busybox-static" >&2
	exit 2
fi
root=$out.root
rm -rf "$root"
mkdir -p "$root/bin" "$root/workloads" "$root/proc" "$root/sys" "$root/dev" "$root/tmp"
# the file the i386 workload reads
mkdir -p "$root/etc"
echo matrix >"$root/etc/hostname"
cp "$busybox" "$root/bin/busybox"
suite=${SUITE:-$here/suite.sh}
# a program and its libraries and dynamic loader, at the paths the binary names them by
add_program() {
	cp "$1" "$root/bin/$(basename "$1")"
	for lib in $(ldd "$1" | grep -o '/[^ ]*'); do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
}
add_program "$btftrace"
for tool in ${TOOLS:-}; do
	path=$(command -v "$tool" || true)
	if [ -z "$path" ]; then
		echo "build-initramfs: $tool is not installed: left out" >&2
		continue
	fi
	add_program "$path"
done
for workload in "$@"; do
	if ldd "$workload" >/dev/null 2>&1; then
		echo "build-initramfs: $workload is not linked statically" >&2
		exit 2
	fi
	cp "$workload" "$root/workloads/"
done
cp "$here/init" "$root/init"
cp "$suite" "$root/suite.sh"
chmod 755 "$root/init"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) >"$out.tmp"
mv "$out.tmp" "$out"
rm -rf "$root"

#!/bin/sh
# Downloads Debian's cloud kernels for the kernel matrix, with apt-get and an apt state of its own.
#
# Usage: fetch-kernels.sh OUTDIR SUITE...
#
# For each suite, the newest linux-image-*-cloud-amd64 that suite's
# linux-image-cloud-amd64 depends on is downloaded with `apt-get download`
# into OUTDIR/debs/, and its vmlinuz extracted to OUTDIR/vmlinuz-<suite>.
# The sources list, package lists and cache live under OUTDIR/apt/: the
# system's sources, lists, cache and package state are neither used nor
# changed (its apt.conf settings, a proxy say, still apply).
# A suite whose vmlinuz is already there is not looked at again, so a second
# run downloads nothing (remove OUTDIR to fetch the suites' newest kernels);
# the package and the lists are removed once the vmlinuz is out. The mirror
# is the one the system's sources use (MIRROR overrides it, e.g.
# MIRROR=http://deb.debian.org/debian).
set -eu

if [ $# -lt 2 ]; then
	echo "usage: fetch-kernels.sh OUTDIR SUITE..." >&2
	exit 2
fi
out=$1
shift
mkdir -p "$out/debs"
out=$(cd "$out" && pwd)

# the system's Debian mirror: the first http(s) URI of a "debian" archive in its sources
system_mirror() {
	cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources \
		2>/dev/null | grep -v '^[[:space:]]*#' |
		grep -oE 'https?://[^ ]+/debian/?( |$)' | grep -v security | head -n 1 |
		sed 's,/*[[:space:]]*$,,'
}
mirror=${MIRROR:-$(system_mirror)}
mirror=${mirror:-http://deb.debian.org/debian}
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

for suite in "$@"; do
	if [ -s "$out/vmlinuz-$suite" ]; then
		echo "fetch-kernels: $suite: cached ($(cat "$out/version-$suite"))"
		continue
	fi
	if ! wget -q -O /dev/null --timeout=30 "$mirror/dists/$suite/InRelease" 2>/dev/null &&
	   ! curl -fsS -o /dev/null --max-time 30 "$mirror/dists/$suite/InRelease" 2>/dev/null; then
		echo "fetch-kernels: $mirror does not answer for $suite" \
			"(no $mirror/dists/$suite/InRelease): set MIRROR to a Debian mirror" >&2
		exit 1
	fi
	state=$out/apt/$suite
	mkdir -p "$state/lists/partial" "$state/cache/archives/partial" "$state/etc/preferences.d"
	: >"$state/status"
	echo "deb [signed-by=$keyring] $mirror $suite main" >"$state/etc/sources.list"
	# every path apt would take from the system's configuration, pointed inside $state
	set -- -o Dir::Etc::SourceList="$state/etc/sources.list" \
		-o Dir::Etc::SourceParts=/nonexistent -o Dir::Etc::Preferences=/nonexistent \
		-o Dir::Etc::PreferencesParts="$state/etc/preferences.d" \
		-o Dir::State="$state" -o Dir::State::Lists="$state/lists" \
		-o Dir::State::status="$state/status" -o Dir::Cache="$state/cache" \
		-o APT::Architecture=amd64 -o APT::Architectures=amd64 \
		-o Acquire::Languages=none -o Debug::NoLocking=1 -o APT::Sandbox::User=root
	apt-get "$@" -qq update
	# the versioned image the meta-package names, e.g. linux-image-6.1.0-37-cloud-amd64
	image=$(apt-cache "$@" depends linux-image-cloud-amd64 |
		sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-cloud-amd64\).*/\1/p' | head -n 1)
	if [ -z "$image" ]; then
		echo "fetch-kernels: $suite has no linux-image-cloud-amd64 on $mirror" >&2
		exit 1
	fi
	(cd "$out/debs" && apt-get "$@" -qq download "$image")
	deb=$(ls -t "$out/debs/${image}_"*.deb | head -n 1)
	tmp=$out/extract-$suite
	rm -rf "$tmp"
	mkdir -p "$tmp"
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp" --wildcards './boot/vmlinuz-*'
	version=$(basename "$tmp"/boot/vmlinuz-* | sed 's/^vmlinuz-//')
	mv "$tmp"/boot/vmlinuz-* "$out/vmlinuz-$suite.tmp"
	rm -rf "$tmp" "$deb" "$state"
	echo "$version ($(basename "$deb"))" >"$out/version-$suite"
	mv "$out/vmlinuz-$suite.tmp" "$out/vmlinuz-$suite"
	echo "fetch-kernels: $suite: $(cat "$out/version-$suite")"
done
rmdir "$out/debs" "$out/apt" 2>/dev/null || true

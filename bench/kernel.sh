#!/bin/sh
# make bench-kernel's guest side: the bench workload under each tracer, interleaved, in one boot.
#
# Usage: BTFTRACE=BIN WORKLOADS=DIR SCRATCH=DIR [BENCH_RUNS=N] [BENCH_ITERATIONS=N]
#        [BENCH_KFUNCS=F,F] [BENCH_ONLY=CONFIG,...] kernel.sh
#
# Installed as /suite.sh of an initramfs built by tests/kernel/build-initramfs.sh (SUITE=this
# file), which tests/kernel/init runs in a matrix kernel booted by bench/run.py --kernel; the
# BENCH_* values come from the kernel's command line. WORKLOADS holds bench/workload.c and
# bench/rusage-run.c, both static. The script judges nothing: it prints one line per run, and
# run.py makes the table.
#   @@@ bench kernel RELEASE
#   @@@ bench skipped CONFIG REASON          a tool missing or failing its trial run
#   @@@ bench run CONFIG ITERATIONS status=N maxrss_kb=N utime_us=N stime_us=N wall_ns=N
#   @@@ bench stderr CONFIG LINE              a line of a tracer's stderr (losses, errors)
#   @@@ bench done
# Each round runs every config twice: with ITERATIONS, and with 1 iteration (6 calls) to
# measure the config's start-up and exit, which under emulation are seconds. The rounds start
# one config later each time, so that drift hits every config alike.
set -u

bt=${BTFTRACE:?}
w=${WORKLOADS:?}
t=${SCRATCH:?}
runs=${BENCH_RUNS:-3}
iterations=${BENCH_ITERATIONS:-20000}
kfuncs=${BENCH_KFUNCS:-vfs_read,do_sys_openat2}
only=${BENCH_ONLY:-}
out=$t/trace

echo "@@@ bench kernel $(uname -r)"

# the command line of a config, in "$@", before the workload
config_argv() {
	case $1 in
	untraced) set -- ;;
	btftrace-full) set -- "$bt" -o "$out" -- ;;
	btftrace-kfunc) set -- "$bt" --kfunc "$kfuncs" -o "$out" -- ;;
	btftrace-c) set -- "$bt" -c -o "$out" -- ;;
	btftrace-c-kfunc) set -- "$bt" -c --kfunc "$kfuncs" -o "$out" -- ;;
	strace-full) set -- strace -f -o "$out" ;;
	strace-c) set -- strace -c -f -o "$out" ;;
	perf-full) set -- perf trace -o "$out" -- ;;
	esac
	argv="$*"
}

# run CONFIG ITERATIONS: one timed run, by rusage-run's clock
run() {
	config_argv "$1"
	# shellcheck disable=SC2086 # the words of argv; none has a space
	"$w/rusage-run" "$t/result" $argv "$w/workload" "$2" >/dev/null 2>"$t/err"
	echo "@@@ bench run $1 $2 $(cat "$t/result" 2>/dev/null)"
	grep -v '^$' "$t/err" | head -n 5 | while read -r line; do
		echo "@@@ bench stderr $1 $line"
	done
	rm -f "$out" "$t/result" "$t/err"
}

configs=
for c in untraced btftrace-full btftrace-kfunc btftrace-c btftrace-c-kfunc strace-full strace-c \
	perf-full; do
	if [ -n "$only" ] && [ "$c" != untraced ] && ! echo ",$only," | grep -q ",$c,"; then
		continue
	fi
	tool=${c%%-*}
	if [ "$tool" != untraced ]; then
		# the tracer's trial run: a missing tool or a kernel that refuses it skips the config
		config_argv "$c"
		# shellcheck disable=SC2086
		if ! $argv /bin/true >"$t/err" 2>&1; then
			echo "@@@ bench skipped $c $(grep -v '^$' "$t/err" | tail -n 1)"
			rm -f "$out" "$t/err"
			continue
		fi
		rm -f "$out" "$t/err"
	fi
	configs="$configs $c"
done
set -- $configs
count=$#

# warm-up: the page cache, and the workload's first exec
"$w/workload" "$iterations"
round=0
while [ "$round" -lt "$runs" ]; do
	i=0
	while [ "$i" -lt "$count" ]; do
		k=$(((i + round) % count + 1))
		eval "c=\${$k}"
		run "$c" "$iterations"
		run "$c" 1
		i=$((i + 1))
	done
	round=$((round + 1))
done
echo "@@@ bench done"

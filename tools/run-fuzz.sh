#!/bin/sh
# Runs one libFuzzer target for a bounded time: its committed seeds first, then new inputs.
# Prints one summary line with the executions; exits non-zero on a crash, leak, UB or hang.
# usage: run-fuzz.sh BINARY SEED_DIR WORK_DIR SECONDS MAX_LEN [LIBFUZZER_FLAG...]
set -u
bin=$1 seeds=$2 work=$3 seconds=$4 max_len=$5
shift 5
name=$(basename "$bin")
# new inputs go to a corpus under .output, never into the committed seeds
corpus=$work/corpus/$name
log=$work/$name.log
mkdir -p "$corpus" "$work/crashes" "$seeds"

# -timeout: one input taking 10 s is a hang; -max_total_time=0 would mean "for ever", so 0
# seconds replays the seeds and stops (-runs=0)
if [ "$seconds" -gt 0 ]; then
	budget="-max_total_time=$seconds"
else
	budget="-runs=0"
fi
start=$(date +%s)
"$bin" $budget -timeout=10 -max_len="$max_len" -print_final_stats=1 "$@" \
	-artifact_prefix="$work/crashes/$name-" "$corpus" "$seeds" >"$log" 2>&1
rc=$?
end=$(date +%s)
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
echo "fuzz: $name: ${execs:-?} executions in $((end - start)) s," \
	"corpus $(ls "$corpus" | wc -l) new + $(ls "$seeds" | wc -l) seeds, exit $rc"
# A timeout on a machine busy with other work is not a hang: the input is run again alone,
# and only one that takes as long again fails (a crash or leak always fails).
if [ "$rc" -ne 0 ] && grep -q "ERROR: libFuzzer: timeout" "$log"; then
	for slow in "$work/crashes/$name-timeout-"*; do
		[ -f "$slow" ] || continue
		if "$bin" -timeout=10 "$slow" >"$log.replay" 2>&1; then
			echo "fuzz: $name: $(basename "$slow") ran past the time limit under load," \
				"and within it alone: not a hang" >&2
			rm -f "$slow"
		else
			rc=1
			break
		fi
		rc=0
	done
fi
if [ "$rc" -ne 0 ]; then
	echo "fuzz: $name failed; the end of $log:" >&2
	tail -n 60 "$log" >&2
	echo "fuzz: replay with: $bin $work/crashes/$name-*" >&2
	exit 1
fi

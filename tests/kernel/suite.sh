#!/bin/sh
# The kernel matrix's suite: real btftrace runs whose results tests/kernel/test_kernels.py checks.
#
# Usage: BTFTRACE=BIN WORKLOADS=DIR SCRATCH=DIR suite.sh
#
# Runs in the initramfs of each kernel booted under qemu (tests/kernel/init
# starts it, busybox provides the shell and the tools) and, the same way,
# on the host kernel. It asserts nothing itself: each case prints, between
# marker lines, btftrace's exit status, standard error, trace and the
# workload's output, and the host's pytest judges them. Markers:
#   @@@ case NAME           a case starts
#   @@@ file NAME           a file of it follows, each line prefixed with "|"
#   @@@ value NAME VALUE    a number the case found (a pid)
#   @@@ rc N                btftrace's exit status
#   @@@ end                 the case ends
#   @@@ suite done          every case ran
set -u

bt=${BTFTRACE:?}
w=${WORKLOADS:?}
t=${SCRATCH:?}
# seconds one run may take; a software-emulated CPU is slow, and 5.10 verifies slowly
limit=${CASE_TIMEOUT:-180}

show() {
	echo "@@@ file $1"
	[ -f "$2" ] && awk '{ print "|" $0 }' "$2"
}

# run NAME [btftrace options and command...]: one case, its trace in a file of its own
run() {
	name=$1
	shift
	echo "@@@ case $name"
	mkdir -p "$t/$name"
	timeout "$limit" "$bt" -o "$t/$name.trace" "$@" >"$t/$name.out" 2>"$t/$name.err"
	rc=$?
	echo "@@@ rc $rc"
	show trace "$t/$name.trace"
	show stdout "$t/$name.out"
	show stderr "$t/$name.err"
	echo "@@@ end"
}

echo "@@@ case info"
echo "@@@ value kernel $(uname -r)"
"$bt" --version >"$t/version.out" 2>&1
echo "@@@ rc $?"
show stdout "$t/version.out"
echo "@@@ end"

# -d: which features were probed, which mechanism chosen (libbpf's lines only on failure)
for what in plain filter summary; do
	case $what in
	plain) set -- ;;
	filter) set -- --filter 'pid > 0' ;;
	summary) set -- -c --hist ;;
	esac
	echo "@@@ case debug-$what"
	timeout "$limit" "$bt" -d -o "$t/debug.trace" "$@" -- "$w/stat_rw" "$t" \
		>/dev/null 2>"$t/debug.err"
	rc=$?
	echo "@@@ rc $rc"
	grep '^btftrace:' "$t/debug.err" >"$t/debug.btftrace"
	show stderr "$t/debug.btftrace"
	if [ "$rc" != 0 ]; then
		tail -n 60 "$t/debug.err" >"$t/debug.tail"
		show libbpf "$t/debug.tail"
	fi
	echo "@@@ end"
done

run trace -- "$w/stat_rw" "$t/trace"
run json --format=json -- "$w/stat_rw" "$t/json"
run follow -f -- "$w/proc_life" fork 2
run summary -c --hist -U time-percent,total-time,avg-time,min-time,max-time,calls,errors,name \
	-- "$w/counted" 200 2
run summary-follow -c -f --summary-by=process -- "$w/proc_life" fork 2
# -O: the overhead taken off each call's time in the kernel, none below 0
run summary-overhead -c -O 1s -U total-time,min-time,max-time,calls,name -- "$w/counted" 200 2
# -yy: sockets gone before their lines print, their endpoints kept in the kernel at the calls
run yy-closed -yy -- "$w/short_sock"
# -P: decided in the kernel by name and by the fds (poll's and select's too) that refer to it
mkdir -p "$t/path"
run trace-path -f -P "$t/path/p.txt" -- "$w/trace_path" "$t/path"
run filter --filter 'fd == 10 && count > 100' -- "$w/filtered" 100
# decided at each call's exit: the enter half waits in the thread's slot
run filter-failed -Z -- "$w/filtered" 100
run signals -- "$w/proc_life" signals
run killed -- "$w/proc_life" segv
# --flight-recorder: calls kept in a map, written out at a crash and when --trigger holds; the
# exit program's stack with the recorder's and the trigger's parts, as old verifiers count it
run recorder --flight-recorder 20 -- "$w/last_calls" 1000 segv
run recorder-trigger --last 3 --trigger 'syscall == lseek && offset == 500' \
	-- "$w/last_calls" 1000 ok
# -c --slowest: a FIFO's open that waits for its writer kept with its path, by a second
# sys_exit program
run slowest -c --slowest 2 -- "$w/slow_fifo" "$t/slowest" 5 300
# -k: the stack record's copy of the user stack, unwound with DWARF; and the kernel's frames
run stack -k -e trace=openat -- "$w/stack_calls" /nonexistent/stack
run stack-kernel -d -k --kernel-stack -e trace=openat -- "$w/stack_calls" /nonexistent/stack
# an injected call's records and stack are made at its sys_exit, with the exit's kernel skip
run stack-inject -d -k --kernel-stack -e trace=openat -e inject=openat:error=EACCES \
	-- "$w/stack_calls" /nonexistent/stack
# -e inject=: seccomp user notification, and the collector's marks (an answered call's enter
# record made at its exit, a signal sent at sys_enter), verified with inject_active set
run inject -f -e trace=getppid,chdir,umask -e inject=chdir:error=EACCES:when=2 \
	-e inject=umask:signal=USR1:when=1 -e inject=getppid:retval=7:when=3 \
	-- "$w/inject_calls" seq 3
# -e io_uring=: a file read through liburing; -d says which tracepoints were found, how
# operations are paired and whether their SQEs can be read on this kernel
printf 'vm\n' >"$t/uring.txt"
run io_uring -d -e trace=io_uring_enter -e io_uring=all -- "$w/uring_read" "$t/uring.txt" \
	"$t/uring.out"
run io_uring-summary -c -e trace=none -e io_uring=all -- "$w/uring_read" "$t/uring.txt" - 3
# -e SUBSYS:EVENT with fetch expressions: on the BTF prototype's arguments (a raw tracepoint
# running the fetch loop, verified by this kernel), by position (argN, on every kernel) and by
# name (where BTF has the names), on a format's field, and a wrong member
run event-fetch -f -e trace=none \
	-e 'sched:sched_process_fork(arg0->comm, arg1->pid, arg1->real_parent->pid)' \
	-- "$w/proc_life" fork 2
run event-fetch-named -f -e trace=none \
	-e 'sched:sched_process_fork(parent->comm, child->pid, child->real_parent->pid)' \
	-- "$w/proc_life" fork 2
mkdir -p "$t/event"
run event-string -e trace=none -e 'syscalls:sys_enter_openat(filename:string, flags)' \
	-- "$w/stat_rw" "$t/event"
run event-bad-member -e 'sched:sched_process_fork(arg1->comx)' -- "$w/stat_rw" "$t/event"
# --filter on an event's field, in the kernel: stat_rw opens its file to write, then to read
run event-filter -e trace=none --filter 'flags == 0' \
	-e 'syscalls:sys_enter_openat(filename:string, flags)' -- "$w/stat_rw" "$t/event"
# --kfunc: kernel functions under the syscalls they are made in, through fentry and fexit
# (the host may refuse them: its case then ends in the one-line refusal)
run kfunc -e trace=openat,read --kfunc vfs_read,do_sys_openat2 -- "$w/stat_rw" "$t"
run kfunc-json --format=json --kfunc vfs_read,do_sys_openat2 -- "$w/stat_rw" "$t"
run kfunc-summary -c --kfunc vfs_read,do_sys_openat2 -- "$w/stat_rw" "$t"
# the kprobe fallback, as a kernel that refuses fentry gets it (the host may have no kprobes)
export BTFTRACE_HIDE_FEATURES=fentry
run kfunc-kprobe -d -e trace=openat,read --kfunc vfs_read,do_sys_openat2 -- "$w/stat_rw" "$t"
unset BTFTRACE_HIDE_FEATURES
# --kfunc with fetch expressions over the function's arguments, run by the events' fetch loop
fetch='vfs_read(file->f_path.dentry->d_name.name:string, count, file->f_flags)'
run kfunc-fetch -e trace=read --kfunc "$fetch" -- "$w/stat_rw" "$t"
run kfunc-fetch-json --format=json -e trace=read --kfunc "$fetch" -- "$w/stat_rw" "$t"
export BTFTRACE_HIDE_FEATURES=fentry
run kfunc-fetch-kprobe -d -e trace=read --kfunc "$fetch,do_sys_openat2" -- "$w/stat_rw" "$t"
unset BTFTRACE_HIDE_FEATURES
run kfunc-fetch-bad-member --kfunc 'vfs_read(file->f_path.dentry->d_name.nam:string)' \
	-- "$w/stat_rw" "$t"
# a function no fentry program attaches to (__schedule is notrace) beside one they do: named,
# not blamed on the kernel
run kfunc-untraceable --kfunc vfs_read,__schedule -- "$w/stat_rw" "$t"
# a function called inside another: under it, though it returns first
run kfunc-nested -e trace=openat --kfunc do_sys_openat2,do_filp_open -- "$w/stat_rw" "$t"

# i386 calls: int $0x80 in a 64-bit program, and a 32-bit program. A kernel can have its IA32
# emulation off (the host's may): the probe's status says whether the two can run at all.
echo "@@@ case i386-probe"
"$w/int80" >/dev/null 2>&1
echo "@@@ value status $?"
echo "@@@ rc 0"
echo "@@@ end"
run int80 -- "$w/int80"
run int80-json --format=json -- "$w/int80"
run i386 -- "$w/i386_calls"

# -p: attach to a running process, detach on SIGINT once its calls were seen
echo "@@@ case attach"
"$w/ticker" &
ticker=$!
echo "@@@ value ticker $ticker"
echo "@@@ value parent $$"
"$bt" -o "$t/attach.trace" -p "$ticker" 2>"$t/attach.err" &
tracer=$!
seen=0
i=0
while [ "$i" -lt $((limit * 10)) ]; do
	calls=$(grep -c '^getppid()' "$t/attach.trace" 2>/dev/null)
	if [ "${calls:-0}" -ge 3 ]; then
		seen=1
		break
	fi
	kill -0 "$tracer" 2>/dev/null || break
	sleep 0.1
	i=$((i + 1))
done
echo "@@@ value seen $seen"
kill -INT "$tracer" 2>/dev/null
wait "$tracer"
echo "@@@ rc $?"
kill -0 "$ticker" 2>/dev/null && echo "@@@ value ticker_alive 1"
kill "$ticker" 2>/dev/null
wait "$ticker" 2>/dev/null
show trace "$t/attach.trace"
show stderr "$t/attach.err"
echo "@@@ end"

echo "@@@ suite done"

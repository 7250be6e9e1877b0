# SPDX-License-Identifier: GPL-2.0
"""Every option with bad values: one 'btftrace: ...' line naming the cause and the fix, exit
status 2, nothing on stdout, nothing left in the kernel."""
import os
import re
import subprocess
import threading

import pytest

# Placeholders in the arguments, filled in by the test from the fixtures below.
#   {dead}    a pid that was used and is free again     {zombie}  an exited, unreaped child
#   {thread}  a thread id that is not a process id      {empty}   an empty file
#   {corrupt} 4 KiB of random bytes                     {trunc}   the first 64 KiB of vmlinux
#   {dir}     a directory                               {fifo}    a FIFO nobody writes to
#   {noexec}  a file without execute permission         {pids65}  65 pids, one too many
NUMBER = r"give a whole number from {lo} to {hi}"
SIZE = r"give a power of two from 4K to 1G, like 8M"
BTF_FIX = r"give a valid BTF file, or --no-btf to print raw values"
HELP = r"see 'btftrace --help'"


def case(id_, args, *patterns):
    """One bad input: the arguments, and what the message line must say (regexes)."""
    return pytest.param(args, patterns, id=id_)


def number_cases(opt, lo, hi, values, shown=None):
    """Bad values of a numeric option; the message names it as shown (-s for --string-limit)."""
    fix = NUMBER.format(lo=lo, hi=hi)
    tail = ["--", "true"]
    return [case(f"{opt.lstrip('-')}-{name}", [opt, value] + tail,
                 rf"^btftrace: invalid {shown or opt} value '{re.escape(value)}': {fix}$")
            for name, value in values]


BAD_NUMBERS = [("word", "abc"), ("negative", "-1"), ("overflow", "99999999999999999999"),
               ("empty", ""), ("space", " 5"), ("suffix", "5x"), ("plus", "+5"),
               ("hex", "0x10"), ("float", "1.5")]

CASES = (
    # -s / --string-limit: 0 to 1 MiB
    number_cases("-s", 0, 1048576, BAD_NUMBERS + [("too-big", "1048577")])
    + number_cases("--string-limit", 0, 1048576, [("word", "many")], shown="-s")
    # --struct-depth: 1 to 32
    + number_cases("--struct-depth", 1, 32, BAD_NUMBERS + [("zero", "0"), ("too-big", "33")])
    # --capture-size: 1 to 4096 bytes copied in the kernel
    + number_cases("--capture-size", 1, 4096,
                   BAD_NUMBERS + [("zero", "0"), ("too-big", "4097"), ("huge", "999999")])
    + [
        # --buffer-size: a power of two from a page to 1 GiB
        case(f"buffer-size-{name}", ["--buffer-size", value, "--", "true"],
             rf"^btftrace: invalid --buffer-size value '{re.escape(value)}': {SIZE}$")
        for name, value in [("word", "foo"), ("zero", "0"), ("not-power-of-two", "5000"),
                            ("not-power-of-two-M", "3M"), ("too-small", "3"),
                            ("too-small-K", "2K"), ("too-big", "2G"),
                            ("overflow", "99999999999999999999"), ("two-letters", "8MB"),
                            ("empty", ""), ("negative", "-8M"), ("fraction", "1.5M"),
                            ("unit-only", "M"), ("unknown-unit", "8T")]
    ] + [
        # -p / --attach
        case("p-word", ["-p", "abc"], r"invalid -p value 'abc': give a whole number"),
        case("p-negative", ["-p", "-5"], r"invalid -p value '-5': give a whole number"),
        case("p-zero", ["-p", "0"], r"invalid -p value '0': give a whole number from 1 to"),
        case("p-too-big", ["-p", "99999999999"], r"invalid -p value '99999999999'"),
        case("p-overflow", ["-p", "99999999999999999999"], r"invalid -p value '9+'"),
        case("p-empty", ["-p", ""], r"invalid -p value '': give a process id"),
        case("p-empty-element", ["-p", "1,,2"],
             r"invalid -p value '1,,2': give a process id, or several separated by commas"),
        case("p-trailing-comma", ["-p", "1,"], r"invalid -p value '1,': give a process id"),
        case("p-only-comma", ["-p", ","], r"invalid -p value ',': give a process id"),
        case("p-space", ["-p", "1 2"], r"invalid -p value '1 2'"),
        case("p-too-many", ["-p", "{pids65}"], r"too many processes for -p: at most 64"),
        case("p-gone", ["-p", "{dead}"],
             r"cannot attach to process \d+ \(No such process\): check the pid with 'ps -p"),
        case("p-live-and-gone", ["--attach", "1,{dead}"],
             r"cannot attach to process \d+ \(No such process\)"),
        case("p-zombie", ["-p", "{zombie}"],
             r"cannot attach to process \d+: it has exited; check the pid"),
        case("p-thread", ["-p", "{thread}"],
             r"cannot attach to \d+: it is a thread, not a process; give its process id"),
        # -X / --const-style
        case("X-unknown", ["-X", "nope", "--", "true"],
             r"invalid -X value 'nope': give raw, abbrev or verbose"),
        case("X-empty", ["--const-style", "", "--", "true"],
             r"invalid -X value '': give raw, abbrev or verbose"),
        case("X-upper-case", ["-X", "RAW", "--", "true"], r"invalid -X value 'RAW'"),
        # -o / --output
        case("o-empty", ["-o", "", "--", "true"], r"invalid -o value '': give a file name"),
        case("o-missing-dir", ["-o", "/nonexistent-btftrace-e2e/dir/trace", "--", "true"],
             r"cannot open output file /nonexistent-btftrace-e2e/dir/trace \(No such file or "
             r"directory\): check that its directory exists and is writable"),
        case("o-directory", ["--output", "{dir}", "--", "true"],
             r"cannot open output file .* \(Is a directory\): check"),
        # --btf
        case("btf-empty-value", ["--btf", "", "--", "true"],
             r"invalid --btf value '': give a BTF file"),
        case("btf-missing", ["--btf", "/nonexistent-btftrace-e2e.btf", "--", "true"],
             rf"cannot read BTF from /nonexistent-btftrace-e2e.btf \(No such file or "
             rf"directory\): {BTF_FIX}"),
        case("btf-empty", ["--btf", "{empty}", "--", "true"],
             rf"cannot read BTF from \S+ \(an empty file\): {BTF_FIX}"),
        case("btf-corrupt", ["--btf", "{corrupt}", "--", "true"],
             rf"cannot read BTF from \S+ \(neither raw BTF nor an ELF file with a .BTF "
             rf"section\): {BTF_FIX}"),
        case("btf-truncated", ["--btf", "{trunc}", "--", "true"],
             rf"cannot read BTF from \S+ \(neither raw BTF .*\): {BTF_FIX}"),
        case("btf-elf-without-btf", ["--btf", "/bin/true", "--", "true"],
             rf"cannot read BTF from /bin/true \(neither raw BTF nor an ELF file with a .BTF "
             rf"section\): {BTF_FIX}"),
        case("btf-directory", ["--btf", "{dir}", "--", "true"],
             rf"cannot read BTF from \S+ \(a directory\): {BTF_FIX}"),
        case("btf-fifo", ["--btf", "{fifo}", "--", "true"],
             rf"cannot read BTF from \S+ \(not a regular file\): {BTF_FIX}"),
        case("btf-device", ["--btf", "/dev/zero", "--", "true"],
             rf"cannot read BTF from /dev/zero \(not a regular file\): {BTF_FIX}"),
        # unknown options, values for options that take none
        case("unknown-long", ["--no-such-option", "--", "true"],
             rf"unknown option '--no-such-option': {HELP}"),
        case("unknown-short", ["-K", "--", "true"], rf"unknown option '-K': {HELP}"),
        case("unknown-in-cluster", ["-vK", "--", "true"], rf"unknown option '-K': {HELP}"),
        case("ambiguous-prefix", ["--no", "--", "true"], rf"unknown option '--no': {HELP}"),
        case("value-to-flag-long", ["--no-btf=1", "--", "true"],
             rf"option '--no-btf' takes no value: {HELP}"),
        case("value-to-flag-with-short", ["--all=yes"],
             rf"option '--all' takes no value: {HELP}"),
        case("value-to-stats", ["--stats=1", "--", "true"],
             rf"option '--stats' takes no value: {HELP}"),
        # -e signal=SET (strace's syntax) and -e quiet=
        *[case(f"signal-{name}", ["-e", value, "--", "true"],
               rf"^btftrace: {words} in -e {re.escape(value)}: give signal names \(SIGINT or "
               r"int\), numbers from 1 to 64, all or none, separated by commas$")
          for name, value, words in [
              ("unknown", "signal=FOO", "invalid signal 'FOO'"),
              ("unknown-with-sig", "signals=SIGFOO", "invalid signal 'SIGFOO'"),
              ("one-bad-of-two", "s=int,bogus", "invalid signal 'bogus'"),
              ("zero", "signal=0", "invalid signal '0'"),
              ("too-big", "signal=65", "invalid signal '65'"),
              ("negative", "signal=-9", "invalid signal '-9'"),
              ("hex", "signal=0x9", "invalid signal '0x9'"),
              ("sig-only", "signal=SIG", "invalid signal 'SIG'"),
              ("all-among-others", "signal=int,all", "'all' stands alone"),
              ("empty", "signal=", "empty signal set"),
              ("commas-only", "signal=,,", "empty signal set"),
              ("bang-only", "signal=!", "nothing after '!' in the signal set"),
          ]],
        case("quiet-e-unknown", ["-e", "quiet=everything", "--", "true"],
             r"^btftrace: invalid --quiet value 'everything': give attach, exit, "
             r"path-resolution, personality, thread-execve \(superseded\), signals, all or "
             r"none, comma-separated, '!' first to invert$"),
        case("quiet-e-empty", ["-e", "quiet=", "--", "true"],
             r"^btftrace: invalid --quiet value '': give attach, exit, "),
        case("detach-on-other-syscall", ["-b", "clone", "--", "true"],
             r"^btftrace: invalid -b/--detach-on value 'clone': execve is the one syscall "
             r"tracing stops at \(as strace's\)$"),
        case("detach-on-all", ["--detach-on=execve", "-a"],
             r"^btftrace: -b execve stops tracing a process btftrace follows by its id .*"
             r"-a and --container trace every process they see: drop -b$"),
        case("e-unknown-qualifier", ["-e", "kvm=vcpu", "--", "true"],
             r"^btftrace: unsupported -e qualifier 'kvm=' in -e 'kvm=vcpu': btftrace "
             r"takes -e trace=SET \(or -e SET\), -e signal=SET, -e quiet=WHAT, -e read=SET, "
             r"-e write=SET, -e trace-fds=SET, -e decode-pids=WHAT, -e status=SET, "
             r"-e raw=SET, -e abbrev=SET, -e verbose=SET, -e inject=SET:WHAT, "
             r"-e fault=SET and -e SUBSYS:EVENT$"),
        # -e SUBSYS:EVENT: an event that is not there, a field it lacks, a bad form
        case("event-unknown", ["-e", "sched:no_such_event", "--", "true"],
             r"^btftrace: no tracepoint matches 'sched:no_such_event': 'btftrace events' "
             r"lists them, 'btftrace events sched:\*' those of one subsystem$"),
        case("event-unknown-field", ["-e", "sched:sched_switch(prev_comm, nope)", "--", "true"],
             r"^btftrace: sched:sched_switch has no field or argument 'nope': its format's "
             r"fields are prev_comm, prev_pid, .*next_pid, next_prio; its BTF prototype's "
             r"arguments \(for '->' and '\.'\) are .*prev, next"),
        case("event-wrong-member", ["-e", "sched:sched_switch(prev->comx)", "--", "true"],
             r"^btftrace: sched:sched_switch: 'prev->comx': struct task_struct has no member "
             r"'comx': its members are .*, comm, "),
        case("event-unclosed", ["-e", "sched:sched_switch(prev_comm", "--", "true"],
             r"^btftrace: bad event 'sched:sched_switch\(prev_comm': fields go in "
             r"parentheses at its end"),
        case("event-with-c", ["-c", "-e", "sched:sched_switch", "--", "true"],
             r"^btftrace: -e sched:sched_switch shows tracepoint lines, which -c does not "
             r"show: use -C"),
        # --decode-pids, -e decode-pids=: comm, pidns, all, none
        *[case(f"decode-pids-{name}", args + ["--", "true"],
               rf"^btftrace: invalid {what} value '{re.escape(bad)}': give comm, pidns, a "
               r"comma list of both, all or none$")
          for name, args, what, bad in [
              ("word", ["--decode-pids=bogus"], "--decode-pids", "bogus"),
              ("one-bad-of-two", ["--decode-pids", "comm,pid"], "--decode-pids", "pid"),
              ("empty", ["--decode-pids="], "--decode-pids", ""),
              ("commas-only", ["--decode-pids=,"], "--decode-pids", ","),
              ("all-among-others", ["--decode-pids=all,comm"], "--decode-pids", "all"),
              ("question-mark", ["--decode-pids=?comm"], "--decode-pids", "?comm"),
              ("e-qualifier", ["-e", "decode-pids=x"], "-e decode-pids", "x"),
              ("e-singular", ["-e", "decode-pid="], "-e decode-pids", ""),
          ]],
        case("pidns-translation-value", ["--pidns-translation=yes", "--", "true"],
             r"^btftrace: option '--pidns-translation' takes no value: see 'btftrace --help'$"),
        # -e read=, -e write=, --read, --write: strace's fd sets
        *[case(f"fd-set-{opt.strip('-=')}-{name}", args + ["--", "true"],
               rf"^btftrace: {words} in {re.escape(opt)}{re.escape(value)}: give fd numbers "
               r"separated by commas \(3,5\), all or none, '!' first to invert$")
          for opt, args_of in [("-e read=", lambda v: ["-e", f"read={v}"]),
                               ("-e write=", lambda v: ["-e", f"w={v}"]),
                               ("--read=", lambda v: [f"--read={v}"]),
                               ("--write=", lambda v: ["--write", v])]
          for name, value, words in [
              ("word", "x", "invalid fd 'x'"),
              ("negative", "-1", "invalid fd '-1'"),
              ("hex", "0x3", "invalid fd '0x3'"),
              ("too-big", "2147483648", "invalid fd '2147483648'"),
              ("all-among-others", "1,all", "invalid fd 'all'"),
              ("empty", "", "no fd"),
              ("commas-only", ",,", "no fd"),
              ("bang-only", "!", "no fd"),
          ] for args in [args_of(value)]],
        # -P: a path, short enough for the kernel's comparison
        case("trace-path-empty", ["-P", "", "--", "true"],
             r"^btftrace: invalid -P value '': give a path, like -P /etc/hostname$"),
        case("trace-path-too-long", ["-P", "/" + "x" * 300, "--", "true"],
             r"^btftrace: -P path '/x{39}\.\.\.' is 301 bytes long: btftrace compares paths "
             r"of at most 254 bytes in the kernel; give a shorter name for it \(a symlink\)$"),
        case("trace-path-many", [a for i in range(65) for a in ("-P", f"/p{i}")] + ["--", "true"],
             r"^btftrace: too many -P paths: at most 64$"),
        # --trace-fds, -e trace-fds=: strace's fd sets
        *[case(f"trace-fds-{name}", args + ["--", "true"],
               rf"^btftrace: {words} in {re.escape(what)}: give fd numbers "
               r"separated by commas \(3,5\), all or none, '!' first to invert$")
          for name, args, what, words in [
              ("word", ["--trace-fds=x"], "--trace-fds=x", "invalid fd 'x'"),
              ("negative", ["--trace-fds", "-1"], "--trace-fds=-1", "invalid fd '-1'"),
              ("empty", ["--trace-fds="], "--trace-fds=", "no fd"),
              ("e-qualifier", ["-e", "trace-fds=3,y"], "-e trace-fds=3,y", "invalid fd 'y'"),
          ]],
        # -x, -xx, --strings-in-hex: strace 6.1's values, and not both
        *[case(f"strings-in-hex-{name}", [f"--strings-in-hex={value}", "--", "true"],
               rf"^btftrace: invalid --strings-in-hex value '{value}': give none, "
               r"non-ascii-chars, non-ascii or all$")
          for name, value in [("word", "bogus"), ("empty", ""), ("case", "ALL"),
                              ("prefix", "non")]],
        case("x-and-strings-in-hex", ["-x", "--strings-in-hex=all", "--", "true"],
             r"^btftrace: -x and --strings-in-hex exclude each other: choose one \(-x is "
             r"--strings-in-hex=non-ascii, -xx is --strings-in-hex=all\)$"),
        case("strings-in-hex-and-xx", ["--strings-in-hex", "-xx", "--", "true"],
             r"-x and --strings-in-hex exclude each other"),
        case("t-four-times", ["-tttt", "--", "true"],
             r"-t given 4 times: -t, -tt and -ttt are the choices"),
    ] + [
        # every option that takes a value, given none
        case(f"missing-value-{opt.lstrip('-')}", [opt], rf"option '{opt}' needs a value: {HELP}")
        for opt in ["-p", "--attach", "-o", "--output", "-s", "--string-limit", "-X",
                    "--const-style", "--struct-depth", "--capture-size", "--buffer-size",
                    "--btf", "--filter", "--duration", "--comm", "--uid", "--cgroup", "--read",
                    "--write", "--decode-pids"]
    ] + [
        # --filter: syntax (found before anything loads), then names (against the catalog)
        case("filter-syntax", ["--filter", "fd == 3 && )", "--", "true"],
             r"^btftrace: --filter: column 12: expected a field name, found '\)'$"),
        case("filter-empty", ["--filter", "", "--", "true"],
             r"--filter: column 1: expected a field name, found the end of the expression"),
        case("filter-unclosed", ["--filter", "(fd == 1 || fd == 2", "--", "true"],
             r"--filter: column 20: expected '\)' to close the '\(' of column 1"),
        case("filter-single-equals", ["--filter", "fd = 1", "--", "true"],
             r"--filter: column 4: '=' is not an operator: compare with '=='"),
        case("filter-unknown-field", ["--filter", "fdd == 3", "--", "true"],
             r"--filter: column 1: unknown field 'fdd': give pid, tid, .*, an argument name .* "
             r"or a number field of an event -e selects"),
        case("filter-unknown-constant", ["--filter", "flags & O_CRAET", "--", "true"],
             r"--filter: column 9: unknown constant 'O_CRAET' for flags"),
        case("filter-unknown-errno", ["--filter", "errno == ENOPE", "--", "true"],
             r"--filter: column 10: unknown errno 'ENOPE'"),
        case("filter-unit-on-fd", ["--filter", "fd > 10ms", "--", "true"],
             r"--filter: column 6: a unit goes with duration only, not with fd"),
        case("filter-bad-unit", ["--filter", "duration > 10hours", "--", "true"],
             r"--filter: column 14: unknown unit 'hours': give ns, us, ms or s"),
        case("filter-argument-not-traced", ["-e", "getpid", "--filter", "fd == 1", "--", "true"],
             r"--filter: column 1: no traced syscall has an argument called 'fd'"),
        case("filter-too-many-terms", ["--filter", " || ".join(["pid == 1"] * 33), "--", "true"],
             r"--filter: column 385: more than 32 comparisons"),
        case("filter-twice", ["--filter", "fd == 1", "--filter", "fd == 2", "--", "true"],
             r"--filter given twice: join the expressions with &&"),
        case("duration-unit", ["--duration", "10xs", "--", "true"],
             r"invalid --duration value '10xs': give a time with its unit, like 10ms"),
        case("duration-negative", ["--duration", "-1ms", "--", "true"],
             r"invalid --duration value '-1ms'"),
        case("trace-path-without-btf", ["-P", "/etc/hostname", "--no-btf", "--", "true"],
             r"^btftrace: -P needs the kernel's BTF to tell which file an fd refers to: drop "
             r"--no-btf, or give --btf FILE$"),
        case("status-unknown", ["-e", "status=finished", "--", "true"],
             r"invalid -e status value 'finished': give successful, failed, unfinished, "),
        case("status-empty", ["-e", "status=", "--", "true"], r"invalid -e status value ''"),
        case("uid-unknown", ["--uid", "no-such-user-btftrace", "-a"],
             r"unknown user 'no-such-user-btftrace' for --uid: give a user name"),
        case("comm-empty", ["--comm", "", "-a"], r"invalid --comm value '': give a process name"),
        case("cgroup-missing", ["--cgroup", "/nonexistent-btftrace-e2e", "-a"],
             r"cannot use cgroup '/nonexistent-btftrace-e2e' \(No such file or directory\): "
             r"give a cgroup v2 directory"),
        case("cgroup-not-cgroup2", ["--cgroup", "{dir}", "-a"],
             r"cannot use cgroup '\S+': not a directory of a cgroup v2 hierarchy"),
    ] + [
        # targets
        case("no-target", [], r"nothing to trace: give a command after --, -p PID, -a or --container NAME"),
        case("no-command-after-dashes", ["--"], r"nothing to trace"),
        case("options-but-no-target", ["-v", "-T"], r"nothing to trace"),
        case("command-and-p", ["-p", "1", "--", "true"],
             r"a command, -p and -a exclude each other: choose one target"),
        case("command-and-a", ["-a", "--", "true"], r"exclude each other: choose one target"),
        case("p-and-a", ["-a", "-p", "1"], r"exclude each other: choose one target"),
        case("command-not-found", ["--", "/no/such/cmd"],
             r"cannot run '/no/such/cmd' \(No such file or directory\): check the command "
             r"name and PATH"),
        case("command-not-in-path", ["--", "no-such-command-btftrace-e2e"],
             r"cannot run 'no-such-command-btftrace-e2e' \(No such file or directory\): check"),
        case("command-empty", ["--", ""], r"cannot run '' \(No such file or directory\)"),
        case("command-is-a-directory", ["--", "{dir}"],
             r"cannot run '\S+' \(Permission denied\): check the command name and PATH"),
        case("command-not-executable", ["--", "{noexec}"],
             r"cannot run '\S+' \(Permission denied\)"),
        # the syscalls subcommand
        case("syscalls-unknown-name", ["syscalls", "no_such_call"],
             r"unknown syscall 'no_such_call': 'btftrace syscalls' lists them all"),
        case("syscalls-unknown-option", ["syscalls", "--nope"],
             r"unknown option '--nope' for 'syscalls': it takes --json, --names, -e SET and "
             r"names"),
        case("syscalls-names-json", ["syscalls", "--names", "--json"],
             r"'syscalls --names' prints plain names: drop --json or --names"),
        case("syscalls-names-and-names", ["syscalls", "--names", "read"],
             r"'syscalls --names' takes no syscall names: use -e SET to choose"),
        case("syscalls-json-unknown-name", ["syscalls", "--json", "openat", "nope"],
             r"unknown syscall 'nope'"),
    ]
)


@pytest.fixture(scope="module")
def bad_paths(tmp_path_factory):
    """The placeholders' values: processes and files that make each input bad."""
    d = tmp_path_factory.mktemp("bad")
    proc = subprocess.Popen(["true"])
    proc.wait()
    dead = proc.pid
    # an exited child, left unreaped until the module's tests are done
    zombie = subprocess.Popen(["true"])
    release = threading.Event()
    ready = threading.Event()
    tid = []

    def park():
        tid.append(threading.get_native_id())
        ready.set()
        release.wait(600)

    thread = threading.Thread(target=park, daemon=True)
    thread.start()
    ready.wait(5)
    empty = d / "empty.btf"
    empty.write_bytes(b"")
    corrupt = d / "corrupt.btf"
    corrupt.write_bytes(os.urandom(4096))
    trunc = d / "truncated.btf"
    with open("/sys/kernel/btf/vmlinux", "rb") as f:
        trunc.write_bytes(f.read(65536))
    fifo = d / "fifo.btf"
    os.mkfifo(fifo)
    noexec = d / "noexec.sh"
    noexec.write_text("#!/bin/sh\nexit 0\n")
    noexec.chmod(0o644)
    # wait for the zombie, without reaping it
    os.waitid(os.P_PID, zombie.pid, os.WEXITED | os.WNOWAIT)
    values = {"dead": dead, "zombie": zombie.pid, "thread": tid[0], "empty": empty,
              "corrupt": corrupt, "trunc": trunc, "dir": d, "fifo": fifo, "noexec": noexec,
              "pids65": ",".join(["1"] * 65)}
    yield {k: str(v) for k, v in values.items()}
    release.set()
    zombie.wait()


@pytest.mark.parametrize("args, patterns", CASES)
def test_bad_input_one_message_status_2_nothing_left(run_btftrace, bpf_snapshot, bad_paths,
                                                     args, patterns):
    args = [a.format(**bad_paths) for a in args]
    snap = bpf_snapshot()

    rc, out, err, _ = run_btftrace(args, trace=False, timeout=20)

    lines = err.splitlines()
    assert rc == 2, f"btftrace {args}: exit {rc}, expected 2; stderr: {err!r}"
    assert len(lines) == 1 and lines[0].startswith("btftrace: "), \
        f"btftrace {args}: stderr must be one 'btftrace: ...' line, got {err!r}"
    for pattern in patterns:
        assert re.search(pattern, lines[0]), \
            f"btftrace {args}: the message does not say /{pattern}/:\n  {lines[0]}"
    assert out == "", f"btftrace {args} wrote on stdout: {out!r}"
    snap.assert_clean(f"btftrace {args}")


@pytest.mark.parametrize("what", ["empty", "corrupt", "dir", "fifo"])
def test_no_btf_runs_raw_whatever_btf_file_is_given(run_btftrace, bad_paths, what):
    """--no-btf reads no BTF, so a bad --btf beside it does not matter: raw values."""
    rc, out, err, trace = run_btftrace(["--btf", bad_paths[what], "--no-btf", "--", "cat",
                                        "/etc/hostname"], timeout=20)
    assert rc == 0 and err == "", f"exit {rc}, stderr {err!r}"
    opens = [line for line in trace.splitlines() if line.startswith("openat(")]
    assert opens, f"no openat in the --no-btf trace:\n{trace[:1000]}"
    # raw: the dfd as a number and the path as its address, no names, no strings
    assert all(re.match(r"openat\(0x[0-9a-f]+, 0x[0-9a-f]+, 0x[0-9a-f]+", line)
               for line in opens), "\n".join(opens)

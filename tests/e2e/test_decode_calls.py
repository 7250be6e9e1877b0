# SPDX-License-Identifier: GPL-2.0
"""Issue 3, "decode every argument": every call of tests/workloads/many_calls.c, argument by
argument and return value, exactly as btftrace must print it; and, where Debian's strace decodes
the same value, the same line as strace's."""
import difflib
import os
import re
import shutil
import subprocess

import pytest

from conftest import RUN_TIMEOUT, excerpt

# <P> a hex address, <N> a decimal number, <ANY> anything (a struct's tail that varies by
# file system or run), <RLIM> a resource limit as btftrace prints one.
TOKENS = {"<P>": r"0x[0-9a-f]+", "<N>": r"\d+", "<ANY>": r".*", "<RLIM>": r"[0-9*A-Z_]+"}
TOKEN_RX = re.compile("|".join(re.escape(t) for t in TOKENS))
RESULT_RX = re.compile(r"\s+= ")

# The run lies between the workload's two close_range calls (see many_calls.c).
MARK = "close_range(3, 4294967295, 0) = 0"


def pattern(text):
    """A regex matching text exactly, but for its tokens."""
    out, pos = [], 0
    for m in TOKEN_RX.finditer(text):
        out.append(re.escape(text[pos:m.start()]))
        out.append(TOKENS[m.group(0)])
        pos = m.end()
    out.append(re.escape(text[pos:]))
    return re.compile("".join(out))


UNFINISHED = " <unfinished ...>"
RESUMED_RX = re.compile(r"^<\.\.\. (\w+) resumed>")


def joined(lines):
    """A call btftrace split in two (it shows a call under way for a while unfinished, and
    the workload is one thread) as one line, as strace writes it."""
    out = []
    for line in lines:
        m = RESUMED_RX.match(line)
        if m and out and out[-1].startswith(m.group(1) + "(") and out[-1].endswith(UNFINISHED):
            head = out.pop()[:-len(UNFINISHED)]
            rest = line[m.end():]
            out.append((head.rstrip() if rest.startswith(")") else head) + rest)
        else:
            out.append(line)
    return out


def section(trace):
    """The calls of the run, from the first close_range to the second, with the padding
    before " = " squeezed to one space (and strace's signal lines left out)."""
    lines = [RESULT_RX.sub(" = ", line, count=1) for line in
             joined([ln for ln in trace.splitlines() if not ln.startswith(("--- ", "+++ "))])]
    marks = [i for i, line in enumerate(lines) if line == MARK]
    assert len(marks) >= 2, f"no two '{MARK}' lines:\n{excerpt(trace, 'close_range')}"
    return lines[marks[0]:marks[1] + 1]


def read_facts(stdout):
    facts = {}
    for line in stdout.splitlines():
        key, _, value = line.partition(" ")
        if key == "cpu":
            facts.setdefault("cpus", []).append(value)
        else:
            facts[key] = value
    return facts


# perf_event_attr's published sizes, by the names strace 6.1 knows
PERF_ATTR_SIZES = {64: "VER0", 72: "VER1", 80: "VER2", 96: "VER3", 104: "VER4", 112: "VER5",
                   120: "VER6", 128: "VER7"}


def perf_attr_size(f):
    """The size the workload's headers give perf_event_attr, as strace names it."""
    size = int(f["perf_attr_size"])
    if size in PERF_ATTR_SIZES:
        return "PERF_ATTR_SIZE_" + PERF_ATTR_SIZES[size]
    return f"{size:#x} /* PERF_ATTR_SIZE_??? */"


def expected_lines(f, workdir):
    """The run as btftrace must print it, given the values the kernel chose (f)."""
    mask = int(f["umask"])
    cpus = " ".join(f["cpus"])
    mapping = hex(int(f["map"]))

    def inet(port):
        return f'{{sa_family=AF_INET, sin_port=htons({port}), sin_addr=inet_addr("127.0.0.1")}}'

    return [
        MARK,
        f"umask(022) = {'0' + format(mask, 'o'):0>3}",
        "umask(027) = 022",
        f'getcwd("{workdir}", 256) = {len(workdir) + 1}',
        'mkdirat(AT_FDCWD, "sub", 0750) = 0',
        'openat(AT_FDCWD, "sub/file", O_RDWR|O_CREAT|O_TRUNC|O_CLOEXEC, 0640) = 3',
        r'write(3, "\0\1\2\177\200\377ab\n\t\"\\", 12) = 12',
        r'writev(3, [{iov_base="hello ", iov_len=6}, {iov_base="world\n", iov_len=6}], 2) = 12',
        "lseek(3, 0, SEEK_SET) = 0",
        r'read(3, "\0\1\2\177\200\377ab\n\t\"\\hello world\n", 64) = 24',
        r'pread64(3, "\2\177\200\377", 4, 2) = 4',
        "fcntl(3, F_GETFD) = 0x1 (flags FD_CLOEXEC)",
        "fcntl(3, F_SETFL, O_RDONLY|O_APPEND|O_NONBLOCK) = 0",
        "fcntl(3, F_GETFL) = 0x8c02 (flags O_RDWR|O_APPEND|O_NONBLOCK|O_LARGEFILE)",
        "fcntl(3, F_SETLK, {l_type=F_WRLCK, l_whence=SEEK_SET, l_start=0, l_len=10}) = 0",
        "fcntl(3, F_GETLK, {l_type=F_UNLCK, l_whence=SEEK_SET, l_start=0, l_len=10, "
        "l_pid=0}) = 0",
        'newfstatat(3, "", {st_mode=S_IFREG|0640, st_size=24, ...}, AT_EMPTY_PATH) = 0',
        'statx(AT_FDCWD, "sub/file", AT_STATX_SYNC_AS_STAT|AT_SYMLINK_NOFOLLOW, '
        "STATX_MODE|STATX_SIZE, {stx_mask=STATX_TYPE|STATX_MODE|<ANY>, stx_attributes=0, "
        "stx_mode=S_IFREG|0640, stx_size=24, ...}) = 0",
        f'newfstatat(AT_FDCWD, "sub/missing", {f["stat"]}, 0) = '
        "-1 ENOENT (No such file or directory)",
        'access("sub/file", R_OK|W_OK) = 0',
        "dup3(3, 10, O_CLOEXEC) = 10",
        "close(10) = 0",
        "ftruncate(3, 5) = 0",
        "fadvise64(3, 0, 0, POSIX_FADV_SEQUENTIAL) = 0",
        "fadvise64(3, 0, 0, POSIX_FADV_DONTNEED) = 0",
        "close(3) = 0",
        'unlinkat(AT_FDCWD, "sub/file", 0) = 0',
        'unlinkat(AT_FDCWD, "sub", AT_REMOVEDIR) = 0',
        'openat(AT_FDCWD, ".", O_RDONLY|O_CLOEXEC|O_DIRECTORY) = 3',
        "mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|MAP_ANONYMOUS, -1, 0) = "
        f"{mapping}",
        f"madvise({mapping}, 8192, MADV_DONTNEED) = 0",
        f"mprotect({mapping}, 4096, PROT_READ) = 0",
        f"munmap({mapping}, 8192) = 0",
        f"brk(NULL) = {hex(int(f['brk']))}",
        "rt_sigaction(SIGUSR1, {sa_handler=SIG_IGN, sa_mask=[USR2], "
        f"sa_flags=SA_RESTORER|SA_RESTART, sa_restorer={f['restorer']}}}, "
        "{sa_handler=SIG_DFL, sa_mask=[], sa_flags=0}, 8) = 0",
        "rt_sigprocmask(SIG_BLOCK, [USR1], [], 8) = 0",
        "rt_sigprocmask(SIG_SETMASK, [], NULL, 8) = 0",
        f"getpid() = {f['pid']}",
        f"kill({f['pid']}, 0) = 0",
        f"getpid() = {f['pid']}",
        "wait4(-1, NULL, WNOHANG, NULL) = -1 ECHILD (No child processes)",
        f"clone(child_stack=NULL, flags=SIGCHLD) = {f['child1']}",
        f"wait4({f['child1']}, [{{WIFEXITED(s) && WEXITSTATUS(s) == 3}}], 0, NULL) = "
        f"{f['child1']}",
        f"clone(child_stack=NULL, flags=SIGCHLD) = {f['child2']}",
        f"wait4({f['child2']}, [{{WIFSIGNALED(s) && WTERMSIG(s) == SIGKILL}}], 0, NULL) = "
        f"{f['child2']}",
        "prlimit64(0, RLIMIT_NOFILE, {rlim_cur=512, rlim_max=4*1024}, "
        "{rlim_cur=<RLIM>, rlim_max=<RLIM>}) = 0",
        "prlimit64(0, RLIMIT_NOFILE, {rlim_cur=256, rlim_max=4*1024}, "
        "{rlim_cur=512, rlim_max=4*1024}) = 0",
        "getrlimit(RLIMIT_NOFILE, {rlim_cur=256, rlim_max=4*1024}) = 0",
        f'uname({{sysname="Linux", nodename="{f["nodename"]}", ...}}) = 0',
        f"sched_getaffinity(0, 128, [{cpus}]) = {f['affinity_bytes']}",
        "clock_gettime(CLOCK_MONOTONIC, {tv_sec=<N>, tv_nsec=<N>}) = 0",
        "clock_nanosleep(CLOCK_MONOTONIC, 0, {tv_sec=0, tv_nsec=1000000}, NULL) = 0",
        # the time left is shown only when the kernel wrote it: after a signal
        "nanosleep({tv_sec=0, tv_nsec=1000000}, <P>) = 0",
        "clock_nanosleep(CLOCK_MONOTONIC, 0, {tv_sec=0, tv_nsec=1000000}, <P>) = 0",
        f"rt_sigaction(SIGALRM, {{sa_handler={f['on_alarm']}, sa_mask=[], sa_flags=SA_RESTORER, "
        "sa_restorer=<P>}, NULL, 8) = 0",
        "setitimer(ITIMER_REAL, {it_interval={tv_sec=0, tv_usec=0}, "
        "it_value={tv_sec=0, tv_usec=200000}}, NULL) = 0",
        "clock_nanosleep(CLOCK_MONOTONIC, 0, {tv_sec=10, tv_nsec=0}, {tv_sec=9, tv_nsec=<N>}) = "
        "? ERESTART_RESTARTBLOCK (Interrupted by signal)",
        # the mask the signal frame restores, read on the user stack
        "rt_sigreturn({mask=[]}) = -1 EINTR (Interrupted system call)",
        'prctl(PR_SET_NAME, "many_calls") = 0',
        'prctl(PR_GET_NAME, "many_calls") = 0',
        "prctl(PR_GET_DUMPABLE) = 1 (SUID_DUMP_USER)",
        "getuid() = 0",
        "futex(<P>, FUTEX_WAKE_PRIVATE, 1) = 0",
        "futex(<P>, FUTEX_WAIT_PRIVATE, 1, NULL) = -1 EAGAIN (Resource temporarily unavailable)",
        "futex(<P>, FUTEX_WAIT_BITSET_PRIVATE|FUTEX_CLOCK_REALTIME, 0, {tv_sec=0, tv_nsec=0}, "
        "FUTEX_BITSET_MATCH_ANY) = -1 ETIMEDOUT (Connection timed out)",
        "futex(<P>, FUTEX_CMP_REQUEUE_PRIVATE, 1, 2147483647, <P>, 0) = 0",
        "futex(<P>, FUTEX_WAKE_OP_PRIVATE, 1, 1, <P>, "
        "FUTEX_OP_SET<<28|0<<12|FUTEX_OP_CMP_GT<<24|0x1) = 0",
        "rseq(0, 0x20, 0, 0x53053053) = -1 EINVAL (Invalid argument)",
        f"perf_event_open({{type=PERF_TYPE_SOFTWARE, size={perf_attr_size(f)}, "
        "config=PERF_COUNT_SW_TASK_CLOCK, sample_period=0, sample_type=0, read_format=0, "
        "disabled=1, exclude_kernel=1, precise_ip=0 /* arbitrary skid */, ...}, 0, -1, -1, "
        "PERF_FLAG_FD_CLOEXEC) = 4",
        "close(4) = 0",
        "socket(AF_INET, SOCK_STREAM|SOCK_CLOEXEC, IPPROTO_IP) = 4",
        "setsockopt(4, SOL_SOCKET, SO_REUSEADDR, [1], 4) = 0",
        "setsockopt(4, SOL_SOCKET, SO_RCVBUF, [65536], 4) = 0",
        "setsockopt(4, SOL_SOCKET, SO_LINGER, {l_onoff=1, l_linger=5}, 8) = 0",
        r'setsockopt(4, SOL_SOCKET, SO_RCVTIMEO_OLD, "\2\0\0\0\0\0\0\0 \241\7\0\0\0\0\0", '
        "16) = 0",
        "setsockopt(4, SOL_TCP, TCP_NODELAY, [1], 4) = 0",
        "setsockopt(4, SOL_IP, IP_TTL, [1], 4) = 0",
        f"getsockopt(4, SOL_SOCKET, SO_RCVBUF, [{f['rcvbuf']}], [4]) = 0",
        "getsockopt(4, SOL_SOCKET, SO_TYPE, [1], [4]) = 0",
        "getsockopt(4, SOL_SOCKET, SO_LINGER, {l_onoff=1, l_linger=5}, [16 => 8]) = 0",
        f"bind(4, {inet(0)}, 16) = 0",
        "listen(4, 8) = 0",
        f"getsockname(4, {inet(f['tcp_port'])}, [16]) = 0",
        "socket(AF_INET, SOCK_STREAM, IPPROTO_TCP) = 5",
        f"connect(5, {inet(f['tcp_port'])}, 16) = 0",
        f"accept4(4, {inet(f['tcp_peer_port'])}, [16], SOCK_CLOEXEC) = 6",
        r'sendto(5, "\1\2GET\377\200\n", 8, MSG_NOSIGNAL, NULL, 0) = 8',
        r'recvfrom(6, "\1\2GET\377\200\n", 8, MSG_WAITALL, NULL, NULL) = 8',
        "shutdown(5, SHUT_WR) = 0",
        "close(6) = 0",
        "close(5) = 0",
        "close(4) = 0",
        "socket(AF_INET, SOCK_DGRAM, IPPROTO_IP) = 4",
        f"bind(4, {inet(0)}, 16) = 0",
        f"getsockname(4, {inet(f['udp_port'])}, [16]) = 0",
        "socket(AF_INET, SOCK_DGRAM|SOCK_NONBLOCK, IPPROTO_IP) = 5",
        rf'sendto(5, "ping\0\377", 6, 0, {inet(f["udp_port"])}, 16) = 6',
        rf'recvfrom(4, "ping\0\377", 64, 0, {inet(f["udp_peer_port"])}, [16]) = 6',
        "close(5) = 0",
        "close(4) = 0",
        "socket(AF_UNIX, SOCK_DGRAM|SOCK_CLOEXEC, 0) = 4",
        'bind(4, {sa_family=AF_UNIX, sun_path="mc.sock"}, 10) = 0',
        "socket(AF_UNIX, SOCK_DGRAM|SOCK_CLOEXEC, 0) = 5",
        'connect(5, {sa_family=AF_UNIX, sun_path="mc.sock"}, 10) = 0',
        # a sockaddr the kernel returns, over the length it wrote: 4 bytes of 10
        'getpeername(5, {sa_family=AF_UNIX, sun_path="mc"}, [4 => 10]) = 0',
        r'sendto(5, "\tunix\r", 6, 0, NULL, 0) = 6',
        "close(5) = 0",
        "close(4) = 0",
        'unlinkat(AT_FDCWD, "mc.sock", 0) = 0',
        "socketpair(AF_UNIX, SOCK_STREAM, 0, [4, 5]) = 0",
        # unnamed sockets: the family alone, not the 126 bytes after it
        "getsockname(4, {sa_family=AF_UNIX}, [128 => 2]) = 0",
        "getpeername(5, {sa_family=AF_UNIX}, [128 => 2]) = 0",
        'sendmsg(5, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="hello ", iov_len=6}, '
        '{iov_base="world", iov_len=5}], msg_iovlen=2, msg_control=[{cmsg_len=20, '
        "cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, cmsg_data=[0]}], msg_controllen=24, "
        "msg_flags=0}, 0) = 11",
        'recvmsg(4, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base="hello world", '
        "iov_len=64}], msg_iovlen=1, msg_control=[{cmsg_len=20, cmsg_level=SOL_SOCKET, "
        "cmsg_type=SCM_RIGHTS, cmsg_data=[6]}], msg_controllen=24, msg_flags=0}, 0) = 11",
        "close(6) = 0",
        "close(5) = 0",
        "close(4) = 0",
        "pipe2([4, 5], O_NONBLOCK|O_CLOEXEC) = 0",
        'write(5, "!", 1) = 1',
        "select(6, [4], [5], NULL, {tv_sec=0, tv_usec=0}) = "
        "2 (in [4], out [5], left {tv_sec=0, tv_usec=0})",
        "pselect6(5, [0 4], NULL, NULL, {tv_sec=0, tv_nsec=0}, NULL) = "
        "2 (in [0 4], left {tv_sec=0, tv_nsec=0})",
        "epoll_create1(EPOLL_CLOEXEC) = 6",
        "epoll_ctl(6, EPOLL_CTL_ADD, 4, {events=EPOLLIN|EPOLLET, data={u32=4, u64=4}}) = 0",
        "epoll_wait(6, [{events=EPOLLIN, data={u32=4, u64=4}}], 4, 0) = 1",
        "timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC|TFD_NONBLOCK) = 7",
        "timerfd_settime(7, 0, {it_interval={tv_sec=0, tv_nsec=0}, "
        "it_value={tv_sec=5, tv_nsec=0}}, NULL) = 0",
        "close(7) = 0",
        "close(6) = 0",
        "close(5) = 0",
        "close(4) = 0",
        'openat(AT_FDCWD, "/dev/ptmx", O_RDWR|O_NOCTTY) = 4',
        "ioctl(4, TCGETS, {c_iflag=ICRNL|IXON, c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|OPOST|ONLCR, "
        "c_cflag=B38400|CS8|CREAD, "
        "c_lflag=ISIG|ICANON|ECHO|ECHOE|ECHOK|IEXTEN|ECHOCTL|ECHOKE, ...}) = 0",
        "ioctl(4, TCSETS, {c_iflag=ICRNL|IXON, c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|OPOST|ONLCR, "
        "c_cflag=B38400|CS8|CREAD, c_lflag=ISIG|ECHOE|ECHOK|IEXTEN|ECHOCTL|ECHOKE, ...}) = 0",
        "ioctl(4, TIOCSWINSZ, {ws_row=24, ws_col=80, ws_xpixel=0, ws_ypixel=0}) = 0",
        "ioctl(4, TIOCGWINSZ, {ws_row=24, ws_col=80, ws_xpixel=0, ws_ypixel=0}) = 0",
        "ioctl(4, FIONREAD, [0]) = 0",
        f"ioctl(4, TIOCGPTN, [{f['ptn']}]) = 0",
        f"ioctl(3, TCGETS, {f['termios']}) = -1 ENOTTY (Inappropriate ioctl for device)",
        "close(4) = 0",
        "bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_ARRAY, key_size=4, value_size=8, "
        "max_entries=4, map_flags=BPF_F_RDONLY_PROG, inner_map_fd=0, "
        'map_name="mc_map", map_ifindex=0, btf_fd=0, btf_key_type_id=0, btf_value_type_id=0, '
        "btf_vmlinux_value_type_id=0, map_extra=0}, 72) = 4",
        "close(4) = 0",
        "bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_SOCKET_FILTER, insn_cnt=2, "
        f"insns={f['insns']}, license=\"GPL\", log_level=0, log_size=0, log_buf=NULL, "
        'kern_version=KERNEL_VERSION(0, 0, 0), prog_flags=0, prog_name="mc_prog"}, 64) = 4',
        "close(4) = 0",
        MARK,
    ]


def run_workload(argv, workdir, timeout=RUN_TIMEOUT, quiet=False):
    """Runs argv in workdir; its stdout. With quiet, stderr must be empty (no lost records)."""
    proc = subprocess.run(argv, cwd=workdir, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, errors="replace", timeout=timeout)
    assert proc.returncode == 0, f"{' '.join(argv)} exited {proc.returncode}: {proc.stderr}"
    assert not quiet or proc.stderr == "", f"{' '.join(argv)} said: {proc.stderr}"
    return proc.stdout


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    path = tmp_path_factory.mktemp("many_calls")
    return str(path)


@pytest.fixture(scope="module")
def traced(btftrace, workload, workdir, tmp_path_factory):
    """(section of btftrace's trace, facts the workload printed) of one run."""
    trace_path = tmp_path_factory.mktemp("trace") / "trace.txt"
    out = run_workload([btftrace, "-o", str(trace_path), "--", workload("many_calls"), workdir],
                       workdir, quiet=True)
    assert os.listdir(workdir) == [], "many_calls left files behind"
    return section(trace_path.read_text(errors="replace")), read_facts(out)


def test_workload_makes_forty_different_calls(traced):
    lines, _ = traced
    names = {line.split("(", 1)[0] for line in lines}
    assert len(names) >= 40, f"only {len(names)} different syscalls: {sorted(names)}"


def test_every_argument_and_return_value(traced, workdir):
    lines, facts = traced
    expected = expected_lines(facts, workdir)
    wrong = []
    for i, (want, got) in enumerate(zip(expected, lines)):
        if not pattern(want).fullmatch(got):
            wrong.append(f"line {i}:\n  expect {want}\n  got    {got}")
    assert not wrong and len(lines) == len(expected), \
        f"{len(wrong)} lines differ ({len(lines)} lines, {len(expected)} expected):\n" + \
        "\n".join(wrong[:20]) + \
        ("" if len(lines) == len(expected) else
         "\n" + "\n".join(difflib.unified_diff(expected, lines, "expected", "trace", lineterm="",
                                               n=1)))


def test_extensible_structs_stop_where_the_caller_says(btftrace, workload, tmp_path_factory):
    """With -v perf_event_attr shows in full, but only as far as the size the caller gives."""
    workdir = str(tmp_path_factory.mktemp("many_calls_v"))
    trace_path = tmp_path_factory.mktemp("trace_v") / "trace.txt"
    out = run_workload([btftrace, "-v", "-e", "trace=perf_event_open", "-o", str(trace_path),
                        "--", workload("many_calls"), workdir], workdir, quiet=True)
    facts = read_facts(out)
    perf = [line for line in trace_path.read_text(errors="replace").splitlines()
            if line.startswith("perf_event_open(")]
    assert len(perf) == 1, perf
    # the workload passes perf_event_attr of its headers' size; the kernel's may be longer, and
    # what lies past the caller's size is not the caller's: nothing of it may show
    assert "inherit=0, pinned=0, " in perf[0], perf[0]
    if int(facts["perf_attr_size"]) <= 128:
        assert "config3=" not in perf[0], perf[0]
        assert RESULT_RX.sub(" = ", perf[0]).endswith(
            "sig_data=0}, 0, -1, -1, PERF_FLAG_FD_CLOEXEC) = 4"), perf[0]


# ---------------------------------------------------------------- the same lines as strace

# Calls where btftrace and strace 6.1 decode differently on purpose, each with the reason.
DIFFERENT = [
    (r"^clock_gettime\(", "the time differs from run to run"),
]


def normalise(line, facts):
    """What may differ between two runs: addresses, ports, pids, the first umask."""
    line = re.sub(r"0x[0-9a-f]{6,}", "ADDR", line)
    for key in ("tcp_port", "tcp_peer_port", "udp_port", "udp_peer_port"):
        line = line.replace(f"htons({facts[key]})", f"htons({key})")
    for key in ("pid", "child1", "child2"):
        line = re.sub(rf"\b{facts[key]}\b", key.upper(), line)
    line = re.sub(r"^umask\(022\) = \d+$", "umask(022) = UMASK", line)
    # the time a signal left of a sleep
    line = re.sub(r"\{tv_sec=9, tv_nsec=\d+\}\) = \? ERESTART_RESTARTBLOCK",
                  "{tv_sec=9, tv_nsec=LEFT}) = ? ERESTART_RESTARTBLOCK", line)
    line = re.sub(r"^prlimit64\(0, RLIMIT_NOFILE, \{rlim_cur=512, rlim_max=4\*1024\}, .*",
                  "prlimit64(first)", line)
    # strace 6.1 finds two names for TCSETS's number
    line = line.replace("SNDCTL_TMR_START or TCSETS", "TCSETS")
    # the pty each run got: another process on the machine may hold the first one meanwhile
    line = re.sub(rf"^(ioctl\(\d+, TIOCGPTN, )\[{facts['ptn']}\]\)", r"\1[PTN])", line)
    return line


@pytest.fixture(scope="module")
def straced(workload, workdir, traced, tmp_path_factory):
    """The same run under strace, after btftrace's (the workload cleans its directory)."""
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (apt-get install strace)")
    lines, _ = traced
    names = sorted({line.split("(", 1)[0] for line in lines})
    out_path = tmp_path_factory.mktemp("strace") / "strace.txt"
    out = run_workload(["strace", "-o", str(out_path), "-e", "trace=" + ",".join(names),
                        workload("many_calls"), workdir], workdir, timeout=120)
    return section(out_path.read_text(errors="replace")), read_facts(out)


def test_same_lines_as_strace(traced, straced):
    ours, our_facts = traced
    theirs, their_facts = straced
    our_names = [line.split("(", 1)[0] for line in ours]
    their_names = [line.split("(", 1)[0] for line in theirs]
    assert our_names == their_names, "btftrace and strace saw different calls:\n" + "\n".join(
        difflib.unified_diff(their_names, our_names, "strace", "btftrace", lineterm=""))
    compared, wrong = 0, []
    for mine, strace in zip(ours, theirs):
        if any(re.search(rx, mine) for rx, _ in DIFFERENT):
            continue
        compared += 1
        a, b = normalise(mine, our_facts), normalise(strace, their_facts)
        if a != b:
            wrong.append(f"  strace   {b}\n  btftrace {a}")
    assert compared >= 100, f"only {compared} lines compared"
    assert not wrong, f"{len(wrong)} of {compared} lines differ from strace's:\n" + \
        "\n".join(wrong)


def test_execve_shows_every_string_however_long(run_btftrace):
    """execve's strings are cut to -s in the kernel already, so that its 4 KB hold every
    string shown: 40 arguments of 300 bytes show the first 32 (strace's count), each the
    start of the real one, not the first 13 whole."""
    args = [f"x{i:02d}" + "a" * 300 for i in range(40)]
    result = run_btftrace(["-e", "trace=execve", "--", "/bin/true"] + args)
    assert result.returncode == 0, result.stderr
    line = result.trace.splitlines()[0]
    shown = re.findall(r'"(x\d\d a*)"\.\.\.'.replace(" ", ""), line)
    assert len(shown) == 31, line
    assert all(args[i].startswith(s) and len(s) >= 32 for i, s in enumerate(shown)), line
    # and the strings past them are said to be there
    assert '"..., ...], ' in line, line


def test_directory_entries_counted_as_strace_counts_them(run_btftrace, tmp_path):
    """getdents64 wrote more than its capture holds: the kernel counts all its records, so
    the count is strace's (300 entries in one call of ls), not the captured ones."""
    directory = tmp_path / "many"
    directory.mkdir()
    for i in range(300):
        (directory / f"entry_{i:03d}").touch()
    argv = ["ls", str(directory)]
    result = run_btftrace(["-e", "trace=getdents64", "--"] + argv)
    assert result.returncode == 0, result.stderr
    strace_out = tmp_path / "strace.txt"
    subprocess.run(["strace", "-e", "trace=getdents64", "-o", str(strace_out)] + argv,
                   stdout=subprocess.DEVNULL, check=True, timeout=RUN_TIMEOUT)

    def counts(text):
        return re.findall(r"/\* (\d+) entries( or more)? \*/", text)

    ours, theirs = counts(result.trace), counts(strace_out.read_text())
    assert ours and ours == theirs, (result.trace, strace_out.read_text())
    assert int(ours[0][0]) == 302  # the 300, "." and ".."

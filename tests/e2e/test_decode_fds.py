# SPDX-License-Identifier: GPL-2.0
"""-y: fds printed with what they refer to, as strace -y prints them.

The workload is tests/workloads/fd_paths.c: files opened by absolute, relative and
dirfd-relative paths, dup/dup2/F_DUPFD copies, closes, a socket and a pipe.
"""
import json
import os
import re
import shutil
import subprocess

import pytest
from conftest import excerpt, wait_for

INODE = re.compile(r"(socket|pipe):\[\d+\]")


def workload_part(lines, workdir):
    """The workload's calls from its chdir to its exit, with the run's directory and
    inode numbers replaced and the padding before ' = ' collapsed."""
    start = next(i for i, line in enumerate(lines) if line.startswith("chdir("))
    end = next(i for i, line in enumerate(lines) if line.startswith("exit_group("))
    part = []
    for line in lines[start:end]:
        line = INODE.sub(r"\1:[N]", line.replace(str(workdir), "DIR"))
        part.append(re.sub(r"\s+= ", " = ", line))
    return part


def joined(lines):
    """Unfinished calls joined with their resumed ends (one thread here)."""
    out = []
    for line in lines:
        m = re.match(r"^<\.\.\. \w+ resumed>(.*)$", line)
        if m and out and out[-1].endswith(" <unfinished ...>"):
            out[-1] = out[-1][:-len(" <unfinished ...>")] + m.group(1)
        else:
            out.append(line)
    return out


def test_fd_paths_agree_with_strace(run_btftrace, workload, tmp_path):
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (make deps installs it)")
    exe = workload("fd_paths")
    ours_dir, theirs_dir = tmp_path / "ours", tmp_path / "theirs"
    for d in (ours_dir, theirs_dir):
        (d / "sub").mkdir(parents=True)
    ours = run_btftrace(["-y", "--", exe, str(ours_dir)])
    assert ours.returncode == 0, ours.stderr
    strace_out = tmp_path / "strace.txt"
    run = subprocess.run(["strace", "-y", "-o", str(strace_out), exe, str(theirs_dir)],
                         timeout=30, check=False)
    assert run.returncode == 0
    mine = workload_part(joined(ours.trace.splitlines()), ours_dir)
    theirs = workload_part(strace_out.read_text().splitlines(), theirs_dir)
    # the lines that name what the workload made, as it names them
    expected = [
        'chdir("DIR") = 0',
        'openat(AT_FDCWD<DIR>, "a.txt", O_WRONLY|O_CREAT|O_TRUNC, 0644) = 3<DIR/a.txt>',
        'write(3<DIR/a.txt>, "hello", 5) = 5',
        'openat(AT_FDCWD<DIR>, "./sub/../a.txt", O_RDONLY) = 4<DIR/a.txt>',
        'read(4<DIR/a.txt>, "he", 2) = 2',
        'dup(4<DIR/a.txt>) = 5<DIR/a.txt>',
        'dup2(4<DIR/a.txt>, 20) = 20<DIR/a.txt>',
        'fcntl(4<DIR/a.txt>, F_DUPFD_CLOEXEC, 30) = 30<DIR/a.txt>',
        'close(4<DIR/a.txt>) = 0',
        'read(20<DIR/a.txt>, "l", 1) = 1',
        'lseek(5<DIR/a.txt>, 0, SEEK_SET) = 0',
        'close(20<DIR/a.txt>) = 0',
        'close(30<DIR/a.txt>) = 0',
        'close(5<DIR/a.txt>) = 0',
        'openat(AT_FDCWD<DIR>, ".", O_RDONLY|O_DIRECTORY) = 4<DIR>',
        'openat(4<DIR>, "sub/b.txt", O_WRONLY|O_CREAT, 0600) = 5<DIR/sub/b.txt>',
        'fchdir(4<DIR>) = 0',
        'write(5<DIR/sub/b.txt>, "b", 1) = 1',
        'close(5<DIR/sub/b.txt>) = 0',
        'close(4<DIR>) = 0',
        'socket(AF_INET, SOCK_STREAM, IPPROTO_IP) = 4<socket:[N]>',
        'bind(4<socket:[N]>, {sa_family=AF_INET, sin_port=htons(0), '
        'sin_addr=inet_addr("127.0.0.1")}, 16) = 0',
        'pipe2([5<pipe:[N]>, 6<pipe:[N]>], 0) = 0',
        'write(6<pipe:[N]>, "x", 1) = 1',
        'read(5<pipe:[N]>, "x", 1) = 1',
        'clock_nanosleep(CLOCK_REALTIME, 0, {tv_sec=0, tv_nsec=500000000}, NULL) = 0',
        'close(4<socket:[N]>) = 0',
        'close(5<pipe:[N]>) = 0',
        'close(6<pipe:[N]>) = 0',
        'close(3<DIR/a.txt>) = 0',
        'eventfd2(0, 0) = 3<anon_inode:[eventfd]>',
        'epoll_create1(0) = 4<anon_inode:[eventpoll]>',
        'epoll_ctl(4<anon_inode:[eventpoll]>, EPOLL_CTL_ADD, 3<anon_inode:[eventfd]>, '
        '{events=EPOLLIN, data={u32=0, u64=0}}) = 0',
        'close(4<anon_inode:[eventpoll]>) = 0',
        'close(3<anon_inode:[eventfd]>) = 0',
        'memfd_create("scratch", 0) = 3</memfd:scratch>(deleted)',
        'write(3</memfd:scratch>(deleted), "m", 1) = 1',
        'close(3</memfd:scratch>(deleted)) = 0',
        'socket(AF_UNIX, SOCK_DGRAM, 0) = 3<socket:[N]>',
        'close(3<socket:[N]>) = 0',
        'mq_open("btftrace-fd-paths", O_RDWR|O_CREAT, 0600, NULL) = 3</btftrace-fd-paths>',
        'close(3</btftrace-fd-paths>) = 0',
        'mq_unlink("btftrace-fd-paths") = 0',
    ]
    assert theirs == expected, "strace -y itself says otherwise here"
    assert mine == expected, excerpt(ours.trace, "chdir")
    # each socket and the pipe have one inode each, in both
    inodes = set(re.findall(r"socket:\[(\d+)\]", ours.trace))
    assert len(inodes) == 2, inodes
    assert len(set(re.findall(r"pipe:\[(\d+)\]", ours.trace))) == 1


def test_without_y_no_paths(run_btftrace, workload, tmp_path):
    (tmp_path / "sub").mkdir()
    result = run_btftrace(["--", workload("fd_paths"), str(tmp_path)])
    assert result.returncode == 0, result.stderr
    assert re.search(r"^read\(4, \"he\", 2\) += 2$", result.trace, re.M), result.trace
    assert "<" + str(tmp_path) not in result.trace


def test_json_path_members(run_btftrace, workload, tmp_path):
    (tmp_path / "sub").mkdir()
    result = run_btftrace(["-y", "--format=json", "--", workload("fd_paths"), str(tmp_path)])
    assert result.returncode == 0, result.stderr
    calls = [json.loads(line) for line in result.trace.splitlines()]
    calls = [c for c in calls if c.get("event") == "call"]
    opened = [c for c in calls if c["syscall"] == "openat" and c.get("ret") == 3]
    assert opened[-1]["ret_path"] == f"{tmp_path}/a.txt", opened[-1]
    assert opened[-1]["args"][0]["path"] == str(tmp_path)
    reads = [c for c in calls if c["syscall"] == "read" and c["args"][0]["raw"] == 4]
    assert reads and reads[0]["args"][0]["path"] == f"{tmp_path}/a.txt", reads
    assert all("path" not in a for a in reads[0]["args"][1:]), reads[0]
    sockets = [c for c in calls if c["syscall"] == "socket"]
    assert re.fullmatch(r"socket:\[\d+\]", sockets[0]["ret_path"]), sockets


def test_paths_when_the_fd_calls_are_not_traced(run_btftrace, workload, tmp_path):
    # -e leaves out the opens and closes: the table cannot follow, /proc is asked each time
    # (only fds still open when the line is printed get a path: here the socket and pipe)
    (tmp_path / "sub").mkdir()
    result = run_btftrace(["-y", "-e", "bind,write", "--", workload("fd_paths"),
                           str(tmp_path)])
    assert result.returncode == 0, result.stderr
    assert re.search(r"^bind\(4<socket:\[\d+\]>, ", result.trace, re.M), result.trace
    assert re.search(r"^write\(6<pipe:\[\d+\]>, \"x\", 1\) += 1$", result.trace, re.M), \
        result.trace


# ---------------------------------------------------------------- -y under -e and --filter


def test_fd_paths_follow_calls_left_out(run_btftrace, workload, tmp_path):
    """-y with -e: the calls left out that open, dup and close fds still reach the fd table,
    from the kernel; inherited fds are known from the start; a socket and a pipe closed at
    once keep the names the kernel read as they were made. As strace -y prints them."""
    calls = "trace=read,dup,shutdown,fsync"
    with open(os.devnull) as null:
        result = run_btftrace(["-y", "-e", calls, "--", workload("fd_reuse")], stdin=null)
    assert result.returncode == 0, result.stderr
    theirs = tmp_path / "strace.txt"
    with open(os.devnull) as null:
        subprocess.run(["strace", "-y", "-o", theirs, "-e", calls, workload("fd_reuse")],
                       stdin=null, check=True, timeout=30)

    def own(text):
        # the workload's calls (after the dynamic loader's reads), inode numbers apart
        lines = text.splitlines()
        start = next(i for i, l in enumerate(lines) if "</etc/hostname>" in l)
        return [re.sub(r"\[\d+\]", "[N]", re.sub(r"\s+= ", " = ", l)) for l in lines[start:]]

    mine, expected = own(result.trace), own(theirs.read_text())
    assert mine == expected, "\n".join(f"strace   {b}\nbtftrace {a}"
                                       for a, b in zip(mine, expected) if a != b)
    assert 'read(3</etc/passwd>, ' in "\n".join(mine)
    assert "dup(0</dev/null>) = 3</dev/null>" in mine
    assert "shutdown(3<socket:[N]>, SHUT_RDWR) = 0" in mine
    assert any(l.startswith("fsync(3<pipe:[N]>)") for l in mine), mine


def test_fd_paths_follow_calls_a_filter_rejects(run_btftrace, workload):
    """The same with --filter: the calls it rejects still feed the fd table."""
    with open(os.devnull) as null:
        result = run_btftrace(["-y", "--filter", "syscall == read && count == 8", "--",
                               workload("fd_reuse")], stdin=null)
    assert result.returncode == 0, result.stderr
    lines = [re.sub(r"\s+= ", " = ", l) for l in result.trace.splitlines()
             if l.startswith("read(")]
    assert [l.split(",")[0] for l in lines] == ["read(3</etc/hostname>",
                                                "read(3</etc/passwd>"], result.trace


def test_cwd_follows_chdir_and_forks_left_out(run_btftrace, tmp_path):
    """AT_FDCWD gets the working directory, as strace -y: a chdir and a fork left out by -e
    still reach the fd table, the fork as it happens (a vfork's parent returns only after
    its child's exec), so the child's relative open shows the directory it ran in."""
    for attempt in range(3):
        result = run_btftrace(["-y", "-f", "-e", "trace=openat", "--", "sh", "-c",
                               "cd /etc; cat hostname"])
        assert result.returncode == 0, result.stderr
        line = next(l for l in result.trace.splitlines() if '"hostname"' in l)
        assert re.search(r'openat\(AT_FDCWD</etc>, "hostname", O_RDONLY\) += 3</etc/hostname>$',
                         line), line


def test_a_returned_number_that_is_no_fd_has_no_path(btftrace, workload, spawn, tmp_path):
    # landlock_create_ruleset returns a ruleset fd, or the ABI version when asked for it: a
    # number, shown without a path as strace shows it, though an fd of that number is open
    # (the workload keeps it open until its stdin ends, after the line is out)
    trace = tmp_path / "trace.txt"
    bt = spawn([btftrace, "-y", "-o", trace, "--", workload("fd_returns")],
               stdin=subprocess.PIPE)

    def asked_twice():
        text = trace.read_text() if trace.exists() else ""
        lines = [re.sub(r"\s+= ", " = ", l) for l in text.splitlines()]
        asked = [l for l in lines if l.startswith("landlock_create_ruleset(") and " = " in l]
        return (lines, asked) if len(asked) == 2 or bt.poll() is not None else None

    found = wait_for(asked_twice, 20)
    bt.stdin.close()
    rc = bt.wait(timeout=20)
    if rc == 2:
        pytest.skip("this kernel has no Landlock")
    assert found and rc == 0, bt.stderr.read().decode()
    lines, asked = found
    dup = next(line for line in lines if line.startswith("dup2("))
    version = re.search(r" = (\d+)<", dup)
    assert version and dup.endswith(f"= {version.group(1)}</dev/null>"), dup
    assert asked[-1].endswith(f") = {version.group(1)}"), asked
    # the table kept the fd as dup2 made it
    assert f"close({version.group(1)}</dev/null>) = 0" in \
        [re.sub(r"\s+= ", " = ", l) for l in trace.read_text().splitlines()], trace.read_text()


# ---------------------------------------------------------------- -yy, --decode-fds=SET

# what an fd shows: a number (an inode, a port, a pid) of three digits or more is the run's own
RUN_NUMBER = re.compile(r"(?<![\d.])\d{3,}(?![\d.])")
# a socket's details down to its protocol: <TCP:[127.0.0.1:1->...]> -> <TCP>
SOCKET_DETAIL = re.compile(r"<([A-Z][A-Za-z0-9-]*):\[.*?\]>")


def sock_fds_trace(spawn, argv, trace, last="fcntl(21"):
    """Runs argv (btftrace on the sock_fds workload) until its trace has the line starting
    with last, then ends the workload's stdin; the trace's lines."""
    proc = spawn(argv, stdin=subprocess.PIPE)

    def done():
        text = trace.read_text() if trace.exists() else ""
        return text if any(l.startswith(last) for l in text.splitlines()) or \
            proc.poll() is not None else None

    wait_for(done, 30)
    proc.stdin.close()
    rc = proc.wait(timeout=30)
    if rc != 0 and "exited with 3" in trace.read_text():
        pytest.skip("no IPv6 on loopback")
    assert rc == 0, proc.stderr.read().decode()
    return [re.sub(r"\s+= ", " = ", l) for l in trace.read_text().splitlines()]


def after_marker(lines):
    """The use part of sock_fds: from getppid() to the last fcntl."""
    start = next(i for i, l in enumerate(lines) if l.startswith("getppid("))
    return [l for l in lines[start + 1:] if l.startswith("fcntl(")]


def test_yy_agrees_with_strace(btftrace, workload, spawn, tmp_path):
    """-yy on TCP, UDP, TCPv6, UDPv6, UNIX and NETLINK sockets, /dev/null and a pidfd, as
    strace 6.1 -yy shows them; the set-up calls name the same protocols."""
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (make deps installs it)")
    ours_dir, theirs_dir = tmp_path / "ours", tmp_path / "theirs"
    ours_dir.mkdir()
    theirs_dir.mkdir()
    trace = tmp_path / "ours.txt"
    mine = sock_fds_trace(spawn, [btftrace, "-yy", "-o", trace, "--", workload("sock_fds"),
                                  ours_dir], trace)
    strace_out = tmp_path / "strace.txt"
    run = subprocess.run(["strace", "-yy", "-o", str(strace_out), workload("sock_fds"),
                          str(theirs_dir)], stdin=subprocess.DEVNULL, timeout=30, check=False)
    if run.returncode == 3:
        pytest.skip("no IPv6 on loopback")
    theirs = [re.sub(r"\s+= ", " = ", l) for l in strace_out.read_text().splitlines()]

    # the use part, where each socket has its endpoints: line for line
    use_mine = [RUN_NUMBER.sub("N", l) for l in after_marker(mine)]
    use_theirs = [RUN_NUMBER.sub("N", l) for l in after_marker(theirs)]
    expected = [
        "fcntl(3<TCP:[127.0.0.1:N]>, F_GETFD) = 0",
        "fcntl(4<TCP:[127.0.0.1:N->127.0.0.1:N]>, F_GETFD) = 0",
        "fcntl(5<TCP:[127.0.0.1:N->127.0.0.1:N]>, F_GETFD) = 0",
        "fcntl(6<UDP:[127.0.0.1:N->127.0.0.1:N]>, F_GETFD) = 0",
        "fcntl(7<TCPv6:[[::1]:N]>, F_GETFD) = 0",
        "fcntl(8<TCPv6:[[::1]:N->[::1]:N]>, F_GETFD) = 0",
        "fcntl(9<TCPv6:[[::1]:N->[::1]:N]>, F_GETFD) = 0",
        "fcntl(10<UDPv6:[[::1]:N]>, F_GETFD) = 0",
        "fcntl(11<UNIX-STREAM:[N->N]>, F_GETFD) = 0",
        "fcntl(12<UNIX-STREAM:[N->N]>, F_GETFD) = 0",
        'fcntl(13<UNIX-STREAM:[N,"sock"]>, F_GETFD) = 0',
        "fcntl(14<UNIX-STREAM:[N->N]>, F_GETFD) = 0",
        'fcntl(15<UNIX-STREAM:[N->N,"sock"]>, F_GETFD) = 0',
        'fcntl(16<UNIX:[N,@"btftrace-sock-fds"]>, F_GETFD) = 0',
        "fcntl(17<NETLINK:[ROUTE:N]>, F_GETFD) = 0",
        "fcntl(18</dev/null<char 1:3>>, F_GETFD) = 0",
        "fcntl(19<pid:N>, F_GETFD) = 0x1 (flags FD_CLOEXEC)",
        "fcntl(20<anon_inode:[eventfd]>, F_GETFD) = 0",
        "fcntl(21<anon_inode:[signalfd]>, F_GETFD) = 0",
    ]
    assert use_theirs == expected, "strace -yy itself says otherwise here"
    assert use_mine == expected, "\n".join(after_marker(mine))

    # the numbers are the run's own: the pair's peers are each other, the pidfd's the process
    joined = "\n".join(after_marker(mine))
    a, b = re.search(r"11<UNIX-STREAM:\[(\d+)->(\d+)\]>", joined).groups()
    assert re.search(rf"12<UNIX-STREAM:\[{b}->{a}\]>", joined), joined
    client = re.search(r"4<TCP:\[127.0.0.1:(\d+)->127.0.0.1:(\d+)\]>", joined).groups()
    assert f"5<TCP:[127.0.0.1:{client[1]}->127.0.0.1:{client[0]}]>" in joined, joined
    pid = re.search(r"19<pid:(\d+)>", joined).group(1)
    assert f"17<NETLINK:[ROUTE:{pid}]>" in joined, joined

    # the set-up: btftrace reads the endpoints as it prints, after the calls, so a socket's
    # bind or connect may already show what the call made; the protocols are the same
    def setup(lines):
        start = next(i for i, l in enumerate(lines) if l.startswith("chdir(")) + 1
        end = next(i for i, l in enumerate(lines) if l.startswith("getppid("))
        return [SOCKET_DETAIL.sub(r"<\1>", RUN_NUMBER.sub("N", l.replace(
            str(ours_dir), "DIR").replace(str(theirs_dir), "DIR"))) for l in lines[start:end]]

    assert setup(mine) == setup(theirs), "\n".join(setup(mine))


def test_decode_fds_sets(btftrace, workload, spawn, tmp_path):
    """--decode-fds=socket shows sockets only; --decode-fds alone is -y; signalfd and eventfd
    (strace 6.3's) show the mask and the counter; -e decode-fds= is the same option."""
    runs = {
        "socket": ["--decode-fds=socket"],
        "path": ["--decode-fds"],
        "newer": ["-e", "decode-fds=socket,signalfd,eventfd,pidfd"],
        "none": ["--decode-fds=none"],
        "not-path": ["--decode-fds=!path"],
    }
    out = {}
    for name, opts in runs.items():
        trace = tmp_path / f"{name}.txt"
        (tmp_path / name).mkdir()
        out[name] = after_marker(sock_fds_trace(
            spawn, [btftrace, *opts, "-o", trace, "--", workload("sock_fds"), tmp_path / name],
            trace))
    socket = "\n".join(out["socket"])
    assert re.search(r"^fcntl\(3<TCP:\[127\.0\.0\.1:\d+\]>, F_GETFD\)", socket, re.M), socket
    assert re.search(r"^fcntl\(18, F_GETFD\)", socket, re.M), socket
    assert re.search(r"^fcntl\(20, F_GETFD\)", socket, re.M), socket
    path = "\n".join(out["path"])
    assert re.search(r"^fcntl\(3<socket:\[\d+\]>, ", path, re.M), path
    assert re.search(r"^fcntl\(18</dev/null>, ", path, re.M), path
    assert re.search(r"^fcntl\(19<anon_inode:\[pidfd\]>, ", path, re.M), path
    newer = "\n".join(out["newer"])
    assert re.search(r"^fcntl\(20<\{eventfd-count=0x3, eventfd-id=\d+(, eventfd-semaphore=0)?\}>, ",
                     newer, re.M), newer
    assert re.search(r"^fcntl\(21<signalfd:\[USR1 TERM\]>, ", newer, re.M), newer
    assert re.search(r"^fcntl\(19<pid:\d+>, ", newer, re.M), newer
    assert re.search(r"^fcntl\(18, ", newer, re.M), newer
    assert all(re.match(r"fcntl\(\d+, ", l) for l in out["none"]), out["none"]
    not_path = "\n".join(out["not-path"])
    assert re.search(r"^fcntl\(18</dev/null<char 1:3>>, ", not_path, re.M), not_path
    assert re.search(r"^fcntl\(20, ", not_path, re.M), not_path


def test_yy_json_members(btftrace, workload, spawn, tmp_path):
    """JSON carries what -yy's text shows: a socket's endpoints, a device, a pidfd's pid."""
    trace = tmp_path / "trace.json"
    (tmp_path / "d").mkdir()
    proc = spawn([btftrace, "-yy", "--format=json", "-o", trace, "--", workload("sock_fds"),
                  tmp_path / "d"], stdin=subprocess.PIPE)

    def calls():
        text = trace.read_text() if trace.exists() else ""
        found = [json.loads(l) for l in text.splitlines() if l.endswith("}")]
        found = [c for c in found if c.get("syscall") == "fcntl"]
        return found if len(found) >= 19 or proc.poll() is not None else None

    found = wait_for(calls, 30)
    proc.stdin.close()
    rc = proc.wait(timeout=30)
    if rc != 0 and not found:
        pytest.skip("the workload did not run (no IPv6 on loopback?)")
    by_fd = {c["args"][0]["raw"]: c["args"][0] for c in found}
    assert by_fd[4]["socket"]["proto"] == "TCP", by_fd[4]
    assert by_fd[4]["socket"]["src"] == "127.0.0.1" and by_fd[4]["socket"]["dport"] > 0
    assert "path" not in by_fd[4], by_fd[4]
    assert by_fd[8]["socket"]["proto"] == "TCPv6" and by_fd[8]["socket"]["dst"] == "::1"
    assert by_fd[11]["socket"]["peer"] == by_fd[12]["socket"]["inode"], (by_fd[11], by_fd[12])
    assert by_fd[13]["socket"]["name"] == "sock" and not by_fd[13]["socket"]["abstract"]
    assert by_fd[16]["socket"]["name"] == "btftrace-sock-fds" and by_fd[16]["socket"]["abstract"]
    assert by_fd[17]["socket"]["netlink"] == "ROUTE", by_fd[17]
    assert by_fd[18]["path"] == "/dev/null", by_fd[18]
    assert by_fd[18]["device"] == {"type": "char", "major": 1, "minor": 3}, by_fd[18]
    assert by_fd[19]["pidfd_pid"] == by_fd[17]["socket"]["portid"], by_fd[19]
    sockets = [c for c in [json.loads(l) for l in trace.read_text().splitlines()]
               if c.get("syscall") == "socket" and c.get("ret", -1) >= 0]
    assert sockets and all("ret_socket" in c for c in sockets), sockets[:2]


@pytest.mark.parametrize("args, message", [
    (["--decode-fds=foo"], "invalid --decode-fds value 'foo'"),
    (["--decode-fds="], "invalid --decode-fds value ''"),
    (["--decode-fds=all,path"], "invalid --decode-fds value 'all'"),
    (["-e", "decode-fds=sockets"], "invalid -e decode-fds value 'sockets'"),
    (["-y", "--decode-fds=socket"], "-y and --decode-fds exclude each other"),
    (["-yy", "-e", "decode-fds=path"], "-y and --decode-fds exclude each other"),
])
def test_decode_fds_bad_values(run_btftrace, args, message):
    result = run_btftrace([*args, "--", "true"], trace=False)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def numbered(lines):
    """Each run's own numbers (ports, inodes) as N1, N2... in the order they first appear, so
    that two runs compare and a number that recurs (a peer's port) still must recur."""
    names = {}

    def name(m):
        return names.setdefault(m.group(0), f"N{len(names) + 1}")

    return [RUN_NUMBER.sub(name, re.sub(r"\s+= ", " = ", l)) for l in lines]


def socket_part(lines):
    """short_sock's calls from its first socket() to its exit."""
    start = next(i for i, l in enumerate(lines) if l.startswith("socket("))
    end = next(i for i, l in enumerate(lines) if l.startswith("exit_group("))
    return lines[start:end]


@pytest.mark.skipif(not shutil.which("strace"), reason="strace is not installed")
@pytest.mark.parametrize("args", [["-yy"], ["--decode-fds=socket"],
                                  ["-yy", "-e", "trace=read,write,close"]])
def test_yy_sockets_closed_before_their_lines(run_btftrace, workload, tmp_path, args):
    """short_sock's sockets are all closed, and the process gone, long before btftrace prints
    their lines (it reads the ring buffer every 50 ms): their endpoints are those the kernel
    kept at connect, bind, accept and close, as strace -yy shows them, asking at each call;
    socket()'s fd and bind's and connect's own show none yet, as in strace. With the calls
    that set them left out (-e trace=), the kernel keeps them all the same."""
    result = run_btftrace(args + ["--", workload("short_sock")])
    assert result.returncode == 0, result.stderr
    strace_out = tmp_path / "strace.txt"
    run = subprocess.run(["strace"] + args + ["-o", str(strace_out), workload("short_sock")],
                         stdin=subprocess.DEVNULL, timeout=60, check=False)
    assert run.returncode == 0
    ours, theirs = result.trace.splitlines(), strace_out.read_text().splitlines()
    if "-e" in args:
        # only the traced calls: the sockets' reads, writes and closes
        def sockets_only(lines):
            return [l for l in lines if re.match(r"(read|write|close)\(\d+<(TCP|UDP)", l)]

        ours, theirs = sockets_only(ours), sockets_only(theirs)
        assert len(ours) == 9, ours
    else:
        ours, theirs = socket_part(ours), socket_part(theirs)
    assert numbered(ours) == numbered(theirs), "\n".join(ours)
    text = "\n".join(result.trace.splitlines())
    client = re.search(r"write\(4<TCP:\[127\.0\.0\.1:(\d+)->127\.0\.0\.1:(\d+)\]>", text)
    assert client, text
    assert f"close(5<TCP:[127.0.0.1:{client[2]}->127.0.0.1:{client[1]}]>) = 0" in \
        re.sub(r"\s+= ", " = ", text), text


def test_files_removed_or_renamed_while_open_as_strace(run_btftrace, workload, tmp_path):
    """-y: a file unlinked while open shows `<DIR/a>(deleted)`, a renamed one its new path, a
    file renamed over one open its `(deleted)`, files under a renamed directory their new
    path, an O_TMPFILE file `<DIR/#INO>(deleted)`: as /proc names each fd at that call,
    which strace 6.1 prints."""
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (make deps installs it)")
    exe = workload("fd_deleted")
    calls = "trace=write,close,unlink,unlinkat,rename,renameat2,rmdir"
    ours_dir, theirs_dir = tmp_path / "ours", tmp_path / "theirs"
    ours_dir.mkdir()
    theirs_dir.mkdir()
    ours = run_btftrace(["-y", "-e", calls, "--", exe, ours_dir])
    assert ours.returncode == 0, ours.stderr
    strace_out = tmp_path / "strace.txt"
    run = subprocess.run(["strace", "-y", "-o", str(strace_out), "-e", calls, exe,
                          str(theirs_dir)], timeout=30, check=False)
    assert run.returncode == 0

    def lines(text, d):
        """The workload's own calls, from its first unlink (the dynamic loader's closes name
        libc by the path it opened, where /proc resolves /lib's symbolic link)."""
        out = [re.sub(r"#\d+>", "#INO>", re.sub(r"\s+= ", " = ", line.replace(str(d), "DIR")))
               for line in text.splitlines() if not line.startswith("+++")]
        return out[next(i for i, line in enumerate(out) if line.startswith("unlink(")):]

    mine, theirs = lines(ours.trace, ours_dir), lines(strace_out.read_text(), theirs_dir)
    assert mine == theirs, (ours.trace, strace_out.read_text())
    text = "\n".join(mine)
    assert 'write(3<DIR/a>(deleted), "1", 1) = 1' in text, text
    assert 'write(4<DIR/b2>, "2", 1) = 1' in text, text
    assert 'write(4<DIR/b2>(deleted), "3", 1) = 1' in text, text
    assert 'write(5<DIR/b2>, "4", 1) = 1' in text, text
    assert 'write(6<DIR/moved/f>, "5", 1) = 1' in text, text
    assert re.search(r'write\(7<DIR/#INO>\(deleted\), "6", 1\) = 1', text), text
    assert 'write(6<DIR/moved/f>(deleted), "7", 1) = 1' in text, text

# SPDX-License-Identifier: GPL-2.0
"""--kfunc FUNC: kernel functions under the syscalls they are made in, through fentry and fexit;
'btftrace kfuncs' lists the functions with their BTF prototypes. Where the kernel refuses fentry
and has no kprobes (this development machine), --kfunc ends in one line saying so, before
anything is attached or run. The calls themselves are checked on the kernel matrix
(tests/kernel), whose kernels load fentry programs."""
import os
import re

REFUSAL = re.compile(r"btftrace: --kfunc: this kernel has no kprobes \(no kprobe PMU in "
                     r"/sys/bus/event_source/devices\) and refuses fentry programs \((.*)\), so "
                     r"kernel functions cannot be traced here: trace without --kfunc\n")


def hiding(*features):
    return dict(os.environ, BTFTRACE_HIDE_FEATURES=",".join(features))


def test_kfuncs_lists_prototypes_from_btf(run_btftrace):
    result = run_btftrace(["kfuncs", "vfs_read", "do_sys_openat2", "vfs_fstat*"], trace=False)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    lines = result.stdout.splitlines()
    assert "ssize_t vfs_read(struct file *file, char *buf, size_t count, loff_t *pos)" in lines
    assert any(re.fullmatch(r"(long|int) do_sys_openat2\(int dfd, const char "
                            r"(__attribute__\(\(btf_type_tag\(\"user\"\)\)\) )?\*filename, "
                            r"struct open_how \*how\)", line) for line in lines), lines
    assert any(line.startswith("int vfs_fstatat(") for line in lines), lines
    # by name, each once
    names = [re.search(r"(\w+)\(", line).group(1) for line in lines]
    assert names == sorted(set(names)), names


def test_kfuncs_of_no_match_says_so(run_btftrace):
    result = run_btftrace(["kfuncs", "no_such_function_*"], trace=False)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == ("btftrace: no function of the kernel's BTF matches "
                             "'no_such_function_*': try a wider glob (vfs_*)\n")


def test_refused_in_one_line_where_neither_fentry_nor_kprobes(run_btftrace, bpf_snapshot,
                                                               tmp_path):
    """Both hidden, as this machine has neither: one line, exit 2, the command never run,
    nothing left attached."""
    snap = bpf_snapshot()
    marker = tmp_path / "ran"
    result = run_btftrace(["--kfunc", "vfs_read,do_sys_openat2", "--", "sh", "-c",
                           f"touch {marker}"], env=hiding("fentry", "kprobe"))
    assert result.returncode == 2
    m = REFUSAL.fullmatch(result.stderr)
    assert m and m.group(1) == "hidden by BTFTRACE_HIDE_FEATURES", result.stderr
    assert result.stdout == "" and result.trace == ""
    assert not marker.exists()
    snap.assert_clean("a refused --kfunc")


def test_this_kernel_traces_the_functions_or_says_why_not(run_btftrace, workload, bpf_snapshot,
                                                          tmp_path):
    """Unhidden: the kernel's own answer. This development machine refuses fentry and has no
    kprobes, and must say exactly that; a kernel with fentry shows the calls."""
    snap = bpf_snapshot()
    result = run_btftrace(["-e", "trace=read", "--kfunc", "vfs_read", "--",
                           workload("stat_rw"), tmp_path])
    if result.returncode == 2:
        m = REFUSAL.fullmatch(result.stderr)
        assert m and m.group(1) != "hidden by BTFTRACE_HIDE_FEATURES", result.stderr
        assert result.trace == ""
    else:
        assert result.returncode == 0, result.stderr
        assert re.search(r"^  > vfs_read\(file=\{.*\}, buf=0x[0-9a-f]+, count=64, pos=\[0\]\)"
                         r" = 21$", result.trace, re.M), result.trace
    snap.assert_clean("--kfunc on this kernel")


def test_bad_names_are_refused_in_one_line(run_btftrace):
    cases = [
        (["--kfunc", "no_such_function", "--", "true"],
         "btftrace: --kfunc no_such_function: no function of the kernel's BTF is called it: "
         "'btftrace kfuncs PATTERN' lists them\n"),
        (["--kfunc", "zz_no_such_*", "--", "true"],
         "btftrace: --kfunc zz_no_such_*: no function of the kernel's BTF matches it: "
         "'btftrace kfuncs PATTERN' lists them\n"),
        (["--kfunc", "vfs_read", "--btf", "/sys/kernel/btf/vmlinux", "--", "true"],
         "btftrace: --kfunc traces the running kernel's functions by its own BTF: drop --btf "
         "/sys/kernel/btf/vmlinux\n"),
        (["--kfunc", ",", "--", "true"],
         "btftrace: --kfunc needs a function name: --kfunc vfs_read ('btftrace kfuncs' lists "
         "them)\n"),
    ]
    for args, line in cases:
        result = run_btftrace(args, trace=False)
        assert result.returncode == 2, (args, result.stderr)
        assert result.stderr == line, (args, result.stderr)


def test_fetch_expressions_are_checked_before_the_probe(run_btftrace, bpf_snapshot, tmp_path):
    """--kfunc 'FUNC(EXPR,...)': the expressions are compiled against the running kernel's BTF
    before fentry is probed, so a wrong one is refused here too, in one line naming what there
    is, before the command runs. The values themselves are checked on the kernel matrix."""
    snap = bpf_snapshot()
    marker = tmp_path / "ran"
    cases = [
        ("vfs_read(file->f_path.dentry->d_name.nam:string, count)",
         "btftrace: vfs_read: 'file->f_path.dentry->d_name.nam:string': struct qstr has no "
         "member 'nam': its members are hash, len, hash_len, name\n"),
        ("vfs_read(fil->f_pos)",
         "btftrace: vfs_read has no argument 'fil': its arguments are file, buf, count, pos\n"),
        ("vfs_read(count:strin)",
         "btftrace: vfs_read: 'count:strin': unknown type ':strin': ':string' (read a string "
         "where the value points) is the one there is\n"),
        ("vfs_read(file, count",
         "btftrace: --kfunc 'vfs_read(file, count': the expressions go in one pair of "
         "parentheses at the function's end: vfs_read(file->f_pos, count)\n"),
        # the comma inside the parentheses is the list's: the second function is the one after
        ("vfs_read(file->f_pos, count),zz_no_such",
         "btftrace: --kfunc zz_no_such: no function of the kernel's BTF is called it: "
         "'btftrace kfuncs PATTERN' lists them\n"),
    ]
    for spec, line in cases:
        result = run_btftrace(["--kfunc", spec, "--", "sh", "-c", f"touch {marker}"])
        assert result.returncode == 2, (spec, result.stderr)
        assert result.stderr == line, (spec, result.stderr)
        assert result.trace == "" and not marker.exists(), spec
    snap.assert_clean("a refused --kfunc expression")


def test_right_fetch_expressions_reach_the_probe(run_btftrace, workload, tmp_path):
    """Right ones compile, and the run goes on to the kernel's answer: on this machine its
    refusal; on a kernel with fentry (the matrix) the values."""
    result = run_btftrace(["-e", "trace=read", "--kfunc",
                           "vfs_read(file->f_path.dentry->d_name.name:string, count)", "--",
                           workload("stat_rw"), tmp_path])
    if result.returncode == 2:
        assert REFUSAL.fullmatch(result.stderr), result.stderr
    else:
        assert result.returncode == 0, result.stderr
        assert re.search(r'^  > vfs_read\(file->f_path\.dentry->d_name\.name="data", '
                         r"count=64\) += 21$", result.trace, re.M), result.trace

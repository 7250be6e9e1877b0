# SPDX-License-Identifier: GPL-2.0
"""Boots one kernel of the matrix under qemu with an initramfs: the kernel tests' and the bench's.

Python's standard library only, so that bench/run.py can import it too.
"""
import subprocess


def boot(kernel, initramfs, timeout, append=(), memory_mb=1024):
    """Boots the kernel image with the initramfs; the serial console's text.

    append: more words for the kernel's command line; the kernel passes those of the form
    NAME=VALUE that it does not know to /init as environment variables.
    """
    # Two CPUs, so that the kernel's SMP paths run, on one emulation thread: with a thread per
    # CPU, the kernel's int3 text patching (attaching the syscall tracepoints) was seen to
    # Oops in syscall_trace_enter under TCG, which no real CPU does.
    # no_timer_check: on a host busy enough to slow the emulation, 5.10's check of the IO-APIC
    # timer at boot was seen to fail and panic ("IO-APIC + timer doesn't work!")
    argv = ["qemu-system-x86_64", "-nodefaults", "-display", "none", "-no-reboot",
            "-accel", "tcg,thread=single", "-m", str(memory_mb), "-smp", "2", "-serial", "stdio",
            "-kernel", kernel, "-initrd", initramfs,
            "-append", " ".join(["console=ttyS0 panic=-1 quiet loglevel=1 no_timer_check",
                                 *append])]
    try:
        proc = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=timeout)
        return proc.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        return (e.stdout or b"").decode(errors="replace") + \
            f"\n(qemu killed after {timeout} s)\n"

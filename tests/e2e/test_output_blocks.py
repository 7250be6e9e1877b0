# SPDX-License-Identifier: GPL-2.0
"""The trace goes to its file in large blocks (issue 22): btftrace's own writes, seen by strace.

glibc's setvbuf takes a buffer size only together with a buffer; without one, the output
went out in a write(2) every 4 to 8 KiB (the file system's block size), a system call per
line or two of a -s 4096 trace.
"""
import os
import re
import shutil
import subprocess

import pytest

from conftest import RUN_TIMEOUT

# btftrace's output buffer (OUTPUT_BUFFER_BYTES in src/session/report.c)
BLOCK = 256 * 1024


def test_trace_file_is_written_in_large_blocks(btftrace, tmp_path):
    if not shutil.which("strace"):
        pytest.skip("strace is not installed (apt-get install strace)")
    trace, log = tmp_path / "trace.txt", tmp_path / "writes"
    # 400 reads and writes of 4 KiB of NULs: some 6 MB of trace text. -ff: a log per thread,
    # so that no write is split into an unfinished and a resumed line
    subprocess.run(["strace", "-ff", "-y", "-e", "trace=write", "-e", "signal=none", "-o", log,
                    btftrace, "-s", "4096", "-o", trace, "--",
                    "dd", "if=/dev/zero", "of=/dev/null", "bs=4096", "count=400"],
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=RUN_TIMEOUT, check=True,
                   # an ASan build's leak check cannot run under ptrace and fails the exit
                   env=dict(os.environ, ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") +
                            ":detect_leaks=0"))
    size = trace.stat().st_size
    assert size > 20 * BLOCK
    sizes = [int(m.group(1)) for path in tmp_path.glob("writes.*") for m in
             re.finditer(r"^write\(\d+<" + re.escape(str(trace)) + r">, .* = (\d+)$",
                         path.read_text(errors="replace"), re.M)]
    assert sum(sizes) == size, "strace did not see every write of the trace"
    # whole blocks, but for the flushes of a quiet moment (every 50 ms without records) and
    # the last one; a loaded machine may give the reader a few quiet moments
    full = sum(n for n in sizes if n == BLOCK)
    assert full >= size // 2, f"{len(sizes)} writes for {size} bytes: {sorted(sizes)[:20]}..."

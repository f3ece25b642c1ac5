"""Test support shared by the serve tests and the build benchmark: `rulekb serve` started in a process of its own."""

from __future__ import annotations

import queue
import subprocess
import threading
import time


def _forward(proc: subprocess.Popen[str], lines: queue.Queue[str]) -> None:
    """Hand each line the process prints to ``lines`` (read by a thread, so a read can time out)."""
    assert proc.stdout is not None
    for line in proc.stdout:
        lines.put(line)


def start_serve(
    cmd: list[str], env: dict, timeout: float
) -> tuple[subprocess.Popen[str], queue.Queue[str], str]:
    """Start ``cmd`` (a `rulekb serve --port 0`): the process, the lines it prints from then on, and the address it
    serves on; TimeoutError (the process stopped) when it has not said within ``timeout`` seconds."""
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_forward, args=(proc, lines), daemon=True).start()
    deadline = time.monotonic() + timeout
    try:
        while True:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            if line.startswith("serving http://"):
                return proc, lines, line.split()[1]
    except queue.Empty:
        proc.terminate()
        proc.wait(timeout=60)
        raise TimeoutError(f"{' '.join(cmd)} did not start serving within {timeout} s") from None

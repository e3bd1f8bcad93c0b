"""Helpers for the servers and workers that tests and benchmarks start."""

import socket
import subprocess
import time

from tarneeb.tasks import ping


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop_process(process: subprocess.Popen[bytes]) -> None:
    """Ask it to stop (a worker finishes its tasks); kill it if it takes over 15 s."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


def wait_for_worker(timeout: float = 30.0) -> None:
    """Return once a worker answers a ping (a worker process may take seconds to start)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if ping.apply_async(expires=2).get(timeout=2, disable_sync_subtasks=False) == "pong":
                return
        except Exception:
            time.sleep(0.2)
    raise TimeoutError(f"no Celery worker answered within {timeout:.0f} s")

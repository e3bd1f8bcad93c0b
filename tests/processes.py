"""Helpers for the servers and workers that tests and benchmarks start."""

import socket
import subprocess


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

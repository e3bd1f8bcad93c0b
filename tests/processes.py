"""Helpers for the servers and workers that tests and benchmarks start."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

from tarneeb.celery import app as celery_app
from tarneeb.tasks import ping


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop_process(process: subprocess.Popen[bytes], patience: float = 15.0) -> None:
    """Ask it to stop (a worker finishes its tasks); kill it if it takes over `patience` s."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(patience)
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


def queued_tasks(queue: str = "celery") -> int:
    """Messages in the broker's queue that no worker has taken yet."""
    with celery_app.connection_for_read() as connection:
        return connection.default_channel.queue_declare(queue=queue).message_count


def workers_idle(workers: int | None = None) -> bool:
    """A worker answers, and none runs or has taken a task due now, and none waits in the
    queue (Celery's inspect; timers held for a later deadline do not count). Knowing how
    many `workers` answer saves waiting the whole timeout for more."""
    inspect = celery_app.control.inspect(timeout=2, limit=workers)
    active, reserved = inspect.active(), inspect.reserved()
    return (bool(active) and not any(active.values()) and not any((reserved or {}).values())
            and not queued_tasks())


def wait_for_port(port: int, timeout: float = 10.0, process: subprocess.Popen[bytes] | None = None) -> None:
    """Return once something listens on `port`; give up at once if `process` exited."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the process for port {port} exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), 0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {timeout:.0f} s")


class RedisServer:
    """A Redis of our own on a loopback port, for fault experiments: never the shared one.

    `kill()` is kill -9; `start()` again serves the same port (empty: no persistence)."""

    def __init__(self, port: int | None = None, log: Path | None = None) -> None:
        self.port = port or free_port()
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    @staticmethod
    def available() -> bool:
        return shutil.which("redis-server") is not None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        out: int | IO[bytes] = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        try:
            self.process = subprocess.Popen(
                ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--daemonize", "no"], stdout=out, stderr=subprocess.STDOUT)
        finally:
            if not isinstance(out, int):
                out.close()  # the child has its own copy
        wait_for_port(self.port)
        return self

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(5)

    def __enter__(self) -> RedisServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.kill()


ROOT = Path(__file__).resolve().parent.parent


class ProcessGroup(contextlib.ExitStack):
    """Python processes of this project started with one environment (`env()`), each
    logging to `<log_dir>/<name>.log`, all stopped when the group exits."""

    def __init__(self, log_dir: Path) -> None:
        super().__init__()
        self.log_dir = log_dir
        self.processes: list[subprocess.Popen[bytes]] = []

    def env(self) -> dict[str, str]:
        return {**os.environ, "PYTHONUNBUFFERED": "1"}

    def spawn(self, name: str, *args: str, own_group: bool = False) -> subprocess.Popen[bytes]:
        """`python <args>`; with `own_group` it leads a process group of its own, which
        `kill_group()` kills as a whole (a prefork worker and its children)."""
        log = open(self.log_dir / f"{name}.log", "ab")  # noqa: SIM115 - closed below
        self.callback(log.close)
        process = subprocess.Popen([sys.executable, *args], cwd=ROOT, env=self.env(),
                                   stdout=log, stderr=subprocess.STDOUT, start_new_session=own_group)
        self.processes.append(process)
        self.callback(stop_process, process)
        return process


def kill_group(process: subprocess.Popen[bytes]) -> None:
    """kill -9 a process and the group it leads (as a crash or the OOM killer would)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(10)

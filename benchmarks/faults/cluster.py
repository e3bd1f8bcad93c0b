"""The servers of our own: a PostgreSQL cluster and a Redis on free loopback ports, never
the shared ones, then two daphne processes, a prefork worker and beat, as README runs
them; and the page check that tells when a daphne answers."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.table_latency import RATE_LIMITS
from tests.processes import ProcessGroup, RedisServer, free_port
from tests.protocol_client import HttpSession

ROOT = Path(__file__).resolve().parents[2]


def postgres_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    if initdb is None:
        raise SystemExit("PostgreSQL's initdb is not installed")
    return Path(initdb).parent


class Postgres:
    """A PostgreSQL cluster in `folder`, on a free port. initdb refuses to run as root:
    then every command runs as the `postgres` user, which owns the folder."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.data, self.port = folder, folder / "data", free_port()
        self.bin = postgres_bin()

    def _run(self, *command: str) -> None:
        argv = [str(self.bin / command[0]), *command[1:]]
        if os.geteuid() == 0:
            argv = ["runuser", "-u", "postgres", "--", *argv]
        done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode:
            raise RuntimeError(f"{' '.join(command[:2])} failed: {done.stderr.strip()[-500:]}")

    def pg_ctl(self, *action: str) -> None:
        # fsync off: this cluster's data is thrown away, and restarts come quicker.
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "postgres.log"), "-w", "-t", "60",
                  "-o", options, *action)

    def start(self) -> None:
        self.folder.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8")
        self.pg_ctl("start")
        subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-q", "-c",
                        "CREATE DATABASE tarneeb"], check=True, stdout=subprocess.DEVNULL)

    def restart(self) -> None:
        self.pg_ctl("-m", "fast", "restart")

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError):
            self.pg_ctl("-m", "immediate", "stop")

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/tarneeb"


class Cluster(ProcessGroup):
    """Our PostgreSQL and Redis, two daphne processes, the worker and beat."""

    def __init__(self, tmp: Path, log_dir: Path, next_hand: float) -> None:
        super().__init__(log_dir)
        self.tmp, self.next_hand = tmp, next_hand
        self.postgres = Postgres(tmp / "pg")
        self.redis = RedisServer(log=log_dir / "redis.log")
        self.daphnes: list[subprocess.Popen[bytes] | None] = [None, None]
        self.ports = [free_port(), free_port()]
        self.worker: subprocess.Popen[bytes] | None = None
        self.beat: subprocess.Popen[bytes] | None = None
        self.workers_started = 0

    def env(self) -> dict[str, str]:
        env = super().env()
        env.update(DATABASE_URL=self.postgres.url, REDIS_URL=self.redis.url, CHANNELS_PREFIX="faults",
                   EMBEDDED_WORKER="false", NEXT_HAND_SECONDS=str(self.next_hand))
        # The clients play at a machine's pace: the per-socket message limits are lifted, as
        # for benchmarks.table_latency.
        env.update({name: "100000" for name in RATE_LIMITS})
        return env

    @property
    def bases(self) -> list[str]:
        return [f"http://127.0.0.1:{port}" for port in self.ports]

    def start(self) -> None:
        self.postgres.start()
        self.callback(self.postgres.stop)
        self.redis.start()
        self.callback(self.redis.kill)
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                       cwd=ROOT, env=self.env(), check=True)
        self.start_worker()
        self.beat = self.spawn("beat", "-m", "celery", "-A", "tarneeb", "beat", "-l", "INFO",
                               "-s", str(self.tmp / "beat-schedule"))
        for n in range(2):
            self.start_daphne(n)
        for base in self.bases:
            wait_for_page(base, 90)

    def start_daphne(self, n: int) -> None:
        # As README runs it: daphne with the project's websocket message cap.
        self.daphnes[n] = self.spawn(f"daphne-{n}", "-m", "tarneeb.server", "-b", "127.0.0.1",
                                     "-p", str(self.ports[n]), "tarneeb.asgi:application")

    def start_worker(self) -> None:
        # As README runs it; its own process group, so that a kill takes its children too.
        self.workers_started += 1
        self.worker = self.spawn(f"worker-{self.workers_started}", "-m", "celery", "-A", "tarneeb", "worker",
                                 "-P", "prefork", "-l", "INFO", own_group=True)


def wait_for_page(base: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page_status(base) == 200:
            return
        time.sleep(0.2)
    raise TimeoutError(f"{base}/ did not answer 200 within {timeout:.0f} s")


def page_status(base: str) -> int:
    """GET / (the lobby reads the database); 0 when the connection itself fails."""
    try:
        return HttpSession(base).request("GET", "/", timeout=10).status
    except OSError:
        return 0

"""benchmarks.load's servers: benchmarks.table_latency's, on a database, a Redis database
and a channel prefix of this benchmark's own, with the per-address limits lifted; with
`--proxy` behind nginx; and what their processes cost (CPU, RSS, py-spy profiles).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit

from benchmarks.table_latency import PG_ADMIN, Servers
from benchmarks.usage import descendants
from tests.processes import ROOT, free_port, stop_process, wait_for_port

# Scaled mode's own backends; --database and --redis-db give others, so that a second
# run on the same machine does not empty the first one's.
DATABASE = "tarneeb_load"
REDIS_DB = 5
PREFIX = "tarneeb-load"
# Every client here is 127.0.0.1: the budgets per client address (messages, handshakes,
# TCP connections) would refuse four clients times N tables, and so would the handshakes
# per user for the logged-out spectators of the idle-socket count, whose user is their
# address. The message budgets per socket and per user stay at production values: a
# paced player is far below them.
ADDRESS_LIMITS = ("ADDRESS_MESSAGE_BURST", "ADDRESS_MESSAGES_PER_SECOND", "ADDRESS_CONNECT_BURST",
                  "ADDRESS_CONNECTS_PER_SECOND", "CONNECTION_BURST", "CONNECTIONS_PER_SECOND",
                  "SOCKET_CONNECT_BURST", "SOCKET_CONNECTS_PER_SECOND", "ADDRESS_SOCKETS", "ROOM_SPECTATORS",
                  "ADDRESS_UNFINISHED_CONNECTIONS")


# Servers

class LoadServers(Servers):
    """benchmarks.table_latency's servers, scaled on this benchmark's own database, Redis
    database and prefix. Servers' own scaled mode resets table_latency's database, so it
    is started as embedded (migrate, collectstatic, the daphne processes) with the scaled
    variables put over its environment, and the worker is started here, first: a scaled
    daphne is not healthy without one."""

    def __init__(self, scaled: bool, daphne: int, next_hand: float, log_dir: Path | None,
                 proxy: bool = False, database: str = DATABASE, redis_db: int = REDIS_DB) -> None:
        super().__init__("embedded", daphne, next_hand, log_dir)
        self.scaled, self.proxy = scaled, proxy
        self.database, self.redis_url = database, f"redis://127.0.0.1:6379/{redis_db}"
        self.prefix = PREFIX if database == DATABASE else database.replace("_", "-")
        self.relaxed_limits = False
        self.named: dict[str, subprocess.Popen[bytes]] = {}

    def env(self) -> dict[str, str]:
        env = super().env()
        env.update({name: "1000000" for name in ADDRESS_LIMITS})
        if self.scaled:
            env.update(DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{self.database}",
                       REDIS_URL=self.redis_url, CHANNELS_PREFIX=self.prefix, EMBEDDED_WORKER="false")
        if self.proxy:
            env["TRUSTED_PROXIES"] = "127.0.0.1"  # as docs/deploy.md has it
        return env

    def spawn_worker_and_beat(self, name: str) -> None:
        """As README runs them: the worker, the hand analysis's worker (under nice, as
        deploy/ runs it), and beat for the overdue-turn sweep."""
        self.named["worker"] = self.spawn(
            "worker", "-m", "celery", "-A", "tarneeb", "worker", "-P", "prefork", "-l", "WARNING",
            "-n", f"{name}-{uuid.uuid4().hex[:6]}@%h", "--without-gossip", "--without-mingle")
        self.named["analysis"] = self.spawn(
            "analysis", "-m", "celery", "-A", "tarneeb", "worker", "-Q", "analysis", "-P", "solo",
            "-l", "WARNING",
            "-n", f"{name}-analysis-{uuid.uuid4().hex[:6]}@%h", "--without-gossip", "--without-mingle")
        os.setpriority(os.PRIO_PROCESS, self.named["analysis"].pid, 10)
        self.named["beat"] = self.spawn("beat", "-m", "celery", "-A", "tarneeb", "beat", "-l", "WARNING",
                                        "-s", str(self.tmp / "beat-schedule"))

    def start(self) -> list[str]:
        if self.scaled:
            self.own_backends(self.database, self.redis_url)
            self.spawn_worker_and_beat("load")
        bases = super().start()
        daphnes = {f"daphne-{n}": p for n, p in enumerate(self.processes[-len(bases):])}
        self.named = {**daphnes, **self.named}
        return [self.start_nginx(bases)] if self.proxy else bases

    def start_nginx(self, bases: list[str]) -> str:
        """nginx in the foreground from deploy/render.py's configuration, in front of the
        daphnes, as tests/test_deploy_nginx.py runs it; its address."""
        nginx = shutil.which("nginx", path=f"{os.environ.get('PATH', '')}:/usr/sbin")
        if nginx is None:
            raise SystemExit("--proxy needs nginx: apt-get install nginx (`make deploy-tools`)")
        prefix, port = self.tmp / "nginx", free_port()
        subprocess.run([sys.executable, "deploy/render.py", "foreground", str(prefix), "--listen",
                        f"127.0.0.1:{port}", *[f"--upstream={urlsplit(base).netloc}" for base in bases],
                        "--static-root", str(ROOT / "staticfiles")], cwd=ROOT, check=True)
        log = open(self.log_dir / "nginx.log", "ab")  # noqa: SIM115 - closed on exit
        self.callback(log.close)
        process = subprocess.Popen([nginx, "-p", str(prefix), "-c", "nginx.conf", "-e", "logs/error.log"],
                                   stdout=log, stderr=subprocess.STDOUT)
        self.callback(stop_process, process)
        self.named["nginx"] = process
        wait_for_port(port, process=process)
        return f"http://127.0.0.1:{port}"

    def check_running(self) -> None:
        for name, process in self.named.items():
            if process.poll() is not None:
                raise SystemExit(f"{name} exited with {process.returncode}: see its log in {self.log_dir}")


# What the server processes cost

def database_backends(database: str) -> list[int]:
    """PostgreSQL's processes serving this benchmark's database (scaled mode)."""
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        rows = admin.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (database,)).fetchall()
    return [pid for (pid,) in rows]


def redis_servers(url: str) -> list[int]:
    """The redis-server process listening on the URL's port (scaled mode): the channel
    layer's and the broker's work is its, and a move's CPU counts it. It serves every Redis
    database of the machine, which on a quiet machine are this benchmark's alone."""
    port = f":{urlsplit(url).port or 6379}"
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            # Redis titles itself "redis-server 127.0.0.1:6379" (or "*:6379").
            words = command.split()
            if words[:1] == ["redis-server"] and any(word.endswith(port) for word in words[1:]):
                found.append(int(entry.name))
    return found


def server_processes(servers: LoadServers) -> dict[str, list[int]]:
    named = {name: descendants(process.pid) for name, process in servers.named.items()}
    if servers.scaled:
        named["postgres"] = database_backends(servers.database)
        named["redis"] = redis_servers(servers.redis_url)
    return named


def profile(servers: LoadServers, folder: Path, seconds: float,
            gil: bool = False) -> list[subprocess.Popen[bytes]]:
    """py-spy samples each daphne (with its threads) and the worker for the window, without
    pausing them (--nonblocking), into folder/NAME.txt: folded stacks, one a line with its
    count, for speedscope or flamegraph.pl. With `gil`, only samples of the thread holding
    the GIL: where the CPU goes, without the threads waiting on the database."""
    folder.mkdir(parents=True, exist_ok=True)
    return [subprocess.Popen([str(Path(sys.executable).with_name("py-spy")), "record", "--nonblocking",
                              *(["--gil"] if gil else []),
                              "--subprocesses", "--threads", "--rate", "200", "--format", "raw",
                              "--duration", str(int(seconds)), "--pid", str(process.pid),
                              "--output", str(folder / f"{name}.txt")],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for name, process in servers.named.items() if name.startswith(("daphne", "worker"))]

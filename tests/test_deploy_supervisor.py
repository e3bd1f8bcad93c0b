"""The processes of deploy/ under supervisord (Debian's `supervisor`), from the programs
deploy/render.py writes: two daphne processes, the Celery worker and beat. A daphne and
the worker killed with SIGKILL, as a crash or the OOM killer would, are started again."""

import getpass
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings

from tests.conftest import ROOT, database_url, require_service
from tests.processes import stop_process
from tests.protocol_client import wait_healthy
from tests.test_deploy_nginx import SITE_ENV, require_program

pytestmark = [pytest.mark.scaled, pytest.mark.django_db(transaction=True)]

SUPERVISORD = """\
[supervisord]
nodaemon=true
logfile={dir}/supervisord.log
pidfile={dir}/supervisord.pid
childlogdir={dir}

[unix_http_server]
file={dir}/supervisor.sock

[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface

[supervisorctl]
serverurl=unix://{dir}/supervisor.sock

[include]
files={dir}/tarneeb.conf
"""


def two_free_ports() -> int:
    """A port whose next one is free too: the programs' daphnes listen on consecutive ports."""
    while True:
        with socket.socket() as first, socket.socket() as second:
            first.bind(("127.0.0.1", 0))
            port = first.getsockname()[1]
            try:
                second.bind(("127.0.0.1", port + 1))
            except OSError:
                continue
            return port


@dataclass
class Supervised:
    supervisorctl: str
    config: Path
    first_port: int

    def pid(self, name: str) -> int:
        """The process's pid, 0 while it is not running."""
        answer = subprocess.run([self.supervisorctl, "-c", str(self.config), "pid", f"tarneeb:{name}"],
                                capture_output=True, text=True, check=False).stdout.strip()
        assert answer.isdigit(), f"supervisorctl pid tarneeb:{name}: {answer}"
        return int(answer)

    def kill(self, name: str, group: bool = False) -> int:
        """kill -9 the running `name`, with the process group it leads if `group`; its pid."""
        pid = self.pid(name)
        assert pid > 0, f"{name} is not running"  # killpg(0) would kill this test's own group
        (os.killpg if group else os.kill)(pid, signal.SIGKILL)
        return pid

    def status(self) -> str:
        return subprocess.run([self.supervisorctl, "-c", str(self.config), "status"],
                              capture_output=True, text=True, check=False).stdout


def wait_for(condition: Callable[[], object], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {timeout:.0f} s"
        time.sleep(0.2)


@pytest.fixture(scope="module")
def supervised(django_db_setup: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Supervised]:
    supervisord = require_program("supervisord", "supervisor")
    supervisorctl = require_program("supervisorctl", "supervisor")
    require_service("Redis", settings.REDIS_URL)
    folder = tmp_path_factory.mktemp("supervisor")
    env = {**SITE_ENV, "DATABASE_URL": database_url("supervised"), "REDIS_URL": settings.REDIS_URL,
           "CHANNELS_PREFIX": os.environ.get("CHANNELS_PREFIX", "tarneeb")}
    # Quoted as docs/deploy.md asks: a URL's `?` and `&` stay as they are.
    (folder / "env").write_text("".join(f"{name}='{value}'\n" for name, value in env.items()))
    port = two_free_ports()
    programs = subprocess.run(
        [sys.executable, "deploy/render.py", "supervisor", "--daphnes", "2", "--first-port", str(port),
         "--root", str(ROOT), "--python", sys.executable, "--user", getpass.getuser(),
         "--env-file", str(folder / "env"), "--log-dir", str(folder), "--state-dir", str(folder)],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout
    (folder / "tarneeb.conf").write_text(programs)
    (folder / "supervisord.conf").write_text(SUPERVISORD.format(dir=folder))
    process = subprocess.Popen([supervisord, "-c", str(folder / "supervisord.conf")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        yield Supervised(supervisorctl, folder / "supervisord.conf", port)
    finally:
        # supervisord stops its programs first: the worker's warm shutdown may take a while.
        stop_process(process, patience=60)


# Two daphne, the worker, beat and the analysis worker (deploy/supervisor.conf.in).
PROGRAMS = 5


def test_supervisord_starts_a_killed_daphne_and_a_killed_worker_again(supervised):
    bases = [f"http://127.0.0.1:{supervised.first_port + n}" for n in range(2)]
    for base in bases:
        assert wait_healthy(base, 90)["checks"]["worker"]["ok"]
    assert supervised.status().count("RUNNING") == PROGRAMS, supervised.status()

    daphne = f"daphne-{supervised.first_port}"
    killed = supervised.kill(daphne)
    started = time.monotonic()
    wait_for(lambda: supervised.pid(daphne) not in (0, killed), 30, "a new daphne")
    wait_healthy(bases[0], 60)
    daphne_back = time.monotonic() - started

    killed = supervised.kill("worker", group=True)  # the pool's children with it
    started = time.monotonic()
    wait_for(lambda: supervised.pid("worker") not in (0, killed), 30, "a new worker")
    # /healthz answers 200 only once a worker answers its ping.
    wait_healthy(bases[1], 60)
    worker_back = time.monotonic() - started
    assert supervised.status().count("RUNNING") == PROGRAMS, supervised.status()
    print(f"\nunder supervisord: daphne serving again {daphne_back:.1f} s after kill -9, "
          f"worker answering again after {worker_back:.1f} s")

"""The deployment of deploy/ with Debian's nginx in front: its configuration rendered by
deploy/render.py for two daphne processes (`python -m tarneeb.server`, DEBUG off, as in
production) on ports chosen now, nginx started from it in the foreground, and a whole
match played through nginx only, with the table's sockets landing on both daphnes."""

import asyncio
import http.client
import os
import re
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from websockets.exceptions import ConnectionClosed

from accounts.models import LoginFailures
from tests.conftest import IN_CI, ROOT, serve_site
from tests.processes import free_port, stop_process, wait_for_port
from tests.protocol_client import HttpSession, TableClient, create_room, signup, wait_healthy
from tests.test_two_servers import versions, whole_match

pytestmark = [pytest.mark.scaled, pytest.mark.django_db(transaction=True)]

MATCH_SECONDS = 120
# The environment of production (docs/deploy.md) but plain HTTP: nginx on loopback is
# the proxy the daphnes believe.
SITE_ENV = {"DEBUG": "false", "SECRET_KEY": "deploy-test-" + "k" * 40, "SECURE_COOKIES": "false",
            "TRUSTED_PROXIES": "127.0.0.1", "NEXT_HAND_SECONDS": "0.2"}
WEBSOCKET = re.compile(r'"GET /ws/rooms/[^ ]+ HTTP/1\.1" 101 .*upstream=(\S+)')


def require_program(name: str, package: str) -> str:
    """The program's path; fail under CI, skip elsewhere, when it is not installed."""
    path = shutil.which(name, path=f"{os.environ.get('PATH', '')}:/usr/sbin")
    if path is None:
        message = f"{name} is not installed (apt-get install {package}; `make test` installs it)"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    return path


@dataclass
class Deployment:
    base: str
    daphnes: list[str]  # host:port, as nginx names its upstreams
    access_log: Path

    def upstreams_of_sockets(self, count: int, timeout: float = 15) -> list[str]:
        """The daphne each of the last `count` table sockets went to. nginx logs a socket
        when it closes."""
        deadline = time.monotonic() + timeout
        while True:
            found = WEBSOCKET.findall(self.access_log.read_text())
            if len(found) >= count or time.monotonic() > deadline:
                return found[-count:]
            time.sleep(0.1)


@pytest.fixture(scope="module")
def deployment(django_db_setup: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    nginx = require_program("nginx", "nginx")
    # DEBUG off serves collectstatic's hashed names, as production does (docs/deploy.md).
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
                   cwd=ROOT, env={**os.environ, **SITE_ENV}, check=True)
    prefix = tmp_path_factory.mktemp("nginx")
    port = free_port()
    with (serve_site("deploy-daphne-1", **SITE_ENV) as first,
          serve_site("deploy-daphne-2", **SITE_ENV) as second):
        daphnes = [urlsplit(first).netloc, urlsplit(second).netloc]
        subprocess.run([sys.executable, "deploy/render.py", "foreground", str(prefix),
                        "--listen", f"127.0.0.1:{port}", "--upstream", daphnes[0], "--upstream", daphnes[1],
                        "--static-root", str(ROOT / "staticfiles")], cwd=ROOT, check=True)
        process = subprocess.Popen([nginx, "-p", str(prefix), "-c", "nginx.conf", "-e", "logs/error.log"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        try:
            wait_for_port(port)
            yield Deployment(f"http://127.0.0.1:{port}", daphnes, prefix / "logs" / "access.log")
        finally:
            stop_process(process)


async def test_a_whole_match_plays_through_nginx_with_sockets_on_both_daphnes(deployment, worker):
    health = await asyncio.to_thread(wait_healthy, deployment.base, 60)
    assert health["mode"] == "scaled"
    started = time.monotonic()
    clients = await asyncio.wait_for(whole_match([deployment.base, deployment.base]), MATCH_SECONDS)
    elapsed = time.monotonic() - started

    sequences = [versions(client) for client in clients]
    assert all(sequence == sequences[0] for sequence in sequences), "sockets saw different versions"
    for client in clients:
        assert client.errors == [] and client.leaks == [], (client.name, client.errors, client.leaks)
        assert client.state is not None and client.state["match"]["phase"] == "finished"
        assert client.state["room"]["status"] == "over"
    assert max(clients[0].state["match"]["scores"]) >= 31
    upstreams = await asyncio.to_thread(deployment.upstreams_of_sockets, 4)
    assert len(upstreams) == 4 and set(upstreams) == set(deployment.daphnes), upstreams
    print(f"\nwhole match through nginx: {clients[0].state['match']['hand_number']} hands, "
          f"{elapsed:.1f} s, sockets on {sorted(upstreams)}")


def wrong_password_from(base: str, address: str) -> int:
    """A wrong password for a made-up account, posted from the loopback `address`."""
    session = HttpSession(base)
    session.get("/accounts/login/")  # the CSRF cookie
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30,
                                            source_address=(address, 0))
    token = session.cookies["csrftoken"]
    connection.request("POST", "/accounts/login/",
                       body=f"csrfmiddlewaretoken={token}&username=nobody-{uuid.uuid4().hex[:6]}&password=wrong",
                       headers={"Host": parts.netloc, "Cookie": f"csrftoken={token}",
                                "Content-Type": "application/x-www-form-urlencoded"})
    status = connection.getresponse().status
    connection.close()
    return status


def test_the_site_counts_a_wrong_password_against_the_client_behind_nginx(deployment):
    assert wrong_password_from(deployment.base, "127.0.0.9") == 200  # the form again, with its error
    keys = set(LoginFailures.objects.values_list("key", flat=True))
    assert "address:127.0.0.9" in keys and "address:127.0.0.1" not in keys, keys


def post_body(base: str, size: int) -> int:
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    connection.request("POST", "/accounts/login/", body=b"x" * size,
                       headers={"Content-Type": "application/x-www-form-urlencoded"})
    status = connection.getresponse().status
    connection.close()
    return status


def test_nginx_refuses_a_request_body_over_64_kib(deployment):
    assert post_body(deployment.base, 64 * 1024 + 1) == 413
    assert post_body(deployment.base, 60 * 1024) == 403  # reaches Django: no CSRF token


async def test_a_websocket_message_over_64_kib_is_closed_with_1009_through_nginx(deployment):
    session = await asyncio.to_thread(signup, deployment.base, f"size-{uuid.uuid4().hex[:6]}")
    room_id = await asyncio.to_thread(create_room, session)
    client = TableClient(deployment.base, room_id, session)
    await client.connect()
    await client.send({"type": "act", "pad": "x" * 60 * 1024})
    assert (await client.next_message("error"))["code"] == "too_large"  # the protocol's 4 KiB
    with pytest.raises(ConnectionClosed) as closed:
        await client.send({"type": "act", "pad": "x" * 64 * 1024})
        await client.next_message()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_static_files_come_from_nginx_compressed_and_cached_for_a_year(deployment):
    page = HttpSession(deployment.base).get("/accounts/login/")
    stylesheet = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page.body.decode())
    assert stylesheet, "no hashed stylesheet in the page"
    parts = urlsplit(deployment.base)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    connection.request("GET", stylesheet.group(1), headers={"Accept-Encoding": "gzip"})
    response = connection.getresponse()
    response.read()
    connection.close()
    assert response.status == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    served = [line for line in deployment.access_log.read_text().splitlines() if stylesheet.group(1) in line]
    assert served and served[-1].split("upstream=")[1].startswith("- "), served

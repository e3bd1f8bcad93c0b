"""Fixtures for the browser tests: a real daphne server on the test database, and
Debian's chromium driven by Playwright.

The server runs in its own process, so the tests that use it are transactional (their
data is committed where the server can read it). In embedded mode the server runs its
own in-process worker; in scaled mode the suite's Celery worker process serves it.
"""

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from games.models import Room
from tests.browser.pages import TIMEOUT_MS
from tests.browser.scripted import FakeServer
from tests.conftest import IN_CI, ROOT, beat_running, start_server
from tests.processes import free_port, stop_process
from tests.protocol_client import wait_healthy
from tests.tables import make_players, session_cookie

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
ASYNC_UNSAFE = "DJANGO_ALLOW_ASYNC_UNSAFE"


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest, django_db_setup: None,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server (tests.conftest.start_server) on a free port, with a worker (and, in scaled
    mode, beat: the turn timer and the next deal); a test module's SERVER_ENV adds to its
    settings."""
    with contextlib.ExitStack() as stack:
        if settings.SCALED:
            request.getfixturevalue("worker_process")
            stack.enter_context(beat_running(tmp_path_factory.mktemp("beat")))
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        process = start_server(port, "browser-server",
                               **{"NEXT_HAND_SECONDS": "3", **getattr(request.module, "SERVER_ENV", {})})
        stack.callback(stop_process, process)
        wait_healthy(url, 45, process)
        yield url


@pytest.fixture(scope="module")
def browser(django_db_setup: None) -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        message = f"chromium is not installed at {CHROMIUM} (make chromium installs it)"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop in this thread, which Django takes for an
    # async context; the tests' own database calls (the flush after each) are still sync.
    previous = os.environ.get(ASYNC_UNSAFE)
    os.environ[ASYNC_UNSAFE] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                yield chromium
            finally:
                chromium.close()
    finally:
        if previous is None:
            os.environ.pop(ASYNC_UNSAFE, None)
        else:
            os.environ[ASYNC_UNSAFE] = previous


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def table(server: str, browser: Any) -> Iterator[tuple[Any, FakeServer, Room, list[Any]]]:
    """A logged-in page at a room whose socket the test scripts (tests/browser/scripted.py)."""
    users = make_players(4, prefix="mock")
    # Straight to the database: nothing is published, the page's socket is scripted.
    room = Room.objects.create(owner=users[0], name="mock table", variant="classic", target=31)
    context = browser.new_context(base_url=server, viewport={"width": 1280, "height": 800}, locale="en-US")
    context.set_default_timeout(TIMEOUT_MS)
    name, value = session_cookie(users[0]).decode().split("=", 1)
    context.add_cookies([{"name": name, "value": value, "url": server}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    fake = FakeServer(page)
    yield page, fake, room, users
    context.close()
    assert not errors, errors

"""Fixtures shared by the whole suite.

The suite runs twice in CI: embedded (SQLite, in-memory layer, in-process worker) and
scaled (REDIS_URL and DATABASE_URL set: PostgreSQL, channels_redis and a Celery worker
process started here). Tests marked `scaled` or `embedded` run only in that mode.
"""

import contextlib
import os
import socket
import subprocess
import sys
import threading
import traceback
import uuid
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.conf import settings

from tarneeb.celery import app as celery_app
from tests.processes import free_port, stop_process, wait_for_port, wait_for_worker, workers_idle

IN_CI = os.environ.get("CI") == "true"
ROOT = Path(__file__).resolve().parent.parent
LOG_DIR = ROOT / "artifacts" / "logs"
FAST_HASHER = "django.contrib.auth.hashers.MD5PasswordHasher"
RELAXED_LIMITS = {"SOCKET_MESSAGE_BURST": 10_000, "SOCKET_MESSAGES_PER_SECOND": 10_000.0,
                  "USER_MESSAGE_BURST": 10_000, "USER_MESSAGES_PER_SECOND": 10_000.0,
                  "SOCKET_CONNECT_BURST": 10_000, "SOCKET_CONNECTS_PER_SECOND": 10_000.0,
                  "ADDRESS_MESSAGE_BURST": 10_000, "ADDRESS_MESSAGES_PER_SECOND": 10_000.0,
                  "ADDRESS_CONNECT_BURST": 10_000, "ADDRESS_CONNECTS_PER_SECOND": 10_000.0,
                  "CONNECTION_BURST": 10_000, "CONNECTIONS_PER_SECOND": 10_000.0,
                  # Password hashing (accounts/budget.py): tests sign up and log in far faster.
                  "PASSWORD_HASHES_PER_SECOND": 10_000.0, "PASSWORD_HASHES_PER_MINUTE": 10_000.0,
                  "ADDRESS_PASSWORD_HASHES_PER_MINUTE": 10_000.0, "SIGNUP_ADDRESS_BURST": 10_000,
                  "SIGNUP_ADDRESS_PER_HOUR": 10_000.0,
                  # Rooms a person opens (games.services.room_life): tests open them as fixtures.
                  "ROOMS_PER_HOUR": 10_000, "ROOMS_OPEN_PER_USER": 10_000, "BOT_ROOMS_PER_USER": 10_000,
                  "QUICK_PLAY_BOTS_NOW_PER_HOUR": 10_000,
                  # Connections one address holds (tarneeb.server, tarneeb.sockets): every
                  # browser and socket of a test comes from 127.0.0.1.
                  "ADDRESS_UNFINISHED_CONNECTIONS": 10_000, "ADDRESS_SOCKETS": 10_000, "USER_SOCKETS": 10_000,
                  "ROOM_SPECTATORS": 10_000}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "embedded: runs only in embedded mode")
    # Tests create many players; the real hasher is slow on purpose. Servers the suite
    # starts inherit this too.
    settings.PASSWORD_HASHERS = [FAST_HASHER]
    os.environ["PASSWORD_HASHERS"] = FAST_HASHER
    # Tests play whole matches as fast as the machine goes, far above a person's pace;
    # the tests of the rate limits set their own. Servers the suite starts inherit this.
    for name, value in RELAXED_LIMITS.items():
        setattr(settings, name, value)
        os.environ[name] = str(value)
    # Bots move at once (docs/bots.md), and fill a Quick play room only in the tests of that.
    for name, value in {"BOT_MOVE_SECONDS": 0.0, "QUICK_PLAY_BOT_SECONDS": 600.0}.items():
        setattr(settings, name, value)
        os.environ[name] = str(value)


# Pure Python (the engine, the bots) and the browser's drawing behave the same whatever
# serves them: the scaled pass skips them, keeping the browser tests that play through
# the real server and worker (a whole hand, bots, moderation's socket closing).
SAME_IN_BOTH_MODES = ("tests/engine/", "tests/bots/", "tests/browser/")
THROUGH_THE_SERVICES = ("tests/browser/test_browser_table.py", "tests/browser/test_browser_bots.py",
                        "tests/browser/test_browser_moderation.py")


# Pure Python outside those folders: the analysis on double dummy, settings read in a
# process of their own, the import layers, text and address rules, the token bucket, the
# record schema against the engine. None opens the database, a socket, the channel layer
# or a worker, so the scaled pass would only repeat them; a test added to one of these
# files that does ask for the database or a server (`uses_services`) still runs in both.
NO_SERVICES = tuple(f"tests/test_{name}.py" for name in (
    "analysis_best_play", "analysis_costly_card", "analysis_independent", "analysis_masters",
    "bots_ceiling_halves", "card_leak_check", "chat_invisible", "import_contracts", "leavers_policy",
    "load_bench_pacing", "login_addresses", "protocol_keys", "record_schema_events", "secure_cookies",
    "token_bucket"))
SERVICE_FIXTURES = {"db", "transactional_db", "django_db_setup", "worker", "worker_process", "server",
                    "site", "live_server", "asgi_application", "client", "admin_client", "async_client"}


def uses_services(item: pytest.Item) -> bool:
    return (item.get_closest_marker("django_db") is not None
            or bool(SERVICE_FIXTURES & set(getattr(item, "fixturenames", ()))))


# Minutes each, mostly waiting (browser) or one core's work (self-play, hypothesis): run
# first, so that parallel workers (tests.workers) do not end on one of them alone.
LONG_FIRST = ("tests/bots/test_bots_selfplay.py", "tests/browser/", "tests/engine/test_engine_properties.py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: not item.nodeid.startswith(LONG_FIRST))
    for item in items:
        if (settings.SCALED and item.nodeid.startswith(SAME_IN_BOTH_MODES)
                and not item.nodeid.startswith(THROUGH_THE_SERVICES)):
            item.add_marker(pytest.mark.skip(reason="same in both modes: run in the embedded pass"))
        if settings.SCALED and item.nodeid.startswith(NO_SERVICES) and not uses_services(item):
            item.add_marker(pytest.mark.skip(reason="uses no service: run in the embedded pass"))
        if "scaled" in item.keywords and not settings.SCALED:
            item.add_marker(pytest.mark.skip(
                reason="scaled mode only: run with REDIS_URL and DATABASE_URL set "
                       "(the second pass of .ci/run)"))
        if "embedded" in item.keywords and settings.SCALED:
            item.add_marker(pytest.mark.skip(reason="embedded mode only (REDIS_URL is set)"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A test that gave up waiting reports what every thread of its process was doing then:
    a stall on a loaded machine (a busy database thread, a lock) shows where it was."""
    report: pytest.TestReport = yield
    if call.excinfo is not None and call.excinfo.errisinstance(TimeoutError):
        report.sections.append(("Captured threads at the timeout", thread_stacks()))
    return report


def thread_stacks() -> str:
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    return "\n".join(f"--- {names.get(ident, ident)}\n" + "".join(traceback.format_stack(frame))
                     for ident, frame in sys._current_frames().items())


def require_service(name: str, url: str) -> None:
    """Fail under CI, skip elsewhere, when a service the test needs is unreachable."""
    parts = urlsplit(url)
    try:
        socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 0), 2).close()
    except OSError as exc:
        message = f"{name} at {parts.hostname}:{parts.port} is unreachable ({exc})"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)


def database_url(application_name: str = "tests") -> str:
    """The test database as a URL, for processes this suite starts; on PostgreSQL their
    sessions carry `application_name` in pg_stat_activity."""
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or "postgres"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    host = f"{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}"
    return f"postgres://{user}{password}@{host}/{db['NAME']}?application_name={application_name}"


def start_celery(name: str, *arguments: str, **env: str) -> subprocess.Popen[bytes]:
    """`celery -A tarneeb <arguments>` on the test database, logging to artifacts/logs/."""
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # each test process's own (tests.workers)
    log = open(LOG_DIR / f"{name}{worker and '-' + worker}.log", "ab")  # noqa: SIM115 - closed with the process
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "tarneeb", *arguments],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        env={**os.environ, "DATABASE_URL": database_url(name), "EMBEDDED_WORKER": "false", **env},
    )


def start_worker_process(name: str, pool: str = "threads", concurrency: int = 8,
                         **env: str) -> subprocess.Popen[bytes]:
    return start_celery(name, "worker", "-P", pool, "-c", str(concurrency), "-l", "INFO",
                        "-n", f"{name}-{uuid.uuid4().hex[:6]}@%h", "--without-gossip", "--without-mingle",
                        **env)


def start_server(port: int, name: str = "server", **env: str) -> subprocess.Popen[bytes]:
    """`python -m tarneeb.server` (daphne as `make run` starts it) on `port` and the test
    database, logging to artifacts/logs/<name>-<port>.log; its PostgreSQL sessions carry
    `name` as their application_name. `env` adds to its settings."""
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    server_env = {**os.environ, "DATABASE_URL": database_url(name),
                  "DJANGO_SETTINGS_MODULE": "tarneeb.settings", **env}
    # The browser tests set it in this process while Playwright runs; a server never has it.
    server_env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    with open(LOG_DIR / f"{name}-{port}.log", "ab") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "tarneeb.server", "-b", "127.0.0.1", "-p", str(port),
             "tarneeb.asgi:application"],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=server_env,
        )


def start_beat(name: str, folder: Path, **env: str) -> subprocess.Popen[bytes]:
    """`celery -A tarneeb beat`: the turn timer's sweep every SWEEP_SECONDS."""
    return start_celery(name, "beat", "-l", "INFO", "-s", str(folder / f"{name}-schedule"), **env)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """pytest-django's test databases; on PostgreSQL, before they are dropped, the sessions
    still open on them end (a socket's database thread may still hold a connection of the
    process's pool), so dropping them does not fail with "being accessed by other users"."""
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                       " WHERE datname = current_database() AND pid <> pg_backend_pid()")


@pytest.fixture(scope="module")
def worker_process(django_db_setup: None) -> Iterator[subprocess.Popen[bytes]]:
    """A real `celery -A tarneeb worker` process on the test database (scaled mode), kept
    for the module: it starts in seconds."""
    if not settings.SCALED:
        pytest.skip("a separate worker process needs REDIS_URL (scaled mode)")
    require_service("Redis", settings.REDIS_URL)
    celery_app.control.purge()
    process = start_worker_process("worker")
    try:
        wait_for_worker()
        yield process
    finally:
        stop_process(process)


@pytest.fixture
def worker(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[None]:
    """A Celery worker and beat in this mode: threads in this process, or processes (in
    scaled mode beat lives for this test alone: see `beat_running`)."""
    if not settings.SCALED:
        import tarneeb.asgi  # noqa: F401 - building the application starts the embedded worker

        wait_for_worker()
        yield
        return
    request.getfixturevalue("worker_process")
    with beat_running(tmp_path):
        yield


@contextlib.contextmanager
def beat_running(folder: Path) -> Iterator[None]:
    """Beat, whose sweep is the turn timer, for as long as the block runs; it ends once the
    worker has run the last sweep beat sent, so that a later test of the module that plays
    its timeouts by hand (timer_by_hand) does not meet one."""
    from tests.tables import wait_for

    beat = start_beat("beat", folder)
    try:
        yield
    finally:
        stop_process(beat)
        wait_for(lambda: workers_idle(workers=1), timeout=60, every=0.2)


@pytest.fixture
def timer_by_hand(monkeypatch: pytest.MonkeyPatch) -> Callable[[], int]:
    """The turn timer's sweep (move_path.play_overdue), run when the test calls it: the
    embedded worker's beat, which an earlier test may have started, plays nothing meanwhile.
    (In scaled mode beat runs only during tests that ask for `worker`.)"""
    from games.services import move_path

    play_overdue = move_path.play_overdue
    monkeypatch.setattr(move_path, "play_overdue", lambda limit=200: 0)
    return play_overdue


@pytest.fixture(autouse=True)
def bot_turns(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The bots' turns (match, version) the services asked for. Unless the test runs a
    worker they are held here, not sent: the embedded worker an earlier test started would
    play them at once while this test moves the same seats by hand. A test that wants them
    played calls games.bot_players.move, as the task does."""
    asked: list[tuple[int, int]] = []
    if not {"worker", "worker_process"} & set(request.fixturenames):
        from games import tasks

        # The move path sends it by name (a signature), which calls the task's apply_async.
        monkeypatch.setattr(tasks.bot_move, "apply_async",
                            lambda args, kwargs=None, **options: asked.append((args[0], args[1])))
    return asked


@pytest.fixture(autouse=True)
def fresh_redis_layer() -> Iterator[None]:
    """Each test's sockets get a channels_redis layer of their own. A layer keeps asyncio
    locks across calls, and each test runs on a loop of its own: scaled runs sometimes
    failed a socket test with "Lock ... is bound to a different event loop" (seen in about
    one run in four, not reproduced on demand); a layer per test cannot carry one over."""
    yield
    if settings.SCALED:
        from channels.layers import DEFAULT_CHANNEL_LAYER, channel_layers

        channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)


@pytest.fixture
def asgi_application():
    from tarneeb.asgi import application

    return application


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice", password="tarneeb-alice-pass")


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user("bob", password="tarneeb-bob-pass")


class Clock:
    """The login throttle's clock, moved by hand."""

    def __init__(self) -> None:
        from django.utils import timezone

        self.now = timezone.now()

    def advance(self, seconds: float) -> None:
        from datetime import timedelta

        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    import accounts.throttle

    clock = Clock()
    monkeypatch.setattr(accounts.throttle, "now", lambda: clock.now)
    return clock


@contextlib.contextmanager
def serve_site(name: str = "site", **env: str) -> Iterator[str]:
    """A server (`start_server`) on a free port without a worker; yields its base URL once
    it listens."""
    port = free_port()
    process = start_server(port, name, EMBEDDED_WORKER="false", **env)
    try:
        wait_for_port(port, 45, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_process(process)


@pytest.fixture(scope="module")
def site(django_db_setup: None) -> Iterator[str]:
    with serve_site() as base:
        yield base


@pytest.fixture
def mail_now(monkeypatch: pytest.MonkeyPatch, mailoutbox: list) -> list:
    """The mail tasks (accounts/tasks.py) run in the test's process as soon as they are
    asked for, into Django's test outbox, which this returns."""
    from accounts import tasks

    for task in (tasks.send_confirmation, tasks.send_password_reset):
        monkeypatch.setattr(task, "delay", lambda *args, task=task: task.run(*args))
    return mailoutbox

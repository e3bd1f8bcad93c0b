"""Settings for Tarneeb online, read from the environment.

Embedded mode (no REDIS_URL): SQLite, an in-memory channel layer and a Celery worker
running inside the server process on the memory transport. Scaled mode (REDIS_URL set):
channels_redis and a Redis broker shared by any number of daphne and Celery processes.
"""

import ipaddress
import os
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import dj_database_url
from django.conf import global_settings
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: bool) -> bool:
    value = os.getenv(name)
    if value is None or value == "":
        return default
    if value.lower() in ("1", "true", "yes", "on"):
        return True
    if value.lower() in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"Unexpected value {name}={value!r}, use true or false")


def envint(name: str, default: int) -> int:
    value = os.getenv(name)
    return default if value in (None, "") else int(value)


def envfloat(name: str, default: float) -> float:
    value = os.getenv(name)
    return default if value in (None, "") else float(value)


def envlist(name: str, default: list[str]) -> list[str]:
    value = os.getenv(name)
    if value in (None, ""):
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def envmail(name: str, folder: Path) -> dict[str, Any]:
    """Django's EMAIL_* settings from one URL: smtp://user:password@host:587 (STARTTLS
    unless ?tls=false), smtps://user:password@host:465 (TLS from the first byte). Unset:
    every message is written to a file in `folder` (tarneeb.mail.FolderBackend)."""
    value = os.getenv(name, "")
    mail: dict[str, Any] = {"EMAIL_BACKEND": "tarneeb.mail.FolderBackend", "EMAIL_FILE_PATH": str(folder),
                            "EMAIL_HOST": "localhost", "EMAIL_PORT": 25, "EMAIL_HOST_USER": "",
                            "EMAIL_HOST_PASSWORD": "", "EMAIL_USE_SSL": False, "EMAIL_USE_TLS": False,
                            # A mail server that stops answering must not hold a worker's thread.
                            "EMAIL_TIMEOUT": 20}
    if not value:
        return mail
    url = urlsplit(value)
    if url.scheme not in ("smtp", "smtps") or not url.hostname:
        raise ImproperlyConfigured(f"{name}: expected smtp://[user:password@]host[:port] or smtps://...")
    query = parse_qs(url.query)
    ssl = url.scheme == "smtps"
    return {
        **mail, "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": url.hostname, "EMAIL_PORT": url.port or (465 if ssl else 587),
        "EMAIL_HOST_USER": unquote(url.username or ""), "EMAIL_HOST_PASSWORD": unquote(url.password or ""),
        "EMAIL_USE_SSL": ssl,
        "EMAIL_USE_TLS": not ssl and query.get("tls", ["true"])[0].lower() not in ("0", "false", "no", "off"),
    }


DEBUG = envbool("DEBUG", True)
SECRET_KEY = os.getenv("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "insecure-development-key-never-use-in-production"

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "accounts",
    "games",
    "history",
    "analysis",
    "chat",
    "moderation",
    "ratings",
    "playban",
    "events",
    "friends",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A logged-in player's own language and time zone (their settings), over the browser's.
    "accounts.preferences.middleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A suspended or banned player's sessions end on their next request (after the
    # messages, which tell them why).
    "moderation.middleware.end_suspended_sessions",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "tarneeb.urls"
ASGI_APPLICATION = "tarneeb.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "moderation.notices.notices",
                "accounts.next.back_here",
                "friends.context.unread",
                "accounts.preferences.preferences",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(os.getenv("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers go on while the one writer holds the lock; IMMEDIATE takes that
    # lock at BEGIN, which is what select_for_update means on SQLite.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test-db.sqlite3")}
    # Opening a SQLite connection runs the PRAGMAs above and registers Django's SQL
    # functions: half of a socket's database call when each call opened its own. Kept
    # per thread instead: the sockets' one database thread and the worker's keep theirs;
    # a request's thread ends with its request, and its connection with it.
    DATABASES["default"]["CONN_MAX_AGE"] = None
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        # Opening a PostgreSQL session costs a server process and milliseconds: each
        # process (daphne, every worker child) borrows from a pool of its own. Not
        # CONN_MAX_AGE: under ASGI each request runs on a thread of its own, and
        # connections kept per thread pile up (Django's docs).
        "pool": {"min_size": envint("DB_POOL_MIN", 2), "max_size": envint("DB_POOL_MAX", 20)},
        # Parameters sent apart from the SQL rather than quoted into it in Python: about
        # a tenth of a move's CPU in the worker.
        "server_side_binding": True,
    })
    # The pool checks each connection as it lends it (an empty query, about 0.04 ms):
    # after a database restart the idle connections it holds are dead, and each failed
    # one request with a 500. tarneeb.dbpool sweeps the pool on the first failed check.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
# ModelBackend loading moderation's flags with the user; ModelBackend itself for sessions
# made before it.
# One backend: a ModelBackend that also keeps bot accounts out (a second one would let a
# bot with a password in).
AUTHENTICATION_BACKENDS = ["moderation.backends.ModerationBackend"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

# Django's hashers unless set: the test suite and the load benchmark give the servers they
# start a fast one, as a real PBKDF2 costs about a second of a core per sign-up and login.
PASSWORD_HASHERS = envlist("PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Reverse proxies whose X-Forwarded-For we believe (IPs or CIDRs): the client address is
# the right-most address there that is not one of them (tarneeb/addresses.py). Empty:
# the header is ignored and the direct peer is the client.
TRUSTED_PROXIES = envlist("TRUSTED_PROXIES", [])
try:
    for _proxy in TRUSTED_PROXIES:
        ipaddress.ip_network(_proxy, strict=False)
except ValueError as exc:
    raise ImproperlyConfigured(f"TRUSTED_PROXIES: {exc}") from exc

# Login throttling (accounts/throttle.py), stored in the database so it holds across
# processes. Past LOGIN_FAILURE_LIMIT wrong passwords for an account (or for one browser
# that logged in to it before), each further attempt waits LOGIN_DELAY_SECONDS, doubling
# up to LOGIN_COOLOFF_MINUTES; one failure is forgiven per LOGIN_COOLOFF_MINUTES without
# any. A client address gets LOGIN_ADDRESS_FAILURE_LIMIT across all usernames.
LOGIN_FAILURE_LIMIT = envint("LOGIN_FAILURE_LIMIT", 5)
LOGIN_ADDRESS_FAILURE_LIMIT = envint("LOGIN_ADDRESS_FAILURE_LIMIT", 30)
LOGIN_DELAY_SECONDS = envint("LOGIN_DELAY_SECONDS", 30)
LOGIN_COOLOFF_MINUTES = envint("LOGIN_COOLOFF_MINUTES", 15)

# Password hashing (accounts/budget.py): each sign-up, login and password change hashes a
# password, about 0.4 s of a core with PBKDF2, so their rate is what keeps the tables
# moving under a flood (docs/security.md). The whole site hashes at most
# PASSWORD_HASHES_PER_SECOND and PASSWORD_HASHES_PER_MINUTE, counted in the database across
# every process; one client address (an IPv6 /64) at most ADDRESS_PASSWORD_HASHES_PER_MINUTE
# of them, successful logins included (a trusted browser's count is its account's), and
# SIGNUP_ADDRESS_BURST new accounts, then SIGNUP_ADDRESS_PER_HOUR. Beyond them: 429.
PASSWORD_HASHES_PER_SECOND = envfloat("PASSWORD_HASHES_PER_SECOND", 1.0)
PASSWORD_HASHES_PER_MINUTE = envfloat("PASSWORD_HASHES_PER_MINUTE", 30.0)
ADDRESS_PASSWORD_HASHES_PER_MINUTE = envfloat("ADDRESS_PASSWORD_HASHES_PER_MINUTE", 10.0)
SIGNUP_ADDRESS_BURST = envint("SIGNUP_ADDRESS_BURST", 5)
SIGNUP_ADDRESS_PER_HOUR = envfloat("SIGNUP_ADDRESS_PER_HOUR", 20.0)
# The nice value a request's thread hashes at (Linux): the server's other threads first.
PASSWORD_HASH_NICE = envint("PASSWORD_HASH_NICE", 10)

LANGUAGE_CODE = "ar"
LANGUAGES = [("ar", _("Arabic")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Cookies only over HTTPS, unless DEBUG is on; `make run` turns this off, as it serves
# plain http://127.0.0.1, where browsers would drop (or never send) secure cookies.
SECURE_COOKIES = envbool("SECURE_COOKIES", not DEBUG)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SECURE_COOKIES

if not DEBUG:
    SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", False)

# Mail (accounts/mail.py): EMAIL_URL (SMTP) or, unset, files in var/mail/ (the server's log
# says which file each message went to). Sent from the worker, never from a request.
_MAIL = envmail("EMAIL_URL", BASE_DIR / "var" / "mail")
EMAIL_BACKEND, EMAIL_FILE_PATH = _MAIL["EMAIL_BACKEND"], _MAIL["EMAIL_FILE_PATH"]
EMAIL_HOST, EMAIL_PORT, EMAIL_TIMEOUT = _MAIL["EMAIL_HOST"], _MAIL["EMAIL_PORT"], _MAIL["EMAIL_TIMEOUT"]
EMAIL_HOST_USER, EMAIL_HOST_PASSWORD = _MAIL["EMAIL_HOST_USER"], _MAIL["EMAIL_HOST_PASSWORD"]
EMAIL_USE_SSL, EMAIL_USE_TLS = _MAIL["EMAIL_USE_SSL"], _MAIL["EMAIL_USE_TLS"]
DEFAULT_FROM_EMAIL = os.getenv("DEFAULT_FROM_EMAIL", "Tarneeb online <noreply@localhost>")
# Mail one account is sent an hour, whatever its kind (a confirmation link, a password
# reset); mail requests from one client address an hour; password resets asked for one
# email address an hour, whether it is anyone's or not. Beyond them: 429 (or, for the
# account's own cap, silence: the answer never says whether an account exists).
MAIL_ACCOUNT_PER_HOUR = envint("MAIL_ACCOUNT_PER_HOUR", 5)
MAIL_ADDRESS_PER_HOUR = envint("MAIL_ADDRESS_PER_HOUR", 20)
RESET_EMAIL_PER_HOUR = envint("RESET_EMAIL_PER_HOUR", 3)
# Confirmation links mailed to one address an hour, whichever accounts ask, from wherever.
CONFIRM_EMAIL_PER_HOUR = envint("CONFIRM_EMAIL_PER_HOUR", 3)
# How long a link to confirm an email address, or to set a new password, works.
EMAIL_CONFIRM_SECONDS = envint("EMAIL_CONFIRM_SECONDS", 24 * 3600)
PASSWORD_RESET_TIMEOUT = envint("PASSWORD_RESET_SECONDS", 3600)
# Downloads of one's own data (a zip of everything the site holds on them) an hour.
DATA_DOWNLOADS_PER_HOUR = envint("DATA_DOWNLOADS_PER_HOUR", 3)

# A player appears on the leaderboard once this many of their matches in the variant were
# rated: a new rating is still far from the player's level (docs/ratings.md).
RATING_MIN_MATCHES = envint("RATING_MIN_MATCHES", 10)
# ... and once they met this many different accounts on the other side: one person's few
# accounts playing each other (rating farming, issue 28) never do.
RATING_MIN_OPPONENTS = envint("RATING_MIN_OPPONENTS", 6)

# The pause after a hand is scored, so players can see the result before the next deal.
NEXT_HAND_SECONDS = envfloat("NEXT_HAND_SECONDS", 5.0)

# Bots (docs/bots.md): the pause before a bot's move, so people can follow the table; and
# how long Quick play waits for a fourth person before bots fill the empty seats.
BOT_MOVE_SECONDS = envfloat("BOT_MOVE_SECONDS", 1.2)
QUICK_PLAY_BOT_SECONDS = envfloat("QUICK_PLAY_BOT_SECONDS", 20.0)
# "Play now with bots" at a Quick play table, refused once a person has played this many
# Quick play matches in the last hour (then the bots still come when the wait is over).
QUICK_PLAY_BOTS_NOW_PER_HOUR = envint("QUICK_PLAY_BOTS_NOW_PER_HOUR", 20)
# What one person can make (docs/security.md): rooms opened an hour and open at once (Quick
# play's are not counted), and rooms where they have bots seated or playing.
ROOMS_PER_HOUR = envint("ROOMS_PER_HOUR", 12)
ROOMS_OPEN_PER_USER = envint("ROOMS_OPEN_PER_USER", 3)
BOT_ROOMS_PER_USER = envint("BOT_ROOMS_PER_USER", 2)
# A learner's hints at a casual table (games.hints; each is an expert decision, up to
# 0.2 s of CPU): a few at once, then HINTS_PER_MINUTE, per player (accounts.budget).
HINT_BURST = envint("HINT_BURST", 3)
HINTS_PER_MINUTE = envfloat("HINTS_PER_MINUTE", 6.0)
# Presence at a table before its match (docs/leavers.md): a seated person's open socket
# says "here" every SEAT_HERE_SECONDS / 3; their seat counts as present that long after,
# and a seat nobody has been at for SEAT_KEPT_SECONDS more is given up (checked every
# SEAT_SWEEP_SECONDS).
SEAT_HERE_SECONDS = envfloat("SEAT_HERE_SECONDS", 45.0)
SEAT_KEPT_SECONDS = envfloat("SEAT_KEPT_SECONDS", 60.0)
SEAT_SWEEP_SECONDS = envfloat("SEAT_SWEEP_SECONDS", 10.0)

# What one websocket may send: a burst, then a steady rate; beyond it each message is
# refused with `rate_limited`, and a socket that spends its refusals too is closed (4429).
# The user's own bucket is shared by all their sockets in one server process.
SOCKET_MESSAGE_BURST = envint("SOCKET_MESSAGE_BURST", 10)
SOCKET_MESSAGES_PER_SECOND = envfloat("SOCKET_MESSAGES_PER_SECOND", 3.0)
SOCKET_REFUSAL_BURST = envint("SOCKET_REFUSAL_BURST", 30)
USER_MESSAGE_BURST = envint("USER_MESSAGE_BURST", 20)
USER_MESSAGES_PER_SECOND = envfloat("USER_MESSAGES_PER_SECOND", 5.0)
# Websocket handshakes per user (or address): a page's sockets and reconnects fit easily.
SOCKET_CONNECT_BURST = envint("SOCKET_CONNECT_BURST", 20)
SOCKET_CONNECTS_PER_SECOND = envfloat("SOCKET_CONNECTS_PER_SECOND", 1.0)
# All sockets from one client address (TRUSTED_PROXIES says which address that is): room
# for a household or a café of players, not for one attacker's many accounts. Behind a
# proxy that is not in TRUSTED_PROXIES every client shares the proxy's address and these.
# (The burst is what an attacker spends at once: at 60, its first second put 100 ms of
# database work ahead of everyone's moves.)
ADDRESS_MESSAGE_BURST = envint("ADDRESS_MESSAGE_BURST", 20)
ADDRESS_MESSAGES_PER_SECOND = envfloat("ADDRESS_MESSAGES_PER_SECOND", 10.0)
ADDRESS_CONNECT_BURST = envint("ADDRESS_CONNECT_BURST", 20)
ADDRESS_CONNECTS_PER_SECOND = envfloat("ADDRESS_CONNECTS_PER_SECOND", 2.0)
# TCP connections per peer address, as `python -m tarneeb.server` accepts them (pages and
# sockets alike; browsers keep theirs open). Trusted proxies are not counted.
CONNECTION_BURST = envint("CONNECTION_BURST", 100)
CONNECTIONS_PER_SECOND = envfloat("CONNECTIONS_PER_SECOND", 10.0)
# Websockets open at once (tarneeb/sockets.py), counted across every server process in
# scaled mode: per client address (an IPv6 /64), per user, and per room for everyone not
# seated there. Beyond them a new socket is closed with 4409. A slot a killed process held
# is given back SOCKET_SLOT_SECONDS after its last heartbeat (a third of that).
ADDRESS_SOCKETS = envint("ADDRESS_SOCKETS", 32)
USER_SOCKETS = envint("USER_SOCKETS", 10)
ROOM_SPECTATORS = envint("ROOM_SPECTATORS", 50)
SOCKET_SLOT_SECONDS = envfloat("SOCKET_SLOT_SECONDS", 60.0)
# `python -m tarneeb.server` closes a connection that has not sent a whole request head
# this long after it opened (or after its last response), and refuses a peer address's
# connections beyond ADDRESS_UNFINISHED_CONNECTIONS still sending theirs.
REQUEST_HEAD_SECONDS = envfloat("REQUEST_HEAD_SECONDS", 10.0)
ADDRESS_UNFINISHED_CONNECTIONS = envint("ADDRESS_UNFINISHED_CONNECTIONS", 20)

# Embedded or scaled: the one switch is REDIS_URL.
REDIS_URL = os.getenv("REDIS_URL", "")
SCALED = bool(REDIS_URL)
# Scaled: threads a daphne runs its sockets' database calls on (games.consumers.database).
# Few: each holds the GIL between its queries, and the event loop forwarding the states
# waits behind them. At 200 tables (two daphne) p99 was 64-75 ms with 2, 155-401 with 6
# (the default) and 327-590 with 16, on the same machine at the same speed.
SOCKET_DATABASE_THREADS = envint("SOCKET_DATABASE_THREADS", 2)

if SCALED:
    CHANNEL_LAYERS = {
        "default": {
            # Redis pub/sub: a room's state is published once and reaches each daphne once,
            # pushed, where the list layer (channels_redis.core) stored it for every daphne
            # and each popped it in a round trip of its own. At 400 busy tables on two daphne
            # that is p99 150 ms against a saturated 2 s (docs/performance.md). The list
            # layer also counted its capacity (100) per process, not per socket, and dropped
            # states when a daphne fell that far behind (tests/test_layer_backlog.py). Both
            # deliver at most once: the database is the record, and every state is whole.
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                # redis-py 8 reads with a 5 s timeout by default; a quiet subscription is
                # not a dead one.
                "hosts": [{"address": REDIS_URL, "socket_timeout": 30, "max_connections": 1000}],
                "prefix": os.getenv("CHANNELS_PREFIX", "tarneeb"),
            },
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    # kombu's Redis transport with a fix: without it the worker exits for good when Redis
    # drops while it holds turn timers (tarneeb/broker.py).
    CELERY_BROKER_TRANSPORT = "tarneeb.broker:Transport"
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, Any] = {
        # A countdown longer than the visibility timeout would be delivered twice: keep it
        # far above the longest turn (120 s) and the pause between hands.
        "visibility_timeout": 6 * 3600,
        # A Redis host that vanished without closing its sockets (a network cut, a VM
        # gone) is noticed by TCP keepalive, and a reconnect attempt gives up after 5 s
        # rather than hanging.
        "socket_keepalive": True,
        "socket_connect_timeout": 5,
    }
    CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {"visibility_timeout": 6 * 3600}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "tarneeb.layers.InMemoryChannelLayer"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = "cache+memory://"
    # The memory transport polls; the default second would delay every timer's arrival.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"polling_interval": 0.05}

CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 600
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup closes every connection after each task (and, in a prefork child,
# its whole pool) unless this is set; tasks get Django's request lifecycle instead
# (tarneeb.celery), which hands the connection back to the pool.
CELERY_DB_REUSE_MAX = 1_000_000
# How long the ETA scheduler may sleep before noticing a new, earlier timer (default 1 s).
CELERY_WORKER_TIMER_PRECISION = 0.05
CELERY_TASK_ACKS_LATE = False
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# The worker retries a lost broker for as long as it takes (Celery's default gives up
# after 100 tries, about 45 minutes, and exits): a Redis outage must not end it.
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# Celery 6's default, set now to quiet its warning on every reconnect: with acks_late off
# it cancels nothing.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
# The turn timer (docs/timers.md): a turn is played at most this long after its deadline,
# plus the sweep's own work. A sweep is one indexed query when nothing is due; one that
# waited longer than a few periods is dropped, the next covers it.
SWEEP_SECONDS = envfloat("SWEEP_SECONDS", 0.25)
# /healthz answers 503 while a turn is overdue by more than this.
TIMER_STALL_SECONDS = envfloat("TIMER_STALL_SECONDS", 10.0)
# Quick play rooms whose bots' task was lost are looked for this often: a backstop, so
# not at the turn timer's pace.
QUICK_PLAY_SWEEP_SECONDS = envfloat("QUICK_PLAY_SWEEP_SECONDS", 5.0)
# Events (events/, docs/events.md): caps on what one creates, and their pace. Beat moves
# every event on each EVENT_SWEEP_SECONDS (starts, rounds closed and begun).
EVENTS_OPEN_PER_USER = envint("EVENTS_OPEN_PER_USER", 2)
# Staff create public events: at most this many in an hour each (a runaway script or a
# stolen staff account cannot fill the list and the worker's sweep).
EVENTS_STAFF_PER_HOUR = envint("EVENTS_STAFF_PER_HOUR", 20)
EVENT_MAX_PAIRS = envint("EVENT_MAX_PAIRS", 64)
EVENT_MAX_ROUNDS = envint("EVENT_MAX_ROUNDS", 10)
EVENT_MAX_DEALS = envint("EVENT_MAX_DEALS", 8)
EVENT_MAX_DAYS_AHEAD = envint("EVENT_MAX_DAYS_AHEAD", 30)
EVENT_ROUND_PAUSE_SECONDS = envfloat("EVENT_ROUND_PAUSE_SECONDS", 30.0)
EVENT_HERE_SECONDS = envfloat("EVENT_HERE_SECONDS", 60.0)
EVENT_SWEEP_SECONDS = envfloat("EVENT_SWEEP_SECONDS", 5.0)

# `celery -A tarneeb beat` sleeps until each entry is due rather than spinning (tarneeb.beat).
CELERY_BEAT_SCHEDULER = "tarneeb.beat:PersistentScheduler"
CELERY_BEAT_SCHEDULE = {
    "advance-events": {"task": "events.tasks.advance", "schedule": EVENT_SWEEP_SECONDS,
                       "options": {"expires": EVENT_SWEEP_SECONDS}},
    "play-overdue-turns": {"task": "games.tasks.play_overdue", "schedule": SWEEP_SECONDS,
                           "options": {"expires": max(2.0, 4 * SWEEP_SECONDS)}},
    "fill-waiting-quick-rooms": {"task": "games.tasks.fill_waiting_quick_rooms",
                                 "schedule": QUICK_PLAY_SWEEP_SECONDS,
                                 "options": {"expires": QUICK_PLAY_SWEEP_SECONDS}},
    "release-left-seats": {"task": "games.tasks.release_left_seats", "schedule": SEAT_SWEEP_SECONDS,
                           "options": {"expires": SEAT_SWEEP_SECONDS}},
    "forget-table-addresses": {"task": "moderation.tasks.forget_table_addresses", "schedule": 24 * 3600,
                               "options": {"expires": 3600}},
}
# Hand analysis (analysis/) runs on a queue of its own, consumed by a worker of its own
# (scaled: `celery -A tarneeb worker -Q analysis`; embedded: a second worker thread), so
# that a backlog of hands never holds up a turn timer, a deal or a bot move.
ANALYSIS_QUEUE = "analysis"
# The embedded analysis thread's nice value (Linux: a thread's own); scaled mode's worker
# is started under `nice` (README).
ANALYSIS_NICE = envint("ANALYSIS_NICE", 10)
CELERY_TASK_ROUTES = {"analysis.tasks.*": {"queue": ANALYSIS_QUEUE}}
# The profile's analysis figures (analysis/profile.py): the median beside each is of the
# players with at least this many analysed hands of the variant in public matches, counted
# again at most this often.
ANALYSIS_MEDIAN_MIN_HANDS = envint("ANALYSIS_MEDIAN_MIN_HANDS", 50)
ANALYSIS_MEDIANS_SECONDS = envint("ANALYSIS_MEDIANS_SECONDS", 3600)
# Fair-play signals for moderators (docs/fairplay.md): a player or partnership is measured
# from this many rated hands of a variant, and listed from this z-score up.
FAIRPLAY_MIN_HANDS = envint("FAIRPLAY_MIN_HANDS", 200)
FAIRPLAY_Z = envfloat("FAIRPLAY_Z", 3.0)
# The addresses sockets at a table came from (moderation/addresses.py, docs/fairplay.md) are
# kept this many days after they were last seen.
TABLE_ADDRESS_DAYS = envint("TABLE_ADDRESS_DAYS", 90)
# Threads in the embedded worker. One: SQLite takes one writer at a time, and threads
# waiting for its lock sleep in its busy handler (with 4, some timers of the benchmark's
# burst came 2 s late). A threads pool still, as the solo pool drains only about ten
# overdue timers a second.
EMBEDDED_WORKER_THREADS = envint("EMBEDDED_WORKER_THREADS", 1)
EMBEDDED_WORKER = envbool("EMBEDDED_WORKER", not SCALED)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "loggers": {
        "tarneeb": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "games": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "accounts": {"handlers": ["console"], "level": "INFO", "propagate": False},
        # The sweeper runs every few seconds: its every send and run is not news.
        "celery.beat": {"level": "WARNING"},
        "celery.app.trace": {"level": "WARNING"},
        "celery.worker.strategy": {"level": "WARNING"},
    },
}

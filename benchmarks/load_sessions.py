"""Players and their logged-in sessions made in the database, for benchmarks.load
`--sessions db`.

Signing up over HTTP costs the server a password hash a player (PBKDF2, 0.5 to 1.8 s of a
core each): 1,600 players for 400 tables take many minutes before anything is measured.
Here the accounts are inserted in bulk with an unusable password, and each gets a session
in the servers' own session store holding what django.contrib.auth's login() puts there
(the user's id, the backend, the session auth hash): AuthMiddlewareStack then reads the
socket's user from it as from any browser's. It runs as

    python -m benchmarks.load_sessions COUNT TAG

in a process with the servers' environment (their database, their SECRET_KEY, which the
session auth hash is keyed with), and prints one JSON line: a cookie jar a player.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid

from tests.processes import ROOT
from tests.protocol_client import HttpSession

BATCH = 500  # rows an INSERT: SQLite takes at most 32,766 parameters a statement


def make_players(count: int, tag: str) -> list[dict[str, str]]:
    """`count` accounts named load-TAG-n, each with a session; their cookies, as a browser
    that has just signed up holds them (session and CSRF)."""
    import django

    django.setup()
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.hashers import make_password
    from django.db import transaction
    from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH
    from django.utils.crypto import get_random_string

    from accounts.models import User, skeleton_key

    names = [f"load-{tag}-{n}" for n in range(count)]
    # bulk_create skips User.save(), which sets the look-alike key: set here, as it would.
    unusable = make_password(None)  # nobody logs in with a password; no hash is computed
    User.objects.bulk_create([User(username=name, username_skeleton=skeleton_key(name), password=unusable)
                              for name in names], batch_size=BATCH)
    users = {user.username: user for user in User.objects.filter(username__in=names)}
    store = import_module(settings.SESSION_ENGINE).SessionStore
    backend = settings.AUTHENTICATION_BACKENDS[0]  # as accounts.views.signup logs in
    jars = []
    with transaction.atomic():  # one commit for all: SQLite's writer is the tables' too
        for name in names:
            user = users[name]
            session = store()
            session[SESSION_KEY] = user._meta.pk.value_to_string(user)
            session[BACKEND_SESSION_KEY] = backend
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            assert session.session_key is not None
            # A CSRF cookie as the server sets one: create_room posts with it.
            csrf = get_random_string(CSRF_SECRET_LENGTH, CSRF_ALLOWED_CHARS)
            jars.append({settings.SESSION_COOKIE_NAME: session.session_key, settings.CSRF_COOKIE_NAME: csrf})
    return jars


def db_sessions(env: dict[str, str], bases: list[str], count: int) -> list[HttpSession]:
    """Players made by this module in a process with `env` (the servers'), as
    HttpSessions dealt over `bases` as table_latency.sign_up_players deals them."""
    tag = uuid.uuid4().hex[:6]
    done = subprocess.run([sys.executable, "-m", "benchmarks.load_sessions", str(count), tag], cwd=ROOT,
                          env=env, check=True, capture_output=True, text=True)
    jars = json.loads(done.stdout.strip().splitlines()[-1])
    return [HttpSession(bases[(n % 4) * len(bases) // 4], jar) for n, jar in enumerate(jars)]


if __name__ == "__main__":
    print(json.dumps(make_players(int(sys.argv[1]), sys.argv[2])))

"""History pages for a player with a thousand finished matches: server time per request.

Plays two real matches through games.services from seeded generators (a 31-deal Tarneeb
41 match, the one whose page is measured, and a 13-deal Classic one), then copies each
500 times for the player (new rooms, seats and partners; the logs and HandResult rows
copied row for row by INSERT ... SELECT, so every copy replays and verifies as its
original does). Then it times requests through django.test.Client, in process, DEBUG off:
the player's matches page and its filters, their profile, the long match's page and its
record.json, and prints the median and p95 in ms, and the record's size.

    python -m benchmarks.history                 # a fresh SQLite file
    python -m benchmarks.history --mode scaled   # PostgreSQL database tarneeb_bench_history

Targets: each page under 50 ms median on SQLite; the record under 150 KiB gzipped.
"""

import argparse
import gzip
import os
import random
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
PG_NAME = "tarneeb_bench_history"
PLAYER = "veteran"
OPPONENTS = 30


def configure(mode: str) -> None:
    if mode == "embedded":
        folder = tempfile.mkdtemp(prefix="tarneeb-bench-history-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    else:
        import psycopg

        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {PG_NAME} WITH (FORCE)")
            admin.execute(f"CREATE DATABASE {PG_NAME}")
        os.environ["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{PG_NAME}"
    # Pages only: the in-memory channel layer, and no worker (nobody waits for a timer here).
    os.environ.pop("REDIS_URL", None)
    os.environ["EMBEDDED_WORKER"] = "false"
    os.environ["DEBUG"] = "false"
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(32))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarneeb.settings")


def play(variant: str, seed: int, users: list[Any]) -> Any:
    """A whole match of `users` played through games.services (tests/seeded_play.py)."""
    import pytest

    from games.models import Match
    from games.services import room_life
    from tests.seeded_play import play_seeded, seeded_deals

    room = room_life.create_room(users[0], name=f"bench {variant}", variant=variant, target=41,
                                turn_seconds=30, private=False)
    rng = random.Random(seed)
    with pytest.MonkeyPatch.context() as patch:
        seeded_deals(patch, rng)
        for seat, user in enumerate(users):
            room_life.sit(room.pk, user, seat)
        return play_seeded(Match.objects.get(room=room), rng)


def copy_matches(template: Any, copies: int, player: Any, others: list[Any], start: Any) -> None:
    """`copies` finished matches with `template`'s log, the player at each seat in turn."""
    from django.db import connection

    from games.models import Match, MatchPlayer, Room

    rooms = Room.objects.bulk_create(
        Room(name=f"bench {n}", owner=player, variant=template.variant, target=template.target)
        for n in range(copies))
    seatings = []
    for n in range(copies):
        users = [others[(n + k) % len(others)] for k in range(4)]
        users[n % 4] = player
        seatings.append(users)
    matches = Match.objects.bulk_create(
        Match(room=room, variant=template.variant, target=template.target, status=Match.Status.FINISHED,
              first_dealer=template.first_dealer, version=template.version, state=template.state,
              winner=template.winner, fairness=template.fairness,
              seating=[{"user": user.pk, "username": user.username, "timeouts": 0} for user in users])
        for room, users in zip(rooms, seatings, strict=True))
    # Started a few hours apart, newest last, as a long history would be.
    for n, match in enumerate(matches):
        match.started_at = start + timedelta(hours=3 * n)
        match.finished_at = match.started_at + timedelta(minutes=40)
    Match.objects.bulk_update(matches, ["started_at", "finished_at"], batch_size=500)
    MatchPlayer.objects.bulk_create(MatchPlayer(match=match, seat=seat, user=user)
                                    for match, users in zip(matches, seatings, strict=True)
                                    for seat, user in enumerate(users))
    ids = [match.pk for match in matches]
    with connection.cursor() as cursor:
        for chunk in range(0, len(ids), 100):
            marks = ", ".join(["%s"] * len(ids[chunk:chunk + 100]))
            cursor.execute(
                "INSERT INTO games_matchevent (match_id, seq, seat, actor, action, result, created_at) "
                "SELECT m.id, e.seq, e.seat, e.actor, e.action, e.result, e.created_at "
                f"FROM games_match m, games_matchevent e WHERE e.match_id = %s AND m.id IN ({marks})",
                [template.pk, *ids[chunk:chunk + 100]])
            cursor.execute(
                "INSERT INTO history_handresult (match_id, hand, seat, user_id, bid, made, kaboot, tricks,"
                " points, turns, timer_turns) "
                "SELECT p.match_id, h.hand, h.seat, p.user_id, h.bid, h.made, h.kaboot, h.tricks, h.points,"
                " h.turns, h.timer_turns "
                "FROM history_handresult h JOIN games_matchplayer p ON p.seat = h.seat "
                f"WHERE h.match_id = %s AND p.match_id IN ({marks})",
                [template.pk, *ids[chunk:chunk + 100]])


def build(matches: int) -> tuple[Any, Any, str]:
    """The player, their long match, and an opponent's name (for the `with` filter)."""
    from django.db import connection
    from django.utils import timezone

    from accounts.models import User
    from games import records

    player = User.objects.create_user(PLAYER)
    others = [User.objects.create_user(f"opponent{n}") for n in range(OPPONENTS)]
    started = time.perf_counter()
    long_match = play("forty_one", 50, [player, *others[:3]])
    classic = play("classic", 45, [player, *others[3:6]])
    played = time.perf_counter() - started
    start = timezone.now() - timedelta(hours=3 * matches)
    copy_matches(long_match, matches // 2, player, others, start)
    copy_matches(classic, matches - matches // 2 - 2, player, others, start + timedelta(minutes=30))
    # A live database has its planner statistics; a freshly filled one needs them gathered.
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    copy = long_match.__class__.objects.filter(variant="forty_one").exclude(pk=long_match.pk).first()
    assert not records.verify(copy), "a copied match must replay and verify as its original"
    print(f"played 2 matches through services in {played:.1f} s ({long_match.game.hand_number} and "
          f"{classic.game.hand_number} deals); {matches} finished matches in all")
    return player, long_match, others[1].username


def timed(client: Any, url: str, requests: int) -> tuple[float, float, Any]:
    for _ in range(3):  # warm up: templates, connections, caches
        response = client.get(url)
    samples = []
    for _ in range(requests):
        began = time.perf_counter()
        response = client.get(url)
        samples.append((time.perf_counter() - began) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    samples.sort()
    return statistics.median(samples), samples[min(len(samples) - 1, int(len(samples) * 0.95))], response


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["embedded", "scaled"], default="embedded")
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=40, help="timed requests per page")
    args = parser.parse_args()
    configure(args.mode)

    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client, override_settings

    call_command("migrate", verbosity=0)
    player, match, opponent = build(args.matches)
    database = "PostgreSQL" if args.mode == "scaled" else "SQLite"
    # Static URLs as in production need collectstatic's manifest: one in a temporary folder.
    with override_settings(STATIC_ROOT=tempfile.mkdtemp(prefix="tarneeb-bench-static-")):
        call_command("collectstatic", verbosity=0, interactive=False)
        anonymous, own = Client(), Client()
        own.force_login(player)
        pages = [
            ("matches", anonymous, f"/u/{PLAYER}/matches/"),
            ("matches, Classic", anonymous, f"/u/{PLAYER}/matches/?variant=classic"),
            ("matches, won", anonymous, f"/u/{PLAYER}/matches/?result=won"),
            ("matches, with one", anonymous, f"/u/{PLAYER}/matches/?with={opponent}"),
            ("matches, page 15", anonymous, f"/u/{PLAYER}/matches/?page=15"),
            ("matches (own)", own, f"/u/{PLAYER}/matches/"),
            ("profile", anonymous, f"/u/{PLAYER}/"),
            ("profile (own)", own, f"/u/{PLAYER}/"),
            ("match page", anonymous, f"/matches/{match.pk}/"),
            ("record.json", anonymous, f"/matches/{match.pk}/record.json"),
        ]
        # Other processes' load shows in these figures: print it with them.
        load = ", ".join(f"{figure:.1f}" for figure in os.getloadavg())
        print(f"\n{database}, DEBUG={settings.DEBUG}, {args.requests} requests each, server time in ms"
              f" (load average {load} on {os.cpu_count()} CPUs)")
        print(f"{'page':<20} {'median':>8} {'p95':>8}")
        record = b""
        for name, client, url in pages:
            median, p95, response = timed(client, url, args.requests)
            print(f"{name:<20} {median:8.1f} {p95:8.1f}")
            if name == "record.json":
                record = response.content
    print(f"\nrecord.json of a {match.game.hand_number}-deal match: {len(record) / 1024:.0f} KiB raw, "
          f"{len(gzip.compress(record)) / 1024:.0f} KiB gzipped")
    cleanup(args.mode)


def cleanup(mode: str) -> None:
    from django.db import connections

    connections.close_all()
    if mode == "embedded":
        shutil.rmtree(Path(os.environ["DATABASE_URL"].removeprefix("sqlite:///")).parent)
    else:
        import psycopg

        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {PG_NAME} WITH (FORCE)")


if __name__ == "__main__":
    main()

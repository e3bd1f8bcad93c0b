"""How late do turn timers fire when many fall due at once?

Starts N matches, moves their deadlines into the same 2-second window, lets the turn timer
(beat's sweep every SWEEP_SECONDS, docs/timers.md) play them, and reads from each match's
event log when its timer move was recorded. Prints early / p50 / p99 / max.

    python -m benchmarks.timer_lateness --mode embedded   # in-process worker, SQLite
    python -m benchmarks.timer_lateness --mode scaled     # worker process, PostgreSQL, Redis

Runs with production settings (DEBUG off: Django then keeps no query log).
"""

import argparse
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"


def configure(mode: str) -> None:
    if mode == "embedded":
        folder = tempfile.mkdtemp(prefix="tarneeb-bench-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
        os.environ.pop("REDIS_URL", None)
    else:
        import psycopg

        name = "tarneeb_bench_timers"
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            admin.execute(f"CREATE DATABASE {name}")
        os.environ["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{name}"
        os.environ["REDIS_URL"] = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/5")
    os.environ["EMBEDDED_WORKER"] = "false"
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(32))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarneeb.settings")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["embedded", "scaled"], default="embedded")
    parser.add_argument("--turns", type=int, default=500)
    parser.add_argument("--window", type=float, default=2.0, help="seconds the deadlines spread over")
    parser.add_argument("--pool", default="prefork", help="scaled mode: the worker's pool")
    parser.add_argument("--concurrency", type=int, default=os.cpu_count() or 2,
                        help="scaled mode: the worker's concurrency")
    args = parser.parse_args()
    configure(args.mode)

    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.utils import timezone

    from accounts.models import User
    from games.models import Match, MatchEvent, Room, Seat
    from games.services import room_life
    from tarneeb.celery import app
    from tests.processes import wait_for_worker

    call_command("migrate", verbosity=0)
    for table in range(args.turns):
        # Four players a table (one live seat each); three sat a moment ago with their
        # pages open (a match starts only with everyone there), the fourth starts it.
        players = [User.objects.create_user(f"bench{table}-{n}") for n in range(4)]
        room = Room.objects.create(owner=players[0], name="bench", turn_seconds=120)
        here = timezone.now() + timedelta(minutes=10)
        Seat.objects.bulk_create(Seat(room=room, number=n, user=user, here_until=here)
                                 for n, user in enumerate(players[:3]))
        room_life.sit(room.pk, players[3], 3)

    worker = None
    if args.mode == "embedded":
        from tarneeb import embedded

        embedded.start_worker()
    else:
        app.control.purge()
        worker = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "tarneeb", "worker", "-P", args.pool,
             "-c", str(args.concurrency),
             "-l", "WARNING", "-n", f"bench-{secrets.token_hex(3)}@%h", "--without-gossip",
             "--without-mingle", "--beat", "-s", f"{tempfile.mkdtemp(prefix='tarneeb-beat-')}/schedule"],
            cwd=ROOT, env=os.environ.copy())
    try:
        wait_for_worker(60)
        start = timezone.now() + timedelta(seconds=3)
        spread = args.window / args.turns
        deadlines = {}
        for n, match_id in enumerate(Match.objects.order_by("pk").values_list("pk", flat=True)):
            deadlines[match_id] = start + timedelta(seconds=n * spread)
            Match.objects.filter(pk=match_id).update(deadline=deadlines[match_id])
        versions = dict(Match.objects.values_list("pk", "version"))
        time.sleep(3 + args.window + 3)
        lateness = [
            (event.created_at - deadlines[event.match_id]).total_seconds()
            for event in MatchEvent.objects.filter(actor=MatchEvent.Actor.TIMER)
            if event.seq == versions[event.match_id] + 1
        ]
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait(15)

    lateness.sort()
    early = sum(1 for late in lateness if late < 0)
    p99 = lateness[min(len(lateness) - 1, int(len(lateness) * 0.99))] if lateness else float("nan")
    worker_kind = (f"in-process, threads x{settings.EMBEDDED_WORKER_THREADS}" if args.mode == "embedded"
                   else f"{args.pool} x{args.concurrency}")
    print(f"timer lateness, {args.mode} mode ({worker_kind}): {len(lateness)}/{args.turns} turns due within "
          f"{args.window:.0f} s; early {early}; p50 {statistics.median(lateness) * 1000:.0f} ms; "
          f"p99 {p99 * 1000:.0f} ms; max {lateness[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()

"""Fault harness: scaled mode under process faults, with figures for each.

    python -m benchmarks.faults                      # every scenario, 4 tables
    python -m benchmarks.faults --only redis --outage 10 --tables 2 --logs artifacts/faults

It starts its own PostgreSQL cluster (initdb in a temp dir, run as the `postgres` user
when started as root) and its own Redis, both on free loopback ports, never the shared
servers; then two daphne processes (`python -m tarneeb.server`), a prefork worker and
beat, as README runs them. Tables of four protocol clients (tests/protocol_client.py)
play random legal moves, two seats on each daphne; a client whose socket closes
reconnects, to the other daphne if its own is gone. The scenarios run one after another,
each bounded in time; at the end every process is stopped and the temp dir deleted (logs
are kept only with --logs).

A scenario is a `FaultScenario`: a name, a line of summary and an async function that
injects the fault into the running `Harness`, waits (bounded) for recovery, leaves the
cluster as it found it and returns its figures. Add one to SCENARIOS to run it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.table_latency import RATE_LIMITS, sign_up_players  # noqa: E402
from tests.processes import ProcessGroup, RedisServer, free_port, kill_group  # noqa: E402
from tests.protocol_client import HttpSession, TableClient, create_room  # noqa: E402

MOVES_LOST = """\
moves lost: acts a client sent that came back acknowledged (the same socket then got a
  state of that match at a later version, and no error) but are not in the match's event
  log as that seat's player move at the version after the one acted on. Acts never
  acknowledged (socket closed first) are counted apart: the client resends on its next
  socket, as docs/protocol.md asks.
log faults: per match, event sequence numbers that are missing (gaps) or repeated, and
  matches whose log does not replay through the engine to the stored state (a move
  applied twice or lost from the state)."""


# Servers of our own

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


# Tables and their players

@dataclass
class Act:
    table: int
    seat: int
    match_id: int
    v: int
    action: dict[str, Any]
    sent: float
    acked: bool = False
    refused: bool = False


@dataclass
class Seat:
    table: int
    number: int
    room_id: str
    session: HttpSession
    server: int
    client: TableClient | None = None
    dropped_at: float | None = None
    connected_at: float = 0.0
    reconnects: list[float] = field(default_factory=list)
    pending: Act | None = None
    acted_on: set[tuple[int, int]] = field(default_factory=set)
    rematched: set[int] = field(default_factory=set)
    last_sent: str = ""


class Play:
    """Every seat of every table, playing random legal moves while `acting` is on; with it
    off they only read, so the turn waiting on them falls overdue."""

    def __init__(self, bases: list[str], seed: int) -> None:
        self.bases = bases
        self.rng = random.Random(seed)
        self.seats: list[Seat] = []
        self.acts: list[Act] = []
        self.acting = True
        self.stopping = False
        # table -> (match id, v) of the newest state any of its seats got, and when
        self.newest: dict[int, tuple[tuple[int, int], float]] = {}
        self.tasks: list[asyncio.Task[None]] = []

    async def start(self, sessions: list[HttpSession], tables: int, turn_seconds: int) -> None:
        owners = [sessions[4 * t] for t in range(tables)]
        rooms = await asyncio.to_thread(lambda: [
            create_room(owner, f"faults {uuid.uuid4().hex[:4]}", "classic", 31, turn_seconds)
            for owner in owners])
        for t, room_id in enumerate(rooms):
            for n in range(4):
                # Two seats of each table on each daphne.
                self.seats.append(Seat(t, n, room_id, sessions[4 * t + n], server=n // 2))
        for seat in self.seats:
            await self.connect(seat)
            assert seat.client is not None
            await seat.client.sit(seat.number)
        self.tasks = [asyncio.create_task(self.run(seat)) for seat in self.seats]

    async def stop(self) -> None:
        self.stopping = True
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for seat in self.seats:
            if seat.client is not None:
                with contextlib.suppress(Exception):
                    await seat.client.close()

    async def connect(self, seat: Seat) -> bool:
        """Its own daphne first, then the other; False when neither took the socket."""
        order = [seat.server] + [n for n in range(len(self.bases)) if n != seat.server]
        for n in order:
            name = f"t{seat.table}s{seat.number}"
            client = TableClient(self.bases[n], seat.room_id, seat.session, name=name)
            client.keep_messages = False
            try:
                await asyncio.wait_for(client.connect(), 5)
            except Exception:  # refused, reset, timed out, a 5xx handshake: try the next one
                with contextlib.suppress(Exception):
                    await client.close()
                continue
            seat.client, seat.server = client, n
            seat.connected_at = time.monotonic()
            if seat.dropped_at is not None:
                seat.reconnects.append(time.monotonic() - seat.dropped_at)
                seat.dropped_at = None
            # What was sent on the old socket and never acknowledged is resent if still due.
            seat.acted_on.clear()
            seat.pending = None
            return True
        return False

    async def run(self, seat: Seat) -> None:
        while not self.stopping:
            client = seat.client
            if client is None:
                if not await self.connect(seat):
                    await asyncio.sleep(0.2)
                continue
            self.observe(seat)
            errors = len(client.errors)
            try:
                await client.next_message(timeout=0.3)
            except TimeoutError:
                continue
            except Exception:  # the socket closed (a killed daphne, a lost channel layer)
                seat.client = None
                seat.dropped_at = time.monotonic()
                continue
            if len(client.errors) > errors and seat.pending is not None and seat.last_sent == "act":
                # Its act was refused, even if a state of a later version came first (the
                # timer played that turn a moment before).
                seat.pending.refused = True

    def observe(self, seat: Seat) -> None:
        assert seat.client is not None
        state = seat.client.state
        if state is None or state["match"] is None:
            return
        match = state["match"]
        key = (match["id"], state["v"])
        now = time.monotonic()
        if seat.table not in self.newest or key > self.newest[seat.table][0]:
            self.newest[seat.table] = (key, now)
        pending = seat.pending
        if pending is not None and pending.match_id == key[0] and key[1] > pending.v and not pending.refused:
            pending.acked = True
        if not self.acting or (pending is not None and not pending.acked and not pending.refused):
            return
        if state["legal"] and key not in seat.acted_on:
            seat.acted_on.add(key)
            action = self.rng.choice(state["legal"])
            seat.pending = Act(seat.table, seat.number, key[0], key[1], action, now)
            self.acts.append(seat.pending)
            message = {"type": "act", "action": action, "v": key[1]}
            asyncio.get_running_loop().create_task(self.send(seat, message))
        elif match["phase"] == "finished" and match["id"] not in seat.rematched:
            seat.rematched.add(match["id"])
            asyncio.get_running_loop().create_task(self.send(seat, {"type": "rematch"}))

    async def send(self, seat: Seat, message: dict[str, Any]) -> None:
        seat.last_sent = message["type"]
        with contextlib.suppress(Exception):  # a closed socket shows up in run()
            if seat.client is not None:
                await seat.client.send(message)

    def tables(self) -> list[int]:
        return sorted({seat.table for seat in self.seats})

    def rooms(self) -> list[str]:
        return sorted({seat.room_id for seat in self.seats})

    async def until(self, condition: Callable[[], bool], timeout: float, what: str) -> float:
        """Seconds until `condition()` holds (checked every 50 ms); raises after `timeout`."""
        started = time.monotonic()
        while not condition():
            if time.monotonic() - started > timeout:
                raise TimeoutError(f"{what}: not within {timeout:.0f} s")
            await asyncio.sleep(0.05)
        return time.monotonic() - started

    def all_moved_since(self, moment: float) -> bool:
        return all(t in self.newest and self.newest[t][1] > moment for t in self.tables())

    def all_connected(self) -> bool:
        return all(seat.client is not None for seat in self.seats)


# The database, read from here (Django on our own cluster)

async def on_db(function: Callable[..., Any], *args: Any) -> Any:
    """`function(*args)` on a thread, its connection handed back to the pool afterwards
    (a request's lifecycle: one kept across a database restart would be dead)."""
    def call() -> Any:
        from django.db import InterfaceError, OperationalError, connections

        for attempt in range(3):
            try:
                return function(*args)
            except (InterfaceError, OperationalError):
                if attempt == 2:
                    raise
                # A connection the database dropped: this process is a client too.
            finally:
                connections.close_all()

    return await asyncio.to_thread(call)


def pending_turns(rooms: list[str]) -> dict[int, tuple[int, Any]]:
    """match id -> (version, deadline) of every match waiting on a deadline."""
    from games.models import Match

    return {pk: (version, deadline) for pk, version, deadline in Match.objects.filter(
        room_id__in=rooms, status=Match.Status.PLAYING, deadline__isnull=False
    ).values_list("pk", "version", "deadline")}


def versions_now(match_ids: list[int]) -> dict[int, int]:
    from games.models import Match

    return dict(Match.objects.filter(pk__in=match_ids).values_list("pk", "version"))


def played_by(match_ids: dict[int, int]) -> dict[str, int]:
    """Who played the move after each given version: player, timer or system."""
    from games.models import MatchEvent

    counts: dict[str, int] = {}
    for match_id, version in match_ids.items():
        actors = MatchEvent.objects.filter(match_id=match_id, seq=version + 1).values_list("actor", flat=True)
        for actor in actors:
            counts[actor] = counts.get(actor, 0) + 1
    return counts


def audit(rooms: list[str], acts: list[Act]) -> dict[str, Any]:
    """Moves lost and log faults, as MOVES_LOST defines them."""
    from django.db import connection, transaction
    from django.db.models import Count

    from games import records
    from games.models import Match, MatchEvent

    # Acknowledged before the snapshot, so committed before it: the tables may still be
    # playing, and acks arriving meanwhile must not be held against an older snapshot.
    acts = [act for act in acts if act.acked and not act.refused]
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        matches = list(Match.objects.filter(room_id__in=rooms))
        events = {(e.match_id, e.seq): e for e in MatchEvent.objects.filter(match__in=matches)}
        repeats = (MatchEvent.objects.filter(match__in=matches).values("match", "seq")
                   .annotate(n=Count("id")).filter(n__gt=1).count())
        gaps = 0
        replay = []
        for match in matches:
            seqs = sorted(seq for (match_id, seq) in events if match_id == match.pk)
            gaps += (seqs[-1] - len(set(seqs))) if seqs else 0
            try:
                if records.rebuild(match).to_dict() != match.state:
                    replay.append(f"match {match.pk} v{match.version} {match.status}: the replay differs")
            except ValueError as exc:
                replay.append(f"match {match.pk} v{match.version}: {exc}")
    lost = []
    for act in acts:
        event = events.get((act.match_id, act.v + 1))
        if event is None or event.actor != "player" or event.seat != act.seat or event.action != act.action:
            lost.append((act, event and (event.actor, event.seat, event.action)))
    return {"moves lost": len(lost), "log gaps": gaps, "log repeats": repeats,
            "replay mismatches": len(replay), "_lost": lost[:3], "_replay": replay[:3]}


def act_counts(acts: list[Act]) -> dict[str, int]:
    return {"acts sent": len(acts), "acknowledged": sum(a.acked and not a.refused for a in acts),
            "refused": sum(a.refused for a in acts), "never acknowledged": sum(not a.acked for a in acts)}


# The scenarios

@dataclass(frozen=True)
class FaultScenario:
    """One fault: `run` injects it into the running harness, waits (bounded) for
    recovery, leaves every process up and the seats acting, and returns its figures."""

    name: str
    summary: str
    run: Callable[[Harness], Awaitable[dict[str, Any]]]


@dataclass
class Harness:
    cluster: Cluster
    play: Play
    outage: float

    async def settle(self) -> None:
        """Seats stop acting; returns once no act of theirs is still in flight."""
        self.play.acting = False
        await asyncio.sleep(0.5)

    async def overdue_turns_played(self, pending: dict[int, tuple[int, Any]], timeout: float) -> float:
        """Seconds until every match in `pending` moved past its version."""
        started = time.monotonic()
        while True:
            now = await on_db(versions_now, list(pending))
            if all(now[pk] > version for pk, (version, _) in pending.items()):
                return time.monotonic() - started
            if time.monotonic() - started > timeout:
                raise TimeoutError(f"{sum(now[pk] == v for pk, (v, _) in pending.items())} overdue turn(s) "
                                   f"still unplayed after {timeout:.0f} s")
            await asyncio.sleep(0.1)

    async def wait_past(self, pending: dict[int, tuple[int, Any]]) -> None:
        from django.utils import timezone

        latest = max(deadline for _, deadline in pending.values())
        await asyncio.sleep(max(0.0, (latest - timezone.now()).total_seconds()) + 0.3)


async def kill_a_daphne(h: Harness) -> dict[str, Any]:
    play, cluster = h.play, h.cluster
    victim = 0
    seats = [seat for seat in play.seats if seat.server == victim and seat.client is not None]
    process = cluster.daphnes[victim]
    assert process is not None
    killed = time.monotonic()
    process.kill()
    process.wait(10)
    back = await play.until(lambda: all(s.client is not None and s.server != victim and s.dropped_at is None
                                        for s in seats), 30, "clients back on the other daphne")
    playing = await play.until(lambda: play.all_moved_since(killed + back), 30, "every table playing again")
    # The supervisor starts it again; clients stay where they are.
    cluster.start_daphne(victim)
    await asyncio.to_thread(wait_for_page, cluster.bases[victim], 60)
    reconnects = [seat.reconnects[-1] for seat in seats if seat.reconnects]
    return {"sockets on the killed daphne": len(seats),
            "reconnected, median s": round(statistics.median(reconnects), 2) if reconnects else None,
            "all back on the other daphne after s": round(back, 2),
            "every table moving again after s": round(back + playing, 2)}


async def kill_the_worker(h: Harness) -> dict[str, Any]:
    play, cluster = h.play, h.cluster
    await h.settle()
    pending = await on_db(pending_turns, play.rooms())
    assert cluster.worker is not None
    kill_group(cluster.worker)
    await h.wait_past(pending)
    moved = await on_db(versions_now, list(pending))
    played_without_worker = sum(moved[pk] != version for pk, (version, _) in pending.items())
    cluster.start_worker()  # as a supervisor would (Restart=always)
    try:
        recovery: float | str = round(await h.overdue_turns_played(pending, 60), 2)
    except TimeoutError as exc:
        recovery = f"never ({exc})"
    by = await on_db(played_by, {pk: version for pk, (version, _) in pending.items()})
    play.acting = True
    return {"overdue turns": len(pending), "played while no worker ran": played_without_worker,
            "all played after the restart (worker boot included), s": recovery,
            "moves recorded at those versions, by actor": by}


async def kill_redis(h: Harness) -> dict[str, Any]:
    play, cluster = h.play, h.cluster
    await h.settle()
    pending = await on_db(pending_turns, play.rooms())
    assert cluster.worker is not None and cluster.beat is not None
    cluster.redis.kill()
    killed = time.monotonic()
    worker_died_after: float | None = None
    while time.monotonic() - killed < h.outage:
        if worker_died_after is None and cluster.worker.poll() is not None:
            worker_died_after = time.monotonic() - killed
        await asyncio.sleep(0.1)
    cluster.redis.start()
    returned = time.monotonic()
    try:
        recovery: float | str = round(await h.overdue_turns_played(pending, 40), 2)
    except TimeoutError as exc:
        recovery = f"never ({exc})"
    figures: dict[str, Any] = {
        "outage s": h.outage, "overdue turns": len(pending),
        "worker alive after": cluster.worker.poll() is None,
        "worker exited after s": None if worker_died_after is None else round(worker_died_after, 2),
        "beat alive after": cluster.beat.poll() is None,
        "every overdue turn played after Redis returned, s": recovery,
    }
    if cluster.worker.poll() is not None:
        # Not what a fixed worker does: restart it, as a supervisor would, and go on.
        figures["worker exit code"] = cluster.worker.returncode
        cluster.start_worker()
        figures["played after a supervisor restart, s"] = round(await h.overdue_turns_played(pending, 60), 2)
    await play.until(play.all_connected, 30, "seats connected")
    figures["every seat connected after Redis returned, s"] = round(
        max(0.0, max(seat.connected_at for seat in play.seats) - returned), 2)
    play.acting = True
    resumed = time.monotonic()
    figures["every table moving again after s"] = round(
        await play.until(lambda: play.all_moved_since(resumed), 30, "tables moving"), 2)
    return figures


async def restart_postgres(h: Harness) -> dict[str, Any]:
    play, cluster = h.play, h.cluster
    answers: list[tuple[float, int]] = []
    stop = asyncio.Event()

    async def poll_pages() -> None:
        n = 0
        while not stop.is_set() and n < 2000:
            base = cluster.bases[n % 2]
            sent = time.monotonic()
            answers.append((sent, await asyncio.to_thread(page_status, base)))
            n += 1
            await asyncio.sleep(0.05)

    poller = asyncio.create_task(poll_pages())
    await asyncio.sleep(1)
    began = time.monotonic()
    await asyncio.to_thread(cluster.postgres.restart)
    up = time.monotonic()
    await asyncio.sleep(5)
    stop.set()
    await poller
    moving = await play.until(lambda: play.all_moved_since(up), 30, "every table moving after the restart")

    def count(start: float, end: float, test: Callable[[int], bool]) -> int:
        return sum(1 for moment, status in answers if start <= moment < end and test(status))

    return {"restart took s": round(up - began, 2),
            "page requests during / 5 s after": f"{count(began, up, lambda s: True)} / "
                                                 f"{count(up, up + 5, lambda s: True)}",
            "5xx during / after":
                f"{count(began, up, lambda s: s >= 500)} / {count(up, up + 5, lambda s: s >= 500)}",
            "refused connections (daphne itself) during / after":
                f"{count(began, up, lambda s: s == 0)} / {count(up, up + 5, lambda s: s == 0)}",
            "every table moving again after s": round(moving, 2)}


SCENARIOS = [
    FaultScenario("daphne", "kill -9 one of the two daphne processes", kill_a_daphne),
    FaultScenario("worker", "kill -9 the worker (and its children); restart it as a supervisor would",
                  kill_the_worker),
    FaultScenario("redis", "kill -9 Redis, start it again on the same port after --outage s", kill_redis),
    FaultScenario("postgres", "pg_ctl restart -m fast while pages are requested every 50 ms",
                  restart_postgres),
]


async def run(args: argparse.Namespace, cluster: Cluster) -> list[tuple[FaultScenario, dict[str, Any]]]:
    print(f"signing up {4 * args.tables} players...", flush=True)
    sessions = await asyncio.to_thread(sign_up_players, cluster.bases, 4 * args.tables)
    play = Play(cluster.bases, args.seed)
    await play.start(sessions, args.tables, args.turn)
    harness = Harness(cluster, play, args.outage)
    chosen = [s for s in SCENARIOS if not args.only or s.name in args.only.split(",")]
    results = []
    try:
        for scenario in chosen:
            await play.until(lambda: play.all_moved_since(time.monotonic() - 1) and play.all_connected(), 60,
                             "tables playing before the scenario")
            before = len(play.acts)
            reconnects = sum(len(seat.reconnects) for seat in play.seats)
            print(f"\n== {scenario.name}: {scenario.summary}", flush=True)
            started = time.monotonic()
            try:
                figures = await asyncio.wait_for(scenario.run(harness), args.scenario_limit)
            except (TimeoutError, AssertionError) as exc:
                figures = {"failed": repr(exc)}
                play.acting = True
            await asyncio.sleep(1)  # the last acks arrive
            found = await on_db(audit, play.rooms(), play.acts[before:])
            figures["sockets reconnected"] = sum(len(seat.reconnects) for seat in play.seats) - reconnects
            figures.update(act_counts(play.acts[before:]))
            figures.update({k: v for k, v in found.items() if not k.startswith("_")})
            figures["scenario s"] = round(time.monotonic() - started, 1)
            for key, value in figures.items():
                print(f"  {key}: {value}", flush=True)
            for act, recorded in found["_lost"]:
                print(f"  lost: {act}; recorded at v{act.v + 1}: {recorded}")
            for mismatch in found["_replay"]:
                print(f"  replay: {mismatch}")
            results.append((scenario, figures))
    finally:
        await play.stop()
    total = await on_db(audit, play.rooms(), play.acts)
    total.update(act_counts(play.acts))
    print("\n== whole run: " + ", ".join(f"{k} {v}" for k, v in total.items() if not k.startswith("_")))
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--turn", type=int, default=5,
                        help="turn seconds of the rooms (default 5, the least)")
    parser.add_argument("--outage", type=float, default=10.0, help="seconds Redis stays down (default 10)")
    parser.add_argument("--only", default="", help="scenarios, comma separated: "
                        + ",".join(s.name for s in SCENARIOS))
    parser.add_argument("--next-hand", type=float, default=0.5)
    parser.add_argument("--scenario-limit", type=float, default=150.0, help="seconds one scenario may take")
    parser.add_argument("--logs", type=Path, default=None, help="copy the processes' logs here at the end")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not RedisServer.available():
        raise SystemExit("redis-server is not installed")

    tmp = Path(tempfile.mkdtemp(prefix="tarneeb-faults-"))
    tmp.chmod(0o755)  # the postgres user reaches its folder inside
    log_dir = tmp / "logs"
    log_dir.mkdir()
    print(MOVES_LOST, flush=True)
    try:
        with Cluster(tmp, log_dir, args.next_hand) as cluster:
            print(f"\nstarting PostgreSQL :{cluster.postgres.port}, Redis :{cluster.redis.port}, "
                  f"daphne :{cluster.ports[0]} :{cluster.ports[1]}, a prefork worker and beat...", flush=True)
            cluster.start()
            # This process reads the match logs from the same database, through Django.
            os.environ.update(DATABASE_URL=cluster.postgres.url, REDIS_URL=cluster.redis.url,
                              CHANNELS_PREFIX="faults", EMBEDDED_WORKER="false",
                              DJANGO_SETTINGS_MODULE="tarneeb.settings")
            import django

            django.setup()
            asyncio.run(run(args, cluster))
    finally:
        if args.logs:
            shutil.copytree(log_dir, args.logs, dirs_exist_ok=True)
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""A duplicate event survives a daphne killed (SIGKILL) mid-round: its players' sockets
come back to a new daphne and play on, and the standings, every deal's result and every
table's log equal those of the same event played with no kill (scaled mode)."""

import asyncio
import contextlib
import hashlib
import time

import pytest
from django.conf import settings

from events import services
from events.models import Deal, DealResult, Event, Table
from games import records
from games.models import Match
from tests.conftest import beat_running, require_service, start_server
from tests.event_tables import event_with_pairs
from tests.processes import free_port, stop_process
from tests.protocol_client import HttpSession, TableClient, wait_healthy
from tests.tables import session_cookie

pytestmark = [pytest.mark.scaled, pytest.mark.django_db(transaction=True)]

KILL_AFTER_MOVES = 40  # in the first deal's play, at both tables
# No socket hearing anything this long is a stall: fail saying where each table stood,
# rather than wait for the suite's timeout.
STALL_SECONDS = 90


def policy(table: int, state: dict) -> dict:
    """The same choice in both runs: at table 1 north bids 7, everyone else passes (so
    table 2 throws deal 1 in); the first legal trump and card."""
    legal = state["legal"]
    if state["match"]["phase"] == "bidding":
        bid = next((a for a in legal if a["type"] == "bid"), None)
        if table == 1 and state["you"]["seat"] == 0 and bid is not None:
            return bid
        return {"type": "pass"}
    return legal[0]


def client_for(base: str, room_id: str, player: tuple[str, str]) -> TableClient:
    name, sessionid = player
    session = HttpSession(base)
    session.cookies["sessionid"] = sessionid
    return TableClient(base, room_id, session, name=name)


async def play(base: str, tables: list[tuple[int, str, list]], stop_after: int | None) -> int:
    """Each player's socket acts on its turn by `policy` until every match is over, or
    until `stop_after` moves were sent. Returns the moves sent."""
    clients = [(number, client_for(base, room_id, user))
               for number, room_id, users in tables for user in users]
    for _, client in clients:
        await client.connect()
    sent = 0
    acted: dict[str, int] = {}  # each socket acts once on a state
    changed = asyncio.Event()

    async def read(client: TableClient) -> None:
        while True:
            await client.next_message(timeout=120)
            changed.set()

    readers = [asyncio.create_task(read(client)) for _, client in clients]
    heard_at = time.monotonic()
    try:
        while True:
            if changed.is_set():
                heard_at = time.monotonic()
            elif time.monotonic() - heard_at > STALL_SECONDS:
                pytest.fail(f"no socket heard anything for {STALL_SECONDS} s: {stood(clients)}")
            changed.clear()
            if all(client.state["match"]["phase"] == "finished" for _, client in clients):
                return sent
            for number, client in clients:
                state = client.state
                if state["match"]["phase"] != "finished" and state["legal"] \
                        and acted.get(client.name, -1) < state["v"]:
                    acted[client.name] = state["v"]
                    await client.act(policy(number, state), state["v"])
                    sent += 1
                    if stop_after is not None and sent >= stop_after:
                        return sent
            # Until a socket hears something (the next deal comes from beat's sweep).
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), 5)
    finally:
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        for _, client in clients:
            await client.close()


def stood(clients: list[tuple[int, TableClient]]) -> str:
    """Each socket's last state and errors, for a stall's failure."""
    lines = []
    for number, client in clients:
        state = client.state or {}
        match = state.get("match") or {}
        lines.append(f"table {number} {client.name}: match {match.get('id')} v {state.get('v')}"
                     f" {match.get('phase')}, {len(state.get('legal', []))} legal, errors {client.errors}")
    return "; ".join(lines)


def run(prefix: str, kill: bool) -> tuple[list, list, list]:
    event, players = event_with_pairs(4, deals=2, prefix=prefix)
    # The same deals in both runs: seeds chosen by the test, committed as any event's.
    for deal in Deal.objects.filter(event=event):
        seed = hashlib.sha256(f"kill-test-{deal.number}".encode()).digest()
        Deal.objects.filter(pk=deal.pk).update(seed=seed.hex(), sha256=hashlib.sha256(seed).hexdigest())
    services.step(event.pk)
    # Logged in before the sockets' loop runs (the session is written to the database).
    logged_in = {p.pk: (p.username, session_cookie(p).decode().split("=", 1)[1]) for p in players}
    tables = [(t.number, t.room_id, [logged_in[sitter["user"]] for sitter in t.match.seating])
              for t in Table.objects.filter(round__event=event).select_related("match").order_by("number")]
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(port, f"{prefix}-daphne", NEXT_HAND_SECONDS="1")
    try:
        wait_healthy(base, 45, server)
        if kill:
            asyncio.run(play(base, tables, KILL_AFTER_MOVES))
            server.kill()  # SIGKILL: no shutdown, its sockets just drop
            server.wait(10)
            server = start_server(port, f"{prefix}-daphne-2", NEXT_HAND_SECONDS="1")
            wait_healthy(base, 45, server)
        asyncio.run(play(base, tables, None))
    finally:
        stop_process(server)
    services.step(event.pk)
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED
    order = {pair.pk: n for n, pair in enumerate(event.pairs.order_by("created_at", "pk"))}
    standings = [(order[row.pair.pk], row.matchpoints, row.top, row.imps)
                 for row in services.standings(Event.objects.get(pk=event.pk))]
    results = sorted(DealResult.objects.filter(table__round__event=event)
                     .values_list("deal__number", "table__number", "score", "thrown_in"))
    logs = []
    for table in Table.objects.filter(round__event=event).order_by("number"):
        match = Match.objects.get(pk=table.match_id)
        assert records.verify(match) == []
        logs.append([(e.seat, e.action) for e in match.events.order_by("seq")])
    return standings, results, logs


def test_standings_after_a_daphne_kill_equal_an_undisturbed_run(worker_process, tmp_path):
    require_service("Redis", settings.REDIS_URL)
    with beat_running(tmp_path):  # the turn timer's sweep deals the next deal
        undisturbed = run("calm", False)
        killed = run("kill", True)
    assert killed[1] == undisturbed[1] and len(killed[1]) == 4  # every deal's result, none lost
    assert killed[0] == undisturbed[0]
    assert killed[2] == undisturbed[2], "a deal was played differently"

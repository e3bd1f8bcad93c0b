"""A 4-pair, 2-table duplicate event with scripted deals (issue 31): both tables get the
same cards in the same seats, the matchpoints equal a hand computation, and the seeds
published after the event verify."""

import hashlib

import pytest

from events import services
from events.models import Deal, DealResult, Event, Table
from games import fairness, records
from games.models import Match
from games.services import move_path
from tests.event_tables import PASS, bid, event_with_pairs, ns_points, play_deal

pytestmark = pytest.mark.django_db


def matchpoints(mine: int, other: int) -> int:
    return 2 if mine > other else 1 if mine == other else 0


def test_two_tables_play_the_same_deals_and_are_scored_against_each_other(django_capture_on_commit_callbacks):
    event, players = event_with_pairs(4, deals=2)
    commitments = list(Deal.objects.filter(event=event).order_by("number").values_list("sha256", flat=True))
    assert len(commitments) == 2
    assert services.step(event.pk)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    one, two = Table.objects.filter(round__event=event).order_by("number")
    # Registration order: A (players 0, 1) meets B (2, 3); C (4, 5) meets D (6, 7).
    assert [s["user"] for s in one.match.seating] == [players[n].pk for n in (0, 2, 1, 3)]
    assert [s["user"] for s in two.match.seating] == [players[n].pk for n in (4, 6, 5, 7)]

    # Deal 1, from seat 0 at both tables: the same cards in the same seats, the event's deal.
    deal = Deal.objects.get(event=event, number=1)
    deck = fairness.deck_from_seed(bytes.fromhex(deal.seed))
    dealt = [sorted(deck[(seat - 1) % 4::4]) for seat in range(4)]
    for table in (one, two):
        match = Match.objects.get(pk=table.match_id)
        assert [sorted(hand) for hand in match.state["hands"]] == dealt
        assert match.fairness["sha256"] == commitments[0]
    # At table 1 all pass (thrown in); at table 2 north (seat 0) plays 7.
    play_deal(one.match, [PASS] * 4)
    play_deal(two.match, [PASS, PASS, PASS, bid(7)])
    # Deal 2, from seat 1: at table 1 west (seat 3) plays 7; at table 2 all pass.
    second = Deal.objects.get(event=event, number=2)
    deck = fairness.deck_from_seed(bytes.fromhex(second.seed))
    play_deal(one.match, [PASS, bid(7), PASS, PASS])
    play_deal(two.match, [PASS] * 4)
    for table in (one, two):
        match = Match.objects.get(pk=table.match_id)
        assert match.status == Match.Status.FINISHED
        dealt_second = next(e for e in match.events.order_by("seq") if e.action["type"] == "deal"
                            and e.seq > 1).result[0]
        assert dealt_second["dealer"] == 1 == second.dealer
    assert fairness.deck_from_seed(bytes.fromhex(
        next(e for e in Match.objects.get(pk=two.match_id).events.order_by("-seq")
             if e.action["type"] == "deal").action["seed"])) == deck

    # Seeds are held while the event runs, at every table.
    held = records.public_record(Match.objects.get(pk=one.match_id))
    assert all(hand["seed"] is None for hand in held["hands"])
    assert Match.objects.get(pk=one.match_id).fairness["previous"]["seed"] is None

    # By hand: deal 1, A/B 0 against C/D x; deal 2, A/B y against C/D 0.
    x, y = ns_points(Match.objects.get(pk=two.match_id), 1), ns_points(Match.objects.get(pk=one.match_id), 2)
    assert x != 0 and y != 0
    expected = {
        "A": matchpoints(0, x) + matchpoints(y, 0), "B": matchpoints(0, -x) + matchpoints(-y, 0),
        "C": matchpoints(x, 0) + matchpoints(0, y), "D": matchpoints(-x, 0) + matchpoints(0, -y)}
    assert sorted(DealResult.objects.values_list("deal__number", "table__number", "score")) == [
        (1, 1, 0), (1, 2, x), (2, 1, y), (2, 2, 0)]
    with django_capture_on_commit_callbacks(execute=True):
        assert services.step(event.pk)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    names = {one.ns_id: "A", one.ew_id: "B", two.ns_id: "C", two.ew_id: "D"}
    rows = services.standings(event)
    assert {names[row.pair.pk]: (row.matchpoints, row.top) for row in rows} == {
        pair: (points, 4) for pair, points in expected.items()}
    assert [row.percentage for row in rows] == sorted((25.0 * p for p in expected.values()), reverse=True)

    # Published after the event: every table's deals are the event's, and they verify.
    for table in (one, two):
        match = Match.objects.get(pk=table.match_id)
        record = records.public_record(match)
        assert [(hand["seed"], hand["sha256"]) for hand in record["hands"]] == list(
            Deal.objects.filter(event=event).order_by("number").values_list("seed", "sha256"))
        assert all(hashlib.sha256(bytes.fromhex(h["seed"])).hexdigest() == h["sha256"]
                   for h in record["hands"])
        assert records.verify(match) == []
        assert match.fairness["previous"]["seed"] == second.seed


def test_a_missing_player_has_a_bot_in_their_seat():
    event, players = event_with_pairs(2, deals=1, prefix="m", here=3)
    services.step(event.pk)
    table = Table.objects.get(round__event=event)
    assert table.bot_seats == [3]
    assert table.match.seating[3]["bot"] == "standard" and table.match.seating[2]["user"] == players[1].pk


def test_release_keeps_a_match_in_play_held():
    event, _ = event_with_pairs(2, deals=1, prefix="r")
    services.step(event.pk)
    match = Table.objects.get(round__event=event).match
    assert move_path.release_seeds([match.pk]) == 0
    assert Match.objects.get(pk=match.pk).seeds_held

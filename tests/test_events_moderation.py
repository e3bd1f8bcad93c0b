"""A moderator removes a pair from an event or adjusts its score, with a reason; each act
is in the audit log, and nobody else can do either."""

import pytest

from events import services
from events.models import Adjustment, Pair, Table
from games.models import Match
from moderation.models import AuditEntry
from tests.event_tables import event_with_pairs
from tests.moderators import make_moderator

pytestmark = pytest.mark.django_db


def test_an_adjustment_moves_the_standings_and_is_logged(client):
    event, _ = event_with_pairs(2, deals=1, prefix="a")
    services.step(event.pk)
    pair = Pair.objects.filter(event=event).last()
    client.force_login(make_moderator())
    client.post(f"/events/{event.pk}/moderate/", {"action": "adjust", "pair": pair.pk, "amount": 3,
                                                  "reason": "slow play by the others"})
    [adjustment] = Adjustment.objects.all()
    assert (adjustment.amount, adjustment.reason) == (3, "slow play by the others")
    entry = AuditEntry.objects.get(action=AuditEntry.Action.ADJUST_SCORE)
    assert entry.details["amount"] == 3 and entry.details["event"] == event.pk and entry.reason
    first = services.standings(event)[0]
    assert first.pair == pair and first.adjustment == 3


def test_a_removed_pair_leaves_its_table_to_the_timer_and_is_ranked_last(client):
    event, _ = event_with_pairs(2, deals=1, prefix="r")
    services.step(event.pk)
    table = Table.objects.get(round__event=event)
    client.force_login(make_moderator())
    client.post(f"/events/{event.pk}/moderate/",
                {"action": "remove", "pair": table.ns_id, "reason": "cheating"})
    assert Pair.objects.get(pk=table.ns_id).removed
    seating = Match.objects.get(pk=table.match_id).seating
    assert [bool(seating[seat].get("removed")) for seat in range(4)] == [True, False, True, False]
    assert AuditEntry.objects.get(action=AuditEntry.Action.REMOVE_PAIR).reason == "cheating"
    assert services.standings(event)[-1].pair.pk == table.ns_id


def test_no_reason_no_act_and_players_cannot_moderate(client):
    event, players = event_with_pairs(2, deals=1, prefix="n")
    services.step(event.pk)
    pair = Pair.objects.filter(event=event).first()
    client.force_login(players[0])
    assert client.post(f"/events/{event.pk}/moderate/", {"action": "remove", "pair": pair.pk,
                                                         "reason": "x"}).status_code == 404
    client.force_login(make_moderator())
    client.post(f"/events/{event.pk}/moderate/", {"action": "remove", "pair": pair.pk, "reason": " "})
    assert not Pair.objects.get(pk=pair.pk).removed and not AuditEntry.objects.filter(
        action=AuditEntry.Action.REMOVE_PAIR).exists()


def test_the_audit_log_page_lists_an_event_act(client):
    event, _ = event_with_pairs(2, deals=1, prefix="l")
    services.step(event.pk)
    moderator = make_moderator()
    services.adjust(moderator, Pair.objects.filter(event=event).first().pk, -5, "late every round")
    client.force_login(moderator)
    page = client.get("/moderation/log/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Adjust a score in an event" in page and "late every round" in page

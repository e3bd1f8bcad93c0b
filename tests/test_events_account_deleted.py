"""An account deleted while entered in an event still open for registration leaves it: it
would otherwise be paired at the start under its deleted name, a bot in its seat and its
partner's. Entries of events already running stay (their pairs, tables and scores are the
other players' too)."""

import pytest

from accounts.deletion import delete_account
from events.models import Entry
from tests.event_tables import event_with_pairs

pytestmark = pytest.mark.django_db


def test_a_deleted_account_leaves_the_events_it_entered():
    event, players = event_with_pairs(2, format="swiss", prefix="leaving")
    gone, partner = players[0], players[1]
    delete_account(gone)
    assert not Entry.objects.filter(event=event, user=gone).exists()
    # The partner who named them stays entered, naming nobody.
    assert Entry.objects.get(event=event, user=partner).partner is None
    assert event.entries.count() == 3

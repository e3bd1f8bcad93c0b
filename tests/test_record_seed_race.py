"""The public record never shows the seed of a hand being played, even when a deal
commits while the record is being read."""

from contextlib import contextmanager

import pytest
from django.db import connection

from games.models import Match
from games.services import move_path
from tests.tables import play_until, start_match

pytestmark = pytest.mark.django_db(transaction=True)


def match_between_hands() -> Match:
    """A match whose first hand is over, waiting for the next deal."""
    return play_until(start_match("classic", turn_seconds=30), "deal")


@contextmanager
def deal_after_first_log_read(match: Match):
    """Commit the next deal as soon as the record has read the event log once: before
    its next query, or after it if it makes none. That is the moment an attacker polling
    the record aims for (the pause before each deal tells them when)."""
    log_read, dealt = [], []

    def deal() -> None:
        dealt.append(True)
        move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version,
                      actor=move_path.SYSTEM)

    def interleave(execute, sql, params, many, context):
        if log_read and not dealt:
            deal()
        if "games_matchevent" in sql and sql.lstrip().upper().startswith("SELECT"):
            log_read.append(True)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(interleave):
        yield
    assert log_read, "the record did not read the log"
    if not dealt:
        deal()


def test_a_deal_committed_during_the_read_does_not_leak_its_seed(client):
    match = match_between_hands()
    with deal_after_first_log_read(match):
        record = client.get(f"/matches/{match.pk}/record.json").json()

    match.refresh_from_db()
    live_seed = match.events.get(seq=match.version).action["seed"]
    assert match.game.phase != "deal", "the second hand is being played"
    assert live_seed not in str(record)
    assert all(hand["over"] or hand["seed"] is None for hand in record["hands"])


def test_the_next_read_shows_the_new_deal_without_its_seed(client):
    match = match_between_hands()
    move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version, actor=move_path.SYSTEM)
    record = client.get(f"/matches/{match.pk}/record.json").json()
    first, second = record["hands"]
    assert first["over"] and first["seed"]
    assert not second["over"] and second["seed"] is None
    assert record["moves"][-1]["action"] == {"type": "deal"}

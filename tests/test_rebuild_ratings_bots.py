"""A match with a bot account in a seat is not rated live (docs/bots.md), and a rebuild
leaves it out too: before, rebuild_ratings rated it and changed four ratings."""

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from ratings.models import RatingChange
from ratings.rate import rate_match
from tests.farming import rated
from tests.past_matches import past_match
from tests.rated import snapshot
from tests.tables import make_players

pytestmark = pytest.mark.django_db


def test_a_rebuild_leaves_out_matches_with_a_bot_account():
    players = make_players(4)
    start = timezone.now() - timedelta(days=1)
    rated(players, 0, start)
    with_bot = past_match([player.username for player in players], winner=1)
    with_bot.seating[3]["bot"] = "standard"
    with_bot.finished_at = start + timedelta(hours=1)
    with_bot.save(update_fields=["seating", "finished_at"])
    assert rate_match(with_bot) == []
    live = snapshot()
    out = io.StringIO()
    call_command("rebuild_ratings", stdout=out)
    assert "rated 1 matches" in out.getvalue()
    assert snapshot() == live
    assert not RatingChange.objects.filter(match=with_bot).exists()

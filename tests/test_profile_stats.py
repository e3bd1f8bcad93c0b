"""The profile's figures per variant: matches, wins, hands and timer moves, counted from
finished matches only."""

import pytest

from games.models import MatchEvent
from games.services import move_path
from history.stats import variant_stats
from tests.tables import play_until, start_match

pytestmark = pytest.mark.django_db


def test_figures_count_the_players_finished_matches(client):
    classic = play_until(start_match("classic", turn_seconds=30), "finished")
    player = classic.players.get(seat=1).user
    other = play_until(start_match("forty_one", turn_seconds=30), "finished")
    start_match("classic", turn_seconds=30)  # someone else's live match: not counted

    (stats,) = variant_stats(player, player)
    assert (stats.variant, stats.matches) == ("classic", 1)
    assert stats.wins == (1 if classic.winner == 1 else 0)
    assert stats.hands == classic.game.hand_number
    own_turns = MatchEvent.objects.filter(match=classic, seat=1)
    assert stats.turns == own_turns.count() and stats.timer_moves == 0
    assert other.players.filter(user=player).count() == 0


def test_timer_moves_are_counted_as_a_share_of_turns():
    match = start_match("classic", turn_seconds=30)
    game = match.game
    seat = game.to_act
    match = move_path.play(match.pk, seat=seat, action=game.timeout_action(), version=match.version,
                          actor=move_path.TIMER)
    match = play_until(match, "finished")
    player = match.players.get(seat=seat).user
    (stats,) = variant_stats(player, player)
    assert stats.timer_moves == 1
    assert stats.timer_percent == round(100 / stats.turns)


def test_the_profile_shows_them(client):
    match = play_until(start_match("classic", turn_seconds=30), "finished")
    username = match.seating[0]["username"]
    page = client.get(f"/u/{username}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Win rate" in page

"""`manage.py rebuild_ratings` replays every finished match in order and arrives at exactly
the ratings and rating changes the live path wrote, to the last bit of every float."""

import io

import pytest
from django.core.management import call_command

from games.services import room_life
from ratings.models import Rating, RatingChange
from tests.rated import play_match, snapshot
from tests.tables import make_players

pytestmark = pytest.mark.django_db


def play_a_season() -> None:
    """Six players in both variants, seated differently each time, and one aborted match."""
    p = make_players(6)
    for seats, variant in [((0, 1, 2, 3), "classic"), ((4, 0, 5, 1), "classic"), ((2, 3, 4, 5), "forty_one"),
                           ((1, 2, 0, 4), "classic"), ((5, 0, 3, 2), "forty_one"), ((3, 4, 1, 0), "classic")]:
        play_match([p[n] for n in seats], variant)
    room = room_life.create_room(p[0], name="closed", variant="classic", target=31, turn_seconds=30,
                                private=False)
    for seat, n in enumerate((5, 4, 3, 2)):
        room_life.sit(room.pk, p[n], seat)
    room_life.close_room(room.pk)


def test_a_rebuild_equals_the_live_ratings_and_repairs_lost_or_damaged_rows():
    # One season for both checks: playing it is nearly all of this test's time.
    play_a_season()
    live = snapshot()
    assert len(live[1]) == 24 and {r["matches"] for r in live[0]} > {1}
    out = io.StringIO()
    call_command("rebuild_ratings", stdout=out)
    assert "rated 6 matches" in out.getvalue()
    assert snapshot() == live

    Rating.objects.filter(pk=Rating.objects.order_by("pk")[0].pk).update(mu=99.0, matches=0)
    RatingChange.objects.filter(pk=RatingChange.objects.order_by("pk")[0].pk).delete()
    assert snapshot() != live
    call_command("rebuild_ratings", stdout=io.StringIO())
    assert snapshot() == live

"""Helpers for the ratings' tests: whole matches played through services by chosen players."""

from typing import Any

from django.forms.models import model_to_dict

from games.models import Match
from games.services import room_life
from ratings.models import Rating, RatingChange
from tests.tables import create_room, play_until


def play_match(users: list[Any], variant: str = "classic") -> Match:
    """`users` sit at seats 0 to 3 of a new room, and play the match to its end."""
    room = create_room(users[0], variant=variant)
    for seat, user in enumerate(users):
        room_life.sit(room.pk, user, seat)
    return play_until(Match.objects.get(room=room), "finished")


def snapshot() -> tuple[list[dict], list[dict]]:
    """Every Rating and RatingChange row, without their ids, in a stable order."""
    ratings = sorted((_fields(r) for r in Rating.objects.all()), key=lambda r: (r["user"], r["variant"]))
    changes = sorted((_fields(c) for c in RatingChange.objects.all()), key=lambda c: (c["match"], c["user"]))
    return ratings, changes


def _fields(row: Any) -> dict:
    fields = model_to_dict(row)
    fields.pop("id")
    return fields

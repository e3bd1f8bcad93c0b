"""Matches written straight to the tables, as if played, for the admin's tests."""

from typing import Any

from django.contrib.auth import get_user_model

from games import engine
from games.models import Match, MatchPlayer
from games.services import room_life


def player(username: str) -> Any:
    user, _ = get_user_model().objects.get_or_create(username=username)
    return user


def past_match(usernames: list[str], status: str = Match.Status.FINISHED, winner: int | None = 0,
               room_name: str = "test table") -> Match:
    """A match of the four named players, by seat, in a room of its own."""
    users = [player(name) for name in usernames]
    room = room_life.create_room(users[0], name=room_name, variant="classic", target=31,
                                turn_seconds=30, private=False)
    match = Match.objects.create(
        room=room, variant="classic", target=31, status=status, first_dealer=0,
        state=engine.new_match("classic", dealer=0, target=31).to_dict(),
        winner=winner if status == Match.Status.FINISHED else None,
        seating=[{"user": user.pk, "username": user.username, "timeouts": 0} for user in users])
    MatchPlayer.objects.bulk_create(MatchPlayer(match=match, seat=seat, user=user)
                                    for seat, user in enumerate(users))
    return match


def listed(response: Any) -> set[int]:
    """The ids of the matches on an admin changelist page."""
    assert response.status_code == 200
    return {match.pk for match in response.context["cl"].result_list}

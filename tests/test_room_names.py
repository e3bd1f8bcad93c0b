"""A room's name is text everyone in the lobby reads, so it follows the chat's rules: a
muted person names no room, and invisible characters and piles of marks are taken out
(a name of nothing but those is refused)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.models import Mute
from games.services import refusals, room_life
from tests.tables import make_players

pytestmark = pytest.mark.django_db(transaction=True)


def opened(owner, name: str):
    return room_life.create_room(owner, name=name, variant="classic", target=31, turn_seconds=30,
                                 private=False)


def test_a_muted_player_names_no_room():
    muted, moderator = make_players(2)
    Mute.objects.create(user=muted, until=timezone.now() + timedelta(hours=1), reason="spam",
                        created_by=moderator)
    with pytest.raises(refusals.Refused) as refused:
        opened(muted, "free gold here")
    assert refused.value.code == "muted"


def test_invisible_characters_and_piled_marks_leave_a_room_name():
    (owner,) = make_players(1)
    piled = opened(owner, "tab\u200ble\u3164 o" + "\u0301" * 50 + "f four")
    assert piled.name == "table o" + "\u0301" * 4 + "f four"
    assert opened(owner, "\u0627\u0644\u0637\u0631\u0646\u064a\u0628").name == "الطرنيب"
    with pytest.raises(refusals.Refused) as refused:
        opened(owner, "\u200b\u3164\u200b")
    assert refused.value.code == "bad_name"

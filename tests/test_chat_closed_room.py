"""A room a moderator closed takes no chat line, from a player or anyone else."""

import pytest

from chat.models import ChatMessage
from chat.services import Refused, post
from games.models import Room
from tests.tables import create_room, make_players

pytestmark = pytest.mark.django_db


def test_a_line_in_a_closed_room_is_refused_and_says_why(settings):
    settings.LANGUAGE_CODE = "en"
    owner, other = make_players(2)
    room = create_room(owner)
    post(room.pk, other, text="before")
    Room.objects.filter(pk=room.pk).update(closed=True)
    for user in (owner, other):
        with pytest.raises(Refused) as refused:
            post(room.pk, user, text="after")
        assert refused.value.code == "closed"
        assert "closed by a moderator" in refused.value.message
    with pytest.raises(Refused):
        post(room.pk, other, phrase="hello")
    assert list(ChatMessage.objects.filter(room=room).values_list("text", flat=True)) == ["before"]

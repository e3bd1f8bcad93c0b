"""Wherever a bot's name is shown on a page (the match, the player's matches, its profile),
a bot badge stands beside it."""

import pytest

from games import bot_players
from games.models import Match
from games.services import room_life
from tests.tables import create_room, make_players

pytestmark = pytest.mark.django_db(transaction=True)

BADGE = 'class="chip bot-badge bot-'


def test_pages_mark_the_bots(client):
    (person,) = make_players(1)
    room = create_room(person)
    room_life.sit(room.pk, person, 0)
    for seat, level in ((1, "expert"), (2, "standard"), (3, "expert")):
        bot_players.add_bot(room.pk, person, seat, level)
    match = Match.objects.get(room=room)
    headers = {"Accept-Language": "en"}

    page = client.get(f"/matches/{match.pk}/", headers=headers).content.decode()
    assert page.count(BADGE) == 3
    assert page.count('>expert bot<') == 2

    listing = client.get(f"/u/{person.username}/matches/", headers=headers).content.decode()
    assert listing.count(BADGE) == 3  # the partner and both opponents

    profile = client.get("/u/bot-expert/", headers=headers).content.decode()
    assert BADGE in profile and "plays from simulations" in profile
    heading = client.get(f"/u/{person.username}/", headers=headers).content.decode().split("<h1")[1]
    assert BADGE not in heading.split("</h1>")[0]  # a person's name is not marked

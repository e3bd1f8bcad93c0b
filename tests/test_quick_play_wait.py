"""Quick play's waiting screen says when the bots come (issue 27): the seconds left of
QUICK_PLAY_BOT_SECONDS, in English and Arabic, and "Play now with bots"; a table that
started, or any other table, has none of it."""

import re

import pytest

from games.services import room_life
from tests.tables import create_room, make_players

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]

WORDS = {"en": ("Bots take the empty seats in", "Play now with bots"),
         "ar": ("تجلس الروبوتات في المقاعد الفارغة بعد", "العب الآن مع الروبوتات")}


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_wait_says_when_the_bots_come(client, settings, language):
    settings.QUICK_PLAY_BOT_SECONDS = 20.0
    (player,) = make_players(1)
    room = room_life.quick_play(player)
    client.force_login(player)
    html = client.get(room.get_absolute_url(), headers={"Accept-Language": language}).content.decode()
    seconds = int(re.search(r'id="quick-wait" class="note quick-wait" data-seconds="(\d+)"', html).group(1))
    assert 15 <= seconds <= 20
    assert f'<strong class="quick-count">{seconds}</strong>' in html
    for words in WORDS[language]:
        assert words in html
    assert f'action="/rooms/{room.pk}/bots-now/"' in html


def test_no_wait_once_started_nor_at_other_tables(client):
    players = make_players(4)
    for player in players:
        room = room_life.quick_play(player)
    other = create_room(players[0])
    client.force_login(players[0])
    for table in (room, other):
        html = client.get(table.get_absolute_url()).content.decode()
        assert "quick-wait" not in html and "quick.js" not in html

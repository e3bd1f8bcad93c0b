"""What leaving costs is said before anyone needs it (issue 27, point 1): the rules page
gives the cool-downs from playban.policy in the reader's language, and a logged-in reader's
own next one; the table tells a player who has never finished a match how to leave and
what it would cost them, and stops once they have finished one."""

import html

import pytest
from django.utils import translation

from games.models import Match
from playban import policy
from playban import services as playban
from tests.tables import create_room, make_players, play_until, start_match

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_rules_say_what_leaving_costs(client, language):
    (reader,) = make_players(1, prefix="reader")
    page = client.get("/rules/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    with translation.override(language):
        lengths = [playban.duration(length) for length in policy.COOL_DOWNS]
        cost = playban.leaving_costs(reader)
    section = page[page.index('id="timers-leaving"'):]
    assert all(length in section for length in lengths), lengths
    assert str(policy.WINDOW.days) in section and cost not in section

    client.force_login(reader)
    page = client.get("/rules/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert cost in html.unescape(page)


def first_match_note(client, room_id: str) -> str:
    page = client.get(f"/rooms/{room_id}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    return html.unescape(page.split('data-first-match="', 1)[1].split('"', 1)[0])


def test_a_new_players_first_match_says_how_to_leave_and_what_it_costs(client):
    match = start_match("classic", turn_seconds=60)
    newcomer = match.players.get(seat=0).user
    client.force_login(newcomer)
    note = first_match_note(client, match.room_id)
    with translation.override("en"):
        assert "Leave table" in note and note.endswith(playban.leaving_costs(newcomer))

    play_until(Match.objects.get(pk=match.pk), "finished")
    room = create_room(make_players(1, prefix="host")[0])
    assert first_match_note(client, room.pk) == ""

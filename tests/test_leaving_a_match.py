"""A player can leave a match in play: they are first told what it does and what it costs
them (from their own record), then a bot plays their seat to the end, they cannot come
back to it, and the match counts as one they left (an abandonment, never a win on their
profile, whatever the bot made of it)."""

import re

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import translation

from games.models import Match, Seat
from games.services import move_path, refusals, room_life
from history.stats import variant_stats
from playban import services as playban
from playban.models import Abandonment
from tests.tables import create_room, make_players, play_until, receive, seated_table

pytestmark = pytest.mark.django_db(transaction=True)


async def test_leaving_is_confirmed_after_the_player_is_told_the_cost(asgi_application):
    room, sockets, _states = await seated_table(asgi_application)
    await sockets[1].send_json_to({"type": "leave"})
    question = await receive(sockets[1], "error")
    assert question["code"] == "confirm_leave"
    match = await database_sync_to_async(Match.objects.get)(room=room)
    leaver = await database_sync_to_async(lambda: match.players.get(seat=1).user)()
    with translation.override(settings.LANGUAGE_CODE):  # the socket's language (it sent none)
        cost = await database_sync_to_async(playban.leaving_costs)(leaver)
    assert question["message"].endswith(cost) and question["message"] != cost
    assert not match.seating[1].get("left")

    await sockets[1].send_json_to({"type": "leave", "confirm": True})
    state = await receive(sockets[0])
    assert state["room"]["seats"][1]["away"] is True and state["room"]["seats"][1]["left"] is True
    match = await database_sync_to_async(Match.objects.get)(room=room)
    assert match.seating[1]["left"] is True
    assert not await database_sync_to_async(Seat.objects.filter(room=room, number=1).exists)()
    await sockets[1].send_json_to({"type": "back"})
    while (answer := await sockets[1].receive_json_from(timeout=10))["type"] == "state":
        pass
    assert answer["code"] == "left"
    for socket in sockets:
        await socket.disconnect()


def match_of(players: list) -> Match:
    room = create_room(players[0])
    for seat, player in enumerate(players):
        room_life.sit(room.pk, player, seat)
    return Match.objects.get(room=room)


def test_a_player_who_won_one_match_and_left_another_has_one_win_and_one_left(client):
    first = make_players(4, prefix="first")
    won = play_until(match_of(first), "finished")
    winner = first[won.winner]  # seat `winner` is on the winning team
    second = [winner, *make_players(3, prefix="second")]
    match = match_of(second)
    with pytest.raises(refusals.Refused) as asked:
        move_path.leave(match.room_id, winner, confirmed=False)
    assert asked.value.code == "confirm_leave"
    move_path.leave(match.room_id, winner, confirmed=True)
    left = play_until(Match.objects.get(pk=match.pk), "finished")

    assert Abandonment.objects.get(user=winner, match=left).reason == "left"
    (row,) = variant_stats(winner, winner)
    # Whoever won the second match, the seat the bot played is not the player's win.
    assert (row.matches, row.wins, row.abandoned) == (2, 1, 1)

    # Their profile, as they read it: the same figures, and a cool-down that says why as
    # it was (they left; the timer did not play most of their turns in the match they won).
    client.force_login(winner)
    page = client.get(f"/u/{winner.username}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    first_row = page.split('<table class="sheet stats">')[1].split("</tr>", 2)[1]
    cells = re.findall(r'<td class="num">([^<]*)</td>', first_row)
    assert cells[:4] == ["2", "1", "50%", "1"]
    assert f"{row.timer_percent}%" in cells
    cool_down = page.split('id="cool-down"')[1].split("</div>")[0]
    assert "You left a match before it ended" in cool_down and "timer" not in cool_down

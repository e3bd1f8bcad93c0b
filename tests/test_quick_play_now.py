"""Quick play's "Play now with bots" (issue 27): a person seated at a Quick play table
that waits for its first match has bots take the empty seats at once; nobody else may,
nor at any other table, nor once it started; it is capped by the rooms where the person
has bots and by their Quick play matches in the last hour, each refusal a clear JSON
`error`, never a 500."""

import pytest

from games.models import Match, Room
from games.services import room_life
from tests.tables import make_players

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]

JSON = {"Accept": "application/json"}


def now(client, user, room_id: str, **headers):
    client.force_login(user)
    return client.post(f"/rooms/{room_id}/bots-now/", headers={**JSON, **headers})


def test_bots_take_the_empty_seats_and_the_match_starts(client):
    first, second = make_players(2)
    room = room_life.quick_play(first)
    room_life.quick_play(second)
    response = now(client, second, room.pk)
    assert (response.status_code, response.json()) == (200, {"ok": True})
    match = Match.objects.get(room=room)
    assert [bool(sitter.get("bot")) for sitter in match.seating] == [False, False, True, True]
    assert len({sitter["name"] for sitter in match.seating[2:]}) == 2


def test_without_its_script_the_form_comes_back_to_the_table(client):
    (player,) = make_players(1)
    room = room_life.quick_play(player)
    client.force_login(player)
    response = client.post(f"/rooms/{room.pk}/bots-now/")
    assert response["Location"] == room.get_absolute_url()
    assert Match.objects.filter(room=room).exists()


@pytest.mark.parametrize("case", ["spectator", "started", "not_quick", "no_room"])
def test_it_is_refused_where_it_does_not_belong(client, case):
    player, other = make_players(2)
    room = room_life.quick_play(player)
    code = {"spectator": "not_seated", "started": "started", "not_quick": "not_quick",
            "no_room": "no_room"}[case]
    who = other if case == "spectator" else player
    if case == "started":
        now(client, player, room.pk)
    if case == "not_quick":
        Room.objects.filter(pk=room.pk).update(quick=False)
    room_id = "nothere" if case == "no_room" else room.pk
    response = now(client, who, room_id)
    assert response.status_code == 409
    assert response.json()["error"] == code and response.json()["message"]
    assert Match.objects.filter(room=room).count() == (1 if case == "started" else 0)


def test_only_a_logged_in_post_is_heard(client):
    (player,) = make_players(1)
    room = room_life.quick_play(player)
    assert client.post(f"/rooms/{room.pk}/bots-now/")["Location"].startswith("/accounts/login/")
    client.force_login(player)
    assert client.get(f"/rooms/{room.pk}/bots-now/").status_code == 405
    assert not Match.objects.filter(room=room).exists()


def test_quick_play_matches_of_the_last_hour_are_capped(client, settings):
    settings.QUICK_PLAY_BOTS_NOW_PER_HOUR = 2
    (player,) = make_players(1)
    for _ in range(2):
        room = room_life.quick_play(player)
        assert now(client, player, room.pk).status_code == 200
        Match.objects.filter(room=room).update(status=Match.Status.FINISHED)
        Room.objects.filter(pk=room.pk).update(closed=True)  # not a room with bots any more
    room = room_life.quick_play(player)
    response = now(client, player, room.pk, **{"Accept-Language": "en"})
    assert response.status_code == 429
    assert response.json()["error"] == "bots_now_too_fast"
    assert "2 Quick play matches in the last hour" in response.json()["message"]
    assert not Match.objects.filter(room=room).exists()  # the bots still come when the wait is over


def test_rooms_with_bots_are_capped(client, settings):
    settings.BOT_ROOMS_PER_USER = 1
    (player,) = make_players(1)
    first = room_life.quick_play(player)
    assert now(client, player, first.pk).status_code == 200
    Match.objects.filter(room=first).update(status=Match.Status.FINISHED)  # its bots still sit there
    second = room_life.quick_play(player)
    response = now(client, player, second.pk)
    assert (response.status_code, response.json()["error"]) == (429, "too_many_bot_rooms")

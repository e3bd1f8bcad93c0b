"""Bots have names (issue 27): each bot seat of a table its own, kept while it sits, in
both languages, the same at the table, in the score sheet, the replay's players and the
record; a match from before names still reads, with names of its own."""

import json
import re

import pytest
from jsonschema import Draft202012Validator

from games import bot_names, bot_players, records
from games.models import Match, Seat, new_room_id
from games.services import published, room_life
from tests.tables import create_room, make_players, play_until
from tests.test_record_schema import SCHEMA

pytestmark = pytest.mark.django_db


def bot_table(person_name: str = "player0") -> Match:
    """A person at seat 0, an expert and two standard bots: the match starts."""
    (person,) = make_players(1, prefix=person_name.rstrip("0"))
    room = create_room(person)
    room_life.sit(room.pk, person, 0)
    for seat, level in ((1, "expert"), (2, "standard"), (3, "standard")):
        bot_players.add_bot(room.pk, person, seat, level)
    return Match.objects.get(room=room)


def test_each_bot_seat_has_its_own_name_kept_from_seat_to_match():
    match = bot_table()
    seats = {seat.number: seat.bot_name for seat in Seat.objects.filter(room=match.room, bot=True)}
    assert len(set(seats.values())) == 3 and set(seats.values()) <= set(bot_names.KEYS)
    assert {n: match.seating[n]["name"] for n in (1, 2, 3)} == seats
    assert "name" not in match.seating[0]


def test_the_table_sends_each_name_in_both_languages_with_the_level():
    match = bot_table()
    summary = published.room_snapshot(match.room_id)["room"]
    people, *bots = summary["seats"]
    assert people["name"] is None
    assert [seat["bot"] for seat in bots] == ["expert", "standard", "standard"]
    for seat, shown in zip((1, 2, 3), bots, strict=True):
        assert shown["name"] == bot_names.in_languages(match.seating[seat]["name"])
        assert re.fullmatch(r"[A-Z][a-z]+", shown["name"]["en"])
        assert re.fullmatch(r"[\u0621-\u064a]+", shown["name"]["ar"])
    # Stable: the same table sends the same names again.
    assert published.room_snapshot(match.room_id)["room"]["seats"] == summary["seats"]


def test_a_bot_never_takes_a_name_a_person_at_the_table_has():
    first = bot_names.choose("room", 1, [])
    assert bot_names.choose("room", 1, [first.capitalize()]) != first
    arabic = bot_names.in_languages(first)["ar"]
    assert bot_names.choose("room", 1, [arabic]) != first
    assert bot_names.choose("room", 1, []) == first  # the same room and seat, the same name


def test_the_record_names_each_bot_with_its_level(client):
    match = play_until(bot_table(), "playing")
    players = client.get(f"/matches/{match.pk}/record.json").json()["players"]
    assert players[0] == {"seat": 0, "username": match.seating[0]["username"]}
    for seat in (1, 2, 3):
        assert players[seat]["bot"] == match.seating[seat]["bot"]
        assert players[seat]["name"] == bot_names.in_languages(match.seating[seat]["name"])
    assert not list(Draft202012Validator(SCHEMA).iter_errors(records.public_record(match)))


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_match_page_shows_the_names_in_the_readers_language(client, language):
    match = play_until(bot_table(), "deal")  # a hand over: the replay is on the page
    html = client.get(f"/matches/{match.pk}/", headers={"Accept-Language": language}).content.decode()
    names = [bot_names.in_languages(match.seating[seat]["name"])[language] for seat in (1, 2, 3)]
    seats_table = html.split('class="sheet seats"')[1].split("</table>")[0]
    for name in names:
        assert f">{name}</a>" in seats_table
    assert ">bot-standard<" not in html and ">bot-expert<" not in html
    embedded = html.split('id="replay-players" type="application/json">')[1].split("</script>")[0]
    replay_players = json.loads(embedded)
    assert [player["name"] for player in replay_players[1:]] == names
    assert [player["bot"] for player in replay_players] == [None, "expert", "standard", "standard"]


def test_a_match_from_before_names_reads_with_distinct_names(client):
    match = bot_table()
    for sitter in match.seating:
        sitter.pop("name", None)
    Match.objects.filter(pk=match.pk).update(seating=match.seating)
    match.refresh_from_db()
    players = records.public_record(match)["players"]
    names = [players[seat]["name"]["en"] for seat in (1, 2, 3)]
    assert names == [bot_names.in_languages(bot_names.KEYS[seat])["en"] for seat in (1, 2, 3)]
    assert len(set(names)) == 3
    assert records.public_record(match)["players"] == players  # the same every time
    assert client.get(f"/matches/{match.pk}/").status_code == 200


def test_a_table_the_site_opens_names_its_bots_too():
    (person,) = make_players(1, prefix="entrant")
    bot = bot_players.bot_account("standard")
    match = room_life.open_table(new_room_id(), person, name="event", variant="classic", target=31,
                                 turn_seconds=30, sitters=[person, bot, bot, bot], dealer=0, deals=None,
                                 hold_seeds=False)
    names = [sitter["name"] for sitter in match.seating[1:]]
    assert len(set(names)) == 3 and set(names) <= set(bot_names.KEYS)

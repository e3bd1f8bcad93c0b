"""An event's pages: creation by staff and (private, capped) by players, registration,
a private event reached by its link only, the traveller after its round, the exports."""

import csv
import io
from datetime import timedelta

import pytest
from django.utils import timezone

from events import services
from events.models import Event, Table
from tests.event_tables import PASS, event_with_pairs, play_deal, staff
from tests.tables import make_players

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


def form(**changes):
    data = {"name": "Friday club", "format": "duplicate", "variant": "classic", "target": 41, "deals": 2,
            "rounds": 1, "turn_seconds": 30, "max_pairs": 8,
            "starts_at": (timezone.now() + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")}
    return {**data, **changes}


def test_staff_create_a_public_event_and_a_player_only_private_ones(client, settings):
    client.force_login(staff())
    response = client.post("/events/new/", form())
    event = Event.objects.get()
    assert response.status_code == 302 and not event.private and event.deal_set.count() == 2
    assert "Friday club" in client.get("/events/").content.decode()
    [player] = make_players(1, prefix="host")
    client.force_login(player)
    response = client.post("/events/new/", form(name="Our table"))
    mine = Event.objects.get(name="Our table")
    assert mine.private and response["Location"] == f"/events/{mine.pk}/?invite={mine.invite}"
    assert "Our table" not in client.get("/events/", {"x": 1}).content.decode().split("Your events")[0]


def test_a_player_has_at_most_two_events_open(client, settings):
    assert settings.EVENTS_OPEN_PER_USER == 2
    [player] = make_players(1, prefix="busy")
    client.force_login(player)
    assert [client.post("/events/new/", form()).status_code for _ in range(3)] == [302, 302, 429]
    assert Event.objects.count() == 2


@pytest.mark.parametrize("changes", [{"rounds": 0}, {"deals": 99}, {"max_pairs": 1}, {"turn_seconds": 2},
                                     {"starts_at": "2000-01-01T00:00"}, {"name": "  "}, {"format": "arena"}])
def test_a_bad_setting_is_refused_with_the_form(client, changes):
    client.force_login(staff())
    response = client.post("/events/new/", form(**changes))
    assert response.status_code == 400 and not Event.objects.exists()


def test_a_private_event_is_reached_by_its_link_only(client):
    [host, friend] = make_players(2, prefix="priv")
    event = services.create_event(host, name="Private", format="swiss", variant="classic", target=31, deals=1,
                                  rounds=1, turn_seconds=30, starts_at=timezone.now() + timedelta(hours=1),
                                  max_pairs=4, private=True)
    client.force_login(friend)
    assert client.get(f"/events/{event.pk}/").status_code == 404
    assert client.get(f"/events/{event.pk}/results.json").status_code == 404
    assert client.post(f"/events/{event.pk}/register/", {"invite": "wrong"}).status_code == 404
    assert client.get(f"/events/{event.pk}/?invite={event.invite}").status_code == 200
    client.post(f"/events/{event.pk}/register/", {"invite": event.invite, "partner": host.username})
    assert event.entries.filter(user=friend, partner=host).exists()
    assert client.get(f"/events/{event.pk}/").status_code == 200  # now one of its players


def test_the_traveller_shows_every_table_once_the_round_is_over(client, django_capture_on_commit_callbacks):
    event, players = event_with_pairs(4, deals=1, prefix="t")
    services.step(event.pk)
    one, two = Table.objects.filter(round__event=event).order_by("number")
    client.force_login(players[0])
    play_deal(one.match, [PASS] * 4)
    assert client.get(f"/events/{event.pk}/deals/1/").status_code == 404  # table 2 still plays it
    play_deal(two.match, [PASS] * 4)
    with django_capture_on_commit_callbacks(execute=True):
        services.step(event.pk)
    page = client.get(f"/events/{event.pk}/deals/1/").content.decode()
    assert page.count(f"/matches/{one.match_id}/#h1-m0") == 1 and f"/matches/{two.match_id}/#h1-m0" in page
    client.logout()  # the round is over: anyone may replay its tables
    assert client.get(f"/matches/{two.match_id}/").status_code == 200
    client.force_login(players[0])
    results = client.get(f"/events/{event.pk}/results.json").json()
    assert results["status"] == "finished" and results["deals"][0]["seed"] is not None
    assert [line["table"] for line in results["deals"][0]["results"]] == [1, 2]
    assert [row["percentage"] for row in results["standings"]] == [50.0] * 4
    rows = list(csv.reader(io.StringIO(client.get(f"/events/{event.pk}/results.csv").content.decode())))
    assert rows[0][:3] == ["rank", "pair", "first"] and len(rows) == 5


def test_a_name_a_spreadsheet_would_run_is_quoted_in_the_csv(client, django_user_model):
    event, players = event_with_pairs(2, deals=1, prefix="c")
    django_user_model.objects.filter(pk=players[0].pk).update(username="=cmd")
    services.step(event.pk)
    text = client.get(f"/events/{event.pk}/results.csv").content.decode()
    assert "'=cmd" in text and "\n=cmd" not in text and ",=cmd" not in text


def test_the_event_page_names_a_seat_a_bot_played_for_a_missing_player(client):
    event, players = event_with_pairs(2, deals=1, prefix="b", here=3)
    services.step(event.pk)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert f"A bot played for {players[3].username}, who was not here at the start." in page


def test_the_event_is_on_its_players_profile_and_match_list(client):
    event, players = event_with_pairs(2, deals=1, prefix="f")
    services.step(event.pk)
    client.force_login(players[0])
    for page in (f"/u/{players[0].username}/", f"/u/{players[0].username}/matches/"):
        assert f'href="/events/{event.pk}/"' in client.get(page).content.decode()

"""The settings page: each player's language (pages and mail), time zone, and what the
table honours (sound, the four-colour deck, confirming a card, the hand's order)."""

import json
import re
from datetime import UTC, datetime
from types import SimpleNamespace

import pytest
from django.http import HttpResponse
from django.utils import timezone

from accounts import budget, preferences
from accounts.budget import SETTINGS_PER_HOUR
from accounts.models import PasswordHashBudget, User
from games.dates import when_text

pytestmark = pytest.mark.django_db

SAVED = {"preferences": "1", "language": "en", "time_zone": "Asia/Amman", "sound": "on",
         "four_colour_deck": "on", "confirm_card": "on", "hand_sort": "low_first"}


def page_preferences(response) -> dict:
    return json.loads(re.search(r'<script id="preferences" type="application/json">(.*?)</script>',
                                response.content.decode()).group(1))


def test_it_saves_every_setting_and_pages_carry_them(client, alice):
    client.force_login(alice)
    assert client.post("/accounts/settings/", SAVED).status_code == 302
    alice.refresh_from_db()
    assert (alice.language, alice.time_zone, alice.sound, alice.four_colour_deck, alice.confirm_card,
            alice.hand_sort) == ("en", "Asia/Amman", True, True, True, "low_first")
    lobby = client.get("/")
    assert page_preferences(lobby) == {"fourColour": True, "confirmCard": True, "handSort": "low_first",
                                       "sound": True, "timeZone": "Asia/Amman"}
    html = lobby.content.decode()
    assert '<html lang="en" dir="ltr" class="four-colour" data-time-zone="Asia/Amman">' in html


def test_a_visitor_has_no_preferences(client):
    assert 'id="preferences"' not in client.get("/").content.decode()


def test_the_language_setting_wins_over_the_browsers(client, alice):
    client.force_login(alice)
    client.post("/accounts/settings/", {**SAVED, "language": "ar"})
    page = client.get("/", headers={"accept-language": "en"})
    assert '<html lang="ar" dir="rtl"' in page.content.decode()
    # The header's switch changes the setting too (the mail's language).
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert User.objects.get(pk=alice.pk).language == "en"


def test_dates_follow_the_chosen_time_zone(client, alice):
    client.force_login(alice)
    client.post("/accounts/settings/", SAVED)
    moment = datetime(2026, 12, 3, 14, 5, tzinfo=UTC)
    written = []

    def view(request):
        written.append(when_text(moment))
        return HttpResponse()

    preferences.middleware(view)(SimpleNamespace(user=User.objects.get(pk=alice.pk)))
    assert written == ["3 December 2026, 17:05 +03"]
    assert timezone.get_current_timezone_name() == "UTC"  # for that request only


def test_bad_values_are_refused(client, alice):
    client.force_login(alice)
    response = client.post("/accounts/settings/", {**SAVED, "time_zone": "Mars/Olympus",
                                                     "hand_sort": "random"})
    assert response.status_code == 400
    assert User.objects.get(pk=alice.pk).time_zone == ""


def test_the_tables_sound_switch_saves_it(client, alice):
    assert client.post("/accounts/settings/table/", {"sound": "on"}).status_code == 302  # to log in
    client.force_login(alice)
    assert client.post("/accounts/settings/table/", {"sound": "loud"}).status_code == 400
    assert client.post("/accounts/settings/table/", {"sound": "on"}).json() == {"sound": "on"}
    assert User.objects.get(pk=alice.pk).sound is True


def test_settings_change_a_bounded_number_of_times_an_hour(client, alice):
    client.force_login(alice)
    assert client.post("/accounts/settings/table/", {"sound": "off"}).status_code == 200
    # The bucket's arithmetic is accounts.budget's (tests/test_token_bucket.py): spend the
    # rest of this hour's changes as if made, and the next one is refused.
    bucket = budget.settings_of(alice.pk)
    assert bucket.capacity == SETTINGS_PER_HOUR == 120
    PasswordHashBudget.objects.filter(key=bucket.key).update(tokens=0.0)
    assert client.post("/accounts/settings/table/", {"sound": "on"}).status_code == 429
    assert client.post("/accounts/settings/", SAVED).status_code == 429
    # The header's language switch still switches this browser, but saves nothing more.
    switched = client.post("/i18n/setlang/", {"language": "ar", "next": "/"})
    assert switched.cookies["django_language"].value == "ar"
    assert (User.objects.get(pk=alice.pk).sound, User.objects.get(pk=alice.pk).language) == (False, "")


def test_it_needs_a_login(client):
    assert client.get("/accounts/settings/")["Location"].startswith("/accounts/login/")

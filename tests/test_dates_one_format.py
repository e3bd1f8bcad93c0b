"""Every date the site shows is one format in the reader's language, with the month's
name, and a time says its zone (issue 27): "12/03/2026" read as 3 December in English and
12 March in Arabic, and the times were UTC without saying so. The pages write a <time>
that static/js/times.js moves to the reader's zone (tests/browser/test_browser_dates.py)."""

from datetime import UTC, datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from games.models import Match
from moderation.models import Sanction
from moderation.notices import sanction_notice
from moderation.texts import suspension_text
from playban.models import Abandonment
from playban.services import refusal
from tests.past_matches import past_match

pytestmark = pytest.mark.django_db

MOMENT = datetime(2026, 3, 12, 9, 5, tzinfo=UTC)  # 12 March: 12/03 or 03/12 in numbers
TEXT = {"en": "12 March 2026, 09:05 UTC", "ar": "12 مارس 2026، 09:05 UTC"}
DAY = {"en": "12 March 2026", "ar": "12 مارس 2026"}
NUMBERS = ("03/12/2026", "12/03/2026", "2026-03-12 09:05", "Mar. 12", "March 12")


def page(client, path: str, lang: str) -> str:
    client.cookies["django_language"] = lang
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


def played_on_12_march() -> Match:
    match = past_match(["ann", "bob", "cat", "dan"])
    Match.objects.filter(pk=match.pk).update(started_at=MOMENT, finished_at=MOMENT)
    return match


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_match_its_listing_and_a_profile_write_the_month_s_name_and_the_zone(client, lang):
    match = played_on_12_march()
    get_user_model().objects.filter(username="ann").update(date_joined=MOMENT)
    when = f'<time datetime="{MOMENT.isoformat()}" data-when="datetime">{TEXT[lang]}</time>'
    for path in (f"/matches/{match.pk}/", "/u/ann/matches/", "/u/ann/"):
        html = page(client, path, lang)
        assert when in html, path
        assert not any(number in html for number in NUMBERS), path
    since = f'<time datetime="{MOMENT.isoformat()}" data-when="date">{DAY[lang]}</time>'
    assert since in page(client, "/u/ann/", lang)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_what_a_sanctioned_or_cooling_down_player_is_told_says_the_same(lang):
    ann = get_user_model().objects.create_user("ann")
    suspension = Sanction(user=ann, kind=Sanction.Kind.SUSPENSION, reason="rude", until=MOMENT)
    mute = Sanction(user=ann, kind=Sanction.Kind.MUTE, reason="rude", until=MOMENT)
    left = Abandonment(user=ann, until=MOMENT, reason=Abandonment.Reason.REMOVED)
    with translation.override(lang):
        for text in (suspension_text(suspension), sanction_notice(mute), refusal(left)):
            assert TEXT[lang] in text, text

"""Dates and times in the reader's language and time zone, labelled (issue 27): a match
started at 09:05 UTC on 12 March reads "12 March 2026, 18:05 GMT+9" in Tokyo, with the
month's name in English and in Arabic, on the match's page, the list of matches and the
profile (whose "Playing since" is the day in the reader's zone). 1280x800 and 375x812."""

from datetime import UTC, datetime

import pytest
from django.contrib.auth import get_user_model

from games.models import Match
from tests.browser.replay_pages import shot, viewer
from tests.past_matches import past_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STARTED = datetime(2026, 3, 12, 9, 5, tzinfo=UTC)  # 18:05 in Tokyo
JOINED = datetime(2026, 3, 12, 20, 0, tzinfo=UTC)  # already 13 March in Tokyo
MONTH = {"en": "March", "ar": "مارس"}
TIMES = ("() => [...document.querySelectorAll('time')]"
         ".map(t => ({text: t.textContent, title: t.title, kind: t.dataset.when}))")
LOCAL = "() => [...document.querySelectorAll('time')].every(t => t.dataset.local)"


def test_dates_are_in_the_reader_s_language_and_zone_and_say_which(browser, server):
    match = past_match(["ann", "bob", "cat", "dan"])
    Match.objects.filter(pk=match.pk).update(started_at=STARTED, finished_at=STARTED)
    get_user_model().objects.filter(username="ann").update(date_joined=JOINED)
    for lang in ("en", "ar"):
        for size in ("desktop", "phone"):
            reader = viewer(browser, server, lang, size, timezone="Asia/Tokyo")
            page = reader.page
            pages = ((f"/matches/{match.pk}/", "match"), ("/u/ann/matches/", "list"), ("/u/ann/", "profile"))
            for path, name in pages:
                page.goto(path)
                page.wait_for_function(LOCAL, timeout=5000)
                times = page.evaluate(TIMES)
                assert times, path
                for when in times:
                    text = when["text"]
                    assert MONTH[lang] in text and "2026" in text and "/" not in text, (lang, path, text)
                    if when["kind"] == "date":
                        assert text.startswith("13 "), text  # the day in Tokyo
                        continue
                    assert text.startswith("12 ") and "18:05" in text and "09:05" not in text, text
                    zone = text.split("18:05", 1)[1].strip()
                    assert zone and "9" in zone, text  # GMT+9, or its Arabic name
                    assert when["title"] == "Asia/Tokyo"
                shot(page, f"dates-{name}-{lang}-{size}")
            assert reader.log == [], reader.log
            reader.context.close()

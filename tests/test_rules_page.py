"""/rules/ is written in both languages: each variant's play, scoring, tips and questions,
and the timers with the away rule; linked from the site's nav, the lobby and the table."""

import re

import pytest

from tests.tables import create_room, make_players

pytestmark = pytest.mark.django_db

SECTIONS = ["basics", "classic", "classic-bidding", "classic-trump", "classic-scoring", "classic-end",
            "classic-tips", "classic-faq", "forty-one", "forty-one-trump", "forty-one-bidding",
            "forty-one-scoring", "forty-one-end", "forty-one-tips", "forty-one-faq", "timers",
            "timers-turn", "timers-away", "timers-leaving"]
HEADINGS = {
    "en": {"classic-title": "Classic Tarneeb", "forty-one-title": "Tarneeb 41",
           "classic-scoring": "Scoring", "forty-one-faq": "Questions", "timers-away": "Being away"},
    "ar": {"classic-title": "الطرنيب الكلاسيكي", "forty-one-title": "طرنيب 41",
           "classic-scoring": "حساب النقاط", "forty-one-faq": "أسئلة", "timers-away": "الغياب"},
}


def headings(html: str) -> dict[str, str]:
    return dict(re.findall(r'<h[23] id="([^"]+)">([^<]+)</h[23]>', html))


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_rules_come_in_each_language_with_every_section(client, language):
    response = client.get("/rules/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    html = response.content.decode()
    direction = "rtl" if language == "ar" else "ltr"
    assert f'<html lang="{language}" dir="{direction}">' in html
    ids = set(re.findall(r'id="([^"]+)"', html))
    assert set(SECTIONS) <= ids
    assert HEADINGS[language].items() <= headings(html).items()
    # Every link of the contents leads somewhere on the page.
    assert set(re.findall(r'href="#([^"]+)"', html)) <= ids


def test_the_rules_are_linked_from_the_nav_the_lobby_and_the_table(client):
    (owner,) = make_players(1)
    room = create_room(owner)
    for path in ["/", f"/rooms/{room.pk}/", "/accounts/login/"]:
        assert 'href="/rules/"' in client.get(path).content.decode(), path
    lobby = client.get("/").content.decode()
    assert lobby.count('href="/rules/"') >= 2, "in the nav and in the lobby's own text"

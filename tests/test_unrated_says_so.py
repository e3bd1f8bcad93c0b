"""A match with a bot in a seat is not rated, and the pages say so where a player looks
(issue 27): the match's page under its result, the player's list of matches, and the
profile's ratings, in both languages. A rated match's page shows each player's change."""

import re

import pytest
from django.contrib.auth import get_user_model

from games.models import Match
from ratings.models import RatingChange
from tests.past_matches import past_match
from tests.rated import play_match
from tests.tables import make_players

pytestmark = pytest.mark.django_db

BOT_RULE = "A bot played in this match, so it changes no rating: only matches between four people are rated."
RULE = "Only matches between four people are rated: a match with a bot in a seat changes no rating."
PROFILE_RULE = ("No rating yet: only matches between four people are rated, and a match with a bot in a seat "
                "changes no rating.")


def page(client, path: str, lang: str = "en") -> str:
    client.cookies["django_language"] = lang
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


def with_a_bot() -> Match:
    match = past_match(["ann", "bob", "cat", "robo"])
    get_user_model().objects.filter(username="robo").update(bot_level="standard")
    match.seating[3]["bot"] = "standard"
    Match.objects.filter(pk=match.pk).update(seating=match.seating)
    return match


def test_a_match_with_a_bot_says_it_is_not_rated_on_its_page_and_in_the_lists(client):
    match = with_a_bot()
    html = page(client, f"/matches/{match.pk}/")
    note = re.search(r'<p class="match-result">.*?<span class="rated-note rated-bot">(.*?)</p>', html, re.S)
    assert note and BOT_RULE in note.group(1) and "not rated" in note.group(1)
    for path in ("/u/ann/matches/", "/u/ann/"):
        row = re.search(r'<td data-label="Result" class="result">(.*?)</td>', page(client, path), re.S)
        assert row and '<span class="chip unrated"' in row.group(1), path


def test_a_player_with_only_bot_matches_is_told_why_there_is_no_rating(client):
    with_a_bot()
    html = page(client, "/u/ann/")
    assert '<section class="ratings"' not in html
    assert PROFILE_RULE in html
    assert "A bot has no rating: matches with a bot in a seat are not rated." in page(client, "/u/robo/")


def test_a_rated_match_says_so_with_each_player_s_change_and_the_profile_says_the_rule(client):
    players = make_players(4)
    match = play_match(players)
    html = page(client, f"/matches/{match.pk}/")
    note = re.search(r'<p class="match-result">.*?<span class="rated-note rated-rated">(.*?)</p>', html, re.S)
    assert note and '<span class="chip rated">rated</span>' in note.group(1)
    assert "not rated" not in note.group(1)
    for change in RatingChange.objects.filter(match=match):
        diff = change.rating_after - change.rating_before
        assert f"{change.rating_before} → {change.rating_after}" in html
        assert f"({'+' if diff > 0 else ''}{diff})" in html
    profile = page(client, f"/u/{players[0].username}/")
    section = re.search(r'<section class="ratings".*?</section>', profile, re.S).group(0)
    assert RULE in section
    assert "4 more different opponents to be on the leaderboard" in section  # 2 met of the 6 needed


def test_a_match_against_the_same_opponents_again_says_how_much_it_counted(client):
    players = make_players(4)
    for _ in range(3):  # the third within the day: 2 meetings with each opponent, 1/2 x 1/2
        match = play_match(players)
    weights = set(RatingChange.objects.filter(match=match).values_list("weight", flat=True))
    assert weights == {0.25}
    html = page(client, f"/matches/{match.pk}/")
    assert html.count('<span class="chip repeat-weight"') == 4 and "counted 25%" in html

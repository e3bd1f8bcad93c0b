"""/moderation/fairplay/ lists the players and partnerships whose opening leads (or
defence) stand out over enough rated hands, and links each to the player's page: a player
whose leads are all at cost 0 over enough hands is listed, with their partnership; one
with few hands is not, whatever their leads. Moderators only, as every moderation page:
a player gets 403 (one log line), and nothing of it is cached. Its work does not grow
with the number of players."""

import logging

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from analysis import fairplay
from tests.analysis_rows import hand_data, match_of, store_many
from tests.log_records import own_records
from tests.moderators import make_moderator

pytestmark = pytest.mark.django_db


def hands(count: int, perfect: set[int]) -> list[dict]:
    """`count` one-trick Classic hands, the lead going round the table from seat 0; the
    leads of the seats in `perfect` cost nothing, the others' every other one costs a trick."""
    out = []
    for number in range(count):
        leader = number % 4
        cost = 0 if leader in perfect or (number // 4) % 2 else 1
        order = [(leader + k) % 4 for k in range(4)]
        out.append(hand_data("classic", [(seat, cost if seat == leader else 0) for seat in order],
                             declarer=leader))
    return out


@pytest.fixture
def tables(settings):
    settings.FAIRPLAY_MIN_HANDS = 40
    settings.FAIRPLAY_Z = 3.0
    # Sam and Pat, partners, lead perfectly over 160 rated hands (40 leads each).
    store_many(match_of(["sam", "olga", "pat", "oscar"], rated=True), hands(160, {0, 2}))
    # Eight honest players: half their leads at cost 0.
    store_many(match_of(["h1", "h2", "h3", "h4"], rated=True), hands(40, set()))
    store_many(match_of(["h5", "h6", "h7", "h8"], rated=True), hands(40, set()))
    # Lucky leads perfectly too, over 16 rated hands only.
    store_many(match_of(["lucky", "l1", "l2", "l3"], rated=True), hands(16, {0}))
    # Unrated (a bot in a seat, or never finished): counts for nothing here.
    store_many(match_of(["quinn", "r1", "r2", "r3"]), hands(200, {0}))


def listed(flagged) -> set[tuple[str, ...]]:
    return {tuple(player.username for player in row.players) for row in flagged}


def test_perfect_leads_over_enough_hands_are_listed(tables):
    flagged = fairplay.signals()
    assert listed(flagged) == {("sam",), ("pat",), ("sam", "pat")}
    sam = next(row for row in flagged if listed([row]) == {("sam",)})
    assert (sam.hands, sam.leads.cards, sam.leads.best, sam.variant) == (160, 40, 40, "classic")
    # Everyone's leads at cost 0: Sam's table 40 + 40 + 20 + 20 of 160, the honest 20 + 20
    # of 80, Lucky's 4 + 6 of 16; every measured share but Sam's and Pat's is 0.5, so skill
    # spreads nothing (a median absolute deviation of 0) and chance alone is left.
    everyone = 170 / 256
    assert sam.leads.everyone == pytest.approx(everyone)
    assert sam.leads.z == pytest.approx((1 - everyone) / (everyone * (1 - everyone) / 40) ** 0.5)
    assert sam.leads.z > 4
    assert sam.defence.z is None  # every defender's card was at cost 0: nothing stands out
    pair = next(row for row in flagged if row.partnership)
    assert (pair.hands, pair.leads.cards) == (160, 80)


def test_few_hands_are_not_listed_whatever_the_leads(tables, settings):
    settings.FAIRPLAY_Z = 1.0
    assert ("lucky",) not in listed(fairplay.signals())
    settings.FAIRPLAY_MIN_HANDS = 16
    assert ("lucky",) in listed(fairplay.signals())  # the hands it takes, not the z-score, kept it out


def test_the_page_lists_them_for_moderators(client, tables):
    client.force_login(make_moderator())
    response = client.get("/moderation/fairplay/")
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-store"
    html = response.content.decode()
    assert 'href="/u/sam/"' in html and 'href="/u/pat/"' in html
    assert 'data-players="sam pat"' in html
    assert "/u/lucky/" not in html and "/u/h1/" not in html and "/u/olga/" not in html


def test_players_are_refused_with_one_log_line(client, alice, caplog):
    response = client.get("/moderation/fairplay/")
    assert response.status_code == 302 and "login" in response["Location"]
    client.force_login(alice)
    with caplog.at_level(logging.DEBUG):
        response = client.get("/moderation/fairplay/")
    assert response.status_code == 403
    assert response["Cache-Control"] == "private, no-store"
    assert [(r.name, r.levelname, r.getMessage(), r.exc_info) for r in own_records(caplog)] == [
        ("django.request", "WARNING", "Forbidden: /moderation/fairplay/", None)]


def test_the_page_work_does_not_grow_with_the_players(client, tables, django_assert_max_num_queries):
    client.force_login(make_moderator())

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/moderation/fairplay/").status_code == 200
        return len(captured.captured_queries)

    before = queries()
    for table in range(5):
        store_many(match_of([f"t{table}-{seat}" for seat in range(4)], rated=True), hands(40, {table % 4}))
    assert queries() == before
    with django_assert_max_num_queries(6):  # the session, the user, three grouped sums
        client.get("/moderation/fairplay/")

"""One person plays a whole hand against three bots: Quick play fills the table after its
short wait, every bot's seat wears the badge, and the bots play at their pace while the
person clicks only their own turns."""

import time

import pytest

from games.models import Match, MatchEvent
from tests.browser.pages import check_only_legal_cards_enabled, logged_in, wait_v
from tests.tables import make_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# This module's server: bots fill Quick play after 2 s and pause 0.2 s before a move.
SERVER_ENV = {"QUICK_PLAY_BOT_SECONDS": "2", "BOT_MOVE_SECONDS": "0.2"}


def test_one_person_plays_a_whole_hand_against_three_bots(browser, server, screenshots):
    (person,) = make_players(1)
    player = logged_in(browser, server, person)
    page = player.page
    page.goto("/")
    page.click("#quick-play")
    page.wait_for_url("**/rooms/*/")
    started = time.monotonic()
    # The bots sit and the match starts, without a second person.
    page.wait_for_selector("#game[data-phase=bidding]", state="attached", timeout=30_000)
    assert time.monotonic() - started < 30
    assert page.locator(".seat .bot-badge").count() == 3
    assert page.locator(".seat.me .bot-badge").count() == 0
    page.screenshot(path=str(screenshots / "bots-table-en-desktop.png"))

    bid = False
    played = 0
    while played < 13:
        page.wait_for_function("() => document.getElementById('game').dataset.myTurn === '1'", timeout=30_000)
        game = player.game()
        assert game["hand"] == "1", "a bid is always made, so the hand is never thrown in"
        v = int(game["v"])
        if game["phase"] == "bidding":
            if not bid:
                page.locator('#actions button[data-action="bid"]').first.click()
                bid = True
            else:
                page.click('#actions button[data-action="pass"]')
        elif game["phase"] == "trump":
            page.locator('#actions button[data-action="trump"]').first.click()
        else:
            check_only_legal_cards_enabled(page)
            page.locator("#hand button.card:not([disabled])").first.click()
            played += 1
        wait_v(player, v + 1)
    page.wait_for_selector('#hand-summary[data-hand="1"]', state="visible", timeout=30_000)
    page.screenshot(path=str(screenshots / "bots-hand-over-en-desktop.png"))

    match = Match.objects.get(players__user=person)
    moves = MatchEvent.objects.filter(match=match, seat__isnull=False)
    mine = match.players.get(user=person).seat
    assert {move.actor for move in moves.filter(seat=mine)} == {"player"}
    assert {move.actor for move in moves.exclude(seat=mine)} == {"bot"}
    errors = [line for line in player.log if line.startswith(("pageerror", "http")) and "favicon" not in line]
    assert not errors, errors
    player.context.close()

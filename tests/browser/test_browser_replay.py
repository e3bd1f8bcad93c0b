"""The replay on a finished match's page, driven by the keyboard in chromium: the hands
shown at a hand's start are the ones its revealed seed dealt, every move steps, timer
moves are marked, and a copied address reopens the same position.

Screenshots of the match page, the replay and a player's history, in English and Arabic
at 1280 and 375 px wide, go to artifacts/screenshots/."""

from typing import Any

import pytest

from games.models import Match
from games.services import move_path
from tests.browser.pages import new_player
from tests.tables import quick_policy, start_match
from tests.test_hand_replay import seed_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REPLAY = "() => ({...document.getElementById('replay').dataset})"
OPEN_HANDS = """() => [0, 1, 2, 3].map(seat => [...document.querySelectorAll(
    `#replay .seat[data-seat="${seat}"] .open-hand [data-card]`)].map(e => e.dataset.card).sort())"""
TRICK = "() => [...document.querySelectorAll('#replay #center [data-card]')].map(e => e.dataset.card)"
TIMER_MOVE = 5  # the first hand's fifth move is left to the timer


def finished_match() -> Match:
    """A whole match through the services; one move of it played by the timer."""
    match = start_match("classic", turn_seconds=30)
    moves = 0
    while (game := match.game).phase != "finished":
        if game.phase == "deal":
            move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version,
                          actor=move_path.SYSTEM)
        else:
            moves += 1
            by_timer = moves == TIMER_MOVE
            action = game.timeout_action() if by_timer else quick_policy(game, game.legal_actions())
            move_path.play(match.pk, seat=game.to_act, version=match.version, action=action,
                          actor=move_path.TIMER if by_timer else move_path.PLAYER)
        match.refresh_from_db()
    return match


def position(page: Any) -> tuple[int, int, int]:
    data = page.evaluate(REPLAY)
    return int(data["hand"]), int(data["move"]), int(data["moves"])


def press(page: Any, key: str, until: tuple[int, int]) -> None:
    page.keyboard.press(key)
    page.wait_for_function(f"() => document.getElementById('replay').dataset.hand === '{until[0]}'"
                           f" && document.getElementById('replay').dataset.move === '{until[1]}'")


def test_step_through_a_hand_by_keyboard_and_reopen_a_position(browser, server, screenshots):
    match = finished_match()
    deals = list(match.events.filter(action__type="deal").order_by("seq"))
    first_deal = deals[0].result[0]
    viewer = new_player(browser, server, "reviewer")
    page = viewer.page
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector("#replay[data-move='0'] .open-hand")

    # The start of hand 1: the four hands the revealed seed dealt, nothing played.
    assert page.evaluate(OPEN_HANDS) == seed_deal(deals[0].action["seed"], first_deal["dealer"])
    assert page.evaluate(TRICK) == []
    hand, move, moves = position(page)
    assert (hand, move) == (1, 0)

    # Every move of the hand, one key press each: the cards leave the hands one by one.
    seen_timer = False
    for step in range(1, moves + 1):
        press(page, "ArrowRight", (1, step))
        if step == TIMER_MOVE:
            assert page.locator("#replay .seat.moved .timer-chip").count() == 1
            assert page.locator("#moves button[aria-current='step'].by-timer").count() == 1
            seen_timer = True
        if step == 3:
            page.screenshot(path=str(screenshots / "replay-bidding-en-desktop.png"), full_page=True)
        if step == 30:
            page.screenshot(path=str(screenshots / "replay-en-desktop.png"), full_page=True)
    assert seen_timer
    assert sum(map(len, page.evaluate(OPEN_HANDS))) == 0
    assert page.locator("#replay #hand-summary").is_visible()
    press(page, "ArrowRight", (1, moves))  # the last position holds

    # Back to the start, a trick at a time, a hand at a time, and to the hand's end.
    press(page, "Home", (1, 0))
    page.keyboard.press("ArrowDown")
    page.wait_for_function("() => document.querySelectorAll('#replay #center [data-card]').length === 4")
    assert sum(map(len, page.evaluate(OPEN_HANDS))) == 48
    press(page, "PageDown", (2, 0))
    assert page.evaluate(OPEN_HANDS) == seed_deal(deals[1].action["seed"], deals[1].result[0]["dealer"])
    for step in range(1, 8):
        press(page, "ArrowRight", (2, step))
    assert page.url.endswith("#h2-m7")
    hands_there, trick_there = page.evaluate(OPEN_HANDS), page.evaluate(TRICK)

    # The copied address, opened elsewhere, shows the same position.
    other = new_player(browser, server, "friend", width=375, height=812)
    other.page.goto(page.url)
    other.page.wait_for_selector("#replay[data-hand='2'][data-move='7'] .open-hand")
    assert other.page.evaluate(OPEN_HANDS) == hands_there
    assert other.page.evaluate(TRICK) == trick_there
    other.page.screenshot(path=str(screenshots / "replay-en-phone.png"), full_page=True)

    # A score sheet link jumps to its hand.
    page.click(f"table.score-sheet a[href='#h{len(deals)}-m0']")
    page.wait_for_selector(f"#replay[data-hand='{len(deals)}'][data-move='0']")
    assert viewer.log == [] and other.log == [], viewer.log + other.log
    save_screenshots(browser, server, match, screenshots)


def save_screenshots(browser: Any, server: str, match: Match, screenshots: Any) -> None:
    """The match page, its replay and a player's history, in both languages, both widths."""
    player = match.seating[0]["username"]
    for lang, locale in (("en", "en-US"), ("ar", "ar")):
        for width, kind in ((1280, "desktop"), (375, "phone")):
            viewer = new_player(browser, server, f"{lang}-{kind}", width=width, locale=locale)
            page = viewer.page
            page.context.add_cookies([{"name": "django_language", "value": lang, "url": server}])
            page.goto(f"/matches/{match.pk}/#h1-m20")
            page.wait_for_selector("#replay[data-move='20'] .open-hand")
            assert page.locator("html").get_attribute("lang") == lang
            page.screenshot(path=str(screenshots / f"match-{lang}-{kind}.png"), full_page=True)
            page.goto(f"/u/{player}/matches/")
            page.screenshot(path=str(screenshots / f"history-{lang}-{kind}.png"), full_page=True)
            assert viewer.log == []
            viewer.context.close()

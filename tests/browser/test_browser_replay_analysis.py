"""The replay's double-dummy review (issue 26) in chromium, in English and Arabic: every
card played is marked by its cost, the chart is drawn and a click on it moves the replay to
that card (time running right to left in Arabic), "view from" turns the table (starting
from the viewer's own seat when they played), and a hand whose analysis is still pending
says so and shows it once it is stored, without a reload.

With SHOTS_26 set to a folder, screenshots at 375x812, 812x375 and 1280x800 in both
languages go there (a minute more of the suite's time, so only when asked)."""

import os
from pathlib import Path
from typing import Any

import pytest

from analysis import hands
from tests.browser.replay_pages import match_page, viewer
from tests.browser.test_browser_replay import finished_match
from tests.tables import session_cookie

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("SHOTS_26", "/tmp/shots-26-analysis"))
SHOTS_ASKED = "SHOTS_26" in os.environ
SIZES = {"portrait": (375, 812), "landscape": (812, 375), "desktop": (1280, 800)}
READY = "#analysis[data-state='ready']"
# The chart's x for card k, as replay_chart.js places it (its box's own pixels).
CHART_X = """(k) => { const svg = document.querySelector('#analysis-chart svg');
  const w = Number(svg.getAttribute('width')); const rtl = document.documentElement.dir === 'rtl';
  const [left, right] = rtl ? [10, w - 26] : [26, w - 10];
  const x = rtl ? right - (k / 52) * (right - left) : left + (k / 52) * (right - left);
  const r = svg.getBoundingClientRect(); return {x: r.left + x * r.width / w, y: r.top + r.height / 2}; }"""
NOW_X = """() => { const svg = document.querySelector('#analysis-chart svg');
  const w = Number(svg.getAttribute('width')); const r = svg.getBoundingClientRect();
  return r.left + Number(svg.querySelector('.chart-now line').getAttribute('x1')) * r.width / w; }"""
SEAT_AT = "(pos) => document.querySelector(`#replay .seat[data-pos='${pos}']`).dataset.seat"


def replay(page: Any) -> dict[str, str]:
    return page.evaluate("() => ({...document.getElementById('replay').dataset})")


def click_card(page: Any, k: int) -> None:
    page.locator("#analysis-chart svg").scroll_into_view_if_needed()
    point = page.evaluate(CHART_X, k)
    before = replay(page)["move"]
    page.mouse.click(point["x"], point["y"])
    page.wait_for_function(f"() => document.getElementById('replay').dataset.move !== '{before}'")
    assert abs(page.evaluate(NOW_X) - point["x"]) < 2, "the chart's line is where the click was"


def test_the_replay_shows_the_review_and_the_chart_moves_it(browser, server):
    match = finished_match()
    over = hands.over_hands(list(match.events.order_by("seq")))
    for number in over[:-1]:
        hands.analyse(match.pk, number)
    for lang in ("en", "ar"):
        player = match_page(browser, server, match, lang, "desktop", "#h1-m0")
        page = player.page
        page.wait_for_selector(READY)
        # Every card of the hand has its mark, a symbol and a word; the calls do not need one.
        cards = page.locator("#moves .moves-group:not(.calls) button.move")
        assert cards.count() == 52
        assert page.locator("#moves .moves-group:not(.calls) button.move .dd-mark").count() == 52
        assert all(text.strip() for text in page.locator("#moves .dd-mark").all_inner_texts())
        assert page.locator("#analysis-summary").inner_text().strip()

        # A click on the chart: the replay at that card, its trick's cards marked.
        click_card(page, 20)
        moved = int(replay(page)["move"])
        assert page.locator("#replay #center .card .dd-badge").count() == 4  # card 20 ends trick 5
        assert page.locator("#moves button[aria-current='step'] .dd-mark").count() == 1
        # Later in the hand is further along the reading direction: left to right in
        # English, right to left in Arabic.
        later = page.evaluate(CHART_X, 40)["x"]
        assert (later > page.evaluate(NOW_X)) == (lang == "en")
        click_card(page, 40)
        at_40 = int(replay(page)["move"])
        assert at_40 > moved
        # The next card's best choices are outlined in its player's hand.
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => document.getElementById('replay').dataset.move === '{at_40 + 1}'")
        assert page.locator("#replay .open-hand .dd-best").count() >= 1

        # "View from": an anonymous viewer starts at seat 0; seat 2 turns the table round.
        assert page.evaluate(SEAT_AT, "bottom") == "0"
        page.select_option("#view-from", "2")
        page.wait_for_function("() => document.getElementById('replay').dataset.viewFrom === '2'")
        turned = [page.evaluate(SEAT_AT, pos) for pos in ("bottom", "right", "top", "left")]
        assert turned == ["2", "3", "0", "1"]
        assert player.log == [], player.log
        player.context.close()


def test_a_pending_analysis_appears_without_a_reload_and_a_player_sees_from_their_seat(browser, server):
    match = finished_match()
    last = hands.over_hands(list(match.events.order_by("seq")))[-1]
    player = viewer(browser, server, "en", "desktop")
    name, value = session_cookie(match.players.get(seat=1).user).decode().split("=", 1)
    player.context.add_cookies([{"name": name, "value": value, "url": server}])
    page = player.page
    page.goto(f"/matches/{match.pk}/#h{last}-m0")
    page.wait_for_selector("#analysis[data-state='pending']")
    assert "pending" in page.locator("#analysis-now").inner_text()
    assert page.evaluate(SEAT_AT, "bottom") == "1"  # their own seat
    hands.analyse(match.pk, last)
    page.wait_for_selector(READY, timeout=20_000)  # the page asks every 5 s
    assert page.locator("#analysis-chart svg").count() == 1
    assert player.log == [], player.log
    player.context.close()


@pytest.mark.skipif(not SHOTS_ASKED, reason="screenshots only when SHOTS_26 names a folder")
def test_screenshots(browser, server):
    """The review at a costly card if the hand has one, at every size in both languages."""
    match = finished_match()
    for number in hands.over_hands(list(match.events.order_by("seq"))):
        hands.analyse(match.pk, number)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "ar"):
        for size, (width, height) in SIZES.items():
            player = match_page(browser, server, match, lang, "desktop", "#h1-m0")
            page = player.page
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_selector(READY)
            costly = page.locator("#analysis-summary .dd-jump")
            if costly.count():
                costly.first.dispatch_event("click")  # the sticky controls may cover it
            else:
                click_card(page, 22)
            page.wait_for_selector("#replay #center .card .dd-badge")
            for part, selector in (("board", "#replay .turn-bar"), ("review", "#analysis")):
                page.evaluate(f"() => document.querySelector('{selector}').scrollIntoView()")
                page.screenshot(path=str(SHOTS / f"replay-analysis-{lang}-{size}-{part}.png"))
            assert player.log == [], player.log
            player.context.close()

"""Leaving, said before it is needed (issue 27, point 1), in chromium: a new player's first
match says under their hand what "Leave table" does and what it costs them, in English and
Arabic, on a phone either way up and a desktop (one browser, the viewport switched), without
pushing the bid panel, the hand or their seat off the screen at their turn; the button asks
before it acts, with the same cost; the rules page says it too, with the reader's own cost;
"Got it" puts the note away for good. (Leaving itself: test_browser_leave.py.)"""

import pytest
from django.utils import translation

from playban import services as playban
from tests.browser.layout import BOXES, SIZES, covered, off_screen
from tests.browser.pages import logged_in, wait_connected
from tests.tables import start_match

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]


def test_the_first_match_and_the_rules_say_what_leaving_costs(browser, server, screenshots):
    match = start_match("classic", turn_seconds=120)
    seat = match.game.to_act
    user = match.players.get(seat=seat).user
    player = logged_in(browser, server, user)
    page = player.page
    page.emulate_media(reduced_motion="reduce")
    problems: list[str] = []
    for lang in ("en", "ar"):
        with translation.override(lang):
            note, cost = playban.first_match_note(user), playban.leaving_costs(user)
        player.context.add_cookies([{"name": "django_language", "value": lang, "url": server}])
        for name, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.goto(f"/rooms/{match.room_id}/")
            wait_connected(player)
            page.wait_for_selector("#game[data-my-turn='1']", state="attached")
            where = f"{lang} {name}"
            shown = page.locator("#first-match")
            if name == "landscape":  # beside an open bid panel there is no room for it
                assert shown.is_hidden(), where
            else:
                assert shown.is_visible() and shown.inner_text().startswith(note), where
            boxes = page.evaluate(BOXES)
            problems += off_screen(boxes, ("actions", "hand", "me"), where)
            problems += covered(boxes, where)
            page.screenshot(path=str(screenshots / f"first-match-{lang}-{width}x{height}.png"))

            before = len(player.dialogs)
            page.click("button.leave")  # logged_in's pages dismiss every dialog: nothing happens
            for _ in range(100):
                if len(player.dialogs) > before:
                    break
                page.wait_for_timeout(50)
            assert player.dialogs[before:] and player.dialogs[before].endswith(cost), where

        # Sideways, with no bid panel open (another new player, not on turn), it is there.
        other = match.players.get(seat=(seat + 1) % 4).user
        with translation.override(lang):
            other_note = playban.first_match_note(other)
        waiting = logged_in(browser, server, other, lang=lang)
        waiting.page.set_viewport_size({"width": 812, "height": 375})
        waiting.page.goto(f"/rooms/{match.room_id}/")
        waiting.page.wait_for_selector("#first-match")
        assert waiting.page.locator("#first-match").inner_text().startswith(other_note)
        boxes = waiting.page.evaluate(BOXES)
        problems += off_screen(boxes, ("hand", "me"), f"{lang} landscape, not on turn")
        problems += covered(boxes, f"{lang} landscape, not on turn")
        waiting.page.screenshot(path=str(screenshots / f"first-match-{lang}-812x375-waiting.png"))
        waiting.context.close()

        page.set_viewport_size({"width": 375, "height": 812})
        page.goto("/rules/#timers-leaving")
        section = page.locator("#timers-leaving + p + ul")
        assert section.is_visible()
        assert cost in page.locator(".your-cost").inner_text()
        page.locator("#timers-leaving").scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / f"rules-leaving-{lang}-375x812.png"))
    assert not problems, "\n".join(problems)

    page.goto(f"/rooms/{match.room_id}/")
    page.click("#first-match button")
    assert page.locator("#first-match").count() == 0
    page.reload()
    wait_connected(player)
    page.wait_for_selector("button.leave")
    assert page.locator("#first-match").count() == 0
    assert not [line for line in player.log if "pageerror" in line], player.log

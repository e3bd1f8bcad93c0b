"""The replay's buttons are on screen when the match's page opens, without scrolling
(issue 27: at 1280x800 they were below the fold), and on a phone they stay on screen
while the reader scrolls through the replay. English and Arabic, 1280x800 and 375x812."""

import pytest

from tests.browser.replay_pages import box, match_page, shot
from tests.browser.test_browser_replay import finished_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BUTTONS = "#replay .replay-controls button"


def test_the_replay_s_buttons_are_on_screen_without_scrolling(browser, server):
    match = finished_match()
    for lang in ("en", "ar"):
        for size in ("desktop", "phone"):
            viewer = match_page(browser, server, match, lang, size, "#h1-m0")
            page = viewer.page
            assert page.evaluate("scrollY") == 0
            count = page.locator(BUTTONS).count()
            assert count == 8
            for n in range(count):
                assert box(page, f"{BUTTONS}:nth-child({n + 1})")["inView"], (lang, size, n)
            shot(page, f"controls-{lang}-{size}")
            # A tap where the next move's button is: the replay steps, no scrolling first.
            target = box(page, f"{BUTTONS}[data-step='move'][data-by='1']")
            page.mouse.click((target["left"] + target["right"]) / 2, (target["top"] + target["bottom"]) / 2)
            page.wait_for_selector("#replay[data-move='1']")
            if size == "phone":  # half way down the replay, they are still there
                page.evaluate("scrollBy(0, innerHeight / 2)")
                for n in range(count):
                    assert box(page, f"{BUTTONS}:nth-child({n + 1})")["inView"], (lang, size, n, "scrolled")
                shot(page, f"controls-{lang}-{size}-scrolled")
            assert viewer.log == [], viewer.log
            viewer.context.close()

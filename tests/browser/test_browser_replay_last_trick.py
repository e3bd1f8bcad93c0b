"""At the end of a hand the replay shows the hand's summary and, beside it, the last trick
whole: no card of it under the summary (issue 27: the summary covered the trick).
English and Arabic, 1280x800 and 375x812."""

import pytest

from tests.browser.replay_pages import match_page, shot
from tests.browser.test_browser_replay import finished_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each card of the trick: is it the topmost thing at its own middle and at its corners?
CARDS_SEEN = """() => [...document.querySelectorAll('#replay #center [data-card]')].map(card => {
  const r = card.getBoundingClientRect();
  const points = [[(r.left + r.right) / 2, (r.top + r.bottom) / 2], [r.left + 4, r.top + 4],
                  [r.right - 4, r.top + 4], [r.left + 4, r.bottom - 4], [r.right - 4, r.bottom - 4]];
  return points.every(([x, y]) => card.contains(document.elementFromPoint(x, y)));
})"""


def test_the_hand_summary_leaves_the_last_trick_in_sight(browser, server):
    match = finished_match()
    for lang in ("en", "ar"):
        for size in ("desktop", "phone"):
            viewer = match_page(browser, server, match, lang, size, "#h1-m0")
            page = viewer.page
            page.keyboard.press("End")
            page.wait_for_function("() => { const d = document.getElementById('replay').dataset;"
                                   " return d.move === d.moves; }")
            assert page.locator("#replay #hand-summary").is_visible()
            page.evaluate("document.querySelector('#replay #center').scrollIntoView({block: 'center'})")
            shot(page, f"last-trick-{lang}-{size}")
            shot(page, f"last-trick-{lang}-{size}-full", full_page=True)
            assert page.evaluate(CARDS_SEEN) == [True] * 4, (lang, size)
            assert viewer.log == [], viewer.log
            viewer.context.close()

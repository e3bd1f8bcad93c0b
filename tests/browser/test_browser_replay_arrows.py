"""The replay's buttons follow the reading direction (issue 27: in Arabic "previous hand"
pointed forward and "next" backward): in English "previous" is on the left and points
left, in Arabic on the right and points right; the same for tricks, moves and the hand's
start and end. 1280x800 and 375x812."""

import pytest

from tests.browser.replay_pages import match_page, shot
from tests.browser.test_browser_replay import finished_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LEFT, RIGHT = "«\u2039◀⇤", "»\u203a▶⇥"  # the double and single angle quotes, triangles, bar arrows
ARROWS = LEFT + RIGHT
# A button's middle, and the arrows in its text.
BUTTON = """([selector, arrows]) => { const b = document.querySelector(selector);
  const r = b.getBoundingClientRect();
  return {x: (r.left + r.right) / 2, arrows: [...b.textContent].filter(c => arrows.includes(c))}; }"""


def test_previous_points_back_in_the_reading_direction(browser, server):
    match = finished_match()
    for lang in ("en", "ar"):
        back, forth = (LEFT, RIGHT) if lang == "en" else (RIGHT, LEFT)
        for size in ("desktop", "phone"):
            viewer = match_page(browser, server, match, lang, size, "#h2-m5")
            page = viewer.page
            for step in ("hand", "edge", "trick", "move"):
                previous = page.evaluate(BUTTON, [f"#replay [data-step='{step}'][data-by='-1']", ARROWS])
                following = page.evaluate(BUTTON, [f"#replay [data-step='{step}'][data-by='1']", ARROWS])
                assert len(previous["arrows"]) == 1 and previous["arrows"][0] in back, (lang, step, previous)
                assert len(following["arrows"]) == 1 and following["arrows"][0] in forth, (lang, step)
                assert (previous["x"] < following["x"]) == (lang == "en"), (lang, size, step)
            # And they do what they say.
            page.click("#replay [data-step='hand'][data-by='-1']")
            page.wait_for_selector("#replay[data-hand='1'][data-move='0']")
            page.click("#replay [data-step='move'][data-by='1']")
            page.wait_for_selector("#replay[data-hand='1'][data-move='1']")
            shot(page, f"arrows-{lang}-{size}")
            assert viewer.log == [], viewer.log
            viewer.context.close()

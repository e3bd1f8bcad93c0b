"""A hand number in the score sheet, far down the match's page, shows that hand in the
replay and brings the replay into view, its controls on screen (issue 27: the page stayed
at the sheet). The sheet's bidding column reads in order: one call a line, each bid after
its name in the reading direction (right to left in Arabic), the lines one under another.
English and Arabic, 1280x800 and 375x812."""

import pytest

from tests.browser.replay_pages import box, match_page, shot
from tests.browser.test_browser_replay import finished_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CALLS = """() => [...document.querySelector('table.score-sheet tbody tr ol.calls').children].map(li => {
  const name = li.querySelector('bdi').getBoundingClientRect();
  const call = li.querySelector('.call').getBoundingClientRect();
  return {top: Math.round(name.top), callTop: Math.round(call.top), nameLeft: name.left, callLeft: call.left};
})"""
REPLAY_AT_TOP = "() => Math.abs(document.getElementById('replay').getBoundingClientRect().top) < 2"


def test_a_hand_number_in_the_score_sheet_brings_the_replay_into_view(browser, server):
    match = finished_match()
    for lang in ("en", "ar"):
        for size in ("desktop", "phone"):
            viewer = match_page(browser, server, match, lang, size)
            page = viewer.page
            calls = page.evaluate(CALLS)
            tops = [c["top"] for c in calls]
            assert len(calls) >= 4 and tops == sorted(set(tops)), (lang, size, calls)
            assert all(abs(c["top"] - c["callTop"]) <= 4 for c in calls), (lang, size, calls)
            assert all((c["callLeft"] > c["nameLeft"]) == (lang == "en") for c in calls), (lang, size, calls)
            page.locator("table.score-sheet").scroll_into_view_if_needed()
            shot(page, f"score-sheet-bidding-{lang}-{size}")
            link = page.locator("table.score-sheet tbody tr:last-child td.num a")
            hand = link.inner_text().strip()
            link.scroll_into_view_if_needed()
            assert not box(page, "#replay .replay-controls")["inView"]  # down at the sheet
            link.click()
            page.wait_for_selector(f"#replay[data-hand='{hand}'][data-move='0']")
            page.wait_for_function(REPLAY_AT_TOP, timeout=5000)
            page.wait_for_timeout(200)  # the smooth scroll's last frames
            for part in ("#replay-title", "#replay .replay-controls", "#replay #center"):
                assert box(page, part)["inView"], (lang, size, part)
            assert page.url.endswith(f"#h{hand}-m0")
            shot(page, f"sheet-link-{lang}-{size}")
            assert viewer.log == [], viewer.log
            viewer.context.close()

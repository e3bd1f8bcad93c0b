"""The score sheet's bidding column reads in order (issue 27): one call a line, each name
with its bid on the same line after it in the reading direction (right to left in Arabic),
the lines one under another; at 1280x800 and 375x812."""

import pytest

from tests.browser.replay_pages import match_page
from tests.browser.test_browser_replay import finished_match

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]

CALLS = """() => [...document.querySelector('table.score-sheet tbody tr ol.calls').children].map(li => {
  const name = li.querySelector('bdi').getBoundingClientRect();
  const call = li.querySelector('.call').getBoundingClientRect();
  return {top: Math.round(name.top), callTop: Math.round(call.top), nameLeft: name.left, callLeft: call.left};
})"""


def test_one_call_a_line_each_bid_after_its_name(browser, server, screenshots):
    match = finished_match()
    for lang in ("en", "ar"):
        for size in ("desktop", "phone"):
            viewer = match_page(browser, server, match, lang, size)
            calls = viewer.page.evaluate(CALLS)
            assert len(calls) >= 4, calls
            tops = [c["top"] for c in calls]
            assert tops == sorted(tops) and len(set(tops)) == len(tops), (lang, size, calls)
            assert all(abs(c["top"] - c["callTop"]) <= 4 for c in calls), (lang, size, calls)
            after = [(c["callLeft"] > c["nameLeft"]) == (lang == "en") for c in calls]
            assert all(after), (lang, size, calls)
            viewer.page.locator("table.score-sheet").scroll_into_view_if_needed()
            viewer.page.screenshot(path=str(screenshots / f"score-sheet-bidding-{lang}-{size}.png"))
            assert viewer.log == [], viewer.log
            viewer.context.close()

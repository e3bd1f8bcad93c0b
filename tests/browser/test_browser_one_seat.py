"""Quick play, pressed by someone playing a match, takes them back to that table instead
of seating them at a second one, where the timer would play their first."""

import pytest

from games.models import Match, Seat
from tests.browser.pages import logged_in
from tests.tables import start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_quick_play_while_playing_goes_back_to_the_table(browser, server, screenshots):
    match = start_match("classic", turn_seconds=30)
    player = match.players.get(seat=3).user
    page = logged_in(browser, server, player).page
    page.goto("/")
    page.click("#quick-play")
    page.wait_for_url(f"**/rooms/{match.room_id}/")
    page.wait_for_selector(".messages")
    assert "finish it first" in page.locator(".messages").inner_text()
    assert Seat.objects.filter(user=player).count() == 1 and Match.objects.count() == 1
    page.screenshot(path=str(screenshots / "quick-play-refused-en-desktop.png"))

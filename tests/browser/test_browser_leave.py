"""Leaving a table mid-match, as a player does it: the "Leave table" button first shows the
server's own words on what leaving does and costs them (their record's next cool-down), in
their language; nothing changes until they confirm, and then a bot plays the seat and the
button is gone."""

import pytest
from django.utils import translation

from games.models import Match
from playban import services as playban
from tests.browser.pages import new_player, wait_connected
from tests.tables import session_cookie, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def pumped(page, condition, timeout_ms: int = 30_000) -> None:
    """Wait for `condition` while Playwright runs the page's events (its dialogs are
    answered only inside Playwright's own calls)."""
    for _ in range(timeout_ms // 100):
        if condition():
            return
        page.wait_for_timeout(100)
    raise AssertionError("not within the time")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_leaving_says_what_it_costs_then_a_bot_plays_the_seat(browser, server, screenshots, lang):
    match = start_match("classic", turn_seconds=60)
    user = match.players.get(seat=2).user
    player = new_player(browser, server, user.username, width=375, height=812,
                        locale="ar" if lang == "ar" else "en-US")
    player.context.add_cookies([{"name": "sessionid", "value": session_cookie(user).decode().split("=", 1)[1],
                                 "url": server}, {"name": "django_language", "value": lang, "url": server}])
    asked: list[str] = []

    def answer(dialog) -> None:  # the first time "no", the second "yes"
        asked.append(dialog.message)
        dialog.dismiss() if len(asked) == 1 else dialog.accept()

    page = player.page
    page.on("dialog", answer)
    page.goto(f"/rooms/{match.room_id}/")
    wait_connected(player)
    page.click("button.leave")
    pumped(page, lambda: asked)
    with translation.override(lang):
        assert asked[0].endswith(playban.leaving_costs(user))
    assert not Match.objects.get(pk=match.pk).seating[2].get("left")

    page.click("button.leave")
    pumped(page, lambda: Match.objects.get(pk=match.pk).seating[2].get("left"))
    page.wait_for_selector("button.leave", state="detached")
    page.screenshot(path=str(screenshots / f"left-table-{lang}-phone.png"))
    assert not [line for line in player.log if line.startswith("pageerror")]

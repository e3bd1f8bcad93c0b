"""Friends in chromium, in English and Arabic: a host follows a player from their profile,
finds them online on the friends list from the table's "Invite friends", and invites them;
the invitation appears at once on the friend's open lobby page, with the header's unread
count, and its Join link lands them at the (private) table, where they sit and follow the
host back from the host's seat.

Screenshots of the friends list and the notice on the lobby at 375x812, 812x375 and
1280x800, and of the table and the notifications at 375x812, go to /work/shots/friends/
(or SHOTS_DIR)."""

import os
from pathlib import Path
from typing import Any

import pytest

from friends.models import Follow
from games.services import room_life
from tests.browser.pages import logged_in, unique_name
from tests.tables import make_players

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("SHOTS_DIR", "/work/shots/friends"))
SIZES = [(375, 812), (812, 375), (1280, 800)]


def shoot(page: Any, name: str, lang: str, *, full_page: bool = True, sizes: Any = SIZES) -> None:
    """The page at each size: nothing scrolls sideways; back at 1280x800 after."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)  # the table refits on resize
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"{name} {lang} {width}x{height}: the page scrolls sideways by {overflow} px"
        page.screenshot(path=str(SHOTS / f"{name}-{lang}-{width}x{height}.png"), full_page=full_page)
    page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_follow_see_online_invite_and_land_at_the_table(browser, server, lang):
    host, friend = make_players(2, prefix=unique_name(f"f{lang}-"))
    room = room_life.create_room(host, name="سهرة الخميس" if lang == "ar" else "Thursday night",
                                 variant="classic", target=31, turn_seconds=60, private=True)
    room_life.sit(room.pk, host, 0)
    guest = logged_in(browser, server, friend, lang=lang)
    guest.page.goto("/")
    guest.page.wait_for_selector("#lobby-live", state="attached")
    assert guest.page.locator("#unread-notifications").is_hidden()

    # The host follows the friend from their profile.
    inviter = logged_in(browser, server, host, lang=lang)
    inviter.page.goto(f"/u/{friend.username}/")
    inviter.page.click(f'form[action="/friends/follow/{friend.username}/"] button')
    inviter.page.wait_for_selector(f'form[action="/friends/unfollow/{friend.username}/"]')
    assert Follow.objects.filter(follower=host, followed=friend).exists()

    # From the table to the friends list: the friend is online (their lobby is open).
    inviter.page.goto(f"/rooms/{room.pk}/")
    inviter.page.wait_for_selector("#game[data-conn='open']")
    inviter.page.click("#invite-friends")
    row = inviter.page.locator(f'li.friend[data-friend="{friend.username}"]')
    assert "online" in row.get_attribute("class")
    shoot(inviter.page, "friends-list", lang)
    row.locator("button.invite").click()
    inviter.page.wait_for_selector(".messages li.success")

    # The invitation appears on the friend's open lobby at once, the header counting it.
    notice = guest.page.locator(".live-notice")
    notice.wait_for()
    assert host.username in notice.inner_text()
    assert guest.page.locator("#unread-notifications").inner_text() == "1"
    shoot(guest.page, "invitation-on-lobby", lang, full_page=False)
    notice.locator("a").click()
    guest.page.wait_for_url(f"**/rooms/{room.pk}/")
    guest.page.wait_for_selector("#game[data-conn='open']")
    guest.page.click('.seat[data-seat="1"] button.sit')
    guest.page.wait_for_selector('#game[data-seat="1"]', state="attached")

    # At the table, the friend follows the host back from the host's seat.
    follow = guest.page.locator(f'.seat[data-seat="0"] button.seat-follow[data-follow="{host.username}"]')
    assert follow.inner_text() == ("تابِع" if lang == "ar" else "Follow")
    follow.click()
    guest.page.wait_for_selector(".toast.info")
    guest.page.wait_for_function("([sel, text]) => document.querySelector(sel).textContent === text",
                                 arg=[f'.seat-follow[data-follow="{host.username}"]',
                                      "إلغاء المتابعة" if lang == "ar" else "Unfollow"])
    assert Follow.objects.filter(follower=friend, followed=host).exists()
    shoot(guest.page, "table-follow", lang, full_page=False, sizes=SIZES[:1])
    guest.page.goto("/notifications/")
    assert guest.page.locator("li.notification[data-kind='invitation']").count() == 1
    shoot(guest.page, "notifications", lang, sizes=SIZES[:1])
    for player in (guest, inviter):
        assert not [line for line in player.log if line.startswith(("pageerror", "error"))], player.log
        player.context.close()

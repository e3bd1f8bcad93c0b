"""An invite survives signing up and logging in (issue 27): a friend opens a private room's
link logged out, is told how to take a seat, signs up (in English) or logs in (in Arabic)
and lands back at that table with its seats offered; on a phone both ways and a laptop."""

import re

import pytest

from games.models import Room
from tests.browser.pages import PASSWORD, unique_name, wait_connected
from tests.browser.sizes import SIZES, in_view, resize, visitor
from tests.tables import make_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.embedded]


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_friend_with_the_link_signs_up_or_logs_in_and_lands_at_the_table(browser, server, screenshots,
                                                                          lang):
    (host,) = make_players(1, prefix="host")
    room = Room.objects.create(owner=host, name="بيت أبو سامي", private=True)
    friend = visitor(browser, server, lang, "phone")
    page = friend.page
    page.goto(room.get_absolute_url())
    wait_connected(friend)
    for size in SIZES:
        resize(page, size)
        assert in_view(page, "#join-note") and in_view(page, "#join-signup"), size
        page.screenshot(path=str(screenshots / f"invite-{lang}-{size}.png"))
    name = unique_name("friend")
    if lang == "ar":  # has an account already
        name = make_players(1, prefix=name)[0].username
        page.click("#join-login")
        page.fill("#id_username", name)
        page.fill("#id_password", PASSWORD)
    else:
        page.click("#join-signup")
        page.fill("#id_username", name)
        page.fill("#id_password1", PASSWORD)
        page.fill("#id_password2", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(re.escape(room.get_absolute_url()) + "$"))
    wait_connected(friend)
    assert page.locator("#join-note").count() == 0
    for size in SIZES:
        resize(page, size)
        assert page.locator(".seat button.sit").count() == 4, "the table offers them a seat"
        page.screenshot(path=str(screenshots / f"invite-landed-{lang}-{size}.png"))
    assert friend.log == [], friend.log
    friend.context.close()

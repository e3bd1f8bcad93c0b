"""An invite survives signing up and logging in (issue 27): a friend opens a private room's
link logged out, is told how to take a seat, signs up (or logs in) and lands back at that
table with its seats offered; in English and Arabic, on a phone both ways and a laptop."""

import re

import pytest

from games.models import Room
from tests.browser.pages import PASSWORD, unique_name, wait_connected
from tests.browser.sizes import SIZES, in_view, visitor
from tests.tables import make_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.embedded]


def test_a_friend_with_the_link_signs_up_or_logs_in_and_lands_at_the_table(browser, server, screenshots):
    (host,) = make_players(1, prefix="host")
    room = Room.objects.create(owner=host, name="بيت أبو سامي", private=True)
    for n, (lang, size) in enumerate((lang, size) for lang in ("en", "ar") for size in SIZES):
        friend = visitor(browser, server, lang, size)
        page = friend.page
        page.goto(room.get_absolute_url())
        wait_connected(friend)
        assert in_view(page, "#join-note"), (lang, size)
        page.screenshot(path=str(screenshots / f"invite-{lang}-{size}.png"))
        name = unique_name("friend")
        if n % 2:  # every other one has an account already
            make_players(1, prefix=name)
            name += "0"
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
        assert page.locator(".seat button.sit").count() == 4, "the table offers them a seat"
        page.screenshot(path=str(screenshots / f"invite-landed-{lang}-{size}.png"))
        assert friend.log == [], friend.log
        friend.context.close()

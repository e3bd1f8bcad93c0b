"""The table's chat in chromium: markup in a chat line, a username and a room name is shown
as text (no dialog opens, no element is made of it); quick phrases are read in each
reader's language; a player can mute a person for themselves.

Screenshots of the table with its chat, in English and Arabic at 1280 and 375 px wide,
go to artifacts/screenshots/."""

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from games.services import room_life
from tests.browser.pages import logged_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MARKUP = "<script>alert(1)</script><img src=x onerror=alert(2)>"
ROOM_NAME = "<img src=y onerror=alert(3)>"
# Signing up refuses markup in a name; written straight to the database, it is still text.
USERNAME = "<img src=z onerror=alert(4)>"
INJECTED = ("() => document.querySelectorAll('img[src=x], img[src=y], img[src=z],"
            " main script:not([type=\"application/json\"])').length")
SHOWN = "#chat-lines .chat-line:not([hidden])"
LINES = f"() => [...document.querySelectorAll('{SHOWN} .chat-text')].map(e => e.textContent)"


def wait_lines(page: Any, count: int) -> list[str]:
    page.wait_for_function(f"() => document.querySelectorAll('{SHOWN}').length === {count}")
    return page.evaluate(LINES)


def test_chat_is_text_phrases_translate_and_mute_is_personal(browser, server, screenshots):
    users = get_user_model()
    eve = users.objects.create_user(USERNAME, password="a-long-secret-9")
    amal = users.objects.create_user("amal", password="a-long-secret-9")
    room = room_life.create_room(amal, name=ROOM_NAME, variant="classic", target=31, turn_seconds=30,
                                private=False)
    writer = logged_in(browser, server, eve)
    reader = logged_in(browser, server, amal, lang="ar")
    for player in (writer, reader):
        player.page.goto(f"/rooms/{room.pk}/")
        player.page.wait_for_selector("#game[data-conn='open']")
    assert writer.page.locator("h1").inner_text() == ROOM_NAME, writer.log

    writer.page.fill("#chat-text", MARKUP)
    writer.page.press("#chat-text", "Enter")
    for player in (writer, reader):
        assert wait_lines(player.page, 1) == [MARKUP]
        assert player.page.locator(".chat-line .chat-author").inner_text().startswith(USERNAME)

    # A quick phrase: sent as its key, each reader sees it in their own language.
    writer.page.click("#chat-phrases [data-phrase='well_played']")
    assert wait_lines(writer.page, 2)[-1] == "Well played!"
    arabic = wait_lines(reader.page, 2)[-1]
    assert arabic and arabic != "Well played!"

    # Over the limit: a clear message under the chat box, the socket still open.
    writer.page.fill("#chat-text", "x" * 250)  # the input stops at 200; send 201 by hand
    writer.page.evaluate("() => { document.getElementById('chat-text').maxLength = 300; }")
    writer.page.fill("#chat-text", "y" * 201)
    writer.page.press("#chat-text", "Enter")
    writer.page.wait_for_selector("#chat-error:not(:empty)")
    assert writer.page.evaluate("() => document.getElementById('game').dataset.conn") == "open"

    reader.page.screenshot(path=str(screenshots / "chat-ar-desktop.png"), full_page=True)
    writer.page.screenshot(path=str(screenshots / "chat-en-desktop.png"), full_page=True)
    for player, lang in ((writer, "en"), (reader, "ar")):
        player.page.set_viewport_size({"width": 375, "height": 812})
        player.page.screenshot(path=str(screenshots / f"chat-{lang}-phone.png"), full_page=True)

    # The reader mutes eve for themselves: her lines go, for the reader only.
    reader.page.click(".chat-line .chat-author")
    reader.page.click(".chat-menu [role=menuitem]")
    assert wait_lines(reader.page, 0) == []
    writer.page.fill("#chat-text", "still here")
    writer.page.press("#chat-text", "Enter")
    assert wait_lines(writer.page, 3)[-1] == "still here"
    reader.page.reload()
    reader.page.wait_for_selector("#game[data-conn='open']")
    assert reader.page.locator("#chat-muted").is_visible()
    assert wait_lines(reader.page, 0) == []

    for player in (writer, reader):
        assert player.page.evaluate(INJECTED) == 0
        assert player.dialogs == []
        assert [entry for entry in player.log if "pageerror" in entry] == []

"""The lobby and the rules in a real browser. Four protocol clients (they know only
docs/protocol.md) open a room and play a whole match through the server while a lobby
page watches: the room is listed with its open seats, moves to "Being played" with 4/4
(there from the page's first render, before its socket says anything), and leaves the
list live when the match is over. /rules/ reads in both languages, on a desktop and on
a phone. Screenshots go to artifacts/screenshots/."""

import asyncio
import threading
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.browser.pages import TIMEOUT_MS, new_player
from tests.protocol_client import TableClient, create_room, quick_classic_policy, signup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWPORTS = {"desktop": (1280, 800), "phone": (375, 667)}
LOCALES = {"en": "en-US", "ar": "ar"}
NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= window.innerWidth + 1"


class Table:
    """Four protocol clients at one room, seated and playing on a thread of their own (the
    Playwright thread keeps its own event loop)."""

    def __init__(self, base: str) -> None:
        tag = uuid.uuid4().hex[:6]
        self.sessions = [signup(base, f"lobby{tag}{seat}") for seat in range(4)]
        self.room_id = create_room(self.sessions[0], "Friday table", "classic", 31, 120)
        self.base = base
        self.seated = threading.Event()
        self.go = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            asyncio.run(self._play())
        except BaseException as exc:  # reported by finish()
            self.error = exc
            self.seated.set()

    async def _play(self) -> None:
        clients = [TableClient(self.base, self.room_id, session) for session in self.sessions]
        for client in clients:
            await client.connect()
        for seat, client in enumerate(clients):
            await client.sit(seat)
            await client.wait_state(lambda state, seat=seat: state["you"]["seat"] == seat)
        self.seated.set()
        await asyncio.to_thread(self.go.wait, 60)
        await asyncio.gather(*(self._to_the_end(client) for client in clients))
        for client in clients:
            await client.close()

    @staticmethod
    async def _to_the_end(client: TableClient) -> None:
        acted_on = None
        while True:
            state = client.state
            assert state is not None
            match = state["match"]
            if match is not None and match["phase"] == "finished":
                return
            if state["legal"] and (match["id"], state["v"]) != acted_on:
                acted_on = (match["id"], state["v"])
                await client.act(quick_classic_policy(state), state["v"])
            await client.next_message(timeout=30)

    def wait_seated(self) -> None:
        assert self.seated.wait(60), "the four did not sit"
        if self.error:
            raise self.error

    def play_to_the_end(self) -> None:
        self.go.set()

    def finish(self) -> None:
        self.thread.join(120)
        assert not self.thread.is_alive(), "the match did not end"
        if self.error:
            raise self.error


def row(page: Any, room_id: str, where: str = "") -> Any:
    return page.locator(f'#{where or "rooms"} tr[data-room="{room_id}"]')


def test_the_lobby_lists_a_match_being_played_then_drops_it_live(browser, server, screenshots):
    table = Table(server)
    watcher = new_player(browser, server, "watcher")
    lobby = watcher.page
    lobby.goto("/")
    lobby.wait_for_selector("#lobby-live:not([hidden])", state="attached")
    table.wait_seated()
    playing = row(lobby, table.room_id, "playing-rooms")
    playing.wait_for()
    assert "4/4" in playing.inner_text()
    assert row(lobby, table.room_id, "open-rooms").count() == 0

    # The first render, with a socket that opens but never speaks (Playwright answers it,
    # not the server): the same list, 4/4 included.
    first = new_player(browser, server, "first-render")
    first.page.route_web_socket("**/ws/lobby/", lambda ws: None)
    first.page.goto("/")
    assert "4/4" in row(first.page, table.room_id, "playing-rooms").inner_text(timeout=TIMEOUT_MS)
    first.context.close()

    shoot_lobby(browser, server, screenshots)

    # A filter hides what it does not match, and the address keeps it.
    lobby.select_option('#lobby-filters select[name="variant"]', "forty_one")
    playing.wait_for(state="detached")
    assert "variant=forty_one" in lobby.url
    lobby.select_option('#lobby-filters select[name="variant"]', "")
    playing.wait_for()

    table.play_to_the_end()
    row(lobby, table.room_id).wait_for(state="detached", timeout=120_000)
    table.finish()
    lobby.reload()
    lobby.wait_for_selector("#lobby-live:not([hidden])", state="attached")
    assert row(lobby, table.room_id).count() == 0
    assert not [line for line in watcher.log if "error" in line], watcher.log
    watcher.context.close()


def shoot_lobby(browser: Any, server: str, screenshots: Path) -> None:
    """The lobby with a table waiting and one being played, in both languages and sizes."""
    host = signup(server, f"host{uuid.uuid4().hex[:6]}")
    create_room(host, "سهرة الخميس", "forty_one", 41, 30)
    for language, locale in LOCALES.items():
        for size, (width, height) in VIEWPORTS.items():
            player = new_player(browser, server, "shots", width=width, height=height, locale=locale)
            page = player.page
            page.goto("/")
            page.wait_for_selector("#lobby-live:not([hidden])", state="attached")
            assert page.evaluate(NO_SIDEWAYS_SCROLL), (language, size)
            page.screenshot(path=str(screenshots / f"lobby-rooms-{language}-{size}.png"), full_page=True)
            player.context.close()


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_rules_read_in_both_languages(browser, server, screenshots, language):
    heading = {"en": "How to play Tarneeb", "ar": "كيف تلعب الطرنيب"}[language]
    for size, (width, height) in VIEWPORTS.items():
        player = new_player(browser, server, "reader", width=width, height=height, locale=LOCALES[language])
        page = player.page
        page.goto("/")
        page.click('.site-nav a[href="/rules/"]')
        page.wait_for_url("**/rules/")
        assert page.locator("h1").inner_text() == heading
        assert page.get_attribute("html", "dir") == ("rtl" if language == "ar" else "ltr")
        assert page.evaluate(NO_SIDEWAYS_SCROLL), size
        for section in ["#classic-scoring", "#forty-one-faq", "#timers-away"]:
            assert page.locator(section).is_visible()
        page.screenshot(path=str(screenshots / f"rules-{language}-{size}.png"), full_page=True)
        page.click('.rules-toc a[href="#forty-one-scoring"]')
        page.wait_for_function("() => location.hash === '#forty-one-scoring'")
        assert page.locator("#forty-one-scoring").is_visible()
        assert not player.log, player.log
        player.context.close()

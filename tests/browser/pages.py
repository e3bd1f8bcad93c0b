"""Playwright helpers for the browser tests: sign up, create a room, sit, and play by
clicking only what the page offers."""

import re
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from tests.cards import RANKS
from tests.tables import session_cookie

PASSWORD = "a-long-secret-9"
TIMEOUT_MS = 15_000

GAME_DATA = "() => ({...document.getElementById('game').dataset})"
HAND_CARDS = "() => [...document.querySelectorAll('#hand [data-card]')].map(e => e.dataset.card)"
ALL_CARDS = "() => [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)"
# Every trick a page shows whole (four cards on the felt), as "hand:cards", from the DOM;
# kept in sessionStorage, so a page reloaded mid-hand keeps what it saw before.
WATCH_TRICKS = """
new MutationObserver(() => {
  const cards = [...document.querySelectorAll('#center .trick [data-card]')].map(e => e.dataset.card);
  const game = document.getElementById('game');
  if (cards.length !== 4 || !game) return;
  const seen = new Set(JSON.parse(sessionStorage.getItem('seenTricks') || '[]'));
  seen.add(game.dataset.hand + ':' + cards.sort().join(' '));
  sessionStorage.setItem('seenTricks', JSON.stringify([...seen]));
}).observe(document, {childList: true, subtree: true});
"""
SEEN_TRICKS = ("(hand) => JSON.parse(sessionStorage.getItem('seenTricks') || '[]')"
               ".filter(t => t.startsWith(hand + ':')).length")
ARIA_LABELS = "() => [...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'))"


def unique_name(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:6]}"


@dataclass
class Player:
    name: str
    context: Any
    page: Any
    seat: int | None = None
    log: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def game(self) -> dict[str, str]:
        return self.page.evaluate(GAME_DATA)

    def v(self) -> int:
        return int(self.game().get("v") or -1)

    def hand(self) -> list[str]:
        return self.page.evaluate(HAND_CARDS)


def new_player(browser: Any, base: str, name: str, *, width: int = 1280, height: int = 800,
               locale: str = "en-US") -> Player:
    context = browser.new_context(base_url=base, viewport={"width": width, "height": height},
                                  locale=locale)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script(WATCH_TRICKS)
    page = context.new_page()
    player = Player(name, context, page)
    page.on("console", lambda msg: player.log.append(f"{msg.type}: {msg.text}"))
    page.on("pageerror", lambda exc: player.log.append(f"pageerror: {exc}"))
    page.on("response", lambda r: r.status >= 400 and player.log.append(f"http {r.status}: {r.url}"))
    return player


def logged_in(browser: Any, server: str, user: Any, *, lang: str = "en", width: int = 1280) -> Player:
    """A page logged in as `user` (by session cookie), in `lang`, recording any dialog."""
    player = new_player(browser, server, user.username, width=width, locale="ar" if lang == "ar" else "en-US")
    session = session_cookie(user).decode().split("=", 1)[1]
    player.context.add_cookies([{"name": "sessionid", "value": session, "url": server},
                                {"name": "django_language", "value": lang, "url": server}])
    player.page.on("dialog", lambda dialog: (player.dialogs.append(dialog.message), dialog.dismiss()))
    return player


def sign_up(player: Player) -> None:
    page = player.page
    page.goto("/accounts/signup/")
    page.fill("#id_username", player.name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(re.compile(r"/$"))
    assert page.locator("#new-room").is_visible(), "signed up and logged in, the lobby offers a room"


def create_room(player: Player, name: str, variant: str, target: int) -> str:
    page = player.page
    page.goto("/")
    page.fill("#id_name", name)
    page.select_option("#id_variant", variant)
    if variant == "classic":
        page.select_option("#id_target", str(target))
    page.fill("#id_turn_seconds", "30")
    page.click("#new-room button[type=submit]")
    page.wait_for_url(re.compile(r"/rooms/[^/]+/$"))
    wait_connected(player)
    return page.url


def wait_connected(player: Player) -> None:
    player.page.wait_for_selector("#game[data-v]", state="attached")


def take_seat(player: Player, seat: int) -> None:
    page = player.page
    page.click(f'.seat[data-seat="{seat}"] button.sit')
    page.wait_for_selector(f'#game[data-seat="{seat}"]', state="attached")
    player.seat = seat


def wait_v(player: Player, at_least: int) -> None:
    player.page.wait_for_function(
        "v => Number(document.getElementById('game').dataset.v) >= v", arg=at_least,
        timeout=TIMEOUT_MS)


def sync_all(pages: list[Player], v: int) -> None:
    for p in pages:
        wait_v(p, v)


def whose_turn(players: list[Player], timeout: float = 15.0) -> Player:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for p in players:
            if p.game().get("myTurn") == "1":
                return p
        time.sleep(0.02)
    raise AssertionError(f"nobody's turn: {[p.game() for p in players]}")


def card_key(card: str) -> tuple[str, int]:
    return card[1], RANKS.index(card[0])


def check_only_legal_cards_enabled(page: Any) -> list[str]:
    """The enabled hand cards are exactly the cards that may be played."""
    hand = page.evaluate(HAND_CARDS)
    enabled = page.evaluate(
        "() => [...document.querySelectorAll('#hand button.card:not([disabled])')].map(e => e.dataset.card)")
    trick = page.evaluate(
        "() => [...document.querySelectorAll('#center .trick:not(.finished) [data-card]')]"
        ".map(e => ({card: e.dataset.card, at: [...e.classList].find(c => c.startsWith('at-'))}))")
    assert enabled, f"my turn to play but no card is enabled: {hand}"
    if trick:
        # The led card is the one played first: the first in the trick's DOM order.
        led = trick[0]["card"][1]
        follow = [c for c in hand if c[1] == led]
        expected = follow or hand
    else:
        expected = hand
    assert sorted(enabled) == sorted(expected), (enabled, expected, trick)
    return enabled

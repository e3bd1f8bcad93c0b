"""The table in a real browser: four players sign up, one creates a room, all sit by
clicking, and they play a complete hand of each variant by clicking only what the page
offers. A logged-out fifth browser watches and never sees a card of any hand; a reload
mid-hand returns to the same table; the Arabic page is RTL with the same table geometry.
Screenshots go to artifacts/screenshots/ (ignored by git)."""

from pathlib import Path
from typing import Any

import pytest

from tests.browser.pages import (
    ALL_CARDS,
    ARIA_LABELS,
    GAME_DATA,
    SEEN_TRICKS,
    Player,
    check_only_legal_cards_enabled,
    create_room,
    new_player,
    sign_up,
    sync_all,
    take_seat,
    unique_name,
    wait_connected,
    wait_v,
    whose_turn,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 812}
HAND_LABELS = ("() => [...document.querySelectorAll('#hand [data-card]')]"
               ".map(e => [e.dataset.card, e.getAttribute('aria-label')])")


def open_table(browser: Any, server: str, variant: str, target: int,
               screenshots: Path | None = None) -> tuple[list[Player], Player]:
    players = [new_player(browser, server, unique_name(f"p{n}_")) for n in range(4)]
    for player in players:
        sign_up(player)
    spectator = new_player(browser, server, "spectator")
    spectator.page.goto("/")
    spectator.page.wait_for_selector("#lobby-live:not([hidden])", state="attached")
    url = create_room(players[0], f"{variant} table", variant, target)
    room_id = url.rstrip("/").rsplit("/", 1)[1]
    row = spectator.page.locator(f'#rooms tr[data-room="{room_id}"]')
    row.wait_for()  # the lobby's list is live
    for n, player in enumerate(players):
        if n:
            player.page.goto(url)
            wait_connected(player)
        take_seat(player, n)
    spectator.page.wait_for_selector(f'#rooms tr[data-room="{room_id}"].status-playing')
    assert "4/4" in row.inner_text()
    if screenshots is not None:
        lobby = spectator.page
        lobby.screenshot(path=str(screenshots / "lobby-en-desktop.png"), full_page=True)
        lobby.set_viewport_size(PHONE)
        no_sideways_scroll(lobby)
        lobby.screenshot(path=str(screenshots / "lobby-en-phone.png"), full_page=True)
        lobby.set_viewport_size(DESKTOP)
        owner = players[0].page
        owner.goto("/")
        owner.click('.language-switch button[value="ar"]')
        owner.wait_for_selector('html[dir="rtl"] #new-room')
        owner.screenshot(path=str(screenshots / "lobby-ar-desktop.png"), full_page=True)
        owner.set_viewport_size(PHONE)
        no_sideways_scroll(owner)
        owner.screenshot(path=str(screenshots / "lobby-ar-phone.png"), full_page=True)
        owner.set_viewport_size(DESKTOP)
        owner.click('.language-switch button[value="en"]')
        owner.wait_for_selector('html[dir="ltr"] #new-room')
        owner.goto(url)
        wait_connected(players[0])
    spectator.page.goto(url)
    wait_connected(spectator)
    for p in [*players, spectator]:
        p.page.wait_for_selector('#game[data-phase="bidding"]', state="attached")
    assert "watching" in spectator.page.locator("#note").inner_text()
    assert spectator.page.locator("button.sit").count() == 0
    return players, spectator


def check_spectator(spectator: Player, players: list[Player]) -> None:
    """At one version everywhere: the spectator shows no card that sits in a hand."""
    page = spectator.page
    assert page.locator("#hand [data-card]").count() == 0
    assert page.locator("#hand").is_hidden()
    exposed = set(players[0].page.evaluate(
        "() => [...document.querySelectorAll('#info [data-card]')].map(e => e.dataset.card)"))
    held: dict[str, str] = {}
    for p in players:
        held.update(dict(p.page.evaluate(HAND_LABELS)))
    hidden = {card: label for card, label in held.items() if card not in exposed}
    shown = set(page.evaluate(ALL_CARDS))
    assert not shown & hidden.keys(), f"the spectator sees hidden cards {shown & hidden.keys()}"
    labels = set(page.evaluate(ARIA_LABELS))
    assert not labels & set(hidden.values()), f"hidden card names reached the spectator: {labels}"
    assert not page.evaluate("() => window.tarneebTable.state.match.hand.length")


def geometry(page: Any) -> dict[str, int]:
    """Which seat is where on screen; asserts the viewer's seat is at the bottom."""
    me = int(page.evaluate(GAME_DATA)["seat"] or 0)
    centre = {}
    for seat in range(4):
        box = page.locator(f'#table .seat[data-seat="{seat}"]').bounding_box()
        centre[seat] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    where = {
        "bottom": max(centre, key=lambda s: centre[s][1]),
        "top": min(centre, key=lambda s: centre[s][1]),
        "right": max(centre, key=lambda s: centre[s][0]),
        "left": min(centre, key=lambda s: centre[s][0]),
    }
    assert where == {"bottom": me, "right": (me + 1) % 4, "top": (me + 2) % 4, "left": (me + 3) % 4}, where
    return where


def no_sideways_scroll(page: Any) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


def shoot(player: Player, folder: Path, name: str) -> None:
    page = player.page
    page.set_viewport_size(DESKTOP)
    geometry(page)
    page.screenshot(path=str(folder / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    geometry(page)
    no_sideways_scroll(page)
    page.screenshot(path=str(folder / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def switch_language(player: Player, code: str) -> None:
    page = player.page
    v = player.v()
    page.click(f'.language-switch button[value="{code}"]')
    page.wait_for_selector(f'html[lang="{code}"]', state="attached")
    wait_connected(player)
    wait_v(player, v)


def check_rtl_and_geometry(player: Player, folder: Path, name: str) -> None:
    page = player.page
    assert page.get_attribute("html", "dir") == "ltr"
    english = geometry(page)
    shoot(player, folder, f"{name}-en")
    switch_language(player, "ar")
    assert page.get_attribute("html", "dir") == "rtl"
    assert page.get_attribute("#table", "dir") == "ltr"
    assert geometry(page) == english, "the table must not flip in Arabic"
    labels = page.evaluate(HAND_LABELS)
    assert all(label and not label.isascii() for _, label in labels), labels
    shoot(player, folder, f"{name}-ar")
    switch_language(player, "en")


def reload_returns_to_the_same_table(player: Player) -> None:
    before = player.game()
    hand = sorted(player.hand())
    player.page.reload()
    wait_connected(player)
    wait_v(player, int(before["v"]))
    after = player.game()
    assert (after["seat"], after["match"], after["hand"], after["v"]) == (
        before["seat"], before["match"], before["hand"], before["v"])
    assert sorted(player.hand()) == hand


def play_hand(players: list[Player], spectator: Player, variant: str, on_play: Any = None) -> int:
    """Play one hand to the end by clicking what the pages offer; return its number."""
    everyone = [*players, spectator]
    hand_number = int(players[0].game()["hand"])
    bid_made = False
    plays = 0
    keyboard_plays = 0
    while plays < 52:
        player = whose_turn(players)
        game = player.game()
        assert int(game["hand"]) == hand_number, "the hand was thrown in"
        page = player.page
        v = int(game["v"])
        if game["phase"] == "bidding":
            offered = page.locator("#actions button.action:enabled")
            if variant == "classic":
                assert page.locator('#actions button[data-action="pass"]').count() == 1
                if bid_made:
                    page.click('#actions button[data-action="pass"]')
                else:
                    assert offered.count() == 8, "7 to 13 and pass"
                    page.locator('#actions button[data-action="bid"]').first.click()
                    bid_made = True
            else:
                values = [int(x) for x in offered.evaluate_all("els => els.map(e => e.dataset.value)")]
                assert values == [2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13]
                page.click('#actions button[data-value="3"]')
        elif game["phase"] == "trump":
            assert page.locator('#actions button[data-action="trump"]:enabled').count() == 4
            page.locator('#actions button[data-action="trump"]').first.click()
        else:
            assert game["phase"] == "playing"
            assert page.locator("#actions button").count() == 0
            enabled = check_only_legal_cards_enabled(page)
            if plays % 7 == 3 and len(enabled) > 1:
                # By keyboard: focus the first playable card, arrow right, Enter.
                page.locator("#hand button.card:not([disabled])").first.focus()
                page.keyboard.press("ArrowRight")
                page.keyboard.press("Enter")
                wait_v(player, v + 1)
                assert enabled[1] not in player.hand(), "the arrow key moved to the next playable card"
                keyboard_plays += 1
            else:
                page.locator("#hand button.card:not([disabled])").first.click()
            plays += 1
        wait_v(player, v + 1)
        sync_all(everyone, player.v())
        check_spectator(spectator, players)
        if on_play is not None and game["phase"] == "playing":
            on_play(plays)
    assert keyboard_plays
    # Each trick was seen whole, by every seat and the spectator, before it was gathered.
    for p in everyone:
        p.page.wait_for_function(SEEN_TRICKS + " === 13", arg=hand_number)
    # The summary of the hand appears everywhere, then the next hand is dealt.
    for p in everyone:
        summary = p.page.locator(f'#hand-summary[data-hand="{hand_number}"]')
        summary.wait_for(state="visible")
        assert p.page.locator("#hand-summary table tbody tr").count() == (2 if variant == "classic" else 4)
    for p in everyone:
        p.page.wait_for_selector(f'#game[data-hand="{hand_number + 1}"]', state="attached")
    return hand_number


def close_all(players: list[Player]) -> None:
    for p in players:
        errors = [line for line in p.log if line.startswith(("pageerror", "http"))
                  and "favicon.ico" not in line]
        p.context.close()
        assert not errors, errors


def test_classic_hand_in_the_browser(browser, server, screenshots):
    players, spectator = open_table(browser, server, "classic", 31, screenshots)
    me = players[1]

    def mid_hand(plays: int) -> None:
        if plays != 22:
            return
        reload_returns_to_the_same_table(me)
        check_rtl_and_geometry(me, screenshots, "table-classic")
        spectator.page.screenshot(path=str(screenshots / "table-classic-spectator-en-desktop.png"),
                                  full_page=True)
        assert spectator.page.locator("#game .fairness .hash").inner_text() == \
            spectator.page.evaluate("() => window.tarneebTable.state.match.fairness.sha256.slice(0, 12)")

    play_hand(players, spectator, "classic", mid_hand)
    players[0].page.screenshot(path=str(screenshots / "table-classic-summary-en-desktop.png"))
    # The geometry holds for every seat and for the spectator (who sees it from seat 0).
    for p in [*players, spectator]:
        geometry(p.page)
    close_all([*players, spectator])


# The scaled pass plays the Classic hand through its services; this one differs in the
# engine and the drawing, which are the same in both modes.
@pytest.mark.embedded
def test_forty_one_hand_in_the_browser(browser, server, screenshots):
    players, spectator = open_table(browser, server, "forty_one", 41)
    for p in [*players, spectator]:
        # The exposed card is shown to everyone, with the trump it makes.
        assert p.page.locator("#info [data-card]").count() == 1
        assert p.page.locator("#center .exposed [data-card]").count() == 1
    # Thirteen cards at 360 px: they overlap, and all of them stay on the screen.
    narrow = players[0].page
    narrow.set_viewport_size({"width": 360, "height": 740})
    no_sideways_scroll(narrow)
    edges = narrow.evaluate("() => [...document.querySelectorAll('#hand .card')]"
                            ".map(e => [e.getBoundingClientRect().left, e.getBoundingClientRect().right])")
    assert len(edges) == 13 and edges[0][0] >= 0 and edges[-1][1] <= 360, edges
    narrow.screenshot(path=str(screenshots / "table-41-bidding-en-phone360.png"), full_page=True)
    narrow.set_viewport_size(DESKTOP)
    me = players[2]

    def mid_hand(plays: int) -> None:
        if plays == 9:
            check_rtl_and_geometry(me, screenshots, "table-41")
        if plays == 10:
            # The last trick, on demand.
            page = me.page
            page.click("#last-trick")
            assert page.locator("#center .trick.finished [data-card]").count() == 4
            assert page.get_attribute("#last-trick", "aria-pressed") == "true"
            page.screenshot(path=str(screenshots / "table-41-last-trick-en-desktop.png"))
            page.click("#last-trick")
            assert page.locator("#center .trick.finished").count() == 0

    play_hand(players, spectator, "forty_one", mid_hand)
    close_all([*players, spectator])

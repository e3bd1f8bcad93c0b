"""A 2-deal duplicate event in real browsers (issue 31): four players, two in English and
two in Arabic, wait on the event's page, which shows the tables when the server's beat
starts the event (pushed by its socket); each plays their table by clicking, bots in the
seats of four registered partners who were not there; then every page shows the final
standings and each deal's traveller. Screenshots at 375x812, 812x375 and 1280x800 go to
artifacts/screenshots/ (and /work/shots/events/ when that folder exists)."""

import shutil
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from events import services
from events.models import Event, Table
from tests.browser.pages import Player, logged_in
from tests.event_tables import staff
from tests.tables import make_players

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]

SERVER_ENV = {"NEXT_HAND_SECONDS": "1", "EVENT_SWEEP_SECONDS": "1", "EVENT_ROUND_PAUSE_SECONDS": "1"}
SIZES = {"phone": {"width": 375, "height": 812}, "landscape": {"width": 812, "height": 375},
         "desktop": {"width": 1280, "height": 800}}
SHOTS = Path("/work/shots/events")
PLAY_SECONDS = 120


def shoot(player: Player, folder: Path, name: str) -> None:
    page = player.page
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        path = folder / f"event-{name}-{size}.png"
        page.screenshot(path=str(path), full_page=True)
        if SHOTS.is_dir():
            shutil.copy(path, SHOTS / path.name)
        width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth,"
                              " document.body.scrollWidth, document.querySelector('main').scrollWidth]")
        assert width[0] <= width[1], f"{name} at {size} scrolls sideways: {width}"
    page.set_viewport_size(SIZES["desktop"])


def play_to_the_end(players: list[Player]) -> None:
    """Click what each page offers when it is that player's turn: pass in the auction, the
    first trump, the first playable card; bots play the other seats."""
    deadline = time.monotonic() + PLAY_SECONDS
    done: set[str] = set()
    while len(done) < len(players):
        assert time.monotonic() < deadline, [p.game() for p in players]
        for player in players:
            game = player.game()
            if game.get("phase") == "finished":
                done.add(player.name)
            if game.get("myTurn") != "1":
                continue
            page = player.page
            if game["phase"] == "bidding":
                page.click('#actions button[data-action="pass"]')
            elif game["phase"] == "trump":
                page.locator('#actions button[data-action="trump"]').first.click()
            else:
                page.locator("#hand button.card:not([disabled])").first.click()
            page.wait_for_function("v => Number(document.getElementById('game').dataset.v) > v",
                                   arg=int(game["v"]))
        time.sleep(0.05)


def test_four_players_and_bots_play_a_two_deal_duplicate_event(server: str, browser: Any, screenshots: Path):
    director = staff("browser-director")
    event = services.create_event(director, name="Duplicate night", format="duplicate", variant="classic",
                                  target=41, deals=2, rounds=1, turn_seconds=30,
                                  starts_at=timezone.now() + timedelta(minutes=5), max_pairs=8, private=False)
    # Pairs A, B, C, D: the first of each plays, their partners stay away (bots sit for them).
    here, away = make_players(4, prefix="ev_here_"), make_players(4, prefix="ev_away_")
    for person, partner in zip(here, away, strict=True):
        services.register(event.pk, person, partner=partner.username)
        services.register(event.pk, partner, partner=person.username)
    event.entries.filter(user__in=away).update(here_until=timezone.now())
    langs = ["en", "ar", "en", "ar"]
    players = [logged_in(browser, server, user, lang=lang) for user, lang in zip(here, langs, strict=True)]
    for player in players:
        player.page.goto(f"/events/{event.pk}/")
    players[0].page.wait_for_selector("#event[data-status='registration'] .entries")
    shoot(players[0], screenshots, "registration-en")
    shoot(players[1], screenshots, "registration-ar")
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now())  # beat's next sweep starts it

    # The server's beat starts the event; the pages hear it on their socket and show the tables.
    for n, player in enumerate(players):
        player.page.wait_for_selector(f"#table-1-{n // 2 + 1} a[href^='/rooms/']", timeout=30_000)
    assert "A bot played for ev_away_0" in players[0].page.inner_text("#table-1-1")
    assert players[1].page.locator("html[dir=rtl]").count() == 1
    shoot(players[1], screenshots, "tables-ar")
    for n, player in enumerate(players):
        player.page.click(f"#table-1-{n // 2 + 1} a[href^='/rooms/']")
        player.page.wait_for_selector("#game[data-v]", state="attached")
    play_to_the_end(players)

    # Both tables are over: no rematch is offered (the event goes on), the table links back
    # to its event, which finishes, and every page shows the standings and deals.
    for player in players:
        player.page.wait_for_selector("#winner")
        assert player.page.locator("#rematch").count() == 0
    shoot(players[1], screenshots, "table-over-ar")
    for player in players:
        player.page.click("#room-home")
        player.page.wait_for_selector("#event[data-status='finished'] #standings tbody tr")
        assert player.page.locator("#standings tbody tr").count() == 4
        assert player.page.locator("a[href$='/deals/1/'], a[href$='/deals/2/']").count() == 2
    shoot(players[0], screenshots, "finished-en")
    shoot(players[1], screenshots, "finished-ar")
    for player, lang in ((players[0], "en"), (players[1], "ar")):
        player.page.click("a[href$='/deals/1/']")
        rows = player.page.locator("#traveller tbody tr")
        assert rows.count() == 2
        assert player.page.locator("#traveller a[href*='/matches/']").count() == 2
        shoot(player, screenshots, f"traveller-{lang}")
    tables = Table.objects.filter(round__event=event)
    assert all(table.bot_seats == [2, 3] for table in tables)
    for player in players:
        errors = [line for line in player.log
                  if line.startswith(("pageerror", "http")) and "favicon" not in line]
        assert not errors, errors
        player.context.close()

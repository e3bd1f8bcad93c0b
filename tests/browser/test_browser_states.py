"""The room page against a scripted socket: the states a real hand reaches slowly or never
on cue (away, end of match, errors, a lost connection), built with the real engine.

The page comes from the real server; Playwright answers its websocket instead."""

import time

import pytest

from tests.browser.pages import GAME_DATA
from tests.browser.scripted import dealt_classic, play_until, room_dict, state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

def test_sit_stand_play_and_drop_old_states(table, screenshots):
    page, fake, room, users = table
    waiting = room_dict(room, [None, users[1], None, None], status="waiting")
    fake.on_connect = lambda: state(waiting, None, None, 0)
    page.goto(room.get_absolute_url())
    page.wait_for_selector("#game[data-v='0']", state="attached")
    assert page.locator("button.sit").count() == 3
    page.click('.seat[data-seat="2"] button.sit')
    assert fake.wait_for(page, lambda m: m["type"] == "sit") == {"type": "sit", "seat": 2}

    seated = room_dict(room, [None, users[1], users[0], None], status="waiting")
    fake.send(state(seated, None, 2, 0))
    page.wait_for_selector("#game[data-seat='2']", state="attached")
    assert page.locator("button.sit").count() == 0
    page.click(".seat.me button.stand")
    fake.wait_for(page, lambda m: m["type"] == "stand")

    # A dealt hand, seat 0 to lead after a contract; the page offers exactly the legal plays.
    game, rng = dealt_classic()
    play_until(game, rng, lambda g: g.phase == "playing" and g.to_act == 0)
    playing = room_dict(room, users, status="playing")
    fake.send(state(playing, game, 0, 9))
    page.wait_for_selector("#game[data-v='9'][data-my-turn='1']", state="attached")
    enabled = page.evaluate(
        "() => [...document.querySelectorAll('#hand button.card:not([disabled])')].map(e => e.dataset.card)")
    assert sorted(enabled) == sorted(a["card"] for a in game.legal_actions())
    page.locator("#hand button.card:not([disabled])").first.click()
    act = fake.wait_for(page, lambda m: m["type"] == "act")
    assert act["v"] == 9 and act["action"]["type"] == "play"
    assert page.locator("#hand button.card:not([disabled])").count() == 0, "no double play while waiting"

    # A refusal: a short, polite message, and the cards are playable again.
    fake.send({"type": "error", "code": "not_your_turn", "message": "x"})
    page.wait_for_selector(".toast:has-text('It is not your turn.')")
    page.set_viewport_size({"width": 375, "height": 812})
    page.screenshot(path=str(screenshots / "table-error-en-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    assert page.locator("#hand button.card:not([disabled])").count() == len(enabled)

    # An older state of the same match is dropped; a new match's state is not.
    fake.send(state(playing, game, 0, 8))
    # The page reads its socket in order: once this later refusal shows, it has read v8.
    fake.send({"type": "error", "code": "illegal", "message": "x"})
    page.wait_for_selector(".toast:has-text('That move is not allowed.')")
    assert page.evaluate(GAME_DATA)["v"] == "9"
    fake.send(state(playing, game, 0, 1, match_id=2))
    page.wait_for_selector("#game[data-v='1'][data-match='2']", state="attached")
    # Older still, as two servers' broadcasts can arrive: match 1's later move, and the room
    # before any match. Both are dropped.
    fake.send(state(playing, game, 0, 10))
    fake.send(state(seated, None, 2, 0))
    fake.send({"type": "error", "code": "test", "message": "Read up to here."})
    page.wait_for_selector(".toast:has-text('Read up to here.')")
    assert (page.evaluate(GAME_DATA)["match"], page.evaluate(GAME_DATA)["v"]) == ("2", "1")


def test_away_banner_end_of_match_and_reconnect(table, screenshots):
    page, fake, room, users = table
    game, rng = dealt_classic(11)
    play_until(game, rng, lambda g: g.phase == "bidding" and g.to_act != 0 and g.hand_number == 1)
    away = room_dict(room, users, status="playing", away=0)
    fake.on_connect = lambda: state(away, game, 0, 3)
    page.goto(room.get_absolute_url())
    page.wait_for_selector("#away:not([hidden])")
    page.screenshot(path=str(screenshots / "table-away-en-desktop.png"))
    page.click("#away button")
    assert fake.wait_for(page, lambda m: m["type"] == "back") == {"type": "back"}

    # The end of the match: the last hand's summary, the winner and a rematch button.
    play_until(game, rng, lambda g: g.phase == "finished")
    over = room_dict(room, users, status="over")
    fake.send(state(over, game, 0, 400))
    page.wait_for_selector("#winner #rematch")
    page.wait_for_selector(f'#hand-summary[data-hand="{game.hand_number}"]')
    page.screenshot(path=str(screenshots / "table-match-over-en-desktop.png"))
    page.click("#rematch")
    assert fake.wait_for(page, lambda m: m["type"] == "rematch") == {"type": "rematch"}

    # The connection drops: a notice, then the page reconnects by itself and resyncs.
    fake.on_connect = lambda: state(over, game, 0, 400)
    count = len(fake.sockets)
    fake.sockets[-1].close()
    page.wait_for_selector("#conn:not([hidden])")
    deadline = time.monotonic() + 10
    while len(fake.sockets) == count and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert len(fake.sockets) > count, "the page did not reconnect"
    page.wait_for_selector("#conn", state="hidden")

    # The same in Arabic, on a phone.
    page.set_viewport_size({"width": 375, "height": 812})
    page.click('.language-switch button[value="ar"]')
    page.wait_for_selector('html[dir="rtl"] #winner #rematch')
    assert page.locator("#rematch").inner_text() != "Rematch"
    page.screenshot(path=str(screenshots / "table-match-over-ar-phone.png"), full_page=True)

"""The table's second pass, against a scripted socket: a finished trick stays on the felt
with four cards before it is gathered, a room closed mid-trick says so, every card of a
13-card hand can be tapped on a phone, nothing scrolls sideways at 360 px, and Arabic
reads each score as "number / target".

Screenshots (1280x800 and 375x667, both languages) go to artifacts/screenshots/."""

from typing import Any

import pytest

from tests.browser.pages import GAME_DATA, HAND_CARDS
from tests.browser.scripted import dealt_classic, play_until, room_dict, state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TRICK = "() => [...document.querySelectorAll('#center .trick [data-card]')].map(e => e.dataset.card)"
PHONE = {"width": 375, "height": 667}
DESKTOP = {"width": 1280, "height": 800}


def first_lead_of_seat_0(game: Any) -> bool:
    view = game.view(None)
    first_trick = not view["trick"] and not any(view["tricks_taken"])
    return game.phase == "playing" and game.to_act == 0 and first_trick


def until_to_lead(game: Any, rng: Any, seat: int) -> None:
    play_until(game, rng, lambda g: g.phase == "playing" and g.to_act == seat and not g.view(None)["trick"])


def test_a_finished_trick_is_shown_then_gathered_and_later_states_wait(table, screenshots):
    page, fake, room, users = table
    game, rng = dealt_classic(5)
    until_to_lead(game, rng, 1)
    playing = room_dict(room, users, status="playing")
    fake.on_connect = lambda: state(playing, game, 0, 20)
    page.goto(room.get_absolute_url())
    page.wait_for_selector("#game[data-v='20']", state="attached")
    v = 20
    for _ in range(3):
        game.apply(game.to_act, game.legal_actions()[0])
        v += 1
        fake.send(state(playing, game, 0, v))
    page.wait_for_selector(f"#game[data-v='{v}']", state="attached")
    page.screenshot(path=str(screenshots / "table-mid-trick-en-desktop.png"))
    trick = [play["card"] for play in game.view(None)["trick"]]
    # The fourth card completes the trick; the next lead follows at once.
    game.apply(game.to_act, game.legal_actions()[0])
    fourth = game.view(None)["last_trick"]
    fake.send(state(playing, game, 0, v + 1))
    winner = fourth["winner"]
    game.apply(game.to_act, game.legal_actions()[0])
    lead = game.view(None)["trick"][0]["card"]
    fake.send(state(playing, game, 0, v + 2))

    page.wait_for_selector("#center .trick.finished .card.winner", state="attached")
    assert sorted(page.evaluate(TRICK)) == sorted([*trick, fourth["cards"][-1]["card"]])
    assert page.locator(f"#center .card.winner[data-seat='{winner}']").count() == 1
    assert page.evaluate(GAME_DATA)["v"] == str(v + 1), "the next lead waits for the gathering"
    page.screenshot(path=str(screenshots / "table-trick-complete-en-desktop.png"))
    page.wait_for_selector(f"#game[data-v='{v + 2}']", state="attached")
    assert page.evaluate(TRICK) == [lead]
    page.screenshot(path=str(screenshots / "table-trick-gathered-en-desktop.png"))


def test_a_room_closed_mid_trick_leaves_nothing_to_press(table, screenshots):
    page, fake, room, users = table
    game, rng = dealt_classic(8)
    until_to_lead(game, rng, 3)
    game.apply(3, game.legal_actions()[0])  # a card on the felt, and seat 0 to play next
    play_until(game, rng, lambda g: g.to_act == 0)
    playing = room_dict(room, users, status="playing")
    fake.on_connect = lambda: state(playing, game, 0, 30)
    page.goto(room.get_absolute_url())
    page.wait_for_selector("#game[data-my-turn='1']", state="attached")
    closed = {**room_dict(room, users, status="over"), "closed": True}
    message = state(closed, game, 0, 30)
    message["legal"], message["deadline"] = [], None  # as the server sends an aborted match
    fake.send(message)
    fake.on_connect = lambda: message
    page.wait_for_selector("#center .closed-note")
    assert "closed" in page.locator("#turn").inner_text()
    assert page.locator("#center .trick [data-card]").count() >= 1
    assert page.locator("#hand button.card:not([disabled]), #actions button, button.sit").count() == 0
    assert page.locator(".seat.to-act").count() == 0
    page.screenshot(path=str(screenshots / "table-closed-en-desktop.png"))
    page.click('.language-switch button[value="ar"]')
    page.wait_for_selector('html[dir="rtl"] #center .closed-note')
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(screenshots / "table-closed-ar-phone.png"))


@pytest.mark.parametrize("screen", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_card_of_a_full_hand_can_be_tapped(table, screenshots, screen):
    page, fake, room, users = table
    page.set_viewport_size(screen)
    game, rng = dealt_classic(3)
    # Seat 0 leads the first trick: every one of its 13 cards may be played.
    play_until(game, rng, first_lead_of_seat_0)
    assert len(game.legal_actions()) == 13
    playing = room_dict(room, users, status="playing")
    fake.on_connect = lambda: state(playing, game, 0, 40)
    page.goto(room.get_absolute_url())
    page.wait_for_selector("#game[data-my-turn='1']", state="attached")
    page.screenshot(path=str(screenshots / f"table-hand-en-{'phone' if screen is PHONE else 'desktop'}.png"))
    cards = page.evaluate(HAND_CARDS)
    assert len(cards) == 13
    for card in cards:
        box = page.locator(f"#hand [data-card='{card}']").bounding_box()
        assert box["width"] >= 44, box
        # Within the screen without scrolling, so a thumb reaches it as the page opens.
        assert box["y"] + box["height"] <= screen["height"], box
        assert box["x"] >= 0 and box["x"] + box["width"] <= screen["width"], box
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        hit = page.evaluate(f"() => document.elementFromPoint({x}, {y}).closest('[data-card]')?.dataset.card")
        assert hit == card, (card, hit, box)
        page.mouse.click(x, y)
        page.wait_for_selector("#hand button.card:not([disabled])", state="detached")  # sent, waiting
        act = fake.wait_for(page, lambda m, card=card: m["type"] == "act" and m["action"]["card"] == card)
        fake.received.remove(act)
        fake.send({"type": "error", "code": "stale", "message": ""})  # the cards are playable again
        page.wait_for_selector("#hand button.card:not([disabled])")


def test_no_sideways_scroll_at_360_and_arabic_scores_read_number_then_target(table, server, screenshots):
    page, fake, room, users = table
    game, rng = dealt_classic(4)
    play_until(game, rng, lambda g: g.hand_number == 2 and g.phase == "bidding")
    playing = room_dict(room, users, status="playing")
    fake.on_connect = lambda: state(playing, game, 0, 60)
    page.context.add_cookies([{"name": "django_language", "value": "ar", "url": server}])
    page.goto(room.get_absolute_url())
    page.wait_for_selector("html[dir='rtl'] .team-score .figure")
    for width, height in ((360, 740), (375, 667), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    order = page.evaluate("""() => [...document.querySelectorAll('.info-bar .figure:has(.target)')].map(f =>
        f.querySelector('b').getBoundingClientRect().right
        <= f.querySelector('.target').getBoundingClientRect().left)""")
    assert order and all(order), "each score's number stands left of its / target"
    assert page.locator("#last-hand").is_visible(), "the last hand's line during the next auction"
    assert page.locator("#hand-summary").count() == 0
    page.screenshot(path=str(screenshots / "table-bidding-ar-desktop.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(screenshots / "table-bidding-ar-phone.png"))


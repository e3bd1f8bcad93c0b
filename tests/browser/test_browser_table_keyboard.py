"""The table by keyboard (issue 27): at "your turn", the first Tab reaches a skip link
that goes straight to the bid buttons, "Pass" first (it took 17 Tab presses); and an
update of the table never takes the focus from where the player is: the bid button, the
sound toggle, the hand, or nowhere at all. At 375x812, 812x375 and 1280x800, in English
and Arabic, against a scripted socket.

Screenshots go to /tmp/shots-27-phones/ (not in the repository)."""

from pathlib import Path
from typing import Any

import pytest

from tests.browser.scripted import dealt_classic, play_until, room_dict, state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-27-phones")
SIZES = {"portrait": (375, 812), "landscape": (812, 375), "desktop": (1280, 800)}
FOCUSED = """() => {
  const e = document.activeElement;
  const r = e.getBoundingClientRect();
  return {tag: e.tagName, id: e.id, text: e.textContent.trim().slice(0, 40), action: e.dataset.action || null,
          value: e.dataset.value || null, card: e.dataset.card || null,
          inHand: Boolean(e.closest('#hand')), body: e === document.body,
          box: [r.left, r.top, r.right, r.bottom], view: [innerWidth, innerHeight]};
}"""
MAX_PRESSES = 2


def on_screen(focus: dict) -> bool:
    left, top, right, bottom = focus["box"]
    return left >= 0 and top >= 0 and right <= focus["view"][0] and bottom <= focus["view"][1]


def open_at(page: Any, server: str, room: Any, lang: str, size: tuple[int, int], wait: str) -> None:
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": server}])
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(room.get_absolute_url())
    page.wait_for_selector(wait, state="attached")
    page.wait_for_selector(f'html[lang="{lang}"]', state="attached")


def presses_to_pass(page: Any) -> tuple[int, list[dict]]:
    """Key presses from a fresh page to the Pass button: Tab, and Enter on a skip link."""
    seen = []
    for presses in range(1, 31):
        focus = page.evaluate(FOCUSED)
        key = "Enter" if focus["tag"] == "A" and focus["id"] == "skip-to-move" else "Tab"
        page.keyboard.press(key)
        focus = page.evaluate(FOCUSED)
        seen.append(focus)
        if focus["action"] == "pass":
            return presses, seen
    return 99, seen


def bidding_game() -> Any:
    """Seat 0 to make the first call of the hand."""
    game, rng = dealt_classic(7)
    play_until(game, rng, lambda g: g.phase == "bidding" and g.to_act == 0)
    return game


def playing_game() -> Any:
    """Two cards on the felt, seat 0 to play the third."""
    game, rng = dealt_classic(7)
    play_until(game, rng, lambda g: g.phase == "playing" and g.to_act == 0
               and len(g.view(None)["trick"]) == 2)
    return game


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_pass_is_two_key_presses_away_on_your_turn(table, server, lang):
    page, fake, room, users = table
    SHOTS.mkdir(parents=True, exist_ok=True)
    playing = room_dict(room, users, status="playing")
    bidding = bidding_game()
    fake.on_connect = lambda: state(playing, bidding, 0, 5)
    for name, size in SIZES.items():
        open_at(page, server, room, lang, size, "#game[data-my-turn='1']")
        presses, seen = presses_to_pass(page)
        assert presses <= MAX_PRESSES, f"{lang} {name}: {presses} presses to Pass, through {seen[:3]}..."
        focus = page.evaluate(FOCUSED)
        assert on_screen(focus), f"{lang} {name}: Pass has the focus off the screen: {focus}"
        # The other bids follow Pass in the tab order.
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUSED)["value"] == "7"
        page.keyboard.press("Shift+Tab")
        page.screenshot(path=str(SHOTS / f"keyboard-pass-focused-{lang}-{name}.png"))

        # The first Tab: the skip link, on the screen, saying it is the player's move.
        page.goto("about:blank")
        open_at(page, server, room, lang, size, "#game[data-my-turn='1']")
        page.keyboard.press("Tab")
        first = page.evaluate(FOCUSED)
        assert first["id"] == "skip-to-move", f"{lang} {name}: the first Tab reaches {first}"
        assert on_screen(first), f"{lang} {name}: the skip link is off the screen: {first}"
        if lang == "en":
            assert first["text"] == "Your turn: go to your move"
        page.screenshot(path=str(SHOTS / f"keyboard-skip-link-{lang}-{name}.png"))


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_an_update_never_takes_the_focus(table, server, lang):
    page, fake, room, users = table
    playing = room_dict(room, users, status="playing")
    cards = playing_game()
    problems: list[str] = []
    for name, size in SIZES.items():
        where = f"{lang} {name}"
        bidding = bidding_game()
        fake.on_connect = lambda game=bidding: state(playing, game, 0, 5)
        open_at(page, server, room, lang, size, "#game[data-my-turn='1']")
        # On a bid button: the table is sent again (the timer's sync): the focus stays on it.
        page.focus('#actions button[data-value="9"]')
        fake.send(state(playing, bidding, 0, 6))
        page.wait_for_selector("#game[data-v='6']", state="attached")
        focus = page.evaluate(FOCUSED)
        if focus["value"] != "9":
            problems.append(f"{where}: on bid 9, an update moved the focus to {focus}")

        # Pass, by keyboard: the turn goes on to the next player; the focus stays in the
        # bid panel's place (the hand under it), not dropped to the page.
        page.focus('#actions button[data-action="pass"]')
        page.keyboard.press("Enter")
        fake.wait_for(page, lambda m: m.get("type") == "act")
        bidding.apply(0, next(a for a in bidding.legal_actions() if a["type"] == "pass"))
        fake.send(state(playing, bidding, 0, 7))
        page.wait_for_selector("#game[data-v='7'][data-my-turn='0']", state="attached")
        focus = page.evaluate(FOCUSED)
        if not focus["inHand"]:
            problems.append(f"{where}: after passing, the focus went to {focus}")
        page.screenshot(path=str(SHOTS / f"keyboard-after-pass-{lang}-{name}.png"))

        # On the sound toggle under the table when the turn to play comes: it stays there.
        fake.on_connect = lambda: state(playing, cards, 1, 20)
        open_at(page, server, room, lang, size, "#game[data-v='20']")
        page.focus("#sound")
        fake.send(state(playing, cards, 0, 21))
        page.wait_for_selector("#game[data-v='21'][data-my-turn='1']", state="attached")
        focus = page.evaluate(FOCUSED)
        if focus["id"] != "sound":
            problems.append(f"{where}: on the sound toggle, the turn to play moved the focus to {focus}")

        # Nowhere (the player clicked the page): an update leaves it nowhere.
        page.evaluate("() => document.activeElement.blur()")
        fake.send(state(playing, cards, 0, 22))
        page.wait_for_selector("#game[data-v='22']", state="attached")
        focus = page.evaluate(FOCUSED)
        if not focus["body"]:
            problems.append(f"{where}: with no focus, an update put it on {focus}")

        # On a card of the hand: the same card keeps it.
        card = page.locator("#hand button.card:not([disabled])").last
        card.focus()
        chosen = card.get_attribute("data-card")
        fake.send(state(playing, cards, 0, 23))
        page.wait_for_selector("#game[data-v='23']", state="attached")
        focus = page.evaluate(FOCUSED)
        if focus["card"] != chosen:
            problems.append(f"{where}: on {chosen}, an update moved the focus to {focus}")
        page.screenshot(path=str(SHOTS / f"keyboard-card-kept-{lang}-{name}.png"))
    assert not problems, "\n".join(problems)

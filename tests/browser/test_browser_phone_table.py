"""A phone either way up (issue 27, point 7), against a scripted socket: at "your turn to
bid" the bid buttons and the whole hand are on the screen without scrolling, at 812x375
as at 375x812 and 1280x800, in English and Arabic; the bid panel and the hand never
cover the player's own seat nor a card of the trick, whichever way the page is scrolled.

Screenshots of each go to /tmp/shots-27-phones/ (not in the repository)."""

import random
from pathlib import Path
from typing import Any

import pytest

from games import engine
from tests.browser.layout import BOXES, SIZES, covered, off_screen
from tests.browser.scripted import dealt_classic, play_until, room_dict, state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-27-phones")
def open_at(page: Any, server: str, room: Any, lang: str, size: tuple[int, int], wait: str) -> None:
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": server}])
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(room.get_absolute_url())
    page.wait_for_selector(wait, state="attached")
    page.wait_for_selector(f'html[lang="{lang}"]', state="attached")
    page.wait_for_timeout(150)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_bid_panel_and_hand_on_screen_and_nothing_covered(table, server, lang):
    page, fake, room, users = table
    page.emulate_media(reduced_motion="reduce")
    SHOTS.mkdir(parents=True, exist_ok=True)
    game, rng = dealt_classic(7)
    play_until(game, rng, lambda g: g.phase == "bidding" and g.to_act == 0)
    playing = room_dict(room, users, status="playing")
    bidding = state(playing, game, 0, 5)
    # Later in the hand: three cards on the felt and the player's card to play.
    trick_game, trick_rng = dealt_classic(7)
    play_until(trick_game, trick_rng, lambda g: g.phase == "playing" and g.to_act == 0
               and len(g.view(None)["trick"]) == 3)
    trick = state(playing, trick_game, 0, 40)

    problems: list[str] = []
    for name, size in SIZES.items():
        # Your turn to bid: every bid button and every card on the screen, as loaded.
        fake.on_connect = lambda: bidding
        open_at(page, server, room, lang, size, "#game[data-my-turn='1'][data-phase='bidding']")
        boxes = page.evaluate(BOXES)
        where = f"{lang} {name} bidding"
        assert boxes["scroll"] == [0, 0], where
        assert boxes["wide"] <= size[0], f"{where}: the page scrolls sideways"
        assert len(boxes["actions"]) == 8 and len(boxes["hand"]) == 13, where
        problems += off_screen(boxes, ("actions", "hand", "me"), where)
        problems += covered(boxes, where)
        page.screenshot(path=str(SHOTS / f"phone-bid-{lang}-{name}.png"))

        # Your turn to play, three cards on the felt: the hand, the trick and your seat all
        # on the screen, none over another, as loaded and scrolled.
        fake.on_connect = lambda: trick
        open_at(page, server, room, lang, size, "#game[data-my-turn='1'][data-phase='playing']")
        page.wait_for_function("() => document.querySelectorAll('#center .trick .card').length === 3")
        boxes = page.evaluate(BOXES)
        where = f"{lang} {name} playing"
        assert len(boxes["trick"]) == 3 and len(boxes["hand"]) == 13, where
        problems += off_screen(boxes, ("trick", "hand", "me"), where)
        problems += covered(boxes, where)
        page.screenshot(path=str(SHOTS / f"phone-trick-{lang}-{name}.png"))
        for scroll in (120, 400):
            page.evaluate("(y) => window.scrollTo(0, y)", scroll)
            page.wait_for_timeout(50)
            problems += covered(page.evaluate(BOXES), f"{where} scrolled by {scroll}")
    assert not problems, "\n".join(problems)


def forty_one_bidding() -> Any:
    """Tarneeb 41, seat 0's bid: eleven numbers, 2 to 13 but 6."""
    rng = random.Random(3)
    game = engine.new_match("forty_one", dealer=3)
    deck = list(engine.cards.FULL_DECK)
    rng.shuffle(deck)
    game.deal(deck)
    play_until(game, rng, lambda g: g.phase == "bidding" and g.to_act == 0)
    return game


def classic_trump() -> Any:
    """Classic, seat 0 won the auction and names trump."""
    for seed in range(1, 200):
        game, _rng = dealt_classic(seed)
        while game.phase == "bidding":
            legal = game.legal_actions()
            bid = [a for a in legal if a["type"] == "bid"]
            game.apply(game.to_act, bid[0] if game.to_act == 0 and bid else
                       next(a for a in legal if a["type"] == "pass"))
        if game.phase == "trump" and game.to_act == 0:
            return game
    raise AssertionError("no deal where seat 0 names trump")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_most_buttons_fit_too(table, server, lang):
    """The other panels: Tarneeb 41's eleven bids, and the four trump suits."""
    page, fake, room, users = table
    page.emulate_media(reduced_motion="reduce")
    SHOTS.mkdir(parents=True, exist_ok=True)
    cases = {
        "41-bid": (forty_one_bidding(), {"variant": "forty_one", "target": 41}, 11),
        "trump": (classic_trump(), {}, 4),
    }
    problems: list[str] = []
    for case, (game, changes, buttons) in cases.items():
        playing = {**room_dict(room, users, status="playing"), **changes}
        fake.on_connect = lambda game=game, playing=playing: state(playing, game, 0, 9)
        for name, size in SIZES.items():
            open_at(page, server, room, lang, size, "#game[data-my-turn='1']")
            boxes = page.evaluate(BOXES)
            where = f"{lang} {name} {case}"
            assert len(boxes["actions"]) == buttons and len(boxes["hand"]) == 13, where
            problems += off_screen(boxes, ("actions", "hand", "me"), where)
            problems += covered(boxes, where)
            page.screenshot(path=str(SHOTS / f"phone-{case}-{lang}-{name}.png"))
    assert not problems, "\n".join(problems)

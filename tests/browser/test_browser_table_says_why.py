"""The table says why (issue 27), in English and Arabic, against a scripted socket:
- a greyed card cannot be played because the suit led must be followed: its title says so
  on hover, a tap on it shows it, and a screen reader hears it in the card's name;
- a spectator's chat box says whom it reaches: during a match only the other spectators
  read it, so it never offers "Write to the table…" then; a player's box does, and so does
  everyone's once the match is over."""

import pytest

from tests.browser.scripted import dealt_classic, play_until, room_dict, state

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]

WHY = {"en": "You must follow suit: play a {suit} card.",
       "ar": "عليك أن تتبع الشكل المقود: العب ورقة {suit}."}
SUITS = {"en": {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"},
         "ar": {"C": "سباتي", "D": "ديناري", "H": "كبة", "S": "بستوني"}}
BOX = {"en": ("Write to the spectators…", "Write to the table…"), "ar": ("اكتب للمتفرجين…", "اكتب للطاولة…")}


def must_follow(game) -> bool:
    """Seat 0 to play to a trick led in a suit it holds, with other suits greyed."""
    view = game.view(0)
    if game.phase != "playing" or game.to_act != 0 or not view["trick"]:
        return False
    led = view["trick"][0]["card"][1]
    return any(c[1] == led for c in view["hand"]) and any(c[1] != led for c in view["hand"])


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_greyed_card_says_it_must_follow_suit(table, server, lang):
    page, fake, room, users = table
    for seed in range(1, 60):
        game, rng = dealt_classic(seed)
        play_until(game, rng, lambda g: must_follow(g) or g.phase == "finished" or g.hand_number > 1)
        if must_follow(game):
            break
    led = game.view(0)["trick"][0]["card"][1]
    fake.on_connect = lambda: state(room_dict(room, users, status="playing"), game, 0, 30)
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": server}])
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto(room.get_absolute_url())
    page.wait_for_selector("#game[data-my-turn='1'][data-phase='playing']", state="attached")

    why = WHY[lang].format(suit=SUITS[lang][led])
    greyed = page.locator("#hand button.card.dimmed")
    assert greyed.count() > 0
    for card in greyed.all():
        assert card.get_attribute("title") == why
        assert card.get_attribute("aria-label").endswith(why)
    assert page.locator("#hand button.card:not(.dimmed)").first.get_attribute("title") is None

    box = greyed.first.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 8)
    page.wait_for_selector(f".toast.info >> text={why}")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_spectators_box_does_not_say_the_table_reads_it(table, server, lang):
    page, fake, room, users = table
    game, _rng = dealt_classic(7)
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": server}])
    spectators, everyone = BOX[lang]
    for seat, status, placeholder in ((None, "playing", spectators), (0, "playing", everyone),
                                      (None, "over", everyone)):
        seen = room_dict(room, users, status=status)
        fake.on_connect = lambda seen=seen, seat=seat: state(seen, game, seat, 3)
        page.goto(room.get_absolute_url())
        page.wait_for_selector(f"#game[data-status='{status}']", state="attached")
        assert page.locator("#chat-text").get_attribute("placeholder") == placeholder, (seat, status)
        assert page.locator("#chat-audience").is_visible() == (placeholder == spectators), (seat, status)

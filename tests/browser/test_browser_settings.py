"""The settings page in a browser (issue 29, point 2): the language switch takes the
page there at once, and the table honours the four-colour deck, the hand's order and
"confirm before playing a card" (static/js/preferences.js), against a scripted socket.

Screenshots of the settings page and the table at 375x812, 812x375 and 1280x800, in
English and Arabic, go to /work/shots/account/ (not in the repository)."""

from pathlib import Path

import pytest

from tests.browser.scripted import dealt_classic, play_until, room_dict, state

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/work/shots/account")
SIZES = {"portrait": (375, 812), "landscape": (812, 375), "desktop": (1280, 800)}
BLUE, GREEN, RED = "rgb(21, 84, 176)", "rgb(23, 121, 58)", "rgb(198, 40, 40)"
COLOURS = """() => Object.fromEntries(['S', 'H', 'D', 'C'].map((suit) => {
  const card = document.querySelector(`#hand .card[data-card$="${suit}"]`);
  return [suit, card ? getComputedStyle(card).color : null];
}))"""
SUITS_IN_HAND = "() => [...document.querySelectorAll('#hand .card')].map((card) => card.dataset.card[1])"


def shoot(page, name: str) -> None:
    for size_name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        page.screenshot(path=str(SHOTS / f"{name}-{size_name}.png"), full_page=size_name != "landscape")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_settings_switch_the_language_and_dress_the_table(table, server, lang):
    page, fake, room, users = table
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.emulate_media(reduced_motion="reduce")
    other = "ar" if lang == "en" else "en"
    page.context.add_cookies([{"name": "django_language", "value": other, "url": server}])
    page.goto("/accounts/settings/")
    page.wait_for_selector(f'html[lang="{other}"]', state="attached")
    # "The browser's time zone" says which it is.
    zone = page.evaluate("() => Intl.DateTimeFormat().resolvedOptions().timeZone")
    first_zone = "document.querySelector('#id_time_zone option').textContent"
    page.wait_for_function(f"() => {first_zone}.endsWith('({zone})')")

    page.select_option("#id_language", lang)
    page.check("#id_four_colour_deck")
    page.check("#id_confirm_card")
    page.check("input[name=hand_sort][value=fixed]")
    page.click("button[name=preferences]")
    page.wait_for_selector(f'html[lang="{lang}"].four-colour', state="attached")
    assert page.is_checked("#id_four_colour_deck") and page.is_checked("input[name=hand_sort][value=fixed]")
    shoot(page, f"settings-{lang}")

    game, rng = dealt_classic(7)
    play_until(game, rng, lambda g: g.phase == "playing" and g.to_act == 0 and not g.view(None)["trick"])
    fake.on_connect = lambda: state(room_dict(room, users, status="playing"), game, 0, 40)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(room.get_absolute_url())
    page.wait_for_selector("#game[data-my-turn='1'][data-phase='playing']", state="attached")
    page.wait_for_selector(f'html[lang="{lang}"]', state="attached")

    # Four colours: no two suits alike; the hand in the fixed order ♠ ♥ ♣ ♦.
    colours = page.evaluate(COLOURS)
    assert (colours["D"], colours["C"], colours["H"]) == (BLUE, GREEN, RED), colours
    assert len(set(colours.values())) == 4
    suits = page.evaluate(SUITS_IN_HAND)
    assert suits == sorted(suits, key="SHCD".index)

    # A first tap raises the card and sends nothing; the second plays it.
    card = page.locator("#hand button.card:not([disabled])").first
    played = card.get_attribute("data-card")
    card.click()
    page.wait_for_selector(f'#hand .card.raised[data-card="{played}"]', state="attached")
    page.wait_for_timeout(200)
    assert not [m for m in fake.received if m.get("type") == "act"]
    shoot(page, f"table-{lang}")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator(f'#hand .card.raised[data-card="{played}"]').click()
    sent = fake.wait_for(page, lambda m: m.get("type") == "act")
    assert sent["action"] == {"type": "play", "card": played}

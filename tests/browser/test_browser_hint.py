"""The learner's hint on the table page (static/js/hint.js), against a scripted socket: at a
casual table (a bot seated) the player's turn offers a Hint button, which asks once; the
answer shows the card and the server's line until the table moves on; a refusal shows its
message; a table without a bot offers no button.

Screenshots (English and Arabic at 375x812, 812x375, 1280x800) go to artifacts/screenshots/."""

import pytest

from tests.browser.scripted import dealt_classic, play_until, room_dict, state
from tests.browser.sizes import LOCALES, SIZES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LINE = "Over 48 deals consistent with what you have seen, it scores best (1.5 points a deal ahead)."


def test_the_hint_button_asks_and_shows_the_answer_at_a_casual_table_only(table, screenshots):
    page, fake, room, users = table
    game, rng = dealt_classic(5)
    play_until(game, rng, lambda g: g.phase == "playing" and g.to_act == 0 and len(g.view(0)["hand"]) < 13)
    casual = room_dict(room, users, status="playing")
    casual["seats"][1]["bot"] = "expert"
    fake.on_connect = lambda: state(casual, game, 0, 40)
    page.goto(room.get_absolute_url())
    page.wait_for_selector("#hint .hint-ask:visible")
    page.click("#hint .hint-ask")
    assert fake.wait_for(page, lambda m: m["type"] == "hint") == {"type": "hint"}
    assert page.is_disabled("#hint .hint-ask"), "one question a turn"
    card = state(casual, game, 0, 40)["legal"][0]["card"]
    fake.send({"type": "hint", "v": 40, "action": {"type": "play", "card": card}, "text": LINE})
    page.wait_for_selector("#hint .hint-line strong")
    assert LINE in page.inner_text("#hint .hint-line")

    for lang in ("en", "ar"):
        context = page.context if lang == "en" else page.context.browser.new_context(
            base_url=page.url.split("/rooms/")[0], locale=LOCALES["ar"])
        shown = page
        if lang == "ar":
            context.add_cookies([*page.context.cookies(), {"name": "django_language", "value": "ar",
                                                          "url": page.url}])
            shown = context.new_page()
            arabic = type(fake)(shown)
            arabic.on_connect = fake.on_connect
            shown.goto(room.get_absolute_url())
            shown.wait_for_selector("#hint .hint-ask:visible")
            arabic.send({"type": "hint", "v": 40, "action": {"type": "play", "card": card},
                         "text": "في 48 توزيعة تتفق مع ما رأيته، تحقق أفضل نتيجة."})
            shown.wait_for_selector("#hint .hint-line strong")
        for size, (width, height) in SIZES.items():
            shown.set_viewport_size({"width": width, "height": height})
            shown.screenshot(path=str(screenshots / f"table-hint-{lang}-{size}.png"))
        if lang == "ar":
            context.close()

    # The table moves on: the line goes, and the button asks again.
    game.apply(0, game.legal_actions()[0])
    play_until(game, rng, lambda g: g.to_act == 0)
    fake.send(state(casual, game, 0, 44))
    page.wait_for_selector("#game[data-v='44']", state="attached")
    assert page.inner_text("#hint .hint-line") == "" and not page.is_disabled("#hint .hint-ask")
    page.click("#hint .hint-ask")
    fake.send({"type": "error", "code": "hints_too_fast", "message": "Hints cost the server time."})
    page.wait_for_selector("#hint .hint-line:has-text('Hints cost the server time.')")

    # A table of four people is rated: no button.
    fake.send(state(room_dict(room, users, status="playing"), game, 0, 45))
    page.wait_for_selector("#game[data-v='45']", state="attached")
    assert page.locator("#hint").is_hidden()

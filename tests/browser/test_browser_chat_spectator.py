"""A spectator's chat box says whom it reaches (issue 27): during a match only the other
spectators read it, so it never offers "Write to the table…" then; a player's box does, and
so does everyone's once the match is over. English and Arabic, against a scripted socket."""

import pytest

from tests.browser.scripted import dealt_classic, room_dict, state

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]

BOX = {"en": ("Write to the spectators…", "Write to the table…"), "ar": ("اكتب للمتفرجين…", "اكتب للطاولة…")}


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

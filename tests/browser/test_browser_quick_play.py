"""Quick play's waiting screen (issue 27): the player picks the variant in the lobby, the
table says when the bots come and counts down, in English and Arabic, with "Play now with
bots" on screen on a phone both ways and a laptop; pressed, the bots sit and the match of
that variant starts, and the lobby names the table by its number and keeps the variant
chosen."""

import pytest

from games.models import Match
from games.services import room_life
from tests.browser.pages import wait_connected
from tests.browser.sizes import SIZES, in_view, resize, visitor
from tests.tables import make_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.embedded]

# Long enough that the bots never come by themselves during the test.
SERVER_ENV = {"QUICK_PLAY_BOT_SECONDS": "90"}
WORDS = {"en": "Bots take the empty seats in", "ar": "تجلس الروبوتات في المقاعد الفارغة بعد"}
NAME = {"en": "Quick play · Table", "ar": "لعب سريع · طاولة"}
COUNT = "() => Number(document.querySelector('#quick-wait .quick-count').textContent)"


@pytest.mark.parametrize(("lang", "variant"), [("en", "forty_one"), ("ar", "classic")])
def test_the_wait_counts_down_and_bots_come_at_once_on_request(browser, server, screenshots, lang, variant):
    (person,) = make_players(1, prefix=f"quick{lang}")
    player = visitor(browser, server, lang, "phone", user=person)
    page = player.page
    page.goto("/")
    page.check(f'.quick-play input[name=variant][value="{variant}"]')
    page.screenshot(path=str(screenshots / f"quick-lobby-{lang}-phone.png"))
    page.click("#quick-play")
    page.wait_for_url("**/rooms/*/")
    wait_connected(player)
    page.wait_for_selector("#bots-now", state="visible")
    assert WORDS[lang] in page.inner_text("#quick-wait")
    first = page.evaluate(COUNT)
    assert 80 <= first <= 90
    for size in SIZES:
        resize(page, size)
        assert in_view(page, "#quick-wait") and in_view(page, "#bots-now"), (lang, size)
        page.screenshot(path=str(screenshots / f"quick-wait-{lang}-{size}.png"))
    page.wait_for_function(f"() => ({COUNT[6:]}) < {first}")
    assert player.game()["variant"] == variant

    page.click("#bots-now")
    page.wait_for_selector("#game[data-status=playing]", state="attached")
    page.wait_for_selector("#quick-wait", state="hidden")
    assert page.locator(".seat .bot-badge").count() == 3
    page.screenshot(path=str(screenshots / f"quick-started-{lang}-desktop.png"))
    match = Match.objects.get(players__user=person)
    assert match.variant == variant
    # The lobby tells Quick play tables apart by their number.
    page.goto("/")
    row = page.locator(f'#playing-rooms tr[data-room="{match.room_id}"]')
    assert f"{NAME[lang]} {match.room.quick_number}" in row.inner_text()
    assert page.is_checked(f'.quick-play input[name=variant][value="{variant}"]'), "the last choice"
    page.screenshot(path=str(screenshots / f"quick-lobby-playing-{lang}-desktop.png"))
    room_life.close_room(match.room_id)  # its bots stop playing
    assert player.log == [], player.log
    player.context.close()

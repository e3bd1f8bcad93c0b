"""Bots have names (issue 27): a person's table with three bots shows each by its own name,
in the page's language, with a badge saying its level; the match page's players, score
sheet and replay show the same names. English and Arabic, a phone both ways and a laptop.
A deleted player's name reaching the scripts raw (a live table's seating, when they left a
match to a bot and then deleted their account) reads in the page's language too
(static/js/dom.js userText, as accounts.deletion.shown_name on the server's pages)."""

import pytest

from games import bot_names, bot_players
from games.models import Match
from games.services import room_life
from tests.browser.pages import new_player, wait_connected
from tests.browser.sizes import SIZES, resize, visitor
from tests.tables import create_room, make_players, play_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.embedded]

BADGE = {"en": {"expert": "expert bot", "standard": "standard bot"},
         "ar": {"expert": "روبوت خبير", "standard": "روبوت عادي"}}
SEAT_NAMES = ("() => [0, 1, 2, 3].map(n => "
              "document.querySelector(`.seat[data-seat='${n}'] .seat-head`).innerText)")
SHOWN = """async () => {
  const { userText } = await import("/static/js/dom.js");
  return ["deleted player 7", "deleted_player", "ok deleted player 7"].map(n => userText(n).textContent);
}"""
REPLAY_NAMES = "() => [...document.querySelectorAll('#replay .seat-head')].map(e => e.innerText).join(' | ')"


def test_each_bot_is_shown_by_its_name_and_level_everywhere(browser, server, screenshots):
    (person,) = make_players(1, prefix="host")
    room = create_room(person, turn_seconds=120)
    room_life.sit(room.pk, person, 0)
    for seat, level in ((1, "expert"), (2, "standard"), (3, "standard")):
        bot_players.add_bot(room.pk, person, seat, level)
    match = play_until(Match.objects.get(room=room), "deal")  # a hand to replay
    levels = {seat: match.seating[seat]["bot"] for seat in (1, 2, 3)}
    for lang in ("en", "ar"):
        names = {seat: bot_names.in_languages(match.seating[seat]["name"])[lang] for seat in (1, 2, 3)}
        player = visitor(browser, server, lang, "phone", user=person)
        page = player.page
        page.goto(room.get_absolute_url())
        wait_connected(player)
        for size in SIZES:
            resize(page, size)
            heads = page.evaluate(SEAT_NAMES)
            for seat, name in names.items():
                assert name in heads[seat] and BADGE[lang][levels[seat]] in heads[seat], (lang, size, heads)
            assert "bot-" not in " ".join(heads)
            page.screenshot(path=str(screenshots / f"bot-names-table-{lang}-{size}.png"))
        page.goto(f"/matches/{match.pk}/")
        page.wait_for_selector("#replay[data-move] .open-hand")
        for size in SIZES:
            resize(page, size)
            replay = page.evaluate(REPLAY_NAMES)
            sheet = page.locator(".score-sheet").inner_text() + page.locator(".sheet.seats").inner_text()
            for name in names.values():
                assert name in replay and name in sheet, (lang, size, name, replay)
            assert "bot-standard" not in sheet + replay
            page.screenshot(path=str(screenshots / f"bot-names-replay-{lang}-{size}.png"))
        assert player.log == [], player.log
        player.context.close()


@pytest.mark.parametrize(("language", "deleted"), [("ar", "لاعب محذوف 7"), ("en", "deleted player 7")])
def test_user_text_shows_a_deleted_name_in_the_pages_language(browser, server, language, deleted):
    locale = "ar" if language == "ar" else "en-US"
    page = new_player(browser, server, f"reader-{language}", locale=locale).page
    page.context.add_cookies([{"name": "django_language", "value": language, "url": server}])
    page.goto("/")
    page.wait_for_function("() => typeof gettext === 'function'")
    assert page.evaluate(SHOWN) == [deleted, "deleted_player", "ok deleted player 7"]

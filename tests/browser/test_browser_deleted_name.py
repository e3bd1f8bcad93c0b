"""A deleted player's name reaching the scripts raw (a live table's seating, when they
left a match to a bot and then deleted their account) is shown through userText
(static/js/dom.js) in the page's language, as the server's pages write it
(accounts.deletion.shown_name); any other name is left as it is."""

import pytest

from tests.browser.pages import new_player

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]

SHOWN = """async () => {
  const { userText } = await import("/static/js/dom.js");
  return ["deleted player 7", "deleted_player", "ok deleted player 7"].map(n => userText(n).textContent);
}"""


@pytest.mark.parametrize(("language", "deleted"), [("ar", "لاعب محذوف 7"), ("en", "deleted player 7")])
def test_user_text_shows_a_deleted_name_in_the_pages_language(browser, server, language, deleted):
    locale = "ar" if language == "ar" else "en-US"
    page = new_player(browser, server, f"reader-{language}", locale=locale).page
    page.context.add_cookies([{"name": "django_language", "value": language, "url": server}])
    page.goto("/")
    page.wait_for_function("() => typeof gettext === 'function'")
    assert page.evaluate(SHOWN) == [deleted, "deleted_player", "ok deleted player 7"]

"""A wrong address shows the site's own page (issue 27): its header and style, the words in
the reader's language and direction, the ways back; at 375x812 and 1280x800. The browser
tests' server runs with DEBUG on (Django's own 404 page), so the page comes from the test
client, as production renders it, and its styles from the server."""

import pytest
from django.test import Client

from tests.browser.replay_pages import viewer

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]

TITLE = {"en": "Page not found", "ar": "الصفحة غير موجودة"}


def test_the_404_page_is_styled_and_translated(browser, server, screenshots):
    for lang in ("en", "ar"):
        answer = Client().get("/rooms/no-such-room/", HTTP_ACCEPT_LANGUAGE=lang)
        assert answer.status_code == 404
        for size in ("phone", "desktop"):
            person = viewer(browser, server, lang, size)
            page = person.page
            body = answer.content
            page.route(f"{server}/rooms/no-such-room/", lambda route, _request, body=body: route.fulfill(
                status=404, body=body, content_type="text/html; charset=utf-8"))
            page.goto("/rooms/no-such-room/")
            assert page.locator("h1").inner_text() == TITLE[lang]
            assert page.evaluate("() => document.documentElement.dir") == ("rtl" if lang == "ar" else "ltr")
            assert page.locator(".site-header .brand").is_visible()
            assert page.evaluate("() => getComputedStyle(document.body).margin") == "0px"  # site.css applies
            page.screenshot(path=str(screenshots / f"not-found-{lang}-{size}.png"))
            page.click(".error-links a[href='/']")
            page.wait_for_url(f"{server}/")
            person.context.close()

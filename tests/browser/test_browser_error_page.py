"""A wrong address shows the site's own page (issue 27): its header and style, the words in
the reader's language and direction, the ways back; at 375x812 and 1280x800. No server: the
page is the test client's (as production renders it, DEBUG off; the browser tests' servers
run with DEBUG on, which shows Django's own page) and its styles come from static/."""

import pytest
from django.test import Client

from tests.browser.pages import TIMEOUT_MS
from tests.conftest import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.embedded, pytest.mark.django_db(transaction=True)]

SITE = "http://tarneeb.test"
TITLE = {"en": "Page not found", "ar": "الصفحة غير موجودة"}
SIZES = {"phone": (375, 812), "desktop": (1280, 800)}


def serve(route, request, pages: dict[str, bytes]) -> None:
    path = request.url.removeprefix(SITE)
    if path.startswith("/static/"):
        route.fulfill(path=str(ROOT / path.removeprefix("/")))
    elif path in pages:
        route.fulfill(status=404, body=pages[path], content_type="text/html; charset=utf-8")
    else:
        route.fulfill(status=200, body=b"<!DOCTYPE html><title>lobby</title>", content_type="text/html")


def test_the_404_page_is_styled_and_translated(browser, screenshots):
    for lang in ("en", "ar"):
        answer = Client().get("/rooms/no-such-room/", HTTP_ACCEPT_LANGUAGE=lang)
        assert answer.status_code == 404
        pages = {"/rooms/no-such-room/": answer.content}
        for size, (width, height) in SIZES.items():
            context = browser.new_context(viewport={"width": width, "height": height})
            context.set_default_timeout(TIMEOUT_MS)
            context.route(f"{SITE}/**", lambda route, request, pages=pages: serve(route, request, pages))
            page = context.new_page()
            page.goto(f"{SITE}/rooms/no-such-room/")
            assert page.locator("h1").inner_text() == TITLE[lang]
            assert page.evaluate("() => document.documentElement.dir") == ("rtl" if lang == "ar" else "ltr")
            assert page.locator(".site-header .brand").is_visible()
            assert page.evaluate("() => getComputedStyle(document.body).margin") == "0px"  # site.css applies
            page.screenshot(path=str(screenshots / f"not-found-{lang}-{size}.png"))
            page.click(".error-links a[href='/']")
            page.wait_for_url(f"{SITE}/")
            context.close()

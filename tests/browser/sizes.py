"""The three screens every newcomer's page is checked at (issue 27): a phone upright and
on its side, and a laptop; one browser, a context per language and size."""

from typing import Any

from tests.browser.pages import TIMEOUT_MS, Player
from tests.tables import session_cookie

SIZES = {"phone": (375, 812), "landscape": (812, 375), "desktop": (1280, 800)}
LOCALES = {"en": "en-US", "ar": "ar"}
# Whether an element is wholly on screen.
IN_VIEW = """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""


def visitor(browser: Any, server: str, lang: str, size: str, user: Any = None) -> Player:
    """A page in `lang` at `size` (logged in as `user`, if given), recording its errors and
    failed requests; `page.set_viewport_size(...)` moves it to the other sizes."""
    width, height = SIZES[size]
    context = browser.new_context(base_url=server, viewport={"width": width, "height": height},
                                  locale=LOCALES[lang])
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies([{"name": "django_language", "value": lang, "url": server}])
    if user is not None:
        session = session_cookie(user).decode().split("=", 1)[1]
        context.add_cookies([{"name": "sessionid", "value": session, "url": server}])
    page = context.new_page()
    player = Player(f"{lang}-{size}", context, page)
    page.on("pageerror", lambda exc: player.log.append(f"pageerror: {exc}"))
    page.on("response", lambda r: r.status >= 400 and "favicon" not in r.url
            and player.log.append(f"http {r.status}: {r.url}"))
    return player


def resize(page: Any, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})


def in_view(page: Any, selector: str) -> bool:
    return bool(page.evaluate(IN_VIEW, selector))

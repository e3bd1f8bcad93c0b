"""Helpers for the replay's and the dates' browser tests (issue 27): a finished match's
page opened in a language at a size, and where things are on screen."""

import os
from pathlib import Path
from typing import Any

from games.models import Match
from tests.browser.pages import TIMEOUT_MS, Player

SHOTS = Path(os.environ.get("SHOTS_27", "/tmp/shots-27-replay"))
SIZES = {"desktop": (1280, 800), "phone": (375, 812)}
LANGS = {"en": "en-US", "ar": "ar"}

# An element's box in the viewport, and whether all of it is on screen.
BOX = """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
          inView: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth}; }"""


def viewer(browser: Any, server: str, lang: str, size: str, *, timezone: str = "UTC") -> Player:
    """A page in `lang` at `size` whose browser lives in `timezone`, recording errors."""
    width, height = SIZES[size]
    context = browser.new_context(base_url=server, viewport={"width": width, "height": height},
                                  locale=LANGS[lang], timezone_id=timezone)
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies([{"name": "django_language", "value": lang, "url": server}])
    page = context.new_page()
    player = Player(f"{lang}-{size}", context, page)
    page.on("console", lambda msg: msg.type == "error" and player.log.append(f"{msg.type}: {msg.text}"))
    page.on("pageerror", lambda exc: player.log.append(f"pageerror: {exc}"))
    page.on("response", lambda r: r.status >= 400 and player.log.append(f"http {r.status}: {r.url}"))
    return player


def match_page(browser: Any, server: str, match: Match, lang: str, size: str, position: str = "",
               *, timezone: str = "UTC") -> Player:
    player = viewer(browser, server, lang, size, timezone=timezone)
    player.page.goto(f"/matches/{match.pk}/{position}")
    player.page.wait_for_selector("#replay[data-move] .open-hand")
    return player


def shot(page: Any, name: str, *, full_page: bool = False) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def box(page: Any, selector: str) -> dict[str, Any]:
    return page.evaluate(BOX, selector)

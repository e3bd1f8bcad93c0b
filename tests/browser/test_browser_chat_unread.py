"""The chat from the table (issue 27): on a phone the chat is far below the table, so a
button on the felt's corner counts the lines others wrote since the player last looked
at the chat, takes them there, and the chat has a way back; a reload keeps what was
read. Beside the table on a wide screen the chat is always in sight: no count. At
375x812, 812x375 and 1280x800, in English and Arabic, against a scripted socket.

Screenshots go to /tmp/shots-27-phones/ (not in the repository)."""

import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.scripted import dealt_classic, play_until, room_dict, state

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots-27-phones")
SIZES = {"portrait": (375, 812), "landscape": (812, 375), "desktop": (1280, 800)}
BOX = """(sel) => {
  const e = document.querySelector(sel);
  if (!e || !e.checkVisibility()) return null;
  const r = e.getBoundingClientRect();
  return {x: r.left, y: r.top, w: r.width, h: r.height};
}"""
SEATS = """() => [...document.querySelectorAll('#table .seat, #center .trick .card')].map(e => {
  const r = e.getBoundingClientRect();
  return {x: r.left, y: r.top, w: r.width, h: r.height};
})"""


def line(n: int, user: str, seat: int | None, text: str) -> dict:
    return {"type": "chat", "id": n, "user": user, "seat": seat, "text": text, "phrase": None,
            "audience": "everyone", "moderator": False, "at": int(time.time() * 1000)}


def on_screen(box: dict | None, size: tuple[int, int]) -> bool:
    return bool(box) and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["w"] <= size[0] \
        and box["y"] + box["h"] <= size[1]


def inside(box: dict, outer: dict) -> bool:
    return (box["x"] >= outer["x"] and box["y"] >= outer["y"]
            and box["x"] + box["w"] <= outer["x"] + outer["w"]
            and box["y"] + box["h"] <= outer["y"] + outer["h"])


def overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"]
            and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"])


def badge(page: Any) -> str | None:
    return page.evaluate("() => { const b = document.querySelector('#chat-jump .unread-count');"
                         " return b && b.checkVisibility() ? b.textContent : null; }")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_unread_lines_counted_on_the_table_and_read_at_the_chat(table, server, lang):
    page, fake, room, users = table
    page.emulate_media(reduced_motion="reduce")
    SHOTS.mkdir(parents=True, exist_ok=True)
    game, rng = dealt_classic(7)
    play_until(game, rng, lambda g: g.phase == "playing" and g.to_act == 0
               and len(g.view(None)["trick"]) == 2)
    playing = room_dict(room, users, status="playing")
    me, others = users[0].username, [u.username for u in users[1:]]
    problems: list[str] = []
    for name, size in SIZES.items():
        where = f"{lang} {name}"
        talk = [line(1, others[0], 1, "hello all"), line(2, others[1], 2, "good luck")]
        fake.on_connect = lambda: state(playing, game, 0, 30)
        page.context.add_cookies([{"name": "django_language", "value": lang, "url": server}])
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.goto(room.get_absolute_url())
        page.evaluate("() => sessionStorage.clear()")  # a first visit
        page.reload()
        page.wait_for_selector("#game[data-v='30']", state="attached")
        page.wait_for_selector(f'html[lang="{lang}"]', state="attached")
        # The talk before a first visit is not news.
        fake.send({"type": "chat_history", "messages": talk})
        page.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-line').length === 2")
        page.wait_for_timeout(100)
        if badge(page) is not None:
            problems.append(f"{where}: the history counted as new: {badge(page)}")

        if name == "desktop":
            # The chat beside the table, in sight: lines are read as they come.
            talk.append(line(3, others[0], 1, "nice"))
            fake.send(talk[-1])
            page.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-line').length === 3")
            page.wait_for_timeout(150)
            if not on_screen(page.evaluate(BOX, "#chat-lines"), size):
                problems.append(f"{where}: the chat is not in sight beside the table")
            if page.evaluate(BOX, "#chat-jump") is not None or badge(page) is not None:
                problems.append(f"{where}: a chat button or count beside a chat in sight")
            page.screenshot(path=str(SHOTS / f"chat-unread-{lang}-{name}.png"))
            continue

        # Three lines from others and one of the player's own: 3 new.
        news = [(others[0], 1, "well played"), (me, 0, "thanks"), (others[2], 3, "partner!"),
                (others[1], 2, "hurry")]
        for n, (who, seat, text) in enumerate(news, start=3):
            talk.append(line(n, who, seat, text))
            fake.send(talk[-1])
        page.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-line').length === 6")
        page.wait_for_timeout(150)
        if badge(page) != "3":
            problems.append(f"{where}: the count says {badge(page)}, not 3")
        button = page.evaluate(BOX, "#chat-jump")
        felt = page.evaluate(BOX, "#table")
        if not (button and on_screen(button, size) and inside(button, felt)):
            problems.append(f"{where}: the chat button {button} is not on the felt {felt} on the screen")
        elif any(overlap(button, seat) for seat in page.evaluate(SEATS)):
            problems.append(f"{where}: the chat button covers a seat or a card")
        label = page.evaluate("() => document.querySelector('#chat-jump')?.getAttribute('aria-label') || ''")
        if "3" not in label or (lang == "en" and label != "Chat: 3 new messages"):
            problems.append(f"{where}: the button's label is {label!r}")
        page.screenshot(path=str(SHOTS / f"chat-unread-{lang}-{name}.png"))
        if problems:
            break

        # The button takes the player to the chat: the lines in sight, the count gone.
        page.click("#chat-jump")
        page.wait_for_function("() => !document.querySelector('#chat-jump .unread-count').checkVisibility()")
        if not on_screen(page.evaluate(BOX, "#chat-lines"), size):
            problems.append(f"{where}: the chat's lines are not in sight after the button")
        page.screenshot(path=str(SHOTS / f"chat-read-{lang}-{name}.png"))

        # Back to the table; one more line is one new.
        page.click("#back-to-table")
        page.wait_for_timeout(100)
        if not on_screen(page.evaluate(BOX, "#table .seat.me"), size):
            problems.append(f"{where}: 'Back to the table' does not show the player's seat")
        talk.append(line(7, others[0], 1, "your turn"))
        fake.send(talk[-1])
        page.wait_for_function("() => document.querySelector('#chat-jump .unread-count').textContent === '1'")

        # A reload: the last line seen is remembered, the one after it is still new.
        page.reload()
        page.wait_for_selector("#game[data-v='30']", state="attached")
        fake.send({"type": "chat_history", "messages": talk})
        page.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-line').length === 7")
        page.wait_for_timeout(150)
        if badge(page) != "1":
            problems.append(f"{where}: after a reload the count says {badge(page)}, not 1")
    assert not problems, "\n".join(problems)

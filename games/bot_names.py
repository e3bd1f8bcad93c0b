"""The names bots sit under (issue 27): every bot seat of a room has its own, given when
it sits and kept while it stays, so a table reads "Sami & Layla", not "bot-standard &
bot-standard". A name is a key (stored on the seat, then in the match's seating and its
record); readers see it in their language, through the catalogue like any string.

The bot accounts stay one per level (docs/bots.md): the name belongs to the seat."""

import zlib
from collections.abc import Iterable
from functools import cache
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from accounts.deletion import shown_name

# Arabic given names, each with its English transliteration; twelve, so a room's three
# bots always find free ones, whatever the people there are called.
NAMES = {
    "sami": _("Sami"), "layla": _("Layla"), "omar": _("Omar"), "huda": _("Huda"),
    "karim": _("Karim"), "nour": _("Nour"), "yousef": _("Yousef"), "rania": _("Rania"),
    "tariq": _("Tariq"), "salma": _("Salma"), "fadi": _("Fadi"), "dina": _("Dina"),
}
KEYS = tuple(NAMES)


def choose(room_id: str, seat: int, taken: Iterable[str]) -> str:
    """A name for a bot sitting at `seat` of the room, none of `taken` (the other seats'
    bots' names, and the people's usernames there). The same room and seat start from the
    same name, so a table looks the same to everyone and after a reload."""
    busy = {name.casefold() for name in taken}
    start = zlib.crc32(f"{room_id}:{seat}".encode()) % len(KEYS)
    for step in range(len(KEYS)):
        key = KEYS[(start + step) % len(KEYS)]
        if not busy & {key, *(value.casefold() for value in in_languages(key).values())}:
            return key
    return KEYS[start]  # twelve names taken at a four-seat table cannot happen


def key_of(sitter: dict[str, Any], seat: int) -> str:
    """A bot sitter's name in a match's seating; a match from before names had none, and
    reads as the seat's place in the list (distinct at its table, the same every time)."""
    name = sitter.get("name")
    return name if name in NAMES else KEYS[seat]


def label(key: str) -> str:
    """The name in the current language."""
    return str(NAMES.get(key, key))


@cache
def in_languages(key: str) -> dict[str, str]:
    """The name in every language of the site, for what is sent to readers of any (the
    table's sockets share one message; the record is read anywhere)."""
    names = {}
    for code, _language in settings.LANGUAGES:
        with translation.override(code):
            names[code] = label(key)
    return names


def sitter_name(sitter: dict[str, Any], seat: int) -> str:
    """Who sat at `seat` of a match, as a reader sees them: a bot's name in the current
    language, a person's username (a deleted account's in the current language too)."""
    return label(key_of(sitter, seat)) if sitter.get("bot") else shown_name(str(sitter["username"]))

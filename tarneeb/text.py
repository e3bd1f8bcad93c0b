"""Checks on text that people choose and others read (usernames, room names, chat lines)."""

import json
import unicodedata
from functools import cache
from importlib import resources

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# Characters that reorder the text around them without being seen: in a name they can
# make "alice" look like someone else's, or flip the text that follows it on the page.
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings and overrides (LRE, RLE, PDF, LRO, RLO)
    "\u2066\u2067\u2068\u2069"  # isolates (LRI, RLI, FSI, PDI)
    "\u200e\u200f\u061c"  # marks (LRM, RLM, ALM)
)

# Letters and symbols that draw nothing: a name made of them, or ending in one, looks
# like another name or like no name at all. (Format characters, category Cf, are
# invisible too; they are checked by category.)
INVISIBLE_LETTERS = frozenset(
    "\u115f\u1160\u3164\uffa0"  # the Hangul fillers (letters, so \w accepts them)
    "\u17b4\u17b5"  # Khmer inherent vowels
    "\u034f"  # combining grapheme joiner
    "\u2800"  # braille pattern blank
)

# Zero-width joiner and non-joiner: Persian and Arabic words need them to join (or not)
# their letters, and emoji sequences (👨‍👩) are made with the joiner.
JOINERS = frozenset("\u200c\u200d")

# Non-spacing and enclosing marks stack on their letter: Arabic needs two or three
# (shadda, a vowel, a Quranic sign), Vietnamese two; 199 of them cover the lines around.
MARKS_PER_LETTER = 4

# Default_Ignorable_Code_Point ranges that are not format characters (Unicode's
# DerivedCoreProperties.txt): UTS #39 removes them before comparing names.
_IGNORABLE_RANGES = ((0x180B, 0x180F), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF), (0xFFF0, 0xFFF8))


def has_bidi_controls(text: str) -> bool:
    return not BIDI_CONTROLS.isdisjoint(text)


def is_format(ch: str) -> bool:
    return unicodedata.category(ch) == "Cf"


def is_invisible(ch: str) -> bool:
    """A character that draws nothing by itself (joiners and direction marks included)."""
    return ch in INVISIBLE_LETTERS or is_format(ch)


def has_invisible(text: str) -> bool:
    return any(is_invisible(ch) for ch in text)


def _is_ignorable(ch: str) -> bool:
    point = ord(ch)
    return is_invisible(ch) or any(low <= point <= high for low, high in _IGNORABLE_RANGES)


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch) in ("Mn", "Me")


def clean_line(text: str) -> str:
    """A chat line as others will read it: no invisible characters but the joiners a
    word or an emoji needs (one after each visible character), and at most
    MARKS_PER_LETTER marks on each letter. Whitespace is left to the caller."""
    kept: list[str] = []
    marks = 0
    for ch in text:
        previous = kept[-1] if kept else ""
        if ch in JOINERS:
            # A joiner joins what is around it: after a visible character, once.
            if previous and not previous.isspace() and previous not in JOINERS:
                kept.append(ch)
            continue
        if is_invisible(ch):
            continue
        if _is_mark(ch):
            # A mark belongs to the letter before it; on nothing, or past the cap, it is
            # only there to draw over other lines.
            if not previous or previous.isspace() or previous in JOINERS or marks >= MARKS_PER_LETTER:
                continue
            marks += 1
        else:
            marks = 0
        kept.append(ch)
    return "".join(kept)


def refuse_bidi_controls(value: str) -> None:
    """A validator for names others read (room names)."""
    if has_bidi_controls(value):
        raise ValidationError(_("A name cannot contain invisible text-direction characters "
                                "(such as the right-to-left mark)."), code="bidi_control")


# Look-alike names (Unicode's UTS #39): two names look alike when they have the same
# skeleton. The table is Unicode's confusables.txt as the confusable-homoglyphs package
# ships it: each character with the characters it is confusable with, both ways, without
# saying which of a pair is Unicode's prototype. So every character of a group of mutual
# look-alikes maps to one representative of the group: two names whose UTS #39 skeletons
# are equal get equal ones here too, whichever the representative.

@cache
def _representatives() -> dict[str, str]:
    raw = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8"))
    parent: dict[str, str] = {}

    def find(node: str) -> str:
        while parent.setdefault(node, node) != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def fold(text: str) -> str:
        # The table wraps right-to-left characters in LRM marks for display.
        return unicodedata.normalize("NFD", text.replace("\u200e", ""))

    for source, homoglyphs in raw.items():
        for homoglyph in homoglyphs:
            a, b = fold(source), fold(homoglyph["c"])
            if a and b and "→" not in a + b:
                parent[find(a)] = find(b)
    groups: dict[str, list[str]] = {}
    for node in parent:
        groups.setdefault(find(node), []).append(node)
    single: dict[str, str] = {}
    prototypes: dict[str, str] = {}
    for members in groups.values():
        # A group with a sequence ("m" and "rn") maps to that sequence, whose own
        # characters are mapped in turn; otherwise to its smallest character.
        sequences = sorted(m for m in members if len(m) > 1)
        chosen = sequences[0] if sequences else min(members)
        for member in members:
            if len(member) == 1:
                (prototypes if sequences else single)[member] = chosen
    representatives = dict(single)
    for ch, sequence in prototypes.items():
        representatives[ch] = "".join(single.get(c, c) for c in sequence)
    return representatives


def _skeleton_once(text: str) -> str:
    table = _representatives()
    folded = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in folded if not _is_ignorable(ch)))


def skeleton(name: str) -> str:
    """The form two look-alike names share: NFKC, invisible characters removed, every
    character replaced by the representative of its look-alikes, then case folded, until
    nothing changes. "alice" with a Cyrillic a, "a1ice" and "Alice" all give alice's; "ali"
    and "all" stay apart (only a capital I looks like an l)."""
    text = unicodedata.normalize("NFKC", name)
    for _round in range(5):
        # Look-alikes first, case after: folding "I" to "i" first would lose that it
        # looks like "l".
        folded = _skeleton_once(text).casefold()
        if folded == text:
            break
        text = folded
    return text

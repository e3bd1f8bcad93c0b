"""Arabic reads as one text (issue 27): a hand of the game (a deal) is الفتّة everywhere,
at the table, in the replay, the score sheet and the profile, never اليد; and a count
takes the noun's form for its number ("10 مباريات", never "10 مباراة")."""

import re
from pathlib import Path

import polib
import pytest
from django.utils import translation
from django.utils.translation import ngettext

pytestmark = pytest.mark.embedded

LOCALE = Path(__file__).resolve().parent.parent / "locale" / "ar" / "LC_MESSAGES"
# "hand" as the cards a player holds, or bridge's seat order: not a deal.
HELD = re.compile(r"your hand|in hand|the hand is sorted|players' hands|second hand low", re.IGNORECASE)
YAD = re.compile(r"(^|\s|ال)(يد|أيدي|الأيدي)(\s|$|[.,،:])")


def entries():
    for domain in ("django", "djangojs"):
        for entry in polib.pofile(str(LOCALE / f"{domain}.po")):
            if not entry.obsolete:
                yield entry


def test_a_hand_of_the_game_is_one_word():
    mixed = [entry.msgid for entry in entries()
             if re.search(r"\bhands?\b", entry.msgid, re.IGNORECASE) and not HELD.search(entry.msgid)
             and any(YAD.search(text) for text in [entry.msgstr, *entry.msgstr_plural.values()])]
    assert mixed == []


@pytest.mark.parametrize(("n", "word"), [(1, "مباراة مصنّفة واحدة"), (2, "مباراتان"), (10, "10 مباريات"),
                                         (11, "11 مباراة")])
def test_counts_take_the_form_of_their_number(n, word):
    with translation.override("ar"):
        text = ngettext("%(n)s rated match", "%(n)s rated matches", n) % {"n": n}
    assert word in text

"""Chat lines lose the characters that draw nothing (zero-width spaces, the Hangul
filler, word joiners) but keep the joiners Persian, Arabic and emoji need, and a letter
keeps at most four marks: a line cannot be blank-looking or draw over the lines around it."""

import unicodedata

import pytest

from chat.services import clean_text
from tarneeb.text import MARKS_PER_LETTER


@pytest.mark.parametrize("invisible", ["\u200b", "\u2060", "\ufeff", "\u00ad", "\u3164", "\u180e", "\u2062",
                                       "\U000e0041"])
def test_invisible_format_characters_are_removed(invisible):
    assert clean_text(f"he{invisible}llo{invisible}") == "hello"


def test_a_line_of_only_invisible_characters_is_empty():
    assert clean_text("\u200b\u3164\u200d\u200c\u2060 \ufe0f") == ""


def test_joiners_that_words_and_emoji_need_are_kept():
    # "I want" in Persian: the non-joiner keeps its prefix apart.
    persian = "می\u200cخواهم"  # noqa: RUF001
    assert clean_text(persian) == persian
    family = "👨\u200d👩\u200d👧"
    assert clean_text(family) == family
    rainbow = "🏳\ufe0f\u200d🌈"
    assert clean_text(rainbow) == rainbow


def test_runs_of_joiners_and_joiners_on_nothing_are_removed():
    runs = "\u200d\u200cسلام\u200c\u200c\u200c\u200dعليكم"  # noqa: RUF001
    assert clean_text(runs) == "سلام\u200cعليكم"
    assert clean_text("a \u200d b") == "a b"


def test_a_letter_keeps_at_most_four_marks():
    zalgo = "a" + "\u0301" * 199 + "b"
    cleaned = clean_text(zalgo)
    assert cleaned == "a" + "\u0301" * MARKS_PER_LETTER + "b"
    four_letters = clean_text("".join("x" + "\u0300" * 50 for _ in range(4)))
    marks = sum(unicodedata.category(ch) == "Mn" for ch in four_letters)
    assert marks == 4 * MARKS_PER_LETTER


def test_arabic_with_its_vowel_marks_is_kept_whole():
    # Shadda plus a vowel, and a dagger alef: at most three a letter.
    line = "بِسْمِ اللَّهِ الرَّحْمَٰنِ"
    assert clean_text(line) == line


def test_marks_on_nothing_are_removed():
    assert clean_text("\u0301\u0301hi \u0301there") == "hi there"

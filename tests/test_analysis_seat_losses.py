"""A seat's `lost` is its cards' costs summed (analysis/deal.py): when the other side's
mistakes give tricks back, the same seat can lose them again, so a hand played badly on
both sides has seats that lost more than its 13 tricks. The schema says so; it used to cap
them at 13, and a random self-played hand failed it (16)."""

import json
from pathlib import Path

from jsonschema import Draft202012Validator

SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "docs" / "analysis.schema.json").read_text())


def test_a_seat_may_lose_more_tricks_than_a_hand_has():
    seats = Draft202012Validator(SCHEMA["properties"]["seats"])
    played_badly = [{"cards": 13, "costly": 9, "lost": 16}] + [{"cards": 13, "costly": 0, "lost": 0}] * 3
    assert not list(seats.iter_errors(played_badly))
    for wrong in ({"cards": 14, "costly": 0, "lost": 0}, {"cards": 13, "costly": 14, "lost": 14},
                  {"cards": 13, "costly": 0, "lost": -1}):
        assert list(seats.iter_errors([wrong] * 4))

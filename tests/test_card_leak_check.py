"""The tests' hidden-card check (tests/cards.py) finds a card wherever a message puts it,
and takes nothing else for one: a room id with a card's letters between dashes once
counted as dozens of leaks in a load run."""

from typing import Any

from tests.cards import cards_in, visible_cards


def state(**match: Any) -> dict[str, Any]:
    return {"type": "state", "v": 3, "room": {"id": "x-9C-yT_KD", "name": "AS KD"}, "match": match}


def test_it_finds_no_card_in_ids_and_names():
    assert cards_in(state(hand=["AS"])) == {"AS"}


def test_it_finds_a_card_in_any_field_or_key():
    leaked = state(hand=["AS"], hands={"1": ["KD", "2C"]}, extra={"QH": 1})
    assert cards_in(leaked) - visible_cards(leaked["match"]) == {"KD", "2C", "QH"}

"""The blunder suite: each level passes the positions tagged with it (tests/bots/blunders.py)."""

import random

import pytest

from games.bots import choose
from tests.bots.blunders import POSITIONS
from tests.bots.positions import build

CASES = [pytest.param(spec, level, id=f"{spec.name}-{level}") for spec in POSITIONS for level in spec.levels]


def test_there_are_at_least_fifty_positions():
    assert len(POSITIONS) >= 50


@pytest.mark.parametrize(("spec", "level"), CASES)
def test_no_blunder(spec, level):
    view, events = build(spec)
    for seed in range(3):
        action = choose(view, events, level, random.Random(seed))
        move = action.get("card", action.get("value", action["type"]))
        assert move not in spec.avoid, f"{spec.name}: {level} played {move} ({spec.note})"
        if action["type"] == "bid" and spec.variant == "forty_one":
            assert action["value"] != 6 and 2 <= action["value"] <= 13

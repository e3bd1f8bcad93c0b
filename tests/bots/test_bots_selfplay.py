"""Self-play: every level plays thousands of hands of both variants with no illegal action.

The engine's apply() raises IllegalAction for anything illegal, so a hand that
finishes is a hand without one.  BOTS_SELFPLAY_DEALS sets the number of deals per
level and variant (the benchmark: 100000); the expert defaults to fewer, since each
of its searching moves costs milliseconds (docs/bots.md).
"""

import os
import random

import pytest

from games.bots.arena import play_match, seeded_decks

DEALS = {
    "standard": int(os.environ.get("BOTS_SELFPLAY_DEALS", 2000)),
    "expert": int(os.environ.get("BOTS_SELFPLAY_DEALS", 100)),
}


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
@pytest.mark.parametrize("level", ["standard", "expert"])
def test_self_play_deals_without_an_illegal_action(level, variant):
    rng = random.Random(f"selfplay:{level}:{variant}")
    dealt = pair = 0
    while dealt < DEALS[level]:
        record = play_match(
            variant,
            (level, level),
            seeded_decks(7, pair),
            dealer=pair % 4,
            target=None,
            rng=rng,
            max_hands=DEALS[level] - dealt,
        )
        dealt += len(record.deals)
        pair += 1
    assert dealt == DEALS[level]

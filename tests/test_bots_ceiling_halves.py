"""benchmarks.bots_ceiling's two halves of oracle-play: oracle-early sees the true deal in the
tricks the expert leaves to the standard rules and plays the expert's cards after;
oracle-late the other way round."""

import random

import pytest

from benchmarks import bots_ceiling
from games.bots import choose, expert
from games.bots.arena import seeded_decks
from games.engine import new_match


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_each_half_plays_the_oracle_s_card_on_its_side_of_the_search_and_the_expert_s_on_the_other(
    variant, monkeypatch
):
    # Split after two tricks in both variants: on Tarneeb 41's first trick alone (it searches from
    # 12 cards) the oracle and the rules agree on these decks.
    monkeypatch.setitem(expert.SEARCH_FROM, variant, 11)
    seen = {"early": 0, "late": 0}
    for k in range(3):
        match = new_match(variant, dealer=k % 4, deals=1)
        history = match.deal(next(seeded_decks(91, k)))
        while match.to_act is not None:
            seat = match.to_act
            view = match.view(seat)
            if match.phase == "playing":
                unsearched = len(view["hand"]) > expert.SEARCH_FROM[variant]
                oracle = bots_ceiling.oracle_play(match, seat, history, random.Random(k))
                bot = choose(view, history, "expert", random.Random(k))
                early = bots_ceiling.oracle_early(match, seat, history, random.Random(k))
                late = bots_ceiling.oracle_late(match, seat, history, random.Random(k))
                assert early == (oracle if unsearched else bot)
                assert late == (bot if unsearched else oracle)
                seen["early" if unsearched else "late"] += oracle != bot
            history += match.apply(seat, choose(view, history, "standard", random.Random(0)))
    # Both halves met positions where the oracle and the expert part ways.
    assert seen["early"] > 0 and seen["late"] > 0

"""Self-play: every level plays thousands of deals of both variants with no illegal action.

The engine's apply() raises IllegalAction for anything illegal, so a deal that
finishes is a deal without one.  Standard plays 2,000 deals a variant, the expert 500
with at most two sampled deals a decision (the same sampling, solving and scoring
code, a tenth of the time) and 30 more at full strength: the expert's search is the
suite's longest wait, and its deals beyond these found nothing new.
BOTS_SELFPLAY_DEALS sets the 2,000 (the expert plays a quarter of it); the benchmark
plays 100,000 (`python -m games.bots.selfplay`, docs/bots.md).
"""

import os

import pytest

from games.bots.selfplay import self_play

DEALS = int(os.environ.get("BOTS_SELFPLAY_DEALS", 2000))
# About 20 s of CPU each for the expert's runs; a busy machine stretches the wall clock.
pytestmark = pytest.mark.timeout(1200)


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
@pytest.mark.parametrize(("level", "samples"), [("standard", None), ("expert", 2)])
def test_self_play_deals_without_an_illegal_action(level, samples, variant):
    deals = DEALS if level == "standard" else DEALS // 4
    run = self_play(level, variant, deals, samples=samples)
    assert run.deals == deals
    assert len(run.decisions) >= deals * 4  # at least one bid a seat in every deal


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_the_expert_at_full_strength_plays_without_an_illegal_action(variant):
    assert self_play("expert", variant, 30, seed=8).deals == 30
